//! A position: the board's stacks, the reserves, whose turn it is and the
//! place in the turn order, and the result once the game is decided.
//!
//! Plain data of fixed size, `Clone` without allocation, with an
//! incrementally kept 64-bit key for repetition and for merging moves
//! that lead to the same position.

use crate::rules::{Cell, CellSet, KindId, MAX_CELLS, MAX_KINDS, PlayerId, Rules};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player won.
    Win(PlayerId),
    /// Neither won: by repetition, or a rule that draws.
    Draw,
}

/// Everything that decides the rest of a game: stacks, holdings, whose
/// turn, the result.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The cells holding a stack of each player.
    pub(crate) owned: [CellSet; 2],
    /// The cells holding a neutral piece (of a kind that belongs to no
    /// player): taken, but never moved, captured or counted.
    pub(crate) neutral: CellSet,
    /// The height of the stack on each cell, 0 when empty.
    pub(crate) height: [u8; MAX_CELLS],
    /// The kind of the stack on each cell.
    pub(crate) kind: [KindId; MAX_CELLS],
    /// The cells whose stack is of another kind than the first declared
    /// (`KindId::default()`): the pieces of one kind are then found by set
    /// operations, reading `kind` only for the rarer kinds (a draughts
    /// move's men are the player's pieces but its kings).
    pub(crate) kinded: CellSet,
    /// Pieces in hand, `[player][kind]`.
    pub(crate) reserve: [[u8; MAX_KINDS]; 2],
    /// Pieces each player has borne off.
    pub(crate) borne_off: [u8; 2],
    /// The place in the turn order; the player to move follows from it.
    pub(crate) place: u16,
    pub(crate) to_move: PlayerId,
    /// The cell of the game's last act, for rules that refer to "the last
    /// cell" across turns ([`NO_LAST`] when none do, or before any act).
    pub(crate) last: u16,
    /// Turns played, for `only on turn N` and friends: counted only as far
    /// as any rule looks (0 when none does).
    pub(crate) turns: u16,
    /// Set by the goal check of the move that decided the game.
    pub(crate) result: Option<Outcome>,
    /// Hash of everything above but `result`, kept up to date by every change.
    pub(crate) key: u64,
}

impl Position {
    /// The start of a game.
    pub fn start(rules: &Rules) -> Position {
        let mut pos = Position {
            owned: [CellSet::EMPTY; 2],
            neutral: CellSet::EMPTY,
            height: [0; MAX_CELLS],
            kind: [KindId::default(); MAX_CELLS],
            kinded: CellSet::EMPTY,
            reserve: [[0; MAX_KINDS]; 2],
            borne_off: [0; 2],
            place: 0,
            to_move: rules.turn_order.player_at(0),
            last: NO_LAST,
            turns: 0,
            result: None,
            key: 0,
        };
        for s in &rules.setup {
            match s.player {
                None => pos.put_neutral(s.cell, s.kind),
                Some(player) => pos.put(s.cell, player, s.kind, s.height as u8),
            }
        }
        for p in PlayerId::BOTH {
            for (k, n) in KindId::all(MAX_KINDS).zip(&rules.reserve[p]) {
                pos.set_reserve(p, k, *n as u8);
            }
        }
        pos.key ^= place_key(0);
        pos
    }

    /// The player to move.
    pub fn to_move(&self) -> PlayerId {
        self.to_move
    }

    /// How the game ended, if it has.
    pub fn result(&self) -> Option<Outcome> {
        self.result
    }

    /// The 64-bit key of the position, kept as it changes: equal positions have equal keys.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The owner of the stack on a cell: `None` when it is empty or holds
    /// a neutral piece.
    #[inline]
    pub fn owner(&self, cell: Cell) -> Option<PlayerId> {
        if self.owned[0].contains(cell) {
            Some(PlayerId::FIRST)
        } else if self.owned[1].contains(cell) {
            Some(PlayerId::SECOND)
        } else {
            None
        }
    }

    #[inline]
    /// The height of the stack on a cell, 0 when it is empty.
    pub fn height(&self, cell: Cell) -> u32 {
        self.height[cell.index()] as u32
    }

    #[inline]
    /// The kind of the stack on a cell (meaningful only when it is not empty).
    pub fn kind(&self, cell: Cell) -> KindId {
        self.kind[cell.index()]
    }

    /// The cells holding a stack of `player`'s of kind `kind`, or of any
    /// kind when it is `None`.
    #[inline]
    pub(crate) fn pieces(&self, player: PlayerId, kind: Option<KindId>) -> CellSet {
        let own = self.owned[player];
        let Some(kind) = kind else {
            return own;
        };
        if kind == KindId::default() {
            return own.minus(self.kinded);
        }
        let mut cells = own.inter(self.kinded);
        for c in cells.iter() {
            if self.kind(c) != kind {
                cells.remove(c);
            }
        }
        cells
    }

    #[inline]
    /// Whether a cell is empty.
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.height[cell.index()] == 0
    }

    /// The cells holding a stack or a neutral piece.
    pub fn occupied(&self) -> CellSet {
        self.owned[0].union(self.owned[1]).union(self.neutral)
    }

    /// The cells holding a stack of either player.
    pub fn player_pieces(&self) -> CellSet {
        self.owned[0].union(self.owned[1])
    }

    /// The cells holding a neutral piece.
    pub fn neutral(&self) -> CellSet {
        self.neutral
    }

    /// The cells holding a stack of a player.
    pub fn owned(&self, player: PlayerId) -> CellSet {
        self.owned[player]
    }

    /// How many pieces of a kind a player holds in reserve.
    pub fn reserve(&self, player: PlayerId, kind: KindId) -> u32 {
        self.reserve[player][kind] as u32
    }

    /// How many pieces a player holds in reserve, of every kind.
    pub fn reserve_total(&self, player: PlayerId) -> u32 {
        self.reserve[player].iter().map(|n| *n as u32).sum()
    }

    /// How many pieces a player has borne off.
    pub fn borne_off(&self, player: PlayerId) -> u32 {
        self.borne_off[player] as u32
    }

    /// Pieces of a player on the board (stacks counted by height).
    pub fn on_board(&self, player: PlayerId) -> u32 {
        self.owned[player].iter().map(|c| self.height(c)).sum()
    }

    /// The pieces of the enemy of this position's mover that a move to
    /// `next` takes off the board: what `captures are mandatory` counts.
    pub(super) fn enemy_pieces_taken(&self, next: &Position) -> u32 {
        let enemy = self.to_move().other();
        self.on_board(enemy).saturating_sub(next.on_board(enemy))
    }

    /// The cell of the game's last act, when a rule refers to it.
    pub fn last_cell(&self) -> Option<Cell> {
        (self.last != NO_LAST).then(|| Cell::new(self.last as usize))
    }

    /// Whether the two positions agree in their stacks, holdings and last
    /// cell (not the turn, nor the result, which the goals decide from the
    /// rest).
    pub(crate) fn same_stacks(&self, other: &Position) -> bool {
        self.last == other.last
            && self.owned == other.owned
            && self.neutral == other.neutral
            && self.reserve == other.reserve
            && self.borne_off == other.borne_off
            && self.height == other.height
            && self.kind == other.kind
    }

    /// Whether the two positions hold the same stack (or none) on `cell`.
    #[inline]
    pub(crate) fn same_stack_at(&self, other: &Position, cell: Cell) -> bool {
        let i = cell.index();
        self.height[i] == other.height[i]
            && self.kind[i] == other.kind[i]
            && self.owner(cell) == other.owner(cell)
    }

    /// Puts a stack on an empty cell.
    pub(crate) fn put(&mut self, cell: Cell, player: PlayerId, kind: KindId, height: u8) {
        debug_assert!(self.is_empty(cell) && height > 0);
        self.owned[player].insert(cell);
        self.height[cell.index()] = height;
        self.set_kind(cell, kind);
        self.key ^= square_key(cell, player.index(), kind, height);
    }

    /// Puts a neutral piece on an empty cell.
    pub(crate) fn put_neutral(&mut self, cell: Cell, kind: KindId) {
        debug_assert!(self.is_empty(cell));
        self.neutral.insert(cell);
        self.height[cell.index()] = 1;
        self.set_kind(cell, kind);
        self.key ^= square_key(cell, NEUTRAL_OWNER, kind, 1);
    }

    /// Takes the whole stack off a cell; returns (owner, kind, height).
    pub(crate) fn take(&mut self, cell: Cell) -> (PlayerId, KindId, u8) {
        let player = self.owner(cell).expect("take from an occupied cell");
        let (kind, height) = self.clear_stack(cell, player);
        self.owned[player].remove(cell);
        (player, kind, height)
    }

    /// Empties the stack of `player` on `cell` but for `owned`, which the
    /// caller updates; returns its kind and height.
    #[inline]
    fn clear_stack(&mut self, cell: Cell, player: PlayerId) -> (KindId, u8) {
        let (kind, height) = (self.kind(cell), self.height[cell.index()]);
        self.key ^= square_key(cell, player.index(), kind, height);
        self.height[cell.index()] = 0;
        self.set_kind(cell, KindId::default());
        (kind, height)
    }

    /// Sets the kind of a cell's stack, and whether it is in `kinded`.
    #[inline]
    fn set_kind(&mut self, cell: Cell, kind: KindId) {
        self.kind[cell.index()] = kind;
        self.kinded.set(cell, kind != KindId::default());
    }

    /// Changes the height of an occupied cell's stack; 0 empties the cell.
    pub(crate) fn set_height(&mut self, cell: Cell, height: u8) {
        let (player, kind, _) = self.take(cell);
        if height > 0 {
            self.put(cell, player, kind, height);
        }
    }

    pub(crate) fn set_reserve(&mut self, player: PlayerId, kind: KindId, n: u8) {
        let old = self.reserve[player][kind];
        self.key ^= reserve_key(player, kind, old) ^ reserve_key(player, kind, n);
        self.reserve[player][kind] = n;
    }

    /// Notes the cell of the last act (for games whose rules refer to it).
    pub(crate) fn set_last(&mut self, cell: Cell) {
        self.key ^= last_key(self.last) ^ last_key(cell.index() as u16);
        self.last = cell.index() as u16;
    }

    /// Keeps no last cell: no later turn's rule reads it.
    pub(crate) fn clear_last(&mut self) {
        self.key ^= last_key(self.last) ^ last_key(NO_LAST);
        self.last = NO_LAST;
    }

    /// Counts a turn played, up to `horizon` turns.
    pub(crate) fn count_turn(&mut self, horizon: u16) {
        if self.turns < horizon {
            self.key ^= turns_key(self.turns) ^ turns_key(self.turns + 1);
            self.turns += 1;
        }
    }

    pub(crate) fn set_place(&mut self, place: usize, to_move: PlayerId) {
        self.key ^= place_key(self.place as usize) ^ place_key(place);
        self.place = place as u16;
        self.to_move = to_move;
    }
}

/// `SplitMix64`: a fixed, well-mixed hash, so keys need no tables.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The owner number a neutral stack is hashed with: no player's.
const NEUTRAL_OWNER: usize = 2;

#[inline]
/// The key of a stack on `cell`; `owner` is a player's number or
/// [`NEUTRAL_OWNER`].
fn square_key(cell: Cell, owner: usize, kind: KindId, height: u8) -> u64 {
    mix(1 << 60
        | (cell.index() as u64) << 24
        | (owner as u64) << 16
        | (kind.index() as u64) << 8
        | height as u64)
}

#[inline]
fn reserve_key(player: PlayerId, kind: KindId, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        mix(2 << 60 | (player.index() as u64) << 16 | (kind.index() as u64) << 8 | n as u64)
    }
}

/// How a position's key changes when its place in the turn order moves
/// from `from` to `to`.
pub(crate) fn place_change_key(from: usize, to: usize) -> u64 {
    place_key(from) ^ place_key(to)
}

#[inline]
fn place_key(place: usize) -> u64 {
    mix(3 << 60 | place as u64)
}

/// `Position::last` when no last cell is kept.
pub(crate) const NO_LAST: u16 = u16::MAX;

fn last_key(last: u16) -> u64 {
    if last == NO_LAST {
        0
    } else {
        mix(4 << 60 | last as u64)
    }
}

fn turns_key(turns: u16) -> u64 {
    if turns == 0 {
        0
    } else {
        mix(5 << 60 | turns as u64)
    }
}

/// How a position's key changes when a turn is counted (see
/// [`Position::count_turn`]).
pub(crate) fn turn_count_key(turns: u16, horizon: u16) -> u64 {
    if turns < horizon {
        turns_key(turns) ^ turns_key(turns + 1)
    } else {
        0
    }
}

/// Everything in a position but its stacks' heights and kinds: small, so
/// it is saved whole before an act is played in place and put back after.
#[derive(Clone, Copy)]
pub(crate) struct Header {
    owned: [CellSet; 2],
    neutral: CellSet,
    reserve: [[u8; MAX_KINDS]; 2],
    borne_off: [u8; 2],
    place: u16,
    to_move: PlayerId,
    last: u16,
    turns: u16,
    result: Option<Outcome>,
    key: u64,
}

/// A cell's stack before a change: the cell, its height and its kind.
pub(crate) type Was = (Cell, u8, KindId);

impl Position {
    pub(crate) fn header(&self) -> Header {
        Header {
            owned: self.owned,
            neutral: self.neutral,
            reserve: self.reserve,
            borne_off: self.borne_off,
            place: self.place,
            to_move: self.to_move,
            last: self.last,
            turns: self.turns,
            result: self.result,
            key: self.key,
        }
    }

    /// Takes back what was done since `header` was saved, when `trail` was
    /// `mark` long: the stacks noted since then, in reverse (see [`Edit`]),
    /// which leave the trail.
    pub(crate) fn rollback(&mut self, header: &Header, trail: &mut Vec<Was>, mark: usize) {
        for &(cell, height, kind) in trail[mark..].iter().rev() {
            self.height[cell.index()] = height;
            self.set_kind(cell, kind);
        }
        trail.truncate(mark);
        self.owned = header.owned;
        self.neutral = header.neutral;
        self.reserve = header.reserve;
        self.borne_off = header.borne_off;
        self.place = header.place;
        self.to_move = header.to_move;
        self.last = header.last;
        self.turns = header.turns;
        self.result = header.result;
        self.key = header.key;
    }
}

/// A position being changed in place, noting each stack before it changes
/// so that [`Position::rollback`] can take the change back. Generation plays
/// every way of a turn like this instead of on a copy of the position.
pub(crate) struct Edit<'a> {
    pub pos: &'a mut Position,
    pub trail: &'a mut Vec<Was>,
}

impl Edit<'_> {
    #[inline]
    fn note(&mut self, cell: Cell) {
        let i = cell.index();
        self.trail
            .push((cell, self.pos.height[i], self.pos.kind[i]));
    }

    pub(crate) fn put(&mut self, cell: Cell, player: PlayerId, kind: KindId, height: u8) {
        self.note(cell);
        self.pos.put(cell, player, kind, height);
    }

    pub(crate) fn take(&mut self, cell: Cell) -> (PlayerId, KindId, u8) {
        self.note(cell);
        self.pos.take(cell)
    }

    pub(crate) fn put_neutral(&mut self, cell: Cell, kind: KindId) {
        self.note(cell);
        self.pos.put_neutral(cell, kind);
    }

    pub(crate) fn set_height(&mut self, cell: Cell, height: u8) {
        self.note(cell);
        self.pos.set_height(cell, height);
    }

    /// Hands the stacks of `cells`, all the other player's, to `player`
    /// as they are. Only their owners change, kept in the position's
    /// header, so this is one set update per player and a key update per
    /// cell, not a stack taken off and put back (the cells are still
    /// noted: the trail also says which cells an act changed).
    pub(crate) fn convert_all(&mut self, cells: CellSet, player: PlayerId) {
        let enemy = player.other();
        for cell in cells.iter() {
            self.note(cell);
            let i = cell.index();
            let (kind, height) = (self.pos.kind[i], self.pos.height[i]);
            self.pos.key ^= square_key(cell, enemy.index(), kind, height)
                ^ square_key(cell, player.index(), kind, height);
        }
        debug_assert!(cells.is_subset(&self.pos.owned[enemy]));
        self.pos.owned[enemy] = self.pos.owned[enemy].minus(cells);
        self.pos.owned[player] = self.pos.owned[player].union(cells);
    }

    /// Takes the whole stack off every cell of `cells`, which are all
    /// occupied; returns how many pieces that was. One set update per
    /// player instead of one per cell.
    pub(crate) fn take_all(&mut self, cells: CellSet) -> u32 {
        let mut taken = 0;
        for player in PlayerId::BOTH {
            let theirs = cells.inter(self.pos.owned[player]);
            for cell in theirs.iter() {
                self.note(cell);
                taken += self.pos.clear_stack(cell, player).1 as u32;
            }
            self.pos.owned[player] = self.pos.owned[player].minus(theirs);
        }
        taken
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("owned", &self.owned)
            .field("to_move", &self.to_move)
            .field("place", &self.place)
            .field("reserve", &self.reserve)
            .field("result", &self.result)
            // The stacks' heights and kinds (two arrays of 256) are left out.
            .finish_non_exhaustive()
    }
}
