//! Games and command lines built to break gamut, as an attacker would
//! write them: each ends in a result or a clear error, never a panic, an
//! abort or a hang.

mod common;

use std::process::Command;

use common::{engine_of, gamut, gamut_in, scratch};
use gamut::check::Origin;
use gamut::engine::{Game, perft};
use gamut::load::check_source;

fn codes(text: &str) -> Vec<&'static str> {
    let checked = check_source("hostile.game", text, Origin::Memory);
    checked
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect()
}

/// `enter at board pushing any` on 16 x 16 has 1,860 entry lines for each
/// player, far more than one byte can number.
#[test]
fn an_enter_with_thousands_of_entry_lines_plays() {
    let engine = engine_of(
        "board 16 x 16\nplayers A, B\npieces stone\nreserve 3 each\nmove enter at board pushing any\n",
    );
    // Entering on an empty cell ends the same way whatever the push: 256
    // moves. Then B enters on one of the 255 empty cells, or on A's stone,
    // pushing it to any of its neighbours (twice the 930 king-move pairs).
    let start = engine.start();
    assert_eq!(perft(&engine, &start, 1, &mut Vec::new()), Ok(256));
    assert_eq!(
        perft(&engine, &start, 2, &mut Vec::new()),
        Ok(256 * 255 + 2 * 930)
    );
    // Every move of the last entry lines is played by its notation.
    let mut game = Game::new(&engine);
    game.play("p16").unwrap();
    for text in game.legal_notations() {
        let mut again = Game::new(&engine);
        again.play("p16").unwrap();
        again.play(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn a_part_of_255_options_plays_and_256_are_refused() {
    let game = |n: usize| {
        let mut text = String::from("board 8 x 8\nplayers A, B\nsetup\n  A on a1\n  B on h8\n");
        for _ in 0..n {
            text.push_str("move step any onto empty\n");
        }
        text.push_str("then may step any onto empty\n");
        text
    };
    let engine = engine_of(&game(255));
    assert!(perft(&engine, &engine.start(), 2, &mut Vec::new()).unwrap() > 0);
    assert_eq!(codes(&game(256)), ["G059"]);
    assert_eq!(codes(&game(600)), ["G059"], "reported once per part");
}

#[test]
fn a_chain_of_twelve_thousand_excepts_is_checked_without_recursion() {
    let text = format!(
        "board 8 x 8\nplayers A, B\nregion r = board{}\nmove place on r\n",
        " except a1".repeat(12_000)
    );
    let checked = check_source("excepts.game", &text, Origin::Memory);
    assert!(!checked.has_errors());
}

#[test]
fn regions_nested_past_64_are_refused_once_at_any_length() {
    let chain = |n: usize| {
        let mut text = String::from("board 8 x 8\nplayers A, B\n");
        for i in 0..n {
            text.push_str(&format!("region zone{i} = zone{}\n", i + 1));
        }
        text.push_str(&format!(
            "region zone{n} = a1\nmove place on zone0\nreserve 1 each\n"
        ));
        text
    };
    assert!(codes(&chain(63)).is_empty());
    // Once, not once for every 64 names of the chain.
    assert_eq!(codes(&chain(4_700)), ["G026"]);
    // A cycle longer than the limit is told as the cycle it is, once.
    let cycle = chain(4_700).replace("region zone4700 = a1", "region zone4700 = zone0");
    assert_eq!(codes(&cycle), ["G025"]);
}

#[test]
fn times_that_are_not_a_sensible_number_of_seconds_are_refused() {
    for think in ["inf", "1e300", "NaN", "0", "1e-300", "-1", "soon"] {
        let (code, _, err) = gamut(&["play", "network", &format!("--think={think}")]);
        assert_eq!(code, 2, "--think {think}");
        assert!(err.contains("seconds"), "--think {think}: {err}");
        let (code, _, err) = gamut(&["bench", "network", &format!("--seconds={think}")]);
        assert_eq!(code, 2, "--seconds {think}");
        assert!(err.contains("seconds"), "--seconds {think}: {err}");
    }
    let (code, _, _) = gamut(&["play", "network", "--iterations", "0"]);
    assert_eq!(code, 2);
}

#[test]
fn sixteen_thousand_repeated_errors_make_a_short_report_with_the_true_count() {
    let dir = scratch("repeated");
    let text = format!(
        "players A, B\nmove place on board\n{}",
        "board 8 x 8\n".repeat(16_000)
    );
    std::fs::write(dir.join("boards.game"), text).unwrap();
    let (code, out, _) = gamut_in(&dir, &["validate", "boards.game"], "");
    assert_eq!(code, 1);
    assert!(out.len() < 10_000, "{} bytes", out.len());
    assert_eq!(out.matches("error[G011]").count(), 10);
    assert!(out.contains("15989 more errors[G011] left out"), "{out}");
    assert!(out.ends_with("boards.game: 15999 errors\n"), "{out}");
}

#[test]
fn a_long_line_is_shown_as_a_window_around_the_place() {
    let names: Vec<String> = (0..2000).map(|i| format!("zz{i}")).collect();
    let defined = (0..2000)
        .map(|i| format!("region y{i}y = a1"))
        .collect::<Vec<_>>()
        .join("\n");
    let text = format!(
        "board 8 x 8\nplayers A, B\n{defined}\nregion r = a1, {}\nmove place on r, {}\n",
        names.join(", "),
        (0..2000)
            .map(|i| format!("y{i}y"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    let checked = check_source("long.game", &text, Origin::Memory);
    let last = checked.diagnostics.last().expect("errors");
    let shown = gamut::diag::render(last, &checked.sources, false);
    assert!(shown.lines().all(|l| l.chars().count() < 260), "{shown}");
    // The caret still stands under the name it points at.
    let lines: Vec<&str> = shown.lines().collect();
    let (source, carets) = (lines[3], lines[4]);
    let at = carets.find('^').unwrap();
    let under: String = source.chars().skip(at).take(4).collect();
    assert!(
        last.message.contains(under.trim_end_matches(',')),
        "{shown}"
    );
}

#[test]
fn a_fifo_or_a_device_is_refused_at_once_as_a_game_or_a_record() {
    let dir = scratch("fifo");
    let made = Command::new("mkfifo")
        .arg(dir.join("pipe.game"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    std::fs::write(dir.join("child.game"), "extends \"pipe\"\n").unwrap();
    for args in [
        &["validate", "pipe.game"][..],
        &["play", "--load", "pipe.game"],
        &["replay", "/dev/zero"],
        &["play", "--load", "/dev/zero"],
        &["validate", "/dev/zero"],
    ] {
        let (code, _, err) = gamut_in(&dir, args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
    let (code, out, _) = gamut_in(&dir, &["validate", "child.game"], "");
    assert_eq!(code, 1);
    assert!(out.contains("not a regular file"), "{out}");
}

#[test]
fn a_record_larger_than_any_game_is_refused() {
    let dir = scratch("big-record");
    // Past 64 MiB (a sparse file: nothing but its length is written).
    let file = std::fs::File::create(dir.join("big.toml")).unwrap();
    file.set_len(65 << 20).unwrap();
    let (code, _, err) = gamut_in(&dir, &["replay", "big.toml"], "");
    assert_eq!(code, 2);
    assert!(err.contains("larger than"), "{err}");
    // Within the bytes, more moves than a game gamut plays: each would
    // keep its position (six million took gigabytes, then aborted).
    // A tic-tac-toe record of these moves (already quoted).
    let record = |moves: &str| {
        format!(
            "game = \"Tic-tac-toe\"\nsource = \"tic-tac-toe\"\nrules_hash = \"0\"\n\
             result = \"unfinished\"\nmoves = [{moves}]\n\n[players]\nX = \"human\"\nO = \"human\"\n"
        )
    };
    let moves = vec!["\"a1\""; 1_000_001].join(",");
    std::fs::write(dir.join("long.toml"), record(&moves)).unwrap();
    for args in [
        &["replay", "long.toml"][..],
        &["play", "--load", "long.toml"],
    ] {
        let (code, _, err) = gamut_in(&dir, args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(
            err.contains("1000001 moves, more than the 1000000"),
            "{err}"
        );
    }
    // One move of a megabyte: refused, and quoted short.
    let wide = format!("\"{}\"", "a".repeat(1 << 20));
    std::fs::write(dir.join("wide.toml"), record(&wide)).unwrap();
    // (With --force, the game goes on from before that move.)
    let (_, _, err) = gamut_in(&dir, &["play", "--load", "wide.toml", "--force"], "");
    assert!(
        err.contains("wide.toml: move 1 of the record: `aaa"),
        "{}",
        &err[..200]
    );
    assert!(err.len() < 10_000, "{} bytes", err.len());
}

#[test]
fn extends_never_reads_a_file_that_is_not_a_game() {
    let dir = scratch("passwd");
    std::fs::create_dir_all(dir.join("a/b")).unwrap();
    std::fs::write(dir.join("secret"), "root:x:0:0:the secret line\n").unwrap();
    std::fs::write(dir.join("a/b/v.game"), "extends \"../../secret\"\n").unwrap();
    let (code, out, err) = gamut_in(&dir, &["validate", "a/b/v.game"], "");
    assert_eq!(code, 1);
    assert!(
        !out.contains("secret line") && !err.contains("secret line"),
        "{out}"
    );
    assert!(out.contains("cannot find the game"), "{out}");
    // A parent that is a link in a loop is there, and cannot be read.
    std::os::unix::fs::symlink("loop.game", dir.join("a/b/loop.game")).unwrap();
    std::fs::write(dir.join("a/b/w.game"), "extends \"loop\"\n").unwrap();
    let (code, out, _) = gamut_in(&dir, &["validate", "a/b/w.game"], "");
    assert_eq!(code, 1);
    assert!(out.contains("G016") && out.contains("cannot read"), "{out}");
}

#[test]
fn save_asks_before_replacing_and_never_replaces_what_is_not_a_regular_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("save");
    // A user's own FILE.tmp is never touched.
    std::fs::write(dir.join("game.rec.tmp"), "mine").unwrap();
    let (_, out, _) = gamut_in(&dir, &["play", "network"], "e5\nsave game.rec\nquit\n");
    assert!(out.contains("Saved 1 move to game.rec."), "{out}");
    assert_eq!(
        std::fs::read_to_string(dir.join("game.rec.tmp")).unwrap(),
        "mine"
    );
    // Replacing asks; no keeps the file.
    std::fs::set_permissions(dir.join("game.rec"), std::fs::Permissions::from_mode(0o600)).unwrap();
    let (_, out, _) = gamut_in(&dir, &["play", "network"], "save game.rec\nn\nquit\n");
    assert!(out.contains("game.rec exists. Replace it? [y/N]"), "{out}");
    assert!(out.contains("left as it was"), "{out}");
    assert!(
        std::fs::read_to_string(dir.join("game.rec"))
            .unwrap()
            .contains("e5")
    );
    // Yes replaces it and keeps its permissions.
    let (_, out, _) = gamut_in(&dir, &["play", "network"], "save game.rec\ny\nquit\n");
    assert!(out.contains("Saved 0 moves"), "{out}");
    let meta = std::fs::metadata(dir.join("game.rec")).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    // A link is written through, and stays a link.
    std::os::unix::fs::symlink("game.rec", dir.join("link.rec")).unwrap();
    let (_, out, _) = gamut_in(&dir, &["play", "network"], "d4\nsave link.rec\ny\nquit\n");
    assert!(out.contains("Saved 1 move "), "{out}");
    assert!(
        std::fs::symlink_metadata(dir.join("link.rec"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(dir.join("game.rec"))
            .unwrap()
            .contains("d4")
    );
    // A read-only file, a folder and a device are refused.
    std::fs::write(dir.join("locked.rec"), "keep").unwrap();
    std::fs::set_permissions(
        dir.join("locked.rec"),
        std::fs::Permissions::from_mode(0o444),
    )
    .unwrap();
    let (_, out, _) = gamut_in(
        &dir,
        &["play", "network"],
        "save locked.rec\ny\nsave /dev/null\nsave .\nquit\n",
    );
    assert!(out.contains("locked.rec is read-only"), "{out}");
    assert!(out.contains("/dev/null is a special file"), "{out}");
    assert!(out.contains(". is a folder"), "{out}");
    assert_eq!(
        std::fs::read_to_string(dir.join("locked.rec")).unwrap(),
        "keep"
    );
    // No temporary file is left behind.
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("gamut-tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn terminal_escapes_in_user_text_are_never_printed_raw() {
    let dir = scratch("escapes");
    std::fs::write(
        dir.join("evil.game"),
        "game \"Evil\u{1b}]0;owned\u{7}\"\nboard 4 x 4\nplayers A, B\nmove place on board\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("\u{1b}[31mred.game"),
        "board 4 x 4\nplayers A, B\nmove place on board\n",
    )
    .unwrap();
    let runs = [
        gamut_in(&dir, &["validate", "evil.game"], ""),
        gamut_in(&dir, &["validate", "\u{1b}[31mred.game"], ""),
        gamut_in(
            &dir,
            &["perft", "network", "1", "--moves", "e5\u{1b}[2J"],
            "",
        ),
        gamut_in(&dir, &["play", "network"], "e5\u{1b}]0;owned\u{7}\nquit\n"),
        gamut_in(&dir, &["validate", "no\u{1b}[2Jsuch.game"], ""),
    ];
    for (_, out, err) in &runs {
        for text in [out, err] {
            assert!(
                !text.contains('\u{1b}') && !text.contains('\u{7}'),
                "{text:?}"
            );
        }
    }
    assert!(runs[0].1.contains("error[G027]"), "{}", runs[0].1);
    assert!(runs[2].2.contains("\\u{1b}"), "{}", runs[2].2);
}

/// Cells of an `n` x `n` board, in notation, that `keep` holds.
fn cells(n: u8, keep: impl Fn(u8, u8) -> bool) -> String {
    let mut out = Vec::new();
    for f in 0..n {
        for r in 0..n {
            if keep(f, r) {
                out.push(format!("{}{}", (b'a' + f) as char, r + 1));
            }
        }
    }
    out.join(", ")
}

/// One piece among a lattice of pieces with holes on every other file and
/// rank: its chained jumps have more paths than can be walked.
fn lattice(n: u8, jump: &str) -> String {
    format!(
        "board {n} x {n}\nplayers A, B\nsetup\n  A on a1\n  B on {}\nmove {jump}\n",
        cells(n, |f, r| !(f % 2 == 0 && r % 2 == 0))
    )
}

#[test]
fn chained_jumps_with_more_paths_than_atoms_stop_with_the_rule_named() {
    let dir = scratch("lattice");
    for (n, jump, rule) in [
        (9, "jump over any any, chained", "listing the jumps of a1"),
        (7, "jump over enemy any, chained, capturing", "capture"),
    ] {
        std::fs::write(dir.join("lattice.game"), lattice(n, jump)).unwrap();
        let (code, out, err) = gamut_in(&dir, &["perft", "lattice.game", "1"], "");
        assert_eq!(code, 2, "{jump}: {out}");
        assert!(err.contains("perft stopped") && err.contains(rule), "{err}");
        let (code, _, err) = gamut_in(&dir, &["bench", "lattice.game", "--playouts", "1"], "");
        assert_eq!(code, 2);
        assert!(err.contains("bench stopped"), "{err}");
        // The prompt says so and offers a way back instead of hanging.
        let (code, out, _) = gamut_in(&dir, &["play", "lattice.game"], "a1-c3\nquit\n");
        assert_eq!(code, 0);
        assert!(
            out.contains("cannot list the moves of this position"),
            "{out}"
        );
        assert!(out.contains("cannot be checked here"), "{out}");
        // So does a computer seat.
        let (code, out, _) = gamut_in(&dir, &["play", "lattice.game", "A=mcts", "B=mcts"], "");
        assert_eq!(code, 2);
        assert!(out.contains("cannot list the moves"), "{out}");
    }
}

#[test]
fn a_turn_of_four_big_parts_is_refused_or_bounded_never_a_hang() {
    let dir = scratch("four-parts");
    let game = |size: u8, setup: &str| {
        format!(
            "board {size} x {size}\nplayers A, B\nsetup\n{setup}\nmove step any onto empty\n{}",
            "then may step any onto empty\n".repeat(3)
        )
    };
    // Thirty-two pieces on 16 x 16: a hundred million ways a turn.
    let many = game(16, "  A on ranks 1..2\n  B on ranks 15..16");
    std::fs::write(dir.join("many.game"), many).unwrap();
    let (code, _, err) = gamut_in(&dir, &["perft", "many.game", "1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("the ways of a turn of 4 parts"), "{err}");
    // A draw outlines the turn with a larger budget, and runs into the
    // moves a listing keeps instead.
    let (code, _, err) = gamut_in(&dir, &["bench", "many.game", "--playouts", "1"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("bench stopped") && err.contains("more than 250000 legal moves"),
        "{err}"
    );
    // Two pieces: every turn can be listed, each slowly; a time limit is
    // honoured inside a play-out, so the bench ends though no play-out
    // does, and says so (a rate of 0 would read as a broken engine).
    std::fs::write(
        dir.join("few.game"),
        game(8, "  A on a1, h1\n  B on a8, h8"),
    )
    .unwrap();
    let (code, out, err) = gamut_in(&dir, &["bench", "few.game", "--seconds", "0.5"], "");
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("finished no play-out in 0.50 s") && err.contains("more --seconds"),
        "{err}"
    );
    let (code, out, _) = gamut_in(
        &dir,
        &[
            "play",
            "few.game",
            "A=mcts",
            "B=mcts",
            "--think",
            "0.2",
            "--ply-cap",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Stopped after 2 moves"), "{out}");
}

/// Found by the fuzz harness: a random draw of a four-part turn whose
/// budget ran out while it checked a drawn way took the short listing for
/// a wrong count (a failed check in a debug build). The play-out now ends
/// with the overrun, like any listing the budget stops.
#[test]
fn a_draw_cut_short_by_the_budget_ends_the_play_out() {
    let engine = engine_of(
        "board 11 x 12\nplayers White, Black\npieces k0x\nreserve 1 each\n\
         setup\n  White k0x on dark\nregion zone0x = a1\nmove place on zone0x\n\
         move slide backward up to height onto empty, must end further forward\n\
         move enter at board pushing forward, converting flanked enemies\n\
         then may jump over friend any at most once\n\
         then must jump over friend any at most once\n\
         then may jump over friend any at most once\n\
         goal each wins with exactly 10 in a row along backward\n",
    );
    let mut overruns = 0;
    for seed in 0..30 {
        let mut rng = gamut::rng::Rng::new(seed);
        let mut pos = engine.start();
        let mut scratch = gamut::engine::Successors::default();
        for _ in 0..4 {
            let over = engine.play_random(&mut pos, &mut rng, &mut scratch);
            if scratch.overrun().is_some() {
                overruns += 1;
                break;
            }
            if over.is_some() {
                break;
            }
        }
    }
    // The first turn has more ways than a listing may charge for.
    assert!(overruns > 0, "no play-out met the budget");
}

/// Wherever the work of a listing runs out (in the generation, the
/// goal checks, the replays, the mandatory-capture filter), it ends whole
/// or with the overrun: never a panic, never a short listing passed off
/// as whole. (Found by the fuzz harness: a goal check cut short among
/// the replays read as "no goal", and a move legal only through its goal
/// failed to replay: a panic, on `gamut perft` of a big enough game and in
/// a search whose time ran out there.)
#[test]
fn a_listing_cut_at_any_amount_of_work_is_whole_or_says_so() {
    let rules = "board 4 x 4\nplayers White, Black\npieces stone\n\
                 setup\n  White stone on dark\n  Black stone on a2\n\
                 move slide orthogonal onto empty, enemy\n\
                 then must slide any onto empty, friend or relocate to board\n\
                 goal each wins with exactly 2 in a row along forward\n";
    for extra in [
        "",
        "captures are mandatory\n",
        "captures are mandatory, taking the most\n",
    ] {
        let engine = engine_of(&format!("{rules}{extra}"));
        let start = engine.start();
        let mut whole = gamut::engine::Successors::default();
        engine.successors(&start, &mut whole);
        assert!(whole.overrun().is_none() && whole.len() > 20, "{extra}");
        let mut cut_short = 0;
        for chunks in 1..400 {
            let mut out = gamut::engine::Successors::default();
            let ((), overrun) = gamut::engine::within_work(chunks * 4096, || {
                engine.successors(&start, &mut out);
            });
            if overrun.is_none() {
                assert!(out.overrun().is_none(), "{extra}{chunks}");
                assert_eq!(out.positions, whole.positions, "{extra}{chunks}");
                break;
            }
            assert!(out.overrun().is_some(), "{extra}{chunks}");
            cut_short += 1;
            let mut rng = gamut::rng::Rng::new(chunks);
            let mut pos = start.clone();
            let (_, drawn) = gamut::engine::within_work(chunks * 4096, || {
                engine.play_random(&mut pos, &mut rng, &mut out)
            });
            assert!(
                drawn.is_some() || whole.positions.contains(&pos),
                "{extra}{chunks}"
            );
        }
        assert!(cut_short >= 3, "{extra}: cut short only {cut_short} times");
    }
}

/// Found by the fuzz harness: a dropped placement followed by a return
/// was checked for a free second part with no landing cell at all, and
/// the rank of cell 255 was read (a panic on loading the game).
#[test]
fn a_dropped_placement_before_a_return_loads_and_plays() {
    let engine = engine_of(
        "board 1 x 2\nplayers White, Black\npieces k0x\n\
         move place on board, only when reserve is empty, dropping down\n\
         then may return a piece from board to reserve\n",
    );
    assert_eq!(perft(&engine, &engine.start(), 2, &mut Vec::new()), Ok(0));
    let engine = engine_of(
        "board 4 x 4\nplayers White, Black\nreserve 4 each\n\
         move place, dropping down\nthen may return a piece from rank 4 to reserve\n",
    );
    // Four columns to drop into, then the turn ends or not: nothing can
    // be returned from the top rank yet.
    assert_eq!(perft(&engine, &engine.start(), 1, &mut Vec::new()), Ok(4));
}

#[test]
fn a_turn_too_big_to_list_is_still_played_part_by_part() {
    let dir = scratch("by-parts");
    let game = "board 16 x 16\nplayers A, B\nsetup\n  A on ranks 1..2\n  B on ranks 15..16\n\
                move step any onto empty\nthen may step any onto empty\n\
                then may step any onto empty\nthen may step any onto empty\n";
    std::fs::write(dir.join("wide.game"), game).unwrap();
    let (code, out, _) = gamut_in(
        &dir,
        &["play", "wide.game", "B=random"],
        "a2-a3/a3-a4/a4-a5/a5-a6\nb2-b3/b3-b4\nsave wide.rec\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("A move is still read part by part"), "{out}");
    assert!(
        out.contains("Last move: A a2-a3/a3-a4/a4-a5/a5-a6"),
        "{out}"
    );
    assert!(out.contains("Last move: A b2-b3/b3-b4"), "{out}");
    assert_eq!(out.matches("drawn part by part").count(), 2, "{out}");
    // The record replays, move by move, part by part.
    let (code, out, err) = gamut_in(&dir, &["replay", "wide.rec"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Move 4: "), "{out}");
}

/// Where the moves can be listed, reading a move part by part finds the
/// listed move's result, and a move drawn part by part is a listed one.
#[test]
fn part_by_part_agrees_with_the_listed_moves() {
    let engine = engine_of(
        "board 5 x 5\nplayers A, B\nsetup\n  A on a1, e1\n  B on a5, e5\n\
         move step any onto empty\nthen may step orthogonal onto empty\nthen must slide diagonal\n",
    );
    let mut rng = gamut::rng::Rng::new(7);
    let mut game = Game::new(&engine);
    let mut scratch = gamut::engine::Successors::default();
    for _ in 0..6 {
        let pos = game.position().clone();
        let successors = game.successors();
        assert!(successors.overrun().is_none());
        for (mv, next) in successors.moves.iter().zip(&successors.positions) {
            let text = engine.notation(&pos, mv);
            let (_, found) = engine
                .parse_by_parts(&pos, &text, &mut scratch)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(&found, next, "{text}");
        }
        for _ in 0..20 {
            let (_, drawn) = engine
                .random_by_parts(&pos, &mut rng, &mut scratch)
                .expect("a move");
            assert!(successors.positions.contains(&drawn));
        }
        assert!(
            engine
                .parse_by_parts(&pos, "a1-a2/zz", &mut scratch)
                .is_err()
        );
        game.play_index(rng.below(game.legal().len()));
    }
}

#[test]
fn a_network_search_over_a_crowded_board_stops_with_the_goal_named() {
    let dir = scratch("network");
    // 150 pieces and a network that must pass through 120 of them: a
    // search for a path through most of a crowded board.
    let pieces = cells(16, |f, r| (1..15).contains(&r) && (f * 7 + r * 3) % 5 != 0);
    let game = format!(
        "board 16 x 16\nplayers Dark, Light\nreserve 5 each\nsetup\n  Dark on a1, {pieces}\n\
         move place on rank 16\n\
         goal Dark wins with network between rank 1 and rank 16, at least 120 pieces\n"
    );
    std::fs::write(dir.join("net.game"), game).unwrap();
    let (code, _, err) = gamut_in(&dir, &["perft", "net.game", "1"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("checking `goal Dark wins with network between rank 1 and rank 16"),
        "{err}"
    );
}

#[test]
fn a_turn_order_of_a_thousand_turns_plays() {
    let order = vec!["A"; 998].join(", ");
    let engine = engine_of(&format!(
        "board 4 x 4\nplayers A, B\nturns {order}, then repeat B, A\nmove place\n"
    ));
    assert!(perft(&engine, &engine.start(), 3, &mut Vec::new()).is_ok());
}

/// A board of one file and 256 ranks has 256 cells, but a rank is
/// numbered by one byte: it is refused as too many ranks, not taken for a
/// board whose `without` removed every cell. One rank fewer plays.
#[test]
fn a_board_of_one_file_and_256_ranks_is_too_tall() {
    let game = |h: u32| format!("board 1 x {h}\nplayers A, B\nreserve 3 each\nmove place\n");
    assert_eq!(codes(&game(256)), ["G030"]);
    let engine = engine_of(&game(255));
    assert_eq!(engine.rules().board.cells.len(), 255);
    assert_eq!(perft(&engine, &engine.start(), 1, &mut Vec::new()), Ok(255));
}

/// Thousands of named regions, in chains or listed in one move, are
/// checked in one pass over their names: such files took 10 to 40
/// seconds, walking each chain again for every name and copying the set
/// of names used once per name. Regions that reach `forward-cone`
/// through a chain are still told apart from those that do not.
#[test]
fn thousands_of_chained_or_listed_regions_are_checked() {
    let mut text = String::from("board 5 x 5\nplayers A, B\nreserve 3 each\n");
    // 300 chains of 40 names, each defined by the next.
    for c in 0..300 {
        for i in 0..40 {
            text.push_str(&format!("region c{c}x{i} = rank 1, c{c}x{}\n", i + 1));
        }
        text.push_str(&format!("region c{c}x40 = rank 2\n"));
    }
    // 6,000 names listed in one move.
    for i in 0..6_000 {
        text.push_str(&format!("region s{i}x = rank 3\n"));
    }
    let listed: Vec<String> = (0..6_000).map(|i| format!("s{i}x")).collect();
    let chains: Vec<String> = (0..300).map(|c| format!("c{c}x0")).collect();
    text.push_str(&format!(
        "move place on {}, {}\n",
        listed.join(", "),
        chains.join(", ")
    ));
    // A cone reached through two names: a region of each piece's cell.
    text.push_str("region ahead = near\nregion near = forward-cone\n");
    text.push_str("move step any onto empty, only if own pieces fill ahead\n");
    let checked = check_source("regions.game", &text, Origin::Memory);
    assert!(!checked.has_errors(), "{:?}", checked.diagnostics.first());
    let rules = checked.rules.expect("valid");
    let named = |name: &str| rules.regions.iter().find(|r| r.name == name);
    assert_eq!(rules.regions.len(), 300 * 41 + 6_000);
    assert_eq!(named("c7x0").map(|r| r.cells[0].len()), Some(10));
    assert_eq!(named("c7x40").map(|r| r.cells[0].len()), Some(5));
    assert!(named("ahead").is_none() && named("near").is_none());
    let engine = gamut::engine::Engine::new(rules);
    assert_eq!(
        perft(&engine, &engine.start(), 1, &mut Vec::new()).unwrap(),
        15
    );
}

/// Unknown region names are reported once each (a name is evaluated for
/// each player, and past the ten shown was once counted twice), and a
/// file of hundreds of thousands of them is checked in little memory: the
/// ones not shown are only counted. A file over 1 MiB is refused.
#[test]
fn unknown_names_are_counted_once_and_cheaply() {
    let dir = scratch("unknown-names");
    let game = |n: usize| {
        format!(
            "board 8 x 8\nplayers A, B\nreserve 10 each\nmove place\nregion r = {}\n",
            vec!["zz"; n].join(",")
        )
    };
    for n in [3, 11, 100_000] {
        std::fs::write(dir.join("unknown.game"), game(n)).unwrap();
        let (code, out, _) = gamut_in(&dir, &["validate", "unknown.game"], "");
        assert_eq!(code, 1);
        assert!(
            out.contains(&format!("unknown.game: {n} errors")),
            "{n}: {out}"
        );
        let shown = out.lines().filter(|l| l.starts_with("error[G021]")).count();
        assert_eq!(shown, n.min(10), "{n}");
    }
    std::fs::write(dir.join("huge.game"), game(400_000)).unwrap();
    let (code, _, err) = gamut_in(&dir, &["validate", "huge.game"], "");
    assert_eq!(code, 2);
    assert!(err.contains("larger than 1 MiB"), "{err}");
}

/// A region that uses `forward-cone`, long and used by every option of a
/// part, is checked once per cell and player: a file of 255 such options
/// took 88 s to check, and the language server as long to answer.
#[test]
fn a_long_cone_region_used_by_many_moves_is_checked_once() {
    let dir = scratch("cone-uses");
    let cells: Vec<String> = (0..30_000)
        .map(|i| format!("{}{}", char::from(b'a' + (i % 16) as u8), 1 + i / 16 % 16))
        .collect();
    let mut text = format!(
        "board 16 x 16\nplayers A, B\nsetup\n  A on rank 1\n  B on rank 16\n\
         region zone = (forward-cone except ({})), forward-cone\n",
        cells.join(", ")
    );
    for _ in 0..255 {
        text.push_str("move step any onto empty, only if own pieces fill zone\n");
    }
    std::fs::write(dir.join("cone.game"), text).unwrap();
    let (code, out, _) = gamut_in(&dir, &["validate", "cone.game"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ok cone.game"), "{out}");
}

/// A move of thousands of parts is refused at once (it was compared with
/// the text of every way, for a minute), and the message quotes the start
/// of what was typed, not all of it.
#[test]
fn a_move_of_thousands_of_parts_is_refused_and_quoted_short() {
    let engine = common::shipped("j");
    let mut game = gamut::engine::Game::new(&engine);
    let typed = vec!["a1^"; 3_333].join("/");
    let err = game.play(&typed).unwrap_err().to_string();
    assert!(
        err.contains("… (13331 characters)` is not a legal move"),
        "{err}"
    );
    assert!(!err.contains(&typed[..200]), "{err}");
}

/// `extends` with a misspelt name of a file next to the variant suggests
/// that file (it suggested only shipped games).
#[test]
fn extends_suggests_a_file_next_to_the_variant() {
    let dir = scratch("extends-nearby");
    std::fs::write(
        dir.join("parent.game"),
        "board 3 x 3\nplayers A, B\nreserve 5 each\nmove place\n",
    )
    .unwrap();
    std::fs::write(dir.join("kid.game"), "extends \"parnet\"\n").unwrap();
    let (code, out, _) = gamut_in(&dir, &["validate", "kid.game"], "");
    assert_eq!(code, 1);
    assert!(
        out.contains("did you mean `parent`, the file `parent.game` next to this one?"),
        "{out}"
    );
}
