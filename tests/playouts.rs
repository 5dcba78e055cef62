//! Seeded random play-outs of every shipped game: no panic, every legal
//! move reads back from its notation, moves lead to distinct positions,
//! and the invariants of pieces hold after every move.

mod common;
use common::*;

use gamut::engine::{Engine, Game, Status};
use gamut::load::check_game;
use gamut::rng::Rng;

#[test]
fn random_games_of_every_shipped_game_keep_the_rules() {
    for name in gamut::games::names() {
        exercise(name, &shipped(name), 6, 400);
    }
}

#[test]
fn incorrect_checkers_pieces_stay_on_their_colour() {
    let engine = Engine::new(check_game("incorrect-checkers").unwrap().rules.unwrap());
    let board = &engine.rules().board;
    for seed in 0..10 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(&engine);
        while game.status() == Status::Ongoing && game.moves().len() < 600 {
            let n = game.legal().len();
            game.play_index(rng.below(n));
            assert!(
                game.position().owned(0).is_subset(&board.dark),
                "a Black piece left the dark cells"
            );
            assert!(
                game.position().owned(1).is_subset(&board.light),
                "a White piece left the light cells"
            );
        }
    }
}
