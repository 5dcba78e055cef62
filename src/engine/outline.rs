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
//! after it only counted. One way is drawn by its number and played with
//! every check; an illegal way is drawn again. A legal way whose result
//! `m` legal ways lead to is kept with probability `1/m`, so each distinct
//! result is kept as often as any other and the draw is uniform over the
//! legal moves. To count `m`, only stems that can reach the result are
//! played further: the cells where a stem and the result surely differ
//! (those the result changed and the stem cannot have, those the stem
//! surely changed and the result did not) must be no more than one act of
//! the last part can change, and only acts that may change them all are
//! played.
//!
//! A stem whose last act changes nothing the last part's acts depend on
//! (the cells they read, the holdings) is not even played: the last
//! part's acts are listed on the position before it. A `return … not on
//! entry line` after an entry is such a part: the push moves pieces along
//! the entry line only, which the return may not take from.
//!
//! After many misses (a turn whose ways are mostly illegal), the legal
//! moves are listed exactly and one drawn.
//!
//! Turns of two parts whose second part's ways have a bound are drawn
//! without the outline where possible (`free_parts.rs`); what
//! an act may change and what a listing reads is in `reach.rs`.

use super::generate::{Listing, Way};
use super::moves::{Act, Played};
use super::position::{Edit, Was};
use super::sample::{Tried, Ways, pick};
use super::{COUNT, Engine, Position, Stage, Successors, Walk};
use crate::rules::CellSet;

/// Ways drawn and refused before the legal moves are listed instead.
pub(super) const MISSES: usize = 64;

/// A way of playing the parts before the last, and the ways of ending the
/// turn from it. Kept small, since every way of those parts makes one: the
/// way is a move shared by many stems, and maybe one act more.
#[derive(Clone, Copy, Default)]
pub(super) struct Stem {
    /// The index in `Successors::bases` of the way's move...
    pub(super) base: u32,
    /// ...and the act that follows it, with the pieces it jumps, if any.
    pub(super) act: Option<Act>,
    pub(super) jumped: CellSet,
    /// The ways of earlier stems: this stem's are numbered from here.
    pub(super) before: u32,
    /// How many ways end the turn from here.
    pub(super) ways: u32,
    /// The first way is the stem alone (the turn ending after it).
    pub(super) alone: bool,
    /// The other ways play one act of the last part each, as listed.
    pub(super) tail: bool,
    /// The cells whose stacks the way may have changed: every cell whose
    /// stack differs from the turn's start after it is among them.
    pub(super) touched: CellSet,
    /// Cells whose stacks surely differ from the turn's start after it.
    pub(super) sure: CellSet,
}

impl Stem {
    /// The way of playing the parts before the last.
    pub(super) fn prefix(&self, bases: &[Played]) -> Played {
        let mut mv = bases[self.base as usize];
        if let Some(act) = self.act {
            mv.push(act, self.jumped);
        }
        mv
    }

    /// The number after this stem's last way.
    fn end(&self) -> usize {
        (self.before + self.ways) as usize
    }
}

/// The counted outline of a turn: the ways of its stems, numbered in turn.
pub(super) struct Outline<'a> {
    /// The turn's start, also the working copy where merges are counted.
    root: &'a mut Position,
    total: usize,
}

impl Ways for Outline<'_> {
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
        let s = scratch.stems.partition_point(|s| s.end() <= index);
        match engine.play_stem_way(self.root, s, index, pos, scratch) {
            Some((drawn, changed)) => {
                Tried::Legal(engine.ways_to_outlined(self.root, pos, &drawn, changed, scratch))
            }
            None => Tried::Miss,
        }
    }
}

impl Engine {
    /// The counted outline of the turn of `pos` (its stems in
    /// `scratch.stems`); `root` is a copy of `pos`.
    pub(super) fn outline<'a>(
        &self,
        root: &'a mut Position,
        pos: &mut Position,
        scratch: &mut Successors,
    ) -> Outline<'a> {
        scratch.clear();
        let mut mv = Played::PASS;
        let walk = Walk {
            root,
            pos,
            mv: &mut mv,
        };
        self.generate_part::<COUNT>(Stage::default(), walk, scratch);
        let total = scratch.stems.last().map_or(0, Stem::end);
        Outline { root, total }
    }

    /// Notes the stem the walk has played, reaching the stage: with the
    /// ways of the last part if `tail` (the stage's part is then the
    /// last), else the stem alone.
    pub(super) fn push_stem(&self, stage: Stage, walk: &Walk, tail: bool, out: &mut Successors) {
        let net = net_change(walk.root, walk.pos, &out.trail);
        out.bases.push(*walk.mv);
        let stem = Stem {
            base: (out.bases.len() - 1) as u32,
            act: None,
            jumped: CellSet::EMPTY,
            tail,
            touched: net,
            sure: net,
            ..Stem::default()
        };
        self.push_stem_from(stage, walk.pos, stem, out);
    }

    /// Notes the stem of the last part reached by playing the way `way`
    /// of the stage's part after the move `bases[base]` on the walk's
    /// position, without playing it: possible when the act changes nothing
    /// the last part's acts depend on, so that they can be listed on the
    /// position as well. False, with nothing noted, if it may.
    pub(super) fn push_stem_unplayed(
        &self,
        Stage { part, earlier }: Stage,
        walk: &Walk,
        base: usize,
        way: &Way,
        out: &mut Successors,
    ) -> bool {
        let (act, jumped) = (&way.act, way.captured(&out.captures));
        let pos = &*walk.pos;
        let option = &self.rules.parts[part].options[act.option as usize];
        let player = pos.to_move();
        if option.must_remove || option.must_convert {
            return false;
        }
        let Some((footprint, surely, holdings)) = self.footprint(option, pos, act, jumped) else {
            return false;
        };
        let after = self.earlier_after(part, act, player, earlier);
        let Some((support, reads_holdings)) = self.listing_support(part + 1, player, after) else {
            return false;
        };
        if footprint.intersects(&support) || holdings && reads_holdings {
            return false;
        }
        // Relative to the turn's start: the earlier parts' changes where
        // this act cannot undo them, and this act's where they made none.
        let mut earlier = CellSet::EMPTY;
        for &(cell, _, _) in &out.trail {
            earlier.insert(cell);
        }
        let earlier_net = net_change(walk.root, pos, &out.trail);
        let stem = Stem {
            base: base as u32,
            act: Some(*act),
            jumped,
            tail: true,
            touched: earlier.union(footprint),
            sure: earlier_net.minus(footprint).union(surely.minus(earlier)),
            ..Stem::default()
        };
        let next = Stage {
            part: part + 1,
            earlier: after,
        };
        self.push_stem_from(next, pos, stem, out);
        true
    }

    /// Notes `stem`, reaching the stage on `pos`, with its ways counted
    /// and numbered after those of the stems before it.
    fn push_stem_from(&self, stage: Stage, pos: &Position, mut stem: Stem, out: &mut Successors) {
        let Stage { part, earlier } = stage;
        stem.alone = part > 0;
        let mut ways = stem.alone as usize;
        if stem.tail {
            ways += self.count_acts_of_part(part, pos, earlier, out);
        }
        // An outline keeps no more stems than a listing keeps moves.
        if ways > 0 && out.stems.len() >= super::budget::MAX_MOVES {
            super::budget::stop(super::budget::Overrun::Moves {
                limit: super::budget::MAX_MOVES,
            });
            return;
        }
        if ways > 0 {
            stem.before = out.stems.last().map_or(0, Stem::end) as u32;
            stem.ways = ways as u32;
            out.stems.push(stem);
        }
    }

    /// Plays way number `index` of the outline, one of stem `s`'s, with
    /// every check on `next`, which is `root`, noting its changes in the
    /// trail. If it is a legal move: the move, and the cells whose stacks
    /// it changed (the turn is not ended). Either way `next` is left to the
    /// caller to take back.
    fn play_stem_way(
        &self,
        root: &Position,
        s: usize,
        index: usize,
        next: &mut Position,
        out: &mut Successors,
    ) -> Option<(Played, CellSet)> {
        let stem = out.stems[s];
        let leaf = index - stem.before as usize;
        let prefix = stem.prefix(&out.bases);
        let mut mv = prefix;
        for (act, jumped) in prefix.acts() {
            // A decided game ends the turn: no act may follow.
            if next.result.is_some() {
                return None;
            }
            self.play_act(act.part as usize, next, act, jumped, &mut out.trail)
                .ok()?;
        }
        let parts = &self.rules.parts;
        if stem.alone && leaf == 0 {
            let rest = &parts[prefix.mv.parts_played()..];
            if next.result.is_none() && !rest.iter().all(|p| p.optional) {
                return None;
            }
        } else {
            if next.result.is_some() {
                return None;
            }
            let last = parts.len() - 1;
            let mut acts = std::mem::take(&mut out.acts[last]);
            let mark = out.captures.len();
            self.list_last_part(next, &prefix, &mut acts, &mut out.captures);
            let leaf = leaf - stem.alone as usize;
            // The listing counted for the stem, made again after it.
            let listed: usize = acts.iter().map(|w| w.ways(&out.captures)).sum();
            // A listing cut short by the budget lists fewer: the draw ends.
            debug_assert!(
                super::budget::stopped() || listed + stem.alone as usize == stem.ways as usize
            );
            let picked = (leaf < listed).then(|| {
                let (i, act) = pick(&acts, &out.captures, leaf, &self.rules.board);
                (act, acts[i].captured(&out.captures))
            });
            out.captures.truncate(mark);
            out.acts[last] = acts;
            let (act, jumped) = picked?;
            self.play_act(last, next, &act, jumped, &mut out.trail)
                .ok()?;
            mv.push(act, jumped);
        }
        Some((mv, net_change(root, next, &out.trail)))
    }

    /// Lists the acts of the last part on `at`, reached by `prefix`, as
    /// [`Engine::push_stem`] counted them, their sets pushed on `captures`.
    pub(super) fn list_last_part(
        &self,
        at: &Position,
        prefix: &Played,
        acts: &mut Vec<Way>,
        captures: &mut Vec<CellSet>,
    ) {
        let player = at.to_move();
        let earlier = self.earlier_of(prefix.mv.acts(), player);
        acts.clear();
        let last = self.rules.parts.len() - 1;
        self.acts_of_part(
            last,
            at,
            earlier,
            &mut Listing {
                ways: acts,
                sets: captures,
                ordered: false,
            },
        );
    }

    /// How many legal ways of the turn from `work` lead to `next` (its turn
    /// not ended), which `drawn` leads to, changing the stacks of
    /// `changed`. Only stems that can reach it are played further (see the
    /// module's notes), on `work`, which is left as it was.
    pub(super) fn ways_to_outlined(
        &self,
        work: &mut Position,
        next: &Position,
        drawn: &Played,
        changed: CellSet,
        out: &mut Successors,
    ) -> usize {
        let last = self.rules.parts.len() - 1;
        let reach = self.last_part_reach;
        let player = work.to_move();
        let board = &self.rules.board;
        let mut acts = std::mem::take(&mut out.acts[last]);
        // Other ways found to lead there, their legality checked after.
        out.others.clear();
        let mut seen_drawn = false;
        let mut leads = |work: &Position, mv: &Played, moves: &mut Vec<Played>| {
            if work.key == next.key && work.same_stacks(next) {
                if mv == drawn {
                    seen_drawn = true;
                } else {
                    moves.push(*mv);
                }
            }
        };
        for s in 0..out.stems.len() {
            if !super::budget::charge(1) {
                super::budget::blame(|| {
                    "counting the ways of a turn that lead to one position".into()
                });
                break;
            }
            // Cells the result changed and the stem did not, and cells the
            // stem changed and the result did not: the last part must
            // change them all.
            let stem = &out.stems[s];
            let apart = changed.minus(stem.touched).union(stem.sure.minus(changed));
            let alone_fits = stem.alone && apart.is_empty();
            let tail_fits = stem.tail && reach.is_none_or(|r| apart.has_at_most(r));
            if !alone_fits && !tail_fits {
                continue;
            }
            let prefix = out.stems[s].prefix(&out.bases);
            let header = work.header();
            let trail = &mut out.trail;
            let mark = trail.len();
            for (act, jumped) in prefix.acts() {
                let option = &self.rules.parts[act.part as usize].options[act.option as usize];
                let mut edit = Edit { pos: work, trail };
                self.apply_act(&mut edit, option, act, jumped, player);
            }
            if alone_fits {
                leads(work, &prefix, &mut out.others);
            }
            if tail_fits {
                let mut sets = std::mem::take(&mut out.captures);
                let mark = sets.len();
                self.list_last_part(work, &prefix, &mut acts, &mut sets);
                let option_of = |w: &Way| &self.rules.parts[last].options[w.act.option as usize];
                for way in &acts {
                    let jumped = way.captured(&sets);
                    for k in 0..way.ways(&sets) {
                        let act = if way.is_group() {
                            pick(std::slice::from_ref(way), &sets, k, board).1
                        } else {
                            way.act
                        };
                        // The act must change every cell where the stem
                        // and the result differ.
                        let option = option_of(way);
                        if let Some((cells, _, _)) = self.footprint(option, work, &act, jumped)
                            && !apart.is_subset(&cells)
                        {
                            continue;
                        }
                        let inner = work.header();
                        let at = trail.len();
                        let mut edit = Edit { pos: work, trail };
                        self.apply_act(&mut edit, option, &act, jumped, player);
                        let mut mv = prefix;
                        mv.push(act, jumped);
                        leads(work, &mv, &mut out.others);
                        work.rollback(&inner, trail, at);
                    }
                }
                sets.truncate(mark);
                out.captures = sets;
            }
            work.rollback(&header, trail, mark);
        }
        out.acts[last] = acts;
        debug_assert!(
            seen_drawn || super::budget::stopped(),
            "the drawn way leads to its own result"
        );
        let mut m = 1;
        for i in 0..out.others.len() {
            let mv = out.others[i];
            if self.play_checked(work, &mv, &mut out.trail).is_some() {
                m += 1;
            }
        }
        m
    }
}

/// The cells whose stacks differ between `root` and `pos`, which `trail`
/// noted every change of.
pub(super) fn net_change(root: &Position, pos: &Position, trail: &[Was]) -> CellSet {
    let mut net = CellSet::EMPTY;
    for &(cell, _, _) in trail {
        if !pos.same_stack_at(root, cell) {
            net.insert(cell);
        }
    }
    net
}
