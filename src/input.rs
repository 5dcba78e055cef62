//! Reading a file that a user names: only a regular file (never a FIFO,
//! a device or a directory, which could block for ever or never end), and
//! never more than a limit, whatever the file claims its size to be.

use std::io::Read;
use std::path::Path;

/// The largest game file read: far more than any game needs (the
/// largest shipped is a few KiB), and small enough that checking the
/// worst such file takes seconds, not minutes, in bounded memory.
pub const MAX_GAME_BYTES: u64 = 1 << 20;

/// The largest game record read (and written: a record too long to read
/// back is refused at `save`, never written). Millions of moves.
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

/// Reads a regular file of at most `limit` bytes.
pub fn read_bounded(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // Opening a FIFO waits for a writer; without blocking it opens at
    // once, and is then refused as not a regular file.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    // Checked on the open file, so that nothing can swap it in between.
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::other(format!(
            "larger than {} MiB, more than gamut reads",
            limit >> 20
        )));
    }
    Ok(bytes)
}
