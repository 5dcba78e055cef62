//! Why a typed move is not legal, in a player's words: "a4 is in Light's
//! goal-1", "that line is full", "that makes a group of 3".
//!
//! The engine first looks for a way of playing that matches the text and
//! was refused by a rule after it was played (group limit, must remove, both
//! players winning, must end further forward); otherwise it looks at the
//! cells the text names. The answer is a best effort: one sentence, or
//! `None` when nothing specific can be said.

use super::generate::Listing;
use super::moves::Act;
use super::notation::{without_arrow, without_captures};
use super::{Earlier, Engine, Position, Refusal, Successors};
use crate::rules::PlayerId;
use crate::rules::{Action, Cell, CellSet, Compulsion, NearLast, Test};

impl Engine {
    /// A one-line reason why `text` is not a legal move in `pos`; none
    /// where no reason is found, or the search for one costs more than a
    /// listing may (see `budget.rs`).
    pub fn explain(&self, pos: &Position, text: &str) -> Option<String> {
        let (reason, overrun) =
            super::budget::metered(super::WORK_PER_LISTING, || self.find_reason(pos, text));
        overrun.map_or(reason, |_| None)
    }

    fn find_reason(&self, pos: &Position, text: &str) -> Option<String> {
        let text = text.trim().to_lowercase();
        if let Some(reason) = written_wrong(&text, self.rules.parts.len()) {
            return Some(reason);
        }
        // A kind named before a cell must be one of the game's.
        for part in text.split('/') {
            let named = part
                .split_once('@')
                .map(|(kind, _)| kind.rsplit(':').next().unwrap_or(kind));
            if let Some(kind) = named
                && !self.rules.kinds.iter().any(|k| k.to_lowercase() == kind)
            {
                return Some(match self.rules.kinds.as_slice() {
                    [one] => format!("this game has no kind of piece `{kind}`: its kind is {one}"),
                    kinds => format!(
                        "this game has no kind of piece `{kind}`: its kinds are {}",
                        kinds.join(", ")
                    ),
                });
            }
        }
        let board = &self.rules.board;
        for c in cells_in(&text) {
            if board.parse_cell(&c).is_none() {
                return Some(if is_grid_cell(self, &c) {
                    format!("{c} is not part of the board")
                } else {
                    format!("{c} is not on the board")
                });
            }
        }
        // A turn whose parts all play, refused: another move had to take.
        if let Some(compulsion) = self.rules.mandatory_captures
            && let Ok(Some(_)) = self.find_by_parts(pos, &text, &mut Successors::default())
        {
            return Some(self.capture_due(pos, compulsion));
        }
        let firsts = self.first_acts_written(pos);
        if let Some(reason) = self.refused_after_playing(pos, &text, &firsts) {
            return Some(reason);
        }
        let first = text.split('/').next().unwrap_or("");
        if let Some(reason) = capture_list_reason(first, &firsts) {
            return Some(reason);
        }
        let must_continue = self.rules.parts[0].options.iter().any(|o| o.must_continue);
        if must_continue && let Some(reason) = chain_cut_short(first, &firsts) {
            return Some(reason);
        }
        self.part_reason(pos, 0, first, Earlier::default())
    }

    /// Why `segment`, the text of an act of `part` on `pos` (which the
    /// earlier parts of the turn reached, leaving `earlier`), is no act
    /// of it: by the cells it names and what the part's options allow.
    fn part_reason(
        &self,
        pos: &Position,
        part: usize,
        segment: &str,
        earlier: Earlier,
    ) -> Option<String> {
        let player = pos.to_move();
        let board = &self.rules.board;
        let cells: Vec<Cell> = cells_in(segment)
            .iter()
            .filter_map(|c| board.parse_cell(c))
            .collect();
        let part0 = &self.rules.parts[part].options;
        let has = |f: fn(&Action) -> bool| part0.iter().any(|o| f(&o.action));
        let is_entry = without_arrow(segment) != segment;
        // No option that brings a piece in has one to bring (a neutral
        // kind needs none).
        let nothing_to_bring = part0
            .iter()
            .filter(|o| matches!(o.action, Action::Place { .. } | Action::Enter { .. }))
            .all(|o| self.kinds_in_reserve(o, pos, player).next().is_none());
        // The cell `next to`/`in sight of the last piece` refers to.
        let last = if part == 0 {
            pos.last_cell()
        } else {
            earlier.last
        };
        match cells.as_slice() {
            [c] if is_entry => {
                if nothing_to_bring {
                    return Some("you have no pieces in reserve".into());
                }
                let line_full = part0
                    .iter()
                    .filter_map(|o| o.action.entries())
                    .any(|entries| {
                        entries[player]
                            .iter()
                            .any(|l| l.cells[0] == *c && l.cells.iter().all(|x| !pos.is_empty(*x)))
                    });
                if line_full {
                    return Some("that line is full".into());
                }
                let pushes_neutral =
                    part0
                        .iter()
                        .filter_map(|o| o.action.entries())
                        .any(|entries| {
                            entries[player].iter().any(|l| {
                                l.cells[0] == *c && super::generate::pushes_neutral(pos, &l.cells)
                            })
                        });
                if pushes_neutral {
                    return Some("the entry would push a neutral piece, which never moves".into());
                }
                Some(format!(
                    "{} is not an entry cell in that direction",
                    board.cell_name(*c)
                ))
            }
            [c] if has(|a| matches!(a, Action::Place { .. })) => {
                if nothing_to_bring {
                    return Some("you have no pieces in reserve".into());
                }
                if !pos.is_empty(*c) {
                    return Some(format!("{} is occupied", board.cell_name(*c)));
                }
                let allowed = part0
                    .iter()
                    .filter_map(|o| o.action.placement_cells())
                    .fold(CellSet::EMPTY, |acc, on| acc.union(on[player]));
                if !allowed.contains(*c) {
                    return Some(self.outside(*c, allowed, "place a piece on"));
                }
                // Tied to the last piece: every placing option is.
                let placing = part0
                    .iter()
                    .filter(|o| matches!(o.action, Action::Place { .. }));
                let near: Option<Vec<&NearLast>> = placing.map(|o| o.near_last.as_ref()).collect();
                if let (Some(near), Some(last)) = (near, last)
                    && !near
                        .iter()
                        .any(|n| self.near_last(n, pos, player, last).contains(*c))
                {
                    let how = if near.iter().all(|n| n.sight) {
                        "in sight of"
                    } else {
                        "next to"
                    };
                    return Some(format!(
                        "{} is not {how} {}, the last piece",
                        board.cell_name(*c),
                        board.cell_name(last)
                    ));
                }
                // A piece that falls does not stop in mid-air.
                for o in part0 {
                    let Some(dirs) = o.dropping else { continue };
                    let at = board
                        .ray(*c, dirs[player])
                        .take_while(|n| pos.is_empty(*n))
                        .last()
                        .unwrap_or(*c);
                    if at != *c {
                        return Some(format!(
                            "a piece placed there falls to {}",
                            board.cell_name(at)
                        ));
                    }
                }
                // A placement that brackets nothing where it must is not
                // even listed (Othello).
                for o in part0 {
                    let Some(flank) = self.must_flank(o) else {
                        continue;
                    };
                    let on = o
                        .action
                        .placement_cells()
                        .map_or(CellSet::EMPTY, |on| on[player]);
                    let lone = CellSet::single(*c);
                    if on.contains(*c) && self.flanking(flank, pos, player, lone).is_empty() {
                        return Some(if flank.convert {
                            "this move must convert at least one piece".into()
                        } else {
                            "this move must remove at least one piece".into()
                        });
                    }
                }
                None
            }
            [c] if has(|a| matches!(a, Action::Return { .. })) => {
                let name = board.cell_name(*c);
                if pos.owner(*c) != Some(player) {
                    return Some(format!("{name} holds no piece of yours"));
                }
                if earlier.entry_line.contains(*c) {
                    return Some(format!("{name} is on the line of this turn's entry"));
                }
                let allowed = part0.iter().fold(CellSet::EMPTY, |acc, o| match &o.action {
                    Action::Return { from, .. } => acc.union(from[player]),
                    Action::Place { .. }
                    | Action::Enter { .. }
                    | Action::Relocate { .. }
                    | Action::Step { .. }
                    | Action::Slide { .. }
                    | Action::Jump { .. }
                    | Action::BearOff { .. } => acc,
                });
                if !allowed.contains(*c) {
                    return Some(self.outside(*c, allowed, "take back a piece from"));
                }
                Some(format!("the piece on {name} cannot be taken back here"))
            }
            [from, to] => {
                if pos.owner(*from) != Some(player) {
                    return Some(format!(
                        "{} holds no piece of yours",
                        board.cell_name(*from)
                    ));
                }
                if pos.owner(*to) == Some(player)
                    && !part0.iter().any(|o| match &o.action {
                        Action::Step { targets, .. } | Action::Slide { targets, .. } => {
                            targets.friend.is_some()
                        }
                        Action::Place { .. }
                        | Action::Enter { .. }
                        | Action::Relocate { .. }
                        | Action::Jump { .. }
                        | Action::BearOff { .. }
                        | Action::Return { .. } => false,
                    })
                {
                    return Some(format!("{} holds a piece of yours", board.cell_name(*to)));
                }
                let forward = part0.iter().any(|o| o.must_end_further_forward);
                if forward && self.ahead(player, *from, *to) <= 0 {
                    return Some("the move must end further forward than it started".into());
                }
                let fill = part0.iter().find_map(|o| match &o.only_if {
                    Some(Test::OwnPiecesFill(_)) => Some(o.text.as_str()),
                    _ => None,
                });
                if let Some(rule) = fill
                    && self.ahead(player, *from, *to) < 0
                {
                    return Some(format!("a piece may go back only as the rules say: {rule}"));
                }
                let allowed = part0.iter().fold(CellSet::EMPTY, |acc, o| match &o.action {
                    Action::Relocate { to, .. } => acc.union(to[player]),
                    Action::Place { .. }
                    | Action::Enter { .. }
                    | Action::Step { .. }
                    | Action::Slide { .. }
                    | Action::Jump { .. }
                    | Action::BearOff { .. }
                    | Action::Return { .. } => acc,
                });
                if has(|a| matches!(a, Action::Relocate { .. })) && !allowed.contains(*to) {
                    return Some(self.outside(*to, allowed, "move a piece to"));
                }
                Some(format!(
                    "the piece on {} cannot reach {} that way",
                    board.cell_name(*from),
                    board.cell_name(*to)
                ))
            }
            _ => None,
        }
    }

    /// Why a cell is not among the `allowed` ones: the named regions that
    /// hold it and lie wholly outside what is allowed.
    fn outside(&self, cell: Cell, allowed: CellSet, doing: &str) -> String {
        let name = self.rules.board.cell_name(cell);
        let mut owners = Vec::new();
        for r in &self.rules.regions {
            for q in PlayerId::BOTH {
                let cells = r.cells[q];
                if cells.contains(cell) && !cells.intersects(&allowed) {
                    let whose = if r.cells[0] == r.cells[1] {
                        r.name.clone()
                    } else {
                        format!("{}'s {}", self.rules.players[q].name, r.name)
                    };
                    if !owners.contains(&whose) {
                        owners.push(whose);
                    }
                }
            }
        }
        match owners.as_slice() {
            [] => format!("you may not {doing} {name}"),
            _ => format!("{name} is in {}", owners.join(" and ")),
        }
    }

    /// Each way of playing the turn's first part on `pos`, with the
    /// pieces it jumps and takes and its notation.
    fn first_acts_written(&self, pos: &Position) -> Vec<(Act, CellSet, String)> {
        let player = pos.to_move();
        let (mut ways, mut captures) = (Vec::new(), Vec::new());
        let listing = &mut Listing {
            ways: &mut ways,
            sets: &mut captures,
            ordered: true,
        };
        self.acts_of_part(0, pos, Earlier::default(), listing);
        ways.iter()
            .map(|w| {
                let jumped = w.captured(&captures);
                (w.act, jumped, self.act_text(pos, player, &w.act, jumped))
            })
            .collect()
    }

    /// A way of playing the first part that matches the text and was
    /// refused by a rule only once played, or whose later parts are wrong.
    fn refused_after_playing(
        &self,
        pos: &Position,
        text: &str,
        firsts: &[(Act, CellSet, String)],
    ) -> Option<String> {
        let first = text.split('/').next().unwrap_or("");
        let player = pos.to_move();
        for (act, jumped, written) in firsts {
            let (act, jumped, written) = (*act, *jumped, written.as_str());
            // Without an arrow, an entry may be meant in any direction;
            // without its list, a capture takes any of its lists.
            let loose = without_arrow(first) == first;
            if written != first
                && !(loose && without_arrow(written) == first)
                && without_captures(written) != first
            {
                continue;
            }
            let next = match self.try_act(0, pos, &act, jumped, &mut Vec::new()) {
                Ok(next) => next,
                Err(Refusal::RemovesNothing) => {
                    return Some("this move must remove at least one piece".into());
                }
                Err(Refusal::ConvertsNothing) => {
                    return Some("this move must convert at least one piece".into());
                }
                Err(Refusal::GroupTooLarge) => {
                    let size = self.rules.group_limit.map_or(0, |l| l.size);
                    return Some(format!("that makes a group of more than {size} pieces"));
                }
                Err(Refusal::BothWin) => {
                    return Some("that would complete the goals of both players".into());
                }
                Err(Refusal::TooMany) => {
                    return Some(
                        "that would pile up more than 255 pieces, the most a cell or a hand holds"
                            .into(),
                    );
                }
            };
            // Played, it passes every rule: the later parts must be at fault.
            if self.rules.parts.len() > 1 {
                let after = self.earlier_after(0, &act, player, Earlier::default());
                return Some(self.later_part_reason(&next, text, after));
            }
            // Or another move had to be played instead.
            if let Some(compulsion) = self.rules.mandatory_captures {
                return Some(self.capture_due(pos, compulsion));
            }
        }
        None
    }
}

impl Engine {
    /// Why the second part of a typed move is refused after a legal first part.
    fn later_part_reason(&self, after_first: &Position, text: &str, earlier: Earlier) -> String {
        let Some(second) = text.split('/').nth(1) else {
            if self.rules.parts[1..].iter().any(|p| !p.optional) {
                return "this move needs its later part too".into();
            }
            return "that is not a legal move here".into();
        };
        if cells_in(second).is_empty() {
            return format!("`{second}` is not a cell");
        }
        self.part_reason(after_first, 1, second, earlier)
            .unwrap_or_else(|| format!("`{second}` cannot follow that move"))
    }
}

impl Engine {
    /// Why a way of a one-part turn that plays is no move when captures
    /// are mandatory: the captures that must be played instead.
    fn capture_due(&self, pos: &Position, compulsion: Compulsion) -> String {
        let mut legal = Successors::default();
        self.legal_moves(pos, &mut legal);
        let list = first_few(&self.notations(pos, &legal.moves));
        match compulsion {
            Compulsion::Any => format!("a capture is mandatory here: {list}"),
            Compulsion::Most => {
                format!("a capture taking the most pieces is mandatory here: {list}")
            }
        }
    }
}

/// What is wrong with how a move is written, whatever the position: more
/// parts than a turn has (`c3-d4/`, once told a capture was due), a list
/// of taken pieces left open, a dash that is not a hyphen.
fn written_wrong(text: &str, parts: usize) -> Option<String> {
    if text.split('/').count() > parts {
        return Some(if parts == 1 {
            "a turn of this game is one move, with no `/` after it".into()
        } else {
            format!("a turn here has at most {parts} parts, each after a `/`")
        });
    }
    let (opened, closed) = (text.matches('(').count(), text.matches(')').count());
    if opened > closed {
        return Some("the list of the pieces taken is not closed: end it with `)`".into());
    }
    if closed > opened {
        return Some("a `)` closes no list: a list of pieces taken begins with `(`".into());
    }
    if let Some(dash) = text
        .chars()
        .find(|c| matches!(c, '\u{2010}'..='\u{2015}' | '\u{2212}'))
    {
        let mended: String = text
            .chars()
            .map(|c| if c == dash { '-' } else { c })
            .collect();
        return Some(format!(
            "`{dash}` is not the hyphen of a move: write `{mended}`"
        ));
    }
    None
}

/// A capture typed with a list of pieces that none of its ways takes
/// (`c1xc5(b4)`): the lists they do take, among the first part's ways.
fn capture_list_reason(first: &str, firsts: &[(Act, CellSet, String)]) -> Option<String> {
    if !first.contains('(') {
        return None;
    }
    let bare = without_captures(first);
    let mut lists: Vec<&str> = firsts
        .iter()
        .map(|(_, _, written)| written.as_str())
        .filter(|written| without_captures(written) == bare)
        .filter_map(|written| Some(&written[written.find('(')?..]))
        .collect();
    lists.dedup();
    match lists.as_slice() {
        [] => None,
        [list] => Some(format!(
            "{bare} takes {list}: list every piece it takes, or none"
        )),
        _ => Some(format!(
            "{bare} takes {}: list every piece of one of them",
            lists.join(" or ")
        )),
    }
}

/// A capture typed as `AxB` that is no way of the part, where captures
/// from `A` are (a chain that `must continue` stopped early, `a4xc4` for
/// `a4xe4(b4,d4)`): the captures from `A`.
fn chain_cut_short(first: &str, firsts: &[(Act, CellSet, String)]) -> Option<String> {
    let (from, _) = first.split_once('x')?;
    let start = format!("{from}x");
    let bare = without_captures(first);
    let mut from_there: Vec<&str> = firsts
        .iter()
        .map(|(_, _, written)| written.as_str())
        .filter(|written| written.starts_with(&start))
        .collect();
    if from_there.is_empty() || from_there.iter().any(|w| without_captures(w) == bare) {
        return None;
    }
    from_there.dedup();
    Some(format!(
        "a chain of captures goes on while it can: the captures from {from} are {}",
        first_few(&from_there)
    ))
}

/// The first four moves of `moves`, as a reason lists them, and how many
/// more there are.
fn first_few(moves: &[impl AsRef<str>]) -> String {
    const SHOWN: usize = 4;
    let list: Vec<&str> = moves.iter().take(SHOWN).map(AsRef::as_ref).collect();
    let more = moves.len().saturating_sub(SHOWN);
    let and_more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!("{}{and_more}", list.join(", "))
}

/// Cell names written in a piece of notation, in order.
fn cells_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase()
            && (i == 0 || !chars[i - 1].is_ascii_alphanumeric())
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
        {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j == chars.len() || !chars[j].is_ascii_alphabetic() || "xv".contains(chars[j]) {
                out.push(chars[i..j].iter().collect());
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether a cell name lies on the grid (it may still be a hole).
fn is_grid_cell(engine: &Engine, name: &str) -> bool {
    let b = &engine.rules.board;
    let mut chars = name.chars();
    let f = chars.next().map_or(99, |c| c as u32 - 'a' as u32);
    let r: u32 = chars.as_str().parse().unwrap_or(0);
    f < b.width as u32 && r >= 1 && r <= b.height as u32
}
