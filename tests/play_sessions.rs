//! `gamut play` driven through standard input, as a person would type.
//! Short sessions that each show a behaviour of the prompt (mistakes, the
//! end of a game, the commands, a computer seat) are snapshots a person can
//! read; complete games of every shipped game are checked by assertion.

use std::io::Write;
use std::process::{Command, Stdio};

use gamut::engine::{Engine, Game, Outcome, Status};
use gamut::load::check_game;
use gamut::rng::Rng;

fn run_play(args: &[&str], input: &str) -> (i32, String, String) {
    run_play_in(std::path::Path::new("."), args, input)
}

/// The moves of the shortest finished random game among a few seeds.
fn short_game(name: &str) -> Vec<String> {
    let engine = Engine::new(check_game(name).unwrap().rules.unwrap());
    let mut best: Option<Vec<String>> = None;
    for seed in 0..40 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(&engine);
        let mut moves = Vec::new();
        while game.status() == Status::Ongoing && moves.len() < 400 {
            let legal = game.legal_notations();
            let m = legal[rng.below(legal.len())].clone();
            game.play(&m).unwrap();
            moves.push(m);
        }
        if game.status() != Status::Ongoing && best.as_ref().is_none_or(|b| moves.len() < b.len()) {
            best = Some(moves);
        }
    }
    best.expect("a random game ends within 400 moves")
}

/// Who won, as the prompt words it, by the library's reckoning.
fn verdict(name: &str, moves: &[String]) -> String {
    let engine = Engine::new(check_game(name).unwrap().rules.unwrap());
    let mut game = Game::new(&engine);
    for m in moves {
        game.play(m).unwrap();
    }
    match game.status() {
        Status::Over(Outcome::Win(p)) => {
            format!("Game over: {} wins", engine.rules().players[p].name)
        }
        Status::Over(Outcome::Draw) => "Game over: a draw".to_string(),
        Status::Ongoing => panic!("{name}: the game should be over"),
    }
}

/// Every shipped game played to its end through standard input, with the
/// error paths on the way. These transcripts are long and follow the
/// random games, so they are checked by assertion, not by snapshot.
#[test]
fn a_complete_game_of_every_shipped_game_through_standard_input() {
    for name in gamut::games::names() {
        let moves = short_game(name);
        let mut input = String::from("hello\n\nz99\n");
        for m in &moves {
            input.push_str(m);
            input.push('\n');
        }
        input.push_str(&moves[0]);
        input.push('\n');
        let (code, out, err) = run_play(&[name], &input);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains("is neither a move nor a command"), "{name}");
        assert!(out.contains("`z99` is not legal here"), "{name}");
        // Every move was taken: none refused, the last one ended the game
        // with the result the library gives, and a move after it is refused.
        assert_eq!(
            out.matches("is not legal here").count(),
            1,
            "{name}:\n{out}"
        );
        let verdict = verdict(name, &moves);
        assert_eq!(out.matches(&verdict).count(), 2, "{name}: {verdict}\n{out}");
        assert!(
            out.contains("Type `undo`, `save FILE` or `quit`."),
            "{name}"
        );
        assert!(
            out.ends_with("The game was not saved: `save FILE` keeps one.\n"),
            "{name}"
        );
    }
}

/// A tiny game that ends in five moves: a chain from rank 1 to rank 3.
const TINY: &str = "game \"Tiny\"
board 3 x 3
players Dark, Light
reserve 5 each
move place
goal each wins with chain between rank 1 and rank 3 connected orthogonal
";

#[test]
fn a_session_shows_each_kind_of_mistake_then_the_end() {
    let dir = common_scratch("tiny");
    let path = dir.join("tiny.game");
    std::fs::write(&path, TINY).unwrap();
    let input = "hello\n\nz9\na1\na1\nb1\na2\nb2\na3\nc1\n";
    let (code, out, _) = run_play(&[path.to_str().unwrap()], input);
    assert_eq!(code, 0);
    let out = out.replace(path.to_str().unwrap(), "tiny.game");
    insta::assert_snapshot!("session-tiny", out);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn common_scratch(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamut-play-{what}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn commands_undo_redo_hint_rules_and_moves() {
    let input = "moves\nf5\nrules\nundo\nredo\nundo\nundo\nredo\nhint\nhelp\nBOARD\nquit\ne5\n";
    let (code, out, _) = run_play(&["network", "--iterations", "500", "--threads", "1"], input);
    assert_eq!(code, 0);
    insta::assert_snapshot!("session-commands", out);
}

#[test]
fn a_computer_seat_moves_by_itself_and_says_so() {
    let (code, out, _) = run_play(
        &["forms-4x4", "White=random", "--seed", "7"],
        "c4xc3\nd3xd4\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("White (random) plays"), "{out}");
    insta::assert_snapshot!("session-random-seat", out);
}

#[test]
fn two_computers_play_a_whole_game_without_input() {
    let (code, out, _) = run_play(
        &[
            "forms-4x4",
            "Black=mcts",
            "White=random",
            "--iterations",
            "50",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Game over:"), "{out}");
}

#[test]
fn two_computers_stop_at_the_ply_cap() {
    let (code, out, _) = run_play(&["j", "White=random", "Black=random", "--ply-cap", "6"], "");
    assert_eq!(code, 0);
    assert_eq!(out.matches(" (random) plays ").count(), 6, "{out}");
    assert!(
        out.contains("Stopped after 6 moves: the ply cap of this session"),
        "{out}"
    );
}

#[test]
fn a_refused_move_says_why() {
    let (_, out, _) = run_play(&["network"], "a4\na1\nb2\ng6\nc2\ng4\nd2\n");
    assert!(out.contains("a4 is in Light's goal-1"), "{out}");
    assert!(out.contains("a1 is not part of the board"), "{out}");
    assert!(
        out.contains("that makes a group of more than 2 pieces"),
        "{out}"
    );
    let (_, out, _) = run_play(&["j"], "b1^\nb1^\nb1^\nb1^\nb1^\nb1^\nb1^\nb1^\nb1^\n");
    assert!(out.contains("that line is full"), "{out}");
}

/// An ending by counting says the counts, and a game that passes first
/// ends because neither player can move, not the one to move.
#[test]
fn an_ending_by_counting_says_who_could_not_move_and_the_counts() {
    let dir = common_scratch("counting");
    std::fs::write(
        dir.join("passing.game"),
        "board 2 x 1\nplayers A, B\nreserve 1 each\nmove place\nwhen stuck pass, then count\n",
    )
    .unwrap();
    let (_, out, _) = run_play_in(&dir, &["passing.game"], "a1\nb1\n");
    assert!(
        out.contains(
            "Game over: a draw: neither player can move, and the pieces on the board \
             are counted, as many each: A 1, B 1."
        ),
        "{out}"
    );
    std::fs::write(
        dir.join("counting.game"),
        "board 3 x 1\nplayers A, B\nreserve 2 each\nmove place\nwhen stuck count\n",
    )
    .unwrap();
    let (_, out, _) = run_play_in(&dir, &["counting.game"], "a1\nb1\nc1\n");
    assert!(
        out.contains(
            "Game over: A wins: B cannot move, and the pieces on the board are counted: A 2, B 1."
        ),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_seats_and_games_are_usage_errors() {
    let (code, _, err) = run_play(&["network", "Blue=mcts"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("`Blue` is not a player of this game; the players are Dark and Light"),
        "{err}"
    );
    let (code, _, err) = run_play(&["network", "Light=genius"], "");
    assert_eq!(code, 2);
    assert!(err.contains("use human, random, uct or mcts"), "{err}");
    let (code, _, err) = run_play(&["netwrk"], "");
    assert_eq!(code, 2);
    assert!(err.contains("did you mean `network`?"), "{err}");
    // A seat names a player in any case, but as written first: two players
    // whose names differ in case are each seated by their own.
    let dir = common_scratch("seat-case");
    std::fs::write(
        dir.join("case.game"),
        "board 3 x 3\nplayers White, white\nreserve 5 each\nmove place\nwhen stuck draw\n",
    )
    .unwrap();
    let (_, out, _) = run_play_in(&dir, &["case.game", "white=random"], "quit\n");
    assert!(
        out.contains("White (human) against white (random)"),
        "{out}"
    );
    let (code, _, err) = run_play_in(&dir, &["case.game", "WHITE=random"], "");
    assert_eq!(code, 2);
    assert!(err.contains("`WHITE` names both players"), "{err}");
    let (_, out, _) = run_play(&["network", "light=random"], "quit\n");
    assert!(out.contains("Dark (human) against Light (random)"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_load_and_replay_a_record() {
    let dir = std::env::temp_dir().join(format!("gamut-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.toml");
    let path = record.to_str().unwrap();
    let (code, out, _) = run_play(&["squinch"], &format!("a3-a4\nh6-h5\nsave {path}\nquit\n"));
    assert_eq!(code, 0);
    assert!(out.contains("Saved 2 moves"), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(
        saved.contains("moves = [\n    \"a3-a4\",\n    \"h6-h5\",\n]"),
        "{saved}"
    );
    assert!(saved.contains("result = \"unfinished\""), "{saved}");

    // Resuming: the game goes on from the saved position.
    let (code, out, _) = run_play(&["--load", path], "moves\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("Last move: White h6-h5"), "{out}");
    assert!(out.contains("Red to move."), "{out}");

    // Replaying from a pipe prints every position.
    let replay = Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(["replay", path])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&replay.stdout);
    assert!(replay.status.success());
    assert!(shown.contains("Move 2: h6-h5"), "{shown}");
    assert!(shown.contains("End of the record: unfinished."), "{shown}");

    // A record whose hash was edited is refused, and told so (its parts
    // still agree with the rules: changed rules are in tests/records.rs).
    let edited = saved.replace(
        &saved
            .lines()
            .find(|l| l.starts_with("rules_hash"))
            .unwrap()
            .to_string(),
        "rules_hash = \"0000000000000000\"",
    );
    std::fs::write(&record, edited).unwrap();
    let (code, _, err) = run_play(&["--load", path], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("rules_hash does not match its rules_parts"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Typed commands are read whole: `undo 2` takes back two moves, a
/// command with words it does not take is refused (not read as the bare
/// command), `save` takes a quoted name without its quotes, and when the
/// computer opened, undoing to the start keeps what `redo` plays again
/// (the computer's opening move stays, as it would be played again).
#[test]
fn commands_are_read_whole() {
    let dir = common_scratch("commands-whole");
    let input =
        "a1\nb1\nc1\nundo 2\nmoves\nquit now\nundo x\nload g1.toml\nsave \"a game.rec\"\nquit\n";
    let (code, out, _) = run_play_in(&dir, &["tic-tac-toe"], input);
    assert_eq!(code, 0, "{out}");
    // After three moves and `undo 2`, only a1 is on the board: O to move.
    assert!(out.contains("Last move: X a1\nO to move."), "{out}");
    assert!(out.contains("`quit` takes nothing after it"), "{out}");
    // What the prompt does not do is told where it is done.
    assert!(
        out.contains("resumed from the command line: `gamut play --load FILE`"),
        "{out}"
    );
    assert!(
        out.contains("`undo` takes a number of moves or nothing"),
        "{out}"
    );
    assert!(dir.join("a game.rec").is_file(), "{out}");
    assert!(!dir.join("\"a game.rec\"").exists());

    let (code, out, _) = run_play(
        &["tic-tac-toe", "X=random", "--seed", "3"],
        "a3\nundo\nundo\nredo\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("Nothing to redo"), "{out}");
    assert!(out.contains("Last move: X"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Asking to take back (or play again) more moves than there are does
/// what it can and says how many it did, so that a typo is noticed.
#[test]
fn undo_and_redo_beyond_the_moves_say_how_many() {
    // A count past the largest number is as many as there are.
    let input = "a1\nb1\nundo 99999999999999999999999\nredo 5\nquit\n";
    let (code, out, _) = run_play(&["tic-tac-toe"], input);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Took back 2 moves: there was no more to take back."),
        "{out}"
    );
    assert!(
        out.contains("Played 2 moves again: there was no more to redo."),
        "{out}"
    );
    assert!(out.contains("Last move: O b1\nX to move."), "{out}");
    // Against the computer, a turn taken back is the reply too: said so,
    // in moves, as `redo` counts them.
    let input = "a1\nb1\nundo 2\nredo 5\nquit\n";
    let (code, out, _) = run_play(&["tic-tac-toe", "O=random"], input);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Took back 4 moves, the computer's replies among them.\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "Played 4 moves again, the computer's replies among them: there was no more to redo."
        ),
        "{out}"
    );
}

/// `gamut play ARGS` in `dir`, fed `input`: its exit code, output and errors.
fn run_play_in(dir: &std::path::Path, args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamut"))
        .arg("play")
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gamut play");
    // A session refused before it reads (a usage error) closes its input:
    // what it did not read is no failure of the test's.
    let written = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write moves: {e}");
    }
    let out = child.wait_with_output().expect("gamut play ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// What a person types is read as meant: a move with spaces in it, a
/// move written with the wrong sign for taking, a move another way of
/// writing reaches, and an answer to "replace it?" that is a move.
#[test]
fn typed_lines_are_read_as_meant() {
    let dir = common_scratch("as-meant");
    // Spaces inside a move, and `-` for a move that takes.
    let (_, out, _) = run_play_in(&dir, &["forms-4x4"], "b1 x a1\nundo\nb1-a1\nquit\n");
    assert!(out.contains("Last move: Black b1xa1"), "{out}");
    assert!(
        out.contains("`b1-a1` is written `b1xa1` here: a move that takes is written with `x`"),
        "{out}"
    );
    // J: an entry at b1 that leaves the board as a1's push is that move.
    let (_, out, _) = run_play_in(&dir, &["j"], "a1\na1^\nb8\nb1\nquit\n");
    assert!(out.contains("`b1` is the move written `a1>`."), "{out}");
    // `yes` replaces; a move given as the answer is played, not lost.
    std::fs::write(dir.join("old.toml"), "").unwrap();
    let (_, out, _) = run_play_in(
        &dir,
        &["connect-four"],
        "d1\nsave old.toml\nc1\nsave old.toml\nyes\nquit\n",
    );
    assert!(
        out.contains("(`c1` is no answer: it is read as typed.)"),
        "{out}"
    );
    assert!(out.contains("Last move: Yellow c1"), "{out}");
    assert!(out.contains("Saved 2 moves to old.toml."), "{out}");
    // A line too long for any command is refused whole: its move, past
    // the spaces, is not cut to another.
    let long = format!("b2{}zz\nc3\nquit\n", " ".repeat(70_000));
    let (_, out, _) = run_play_in(&dir, &["tic-tac-toe"], &long);
    assert!(out.contains("none of it was read"), "{out}");
    assert!(out.contains("Last move: X c3"), "{out}");
    // After a resignation there are no moves to list.
    let (_, out, _) = run_play_in(&dir, &["tic-tac-toe"], "resign\nmoves\nquit\n");
    assert!(
        out.contains("No legal moves: the game is over, X resigned"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Ctrl-C while the computer thinks makes it play the best move it has
/// found, and the game goes on.
#[test]
fn ctrl_c_while_the_computer_thinks_makes_it_move_now() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(["play", "gomoku", "Black=mcts:600s"])
        .env("NO_COLOR", "1")
        .env("GAMUT_AUTOSAVE", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gamut play");
    let id = child.id().to_string();
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut seen = String::new();
    // The computer begins thinking once the board is drawn.
    while !seen.contains("Black to move.") {
        let mut line = String::new();
        assert_ne!(stdout.read_line(&mut line).expect("read"), 0, "{seen}");
        seen.push_str(&line);
    }
    std::thread::sleep(std::time::Duration::from_secs(1));
    let interrupted = Command::new("kill").args(["-INT", &id]).status();
    assert!(interrupted.expect("kill").success());
    // Without the interrupt the move would take ten minutes; the test
    // fails instead of waiting.
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(300));
        let _ = Command::new("kill").arg(&id).status();
    });
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"quit\n").expect("send");
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("read");
    let status = child.wait().expect("gamut ends");
    drop(watchdog);
    assert_eq!(status.code(), Some(0), "{rest}");
    assert!(
        rest.contains("Stopped: Black plays the best move it has found."),
        "{rest}"
    );
    assert!(rest.contains("Last move: Black"), "{rest}");
    assert!(rest.contains("White to move."), "{rest}");
}

/// A hint from a few play-outs through its move does not claim a score:
/// one play-out won is no 100 %. From many, it does.
#[test]
fn a_hint_from_few_play_outs_claims_no_score() {
    let (_, out, _) = run_play(&["tic-tac-toe", "--iterations", "5"], "hint\nquit\n");
    assert!(
        out.contains("(after 5 iterations, too few through this move to say how it scores)"),
        "{out}"
    );
    let (_, out, _) = run_play(
        &["tic-tac-toe", "--iterations", "3000", "--threads", "1"],
        "hint\nquit\n",
    );
    assert!(out.contains("expects to score"), "{out}");
}
