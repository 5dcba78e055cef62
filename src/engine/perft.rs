//! Perft: the number of leaves of the game tree at a depth, the standard
//! check that two implementations agree on every rule.
//!
//! A finished position (won, lost, stuck without a pass, or drawn by
//! repetition) has no moves. Repetition needs the keys of the positions
//! that led here, so the search keeps them on a stack.

use super::{Engine, Move, Overrun, Position, Successors};

/// `perft(depth)` from `pos`. `history` holds the keys of the positions
/// before `pos` in the game (for repetition); it is left as it was. An
/// error says why a position's moves could not all be listed.
pub fn perft(
    engine: &Engine,
    pos: &Position,
    depth: u32,
    history: &mut Vec<u64>,
) -> Result<u64, Overrun> {
    let mut buffers: Vec<Successors> = (0..depth).map(|_| Successors::default()).collect();
    history.push(pos.key());
    let n = count(engine, pos, depth, history, &mut buffers);
    history.pop();
    n
}

/// Each legal move of `pos` with `perft(depth - 1)` of its result.
pub fn divide(
    engine: &Engine,
    pos: &Position,
    depth: u32,
    history: &mut Vec<u64>,
) -> Result<Vec<(Move, u64)>, Overrun> {
    let mut here = Successors::default();
    if depth == 0 || engine.repeated(pos, history) {
        return Ok(Vec::new());
    }
    engine.successors(pos, &mut here);
    if let Some(why) = here.overrun() {
        return Err(why.clone());
    }
    history.push(pos.key());
    let out = here
        .moves
        .iter()
        .zip(&here.positions)
        .map(|(mv, next)| Ok((*mv, perft(engine, next, depth - 1, history)?)))
        .collect();
    history.pop();
    out
}

/// `history` ends with `pos`'s own key.
fn count(
    engine: &Engine,
    pos: &Position,
    depth: u32,
    history: &mut Vec<u64>,
    buffers: &mut [Successors],
) -> Result<u64, Overrun> {
    if depth == 0 {
        return Ok(1);
    }
    let before = &history[..history.len() - 1];
    if engine.repeated(pos, before) {
        return Ok(0);
    }
    if super::budget::deadline_passed() {
        return Err(Overrun::Deadline);
    }
    let (here, deeper) = buffers.split_first_mut().expect("a buffer per depth");
    if depth == 1 {
        // The leaves need counting, not building.
        engine.legal_moves(pos, here);
    } else {
        engine.successors(pos, here);
    }
    if let Some(why) = here.overrun() {
        return Err(why.clone());
    }
    if depth == 1 {
        return Ok(here.len() as u64);
    }
    let mut total = 0;
    for next in &here.positions {
        history.push(next.key());
        let n = count(engine, next, depth - 1, history, deeper);
        history.pop();
        total += n?;
    }
    Ok(total)
}

impl Engine {
    /// Whether `pos` ends the game by repetition, given the keys of the
    /// positions before it.
    pub fn repeated(&self, pos: &Position, before: &[u64]) -> bool {
        let Some(n) = self.rules.repetition_draw else {
            return false;
        };
        let seen = before.iter().filter(|k| **k == pos.key()).count() as u32;
        seen + 1 >= n
    }
}
