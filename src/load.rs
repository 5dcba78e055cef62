//! The boundary between the checker and the world: a game named on the
//! command line or in `extends` is found here, as a file on disk (read
//! through [`crate::input`]) or as a shipped game ([`crate::games`]), and
//! handed to the checker as text. The checker itself reads nothing.

use std::path::{Path, PathBuf};

use crate::check::{self, Checked, Found, Library, Origin};
use crate::{diag, games, input};

/// A file that could not be read at all: a usage error, not a diagnostic.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file is there but reading it failed (a folder, a FIFO, too large…).
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// Why reading failed.
        source: std::io::Error,
    },
    /// Neither a file nor a shipped game has that name; the second field is
    /// a hint (the nearest shipped name, or the list of them).
    #[error("no file or shipped game named `{0}`{1}")]
    NotFound(String, String),
}

/// The games a file can extend: `.game` files next to it, then the
/// shipped games.
pub struct Files;

impl Library for Files {
    fn find(&self, target: &str, from: &Origin) -> Found {
        if let Origin::Path(path) = from {
            let candidate = parent_path(target, path);
            // A file is not its own parent where a shipped game has the
            // name: `othello.game` that says `extends "othello"` means it.
            let itself = || {
                candidate
                    .canonicalize()
                    .is_ok_and(|c| path.canonicalize().is_ok_and(|p| p == c))
            };
            let shipped_meant = || games::shipped(target).is_some() && itself();
            // A link that leads nowhere (dangling, or in a loop) is there
            // and cannot be read: said so, not "cannot find".
            if candidate.symlink_metadata().is_ok() && !shipped_meant() {
                return match input::read_bounded(&candidate, input::MAX_GAME_BYTES) {
                    // Read as text only if it is text: a parent in another
                    // encoding would be misread (`Caf` and a Latin-1 byte).
                    Ok(bytes) => match String::from_utf8(bytes) {
                        Ok(text) => Found::File {
                            name: candidate.display().to_string(),
                            text,
                            origin: Origin::Path(candidate),
                        },
                        Err(e) => Found::Unreadable(format!(
                            "{} is not UTF-8 text (its byte {} is not): save it as UTF-8",
                            candidate.display(),
                            e.utf8_error().valid_up_to() + 1
                        )),
                    },
                    Err(e) => {
                        Found::Unreadable(format!("cannot read {}: {e}", candidate.display()))
                    }
                };
            }
        }
        match games::shipped(target) {
            Some(text) => Found::File {
                name: games::shown_name(target),
                text: text.to_string(),
                origin: Origin::Shipped,
            },
            None => Found::Nothing,
        }
    }

    fn names(&self) -> Vec<String> {
        games::names().map(str::to_string).collect()
    }

    /// The `.game` files next to a file on disk.
    fn nearby(&self, from: &Origin) -> Vec<String> {
        match from {
            Origin::Path(path) => games_beside(path),
            Origin::Shipped | Origin::Memory => Vec::new(),
        }
    }

    /// A file reached by two spellings (`a/../b.game`, a link) is one file.
    fn identity(&self, name: &str, origin: &Origin) -> String {
        match origin {
            Origin::Path(p) => p
                .canonicalize()
                .unwrap_or_else(|_| p.clone())
                .display()
                .to_string(),
            Origin::Shipped => format!("shipped:{name}"),
            Origin::Memory => format!("memory:{name}"),
        }
    }
}

/// The `.game` files in the folder of the file at `path`, but that file,
/// by the name `extends` gives them (`parent` for `parent.game`), sorted:
/// the first 200 found, so that a folder of thousands stays quick to
/// offer. For suggestions and completion.
pub fn games_beside(path: &Path) -> Vec<String> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.file_name() != path.file_name() && p.extension().is_some_and(|e| e == "game"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .take(200)
        .collect();
    names.sort();
    names
}

/// Where `extends "target"` in the file at `path` looks for its parent.
/// Only a `.game` file is a parent: any other file a name could reach
/// (`extends "../../etc/passwd"`) is never read, so its lines cannot be
/// shown in diagnostics.
fn parent_path(target: &str, path: &Path) -> PathBuf {
    let dir = path.parent().unwrap_or(Path::new("."));
    if Path::new(target).extension().is_some_and(|e| e == "game") {
        dir.join(target)
    } else {
        dir.join(format!("{target}.game"))
    }
}

/// Files as an editor holds them: a parent open in the editor is read
/// from there, unsaved changes and all; any other as [`Files`] reads it.
pub struct Edited<'a> {
    /// The text the editor holds of the file at a canonical path, if it
    /// has the file open: asked only for the parents a file extends.
    pub open: &'a dyn Fn(&Path) -> Option<String>,
}

impl Library for Edited<'_> {
    fn find(&self, target: &str, from: &Origin) -> Found {
        let found = Files.find(target, from);
        let (name, text, path) = match (found, from) {
            (
                Found::File {
                    name,
                    text,
                    origin: Origin::Path(path),
                },
                _,
            ) => {
                let key = path.canonicalize().unwrap_or_else(|_| path.clone());
                let text = (self.open)(&key).unwrap_or(text);
                (name, text, path)
            }
            // A parent the editor holds but that is not saved yet (a new
            // file) is read as held, before a shipped game of its name.
            (found @ (Found::File { .. } | Found::Nothing), Origin::Path(from)) => {
                let candidate = parent_path(target, from);
                match (self.open)(&candidate) {
                    Some(text) if !candidate.exists() && candidate != *from => {
                        (candidate.display().to_string(), text, candidate)
                    }
                    Some(_) | None => return found,
                }
            }
            (found, _) => return found,
        };
        // The editor's text is held to the limit a file on disk is.
        if text.len() as u64 > input::MAX_GAME_BYTES {
            return Found::Unreadable(format!(
                "{name} as the editor holds it is larger than {} MiB, more than gamut reads",
                input::MAX_GAME_BYTES >> 20
            ));
        }
        Found::File {
            name,
            text,
            origin: Origin::Path(path),
        }
    }

    fn names(&self) -> Vec<String> {
        Files.names()
    }

    fn nearby(&self, from: &Origin) -> Vec<String> {
        Files.nearby(from)
    }

    fn identity(&self, name: &str, origin: &Origin) -> String {
        Files.identity(name, origin)
    }
}

/// Checks a game given as a path or as the name of a shipped game.
pub fn check_game(arg: &str) -> Result<Checked, LoadError> {
    let path = Path::new(arg);
    // A folder named as a shipped game (`hex/`) does not hide the game.
    if path.exists() && (!path.is_dir() || games::shipped(arg).is_none()) {
        let bytes =
            input::read_bounded(path, input::MAX_GAME_BYTES).map_err(|source| LoadError::Io {
                path: arg.to_string(),
                source,
            })?;
        return Ok(check::check_bytes(
            &Files,
            arg,
            &bytes,
            Origin::Path(path.to_path_buf()),
        ));
    }
    if let Some(text) = games::shipped(arg) {
        return Ok(check_source(&games::shown_name(arg), text, Origin::Shipped));
    }
    // A link that leads nowhere (to a missing file, or round in a loop) is
    // there: said as such, not as a name nothing has.
    if std::fs::symlink_metadata(path).is_ok()
        && let Err(error) = std::fs::metadata(path)
    {
        let source = match std::fs::read_link(path) {
            Ok(to) if error.kind() == std::io::ErrorKind::NotFound => std::io::Error::new(
                error.kind(),
                format!("it is a link to {}, which does not exist", to.display()),
            ),
            Ok(_) | Err(_) => error,
        };
        return Err(LoadError::Io {
            path: arg.to_string(),
            source,
        });
    }
    let names: Vec<&str> = games::names().collect();
    // An empty name is near every short one: no guess for it.
    // A name that starts as a shipped one does (`connect4`) is near it too.
    let starts_alike = |n: &&str| {
        let head: String = arg.to_lowercase().chars().take(5).collect();
        head.chars().count() == 5 && n.starts_with(head.as_str())
    };
    let nearest = (!arg.trim().is_empty())
        .then(|| {
            diag::nearest(arg, names.iter().copied())
                .or_else(|| names.iter().copied().find(starts_alike))
        })
        .flatten();
    let hint = match nearest {
        Some(n) => format!(" (did you mean `{n}`?)"),
        None => format!("; shipped games: {}", names.join(", ")),
    };
    Err(LoadError::NotFound(arg.to_string(), hint))
}

/// Checks a game's text, which may extend `.game` files next to `origin`
/// and the shipped games. `name` is how diagnostics name the file.
pub fn check_source(name: &str, text: &str, origin: Origin) -> Checked {
    check::check_source(&Files, name, text, origin)
}

/// Checks a game's text as [`check_source`] does, with the parents it
/// extends read from `library` (an editor's [`Edited`] files).
pub fn check_source_in(library: &dyn Library, name: &str, text: &str, origin: Origin) -> Checked {
    check::check_source(library, name, text, origin)
}

/// Checks raw bytes, as [`check_source`]: text that is not UTF-8 is
/// reported, not refused.
pub fn check_bytes(name: &str, bytes: &[u8], origin: Origin) -> Checked {
    check::check_bytes(&Files, name, bytes, origin)
}
