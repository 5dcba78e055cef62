//! Move notation, written and read.
//!
//! - placement `c3` (with several kinds `king@c3`);
//! - entry: the entry cell and an arrow for the push, `a1^`, `a1>`, `d5<`, `b8v`
//!   (diagonal pushes are written `a1+up-right`);
//! - a piece moving `b3-d5`, capturing `b3xc3`; a capturing jump lists
//!   what it took, `b3xf7(c4,e6)`; bearing off `e6-off`;
//! - a return to reserve, the cell `c4`;
//! - the parts of a turn joined by `/`: `a1^/c4`; a pass is `pass`;
//! - where two legal moves would read alike (a placement and a copy onto
//!   one cell), each act of them led by its rule's first word, `place:b1`
//!   and `step:b1`, numbered where that is not enough (`step#2:a1-b1`).
//!
//! Reading is forgiving: case does not matter, and every way of playing a
//! move is accepted, including ways that merge with another into one move.

use super::moves::{Act, Deed, Move, Played};
use super::position::Edit;
use super::{Engine, Position, Successors};
use crate::rules::{Action, Cell, CellSet, Dir, KindId, PlayerId};

/// Why a typed move was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// No legal move reads so.
    #[error("`{}` is not a legal move here; legal moves: {}", shortened(.text), some_of(.legal))]
    Illegal {
        /// What was typed.
        text: String,
        /// The legal moves, in notation.
        legal: Vec<String>,
    },
    /// The game is over: no move is legal.
    #[error("`{}` is not a legal move: the game is over", shortened(.text))]
    GameOver {
        /// What was typed.
        text: String,
    },
    /// Several legal moves read so.
    #[error("`{}` is ambiguous here: {}", shortened(.text), .options.join(" or "))]
    Ambiguous {
        /// What was typed.
        text: String,
        /// The moves it could mean, in full notation.
        options: Vec<String>,
    },
    /// An entry written with a push its cell cannot make.
    #[error("`{}` pushes a way its entry cannot here: did you mean {}?", shortened(.text), .options.join(" or "))]
    WrongArrow {
        /// What was typed.
        text: String,
        /// The same entry with the pushes it can make.
        options: Vec<String>,
    },
    /// A move written with `-` where it takes (`b1-a1` for `b1xa1`), or
    /// with `x` where it takes nothing.
    #[error("`{}` is written `{written}` here: {}", shortened(.text), if .written.contains('x') { "a move that takes is written with `x`" } else { "it takes nothing, so it is written with `-`" })]
    WrongMark {
        /// What was typed.
        text: String,
        /// The legal move it means, as gamut writes it.
        written: String,
    },
    /// Its parts read as acts, but no legal turn is made of them.
    #[error("`{}` is not a legal turn here", shortened(.text))]
    NoSuchTurn {
        /// What was typed.
        text: String,
    },
    /// Read part by part, a move that takes fewer pieces than another
    /// move of the position does, where captures are mandatory.
    #[error(
        "`{}` takes {}, but captures are mandatory here and a move takes {}",
        shortened(.text),
        pieces(*.taken),
        pieces(*.most)
    )]
    MustTake {
        /// What was typed.
        text: String,
        /// The pieces it takes.
        taken: u32,
        /// The most a move of the position takes.
        most: u32,
    },
    /// The position's moves could not be listed, so the move cannot be
    /// checked.
    #[error("`{}` cannot be checked here: {why}", shortened(.text))]
    Unlisted {
        /// What was typed.
        text: String,
        /// Why the listing stopped.
        why: super::Overrun,
    },
}

/// What was typed, as a message quotes it: whole up to 80 characters,
/// else its start and its length.
fn shortened(text: &str) -> String {
    match crate::text::head(text, 80) {
        None => text.to_string(),
        Some(head) => format!("{head}… ({} characters)", text.chars().count()),
    }
}

/// `no piece`, `1 piece`, `3 pieces`.
fn pieces(n: u32) -> String {
    match n {
        0 => "no piece".to_string(),
        1 => "1 piece".to_string(),
        n => format!("{n} pieces"),
    }
}

/// The legal moves, as an error lists them: the first hundred, and how
/// many more (an Amazons position has thousands).
fn some_of(legal: &[String]) -> String {
    const SHOWN: usize = 100;
    if legal.len() <= SHOWN {
        return legal.join(" ");
    }
    format!(
        "{} … and {} more",
        legal[..SHOWN].join(" "),
        legal.len() - SHOWN
    )
}

/// How a move's acts are written: plainly, or, where two moves of one
/// position would read alike (a placement and a copy onto one cell, a
/// removal and a return of one piece), each act led by the first word of
/// its rule (`place:b1`, `step:b1`), and numbered among the part's rules
/// of that word where that is not enough (`step#2:a1-b1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Qualify {
    Plain,
    Verb,
    Numbered,
}

impl Engine {
    /// The notation of a move played from `pos`: as [`Engine::notations`]
    /// writes it among the position's legal moves (another way of playing
    /// a listed move is written as that move).
    pub fn notation(&self, pos: &Position, mv: &Move) -> String {
        let mut trail = Vec::new();
        let Some(played) = self.played(pos, mv, &mut trail) else {
            // Not reached for a move of `pos`: its captures are found.
            return format!("{mv:?}");
        };
        if played.mv.is_pass() {
            return self.played_notation(pos, &played, Qualify::Plain);
        }
        let mut listed = Successors::default();
        self.successors(pos, &mut listed);
        let next = self.play_checked(pos, &played, &mut trail);
        match next.and_then(|next| listed.positions.iter().position(|p| *p == next)) {
            Some(i) => self.notations(pos, &listed.moves).swap_remove(i),
            // Too many moves to list: written to be read back part by part.
            None if listed.overrun().is_some() => self.parts_notation(pos, &played),
            None => self.played_notation(pos, &played, Qualify::Plain),
        }
    }

    /// The notations of `moves`, legal moves of `pos` that lead to
    /// different positions (a listing's), each of which reads back as
    /// that move alone: plain where no way of playing another move reads
    /// the same, else another of its own ways that no other move's reads
    /// as, else qualified by its rules' words, else numbered (see
    /// [`Qualify`]).
    pub fn notations(&self, pos: &Position, moves: &[Move]) -> Vec<String> {
        let mut all = Successors {
            all_ways: true,
            ..Successors::default()
        };
        if !self.distinct_ways {
            self.successors(pos, &mut all);
        }
        let fits = !self.distinct_ways && all.overrun().is_none();
        self.notations_among(pos, moves, fits.then_some(&all))
    }

    /// [`Engine::notations`] given every way of playing the position's
    /// moves (`all`, listed with `all_ways`), or `None` where the moves'
    /// ways never merge or are too many to list: then each move is
    /// weighed against the moves' own ways only.
    fn notations_among(
        &self,
        pos: &Position,
        moves: &[Move],
        all: Option<&Successors>,
    ) -> Vec<String> {
        let mut trail = Vec::new();
        let played: Vec<Option<Played>> = moves
            .iter()
            .map(|m| self.played(pos, m, &mut trail))
            .collect();
        // Every way of playing each move, with the move it plays: where
        // ways never merge, the moves themselves.
        let mut ways: Vec<(Option<usize>, Played)> = played
            .iter()
            .enumerate()
            .filter_map(|(i, p)| Some((Some(i), (*p)?)))
            .collect();
        if let Some(all) = all {
            let ends: Vec<Option<Position>> = played
                .iter()
                .map(|p| p.and_then(|p| self.play_checked(pos, &p, &mut trail)))
                .collect();
            let mut at = std::collections::HashMap::<u64, Vec<usize>>::new();
            for (i, end) in ends.iter().enumerate() {
                if let Some(end) = end {
                    at.entry(end.key()).or_default().push(i);
                }
            }
            let owner = |next: &Position| {
                at.get(&next.key())?
                    .iter()
                    .copied()
                    .find(|&i| ends[i].as_ref() == Some(next))
            };
            ways = (0..all.len())
                .map(|w| (owner(&all.positions[w]), all.played(w)))
                .collect();
        }
        let mut texts: Vec<Option<String>> = vec![None; moves.len()];
        for level in [Qualify::Plain, Qualify::Verb, Qualify::Numbered] {
            if texts
                .iter()
                .zip(&played)
                .all(|(t, p)| t.is_some() || p.is_none())
            {
                break;
            }
            // Each text at this level, and the one move its ways play
            // (`None` where they play several).
            let mut reads = std::collections::HashMap::<String, Option<usize>>::new();
            let mut written = Vec::with_capacity(ways.len());
            for (owner, way) in &ways {
                let text = self.played_notation(pos, way, level);
                reads
                    .entry(normalize(&text))
                    .and_modify(|o| {
                        if *o != *owner {
                            *o = None;
                        }
                    })
                    .or_insert(*owner);
                written.push(text);
            }
            let alone = |text: &str, i: usize| reads.get(&normalize(text)) == Some(&Some(i));
            for (i, p) in played.iter().enumerate() {
                let Some(p) = p.filter(|_| texts[i].is_none()) else {
                    continue;
                };
                let own = self.played_notation(pos, &p, level);
                texts[i] = if alone(&own, i) {
                    Some(own)
                } else {
                    ways.iter()
                        .zip(&written)
                        .find(|((owner, _), text)| *owner == Some(i) && alone(text, i))
                        .map(|(_, text)| text.clone())
                };
            }
        }
        texts
            .into_iter()
            .zip(&played)
            .zip(moves)
            .map(|((text, p), m)| match (text, p) {
                (Some(text), _) => text,
                // Not reached: numbered, the ways of two moves read apart.
                (None, Some(p)) => self.played_notation(pos, p, Qualify::Numbered),
                (None, None) => format!("{m:?}"),
            })
            .collect()
    }

    /// The word an act is led by when qualified (see [`Qualify`]): its
    /// rule's first word (`relocate` for `relocate, capturing …`).
    pub(super) fn qualifier(&self, act: &Act, level: Qualify) -> String {
        let options = &self.rules.parts[act.part as usize].options;
        let verb_of = |text: &str| {
            let word = text
                .trim_start()
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("");
            if word.is_empty() {
                "move".to_string()
            } else {
                word.to_lowercase()
            }
        };
        let verb = verb_of(&options[act.option as usize].text);
        match level {
            Qualify::Plain => String::new(),
            Qualify::Verb => format!("{verb}:"),
            Qualify::Numbered => {
                let n = options[..=act.option as usize]
                    .iter()
                    .filter(|o| verb_of(&o.text) == verb)
                    .count();
                format!("{verb}#{n}:")
            }
        }
    }

    /// [`Engine::notation`] of a move whose captures are known, every act
    /// qualified as `level` says.
    fn played_notation(&self, pos: &Position, played: &Played, level: Qualify) -> String {
        if played.mv.is_pass() {
            return "pass".to_string();
        }
        self.act_texts(pos, played, &[level])
            .into_iter()
            .map(|mut texts| texts.swap_remove(0))
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Each act of a move at each of `levels`, as played in turn from
    /// `pos`.
    fn act_texts(&self, pos: &Position, played: &Played, levels: &[Qualify]) -> Vec<Vec<String>> {
        let player = pos.to_move();
        let mut at = pos.clone();
        let mut trail = Vec::new();
        let mut acts = Vec::with_capacity(played.mv.len as usize);
        for (act, taken) in played.acts() {
            let option = &self.rules.parts[act.part as usize].options[act.option as usize];
            let text = self.act_text(&at, player, act, taken);
            let mut forms: Vec<String> = levels
                .iter()
                .map(|&level| self.qualifier(act, level) + &text)
                .collect();
            // A kind the text leaves out (one kind fits) may be written
            // all the same: `checker@e5` is `e5`.
            if let Some(kind) = self.brought_kind(&at, act)
                && self.kinds_brought_in(act.part as usize) <= 1
            {
                let kind = &self.rules.kinds[kind];
                forms.extend(
                    levels
                        .iter()
                        .map(|&level| format!("{}{kind}@{text}", self.qualifier(act, level))),
                );
            }
            acts.push(forms);
            let mut edit = Edit {
                pos: &mut at,
                trail: &mut trail,
            };
            self.apply_act(&mut edit, option, act, taken, player);
        }
        acts
    }

    pub(super) fn act_text(
        &self,
        pos: &Position,
        player: PlayerId,
        act: &Act,
        captured: CellSet,
    ) -> String {
        let board = &self.rules.board;
        let name = |c: Cell| board.cell_name(c);
        let option = &self.rules.parts[act.part as usize].options[act.option as usize];
        let kind_prefix = match self.brought_kind(pos, act) {
            Some(kind) if self.kinds_brought_in(act.part as usize) > 1 => {
                format!("{}@", self.rules.kinds[kind])
            }
            Some(_) | None => String::new(),
        };
        match (&option.action, act.deed) {
            (Action::Place { .. }, Deed::Place { to, .. }) => format!("{kind_prefix}{}", name(to)),
            (Action::Enter { entries }, Deed::Enter { line, to, .. }) => {
                let dir = entries[player][line as usize].dir;
                format!("{kind_prefix}{}{}", name(to), arrow(dir))
            }
            (Action::Return { .. }, Deed::Lift { from }) => name(from),
            // Every copy that lands on a cell leads to one position: it is
            // written as the cell, like a placement.
            (_, Deed::Move { to, .. }) if option.leaves_copy => {
                format!("{kind_prefix}{}", name(to))
            }
            (Action::BearOff { .. }, Deed::Lift { from }) => format!("{}-off", name(from)),
            // A capturing jump that took nothing (over a friend) is written
            // as any other move.
            (
                Action::Jump {
                    capturing: true, ..
                },
                Deed::Move { from, to, .. },
            ) if !captured.is_empty() => {
                let taken: Vec<String> = captured.iter().map(name).collect();
                format!("{}x{}({})", name(from), name(to), taken.join(","))
            }
            (_, Deed::Move { from, to, .. }) => {
                let capture = pos.owner(to).is_some_and(|p| p != player);
                let sep = if capture { 'x' } else { '-' };
                format!("{}{sep}{}", name(from), name(to))
            }
            // Not reached: a deed is of its option's family.
            (_, Deed::Place { to, .. } | Deed::Enter { to, .. }) => name(to),
            (_, Deed::Lift { from }) => name(from),
        }
    }

    /// The kind an act places or enters, or for a copy the kind copied.
    fn brought_kind(&self, pos: &Position, act: &Act) -> Option<KindId> {
        let option = &self.rules.parts[act.part as usize].options[act.option as usize];
        act.kind().or_else(|| {
            let copied = act.origin().filter(|_| option.leaves_copy);
            copied.map(|from| pos.kind(from))
        })
    }

    /// How many kinds the placements and entries of a part can bring in:
    /// with one, its acts are written as a cell only (`g7`, not `arrow@g7`).
    fn kinds_brought_in(&self, part: usize) -> usize {
        let mut kinds = 0u64;
        for option in &self.rules.parts[part].options {
            if matches!(option.action, Action::Place { .. } | Action::Enter { .. })
                || option.leaves_copy
            {
                kinds |= match option.kind {
                    Some(k) => 1 << k.index(),
                    // Any kind held in reserve; neutral kinds are never held.
                    None => KindId::all(self.rules.kinds.len())
                        .filter(|&k| !self.rules.neutral[k])
                        .fold(0, |set, k| set | 1 << k.index()),
                };
            }
        }
        kinds.count_ones() as usize
    }

    /// Reads a move typed by a person, among the legal moves of `pos`.
    /// `successors` must hold the successors of `pos`; the index of the
    /// move in it is returned.
    pub fn parse_move(
        &self,
        pos: &Position,
        successors: &Successors,
        text: &str,
    ) -> Result<usize, ParseError> {
        let wanted = normalize(text);
        if successors.is_empty() {
            return Err(ParseError::GameOver {
                text: text.trim().to_string(),
            });
        }
        // More acts than a turn has parts is no move, without writing
        // every way to compare (thousands of parts typed took a minute).
        if wanted.split('/').count() > self.rules.parts.len() {
            return Err(ParseError::Illegal {
                text: text.trim().to_string(),
                legal: self.notations(pos, &successors.moves),
            });
        }
        let mut ways = Successors {
            all_ways: true,
            ..Successors::default()
        };
        self.successors(pos, &mut ways);
        // The listed move a way leads to (keys first: a full comparison of
        // every position made typing in a position of 65,000 moves slow).
        let find = |target: &Position| {
            successors
                .positions
                .iter()
                .position(|p| p.key() == target.key() && p == target)
        };
        if ways.overrun().is_some() {
            // Too many ways to write each (five pieces each stepping in a
            // turn of four parts): the move is read part by part, as where
            // the moves themselves are too many, and found among them.
            // As listed first: each listed spelling names one move.
            let legal = self.notations_among(pos, &successors.moves, None);
            let listed = legal.iter().position(|m| normalize(m) == wanted);
            if let Some(i) = listed {
                return Ok(i);
            }
            let illegal = || ParseError::Illegal {
                text: text.trim().to_string(),
                legal: legal.clone(),
            };
            let mut scratch = Successors::default();
            return match self.parse_by_parts(pos, text, &mut scratch) {
                Ok((_, next)) => find(&next).ok_or_else(illegal),
                Err(ParseError::NoSuchTurn { .. }) => Err(illegal()),
                Err(other) => Err(other),
            };
        }
        // Exactly as written, plainly or qualified (see [`Qualify`]): where
        // moves that read alike are typed plainly, that is ambiguous. Each
        // way's notation is kept for the looser readings below; the
        // listing knows the pieces each way takes.
        let mut written = Vec::with_capacity(ways.len());
        let mut exact: Vec<usize> = Vec::new();
        // Only a qualified act has a `:`; each act may be qualified or not.
        let wanted_acts: Vec<&str> = wanted.split('/').collect();
        let levels: &[Qualify] = if wanted.contains(':') {
            &[Qualify::Plain, Qualify::Verb, Qualify::Numbered]
        } else {
            &[Qualify::Plain]
        };
        for (i, next) in ways.positions.iter().enumerate() {
            let played = ways.played(i);
            let (text, hit) = if played.mv.is_pass() {
                ("pass".to_string(), wanted == "pass")
            } else {
                // Each act as typed, plainly or (with a `:`) qualified.
                let acts = self.act_texts(pos, &played, levels);
                let hit = acts.len() == wanted_acts.len()
                    && acts
                        .iter()
                        .zip(&wanted_acts)
                        .all(|(forms, typed)| forms.iter().any(|form| normalize(form) == *typed));
                let plain: Vec<&str> = acts.iter().map(|forms| forms[0].as_str()).collect();
                (normalize(&plain.join("/")), hit)
            };
            if hit
                && let Some(i) = find(next)
                && !exact.contains(&i)
            {
                exact.push(i);
            }
            written.push(text);
        }
        match exact.len() {
            0 => {}
            1 => return Ok(exact[0]),
            _ => {
                let moves: Vec<Move> = exact.iter().map(|&i| successors.moves[i]).collect();
                return Err(ParseError::Ambiguous {
                    text: text.trim().to_string(),
                    options: self.notations(pos, &moves),
                });
            }
        }
        // An entry written without its arrow, or a capture without the
        // pieces it takes, when that leaves one resulting position; an
        // arrow that is written must be right.
        let mut hits: Vec<(usize, String)> = Vec::new();
        let mut other_arrows: Vec<String> = Vec::new();
        // A capture written as its path of landings (`c3xe5xg3`), as
        // draughts players write it: the pieces taken lie between them.
        // (Named a jump or not: `jump:c3xe5xg3` is the same path.)
        let path = self
            .capture_path(pos, wanted.strip_prefix("jump:").unwrap_or(&wanted))
            .map(|p| normalize(&p));
        for (written, next) in written.into_iter().zip(&ways.positions) {
            let loose = arrows_left_out(&wanted, &written)
                || kinds_left_out(&wanted, &written)
                || without_captures(&written) == wanted
                || path.as_deref() == Some(written.as_str());
            // Only a way whose text is near what was typed is looked up.
            if !loose && strip_arrows(&written) != strip_arrows(&wanted) {
                continue;
            }
            let Some(i) = find(next) else { continue };
            if loose {
                if !hits.iter().any(|(h, _)| *h == i) {
                    hits.push((i, written));
                }
            } else if strip_arrows(&written) == strip_arrows(&wanted)
                && !other_arrows.contains(&written)
            {
                other_arrows.push(written);
            }
        }
        let text = text.trim().to_string();
        match hits.len() {
            1 => Ok(hits[0].0),
            0 if !other_arrows.is_empty() => Err(ParseError::WrongArrow {
                text,
                options: other_arrows,
            }),
            0 => {
                let legal = self.notations(pos, &successors.moves);
                // `b1-a1` where the move takes (`b1xa1`), or the other way.
                let swapped = [wanted.replace('-', "x"), wanted.replace('x', "-")];
                match legal
                    .iter()
                    .find(|m| swapped.iter().any(|s| *s != wanted && normalize(m) == *s))
                {
                    Some(written) => Err(ParseError::WrongMark {
                        text,
                        written: written.clone(),
                    }),
                    None => Err(ParseError::Illegal { text, legal }),
                }
            }
            _ => Err(ParseError::Ambiguous {
                text,
                options: hits.into_iter().map(|(_, written)| written).collect(),
            }),
        }
    }
}

impl Engine {
    /// `c3xe5xg3` as gamut writes it, `c3xg3(d4,f4)`: the landings of a
    /// chain of jumps, each along a straight line from the last (two cells
    /// for a short jump, any number for a king that flies) and over one
    /// piece of `pos`, the piece taken. `None` for any other text.
    fn capture_path(&self, pos: &Position, typed: &str) -> Option<String> {
        let board = &self.rules.board;
        let cells: Vec<Cell> = typed
            .split('x')
            .map(|t| board.parse_cell(t))
            .collect::<Option<_>>()?;
        if cells.len() < 3 {
            return None;
        }
        let occupied = pos.occupied();
        let mut taken = CellSet::EMPTY;
        for pair in cells.windows(2) {
            let (f0, r0) = (
                i32::from(board.file_of(pair[0])),
                i32::from(board.rank_of(pair[0])),
            );
            let (f1, r1) = (
                i32::from(board.file_of(pair[1])),
                i32::from(board.rank_of(pair[1])),
            );
            let (df, dr) = (f1 - f0, r1 - r0);
            let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
            if !straight || (df, dr) == (0, 0) {
                return None;
            }
            // Each leg of a chain goes over one piece: a landing past two
            // (`a1xc3xg7` for `a1xc3xe5xg7`) is no path.
            let (sf, sr, steps) = (df.signum(), dr.signum(), df.abs().max(dr.abs()));
            let mut over = (1..steps)
                .map(|k| board.cell_at((f0 + sf * k) as u8, (r0 + sr * k) as u8))
                .filter(|&between| occupied.contains(between));
            match (over.next(), over.next()) {
                (Some(piece), None) => taken.insert(piece),
                _ => return None,
            }
        }
        let names: Vec<String> = taken.iter().map(|c| board.cell_name(c)).collect();
        Some(format!(
            "{}x{}({})",
            board.cell_name(cells[0]),
            board.cell_name(cells[cells.len() - 1]),
            names.join(",")
        ))
    }
}

/// A capture's notation without the list of pieces it takes:
/// `f6xd4(e5)` is `f6xd4`.
pub(super) fn without_captures(written: &str) -> String {
    let mut out = String::with_capacity(written.len());
    let mut depth = 0;
    for c in written.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn arrow(dir: Dir) -> String {
    match dir {
        Dir::Up => "^".to_string(),
        Dir::Down => "v".to_string(),
        Dir::Left => "<".to_string(),
        Dir::Right => ">".to_string(),
        d @ (Dir::UpRight | Dir::DownRight | Dir::DownLeft | Dir::UpLeft) => {
            format!("+{}", d.word())
        }
    }
}

/// A move as compared: lower case, no spaces around the `/` between parts.
pub(super) fn normalize(text: &str) -> String {
    text.to_lowercase()
        .split('/')
        .map(|part| sorted_captures(part.trim()))
        .collect::<Vec<_>>()
        .join("/")
}

/// A part with its list of pieces taken, `a1xe5(d4,b2)`, in one order
/// (sorted) and without spaces, so that a list typed in any order reads
/// as the written one.
fn sorted_captures(part: &str) -> String {
    let Some(open) = part.find('(').filter(|_| part.ends_with(')')) else {
        return part.to_string();
    };
    let mut cells: Vec<&str> = part[open + 1..part.len() - 1]
        .split(',')
        .map(str::trim)
        .collect();
    cells.sort_unstable();
    format!("{}({})", &part[..open], cells.join(","))
}

/// Whether `typed` is `written` with some entry arrows left out: every
/// part of `typed` either is the written part or is it without its arrow.
fn arrows_left_out(typed: &str, written: &str) -> bool {
    let (typed, written): (Vec<&str>, Vec<&str>) =
        (typed.split('/').collect(), written.split('/').collect());
    typed.len() == written.len()
        && typed
            .iter()
            .zip(&written)
            .all(|(t, w)| t == w || (without_arrow(t) == *t && without_arrow(w) == *t))
}

/// Whether `typed` is `written` with some pieces' kinds left out
/// (`b2` for `man@b2`): every part of `typed` is the written part or is
/// it without its `kind@`.
fn kinds_left_out(typed: &str, written: &str) -> bool {
    let (typed, written): (Vec<&str>, Vec<&str>) =
        (typed.split('/').collect(), written.split('/').collect());
    typed.len() == written.len()
        && typed.iter().zip(&written).all(|(t, w)| {
            t == w || (!t.contains('@') && w.split_once('@').is_some_and(|(_, w)| w == *t))
        })
}

fn strip_arrows(text: &str) -> String {
    text.split('/')
        .map(without_arrow)
        .collect::<Vec<_>>()
        .join("/")
}

/// One part of a move without an entry's push arrow (`a1^` → `a1`,
/// `a1+up-right` → `a1`).
pub(super) fn without_arrow(part: &str) -> &str {
    let part = part.split('+').next().unwrap_or(part);
    part.trim_end_matches(['^', 'v', '<', '>'])
}
