//! Drawing a way by index among candidates counted as a product, without
//! listing the ways.
//!
//! A straight move's candidates are (piece, direction, distance) for every
//! movable piece, every direction of the option and every distance up to
//! the farthest any of its pieces may go; a step `by line count`'s are
//! (piece, direction), the count fixing the distance; a bear-off's are its
//! pieces.
//! Options whose ways cannot be counted so (jumps, entries, placements, …)
//! are listed. A candidate is a way exactly when it passes the checks the
//! listing applies, and each way is one candidate, so a candidate drawn
//! uniformly that turns out to be a legal way is a uniformly drawn legal
//! way. After too many misses the caller lists the ways instead, which is
//! uniform too, so the draw as a whole is.

use super::generate::{Listing, Straight, Way};
use super::moves::Act;
use super::sample::{Tried, Ways};
use super::{Earlier, Engine, Position, Successors};
use crate::rules::{Action, Cell, CellSet, Dir, DirSet, MoveRule, PlayerId};

/// Candidates drawn before the caller falls back to listing every way.
pub(super) const TRIES: usize = 48;

/// The candidates of the options of a position, reused from turn to turn.
#[derive(Default)]
pub(super) struct Candidates {
    spaces: Vec<Space>,
    /// The movable pieces of the spaces, each space a range of them.
    movers: Vec<Cell>,
    /// The ways of the options that are listed.
    listed: Vec<Way>,
    total: usize,
}

/// The candidates of one option.
#[derive(Clone, Copy)]
enum Space {
    Straight {
        option: usize,
        /// The option's movers: `movers[first..first + pieces]`.
        first: usize,
        pieces: usize,
        dirs: [Dir; 8],
        ndirs: usize,
        min: u32,
        /// Distances `min..min + span`.
        span: u32,
        through_pieces: bool,
    },
    BearOff {
        option: usize,
        first: usize,
        pieces: usize,
    },
    /// `step … by line count`: one way at most per piece and direction.
    LineCount {
        option: usize,
        first: usize,
        pieces: usize,
        dirs: [Dir; 8],
        ndirs: usize,
    },
    /// `listed[first..first + ways]`.
    Listed { first: usize, ways: usize },
}

impl Space {
    fn size(&self) -> usize {
        match *self {
            Space::Straight {
                pieces,
                ndirs,
                span,
                ..
            } => pieces * ndirs * span as usize,
            Space::BearOff { pieces, .. } => pieces,
            Space::LineCount { pieces, ndirs, .. } => pieces * ndirs,
            Space::Listed { ways, .. } => ways,
        }
    }
}

impl Ways for Candidates {
    fn total(&self) -> usize {
        self.total
    }

    #[inline]
    fn try_way(
        &mut self,
        engine: &Engine,
        index: usize,
        pos: &mut Position,
        scratch: &mut Successors,
    ) -> Tried {
        let Some((act, jumped)) = engine.candidate(pos, self, &scratch.captures, index) else {
            return Tried::NotAWay;
        };
        if engine
            .play_act(0, pos, &act, jumped, &mut scratch.trail)
            .is_ok()
        {
            Tried::Legal(1)
        } else {
            Tried::Miss
        }
    }
}

impl Engine {
    /// Whether candidates pay here: some option is a straight move or a
    /// bear-off, none is a jump (whose search would be listed anyway, and
    /// costs the most), and no two ways can merge (so a drawn way is a move).
    pub(super) fn draws_candidates(&self) -> bool {
        let options = &self.rules.parts[0].options;
        self.distinct_ways
            && options.iter().any(|o| {
                Straight::of(o, PlayerId::default()).is_some()
                    || o.line_count
                    || matches!(o.action, Action::BearOff { .. })
            })
            && !options.iter().any(|o| {
                // A tie to the last cell is kept by the listing only.
                o.near_last.is_some() || o.moving_last || matches!(o.action, Action::Jump { .. })
            })
    }

    /// Counts the candidates of the options of `pos` into `cands`, the
    /// sets of their listed ways into `captures`.
    pub(super) fn count_candidates(
        &self,
        pos: &Position,
        cands: &mut Candidates,
        captures: &mut Vec<CellSet>,
    ) {
        let player = pos.to_move();
        cands.spaces.clear();
        cands.movers.clear();
        cands.listed.clear();
        captures.clear();
        let board = &self.rules.board;
        // The movers of the last option that had any, as a set, a range of
        // `movers`, and the tallest stack: options moving the same pieces
        // share them.
        let mut last: Option<(CellSet, usize, usize, u32)> = None;
        let mut movers_of = |option: &MoveRule, movers: &mut Vec<Cell>| {
            let set = self.movable(option, pos, player);
            if let Some((known, first, n, tallest)) = last
                && known == set
            {
                return (first, n, tallest);
            }
            let first = movers.len();
            let mut tallest = 0;
            for c in set.iter() {
                movers.push(c);
                tallest = tallest.max(pos.height(c));
            }
            let n = movers.len() - first;
            last = Some((set, first, n, tallest));
            (first, n, tallest)
        };
        for (i, option) in self.rules.parts[0].options.iter().enumerate() {
            if !self.option_open(option, pos, player) {
                continue;
            }
            let space = if let Some(line) = Straight::of(option, player) {
                let (dirs, distance) = (line.dirs, line.distance);
                let (first, pieces, tallest) = movers_of(option, &mut cands.movers);
                let longest = board.width.max(board.height) as u32;
                let max = distance.max.unwrap_or(tallest).min(longest);
                let (ds, ndirs) = listed_dirs(dirs);
                Space::Straight {
                    option: i,
                    first,
                    pieces,
                    dirs: ds,
                    ndirs,
                    min: distance.min,
                    span: (max + 1).saturating_sub(distance.min),
                    through_pieces: line.through_pieces,
                }
            } else if let (true, Action::Step { dirs, .. }) = (option.line_count, &option.action) {
                let (first, pieces, _) = movers_of(option, &mut cands.movers);
                let (ds, ndirs) = listed_dirs(dirs[player]);
                Space::LineCount {
                    option: i,
                    first,
                    pieces,
                    dirs: ds,
                    ndirs,
                }
            } else if let Action::BearOff { .. } = option.action {
                let (first, pieces, _) = movers_of(option, &mut cands.movers);
                Space::BearOff {
                    option: i,
                    first,
                    pieces,
                }
            } else {
                let first = cands.listed.len();
                let out = &mut Listing {
                    ways: &mut cands.listed,
                    sets: captures,
                    ordered: true,
                };
                self.acts_of((0, i), option, pos, Earlier::default(), out);
                Space::Listed {
                    first,
                    ways: cands.listed.len() - first,
                }
            };
            cands.spaces.push(space);
        }
        cands.total = cands.spaces.iter().map(Space::size).sum();
    }

    /// Candidate number `index`, if it is a way: its act and captures.
    #[inline]
    fn candidate(
        &self,
        pos: &Position,
        cands: &Candidates,
        captures: &[CellSet],
        mut index: usize,
    ) -> Option<(Act, CellSet)> {
        let player = pos.to_move();
        let space = cands.spaces.iter().find(|s| {
            let n = s.size();
            if index < n {
                true
            } else {
                index -= n;
                false
            }
        })?;
        match *space {
            Space::Straight {
                option,
                first,
                pieces,
                dirs,
                ndirs,
                min,
                through_pieces,
                ..
            } => {
                let from = cands.movers[first + index % pieces];
                let rest = index / pieces;
                let dir = dirs[rest % ndirs];
                let d = min + (rest / ndirs) as u32;
                let rule = &self.rules.parts[0].options[option];
                let line = (dir, d, through_pieces);
                let to = self.straight_to(rule, pos, player, from, line)?;
                let act = Act::of(0, option as u8).moving(from, to);
                Some((act, CellSet::EMPTY))
            }
            Space::BearOff { option, first, .. } => {
                let from = cands.movers[first + index];
                let rule = &self.rules.parts[0].options[option];
                let Action::BearOff { dirs, distance } = &rule.action else {
                    unreachable!("a bear-off space holds a bear-off option");
                };
                let leaves = self.bears_off(pos, from, dirs[player], distance);
                let act = Act::of(0, option as u8).lifting(from);
                leaves.then_some((act, CellSet::EMPTY))
            }
            Space::LineCount {
                option,
                first,
                pieces,
                dirs,
                ..
            } => {
                let from = cands.movers[first + index % pieces];
                let dir = dirs[index / pieces];
                let rule = &self.rules.parts[0].options[option];
                let Action::Step { targets, .. } = &rule.action else {
                    unreachable!("a line-count space holds a step");
                };
                let to = self.line_count_to(rule, pos, (from, dir), targets)?;
                let act = Act::of(0, option as u8).moving(from, to);
                Some((act, CellSet::EMPTY))
            }
            Space::Listed { first, .. } => {
                let way = cands.listed[first + index];
                Some((way.act, way.captured(captures)))
            }
        }
    }

    /// Where a straight move of `d` cells from `from` along `dir` ends, if
    /// it is a way of the option: the checks of the listing, one line.
    #[inline]
    fn straight_to(
        &self,
        option: &MoveRule,
        pos: &Position,
        player: PlayerId,
        from: Cell,
        (dir, d, through_pieces): (Dir, u32, bool),
    ) -> Option<Cell> {
        let Straight {
            distance, targets, ..
        } = Straight::of(option, player)?;
        let n = pos.height(from);
        if d > distance.max.unwrap_or(n) {
            return None;
        }
        if option.must_end_further_forward && self.ahead_of(player, dir) <= 0 {
            return None;
        }
        let board = &self.rules.board;
        let mut at = from;
        for step in 1..=d {
            at = board.neighbour(at, dir)?;
            if step < d && !through_pieces && !pos.is_empty(at) {
                return None;
            }
        }
        self.lands(option, pos, (from, at), targets).then_some(at)
    }
}

/// The directions of a set in a fixed array, and how many there are, so
/// that a drawn index picks one.
fn listed_dirs(dirs: DirSet) -> ([Dir; 8], usize) {
    let mut listed = [Dir::Up; 8];
    let mut n = 0;
    for d in dirs.iter() {
        listed[n] = d;
        n += 1;
    }
    (listed, n)
}
