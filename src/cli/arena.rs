//! `gamut arena GAME SEAT SEAT [--games N] [--think S | --iterations N]`:
//! seeded games between two computer players, each side in turn, on all
//! cores; the first seat's score with its 95 % interval.

use std::time::Duration;

use super::seat::{self, Seat};
use super::{Format, OK, USAGE, load_rules, shown};
use crate::ai::{Budget, Schedule, Tally, arena};
use crate::engine::Engine;

#[derive(clap::Args)]
pub(super) struct ArenaArgs {
    /// A path to a `.game` file, or the name of a shipped game.
    pub game: String,
    /// The two players: random, uct or mcts, with a strength after a
    /// colon if they are to differ (`mcts:2s`, `uct:5000`, `mcts:easy`).
    #[arg(num_args = 2, value_names = ["SEAT", "SEAT"], required = true)]
    pub seats: Vec<String>,
    /// How many games; the first seat plays the first player in the even ones.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Seconds each search thinks per move (the default is 0.1).
    #[arg(long, conflicts_with = "iterations", value_parser = super::parse_seconds)]
    pub think: Option<Duration>,
    /// Iterations each search runs per move, instead of a time: the
    /// results then depend only on the seed.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub iterations: Option<u32>,
    /// Seed of the run: game `i` is the same whatever the threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (the default is one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Stop a game after this many moves and count it as unfinished (half
    /// a point each).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub ply_cap: u32,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub(super) fn run(args: &ArenaArgs) -> i32 {
    let rules = match load_rules(&args.game) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let budget = match (args.iterations, args.think) {
        (Some(n), _) => Budget::Iterations(n),
        (None, Some(t)) => Budget::Time(t),
        (None, None) => Budget::Time(Duration::from_millis(100)),
    };
    let mut seats = Vec::new();
    let mut contenders = Vec::new();
    for text in &args.seats {
        let parsed = Seat::parse(text, budget);
        match parsed.map(|s| (s, s.contender(1))) {
            Ok((seat, Some(contender))) => {
                seats.push(seat);
                contenders.push(contender);
            }
            Ok((_, None)) => {
                errln!("gamut: a person cannot sit in the arena; use random, uct or mcts");
                return USAGE;
            }
            Err(message) => {
                errln!("gamut: {}", shown(&message));
                return USAGE;
            }
        }
    }
    let contenders = [contenders[0], contenders[1]];
    let engine = Engine::new(rules);
    let games = args.games as usize;
    let threads = args
        .threads
        .map_or_else(seat::all_cores, |t| t as usize)
        .min(games);
    // JSON output stays clean.
    let bar = match args.format {
        Format::Json => None,
        Format::Text => super::progress_bar(games as u64, "{bar:40} {pos}/{len} games, {eta} left"),
    };
    let done = |_: &crate::ai::Bout| {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let schedule = Schedule {
        games,
        seed: args.seed,
        threads,
        ply_cap: args.ply_cap,
    };
    let bouts = arena(&engine, &contenders, schedule, &done);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(why) = bouts.iter().find_map(|b| b.stopped.as_ref()) {
        errln!(
            "gamut: some games stopped where a position's moves could not be listed: {}",
            shown(&why.to_string())
        );
    }
    let tally = Tally::of(&bouts);
    // Wins of the first seat by the side it played.
    let mut by_side = [0usize; 2];
    for b in &bouts {
        if b.winner() == Some(0) {
            by_side[b.first] += 1;
        }
    }
    let words: Vec<String> = seats.iter().map(Seat::word).collect();
    let players = engine.rules().player_names();
    match args.format {
        Format::Json => {
            let value = serde_json::json!({
                "game": engine.rules().name,
                "seats": words,
                "games": tally.games,
                "seed": args.seed,
                "threads": threads,
                "wins": tally.wins,
                "first_seat_wins_as": { players[0]: by_side[0], players[1]: by_side[1] },
                "draws": tally.draws,
                "unfinished": tally.unfinished,
                "score": tally.score.value,
                "interval": [tally.score.low, tally.score.high],
                "mean_plies": tally.mean_plies,
            });
            outln!(
                "{}",
                serde_json::to_string_pretty(&value).unwrap_or_default()
            );
        }
        Format::Text => {
            // A seat against itself: the rows say which seat is which.
            let rows: Vec<String> = if words[0] == words[1] {
                vec![
                    format!("{} (first seat)", words[0]),
                    format!("{} (second seat)", words[1]),
                ]
            } else {
                words.clone()
            };
            let width = rows.iter().map(String::len).max().unwrap_or(0);
            outln!(
                "{}: {} game{} of {} against {} on {threads} thread{}",
                engine.rules().name,
                tally.games,
                if tally.games == 1 { "" } else { "s" },
                words[0],
                words[1],
                if threads == 1 { "" } else { "s" }
            );
            outln!(
                "  {:width$}  wins {:>4} ({} as {}, {} as {})",
                rows[0],
                tally.wins[0],
                by_side[0],
                players[0],
                by_side[1],
                players[1]
            );
            outln!("  {:width$}  wins {:>4}", rows[1], tally.wins[1]);
            outln!(
                "  draws {}, unfinished {} (the ply cap or a listing)",
                tally.draws,
                tally.unfinished
            );
            outln!(
                "{} scores {:.1}% (95% interval {:.1}% to {:.1}%); games last {:.1} moves on average",
                rows[0],
                tally.score.value * 100.0,
                tally.score.low * 100.0,
                tally.score.high * 100.0,
                tally.mean_plies
            );
        }
    }
    OK
}
