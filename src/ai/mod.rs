//! Computer players. They see only the engine.

mod mcts;
mod random;

pub use mcts::{Budget, Choice, MctsConfig, mcts_choose};
pub use random::{Playout, PlayoutPolicy, random_playout};
