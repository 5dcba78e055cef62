//! Board geometry: cells, cell sets, directions and the precomputed tables
//! (neighbours, rays) the engine walks instead of doing arithmetic.

use std::fmt;

/// A cell index: `rank * width + file`, both from 0. `a1` is 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell of index `i`, which is below [`MAX_CELLS`].
    #[inline]
    pub const fn new(i: usize) -> Cell {
        debug_assert!(i < MAX_CELLS);
        Cell(i as u8)
    }

    /// Its index, `rank * width + file`: a row of a table by cell.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell whose index is `by` more than this one's (a number of steps
    /// along a direction times its [`Board::step_shift`]), if that is an
    /// index at all: whether it is on the board, or the step's cell, is
    /// the caller's to know.
    #[inline]
    pub fn offset(self, by: i32) -> Option<Cell> {
        u8::try_from(self.0 as i32 + by).ok().map(Cell)
    }
}

/// The most cells a board may have, so that a [`CellSet`] is four words.
pub const MAX_CELLS: usize = 256;
/// Files are letters `a`–`z`.
pub const MAX_FILES: usize = 26;

/// The most ranks a board may have: a rank is numbered by one byte, so a
/// board of one file holds at most 255 cells.
pub const MAX_RANKS: usize = 255;

/// A set of cells: a 256-bit bitset, `Copy` and cheap to combine.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// The set of no cell.
    pub const EMPTY: CellSet = CellSet([0; 4]);

    /// The set of one cell.
    pub fn single(cell: Cell) -> CellSet {
        let mut s = CellSet::EMPTY;
        s.insert(cell);
        s
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Adds `cell` to the set.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Puts `cell` in the set or takes it out, as `member` says, without a
    /// branch.
    #[inline]
    pub fn set(&mut self, cell: Cell, member: bool) {
        let i = cell.index();
        let word = &mut self.0[i >> 6];
        *word = *word & !(1 << (i & 63)) | u64::from(member) << (i & 63);
    }

    /// Takes `cell` out of the set.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// The cells in either set.
    pub fn union(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The cells in both sets.
    pub fn inter(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The cells of `self` that are not in `other`.
    pub fn minus(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// A 64-bit digest of the set, mixed into `seed`: to tell sets apart
    /// in statistics (positions have their own Zobrist keys).
    pub fn digest(&self, seed: u64) -> u64 {
        self.0.iter().fold(seed, |h, &w| {
            (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(31)
        })
    }

    /// Whether the set holds no cell.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// Whether the set has no more than `n` cells: cheaper than [`len`]
    /// for small `n`, since it stops counting past `n` (and needs no
    /// population count, which not every target has).
    ///
    /// [`len`]: CellSet::len
    pub fn has_at_most(&self, n: usize) -> bool {
        let mut left = n;
        for &w in &self.0 {
            let mut w = w;
            while w != 0 {
                if left == 0 {
                    return false;
                }
                left -= 1;
                w &= w - 1;
            }
        }
        true
    }

    /// The number of cells in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The `n`th cell of the set in increasing order, counted from 0, as
    /// `iter().nth(n)` gives it: whole words are skipped by their counts.
    pub fn nth(&self, mut n: usize) -> Option<Cell> {
        for (i, &word) in self.0.iter().enumerate() {
            let count = word.count_ones() as usize;
            if n >= count {
                n -= count;
                continue;
            }
            let mut w = word;
            for _ in 0..n {
                w &= w - 1;
            }
            return Some(Cell::new(i * 64 + w.trailing_zeros() as usize));
        }
        None
    }

    /// Whether every cell of `self` is in `other` (true when `self` is empty).
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.minus(*other).is_empty()
    }

    /// Whether the two sets share at least one cell.
    pub fn intersects(&self, other: &CellSet) -> bool {
        !self.inter(*other).is_empty()
    }

    /// Every cell index moved by `by` (up when positive); cells moved off
    /// either end are dropped.
    #[inline]
    pub fn shifted(self, by: i32) -> CellSet {
        let w = self.0;
        let mut out = [0u64; 4];
        if by >= 0 {
            let (words, bits) = ((by / 64) as usize, (by % 64) as u32);
            for i in (words..4).rev() {
                let lo = w[i - words] << bits;
                let carry = if bits > 0 && i > words {
                    w[i - words - 1] >> (64 - bits)
                } else {
                    0
                };
                out[i] = lo | carry;
            }
        } else {
            let by = -by;
            let (words, bits) = ((by / 64) as usize, (by % 64) as u32);
            for i in 0..4 - words {
                let hi = w[i + words] >> bits;
                let carry = if bits > 0 && i + words + 1 < 4 {
                    w[i + words + 1] << (64 - bits)
                } else {
                    0
                };
                out[i] = hi | carry;
            }
        }
        CellSet(out)
    }

    /// The lowest cell, if any.
    pub fn first(&self) -> Option<Cell> {
        (0..4)
            .find(|&w| self.0[w] != 0)
            .map(|w| Cell::new(w * 64 + self.0[w].trailing_zeros() as usize))
    }

    /// The highest cell, if any.
    pub fn last(&self) -> Option<Cell> {
        (0..4)
            .rev()
            .find(|&w| self.0[w] != 0)
            .map(|w| Cell::new(w * 64 + 63 - self.0[w].leading_zeros() as usize))
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> Cells {
        Cells {
            words: self.0,
            word: 0,
        }
    }
}

/// The cells of a [`CellSet`], lowest first.
pub struct Cells {
    words: [u64; 4],
    word: usize,
}

impl Iterator for Cells {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.word < 4 {
            let bits = &mut self.words[self.word];
            if *bits != 0 {
                let b = bits.trailing_zeros();
                *bits &= *bits - 1;
                return Some(Cell::new(self.word * 64 + b as usize));
            }
            self.word += 1;
        }
        None
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The cell sets inner loops work on: one machine word on boards of up to
/// 64 cells (every cell index fits), else a whole [`CellSet`]. Code written
/// once over this trait runs on either; the caller picks by board size.
pub trait Bitboard: Copy + PartialEq {
    /// The set of no cell.
    const NONE: Self;
    /// The cells of `set` (on a one-word board, all of them are in the word).
    fn of(set: CellSet) -> Self;
    /// The same cells as a [`CellSet`].
    fn to_set(self) -> CellSet;
    /// The cells in both sets.
    fn and(self, other: Self) -> Self;
    /// The cells in either set.
    fn or(self, other: Self) -> Self;
    /// The cells of `self` that are not in `other`.
    fn and_not(self, other: Self) -> Self;
    /// Whether `cell` is in the set.
    fn has(self, cell: Cell) -> bool;
    /// The set of one cell (on a one-word board, a cell below 64).
    fn cell(cell: Cell) -> Self;
    /// Whether the set holds no cell.
    fn is_none(self) -> bool;
    /// Takes the lowest cell out of the set.
    fn pop(&mut self) -> Option<Cell>;
    /// Every cell one step from a cell of the set in `dir`.
    fn step(self, board: &Board, dir: Dir) -> Self;
}

impl Bitboard for u64 {
    const NONE: u64 = 0;
    #[inline]
    fn of(set: CellSet) -> u64 {
        set.0[0]
    }
    #[inline]
    fn to_set(self) -> CellSet {
        CellSet([self, 0, 0, 0])
    }
    #[inline]
    fn and(self, other: u64) -> u64 {
        self & other
    }
    #[inline]
    fn or(self, other: u64) -> u64 {
        self | other
    }
    #[inline]
    fn and_not(self, other: u64) -> u64 {
        self & !other
    }
    #[inline]
    fn has(self, cell: Cell) -> bool {
        cell.index() < 64 && self >> cell.index() & 1 == 1
    }
    #[inline]
    fn cell(cell: Cell) -> u64 {
        1 << cell.index()
    }
    #[inline]
    fn is_none(self) -> bool {
        self == 0
    }
    #[inline]
    fn pop(&mut self) -> Option<Cell> {
        if *self == 0 {
            return None;
        }
        let c = Cell::new(self.trailing_zeros() as usize);
        *self &= *self - 1;
        Some(c)
    }
    #[inline]
    fn step(self, board: &Board, dir: Dir) -> u64 {
        let from = self & board.step_from[dir.index()].0[0];
        let by = board.step_shift[dir.index()];
        // Masked cells stay on the board, so no bit crosses the word's
        // ends and a rotation is the shift, without a branch.
        from.rotate_left(by.rem_euclid(64) as u32)
    }
}

impl Bitboard for CellSet {
    const NONE: CellSet = CellSet::EMPTY;
    #[inline]
    fn of(set: CellSet) -> CellSet {
        set
    }
    #[inline]
    fn to_set(self) -> CellSet {
        self
    }
    #[inline]
    fn and(self, other: CellSet) -> CellSet {
        self.inter(other)
    }
    #[inline]
    fn or(self, other: CellSet) -> CellSet {
        self.union(other)
    }
    #[inline]
    fn and_not(self, other: CellSet) -> CellSet {
        self.minus(other)
    }
    #[inline]
    fn has(self, cell: Cell) -> bool {
        self.contains(cell)
    }
    #[inline]
    fn cell(cell: Cell) -> CellSet {
        CellSet::single(cell)
    }
    #[inline]
    fn is_none(self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn pop(&mut self) -> Option<Cell> {
        let c = self.first()?;
        self.remove(c);
        Some(c)
    }
    #[inline]
    fn step(self, board: &Board, dir: Dir) -> CellSet {
        let i = dir.index();
        self.inter(board.step_from[i]).shifted(board.step_shift[i])
    }
}

/// One of the eight compass directions on the board as drawn: `Up` is
/// towards higher ranks, `Right` towards later files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards higher ranks: where the first player faces unless told otherwise.
    Up,
    /// Towards higher ranks and later files.
    UpRight,
    /// Towards later files (`a` to `b`).
    Right,
    /// Towards lower ranks and later files.
    DownRight,
    /// Towards lower ranks: where the second player faces unless told otherwise.
    Down,
    /// Towards lower ranks and earlier files.
    DownLeft,
    /// Towards earlier files (`b` to `a`).
    Left,
    /// Towards higher ranks and earlier files.
    UpLeft,
}

impl Dir {
    /// All eight directions, clockwise from `Up`, in index order.
    pub const ALL: [Dir; 8] = [
        Dir::Up,
        Dir::UpRight,
        Dir::Right,
        Dir::DownRight,
        Dir::Down,
        Dir::DownLeft,
        Dir::Left,
        Dir::UpLeft,
    ];

    /// (file step, rank step).
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, 1),
            Dir::UpRight => (1, 1),
            Dir::Right => (1, 0),
            Dir::DownRight => (1, -1),
            Dir::Down => (0, -1),
            Dir::DownLeft => (-1, -1),
            Dir::Left => (-1, 0),
            Dir::UpLeft => (-1, 1),
        }
    }

    /// The direction's place in [`Dir::ALL`], 0 to 7: its bit in a [`DirSet`]
    /// and its slot in the board's per-direction tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Turned clockwise by `eighths` eighths of a full turn.
    pub fn turn(self, eighths: i32) -> Dir {
        Dir::ALL[((self as i32 + eighths).rem_euclid(8)) as usize]
    }

    /// The direction half a turn away: `Down` for `Up`, `Left` for `Right`.
    pub fn opposite(self) -> Dir {
        self.turn(4)
    }

    /// Whether the direction is one of the four diagonals.
    pub fn is_diagonal(self) -> bool {
        (self as usize) % 2 == 1
    }

    /// The language's word for the direction, as `--dump` shows it: `up-right`.
    pub fn word(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::UpRight => "up-right",
            Dir::Right => "right",
            Dir::DownRight => "down-right",
            Dir::Down => "down",
            Dir::DownLeft => "down-left",
            Dir::Left => "left",
            Dir::UpLeft => "up-left",
        }
    }
}

/// A set of directions, one bit per [`Dir`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DirSet(pub u8);

impl DirSet {
    /// `orthogonal`: up, right, down and left.
    pub const ORTHOGONAL: DirSet = DirSet(0b0101_0101);
    /// `diagonal`: the four diagonals.
    pub const DIAGONAL: DirSet = DirSet(0b1010_1010);
    /// `any`: all eight directions.
    pub const ANY: DirSet = DirSet(0xff);

    /// The set with `d` added.
    pub fn with(self, d: Dir) -> DirSet {
        DirSet(self.0 | 1 << d.index())
    }

    /// Whether `d` is in the set.
    pub fn contains(self, d: Dir) -> bool {
        self.0 >> d.index() & 1 == 1
    }

    /// The directions in either set.
    pub fn union(self, other: DirSet) -> DirSet {
        DirSet(self.0 | other.0)
    }

    /// Whether the set holds no direction.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The directions of the set in index order, clockwise from `Up`.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Dir::ALL[i])
        })
    }

    /// The set of one direction.
    pub fn single(d: Dir) -> DirSet {
        DirSet(1 << d.index())
    }
}

impl fmt::Debug for DirSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<&str> = self.iter().map(Dir::word).collect();
        write!(f, "{{{}}}", words.join(", "))
    }
}

/// The shape of a board's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `board W x H`: square cells, eight neighbours.
    Square,
    /// `board W x H hex`: a rhombus of hexagons, six neighbours. Each rank
    /// is drawn half a cell to the right of the one below, so the cell
    /// (f, r) touches (f±1, r), (f, r±1), (f+1, r−1) and (f−1, r+1).
    Hex,
    /// `board hexagon N`: a hexagon of hexagons with `N` cells a side,
    /// cut from a rhombus of `2N − 1` files and ranks.
    Hexagon,
}

impl Shape {
    /// Whether the cells are hexagons.
    pub fn is_hex(self) -> bool {
        self != Shape::Square
    }
}

/// The directions a hex cell has no neighbour in: a rhombus of hexagons
/// is a square grid without one pair of diagonals.
const HEX_MISSING: DirSet = DirSet(1 << 1 | 1 << 5);

/// The six directions of a hexagonal board, as stored, with the word
/// the language uses for each (the board drawn with its ranks offset).
const HEX_WORDS: [(Dir, &str); 6] = [
    (Dir::Up, "up-right"),
    (Dir::UpLeft, "up-left"),
    (Dir::Right, "right"),
    (Dir::Left, "left"),
    (Dir::Down, "down-left"),
    (Dir::DownRight, "down-right"),
];

/// The hex directions a square direction stands for on a hexagonal
/// board: each of the six that way, and `up` and `down`, which have no
/// hex direction of their own, both that lie on their side.
pub fn hex_dirs(square: DirSet) -> DirSet {
    let mut out = DirSet::default();
    for d in square.iter() {
        out = out.union(match d {
            Dir::Up => DirSet::single(Dir::Up).with(Dir::UpLeft),
            Dir::Down => DirSet::single(Dir::Down).with(Dir::DownRight),
            Dir::UpRight => DirSet::single(Dir::Up),
            Dir::DownLeft => DirSet::single(Dir::Down),
            Dir::Right | Dir::Left | Dir::UpLeft | Dir::DownRight => DirSet::single(d),
        });
    }
    out
}

/// The board: its size, which cells exist, their colours, and the tables
/// every move walks. An unusable cell is a hole: it has no neighbours and
/// is nobody's neighbour, so rays, slides and jumps stop at it.
#[derive(Clone, Debug)]
pub struct Board {
    /// The number of files, 1 to 26 (`a` to `z`).
    pub width: u8,
    /// The number of ranks, at least 1; `width * height` is at most 256.
    pub height: u8,
    /// Square cells, or hexagons in a rhombus or a hexagon.
    pub shape: Shape,
    /// The cells that exist (all but the unusable ones).
    pub cells: CellSet,
    /// The cells of the shape before `without` took any out: the whole
    /// grid but for a hexagon, whose rhombus loses two corners.
    pub outline: CellSet,
    /// Dark cells: `a1` is dark, (file + rank) even.
    pub dark: CellSet,
    /// Light cells: the usable cells that are not dark.
    pub light: CellSet,
    /// Usable cells on the outer border of the shape.
    pub edge: CellSet,
    /// The usable corner cells of the shape: four, or six on a hexagon.
    pub corners: CellSet,
    /// `neighbours[cell][dir]`: the next usable cell that way, if any.
    neighbours: Vec<[Option<Cell>; 8]>,
    /// Per direction: the cells whose neighbour that way is usable, and how
    /// far the bit index moves, for stepping a whole set at once.
    step_from: [CellSet; 8],
    step_shift: [i32; 8],
    /// Per direction: the cells two steps from which that way are usable
    /// (where a jump that way may start).
    jump_from: [CellSet; 8],
    /// `rays[cell][dir]`: the cells beyond `cell` that way, up to the edge or a hole.
    rays: Vec<[CellSet; 8]>,
    /// `to_edge[cell][dir]`: the steps that way that stay on the grid
    /// (holes included).
    to_edge: Vec<[u8; 8]>,
}

impl Board {
    /// A `width` × `height` board of square cells without the cells in
    /// `holes`. The caller has checked `width <= 26` and `width * height <= 256`.
    pub fn new(width: u8, height: u8, holes: CellSet) -> Board {
        Board::shaped(Shape::Square, width, height, holes)
    }

    /// A board of a shape without the cells in `holes`: `width` × `height`
    /// for a square or hex grid, while a hexagon takes its side as
    /// `width` (its grid is `2 * width - 1` each way). The caller has
    /// checked that the grid has at most 26 files and 256 cells.
    pub fn shaped(shape: Shape, width: u8, height: u8, holes: CellSet) -> Board {
        let (width, height) = match shape {
            Shape::Square | Shape::Hex => (width, height),
            Shape::Hexagon => (2 * width - 1, 2 * width - 1),
        };
        let n = width as usize * height as usize;
        debug_assert!(n <= MAX_CELLS && width as usize <= MAX_FILES);
        let missing = if shape.is_hex() {
            HEX_MISSING
        } else {
            DirSet::default()
        };
        // The cells of the shape before `without`: a hexagon leaves out
        // two corners of its rhombus.
        let side = u32::from(width).div_ceil(2);
        let in_shape = |c: usize| {
            let (f, r) = ((c % width as usize) as u32, (c / width as usize) as u32);
            shape != Shape::Hexagon || (f + r + 1 >= side && f + r < 3 * (side - 1) + 1)
        };
        let neighbours_in = |c: usize, among: &dyn Fn(usize) -> bool| {
            Dir::ALL
                .iter()
                .filter(|d| !missing.contains(**d))
                .filter(|d| {
                    let (df, dr) = d.delta();
                    let f = (c % width as usize) as i32 + df;
                    let r = (c / width as usize) as i32 + dr;
                    f >= 0
                        && r >= 0
                        && f < width as i32
                        && r < height as i32
                        && among(r as usize * width as usize + f as usize)
                })
                .count()
        };
        let full = 8 - missing.0.count_ones() as usize;
        let mut cells = CellSet::EMPTY;
        let mut outline = CellSet::EMPTY;
        let mut dark = CellSet::EMPTY;
        let mut edge = CellSet::EMPTY;
        let mut corners = CellSet::EMPTY;
        for c in 0..n {
            if !in_shape(c) {
                continue;
            }
            outline.insert(Cell::new(c));
            let border = neighbours_in(c, &in_shape);
            let cell = Cell::new(c);
            let (f, r) = (cell.0 % width, cell.0 / width);
            let is_corner = match shape {
                Shape::Square => (f == 0 || f + 1 == width) && (r == 0 || r + 1 == height),
                Shape::Hex | Shape::Hexagon => border <= 3,
            };
            if holes.contains(cell) {
                continue;
            }
            cells.insert(cell);
            if (f + r) % 2 == 0 {
                dark.insert(cell);
            }
            if border < full {
                edge.insert(cell);
            }
            if is_corner {
                corners.insert(cell);
            }
        }
        let light = cells.minus(dark);
        let mut board = Board {
            width,
            height,
            shape,
            cells,
            outline,
            dark,
            light,
            edge,
            corners,
            neighbours: Vec::with_capacity(n),
            step_from: [CellSet::EMPTY; 8],
            step_shift: [0; 8],
            jump_from: [CellSet::EMPTY; 8],
            rays: Vec::new(),
            to_edge: Vec::new(),
        };
        for c in 0..n {
            let mut row = [None; 8];
            if cells.contains(Cell::new(c)) {
                for d in Dir::ALL {
                    if !missing.contains(d) {
                        row[d.index()] = board
                            .offset(Cell::new(c), d, 1)
                            .filter(|t| cells.contains(*t));
                    }
                }
            }
            board.neighbours.push(row);
        }
        board.rays = (0..n)
            .map(|c| {
                Dir::ALL.map(|d| {
                    let mut ray = CellSet::EMPTY;
                    for r in board.ray(Cell::new(c), d) {
                        ray.insert(r);
                    }
                    ray
                })
            })
            .collect();
        board.to_edge = (0..n)
            .map(|c| {
                Dir::ALL.map(|d| {
                    let mut steps = 0;
                    while board.offset(Cell::new(c), d, steps + 1).is_some() {
                        steps += 1;
                    }
                    steps as u8
                })
            })
            .collect();
        for d in Dir::ALL {
            let (df, dr) = d.delta();
            board.step_shift[d.index()] = dr * width as i32 + df;
            for c in cells.iter() {
                if board.neighbour(c, d).is_some() {
                    board.step_from[d.index()].insert(c);
                }
                if board
                    .neighbour(c, d)
                    .and_then(|n| board.neighbour(n, d))
                    .is_some()
                {
                    board.jump_from[d.index()].insert(c);
                }
            }
        }
        board
    }

    /// The board's size as `board` writes it: `8 x 8`, `11 x 11 hex`,
    /// `hexagon 5`.
    pub fn size_text(&self) -> String {
        match self.shape {
            Shape::Square => format!("{} x {}", self.width, self.height),
            Shape::Hex => format!("{} x {} hex", self.width, self.height),
            Shape::Hexagon => format!("hexagon {}", self.width.div_ceil(2)),
        }
    }

    /// The language's word for a direction on this board: on a hex board
    /// the stored `Up` is drawn up and to the right (see [`Shape::Hex`]).
    pub fn dir_word(&self, dir: Dir) -> &'static str {
        if self.shape.is_hex()
            && let Some((_, word)) = HEX_WORDS.iter().find(|(d, _)| *d == dir)
        {
            return word;
        }
        dir.word()
    }

    /// The directions a cell may have neighbours in: all eight, or six on
    /// a hex board.
    pub fn dirs(&self) -> DirSet {
        if self.shape.is_hex() {
            DirSet(!HEX_MISSING.0)
        } else {
            DirSet::ANY
        }
    }

    /// Every cell one step from a cell of `set` in one of `dirs`.
    #[inline]
    pub fn step_set(&self, set: CellSet, dirs: DirSet) -> CellSet {
        if self.size() <= 64 {
            // The whole board is one word: plain shifts.
            let w = set.0[0];
            let mut out = 0u64;
            let mut bits = dirs.0;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let from = w & self.step_from[i].0[0];
                let by = self.step_shift[i];
                out |= from.rotate_left(by.rem_euclid(64) as u32);
            }
            return CellSet([out, 0, 0, 0]);
        }
        let mut out = CellSet::EMPTY;
        for d in dirs.iter() {
            let i = d.index();
            out = out.union(set.inter(self.step_from[i]).shifted(self.step_shift[i]));
        }
        out
    }

    /// The cells with a usable neighbour in a direction.
    #[inline]
    pub fn step_from(&self, dir: Dir) -> CellSet {
        self.step_from[dir.index()]
    }

    /// The cells two steps from which in a direction are usable.
    #[inline]
    pub fn jump_from(&self, dir: Dir) -> CellSet {
        self.jump_from[dir.index()]
    }

    /// How far the cell index moves with a step in a direction.
    #[inline]
    pub fn step_shift(&self, dir: Dir) -> i32 {
        self.step_shift[dir.index()]
    }

    /// How many steps from `cell` in a direction stay on the grid (holes
    /// included): one more leaves it.
    #[inline]
    pub fn steps_to_edge(&self, cell: Cell, dir: Dir) -> u32 {
        self.to_edge[cell.index()][dir.index()] as u32
    }

    /// The number of cells of the grid, holes included: `width * height`,
    /// at most 256. Every cell index is below it.
    pub fn size(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The file of a cell, from 0 (`a`).
    pub fn file_of(&self, cell: Cell) -> u8 {
        cell.0 % self.width
    }

    /// The rank of a cell, from 0 (rank `1`).
    pub fn rank_of(&self, cell: Cell) -> u8 {
        cell.0 / self.width
    }

    /// The cell at a file and a rank, both from 0 and on the grid; it may be a hole.
    pub fn cell_at(&self, file: u8, rank: u8) -> Cell {
        Cell(rank * self.width + file)
    }

    /// The cell `steps` away in a direction on the full grid, holes included.
    pub fn offset(&self, cell: Cell, dir: Dir, steps: i32) -> Option<Cell> {
        let (df, dr) = dir.delta();
        let f = self.file_of(cell) as i32 + df * steps;
        let r = self.rank_of(cell) as i32 + dr * steps;
        if f < 0 || r < 0 || f >= self.width as i32 || r >= self.height as i32 {
            None
        } else {
            Some(self.cell_at(f as u8, r as u8))
        }
    }

    /// How many king steps (steps to a neighbour, on a hex board) lead
    /// from `a` to `b` on the full grid, whatever stands between.
    pub fn king_distance(&self, a: Cell, b: Cell) -> u32 {
        let df = i32::from(self.file_of(b)) - i32::from(self.file_of(a));
        let dr = i32::from(self.rank_of(b)) - i32::from(self.rank_of(a));
        let square = df.unsigned_abs().max(dr.unsigned_abs());
        if self.shape.is_hex() {
            // Neighbours lie at (±1, 0), (0, ±1) and ±(1, −1).
            square.max((df + dr).unsigned_abs())
        } else {
            square
        }
    }

    /// The adjacent usable cell in a direction.
    #[inline]
    pub fn neighbour(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        self.neighbours[cell.index()][dir.index()]
    }

    /// The first cell of `among` along the ray from `cell` (excluded) in a direction.
    #[inline]
    pub fn first_along(&self, cell: Cell, dir: Dir, among: CellSet) -> Option<Cell> {
        let hits = self.rays[cell.index()][dir.index()].inter(among);
        // Directions that raise the cell index meet the lowest index first.
        if self.step_shift[dir.index()] > 0 {
            hits.first()
        } else {
            hits.last()
        }
    }

    /// The cells seen from `cell` (excluded) along `dirs`: on each ray, the
    /// cells up to and including the first of `blocking` (a queen's reach,
    /// captures included).
    pub fn sight(&self, cell: Cell, dirs: DirSet, blocking: CellSet) -> CellSet {
        let mut seen = CellSet::EMPTY;
        for dir in dirs.iter() {
            let ray = self.rays[cell.index()][dir.index()];
            seen = seen.union(match self.first_along(cell, dir, blocking) {
                Some(stop) => ray.minus(self.rays[stop.index()][dir.index()]),
                None => ray,
            });
        }
        seen
    }

    /// The cells of `enemy` that a piece of a player arriving on `cell`
    /// brackets with one of `friend` along `dirs`: on each ray, the run of
    /// `enemy` from the cell when the first cell past it is in `friend`,
    /// and the run holds from `lengths.0` to `lengths.1` pieces.
    /// (Othello's flips.) On a board of one word, a ray's run is cut at its
    /// first other cell by a bit trick, without walking it.
    pub fn bracketed(
        &self,
        cell: Cell,
        dirs: DirSet,
        (enemy, friend): (CellSet, CellSet),
        (shortest, longest): (u32, u32),
    ) -> CellSet {
        let fits = |len: u32| (shortest..=longest).contains(&len);
        if self.size() > 64 {
            let mut runs = CellSet::EMPTY;
            for dir in dirs.iter() {
                if let Some(stop) = self.first_along(cell, dir, self.cells.minus(enemy))
                    && friend.contains(stop)
                {
                    let ray = self.rays[cell.index()][dir.index()];
                    let mut run = ray.minus(self.rays[stop.index()][dir.index()]);
                    run.remove(stop);
                    if fits(run.len() as u32) {
                        runs = runs.union(run);
                    }
                }
            }
            return runs;
        }
        let (enemy, friend) = (enemy.0[0], friend.0[0]);
        let mut runs = 0u64;
        for dir in dirs.iter() {
            let ray = self.rays[cell.index()][dir.index()].0[0];
            let others = ray & !enemy;
            if others == 0 {
                continue;
            }
            // A ray's cells rise or fall in index with the distance.
            let between = if self.step_shift[dir.index()] > 0 {
                let stop = others & others.wrapping_neg();
                (ray & (stop - 1), stop)
            } else {
                let stop = 1u64 << others.ilog2();
                (ray & !(stop | (stop - 1)), stop)
            };
            if friend & between.1 != 0 && fits(between.0.count_ones()) {
                runs |= between.0;
            }
        }
        CellSet([runs, 0, 0, 0])
    }

    /// The line through `cell` along a direction, both ways, up to a hole
    /// or the edge: the cell and its rays that way and the opposite way.
    pub fn line_through(&self, cell: Cell, dir: Dir) -> CellSet {
        let rays = &self.rays[cell.index()];
        let mut line = rays[dir.index()].union(rays[dir.opposite().index()]);
        line.insert(cell);
        line
    }

    /// The usable cells from `cell` (excluded) outwards in a direction, up to a hole or the edge.
    pub fn ray(&self, cell: Cell, dir: Dir) -> impl Iterator<Item = Cell> + '_ {
        let mut at = cell;
        std::iter::from_fn(move || {
            at = self.neighbour(at, dir)?;
            Some(at)
        })
    }

    /// `b3`.
    pub fn cell_name(&self, cell: Cell) -> String {
        let file = (b'a' + self.file_of(cell)) as char;
        format!("{file}{}", self.rank_of(cell) as u32 + 1)
    }

    /// Parses `b3` (any case) into a usable cell.
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        let text = text.trim().to_ascii_lowercase();
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: u32 = chars.as_str().parse().ok()?;
        let f = file as u32 - 'a' as u32;
        if f >= self.width as u32 || rank == 0 || rank > self.height as u32 {
            return None;
        }
        let cell = self.cell_at(f as u8, (rank - 1) as u8);
        self.cells.contains(cell).then_some(cell)
    }

    /// [`Board::flood`] on a board of at most 64 cells, one word throughout.
    #[inline]
    fn flood_word(&self, start: u64, within: u64, connect: DirSet) -> u64 {
        let mut seen = start;
        let mut front = start;
        while front != 0 {
            let mut next = 0u64;
            let mut bits = connect.0;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let from = front & self.step_from[i].0[0];
                let by = self.step_shift[i];
                next |= from.rotate_left(by.rem_euclid(64) as u32);
            }
            front = next & within & !seen;
            seen |= front;
        }
        seen
    }

    /// Groups of `members` connected through the directions in `connect`.
    pub fn groups(&self, members: CellSet, connect: DirSet) -> Vec<CellSet> {
        let mut left = members;
        let mut out = Vec::new();
        while let Some(start) = left.first() {
            let group = self.flood(start, members, connect);
            left = left.minus(group);
            out.push(group);
        }
        out
    }

    /// The cells of `within` reachable from `start` through `connect` steps.
    pub fn flood(&self, start: Cell, within: CellSet, connect: DirSet) -> CellSet {
        self.flood_from(CellSet::single(start), within, connect)
    }

    /// The cells of `within` reachable from any cell of `starts` (which
    /// are kept) through `connect` steps.
    pub fn flood_from(&self, starts: CellSet, within: CellSet, connect: DirSet) -> CellSet {
        if self.size() <= 64 {
            return CellSet([self.flood_word(starts.0[0], within.0[0], connect), 0, 0, 0]);
        }
        // Grows the whole front at once, a step in every direction per round.
        let mut seen = starts;
        let mut front = seen;
        while !front.is_empty() {
            front = self.step_set(front, connect).inter(within).minus(seen);
            seen = seen.union(front);
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nth_cell_of_a_set_is_the_nth_in_order() {
        let mut set = CellSet::EMPTY;
        for c in [0, 5, 63, 64, 100, 127, 128, 200, 255] {
            set.insert(Cell(c));
        }
        let cells: Vec<Cell> = set.iter().collect();
        for (n, &c) in cells.iter().enumerate() {
            assert_eq!(set.nth(n), Some(c));
        }
        assert_eq!(set.nth(cells.len()), None);
        assert_eq!(CellSet::EMPTY.nth(0), None);
    }

    /// The runs a piece brackets, found by the bit trick on one word or by
    /// the rays on four, are those a walk along each ray finds: on square
    /// boards with holes, a hexagon, a hex grid, and boards of one word and
    /// of four, from every cell, for random enemies and friends.
    #[test]
    fn bracketed_runs_are_those_a_walk_finds() {
        let mut holes = CellSet::EMPTY;
        holes.insert(Cell(9));
        holes.insert(Cell(30));
        let boards = [
            Board::new(8, 8, holes),
            Board::new(7, 5, CellSet::EMPTY),
            Board::shaped(Shape::Hexagon, 4, 4, CellSet::EMPTY),
            Board::shaped(Shape::Hex, 6, 5, holes),
            Board::new(13, 11, holes),
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut coin = |percent: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % 100 < percent
        };
        let mut found = 0;
        for board in &boards {
            for _ in 0..40 {
                let (mut enemy, mut friend) = (CellSet::EMPTY, CellSet::EMPTY);
                for c in board.cells.iter() {
                    if coin(45) {
                        enemy.insert(c);
                    } else if coin(50) {
                        friend.insert(c);
                    }
                }
                for cell in board.cells.iter() {
                    let dirs = DirSet(0xff);
                    // Any run, and runs of 2, of 1 to 2 and of 2 to 3.
                    for lengths in [(1, u32::MAX), (2, 2), (1, 2), (2, 3)] {
                        let mut walked = CellSet::EMPTY;
                        for dir in dirs.iter() {
                            let mut run = CellSet::EMPTY;
                            for next in board.ray(cell, dir) {
                                if enemy.contains(next) {
                                    run.insert(next);
                                    continue;
                                }
                                let length = run.len() as u32;
                                if friend.contains(next)
                                    && (lengths.0..=lengths.1).contains(&length)
                                {
                                    walked = walked.union(run);
                                }
                                break;
                            }
                        }
                        let runs = board.bracketed(cell, dirs, (enemy, friend), lengths);
                        assert_eq!(runs, walked, "{cell:?} {enemy:?} {friend:?} {lengths:?}");
                        found += walked.len();
                    }
                }
            }
        }
        assert!(found > 1000, "{found}");
    }

    #[test]
    fn stepping_a_set_matches_stepping_each_cell() {
        // A board with holes, wider than one word of cells.
        let mut holes = CellSet::EMPTY;
        holes.insert(Cell(0));
        holes.insert(Cell(77));
        for board in [Board::new(13, 19, holes), Board::new(8, 8, holes)] {
            for d in Dir::ALL {
                for c in board.cells.iter() {
                    let stepped = board.step_set(CellSet::single(c), DirSet::default().with(d));
                    let expected = board
                        .neighbour(c, d)
                        .map_or(CellSet::EMPTY, CellSet::single);
                    assert_eq!(stepped, expected, "{} {:?}", board.cell_name(c), d);
                    let mut among = board.cells;
                    among.remove(c);
                    assert_eq!(board.first_along(c, d, among), board.ray(c, d).next());
                }
            }
        }
    }

    #[test]
    fn flood_fills_a_group_and_stops_at_gaps() {
        let board = Board::new(8, 8, CellSet::EMPTY);
        let mut within = CellSet::EMPTY;
        for name in ["a1", "b1", "b2", "d2", "c3"] {
            within.insert(board.parse_cell(name).unwrap());
        }
        let a1 = board.parse_cell("a1").unwrap();
        assert_eq!(board.flood(a1, within, DirSet::ORTHOGONAL).len(), 3);
        assert_eq!(board.flood(a1, within, DirSet::ANY).len(), 5);
    }

    #[test]
    fn has_at_most_agrees_with_len_across_words() {
        for cells in [
            &[][..],
            &[0],
            &[3, 70],
            &[63, 64, 200, 255],
            &[1, 2, 3, 130, 131],
        ] {
            let mut set = CellSet::EMPTY;
            for &c in cells {
                set.insert(Cell(c));
            }
            for n in 0..6 {
                assert_eq!(set.has_at_most(n), set.len() <= n, "{cells:?} at most {n}");
            }
        }
    }
}
