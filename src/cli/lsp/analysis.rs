//! One open document, checked as `validate` checks it, and what an editor
//! asks of it: its diagnostics, the meaning of a word, what may be typed at
//! a place, where a name is defined and used. Nothing here reads the
//! protocol; `server.rs` turns these answers into messages.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lsp_types::{
    CompletionItem, CompletionItemKind, Diagnostic as LspDiagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, Location, NumberOrString, Range, Uri,
};

use super::reference::topics_at;
use super::text::{Encoding, LineIndex, path_uri};
use crate::check::{Checked, Origin};
use crate::diag::{FileId, Severity, Sources};
use crate::engine::Engine;
use crate::rules::PlayerId;
use crate::rules::Rules;
use crate::syntax::ast::{Ast, DeclKind, DirWord};
use crate::syntax::{expected_at, parse};

/// What a name in a game file names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Symbol {
    /// A region declared with `region`.
    Region,
    /// A player listed in `players`.
    Player,
    /// A kind of piece listed in `pieces`.
    Kind,
}

/// A name declared in one of the files of a game.
#[derive(Clone, Debug)]
struct Definition {
    symbol: Symbol,
    name: String,
    file: FileId,
    start: usize,
    end: usize,
    /// Replaced by a newer file's: a variant's region of the same name, or
    /// its own `players` or `pieces`.
    replaced: bool,
}

/// A document and everything the checker says of it.
pub(crate) struct Analysis {
    /// The document's text, as the editor holds it.
    pub(crate) text: String,
    uri: Uri,
    index: LineIndex,
    checked: Checked,
    /// The syntax tree of this file alone.
    ast: Ast,
    definitions: Vec<Definition>,
    /// The rules, when the file has no error.
    engine: Option<Engine>,
    /// The text is larger than gamut reads, and was not checked.
    too_large: bool,
}

impl Analysis {
    /// Checks `text`, the content of the document at `uri`: a variant's
    /// parents are looked for next to the file it names, and among the
    /// shipped games.
    /// `open` gives the text the editor holds of a file, by its canonical
    /// path: a parent is read from there before the disk.
    pub(crate) fn new(
        uri: Uri,
        text: String,
        encoding: Encoding,
        open: &dyn Fn(&Path) -> Option<String>,
    ) -> Analysis {
        let path = super::text::uri_path(uri.as_str());
        let (name, origin) = match &path {
            Some(p) => (p.display().to_string(), Origin::Path(p.clone())),
            None => (uri.as_str().to_string(), Origin::Memory),
        };
        // Past what `validate` reads, the text is not checked at all: its
        // parse alone could keep the server from answering for minutes.
        let too_large = text.len() as u64 > crate::input::MAX_GAME_BYTES;
        let fed = crate::syntax::with_line_feeds(&text);
        let checked_text = if too_large { "" } else { fed.as_ref() };
        let library = crate::load::Edited { open };
        let mut checked = crate::load::check_source_in(&library, &name, checked_text, origin);
        let (ast, _) = parse(checked_text, FileId(0));
        let mut definitions = Vec::new();
        for id in 0..checked.sources.len() {
            let file = FileId(id as u32);
            let source = &checked.sources.get(file).text;
            let (tree, _) = parse(source, file);
            definitions.extend(definitions_in(&tree, file));
        }
        mark_replaced(&mut definitions);
        let engine = checked.rules.clone().map(Engine::new);
        if let Some(engine) = &engine {
            crate::cli::validate::start_check(engine, &mut checked);
        }
        Analysis {
            index: LineIndex::new(&text, encoding),
            too_large,
            text,
            uri,
            checked,
            ast,
            definitions,
            engine,
        }
    }

    /// The byte offset of a position of the editor.
    pub(crate) fn offset(&self, position: lsp_types::Position) -> usize {
        self.index.offset(&self.text, position)
    }

    /// Every diagnostic, in the editor's terms. One in a file this file
    /// extends is shown on the `extends` line, with the place in that file
    /// as related information.
    pub(crate) fn diagnostics(&self) -> Vec<LspDiagnostic> {
        if self.too_large {
            return vec![LspDiagnostic {
                range: self.range(0, 0),
                severity: Some(DiagnosticSeverity::ERROR),
                source: Some("gamut".into()),
                message: format!(
                    "this file is larger than {} MiB, more than gamut reads: it is not checked",
                    crate::input::MAX_GAME_BYTES >> 20
                ),
                ..LspDiagnostic::default()
            }];
        }
        let sources = &self.checked.sources;
        let extends_span = self.extends_span();
        self.checked
            .diagnostics
            .iter()
            .map(|d| {
                // Cut as the terminal's report cuts it: a message may
                // quote a name of a megabyte.
                let mut message = crate::diag::clipped(&d.message);
                let range;
                let mut related = Vec::new();
                if d.span.file == FileId(0) {
                    range = self.range(d.span.start as usize, d.span.end as usize);
                } else {
                    let source = sources.get(d.span.file);
                    message = format!("in {}: {message}", source.name);
                    let at = extends_span.map_or(0..0, |s| s.start as usize..s.end as usize);
                    range = self.range(at.start, at.end);
                    if let Some(location) = self.location_in(d.span.file, d.span.start, d.span.end)
                    {
                        related.push(DiagnosticRelatedInformation {
                            location,
                            message: "the problem is here".into(),
                        });
                    }
                }
                if let Some((span, note)) = &d.note
                    && let Some(location) = self.location_in(span.file, span.start, span.end)
                {
                    related.push(DiagnosticRelatedInformation {
                        location,
                        message: note.clone(),
                    });
                }
                if let Some(help) = &d.help {
                    message.push_str(&format!("\nhelp: {}", crate::diag::clipped(help)));
                }
                if d.more > 0 {
                    message.push_str(&format!("\n({} more of {} left out)", d.more, d.code));
                }
                LspDiagnostic {
                    range,
                    severity: Some(match d.severity {
                        Severity::Error => DiagnosticSeverity::ERROR,
                        Severity::Warning => DiagnosticSeverity::WARNING,
                    }),
                    code: Some(NumberOrString::String(d.code.as_str().to_string())),
                    source: Some("gamut".into()),
                    message,
                    related_information: (!related.is_empty()).then_some(related),
                    ..LspDiagnostic::default()
                }
            })
            .collect()
    }

    /// What the word at `offset` means, in Markdown: a region's cells for
    /// each player, a player or a kind, a direction resolved per player,
    /// or the reference's words on a keyword, primitive or clause.
    pub(crate) fn hover(&self, offset: usize) -> Option<(String, Range)> {
        let (start, end) = word_around(&self.text, offset)?;
        let word = &self.text[start..end];
        let range = self.range(start, end);
        if let Some(def) = self.live_definitions().find(|d| d.name == word) {
            return Some((self.describe(def), range));
        }
        let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        let line = &self.text[line_start..line_end];
        let mut parts = Vec::new();
        if let (Some(dir), Some(engine)) = (DirWord::from_word(word), &self.engine) {
            parts.push(resolved_direction(dir, engine.rules()));
        }
        // Where the board is known, only what holds on its shape.
        let hex = self.engine.as_ref().map(|e| e.rules().board.shape.is_hex());
        for topic in topics_at(line, offset - line_start) {
            if hex.is_some() && topic.hex_board.is_some() && topic.hex_board != hex {
                continue;
            }
            parts.push(topic.text.clone());
        }
        // A word no topic explains (`each`, `to` in `promote … to …`) is
        // part of its declaration: the declaration's topic. Indented lines
        // (a setup's items) belong to the line above that is not.
        let in_comment = line[..offset - line_start].contains('#');
        if parts.is_empty() && !in_comment {
            let keyword = self.text[..line_end]
                .lines()
                .rev()
                .find(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()))
                .and_then(|l| l.split_whitespace().next());
            if let Some(topic) = keyword.and_then(super::reference::declaration_topic) {
                parts.push(topic.text.clone());
            }
        }
        (!parts.is_empty()).then(|| (parts.join("\n\n---\n\n"), range))
    }

    fn describe(&self, def: &Definition) -> String {
        match def.symbol {
            Symbol::Region => {
                let mut text = format!("**region `{}`**", def.name);
                let Some(engine) = &self.engine else {
                    text.push_str("\n\n(its cells are shown once the file has no error)");
                    return text;
                };
                let rules = engine.rules();
                let Some(region) = rules.regions.iter().find(|r| r.name == def.name) else {
                    text.push_str("\n\n(it depends on the moving piece: `forward-cone`)");
                    return text;
                };
                let start = engine.start();
                let same = region.cells[0] == region.cells[1];
                for p in PlayerId::BOTH {
                    if same && p.index() == 1 {
                        break;
                    }
                    let whose = if same {
                        "for both players".to_string()
                    } else {
                        format!("for {}", rules.players[p].name)
                    };
                    let cells = region.cells[p];
                    let board = crate::cli::board::draw_marked(engine, &start, cells, false);
                    text.push_str(&format!(
                        "\n\n{} {whose}, in brackets on the start position:\n\n```text\n{board}```",
                        crate::cli::counted(cells.len(), "cell")
                    ));
                }
                text
            }
            Symbol::Player => {
                let mut text = format!("**player `{}`**", def.name);
                if let Some(engine) = &self.engine {
                    let rules = engine.rules();
                    if let Some(p) = rules.players.iter().position(|pl| pl.name == def.name) {
                        let order = if p == 0 { "first" } else { "second" };
                        text.push_str(&format!(
                            "\n\nListed {order}; faces {} (`forward` is {}).",
                            rules.players[p].facing.word(),
                            rules.players[p].facing.word()
                        ));
                    }
                }
                text
            }
            Symbol::Kind => format!("**kind of piece `{}`**", def.name),
        }
    }

    /// What may be typed at `offset`: the words the grammar accepts there,
    /// and the names of this game where a name may go.
    pub(crate) fn completions(&self, offset: usize) -> Vec<CompletionItem> {
        // Inside `extends "…"` the games; after its closing quote, what
        // the grammar takes (`without moves`).
        if let Some(after) = self
            .line_before(offset)
            .trim_start()
            .strip_prefix("extends")
            && after.matches('"').count() < 2
        {
            return self.extends_completions(after, offset);
        }
        let Some(expected) = expected_at(&self.text, offset) else {
            return Vec::new();
        };
        let mut items: Vec<CompletionItem> = expected
            .words
            .iter()
            .map(|w| CompletionItem {
                label: (*w).to_string(),
                kind: Some(CompletionItemKind::KEYWORD),
                ..CompletionItem::default()
            })
            .collect();
        if expected.name {
            let mut seen = Vec::new();
            // Only the names the place takes: a player's name where a
            // region goes is offered as its possessive (`Dark's`).
            let possessive = expected.region && !expected.owned;
            for def in self.live_definitions() {
                if seen.contains(&(def.symbol, &def.name)) {
                    continue;
                }
                let (label, kind, detail) = match def.symbol {
                    Symbol::Region if expected.region => {
                        (def.name.clone(), CompletionItemKind::VARIABLE, "region")
                    }
                    Symbol::Player if expected.player => {
                        (def.name.clone(), CompletionItemKind::CLASS, "player")
                    }
                    Symbol::Player if possessive => (
                        format!("{}'s", def.name),
                        CompletionItemKind::CLASS,
                        "a player's region: `Dark's home`",
                    ),
                    Symbol::Kind if expected.kind => (
                        def.name.clone(),
                        CompletionItemKind::ENUM_MEMBER,
                        "kind of piece",
                    ),
                    Symbol::Region | Symbol::Player | Symbol::Kind => continue,
                };
                seen.push((def.symbol, &def.name));
                items.push(CompletionItem {
                    label,
                    kind: Some(kind),
                    detail: Some(detail.into()),
                    ..CompletionItem::default()
                });
            }
        }
        items
    }

    /// The definitions in force: a parent's that a variant replaced are left out.
    fn live_definitions(&self) -> impl Iterator<Item = &Definition> {
        self.definitions.iter().filter(|d| !d.replaced)
    }

    /// Where the name at `offset` is defined; from inside `extends "x"`,
    /// the file it extends.
    pub(crate) fn definition(&self, offset: usize) -> Vec<Location> {
        if let Some(location) = self.extended_file(offset) {
            return vec![location];
        }
        let Some((start, end)) = word_around(&self.text, offset) else {
            return Vec::new();
        };
        let word = &self.text[start..end];
        self.live_definitions()
            .filter(|d| d.name == word)
            .filter_map(|d| self.location_in(d.file, d.start as u32, d.end as u32))
            .collect()
    }

    /// Every place where the name at `offset` is written (outside
    /// comments and quotes), in this file and in the games it extends,
    /// its definitions included or not.
    pub(crate) fn references(&self, offset: usize, declarations: bool) -> Vec<Location> {
        let Some((start, end)) = word_around(&self.text, offset) else {
            return Vec::new();
        };
        let word = &self.text[start..end];
        if !self.definitions.iter().any(|d| d.name == word) {
            return Vec::new();
        }
        let mut found = Vec::new();
        for id in 0..self.checked.sources.len() {
            let file = FileId(id as u32);
            let Some((uri, index, text)) = self.file_places(file) else {
                continue;
            };
            let defined_here: Vec<usize> = self
                .definitions
                .iter()
                .filter(|d| d.file == file && d.name == word)
                .map(|d| d.start)
                .collect();
            found.extend(
                words(text)
                    .filter(|(s, w)| *w == word && (declarations || !defined_here.contains(s)))
                    .map(|(s, w)| Location::new(uri.clone(), index.range(text, s, s + w.len()))),
            );
        }
        found
    }

    fn range(&self, start: usize, end: usize) -> Range {
        self.index.range(&self.text, start, end)
    }

    /// A place in one of the game's files: this document, a file on disk,
    /// or a shipped game (written to a cache folder so it can be opened).
    fn location_in(&self, file: FileId, start: u32, end: u32) -> Option<Location> {
        let (uri, index, text) = self.file_places(file)?;
        Some(Location::new(
            uri,
            index.range(text, start as usize, end as usize),
        ))
    }

    /// One of the game's files as the editor opens it: its URI, the index
    /// of its lines (columns counted as the editor asked, in every file)
    /// and its text.
    fn file_places(&self, file: FileId) -> Option<(Uri, std::borrow::Cow<'_, LineIndex>, &str)> {
        if file == FileId(0) {
            return Some((
                self.uri.clone(),
                std::borrow::Cow::Borrowed(&self.index),
                &self.text,
            ));
        }
        let source = self.checked.sources.get(file);
        let path = file_of(&self.checked.sources, file)?;
        let index = LineIndex::new(&source.text, self.index.encoding());
        let uri: Uri = path_uri(&path).parse().ok()?;
        Some((uri, std::borrow::Cow::Owned(index), &source.text))
    }

    /// The file `extends` names, when `offset` is inside its quotes.
    fn extended_file(&self, offset: usize) -> Option<Location> {
        let target = self.extends_span()?;
        if !(target.start as usize..=target.end as usize).contains(&offset) {
            return None;
        }
        // The checker loads the parent second, as file 1.
        (self.checked.sources.len() > 1).then_some(())?;
        self.location_in(FileId(1), 0, 0)
    }

    /// Whether the file extends another: its analysis then depends on
    /// what that one holds.
    pub(crate) fn extends_another(&self) -> bool {
        self.extends_span().is_some()
    }

    /// Where this file's `extends` names its parent, quotes included.
    fn extends_span(&self) -> Option<crate::diag::Span> {
        self.ast.decls.iter().find_map(|d| {
            if let DeclKind::Extends(target, _) = &d.kind {
                Some(target.span)
            } else {
                None
            }
        })
    }

    fn line_before(&self, offset: usize) -> &str {
        let offset = offset.min(self.text.len());
        let start = self.text[..offset].rfind('\n').map_or(0, |i| i + 1);
        &self.text[start..offset]
    }

    /// The games `extends` may name, after `extends` and the text `after`
    /// it up to `offset`: quoted where no quote is typed yet, bare inside
    /// the quotes (with the closing quote where the line has none after
    /// `offset`), none past them.
    fn extends_completions(&self, after: &str, offset: usize) -> Vec<CompletionItem> {
        let quotes = after.matches('"').count();
        let rest = self.text.get(offset..).unwrap_or_default();
        let closed = rest.lines().next().is_some_and(|line| line.contains('"'));
        let insert = |name: &str| match quotes {
            0 => Some(format!("\"{name}\"")),
            1 if closed => Some(name.to_string()),
            1 => Some(format!("{name}\"")),
            _ => None,
        };
        // `extends` must be the word before (`extendsx` is another word).
        if !after.starts_with([' ', '\t']) {
            return Vec::new();
        }
        let shipped = crate::games::names().map(|n| (n.to_string(), "shipped game"));
        let siblings = self
            .sibling_games()
            .into_iter()
            .map(|n| (n, "file next to this one"));
        shipped
            .chain(siblings)
            .filter_map(|(name, detail)| {
                Some(CompletionItem {
                    insert_text: Some(insert(&name)?),
                    label: name,
                    kind: Some(CompletionItemKind::FILE),
                    detail: Some(detail.into()),
                    ..CompletionItem::default()
                })
            })
            .collect()
    }

    /// The `.game` files next to this one, by the name `extends` takes.
    fn sibling_games(&self) -> Vec<String> {
        super::text::uri_path(self.uri.as_str())
            .map(|path| crate::load::games_beside(&path))
            .unwrap_or_default()
    }
}

/// The names a file declares.
fn definitions_in(ast: &Ast, file: FileId) -> Vec<Definition> {
    let mut out = Vec::new();
    let mut add = |symbol, name: &str, start: u32, end: u32| {
        out.push(Definition {
            symbol,
            name: name.to_string(),
            file,
            start: start as usize,
            end: end as usize,
            replaced: false,
        });
    };
    for decl in &ast.decls {
        if let DeclKind::Region { name, .. } = &decl.kind {
            add(Symbol::Region, &name.node, name.span.start, name.span.end);
        } else if let DeclKind::Players(entries) = &decl.kind {
            for e in entries {
                add(
                    Symbol::Player,
                    &e.name.node,
                    e.name.span.start,
                    e.name.span.end,
                );
            }
        } else if let DeclKind::Pieces(kinds) = &decl.kind {
            for k in kinds {
                let n = &k.name;
                add(Symbol::Kind, &n.node, n.span.start, n.span.end);
            }
        }
    }
    out
}

/// Marks what newer files replace, as the checker layers a variant on its
/// parent: a region name defined in a newer file (the variant's files come
/// first) replaces every older definition of it; a newer `players` or
/// `pieces` replaces the older list whole.
fn mark_replaced(definitions: &mut [Definition]) {
    let key = |d: &Definition| match d.symbol {
        Symbol::Region => (d.symbol, d.name.clone()),
        Symbol::Player | Symbol::Kind => (d.symbol, String::new()),
    };
    let mut newest: HashMap<(Symbol, String), FileId> = HashMap::new();
    for d in definitions.iter() {
        let file = newest.entry(key(d)).or_insert(d.file);
        *file = (*file).min(d.file);
    }
    for d in definitions.iter_mut() {
        d.replaced = newest[&key(d)] != d.file;
    }
}

/// The path to open for one of a game's files: the file itself, or for a
/// shipped game a copy in the cache folder.
fn file_of(sources: &Sources, file: FileId) -> Option<PathBuf> {
    let source = sources.get(file);
    let path = Path::new(&source.name);
    if path.is_file() {
        return path.canonicalize().ok();
    }
    let shipped = source.name.strip_suffix(" (shipped)")?;
    let dir = shipped_cache()?;
    let copy = dir.join(format!("{shipped}.game"));
    let is_plain_file = std::fs::symlink_metadata(&copy).is_ok_and(|m| m.file_type().is_file());
    if !is_plain_file
        || std::fs::read_to_string(&copy).ok().as_deref() != Some(source.text.as_str())
    {
        write_read_only(&copy, &source.text)?;
    }
    Some(copy)
}

/// The user's own folder for copies of the shipped games
/// (`$XDG_CACHE_HOME/gamut/shipped` or `~/.cache/gamut/shipped`), never a
/// folder shared with other users, where a link planted at a copy's name
/// could redirect the write.
fn shipped_cache() -> Option<PathBuf> {
    let dir = crate::cli::user_dir("XDG_CACHE_HOME", ".cache")?.join("shipped");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}

/// Writes `text` at `path` as a new read-only file: written beside it and
/// renamed over it, so whatever stood there (a link, an older copy) is
/// replaced and never written through.
fn write_read_only(path: &Path, text: &str) -> Option<()> {
    use std::io::Write;
    let fresh = path.with_extension(format!("game.{}.new", std::process::id()));
    let _ = std::fs::remove_file(&fresh);
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&fresh)
        .ok()?;
    file.write_all(text.as_bytes()).ok()?;
    let mut permissions = file.metadata().ok()?.permissions();
    permissions.set_readonly(true);
    file.set_permissions(permissions).ok()?;
    drop(file);
    std::fs::rename(&fresh, path).ok()
}

/// What a direction word means for each player of these rules.
fn resolved_direction(word: DirWord, rules: &Rules) -> String {
    let mut text = format!("**`{}`** in this game:", word.word());
    for player in &rules.players {
        let dirs: Vec<&str> = crate::check::resolve_dir(word, player.facing, rules.board.shape)
            .iter()
            .map(|d| rules.board.dir_word(d))
            .collect();
        text.push_str(&format!(
            "\n\n- for {} (facing {}): {}",
            player.name,
            player.facing.word(),
            dirs.join(", ")
        ));
    }
    text
}

/// Whether `offset` lies in a comment: after a `#` on its line that is
/// not inside a quoted name.
fn in_comment(text: &str, offset: usize) -> bool {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let mut quoted = false;
    for c in text[line_start..offset].chars() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return true,
            _ => {}
        }
    }
    false
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_' || c == '\''
}

/// The word of the language or name around `offset`, as a byte span.
fn word_around(text: &str, offset: usize) -> Option<(usize, usize)> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    // A word in a comment is prose: it names nothing.
    if in_comment(text, offset) {
        return None;
    }
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word_char(*c))
        .last()
        .map_or(offset, |(i, _)| i);
    let end = text[offset..]
        .char_indices()
        .find(|(_, c)| !is_word_char(*c))
        .map_or(text.len(), |(i, _)| offset + i);
    (start < end).then_some((start, end))
}

/// The words of a text with their offsets, outside comments and quotes.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut in_comment = false;
    let mut in_quote = false;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), '\n')))
    {
        let word_char = !in_comment && !in_quote && is_word_char(c);
        if word_char {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            out.push((s, &text[s..i]));
        }
        match c {
            '\n' => {
                in_comment = false;
                in_quote = false;
            }
            '#' if !in_quote => in_comment = true,
            '"' if !in_comment => in_quote = !in_quote,
            _ => {}
        }
    }
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "game \"Tiny\"
board 3 x 3
players Dark, Light
pieces stone
reserve 5 each
region home for Dark = rank 1
region home for Light = rank 3
move place on home
goal each wins with chain between rank 1 and rank 3
";

    fn analysis(text: &str) -> Analysis {
        Analysis::new(
            "untitled:tiny".parse().unwrap(),
            text.to_string(),
            Encoding::Utf16,
            &|_: &Path| None,
        )
    }

    /// A word in a comment names nothing: hovering there shows no region
    /// or player (it did), though a `#` inside a quoted name is no comment.
    #[test]
    fn words_in_comments_are_not_hovered() {
        let text = format!("{GAME}# home is where Dark starts\ngame \"a # b\"\n");
        let a = analysis(&text);
        let commented = text.find("# home").unwrap() + 3;
        assert_eq!(a.hover(commented), None);
        let in_rule = text.find("on home").unwrap() + 4;
        assert!(a.hover(in_rule).is_some());
        let after_quoted_hash = text.find("a # b").unwrap() + 4;
        assert!(!in_comment(&text, after_quoted_hash));
    }

    #[test]
    fn a_region_shows_its_cells_for_each_player() {
        let a = analysis(GAME);
        let at = GAME.find("on home").unwrap() + 4;
        let (text, _) = a.hover(at).unwrap();
        assert!(text.contains("3 cells for Dark"), "{text}");
        assert!(text.contains("3 cells for Light"), "{text}");
        assert!(text.contains("[.]"), "{text}");
    }

    #[test]
    fn definitions_and_references_of_a_region() {
        let a = analysis(GAME);
        let at = GAME.find("on home").unwrap() + 4;
        assert_eq!(a.definition(at).len(), 2);
        assert_eq!(a.references(at, true).len(), 3);
        assert_eq!(a.references(at, false).len(), 1);
    }

    /// A variant's region replaces its parent's of the same name, and its
    /// `pieces` the parent's kinds: only what is in force is a definition.
    #[test]
    fn a_replaced_definition_is_no_definition() {
        let parent = "game \"Parent\"\nboard 3 x 3\nplayers Dark, Light\npieces stone, rock\n\
                      reserve 5 stone each\nregion home = rank 1\nregion away = rank 3\n\
                      move place stone on home\nmove place rock on away\n";
        let text = "extends \"parent\"\npieces stone\nreserve 5 each\nregion home = rank 2\n\
                    move place on home, away\n";
        let dir = std::env::temp_dir().join(format!("gamut-replaced-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("parent.game"), parent).unwrap();
        let uri = format!("file://{}/variant.game", dir.display());
        let a = Analysis::new(
            uri.parse().unwrap(),
            text.to_string(),
            Encoding::Utf16,
            &|_: &Path| None,
        );
        assert!(a.extends_another());
        let at = text.find("on home").unwrap() + 4;
        let found = a.definition(at);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].uri.as_str().ends_with("variant.game"));
        let away = text.find("away").unwrap();
        assert_eq!(a.definition(away).len(), 1);
        let labels: Vec<String> = a
            .completions(text.find("on home").unwrap() + 3)
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert!(!labels.contains(&"rock".to_string()), "{labels:?}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_direction_is_resolved_for_each_player() {
        let text = format!("{GAME}move step forward onto empty\n");
        let a = analysis(&text);
        let (hover, _) = a.hover(text.find("forward").unwrap()).unwrap();
        assert!(hover.contains("for Dark (facing up): up"), "{hover}");
        assert!(hover.contains("for Light (facing down): down"), "{hover}");
    }

    #[test]
    fn completion_offers_names_where_names_go() {
        let text = format!("{GAME}move place on ");
        let a = analysis(&text);
        let labels: Vec<String> = a
            .completions(text.len())
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert!(labels.contains(&"home".to_string()), "{labels:?}");
        assert!(labels.contains(&"edge".to_string()), "{labels:?}");
    }

    /// Every word of a declaration has a hover: its own topic (`in a row`,
    /// once unexplained for its leading `N`), or else its declaration's
    /// (`each` in a goal, `to` in a promotion); a comment has none.
    #[test]
    fn every_word_of_a_declaration_has_a_hover() {
        let text = format!(
            "{GAME}goal each wins with 3 in a row # three\npromote stone to stone in rank 3\n"
        );
        let a = analysis(&text);
        let hover_at = |needle: &str, skip: usize| {
            let at = text.rfind(needle).expect(needle) + skip;
            a.hover(at).map(|(h, _)| h)
        };
        let row = hover_at("row", 1).expect("a hover on `row`");
        assert!(row.contains("in a row"), "{row}");
        let each = hover_at("each wins with 3", 1).expect("a hover on `each`");
        assert!(each.starts_with("**goal**"), "{each}");
        let to = hover_at(" to stone", 2).expect("a hover on `to`");
        assert!(to.starts_with("**promote**"), "{to}");
        assert_eq!(hover_at("three", 1), None);
    }

    /// A direction word's hover tells what it means on the game's own
    /// board shape only (a hex game was told `forward` is up, as on
    /// squares, after being told it is up-left and up-right).
    #[test]
    fn a_direction_is_explained_for_the_boards_shape_only() {
        let game = |board: &str| {
            format!(
                "game \"G\"\n{board}\nplayers A, B\nsetup\n  A on rank 1\n  B on rank 3\nmove step forward onto empty\n"
            )
        };
        for (board, shown, hidden) in [
            ("board 3 x 3", "square board", "hex board"),
            ("board hexagon 2", "hex board", "square board"),
        ] {
            let text = game(board);
            let at = text.find("forward").expect("forward") + 2;
            let (hover, _) = analysis(&text).hover(at).expect("a hover");
            assert!(
                hover.contains(shown) && !hover.contains(hidden),
                "{board}: {hover}"
            );
        }
    }

    /// Each place is offered the names it takes (a kind or a player
    /// where a region goes was an error once chosen).
    #[test]
    fn completion_offers_only_the_names_each_place_takes() {
        let labels = |tail: &str| -> Vec<String> {
            let text = format!("{GAME}{tail}");
            analysis(&text)
                .completions(text.len())
                .into_iter()
                .map(|c| c.label)
                .collect()
        };
        let on = labels("move place on ");
        assert!(on.contains(&"home".to_string()), "{on:?}");
        assert!(on.contains(&"Dark's".to_string()), "{on:?}");
        assert!(on.contains(&"rank".to_string()), "{on:?}");
        assert!(!on.iter().any(|l| l == "Dark" || l == "stone"), "{on:?}");
        let goal = labels("goal ");
        assert!(goal.contains(&"Dark".to_string()), "{goal:?}");
        assert!(
            !goal.iter().any(|l| l == "stone" || l == "home"),
            "{goal:?}"
        );
        let step = labels("move step ");
        assert!(step.contains(&"stone".to_string()), "{step:?}");
        assert!(!step.iter().any(|l| l == "Dark" || l == "home"), "{step:?}");
    }

    /// After `own` only regions: a player there is an error.
    #[test]
    fn completion_after_own_offers_regions_only() {
        let text = format!("{GAME}move place on own ");
        let labels: Vec<String> = analysis(&text)
            .completions(text.len())
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert!(labels.contains(&"home".to_string()), "{labels:?}");
        assert!(
            !labels.iter().any(|l| l == "Dark" || l == "Light"),
            "{labels:?}"
        );
    }
}
