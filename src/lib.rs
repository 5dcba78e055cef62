//! gamut: a rules interpreter and language for abstract board games.
//!
//! Data flows one way: text ([`syntax`]) → checked rules ([`check`] makes
//! [`rules::Rules`]) → front ends ([`cli`]). See `ARCHITECTURE.md`.

pub mod ai;
pub mod analysis;
pub mod check;
pub mod cli;
pub mod diag;
pub mod engine;
pub mod games;
pub mod input;
pub mod load;
pub mod rng;
pub mod rules;
pub mod syntax;
pub mod text;
