//! A readable dump of checked rules, for people and for snapshot tests:
//! every resolved set shown as the cells it holds, per player.

use std::fmt::{self, Write};

use super::*;

impl Rules {
    /// The checked rules as text.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        self.write_dump(&mut out).expect("writing to a String");
        out
    }

    fn write_dump(&self, out: &mut String) -> fmt::Result {
        let b = &self.board;
        writeln!(out, "game: {}", self.name)?;
        let holes: Vec<String> = b
            .outline
            .minus(b.cells)
            .iter()
            .map(|c| b.cell_name(c))
            .collect();
        write!(out, "board: {}, {} cells", b.size_text(), b.cells.len())?;
        if !holes.is_empty() {
            write!(out, " (without {})", holes.join(" "))?;
        }
        writeln!(out)?;
        let players: Vec<String> = self
            .players
            .iter()
            .map(|p| format!("{} (facing {})", p.name, p.facing.word()))
            .collect();
        writeln!(out, "players: {}", players.join(", "))?;
        let names = |ids: &[PlayerId]| {
            ids.iter()
                .map(|&i| self.players[i].name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if self.turn_order.prefix.is_empty() {
            writeln!(out, "turns: {}, repeating", names(&self.turn_order.cycle))?;
        } else {
            writeln!(
                out,
                "turns: {}, then {} repeating",
                names(&self.turn_order.prefix),
                names(&self.turn_order.cycle)
            )?;
        }
        let kinds: Vec<String> = (self.kinds.iter().zip(&self.neutral))
            .map(|(k, &neutral)| {
                if neutral {
                    format!("neutral {k}")
                } else {
                    k.clone()
                }
            })
            .collect();
        writeln!(out, "pieces: {}", kinds.join(", "))?;
        for p in PlayerId::BOTH {
            let held: Vec<String> = self.reserve[p]
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(k, n)| format!("{n} {}", self.kinds[k]))
                .collect();
            if !held.is_empty() {
                writeln!(
                    out,
                    "reserve of {}: {}",
                    self.players[p].name,
                    held.join(", ")
                )?;
            }
        }
        if !self.setup.is_empty() {
            writeln!(out, "setup:")?;
            self.write_setup(out)?;
        }
        for r in &self.regions {
            writeln!(out, "region {}:", r.name)?;
            self.write_sets(out, &r.cells)?;
        }
        for (i, part) in self.parts.iter().enumerate() {
            let need = if part.optional {
                "optional"
            } else {
                "mandatory"
            };
            writeln!(out, "part {} ({need}):", i + 1)?;
            for option in &part.options {
                self.write_option(out, option)?;
            }
        }
        if let Some(limit) = &self.group_limit {
            writeln!(
                out,
                "limit: groups of at most {}, connected {}",
                limit.size,
                self.dirs_text(limit.connect)
            )?;
        }
        if let Some(connect) = &self.remove_disconnected {
            writeln!(
                out,
                "after each move: remove pieces not connected {} to the moved piece",
                self.dirs_text(*connect)
            )?;
        }
        if self.illegal_if_both_win {
            writeln!(out, "illegal: a move after which both players win")?;
        }
        match self.mandatory_captures {
            Some(super::Compulsion::Any) => writeln!(out, "captures: mandatory")?,
            Some(super::Compulsion::Most) => {
                writeln!(out, "captures: mandatory, taking the most")?;
            }
            None => {}
        }
        for p in &self.promotions {
            let end = if p.ends_move { ", ending the move" } else { "" };
            writeln!(
                out,
                "promote: {} to {}{end} in",
                self.kinds[p.from], self.kinds[p.to]
            )?;
            self.write_sets(out, &p.region)?;
        }
        for g in &self.goals {
            let outcome = match g.outcome {
                GoalOutcome::Wins => "wins",
                GoalOutcome::Loses => "loses",
            };
            writeln!(out, "goal: {} {outcome} with", self.players[g.player].name)?;
            match &g.test {
                GoalTest::Chain { regions, connect } => {
                    writeln!(
                        out,
                        "  chain connected {} between",
                        self.dirs_text(*connect)
                    )?;
                    for (i, region) in regions.iter().enumerate() {
                        if i > 0 {
                            writeln!(out, "  and")?;
                        }
                        self.write_set(out, "  ", region)?;
                    }
                }
                GoalTest::Network(Network { a, b, min, lines }) => {
                    writeln!(
                        out,
                        "  network of at least {min} pieces along {} lines between",
                        self.dirs_text(*lines)
                    )?;
                    self.write_set(out, "  ", a)?;
                    writeln!(out, "  and")?;
                    self.write_set(out, "  ", b)?;
                }
                GoalTest::AllIn { region } => {
                    writeln!(out, "  all pieces in")?;
                    self.write_set(out, "  ", region)?;
                }
                GoalTest::AllOff => writeln!(out, "  all pieces borne off")?,
                GoalTest::AllConnected { connect } => {
                    writeln!(
                        out,
                        "  all pieces in one group connected {}",
                        self.dirs_text(*connect)
                    )?;
                }
                GoalTest::InRow {
                    count,
                    exact,
                    lines,
                } => {
                    let how = if *exact { "exactly" } else { "at least" };
                    writeln!(
                        out,
                        "  {how} {count} in a row along {}",
                        self.dirs_text(*lines)
                    )?;
                }
                GoalTest::PieceIn { region, kind } => {
                    let what = kind.map_or("piece", |k| self.kinds[k].as_str());
                    writeln!(out, "  a {what} in")?;
                    self.write_set(out, "  ", region)?;
                }
                GoalTest::EnemyAtMost { most, kind } => {
                    let what = kind.map_or("pieces", |k| self.kinds[k].as_str());
                    writeln!(out, "  the opponent owns at most {most} {what}")?;
                }
            }
        }
        let order: Vec<String> = self
            .precedence
            .iter()
            .map(|(s, o)| format!("{s:?} {o:?}").to_lowercase())
            .collect();
        writeln!(out, "precedence: {}", order.join(", "))?;
        // As the file says it.
        let stuck = match self.when_stuck {
            WhenStuck::Pass => "pass",
            WhenStuck::Lose => "lose",
            WhenStuck::Win => "win",
            WhenStuck::Draw => "draw",
            WhenStuck::Count => "count",
            WhenStuck::PassThenCount => "pass, then count",
            WhenStuck::PassThenDraw => "pass, then draw",
        };
        writeln!(out, "when stuck: {stuck}")?;
        if let Some(n) = self.repetition_draw {
            writeln!(out, "draw: on occurrence {n} of a position")?;
        }
        Ok(())
    }

    fn write_option(&self, out: &mut String, o: &MoveRule) -> fmt::Result {
        writeln!(out, "  - {}", o.text)?;
        if let Some(k) = o.kind {
            writeln!(out, "    piece: {}", self.kinds[k])?;
        }
        match &o.action {
            Action::Place { on } => {
                writeln!(out, "    place on:")?;
                self.write_sets(out, on)?;
            }
            Action::Enter { entries } => {
                for (p, lines) in entries.iter().enumerate() {
                    writeln!(out, "    entries of {}:", self.players[p].name)?;
                    for line in lines {
                        let cells: Vec<String> = line
                            .cells
                            .iter()
                            .map(|c| self.board.cell_name(*c))
                            .collect();
                        writeln!(
                            out,
                            "      {} {}: {}",
                            cells[0],
                            self.board.dir_word(line.dir),
                            cells.join(" ")
                        )?;
                    }
                }
            }
            Action::Relocate { to, distance } => {
                match distance {
                    Some(d) => writeln!(out, "    leap {}, to:", show_distance(d))?,
                    None => writeln!(out, "    relocate to:")?,
                }
                self.write_sets(out, to)?;
            }
            Action::Step {
                dirs,
                distance,
                targets,
            } => {
                let distance = if o.line_count {
                    "distance by line count".to_string()
                } else {
                    show_distance(distance)
                };
                writeln!(out, "    step {}, {distance}", self.dir_sets(dirs))?;
                writeln!(out, "    onto {}", show_targets(targets))?;
            }
            Action::Slide {
                dirs,
                with_turns,
                distance,
                targets,
            } => {
                let turns = if *with_turns { " with turns" } else { "" };
                writeln!(
                    out,
                    "    slide {}{turns}, {}",
                    self.dir_sets(dirs),
                    show_distance(distance)
                )?;
                writeln!(out, "    onto {}", show_targets(targets))?;
            }
            Action::Jump {
                legs,
                chained,
                capturing,
            } => {
                for leg in legs {
                    let limit = leg
                        .at_most
                        .map_or(String::new(), |n| format!(", at most {n} per move"));
                    let flying = if leg.any_distance {
                        ", at any distance"
                    } else {
                        ""
                    };
                    // As `Debug` writes it (`Enemy`), and `chained: …` below:
                    // a record's hash of the rules is made from these lines,
                    // so rewording them would orphan every saved game of
                    // draughts (see `cli/record.rs`, `meaning`).
                    writeln!(
                        out,
                        "    jump over {:?} {}{flying}{limit}",
                        leg.over,
                        self.dir_sets(&leg.dirs)
                    )?;
                }
                writeln!(out, "    chained: {chained}, capturing: {capturing}")?;
            }
            Action::BearOff { dirs, distance } => {
                writeln!(
                    out,
                    "    bear off {}, {}",
                    self.dir_sets(dirs),
                    show_distance(distance)
                )?;
            }
            Action::Return { from, to_reserve } => {
                let verb = if *to_reserve { "return" } else { "remove" };
                writeln!(out, "    {verb} from:")?;
                self.write_sets(out, from)?;
            }
        }
        if let Some(test) = &o.only_if {
            match test {
                Test::ReserveEmpty => writeln!(out, "    only when the reserve is empty")?,
                Test::ReserveNotEmpty => writeln!(out, "    only when the reserve is not empty")?,
                Test::OwnPiecesFill(fill) => {
                    writeln!(
                        out,
                        "    only if own pieces fill, from each cell (first non-empty shown):"
                    )?;
                    for (p, sets) in fill.from_cell.iter().enumerate() {
                        if let Some((c, s)) = sets.iter().enumerate().find(|(_, s)| !s.is_empty()) {
                            writeln!(
                                out,
                                "      {} from {}:",
                                self.players[p].name,
                                self.board.cell_name(Cell::new(c))
                            )?;
                            self.write_set(out, "      ", s)?;
                        }
                    }
                }
            }
        }
        if let Some(end) = &o.ending_in {
            writeln!(out, "    ending in:")?;
            self.write_sets(out, end)?;
        }
        if let Some(flank) = &o.flank {
            let what = if flank.convert {
                "converting"
            } else {
                "capturing"
            };
            let how = if flank.adjacent {
                "adjacent"
            } else {
                "flanked"
            };
            let runs = match (flank.shortest_run, flank.longest_run) {
                (1, u32::MAX) => String::new(),
                (low, u32::MAX) => format!(" in runs of {low} or more"),
                (low, high) if low == high => format!(" in runs of {low}"),
                (1, high) => format!(" in runs of up to {high}"),
                (low, high) => format!(" in runs of {low}..{high}"),
            };
            writeln!(
                out,
                "    {what} {how} enemies{runs} along {}",
                self.dir_sets(&flank.dirs)
            )?;
        }
        if let Some(dirs) = &o.dropping {
            writeln!(
                out,
                "    dropping {}",
                self.dir_sets(&dirs.map(crate::rules::DirSet::single))
            )?;
        }
        if let Some(near) = &o.near_last {
            let how = if near.sight { "in sight of" } else { "next to" };
            writeln!(
                out,
                "    {how} the last cell along {}",
                self.dir_sets(&near.dirs)
            )?;
        }
        if let Some(span) = &o.turns {
            match span.last {
                Some(last) if last == span.first => writeln!(out, "    only on turn {last}")?,
                Some(last) => writeln!(out, "    only on turns {}..{last}", span.first)?,
                None => writeln!(out, "    only from turn {}", span.first)?,
            }
        }
        let flags: Vec<&str> = [
            (o.moving_last, "moving the last piece"),
            (o.must_end_further_forward, "must end further forward"),
            (o.must_remove, "must remove a piece"),
            (o.not_on_entry_line, "not on entry line"),
            (o.must_convert, "must convert a piece"),
            (o.must_continue, "must continue"),
            (o.leaves_copy, "leaving a copy"),
            (o.not_over_enemies, "not over enemies"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, w)| *w)
        .collect();
        if !flags.is_empty() {
            writeln!(out, "    {}", flags.join(", "))?;
        }
        Ok(())
    }

    /// One rank of a small map (one character a cell) with its number: on
    /// a hex board spaced out and shifted half a cell a rank, as drawn.
    fn board_row(&self, rank: u8, row: &str) -> String {
        if self.board.shape.is_hex() {
            let spaced: Vec<String> = row.chars().map(String::from).collect();
            let shift = " ".repeat(rank as usize);
            format!("{:>2} {shift}{}", rank + 1, spaced.join(" ").trim_end())
        } else {
            format!("{:>2} {}", rank + 1, row.trim_end())
        }
    }

    /// A set of directions in the board's words: `{up, right}`.
    fn dirs_text(&self, set: DirSet) -> String {
        let words: Vec<&str> = set.iter().map(|d| self.board.dir_word(d)).collect();
        format!("{{{}}}", words.join(", "))
    }

    fn dir_sets(&self, dirs: &PerPlayer<DirSet>) -> String {
        let words = |set: DirSet| self.dirs_text(set);
        if dirs[0] == dirs[1] {
            words(dirs[0])
        } else {
            format!(
                "{} {} / {} {}",
                self.players[0].name,
                words(dirs[0]),
                self.players[1].name,
                words(dirs[1])
            )
        }
    }

    /// Each named region drawn on the board (`x` its cells), per player
    /// where the players' regions differ: what `rules` shows a player.
    pub fn regions_drawn(&self) -> String {
        let mut out = String::new();
        for region in &self.regions {
            let _ = writeln!(out, "  {}:", region.name);
            let _ = self.write_sets(&mut out, &region.cells);
        }
        out
    }

    /// A per-player set: once when both players see the same cells.
    fn write_sets(&self, out: &mut String, sets: &PerPlayer<CellSet>) -> fmt::Result {
        if sets[0] == sets[1] {
            self.write_set(out, "    ", &sets[0])
        } else {
            for (p, s) in sets.iter().enumerate() {
                writeln!(out, "    for {}:", self.players[p].name)?;
                self.write_set(out, "      ", s)?;
            }
            Ok(())
        }
    }

    /// A set as a small map of the board, top rank first: `x` in the set,
    /// `.` not, a space for a hole.
    fn write_set(&self, out: &mut String, indent: &str, set: &CellSet) -> fmt::Result {
        let b = &self.board;
        for r in (0..b.height).rev() {
            let row: String = (0..b.width)
                .map(|f| {
                    let c = b.cell_at(f, r);
                    if !b.cells.contains(c) {
                        ' '
                    } else if set.contains(c) {
                        'x'
                    } else {
                        '.'
                    }
                })
                .collect();
            writeln!(out, "{indent}  {}", self.board_row(r, &row))?;
        }
        Ok(())
    }

    fn write_setup(&self, out: &mut String) -> fmt::Result {
        let b = &self.board;
        for r in (0..b.height).rev() {
            let mut row = String::new();
            for f in 0..b.width {
                let c = b.cell_at(f, r);
                let piece = self.setup.iter().find(|p| p.cell == c);
                let ch = match piece {
                    _ if !b.cells.contains(c) => ' ',
                    None => '.',
                    Some(SetupPiece { player: None, .. }) => '*',
                    Some(SetupPiece {
                        player: Some(player),
                        ..
                    }) => {
                        let initial = self.players[*player].name.chars().next().unwrap_or('?');
                        if player.index() == 0 {
                            initial.to_ascii_uppercase()
                        } else {
                            initial.to_ascii_lowercase()
                        }
                    }
                };
                row.push(ch);
            }
            writeln!(out, "    {}", self.board_row(r, &row))?;
        }
        let tall: Vec<String> = self
            .setup
            .iter()
            .filter(|p| p.height > 1)
            .map(|p| format!("{}: {}", b.cell_name(p.cell), p.height))
            .collect();
        if !tall.is_empty() {
            writeln!(out, "    stacks: {}", tall.join(", "))?;
        }
        if self.kinds.len() > 1 {
            for (k, name) in KindId::all(self.kinds.len()).zip(&self.kinds) {
                let cells: Vec<String> = self
                    .setup
                    .iter()
                    .filter(|p| p.kind == k)
                    .map(|p| b.cell_name(p.cell))
                    .collect();
                writeln!(out, "    {name}: {}", cells.join(" "))?;
            }
        }
        Ok(())
    }
}

fn show_distance(d: &Distance) -> String {
    match (d.min, d.max) {
        (1, None) => "distance 1 up to the stack's height".to_string(),
        (min, None) => format!("distance {min} up to the stack's height"),
        (1, Some(u32::MAX)) => "any distance".to_string(),
        (min, Some(max)) if min == max => format!("distance {min}"),
        (min, Some(max)) => format!("distance {min} to {max}"),
    }
}

fn show_targets(t: &Targets) -> String {
    let mut parts = Vec::new();
    if t.empty {
        parts.push("empty".to_string());
    }
    for (word, cmp) in [("friend", t.friend), ("enemy", t.enemy)] {
        match cmp {
            Some(HeightCompare::Any) => parts.push(word.to_string()),
            Some(c) => parts.push(format!("{word} ({c:?})")),
            None => {}
        }
    }
    parts.join(", ")
}
