//! `gamut analyze GAME [GAME...]`: seeded self-play of each game and a
//! skill ladder, reported as a table, JSON or a page of charts; and
//! `gamut analyze merge FILE...`, which adds up the JSON of a run's slices
//! into exactly what the whole run prints. See docs/ANALYZE.md.

mod html;
mod text;

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::interrupt::Interrupt;
use super::seat::{self, Seat};
use super::{Format, OK, USAGE, load_rules, shown};
use crate::ai::{Budget, Contender};
use crate::analysis::{Balance, Counts, Figures, Plan, Shard, analyse, planned_games};
use crate::engine::Engine;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub(super) struct AnalyzeArgs {
    #[command(subcommand)]
    pub merge: Option<MergeCommand>,
    /// Paths to `.game` files, or names of shipped games; several are
    /// compared side by side.
    #[arg(value_name = "GAME", required = true)]
    pub names: Vec<String>,
    /// Who plays both sides in self-play (`random`, `mcts:200`, `uct:0.1s`),
    /// or one seat for each player, in the order of the game's `players`
    /// line, separated by a comma (`mcts,random`).
    #[arg(long, default_value = "random")]
    pub players: String,
    /// Self-play games of each game.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// The skill ladder, weakest first, separated by commas: each rung
    /// plays the one below it, both sides in turn (`none` for no ladder).
    #[arg(long, default_value = DEFAULT_LADDER)]
    pub skill: String,
    /// Games between each pair of neighbouring rungs of the ladder.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub skill_games: u64,
    /// Seed of the run: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (the default is one per core); with searches
    /// given in iterations, the results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Stop a game after this many moves and count it as unfinished.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub ply_cap: u32,
    /// Play only the K-th of N equal slices of the run (`--shard 2/8`),
    /// with the seeds the whole run uses; `gamut analyze merge` adds the
    /// slices' JSON up.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Also write a page with the charts, self-contained, to this file.
    #[arg(long, value_name = "FILE")]
    pub html: Option<String>,
}

#[derive(clap::Subcommand)]
pub(super) enum MergeCommand {
    /// Add up the JSON of a run's slices (`--shard K/N --format json`)
    /// into the result of the whole run.
    Merge {
        /// The slices' JSON files, one per slice, in any order.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also write a page with the charts to this file.
        #[arg(long, value_name = "FILE")]
        html: Option<String>,
    },
}

/// The ladder when none is given: random play, then plain UCT at two
/// budgets four times apart, given in iterations so that the results
/// depend only on the seed. UCT rather than `mcts`, whose listing of every
/// reply to every move costs most on the games with the most moves
/// (Amazons: four times as long a run).
const DEFAULT_LADDER: &str = "random,uct:100,uct:400";

/// How long a search of `--players` or `--skill` thinks when the seat
/// does not say: the `easy` level, in iterations, so results repeat.
const DEFAULT_SEARCH: Budget = seat::LEVELS[0].1;

/// What the JSON of a run says it is, so that `merge` reads only these.
const FORMAT_NAME: &str = "gamut analyze 1";

/// The largest JSON file `merge` reads.
const MAX_SLICE_BYTES: u64 = 64 << 20;

/// A run's report: what was played and what each game came to. Its JSON
/// holds no time and no thread count, so that merged slices print exactly
/// what the whole run prints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Report {
    /// [`FORMAT_NAME`].
    analysis: String,
    seed: u64,
    /// Self-play games of each game in the whole run.
    games: u64,
    /// The self-play seats, by the game's turn order.
    players: [String; 2],
    /// The ladder's rungs, weakest first.
    skill: Vec<String>,
    skill_games: u64,
    ply_cap: u32,
    /// `K/N` for a slice; `null` for a whole run.
    shard: Option<String>,
    /// Cut short by Ctrl-C: the counts are of the games played by then.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    interrupted: bool,
    results: Vec<GameReport>,
}

/// One game's part of a report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct GameReport {
    /// The game's name, from its file.
    game: String,
    /// The game as it was named on the command line.
    source: String,
    /// A hash of what the rules mean: slices of different rules are not merged.
    rules_hash: String,
    /// The game's players, in turn order.
    players: [String; 2],
    board: BoardMap,
    counts: Counts,
    figures: Figures,
}

/// Where each cell of the board is, to draw the map of landings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct BoardMap {
    width: u8,
    height: u8,
    /// Hexagonal cells, each rank half a cell right of the one below.
    hex: bool,
    /// The board's cells in the order of `counts.landings`.
    cells: Vec<CellPlace>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct CellPlace {
    name: String,
    file: u8,
    rank: u8,
}

pub(super) fn run(args: &AnalyzeArgs) -> i32 {
    if let Some(MergeCommand::Merge {
        files,
        format,
        html,
    }) = &args.merge
    {
        return merge(files, *format, html.as_deref());
    }
    let seats = match read_players(&args.players) {
        Ok(seats) => seats,
        Err(message) => {
            errln!("gamut: --players: {}", shown(&message));
            return USAGE;
        }
    };
    let ladder = match read_ladder(&args.skill) {
        Ok(ladder) => ladder,
        Err(message) => {
            errln!("gamut: --skill: {}", shown(&message));
            return USAGE;
        }
    };
    if let Some(path) = &args.html
        && let Err(message) = check_writable(path)
    {
        errln!("gamut: --html: {}", shown(&message));
        return USAGE;
    }
    let mut engines = Vec::new();
    for game in &args.names {
        match load_rules(game) {
            Ok(rules) => engines.push((game.clone(), Engine::new(rules))),
            Err(code) => return code,
        }
    }
    if ladder.len() >= 2 {
        for (_, engine) in &engines {
            warn_if_random_games_never_end(engine, args.ply_cap);
        }
    }
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let plan = Plan {
        players: seats.map(contender),
        games: args.games as usize,
        seed: args.seed,
        ply_cap: args.ply_cap,
        ladder: ladder.iter().map(|s| contender(*s)).collect(),
        ladder_games: args.skill_games as usize,
        shard,
    };
    let threads = args.threads.map_or_else(seat::all_cores, |t| t as usize);
    let total = planned_games(&plan) * engines.len();
    let bar = super::progress_bar(total as u64, "{bar:40} {pos}/{len} games, {elapsed} {msg}");
    let done = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    // Ctrl-C ends the run at the games under way, and what they came to
    // is reported (a second Ctrl-C ends gamut at once).
    let interrupt = Interrupt::catch();
    let go_on = || !interrupt.pressed();
    let mut results = Vec::new();
    for (source, engine) in &engines {
        if let Some(bar) = &bar {
            bar.set_message(engine.rules().name.clone());
        }
        let counts = analyse(engine, &plan, threads, (&done, &go_on));
        results.push(game_report(source, engine, counts));
    }
    let interrupted = interrupt.pressed();
    drop(interrupt);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = Report {
        analysis: FORMAT_NAME.into(),
        seed: args.seed,
        games: args.games,
        players: seats.map(|s| s.exact_word()),
        skill: ladder.iter().map(Seat::exact_word).collect(),
        skill_games: args.skill_games,
        ply_cap: args.ply_cap,
        shard: (!shard.is_whole()).then(|| shard.to_string()),
        interrupted,
        results,
    };
    let code = finish(&report, args.format, args.html.as_deref());
    if interrupted {
        let played: u64 = report.results.iter().map(|r| r.counts.games).sum();
        errln!(
            "gamut: interrupted: the report is of the {played} self-play games played by then, \
             of {} asked for",
            report.games * report.results.len() as u64
        );
        return USAGE;
    }
    code
}

/// Says at once, before a long run, when a few random games of `engine`
/// all reach the ply cap: a game that may never end makes every ladder
/// game a search at each of its moves up to the cap (minutes with no
/// sign of progress, where the self-play alone took seconds).
fn warn_if_random_games_never_end(engine: &Engine, ply_cap: u32) {
    const PROBES: u64 = 8;
    let start = engine.start();
    let (mut history, mut buffer) = (Vec::new(), crate::engine::Successors::default());
    let mut capped = 0;
    for seed in 0..PROBES {
        let mut rng = crate::rng::Rng::new(seed);
        let played =
            crate::ai::random_playout(engine, &start, &mut rng, ply_cap, &mut history, &mut buffer);
        if played.outcome.is_some() || played.stopped.is_some() {
            return;
        }
        capped += 1;
    }
    errln!(
        "gamut: {}: none of {capped} random games ended within the ply cap of {ply_cap}: if the game never ends, each ladder game runs to the cap with a search at every move, which is slow; `--skill none` leaves the ladder out",
        shown(&engine.rules().name)
    );
}

/// Prints a report and writes its page.
fn finish(report: &Report, format: Format, html: Option<&str>) -> i32 {
    for r in &report.results {
        // The balance counts an unfinished game as half a point to each
        // side: where many are, it says more of the cap than of the game.
        let capped = r.counts.unfinished.saturating_sub(r.counts.stopped);
        if capped == r.counts.games && capped > 0 {
            errln!(
                "gamut: {}: no game ended within the ply cap of {}: the game may never end (a goal that cannot be reached, players passing for ever), or a higher --ply-cap may let them end",
                shown(&r.game),
                report.ply_cap
            );
        } else if capped * 10 > r.counts.games {
            errln!(
                "gamut: {}: {} of {} games reached the ply cap of {} unfinished, and count as halves in the balance; a higher --ply-cap may let them end",
                shown(&r.game),
                capped,
                r.counts.games,
                report.ply_cap
            );
        }
        if r.counts.stopped > 0 {
            errln!(
                "gamut: {}: {} games stopped where a position's moves could not be listed",
                shown(&r.game),
                r.counts.stopped
            );
        }
    }
    // The report is printed even when the page cannot be written: the
    // games it took may have cost minutes.
    match format {
        Format::Json => match serde_json::to_string_pretty(report) {
            Ok(json) => outln!("{json}"),
            Err(e) => {
                errln!("gamut: cannot write the report: {e}");
                return USAGE;
            }
        },
        Format::Text => out!("{}", text::table(report)),
    }
    // The page replaces an earlier one whole or not at all.
    let permissions = html
        .and_then(|p| std::fs::metadata(p).ok())
        .map(|m| m.permissions());
    if let Some(path) = html
        && let Err(e) =
            super::write_whole(Path::new(path), html::page(report).as_bytes(), permissions)
    {
        errln!("gamut: cannot write the page to {}: {e}", shown(path));
        return USAGE;
    }
    OK
}

/// Whether the page can be written to `path`, asked before any game is
/// played; the file is not touched.
fn check_writable(path: &str) -> Result<(), String> {
    if path.is_empty() {
        return Err("give a file for the page, as `--html report.html`".to_string());
    }
    let file = Path::new(path);
    if file.is_dir() {
        return Err(format!("{path} is a folder; give a file for the page"));
    }
    if file.exists() {
        // Only a page of gamut's is replaced: `--html mine.game` once
        // wrote the page over the game it analysed, and any HTML file
        // (someone's notes) was replaced while a doctype was the test.
        let head_len = 1024;
        let mut head = Vec::new();
        if file.is_file()
            && let Ok(opened) = std::fs::File::open(file)
        {
            let _ =
                std::io::Read::read_to_end(&mut std::io::Read::take(opened, head_len), &mut head);
        }
        let head = String::from_utf8_lossy(&head);
        let ours = head.starts_with("<!DOCTYPE html>") && head.contains(html::GENERATOR);
        if !ours {
            return Err(format!(
                "{path} exists and is not a page of `gamut analyze`: give another file for the page, or remove it"
            ));
        }
        // Replaced by a new file renamed over it: the folder must take
        // new files, as for a new page.
    }
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!(
            "cannot write the page to {path}: the folder {} does not exist",
            folder.display()
        ));
    }
    // A file made and removed at once: the folder takes new files.
    let probe = folder.join(format!(".gamut-analyze-{}.probe", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(format!("cannot write the page to {path}: {e}")),
    }
}

/// The seats of `--players`: one for both sides, or one per side.
fn read_players(text: &str) -> Result<[Seat; 2], String> {
    let seats = read_seats(text)?;
    match seats[..] {
        [one] => Ok([one, one]),
        [first, second] => Ok([first, second]),
        _ => Err(format!(
            "`{text}`: give one seat for both sides, or two separated by a comma"
        )),
    }
}

/// The rungs of `--skill`: none, or at least two.
fn read_ladder(text: &str) -> Result<Vec<Seat>, String> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    let seats = read_seats(text)?;
    if seats.len() < 2 {
        return Err(format!(
            "`{text}`: a ladder has at least two rungs, weakest first (random,mcts:100,mcts:400), or is `none`"
        ));
    }
    // A ladder read backwards gives a trace of losses: said, not refused
    // (a designer may mean to see it).
    for pair in seats.windows(2) {
        if let Some(why) = weaker_after(pair[0], pair[1]) {
            errln!("gamut: --skill: {why}: the ladder goes from the weakest rung to the strongest");
            break;
        }
    }
    Ok(seats)
}

/// Why `upper` is surely weaker than `lower`, the rung below it: a search
/// below random play, or the same search with a smaller budget.
fn weaker_after(lower: Seat, upper: Seat) -> Option<String> {
    let Seat::Search(strategy, budget, _) = lower else {
        return None;
    };
    let smaller = match upper {
        Seat::Random => true,
        Seat::Search(other, less, _) if other == strategy => match (less, budget) {
            (Budget::Iterations(a), Budget::Iterations(b)) => a < b,
            (Budget::Time(a), Budget::Time(b)) => a < b,
            (Budget::Iterations(_), Budget::Time(_)) | (Budget::Time(_), Budget::Iterations(_)) => {
                false
            }
        },
        Seat::Search(..) | Seat::Human => false,
    };
    smaller.then(|| format!("{} comes after {}", upper.exact_word(), lower.exact_word()))
}

/// Computer seats separated by commas.
fn read_seats(text: &str) -> Result<Vec<Seat>, String> {
    text.split(',')
        .map(|word| Seat::parse_computer(word, DEFAULT_SEARCH))
        .collect()
}

/// A computer seat as a player of the analysis: a search runs on one
/// thread, so that the games are spread over the cores instead and each
/// depends only on its seed.
fn contender(seat: Seat) -> Contender {
    seat.contender(1).unwrap_or(Contender::Random)
}

fn game_report(source: &str, engine: &Engine, counts: Counts) -> GameReport {
    let rules = engine.rules();
    let board = &rules.board;
    let names = rules.player_names();
    GameReport {
        game: rules.name.clone(),
        source: source.to_string(),
        rules_hash: super::record::meaning(rules).hash,
        players: [names[0].to_string(), names[1].to_string()],
        board: BoardMap {
            width: board.width,
            height: board.height,
            hex: board.shape.is_hex(),
            cells: board
                .cells
                .iter()
                .map(|c| CellPlace {
                    name: board.cell_name(c),
                    file: board.file_of(c),
                    rank: board.rank_of(c),
                })
                .collect(),
        },
        figures: Figures::of(&counts, rules.turn_order.player_at(0)),
        counts,
    }
}

/// `gamut analyze merge`: the slices' counts added up, the figures
/// derived again, as the whole run would have printed them.
fn merge(files: &[String], format: Format, html: Option<&str>) -> i32 {
    if let Some(path) = html
        && let Err(message) = check_writable(path)
    {
        errln!("gamut: --html: {}", shown(&message));
        return USAGE;
    }
    let mut slices = Vec::new();
    for file in files {
        match read_slice(file) {
            Ok(report) => slices.push((file, report)),
            Err(message) => {
                errln!("gamut: {}: {}", shown(file), shown(&message));
                return USAGE;
            }
        }
    }
    match merged(slices) {
        Ok(report) => finish(&report, format, html),
        Err(message) => {
            errln!("gamut: {}", shown(&message));
            USAGE
        }
    }
}

/// Reads one slice's JSON.
fn read_slice(file: &str) -> Result<Report, String> {
    let bytes =
        crate::input::read_bounded(Path::new(file), MAX_SLICE_BYTES).map_err(|e| e.to_string())?;
    let report: Report = serde_json::from_slice(&bytes)
        .map_err(|e| format!("this is not the JSON of `gamut analyze --format json` ({e})"))?;
    if report.analysis != FORMAT_NAME {
        return Err(format!(
            "written by `{}`, which this gamut (`{FORMAT_NAME}`) does not read",
            report.analysis
        ));
    }
    if report.results.is_empty() {
        return Err("it analyses no game: this is not the JSON gamut wrote".into());
    }
    if report.interrupted {
        return Err(
            "its run was interrupted before all its games were played: run the slice again".into(),
        );
    }
    // Every seat named must be one gamut seats (an edited name would be
    // shown as if it had played).
    for seat in report.players.iter().chain(&report.skill) {
        if super::seat::Seat::parse_computer(seat, crate::ai::Budget::Iterations(1)).is_err() {
            return Err(format!(
                "its seat `{}` is not one gamut seats: this is not the JSON gamut wrote",
                shown(seat)
            ));
        }
    }
    check_shape(&report).map_err(|e| format!("{e}: this is not the JSON gamut wrote"))?;
    Ok(report)
}

/// Whether a slice's settings and boards are ones a run of gamut can
/// have: what the options accept, players with names of their own, each
/// cell on its board once. (An edited file would otherwise be drawn as if
/// it had been played: a cell off the map, a cap of no moves.)
fn check_shape(report: &Report) -> Result<(), String> {
    if !(1..=1_000_000).contains(&report.ply_cap) {
        return Err(format!(
            "its ply cap of {} is not one gamut runs with",
            report.ply_cap
        ));
    }
    if !(1..=10_000_000).contains(&report.games) || !(1..=1_000_000).contains(&report.skill_games) {
        return Err("its numbers of games are not ones gamut runs".into());
    }
    for r in &report.results {
        let game = shown(&r.game);
        let hash_is_hex =
            r.rules_hash.len() == 16 && r.rules_hash.bytes().all(|b| b.is_ascii_hexdigit());
        if !hash_is_hex {
            return Err(format!("the rules hash of {game} is not one gamut makes"));
        }
        let [first, second] = &r.players;
        if first.is_empty() || second.is_empty() || first == second {
            return Err(format!("the players of {game} are not two named players"));
        }
        let board = &r.board;
        let mut places = std::collections::HashSet::new();
        let mut names = std::collections::HashSet::new();
        for cell in &board.cells {
            if cell.file >= board.width || cell.rank >= board.height {
                return Err(format!(
                    "the cell `{}` of {game} lies off its {} x {} board",
                    shown(&cell.name),
                    board.width,
                    board.height
                ));
            }
            if cell.name.is_empty()
                || !places.insert((cell.file, cell.rank))
                || !names.insert(&cell.name)
            {
                return Err(format!(
                    "the cell `{}` of {game} is not one cell of its own",
                    shown(&cell.name)
                ));
            }
        }
    }
    Ok(())
}

/// Adds up the slices of one run: every slice of the same run, each once.
fn merged(slices: Vec<(&String, Report)>) -> Result<Report, String> {
    let mut seen: Vec<Option<&String>> = Vec::new();
    let mut whole: Option<Report> = None;
    for (file, slice) in slices {
        // A whole run is its own only slice.
        let shard = match &slice.shard {
            None => Shard::WHOLE,
            Some(text) => Shard::parse(text).map_err(|e| format!("{file}: {e}"))?,
        };
        if seen.is_empty() {
            seen = vec![None; shard.of];
        }
        if seen.len() != shard.of {
            return Err(format!(
                "{file} is {} and another file {}: merge the slices of one run",
                slice_words(shard.of),
                slice_words(seen.len())
            ));
        }
        if let Some(other) = seen[shard.index - 1] {
            return Err(format!("{file} and {other} are both slice {shard}"));
        }
        seen[shard.index - 1] = Some(file);
        check_counts(&slice, shard).map_err(|e| format!("{file}: {e}"))?;
        match &mut whole {
            None => whole = Some(slice),
            Some(whole) => add_slice(whole, &slice).map_err(|e| format!("{file}: {e}"))?,
        }
    }
    let missing: Vec<String> = (1..=seen.len())
        .filter(|&k| seen[k - 1].is_none())
        .map(|k| format!("{k}/{}", seen.len()))
        .collect();
    match missing.len() {
        0 => {}
        1 => {
            return Err(format!(
                "slice {} is missing: merge every slice of the run",
                missing[0]
            ));
        }
        _ => {
            return Err(format!(
                "slices {} are missing: merge every slice of the run",
                missing.join(", ")
            ));
        }
    }
    let mut whole = whole.ok_or("no slices to merge")?;
    whole.shard = None;
    for r in &mut whole.results {
        r.figures = Figures::of(
            &r.counts,
            crate::rules::PlayerId::new(r.figures.outcomes.first.min(1)),
        );
    }
    Ok(whole)
}

/// "a whole run" or "a slice of N".
fn slice_words(of: usize) -> String {
    if of == 1 {
        "a whole run".into()
    } else {
        format!("a slice of {of}")
    }
}

/// Whether each game's counts in a slice are what a slice of that run
/// counts: as many games as the slice has, adding up.
fn check_counts(slice: &Report, shard: Shard) -> Result<(), String> {
    let games = shard.range(slice.games as usize).len() as u64;
    let ladder_games = if slice.skill.len() >= 2 {
        shard.range(slice.skill_games as usize).len() as u64
    } else {
        0
    };
    for r in &slice.results {
        if r.counts.ladder.len() != slice.skill.len().saturating_sub(1)
            || r.counts.landings.len() != r.board.cells.len()
        {
            return Err(format!(
                "the counts of {} do not fit its board or ladder: this is not the JSON gamut wrote",
                shown(&r.game)
            ));
        }
        r.counts.check(games, ladder_games).map_err(|e| {
            format!(
                "the counts of {} do not hold together ({e}): this is not the JSON gamut wrote",
                shown(&r.game)
            )
        })?;
    }
    Ok(())
}

/// Adds `slice` into `whole`, when both are slices of the same run; else
/// says what differs.
fn add_slice(whole: &mut Report, slice: &Report) -> Result<(), String> {
    let mut differs = Vec::new();
    let mut compare = |what: &str, mine: String, theirs: String| {
        if mine != theirs {
            differs.push(format!("{what} {theirs} where the others have {mine}"));
        }
    };
    compare("seed", whole.seed.to_string(), slice.seed.to_string());
    compare("games", whole.games.to_string(), slice.games.to_string());
    compare("players", whole.players.join(","), slice.players.join(","));
    compare("ladder", whole.skill.join(","), slice.skill.join(","));
    compare(
        "ladder games",
        whole.skill_games.to_string(),
        slice.skill_games.to_string(),
    );
    compare(
        "ply cap",
        whole.ply_cap.to_string(),
        slice.ply_cap.to_string(),
    );
    let names = |r: &Report| {
        let names: Vec<String> = r.results.iter().map(|g| g.source.clone()).collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(" ")
        }
    };
    // The same rules named another way (`./t.game`, `/home/me/t.game`)
    // are the same games: the first slice's names are kept.
    let same_rules = whole.results.len() == slice.results.len()
        && whole
            .results
            .iter()
            .zip(&slice.results)
            .all(|(mine, theirs)| mine.rules_hash == theirs.rules_hash);
    if !same_rules {
        compare("games analysed", names(whole), names(slice));
    }
    if !differs.is_empty() {
        return Err(format!(
            "a slice of another run: its {}",
            shown(&differs.join("; its "))
        ));
    }
    for (mine, theirs) in whole.results.iter_mut().zip(&slice.results) {
        if mine.rules_hash != theirs.rules_hash || mine.board != theirs.board {
            return Err(format!(
                "its rules of {} mean something else than the other slices' (they were edited between the runs)",
                shown(&theirs.game)
            ));
        }
        mine.counts.add(&theirs.counts);
    }
    Ok(())
}

/// A file's letter, `a` for the first (a board read from a file given to
/// `merge` may be wider than the alphabet: the characters after `z`).
fn file_letter(file: u8) -> char {
    char::from_u32('a' as u32 + u32::from(file)).unwrap_or('?')
}

/// Who played: `random against itself`, or `mcts:200 against random`.
fn players_words(report: &Report) -> String {
    let [first, second] = &report.players;
    if first == second {
        format!("{first} against itself")
    } else {
        format!("{first} against {second}")
    }
}

/// Whether every game of a report has the same players, in the same
/// order, with the same one moving first.
fn same_sides(report: &Report) -> bool {
    report.results.windows(2).all(|w| {
        w[0].players == w[1].players && w[0].figures.outcomes.first == w[1].figures.outcomes.first
    })
}

/// What to call each game of a report: its name, and where two games have
/// the same name, the name with the game as it was given.
fn labels(report: &Report) -> Vec<String> {
    report
        .results
        .iter()
        .map(|r| {
            let twins = report.results.iter().filter(|o| o.game == r.game).count();
            if twins > 1 {
                format!("{} ({})", r.game, r.source)
            } else {
                r.game.clone()
            }
        })
        .collect()
}

/// What the balance row says of a game: an edge (with the seat that
/// had it, where the sides had different players), how even, or why it
/// cannot say.
fn balance(report: &Report, r: &GameReport) -> String {
    match r.figures.outcomes.balance {
        Balance::Favours(p) if report.players[0] != report.players[1] => {
            format!("favours {} ({})", r.players[p], report.players[p])
        }
        Balance::Favours(p) => format!("favours {}", r.players[p]),
        Balance::Even(1) => "even (within 1 point)".into(),
        Balance::Even(points) => format!("even (within {points} points)"),
        Balance::NoneWon => "even: every game that ended was drawn".into(),
        Balance::NoneEnded => "unknown: no game ended".into(),
        Balance::Unclear => "unclear: more games would tell".into(),
    }
}

/// What the skill ladder of `report` says of a game: whether more
/// thinking still wins at its top, and if not, where it stops winning.
/// A run cut short shows a gain it found, but no absence of one (four
/// ladder games of an interrupted run once said "no clear gain").
fn depth(report: &Report, r: &GameReport) -> String {
    let rungs = &report.skill;
    let skill = &r.figures.skill;
    if r.counts
        .ladder
        .iter()
        .all(|s| s.stronger == 0 && s.weaker == 0)
    {
        // Every ladder game drawn or stopped: no rung could show a gain.
        return "unknown: no ladder game was won".into();
    }
    match skill.last() {
        Some(top) if top.low > 0.5 => "more thinking wins to the top".into(),
        _ if report.interrupted => "unknown: the run was interrupted".into(),
        _ => match skill.iter().rposition(|s| s.low > 0.5) {
            Some(step) => format!(
                "no clear gain past {}",
                rungs.get(step + 1).map_or("?", String::as_str)
            ),
            None => "no clear gain from thinking".into(),
        },
    }
}
