//! A move: what a player does in one turn, one act per part of the turn.

use crate::rules::{CellSet, MAX_PARTS};

/// The value of a field an act does not use (which fields an act uses
/// follows from its option's primitive; see `Engine::cells_of`).
pub(super) const NONE: u8 = u8::MAX;

/// The value of `Act::line` where an act uses no line.
pub(super) const NO_LINE: u16 = u16::MAX;

/// One act inside a turn: which option of the part was used, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Act {
    /// The part of the turn the act plays (an optional part left out
    /// has no act, so this need not be the act's place in the move).
    pub part: u8,
    /// Index of the option within its part.
    pub option: u8,
    /// The kind placed or entered.
    pub kind: u8,
    /// The cell a piece leaves (unused by placements and entries).
    pub from: u8,
    /// The cell a piece arrives at (unused by bear-offs and returns).
    pub to: u8,
    /// For entries: the index of the entry line used (an `enter` over a
    /// big board may have more than 256 lines); for slides, the direction.
    pub line: u16,
}

impl Act {
    /// No act: the filler of a move's unused parts.
    pub const EMPTY: Act = Act {
        part: 0,
        option: NONE,
        kind: 0,
        from: NONE,
        to: NONE,
        line: NO_LINE,
    };
}

/// A whole turn. `len == 0` is a pass. `captured[part]` lists the pieces
/// a capturing jump in that part took, which its end cells alone cannot
/// tell (kept per part, so that the move can be played again exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The acts of the turn's parts, in order; only the first `len` count.
    pub acts: [Act; MAX_PARTS],
    /// How many parts were played.
    pub len: u8,
    /// The pieces a capturing jump took, per part.
    pub captured: [CellSet; MAX_PARTS],
}

impl Move {
    /// The move of a player who cannot move and passes.
    pub const PASS: Move = Move {
        acts: [Act::EMPTY; MAX_PARTS],
        len: 0,
        captured: [CellSet::EMPTY; MAX_PARTS],
    };

    /// Whether it is a pass.
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// The acts played, part by part.
    pub fn acts(&self) -> &[Act] {
        &self.acts[..self.len as usize]
    }

    /// How many parts of the turn the move has reached: those up to its
    /// last act's, including any optional ones it left out on the way.
    pub(crate) fn parts_played(&self) -> usize {
        self.acts().last().map_or(0, |a| a.part as usize + 1)
    }

    pub(crate) fn push(&mut self, act: Act, captured: CellSet) {
        self.captured[self.len as usize] = captured;
        self.acts[self.len as usize] = act;
        self.len += 1;
    }

    pub(crate) fn pop(&mut self) {
        self.len -= 1;
        self.captured[self.len as usize] = CellSet::EMPTY;
    }
}
