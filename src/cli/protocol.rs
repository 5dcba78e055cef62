//! `gamut engine`: a line protocol on standard input and output for other
//! programs (a GUI, a tournament manager, a script), in the spirit of GTP.
//!
//! Each command is one line, optionally led by a number that the answer
//! repeats. Each answer starts with `=` (success) or `?` (failure, with a
//! message), and ends with an empty line; a failure never ends the
//! session. docs/ENGINE.md describes every command, with a transcript.

use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};

use super::board::draw;
use super::record::WrittenMoves;
use super::seat;
use crate::ai::{Budget, Searcher, Stop, Strategy, Verdict};
use crate::engine::{Engine, Game, Outcome, Position, Status, Successors};
use crate::rng::Rng;

/// The longest line read; the rest of a longer one is refused unread.
const MAX_LINE: u64 = 1 << 20;

/// The version of the protocol this build speaks.
const PROTOCOL_VERSION: u32 = 1;

/// The commands, as `list_commands` gives them.
const COMMANDS: [&str; 21] = [
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "help",
    "quit",
    "game",
    "players",
    "position",
    "moves",
    "play",
    "undo",
    "history",
    "to_move",
    "status",
    "result",
    "board",
    "perft",
    "go",
    "stop",
    "set",
];

/// How many lines may wait while a command runs: the reader runs ahead to
/// see a `stop`, within this bound on memory.
const WAITING_LINES: usize = 64;

/// How long `perft` may count when the command does not say: a minute.
const PERFT_SECONDS: f64 = 60.0;

/// The session's settings, kept across games.
struct Settings {
    /// The seed last set (1 unless set): each `game` starts its sequence
    /// again, so that a game's answers do not depend on the games before.
    seed: u64,
    rng: Rng,
    threads: usize,
    budget: Budget,
    strategy: Strategy,
    /// How `stop` reaches the `go` it was sent after.
    stopping: Stopping,
    /// The `go` commands answered or being answered.
    gos: u64,
}

/// Which `go` a `stop` stops. The reader sees a `stop` while the `go`
/// before it may not have begun: a `stop` stops the last `go` read before
/// it (and only that one), whether that runs already (the reader asks its
/// search to stop) or is still to come (it asks as it begins). A script
/// piped in whole (`go …` then `quit`, or the end of the input) still
/// has each `go` searched in full.
#[derive(Clone, Default)]
struct Stopping {
    counts: Arc<Mutex<StopCounts>>,
    stop: Stop,
}

#[derive(Default)]
struct StopCounts {
    /// The `go` commands read.
    gos_read: u64,
    /// The `go`s a `stop` came after, not yet begun or running.
    stopped: std::collections::BTreeSet<u64>,
    /// The `go` being answered.
    running: Option<u64>,
}

impl Stopping {
    fn counts(&self) -> std::sync::MutexGuard<'_, StopCounts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The reader read `line`.
    fn read(&self, line: &str) {
        let mut counts = self.counts();
        let (stops, goes) = match id_and_command(line) {
            // Only a `stop` that is answered `=` stops anything.
            (_, Some("stop")) => (is_bare(line), false),
            (_, Some("go")) => (false, true),
            _ => (false, false),
        };
        if goes {
            counts.gos_read += 1;
        }
        if stops && counts.gos_read > 0 {
            let last = counts.gos_read;
            counts.stopped.insert(last);
            if counts.running == Some(last) {
                self.stop.request();
            }
        }
    }

    /// `go` number `n` begins: stopped already if a `stop` came after it.
    fn begin(&self, n: u64) {
        let mut counts = self.counts();
        counts.running = Some(n);
        // Earlier `go`s are over: their stops are spent.
        counts.stopped = counts.stopped.split_off(&n);
        if counts.stopped.contains(&n) {
            self.stop.request();
        } else {
            self.stop.clear();
        }
    }

    fn end(&self) {
        self.counts().running = None;
        self.stop.clear();
    }
}

/// Whether a line is its command alone (with an id or not).
fn is_bare(line: &str) -> bool {
    let (id, _) = id_and_command(line);
    line.split_whitespace().count() == 1 + usize::from(id.is_some())
}

/// A line's id (digits) and command word, as both the reader and the
/// session split it.
fn id_and_command(line: &str) -> (Option<&str>, Option<&str>) {
    let mut words = line.split_whitespace().peekable();
    let id = words.next_if(|w| w.bytes().all(|b| b.is_ascii_digit()));
    (id, words.next())
}

/// What a command asks the session to do next.
enum Next {
    Quit,
    Load(Box<Engine>),
}

pub(super) fn run() -> i32 {
    let stopping = Stopping::default();
    // Lines are read on a thread of their own, so that a `stop` is seen
    // while a `go` runs; the session takes them in order.
    let (lines, mut input) = sync_channel(WAITING_LINES);
    let reader = stopping.clone();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut stdin = stdin.lock();
        loop {
            let line = read_line(&mut stdin);
            if let Some(Ok(text)) = &line {
                reader.read(text);
            }
            let end = line.is_none();
            if lines.send(line).is_err() || end {
                break;
            }
        }
    });
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut settings = Settings {
        seed: 1,
        rng: Rng::new(1),
        threads: seat::all_cores(),
        budget: seat::DEFAULT_BUDGET,
        strategy: Strategy::Solver,
        stopping,
        gos: 0,
    };
    let mut engine: Option<Box<Engine>> = None;
    loop {
        let next = match &engine {
            None => serve(&mut input, &mut out, &mut settings, None),
            Some(engine) => {
                let mut session = Session {
                    engine,
                    game: Game::new(engine),
                    searcher: None,
                    written: WrittenMoves::default(),
                };
                serve(&mut input, &mut out, &mut settings, Some(&mut session))
            }
        };
        match next {
            Next::Quit => return super::OK,
            Next::Load(e) => engine = Some(e),
        }
    }
}

/// One loaded game and where it stands.
struct Session<'e> {
    engine: &'e Engine,
    game: Game<'e>,
    /// The computer player and its tree, kept between `go`s by the same
    /// player on as many threads.
    searcher: Option<Searcher>,
    /// The moves played, as written for `history`.
    written: WrittenMoves,
}

/// Answers commands until one loads a game or quits.
fn serve(
    input: &mut Receiver<Option<ReadLine>>,
    out: &mut impl Write,
    settings: &mut Settings,
    mut session: Option<&mut Session>,
) -> Next {
    loop {
        let Ok(Some(line)) = input.recv() else {
            return Next::Quit;
        };
        let line = match line {
            Ok(line) => line,
            Err((id, message)) => {
                answer(out, &id, Err(message));
                continue;
            }
        };
        let (id, command) = id_and_command(&line);
        let id = id.unwrap_or_default().to_string();
        let Some(command) = command else {
            // An id alone still gets its answer: a client waits for it.
            if !id.is_empty() {
                answer(out, &id, Err("give a command after the id".to_string()));
            }
            continue;
        };
        let args: Vec<&str> = line
            .split_whitespace()
            .skip(1 + usize::from(!id.is_empty()))
            .collect();
        // What follows the command as typed, spaces kept (a path).
        let rest = line
            .trim_start()
            .strip_prefix(id.as_str())
            .unwrap_or(&line)
            .trim_start()
            .strip_prefix(command)
            .unwrap_or_default()
            .trim();
        let takes_nothing = matches!(
            command,
            "quit"
                | "protocol_version"
                | "name"
                | "version"
                | "list_commands"
                | "help"
                | "stop"
                | "players"
                | "moves"
                | "history"
                | "to_move"
                | "status"
                | "result"
                | "board"
        );
        if command == "go" {
            // Counted as the reader counts, whether it then fails or not.
            settings.gos += 1;
        }
        if takes_nothing && !args.is_empty() {
            answer(out, &id, Err(format!("`{command}` takes nothing after it")));
            continue;
        }
        let reply = match command {
            "quit" => {
                answer(out, &id, Ok(String::new()));
                return Next::Quit;
            }
            "game" => match load(rest) {
                Ok(engine) => {
                    settings.rng = Rng::new(settings.seed);
                    let name = engine.rules().name.clone();
                    answer(out, &id, Ok(name));
                    return Next::Load(engine);
                }
                Err(message) => Err(message),
            },
            "protocol_version" => Ok(PROTOCOL_VERSION.to_string()),
            "name" => Ok("gamut".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "help" => Ok(HELP.trim_end().to_string()),
            "set" => {
                let set = set(settings, &args);
                // A new seed starts a new tree, so that the same seed
                // gives the same answers (the tree kept would not).
                if set.is_ok()
                    && args.contains(&"seed")
                    && let Some(session) = session.as_deref_mut()
                {
                    session.searcher = None;
                }
                set
            }
            // A `stop` read during a `go` stopped it (see `Stopping`).
            "stop" => Ok(String::new()),
            _ if !COMMANDS.contains(&command) => Err(format!(
                "unknown command `{}`; `list_commands` lists them",
                super::shown(command)
            )),
            _ => match session.as_deref_mut() {
                None => Err("no game is loaded; `game NAME` or `game PATH` loads one".to_string()),
                Some(session) => session.command(command, &args, settings),
            },
        };
        answer(out, &id, reply);
    }
}

/// A line read, or why it is refused with the id it starts with.
type ReadLine = Result<String, (String, String)>;

/// Reads one line, refusing one longer than [`MAX_LINE`] (its end, `\n`
/// or `\r\n`, not counted) or not UTF-8; `None` at the end.
fn read_line<R: BufRead>(input: &mut R) -> Option<ReadLine> {
    let mut bytes = Vec::new();
    let limit = MAX_LINE + 2;
    let read = std::io::Read::take(&mut *input, limit)
        .read_until(b'\n', &mut bytes)
        .ok()?;
    if read == 0 {
        return None;
    }
    let ended = bytes.ends_with(b"\n");
    if !ended && read as u64 == limit {
        // Skip the rest of the line.
        loop {
            let mut rest = Vec::new();
            match std::io::Read::take(&mut *input, MAX_LINE).read_until(b'\n', &mut rest) {
                Ok(0) | Err(_) => break,
                Ok(_) if rest.ends_with(b"\n") => break,
                Ok(_) => {}
            }
        }
    }
    let end = if bytes.ends_with(b"\r\n") {
        2
    } else {
        usize::from(ended)
    };
    if bytes.len() - end > MAX_LINE as usize {
        let why = format!("a line may be at most {MAX_LINE} bytes");
        return Some(Err((leading_id(&bytes), why)));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Some(Ok(text)),
        Err(e) => {
            let why = "the line is not UTF-8".to_string();
            Some(Err((leading_id(e.as_bytes()), why)))
        }
    }
}

/// The id a refused line starts with, so that its answer carries it as
/// any other (the digits before the first space), or none.
fn leading_id(bytes: &[u8]) -> String {
    let line = bytes.trim_ascii_start();
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    match line.get(digits) {
        Some(b' ' | b'\t') if digits > 0 => String::from_utf8_lossy(&line[..digits]).into_owned(),
        _ => String::new(),
    }
}

/// The most characters of a failure message written: a refusal quotes
/// what it was given (an unknown command, a seed), and a line may be a
/// mebibyte.
const MAX_MESSAGE_CHARS: usize = 2048;

/// A failure message cut to [`MAX_MESSAGE_CHARS`], saying so.
fn clipped(text: String) -> String {
    match crate::text::head(&text, MAX_MESSAGE_CHARS) {
        None => text,
        Some(head) => format!("{head}… ({} characters in all)", text.chars().count()),
    }
}

/// Writes an answer: `=` or `?`, the id, the text, an empty line. A
/// multi-line text starts on the line after the mark, and has no empty
/// line of its own, so that the empty line always ends the answer.
fn answer(out: &mut impl Write, id: &str, reply: Result<String, String>) {
    let (mark, text) = match reply {
        Ok(text) => ("=", text),
        Err(text) => ("?", clipped(text)),
    };
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| super::shown(l).into_owned())
        .collect();
    let body = match lines.as_slice() {
        [] => String::new(),
        [one] if !text.starts_with('\n') => format!(" {one}"),
        many => format!("\n{}", many.join("\n")),
    };
    // A client that cannot be answered is gone: the session ends.
    super::wrote(write!(out, "{mark}{id}{body}\n\n"));
    super::wrote(out.flush());
}

/// `game NAME|PATH`: the checked rules, or the first error found.
/// Loads the game named by the rest of a `game` line: a name, or a path
/// (spaces kept; quotes around it dropped).
fn load(rest: &str) -> Result<Box<Engine>, String> {
    let game = super::unquoted(rest);
    if game.is_empty() {
        return Err("give one game: `game NAME` or `game PATH`".to_string());
    }
    let checked = crate::load::check_game(game).map_err(|e| e.to_string())?;
    match checked.rules {
        Some(rules) => Ok(Box::new(Engine::new(rules))),
        None => {
            let first = checked
                .diagnostics
                .iter()
                .find(|d| d.severity == crate::diag::Severity::Error)
                .map(|d| {
                    let text = crate::diag::render(d, &checked.sources, false);
                    text.lines()
                        .filter(|l| !l.trim().is_empty())
                        .collect::<Vec<_>>()
                        .join("\n")
                })
                .unwrap_or_default();
            Err(format!("{game} has errors:\n{first}"))
        }
    }
}

/// `set seed N`, `set threads N`, `set time S`, `set iterations N`,
/// `set level L`, `set player mcts|uct`.
/// Several may be given at once; none is set unless all are right.
fn set(settings: &mut Settings, args: &[&str]) -> Result<String, String> {
    if args.is_empty() || !args.len().is_multiple_of(2) {
        return Err("give a setting and a value, as `set threads 2`".to_string());
    }
    let mut new = Settings {
        rng: settings.rng.clone(),
        stopping: settings.stopping.clone(),
        ..*settings
    };
    for pair in args.chunks(2) {
        set_one(&mut new, pair[0], pair[1])?;
    }
    *settings = new;
    Ok(String::new())
}

fn set_one(settings: &mut Settings, what: &str, value: &str) -> Result<(), String> {
    match what {
        "seed" => {
            let seed = value
                .parse()
                .map_err(|_| format!("`{value}` is not a seed"))?;
            settings.seed = seed;
            settings.rng = Rng::new(seed);
        }
        "threads" => match value.parse::<usize>() {
            Ok(n @ 1..=256) => settings.threads = n,
            _ => return Err("give from 1 to 256 threads".to_string()),
        },
        "time" | "iterations" | "level" => settings.budget = budget(what, value)?,
        "player" => settings.strategy = strategy(value)?,
        _ => {
            return Err(format!(
                "unknown setting `{what}`; the settings are seed, threads, time, iterations, level and player"
            ));
        }
    }
    Ok(())
}

/// A budget given as `time S`, `iterations N` or `level L`.
fn budget(what: &str, value: &str) -> Result<Budget, String> {
    let budget = match what {
        "time" => super::parse_seconds(value).ok().map(Budget::Time),
        "iterations" => value
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .map(Budget::Iterations),
        _ => seat::level(value),
    };
    budget.ok_or_else(|| match what {
        "time" => format!("`{value}` is not a number of seconds from 0.01 to 86400"),
        "iterations" => format!(
            "`{value}` is not a number of iterations from 1 to {}",
            u32::MAX
        ),
        _ => format!(
            "`{value}` is not a level; the levels are {}",
            seat::level_names()
        ),
    })
}

fn strategy(value: &str) -> Result<Strategy, String> {
    match value {
        "mcts" => Ok(Strategy::Solver),
        "uct" => Ok(Strategy::Plain),
        _ => Err(format!("`{value}` is not a player; use mcts or uct")),
    }
}

impl Session<'_> {
    fn command(
        &mut self,
        command: &str,
        args: &[&str],
        settings: &mut Settings,
    ) -> Result<String, String> {
        let rules = self.engine.rules();
        match command {
            "players" => {
                // In turn order: the player who moves first, first.
                let first = rules.turn_order.player_at(0);
                let names = rules.player_names();
                Ok(format!("{} {}", names[first], names[first.other()]))
            }
            "position" => self.position(args),
            "moves" => {
                self.listed()?;
                Ok(self.game.legal_notations().join(" "))
            }
            "play" => {
                // A move's text holds no spaces, as at the prompt.
                let text = args.concat();
                if text.is_empty() {
                    return Err("give a move to play, as `play e5`".to_string());
                }
                if self.game.status() != Status::Ongoing {
                    return Err("the game is over".to_string());
                }
                // The error quotes the move.
                self.game.play(&text).map_err(|e| e.to_string())?;
                Ok(String::new())
            }
            "undo" => {
                let times = match args {
                    [] => Some(1),
                    [n] => super::count(n),
                    _ => None,
                }
                .ok_or("give `undo`, or `undo N` for N moves, N at least 1")?;
                match self.game.moves().len() {
                    0 => Err("no move to take back".to_string()),
                    played if played < times => Err(format!(
                        "only {played} move{} to take back",
                        if played == 1 { "" } else { "s" }
                    )),
                    _ => {
                        for _ in 0..times {
                            self.game.undo();
                        }
                        Ok(String::new())
                    }
                }
            }
            "history" => Ok(self
                .written
                .first(self.engine, &self.game, self.game.moves().len())
                .iter()
                .map(|(_, text)| text.as_str())
                .collect::<Vec<_>>()
                .join(" ")),
            "to_move" => match self.game.status() {
                Status::Ongoing => Ok(rules.players[self.game.position().to_move()].name.clone()),
                Status::Over(_) => Err("the game is over".to_string()),
            },
            "status" => Ok(match self.game.status() {
                Status::Ongoing => "ongoing",
                Status::Over(_) => "over",
            }
            .to_string()),
            "result" => Ok(match self.game.status() {
                Status::Ongoing => "none".to_string(),
                Status::Over(Outcome::Win(p)) => format!("win {}", rules.players[p].name),
                Status::Over(Outcome::Draw) => "draw".to_string(),
            }),
            "board" => {
                let text = draw(
                    self.engine,
                    self.game.position(),
                    self.game.moves().last(),
                    false,
                );
                Ok(format!("\n{}", text.trim_end()))
            }
            "perft" => self.perft(args),
            "go" => self.go(args, settings),
            _ => Err(format!("unknown command `{command}`")),
        }
    }

    /// Fails when the position's moves could not be listed.
    fn listed(&self) -> Result<(), String> {
        match self.game.overrun() {
            Some(why) => Err(format!(
                "the moves of this position cannot be listed: {why}"
            )),
            None => Ok(()),
        }
    }

    /// `position start [moves M...]`: the start, then the moves in turn.
    fn position(&mut self, args: &[&str]) -> Result<String, String> {
        let moves = match args {
            ["start"] => &[][..],
            ["start", "moves", moves @ ..] => moves,
            _ => {
                return Err("give `position start` or `position start moves M1 M2 ...`".to_string());
            }
        };
        let mut game = Game::new(self.engine);
        for (i, m) in moves.iter().enumerate() {
            if game.status() != Status::Ongoing {
                return Err(format!("move {} ({m}): the game is already over", i + 1));
            }
            game.play(m)
                .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
        }
        self.game = game;
        Ok(String::new())
    }

    /// `perft N [time S]`: the leaves of the game tree N moves deep from
    /// here, within S seconds ([`PERFT_SECONDS`] when not given): a
    /// program waits for the answer, so the count may not run for ever.
    fn perft(&self, args: &[&str]) -> Result<String, String> {
        const USE: &str =
            "give a depth from 0 to 64, and a time if you like, as `perft 3` or `perft 6 time 600`";
        let (depth, limit) = match args {
            [d] => (d, Ok(PERFT_SECONDS)),
            [d, "time", t] => (d, super::parse_seconds(t).map(|t| t.as_secs_f64())),
            _ => return Err(USE.into()),
        };
        let Some(depth) = depth.parse::<u32>().ok().filter(|&d| d <= 64) else {
            return Err(USE.into());
        };
        // The time's own reason, not the depth's.
        let limit = limit?;
        let mut history = self.game.history_keys().to_vec();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(limit);
        crate::engine::with_deadline(deadline, || {
            crate::engine::perft(self.engine, self.game.position(), depth, &mut history)
        })
        .map(|n| n.to_string())
        .map_err(|e| {
            if e == crate::engine::Overrun::Deadline {
                format!(
                    "perft {depth} did not finish in {limit} s; give more time, as `perft {depth} time {}`",
                    (limit * 10.0).min(86_400.0)
                )
            } else {
                e.to_string()
            }
        })
    }

    /// `go [time S | iterations N | level L] [player mcts|uct]`: the move
    /// the computer would play, with its value and the line it expects.
    fn go(&mut self, args: &[&str], settings: &mut Settings) -> Result<String, String> {
        let mut budget_now = settings.budget;
        let mut strategy_now = settings.strategy;
        for pair in args.chunks(2) {
            match pair {
                ["player", value] => strategy_now = strategy(value)?,
                [what @ ("time" | "iterations" | "level"), value] => {
                    budget_now = budget(what, value)?;
                }
                _ => {
                    return Err(
                        "give `go`, or with `time S`, `iterations N`, `level L`, `player mcts|uct`"
                            .to_string(),
                    );
                }
            }
        }
        if self.game.status() != Status::Ongoing {
            return Err("the game is over".to_string());
        }
        if let Some(why) = self.game.overrun() {
            // No search without the moves: a move drawn part by part, as
            // the prompt's computer plays there.
            let pos = self.game.position();
            let mut scratch = Successors::default();
            let Some((mv, _)) = self
                .engine
                .random_by_parts(pos, &mut settings.rng, &mut scratch)
            else {
                return Err(format!(
                    "the moves of this position cannot be listed ({why}), and no move was found part by part"
                ));
            };
            let text = self.engine.notation(pos, &mv);
            return Ok(format!(
                "{text} value 0.500 proven none iterations 0 line {text}"
            ));
        }
        let threads = settings.threads;
        // The tree is kept for the same player on as many threads; a new
        // budget only changes how long it thinks on.
        let kept = self.searcher.take().filter(|s| {
            let config = s.config();
            config.strategy == strategy_now && config.threads == threads
        });
        let searcher = self.searcher.insert(
            kept.unwrap_or_else(|| Searcher::new(seat::config(strategy_now, budget_now, threads))),
        );
        searcher.set_budget(budget_now);
        searcher.set_stop(settings.stopping.stop.clone());
        let history = self.game.history_keys();
        settings.stopping.begin(settings.gos);
        let found = searcher.choose(
            self.engine,
            self.game.position(),
            history,
            &mut settings.rng,
        );
        settings.stopping.end();
        let choice = found
            .map_err(|e| e.to_string())?
            .ok_or("the game is over")?;
        let line = notations(self.engine, self.game.position(), &choice.line);
        let proven = match choice.proven {
            None => "none",
            Some(Verdict::Win) => "win",
            Some(Verdict::Draw) => "draw",
            Some(Verdict::Loss) => "loss",
        };
        Ok(format!(
            "{} value {:.3} proven {proven} iterations {} line {}",
            line.first().cloned().unwrap_or_default(),
            choice.value,
            choice.iterations,
            line.join(" ")
        ))
    }
}

/// The notation of a line of moves given by their indices.
fn notations(engine: &Engine, from: &Position, line: &[usize]) -> Vec<String> {
    let mut pos = from.clone();
    let mut buffer = Successors::default();
    let mut out = Vec::new();
    for &i in line {
        engine.successors(&pos, &mut buffer);
        if buffer.overrun().is_some() || i >= buffer.len() {
            break;
        }
        out.push(engine.notation(&pos, &buffer.moves[i]));
        pos = buffer.positions[i].clone();
    }
    out
}

const HELP: &str = "\
game NAME|PATH        load a game (a shipped name or a .game file); the start position
players               the players, in turn order
position start [moves M1 M2 ...]   set the position: the start, then these moves
moves                 the legal moves here, in notation
play MOVE             play a move
undo [N]              take the last move (or N moves) back
history               the moves played
to_move               the player to move
status                ongoing or over
result                win PLAYER, draw, or none
board                 the board, as a drawing
perft N [time S]      count the leaves of the game tree N moves deep (within 60 s, or S)
go [time S] [iterations N] [level L] [player mcts|uct]
                      the computer's move: MOVE value V proven win|draw|loss|none iterations N line M...
stop                  sent while a go searches: it answers now with what it found
set seed|threads|time|iterations|level|player VALUE ...   settings for later commands, one or several
protocol_version      the protocol's version: 1
name, version         gamut and its version
list_commands         every command, one a line
help                  this text
quit                  end the session
";
