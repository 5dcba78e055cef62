//! The one renderer of diagnostics: plain or coloured text, and JSON.

use super::{Diagnostic, Sources};

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const BLUE: &str = "\x1b[1;34m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

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
    out.push_str(&paint(BOLD, &format!(": {}", diag.message)));
    out.push('\n');
    snippet(&mut out, sources, diag.span, "", &paint, BLUE, level_colour);
    if let Some((span, note)) = &diag.note {
        snippet(&mut out, sources, *span, note, &paint, BLUE, BLUE);
    }
    if let Some(help) = &diag.help {
        out.push_str(&format!("   = {} {}\n", paint(BOLD, "help:"), help));
    }
    out
}

fn snippet(
    out: &mut String,
    sources: &Sources,
    span: super::Span,
    label: &str,
    paint: &dyn Fn(&str, &str) -> String,
    gutter_colour: &str,
    caret_colour: &str,
) {
    let source = sources.get(span.file);
    let (line, col) = sources.line_col(span.file, span.start);
    let text = sources.line_text(span.file, span.start);
    let number = line.to_string();
    let pad = " ".repeat(number.len());
    out.push_str(&format!(
        "{pad}{} {}:{line}:{col}\n",
        paint(gutter_colour, "-->"),
        source.name
    ));
    out.push_str(&format!("{pad} {}\n", paint(gutter_colour, "|")));
    let shown: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    out.push_str(&format!(
        "{} {} {}\n",
        paint(gutter_colour, &number),
        paint(gutter_colour, "|"),
        shown
    ));
    // The caret runs to the span's end or the line's end, whichever is first.
    let (end_line, end_col) = sources.line_col(span.file, span.end);
    let line_chars = text.chars().count();
    let last_col = if end_line == line {
        end_col
    } else {
        line_chars + 1
    };
    let width = last_col.saturating_sub(col).max(1);
    let carets = "^".repeat(width);
    let mut caret_line = format!("{}{}", " ".repeat(col - 1), paint(caret_colour, &carets));
    if !label.is_empty() {
        caret_line.push(' ');
        caret_line.push_str(&paint(caret_colour, label));
    }
    out.push_str(&format!(
        "{pad} {} {}\n",
        paint(gutter_colour, "|"),
        caret_line
    ));
}

/// One diagnostic as a JSON object for tools.
pub fn render_json(diag: &Diagnostic, sources: &Sources) -> serde_json::Value {
    let (line, column) = sources.line_col(diag.span.file, diag.span.start);
    let (end_line, end_column) = sources.line_col(diag.span.file, diag.span.end);
    serde_json::json!({
        "code": diag.code,
        "severity": diag.severity.word(),
        "message": diag.message,
        "file": sources.get(diag.span.file).name,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
        "help": diag.help,
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
