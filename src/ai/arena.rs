//! Seeded games between two computer players, spread over threads: the
//! measure of a player's strength, and of a game's balance.
//!
//! Game `i` of a run is fixed by the run's seed and `i` alone, and the
//! first contender plays the first player in the even games and the second
//! in the odd ones, so a run gives the same games whatever the number of
//! threads, and both contenders play both sides equally.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::mcts::{MctsConfig, Searcher};
use super::random::Playout;
use crate::engine::{Engine, Game, Outcome, Overrun, Status};
use crate::rng::Rng;

/// A computer player.
#[derive(Clone, Copy, Debug)]
pub enum Contender {
    /// Uniformly random legal moves.
    Random,
    /// A tree search (`uct` or `mcts`, by its strategy).
    Search(MctsConfig),
}

/// How one game of a run went.
#[derive(Clone, Debug, PartialEq)]
pub struct Bout {
    /// Its number in the run.
    pub index: usize,
    /// Which contender (0 or 1) played the game's first player.
    pub first: usize,
    /// How the game ended, by the game's players; `None` when it reached
    /// the ply cap, or a position's moves could not be listed.
    pub outcome: Option<Outcome>,
    /// How many moves were played.
    pub plies: u32,
    /// Why a listing stopped the game, if one did.
    pub stopped: Option<Overrun>,
}

impl Bout {
    /// The contender (0 or 1) who won, if one did.
    pub fn winner(&self) -> Option<usize> {
        match self.outcome {
            Some(Outcome::Win(p)) => Some(if p.index() == 0 {
                self.first
            } else {
                1 - self.first
            }),
            _ => None,
        }
    }
}

/// The seed of game `index` of a run seeded with `seed`.
pub fn bout_seed(seed: u64, index: usize) -> u64 {
    Rng::new(seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)).next_u64()
}

/// Plays game `index` of a run between `contenders`, at most `ply_cap` moves.
pub fn play_bout(
    engine: &Engine,
    contenders: &[Contender; 2],
    seed: u64,
    index: usize,
    ply_cap: u32,
) -> Bout {
    let first = index % 2;
    // The contender seated at each of the game's players.
    let seated = [contenders[first], contenders[1 - first]];
    let played = play_game(
        engine,
        seated,
        bout_seed(seed, index),
        ply_cap,
        &mut |_, _| {},
    );
    Bout {
        index,
        first,
        outcome: played.outcome,
        plies: played.plies,
        stopped: played.stopped,
    }
}

/// Plays one game from the start with `seated[p]` playing player `p`, its
/// random draws seeded with `seed`, at most `ply_cap` moves. Before each
/// move, `observe` sees the game (its legal moves listed) and the index
/// of the move about to be played.
pub fn play_game(
    engine: &Engine,
    seated: [Contender; 2],
    seed: u64,
    ply_cap: u32,
    observe: &mut dyn FnMut(&Game, usize),
) -> Playout {
    let mut searchers = seated.map(|c| match c {
        Contender::Search(config) => Some(Searcher::new(config)),
        Contender::Random => None,
    });
    let mut rng = Rng::new(seed);
    let mut game = Game::new(engine);
    let mut stopped = None;
    while game.status() == Status::Ongoing && (game.moves().len() as u32) < ply_cap {
        if let Some(why) = game.overrun() {
            stopped = Some(why.clone());
            break;
        }
        let p = game.position().to_move();
        let index = match &mut searchers[p] {
            None => rng.below(game.legal().len()),
            Some(searcher) => {
                let history = game.history_keys();
                match searcher.choose(engine, game.position(), history, &mut rng) {
                    Ok(Some(choice)) => choice.index,
                    Ok(None) => break,
                    Err(why) => {
                        stopped = Some(why);
                        break;
                    }
                }
            }
        };
        observe(&game, index);
        game.play_index(index);
    }
    let outcome = match game.status() {
        Status::Over(outcome) => Some(outcome),
        Status::Ongoing => None,
    };
    Playout {
        outcome,
        plies: game.moves().len() as u32,
        stopped,
    }
}

/// How an arena's games are played.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    /// How many games.
    pub games: usize,
    /// The run's seed: with a game's number, it fixes the game.
    pub seed: u64,
    /// How many threads play them.
    pub threads: usize,
    /// The most moves a game may last.
    pub ply_cap: u32,
}

/// Plays the schedule's games between `contenders`, calling `done` after
/// each; returns them in the order of their numbers.
pub fn arena(
    engine: &Engine,
    contenders: &[Contender; 2],
    schedule: Schedule,
    done: &(dyn Fn(&Bout) + Sync),
) -> Vec<Bout> {
    let Schedule {
        games,
        seed,
        threads,
        ply_cap,
    } = schedule;
    let bouts = Mutex::new(Vec::with_capacity(games));
    spread(
        games,
        threads,
        Vec::new,
        |played, i| {
            let bout = play_bout(engine, contenders, seed, i, ply_cap);
            done(&bout);
            played.push(bout);
        },
        |played| {
            if let Ok(mut bouts) = bouts.lock() {
                bouts.extend(played);
            }
        },
    );
    let mut bouts = bouts.into_inner().unwrap_or_default();
    bouts.sort_by_key(|b| b.index);
    bouts
}

/// Runs `each(state, i)` for every `i` below `items` on up to `threads`
/// threads, each taking the next number as it goes free; a thread's state
/// starts as `start()` and is handed to `finish` when the numbers run out.
/// What is done with number `i` must depend on `i` alone for a run to be
/// the same on any number of threads.
pub fn spread<S>(
    items: usize,
    threads: usize,
    start: impl Fn() -> S + Sync,
    each: impl Fn(&mut S, usize) + Sync,
    finish: impl Fn(S) + Sync,
) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.max(1)) {
            scope.spawn(|| {
                let mut state = start();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items {
                        break;
                    }
                    each(&mut state, i);
                }
                finish(state);
            });
        }
    });
}

/// A score out of some games with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rate {
    /// Wins plus half the draws, over the games.
    pub value: f64,
    /// The lower end of the Wilson score interval at 95 %.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
}

impl Rate {
    /// The rate of `score` (wins, with draws as halves) out of `games`.
    pub fn of(score: f64, games: usize) -> Rate {
        if games == 0 {
            return Rate {
                value: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = games as f64;
        // A score past the games (which only a hand-made file can give)
        // would take the interval's root below zero.
        let p = (score / n).clamp(0.0, 1.0);
        let z: f64 = 1.959_964;
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Rate {
            value: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// What a run came to, for the first contender.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tally {
    /// How many games were played.
    pub games: usize,
    /// Wins of each contender.
    pub wins: [usize; 2],
    /// Games drawn by the rules.
    pub draws: usize,
    /// Games stopped by the ply cap or a listing.
    pub unfinished: usize,
    /// The first contender's score, draws and unfinished games as halves.
    pub score: Rate,
    /// The mean length of the games, in moves.
    pub mean_plies: f64,
}

impl Tally {
    /// Counts a run's games.
    pub fn of(bouts: &[Bout]) -> Tally {
        let mut wins = [0; 2];
        let mut draws = 0;
        let mut unfinished = 0;
        for b in bouts {
            match (b.winner(), b.outcome) {
                (Some(w), _) => wins[w] += 1,
                (None, Some(_)) => draws += 1,
                (None, None) => unfinished += 1,
            }
        }
        let plies: u64 = bouts.iter().map(|b| u64::from(b.plies)).sum();
        let score = wins[0] as f64 + (draws + unfinished) as f64 / 2.0;
        Tally {
            games: bouts.len(),
            wins,
            draws,
            unfinished,
            score: Rate::of(score, bouts.len()),
            mean_plies: if bouts.is_empty() {
                0.0
            } else {
                plies as f64 / bouts.len() as f64
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rate;

    #[test]
    fn the_interval_is_wilsons() {
        // 70 of 100: the Wilson interval is about 0.604 to 0.781.
        let r = Rate::of(70.0, 100);
        assert!((r.low - 0.604).abs() < 0.002, "{r:?}");
        assert!((r.high - 0.781).abs() < 0.002, "{r:?}");
        // All won: the interval still admits doubt.
        let r = Rate::of(10.0, 10);
        assert!(r.low < 0.73 && r.high > 0.999, "{r:?}");
    }
}
