//! The MCTS player beats the random player: at least 90 of 100 seeded
//! games of Network and of Forms, at a small iteration budget, playing
//! each side in half the games.

use gamut::ai::{Budget, MctsConfig, mcts_choose};
use gamut::engine::{Engine, Game, Outcome, Status};
use gamut::load::check_game;
use gamut::rng::Rng;
use gamut::rules::PlayerId;

const GAMES: u64 = 100;
const ITERATIONS: u32 = 64;

/// MCTS's wins out of `GAMES`.
fn mcts_wins(name: &str) -> u64 {
    let engine = Engine::new(check_game(name).unwrap().rules.unwrap());
    let config = MctsConfig {
        budget: Budget::Iterations(ITERATIONS),
        ..MctsConfig::default()
    };
    let mut wins = 0;
    for seed in 0..GAMES {
        let mut rng = Rng::new(seed);
        let mcts_side = PlayerId::new((seed % 2) as usize);
        let mut game = Game::new(&engine);
        while game.status() == Status::Ongoing && game.moves().len() < 1000 {
            let index = if game.position().to_move() == mcts_side {
                let history = game.history_keys();
                mcts_choose(&engine, game.position(), &history, &config, &mut rng)
                    .expect("every position is listed")
                    .expect("the game goes on")
                    .index
            } else {
                rng.below(game.legal().len())
            };
            game.play_index(index);
        }
        if game.status() == Status::Over(Outcome::Win(mcts_side)) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn mcts_beats_random_at_network() {
    let wins = mcts_wins("network");
    assert!(
        wins >= 90,
        "MCTS won only {wins} of {GAMES} games of Network"
    );
}

#[test]
fn mcts_beats_random_at_forms() {
    let wins = mcts_wins("forms");
    assert!(wins >= 90, "MCTS won only {wins} of {GAMES} games of Forms");
}
