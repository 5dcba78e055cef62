//! A game in progress: the positions so far, for repetition, undo and records.

use super::{Engine, Move, Outcome, ParseError, Position, Successors};

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game has ended so.
    Over(Outcome),
}

/// The next stamp of a move played (see [`Game::move_stamps`]), shared by
/// every game, so that no two moves get one.
static NEXT_STAMP: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A game from its start: every position reached and the moves between.
pub struct Game<'e> {
    engine: &'e Engine,
    positions: Vec<Position>,
    /// The key of each position, kept beside them so that asking for
    /// repetition allocates nothing.
    keys: Vec<u64>,
    /// How many times each key occurs in `keys`: repetition is asked
    /// after every move, and counting the whole game each time made a
    /// long game quadratic.
    seen: std::collections::HashMap<u64, u32>,
    moves: Vec<Move>,
    /// A stamp for each move played (see [`Game::move_stamps`]).
    stamps: Vec<u64>,
    successors: Successors,
}

impl<'e> Game<'e> {
    /// A game at the start position.
    pub fn new(engine: &'e Engine) -> Game<'e> {
        let start = engine.start();
        let mut successors = Successors::default();
        engine.successors(&start, &mut successors);
        Game {
            engine,
            keys: vec![start.key()],
            seen: std::collections::HashMap::from([(start.key(), 1)]),
            positions: vec![start],
            moves: Vec::new(),
            stamps: Vec::new(),
            successors,
        }
    }

    /// The engine it is played with.
    pub fn engine(&self) -> &'e Engine {
        self.engine
    }

    /// The moves of the current position and where they lead (repetition aside).
    pub fn successors(&self) -> &Successors {
        &self.successors
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The position before the last move, if a move was played.
    pub fn position_before_last(&self) -> Option<&Position> {
        let n = self.positions.len();
        (n >= 2).then(|| &self.positions[n - 2])
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves now (none once the game is over, nor where they are
    /// too many to list: see [`Game::overrun`]).
    pub fn legal(&self) -> &[Move] {
        if self.is_drawn_by_repetition() || self.overrun().is_some() {
            &[]
        } else {
            &self.successors.moves
        }
    }

    /// Whether the game goes on, and how it ended if not.
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
        // As `Engine::repeated` counts: this occurrence and those before.
        let key = self.position().key();
        self.engine
            .rules()
            .repetition_draw
            .is_some_and(|n| self.seen.get(&key).copied().unwrap_or(0) >= n)
    }

    /// Plays the legal move with this index.
    pub fn play_index(&mut self, index: usize) {
        let next = self.successors.positions[index].clone();
        self.push(self.successors.moves[index], next);
    }

    /// Plays a move found earlier (from this game's moves, or a record's):
    /// one of the listed moves, or where the moves could not be listed, any
    /// move that passes every check. False, with the game unchanged, if it
    /// is not legal here.
    pub fn play_move(&mut self, mv: &Move) -> bool {
        if self.overrun().is_none() {
            let found = self.legal().iter().position(|m| m == mv);
            found.inspect(|&i| self.play_index(i));
            return found.is_some();
        }
        let mut trail = Vec::new();
        match self.engine.play_given(self.position(), mv, &mut trail) {
            Some(next) => {
                self.push(*mv, next);
                true
            }
            None => false,
        }
    }

    /// A stamp for each move played, never given twice in a process (to
    /// any game): a move taken back and played again gets a new one, and
    /// a game that replaces another shares none of its stamps. So where the stamp of
    /// a front end's cached move still stands at its index, that move and
    /// every move before it are as they were (moves before it cannot
    /// change without taking it back first), found without comparing the
    /// whole game.
    pub fn move_stamps(&self) -> &[u64] {
        &self.stamps
    }

    /// Each position of the game with the move played from it, in order.
    pub fn played(&self) -> impl Iterator<Item = (&Position, &Move)> {
        self.positions.iter().zip(&self.moves)
    }

    fn push(&mut self, mv: Move, next: Position) {
        self.moves.push(mv);
        self.stamps
            .push(NEXT_STAMP.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        self.keys.push(next.key());
        *self.seen.entry(next.key()).or_insert(0) += 1;
        self.positions.push(next);
        self.refresh();
    }

    /// Where the moves of the position are too many to list
    /// ([`Game::overrun`]), plays a move drawn one part at a time (see
    /// [`Engine::random_by_parts`]); false if none was found.
    pub fn play_random_by_parts(&mut self, rng: &mut crate::rng::Rng) -> bool {
        let mut scratch = Successors::default();
        match self
            .engine
            .random_by_parts(self.position(), rng, &mut scratch)
        {
            Some((mv, next)) => {
                self.push(mv, next);
                true
            }
            None => false,
        }
    }

    /// Why the moves of the current position could not all be listed, if
    /// they could not (see [`Successors::overrun`]): then no move can be
    /// played here, and the status is not known.
    pub fn overrun(&self) -> Option<&super::Overrun> {
        self.successors.overrun()
    }

    /// Plays a move typed in notation; the game is unchanged on error.
    /// Where the position's moves are too many to list, the move is read
    /// part by part instead (see [`Engine::parse_by_parts`]).
    pub fn play(&mut self, text: &str) -> Result<(), ParseError> {
        if self.overrun().is_some() {
            let mut scratch = Successors::default();
            let (mv, next) = self
                .engine
                .parse_by_parts(self.position(), text, &mut scratch)?;
            self.push(mv, next);
            return Ok(());
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
        self.stamps.pop();
        self.positions.pop();
        if let Some(key) = self.keys.pop()
            && let Some(n) = self.seen.get_mut(&key)
        {
            *n -= 1;
        }
        self.refresh();
        true
    }

    /// The notation of each legal move now.
    pub fn legal_notations(&self) -> Vec<String> {
        self.engine.notations(self.position(), self.legal())
    }

    /// The keys of the positions before the current one.
    pub fn history_keys(&self) -> &[u64] {
        &self.keys[..self.keys.len() - 1]
    }

    fn refresh(&mut self) {
        let pos = self.positions.last().expect("a position").clone();
        self.engine.successors(&pos, &mut self.successors);
    }
}
