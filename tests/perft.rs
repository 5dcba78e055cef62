//! Perft suites: `tests/perft/<game>.perft` pins every shipped game from
//! the start and from mid-game positions. Lines marked `deep` run only
//! with `GAMUT_DEEP_PERFT=1`, so `cargo test` stays fast.

use std::path::Path;

use gamut::engine::{Engine, Game, perft};
use gamut::load::check_game;

struct Case {
    moves: String,
    depth: u32,
    leaves: u64,
    line: usize,
}

fn cases(text: &str, deep: bool) -> Vec<Case> {
    let mut moves = String::new();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("moves") {
            moves = rest.trim().to_string();
            continue;
        }
        let (is_deep, figures) = match line.strip_prefix("deep ") {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        if is_deep && !deep {
            continue;
        }
        let mut parts = figures.split_whitespace();
        let depth = parts.next().unwrap().parse().unwrap();
        let leaves = parts.next().unwrap().parse().unwrap();
        out.push(Case {
            moves: moves.clone(),
            depth,
            leaves,
            line: i + 1,
        });
    }
    out
}

fn run_suite(game: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/perft/{game}.perft"));
    let text = std::fs::read_to_string(&path).expect("perft file");
    let deep = std::env::var_os("GAMUT_DEEP_PERFT").is_some_and(|v| v == "1");
    let engine = Engine::new(check_game(game).unwrap().rules.unwrap());
    let cases = cases(&text, deep);
    assert!(cases.len() >= 6, "{game}: too few perft figures");
    for case in cases {
        let mut g = Game::new(&engine);
        for m in case.moves.split_whitespace() {
            g.play(m)
                .unwrap_or_else(|e| panic!("{game} line {}: {e}", case.line));
        }
        let mut history = g.history_keys().to_vec();
        let got = perft(&engine, g.position(), case.depth, &mut history)
            .unwrap_or_else(|e| panic!("{game} line {}: {e}", case.line));
        assert_eq!(
            got, case.leaves,
            "{game}.perft line {}: perft({}) after `{}`",
            case.line, case.depth, case.moves
        );
    }
}

#[test]
fn network() {
    run_suite("network");
}
#[test]
fn network_equalized() {
    run_suite("network-equalized");
}
#[test]
fn forms() {
    run_suite("forms");
}
#[test]
fn forms_6x6() {
    run_suite("forms-6x6");
}
#[test]
fn forms_4x4() {
    run_suite("forms-4x4");
}
#[test]
fn forms_normal() {
    run_suite("forms-normal");
}
#[test]
fn squinch() {
    run_suite("squinch");
}
#[test]
fn incorrect_checkers() {
    run_suite("incorrect-checkers");
}
#[test]
fn j() {
    run_suite("j");
}
#[test]
fn j_long_sides() {
    run_suite("j-long-sides");
}
#[test]
fn j_free_placement() {
    run_suite("j-free-placement");
}

#[test]
fn breakthrough() {
    run_suite("breakthrough");
}
#[test]
fn tic_tac_toe() {
    run_suite("tic-tac-toe");
}
#[test]
fn othello() {
    run_suite("othello");
}
#[test]
fn english_draughts() {
    run_suite("english-draughts");
}
#[test]
fn international_draughts() {
    run_suite("international-draughts");
}
#[test]
fn connect_four() {
    run_suite("connect-four");
}
#[test]
fn gomoku() {
    run_suite("gomoku");
}

#[test]
fn hex() {
    run_suite("hex");
}
#[test]
fn hex_5x5() {
    run_suite("hex-5x5");
}

#[test]
fn amazons() {
    run_suite("amazons");
}

#[test]
fn domineering() {
    run_suite("domineering");
}

#[test]
fn ataxx() {
    run_suite("ataxx");
}

#[test]
fn lines_of_action() {
    run_suite("lines-of-action");
}

#[test]
fn every_shipped_game_has_a_perft_suite() {
    for name in gamut::games::names() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/perft/{name}.perft"));
        assert!(path.is_file(), "no perft suite for {name}");
    }
}

#[test]
fn konane() {
    run_suite("konane");
}
