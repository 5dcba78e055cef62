//! The fuzz harness, on stable Rust: property tests that write grammatical
//! games (at and past every limit of the language) and mutate the shipped
//! and test games, then run each through the checker, `perft 2` and a
//! short random game, all under the engine's work budget.
//!
//! Each case must end in rules or a positioned error (never both, never
//! neither), with a bounded report, and a valid game must be listed or
//! refused with the rule named, never panic, abort or hang; each random
//! move drawn must be one of the moves listed. The number of
//! cases is `GAMUT_FUZZ_CASES` (64 unless set; `.ci/run` sets more).

mod common;

use std::sync::{Mutex, OnceLock};

use common::lsp_client::Client;
use gamut::check::{Checked, Origin};
use gamut::engine::{Engine, Successors, perft};
use gamut::load::check_source;
use gamut::rng::Rng;
use proptest::prelude::*;
use proptest::test_runner::Config;

fn cases() -> u32 {
    std::env::var("GAMUT_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64)
}

/// What a designer may write, word by word, including values past each
/// limit the reference states (256 cells, 255 pieces, 8 kinds, four
/// parts, 8 legs, distance 64, 255 options).
fn board() -> impl Strategy<Value = String> {
    (
        1u32..=18,
        1u32..=18,
        prop::option::of(prop::sample::select(vec![
            "corners",
            "a1",
            "edge",
            "rank 1",
            "file b, c3",
        ])),
    )
        .prop_map(|(w, h, without)| match without {
            Some(hole) => format!("board {w} x {h} without {hole}\n"),
            None => format!("board {w} x {h}\n"),
        })
}

fn kinds() -> impl Strategy<Value = Vec<String>> {
    // Mostly one kind, since a reserve of several kinds must name them.
    prop_oneof![3 => Just(1usize), 1 => 2usize..=9]
        .prop_map(|n| (0..n).map(|i| format!("k{i}x")).collect())
}

const REGIONS: &[&str] = &[
    "board",
    "edge",
    "corners",
    "dark",
    "light",
    "rank 1",
    "rank 2",
    "ranks 1..3",
    "file a",
    "files a..c",
    "a1..c3",
    "b2",
    "board except edge",
    "(rank 1, file a) in dark",
    "home",
    "opponent's home",
    "z9",
];

const DIRS: &[&str] = &[
    "forward",
    "backward",
    "sideways",
    "forward-diagonal",
    "orthogonal",
    "diagonal",
    "any",
    "up, left",
    "up-right",
];

fn region() -> impl Strategy<Value = &'static str> {
    prop::sample::select(REGIONS)
}

fn dirs() -> impl Strategy<Value = &'static str> {
    prop::sample::select(DIRS)
}

fn distance() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just(" up to height".to_string()),
        (1u32..=70).prop_map(|n| format!(" up to {n}")),
        (0u32..=3, 1u32..=70).prop_map(|(a, b)| format!(" {a}..{b}")),
        (0u32..=66).prop_map(|n| format!(" exactly {n}")),
    ]
}

fn targets() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "",
        " onto empty",
        " onto enemy",
        " onto empty, friend",
        " onto any",
        " onto friend at least as tall",
    ])
}

fn leg() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["friend", "enemy", "any"]),
        dirs(),
        prop::sample::select(vec![
            "",
            " at most once",
            " at most twice",
            " at most 1001 times",
        ]),
    )
        .prop_map(|(who, d, times)| format!("over {who} {d}{times}"))
}

fn clauses() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            ", chained",
            ", capturing",
            ", must end further forward",
            ", must remove a piece",
            ", ending in home",
            ", only when reserve is empty",
            ", not on entry line",
            ", only if own pieces fill home in forward-cone",
            ", converting flanked enemies",
            ", capturing flanked enemies along orthogonal",
            ", must convert a piece",
            ", chained, capturing, must continue",
            ", dropping down",
            ", dropping backward",
        ]),
        0..3,
    )
    .prop_map(|c| c.concat())
}

fn option() -> impl Strategy<Value = String> {
    let primitive = prop_oneof![
        region().prop_map(|r| format!("place on {r}")),
        (
            region(),
            prop::sample::select(vec!["inward", "forward", "any"])
        )
            .prop_map(|(r, p)| format!("enter at {r} pushing {p}")),
        region().prop_map(|r| format!("relocate to {r}")),
        (dirs(), distance(), targets()).prop_map(|(d, n, t)| format!("step {d}{n}{t}")),
        (dirs(), distance(), targets()).prop_map(|(d, n, t)| format!("slide {d}{n}{t}")),
        (dirs(), targets()).prop_map(|(d, t)| format!("slide {d} with turns{t}")),
        prop::collection::vec(leg(), 1..10).prop_map(|legs| format!("jump {}", legs.join(", "))),
        (dirs(), distance()).prop_map(|(d, n)| format!("bear off {d}{n}")),
        region().prop_map(|r| format!("return a piece from {r} to reserve")),
    ];
    (primitive, clauses()).prop_map(|(p, c)| format!("{p}{c}"))
}

fn goal() -> impl Strategy<Value = String> {
    let condition = prop_oneof![
        (region(), region(), dirs())
            .prop_map(|(a, b, d)| format!("chain between {a} and {b} connected {d}")),
        (region(), region(), 0u32..=300)
            .prop_map(|(a, b, n)| format!("network between {a} and {b}, at least {n} pieces")),
        region().prop_map(|r| format!("all pieces in {r}")),
        Just("all pieces borne off".to_string()),
        dirs().prop_map(|d| format!("all pieces connected {d}")),
        (0u32..=30, any::<bool>(), dirs()).prop_map(|(n, exact, d)| format!(
            "{}{n} in a row along {d}",
            if exact { "exactly " } else { "" }
        )),
        region().prop_map(|r| format!("a piece in {r}")),
        (0u32..=300).prop_map(|n| format!("at most {n} enemy pieces")),
        Just("no enemy pieces".to_string()),
    ];
    (
        prop::sample::select(vec!["each", "White", "Black"]),
        prop::sample::select(vec!["wins", "loses"]),
        condition,
    )
        .prop_map(|(who, outcome, c)| format!("goal {who} {outcome} with {c}\n"))
}

/// A whole game, declaration by declaration.
fn game() -> impl Strategy<Value = String> {
    (
        board(),
        kinds(),
        (
            0u32..=300,
            prop::collection::vec(region(), 0..4),
            0usize..70,
        ),
        prop::collection::vec(option(), 1..4),
        (
            0usize..=4,
            prop::collection::vec(option(), 1..3),
            0usize..300,
        ),
        prop::collection::vec(goal(), 0..3),
        prop::sample::select(vec![
            "",
            "when stuck pass\n",
            "when stuck win\n",
            "when stuck draw\n",
            "when stuck count\n",
            "when stuck pass, then count\n",
        ]),
        prop::sample::select(vec![
            "",
            "draw on repetition 3\n",
            "limit group size 2 connected any\n",
            "captures are mandatory\n",
            "promote k0x to k0x in home, ending the move\n",
        ]),
    )
        .prop_map(
            |(
                board,
                kinds,
                (reserve, setup, chain),
                moves,
                (thens, then_options, extra),
                goals,
                stuck,
                extra_rule,
            )| {
                let mut text = format!("game \"Fuzzed\"\n{board}players White, Black\n");
                text.push_str(&format!("pieces {}\n", kinds.join(", ")));
                if reserve > 0 {
                    text.push_str(&format!("reserve {reserve} each\n"));
                }
                if !setup.is_empty() {
                    text.push_str("setup\n");
                    for (i, r) in setup.iter().enumerate() {
                        let who = if i % 2 == 0 { "White" } else { "Black" };
                        text.push_str(&format!("  {who} {} on {r}\n", kinds[i % kinds.len()]));
                    }
                }
                text.push_str("region home for White = rank 1\nregion home for Black = rank 2\n");
                // Named regions, each defined by the next: past 64 deep is refused.
                for i in 0..chain {
                    text.push_str(&format!("region zone{i}x = zone{}x\n", i + 1));
                }
                if chain > 0 {
                    text.push_str(&format!("region zone{chain}x = a1\nmove place on zone0x\n"));
                }
                for m in &moves {
                    text.push_str(&format!("move {m}\n"));
                }
                // Options past the 255 a part may have.
                for _ in 0..extra {
                    text.push_str(&format!("move {}\n", moves[0]));
                }
                for t in 0..thens {
                    let need = if t % 2 == 0 { "may" } else { "must" };
                    text.push_str(&format!("then {need} {}\n", then_options.join(" or ")));
                }
                for g in &goals {
                    text.push_str(g);
                }
                text.push_str(stuck);
                text.push_str(extra_rule);
                text
            },
        )
}

/// The checks every case must pass, whatever the input.
fn check_case(name: &str, text: &str) {
    let checked = check_source(name, text, Origin::Memory);
    assert_eq!(checked.rules.is_some(), !checked.has_errors(), "{text}");
    assert_report_is_bounded(&checked);
    if let Some(rules) = checked.rules {
        play_briefly(&Engine::new(rules), text);
    }
}

/// Every diagnostic has a place in its file and renders to a bounded text.
fn assert_report_is_bounded(checked: &Checked) {
    assert!(
        checked.diagnostics.len() <= 400,
        "{} diagnostics",
        checked.diagnostics.len()
    );
    for d in &checked.diagnostics {
        let source = checked.sources.get(d.span.file);
        assert!(
            d.span.start <= d.span.end && d.span.end as usize <= source.text.len(),
            "{d:?} outside {} bytes of {}",
            source.text.len(),
            source.name
        );
        let shown = gamut::diag::render(d, &checked.sources, false);
        assert!(shown.len() <= 2_000, "{shown}");
        assert!(!shown.contains('\u{1b}'));
    }
}

/// `perft 2` (or 1, where the first level is wide) and a short random
/// game: each listing ends complete or with an overrun.
fn play_briefly(engine: &Engine, text: &str) {
    let start = engine.start();
    match perft(engine, &start, 1, &mut Vec::new()) {
        Ok(n) if n <= 30 => {
            let _ = perft(engine, &start, 2, &mut Vec::new());
        }
        _ => {}
    }
    let mut rng = Rng::new(text.len() as u64);
    let mut pos = start;
    let mut scratch = Successors::default();
    let mut all = Successors::default();
    for _ in 0..20 {
        // Every draw is one of the listed moves, and finds none only
        // where none is listed: the samplers' shortcuts against the
        // plain listing, on rules nobody wrote by hand.
        engine.successors(&pos, &mut all);
        let over = engine.play_random(&mut pos, &mut rng, &mut scratch);
        if scratch.overrun().is_some() || all.overrun().is_some() {
            break;
        }
        if over.is_some() {
            assert!(
                all.is_empty(),
                "{text}\nno move drawn of {} listed",
                all.len()
            );
            break;
        }
        assert!(
            all.positions.contains(&pos),
            "{text}\na drawn move is not one of the {} listed",
            all.len()
        );
    }
}

proptest! {
    #![proptest_config(Config { cases: cases(), ..Config::default() })]

    #[test]
    fn grammatical_games_end_in_rules_or_positioned_errors_and_play_within_budget(text in game()) {
        check_case("fuzzed.game", &text);
    }

    #[test]
    fn mutated_games_end_in_rules_or_positioned_errors_and_play_within_budget(
        game in 0..corpus().len(),
        edits in prop::collection::vec((any::<usize>(), 0usize..3, 1usize..60), 1..5),
    ) {
        let (name, text) = &corpus()[game];
        let text = mutate(text, &edits);
        check_case(name, &text);
        feed_server(&text, edits[0].0);
    }
}

/// One language server for the whole run, with one open document.
fn server() -> &'static Mutex<(Client, i64)> {
    static SERVER: OnceLock<Mutex<(Client, i64)>> = OnceLock::new();
    SERVER.get_or_init(|| {
        let mut client = Client::start();
        client.request("initialize", serde_json::json!({ "capabilities": {} }));
        client.notify("initialized", serde_json::json!({}));
        client.notify(
            "textDocument/didOpen",
            serde_json::json!({ "textDocument": { "uri": FUZZ_URI, "languageId": "gamut",
                                                  "version": 0, "text": "" } }),
        );
        client.diagnostics(FUZZ_URI);
        Mutex::new((client, 0))
    })
}

const FUZZ_URI: &str = "untitled:fuzzed.game";

/// The same text, as an editor would send it: the server publishes its
/// diagnostics, and answers a hover and a completion at a place drawn
/// from `seed` without an error.
fn feed_server(text: &str, seed: usize) {
    let mut guard = server()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (client, version) = &mut *guard;
    *version += 1;
    client.notify(
        "textDocument/didChange",
        serde_json::json!({ "textDocument": { "uri": FUZZ_URI, "version": *version },
                            "contentChanges": [{ "text": text }] }),
    );
    client.diagnostics(FUZZ_URI);
    let lines = text.lines().count().max(1);
    let position = serde_json::json!({ "line": seed % lines, "character": (seed / 7) % 40 });
    for method in [
        "textDocument/hover",
        "textDocument/completion",
        "textDocument/definition",
    ] {
        let answer = client.request(
            method,
            serde_json::json!({ "textDocument": { "uri": FUZZ_URI }, "position": position }),
        );
        assert!(answer.get("error").is_none(), "{method}: {answer}\n{text}");
    }
}

/// The shipped games and the test games: the seeds of the mutations.
fn corpus() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = gamut::games::SHIPPED
        .iter()
        .map(|(name, text)| (format!("{name}.game"), text.to_string()))
        .collect();
    // The test games and the benchmark games.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = ["tests/games", "benches/games"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(root.join(folder)).expect(folder))
        .map(|e| e.expect("entry").path())
        .collect();
    paths.sort();
    for p in paths {
        let text = std::fs::read_to_string(&p).expect("a test game");
        out.push((p.file_name().unwrap().to_string_lossy().into_owned(), text));
    }
    out
}

/// Deletes, duplicates or swaps lines: edits that keep most of a game
/// grammatical, so that the checker's later stages and the engine are
/// reached.
fn mutate(text: &str, edits: &[(usize, usize, usize)]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for &(at, kind, n) in edits {
        if lines.is_empty() {
            break;
        }
        let i = at % lines.len();
        match kind {
            0 => {
                lines.remove(i);
            }
            1 => {
                let copy = lines[i].clone();
                for _ in 0..n {
                    lines.insert(i, copy.clone());
                }
            }
            _ => {
                let j = (at / 7) % lines.len();
                lines.swap(i, j);
            }
        }
    }
    lines.join("\n")
}
