//! Drawing a random move in a turn of several parts without playing
//! every way of it.
//!
//! Generation plays each way with all its checks, and the goal checks cost
//! the most. Here the turn is first outlined: every act is applied without
//! the checks only a played position can answer (the goals, the group
//! limit), and a turn is also taken to end after any part, in case the game
//! is decided there. The outline is a superset of the legal ways.
//!
//! The outline is counted, not played to the end: each way of playing the
//! parts before the last (a *stem*) is applied, and the last part's acts
//! after it only listed. One way is drawn by its number and played with
//! every check; an illegal way is drawn again. A legal way whose result
//! `m` legal ways lead to is kept with probability `1/m`, so each distinct
//! result is kept as often as any other and the draw is uniform over the
//! legal moves. To count `m`, only stems that can reach the result are
//! played further: a stem's stacks must differ from the result's on no
//! more cells than one act of the last part can change.
//!
//! After many misses (a turn whose ways are mostly illegal), every way of
//! the outline is played, its results merged exactly, and one drawn.

use super::generate::Way;
use super::moves::Move;
use super::position::{Edit, Was};
use super::sample::pick;
use super::{COUNT, Engine, OUTLINE, Position, Successors};
use crate::ai::Rng;
use crate::rules::{Action, CellSet, Rules};

/// Ways drawn and refused before the whole outline is played instead.
const MISSES: usize = 64;

/// A way of playing the parts before the last, and the ways of ending the
/// turn from it.
#[derive(Clone, Copy)]
pub(super) struct Stem {
    prefix: Move,
    /// The ways of earlier stems: this stem's are numbered from here.
    before: usize,
    /// How many ways end the turn from here.
    ways: usize,
    /// The first way is the stem alone (the turn ending after it).
    alone: bool,
    /// The other ways play one act of the last part each, as listed.
    tail: bool,
    /// The cells whose stacks differ from the turn's start after `prefix`.
    net: CellSet,
}

impl Engine {
    /// Plays a uniformly drawn legal move of a turn of several parts on
    /// `pos`. False, with `pos` as it was, when there is none.
    pub(super) fn draw_outlined(
        &self,
        pos: &mut Position,
        rng: &mut Rng,
        out: &mut Successors,
    ) -> bool {
        out.clear();
        let root = pos.clone();
        let mut mv = Move::PASS;
        self.generate_part::<COUNT>(0, &root, pos, &mut mv, CellSet::EMPTY, out);
        let total = out.stems.last().map_or(0, |s| s.before + s.ways);
        if total == 0 {
            return false;
        }
        for _ in 0..MISSES {
            let index = rng.below(total);
            let s = out.stems.partition_point(|s| s.before + s.ways <= index);
            let Some((next, drawn, changed)) = self.play_stem_way(&root, s, index, out) else {
                continue;
            };
            let m = self.ways_to_outlined(&root, &next, &drawn, changed, out);
            if m == 1 || rng.below(m) == 0 {
                *pos = next;
                return true;
            }
        }
        self.draw_fully_outlined(pos, rng, out)
    }

    /// Notes a stem reached at `part` on `pos`: with the ways of the last
    /// part if `tail` (`part` is then the last), else the stem alone.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_stem(
        &self,
        part: usize,
        root: &Position,
        pos: &Position,
        mv: &Move,
        entry_line: CellSet,
        tail: bool,
        out: &mut Successors,
    ) {
        let alone = part > 0;
        let mut ways = alone as usize;
        if tail {
            let mut acts = std::mem::take(&mut out.acts[part]);
            let mark = out.captures.len();
            acts.clear();
            let player = pos.to_move();
            self.acts_of_part(
                part,
                pos,
                player,
                entry_line,
                false,
                &mut acts,
                &mut out.captures,
            );
            ways += acts.iter().map(|w| w.ways(&out.captures)).sum::<usize>();
            out.captures.truncate(mark);
            out.acts[part] = acts;
        }
        let net = net_change(root, pos, &out.trail);
        if ways > 0 {
            let before = out.stems.last().map_or(0, |s| s.before + s.ways);
            out.stems.push(Stem {
                prefix: *mv,
                before,
                ways,
                alone,
                tail,
                net,
            });
        }
    }

    /// Plays way number `index` of the outline, one of stem `s`'s, from
    /// `root` with every check.
    /// If it is a legal move: the position after the turn, the move, and
    /// the cells whose stacks it changed.
    fn play_stem_way(
        &self,
        root: &Position,
        s: usize,
        index: usize,
        out: &mut Successors,
    ) -> Option<(Position, Move, CellSet)> {
        let stem = out.stems[s];
        let leaf = index - stem.before;
        let mut next = root.clone();
        let mut mv = stem.prefix;
        out.trail.clear();
        for (i, act) in stem.prefix.acts().iter().enumerate() {
            // A decided game ends the turn: no act may follow.
            if next.result.is_some() {
                return None;
            }
            let (part, jumped) = (act.part as usize, stem.prefix.captured[i]);
            self.play_act(part, &mut next, act, jumped, &mut out.trail)
                .ok()?;
        }
        let parts = &self.rules.parts;
        if stem.alone && leaf == 0 {
            let rest = &parts[stem.prefix.parts_played()..];
            if next.result.is_none() && !rest.iter().all(|p| p.optional) {
                return None;
            }
        } else {
            if next.result.is_some() {
                return None;
            }
            let last = parts.len() - 1;
            let mut acts = std::mem::take(&mut out.acts[last]);
            self.list_last_part(&next, &stem.prefix, &mut acts, &mut out.captures);
            let leaf = leaf - stem.alone as usize;
            let (i, act) = pick(&acts, &out.captures, leaf, &self.rules.board);
            let jumped = acts[i].captured(&out.captures);
            out.acts[last] = acts;
            self.play_act(last, &mut next, &act, jumped, &mut out.trail)
                .ok()?;
            mv.push(act, jumped);
        }
        let changed = net_change(root, &next, &out.trail);
        out.trail.clear();
        self.end_turn(&mut next);
        Some((next, mv, changed))
    }

    /// Lists the acts of the last part on `at`, reached by `prefix`, as
    /// [`Engine::push_stem`] counted them. `captures` is cleared.
    fn list_last_part(
        &self,
        at: &Position,
        prefix: &Move,
        acts: &mut Vec<Way>,
        captures: &mut Vec<CellSet>,
    ) {
        let player = at.to_move();
        let line = match prefix.acts().first() {
            Some(first) => self.entry_line(first, player),
            None => CellSet::EMPTY,
        };
        acts.clear();
        captures.clear();
        let last = self.rules.parts.len() - 1;
        self.acts_of_part(last, at, player, line, false, acts, captures);
    }

    /// How many legal ways of the turn from `root` lead to `next`, which
    /// `drawn` leads to, changing the stacks of `changed`. Only stems that
    /// can reach it are played further (see the module's notes).
    fn ways_to_outlined(
        &self,
        root: &Position,
        next: &Position,
        drawn: &Move,
        changed: CellSet,
        out: &mut Successors,
    ) -> usize {
        let last = self.rules.parts.len() - 1;
        let reach = self.last_part_reach;
        let player = root.to_move();
        let board = &self.rules.board;
        let mut work = root.clone();
        let mut acts = std::mem::take(&mut out.acts[last]);
        let mut m = 0;
        // Whether `work`, its turn ended, is `next`, by a legal way `mv`.
        let leads = |work: &Position, mv: &Move, trail: &mut Vec<Was>| {
            let key = work.key ^ self.turn_keys[work.place as usize];
            key == next.key
                && work.same_stacks(next)
                && (mv == drawn || self.play_checked(root, mv, trail).is_some())
        };
        for s in 0..out.stems.len() {
            // Cells where the stem and the result surely differ.
            let apart = changed.xor(out.stems[s].net);
            let stem = &out.stems[s];
            let alone_fits = stem.alone && apart.is_empty();
            let tail_fits = stem.tail && reach.is_none_or(|r| apart.has_at_most(r));
            if !alone_fits && !tail_fits {
                continue;
            }
            let stem = out.stems[s];
            let header = work.header();
            let trail = &mut out.trail;
            let mark = trail.len();
            for (i, act) in stem.prefix.acts().iter().enumerate() {
                let option = &self.rules.parts[act.part as usize].options[act.option as usize];
                let mut edit = Edit {
                    pos: &mut work,
                    trail,
                };
                self.apply_act(&mut edit, option, act, stem.prefix.captured[i], player);
            }
            if alone_fits && leads(&work, &stem.prefix, trail) {
                m += 1;
            }
            if tail_fits {
                let mut sets = std::mem::take(&mut out.captures);
                self.list_last_part(&work, &stem.prefix, &mut acts, &mut sets);
                let option_of = |w: &Way| &self.rules.parts[last].options[w.act.option as usize];
                for way in &acts {
                    let jumped = way.captured(&sets);
                    let count = way.ways(&sets);
                    for k in 0..count {
                        let act = if way.is_group() {
                            pick(std::slice::from_ref(way), &sets, k, board).1
                        } else {
                            way.act
                        };
                        let inner = work.header();
                        let at = trail.len();
                        let mut edit = Edit {
                            pos: &mut work,
                            trail,
                        };
                        self.apply_act(&mut edit, option_of(way), &act, jumped, player);
                        let mut mv = stem.prefix;
                        mv.push(act, jumped);
                        if leads(&work, &mv, trail) {
                            m += 1;
                        }
                        work.rollback(&inner, trail, at);
                    }
                }
                out.captures = sets;
            }
            work.rollback(&header, trail, mark);
        }
        out.acts[last] = acts;
        debug_assert!(m >= 1, "the drawn way leads to its own result");
        m.max(1)
    }

    /// Plays every way of the outline, merges their results exactly, and
    /// draws one result; kept if one of its ways passes every check when
    /// replayed, otherwise put aside for good and another drawn.
    fn draw_fully_outlined(&self, pos: &mut Position, rng: &mut Rng, out: &mut Successors) -> bool {
        out.clear();
        let root = pos.clone();
        let mut mv = Move::PASS;
        self.generate_part::<OUTLINE>(0, &root, pos, &mut mv, CellSet::EMPTY, out);
        for (i, first) in out.firsts.iter().enumerate() {
            if *first as usize == i {
                out.pool.push(i as u32);
            }
        }
        while !out.pool.is_empty() {
            let k = rng.below(out.pool.len());
            let result = out.pool[k];
            for i in 0..out.moves.len() {
                if out.firsts[i] != result {
                    continue;
                }
                let mv = out.moves[i];
                if let Some(next) = self.play_checked(&root, &mv, &mut out.trail) {
                    *pos = next;
                    return true;
                }
            }
            out.pool.swap_remove(k);
        }
        false
    }

    /// Keeps an outlined way, with the first way that leads where it does.
    pub(super) fn outline_end(
        &self,
        root: &Position,
        pos: &Position,
        mv: &Move,
        out: &mut Successors,
    ) {
        let key = pos.key ^ self.turn_keys[pos.place as usize];
        let first = self
            .same_as_earlier(root, pos, key, out)
            .unwrap_or(out.moves.len());
        out.moves.push(*mv);
        out.keys.push(key);
        out.firsts.push(first as u32);
    }
}

/// The cells whose stacks differ between `root` and `pos`, which `trail`
/// noted every change of.
fn net_change(root: &Position, pos: &Position, trail: &[Was]) -> CellSet {
    let mut net = CellSet::EMPTY;
    for &(cell, _, _) in trail {
        if !pos.same_stack_at(root, cell) {
            net.insert(cell);
        }
    }
    net
}

/// The most cells whose stacks one act of the turn's last part can
/// change, or `None` if any number (captures of a jump, pieces removed as
/// disconnected).
pub(super) fn last_part_reach(rules: &Rules) -> Option<usize> {
    let last = rules.parts.last()?;
    let mut most = 0;
    for option in &last.options {
        let lands = super::apply::has_destination(&option.action);
        if rules.remove_disconnected.is_some() && lands {
            return None;
        }
        let cells = match &option.action {
            Action::Place { .. } | Action::BearOff { .. } | Action::Return { .. } => 1,
            Action::Relocate { .. } | Action::Step { .. } | Action::Slide { .. } => 2,
            Action::Jump { capturing, .. } => {
                if *capturing {
                    return None;
                }
                2
            }
            // The run from the entry cell to the first empty cell.
            Action::Enter { entries } => entries
                .iter()
                .flat_map(|lines| lines.iter().map(|l| l.cells.len()))
                .max()
                .unwrap_or(0),
        };
        most = most.max(cells);
    }
    Some(most)
}
