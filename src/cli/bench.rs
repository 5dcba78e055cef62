//! `gamut bench GAME [--playouts N | --seconds S] [--threads N]`: random
//! play-outs from the start on every core, then the computer player's
//! search from the start for as long, each in its own speed.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::{Format, OK, USAGE, load_rules, shown};
use crate::ai::{Budget, Strategy, bout_seed, mcts_choose, random_playout};
use crate::engine::{Engine, Outcome, Overrun, Successors, with_deadline};
use crate::rng::Rng;

#[derive(clap::Args)]
pub(super) struct BenchArgs {
    /// A path to a `.game` file, or the name of a shipped game.
    pub game: String,
    /// Play this many play-outs, then search for as many iterations.
    #[arg(long, conflicts_with = "seconds", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub playouts: Option<u64>,
    /// Play for this many seconds, then search for as long (the default
    /// is 5).
    #[arg(long, value_parser = super::parse_seconds)]
    pub seconds: Option<Duration>,
    /// Seed of the random moves; the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a play-out after this many plies and count it as capped.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub ply_cap: u32,
    /// Threads playing at once (the default is one per core); with
    /// `--playouts`, the results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Skip the second measure: the computer player's search from the
    /// start, for as long as the play-outs ran.
    #[arg(long)]
    pub no_search: bool,
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

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.playouts += other.playouts;
        self.plies += other.plies;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        self.capped += other.capped;
    }
}

pub(super) fn run(args: &BenchArgs) -> i32 {
    let rules = match load_rules(&args.game) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    if args.playouts.is_some() && args.seconds.is_some() {
        errln!("gamut: give --playouts or --seconds, not both");
        return USAGE;
    }
    let engine = Engine::new(rules);
    let limit = match (args.playouts, args.seconds) {
        (Some(n), _) => Limit::Playouts(n),
        (None, Some(t)) => Limit::Time(t),
        (None, None) => Limit::Time(Duration::from_secs(5)),
    };
    let threads = args
        .threads
        .map_or_else(super::seat::all_cores, |t| t as usize);
    let bar = progress_bar(&limit, args.format);
    let began = Instant::now();
    let (tally, stopped) = playouts(&engine, args, &limit, threads, bar.as_ref());
    let secs = began.elapsed().as_secs_f64().max(1e-9);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(why) = stopped {
        errln!(
            "gamut: bench stopped after {} play-outs: {}",
            tally.playouts,
            shown(&why.to_string())
        );
        return USAGE;
    }
    if let (Limit::Time(t), 0) = (&limit, tally.playouts) {
        // Nothing was measured: a rate of 0 would read as a broken engine.
        errln!(
            "gamut: bench finished no play-out in {:.2} s: the first was still being played \
             when time ran out (a position may take up to about four million steps of work \
             to list); give it more --seconds",
            t.as_secs_f64()
        );
        return USAGE;
    }
    let search = if args.no_search {
        None
    } else {
        let spinner = spinner(args.format);
        let measured = search_rate(&engine, args, &limit, threads);
        if let Some(spinner) = spinner {
            spinner.finish_and_clear();
        }
        // The play-outs were measured: a search that cannot run is said,
        // not fatal.
        measured.unwrap_or_else(|why| {
            errln!(
                "gamut: the search from the start could not be measured: {}",
                shown(&why.to_string())
            );
            None
        })
    };
    report(&engine, args, &tally, secs, threads, search);
    OK
}

/// When a timed bench looks at the clock: before every play-out where
/// they are slow, and every few where they are fast, so that reading the
/// clock (2–3 % of a tic-tac-toe play-out) stays off the measured loop. A
/// look comes at least every millisecond or so; a play-out begun past the
/// time is cut by the engine's own deadline and not counted.
struct Clock {
    /// Play-outs until the next look.
    left: u32,
    /// Play-outs between looks.
    stride: u32,
    /// When the last look was, from the start.
    last: Duration,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            left: 0,
            stride: 1,
            last: Duration::ZERO,
        }
    }
}

impl Clock {
    /// Whether `time` from `began` has passed, looking only now and then.
    fn past(&mut self, began: Instant, time: Duration) -> bool {
        if self.left > 0 {
            self.left -= 1;
            return false;
        }
        let now = began.elapsed();
        let between = now.saturating_sub(self.last);
        self.stride = if between < Duration::from_micros(250) {
            (self.stride * 2).min(1024)
        } else if between > Duration::from_millis(2) {
            (self.stride / 2).max(1)
        } else {
            self.stride
        };
        self.last = now;
        self.left = self.stride - 1;
        now >= time
    }
}

/// Random play-outs from the start on `threads` threads, until the limit.
/// Play-out `i` is seeded by the run's seed and `i` alone, so a run of a
/// number of play-outs gives the same results on any number of threads.
fn playouts(
    engine: &Engine,
    args: &BenchArgs,
    limit: &Limit,
    threads: usize,
    bar: Option<&indicatif::ProgressBar>,
) -> (Tally, Option<Overrun>) {
    let start = engine.start();
    let next = AtomicU64::new(0);
    let halt = AtomicBool::new(false);
    let total = Mutex::new((Tally::default(), None));
    let began = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut buffer = Successors::default();
                let mut history = Vec::new();
                let mut tally = Tally::default();
                let mut clock = Clock::default();
                let mut run = || loop {
                    if halt.load(Ordering::Relaxed) {
                        break None;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let done = match *limit {
                        Limit::Playouts(n) => i >= n,
                        Limit::Time(t) => clock.past(began, t),
                    };
                    if done {
                        break None;
                    }
                    history.clear();
                    let mut rng = Rng::new(bout_seed(args.seed, i as usize));
                    let result = random_playout(
                        engine,
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
                    tally.plies += u64::from(result.plies);
                    match result.outcome {
                        Some(Outcome::Win(p)) => tally.wins[p] += 1,
                        Some(Outcome::Draw) => tally.draws += 1,
                        None => tally.capped += 1,
                    }
                    // Set every 64 play-outs, to keep it off the measured
                    // loop; the bar's own tick keeps it moving when
                    // play-outs are slow.
                    if let Some(bar) = bar
                        && i.is_multiple_of(64)
                    {
                        match limit {
                            Limit::Playouts(_) => bar.set_position(i),
                            Limit::Time(_) => bar.set_position(began.elapsed().as_millis() as u64),
                        }
                    }
                };
                // A time limit holds inside a play-out too: a listing past it stops.
                let stopped = match *limit {
                    Limit::Time(t) => with_deadline(began + t, run),
                    Limit::Playouts(_) => run(),
                };
                if stopped.is_some() {
                    halt.store(true, Ordering::Relaxed);
                }
                if let Ok(mut total) = total.lock() {
                    total.0.add(&tally);
                    if total.1.is_none() {
                        total.1 = stopped;
                    }
                }
            });
        }
    });
    total.into_inner().unwrap_or_default()
}

/// What a search from the start measured: iterations a second, on how
/// many threads.
struct SearchRate {
    iterations: u32,
    seconds: f64,
    threads: usize,
}

/// The computer player's search from the start, on `threads` threads,
/// for as long as the play-outs ran (or as many iterations as there were
/// play-outs), measured in iterations a second: the speed that matters
/// to the player, with its listing of replies and its guided play-outs.
fn search_rate(
    engine: &Engine,
    args: &BenchArgs,
    limit: &Limit,
    threads: usize,
) -> Result<Option<SearchRate>, Overrun> {
    let budget = match *limit {
        Limit::Playouts(n) => Budget::Iterations(n.min(u64::from(u32::MAX)) as u32),
        Limit::Time(t) => Budget::Time(t),
    };
    let config = super::seat::config(Strategy::Solver, budget, threads);
    let mut rng = Rng::new(args.seed);
    let began = Instant::now();
    let choice = mcts_choose(engine, &engine.start(), &[], &config, &mut rng)?;
    Ok(choice.map(|c| SearchRate {
        iterations: c.iterations,
        seconds: began.elapsed().as_secs_f64().max(1e-9),
        threads: config.threads,
    }))
}

enum Limit {
    Playouts(u64),
    Time(Duration),
}

/// A progress bar on a terminal only; JSON output stays clean.
fn progress_bar(limit: &Limit, format: Format) -> Option<indicatif::ProgressBar> {
    if format == Format::Json {
        return None;
    }
    match limit {
        Limit::Playouts(n) => super::progress_bar(*n, "{bar:40} {pos}/{len} play-outs"),
        Limit::Time(t) => {
            super::progress_bar(t.as_millis() as u64, "{bar:40} {elapsed} of the time")
        }
    }
}

/// A spinner on a terminal while the search is measured.
fn spinner(format: Format) -> Option<indicatif::ProgressBar> {
    if format == Format::Json || !std::io::stderr().is_terminal() {
        return None;
    }
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.set_message("then the computer player's search from the start");
    spinner.enable_steady_tick(Duration::from_millis(200));
    Some(spinner)
}

fn report(
    engine: &Engine,
    args: &BenchArgs,
    t: &Tally,
    secs: f64,
    threads: usize,
    search: Option<SearchRate>,
) {
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
    let iterations_per_sec = search.as_ref().map(|s| f64::from(s.iterations) / s.seconds);
    match args.format {
        Format::Json => {
            let v = serde_json::json!({
                "game": engine.rules().name,
                "seed": args.seed,
                "ply_cap": args.ply_cap,
                "threads": threads,
                "playouts": t.playouts,
                "seconds": secs,
                "playouts_per_second": per_sec,
                "plies_per_second": plies_per_sec,
                "mean_length": mean,
                "wins": { names[0].clone(): t.wins[0], names[1].clone(): t.wins[1] },
                "draws": t.draws,
                "capped": t.capped,
                "search": search.as_ref().map(|s| serde_json::json!({
                    "iterations": s.iterations,
                    "seconds": s.seconds,
                    "threads": s.threads,
                    "iterations_per_second": f64::from(s.iterations) / s.seconds,
                })),
            });
            outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        }
        Format::Text => {
            outln!(
                "{}: {} random play-outs in {secs:.2} s on {} (seed {})",
                engine.rules().name,
                t.playouts,
                super::counted(threads, "thread"),
                args.seed
            );
            let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) + 6;
            let width = width.max(21);
            let line = |label: &str, value: String| outln!("{label:width$} {value}");
            line("play-outs per second:", format!("{per_sec:.0}"));
            line("plies per second:", format!("{plies_per_sec:.0}"));
            line("mean length:", format!("{mean:.1} plies"));
            line(&format!("{} wins:", names[0]), t.wins[0].to_string());
            line(&format!("{} wins:", names[1]), t.wins[1].to_string());
            line("draws:", t.draws.to_string());
            line(
                "capped:",
                format!(
                    "{} (stopped at the ply cap of {}, a setting of this run)",
                    t.capped, args.ply_cap
                ),
            );
            if let (Some(s), Some(rate)) = (&search, iterations_per_sec) {
                line(
                    "search iterations/s:",
                    format!(
                        "{rate:.0} ({} iterations of mcts from the start in {:.2} s on {}; {:.2} of the play-outs' rate)",
                        s.iterations,
                        s.seconds,
                        super::counted(s.threads, "thread"),
                        rate / per_sec.max(1e-9)
                    ),
                );
            }
        }
    }
}
