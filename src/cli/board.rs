//! Drawing a position for a player: file letters and rank numbers on the
//! edges, pieces in their players' colours (on a terminal), stacks with
//! their heights, the last move's cells in brackets, reserves and the turn.

use crate::engine::{Engine, Move, Position};
use crate::rules::PlayerId;
use crate::rules::{CellSet, Rules};

const COLOURS: [&str; 2] = ["\x1b[1;31m", "\x1b[1;36m"];
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// The board as `gamut play` draws it: the last move's cells in brackets, and
/// pieces in colour when `colour` is set. The scripted tests compare this text.
pub fn draw(engine: &Engine, pos: &Position, last: Option<&Move>, colour: bool) -> String {
    let marks = last.map_or(CellSet::EMPTY, |mv| engine.cells_of(mv));
    draw_marked(engine, pos, marks, colour)
}

/// The board with `marks` in brackets (the last move's cells, or the
/// chain that won).
pub fn draw_marked(engine: &Engine, pos: &Position, marks: CellSet, colour: bool) -> String {
    let rules = engine.rules();
    let b = &rules.board;
    let syms = piece_symbols(rules);
    let marks_of_kinds = kind_marks(rules);
    let marked = marks_of_kinds.iter().any(Option::is_some);
    let tall = b.cells.iter().any(|c| pos.height(c) > 1);
    let inner = if tall { 3 } else { 1 } + usize::from(marked);
    let paint = |code: &str, s: &str| {
        if colour {
            format!("{code}{s}{RESET}")
        } else {
            s.to_string()
        }
    };
    let mut out = String::new();
    // A hex board is drawn with each rank half a cell right of the one
    // below, so that each cell touches the six it neighbours.
    let hex = b.shape.is_hex();
    let gap = usize::from(hex);
    let cell_width = inner + 2 + gap;
    let shift = |r: u8| if hex { r as usize * cell_width / 2 } else { 0 };
    let header = |indent: usize| {
        let mut letters = String::new();
        for f in 0..b.width {
            let letter = format!("{:^inner$}", (b'a' + f) as char);
            letters.push_str(&format!(" {letter} {}", " ".repeat(gap)));
        }
        format!("{}    {}\n", " ".repeat(indent), letters.trim_end())
    };
    out.push_str(&header(shift(b.height - 1)));
    for r in (0..b.height).rev() {
        let mut row = format!("{}{:>3} ", " ".repeat(shift(r)), r + 1);
        for f in 0..b.width {
            let c = b.cell_at(f, r);
            let body = if b.cells.contains(c) {
                match pos.owner(c) {
                    // A neutral piece belongs to no one.
                    None if !pos.is_empty(c) => format!("{:^inner$}", "*"),
                    None => paint(DIM, &format!("{:^inner$}", ".")),
                    Some(p) => {
                        let mut text = syms[p].to_string();
                        if let Some(mark) = marks_of_kinds[pos.kind(c).index()] {
                            text.push(mark);
                        }
                        if pos.height(c) > 1 {
                            text.push_str(&pos.height(c).to_string());
                        }
                        paint(COLOURS[p], &format!("{text:^inner$}"))
                    }
                }
            } else {
                " ".repeat(inner)
            };
            let (open, close) = if marks.contains(c) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            row.push(open);
            row.push_str(&body);
            row.push(close);
            row.push_str(&" ".repeat(gap));
        }
        if hex {
            out.push_str(&format!("{}  {}\n", row.trim_end_matches(' '), r + 1));
        } else {
            out.push_str(&format!("{row} {}\n", r + 1));
        }
    }
    out.push_str(&header(0));
    for p in PlayerId::BOTH {
        let name = paint(
            COLOURS[p],
            &format!("{} ({})", rules.players[p].name, syms[p]),
        );
        match holdings(pos, p) {
            None => out.push_str(&format!("{name}\n")),
            Some(notes) => out.push_str(&format!("{name}: {notes}\n")),
        }
    }
    if marked {
        // Each kind as it is drawn, for each player.
        let kinds: Vec<String> = (rules.kinds.iter().zip(&rules.neutral))
            .zip(&marks_of_kinds)
            .filter(|((_, neutral), _)| !**neutral)
            .map(|((kind, _), mark)| {
                let mark = mark.map(String::from).unwrap_or_default();
                format!("{kind} ({}{mark}, {}{mark})", syms[0], syms[1])
            })
            .collect();
        out.push_str(&format!("Kinds: {}\n", kinds.join(", ")));
    }
    if !pos.neutral().is_empty() {
        let kinds: Vec<&str> = (rules.kinds.iter().zip(&rules.neutral))
            .filter(|(_, neutral)| **neutral)
            .map(|(k, _)| k.as_str())
            .collect();
        out.push_str(&format!("Neutral (*): {}\n", kinds.join(", ")));
    }
    out
}

/// The symbol of each player's pieces: the first letter of the name,
/// upper case for the first player, lower case for the second. A letter
/// that reads as a digit of the coordinates (`l`, `I`, `i`, `O`, `o`)
/// takes its other case, and where that is no better, or the players
/// would share a symbol, or the name starts with no ASCII letter, the
/// player gets `#` (first) or `@` (second).
pub fn piece_symbols(rules: &Rules) -> [char; 2] {
    let confusable = |c: char| matches!(c, 'l' | 'I' | 'i' | 'O' | 'o') || !c.is_ascii_alphabetic();
    let fallback = ['#', '@'];
    let pick = |p: usize| {
        let c = rules.players[p].name.chars().next().unwrap_or('?');
        let (first, second) = if p == 0 {
            (c.to_ascii_uppercase(), c.to_ascii_lowercase())
        } else {
            (c.to_ascii_lowercase(), c.to_ascii_uppercase())
        };
        [first, second]
            .into_iter()
            .find(|c| !confusable(*c))
            .unwrap_or(fallback[p])
    };
    let symbols = [pick(0), pick(1)];
    if symbols[0] == symbols[1] {
        [symbols[0], fallback[1]]
    } else {
        symbols
    }
}

/// How each kind of piece is told apart, after its player's symbol: in a
/// game with more than one kind of players' pieces, nothing for the first
/// such kind (the common piece) and a letter of the name for the others
/// (`Wk`, a king): its first letter, else the first of its others that no
/// other kind took, else any free letter. Never a digit, which would read
/// as a stack's height (`W3`), and never `l`, `i` or `o`, which read as
/// digits. `None` for every kind of a game of one kind, and for neutral
/// kinds (`*`).
pub fn kind_marks(rules: &Rules) -> Vec<Option<char>> {
    const SPARE: &str = "abcdefghjkmnpqrstuvwxyz";
    let kinds: Vec<usize> = (0..rules.kinds.len())
        .filter(|&k| !rules.neutral[k])
        .collect();
    let mut marks = vec![None; rules.kinds.len()];
    let Some((_, others)) = kinds.split_first() else {
        return marks;
    };
    let mut taken: Vec<char> = Vec::new();
    for &k in others {
        let name = rules.kinds[k].to_ascii_lowercase();
        let mark = name
            .chars()
            .chain(SPARE.chars())
            .find(|c| SPARE.contains(*c) && !taken.contains(c));
        if let Some(c) = mark {
            taken.push(c);
        }
        marks[k] = mark;
    }
    marks
}

/// What a player holds off the board: "10 in reserve, 2 borne off".
pub fn holdings(pos: &Position, player: PlayerId) -> Option<String> {
    let mut notes = Vec::new();
    if pos.reserve_total(player) > 0 {
        notes.push(format!("{} in reserve", pos.reserve_total(player)));
    }
    if pos.borne_off(player) > 0 {
        notes.push(format!("{} borne off", pos.borne_off(player)));
    }
    (!notes.is_empty()).then(|| notes.join(", "))
}
