//! Region expressions → cell sets, for each player.
//!
//! Named regions are evaluated on demand, once per player, with a guard
//! against definitions that refer to themselves. `forward-cone` depends on
//! a piece's cell and is only allowed where a cell is known.

use std::collections::{HashMap, HashSet};

use crate::diag::{Diagnostic, Kind, OffBoard, Span, Suggestion, nearest};
use crate::rules::{Board, Cell, CellSet, Dir, DirSet, PerPlayer, PlayerId, Shape};
use crate::syntax::ast::{Builtin, CellName, Ident, Region, RegionExpr, RegionOwner};

/// The longest chain of named regions, each defined by the next, that is
/// evaluated: deeper ones are refused rather than risk the stack.
pub(super) const MAX_NAMED_DEPTH: usize = 64;

/// One `region NAME [for PLAYER] = …` definition.
pub(super) struct RegionDef {
    pub name_span: Span,
    pub region: Region,
}

/// The named regions of a game, for one player or for both.
#[derive(Default)]
pub(super) struct RegionTable {
    /// name → (definition for both players, definitions per player)
    pub defs: HashMap<String, (Option<RegionDef>, [Option<RegionDef>; 2])>,
    /// Named regions evaluated, by name, player and the moving piece's
    /// cell (a region that uses `forward-cone` differs from cell to cell;
    /// one used by many moves was evaluated again for each, and a file of
    /// a few hundred such moves took minutes to check).
    cache: HashMap<(String, PlayerId, Option<Cell>), CellSet>,
    in_progress: HashSet<(String, PlayerId)>,
    pub used: HashSet<String>,
    /// Names with a definition refused (for a player the game does not
    /// have): their uses, or their lack for that player, would only echo
    /// that error.
    pub refused: HashSet<String>,
    /// Regions are being listed for display, which does not use them.
    pub listing: bool,
    /// Where unknown region names were reported (file, offset): a name is
    /// evaluated for each player, and reported once.
    unknown_at: HashSet<(u32, u32)>,
    /// Unknown names past the few a report shows: only counted (a file of
    /// millions must not hold a diagnostic for each), with the last one.
    unknown_unshown: usize,
    last_unknown: Option<(String, Span)>,
    /// Names on a cycle found past the depth limit, reported once: their
    /// later uses are left empty without another report.
    cyclic: HashSet<String>,
    /// A chain deeper than the limit was reported: a chain of thousands
    /// would otherwise be reported once for every 64 of its names.
    too_deep_told: bool,
    /// The name being evaluated came after a union's comma: if unknown,
    /// it was likely meant as a clause of the line (`promote man to king
    /// in far, continuing`), and its help says how the comma read it.
    after_comma: bool,
    /// What the line being checked takes after its region, for that help
    /// (set by the checker of the line around its region's evaluation).
    pub line_takes_after_region: Option<&'static str>,
}

/// What a region is evaluated against.
pub(super) struct Env<'a> {
    pub board: &'a Board,
    pub player_names: &'a [String; 2],
    pub facing: PerPlayer<Dir>,
}

impl RegionTable {
    /// The unknown region names counted but not reported one by one, as
    /// one diagnostic standing for them all (see [`crate::diag::condense`]).
    pub(super) fn unshown_unknowns(&self) -> Option<Diagnostic> {
        let (name, span) = self.last_unknown.clone()?;
        let mut diag = Diagnostic::new(
            Kind::UnknownRegion {
                name,
                cell: None,
                suggestion: Suggestion::Known(Vec::new()),
            },
            span,
        );
        diag.more = self.unknown_unshown - 1;
        Some(diag)
    }

    /// Evaluates an expression for a player. `origin` is the moving piece's
    /// cell, for `forward-cone`; `None` where no piece is known.
    pub(super) fn eval(
        &mut self,
        env: &Env,
        region: &Region,
        player: PlayerId,
        origin: Option<Cell>,
        diags: &mut Vec<Diagnostic>,
    ) -> CellSet {
        let board = env.board;
        match &region.expr {
            RegionExpr::Except(a, removed) => {
                let a = self.eval(env, a, player, origin, diags);
                removed.iter().fold(a, |acc, b| {
                    acc.minus(self.eval(env, b, player, origin, diags))
                })
            }
            RegionExpr::Union(parts) => {
                let mut acc = CellSet::EMPTY;
                for (i, p) in parts.iter().enumerate() {
                    let bare_name = matches!(p.expr, RegionExpr::Named { owner: None, .. });
                    self.after_comma = i > 0 && bare_name;
                    acc = acc.union(self.eval(env, p, player, origin, diags));
                }
                acc
            }
            RegionExpr::Inter(parts) => {
                let mut acc = board.cells;
                for p in parts {
                    acc = acc.inter(self.eval(env, p, player, origin, diags));
                }
                acc
            }
            RegionExpr::Cell(name) => match cell(board, name, diags) {
                Some(c) if board.cells.contains(c) => CellSet::single(c),
                Some(c) => {
                    diags.push(Diagnostic::new(
                        Kind::NotOnBoard(off_shape(board, c, cell_text(name))),
                        name.span,
                    ));
                    CellSet::EMPTY
                }
                None => CellSet::EMPTY,
            },
            RegionExpr::CellRange(a, b) => {
                let (Some(a), Some(b)) = (cell(board, a, diags), cell(board, b, diags)) else {
                    return CellSet::EMPTY;
                };
                let (f0, f1) = order(board.file_of(a), board.file_of(b));
                let (r0, r1) = order(board.rank_of(a), board.rank_of(b));
                rect(board, f0, f1, r0, r1)
            }
            RegionExpr::Ranks(lo, hi) => {
                let hi = hi.as_ref().unwrap_or(lo);
                let mut bad = false;
                for n in [lo, hi] {
                    if n.node == 0 || n.node > board.height as u64 {
                        bad = true;
                        diags.push(Diagnostic::new(
                            Kind::NotOnBoard(OffBoard::Rank {
                                rank: shown(n.node),
                                height: board.height,
                            }),
                            n.span,
                        ));
                    }
                }
                if bad {
                    return CellSet::EMPTY;
                }
                if lo.node > hi.node {
                    diags.push(Diagnostic::new(
                        Kind::RangeBackwards {
                            fixed: format!("ranks {}..{}", hi.node, lo.node),
                        },
                        lo.span.to(hi.span),
                    ));
                    return CellSet::EMPTY;
                }
                rect(
                    board,
                    0,
                    board.width - 1,
                    (lo.node - 1) as u8,
                    (hi.node - 1) as u8,
                )
            }
            RegionExpr::Files(lo, hi) => {
                let hi = hi.as_ref().unwrap_or(lo);
                let last = (b'a' + board.width - 1) as char;
                let mut bad = false;
                for f in [lo, hi] {
                    if f.node > last {
                        bad = true;
                        diags.push(Diagnostic::new(
                            Kind::NotOnBoard(OffBoard::File { file: f.node, last }),
                            f.span,
                        ));
                    }
                }
                if bad {
                    return CellSet::EMPTY;
                }
                if lo.node > hi.node {
                    diags.push(Diagnostic::new(
                        Kind::RangeBackwards {
                            fixed: format!("files {}..{}", hi.node, lo.node),
                        },
                        lo.span.to(hi.span),
                    ));
                    return CellSet::EMPTY;
                }
                let f0 = lo.node as u8 - b'a';
                let f1 = hi.node as u8 - b'a';
                rect(board, f0, f1, 0, board.height - 1)
            }
            RegionExpr::Builtin(b) => match b {
                Builtin::Board => board.cells,
                Builtin::Edge => board.edge,
                Builtin::Corners => board.corners,
                Builtin::Dark => board.dark,
                Builtin::Light => board.light,
                Builtin::ForwardCone => match origin {
                    Some(c) => forward_cone(board, c, env.facing[player]),
                    None => {
                        diags.push(Diagnostic::new(Kind::ForwardConeWithoutPiece, region.span));
                        CellSet::EMPTY
                    }
                },
            },
            RegionExpr::Named { owner, name } => {
                let target = match owner {
                    None | Some(RegionOwner::Own) => player,
                    Some(RegionOwner::Opponent) => player.other(),
                    Some(RegionOwner::Player(p)) => {
                        match env.player_names.iter().position(|n| *n == p.node) {
                            Some(i) => PlayerId::new(i),
                            None => {
                                diags.push(unknown_player(p.span, &p.node, env.player_names));
                                return CellSet::EMPTY;
                            }
                        }
                    }
                };
                self.named(env, name, target, origin, diags)
            }
        }
    }

    /// A named region for a player.
    fn named(
        &mut self,
        env: &Env,
        name: &Ident,
        player: PlayerId,
        origin: Option<Cell>,
        diags: &mut Vec<Diagnostic>,
    ) -> CellSet {
        let (name, span) = (name.node.as_str(), name.span);
        // For this name only, not the names of its definition.
        let after_comma = std::mem::take(&mut self.after_comma);
        if !self.listing {
            self.used.insert(name.to_string());
        }
        let key = (name.to_string(), player);
        if let Some(s) = self.cache.get(&(key.0.clone(), player, origin)) {
            return *s;
        }
        if self.cyclic.contains(name) {
            return CellSet::EMPTY;
        }
        let Some((all, per)) = self.defs.get(name) else {
            if self.refused.contains(name) {
                return CellSet::EMPTY;
            }
            let unknown = |cell, suggestion| {
                Diagnostic::new(
                    Kind::UnknownRegion {
                        name: name.to_string(),
                        cell,
                        suggestion,
                    },
                    span,
                )
            };
            if !self.unknown_at.insert((span.file.0, span.start)) {
                return CellSet::EMPTY;
            }
            // A suggestion compares the name with every region's: past the
            // few a report shows, that work is skipped and the name only
            // counted, so that a file of millions of unknown names stays
            // quick to check, in little memory.
            if self.unknown_at.len() > crate::diag::KEPT_PER_CODE {
                self.unknown_unshown += 1;
                self.last_unknown = Some((name.to_string(), span));
                return CellSet::EMPTY;
            }
            // Sorted, so that the hint does not depend on hash order.
            let names: Vec<&str> =
                sorted(&self.defs.keys().map(String::as_str).collect::<Vec<_>>());
            let builtins = ["board", "edge", "corners", "dark", "light"];
            let lower = name.to_ascii_lowercase();
            let is_cell = lower.len() > 1
                && lower.as_bytes()[0].is_ascii_lowercase()
                && lower[1..].bytes().all(|b| b.is_ascii_digit());
            // A lone file letter after a comma (`files b, d`) meant the file:
            // a comma joins whole regions.
            let file = match name.as_bytes() {
                [letter @ b'a'..=b'z'] if *letter < b'a' + env.board.width => {
                    Some(format!("file {name}"))
                }
                _ => spaced_line(name),
            };
            let near = nearest(name, names.iter().copied().chain(builtins));
            let suggestion = match file.as_deref().or(near) {
                Some(n) => Suggestion::Nearest(n.to_string()),
                None if after_comma => {
                    // What the line takes after its region, or else the
                    // regions the name may have meant.
                    let then = match self.line_takes_after_region {
                        Some(takes) => format!("; {takes}"),
                        None if names.is_empty() => String::new(),
                        None => format!("; the regions of this game are: {}", names.join(", ")),
                    };
                    Suggestion::Explained(format!(
                        "a comma after a region adds another region, so `{name}` was read as one{then}"
                    ))
                }
                None => Suggestion::Known(sorted(&names).iter().map(ToString::to_string).collect()),
            };
            diags.push(unknown(is_cell.then_some(lower), suggestion));
            return CellSet::EMPTY;
        };
        let def = per[player].as_ref().or(all.as_ref());
        let Some(def) = def else {
            // The other player's definition was refused (a player misspelt):
            // missing for this one only echoes that error.
            if self.refused.contains(name) {
                return CellSet::EMPTY;
            }
            let other = env.player_names[player.other()].clone();
            let me = &env.player_names[player];
            diags.push(Diagnostic::new(
                Kind::RegionForOtherPlayer {
                    name: name.to_string(),
                    defined_for: other,
                    used_for: me.clone(),
                },
                span,
            ));
            return CellSet::EMPTY;
        };
        let cycle_here = || {
            Diagnostic::new(
                Kind::RegionCycle {
                    name: name.to_string(),
                },
                span,
            )
            .with_note(def.name_span, "defined here")
        };
        if self.in_progress.len() >= MAX_NAMED_DEPTH {
            // A long cycle reaches the limit before it closes: it is told
            // as the cycle it is, not as a chain too deep.
            if let Some(cycle) = self.cycle_through(name) {
                diags.push(cycle_here());
                self.cyclic.extend(cycle);
            } else if !std::mem::replace(&mut self.too_deep_told, true) {
                diags.push(Diagnostic::new(
                    Kind::RegionsTooDeep {
                        name: name.to_string(),
                        max: MAX_NAMED_DEPTH,
                    },
                    span,
                ));
            }
            return CellSet::EMPTY;
        }
        if !self.in_progress.insert(key.clone()) {
            diags.push(cycle_here());
            return CellSet::EMPTY;
        }
        let region = def.region.clone();
        let cells = self.eval(env, &region, player, origin, diags);
        self.in_progress.remove(&key);
        self.cache.insert((key.0, player, origin), cells);
        cells
    }

    /// The names of a cycle of definitions from `name` back to it, if
    /// there is one (definitions for either player followed alike). A walk
    /// over a work list, each name visited once.
    fn cycle_through(&self, name: &str) -> Option<Vec<String>> {
        // Each name reached, with the name whose definition reached it.
        let mut came_from: HashMap<&str, &str> = HashMap::new();
        let mut todo = vec![name];
        while let Some(at) = todo.pop() {
            let Some((all, per)) = self.defs.get(at) else {
                continue;
            };
            let mut refs = Vec::new();
            for def in all.iter().chain(per.iter().flatten()) {
                direct_refs(&def.region, &mut refs);
            }
            for next in refs {
                if next == name {
                    let mut cycle = vec![name.to_string()];
                    let mut back = at;
                    while back != name {
                        cycle.push(back.to_string());
                        back = came_from[back];
                    }
                    return Some(cycle);
                }
                if !came_from.contains_key(next) {
                    came_from.insert(next, at);
                    todo.push(next);
                }
            }
        }
        None
    }

    /// Whether an expression uses `forward-cone`, directly or through names.
    /// A walk over a work list, each name visited once, so that neither a
    /// long chain of names nor a cycle costs depth or repeated work.
    pub(super) fn uses_origin(&self, region: &Region) -> bool {
        let mut todo = vec![region];
        let mut seen: HashSet<&str> = HashSet::new();
        while let Some(region) = todo.pop() {
            let mut names = Vec::new();
            if direct_refs(region, &mut names) {
                return true;
            }
            for name in names {
                if seen.insert(name)
                    && let Some((all, per)) = self.defs.get(name)
                {
                    todo.extend(all.iter().chain(per.iter().flatten()).map(|d| &d.region));
                }
            }
        }
        false
    }

    /// The names of the regions whose definitions use `forward-cone`,
    /// directly or through names: found for all of them at once, from
    /// the definitions that use it along the names that refer to those,
    /// so that a file of thousands of chained names costs one pass and not
    /// one walk of the chain per name.
    pub(super) fn names_using_origin(&self) -> HashSet<&str> {
        // name → the names whose definitions refer to it.
        let mut referrers: HashMap<&str, Vec<&str>> = HashMap::new();
        let mut todo = Vec::new();
        for (name, (all, per)) in &self.defs {
            for def in all.iter().chain(per.iter().flatten()) {
                let mut names = Vec::new();
                if direct_refs(&def.region, &mut names) {
                    todo.push(name.as_str());
                }
                for used in names {
                    referrers.entry(used).or_default().push(name);
                }
            }
        }
        let mut using: HashSet<&str> = HashSet::new();
        while let Some(name) = todo.pop() {
            if using.insert(name) {
                todo.extend(referrers.get(name).into_iter().flatten());
            }
        }
        using
    }
}

/// The names a region expression refers to, pushed on `names`, and
/// whether it uses `forward-cone` itself (names not followed).
fn direct_refs<'r>(region: &'r Region, names: &mut Vec<&'r str>) -> bool {
    let mut todo = vec![region];
    let mut cone = false;
    while let Some(region) = todo.pop() {
        match &region.expr {
            RegionExpr::Except(a, removed) => {
                todo.push(a);
                todo.extend(removed);
            }
            RegionExpr::Union(parts) | RegionExpr::Inter(parts) => todo.extend(parts),
            RegionExpr::Builtin(Builtin::ForwardCone) => cone = true,
            RegionExpr::Named { name, .. } => names.push(&name.node),
            RegionExpr::Cell(_)
            | RegionExpr::CellRange(..)
            | RegionExpr::Ranks(..)
            | RegionExpr::Files(..)
            | RegionExpr::Builtin(_) => {}
        }
    }
    cone
}

/// `rank1` or `filea` meant `rank 1` or `file a`: the word and its
/// number or letter are two words.
fn spaced_line(name: &str) -> Option<String> {
    ["ranks", "rank", "files", "file"].iter().find_map(|word| {
        let rest = name.strip_prefix(word)?;
        let is_number = !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
        let is_letter = rest.len() == 1 && rest.as_bytes()[0].is_ascii_lowercase();
        let fits = if word.starts_with("rank") {
            is_number
        } else {
            is_letter
        };
        fits.then(|| format!("{word} {rest}"))
    })
}

pub(super) fn unknown_player(span: Span, name: &str, players: &[String]) -> Diagnostic {
    let suggestion = match nearest(name, players.iter().map(String::as_str)) {
        Some(n) => Suggestion::Nearest(n.to_string()),
        None => Suggestion::Known(players.to_vec()),
    };
    Diagnostic::new(
        Kind::UnknownPlayer {
            name: name.to_string(),
            suggestion,
        },
        span,
    )
}

/// Evaluates the cells of the board's `without` clause: cells, ranks,
/// files and built-in regions on the full grid.
pub(super) fn holes(
    shape: Shape,
    width: u8,
    height: u8,
    region: &Region,
    diags: &mut Vec<Diagnostic>,
) -> CellSet {
    let full = Board::shaped(shape, width, height, CellSet::EMPTY);
    let env = Env {
        board: &full,
        player_names: &[String::new(), String::new()],
        facing: [Dir::Up, Dir::Down],
    };
    if let Some((span, name)) = first_named(region) {
        // A built-in region misspelt (`without corner`) is told as such.
        let builtins = ["board", "edge", "corners", "dark", "light"];
        let near = nearest(name, builtins.iter().copied()).filter(|_| name != "forward-cone");
        diags.push(match near {
            Some(builtin) => Diagnostic::new(
                Kind::UnknownRegion {
                    name: name.to_string(),
                    cell: None,
                    suggestion: Suggestion::Nearest(builtin.to_string()),
                },
                span,
            ),
            None => Diagnostic::new(Kind::WithoutNamedRegion, span),
        });
        return CellSet::EMPTY;
    }
    RegionTable::default().eval(&env, region, PlayerId::FIRST, None, diags)
}

fn first_named(region: &Region) -> Option<(Span, &str)> {
    match &region.expr {
        RegionExpr::Except(a, removed) => {
            first_named(a).or_else(|| removed.iter().find_map(first_named))
        }
        RegionExpr::Union(parts) | RegionExpr::Inter(parts) => parts.iter().find_map(first_named),
        RegionExpr::Named { name, .. } => Some((name.span, name.node.as_str())),
        RegionExpr::Builtin(Builtin::ForwardCone) => Some((region.span, "forward-cone")),
        RegionExpr::Cell(_)
        | RegionExpr::CellRange(..)
        | RegionExpr::Ranks(..)
        | RegionExpr::Files(..)
        | RegionExpr::Builtin(_) => None,
    }
}

/// The cells a piece on `cell` would reach by any number of steps
/// `forward` and `forward-diagonal` (holes not counted): on squares the
/// cells strictly further forward whose sideways distance is at most
/// their forward distance; on hexes facing up, those between the
/// `up-left` and `up-right` lines from `cell`.
pub(super) fn forward_cone(board: &Board, cell: Cell, facing: Dir) -> CellSet {
    let square = DirSet::default()
        .with(facing)
        .with(facing.turn(1))
        .with(facing.turn(-1));
    let steps: Vec<(i32, i32)> = super::on_shape(square, board.shape)
        .iter()
        .map(Dir::delta)
        .collect();
    let (width, height) = (i32::from(board.width), i32::from(board.height));
    let index = |(file, rank): (i32, i32)| {
        ((0..width).contains(&file) && (0..height).contains(&rank))
            .then_some((rank * width + file) as usize)
    };
    // Over the whole grid, so that a hole does not cut the cone.
    let mut reached = vec![false; (width * height) as usize];
    let mut todo = vec![(
        i32::from(board.file_of(cell)),
        i32::from(board.rank_of(cell)),
    )];
    let mut out = CellSet::EMPTY;
    while let Some((file, rank)) = todo.pop() {
        for &(df, dr) in &steps {
            let next = (file + df, rank + dr);
            let Some(i) = index(next).filter(|&i| !reached[i]) else {
                continue;
            };
            reached[i] = true;
            todo.push(next);
            let at = board.cell_at(next.0 as u8, next.1 as u8);
            if board.cells.contains(at) {
                out.insert(at);
            }
        }
    }
    out
}

fn cell(board: &Board, name: &CellName, diags: &mut Vec<Diagnostic>) -> Option<Cell> {
    let f = name.file as u32 - 'a' as u32;
    if f >= board.width as u32 || name.rank == 0 || name.rank > board.height as u64 {
        let last = (b'a' + board.width - 1) as char;
        diags.push(Diagnostic::new(
            Kind::NotOnBoard(OffBoard::Cell {
                cell: cell_text(name),
                last: format!("{last}{}", board.height),
            }),
            name.span,
        ));
        return None;
    }
    Some(board.cell_at(f as u8, (name.rank - 1) as u8))
}

/// How a cell of the grid is off the board: taken out by `without`, or
/// outside the shape (then where its rank of the shape runs).
fn off_shape(board: &Board, c: Cell, cell: String) -> OffBoard {
    let r = board.rank_of(c);
    let mut in_shape = (0..board.width)
        .map(|f| board.cell_at(f, r))
        .filter(|&c| board.outline.contains(c));
    let first = in_shape.next();
    match (first, in_shape.next_back().or(first)) {
        (Some(first), Some(last)) if !board.outline.contains(c) => OffBoard::OutsideShape {
            cell,
            first: board.cell_name(first),
            last: board.cell_name(last),
        },
        _ => OffBoard::Removed { cell },
    }
}

fn cell_text(name: &CellName) -> String {
    format!("{}{}", name.file, shown(name.rank))
}

fn shown(n: u64) -> String {
    if n == u64::MAX {
        "(a huge number)".to_string()
    } else {
        n.to_string()
    }
}

fn order(a: u8, b: u8) -> (u8, u8) {
    (a.min(b), a.max(b))
}

fn rect(board: &Board, f0: u8, f1: u8, r0: u8, r1: u8) -> CellSet {
    let mut s = CellSet::EMPTY;
    for r in r0..=r1 {
        for f in f0..=f1 {
            let c = board.cell_at(f, r);
            if board.cells.contains(c) {
                s.insert(c);
            }
        }
    }
    s
}

fn sorted<'a>(names: &[&'a str]) -> Vec<&'a str> {
    let mut v = names.to_vec();
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::forward_cone;
    use crate::rules::{Board, Cell, CellSet, Dir, Shape};

    /// On squares the cone is the cells ahead no further to the side than
    /// ahead, for every facing and with holes; on hexes facing up, the
    /// cells between the up-left and up-right lines, and facing down the
    /// same turned round.
    #[test]
    fn the_forward_cone_is_what_forward_steps_reach() {
        let mut holes = CellSet::EMPTY;
        holes.insert(Cell::new(20));
        holes.insert(Cell::new(37));
        let square = Board::new(7, 6, holes);
        for facing in [Dir::Up, Dir::Right, Dir::Down, Dir::Left] {
            let (ff, fr) = facing.delta();
            for from in square.cells.iter() {
                let mut expected = CellSet::EMPTY;
                for to in square.cells.iter() {
                    let df = i32::from(square.file_of(to)) - i32::from(square.file_of(from));
                    let dr = i32::from(square.rank_of(to)) - i32::from(square.rank_of(from));
                    let (ahead, aside) = (df * ff + dr * fr, df * fr - dr * ff);
                    if ahead > 0 && aside.abs() <= ahead {
                        expected.insert(to);
                    }
                }
                assert_eq!(forward_cone(&square, from, facing), expected, "{facing:?}");
            }
        }
        let hex = Board::shaped(Shape::Hex, 6, 6, holes);
        for (facing, sign) in [(Dir::Up, 1), (Dir::Down, -1)] {
            for from in hex.cells.iter() {
                let mut expected = CellSet::EMPTY;
                for to in hex.cells.iter() {
                    let df = sign * (i32::from(hex.file_of(to)) - i32::from(hex.file_of(from)));
                    let dr = sign * (i32::from(hex.rank_of(to)) - i32::from(hex.rank_of(from)));
                    if dr > 0 && (-dr..=0).contains(&df) {
                        expected.insert(to);
                    }
                }
                assert_eq!(forward_cone(&hex, from, facing), expected, "{facing:?}");
            }
        }
    }
}
