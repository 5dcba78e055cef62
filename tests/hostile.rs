//! Games and command lines built to break gamut, as an attacker would
//! write them: each ends in a result or a clear error, never a panic, an
//! abort or a hang.

mod common;

use std::process::Command;

use common::engine_of;
use gamut::check::{Origin, check_source};
use gamut::engine::{Game, perft};

fn gamut(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run gamut");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn codes(text: &str) -> Vec<&'static str> {
    let checked = check_source("hostile.game", text, Origin::Memory);
    checked.diagnostics.iter().map(|d| d.code).collect()
}

/// `enter at board pushing any` on 16 x 16 has 1,860 entry lines for each
/// player, far more than one byte can number.
#[test]
fn an_enter_with_thousands_of_entry_lines_plays() {
    let engine = engine_of(
        "board 16 x 16\nplayers A, B\npieces stone\nreserve 3 each\nmove enter at board pushing any\n",
    );
    // Entering on an empty cell ends the same way whatever the push: 256
    // moves. Then B enters on one of the 255 empty cells, or on A's stone,
    // pushing it to any of its neighbours (twice the 930 king-move pairs).
    let start = engine.start();
    assert_eq!(perft(&engine, &start, 1, &mut Vec::new()), 256);
    assert_eq!(
        perft(&engine, &start, 2, &mut Vec::new()),
        256 * 255 + 2 * 930
    );
    // Every move of the last entry lines is played by its notation.
    let mut game = Game::new(&engine);
    game.play("p16").unwrap();
    for text in game.legal_notations() {
        let mut again = Game::new(&engine);
        again.play("p16").unwrap();
        again.play(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn a_part_of_255_options_plays_and_256_are_refused() {
    let game = |n: usize| {
        let mut text = String::from("board 8 x 8\nplayers A, B\nsetup\n  A on a1\n  B on h8\n");
        for _ in 0..n {
            text.push_str("move step any onto empty\n");
        }
        text.push_str("then may step any onto empty\n");
        text
    };
    let engine = engine_of(&game(255));
    assert!(perft(&engine, &engine.start(), 2, &mut Vec::new()) > 0);
    assert_eq!(codes(&game(256)), ["G059"]);
    assert_eq!(codes(&game(600)), ["G059"], "reported once per part");
}

#[test]
fn a_chain_of_twelve_thousand_excepts_is_checked_without_recursion() {
    let text = format!(
        "board 8 x 8\nplayers A, B\nregion r = board{}\nmove place on r\n",
        " except a1".repeat(12_000)
    );
    let checked = check_source("excepts.game", &text, Origin::Memory);
    assert!(!checked.has_errors());
}

#[test]
fn regions_nested_past_64_are_refused_at_any_length() {
    let chain = |n: usize| {
        let mut text = String::from("board 8 x 8\nplayers A, B\n");
        for i in 0..n {
            text.push_str(&format!("region zone{i} = zone{}\n", i + 1));
        }
        text.push_str(&format!("region zone{n} = a1\nmove place on zone0\n"));
        text
    };
    assert!(codes(&chain(63)).is_empty());
    let long = codes(&chain(4_700));
    assert!(
        !long.is_empty() && long.iter().all(|c| *c == "G026"),
        "{long:?}"
    );
}

#[test]
fn times_that_are_not_a_sensible_number_of_seconds_are_refused() {
    for think in ["inf", "1e300", "NaN", "0", "1e-300", "-1", "soon"] {
        let (code, _, err) = gamut(&["play", "network", &format!("--think={think}")]);
        assert_eq!(code, 2, "--think {think}");
        assert!(err.contains("seconds"), "--think {think}: {err}");
        let (code, _, err) = gamut(&["bench", "network", &format!("--seconds={think}")]);
        assert_eq!(code, 2, "--seconds {think}");
        assert!(err.contains("seconds"), "--seconds {think}: {err}");
    }
    let (code, _, _) = gamut(&["play", "network", "--iterations", "0"]);
    assert_eq!(code, 2);
}
