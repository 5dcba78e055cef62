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
                game.position()
                    .owned(PlayerId::FIRST)
                    .is_subset(&board.dark),
                "a Black piece left the dark cells"
            );
            assert!(
                game.position()
                    .owned(PlayerId::SECOND)
                    .is_subset(&board.light),
                "a White piece left the light cells"
            );
        }
    }
}

/// A listing of moves alone tells each move's result as the positions of
/// a full listing do, and `play_listed` builds the same position: what
/// the computer player's guided play-outs rely on.
#[test]
fn moves_listed_without_positions_tell_their_results_and_positions() {
    use gamut::engine::Successors;
    let mut games: Vec<(String, Engine)> = gamut::games::names()
        .map(|name| (name.to_string(), shipped(name)))
        .collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games");
    for entry in std::fs::read_dir(&dir).expect("tests/games") {
        let path = entry.expect("entry").path();
        let name = path.display().to_string();
        games.push((
            name.clone(),
            Engine::new(check_game(&name).unwrap().rules.unwrap()),
        ));
    }
    let (mut full, mut alone) = (Successors::default(), Successors::default());
    for (name, engine) in &games {
        for seed in 0..4 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(engine);
            while game.status() == Status::Ongoing && game.moves().len() < 300 {
                let pos = game.position().clone();
                engine.successors(&pos, &mut full);
                engine.legal_moves(&pos, &mut alone);
                assert_eq!(full.moves, alone.moves, "{name}");
                for i in 0..full.len() {
                    assert_eq!(alone.result_of(i), full.positions[i].result(), "{name}");
                    let built = engine.play_listed(&pos, &mut alone, i).expect("unmetered");
                    assert_eq!(built.key(), full.positions[i].key(), "{name}");
                }
                game.play_index(rng.below(game.legal().len()));
            }
        }
    }
}
