//! The checked rules of one game: every name resolved to an id, every
//! number in range, every player-relative word resolved per player, and
//! the board's geometry precomputed. The engine reads only this.
//!
//! Types here carry the proof of the checker: the engine never re-checks
//! what it finds here.

mod dump;
pub mod geometry;
mod summary;

pub use geometry::{Bitboard, Board, Cell, CellSet, Dir, DirSet, MAX_CELLS, MAX_FILES};

/// The most kinds of piece a game may have.
pub const MAX_KINDS: usize = 8;
/// The most pieces one player may own (on the board and in reserve), so
/// that a stack's height and a reserve fit a byte.
pub const MAX_PIECES: u32 = 255;
/// The most parts a turn may have (`move` and up to three `then`).
pub const MAX_PARTS: usize = 4;

/// Index of a player: 0 sits at the bottom, 1 at the top, in the order of `players`.
pub type PlayerId = usize;
/// Index of a piece kind in [`Rules::kinds`].
pub type KindId = usize;

/// One value per player.
pub type PerPlayer<T> = [T; 2];

/// Everything the engine needs to play one game.
#[derive(Clone, Debug)]
pub struct Rules {
    /// From `game "…"`.
    pub name: String,
    pub board: Board,
    pub players: PerPlayer<Player>,
    pub turn_order: TurnOrder,
    /// From `pieces …`.
    pub kinds: Vec<String>,
    /// From `setup …`, in cell order.
    pub setup: Vec<SetupPiece>,
    /// From `reserve …`: pieces in hand at the start, `[player][kind]`.
    pub reserve: PerPlayer<Vec<u32>>,
    /// From `region …`, for display; moves and goals hold their own resolved sets.
    pub regions: Vec<NamedRegion>,
    /// The parts of a turn: the first from `move`, later ones from `then`.
    pub parts: Vec<Part>,
    /// From `limit group size N`.
    pub group_limit: Option<GroupLimit>,
    /// From `after each move remove disconnected pieces`.
    pub remove_disconnected: Option<DirSet>,
    /// From `illegal if both players win`.
    pub illegal_if_both_win: bool,
    pub goals: Vec<Goal>,
    /// From `precedence …`: the order in which goal outcomes are looked at.
    pub precedence: [(Side, GoalOutcome); 4],
    /// From `when stuck …`.
    pub when_stuck: WhenStuck,
    /// From `draw on repetition N`: the occurrence that draws.
    pub repetition_draw: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct Player {
    pub name: String,
    /// Where `forward` points for this player.
    pub facing: Dir,
}

/// Who moves when. The turn `n` (from 0) belongs to `prefix[n]` while
/// `n < prefix.len()`, then to `cycle[(n - prefix.len()) % cycle.len()]`.
/// The checker shortens the prefix as far as it can, so two places in the
/// order with the same future are the same place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnOrder {
    pub prefix: Vec<PlayerId>,
    pub cycle: Vec<PlayerId>,
}

impl TurnOrder {
    /// The number of distinct places in the order.
    pub fn places(&self) -> usize {
        self.prefix.len() + self.cycle.len()
    }

    /// The player who moves at a place.
    pub fn player_at(&self, place: usize) -> PlayerId {
        if place < self.prefix.len() {
            self.prefix[place]
        } else {
            self.cycle[place - self.prefix.len()]
        }
    }

    /// The place after `place`.
    pub fn next(&self, place: usize) -> usize {
        let n = place + 1;
        if n < self.places() {
            n
        } else {
            self.prefix.len()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupPiece {
    pub cell: Cell,
    pub player: PlayerId,
    pub kind: KindId,
    pub height: u32,
}

#[derive(Clone, Debug)]
pub struct NamedRegion {
    pub name: String,
    /// The cells for each player (the same twice unless the region is player-relative).
    pub cells: PerPlayer<CellSet>,
}

/// A part of a turn: a choice among options.
#[derive(Clone, Debug)]
pub struct Part {
    /// `then may …`: the player may skip this part.
    pub optional: bool,
    pub options: Vec<MoveRule>,
}

/// One way of moving, with everything player-relative resolved per player.
#[derive(Clone, Debug)]
pub struct MoveRule {
    pub action: Action,
    /// The kind that moves or enters; `None`: any kind.
    pub kind: Option<KindId>,
    /// `only when reserve is empty` and friends.
    pub only_if: Option<Test>,
    /// `ending in REGION`: where the moved piece may end.
    pub ending_in: Option<PerPlayer<CellSet>>,
    /// `must end further forward`.
    pub must_end_further_forward: bool,
    /// `must remove a piece`: legal only if the move removes at least one piece.
    pub must_remove: bool,
    /// `not on entry line`: a removal may not take a piece on the line of
    /// this turn's entry (push line, or the rank and file of a placement).
    pub not_on_entry_line: bool,
    /// The option as written, for summaries and messages.
    pub text: String,
}

#[derive(Clone, Debug)]
pub enum Action {
    /// `place on REGION`: a piece from reserve onto an empty cell of the region.
    Place { on: PerPlayer<CellSet> },
    /// `enter at REGION pushing …`: from reserve onto an entry cell, pushing
    /// the run of pieces along the line to its first empty cell.
    Enter { entries: PerPlayer<Vec<EntryLine>> },
    /// `relocate to REGION`: a piece on the board to an empty cell of the region.
    Relocate { to: PerPlayer<CellSet> },
    /// `step DIRS DISTANCE onto TARGETS`: to the cell at that distance,
    /// passing over whatever stands between.
    Step {
        dirs: PerPlayer<DirSet>,
        distance: Distance,
        targets: Targets,
    },
    /// `slide DIRS [with turns] onto TARGETS`: through empty cells.
    Slide {
        dirs: PerPlayer<DirSet>,
        with_turns: bool,
        distance: Distance,
        targets: Targets,
    },
    /// `jump over …`: over adjacent pieces onto the empty cell beyond.
    Jump {
        legs: Vec<JumpLeg>,
        /// `chained`: more jumps may follow, and the piece may stop after any.
        chained: bool,
        /// `capturing`: jumped enemy pieces are removed.
        capturing: bool,
    },
    /// `bear off DIRS DISTANCE`: the top piece leaves the board when a move
    /// that way within the distance would leave it.
    BearOff {
        dirs: PerPlayer<DirSet>,
        distance: Distance,
    },
    /// `return a piece from REGION to reserve`.
    Return { from: PerPlayer<CellSet> },
}

/// One entry cell and the line its pushed pieces travel along.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryLine {
    /// The cells of the line, the entry cell first.
    pub cells: Vec<Cell>,
    pub dir: Dir,
    /// The same cells as a set, to tell at once whether the line is full.
    pub set: CellSet,
}

/// How far a step, slide or bear-off goes. `max: None` means the height of
/// the moving stack (`up to height`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distance {
    pub min: u32,
    pub max: Option<u32>,
}

impl Distance {
    pub const ONE: Distance = Distance {
        min: 1,
        max: Some(1),
    };
    pub const UNLIMITED: Distance = Distance {
        min: 1,
        max: Some(u32::MAX),
    };
}

/// Which cells a moving piece may land on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    pub empty: bool,
    /// Onto a friendly stack (the piece joins it), with a height condition.
    pub friend: Option<HeightCompare>,
    /// Onto an enemy stack, which is captured (removed).
    pub enemy: Option<HeightCompare>,
}

/// Compares the target stack's height with the moving stack's height
/// before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeightCompare {
    Any,
    AtLeastAsTall,
    NoTaller,
    Taller,
    Shorter,
}

impl HeightCompare {
    pub fn holds(self, target: u32, mover: u32) -> bool {
        match self {
            HeightCompare::Any => true,
            HeightCompare::AtLeastAsTall => target >= mover,
            HeightCompare::NoTaller => target <= mover,
            HeightCompare::Taller => target > mover,
            HeightCompare::Shorter => target < mover,
        }
    }
}

/// One kind of single jump inside a jump move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpLeg {
    /// Whose piece is jumped: `Friend`, `Enemy` or `Any`.
    pub over: Owner,
    pub dirs: PerPlayer<DirSet>,
    /// `at most N`: per move.
    pub at_most: Option<u32>,
    /// `[player][cell]`: the cells one step from the cell along the leg's
    /// directions (those a jump from it passes over)...
    pub near: PerPlayer<Vec<CellSet>>,
    /// ...and two steps along one direction (where such jumps land).
    pub far: PerPlayer<Vec<CellSet>>,
    /// `[player]`: the leg's directions, for jumping from many cells at once.
    pub steps: PerPlayer<Vec<JumpDir>>,
}

/// One direction of a jump leg, as whole cell sets jump it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JumpDir {
    /// The cells two steps from which that way are usable.
    pub from: CellSet,
    /// How far the cell index moves with one step.
    pub shift: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Friend,
    Enemy,
    Any,
}

#[derive(Clone, Debug)]
pub enum Test {
    ReserveEmpty,
    ReserveNotEmpty,
    /// `own pieces fill REGION`: the region, seen from the moving piece's
    /// cell, is not empty and holds a friendly piece on every cell.
    OwnPiecesFill(Box<Fill>),
}

/// The region of `own pieces fill REGION`, seen from every cell.
#[derive(Clone, Debug)]
pub struct Fill {
    /// `[player][cell]`: the region seen from the cell.
    pub from_cell: PerPlayer<Vec<CellSet>>,
    /// `[player][cell]`: the cells from which the region holds the cell,
    /// so that one empty cell rules out all of them at once.
    pub held_from: PerPlayer<Vec<CellSet>>,
    /// `[player]`: the cells from which the region is not empty.
    pub somewhere: PerPlayer<CellSet>,
    /// `[player]`: every cell the region holds from some cell.
    pub reach: PerPlayer<CellSet>,
}

impl Fill {
    pub fn new(from_cell: PerPlayer<Vec<CellSet>>) -> Fill {
        let size = from_cell[0].len();
        let mut fill = Fill {
            held_from: [vec![CellSet::EMPTY; size], vec![CellSet::EMPTY; size]],
            somewhere: [CellSet::EMPTY; 2],
            reach: [CellSet::EMPTY; 2],
            from_cell,
        };
        for p in 0..2 {
            for (c, region) in fill.from_cell[p].iter().enumerate() {
                if !region.is_empty() {
                    fill.somewhere[p].insert(c as Cell);
                }
                fill.reach[p] = fill.reach[p].union(*region);
                for held in region.iter() {
                    fill.held_from[p][held as usize].insert(c as Cell);
                }
            }
        }
        fill
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupLimit {
    pub size: u32,
    pub connect: DirSet,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoalOutcome {
    Wins,
    Loses,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Mover,
    Opponent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenStuck {
    Pass,
    Lose,
    Win,
}

#[derive(Clone, Debug)]
pub struct Goal {
    pub player: PlayerId,
    pub outcome: GoalOutcome,
    pub test: GoalTest,
    /// The goal as written, for summaries.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalTest {
    /// A group of own pieces, connected through `connect`, touching both regions.
    Chain {
        a: CellSet,
        b: CellSet,
        connect: DirSet,
    },
    /// A line-of-sight network from `a` to `b`: at least `min` distinct own
    /// pieces, one in each end region and none else in either, consecutive
    /// pieces on one line of `lines` with only empty cells between, turning
    /// at every piece.
    Network {
        a: CellSet,
        b: CellSet,
        min: u32,
        lines: DirSet,
    },
    /// Every own piece on the board stands in the region, and none is in reserve.
    AllIn { region: CellSet },
    /// No own piece on the board or in reserve.
    AllOff,
}

impl Rules {
    /// The default precedence: the mover's loss first, then the mover's win
    /// and the opponent's loss (both a win for the mover), then the opponent's win.
    pub const DEFAULT_PRECEDENCE: [(Side, GoalOutcome); 4] = [
        (Side::Mover, GoalOutcome::Loses),
        (Side::Mover, GoalOutcome::Wins),
        (Side::Opponent, GoalOutcome::Loses),
        (Side::Opponent, GoalOutcome::Wins),
    ];

    pub fn player_index(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().position(|p| p.name == name)
    }

    pub fn total_pieces(&self, player: PlayerId) -> u32 {
        let on_board: u32 = self
            .setup
            .iter()
            .filter(|p| p.player == player)
            .map(|p| p.height)
            .sum();
        on_board + self.reserve[player].iter().sum::<u32>()
    }
}
