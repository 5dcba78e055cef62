//! A plain summary of a game for players, generated from the checked
//! rules: what the board is, who plays, how a turn goes and how it ends.

use super::*;

impl Rules {
    /// The game in plain sentences, for players: the board, who plays and in what
    /// order, the starting pieces, each part of a turn with its options as written,
    /// the limits and how the game ends: what `rules` prints at the prompt.
    pub fn summary(&self) -> String {
        let b = &self.board;
        let mut out = String::new();
        let holes: Vec<String> = b
            .outline
            .minus(b.cells)
            .iter()
            .map(|c| b.cell_name(c))
            .collect();
        out.push_str(&format!("{}: a {} board", self.name, b.size_text()));
        if !holes.is_empty() {
            out.push_str(&format!(" without {}", holes.join(" ")));
        }
        out.push_str(&format!(
            ", {} against {}.\n",
            self.players[0].name, self.players[1].name
        ));
        let names = |ids: &[PlayerId]| {
            ids.iter()
                .map(|&i| self.players[i].name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if self.turn_order.prefix.is_empty() && self.turn_order.cycle.len() == 2 {
            out.push_str(&format!(
                "{} moves first; then the players take turns.\n",
                self.players[self.turn_order.cycle[0]].name
            ));
        } else if self.turn_order.prefix.is_empty() {
            out.push_str(&format!(
                "Turns: {}, over and over.\n",
                names(&self.turn_order.cycle)
            ));
        } else {
            out.push_str(&format!(
                "Turns: {}, then {} over and over.\n",
                names(&self.turn_order.prefix),
                names(&self.turn_order.cycle)
            ));
        }
        for p in PlayerId::BOTH {
            let on_board: u32 = self
                .setup
                .iter()
                .filter(|s| s.player == Some(p))
                .map(|s| s.height)
                .sum();
            let in_hand: u32 = self.reserve[p].iter().sum();
            let mut parts = Vec::new();
            if on_board > 0 {
                parts.push(format!("{on_board} on the board"));
            }
            if in_hand > 0 {
                parts.push(format!("{in_hand} in reserve"));
            }
            if !parts.is_empty() {
                let total = on_board + in_hand;
                out.push_str(&format!(
                    "{} starts with {total} piece{}: {}.\n",
                    self.players[p].name,
                    if total == 1 { "" } else { "s" },
                    parts.join(", ")
                ));
            }
        }
        for (i, part) in self.parts.iter().enumerate() {
            let head = match (i, part.optional) {
                (0, _) => "A turn is one of these moves:".to_string(),
                (_, true) => "Then, if the player wants, one of:".to_string(),
                (_, false) => "Then, always, one of:".to_string(),
            };
            out.push_str(&head);
            out.push('\n');
            for o in &part.options {
                out.push_str(&format!("  - {}\n", o.text));
            }
        }
        match self.mandatory_captures {
            Some(Compulsion::Any) => {
                out.push_str("Captures are mandatory: a player who can take a piece must.\n");
            }
            Some(Compulsion::Most) => out.push_str(
                "Captures are mandatory: a player who can take a piece must, taking the most.\n",
            ),
            None => {}
        }
        for p in &self.promotions {
            let whose: Vec<String> = PlayerId::BOTH
                .into_iter()
                .filter(|&q| !p.region[q].is_empty())
                .map(|q| {
                    let cells: Vec<String> = p.region[q].iter().map(|c| b.cell_name(c)).collect();
                    format!("{} ({})", cells.join(" "), self.players[q].name)
                })
                .collect();
            let stops = if p.ends_move {
                "; a chain of jumps stops there"
            } else {
                ""
            };
            out.push_str(&format!(
                "A {} that arrives on {} becomes a {}{stops}.\n",
                self.kinds[p.from],
                whose.join(" or "),
                self.kinds[p.to],
            ));
        }
        if self.precedence != Rules::DEFAULT_PRECEDENCE {
            let order: Vec<String> = self
                .precedence
                .iter()
                .map(|(side, outcome)| {
                    let side = match side {
                        Side::Mover => "the mover",
                        Side::Opponent => "the opponent",
                    };
                    let outcome = match outcome {
                        GoalOutcome::Wins => "wins",
                        GoalOutcome::Loses => "loses",
                    };
                    format!("{side} {outcome}")
                })
                .collect();
            out.push_str(&format!(
                "When several goals hold at once, the first of these decides: {}.\n",
                order.join(", then ")
            ));
        }
        if let Some(limit) = &self.group_limit {
            out.push_str(&format!(
                "No group of one player's pieces may hold more than {} after a move.\n",
                limit.size
            ));
        }
        if self.remove_disconnected.is_some() {
            out.push_str(
                "After a move, every piece not connected to the moved piece's group is removed.\n",
            );
        }
        if self.illegal_if_both_win {
            out.push_str("A move that would make both players win is not allowed.\n");
        }
        let mut goals: Vec<&str> = Vec::new();
        for g in &self.goals {
            if !goals.contains(&g.text.as_str()) {
                goals.push(&g.text);
            }
        }
        if !goals.is_empty() {
            out.push_str("The game ends when a goal is reached:\n");
            for g in goals {
                out.push_str(&format!("  - {g}\n"));
            }
        }
        out.push_str(match self.when_stuck {
            WhenStuck::Pass => "A player who cannot move passes.\n",
            WhenStuck::Lose => "A player who cannot move loses.\n",
            WhenStuck::Win => "A player who cannot move wins.\n",
            WhenStuck::Draw => "When a player cannot move, the game is a draw.\n",
            WhenStuck::Count => {
                "When a player cannot move, the game ends: more pieces on the board wins.\n"
            }
            WhenStuck::PassThenCount => {
                "A player who cannot move passes; when neither can, more pieces on the board wins.\n"
            }
            WhenStuck::PassThenDraw => {
                "A player who cannot move passes; when neither can, the game is a draw.\n"
            }
        });
        if let Some(n) = self.repetition_draw {
            out.push_str(&format!(
                "The game is drawn when a position occurs for the {} time with the same player to move.\n",
                ordinal(n)
            ));
        }
        out
    }

    /// How this game's moves are written, one line for each kind of act
    /// its rules have: what `help` and `rules` explain at the prompt.
    pub fn notation_guide(&self) -> String {
        let actions: Vec<&Action> = self
            .parts
            .iter()
            .flat_map(|p| p.options.iter().map(|o| &o.action))
            .collect();
        let has = |f: fn(&Action) -> bool| actions.iter().any(|a| f(a));
        let mut lines = Vec::new();
        // A neutral kind is placed from no reserve (Amazons' arrows).
        let placed: Vec<Option<KindId>> = self
            .parts
            .iter()
            .flat_map(|p| p.options.iter())
            .filter(|o| matches!(o.action, Action::Place { .. }))
            .map(|o| o.kind)
            .collect();
        let neutral = |k: &Option<KindId>| k.is_some_and(|k| self.neutral[k]);
        if placed.iter().any(|k| !neutral(k)) {
            lines.push("c3          a piece from reserve onto c3".to_string());
        }
        if let Some(Some(k)) = placed.iter().find(|k| neutral(k)) {
            let kind = &self.kinds[*k];
            let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            lines.push(format!("c3          {article} {kind} placed on c3"));
        }
        if has(|a| matches!(a, Action::Enter { .. })) {
            lines.push(
                "a1^         a piece from reserve entered at a1, pushing up (^ up, v down, < left, > right, +up-right…); the arrow may be left out where only one push is possible"
                    .to_string(),
            );
        }
        if has(|a| {
            matches!(
                a,
                Action::Relocate { .. }
                    | Action::Step { .. }
                    | Action::Slide { .. }
                    | Action::Jump { .. }
            )
        }) {
            lines.push(
                "b3-d5       a piece moved from b3 to d5; b3xd5 when it takes what is on d5"
                    .to_string(),
            );
        }
        if has(|a| {
            matches!(
                a,
                Action::Jump {
                    capturing: true,
                    ..
                }
            )
        }) {
            lines.push(
                "a1xe5(b2,d4) a capturing jump from a1 to e5 taking b2 and d4 (in any order); also a1xc3xe5, its landings, or a1xe5 where that is the only such capture"
                    .to_string(),
            );
        }
        let copies = self
            .parts
            .iter()
            .flat_map(|p| &p.options)
            .any(|o| o.leaves_copy);
        if copies {
            lines.push(
                "f6          a copy onto f6 of a piece that can reach it, which stays where it was (every copy onto f6 gives one position)"
                    .to_string(),
            );
        }
        if has(|a| matches!(a, Action::BearOff { .. })) {
            lines.push("e6-off      the top piece of e6 borne off the board".to_string());
        }
        if has(|a| {
            matches!(
                a,
                Action::Return {
                    to_reserve: true,
                    ..
                }
            )
        }) {
            lines.push("c4          the piece on c4 returned to reserve".to_string());
        }
        if has(|a| {
            matches!(
                a,
                Action::Return {
                    to_reserve: false,
                    ..
                }
            )
        }) {
            lines.push("c4          the piece on c4 removed from the game".to_string());
        }
        if self.parts.len() > 1 {
            lines.push("a/b         the parts of one turn, in order, joined by /".to_string());
        }
        if self.when_stuck == WhenStuck::Pass {
            lines.push("pass        when no move is possible".to_string());
        }
        let mut out = String::from("How moves are written in this game:\n");
        for l in lines {
            out.push_str("  ");
            out.push_str(&l);
            out.push('\n');
        }
        out
    }
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    match n {
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        n => format!("{n}{suffix}"),
    }
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ordinals_read_as_english() {
        let words: Vec<String> = [2, 3, 4, 5, 11, 12, 13, 21, 22, 23, 101, 111, 1000]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            words,
            [
                "second", "third", "fourth", "5th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th", "1000th"
            ]
        );
    }
}
