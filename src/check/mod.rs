//! Syntax tree → [`Rules`]: every name resolved, every number in range,
//! player-relative words resolved per player, geometry precomputed.
//!
//! The checker keeps going after an error and reports everything it finds,
//! sorted by place. It produces [`Rules`] only when there is no error.

mod goals;
mod layers;
mod moves;
mod regions;

use std::collections::HashMap;

use crate::diag::{
    self, Code, Diagnostic, EmptyUse, Kind, NameClash, Sources, Span, Spanned, Suggestion,
};
use crate::rules::{
    Board, CellSet, Dir, DirSet, GroupLimit, MAX_CELLS, MAX_FILES, MAX_KINDS, MAX_PIECES,
    NamedRegion, PerPlayer, Player, Rules, SetupPiece, TurnOrder, WhenStuck,
};
use crate::syntax::ast::{self, Decl, DeclKind, DirWord, Number, StuckOutcome};

pub use layers::{Found, Library, NoLibrary, Origin};
use regions::{Env, RegionDef, RegionTable, unknown_player};

/// The result of checking one game: its sources, its diagnostics (sorted),
/// and the rules when there was no error.
pub struct Checked {
    pub sources: Sources,
    pub diagnostics: Vec<Diagnostic>,
    pub rules: Option<Rules>,
}

impl Checked {
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

/// Checks a game's text. `name` is how diagnostics name the file; the
/// games it extends come from `library`.
pub fn check_source(library: &dyn Library, name: &str, text: &str, origin: Origin) -> Checked {
    let mut sources = Sources::default();
    let (layered, mut diagnostics) = layers::load_chain(library, &mut sources, name, text, origin);
    let root_file = crate::diag::FileId(0);
    let player_names = newest_players(&layered);
    let decls = layers::merge(layered, &player_names, &mut diagnostics);
    let incomplete = diagnostics.iter().any(Diagnostic::is_error);
    let mut checker = Checker {
        incomplete,
        sources: sources.clone(),
        diags: diagnostics,
        regions: RegionTable::default(),
        file_start: layers::file_start(root_file),
    };
    let rules = checker.check(&decls, name);
    let mut diagnostics = checker.diags;
    diag::sort(&mut diagnostics);
    diagnostics.dedup();
    let has_errors = diagnostics.iter().any(Diagnostic::is_error);
    if has_errors {
        // An empty region next to an error is almost always that error's
        // echo (a region that failed to evaluate is empty).
        diagnostics.retain(|d| d.is_error() || d.code != Code::W006);
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
        .find_map(|l| match &l.decl.kind {
            DeclKind::Players(entries) => {
                Some(entries.iter().map(|e| e.name.node.clone()).collect())
            }
            _ => None,
        })
        .unwrap_or_default()
}

struct Checker {
    /// A declaration failed to parse or a file failed to load, so a part
    /// that seems missing may only be unreadable.
    incomplete: bool,
    /// The loaded files, for quoting options and goals as written.
    sources: Sources,
    diags: Vec<Diagnostic>,
    regions: RegionTable,
    file_start: Span,
}

/// What the game-wide checks have established, for the move and goal checks.
pub(crate) struct Context<'a> {
    pub board: &'a Board,
    pub player_names: [String; 2],
    pub facing: PerPlayer<Dir>,
    pub kinds: &'a [String],
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
    pub fn dirs(&self, words: &[Spanned<DirWord>]) -> PerPlayer<DirSet> {
        [0, 1].map(|p| {
            words.iter().fold(DirSet::default(), |acc, w| {
                acc.union(resolve_dir(w.node, self.facing[p]))
            })
        })
    }
}

/// The absolute directions a word means for a player facing `facing`.
pub fn resolve_dir(word: DirWord, facing: Dir) -> DirSet {
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
    /// warning there would only repeat it.
    pub(crate) fn error_within(&self, span: Span) -> bool {
        self.diags.iter().any(|d| {
            d.is_error()
                && d.span.file == span.file
                && d.span.start >= span.start
                && d.span.end <= span.end
        })
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

        let name = match find("game").map(|d| &d.kind) {
            Some(DeclKind::Game(s)) if s.node.trim().is_empty() => {
                self.report(Kind::EmptyGameName, s.span);
                String::new()
            }
            Some(DeclKind::Game(s)) if s.node.chars().any(char::is_control) => {
                self.report(Kind::ControlInName, s.span);
                String::new()
            }
            Some(DeclKind::Game(s)) => s.node.clone(),
            _ => default_name(file_name),
        };

        let board = self.board(find("board"));
        let players = self.players(find("players"));
        let (Some(board), Some(players)) = (board, players) else {
            // Without a board or two players nothing else can be resolved.
            return None;
        };
        let player_names = [players[0].name.clone(), players[1].name.clone()];
        let facing = [players[0].facing, players[1].facing];
        let kinds = self.kinds(find("pieces"));

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
        let goals = goals::check_goals(self, decls, &ctx);
        let precedence = self.precedence(find("precedence"));
        let when_stuck = match find("when stuck").map(|d| &d.kind) {
            Some(DeclKind::Stuck(s)) => match s.node {
                StuckOutcome::Pass => WhenStuck::Pass,
                StuckOutcome::Lose => WhenStuck::Lose,
                StuckOutcome::Win => WhenStuck::Win,
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
        let regions = self.named_regions(&ctx);
        let rules = Rules {
            name,
            board: board.clone(),
            players,
            turn_order: turn_order?,
            kinds: kinds.clone(),
            setup,
            reserve,
            regions,
            parts,
            group_limit,
            remove_disconnected,
            illegal_if_both_win,
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

    fn board(&mut self, decl: Option<&Decl>) -> Option<Board> {
        let Some(Decl {
            kind:
                DeclKind::Board {
                    width,
                    height,
                    without,
                },
            ..
        }) = decl
        else {
            self.missing(Kind::NoBoard);
            return None;
        };
        let w = self.number_in(width, 1, MAX_FILES as u64, "the number of files");
        let h = self.number_in(height, 1, MAX_CELLS as u64, "the number of ranks");
        let (w, h) = (w?, h?);
        if w * h > MAX_CELLS as u64 {
            let span = width.span.to(height.span);
            self.report(
                Kind::BoardTooLarge {
                    width: w,
                    height: h,
                    max: MAX_CELLS,
                },
                span,
            );
            return None;
        }
        let holes = match without {
            Some(region) => regions::holes(w as u8, h as u8, region, &mut self.diags),
            None => CellSet::EMPTY,
        };
        let board = Board::new(w as u8, h as u8, holes);
        if board.cells.is_empty() {
            let span = without.as_ref().map_or(width.span, |r| r.span);
            self.report(Kind::NoCellLeft, span);
            return None;
        }
        Some(board)
    }

    fn players(&mut self, decl: Option<&Decl>) -> Option<PerPlayer<Player>> {
        let Some(Decl {
            kind: DeclKind::Players(entries),
            span,
        }) = decl
        else {
            self.missing(Kind::NoPlayers);
            return None;
        };
        let mut ok = true;
        for (i, e) in entries.iter().enumerate() {
            if let Some(first) = entries[..i].iter().find(|f| f.name.node == e.name.node) {
                let (first_span, name) = (first.name.span, e.name.node.clone());
                self.diags.push(
                    Diagnostic::new(
                        Kind::Duplicate {
                            thing: "player",
                            name,
                            whose: String::new(),
                        },
                        e.name.span,
                    )
                    .with_note(first_span, "first listed here"),
                );
                ok = false;
            }
        }
        if entries.len() != 2 {
            self.report(
                Kind::NotTwoPlayers {
                    count: entries.len(),
                },
                *span,
            );
            return None;
        }
        if !ok {
            return None;
        }
        let defaults = [Dir::Up, Dir::Down];
        let players = [0, 1].map(|i| {
            let e = &entries[i];
            let facing = match e.facing.as_ref().map(|f| f.node) {
                Some(DirWord::Up) => Dir::Up,
                Some(DirWord::Down) => Dir::Down,
                Some(DirWord::Left) => Dir::Left,
                Some(DirWord::Right) => Dir::Right,
                _ => defaults[i],
            };
            Player {
                name: e.name.node.clone(),
                facing,
            }
        });
        Some(players)
    }

    /// Every player owns at most `MAX_PIECES` pieces, counting stacks and reserve.
    fn piece_totals(
        &mut self,
        players: &PerPlayer<Player>,
        setup: &[SetupPiece],
        reserve: &PerPlayer<Vec<u32>>,
        decls: &[Decl],
    ) {
        for (p, player) in players.iter().enumerate() {
            let total: u32 = setup
                .iter()
                .filter(|s| s.player == p)
                .map(|s| s.height)
                .sum::<u32>()
                + reserve[p].iter().sum::<u32>();
            if total > MAX_PIECES {
                let span = decls
                    .iter()
                    .find(|d| matches!(d.kind, DeclKind::Setup(_) | DeclKind::Reserve(_)))
                    .map_or(self.file_start, |d| d.span);
                self.report(
                    Kind::TooManyPieces {
                        player: player.name.clone(),
                        total: u64::from(total),
                        max: MAX_PIECES as usize,
                    },
                    span,
                );
            }
        }
    }

    fn kinds(&mut self, decl: Option<&Decl>) -> Vec<String> {
        let Some(Decl {
            kind: DeclKind::Pieces(names),
            ..
        }) = decl
        else {
            return vec!["piece".to_string()];
        };
        let mut out: Vec<String> = Vec::new();
        for (i, n) in names.iter().enumerate() {
            if let Some(first) = names[..i].iter().find(|f| f.node == n.node) {
                let first_span = first.span;
                self.diags.push(
                    Diagnostic::new(
                        Kind::Duplicate {
                            thing: "piece",
                            name: n.node.clone(),
                            whose: String::new(),
                        },
                        n.span,
                    )
                    .with_note(first_span, "first listed here"),
                );
            } else if out.len() == MAX_KINDS {
                self.report(Kind::TooManyKinds { max: MAX_KINDS }, n.span);
            } else {
                out.push(n.node.clone());
            }
        }
        out
    }

    fn define_region(
        &mut self,
        name: &Spanned<String>,
        player: Option<&Spanned<String>>,
        region: &ast::Region,
        players: &[String; 2],
    ) {
        const BUILTIN: &[&str] = &["board", "edge", "corners", "dark", "light", "forward-cone"];
        if BUILTIN.contains(&name.node.as_str()) {
            self.report(
                Kind::RegionNameTaken {
                    name: name.node.clone(),
                    clash: NameClash::Builtin,
                },
                name.span,
            );
            return;
        }
        if !crate::syntax::is_name(&name.node) {
            self.report(
                Kind::RegionNameTaken {
                    name: name.node.clone(),
                    clash: NameClash::Word,
                },
                name.span,
            );
            return;
        }
        if looks_like_cell(&name.node) {
            self.report(
                Kind::RegionNameTaken {
                    name: name.node.clone(),
                    clash: NameClash::Cell,
                },
                name.span,
            );
            return;
        }
        let index = match player {
            Some(p) => match players.iter().position(|n| *n == p.node) {
                Some(i) => Some(i),
                None => {
                    self.diags.push(unknown_player(p.span, &p.node, players));
                    return;
                }
            },
            None => None,
        };
        let entry = self
            .regions
            .defs
            .entry(name.node.clone())
            .or_insert_with(|| (None, [None, None]));
        let clash = match index {
            None => entry
                .0
                .as_ref()
                .or(entry.1[0].as_ref())
                .or(entry.1[1].as_ref()),
            Some(i) => entry.1[i].as_ref().or(entry.0.as_ref()),
        };
        if let Some(first) = clash {
            let first_span = first.name_span;
            let whose = player.map_or(String::new(), |p| format!(" for {}", p.node));
            self.diags.push(
                Diagnostic::new(
                    Kind::Duplicate {
                        thing: "region",
                        name: name.node.clone(),
                        whose,
                    },
                    name.span,
                )
                .with_note(first_span, "first defined here"),
            );
            return;
        }
        let def = RegionDef {
            name_span: name.span,
            region: region.clone(),
        };
        match index {
            None => entry.0 = Some(def),
            Some(i) => entry.1[i] = Some(def),
        }
    }

    /// Evaluates a region for both players.
    pub(crate) fn region(&mut self, ctx: &Context, region: &ast::Region) -> PerPlayer<CellSet> {
        let env = ctx.env();
        [0, 1].map(|p| self.regions.eval(&env, region, p, None, &mut self.diags))
    }

    /// Evaluates a region that may use `forward-cone`, for each player and cell.
    pub(crate) fn region_from_each_cell(
        &mut self,
        ctx: &Context,
        region: &ast::Region,
    ) -> PerPlayer<Vec<CellSet>> {
        let env = ctx.env();
        let cells = ctx.board.size();
        [0, 1].map(|p| {
            (0..cells)
                .map(|c| {
                    let c = c as u8;
                    if ctx.board.cells.contains(c) {
                        // Only the first cell's errors are worth reporting: the rest repeat them.
                        let mut scratch = Vec::new();
                        let diags = if c == ctx.board.cells.iter().next().unwrap_or(0) && p == 0 {
                            &mut self.diags
                        } else {
                            &mut scratch
                        };
                        self.regions.eval(&env, region, p, Some(c), diags)
                    } else {
                        CellSet::EMPTY
                    }
                })
                .collect()
        })
    }

    pub(crate) fn region_uses_cell(&self, region: &ast::Region) -> bool {
        self.regions.uses_origin(region)
    }

    fn named_regions(&mut self, ctx: &Context) -> Vec<NamedRegion> {
        let mut names: Vec<String> = self.regions.defs.keys().cloned().collect();
        names.sort();
        let env = ctx.env();
        let mut out = Vec::new();
        for name in names {
            let (all, per) = &self.regions.defs[&name];
            let any_def = all.as_ref().or(per[0].as_ref()).or(per[1].as_ref());
            if any_def.is_some_and(|d| self.regions.uses_origin(&d.region)) {
                continue;
            }
            let defined = [0, 1].map(|p| per[p].is_some() || all.is_some());
            let spans = [0, 1].map(|p| {
                per[p]
                    .as_ref()
                    .or(all.as_ref())
                    .map(|d| d.name_span)
                    .unwrap_or_default()
            });
            let used_before = self.regions.used.clone();
            let mut scratch = Vec::new();
            let cells = [0, 1].map(|p| {
                if defined[p] {
                    let span = spans[p];
                    let region = ast::Region {
                        expr: ast::RegionExpr::Named {
                            owner: Some(ast::RegionOwner::Player(Spanned::new(
                                ctx.player_names[p].clone(),
                                span,
                            ))),
                            name: Spanned::new(name.clone(), span),
                        },
                        span,
                    };
                    self.regions.eval(&env, &region, p, None, &mut scratch)
                } else {
                    CellSet::EMPTY
                }
            });
            // Listing a region for display does not count as using it.
            self.regions.used = used_before;
            // Errors inside region definitions that nothing uses still matter.
            self.diags.extend(scratch);
            out.push(NamedRegion { name, cells });
        }
        out
    }

    fn turn_order(&mut self, decl: Option<&Decl>, players: &[String; 2]) -> Option<TurnOrder> {
        let Some(Decl {
            kind: DeclKind::Turns { order, repeat },
            span,
        }) = decl
        else {
            return Some(TurnOrder {
                prefix: vec![],
                cycle: vec![0, 1],
            });
        };
        let ids = |names: &[Spanned<String>], this: &mut Checker| -> Option<Vec<usize>> {
            let mut out = Vec::new();
            let mut ok = true;
            for n in names {
                match players.iter().position(|p| *p == n.node) {
                    Some(i) => out.push(i),
                    None => {
                        this.diags.push(unknown_player(n.span, &n.node, players));
                        ok = false;
                    }
                }
            }
            ok.then_some(out)
        };
        let listed = order.len() + repeat.as_ref().map_or(0, Vec::len);
        if listed > MAX_TURN_PATTERN {
            self.report(
                Kind::TurnOrderTooLong {
                    listed,
                    max: MAX_TURN_PATTERN,
                },
                *span,
            );
            return None;
        }
        let order_ids = ids(order, self);
        let repeat_ids = repeat.as_ref().map(|r| ids(r, self));
        let (prefix, cycle) = match (order_ids, repeat_ids) {
            (Some(o), None) => (vec![], o),
            (Some(o), Some(Some(r))) => (o, r),
            _ => return None,
        };
        for (p, name) in players.iter().enumerate() {
            if !cycle.contains(&p) {
                self.report(Kind::PlayerNeverMoves { name: name.clone() }, *span);
                return None;
            }
        }
        Some(normalize_turns(prefix, cycle))
    }

    fn setup(&mut self, decls: &[Decl], ctx: &Context) -> Vec<SetupPiece> {
        let mut pieces: Vec<SetupPiece> = Vec::new();
        let mut placed_by: HashMap<u8, Span> = HashMap::new();
        for d in decls {
            let DeclKind::Setup(items) = &d.kind else {
                continue;
            };
            for item in items {
                let player = match ctx.player_names.iter().position(|n| *n == item.player.node) {
                    Some(p) => p,
                    None => {
                        self.diags.push(unknown_player(
                            item.player.span,
                            &item.player.node,
                            &ctx.player_names,
                        ));
                        continue;
                    }
                };
                let Some(kind) = self.kind_of(item.kind.as_ref(), ctx, item.span) else {
                    continue;
                };
                let height = match &item.stack {
                    Some(n) => match self.number_in(n, 1, MAX_PIECES as u64, "a stack height") {
                        Some(h) => h as u32,
                        None => continue,
                    },
                    None => 1,
                };
                let cells = {
                    let env = ctx.env();
                    self.regions
                        .eval(&env, &item.region, player, None, &mut self.diags)
                };
                if cells.is_empty() && !self.error_within(item.region.span) {
                    self.diags.push(Diagnostic::new(
                        Kind::EmptyRegion(EmptyUse::Setup),
                        item.region.span,
                    ));
                }
                for cell in cells.iter() {
                    if let Some(first) = placed_by.get(&cell) {
                        let first = *first;
                        self.diags.push(
                            Diagnostic::new(
                                Kind::CellSetTwice {
                                    cell: ctx.board.cell_name(cell),
                                },
                                item.region.span,
                            )
                            .with_note(first, "set up here first"),
                        );
                        break;
                    }
                    placed_by.insert(cell, item.span);
                    pieces.push(SetupPiece {
                        cell,
                        player,
                        kind,
                        height,
                    });
                }
            }
        }
        pieces.sort_by_key(|p| p.cell);
        pieces
    }

    /// The kind a declaration names, or the only kind when it names none.
    pub(crate) fn kind_of(
        &mut self,
        name: Option<&Spanned<String>>,
        ctx: &Context,
        span: Span,
    ) -> Option<usize> {
        match name {
            Some(n) => match ctx.kinds.iter().position(|k| *k == n.node) {
                Some(k) => Some(k),
                None => {
                    let suggestion =
                        match diag::nearest(&n.node, ctx.kinds.iter().map(String::as_str)) {
                            Some(k) => Suggestion::Nearest(k.to_string()),
                            None => Suggestion::Known(ctx.kinds.to_vec()),
                        };
                    self.report(
                        Kind::UnknownPiece {
                            name: n.node.clone(),
                            suggestion,
                        },
                        n.span,
                    );
                    None
                }
            },
            None if ctx.kinds.len() == 1 => Some(0),
            None => {
                self.report(
                    Kind::KindNotSaid {
                        kinds: ctx.kinds.to_vec(),
                    },
                    span,
                );
                None
            }
        }
    }

    fn reserve(&mut self, decls: &[Decl], ctx: &Context) -> PerPlayer<Vec<u32>> {
        let mut reserve = [vec![0; ctx.kinds.len()], vec![0; ctx.kinds.len()]];
        for d in decls {
            let DeclKind::Reserve(items) = &d.kind else {
                continue;
            };
            for item in items {
                let players: Vec<usize> = match &item.player {
                    None => vec![0, 1],
                    Some(p) => match ctx.player_names.iter().position(|n| *n == p.node) {
                        Some(i) => vec![i],
                        None => {
                            self.diags
                                .push(unknown_player(p.span, &p.node, &ctx.player_names));
                            continue;
                        }
                    },
                };
                let Some(kind) = self.kind_of(item.kind.as_ref(), ctx, item.span) else {
                    continue;
                };
                let Some(count) = self.number_in(&item.count, 0, MAX_PIECES as u64, "a reserve")
                else {
                    continue;
                };
                for p in players {
                    reserve[p][kind] = count as u32;
                }
            }
        }
        reserve
    }

    fn connectivity(&mut self, word: Option<&Spanned<DirWord>>, default: DirSet) -> DirSet {
        match word.map(|w| (w.node, w.span)) {
            None => default,
            Some((DirWord::Orthogonal, _)) => DirSet::ORTHOGONAL,
            Some((DirWord::Diagonal, _)) => DirSet::DIAGONAL,
            Some((DirWord::Any, _)) => DirSet::ANY,
            Some((other, span)) => {
                self.report(
                    Kind::ConnectedDirection {
                        word: other.word().to_string(),
                    },
                    span,
                );
                default
            }
        }
    }

    fn precedence(
        &mut self,
        decl: Option<&Decl>,
    ) -> [(crate::rules::Side, crate::rules::GoalOutcome); 4] {
        use crate::rules::{GoalOutcome, Side};
        let Some(Decl {
            kind: DeclKind::Precedence(items),
            span,
        }) = decl
        else {
            return Rules::DEFAULT_PRECEDENCE;
        };
        let convert = |(s, o): (ast::SideWord, ast::OutcomeWord)| {
            (
                match s {
                    ast::SideWord::Mover => Side::Mover,
                    ast::SideWord::Opponent => Side::Opponent,
                },
                match o {
                    ast::OutcomeWord::Wins => GoalOutcome::Wins,
                    ast::OutcomeWord::Loses => GoalOutcome::Loses,
                },
            )
        };
        let mut out: Vec<(Side, GoalOutcome)> = Vec::new();
        let mut ok = true;
        for item in items {
            let v = convert(item.node);
            if out.contains(&v) {
                self.report(Kind::OutcomeTwice, item.span);
                ok = false;
            } else {
                out.push(v);
            }
        }
        if ok && out.len() != 4 {
            let missing: Vec<String> = Rules::DEFAULT_PRECEDENCE
                .iter()
                .filter(|v| !out.contains(v))
                .map(|(s, o)| {
                    format!(
                        "`{} {}`",
                        if *s == Side::Mover {
                            "mover"
                        } else {
                            "opponent"
                        },
                        if *o == GoalOutcome::Wins {
                            "wins"
                        } else {
                            "loses"
                        }
                    )
                })
                .collect();
            self.report(Kind::OutcomesMissing { missing }, *span);
            ok = false;
        }
        if ok {
            [out[0], out[1], out[2], out[3]]
        } else {
            Rules::DEFAULT_PRECEDENCE
        }
    }

    fn warnings(&mut self, rules: &Rules, decls: &[Decl]) {
        // Regions nobody uses.
        let mut unused: Vec<(Span, String)> = Vec::new();
        for (name, (all, per)) in &self.regions.defs {
            if !self.regions.used.contains(name) {
                let span = all
                    .as_ref()
                    .or(per[0].as_ref())
                    .or(per[1].as_ref())
                    .map(|d| d.name_span)
                    .unwrap_or_default();
                unused.push((span, name.clone()));
            }
        }
        for (span, name) in unused {
            self.report(Kind::UnusedRegion { name }, span);
        }
        moves::warn_unmovable(self, rules, decls);
        moves::warn_explosive(self, rules, decls);
        if rules.goals.is_empty() && rules.when_stuck == WhenStuck::Pass {
            let how = if rules.repetition_draw.is_some() {
                "can end only by repetition"
            } else {
                "can never end"
            };
            let span = decls
                .iter()
                .find(|d| matches!(d.kind, DeclKind::Stuck(_)))
                .map_or(self.file_start, |d| d.span);
            self.report(Kind::NeverEnds { how: how.into() }, span);
        }
        if rules.illegal_if_both_win
            && !rules
                .goals
                .iter()
                .any(|g| g.outcome == crate::rules::GoalOutcome::Wins)
            && let Some(d) = decls
                .iter()
                .find(|d| matches!(d.kind, DeclKind::IllegalIfBothWin))
        {
            self.report(Kind::BothWinWithoutWins, d.span);
        }
    }
}

/// The most turns a `turns` declaration may list.
const MAX_TURN_PATTERN: usize = 1000;

/// Shortens the prefix while its last player is also the cycle's last:
/// `D L L, then repeat D L` becomes `D L, then repeat L D`, so that two
/// places with the same future are one place.
fn normalize_turns(mut prefix: Vec<usize>, mut cycle: Vec<usize>) -> TurnOrder {
    while let (Some(&p), Some(&c)) = (prefix.last(), cycle.last()) {
        if p != c {
            break;
        }
        prefix.pop();
        cycle.rotate_right(1);
    }
    // A cycle that repeats a shorter one is that shorter one.
    let n = cycle.len();
    for len in 1..n {
        if n.is_multiple_of(len) && (0..n).all(|i| cycle[i] == cycle[i % len]) {
            cycle.truncate(len);
            break;
        }
    }
    TurnOrder { prefix, cycle }
}

fn looks_like_cell(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

fn default_name(file_name: &str) -> String {
    let stem = std::path::Path::new(file_name)
        .file_stem()
        .map_or(file_name.to_string(), |s| s.to_string_lossy().into_owned());
    // The name is printed as the game's: no control character may pass.
    diag::printable(&stem, false).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equalized_turns_share_places_with_the_same_future() {
        // Dark, Light, Light, then Dark, Light repeating.
        let t = normalize_turns(vec![0, 1, 1], vec![0, 1]);
        assert_eq!(t.prefix, vec![0, 1]);
        assert_eq!(t.cycle, vec![1, 0]);
        let seq: Vec<usize> = std::iter::successors(Some(0), |p| Some(t.next(*p)))
            .take(7)
            .map(|p| t.player_at(p))
            .collect();
        assert_eq!(seq, vec![0, 1, 1, 0, 1, 0, 1]);
    }

    #[test]
    fn a_plain_alternation_has_no_prefix() {
        let t = normalize_turns(vec![], vec![0, 1, 0, 1]);
        assert_eq!(
            t,
            TurnOrder {
                prefix: vec![],
                cycle: vec![0, 1]
            }
        );
    }
}
