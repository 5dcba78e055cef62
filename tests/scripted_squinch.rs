//! Scripted games of Squinch (shared/rules/squinch.md): every kind of stack
//! move, bearing off, the forced pass and the win.

mod common;
use common::*;
use gamut::engine::{Game, Outcome, Status};

const RED: PlayerId = PlayerId::FIRST;
const WHITE: PlayerId = PlayerId::SECOND;

fn to_move(game: &Game) -> PlayerId {
    game.position().to_move()
}

/// A Squinch position from setup lines (Red moves first).
fn squinch(setup: &str) -> String {
    format!("extends \"squinch\"\nsetup\n{setup}\n")
}

/// The legal moves of the stack on `cell`, sorted.
fn moves_from(game: &Game, cell: &str) -> Vec<String> {
    let mut moves: Vec<String> = legal(game)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{cell}-")))
        .collect();
    moves.sort();
    moves
}

#[test]
fn a_single_checker_steps_forward_or_diagonally_forward() {
    // A single checker moves one cell straight or diagonally forward to an
    // empty cell; never backward, never sideways onto an empty cell.
    let engine = engine_of(&squinch("  Red on d4\n  White on e7"));
    let mut game = Game::new(&engine);
    assert_eq!(moves_from(&game, "d4"), ["d4-c5", "d4-d5", "d4-e5"]);
    for mv in ["d4-d6", "d4-d3", "d4-c3", "d4-c4", "d4-e4"] {
        assert_illegal(&game, mv);
    }
    play(&mut game, "d4-c5");
    assert_eq!(to_move(&game), WHITE);
    // White's forward is down the board.
    assert_eq!(moves_from(&game, "e7"), ["e7-d6", "e7-e6", "e7-f6"]);
    play(&mut game, "e7-d6");
    assert_eq!(
        game_board(&game),
        "     a  b  c  d  e  f  g  h
  8  .  .  .  .  .  .  .  .  8
  7  .  .  .  .  .  .  .  .  7
  6  .  .  .  w  .  .  .  .  6
  5  .  .  R  .  .  .  .  .  5
  4  .  .  .  .  .  .  .  .  4
  3  .  .  .  .  .  .  .  .  3
  2  .  .  .  .  .  .  .  .  2
  1  .  .  .  .  .  .  .  .  1
     a  b  c  d  e  f  g  h
Red (R)
White (w)
"
    );
}

#[test]
fn stepping_onto_a_friendly_stack_makes_it_taller() {
    // c3 steps onto the Red pair on c4, which becomes a stack of three;
    // a step onto White's d4 is refused (no capturing).
    let engine = engine_of(&squinch(
        "  Red on c3\n  Red stacks of 2 on c4\n  Red on d3\n  White on d4, h8",
    ));
    let mut game = Game::new(&engine);
    assert_legal(&game, "c3-c4");
    assert_legal(&game, "d3-c4"); // diagonally onto the stack
    assert_illegal(&game, "d3-d4");
    assert_illegal(&game, "c3-d4");
    play(&mut game, "c3-c4");
    assert_eq!(
        game_board(&game),
        "      a    b    c    d    e    f    g    h
  8   .    .    .    .    .    .    .    w   8
  7   .    .    .    .    .    .    .    .   7
  6   .    .    .    .    .    .    .    .   6
  5   .    .    .    .    .    .    .    .   5
  4   .    .   R3    w    .    .    .    .   4
  3   .    .    .    R    .    .    .    .   3
  2   .    .    .    .    .    .    .    .   2
  1   .    .    .    .    .    .    .    .   1
      a    b    c    d    e    f    g    h
Red (R)
White (w)
"
    );
}

#[test]
fn a_stack_of_n_moves_its_top_checker_up_to_n_cells_over_anything() {
    // A Red stack of 3 on d2, with White on d3 and Red on d4 in front:
    // the top checker goes 1 to 3 cells straight or diagonally forward,
    // passing over both, to an empty cell or a friendly stack, never onto
    // White's d3 and never 4 cells.
    let engine = engine_of(&squinch(
        "  Red stacks of 3 on d2\n  Red on d4\n  White on d3, e3, h8",
    ));
    let mut game = Game::new(&engine);
    assert_eq!(
        moves_from(&game, "d2"),
        [
            "d2-a5", "d2-b4", "d2-c3", "d2-d4", "d2-d5", "d2-f4", "d2-g5"
        ]
    );
    for mv in [
        "d2-d3", "d2-e3", "d2-d6", "d2-h6", "d2-d1", "d2-c2", "d2-e2",
    ] {
        assert_illegal(&game, mv);
    }
    play(&mut game, "d2-d5");
    assert_eq!(
        game_board(&game),
        "      a    b    c    d    e    f    g    h
  8   .    .    .    .    .    .    .    w   8
  7   .    .    .    .    .    .    .    .   7
  6   .    .    .    .    .    .    .    .   6
  5   .    .    .    R    .    .    .    .   5
  4   .    .    .    R    .    .    .    .   4
  3   .    .    .    w    w    .    .    .   3
  2   .    .    .   R2    .    .    .    .   2
  1   .    .    .    .    .    .    .    .   1
      a    b    c    d    e    f    g    h
Red (R)
White (w)
"
    );
    // The stack left behind is now 2 tall: it reaches 2 cells.
    play(&mut game, "h8-h7");
    assert_legal(&game, "d2-b4");
    assert_illegal(&game, "d2-a5");
}

#[test]
fn sideways_only_onto_a_friendly_stack_at_least_as_tall() {
    // Red pairs on c4 and e4 with a single Red checker on d4 between them,
    // a Red stack of 3 on g4, White on b4.
    let engine = engine_of(&squinch(
        "  Red stacks of 2 on c4, e4\n  Red on d4\n  Red stacks of 3 on g4\n  White on b4, h8",
    ));
    let mut game = Game::new(&engine);
    // A pair moves sideways up to 2 cells, over d4, onto a stack of 2 or more.
    assert_legal(&game, "c4-e4");
    assert_legal(&game, "e4-c4");
    assert_legal(&game, "e4-g4");
    // Not onto the lower single d4, not onto an empty cell, not onto
    // White, not further than its height.
    assert_illegal(&game, "c4-d4");
    assert_illegal(&game, "e4-d4");
    assert_illegal(&game, "e4-f4");
    assert_illegal(&game, "c4-b4");
    assert_illegal(&game, "c4-a4");
    assert_illegal(&game, "c4-g4");
    // A single checker steps sideways onto any friendly stack next to it.
    assert_legal(&game, "d4-c4");
    assert_legal(&game, "d4-e4");
    // The stack of 3 finds no stack of 3 or more within reach.
    assert_illegal(&game, "g4-e4");
    assert!(moves_from(&game, "g4").iter().all(|m| !m.ends_with('4')));
    play(&mut game, "c4-e4");
    assert_eq!(
        game_board(&game),
        "      a    b    c    d    e    f    g    h
  8   .    .    .    .    .    .    .    w   8
  7   .    .    .    .    .    .    .    .   7
  6   .    .    .    .    .    .    .    .   6
  5   .    .    .    .    .    .    .    .   5
  4   .    w    R    R   R3    .   R3    .   4
  3   .    .    .    .    .    .    .    .   3
  2   .    .    .    .    .    .    .    .   2
  1   .    .    .    .    .    .    .    .   1
      a    b    c    d    e    f    g    h
Red (R)
White (w)
"
    );
}

#[test]
fn bearing_off_from_the_far_rank_and_from_deep_inside() {
    // Red bears off when a straight forward move of at most n cells would
    // pass the far rank: a single from rank 8, a stack of n from rank 9 - n.
    let engine = engine_of(&squinch(
        "  Red on d8, f7\n  Red stacks of 2 on b7\n  Red stacks of 8 on a1\n  Red stacks of 5 on e4\n  Red stacks of 4 on g4\n  White on h1",
    ));
    let game = Game::new(&engine);
    let mut offs: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.ends_with("-off"))
        .collect();
    offs.sort();
    // Each stack that can leave does so by one move, listed once, whether
    // it goes straight or diagonally off the far edge.
    assert_eq!(offs, ["a1-off", "b7-off", "d8-off", "e4-off"]);
    for mv in ["f7-off", "g4-off"] {
        assert_illegal(&game, mv);
    }
    // White bears off downwards: from rank 1 with a single checker.
    let engine = engine_of(&squinch(
        "  Red on a2\n  White on c1, f2\n  White stacks of 2 on g2",
    ));
    let mut game = Game::new(&engine);
    play(&mut game, "a2-a3");
    let mut offs: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.ends_with("-off"))
        .collect();
    offs.sort();
    assert_eq!(offs, ["c1-off", "g2-off"]);
    play(&mut game, "g2-off");
    assert!(
        game_board(&game).contains("White (w): 1 borne off"),
        "{}",
        game_board(&game)
    );
}

#[test]
fn a_corner_checker_bears_off_by_one_move() {
    // A single on h8 can only leave straight off the far edge (a diagonal
    // off the side edge is not a move): one move, h8-off, and nothing else.
    let engine = engine_of(&squinch("  Red on h8\n  White on a7"));
    let mut game = Game::new(&engine);
    assert_eq!(legal(&game), ["h8-off"]);
    play(&mut game, "h8-off");
    assert_eq!(winner(&game), Some(RED));
}

#[test]
fn a_player_with_no_move_must_pass() {
    // Red's only checker, d4, faces White on c5, d5 and e5: no forward
    // move, no friendly stack beside it. Red's only legal move is a pass;
    // then White moves, and e5 stepping down frees Red's diagonal.
    let engine = engine_of(&squinch("  Red on d4\n  White on c5, d5, e5"));
    let mut game = Game::new(&engine);
    assert_eq!(to_move(&game), RED);
    assert_eq!(legal(&game), ["pass"]);
    assert_illegal(&game, "d4-d5");
    assert_illegal(&game, "d4-e5");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "pass");
    assert_eq!(to_move(&game), WHITE);
    assert_illegal(&game, "pass"); // White has moves: no passing
    play(&mut game, "e5-e4");
    assert_eq!(to_move(&game), RED);
    assert_eq!(moves_from(&game, "d4"), ["d4-e5"]);
}

#[test]
fn bearing_off_the_last_checker_wins() {
    // A race: Red's pair on e7 against White's single on b3. The pair
    // bears one checker off (2 cells would pass rank 8), the single left
    // must step to e8 first, and Red bears its last checker off before
    // White gets home.
    let engine = engine_of(&squinch("  Red stacks of 2 on e7\n  White on b3, g6"));
    let mut game = Game::new(&engine);
    play(&mut game, "e7-off b3-b2");
    assert_illegal(&game, "e7-off");
    play(&mut game, "e7-e8 b2-b1");
    assert_eq!(game.status(), Status::Ongoing);
    assert_legal(&game, "e8-off");
    play(&mut game, "e8-off");
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Win(RED)),
        "{}",
        game_board(&game)
    );
    assert_eq!(winner(&game), Some(RED));
    assert!(legal(&game).is_empty());
    assert!(game.play("b1-off").is_err());
    assert!(
        game_board(&game).contains("Red (R): 2 borne off"),
        "{}",
        game_board(&game)
    );
}
