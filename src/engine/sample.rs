//! One uniformly random legal move, without generating every successor.
//!
//! When no two ways of playing a turn can ever lead to the same position
//! (see [`ways_never_merge`]), the legal moves are exactly the legal ways,
//! so drawing ways at random, without putting back, until one passes the
//! legality checks draws a legal move uniformly. Only the drawn ways are
//! applied. Otherwise, and for turns of several parts, every successor is
//! generated and one is picked.

use super::{Engine, Outcome, Position, Successors};
use crate::ai::Rng;
use crate::rules::{Action, Distance, MoveRule, Rules};

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
        if let Some(outcome) = pos.result() {
            return Draw::Over(outcome);
        }
        if !self.distinct_ways {
            self.successors(pos, scratch);
            if scratch.is_empty() {
                return Draw::Over(self.stuck_outcome(pos));
            }
            let i = rng.below(scratch.len());
            return Draw::Next(scratch.positions.swap_remove(i));
        }
        let player = pos.to_move();
        let mut acts = std::mem::take(&mut scratch.acts[0]);
        acts.clear();
        scratch.captures.clear();
        for (i, option) in self.rules.parts[0].options.iter().enumerate() {
            self.acts_of(
                i,
                option,
                pos,
                player,
                crate::rules::CellSet::EMPTY,
                &mut acts,
                &mut scratch.captures,
            );
        }
        let mut drawn = None;
        while !acts.is_empty() {
            let way = acts.swap_remove(rng.below(acts.len()));
            let jumped = way.captured(&scratch.captures);
            if let Ok(next) = self.try_act(0, pos, &way.act, jumped) {
                drawn = Some(next);
                break;
            }
        }
        scratch.acts[0] = acts;
        match drawn {
            Some(mut next) => {
                self.end_turn(&mut next);
                Draw::Next(next)
            }
            None => {
                // No legal way: a pass where the rules give one, else the end.
                scratch.moves.clear();
                scratch.positions.clear();
                self.successors(pos, scratch);
                match scratch.positions.pop() {
                    Some(pass) => Draw::Next(pass),
                    None => Draw::Over(self.stuck_outcome(pos)),
                }
            }
        }
    }
}

/// Whether two different ways of playing a turn can never lead to the same
/// position. Conservative: `false` whenever it is not plain that they cannot.
///
/// Ways are acts of one part (several parts can combine into equal turns).
/// Nothing may remove pieces after the move (disconnection can make moves
/// from different cells equal), and entries and returns are out (an entry
/// into an empty corner either way is one move). Within one option, acts
/// differ in their cells or kind, which gives different positions. Between
/// two options, their acts must not coincide: placements on disjoint
/// regions or of different kinds, straight moves along different
/// directions, jumps against moves of one odd step (a jump always moves two
/// cells at a time each way).
pub(super) fn ways_never_merge(rules: &Rules) -> bool {
    if rules.parts.len() != 1 || rules.remove_disconnected.is_some() {
        return false;
    }
    let options = &rules.parts[0].options;
    if options
        .iter()
        .any(|o| matches!(o.action, Action::Enter { .. } | Action::Return { .. }))
    {
        return false;
    }
    for (i, a) in options.iter().enumerate() {
        for b in &options[i + 1..] {
            let kinds_meet = a.kind.is_none() || b.kind.is_none() || a.kind == b.kind;
            if kinds_meet && !apart(a, b) {
                return false;
            }
        }
    }
    true
}

/// Whether two options can never produce the same act.
fn apart(a: &MoveRule, b: &MoveRule) -> bool {
    use Action::*;
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
        (Place { on: x }, Place { on: y }) => (0..2).all(|p| !x[p].intersects(&y[p])),
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
        ) => (0..2).all(|p| x[p].0 & y[p].0 == 0),
        (Jump { .. }, Step { distance, .. }) | (Step { distance, .. }, Jump { .. }) => {
            odd_only(distance)
        }
        _ => false,
    }
}

/// Every distance in the range is odd (so the move never lands where a
/// jump, always two cells at a time, can).
fn odd_only(d: &Distance) -> bool {
    d.max == Some(d.min) && d.min % 2 == 1
}
