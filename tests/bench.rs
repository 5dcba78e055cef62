//! `gamut bench`: play-outs on every core give the same results as on
//! one, and the computer player's search is measured beside them.

mod common;

fn bench_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let (code, out, err) = common::gamut(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("JSON")
}

#[test]
fn a_number_of_playouts_gives_the_same_results_on_any_number_of_threads() {
    let run = |threads: &str| {
        bench_json(&[
            "squinch",
            "--playouts",
            "300",
            "--seed",
            "4",
            "--threads",
            threads,
            "--no-search",
        ])
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one["threads"], 1);
    assert_eq!(two["threads"], 2);
    for field in ["playouts", "wins", "draws", "capped", "mean_length"] {
        assert_eq!(one[field], two[field], "{field}");
    }
    assert_eq!(one["playouts"], 300);
    assert_eq!(one["search"], serde_json::Value::Null);
}

#[test]
fn the_search_is_measured_for_as_many_iterations_as_playouts() {
    let result = bench_json(&["network", "--playouts", "200", "--threads", "2"]);
    let search = &result["search"];
    assert_eq!(search["iterations"], 200, "{result}");
    assert_eq!(search["threads"], 2);
    assert!(search["iterations_per_second"].as_f64().expect("a rate") > 0.0);
    let (code, out, err) = common::gamut(&["bench", "network", "--playouts", "200"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("search iterations/s:"), "{out}");
    assert!(out.contains("of the play-outs' rate"), "{out}");
}

/// No play-out to play is a usage error, not a report of zero games.
#[test]
fn zero_playouts_are_refused() {
    let (code, _, err) = common::gamut(&["bench", "tic-tac-toe", "--playouts", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("0 is not in 1..="), "{err}");
}
