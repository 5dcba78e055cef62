//! The syntax tree of a `.game` file: what was written, with spans, nothing resolved.
//!
//! Names are still strings and numbers are still as written (a number too big
//! for `u64` is kept as `u64::MAX`, which every range check refuses). The
//! checker turns this into [`crate::rules::Rules`].

use crate::diag::{Span, Spanned};

pub type Ident = Spanned<String>;
pub type Number = Spanned<u64>;

/// A parsed file: its declarations in order.
#[derive(Clone, Debug, Default)]
pub struct Ast {
    pub decls: Vec<Decl>,
}

#[derive(Clone, Debug)]
pub struct Decl {
    pub kind: DeclKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum DeclKind {
    /// `game "Network"`
    Game(Spanned<String>),
    /// `extends "j"`
    Extends(Spanned<String>),
    /// `board 8 x 8 without corners`
    Board {
        width: Number,
        height: Number,
        without: Option<Region>,
    },
    /// `players Dark, Light facing down`
    Players(Vec<PlayerEntry>),
    /// `turns Dark, Light, Light, then repeat Dark, Light`
    Turns {
        order: Vec<Ident>,
        repeat: Option<Vec<Ident>>,
    },
    /// `pieces checker`
    Pieces(Vec<Ident>),
    /// `setup Red on ranks 1..3  White on ranks 6..8`
    Setup(Vec<SetupItem>),
    /// `reserve 12 each`, `reserve Dark 10, Light 10`
    Reserve(Vec<ReserveItem>),
    /// `region goal for Black = dark in ranks 6..8`
    Region {
        name: Ident,
        player: Option<Ident>,
        region: Region,
    },
    /// `move …`: an option of the turn's first part.
    Move(MoveOption),
    /// `then may …` / `then must …`: a later part of the turn.
    Then {
        optional: bool,
        options: Vec<MoveOption>,
    },
    /// `limit group size 2 connected any`
    Limit {
        size: Number,
        connected: Option<Spanned<DirWord>>,
    },
    /// `after each move remove disconnected pieces connected orthogonal`
    RemoveDisconnected { connected: Option<Spanned<DirWord>> },
    /// `illegal if both players win`
    IllegalIfBothWin,
    /// `goal each wins with …`
    Goal {
        owner: GoalOwner,
        outcome: Spanned<OutcomeWord>,
        condition: Condition,
    },
    /// `when stuck pass`
    Stuck(Spanned<StuckOutcome>),
    /// `draw on repetition 3`
    Draw(Number),
    /// `precedence mover loses, mover wins, opponent loses, opponent wins`
    Precedence(Vec<Spanned<(SideWord, OutcomeWord)>>),
}

impl DeclKind {
    /// The declaration's keyword, as a user writes it.
    pub fn keyword(&self) -> &'static str {
        match self {
            DeclKind::Game(_) => "game",
            DeclKind::Extends(_) => "extends",
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
            DeclKind::Goal { .. } => "goal",
            DeclKind::Stuck(_) => "when stuck",
            DeclKind::Draw(_) => "draw on repetition",
            DeclKind::Precedence(_) => "precedence",
        }
    }
}

#[derive(Clone, Debug)]
pub struct PlayerEntry {
    pub name: Ident,
    pub facing: Option<Spanned<DirWord>>,
}

#[derive(Clone, Debug)]
pub struct SetupItem {
    pub player: Ident,
    pub kind: Option<Ident>,
    pub stack: Option<Number>,
    pub region: Region,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct ReserveItem {
    /// `None` for `each`.
    pub player: Option<Ident>,
    pub count: Number,
    pub kind: Option<Ident>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeWord {
    Wins,
    Loses,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideWord {
    Mover,
    Opponent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StuckOutcome {
    Pass,
    Lose,
    Win,
}

#[derive(Clone, Debug)]
pub enum GoalOwner {
    Each(Span),
    Player(Ident),
}

/// A direction word as written; relative ones are resolved per player later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirWord {
    Up,
    Down,
    Left,
    Right,
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
    Forward,
    Backward,
    Sideways,
    ForwardDiagonal,
    BackwardDiagonal,
    Orthogonal,
    Diagonal,
    Any,
}

impl DirWord {
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

    pub fn from_word(word: &str) -> Option<DirWord> {
        DirWord::ALL
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, d)| *d)
    }

    pub fn word(self) -> &'static str {
        DirWord::ALL
            .iter()
            .find(|(_, d)| *d == self)
            .map(|(w, _)| *w)
            .unwrap_or("?")
    }
}

/// A set of cells as written.
#[derive(Clone, Debug)]
pub struct Region {
    pub expr: RegionExpr,
    pub span: Span,
}

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
    Builtin(Builtin),
    /// `goal`, `own goal`, `opponent's goal`, `Dark's goal`
    Named {
        owner: Option<RegionOwner>,
        name: Ident,
    },
}

#[derive(Clone, Debug)]
pub struct CellName {
    pub file: char,
    pub rank: u64,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Board,
    Edge,
    Corners,
    Dark,
    Light,
    ForwardCone,
}

#[derive(Clone, Debug)]
pub enum RegionOwner {
    Own,
    Opponent,
    Player(Ident),
}

/// One way of moving: a primitive and its clauses.
#[derive(Clone, Debug)]
pub struct MoveOption {
    pub primitive: Primitive,
    pub clauses: Vec<Spanned<Clause>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Primitive {
    /// `place [KIND] [on REGION]`
    Place {
        kind: Option<Ident>,
        on: Option<Region>,
    },
    /// `enter [KIND] at REGION pushing inward|DIRECTIONS`
    Enter {
        kind: Option<Ident>,
        at: Region,
        pushing: Pushing,
    },
    /// `relocate [KIND] [to REGION]`
    Relocate {
        kind: Option<Ident>,
        to: Option<Region>,
    },
    /// `step [KIND] DIRECTIONS [DISTANCE] [onto TARGETS]`
    Step {
        kind: Option<Ident>,
        dirs: Vec<Spanned<DirWord>>,
        distance: Option<DistanceClause>,
        targets: Vec<Target>,
    },
    /// `slide [KIND] DIRECTIONS [with turns] [DISTANCE] [onto TARGETS]`
    Slide {
        kind: Option<Ident>,
        dirs: Vec<Spanned<DirWord>>,
        with_turns: bool,
        distance: Option<DistanceClause>,
        targets: Vec<Target>,
    },
    /// `jump over friend diagonal, over enemy orthogonal at most once`
    Jump {
        kind: Option<Ident>,
        legs: Vec<JumpLegClause>,
    },
    /// `bear off [KIND] DIRECTIONS [DISTANCE]`
    BearOff {
        kind: Option<Ident>,
        dirs: Vec<Spanned<DirWord>>,
        distance: Option<DistanceClause>,
    },
    /// `return a piece from REGION to reserve`
    Return { kind: Option<Ident>, from: Region },
}

impl Primitive {
    pub fn word(&self) -> &'static str {
        match self {
            Primitive::Place { .. } => "place",
            Primitive::Enter { .. } => "enter",
            Primitive::Relocate { .. } => "relocate",
            Primitive::Step { .. } => "step",
            Primitive::Slide { .. } => "slide",
            Primitive::Jump { .. } => "jump",
            Primitive::BearOff { .. } => "bear off",
            Primitive::Return { .. } => "return",
        }
    }
}

#[derive(Clone, Debug)]
pub enum Pushing {
    Inward(Span),
    Dirs(Vec<Spanned<DirWord>>),
}

#[derive(Clone, Debug)]
pub enum DistanceClause {
    /// `up to height`, `up to 3`
    UpTo(Spanned<Bound>),
    /// `2..height`, `1..3`
    Range(Number, Spanned<Bound>),
    /// `exactly 2`
    Exactly(Number),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Height,
    Fixed(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    Empty,
    Friend,
    Enemy,
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeightWord {
    AtLeastAsTall,
    NoTaller,
    Taller,
    Shorter,
}

#[derive(Clone, Debug)]
pub struct Target {
    pub kind: Spanned<TargetKind>,
    pub height: Option<Spanned<HeightWord>>,
}

#[derive(Clone, Debug)]
pub struct JumpLegClause {
    pub over: Spanned<TargetKind>,
    pub dirs: Vec<Spanned<DirWord>>,
    pub at_most: Option<Number>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Clause {
    Chained,
    Capturing,
    MustEndFurtherForward,
    MustRemoveAPiece,
    NotOnEntryLine,
    EndingIn(Region),
    OnlyIf(TestClause),
}

#[derive(Clone, Debug)]
pub enum TestClause {
    ReserveEmpty,
    ReserveNotEmpty,
    OwnPiecesFill(Region),
}

#[derive(Clone, Debug)]
pub enum Condition {
    /// `chain between A and B [connected DIR]`
    Chain {
        a: Region,
        b: Region,
        connected: Option<Spanned<DirWord>>,
        span: Span,
    },
    /// `network between A and B, at least N pieces, connected DIR`
    Network {
        a: Region,
        b: Region,
        at_least: Option<Number>,
        connected: Option<Spanned<DirWord>>,
        span: Span,
    },
    /// `all pieces in REGION`
    AllIn { region: Region, span: Span },
    /// `all pieces borne off`
    AllOff { span: Span },
}
