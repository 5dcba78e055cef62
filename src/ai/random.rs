//! Uniformly random play-outs.

use crate::engine::{Engine, Outcome, Overrun, Position, Status, Successors};
use crate::rng::Rng;
use crate::rules::{CellSet, PlayerId};

/// How a game from a position went: a random play-out, or a game
/// between two players (`arena::play_game`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout {
    /// `None` when the ply cap stopped the game first, or a listing did.
    pub outcome: Option<Outcome>,
    /// How many moves were played.
    pub plies: u32,
    /// Why a listing stopped the game, if one did (see
    /// [`Successors::overrun`]): then it tells nothing of the game.
    pub stopped: Option<Overrun>,
}

/// Plays uniformly random legal moves from `pos` until the game ends or `ply_cap`
/// moves have been played. `history` holds the keys of the
/// positions before `pos` (for repetition) and is extended as it goes.
/// `buffer` is the caller's, so a play-out allocates nothing once warm.
pub fn random_playout(
    engine: &Engine,
    pos: &Position,
    rng: &mut Rng,
    ply_cap: u32,
    history: &mut Vec<u64>,
    buffer: &mut Successors,
) -> Playout {
    let scratch = Scratch { history, buffer };
    watched_playout(engine, pos, rng, ply_cap, scratch, |_, _, _| {})
}

/// A play-out's working memory, the caller's.
pub(super) struct Scratch<'s> {
    /// The keys of the positions before the play-out's start, for
    /// repetition; extended as it goes.
    pub(super) history: &'s mut Vec<u64>,
    /// Where moves are listed and drawn.
    pub(super) buffer: &'s mut Successors,
}

/// A [`random_playout`] that shows `watch` each move it plays: the
/// player who made it, the cells that player held before it, and the
/// position after it (the statistics of moves of the computer player).
pub(super) fn watched_playout(
    engine: &Engine,
    pos: &Position,
    rng: &mut Rng,
    ply_cap: u32,
    scratch: Scratch,
    mut watch: impl FnMut(PlayerId, CellSet, &Position),
) -> Playout {
    let Scratch { history, buffer } = scratch;
    let mut pos = pos.clone();
    let mut plies = 0;
    loop {
        if engine.repeated(&pos, history) {
            return Playout {
                outcome: Some(Outcome::Draw),
                plies,
                stopped: None,
            };
        }
        if let Some(outcome) = pos.result() {
            return Playout {
                outcome: Some(outcome),
                plies,
                stopped: None,
            };
        }
        if plies >= ply_cap {
            // Whether the game is over here decides between a result and the cap.
            engine.successors(&pos, buffer);
            if let Some(why) = buffer.overrun() {
                return cut_short(why, plies);
            }
            if let Status::Over(outcome) = engine.status(&pos, buffer) {
                return Playout {
                    outcome: Some(outcome),
                    plies,
                    stopped: None,
                };
            }
            return Playout {
                outcome: None,
                plies,
                stopped: None,
            };
        }
        let key = pos.key();
        let mover = pos.to_move();
        let held = pos.owned(mover);
        let outcome = engine.play_random(&mut pos, rng, buffer);
        if let Some(why) = buffer.overrun() {
            return cut_short(why, plies);
        }
        if let Some(outcome) = outcome {
            return Playout {
                outcome: Some(outcome),
                plies,
                stopped: None,
            };
        }
        watch(mover, held, &pos);
        history.push(key);
        plies += 1;
    }
}

/// A play-out that a listing stopped.
#[cold]
fn cut_short(why: &Overrun, plies: u32) -> Playout {
    Playout {
        outcome: None,
        plies,
        stopped: Some(why.clone()),
    }
}
