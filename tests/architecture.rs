//! The stages import one way. Each module of `src/` may name only the
//! stages listed for it below; a `use crate::…` or a `crate::…` path to any
//! other fails this test, naming the file and the line. Unit tests at the
//! end of a file (`#[cfg(test)]`) may use anything, and comments are not
//! imports.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Each top-level module of the library and the modules it may import.
/// A module not listed here fails the test: place a new one deliberately.
const ALLOWED: &[(&str, &[&str])] = &[
    // Leaves: no stage below them (but `text`, quoting user text, which
    // the leaf `diag` uses too).
    ("text", &[]),
    ("diag", &["text"]),
    ("rng", &[]),
    ("input", &[]),
    ("games", &[]),
    ("rules", &[]),
    // text → syntax tree with spans
    ("syntax", &["diag"]),
    // syntax tree → checked rules; reads no file (see `load`)
    ("check", &["diag", "syntax", "rules"]),
    // the boundary: files and shipped games → the checker
    ("load", &["check", "diag", "games", "input"]),
    // rules → positions, moves, results
    ("engine", &["rules", "rng", "text"]),
    // computer players see only the engine (and the rules it plays)
    ("ai", &["engine", "rules", "rng"]),
    // self-play figures for `gamut analyze`, on the computer players
    ("analysis", &["ai", "engine", "rules", "rng"]),
    // front ends: everything below them
    (
        "cli",
        &[
            "ai", "analysis", "check", "diag", "engine", "games", "input", "load", "rng", "rules",
            "syntax", "text",
        ],
    ),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The stage a file of `src/` belongs to: its top-level module.
fn stage_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    match first.strip_suffix(".rs") {
        Some("lib" | "main") => None,
        Some(stem) => Some(stem.to_string()),
        None => Some(first),
    }
}

/// The stages a piece of code names through `crate::`, each with the byte
/// offset where it is named. Groups (`use crate::{a, b::{c, d}}`) may span
/// lines; every name at their top level counts.
fn named_stages(code: &str) -> Vec<(usize, String)> {
    let word = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("crate::") {
        let start = from + at + "crate::".len();
        let after = &code[start..];
        if let Some(group) = after.strip_prefix('{') {
            let mut depth = 0;
            let mut item_start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        found.push((start, word(&group[item_start..i])));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.push((start, word(&group[item_start..i])));
                        item_start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            found.push((start, word(after)));
        }
        from = start;
    }
    found.retain(|(_, name)| !name.is_empty());
    found
}

/// The code of a file: comments blanked (so offsets keep their lines),
/// and nothing from the first `#[cfg(test)]` on.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let kept = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        code.push_str(kept);
        code.push_str(&" ".repeat(line.len() - kept.len()));
        code.push('\n');
    }
    code
}

#[test]
fn every_stage_imports_only_the_stages_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut unlisted = BTreeSet::new();
    for file in &files {
        let Some(stage) = stage_of(&src, file) else {
            continue;
        };
        let Some((_, allowed)) = ALLOWED.iter().find(|(s, _)| *s == stage) else {
            unlisted.insert(stage);
            continue;
        };
        let text = fs::read_to_string(file).expect("read a source file");
        let code = code_of(&text);
        for (at, named) in named_stages(&code) {
            if named != stage && !allowed.contains(&named.as_str()) {
                let line = code[..at].matches('\n').count();
                wrong.push(format!(
                    "{}:{}: `{stage}` imports `{named}`: {}",
                    file.strip_prefix(&src).unwrap().display(),
                    line + 1,
                    text.lines().nth(line).unwrap_or("").trim()
                ));
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "modules with no place in the stages (add them to ALLOWED): {unlisted:?}"
    );
    assert!(
        wrong.is_empty(),
        "imports against the flow:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_import_scanner_sees_paths_and_groups() {
    let names = |code: &str| -> Vec<String> {
        named_stages(&code_of(code))
            .into_iter()
            .map(|(_, n)| n)
            .collect()
    };
    assert_eq!(names("use crate::engine::Engine;"), ["engine"]);
    assert_eq!(
        names("use crate::{\n    diag,\n    games::{a, b},\n    input::read,\n};"),
        ["diag", "games", "input"]
    );
    assert_eq!(
        names("let r = crate::rng::Rng::new(1); // crate::ai"),
        ["rng"]
    );
    assert!(names("// use crate::ai").is_empty());
    assert!(names("#[cfg(test)]\nmod tests { use crate::ai; }").is_empty());
}
