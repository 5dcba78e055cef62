//! The one renderer of diagnostics: plain or coloured text, and JSON.

use std::borrow::Cow;
use unicode_width::UnicodeWidthChar;

use super::{Diagnostic, Sources};

/// The most characters of a source line a snippet shows: a longer line is
/// cut to a window around the place, so one diagnostic prints a bounded
/// amount whatever the file.
const SHOWN_LINE_CHARS: usize = 160;

/// The most characters of a message or help line printed: one that lists
/// thousands of names is cut.
const SHOWN_MESSAGE_CHARS: usize = 240;

/// `text`, cut at [`SHOWN_MESSAGE_CHARS`] with `…`, and made printable:
/// a message or help as any front end shows it (the language server too).
pub fn clipped(text: &str) -> String {
    let text = printable(text, false);
    match crate::text::head(&text, SHOWN_MESSAGE_CHARS) {
        Some(head) => format!("{head}…"),
        None => text.into_owned(),
    }
}

/// User text made safe to print on a terminal: control characters (ESC,
/// BEL, CR, the C1 controls) and the invisible reordering marks of bidi
/// text are written as `\u{…}` escapes, so a file or a record cannot set
/// the terminal's title or colours or hide what it says. Line breaks are
/// kept only when `keep_newlines`.
pub fn printable(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let unsafe_char = |c: char| unprintable(c) && !(keep_newlines && c == '\n');
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const BLUE: &str = "\x1b[1;34m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// A character that changes a terminal rather than shows: a control
/// character, or one that overrides the direction of the text after it.
pub fn unprintable(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Renders a diagnostic the way a compiler does:
///
/// ```text
/// error[G021]: unknown region `midle`
///   --> games/j.game:12:35
///    |
/// 12 | then may return a piece from midle to reserve
///    |                              ^^^^^ not a region of this game
///    = help: did you mean `middle`?
/// ```
pub fn render(diag: &Diagnostic, sources: &Sources, colour: bool) -> String {
    let paint = |code: &str, text: &str| {
        if colour {
            format!("{code}{text}{RESET}")
        } else {
            text.to_string()
        }
    };
    let level_colour = if diag.is_error() { RED } else { YELLOW };
    let mut out = String::new();
    out.push_str(&paint(
        level_colour,
        &format!("{}[{}]", diag.severity.word(), diag.code),
    ));
    out.push_str(&paint(BOLD, &format!(": {}", clipped(&diag.message))));
    out.push('\n');
    let mut pad = snippet(&mut out, sources, diag.span, "", &paint, level_colour);
    if let Some((span, note)) = &diag.note {
        pad = snippet(&mut out, sources, *span, note, &paint, BLUE);
    }
    // `=` lines up under the last gutter's `|`.
    if let Some(help) = &diag.help {
        out.push_str(&format!(
            "{pad} = {} {}\n",
            paint(BOLD, "help:"),
            clipped(help)
        ));
    }
    if diag.more > 0 {
        let plural = if diag.more == 1 { "" } else { "s" };
        out.push_str(&format!(
            "{pad} = {} {} more {}{plural}[{}] left out of this report\n",
            paint(BOLD, "note:"),
            diag.more,
            diag.severity.word(),
            diag.code
        ));
    }
    out
}

/// Writes the place of `span` (its file, line and caret) and returns the
/// gutter's padding, as wide as the line number.
fn snippet(
    out: &mut String,
    sources: &Sources,
    span: super::Span,
    label: &str,
    paint: &dyn Fn(&str, &str) -> String,
    caret_colour: &str,
) -> String {
    let gutter_colour = BLUE;
    let source = sources.get(span.file);
    let (line, col) = sources.line_col(span.file, span.start);
    let text = sources.line_text(span.file, span.start);
    let number = line.to_string();
    let pad = " ".repeat(number.len());
    out.push_str(&format!(
        "{pad}{} {}:{line}:{col}\n",
        paint(gutter_colour, "-->"),
        printable(&source.name, false)
    ));
    out.push_str(&format!("{pad} {}\n", paint(gutter_colour, "|")));
    // The caret runs to the span's end or the line's end, whichever is first.
    let (end_line, end_col) = sources.line_col(span.file, span.end);
    let chars: Vec<char> = text.chars().collect();
    let last_col = if end_line == line {
        end_col
    } else {
        chars.len() + 1
    };
    let width = last_col.saturating_sub(col).max(1);
    // A long line is shown from a little before the place, with `…` where
    // it is cut.
    let first = if chars.len() <= SHOWN_LINE_CHARS {
        0
    } else {
        (col - 1)
            .saturating_sub(SHOWN_LINE_CHARS / 4)
            .min(chars.len() - SHOWN_LINE_CHARS)
    };
    let last = (first + SHOWN_LINE_CHARS).min(chars.len());
    let mut shown = String::new();
    if first > 0 {
        shown.push('…');
    }
    shown.extend(
        chars[first..last]
            .iter()
            .map(|&c| if unprintable(c) { ' ' } else { c }),
    );
    if last < chars.len() {
        shown.push('…');
    }
    out.push_str(&format!(
        "{} {} {}\n",
        paint(gutter_colour, &number),
        paint(gutter_colour, "|"),
        shown
    ));
    // Carets go under the characters as a terminal shows them: a wide
    // character (`😀`, `漢`) takes two columns, a combining one none.
    let columns = |cs: &[char]| -> usize {
        cs.iter()
            .map(|&c| {
                if unprintable(c) {
                    1
                } else {
                    c.width().unwrap_or(0)
                }
            })
            .sum()
    };
    let at = (col - 1).clamp(first, last);
    let lead = columns(&chars[first..at]) + usize::from(first > 0);
    let width = width.min(last.saturating_sub(col - 1).max(1));
    let width = columns(&chars[at..(at + width).min(last)]).max(1);
    let carets = "^".repeat(width);
    let mut caret_line = format!("{}{}", " ".repeat(lead), paint(caret_colour, &carets));
    if !label.is_empty() {
        caret_line.push(' ');
        caret_line.push_str(&paint(caret_colour, &clipped(label)));
    }
    out.push_str(&format!(
        "{pad} {} {}\n",
        paint(gutter_colour, "|"),
        caret_line
    ));
    pad
}

/// One diagnostic as a JSON object for tools.
pub fn render_json(diag: &Diagnostic, sources: &Sources) -> serde_json::Value {
    let (line, column) = sources.line_col(diag.span.file, diag.span.start);
    let (end_line, end_column) = sources.line_col(diag.span.file, diag.span.end);
    serde_json::json!({
        "code": diag.code.as_str(),
        "severity": diag.severity.word(),
        "message": diag.message,
        "file": sources.get(diag.span.file).name,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
        "help": diag.help,
        "more": diag.more,
        "note": diag.note.as_ref().map(|(span, text)| {
            let (line, column) = sources.line_col(span.file, span.start);
            serde_json::json!({
                "file": sources.get(span.file).name,
                "line": line,
                "column": column,
                "message": text,
            })
        }),
    })
}
