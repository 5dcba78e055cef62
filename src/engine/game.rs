//! A game in progress: the positions so far, for repetition, undo and records.

use super::{Engine, Move, Outcome, ParseError, Position, Successors};

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    Over(Outcome),
}

/// A game from its start: every position reached and the moves between.
pub struct Game<'e> {
    engine: &'e Engine,
    positions: Vec<Position>,
    /// The key of each position, kept beside them so that asking for
    /// repetition allocates nothing.
    keys: Vec<u64>,
    moves: Vec<Move>,
    successors: Successors,
}

impl<'e> Game<'e> {
    pub fn new(engine: &'e Engine) -> Game<'e> {
        let start = engine.start();
        let mut successors = Successors::default();
        engine.successors(&start, &mut successors);
        Game {
            engine,
            keys: vec![start.key()],
            positions: vec![start],
            moves: Vec::new(),
            successors,
        }
    }

    pub fn engine(&self) -> &'e Engine {
        self.engine
    }

    /// The moves of the current position and where they lead (repetition aside).
    pub fn successors(&self) -> &Successors {
        &self.successors
    }

    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The position before the last move, if a move was played.
    pub fn position_before_last(&self) -> Option<&Position> {
        let n = self.positions.len();
        (n >= 2).then(|| &self.positions[n - 2])
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves now (none once the game is over).
    pub fn legal(&self) -> &[Move] {
        if self.is_drawn_by_repetition() {
            &[]
        } else {
            &self.successors.moves
        }
    }

    pub fn status(&self) -> Status {
        // Moves that could not all be listed say nothing of the end.
        if self.overrun().is_some() {
            return Status::Ongoing;
        }
        if self.is_drawn_by_repetition() {
            return Status::Over(Outcome::Draw);
        }
        self.engine.status(self.position(), &self.successors)
    }

    fn is_drawn_by_repetition(&self) -> bool {
        let before = &self.keys[..self.keys.len() - 1];
        self.engine.repeated(self.position(), before)
    }

    /// Plays the legal move with this index.
    pub fn play_index(&mut self, index: usize) {
        let next = self.successors.positions[index].clone();
        self.moves.push(self.successors.moves[index]);
        self.keys.push(next.key());
        self.positions.push(next);
        self.refresh();
    }

    /// Why the moves of the current position could not all be listed, if
    /// they could not (see [`Successors::overrun`]): then no move can be
    /// played here, and the status is not known.
    pub fn overrun(&self) -> Option<&super::Overrun> {
        self.successors.overrun()
    }

    /// Plays a move typed in notation; the game is unchanged on error.
    pub fn play(&mut self, text: &str) -> Result<(), ParseError> {
        if let Some(why) = self.overrun() {
            return Err(ParseError::Unlisted {
                text: text.trim().to_string(),
                why: why.clone(),
            });
        }
        if self.status() != Status::Ongoing {
            return Err(ParseError::GameOver {
                text: text.trim().to_string(),
            });
        }
        let index = self
            .engine
            .parse_move(self.position(), &self.successors, text)?;
        self.play_index(index);
        Ok(())
    }

    /// Takes back the last move; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        self.moves.pop();
        self.positions.pop();
        self.keys.pop();
        self.refresh();
        true
    }

    /// The notation of each legal move now.
    pub fn legal_notations(&self) -> Vec<String> {
        self.legal()
            .iter()
            .map(|m| self.engine.notation(self.position(), m))
            .collect()
    }

    /// The keys of the positions before the current one.
    pub fn history_keys(&self) -> Vec<u64> {
        self.keys[..self.keys.len() - 1].to_vec()
    }

    fn refresh(&mut self) {
        let pos = self.positions.last().expect("a position").clone();
        self.engine.successors(&pos, &mut self.successors);
    }
}
