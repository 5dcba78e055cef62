//! The command line: a thin layer over the library. All printing and
//! colour live here. Exit codes as in ripgrep: 0 fine, 1 a game file has
//! errors, 2 a usage or I/O problem.

/// `println!` for the command's output: a write that fails (a full disk)
/// ends gamut with a message and status 2 instead of a panic.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        $crate::cli::wrote(writeln!(std::io::stdout(), $($arg)*));
    }};
}

/// `print!` for the command's output, as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        $crate::cli::wrote(write!(std::io::stdout(), $($arg)*));
    }};
}

/// `errln!` for messages to the user: a write that fails (standard
/// error full or closed) is let go, as nothing could be told of it,
/// instead of a panic.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod analyze;
mod arena;
mod bench;
pub mod board;
mod interrupt;
mod lsp;
mod perft;
mod play;
mod protocol;
mod record;
mod seat;
pub mod validate;

use std::io::IsTerminal;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(
    name = "gamut",
    version,
    about = "A rules interpreter and language for abstract board games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// When to colour the output: on a terminal (`auto`, unless `NO_COLOR`
    /// is set or `TERM` is `dumb`), `always` or `never`.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// The `--color` of this run, set once at the start.
static COLOR: std::sync::OnceLock<ColorChoice> = std::sync::OnceLock::new();

#[derive(Subcommand)]
enum Command {
    /// Check game files: `ok` and a summary, or what is wrong and where.
    Validate {
        /// Paths to `.game` files, or names of shipped games (`network`).
        #[arg(required = true, value_name = "FILE|NAME")]
        games: Vec<String>,
        /// How to print the results.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also print the checked rules of each valid game, as the engine sees them.
        #[arg(long)]
        dump: bool,
    },
    /// Play a game in the terminal, against a person or the computer.
    Play {
        /// A path to a `.game` file, or the name of a shipped game.
        game: Option<String>,
        /// Who plays each side, by the game's player names: `Light=mcts`,
        /// `Dark=random`, `Dark=human` (the default), `Light=uct` (plain
        /// UCT), `Light=mcts:hard`, `Light=mcts:2s`, `Light=mcts:5000`.
        #[arg(value_name = "PLAYER=SEAT")]
        seats: Vec<String>,
        /// Seed of the computer's choices; with an iteration budget and
        /// one thread, the same seed plays the same way.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Iterations the computer searches per move (and for `hint`).
        #[arg(long, conflicts_with_all = ["think", "level"], value_parser = clap::value_parser!(u32).range(1..))]
        iterations: Option<u32>,
        /// Seconds the computer thinks per move (and for `hint`).
        #[arg(long, conflicts_with = "level", value_parser = parse_seconds)]
        think: Option<std::time::Duration>,
        /// How strong the computer plays: easy (200 iterations), normal (1
        /// s a move, the default), hard (5 s), expert (20 s); on all cores.
        #[arg(long, value_parser = parse_level)]
        level: Option<crate::ai::Budget>,
        /// Threads the computer searches on (the default is one per core);
        /// with `--iterations` and one thread, the same seed plays the same way.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: Option<u64>,
        /// Resume a game saved with `save FILE`.
        #[arg(long, value_name = "FILE")]
        load: Option<String>,
        /// With --load: play a record whose rules have changed, as far as
        /// its moves stay legal.
        #[arg(long, requires = "load")]
        force: bool,
        /// When no person plays, stop after this many moves (some games can
        /// go on for ever).
        #[arg(long, default_value_t = 1000,
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=record::MAX_MOVES as u64))]
        ply_cap: usize,
    },
    /// Step through a saved game.
    Replay {
        /// A record written by `save FILE` during `gamut play`.
        file: String,
    },
    /// Count the leaves of the game tree, depth by depth, to check the rules.
    Perft {
        /// A path to a `.game` file, or the name of a shipped game.
        game: String,
        /// How many moves deep (at most 64).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Print each first move with its count instead.
        #[arg(long)]
        divide: bool,
        /// Moves to play first, in notation, separated by spaces.
        #[arg(long, value_name = "MOVES")]
        moves: Option<String>,
        /// Stop after this many seconds (`90`, `1.5`), the depths finished
        /// by then printed.
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        seconds: Option<std::time::Duration>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Time random play-outs from the start: play-outs and plies per second.
    Bench(bench::BenchArgs),
    /// Play seeded games between two computer players, each side in turn,
    /// on all cores: the first one's score with its 95 % interval.
    Arena(arena::ArenaArgs),
    /// Tell a designer how a game plays: seeded self-play of each game
    /// (several side by side), who wins and how clearly, how long games
    /// last, the moves to choose from, where moves land, and whether more
    /// thinking wins. See docs/ANALYZE.md.
    Analyze(analyze::AnalyzeArgs),
    /// Print a completion script for a shell (`gamut completions bash >
    /// ~/.local/share/bash-completion/completions/gamut`).
    Completions { shell: clap_complete::Shell },
    /// Print the manual page (`gamut man > gamut.1`).
    Man,
    /// Run the language server for editors (the Language Server Protocol
    /// over standard input and output): diagnostics as you type, hover,
    /// completion, go to definition. See docs/EDITORS.md.
    Lsp,
    /// Speak a line protocol on standard input and output, so that other
    /// programs can play: load a game, set the position, list and play
    /// moves, ask for the computer's move. See docs/ENGINE.md.
    Engine,
    /// List the shipped games, one line each.
    List {
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// How a command prints its findings.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    Text,
    Json,
}

/// The longest time a command line may give in seconds: a day.
const MAX_SECONDS: f64 = 86_400.0;
/// The shortest: a hundredth of a second, below which nothing is measured.
const MIN_SECONDS: f64 = 0.01;

/// Reads a count of moves from 1 (`undo 3`): digits past the largest
/// count are as many as there can be, not a word that is no number.
pub(crate) fn count(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<usize>().unwrap_or(usize::MAX)).filter(|&n| n > 0)
}

/// Reads a number of seconds (`--think`, `--seconds`), refusing what is
/// not a finite time between [`MIN_SECONDS`] and [`MAX_SECONDS`].
pub(crate) fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(MIN_SECONDS..=MAX_SECONDS).contains(&secs) {
        return Err(format!(
            "give a number of seconds from {MIN_SECONDS} to {MAX_SECONDS} (a day)"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// Reads a level of play (`--level`), in any case.
fn parse_level(text: &str) -> Result<crate::ai::Budget, String> {
    seat::level(&text.trim().to_ascii_lowercase()).ok_or_else(|| {
        format!(
            "`{text}` is not a level; the levels are {}",
            seat::level_names()
        )
    })
}

/// `n` and a noun, plural unless `n` is one: "1 move", "3 moves".
pub(crate) fn counted<N>(n: N, noun: &str) -> String
where
    N: std::fmt::Display + PartialEq + From<u8>,
{
    if n == N::from(1) {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// User text (a typed move, a path, a record's field, an error that
/// quotes one) made safe to print on a terminal.
pub(crate) fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    crate::diag::printable(text, false)
}

/// A progress bar on standard error drawn with `template`, ticking on
/// its own; `None` when standard error is not a terminal.
pub(crate) fn progress_bar(len: u64, template: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(bar)
}

/// Exit status: all went well.
pub(crate) const OK: i32 = 0;
/// Exit status: a game file has errors.
pub(crate) const FOUND_ERRORS: i32 = 1;
/// Exit status: a usage or I/O problem.
pub(crate) const USAGE: i32 = 2;

/// Ends gamut when its output cannot be written: said on standard error
/// (quietly for a closed pipe, as `gamut … | head` closes it), status 2.
/// A full disk is never reported as success, nor as a panic.
pub(crate) fn output_failed(e: &std::io::Error) -> ! {
    if e.kind() != std::io::ErrorKind::BrokenPipe {
        errln!("gamut: cannot write the output: {e}");
    }
    std::process::exit(USAGE)
}

/// A folder of the user's own, as the XDG base directories name it: `var`
/// (`XDG_STATE_HOME`) when set, else `under_home` in the home folder
/// (`.local/state`); then `gamut` inside it, created if need be.
pub(crate) fn user_dir(var: &str, under_home: &str) -> Option<std::path::PathBuf> {
    // A relative directory is no directory (the XDG base directory
    // specification says to ignore it): the files would move with the
    // working directory, and the language server's links to them would
    // be no URIs.
    let base = std::env::var_os(var)
        .map(std::path::PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(under_home)))
        .filter(|p| p.is_absolute())?;
    let dir = base.join("gamut");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}

/// Writes `bytes` as the whole of `target`, or leaves it as it was: they
/// go to a new file beside it, synced, then renamed over it, so that a
/// full disk or a crash never leaves half a file where a whole one stood.
/// `permissions` are given to the new file (those of the one replaced).
pub(crate) fn write_whole(
    target: &std::path::Path,
    bytes: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> std::io::Result<()> {
    use std::io::Write as _;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let stem = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let (tmp, mut file) = (0..100)
        .find_map(|i| {
            let tmp = dir.join(format!(".{stem}.{}-{i}.gamut-tmp", std::process::id()));
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)
            {
                Ok(file) => Some(Ok((tmp, file))),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => None,
                Err(e) => Some(Err(e)),
            }
        })
        .unwrap_or_else(|| Err(std::io::Error::other("no free temporary name")))?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| match permissions {
            Some(p) => std::fs::set_permissions(&tmp, p),
            None => Ok(()),
        })
        .and_then(|()| std::fs::rename(&tmp, target));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Checks a write of the command's output (see [`output_failed`]).
pub(crate) fn wrote(result: std::io::Result<()>) {
    if let Err(e) = result {
        output_failed(&e);
    }
}

/// Runs the command line and returns the exit status.
pub fn run() -> i32 {
    let status = run_command();
    // Output still buffered is written now: a failure is reported.
    wrote(std::io::Write::flush(&mut std::io::stdout()));
    status
}

fn run_command() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { USAGE } else { OK };
            if e.use_stderr() {
                let _ = e.print();
            } else {
                // Help and version are the command's output, styled
                // only on a terminal.
                let text = e.render();
                if std::io::stdout().is_terminal() {
                    out!("{}", text.ansi());
                } else {
                    out!("{text}");
                }
            }
            return code;
        }
    };
    let _ = COLOR.set(cli.color);
    match cli.command {
        Command::Validate {
            games,
            format,
            dump,
        } => validate::run(&games, format, dump, colour_stdout()),
        Command::Play {
            game,
            mut seats,
            seed,
            iterations,
            think,
            level,
            threads,
            load,
            force,
            ply_cap,
        } => {
            // With --load the game may be left out: then a seat may sit in its place.
            let game = match game {
                Some(g) if g.contains('=') => {
                    seats.insert(0, g);
                    None
                }
                g => g,
            };
            play::run(&play::PlayArgs {
                game,
                seats,
                seed,
                iterations,
                think,
                level,
                threads: threads.map_or_else(seat::all_cores, |t| t as usize),
                load,
                force,
                ply_cap,
            })
        }
        Command::Replay { file } => play::replay(&file),
        Command::Perft {
            game,
            depth,
            divide,
            moves,
            seconds,
            format,
        } => {
            let run = || perft::run(&game, depth, divide, moves.as_deref(), format);
            match seconds {
                Some(limit) => {
                    let deadline = std::time::Instant::now() + limit;
                    crate::engine::with_deadline(deadline, run)
                }
                None => run(),
            }
        }
        Command::Bench(args) => bench::run(&args),
        Command::Arena(args) => arena::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::List { format } => list(format),
        Command::Lsp => lsp::run(),
        Command::Engine => protocol::run(),
        Command::Completions { shell } => {
            let mut command = <Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "gamut", &mut script);
            wrote(std::io::Write::write_all(&mut std::io::stdout(), &script));
            OK
        }
        Command::Man => {
            let page = clap_mangen::Man::new(<Cli as clap::CommandFactory>::command());
            wrote(page.render(&mut std::io::stdout()));
            OK
        }
    }
}

/// Loads and checks a game for a command that plays it. On failure the
/// diagnostics are printed and the exit status is returned.
pub(crate) fn load_rules(game: &str) -> Result<crate::rules::Rules, i32> {
    load_checked(game).map(|(rules, _)| rules)
}

/// Like [`load_rules`], keeping the loaded sources (for a record's hash).
pub(crate) fn load_checked(game: &str) -> Result<(crate::rules::Rules, crate::diag::Sources), i32> {
    match crate::load::check_game(game) {
        Err(e) => {
            errln!("gamut: {}", shown(&e.to_string()));
            Err(USAGE)
        }
        Ok(checked) => {
            let colour = colour_stderr();
            // Set apart as `validate` sets them apart.
            for d in &checked.diagnostics {
                errln!("{}", crate::diag::render(d, &checked.sources, colour));
            }
            match checked.rules {
                Some(rules) => Ok((rules, checked.sources)),
                None => Err(FOUND_ERRORS),
            }
        }
    }
}

/// Colour on standard error, by the same rule as standard output.
pub(crate) fn colour_stderr() -> bool {
    colour(std::io::stderr().is_terminal())
}

/// Colour as `--color` says; with `auto`, only on a terminal that is not
/// `dumb`, and never when `NO_COLOR` is set.
pub(crate) fn colour_stdout() -> bool {
    colour(std::io::stdout().is_terminal())
}

fn colour(terminal: bool) -> bool {
    match COLOR.get().copied().unwrap_or(ColorChoice::Auto) {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
                && terminal
        }
    }
}

/// `gamut list`: each shipped game with what it is.
fn list(format: Format) -> i32 {
    let mut games = Vec::new();
    for name in crate::games::names() {
        let rules = crate::load::check_game(name)
            .ok()
            .and_then(|checked| checked.rules);
        let summary = rules.as_ref().map_or_else(String::new, validate::summary);
        games.push((name, summary));
    }
    match format {
        Format::Text => {
            let width = games.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
            for (name, summary) in &games {
                outln!("{name:width$}  {summary}");
            }
        }
        Format::Json => {
            let list: Vec<serde_json::Value> = games
                .iter()
                .map(|(name, summary)| serde_json::json!({ "name": name, "summary": summary }))
                .collect();
            outln!(
                "{}",
                serde_json::to_string_pretty(&list).unwrap_or_default()
            );
        }
    }
    OK
}

/// A file name as typed at the prompt or in the engine protocol, without
/// quotes around it (`save "my game.rec"`, `game "my game.game"`).
pub(crate) fn unquoted(text: &str) -> &str {
    let text = text.trim();
    for quote in ['"', '\''] {
        if let Some(inner) = text.strip_prefix(quote).and_then(|t| t.strip_suffix(quote)) {
            return inner;
        }
    }
    text
}
