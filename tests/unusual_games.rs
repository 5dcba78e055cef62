//! Games unlike the shipped ones, in `tests/games/`: boards of more than 64
//! cells, holes in the middle, kinds, capturing chained jumps, slides that
//! capture, stacks capturing taller stacks, players facing sideways,
//! entries pushing from inside the board, mandatory later parts, an
//! optional part left out before a mandatory one, returns that may take
//! the piece an entry pushed, networks along orthogonal lines. Each
//! validates cleanly and survives seeded random games with every
//! invariant checked.

mod common;
use common::*;

#[test]
fn every_unusual_game_checks_and_plays_by_its_rules() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 5);
    for path in paths {
        let name = path.display().to_string();
        let engine = clean_game(&name);
        exercise(&name, &engine, 4, 300);
    }
}

/// No piece symbol reads as a coordinate's digit, and two players never
/// share one.
#[test]
fn piece_symbols_avoid_letters_that_read_as_digits() {
    let symbols = |players: &str| {
        gamut::cli::board::piece_symbols(
            common::engine_of(&format!("board 4 x 4\nplayers {players}\nmove place\n")).rules(),
        )
    };
    assert_eq!(symbols("Dark, Light"), ['D', 'L']);
    assert_eq!(symbols("White, Black"), ['W', 'b']);
    assert_eq!(symbols("Ivory, Onyx"), ['#', '@']);
    assert_eq!(symbols("Lime, Lemon"), ['L', '@']);
    assert_eq!(symbols("Red, Rose"), ['R', 'r']);
}
