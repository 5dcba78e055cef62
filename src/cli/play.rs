//! `gamut play GAME [NAME=SEAT]…`: a game in the terminal, against a
//! person or the computer (seats as [`super::seat`] reads them).
//!
//! Moves are typed in the engine's notation, any case. Commands: `moves`,
//! `undo`, `redo`, `hint`, `resign`, `rules`, `board`, `save FILE`,
//! `help`, `quit`.
//! On a terminal the prompt has line editing and history; from a pipe the
//! lines are read plainly and echoed, so a session reads as a transcript.

use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::board::{draw, draw_marked};
use super::interrupt::{self, Interrupt};
use super::record::{self, Record, RecordError, WrittenMoves};
use super::seat::{self, DEFAULT_BUDGET, SEAT_WORDS, Seat};
use super::{OK, USAGE, colour_stdout, load_checked, shown};
use crate::ai::{Budget, Choice, MctsConfig, Searcher, Strategy, Verdict};
use crate::engine::{Engine, Game, Move, Outcome, ParseError, Position, Status};
use crate::rng::Rng;
use crate::rules::{PlayerId, WhenStuck};

pub(super) struct PlayArgs {
    pub game: Option<String>,
    pub seats: Vec<String>,
    pub seed: u64,
    pub iterations: Option<u32>,
    pub think: Option<Duration>,
    pub level: Option<Budget>,
    pub threads: usize,
    pub load: Option<String>,
    pub force: bool,
    pub ply_cap: usize,
}

/// Reads lines: with editing and history on a terminal, plainly otherwise.
enum Input {
    /// The editor, and the lines after the first of a paste of several,
    /// each read in turn as if typed.
    Editor(
        Box<rustyline::DefaultEditor>,
        std::collections::VecDeque<String>,
    ),
    Plain(std::io::StdinLock<'static>),
}

impl Input {
    fn new() -> Input {
        if std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal()
            && let Ok(editor) = rustyline::DefaultEditor::new()
        {
            return Input::Editor(Box::new(editor), std::collections::VecDeque::new());
        }
        Input::Plain(std::io::stdin().lock())
    }

    /// The next line, or `None` at the end of input.
    fn line(&mut self, prompt: &str) -> Option<String> {
        match self {
            Input::Editor(editor, pasted) => {
                if let Some(line) = pasted.pop_front() {
                    // Shown after its prompt, as a typed line would be.
                    outln!("{prompt}{}", shown(&line));
                    return Some(line);
                }
                Input::edited_line(editor, pasted, prompt)
            }
            Input::Plain(stdin) => {
                out!("{prompt}");
                let mut bytes = Vec::new();
                match stdin.by_ref().take(MAX_LINE).read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => {
                        outln!();
                        None
                    }
                    Ok(_) => {
                        // A line longer than any command is refused whole
                        // (a move or a file name cut short would be read
                        // as another), the rest read and dropped a piece
                        // at a time.
                        let mut rest = Vec::new();
                        let mut dropped = 0;
                        while !bytes.ends_with(b"\n") && !rest.ends_with(b"\n") {
                            rest.clear();
                            match stdin.by_ref().take(MAX_LINE).read_until(b'\n', &mut rest) {
                                Ok(0) | Err(_) => break,
                                Ok(n) => dropped += n,
                            }
                        }
                        if dropped > 0 {
                            outln!();
                            outln!(
                                "That line is longer than {MAX_LINE} bytes, longer than any \
                                 command: none of it was read."
                            );
                            return Some(String::new());
                        }
                        let line = String::from_utf8_lossy(&bytes)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        // A tab typed is shown as the space it reads as.
                        outln!("{}", shown(&line.replace('\t', " ")));
                        Some(line)
                    }
                }
            }
        }
    }

    /// A line from the editor. A paste of several lines comes back as one
    /// text: its first line is returned, the others kept to be read next
    /// (read as one, `a3` and `a2` were the word `a3a2`).
    fn edited_line(
        editor: &mut rustyline::DefaultEditor,
        pasted: &mut std::collections::VecDeque<String>,
        prompt: &str,
    ) -> Option<String> {
        match editor.readline(prompt) {
            Ok(text) => {
                let mut lines = text
                    .split('\n')
                    .map(|l| l.trim_end_matches('\r').to_string());
                let first = lines.next().unwrap_or_default();
                pasted.extend(lines);
                // A paste ending in a line break leaves no line after it.
                if pasted.back().is_some_and(|l| l.trim().is_empty()) {
                    pasted.pop_back();
                }
                for line in std::iter::once(&first).chain(pasted.iter()) {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                    }
                }
                Some(first)
            }
            // Ctrl-C clears the line, as most prompts do; Ctrl-D
            // (the end of input) ends the session.
            Err(rustyline::error::ReadlineError::Interrupted) => Some(String::new()),
            Err(_) => None,
        }
    }
}

/// What `undo` or `redo` did, when it is not plainly the turns asked for:
/// `moves` moves over `turns` of a person's turns (more where the
/// computer's replies came with them), `short` of what was asked, the
/// word of what there was no more to do. `None` when there is nothing to
/// add to the board shown.
fn counted_moves(what: String, moves: usize, turns: usize, short: Option<&str>) -> Option<String> {
    let replies = if moves > turns {
        ", the computer's replies among them"
    } else {
        ""
    };
    match short {
        Some(verb) => Some(format!("{what}{replies}: there was no more to {verb}.")),
        None if moves > turns => Some(format!("{what}{replies}.")),
        None => None,
    }
}

/// Says so when a file given as a record holds a game's rules instead
/// (`gamut play --load x.game`), and what to type.
fn not_a_record_but_rules(path: &str) {
    let file = record::expand_home(path);
    let is_rules = file.is_file()
        && crate::load::check_game(&file.display().to_string())
            .is_ok_and(|checked| checked.rules.is_some());
    if is_rules {
        let path = shown(path);
        errln!("gamut: {path} holds the rules of a game: `gamut play {path}` plays it");
    }
}

/// The longest line read from a pipe: far longer than any command, or
/// than a path to save to.
const MAX_LINE: u64 = 65_536;

pub(super) fn run(args: &PlayArgs) -> i32 {
    let loaded = match &args.load {
        Some(path) => match record::load(&record::expand_home(path)) {
            Ok(r) => Some(r),
            Err(e) => {
                errln!("gamut: {}", shown(&e.to_string()));
                not_a_record_but_rules(path);
                return USAGE;
            }
        },
        None => None,
    };
    let game_arg = match (&args.game, &loaded, &args.load) {
        (Some(g), _, _) => g.clone(),
        (None, Some(r), Some(path)) => {
            let record_path = record::expand_home(path);
            let found = record::source_of(&record_path, &r.source);
            if let Some(why) = record::source_missing(&record_path, &r.source, &found) {
                errln!(
                    "gamut: {}, or name it: `gamut play GAME --load {}`",
                    shown(&why),
                    shown(path)
                );
                return USAGE;
            }
            found
        }
        _ => {
            errln!("gamut: name a game to play, or --load a saved one");
            return USAGE;
        }
    };
    let (rules, sources) = match load_checked(&game_arg) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let meaning = record::meaning(&rules);
    if let (Some(r), Some(path)) = (&loaded, &args.load) {
        match record_fits(r, &rules, &meaning, &sources, path, args.force) {
            Ok(None) => {}
            Ok(Some(warning)) => errln!("gamut: {}", shown(&warning)),
            Err(message) => {
                errln!("gamut: {}", shown(&message));
                return USAGE;
            }
        }
    }
    let engine = Engine::new(rules);
    let budget = match (args.iterations, args.think, args.level) {
        (_, Some(t), _) => Budget::Time(t),
        (Some(n), _, _) => Budget::Iterations(n),
        (_, _, Some(level)) => level,
        _ => DEFAULT_BUDGET,
    };
    let mut seats = [Seat::Human, Seat::Human];
    let mut resigned = None;
    if let Some(r) = &loaded {
        if let Some(name) = &r.resigned {
            let Some(p) = engine.rules().player_index(name) else {
                errln!(
                    "gamut: the record says `{}` resigned, a player this game does not have",
                    shown(name)
                );
                return USAGE;
            };
            resigned = Some(p);
        }
        for (name, kind) in &r.players {
            let Some(p) = engine.rules().player_index(name) else {
                errln!(
                    "gamut: the record seats a player `{}` that this game does not have",
                    shown(name)
                );
                return USAGE;
            };
            // A strength given on the command line is the one wanted now,
            // over the one the record's seat was saved with.
            let told = args.iterations.is_some() || args.think.is_some() || args.level.is_some();
            let word = match kind.split_once(':') {
                Some((strategy, _)) if told => strategy,
                _ => kind.as_str(),
            };
            let seat = match Seat::parse(word, budget) {
                Ok(seat) => seat,
                Err(why) => {
                    errln!(
                        "gamut: the record seats {} as `{}`: {}",
                        shown(name),
                        shown(kind),
                        shown(why.trim_start_matches(&format!("`{word}`: ")))
                    );
                    return USAGE;
                }
            };
            seats[p] = seat;
        }
    }
    let mut seated: [Option<&str>; 2] = [None, None];
    for spec in &args.seats {
        match seat_spec(&engine, spec, budget) {
            Ok((p, _)) if seated[p].is_some() => {
                errln!(
                    "gamut: {} is seated twice (`{}`, then `{}`): give each player one seat",
                    shown(&engine.rules().players[p].name),
                    shown(seated[p].unwrap_or_default()),
                    shown(spec)
                );
                return USAGE;
            }
            Ok((p, seat)) => {
                seated[p] = Some(spec);
                seats[p] = seat;
            }
            Err(message) => {
                errln!("gamut: {}", shown(&message));
                return USAGE;
            }
        }
    }
    // A record gamut saved seats every player: one left out was cut or
    // edited away, and is not taken to be a person without a word.
    if let (Some(r), Some(path)) = (&loaded, &args.load) {
        for (p, player) in engine.rules().players.iter().enumerate() {
            if seated[p].is_none() && !r.players.contains_key(&player.name) {
                let name = shown(&player.name);
                errln!(
                    "gamut: {}: the record seats no one as {name} (its `[players]` lines are cut short or edited); add `{name} = \"human\"` (or `mcts`, `random`) there, or give the seat: `{name}=human`",
                    shown(path)
                );
                return USAGE;
            }
        }
    }
    let mut session = Session {
        engine: &engine,
        game: Game::new(&engine),
        redo: Vec::new(),
        seats,
        rng: Rng::new(args.seed),
        hint_rng: Rng::new(args.seed ^ 0x5eed),
        searchers: seats.map(|seat| seat.search(args.threads).map(heeding_ctrl_c)),
        hinter: heeding_ctrl_c(hint_config(&seats, budget, args.threads)),
        colour: colour_stdout(),
        source: game_arg,
        rules_files: (0..sources.len() as u32)
            .filter_map(|i| {
                Path::new(&sources.get(crate::diag::FileId(i)).name)
                    .canonicalize()
                    .ok()
            })
            .collect(),
        meaning,
        ply_cap: args.ply_cap,
        autosave: None,
        autosave_lock: None,
        resigned: None,
        saved: (0, None),
        saved_to: None,
        kept: ((0, 0, None), None),
        written: std::cell::RefCell::default(),
    };
    // The automatic record of an earlier game is kept aside before this
    // one replaces it (unless this is that game, resumed).
    let resumed = args.load.as_deref().map(record::expand_home);
    if let Some((path, lock)) = autosave_path() {
        session.autosave = set_aside_earlier_game(path, resumed.as_deref());
        session.autosave_lock = match session.autosave {
            Some(_) => Some(lock.file),
            None => {
                lock.give_up();
                None
            }
        };
    }
    if let Some(r) = &loaded {
        let mut whole = true;
        for (i, m) in r.moves.iter().enumerate() {
            if let Err(e) = session.game.play(m) {
                // The error quotes the move, shortened: a record's move
                // may be a megabyte.
                errln!(
                    "gamut: {}: move {} of the record: {}",
                    shown(args.load.as_deref().unwrap_or("the record")),
                    i + 1,
                    shown(&e.to_string())
                );
                if !args.force {
                    return USAGE;
                }
                errln!("gamut: the game goes on from before that move");
                whole = false;
                break;
            }
        }
        // A resumed automatic record whose moves were not all played
        // keeps them: it is set aside, not written over by the shorter
        // game.
        if !whole
            && let (Some(path), Some(resumed)) = (&session.autosave, &resumed)
            && same_file(path, resumed)
        {
            session.autosave = set_aside_earlier_game(path.clone(), None);
        }
        // A resignation ends the game after its last move, so it stands
        // only where every move was played and they left the game open.
        if whole {
            session.resigned = resigned_after(&engine, &session.game, resigned);
        }
        warn_if_result_differs(r, &engine, session.status());
        session.saved = (r.moves.len(), session.resigned);
    }
    session.run()
}

/// Whether a record can be played with these rules: it must be of this
/// game, under rules that mean the same, unless `force`, which plays it
/// anyway with a warning, returned (`Ok(Some(..))`) to be said. `path`
/// is the record as named on the command line, for what to type.
fn record_fits(
    record: &Record,
    rules: &crate::rules::Rules,
    meaning: &record::Meaning,
    sources: &crate::diag::Sources,
    path: &str,
    force: bool,
) -> Result<Option<String>, String> {
    let forced =
        format!("`gamut play --load {path} --force` plays its moves as far as they stay legal");
    let mut warnings = Vec::new();
    if record.game != rules.name {
        let differs = format!("the record is of {}, not of {}", record.game, rules.name);
        if !force {
            return Err(format!("{differs}; if the game was renamed, {forced}"));
        }
        warnings.push(differs);
    }
    let same = record.rules_hash == meaning.hash || record.rules_hash == record::text_hash(sources);
    if !same {
        let changed = record::changed_parts(&record.rules_parts, &meaning.parts);
        if !record.rules_parts.is_empty() && changed.is_empty() {
            // Every part agrees and the whole does not: the record's own
            // hash was edited or damaged, not the rules.
            let damaged = format!(
                "the record's rules_hash does not match its rules_parts, which all match the rules of {}: the hash was edited or damaged",
                record.source
            );
            if !force {
                return Err(format!("{damaged}; {forced}"));
            }
            warnings.push(damaged);
        } else {
            let what = if record.rules_parts.is_empty() {
                "a board, move, goal or setup changed".to_string()
            } else {
                match changed.split_last() {
                    Some((last, [])) => format!("{last} changed"),
                    Some((last, rest)) => format!("{} and {last} changed", rest.join(", ")),
                    None => String::new(),
                }
            };
            let differs = format!(
                "the rules of {} mean something else since this record was saved ({what})",
                record.source
            );
            if !force {
                return Err(format!(
                    "{differs}, so its moves may not replay; name the rules it was played under (`gamut play OLD.game --load {path}`), or {forced}"
                ));
            }
            warnings.push(differs);
        }
    }
    Ok((!warnings.is_empty()).then(|| {
        format!(
            "{}: its moves are played as far as they stay legal",
            warnings.join("; ")
        )
    }))
}

/// The player who resigned in a record, if the resignation stands: a
/// record whose moves already end the game says so, and the moves count;
/// so does one whose resigning player was not the one to move, as only
/// the player to move resigns (`resign` at the prompt).
fn resigned_after(engine: &Engine, game: &Game, resigned: Option<PlayerId>) -> Option<PlayerId> {
    let p = resigned?;
    let status = game.status();
    let to_move = game.position().to_move();
    if status == Status::Ongoing && p == to_move {
        return Some(p);
    }
    if status == Status::Ongoing {
        let names = &engine.rules().players;
        errln!(
            "gamut: the record says {} resigned, but {} was to move after its last move, and only the player to move resigns; the resignation is left out",
            shown(&names[p].name),
            shown(&names[to_move].name)
        );
        return None;
    }
    errln!(
        "gamut: the record says {} resigned, but its moves end `{}`; the moves count",
        shown(&engine.rules().players[p].name),
        record::result_word(engine.rules(), status)
    );
    None
}

/// How a game stands with a resignation after its moves, if there is one.
fn with_resignation(status: Status, resigned: Option<PlayerId>) -> Status {
    match resigned {
        Some(p) => Status::Over(Outcome::Win(p.other())),
        None => status,
    }
}

/// The moves are the truth: a stored result that disagrees with how they
/// end is reported, not shown.
fn warn_if_result_differs(record: &Record, engine: &Engine, status: Status) {
    let actual = record::result_word(engine.rules(), status);
    if record.result != actual {
        errln!(
            "gamut: the record says `{}`, but its moves end `{actual}`; the moves count",
            shown(&record.result)
        );
    }
}

/// The hint comes from the computer seat's player (the first one's, if
/// both are), or from one that thinks for `budget`.
fn hint_config(seats: &[Seat; 2], budget: Budget, threads: usize) -> crate::ai::MctsConfig {
    seats
        .iter()
        .find_map(|s| s.search(threads))
        .unwrap_or_else(|| seat::config(Strategy::Solver, budget, threads))
}

/// `Light=mcts`: a player of this game, by name, and a seat.
fn seat_spec(engine: &Engine, spec: &str, budget: Budget) -> Result<(usize, Seat), String> {
    let names = engine.rules().player_names();
    let Some((name, kind)) = spec.split_once('=') else {
        return Err(format!(
            "`{spec}`: give a seat as PLAYER=SEAT, such as {}=mcts; a seat is {SEAT_WORDS}",
            names[1]
        ));
    };
    // As written first; in any case only where that names one player
    // (`players White, white` may be written so).
    let exact = names.iter().position(|n| *n == name);
    let loose: Vec<usize> = (0..names.len())
        .filter(|&i| names[i].eq_ignore_ascii_case(name))
        .collect();
    let p = match (exact, loose.as_slice()) {
        (Some(p), _) | (None, &[p]) => p,
        (None, []) => {
            return Err(format!(
                "`{name}` is not a player of this game; the players are {}",
                names.join(" and ")
            ));
        }
        (None, _) => {
            return Err(format!(
                "`{name}` names both players in another case; write {} or {}",
                names[0], names[1]
            ));
        }
    };
    let seat = Seat::parse(kind, budget)?;
    Ok((p, seat))
}

struct Session<'e> {
    engine: &'e Engine,
    game: Game<'e>,
    /// Moves taken back with `undo`, for `redo`.
    redo: Vec<Move>,
    seats: [Seat; 2],
    rng: Rng,
    hint_rng: Rng,
    /// The computer seats' players, which keep their trees between moves.
    searchers: [Option<Searcher>; 2],
    /// The player `hint` asks.
    hinter: Searcher,
    colour: bool,
    source: String,
    /// The files the rules were read from (the game's and its parents'),
    /// which no record may be saved over.
    rules_files: Vec<PathBuf>,
    /// What the rules mean, for the records this session saves.
    meaning: record::Meaning,
    /// How many moves two computers play before the session stops.
    ply_cap: usize,
    /// Where the game is kept as it goes (see [`autosave_path`]).
    autosave: Option<PathBuf>,
    /// The lock on it, held while the session lasts, so that another
    /// session keeps its game elsewhere.
    autosave_lock: Option<std::fs::File>,
    /// The player who resigned, ending the game after its last move.
    resigned: Option<PlayerId>,
    /// The moves the game had, and who had resigned, when it was last saved.
    saved: (usize, Option<PlayerId>),
    /// Where `save` last saved it, as typed.
    saved_to: Option<String>,
    /// The moves, position and resignation last kept in the automatic
    /// record, and when (see [`Session::keep_changes`]).
    kept: ((usize, u64, Option<PlayerId>), Option<std::time::Instant>),
    /// The moves played, as written (see [`Session::move_text`]).
    written: std::cell::RefCell<WrittenMoves>,
}

/// Whether two paths name one file (an automatic record and the record
/// resumed).
fn same_file(a: &Path, b: &Path) -> bool {
    a.canonicalize().ok() == b.canonicalize().ok()
}

/// Makes room at `path` for this session's automatic record: a record of
/// another game there is moved to `NAME.previous.toml` (and said so); a
/// file there that is no record is left alone, and then nothing is kept
/// automatically (`GAMUT_AUTOSAVE` once wrote over any file it named).
fn set_aside_earlier_game(path: PathBuf, resumed: Option<&Path>) -> Option<PathBuf> {
    if !path.exists() {
        return Some(path);
    }
    if resumed.is_some_and(|r| same_file(r, &path)) {
        return Some(path);
    }
    let shown_path = shown(&path.display().to_string()).into_owned();
    if record::load(&path).is_err() {
        errln!(
            "gamut: {shown_path} is not a game record, so this game is not kept in it; `save FILE` keeps one"
        );
        return None;
    }
    let stem = path
        .file_stem()
        .map_or_else(|| "last-game".into(), |s| s.to_string_lossy().into_owned());
    let previous = path.with_file_name(format!("{stem}.previous.toml"));
    // The game kept aside before is replaced by this one; a file there
    // that is not a record is someone's, and left alone.
    if std::fs::symlink_metadata(&previous).is_ok() && record::load(&previous).is_err() {
        errln!(
            "gamut: {} is not a game record, so the previous game stays in {shown_path} and this game is not kept automatically; `save FILE` keeps one",
            shown(&previous.display().to_string())
        );
        return None;
    }
    match std::fs::rename(&path, &previous) {
        Ok(()) => {
            let previous = shown(&previous.display().to_string()).into_owned();
            outln!("The previous game is kept in {previous}.");
            Some(path)
        }
        Err(e) => {
            errln!(
                "gamut: cannot keep the previous game aside ({e}); this game is not kept automatically"
            );
            None
        }
    }
}

/// Where a session keeps its game as it goes: `GAMUT_AUTOSAVE` if set
/// (empty turns it off); else, for a person at a terminal, the state
/// folder (`$XDG_STATE_HOME/gamut` or `~/.local/state/gamut`).
fn autosave_path() -> Option<(PathBuf, Lock)> {
    if let Some(path) = std::env::var_os("GAMUT_AUTOSAVE") {
        if path.is_empty() {
            return None;
        }
        let path = PathBuf::from(path);
        let shown_path = shown(&path.display().to_string()).into_owned();
        return match claim(&path) {
            Ok(lock) => Some((path, lock)),
            Err(Unclaimed::Held) => {
                errln!(
                    "gamut: another gamut session keeps its game in {shown_path}, so this game is not kept automatically; `save FILE` keeps one"
                );
                None
            }
            Err(Unclaimed::Failed(e)) => {
                errln!(
                    "gamut: cannot keep the game in {shown_path} ({e}), so it is not kept automatically; `save FILE` keeps one"
                );
                None
            }
        };
    }
    if !std::io::stdin().is_terminal() {
        return None;
    }
    let Some(dir) = super::user_dir("XDG_STATE_HOME", ".local/state") else {
        errln!(
            "gamut: no folder can be made for the automatic record ($XDG_STATE_HOME/gamut or ~/.local/state/gamut), so this game is not kept automatically; `save FILE` keeps one"
        );
        return None;
    };
    // Two sessions at once each keep their own game: the second takes
    // `last-game-2.toml`, and so on.
    let mut failed = None;
    let claimed = (1..=AUTOSAVE_FILES).find_map(|n| {
        let name = match n {
            1 => "last-game.toml".to_string(),
            n => format!("last-game-{n}.toml"),
        };
        let path = dir.join(name);
        match claim(&path) {
            Ok(lock) => Some((path, lock)),
            Err(Unclaimed::Held) => None,
            Err(Unclaimed::Failed(e)) => {
                failed = Some(e);
                None
            }
        }
    });
    if claimed.is_none() {
        let why = failed.map_or_else(
            || format!("{AUTOSAVE_FILES} other sessions keep theirs there"),
            |e| e.to_string(),
        );
        errln!(
            "gamut: cannot keep the game in {} ({why}), so it is not kept automatically; `save FILE` keeps one",
            shown(&dir.display().to_string())
        );
    }
    claimed
}

/// Why an automatic record was not claimed.
enum Unclaimed {
    /// Another session holds its lock.
    Held,
    /// Its lock could not be made.
    Failed(std::io::Error),
}

/// How many sessions at once keep their games automatically.
const AUTOSAVE_FILES: usize = 9;

/// A lock held on `NAME.lock` beside an automatic record.
struct Lock {
    file: std::fs::File,
    path: PathBuf,
    /// Whether this session made the lock's file.
    made: bool,
}

impl Lock {
    /// Lets the lock go where the record is not kept after all (a file
    /// there that is no record): a lock file this session made is removed,
    /// not left beside someone's file.
    fn give_up(self) {
        if self.made {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Claims an automatic record for this session: a lock held on
/// `NAME.lock` beside it until the session ends, or why not: another
/// session holds it, or the lock cannot be made.
fn claim(path: &Path) -> Result<Lock, Unclaimed> {
    let path = path.with_extension("lock");
    let made = std::fs::symlink_metadata(&path).is_err();
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(Unclaimed::Failed)?;
    match file.try_lock() {
        Ok(()) => Ok(Lock { file, path, made }),
        Err(std::fs::TryLockError::WouldBlock) => Err(Unclaimed::Held),
        Err(std::fs::TryLockError::Error(e)) => Err(Unclaimed::Failed(e)),
    }
}

const HELP: &str = "\
Type a move in notation (any case), or a command:
  moves       list the legal moves
  undo [N]    take back the last move, or N moves (and the computer's replies)
  redo [N]    play again a move taken back, or N
  hint        suggest a move
  resign      give up the game (`undo` takes it back)
  rules       a summary of the rules
  board       show the board again
  save FILE   save the game as a record (gamut play --load FILE resumes it)
  help        this list
  quit        leave the game";

impl Session<'_> {
    fn run(&mut self) -> i32 {
        self.kept = (
            (self.saved.0, self.game.position().key(), self.saved.1),
            None,
        );
        let code = self.play();
        self.keep_changes(true);
        code
    }

    /// The session's loop, until the game ends between computers or the
    /// person leaves.
    fn play(&mut self) -> i32 {
        let rules = self.engine.rules();
        outln!(
            "{}: {} ({}) against {} ({}). Type `help` for commands.",
            rules.name,
            rules.players[0].name,
            self.seats[0].word(),
            rules.players[1].name,
            self.seats[1].word()
        );
        let mut input = Input::new();
        self.show();
        let mut told_overrun = false;
        // A line typed where `save` asked whether to replace a file, that
        // was no answer: read as typed, not lost.
        let mut pending: Option<String> = None;
        loop {
            self.keep_changes(false);
            let status = self.status();
            let to_move = self.game.position().to_move();
            told_overrun &= self.game.overrun().is_some();
            if let Some(why) = self.game.overrun().filter(|_| status == Status::Ongoing) {
                if !told_overrun {
                    outln!(
                        "gamut cannot list the moves of this position: {}.",
                        shown(&why.to_string())
                    );
                    if rules.parts.len() > 1 {
                        outln!(
                            "A move is still read part by part: type all its parts, as in `a1-b2/b2-c3`."
                        );
                    } else if self.seats.contains(&Seat::Human) && !self.game.moves().is_empty() {
                        outln!("A rule of this game makes them too many; `undo` goes back.");
                    } else {
                        outln!("A rule of this game makes them too many.");
                    }
                    told_overrun = true;
                }
                if self.seats[to_move] != Seat::Human {
                    if !self.seats.contains(&Seat::Human) && self.game.moves().len() >= self.ply_cap
                    {
                        return OK;
                    }
                    let mover = &rules.players[to_move].name;
                    if self.game.play_random_by_parts(&mut self.rng) {
                        outln!(
                            "{mover} ({}) plays {}, drawn part by part",
                            self.seats[to_move].word(),
                            self.move_text(self.game.moves().len() - 1)
                        );
                        self.show();
                        continue;
                    }
                    outln!(
                        "{mover} ({}) finds no move here.",
                        self.seats[to_move].word()
                    );
                    if !self.seats.contains(&Seat::Human) {
                        return USAGE;
                    }
                }
            } else if status == Status::Ongoing && self.seats[to_move] != Seat::Human {
                // Two computers in a game that may never end (J) stop at the cap.
                if !self.seats.contains(&Seat::Human) && self.game.moves().len() >= self.ply_cap {
                    outln!(
                        "Stopped after {}: the ply cap of this session (--ply-cap), not a rule of the game.",
                        super::counted(self.ply_cap, "move")
                    );
                    return OK;
                }
                self.computer_moves();
                continue;
            }
            if status != Status::Ongoing && !self.seats.contains(&Seat::Human) {
                return OK;
            }
            let prompt = match status {
                Status::Ongoing => format!("{}> ", rules.players[to_move].name),
                Status::Over(_) => "game over> ".to_string(),
            };
            // Everything before what the person types next is kept.
            self.keep_changes(true);
            let Some(line) = pending.take().or_else(|| input.line(&prompt)) else {
                self.farewell();
                return OK;
            };
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let (command, rest) = (word.to_ascii_lowercase(), rest.trim());
            // A command is never read with words it does not take.
            let bare = matches!(
                command.as_str(),
                "quit" | "exit" | "help" | "?" | "moves" | "hint" | "rules" | "board" | "resign"
            );
            if bare && !rest.is_empty() {
                outln!("`{command}` takes nothing after it: type `{command}` alone.");
                continue;
            }
            match command.as_str() {
                "quit" | "exit" => {
                    self.farewell();
                    return OK;
                }
                "help" | "?" => outln!("{HELP}\n{}", rules.notation_guide()),
                "moves" => self.list_moves(),
                "undo" | "redo" => match times(rest) {
                    Some(n) if command == "undo" => self.undo(n),
                    Some(n) => self.redo(n),
                    None => outln!(
                        "`{command}` takes a number of moves or nothing, as in `{command} 2`."
                    ),
                },
                "hint" => self.hint(),
                "resign" => self.resign(),
                "rules" => {
                    out!("{}", rules.summary());
                    if !rules.regions.is_empty() {
                        out!("Regions (x marks their cells):\n{}", rules.regions_drawn());
                    }
                    out!("{}", rules.notation_guide());
                }
                "board" => self.show(),
                "save" => pending = self.save(super::unquoted(rest), &mut input),
                // Not a command of the prompt, but what a person may try
                // (read as a move, `load g1.toml` was `loadg1.toml`).
                "load" | "open" | "resume" => outln!(
                    "A saved game is resumed from the command line: `gamut play --load FILE`."
                ),
                _ => self.human_move(line),
            }
        }
    }

    fn show(&self) {
        let pos = self.game.position();
        let last = self.game.moves().last();
        out!("{}", draw(self.engine, pos, last, self.colour));
        if last.is_some() {
            let before = self.game.position_before_last().expect("a move was played");
            let mover = &self.engine.rules().players[before.to_move()].name;
            let text = self.move_text(self.game.moves().len() - 1);
            outln!("Last move: {mover} {text}");
        }
        match self.status() {
            Status::Ongoing => {
                let p = pos.to_move();
                outln!("{} to move.", self.engine.rules().players[p].name);
            }
            Status::Over(outcome) => {
                outln!("{}", self.result_text(outcome));
                self.show_win(outcome);
            }
        }
        let _ = std::io::stdout().flush();
    }

    /// Where a connection goal decided the game, the board again with the
    /// winning chain or network in brackets.
    fn show_win(&self, outcome: Outcome) {
        let pos = self.game.position();
        if pos.result().is_none() || self.resigned.is_some() {
            return;
        }
        let rules = self.engine.rules();
        let mut cells = crate::rules::CellSet::EMPTY;
        for g in self.engine.goals_holding(pos) {
            let goal = &rules.goals[g];
            let connects = matches!(
                goal.test,
                crate::rules::GoalTest::Chain { .. } | crate::rules::GoalTest::Network(_)
            );
            let counts_for_result = match outcome {
                Outcome::Win(w) => {
                    (goal.player == w) == (goal.outcome == crate::rules::GoalOutcome::Wins)
                }
                Outcome::Draw => true,
            };
            if connects && counts_for_result {
                cells = cells.union(self.engine.goal_cells(pos, g));
            }
        }
        if !cells.is_empty() {
            outln!("What decided it, in brackets:");
            out!("{}", draw_marked(self.engine, pos, cells, self.colour));
        }
    }

    /// How the game ended, and why: the goal that decided it, or the
    /// rule for a player who cannot move, or the repetition.
    fn result_text(&self, outcome: Outcome) -> String {
        let rules = self.engine.rules();
        let pos = self.game.position();
        let head = match outcome {
            Outcome::Win(p) => format!("Game over: {} wins", rules.players[p].name),
            Outcome::Draw => "Game over: a draw".to_string(),
        };
        if let Some(p) = self.resigned {
            return format!("{head}: {} resigned.", rules.players[p].name);
        }
        if pos.result().is_some() {
            let goals: Vec<String> = self
                .engine
                .goals_holding(pos)
                .into_iter()
                .map(|g| {
                    let goal = &rules.goals[g];
                    format!(
                        "`{}` holds for {}",
                        goal.text, rules.players[goal.player].name
                    )
                })
                .collect();
            if goals.is_empty() {
                return format!("{head}.");
            }
            return format!("{head}: {}.", goals.join(", and "));
        }
        if self.game.successors().is_empty() {
            let stuck = &rules.players[pos.to_move()].name;
            // A game that passes first ends only when neither can move.
            let who = match rules.when_stuck {
                WhenStuck::PassThenDraw | WhenStuck::PassThenCount => {
                    "neither player can move".to_string()
                }
                WhenStuck::Win
                | WhenStuck::Lose
                | WhenStuck::Pass
                | WhenStuck::Draw
                | WhenStuck::Count => format!("{stuck} cannot move"),
            };
            let rule = match rules.when_stuck {
                WhenStuck::Win => "in this game a player who cannot move wins".to_string(),
                WhenStuck::Lose | WhenStuck::Pass => {
                    "in this game a player who cannot move loses".to_string()
                }
                WhenStuck::Draw | WhenStuck::PassThenDraw => {
                    "in this game that is a draw".to_string()
                }
                WhenStuck::Count | WhenStuck::PassThenCount => format!(
                    "the pieces on the board are counted{}: {} {}, {} {}",
                    if outcome == Outcome::Draw {
                        ", as many each"
                    } else {
                        ""
                    },
                    rules.players[0].name,
                    pos.on_board(PlayerId::new(0)),
                    rules.players[1].name,
                    pos.on_board(PlayerId::new(1)),
                ),
            };
            return format!("{head}: {who}, and {rule}.");
        }
        format!("{head} by repetition.")
    }

    fn result_word(&self) -> String {
        record::result_word(self.engine.rules(), self.status())
    }

    /// How the game stands: as its moves leave it, or won by the other
    /// player after a resignation.
    fn status(&self) -> Status {
        with_resignation(self.game.status(), self.resigned)
    }

    /// The player to move gives up; `undo` takes it back.
    fn resign(&mut self) {
        if self.status() != Status::Ongoing {
            outln!("The game is over.");
            return;
        }
        let p = self.game.position().to_move();
        self.resigned = Some(p);
        if let Status::Over(outcome) = self.status() {
            outln!("{}", self.result_text(outcome));
        }
    }

    fn human_move(&mut self, text: &str) {
        if let Status::Over(outcome) = self.status() {
            outln!(
                "{} Type `undo`, `save FILE` or `quit`.",
                self.result_text(outcome)
            );
            return;
        }
        // A move's text holds no spaces: `a3 x e7` is `a3xe7`.
        let compact: String = text.split_whitespace().collect();
        let text = compact.as_str();
        let pos = self.game.position().clone();
        match self.game.play(text) {
            Ok(()) => {
                self.redo.clear();
                let written = self.move_text(self.game.moves().len() - 1);
                let mut typed_cells = cells_of(&text.to_lowercase());
                let mut written_cells = cells_of(&written);
                typed_cells.sort_unstable();
                written_cells.sort_unstable();
                if typed_cells != written_cells {
                    // Two ways to one position are one move, written one
                    // way (J: an entry that pushes the run it meets).
                    outln!("`{}` is the move written `{written}`.", shown(text));
                }
                self.show();
            }
            Err(
                e @ (ParseError::Unlisted { .. }
                | ParseError::MustTake { .. }
                | ParseError::Ambiguous { .. }
                | ParseError::WrongArrow { .. }
                | ParseError::WrongMark { .. }),
            ) => outln!("{}", shown(&e.to_string())),
            Err(_) => {
                let reason = self
                    .engine
                    .explain(&pos, text)
                    .map_or(String::new(), |r| format!(": {r}"));
                let looks_like_command = text.chars().all(|c| c.is_ascii_alphabetic())
                    && !text.eq_ignore_ascii_case("pass");
                if looks_like_command && reason.is_empty() {
                    outln!(
                        "`{}` is neither a move nor a command; type `help` for the commands",
                        shown(text)
                    );
                    return;
                }
                let closest = self.closest(text);
                outln!(
                    "`{}` is not legal here{}. Closest legal moves: {}",
                    shown(text),
                    shown(&reason),
                    closest.join(" ")
                );
            }
        }
    }

    /// Legal moves that look most like what was typed.
    fn closest(&self, text: &str) -> Vec<String> {
        let typed = text.to_lowercase();
        let typed_cells = cells_of(&typed);
        let mut legal = self.game.legal_notations();
        // Nearest on the board first, cell by cell, then nearest in spelling.
        legal.sort_by_key(|m| {
            let far = board_distance(&typed_cells, &cells_of(m));
            (far, strsim::levenshtein(m, &typed), m.clone())
        });
        legal.truncate(5);
        legal
    }

    fn list_moves(&self) {
        if let Some(why) = self.game.overrun() {
            outln!(
                "The moves here are too many to list: {}.",
                shown(&why.to_string())
            );
            return;
        }
        let legal = self.game.legal_notations();
        if let Some(p) = self.resigned {
            let name = &self.engine.rules().players[p].name;
            outln!("No legal moves: the game is over, {name} resigned (`undo` takes it back).");
            return;
        }
        if legal.is_empty() {
            outln!("No legal moves: the game is over.");
            return;
        }
        outln!("{}:", super::counted(legal.len(), "legal move"));
        let mut line = String::new();
        for m in legal {
            if line.len() + m.len() + 1 > 72 {
                outln!(" {line}");
                line.clear();
            }
            line.push(' ');
            line.push_str(&m);
        }
        if !line.is_empty() {
            outln!(" {line}");
        }
    }

    fn computer_moves(&mut self) {
        let p = self.game.position().to_move();
        let mut judged = String::new();
        let index = match self.seats[p] {
            Seat::Random => self.rng.below(self.game.legal().len()),
            Seat::Search(..) => {
                let Some(searcher) = self.searchers[p].as_mut() else {
                    return;
                };
                let name = &self.engine.rules().players[p].name;
                let history = self.game.history_keys();
                let thinking = spinner(&format!("{name} is thinking"));
                // With no one to hand the game back to (two computer
                // seats), Ctrl-C ends gamut, as it always did.
                let interrupt = self.seats.contains(&Seat::Human).then(Interrupt::catch);
                let found =
                    searcher.choose(self.engine, self.game.position(), history, &mut self.rng);
                if let Some(bar) = thinking {
                    bar.finish_and_clear();
                }
                if interrupt.as_ref().is_some_and(Interrupt::pressed) {
                    outln!("Stopped: {name} plays the best move it has found.");
                }
                match found {
                    Ok(Some(choice)) => {
                        judged = judgement(&choice);
                        choice.index
                    }
                    Ok(None) => 0,
                    Err(why) => {
                        outln!(
                            "The computer cannot search here: {}. It plays a random move.",
                            shown(&why.to_string())
                        );
                        self.rng.below(self.game.legal().len())
                    }
                }
            }
            Seat::Human => return,
        };
        self.game.play_index(index);
        outln!(
            "{} ({}) plays {}{judged}",
            self.engine.rules().players[p].name,
            self.seats[p].word(),
            self.move_text(self.game.moves().len() - 1)
        );
        self.redo.clear();
        self.show();
    }

    /// Takes back `times` of the people's moves, each with the computer's
    /// replies after it. The computer's opening move is not taken back:
    /// it would only be played again at once.
    fn undo(&mut self, times: usize) {
        let mut undone = 0;
        // A resignation was the last thing done: it is taken back first.
        if let Some(p) = self.resigned.take() {
            outln!(
                "{} takes back the resignation.",
                self.engine.rules().players[p].name
            );
            undone += 1;
        }
        let withdrawn = undone;
        let before_all = self.game.moves().len();
        for _ in withdrawn..times {
            let before = self.game.moves().len();
            // Take back moves until a person is to move again.
            while let Some(mv) = self.game.moves().last().copied() {
                let opening = self.game.moves().len() == 1;
                let mover = self.game.position_before_last().map(Position::to_move);
                if opening && mover.is_some_and(|p| self.seats[p] != Seat::Human) {
                    break;
                }
                self.game.undo();
                self.redo.push(mv);
                let p = self.game.position().to_move();
                if self.seats[p] == Seat::Human {
                    break;
                }
            }
            if self.game.moves().len() == before {
                break;
            }
            undone += 1;
        }
        if undone == 0 {
            if self.game.moves().is_empty() {
                outln!("Nothing to undo.");
            } else {
                outln!(
                    "Nothing to undo: only the computer's opening move was played, and it would be played again."
                );
            }
            return;
        }
        self.show();
        let moves = before_all - self.game.moves().len();
        let what = format!("Took back {}", super::counted(moves as u64, "move"));
        let short = (undone < times).then_some("take back");
        if let Some(said) = counted_moves(what, moves, undone - withdrawn, short) {
            outln!("{said}");
        }
    }

    /// Plays again what `undo` took back, `times` times up to the next
    /// person's turn.
    fn redo(&mut self, times: usize) {
        if self.redo.is_empty() || self.resigned.is_some() {
            outln!("Nothing to redo.");
            return;
        }
        let mut redone = 0;
        let before_all = self.game.moves().len();
        while redone < times && !self.redo.is_empty() {
            while let Some(mv) = self.redo.pop() {
                if !self.game.play_move(&mv) {
                    self.redo.clear();
                    break;
                }
                let p = self.game.position().to_move();
                if self.seats[p] == Seat::Human {
                    break;
                }
            }
            redone += 1;
        }
        self.show();
        let moves = self.game.moves().len() - before_all;
        let what = format!("Played {} again", super::counted(moves as u64, "move"));
        let short = (redone < times).then_some("redo");
        if let Some(said) = counted_moves(what, moves, redone, short) {
            outln!("{said}");
        }
    }

    /// A move suggested by the player the computer seat uses.
    fn hint(&mut self) {
        if self.status() != Status::Ongoing {
            outln!("The game is over.");
            return;
        }
        let history = self.game.history_keys();
        let pos = self.game.position().clone();
        let thinking = spinner("Looking for a move");
        let interrupt = Interrupt::catch();
        let found = self
            .hinter
            .choose(self.engine, &pos, history, &mut self.hint_rng);
        if let Some(bar) = thinking {
            bar.finish_and_clear();
        }
        if interrupt.pressed() {
            outln!("Stopped: the hint is the best move found so far.");
        }
        match found {
            Ok(Some(choice)) => {
                let mv = self.game.legal()[choice.index];
                outln!(
                    "Hint: {}{}",
                    self.engine.notation(&pos, &mv),
                    judgement(&choice)
                );
            }
            Ok(None) => outln!("No hint: there is no move to choose from."),
            Err(why) => outln!("No hint: {}.", shown(&why.to_string())),
        }
    }

    /// Move `i` of the game in notation, written once (the board, the
    /// move's echo and the record each show the last one).
    fn move_text(&self, i: usize) -> String {
        self.written
            .borrow_mut()
            .first(self.engine, &self.game, i + 1)[i]
            .1
            .clone()
    }

    /// The game so far as a record to be saved at `file`, unless the
    /// record cannot name the game from there.
    fn record(&self, file: &Path) -> Result<Record, String> {
        let moves: Vec<String> = self
            .written
            .borrow_mut()
            .first(self.engine, &self.game, self.game.moves().len())
            .iter()
            .map(|(_, text)| text.clone())
            .collect();
        let rules = self.engine.rules();
        Ok(Record {
            game: rules.name.clone(),
            source: record::source_for(file, &self.source)?,
            rules_hash: self.meaning.hash.clone(),
            rules_parts: self.meaning.parts.clone(),
            players: (0..2)
                .map(|p| (rules.players[p].name.clone(), self.seats[p].word()))
                .collect(),
            moves,
            result: self.result_word(),
            resigned: self.resigned.map(|p| rules.players[p].name.clone()),
        })
    }

    /// Keeps a changed game in its automatic record: `now` before a person
    /// types (so that nothing typed is lost when the session ends without
    /// `save`) and when the session ends; else, between computers' moves,
    /// at most once a second, as each keep writes the whole record (kept
    /// after every move, a session of 100,000 computer moves wrote
    /// gigabytes).
    fn keep_changes(&mut self, now: bool) {
        let state = (
            self.game.moves().len(),
            self.game.position().key(),
            self.resigned,
        );
        let (kept, at) = self.kept;
        let due = now || at.is_none_or(|t| t.elapsed() >= std::time::Duration::from_secs(1));
        if state != kept && due {
            self.keep();
            self.kept = (state, Some(std::time::Instant::now()));
        }
    }

    /// Writes the game to its automatic record, if it has one.
    fn keep(&mut self) {
        let Some(path) = self.autosave.clone() else {
            return;
        };
        let kept = self
            .record(&path)
            .and_then(|r| record::save(&path, &r, true).map_err(|e| e.to_string()));
        if let Err(why) = kept {
            outln!("Could not keep the game: {}", shown(&why));
            self.autosave = None;
        }
    }

    /// What becomes of the game when the session ends.
    fn farewell(&self) {
        if (self.game.moves().len(), self.resigned) == self.saved {
            return;
        }
        match &self.autosave {
            Some(path) => {
                let path = shown(&path.display().to_string()).into_owned();
                outln!("The game is kept in {path}: `gamut play --load {path}` resumes it.");
            }
            None => match &self.saved_to {
                Some(path) => outln!(
                    "The game has changed since it was saved to {path}: `save FILE` keeps it as it is now."
                ),
                None => outln!("The game was not saved: `save FILE` keeps one."),
            },
        }
    }

    /// Saves the game to `path`, asking before replacing a record there.
    /// An answer that is neither yes nor no is handed back, to be read as
    /// typed (a move, a command).
    fn save(&mut self, path: &str, input: &mut Input) -> Option<String> {
        if path.is_empty() {
            outln!("Say where: save FILE");
            return None;
        }
        let path_shown = shown(path);
        let file = record::expand_home(path);
        // The rules being played (and those they extend) are never
        // written over by their record.
        let rules_file = Path::new(&self.source).canonicalize().ok();
        if let Ok(target) = file.canonicalize()
            && (Some(&target) == rules_file.as_ref() || self.rules_files.contains(&target))
        {
            let whose = if Some(&target) == rules_file.as_ref() {
                "the rules of this game"
            } else {
                "rules this game extends"
            };
            outln!(
                "Not saved: {path_shown} holds {whose}; a record goes in a file of its own, such as `save game.toml`."
            );
            return None;
        }
        let record = match self.record(&file) {
            Ok(record) => record,
            Err(why) => {
                outln!("Not saved: {}.", shown(&why));
                return None;
            }
        };
        let mut saved = record::save(&file, &record, false);
        if let Err(RecordError::Exists(_)) = saved {
            // Said when what would be lost is no record of a game.
            let what = if record::load(&file).is_ok() {
                ""
            } else {
                " and is not a game record"
            };
            let answer = input.line(&format!("{path_shown} exists{what}. Replace it? [y/N] "));
            let answer = answer.as_deref().map_or("", str::trim);
            let word = answer.to_ascii_lowercase();
            if !matches!(word.as_str(), "y" | "yes") {
                outln!("Not saved: {path_shown} is left as it was.");
                if matches!(word.as_str(), "" | "n" | "no") {
                    return None;
                }
                outln!("(`{}` is no answer: it is read as typed.)", shown(answer));
                return Some(answer.to_string());
            }
            saved = record::save(&file, &record, true);
        }
        match saved {
            Ok(()) => {
                let moves = super::counted(record.moves.len(), "move");
                outln!("Saved {moves} to {path_shown}.");
                self.saved = (record.moves.len(), self.resigned);
                self.saved_to = Some(path_shown.into_owned());
            }
            Err(e) => outln!("Not saved: {}", shown(&e.to_string())),
        }
        None
    }
}

/// `gamut replay FILE`: steps through a saved game. On a terminal, Enter
/// shows the next move, `b` goes back, `q` stops; from a pipe every
/// position is printed.
pub(super) fn replay(path: &str) -> i32 {
    let record = match record::load(&record::expand_home(path)) {
        Ok(r) => r,
        Err(e) => {
            errln!("gamut: {}", shown(&e.to_string()));
            not_a_record_but_rules(path);
            return USAGE;
        }
    };
    let record_path = record::expand_home(path);
    let source = record::source_of(&record_path, &record.source);
    if let Some(why) = record::source_missing(&record_path, &record.source, &source) {
        errln!("gamut: {}", shown(&why));
        return USAGE;
    }
    let (rules, sources) = match load_checked(&source) {
        Ok(x) => x,
        Err(code) => return code,
    };
    if let Err(message) = record_fits(
        &record,
        &rules,
        &record::meaning(&rules),
        &sources,
        path,
        false,
    ) {
        errln!("gamut: {}", shown(&message));
        return USAGE;
    }
    let engine = Engine::new(rules);
    let mut game = Game::new(&engine);
    let mut moves = Vec::new();
    for (i, m) in record.moves.iter().enumerate() {
        if let Err(e) = game.play(m) {
            errln!(
                "gamut: {}: move {} of the record: {}",
                shown(path),
                i + 1,
                shown(&e.to_string())
            );
            return USAGE;
        }
        moves.push(*game.moves().last().expect("just played"));
    }
    let resigned = match record
        .resigned
        .as_deref()
        .map(|n| (n, engine.rules().player_index(n)))
    {
        None => None,
        Some((_, Some(p))) => resigned_after(&engine, &game, Some(p)),
        Some((name, None)) => {
            errln!(
                "gamut: the record says `{}` resigned, a player this game does not have",
                shown(name)
            );
            return USAGE;
        }
    };
    let status = with_resignation(game.status(), resigned);
    warn_if_result_differs(&record, &engine, status);
    let mut result = record::result_word(engine.rules(), status);
    if let Some(p) = resigned {
        result = format!("{result}, {} resigned", engine.rules().players[p].name);
    }
    while game.undo() {}
    let colour = colour_stdout();
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    outln!(
        "{} ({}, {result})",
        engine.rules().name,
        super::counted(record.moves.len(), "move"),
    );
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut at = 0;
    let mut show = true;
    loop {
        if show {
            out!(
                "{}",
                draw(&engine, game.position(), game.moves().last(), colour)
            );
            if at > 0 {
                outln!("Move {at}: {}", shown(&record.moves[at - 1]));
            }
            if at == moves.len() {
                outln!("End of the record: {result}.");
            }
        }
        show = true;
        if interactive {
            out!("[Enter] next, b back, a move number, h help, q quit> ");
            let _ = std::io::stdout().flush();
        }
        // Commands come from standard input; at the end of a pipe the
        // record plays on to its end and the replay stops there, while
        // Ctrl-D at a terminal leaves, as `q` does.
        let step = match lines.next() {
            Some(Ok(l)) => l.trim().to_lowercase(),
            Some(Err(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                outln!("That line is not UTF-8 text, so it was not read as a command.");
                show = false;
                continue;
            }
            None if interactive => {
                outln!();
                return OK;
            }
            _ if at == moves.len() => return OK,
            _ => String::new(),
        };
        let target = match step.as_str() {
            "q" | "quit" => return OK,
            "h" | "help" | "?" => {
                outln!("{REPLAY_HELP}");
                show = false;
                continue;
            }
            "" | "n" | "next" if at == moves.len() => {
                outln!("This is the end of the record: b goes back, a number jumps, q quits.");
                show = false;
                continue;
            }
            "" | "n" | "next" => at + 1,
            "b" | "back" if at == 0 => {
                outln!("This is the start of the record: Enter goes on, a number jumps, q quits.");
                show = false;
                continue;
            }
            "b" | "back" => at - 1,
            "start" => 0,
            "end" => moves.len(),
            number => match number.parse::<usize>() {
                Ok(n) if n <= moves.len() => n,
                _ => {
                    outln!(
                        "`{}` is not a command here; type a move number from 0 to {}, or h for help.",
                        shown(number),
                        moves.len()
                    );
                    show = false;
                    continue;
                }
            },
        };
        while at > target {
            game.undo();
            at -= 1;
        }
        while at < target {
            if !game.play_move(&moves[at]) {
                errln!("gamut: move {} of the record does not replay", at + 1);
                return USAGE;
            }
            at += 1;
        }
    }
}

const REPLAY_HELP: &str = "\
  Enter, n    the next move
  b           back one move
  NUMBER      the position after that move (0 is the start)
  start, end  the first or the last position
  q           stop";

/// The cells a move's text names, in order, as (file, rank) from 0.
fn cells_of(text: &str) -> Vec<(i32, i32)> {
    let bytes = text.as_bytes();
    let mut cells = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts =
            bytes[i].is_ascii_lowercase() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric());
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if starts && digits > 0 && digits <= 3 {
            let rank: i32 = text[i + 1..i + 1 + digits].parse().unwrap_or(0);
            cells.push(((bytes[i] - b'a') as i32, rank - 1));
            i += 1 + digits;
        } else {
            i += 1;
        }
    }
    cells
}

/// How far apart two moves' cells are, cell by cell (king steps), with a
/// cell one has and the other lacks counted as far.
fn board_distance(a: &[(i32, i32)], b: &[(i32, i32)]) -> i32 {
    const MISSING: i32 = 32;
    let shared: i32 = a
        .iter()
        .zip(b)
        .map(|(p, q)| (p.0 - q.0).abs().max((p.1 - q.1).abs()))
        .sum();
    shared + MISSING * (a.len() as i32 - b.len() as i32).abs()
}

/// A searcher that Ctrl-C stops while it thinks (see [`Interrupt`]).
fn heeding_ctrl_c(config: MctsConfig) -> Searcher {
    let mut searcher = Searcher::new(config);
    searcher.set_stop(interrupt::ctrl_c());
    searcher
}

/// A spinner on standard error while the computer thinks, on a terminal
/// only: a piped session stays a clean transcript.
fn spinner(what: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
        bar.set_style(style);
    }
    bar.set_message(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(100));
    Some(bar)
}

/// The fewest play-outs through a move for its mean score to be told.
const SURE_VISITS: u32 = 20;

/// How sure the search is of its move, for the person reading.
fn judgement(choice: &Choice) -> String {
    match choice.proven {
        Some(Verdict::Win) => ", a forced win".to_string(),
        Some(Verdict::Draw) => ", a forced draw".to_string(),
        Some(Verdict::Loss) => ", though every move loses against best play".to_string(),
        None if choice.iterations == 0 => String::new(),
        // One or two play-outs through the move, both won, are no 100 %.
        None if choice.visits < SURE_VISITS => format!(
            " (after {} iteration{}, too few through this move to say how it scores)",
            choice.iterations,
            if choice.iterations == 1 { "" } else { "s" }
        ),
        None => format!(
            " (expects to score {:.0}% after {} iteration{})",
            choice.value * 100.0,
            choice.iterations,
            if choice.iterations == 1 { "" } else { "s" }
        ),
    }
}

/// How many times `undo` or `redo` is asked for: once with nothing after
/// it, or a number from 1; `None` for anything else.
fn times(rest: &str) -> Option<usize> {
    if rest.is_empty() {
        return Some(1);
    }
    super::count(rest)
}
