//! `gamut validate FILE|NAME...`

use std::io::Write;

use super::{FOUND_ERRORS, Format, OK, USAGE, shown};
use crate::check::Checked;
use crate::diag::{render, render_json};
use crate::load::check_game;
use crate::rules::Rules;

pub(super) fn run(games: &[String], format: Format, dump: bool, colour: bool) -> i32 {
    let mut status = OK;
    let mut json = Vec::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for arg in games {
        // A saved game given for rules: said so, rather than read as rules.
        let path = std::path::Path::new(arg);
        if path.is_file() && super::record::load(path).is_ok() {
            status = USAGE;
            let message = format!(
                "{arg} is a game record, not rules: `gamut replay {arg}` steps through it, `gamut play --load {arg}` resumes it"
            );
            match format {
                Format::Text => errln!("gamut: {}", shown(&message)),
                Format::Json => json.push(serde_json::json!({
                    "file": arg,
                    "ok": false,
                    "error": message,
                })),
            }
            continue;
        }
        match check_game(arg) {
            Err(e) => {
                status = USAGE;
                match format {
                    Format::Text => errln!("gamut: {}", shown(&e.to_string())),
                    Format::Json => json.push(serde_json::json!({
                        "file": arg,
                        "ok": false,
                        "error": e.to_string(),
                    })),
                }
            }
            Ok(mut checked) => {
                if let Some(rules) = &checked.rules {
                    let engine = crate::engine::Engine::new(rules.clone());
                    start_check(&engine, &mut checked);
                }
                if checked.has_errors() && status == OK {
                    status = FOUND_ERRORS;
                }
                match format {
                    Format::Text => {
                        super::wrote(out.write_all(text_report(arg, &checked, colour).as_bytes()));
                        if dump && let Some(rules) = &checked.rules {
                            super::wrote(out.write_all(rules.dump().as_bytes()));
                        }
                    }
                    Format::Json => {
                        let mut report = json_report(arg, &checked);
                        if dump && let Some(rules) = &checked.rules {
                            report["rules"] = serde_json::Value::String(rules.dump());
                        }
                        json.push(report);
                    }
                }
            }
        }
    }
    if format == Format::Json {
        super::wrote(writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        ));
    }
    status
}

/// One line that says what a game is: name, board, players.
pub(super) fn summary(rules: &Rules) -> String {
    let b = &rules.board;
    let holes = b.outline.len() - b.cells.len();
    let board = if holes == 0 {
        format!("{} board", b.size_text())
    } else {
        format!(
            "{} board less {}",
            b.size_text(),
            super::counted(holes, "cell")
        )
    };
    format!(
        "{}: {board}, {} vs {}",
        rules.name, rules.players[0].name, rules.players[1].name
    )
}

fn text_report(arg: &str, checked: &Checked, colour: bool) -> String {
    let mut s = String::new();
    for d in &checked.diagnostics {
        s.push_str(&render(d, &checked.sources, colour));
        s.push('\n');
    }
    match &checked.rules {
        Some(rules) => {
            let ok = if colour { "\x1b[1;32mok\x1b[0m" } else { "ok" };
            s.push_str(&format!(
                "{ok} {}: {}\n",
                display_name(arg, checked),
                summary(rules)
            ));
        }
        None => {
            let errors = crate::diag::error_count(&checked.diagnostics);
            s.push_str(&format!(
                "{}: {}\n",
                display_name(arg, checked),
                super::counted(errors, "error")
            ));
        }
    }
    s
}

fn display_name(arg: &str, checked: &Checked) -> String {
    let name = if checked.sources.is_empty() {
        arg
    } else {
        &checked.sources.get(crate::diag::FileId(0)).name
    };
    shown(name).into_owned()
}

fn json_report(arg: &str, checked: &Checked) -> serde_json::Value {
    let diagnostics: Vec<serde_json::Value> = checked
        .diagnostics
        .iter()
        .map(|d| render_json(d, &checked.sources))
        .collect();
    let summary = checked.rules.as_ref().map(|r| {
        serde_json::json!({
            "name": r.name,
            "board": { "width": r.board.width, "height": r.board.height, "shape": r.board.size_text(), "cells": r.board.cells.len() },
            "players": r.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
        })
    });
    serde_json::json!({
        "file": display_name(arg, checked),
        "ok": checked.rules.is_some(),
        "summary": summary,
        "diagnostics": diagnostics,
    })
}

/// W019: the player to move first has no move in the start position,
/// where being stuck ends the game, so it ends before its first move (a
/// move only backwards, players facing one way). Found by playing, which
/// the checker does not do: added by each front end that checks a file
/// (`validate`, the language server), pointing at the first `move` line.
pub fn start_check(engine: &crate::engine::Engine, checked: &mut Checked) {
    use crate::diag::{Diagnostic, FileId, Kind, Span};
    let start = engine.start();
    if start.result().is_some() {
        // A goal that holds at the start: W017's.
        return;
    }
    let mut legal = crate::engine::Successors::default();
    engine.legal_moves(&start, &mut legal);
    if !legal.moves.is_empty() || legal.overrun().is_some() {
        return;
    }
    let rules = engine.rules();
    let text = &checked.sources.get(FileId(0)).text;
    let mut offset = 0;
    let mut span = Span::new(FileId(0), 0, 0);
    for line in text.split_inclusive('\n') {
        if line.starts_with("move") {
            span = Span::new(FileId(0), offset, offset + line.trim_end().len());
            break;
        }
        offset += line.len();
    }
    let player = rules.players[start.to_move()].name.clone();
    checked
        .diagnostics
        .push(Diagnostic::new(Kind::StuckAtStart { player }, span));
    crate::diag::sort(&mut checked.diagnostics);
}
