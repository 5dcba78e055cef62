//! The benchmark games of `benches/games/` (see docs/PERFORMANCE.md):
//! eight games written from docs/LANGUAGE.md alone, as games the engine
//! was not tuned for. Each validates without a word, its random games end
//! by its rules, and the draughts relative counts the published perft of
//! international draughts, whose opening moves it shares.

mod common;

use gamut::ai::random_playout;
use gamut::engine::{Engine, Successors, perft};
use gamut::rng::Rng;

fn benchmark_games() -> Vec<(String, Engine)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/games");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.display().to_string();
            let engine = common::clean_game(&name);
            (name, engine)
        })
        .collect()
}

#[test]
fn there_are_eight_and_their_random_games_end_by_the_rules() {
    let games = benchmark_games();
    assert!(games.len() >= 8, "{} benchmark games", games.len());
    for (name, engine) in &games {
        let mut rng = Rng::new(7);
        let (mut history, mut buffer) = (Vec::new(), Successors::default());
        for _ in 0..20 {
            history.clear();
            let start = engine.start();
            let played = random_playout(engine, &start, &mut rng, 2000, &mut history, &mut buffer);
            assert!(played.stopped.is_none(), "{name}: {:?}", played.stopped);
            assert!(
                played.outcome.is_some(),
                "{name}: a random game reached 2,000 plies"
            );
        }
    }
}

/// Published perft of international draughts from the start: 9, 81, 658,
/// 4,265, 27,117, 167,140 (kings and long captures come later).
#[test]
fn the_draughts_relative_counts_the_published_perft() {
    let engine = common::project_game("benches/games/frontier-draughts.game");
    let start = engine.start();
    for (depth, leaves) in [
        (1, 9),
        (2, 81),
        (3, 658),
        (4, 4_265),
        (5, 27_117),
        (6, 167_140),
    ] {
        assert_eq!(
            perft(&engine, &start, depth, &mut Vec::new()),
            Ok(leaves),
            "depth {depth}"
        );
    }
}
