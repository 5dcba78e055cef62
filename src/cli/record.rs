//! Game records: a TOML file with the game, a hash of its rules text, the
//! players, the moves and the result.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diag::Sources;
use crate::engine::{Engine, Game};

/// The moves of a game as written, each written once and kept while the
/// game's moves up to it stay the same. Writing a move lists its
/// position's moves, a second or more where they are too many: a front
/// end that wrote every move again whenever it showed them (a record kept
/// after every move, a protocol's `history`) spent time quadratic in the
/// game's length.
#[derive(Default)]
pub(super) struct WrittenMoves {
    /// Each move's stamp in the game (see [`Game::move_stamps`]), and the
    /// move as written.
    moves: Vec<(u64, String)>,
}

impl WrittenMoves {
    /// The first `count` moves of `game` as written (all of them if it has
    /// fewer), writing only those not already kept. The moves still kept
    /// are found by their stamps in O(log n), so that keeping them after
    /// every move costs the same whatever the game's length (compared one
    /// by one, a session of 100,000 moves took minutes).
    pub(super) fn first(&mut self, engine: &Engine, game: &Game, count: usize) -> &[(u64, String)] {
        let stamps = game.move_stamps();
        let stands = |i: usize| stamps.get(i) == Some(&self.moves[i].0);
        // Where a kept move stands, so do all before it: the first that
        // does not is found by bisection.
        let (mut same, mut past) = (0, self.moves.len());
        while same < past {
            let mid = same + (past - same) / 2;
            if stands(mid) {
                same = mid + 1;
            } else {
                past = mid;
            }
        }
        self.moves.truncate(same);
        for (i, (pos, mv)) in game.played().enumerate().take(count).skip(same) {
            self.moves.push((stamps[i], engine.notation(pos, mv)));
        }
        &self.moves[..count.min(self.moves.len())]
    }
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
// A misspelt key would leave its field out (a record's moves unread):
// refused by name instead.
#[serde(deny_unknown_fields)]
pub(super) struct Record {
    /// The game's name, as its file gives it.
    pub game: String,
    /// How the game was named on the command line: a shipped name or a path.
    pub source: String,
    /// A hash of what the rules mean (see [`meaning`]); records
    /// saved before it hold a hash of the rules text, still accepted.
    pub rules_hash: String,
    /// A hash of each part of the rules (the board, the moves, the
    /// endings…), so that a refusal can say which changed; absent from
    /// records saved before it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rules_parts: BTreeMap<String, String>,
    /// Each player's seat: `human`, `random` or `mcts`.
    pub players: BTreeMap<String, String>,
    /// The moves in notation, in order.
    pub moves: Vec<String>,
    /// `Dark wins`, `draw`, or `unfinished`.
    pub result: String,
    /// The player who resigned after the last move, if one did: the
    /// only part of a result its moves cannot tell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<String>,
}

/// What the checked rules mean, as a record keeps it: a hash of the whole
/// and of each part, named as a person would name them.
pub(super) struct Meaning {
    pub hash: String,
    pub parts: BTreeMap<String, String>,
}

/// Hashes what the checked rules mean, so that only a change of meaning
/// orphans a record: the rules as `validate --dump` prints them, with each
/// region, move and goal resolved to its cells, less what only the text
/// says (comments, spacing, the order and names of regions, how an option
/// was written). Made once per game, not per save.
pub(super) fn meaning(rules: &crate::rules::Rules) -> Meaning {
    let mut whole = Fnv::default();
    let mut parts: BTreeMap<String, Fnv> = BTreeMap::new();
    for (part, line) in meaning_lines(rules) {
        whole.add(line.as_bytes());
        parts.entry(part).or_default().add(line.as_bytes());
    }
    Meaning {
        hash: whole.hex(),
        parts: parts.into_iter().map(|(k, h)| (k, h.hex())).collect(),
    }
}

/// The parts whose meaning differs between two [`Meaning::parts`].
pub(super) fn changed_parts(
    was: &BTreeMap<String, String>,
    now: &BTreeMap<String, String>,
) -> Vec<String> {
    let mut names: Vec<&String> = was.keys().chain(now.keys()).collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .filter(|n| was.get(*n) != now.get(*n))
        .cloned()
        .collect()
}

/// The lines of the dump that carry meaning, spacing normalised, each
/// with the part of the rules it belongs to.
fn meaning_lines(rules: &crate::rules::Rules) -> Vec<(String, String)> {
    let dump = rules.dump();
    let mut part = "";
    let mut lines = Vec::new();
    for line in dump.lines() {
        if !line.starts_with(' ') {
            part = match line.split([' ', ':']).next().unwrap_or("") {
                "board" => "the board",
                "players" | "turns" => "the players and turns",
                "pieces" | "reserve" | "setup" => "the pieces and setup",
                "part" => "the moves",
                "goal" | "precedence" | "when" | "draw" => "the endings",
                "region" => "",
                _ => "the other rules",
            };
        }
        if part.is_empty() || line.starts_with("  - ") {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        lines.push((part.to_string(), words.join(" ")));
    }
    lines
}

/// The hash records held before [`meaning`]: FNV-1a over every
/// loaded file's text.
pub(super) fn text_hash(sources: &Sources) -> String {
    let mut h = Fnv::default();
    for i in 0..sources.len() {
        h.add(sources.get(crate::diag::FileId(i as u32)).text.as_bytes());
    }
    h.hex()
}

/// FNV-1a, 64 bits; each piece added ends with a zero byte.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().chain(&[0u8]) {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

#[derive(Debug, thiserror::Error)]
pub(super) enum RecordError {
    #[error("cannot read {0}: {1}")]
    Read(String, std::io::Error),
    #[error("{0} is not a game record: {1}")]
    Parse(String, String),
    #[error("cannot write {0}: {1}")]
    Write(String, std::io::Error),
    #[error("{0} already exists")]
    Exists(String),
    /// A path a record is never written to, and why.
    #[error("{0} is {1}, so gamut leaves it alone")]
    Refused(String, &'static str),
}

pub(super) fn load(path: &Path) -> Result<Record, RecordError> {
    let shown = path.display().to_string();
    let bytes = crate::input::read_bounded(path, crate::input::MAX_RECORD_BYTES)
        .map_err(|e| RecordError::Read(shown.clone(), e))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| RecordError::Parse(shown.clone(), "it is not UTF-8 text".to_string()))?;
    let record: Record = toml::from_str(&text).map_err(|e| {
        // Where: `file:line:column`, as a game file's errors say it.
        let at = e.span().map_or(shown.clone(), |span| {
            let before = text.get(..span.start).unwrap_or(&text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("{shown}:{line}:{column}")
        });
        // TOML names no key it finds twice; the span holds it.
        let twice = e
            .span()
            .and_then(|span| text.get(span))
            .filter(|key| e.message() == "duplicate key" && !key.contains('\n'));
        let message = match twice {
            Some(key) => format!("`{key}` is given twice: keep one"),
            None => e.message().to_string(),
        };
        RecordError::Parse(at, message)
    })?;
    // Each move played keeps its position (for `undo`, repetition and
    // `replay`): a record within the byte limit could hold millions, and
    // replaying them took gigabytes and then aborted.
    if record.moves.len() > MAX_MOVES {
        return Err(RecordError::Parse(
            shown,
            format!(
                "it holds {} moves, more than the {MAX_MOVES} a record may (the longest game gamut plays by itself)",
                record.moves.len()
            ),
        ));
    }
    Ok(record)
}

/// The most moves a record holds, and the highest `--ply-cap` of `gamut
/// play`: a game gamut plays by itself can always be saved and loaded.
pub(super) const MAX_MOVES: usize = 1_000_000;

/// Expands a leading `~` to the home folder, as a shell would.
pub(super) fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix('~'), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            PathBuf::from(home).join(rest.trim_start_matches('/'))
        }
        _ => PathBuf::from(path),
    }
}

/// Where a save to `path` writes: through a symbolic link to the file it
/// names, and only to a regular file that may be written. With `replace`
/// false, an existing file is not replaced.
fn save_target(
    path: &Path,
    replace: bool,
) -> Result<(PathBuf, Option<std::fs::Permissions>), RecordError> {
    let shown = path.display().to_string();
    let target = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok((path.to_path_buf(), None));
        }
        Err(e) => return Err(RecordError::Write(shown, e)),
        Ok(meta) if meta.file_type().is_symlink() => match std::fs::canonicalize(path) {
            Ok(target) => target,
            Err(_) => return Err(RecordError::Refused(shown, "a link to nothing")),
        },
        Ok(_) => path.to_path_buf(),
    };
    let meta = std::fs::metadata(&target).map_err(|e| RecordError::Write(shown.clone(), e))?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "a special file, not a regular one"
        };
        return Err(RecordError::Refused(shown, what));
    }
    if meta.permissions().readonly() {
        return Err(RecordError::Refused(shown, "read-only"));
    }
    if !replace {
        return Err(RecordError::Exists(shown));
    }
    Ok((target, Some(meta.permissions())))
}

/// Writes a record to a new file beside its final place first, then moves
/// it there, so a failed write never leaves half a file where a good one
/// was. The new file's name is one nobody else has (it is created only
/// if it does not exist), a link is written through, a replaced file keeps
/// its permissions, and nothing but a regular file is ever replaced.
pub(super) fn save(path: &Path, record: &Record, replace: bool) -> Result<(), RecordError> {
    let shown = path.display().to_string();
    let text = toml::to_string_pretty(record)
        .map_err(|e| RecordError::Write(shown.clone(), std::io::Error::other(e.to_string())))?;
    // What could not be loaded again is not written as if saved.
    if record.moves.len() > MAX_MOVES {
        return Err(RecordError::Write(
            shown,
            std::io::Error::other(format!(
                "this game of {} moves is longer than a record gamut reads ({MAX_MOVES} moves)",
                record.moves.len()
            )),
        ));
    }
    if text.len() as u64 > crate::input::MAX_RECORD_BYTES {
        return Err(RecordError::Write(
            shown,
            std::io::Error::other(format!(
                "this game of {} moves is longer than a record gamut reads ({} MiB)",
                record.moves.len(),
                crate::input::MAX_RECORD_BYTES >> 20
            )),
        ));
    }
    let (target, permissions) = save_target(path, replace)?;
    super::write_whole(&target, text.as_bytes(), permissions)
        .map_err(|e| RecordError::Write(shown, e))
}

/// How a record's result reads, from how its moves end (and a
/// resignation after them, folded into `status` by the caller).
pub(super) fn result_word(rules: &crate::rules::Rules, status: crate::engine::Status) -> String {
    use crate::engine::{Outcome, Status};
    match status {
        Status::Ongoing => "unfinished".to_string(),
        Status::Over(Outcome::Win(p)) => format!("{} wins", rules.players[p].name),
        Status::Over(Outcome::Draw) => "draw".to_string(),
    }
}

/// Where the rules of a record saved from a game file are: its `source`
/// relative to the record's own folder first, then as written (relative
/// to where gamut runs), then the file of that name beside the record. A
/// shipped game's name is kept as it is.
pub(super) fn source_of(record_path: &Path, source: &str) -> String {
    let dir = record_path.parent().unwrap_or(Path::new(""));
    let written = Path::new(source);
    let mut candidates = Vec::new();
    if written.is_relative() {
        candidates.push(dir.join(written));
    }
    candidates.push(written.to_path_buf());
    if let Some(name) = written.file_name() {
        candidates.push(dir.join(name));
    }
    // Else the first that is there but not a file (a folder, a link in a
    // loop): reading it says why it cannot be read, not "cannot find".
    let there = candidates
        .iter()
        .find(|c| c.is_file())
        .or_else(|| candidates.iter().find(|c| c.symlink_metadata().is_ok()));
    there.map_or_else(|| source.to_string(), |c| c.display().to_string())
}

/// Why the game of a record cannot be found, when it cannot: its
/// `source` is nothing beside the record or where gamut runs, nor a
/// shipped game's name, or it is the record itself.
pub(super) fn source_missing(record_path: &Path, source: &str, found: &str) -> Option<String> {
    // A `source` edited to name the record itself would be read as rules,
    // and its lines told as a game's mistakes.
    let itself = Path::new(found)
        .canonicalize()
        .ok()
        .zip(record_path.canonicalize().ok())
        .is_some_and(|(game, record)| game == record);
    if itself {
        return Some(format!(
            "the record's game, `{source}`, is the record itself, not the game's rules"
        ));
    }
    if Path::new(found).symlink_metadata().is_ok() || crate::games::shipped(found).is_some() {
        return None;
    }
    let dir = match record_path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.display().to_string(),
        _ => ".".to_string(),
    };
    Some(format!(
        "the record's game, `{source}`, is neither in {dir} (the record's folder) nor here, nor a shipped game: put the game file back"
    ))
}

/// How a record saved at `record_path` names the game file `game`:
/// relative to the record's folder when the game lies inside it, so the
/// two can move together; else the game's full path. A shipped game's
/// name (not a file) is kept as it is. A path that is not UTF-8 text
/// cannot be written in a record without being misread later: an error.
pub(super) fn source_for(record_path: &Path, game: &str) -> Result<String, String> {
    if !Path::new(game).is_file() {
        return Ok(game.to_string());
    }
    let Ok(game_path) = Path::new(game).canonicalize() else {
        return Ok(game.to_string());
    };
    let dir = match record_path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let named = match dir.canonicalize() {
        Ok(dir) => game_path.strip_prefix(&dir).unwrap_or(&game_path),
        Err(_) => &game_path,
    };
    named.to_str().map(str::to_string).ok_or_else(|| {
        format!(
            "the game's path, {}, is not UTF-8 text, which a record cannot name: \
             save the record in the game's folder, or move the game to a folder \
             whose name is",
            named.display()
        )
    })
}
