//! Scripted games of Network (shared/rules/network.md): short games and
//! constructed positions that show one rule each, checked the way a player
//! would check them.

mod common;
use common::*;
use gamut::engine::{Game, Outcome, Status};

const DARK: PlayerId = PlayerId::FIRST;
const LIGHT: PlayerId = PlayerId::SECOND;

fn to_move(game: &Game) -> PlayerId {
    game.position().to_move()
}

/// A movement-phase position used by several tests. Light's network
/// a3 c3 c6 e4 g4 h5 (rank, file, diagonal, rank, diagonal) is complete but
/// for the Dark piece on f4, which stands between e4 and g4. Dark's pieces
/// d1 d2 f2 f5 d7 make a network with a piece on e8 (file, rank, file,
/// diagonal, diagonal), once f4 no longer blocks the link f2-f5.
///
/// ```text
///     a b c d e f g h
///   8   . . . . . . 8
///   7 l D . D l . D . 7
///   6 . . l . . . . . 6
///   5 . D . . . D . l 5
///   4 . . . . l D l . 4
///   3 l . l . . . . . 3
///   2 . . l D . D D l 2
///   1   . . D . . . 1
///     a b c d e f g h
/// ```
const BLOCKER: &str = "extends \"network\"
setup
  Dark on d1, d2, f2, f4, f5, d7, b5, b7, g2, g7
  Light on a3, c3, c6, e4, g4, h5, a7, c2, e7, h2
reserve Dark 0, Light 0
";

#[test]
fn dark_wins_by_completing_a_network_of_six_pieces() {
    // Dark builds b1 b3 d5 f5 f7 g8: from goal rank 1 to goal rank 8, six
    // pieces, turning at every one (file, diagonal, rank, file, diagonal),
    // each link over empty cells only.
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    play(&mut game, "b1 a6 b3 h3 d5 c7 f5 g5 f7 e2");
    assert_eq!(game.status(), Status::Ongoing, "{}", game_board(&game));
    assert_eq!(to_move(&game), DARK);
    assert_legal(&game, "g8");
    play(&mut game, "g8");
    assert_eq!(winner(&game), Some(DARK), "{}", game_board(&game));
    assert_eq!(game.status(), Status::Over(Outcome::Win(DARK)));
    assert!(legal(&game).is_empty());
    assert!(game.play("c4").is_err(), "no move after the game is won");
}

#[test]
fn five_pieces_between_the_goal_zones_are_not_a_network() {
    // b1 b3 d5 d7 c8 joins rank 1 to rank 8 and turns at every piece,
    // but has only five pieces: a network needs at least six.
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    play(&mut game, "b1 a6 b3 h3 d5 e2 d7 g5 c8");
    assert_eq!(game.status(), Status::Ongoing, "{}", game_board(&game));
    assert_eq!(to_move(&game), LIGHT);
}

#[test]
fn a_third_piece_touching_a_pair_is_refused() {
    // Group limit: no group of one player's pieces, touching on a side or
    // a corner, may hold more than two pieces.
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    play(&mut game, "c3 a6 d3 h3");
    // Dark's pair c3 d3: every cell touching it is refused...
    for cell in ["b3", "e3", "c4", "d2", "b2", "e4", "b4", "e2", "c2", "d4"] {
        assert_illegal(&game, cell);
    }
    // ...while a cell one step further away is fine, and so is a cell
    // touching only the opponent's pieces.
    assert_legal(&game, "f3");
    assert_legal(&game, "c5");
    assert_legal(&game, "g3");
    play(&mut game, "f3 a4");
    // Dark's f5 touches nothing of Dark's; then f3 and f5 are two single
    // pieces, and g4 or f4, touching both, would make a group of three.
    play(&mut game, "f5");
    // Light's a6 and a4 are one empty cell apart: a5 or b5 would join them.
    assert_illegal(&game, "a5");
    assert_illegal(&game, "b5");
    assert_legal(&game, "b7"); // touches only a6: a pair is fine
    play(&mut game, "b7");
    assert_illegal(&game, "g4");
    assert_illegal(&game, "f4");
    assert_legal(&game, "g6"); // touches only f5
    play(&mut game, "c6");
    // The pair a6 b7 cannot take a third piece, even diagonally.
    assert_illegal(&game, "a7");
    assert_illegal(&game, "b6");
    assert_illegal(&game, "c7");
    assert_legal(&game, "d7");
}

#[test]
fn a_third_piece_touching_a_pair_is_refused_when_moving_too() {
    // In the movement phase the limit holds for the piece's new cell.
    let engine = engine_of(BLOCKER);
    let game = Game::new(&engine);
    // Dark's pair f4 f5: g7 may not move to e6 or g6, which touch f5.
    assert_illegal(&game, "g7-e6");
    assert_illegal(&game, "g7-g6");
    // Dark's pair d1 d2: b5 may not move to c1, which touches both.
    assert_illegal(&game, "b5-c1");
    // A piece may leave its pair: f5 to f7 touches only g7 there.
    assert_legal(&game, "f5-f7");
    assert_legal(&game, "g7-f8");
}

#[test]
fn no_placement_in_a_corner_or_in_the_opponents_goal_zone() {
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    // Dark: the corners are not used, and files a and h are Light's goals.
    for cell in ["a1", "h1", "a8", "h8", "a2", "a4", "a7", "h2", "h5", "h7"] {
        assert_illegal(&game, cell);
    }
    // Dark's own goal zones are open to Dark.
    assert_legal(&game, "b1");
    assert_legal(&game, "g8");
    assert_eq!(legal(&game).len(), 48);
    play(&mut game, "d4");
    // Light: no corner, nothing on ranks 1 and 8 (Dark's goals).
    for cell in ["a1", "h1", "a8", "h8", "b1", "d1", "g1", "b8", "e8", "g8"] {
        assert_illegal(&game, cell);
    }
    assert_legal(&game, "a2");
    assert_legal(&game, "h7");
    assert_eq!(to_move(&game), LIGHT);
}

#[test]
fn no_move_to_a_corner_or_into_the_opponents_goal_zone() {
    let engine = engine_of(BLOCKER);
    let mut game = Game::new(&engine);
    for mv in ["g7-h8", "g2-h1", "b7-a8", "b5-a5", "g2-h3", "b5-a1"] {
        assert_illegal(&game, mv);
    }
    play(&mut game, "g7-f8");
    for mv in ["a7-a8", "h2-h1", "c2-c1", "e7-e8", "a7-b8"] {
        assert_illegal(&game, mv);
    }
    assert_legal(&game, "a7-a6");
}

#[test]
fn a_move_completing_both_networks_is_refused() {
    // f4 to e8 would complete Dark's network d1 d2 f2 f5 d7 e8 and, by
    // leaving f4, Light's a3 c3 c6 e4 g4 h5: illegal. So are f4-d8
    // (d1 d2 f2 f5 d7 d8) and f4-b8 (d1 d2 f2 f5 d7 b7 b8).
    let engine = engine_of(BLOCKER);
    let mut game = Game::new(&engine);
    assert_eq!(
        game_board(&game),
        "     a  b  c  d  e  f  g  h
  8     .  .  .  .  .  .     8
  7  L  D  .  D  L  .  D  .  7
  6  .  .  L  .  .  .  .  .  6
  5  .  D  .  .  .  D  .  L  5
  4  .  .  .  .  L  D  L  .  4
  3  L  .  L  .  .  .  .  .  3
  2  .  .  L  D  .  D  D  L  2
  1     .  .  D  .  .  .     1
     a  b  c  d  e  f  g  h
Dark (D)
Light (L)
"
    );
    assert_eq!(to_move(&game), DARK);
    assert_illegal(&game, "f4-e8");
    assert_illegal(&game, "f4-d8");
    assert_illegal(&game, "f4-b8");
    // f4-f8 and f4-g8 complete no Dark network: they are legal, and only
    // hand Light the game (see below). A quiet move goes on as usual.
    assert_legal(&game, "f4-f8");
    assert_legal(&game, "f4-g8");
    assert_legal(&game, "g7-f8");
    play(&mut game, "g7-f8");
    assert_eq!(game.status(), Status::Ongoing, "{}", game_board(&game));
}

#[test]
fn dark_network_on_its_own_wins_when_light_is_still_blocked() {
    // The same position, but Light's h5 stands on h7: Light's line ends at
    // g4 and does not reach file h. Now f4-e8 completes only Dark's
    // network, and wins.
    let engine = engine_of(&BLOCKER.replace("h5", "h7"));
    let mut game = Game::new(&engine);
    assert_legal(&game, "f4-e8");
    play(&mut game, "f4-e8");
    assert_eq!(winner(&game), Some(DARK), "{}", game_board(&game));
}

#[test]
fn moving_a_blocker_away_hands_the_opponent_the_game() {
    // Dark moves f4, which stood between Light's e4 and g4; Light's
    // network is complete and Light wins on Dark's move.
    let engine = engine_of(BLOCKER);
    let mut game = Game::new(&engine);
    assert_legal(&game, "f4-e5");
    play(&mut game, "f4-e5");
    assert_eq!(winner(&game), Some(LIGHT), "{}", game_board(&game));
    assert!(legal(&game).is_empty());
    // Even to Dark's own goal rank: f8 joins no Dark network.
    game.undo();
    play(&mut game, "f4-f8");
    assert_eq!(winner(&game), Some(LIGHT), "{}", game_board(&game));
}

#[test]
fn a_network_may_not_pass_straight_through_a_piece() {
    // b1 b3 d3 f3 f7 g8 joins the goal ranks with six pieces, but b3-d3-f3
    // runs straight along rank 3 through d3. The only turning path,
    // b1 d3 f3 f7 g8, has five pieces. No win.
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    play(&mut game, "b1 a6 b3 h5 d3 c6 f3 h2 f7 e6 g8");
    assert_eq!(game.status(), Status::Ongoing, "{}", game_board(&game));
    assert_eq!(to_move(&game), LIGHT);
    // With d5 the path can turn there: b1 b3 d5 f3 f7 g8 wins.
    play(&mut game, "a4 d5");
    assert_eq!(winner(&game), Some(DARK), "{}", game_board(&game));
}

#[test]
fn a_network_may_not_use_two_pieces_of_one_goal_zone() {
    // b1 d1 f3 f5 d7 e8 has six pieces and turns at each, but b1 and d1
    // are both on rank 1; from d1 alone the network has five pieces.
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    play(&mut game, "b1 a6 d1 h2 f3 c6 f5 h6 d7 b4 e8");
    assert_eq!(game.status(), Status::Ongoing, "{}", game_board(&game));
    assert_eq!(to_move(&game), LIGHT);
    // b3 gives b1 a way in that avoids d1: b1 b3 f3 f5 d7 e8 wins.
    play(&mut game, "h4 b3");
    assert_eq!(winner(&game), Some(DARK), "{}", game_board(&game));
}

#[test]
fn an_enemy_piece_between_two_pieces_breaks_the_link() {
    // The winning pieces of the first test, but Light stands on e5,
    // between d5 and f5.
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    play(&mut game, "b1 e5 b3 h3 d5 c7 f5 a6 f7 e2 g8");
    assert_eq!(game.status(), Status::Ongoing, "{}", game_board(&game));
    assert_eq!(to_move(&game), LIGHT);
}

/// Ten pieces each, no network possible (Dark has nothing on rank 1,
/// Light nothing on file h).
const QUIET: &str = "extends \"network\"
setup
  Dark on b2, b4, b6, d2, d4, d6, f2, f4, f6, d8
  Light on c3, c5, c7, e3, e5, e7, g3, g5, g7, a4
reserve Dark 0, Light 0
";

#[test]
fn threefold_repetition_from_the_start_draws() {
    // The start counts as the first occurrence; after two round trips it
    // occurs for the third time, with Dark to move, on the eighth move.
    let engine = engine_of(QUIET);
    let mut game = Game::new(&engine);
    play(&mut game, "d8-e8 a4-a5 e8-d8 a5-a4");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "d8-e8 a4-a5 e8-d8");
    assert_eq!(
        game.status(),
        Status::Ongoing,
        "not drawn before the third occurrence"
    );
    assert!(!legal(&game).is_empty());
    play(&mut game, "a5-a4");
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Draw),
        "{}",
        game_board(&game)
    );
    assert_eq!(winner(&game), None);
    assert!(legal(&game).is_empty());
    assert!(game.play("d8-e8").is_err());
}

#[test]
fn threefold_repetition_counts_the_first_position_of_the_cycle() {
    // Dark's b2-b3 is not repeated; the cycle starts from the position
    // after it (Light to move), which occurs a third time after 9 moves.
    let engine = engine_of(QUIET);
    let mut game = Game::new(&engine);
    play(&mut game, "b2-b3");
    play(&mut game, "a4-a5 d8-e8 a5-a4 e8-d8");
    play(&mut game, "a4-a5 d8-e8 a5-a4");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e8-d8");
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Draw),
        "{}",
        game_board(&game)
    );
}

#[test]
fn the_same_board_with_the_other_player_to_move_is_another_position() {
    // Dark goes round a triangle d8-e8-f8-d8 while Light shuttles a4-a5,
    // so the starting board comes back with Light to move. The board is
    // then on the table for the third time after nine moves, but only
    // twice with Light to move: no draw. The third time with Light to
    // move, after thirteen moves, draws.
    let engine = engine_of(QUIET);
    let mut game = Game::new(&engine);
    play(&mut game, "d8-e8 a4-a5 e8-f8 a5-a4 f8-d8");
    assert_eq!(to_move(&game), LIGHT);
    play(&mut game, "a4-a5 d8-e8 a5-a4 e8-d8");
    assert_eq!(game.status(), Status::Ongoing, "{}", game_board(&game));
    play(&mut game, "a4-a5 d8-e8 a5-a4");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e8-d8");
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}

#[test]
fn equalized_turn_order_is_dark_light_light_then_alternating() {
    let engine = shipped("network-equalized");
    let mut game = Game::new(&engine);
    let placements = ["d4", "c6", "f6", "f3", "h4", "b2", "a2", "g8", "c2"];
    let expected = [DARK, LIGHT, LIGHT, DARK, LIGHT, DARK, LIGHT, DARK, LIGHT];
    let mut seen = Vec::new();
    for cell in placements {
        seen.push(to_move(&game));
        play(&mut game, cell);
    }
    assert_eq!(seen, expected, "{}", game_board(&game));
    assert_eq!(to_move(&game), DARK);

    // The plain game simply alternates.
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    let mut seen = Vec::new();
    for cell in ["d4", "c6", "f3", "f6"] {
        seen.push(to_move(&game));
        play(&mut game, cell);
    }
    assert_eq!(seen, [DARK, LIGHT, DARK, LIGHT]);
}

#[test]
fn equalized_order_light_moves_pieces_while_dark_still_places() {
    // Mid-game in the equalized variant: Light's ten pieces are on the
    // board, Dark still holds two. Dark places, then Light moves twice
    // (its second turn in a row), then Dark places its last piece.
    let engine = engine_of(
        "extends \"network-equalized\"
setup
  Dark on b2, b4, b6, d2, d4, d6, f2, f4
  Light on c3, c5, c7, e3, e5, e7, g3, g5, g7, a4
reserve Dark 2, Light 0
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(to_move(&game), DARK);
    assert_illegal(&game, "b2-c1"); // pieces in hand: Dark must place
    play(&mut game, "f6");
    assert_eq!(to_move(&game), LIGHT);
    assert_illegal(&game, "h4"); // Light has nothing left to place
    play(&mut game, "a4-a5");
    assert_eq!(to_move(&game), LIGHT);
    play(&mut game, "g7-g6");
    assert_eq!(to_move(&game), DARK);
    play(&mut game, "d8");
    assert_eq!(to_move(&game), LIGHT);
    play(&mut game, "g6-g7");
    assert_eq!(to_move(&game), DARK);
    assert_legal(&game, "d8-e8"); // now Dark moves pieces too
}

#[test]
fn a_player_whose_every_placement_breaks_the_group_limit_passes() {
    // Light's pairs b3 c3, f3 g3, b6 c6, f6 g6 touch every cell of ranks
    // 2 to 7, the only ranks Light may use: any placement would make a
    // group of three. Light still has two pieces in hand, so it may not
    // move a piece instead: it passes.
    let engine = engine_of(
        "extends \"network\"
setup
  Dark on b1, d1, f1, d4, e3, d7, e6, g4, b5, g7
  Light on b3, c3, f3, g3, b6, c6, f6, g6
reserve Dark 0, Light 2
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(to_move(&game), DARK);
    play(&mut game, "b5-b4");
    assert_eq!(to_move(&game), LIGHT);
    assert_eq!(
        legal(&game),
        vec!["pass".to_string()],
        "{}",
        game_board(&game)
    );
    assert_illegal(&game, "h4");
    assert_illegal(&game, "a5");
    assert_illegal(&game, "b3-a5");
    play(&mut game, "pass");
    assert_eq!(to_move(&game), DARK);
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn passes_count_as_moves_for_repetition() {
    // Light can only pass (see above) while Dark shuttles b5-b4-b5: the
    // start comes back after every four moves, passes included, and the
    // third time, after eight moves, is a draw.
    let engine = engine_of(
        "extends \"network\"
setup
  Dark on b1, d1, f1, d4, e3, d7, e6, g4, b5, g7
  Light on b3, c3, f3, g3, b6, c6, f6, g6
reserve Dark 0, Light 2
",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "b5-b4 pass b4-b5 pass b5-b4 pass b4-b5");
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(legal(&game), vec!["pass".to_string()]);
    play(&mut game, "pass");
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Draw),
        "{}",
        game_board(&game)
    );
}
