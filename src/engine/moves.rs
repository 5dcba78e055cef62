//! A move: what a player does in one turn, one act per part of the turn.

use crate::rules::{Cell, CellSet, KindId, MAX_PARTS};

/// What an act does, by the family of its option's primitive: each
/// variant holds the cells and numbers that family uses, and no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deed {
    /// `place`: a piece of `kind` from the reserve onto `to` (a neutral
    /// kind needs no reserve).
    Place {
        /// The kind placed.
        kind: KindId,
        /// The cell it lands on.
        to: Cell,
    },
    /// `enter`: a piece of `kind` from the reserve in along entry line
    /// number `line` (an `enter` over a big board may have more than 256
    /// lines), whose first cell is `to`.
    Enter {
        /// The kind entered.
        kind: KindId,
        /// The index of the entry line.
        line: u16,
        /// The line's first cell.
        to: Cell,
    },
    /// `step`, `slide`, `jump` or `relocate`: the top piece on `from` goes
    /// to `to` (the same cell, for a chain of jumps that comes back).
    Move {
        /// The cell it leaves.
        from: Cell,
        /// The cell it arrives at.
        to: Cell,
        /// For a capturing jump, which of the sets of pieces that a chain
        /// from `from` to `to` may take it takes: how many others the
        /// engine finds before it, from the position the act is played
        /// in (so 0 when only one set ends there, as almost always, and
        /// for every other act). The pieces themselves are found again
        /// from the position (see [`Move`]).
        capture: u16,
    },
    /// `bear off` or `return`: the top piece on `from` leaves the board.
    Lift {
        /// The cell it leaves.
        from: Cell,
    },
}

/// One act inside a turn: which option of which part was used, and what
/// it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Act {
    /// The part of the turn the act plays (an optional part left out
    /// has no act, so this need not be the act's place in the move).
    pub part: u8,
    /// Index of the option within its part.
    pub option: u8,
    /// What it did.
    pub deed: Deed,
}

impl Act {
    /// The filler of a move's unused parts.
    pub const EMPTY: Act = Act::of(0, 0);

    /// An act of option `option` of part `part`, to be given its deed by
    /// [`Act::placing`], [`Act::moving`] and the like.
    pub(super) const fn of(part: u8, option: u8) -> Act {
        Act {
            part,
            option,
            deed: Deed::Lift { from: Cell::new(0) },
        }
    }

    /// This act's option placing a piece of `kind` on `to`.
    pub(super) fn placing(self, kind: KindId, to: Cell) -> Act {
        Act {
            deed: Deed::Place { kind, to },
            ..self
        }
    }

    /// This act's option entering a piece of `kind` along line `line`.
    pub(super) fn entering(self, kind: KindId, line: u16, to: Cell) -> Act {
        Act {
            deed: Deed::Enter { kind, line, to },
            ..self
        }
    }

    /// This act's option moving the piece on `from` to `to`.
    pub(super) fn moving(self, from: Cell, to: Cell) -> Act {
        Act {
            deed: Deed::Move {
                from,
                to,
                capture: 0,
            },
            ..self
        }
    }

    /// This act's option moving the piece on `from`, to a destination that
    /// [`Act::landing`] gives it (one of a group's).
    pub(super) fn leaving(self, from: Cell) -> Act {
        self.moving(from, from)
    }

    /// This act's option taking the piece on `from` off the board.
    pub(super) fn lifting(self, from: Cell) -> Act {
        Act {
            deed: Deed::Lift { from },
            ..self
        }
    }

    /// The same act arriving at `to` instead (a lift has no arrival and
    /// stays as it is): one member of a group of ways that share all but
    /// their destination, or the first capture of a chain that ends there.
    pub(super) fn landing(self, to: Cell) -> Act {
        let deed = match self.deed {
            Deed::Place { kind, .. } => Deed::Place { kind, to },
            Deed::Enter { kind, line, .. } => Deed::Enter { kind, line, to },
            Deed::Move { from, .. } => Deed::Move {
                from,
                to,
                capture: 0,
            },
            Deed::Lift { from } => Deed::Lift { from },
        };
        Act { deed, ..self }
    }

    /// The same jump taking the set of pieces numbered `capture` among
    /// those its chains to its destination may take.
    pub(super) fn taking(self, capture: u16) -> Act {
        let deed = match self.deed {
            Deed::Move { from, to, .. } => Deed::Move { from, to, capture },
            other @ (Deed::Place { .. } | Deed::Enter { .. } | Deed::Lift { .. }) => other,
        };
        Act { deed, ..self }
    }

    /// The cell a piece leaves, for an act that takes one from the board.
    pub fn origin(&self) -> Option<Cell> {
        match self.deed {
            Deed::Move { from, .. } | Deed::Lift { from } => Some(from),
            Deed::Place { .. } | Deed::Enter { .. } => None,
        }
    }

    /// The cell a piece arrives at, for an act that puts one on the board.
    pub fn destination(&self) -> Option<Cell> {
        match self.deed {
            Deed::Place { to, .. } | Deed::Enter { to, .. } | Deed::Move { to, .. } => Some(to),
            Deed::Lift { .. } => None,
        }
    }

    /// The act's own cell: where its piece arrives, or the cell a lift
    /// takes a piece from ("the last cell" for the act after it).
    pub fn cell(&self) -> Cell {
        match self.deed {
            Deed::Place { to, .. } | Deed::Enter { to, .. } | Deed::Move { to, .. } => to,
            Deed::Lift { from } => from,
        }
    }

    /// The kind a placement or an entry brings in.
    pub fn kind(&self) -> Option<KindId> {
        match self.deed {
            Deed::Place { kind, .. } | Deed::Enter { kind, .. } => Some(kind),
            Deed::Move { .. } | Deed::Lift { .. } => None,
        }
    }

    /// The index of an entry's line.
    pub fn entry_line(&self) -> Option<usize> {
        match self.deed {
            Deed::Enter { line, .. } => Some(line as usize),
            Deed::Place { .. } | Deed::Move { .. } | Deed::Lift { .. } => None,
        }
    }
}

/// A whole turn: its acts, part by part. `len == 0` is a pass.
///
/// Small and `Copy` (34 bytes), and meaningful from the position it is
/// played in, like any move: a capturing jump names the pieces it takes
/// only by number (`Deed::Move::capture`), since they are almost always
/// none or the one its ends tell. The engine finds them again by listing
/// the jump's chains from that position ([`Played`] is a move with them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The acts of the turn's parts, in order; only the first `len` count.
    pub acts: [Act; MAX_PARTS],
    /// How many parts were played.
    pub len: u8,
}

impl Move {
    /// The move of a player who cannot move and passes.
    pub const PASS: Move = Move {
        acts: [Act::EMPTY; MAX_PARTS],
        len: 0,
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
}

/// A move as the engine plays it: with the pieces each act's capturing
/// jump takes, which the move names only by number. Made while a turn is
/// walked (the listing keeps them for the moves it lists), or found again
/// from the position for a move given from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    pub(crate) mv: Move,
    /// `taken[i]`: the pieces act `i` takes by jumping them.
    pub(crate) taken: [CellSet; MAX_PARTS],
}

impl Played {
    /// A pass, and the start of a move being walked.
    pub(crate) const PASS: Played = Played {
        mv: Move::PASS,
        taken: [CellSet::EMPTY; MAX_PARTS],
    };

    /// The acts played, part by part, each with the pieces it jumps and takes.
    pub(crate) fn acts(&self) -> impl Iterator<Item = (&Act, CellSet)> {
        self.mv.acts().iter().zip(self.taken.iter().copied())
    }

    /// Whether some act takes pieces by jumping them.
    pub(crate) fn captures(&self) -> bool {
        self.taken[..self.mv.len as usize]
            .iter()
            .any(|t| !t.is_empty())
    }

    pub(crate) fn push(&mut self, act: Act, taken: CellSet) {
        let i = self.mv.len as usize;
        self.mv.acts[i] = act;
        self.taken[i] = taken;
        self.mv.len += 1;
    }

    pub(crate) fn pop(&mut self) {
        self.mv.len -= 1;
        self.taken[self.mv.len as usize] = CellSet::EMPTY;
    }
}
