//! Helpers shared by the scripted-game tests.
#![allow(dead_code)]

pub(crate) mod lsp_client;

use gamut::check::Origin;
use gamut::engine::{Engine, Game, Outcome, Position, Status};
use gamut::load::{check_game, check_source};
use gamut::rng::Rng;
pub(crate) use gamut::rules::PlayerId;
use gamut::rules::{Action, Rules};

/// The engine of a shipped game.
pub(crate) fn shipped(name: &str) -> Engine {
    Engine::new(check_game(name).expect("shipped").rules.expect("valid"))
}

/// The engine of a game file of the project (`tests/games/pairs.game`),
/// which must check without a single diagnostic.
pub(crate) fn project_game(relative: &str) -> Engine {
    clean_game(&format!("{}/{relative}", env!("CARGO_MANIFEST_DIR")))
}

/// The engine of a game file that checks without a single diagnostic.
pub(crate) fn clean_game(path: &str) -> Engine {
    let checked = check_game(path).expect("loads");
    let messages: Vec<_> = checked.diagnostics.iter().map(|d| &d.message).collect();
    assert!(messages.is_empty(), "{path}: {messages:?}");
    Engine::new(checked.rules.expect("valid"))
}

/// The engine of a game written in the test, which may `extends` a shipped game.
pub(crate) fn engine_of(text: &str) -> Engine {
    let checked = check_source("scenario.game", text, Origin::Memory);
    let rendered: Vec<String> = checked
        .diagnostics
        .iter()
        .map(|d| gamut::diag::render(d, &checked.sources, false))
        .collect();
    match checked.rules {
        Some(rules) => Engine::new(rules),
        None => panic!("scenario does not check:\n{}", rendered.join("\n")),
    }
}

/// Plays moves in notation, separated by spaces; panics on an illegal one.
pub(crate) fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        if let Err(e) = game.play(m) {
            panic!(
                "after {} moves, {m}: {e}\n{}",
                game.moves().len(),
                game_board(game)
            );
        }
    }
}

/// The board as `gamut play` draws it, without colour or marks.
pub(crate) fn game_board(game: &Game) -> String {
    gamut::cli::board::draw(game.engine(), game.position(), None, false)
}

/// The legal moves now, in notation.
pub(crate) fn legal(game: &Game) -> Vec<String> {
    game.legal_notations()
}

pub(crate) fn assert_legal(game: &Game, mv: &str) {
    let all = legal(game);
    assert!(
        all.iter().any(|m| m == mv),
        "{mv} should be legal; legal: {all:?}\n{}",
        game_board(game)
    );
}

pub(crate) fn assert_illegal(game: &Game, mv: &str) {
    let all = legal(game);
    assert!(
        !all.iter().any(|m| m == mv),
        "{mv} should be illegal\n{}",
        game_board(game)
    );
    let mut copy_err = None;
    // Typing it is refused too, and leaves the game as it was.
    let key = game.position().key();
    if let Err(e) = game
        .engine()
        .parse_move(game.position(), game.successors(), mv)
    {
        copy_err = Some(e);
    }
    assert!(copy_err.is_some(), "{mv} was accepted when typed");
    assert_eq!(game.position().key(), key);
}

pub(crate) fn winner(game: &Game) -> Option<PlayerId> {
    match game.status() {
        Status::Over(Outcome::Win(p)) => Some(p),
        Status::Over(Outcome::Draw) | Status::Ongoing => None,
    }
}

/// Plays seeded random games and checks, at every ply: no two legal moves
/// share a notation, a sample of moves read back (typed in upper case) to
/// the position they name, and after each move owners and heights agree,
/// no piece stands on a hole, and pieces are conserved, or only ever
/// removed in games whose rules remove pieces.
pub(crate) fn exercise(name: &str, engine: &Engine, games: u64, ply_cap: usize) {
    let rules = engine.rules();
    for seed in 0..games {
        let mut rng = Rng::new(seed * 7919 + 1);
        let mut game = Game::new(engine);
        let start = [pieces(game.position(), 0), pieces(game.position(), 1)];
        for ply in 0..ply_cap {
            if game.status() != Status::Ongoing {
                break;
            }
            let legal = game.legal_notations();
            let mut sorted = legal.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(
                sorted.len(),
                legal.len(),
                "{name}: two moves share a notation"
            );
            let sample: Vec<usize> = if ply < 4 {
                (0..legal.len()).collect()
            } else {
                (0..3).map(|_| rng.below(legal.len())).collect()
            };
            for i in sample {
                let before_key = game.position().key();
                game.play(&legal[i].to_uppercase()).unwrap_or_else(|e| {
                    panic!("{name} seed {seed}: {} does not read back: {e}", legal[i])
                });
                let after = game.position().clone();
                game.undo();
                assert_eq!(game.position().key(), before_key);
                game.play_index(i);
                let expected = game.position().clone();
                game.undo();
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

/// Whether any rule of the game can take pieces off the board for good.
fn removes_pieces(rules: &Rules) -> bool {
    rules.remove_disconnected.is_some()
        || rules.parts.iter().flat_map(|p| &p.options).any(|o| {
            o.flank.as_ref().is_some_and(|f| !f.convert)
                || match &o.action {
                    Action::Step { targets, .. } | Action::Slide { targets, .. } => {
                        targets.enemy.is_some()
                    }
                    Action::Jump { capturing, .. } => *capturing,
                    Action::Place { .. }
                    | Action::Enter { .. }
                    | Action::Relocate { .. }
                    | Action::BearOff { .. }
                    | Action::Return { .. } => false,
                }
        })
}

fn pieces(pos: &Position, player: usize) -> u32 {
    let player = PlayerId::new(player);
    pos.on_board(player) + pos.reserve_total(player) + pos.borne_off(player)
}

fn check_invariants(rules: &Rules, pos: &Position, start: &[u32; 2], before: &[u32; 2]) {
    let board = &rules.board;
    assert!(
        !pos.owned(PlayerId::FIRST)
            .intersects(&pos.owned(PlayerId::SECOND)),
        "a cell owned twice"
    );
    assert!(
        !pos.neutral().intersects(&pos.player_pieces()),
        "a neutral piece on a player's cell"
    );
    for c in board.cells.iter() {
        // A neutral piece is a piece of no one's.
        let occupied = pos.owner(c).is_some() || pos.neutral().contains(c);
        assert_eq!(
            occupied,
            pos.height(c) > 0,
            "height and owner disagree on {}",
            board.cell_name(c)
        );
    }
    assert!(pos.occupied().is_subset(&board.cells), "a piece on a hole");
    // Pieces that change owner move between the players' counts: then only
    // the total is kept.
    let converts = rules
        .parts
        .iter()
        .flat_map(|p| &p.options)
        .any(|o| o.flank.as_ref().is_some_and(|f| f.convert));
    let count = |counts: [u32; 2]| -> Vec<u32> {
        if converts {
            vec![counts[0] + counts[1]]
        } else {
            counts.to_vec()
        }
    };
    let (now, start, before) = (
        count([pieces(pos, 0), pieces(pos, 1)]),
        count(*start),
        count(*before),
    );
    // A copy left behind adds a piece: nothing is conserved then.
    let copies = rules
        .parts
        .iter()
        .flat_map(|p| &p.options)
        .any(|o| o.leaves_copy);
    for i in 0..now.len() {
        if copies {
            continue;
        }
        if removes_pieces(rules) {
            assert!(now[i] <= before[i], "pieces appeared");
        } else {
            assert_eq!(now[i], start[i], "pieces are conserved");
        }
    }
}

/// A fresh, empty folder for one test, removed when the test passes (a
/// failing test leaves it, to be looked at).
pub(crate) fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("gamut-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    Scratch(dir)
}

/// A test's folder: see [`scratch`].
pub(crate) struct Scratch(std::path::PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Runs gamut in `dir` with `input` on standard input.
pub(crate) fn gamut_in(dir: &std::path::Path, args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run gamut");
    // A program that exits without reading its input closes the pipe.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("gamut ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs gamut with these arguments: exit code, standard output and error.
pub(crate) fn gamut(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamut"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run gamut");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
