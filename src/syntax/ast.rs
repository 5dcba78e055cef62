//! The syntax tree of a `.game` file: what was written, with spans, nothing resolved.
//!
//! Names are still strings and numbers are still as written (a number too big
//! for `u64` is kept as `u64::MAX`, which every range check refuses). The
//! checker turns this into [`crate::rules::Rules`].

use crate::diag::{Span, Spanned};

/// A name as written (a player, a piece kind, a region), with where it stands.
pub type Ident = Spanned<String>;
/// A number as written, with where it stands; `u64::MAX` if too big for `u64`.
pub type Number = Spanned<u64>;

/// A parsed file: its declarations in order.
#[derive(Clone, Debug, Default)]
pub struct Ast {
    /// The declarations that parsed, in file order; those with syntax errors are left out.
    pub decls: Vec<Decl>,
}

/// One declaration: a line that starts at column 1 and its indented continuation lines.
#[derive(Clone, Debug)]
pub struct Decl {
    /// What the declaration says.
    pub kind: DeclKind,
    /// The declaration's text, from its keyword to its last word.
    pub span: Span,
}

/// What a variant leaves out of the games it extends: `extends "x"
/// without moves` (their `move` and `then` lines), `without promotions`
/// (their `promote` lines).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeftOut {
    /// `without moves`: the parents' `move` and `then` lines.
    pub moves: bool,
    /// `without promotions`: the parents' `promote` lines.
    pub promotions: bool,
}

/// A declaration by its keyword: `board`, `players`, `move`, `goal` and so on.
#[derive(Clone, Debug)]
pub enum DeclKind {
    /// `game "Network"`: the name shown to players. The span includes the quotes.
    Game(Spanned<String>),
    /// `extends "j"`: the parent game of a variant. The span includes the
    /// quotes. Then what of its parents the variant leaves out.
    Extends(Spanned<String>, LeftOut),
    /// `board 8 x 8 without corners`, `board 11 x 11 hex`, `board hexagon 5`
    Board {
        /// Square cells, a rhombus of hexagons, or a hexagon of hexagons.
        shape: BoardShape,
        /// The number of files, `W` in `board W x H`; for a hexagon, its side.
        width: Number,
        /// The number of ranks, `H` in `board W x H`; for a hexagon, its
        /// side again.
        height: Number,
        /// The region after `without`, whose cells become holes.
        without: Option<Region>,
    },
    /// `players Dark, Light facing down`
    Players(Vec<PlayerEntry>),
    /// `turns Dark, Light, Light, then repeat Dark, Light`
    Turns {
        /// The players before `then repeat`, played once; without it, the repeating cycle.
        order: Vec<Ident>,
        /// The players after `then repeat`: the cycle that repeats from then on.
        repeat: Option<Vec<Ident>>,
    },
    /// `pieces checker`
    Pieces(Vec<PieceKind>),
    /// `setup Red on ranks 1..3  White on ranks 6..8`
    Setup(Vec<SetupItem>),
    /// `reserve 12 each`, `reserve Dark 10, Light 10`
    Reserve(Vec<ReserveItem>),
    /// `region goal for Black = dark in ranks 6..8`
    Region {
        /// The name being defined, `goal`; any word parses, the checker refuses reserved ones.
        name: Ident,
        /// The player after `for`, when this is one player's version of the name.
        player: Option<Ident>,
        /// The cells after `=`.
        region: Region,
    },
    /// `move …`: an option of the turn's first part.
    Move(MoveOption),
    /// `then may …` / `then must …`: a later part of the turn.
    Then {
        /// `true` for `then may` (the part may be skipped), `false` for `then must`.
        optional: bool,
        /// The options of the part, separated by `or`, in order.
        options: Vec<MoveOption>,
    },
    /// `limit group size 2 connected any`
    Limit {
        /// The most pieces one group may hold, `N` in `limit group size N`.
        size: Number,
        /// The direction after `connected` that links a group; `any` when left out.
        connected: Option<Spanned<DirWord>>,
    },
    /// `after each move remove disconnected pieces connected orthogonal`
    RemoveDisconnected {
        /// The direction after `connected` that links pieces; `orthogonal` when left out.
        connected: Option<Spanned<DirWord>>,
    },
    /// `illegal if both players win`
    IllegalIfBothWin,
    /// `captures are mandatory[, taking the most]`: while a capturing move
    /// is legal, only capturing moves are (only those taking the most
    /// pieces, with `taking the most`).
    MandatoryCaptures {
        /// `taking the most`.
        most: bool,
    },
    /// `promote KIND to KIND in REGION[, ending the move]`: a piece of the
    /// first kind that arrives in the region becomes the second kind.
    Promote {
        /// The kind that is promoted.
        from: Ident,
        /// The kind it becomes.
        to: Ident,
        /// Where, seen from the piece's owner.
        region: Region,
        /// `ending the move`: a chain of jumps stops there.
        ends_move: bool,
    },
    /// `goal each wins with …`
    Goal {
        /// Whose goal it is: `each` or a player's name.
        owner: GoalOwner,
        /// `wins` or `loses`: what happens to the owner when the condition holds.
        outcome: Spanned<OutcomeWord>,
        /// What must hold, after `with`: `chain between rank 1 and rank 8`.
        condition: Condition,
    },
    /// `when stuck pass`
    Stuck(Spanned<StuckOutcome>),
    /// `draw on repetition 3`
    Draw(Number),
    /// `precedence mover loses, mover wins, opponent loses, opponent wins`
    Precedence(Vec<Spanned<(SideWord, OutcomeWord)>>),
}

/// The shape of a board's cells, from `board`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardShape {
    /// `board W x H`.
    Square,
    /// `board W x H hex`.
    Hex,
    /// `board hexagon N`.
    Hexagon,
}

impl DeclKind {
    /// The declaration's keyword, as a user writes it.
    pub fn keyword(&self) -> &'static str {
        match self {
            DeclKind::Game(_) => "game",
            DeclKind::Extends(..) => "extends",
            DeclKind::Board { .. } => "board",
            DeclKind::Players(_) => "players",
            DeclKind::Turns { .. } => "turns",
            DeclKind::Pieces(_) => "pieces",
            DeclKind::Setup(_) => "setup",
            DeclKind::Reserve(_) => "reserve",
            DeclKind::Region { .. } => "region",
            DeclKind::Move(_) => "move",
            DeclKind::Then { .. } => "then",
            DeclKind::Limit { .. } => "limit group size",
            DeclKind::RemoveDisconnected { .. } => "after each move remove disconnected pieces",
            DeclKind::IllegalIfBothWin => "illegal if both players win",
            DeclKind::MandatoryCaptures { .. } => "captures are mandatory",
            DeclKind::Promote { .. } => "promote",
            DeclKind::Goal { .. } => "goal",
            DeclKind::Stuck(_) => "when stuck",
            DeclKind::Draw(_) => "draw on repetition",
            DeclKind::Precedence(_) => "precedence",
        }
    }
}

/// One player of `players`: `Dark` or `West facing right`.
#[derive(Clone, Debug)]
pub struct PlayerEntry {
    /// The player's name.
    pub name: Ident,
    /// The direction after `facing` (`up`, `down`, `left` or `right`), if given.
    pub facing: Option<Spanned<DirWord>>,
}

/// One item of `setup`: `PLAYER [KIND] [stacks of N] on REGION`, as in `White man on rank 1`.
#[derive(Clone, Debug)]
pub struct SetupItem {
    /// The player whose pieces these are.
    pub player: Ident,
    /// The piece kind after the player's name, `man` in `White man on rank 1`.
    pub kind: Option<Ident>,
    /// `N` in `stacks of N`: the height of the stack put on each cell; one piece when left out.
    pub stack: Option<Number>,
    /// The cells after `on`, seen from the item's player.
    pub region: Region,
    /// The item's text, from the player's name to the end of its region.
    pub span: Span,
}

/// One entry of `reserve`: `12 checker each` or `White 10 checker`.
#[derive(Clone, Debug)]
pub struct ReserveItem {
    /// The player who holds the pieces; `None` for `each`, which gives them to both.
    pub player: Option<Ident>,
    /// How many pieces: `N` in `reserve N each` or `reserve PLAYER N`.
    pub count: Number,
    /// The piece kind after the number, `checker` in `reserve 12 checker each`.
    pub kind: Option<Ident>,
    /// The entry's text: `White 10 checker` or `12 checker each`.
    pub span: Span,
}

/// `wins` or `loses`, in a `goal` or a `precedence` item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeWord {
    /// `wins`
    Wins,
    /// `loses`
    Loses,
}

/// `mover` or `opponent`, the side a `precedence` item starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideWord {
    /// `mover`: the player who has just played a part of the turn.
    Mover,
    /// `opponent`: the other player.
    Opponent,
}

/// What `when stuck` does to a player with no legal move on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StuckOutcome {
    /// `when stuck pass`: the player passes and the turn goes to the next player.
    Pass,
    /// `when stuck lose`: the player loses (the default).
    Lose,
    /// `when stuck win`: the player wins, which makes a misère game.
    Win,
    /// `when stuck draw`: the game ends in a draw (a full board in
    /// tic-tac-toe).
    Draw,
    /// `when stuck count`: the game ends, and the player with more pieces
    /// on the board wins (equal is a draw).
    Count,
    /// `when stuck pass, then count`: the player passes, unless the other
    /// player could not move either; then the game ends by counting.
    PassThenCount,
    /// `when stuck pass, then draw`: as above, ending in a draw.
    PassThenDraw,
}

/// Whose goal a `goal` declaration states.
#[derive(Clone, Debug)]
pub enum GoalOwner {
    /// `goal each …`: every player's, with regions seen from each; the span covers `each`.
    Each(Span),
    /// `goal White …`: the named player's only.
    Player(Ident),
}

/// A direction word as written; relative ones are resolved per player later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirWord {
    /// `up`: towards higher ranks, for every player.
    Up,
    /// `down`: towards lower ranks, for every player.
    Down,
    /// `left`: towards earlier files, for every player.
    Left,
    /// `right`: towards later files, for every player.
    Right,
    /// `up-left`: that diagonal as drawn.
    UpLeft,
    /// `up-right`: that diagonal as drawn.
    UpRight,
    /// `down-left`: that diagonal as drawn.
    DownLeft,
    /// `down-right`: that diagonal as drawn.
    DownRight,
    /// `forward`: the way the player faces.
    Forward,
    /// `backward`: the opposite of the way the player faces.
    Backward,
    /// `sideways`: both ways at right angles to forward.
    Sideways,
    /// `forward-diagonal`: both diagonals on the forward side.
    ForwardDiagonal,
    /// `backward-diagonal`: both diagonals on the backward side.
    BackwardDiagonal,
    /// `orthogonal`: up, down, left and right.
    Orthogonal,
    /// `diagonal`: the four diagonal directions.
    Diagonal,
    /// `any`: all eight directions.
    Any,
}

impl DirWord {
    /// Every direction word with its spelling in a `.game` file.
    pub const ALL: [(&'static str, DirWord); 16] = [
        ("up", DirWord::Up),
        ("down", DirWord::Down),
        ("left", DirWord::Left),
        ("right", DirWord::Right),
        ("up-left", DirWord::UpLeft),
        ("up-right", DirWord::UpRight),
        ("down-left", DirWord::DownLeft),
        ("down-right", DirWord::DownRight),
        ("forward", DirWord::Forward),
        ("backward", DirWord::Backward),
        ("sideways", DirWord::Sideways),
        ("forward-diagonal", DirWord::ForwardDiagonal),
        ("backward-diagonal", DirWord::BackwardDiagonal),
        ("orthogonal", DirWord::Orthogonal),
        ("diagonal", DirWord::Diagonal),
        ("any", DirWord::Any),
    ];

    /// The direction spelled `word`, as in `"forward-diagonal"`; `None` if it is not one.
    pub fn from_word(word: &str) -> Option<DirWord> {
        DirWord::ALL
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, d)| *d)
    }

    /// The direction as a user writes it: `"up-left"` for [`DirWord::UpLeft`].
    pub fn word(self) -> &'static str {
        DirWord::ALL
            .iter()
            .find(|(_, d)| *d == self)
            .map_or("?", |(w, _)| *w)
    }
}

/// A set of cells as written.
#[derive(Clone, Debug)]
pub struct Region {
    /// How the cells are written: a cell, a line, a name, or an operator over regions.
    pub expr: RegionExpr,
    /// The region's text, `dark in ranks 1..3`; for `(…)`, only what is inside the parentheses.
    pub span: Span,
}

/// The forms a region takes: the operators `except`, `,` and `in`, and the atoms they join.
#[derive(Clone, Debug)]
pub enum RegionExpr {
    /// `a except b except c`: the cells of `a` in none of the others.
    Except(Box<Region>, Vec<Region>),
    /// `a, b`
    Union(Vec<Region>),
    /// `a in b`
    Inter(Vec<Region>),
    /// `b2`
    Cell(CellName),
    /// `b2..c7`: the rectangle with these corners.
    CellRange(CellName, CellName),
    /// `rank 1`, `ranks 6..8`
    Ranks(Number, Option<Number>),
    /// `file a`, `files a..c`
    Files(Spanned<char>, Option<Spanned<char>>),
    /// `board`, `edge`, `corners`, `dark`, `light` or `forward-cone`
    Builtin(Builtin),
    /// `goal`, `own goal`, `opponent's goal`, `Dark's goal`
    Named {
        /// `own`, `opponent's` or `PLAYER's` before the name; `None` for a bare name.
        owner: Option<RegionOwner>,
        /// The region's name, `goal` in `opponent's goal`.
        name: Ident,
    },
}

/// A cell as written, chess-style: a file letter and a rank number, `b2`.
#[derive(Clone, Debug)]
pub struct CellName {
    /// The file letter, `b` in `b2`; always lower case.
    pub file: char,
    /// The rank number, `2` in `b2`; `u64::MAX` if too big for `u64`.
    pub rank: u64,
    /// The cell's text, `b2`.
    pub span: Span,
}

/// A built-in region, named by a reserved word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `board`: every usable cell.
    Board,
    /// `edge`: the usable cells on the outer border of the grid.
    Edge,
    /// `corners`: the four corner cells of the grid, less any removed by `without`.
    Corners,
    /// `dark`: the dark cells; `a1` is dark.
    Dark,
    /// `light`: the light cells.
    Light,
    /// `forward-cone`: the cells ahead of the moving piece, no further sideways than forward.
    ForwardCone,
}

/// Whose version of a named region is meant, written before its name.
#[derive(Clone, Debug)]
pub enum RegionOwner {
    /// `own goal`: the version of the player the region is looked at for.
    Own,
    /// `opponent's goal`: the other player's version.
    Opponent,
    /// `Dark's goal`: the named player's version.
    Player(Ident),
}

/// One way of moving: a primitive and its clauses.
#[derive(Clone, Debug)]
pub struct MoveOption {
    /// What the option does: `place`, `step`, `jump` and so on, with its words.
    pub primitive: Primitive,
    /// The clauses after the primitive, each after a comma: `chained`, `ending in goal`.
    pub clauses: Vec<Spanned<Clause>>,
    /// The option's text, from the primitive's keyword to the end of its last clause.
    pub span: Span,
}

/// What a move option does to one of the mover's pieces or to the mover's reserve.
#[derive(Clone, Debug)]
pub enum Primitive {
    /// `place [KIND] [on REGION]`
    Place {
        /// The piece kind after `place`; every kind when left out.
        kind: Option<Ident>,
        /// The cells after `on`; the whole board when left out.
        on: Option<Region>,
    },
    /// `enter [KIND] at REGION pushing inward|DIRECTIONS`
    Enter {
        /// The piece kind after `enter`; every kind when left out.
        kind: Option<Ident>,
        /// The entry cells, after `at`.
        at: Region,
        /// What follows `pushing`: `inward` or a list of directions.
        pushing: Pushing,
    },
    /// `relocate [KIND] [to REGION]`
    Relocate {
        /// The piece kind after `relocate`; every kind when left out.
        kind: Option<Ident>,
        /// The cells after `to`; the whole board when left out.
        to: Option<Region>,
    },
    /// `leap [KIND] DISTANCE`: to an empty cell at that king distance.
    Leap {
        /// The piece kind after `leap`; every kind when left out.
        kind: Option<Ident>,
        /// How far, counted in king steps: `exactly 2`.
        distance: DistanceWords,
    },
    /// `step [KIND] DIRECTIONS [DISTANCE] [onto TARGETS]`
    Step {
        /// The piece kind after `step`; every kind when left out.
        kind: Option<Ident>,
        /// The directions, `forward, forward-diagonal`.
        dirs: Vec<Spanned<DirWord>>,
        /// How far, `up to height`; one cell when left out.
        distance: Option<DistanceWords>,
        /// The targets after `onto`; empty when `onto` is left out, which means `empty`.
        targets: Vec<Target>,
    },
    /// `slide [KIND] DIRECTIONS [with turns] [DISTANCE] [onto TARGETS]`
    Slide {
        /// The piece kind after `slide`; every kind when left out.
        kind: Option<Ident>,
        /// The directions, `orthogonal`.
        dirs: Vec<Spanned<DirWord>>,
        /// Whether `with turns` is written: the slide may change direction at any cell.
        with_turns: bool,
        /// How far, `up to 3`; unlimited when left out.
        distance: Option<DistanceWords>,
        /// The targets after `onto`; empty when `onto` is left out, which means `empty`.
        targets: Vec<Target>,
    },
    /// `jump over friend diagonal, over enemy orthogonal at most once`
    Jump {
        /// The piece kind after `jump`; every kind when left out.
        kind: Option<Ident>,
        /// The legs, each `over TARGET DIRECTIONS [at most TIMES]`, separated by commas.
        legs: Vec<JumpLegWords>,
    },
    /// `bear off [KIND] DIRECTIONS [DISTANCE]`
    BearOff {
        /// The piece kind after `bear off`; every kind when left out.
        kind: Option<Ident>,
        /// The directions in which the piece may leave the board, `forward`.
        dirs: Vec<Spanned<DirWord>>,
        /// How far, `up to height`; one cell when left out.
        distance: Option<DistanceWords>,
    },
    /// `return [a piece|KIND] from REGION to reserve`, or
    /// `remove [a piece|KIND] from REGION`
    Return {
        /// The piece kind after `return`; `None` for `a piece` or nothing: every kind.
        kind: Option<Ident>,
        /// The cells after `from` that the piece is taken from.
        from: Region,
        /// `return … to reserve` rather than `remove`, which takes the
        /// piece out of the game.
        to_reserve: bool,
    },
}

impl Primitive {
    /// The primitive's keyword, as a user writes it: `step`, `bear off`.
    pub fn word(&self) -> &'static str {
        match self {
            Primitive::Place { .. } => "place",
            Primitive::Enter { .. } => "enter",
            Primitive::Relocate { .. } => "relocate",
            Primitive::Leap { .. } => "leap",
            Primitive::Step { .. } => "step",
            Primitive::Slide { .. } => "slide",
            Primitive::Jump { .. } => "jump",
            Primitive::BearOff { .. } => "bear off",
            Primitive::Return {
                to_reserve: true, ..
            } => "return",
            Primitive::Return { .. } => "remove",
        }
    }
}

/// Which way `enter` pushes the run of pieces on its line, after `pushing`.
#[derive(Clone, Debug)]
pub enum Pushing {
    /// `pushing inward`: away from the border of the grid; the span covers `inward`.
    Inward(Span),
    /// `pushing forward`: the directions listed, resolved for each player.
    Dirs(Vec<Spanned<DirWord>>),
}

/// How far a `step`, `slide` or `bear off` goes, written after its directions.
#[derive(Clone, Debug)]
pub enum DistanceWords {
    /// `up to height`, `up to 3`
    UpTo(Spanned<Bound>),
    /// `2..height`, `1..3`
    Range(Number, Spanned<Bound>),
    /// `exactly 2`
    Exactly(Number),
    /// `by line count`: as many cells as there are pieces on the line the
    /// piece moves along.
    LineCount(Span),
}

/// The far end of a distance: `height` or a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// `height`: the height of the moving stack, counted before the move.
    Height,
    /// A number of cells, `3` in `up to 3`; `u64::MAX` if too big for `u64`.
    Fixed(u64),
}

/// What stands on a cell: a target after `onto`, or the word after `over` in a jump leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// `empty`: no piece.
    Empty,
    /// `friend`: a stack of the mover's; a piece stopping there goes on top.
    Friend,
    /// `enemy`: a stack of the opponent's; a piece stopping there captures it whole.
    Enemy,
    /// `any`: any of the three.
    Any,
}

/// How a target stack's height compares with the moving stack's, both before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeightWord {
    /// `at least as tall`: the target stack is at least as tall as the moving one.
    AtLeastAsTall,
    /// `no taller`: the target stack is no taller than the moving one.
    NoTaller,
    /// `taller`: the target stack is taller than the moving one.
    Taller,
    /// `shorter`: the target stack is shorter than the moving one.
    Shorter,
}

/// One target after `onto`: `empty`, or `friend at least as tall`.
#[derive(Clone, Debug)]
pub struct Target {
    /// What must stand on the cell: `empty`, `friend`, `enemy` or `any`.
    pub kind: Spanned<TargetKind>,
    /// The height comparison after the target word, `at least as tall`, if given.
    pub height: Option<Spanned<HeightWord>>,
}

/// One leg of a `jump`: `over enemy orthogonal at most once`.
#[derive(Clone, Debug)]
pub struct JumpLegWords {
    /// The word after `over`: whose pieces the leg jumps (`friend`, `enemy` or `any`).
    pub over: Spanned<TargetKind>,
    /// The directions in which the leg jumps.
    pub dirs: Vec<Spanned<DirWord>>,
    /// How often the leg may be used in one move: `once` is 1, `twice` 2, `N times` N.
    pub at_most: Option<Number>,
    /// `at any distance`: the piece jumped may be further down the line,
    /// and the landing any empty cell beyond it.
    pub any_distance: Option<Span>,
    /// The leg's text, from `over` to its last word.
    pub span: Span,
}

/// One kind of a `pieces` declaration.
#[derive(Clone, Debug)]
pub struct PieceKind {
    /// Its name.
    pub name: Ident,
    /// `neutral`: its pieces belong to no player.
    pub neutral: bool,
}

/// A clause after a move option's primitive, following a comma.
#[derive(Clone, Debug)]
pub enum Clause {
    /// `chained`: more jumps may follow, and the piece may stop after any of them.
    Chained,
    /// `leaving a copy`: the moving piece also stays where it was.
    LeavingCopy,
    /// `not over enemies`: a step may pass over friendly pieces only.
    NotOverEnemies,
    /// `next to the last piece [along …]` or `in sight of the last piece
    /// [along …]` (`cell` for `piece` alike): the act's cell is next to, or
    /// seen over empty cells from, the cell of the act before it.
    NearLast {
        /// `in sight of` (true) or `next to` (false).
        sight: bool,
        /// The directions after `along` (every direction otherwise).
        along: Vec<Spanned<DirWord>>,
    },
    /// `moving the last piece`: the piece moved is the one the act before
    /// put on its cell.
    MovingLast,
    /// `only on turn N`, `only on turns N..M`, `only from turn N`: the
    /// option is open on those turns of the game only, counted from 1.
    OnTurns {
        /// The first turn.
        first: Number,
        /// The last turn; `None` after `from`.
        last: Option<Number>,
    },
    /// `capturing`: the enemy stacks jumped over are removed.
    Capturing,
    /// `must end further forward`: the piece ends further forward than it started.
    MustEndFurtherForward,
    /// `must remove a piece`: the option removes at least one piece from the board.
    MustRemoveAPiece,
    /// `not on entry line`: the returned piece may not stand on this turn's entry line.
    NotOnEntryLine,
    /// `ending in REGION`: the piece must stop on a cell of the region.
    EndingIn(Region),
    /// `converting flanked enemies [along DIRECTIONS]` or `capturing flanked
    /// enemies [along …]`: the enemy pieces in a line between the piece's
    /// arrival cell and another piece of the mover change owner, or are
    /// captured.
    Flanking {
        /// `converting` (true) or `capturing` (false).
        convert: bool,
        /// `adjacent`: every enemy piece next to the arrival cell, not only
        /// those bracketed (Ataxx).
        adjacent: bool,
        /// The directions after `along` (all eight otherwise).
        along: Vec<Spanned<DirWord>>,
        /// `in runs of N`, `N..M` or `up to N`: the lengths of the runs
        /// flanked, as (shortest, longest); any run when left out.
        runs: Option<Spanned<(Option<Number>, Number)>>,
    },
    /// `must convert a piece`: the option is legal only if it converts one.
    MustConvert,
    /// `must continue`: a chained jump may stop only where no jump goes on.
    MustContinue,
    /// `dropping DIRECTION`: a placement falls that way to the last empty
    /// cell before a piece, a hole or the edge (Connect Four).
    Dropping(Spanned<DirWord>),
    /// `only if TEST` or `only when TEST`: the option is open only while the test holds.
    OnlyIf(TestWords),
}

/// The test of an `only if` or `only when` clause.
#[derive(Clone, Debug)]
pub enum TestWords {
    /// `reserve is empty`: the mover has no piece in reserve.
    ReserveEmpty,
    /// `reserve is not empty`: the mover has at least one piece in reserve.
    ReserveNotEmpty,
    /// `own pieces fill REGION`: the region, seen from the moving piece, is not empty and
    /// a piece of the mover stands on every one of its cells.
    OwnPiecesFill(Region),
}

/// What a goal requires, after `with`.
#[derive(Clone, Debug)]
pub enum Condition {
    /// `chain between A and B [and C …] [connected DIR]`
    Chain {
        /// The regions, after `between` and each `and`: two or more.
        regions: Vec<Region>,
        /// The direction after `connected` that links the chain; `orthogonal` when left out.
        connected: Option<Spanned<DirWord>>,
        /// The condition's text, from `chain` to its last word.
        span: Span,
    },
    /// `network between A and B, at least N pieces, connected DIR`
    Network {
        /// The first region, after `between`.
        a: Region,
        /// The second region, after `and`.
        b: Region,
        /// `N` in `at least N pieces`: the fewest pieces in the network; 2 when left out.
        at_least: Option<Number>,
        /// The direction after `connected`: the lines between pieces; `any` when left out.
        connected: Option<Spanned<DirWord>>,
        /// The condition's text, from `network` to its last word.
        span: Span,
    },
    /// `all pieces in REGION`
    AllIn {
        /// The cells after `in`, where every piece of the player must stand.
        region: Region,
        /// The condition's text, `all pieces in goal`.
        span: Span,
    },
    /// `all pieces borne off`
    AllOff {
        /// The condition's text, `all pieces borne off`.
        span: Span,
    },
    /// `all pieces connected [DIRECTION]`: every own piece on the board in
    /// one group.
    AllConnected {
        /// The direction after `connected`, if given (orthogonal otherwise).
        connected: Option<Spanned<DirWord>>,
        /// The condition's text.
        span: Span,
    },
    /// `[exactly] N in a row [along DIRECTIONS]`: N own pieces (or more,
    /// unless `exactly`) next to each other on one line.
    InRow {
        /// How many in the row.
        count: Number,
        /// `exactly`: a longer row does not count.
        exact: bool,
        /// The directions of the lines after `along` (every line otherwise).
        along: Vec<Spanned<DirWord>>,
        /// The condition's text.
        span: Span,
    },
    /// `a piece in REGION`, `a KIND in REGION`: an own piece (of that kind)
    /// stands in the region.
    PieceIn {
        /// The kind after `a`, or `None` for `a piece`.
        kind: Option<Ident>,
        /// The region.
        region: Region,
        /// The condition's text.
        span: Span,
    },
    /// `no enemy pieces`, `at most N enemy pieces`, `no enemy KIND`: the
    /// opponent owns at most N pieces (of that kind), on the board and in
    /// reserve.
    EnemyAtMost {
        /// N, or `None` for `no`.
        count: Option<Number>,
        /// The kind after `enemy`, or `None` for `pieces`.
        kind: Option<Ident>,
        /// The condition's text.
        span: Span,
    },
}
