//! Drawing a random move in a turn of several parts without checking
//! every way of playing it.
//!
//! Generation plays each way with all its checks, and the goal checks cost
//! the most. Here the ways are first outlined: every act is applied without
//! the checks only a played position can answer (the goals, the group
//! limit), and a turn is also taken to end after any part, in case the game
//! is decided there. The outline is a superset of the legal ways. Its
//! results are merged exactly, as in generation. One result is then drawn
//! uniformly, and kept if one of its ways passes every check when played;
//! otherwise it is put aside for good and another drawn. Each legal move
//! is one result of the outline, so the draw is uniform over them.

use super::moves::Move;
use super::{Engine, OUTLINE, Position, Successors};
use crate::ai::Rng;
use crate::rules::CellSet;

impl Engine {
    /// Plays a uniformly drawn legal move of a turn of several parts on
    /// `pos`. False, with `pos` as it was, when there is none.
    pub(super) fn draw_outlined(
        &self,
        pos: &mut Position,
        rng: &mut Rng,
        out: &mut Successors,
    ) -> bool {
        out.clear();
        let root = pos.clone();
        let mut mv = Move::PASS;
        self.generate_part::<OUTLINE>(0, &root, pos, &mut mv, CellSet::EMPTY, out);
        for (i, first) in out.firsts.iter().enumerate() {
            if *first as usize == i {
                out.pool.push(i as u32);
            }
        }
        while !out.pool.is_empty() {
            let k = rng.below(out.pool.len());
            let result = out.pool[k];
            for i in 0..out.moves.len() {
                if out.firsts[i] != result {
                    continue;
                }
                let mv = out.moves[i];
                if let Some(next) = self.play_checked(&root, &mv, &mut out.trail) {
                    *pos = next;
                    return true;
                }
            }
            out.pool.swap_remove(k);
        }
        false
    }

    /// Keeps an outlined way, with the first way that leads where it does.
    pub(super) fn outline_end(
        &self,
        root: &Position,
        pos: &Position,
        mv: &Move,
        out: &mut Successors,
    ) {
        let key = pos.key ^ self.turn_keys[pos.place as usize];
        let first = self
            .same_as_earlier(root, pos, key, out)
            .unwrap_or(out.moves.len());
        out.moves.push(*mv);
        out.keys.push(key);
        out.firsts.push(first as u32);
    }
}
