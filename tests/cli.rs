//! The `gamut` binary as a user runs it: output and exit codes.

mod common;

use std::process::Command;

use common::gamut;

fn manifest(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn validate_a_shipped_game_by_name() {
    let (code, out, _) = gamut(&["validate", "network"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "ok network (shipped): Network: 8 x 8 board less 4 cells, Dark vs Light\n"
    );
}

/// A folder named as a shipped game does not hide the game; a file of
/// that name is read as the file.
#[test]
fn a_folder_named_as_a_shipped_game_does_not_hide_it() {
    let dir = common::scratch("folder-named-hex");
    std::fs::create_dir_all(dir.join("hex")).expect("mkdir");
    let (code, out, err) = common::gamut_in(&dir, &["validate", "hex"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok hex (shipped)"), "{out}");
    std::fs::write(dir.join("network"), "board 3 x 3\nplayers A, B\n").expect("write");
    let (code, _, err) = common::gamut_in(&dir, &["validate", "network"], "");
    assert_eq!(code, 1, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A file named as a shipped game that extends that name extends the
/// shipped game, not itself; a cycle of two files is still an error.
#[test]
fn a_file_named_as_a_shipped_game_extends_the_shipped_game() {
    let dir = common::scratch("named-as-shipped");
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::write(
        dir.join("othello.game"),
        "extends \"othello\"\ngame \"Othello 6\"\nboard 6 x 6\n\
         setup\n  White on c3, d4\n  Black on c4, d3\n",
    )
    .expect("write");
    let (code, out, err) = common::gamut_in(&dir, &["perft", "othello.game", "2"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("perft(2) = 12\n"), "{out}");
    std::fs::write(dir.join("a.game"), "extends \"b\"\n").expect("write");
    std::fs::write(dir.join("b.game"), "extends \"a\"\n").expect("write");
    let (code, out, err) = common::gamut_in(&dir, &["validate", "a.game"], "");
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("error[G014]"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn validate_every_shipped_file_by_path() {
    let files: Vec<String> = std::fs::read_dir(manifest("games"))
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, _) = gamut(&args);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("ok ")).count(),
        files.len()
    );
}

#[test]
fn an_invalid_file_exits_1_with_file_line_col_and_a_caret() {
    let path = manifest("tests/invalid/misspelt-region.game");
    let (code, out, _) = gamut(&["validate", &path]);
    assert_eq!(code, 1);
    assert!(out.contains("error[G021]: unknown region `opne`"), "{out}");
    assert!(out.contains("misspelt-region.game:16:15"), "{out}");
    assert!(out.contains("^^^^"), "{out}");
    assert!(out.contains("did you mean `open`?"), "{out}");
}

#[test]
fn a_missing_file_is_a_usage_error() {
    let (code, out, err) = gamut(&["validate", "no/such/file.game"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("no file or shipped game named `no/such/file.game`"),
        "{err}"
    );
    let (code, _, err) = gamut(&["validate", "netwrok"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean `network`?"), "{err}");
    // A link to nothing, or round in a loop, is there: said as such.
    #[cfg(unix)]
    {
        let dir = common::scratch("links-to-nothing");
        std::os::unix::fs::symlink("gone.game", dir.join("dangling.game")).unwrap();
        std::os::unix::fs::symlink("loop-b.game", dir.join("loop-a.game")).unwrap();
        std::os::unix::fs::symlink("loop-a.game", dir.join("loop-b.game")).unwrap();
        let (code, _, err) = common::gamut_in(&dir, &["validate", "dangling.game"], "");
        assert_eq!(code, 2);
        assert!(
            err.contains("dangling.game: it is a link to gone.game, which does not exist"),
            "{err}"
        );
        let (code, _, err) = common::gamut_in(&dir, &["validate", "loop-a.game"], "");
        assert_eq!(code, 2);
        assert!(err.contains("cannot read loop-a.game: "), "{err}");
        assert!(!err.contains("no file or shipped game"), "{err}");
    }
}

#[test]
fn usage_errors_beat_file_errors_and_every_file_is_reported() {
    let bad = manifest("tests/invalid/misspelt-region.game");
    let (code, out, err) = gamut(&["validate", "network", &bad, "missing.game"]);
    assert_eq!(code, 2);
    assert!(out.contains("ok network (shipped)"));
    assert!(out.contains("G021"));
    assert!(err.contains("missing.game"));
}

#[test]
fn no_arguments_is_a_usage_error() {
    let (code, _, err) = gamut(&["validate"]);
    assert_eq!(code, 2);
    assert!(err.contains("Usage"), "{err}");
}

#[test]
fn json_output_for_tools() {
    let bad = manifest("tests/invalid/misspelt-region.game");
    let (code, out, _) = gamut(&["validate", "--format", "json", "squinch", &bad]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v[0]["ok"], true);
    assert_eq!(v[0]["summary"]["name"], "Squinch");
    assert_eq!(v[0]["summary"]["players"][0], "Red");
    assert_eq!(v[1]["ok"], false);
    let d = &v[1]["diagnostics"][0];
    assert_eq!(d["code"], "G021");
    assert_eq!(d["line"], 16);
    assert_eq!(d["column"], 15);
    assert_eq!(d["help"], "did you mean `open`?");
}

#[test]
fn a_variant_next_to_its_parent_extends_it() {
    let dir = std::env::temp_dir().join(format!("gamut-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("mini.game"),
        "game \"Mini\"\nboard 4 x 4\nplayers A, B\nsetup\n  A on rank 1\n  B on rank 4\nmove step forward onto empty\ngoal each wins with all pieces in opponent's home\nregion home for A = rank 1\nregion home for B = rank 4\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("mini-wide.game"),
        "extends \"mini\"\ngame \"Mini wide\"\nboard 6 x 4\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("broken-child.game"),
        "extends \"mini\"\nboard 6 x 0\n",
    )
    .unwrap();
    let (code, out, _) = gamut(&["validate", dir.join("mini-wide.game").to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Mini wide: 6 x 4 board, A vs B"), "{out}");
    let (code, out, _) = gamut(&["validate", dir.join("broken-child.game").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("broken-child.game:2:11"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dump_prints_the_checked_rules() {
    let (code, out, _) = gamut(&["validate", "--dump", "j"]);
    assert_eq!(code, 0);
    assert!(out.contains("part 2 (optional):"), "{out}");
    assert!(out.contains("a1 right: a1 b1 c1 d1"), "{out}");
}

#[test]
fn list_names_every_shipped_game_with_a_line_each() {
    let (code, out, _) = gamut(&["list"]);
    assert_eq!(code, 0);
    let names: Vec<&str> = gamut::games::names().collect();
    assert_eq!(out.lines().count(), names.len());
    for name in names {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{name} "))),
            "{name}: {out}"
        );
    }
    assert!(
        out.contains("network                 Network: 8 x 8 board less 4 cells, Dark vs Light")
    );
}

#[test]
fn perft_counts_leaves_at_the_last_depth_and_speaks_json() {
    let (code, out, err) = gamut(&["perft", "network", "3"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("perft(3) = 104904\n"), "{out}");
    assert!(err.starts_with("104904 leaves at the last depth"), "{err}");
    let (_, out, _) = gamut(&["perft", "network", "0"]);
    assert_eq!(out, "perft(0) = 1\n");
    let (code, out, _) = gamut(&["perft", "network", "2", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["leaves"], serde_json::json!([1, 48, 2268]));
}

/// A perft asked for more than its time stops there, with the depths
/// finished printed and the reason; within its time it is unchanged.
#[test]
fn perft_stops_when_its_seconds_run_out() {
    let (code, out, err) = gamut(&["perft", "connect-four", "40", "--seconds", "0.3"]);
    assert_eq!(code, 2);
    assert!(out.starts_with("perft(1) = 7\nperft(2) = 49\n"), "{out}");
    assert!(
        err.contains("the time given with --seconds ran out"),
        "{err}"
    );
    let (code, out, _) = gamut(&["perft", "connect-four", "3", "--seconds", "60"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("perft(3) = 343\n"), "{out}");
}

#[test]
fn color_follows_the_flag_and_never_reaches_a_dumb_terminal() {
    let (_, out, _) = gamut(&["--color", "always", "validate", "network"]);
    assert!(out.contains("\u{1b}[1;32mok"), "{out:?}");
    let out = Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(["validate", "network", "--color", "auto"])
        .env("TERM", "dumb")
        .output()
        .expect("run gamut");
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\u{1b}'));
}

#[test]
fn the_hint_thinks_as_long_as_the_flags_say_and_shows_no_spinner_in_a_pipe() {
    let dir = common::scratch("hint-budget");
    let (code, out, err) = common::gamut_in(
        &dir,
        &["play", "network", "--iterations", "300"],
        "hint\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let hint = out
        .lines()
        .find(|l| l.starts_with("Hint: "))
        .expect("a hint");
    assert!(
        hint.contains("after 300 iterations") || hint.contains("forced"),
        "{hint}"
    );
    assert!(
        !err.contains("thinking") && !err.contains("Looking"),
        "{err}"
    );
}

#[test]
fn the_closest_legal_moves_are_the_nearest_on_the_board() {
    let dir = common::scratch("closest");
    let (_, out, _) = common::gamut_in(&dir, &["play", "network"], "e5\ne6\ne6\nquit\n");
    let line = out
        .lines()
        .find(|l| l.contains("Closest legal moves"))
        .expect("a refusal");
    let closest = line.split(": ").last().unwrap();
    let mut cells: Vec<&str> = closest.split(' ').collect();
    cells.sort_unstable();
    // Each one a king step from e6 (before the fix: b6 c6 d6 e1 e2).
    assert!(
        cells
            .iter()
            .all(|c| ["d5", "d6", "d7", "e7", "f5", "f6", "f7"].contains(c)),
        "{line}"
    );
}

#[test]
fn rules_draws_the_regions_and_help_explains_this_games_notation() {
    let dir = common::scratch("rules");
    let (_, out, _) = common::gamut_in(&dir, &["play", "network"], "rules\nquit\n");
    assert!(
        out.contains("Regions (x marks their cells):\n  goal-1:\n    for Dark:"),
        "{out}"
    );
    assert!(out.contains("         1  xxxxxx\n"), "{out}");
    assert!(
        out.contains("c3          a piece from reserve onto c3"),
        "{out}"
    );
    assert!(out.contains("b3-d5       a piece moved"), "{out}");
    assert!(!out.contains("a1^ "), "Network has no entries: {out}");
    let (_, out, _) = common::gamut_in(&dir, &["play", "j"], "help\nquit\n");
    assert!(
        out.contains("a1^         a piece from reserve entered at a1"),
        "{out}"
    );
    assert!(out.contains("a/b         the parts of one turn"), "{out}");
    assert!(!out.contains("e6-off"), "J has no bear-off: {out}");
}

#[test]
fn completions_and_a_man_page_come_from_the_command_line_definitions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, _) = gamut(&["completions", shell]);
        assert_eq!(code, 0, "{shell}");
        for word in ["validate", "perft", "replay", "color"] {
            assert!(out.contains(word), "{shell} lacks {word}");
        }
    }
    let (code, out, _) = gamut(&["man"]);
    assert_eq!(code, 0);
    assert!(out.contains(".TH gamut 1"), "{out}");
    assert!(out.contains("validate"), "{out}");
}

/// Which of gamut's streams [`with_a_full`] fills.
#[cfg(target_os = "linux")]
enum Stream {
    Output,
    Errors,
}

/// Runs gamut with `args`, its standard output or error going to
/// `/dev/full`, where every write fails as on a full disk.
#[cfg(target_os = "linux")]
fn with_a_full(args: &[&str], stream: Stream) -> std::process::Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_gamut"));
    command.args(args);
    match stream {
        Stream::Output => command.stdout(full),
        Stream::Errors => command.stderr(full),
    };
    command.output().expect("run gamut")
}

/// Output that cannot be written (a full disk) is an error with a message
/// and status 2 for every command: never a panic, never a silent success.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_reported_not_a_panic_nor_a_success() {
    let commands: [&[&str]; 7] = [
        &["list"],
        &["validate", "network"],
        &["perft", "tic-tac-toe", "2"],
        &["completions", "bash"],
        &["--help"],
        &["analyze", "tic-tac-toe", "--games", "2", "--format", "json"],
        &["man"],
    ];
    for args in commands {
        let out = with_a_full(args, Stream::Output);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A message that cannot be written (standard error full) is let go:
/// the command ends with its own status, never a panic's.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_error_is_no_panic() {
    let commands: [(&[&str], i32); 3] = [
        (&["validate", "no-such-game"], 2),
        (&["perft", "no-such-game", "2"], 2),
        (
            &["bench", "tic-tac-toe", "--playouts", "10", "--no-search"],
            0,
        ),
    ];
    for (args, status) in commands {
        let out = with_a_full(args, Stream::Errors);
        assert_eq!(out.status.code(), Some(status), "{args:?}");
    }
}

/// Past a depth with no leaf, perft says 0 at once (it walked the whole
/// tree again for each depth, 17 s to depth 100 of tic-tac-toe), and a
/// depth past 64 is a usage error, as in the engine protocol.
#[test]
fn perft_past_the_end_of_the_tree_is_zero_at_once() {
    let (code, out, _) = gamut(&["perft", "tic-tac-toe", "64", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let leaves = v["leaves"].as_array().unwrap();
    assert_eq!(leaves.len(), 65);
    assert_eq!(leaves[9], 127_872);
    assert!(leaves[10..].iter().all(|n| n == 0), "{out}");
    let (code, _, err) = gamut(&["perft", "tic-tac-toe", "100"]);
    assert_eq!(code, 2);
    assert!(err.contains("100 is not in 0..=64"), "{err}");
}

/// A file whose lines end as an old Mac's did (a lone `\r`), as Windows'
/// do (`\r\n`) or as Unix's do, is read the same, and an error in it is
/// placed on its own line.
#[test]
fn every_kind_of_line_end_reads_as_lines() {
    let dir = common::scratch("line-ends");
    let lines = [
        "board 3 x 3",
        "players X, O",
        "reserve 5 each",
        "move place",
    ];
    for (name, end) in [("mac", "\r"), ("windows", "\r\n"), ("unix", "\n")] {
        let path = dir.join(format!("{name}.game"));
        std::fs::write(&path, lines.join(end) + end).unwrap();
        let (code, out, err) = gamut(&["validate", &path.display().to_string()]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains("3 x 3 board, X vs O"), "{name}: {out}");
        let broken = lines.join(end).replace("place", "plaec") + end;
        std::fs::write(&path, broken).unwrap();
        let (code, out, _) = gamut(&["validate", &path.display().to_string()]);
        assert_eq!(code, 1, "{name}: {out}");
        assert!(out.contains(&format!("{name}.game:4:6")), "{name}: {out}");
    }
}
