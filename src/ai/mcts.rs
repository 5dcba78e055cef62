//! Monte Carlo tree search with random play-outs (UCT).
//!
//! Each iteration walks down the tree by the UCB1 rule, expands a leaf with
//! all its successors, plays one random game from a new child, and credits
//! the result to every move on the way. The move played is the most visited.
//! Play-outs take a winning move when they have one (see [`PlayoutPolicy`]).

use std::time::{Duration, Instant};

use super::random::{PlayoutPolicy, random_playout};
use crate::engine::{Engine, Outcome, Overrun, Position, Status, Successors, with_deadline};
use crate::rng::Rng;

/// The most nodes a search tree holds (each keeps a position of some
/// hundreds of bytes): a bound on its memory, whatever the budget and the
/// number of moves a position has.
const MAX_TREE_NODES: usize = 400_000;

/// How long the search may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Run this many iterations.
    Iterations(u32),
    /// Run until this much time has passed.
    Time(Duration),
}

/// Settings of a search.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    /// How long to think.
    pub budget: Budget,
    /// Play-outs longer than this count as draws (a tool setting, not a rule).
    pub ply_cap: u32,
    /// The exploration constant of UCB1.
    pub exploration: f64,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::Iterations(1000),
            ply_cap: 500,
            exploration: std::f64::consts::SQRT_2,
        }
    }
}

struct Node {
    position: Position,
    parent: Option<usize>,
    /// The index of this node's move among its parent's successors.
    move_index: usize,
    children: Vec<usize>,
    expanded: bool,
    visits: f64,
    /// Credit for the player who made the move into this node.
    reward: f64,
}

/// What the search found: the index of the chosen move among the
/// successors of the root, and how many iterations it ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The index of the chosen move among the root's successors.
    pub index: usize,
    /// How many iterations the search ran.
    pub iterations: u32,
}

/// Chooses a move for the player to move in `root`. `history` holds the
/// keys of the positions before `root`, for repetition. Returns `None`
/// when the game is over there, and an error when a position's moves are
/// too many to list (see [`Successors::overrun`]). A time budget holds
/// inside generation too: the search stops on time even where one
/// play-out would take longer.
pub fn mcts_choose(
    engine: &Engine,
    root: &Position,
    history: &[u64],
    config: &MctsConfig,
    rng: &mut Rng,
) -> Result<Option<Choice>, Overrun> {
    let started = Instant::now();
    match config.budget {
        Budget::Time(t) => {
            with_deadline(started + t, || search(engine, root, history, config, rng))
        }
        Budget::Iterations(_) => search(engine, root, history, config, rng),
    }
}

fn search(
    engine: &Engine,
    root: &Position,
    history: &[u64],
    config: &MctsConfig,
    rng: &mut Rng,
) -> Result<Option<Choice>, Overrun> {
    let mut buffer = Successors::default();
    // The root is listed outside the deadline: without its moves there
    // is nothing to choose from.
    with_deadline(far_future(), || engine.successors(root, &mut buffer));
    if let Some(why) = buffer.overrun() {
        return Err(why.clone());
    }
    if engine.repeated(root, history) || engine.status(root, &buffer) != Status::Ongoing {
        return Ok(None);
    }
    if buffer.len() == 1 {
        return Ok(Some(Choice {
            index: 0,
            iterations: 0,
        }));
    }
    let mut nodes = vec![Node {
        position: root.clone(),
        parent: None,
        move_index: 0,
        children: Vec::new(),
        expanded: false,
        visits: 0.0,
        reward: 0.0,
    }];
    let started = Instant::now();
    let mut iterations = 0u32;
    let mut path_keys: Vec<u64> = Vec::new();
    loop {
        match config.budget {
            Budget::Iterations(n) if iterations >= n => break,
            Budget::Time(t) if iterations > 0 && started.elapsed() >= t => break,
            Budget::Iterations(_) | Budget::Time(_) => {}
        }
        iterations += 1;
        // Selection.
        let mut at = 0;
        path_keys.clear();
        path_keys.extend_from_slice(history);
        while nodes[at].expanded && !nodes[at].children.is_empty() {
            path_keys.push(nodes[at].position.key());
            let parent_visits = nodes[at].visits.max(1.0);
            let log = parent_visits.ln();
            let mut best = nodes[at].children[0];
            let mut best_score = f64::NEG_INFINITY;
            for &c in &nodes[at].children {
                let child = &nodes[c];
                let score = if child.visits == 0.0 {
                    // Unvisited children first, in a random order.
                    1e9 + rng.below(1000) as f64
                } else {
                    child.reward / child.visits + config.exploration * (log / child.visits).sqrt()
                };
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
            at = best;
        }
        // Expansion.
        if !nodes[at].expanded {
            nodes[at].expanded = true;
            let pos = nodes[at].position.clone();
            let over = engine.repeated(&pos, &path_keys);
            if !over {
                engine.successors(&pos, &mut buffer);
                match buffer.overrun() {
                    None => {}
                    Some(Overrun::Deadline) => {
                        // Cut by the time limit: this node is looked at
                        // again if the search ever goes on.
                        nodes[at].expanded = false;
                        break;
                    }
                    Some(why) => return Err(why.clone()),
                }
                if nodes.len() + buffer.len() > MAX_TREE_NODES {
                    // The tree is as big as it may grow: the leaf stays a
                    // leaf, and the search goes on by play-outs from it.
                    nodes[at].expanded = false;
                } else if engine.status(&pos, &buffer) == Status::Ongoing {
                    let first = nodes.len();
                    for (i, next) in buffer.positions.drain(..).enumerate() {
                        nodes.push(Node {
                            position: next,
                            parent: Some(at),
                            move_index: i,
                            children: Vec::new(),
                            expanded: false,
                            visits: 0.0,
                            reward: 0.0,
                        });
                    }
                    nodes[at].children = (first..nodes.len()).collect();
                    path_keys.push(pos.key());
                    at = first + rng.below(nodes.len() - first);
                }
            }
        }
        // Simulation.
        let mut keys = path_keys.clone();
        let result = random_playout(
            engine,
            &nodes[at].position,
            rng,
            PlayoutPolicy::Decisive,
            config.ply_cap,
            &mut keys,
            &mut buffer,
        );
        match result.stopped {
            None => {}
            Some(Overrun::Deadline) => break,
            Some(why) => return Err(why),
        }
        // Back-propagation: credit each move to the player who made it.
        let mut node = Some(at);
        while let Some(n) = node {
            let parent = nodes[n].parent;
            if let Some(p) = parent {
                let mover = nodes[p].position.to_move();
                nodes[n].reward += match result.outcome {
                    Some(Outcome::Win(w)) if w == mover => 1.0,
                    Some(Outcome::Win(_)) => 0.0,
                    _ => 0.5,
                };
            }
            nodes[n].visits += 1.0;
            node = parent;
        }
    }
    let best = nodes[0]
        .children
        .iter()
        .copied()
        .max_by(|a, b| {
            let (a, b) = (&nodes[*a], &nodes[*b]);
            (a.visits, a.reward)
                .partial_cmp(&(b.visits, b.reward))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .map_or(0, |c| nodes[c].move_index);
    Ok(Some(Choice {
        index: best,
        iterations,
    }))
}

/// A deadline that never comes, to list a position whatever the time.
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(60 * 60 * 24 * 365)
}
