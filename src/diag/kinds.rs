//! Every kind of diagnostic gamut reports, in one place: its stable code,
//! its message and its help. A check that finds a problem builds a
//! [`Kind`] with what it found; the words are written here, once.
//!
//! [`Code`] lists the codes, each with the one-line summary that
//! `docs/LANGUAGE.md`'s table gives (a test keeps the two equal) and the
//! file of `tests/invalid/` that triggers it (a test checks that it does).

use super::Severity;

/// The stable code of each kind of diagnostic. One code, one kind: a new
/// kind gets a new code, and a code is never reused for another meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    /// `misspelt-keyword.game`
    G001,
    /// `misspelt-move-word.game`
    G002,
    /// `deep-parentheses.game`
    G003,
    /// `binary-garbage.game`
    G004,
    /// `unterminated-string.game`
    G005,
    /// `keyword-as-name.game`
    G006,
    /// `no-board.game`
    G010,
    /// `board-twice.game`
    G011,
    /// `extends-missing.game`
    G012,
    /// `no-players.game`
    G013,
    /// `extends-self.game`
    G014,
    /// `extends-too-deep.game`
    G015,
    /// `extends-unreadable.game`
    G016,
    /// `empty-game-name.game`
    G018,
    /// `unknown-player-in-setup.game`
    G020,
    /// `misspelt-region.game`
    G021,
    /// `unknown-piece-kind.game`
    G022,
    /// `player-listed-twice.game`
    G023,
    /// `region-named-like-builtin.game`
    G024,
    /// `region-cycle.game`
    G025,
    /// `regions-nested-too-deep.game`
    G026,
    /// `control-character-in-name.game`
    G027,
    /// `region-for-one-player.game`
    G028,
    /// `setup-without-kind.game`
    G029,
    /// `stacks-of-zero.game`
    G030,
    /// `cell-off-board.game`
    G031,
    /// `reversed-range.game`
    G032,
    /// `forward-cone-misused.game`
    G033,
    /// `without-named-region.game`
    G034,
    /// `board-all-holes.game`
    G035,
    /// `connected-forward.game`
    G036,
    /// `too-many-pieces.game`
    G037,
    /// `nine-kinds.game`
    G038,
    /// `board-too-many-cells.game`
    G039,
    /// `one-player.game`
    G040,
    /// `player-never-moves.game`
    G041,
    /// `overlapping-setup.game`
    G042,
    /// `turns-too-long.game`
    G043,
    /// `then-without-move.game`
    G050,
    /// `no-moves.game`
    G051,
    /// `slide-turns-with-distance.game`
    G052,
    /// `chained-step.game`
    G053,
    /// `entry-line-on-first-part.game`
    G054,
    /// `enter-inward-middle.game`
    G055,
    /// `five-parts.game`
    G056,
    /// `nine-jump-legs.game`
    G057,
    /// `clause-twice.game`
    G058,
    /// `too-many-options.game`
    G059,
    /// `network-overlapping-ends.game`
    G060,
    /// `jump-over-empty.game`
    G061,
    /// `height-of-empty.game`
    G062,
    /// `neutral-moves.game`
    G063,
    /// `precedence-twice.game`
    G070,
    /// `precedence-missing-outcome.game`
    G071,
    /// `promotions-disagree.game`
    G072,
    /// `chain-of-nine-regions.game`
    G073,
    /// `unused-region.game`
    W001,
    /// `unmovable-piece-kind.game`
    W002,
    /// `reserve-never-used.game`
    W003,
    /// `never-ends.game`
    W005,
    /// `empty-region.game`
    W006,
    /// `illegal-both-without-wins.game`
    W007,
    /// `explosive-jumps.game`
    W008,
    /// `explosive-parts.game`
    W009,
    /// `explosive-network.game`
    W010,
    /// `must-part-closed-early.game`
    W011,
    /// `mandatory-captures-without-captures.game`
    W012,
    /// `row-longer-than-the-board.game`
    W013,
    /// `place-without-reserve.game`
    W014,
    /// `setup-group-too-large.game`
    W015,
    /// `promote-to-itself.game`
    W016,
    /// `goal-holds-at-start.game`
    W017,
    /// `player-without-pieces.game`
    W018,
    /// `stuck-at-start.game`
    W019,
    /// `count-goal-without-captures.game`
    W020,
}

impl Code {
    /// Every code, in order.
    pub const ALL: &'static [Code] = &[
        Code::G001,
        Code::G002,
        Code::G003,
        Code::G004,
        Code::G005,
        Code::G006,
        Code::G010,
        Code::G011,
        Code::G012,
        Code::G013,
        Code::G014,
        Code::G015,
        Code::G016,
        Code::G018,
        Code::G020,
        Code::G021,
        Code::G022,
        Code::G023,
        Code::G024,
        Code::G025,
        Code::G026,
        Code::G027,
        Code::G028,
        Code::G029,
        Code::G030,
        Code::G031,
        Code::G032,
        Code::G033,
        Code::G034,
        Code::G035,
        Code::G036,
        Code::G037,
        Code::G038,
        Code::G039,
        Code::G040,
        Code::G041,
        Code::G042,
        Code::G043,
        Code::G050,
        Code::G051,
        Code::G052,
        Code::G053,
        Code::G054,
        Code::G055,
        Code::G056,
        Code::G057,
        Code::G058,
        Code::G059,
        Code::G060,
        Code::G061,
        Code::G062,
        Code::G063,
        Code::G070,
        Code::G071,
        Code::G072,
        Code::G073,
        Code::W001,
        Code::W002,
        Code::W003,
        Code::W005,
        Code::W006,
        Code::W007,
        Code::W008,
        Code::W009,
        Code::W010,
        Code::W011,
        Code::W012,
        Code::W013,
        Code::W014,
        Code::W015,
        Code::W016,
        Code::W017,
        Code::W018,
        Code::W019,
        Code::W020,
    ];

    /// The code as written in reports: `G042`.
    pub fn as_str(self) -> &'static str {
        let (text, _, _) = self.facts();
        text
    }

    /// Errors stop a game from being played; warnings do not.
    pub fn severity(self) -> Severity {
        if self.as_str().starts_with('W') {
            Severity::Warning
        } else {
            Severity::Error
        }
    }

    /// What the code means, as the table of codes in `docs/LANGUAGE.md`
    /// says it.
    pub fn summary(self) -> &'static str {
        let (_, summary, _) = self.facts();
        summary
    }

    /// The file of `tests/invalid/` that triggers this code.
    pub fn fixture(self) -> &'static str {
        let (_, _, fixture) = self.facts();
        fixture
    }

    /// The code by its text, as a report writes it.
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == text)
    }

    fn facts(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Code::G001 => (
                "G001",
                "a line at column 1 does not start with a declaration keyword (often a continuation line that is not indented)",
                "misspelt-keyword",
            ),
            Code::G002 => (
                "G002",
                "a declaration does not follow the grammar: expected one thing, found another",
                "misspelt-move-word",
            ),
            Code::G003 => (
                "G003",
                "parentheses nested more than 32 deep",
                "deep-parentheses",
            ),
            Code::G004 => ("G004", "the file is not UTF-8 text", "binary-garbage"),
            Code::G005 => (
                "G005",
                "a quoted name that is not closed on its line",
                "unterminated-string",
            ),
            Code::G006 => (
                "G006",
                "a word of the language where a name belongs",
                "keyword-as-name",
            ),
            Code::G010 => (
                "G010",
                "the game has no `board` (or, in a file that declares nothing yet, nothing at all)",
                "no-board",
            ),
            Code::G011 => (
                "G011",
                "a singular declaration, or `extends`, given twice in one file",
                "board-twice",
            ),
            Code::G012 => (
                "G012",
                "`extends` names a game that cannot be found",
                "extends-missing",
            ),
            Code::G013 => ("G013", "the game has no `players`", "no-players"),
            Code::G014 => (
                "G014",
                "`extends` leads back to the file itself",
                "extends-self",
            ),
            Code::G015 => (
                "G015",
                "`extends` chains more than 16 files deep",
                "extends-too-deep",
            ),
            Code::G016 => (
                "G016",
                "`extends` names a `.game` file that is there but cannot be read (a folder, a FIFO, too large)",
                "extends-unreadable",
            ),
            Code::G018 => ("G018", "the game's name is empty", "empty-game-name"),
            Code::G020 => ("G020", "unknown player", "unknown-player-in-setup"),
            Code::G021 => ("G021", "unknown region", "misspelt-region"),
            Code::G022 => ("G022", "unknown piece kind", "unknown-piece-kind"),
            Code::G023 => (
                "G023",
                "a player or piece kind listed twice, or a region defined twice",
                "player-listed-twice",
            ),
            Code::G024 => (
                "G024",
                "a region named like a built-in region, a reserved word or a cell",
                "region-named-like-builtin",
            ),
            Code::G025 => (
                "G025",
                "a region defined in terms of itself",
                "region-cycle",
            ),
            Code::G026 => (
                "G026",
                "regions nested more than 64 deep: a chain of named regions, each defined by the next",
                "regions-nested-too-deep",
            ),
            Code::G027 => (
                "G027",
                "the game's name holds a control character (an escape, a bell, a carriage return, a direction override…) or an invisible one (a zero-width space, a byte-order mark…)",
                "control-character-in-name",
            ),
            Code::G028 => (
                "G028",
                "a region defined for one player only and used for the other",
                "region-for-one-player",
            ),
            Code::G029 => (
                "G029",
                "a setup or reserve line that names no kind in a game with several",
                "setup-without-kind",
            ),
            Code::G030 => (
                "G030",
                "a number out of range (board size, hexagon side, stack height, reserve, distance, jump count, row length, run length, turn number, piece count, group size, network length, repetition count)",
                "stacks-of-zero",
            ),
            Code::G031 => (
                "G031",
                "a cell, rank or file not on the board, or a cell removed by `without`",
                "cell-off-board",
            ),
            Code::G032 => (
                "G032",
                "a rank, file, distance, turn or run-length range that runs backwards",
                "reversed-range",
            ),
            Code::G033 => (
                "G033",
                "`forward-cone` used where there is no moving piece to look from",
                "forward-cone-misused",
            ),
            Code::G034 => (
                "G034",
                "the board's `without` clause uses a named region or `forward-cone`",
                "without-named-region",
            ),
            Code::G035 => (
                "G035",
                "the board's `without` clause removes every cell",
                "board-all-holes",
            ),
            Code::G036 => (
                "G036",
                "pieces said to be `connected` in a direction other than `orthogonal`, `diagonal` or `any`",
                "connected-forward",
            ),
            Code::G037 => (
                "G037",
                "a player owns more than 255 pieces, on the board and in reserve together",
                "too-many-pieces",
            ),
            Code::G038 => ("G038", "more than 8 kinds of piece", "nine-kinds"),
            Code::G039 => (
                "G039",
                "a board of more than 256 cells",
                "board-too-many-cells",
            ),
            Code::G040 => ("G040", "not exactly two players", "one-player"),
            Code::G041 => (
                "G041",
                "a player never moves once the turn order repeats",
                "player-never-moves",
            ),
            Code::G042 => (
                "G042",
                "two setup items put pieces on the same cell",
                "overlapping-setup",
            ),
            Code::G043 => (
                "G043",
                "a `turns` declaration listing more than 1000 turns",
                "turns-too-long",
            ),
            Code::G050 => (
                "G050",
                "a `then` in a game without any `move`",
                "then-without-move",
            ),
            Code::G051 => ("G051", "the game has no moves", "no-moves"),
            Code::G052 => (
                "G052",
                "a slide `with turns` that also has a distance",
                "slide-turns-with-distance",
            ),
            Code::G053 => (
                "G053",
                "a clause given to a primitive it does not apply to, or `dropping` along more than one direction",
                "chained-step",
            ),
            Code::G054 => (
                "G054",
                "`not on entry line` in the turn's first part",
                "entry-line-on-first-part",
            ),
            Code::G055 => (
                "G055",
                "`pushing inward` from a cell not on the border of the grid",
                "enter-inward-middle",
            ),
            Code::G056 => (
                "G056",
                "more than four parts in a turn (`move` and three `then`)",
                "five-parts",
            ),
            Code::G057 => ("G057", "a jump with more than 8 legs", "nine-jump-legs"),
            Code::G058 => (
                "G058",
                "a clause given twice to one move, or two flanking clauses, or both `next to` and `in sight of`",
                "clause-twice",
            ),
            Code::G059 => (
                "G059",
                "more than 255 options in one part of a turn (`move` lines, or the options of one `then`)",
                "too-many-options",
            ),
            Code::G060 => (
                "G060",
                "a network whose two end regions share cells",
                "network-overlapping-ends",
            ),
            Code::G061 => ("G061", "a jump over `empty`", "jump-over-empty"),
            Code::G062 => ("G062", "a height compared on `empty`", "height-of-empty"),
            Code::G063 => (
                "G063",
                "a neutral kind moved, entered, returned, held in reserve, set up for a player, promoted or counted by `no enemy KIND`",
                "neutral-moves",
            ),
            Code::G070 => (
                "G070",
                "`precedence` lists an outcome twice",
                "precedence-twice",
            ),
            Code::G071 => (
                "G071",
                "`precedence` leaves an outcome out",
                "precedence-missing-outcome",
            ),
            Code::G072 => (
                "G072",
                "two `promote` lines turn one kind into different kinds on one cell for one player",
                "promotions-disagree",
            ),
            Code::G073 => (
                "G073",
                "a chain between more than 8 regions",
                "chain-of-nine-regions",
            ),
            Code::W001 => ("W001", "a region that nothing uses", "unused-region"),
            Code::W002 => (
                "W002",
                "a piece kind set up on the board that no move can move, in a game where pieces move",
                "unmovable-piece-kind",
            ),
            Code::W003 => (
                "W003",
                "pieces in reserve that no `place` or `enter` brings onto the board",
                "reserve-never-used",
            ),
            Code::W005 => (
                "W005",
                "no goal and `when stuck pass`: the game can never end, or only by repetition",
                "never-ends",
            ),
            Code::W006 => (
                "W006",
                "a region that holds no cell, so the setup item, move or goal using it does nothing",
                "empty-region",
            ),
            Code::W007 => (
                "W007",
                "`illegal if both players win` in a game where no goal makes a player win",
                "illegal-both-without-wins",
            ),
            Code::W008 => (
                "W008",
                "chained jumps over `any` piece with no `at most` on a board of more than 64 cells: they can have more paths than gamut walks (see [Limits](#limits))",
                "explosive-jumps",
            ),
            Code::W009 => (
                "W009",
                "a turn in which three or more parts move a piece: a crowded position can have more moves than gamut lists (see [Limits](#limits))",
                "explosive-parts",
            ),
            Code::W010 => (
                "W010",
                "a network goal on a board of more than 64 cells with no `limit group size`: its search can take more work than gamut spends (see [Limits](#limits))",
                "explosive-network",
            ),
            Code::W011 => (
                "W011",
                "a `then must` part none of whose options is open on the first turns, which then have no legal move",
                "must-part-closed-early",
            ),
            Code::W012 => (
                "W012",
                "`captures are mandatory` in a game where no move can take a piece",
                "mandatory-captures-without-captures",
            ),
            Code::W013 => (
                "W013",
                "a goal of N in a row where no line of the board along its directions holds N cells, so it never holds",
                "row-longer-than-the-board",
            ),
            Code::W014 => (
                "W014",
                "a `place` or `enter` with no piece ever to bring: none in reserve, and no move returns one there",
                "place-without-reserve",
            ),
            Code::W015 => (
                "W015",
                "a setup with a group larger than `limit group size` allows: only a part that breaks it up can be played",
                "setup-group-too-large",
            ),
            Code::W017 => (
                "W017",
                "a goal that holds in the start position (a count or a place of pieces, a row, a chain, a connected group), so the first part played decides the game",
                "goal-holds-at-start",
            ),
            Code::W018 => (
                "W018",
                "a player with no pieces, on the board or in reserve, who can never move",
                "player-without-pieces",
            ),
            Code::W019 => (
                "W019",
                "the first player has no move in the start position, so the game ends before its first move (found by `validate` and the editor, which play the start)",
                "stuck-at-start",
            ),
            Code::W020 => (
                "W020",
                "a goal of the enemy's pieces falling to a count (`no enemy pieces`) in a game where no move takes, converts, bears off or removes a piece",
                "count-goal-without-captures",
            ),
            Code::W016 => (
                "W016",
                "a `promote` of a kind to itself without `ending the move`, which changes nothing",
                "promote-to-itself",
            ),
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a report can suggest for a name it does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// The nearest known name.
    Nearest(String),
    /// Nothing near: the names there are (possibly none).
    Known(Vec<String>),
    /// What the name reads as, and what to write instead.
    Explained(String),
}

/// Where a place that is not on the board was named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OffBoard {
    /// A cell outside the grid; the board's last cell.
    Cell {
        /// The cell, as `c3`.
        cell: String,
        /// The board's last cell, as `h8`.
        last: String,
    },
    /// A cell of the grid that the board's `without` removes.
    Removed {
        /// The cell, as `c3`.
        cell: String,
    },
    /// A cell of the grid outside the board's shape (a corner a hexagon
    /// leaves out); where its rank of the shape begins and ends.
    OutsideShape {
        /// The cell, as `a1`.
        cell: String,
        /// The first cell of its rank in the shape, as `d1`.
        first: String,
        /// The last cell of its rank in the shape, as `g1`.
        last: String,
    },
    /// A rank past the board's height.
    Rank {
        /// The rank, as written.
        rank: String,
        /// The number of ranks.
        height: u8,
    },
    /// A file past the board's width; its last file.
    File {
        /// The file, as written.
        file: char,
        /// The board's last file.
        last: char,
    },
}

/// Why a name cannot name a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameClash {
    /// It is a built-in region (`edge`, `corners`…).
    Builtin,
    /// It is a word of the language.
    Word,
    /// It reads as a cell.
    Cell,
}

/// What an empty region was meant to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmptyUse {
    /// A setup item.
    Setup,
    /// A move's region.
    Move,
    /// A goal's region, for that player.
    Goal {
        /// The player's name.
        player: String,
    },
}

/// One kind of diagnostic with what was found: everything its message and
/// help need. Each kind has one [`Code`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// G001: a line that does not start with a declaration keyword.
    NotADeclaration {
        /// The word the line starts with, as written.
        shown: String,
        /// The declaration keyword nearest to it, if one is near.
        nearest: Option<&'static str>,
    },
    /// G002: the grammar expected something else. The syntax stage words
    /// the message from what the grammar allowed there.
    Unexpected {
        /// What the grammar expected there and what it found.
        message: String,
        /// A hint, when the syntax stage has one.
        help: Option<String>,
    },
    /// G003: parentheses nested too deep.
    TooDeeplyNested {
        /// The limit that was passed.
        max: usize,
    },
    /// G004: a byte that is not UTF-8.
    NotUtf8 {
        /// The offset of the first byte that is not UTF-8.
        at: usize,
    },
    /// G005: a quoted name not closed on its line.
    UnclosedQuote,
    /// G006: a word of the language where a name belongs.
    WordAsName {
        /// The word, as written.
        word: String,
        /// What the line likely meant, where it can be told
        /// (`ranks 1 to 2`: a range); else the help is to choose a name.
        meant: Option<String>,
    },
    /// G010: no `board`.
    NoBoard,
    /// G010 too: a file with no declaration at all (empty, or comments).
    NothingDeclared,
    /// G011: a declaration given twice in one file.
    DeclaredTwice {
        /// The declaration's keyword.
        keyword: String,
    },
    /// G012: `extends` finds nothing by that name.
    ExtendsNotFound {
        /// The game `extends` names, as written.
        target: String,
        /// What to offer instead.
        suggestion: Suggestion,
    },
    /// G013: no `players`.
    NoPlayers,
    /// G014: `extends` leads back to the file.
    ExtendsItself {
        /// The game `extends` names, as written.
        target: String,
    },
    /// G015: `extends` chains too deep.
    ExtendsTooDeep {
        /// The limit that was passed.
        max: usize,
    },
    /// G016: the file `extends` names cannot be read.
    ExtendsUnreadable {
        /// Why reading failed, naming the file.
        why: String,
    },
    /// G018: `game ""`.
    EmptyGameName,
    /// G020: a player the game does not have.
    UnknownPlayer {
        /// The name, as written.
        name: String,
        /// What to offer instead.
        suggestion: Suggestion,
    },
    /// G021: a region the game does not define.
    UnknownRegion {
        /// The name, as written.
        name: String,
        /// The name in lower case, when it reads as a cell in upper case.
        cell: Option<String>,
        /// What to offer instead.
        suggestion: Suggestion,
    },
    /// G022: a piece kind the game does not have.
    UnknownPiece {
        /// The name, as written.
        name: String,
        /// What to offer instead.
        suggestion: Suggestion,
    },
    /// G023: a player, piece kind or region named twice.
    Duplicate {
        /// `player`, `piece` or `region`.
        thing: &'static str,
        /// The name, as written.
        name: String,
        /// For a region: ` for Dark`, or nothing.
        whose: String,
    },
    /// G024: a region name that is taken.
    RegionNameTaken {
        /// The name, as written.
        name: String,
        /// Why the name is taken.
        clash: NameClash,
    },
    /// G025: a region defined in terms of itself.
    RegionCycle {
        /// The name, as written.
        name: String,
    },
    /// G026: regions nested too deep.
    RegionsTooDeep {
        /// The name, as written.
        name: String,
        /// The limit that was passed.
        max: usize,
    },
    /// G027: a control character in the game's name.
    ControlInName,
    /// G028: a region defined for one player, used for the other.
    RegionForOtherPlayer {
        /// The name, as written.
        name: String,
        /// The player the region is defined for.
        defined_for: String,
        /// The player it is used for.
        used_for: String,
    },
    /// G029: a setup or reserve line that names no kind among several.
    KindNotSaid {
        /// The kinds of piece of the game.
        kinds: Vec<String>,
    },
    /// G030: a number out of its range.
    NumberOutOfRange {
        /// The number as written (`u64::MAX` when it does not fit).
        value: u64,
        /// What the number counts, such as `the number of files`.
        what: String,
        /// The smallest number allowed.
        lo: u64,
        /// The largest number allowed.
        hi: u64,
    },
    /// G031: a place not on the board.
    NotOnBoard(OffBoard),
    /// G032: a range that runs backwards; how to write it.
    RangeBackwards {
        /// The range written the right way round.
        fixed: String,
    },
    /// G033: `forward-cone` with no moving piece.
    ForwardConeWithoutPiece,
    /// G034: `without` uses a named region.
    WithoutNamedRegion,
    /// G035: `without` removes every cell.
    NoCellLeft,
    /// G036: `connected` in a direction that is not a connection.
    ConnectedDirection {
        /// The word, as written.
        word: String,
    },
    /// G037: a player owns too many pieces.
    TooManyPieces {
        /// The player's name.
        player: String,
        /// How many pieces the player owns, on the board and in reserve.
        total: u64,
        /// The limit that was passed.
        max: usize,
    },
    /// G038: too many kinds of piece.
    TooManyKinds {
        /// The limit that was passed.
        max: usize,
    },
    /// G039: a board of too many cells.
    BoardTooLarge {
        /// The number of files.
        width: u64,
        /// The number of ranks.
        height: u64,
        /// The limit that was passed.
        max: usize,
    },
    /// G040: not two players.
    NotTwoPlayers {
        /// How many players are listed.
        count: usize,
    },
    /// G041: a player the repeating turn order leaves out.
    PlayerNeverMoves {
        /// The name, as written.
        name: String,
    },
    /// G042: two setup items on one cell.
    CellSetTwice {
        /// The cell, as `c3`.
        cell: String,
    },
    /// G043: a turn order too long.
    TurnOrderTooLong {
        /// How many turns are listed.
        listed: usize,
        /// The limit that was passed.
        max: usize,
    },
    /// G050: `then` with no `move`.
    ThenWithoutMove,
    /// G051: no moves at all.
    NoMoves,
    /// G052: a slide with turns and a distance.
    SlideTurnsWithDistance,
    /// G053: a clause on a primitive it does not fit.
    ClauseDoesNotApply {
        /// The clause, as written.
        clause: String,
        /// The word, as written.
        word: String,
        /// The primitives the clause belongs to.
        fits: String,
    },
    /// G053 too: `dropping` with a word that names more than one direction
    /// on this board (`dropping diagonal`, or `dropping down` on hexagons).
    DroppingNotOneWay {
        /// The direction word, as written.
        word: String,
    },
    /// G053 too: `must continue` on a jump that is not `chained`.
    MustContinueUnchained,
    /// G054: `not on entry line` in the first part.
    EntryLineInFirstPart,
    /// G055: `pushing inward` from a cell inside the grid.
    PushInwardFromInside {
        /// The cell, as `c3`.
        cell: String,
    },
    /// G056: too many parts in a turn.
    TooManyParts {
        /// The limit that was passed.
        max: usize,
    },
    /// G057: too many legs in a jump.
    TooManyJumpLegs {
        /// The limit that was passed.
        max: usize,
    },
    /// G058: a clause given twice, or two clauses of which a move takes
    /// one (`converting flanked enemies, capturing flanked enemies`).
    ClauseTwice {
        /// For two different clauses of one family: which one to keep.
        choose: Option<&'static str>,
    },
    /// G059: too many options in a part.
    TooManyOptions {
        /// The limit that was passed.
        max: usize,
    },
    /// G060: a network's end regions overlap.
    NetworkEndsOverlap,
    /// G061: a jump over `empty`.
    JumpOverEmpty,
    /// G062: a height compared on `empty`.
    HeightOfEmpty,
    /// G063: a neutral kind used as a player's: moved, held in reserve,
    /// set up for a player, promoted or counted by a goal.
    NeutralKindOwned {
        /// The kind.
        kind: String,
        /// What was asked of it: "moved", "held in reserve"…
        how: &'static str,
    },
    /// G070: an outcome listed twice in `precedence`.
    OutcomeTwice,
    /// G071: outcomes left out of `precedence`.
    OutcomesMissing {
        /// The outcomes left out, as `mover wins`.
        missing: Vec<String>,
    },
    /// G072: two promotions of one kind to different kinds share a cell of
    /// one player's regions, so which applies would be a matter of order.
    PromotionsDisagree {
        /// The kind promoted.
        from: String,
        /// The kinds it would become, this line's then the earlier line's.
        to: [String; 2],
        /// A cell they share, as `d8`.
        cell: String,
        /// The player whose regions share it.
        player: String,
    },
    /// G073: a chain goal joining more regions than gamut checks.
    TooManyChainRegions {
        /// The most it may join.
        max: usize,
    },
    /// W001: a region nothing uses.
    UnusedRegion {
        /// The name, as written.
        name: String,
    },
    /// W002: a kind no move can move.
    UnmovableKind {
        /// The name, as written.
        name: String,
    },
    /// W003: reserve pieces no move brings in.
    ReserveNeverEnters {
        /// The name, as written.
        name: String,
    },
    /// W005: a game that never ends; how (`never ends`, `ends only by repetition`).
    NeverEnds {
        /// How it can end, if at all.
        how: String,
    },
    /// W006: a region with no cell.
    EmptyRegion(EmptyUse),
    /// W007: `illegal if both players win` with no winning goal.
    BothWinWithoutWins,
    /// W008: chained jumps over any piece, unbounded, on a big board.
    ExplosiveJumps,
    /// W009: a turn of several parts that each move a piece.
    ExplosiveParts {
        /// How many parts of the turn move a piece.
        parts: usize,
    },
    /// W010: a network on a big board with no group limit.
    ExplosiveNetwork,
    /// W011: a `then must` part closed on the first turns.
    MustPartClosedEarly {
        /// The first turn on which one of its options is open.
        first: u16,
        /// The player who moves first and the other, for the turn order
        /// the help writes.
        players: [String; 2],
    },
    /// W012: `captures are mandatory` where nothing can take.
    MandatoryWithoutCaptures,
    /// W013: a row goal longer than every line of the board it may lie on.
    RowLongerThanBoard {
        /// The row's length.
        count: u32,
        /// The most cells any line along its directions holds.
        longest: u32,
    },
    /// W014: a placement or entry with nothing ever in reserve to bring.
    NothingToBring,
    /// W017: a goal that holds before anyone moves.
    GoalHoldsAtStart {
        /// A player for whom it holds.
        player: String,
    },
    /// W018: a player who has no piece at the start, set up or in hand.
    PlayerWithoutPieces {
        /// The player without pieces.
        player: String,
    },
    /// W019: the player to move has no move at the start.
    StuckAtStart {
        /// The player to move first.
        player: String,
    },
    /// W020: a goal of the enemy's pieces falling to a count, where they
    /// never fall.
    CountGoalNeverReached,
    /// W016: `promote KIND to KIND` of one kind: nothing changes.
    PromoteToItself {
        /// The kind.
        kind: String,
    },
    /// W015: a setup group larger than `limit group size` allows.
    SetupGroupTooLarge {
        /// The player whose group it is.
        player: String,
        /// How many pieces the group holds.
        size: u32,
        /// The limit.
        limit: u32,
    },
}

impl Kind {
    /// The kind's code.
    pub fn code(&self) -> Code {
        match self {
            Kind::NotADeclaration { .. } => Code::G001,
            Kind::Unexpected { .. } => Code::G002,
            Kind::TooDeeplyNested { .. } => Code::G003,
            Kind::NotUtf8 { .. } => Code::G004,
            Kind::UnclosedQuote => Code::G005,
            Kind::WordAsName { .. } => Code::G006,
            Kind::NoBoard | Kind::NothingDeclared => Code::G010,
            Kind::DeclaredTwice { .. } => Code::G011,
            Kind::ExtendsNotFound { .. } => Code::G012,
            Kind::NoPlayers => Code::G013,
            Kind::ExtendsItself { .. } => Code::G014,
            Kind::ExtendsTooDeep { .. } => Code::G015,
            Kind::ExtendsUnreadable { .. } => Code::G016,
            Kind::EmptyGameName => Code::G018,
            Kind::UnknownPlayer { .. } => Code::G020,
            Kind::UnknownRegion { .. } => Code::G021,
            Kind::UnknownPiece { .. } => Code::G022,
            Kind::Duplicate { .. } => Code::G023,
            Kind::RegionNameTaken { .. } => Code::G024,
            Kind::RegionCycle { .. } => Code::G025,
            Kind::RegionsTooDeep { .. } => Code::G026,
            Kind::ControlInName => Code::G027,
            Kind::RegionForOtherPlayer { .. } => Code::G028,
            Kind::KindNotSaid { .. } => Code::G029,
            Kind::NumberOutOfRange { .. } => Code::G030,
            Kind::NotOnBoard(_) => Code::G031,
            Kind::RangeBackwards { .. } => Code::G032,
            Kind::ForwardConeWithoutPiece => Code::G033,
            Kind::WithoutNamedRegion => Code::G034,
            Kind::NoCellLeft => Code::G035,
            Kind::ConnectedDirection { .. } => Code::G036,
            Kind::TooManyPieces { .. } => Code::G037,
            Kind::TooManyKinds { .. } => Code::G038,
            Kind::BoardTooLarge { .. } => Code::G039,
            Kind::NotTwoPlayers { .. } => Code::G040,
            Kind::PlayerNeverMoves { .. } => Code::G041,
            Kind::CellSetTwice { .. } => Code::G042,
            Kind::TurnOrderTooLong { .. } => Code::G043,
            Kind::ThenWithoutMove => Code::G050,
            Kind::NoMoves => Code::G051,
            Kind::SlideTurnsWithDistance => Code::G052,
            Kind::ClauseDoesNotApply { .. }
            | Kind::DroppingNotOneWay { .. }
            | Kind::MustContinueUnchained => Code::G053,
            Kind::EntryLineInFirstPart => Code::G054,
            Kind::PushInwardFromInside { .. } => Code::G055,
            Kind::TooManyParts { .. } => Code::G056,
            Kind::TooManyJumpLegs { .. } => Code::G057,
            Kind::ClauseTwice { .. } => Code::G058,
            Kind::TooManyOptions { .. } => Code::G059,
            Kind::NetworkEndsOverlap => Code::G060,
            Kind::JumpOverEmpty => Code::G061,
            Kind::HeightOfEmpty => Code::G062,
            Kind::NeutralKindOwned { .. } => Code::G063,
            Kind::OutcomeTwice => Code::G070,
            Kind::OutcomesMissing { .. } => Code::G071,
            Kind::PromotionsDisagree { .. } => Code::G072,
            Kind::TooManyChainRegions { .. } => Code::G073,
            Kind::UnusedRegion { .. } => Code::W001,
            Kind::UnmovableKind { .. } => Code::W002,
            Kind::ReserveNeverEnters { .. } => Code::W003,
            Kind::NeverEnds { .. } => Code::W005,
            Kind::EmptyRegion(_) => Code::W006,
            Kind::BothWinWithoutWins => Code::W007,
            Kind::ExplosiveJumps => Code::W008,
            Kind::ExplosiveParts { .. } => Code::W009,
            Kind::ExplosiveNetwork => Code::W010,
            Kind::MustPartClosedEarly { .. } => Code::W011,
            Kind::MandatoryWithoutCaptures => Code::W012,
            Kind::RowLongerThanBoard { .. } => Code::W013,
            Kind::NothingToBring => Code::W014,
            Kind::SetupGroupTooLarge { .. } => Code::W015,
            Kind::PromoteToItself { .. } => Code::W016,
            Kind::GoalHoldsAtStart { .. } => Code::W017,
            Kind::PlayerWithoutPieces { .. } => Code::W018,
            Kind::StuckAtStart { .. } => Code::W019,
            Kind::CountGoalNeverReached => Code::W020,
        }
    }

    /// What went wrong, in one line.
    pub fn message(&self) -> String {
        match self {
            Kind::NotADeclaration { shown, .. } => format!("`{shown}` does not start a declaration"),
            Kind::Unexpected { message, .. } => message.clone(),
            Kind::TooDeeplyNested { max } => format!("parentheses nested more than {max} deep"),
            Kind::NotUtf8 { at } => format!("this is not a text file: byte {at} is not UTF-8"),
            Kind::UnclosedQuote => "this quoted name is not closed".into(),
            Kind::WordAsName { word, .. } => {
                format!("`{word}` is a word of the language, so it cannot be used as a name here")
            }
            Kind::NoBoard => "the game has no board".into(),
            Kind::NothingDeclared => "the file declares nothing yet".into(),
            Kind::DeclaredTwice { keyword } if keyword == "extends" => {
                "`extends` given twice".into()
            }
            Kind::DeclaredTwice { keyword } => format!("`{keyword}` declared twice"),
            Kind::ExtendsNotFound { target, .. } => {
                format!("cannot find the game `{target}` to extend")
            }
            Kind::NoPlayers => "the game has no players".into(),
            Kind::ExtendsItself { target } => format!("`{target}` extends itself through this line"),
            Kind::ExtendsTooDeep { max } => format!("`extends` chains more than {max} files deep"),
            Kind::ExtendsUnreadable { why } => why.clone(),
            Kind::EmptyGameName => "the game's name is empty".into(),
            Kind::UnknownPlayer { name, .. } => format!("unknown player `{name}`"),
            Kind::UnknownRegion { name, .. } => format!("unknown region `{name}`"),
            Kind::UnknownPiece { name, .. } => format!("unknown piece `{name}`"),
            Kind::Duplicate {
                thing: "region",
                name,
                whose,
            } => format!("region `{name}`{whose} is defined twice"),
            Kind::Duplicate { thing, name, .. } => format!("{thing} `{name}` listed twice"),
            Kind::RegionNameTaken { name, clash } => match clash {
                NameClash::Builtin => format!("`{name}` is a built-in region and cannot be redefined"),
                NameClash::Word => {
                    format!("`{name}` is a word of the language, so it cannot name a region")
                }
                NameClash::Cell => format!("`{name}` looks like a cell, so it cannot name a region"),
            },
            Kind::RegionCycle { name } => format!("region `{name}` is defined in terms of itself"),
            Kind::RegionsTooDeep { name, max } => format!(
                "regions nested more than {max} deep: `{name}` is used inside a chain of {max} regions, each defined by the next"
            ),
            Kind::ControlInName => "the game's name holds a control or invisible character".into(),
            Kind::RegionForOtherPlayer {
                name,
                defined_for,
                used_for,
            } => format!("region `{name}` is defined for {defined_for} but not for {used_for}"),
            Kind::KindNotSaid { .. } => "this game has several kinds of piece; say which one".into(),
            Kind::NumberOutOfRange { value: u64::MAX, .. } => "this number is far too large".into(),
            Kind::NumberOutOfRange { value, what, .. } => {
                format!("{value} is out of range for {what}")
            }
            Kind::NotOnBoard(place) => match place {
                OffBoard::Cell { cell, .. } => format!("{cell} is off the board"),
                OffBoard::Removed { cell } | OffBoard::OutsideShape { cell, .. } => {
                    format!("{cell} is not part of the board")
                }
                OffBoard::Rank { rank, .. } => format!("rank {rank} is not on this board"),
                OffBoard::File { file, .. } => format!("file {file} is not on this board"),
            },
            Kind::RangeBackwards { .. } => "this range runs backwards".into(),
            Kind::ForwardConeWithoutPiece => {
                "`forward-cone` needs a moving piece to look forward from".into()
            }
            Kind::WithoutNamedRegion => {
                "the board's `without` clause can use cells, ranks, files and built-in regions only"
                    .into()
            }
            Kind::NoCellLeft => "no cell of the board is left to play on".into(),
            Kind::ConnectedDirection { word } => format!("pieces cannot be connected `{word}`"),
            Kind::TooManyPieces { player, total, max } => {
                format!("{player} owns {total} pieces, more than {max}")
            }
            Kind::TooManyKinds { max } => format!("a game has at most {max} kinds of piece"),
            Kind::BoardTooLarge { width, height, max } => format!(
                "a {width} x {height} board has {} cells, more than {max}",
                width * height
            ),
            Kind::NotTwoPlayers { count } => {
                format!("gamut plays two-player games; this lists {count}")
            }
            Kind::PlayerNeverMoves { name } => {
                format!("{name} never moves once the turn order repeats")
            }
            Kind::CellSetTwice { cell } => {
                format!("{cell} already has a piece from another setup line")
            }
            Kind::TurnOrderTooLong { listed, max } => {
                format!("the turn order lists {listed} turns, more than {max}")
            }
            Kind::ThenWithoutMove => "`then` needs a `move` before it".into(),
            Kind::NoMoves => "the game has no moves".into(),
            Kind::SlideTurnsWithDistance => "a slide with turns cannot also have a distance".into(),
            Kind::ClauseDoesNotApply { clause, word, .. } => {
                format!("`{clause}` does not apply to `{word}`")
            }
            Kind::DroppingNotOneWay { word } => {
                format!("`dropping {word}` names more than one direction on this board")
            }
            Kind::MustContinueUnchained => {
                "`must continue` applies to a `chained` jump only".into()
            }
            Kind::NeutralKindOwned { kind, how } => {
                format!("`{kind}` is a neutral kind: its pieces belong to no player, so they cannot be {how}")
            }
            Kind::EntryLineInFirstPart => {
                "`not on entry line` refers to an entry earlier in the turn, but this is the turn's first part"
                    .into()
            }
            Kind::PushInwardFromInside { cell } => {
                format!("{cell} is not on a side of the grid, so `pushing inward` gives it no direction")
            }
            Kind::TooManyParts { max } => format!("a turn has at most {max} parts"),
            Kind::TooManyJumpLegs { max } => {
                format!("a jump has at most {max} kinds of single jump")
            }
            Kind::ClauseTwice { choose: None } => "this clause is already given for this move".into(),
            Kind::ClauseTwice { choose: Some(_) } => {
                "a move takes only one clause of this kind".into()
            }
            Kind::TooManyOptions { max } => {
                format!("one part of a turn has at most {max} options")
            }
            Kind::NetworkEndsOverlap => "a network's two end regions must not share cells".into(),
            Kind::JumpOverEmpty => "a jump goes over a piece, not an empty cell".into(),
            Kind::HeightOfEmpty => "an empty cell has no height to compare".into(),
            Kind::OutcomeTwice => "this outcome is already listed".into(),
            Kind::OutcomesMissing { .. } => "`precedence` must list all four outcomes".into(),
            Kind::TooManyChainRegions { max } => {
                format!("a chain joins at most {max} regions")
            }
            Kind::PromotionsDisagree {
                from,
                to,
                cell,
                player,
            } => format!(
                "a {player} `{from}` arriving on {cell} would become both `{}` and `{}`",
                to[0], to[1]
            ),
            Kind::UnusedRegion { name } => format!("region `{name}` is never used"),
            Kind::UnmovableKind { name } => format!("no move can ever move a `{name}`"),
            Kind::ReserveNeverEnters { name } => {
                format!("`{name}` pieces wait in reserve, but no move brings them onto the board")
            }
            Kind::NeverEnds { how } => {
                format!("the game has no goal and a stuck player passes, so it {how}")
            }
            Kind::EmptyRegion(EmptyUse::Setup) => {
                "this region holds no cell, so nothing is set up here".into()
            }
            Kind::EmptyRegion(EmptyUse::Move) => {
                "this region holds no cell, so this move can never be made".into()
            }
            Kind::EmptyRegion(EmptyUse::Goal { player }) => format!(
                "this region holds no cell for {player}, so this goal can never be reached"
            ),
            Kind::BothWinWithoutWins => "no goal makes a player win, so this never applies".into(),
            Kind::ExplosiveJumps => {
                "chained jumps over any piece can have more paths than gamut walks on a crowded board"
                    .into()
            }
            Kind::ExplosiveParts { parts } => format!(
                "a turn in which {parts} parts move a piece: its ways multiply, and a crowded position may have more moves than gamut lists"
            ),
            Kind::MandatoryWithoutCaptures => {
                "`captures are mandatory`, but no move of this game can take a piece, so it changes nothing".into()
            }
            Kind::NothingToBring => {
                "this move brings a piece from the reserve, but no player ever has one there, so it is never open".into()
            }
            Kind::GoalHoldsAtStart { player } => format!(
                "this goal already holds for {player} at the start, so the first part played decides the game unless it undoes it"
            ),
            Kind::PromoteToItself { kind } => {
                format!("a `{kind}` promoted to `{kind}` stays what it was")
            }
            Kind::PlayerWithoutPieces { player } => format!(
                "{player} has no pieces, on the board or in reserve, so {player} never has a move"
            ),
            Kind::StuckAtStart { player } => format!(
                "{player}, who moves first, has no move in the start position, so the game ends before its first move"
            ),
            Kind::CountGoalNeverReached => {
                "this goal needs the enemy's pieces to fall, but no move of this game takes, converts, bears off or removes one, so it never holds".into()
            }
            Kind::SetupGroupTooLarge {
                player,
                size,
                limit,
            } => format!(
                "the setup gives {player} a group of {size} pieces, more than the {limit} this limit allows, so only a part that breaks it up can be played"
            ),
            Kind::RowLongerThanBoard { count, longest } => format!(
                "no line of this board along these directions holds {count} cells (the longest holds {longest}), so this goal never holds"
            ),
            Kind::MustPartClosedEarly { first, .. } => {
                let before = if *first == 2 {
                    "the first turn has".to_string()
                } else {
                    format!("turns 1 to {} have", first - 1)
                };
                format!(
                    "no option of this `then must` part is open before turn {first}, so {before} no legal move"
                )
            }
            Kind::ExplosiveNetwork => {
                "a network goal on a board of more than 64 cells, with no group limit: \
                 on a crowded board its search can take more work than gamut spends"
                    .into()
            }
        }
    }

    /// What to do about it, when there is something to say.
    pub fn help(&self) -> Option<String> {
        let text = match self {
            Kind::NotADeclaration {
                nearest: Some(word),
                ..
            } => format!("did you mean `{word}`?"),
            Kind::NotADeclaration { nearest: None, .. } => {
                "a declaration starts with a keyword such as `board`, `players`, `move` or `goal`; \
                 indent a line to continue the declaration above"
                    .into()
            }
            Kind::Unexpected { help, .. } => return help.clone(),
            Kind::TooDeeplyNested { .. } => {
                "name the inner regions with `region NAME = …` and use the names".into()
            }
            Kind::NotUtf8 { .. } => "a game file is plain UTF-8 text".into(),
            Kind::UnclosedQuote => "end it with `\"` on the same line".into(),
            Kind::WordAsName { word, .. } if word == "piece" => {
                "`piece` is the one kind of a game without `pieces`, and is not written: \
                 declare the kinds, as in `pieces man, king`"
                    .into()
            }
            Kind::WordAsName { meant: Some(meant), .. } => meant.clone(),
            Kind::WordAsName { meant: None, .. } => "choose another name".into(),
            Kind::NoBoard => "add a line such as `board 8 x 8`".into(),
            Kind::NothingDeclared => {
                "a game needs at least a `board`, its `players` and a `move`, each on a line of its own: `board 3 x 3`, `players X, O`, `reserve 5 each`, `move place`"
                    .into()
            }
            Kind::DeclaredTwice { keyword } if keyword == "extends" => {
                "a variant extends exactly one game".into()
            }
            Kind::DeclaredTwice { .. } => "keep one of them; a variant overrides its parent \
                                           by declaring it again in its own file"
                .into(),
            Kind::ExtendsNotFound { suggestion, .. } => match suggestion {
                Suggestion::Nearest(n) => format!("did you mean the shipped game `{n}`?"),
                Suggestion::Explained(why) => why.clone(),
                Suggestion::Known(names) if names.is_empty() => {
                    "give a `.game` file next to this one".into()
                }
                Suggestion::Known(names) => format!(
                    "give a shipped game ({}) or a `.game` file next to this one",
                    names.join(", ")
                ),
            },
            Kind::NoPlayers => "add a line such as `players Dark, Light`".into(),
            Kind::ExtendsItself { .. } => "a variant must extend a different game".into(),
            Kind::ExtendsTooDeep { .. } => "extend the game nearer the root of the chain".into(),
            Kind::ExtendsUnreadable { .. } => {
                "`extends` takes a shipped game or a readable `.game` file".into()
            }
            Kind::EmptyGameName => "write a name between the quotes".into(),
            Kind::UnknownPlayer { suggestion, .. } => match suggestion {
                Suggestion::Nearest(n) => format!("did you mean `{n}`?"),
                Suggestion::Known(players) => format!("the players are {}", players.join(" and ")),
                Suggestion::Explained(why) => why.clone(),
            },
            Kind::UnknownRegion {
                name,
                cell,
                suggestion,
            } => match (cell, suggestion) {
                (Some(lower), _) => format!("cells are written in lower case: `{lower}`"),
                (None, Suggestion::Nearest(n)) => format!("did you mean `{n}`?"),
                (None, Suggestion::Explained(why)) => why.clone(),
                (None, Suggestion::Known(names)) if names.is_empty() => {
                    format!("define it with `region {name} = …`")
                }
                (None, Suggestion::Known(names)) => {
                    format!("the regions of this game are: {}", names.join(", "))
                }
            },
            Kind::UnknownPiece { suggestion, .. } => match suggestion {
                Suggestion::Nearest(k) => format!("did you mean `{k}`?"),
                Suggestion::Explained(why) => why.clone(),
                Suggestion::Known(kinds) => format!(
                    "the pieces of this game are: {}; declare others with `pieces`",
                    kinds.join(", ")
                ),
            },
            Kind::Duplicate { .. } | Kind::RegionCycle { .. } => return None,
            Kind::RegionNameTaken { clash, .. } => match clash {
                NameClash::Builtin => "choose another name".into(),
                NameClash::Word => "choose another name, such as `my-region`".into(),
                NameClash::Cell => "choose a name that is not a letter followed by digits".into(),
            },
            Kind::RegionsTooDeep { .. } => {
                "define the region from cells, ranks or files, or through fewer named regions"
                    .into()
            }
            Kind::ControlInName => "a name is plain text: remove the invisible character".into(),
            Kind::RegionForOtherPlayer { name, used_for, .. } => {
                format!("add `region {name} for {used_for} = …`")
            }
            Kind::KindNotSaid { kinds } => format!("name one of: {}", kinds.join(", ")),
            Kind::NumberOutOfRange { lo, hi, .. } => format!("use {lo} to {hi}"),
            Kind::NotOnBoard(place) => match place {
                OffBoard::Cell { last, .. } => format!("this board runs from a1 to {last}"),
                OffBoard::Removed { .. } => "the board's `without` clause removes it".into(),
                OffBoard::OutsideShape { first, last, .. } => {
                    format!("a hexagon leaves out the grid's corners: this rank runs from {first} to {last}")
                }
                OffBoard::Rank { height, .. } => format!("ranks run from 1 to {height}"),
                OffBoard::File { last, .. } => format!("files run from a to {last}"),
            },
            Kind::RangeBackwards { fixed } => format!("write `{fixed}`"),
            Kind::ForwardConeWithoutPiece => {
                "use it inside `only if own pieces fill …` of a move".into()
            }
            Kind::WithoutNamedRegion => "named regions are defined on the finished board".into(),
            Kind::NoCellLeft => "remove fewer cells with `without`".into(),
            Kind::ConnectedDirection { .. } => "use `orthogonal`, `diagonal` or `any`".into(),
            Kind::TooManyPieces { .. } => "use fewer pieces or a smaller setup".into(),
            Kind::TooManyKinds { .. } => "merge kinds that move alike".into(),
            Kind::BoardTooLarge { max, .. } => {
                format!("gamut plays boards of up to {max} cells, such as 16 x 16")
            }
            Kind::NotTwoPlayers { .. } => {
                "list exactly two players, the one at the bottom first".into()
            }
            Kind::PlayerNeverMoves { name } => {
                format!("add {name} to the repeating part of `turns`")
            }
            Kind::CellSetTwice { .. } => {
                "a cell starts with at most one stack; use `stacks of N` for a taller one".into()
            }
            Kind::TurnOrderTooLong { .. } => {
                "give the order as a prefix and a short repeating part".into()
            }
            Kind::ThenWithoutMove => "a turn starts with the options declared by `move`".into(),
            Kind::NoMoves => {
                "add at least one `move`, such as `move step forward onto empty`".into()
            }
            Kind::SlideTurnsWithDistance => "remove the distance, or the `with turns`".into(),
            Kind::ClauseDoesNotApply { clause, fits, .. } => {
                format!("`{clause}` belongs to {fits}")
            }
            Kind::MustContinueUnchained => "add `chained`: `jump …, chained, must continue`".into(),
            Kind::DroppingNotOneWay { .. } => {
                "a piece falls one way: name one direction, such as `down` on a square board or `down-left` on hexagons".into()
            }
            Kind::NeutralKindOwned { kind, .. } => format!(
                "a neutral kind is only set up (`{kind} on d4`) or placed (`place {kind}`); drop `neutral` from `pieces` if players own it"
            ),
            Kind::EntryLineInFirstPart => {
                "use it in a `then` part that follows an `enter` or `place`".into()
            }
            Kind::PushInwardFromInside { .. } => {
                "enter at cells on the grid's sides only, or name the directions to push (on a hex board the grid is the rhombus the board is cut from, whose sides `edge` does not follow)".into()
            }
            Kind::TooManyParts { .. } => "merge some `then` parts".into(),
            Kind::TooManyJumpLegs { .. } => "merge legs that jump alike".into(),
            Kind::ClauseTwice { choose: None } => "give each clause once".into(),
            Kind::ClauseTwice { choose: Some(which) } => (*which).into(),
            Kind::TooManyOptions { .. } => {
                "list several directions or regions in one option instead".into()
            }
            Kind::NetworkEndsOverlap => "a network runs from one region to a different one".into(),
            Kind::JumpOverEmpty => "write `over friend`, `over enemy` or `over any`".into(),
            Kind::HeightOfEmpty => "compare heights on `friend` or `enemy`".into(),
            Kind::OutcomeTwice => "list each of the four outcomes once".into(),
            Kind::OutcomesMissing { missing } => format!("add {}", missing.join(", ")),
            Kind::TooManyChainRegions { .. } => {
                "join fewer regions, or give the goal several lines".into()
            }
            Kind::PromotionsDisagree { .. } => {
                "give the two `promote` lines regions that do not meet, or keep one".into()
            }
            Kind::UnusedRegion { .. } => "use it in a move, a setup or a goal, or remove it".into(),
            Kind::UnmovableKind { .. } => "add a move for it, or leave it out of the setup".into(),
            Kind::ReserveNeverEnters { .. } => "add `move place …` or `move enter …`".into(),
            Kind::NeverEnds { .. } => "add a `goal`, or make a stuck player `win` or `lose`".into(),
            Kind::EmptyRegion(_) | Kind::BothWinWithoutWins => return None,
            Kind::ExplosiveJumps => {
                "limit the leg with `at most N times`; a position whose jumps pass \
                                     the work budget cannot be played"
                    .into()
            }
            Kind::ExplosiveParts { .. } => {
                "fewer parts, or parts that place or remove pieces, keep the turn listable".into()
            }
            Kind::ExplosiveNetwork => {
                "`limit group size N` keeps the pieces apart, as Network does".into()
            }
            Kind::MandatoryWithoutCaptures => {
                "give a move a way to take (`jump … capturing`, `onto … enemy`, `capturing flanked enemies`), or remove the line".into()
            }
            Kind::NothingToBring => {
                "give the players pieces in hand (`reserve 10 each`), or a move that returns pieces there".into()
            }
            Kind::SetupGroupTooLarge { .. } => {
                "set the pieces apart, or raise the limit".into()
            }
            Kind::PromoteToItself { .. } => {
                "name the kind it becomes, or leave the line out".into()
            }
            Kind::GoalHoldsAtStart { .. } => {
                "check the goal against the setup and the reserve (a goal of `each` is each player's)".into()
            }
            Kind::PlayerWithoutPieces { player } => {
                format!("give {player} pieces with `setup` or `reserve`")
            }
            Kind::CountGoalNeverReached => {
                "give a move a way to take (`onto … enemy`, `jump … capturing`, `capturing flanked enemies`), or choose another goal".into()
            }
            Kind::StuckAtStart { player } => format!(
                "check the directions of the moves against the way {player} faces (`players A facing up, B facing down`) and the setup; `gamut play` shows the start"
            ),
            // A row is 2 to 26 long: a board whose lines are shorter takes
            // none, whatever the goal asks.
            Kind::RowLongerThanBoard { longest, .. } if *longest < 2 => {
                "a row is at least 2 long: make the board bigger, or ask for rows along other directions".into()
            }
            Kind::RowLongerThanBoard { longest, .. } => {
                format!("ask for a row of at most {longest}, or make the board bigger")
            }
            Kind::MustPartClosedEarly {
                players: [first, second],
                ..
            } => {
                format!("make the part `then may`, or give an opening of single moves its own turn order (`turns {first}, then repeat {second}, {second}, {first}, {first}`)")
            }
        };
        Some(text)
    }
}
