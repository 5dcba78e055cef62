//! `gamut bench GAME [--playouts N | --seconds S] [--seed S] [--ply-cap N]`:
//! random play-outs from the start, single thread.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use super::{Format, OK, USAGE, load_rules, shown};
use crate::ai::random_playout;
use crate::engine::{Engine, Outcome, Overrun, Successors, with_deadline};
use crate::rng::Rng;

#[derive(clap::Args)]
pub(super) struct BenchArgs {
    /// A path to a `.game` file, or the name of a shipped game.
    pub game: String,
    /// Play this many play-outs.
    #[arg(long, conflicts_with = "seconds")]
    pub playouts: Option<u64>,
    /// Play for this many seconds (the default is 5).
    #[arg(long, value_parser = super::parse_seconds)]
    pub seconds: Option<Duration>,
    /// Seed of the random moves; the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a play-out after this many plies and count it as capped.
    #[arg(long, default_value_t = 1000)]
    pub ply_cap: u32,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// What a run measured.
#[derive(Default)]
struct Tally {
    playouts: u64,
    plies: u64,
    wins: [u64; 2],
    draws: u64,
    capped: u64,
}

pub(super) fn run(args: &BenchArgs) -> i32 {
    let rules = match load_rules(&args.game) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    if args.playouts.is_some() && args.seconds.is_some() {
        eprintln!("gamut: give --playouts or --seconds, not both");
        return USAGE;
    }
    let engine = Engine::new(rules);
    let limit = match (args.playouts, args.seconds) {
        (Some(n), _) => Limit::Playouts(n),
        (None, Some(t)) => Limit::Time(t),
        (None, None) => Limit::Time(Duration::from_secs(5)),
    };
    let bar = progress_bar(&limit, args.format);
    let start = engine.start();
    let mut rng = Rng::new(args.seed);
    let mut buffer = Successors::default();
    let mut history = Vec::new();
    let mut tally = Tally::default();
    let began = Instant::now();
    let mut run = || {
        loop {
            let done = match limit {
                Limit::Playouts(n) => tally.playouts >= n,
                Limit::Time(t) => began.elapsed() >= t,
            };
            if done {
                break None;
            }
            history.clear();
            let result = random_playout(
                &engine,
                &start,
                &mut rng,
                args.ply_cap,
                &mut history,
                &mut buffer,
            );
            match result.stopped {
                // The play-out was cut by the time limit: it is not counted.
                Some(Overrun::Deadline) => break None,
                Some(why) => break Some(why),
                None => {}
            }
            tally.playouts += 1;
            tally.plies += result.plies as u64;
            match result.outcome {
                Some(Outcome::Win(p)) => tally.wins[p] += 1,
                Some(Outcome::Draw) => tally.draws += 1,
                None => tally.capped += 1,
            }
            // Set every 64 play-outs, to keep it off the measured loop; the
            // bar's own tick keeps it moving when play-outs are slow.
            if let Some(bar) = &bar
                && tally.playouts % 64 == 0
            {
                match limit {
                    Limit::Playouts(_) => bar.set_position(tally.playouts),
                    Limit::Time(_) => bar.set_position(began.elapsed().as_millis() as u64),
                }
            }
        }
    };
    // A time limit holds inside a play-out too: a listing past it stops.
    let stopped = match limit {
        Limit::Time(t) => with_deadline(began + t, run),
        Limit::Playouts(_) => run(),
    };
    let secs = began.elapsed().as_secs_f64().max(1e-9);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(why) = stopped {
        eprintln!(
            "gamut: bench stopped after {} play-outs: {}",
            tally.playouts,
            shown(&why.to_string())
        );
        return USAGE;
    }
    report(&engine, args, &tally, secs);
    OK
}

enum Limit {
    Playouts(u64),
    Time(Duration),
}

/// A progress bar on a terminal only; JSON output stays clean.
fn progress_bar(limit: &Limit, format: Format) -> Option<indicatif::ProgressBar> {
    if format == Format::Json || !std::io::stderr().is_terminal() {
        return None;
    }
    let (len, template) = match limit {
        Limit::Playouts(n) => (*n, "{bar:40} {pos}/{len} play-outs"),
        Limit::Time(t) => (t.as_millis() as u64, "{bar:40} {elapsed} of the time"),
    };
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

fn report(engine: &Engine, args: &BenchArgs, t: &Tally, secs: f64) {
    let names = [
        engine.rules().players[0].name.clone(),
        engine.rules().players[1].name.clone(),
    ];
    let per_sec = t.playouts as f64 / secs;
    let plies_per_sec = t.plies as f64 / secs;
    let mean = if t.playouts > 0 {
        t.plies as f64 / t.playouts as f64
    } else {
        0.0
    };
    match args.format {
        Format::Json => {
            let v = serde_json::json!({
                "game": engine.rules().name,
                "seed": args.seed,
                "ply_cap": args.ply_cap,
                "playouts": t.playouts,
                "seconds": secs,
                "playouts_per_second": per_sec,
                "plies_per_second": plies_per_sec,
                "mean_length": mean,
                "wins": { names[0].clone(): t.wins[0], names[1].clone(): t.wins[1] },
                "draws": t.draws,
                "capped": t.capped,
            });
            println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        }
        Format::Text => {
            println!(
                "{}: {} random play-outs in {secs:.2} s (seed {})",
                engine.rules().name,
                t.playouts,
                args.seed
            );
            println!("play-outs per second: {per_sec:.0}");
            println!("plies per second:     {plies_per_sec:.0}");
            println!("mean length:          {mean:.1} plies");
            println!("{} wins:         {}", names[0], t.wins[0]);
            println!("{} wins:         {}", names[1], t.wins[1]);
            println!("draws:                {}", t.draws);
            println!(
                "capped:               {} (stopped at the ply cap of {}, a setting of this run)",
                t.capped, args.ply_cap
            );
        }
    }
}
