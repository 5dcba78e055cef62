//! `gamut arena`: the computer player beats plain UCT by a clear margin,
//! and a run is the same whatever the number of threads. (The strength at
//! equal time is measured by hand and kept in docs/PERFORMANCE.md; a test
//! uses iteration budgets so that it cannot depend on the machine.)

mod common;

fn arena_json(args: &[&str]) -> serde_json::Value {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = common::scratch(&format!("arena-{run}"));
    let mut all = vec!["arena"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let (code, out, err) = common::gamut_in(&dir, &all, "");
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("JSON")
}

#[test]
fn mcts_beats_plain_uct_at_network_by_a_clear_margin() {
    let result = arena_json(&["network", "mcts:300", "uct:300", "--games", "24"]);
    let score = result["score"].as_f64().expect("a score");
    let low = result["interval"][0].as_f64().expect("an interval");
    assert!(score >= 0.7, "{result}");
    assert!(low > 0.5, "the interval excludes an even match: {result}");
    assert_eq!(result["games"], 24);
    assert_eq!(result["seats"][0], "mcts:300");
}

#[test]
fn a_run_is_the_same_on_one_thread_and_on_two() {
    let args = [
        "connect-four",
        "mcts:40",
        "random",
        "--games",
        "6",
        "--seed",
        "9",
    ];
    let one = arena_json(&[&args[..], &["--threads", "1"]].concat());
    let two = arena_json(&[&args[..], &["--threads", "2"]].concat());
    for field in [
        "wins",
        "draws",
        "unfinished",
        "mean_plies",
        "first_seat_wins_as",
    ] {
        assert_eq!(one[field], two[field], "{field}");
    }
}

#[test]
fn a_person_cannot_sit_in_the_arena_and_a_bad_seat_is_named() {
    let dir = common::scratch("arena-seats");
    let (code, _, err) = common::gamut_in(&dir, &["arena", "network", "human", "mcts"], "");
    assert_eq!(code, 2);
    assert!(err.contains("a person cannot sit in the arena"), "{err}");
    let (code, _, err) = common::gamut_in(&dir, &["arena", "network", "mcts:fast", "uct"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("`mcts:fast`: say how long mcts thinks"),
        "{err}"
    );
    // A time out of range is told its range.
    let (code, _, err) = common::gamut_in(&dir, &["arena", "network", "mcts:86401s", "uct"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("`mcts:86401s`: give a number of seconds from 0.01 to 86400"),
        "{err}"
    );
}

#[test]
fn a_seat_against_itself_has_rows_that_say_which_seat_is_which() {
    let dir = common::scratch("arena-itself");
    let (code, out, err) = common::gamut_in(
        &dir,
        &["arena", "tic-tac-toe", "random", "random", "--games", "8"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  random (first seat)   wins"), "{out}");
    assert!(out.contains("  random (second seat)  wins"), "{out}");
    assert!(out.contains("\nrandom (first seat) scores"), "{out}");
}
