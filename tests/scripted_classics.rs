//! Scripted games of the classic games gamut ships (tic-tac-toe, Gomoku,
//! Breakthrough) and of the goals and endings they brought: every kind of
//! ending reached, in the notation the games' players use.

mod common;
use common::*;

use gamut::engine::{Game, Outcome, Status};

const X: PlayerId = PlayerId::FIRST;
const O: PlayerId = PlayerId::SECOND;

#[test]
fn tic_tac_toe_three_in_a_file_wins() {
    let engine = shipped("tic-tac-toe");
    let mut game = Game::new(&engine);
    play(&mut game, "a1 b1 a2 b2");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "a3");
    assert_eq!(winner(&game), Some(X));
}

#[test]
fn tic_tac_toe_a_diagonal_wins_for_the_second_player() {
    let engine = shipped("tic-tac-toe");
    let mut game = Game::new(&engine);
    play(&mut game, "a2 a1 b1 b2 c2 c3");
    assert_eq!(winner(&game), Some(O));
}

#[test]
fn tic_tac_toe_a_full_board_without_a_row_is_a_draw() {
    let engine = shipped("tic-tac-toe");
    let mut game = Game::new(&engine);
    // X a1 b1 a3 c2 c3 and O b2 c1 a2 b3: no row for either.
    play(&mut game, "a1 b2 b1 c1 a3 a2 c2 b3 c3");
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Draw),
        "{}",
        game_board(&game)
    );
    assert!(game.legal().is_empty());
}

#[test]
fn gomoku_five_or_more_wins_and_an_overline_counts() {
    let engine = shipped("gomoku");
    let mut game = Game::new(&engine);
    // Black builds a1..d1 and f1, then e1 joins them into six.
    play(&mut game, "a1 a15 b1 b15 c1 c15 d1 o15 f1 o14");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e1");
    assert_eq!(winner(&game), Some(PlayerId::FIRST));
}

#[test]
fn exactly_five_refuses_an_overline_but_takes_a_row_of_five() {
    let engine = engine_of("extends \"gomoku\"\ngoal each wins with exactly 5 in a row\n");
    let mut game = Game::new(&engine);
    play(&mut game, "a1 a15 b1 c15 c1 e15 d1 g15 f1 i15 e1");
    assert_eq!(game.status(), Status::Ongoing, "a row of six");
    // Five on a diagonal, with nothing at either end, is exactly five.
    play(&mut game, "k15 h10 m15 i11 o15 j12 a13 k13");
    assert_eq!(game.status(), Status::Ongoing, "four");
    play(&mut game, "c13 l14");
    assert_eq!(
        winner(&game),
        Some(PlayerId::FIRST),
        "{}",
        game_board(&game)
    );
}

#[test]
fn a_row_along_named_directions_only() {
    let engine = engine_of(
        "board 4 x 4\nplayers A, B\nreserve 8 each\nmove place\n\
         goal each wins with 3 in a row along forward\nwhen stuck draw\n",
    );
    let mut game = Game::new(&engine);
    // Three on a rank is no row along forward (the files).
    play(&mut game, "a1 a4 b1 b4 c1 d4");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "a2 c4 a3");
    assert_eq!(
        winner(&game),
        Some(PlayerId::FIRST),
        "{}",
        game_board(&game)
    );
}

#[test]
fn breakthrough_reaching_the_far_rank_wins() {
    let engine = engine_of("extends \"breakthrough\"\nsetup\n  White on e6\n  Black on a8, h8\n");
    let mut game = Game::new(&engine);
    assert_legal(&game, "e6-e7");
    play(&mut game, "e6-e7 a8-a7");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e7-d8");
    assert_eq!(winner(&game), Some(PlayerId::FIRST));
}

#[test]
fn breakthrough_capturing_the_last_enemy_piece_wins() {
    // A capture that leaves an enemy piece goes on.
    let engine = engine_of("extends \"breakthrough\"\nsetup\n  White on c3\n  Black on d4, h8\n");
    let mut game = Game::new(&engine);
    play(&mut game, "c3xd4");
    assert_eq!(game.status(), Status::Ongoing);
    // Straight ahead is never a capture.
    let engine = engine_of("extends \"breakthrough\"\nsetup\n  White on d3\n  Black on d4\n");
    let game = Game::new(&engine);
    let mut moves = legal(&game);
    moves.sort();
    assert_eq!(moves, ["d3-c4", "d3-e4"]);
    // Taking the last one wins.
    let engine = engine_of("extends \"breakthrough\"\nsetup\n  White on c3\n  Black on d4\n");
    let mut game = Game::new(&engine);
    play(&mut game, "c3xd4");
    assert_eq!(
        winner(&game),
        Some(PlayerId::FIRST),
        "{}",
        game_board(&game)
    );
}

#[test]
fn a_kind_in_a_region_counts_only_that_kind() {
    let engine = engine_of(
        "board 4 x 4\nplayers A, B\npieces king, pawn\nsetup\n  A king on a1\n  A pawn on d1\n  \
         B pawn on b4, c4\nregion top = rank 4\nmove step forward onto empty\n\
         goal A wins with a king in top\n",
    );
    let mut game = Game::new(&engine);
    // The pawn reaches the top first: no win.
    play(&mut game, "d1-d2 b4-b3 d2-d3 b3-b2 d3-d4");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "b2-b1 a1-a2 c4-c3 a2-a3 c3-c2");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "a3-a4");
    assert_eq!(winner(&game), Some(PlayerId::FIRST));
}

#[test]
fn at_most_n_enemy_pieces_counts_the_reserve_too() {
    let engine = engine_of(
        "board 4 x 4\nplayers Fox, Geese\nreserve Geese 2\nsetup\n  Fox on a1\n  Geese on b2, c3\n\
         move step any onto empty, enemy\nmove place\ngoal Fox wins with at most 2 enemy pieces\n",
    );
    let mut game = Game::new(&engine);
    // Two geese on the board and two in reserve: four. One taken leaves
    // one on the board and two in hand: three.
    play(&mut game, "a1xb2");
    assert_eq!(game.status(), Status::Ongoing, "three left");
    // One placed, one more taken: a4 and one in hand.
    play(&mut game, "a4 b2xc3");
    assert_eq!(winner(&game), Some(PlayerId::FIRST));
    let engine = engine_of(
        "board 4 x 4\nplayers Fox, Geese\nsetup\n  Fox on a1\n  Geese on b2, c3, d4\n\
         move step any onto empty, enemy\ngoal Fox wins with at most 2 enemy pieces\n",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "a1xb2");
    assert_eq!(winner(&game), Some(PlayerId::FIRST));
}

#[test]
fn all_pieces_connected_wins_when_the_last_one_joins() {
    let engine = engine_of(
        "board 5 x 5\nplayers A, B\nsetup\n  A on a1, c1, e5\n  B on a5, e1\n\
         move step any onto empty\ngoal each wins with all pieces connected any\n",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "a1-b2 a5-a4 e5-d4");
    assert_eq!(game.status(), Status::Ongoing, "b2 c1 together, d4 apart");
    play(&mut game, "a4-a3 d4-c3");
    assert_eq!(
        winner(&game),
        Some(PlayerId::FIRST),
        "{}",
        game_board(&game)
    );
}

/// Othello on 4 x 4, scanned over seeded random games: a player who cannot
/// bracket passes (and only then), the game ends when neither can move,
/// and the count of discs decides it.
#[test]
fn othello_passes_and_ends_by_counting() {
    let engine = engine_of(
        "extends \"othello\"\nboard 4 x 4\nreserve 16 each\nsetup\n  White on b2, c3\n  Black on b3, c2\n",
    );
    let (mut passes, mut early_ends, mut draws) = (0, 0, 0);
    for seed in 0..300 {
        let mut rng = gamut::rng::Rng::new(seed);
        let mut game = Game::new(&engine);
        while game.status() == Status::Ongoing {
            let moves = legal(&game);
            if moves.contains(&"pass".to_string()) {
                // A pass is the only move, and the other player can move after it.
                assert_eq!(moves, ["pass"]);
                play(&mut game, "pass");
                assert_eq!(game.status(), Status::Ongoing);
                assert!(!legal(&game).contains(&"pass".to_string()));
                passes += 1;
                continue;
            }
            let pick = moves[rng.below(moves.len())].clone();
            play(&mut game, &pick);
        }
        let pos = game.position();
        let (black, white) = (
            pos.owned(PlayerId::FIRST).len(),
            pos.owned(PlayerId::SECOND).len(),
        );
        let expected = match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Win(PlayerId::FIRST),
            std::cmp::Ordering::Less => Outcome::Win(PlayerId::SECOND),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        assert_eq!(
            game.status(),
            Status::Over(expected),
            "seed {seed}\n{}",
            game_board(&game)
        );
        if pos.occupied().len() < 16 {
            early_ends += 1;
        }
        if expected == Outcome::Draw {
            draws += 1;
        }
    }
    assert!(
        passes > 0 && early_ends > 0 && draws > 0,
        "{passes} {early_ends} {draws}"
    );
}

#[test]
fn othello_a_placement_must_bracket_and_turns_every_line() {
    let engine = shipped("othello");
    let mut game = Game::new(&engine);
    let mut moves = legal(&game);
    moves.sort();
    assert_eq!(moves, ["c4", "d3", "e6", "f5"]);
    assert_illegal(&game, "a1");
    // A placement that brackets nothing is not listed, and the prompt says
    // why it is refused.
    assert_eq!(
        engine.explain(game.position(), "c3").as_deref(),
        Some("this move must convert at least one piece")
    );
    // Black c4 brackets d4 with e4.
    play(&mut game, "c4");
    assert_eq!(game.position().owned(PlayerId::FIRST).len(), 4);
    assert_eq!(game.position().owned(PlayerId::SECOND).len(), 1);
    // A placement that brackets two lines at once turns both.
    let engine =
        engine_of("extends \"othello\"\nsetup\n  Black on a1, e1, c3\n  White on b1, d1, c2\n");
    let mut game = Game::new(&engine);
    play(&mut game, "c1");
    assert_eq!(
        game.position().owned(PlayerId::SECOND).len(),
        0,
        "{}",
        game_board(&game)
    );
}

fn draughts(setup: &str) -> gamut::engine::Engine {
    engine_of(&format!("extends \"english-draughts\"\nsetup\n{setup}"))
}

#[test]
fn draughts_a_capture_is_mandatory() {
    let engine = draughts("  Black man on c3, g3\n  White man on d4, a7\n");
    let game = Game::new(&engine);
    // c3 can take d4: every quiet move is refused.
    assert_eq!(legal(&game), ["c3xe5(d4)"]);
    assert_illegal(&game, "g3-h4");
    // The step is refused for the capture, not for where it goes.
    assert_eq!(
        engine.explain(game.position(), "g3-h4").as_deref(),
        Some("a capture is mandatory here: c3xe5(d4)")
    );
    // Typed as players write it, without the pieces taken.
    let mut game = Game::new(&engine);
    play(&mut game, "c3xe5");
    assert_eq!(game.position().owned(PlayerId::SECOND).len(), 1);
}

/// A king's round of captures may end on the cell it started from, which
/// it left empty: the only capture here, so the only move. (Before, the
/// round could neither stop short, under `must continue`, nor end at home,
/// and the king had no capture at all.)
#[test]
fn draughts_a_round_of_captures_may_end_where_it_began() {
    let engine = draughts("  Black king on c3\n  White man on d4, d6, b6, b4, h8\n");
    let mut game = Game::new(&engine);
    assert_eq!(legal(&game), ["c3xc3(b4,d4,b6,d6)"]);
    play(&mut game, "c3xe5xc7xa5xc3");
    assert_eq!(game.position().owned(PlayerId::SECOND).len(), 1);
    let c3 = engine.rules().board.parse_cell("c3").unwrap();
    assert_eq!(game.position().owner(c3), Some(PlayerId::FIRST));
}

/// The pieces a capture takes may be listed in any order, with spaces.
#[test]
fn draughts_a_capture_list_may_be_typed_in_any_order() {
    let engine = draughts("  Black king on c3\n  White man on d4, d6, b6, b4, h8\n");
    let mut game = Game::new(&engine);
    game.play("c3xc3(d6, b4,D4,b6)").unwrap();
    assert_eq!(game.position().owned(PlayerId::SECOND).len(), 1);
    // A list that leaves a piece out is no move, and is told the list.
    assert_illegal(&Game::new(&engine), "c3xc3(b4,d4,b6)");
    assert_eq!(
        engine
            .explain(&engine.start(), "c3xc3(b4,d4,b6)")
            .as_deref(),
        Some("c3xc3 takes (b4,d4,b6,d6): list every piece it takes, or none")
    );
    // Where two chains end on one cell, each list is named.
    let engine = draughts("  Black man on c1\n  White man on b2, d2, b4, d4, h8\n");
    assert_eq!(
        engine.explain(&engine.start(), "c1xc5(b4)").as_deref(),
        Some("c1xc5 takes (b2,b4) or (d2,d4): list every piece of one of them")
    );
}

/// Kings are drawn apart from men: the player's symbol and the kind's
/// letter, with a legend of the kinds.
#[test]
fn draughts_a_king_is_drawn_apart_from_a_man() {
    let engine = draughts("  Black king on c3\n  Black man on a1\n  White man on d4\n");
    let board = game_board(&Game::new(&engine));
    let rank = |r: &str| {
        board
            .lines()
            .find(|l| l.trim_start().starts_with(r))
            .unwrap()
            .to_string()
    };
    assert!(rank("3 ").contains(" Bk "), "{board}");
    assert!(rank("1 ").contains(" B  "), "{board}");
    assert!(rank("4 ").contains(" w  "), "{board}");
    assert!(
        board.contains("Kinds: man (B, w), king (Bk, wk)"),
        "{board}"
    );
    // A game of one kind draws each piece as its player's letter alone.
    let board = game_board(&Game::new(&shipped("tic-tac-toe")));
    assert!(!board.contains("Kinds"), "{board}");
}

#[test]
fn draughts_a_capturing_chain_goes_on_while_it_can() {
    let engine = draughts("  Black man on a1\n  White man on b2, d4, f6, h8\n");
    let game = Game::new(&engine);
    // a1 takes b2, d4 and f6 and lands on g7: stopping earlier is not a move.
    assert_eq!(legal(&game), ["a1xg7(b2,d4,f6)"]);
    // With two ways on, the player chooses between the longest chains.
    let engine = draughts("  Black man on c1\n  White man on b2, d2, d4, h8\n");
    let mut ends = legal(&Game::new(&engine));
    ends.sort();
    assert_eq!(ends, ["c1xa3(b2)", "c1xc5(d2,d4)"]);
}

#[test]
fn draughts_a_man_reaching_the_far_rank_is_crowned_and_stops() {
    // Black b6 takes c7 onto d8: crowned, the move ends, though a king on
    // d8 could go on over e7.
    let engine = draughts("  Black man on b6\n  White man on c7, e7, h4\n");
    let mut game = Game::new(&engine);
    assert_eq!(legal(&game), ["b6xd8(c7)"]);
    play(&mut game, "b6xd8");
    let d8 = engine.rules().board.cell_at(3, 7);
    assert_eq!(engine.rules().kinds[game.position().kind(d8)], "king");
    // White's turn now; then the king moves and captures backwards.
    play(&mut game, "h4-g3");
    let mut moves = legal(&game);
    moves.sort();
    assert_eq!(moves, ["d8xf6(e7)"]);
}

#[test]
fn draughts_a_player_who_cannot_move_loses() {
    let engine = draughts("  Black man on a1\n  White man on b2, c3, h8\n");
    let game = Game::new(&engine);
    // a1 is blocked by b2, which cannot be jumped (c3 behind it).
    assert!(legal(&game).is_empty());
    assert_eq!(winner(&game), Some(PlayerId::SECOND));
}

#[test]
fn taking_the_most_keeps_only_the_longest_captures() {
    let engine = engine_of(
        "extends \"english-draughts\"\ncaptures are mandatory, taking the most\nsetup\n  \
         Black man on c1\n  White man on b2, d2, d4, h8\n",
    );
    assert_eq!(legal(&Game::new(&engine)), ["c1xc5(d2,d4)"]);
}

#[test]
fn converting_adjacent_enemies_turns_every_neighbour() {
    let engine = engine_of(
        "board 3 x 3\nplayers A, B\nreserve 5 each\nsetup\n  B on a1, b2, c3\n\
         move place, converting adjacent enemies\n",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "b1");
    // a1 and b2 are next to b1; c3 is not.
    assert_eq!(
        game.position().owned(PlayerId::FIRST).len(),
        3,
        "{}",
        game_board(&game)
    );
    assert_eq!(game.position().owned(PlayerId::SECOND).len(), 1);
}

#[test]
fn draughts_a_chain_is_typed_as_its_path() {
    let engine = draughts("  Black man on a1\n  White man on b2, d4, f6, h8\n");
    let mut game = Game::new(&engine);
    // Not a path of the capture: refused.
    assert!(game.play("a1xc3xg7").is_err());
    play(&mut game, "a1xc3xe5xg7");
    assert_eq!(game.position().owned(PlayerId::SECOND).len(), 1);
}

#[test]
fn connect_four_discs_fall_and_four_in_a_file_wins() {
    let engine = shipped("connect-four");
    let mut game = Game::new(&engine);
    // Only the bottom cell of each column takes a disc.
    let mut moves = legal(&game);
    moves.sort();
    assert_eq!(moves, ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]);
    assert_illegal(&game, "e2");
    play(&mut game, "e1 f1 e2 f2 e3 f3");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e4");
    assert_eq!(winner(&game), Some(PlayerId::FIRST));
}

#[test]
fn connect_four_a_diagonal_wins_for_the_second_player() {
    let engine = shipped("connect-four");
    let mut game = Game::new(&engine);
    // Yellow builds d1 e2 f3 g4 on a staircase of Red's discs.
    play(&mut game, "a1 d1 e1 e2 f1 b1 f2 f3 g1 b2 g2 c1 g3");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "g4");
    assert_eq!(
        winner(&game),
        Some(PlayerId::SECOND),
        "{}",
        game_board(&game)
    );
}

#[test]
fn dropping_follows_the_players_frame() {
    // `dropping backward`: each player's pieces fall towards their own side.
    let engine = engine_of(
        "board 3 x 4\nplayers A, B\nreserve 6 each\nmove place, dropping backward\nwhen stuck draw\n",
    );
    let mut game = Game::new(&engine);
    let mut moves = legal(&game);
    moves.sort();
    assert_eq!(moves, ["a1", "b1", "c1"]);
    play(&mut game, "a1");
    let mut moves = legal(&game);
    moves.sort();
    assert_eq!(moves, ["a4", "b4", "c4"]);
}

/// A move written wrong is told how, whatever the position: a `/` in a
/// turn of one part (once told "a capture is mandatory here", with no
/// capture to play), a list of taken pieces left open or never opened, a
/// dash that is not a hyphen.
#[test]
fn a_move_written_wrong_is_told_how() {
    let engine = shipped("english-draughts");
    let game = Game::new(&engine);
    let why = |text: &str| engine.explain(game.position(), text);
    assert_eq!(
        why("c3-d4/").as_deref(),
        Some("a turn of this game is one move, with no `/` after it")
    );
    assert_eq!(
        why("c3xe5(d4").as_deref(),
        Some("the list of the pieces taken is not closed: end it with `)`")
    );
    assert_eq!(
        why("c3xe5d4)").as_deref(),
        Some("a `)` closes no list: a list of pieces taken begins with `(`")
    );
    assert_eq!(
        why("c3\u{2013}d4").as_deref(),
        Some("`\u{2013}` is not the hyphen of a move: write `c3-d4`")
    );
    assert_eq!(
        why("queen@a3").as_deref(),
        Some("this game has no kind of piece `queen`: its kinds are man, king")
    );
}

/// A kind the notation leaves out where one kind fits may be written all
/// the same (`checker@e5` for `e5`), and only the kind placed.
#[test]
fn a_kind_left_out_may_be_written() {
    let engine = shipped("network");
    let mut game = Game::new(&engine);
    assert_illegal(&game, "king@e5");
    play(&mut game, "checker@e5");
    play(&mut game, "place:Checker@e4");
    assert_eq!(game.moves().len(), 2);
    let why = engine.explain(game.position(), "king@d5");
    assert_eq!(
        why.as_deref(),
        Some("this game has no kind of piece `king`: its kind is checker")
    );
}

/// A refused later part is explained by what that part allows: an arrow
/// on a taken cell, out of the amazon's sight, a part too many, or none;
/// a J return from a cell that is not the player's, or on the entry's
/// line.
#[test]
fn a_refused_later_part_says_why() {
    let engine = shipped("amazons");
    let game = Game::new(&engine);
    let why = |text: &str| engine.explain(game.position(), text);
    assert_eq!(why("d1-d7/d7").as_deref(), Some("d7 is occupied"));
    assert_eq!(
        why("d1-d7/c5").as_deref(),
        Some("c5 is not in sight of d7, the last piece")
    );
    assert_eq!(
        why("d1-d7/g7/g8").as_deref(),
        Some("a turn here has at most 2 parts, each after a `/`")
    );
    assert_eq!(
        why("d1-d7").as_deref(),
        Some("this move needs its later part too")
    );
    let engine = shipped("j");
    let game = Game::new(&engine);
    let why = |text: &str| engine.explain(game.position(), text);
    assert_eq!(why("a1^/c4").as_deref(), Some("c4 holds no piece of yours"));
    assert_eq!(
        why("a1^/a1").as_deref(),
        Some("a1 is on the line of this turn's entry")
    );
}

/// What `rules` prints names every rule that changes play: mandatory
/// captures, promotion, and a precedence other than the default.
#[test]
fn the_rules_summary_names_captures_promotions_and_precedence() {
    let summary = shipped("english-draughts").rules().summary();
    assert!(
        summary.contains("Captures are mandatory: a player who can take a piece must.\n"),
        "{summary}"
    );
    assert!(
        summary.contains("A man that arrives on a8 b8 c8 d8 e8 f8 g8 h8 (Black) or a1 b1 c1 d1 e1 f1 g1 h1 (White) becomes a king; a chain of jumps stops there.\n"),
        "{summary}"
    );
    assert!(!summary.contains("several goals"), "{summary}");
    // How a chain of captures is written, where jumps capture.
    let guide = shipped("english-draughts").rules().notation_guide();
    assert!(guide.contains("a1xe5(b2,d4) a capturing jump"), "{guide}");
    let guide = shipped("tic-tac-toe").rules().notation_guide();
    assert!(!guide.contains("capturing jump"), "{guide}");
    assert!(!guide.contains("a copy"), "{guide}");
    // A copy is written as its cell alone: the guide says so.
    let guide = shipped("ataxx").rules().notation_guide();
    assert!(guide.contains("f6          a copy onto f6"), "{guide}");
    let engine = engine_of(
        "extends \"tic-tac-toe\"\nprecedence opponent wins, mover loses, mover wins, opponent loses\n",
    );
    let summary = engine.rules().summary();
    assert!(
        summary.contains("When several goals hold at once, the first of these decides: the opponent wins, then the mover loses, then the mover wins, then the opponent loses.\n"),
        "{summary}"
    );
    assert!(!summary.contains("mandatory"), "{summary}");
}

fn international(setup: &str) -> gamut::engine::Engine {
    engine_of(&format!(
        "extends \"international-draughts\"\nsetup\n{setup}"
    ))
}

/// A king captures flying, and of the captures only those taking the
/// most pieces are legal: here the king's two-piece chain, not the man's
/// single capture.
#[test]
fn international_draughts_a_flying_king_takes_the_most() {
    let engine =
        international("  White king on a1\n  White man on g1\n  Black man on d4, f6, h2, j10\n");
    let moves = legal(&Game::new(&engine));
    // Over d4 onto e5 only (f6 is next), then over f6 to any cell before
    // j10, or down over h2 to i1; g1xi3(h2) takes one piece only.
    assert_eq!(
        moves,
        [
            "a1xg7(d4,f6)",
            "a1xh8(d4,f6)",
            "a1xi9(d4,f6)",
            "a1xi1(h2,d4)"
        ]
    );
}

/// A flying king's chain is typed as its path of landings too, each
/// along a line from the last: the pieces between are the ones taken.
#[test]
fn international_draughts_a_flying_kings_chain_is_typed_as_its_path() {
    let engine =
        international("  White king on a1\n  White man on g1\n  Black man on d4, f6, h2, j10\n");
    for (path, read) in [
        ("a1xe5xh8", "a1xh8(d4,f6)"),
        ("a1xe5xg7", "a1xg7(d4,f6)"),
        ("a1xe5xi1", "a1xi1(h2,d4)"),
        // Named as a jump, as `jump:a1xh8(d4,f6)` may be.
        ("jump:a1xe5xh8", "a1xh8(d4,f6)"),
    ] {
        let mut game = Game::new(&engine);
        play(&mut game, path);
        let mut written = Game::new(&engine);
        play(&mut written, read);
        assert_eq!(game.position(), written.position(), "{path}");
    }
    // Not along a line, or a landing no chain makes: refused.
    for wrong in ["a1xe5xh7", "a1xd4xh8", "a1xf6xh8"] {
        assert!(Game::new(&engine).play(wrong).is_err(), "{wrong}");
    }
}

/// A refused capture is told why: one that takes fewer than the most,
/// typed without its list, is told the most must be taken; a chain typed
/// short of where it must go on is told the captures from its start.
#[test]
fn international_draughts_a_refused_capture_is_told_why() {
    let engine =
        international("  White king on a1\n  White man on g1\n  Black man on d4, f6, h2, j10\n");
    let game = Game::new(&engine);
    let why = engine.explain(game.position(), "g1xi3").unwrap_or_default();
    assert!(
        why.starts_with("a capture taking the most pieces is mandatory here"),
        "{why}"
    );
    let why = engine.explain(game.position(), "a1xe5").unwrap_or_default();
    assert!(
        why.starts_with("a chain of captures goes on while it can: the captures from a1 are"),
        "{why}"
    );
}

/// A man that reaches the far rank during a capture that goes on is not
/// crowned; one whose move ends there is.
#[test]
fn international_draughts_a_man_is_crowned_only_where_its_move_ends() {
    let engine = international("  White man on b8\n  Black man on c9, e9, a1\n");
    let mut game = Game::new(&engine);
    assert_eq!(legal(&game), ["b8xf8(c9,e9)"]);
    play(&mut game, "b8xf8");
    let board = &engine.rules().board;
    let f8 = board.parse_cell("f8").unwrap();
    assert_eq!(engine.rules().kinds[game.position().kind(f8)], "man");
}

/// A player left without a move loses; taking the last piece leaves the
/// other player so.
#[test]
fn international_draughts_taking_the_last_piece_wins() {
    let engine = international("  White man on c3, j2\n  Black man on d4\n");
    let mut game = Game::new(&engine);
    play(&mut game, "c3xe5");
    assert_eq!(winner(&game), Some(PlayerId::FIRST));
    let blocked = international("  White man on a1\n  Black man on b2, c3, j10\n");
    let game = Game::new(&blocked);
    assert!(legal(&game).is_empty());
    assert_eq!(winner(&game), Some(PlayerId::SECOND));
}
