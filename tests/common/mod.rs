//! Helpers shared by the scripted-game tests.
#![allow(dead_code)]

use gamut::check::{Origin, check_game, check_source};
use gamut::engine::{Engine, Game, Outcome, Status};

/// The engine of a shipped game.
pub fn shipped(name: &str) -> Engine {
    Engine::new(check_game(name).expect("shipped").rules.expect("valid"))
}

/// The engine of a game written in the test, which may `extends` a shipped game.
pub fn engine_of(text: &str) -> Engine {
    let checked = check_source("scenario.game", text, Origin::Memory);
    let rendered: Vec<String> = checked
        .diagnostics
        .iter()
        .map(|d| gamut::diag::render(d, &checked.sources, false))
        .collect();
    match checked.rules {
        Some(rules) => Engine::new(rules),
        None => panic!("scenario does not check:\n{}", rendered.join("\n")),
    }
}

/// Plays moves in notation, separated by spaces; panics on an illegal one.
pub fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        if let Err(e) = game.play(m) {
            panic!(
                "after {} moves, {m}: {e}\n{}",
                game.moves().len(),
                game_board(game)
            );
        }
    }
}

pub fn game_board(game: &Game) -> String {
    game.engine().board_text(game.position())
}

/// The legal moves now, in notation.
pub fn legal(game: &Game) -> Vec<String> {
    game.legal_notations()
}

pub fn assert_legal(game: &Game, mv: &str) {
    let all = legal(game);
    assert!(
        all.iter().any(|m| m == mv),
        "{mv} should be legal; legal: {all:?}\n{}",
        game_board(game)
    );
}

pub fn assert_illegal(game: &Game, mv: &str) {
    let all = legal(game);
    assert!(
        !all.iter().any(|m| m == mv),
        "{mv} should be illegal\n{}",
        game_board(game)
    );
    let mut copy_err = None;
    // Typing it is refused too, and leaves the game as it was.
    let key = game.position().key();
    if let Err(e) = game
        .engine()
        .parse_move(game.position(), game.successors(), mv)
    {
        copy_err = Some(e);
    }
    assert!(copy_err.is_some(), "{mv} was accepted when typed");
    assert_eq!(game.position().key(), key);
}

pub fn winner(game: &Game) -> Option<usize> {
    match game.status() {
        Status::Over(Outcome::Win(p)) => Some(p),
        _ => None,
    }
}
