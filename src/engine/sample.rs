//! One uniformly random legal move, without generating every successor.
//!
//! Every draw is one loop over one idea ([`Ways`]): a superset of the
//! turn's ways that can be counted and numbered without playing them.
//! A number is drawn uniformly and its way played with every check. A
//! number that is no legal way is drawn again (put aside for good where
//! the superset can drop it). A legal way whose result `m` ways in all
//! lead to is kept with probability `1/m`, else drawn again: each distinct
//! result is then kept with probability `m × 1/m` per draw, the same for
//! all, so the draw is uniform over the legal moves (the distinct
//! successor positions). When no two ways can ever merge (see
//! [`ways_never_merge`]), `m` is 1 and is not counted.
//!
//! The supersets, coarsest first; each gives up after many misses and the
//! next takes over, and the exact listing of the legal moves ends the
//! chain:
//!
//! - one part, straight moves and bear-offs: candidates counted as a
//!   product of pieces, directions and distances (`candidates.rs`);
//! - one part: the listed ways ([`Listed`]), illegal ones put aside;
//! - two parts with a bound on the second: a first act and a place among
//!   the bound (`free_parts.rs`);
//! - several parts: the counted outline, ways of the parts before the
//!   last played and the last part's counted (`outline.rs`).
//!
//! Where a way's legality depends on the others (`captures are
//! mandatory`), the capturing moves are listed exactly instead.

use super::apply::{has_destination, has_origin};
use super::generate::{Listing, MAX_SETS, Way};
use super::moves::{Act, Played};
use super::outline::MISSES;
use super::position::Was;
use super::{Earlier, Engine, Outcome, Position, Successors};
use crate::rng::Rng;
use crate::rules::PlayerId;
use crate::rules::{Action, Board, Cell, CellSet, Distance, JumpLeg, MoveRule, Part, Rules};

/// The result of drawing a move. (The position is returned by value: it
/// moves once per ply, and boxing it would allocate in every play-out.)
#[allow(clippy::large_enum_variant)]
pub enum Draw {
    /// The position after a uniformly random legal move.
    Next(Position),
    /// The game is over in the position (won, lost, or stuck without a pass).
    Over(Outcome),
}

impl Engine {
    /// Draws a uniformly random legal move of `pos` and returns where it
    /// leads. Repetition is the caller's business. `scratch` is reused.
    pub fn random_successor(
        &self,
        pos: &Position,
        rng: &mut Rng,
        scratch: &mut Successors,
    ) -> Draw {
        let mut next = pos.clone();
        match self.play_random(&mut next, rng, scratch) {
            None => Draw::Next(next),
            Some(outcome) => Draw::Over(outcome),
        }
    }

    /// Plays a uniformly random legal move on `pos` in place, or returns
    /// how the game ended if it is over (then `pos` is left as it was).
    /// Repetition is the caller's business. `scratch` is reused.
    ///
    /// When [`Successors::overrun`] of `scratch` then says why, the draw
    /// was cut short: neither `pos` nor the answer is to be trusted.
    pub fn play_random(
        &self,
        pos: &mut Position,
        rng: &mut Rng,
        scratch: &mut Successors,
    ) -> Option<Outcome> {
        // A draw may walk the turn a few times (counted, outlined, then
        // listed exactly), so it is given a few listings' work.
        let (outcome, overrun) = super::budget::metered(4 * super::WORK_PER_LISTING, || {
            self.draw_and_play(pos, rng, scratch)
        });
        scratch.overrun = overrun;
        outcome
    }

    fn draw_and_play(
        &self,
        pos: &mut Position,
        rng: &mut Rng,
        scratch: &mut Successors,
    ) -> Option<Outcome> {
        if let Some(outcome) = pos.result() {
            return Some(outcome);
        }
        // Whether a way is legal depends on the other ways: list the ways
        // that may take a piece, and draw among those that do; where none
        // does, every way is legal and the turn is drawn as any other.
        // Whether the options that may capture listed nothing here: then
        // the draw below need not list them again.
        let mut capturing_idle = false;
        if let Some(compulsion) = self.rules.mandatory_captures
            && !self.capturing_options.is_empty()
        {
            capturing_idle = !self.capturing_moves(pos, scratch);
            if super::budget::stopped() {
                return None;
            }
            if !scratch.is_empty() {
                // Every move listed takes: only `taking the most` keeps fewer.
                if compulsion == super::Compulsion::Most {
                    self.keep_captures(pos, compulsion, scratch);
                }
                self.replay_drawn(pos, scratch, rng);
                return None;
            }
        } else if self.rules.mandatory_captures.is_some() {
            self.legal_moves(pos, scratch);
            if scratch.is_empty() {
                return Some(self.stuck_outcome(pos));
            }
            self.replay_drawn(pos, scratch, rng);
            return None;
        }
        let drawn = if self.rules.parts.len() == 1 {
            let mut drawn = None;
            if self.draws_candidates() {
                let mut cands = std::mem::take(&mut scratch.candidates);
                self.count_candidates(pos, &mut cands, &mut scratch.captures);
                drawn = self.draw_from(&mut cands, super::candidates::TRIES, pos, rng, scratch);
                scratch.candidates = cands;
            }
            if drawn != Some(true) {
                // Where ways may merge, they are counted from the start.
                let start = (!self.distinct_ways).then(|| pos.clone());
                let mut listed = self.listed_ways(pos, start.as_ref(), capturing_idle, scratch);
                drawn = self.draw_from(&mut listed, usize::MAX, pos, rng, scratch);
                scratch.acts[0] = listed.acts;
            }
            drawn
        } else {
            // The turn's start, also the working copy where merges are
            // counted.
            let mut root = pos.clone();
            let mut drawn = None;
            if let Some(second) = self.second_part {
                drawn = if self.distinct_ways {
                    self.draw_two_parts::<false>(second, &mut root, pos, rng, scratch)
                } else {
                    self.draw_two_parts::<true>(second, &mut root, pos, rng, scratch)
                };
            }
            if drawn.is_none() {
                let mut outline = self.outline(&mut root, pos, scratch);
                drawn = self.draw_from(&mut outline, MISSES, pos, rng, scratch);
            }
            drawn
        };
        if drawn == Some(true) {
            self.end_turn(pos);
            return None;
        }
        if super::budget::stopped() {
            return None;
        }
        if drawn == Some(false) {
            // No legal way: a pass where the rules give one (the only move
            // then), or the end.
            return match self.stuck_pass(pos) {
                Some(next) => {
                    *pos = next;
                    None
                }
                None => Some(self.stuck_outcome(pos)),
            };
        }
        // After many misses, the exact listing.
        self.legal_moves(pos, scratch);
        if scratch.is_empty() {
            return Some(self.stuck_outcome(pos));
        }
        self.replay_drawn(pos, scratch, rng);
        None
    }

    /// Plays on `pos` a move drawn from those listed in `scratch`, unless
    /// the listing, or the replay's goal checks, ran out of work (the
    /// caller's scope then reports the overrun, and `pos` is as it was).
    fn replay_drawn(&self, pos: &mut Position, scratch: &mut Successors, rng: &mut Rng) {
        if let Some(next) = self.replay_listed(pos, scratch, rng.below(scratch.len())) {
            *pos = next;
        }
    }

    /// The legal moves of `pos`, a one-part turn, that take an enemy piece
    /// off the board (or convert one: anything that lowers the enemy's
    /// count on the board, as `captures are mandatory` reads it), from the
    /// options that may; merged as [`Engine::legal_moves`] merges. No
    /// capture and no other move can lead to one position, as they leave
    /// the enemy different counts.
    ///
    /// False when those options listed no way at all.
    fn capturing_moves(&self, pos: &Position, out: &mut Successors) -> bool {
        out.clear();
        let mut acts = std::mem::take(&mut out.acts[0]);
        acts.clear();
        let options = &self.rules.parts[0].options;
        for (i, option) in options.iter().enumerate() {
            if self.capturing_options[i] {
                let at = (0, i);
                let earlier = Earlier::default();
                self.acts_of(
                    at,
                    option,
                    pos,
                    earlier,
                    &mut Listing {
                        ways: &mut acts,
                        sets: &mut out.captures,
                        ordered: true,
                    },
                );
            }
        }
        if acts.is_empty() {
            // Nothing may take: no working copy to make (most plies).
            out.acts[0] = acts;
            return false;
        }
        let enemy = pos.to_move().other();
        let before = pos.on_board(enemy);
        let mut work = pos.clone();
        for way in &acts {
            if !super::budget::charge(1) {
                super::budget::blame(|| "listing the captures of a turn".into());
                break;
            }
            let header = work.header();
            let mark = out.trail.len();
            let jumped = way.captured(&out.captures);
            let played = self.play_act(0, &mut work, &way.act, jumped, &mut out.trail);
            if played.is_ok() && work.on_board(enemy) < before {
                let mut mv = Played::PASS;
                mv.push(way.act, jumped);
                self.finish_turn(pos, &work, &mv, out);
            }
            work.rollback(&header, &mut out.trail, mark);
        }
        out.acts[0] = acts;
        true
    }

    /// The one draw loop (see the module's notes): draws numbers of
    /// `ways` on `pos`, the turn's start, until one is a legal way that is
    /// kept, which is left played on `pos` (its turn not ended). Then
    /// `Some(true)`; `Some(false)`, with `pos` as it was, when no way is
    /// legal (or the budget ran out); `None` after `misses` numbers drawn
    /// in vain, for a finer superset to take over.
    fn draw_from<W: Ways>(
        &self,
        ways: &mut W,
        misses: usize,
        pos: &mut Position,
        rng: &mut Rng,
        scratch: &mut Successors,
    ) -> Option<bool> {
        let header = pos.header();
        let mut left = misses;
        while left > 0 {
            let total = ways.total();
            // A superset cut short by the budget is not drawn from.
            if total == 0 || super::budget::stopped() {
                return Some(false);
            }
            let index = rng.below(total);
            scratch.trail.clear();
            match ways.try_way(self, index, pos, scratch) {
                Tried::Legal(m) if m == 1 || rng.below(m) == 0 => {
                    scratch.trail.clear();
                    return Some(true);
                }
                Tried::Legal(_) => left -= 1,
                Tried::Miss => {
                    if !ways.put_aside(self, scratch) {
                        left -= 1;
                    }
                }
                Tried::NotAWay => {
                    left -= 1;
                    continue;
                }
                Tried::GiveUp => {
                    // A superset may give up after playing part of a way.
                    pos.rollback(&header, &mut scratch.trail, 0);
                    return None;
                }
            }
            pos.rollback(&header, &mut scratch.trail, 0);
        }
        None
    }

    /// [`Engine::draw_from`] the ways of a turn of two parts within the
    /// bound `second`; `root` is a copy of `pos`.
    fn draw_two_parts<const MERGE: bool>(
        &self,
        second: super::free_parts::SecondPart,
        root: &mut Position,
        pos: &mut Position,
        rng: &mut Rng,
        scratch: &mut Successors,
    ) -> Option<bool> {
        let mut two = self.two_parts::<MERGE>(second, root, scratch);
        let drawn = self.draw_from(&mut two, 4 * MISSES, pos, rng, scratch);
        scratch.acts[0] = two.firsts;
        drawn
    }

    /// The ways of a one-part turn on `pos`, listed in `scratch.acts[0]`
    /// (taken: the caller gives it back), their sets in `scratch.captures`;
    /// `start`, a copy of `pos`, where ways may merge. `skip_capturing`
    /// leaves out the options that may capture (known to list nothing).
    fn listed_ways<'a>(
        &self,
        pos: &Position,
        start: Option<&'a Position>,
        skip_capturing: bool,
        scratch: &mut Successors,
    ) -> Listed<'a> {
        let mut acts = std::mem::take(&mut scratch.acts[0]);
        acts.clear();
        scratch.captures.clear();
        let listing = &mut Listing {
            ways: &mut acts,
            sets: &mut scratch.captures,
            ordered: false,
        };
        for (i, option) in self.rules.parts[0].options.iter().enumerate() {
            if !(skip_capturing && self.capturing_options[i]) {
                self.acts_of((0, i), option, pos, Earlier::default(), listing);
            }
        }
        // A group counts for as many ways as it has destinations.
        let grouped = acts.iter().any(Way::is_group);
        let total = if grouped {
            acts.iter().map(|w| w.ways(&scratch.captures)).sum()
        } else {
            acts.len()
        };
        Listed {
            acts,
            grouped,
            total,
            start,
            picked: (0, Act::EMPTY),
        }
    }

    /// How many of the ways in `acts` lead where the `drawn` way led from
    /// `pos`. Another way can lead there only if the stacks it must change
    /// are among those the drawn way touched, and changed its way: the
    /// cell its piece leaves lower, the cell it lands on the mover's. Only
    /// such ways are played. One part only.
    fn ways_to(
        &self,
        pos: &Position,
        drawn: &Drawn,
        acts: &[Way],
        sets: &[CellSet],
        trail: &mut Vec<Was>,
    ) -> usize {
        let Drawn {
            act: drawn,
            jumped: drawn_jumped,
            next,
            touched,
        } = *drawn;
        let options = &self.rules.parts[0].options;
        let mut m = 1;
        // Copies by one option onto one cell, of one kind of piece, leave
        // the same position whichever piece was copied: counted unplayed.
        let copies_drawn = options[drawn.option as usize].leaves_copy && drawn_jumped.is_empty();
        let same_copy = |act: &Act, jumped: CellSet| {
            copies_drawn
                && jumped.is_empty()
                && (act.option, act.destination()) == (drawn.option, drawn.destination())
                && act.origin().map(|c| pos.kind(c)) == drawn.origin().map(|c| pos.kind(c))
        };
        let mut count = |act: &Act, jumped: CellSet| {
            if same_copy(act, jumped) {
                m += 1;
                return;
            }
            let mut other = pos.clone();
            let mark = trail.len();
            let played = self.play_act(0, &mut other, act, jumped, trail);
            trail.truncate(mark);
            if played.is_ok() && other.key == next.key && other == *next {
                m += 1;
            }
        };
        // A way's piece ends on its destination, owned by the mover, and
        // its origin stack is lower after it: only such cells qualify.
        let landed = touched.inter(next.owned(pos.to_move()));
        let lowered = |c: Cell| touched.contains(c) && next.height(c) < pos.height(c);
        for way in acts {
            let option = &options[way.act.option as usize];
            let action = &option.action;
            // A piece that leaves a copy does not lower its origin.
            let leaves = has_origin(action) && !option.leaves_copy;
            if leaves && way.fixed_origin() && !way.act.origin().is_some_and(lowered) {
                continue;
            }
            // An entry's own cell may hold the same after a push; its gap
            // always changes, but is not known here, so entries are played.
            let landing = has_destination(action) && !matches!(action, Action::Enter { .. });
            let jumped = way.captured(sets);
            if way.is_group() {
                for to in way.dests(sets).inter(landed).iter() {
                    let act = way.landing_on(to, &self.rules.board);
                    if act != drawn && (!leaves || act.origin().is_some_and(lowered)) {
                        count(&act, jumped);
                    }
                }
                continue;
            }
            let lands_elsewhere = !way.act.destination().is_some_and(|to| landed.contains(to));
            if landing && lands_elsewhere || (way.act, jumped) == (drawn, drawn_jumped) {
                continue;
            }
            count(&way.act, jumped);
        }
        m
    }
}

/// A countable superset of the ways of a turn, numbered from 0: what
/// every draw draws from (see the module's notes).
pub(super) trait Ways {
    /// How many numbers there are to draw from now.
    fn total(&self) -> usize;

    /// Plays number `index` on `pos`, the turn's start, with every check,
    /// noting each change in `scratch.trail` (the turn not ended). The
    /// caller takes `pos` back unless the way is kept.
    fn try_way(
        &mut self,
        engine: &Engine,
        index: usize,
        pos: &mut Position,
        scratch: &mut Successors,
    ) -> Tried;

    /// Puts what the number last tried stood for, just found to hold no
    /// legal way, aside for good, if this superset can (then
    /// [`Ways::total`] is less).
    fn put_aside(&mut self, _engine: &Engine, _scratch: &mut Successors) -> bool {
        false
    }
}

/// What a number drawn from [`Ways`] turned out to be.
pub(super) enum Tried {
    /// No way, found without playing anything.
    NotAWay,
    /// No legal way, found by playing it (then taken back) or by a count
    /// that says nothing follows (then [`Ways::put_aside`] may drop it).
    Miss,
    /// A legal way, played, and how many of the ways lead to its result:
    /// it is kept with probability `1/m`, so each result is drawn as
    /// often as any other.
    Legal(usize),
    /// The superset cannot be drawn from evenly: a finer one takes over
    /// (what was played is taken back).
    GiveUp,
}

/// The listed ways of a one-part turn.
struct Listed<'a> {
    /// The ways, a group standing for one way per destination.
    acts: Vec<Way>,
    grouped: bool,
    /// The ways the entries stand for.
    total: usize,
    /// The turn's start, where ways may merge: the merge count's.
    start: Option<&'a Position>,
    /// The entry and the act last drawn.
    picked: (usize, Act),
}

impl Ways for Listed<'_> {
    fn total(&self) -> usize {
        self.total
    }

    fn try_way(
        &mut self,
        engine: &Engine,
        index: usize,
        pos: &mut Position,
        scratch: &mut Successors,
    ) -> Tried {
        let sets = &scratch.captures;
        let (i, act) = if self.grouped {
            pick(&self.acts, sets, index, &engine.rules.board)
        } else {
            (index, self.acts[index].act)
        };
        self.picked = (i, act);
        let jumped = self.acts[i].captured(sets);
        let trail = &mut scratch.trail;
        if engine.play_act(0, pos, &act, jumped, trail).is_err() {
            return Tried::Miss;
        }
        let Some(start) = self.start else {
            return Tried::Legal(1);
        };
        let mut touched = CellSet::EMPTY;
        for &(cell, _, _) in trail.iter() {
            touched.insert(cell);
        }
        let drawn = Drawn {
            act,
            jumped,
            next: pos,
            touched,
        };
        Tried::Legal(engine.ways_to(start, &drawn, &self.acts, sets, trail))
    }

    fn put_aside(&mut self, engine: &Engine, scratch: &mut Successors) -> bool {
        let (i, act) = self.picked;
        let board = &engine.rules.board;
        drop_way(&mut self.acts, &mut scratch.captures, (i, act), board);
        self.total -= 1;
        true
    }
}

/// Takes `act`, one of the ways entry `i` of `acts` stands for, out of the
/// listing (the entry itself, or the destination from its group).
pub(super) fn drop_way(
    acts: &mut Vec<Way>,
    sets: &mut Vec<CellSet>,
    (i, act): (usize, Act),
    board: &Board,
) {
    let way = acts[i];
    let mut rest = CellSet::EMPTY;
    if way.is_group() {
        rest = way.dests(sets);
        rest.remove(act.cell());
    }
    if rest.is_empty() {
        acts.swap_remove(i);
    } else if sets.len() < MAX_SETS {
        // Groups may share their set: the smaller one is new.
        sets.push(rest);
        acts[i] = way.regrouped(sets.len() - 1);
    } else {
        acts.swap_remove(i);
        for to in rest.iter() {
            acts.push(Way::plain(way.landing_on(to, board)));
        }
    }
}

/// A way drawn and played: the act, the pieces it jumped, the position it
/// led to (its turn not ended) and the cells whose stacks it touched.
struct Drawn<'a> {
    act: Act,
    jumped: CellSet,
    next: &'a Position,
    touched: CellSet,
}

/// The way at `index` among the ways `acts` stand for (a group counting
/// for each of its destinations): its entry, and the act.
pub(super) fn pick(
    acts: &[Way],
    sets: &[CellSet],
    mut index: usize,
    board: &Board,
) -> (usize, Act) {
    for (i, way) in acts.iter().enumerate() {
        let n = way.ways(sets);
        if index >= n {
            index -= n;
            continue;
        }
        if !way.is_group() {
            return (i, way.act);
        }
        let to = way
            .dests(sets)
            .nth(index)
            .expect("an index within the group");
        return (i, way.landing_on(to, board));
    }
    unreachable!("the index is below the total of the ways")
}

/// Whether two different ways of playing a turn can never lead to the same
/// position. Conservative: `false` whenever it is not plain that they cannot.
///
/// Nothing may remove pieces after the move (disconnection can make moves
/// from different cells equal). In a turn of one part, entries and copies
/// are out (an entry into an empty corner either way is one move). Within
/// one option, acts differ in their cells or kind, which gives different
/// positions. Between two options, their acts must not coincide:
/// placements on disjoint regions or of different kinds, straight moves
/// along different directions, jumps against moves of one odd step (a
/// jump always moves two cells at a time each way). Turns of two parts
/// qualify when both place pieces, the second tied to the first along
/// directions without their opposites ([`tied_placements_apart`]).
pub(super) fn ways_never_merge(rules: &Rules) -> bool {
    // Flanking needs no care: converting keeps every cell's occupancy, and
    // it captures only enemies, so ways that differ in the cells they
    // empty or fill still differ after it.
    if rules.remove_disconnected.is_some() {
        return false;
    }
    match rules.parts.as_slice() {
        [part] => {
            // A copy left behind makes a move from every neighbour the
            // same, and pushes into an empty corner from two sides leave
            // one board. (A return or removal takes one piece from the
            // cell it names: two of one option never meet.)
            !part
                .options
                .iter()
                .any(|o| o.leaves_copy || matches!(o.action, Action::Enter { .. }))
                && options_apart(&part.options)
        }
        [first, second] => tied_placements_apart(first, second),
        _ => false,
    }
}

/// Whether no two options of one part can produce the same act.
fn options_apart(options: &[MoveRule]) -> bool {
    options.iter().enumerate().all(|(i, a)| {
        options[i + 1..].iter().all(|b| {
            let kinds_meet = a.kind.is_none() || b.kind.is_none() || a.kind == b.kind;
            !kinds_meet || never_open_together(a, b) || apart(a, b)
        })
    })
}

/// Whether no two ways of a turn of two parts lead to one position, when
/// both parts only place a piece on an empty cell (capturing and removing
/// nothing), the second `next to` or `in sight of` the first along
/// directions none of whose opposites is among them (Domineering's
/// dominoes). A way of one act then places one piece, a way of two places
/// two; two ways of two acts that fill the same two cells must fill them
/// in the same order (the other order would need a direction and its
/// opposite), so with options that never produce one act they are one
/// way.
fn tied_placements_apart(first: &Part, second: &Part) -> bool {
    let plain_placement = |o: &MoveRule| {
        matches!(o.action, Action::Place { .. })
            && o.dropping.is_none()
            && o.flank.is_none()
            && !o.must_remove
            && !o.must_convert
    };
    let one_way = |o: &MoveRule| {
        o.near_last.as_ref().is_some_and(|near| {
            PlayerId::BOTH.iter().all(|&p| {
                let dirs = near.dirs[p];
                dirs.iter().all(|d| !dirs.contains(d.opposite()))
            })
        })
    };
    [first, second]
        .iter()
        .all(|part| part.options.iter().all(plain_placement) && options_apart(&part.options))
        && second.options.iter().all(one_way)
}

/// Whether two options are open on no common turn (`only on turn 1` and
/// `only from turn 3`, as Konane's opening removals and its jumps).
fn never_open_together(a: &MoveRule, b: &MoveRule) -> bool {
    let (Some(x), Some(y)) = (a.turns, b.turns) else {
        return false;
    };
    x.last.is_some_and(|last| last < y.first) || y.last.is_some_and(|last| last < x.first)
}

/// The one direction every leg of a jump takes, for each player, if so:
/// its chains then run straight from the piece's cell.
fn one_direction(legs: &[JumpLeg]) -> Option<[u8; 2]> {
    let mut dirs = [0u8; 2];
    for (p, d) in dirs.iter_mut().enumerate() {
        for leg in legs {
            *d |= leg.dirs[p].0;
        }
        if d.count_ones() != 1 {
            return None;
        }
    }
    Some(dirs)
}

/// Whether two options can never produce the same act.
fn apart(a: &MoveRule, b: &MoveRule) -> bool {
    use Action::{BearOff, Jump, Place, Relocate, Slide, Step};
    // A distance by line count is not the action's: nothing is plain.
    if a.line_count || b.line_count {
        return false;
    }
    match (&a.action, &b.action) {
        // Placing a piece and moving one never give the same position.
        (
            Place { .. },
            Relocate { .. } | Step { .. } | Slide { .. } | Jump { .. } | BearOff { .. },
        )
        | (
            Relocate { .. } | Step { .. } | Slide { .. } | Jump { .. } | BearOff { .. },
            Place { .. },
        ) => true,
        // A piece leaving the board never equals one moving on it.
        (BearOff { .. }, Relocate { .. } | Step { .. } | Slide { .. } | Jump { .. })
        | (Relocate { .. } | Step { .. } | Slide { .. } | Jump { .. }, BearOff { .. }) => true,
        (Place { on: x }, Place { on: y }) => {
            PlayerId::BOTH.iter().all(|&p| !x[p].intersects(&y[p]))
        }
        (Step { dirs: x, .. }, Step { dirs: y, .. })
        | (
            Step { dirs: x, .. },
            Slide {
                dirs: y,
                with_turns: false,
                ..
            },
        )
        | (
            Slide {
                dirs: x,
                with_turns: false,
                ..
            },
            Step { dirs: y, .. },
        )
        | (
            Slide {
                dirs: x,
                with_turns: false,
                ..
            },
            Slide {
                dirs: y,
                with_turns: false,
                ..
            },
        ) => PlayerId::BOTH.iter().all(|&p| x[p].0 & y[p].0 == 0),
        // A flying jump lands at any distance.
        (Jump { legs, .. }, Step { distance, .. }) | (Step { distance, .. }, Jump { legs, .. }) => {
            odd_only(distance) && !legs.iter().any(|leg| leg.any_distance)
        }
        // Chains straight along two different directions from one cell
        // never end on one cell.
        (Jump { legs: x, .. }, Jump { legs: y, .. }) => {
            match (one_direction(x), one_direction(y)) {
                (Some(x), Some(y)) => x[0] != y[0] && x[1] != y[1],
                _ => false,
            }
        }
        _ => false,
    }
}

/// Every distance in the range is odd (so the move never lands where a
/// jump, always two cells at a time, can).
fn odd_only(d: &Distance) -> bool {
    d.max == Some(d.min) && d.min % 2 == 1
}

/// `[option]`: whether each option of a one-part turn may take an enemy
/// piece off the board or convert one, when `captures are mandatory` and
/// some option surely cannot (else empty: every way is listed). An
/// option may if it flanks, jumps capturing, moves onto enemies, pushes
/// pieces (off the board), or lands a piece where disconnected pieces are
/// removed.
pub(super) fn capturing_options(rules: &Rules) -> Vec<bool> {
    if rules.mandatory_captures.is_none() || rules.parts.len() != 1 {
        return Vec::new();
    }
    let may_take: Vec<bool> = rules.parts[0]
        .options
        .iter()
        .map(|option| rules.option_may_take(option))
        .collect();
    if may_take.iter().all(|&m| m) {
        return Vec::new();
    }
    may_take
}
