//! `gamut analyze`: slices merge into exactly the whole run, random
//! self-play agrees with `gamut bench`, an unfair game is reported as
//! unbalanced and a symmetric one is not, and the page is drawn.

mod common;

use serde_json::Value;

fn scratch() -> common::Scratch {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    common::scratch(&format!("analyze-{run}"))
}

/// Runs `gamut analyze ARGS --format json` and returns its output.
fn analyze_json(args: &[&str]) -> String {
    let mut all = vec!["analyze"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let (code, out, err) = common::gamut(&all);
    assert_eq!(code, 0, "gamut {all:?}: {err}");
    out
}

fn parsed(json: &str) -> Value {
    serde_json::from_str(json).expect("JSON")
}

/// A small run with a ladder, on two games.
const RUN: [&str; 10] = [
    "network",
    "tic-tac-toe",
    "--games",
    "40",
    "--skill",
    "random,mcts:20,mcts:60",
    "--skill-games",
    "6",
    "--seed",
    "5",
];

#[test]
fn merged_slices_are_byte_for_byte_the_whole_run() {
    let whole = analyze_json(&RUN);
    let dir = scratch();
    let mut files = Vec::new();
    // Written out of order, and merged in another.
    for k in [3, 1, 4, 2] {
        let mut args = RUN.to_vec();
        let shard = format!("{k}/4");
        args.extend_from_slice(&["--shard", &shard]);
        let slice = analyze_json(&args);
        assert_eq!(parsed(&slice)["shard"], Value::from(shard.clone()));
        let file = dir.join(format!("slice-{k}.json"));
        std::fs::write(&file, slice).expect("write a slice");
        files.push(file.display().to_string());
    }
    let mut args = vec!["analyze", "merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend_from_slice(&["--format", "json"]);
    let (code, merged, err) = common::gamut(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, whole);
    let report = parsed(&whole);
    assert_eq!(report["shard"], Value::Null);
    assert_eq!(report["results"][0]["counts"]["games"], 40);
    assert_eq!(report["results"][1]["counts"]["ladder"][1]["games"], 6);
}

/// A game that drew gives its share of draws with an interval, as wins
/// are given; one that never drew says 0.0% alone.
#[test]
fn draws_have_an_interval_once_a_game_drew() {
    let (code, out, err) = common::gamut(&[
        "analyze",
        "network",
        "tic-tac-toe",
        "--games",
        "40",
        "--skill",
        "none",
        "--seed",
        "5",
    ]);
    assert_eq!(code, 0, "{err}");
    let draws: Vec<&str> = out
        .lines()
        .find_map(|line| line.trim_start().strip_prefix("draws"))
        .expect("a draws row")
        .split_whitespace()
        .collect();
    assert_eq!(draws[0], "0.0%", "Network cannot be drawn: {out}");
    assert_ne!(
        draws[1], "0.0%",
        "random tic-tac-toe draws some games: {out}"
    );
    assert_eq!(draws.len(), 3, "{out}");
    assert!(draws[2].starts_with('(') && draws[2].contains('-'), "{out}");
}

#[test]
fn a_run_is_the_same_on_one_thread_and_on_two() {
    let mut one = RUN.to_vec();
    one.extend_from_slice(&["--threads", "1"]);
    let mut two = RUN.to_vec();
    two.extend_from_slice(&["--threads", "2"]);
    assert_eq!(analyze_json(&one), analyze_json(&two));
}

#[test]
fn merge_refuses_what_is_not_every_slice_of_one_run_once() {
    let dir = scratch();
    let slice = |args: &[&str], name: &str| {
        let file = dir.join(name);
        std::fs::write(&file, analyze_json(args)).expect("write");
        file.display().to_string()
    };
    let base = ["tic-tac-toe", "--games", "10", "--skill", "none"];
    let with = |extra: &[&'static str]| {
        let mut v = base.to_vec();
        v.extend_from_slice(extra);
        v
    };
    let one = slice(&with(&["--shard", "1/2"]), "one.json");
    let two = slice(&with(&["--shard", "2/2"]), "two.json");
    let other_seed = slice(&with(&["--shard", "2/2", "--seed", "9"]), "seed.json");
    let whole = slice(&base, "whole.json");
    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, "{\"analysis\": 3").expect("write");
    let garbage = garbage.display().to_string();
    for (files, says) in [
        (vec![one.as_str()], "missing"),
        (vec![one.as_str(), one.as_str()], "both slice 1/2"),
        (vec![one.as_str(), other_seed.as_str()], "another run"),
        (vec![one.as_str(), whole.as_str()], "a whole run"),
        (vec![one.as_str(), garbage.as_str()], "not the JSON"),
    ] {
        let mut args = vec!["analyze", "merge"];
        args.extend(files);
        let (code, _, err) = common::gamut(&args);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says), "{says}: {err}");
    }
    let (code, out, err) = common::gamut(&["analyze", "merge", &two, &one]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Tic-tac-toe: 10 games of random"), "{out}");
    // A whole run is its own only slice.
    let (code, again, err) = common::gamut(&["analyze", "merge", &whole]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, out);
    // The same rules named by their path are the same game.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/tic-tac-toe.game");
    let mut by_path = with(&["--shard", "2/2"]);
    by_path[0] = path;
    let two_by_path = slice(&by_path, "two-by-path.json");
    let (code, merged, err) = common::gamut(&["analyze", "merge", &one, &two_by_path]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, out);
}

/// The Wilson 95 % interval of `k` successes in `n`.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964_f64;
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

#[test]
fn random_self_play_agrees_with_bench_on_every_shipped_game() {
    let names: Vec<&str> = gamut::games::names().collect();
    let mut args = names.clone();
    args.extend_from_slice(&["--games", "1000", "--skill", "none", "--seed", "3"]);
    let report = parsed(&analyze_json(&args));
    for (name, result) in names
        .iter()
        .zip(report["results"].as_array().expect("results"))
    {
        let first = result["figures"]["outcomes"]["first"]
            .as_u64()
            .expect("first") as usize;
        let analysed = &result["figures"]["outcomes"]["wins"][first];
        let (low, high) = (
            analysed["low"].as_f64().expect("low"),
            analysed["high"].as_f64().expect("high"),
        );
        let (code, out, err) = common::gamut(&[
            "bench",
            name,
            "--playouts",
            "4000",
            "--seed",
            "11",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let bench = parsed(&out);
        let mover = result["players"][first].as_str().expect("a name");
        let wins = bench["wins"][mover].as_f64().expect("wins");
        let (bench_low, bench_high) = wilson(wins, 4000.0);
        // The two 95 % intervals overlap: the two measures agree.
        assert!(
            bench_low <= high && low <= bench_high,
            "{name}: analyze has the first player win {low:.3}-{high:.3}, bench {bench_low:.3}-{bench_high:.3}"
        );
    }
}

#[test]
fn a_game_the_second_player_cannot_win_is_reported_as_unbalanced() {
    let report = parsed(&analyze_json(&[
        "tests/games/one-sided-tic-tac-toe.game",
        "--games",
        "400",
        "--skill",
        "none",
    ]));
    let outcomes = &report["results"][0]["figures"]["outcomes"];
    assert_eq!(outcomes["favours"], 0, "{outcomes}");
    assert_eq!(outcomes["wins"][1]["value"], 0.0);
    let (_, text, _) = common::gamut(&[
        "analyze",
        "tests/games/one-sided-tic-tac-toe.game",
        "--games",
        "400",
        "--skill",
        "none",
    ]);
    assert!(text.contains("favours X"), "{text}");
}

#[test]
fn a_symmetric_game_is_not() {
    // Forms' board is the same from both seats, colours swapped: four
    // thousand random games tell it even to within three points, where a
    // thousand (the default) leave it unclear.
    let run = ["forms", "--skill", "none", "--games", "4000"];
    let report = parsed(&analyze_json(&run));
    let outcomes = &report["results"][0]["figures"]["outcomes"];
    assert_eq!(outcomes["favours"], Value::Null, "{outcomes}");
    assert_eq!(outcomes["balance"]["even"], 3, "{outcomes}");
    let (_, text, _) = common::gamut(&[&["analyze"][..], &run].concat());
    assert!(text.contains("even (within 3 points)"), "{text}");
    let (_, text, _) = common::gamut(&["analyze", "forms", "--skill", "none"]);
    assert!(text.contains("unclear: more games would tell"), "{text}");
}

/// A game that never ends is not called balanced: its balance and the
/// gain from thinking are unknown, and the warning says why.
#[test]
fn a_game_that_never_ends_is_not_called_balanced() {
    let (code, text, err) = common::gamut(&[
        "analyze",
        "tests/games/shuttle.game",
        "--games",
        "20",
        "--ply-cap",
        "30",
        "--skill",
        "random,uct:10",
        "--skill-games",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("balance                unknown: no game ended"),
        "{text}"
    );
    assert!(
        text.contains("depth                  unknown: no ladder game was won"),
        "{text}"
    );
    assert!(
        err.contains("no game ended within the ply cap of 30"),
        "{err}"
    );
}

#[test]
fn thinking_longer_wins_a_game_of_skill() {
    // Connect Four rewards search: each rung beats the one below it.
    let report = parsed(&analyze_json(&[
        "connect-four",
        "--games",
        "10",
        "--skill",
        "random,mcts:30,mcts:300",
        "--skill-games",
        "20",
    ]));
    let skill = report["results"][0]["figures"]["skill"]
        .as_array()
        .expect("a trace");
    assert_eq!(skill.len(), 2);
    for step in skill {
        assert!(step["low"].as_f64().expect("low") > 0.5, "{step}");
    }
}

#[test]
fn the_figures_say_what_the_games_did() {
    let report = parsed(&analyze_json(&[
        "tic-tac-toe",
        "--games",
        "300",
        "--skill",
        "none",
    ]));
    let r = &report["results"][0];
    let counts = &r["counts"];
    let wins = counts["wins"][0].as_u64().unwrap() + counts["wins"][1].as_u64().unwrap();
    assert_eq!(wins + counts["draws"].as_u64().unwrap(), 300);
    // Tic-tac-toe lasts 5 to 9 moves; the first move has 9 choices, and
    // every move lands on one cell.
    let length = &r["figures"]["length"];
    assert!(length["min"].as_u64().unwrap() >= 5 && length["max"].as_u64().unwrap() <= 9);
    assert_eq!(r["figures"]["branching"]["by_tenth"][0], 9.0);
    let landed: u64 = counts["landings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(landed, counts["decisions"].as_u64().unwrap());
    assert_eq!(r["board"]["cells"].as_array().unwrap().len(), 9);
    // The last move of a full board is forced.
    assert!(counts["forced"].as_u64().unwrap() > 0);
}

#[test]
fn bad_arguments_are_usage_errors() {
    for (args, says) in [
        (
            vec!["analyze", "tic-tac-toe", "--players", "human"],
            "not a computer player",
        ),
        (
            vec!["analyze", "tic-tac-toe", "--players", "a,b,c"],
            "not a computer player",
        ),
        (
            vec![
                "analyze",
                "tic-tac-toe",
                "--players",
                "random,random,random",
            ],
            "one seat",
        ),
        (
            vec!["analyze", "tic-tac-toe", "--skill", "random"],
            "two rungs",
        ),
        (vec!["analyze", "tic-tac-toe", "--shard", "5/4"], "1 to 4"),
        (vec!["analyze", "no-such-game"], "no-such-game"),
    ] {
        let (code, _, err) = common::gamut(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // A ladder given strongest first is run, and said to be backwards.
    let backwards = ["analyze", "tic-tac-toe", "--games", "4", "--skill"];
    let (code, _, err) =
        common::gamut(&[&backwards[..], &["uct:20,uct:5", "--skill-games", "2"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("uct:5 comes after uct:20"), "{err}");
    let (code, _, err) =
        common::gamut(&[&backwards[..], &["random,uct:5", "--skill-games", "2"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("comes after"), "{err}");
}

/// Writes the page of `games` self-play games of Network and Hex 5×5, a
/// square board and a hexagonal one, with a short ladder; with its
/// folder, which goes when the test ends.
fn network_and_hex_page(games: &str) -> (common::Scratch, std::path::PathBuf) {
    let dir = scratch();
    let page = dir.join("page.html");
    let (code, _, err) = common::gamut(&[
        "analyze",
        "network",
        "hex-5x5",
        "--games",
        games,
        "--skill",
        "random,mcts:20",
        "--skill-games",
        "4",
        "--html",
        &page.display().to_string(),
    ]);
    assert_eq!(code, 0, "{err}");
    (dir, page)
}

#[test]
fn the_page_is_self_contained_and_draws_every_chart() {
    let (_dir, page) = network_and_hex_page("30");
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.starts_with("<!DOCTYPE html>"));
    // Outcomes, skill, and per game lengths, branching and the board.
    assert_eq!(html.matches("<svg").count(), 2 + 2 * 3, "{html}");
    assert!(
        html.contains("<polygon"),
        "the hex board is drawn in hexagons"
    );
    assert!(
        !html.contains("http://")
            || html.matches("http://").count()
                == html.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
    );
    assert!(!html.contains("<script"));
}

/// The browser that draws the page: `GAMUT_BROWSER`, or Chromium.
fn browser() -> Option<String> {
    if let Ok(path) = std::env::var("GAMUT_BROWSER") {
        return Some(path);
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            std::process::Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .map(str::to_string)
}

/// Pixels of the screenshot within a small distance of `rgb`.
fn pixels_like(rgba: &[u8], rgb: [u8; 3]) -> usize {
    rgba.chunks_exact(4)
        .filter(|p| (0..3).all(|i| p[i].abs_diff(rgb[i]) <= 6))
        .count()
}

#[test]
// The harness captures a test's output: no stream to fail.
#[allow(clippy::disallowed_macros)]
fn a_real_browser_draws_every_chart_of_the_page() {
    let Some(browser) = browser() else {
        // .ci/run installs Chromium and sets this, so CI always draws the page.
        assert!(
            std::env::var_os("GAMUT_REQUIRE_BROWSER").is_none(),
            "no browser: install chromium or set GAMUT_BROWSER"
        );
        eprintln!("skipped: no Chromium to draw the page (set GAMUT_BROWSER)");
        return;
    };
    let (_dir, page) = network_and_hex_page("100");
    // Kept where a person can look at it after the test.
    let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("analyze-page.png");
    let _ = std::fs::remove_file(&shot);
    let mut child = std::process::Command::new(&browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=800,4000",
            &format!("--screenshot={}", shot.display()),
            &format!("file://{}", page.display()),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start the browser");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("{browser} did not draw the page in two minutes");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let file = std::fs::File::open(&shot).expect("the browser wrote a screenshot");
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    assert_eq!((info.width, info.height), (800, 4000));
    let rgba: Vec<u8> = match info.color_type {
        png::ColorType::Rgba => buffer[..info.buffer_size()].to_vec(),
        png::ColorType::Rgb => buffer[..info.buffer_size()]
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other @ (png::ColorType::Grayscale
        | png::ColorType::Indexed
        | png::ColorType::GrayscaleAlpha) => panic!("a screenshot in {other:?}"),
    };
    // Each chart's own colour covers a good area: the first and second
    // players' wins, the length histograms, the branching bars, and the
    // busiest cell of each board at full strength.
    for (chart, rgb) in [
        ("the first player's wins", [0xc0, 0x39, 0x2b]),
        ("the second player's wins", [0x2c, 0x7f, 0xb8]),
        ("the branching bars", [0x1b, 0x9e, 0x77]),
        ("the busiest cells", [0xd9, 0x5f, 0x0e]),
    ] {
        let seen = pixels_like(&rgba, rgb);
        assert!(seen > 200, "{chart}: {seen} pixels in {}", shot.display());
    }
}

/// Slice `k` of 2 of a small tic-tac-toe run with a ladder, as JSON.
fn tic_tac_toe_slice(k: usize) -> Value {
    let shard = format!("{k}/2");
    parsed(&analyze_json(&[
        "tic-tac-toe",
        "--games",
        "10",
        "--skill",
        "random,uct:5",
        "--skill-games",
        "2",
        "--shard",
        &shard,
    ]))
}

/// Writes slices to files and merges them: exit code, output, errors.
fn merge_values(slices: &[Value], extra: &[&str]) -> (i32, String, String) {
    let dir = scratch();
    let files: Vec<String> = slices
        .iter()
        .enumerate()
        .map(|(k, slice)| {
            let file = dir.join(format!("slice-{k}.json"));
            std::fs::write(&file, slice.to_string()).expect("write");
            file.display().to_string()
        })
        .collect();
    let mut args = vec!["analyze", "merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend_from_slice(extra);
    common::gamut(&args)
}

#[test]
fn merge_refuses_counts_that_do_not_hold_together() {
    for (field, value) in [
        ("games", Value::from(u64::MAX)),
        ("wins", serde_json::json!([999, 999])),
        (
            "lengths",
            serde_json::json!({"0": 0, "4294967295": u64::MAX}),
        ),
        ("decisions", Value::from(1)),
        ("forced", Value::from(u64::MAX)),
        ("cells_used", Value::from(u64::MAX)),
        ("landings", serde_json::json!([1, 2])),
    ] {
        let mut second = tic_tac_toe_slice(2);
        second["results"][0]["counts"][field] = value;
        let (code, out, err) = merge_values(&[tic_tac_toe_slice(1), second], &[]);
        assert_eq!(code, 2, "{field}: {err}");
        assert!(out.is_empty(), "{field}: {out}");
        assert!(err.contains("not the JSON gamut wrote"), "{field}: {err}");
    }
    let mut second = tic_tac_toe_slice(2);
    second["results"][0]["counts"]["ladder"][0]["stronger"] = Value::from(u64::MAX);
    let (code, _, err) = merge_values(&[tic_tac_toe_slice(1), second], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the ladder's pair 1"), "{err}");
    // A cell landed on more often than moves were played.
    let mut second = tic_tac_toe_slice(2);
    second["results"][0]["counts"]["landings"][4] = Value::from(u64::MAX);
    let (code, _, err) = merge_values(&[tic_tac_toe_slice(1), second], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more landings on a cell"), "{err}");
    // Settings and boards no run has: each was once drawn as if played.
    for (path, value, said) in [
        ("/ply_cap", Value::from(0), "ply cap of 0"),
        (
            "/results/0/board/cells/2/file",
            Value::from(3),
            "`c1` of Tic-tac-toe lies off",
        ),
        (
            "/results/0/board/cells/2/name",
            Value::from("a1"),
            "`a1` of Tic-tac-toe is not one cell",
        ),
        (
            "/results/0/players/1",
            Value::from("X"),
            "not two named players",
        ),
        ("/results/0/rules_hash", Value::from("zz"), "rules hash"),
    ] {
        let mut second = tic_tac_toe_slice(2);
        *second.pointer_mut(path).expect(path) = value;
        let (code, out, err) = merge_values(&[tic_tac_toe_slice(1), second], &[]);
        assert_eq!(code, 2, "{path}: {err}");
        assert!(out.is_empty(), "{path}: {out}");
        assert!(
            err.contains(said) && err.contains("not the JSON gamut wrote"),
            "{path}: {err}"
        );
    }
    // No game at all (once a panic when printed), and a seat gamut does
    // not know, in every format.
    for format in ["text", "json"] {
        let mut whole = tic_tac_toe_slice(1);
        whole["shard"] = Value::Null;
        whole["results"] = serde_json::json!([]);
        let (code, out, err) = merge_values(&[whole], &["--format", format]);
        assert_eq!(code, 2, "{format}: {out}");
        assert!(err.contains("analyses no game"), "{err}");
        let mut second = tic_tac_toe_slice(2);
        second["skill"][1] = Value::from("bogus");
        let (code, _, err) = merge_values(&[tic_tac_toe_slice(1), second], &["--format", format]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("`bogus` is not one gamut seats"), "{err}");
    }
}

#[test]
fn merge_draws_a_board_wider_than_the_alphabet() {
    let dir = scratch();
    let page = dir.join("page.html").display().to_string();
    let slices: Vec<Value> = (1..=2)
        .map(|k| {
            let mut slice = tic_tac_toe_slice(k);
            let board = &mut slice["results"][0]["board"];
            board["width"] = Value::from(255);
            board["height"] = Value::from(255);
            board["cells"][0]["file"] = Value::from(254);
            board["cells"][1]["rank"] = Value::from(254);
            slice
        })
        .collect();
    for format in ["text", "json"] {
        let (code, out, err) = merge_values(&slices, &["--format", format, "--html", &page]);
        assert_eq!(code, 0, "{err}");
        assert!(!out.is_empty());
    }
    assert!(
        std::fs::read_to_string(&page)
            .expect("page")
            .contains("<svg")
    );
}

#[test]
fn a_page_that_cannot_be_written_is_refused_before_any_game() {
    let (code, out, err) = common::gamut(&[
        "analyze",
        "tic-tac-toe",
        "--html",
        "/no/such/folder/page.html",
    ]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("does not exist"), "{err}");
    let dir = scratch();
    let (code, _, err) = common::gamut(&[
        "analyze",
        "tic-tac-toe",
        "--html",
        &dir.display().to_string(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("is a folder"), "{err}");
    // A file that is not a page (the game itself, once) is never replaced.
    let game = dir.join("mine.game");
    std::fs::write(
        &game,
        "board 3 x 3\nplayers X, O\nreserve 5 each\nmove place\n",
    )
    .unwrap();
    let game = game.display().to_string();
    let (code, _, err) = common::gamut(&["analyze", &game, "--games", "2", "--html", &game]);
    assert_eq!(code, 2);
    assert!(err.contains("exists and is not a page"), "{err}");
    assert!(
        std::fs::read_to_string(&game)
            .unwrap()
            .starts_with("board 3 x 3")
    );
    // Nor is a page of someone else's.
    let notes = dir.join("notes.html");
    let mine = "<!DOCTYPE html>\n<html><body>My thesis notes</body></html>\n";
    std::fs::write(&notes, mine).unwrap();
    let notes = notes.display().to_string();
    let (code, _, err) =
        common::gamut(&["analyze", "tic-tac-toe", "--games", "2", "--html", &notes]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a page of `gamut analyze`"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), mine);
    // No file at all is refused before any game is played.
    let (code, out, err) = common::gamut(&["analyze", "tic-tac-toe", "--html", ""]);
    assert_eq!(code, 2);
    assert!(err.contains("give a file for the page"), "{err}");
    assert!(out.is_empty(), "{out}");
    // A page of its own is replaced.
    let page = dir.join("page.html");
    let page = page.display().to_string();
    for _ in 0..2 {
        let (code, _, err) =
            common::gamut(&["analyze", "tic-tac-toe", "--games", "2", "--html", &page]);
        assert_eq!(code, 0, "{err}");
    }
}

#[test]
fn games_of_one_name_are_told_apart_and_the_first_player_is_who_moves_first() {
    let dir = scratch();
    let variant = dir.join("o-first.game");
    std::fs::write(&variant, "extends \"tic-tac-toe\"\nturns O, X\n").expect("write");
    let variant = variant.display().to_string();
    let args = [
        "analyze",
        "tic-tac-toe",
        &variant,
        "--games",
        "2000",
        "--skill",
        "none",
    ];
    let (code, out, err) = common::gamut(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Tic-tac-toe (tic-tac-toe)"), "{out}");
    assert!(out.contains(&format!("Tic-tac-toe ({variant})")), "{out}");
    // The rows say who moves first in each game: X in one, O in the other.
    let first = out
        .lines()
        .find(|l| l.trim_start().starts_with("first player wins"))
        .expect("a row of the first player's wins");
    let x = first.find(" X ").expect("X in the first column");
    let o = first.find(" O ").expect("O in the second");
    assert!(x < o, "{first}");
    // Whoever moves first wins most games of random tic-tac-toe.
    let mut json_args = args.to_vec();
    json_args.extend_from_slice(&["--format", "json"]);
    let (_, json, _) = common::gamut(&json_args);
    let report = parsed(&json);
    for (r, mover) in report["results"]
        .as_array()
        .expect("results")
        .iter()
        .zip(["X", "O"])
    {
        let outcomes = &r["figures"]["outcomes"];
        let first = outcomes["first"].as_u64().expect("first") as usize;
        assert_eq!(r["players"][first], mover);
        assert_eq!(
            r["players"][outcomes["favours"].as_u64().expect("an edge") as usize],
            mover
        );
    }
}

/// Ctrl-C ends a long run with the report of the games played by then,
/// said to be so, and status 2; its JSON is marked, and `merge` refuses
/// it as a slice. A ladder cut short claims no absence of a gain.
#[test]
fn ctrl_c_reports_the_games_played_so_far() {
    let dir = scratch();
    let run = |format: &str| {
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_gamut"))
            .args(["analyze", "tic-tac-toe", "--games", "10000000"])
            .args(["--skill", "random,random", "--skill-games", "1000000"])
            .args(["--format", format])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run gamut");
        std::thread::sleep(std::time::Duration::from_secs(3));
        let sent = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill");
        assert!(sent.success());
        let out = child.wait_with_output().expect("gamut ends");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = run("text");
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(out.contains("(interrupted by Ctrl-C"), "{out}");
    assert!(out.contains("balance"), "{out}");
    assert!(
        out.contains("  depth                   unknown: the run was interrupted"),
        "{out}"
    );
    assert!(
        err.contains("gamut: interrupted: the report is of the"),
        "{err}"
    );
    let (code, json, _) = run("json");
    assert_eq!(code, Some(2));
    assert_eq!(parsed(&json)["interrupted"], true, "{json}");
    let file = dir.join("interrupted.json");
    std::fs::write(&file, json).expect("write");
    let (code, _, err) = common::gamut(&["analyze", "merge", &file.display().to_string()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("was interrupted"), "{err}");
}

/// A game whose random games all reach the ply cap is told at once,
/// before its ladder games (each a search at every move up to the cap)
/// make a long run look hung.
#[test]
fn a_game_that_may_never_end_is_told_before_the_ladder() {
    let dir = scratch();
    let file = dir.join("loop.game");
    std::fs::write(
        &file,
        "game \"Loop\"\nboard 3 x 3\nplayers A, B\npieces p\nsetup\n  A on a1\n  B on c3\nmove step any onto empty\n",
    )
    .expect("write");
    let ladder = [
        "--skill",
        "random,uct:1",
        "--skill-games",
        "1",
        "--ply-cap",
        "50",
    ];
    let loop_game = file.display().to_string();
    for (game, warned) in [(loop_game.as_str(), true), ("tic-tac-toe", false)] {
        let mut args = vec!["analyze", game, "--games", "1"];
        args.extend_from_slice(&ladder);
        let (_, _, err) = common::gamut(&args);
        let said = err.contains("none of 8 random games ended within the ply cap of 50");
        assert_eq!(said, warned, "{game}: {err}");
    }
}
