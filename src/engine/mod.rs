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
mod budget;
mod candidates;
mod explain;
mod free_parts;
mod game;
mod generate;
mod goals;
mod jumps;
mod moves;
mod notation;
mod outline;
mod parts;
mod perft;
mod position;
mod reach;
mod sample;

pub use budget::{MAX_MOVES, Overrun, WORK_PER_LISTING, with_cancel, with_deadline, within_work};
pub use game::{Game, Status};
use moves::Played;
pub use moves::{Act, Deed, Move};
pub use notation::ParseError;
pub use perft::{divide, perft};
pub use position::{Outcome, Position};
pub use sample::Draw;

use crate::rules::{Action, Cell, CellSet, Compulsion, MAX_PARTS, PlayerId, Rules, WhenStuck};
use generate::Listing;

/// What the earlier parts of a turn leave for later parts to refer to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Earlier {
    /// `not on entry line`: the line of the first part's entry or
    /// placement (empty otherwise).
    pub entry_line: CellSet,
    /// The cell of the previous part's act (see [`Act::cell`]): "the
    /// last piece" of `next to the last piece` and friends. `None` in the
    /// first part, which reads the position's last cell instead.
    pub last: Option<Cell>,
}

/// A turn being walked, part by part: the position it started from, and
/// the position and the move its acts so far have made.
pub(super) struct Walk<'a> {
    pub root: &'a Position,
    pub pos: &'a mut Position,
    pub mv: &'a mut Played,
}

impl Walk<'_> {
    /// The same walk, for a call that returns it unchanged.
    fn reborrow(&mut self) -> Walk<'_> {
        Walk {
            root: self.root,
            pos: self.pos,
            mv: self.mv,
        }
    }
}

/// Where a walk of a turn has got to: the part to play next, and what the
/// parts before it did.
#[derive(Clone, Copy, Default)]
pub(super) struct Stage {
    pub part: usize,
    pub earlier: Earlier,
}

/// Why a played act is not legal, by the rule that only its result can break.
pub(crate) enum Refusal {
    /// `must remove a piece`, and it removed none.
    RemovesNothing,
    /// `must convert a piece`, and it converted none.
    ConvertsNothing,
    /// `limit group size`.
    GroupTooLarge,
    /// `illegal if both players win`.
    BothWin,
    /// A stack, a reserve or a count of borne-off pieces would pass 255,
    /// the most a cell or a hand holds (the setup is held to it by G037).
    TooMany,
}

/// How `generate_part` walks the ways of a turn (a constant parameter, so
/// each walk is compiled on its own): every act played with all its checks,
/// for the legal moves...
const CHECKED: u8 = 0;
/// ...or acts applied without the checks only a played position answers,
/// the last part's acts only listed and counted, not played: a superset
/// of the ways, for drawing (see `outline.rs`).
const COUNT: u8 = 1;

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
    /// No group of the start position breaks `limit group size`, so a
    /// part need only measure the groups through the cells it filled.
    groups_clear_at_start: bool,
    /// `[player][wins?]`: the indices of that player's goals with that outcome.
    goals_of: [[Vec<usize>; 2]; 2],
    /// Every goal is a chain, which only a filled cell can complete.
    only_chains: bool,
    /// `[place]`: how a position's key changes when the turn ends there.
    turn_keys: Vec<u64>,
    /// `[player][cell]`: how far forward the cell is for the player.
    progress: [Vec<i32>; 2],
    /// `[player][cell]`: the cells further forward than the cell.
    further: [Vec<CellSet>; 2],
    /// The floods of jump options (see `jumps.rs`).
    floods: jumps::Floods,
    /// No two ways of playing a turn can lead to one position, so a drawn
    /// way needs no count of the ways that merge with it.
    distinct_ways: bool,
    /// `captures are mandatory` in a one-part turn: `[option]`, whether
    /// the option may take an enemy piece (see [`Rules::option_may_take`]). Only
    /// these are listed to find the captures; a turn with none is drawn
    /// like any other.
    capturing_options: Vec<bool>,
    /// The most cells one act of the turn's last part can change (`None`:
    /// any number), to tell which ways may merge (see `reach.rs`).
    last_part_reach: Option<usize>,
    /// How a turn of two parts is drawn without walking every first act,
    /// if it can be (see `free_parts.rs`).
    second_part: Option<free_parts::SecondPart>,
    /// `[cell][d]`: the cells `d` king steps from the cell, for `leap`;
    /// empty in a game without one.
    rings: Vec<Vec<CellSet>>,
    /// The windows of each row goal, on a board of one word (see `goals.rs`).
    row_windows: Vec<goals::RowWindows>,
    /// Some option of a turn's first part refers to the last cell, which
    /// then comes from the previous turn and is kept in the position.
    keeps_last: bool,
    /// The last turn on which a rule that reads the last cell may be open
    /// (`u16::MAX`: no last turn): past it the cell is no longer kept, so
    /// that positions differing only in it are one.
    last_read_until: u16,
    /// How many turns the position counts (see [`crate::rules::TurnSpan`]).
    turn_horizon: u16,
}

/// The legal moves of a position and, from [`Engine::successors`], the
/// position each leads to, in step.
#[derive(Default)]
pub struct Successors {
    /// The legal moves, one per distinct resulting position.
    pub moves: Vec<Move>,
    /// `[move]`: where in `taken` the pieces its jumps take are, for a
    /// move that takes any (`u32::MAX` for one that takes none), so that
    /// a listed move is played again without finding them again.
    taken_at: Vec<u32>,
    /// The pieces each act of a capturing move takes.
    taken: Vec<[CellSet; MAX_PARTS]>,
    /// Filled by [`Engine::successors`]; left empty by [`Engine::legal_moves`].
    pub positions: Vec<Position>,
    /// The key of the position each move leads to.
    keys: Vec<u64>,
    /// The result each move's position holds (the game its goals decided),
    /// in step with `moves`: a listing without positions still tells a
    /// winning move.
    results: Vec<Option<Outcome>>,
    /// With `all_ways`, every way of playing is kept, duplicates included
    /// (for reading what a person typed).
    pub(crate) all_ways: bool,
    /// Open-addressing table of indices into `moves`, by key.
    table: Vec<u32>,
    /// One buffer of ways per part of the turn.
    acts: [Vec<generate::Way>; MAX_PARTS],
    /// The pieces each capturing jump listed in `acts` takes.
    captures: Vec<CellSet>,
    /// The stacks changed by the acts played in place, to take them back.
    trail: Vec<position::Was>,
    /// Candidates for drawing a way without listing (see `candidates`).
    candidates: candidates::Candidates,
    /// A counted outline of the turn (see `outline.rs`).
    stems: Vec<outline::Stem>,
    /// The moves the stems start with.
    bases: Vec<Played>,
    /// Other ways found to lead where a drawn way does, their legality
    /// checked after (see `outline.rs`).
    others: Vec<Played>,
    /// Why the last listing stopped before it was complete, if it did:
    /// then the moves are not the position's (see `budget.rs`).
    overrun: Option<budget::Overrun>,
}

impl Successors {
    /// How many legal moves there are.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// What the game comes to after move `i` of the listing: the result
    /// its goals decide, if they decide one (a stuck player's fate is the
    /// next position's status, not this).
    pub fn result_of(&self, i: usize) -> Option<Outcome> {
        self.results.get(i).copied().flatten()
    }

    /// Why the last listing into this buffer stopped before it was
    /// complete: a rule needed more work or memory than a position may
    /// take, or the caller's deadline passed. The moves are then only
    /// some of the position's, and must not be used as its moves.
    pub fn overrun(&self) -> Option<&budget::Overrun> {
        self.overrun.as_ref()
    }

    fn clear(&mut self) {
        self.overrun = None;
        self.stems.clear();
        self.bases.clear();
        self.others.clear();
        self.moves.clear();
        self.taken_at.clear();
        self.taken.clear();
        self.positions.clear();
        self.keys.clear();
        self.results.clear();
        self.captures.clear();
        self.table.clear();
        self.trail.clear();
    }

    /// Adds `played` to the moves (not its key or result).
    fn keep(&mut self, played: &Played) {
        self.moves.push(played.mv);
        if played.captures() {
            self.taken_at.push(self.taken.len() as u32);
            self.taken.push(played.taken);
        } else {
            self.taken_at.push(u32::MAX);
        }
    }

    /// Names move `i` of the listing by another way of playing it.
    fn replace(&mut self, i: usize, played: &Played) {
        self.moves[i] = played.mv;
        self.taken_at[i] = if played.captures() {
            self.taken.push(played.taken);
            (self.taken.len() - 1) as u32
        } else {
            u32::MAX
        };
    }

    /// Move `i` of the listing, with the pieces its acts take.
    fn played(&self, i: usize) -> Played {
        let taken = match self.taken_at[i] {
            u32::MAX => [CellSet::EMPTY; MAX_PARTS],
            at => self.taken[at as usize],
        };
        Played {
            mv: self.moves[i],
            taken,
        }
    }

    fn grow(&mut self) {
        let size = (self.table.len() * 2).max(64);
        self.table.clear();
        self.table.resize(size, u32::MAX);
        let mask = size - 1;
        for (j, key) in self.keys.iter().enumerate() {
            let mut i = *key as usize & mask;
            while self.table[i] != u32::MAX {
                i = (i + 1) & mask;
            }
            self.table[i] = j as u32;
        }
    }
}

/// `[cell][d]`: the usable cells `d` king steps from each cell, if a
/// `leap` needs them.
fn rings(rules: &Rules) -> Vec<Vec<CellSet>> {
    let leaps = rules.parts.iter().flat_map(|p| &p.options).any(|o| {
        matches!(
            o.action,
            Action::Relocate {
                distance: Some(_),
                ..
            }
        )
    });
    if !leaps {
        return Vec::new();
    }
    let board = &rules.board;
    (0..board.size())
        .map(|from| {
            let mut rings = Vec::new();
            for to in board.cells.iter() {
                let d = board.king_distance(Cell::new(from), to) as usize;
                if rings.len() <= d {
                    rings.resize(d + 1, CellSet::EMPTY);
                }
                rings[d].insert(to);
            }
            rings
        })
        .collect()
}

impl Engine {
    /// The engine of checked rules: builds the tables that depend on its own layout.
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
            .map(|o| match o.action.entries() {
                Some(entries) => PlayerId::BOTH.map(|p| {
                    entries[p]
                        .iter()
                        .map(|line| {
                            // The whole line through the entry cell, across
                            // holes, as a placement's rank and file are.
                            let mut set = CellSet::EMPTY;
                            for dir in [line.dir, line.dir.opposite()] {
                                let mut k = 0;
                                while let Some(c) = board.offset(line.cells[0], dir, k) {
                                    set.insert(c);
                                    k += 1;
                                }
                            }
                            set.inter(board.cells)
                        })
                        .collect()
                }),
                None => [Vec::new(), Vec::new()],
            })
            .collect();
        let mut engine = Engine {
            rules,
            entry_lines,
            ranks,
            files,
            goals_clear_at_start: false,
            groups_clear_at_start: false,
            goals_of: Default::default(),
            only_chains: false,
            turn_keys: Vec::new(),
            progress: Default::default(),
            further: Default::default(),
            floods: Vec::new(),
            distinct_ways: false,
            capturing_options: Vec::new(),
            last_part_reach: None,
            second_part: None,
            rings: Vec::new(),
            row_windows: Vec::new(),
            keeps_last: false,
            last_read_until: u16::MAX,
            turn_horizon: 0,
        };
        let readers = || {
            engine.rules.parts[0]
                .options
                .iter()
                .filter(|o| o.near_last.is_some() || o.moving_last)
        };
        engine.keeps_last = readers().next().is_some();
        engine.last_read_until = readers()
            .map(|o| o.turns.and_then(|t| t.last).unwrap_or(u16::MAX))
            .max()
            .unwrap_or(u16::MAX);
        engine.turn_horizon = engine
            .rules
            .parts
            .iter()
            .flat_map(|p| &p.options)
            .filter_map(|o| o.turns.map(|t| t.horizon()))
            .max()
            .unwrap_or(0);
        engine.rings = rings(&engine.rules);
        engine.row_windows = goals::row_windows(&engine.rules);
        engine.last_part_reach = reach::last_part_reach(&engine.rules);
        engine.floods = jumps::floods(&engine.rules);
        engine.second_part = engine.second_part();
        engine.distinct_ways = sample::ways_never_merge(&engine.rules);
        engine.capturing_options = sample::capturing_options(&engine.rules);
        for (p, progress) in engine.progress.iter_mut().enumerate() {
            let (ff, fr) = engine.rules.players[p].facing.delta();
            let b = &engine.rules.board;
            *progress = (0..b.size())
                .map(|c| b.file_of(Cell::new(c)) as i32 * ff + b.rank_of(Cell::new(c)) as i32 * fr)
                .collect();
            let b = &engine.rules.board;
            engine.further[p] = progress
                .iter()
                .map(|&here| {
                    let ahead = b.cells.iter().filter(|&c| progress[c.index()] > here);
                    ahead.fold(CellSet::EMPTY, |mut set, c| {
                        set.insert(c);
                        set
                    })
                })
                .collect();
        }
        let order = &engine.rules.turn_order;
        engine.turn_keys = (0..order.places())
            .map(|p| position::place_change_key(p, order.next(p)))
            .collect();
        for (i, goal) in engine.rules.goals.iter().enumerate() {
            let wins = goal.outcome == crate::rules::GoalOutcome::Wins;
            engine.goals_of[goal.player][wins as usize].push(i);
        }
        engine.only_chains = engine
            .rules
            .goals
            .iter()
            .all(|g| matches!(g.test, crate::rules::GoalTest::Chain { .. }));
        let start = engine.start();
        engine.groups_clear_at_start = engine.groups_within_limit(&start, start.player_pieces());
        // Metered like a listing; a check that runs out proves nothing.
        let (clear, overrun) = budget::metered(WORK_PER_LISTING, || {
            PlayerId::BOTH
                .iter()
                .all(|&p| matches!(engine.decide(&start, p, None), goals::Verdict::Open))
        });
        engine.goals_clear_at_start = overrun.is_none() && clear;
        engine
    }

    /// Whether the rules show that no two ways of playing a turn can lead
    /// to one position, so that every legal way is its own move.
    pub fn ways_never_merge(&self) -> bool {
        self.distinct_ways
    }

    /// The number of ways of playing a turn from `pos`, before ways that
    /// lead to one position are merged into one move.
    pub fn legal_ways(&self, pos: &Position) -> usize {
        let mut all = Successors {
            all_ways: true,
            ..Successors::default()
        };
        self.legal_moves(pos, &mut all);
        all.len()
    }

    /// The rules it plays.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position the game starts from.
    pub fn start(&self) -> Position {
        Position::start(&self.rules)
    }

    /// Fills `out` with the legal moves of `pos` and their results, one
    /// per distinct resulting position, in generation order. Empty when the
    /// game is over; a single pass when the player is stuck and passes.
    pub fn successors(&self, pos: &Position, out: &mut Successors) {
        // One scope for the listing and the goal checks of the replays.
        let scope = budget::Scope::begin(WORK_PER_LISTING);
        self.legal_moves(pos, out);
        for i in 0..out.moves.len() {
            // The goal checks of the replays are metered too: the
            // listing may run out of work, or time, among them.
            let Some(next) = self.replay_listed(pos, out, i) else {
                break;
            };
            out.positions.push(next);
        }
        out.overrun = scope.end();
    }

    /// The position after move `index` of a listing of `pos` in `out`
    /// (from [`Engine::legal_moves`]): one move built, where
    /// [`Engine::successors`] builds them all. An error only inside a
    /// metered listing ([`within_work`], or a deadline's) that has run out,
    /// and why: its goals could not all be checked.
    pub fn play_listed(
        &self,
        pos: &Position,
        out: &mut Successors,
        index: usize,
    ) -> Result<Position, Overrun> {
        self.replay_listed(pos, out, index)
            .ok_or_else(budget::why_stopped)
    }

    /// The position move `i` of the listing of `pos` in `out` leads to;
    /// `None` once the meter has stopped (then a goal check may have been
    /// cut short, and the result, or the move's legality, is unknown).
    pub(super) fn replay_listed(
        &self,
        pos: &Position,
        out: &mut Successors,
        i: usize,
    ) -> Option<Position> {
        if budget::stopped() {
            return None;
        }
        let played = out.played(i);
        let next = self.play_checked(pos, &played, &mut out.trail);
        if budget::stopped() {
            return None;
        }
        Some(next.expect("a legal move replays"))
    }

    /// Fills `out.moves` with the legal moves of `pos` as
    /// [`Engine::successors`] does, without building the positions they
    /// lead to: every way is played in place on one working copy and taken
    /// back, and moves are merged by the key of their result (with a full
    /// comparison whenever two keys agree).
    pub fn legal_moves(&self, pos: &Position, out: &mut Successors) {
        out.clear();
        if pos.result.is_some() {
            return;
        }
        let scope = budget::Scope::begin(WORK_PER_LISTING);
        let mut work = pos.clone();
        let mut mv = Played::PASS;
        let walk = Walk {
            root: pos,
            pos: &mut work,
            mv: &mut mv,
        };
        self.generate_part::<CHECKED>(Stage::default(), walk, out);
        if let Some(compulsion) = self.rules.mandatory_captures
            && !budget::stopped()
        {
            self.keep_captures(pos, compulsion, out);
        }
        if out.is_empty()
            && !budget::stopped()
            && let Some(next) = self.stuck_pass(pos)
        {
            out.keep(&Played::PASS);
            out.keys.push(next.key);
            out.results.push(next.result);
        }
        out.overrun = scope.end();
    }

    /// Where `pos` leads when its player, who has no legal way, passes, if
    /// the rules let them (`when stuck pass`, or pass while either player
    /// can move).
    pub(super) fn stuck_pass(&self, pos: &Position) -> Option<Position> {
        if !self.rules.when_stuck.passes() {
            return None;
        }
        let mut next = pos.clone();
        self.end_turn(&mut next);
        if self.rules.when_stuck == WhenStuck::Pass {
            return Some(next);
        }
        // `pass, then …` ends the game when neither player can move. Where
        // the order gives the stuck player the next turn too (`turns White,
        // Black, Black`), the look goes on past its passes to the other
        // player's turn: at most once round the order.
        let mut ahead = next.clone();
        for _ in 0..self.rules.turn_order.places() {
            if self.can_move(&ahead) {
                return Some(next);
            }
            if ahead.to_move() != pos.to_move() {
                return None;
            }
            self.end_turn(&mut ahead);
        }
        None
    }

    /// `captures are mandatory`: when a listed move takes an enemy piece off
    /// the board, only such moves are kept.
    pub(super) fn keep_captures(
        &self,
        pos: &Position,
        compulsion: Compulsion,
        out: &mut Successors,
    ) {
        // (`None` once the meter has stopped: the listing is cut short.)
        let taken = |engine: &Engine, out: &mut Successors, i: usize| {
            let next = engine.replay_listed(pos, out, i)?;
            Some(pos.enemy_pieces_taken(&next))
        };
        // The fewest pieces a kept move takes: one, or with `taking the
        // most` the most any move takes.
        let least = match compulsion {
            Compulsion::Any => 1,
            Compulsion::Most => {
                let mut most = 0;
                for i in 0..out.moves.len() {
                    let Some(n) = taken(self, out, i) else { return };
                    most = most.max(n);
                }
                most.max(1)
            }
        };
        // Compacted in place, so that a play-out allocates nothing.
        let mut kept = 0;
        for i in 0..out.moves.len() {
            let Some(n) = taken(self, out, i) else { return };
            if n >= least {
                out.moves[kept] = out.moves[i];
                out.taken_at[kept] = out.taken_at[i];
                out.keys[kept] = out.keys[i];
                out.results[kept] = out.results[i];
                kept += 1;
            }
        }
        if kept > 0 {
            out.moves.truncate(kept);
            out.taken_at.truncate(kept);
            out.keys.truncate(kept);
            out.results.truncate(kept);
        }
    }

    /// Whether the player to move in `pos` has a move other than a pass:
    /// a pass that would leave the other player stuck as well ends the
    /// game instead (`when stuck pass, then …`).
    fn can_move(&self, pos: &Position) -> bool {
        thread_local! {
            static PROBE: std::cell::RefCell<Successors> = std::cell::RefCell::default();
        }
        PROBE.with(|probe| {
            let Ok(mut probe) = probe.try_borrow_mut() else {
                // Not reached: the probe never passes, so never nests.
                return true;
            };
            probe.clear();
            let mut work = pos.clone();
            let mut mv = Played::PASS;
            let walk = Walk {
                root: pos,
                pos: &mut work,
                mv: &mut mv,
            };
            self.generate_part::<CHECKED>(Stage::default(), walk, &mut probe);
            !probe.is_empty()
        })
    }

    /// [`Engine::play_checked`] for a move from outside the engine, whose
    /// captures are found again first (see [`Engine::played`]).
    pub(crate) fn play_given(
        &self,
        pos: &Position,
        mv: &Move,
        trail: &mut Vec<position::Was>,
    ) -> Option<Position> {
        let played = self.played(pos, mv, trail)?;
        self.play_checked(pos, &played, trail)
    }

    /// `mv` with the pieces each of its capturing jumps takes, found by
    /// listing the jump's ways where it is played; `None` if one names a
    /// capture that its chains do not make there, or that listing takes
    /// more than a listing's work. Each act is applied without checks
    /// (those are [`Engine::play_checked`]'s).
    pub(crate) fn played(
        &self,
        pos: &Position,
        mv: &Move,
        trail: &mut Vec<position::Was>,
    ) -> Option<Played> {
        let parts = &self.rules.parts;
        let option_of = |act: &Act| &parts[act.part as usize].options[act.option as usize];
        let jumps_to_take = |act: &Act| {
            matches!(
                option_of(act).action,
                Action::Jump {
                    capturing: true,
                    ..
                }
            )
        };
        let mut played = Played::PASS;
        if !mv.acts().iter().any(jumps_to_take) {
            played.mv = *mv;
            return Some(played);
        }
        let player = pos.to_move();
        let mut at = pos.clone();
        let mark = trail.len();
        let (mut ways, mut sets) = (Vec::new(), Vec::new());
        for (i, act) in mv.acts().iter().enumerate() {
            let mut taken = CellSet::EMPTY;
            if jumps_to_take(act) {
                let earlier = self.earlier_of(&mv.acts()[..i], player);
                ways.clear();
                let mut listing = Listing {
                    ways: &mut ways,
                    sets: &mut sets,
                    ordered: true,
                };
                let option = (act.part as usize, act.option as usize);
                // As much work as a listing, which listed the move first.
                let ((), overrun) = budget::metered(WORK_PER_LISTING, || {
                    self.acts_of(option, option_of(act), &at, earlier, &mut listing);
                });
                let way = ways.iter().find(|w| w.act == *act);
                taken = way.filter(|_| overrun.is_none())?.captured(&sets);
            }
            let mut edit = position::Edit {
                pos: &mut at,
                trail,
            };
            self.apply_act(&mut edit, option_of(act), act, taken, player);
            played.push(*act, taken);
        }
        trail.truncate(mark);
        Some(played)
    }

    /// Plays a way of a turn from `pos` with every check: the position
    /// after the turn if it is a legal move (each act passes, and the turn
    /// ends where the game is decided or where only optional parts remain;
    /// a pass is taken as given). `trail` is scratch.
    pub(crate) fn play_checked(
        &self,
        pos: &Position,
        played: &Played,
        trail: &mut Vec<position::Was>,
    ) -> Option<Position> {
        let mut next = pos.clone();
        let mark = trail.len();
        let mut legal = true;
        for (act, taken) in played.acts() {
            // A decided game ends the turn: no act may follow.
            if next.result.is_some()
                || self
                    .play_act(act.part as usize, &mut next, act, taken, trail)
                    .is_err()
            {
                legal = false;
                break;
            }
        }
        trail.truncate(mark);
        let parts = &self.rules.parts;
        let mv = &played.mv;
        let ends_here = mv.is_pass()
            || next.result.is_some()
            || parts[mv.parts_played()..].iter().all(|p| p.optional);
        if !legal || !ends_here {
            return None;
        }
        self.end_turn(&mut next);
        Some(next)
    }

    /// The position a legal move leads to, without the checks: the board,
    /// the holdings and the turn, not the result (which follows from them).
    fn rebuild(&self, pos: &Position, played: &Played, trail: &mut Vec<position::Was>) -> Position {
        let mut next = pos.clone();
        let mark = trail.len();
        let player = pos.to_move();
        for (act, taken) in played.acts() {
            let option = &self.rules.parts[act.part as usize].options[act.option as usize];
            let mut edit = position::Edit {
                pos: &mut next,
                trail,
            };
            self.apply_act(&mut edit, option, act, taken, player);
        }
        trail.truncate(mark);
        self.end_turn(&mut next);
        next
    }

    /// Plays the acts of the stage's part on the walk's position in place
    /// and, for each, the rest of the turn, taking each back after. `WALK`
    /// is [`CHECKED`] or [`COUNT`].
    fn generate_part<const WALK: u8>(&self, stage: Stage, mut walk: Walk, out: &mut Successors) {
        let Stage { part, earlier } = stage;
        let parts = &self.rules.parts;
        if WALK == COUNT && part + 1 == parts.len() {
            self.push_stem(stage, &walk, true, out);
            return;
        }
        if WALK == COUNT {
            // The turn may end here if the game is decided (the later
            // parts, if all optional, may also be left out: that way ends
            // the turn after the last part, below).
            let rest_optional = parts[part..].iter().all(|p| p.optional);
            if part > 0 && part < parts.len() && !rest_optional {
                self.push_stem(stage, &walk, false, out);
            }
        }
        if part == parts.len() {
            self.finish_turn(walk.root, walk.pos, walk.mv, out);
            return;
        }
        let player = walk.pos.to_move();
        let mut acts = std::mem::take(&mut out.acts[part]);
        acts.clear();
        let listing = &mut Listing {
            ways: &mut acts,
            sets: &mut out.captures,
            ordered: true,
        };
        self.acts_of_part(part, walk.pos, earlier, listing);
        // The stems of the last part that leave this part's act unplayed
        // share the move so far.
        let base = out.bases.len();
        if WALK == COUNT && part + 2 == parts.len() {
            out.bases.push(*walk.mv);
        }
        for way in &acts {
            if !budget::charge(1) {
                budget::blame(|| format!("listing the ways of a turn of {} parts", parts.len()));
                break;
            }
            if WALK == COUNT
                && part + 2 == parts.len()
                && self.push_stem_unplayed(stage, &walk, base, way, out)
            {
                continue;
            }
            let (act, jumped) = (way.act, way.captured(&out.captures));
            let pos = &mut *walk.pos;
            let header = pos.header();
            let mark = out.trail.len();
            let legal = if WALK == CHECKED {
                self.play_act(part, pos, &act, jumped, &mut out.trail)
                    .is_ok()
            } else {
                // The one check that costs nothing here.
                let option = &parts[part].options[act.option as usize];
                let mut edit = position::Edit {
                    pos,
                    trail: &mut out.trail,
                };
                let effect = self.apply_act(&mut edit, option, &act, jumped, player);
                (!option.must_remove || effect.removed > 0)
                    && (!option.must_convert || effect.converted > 0)
            };
            if legal {
                walk.mv.push(act, jumped);
                if walk.pos.result.is_some() {
                    self.finish_turn(walk.root, walk.pos, walk.mv, out);
                } else {
                    let next = Stage {
                        part: part + 1,
                        earlier: self.earlier_after(part, &act, player, earlier),
                    };
                    self.generate_part::<WALK>(next, walk.reborrow(), out);
                }
                walk.mv.pop();
            }
            walk.pos.rollback(&header, &mut out.trail, mark);
        }
        out.acts[part] = acts;
        // An optional part may be left out.
        if part > 0 && parts[part].optional {
            let next = Stage {
                part: part + 1,
                earlier,
            };
            self.generate_part::<WALK>(next, walk, out);
        }
    }

    /// Ends the turn of `mv`, played on `pos`, and keeps the move unless an
    /// earlier move led to the same position. `pos` is as it was after.
    pub(super) fn finish_turn(
        &self,
        root: &Position,
        pos: &Position,
        mv: &Played,
        out: &mut Successors,
    ) {
        // The key once the turn has ended, without ending it.
        let key = self.ended_key(pos);
        if out.moves.len() >= budget::MAX_MOVES {
            budget::stop(budget::Overrun::Moves {
                limit: budget::MAX_MOVES,
            });
            return;
        }
        let earlier = if out.all_ways {
            None
        } else {
            self.same_as_earlier(root, pos, key, out)
        };
        match earlier {
            None => {
                out.keep(mv);
                out.keys.push(key);
                // Ending the turn moves only the turn on: the result stands.
                out.results.push(pos.result);
            }
            // Of the ways to one position, the move is named by the one of
            // fewest acts: a placement on `b1`, not a placement on `a1`
            // and a step from there to `b1`.
            Some(j) if mv.mv.len < out.moves[j].len => out.replace(j, mv),
            Some(_) => {}
        }
    }

    /// The index of a move in `out` that leads where `pos` does once its
    /// turn ends (with `key`), or `None` after entering `key` in the table
    /// for the move about to be pushed. Equal keys are confirmed by
    /// rebuilding the earlier move, so merging is exact.
    fn same_as_earlier(
        &self,
        root: &Position,
        pos: &Position,
        key: u64,
        out: &mut Successors,
    ) -> Option<usize> {
        if out.table.len() < 2 * (out.keys.len() + 1) {
            out.grow();
        }
        let mask = out.table.len() - 1;
        let mut i = key as usize & mask;
        loop {
            match out.table[i] {
                u32::MAX => {
                    out.table[i] = out.keys.len() as u32;
                    return None;
                }
                j if out.keys[j as usize] == key => {
                    let earlier = out.played(j as usize);
                    let rebuilt = self.rebuild(root, &earlier, &mut out.trail);
                    // Compared with `pos` once its turn ends.
                    let place = self.rules.turn_order.next(pos.place as usize);
                    if rebuilt.place as usize == place && rebuilt.same_stacks(pos) {
                        return Some(j as usize);
                    }
                    i = (i + 1) & mask;
                }
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Plays one act of a part on `pos` in place and checks what only the
    /// result can tell: `must remove a piece`, the group limit, and the
    /// goals (`illegal if both players win`, or a decided game, recorded in
    /// the position). The refusal says which rule the act broke; the
    /// position is then left half-played, for the caller to take back.
    fn play_act(
        &self,
        part: usize,
        pos: &mut Position,
        act: &Act,
        jumped: CellSet,
        trail: &mut Vec<position::Was>,
    ) -> Result<(), Refusal> {
        let player = pos.to_move();
        let option = &self.rules.parts[part].options[act.option as usize];
        let effect = self.apply_act(
            &mut position::Edit { pos, trail },
            option,
            act,
            jumped,
            player,
        );
        if effect.overflow {
            return Err(Refusal::TooMany);
        }
        if option.must_remove && effect.removed == 0 {
            return Err(Refusal::RemovesNothing);
        }
        if option.must_convert && effect.converted == 0 {
            return Err(Refusal::ConvertsNothing);
        }
        if !self.groups_within_limit(pos, effect.gained) {
            return Err(Refusal::GroupTooLarge);
        }
        let gained = self.goals_clear_at_start.then_some(effect.gained);
        match self.decide(pos, player, gained) {
            goals::Verdict::Illegal => return Err(Refusal::BothWin),
            goals::Verdict::Decided(outcome) => pos.result = Some(outcome),
            goals::Verdict::Open => {}
        }
        Ok(())
    }

    /// [`Engine::play_act`] on a copy of `pos`, which it returns if legal.
    fn try_act(
        &self,
        part: usize,
        pos: &Position,
        act: &Act,
        jumped: CellSet,
        trail: &mut Vec<position::Was>,
    ) -> Result<Position, Refusal> {
        let mut next = pos.clone();
        let mark = trail.len();
        let played = self.play_act(part, &mut next, act, jumped, trail);
        trail.truncate(mark);
        played.map(|()| next)
    }

    /// Hands the turn to the next place in the turn order.
    fn end_turn(&self, pos: &mut Position) {
        let place = self.rules.turn_order.next(pos.place as usize);
        pos.set_place(place, self.rules.turn_order.player_at(place));
        pos.count_turn(self.turn_horizon);
    }

    /// The key `pos` will have once its turn ends, without ending it.
    fn ended_key(&self, pos: &Position) -> u64 {
        pos.key
            ^ self.turn_keys[pos.place as usize]
            ^ position::turn_count_key(pos.turns, self.turn_horizon)
    }

    /// What the parts after `part` may refer to once `act` is played:
    /// the entry line of the turn's first part, and the cell where this
    /// act's piece arrived.
    pub(crate) fn earlier_after(
        &self,
        part: usize,
        act: &Act,
        player: PlayerId,
        before: Earlier,
    ) -> Earlier {
        Earlier {
            entry_line: if part == 0 {
                self.entry_line(act, player)
            } else {
                before.entry_line
            },
            last: Some(act.cell()),
        }
    }

    /// What the parts after a turn's acts so far may refer to.
    pub(crate) fn earlier_of(&self, acts: &[Act], player: PlayerId) -> Earlier {
        acts.iter().fold(Earlier::default(), |before, act| {
            self.earlier_after(act.part as usize, act, player, before)
        })
    }

    /// The cells a later `not on entry line` refers to after this act.
    fn entry_line(&self, act: &Act, player: PlayerId) -> CellSet {
        match act.deed {
            Deed::Enter { line, .. } => {
                self.entry_lines[act.option as usize][player][line as usize]
            }
            Deed::Place { to, .. } => {
                let b = &self.rules.board;
                self.ranks[b.rank_of(to) as usize].union(self.files[b.file_of(to) as usize])
            }
            Deed::Move { .. } | Deed::Lift { .. } => CellSet::EMPTY,
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
            WhenStuck::Lose | WhenStuck::Pass => Outcome::Win(p.other()),
            WhenStuck::Draw | WhenStuck::PassThenDraw => Outcome::Draw,
            WhenStuck::Count | WhenStuck::PassThenCount => {
                // Pieces, a stack by its height.
                let (mine, theirs) = (pos.on_board(p), pos.on_board(p.other()));
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Outcome::Win(p),
                    std::cmp::Ordering::Less => Outcome::Win(p.other()),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                }
            }
        }
    }
}
