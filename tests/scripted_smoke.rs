//! Small scenarios outside any one game: a variant written in a test, a
//! goal that holds from the setup, the corners of the largest board.

mod common;
use common::*;
use gamut::engine::Game;

#[test]
fn a_scenario_can_extend_a_shipped_game() {
    let engine = engine_of("extends \"forms-4x4\"\nsetup\n  White on a1, b2\n  Black on b1, a2\n");
    let mut game = Game::new(&engine);
    assert_legal(&game, "b1xa1");
    play(&mut game, "b1xa1");
    assert!(game_board(&game).contains('B'));
}

/// A goal that already holds in the setup is found by the first goal check,
/// even though that move did not touch it.
#[test]
fn a_goal_met_by_the_setup_counts_at_the_first_check() {
    let engine = engine_of(
        "board 4 x 4\nplayers A, B\nturns B, A\nsetup\n  A on rank 1\n  B on rank 4\n\
         move step forward onto empty\ngoal A wins with chain between file a and file d\n",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "a4-a3");
    assert_eq!(
        winner(&game),
        Some(PlayerId::FIRST),
        "{}",
        game_board(&game)
    );
}

/// On a board of 256 cells the last cell is a cell like any other: a
/// capture onto p16 is a capture, and its cells are marked.
#[test]
fn the_last_cell_of_a_256_cell_board_is_an_ordinary_cell() {
    let engine = engine_of("extends \"forms\"\nboard 16 x 16\n");
    let mut game = Game::new(&engine);
    assert_legal(&game, "o16xp16");
    play(&mut game, "o16xp16");
    let p16 = engine.rules().board.parse_cell("p16").unwrap();
    assert_eq!(game.position().owner(p16), Some(PlayerId::FIRST));
    assert!(engine.cells_of(&game.moves()[0]).contains(p16));
}
