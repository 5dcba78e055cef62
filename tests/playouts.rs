//! Seeded random play-outs of every shipped game: no panic, every legal
//! move reads back from its notation, moves lead to distinct positions,
//! and the invariants of pieces hold after every move.

use gamut::ai::Rng;
use gamut::check::check_game;
use gamut::engine::{Engine, Game, Position, Status};
use gamut::rules::{Action, Rules};

const PLY_CAP: usize = 400;
const GAMES_PER_RULESET: u64 = 6;

/// Whether any rule of the game can take pieces off the board for good.
fn removes_pieces(rules: &Rules) -> bool {
    rules.remove_disconnected.is_some()
        || rules
            .parts
            .iter()
            .flat_map(|p| &p.options)
            .any(|o| match &o.action {
                Action::Step { targets, .. } | Action::Slide { targets, .. } => {
                    targets.enemy.is_some()
                }
                Action::Jump { capturing, .. } => *capturing,
                _ => false,
            })
}

fn pieces(pos: &Position, player: usize) -> u32 {
    pos.on_board(player) + pos.reserve_total(player) + pos.borne_off(player)
}

fn check_invariants(rules: &Rules, pos: &Position, start: &[u32; 2], before: &[u32; 2]) {
    let board = &rules.board;
    assert!(
        !pos.owned(0).intersects(&pos.owned(1)),
        "a cell owned twice"
    );
    for c in board.cells.iter() {
        let occupied = pos.owner(c).is_some();
        assert_eq!(
            occupied,
            pos.height(c) > 0,
            "height and owner disagree on {}",
            board.cell_name(c)
        );
    }
    assert!(pos.occupied().is_subset(&board.cells), "a piece on a hole");
    for p in 0..2 {
        let now = pieces(pos, p);
        if removes_pieces(rules) {
            assert!(now <= before[p], "pieces appeared");
        } else {
            assert_eq!(now, start[p], "pieces are conserved");
        }
    }
}

#[test]
fn random_games_of_every_shipped_game_keep_the_rules() {
    for name in gamut::games::names() {
        let engine = Engine::new(check_game(name).unwrap().rules.unwrap());
        let rules = engine.rules();
        for seed in 0..GAMES_PER_RULESET {
            let mut rng = Rng::new(seed * 7919 + 1);
            let mut game = Game::new(&engine);
            let start = [pieces(game.position(), 0), pieces(game.position(), 1)];
            for ply in 0..PLY_CAP {
                if game.status() != Status::Ongoing {
                    break;
                }
                let legal = game.legal_notations();
                // Distinct moves lead to distinct positions, and names are unique.
                let mut sorted = legal.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(
                    sorted.len(),
                    legal.len(),
                    "{name}: two moves share a notation"
                );
                // A sample of moves (all of them early on) read back to themselves.
                let sample: Vec<usize> = if ply < 4 {
                    (0..legal.len()).collect()
                } else {
                    (0..3).map(|_| rng.below(legal.len())).collect()
                };
                for i in sample {
                    let before_key = game.position().key();
                    let upper = legal[i].to_uppercase();
                    game.play(&upper).unwrap_or_else(|e| {
                        panic!("{name} seed {seed}: {} does not read back: {e}", legal[i])
                    });
                    let after = game.position().clone();
                    game.undo();
                    assert_eq!(game.position().key(), before_key);
                    let expected = {
                        game.play_index(i);
                        let p = game.position().clone();
                        game.undo();
                        p
                    };
                    assert_eq!(
                        after, expected,
                        "{name}: {} read back as another move",
                        legal[i]
                    );
                }
                let before = [pieces(game.position(), 0), pieces(game.position(), 1)];
                let i = rng.below(legal.len());
                game.play_index(i);
                check_invariants(rules, game.position(), &start, &before);
            }
        }
    }
}

#[test]
fn incorrect_checkers_pieces_stay_on_their_colour() {
    let engine = Engine::new(check_game("incorrect-checkers").unwrap().rules.unwrap());
    let board = &engine.rules().board;
    for seed in 0..10 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(&engine);
        while game.status() == Status::Ongoing && game.moves().len() < 600 {
            let n = game.legal().len();
            game.play_index(rng.below(n));
            assert!(
                game.position().owned(0).is_subset(&board.dark),
                "a Black piece left the dark cells"
            );
            assert!(
                game.position().owned(1).is_subset(&board.light),
                "a White piece left the light cells"
            );
        }
    }
}
