//! The MCTS player beats the random player: at least 90 of 100 seeded
//! games of Network and of Forms, at a small iteration budget, playing
//! each side in half the games. Its solver proves what transpositions
//! prove.

use gamut::ai::{Budget, MctsConfig, Verdict, mcts_choose};
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
                mcts_choose(&engine, game.position(), history, &config, &mut rng)
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

/// A position proven on one path is proven on every path to it, where no
/// repetition ends the game. Forms on 4 x 4 after `b1xb2 c1xc2` is a win
/// for Black (an exhaustive search says so) that many orders of captures
/// reach: sharing proofs between transpositions proves it in under 5,000
/// iterations on every seed tried; without sharing, 30,000 did not.
#[test]
fn a_proof_holds_for_every_path_to_a_position() {
    let engine = Engine::new(check_game("forms-4x4").unwrap().rules.unwrap());
    let mut game = Game::new(&engine);
    for mv in ["b1xb2", "c1xc2"] {
        game.play(mv).unwrap();
    }
    let config = MctsConfig {
        budget: Budget::Iterations(10_000),
        threads: 1,
        ..MctsConfig::default()
    };
    for seed in 1..=3 {
        let history = game.history_keys();
        let choice = mcts_choose(
            &engine,
            game.position(),
            history,
            &config,
            &mut Rng::new(seed),
        )
        .unwrap()
        .unwrap();
        assert_eq!(choice.proven, Some(Verdict::Win), "seed {seed}: {choice:?}");
    }
}
