//! Scripted games of the classics of the language's third part (Hex,
//! Amazons, Domineering, Konane, Ataxx, Lines of Action) and of the
//! constructs they brought: every kind of ending reached, in the notation
//! the games' players use.

mod common;
use common::*;

use gamut::engine::{Game, Outcome, Status};
use gamut::rng::Rng;

const RED: usize = 0;
const BLUE: usize = 1;

#[test]
fn hex_a_chain_along_the_hex_diagonal_wins() {
    let engine = shipped("hex-5x5");
    let mut game = Game::new(&engine);
    // e1 d2 c3 b4 a5: each cell touches the next (up and to the left).
    play(&mut game, "e1 a1 d2 b1 c3 c1 b4 d1");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "a5");
    assert_eq!(winner(&game), Some(RED), "{}", game_board(&game));
}

#[test]
fn hex_the_square_diagonal_does_not_connect_and_blue_wins_across() {
    let engine = shipped("hex-5x5");
    let mut game = Game::new(&engine);
    // a1 b2 c3 d4 e5 are not neighbours on a hex board.
    play(&mut game, "a1 e1 b2 e2 c3 e3 d4 e4 e5");
    assert_eq!(game.status(), Status::Ongoing, "{}", game_board(&game));
    // a2 b1 c1 d1 e1: a2 touches b1 (down and to the right).
    play(&mut game, "a2 a5 b1 b5 c1 c5");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "d1");
    assert_eq!(winner(&game), Some(BLUE), "{}", game_board(&game));
}

#[test]
fn hex_every_game_played_out_has_exactly_one_winner() {
    // The board cannot fill without a chain for one player, and never
    // for both: random games of the small board, played to the end.
    let engine = shipped("hex-5x5");
    let mut rng = Rng::new(17);
    for _ in 0..200 {
        let mut game = Game::new(&engine);
        while game.status() == Status::Ongoing {
            let n = game.legal().len();
            game.play_index(rng.below(n));
        }
        assert!(matches!(game.status(), Status::Over(Outcome::Win(_))));
        assert!(game.moves().len() >= 9 && game.moves().len() <= 25);
    }
}

#[test]
fn hex_boards_are_drawn_with_offset_ranks() {
    let engine = shipped("hex-5x5");
    let mut game = Game::new(&engine);
    play(&mut game, "c3");
    let board = game_board(&game);
    let rows: Vec<&str> = board
        .lines()
        .filter(|l| l.trim_start().starts_with(char::is_numeric))
        .collect();
    assert_eq!(rows.len(), 5, "{board}");
    // Each rank starts further right than the one below it.
    let indent = |l: &str| l.len() - l.trim_start().len();
    for pair in rows.windows(2) {
        assert!(indent(pair[0]) > indent(pair[1]), "{board}");
    }
    assert!(rows[2].contains(" R "), "{board}");
}
