//! `gamut perft GAME DEPTH [--divide] [--moves "m1 m2 …"] [--seconds S]`

use std::time::Instant;

use super::{Format, OK, USAGE, load_rules, shown};
use crate::engine::{Engine, Game, Outcome, Overrun, Status, divide, perft};

pub(super) fn run(
    game: &str,
    depth: u32,
    show_divide: bool,
    moves: Option<&str>,
    format: Format,
) -> i32 {
    let rules = match load_rules(game) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let engine = Engine::new(rules);
    let mut played = Game::new(&engine);
    for text in moves.unwrap_or("").split_whitespace() {
        if let Err(e) = played.play(text) {
            errln!(
                "gamut: after {}: {}",
                super::counted(played.moves().len(), "move"),
                shown(&e.to_string())
            );
            return USAGE;
        }
    }
    let pos = played.position().clone();
    let mut history = played.history_keys().to_vec();
    // A count of 0 from a finished game says why (on stderr: the counts
    // on stdout stay as they are).
    if let Status::Over(outcome) = played.status() {
        let result = match outcome {
            Outcome::Win(p) => format!("{} has won", engine.rules().players[p].name),
            Outcome::Draw => "it is drawn".to_string(),
        };
        errln!("gamut: the game is over in this position ({result}): it has no moves");
    }
    if show_divide {
        let started = Instant::now();
        let counts = match divide(&engine, &pos, depth, &mut history) {
            Ok(counts) => counts,
            Err(why) => return stopped(&why),
        };
        let moves: Vec<_> = counts.iter().map(|(mv, _)| *mv).collect();
        let counts: Vec<(String, u64)> = engine
            .notations(&pos, &moves)
            .into_iter()
            .zip(counts.iter().map(|(_, n)| *n))
            .collect();
        let total: u64 = counts.iter().map(|(_, n)| n).sum();
        match format {
            Format::Text => {
                for (mv, n) in &counts {
                    outln!("{mv} {n}");
                }
                outln!("total {total}");
            }
            Format::Json => {
                let moves: Vec<serde_json::Value> = counts
                    .iter()
                    .map(|(mv, n)| serde_json::json!({ "move": mv, "leaves": n }))
                    .collect();
                let v = serde_json::json!({ "depth": depth, "divide": moves, "total": total });
                outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
            }
        }
        report_speed(total, started);
        return OK;
    }
    let started = Instant::now();
    let mut counts = vec![1];
    if depth == 0 && format == Format::Text {
        outln!("perft(0) = 1");
    }
    for d in 1..=depth {
        // Past a depth with no leaf the tree has ended: every deeper count
        // is 0, and walking the tree again to find so is only time.
        let ended = counts.last() == Some(&0);
        let leaves = if ended {
            0
        } else {
            match perft(&engine, &pos, d, &mut history) {
                Ok(n) => n,
                Err(why) => return stopped(&why),
            }
        };
        if format == Format::Text {
            outln!("perft({d}) = {leaves}");
        }
        counts.push(leaves);
    }
    if format == Format::Json {
        // `leaves[d]` is perft(d), from depth 0.
        let v = serde_json::json!({
            "depth": depth,
            "leaves": counts,
            "seconds": started.elapsed().as_secs_f64(),
        });
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    }
    report_speed(*counts.last().unwrap_or(&1), started);
    OK
}

/// Says why a count could not be finished.
fn stopped(why: &Overrun) -> i32 {
    if *why == Overrun::Deadline {
        errln!("gamut: perft stopped: the time given with --seconds ran out");
        return USAGE;
    }
    errln!("gamut: perft stopped: {}", shown(&why.to_string()));
    errln!("gamut: a rule of this game makes some position's moves too many to list");
    USAGE
}

fn report_speed(nodes: u64, started: Instant) {
    let secs = started.elapsed().as_secs_f64();
    if secs > 0.0 {
        errln!(
            "{nodes} leaves at the last depth in {secs:.3} s, {:.0} leaves/s",
            nodes as f64 / secs
        );
    }
}
