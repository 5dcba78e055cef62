//! Diagnostics: what went wrong in a game file, where, and what to do about it.
//!
//! A [`Diagnostic`] carries a stable code, a severity, a message, a [`Span`]
//! and an optional help line. Spans are byte ranges into a file of a
//! [`Sources`] map; lines and columns are computed only when rendering, by
//! the one renderer in [`render`].

mod kinds;
mod render;

pub use kinds::{Code, EmptyUse, Kind, NameClash, OffBoard, Suggestion};
pub use render::{clipped, printable, render, render_json, unprintable};

/// Which loaded file a span points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in one file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The file it is in.
    pub file: FileId,
    /// Its first byte.
    pub start: u32,
    /// The byte after its last.
    pub end: u32,
}

impl Span {
    /// The span of bytes `start..end` of a file.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// Shown as `start..end` (with `#file` for a file other than the first),
/// so that a dumped syntax tree stays readable.
impl std::fmt::Debug for Span {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.file.0 != 0 {
            write!(f, "#{}:", self.file.0)?;
        }
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// Shown as the value, then `@` and its span.
impl<T: std::fmt::Debug> std::fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.node.fmt(f)?;
        write!(f, " @ {:?}", self.span)
    }
}

/// A value with the place it was written.
#[derive(Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// A value written at `span`.
    pub fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// Whether a diagnostic stops the game from being played.
pub enum Severity {
    /// The game cannot be played until it is fixed.
    Error,
    /// The game is valid, but something in it is probably a mistake.
    Warning,
}

impl Severity {
    /// The word a report shows: `error` or `warning`.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One finding about a game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code, `G001`…; listed in `docs/LANGUAGE.md`.
    pub code: Code,
    /// Its code's severity.
    pub severity: Severity,
    /// What went wrong, in one line.
    pub message: String,
    /// Where: the text it underlines.
    pub span: Span,
    /// What to do about it, when there is something to say.
    pub help: Option<String>,
    /// A second place that explains the first ("first declared here").
    pub note: Option<(Span, String)>,
    /// How many more diagnostics of this code came after this
    /// one and were left out of the report (see [`condense`]).
    pub more: usize,
}

impl Diagnostic {
    /// The diagnostic of a kind at a place: its code, severity, message
    /// and help all come from the kind.
    pub fn new(kind: Kind, span: Span) -> Diagnostic {
        let code = kind.code();
        Diagnostic {
            code,
            severity: code.severity(),
            message: kind.message(),
            span,
            help: kind.help(),
            note: None,
            more: 0,
        }
    }

    /// Adds a second place that explains the first ("first declared here").
    pub fn with_note(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.note = Some((span, note.into()));
        self
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Sorts diagnostics by file and position, errors before warnings at one place.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by(|a, b| {
        (a.span.file, a.span.start, a.severity, a.code).cmp(&(
            b.span.file,
            b.span.start,
            b.severity,
            b.code,
        ))
    });
}

/// The most diagnostics of one code a report keeps.
pub const KEPT_PER_CODE: usize = 10;

/// Keeps the first [`KEPT_PER_CODE`] diagnostics of each code
/// (in the given order) and counts the rest in the last one kept, so that a
/// file repeating one mistake ten thousand times gets a short report.
pub fn condense(diags: &mut Vec<Diagnostic>) {
    let mut seen: std::collections::HashMap<Code, (usize, usize)> =
        std::collections::HashMap::new();
    let mut kept = Vec::with_capacity(diags.len().min(256));
    for d in diags.drain(..) {
        let (count, last) = seen.entry(d.code).or_insert((0, 0));
        *count += 1;
        if *count <= KEPT_PER_CODE {
            *last = kept.len();
            kept.push(d);
        } else {
            kept[*last].more += 1 + d.more;
        }
    }
    *diags = kept;
}

/// How many errors a list of diagnostics stands for, those left out included.
pub fn error_count(diags: &[Diagnostic]) -> usize {
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| 1 + d.more)
        .sum()
}

/// One loaded file: the name it is shown by and its text.
#[derive(Clone, Debug)]
pub struct Source {
    /// How reports name the file (a path, or `network (shipped)`).
    pub name: String,
    /// The whole text.
    pub text: String,
    /// The byte offset at which each line starts, so that finding a line
    /// costs a binary search and not a scan from the file's start.
    line_starts: Vec<u32>,
    /// Every byte is ASCII, so a column is a byte count.
    ascii: bool,
}

/// Every file loaded for one game (a variant and the files it extends).
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<Source>,
}

impl Sources {
    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1))
            .collect();
        self.files.push(Source {
            name: name.into(),
            ascii: text.is_ascii(),
            text,
            line_starts,
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// The file of an id that [`Sources::add`] returned.
    pub fn get(&self, id: FileId) -> &Source {
        &self.files[id.0 as usize]
    }

    /// How many files there are.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The 0-based line holding a byte offset and the offset clamped to a
    /// character boundary.
    fn locate(&self, file: FileId, offset: u32) -> (usize, usize) {
        let source = self.get(file);
        let offset = clamp_to_char(&source.text, offset as usize);
        let line = source
            .line_starts
            .partition_point(|&s| s as usize <= offset)
            - 1;
        (line, offset)
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: u32) -> (usize, usize) {
        let source = self.get(file);
        let (line, offset) = self.locate(file, offset);
        let mut start = source.line_starts[line] as usize;
        // A byte order mark opens some files; editors do not show it, so
        // it is no column.
        if start == 0 && source.text.starts_with('\u{feff}') {
            start = '\u{feff}'.len_utf8().min(offset);
        }
        let col = if source.ascii {
            offset - start
        } else {
            source.text[start..offset].chars().count()
        };
        (line + 1, col + 1)
    }

    /// The text of the line holding a byte offset, without its newline.
    pub fn line_text(&self, file: FileId, offset: u32) -> &str {
        let source = self.get(file);
        let (line, _) = self.locate(file, offset);
        let start = source.line_starts[line] as usize;
        let end = source
            .line_starts
            .get(line + 1)
            .map_or(source.text.len(), |&next| next as usize - 1);
        source.text[start..end].trim_end_matches('\r')
    }
}

fn clamp_to_char(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The closest of `candidates` to `word`, if it is close enough to be a likely typo.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // Nothing is near a word of no letters or digits (`""`, `.`).
    if !word.chars().any(char::is_alphanumeric) {
        return None;
    }
    let word_lower = word.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = strsim::damerau_levenshtein(&word_lower, &candidate.to_lowercase());
        let limit = (candidate.chars().count().max(word.chars().count()) / 3).max(1);
        if distance <= limit && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}
