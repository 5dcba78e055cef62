//! Game records: a TOML file with the game, a hash of its rules text, the
//! players, the moves and the result.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::diag::Sources;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Record {
    /// The game's name, as its file gives it.
    pub game: String,
    /// How the game was named on the command line: a shipped name or a path.
    pub source: String,
    /// A hash of the rules text (the file and every file it extends).
    pub rules_hash: String,
    /// Each player's seat: `human`, `random` or `mcts`.
    pub players: BTreeMap<String, String>,
    /// The moves in notation, in order.
    pub moves: Vec<String>,
    /// `Dark wins`, `draw`, or `unfinished`.
    pub result: String,
}

/// FNV-1a over every loaded file, so any change to the rules changes the hash.
pub fn rules_hash(sources: &Sources) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for i in 0..sources.len() {
        let text = &sources.get(crate::diag::FileId(i as u32)).text;
        for b in text.bytes().chain([0u8]) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("cannot read {0}: {1}")]
    Read(String, std::io::Error),
    #[error("{0} is not a game record: {1}")]
    Parse(String, String),
    #[error("cannot write {0}: {1}")]
    Write(String, std::io::Error),
}

pub fn load(path: &Path) -> Result<Record, RecordError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| RecordError::Read(shown.clone(), e))?;
    toml::from_str(&text).map_err(|e| RecordError::Parse(shown, e.message().to_string()))
}

/// Writes a record next to its final place first, then moves it there, so
/// a failed write never leaves half a file where a good one was.
pub fn save(path: &Path, record: &Record) -> Result<(), RecordError> {
    let shown = path.display().to_string();
    let text = toml::to_string_pretty(record)
        .map_err(|e| RecordError::Write(shown.clone(), std::io::Error::other(e.to_string())))?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(|e| RecordError::Write(shown.clone(), e))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        RecordError::Write(shown, e)
    })
}
