mod common;
use common::*;
use gamut::engine::Game;

#[test]
fn a_scenario_can_extend_a_shipped_game() {
    let engine = engine_of("extends \"forms-4x4\"\nsetup\n  White on a1, b2\n  Black on b1, a2\n");
    let mut game = Game::new(&engine);
    assert_legal(&game, "b1xa1");
    play(&mut game, "b1xa1");
    assert!(game_board(&game).contains("B"));
}
