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
use crate::rules::PlayerId;

/// The most nodes a search tree holds (each keeps a position of some
/// hundreds of bytes): a bound on its memory, whatever the budget and the
/// number of moves a position has.
const MAX_TREE_NODES: usize = 400_000;

/// The most listings the search spends before its iterations on finding
/// replies that leave the player without a move and end the game.
const STUCK_LOOKAHEAD: usize = 20_000;

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

/// A game-theoretic value proven by the search (an MCTS-Solver), from the
/// side of the player who made the move into the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Win,
    Draw,
    Loss,
}

impl Proof {
    /// The value of a finished game for `player`.
    fn of(outcome: Outcome, player: PlayerId) -> Proof {
        match outcome {
            Outcome::Win(w) if w == player => Proof::Win,
            Outcome::Win(_) => Proof::Loss,
            Outcome::Draw => Proof::Draw,
        }
    }

    /// The same value seen by the other player.
    fn flipped(self) -> Proof {
        match self {
            Proof::Win => Proof::Loss,
            Proof::Draw => Proof::Draw,
            Proof::Loss => Proof::Win,
        }
    }

    /// The reward a play-out with this result credits.
    fn reward(self) -> f64 {
        match self {
            Proof::Win => 1.0,
            Proof::Draw => 0.5,
            Proof::Loss => 0.0,
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
    /// The value of the node once the search has proven it, for the
    /// player who made the move into it.
    proof: Option<Proof>,
}

impl Node {
    fn new(position: Position, parent: Option<usize>, move_index: usize) -> Node {
        Node {
            position,
            parent,
            move_index,
            children: Vec::new(),
            expanded: false,
            visits: 0.0,
            reward: 0.0,
            proof: None,
        }
    }
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
    let mut tree = Tree {
        engine,
        nodes: vec![Node::new(root.clone(), None, 0)],
        buffer: Successors::default(),
    };
    // The root is listed outside the deadline: without its moves there
    // is nothing to choose from.
    let listed = with_deadline(far_future(), || tree.expand(0, history))?;
    let root_over = tree.nodes[0].children.is_empty();
    if root_over || listed == Expansion::Deadline {
        return Ok(None);
    }
    if tree.nodes[0].children.len() == 1 {
        return Ok(Some(Choice {
            index: 0,
            iterations: 0,
        }));
    }
    // Every reply to every move, listed before any play-out: a win in one
    // is seen at once, and so is each move that lets the opponent win in
    // one (the solver proves it lost), whatever the budget.
    let mut keys = history.to_vec();
    keys.push(root.key());
    let started = Instant::now();
    for i in 0..tree.nodes[0].children.len() {
        if tree.decided() {
            break;
        }
        let child = tree.nodes[0].children[i];
        if tree.expand(child, &keys)? == Expansion::Deadline {
            break;
        }
    }
    // Wins by leaving the other player without a move show only when that
    // player's moves are listed: look one reply deeper for them, as far as
    // a bounded number of listings goes.
    if !engine.rules().when_stuck.is_plain_pass() {
        let mut listings = 0;
        for i in 0..tree.nodes[0].children.len() {
            let child = tree.nodes[0].children[i];
            if tree.decided() || listings > STUCK_LOOKAHEAD {
                break;
            }
            match tree.prove_stuck_children(child, &mut listings) {
                Expansion::Done => {}
                Expansion::Deadline => break,
            }
        }
    }
    let mut iterations = 0u32;
    let mut path_keys: Vec<u64> = Vec::new();
    while !tree.decided() {
        match config.budget {
            Budget::Iterations(n) if iterations >= n => break,
            Budget::Time(t) if iterations > 0 && started.elapsed() >= t => break,
            Budget::Iterations(_) | Budget::Time(_) => {}
        }
        iterations += 1;
        path_keys.clear();
        path_keys.extend_from_slice(history);
        let mut at = tree.select(0, &mut path_keys, config.exploration, rng);
        if tree.nodes[at].proof.is_none() && !tree.nodes[at].expanded {
            if tree.expand(at, &path_keys)? == Expansion::Deadline {
                break;
            }
            let node = &tree.nodes[at];
            if node.proof.is_none() && !node.children.is_empty() {
                path_keys.push(node.position.key());
                at = node.children[rng.below(node.children.len())];
            }
        }
        // Simulation, unless the value is known.
        let outcome = match tree.nodes[at].proof {
            Some(proof) => tree.outcome_of(at, proof),
            None => {
                let mut keys = path_keys.clone();
                let result = random_playout(
                    engine,
                    &tree.nodes[at].position,
                    rng,
                    PlayoutPolicy::Decisive,
                    config.ply_cap,
                    &mut keys,
                    &mut tree.buffer,
                );
                match result.stopped {
                    None => {}
                    Some(Overrun::Deadline) => break,
                    Some(why) => return Err(why),
                }
                result.outcome
            }
        };
        tree.credit(at, outcome);
    }
    Ok(Some(Choice {
        index: tree.best_move(),
        iterations,
    }))
}

/// Whether an expansion finished or the time limit cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expansion {
    Done,
    Deadline,
}

/// The search tree, with the engine and a buffer for its listings.
struct Tree<'a> {
    engine: &'a Engine,
    nodes: Vec<Node>,
    buffer: Successors,
}

impl Tree<'_> {
    /// The player who made the move into node `n` (`None` at the root).
    fn mover_into(&self, n: usize) -> Option<PlayerId> {
        self.nodes[n]
            .parent
            .map(|p| self.nodes[p].position.to_move())
    }

    /// Lists the moves of node `at`, whose ancestors' keys are in
    /// `path_keys`, and makes its children. A node where the game is over
    /// is proven instead, and so is one with a move that ends the game
    /// well for its mover; proofs climb to the ancestors they decide.
    fn expand(&mut self, at: usize, path_keys: &[u64]) -> Result<Expansion, Overrun> {
        self.nodes[at].expanded = true;
        let pos = self.nodes[at].position.clone();
        if self.engine.repeated(&pos, path_keys) {
            self.prove(at, Proof::Draw);
            return Ok(Expansion::Done);
        }
        self.engine.successors(&pos, &mut self.buffer);
        match self.buffer.overrun() {
            None => {}
            Some(Overrun::Deadline) => {
                // Looked at again if the search ever goes on.
                self.nodes[at].expanded = false;
                return Ok(Expansion::Deadline);
            }
            Some(why) => return Err(why.clone()),
        }
        if let Status::Over(outcome) = self.engine.status(&pos, &self.buffer) {
            if let Some(mover) = self.mover_into(at) {
                self.prove(at, Proof::of(outcome, mover));
            }
            return Ok(Expansion::Done);
        }
        if self.nodes.len() + self.buffer.len() > MAX_TREE_NODES {
            // The tree is as big as it may grow: the leaf stays a leaf,
            // and the search goes on by play-outs from it.
            self.nodes[at].expanded = false;
            return Ok(Expansion::Done);
        }
        let first = self.nodes.len();
        let to_move = pos.to_move();
        for (i, next) in self.buffer.positions.drain(..).enumerate() {
            let mut child = Node::new(next, Some(at), i);
            child.proof = child.position.result().map(|o| Proof::of(o, to_move));
            self.nodes.push(child);
        }
        self.nodes[at].children = (first..self.nodes.len()).collect();
        self.settle(at);
        Ok(Expansion::Done)
    }

    /// Proves the children of node `n` where the player to move is stuck
    /// and the game ends, listing their moves (counted in `listings`).
    fn prove_stuck_children(&mut self, n: usize, listings: &mut usize) -> Expansion {
        if self.nodes[n].proof.is_some() {
            return Expansion::Done;
        }
        let mover = self.nodes[n].position.to_move();
        for i in 0..self.nodes[n].children.len() {
            let c = self.nodes[n].children[i];
            if self.nodes[c].proof.is_some() || self.nodes[n].proof.is_some() {
                continue;
            }
            *listings += 1;
            self.engine
                .legal_moves(&self.nodes[c].position, &mut self.buffer);
            if self.buffer.overrun().is_some() {
                return Expansion::Deadline;
            }
            if let Status::Over(outcome) = self.engine.status(&self.nodes[c].position, &self.buffer)
            {
                self.nodes[c].proof = Some(Proof::of(outcome, mover));
                self.settle(n);
            }
        }
        Expansion::Done
    }

    /// Records a proven value of node `n` and settles its parent.
    fn prove(&mut self, n: usize, proof: Proof) {
        self.nodes[n].proof = Some(proof);
        if let Some(p) = self.nodes[n].parent {
            self.settle(p);
        }
    }

    /// Proves node `n` if its children decide it: one won by the player to
    /// move wins it; when all are proven, the best of them.
    fn settle(&mut self, n: usize) {
        let node = &self.nodes[n];
        if node.proof.is_some() || node.children.is_empty() {
            return;
        }
        let mut value = Proof::Loss;
        let mut open = false;
        for &c in &node.children {
            match self.nodes[c].proof {
                Some(Proof::Win) => {
                    value = Proof::Win;
                    open = false;
                    break;
                }
                Some(Proof::Draw) => value = Proof::Draw,
                Some(Proof::Loss) => {}
                None => open = true,
            }
        }
        if open {
            return;
        }
        // `value` is for the player to move at `n`; the node's proof is
        // for the player who moved into it (turns need not alternate).
        let to_move = node.position.to_move();
        match self.mover_into(n) {
            Some(mover) if mover == to_move => self.prove(n, value),
            Some(_) => self.prove(n, value.flipped()),
            None => {}
        }
    }

    /// Whether the root's move is known: a move wins, every move is
    /// proven, or all moves but one are proven lost.
    fn decided(&self) -> bool {
        let children = &self.nodes[0].children;
        let proofs = || children.iter().map(|&c| self.nodes[c].proof);
        proofs().any(|p| p == Some(Proof::Win))
            || proofs().all(|p| p.is_some())
            || proofs().filter(|p| *p != Some(Proof::Loss)).count() <= 1
    }

    /// Walks down from `at` by the UCB1 rule to a node to expand or a
    /// proven one, pushing the keys of the positions passed. A proven loss
    /// for the mover is never entered while another move remains.
    fn select(&self, mut at: usize, path_keys: &mut Vec<u64>, c: f64, rng: &mut Rng) -> usize {
        loop {
            let node = &self.nodes[at];
            if !node.expanded || node.children.is_empty() || node.proof.is_some() {
                return at;
            }
            path_keys.push(node.position.key());
            let log = node.visits.max(1.0).ln();
            let mut best = None;
            let mut best_score = f64::NEG_INFINITY;
            for &i in &node.children {
                let child = &self.nodes[i];
                let score = match child.proof {
                    Some(Proof::Win) => f64::INFINITY,
                    Some(Proof::Loss) => continue,
                    _ if child.visits == 0.0 => {
                        // Unvisited children first, in a random order.
                        1e9 + rng.below(1000) as f64
                    }
                    _ => child.reward / child.visits + c * (log / child.visits).sqrt(),
                };
                if score > best_score {
                    best_score = score;
                    best = Some(i);
                }
            }
            // Every move loses: then any will do (the node is proven, but
            // the root is not).
            at = best.unwrap_or(node.children[0]);
        }
    }

    /// The finished game a proven node stands for, as a play-out's result.
    fn outcome_of(&self, n: usize, proof: Proof) -> Option<Outcome> {
        let mover = self.mover_into(n)?;
        Some(match proof {
            Proof::Win => Outcome::Win(mover),
            Proof::Loss => Outcome::Win(1 - mover),
            Proof::Draw => Outcome::Draw,
        })
    }

    /// Credits a play-out's result to every move from the root to `at`.
    fn credit(&mut self, at: usize, outcome: Option<Outcome>) {
        let mut node = Some(at);
        while let Some(n) = node {
            let parent = self.nodes[n].parent;
            if let Some(p) = parent {
                let mover = self.nodes[p].position.to_move();
                self.nodes[n].reward += outcome.map_or(0.5, |o| Proof::of(o, mover).reward());
            }
            self.nodes[n].visits += 1.0;
            node = parent;
        }
    }

    /// The move to play: a proven win; else, of the moves not proven lost
    /// (all of them when every one is), the most visited.
    fn best_move(&self) -> usize {
        let children = &self.nodes[0].children;
        if let Some(&c) = children
            .iter()
            .find(|&&c| self.nodes[c].proof == Some(Proof::Win))
        {
            return self.nodes[c].move_index;
        }
        let open: Vec<usize> = children
            .iter()
            .copied()
            .filter(|&c| self.nodes[c].proof != Some(Proof::Loss))
            .collect();
        let pool = if open.is_empty() { children } else { &open };
        pool.iter()
            .copied()
            .max_by(|a, b| {
                let (a, b) = (&self.nodes[*a], &self.nodes[*b]);
                (a.visits, a.reward)
                    .partial_cmp(&(b.visits, b.reward))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .map_or(0, |c| self.nodes[c].move_index)
    }
}

/// A deadline that never comes, to list a position whatever the time.
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(60 * 60 * 24 * 365)
}
