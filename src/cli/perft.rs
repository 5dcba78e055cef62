//! `gamut perft GAME DEPTH [--divide] [--moves "m1 m2 …"]`

use std::time::Instant;

use super::{OK, USAGE, load_rules, shown};
use crate::engine::{Engine, Game, divide, perft};

pub fn run(game: &str, depth: u32, show_divide: bool, moves: Option<&str>) -> i32 {
    let rules = match load_rules(game) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let engine = Engine::new(rules);
    let mut played = Game::new(&engine);
    for text in moves.unwrap_or("").split_whitespace() {
        if let Err(e) = played.play(text) {
            eprintln!(
                "gamut: after {} moves: {}",
                played.moves().len(),
                shown(&e.to_string())
            );
            return USAGE;
        }
    }
    let pos = played.position().clone();
    let mut history = played.history_keys();
    if show_divide {
        let started = Instant::now();
        let mut total = 0;
        for (mv, n) in divide(&engine, &pos, depth, &mut history) {
            println!("{} {n}", engine.notation(&pos, &mv));
            total += n;
        }
        println!("total {total}");
        report_speed(total, started);
        return OK;
    }
    let started = Instant::now();
    let mut nodes = 0;
    for d in 1..=depth {
        let n = perft(&engine, &pos, d, &mut history);
        nodes += n;
        println!("perft({d}) = {n}");
    }
    report_speed(nodes, started);
    OK
}

fn report_speed(nodes: u64, started: Instant) {
    let secs = started.elapsed().as_secs_f64();
    if secs > 0.0 {
        eprintln!(
            "{nodes} leaves in {secs:.3} s, {:.0} leaves/s",
            nodes as f64 / secs
        );
    }
}
