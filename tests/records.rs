//! Records as a person keeps them: the moves are the truth, a record finds
//! its rules from wherever it is opened, and a record that does not fit is
//! refused with the reason.

mod common;

use std::io::Write;
use std::path::Path;

use common::{gamut_in, scratch};

/// Plays `moves` of `game` in `dir` and saves them to `record`.
fn saved(dir: &std::path::Path, game: &str, moves: &str, record: &str) -> String {
    let input = format!("{}\nsave {record}\nquit\n", moves.replace(' ', "\n"));
    let (code, out, err) = gamut_in(dir, &["play", game], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("to {record}.")), "{out}");
    std::fs::read_to_string(dir.join(record)).unwrap()
}

/// Writes `text` as the record `name` in `dir`, runs `command` on it, and
/// returns what it said: a record edited so must be refused, status 2.
fn refusal(dir: &std::path::Path, name: &str, text: &str, command: &[&str]) -> String {
    std::fs::write(dir.join(name), text).unwrap();
    let mut args = command.to_vec();
    args.push(name);
    let (code, _, err) = gamut_in(dir, &args, "");
    assert_eq!(code, 2, "{name}: {err}");
    err
}

/// Writes `text` as the record `name` in `dir` and replays it: a record
/// edited so still replays, status 0. What it printed and said.
fn replayed(dir: &std::path::Path, name: &str, text: &str) -> (String, String) {
    std::fs::write(dir.join(name), text).unwrap();
    let (code, out, err) = gamut_in(dir, &["replay", name], "");
    assert_eq!(code, 0, "{name}: {err}");
    (out, err)
}

#[test]
fn replay_recomputes_the_result_and_reports_a_stored_one_that_disagrees() {
    let dir = scratch("records-result");
    let text = saved(&dir, "network", "e5 e6", "net.toml");
    assert!(text.contains("result = \"unfinished\""), "{text}");
    let (out, err) = replayed(&dir, "lie.toml", &text.replace("unfinished", "Light wins"));
    assert!(
        err.contains("the record says `Light wins`, but its moves end `unfinished`"),
        "{err}"
    );
    assert!(out.contains("End of the record: unfinished."), "{out}");
    assert!(!out.contains("Light wins"), "{out}");
}

#[test]
fn a_record_of_another_game_or_with_unknown_seats_is_refused_with_the_reason() {
    let dir = scratch("records-refused");
    let text = saved(&dir, "network", "e5", "net.toml");
    let (code, _, err) = gamut_in(&dir, &["play", "forms", "--load", "net.toml"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("the record is of Network, not of Forms"),
        "{err}"
    );
    let renamed = text.replace("game = \"Network\"", "game = \"Netwerk\"");
    let err = refusal(&dir, "renamed.toml", &renamed, &["replay"]);
    assert!(
        err.contains("the record is of Netwerk, not of Network"),
        "{err}"
    );
    // A game renamed since: --force plays it, saying so.
    assert!(
        err.contains("if the game was renamed, `gamut play --load renamed.toml --force`"),
        "{err}"
    );
    let (code, out, err) = gamut_in(
        &dir,
        &["play", "--load", "renamed.toml", "--force"],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("the record is of Netwerk, not of Network: its moves are played"),
        "{err}"
    );
    assert!(out.contains("Last move: Dark e5"), "{out}");
    let robot = text.replace("Dark = \"human\"", "Dark = \"robot\"");
    let err = refusal(&dir, "robot.toml", &robot, &["play", "--load"]);
    assert!(
        err.contains("seats Dark as `robot`: `robot` is not a seat"),
        "{err}"
    );
    // A seat out of range says the range, as on the command line.
    let zero = text.replace("Dark = \"human\"", "Dark = \"uct:0\"");
    let err = refusal(&dir, "zero.toml", &zero, &["play", "--load"]);
    assert!(
        err.contains("give from 1 to 4294967295 iterations"),
        "{err}"
    );
    let ghost = text.replace("Dark = \"human\"", "Ghost = \"human\"");
    let err = refusal(&dir, "ghost.toml", &ghost, &["play", "--load"]);
    assert!(err.contains("seats a player `Ghost`"), "{err}");
    // A hash edited by hand, its parts all still agreeing, is told as
    // such, not as rules that changed.
    let hash = text.lines().find(|l| l.starts_with("rules_hash")).unwrap();
    let edited = text.replace(hash, "rules_hash = \"0123\"");
    let err = refusal(&dir, "hash.toml", &edited, &["play", "--load"]);
    assert!(
        err.contains("rules_hash does not match its rules_parts"),
        "{err}"
    );
    // A broken record is told where, as a game file's errors are; a
    // misspelt key is refused by name (its field would be left unread).
    let moves_line = text.lines().position(|l| l.starts_with("moves")).unwrap() + 1;
    let cut = &text[..text.find("moves = [").unwrap() + "moves = [".len()];
    let err = refusal(&dir, "cut.toml", &format!("{cut}\n"), &["replay"]);
    assert!(
        err.contains(&format!("cut.toml:{moves_line}:10")) && err.contains("not a game record"),
        "{err}"
    );
    let misspelt = text.replace("moves = [", "mooves = [");
    let err = refusal(&dir, "misspelt.toml", &misspelt, &["play", "--load"]);
    assert!(
        err.contains(&format!("misspelt.toml:{moves_line}:1")),
        "{err}"
    );
    assert!(err.contains("unknown field `mooves`"), "{err}");
    // A key given twice (a hand edit pasting a second list) is named.
    let twice = text.replacen("\n[", "\nmoves = []\n[", 1);
    let err = refusal(&dir, "twice.toml", &twice, &["replay"]);
    assert!(err.contains("`moves` is given twice: keep one"), "{err}");
}

#[test]
fn a_record_of_a_game_file_is_opened_from_any_folder() {
    let dir = scratch("records-folders");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::write(
        dir.join("games/net6.game"),
        "extends \"network\"\ngame \"Net\"\n",
    )
    .unwrap();
    saved(&dir, "games/net6.game", "c3", "games/g.toml");
    let text = std::fs::read_to_string(dir.join("games/g.toml")).unwrap();
    assert!(
        text.contains("source = \"net6.game\""),
        "beside the record: {text}"
    );
    // From the folder above, and from the record's own folder.
    let (code, out, err) = gamut_in(&dir, &["replay", "games/g.toml"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Move 1: c3"), "{out}");
    let (code, out, err) = gamut_in(&dir.join("games"), &["play", "--load", "g.toml"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Last move: Dark c3"), "{out}");
}

/// A record that would have to name its game by a path that is not UTF-8
/// text is not saved (it could not be read back), and says where it can
/// be; beside the game it names the game by its file name.
#[cfg(unix)]
#[test]
fn a_game_in_a_folder_whose_name_is_not_text_is_saved_beside_it_or_not_at_all() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("records-not-text");
    let folder = dir.join(std::ffi::OsStr::from_bytes(b"dir\xff"));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("g.game"), "extends \"tic-tac-toe\"\n").unwrap();
    let input = "a1\nsave ../above.toml\nsave beside.toml\nquit\n";
    let (code, out, err) = gamut_in(&folder, &["play", "g.game"], input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Not saved: the game's path"), "{out}");
    assert!(!dir.join("above.toml").exists());
    let text = std::fs::read_to_string(folder.join("beside.toml")).unwrap();
    assert!(text.contains("source = \"g.game\""), "{text}");
}

#[test]
fn replay_jumps_to_a_move_goes_back_and_stays_at_the_end() {
    let dir = scratch("records-replay");
    saved(&dir, "network", "e5 e6 d4", "r.toml");
    let (code, out, _) = gamut_in(&dir, &["replay", "r.toml"], "2\nb\nzz\nend\n\nh\nq\n");
    assert_eq!(code, 0);
    let said: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.starts_with("Move ")
                || l.contains("end of the record")
                || l.contains("not a command")
                || l.starts_with("End")
        })
        .collect();
    assert_eq!(
        said,
        [
            "Move 2: e6",
            "Move 1: e5",
            "`zz` is not a command here; type a move number from 0 to 3, or h for help.",
            "Move 3: d4",
            "End of the record: unfinished.",
            "This is the end of the record: b goes back, a number jumps, q quits.",
        ]
    );
    assert!(
        out.contains("NUMBER      the position after that move"),
        "{out}"
    );
}

/// `gamut ARGS` run in `dir`, keeping its game in `kept`, every stream piped.
fn keeping_in(dir: &Path, kept: &Path, args: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("GAMUT_AUTOSAVE", kept)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run gamut")
}

/// What a session said on standard error, given no input.
fn stderr_of(mut session: std::process::Child) -> String {
    drop(session.stdin.take());
    let out = session.wait_with_output().expect("gamut ends");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Resumed with `--force` under rules that drop some of its moves, the
/// kept game is set aside whole, not written over by the shorter one.
#[test]
fn a_kept_game_resumed_shorter_by_force_is_set_aside_whole() {
    let dir = scratch("records-force-kept");
    let kept = dir.join("kept.toml");
    let game = dir.join("small.game");
    let run = |input: &str, args: &[&str]| {
        let mut child = keeping_in(&dir, &kept, args);
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).into_owned()
    };
    std::fs::write(
        &game,
        "board 4 x 4\nplayers A, B\nreserve 8 each\nmove place\n",
    )
    .unwrap();
    run("a1\nb1\nc1\nd1\n", &["play", "small.game"]);
    let whole = std::fs::read_to_string(&kept).unwrap();
    assert!(whole.contains("\"d1\""), "{whole}");
    // c1 is a hole now: the game goes on from before it.
    std::fs::write(
        &game,
        "board 4 x 4 without c1\nplayers A, B\nreserve 8 each\nmove place\n",
    )
    .unwrap();
    let out = run("quit\n", &["play", "--load", "kept.toml", "--force"]);
    assert!(out.contains("The previous game is kept in"), "{out}");
    let previous = std::fs::read_to_string(dir.join("kept.previous.toml")).unwrap();
    assert_eq!(previous, whole);
    let now = std::fs::read_to_string(&kept).unwrap();
    assert!(now.contains("\"b1\"") && !now.contains("\"c1\""), "{now}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_game_left_without_save_is_kept_and_says_where() {
    let dir = scratch("records-autosave");
    let kept = dir.join("kept.toml");
    let run = |input: &str, args: &[&str]| {
        let mut child = keeping_in(&dir, &kept, args);
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).into_owned()
    };
    // Ended by the end of input, with no save.
    let out = run("e5\ne6\n", &["play", "network"]);
    assert!(out.contains("The game is kept in"), "{out}");
    assert!(std::fs::read_to_string(&kept).unwrap().contains("\"e6\""));
    // It resumes, and a session that changes nothing says nothing more.
    let out = run("quit\n", &["play", "--load", "kept.toml"]);
    assert!(out.contains("Last move: Light e6"), "{out}");
    assert!(!out.contains("The game is kept"), "{out}");
    // Undo is kept too.
    run("undo\nquit\n", &["play", "--load", "kept.toml"]);
    assert!(!std::fs::read_to_string(&kept).unwrap().contains("\"e6\""));
    // A move taken back and another played: the record has the other.
    run("e6\nundo\nf6\nquit\n", &["play", "--load", "kept.toml"]);
    let record = std::fs::read_to_string(&kept).unwrap();
    assert!(
        record.contains("moves = [\n    \"e5\",\n    \"f6\",\n]"),
        "{record}"
    );
    // The next game keeps the earlier one aside instead of replacing it.
    let out = run("f5\nquit\n", &["play", "network"]);
    assert!(out.contains("The previous game is kept in"), "{out}");
    let previous = std::fs::read_to_string(dir.join("kept.previous.toml")).unwrap();
    assert!(previous.contains("\"e5\""), "{previous}");
    assert!(std::fs::read_to_string(&kept).unwrap().contains("\"f5\""));
    // Nor is a file of someone else's where the earlier game would go.
    std::fs::write(dir.join("kept.previous.toml"), "mine").unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(["play", "network"])
        .current_dir(&dir)
        .env("GAMUT_AUTOSAVE", &kept)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&child.stderr);
    assert!(
        err.contains("kept.previous.toml is not a game record"),
        "{err}"
    );
    let previous = std::fs::read_to_string(dir.join("kept.previous.toml")).unwrap();
    assert_eq!(previous, "mine");
    assert!(std::fs::read_to_string(&kept).unwrap().contains("\"f5\""));
    // A file that is no record is never written over.
    let precious = dir.join("precious.txt");
    std::fs::write(&precious, "mine").unwrap();
    let err = stderr_of(keeping_in(&dir, &precious, &["play", "network"]));
    assert!(err.contains("is not a game record"), "{err}");
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "mine");
    // ...nor is a lock left beside it.
    assert!(!dir.join("precious.lock").exists());
    // A place where nothing can be kept is told, with the reason.
    let nowhere = dir.join("no-such-folder/kept.toml");
    let err = stderr_of(keeping_in(&dir, &nowhere, &["play", "network"]));
    assert!(
        err.contains("cannot keep the game in") && err.contains("no-such-folder/kept.toml ("),
        "{err}"
    );
    assert!(!err.contains("another gamut session"), "{err}");
    // Without a place to keep it, the way to save is said.
    let (_, out, _) = gamut_in(&dir, &["play", "network"], "e5\nquit\n");
    assert!(
        out.contains("The game was not saved: `save FILE` keeps one."),
        "{out}"
    );
}

/// A second session while the first still runs keeps nothing in the
/// first's automatic record, and says so; the first's game stays there.
#[test]
fn two_sessions_at_once_never_keep_their_games_in_one_file() {
    let dir = scratch("records-two-sessions");
    let kept = dir.join("kept.toml");
    let session = |game: &str| keeping_in(&dir, &kept, &["play", game]);
    let mut first = session("tic-tac-toe");
    let mut first_in = first.stdin.take().unwrap();
    first_in.write_all(b"b2\n").unwrap();
    first_in.flush().unwrap();
    // The first has kept its move once its file holds it.
    let started = std::time::Instant::now();
    while !std::fs::read_to_string(&kept).is_ok_and(|t| t.contains("\"b2\"")) {
        assert!(
            started.elapsed().as_secs() < 60,
            "the first session kept nothing"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut second = session("connect-four");
    let _ = second.stdin.take().unwrap().write_all(b"a1\nquit\n");
    let second = second.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(
        err.contains("another gamut session keeps its game in"),
        "{err}"
    );
    let out = String::from_utf8_lossy(&second.stdout);
    assert!(out.contains("The game was not saved"), "{out}");
    first_in.write_all(b"a1\nquit\n").unwrap();
    drop(first_in);
    first.wait_with_output().unwrap();
    let text = std::fs::read_to_string(&kept).unwrap();
    assert!(
        text.contains("\"a1\"") && text.contains("Tic-tac-toe"),
        "{text}"
    );
}

/// `save` never writes a record over the rules being played, says when
/// the file it would replace is no record, and the farewell after a save
/// tells what the saved file lacks.
#[test]
fn save_keeps_the_rules_and_says_what_it_would_replace() {
    let dir = scratch("records-save-over");
    let rules = "game \"Three\"\nboard 3 x 3\nplayers X, O\nreserve 5 each\nmove place\n\
                 goal each wins with 3 in a row\nwhen stuck draw\n";
    std::fs::write(dir.join("three.game"), rules).unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let (_, out, _) = gamut_in(
        &dir,
        &["play", "three.game"],
        "b2\nsave three.game\nsave notes.txt\nn\nsave t.toml\na1\nquit\n",
    );
    assert!(
        out.contains("Not saved: three.game holds the rules of this game"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("three.game")).unwrap(),
        rules
    );
    assert!(
        out.contains("notes.txt exists and is not a game record. Replace it?"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "mine"
    );
    assert!(
        out.contains("The game has changed since it was saved to t.toml"),
        "{out}"
    );
    // Nor over the rules a variant extends, even when told yes.
    std::fs::write(
        dir.join("variant.game"),
        "extends \"three\"\ngame \"Four\"\n",
    )
    .unwrap();
    let input = "b2\nsave three.game\ny\nquit\n";
    let (_, out, _) = gamut_in(&dir, &["play", "variant.game"], input);
    assert!(
        out.contains("Not saved: three.game holds rules this game extends"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("three.game")).unwrap(),
        rules
    );
}

/// A record given to `validate`, or rules given to `--load` or `replay`,
/// is told for what it is, with the command that reads it.
#[test]
fn a_record_and_rules_given_for_each_other_are_told_apart() {
    let dir = scratch("records-mixed-up");
    saved(&dir, "tic-tac-toe", "b2 a1", "t.toml");
    let (code, _, err) = gamut_in(&dir, &["validate", "t.toml"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("t.toml is a game record, not rules: `gamut replay t.toml`"),
        "{err}"
    );
    let rules = "game \"Three\"\nboard 3 x 3\nplayers X, O\nreserve 5 each\nmove place\n";
    std::fs::write(dir.join("three.game"), rules).unwrap();
    for args in [
        &["play", "--load", "three.game"][..],
        &["replay", "three.game"],
    ] {
        let (code, _, err) = gamut_in(&dir, args, "");
        assert_eq!(code, 2);
        assert!(
            err.contains("three.game holds the rules of a game: `gamut play three.game`"),
            "{err}"
        );
    }
}

#[test]
fn only_a_change_of_meaning_orphans_a_record_and_force_plays_on() {
    let dir = scratch("records-meaning");
    let game = "game \"Tiny\"\nboard 4 x 4\nplayers A, B\nreserve 4 each\n\
                region west = file a\nregion east = file d\n\
                move place on board\ngoal A wins with chain between west and east\n";
    std::fs::write(dir.join("tiny.game"), game).unwrap();
    saved(&dir, "tiny.game", "a1 b2 b1 c2", "t.toml");
    // Comments, spacing and the order of regions mean nothing.
    let respelled = game
        .replace(
            "region west = file a\nregion east = file d\n",
            "region east =  file d   # right\nregion west = file a\n",
        )
        .replace("move place on board", "move   place   on board  # anywhere");
    std::fs::write(dir.join("tiny.game"), &respelled).unwrap();
    let (code, out, err) = gamut_in(&dir, &["play", "--load", "t.toml"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Last move: B c2"), "{out}");
    // A board without c2 does, and says what to do.
    std::fs::write(
        dir.join("tiny.game"),
        respelled.replace("board 4 x 4", "board 4 x 4 without c2"),
    )
    .unwrap();
    let (code, _, err) = gamut_in(&dir, &["play", "--load", "t.toml"], "quit\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("mean something else")
            && err.contains("--force")
            && err.contains("(the board, the endings and the moves changed)"),
        "{err}"
    );
    assert!(
        err.contains("name the rules it was played under (`gamut play OLD.game --load t.toml`)"),
        "{err}"
    );
    // --force plays the record as far as its moves stay legal, and says
    // the rules changed.
    let (code, out, err) = gamut_in(&dir, &["play", "--load", "t.toml", "--force"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("mean something else since this record was saved (the board"),
        "{err}"
    );
    assert!(err.contains("move 4 of the record"), "{err}");
    assert!(out.contains("Last move: A b1"), "{out}");
    // A change to the goal alone is named as such.
    let goal_changed = respelled.replace("west and east", "west and east connected any");
    std::fs::write(dir.join("tiny.game"), goal_changed).unwrap();
    let (code, _, err) = gamut_in(&dir, &["play", "--load", "t.toml"], "quit\n");
    assert_eq!(code, 2);
    assert!(err.contains("(the endings changed)"), "{err}");
}

#[test]
fn a_resignation_ends_the_game_is_kept_in_the_record_and_undo_takes_it_back() {
    let dir = scratch("records-resign");
    let text = saved(&dir, "network", "e5 e6 resign", "gave-up.toml");
    assert!(text.contains("result = \"Light wins\""), "{text}");
    assert!(text.contains("resigned = \"Dark\""), "{text}");
    // Replayed, and resumed: over, and no move is taken.
    let (code, out, err) = gamut_in(&dir, &["replay", "gave-up.toml"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("End of the record: Light wins, Dark resigned."),
        "{out}"
    );
    let (code, out, err) = gamut_in(
        &dir,
        &["play", "--load", "gave-up.toml"],
        "c3\nundo\nc3\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains("Game over: Light wins: Dark resigned. Type `undo`"),
        "{out}"
    );
    assert!(out.contains("Dark takes back the resignation."), "{out}");
    assert!(out.contains("Last move: Dark c3"), "{out}");
    // A resignation after moves that already end the game does not stand.
    let won = saved(&dir, "tic-tac-toe", "a1 b1 a2 b2 a3", "won.toml");
    let (out, err) = replayed(
        &dir,
        "late.toml",
        &won.replace(
            "result = \"X wins\"",
            "result = \"X wins\"\nresigned = \"X\"",
        ),
    );
    assert!(
        err.contains("the record says X resigned, but its moves end `X wins`"),
        "{err}"
    );
    assert!(out.contains("End of the record: X wins."), "{out}");
    // Only the player to move resigns: a record that says the other did
    // is told, and its moves count.
    let (out, err) = replayed(
        &dir,
        "wrong-side.toml",
        &text.replace("resigned = \"Dark\"", "resigned = \"Light\""),
    );
    assert!(
        err.contains("the record says Light resigned, but Dark was to move"),
        "{err}"
    );
    assert!(!out.contains("resigned"), "{out}");
    // A resignation by no player of the game is refused.
    let err = refusal(
        &dir,
        "nobody.toml",
        &text.replace("resigned = \"Dark\"", "resigned = \"Grey\""),
        &["replay"],
    );
    assert!(
        err.contains("the record says `Grey` resigned, a player this game does not have"),
        "{err}"
    );
}

#[test]
fn a_record_whose_game_file_is_gone_says_where_it_looked() {
    let dir = scratch("records-gone");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    let game = std::fs::read_to_string(format!(
        "{}/games/tic-tac-toe.game",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    std::fs::write(dir.join("games/ttt.game"), game).unwrap();
    saved(&dir, "games/ttt.game", "b2", "rec.toml");
    std::fs::remove_file(dir.join("games/ttt.game")).unwrap();
    let (code, _, err) = gamut_in(&dir, &["replay", "rec.toml"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the record's game, `games/ttt.game`, is neither in"),
        "{err}"
    );
    assert!(err.contains("put the game file back"), "{err}");
    let (code, _, err) = gamut_in(&dir, &["play", "--load", "rec.toml"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("or name it: `gamut play GAME --load rec.toml`"),
        "{err}"
    );
    // A game that is there but cannot be read is told as that, not as
    // gone: a folder in its place, a link in a loop.
    std::fs::create_dir(dir.join("games/ttt.game")).unwrap();
    let (code, _, err) = gamut_in(&dir, &["replay", "rec.toml"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("ttt.game: not a regular file"), "{err}");
    std::fs::remove_dir(dir.join("games/ttt.game")).unwrap();
    std::os::unix::fs::symlink("ttt.game", dir.join("games/ttt.game")).unwrap();
    let (code, _, err) = gamut_in(&dir, &["replay", "rec.toml"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot read games/ttt.game: "), "{err}");
    assert!(!err.contains("neither in"), "{err}");
    // A `source` that names the record itself is said to, not read as
    // rules (its lines were told as a game's mistakes).
    let text = std::fs::read_to_string(dir.join("rec.toml")).unwrap();
    let own = text.replace("source = \"games/ttt.game\"", "source = \"own.toml\"");
    assert_ne!(own, text);
    std::fs::write(dir.join("own.toml"), own).unwrap();
    let (code, _, err) = gamut_in(&dir, &["replay", "own.toml"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("is the record itself, not the game's rules"),
        "{err}"
    );
}

/// A record keeps how strong its computer seats were, and a strength
/// given when it is resumed is the one wanted now.
#[test]
fn a_strength_given_on_resuming_replaces_the_records() {
    let dir = scratch("records-strength");
    let input = "a1\nsave s.toml\nquit\n";
    let (code, _, err) = gamut_in(&dir, &["play", "tic-tac-toe", "O=mcts:20000"], input);
    assert_eq!(code, 0, "{err}");
    let record = std::fs::read_to_string(dir.join("s.toml")).unwrap();
    assert!(record.contains("O = \"mcts:20000\""), "{record}");
    let resume = [
        "play",
        "--load",
        "s.toml",
        "--iterations",
        "3",
        "--threads",
        "1",
    ];
    let (code, out, err) = gamut_in(&dir, &resume, "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("against O (mcts:3)"), "{out}");
    // Without one, the record's own strength stands.
    let (code, out, err) = gamut_in(&dir, &["play", "--load", "s.toml"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("against O (mcts:20000)"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// In a turn of more ways than gamut writes out one by one, the moves it
/// lists (and plays for the computer) can be typed, and a record of them
/// reloads: a saved game once could not be read back.
#[test]
fn a_move_of_a_turn_with_too_many_ways_to_write_is_read_and_kept() {
    let dir = scratch("records-many-ways");
    // Four steps a turn, each by any piece: with five pieces, 4,728 moves
    // and far more ways than gamut writes out.
    let rules = "game \"Four steps\"\nboard 8 x 8\nplayers A, B\nsetup\n  A on a1, h1, d1, e1, b2\n  B on a8, h8\nmove step any onto empty\nthen may step any onto empty\nthen may step any onto empty\nthen may step any onto empty\nwhen stuck draw\n";
    std::fs::write(dir.join("four-steps.game"), rules).unwrap();
    let game = "four-steps.game";
    let (code, out, err) = gamut_in(&dir, &["perft", game, "1"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4728"), "{out}");
    let input = "a1-a2/d1-d2/e1-e2/h1-h2\nd1-d2\nsave r.toml\nquit\n";
    let (code, out, err) = gamut_in(&dir, &["play", game, "B=random"], input);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Last move: A a1-a2/d1-d2/e1-e2/h1-h2"),
        "{out}"
    );
    assert!(out.contains("`d1-d2` is not legal here"), "{out}");
    let (code, out, err) = gamut_in(&dir, &["replay", "r.toml"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Move 2: "), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// What a record's hash of the rules is made from (the dump) tells a
/// flank limited to runs from one that is not: a record of one is not
/// resumed under the other as if nothing had changed.
#[test]
fn a_flank_in_runs_is_part_of_the_rules_a_record_keeps() {
    let dump = |clause: &str| {
        let text = format!(
            "board 5 x 5\nplayers A, B\nreserve 9 each\nmove place, capturing flanked enemies{clause}\n"
        );
        let checked = gamut::load::check_source("runs.game", &text, gamut::check::Origin::Memory);
        checked.rules.expect("valid").dump()
    };
    let (any, two, up_to) = (dump(""), dump(" in runs of 2"), dump(" in runs of up to 2"));
    assert_ne!(any, two);
    assert_ne!(two, up_to);
    assert!(two.contains("in runs of 2 along"), "{two}");
}

/// `gamut ARGS` (words split at spaces) in `dir`, run by `script`
/// (util-linux) on a terminal of its own that passes it what is written
/// to the child's standard input; `env` is added to its environment.
fn on_a_terminal(dir: &Path, args: &str, env: &[(&str, &Path)]) -> std::process::Child {
    let gamut = env!("CARGO_BIN_EXE_gamut");
    let mut script = std::process::Command::new("script");
    script
        .args(["-qec", &format!("{gamut} {args}"), "/dev/null"])
        .current_dir(dir)
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for (name, value) in env {
        script.env(name, value);
    }
    script
        .spawn()
        .expect("`script` (util-linux) runs gamut on a terminal")
}

/// At a terminal, lines that arrive together (typed ahead while gamut
/// was busy, or pasted) are each read: the editor once dropped all but
/// the first, and read a pasted `c3` and `moves` as the word `c3moves`.
#[test]
fn lines_typed_ahead_or_pasted_at_a_terminal_are_each_read() {
    let dir = scratch("records-typed-ahead");
    let kept = dir.join("kept.toml");
    // `script` runs gamut on a terminal of its own and passes it these
    // bytes at once; the second burst is a bracketed paste.
    let input = "b2\na1\n\x1b[200~c3\nmoves\x1b[201~\nquit\n";
    let mut child = on_a_terminal(&dir, "play tic-tac-toe", &[("GAMUT_AUTOSAVE", &kept)]);
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("script ends");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("legal moves"), "`moves` was read: {shown}");
    let record = std::fs::read_to_string(&kept).expect("the kept record");
    assert!(
        record.contains("\"b2\",\n    \"a1\",\n    \"c3\","),
        "{record}"
    );
}

/// A record whose `[players]` lines were cut short is refused, not
/// played with the missing seat taken to be a person.
#[test]
fn a_record_without_a_players_seat_is_refused_unless_the_seat_is_given() {
    let dir = scratch("records-seat-cut");
    let text = saved(&dir, "tic-tac-toe", "b2 a1", "rec.toml");
    let cut = text.replace("X = \"human\"\n", "");
    assert_ne!(cut, text, "{text}");
    std::fs::write(dir.join("cut.toml"), &cut).unwrap();
    let (code, _, err) = gamut_in(&dir, &["play", "--load", "cut.toml"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cut.toml: the record seats no one as X"),
        "{err}"
    );
    let (code, out, err) = gamut_in(&dir, &["play", "--load", "cut.toml", "X=human"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("X (human) against O (human)"), "{out}");
}

/// `replay` at a terminal leaves on Ctrl-D, as `q` does (it stepped one
/// move and waited again); a line that is not UTF-8 is said to be
/// unread, not taken as Enter.
#[test]
fn replay_leaves_on_ctrl_d_and_does_not_read_a_garbled_line_as_enter() {
    let dir = scratch("records-replay-eof");
    saved(&dir, "tic-tac-toe", "b2 a1", "rec.toml");
    let mut child = on_a_terminal(&dir, "replay rec.toml", &[]);
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"n\n\x04").expect("write");
    // Kept open: only gamut's own leaving ends the run.
    let mut waited = 0;
    while child.try_wait().expect("wait").is_none() {
        if waited > 100 {
            let _ = child.kill();
            panic!("replay did not leave on Ctrl-D");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    drop(stdin);
    let out = child.wait_with_output().expect("script ends");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("Move 1: b2"), "{shown}");
    assert!(!shown.contains("Move 2"), "Ctrl-D stepped on: {shown}");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(["replay", "rec.toml"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("gamut");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"n\n\xff\xfe\nq\n")
        .expect("write");
    let out = child.wait_with_output().expect("gamut ends");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("not UTF-8 text"), "{shown}");
    assert!(!shown.contains("Move 2"), "{shown}");
}
