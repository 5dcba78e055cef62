//! Scripted games of Forms (shared/rules/forms.md) on small boards: the
//! disconnection rule, the slide that must cut something off, the misère
//! ending and the merge of slides that leave a lone piece.

mod common;
use common::*;
use gamut::engine::{Game, Outcome, Status};

const BLACK: PlayerId = PlayerId::FIRST;
const WHITE: PlayerId = PlayerId::SECOND;

fn to_move(game: &Game) -> PlayerId {
    game.position().to_move()
}

/// A 4×4 position of `parent` (Black moves first), from setup lines.
fn forms_4x4(parent: &str, black: &str, white: &str) -> String {
    format!("extends \"{parent}\"\nboard 4 x 4\nsetup\n  Black on {black}\n  White on {white}\n")
}

#[test]
fn a_slide_must_cut_pieces_off() {
    // Rank 1 holds w B w B. Black's d1 sliding round to c2 stays in
    // touch with c1, and a1 b1 c1 stay joined: nothing is removed, so the
    // slide is refused. b1 sliding to c2 leaves a1 alone: a1 is removed,
    // so that slide is allowed.
    let engine = engine_of(&forms_4x4("forms", "b1, d1", "a1, c1"));
    let mut game = Game::new(&engine);
    assert_eq!(to_move(&game), BLACK);
    assert_illegal(&game, "d1-c2");
    assert_legal(&game, "b1-c2");
    // A capture is legal whether or not it cuts anything off: d1xc1
    // leaves c1 b1 a1 joined.
    assert_legal(&game, "d1xc1");
    play(&mut game, "b1-c2");
    assert_eq!(
        game_board(&game),
        "     a  b  c  d
  4  .  .  .  .  4
  3  .  .  .  .  3
  2  .  .  B  .  2
  1  .  .  w  B  1
     a  b  c  d
Black (B)
White (w)
"
    );
    assert_eq!(to_move(&game), WHITE);
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn a_capture_cuts_off_pieces_of_both_colours() {
    // a1 B, b1 w, c1 B, d1 w, with d2 B and d3 w above d1. Black's c1
    // takes d1: c1 is left empty, so the pair a1 b1 (one of each colour)
    // no longer touches the moved piece and both are removed.
    let engine = engine_of(&forms_4x4("forms", "a1, c1, d2", "b1, d1, d3"));
    let mut game = Game::new(&engine);
    play(&mut game, "c1xd1");
    assert_eq!(
        game_board(&game),
        "     a  b  c  d
  4  .  .  .  .  4
  3  .  .  .  w  3
  2  .  .  .  B  2
  1  .  .  .  B  1
     a  b  c  d
Black (B)
White (w)
"
    );
    assert_eq!(to_move(&game), WHITE);
}

#[test]
fn a_slide_cuts_off_pieces_of_both_colours() {
    // Rank 1: w B w B. Black's b1 slides up to b2, which touches nothing:
    // every other piece, White's a1 and c1 and Black's own d1, is removed.
    let engine = engine_of(&forms_4x4("forms", "b1, d1", "a1, c1"));
    let mut game = Game::new(&engine);
    play(&mut game, "b1-b2");
    assert_eq!(
        game_board(&game),
        "     a  b  c  d
  4  .  .  .  .  4
  3  .  .  .  .  3
  2  .  B  .  .  2
  1  .  .  .  .  1
     a  b  c  d
Black (B)
White (w)
"
    );
    // White has nothing left: no move, and in misère that is a win.
    assert_eq!(winner(&game), Some(WHITE));
}

#[test]
fn taking_the_last_enemy_piece_loses_in_misere() {
    // Black a1 b1, White c1. Capturing c1 leaves White without pieces, and
    // so without a move: White wins (whoever makes the last move loses).
    let engine = engine_of(&forms_4x4("forms", "a1, b1", "c1"));
    let mut game = Game::new(&engine);
    assert_legal(&game, "b1xc1");
    play(&mut game, "b1xc1");
    assert_eq!(to_move(&game), WHITE);
    assert!(legal(&game).is_empty());
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Win(WHITE)),
        "{}",
        game_board(&game)
    );
    assert!(game.play("c1-c2").is_err());

    // The better move: b1 slides round to c2 (a1 is cut off and removed).
    // White's c1 must now remove Black's last piece, and loses.
    game.undo();
    play(&mut game, "b1-c2");
    assert_eq!(game.status(), Status::Ongoing);
    // White's capture, and its slides to the eleven cells not touching c2:
    // every one of them removes Black's last piece.
    let replies = legal(&game);
    assert_eq!(replies.len(), 12, "{replies:?}");
    for reply in &replies {
        play(&mut game, reply);
        assert_eq!(
            winner(&game),
            Some(BLACK),
            "after {reply}\n{}",
            game_board(&game)
        );
        game.undo();
    }
    play(&mut game, "c1xc2");
    assert_eq!(winner(&game), Some(BLACK), "{}", game_board(&game));
}

#[test]
fn in_normal_play_taking_the_last_enemy_piece_wins() {
    // The same games in forms-normal: the last player to move wins.
    let engine = engine_of(&forms_4x4("forms-normal", "a1, b1", "c1"));
    let mut game = Game::new(&engine);
    play(&mut game, "b1xc1");
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Win(BLACK)),
        "{}",
        game_board(&game)
    );
    game.undo();
    play(&mut game, "b1-c2 c1xc2");
    assert_eq!(winner(&game), Some(WHITE), "{}", game_board(&game));
}

#[test]
fn a_player_without_pieces_wins_on_the_8x8_board_too() {
    // The shipped 8×8 game, cut down to two pieces: Black must take or
    // cut off White's only piece, and then White, with no move, wins.
    let engine = engine_of("extends \"forms\"\nsetup\n  Black on d4\n  White on e4\n");
    let mut game = Game::new(&engine);
    let moves = legal(&game);
    assert!(moves.contains(&"d4xe4".to_string()), "{moves:?}");
    play(&mut game, "d4xe4");
    assert_eq!(winner(&game), Some(WHITE));
}

#[test]
fn slides_leaving_one_lone_piece_are_one_move() {
    // Rank 1: B w w B. Either Black piece can slide to any cell of ranks
    // 3 and 4; there it touches nothing, every other piece is removed, and
    // the board is the same whichever piece went: one move, listed once,
    // and typing it from either start plays it.
    let engine = engine_of(&forms_4x4("forms", "a1, d1", "b1, c1"));
    let mut game = Game::new(&engine);
    let moves = legal(&game);
    for cell in ["a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"] {
        let n = moves
            .iter()
            .filter(|m| m.ends_with(&format!("-{cell}")))
            .count();
        assert_eq!(n, 1, "one slide to {cell}: {moves:?}");
    }
    // a2 is lone only for a1 (d1 arriving there would touch a1), d2 only
    // for d1; the captures a1xb1 and d1xc1 remove nothing more.
    let mut sorted = moves.clone();
    sorted.sort();
    let mut rest: Vec<&String> = sorted
        .iter()
        .filter(|m| !m.ends_with('3') && !m.ends_with('4'))
        .collect();
    rest.sort();
    assert_eq!(rest, ["a1-a2", "a1xb1", "d1-d2", "d1xc1"], "{moves:?}");
    assert_eq!(moves.len(), 12);
    assert_illegal(&game, "d1-a2");
    assert_illegal(&game, "a1-b2");

    play(&mut game, "a1-b3");
    let from_a1 = game.position().key();
    let board = game_board(&game);
    assert_eq!(
        board,
        "     a  b  c  d
  4  .  .  .  .  4
  3  .  B  .  .  3
  2  .  .  .  .  2
  1  .  .  .  .  1
     a  b  c  d
Black (B)
White (w)
"
    );
    assert_eq!(winner(&game), Some(WHITE), "White has no piece and no move");
    game.undo();
    play(&mut game, "d1-b3");
    assert_eq!(game.position().key(), from_a1);
    assert_eq!(game_board(&game), board);
}

#[test]
fn meyers_first_illustration_slide_cuts_off_the_white_corner_piece() {
    // The seed's first diagram (top rank first): W B . . / . B . . /
    // . W . . / B W W . ; the uppermost Black piece slides round to the
    // lowest, rightmost empty cell, and the White piece on the top-left
    // cell, no longer connected to it, is removed.
    let engine = engine_of(&forms_4x4("forms", "b4, b3, a1", "a4, b2, b1, c1"));
    let mut game = Game::new(&engine);
    assert_legal(&game, "b4-d1");
    play(&mut game, "b4-d1");
    assert_eq!(
        game_board(&game),
        "     a  b  c  d
  4  .  .  .  .  4
  3  .  B  .  .  3
  2  .  w  .  .  2
  1  B  w  w  B  1
     a  b  c  d
Black (B)
White (w)
"
    );
}

#[test]
fn meyers_second_illustration_temporary_disconnection_removes_nothing() {
    // The seed's second diagram: W W . . on rank 2 above B . . . on rank 1,
    // White to move. The left White piece slides round to c2, next to the
    // other White piece. While it travels, b2 touches nothing, but
    // disconnection is judged after the move: b2 stays; only Black's a1,
    // cut off, is removed. Black is left without a piece and so without a
    // move, and wins.
    let engine = engine_of(
        "extends \"forms\"\nboard 4 x 4\nturns White, Black\nsetup\n  White on a2, b2\n  Black on a1\n",
    );
    let mut game = Game::new(&engine);
    assert_eq!(to_move(&game), WHITE);
    play(&mut game, "a2-c2");
    assert_eq!(
        game_board(&game),
        "     a  b  c  d
  4  .  .  .  .  4
  3  .  .  .  .  3
  2  .  w  w  .  2
  1  .  .  .  .  1
     a  b  c  d
Black (B)
White (w)
"
    );
    assert_eq!(winner(&game), Some(BLACK));
}
