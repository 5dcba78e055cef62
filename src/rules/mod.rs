//! The checked rules of one game: every name resolved to an id, every
//! number in range, every player-relative word resolved per player, and
//! the board's geometry precomputed. The engine reads only this.
//!
//! Types here carry the proof of the checker: the engine never re-checks
//! what it finds here.

mod dump;
pub mod geometry;
mod summary;

pub use geometry::{
    Bitboard, Board, Cell, CellSet, Dir, DirSet, MAX_CELLS, MAX_FILES, MAX_RANKS, Shape, hex_dirs,
};

/// The most kinds of piece a game may have.
pub const MAX_KINDS: usize = 8;
/// The most pieces one player may own (on the board and in reserve), so
/// that a stack's height and a reserve fit a byte.
pub const MAX_PIECES: u32 = 255;
/// The most parts a turn may have (`move` and up to three `then`).
pub const MAX_PARTS: usize = 4;

/// Lets an id index tables directly: slices (so arrays of any length)
/// and vectors, by its `index()`.
macro_rules! index_by {
    ($id:ty) => {
        impl<T> std::ops::Index<$id> for [T] {
            type Output = T;
            fn index(&self, id: $id) -> &T {
                &self[id.index()]
            }
        }

        impl<T> std::ops::IndexMut<$id> for [T] {
            fn index_mut(&mut self, id: $id) -> &mut T {
                &mut self[id.index()]
            }
        }

        impl<T> std::ops::Index<$id> for Vec<T> {
            type Output = T;
            fn index(&self, id: $id) -> &T {
                &self[id.index()]
            }
        }

        impl<T> std::ops::IndexMut<$id> for Vec<T> {
            fn index_mut(&mut self, id: $id) -> &mut T {
                &mut self[id.index()]
            }
        }
    };
}

/// A player: the first of `players` (0) sits at the bottom, the second
/// (1) at the top. Per-player tables (`[T; 2]`, a `Vec` of the players)
/// are indexed by it directly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(u8);

impl PlayerId {
    /// The first of `players`...
    pub const FIRST: PlayerId = PlayerId(0);
    /// ...and the second.
    pub const SECOND: PlayerId = PlayerId(1);
    /// Both players, first to second.
    pub const BOTH: [PlayerId; 2] = [PlayerId::FIRST, PlayerId::SECOND];

    /// Player number `index` (0 or 1).
    pub const fn new(index: usize) -> PlayerId {
        assert!(index < 2, "a game has two players");
        PlayerId(index as u8)
    }

    /// Its number: 0 or 1.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other player.
    #[must_use]
    pub const fn other(self) -> PlayerId {
        PlayerId(1 - self.0)
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

index_by!(PlayerId);

/// A kind of piece: its place in `pieces`, and in [`Rules::kinds`] (at
/// most [`MAX_KINDS`]). Per-kind tables (`[T; MAX_KINDS]`, a `Vec` of the
/// kinds) are indexed by it directly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(u8);

impl KindId {
    /// Kind number `index` (below [`MAX_KINDS`]).
    pub const fn new(index: usize) -> KindId {
        assert!(index < MAX_KINDS, "a game has at most MAX_KINDS kinds");
        KindId(index as u8)
    }

    /// Its number.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every kind of a game of `count` kinds, in order.
    pub fn all(count: usize) -> impl Iterator<Item = KindId> {
        (0..count.min(MAX_KINDS)).map(|i| KindId(i as u8))
    }
}

impl std::fmt::Display for KindId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

index_by!(KindId);

/// One value per player.
pub type PerPlayer<T> = [T; 2];

/// Everything the engine needs to play one game.
#[derive(Clone, Debug)]
pub struct Rules {
    /// From `game "…"`.
    pub name: String,
    /// From `board W x H [without REGION]`, with its neighbour tables built.
    pub board: Board,
    /// From `players`: exactly two, the first at the bottom, the second at the top.
    pub players: PerPlayer<Player>,
    /// From `turns …`; without it the players alternate, player 0 first.
    pub turn_order: TurnOrder,
    /// From `pieces …`.
    pub kinds: Vec<String>,
    /// `[kind]`: `neutral` in `pieces`: its pieces belong to no player,
    /// never move and are counted by nothing; set up, or placed by either
    /// player without a reserve.
    pub neutral: Vec<bool>,
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
    /// From `captures are mandatory[, taking the most]`: while a move that
    /// captures is legal, only moves that capture are; with `Most`, only
    /// those that take the most pieces.
    pub mandatory_captures: Option<Compulsion>,
    /// From `promote …`, in file order.
    pub promotions: Vec<Promotion>,
    /// From `goal …`, in file order, one per player a goal is for (`goal each`
    /// gives two). May be empty: the game then ends only by `when stuck` or repetition.
    pub goals: Vec<Goal>,
    /// From `precedence …`: the order in which goal outcomes are looked at.
    pub precedence: [(Side, GoalOutcome); 4],
    /// From `when stuck …`.
    pub when_stuck: WhenStuck,
    /// From `draw on repetition N`: the occurrence that draws.
    pub repetition_draw: Option<u32>,
}

/// One of the two players, from `players`.
#[derive(Clone, Debug)]
pub struct Player {
    /// The name as listed, case-sensitive and distinct from the other player's.
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
    /// The places played once at the start (before `then repeat`); often empty.
    pub prefix: Vec<PlayerId>,
    /// The places that repeat forever: never empty, and both players appear in it.
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

/// One stack on the board at the start: one cell of a `setup` item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupPiece {
    /// A usable cell; no two setup pieces share one.
    pub cell: Cell,
    /// The player who owns the stack; `None` for a neutral kind.
    pub player: Option<PlayerId>,
    /// The kind of every piece in the stack.
    pub kind: KindId,
    /// The pieces in the stack: 1, or `N` from `stacks of N` (1 to 255).
    pub height: u32,
}

/// A region named with `region`, kept for `rules` at the prompt, `--dump` and
/// messages. Regions using `forward-cone` are left out: their cells depend on a piece.
#[derive(Clone, Debug)]
pub struct NamedRegion {
    /// The name as declared.
    pub name: String,
    /// The cells for each player (the same twice unless the region is player-relative;
    /// empty for a player it is not defined for).
    pub cells: PerPlayer<CellSet>,
}

/// A part of a turn: a choice among options.
#[derive(Clone, Debug)]
pub struct Part {
    /// `then may …`: the player may skip this part.
    pub optional: bool,
    /// The options, in file order: never empty, at most 255.
    pub options: Vec<MoveRule>,
}

/// One way of moving, with everything player-relative resolved per player.
#[derive(Clone, Debug)]
pub struct MoveRule {
    /// What the option does: its primitive, resolved.
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
    /// `converting flanked enemies` or `capturing flanked enemies`: what
    /// happens to enemy pieces bracketed by the arriving piece.
    pub flank: Option<Flank>,
    /// `must convert a piece`: legal only if the move converts at least one.
    pub must_convert: bool,
    /// `must continue`: a chained jump may end only where no jump goes on.
    pub must_continue: bool,
    /// `leaving a copy`: the moving piece also stays where it was (Ataxx's
    /// clone).
    pub leaves_copy: bool,
    /// `step … by line count`: the step goes as many cells as the whole
    /// line through the piece, in the direction it moves, holds stacks
    /// (Lines of Action); the action's distance is then unused.
    pub line_count: bool,
    /// `not over enemies`: a step may pass over friendly pieces only.
    pub not_over_enemies: bool,
    /// `next to the last piece` or `in sight of the last piece`: the act's
    /// cell is tied to the cell of the act before it (see [`NearLast`]).
    pub near_last: Option<NearLast>,
    /// `moving the last piece`: the piece moved stands on the cell of the
    /// act before it.
    pub moving_last: bool,
    /// `only on turn N` and friends: the turns of the game, counted from 1,
    /// on which the option is open.
    pub turns: Option<TurnSpan>,
    /// `dropping DIRECTION`: a placement falls that way, per player, to the
    /// last empty cell before a piece, a hole or the edge.
    pub dropping: Option<PerPlayer<Dir>>,
    /// The option as written, for summaries and messages.
    pub text: String,
}

/// `next to the last piece` and `in sight of the last piece`.
///
/// "The last cell" is the cell of the act played just before: where its
/// piece arrived, or for a bear-off or a return the cell it left. In a
/// turn's first part that is the last act of the previous turn; before any
/// act of the game there is none, and the option offers nothing.
///
/// "The act's cell" is, in the same way, where its piece arrives, or the
/// cell a bear-off or return takes a piece from.
#[derive(Clone, Debug)]
pub struct NearLast {
    /// `in sight of`: the act's cell is reached from the last cell along
    /// one of `dirs` over empty cells (the cell itself may be taken), like
    /// a queen's move; otherwise it is next to it along one of `dirs`.
    pub sight: bool,
    /// The directions looked along, per player: every direction of the
    /// board unless `along`.
    pub dirs: PerPlayer<DirSet>,
}

/// `only on turn N`, `only on turns N..M`, `only from turn N`: turns of
/// the game, counted from 1 for the first player's first turn, both ends
/// included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnSpan {
    /// The first turn on which the option is open.
    pub first: u16,
    /// The last one; `None`: every later turn.
    pub last: Option<u16>,
}

impl TurnSpan {
    /// Whether the option is open on turn `turn` (counted from 1).
    pub fn holds(&self, turn: u32) -> bool {
        turn >= self.first as u32 && self.last.is_none_or(|last| turn <= last as u32)
    }

    /// The number of turns after which the span no longer changes: every
    /// later turn is in it or out of it alike.
    pub fn horizon(&self) -> u16 {
        self.last.unwrap_or(self.first.saturating_sub(1))
    }
}

/// Which captures `captures are mandatory` keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compulsion {
    /// Any move that captures.
    Any,
    /// `taking the most`: the moves that take the most pieces
    /// (international draughts' majority rule).
    Most,
}

/// `promote KIND to KIND in REGION[, ending the move]`.
#[derive(Clone, Debug)]
pub struct Promotion {
    /// The kind promoted.
    pub from: KindId,
    /// The kind it becomes.
    pub to: KindId,
    /// The cells where it is promoted, per player.
    pub region: PerPlayer<CellSet>,
    /// `ending the move`: a chain of jumps stops on arriving there.
    pub ends_move: bool,
}

/// Flanking: after the piece arrives, every straight line of enemy pieces
/// that runs from its cell, along one of `dirs`, to a piece of the mover
/// (no empty cell or hole between) is converted or captured.
#[derive(Clone, Debug)]
pub struct Flank {
    /// `converting`: the pieces change owner (Othello). Otherwise they are
    /// captured (custodial capture).
    pub convert: bool,
    /// The directions looked along, per player: all eight unless `along`.
    pub dirs: PerPlayer<DirSet>,
    /// `adjacent enemies`: every enemy piece next to the arrival cell along
    /// `dirs`, bracketed or not (Ataxx).
    pub adjacent: bool,
    /// `in runs of …`: the fewest pieces a flanked run holds (1 unless stated).
    pub shortest_run: u32,
    /// The most pieces a flanked run holds: `u32::MAX` unless stated.
    pub longest_run: u32,
}

impl Flank {
    /// Whether a run of any length is flanked (no `in runs of`).
    pub fn any_run(&self) -> bool {
        self.shortest_run <= 1 && self.longest_run == u32::MAX
    }
}

/// The primitive of an option, with its regions and directions resolved per
/// player.
#[derive(Clone, Debug)]
pub enum Action {
    /// `place on REGION`: a piece from reserve onto an empty cell of the region.
    Place {
        /// The cells the piece may go to, per player: the whole board without `on`.
        on: PerPlayer<CellSet>,
    },
    /// `enter at REGION pushing …`: from reserve onto an entry cell, pushing
    /// the run of pieces along the line to its first empty cell.
    Enter {
        /// `[player]`: one line for each entry cell and push direction; an
        /// entry names its line by its index here.
        entries: PerPlayer<Vec<EntryLine>>,
    },
    /// `relocate to REGION`: a piece on the board to an empty cell of the
    /// region; `leap DISTANCE`: to an empty cell at that king distance.
    Relocate {
        /// The cells the piece may go to, per player: the whole board without `to`.
        to: PerPlayer<CellSet>,
        /// `leap`: how far the cell must be, counted in king steps (on a hex
        /// board, steps between neighbours), whatever stands between.
        distance: Option<Distance>,
    },
    /// `step DIRS DISTANCE onto TARGETS`: to the cell at that distance,
    /// passing over whatever stands between.
    Step {
        /// The directions per player, player-relative words resolved.
        dirs: PerPlayer<DirSet>,
        /// How far, in cells: `exactly 1` unless stated.
        distance: Distance,
        /// What the piece may stop on: `empty` unless stated (`onto …`).
        targets: Targets,
    },
    /// `slide DIRS [with turns] onto TARGETS`: through empty cells.
    Slide {
        /// The directions per player, player-relative words resolved.
        dirs: PerPlayer<DirSet>,
        /// `with turns`: the piece may change direction at any empty cell on its
        /// way; the distance is then unlimited.
        with_turns: bool,
        /// How far, in cells: unlimited unless stated.
        distance: Distance,
        /// What the piece may stop on: `empty` unless stated (`onto …`).
        targets: Targets,
    },
    /// `jump over …`: over adjacent pieces onto the empty cell beyond.
    Jump {
        /// The `over …` legs, in the order written: 1 to 8.
        legs: Vec<JumpLeg>,
        /// `chained`: more jumps may follow, and the piece may stop after any.
        chained: bool,
        /// `capturing`: jumped enemy pieces are removed.
        capturing: bool,
    },
    /// `bear off DIRS DISTANCE`: the top piece leaves the board when a move
    /// that way within the distance would leave it.
    BearOff {
        /// The directions per player in which the piece may leave the board.
        dirs: PerPlayer<DirSet>,
        /// How far a move that way may go, in cells: `exactly 1` unless stated.
        distance: Distance,
    },
    /// `return a piece from REGION to reserve`, or `remove a piece from
    /// REGION`: the mover's top piece there leaves the board.
    Return {
        /// The cells, per player, whose top piece may be lifted.
        from: PerPlayer<CellSet>,
        /// Whether the piece goes to the mover's reserve (`return`) or out
        /// of the game (`remove`).
        to_reserve: bool,
    },
}

impl Action {
    /// Whether its acts put a piece on a cell (all but bear-offs and
    /// returns).
    pub fn has_destination(&self) -> bool {
        !matches!(self, Action::BearOff { .. } | Action::Return { .. })
    }

    /// The entry lines of an `enter`, per player; `None` for any other
    /// primitive.
    pub fn entries(&self) -> Option<&PerPlayer<Vec<EntryLine>>> {
        match self {
            Action::Enter { entries } => Some(entries),
            Action::Place { .. }
            | Action::Relocate { .. }
            | Action::Step { .. }
            | Action::Slide { .. }
            | Action::Jump { .. }
            | Action::BearOff { .. }
            | Action::Return { .. } => None,
        }
    }

    /// The cells a `place` may put a piece on, per player; `None` for any
    /// other primitive.
    pub fn placement_cells(&self) -> Option<&PerPlayer<CellSet>> {
        match self {
            Action::Place { on } => Some(on),
            Action::Enter { .. }
            | Action::Relocate { .. }
            | Action::Step { .. }
            | Action::Slide { .. }
            | Action::Jump { .. }
            | Action::BearOff { .. }
            | Action::Return { .. } => None,
        }
    }
}

/// One entry cell and the line its pushed pieces travel along.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryLine {
    /// The cells of the line, the entry cell first.
    pub cells: Vec<Cell>,
    /// The direction the pieces are pushed in.
    pub dir: Dir,
    /// The same cells as a set, to tell at once whether the line is full.
    pub set: CellSet,
}

/// How far a step, slide or bear-off goes. `max: None` means the height of
/// the moving stack (`up to height`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distance {
    /// The shortest distance, in cells: 1 to 64.
    pub min: u32,
    /// The longest distance, in cells: at most 64 when stated, `u32::MAX` for an
    /// unlimited slide; `None`: the moving stack's height (`up to height`, `N..height`).
    pub max: Option<u32>,
}

impl Distance {
    /// `exactly 1`: the default of `step` and `bear off`.
    pub const ONE: Distance = Distance {
        min: 1,
        max: Some(1),
    };
    /// Any distance from 1 on, as far as the board allows: the default of `slide`.
    pub const UNLIMITED: Distance = Distance {
        min: 1,
        max: Some(u32::MAX),
    };
}

/// Which cells a moving piece may land on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// `empty`: onto an empty cell.
    pub empty: bool,
    /// Onto a friendly stack of the same kind (the piece joins it on top), with a
    /// height condition.
    pub friend: Option<HeightCompare>,
    /// Onto an enemy stack, which is captured (removed).
    pub enemy: Option<HeightCompare>,
}

/// Compares the target stack's height with the moving stack's height
/// before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeightCompare {
    /// No height given: any height will do.
    Any,
    /// `at least as tall`: the target stack is at least as tall as the mover.
    AtLeastAsTall,
    /// `no taller`: the target stack is no taller than the mover.
    NoTaller,
    /// `taller`: the target stack is taller than the mover.
    Taller,
    /// `shorter`: the target stack is shorter than the mover.
    Shorter,
}

impl HeightCompare {
    /// Whether a target stack of `target` pieces passes against a moving stack of
    /// `mover` pieces.
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
    /// The directions of the leg per player, player-relative words resolved.
    pub dirs: PerPlayer<DirSet>,
    /// `at most N times` (1 to 1000): how often the leg may be used in one move.
    pub at_most: Option<u32>,
    /// `at any distance`: the piece jumped may lie past empty cells down
    /// the line, and the jump land on any empty cell beyond it before the
    /// next piece (a flying king's capture). `near` and `far` then hold
    /// only the adjacent jumps.
    pub any_distance: bool,
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

/// Whose piece a jump leg may jump over: from `over friend|enemy|any`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// `friend`: a piece of the mover's.
    Friend,
    /// `enemy`: a piece of the opponent's.
    Enemy,
    /// `any`: a piece of either player.
    Any,
}

/// The condition that keeps an option open: from `only if …` or `only when …`.
#[derive(Clone, Debug)]
pub enum Test {
    /// `reserve is empty`: the mover has no piece in reserve.
    ReserveEmpty,
    /// `reserve is not empty`: the mover has at least one piece in reserve.
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
    /// The tables for a region given as seen from each cell, `[player][cell]`, with
    /// one entry per cell of the grid (holes included).
    pub fn new(from_cell: PerPlayer<Vec<CellSet>>) -> Fill {
        let size = from_cell[0].len();
        let mut fill = Fill {
            held_from: [vec![CellSet::EMPTY; size], vec![CellSet::EMPTY; size]],
            somewhere: [CellSet::EMPTY; 2],
            reach: [CellSet::EMPTY; 2],
            from_cell,
        };
        for p in PlayerId::BOTH {
            for (c, region) in fill.from_cell[p].iter().enumerate() {
                if !region.is_empty() {
                    fill.somewhere[p].insert(Cell::new(c));
                }
                fill.reach[p] = fill.reach[p].union(*region);
                for held in region.iter() {
                    fill.held_from[p][held.index()].insert(Cell::new(c));
                }
            }
        }
        fill
    }
}

/// From `limit group size N [connected …]`: checked after every part of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupLimit {
    /// The most pieces one player's group may hold, counting every piece of every
    /// stack: 1 to 256.
    pub size: u32,
    /// The directions that link a group's stacks: orthogonal, diagonal or any
    /// (the default).
    pub connect: DirSet,
}

/// What a goal does for its player when it holds: from `wins` or `loses`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoalOutcome {
    /// `wins`: the goal's player wins.
    Wins,
    /// `loses`: the goal's player loses, so the other player wins.
    Loses,
}

/// Whose goal an outcome in `precedence` is, seen from the player who just
/// played a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `mover`: the player who just played.
    Mover,
    /// `opponent`: the other player.
    Opponent,
}

/// What happens to a player with no legal move on their turn: from `when stuck …`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenStuck {
    /// `pass`: the player passes, which counts as a move, and the turn goes on.
    Pass,
    /// `lose`, the default: the player loses.
    Lose,
    /// `win`: the player wins (a misère game).
    Win,
    /// `draw`: the game ends in a draw (a full board in tic-tac-toe).
    Draw,
    /// `count`: the game ends, and the player with more pieces on the board
    /// wins; equal is a draw.
    Count,
    /// `pass, then count`: the player passes, unless the other player
    /// could not move after the pass either; then the game ends by counting
    /// (Othello).
    PassThenCount,
    /// `pass, then draw`: as `pass, then count`, but the game is drawn.
    PassThenDraw,
}

impl WhenStuck {
    /// Whether being stuck never ends the game: the player passes, always.
    pub fn is_plain_pass(self) -> bool {
        self == WhenStuck::Pass
    }

    /// Whether a stuck player passes (at least while the other can move).
    pub fn passes(self) -> bool {
        match self {
            WhenStuck::Pass | WhenStuck::PassThenCount | WhenStuck::PassThenDraw => true,
            WhenStuck::Lose | WhenStuck::Win | WhenStuck::Draw | WhenStuck::Count => false,
        }
    }
}

/// One goal of one player, with its regions seen from that player.
#[derive(Clone, Debug)]
pub struct Goal {
    /// The player whose goal it is.
    pub player: PlayerId,
    /// Whether the player wins or loses when the test holds.
    pub outcome: GoalOutcome,
    /// The condition, looked at after every part of a turn.
    pub test: GoalTest,
    /// The goal as written, for summaries.
    pub text: String,
}

/// A line-of-sight network from `a` to `b`: at least `min` distinct own
/// pieces, one in each end region and none else in either, consecutive
/// pieces on one line of `lines` with only empty cells between, turning at
/// every piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The first end region of `network between A and B`; it shares no cell with `b`.
    pub a: CellSet,
    /// The other end region.
    pub b: CellSet,
    /// `at least N pieces`: the fewest pieces in the network, 2 to 256 (2 unless
    /// stated).
    pub min: u32,
    /// The directions a line between consecutive pieces may run in: `any` unless
    /// stated (`connected …`).
    pub lines: DirSet,
}

/// The most regions a chain may join (`chain between A and B and C …`).
pub const MAX_CHAIN_REGIONS: usize = 8;

/// The condition of a goal (`with …`), with its regions resolved for the goal's
/// player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalTest {
    /// A group of own pieces, connected through `connect`, touching every region.
    Chain {
        /// The regions of `chain between A and B [and C …]`: two to
        /// [`MAX_CHAIN_REGIONS`].
        regions: Vec<CellSet>,
        /// The directions linking the group: orthogonal unless stated (`connected …`).
        connect: DirSet,
    },
    /// A line-of-sight network (see [`Network`]).
    Network(Network),
    /// `all pieces in REGION`: at least one own piece is on the board, every one
    /// stands in the region, and none is in reserve.
    AllIn {
        /// The region, seen from the goal's player.
        region: CellSet,
    },
    /// `all pieces borne off`: no own piece on the board or in reserve.
    AllOff,
    /// `all pieces connected [DIRECTION]`: at least one own piece is on the
    /// board, and all of them form one group, linked through `connect`.
    AllConnected {
        /// The directions linking the group: orthogonal unless stated.
        connect: DirSet,
    },
    /// `[exactly] N in a row [along DIRECTIONS]`: `count` own pieces next to
    /// each other on one line running in `lines` (or more, unless `exact`).
    InRow {
        /// How many in the row: 2 to 26.
        count: u32,
        /// `exactly`: a longer row does not count.
        exact: bool,
        /// The directions of the lines, each with its opposite (a row runs
        /// both ways): every line unless `along` says otherwise.
        lines: DirSet,
    },
    /// `a piece in REGION` or `a KIND in REGION`: an own piece (of that kind)
    /// stands in the region.
    PieceIn {
        /// The region, seen from the goal's player.
        region: CellSet,
        /// The kind, or `None` for any piece.
        kind: Option<KindId>,
    },
    /// `no enemy pieces` or `at most N enemy pieces` (or `KIND` for
    /// `pieces`): the opponent owns at most `most` pieces (of that kind), on
    /// the board and in reserve together.
    EnemyAtMost {
        /// N: 0 for `no`, at most 255.
        most: u32,
        /// The kind counted, or `None` for every kind.
        kind: Option<KindId>,
    },
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

    /// Whether an act of `option` may lower the enemy's count on the board,
    /// which is what `captures are mandatory` calls taking: it flanks,
    /// jumps capturing, moves onto enemies, pushes pieces along a line, or
    /// lands a piece where disconnected pieces are removed.
    pub fn option_may_take(&self, option: &MoveRule) -> bool {
        if option.flank.is_some()
            || self.remove_disconnected.is_some() && option.action.has_destination()
        {
            return true;
        }
        match &option.action {
            Action::Jump { capturing, .. } => *capturing,
            Action::Step { targets, .. } | Action::Slide { targets, .. } => targets.enemy.is_some(),
            Action::Enter { .. } => true,
            Action::Place { .. }
            | Action::Relocate { .. }
            | Action::BearOff { .. }
            | Action::Return { .. } => false,
        }
    }

    /// The players' names, in turn order.
    pub fn player_names(&self) -> PerPlayer<&str> {
        [self.players[0].name.as_str(), self.players[1].name.as_str()]
    }

    /// The player with this name (case-sensitive), if any.
    pub fn player_index(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .map(PlayerId::new)
    }

    /// How many pieces a player starts with, on the board (every piece of every
    /// stack) and in reserve: at most 255.
    pub fn total_pieces(&self, player: PlayerId) -> u32 {
        let on_board: u32 = self
            .setup
            .iter()
            .filter(|p| p.player == Some(player))
            .map(|p| p.height)
            .sum();
        on_board + self.reserve[player].iter().sum::<u32>()
    }
}
