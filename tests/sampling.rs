//! Random moves drawn without generating every successor: only for games
//! where no two ways of playing can lead to one position, always legal, and
//! uniform over the legal moves.

mod common;
use common::*;

use gamut::engine::{Draw, Engine, Game, Status, Successors};
use gamut::rng::Rng;

/// A shipped game of one-part turns that is not drawn directly really has
/// ways that merge (Forms' disconnections, Ataxx's copies): the check of
/// the rules that picks the direct draw is not merely cautious on the games
/// people play. (Games it does pick are checked by the next test. Turns of
/// several parts, as in J or Amazons, are drawn from supersets that merge
/// exactly.) Konane, whose opening removals are open on other turns than
/// its jumps, and whose chains run straight along four different
/// directions, is proven distinct; so is Domineering, whose second half
/// of a domino lies one way from the first, but not a domino that may lie
/// either way, which two orders of its halves place alike.
#[test]
fn games_not_drawn_directly_have_ways_that_merge() {
    assert!(shipped("konane").ways_never_merge());
    assert!(shipped("domineering").ways_never_merge());
    let either_way = engine_of(
        "board 4 x 4\nplayers A, B\nreserve 16 each\nmove place\n\
         then must place, next to the last piece along orthogonal\nwhen stuck lose\n",
    );
    assert!(!either_way.ways_never_merge());
    // Twenty-four dominoes on the empty board, each placed in two orders.
    let game = Game::new(&either_way);
    assert_eq!(game.legal().len(), 24);
    assert_eq!(either_way.legal_ways(game.position()), 48);
    // International draughts is drawn through the merge count, though its
    // ways never merge: the check cannot tell that a king's slide and its
    // capturing jump to one cell never leave one board (a cost of speed
    // only, the draw staying uniform).
    for name in gamut::games::names() {
        let engine = shipped(name);
        if engine.ways_never_merge()
            || engine.rules().parts.len() > 1
            || name == "international-draughts"
        {
            continue;
        }
        let merges = (0..20).any(|seed| {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(&engine);
            while game.status() == Status::Ongoing && game.moves().len() < 200 {
                let moves = game.legal().len();
                if engine.legal_ways(game.position()) > moves {
                    return true;
                }
                game.play_index(rng.below(moves));
            }
            false
        });
        assert!(
            merges,
            "{name}: no two ways merged, yet it is not drawn directly"
        );
    }
}

/// Where the engine claims ways never merge, every way is its own move.
#[test]
fn where_ways_never_merge_each_way_is_one_move() {
    let engines = every_game();
    for (name, engine) in engines.iter().filter(|(_, e)| e.ways_never_merge()) {
        for seed in 0..4 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(engine);
            while game.status() == Status::Ongoing && game.moves().len() < 200 {
                let moves = game.legal().len();
                let ways = engine.legal_ways(game.position());
                assert_eq!(
                    ways,
                    moves,
                    "{name}: ways merged after {} moves",
                    game.moves().len()
                );
                game.play_index(rng.below(moves));
            }
        }
    }
}

/// Drawn moves are legal and come up about equally often.
#[test]
fn drawn_moves_are_legal_and_uniform() {
    for name in gamut::games::names() {
        let engine = shipped(name);
        let mut game = Game::new(&engine);
        let mut rng = Rng::new(11);
        // Eight random moves in, or fewer where a move would end the game.
        for _ in 0..8 {
            let n = game.legal().len();
            game.play_index(rng.below(n));
            if game.status() != Status::Ongoing {
                game.undo();
                break;
            }
        }
        assert!(!game.legal().is_empty(), "{name}");
        assert_uniform(name, &engine, game.position(), &mut rng);
    }
}

/// The same for games of the test suite: slides of any length past holes
/// (drawn as counted candidates), and placements, relocations and steps
/// onto stacks (drawn from groups, with a count of merging ways).
#[test]
fn drawn_moves_of_unusual_games_are_uniform() {
    // Returners' turns merge (an entry, then the return of the piece it
    // pushed into the middle) and are drawn from a counted outline. Pairs'
    // and Archers' second parts place pieces, tied to the last piece or
    // not, and are drawn within a bound on their ways; a pair placed in
    // either order is one move.
    for file in [
        "rooks.game",
        "towers.game",
        "skippers.game",
        "returners.game",
        "pairs.game",
        "archers.game",
    ] {
        let engine = project_game(&format!("tests/games/{file}"));
        for seed in 0..3 {
            let mut game = Game::new(&engine);
            let mut rng = Rng::new(seed);
            for _ in 0..6 {
                if game.status() != Status::Ongoing {
                    break;
                }
                let n = game.legal().len();
                game.play_index(rng.below(n));
            }
            if game.status() == Status::Ongoing {
                assert_uniform(file, &engine, game.position(), &mut rng);
            }
        }
    }
}

/// Second parts that place pieces are drawn within a bound on their ways
/// (`free_parts.rs`): uniform where every pair of Pairs is reached in two
/// orders, where a row of three ends the turn after its first stone (a
/// move of one act among moves of two), in Archers' optional walls and
/// moats, in Domineering and Amazons, and in three benchmark games whose
/// second part moves the last piece or builds a wall in its sight.
#[test]
fn bounded_second_parts_are_drawn_uniformly() {
    let pairs = project_game("tests/games/pairs.game");
    // A position where some move is a single stone that wins.
    let mut found_alone = false;
    for seed in 0..100 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(&pairs);
        while game.status() == Status::Ongoing {
            let legal = game.legal();
            let alone = legal.iter().any(|m| m.acts().len() == 1);
            if alone && legal.len() >= 2 && legal.len() <= 40 {
                assert!(pairs.legal_ways(game.position()) > legal.len());
                assert_uniform("pairs", &pairs, game.position(), &mut rng);
                found_alone = true;
                break;
            }
            game.play_index(rng.below(legal.len()));
        }
        if found_alone {
            break;
        }
    }
    assert!(found_alone, "no Pairs position with a one-stone win");
    let archers = project_game("tests/games/archers.game");
    // Second parts that move the last piece straight, after a step or a
    // chain of jumps, and walls in sight of a runner.
    let stacks = project_game("benches/games/stack-clash.game");
    let runners = project_game("benches/games/skirmish-run.game");
    let walls = project_game("benches/games/wall-runners.game");
    let engines = [
        ("pairs", &pairs, 1),
        ("archers", &archers, 6),
        ("domineering", &shipped("domineering"), 20),
        ("amazons", &shipped("amazons"), 60),
        ("stack-clash", &stacks, 8),
        ("skirmish-run", &runners, 8),
        ("wall-runners", &walls, 8),
    ];
    for (name, engine, plies) in engines {
        for seed in 0..2 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(engine);
            for _ in 0..plies {
                if game.status() != Status::Ongoing {
                    break;
                }
                let n = game.legal().len();
                game.play_index(rng.below(n));
            }
            if game.status() == Status::Ongoing {
                assert_uniform(name, engine, game.position(), &mut rng);
            }
        }
    }
}

/// Where both parts place and the first alone is no way, only first
/// placements a second can follow are drawn (`cells_followed`): the draw
/// stays uniform, and a player with empty cells but no room for a second
/// placement is stuck, on boards with holes, with a region for the
/// second placement, and tied `in sight of` the first as well as `next to`
/// it, along every direction or one.
#[test]
fn placements_a_second_cannot_follow_are_never_drawn() {
    let games = [
        "board 6 x 6 without c3, d4\nplayers A, B\nreserve 40 each\n\
         region inner = ranks 2..5\nmove place\n\
         then must place on inner, next to the last piece along orthogonal\nwhen stuck lose\n",
        "board 5 x 5 without c3\nplayers A, B facing right\nreserve 40 each\nmove place\n\
         then must place, in sight of the last piece along forward\nwhen stuck lose\n",
        "board hexagon 3\nplayers A, B\nreserve 40 each\nmove place\n\
         then must place, next to the last piece\nwhen stuck lose\n",
    ];
    let mut stuck_with_room = 0;
    for text in games {
        let engine = engine_of(text);
        for seed in 0..6 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(&engine);
            while game.status() == Status::Ongoing {
                let n = game.legal().len();
                // Late positions, where most empty cells have no room.
                if n <= 12 && rng.below(2) == 0 {
                    assert_uniform("beside", &engine, game.position(), &mut rng);
                }
                game.play_index(rng.below(n));
            }
            // The loser had empty cells left, none with room beside it.
            let pos = game.position();
            let empty = engine.rules().board.cells.len() - pos.occupied().len();
            if empty > 0 {
                stuck_with_room += 1;
                let mut scratch = Successors::default();
                assert!(matches!(
                    engine.random_successor(pos, &mut rng, &mut scratch),
                    Draw::Over(_)
                ));
            }
        }
    }
    assert!(stuck_with_room > 6, "{stuck_with_room}");
}

/// With `captures are mandatory`, a draw lists only the options that may
/// take a piece and draws among the captures, or draws as in any game
/// when there is none: uniform in positions of both kinds, in English
/// draughts and in Majority (the most must be taken, rooks take by moving
/// onto an enemy).
#[test]
fn mandatory_captures_are_drawn_uniformly() {
    let majority = project_game("tests/games/majority.game");
    for (name, engine) in [
        ("english-draughts", &shipped("english-draughts")),
        ("majority", &majority),
    ] {
        // [without captures, with captures] found and checked.
        let mut checked = [0; 2];
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(engine);
            while game.status() == Status::Ongoing && checked.iter().any(|&c| c < 2) {
                let pos = game.position().clone();
                let enemy = pos.to_move().other();
                let legal = game.legal().len();
                let taking = game
                    .successors()
                    .positions
                    .iter()
                    .filter(|next| next.on_board(enemy) < pos.on_board(enemy))
                    .count();
                let kind = usize::from(taking > 0);
                if legal >= 2 && checked[kind] < 2 && game.moves().len() >= 6 {
                    assert!(taking == 0 || taking == legal, "{name}: captures mixed");
                    assert_uniform(name, engine, &pos, &mut rng);
                    checked[kind] += 1;
                }
                game.play_index(rng.below(legal));
            }
        }
        assert_eq!(checked, [2, 2], "{name}: positions of each kind");
    }
}

/// Where several ways lead to one position, that move is drawn no more
/// often than any other: Forms positions where a capture or slide cuts
/// off so much that two different moves leave the same board, and J
/// positions where entries into an empty corner, or pushes of a run of
/// one's own pieces, merge, returns included (turns of two parts, drawn
/// from an outline).
#[test]
fn merged_ways_are_drawn_as_one_move() {
    // In J, more than four merged ways (one per corner) means that whole
    // turns, entry and return, merge: the count must reach the second part.
    for (name, extra) in [("forms", 1), ("j", 5)] {
        merged_ways_in(name, extra);
    }
}

/// Checks the draw in three positions where at least `extra` ways merge
/// into other moves.
fn merged_ways_in(name: &str, extra: usize) {
    let engine = shipped(name);
    let mut found = 0;
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(&engine);
        while game.status() == Status::Ongoing {
            let moves = game.legal().len();
            if engine.legal_ways(game.position()) >= moves + extra && moves >= 2 {
                assert_uniform(name, &engine, game.position(), &mut rng);
                found += 1;
                break;
            }
            game.play_index(rng.below(moves));
        }
        if found == 3 {
            return;
        }
    }
    panic!("no {name} position with merging ways found in 200 games");
}

/// Draws from `pos` hit every legal move, and each about equally often.
fn assert_uniform(name: &str, engine: &Engine, pos: &gamut::engine::Position, rng: &mut Rng) {
    let mut all = Successors::default();
    engine.successors(pos, &mut all);
    let legal = all.positions;
    let per_move = 200;
    let mut counts = vec![0u32; legal.len()];
    let mut scratch = Successors::default();
    for _ in 0..legal.len() * per_move {
        match engine.random_successor(pos, rng, &mut scratch) {
            Draw::Next(next) => {
                let i = legal.iter().position(|p| *p == next).expect("a legal move");
                counts[i] += 1;
            }
            Draw::Over(_) => panic!("{name}: the game is not over"),
        }
    }
    // Every count within 40% of the expected 200 (far beyond chance for a
    // uniform draw, far too tight for a skewed one: a move reached two
    // ways and drawn as two would come up about 400 times).
    for (i, c) in counts.iter().enumerate() {
        assert!(
            (120..=280).contains(c),
            "{name}: move {i} drawn {c} times of an expected {per_move}"
        );
    }
}

/// Along seeded random games of every shipped and test game, each move
/// drawn and played in place is one of the position's legal moves, and the
/// draw reports the end exactly when there is none: every draw route
/// (candidates, listed ways, outlines, passes) on many positions.
#[test]
fn every_drawn_move_is_legal_along_random_games() {
    let engines = every_game();
    for (name, engine) in &engines {
        for seed in 0..3 {
            let mut rng = Rng::new(seed);
            let mut pos = engine.start();
            let (mut all, mut scratch) = (Successors::default(), Successors::default());
            for ply in 0..150 {
                engine.successors(&pos, &mut all);
                let mut next = pos.clone();
                match engine.play_random(&mut next, &mut rng, &mut scratch) {
                    None => assert!(
                        all.positions.contains(&next),
                        "{name}, seed {seed}, ply {ply}: the drawn move is not legal"
                    ),
                    Some(_) => {
                        assert!(all.is_empty(), "{name}, seed {seed}, ply {ply}: not over");
                        assert_eq!(next, pos, "{name}: the position was changed");
                        break;
                    }
                }
                pos = next;
            }
        }
    }
}

/// Every shipped game and every game of the test suite, by name.
fn every_game() -> Vec<(String, Engine)> {
    let mut engines: Vec<(String, Engine)> = gamut::games::names()
        .map(|n| (n.to_string(), shipped(n)))
        .collect();
    // The test games, and the benchmark games of `benches/games/`.
    for folder in ["tests/games", "benches/games"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path().display().to_string();
            let engine = clean_game(&path);
            engines.push((path, engine));
        }
    }
    engines
}

/// An entry that flanks changes cells beyond its line: the count of the
/// ways that merge into the drawn result must not pass over it, as it
/// may for an entry that changes only its line (fuzzing found the draw
/// missing its own way).
#[test]
fn entries_that_flank_are_counted_where_ways_merge() {
    let engine = engine_of(
        "game \"Flanking entries\"\n\
         board 5 x 3\n\
         players White, Black\n\
         pieces stone\n\
         reserve 10 each\n\
         setup\n  White stone on rank 1\n  Black stone on rank 2\n\
         move enter at board pushing forward, converting flanked enemies\n\
         then may return a piece from board to reserve, not on entry line\n",
    );
    let mut tested = 0;
    for seed in 0..4 {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(&engine);
        for _ in 0..seed * 2 {
            if game.status() != Status::Ongoing {
                break;
            }
            let n = game.legal().len();
            game.play_index(rng.below(n));
        }
        if game.status() == Status::Ongoing && game.legal().len() <= 100 {
            assert_uniform("flanking entries", &engine, game.position(), &mut rng);
            tested += 1;
        }
    }
    assert!(tested >= 2, "only {tested} positions tested");
}
