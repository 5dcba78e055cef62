//! Text → syntax tree. The parser is the only code that touches pest; the
//! tree ([`ast`]) keeps a span on everything a diagnostic may point at.

pub mod ast;
mod complete;
mod expected;
mod parser;

pub use complete::{Expected, expected_at};
pub(crate) use expected::looks_like_cell;
pub use parser::{is_name, parse};

/// A text whose lines may end at a lone `\r` (an old Mac file), with each
/// such `\r` made a `\n`, as `\n` and `\r\n` already end a line. The text
/// keeps its length, so every offset into it is the same.
pub fn with_line_feeds(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone) {
        return std::borrow::Cow::Borrowed(text);
    }
    let fed: Vec<u8> = (0..bytes.len())
        .map(|i| if lone(i) { b'\n' } else { bytes[i] })
        .collect();
    // Only ASCII bytes changed, for ASCII bytes.
    std::borrow::Cow::Owned(String::from_utf8(fed).unwrap_or_else(|_| text.to_string()))
}
