//! Drawing a turn of two parts without walking every first act.
//!
//! A first act is drawn uniformly, and a place among a bound on the ways
//! any first act is followed by (leaving the second part out counted
//! where that may be legal): a place beyond the drawn act's own ways is
//! drawn again, so that every way of the turn is as likely as any other.
//! Only the drawn way is played; the merge count goes on as in the counted
//! outline (`outline.rs`), over the first acts that may reach the result.
//! The bound comes from one of two facts about the rules ([`SecondPart`]):
//!
//! - **Free**: no first act can change what the second part's listing
//!   reads (an entry or a placement followed by a `return … not on entry
//!   line`, which may not take from the entry's line). The ways after a
//!   first act are then counted on the turn's start, without playing it,
//!   and are never more than the second part's acts with no entry line.
//! - **Bounded**: the second part only places or returns pieces, or moves
//!   the last piece in straight lines, so its acts are at most the cells
//!   it may act on, each kind once: for a placement `next to` or `in sight
//!   of the last piece`, the most cells near any one cell on an empty
//!   board (a domino's second half, an Amazons arrow); for a step or slide
//!   `moving the last piece`, the most cells its lines cross from any one
//!   cell. The ways after a first act are counted with the act
//!   played, which is still far less than counting them after every first
//!   act.

use super::generate::{Listing, Way};
use super::moves::{Act, Deed, Played};
use super::outline::Stem;
use super::reach::changes_far;
use super::sample::{Tried, Ways, drop_way, pick};
use super::{Earlier, Engine, Position, Successors};
use crate::rules::{Action, CellSet, DirSet, MoveRule, Test};
use crate::rules::{KindId, PlayerId};

/// The most ways a bounded second part may be counted as having: a larger
/// bound would miss too often to beat the outline.
const MOST_BOUNDED: usize = 512;

/// What bounds the ways after a first act of a turn of two parts (see the
/// module's notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SecondPart {
    /// The second part's listing reads nothing a first act may change.
    Free,
    /// At most `most` ways follow any first act; `alone`: the first act
    /// alone may be a legal way (the second part is optional, or a goal
    /// may decide the game after the first act), and is one of them.
    /// `beside`: both parts only place pieces, the second near the first,
    /// and the first alone is no way, so a first placement with no empty
    /// cell beside it for the second is no way either (see
    /// [`Engine::cells_followed`]).
    Bounded {
        most: usize,
        alone: bool,
        beside: bool,
    },
}

/// The ways of a turn of two parts as [`SecondPart`] bounds them: number
/// `i` is place `i % bound` after first act `i / bound`, no way when the
/// act has fewer ways than that. `MERGE`: whether ways may merge, to be
/// counted (a constant, so that a turn whose ways never merge has its
/// own, shorter, compiled draw).
pub(super) struct TwoParts<'a, const MERGE: bool> {
    /// The first acts, a group standing for one per destination...
    pub(super) firsts: Vec<Way>,
    /// ...how many they stand for...
    n: usize,
    /// ...and at least how many ways follow any of them.
    bound: usize,
    /// Whether the first act alone may be a way (the first of its ways).
    alone: bool,
    /// [`SecondPart::Free`]: the ways after an act are counted unplayed.
    free: bool,
    /// The turn's start, also the working copy where merges are counted.
    root: &'a mut Position,
    /// The first act last drawn, and whether no way follows it.
    picked: ((usize, Act), bool),
}

impl<const MERGE: bool> TwoParts<'_, MERGE> {
    /// What place `place` is among `ways` ways after the first act drawn,
    /// when it is no way: `None` when it is one.
    fn out_of_reach(&mut self, ways: usize, place: usize) -> Option<Tried> {
        if ways > self.bound {
            // The rules' bound is wrong: never draw unevenly.
            debug_assert!(false, "{ways} ways after a first act, bound {}", self.bound);
            return Some(Tried::GiveUp);
        }
        if ways == 0 {
            // No way follows the act: put aside.
            self.picked.1 = true;
            return Some(Tried::Miss);
        }
        (place >= ways).then_some(Tried::NotAWay)
    }
}

impl<const MERGE: bool> Ways for TwoParts<'_, MERGE> {
    fn total(&self) -> usize {
        self.n * self.bound
    }

    fn try_way(
        &mut self,
        engine: &Engine,
        index: usize,
        pos: &mut Position,
        scratch: &mut Successors,
    ) -> Tried {
        let (first, place) = (index / self.bound, index % self.bound);
        let board = &engine.rules.board;
        let (i, act) = pick(&self.firsts, &scratch.captures, first, board);
        self.picked = ((i, act), false);
        let jumped = self.firsts[i].captured(&scratch.captures);
        let player = pos.to_move();
        let after = engine.earlier_after(0, &act, player, Earlier::default());
        if self.free {
            // Counted on the turn's start, unplayed: most misses end here.
            let ways = self.alone as usize + engine.count_acts_of_part(1, pos, after, scratch);
            if let Some(tried) = self.out_of_reach(ways, place) {
                return tried;
            }
        }
        // The first act, played once with every check; the second part
        // listed after it, to count its ways and to play the drawn one.
        if engine
            .play_act(0, pos, &act, jumped, &mut scratch.trail)
            .is_err()
        {
            // Every way of the turn that starts so is refused.
            self.picked.1 = true;
            return Tried::Miss;
        }
        // A decided game ends the turn: no act may follow.
        let decided = pos.result.is_some();
        let mut acts = std::mem::take(&mut scratch.acts[1]);
        acts.clear();
        let mark = scratch.captures.len();
        if !decided {
            let listing = &mut Listing {
                ways: &mut acts,
                sets: &mut scratch.captures,
                ordered: false,
            };
            engine.acts_of_part(1, pos, after, listing);
        }
        let listed: usize = acts.iter().map(|w| w.ways(&scratch.captures)).sum();
        let leaf = place.checked_sub(self.alone as usize);
        let second = leaf.filter(|&leaf| leaf < listed).map(|leaf| {
            let (i, second) = pick(&acts, &scratch.captures, leaf, board);
            (second, acts[i].captured(&scratch.captures))
        });
        scratch.captures.truncate(mark);
        scratch.acts[1] = acts;
        if let Some(tried) = self.out_of_reach(self.alone as usize + listed, place) {
            // (Nothing is left unplayed: the caller takes the act back.)
            return match tried {
                Tried::NotAWay => Tried::Miss,
                Tried::Miss | Tried::Legal(_) | Tried::GiveUp => tried,
            };
        }
        let mut mv = Played::PASS;
        mv.push(act, jumped);
        match second {
            // The first act alone: a way where the game is decided, or the
            // second part may be left out.
            None if decided || engine.rules.parts[1].optional => {}
            None => return Tried::Miss,
            Some((second, taken)) => {
                if engine
                    .play_act(1, pos, &second, taken, &mut scratch.trail)
                    .is_err()
                {
                    return Tried::Miss;
                }
                mv.push(second, taken);
            }
        }
        if !MERGE {
            return Tried::Legal(1);
        }
        let root = &mut *self.root;
        let changed = super::outline::net_change(root, pos, &scratch.trail);
        engine.push_stems_that_may_merge(root, changed, &self.firsts, self.alone, scratch);
        Tried::Legal(engine.ways_to_outlined(root, pos, &mv, changed, scratch))
    }

    fn put_aside(&mut self, engine: &Engine, scratch: &mut Successors) -> bool {
        let (picked, no_way) = self.picked;
        if no_way {
            drop_way(
                &mut self.firsts,
                &mut scratch.captures,
                picked,
                &engine.rules.board,
            );
            self.n -= 1;
        }
        no_way
    }
}

impl Engine {
    /// The ways of a turn of two parts on `pos` bounded as `second` says
    /// (see the module's notes), `pos` also the working copy where merges
    /// are counted; its first acts are listed in `scratch.acts[0]` (taken:
    /// the caller gives them back).
    pub(super) fn two_parts<'a, const MERGE: bool>(
        &self,
        second: SecondPart,
        pos: &'a mut Position,
        scratch: &mut Successors,
    ) -> TwoParts<'a, MERGE> {
        scratch.clear();
        let mut firsts = std::mem::take(&mut scratch.acts[0]);
        firsts.clear();
        self.acts_of_part(
            0,
            pos,
            Earlier::default(),
            &mut Listing {
                ways: &mut firsts,
                sets: &mut scratch.captures,
                ordered: false,
            },
        );
        if let SecondPart::Bounded { beside: true, .. } = second {
            // Only first placements that a second one can follow: a
            // stuck player is then seen at once, not after trying every
            // empty cell.
            let followed = self.cells_followed(pos);
            let sets = &mut scratch.captures;
            firsts.retain(|w| {
                if w.is_group() {
                    w.keep_dests(sets, followed);
                    true
                } else {
                    w.act.destination().is_some_and(|c| followed.contains(c))
                }
            });
        }
        let n = firsts.iter().map(|w| w.ways(&scratch.captures)).sum();
        let (bound, alone) = match second {
            // The first act alone is one way; the second part's acts are
            // most with no entry line, as `not on entry line` only removes.
            SecondPart::Free => (
                1 + self.count_acts_of_part(1, pos, Earlier::default(), scratch),
                true,
            ),
            SecondPart::Bounded { most, alone, .. } => (most, alone),
        };
        scratch.bases.push(Played::PASS);
        TwoParts {
            firsts,
            n,
            bound,
            alone,
            free: second == SecondPart::Free,
            root: pos,
            picked: ((0, Act::EMPTY), false),
        }
    }

    /// The stem of a first act `act` on `pos`, the turn's start, whose
    /// first way is the act alone if `alone`: for the merge count, which
    /// lists the ways after it.
    fn free_stem(&self, pos: &Position, act: Act, jumped: CellSet, alone: bool) -> Stem {
        let option = &self.rules.parts[0].options[act.option as usize];
        let (touched, sure) = match self.footprint(option, pos, &act, jumped) {
            Some((touched, sure, _)) => (touched, sure),
            None => (self.rules.board.cells, CellSet::EMPTY),
        };
        Stem {
            base: 0,
            act: Some(act),
            jumped,
            before: 0,
            ways: 0,
            alone,
            tail: true,
            touched,
            sure,
        }
    }

    /// How a turn of two parts can be drawn without walking every first
    /// act, if it can.
    pub(super) fn second_part(&self) -> Option<SecondPart> {
        if self.rules.parts.len() != 2 {
            return None;
        }
        if self.first_part_free() {
            return Some(SecondPart::Free);
        }
        self.bounded_second_part()
    }

    /// [`SecondPart::Bounded`], if the second part only places or returns
    /// pieces or moves the last piece straight: a placement's acts are at
    /// most its cells (those near the last cell, for a tied one) for each
    /// kind, a return's its region, a straight move's the cells its lines
    /// cross.
    fn bounded_second_part(&self) -> Option<SecondPart> {
        let rules = &self.rules;
        let board = &rules.board;
        let alone = rules.parts[1].optional || !rules.goals.is_empty();
        let mut most = 0;
        for player in PlayerId::BOTH {
            let mut ways = alone as usize;
            for option in &rules.parts[1].options {
                ways += match &option.action {
                    Action::Place { on } => {
                        // A dropped piece may land outside the cells listed.
                        let cells = match option.dropping {
                            Some(_) => board.cells,
                            None => on[player],
                        };
                        let kinds = if option.kind.is_some() {
                            1
                        } else {
                            rules.kinds.len()
                        };
                        let most_cells = match &option.near_last {
                            None => cells.len(),
                            Some(near) => {
                                let dirs = near.dirs[player];
                                let near_cell = |c| {
                                    if near.sight {
                                        board.sight(c, dirs, CellSet::EMPTY)
                                    } else {
                                        board.step_set(CellSet::single(c), dirs)
                                    }
                                };
                                let counts =
                                    board.cells.iter().map(|c| near_cell(c).inter(cells).len());
                                counts.max().unwrap_or(0)
                            }
                        };
                        most_cells * kinds
                    }
                    Action::Return { from, .. } => from[player].len(),
                    // The piece on the last cell, along straight lines: a
                    // way for each cell its lines cross.
                    Action::Step { dirs, .. }
                    | Action::Slide {
                        dirs,
                        with_turns: false,
                        ..
                    } if option.moving_last => {
                        let lines = |c| board.sight(c, dirs[player], CellSet::EMPTY).len();
                        board.cells.iter().map(lines).max().unwrap_or(0)
                    }
                    Action::Enter { .. }
                    | Action::Relocate { .. }
                    | Action::Step { .. }
                    | Action::Slide { .. }
                    | Action::Jump { .. }
                    | Action::BearOff { .. } => return None,
                };
            }
            most = most.max(ways);
        }
        let places = |o: &MoveRule| {
            matches!(o.action, Action::Place { .. })
                && o.flank.is_none()
                && !o.must_remove
                && !o.must_convert
        };
        let beside = !alone
            && rules.remove_disconnected.is_none()
            && rules.parts[0].options.iter().all(places)
            && rules.parts[1]
                .options
                .iter()
                .all(|o| places(o) && o.near_last.is_some() && o.dropping.is_none());
        (most <= MOST_BOUNDED).then_some(SecondPart::Bounded {
            most,
            alone,
            beside,
        })
    }

    /// The empty cells a first placement may fill and still be followed
    /// by a second placement of [`SecondPart::Bounded`] `beside`: those
    /// with a neighbour, along one of a tie's directions, that is empty
    /// (and, `next to` the last piece, in the option's region). A first
    /// placement changes no other cell, so its cell's neighbours are as
    /// they are now. A superset: the second may still find no way (its
    /// reserve spent, its turn closed).
    fn cells_followed(&self, pos: &Position) -> CellSet {
        let board = &self.rules.board;
        let player = pos.to_move();
        let empty = board.cells.minus(pos.occupied());
        let mut followed = CellSet::EMPTY;
        for option in &self.rules.parts[1].options {
            let (Action::Place { on }, Some(near)) = (&option.action, &option.near_last) else {
                continue;
            };
            // In sight, the first cell along a line must be empty, in the
            // region or not; next to it, it is the cell placed on.
            let targets = if near.sight {
                empty
            } else {
                empty.inter(on[player])
            };
            for dir in near.dirs[player].iter() {
                followed = followed.union(board.step_set(targets, DirSet::single(dir.opposite())));
            }
        }
        followed.inter(empty)
    }

    /// Whether a turn has two parts and the second part's acts can be
    /// listed on the turn's start whatever the first act: no first act
    /// changes a cell or holding that listing reads (an entry's push, or a
    /// placement, with a `return … not on entry line` after it).
    fn first_part_free(&self) -> bool {
        let parts = &self.rules.parts;
        let reads_holdings = parts[1].options.iter().any(|o| {
            matches!(o.action, Action::Place { .. })
                || matches!(o.only_if, Some(Test::ReserveEmpty | Test::ReserveNotEmpty))
        });
        for (index, option) in parts[0].options.iter().enumerate() {
            if option.must_remove || option.must_convert || changes_far(&self.rules, option) {
                return false;
            }
            let base = Act::of(0, index as u8);
            for player in PlayerId::BOTH {
                // Each act's cells against what the listing after it reads.
                let free = |act: &Act, cells: CellSet| {
                    let after = self.earlier_after(0, act, player, Earlier::default());
                    self.listing_support(1, player, after)
                        .is_some_and(|(support, _)| !support.intersects(&cells))
                };
                let ok = match &option.action {
                    Action::Enter { entries } => {
                        !reads_holdings
                            && entries[player].iter().enumerate().all(|(i, line)| {
                                // The kind does not change what it reads.
                                let act = base.entering(KindId::default(), i as u16, line.cells[0]);
                                free(&act, line.set)
                            })
                    }
                    // A dropped piece may land on any cell, not only its
                    // region's: each landing, with the rank and file it
                    // names as the entry line.
                    Action::Place { on } => {
                        let lands = match option.dropping {
                            Some(_) => self.rules.board.cells,
                            None => on[player],
                        };
                        !reads_holdings
                            && lands.iter().all(|to| {
                                free(&base.placing(KindId::default(), to), CellSet::single(to))
                            })
                    }
                    // Moves may change any cell: only a listing that reads none.
                    Action::Relocate { .. }
                    | Action::Step { .. }
                    | Action::Slide { .. }
                    | Action::Jump { .. } => free(&base, self.rules.board.cells),
                    Action::BearOff { .. } | Action::Return { .. } => {
                        !reads_holdings && free(&base, self.rules.board.cells)
                    }
                };
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    /// Notes as stems of the merge count every first act of `firsts` but
    /// the entries that surely cannot reach a result that changed the
    /// stacks of `changed` from `root`: an entry that neither flanks nor
    /// cuts pieces off changes only cells of its line, and its entry cell
    /// unless that holds the entered piece already, so the second act
    /// would have to change the rest of what the result changed, and that
    /// cell back.
    fn push_stems_that_may_merge(
        &self,
        root: &Position,
        changed: CellSet,
        firsts: &[Way],
        alone: bool,
        out: &mut Successors,
    ) {
        out.stems.clear();
        let player = root.to_move();
        let reach = self.last_part_reach.unwrap_or(usize::MAX);
        let board = &self.rules.board;
        for way in firsts {
            let jumped = way.captured(&out.captures);
            let option = &self.rules.parts[0].options[way.act.option as usize];
            // An entry changes only its line, unless it flanks or cuts off.
            let line_only = !changes_far(&self.rules, option);
            if let (Action::Enter { entries }, Deed::Enter { kind, line, to: e }, true) =
                (&option.action, way.act.deed, line_only)
            {
                let line = entries[player][line as usize].set;
                let mut apart = changed.minus(line);
                let entered = (Some(player), kind, 1);
                if !changed.contains(e) && (root.owner(e), root.kind(e), root.height(e)) != entered
                {
                    apart.insert(e);
                }
                if !apart.has_at_most(reach) {
                    continue;
                }
            }
            let apart_at_least = |act: &Act| self.cells_surely_apart(option, act, jumped, changed);
            if way.is_group() {
                for to in way.dests(&out.captures).iter() {
                    let act = way.landing_on(to, board);
                    if apart_at_least(&act) <= reach {
                        out.stems.push(self.free_stem(root, act, jumped, alone));
                    }
                }
            } else if apart_at_least(&way.act) <= reach {
                out.stems.push(self.free_stem(root, way.act, jumped, alone));
            }
        }
    }

    /// At least how many cells a first act and a result that changed the
    /// stacks of `changed` must differ on, by counting alone (0 where
    /// nothing is sure): a placement changes its cell, and a move that
    /// takes nothing its origin and its destination. The merge count
    /// passes over a first act that differs on more cells than the last
    /// part's act can change, so it need not be made a stem.
    fn cells_surely_apart(
        &self,
        option: &crate::rules::MoveRule,
        act: &Act,
        jumped: CellSet,
        changed: CellSet,
    ) -> usize {
        let cells: &[crate::rules::Cell] = match act.deed {
            Deed::Place { to, .. } if option.dropping.is_none() => &[to],
            Deed::Move { from, to, .. }
                if !option.leaves_copy && jumped.is_empty() && from != to =>
            {
                &[from, to]
            }
            Deed::Place { .. } | Deed::Enter { .. } | Deed::Move { .. } | Deed::Lift { .. } => {
                return 0;
            }
        };
        if changes_far(&self.rules, option) {
            return 0;
        }
        // Cells of `changed` the act does not change, and cells it
        // changes that `changed` lacks.
        let inside = cells.iter().filter(|&&c| changed.contains(c)).count();
        changed.len() - inside + (cells.len() - inside)
    }
}
