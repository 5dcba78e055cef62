//! The engine: plays what the checked rules say, for any game.
//!
//! [`Engine::successors`] is the heart: it generates every way of playing a
//! whole turn, applies each (effects, legality, goal checks after every
//! part), and keeps one move per distinct resulting position, since the
//! legal moves of a position are its distinct successor positions. The
//! caller owns and reuses the [`Successors`] buffer, so generation
//! allocates nothing once the buffers have grown.
//!
//! Nothing here knows a game by name; it reads only [`crate::rules`].

mod apply;
mod explain;
mod game;
mod generate;
mod goals;
mod moves;
mod notation;
mod perft;
mod position;
mod sample;
mod show;

pub use game::{Game, Status};
pub use moves::{Act, Move};
pub use notation::ParseError;
pub use perft::{divide, perft};
pub use position::{Outcome, Position};
pub use sample::Draw;
pub use show::holdings;

use crate::rules::{Action, Cell, CellSet, MAX_PARTS, PlayerId, Rules, WhenStuck};

/// Why a played act is not legal, by the rule that only its result can break.
pub(crate) enum Refusal {
    /// `must remove a piece`, and it removed none.
    RemovesNothing,
    /// `limit group size`.
    GroupTooLarge,
    /// `illegal if both players win`.
    BothWin,
}

/// The rules, with the tables the engine adds to them.
pub struct Engine {
    rules: Rules,
    /// `[option index in part 0][player][line]`: every cell on the full
    /// line of an entry, for `not on entry line`.
    entry_lines: Vec<[Vec<CellSet>; 2]>,
    /// Every cell of each rank and each file.
    ranks: Vec<CellSet>,
    files: Vec<CellSet>,
    /// No goal holds in the start position. Every later position was then
    /// reached by a part after which no goal held (or the game would be
    /// over), so goal checks may look only at what a part changed.
    goals_clear_at_start: bool,
    /// No two ways of playing a turn can lead to one position, so a random
    /// move can be drawn without generating them all.
    distinct_ways: bool,
}

/// The legal moves of a position and the position each leads to, in step.
#[derive(Default)]
pub struct Successors {
    pub moves: Vec<Move>,
    pub positions: Vec<Position>,
    /// With `all_ways`, every way of playing is kept, duplicates included
    /// (for reading what a person typed).
    pub(crate) all_ways: bool,
    /// Open-addressing table of indices into `positions`, by key.
    table: Vec<u32>,
    /// One buffer of ways per part of the turn.
    acts: [Vec<generate::Way>; MAX_PARTS],
    /// The pieces each capturing jump listed in `acts` takes.
    captures: Vec<CellSet>,
}

impl Successors {
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    fn clear(&mut self) {
        self.moves.clear();
        self.positions.clear();
        self.captures.clear();
        self.table.clear();
    }

    /// Adds a successor unless an equal position is already there.
    fn push(&mut self, mv: Move, pos: Position) {
        if self.all_ways {
            self.moves.push(mv);
            self.positions.push(pos);
            return;
        }
        if self.table.len() < 2 * (self.positions.len() + 1) {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let mut i = pos.key as usize & mask;
        loop {
            match self.table[i] {
                u32::MAX => {
                    self.table[i] = self.positions.len() as u32;
                    self.moves.push(mv);
                    self.positions.push(pos);
                    return;
                }
                j if self.positions[j as usize] == pos => return,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let size = (self.table.len() * 2).max(64);
        self.table.clear();
        self.table.resize(size, u32::MAX);
        let mask = size - 1;
        for (j, p) in self.positions.iter().enumerate() {
            let mut i = p.key as usize & mask;
            while self.table[i] != u32::MAX {
                i = (i + 1) & mask;
            }
            self.table[i] = j as u32;
        }
    }
}

impl Engine {
    pub fn new(rules: Rules) -> Engine {
        let board = &rules.board;
        let mut ranks = vec![CellSet::EMPTY; board.height as usize];
        let mut files = vec![CellSet::EMPTY; board.width as usize];
        for c in board.cells.iter() {
            ranks[board.rank_of(c) as usize].insert(c);
            files[board.file_of(c) as usize].insert(c);
        }
        let entry_lines = rules.parts[0]
            .options
            .iter()
            .map(|o| match &o.action {
                Action::Enter { entries } => [0, 1].map(|p| {
                    entries[p]
                        .iter()
                        .map(|line| {
                            let mut set = CellSet::EMPTY;
                            for &c in &line.cells {
                                set.insert(c);
                            }
                            for c in board.ray(line.cells[0], line.dir.opposite()) {
                                set.insert(c);
                            }
                            set
                        })
                        .collect()
                }),
                _ => [Vec::new(), Vec::new()],
            })
            .collect();
        let mut engine = Engine {
            rules,
            entry_lines,
            ranks,
            files,
            goals_clear_at_start: false,
            distinct_ways: false,
        };
        engine.distinct_ways = sample::ways_never_merge(&engine.rules);
        let start = engine.start();
        engine.goals_clear_at_start =
            (0..2).all(|p| matches!(engine.decide(&start, p, None), goals::Verdict::Open));
        engine
    }

    /// Whether random moves are drawn without generating every successor
    /// (no two ways of playing a turn can lead to one position).
    pub fn draws_without_generating(&self) -> bool {
        self.distinct_ways
    }

    /// The number of ways of playing a turn from `pos`, before ways that
    /// lead to one position are merged into one move.
    pub fn legal_ways(&self, pos: &Position) -> usize {
        let mut all = Successors {
            all_ways: true,
            ..Successors::default()
        };
        self.successors(pos, &mut all);
        all.len()
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn start(&self) -> Position {
        Position::start(&self.rules)
    }

    /// Fills `out` with the legal moves of `pos` and their results, one
    /// per distinct resulting position, in generation order. Empty when the
    /// game is over; a single pass when the player is stuck and passes.
    pub fn successors(&self, pos: &Position, out: &mut Successors) {
        out.clear();
        if pos.result.is_some() {
            return;
        }
        let mut mv = Move::PASS;
        self.generate_part(0, pos, &mut mv, CellSet::EMPTY, out);
        if out.is_empty() && self.rules.when_stuck == WhenStuck::Pass {
            let mut next = pos.clone();
            self.end_turn(&mut next);
            out.push(Move::PASS, next);
        }
    }

    /// Plays the acts of one part and, for each, the rest of the turn.
    fn generate_part(
        &self,
        part: usize,
        pos: &Position,
        mv: &mut Move,
        entry_line: CellSet,
        out: &mut Successors,
    ) {
        if part == self.rules.parts.len() {
            let mut next = pos.clone();
            self.end_turn(&mut next);
            out.push(*mv, next);
            return;
        }
        let player = pos.to_move();
        let mut acts = std::mem::take(&mut out.acts[part]);
        acts.clear();
        for (i, option) in self.rules.parts[part].options.iter().enumerate() {
            self.acts_of(
                i,
                option,
                pos,
                player,
                entry_line,
                &mut acts,
                &mut out.captures,
            );
        }
        for way in &acts {
            let (act, jumped) = (way.act, way.captured(&out.captures));
            let Ok(mut next) = self.try_act(part, pos, &act, jumped) else {
                continue;
            };
            mv.push(act);
            let saved_jumped = mv.jumped;
            mv.jumped = mv.jumped.union(jumped);
            if next.result.is_some() {
                self.end_turn(&mut next);
                out.push(*mv, next);
            } else {
                let line = if part == 0 {
                    self.entry_line(&act, player)
                } else {
                    entry_line
                };
                self.generate_part(part + 1, &next, mv, line, out);
            }
            mv.jumped = saved_jumped;
            mv.len -= 1;
        }
        out.acts[part] = acts;
        // An optional part may be left out.
        if part > 0 && self.rules.parts[part].optional {
            self.generate_part(part + 1, pos, mv, entry_line, out);
        }
    }

    /// Plays one act of a part on a copy of `pos` and checks what only the
    /// result can tell: `must remove a piece`, the group limit, and the
    /// goals (`illegal if both players win`, or a decided game, recorded in
    /// the position). The refusal says which rule the act broke.
    fn try_act(
        &self,
        part: usize,
        pos: &Position,
        act: &Act,
        jumped: CellSet,
    ) -> Result<Position, Refusal> {
        let player = pos.to_move();
        let option = &self.rules.parts[part].options[act.option as usize];
        let mut next = pos.clone();
        let effect = self.apply_act(&mut next, option, act, jumped, player);
        if option.must_remove && effect.removed == 0 {
            return Err(Refusal::RemovesNothing);
        }
        if !self.groups_within_limit(&next, effect.gained) {
            return Err(Refusal::GroupTooLarge);
        }
        let gained = self.goals_clear_at_start.then_some(effect.gained);
        match self.decide(&next, player, gained) {
            goals::Verdict::Illegal => return Err(Refusal::BothWin),
            goals::Verdict::Decided(outcome) => next.result = Some(outcome),
            goals::Verdict::Open => {}
        }
        Ok(next)
    }

    /// Hands the turn to the next place in the turn order.
    fn end_turn(&self, pos: &mut Position) {
        let place = self.rules.turn_order.next(pos.place as usize);
        pos.set_place(place, self.rules.turn_order.player_at(place));
    }

    /// The cells a later `not on entry line` refers to after this act.
    fn entry_line(&self, act: &Act, player: PlayerId) -> CellSet {
        let option = &self.rules.parts[0].options[act.option as usize];
        match option.action {
            Action::Enter { .. } => {
                self.entry_lines[act.option as usize][player][act.line as usize]
            }
            Action::Place { .. } => {
                let b = &self.rules.board;
                let c: Cell = act.to;
                self.ranks[b.rank_of(c) as usize].union(self.files[b.file_of(c) as usize])
            }
            _ => CellSet::EMPTY,
        }
    }

    /// How a position stands, leaving repetition aside (see [`Game`]).
    /// `successors` must hold the position's successors.
    pub fn status(&self, pos: &Position, successors: &Successors) -> Status {
        if let Some(outcome) = pos.result {
            return Status::Over(outcome);
        }
        if successors.is_empty() {
            return Status::Over(self.stuck_outcome(pos));
        }
        Status::Ongoing
    }

    /// How the game ends when the player to move has no legal move and no
    /// pass (a passing player always has the pass).
    fn stuck_outcome(&self, pos: &Position) -> Outcome {
        let p = pos.to_move();
        match self.rules.when_stuck {
            WhenStuck::Win => Outcome::Win(p),
            WhenStuck::Lose | WhenStuck::Pass => Outcome::Win(1 - p),
        }
    }
}
