//! The acts each primitive allows from a position, before effects and
//! legality checks (those follow in `Engine::generate_part`).

use super::apply::has_destination;
use super::jumps::Jump;
use super::moves::Act;
use super::{Earlier, Engine, Position, Successors};
use crate::rules::{
    Action, Bitboard, Board, Cell, CellSet, Dir, DirSet, Distance, Flank, HeightCompare, KindId,
    MoveRule, NearLast, PlayerId, Targets, Test,
};

/// One way of playing a part: an act and, for a capturing jump, the index
/// of the set of pieces it takes (kept apart: most acts take none, and a
/// way should stay small, since play-outs list every way of a position).
///
/// Unordered listings (for random draws) may also hold a group: one entry
/// for every act that differs from `act` only in its destination, the
/// destinations being the set at its index (a placement's cells, a
/// relocation's or a slide's reach), so that they need not be listed. In
/// a straight group the origin moves with the destination: the pieces
/// moving `distance` cells in direction number `dir`, one act for each
/// cell they land on. (A group's act holds a destination of no meaning
/// until [`Way::landing_on`] gives it one, and a straight group's an
/// origin of none either.)
#[derive(Clone, Copy, Debug)]
pub(super) struct Way {
    pub act: Act,
    /// `NO_SET`, the index of a capture set, or `GROUP` (and `STRAIGHT`)
    /// and the index of a set of destinations.
    set: u16,
    /// A straight group's direction, as an index into `Dir::ALL`...
    dir: u8,
    /// ...and how many cells its pieces move.
    distance: u8,
}

const NO_SET: u16 = u16::MAX;
const GROUP: u16 = 0x8000;
const STRAIGHT: u16 = 0x4000;
/// What `next to the last piece` and `moving the last piece` leave open.
struct Tie<'a> {
    /// The cells the act's own cell may be on.
    near: Option<CellSet>,
    /// The cell the moved piece must come from.
    from: Option<Cell>,
    action: &'a Action,
}

impl Tie<'_> {
    fn allows(&self, act: &Act) -> bool {
        self.from.is_none_or(|from| act.origin() == Some(from))
            && self.near.is_none_or(|near| near.contains(act.cell()))
    }
}

/// The most sets (captures and groups) one listing keeps.
pub(super) const MAX_SETS: usize = 0x3fff;

impl Way {
    pub(super) fn plain(act: Act) -> Way {
        Way {
            act,
            set: NO_SET,
            dir: 0,
            distance: 0,
        }
    }

    /// A group of ways, with the destinations in `sets[index]`.
    pub(super) fn group(act: Act, index: usize) -> Way {
        debug_assert!(index < MAX_SETS);
        Way {
            set: GROUP | index as u16,
            ..Way::plain(act)
        }
    }

    pub(super) fn capturing(act: Act, index: usize) -> Way {
        debug_assert!(index < MAX_SETS);
        Way {
            set: index as u16,
            ..Way::plain(act)
        }
    }

    /// A straight group: the pieces moving `distance` cells along `dir`,
    /// landing on the cells of `sets[index]`.
    fn straight(act: Act, dir: Dir, distance: u32, index: usize) -> Way {
        debug_assert!(index < MAX_SETS && u8::try_from(distance).is_ok());
        Way {
            act,
            set: GROUP | STRAIGHT | index as u16,
            dir: dir.index() as u8,
            distance: distance as u8,
        }
    }

    /// Whether this entry stands for a group of ways.
    pub(super) fn is_group(&self) -> bool {
        self.set != NO_SET && self.set & GROUP != 0
    }

    /// Whether its ways' origin is fixed (`act.from`): not a straight group.
    pub(super) fn fixed_origin(&self) -> bool {
        !self.is_group() || self.set & STRAIGHT == 0
    }

    /// How many ways the entry stands for.
    pub(super) fn ways(&self, sets: &[CellSet]) -> usize {
        if self.is_group() {
            self.dests(sets).len()
        } else {
            1
        }
    }

    /// The destinations of a group.
    pub(super) fn dests(&self, sets: &[CellSet]) -> CellSet {
        debug_assert!(self.is_group());
        sets[(self.set & !(GROUP | STRAIGHT)) as usize]
    }

    /// Keeps, of a group's destinations, those in `keep`. Only on a fresh
    /// listing, where each group has a set of its own.
    pub(super) fn keep_dests(&self, sets: &mut [CellSet], keep: CellSet) {
        let index = (self.set & !(GROUP | STRAIGHT)) as usize;
        sets[index] = sets[index].inter(keep);
    }

    /// The same group with its destinations in `sets[index]`.
    pub(super) fn regrouped(&self, index: usize) -> Way {
        debug_assert!(self.is_group() && index < MAX_SETS);
        Way {
            set: (self.set & (GROUP | STRAIGHT)) | index as u16,
            ..*self
        }
    }

    /// The act of a group landing on `to`.
    pub(super) fn landing_on(&self, to: Cell, board: &Board) -> Act {
        if self.set & STRAIGHT == 0 {
            return self.act.landing(to);
        }
        let dir = Dir::ALL[self.dir as usize];
        let back = self.distance as i32 * board.step_shift(dir);
        let from = to.offset(-back).expect("a group's landing has an origin");
        self.act.moving(from, to)
    }

    /// Where the piece on `from` would land in a straight group: the cell
    /// whose origin [`Way::landing_on`] gives as `from` (a member of the
    /// group only if it is among the group's destinations).
    fn landing_from(&self, from: Cell, board: &Board) -> Option<Cell> {
        let dir = Dir::ALL[self.dir as usize];
        from.offset(self.distance as i32 * board.step_shift(dir))
    }

    /// The pieces this way jumps and takes.
    pub(super) fn captured(&self, sets: &[CellSet]) -> CellSet {
        if self.set == NO_SET || self.set & GROUP != 0 {
            CellSet::EMPTY
        } else {
            sets[self.set as usize]
        }
    }
}

/// Where a listing of acts goes: the ways, the sets of destinations and
/// captures they point into, and how they are listed: one act at a time,
/// in the order people read them (`ordered`), or grouped for a draw.
pub(super) struct Listing<'a> {
    pub ways: &'a mut Vec<Way>,
    pub sets: &'a mut Vec<CellSet>,
    pub ordered: bool,
}

impl Listing<'_> {
    #[inline]
    fn push(&mut self, act: Act) {
        self.ways.push(Way::plain(act));
    }

    /// Pushes the acts that are `base` with a destination in `dests`: one
    /// by one when ordered, else as one group (see [`Way`]).
    pub(super) fn push_dests(&mut self, base: Act, dests: CellSet) {
        if self.ordered || dests.len() < 2 || self.sets.len() >= MAX_SETS {
            self.push_each(base, dests);
            return;
        }
        self.sets.push(dests);
        self.ways.push(Way::group(base, self.sets.len() - 1));
    }

    /// Pushes the acts that are `base` with a destination in `dests`, one
    /// by one, whatever the listing's order.
    fn push_each(&mut self, base: Act, dests: CellSet) {
        // The vector itself, loaded once for the loop.
        let ways = &mut *self.ways;
        for to in dests.iter() {
            ways.push(Way::plain(base.landing(to)));
        }
    }

    /// Pushes the straight moves landing on `cells` (`distance` cells
    /// along `dir`) as one group, when unordered and there are several.
    /// False when the caller should push them one by one.
    #[inline]
    fn group_landings(&mut self, base: &Act, cells: CellSet, dir: Dir, distance: u32) -> bool {
        if self.ordered
            || cells.len() < 2
            || self.sets.len() >= MAX_SETS
            || distance > u8::MAX as u32
        {
            return false;
        }
        self.sets.push(cells);
        let index = self.sets.len() - 1;
        self.ways.push(Way::straight(*base, dir, distance, index));
        true
    }

    /// Pushes an act for each landing cell in `cells` that `check`
    /// accepts; its piece came from `back` cell indices before.
    #[inline(always)]
    fn push_landings<B: Bitboard>(
        &mut self,
        base: &Act,
        mut cells: B,
        back: i32,
        check: impl Fn(Cell, Cell) -> bool,
    ) {
        // The vector itself, loaded once for the loop.
        let ways = &mut *self.ways;
        while let Some(to) = cells.pop() {
            let from = to.offset(-back).expect("a landing has an origin");
            if check(from, to) {
                ways.push(Way::plain(base.moving(from, to)));
            }
        }
    }
}

/// The pieces of a straight move stepped together: those on `origins`,
/// which may all go from `min` to `max` cells and end on `ends`.
#[derive(Clone, Copy)]
struct Heads {
    origins: CellSet,
    min: u32,
    max: u32,
    ends: CellSet,
}

impl Engine {
    /// Pushes every act of every option of a part (see [`Engine::acts_of`]).
    pub(super) fn acts_of_part(
        &self,
        part: usize,
        pos: &Position,
        earlier: Earlier,
        out: &mut Listing,
    ) {
        for (i, option) in self.rules.parts[part].options.iter().enumerate() {
            self.acts_of((part, i), option, pos, earlier, out);
        }
    }

    /// How many acts [`Engine::acts_of_part`] lists, each act of a group
    /// counted. Returns are counted without listing them; the part's buffer
    /// of ways in `scratch` is used and left as it was.
    pub(super) fn count_acts_of_part(
        &self,
        part: usize,
        pos: &Position,
        earlier: Earlier,
        scratch: &mut Successors,
    ) -> usize {
        let mut ways = std::mem::take(&mut scratch.acts[part]);
        let listing = &mut Listing {
            ways: &mut ways,
            sets: &mut scratch.captures,
            ordered: false,
        };
        let n = self.count_listed(part, pos, earlier, listing);
        scratch.acts[part] = ways;
        n
    }

    /// [`Engine::count_acts_of_part`] on an unordered listing's buffers.
    fn count_listed(
        &self,
        part: usize,
        pos: &Position,
        earlier: Earlier,
        scratch: &mut Listing,
    ) -> usize {
        let player = pos.to_move();
        let mut n = 0;
        for (i, option) in self.rules.parts[part].options.iter().enumerate() {
            match &option.action {
                // Every piece of the mover's in the region, bar the line.
                Action::Return { from, .. }
                    if option.kind.is_none()
                        && option.only_if.is_none()
                        && option.turns.is_none()
                        && option.near_last.is_none()
                        && !option.moving_last =>
                {
                    n += returnable(option, from, pos, player, earlier).len();
                }
                Action::Place { .. }
                | Action::Enter { .. }
                | Action::Relocate { .. }
                | Action::Step { .. }
                | Action::Slide { .. }
                | Action::Jump { .. }
                | Action::BearOff { .. }
                | Action::Return { .. } => {
                    let (first, sets) = (scratch.ways.len(), scratch.sets.len());
                    self.acts_of((part, i), option, pos, earlier, scratch);
                    n += scratch.ways[first..]
                        .iter()
                        .map(|w| w.ways(scratch.sets))
                        .sum::<usize>();
                    scratch.ways.truncate(first);
                    scratch.sets.truncate(sets);
                }
            }
        }
        n
    }

    /// Pushes every act of one option of the player to move. Ordered, in
    /// the order people read them: by the cell a piece leaves, then by
    /// direction and distance, a piece's jump ends lowest first (a random
    /// draw does not need it).
    pub(super) fn acts_of(
        &self,
        at: (usize, usize),
        option: &MoveRule,
        pos: &Position,
        earlier: Earlier,
        out: &mut Listing,
    ) {
        let player = pos.to_move();
        if !self.option_open(option, pos, player) {
            return;
        }
        if option.near_last.is_none() && !option.moving_last {
            self.untied_acts_of(at, option, pos, earlier, out);
            return;
        }
        // A first part refers to the last act of the turn before.
        let last = if at.0 == 0 {
            pos.last_cell()
        } else {
            earlier.last
        };
        let Some(last) = last else {
            return;
        };
        let first = out.ways.len();
        self.untied_acts_of(at, option, pos, earlier, out);
        let tie = Tie {
            near: option
                .near_last
                .as_ref()
                .map(|near| self.near_last(near, pos, player, last)),
            from: option.moving_last.then_some(last),
            action: &option.action,
        };
        self.keep_tied(&tie, first, out.ways, out.sets);
    }

    /// The flank a placement of `option` must bracket an enemy piece with
    /// to be legal (`converting flanked enemies, must convert a piece`, or
    /// capturing ones with `must remove a piece` where nothing else
    /// removes): only cells where it does are listed. Where the test
    /// applies, a placement elsewhere is refused by `play_act` anyway.
    pub(super) fn must_flank<'o>(&self, option: &'o MoveRule) -> Option<&'o Flank> {
        let flank = option.flank.as_ref()?;
        let must = if flank.convert {
            option.must_convert
        } else {
            option.must_remove && self.rules.remove_disconnected.is_none()
        };
        let placed = matches!(option.action, Action::Place { .. }) && option.dropping.is_none();
        (must && placed).then_some(flank)
    }

    /// The cells of `cells` where a piece of `player` arriving would
    /// bracket an enemy piece with one of its own along the flank's
    /// directions (with `adjacent`: touch one), as `apply.rs` flanks: all
    /// cells at once, by whole-set steps along each direction.
    pub(super) fn flanking(
        &self,
        flank: &Flank,
        pos: &Position,
        player: PlayerId,
        cells: CellSet,
    ) -> CellSet {
        if self.rules.board.size() <= 64 {
            self.flanking_in::<u64>(flank, pos, player, cells)
        } else {
            self.flanking_in::<CellSet>(flank, pos, player, cells)
        }
    }

    /// [`Engine::flanking`] on cell sets of one word or of four.
    fn flanking_in<B: Bitboard>(
        &self,
        flank: &Flank,
        pos: &Position,
        player: PlayerId,
        cells: CellSet,
    ) -> CellSet {
        let board = &self.rules.board;
        let enemy = B::of(pos.owned(player.other()));
        let friend = B::of(pos.owned(player));
        let mut out = B::NONE;
        for dir in flank.dirs[player].iter() {
            let back = dir.opposite();
            // The enemy pieces from which a run of enemies along `dir`
            // reaches a piece of the player's (or any, if adjacent).
            let mut run = enemy;
            if flank.adjacent {
                // Every enemy piece next to the cell counts.
            } else if flank.any_run() {
                run = enemy.and(friend.step(board, back));
                loop {
                    let longer = run.or(enemy.and(run.step(board, back)));
                    if longer == run {
                        break;
                    }
                    run = longer;
                }
            } else {
                // The enemy pieces that begin a run of exactly `length`
                // enemies ending at a piece of the player's, one length
                // at a time; the runs of the lengths allowed are kept.
                let mut of_length = enemy.and(friend.step(board, back));
                run = B::NONE;
                let mut length = 1;
                while length <= flank.longest_run && of_length != B::NONE {
                    if length >= flank.shortest_run {
                        run = run.or(of_length);
                    }
                    of_length = enemy.and(of_length.step(board, back));
                    length += 1;
                }
            }
            out = out.or(run.step(board, back));
        }
        out.to_set().inter(cells)
    }

    /// The cells `near` allows an act's cell to be on.
    pub(super) fn near_last(
        &self,
        near: &NearLast,
        pos: &Position,
        player: PlayerId,
        last: Cell,
    ) -> CellSet {
        let board = &self.rules.board;
        if near.sight {
            board.sight(last, near.dirs[player], pos.occupied())
        } else {
            board.step_set(CellSet::single(last), near.dirs[player])
        }
    }

    /// Keeps, of the ways in `acts[first..]`, those that `tie` allows;
    /// a group keeps the destinations allowed.
    fn keep_tied(&self, tie: &Tie, first: usize, acts: &mut Vec<Way>, sets: &mut Vec<CellSet>) {
        let board = &self.rules.board;
        let end = acts.len();
        let mut kept = first;
        for i in first..end {
            let way = acts[i];
            if !way.is_group() {
                if tie.allows(&way.act) {
                    acts[kept] = way;
                    kept += 1;
                }
                continue;
            }
            let dests = way.dests(sets);
            let allowed = match (way.fixed_origin(), tie.from) {
                // A straight group moving the last piece: only the landing
                // of the piece on the last cell, if the group has it.
                (false, Some(from)) => match way.landing_from(from, board) {
                    Some(to) if dests.contains(to) && tie.allows(&way.landing_on(to, board)) => {
                        CellSet::single(to)
                    }
                    _ => CellSet::EMPTY,
                },
                // Ways that share their origin and act on their
                // destination: one test of the origin, the near cells at once.
                (true, from) if tie.near.is_none() || has_destination(tie.action) => {
                    if from.is_none_or(|from| way.act.origin() == Some(from)) {
                        tie.near.map_or(dests, |near| dests.inter(near))
                    } else {
                        CellSet::EMPTY
                    }
                }
                _ => {
                    let mut allowed = CellSet::EMPTY;
                    for to in dests.iter() {
                        if tie.allows(&way.landing_on(to, board)) {
                            allowed.insert(to);
                        }
                    }
                    allowed
                }
            };
            if allowed == dests {
                acts[kept] = way;
                kept += 1;
            } else if sets.len() < MAX_SETS {
                sets.push(allowed);
                if !allowed.is_empty() {
                    acts[kept] = way.regrouped(sets.len() - 1);
                    kept += 1;
                }
            } else {
                // No room for another set: the ways one by one, after the rest.
                for to in allowed.iter() {
                    acts.push(Way::plain(way.landing_on(to, board)));
                }
            }
        }
        acts.copy_within(end.., kept);
        let extra = acts.len() - end;
        acts.truncate(kept + extra);
    }

    /// Pushes every act of one option, whatever the last cell.
    fn untied_acts_of(
        &self,
        (part, index): (usize, usize),
        option: &MoveRule,
        pos: &Position,
        earlier: Earlier,
        out: &mut Listing,
    ) {
        let player = pos.to_move();
        let base = Act::of(part as u8, index as u8);
        let empty = self.rules.board.cells.minus(pos.occupied());
        match &option.action {
            Action::Place { on } => {
                for kind in self.kinds_in_reserve(option, pos, player) {
                    // Its cell is one of the group's.
                    let act = base.placing(kind, Cell::new(0));
                    let mut cells = self.dropped(option, pos, player, on[player].inter(empty));
                    // Only the cells that bracket: found for all cells at
                    // once, which costs less than playing the others.
                    if let Some(flank) = self.must_flank(option) {
                        cells = self.flanking(flank, pos, player, cells);
                    }
                    out.push_dests(act, cells);
                }
            }
            Action::Enter { entries } => {
                let occupied = pos.occupied();
                for kind in self.kinds_in_reserve(option, pos, player) {
                    for (i, line) in entries[player].iter().enumerate() {
                        // A full line takes no entry, nor one whose run
                        // to push holds a neutral piece, which never moves.
                        if line.set.is_subset(&occupied) || pushes_neutral(pos, &line.cells) {
                            continue;
                        }
                        out.push(base.entering(kind, i as u16, line.cells[0]));
                    }
                }
            }
            Action::Relocate {
                to,
                distance: Some(distance),
            } => {
                let dests = to[player].inter(empty);
                for from in self.movable(option, pos, player).iter() {
                    let (min, max) = bounds(distance, pos.height(from));
                    let near = self.within(from, min, max);
                    out.push_dests(base.leaving(from), dests.inter(near));
                }
            }
            Action::Relocate { to, distance: None } => {
                let dests = to[player].inter(empty);
                let movers = self.movable(option, pos, player);
                if !out.ordered && dests.len() >= 2 && out.sets.len() < MAX_SETS {
                    // Every piece may go to the same cells: one set for all.
                    out.sets.push(dests);
                    let index = out.sets.len() - 1;
                    for from in movers.iter() {
                        out.ways.push(Way::group(base.leaving(from), index));
                    }
                } else {
                    for from in movers.iter() {
                        out.push_dests(base.leaving(from), dests);
                    }
                }
            }
            Action::Step { dirs, targets, .. } if option.line_count => {
                let step = Directed {
                    option,
                    dirs: dirs[player],
                    targets,
                };
                self.line_count_steps(&step, pos, &base, out.ways);
            }
            Action::Step { .. }
            | Action::Slide {
                with_turns: false, ..
            } => {
                let line = Straight::of(option, player).expect("a straight move");
                self.straight_acts(pos, &line, &base, out);
            }
            Action::Slide {
                dirs,
                with_turns: true,
                targets,
                ..
            } => {
                let slide = Directed {
                    option,
                    dirs: dirs[player],
                    targets,
                };
                if self.rules.board.size() <= 64 {
                    self.slides_with_turns::<u64>(pos, &slide, &base, out);
                } else {
                    self.slides_with_turns::<CellSet>(pos, &slide, &base, out);
                }
            }
            Action::Jump {
                legs,
                chained,
                capturing,
            } => {
                let jump = Jump {
                    option,
                    legs,
                    chained: *chained,
                    capturing: *capturing,
                };
                if self.rules.board.size() <= 64 {
                    self.jumps::<u64>(&jump, pos, &base, out);
                } else {
                    self.jumps::<CellSet>(&jump, pos, &base, out);
                }
            }
            Action::BearOff { dirs, distance } => {
                for from in self.movable(option, pos, player).iter() {
                    if self.bears_off(pos, from, dirs[player], distance) {
                        out.push(base.lifting(from));
                    }
                }
            }
            Action::Return { from, .. } => {
                let cells = returnable(option, from, pos, player, earlier);
                for c in cells.inter(pos.pieces(player, option.kind)).iter() {
                    if self.fills(option, pos, player, c) {
                        out.push(base.lifting(c));
                    }
                }
            }
        }
    }

    /// The acts of straight moves: every movable piece at once, a set of
    /// heads stepped along each direction, one distance at a time. A step
    /// passes over pieces; a slide stops at the first one.
    fn straight_acts(&self, pos: &Position, line: &Straight, base: &Act, out: &mut Listing) {
        let (option, player) = (line.option, pos.to_move());
        let movers = self.movable(option, pos, player);
        if movers.is_empty() {
            return;
        }
        let start = out.ways.len();
        let mut ends = self.rules.board.cells;
        if let Some(region) = &option.ending_in {
            ends = ends.inter(region[player]);
        }
        let min = line.distance.min;
        let heads = |origins, max| Heads {
            origins,
            min,
            max,
            ends,
        };
        // `up to height`: pieces of one height go equally far, so they are
        // stepped together, one set per height.
        let mut classes = [(CellSet::EMPTY, 0u32); 8];
        let mut n = 0;
        match line.distance.max {
            Some(max) => self.straight_heads(pos, line, heads(movers, max), base, out),
            None => {
                let mut rest = CellSet::EMPTY;
                for c in movers.iter() {
                    let h = pos.height(c);
                    match classes[..n].iter().position(|(_, m)| *m == h) {
                        Some(i) => classes[i].0.insert(c),
                        None if n < classes.len() => {
                            classes[n] = (CellSet::single(c), h);
                            n += 1;
                        }
                        None => rest.insert(c),
                    }
                }
                // More heights than classes: the rest one by one.
                for c in rest.iter() {
                    let one = heads(CellSet::single(c), pos.height(c));
                    self.straight_heads(pos, line, one, base, out);
                }
            }
        }
        for &(set, max) in &classes[..n] {
            self.straight_heads(pos, line, heads(set, max), base, out);
        }
        if out.ordered {
            // Stable: each piece's moves stay in direction and distance order.
            out.ways[start..].sort_by_key(|w| w.act.origin());
        }
    }

    /// The straight moves of the pieces `heads`, in every direction.
    fn straight_heads(
        &self,
        pos: &Position,
        line: &Straight,
        heads: Heads,
        base: &Act,
        out: &mut Listing,
    ) {
        if self.rules.board.size() <= 64 {
            self.heads::<u64>(pos, line, heads, base, out);
        } else {
            self.heads::<CellSet>(pos, line, heads, base, out);
        }
    }

    /// Steps the pieces of `heads` along each direction from `min` to
    /// `max` cells and pushes an act for each landing its targets allow.
    #[inline]
    fn heads<B: Bitboard>(
        &self,
        pos: &Position,
        line: &Straight,
        heads: Heads,
        base: &Act,
        out: &mut Listing,
    ) {
        let player = pos.to_move();
        let board = &self.rules.board;
        let own = B::of(pos.owned(player));
        let enemy = B::of(pos.owned(player.other()));
        let empty = B::of(board.cells.minus(pos.occupied()));
        let (ends, targets) = (B::of(heads.ends), line.targets);
        for dir in line.dirs.iter() {
            // Every move one way ends as far forward as any other.
            if line.option.must_end_further_forward && self.ahead_of(player, dir) <= 0 {
                continue;
            }
            let shift = board.step_shift(dir);
            let mut at = B::of(heads.origins);
            let mut d = 0;
            while d < heads.max {
                d += 1;
                at = at.step(board, dir);
                if at.is_none() {
                    break;
                }
                if d >= heads.min {
                    let land = at.and(ends);
                    let back = d as i32 * shift;
                    if targets.empty {
                        let cells = land.and(empty);
                        if !out.group_landings(base, cells.to_set(), dir, d) {
                            out.push_landings(base, cells, back, |_, _| true);
                        }
                    }
                    if let Some(cmp) = targets.friend {
                        out.push_landings(base, land.and(own), back, |from, to| {
                            cmp.holds(pos.height(to), pos.height(from))
                                && pos.kind(to) == pos.kind(from)
                        });
                    }
                    match targets.enemy {
                        Some(HeightCompare::Any) => {
                            let cells = land.and(enemy);
                            if !out.group_landings(base, cells.to_set(), dir, d) {
                                out.push_landings(base, cells, back, |_, _| true);
                            }
                        }
                        Some(cmp) => {
                            out.push_landings(base, land.and(enemy), back, |from, to| {
                                cmp.holds(pos.height(to), pos.height(from))
                            });
                        }
                        None => {}
                    }
                }
                if !line.through_pieces {
                    at = at.and(empty);
                }
            }
        }
    }

    /// Whether the option's reserve test (`only when reserve is empty` and
    /// the like) lets it be used at all.
    pub(super) fn option_open(&self, option: &MoveRule, pos: &Position, player: PlayerId) -> bool {
        if let Some(span) = option.turns
            && !span.holds(pos.turns as u32 + 1)
        {
            return false;
        }
        match option.only_if {
            Some(Test::ReserveEmpty) => pos.reserve_total(player) == 0,
            Some(Test::ReserveNotEmpty) => pos.reserve_total(player) > 0,
            _ => true,
        }
    }

    /// Whether the top piece on `from` may bear off: a move along one of
    /// `dirs`, within the distance, would leave the grid.
    pub(super) fn bears_off(
        &self,
        pos: &Position,
        from: Cell,
        dirs: DirSet,
        distance: &Distance,
    ) -> bool {
        let (min, max) = bounds(distance, pos.height(from));
        dirs.iter().any(|dir| {
            // The shortest distance that leaves the grid this way.
            let exit = self.rules.board.steps_to_edge(from, dir) + 1;
            exit.max(min) <= max
        })
    }

    /// The kinds this option may take from the player's reserve.
    pub(super) fn kinds_in_reserve(
        &self,
        option: &MoveRule,
        pos: &Position,
        player: PlayerId,
    ) -> impl Iterator<Item = KindId> + use<> {
        let wanted = option.kind;
        let mut have = 0u32;
        for k in KindId::all(self.rules.kinds.len()) {
            // A neutral kind needs no reserve (and only a named one is placed).
            let held = pos.reserve(player, k) > 0 || wanted == Some(k) && self.rules.neutral[k];
            if wanted.is_none_or(|w| w == k) && held {
                have |= 1 << k.index();
            }
        }
        KindId::all(crate::rules::MAX_KINDS).filter(move |k| have >> k.index() & 1 == 1)
    }

    /// `step … by line count`: each movable piece goes, in each direction,
    /// exactly as many cells as the whole line through it that way holds
    /// stacks (its own included), over friends only with `not over
    /// enemies`, and lands where its targets allow.
    fn line_count_steps(&self, step: &Directed, pos: &Position, base: &Act, acts: &mut Vec<Way>) {
        let (option, player) = (step.option, pos.to_move());
        for from in self.movable(option, pos, player).iter() {
            for dir in step.dirs.iter() {
                if let Some(to) = self.line_count_to(option, pos, (from, dir), step.targets) {
                    acts.push(Way::plain(base.moving(from, to)));
                }
            }
        }
    }

    /// Where a `by line count` step of the piece on `from` along `dir`
    /// lands, if it is a way of the option: the checks of the listing, one
    /// line (the counted candidates draw with it too).
    pub(super) fn line_count_to(
        &self,
        option: &MoveRule,
        pos: &Position,
        (from, dir): (Cell, Dir),
        targets: &Targets,
    ) -> Option<Cell> {
        let player = pos.to_move();
        let board = &self.rules.board;
        let count = board.line_through(from, dir).inter(pos.occupied()).len();
        let enemy = pos.owned(player.other());
        let mut to = from;
        for step in 1..=count {
            to = board.neighbour(to, dir)?;
            let passed_over = step < count;
            if passed_over && option.not_over_enemies && enemy.contains(to) {
                return None;
            }
        }
        self.lands(option, pos, (from, to), targets).then_some(to)
    }

    /// The cells `min` to `max` king steps from `from` (see
    /// [`crate::rules::Board::king_distance`]).
    fn within(&self, from: Cell, min: u32, max: u32) -> CellSet {
        let rings = &self.rings[from.index()];
        let top = (max as usize).min(rings.len().saturating_sub(1));
        let mut out = CellSet::EMPTY;
        for ring in rings.iter().take(top + 1).skip(min as usize) {
            out = out.union(*ring);
        }
        out
    }

    /// The cells whose top piece this option may move.
    pub(super) fn movable(&self, option: &MoveRule, pos: &Position, player: PlayerId) -> CellSet {
        let mut cells = pos.pieces(player, option.kind);
        if let Some(Test::OwnPiecesFill(fill)) = &option.only_if {
            // A cell of the region left unfilled rules out every cell from
            // which the region holds it.
            let owned = pos.owned(player);
            cells = cells.inter(fill.somewhere[player]);
            for unfilled in fill.reach[player].minus(owned).iter() {
                if cells.is_empty() {
                    break;
                }
                cells = cells.minus(fill.held_from[player][unfilled.index()]);
            }
        }
        cells
    }

    /// `only if own pieces fill REGION`, seen from the piece on `cell`: the
    /// region is not empty and every cell of it holds a friendly piece.
    fn fills(&self, option: &MoveRule, pos: &Position, player: PlayerId, cell: Cell) -> bool {
        match &option.only_if {
            Some(Test::OwnPiecesFill(fill)) => {
                let need = fill.from_cell[player][cell.index()];
                !need.is_empty() && need.is_subset(&pos.owned(player))
            }
            _ => true,
        }
    }

    /// Whether the top piece on `from`, of the player to move, may end on
    /// `to`, by its targets and the option's tests of where a move ends.
    #[inline(always)]
    pub(super) fn lands(
        &self,
        option: &MoveRule,
        pos: &Position,
        (from, to): (Cell, Cell),
        targets: &Targets,
    ) -> bool {
        let (player, n) = (pos.to_move(), pos.height(from));
        let target_ok = match pos.owner(to) {
            None => targets.empty && pos.is_empty(to),
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
    pub(super) fn ends_well(
        &self,
        option: &MoveRule,
        player: PlayerId,
        from: Cell,
        to: Cell,
    ) -> bool {
        if let Some(region) = &option.ending_in
            && !region[player].contains(to)
        {
            return false;
        }
        !option.must_end_further_forward || self.ahead(player, from, to) > 0
    }

    /// The cells `ends_well` allows from `from`.
    pub(super) fn end_cells(&self, option: &MoveRule, player: PlayerId, from: Cell) -> CellSet {
        let mut cells = self.rules.board.cells;
        if let Some(region) = &option.ending_in {
            cells = cells.inter(region[player]);
        }
        if option.must_end_further_forward {
            cells = cells.inter(self.further[player][from.index()]);
        }
        cells
    }

    /// How far one step in `dir` goes forward for a player.
    pub(super) fn ahead_of(&self, player: PlayerId, dir: Dir) -> i32 {
        let (df, dr) = dir.delta();
        let (ff, fr) = self.rules.players[player].facing.delta();
        df * ff + dr * fr
    }

    /// How far `to` is ahead of `from` for a player.
    pub(super) fn ahead(&self, player: PlayerId, from: Cell, to: Cell) -> i32 {
        let progress = &self.progress[player];
        progress[to.index()] - progress[from.index()]
    }

    /// Slides with turns: from each movable piece to every empty cell
    /// reachable through empty cells, and onto the pieces next to those.
    /// The empty cells fall into regions, flooded once for all pieces; a
    /// piece reaches the regions next to it.
    fn slides_with_turns<B: Bitboard>(
        &self,
        pos: &Position,
        slide: &Directed,
        base: &Act,
        out: &mut Listing,
    ) {
        const MAX_REGIONS: usize = 32;
        let (option, dirs, targets) = (slide.option, slide.dirs, slide.targets);
        let player = pos.to_move();
        let board = &self.rules.board;
        let movers = self.movable(option, pos, player);
        if movers.is_empty() {
            return;
        }
        let occupied = B::of(pos.occupied());
        let empty = B::of(board.cells).and_not(occupied);
        let step = |cells: B| B::of(board.step_set(cells.to_set(), dirs));
        let flood = |starts: B| B::of(board.flood_from(starts.to_set(), empty.to_set(), dirs));
        let mut regions = [B::NONE; MAX_REGIONS];
        let mut n = 0;
        let mut left = empty;
        // The lowest cell left starts the next region.
        while let Some(c) = { left }.pop() {
            if n == MAX_REGIONS {
                // Many small regions: the rest together, each piece
                // flooding its own way through them below.
                regions[n - 1] = regions[n - 1].or(left);
                break;
            }
            regions[n] = flood(B::cell(c));
            left = left.and_not(regions[n]);
            n += 1;
        }
        let onto_pieces = targets.friend.is_some() || targets.enemy.is_some();
        let plain = targets.empty
            && !onto_pieces
            && option.ending_in.is_none()
            && !option.must_end_further_forward;
        // The cells next to each region: a piece there reaches the region.
        let mut borders = [B::NONE; MAX_REGIONS];
        for i in 0..n {
            borders[i] = step(regions[i]);
        }
        // Pieces next to the same regions reach the same cells: their
        // group of destinations is kept once (draws only).
        let mut shared: [(u32, usize); 8] = [(0, 0); 8];
        let mut n_shared = 0;
        let exact = n < MAX_REGIONS;
        // Without targets on pieces, a piece next to no empty cell has no slide.
        let mut sliders = B::of(movers);
        if !onto_pieces {
            let near = borders[..n].iter().fold(B::NONE, |all, b| all.or(*b));
            sliders = sliders.and(near);
        }
        while let Some(from) = sliders.pop() {
            let mut next_to = 0u32;
            let mut reached = B::NONE;
            for i in 0..n {
                if borders[i].has(from) {
                    next_to |= 1 << i;
                    reached = reached.or(regions[i]);
                }
            }
            if !exact && next_to >> (n - 1) & 1 == 1 {
                // The merged last entry is not one region: flood exactly.
                reached = flood(step(B::cell(from)).and(empty));
            }
            let reached_set = reached.to_set();
            if plain && !out.ordered && exact && reached_set.len() >= 2 {
                let known = shared[..n_shared].iter().find(|(m, _)| *m == next_to);
                let index = match known {
                    Some(&(_, index)) => index,
                    None if out.sets.len() < MAX_SETS => {
                        out.sets.push(reached_set);
                        let index = out.sets.len() - 1;
                        if n_shared < shared.len() {
                            shared[n_shared] = (next_to, index);
                            n_shared += 1;
                        }
                        index
                    }
                    None => {
                        // No room for another set: one by one.
                        out.push_each(base.leaving(from), reached_set);
                        continue;
                    }
                };
                out.ways.push(Way::group(base.leaving(from), index));
                continue;
            }
            let mut ends = reached;
            if onto_pieces {
                let touched = step(reached.or(B::cell(from))).and(occupied);
                ends = ends.or(touched.and_not(B::cell(from)));
            }
            if plain {
                // Every empty cell reached is a landing.
                out.push_dests(base.leaving(from), ends.to_set());
                continue;
            }
            for to in ends.to_set().iter() {
                if self.lands(option, pos, (from, to), targets) {
                    out.push(base.moving(from, to));
                }
            }
        }
    }
}

/// An option that moves pieces along directions: the mover's directions
/// and the cells it may land on (a slide with turns, a line-count step).
struct Directed<'a> {
    option: &'a MoveRule,
    dirs: DirSet,
    targets: &'a Targets,
}

/// Straight moves to look along: a step, or a slide without turns.
pub(super) struct Straight<'a> {
    pub option: &'a MoveRule,
    pub dirs: DirSet,
    pub distance: &'a Distance,
    pub targets: &'a Targets,
    /// A step passes over pieces; a slide does not.
    pub through_pieces: bool,
}

impl Straight<'_> {
    /// The straight moves of an option for a player, if it makes them.
    pub(super) fn of(option: &MoveRule, player: PlayerId) -> Option<Straight<'_>> {
        if option.line_count {
            // Its distance depends on the line: see `line_count_steps`.
            return None;
        }
        match &option.action {
            Action::Step {
                dirs,
                distance,
                targets,
            } => Some(Straight {
                option,
                dirs: dirs[player],
                distance,
                targets,
                through_pieces: true,
            }),
            Action::Slide {
                dirs,
                with_turns: false,
                distance,
                targets,
            } => Some(Straight {
                option,
                dirs: dirs[player],
                distance,
                targets,
                through_pieces: false,
            }),
            Action::Place { .. }
            | Action::Enter { .. }
            | Action::Relocate { .. }
            | Action::Slide { .. }
            | Action::Jump { .. }
            | Action::BearOff { .. }
            | Action::Return { .. } => None,
        }
    }
}

/// The mover's cells a `return` may take from, before its kind and
/// `only if` tests: the region, less the entry line if it says so.
fn returnable(
    option: &MoveRule,
    from: &crate::rules::PerPlayer<CellSet>,
    pos: &Position,
    player: PlayerId,
    earlier: Earlier,
) -> CellSet {
    let cells = from[player].inter(pos.owned(player));
    if option.not_on_entry_line {
        cells.minus(earlier.entry_line)
    } else {
        cells
    }
}

/// The distances a move may cover from a stack of height `n`.
fn bounds(distance: &Distance, n: u32) -> (u32, u32) {
    (distance.min, distance.max.unwrap_or(n))
}

/// Whether the run an entry pushes (from the entry cell up to the first
/// empty cell of its line) holds a neutral piece.
pub(super) fn pushes_neutral(pos: &Position, line: &[Cell]) -> bool {
    !pos.neutral.is_empty()
        && line
            .iter()
            .take_while(|c| !pos.is_empty(**c))
            .any(|c| pos.neutral.contains(*c))
}
