//! Scripted games of Incorrect Checkers: captures, the men and kings, and
//! each kind of ending.

mod common;
use common::*;
use gamut::engine::{Game, Outcome, Status};

// Scripted games of Incorrect Checkers (shared/rules/incorrect-checkers.md).
// Black is player 0 (upper case `B` on the board), starts at the bottom on
// the dark cells and moves first; White is player 1 (`w`), on the light
// cells, moving down. A cell is dark when file index + rank index is even.

const BLACK: PlayerId = PlayerId::FIRST;
const WHITE: PlayerId = PlayerId::SECOND;

fn assert_board(game: &Game, expected: &str) {
    assert_eq!(game_board(game), expected.trim_start_matches('\n'));
}

/// The legal moves that start on a cell.
fn moves_from(game: &Game, cell: &str) -> Vec<String> {
    let prefix = format!("{cell}-");
    let mut v: Vec<String> = legal(game)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect();
    v.sort();
    v
}

/// Every piece on the board as (initial, file index, rank index), read from
/// the board text a user sees.
fn pieces(game: &Game) -> Vec<(char, usize, usize)> {
    let text = game_board(game);
    let mut out = Vec::new();
    for line in text.lines().skip(1).take(8) {
        let rank: usize = line[..3].trim().parse().expect("rank number");
        let cells: Vec<&str> = line[4..].split_whitespace().collect();
        // The row ends with the rank number again.
        for (file, cell) in cells[..cells.len() - 1].iter().enumerate() {
            if let Some(c) = cell.chars().next()
                && c != '.'
            {
                out.push((c, file, rank - 1));
            }
        }
    }
    out
}

fn is_dark(file: usize, rank: usize) -> bool {
    (file + rank).is_multiple_of(2)
}

fn cell_colour_is_dark(name: &str) -> bool {
    let b = name.as_bytes();
    let file = (b[0] - b'a') as usize;
    let rank: usize = name[1..].parse::<usize>().unwrap() - 1;
    is_dark(file, rank)
}

/// A multi-jump: over a friend diagonally (d2), over an enemy orthogonally
/// (e4, straight up), over a friend diagonally again (f6): c1 to g7 in one
/// move. The piece may stop after any jump; nothing is captured.
#[test]
fn a_multi_jump_mixes_friendly_diagonal_jumps_with_one_enemy_jump() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on c1, d2, f6
  White on e4, b7
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(game.position().to_move(), BLACK);
    assert_eq!(
        moves_from(&game, "c1"),
        ["c1-b2", "c1-e3", "c1-e5", "c1-g7"]
    );
    play(&mut game, "c1-g7");
    assert_board(
        &game,
        r"
     a  b  c  d  e  f  g  h
  8  .  .  .  .  .  .  .  .  8
  7  .  w  .  .  .  .  B  .  7
  6  .  .  .  .  .  B  .  .  6
  5  .  .  .  .  .  .  .  .  5
  4  .  .  .  .  w  .  .  .  4
  3  .  .  .  .  .  .  .  .  3
  2  .  .  .  B  .  .  .  .  2
  1  .  .  .  .  .  .  .  .  1
     a  b  c  d  e  f  g  h
Black (B)
White (w)
",
    );
    assert_eq!(game.position().to_move(), WHITE);
    assert_eq!(game.status(), Status::Ongoing);
}

/// At most one enemy piece may be jumped in a move: a1 may jump White's a2
/// to a3, but not then White's a4 (to a5) or White's b3 (to c3).
#[test]
fn a_second_enemy_jump_is_refused() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on a1, g1
  White on a2, a4, b3, g8
",
    );
    let game = Game::new(&engine);
    assert_legal(&game, "a1-a3");
    assert_illegal(&game, "a1-a5");
    assert_illegal(&game, "a1-c3");
    assert_eq!(moves_from(&game, "a1"), ["a1-a3", "a1-b2"]);
}

/// No piece may be jumped twice in one move: a3 jumps b4 to c5, then
/// White's c4 back down to c3; jumping b4 again would reach a5, which is
/// refused (and c3 itself is level with a3, so the move stops at c5).
#[test]
fn a_piece_may_not_be_jumped_twice_in_one_move() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on a3, b4
  White on c4, g8
",
    );
    let game = Game::new(&engine);
    assert_illegal(&game, "a3-a5");
    assert_illegal(&game, "a3-c3");
    assert_eq!(moves_from(&game, "a3"), ["a3-c5"]);
}

/// A jump sequence must end further forward (a higher rank for Black) than
/// it started: c3 may not jump back over b2 to a1, nor sideways over
/// White's d3 to e3 and stop there, level with its start; but the sideways
/// jump followed by a jump over f4 ends on g5 and is legal.
#[test]
fn a_jump_sequence_must_end_further_forward() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on c3, b2, f4
  White on d3, g8
",
    );
    let mut game = Game::new(&engine);
    assert_illegal(&game, "c3-a1");
    assert_illegal(&game, "c3-e3");
    assert_legal(&game, "c3-g5");
    assert_eq!(moves_from(&game, "c3"), ["c3-b4", "c3-d4", "c3-g5"]);
    play(&mut game, "c3-g5");
    assert_eq!(game.position().to_move(), WHITE);
}

/// White's forward is down: a White jump must end on a lower rank. e6
/// jumps over its friend d5 down to c4; jumping sideways over Black's f6
/// to g6 and stopping there is refused, and so is jumping back over its
/// friend f7 to g8.
#[test]
fn white_jumps_must_end_further_down() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on f6, a1
  White on e6, d5, f7
turns White, Black
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(game.position().to_move(), WHITE);
    assert_legal(&game, "e6-c4");
    assert_illegal(&game, "e6-g6");
    assert_illegal(&game, "e6-g8");
    assert_eq!(moves_from(&game, "e6"), ["e6-c4", "e6-f5"]);
    play(&mut game, "e6-c4");
    assert_eq!(game.position().to_move(), BLACK);
}

/// A retreat (one cell diagonally back) is allowed only when every goal
/// cell in the piece's forward cone holds a friendly piece. d6's cone
/// holds the goal cells c7, e7, b8, d8, f8: all Black, so d6 may step
/// back to c5 or e5, and c7 (cone b8, d8) to b6. b8 is on the far rank:
/// its cone holds no goal cell, so it may not retreat.
#[test]
fn a_retreat_is_allowed_when_the_goal_cells_ahead_are_all_held() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on d6, c7, e7, b8, d8, f8, a1, c1, e1, g1, b2, d2
  White on light in ranks 4..5, a6, c6, e6, g6
",
    );
    let mut game = Game::new(&engine);
    assert_legal(&game, "d6-c5");
    assert_legal(&game, "d6-e5");
    assert_legal(&game, "c7-b6");
    assert_illegal(&game, "b8-a7");
    assert!(moves_from(&game, "b8").is_empty());
    play(&mut game, "d6-c5");
    assert_eq!(game.position().to_move(), WHITE);
}

/// With f8 empty (its piece on h8 instead) d6's cone has an empty goal
/// cell, so d6 may not retreat; c7's cone (b8, d8) is still full.
#[test]
fn a_retreat_is_refused_while_a_goal_cell_ahead_is_empty() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on d6, c7, e7, b8, d8, h8, a1, c1, e1, g1, b2, d2
  White on light in ranks 4..5, a6, c6, e6, g6
",
    );
    let game = Game::new(&engine);
    assert_illegal(&game, "d6-c5");
    assert_illegal(&game, "d6-e5");
    assert_legal(&game, "c7-b6");
    assert_legal(&game, "e7-f8");
    // d6 can still move forward, by jumping over e7 into the gap at f8.
    assert_eq!(moves_from(&game, "d6"), ["d6-f8"]);
    assert!(
        moves_from(&game, "h8").is_empty(),
        "far rank: no move at all"
    );
}

/// A player with no legal move passes and the opponent moves again.
/// (With all 12 pieces on the board a player is never stuck: a stuck
/// piece off the far rank needs its whole forward cone filled, and then it
/// may retreat unless it stands on its first rank, where the cone is far
/// larger than 12 cells. So this scenario keeps 8 of White's pieces out of
/// play in a reserve, which no move uses, to keep White's goal from being
/// reached by the 4 pieces on the board.) White's pieces have all reached
/// rank 1, where they can never move again.
#[test]
fn a_player_without_a_move_passes() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on dark in ranks 1..3
  White on b1, d1, f1, h1
reserve White 8
",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "c3-d4");
    assert_eq!(game.position().to_move(), WHITE);
    assert_eq!(legal(&game), ["pass"]);
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "pass");
    assert_eq!(game.position().to_move(), BLACK);
    assert_eq!(game.status(), Status::Ongoing);
    assert_legal(&game, "d4-e5");
}

/// A player wins by having all 12 pieces on their goal cells (Black: the
/// dark cells of ranks 6-8). Black's last piece steps from g5 onto h6.
#[test]
fn black_wins_with_all_twelve_pieces_on_goal_cells() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on dark in ranks 7..8, b6, d6, f6, g5
  White on light in ranks 3..5
",
    );
    let mut game = Game::new(&engine);
    // Eleven on goal cells is not enough.
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "g5-h6");
    assert_eq!(winner(&game), Some(BLACK));
    assert_eq!(game.status(), Status::Over(Outcome::Win(BLACK)));
    assert!(legal(&game).is_empty());
}

/// White wins the same way, on the light cells of ranks 1-3: its last
/// piece steps down from g4 to h3.
#[test]
fn white_wins_with_all_twelve_pieces_on_goal_cells() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  White on light in ranks 1..2, b3, d3, f3, g4
  Black on dark in ranks 4..6
turns White, Black
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(game.position().to_move(), WHITE);
    play(&mut game, "g4-h3");
    assert_eq!(winner(&game), Some(WHITE));
}

/// Pieces never leave their colour: steps and retreats are diagonal, and
/// jumps cover two cells. A game played out by a fixed rule keeps every
/// Black piece on a dark cell and every White piece on a light one, and
/// every legal move on the way starts and ends on one colour.
#[test]
fn pieces_never_leave_their_colour() {
    let engine = shipped("incorrect-checkers");
    let mut game = Game::new(&engine);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut plies = 0;
    while game.status() == Status::Ongoing && plies < 400 {
        for mv in legal(&game) {
            if mv == "pass" {
                continue;
            }
            let (from, to) = mv.split_once('-').expect("a move is from-to");
            assert_eq!(cell_colour_is_dark(from), cell_colour_is_dark(to), "{mv}");
        }
        let n = game.legal().len();
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        game.play_index((seed >> 33) as usize % n);
        plies += 1;
        let on_board = pieces(&game);
        assert_eq!(on_board.len(), 24, "nothing is ever captured");
        for (who, file, rank) in on_board {
            match who {
                'B' => assert!(is_dark(file, rank), "Black off dark\n{}", game_board(&game)),
                'w' => assert!(
                    !is_dark(file, rank),
                    "White off light\n{}",
                    game_board(&game)
                ),
                other => panic!("unexpected piece {other}"),
            }
        }
    }
    assert!(plies > 20);
}

/// Two jump paths to one end cell are one move: c1 reaches c5 over b2 and
/// b4 or over d2 and d4; the move c1-c5 is listed once.
#[test]
fn two_jump_paths_to_one_end_cell_are_one_move() {
    let engine = engine_of(
        "extends \"incorrect-checkers\"
setup
  Black on c1, b2, d2, b4, d4
  White on g8
",
    );
    let mut game = Game::new(&engine);
    let all = legal(&game);
    assert_eq!(all.iter().filter(|m| *m == "c1-c5").count(), 1, "{all:?}");
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), all.len(), "no move listed twice: {all:?}");
    assert_eq!(moves_from(&game, "c1"), ["c1-a3", "c1-c5", "c1-e3"]);
    play(&mut game, "c1-c5");
    assert_board(
        &game,
        r"
     a  b  c  d  e  f  g  h
  8  .  .  .  .  .  .  w  .  8
  7  .  .  .  .  .  .  .  .  7
  6  .  .  .  .  .  .  .  .  6
  5  .  .  B  .  .  .  .  .  5
  4  .  B  .  B  .  .  .  .  4
  3  .  .  .  .  .  .  .  .  3
  2  .  B  .  B  .  .  .  .  2
  1  .  .  .  .  .  .  .  .  1
     a  b  c  d  e  f  g  h
Black (B)
White (w)
",
    );
}

/// From the start Black has 13 moves (perft 1 in the rules): steps from
/// rank 3 and jumps from ranks 1-2 that end on rank 4 or beyond.
#[test]
fn the_opening_moves() {
    let engine = shipped("incorrect-checkers");
    let game = Game::new(&engine);
    assert_eq!(legal(&game).len(), 13);
    assert_legal(&game, "c3-d4");
    assert_legal(&game, "b2-d4");
    assert_illegal(&game, "a1-c3");
    assert_illegal(&game, "b2-b4");
}
