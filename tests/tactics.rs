//! Tactical positions of the shipped games (`tests/tactics/<game>.tactics`),
//! found by scanning seeded random games, not picked by hand:
//!
//! - `win MOVES => W…`: the player to move wins at once with any of `W…`;
//! - `block MOVES => B…`: the opponent wins at once after most moves; only
//!   the moves `B…` (one to three of them) leave no such win.
//!
//! At the default budget (a second a move, as `gamut play` thinks) on one
//! thread, two searches at a time, the MCTS player plays a winning move in
//! every `win` position and a blocking one in every `block` position, over
//! several seeds. (The wins and blocks come from the look at every reply
//! before any play-out, so a search stops as soon as it has proven a win,
//! or that only one move does not lose.) The files are written by the ignored test
//! `scan_tactics` (`GAMUT_WRITE_TACTICS=1 cargo test --test tactics --
//! --ignored`); another test checks that what they claim still holds.

mod common;
use common::*;

use std::path::{Path, PathBuf};

use gamut::ai::{DEFAULT_BUDGET, MctsConfig, mcts_choose};
use gamut::engine::{Engine, Game, Outcome, Position, Status, Successors};
use gamut::rng::Rng;

/// Seeds of the player tried on each position.
const SEEDS: u64 = 3;
/// Positions of each kind kept per game.
const KEEP: usize = 4;

#[derive(Debug, PartialEq, Eq)]
enum Tactic {
    Win,
    Block,
}

struct Entry {
    tactic: Tactic,
    moves: Vec<String>,
    answers: Vec<String>,
    line: usize,
}

fn path(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/tactics/{game}.tactics"))
}

fn read(game: &str) -> Vec<Entry> {
    let text = std::fs::read_to_string(path(game)).unwrap_or_default();
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_text = line.trim();
        if line_text.is_empty() || line_text.starts_with('#') {
            continue;
        }
        let (head, answers) = line_text
            .split_once("=>")
            .unwrap_or_else(|| panic!("{game}.tactics:{}: no `=>`", i + 1));
        let mut words = head.split_whitespace();
        let tactic = match words.next() {
            Some("win") => Tactic::Win,
            Some("block") => Tactic::Block,
            other => panic!("{game}.tactics:{}: {other:?}", i + 1),
        };
        entries.push(Entry {
            tactic,
            moves: words.map(str::to_string).collect(),
            answers: answers.split_whitespace().map(str::to_string).collect(),
            line: i + 1,
        });
    }
    entries
}

/// How the game stands at `pos` once its moves are listed.
fn over(engine: &Engine, pos: &Position, buffer: &mut Successors) -> Option<Outcome> {
    if let Some(outcome) = pos.result() {
        return Some(outcome);
    }
    engine.successors(pos, buffer);
    match engine.status(pos, buffer) {
        Status::Over(outcome) => Some(outcome),
        Status::Ongoing => None,
    }
}

/// The indices of the moves of `pos` that win at once for its mover.
fn winning(engine: &Engine, pos: &Position) -> Vec<usize> {
    let mover = pos.to_move();
    let mut moves = Successors::default();
    engine.successors(pos, &mut moves);
    let mut buffer = Successors::default();
    (0..moves.len())
        .filter(|&i| over(engine, &moves.positions[i], &mut buffer) == Some(Outcome::Win(mover)))
        .collect()
}

/// The indices of the moves after which the opponent, to move, cannot win
/// at once; `None` where some move is followed by the mover again, or
/// (when `most` is given) where more than `most` moves are safe.
fn safe(engine: &Engine, pos: &Position, most: Option<usize>) -> Option<Vec<usize>> {
    let mover = pos.to_move();
    let mut moves = Successors::default();
    engine.successors(pos, &mut moves);
    let mut safe = Vec::new();
    let mut buffer = Successors::default();
    for (i, next) in moves.positions.iter().enumerate() {
        if next.to_move() == mover {
            return None;
        }
        let mut ends_well = || match over(engine, next, &mut buffer) {
            // A move that loses at once (a full board counted) is no block.
            Some(Outcome::Win(w)) => w == mover,
            Some(Outcome::Draw) => true,
            None => !wins_at_once(engine, next),
        };
        if ends_well() {
            safe.push(i);
            if most.is_some_and(|m| safe.len() > m) {
                return None;
            }
        }
    }
    Some(safe)
}

/// Whether the player to move at `pos` has a move that wins at once.
fn wins_at_once(engine: &Engine, pos: &Position) -> bool {
    let mover = pos.to_move();
    let mut moves = Successors::default();
    engine.successors(pos, &mut moves);
    let mut buffer = Successors::default();
    moves
        .positions
        .iter()
        .any(|next| over(engine, next, &mut buffer) == Some(Outcome::Win(mover)))
}

fn notations(game: &Game, indices: &[usize]) -> Vec<String> {
    let legal = game.legal_notations();
    let mut out: Vec<String> = indices.iter().map(|&i| legal[i].clone()).collect();
    out.sort();
    out
}

fn replay<'e>(engine: &'e Engine, moves: &[String]) -> Game<'e> {
    let mut game = Game::new(engine);
    play(&mut game, &moves.join(" "));
    game
}

/// The games whose tactics are pinned: every shipped game, bar those
/// whose positions have too many moves to scan one reply deep.
fn games() -> Vec<&'static str> {
    gamut::games::names()
        .filter(|name| path(name).is_file())
        .collect()
}

#[test]
fn the_tactics_files_still_say_true() {
    for game in games() {
        let engine = shipped(game);
        for entry in read(game) {
            let g = replay(&engine, &entry.moves);
            let found = match entry.tactic {
                Tactic::Win => winning(&engine, g.position()),
                Tactic::Block => safe(&engine, g.position(), None).expect("alternating"),
            };
            assert_eq!(
                notations(&g, &found),
                entry.answers,
                "{game}.tactics:{}",
                entry.line
            );
        }
    }
}

#[test]
fn the_computer_wins_in_one_and_blocks_a_win_in_one() {
    let config = MctsConfig {
        budget: DEFAULT_BUDGET,
        ..MctsConfig::default()
    };
    all_cases_pass(&config, SEEDS);
}

/// The wins and blocks do not wait for the iterations: one is enough,
/// also where the win leaves a player without a move (Domineering,
/// Konane, Ataxx).
#[test]
fn one_iteration_still_wins_in_one_and_blocks_a_win_in_one() {
    let config = MctsConfig {
        budget: gamut::ai::Budget::Iterations(1),
        ..MctsConfig::default()
    };
    all_cases_pass(&config, 1);
}

/// The move the search picks in `game`'s position on one iteration and
/// one thread, seeded with `seed`.
fn one_iteration_choice(game: &Game, seed: u64) -> usize {
    let config = MctsConfig {
        budget: gamut::ai::Budget::Iterations(1),
        threads: 1,
        ..MctsConfig::default()
    };
    mcts_choose(
        game.engine(),
        game.position(),
        game.history_keys(),
        &config,
        &mut Rng::new(seed),
    )
    .expect("listed")
    .expect("the game goes on")
    .index
}

/// Near the end of a J game, 25 of White's 57 moves leave Black a reply
/// after which White, out of pieces, is stuck and loses: the look at
/// every reply finds them all on one iteration too (it once stopped at a
/// count of listings scaled to the iterations, and 7 seeds of 20 chose
/// such a move).
#[test]
fn one_iteration_sees_every_reply_that_leaves_the_player_stuck() {
    let engine = shipped("j-free-placement");
    let moves: Vec<String> = "b7 c6 c8v d7< a1^ b1^ a1>/b7 b4 d8v a2>/c6 a7> c8v b6 d1^ c1^/b6 \
        c8v d1^/c6 d8< a1^ d5</b4 b6 a4> c1^ d5</c3 d4< d2</c5 d8< d4</c2 d7</b2 d2</c7 \
        a5>/b6 c1^"
        .split_whitespace()
        .map(String::from)
        .collect();
    let g = replay(&engine, &moves);
    let safe = safe(&engine, g.position(), None).expect("alternating");
    let all = g.legal_notations().len();
    assert!(
        safe.len() < all && !safe.is_empty(),
        "{} of {all}",
        safe.len()
    );
    for seed in 1..=10 {
        let choice = one_iteration_choice(&g, seed);
        assert!(
            safe.contains(&choice),
            "seed {seed} played {}",
            g.legal_notations()[choice]
        );
    }
}

/// In a lost position the most resistant move is played, on one
/// iteration: not one that loses at once where others lose only to the
/// opponent's reply (a placement that completes a row the rules make the
/// mover lose by), and, where every move loses to a reply, one that
/// leaves the fewest winning replies (an open four in Gomoku is blocked
/// at one end).
#[test]
fn a_lost_position_gets_the_most_resistant_move() {
    let choices = |engine: &Engine, moves: &str| -> Vec<String> {
        let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
        let g = replay(engine, &moves);
        (1..=5)
            .map(|seed| g.legal_notations()[one_iteration_choice(&g, seed)].clone())
            .collect()
    };
    let rows = engine_of(
        "board 4 x 4 hex\nplayers Red, Blue\nreserve 8 each\nmove place\n\
         goal Red wins with chain between rank 1 and rank 4\n\
         goal Blue wins with chain between file a and file d\n\
         goal Red loses with 3 in a row along left\n\
         goal Blue loses with 3 in a row along up-right\n\
         illegal if both players win\nwhen stuck draw\n",
    );
    // Red to move; d4 completes Red's row of three along `left` and
    // loses at once, every other move loses to Blue's reply.
    for played in choices(&rows, "b4 d1 d3 c1 a1 b2 a2 a4 c4 c3") {
        assert_ne!(played, "d4");
    }
    let gomoku = shipped("gomoku");
    for played in choices(&gomoku, "h8 a1 i8 a2 j8 a15 k8") {
        assert!(["g8", "l8"].contains(&played.as_str()), "{played}");
    }
}

/// Every case of every file, on `seeds` seeds each.
fn all_cases_pass(config: &MctsConfig, seeds: u64) {
    let mut cases = Vec::new();
    for game in games() {
        for entry in read(game) {
            for seed in 1..=seeds {
                cases.push((game, seed, entry.line));
            }
        }
    }
    assert!(cases.len() >= 40, "only {} positions tried", cases.len());
    // Two searches at a time, each on one thread, as on this project's
    // two-core machine; each case is a game, a seed and a file line.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let halves = cases.chunks(cases.len().div_ceil(2));
        let workers: Vec<_> = halves
            .map(|half| {
                scope.spawn(|| {
                    half.iter()
                        .filter_map(|case| try_case(case, config))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The search's answer to one case, if it is wrong.
fn try_case(&(game, seed, line): &(&str, u64, usize), config: &MctsConfig) -> Option<String> {
    let engine = shipped(game);
    let entry = read(game).into_iter().find(|e| e.line == line)?;
    let g = replay(&engine, &entry.moves);
    let mut rng = Rng::new(seed);
    let choice = mcts_choose(&engine, g.position(), g.history_keys(), config, &mut rng)
        .expect("listed")
        .expect("the game goes on");
    let played = &g.legal_notations()[choice.index];
    (!entry.answers.contains(played)).then(|| {
        format!(
            "{game}.tactics:{line}: seed {seed} played {played}, not one of {:?}\n{}",
            entry.answers,
            game_board(&g)
        )
    })
}

/// Scans seeded random games of every shipped game for tactical
/// positions, and writes them to `tests/tactics/` when
/// `GAMUT_WRITE_TACTICS=1`.
#[test]
#[ignore = "writes the data files; run by hand"]
// The harness captures a test's output: no stream to fail.
#[allow(clippy::disallowed_macros)]
fn scan_tactics() {
    let write = std::env::var("GAMUT_WRITE_TACTICS").is_ok_and(|v| v == "1");
    for game in gamut::games::names() {
        let engine = shipped(game);
        let mut wins: Vec<String> = Vec::new();
        let mut blocks: Vec<String> = Vec::new();
        let mut rng = Rng::new(2026);
        let mut skipped = false;
        for _ in 0..40 {
            if wins.len() >= KEEP && blocks.len() >= KEEP {
                break;
            }
            let mut g = Game::new(&engine);
            while g.status() == Status::Ongoing && g.moves().len() < 1000 {
                let n = g.legal().len();
                // One reply deep over every move: too slow past this.
                if n > 400 {
                    skipped = true;
                    g.play_index(rng.below(n));
                    continue;
                }
                let record = || {
                    let moves: Vec<String> = g
                        .played()
                        .map(|(pos, mv)| engine.notation(pos, mv))
                        .collect();
                    moves.join(" ")
                };
                let win = winning(&engine, g.position());
                if !win.is_empty() && win.len() < n && wins.len() < KEEP {
                    wins.push(format!(
                        "win {} => {}",
                        record(),
                        notations(&g, &win).join(" ")
                    ));
                } else if win.is_empty()
                    && blocks.len() < KEEP
                    && let Some(safe) = safe(&engine, g.position(), Some(3))
                    && (1..=3).contains(&safe.len())
                    && safe.len() < n
                {
                    blocks.push(format!(
                        "block {} => {}",
                        record(),
                        notations(&g, &safe).join(" ")
                    ));
                }
                g.play_index(rng.below(n));
            }
        }
        println!(
            "{game}: {} wins, {} blocks{}",
            wins.len(),
            blocks.len(),
            if skipped {
                " (some positions skipped)"
            } else {
                ""
            }
        );
        if write && !(wins.is_empty() && blocks.is_empty()) {
            let text = format!(
                "# Tactics of {game}: found by scanning random games (seed 2026) with\n\
                 # `cargo test --test tactics -- --ignored`. See tests/tactics.rs.\n{}\n{}\n",
                wins.join("\n"),
                blocks.join("\n")
            );
            std::fs::write(path(game), text).expect("write");
        }
    }
}
