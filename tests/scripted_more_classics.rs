//! Scripted games of the classics of the language's third part (Hex,
//! Amazons, Domineering, Konane, Ataxx, Lines of Action) and of the
//! constructs they brought: every kind of ending reached, in the notation
//! the games' players use.

mod common;
use common::*;

use gamut::engine::{Game, Outcome, Status};
use gamut::rng::Rng;

const RED: PlayerId = PlayerId::FIRST;
const BLUE: PlayerId = PlayerId::SECOND;

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

#[test]
fn ataxx_a_copy_keeps_its_origin_and_a_leap_leaves_it() {
    let engine = shipped("ataxx");
    let mut game = Game::new(&engine);
    // All copies onto f6 are one move, written as the cell.
    let moves = legal(&game);
    assert_eq!(moves.iter().filter(|m| *m == "f6").count(), 1);
    assert!(moves.contains(&"g7-e5".to_string()), "{moves:?}");
    play(&mut game, "f6");
    assert_eq!(game.position().owned(RED).len(), 3);
    play(&mut game, "a7-b5");
    assert_eq!(game.position().owned(BLUE).len(), 2);
    assert!(game.position().is_empty(gamut_cell(&game, "a7")));
}

#[test]
fn a_copy_of_several_kinds_is_written_with_the_kind_copied() {
    let engine = engine_of(
        "extends \"ataxx\"\npieces blob, king\nsetup\n  Red blob on a1\n  Red king on g7\n  \
         Blue blob on a7, g1\n",
    );
    let mut game = Game::new(&engine);
    let moves = legal(&game);
    // Each piece's copy names its own kind, and reads back as typed.
    assert!(moves.contains(&"blob@b2".to_string()), "{moves:?}");
    assert!(moves.contains(&"king@f6".to_string()), "{moves:?}");
    assert!(!moves.contains(&"blob@f6".to_string()), "{moves:?}");
    play(&mut game, "king@f6");
    let f6 = gamut_cell(&game, "f6");
    assert_eq!(game.position().kind(f6).index(), 1);
    // The kind may be left out where only one kind reaches the cell.
    let mut typed = Game::new(&engine);
    play(&mut typed, "f6");
    assert_eq!(typed.position(), game.position());
}

/// A placement of one of several kinds may leave its kind out where only
/// one kind may be placed there; where two may, that is ambiguous.
#[test]
fn a_placement_leaves_its_kind_out_where_only_one_fits() {
    let engine = engine_of(
        "board 4 x 4\nplayers White, Black\npieces man, king\nreserve 3 man each\n\
         reserve 1 king each\nmove place man\nmove place king on rank 1, rank 4\n",
    );
    let mut game = Game::new(&engine);
    play(&mut game, "b2");
    let mut written = Game::new(&engine);
    play(&mut written, "man@b2");
    assert_eq!(game.position(), written.position());
    let err = game.play("a1").unwrap_err().to_string();
    assert!(err.contains("ambiguous here: man@a1 or king@a1"), "{err}");
}

#[test]
fn ataxx_landing_converts_every_neighbour() {
    let engine = shipped("ataxx");
    let mut game = Game::new(&engine);
    // Blue's b5 lands next to nothing; Red's leap to c4 then takes b5.
    play(&mut game, "b2 a7-b5 b2-c4");
    let pos = game.position();
    assert_eq!(pos.owner(gamut_cell(&game, "b5")), Some(RED));
    assert_eq!(pos.owned(BLUE).len(), 1);
}

#[test]
fn ataxx_a_player_left_without_pieces_loses() {
    let engine = engine_of("extends \"ataxx\"\nboard 3 x 1\nsetup\n  Red on a1\n  Blue on c1\n");
    let mut game = Game::new(&engine);
    play(&mut game, "b1");
    assert_eq!(winner(&game), Some(RED));
}

#[test]
fn ataxx_a_stuck_player_passes_and_a_full_board_is_counted() {
    let engine =
        engine_of("extends \"ataxx\"\nboard 5 x 1\nsetup\n  Red on a1\n  Blue on b1, c1\n");
    let mut game = Game::new(&engine);
    // Red can neither copy (b1 is taken) nor leap (c1 is taken).
    assert_eq!(legal(&game), ["pass"]);
    play(&mut game, "pass d1 pass");
    assert_eq!(game.status(), Status::Ongoing);
    play(&mut game, "e1");
    // The board is full: four pieces to one.
    assert_eq!(winner(&game), Some(BLUE), "{}", game_board(&game));
}

fn gamut_cell(game: &Game, name: &str) -> gamut::rules::Cell {
    game.engine().rules().board.parse_cell(name).unwrap()
}

fn lines_of_action(setup: &str) -> gamut::engine::Engine {
    engine_of(&format!("extends \"lines-of-action\"\nsetup\n{setup}"))
}

const BLACK: PlayerId = PlayerId::FIRST;

#[test]
fn lines_of_action_moves_as_far_as_its_line_holds_pieces() {
    let engine = shipped("lines-of-action");
    let game = Game::new(&engine);
    // b1: two pieces on file b (b1, b8), two on the diagonal up to h7, six
    // on rank 1 (passed over, all Black's); the other ways leave the board.
    let from_b1: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("b1"))
        .collect();
    assert_eq!(from_b1, ["b1-b3", "b1-d3", "b1-h1"]);
}

#[test]
fn lines_of_action_passes_over_friends_but_not_enemies() {
    // a1's diagonal holds a1, b2 and c3: three cells, over b2.
    let friend = lines_of_action("  Black on a1, b2, h1\n  White on c3, h8\n");
    let game = Game::new(&friend);
    assert_illegal(&game, "a1xc3");
    let enemy = lines_of_action("  Black on a1, h1\n  White on b2, e4, h4\n");
    let game = Game::new(&enemy);
    // Three on the diagonal: a1 would pass over White's b2.
    assert_illegal(&game, "a1-d4");
    let own = lines_of_action("  Black on a1, b2, h1\n  White on e5, h4\n");
    let game = Game::new(&own);
    assert_legal(&game, "a1-d4");
}

#[test]
fn lines_of_action_one_group_wins() {
    let engine = lines_of_action("  Black on a1, c3\n  White on h8, h5\n");
    let mut game = Game::new(&engine);
    // Three on the long diagonal: a1 lands on d4, next to c3.
    play(&mut game, "a1-d4");
    assert_eq!(winner(&game), Some(BLACK), "{}", game_board(&game));
}

#[test]
fn lines_of_action_a_move_that_joins_both_players_wins_for_the_mover() {
    let engine = lines_of_action("  Black on a1, b4\n  White on c3, g1\n");
    let mut game = Game::new(&engine);
    // Taking c3 joins Black (c3, b4) and leaves White one piece, a group too.
    play(&mut game, "a1xc3");
    assert_eq!(winner(&game), Some(BLACK), "{}", game_board(&game));
}

#[test]
fn lines_of_action_a_stuck_player_passes_and_nobody_moving_is_a_draw() {
    let engine = engine_of(
        "extends \"lines-of-action\"\nboard 4 x 1\nsetup\n  Black on a1\n  White on c1, d1\n",
    );
    let mut game = Game::new(&engine);
    // a1 would pass over c1; White's d1 can take a1.
    assert_eq!(legal(&game), ["pass"]);
    play(&mut game, "pass d1xa1");
    // White's a1 and c1 are apart, Black has no piece, and neither can move.
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
    let engine = engine_of(
        "extends \"lines-of-action\"\nboard 3 x 1\nsetup\n  Black on a1\n  White on b1, c1\n",
    );
    let game = Game::new(&engine);
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}

fn amazons(board: &str, setup: &str) -> gamut::engine::Engine {
    engine_of(&format!(
        "extends \"amazons\"\nboard {board}\nsetup\n{setup}"
    ))
}

const WHITE: PlayerId = PlayerId::FIRST;

#[test]
fn amazons_the_arrow_flies_from_where_the_amazon_landed() {
    let engine = amazons("4 x 2", "  White amazon on a1, a2\n  Black amazon on d2\n");
    let game = Game::new(&engine);
    let from_a1: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("a1-c1"))
        .collect();
    // From c1, like a queen, over the cell a1 just left; never from a2.
    assert_eq!(
        from_a1,
        ["a1-c1/a1", "a1-c1/b1", "a1-c1/d1", "a1-c1/b2", "a1-c1/c2"]
    );
}

#[test]
fn amazons_an_arrow_blocks_for_good_and_a_player_who_cannot_move_loses() {
    let engine = amazons("4 x 1", "  White amazon on a1\n  Black amazon on d1\n");
    let mut game = Game::new(&engine);
    play(&mut game, "a1-b1/c1");
    // The arrow on c1 walls d1 in: Black cannot move and loses.
    assert_eq!(winner(&game), Some(WHITE), "{}", game_board(&game));
    let board = game_board(&game);
    assert!(board.contains('*'), "{board}");
    // Arrows are no one's: not counted as White's pieces.
    assert_eq!(game.position().owned(WHITE).len(), 1);
}

#[test]
fn amazons_every_game_played_out_ends_with_the_stuck_player_losing() {
    let engine = amazons(
        "5 x 5",
        "  White amazon on a1, e1\n  Black amazon on a5, e5\n",
    );
    let mut rng = Rng::new(5);
    for _ in 0..50 {
        let mut game = Game::new(&engine);
        while game.status() == Status::Ongoing {
            let n = game.legal().len();
            game.play_index(rng.below(n));
        }
        // Each move fills one cell with an arrow: at most 21 moves.
        assert!(game.moves().len() <= 21);
        let loser = game.position().to_move();
        assert_eq!(winner(&game), Some(loser.other()));
    }
}

#[test]
fn domineering_each_player_lays_dominoes_their_own_way() {
    let engine = engine_of("extends \"domineering\"\nboard 3 x 2\n");
    let mut game = Game::new(&engine);
    // Vertical's second cell is above the first.
    assert_eq!(legal(&game), ["a1/a2", "b1/b2", "c1/c2"]);
    play(&mut game, "b1/b2");
    // Horizontal's is to the right, and b is taken: nothing is left.
    assert_eq!(legal(&game), Vec::<String>::new());
    assert_eq!(
        winner(&game),
        Some(PlayerId::FIRST),
        "{}",
        game_board(&game)
    );
    let mut game = Game::new(&engine);
    play(&mut game, "a1/a2");
    assert_eq!(legal(&game), ["b1/c1", "b2/c2"]);
    play(&mut game, "b1/c1");
    // Vertical has no two empty cells one above the other: Horizontal wins.
    assert_eq!(
        winner(&game),
        Some(PlayerId::SECOND),
        "{}",
        game_board(&game)
    );
}

const KONANE_GAME: &str = "d4 e4 b4xd4 e2xe4 e5xe3 c2xe2 c5xe5 e6xe4 e3xe5 c6xe6 b6xb4 a2xc2 \
     f2xd2 e6xe4 f4xf2 c2xc4 a3xe3 e4xe2 f6xf4 c4xe4 e1xe3 d1xd3 a5xa3 f1xf3 f4xf2 e4xe2 \
     f2xd2 b1xd1 d2xd4";

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

#[test]
fn konane_opens_with_two_removals_the_second_next_to_the_hole() {
    let engine = shipped("konane");
    let mut game = Game::new(&engine);
    assert_eq!(sorted(legal(&game)), ["a1", "c3", "d4", "f6"]);
    play(&mut game, "d4");
    // White lifts one of its own pieces orthogonally next to d4, no other.
    assert_eq!(sorted(legal(&game)), ["c4", "d3", "d5", "e4"]);
    play(&mut game, "e4");
    // From the third turn on, every move is a jump over an enemy into a
    // hole: into d4 over White's c4, d3, d5; none into e4, whose neighbours
    // are Black's own.
    assert_eq!(
        sorted(legal(&game)),
        ["b4xd4(c4)", "d2xd4(d3)", "d6xd4(d5)"]
    );
}

#[test]
fn konane_jumps_go_on_in_one_direction_and_each_stop_is_a_move() {
    let engine = shipped("konane");
    let mut game = Game::new(&engine);
    let line: Vec<&str> = KONANE_GAME.split(' ').collect();
    let at = line.iter().position(|m| *m == "a3xe3").unwrap();
    for m in &line[..at] {
        play(&mut game, m);
    }
    let from_a3: Vec<String> = sorted(legal(&game))
        .into_iter()
        .filter(|m| m.starts_with("a3"))
        .collect();
    assert_eq!(
        from_a3,
        ["a3xc3(b3)", "a3xe3(b3,d3)"],
        "{}",
        game_board(&game)
    );
    let white = game.position().owned(PlayerId::SECOND).len();
    play(&mut game, "a3xe3");
    // Both pieces jumped over are taken.
    assert_eq!(game.position().owned(PlayerId::SECOND).len(), white - 2);
}

#[test]
fn konane_a_player_who_cannot_jump_loses() {
    let engine = shipped("konane");
    let mut game = Game::new(&engine);
    for m in KONANE_GAME.split(' ') {
        assert_eq!(game.status(), Status::Ongoing);
        play(&mut game, m);
    }
    // White still has pieces on a6 and d1, but none can jump.
    assert_eq!(
        game.position().owned(PlayerId::SECOND).len(),
        2,
        "{}",
        game_board(&game)
    );
    assert_eq!(winner(&game), Some(BLACK), "{}", game_board(&game));
}

#[test]
fn konane_every_game_played_out_ends_with_the_stuck_player_losing() {
    let engine = shipped("konane");
    let mut rng = Rng::new(11);
    for _ in 0..100 {
        let mut game = Game::new(&engine);
        while game.status() == Status::Ongoing {
            let n = game.legal().len();
            game.play_index(rng.below(n));
        }
        // Each move after the opening takes a piece: at most 36 - 2 moves more.
        assert!(game.moves().len() <= 36);
        let loser = game.position().to_move();
        assert_eq!(winner(&game), Some(loser.other()));
    }
}
