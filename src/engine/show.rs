//! A position as plain text: the board with file letters and rank numbers,
//! stacks with their heights, reserves and whose turn it is. Front ends
//! add colour; tests compare this text.

use super::{Engine, Position};

impl Engine {
    /// The symbol of each player's pieces: the first letter of the name,
    /// upper case for the first player, lower case for the second. A letter
    /// that reads as a digit of the coordinates (`l`, `I`, `i`, `O`, `o`)
    /// takes its other case, and where that is no better, or the players
    /// would share a symbol, or the name starts with no ASCII letter, the
    /// player gets `#` (first) or `@` (second).
    pub fn piece_symbols(&self) -> [char; 2] {
        let confusable =
            |c: char| matches!(c, 'l' | 'I' | 'i' | 'O' | 'o') || !c.is_ascii_alphabetic();
        let fallback = ['#', '@'];
        let pick = |p: usize| {
            let c = self.rules.players[p].name.chars().next().unwrap_or('?');
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

    /// The board, top rank first. A piece is its owner's symbol (see
    /// [`Engine::piece_symbols`]), followed
    /// by its height when it is a stack; `.` is an empty cell, a blank a hole.
    pub fn board_text(&self, pos: &Position) -> String {
        let rules = &self.rules;
        let b = &rules.board;
        let tall = b.cells.iter().any(|c| pos.height(c) > 1);
        let width = if tall { 3 } else { 2 };
        let initials = self.piece_symbols();
        let mut out = String::new();
        let files: String = (0..b.width)
            .map(|f| format!("{:<width$}", (b'a' + f) as char))
            .collect();
        let header = format!("    {}\n", files.trim_end());
        out.push_str(&header);
        for r in (0..b.height).rev() {
            let mut row = format!("{:>3} ", r + 1);
            for f in 0..b.width {
                let c = b.cell_at(f, r);
                let cell = if !b.cells.contains(c) {
                    " ".to_string()
                } else {
                    match pos.owner(c) {
                        None => ".".to_string(),
                        Some(p) if pos.height(c) > 1 => format!("{}{}", initials[p], pos.height(c)),
                        Some(p) => initials[p].to_string(),
                    }
                };
                row.push_str(&format!("{cell:<width$}"));
            }
            out.push_str(row.trim_end());
            out.push_str(&format!(" {}\n", r + 1));
        }
        out.push_str(&header);
        for p in 0..2 {
            if let Some(notes) = holdings(pos, p) {
                out.push_str(&format!("{}: {notes}\n", rules.players[p].name));
            }
        }
        out
    }
}

/// What a player holds off the board: "10 in reserve, 2 borne off".
pub fn holdings(pos: &Position, player: usize) -> Option<String> {
    let mut notes = Vec::new();
    if pos.reserve_total(player) > 0 {
        notes.push(format!("{} in reserve", pos.reserve_total(player)));
    }
    if pos.borne_off(player) > 0 {
        notes.push(format!("{} borne off", pos.borne_off(player)));
    }
    (!notes.is_empty()).then(|| notes.join(", "))
}
