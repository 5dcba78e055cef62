//! `gamut engine`, driven as another program would drive it: commands on
//! standard input, answers framed as `=`/`?` and an empty line.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs a whole script and splits the output into answers.
fn session(script: &str) -> Vec<String> {
    // A folder of its own per session: the tests run at once.
    static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = common::scratch(&format!("engine-{n}"));
    std::fs::write(
        dir.join("broken.game"),
        "board 3 x 3\nplayers A B\nmove place\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("my game.game"),
        "game \"Spaced\"\nboard 3 x 3\nplayers A, B\nreserve 5 each\nmove place\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("second-first.game"),
        "board 3 x 3\nplayers X, O\nturns O, X\nreserve 5 each\nmove place\n",
    )
    .expect("write");
    let (code, out, err) = common::gamut_in(&dir, &["engine"], script);
    assert_eq!(code, 0, "{err}");
    let mut answers: Vec<String> = out.split("\n\n").map(str::to_string).collect();
    assert_eq!(
        answers.pop().as_deref(),
        Some(""),
        "every answer ends with an empty line: {out:?}"
    );
    answers
}

#[test]
fn a_script_loads_a_game_sets_a_position_and_gets_the_blocking_move() {
    let answers = session(
        "protocol_version\n\
         game network\n\
         7 players\n\
         position start moves e5 e6 c3 c4 e3 a6 b5 c6 c1\n\
         to_move\n\
         go iterations 2000\n\
         quit\n",
    );
    assert_eq!(answers[0], "= 1");
    assert_eq!(answers[1], "= Network");
    // An id is repeated after the mark.
    assert_eq!(answers[2], "=7 Dark Light");
    assert_eq!(answers[3], "=");
    assert_eq!(answers[4], "= Light");
    // Only d3 stops Dark's network at b8.
    let go: Vec<&str> = answers[5].split_whitespace().collect();
    assert_eq!(go[..2], ["=", "d3"], "{}", answers[5]);
    assert_eq!(go[2], "value");
    let value: f64 = go[3].parse().expect("a value");
    assert!((0.0..=1.0).contains(&value));
    let line = go.iter().position(|w| *w == "line").expect("a line");
    assert_eq!(go[line + 1], "d3", "the line starts with the move");
    assert_eq!(answers[6], "=");
}

#[test]
fn moves_play_undo_perft_and_the_result_agree_with_the_engine() {
    let answers = session(
        "game tic-tac-toe\n\
         perft 2\n\
         moves\n\
         play b2\n\
         history\n\
         undo\n\
         history\n\
         position start moves b2 a1 a2 a3 c2\n\
         status\n\
         result\n\
         play b1\n\
         board\n",
    );
    assert_eq!(answers[1], "= 72");
    assert_eq!(answers[2].split_whitespace().count(), 10, "{}", answers[2]);
    assert_eq!(answers[4], "= b2");
    assert_eq!(answers[6], "=");
    assert_eq!(answers[8], "= over");
    assert_eq!(answers[9], "= win X");
    assert_eq!(answers[10], "? the game is over");
    // A drawing starts on the line after the mark.
    assert!(answers[11].starts_with("=\n"), "{}", answers[11]);
    // X's row of three, the last move in brackets.
    assert!(answers[11].contains("X  X [X]"), "{}", answers[11]);
}

/// `players` names the players in turn order, as ENGINE.md says, also
/// where the second declared moves first.
#[test]
fn players_are_named_in_turn_order() {
    let answers = session("game second-first.game\nplayers\nto_move\n");
    assert_eq!(answers[1..], ["= O X", "= O"]);
}

/// `help` says what each command of `list_commands` does: each starts a
/// line (alone or in a list), with what it does after two spaces or on
/// the indented line after it.
#[test]
fn help_describes_every_command() {
    let answers = session("list_commands\nhelp\n");
    let help: Vec<&str> = answers[1].lines().skip(1).collect();
    for command in answers[0].lines().skip(1) {
        let described = help.iter().enumerate().any(|(i, line)| {
            let (names, what) = line.split_at(line.find("  ").unwrap_or(line.len()));
            let named = names
                .split(", ")
                .any(|n| n.split(' ').next() == Some(command));
            let next_indented = help.get(i + 1).is_some_and(|l| l.starts_with(' '));
            named && (!what.trim().is_empty() || next_indented)
        });
        assert!(described, "`{command}` in {help:#?}");
    }
}

/// A refusal that quotes what it was given is cut to a few kilobytes,
/// saying so: an unknown command of a hundred thousand letters is not
/// echoed whole.
#[test]
fn a_refusal_quotes_a_long_argument_cut_short() {
    let long = "é".repeat(50_000);
    let answers = session(&format!("{long}\nset seed {long}\nname\n"));
    for answer in &answers[..2] {
        assert!(answer.len() < 5_000, "{} bytes", answer.len());
        assert!(
            answer.ends_with("characters in all)"),
            "{}",
            &answer[answer.len() - 40..]
        );
    }
    assert_eq!(answers[2], "= gamut");
}

/// A move written with the wrong sign for taking is named as it is
/// written, in the protocol as at the prompt.
#[test]
fn a_move_with_the_wrong_sign_for_taking_says_how_it_is_written() {
    let answers = session(
        "game lines-of-action\n\
         play c1-a3\n\
         play b1xb3\n\
         play c1xa3\n",
    );
    assert_eq!(
        answers[1],
        "? `c1-a3` is written `c1xa3` here: a move that takes is written with `x`"
    );
    assert_eq!(answers[3], "=");
    assert!(
        answers[2].starts_with("? `b1xb3` is written `b1-b3` here: it takes nothing"),
        "{}",
        answers[2]
    );
}

/// Arguments are read as the commands' own: `undo N`, several settings,
/// a move typed with spaces; words a command does not take are refused.
#[test]
fn arguments_are_read_or_refused_never_ignored() {
    let answers = session(
        "game tic-tac-toe\n\
         set threads 1 seed 3\n\
         set threads 1 seed x\n\
         position start moves a1 b2 c3\n\
         history\n\
         undo 2\n\
         history\n\
         undo 5\n\
         history x\n\
         moves b2\n\
         play b 3\n\
         history\n\
         undo 2\n\
         play c3\n\
         play b2\n\
         history\n\
         undo\n\
         play a1\n\
         history\n",
    );
    assert_eq!(answers[1], "=");
    assert_eq!(answers[2], "? `x` is not a seed");
    assert_eq!(answers[4], "= a1 b2 c3");
    assert_eq!(answers[5], "=");
    // The moves taken back and the one played instead are written anew.
    assert_eq!(answers[6], "= a1");
    assert_eq!(answers[7], "? only 1 move to take back");
    assert_eq!(answers[8], "? `history` takes nothing after it");
    assert_eq!(answers[9], "? `moves` takes nothing after it");
    assert_eq!(answers[10], "=");
    assert_eq!(answers[11], "= a1 b3");
    // Only the moves still standing are kept, however many changed.
    assert_eq!(answers[15], "= c3 b2");
    assert_eq!(answers[18], "= c3 a1");
    // A position set anew is a game of its own: none of the old moves.
    let anew = session(
        "game tic-tac-toe\nposition start moves a1 b2\nhistory\n\
         position start moves c3 b1\nhistory\n",
    );
    assert_eq!(anew[2], "= a1 b2");
    assert_eq!(anew[4], "= c3 b1");
    // A line refused unread still carries its id.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamut"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run gamut");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"7 name \xff\n").expect("send");
    drop(stdin);
    let out = child.wait_with_output().expect("gamut ends");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "?7 the line is not UTF-8\n\n"
    );
}

#[test]
fn no_error_ends_the_session() {
    let long = "x".repeat(3 << 20);
    // A line of exactly a mebibyte is read, its end not counted.
    let full = format!("name{}", " ".repeat((1 << 20) - 4));
    let script = format!(
        "moves\n\
         frobnicate\n\
         game no-such-game\n\
         game broken.game\n\
         game tic-tac-toe\n\
         play z9\n\
         position start moves b2 q7\n\
         perft many\n\
         go time forever\n\
         set threads 0\n\
         {long}\n\
         {full}\r\n\
         undo\n\
         name\n\
         7\n\
         8 name extra\n\
         game \"my game.game\"\n"
    );
    let answers = session(&script);
    assert_eq!(answers.len(), 17, "{answers:?}");
    assert!(
        answers[0].starts_with("? no game is loaded"),
        "{}",
        answers[0]
    );
    assert!(answers[1].starts_with("? unknown command `frobnicate`"));
    assert!(answers[2].starts_with("? no file or shipped game named"));
    // A file with errors says where, on lines of its own.
    assert!(
        answers[3].starts_with("?\nbroken.game has errors:\n"),
        "{}",
        answers[3]
    );
    assert!(answers[3].contains("broken.game:"), "{}", answers[3]);
    assert_eq!(answers[4], "= Tic-tac-toe");
    assert!(
        answers[5].starts_with("? `z9` is not a legal move"),
        "{}",
        answers[5]
    );
    assert!(answers[6].starts_with("? move 2 (q7):"), "{}", answers[6]);
    for refused in &answers[7..=9] {
        assert!(refused.starts_with("? "), "{refused}");
    }
    assert!(
        answers[10].starts_with("? a line may be at most"),
        "{}",
        answers[10]
    );
    assert_eq!(answers[11], "= gamut");
    // The failed position left the game where it was.
    assert_eq!(answers[12], "? no move to take back");
    assert_eq!(answers[13], "= gamut");
    // An id alone is answered (a client waits for it), a command with
    // words it does not take is refused, and a path may hold spaces.
    assert_eq!(answers[14], "?7 give a command after the id");
    assert_eq!(answers[15], "?8 `name` takes nothing after it");
    assert_eq!(answers[16], "= Spaced");
}

/// A `stop` sent after a `go` makes it answer with what it has found,
/// whether the search has begun or not, and stops no later `go`.
#[test]
fn stop_ends_the_go_before_it() {
    // A search that is not stopped would run for hours: the test fails,
    // and does not hang, when `stop` is not heard.
    let (mut child, watchdog) = watched_engine(&std::env::current_dir().expect("a folder"), 300);
    let mut stdin = child.stdin.take().expect("stdin");
    // Sent at once: the `stop` may be read before the search begins.
    stdin
        .write_all(
            b"game gomoku\n\
              set threads 1\n\
              1 stop\n\
              2 go iterations 300\n\
              3 go iterations 4000000000\n\
              4 stop\n\
              5 go iterations 300\n\
              6 stop now\n\
              quit\n",
        )
        .expect("send");
    drop(stdin);
    let out = child.wait_with_output().expect("gamut ends");
    drop(watchdog);
    let out = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(answers.len(), 10, "{out}");
    let iterations = |answer: &str| -> u64 {
        let words: Vec<&str> = answer.split_whitespace().collect();
        let at = words
            .iter()
            .position(|w| *w == "iterations")
            .expect("iterations");
        words[at + 1].parse().expect("a count")
    };
    // A `stop` with nothing to stop is answered all the same.
    assert_eq!(answers[2], "=1");
    // A `go` waiting behind another is not stopped by a `stop` sent after
    // the later one.
    assert_eq!(iterations(answers[3]), 300, "{}", answers[3]);
    assert!(answers[4].starts_with("=3 "), "{}", answers[4]);
    assert!(iterations(answers[4]) < 4_000_000_000, "{}", answers[4]);
    assert_eq!(answers[5], "=4");
    // A refused `stop` stops nothing.
    assert_eq!(iterations(answers[6]), 300, "{}", answers[6]);
    assert_eq!(answers[7], "?6 `stop` takes nothing after it");
}

#[test]
fn each_answer_comes_before_the_next_command_is_sent() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamut"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run gamut");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut ask = |command: &str| {
        writeln!(stdin, "{command}").expect("send");
        stdin.flush().expect("flush");
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            stdout.read_line(&mut line).expect("read");
            if line == "\n" || line.is_empty() {
                return answer;
            }
            answer.push_str(&line);
        }
    };
    assert_eq!(ask("game connect-four"), "= Connect Four\n");
    // The computer plays a whole game against itself, move by move.
    let mut plies = 0;
    while ask("status") == "= ongoing\n" {
        let go = ask("go iterations 50");
        let mv = go.split_whitespace().nth(1).expect("a move").to_string();
        assert!(ask("moves").split_whitespace().any(|m| m == mv), "{mv}");
        assert_eq!(ask(&format!("play {mv}")), "=\n");
        plies += 1;
        assert!(plies <= 42, "Connect Four ends within 42 moves");
    }
    assert!(ask("result").starts_with("= "));
    assert_eq!(ask("quit"), "=\n");
    assert!(child.wait().expect("exit").success());
}

#[test]
fn the_session_in_the_docs_is_what_gamut_answers() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/ENGINE.md"))
        .expect("docs/ENGINE.md");
    let block = doc
        .split("## A session")
        .nth(1)
        .and_then(|rest| rest.split("```text\n").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("a transcript");
    let mut commands = String::new();
    let mut expected = Vec::new();
    for exchange in block.trim_end().split("\n\n") {
        let (command, answer) = exchange.split_once('\n').expect("a command and its answer");
        commands.push_str(command);
        commands.push('\n');
        expected.push(answer.to_string());
    }
    assert!(expected.len() >= 15, "the transcript shows most commands");
    assert_eq!(session(&commands), expected);
}

#[test]
fn a_perft_too_long_for_its_time_stops_with_an_error() {
    let answers = session(
        "game amazons\n\
         perft 5 time 0.05\n\
         perft 1 time 0.05\n\
         perft 2 time x\n\
         perft 1 time 0\n\
         quit\n",
    );
    assert!(
        answers[1].starts_with("? perft 5 did not finish in 0.05 s"),
        "{}",
        answers[1]
    );
    // Amazons has 2,176 first moves (classic.md).
    assert_eq!(answers[2], "= 2176");
    // A bad time is told as a time, not as a depth.
    assert_eq!(answers[3], "? `x` is not a number of seconds");
    assert!(
        answers[4].starts_with("? give a number of seconds"),
        "{}",
        answers[4]
    );
}

/// The search keeps its tree from one `go` to the next, whatever budget
/// each is given: one more iteration after a long search still sees the
/// long search's line (a fresh tree of one iteration sees a move or two),
/// and after a move is played its subtree is searched on.
#[test]
fn a_go_searches_on_the_tree_of_the_last_one() {
    let answers = session(
        "game connect-four\n\
         set threads 1\n\
         go iterations 20000\n\
         go iterations 1\n\
         play d1\n\
         go iterations 1\n\
         quit\n",
    );
    let line_length = |answer: &str| {
        let line = answer.split(" line ").nth(1).unwrap_or_default();
        line.split_whitespace().count()
    };
    assert!(line_length(&answers[2]) >= 6, "{answers:?}");
    assert!(line_length(&answers[3]) >= 6, "{answers:?}");
    assert!(line_length(&answers[5]) >= 5, "{answers:?}");
    assert!(answers[3].contains("iterations 1 "), "{answers:?}");
}

/// Each `game` starts the seed's sequence again: the second game's
/// answers are the first's (a search of a few iterations, whose choice
/// turns on the play-outs drawn).
#[test]
fn a_game_reloaded_gets_the_same_answers() {
    let answers = session(
        "set threads 1 seed 5
         game connect-four
         go iterations 40
         game connect-four
         go iterations 40
         quit
",
    );
    assert!(answers[2].starts_with("= "), "{answers:?}");
    assert_eq!(answers[2], answers[4]);
}

/// A tree kept from the last searches may hold the root proven through
/// another node that reached its position: the search still finds the win
/// in one (Forms, where h7xh8 leaves White without a move; the root had
/// been proven lost for White, and the look for the win was skipped).
#[test]
fn a_kept_tree_still_plays_the_win_in_one() {
    let answers = session(
        "game forms-normal\n\
         set threads 1\n\
         set seed 1\n\
         go iterations 200\n\
         play c2xb2\n\
         go iterations 200\n\
         play f6xf7\n\
         go iterations 200\n\
         play g8xf8\n\
         go iterations 200\n\
         play g1xh1\n\
         go iterations 200\n\
         quit\n",
    );
    let last = &answers[answers.len() - 2];
    assert!(last.starts_with("= h7xh8 "), "{answers:?}");
    assert!(last.contains("proven win"), "{answers:?}");
}

/// Where every move lets the opponent win at once, the answer says the
/// position is lost (it said `value 0.500 proven none` when the last move
/// was left unexamined once all the others were proven lost).
#[test]
fn a_position_where_every_move_loses_at_once_is_told_lost() {
    let answers = session(
        "game tic-tac-toe\n\
         set threads 1\n\
         position start moves a1 a2 c1 b1 c3\n\
         go iterations 100\n\
         quit\n",
    );
    let go = &answers[3];
    assert!(go.contains("value 0.000 proven loss"), "{answers:?}");
    assert!(go.contains("iterations 0 "), "{answers:?}");
    // Where a win is leaving the other player without a move: every move
    // of Vertical's lets Horizontal play its last domino (`a1/b1` or
    // another) and leave Vertical stuck. The last move looked at is
    // looked at too, not taken as the one safe move.
    let answers = session(
        "game domineering\n\
         set threads 1\n\
         position start moves c7/c8 d3/e3 g2/g3 e1/f1 d7/d8 b3/c3 g7/g8 f6/g6 f3/f4 f5/g5 \
         h3/h4 b5/c5 e6/e7 b2/c2 a3/a4 d2/e2 b7/b8 d5/e5 h6/h7 b4/c4 a6/a7 g1/h1\n\
         go iterations 5000\n\
         quit\n",
    );
    assert!(
        answers[3].contains("value 0.000 proven loss iterations 0 "),
        "{answers:?}"
    );
}

/// A position with one legal move, which ends the game or lets the other
/// player win at once, is told as won, drawn or lost, not as unknown.
#[test]
fn a_single_move_that_ends_the_game_is_told_proven() {
    let answers = session(
        "game tic-tac-toe\n\
         position start moves a1 b2 c3 a3 c1 b1 b3 c2\n\
         go\n\
         position start moves a1 b2 c3 b1 b3 a2 c2 c1\n\
         go\n\
         quit\n",
    );
    assert_eq!(
        answers[2], "= a2 value 0.500 proven draw iterations 0 line a2",
        "{answers:?}"
    );
    assert!(
        answers[4].starts_with("= a3 value 1.000 proven win"),
        "{answers:?}"
    );
    // Horizontal's one domino leaves it with no move after Vertical's.
    let answers = session(
        "game domineering\n\
         position start moves a2/a3 d6/e6 h7/h8 e1/f1 f3/f4 e2/f2 c6/c7 e7/f7 g6/g7 e5/f5 \
         d3/d4 g2/h2 b2/b3 a8/b8 c1/c2 c8/d8 b4/b5 f8/g8 b6/b7 a1/b1 a6/a7 c5/d5 h3/h4 g1/h1 \
         a4/a5\n\
         moves\n\
         go iterations 300\n\
         quit\n",
    );
    assert_eq!(answers[2], "= g5/h5");
    assert!(
        answers[3].starts_with("= g5/h5 value 0.000 proven loss iterations 0 "),
        "{answers:?}"
    );
}

/// `stop` is heard inside a play-out, not only between iterations: in a
/// game whose every position takes a good part of a second to list, one
/// iteration's play-out once ran for three minutes after a `stop`.
#[test]
fn stop_is_heard_within_a_slow_playout() {
    let dir = common::scratch("engine-slow-playout");
    // Four steps a turn by any of six pieces, and a goal no piece can
    // reach (an empty region): play-outs run to the ply cap, each ply
    // listing thousands of moves.
    std::fs::write(
        dir.join("slow.game"),
        "board 8 x 8\nplayers A, B\nsetup\n  A on a1, h1, d1, e1, b2, g2\n  B on a8, h8, d8, e8, b7, g7\n\
         move step any onto empty\nthen may step any onto empty\nthen may step any onto empty\n\
         then may step any onto empty\ngoal each wins with a piece in e5 in file a\n",
    )
    .expect("write");
    // Without the stop, the play-out runs for minutes: the watchdog ends
    // gamut first, and the answers are missing.
    let (mut child, watchdog) = watched_engine(&dir, 40);
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"game slow.game\nset threads 1\n1 go iterations 1\n")
        .expect("send");
    std::thread::sleep(std::time::Duration::from_secs(2));
    stdin.write_all(b"2 stop\nquit\n").expect("send");
    drop(stdin);
    let out = child.wait_with_output().expect("gamut ends");
    drop(watchdog);
    let out = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert!(answers.len() >= 4, "{out}");
    assert!(answers[2].starts_with("=1 "), "{out}");
    assert_eq!(answers[3], "=2", "{out}");
}

/// `gamut engine` started in `dir`, and a watchdog that ends it after
/// `seconds`, so that a test of `stop` fails rather than hangs.
fn watched_engine(
    dir: &std::path::Path,
    seconds: u64,
) -> (std::process::Child, std::thread::JoinHandle<()>) {
    let child = Command::new(env!("CARGO_BIN_EXE_gamut"))
        .arg("engine")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run gamut");
    let id = child.id();
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(seconds));
        let _ = Command::new("kill").arg(id.to_string()).status();
    });
    (child, watchdog)
}

/// Where the moves are too many to list, `go` answers a move drawn part
/// by part (there is no search without them), which `play` then reads.
#[test]
fn go_where_the_moves_cannot_be_listed_answers_a_move_drawn_part_by_part() {
    let dir = common::scratch("engine-wide");
    std::fs::write(
        dir.join("wide.game"),
        "board 16 x 16\nplayers A, B\nsetup\n  A on ranks 1..2\n  B on ranks 15..16\n\
         move step any onto empty\nthen may step any onto empty\n\
         then may step any onto empty\nthen may step any onto empty\n",
    )
    .expect("write");
    let run = |script: &str| {
        let (code, out, err) = common::gamut_in(&dir, &["engine"], script);
        assert_eq!(code, 0, "{err}");
        out
    };
    let out = run("game wide.game\nmoves\nset seed 3\ngo\nquit\n");
    assert!(
        out.contains("? the moves of this position cannot be listed"),
        "{out}"
    );
    let answer = out
        .lines()
        .find(|l| l.contains(" value "))
        .unwrap_or_else(|| panic!("{out}"));
    let mv = answer.trim_start_matches("= ").split(' ').next().unwrap();
    assert!(
        answer.ends_with(&format!("value 0.500 proven none iterations 0 line {mv}")),
        "{answer}"
    );
    let out = run(&format!("game wide.game\nplay {mv}\nhistory\nquit\n"));
    assert!(out.contains(&format!("= {mv}\n")), "{mv}: {out}");
}
