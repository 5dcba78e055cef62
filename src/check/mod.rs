//! Syntax tree → [`Rules`]: every name resolved, every number in range,
//! player-relative words resolved per player, geometry precomputed.
//!
//! The checker keeps going after an error and reports everything it finds,
//! sorted by place. It produces [`Rules`] only when there is no error.

mod board;
mod goals;
mod layers;
mod moves;
mod named;
mod outcomes;
mod regions;
mod setup;
mod turns;
mod warnings;

use std::collections::HashSet;

use crate::diag::{self, Code, Diagnostic, Kind, Sources, Span, Spanned};
use crate::rules::PlayerId;
use crate::rules::{
    Board, Compulsion, Dir, DirSet, GroupLimit, MAX_CELLS, PerPlayer, Rules, Shape, WhenStuck,
    hex_dirs,
};
use crate::syntax::ast::{Decl, DeclKind, DirWord, Number, StuckOutcome};

pub use layers::{Found, Library, NoLibrary, Origin};
use regions::{Env, RegionTable};

/// The result of checking one game: its sources, its diagnostics (sorted),
/// and the rules when there was no error.
pub struct Checked {
    /// The text of the game and of every file it extends, for rendering diagnostics.
    pub sources: Sources,
    /// Everything the checker found, sorted by place.
    pub diagnostics: Vec<Diagnostic>,
    /// The rules, when there was no error.
    pub rules: Option<Rules>,
}

impl Checked {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Checks raw bytes: text that is not UTF-8 is reported, not refused.
pub fn check_bytes(library: &dyn Library, name: &str, bytes: &[u8], origin: Origin) -> Checked {
    match std::str::from_utf8(bytes) {
        Ok(text) => check_source(library, name, text, origin),
        Err(e) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut sources = Sources::default();
            let file = sources.add(name, text);
            let at = e.valid_up_to();
            let diag = Diagnostic::new(Kind::NotUtf8 { at }, Span::new(file, at, at + 1));
            Checked {
                sources,
                diagnostics: vec![diag],
                rules: None,
            }
        }
    }
}

/// The names of the regions whose declarations failed to parse (`G002`,
/// `G003`), read from the first line of each such declaration.
fn unparsed_regions(sources: &Sources, diagnostics: &[Diagnostic]) -> HashSet<String> {
    let syntax = diagnostics
        .iter()
        .filter(|d| matches!(d.code, Code::G002 | Code::G003));
    syntax
        .filter_map(|d| {
            let text = sources.get(d.span.file).text.as_str();
            let mut words =
                layers::declaration_line(text, d.span.start as usize).split_whitespace();
            if words.next() != Some("region") {
                return None;
            }
            // Every word before the `=`: the name may not be where it
            // belongs (`region for White far = …`).
            let names: Vec<String> = words
                .take_while(|w| !w.starts_with('='))
                .map(|w| {
                    w.chars()
                        .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '-'))
                        .collect::<String>()
                })
                .filter(|n| !n.is_empty())
                .collect();
            Some(names)
        })
        .flatten()
        .collect()
}

/// The text a span underlines ("" where it lies outside its file).
fn spanned_text(sources: &Sources, span: Span) -> &str {
    let text = &sources.get(span.file).text;
    text.get(span.start as usize..span.end as usize)
        .unwrap_or_default()
}

/// A character that shows nothing where it stands, so that two names that
/// differ by it look alike: zero-width spaces and marks, the line and
/// paragraph separators, word joiners, the byte-order mark, a soft
/// hyphen, tag characters. (The zero-width joiner is left: emoji are
/// made with it.)
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{61c}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200c}'
            | '\u{200e}'..='\u{200f}'
            | '\u{2028}'..='\u{2029}'
            | '\u{2060}'..='\u{2064}'
            | '\u{feff}'
            | '\u{e0000}'..='\u{e007f}'
    )
}

/// Checks a game's text. `name` is how diagnostics name the file; the
/// games it extends come from `library`.
pub fn check_source(library: &dyn Library, name: &str, text: &str, origin: Origin) -> Checked {
    let mut sources = Sources::default();
    let (layered, unparsed, mut diagnostics, parent) =
        layers::load_chain(library, &mut sources, name, text, origin);
    let root_file = crate::diag::FileId(0);
    // Where the file asked for names its parent, for the errors a variant
    // causes in its parent's declarations (a smaller board, other
    // players' names).
    let extends = layered
        .iter()
        .find(|l| l.decl.span.file == root_file && matches!(l.decl.kind, DeclKind::Extends(..)))
        .map(|l| l.decl.span);
    let player_names = newest_players(&layered);
    let decls = layers::merge((layered, unparsed), &player_names, &mut diagnostics);
    let incomplete = diagnostics.iter().any(Diagnostic::is_error);
    // What loading and merging found is in the files as written; what
    // the checker finds in a parent may come from the variant.
    let loaded = diagnostics.len();
    let mut checker = Checker {
        incomplete,
        sources: sources.clone(),
        kinds_unread: false,
        diags: diagnostics,
        errors: (0, ErrorIndex::new()),
        regions: RegionTable::default(),
        file_start: layers::file_start(root_file),
        shape: Shape::Square,
    };
    let rules = checker.check(&decls, name);
    let mut diagnostics = checker.diags;
    diagnostics.extend(checker.regions.unshown_unknowns());
    if let Some(extends) = extends {
        // The parent's own mistakes, found by checking it alone (its files
        // numbered one less than here): they are not the variant's doing.
        let mut parents_own: Option<Vec<(Code, u32, u32, u32)>> = None;
        for d in &mut diagnostics[loaded..] {
            // Warnings too: a variant's setup can make a parent's goal
            // hold at the start (W017), a warning in the parent's line.
            if d.span.file != root_file && d.note.is_none() {
                let own = parents_own.get_or_insert_with(|| match &parent {
                    Some((name, text, origin)) => check_source(library, name, text, origin.clone())
                        .diagnostics
                        .iter()
                        .map(|p| (p.code, p.span.file.0 + 1, p.span.start, p.span.end))
                        .collect(),
                    None => Vec::new(),
                });
                if own.contains(&(d.code, d.span.file.0, d.span.start, d.span.end)) {
                    d.note = Some((
                        extends,
                        "extended here: the parent has this mistake by itself, so it is mended there".to_string(),
                    ));
                    continue;
                }
                // A parent's `move`, `then` or `promote` stays in the
                // variant whatever it declares: what it names must stay.
                let accumulates = decls.iter().any(|decl| {
                    decl.span.file == d.span.file
                        && decl.span.start <= d.span.start
                        && d.span.end <= decl.span.end
                        && matches!(
                            decl.kind,
                            DeclKind::Move(_) | DeclKind::Then { .. } | DeclKind::Promote { .. }
                        )
                });
                let note = if accumulates {
                    "extended here: the parent's `move`, `then` and `promote` lines stay in a variant (unless it says `extends … without moves` or `without promotions`), so the kinds, players and regions they name must stay too"
                } else {
                    "extended here: a declaration in this file replaces the parent's of its kind (a region, the parent's of its name)"
                };
                d.note = Some((extends, note.to_string()));
            }
        }
    }
    diag::sort(&mut diagnostics);
    // One mistake at one place is reported once, whatever led to it twice.
    diagnostics.dedup_by(|a, b| a.span == b.span && a.code == b.code);
    let has_errors = diagnostics.iter().any(Diagnostic::is_error);
    if has_errors {
        // Warnings are given for a file without errors only (as the
        // reference says): next to an error they mostly echo it (a region
        // that failed to evaluate is empty, a row on a board that failed
        // is longer than it).
        diagnostics.retain(Diagnostic::is_error);
        // A region whose declaration failed to parse is not unknown, nor
        // missing for the player of that declaration: its uses would only
        // echo that error.
        let unparsed = unparsed_regions(&sources, &diagnostics);
        if !unparsed.is_empty() {
            diagnostics.retain(|d| {
                !matches!(d.code, Code::G021 | Code::G028)
                    || !unparsed.contains(spanned_text(&sources, d.span))
            });
        }
        // A region refused for a name like a cell (`region p1 = …`) is read
        // as that cell where it is used: a cell off the board there only
        // echoes the refusal.
        let refused: HashSet<String> = diagnostics
            .iter()
            .filter(|d| d.code == Code::G024)
            .map(|d| spanned_text(&sources, d.span).to_string())
            .collect();
        if !refused.is_empty() {
            diagnostics.retain(|d| {
                d.code != Code::G031 || !refused.contains(spanned_text(&sources, d.span))
            });
        }
    }
    diag::condense(&mut diagnostics);
    Checked {
        sources,
        diagnostics,
        rules: if has_errors { None } else { rules },
    }
}

fn newest_players(decls: &[layers::Layered]) -> Vec<String> {
    decls
        .iter()
        .rev()
        .find_map(|l| {
            if let DeclKind::Players(entries) = &l.decl.kind {
                Some(entries.iter().map(|e| e.name.node.clone()).collect())
            } else {
                None
            }
        })
        .unwrap_or_default()
}

/// Error spans by file and start, each with the nearest end among those
/// starting there.
type ErrorIndex = std::collections::BTreeMap<(u32, u32), u32>;

struct Checker {
    /// A declaration failed to parse or a file failed to load, so a part
    /// that seems missing may only be unreadable.
    incomplete: bool,
    /// The loaded files, for quoting options and goals as written.
    sources: Sources,
    /// No `pieces` declaration was read, and one may have failed to parse.
    kinds_unread: bool,
    diags: Vec<Diagnostic>,
    /// The errors of `diags` (which only grow), indexed for
    /// [`Checker::error_within`] up to the first number.
    errors: (usize, ErrorIndex),
    regions: RegionTable,
    file_start: Span,
    /// The board's shape once checked: on a hex board every direction
    /// word stands for hex directions (see [`hex_dirs`]).
    shape: Shape,
}

/// What the game-wide checks have established, for the move and goal checks.
pub(crate) struct Context<'a> {
    pub board: &'a Board,
    pub player_names: [String; 2],
    pub facing: PerPlayer<Dir>,
    pub kinds: &'a [String],
    /// `[kind]`: declared `neutral`.
    pub neutral: &'a [bool],
}

impl Context<'_> {
    fn env(&self) -> Env<'_> {
        Env {
            board: self.board,
            player_names: &self.player_names,
            facing: self.facing,
        }
    }

    /// Resolves a direction word for each player.
    pub(crate) fn dirs(&self, words: &[Spanned<DirWord>]) -> PerPlayer<DirSet> {
        PlayerId::BOTH.map(|p| {
            words.iter().fold(DirSet::default(), |acc, w| {
                acc.union(resolve_dir(w.node, self.facing[p], self.board.shape))
            })
        })
    }
}

/// The absolute directions a word means for a player facing `facing`, on
/// a board of `shape`.
pub fn resolve_dir(word: DirWord, facing: Dir, shape: Shape) -> DirSet {
    on_shape(resolve_square_dir(word, facing), shape)
}

/// Square directions as the directions of a board of `shape`.
pub(crate) fn on_shape(square: DirSet, shape: Shape) -> DirSet {
    if shape.is_hex() {
        hex_dirs(square)
    } else {
        square
    }
}

fn resolve_square_dir(word: DirWord, facing: Dir) -> DirSet {
    let one = |d: Dir| DirSet::default().with(d);
    let two = |a: Dir, b: Dir| DirSet::default().with(a).with(b);
    match word {
        DirWord::Up => one(Dir::Up),
        DirWord::Down => one(Dir::Down),
        DirWord::Left => one(Dir::Left),
        DirWord::Right => one(Dir::Right),
        DirWord::UpLeft => one(Dir::UpLeft),
        DirWord::UpRight => one(Dir::UpRight),
        DirWord::DownLeft => one(Dir::DownLeft),
        DirWord::DownRight => one(Dir::DownRight),
        DirWord::Forward => one(facing),
        DirWord::Backward => one(facing.opposite()),
        DirWord::Sideways => two(facing.turn(2), facing.turn(-2)),
        DirWord::ForwardDiagonal => two(facing.turn(1), facing.turn(-1)),
        DirWord::BackwardDiagonal => two(facing.turn(3), facing.turn(-3)),
        DirWord::Orthogonal => DirSet::ORTHOGONAL,
        DirWord::Diagonal => DirSet::DIAGONAL,
        DirWord::Any => DirSet::ANY,
    }
}

impl Checker {
    /// The text of a span on one line: comments dropped, spaces collapsed.
    pub(crate) fn source_text(&self, span: Span) -> String {
        let text = &self.sources.get(span.file).text;
        let raw = text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("");
        raw.lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .flat_map(str::split_whitespace)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Whether an error was already reported inside a span, so that a
    /// warning there would only repeat it. The errors are indexed by where
    /// they start (a file of a hundred thousand setup lines, each with an
    /// error, took seconds when each line looked through all of them).
    pub(crate) fn error_within(&mut self, span: Span) -> bool {
        let (indexed, index) = &mut self.errors;
        for d in &self.diags[*indexed..] {
            if d.is_error() {
                let end = index
                    .entry((d.span.file.0, d.span.start))
                    .or_insert(d.span.end);
                *end = (*end).min(d.span.end);
            }
        }
        *indexed = self.diags.len();
        index
            .range((span.file.0, span.start)..=(span.file.0, span.end))
            .any(|(_, &end)| end <= span.end)
    }

    /// Reports that a part of the game is missing, unless an earlier syntax
    /// or loading error may have swallowed it.
    fn missing(&mut self, kind: Kind) {
        if !self.incomplete {
            self.report(kind, self.file_start);
        }
    }

    /// Reports a diagnostic of `kind` at `span`.
    fn report(&mut self, kind: Kind, span: Span) {
        self.diags.push(Diagnostic::new(kind, span));
    }

    fn check(&mut self, decls: &[Decl], file_name: &str) -> Option<Rules> {
        let find = |kw: &str| decls.iter().find(|d| d.kind.keyword() == kw);
        // A file that declares nothing yet (empty, or only comments) is
        // told so once, not as a board, players and moves each missing.
        if decls.is_empty() && !self.incomplete {
            self.report(Kind::NothingDeclared, self.file_start);
            return None;
        }

        let name = match find("game").map(|d| &d.kind) {
            Some(DeclKind::Game(s)) if s.node.trim().is_empty() => {
                self.report(Kind::EmptyGameName, s.span);
                String::new()
            }
            // A direction override (U+202E) reverses the rest of a
            // terminal's line wherever the name is shown; an invisible
            // character makes two names look alike.
            Some(DeclKind::Game(s))
                if s.node
                    .chars()
                    .any(|c| crate::diag::unprintable(c) || invisible(c)) =>
            {
                self.report(Kind::ControlInName, s.span);
                String::new()
            }
            Some(DeclKind::Game(s)) => s.node.clone(),
            _ => default_name(file_name),
        };

        let board = self.board(find("board"));
        if let Some(b) = &board {
            self.shape = b.shape;
        }
        let players = self.players(find("players"));
        let (Some(board), Some(players)) = (board, players) else {
            // Without a board or two players nothing else can be resolved.
            return None;
        };
        let player_names = [players[0].name.clone(), players[1].name.clone()];
        let facing = [players[0].facing, players[1].facing];
        let (kinds, neutral) = self.kinds(find("pieces"));
        // A `pieces` line that did not parse leaves only the default kind:
        // every kind it named would then be told unknown, once per use.
        self.kinds_unread = self.incomplete && find("pieces").is_none();

        for d in decls {
            if let DeclKind::Region {
                name,
                player,
                region,
            } = &d.kind
            {
                self.define_region(name, player.as_ref(), region, &player_names);
            }
        }

        let ctx = Context {
            board: &board,
            player_names: player_names.clone(),
            facing,
            kinds: &kinds,
            neutral: &neutral,
        };

        let turn_order = self.turn_order(find("turns"), &player_names);
        let setup = self.setup(decls, &ctx);
        let reserve = self.reserve(decls, &ctx);
        let parts = moves::check_parts(self, decls, &ctx);
        let group_limit = match find("limit group size").map(|d| &d.kind) {
            Some(DeclKind::Limit { size, connected }) => {
                let size = self.number_in(size, 1, MAX_CELLS as u64, "a group size");
                let connect = self.connectivity(connected.as_ref(), DirSet::ANY);
                size.map(|size| GroupLimit {
                    size: size as u32,
                    connect,
                })
            }
            _ => None,
        };
        let remove_disconnected =
            match find("after each move remove disconnected pieces").map(|d| &d.kind) {
                Some(DeclKind::RemoveDisconnected { connected }) => {
                    Some(self.connectivity(connected.as_ref(), DirSet::ORTHOGONAL))
                }
                _ => None,
            };
        let illegal_if_both_win = find("illegal if both players win").is_some();
        let goals = goals::check_goals(self, decls, &ctx, (&setup, &reserve));
        let precedence = self.precedence(find("precedence"));
        let when_stuck = match find("when stuck").map(|d| &d.kind) {
            Some(DeclKind::Stuck(s)) => match s.node {
                StuckOutcome::Pass => WhenStuck::Pass,
                StuckOutcome::Lose => WhenStuck::Lose,
                StuckOutcome::Win => WhenStuck::Win,
                StuckOutcome::Draw => WhenStuck::Draw,
                StuckOutcome::Count => WhenStuck::Count,
                StuckOutcome::PassThenCount => WhenStuck::PassThenCount,
                StuckOutcome::PassThenDraw => WhenStuck::PassThenDraw,
            },
            _ => WhenStuck::Lose,
        };
        let repetition_draw = match find("draw on repetition").map(|d| &d.kind) {
            Some(DeclKind::Draw(n)) => self
                .number_in(n, 2, 1000, "a repetition count")
                .map(|n| n as u32),
            _ => None,
        };

        self.piece_totals(&players, &setup, &reserve, decls);
        let mandatory_captures = match find("captures are mandatory").map(|d| &d.kind) {
            Some(DeclKind::MandatoryCaptures { most: true }) => Some(Compulsion::Most),
            Some(_) => Some(Compulsion::Any),
            None => None,
        };
        let promotions = self.promotions(decls, &ctx);
        let regions = self.named_regions(&ctx);
        let rules = Rules {
            name,
            board: board.clone(),
            players,
            turn_order: turn_order?,
            kinds: kinds.clone(),
            neutral: neutral.clone(),
            setup,
            reserve,
            regions,
            parts,
            group_limit,
            remove_disconnected,
            illegal_if_both_win,
            mandatory_captures,
            promotions,
            goals,
            precedence,
            when_stuck,
            repetition_draw,
        };
        // Warnings about a game with errors would mostly repeat them.
        if !self.diags.iter().any(Diagnostic::is_error) {
            self.warnings(&rules, decls);
        }
        Some(rules)
    }

    /// A number within `lo..=hi`, or an error naming what it is.
    fn number_in(&mut self, n: &Number, lo: u64, hi: u64, what: &str) -> Option<u64> {
        if n.node < lo || n.node > hi {
            self.report(
                Kind::NumberOutOfRange {
                    value: n.node,
                    what: what.to_string(),
                    lo,
                    hi,
                },
                n.span,
            );
            None
        } else {
            Some(n.node)
        }
    }
}

fn default_name(file_name: &str) -> String {
    let stem = std::path::Path::new(file_name)
        .file_stem()
        .map_or(file_name.to_string(), |s| s.to_string_lossy().into_owned());
    // The name is printed as the game's: no control character may pass.
    diag::printable(&stem, false).into_owned()
}
