//! Computer players. They see only the engine.

mod random;

pub use random::{Playout, Rng, random_playout};
