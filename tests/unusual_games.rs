//! Games unlike the shipped ones, in `tests/games/`: boards of more than 64
//! cells, holes in the middle, kinds, capturing chained jumps, slides that
//! capture, stacks capturing taller stacks, players facing sideways,
//! entries pushing from inside the board, mandatory later parts, an
//! optional part left out before a mandatory one, returns that may take
//! the piece an entry pushed, networks along orthogonal lines. Each
//! validates cleanly and survives seeded random games with every
//! invariant checked.

mod common;
use common::*;

#[test]
fn every_unusual_game_checks_and_plays_by_its_rules() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 5);
    for path in paths {
        let name = path.display().to_string();
        let engine = clean_game(&name);
        exercise(&name, &engine, 4, 300);
    }
}

/// No piece symbol reads as a coordinate's digit, and two players never
/// share one.
#[test]
fn piece_symbols_avoid_letters_that_read_as_digits() {
    let symbols = |players: &str| {
        gamut::cli::board::piece_symbols(
            common::engine_of(&format!("board 4 x 4\nplayers {players}\nmove place\n")).rules(),
        )
    };
    assert_eq!(symbols("Dark, Light"), ['D', 'L']);
    assert_eq!(symbols("White, Black"), ['W', 'b']);
    assert_eq!(symbols("Ivory, Onyx"), ['#', '@']);
    assert_eq!(symbols("Lime, Lemon"), ['L', '@']);
    assert_eq!(symbols("Red, Rose"), ['R', 'r']);
}

/// Two chains of captures from one cell to another that take different
/// pieces are two moves. A move names which by a number only (it stays
/// small), so each must be played again, written and read back exactly,
/// also from outside the listing that made it.
#[test]
fn chains_to_one_end_taking_different_pieces_are_different_moves() {
    let engine = common::engine_of(
        "board 5 x 5\nplayers White, Black\npieces man\n\
         setup\n  White man on c1\n  Black man on b2, b4, d2, d4\n\
         move jump man over enemy diagonal, chained, capturing\n",
    );
    assert!(std::mem::size_of::<gamut::engine::Move>() <= 40);
    let board = &engine.rules().board;
    let cell = |name: &str| board.parse_cell(name).unwrap();
    let game = gamut::engine::Game::new(&engine);
    let listed = game.successors();
    let to_c5: Vec<usize> = (0..listed.len())
        .filter(|&i| {
            engine
                .notation(game.position(), &listed.moves[i])
                .starts_with("c1xc5")
        })
        .collect();
    assert_eq!(to_c5.len(), 2, "{:?}", game.legal_notations());
    let (a, b) = (listed.moves[to_c5[0]], listed.moves[to_c5[1]]);
    assert_ne!(a, b);
    let mut written = Vec::new();
    for &i in &to_c5 {
        let mv = listed.moves[i];
        let text = engine.notation(game.position(), &mv);
        // Read back from its text, and played from the move alone.
        let mut by_text = gamut::engine::Game::new(&engine);
        by_text.play(&text).unwrap();
        assert_eq!(by_text.moves(), &[mv]);
        let mut by_move = gamut::engine::Game::new(&engine);
        assert!(by_move.play_move(&mv));
        assert_eq!(by_move.position(), &listed.positions[i]);
        assert_eq!(by_text.position(), &listed.positions[i]);
        let gone: Vec<&str> = ["b2", "b4", "d2", "d4"]
            .into_iter()
            .filter(|c| by_move.position().height(cell(c)) == 0)
            .collect();
        written.push((text, gone));
    }
    written.sort();
    assert_eq!(
        written,
        [
            ("c1xc5(b2,b4)".to_string(), vec!["b2", "b4"]),
            ("c1xc5(d2,d4)".to_string(), vec!["d2", "d4"]),
        ]
    );
}

/// `limit group size` holds for every group after every part, as the
/// reference says, also where the setup already breaks it: then only a
/// part that breaks the too large group up may be played (a part
/// elsewhere left it standing, and was allowed while only the groups a
/// part touched were measured).
#[test]
fn a_group_too_large_from_the_setup_blocks_every_part_that_leaves_it() {
    let engine = engine_of(
        "board 3 x 3\nplayers Black, White\nsetup\n  Black on a1, a2, c3\n\
         limit group size 1 connected orthogonal\n\
         move step orthogonal onto empty\nwhen stuck draw\n",
    );
    let game = gamut::engine::Game::new(&engine);
    let mut legal: Vec<String> = game.legal_notations();
    legal.sort();
    assert_eq!(legal, ["a1-b1", "a2-a3", "a2-b2"]);
    let blocked = engine_of(
        "board 3 x 3\nplayers White, Black\nsetup\n  Black on a2, a3\nreserve 2 each\n\
         move place\nlimit group size 1 connected orthogonal\nwhen stuck draw\n",
    );
    let start = blocked.start();
    assert_eq!(
        gamut::engine::perft(&blocked, &start, 1, &mut Vec::new()).unwrap(),
        0
    );
}

/// A stack is as many pieces as it holds, for `at most N enemy pieces`
/// and for `when stuck count` as for every other count of pieces (a hunt
/// won on the stacks left, and a count lost by the taller stack, were
/// both wrong once).
#[test]
fn stacks_count_as_many_pieces_as_they_hold() {
    let hunt = engine_of(
        "board 3 x 3\nplayers White, Black\nsetup\n  White on a1\n  Black stacks of 4 on c3\n\
         move step orthogonal onto empty\ngoal White wins with at most 1 enemy piece\n",
    );
    let start = hunt.start();
    assert_eq!(
        gamut::engine::perft(&hunt, &start, 2, &mut Vec::new()).unwrap(),
        4
    );
    let stuck = engine_of(
        "board 3 x 1\nplayers White, Black\nsetup\n  White stacks of 3 on a1\n  Black on b1, c1\n\
         move step right onto empty\nwhen stuck count\n",
    );
    let game = gamut::engine::Game::new(&stuck);
    assert_eq!(
        game.status(),
        gamut::engine::Status::Over(gamut::engine::Outcome::Win(gamut::rules::PlayerId::FIRST))
    );
}

/// A cell holds at most 255 pieces: a move that would pile a 256th onto
/// a stack is not a move (it emptied the cell once, the height wrapping),
/// and counts of pieces past 255 are not wrapped either.
#[test]
fn a_stack_never_passes_255_pieces_and_counts_do_not_wrap() {
    let tall = engine_of(
        "board 2 x 1\nplayers A, B\nsetup\n  A stacks of 254 on a1\n  A on b1\n\
         move step left onto friend, leaving a copy\nwhen stuck pass\n",
    );
    let mut game = gamut::engine::Game::new(&tall);
    play(&mut game, "a1");
    play(&mut game, "pass");
    assert_eq!(legal(&game), ["pass"]);
    assert!(game.play("a1").is_err());
    let board = game_board(&game);
    assert!(board.contains("A255"), "{board}");
    let start = tall.start();
    assert_eq!(
        gamut::engine::perft(&tall, &start, 3, &mut Vec::new()).unwrap(),
        1
    );
    // 510 pieces of A's are more than 254, whatever a byte holds.
    let many = engine_of(
        "board 4 x 1\nplayers A, B\nsetup\n  A stacks of 254 on a1\n  A on b1\n  \
         B stacks of 255 on d1\nmove step right onto empty, converting adjacent enemies\n\
         goal B wins with at most 254 enemy pieces\nwhen stuck pass\n",
    );
    let mut game = gamut::engine::Game::new(&many);
    play(&mut game, "b1-c1");
    assert_eq!(winner(&game), None);
}

/// Two moves that would be written alike (a copy and a placement onto
/// one cell, a removal and a return of one piece) are written with their
/// rules' first words, read back as themselves, and the plain cell is
/// refused as ambiguous instead of read as the first of them (a record
/// once replayed a placement as the copy).
#[test]
fn moves_that_would_read_alike_are_written_apart() {
    let engine = clean_game(&format!(
        "{}/tests/games/copy-or-place.game",
        env!("CARGO_MANIFEST_DIR")
    ));
    let mut game = gamut::engine::Game::new(&engine);
    let legal = game.legal_notations();
    assert!(legal.contains(&"step:b1".to_string()), "{legal:?}");
    assert!(legal.contains(&"place:b1".to_string()), "{legal:?}");
    assert!(legal.contains(&"a2".to_string()), "{legal:?}");
    // One move alone is written as the listing writes it.
    let pos = game.position().clone();
    for (mv, text) in game.legal().iter().zip(&legal) {
        assert_eq!(&engine.notation(&pos, mv), text);
    }
    let err = game.play("b1").unwrap_err().to_string();
    assert!(err.contains("ambiguous here: step:b1 or place:b1"), "{err}");
    play(&mut game, "PLACE:B1");
    assert_eq!(
        game.position().reserve_total(gamut::rules::PlayerId::FIRST),
        2
    );
}

/// `not on entry line` after an entry reads the whole line the push went
/// along, across a hole the push stopped at, as after a placement.
#[test]
fn an_entry_line_goes_on_across_a_hole() {
    let game_of = |first: &str| {
        common::engine_of(&format!(
            "board 3 x 3 without b2\nplayers White, Black\nreserve 3 each\n\
             setup\n  White on b3\n{first}\n\
             then may return a piece from board to reserve, not on entry line\n"
        ))
    };
    for first in ["move enter at b1 pushing up", "move place on b1"] {
        let engine = game_of(first);
        let game = gamut::engine::Game::new(&engine);
        // The entry alone: b3, on file b beyond the hole, may not go back.
        assert_eq!(
            game.legal().len(),
            1,
            "{first}: {:?}",
            game.legal_notations()
        );
    }
}

/// No move is written as a way of playing another reads: in
/// `relocate-or-step.game`, `c1-c2/a2` is both a relocation that takes b2
/// and a step that ends where `a2-c2/c1` does, so the relocation is
/// written with its rules' words. Every listed text reads back as its
/// move, one act may be qualified alone, and a capturing jump that takes
/// nothing is written as a plain move.
#[test]
fn no_move_is_written_as_another_moves_way_reads() {
    let engine = clean_game(&format!(
        "{}/tests/games/relocate-or-step.game",
        env!("CARGO_MANIFEST_DIR")
    ));
    let game = gamut::engine::Game::new(&engine);
    let legal = game.legal_notations();
    for text in ["relocate:c1-c2/return:a2", "a2-c2/c1", "step:c1-c2"] {
        assert!(legal.contains(&text.to_string()), "{text}: {legal:?}");
    }
    let pos = game.position().clone();
    for (i, text) in legal.iter().enumerate() {
        assert_eq!(&engine.notation(&pos, &game.legal()[i]), text);
        let mut typed = gamut::engine::Game::new(&engine);
        typed.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(typed.moves(), &game.legal()[i..=i], "{text}");
    }
    let mut typed = gamut::engine::Game::new(&engine);
    typed.play("Relocate:C1-C2/a2").unwrap();
    let mut written = gamut::engine::Game::new(&engine);
    written.play("relocate:c1-c2/return:a2").unwrap();
    assert_eq!(typed.position(), written.position());
    let mut typed = gamut::engine::Game::new(&engine);
    let err = typed.play("c1-c2/a2").unwrap_err().to_string();
    assert!(
        err.contains("ambiguous here: relocate:c1-c2/return:a2 or a2-c2/c1"),
        "{err}"
    );

    let jumps = common::engine_of(
        "board 1 x 4\nplayers White, Black\nsetup\n  White on a1, a2\n  Black on a4\n\
         move jump over friend up, capturing\n",
    );
    let game = gamut::engine::Game::new(&jumps);
    assert_eq!(game.legal_notations(), ["a1-a3"]);
}

/// A clause after a placement's region list is read as a clause, not as
/// one more region (`dropping` is a word of the language, as every
/// clause's first word is).
#[test]
fn a_clause_after_a_list_of_regions_is_a_clause() {
    let engine = common::engine_of(
        "board 4 x 4\nplayers A, B\nreserve 3 each\n\
         move place on (file a, file b), dropping down\n",
    );
    let game = gamut::engine::Game::new(&engine);
    assert_eq!(game.legal_notations(), ["a1", "b1"]);
}

/// An entry never pushes a neutral piece: a run to push that holds one
/// makes the entry no move (it panicked).
#[test]
fn an_entry_never_pushes_a_neutral_piece() {
    let engine = common::engine_of(
        "board 3 x 1\nplayers A, B\npieces stone, neutral block\n\
         setup\n  A stone on a1\n  block on b1\nreserve 2 stone each\n\
         move enter stone at a1 pushing right\nmove place stone\n",
    );
    let game = gamut::engine::Game::new(&engine);
    assert_eq!(game.legal_notations(), ["c1"]);
}

/// `pass, then count` passes while either player can move: where the
/// turn order gives the stuck player the next turn too, it passes both
/// and the other player moves on; the game ends only when neither can.
#[test]
fn a_pass_then_count_looks_past_the_stuck_players_next_turn() {
    let engine = common::engine_of(
        "board 3 x 1\nplayers White, Black\nturns White, Black, Black\n\
         setup\n  White on a1\n\
         move step left, right onto empty\nwhen stuck pass, then count\n",
    );
    let mut game = gamut::engine::Game::new(&engine);
    game.play("a1-b1").unwrap();
    assert_eq!(game.legal_notations(), ["pass"]);
    game.play("pass").unwrap();
    assert_eq!(game.legal_notations(), ["pass"]);
    game.play("pass").unwrap();
    assert_eq!(game.legal_notations(), ["b1-c1", "b1-a1"]);
    // With no piece of White's able to move either, it ends at once.
    let stuck = common::engine_of(
        "board 1 x 1\nplayers White, Black\nturns White, Black, Black\n\
         setup\n  White on a1\n\
         move step left, right onto empty\nwhen stuck pass, then count\n",
    );
    let game = gamut::engine::Game::new(&stuck);
    assert_eq!(
        game.status(),
        gamut::engine::Status::Over(gamut::engine::Outcome::Win(gamut::rules::PlayerId::new(0)))
    );
}

/// A move that several ways reach is named by the way of fewest acts:
/// a placement on `b1`, not a placement on `a1` and a step to `b1`; the
/// longer way is still read as that move.
#[test]
fn a_move_is_named_by_its_shortest_way() {
    let engine = common::engine_of(
        "board 2 x 1\nplayers White, Black\nreserve 2 each\n\
         move place\nthen may step right onto empty\n",
    );
    let mut game = gamut::engine::Game::new(&engine);
    assert_eq!(game.legal_notations(), ["b1", "a1"]);
    game.play("a1/a1-b1").unwrap();
    let (_, played) = game.played().next().unwrap();
    assert_eq!(engine.notation(&engine.start(), played), "b1");
}

/// A jump leg `at any distance` (a flying king): the piece jumped may be
/// down the line past empty cells, the landing any empty cell beyond it
/// before the next piece; a piece jumped blocks until the move ends.
#[test]
fn a_flying_jump_jumps_down_the_line_and_lands_anywhere_beyond() {
    let listed = |setup: &str| {
        let engine = common::engine_of(&format!(
            "board 8 x 8\nplayers White, Black\npieces king\nsetup\n{setup}\n\
             move step king diagonal onto empty\n\
             move jump king over enemy diagonal at any distance, chained, capturing, \
             must continue\ncaptures are mandatory\n"
        ));
        let mut moves = gamut::engine::Game::new(&engine).legal_notations();
        moves.sort();
        moves
    };
    // Over d4 onto e5 only (f6 is next), and on over f6 to g7 or h8.
    assert_eq!(
        listed("  White king on a1\n  Black king on d4, f6, b6"),
        ["a1xg7(d4,f6)", "a1xh8(d4,f6)"]
    );
    // Over the adjacent b2 onto c3 only, then over d4 anywhere beyond.
    assert_eq!(
        listed("  White king on a1\n  Black king on b2, d4"),
        [
            "a1xe5(b2,d4)",
            "a1xf6(b2,d4)",
            "a1xg7(b2,d4)",
            "a1xh8(b2,d4)"
        ]
    );
    // Two enemies side by side cannot be jumped together.
    assert_eq!(
        listed("  White king on a1\n  Black king on c3, d4"),
        ["a1-b2"]
    );
}

/// `no enemy KIND` and `at most N enemy KIND` count only that kind, a
/// stack by its height, and pieces in reserve too.
#[test]
fn a_count_goal_of_one_kind_counts_only_that_kind() {
    use gamut::engine::{Game, Outcome::Win, Status};
    use gamut::rules::PlayerId;
    let game_of = |extra: &str, goal: &str| {
        common::engine_of(&format!(
            "board 3 x 1\nplayers White, Black\npieces man, king\n{extra}setup\n  \
             White man on a1\n  Black king on b1\n  Black man {goal}\n\
             move step any onto empty, enemy\n"
        ))
    };
    // Taking the king wins, though a man is left.
    let engine = game_of("", "on c1\ngoal White wins with no enemy king");
    let mut game = Game::new(&engine);
    game.play("a1xb1").unwrap();
    assert_eq!(game.status(), Status::Over(Win(PlayerId::FIRST)));
    // A king in reserve still counts.
    let engine = game_of(
        "reserve Black 1 king\nmove place king\n",
        "on c1\ngoal White wins with no enemy king",
    );
    let mut game = Game::new(&engine);
    game.play("a1xb1").unwrap();
    assert_eq!(game.status(), Status::Ongoing);
    // Two men in one stack are two men; the king is not a man.
    for (men, over) in [(2, false), (1, true)] {
        let engine = game_of(
            "",
            &format!("stacks of {men} on c1\ngoal White wins with at most 1 enemy man pieces"),
        );
        let mut game = Game::new(&engine);
        game.play("a1xb1").unwrap();
        assert_eq!(game.status() != Status::Ongoing, over, "{men} men");
    }
}

/// `chain between A and B and C`: one group must touch all three regions;
/// touching two is not enough.
#[test]
fn a_chain_between_three_regions_touches_all_three() {
    use gamut::engine::{Game, Outcome::Win, Status};
    use gamut::rules::PlayerId;
    let engine = common::engine_of(
        "board 4 x 4\nplayers White, Black\nreserve 8 each\nmove place\n\
         goal White wins with chain between file a and file d and rank 4\n",
    );
    let mut game = Game::new(&engine);
    for m in ["a1", "a3", "b1", "b3", "c1", "c3", "d1"] {
        game.play(m).unwrap();
    }
    // Files a and d are joined, rank 4 is not reached.
    assert_eq!(game.status(), Status::Ongoing);
    for m in ["a4", "d2", "b4", "d3", "c4"] {
        game.play(m).unwrap();
    }
    assert_eq!(game.status(), Status::Ongoing);
    game.play("d4").unwrap();
    assert_eq!(game.status(), Status::Over(Win(PlayerId::FIRST)));
}

/// `capturing flanked enemies in runs of 2`: only a run of exactly two
/// is taken (Pente's pairs), and a placement that must take is legal
/// only where it brackets such a run.
#[test]
fn flanking_in_runs_of_a_length_takes_only_those_runs() {
    let engine = common::engine_of(
        "board 7 x 1\nplayers White, Black\nreserve 5 each\n\
         setup\n  White on a1, f1\n  Black on b1, c1, e1\n\
         move place, capturing flanked enemies in runs of 2, must remove a piece\n",
    );
    let mut game = gamut::engine::Game::new(&engine);
    assert_eq!(game.legal_notations(), ["d1"]);
    game.play("d1").unwrap();
    let pos = game.position();
    let black = gamut::rules::PlayerId::new(1);
    let cells: Vec<String> = pos
        .owned(black)
        .iter()
        .map(|c| engine.rules().board.cell_name(c))
        .collect();
    assert_eq!(cells, ["e1"]);
}

/// A row of exactly two on a 6 x 7 board, after turns of two slides:
/// 15,309 moves, each act checked for the row. The check of a start
/// cell is a few mask tests there, and is charged so: it was charged as a
/// walk along each line, and the listing, made in about 15 ms, was
/// refused as more work than a second's.
#[test]
fn a_wide_turn_checked_for_an_exact_row_is_listed_whole() {
    let engine = engine_of(
        "board 6 x 7\nplayers White, Black\npieces stone\n\
         setup\n  White stone on dark\n\
         move slide orthogonal\n\
         then must slide any onto empty, friend or relocate to board\n\
         goal each wins with exactly 2 in a row along forward\n",
    );
    let mut out = gamut::engine::Successors::default();
    engine.successors(&engine.start(), &mut out);
    assert_eq!(out.overrun(), None);
    assert_eq!(out.positions.len(), 15_309);
}

/// The last cell is part of a position only while a later turn's rule
/// may read it: here a removal `next to the last cell` is open on turn 2
/// alone, so from turn 3 two captures that end the same but for their
/// last cell are one move. (Kept for the whole game, they were two:
/// 316 and 3,748 at depths 4 and 5 where an independent generator of
/// the rules, written from the reference, counts 300 and 3,504.)
#[test]
fn the_last_cell_is_kept_only_while_a_rule_may_read_it() {
    let engine = engine_of(
        "board 4 x 4\nplayers Black, White\nsetup\n  Black on dark\n  White on light\n\
         move remove a piece from corners, b2, c3, only on turn 1\n\
         move remove a piece from board, next to the last cell along orthogonal, only on turn 2\n\
         move jump over enemy orthogonal, capturing, only from turn 3\n\
         then may relocate to board, in sight of the last piece along diagonal\n\
         when stuck lose\n",
    );
    let start = engine.start();
    let counts: Vec<u64> = (1..=5)
        .map(|depth| gamut::engine::perft(&engine, &start, depth, &mut Vec::new()).unwrap())
        .collect();
    assert_eq!(counts, [4, 12, 16, 300, 3504]);
    let mut game = gamut::engine::Game::new(&engine);
    play(&mut game, "b2 b1 b4xb2(b3) d1xb1(c1) c3xc1(c2)");
    assert_eq!(game.legal_notations().len(), 43);
}

/// `extends "x" without moves` leaves out the parent's `move` and `then`
/// lines, and `without promotions` its `promote` lines; otherwise they
/// accumulate.
#[test]
fn a_variant_may_leave_out_its_parents_moves_and_promotions() {
    let first_moves = |text: &str| {
        let engine = engine_of(text);
        gamut::engine::perft(&engine, &engine.start(), 1, &mut Vec::new()).unwrap()
    };
    // Breakthrough's 22 opening moves; straight steps alone are 8.
    assert_eq!(first_moves("extends \"breakthrough\"\n"), 22);
    assert_eq!(
        first_moves("extends \"breakthrough\" without moves\nmove step forward onto empty\n"),
        8
    );
    assert_eq!(
        first_moves("extends \"breakthrough\"\nmove step forward onto empty\n"),
        22,
        "without `without`, the variant's moves add to the parent's"
    );
    // English draughts without its promotion: a man on the far rank stays
    // a man (the game checks clean, with the variant's own kinds used).
    let text = "extends \"english-draughts\" without promotions\n";
    let checked = gamut::load::check_source("v.game", text, gamut::check::Origin::Memory);
    let rules = checked.rules.expect("the variant checks");
    assert!(rules.promotions.is_empty(), "{:?}", rules.promotions);
    let both = "extends \"english-draughts\" without moves, promotions\nmove step man forward-diagonal onto empty\n";
    let checked = gamut::load::check_source("v.game", both, gamut::check::Origin::Memory);
    let rules = checked.rules.expect("the variant checks");
    assert_eq!(rules.parts[0].options.len(), 1);
}
