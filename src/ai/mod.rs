//! Computer players. They see only the engine.

mod arena;
mod mcts;
mod random;

pub use arena::{
    Bout, Contender, Rate, Schedule, Tally, arena, bout_seed, play_bout, play_game, spread,
};
pub use mcts::{
    Budget, Choice, DEFAULT_BUDGET, MctsConfig, Searcher, Stop, Strategy, Verdict, mcts_choose,
};
pub use random::{Playout, random_playout};
