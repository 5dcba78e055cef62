//! Scripted games of J: entries that push, returns, full lines, and the
//! chains that win and lose.

mod common;
use common::*;
use gamut::engine::{Game, Outcome, Status};

// Scripted games of J (shared/rules/j.md) and its two variants. White is
// player 0 (upper case `W` on the board), Black player 1 (`b`). Each
// scenario `extends` the shipped game and sets up a middle-game position.

const WHITE: PlayerId = PlayerId::FIRST;
const BLACK: PlayerId = PlayerId::SECOND;

/// The index of the legal move a typed notation plays, if it is legal.
fn index_of(game: &Game, mv: &str) -> Option<usize> {
    game.engine()
        .parse_move(game.position(), game.successors(), mv)
        .ok()
}

/// Whether two notations name one and the same legal move.
fn same_move(game: &Game, a: &str, b: &str) -> bool {
    let (ia, ib) = (index_of(game, a), index_of(game, b));
    assert!(ia.is_some(), "{a} should be legal\n{}", game_board(game));
    assert!(ib.is_some(), "{b} should be legal\n{}", game_board(game));
    ia == ib
}

/// The board text, minus leading newline of a raw-string literal.
fn assert_board(game: &Game, expected: &str) {
    assert_eq!(game_board(game), expected.trim_start_matches('\n'));
}

// ---------------------------------------------------------------- goals

/// White wins by joining an upper half-side (a5) to its short side, rank 1:
/// the entry at b1 completes the chain b1-b2-b3-b4-b5-a5.
#[test]
fn white_wins_with_a_chain_from_an_upper_half_side_to_rank_1() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on b2, b3, b4, b5, a5
  Black on c2, c3, d4, c6, d7
reserve White 7, Black 7
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(game.position().to_move(), WHITE);
    assert_legal(&game, "b1^");
    play(&mut game, "b1^");
    assert_eq!(winner(&game), Some(WHITE));
    assert_eq!(game.status(), Status::Over(Outcome::Win(WHITE)));
    assert!(legal(&game).is_empty(), "no moves once the game is over");
    assert!(game.play("a1^").is_err());
}

/// Black wins the same way at the other end: a chain from a lower
/// half-side (d4) to rank 8.
#[test]
fn black_wins_with_a_chain_from_a_lower_half_side_to_rank_8() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on b2, b3, a5
  Black on d4, c4, c5, c6, c7
reserve White 9, Black 7
turns Black, White
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(game.position().to_move(), BLACK);
    play(&mut game, "c8v");
    assert_eq!(winner(&game), Some(BLACK));
}

/// Misère: White joins its own two upper half-sides (a6 to d6) and loses.
/// (Entering at d6 and entering at a6, pushing a6-b6-c6 along to d6, both
/// leave White on a6..d6: they are one move.)
#[test]
fn misere_white_loses_by_joining_its_own_upper_half_sides() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a6, b6, c6
  Black on b3, c3
reserve White 9, Black 10
",
    );
    let mut game = Game::new(&engine);
    // Entering elsewhere on the right side is harmless ...
    play(&mut game, "d7<");
    assert_eq!(game.status(), Status::Ongoing);
    game.undo();
    // ... but d6 closes the losing chain a6-b6-c6-d6.
    assert!(same_move(&game, "d6<", "a6>"));
    play(&mut game, "d6<");
    assert_eq!(winner(&game), Some(BLACK));
}

/// Misère for Black: joining a1..a4 to d1..d4 (here along rank 2) loses.
#[test]
fn misere_black_loses_by_joining_its_own_lower_half_sides() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on b5, c5
  Black on a2, b2, c2
reserve White 10, Black 9
turns Black, White
",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "d2<");
    assert_eq!(winner(&game), Some(WHITE));
}

/// The mover's losing chain comes first: White's entry at a5 completes a
/// winning chain (rank 1 up to a5) and, in the same group, a losing chain
/// (a5 across to d5). White loses.
#[test]
fn an_entry_completing_both_own_win_and_own_loss_loses() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a1, a2, a3, a4, b5, c5, d5
  Black on b2, c3, c7, b8
reserve White 5, Black 8
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "a5>");
    assert_eq!(winner(&game), Some(BLACK));
}

/// A push can complete the opponent's losing chain: White enters at a1 and
/// pushes Black's a2 up to a3, joining it to b3-c3-d3 (a1..a4 to d1..d4).
/// That is a win for White, the mover.
#[test]
fn pushing_the_opponent_into_their_losing_chain_wins() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a1
  Black on a2, b3, c3, d3
reserve White 11, Black 8
",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "a1^");
    assert_board(
        &game,
        r"
     a  b  c  d
  8  .  .  .  .  8
  7  .  .  .  .  7
  6  .  .  .  .  6
  5  .  .  .  .  5
  4  .  .  .  .  4
  3  b  b  b  b  3
  2  W  .  .  .  2
  1  W  .  .  .  1
     a  b  c  d
White (W): 10 in reserve
Black (b): 8 in reserve
",
    );
    assert_eq!(winner(&game), Some(WHITE));
}

/// The opponent's losing chain is looked at before their winning chain:
/// White's entry at c1 pushes Black's c2 up to c3, which joins a3-b3, d3
/// and the column c4..c8 into one Black chain. It is both a Black losing
/// chain (a3 to d3) and a Black winning chain (a3 to rank 8); the loss
/// counts, so White, the mover, wins.
#[test]
fn a_push_giving_the_opponent_both_a_loss_and_a_win_wins() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on c1, b5
  Black on a3, b3, d3, c2, c4, c5, c6, c7, c8
reserve White 10, Black 3
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "c1^");
    assert_board(
        &game,
        r"
     a  b  c  d
  8  .  .  b  .  8
  7  .  .  b  .  7
  6  .  .  b  .  6
  5  .  W  b  .  5
  4  .  .  b  .  4
  3  b  b  b  b  3
  2  .  .  W  .  2
  1  .  .  W  .  1
     a  b  c  d
White (W): 9 in reserve
Black (b): 3 in reserve
",
    );
    assert_eq!(winner(&game), Some(WHITE));
}

/// A push can also hand the opponent a win: White enters at a8 pushing
/// along rank 8, and Black's b8 moves to c8, completing Black's chain
/// d4-d5-d6-d7-c7-c8 from a lower half-side to rank 8. Black wins.
#[test]
fn a_push_that_completes_the_opponents_winning_chain_loses() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a8, b2, c3
  Black on b8, c7, d7, d6, d5, d4
reserve White 9, Black 6
",
    );
    let mut game = Game::new(&engine);
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "a8>");
    assert_board(
        &game,
        r"
     a  b  c  d
  8  W  W  b  .  8
  7  .  .  b  b  7
  6  .  .  .  b  6
  5  .  .  .  b  5
  4  .  .  .  b  4
  3  .  .  W  .  3
  2  .  W  .  .  2
  1  .  .  .  .  1
     a  b  c  d
White (W): 8 in reserve
Black (b): 6 in reserve
",
    );
    assert_eq!(winner(&game), Some(BLACK));
}

/// A player who starts a turn with an empty reserve cannot enter and
/// loses; nothing on the board decided it.
#[test]
fn a_player_with_an_empty_reserve_loses() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a2, a3, b2, b3, b4, b5, b6, b7, c2, c3, c4
  Black on d2, d3, c6, d8
reserve White 1, Black 8
",
    );
    let mut game = Game::new(&engine);
    // White enters its last piece; the game goes on.
    play(&mut game, "c8v");
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.position().reserve_total(WHITE), 0);
    assert_eq!(game.position().to_move(), BLACK);
    // Black enters harmlessly (and does not remove a piece).
    play(&mut game, "a1^");
    // White's turn, no piece to enter: White loses.
    assert_eq!(game.position().to_move(), WHITE);
    assert!(game.position().result().is_none(), "no goal was reached");
    assert!(legal(&game).is_empty());
    assert_eq!(winner(&game), Some(BLACK));
}

// ---------------------------------------------------------------- entries

/// An entry into a full line is refused: file b and rank 4 have no empty
/// cell, so b1, b8, a4 and d4 take no entry; other entries stay legal.
#[test]
fn an_entry_into_a_full_line_is_refused() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on b1, b3, b5, b7, a4, c4
  Black on b2, b4, b6, b8, d4
reserve White 6, Black 7
",
    );
    let game = Game::new(&engine);
    for mv in ["b1^", "b8v", "a4>", "d4<"] {
        assert_illegal(&game, mv);
    }
    // The other lines through the same cells still take entries.
    for mv in ["c1^", "c8v", "a3>", "d3<", "a5>", "d5<", "a2>", "d7<"] {
        assert_legal(&game, mv);
    }
    assert!(same_move(&game, "a1^", "a1>"), "a1 is an empty corner");
}

/// The push: the unbroken run from the entry cell, of both colours, moves
/// one cell along the line; the first empty cell takes its last piece, and
/// pieces beyond that cell stay put.
#[test]
fn an_entry_pushes_the_run_one_cell_to_the_first_empty_cell() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a1, a3, a6, c3
  Black on a2, a5, d3
reserve White 8, Black 10
",
    );
    let mut game = Game::new(&engine);
    // White enters at a1 pushing up file a: a1 a2 a3 (W b W) move up one,
    // a3's piece fills the gap at a4; a5 and a6 do not move.
    play(&mut game, "a1^");
    assert_board(
        &game,
        r"
     a  b  c  d
  8  .  .  .  .  8
  7  .  .  .  .  7
  6  W  .  .  .  6
  5  b  .  .  .  5
  4  W  .  .  .  4
  3  b  .  W  b  3
  2  W  .  .  .  2
  1  W  .  .  .  1
     a  b  c  d
White (W): 7 in reserve
Black (b): 10 in reserve
",
    );
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.position().to_move(), BLACK);
    // Black enters at d3 pushing left along rank 3: d3 (b) and c3 (W) move
    // left, the White piece into the gap at b3.
    play(&mut game, "d3<");
    assert_board(
        &game,
        r"
     a  b  c  d
  8  .  .  .  .  8
  7  .  .  .  .  7
  6  W  .  .  .  6
  5  b  .  .  .  5
  4  W  .  .  .  4
  3  b  W  b  b  3
  2  W  .  .  .  2
  1  W  .  .  .  1
     a  b  c  d
White (W): 7 in reserve
Black (b): 9 in reserve
",
    );
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.position().to_move(), WHITE);
}

/// An entry into an empty corner lands on the corner whichever way it
/// pushes: a1^ and a1> are one move. From the start there are 24 entry
/// lines and 4 empty corners, so 20 moves.
#[test]
fn an_entry_into_an_empty_corner_either_way_is_one_move() {
    let engine = shipped("j");
    let mut game = Game::new(&engine);
    assert_eq!(legal(&game).len(), 20);
    assert!(same_move(&game, "a1^", "a1>"));
    assert!(same_move(&game, "d8v", "d8<"));
    let listed = legal(&game);
    assert_eq!(
        listed.iter().filter(|m| *m == "a1^" || *m == "a1>").count(),
        1,
        "{listed:?}"
    );
    play(&mut game, "a1>");
    assert_eq!(game.position().to_move(), BLACK);
    // Now a1 is occupied: Black's two entries at a1 push White's piece two
    // different ways, so they are two moves.
    assert!(!same_move(&game, "a1^", "a1>"));
}

/// When the pushed run holds only the mover's own pieces, the entry just
/// adds one own piece where the run ends: with a lone White piece on a1,
/// a1> and b1^ both leave White on a1 and b1, so they are one move.
/// Entering at a1 pushing up (White on a1, a2) is another move.
#[test]
fn own_runs_ending_on_the_same_cell_coincide() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a1
reserve White 11, Black 12
",
    );
    let mut game = Game::new(&engine);
    assert!(same_move(&game, "a1>", "b1^"));
    // Likewise a1^ (pushing a1 up to a2) and a2> both leave White on a1, a2.
    assert!(same_move(&game, "a1^", "a2>"));
    assert!(!same_move(&game, "a1^", "a1>"));
    // 24 lines, 3 empty corners merged, a1> = b1^ and a1^ = a2>.
    assert_eq!(legal(&game).len(), 19);
    play(&mut game, "b1^");
    assert_board(
        &game,
        r"
     a  b  c  d
  8  .  .  .  .  8
  7  .  .  .  .  7
  6  .  .  .  .  6
  5  .  .  .  .  5
  4  .  .  .  .  4
  3  .  .  .  .  3
  2  .  .  .  .  2
  1  W  W  .  .  1
     a  b  c  d
White (W): 10 in reserve
Black (b): 12 in reserve
",
    );
}

/// An entry that pushes an opponent's piece never coincides with another:
/// with a lone Black piece on a1, White's a1> leaves W a1, b b1 while b1^
/// leaves b a1, W b1.
#[test]
fn an_entry_pushing_an_opponent_piece_is_its_own_move() {
    let engine = engine_of(
        "extends \"j\"
setup
  Black on a1
reserve White 12, Black 11
",
    );
    let game = Game::new(&engine);
    assert!(!same_move(&game, "a1>", "b1^"));
    assert!(!same_move(&game, "a1^", "a1>"));
    // 24 lines, 3 empty corners merged, nothing else.
    assert_eq!(legal(&game).len(), 21);
}

/// With free placement, an own-run push also equals a placement on the
/// cell where the run ends: a1>, b1^ and placing on b1 are one move.
#[test]
fn free_placement_equals_an_own_run_push_to_the_same_cell() {
    let engine = engine_of(
        "extends \"j-free-placement\"
setup
  White on a1
reserve White 11, Black 12
",
    );
    let game = Game::new(&engine);
    assert!(same_move(&game, "a1>", "b1"));
    assert!(same_move(&game, "b1^", "b1"));
    // Placing on an empty corner equals both entries there.
    assert!(same_move(&game, "d8", "d8v"));
    assert!(same_move(&game, "d8", "d8<"));
    assert!(!same_move(&game, "c3", "b1"));
}

// ---------------------------------------------------------------- removals

/// The optional removal takes one own piece from the middle (b2-c7) back
/// into reserve, but not from the line just entered along: the whole
/// rank or file, not only the pushed run.
#[test]
fn a_removal_is_refused_on_the_entry_line() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on b3, c5, a2
  Black on c3
reserve White 9, Black 11
",
    );
    let mut game = Game::new(&engine);
    // Entering along file b: b3 is on the line, c5 is not.
    assert_illegal(&game, "b1^/b3");
    assert_legal(&game, "b1^/c5");
    assert_legal(&game, "b1^");
    // Entering along rank 3: b3 is on the line.
    assert_illegal(&game, "a3>/b3");
    assert_legal(&game, "a3>/c5");
    // Entering along file c: c5 is on the line, b3 is not.
    assert_illegal(&game, "c1^/c5");
    assert_legal(&game, "c1^/b3");
    // Only own pieces, only from the middle.
    assert_illegal(&game, "b1^/c3");
    assert_illegal(&game, "b1^/a2");

    play(&mut game, "b1^/c5");
    assert_board(
        &game,
        r"
     a  b  c  d
  8  .  .  .  .  8
  7  .  .  .  .  7
  6  .  .  .  .  6
  5  .  .  .  .  5
  4  .  .  .  .  4
  3  .  W  b  .  3
  2  W  .  .  .  2
  1  .  W  .  .  1
     a  b  c  d
White (W): 9 in reserve
Black (b): 11 in reserve
",
    );
    assert_eq!(game.position().to_move(), BLACK);
}

/// After coinciding entries the removals on offer are those allowed after
/// any of them: a1> (entry line rank 1) and b1^ (file b) coincide, so
/// removing b3 is on offer, written a1>/b3; the way b1^/b3 itself is not.
#[test]
fn coinciding_entries_offer_the_removals_of_either() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a1, b3
reserve White 10, Black 12
",
    );
    let game = Game::new(&engine);
    assert!(same_move(&game, "a1>", "b1^"));
    assert_legal(&game, "a1>/b3");
    assert_illegal(&game, "b1^/b3");
}

/// Free placement: the removal after a placement may not take a piece on
/// the placed cell's rank or file.
#[test]
fn free_placement_removal_is_refused_on_the_placed_cells_rank_and_file() {
    let engine = engine_of(
        "extends \"j-free-placement\"
setup
  White on b3, c6, b5
  Black on d2
reserve White 9, Black 11
",
    );
    let mut game = Game::new(&engine);
    assert_legal(&game, "c3");
    assert_illegal(&game, "c3/b3");
    assert_illegal(&game, "c3/c6");
    assert_legal(&game, "c3/b5");
    // An ordinary entry still only protects its own line.
    assert_legal(&game, "a3>/c6");
    assert_illegal(&game, "a3>/b3");
    play(&mut game, "c3/b5");
    assert_board(
        &game,
        r"
     a  b  c  d
  8  .  .  .  .  8
  7  .  .  .  .  7
  6  .  .  W  .  6
  5  .  .  .  .  5
  4  .  .  .  .  4
  3  .  W  W  .  3
  2  .  .  .  b  2
  1  .  .  .  .  1
     a  b  c  d
White (W): 9 in reserve
Black (b): 11 in reserve
",
    );
}

/// Goals are checked right after the entry, and only then: when the entry
/// decides the game the turn is over, so a removal that would break the
/// just-made losing chain is not on offer (b7 is off the entry line, rank
/// 6, and is removable after other entries). After an entry that decides
/// nothing, a removal is played and the game simply goes on.
#[test]
fn goals_are_checked_after_the_entry_not_after_the_removal() {
    let engine = engine_of(
        "extends \"j\"
setup
  White on a7, b7, b6, c6
  Black on b2, c2
reserve White 8, Black 10
",
    );
    let mut game = Game::new(&engine);
    assert!(index_of(&game, "d6<").is_some());
    assert_illegal(&game, "d6</b7");
    assert_legal(&game, "d3</b7");
    // Entering at d3 decides nothing; removing b7 then is fine.
    play(&mut game, "d3</b7");
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.position().to_move(), BLACK);
    assert_eq!(game.position().reserve_total(WHITE), 8);
    game.undo();
    // d6 closes a7-b7-b6-c6-d6: White loses at once.
    play(&mut game, "d6<");
    assert_eq!(winner(&game), Some(BLACK));
    assert!(legal(&game).is_empty());
}

// ---------------------------------------------------------------- long sides

/// Long sides: the corners belong to the long sides, so White's chain
/// a1-b1-c1-d1 along its own goal edge is a losing chain. In plain J the
/// same move decides nothing.
#[test]
fn long_sides_white_chain_a1_to_d1_loses() {
    let scenario = "
setup
  White on a1, b1, c1
  Black on b3, c5
reserve White 9, Black 10
";
    let engine = engine_of(&format!("extends \"j-long-sides\"{scenario}"));
    let mut game = Game::new(&engine);
    play(&mut game, "d1<");
    assert_eq!(winner(&game), Some(BLACK));

    let plain = engine_of(&format!("extends \"j\"{scenario}"));
    let mut game = Game::new(&plain);
    play(&mut game, "d1<");
    assert_eq!(game.status(), Status::Ongoing);
}

/// Long sides: a chain from file a to file d loses anywhere, bends
/// included; here Black's a6-b6-b5-c5-d5, which is harmless in plain J
/// (Black's losing half-sides are a1..a4 and d1..d4 there).
#[test]
fn long_sides_black_chain_across_the_upper_half_loses() {
    let scenario = "
setup
  White on b2, c2, c7
  Black on a6, b6, b5, c5
reserve White 9, Black 8
turns Black, White
";
    let engine = engine_of(&format!("extends \"j-long-sides\"{scenario}"));
    let mut game = Game::new(&engine);
    play(&mut game, "d5<");
    assert_eq!(winner(&game), Some(WHITE));

    let plain = engine_of(&format!("extends \"j\"{scenario}"));
    let mut game = Game::new(&plain);
    play(&mut game, "d5<");
    assert_eq!(game.status(), Status::Ongoing);
}

/// Long sides: an entry whose group both wins (a5 down to rank 1) and
/// joins file a to file d loses, the mover's loss coming first. In plain J
/// the same entry wins, since the group does not reach d5..d8.
#[test]
fn long_sides_losing_chain_beats_a_simultaneous_win() {
    let scenario = "
setup
  White on a2, a3, a4, a5, b2, c1, d1
  Black on c3, c4, b6
reserve White 5, Black 9
";
    let engine = engine_of(&format!("extends \"j-long-sides\"{scenario}"));
    let mut game = Game::new(&engine);
    assert_eq!(game.status(), Status::Ongoing);
    // b1 joins b2 (and so a2..a5) to c1-d1.
    play(&mut game, "b1^");
    assert_eq!(winner(&game), Some(BLACK));

    let plain = engine_of(&format!("extends \"j\"{scenario}"));
    let mut game = Game::new(&plain);
    play(&mut game, "b1^");
    assert_eq!(winner(&game), Some(WHITE));
}

/// Long sides, the win rule is unchanged: Black's chain from d4 up to rank
/// 8 wins as in plain J.
#[test]
fn long_sides_wins_are_unchanged() {
    let engine = engine_of(
        "extends \"j-long-sides\"
setup
  White on b2, b3, a5
  Black on d4, c4, c5, c6, c7
reserve White 9, Black 7
turns Black, White
",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "c8v");
    assert_eq!(winner(&game), Some(BLACK));
}

// ------------------------------------------------------------ notation

/// A typed arrow that is wrong is refused with the right one suggested,
/// never played as another move; a bare cell that names two different
/// results is ambiguous; spaces around `/` are fine.
#[test]
fn a_wrong_arrow_is_refused_and_a_bare_cell_with_two_results_is_ambiguous() {
    let engine = shipped("j");
    let mut game = Game::new(&engine);
    match game.play("b1>") {
        Err(gamut::engine::ParseError::WrongArrow { options, .. }) => {
            assert_eq!(options, ["b1^"]);
        }
        other => panic!("b1> gave {other:?}"),
    }
    assert!(game.moves().is_empty(), "nothing was played");
    // On an empty corner both arrows only put a piece there: one move.
    play(&mut game, "a1");
    // Now one pushes White's piece up, the other to the right.
    let error = game.play("a1").expect_err("two results");
    assert_eq!(error.to_string(), "`a1` is ambiguous here: a1^ or a1>");
    let engine = engine_of("extends \"j\"\nsetup\n  White on b3\n");
    let game = Game::new(&engine);
    let typed = index_of(&game, "d1 / B3");
    assert!(typed.is_some() && typed == index_of(&game, "d1^/b3"));
}
