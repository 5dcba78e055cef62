//! The acts each primitive allows from a position, before effects and
//! legality checks (those follow in `Engine::generate_part`).

use super::moves::Act;
use super::{Engine, Position};
use crate::rules::{
    Action, Cell, CellSet, Dir, DirSet, Distance, JumpLeg, KindId, MoveRule, Owner, PlayerId,
    Targets, Test,
};

/// One way of playing a part: an act and, for a capturing jump, the index
/// of the set of pieces it takes (kept apart: most acts take none, and a
/// way should stay small, since play-outs list every way of a position).
#[derive(Clone, Copy, Debug)]
pub(super) struct Way {
    pub act: Act,
    pub capture: u16,
}

/// `Way::capture` of a way that takes nothing.
pub(super) const NO_CAPTURE: u16 = u16::MAX;

impl Way {
    fn plain(act: Act) -> Way {
        Way {
            act,
            capture: NO_CAPTURE,
        }
    }

    /// The pieces this way jumps and takes.
    pub fn captured(&self, captures: &[CellSet]) -> CellSet {
        if self.capture == NO_CAPTURE {
            CellSet::EMPTY
        } else {
            captures[self.capture as usize]
        }
    }
}

/// Jumps a move may chain before generation gives up, far beyond any real game.
const MAX_JUMPS: usize = 64;

impl Engine {
    /// Pushes every act of one option.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn acts_of(
        &self,
        index: usize,
        option: &MoveRule,
        pos: &Position,
        player: PlayerId,
        entry_line: CellSet,
        acts: &mut Vec<Way>,
        captures: &mut Vec<CellSet>,
    ) {
        match option.only_if {
            Some(Test::ReserveEmpty) if pos.reserve_total(player) > 0 => return,
            Some(Test::ReserveNotEmpty) if pos.reserve_total(player) == 0 => return,
            _ => {}
        }
        let base = Act {
            option: index as u8,
            ..Act::EMPTY
        };
        let empty = self.rules.board.cells.minus(pos.occupied());
        match &option.action {
            Action::Place { on } => {
                for kind in self.kinds_in_reserve(option, pos, player) {
                    for to in on[player].inter(empty).iter() {
                        acts.push(Way::plain(Act {
                            kind: kind as u8,
                            to,
                            ..base
                        }));
                    }
                }
            }
            Action::Enter { entries } => {
                for kind in self.kinds_in_reserve(option, pos, player) {
                    for (i, line) in entries[player].iter().enumerate() {
                        // A full line takes no entry.
                        if line.cells.iter().all(|c| !pos.is_empty(*c)) {
                            continue;
                        }
                        acts.push(Way::plain(Act {
                            kind: kind as u8,
                            to: line.cells[0],
                            line: i as u8,
                            ..base
                        }));
                    }
                }
            }
            Action::Relocate { to } => {
                for from in self.movable(option, pos, player).iter() {
                    for dest in to[player].inter(empty).iter() {
                        acts.push(Way::plain(Act {
                            from,
                            to: dest,
                            ..base
                        }));
                    }
                }
            }
            Action::Step {
                dirs,
                distance,
                targets,
            } => {
                for from in self.movable(option, pos, player).iter() {
                    for dir in dirs[player].iter() {
                        let line = Line {
                            from,
                            dir,
                            distance,
                            targets,
                            through_pieces: true,
                        };
                        self.line_acts(option, pos, player, &line, &base, acts);
                    }
                }
            }
            Action::Slide {
                dirs,
                with_turns,
                distance,
                targets,
            } => {
                for from in self.movable(option, pos, player).iter() {
                    if *with_turns {
                        self.slide_with_turns(
                            option,
                            pos,
                            player,
                            from,
                            dirs[player],
                            targets,
                            &base,
                            acts,
                        );
                        continue;
                    }
                    for dir in dirs[player].iter() {
                        let line = Line {
                            from,
                            dir,
                            distance,
                            targets,
                            through_pieces: false,
                        };
                        self.line_acts(option, pos, player, &line, &base, acts);
                    }
                }
            }
            Action::Jump {
                legs,
                chained,
                capturing,
            } => {
                for from in self.movable(option, pos, player).iter() {
                    let mut jumper = Jumper {
                        engine: self,
                        option,
                        pos,
                        player,
                        from,
                        legs,
                        chained: *chained,
                        capturing: *capturing,
                        counts: [0; 8],
                        ends: CellSet::EMPTY,
                        base,
                        acts,
                        captures,
                    };
                    jumper.search(from, CellSet::EMPTY, 0);
                }
            }
            Action::BearOff { dirs, distance } => {
                for from in self.movable(option, pos, player).iter() {
                    let n = pos.height(from);
                    let (min, max) = bounds(distance, n);
                    let leaves = dirs[player].iter().any(|dir| {
                        // The shortest distance that leaves the grid this way.
                        let exit = (1..=max.max(1))
                            .find(|&d| self.rules.board.offset(from, dir, d as i32).is_none());
                        exit.is_some_and(|e| e.max(min) <= max)
                    });
                    if leaves {
                        acts.push(Way::plain(Act { from, ..base }));
                    }
                }
            }
            Action::Return { from } => {
                let mut cells = from[player].inter(pos.owned(player));
                if option.not_on_entry_line {
                    cells = cells.minus(entry_line);
                }
                for c in cells.iter() {
                    if option.kind.is_none_or(|k| pos.kind(c) == k)
                        && self.fills(option, pos, player, c)
                    {
                        acts.push(Way::plain(Act { from: c, ..base }));
                    }
                }
            }
        }
    }

    /// The acts of a straight move from `line.from` along `line.dir`: a
    /// step passes over pieces, a slide stops at the first one.
    #[inline(always)]
    fn line_acts(
        &self,
        option: &MoveRule,
        pos: &Position,
        player: PlayerId,
        line: &Line,
        base: &Act,
        acts: &mut Vec<Way>,
    ) {
        let n = pos.height(line.from);
        let (min, max) = bounds(line.distance, n);
        let mut at = line.from;
        for d in 1..=max {
            let Some(next) = self.rules.board.neighbour(at, line.dir) else {
                break;
            };
            at = next;
            if d >= min && self.lands(option, pos, player, line.from, at, n, line.targets) {
                let act = Act {
                    from: line.from,
                    to: at,
                    ..*base
                };
                acts.push(Way::plain(act));
            }
            if !line.through_pieces && !pos.is_empty(at) {
                break;
            }
        }
    }

    /// The kinds this option may take from the player's reserve.
    fn kinds_in_reserve(
        &self,
        option: &MoveRule,
        pos: &Position,
        player: PlayerId,
    ) -> impl Iterator<Item = KindId> + use<> {
        let wanted = option.kind;
        let mut have = 0u32;
        for k in 0..self.rules.kinds.len() {
            if wanted.is_none_or(|w| w == k) && pos.reserve(player, k) > 0 {
                have |= 1 << k;
            }
        }
        (0..crate::rules::MAX_KINDS).filter(move |k| have >> k & 1 == 1)
    }

    /// The cells whose top piece this option may move.
    fn movable(&self, option: &MoveRule, pos: &Position, player: PlayerId) -> CellSet {
        let mut cells = pos.owned(player);
        if let Some(k) = option.kind {
            for c in cells.iter() {
                if pos.kind(c) != k {
                    cells.remove(c);
                }
            }
        }
        for c in cells.iter() {
            if !self.fills(option, pos, player, c) {
                cells.remove(c);
            }
        }
        cells
    }

    /// `only if own pieces fill REGION`, seen from the piece on `cell`: the
    /// region is not empty and every cell of it holds a friendly piece.
    fn fills(&self, option: &MoveRule, pos: &Position, player: PlayerId, cell: Cell) -> bool {
        match &option.only_if {
            Some(Test::OwnPiecesFill(per_cell)) => {
                let need = per_cell[player][cell as usize];
                !need.is_empty() && need.is_subset(&pos.owned(player))
            }
            _ => true,
        }
    }

    /// Whether a piece moving from `from` (a stack of `n`) may end on `to`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn lands(
        &self,
        option: &MoveRule,
        pos: &Position,
        player: PlayerId,
        from: Cell,
        to: Cell,
        n: u32,
        targets: &Targets,
    ) -> bool {
        let target_ok = match pos.owner(to) {
            None => targets.empty,
            Some(p) if p == player => targets
                .friend
                .is_some_and(|cmp| cmp.holds(pos.height(to), n) && pos.kind(to) == pos.kind(from)),
            Some(_) => targets
                .enemy
                .is_some_and(|cmp| cmp.holds(pos.height(to), n)),
        };
        target_ok && self.ends_well(option, player, from, to)
    }

    /// `ending in` and `must end further forward`.
    #[inline]
    fn ends_well(&self, option: &MoveRule, player: PlayerId, from: Cell, to: Cell) -> bool {
        if let Some(region) = &option.ending_in
            && !region[player].contains(to)
        {
            return false;
        }
        !option.must_end_further_forward || self.ahead(player, from, to) > 0
    }

    /// How far `to` is ahead of `from` for a player.
    pub(super) fn ahead(&self, player: PlayerId, from: Cell, to: Cell) -> i32 {
        let b = &self.rules.board;
        let df = b.file_of(to) as i32 - b.file_of(from) as i32;
        let dr = b.rank_of(to) as i32 - b.rank_of(from) as i32;
        let (ff, fr) = self.rules.players[player].facing.delta();
        df * ff + dr * fr
    }

    /// Every empty cell reachable through empty cells, and the pieces next to them.
    #[allow(clippy::too_many_arguments)]
    fn slide_with_turns(
        &self,
        option: &MoveRule,
        pos: &Position,
        player: PlayerId,
        from: Cell,
        dirs: DirSet,
        targets: &Targets,
        base: &Act,
        acts: &mut Vec<Way>,
    ) {
        let board = &self.rules.board;
        let empty = board.cells.minus(pos.occupied());
        let mut reached = CellSet::EMPTY;
        let mut touched = CellSet::EMPTY;
        let mut frontier = CellSet::single(from);
        let mut seen = CellSet::single(from);
        while let Some(c) = frontier.first() {
            frontier.remove(c);
            for dir in dirs.iter() {
                if let Some(n) = board.neighbour(c, dir)
                    && !seen.contains(n)
                {
                    seen.insert(n);
                    if empty.contains(n) {
                        reached.insert(n);
                        frontier.insert(n);
                    } else {
                        touched.insert(n);
                    }
                }
            }
        }
        let height = pos.height(from);
        for to in reached.union(touched).iter() {
            if self.lands(option, pos, player, from, to, height, targets) {
                acts.push(Way::plain(Act { from, to, ..*base }));
            }
        }
    }
}

/// A straight move to look along.
struct Line<'a> {
    from: Cell,
    dir: Dir,
    distance: &'a Distance,
    targets: &'a Targets,
    /// A step passes over pieces; a slide does not.
    through_pieces: bool,
}

/// The distances a move may cover from a stack of height `n`.
fn bounds(distance: &Distance, n: u32) -> (u32, u32) {
    (distance.min, distance.max.unwrap_or(n))
}

/// The depth-first search of a jump move.
struct Jumper<'a> {
    engine: &'a Engine,
    option: &'a MoveRule,
    pos: &'a Position,
    player: PlayerId,
    from: Cell,
    legs: &'a [JumpLeg],
    chained: bool,
    capturing: bool,
    /// Jumps made so far with each leg.
    counts: [u32; 8],
    /// End cells already pushed (non-capturing jumps merge paths).
    ends: CellSet,
    base: Act,
    acts: &'a mut Vec<Way>,
    captures: &'a mut Vec<CellSet>,
}

impl Jumper<'_> {
    fn search(&mut self, at: Cell, jumped: CellSet, depth: usize) {
        if depth >= MAX_JUMPS {
            return;
        }
        let board = &self.engine.rules.board;
        let pos = self.pos;
        // The mover's own cell is empty once its only piece has left.
        let vacated = pos.height(self.from) == 1;
        let from = self.from;
        let free = |c: Cell| pos.is_empty(c) || (vacated && c == from);
        for (l, leg) in self.legs.iter().enumerate() {
            if leg.at_most.is_some_and(|m| self.counts[l] >= m) {
                continue;
            }
            for dir in leg.dirs[self.player].iter() {
                let Some(over) = board.neighbour(at, dir) else {
                    continue;
                };
                if free(over) || jumped.contains(over) || !self.owner_fits(leg.over, over) {
                    continue;
                }
                let Some(land) = board.neighbour(over, dir) else {
                    continue;
                };
                if !free(land) {
                    continue;
                }
                let now = jumped.union(CellSet::single(over));
                self.found(land, now);
                if self.chained {
                    self.counts[l] += 1;
                    self.search(land, now, depth + 1);
                    self.counts[l] -= 1;
                }
            }
        }
    }

    fn owner_fits(&self, over: Owner, cell: Cell) -> bool {
        match (over, self.pos.owner(cell)) {
            (_, None) => false,
            (Owner::Any, Some(_)) => true,
            (Owner::Friend, Some(p)) => p == self.player,
            (Owner::Enemy, Some(p)) => p != self.player,
        }
    }

    fn found(&mut self, land: Cell, jumped: CellSet) {
        if land == self.from
            || !self
                .engine
                .ends_well(self.option, self.player, self.from, land)
        {
            return;
        }
        let act = Act {
            from: self.from,
            to: land,
            ..self.base
        };
        if self.capturing {
            // Different captures to one end are different moves.
            let captured = jumped.inter(self.pos.owned(1 - self.player));
            let known = self
                .acts
                .iter()
                .any(|w| w.act == act && w.captured(self.captures) == captured);
            // More than 65,534 capture sets in one position are not listed.
            if !known && self.captures.len() < NO_CAPTURE as usize {
                self.captures.push(captured);
                self.acts.push(Way {
                    act,
                    capture: (self.captures.len() - 1) as u16,
                });
            }
        } else if !self.ends.contains(land) {
            self.ends.insert(land);
            self.acts.push(Way::plain(act));
        }
    }
}
