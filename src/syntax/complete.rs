//! What may be written at a place of a file, for completion in an editor:
//! the grammar's own expectations there, read from the error pest reports
//! when the declaration is cut at that place, as `validate`'s hints are.

// pest's `Rule` names every rule of the grammar; only the few that stand
// for a kind of word matter here.
#![allow(clippy::wildcard_enum_match_arm)]

use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};

use super::expected::{DECLARATIONS, describe};
use super::parser::{GameParser, Rule, chunks};

/// What the grammar accepts at a place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// The words of the language that may come next, each once, in the
    /// grammar's order.
    pub words: Vec<&'static str>,
    /// A name may come next: a region, a player or a kind of piece.
    pub name: bool,
    /// A region may come next (a named region among them, or a player's
    /// region: `Dark's home`).
    pub region: bool,
    /// A player's name may come next, as itself (`goal Dark`, `for Dark`).
    pub player: bool,
    /// A kind of piece may come next (`move place stone`, `promote man`).
    pub kind: bool,
    /// A quoted name may come next, as after `game` or `extends`.
    pub quoted: bool,
    /// Only a region's name may come next: after `own`, `opponent's` or
    /// a player's `'s`, which name whose region it is.
    pub owned: bool,
}

/// What may be written at byte `offset` of `text`, where a word being
/// typed there is left out (its start is where the completion goes).
/// `None` when the declaration has a mistake before that place, so that
/// nothing can be said.
pub fn expected_at(text: &str, offset: usize) -> Option<Expected> {
    let offset = offset.min(text.len());
    if !text.is_char_boundary(offset) {
        return None;
    }
    let start = word_start(text, offset);
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    if text[line_start..start].trim().is_empty() && line_start == start {
        // At column 1 a new declaration begins.
        return Some(Expected {
            words: DECLARATIONS.to_vec(),
            ..Expected::default()
        });
    }
    let (chunk_start, chunk) = chunks(text)
        .into_iter()
        .take_while(|(s, _)| *s <= start)
        .last()?;
    if text[line_start..start].trim_start().starts_with('#') {
        return None;
    }
    let cut = &chunk[..start - chunk_start];
    if cut.contains('#') && cut[cut.rfind('\n').map_or(0, |i| i + 1)..].contains('#') {
        // Inside a comment.
        return None;
    }
    // A character no rule accepts makes pest stop exactly at the cut.
    let probe = format!("{cut}\u{1}");
    let error = GameParser::parse(Rule::declaration_only, &probe).err()?;
    let pos = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    if pos != cut.len() {
        return None;
    }
    let ErrorVariant::ParsingError { positives, .. } = error.variant else {
        return None;
    };
    let mut out = Expected::default();
    let before = cut.trim_end();
    for rule in positives {
        let (_, words) = describe(rule);
        for w in words {
            if !out.words.contains(&w) {
                out.words.push(w);
            }
        }
        match rule {
            // Where a name stands alone, the declaration says whose.
            Rule::name => {
                out.name = true;
                let (player, kind) = bare_name_role(before);
                out.player |= player;
                out.kind |= kind;
            }
            Rule::goal_owner => {
                out.name = true;
                out.player = true;
            }
            // A new name, defined here: nothing to offer.
            Rule::word => out.name = true,
            Rule::region
            | Rule::region_atom
            | Rule::region_union
            | Rule::region_inter
            | Rule::owned_region
            | Rule::builtin_region => {
                out.region = true;
                out.name = true;
            }
            Rule::string => out.quoted = true,
            _ => {}
        }
    }
    if out.name && (before.ends_with("'s") || before.split_whitespace().last() == Some("own")) {
        out.owned = true;
        out.region = true;
    } else if out.region {
        // A region may also begin with these words (the grammar names
        // them inside its rules, so pest does not list them).
        for w in ["rank", "ranks", "file", "files", "own", "opponent's"] {
            if !out.words.contains(&w) {
                out.words.push(w);
            }
        }
    }
    Some(out)
}

/// Whether a name standing alone after `before` (a declaration cut where
/// the cursor is) is a player's or a kind's: `(player, kind)`. The
/// grammar writes both as a name; each declaration's slots say which.
fn bare_name_role(before: &str) -> (bool, bool) {
    let words: Vec<&str> = before.split_whitespace().collect();
    let previous = |k: usize| words.len().checked_sub(k).map(|i| words[i]);
    let is_name =
        |w: Option<&str>| w.is_some_and(|w| GameParser::parse(Rule::name_only, w).is_ok());
    match words.first().copied() {
        // `region x for Dark`, `turns Dark, Light`.
        Some("region" | "turns") => (true, false),
        // `setup Dark man on …`: a player, then perhaps a kind; after the
        // item's region (which may end in a name), the next item's player.
        Some("setup") => {
            let after_player = is_name(previous(1))
                && !matches!(
                    previous(2),
                    Some("on" | "in" | "except" | "own" | "to" | "..") | None
                )
                && !previous(2).is_some_and(|w| w.ends_with(',') || w.ends_with("'s"));
            (!after_player, after_player)
        }
        // `reserve Dark 10 stone`, `reserve 10 stone each`: a kind after
        // a number, else a player.
        Some("reserve") => match previous(1) {
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => (false, true),
            _ => (true, false),
        },
        // Moves, promotions, `a man in far`, `no enemy king`.
        Some("move" | "then" | "promote" | "goal") => (false, true),
        _ => (false, false),
    }
}

/// Where the word that ends at `offset` starts.
fn word_start(text: &str, offset: usize) -> usize {
    text[..offset]
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '-' || *c == '_')
        .last()
        .map_or(offset, |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::expected_at;

    fn words(text: &str) -> Vec<&'static str> {
        let at = text.find('|').expect("a cursor");
        let text = text.replace('|', "");
        expected_at(&text, at).map(|e| e.words).unwrap_or_default()
    }

    #[test]
    fn a_new_line_expects_a_declaration() {
        assert!(words("board 8 x 8\n|").contains(&"players"));
        assert!(words("board 8 x 8\npla|").contains(&"players"));
    }

    #[test]
    fn after_move_come_the_primitives() {
        let w = words("move |");
        assert!(w.contains(&"step") && w.contains(&"place"), "{w:?}");
        let w = words("move st|");
        assert!(w.contains(&"step"), "{w:?}");
    }

    #[test]
    fn after_a_primitive_come_its_directions() {
        let w = words("move step |");
        assert!(w.contains(&"forward") && w.contains(&"orthogonal"), "{w:?}");
    }

    #[test]
    fn a_region_may_be_named() {
        let text = "move place on ";
        let e = expected_at(text, text.len()).unwrap();
        assert!(e.region && e.name);
        assert!(e.words.contains(&"edge"));
    }

    /// After `own` or a possessive only a region's name may come.
    #[test]
    fn an_owned_region_is_only_a_region() {
        for text in [
            "move place on own ",
            "move place on White's ",
            "move place on opponent's ",
        ] {
            let e = expected_at(text, text.len()).unwrap();
            assert!(e.owned && e.region, "{text}: {e:?}");
        }
        let text = "move place on ";
        assert!(!expected_at(text, text.len()).unwrap().owned);
    }

    /// Every clause's first word, `inward` after `pushing`, the two
    /// words of `precedence`.
    #[test]
    fn the_less_common_words_are_offered_too() {
        let w = words("move place, |");
        for word in ["converting", "dropping", "capturing", "only", "must"] {
            assert!(w.contains(&word), "{word}: {w:?}");
        }
        let w = words("move enter at edge pushing |");
        assert!(w.contains(&"inward") && w.contains(&"forward"), "{w:?}");
        assert_eq!(words("precedence |"), ["mover", "opponent"]);
    }

    /// Where a name stands alone, whose name it is: a player's or a
    /// kind's, as each declaration's slots say.
    #[test]
    fn a_lone_name_is_a_players_or_a_kinds() {
        let role = |text: &str| {
            let e = expected_at(text, text.len()).unwrap();
            (e.player, e.kind)
        };
        for text in [
            "goal ",
            "region x for ",
            "turns ",
            "setup ",
            "reserve ",
            "reserve Dark 5, ",
        ] {
            assert_eq!(role(text), (true, false), "{text}");
        }
        for text in [
            "move place ",
            "then may return ",
            "promote ",
            "promote man to ",
            "goal each wins with a ",
            "goal each wins with no enemy ",
            "setup Dark ",
            "setup Dark man on home Light ",
            "reserve 5 ",
            "reserve Dark 5 ",
        ] {
            assert_eq!(role(text), (false, true), "{text}");
        }
        for text in ["setup Dark man on rank 1 ", "setup Dark man on own home "] {
            assert_eq!(role(text), (true, false), "{text}");
        }
        // A region's place: neither alone (a player's region is offered as
        // `Dark's`), and the words that begin a region.
        let e = expected_at("move place on ", 14).unwrap();
        assert_eq!((e.player, e.kind, e.region), (false, false, true));
        for w in ["rank", "files", "own", "opponent's", "edge"] {
            assert!(e.words.contains(&w), "{w}: {:?}", e.words);
        }
    }

    /// After a variant's parent, what it may leave out.
    #[test]
    fn a_variant_may_leave_out_moves_or_promotions() {
        assert!(words("extends \"j\" |").contains(&"without"));
        assert_eq!(words("extends \"j\" without |"), ["moves", "promotions"]);
    }

    #[test]
    fn nothing_is_said_after_a_mistake_or_in_a_comment() {
        assert_eq!(expected_at("move flarp step ", 16), None);
        assert_eq!(expected_at("# move ", 7), None);
    }
}
