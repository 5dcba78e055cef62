//! Places in a document as the protocol counts them: a line and a column
//! in UTF-16 code units (the protocol's default) or in bytes (when the
//! editor offers UTF-8), to and from byte offsets. And file paths to and
//! from `file:` URIs.

use std::path::{Path, PathBuf};

use lsp_types::{Position, Range};

/// How columns are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// UTF-16 code units: the protocol's default.
    Utf16,
    /// Bytes, when the editor offers `utf-8`.
    Utf8,
}

/// The start of every line of a text, to turn offsets into positions.
#[derive(Clone)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
    encoding: Encoding,
}

impl LineIndex {
    /// The index of `text`. A line ends at `\n`, `\r\n` or a lone `\r`,
    /// as the protocol counts lines.
    pub(crate) fn new(text: &str, encoding: Encoding) -> LineIndex {
        // The checker reads a lone `\r` as a line feed (same offsets).
        let fed = crate::syntax::with_line_feeds(text);
        let mut starts = vec![0];
        starts.extend(fed.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts, encoding }
    }

    /// How this index counts columns.
    pub(crate) fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The position of a byte offset (clamped to the text).
    pub(crate) fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let column = match self.encoding {
            Encoding::Utf8 => offset - start,
            Encoding::Utf16 => text[start..offset].encode_utf16().count(),
        };
        Position::new(line as u32, column as u32)
    }

    /// The range of a byte span.
    pub(crate) fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(self.position(text, start), self.position(text, end))
    }

    /// The byte offset of a position; a column past the end of its line
    /// is the line's end, a line past the last is the text's end.
    pub(crate) fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let next = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next);
        let line = text[start..next].trim_end_matches(['\n', '\r']);
        let end = start + line.len();
        let wanted = position.character as usize;
        let mut counted = 0;
        for (i, c) in line.char_indices() {
            if counted >= wanted {
                return start + i;
            }
            counted += match self.encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
        }
        end
    }
}

/// The path of a `file:` URI, `None` for any other scheme.
pub(crate) fn uri_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    // `file:///home/…` on Unix, `file:///C:/…` on Windows.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    let path = String::from_utf8(out).ok()?;
    let path = if path.len() > 2 && path.as_bytes()[2] == b':' {
        // `/C:/x` is `C:/x`.
        path[1..].to_string()
    } else {
        path
    };
    Some(PathBuf::from(path))
}

/// The `file:` URI of a path.
pub(crate) fn path_uri(path: &Path) -> String {
    let text = path.to_string_lossy();
    let mut out = String::from("file://");
    if !text.starts_with('/') {
        out.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_or_bytes() {
        let text = "é𝄞x\nab";
        let utf16 = LineIndex::new(text, Encoding::Utf16);
        let x = text.find('x').unwrap();
        assert_eq!(utf16.position(text, x), Position::new(0, 3));
        assert_eq!(utf16.offset(text, Position::new(0, 3)), x);
        assert_eq!(utf16.offset(text, Position::new(1, 1)), text.len() - 1);
        assert_eq!(utf16.offset(text, Position::new(0, 99)), x + 1);
        assert_eq!(utf16.offset(text, Position::new(9, 0)), text.len());
        let utf8 = LineIndex::new(text, Encoding::Utf8);
        assert_eq!(utf8.position(text, x), Position::new(0, x as u32));
    }

    #[test]
    fn a_line_ends_at_a_line_feed_a_carriage_return_or_both() {
        let text = "ab\rcd\r\nef\ngh";
        let index = LineIndex::new(text, Encoding::Utf16);
        for (line, word) in ["ab", "cd", "ef", "gh"].iter().enumerate() {
            let at = text.find(word).unwrap();
            assert_eq!(index.position(text, at + 1), Position::new(line as u32, 1));
            assert_eq!(index.offset(text, Position::new(line as u32, 1)), at + 1);
            // Past the end of a line is the line's end, before its break.
            assert_eq!(index.offset(text, Position::new(line as u32, 9)), at + 2);
        }
    }

    #[test]
    fn paths_survive_a_uri() {
        let path = Path::new("/tmp/my games/ü#1.game");
        let uri = path_uri(path);
        assert_eq!(uri, "file:///tmp/my%20games/%C3%BC%231.game");
        assert_eq!(uri_path(&uri).unwrap(), path);
        assert_eq!(uri_path("untitled:1"), None);
    }
}
