//! The engine's speed on every shipped game: move generation from fixed
//! mid-game positions (with and without building the positions), drawing
//! and applying a random move, playing a typed move, and random play-outs
//! from the start.
//! Run with `cargo bench`; compare figures from one run, not across runs.

use gamut::ai::random_playout;
use gamut::engine::{Engine, Game, Position, Status, Successors};
use gamut::load::check_game;
use gamut::rng::Rng;

fn main() {
    divan::main();
}

const GAMES: &[&str] = &["j", "forms", "network", "squinch", "incorrect-checkers"];

fn engine(name: &str) -> Engine {
    Engine::new(check_game(name).unwrap().rules.unwrap())
}

/// The position after 16 random moves of a seeded game, or the last one
/// before its end.
fn midgame(engine: &Engine) -> (Position, Vec<u64>) {
    let mut rng = Rng::new(3);
    let mut game = Game::new(engine);
    for _ in 0..16 {
        let n = game.legal().len();
        game.play_index(rng.below(n));
        if game.status() != Status::Ongoing {
            game.undo();
            break;
        }
    }
    (game.position().clone(), game.history_keys().to_vec())
}

#[divan::bench(args = GAMES)]
fn generate_midgame(bencher: divan::Bencher, name: &str) {
    let engine = engine(name);
    let (pos, _) = midgame(&engine);
    let mut out = Successors::default();
    bencher.bench_local(|| {
        engine.successors(divan::black_box(&pos), &mut out);
        out.len()
    });
}

/// The legal moves alone, without building the positions they lead to.
#[divan::bench(args = GAMES)]
fn legal_moves_midgame(bencher: divan::Bencher, name: &str) {
    let engine = engine(name);
    let (pos, _) = midgame(&engine);
    let mut out = Successors::default();
    bencher.bench_local(|| {
        engine.legal_moves(divan::black_box(&pos), &mut out);
        out.len()
    });
}

/// Drawing a uniformly random legal move and applying it, as a play-out
/// does at every ply.
#[divan::bench(args = GAMES)]
fn random_move_midgame(bencher: divan::Bencher, name: &str) {
    let engine = engine(name);
    let (pos, _) = midgame(&engine);
    let mut rng = Rng::new(5);
    let mut out = Successors::default();
    bencher.bench_local(|| {
        let mut next = pos.clone();
        engine.play_random(&mut next, &mut rng, &mut out);
        next.key()
    });
}

/// Playing a typed move: its notation read back to the successor it names.
#[divan::bench(args = GAMES)]
fn play_typed_move(bencher: divan::Bencher, name: &str) {
    let engine = engine(name);
    let (pos, _) = midgame(&engine);
    let mut out = Successors::default();
    engine.successors(&pos, &mut out);
    let typed = engine.notation(&pos, &out.moves[out.len() / 2]);
    bencher.bench_local(|| {
        let i = engine
            .parse_move(divan::black_box(&pos), &out, &typed)
            .unwrap();
        out.positions[i].key()
    });
}

#[divan::bench(args = GAMES, sample_count = 20)]
fn playout_from_start(bencher: divan::Bencher, name: &str) {
    bench_playouts(bencher, &engine(name));
}

/// Random play-outs from the start of `engine`'s game, one a sample.
fn bench_playouts(bencher: divan::Bencher, engine: &Engine) {
    let start = engine.start();
    let mut rng = Rng::new(1);
    let mut history = Vec::new();
    let mut buffer = Successors::default();
    bencher.bench_local(|| {
        history.clear();
        random_playout(engine, &start, &mut rng, 1000, &mut history, &mut buffer)
    });
}

/// The benchmark games of `benches/games/`, written from the language
/// reference alone, as games the engine was not tuned for.
const BENCHMARK_GAMES: &[&str] = &[
    "crosslink",
    "frontier-draughts",
    "pincer-five",
    "skirmish-run",
    "stack-clash",
    "tower-race",
    "twin-hex",
    "wall-runners",
];

#[divan::bench(args = BENCHMARK_GAMES, sample_count = 20)]
fn playout_of_benchmark_game(bencher: divan::Bencher, name: &str) {
    let path = format!("{}/benches/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    bench_playouts(bencher, &engine(&path));
}
