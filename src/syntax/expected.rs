//! Syntax errors in the language's words: pest's expected rules become
//! phrases ("a region", "\"board\""), and a misspelt word gets the nearest
//! word that would have fitted.

// pest's `Rule` names every rule of the grammar; each match here handles
// the few rules its pair can hold, and the grammar, not this code, decides
// which those are.
#![allow(clippy::wildcard_enum_match_arm)]

use pest::error::{Error, ErrorVariant, InputLocation};

use super::parser::{Rule, Shift};
use crate::diag::{Diagnostic, Kind, nearest};

/// What may follow `pushing`: `inward`, then the directions.
const PUSH_DIRECTIONS: &[&str] = &[
    "inward",
    "forward",
    "backward",
    "sideways",
    "forward-diagonal",
    "backward-diagonal",
    "orthogonal",
    "diagonal",
    "any",
    "up",
    "down",
    "left",
    "right",
    "up-left",
    "up-right",
    "down-left",
    "down-right",
];
/// The words a direction may be: those of `pushing` but `inward`.
const DIRECTIONS: &[&str] = match PUSH_DIRECTIONS.split_first() {
    Some((_, directions)) => directions,
    None => &[],
};
const TARGETS: &[&str] = &["empty", "friend", "enemy", "any"];
const BUILTIN_REGIONS: &[&str] = &["board", "edge", "corners", "dark", "light", "forward-cone"];
pub(super) const DECLARATIONS: &[&str] = &[
    "game",
    "extends",
    "board",
    "players",
    "turns",
    "pieces",
    "setup",
    "reserve",
    "region",
    "move",
    "then",
    "limit",
    "after",
    "illegal",
    "goal",
    "when",
    "draw",
    "precedence",
];

/// How one expected rule reads, and the words it stands for.
pub(super) fn describe(rule: Rule) -> (String, Vec<&'static str>) {
    let name = format!("{rule:?}");
    if let Some(word) = name.strip_prefix("kw_") {
        let word = keyword_text(word);
        return (format!("`{word}`"), vec![word]);
    }
    let (phrase, words): (&str, &[&'static str]) = match rule {
        Rule::name => ("a name", &[]),
        // `pieces a`: a kind is a name, perhaps after `neutral`.
        Rule::piece_kind => ("a name", &["neutral"]),
        Rule::word => ("a name", &[]),
        Rule::number => ("a number", &[]),
        Rule::left_out => ("`moves` or `promotions`", &["moves", "promotions"]),
        Rule::string => ("a quoted name like \"Network\"", &[]),
        Rule::cell => ("a cell like `b3`", &[]),
        Rule::file_letter => ("a file letter like `a`", &[]),
        Rule::board_size => ("a board size like `8 x 8`", &[]),
        Rule::direction | Rule::direction_list => ("a direction", DIRECTIONS),
        Rule::absolute_direction => (
            "`up`, `down`, `left` or `right`",
            &["up", "down", "left", "right"],
        ),
        Rule::target_kind | Rule::target_list | Rule::target => {
            ("`empty`, `friend`, `enemy` or `any`", TARGETS)
        }
        Rule::builtin_region
        | Rule::region
        | Rule::region_atom
        | Rule::region_union
        | Rule::region_inter
        | Rule::owned_region => ("a region", BUILTIN_REGIONS),
        Rule::cell_range => ("a cell range like `b2..c7`", &[]),
        Rule::rank_range => ("`rank`", &["rank"]),
        Rule::file_range => ("`file`", &["file"]),
        Rule::primitive | Rule::option => (
            "a move (`place`, `enter`, `relocate`, `leap`, `step`, `slide`, `jump`, `bear off`, `return`, `remove`)",
            PRIMITIVE_WORDS,
        ),
        Rule::clause => (
            "a clause",
            &[
                "chained",
                "capturing",
                "must",
                "not",
                "ending",
                "only",
                "leaving",
                "next",
                "in",
                "moving",
                "converting",
                "dropping",
            ],
        ),
        Rule::condition => (
            "a goal (`chain`, `network`, `all pieces`, `N in a row`, `exactly N in a row`, `a piece in`, `no enemy pieces`, `at most N enemy pieces`)",
            &["chain", "network", "all", "exactly", "a", "no", "at"],
        ),
        Rule::distance => ("a distance like `up to height`", &["up", "exactly"]),
        Rule::height_compare => ("a height comparison", &["taller", "shorter", "at", "no"]),
        Rule::times => ("`once`, `twice` or `N times`", &["once", "twice"]),
        Rule::stuck_outcome => (
            "`pass`, `lose`, `win`, `draw` or `count`",
            &["pass", "lose", "win", "draw", "count"],
        ),
        Rule::goal_outcome => ("`wins` or `loses`", &["wins", "loses"]),
        Rule::goal_owner => ("a player name or `each`", &["each"]),
        Rule::part_need => ("`may` or `must`", &["may", "must"]),
        Rule::push_direction => ("`inward` or a direction", PUSH_DIRECTIONS),
        Rule::condition_test => (
            "`reserve is empty`, `reserve is not empty` or `own pieces fill REGION`",
            &["reserve", "own"],
        ),
        Rule::equals => ("`=`", &[]),
        Rule::network_param | Rule::at_least_pieces | Rule::connectivity => (
            "`at least N pieces` or `connected DIRECTION`",
            &["at", "connected"],
        ),
        Rule::precedence_item => ("`mover` or `opponent`", &["mover", "opponent"]),
        Rule::distance_bound => ("`height` or a number", &["height"]),
        Rule::EOI => ("the end of the declaration", &[]),
        _ => ("something else", &[]),
    };
    (phrase.to_string(), words.to_vec())
}

/// Every keyword of the grammar, as typed: its rule names without
/// `kw_` (`kw_a` also accepts `an`).
const KEYWORDS: &[&str] = &[
    "a",
    "adjacent",
    "after",
    "all",
    "along",
    "and",
    "any",
    "are",
    "as",
    "at",
    "bear",
    "between",
    "board",
    "borne",
    "both",
    "by",
    "captures",
    "capturing",
    "cell",
    "chain",
    "chained",
    "connected",
    "continue",
    "convert",
    "converting",
    "copy",
    "count",
    "disconnected",
    "distance",
    "draw",
    "dropping",
    "each",
    "empty",
    "end",
    "ending",
    "enemies",
    "enemy",
    "enter",
    "entry",
    "exactly",
    "except",
    "extends",
    "facing",
    "file",
    "files",
    "fill",
    "flanked",
    "for",
    "forward",
    "from",
    "further",
    "game",
    "goal",
    "group",
    "height",
    "hex",
    "hexagon",
    "if",
    "illegal",
    "in",
    "inward",
    "is",
    "jump",
    "last",
    "leap",
    "least",
    "leaving",
    "limit",
    "line",
    "lose",
    "loses",
    "mandatory",
    "may",
    "most",
    "move",
    "mover",
    "moving",
    "must",
    "network",
    "neutral",
    "next",
    "no",
    "not",
    "of",
    "off",
    "on",
    "once",
    "only",
    "onto",
    "opponent",
    "or",
    "over",
    "own",
    "pass",
    "piece",
    "pieces",
    "place",
    "players",
    "precedence",
    "promote",
    "pushing",
    "rank",
    "ranks",
    "region",
    "relocate",
    "remove",
    "repeat",
    "repetition",
    "reserve",
    "return",
    "row",
    "runs",
    "setup",
    "shorter",
    "sight",
    "size",
    "slide",
    "stacks",
    "step",
    "stuck",
    "taking",
    "tall",
    "taller",
    "the",
    "then",
    "times",
    "to",
    "turn",
    "turns",
    "twice",
    "up",
    "when",
    "win",
    "wins",
    "with",
    "without",
];
fn keyword_text(word: &str) -> &'static str {
    KEYWORDS
        .iter()
        .find(|w| **w == word)
        .copied()
        .unwrap_or("?")
}

/// The first words of the primitives (`bear` of `bear off`).
const PRIMITIVE_WORDS: &[&str] = &[
    "place", "enter", "relocate", "leap", "step", "slide", "jump", "bear", "return", "remove",
];

/// Turns a pest error on one declaration into a diagnostic.
pub(super) fn syntax_error(
    error: Error<Rule>,
    chunk: &str,
    shift: Shift,
    next_line: &str,
) -> Diagnostic {
    let pos = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let (positives, negatives) = match error.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (positives, negatives),
        ErrorVariant::CustomError { message } => {
            return Diagnostic::new(
                Kind::Unexpected {
                    message,
                    help: None,
                },
                shift.span(pos, pos + 1),
            );
        }
    };
    // An error in the trailing blank lines or comments of a declaration
    // belongs right after its last word.
    let pos = if only_trivia(&chunk[pos.min(chunk.len())..]) {
        content_end(chunk).min(pos)
    } else {
        pos
    };
    if chunk[pos..].starts_with('"') && !chunk[pos + 1..].lines().next().unwrap_or("").contains('"')
    {
        return Diagnostic::new(Kind::UnclosedQuote, shift.span(pos, pos + 1));
    }
    let found = word_at(chunk, pos);
    // A symbol is no word, but the span still covers its whole character
    // (one byte of `🎲` made a span no column wide).
    let symbol = chunk[pos..].chars().next().map_or(1, char::len_utf8);
    let end = pos
        + if found.is_empty() {
            symbol
        } else {
            found.len()
        };
    let span = shift.span(pos, end.min(chunk.len().max(pos + 1)));

    // A declaration that does not start with a known keyword.
    if pos == 0 {
        let shown = if found.is_empty() {
            chunk.chars().take(1).map(printable).collect()
        } else {
            found.to_string()
        };
        let nearest = nearest(&shown, DECLARATIONS.iter().copied());
        return Diagnostic::new(Kind::NotADeclaration { shown, nearest }, span);
    }

    let mut phrases: Vec<String> = Vec::new();
    let mut words: Vec<&'static str> = Vec::new();
    for rule in positives.iter().copied() {
        let (phrase, ws) = describe(rule);
        if !phrases.contains(&phrase) {
            phrases.push(phrase);
        }
        words.extend(ws);
    }
    // A letter outside ASCII in a name (`région`): the parse stops at the
    // letter, mid-word, though the whole word is what is wrong.
    if let Some(letter) = chunk[pos..].chars().next()
        && letter.is_alphanumeric()
        && !letter.is_ascii()
    {
        let start = chunk[..pos]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
            .last()
            .map_or(pos, |(i, _)| i);
        if start < pos || phrases.iter().any(|p| p == "a name") {
            let end = pos + found.len();
            let word = &chunk[start..end];
            return Diagnostic::new(
                Kind::Unexpected {
                    message: format!("`{word}` is not a name gamut reads: `{letter}` is not an ASCII letter"),
                    help: Some(
                        "a name is written with the letters a-z and A-Z, digits, `-` and `_`, starting with a letter".into(),
                    ),
                },
                shift.span(start, end),
            );
        }
    }
    // A misspelt word may have been taken for a name (`step fowrard, …`
    // reads `fowrard` as a kind); the error then shows one token later.
    // Point at the misspelt word instead.
    // Unless the word found is itself a near miss (`move stpe` is not a
    // misspelt `remove`).
    // A keyword read as one (`move` of `move pass`) is no misspelt name.
    // A name being given is no misspelt word (`region far White`: `far`
    // is the region's name, not a misspelt `for`).
    let gives_name = |start: usize| word_before(chunk, start).is_some_and(|(_, w)| w == "region");
    if nearest(found, words.iter().copied()).is_none()
        && let Some((start, prev)) = word_before(chunk, pos)
        && !words.contains(&prev)
        && !KEYWORDS.contains(&prev)
        && !gives_name(start)
        && let Some(word) = nearest(prev, words.iter().copied())
    {
        let span = shift.span(start, start + prev.len());
        return Diagnostic::new(
            Kind::Unexpected {
                message: format!("expected {}, found `{prev}`", join_or(&phrases)),
                help: Some(format!("did you mean `{word}`?")),
            },
            span,
        );
    }
    let found_text = if found.is_empty() {
        match chunk[pos..].chars().next() {
            None => "the end of the declaration".to_string(),
            Some('\n' | '\r') => "the end of the line".to_string(),
            // Before a comment that ends the line (`a1, # c`).
            Some(_) if only_trivia(&chunk[pos..]) => "the end of the line".to_string(),
            // A character no one sees is named (a no-break space, U+00A0).
            Some(c) if c.is_control() || !c.is_ascii() && (c.is_whitespace() || invisible(c)) => {
                format!("the character U+{:04X}", c as u32)
            }
            Some(c) => format!("`{c}`"),
        }
    } else {
        format!("`{found}`")
    };
    let message = if phrases.is_empty() {
        let unexpected: Vec<String> = negatives.iter().map(|r| describe(*r).0).collect();
        format!("unexpected {}", unexpected.join(" or "))
    } else {
        format!("expected {}, found {found_text}", join_or(&phrases))
    };
    // A reserved word where a name belongs: say so, rather than "expected a name",
    // unless it starts a clause whose comma was left out (`place converting …`
    // reads `converting` as a kind).
    let targets_first = found == "onto" && phrases.iter().any(|p| p == "a direction");
    if phrases.iter().any(|p| p == "a name")
        && !found.is_empty()
        && !comma_missing(chunk, pos)
        && !targets_first
        && found
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && !super::parser::is_name(found)
    {
        return Diagnostic::new(
            Kind::WordAsName {
                word: found.to_string(),
                meant: word_as_name_meant(chunk, pos, found),
            },
            span,
        );
    }
    let mut help = kind_without_direction(chunk, pos, &phrases);
    if help.is_some() {
        // Said above: a word read as a kind, and no direction after it.
    } else if pos >= content_end(chunk) {
        // Said where the next line looks like the rest of this one, not
        // indented (`setup` then `White on c3` at column 1).
        let next_word = next_line.split_whitespace().next().unwrap_or("#");
        if let Some((prev, next)) = cells_without_comma(&chunk[..pos]) {
            help = Some(format!(
                "a comma is missing between `{prev}` and `{next}`: cells are listed with commas"
            ));
        } else if !next_word.starts_with('#') && !DECLARATIONS.contains(&next_word) {
            help = Some(
                "the declaration ends here; a declaration continues only on indented lines"
                    .to_string(),
            );
        }
    } else if !found.is_empty() {
        let bare_number = found.chars().all(|c| c.is_ascii_digit());
        let after_comma = chunk[..pos].trim_end().ends_with(',');
        if found == "onto" && !after_comma && phrases.iter().any(|p| p == "a direction") {
            // `step onto empty forward`: the targets came first.
            help = Some(
                "the directions come before the targets, as in `step forward onto empty`"
                    .to_string(),
            );
        } else if found == "to"
            && word_before(chunk, pos).is_some_and(|(_, w)| w == "up")
            && phrases.iter().any(|p| p.starts_with("a distance"))
        {
            // `step up to height forward`: `up` is also a direction.
            help = Some(
                "`up` was read as a direction: a distance comes after the directions, \
                 as in `step forward up to height`"
                    .to_string(),
            );
        } else if found == "the" && word_before(chunk, pos).is_some_and(|(_, w)| w == "ending") {
            // `ending the move` is a promotion's.
            help = Some(
                "`ending the move` belongs to `promote … ending the move`; \
                 a move's own clause is `ending in REGION`"
                    .to_string(),
            );
        } else if found == "then"
            && matches!(chunk.split_whitespace().next(), Some("move" | "then"))
        {
            // `move slide any, then must place …` on one line.
            help =
                Some("`then` begins a declaration of its own: start it on a new line".to_string());
        } else if found == "or" {
            help = Some(
                "list the choices with commas instead of `or`, as in `onto empty, enemy`"
                    .to_string(),
            );
        } else if found == "neutral" && chunk.split_whitespace().next() == Some("pieces") {
            let kind = word_before(chunk, pos).map_or("arrow", |(_, w)| w);
            help = Some(format!("`neutral` comes before the kind: `neutral {kind}`"));
        } else if distance_word(found) && clause_so_far(chunk, pos).contains(" onto ") {
            // `slide diagonal onto empty up to 3`.
            help = Some(
                "a distance comes before the targets, as in `slide diagonal up to 3 onto empty`"
                    .to_string(),
            );
        } else if found == "onto"
            && clause_so_far(chunk, pos)
                .split_whitespace()
                .any(|w| w == "leap")
        {
            help = Some(
                "a leap always lands on an empty cell, so it takes no targets; \
                 to take on landing, add `capturing adjacent enemies` or a flank"
                    .to_string(),
            );
        } else if found == "onto" && after_comma {
            // `step forward, onto enemy`: the comma ends the directions.
            help = Some(
                "the targets follow the directions without a comma, as in \
                 `step forward onto empty, enemy`"
                    .to_string(),
            );
        } else if bare_number && phrases.iter().any(|p| p.starts_with("a distance")) {
            // `step forward 2`: a distance says how it counts.
            help = Some(format!(
                "a distance says how it counts: `exactly {found}`, `up to {found}` or `1..{found}`"
            ));
        } else if let Some((prev, next)) = cells_without_comma(&chunk[..pos]) {
            // `White on a1 b2` then `Black amazon on d4`: `b2` was read as
            // the next line's player, and the parse stops further on.
            help = Some(format!(
                "a comma is missing between `{prev}` and `{next}`: cells are listed with commas"
            ));
        } else if looks_like_cell(found)
            && let Some((_, prev)) = word_before(chunk, pos).filter(|(_, w)| looks_like_cell(w))
        {
            // `place on a1 b2`: a list of cells.
            help = Some(format!(
                "a comma is missing between `{prev}` and `{found}`: cells are listed with commas"
            ));
        } else if found == "without" && chunk[..pos].split_whitespace().any(|w| w == "without") {
            // `board 3 x 3 without a1 without b1`: one `without`, a list.
            help = Some(
                "a board has one `without`: list every cell it leaves out after it, \
                 with commas, as in `without a1, b1`"
                    .to_string(),
            );
        } else if comma_missing(chunk, pos) {
            // `then must place in sight of the last piece`: the clause is
            // right, and only its comma is missing.
            let why = match chunk.split_whitespace().next() {
                Some("move" | "then") => ": the clauses after a move are set off by commas",
                _ => "",
            };
            help = Some(format!("a comma is missing before `{found}`{why}"));
        } else if let Some(word) = nearest(found, words.iter().copied()).filter(|w| *w != found) {
            help = Some(format!("did you mean `{word}`?"));
        } else if phrases.iter().any(|p| p == "a direction") {
            help = Some(format!("the directions are {}", quoted_list(DIRECTIONS)));
        } else if let Some((_, prev)) = word_before(chunk, pos).filter(|(_, w)| {
            *w == found || matches!((*w, found), ("piece", "pieces") | ("pieces", "piece"))
        }) {
            // `no enemy piece pieces`: one word, written twice.
            help = Some(format!("`{prev} {found}` says one word twice: keep one"));
        } else if phrases.iter().any(|p| p == "the end of the declaration")
            && DECLARATIONS.contains(&found)
        {
            help = Some(
                "a new declaration must start at the beginning of a line; \
                 continuation lines are indented"
                    .to_string(),
            );
        }
    }
    // `region home for White, Black = …`: one player a line.
    if help.is_none()
        && chunk.split_whitespace().next() == Some("region")
        && chunk[pos..].starts_with(',')
        && phrases.iter().any(|p| p == "`=`")
    {
        help = Some(
            "a region line names one player: write a line for each, or leave `for …` out \
             for both players"
                .to_string(),
        );
    }
    if help.is_none() {
        help = goal_help(chunk, pos, found)
            .or_else(|| misplaced_help(chunk, pos, found))
            .or_else(|| declaration_help(chunk, pos));
    }
    // `step king, queen diagonal` or `place man, king on …`: kinds listed.
    if help.is_none()
        && let Some((primitive, kind)) = kinds_listed(chunk, pos)
    {
        help = Some(format!(
            "a `{primitive}` names one kind of piece (or none, for every kind): \
             write a line for each kind, as in `move {primitive} {kind} …`"
        ));
    }
    // `jump over enemy orthogonal, chained, straight`: no such clause.
    if help.is_none() && !found.is_empty() && phrases.iter().any(|p| p == "a clause") {
        help = Some(if found.starts_with("straight") {
            "a chain keeps to one direction where each direction is a `move` line of its own, \
             as in `move jump over enemy up, chained`"
                .to_string()
        } else {
            "the clauses after a move begin `chained`, `capturing`, `converting`, \
             `leaving a copy`, `must`, `not`, `only`, `ending in`, `next to`, `in sight of`, \
             `moving the last piece` or `dropping` (see docs/LANGUAGE.md)"
                .to_string()
        });
    }
    Diagnostic::new(Kind::Unexpected { message, help }, span)
}

/// Help for words of the language written where another part of the
/// declaration takes them: `at most 3 times` after a jump's clauses,
/// `exactly` after a row, a jump over a kind or over a count, a goal
/// `when` a player is stuck.
fn misplaced_help(chunk: &str, pos: usize, found: &str) -> Option<String> {
    let so_far = chunk[..pos].trim_end();
    let rest = chunk[pos..].trim_start();
    let mut words = chunk.split_whitespace();
    let keyword = words.next()?;
    let jump = matches!(keyword, "move" | "then") && words.any(|w| w == "jump");
    if jump && rest.starts_with("at most") {
        return Some(
            "`at most N times` belongs to a leg of the jump, after its directions: \
             `over enemy diagonal at most 3 times`"
                .into(),
        );
    }
    if jump && so_far.ends_with("over") {
        return Some(if found.bytes().all(|b| b.is_ascii_digit()) {
            "a leg says how often after its directions: `over enemy diagonal at most 2 times`"
                .into()
        } else {
            "a leg names whose pieces it jumps (`friend`, `enemy` or `any`), not their kind; \
             the kind after `jump` is the kind that jumps"
                .into()
        });
    }
    if keyword == "goal" && found == "exactly" && so_far.contains("in a row") {
        return Some(
            "`exactly` comes before the number: `goal each wins with exactly 5 in a row`".into(),
        );
    }
    if keyword == "when" && so_far.ends_with("then") && matches!(found, "lose" | "win" | "pass") {
        return Some(
            "after `pass, then` comes what happens when both players are stuck: `draw`, or \
             `count` (the one with more pieces wins); a player stuck alone passes"
                .into(),
        );
    }
    if keyword == "goal" && found == "when" {
        return Some(
            "what a player who cannot move does is not a goal but a declaration of its own: \
             `when stuck lose` (or `win`, `draw`, `pass`, `count`)"
                .into(),
        );
    }
    None
}

/// What a line likely meant where a word of the language stands in a
/// name's place: a range written with `to` (`ranks 1 to 2`), a setup item
/// begun after a region's comma (`…, Black on ranks 7..8`) or after a
/// region and a word read as the next item's player (`dark squares in …`).
fn word_as_name_meant(chunk: &str, pos: usize, found: &str) -> Option<String> {
    let before: Vec<&str> = chunk[..pos].split_whitespace().collect();
    let prev = *before.last()?;
    if found == "to" && before.len() >= 2 {
        let line = before[before.len() - 2];
        if matches!(line, "rank" | "ranks" | "file" | "files") {
            let end = chunk[pos + found.len()..]
                .split_whitespace()
                .next()
                .unwrap_or("");
            return Some(format!(
                "a range is written with two dots: `{line} {prev}..{end}`"
            ));
        }
    }
    if before.first() != Some(&"setup") {
        return None;
    }
    let after_comma = before.len() >= 2 && before[before.len() - 2].ends_with(',');
    if found == "on" && after_comma {
        return Some(format!(
            "`{prev} on …` begins a new setup item: put it on a line of its own (a comma joins regions, `a1, b1`)"
        ));
    }
    Some(format!(
        "a setup item is `PLAYER [KIND] on REGION`: after a region, `{prev}` was read as the next item's player"
    ))
}

/// Help for declarations written as English or other languages would:
/// `board 6 by 6`, `setup:`, `reserve 10` with no owner.
fn declaration_help(chunk: &str, pos: usize) -> Option<String> {
    let mut words = chunk.split_whitespace();
    let keyword = words.next()?;
    let rest = chunk[pos..].trim_start();
    // `region far#1 for White`: a comment begins inside what was meant as
    // a name.
    if rest.starts_with('#') && chunk[..pos].ends_with(|c: char| c.is_alphanumeric()) {
        return Some(
            "`#` begins a comment, so the line ends before it: a name is letters, digits, `-` and `_`"
                .into(),
        );
    }
    // A space that is not one (a no-break space, pasted from a page)
    // breaks a word the line seems to hold; said wherever it stands in
    // the line of the mistake.
    let line_start = chunk[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line_end = chunk[pos..].find('\n').map_or(chunk.len(), |i| pos + i);
    if let Some(odd) = chunk[line_start..line_end]
        .chars()
        .find(|c| c.is_whitespace() && !c.is_ascii())
    {
        return Some(format!(
            "this line holds a space that is not an ordinary one (U+{:04X}): write it as a plain space",
            u32::from(odd)
        ));
    }
    // A word before the mistake that was meant as a word of a region:
    // `rankz 1..2` (a misspelt `ranks`), `A7..H8` (cells in capitals).
    if let Some((_, prev)) = word_before(chunk, pos) {
        // What follows says which: a number a rank, a letter a file, a
        // range the plural.
        let next = rest.split_whitespace().next().unwrap_or("");
        let range = next.contains("..");
        let wanted: &[&str] = match next.bytes().next() {
            Some(b'0'..=b'9') if range => &["ranks"],
            Some(b'0'..=b'9') => &["rank"],
            Some(b'a'..=b'z') if next.len() == 1 => &["file"],
            Some(b'a'..=b'z') if range && next.len() == 4 => &["files"],
            _ => &[],
        };
        if !KEYWORDS.contains(&prev)
            && let Some(line) = nearest(prev, wanted.iter().copied())
        {
            return Some(format!("did you mean `{line}`?"));
        }
        let is_cell = prev.len() > 1
            && prev.starts_with(|c: char| c.is_ascii_uppercase())
            && prev[1..].bytes().all(|b| b.is_ascii_digit());
        if is_cell && rest.starts_with("..") {
            return Some(format!(
                "cells are written in lower case: `{}{}`",
                prev.to_ascii_lowercase(),
                next.to_ascii_lowercase()
            ));
        }
    }
    // Look-alikes and habits of other languages.
    if rest.starts_with("//") || rest.starts_with(';') {
        return Some("a comment begins with `#`".into());
    }
    if rest.starts_with(['\u{2013}', '\u{2014}', '\u{2026}'])
        && chunk[..pos].ends_with(|c: char| c.is_ascii_alphanumeric())
    {
        return Some("a range is written with two dots: `1..2`".into());
    }
    match keyword {
        "board" => {
            let size: Vec<&str> = chunk.split_whitespace().skip(1).take(4).collect();
            match size.as_slice() {
                [w, "by" | "*", h, ..] => Some(format!("a board size is written `{w} x {h}`")),
                [wh, ..] if wh.contains('*') => Some(format!(
                    "a board size is written `{}`",
                    wh.replace('*', " x ")
                )),
                ["hex", w, "x", h] => Some(format!(
                    "a board of hexagons is written `board {w} x {h} hex` (a rhombus) or `board hexagon N` (N cells a side)"
                )),
                ["hexagon", n, "x", ..] => Some(format!(
                    "a hexagon has one size, the cells along a side: `board hexagon {n}`"
                )),
                _ => None,
            }
        }
        // `region far White = …`, `region for White far = …`: how a region
        // for one player is written.
        "region" => {
            let words: Vec<&str> = chunk.split_whitespace().skip(1).take(3).collect();
            match words.as_slice() {
                ["for", player, name] if *name != "=" => Some(format!(
                    "the region's name comes first: `region {name} for {player} = …`"
                )),
                [name, player, "="] if rest.starts_with(player) => Some(format!(
                    "a region for one player is written `region {name} for {player} = …`"
                )),
                _ => None,
            }
        }
        "setup:" | "reserve:" | "pieces:" | "players:" | "turns:" => Some(format!(
            "a declaration takes no colon: `{}`",
            keyword.trim_end_matches(':')
        )),
        "reserve" if rest.is_empty() || rest.starts_with('#') => {
            let count = words.next().unwrap_or("10");
            Some(format!(
                "say whose pieces they are: `reserve {count} each`, or `reserve PLAYER {count}`"
            ))
        }
        _ => None,
    }
}

/// Help for mistakes of a goal's regions and of spelling that the
/// parse stops at a word after: a chain of one region, `connected` before
/// the last region, a network of three, `ranks 1-2`, `Ranks`, curly quotes.
fn goal_help(chunk: &str, pos: usize, found: &str) -> Option<String> {
    let so_far = &chunk[..pos];
    let is_chain = so_far.contains("chain between");
    let rest = chunk[pos..].trim_start();
    if is_chain && (rest.is_empty() || rest.starts_with('#')) && !so_far.contains(" and ") {
        return Some("a chain joins two or more regions: `chain between A and B`".into());
    }
    if is_chain && found == "connected" {
        return Some("`connected …` comes after the last region".into());
    }
    if found == "and" && so_far.contains("network between") {
        return Some("a network joins exactly two regions; a chain may join more".into());
    }
    if let Some(number) = found.strip_prefix('-')
        && !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && let Some((_, first)) = word_before(chunk, pos)
        && first.bytes().all(|b| b.is_ascii_digit())
    {
        return Some(format!(
            "a range is written with two dots: `{first}..{number}`"
        ));
    }
    // (Not a name being given: `players A!, B` stops at `!`, and `A`
    // there is the name, not the word `a`.)
    let naming = matches!(chunk.split_whitespace().next(), Some("players" | "pieces"));
    if let Some((_, word)) = word_before(chunk, pos)
        && !naming
        && word.len() > 1
        && word.chars().any(|c| c.is_ascii_uppercase())
        && KEYWORDS.contains(&word.to_ascii_lowercase().as_str())
    {
        return Some(format!(
            "the words of the language are written in lower case: `{}`",
            word.to_ascii_lowercase()
        ));
    }
    // `Black’s`, `opponent’s`: a curly apostrophe after a word (the
    // parse stops at it, or at the word it is part of) is a possessive's.
    let word = chunk[pos..].split_whitespace().next().unwrap_or("");
    let possessive = word.find('\u{2019}').is_some_and(|at| {
        let before = if at == 0 { &chunk[..pos] } else { &word[..at] };
        before.ends_with(|c: char| c.is_alphanumeric())
    });
    if possessive {
        return Some("write the apostrophe of `'s` as a straight one, `'`, not `\u{2019}`".into());
    }
    if rest.starts_with(['\u{201c}', '\u{201d}', '\u{2018}', '\u{2019}']) {
        return Some("write a name between straight quotes, `\"`, not curly ones".into());
    }
    None
}

/// The primitive and the kind of `move step king, queen …`, where a
/// second kind follows the first after a comma and the parse stops at the
/// comma or at the second kind.
fn kinds_listed(chunk: &str, pos: usize) -> Option<(&str, &str)> {
    let before = chunk[..pos].trim_end();
    let before = before.strip_suffix(',').unwrap_or(before);
    let after = chunk[pos..].trim_start();
    let after = after.strip_prefix(',').unwrap_or(after).trim_start();
    // The comma is the one between the kinds: before the stop, or at it.
    if !chunk[..pos].trim_end().ends_with(',') && !chunk[pos..].starts_with(',') {
        return None;
    }
    let mut words = before.split_whitespace().rev();
    let kind = words.next()?;
    let primitive = words.next()?;
    let next = after
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .next()?;
    let is_name =
        |w: &str| w.starts_with(|c: char| c.is_ascii_alphabetic()) && super::parser::is_name(w);
    (PRIMITIVE_WORDS.contains(&primitive) && is_name(kind) && is_name(next))
        .then_some((primitive, kind))
}

/// Whether the declaration parses with a comma before the word at `pos`
/// (and before each later word where the parse stops next, as in `jump
/// over enemy diagonal chained capturing`, up to a few).
fn comma_missing(chunk: &str, pos: usize) -> bool {
    let before = chunk[..pos].trim_end();
    if before.ends_with(',') || before.is_empty() {
        return false;
    }
    let mut text = format!("{before}, {}", &chunk[pos..]);
    let mut last = before.len();
    for _ in 0..8 {
        let Some(at) = super::parser::first_error(&text) else {
            return true;
        };
        let head = text[..at].trim_end();
        // Only forward, and only where a comma is what is missing.
        if at <= last || head.ends_with(',') || !text[at..].starts_with(char::is_alphabetic) {
            return false;
        }
        last = head.len();
        text = format!("{head}, {}", &text[at..]);
    }
    false
}

/// Whether text holds only whitespace and comments.
fn only_trivia(text: &str) -> bool {
    text.lines()
        .all(|l| l.split('#').next().unwrap_or("").trim().is_empty())
}

/// The end of the last word of a declaration, before trailing blank lines and comments.
pub(super) fn content_end(chunk: &str) -> usize {
    let mut end = 0;
    let mut offset = 0;
    for line in chunk.split_inclusive('\n') {
        let code = line.split('#').next().unwrap_or("");
        let trimmed = code.trim_end();
        if !trimmed.trim_start().is_empty() {
            end = offset + trimmed.len();
        }
        offset += line.len();
    }
    end
}

/// `a`, `b` and `c`.
fn quoted_list(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// A character as it can be shown in a message.
fn printable(c: char) -> String {
    if c.is_control() || c == '\u{fffd}' {
        format!("U+{:04X}", c as u32)
    } else {
        c.to_string()
    }
}

/// `step foo onto empty`, `slide foo`: the word after a move's keyword
/// is no direction, so it was read as the kind of piece that moves, and
/// no direction came after it.
fn kind_without_direction(chunk: &str, pos: usize, phrases: &[String]) -> Option<String> {
    // A word found there is a misspelt direction, told as such.
    let found = chunk[pos..].split_whitespace().next().unwrap_or("");
    if !phrases.iter().any(|p| p == "a direction")
        || !matches!(found, "" | "onto") && !found.starts_with('#')
    {
        return None;
    }
    let (start, word) = word_before(chunk, pos)?;
    let (_, primitive) = word_before(chunk, start)?;
    if !matches!(primitive, "step" | "slide" | "off") || DIRECTIONS.contains(&word) {
        return None;
    }
    let primitive = if primitive == "off" {
        "bear off"
    } else {
        primitive
    };
    Some(
        match crate::diag::nearest(word, DIRECTIONS.iter().copied()) {
            Some(direction) => format!(
                "`{word}` is not a direction (did you mean `{direction}`?): a word there is read \
             as the kind of piece that moves, and the directions follow it"
            ),
            None => format!(
                "`{word}` is not a direction: a word there is read as the kind of piece that \
             moves, and the directions follow it, as in `{primitive} {word} forward`"
            ),
        },
    )
}

/// The word that ends right before `pos` (spaces allowed between), with its start.
fn word_before(chunk: &str, pos: usize) -> Option<(usize, &str)> {
    let before = chunk[..pos].trim_end();
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '-' || *c == '_')
        .last()
        .map(|(i, _)| i)?;
    let word = &before[start..];
    (!word.is_empty()).then_some((start, word))
}

/// Two cells in a setup with only white space between them, the first
/// such pair: `a1 b2` of `White on a1 b2`.
fn cells_without_comma(text: &str) -> Option<(&str, &str)> {
    if text.split_whitespace().next() != Some("setup") {
        return None;
    }
    let words: Vec<&str> = text
        .lines()
        .flat_map(|l| l.split('#').next().unwrap_or("").split_whitespace())
        .collect();
    words
        .windows(2)
        .find(|w| looks_like_cell(w[0]) && looks_like_cell(w[1]))
        .map(|w| (w[0], w[1]))
}

/// The first word of a distance: `up to 3`, `exactly 2`, `2..height`.
fn distance_word(word: &str) -> bool {
    matches!(word, "up" | "exactly") || word.starts_with(|c: char| c.is_ascii_digit())
}

/// The declaration's text from the start of the clause holding `pos`
/// (after the last comma before it) up to `pos`.
fn clause_so_far(chunk: &str, pos: usize) -> &str {
    let before = &chunk[..pos];
    before.rfind(',').map_or(before, |i| &before[i + 1..])
}

/// A character that shows nothing: zero-width spaces and joiners, the
/// word joiner, the byte order mark.
fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
}

/// A lower-case letter and digits, as a cell is named (`e5`).
pub(crate) fn looks_like_cell(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

fn word_at(chunk: &str, pos: usize) -> &str {
    let rest = chunk.get(pos..).unwrap_or("");
    let len = rest
        .char_indices()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '-' || *c == '_' || *c == '\''))
        .map_or(rest.len(), |(i, _)| i);
    &rest[..len]
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    /// A syntax error names every keyword it expects as the user types it,
    /// never `?`: each `kw_` rule of the grammar is in the list.
    #[test]
    fn every_keyword_of_the_grammar_reads_as_a_word() {
        let grammar = include_str!("../../grammar/game.pest");
        for line in grammar.lines() {
            let Some(rest) = line.strip_prefix("kw_") else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            assert_ne!(
                keyword_text(&name),
                "?",
                "kw_{name} is missing from KEYWORDS"
            );
        }
    }
}
