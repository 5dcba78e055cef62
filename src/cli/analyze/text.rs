//! The report as a table on the terminal: the games side by side, then
//! each game's lengths, branching along the game and map of landings.

use std::fmt::Write;

use super::{GameReport, Report};
use crate::ai::Rate;
use crate::cli::shown;

/// The whole report as text.
pub(super) fn table(report: &Report) -> String {
    let mut out = String::new();
    let names: Vec<String> = super::labels(report)
        .iter()
        .map(|l| shown(l).into_owned())
        .collect();
    // Seat words come from a file when slices are merged: shown, not raw.
    let players = shown(&super::players_words(report)).into_owned();
    let _ = writeln!(
        out,
        "{}: {} game{}{} of {players}, seed {}{}",
        names.join(" and "),
        report.games,
        if report.games == 1 { "" } else { "s" },
        // Each of several games; one game's are just its own.
        if names.len() > 1 { " each" } else { "" },
        report.seed,
        report
            .shard
            .as_ref()
            .map_or(String::new(), |s| format!(", slice {s}"))
    );
    if report.interrupted {
        let _ = writeln!(
            out,
            "(interrupted by Ctrl-C: the figures are of the games played by then)"
        );
    }
    if report.players[0] != report.players[1] {
        let _ = writeln!(
            out,
            "(the sides are played by different players: who wins says as much of the players as of the game)"
        );
    }
    if report.skill.len() >= 2 {
        let _ = writeln!(
            out,
            "skill ladder: {}, {} games between each rung and the one below",
            shown(&report.skill.join(", ")),
            report.skill_games
        );
    }
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    rows.push((
        "games played".to_string(),
        report
            .results
            .iter()
            .map(|r| r.counts.games.to_string())
            .collect(),
    ));
    // A slice may hold no game of its own (`--games 3 --shard 4/5`): its
    // figures are not zeros but nothing, shown as a dash.
    let mut row = |label: &str, f: &dyn Fn(&GameReport) -> String| {
        let cells = report.results.iter().map(|r| match r.counts.games {
            0 => "-".to_string(),
            _ => f(r),
        });
        rows.push((label.to_string(), cells.collect()));
    };
    // Wins of the player who moves first, then of the other: by name when
    // every game has the same players in the same order, else with the
    // name in each cell.
    let same = super::same_sides(report);
    for (mover, place) in [(0, "first"), (1, "second")] {
        let side = |r: &GameReport| (r.figures.outcomes.first + mover) % 2;
        if same {
            let label = format!(
                "{} wins",
                report.results[0].players[side(&report.results[0])]
            );
            row(&shown(&label), &|r| rate(r.figures.outcomes.wins[side(r)]));
        } else {
            row(&format!("{place} player wins"), &|r| {
                format!(
                    "{} {}",
                    shown(&r.players[side(r)]),
                    rate(r.figures.outcomes.wins[side(r)])
                )
            });
        }
    }
    // With its interval once a game drew: whether a rule change made a
    // game more drawish is a designer's question too.
    row("draws", &|r| match r.figures.outcomes.draws {
        d if d.value > 0.0 => rate(d),
        d => percent(d.value),
    });
    row(&format!("unfinished (cap {})", report.ply_cap), &|r| {
        percent(r.figures.outcomes.unfinished.value)
    });
    row("first player scores", &|r| {
        if same {
            rate(r.figures.outcomes.first_player)
        } else {
            format!(
                "{} {}",
                shown(&r.players[r.figures.outcomes.first]),
                rate(r.figures.outcomes.first_player)
            )
        }
    });
    row("balance", &|r| {
        shown(&super::balance(report, r)).into_owned()
    });
    row("length: mean ± sd", &|r| {
        format!(
            "{:.1} ± {:.1}",
            r.figures.length.mean, r.figures.length.spread
        )
    });
    row("  median [quartiles]", &|r| {
        let l = &r.figures.length;
        format!("{} [{}-{}]", trim(l.median), l.quartile_1, l.quartile_3)
    });
    row("  shortest-longest", &|r| {
        format!("{}-{}", r.figures.length.min, r.figures.length.max)
    });
    row("legal moves a turn", &|r| {
        format!("{:.1}", r.figures.branching.mean)
    });
    row("forced moves", &|r| percent(r.figures.branching.forced));
    row("board used a game", &|r| percent(r.figures.board_used));
    // The ladder's rows go by the ladder's games, which a run cut short
    // may have played without any self-play game.
    let ladder_played =
        |r: &GameReport, step: usize| r.counts.ladder.get(step).is_some_and(|s| s.games > 0);
    for (step, pair) in report.skill.windows(2).enumerate() {
        let cells = report
            .results
            .iter()
            .map(|r| match r.figures.skill.get(step) {
                Some(s) if ladder_played(r, step) => rate(*s),
                Some(_) | None => "-".to_string(),
            });
        rows.push((
            shown(&format!("{} over {}", pair[1], pair[0])).into_owned(),
            cells.collect(),
        ));
    }
    if report.skill.len() >= 2 {
        let cells = report.results.iter().map(|r| {
            if (0..report.skill.len() - 1).any(|step| ladder_played(r, step)) {
                shown(&super::depth(report, r)).into_owned()
            } else {
                "-".to_string()
            }
        });
        rows.push(("depth".to_string(), cells.collect()));
    }
    let label_width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..names.len())
        .map(|g| {
            rows.iter()
                .map(|(_, cells)| cells[g].chars().count())
                .chain([names[g].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut line = |label: &str, cells: &[String]| {
        let mut text = format!("  {label:label_width$}");
        for (cell, width) in cells.iter().zip(&widths) {
            let _ = write!(text, "   {cell:width$}");
        }
        let _ = writeln!(out, "{}", text.trim_end());
    };
    line("", &names);
    for (label, cells) in &rows {
        line(label, cells);
    }
    for (r, label) in report.results.iter().zip(&names) {
        out.push('\n');
        out.push_str(&details(r, label));
    }
    out
}

/// `58.2% (53.8-62.5)`: a rate with its 95 % interval.
fn rate(r: Rate) -> String {
    format!(
        "{} ({:.1}-{:.1})",
        percent(r.value),
        r.low * 100.0,
        r.high * 100.0
    )
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// A median: whole, or halfway between two lengths.
fn trim(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// One game's lengths, branching along the game, and map of landings.
fn details(r: &GameReport, label: &str) -> String {
    let mut out = String::new();
    let name = shown(label);
    let _ = writeln!(out, "{name}: game lengths in moves");
    let bins = &r.figures.length.histogram;
    let most = bins.iter().map(|b| b.games).max().unwrap_or(0).max(1);
    let span_width = bins
        .iter()
        .map(|b| span(b.from, b.to).len())
        .max()
        .unwrap_or(0);
    for b in bins {
        let bar = "#".repeat((u128::from(b.games) * 40).div_ceil(u128::from(most)) as usize);
        let _ = writeln!(
            out,
            "  {:>span_width$}  {:>6}  {bar}",
            span(b.from, b.to),
            b.games
        );
    }
    let _ = writeln!(
        out,
        "{name}: legal moves a turn, by tenth of the game (- where no game had a move: games shorter than ten moves skip some tenths)"
    );
    let tenths: Vec<String> = r
        .figures
        .branching
        .by_tenth
        .iter()
        .map(|t| t.map_or("-".into(), |x| format!("{x:.1}")))
        .collect();
    let _ = writeln!(out, "  {}", tenths.join("  "));
    let _ = writeln!(
        out,
        "{name}: where moves land (0-9 by the share of the busiest cell's count, rounded; . never; blank: not a cell)"
    );
    out.push_str(&heat_map(r));
    out
}

/// `12-15`, or `12` for a bin of one length.
fn span(from: u32, to: u32) -> String {
    if from == to {
        from.to_string()
    } else {
        format!("{from}-{to}")
    }
}

/// The board with a digit on each cell for how many moves landed there.
fn heat_map(r: &GameReport) -> String {
    let map = &r.board;
    let most = r.counts.landings.iter().copied().max().unwrap_or(0);
    let mut grid = vec![vec![' '; map.width as usize]; map.height as usize];
    for (place, &n) in map.cells.iter().zip(&r.counts.landings) {
        let mark = if n == 0 {
            '.'
        } else {
            // 0 to 9 by the share of the busiest cell, rounded: cells
            // as busy as each other within a twentieth show the same digit.
            let most = u128::from(most.max(1));
            char::from(b'0' + ((u128::from(n) * 9 + most / 2) / most).min(9) as u8)
        };
        if let Some(cell) = grid
            .get_mut(place.rank as usize)
            .and_then(|row| row.get_mut(place.file as usize))
        {
            *cell = mark;
        }
    }
    let mut out = String::new();
    for rank in (0..map.height as usize).rev() {
        let indent = if map.hex {
            " ".repeat(rank)
        } else {
            String::new()
        };
        let cells: Vec<String> = grid[rank].iter().map(char::to_string).collect();
        let _ = writeln!(
            out,
            "  {:>3} {indent}{}",
            rank + 1,
            cells.join(" ").trim_end()
        );
    }
    let files: Vec<String> = (0..map.width)
        .map(|f| super::file_letter(f).to_string())
        .collect();
    let _ = writeln!(out, "      {}", files.join(" "));
    out
}
