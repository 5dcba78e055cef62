//! Monte Carlo tree search with random play-outs: plain UCT, and the
//! default player built on it, which is sound before it is clever.
//!
//! Each iteration walks down the tree by the UCB1 rule, expands a leaf with
//! all its successors, plays one random game from a new child, and credits
//! the result to every move on the way. The move played is the most visited.
//! (On a time budget, the default player expands a leaf only after a few
//! play-outs from it, and guides only a few moves of each, where listing
//! moves costs much: see `PlayoutCosts`.)
//!
//! The default [`Strategy::Solver`] adds what the field has measured to
//! matter most: proven results climb the tree (an MCTS-Solver: a move that
//! wins is a win, a node whose moves all lose is a loss), every reply to
//! every move is listed before any play-out (so a win in one is always
//! played, and a move that lets the opponent win at once is proven lost),
//! and play-outs take a winning move when they have one (where being
//! stuck loses and no goal decides, one that leaves the other player
//! without a move) and otherwise favour the moves with the best mean
//! result wherever they were played (MAST, ε-greedy: a move is known by
//! its acts). The nodes of one
//! position share their statistics, so that a transposition is valued by
//! the play-outs of every order of moves that reaches it (the tree stays a
//! tree; selection reads the shared mean), and, where no repetition ends
//! the game, their proofs: a position proven on one path is proven on all.
//! Where every move places pieces and none moves one, a move is also
//! valued by its results wherever its player made it later in the
//! iteration (RAVE, all moves as first), until its own visits outweigh
//! them. A [`Searcher`] keeps its tree from one move to the next, and
//! spreads its iterations over threads (root parallelism: one tree per
//! thread, their statistics of the root's moves summed).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::random::{Scratch, random_playout, watched_playout};
use crate::engine::{
    Engine, Move, Outcome, Overrun, Position, Status, Successors, with_cancel, with_deadline,
    within_work,
};
use crate::rng::Rng;
use crate::rules::{CellSet, PlayerId};

/// The most nodes a search tree holds (each keeps a position of some
/// hundreds of bytes): a bound on its memory, whatever the budget and the
/// number of moves a position has.
const MAX_TREE_NODES: usize = 400_000;

/// The most moves of a play-out chosen with care (a win in one, else
/// MAST) before the rest are drawn uniformly at the engine's full speed.
/// A guided move lists every successor, which costs from a few uniform
/// draws to a hundred (Hex), so how many are guided is measured as the
/// search goes: see [`PlayoutCosts`].
const GUIDED_PLIES: u32 = 16;

/// How many visits of its own a move needs before they count as much as
/// its results as a later move (RAVE): the weight of the latter is
/// `a / (a + n + a n / RAVE_EQUIVALENCE)` for `a` results as a later
/// move and `n` visits. (At 0.1 s a move against `uct`, Domineering
/// scored 70 % with 1,000 and 55 % with 50.)
const RAVE_EQUIVALENCE: f64 = 1000.0;

/// What the play-outs and expansions of a search have cost, so that
/// neither the guided part of a play-out nor the expansions take more
/// than half of an iteration's time: an iteration then costs at most
/// about two uniform play-outs, whatever a listing of moves costs in the
/// game. (Where a listing costs as much as twenty uniform moves, as in
/// games of many captures, guiding every move or expanding every leaf
/// would make an iteration many play-outs long.)
#[derive(Clone, Copy, Debug, Default)]
struct PlayoutCosts {
    /// Whether to adapt at all: only a search on a time budget does, so
    /// that one on iterations stays a function of its seed.
    adapt: bool,
    guided: u64,
    guided_time: Duration,
    uniform: u64,
    uniform_time: Duration,
    /// Play-outs timed.
    playouts: u64,
    expansions: u64,
    expansion_time: Duration,
}

impl PlayoutCosts {
    /// Whether enough has been timed to adapt.
    fn measured(&self) -> bool {
        self.adapt && self.guided >= 64 && self.uniform >= 64 && self.playouts >= 8
    }

    /// How many moves of the next play-out to guide: [`GUIDED_PLIES`] on
    /// an iteration budget, and until both kinds have been timed; then as
    /// many as half a uniform play-out's time buys (none, where one
    /// listing costs more: the tree's own listings still see every win
    /// in one of the moves they list).
    fn guided_limit(&self) -> u32 {
        if !self.measured() {
            // Every other play-out wholly uniform until both kinds are
            // timed: a game shorter than the guided moves has no uniform
            // part to time otherwise.
            let sample = self.adapt && self.uniform < 64 && self.playouts % 2 == 1;
            return if sample { 0 } else { GUIDED_PLIES };
        }
        let per_guided = self.guided_time.as_secs_f64() / self.guided as f64;
        let per_uniform = self.uniform_time.as_secs_f64() / self.uniform as f64;
        let length = (self.guided + self.uniform) as f64 / self.playouts as f64;
        let affordable = 0.5 * length * per_uniform / per_guided.max(1e-12);
        (affordable as u32).min(GUIDED_PLIES)
    }

    /// How many play-outs a leaf gives before it is expanded: none on an
    /// iteration budget or until timed; then as many as make expansions
    /// cost at most half a play-out each iteration, up to 15.
    fn visits_before_expansion(&self) -> f64 {
        if !self.measured() || self.expansions < 16 {
            return 0.0;
        }
        let per_expansion = self.expansion_time.as_secs_f64() / self.expansions as f64;
        let playout = (self.guided_time + self.uniform_time).as_secs_f64();
        let per_playout = playout / self.playouts as f64;
        let ratio = per_expansion / (0.5 * per_playout).max(1e-12);
        (ratio.ceil() - 1.0).clamp(0.0, 15.0)
    }
}

/// The most moves a play-out's mover may have for each to be built and
/// its replies listed, to find one that leaves the other player stuck: a
/// win in one that no goal marks (see [`wins_by_stuck`]). Where the mover
/// has more, the look would cost a listing per move, and the other player
/// is seldom near stuck. (Konane against `uct`: 70.3 % over 600 games
/// with the look, 63.0 % over 400 without; see docs/PERFORMANCE.md.)
const STUCK_CHECKED_MOVES: usize = 16;

/// How often (in moves of the root) the look before the iterations asks
/// whether the whole root is decided: see [`Tree::root_won_seen`].
const ROOT_LOOK_EVERY: usize = 1024;

/// The most listings the search spends before its iterations on finding
/// replies that leave the player without a move and end the game.
const STUCK_LOOKAHEAD: usize = 20_000;

/// The most work (in the units of `engine::WORK_PER_LISTING`) the look
/// before the iterations spends on all its listings together, whatever
/// the budget: bounded by a count of work rather than time, so that a
/// search of so many iterations gives the same answer on any machine,
/// and ends on a game whose every listing is near the limit of one.
const LOOK_WORK: u64 = 16 * crate::engine::WORK_PER_LISTING;

/// On a budget of iterations, the look's work for each iteration (within
/// one listing's and [`LOOK_WORK`]): a small budget is a quick answer, and
/// a game of slow listings once spent the whole of `LOOK_WORK`, a quarter
/// of a minute, before `go iterations 1` (the shipped games spend a few
/// thousand units a listing, so this is hundreds of listings each).
const LOOK_WORK_PER_ITERATION: u64 = 50_000;

/// The work the look before the iterations may spend on `budget`.
fn look_work(budget: Budget) -> u64 {
    match budget {
        Budget::Time(_) => LOOK_WORK,
        Budget::Iterations(n) => (u64::from(n) * LOOK_WORK_PER_ITERATION)
            .clamp(crate::engine::WORK_PER_LISTING, LOOK_WORK),
    }
}

/// How long the search may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Run this many iterations.
    Iterations(u32),
    /// Run until this much time has passed.
    Time(Duration),
}

/// How long the computer thinks when nothing says: a second a move (the
/// `normal` level of `gamut play`).
pub const DEFAULT_BUDGET: Budget = Budget::Time(Duration::from_secs(1));

/// Which search a player runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Plain UCT: UCB1 selection and uniformly random play-outs, nothing
    /// else (the `uct` seat, a yardstick).
    Plain,
    /// UCT with a solver, every reply to the root's moves listed first,
    /// tree reuse, and play-outs that take a win in one and favour moves
    /// that have done well (MAST) (the `mcts` seat).
    Solver,
}

impl Strategy {
    /// The exploration constant of UCB1 (rewards run from 0 to 1).
    pub fn exploration(self) -> f64 {
        match self {
            // The textbook value, so that the yardstick is the textbook's.
            Strategy::Plain => std::f64::consts::SQRT_2,
            // Measured against `uct` at 0.1 s a move (docs/PERFORMANCE.md,
            // 2026-11-26): with the solver, tree reuse and the guided
            // play-outs, a search that widens less wins more, on every
            // shipped game.
            Strategy::Solver => 0.35,
        }
    }
}

/// Settings of a search.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    /// How long to think.
    pub budget: Budget,
    /// Play-outs longer than this count as draws (a tool setting, not a rule).
    pub ply_cap: u32,
    /// Which search.
    pub strategy: Strategy,
    /// How many threads search (at least one). With an iteration budget
    /// they share the iterations, and the choice depends only on the seed
    /// and the number of threads.
    pub threads: usize,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::Iterations(1000),
            ply_cap: 500,
            strategy: Strategy::Solver,
            threads: 1,
        }
    }
}

/// What the search proved of a move, for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move wins, whatever the other player does.
    Win,
    /// Best play from both sides draws.
    Draw,
    /// The move loses against best play.
    Loss,
}

/// The search proves values of nodes (an MCTS-Solver): a node's verdict
/// is that of the move into it, for the player who made it.
impl Verdict {
    /// The value of a finished game for `player`.
    fn of(outcome: Outcome, player: PlayerId) -> Verdict {
        match outcome {
            Outcome::Win(w) if w == player => Verdict::Win,
            Outcome::Win(_) => Verdict::Loss,
            Outcome::Draw => Verdict::Draw,
        }
    }

    /// The same value seen by the other player.
    fn flipped(self) -> Verdict {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Draw => Verdict::Draw,
            Verdict::Loss => Verdict::Win,
        }
    }

    /// The reward a play-out with this result credits.
    fn reward(self) -> f64 {
        match self {
            Verdict::Win => 1.0,
            Verdict::Draw => 0.5,
            Verdict::Loss => 0.0,
        }
    }

    /// What a play-out that ended with `outcome` credits `player`: half a
    /// point when it was cut short (`None`).
    fn reward_of(outcome: Option<Outcome>, player: PlayerId) -> f64 {
        outcome.map_or(0.5, |o| Verdict::of(o, player).reward())
    }
}

struct Node {
    position: Position,
    /// A hash of the move into this node's acts, for MAST, which weighs
    /// the moves of a listing by it.
    move_key: u64,
    /// What the move into this node changed of its mover's cells (see
    /// [`change_key`]), for RAVE, which meets moves in play-outs that
    /// are drawn without their acts.
    change_key: u64,
    parent: Option<usize>,
    /// The index of this node's move among its parent's successors.
    move_index: usize,
    children: Vec<usize>,
    expanded: bool,
    visits: f64,
    /// Credit for the player who made the move into this node.
    reward: f64,
    /// Play-outs through the parent in which the parent's player made
    /// this node's move at any later turn, and their credit for that
    /// player (all moves as first, RAVE): an estimate of the move from
    /// the first play-outs, before its own visits say more.
    amaf_visits: f64,
    amaf_reward: f64,
    /// The value of the node once the search has proven it, for the
    /// player who made the move into it.
    proof: Option<Verdict>,
    /// Where the statistics of every node of this position, moved into by
    /// the same player, are summed (see [`Shared`]); [`NO_SLOT`] for the
    /// root and in plain UCT.
    slot: u32,
}

/// The statistics of one position (and the player who moved into it)
/// over every node of the tree that holds it: a transposition, reached by
/// several orders of moves, is valued by the play-outs of all its paths.
#[derive(Clone, Copy, Debug, Default)]
struct Shared {
    visits: f64,
    reward: f64,
    /// The proven value of the position, where proofs do not depend on
    /// the path (see [`Tree::shares_proofs`]).
    proof: Option<Verdict>,
}

/// The slot of a node with no statistics shared.
const NO_SLOT: u32 = u32::MAX;

impl Node {
    fn new(position: Position, parent: Option<usize>, move_index: usize) -> Node {
        Node {
            slot: NO_SLOT,
            position,
            move_key: 0,
            change_key: 0,
            parent,
            move_index,
            children: Vec::new(),
            expanded: false,
            visits: 0.0,
            reward: 0.0,
            amaf_visits: 0.0,
            amaf_reward: 0.0,
            proof: None,
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The index of the chosen move among the root's successors.
    pub index: usize,
    /// How many iterations the search ran, over all its threads.
    pub iterations: u32,
    /// The score the mover expects from the move, from 0 (a loss) to 1 (a
    /// win): its mean play-out result, or what the search proved.
    pub value: f64,
    /// What the search proved of the move, if anything.
    pub proven: Option<Verdict>,
    /// The play-outs through the move: its `value` means little when they
    /// are few (a game of thousands of moves on a short budget).
    pub visits: u32,
    /// The line the search expects, the chosen move first: each entry is a
    /// move's index among the successors of the position before it.
    pub line: Vec<usize>,
}

/// A request to a search to answer now, from another thread (the
/// protocol's `stop`) or a signal handler (Ctrl-C at the prompt): the
/// search stops after its current iteration (it runs at least one) and
/// answers with what it has found, as when its time is up. Clones share
/// the request.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// Asks the search to answer now.
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Withdraws the request, for the next search.
    pub fn clear(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the search was asked to answer now.
    pub fn requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A computer player: it keeps its tree between moves, so that what it
/// learned of the position the game reached is not thrown away.
pub struct Searcher {
    config: MctsConfig,
    kept: Option<Kept>,
    stop: Stop,
}

/// When one thread's iterations end: after `iterations` (where the budget
/// counts them), at `deadline`, or when a stop is asked for.
#[derive(Clone, Copy)]
struct Limits<'s> {
    iterations: Option<u32>,
    deadline: Instant,
    stop: &'s Stop,
    /// Runs one iteration even past the deadline or a `stop` (the main
    /// tree's, so that there is an answer); a helper may run none.
    one_at_least: bool,
}

/// A tree kept from the last search, and where in the game it was.
struct Kept {
    nodes: Vec<Node>,
    /// How many positions came before the tree's root.
    history_len: usize,
    root_key: u64,
}

impl Searcher {
    /// A player that searches as `config` says.
    pub fn new(config: MctsConfig) -> Searcher {
        Searcher {
            config,
            kept: None,
            stop: Stop::default(),
        }
    }

    /// Lets `stop` cut this player's searches short (see [`Stop`]).
    pub fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }

    /// How it searches.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Thinks for `budget` from the next search on, keeping its tree.
    pub fn set_budget(&mut self, budget: Budget) {
        self.config.budget = budget;
    }

    /// Chooses a move for the player to move in `root`. `history` holds
    /// the keys of the positions before `root`, for repetition. Returns
    /// `None` when the game is over there, and an error when a position's
    /// moves are too many to list (see [`Successors::overrun`]). A time
    /// budget holds inside generation too: the search stops on time even
    /// where one play-out would take longer. When `root` follows the last
    /// search's root in the same game, the part of that tree below it is
    /// searched on.
    pub fn choose(
        &mut self,
        engine: &Engine,
        root: &Position,
        history: &[u64],
        rng: &mut Rng,
    ) -> Result<Option<Choice>, Overrun> {
        let started = Instant::now();
        let nodes = self
            .kept
            .take()
            .and_then(|kept| kept.subtree_at(root, history))
            .unwrap_or_else(|| vec![Node::new(root.clone(), None, 0)]);
        let adapt = matches!(self.config.budget, Budget::Time(_));
        let mut tree = Tree::new(engine, nodes, self.config.strategy, adapt);
        let choice = search(&mut tree, history, &self.config, rng, (started, &self.stop))?;
        if self.config.strategy == Strategy::Plain {
            // Plain UCT starts afresh at every move.
            return Ok(choice);
        }
        self.kept = Some(Kept {
            nodes: tree.nodes,
            history_len: history.len(),
            root_key: root.key(),
        });
        Ok(choice)
    }
}

impl Kept {
    /// The part of the kept tree below `root`, when the game went from the
    /// kept root to `root` through positions the tree holds (the whole
    /// tree, when `root` is the kept root: a second search of a position).
    fn subtree_at(self, root: &Position, history: &[u64]) -> Option<Vec<Node>> {
        let again = history.len() == self.history_len && root.key() == self.root_key;
        if !again && history.get(self.history_len) != Some(&self.root_key) {
            return None;
        }
        let mut at = 0;
        if !again {
            let path = history[self.history_len + 1..]
                .iter()
                .copied()
                .chain(std::iter::once(root.key()));
            for key in path {
                at = self.nodes[at]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| self.nodes[c].position.key() == key)?;
            }
        }
        if self.nodes[at].position != *root {
            return None;
        }
        // Keep the subtree in place, in its order: a node is created after
        // its parent, so a node is in the subtree when its parent is, and
        // the kept nodes stay parents before children.
        let mut kept = self.nodes;
        if at != 0 {
            let mut new_index = vec![usize::MAX; kept.len()];
            new_index[at] = 0;
            let mut count = 1;
            for n in at + 1..kept.len() {
                if kept[n].parent.is_some_and(|p| new_index[p] != usize::MAX) {
                    new_index[n] = count;
                    count += 1;
                }
            }
            let mut n = 0;
            kept.retain(|_| {
                n += 1;
                new_index[n - 1] != usize::MAX
            });
            for node in &mut kept {
                node.parent = node
                    .parent
                    .map(|p| new_index[p])
                    .filter(|&p| p != usize::MAX);
                for c in &mut node.children {
                    *c = new_index[*c];
                }
            }
        }
        kept[0].move_index = 0;
        // A root proven through a transposition, by moves below another
        // node, would stop the look for its wins in one: its children
        // prove it again.
        kept[0].proof = None;
        Some(kept)
    }
}

/// Chooses a move with a fresh [`Searcher`]: see [`Searcher::choose`].
pub fn mcts_choose(
    engine: &Engine,
    root: &Position,
    history: &[u64],
    config: &MctsConfig,
    rng: &mut Rng,
) -> Result<Option<Choice>, Overrun> {
    Searcher::new(*config).choose(engine, root, history, rng)
}

/// Searches from the tree's root, begun at `started`, until its budget is
/// spent or `stop` is asked for.
fn search(
    tree: &mut Tree,
    history: &[u64],
    config: &MctsConfig,
    rng: &mut Rng,
    (started, stop): (Instant, &Stop),
) -> Result<Option<Choice>, Overrun> {
    let deadline = match config.budget {
        Budget::Time(t) => started + t,
        Budget::Iterations(_) => far_future(),
    };
    // The root is listed outside the deadline: without its moves there
    // is nothing to choose from.
    if !tree.nodes[0].expanded {
        let listed = with_deadline(far_future(), || tree.expand(0, history))?;
        if listed == Expansion::Deadline {
            return Ok(None);
        }
    }
    if tree.nodes[0].children.is_empty() {
        return Ok(None);
    }
    // The solver looks at the only move's replies too, to tell it won,
    // drawn or lost; then no iteration runs, the choice being made.
    if tree.nodes[0].children.len() == 1 && !tree.solver {
        return Ok(Some(tree.choice(0)));
    }
    let mut keys = history.to_vec();
    keys.push(tree.nodes[0].position.key());
    if tree.solver {
        // The deeper look may take a quarter of the time: it must not
        // starve the search. On a budget of iterations it starves nothing
        // (they are counted, not timed), and the work it may spend bounds
        // it: scaled down with the iterations, it once left `mcts:1` blind
        // to a reply that leaves the player stuck, 57 moves of 58 replies
        // each into a J game's end (a listing each, a few ms in all).
        let until = match config.budget {
            Budget::Time(t) => started + t / 4,
            Budget::Iterations(_) => far_future(),
        };
        let (looked, cut) = within_work(look_work(config.budget), || {
            with_deadline(deadline, || {
                tree.look_one_reply_ahead(&keys, until, STUCK_LOOKAHEAD, stop)
            })
        });
        match (looked, cut) {
            // Its work spent, the look stops where it is.
            (_, Some(Overrun::Work { .. })) | (Ok(()), _) => {}
            (Err(why), _) => return Err(why),
        }
    }
    let threads = config.threads.max(1);
    let share = |t: usize| Limits {
        iterations: match config.budget {
            Budget::Iterations(n) => {
                let n = n as usize;
                Some((n / threads + usize::from(t < n % threads)) as u32)
            }
            Budget::Time(_) => None,
        },
        deadline,
        stop,
        one_at_least: t == 0,
    };
    if threads == 1 || tree.decided() {
        let iterations = bounded(deadline, stop, || tree.grow(history, config, rng, share(0)))?;
        return Ok(Some(tree.choice(iterations)));
    }
    // Root parallelism: each helper grows its own tree from the root and
    // its moves (with their proofs, without their counts), and the counts
    // of the root's moves are summed into the main tree.
    let seeds: Vec<u64> = (0..threads).map(|_| rng.next_u64()).collect();
    // The trees share the bound on memory: more threads, smaller trees.
    tree.max_nodes = MAX_TREE_NODES / threads;
    // Helpers made past the deadline would only delay the answer (more
    // threads than cores, or a root of many moves, make them slow to make).
    let mut helpers: Vec<Tree> = Vec::with_capacity(threads - 1);
    while helpers.len() + 1 < threads && Instant::now() < deadline {
        helpers.push(tree.sprout());
    }
    let (main, helped) = std::thread::scope(|scope| {
        let handles: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .map(|(i, helper)| {
                let seed = seeds[i + 1];
                let limits = share(i + 1);
                scope.spawn(move || {
                    let mut rng = Rng::new(seed);
                    bounded(deadline, stop, || {
                        helper.grow(history, config, &mut rng, limits)
                    })
                })
            })
            .collect();
        let mut rng = Rng::new(seeds[0]);
        let main = bounded(deadline, stop, || {
            tree.grow(history, config, &mut rng, share(0))
        });
        let helped: Vec<Result<u32, Overrun>> = handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Ok(0)))
            .collect();
        (main, helped)
    });
    let mut iterations = main?;
    for (helper, result) in helpers.iter().zip(helped) {
        iterations += result?;
        tree.absorb(helper);
    }
    Ok(Some(tree.choice(iterations)))
}

/// Runs a search's iterations: every listing they make stops at the
/// deadline, or as soon as `stop` is asked for.
fn bounded<R>(deadline: Instant, stop: &Stop, f: impl FnOnce() -> R) -> R {
    with_deadline(deadline, || with_cancel(Arc::clone(&stop.0), f))
}

/// Whether an expansion finished or the time limit cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expansion {
    Done,
    Deadline,
}

/// The moves of one iteration's play-out, by who played them.
#[derive(Default)]
struct Trail {
    /// The guided moves, by their acts (for MAST).
    acts: Vec<(PlayerId, u64)>,
    /// Every move, by what it changed (for RAVE).
    changes: Vec<(PlayerId, u64)>,
}

impl Trail {
    fn clear(&mut self) {
        self.acts.clear();
        self.changes.clear();
    }
}

/// The search tree, with the engine and a buffer for its listings.
struct Tree<'a> {
    engine: &'a Engine,
    nodes: Vec<Node>,
    buffer: Successors,
    /// The replies to a move of a play-out, listed to see whether it
    /// leaves the other player without a move (see [`Tree::stuck_win`]).
    replies: Successors,
    /// Whether play-outs look for moves that win by leaving the other
    /// player stuck (see [`wins_by_stuck`]).
    stuck_wins: bool,
    /// Whether results are proven and climb the tree ([`Strategy::Solver`]).
    solver: bool,
    /// The mean result of each move, by who played it, wherever it was
    /// played (MAST): play-outs prefer moves that have done well.
    moves: MoveStats,
    /// What its play-outs have cost, to decide how many moves to guide.
    costs: PlayoutCosts,
    /// The solver's transpositions.
    transpositions: Transpositions,
    /// The moves played after each node of an iteration, for RAVE.
    seen: MovesSeen,
    /// Whether the search weighs moves by their results as first moves.
    rave: bool,
    /// The most nodes this tree grows to: [`MAX_TREE_NODES`] shared by
    /// the trees of a search on several threads.
    max_nodes: usize,
}

/// The statistics of each position in a tree, by its key and the player
/// who moved into it.
#[derive(Default)]
struct Transpositions {
    shared: Vec<Shared>,
    slot_of: std::collections::HashMap<(u64, PlayerId), u32>,
}

impl Transpositions {
    /// The slot of the position `key` moved into by `mover`, made if new.
    fn slot(&mut self, key: u64, mover: PlayerId) -> u32 {
        let next = self.shared.len() as u32;
        let slot = *self.slot_of.entry((key, mover)).or_insert(next);
        if slot == next {
            self.shared.push(Shared::default());
        }
        slot
    }
}

/// Results of moves by their key and mover: (sum of rewards, count).
type MoveStats = std::collections::HashMap<(PlayerId, u64), (f64, f64)>;

/// A hash of a move's acts (FNV-1a over their debug-free fields).
fn move_key(mv: &Move) -> u64 {
    use std::hash::{Hash, Hasher};
    struct Fnv(u64);
    impl Hasher for Fnv {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    mv.acts().iter().for_each(|a| a.hash(&mut h));
    h.finish()
}

/// Whether every move of the game places pieces, and none moves one:
/// there a move is its cells, whenever it is played, and its results as
/// a later move (RAVE's all moves as first) estimate it well, as in Go,
/// Hex or Domineering. Where pieces move, a move's worth hangs on the
/// position it is played in, and the estimate misleads: at 0.1 s a move
/// against `uct`, it took Breakthrough from 55 % to 36 % and Forms from
/// 70 % to 64 %, where it took Domineering from 42 % to 70 %.
fn places_only(rules: &crate::rules::Rules) -> bool {
    rules.parts.iter().all(|part| {
        part.options
            .iter()
            .all(|option| matches!(option.action, crate::rules::Action::Place { .. }))
    })
}

/// A key of a move by `mover` that held the cells `before` and holds
/// `after`: the cells it left and the cells it took. A move has one key
/// in every position it is played in, so that its statistics gather
/// wherever it was played; unlike [`move_key`], it is known from the
/// positions alone, as a play-out's uniform draws give them.
fn change_key(mover: PlayerId, before: CellSet, after: CellSet) -> u64 {
    let seed = 0x51_7cc1_b727_220a ^ mover.index() as u64;
    after.minus(before).digest(before.minus(after).digest(seed))
}

/// The moves played after a node in one iteration, by player, for
/// crediting the node's children with all moves as first: a table of
/// hashed keys, emptied in one step by a new stamp.
#[derive(Default)]
struct MovesSeen {
    stamp: u32,
    slots: Vec<(u32, u64)>,
}

impl MovesSeen {
    /// Slots of the table, a power of two. Probes are bounded: a move
    /// that finds no slot within half the table is left out.
    const SLOTS: usize = 4096;

    /// Empties the table (made at its first use: a search without RAVE
    /// never needs it).
    fn clear(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); Self::SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
    }

    fn code(mover: PlayerId, key: u64) -> u64 {
        key ^ (mover.index() as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// The slot holding `code`, or the empty one where it would go.
    fn find(&self, code: u64) -> Option<usize> {
        let mask = Self::SLOTS - 1;
        let mut i = (code as usize ^ (code >> 32) as usize) & mask;
        for _ in 0..Self::SLOTS / 2 {
            let (stamp, held) = self.slots[i];
            if stamp != self.stamp || held == code {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
        None
    }

    fn insert(&mut self, mover: PlayerId, key: u64) {
        let code = Self::code(mover, key);
        if let Some(i) = self.find(code) {
            self.slots[i] = (self.stamp, code);
        }
    }

    fn contains(&self, mover: PlayerId, key: u64) -> bool {
        let code = Self::code(mover, key);
        self.find(code)
            .is_some_and(|i| self.slots[i] == (self.stamp, code))
    }
}

impl<'a> Tree<'a> {
    /// A tree of `nodes` (the root first) searched by `strategy`, whose
    /// play-outs adapt to what they cost if `adapt` (see [`PlayoutCosts`]).
    fn new(engine: &'a Engine, nodes: Vec<Node>, strategy: Strategy, adapt: bool) -> Tree<'a> {
        let solver = strategy == Strategy::Solver;
        let mut tree = Tree {
            engine,
            nodes,
            buffer: Successors::default(),
            replies: Successors::default(),
            stuck_wins: solver && wins_by_stuck(engine.rules()),
            solver,
            moves: MoveStats::new(),
            costs: PlayoutCosts {
                adapt,
                ..PlayoutCosts::default()
            },
            transpositions: Transpositions::default(),
            seen: MovesSeen::default(),
            rave: solver && places_only(engine.rules()),
            max_nodes: MAX_TREE_NODES,
        };
        tree.index_transpositions();
        tree
    }

    /// Lists every reply to every move of the root before any play-out: a
    /// win in one is seen at once, and so is each move that lets the
    /// opponent win in one (the solver proves it lost), whatever the
    /// budget. Wins by leaving the other player without a move show only
    /// when that player's moves are listed: it looks one reply deeper for
    /// them, and stops at `until` or after `max_listings` listings.
    ///
    /// A listing marks a reply that wins at once only by a goal. Where
    /// the rules have none, building every reply to every move shows
    /// nothing more than listing them (and in Amazons builds millions of
    /// positions): the replies are then only listed, to find the moves
    /// that leave the other player without one, and a move is expanded
    /// when the deeper look reaches it, within its listings.
    fn look_one_reply_ahead(
        &mut self,
        keys: &[u64],
        until: Instant,
        max_listings: usize,
        stop: &Stop,
    ) -> Result<(), Overrun> {
        if self.engine.rules().goals.is_empty() {
            let mut unbounded = 0;
            if self.prove_stuck_children(0, &mut unbounded, stop) == Expansion::Deadline {
                return Ok(());
            }
        } else {
            for i in 0..self.nodes[0].children.len() {
                let child = self.nodes[0].children[i];
                // Past a win, nothing more is needed; with every move but
                // one lost, the last is still looked at, so that a lost
                // position is told as lost. A `stop` answers with what is
                // known (Amazons' root has 2,176 moves to list replies of).
                if self.root_won_seen(i) || stop.requested() {
                    return Ok(());
                }
                if !self.nodes[child].expanded && self.expand(child, keys)? == Expansion::Deadline {
                    return Ok(());
                }
                if self.proof_of(child) == Some(Verdict::Win) {
                    return Ok(());
                }
            }
        }
        if self.engine.rules().when_stuck.is_plain_pass() {
            return Ok(());
        }
        let mut listings = 0;
        for i in 0..self.nodes[0].children.len() {
            let child = self.nodes[0].children[i];
            // With every move but one lost, the last is still looked at,
            // so that a lost position is told as lost.
            if self.root_won_seen(i)
                || (i.is_multiple_of(ROOT_LOOK_EVERY) && self.all_proven())
                || listings > max_listings
                || Instant::now() >= until
                || stop.requested()
            {
                break;
            }
            // A move proven above (its reply left stuck) needs no listing.
            if !self.nodes[child].expanded && self.proof_of(child).is_none() {
                listings += 1;
                if self.expand(child, keys)? == Expansion::Deadline {
                    break;
                }
            }
            if self.prove_stuck_children(child, &mut listings, stop) == Expansion::Deadline
                || self.proof_of(child) == Some(Verdict::Win)
            {
                break;
            }
        }
        Ok(())
    }

    /// Runs iterations until the root's move is decided or `limits` end
    /// them. Returns how many ran.
    fn grow(
        &mut self,
        history: &[u64],
        config: &MctsConfig,
        rng: &mut Rng,
        limits: Limits,
    ) -> Result<u32, Overrun> {
        let mut iterations = 0u32;
        let mut path_keys: Vec<u64> = Vec::new();
        let mut keys: Vec<u64> = Vec::new();
        let mut played = Trail::default();
        while !self.decided() {
            let may_stop = iterations > 0 || !limits.one_at_least;
            match limits.iterations {
                _ if may_stop && limits.stop.requested() => break,
                Some(n) if iterations >= n => break,
                None if may_stop && Instant::now() >= limits.deadline => break,
                _ => {}
            }
            iterations += 1;
            path_keys.clear();
            path_keys.extend_from_slice(history);
            let mut at = self.select(0, &mut path_keys, config.strategy.exploration(), rng);
            // A leaf proven on another path is proven here too, and its
            // proof climbs from here.
            if self.nodes[at].proof.is_none()
                && let Some(proof) = self.proof_of(at)
            {
                self.prove(at, proof);
            }
            let leaf = &self.nodes[at];
            // The solver's leaves give play-outs before they are expanded
            // where expanding costs much (see `PlayoutCosts`).
            let ripe = !self.solver || leaf.visits >= self.costs.visits_before_expansion();
            if leaf.proof.is_none() && !leaf.expanded && ripe {
                let started = Instant::now();
                if self.expand(at, &path_keys)? == Expansion::Deadline {
                    break;
                }
                self.costs.expansions += 1;
                self.costs.expansion_time += started.elapsed();
                let node = &self.nodes[at];
                if node.proof.is_none() && !node.children.is_empty() {
                    path_keys.push(node.position.key());
                    at = node.children[rng.below(node.children.len())];
                }
            }
            // Simulation, unless the value is known.
            let outcome = match self.nodes[at].proof {
                Some(proof) => self.outcome_of(at, proof),
                None if self.solver => {
                    keys.clear();
                    keys.extend_from_slice(&path_keys);
                    match self.mast_playout(at, rng, config.ply_cap, &mut keys, &mut played) {
                        Ok(outcome) => outcome,
                        Err(Overrun::Deadline) => break,
                        // A position on the way too big to list ends the
                        // play-out unfinished: the search goes on.
                        Err(
                            Overrun::Work { .. } | Overrun::Moves { .. } | Overrun::Captures { .. },
                        ) => None,
                    }
                }
                None => {
                    keys.clear();
                    keys.extend_from_slice(&path_keys);
                    let result = random_playout(
                        self.engine,
                        &self.nodes[at].position,
                        rng,
                        config.ply_cap,
                        &mut keys,
                        &mut self.buffer,
                    );
                    match result.stopped {
                        None => {}
                        Some(Overrun::Deadline) => break,
                        Some(
                            Overrun::Work { .. } | Overrun::Moves { .. } | Overrun::Captures { .. },
                        ) => {}
                    }
                    result.outcome
                }
            };
            self.credit(at, outcome);
            if self.solver {
                self.credit_moves(at, outcome, &played.acts);
                if self.rave {
                    self.credit_all_moves_as_first(at, outcome, &played.changes);
                }
            }
            played.clear();
        }
        Ok(iterations)
    }

    /// A play-out from node `at` that, for its first few moves (see
    /// [`PlayoutCosts`]), takes a win in one when it has one, else, most
    /// of the time, the move with the best mean result so far (MAST,
    /// ε-greedy), recording the moves it plays in `played`; then uniform,
    /// recording what each move changed.
    fn mast_playout(
        &mut self,
        at: usize,
        rng: &mut Rng,
        ply_cap: u32,
        history: &mut Vec<u64>,
        played: &mut Trail,
    ) -> Result<Option<Outcome>, Overrun> {
        let mut pos = self.nodes[at].position.clone();
        let mut plies = 0;
        let guided = self.costs.guided_limit();
        let started = Instant::now();
        // Every move is timed, guided or not, including those of a game
        // that ends before its guided moves run out.
        let note_guided = |costs: &mut PlayoutCosts, plies: u32| {
            costs.guided += u64::from(plies);
            costs.guided_time += started.elapsed();
            costs.playouts += 1;
        };
        loop {
            if plies >= guided {
                note_guided(&mut self.costs, plies);
                // The rest at the speed of the uniform draw.
                let uniform_started = Instant::now();
                let scratch = Scratch {
                    history,
                    buffer: &mut self.buffer,
                };
                let changes = &mut played.changes;
                let rave = self.rave;
                let rest = watched_playout(
                    self.engine,
                    &pos,
                    rng,
                    ply_cap.saturating_sub(plies),
                    scratch,
                    |mover, held, after| {
                        if rave {
                            changes.push((mover, change_key(mover, held, after.owned(mover))));
                        }
                    },
                );
                self.costs.uniform += u64::from(rest.plies);
                self.costs.uniform_time += uniform_started.elapsed();
                return match rest.stopped {
                    Some(why) => Err(why),
                    None => Ok(rest.outcome),
                };
            }
            let end = if self.engine.repeated(&pos, history) {
                Some(Ok(Some(Outcome::Draw)))
            } else if let Some(outcome) = pos.result() {
                Some(Ok(Some(outcome)))
            } else {
                // The moves alone, each with the result its goals decide:
                // only the move chosen is built.
                self.engine.legal_moves(&pos, &mut self.buffer);
                if let Some(why) = self.buffer.overrun() {
                    Some(Err(why.clone()))
                } else if let Status::Over(outcome) = self.engine.status(&pos, &self.buffer) {
                    Some(Ok(Some(outcome)))
                } else {
                    (plies >= ply_cap).then_some(Ok(None))
                }
            };
            if let Some(end) = end {
                note_guided(&mut self.costs, plies);
                return end;
            }
            let mover = pos.to_move();
            let by_goal = (0..self.buffer.len())
                .find(|&i| self.buffer.result_of(i) == Some(Outcome::Win(mover)));
            let win = match by_goal {
                Some(w) => Some(w),
                None => self.stuck_win(&pos)?,
            };
            let buffer = &self.buffer;
            let i = if let Some(w) = win {
                w
            } else if rng.below(10) < 4 {
                rng.below(buffer.len())
            } else {
                best_by_mean(&self.moves, mover, &buffer.moves, rng)
            };
            played.acts.push((mover, move_key(&self.buffer.moves[i])));
            history.push(pos.key());
            let next = self.engine.play_listed(&pos, &mut self.buffer, i)?;
            if self.rave {
                let changed = change_key(mover, pos.owned(mover), next.owned(mover));
                played.changes.push((mover, changed));
            }
            pos = next;
            plies += 1;
        }
    }

    /// A move of those listed in the buffer for `pos` that leaves the
    /// other player without a move and so wins, where play-outs look for
    /// one (see [`wins_by_stuck`]) and the mover has at most
    /// [`STUCK_CHECKED_MOVES`] moves: each is built and its replies listed.
    fn stuck_win(&mut self, pos: &Position) -> Result<Option<usize>, Overrun> {
        if !self.stuck_wins || self.buffer.len() > STUCK_CHECKED_MOVES {
            return Ok(None);
        }
        let mover = pos.to_move();
        for i in 0..self.buffer.len() {
            let next = self.engine.play_listed(pos, &mut self.buffer, i)?;
            self.engine.legal_moves(&next, &mut self.replies);
            if let Some(why) = self.replies.overrun() {
                return Err(why.clone());
            }
            if self.engine.status(&next, &self.replies) == Status::Over(Outcome::Win(mover)) {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// Credits a play-out's result to the moves played on the way: in the
    /// tree from the root to `at`, then in the play-out.
    fn credit_moves(&mut self, at: usize, outcome: Option<Outcome>, played: &[(PlayerId, u64)]) {
        let mut record = |mover: PlayerId, key: u64| {
            let entry = self.moves.entry((mover, key)).or_insert((0.0, 0.0));
            entry.0 += Verdict::reward_of(outcome, mover);
            entry.1 += 1.0;
        };
        let mut node = at;
        while let Some(parent) = self.nodes[node].parent {
            record(
                self.nodes[parent].position.to_move(),
                self.nodes[node].move_key,
            );
            node = parent;
        }
        for &(mover, key) in played {
            record(mover, key);
        }
    }

    /// Credits a play-out's result to the children of every node on the
    /// path to `at` whose move their node's player made at any later turn
    /// of the iteration, in the tree or in the play-out (`changes`).
    fn credit_all_moves_as_first(
        &mut self,
        at: usize,
        outcome: Option<Outcome>,
        changes: &[(PlayerId, u64)],
    ) {
        self.seen.clear();
        for &(mover, key) in changes {
            self.seen.insert(mover, key);
        }
        let mut n = at;
        loop {
            let to_move = self.nodes[n].position.to_move();
            let reward = Verdict::reward_of(outcome, to_move);
            for i in 0..self.nodes[n].children.len() {
                let c = self.nodes[n].children[i];
                if self.seen.contains(to_move, self.nodes[c].change_key) {
                    let child = &mut self.nodes[c];
                    child.amaf_visits += 1.0;
                    child.amaf_reward += reward;
                }
            }
            let Some(parent) = self.nodes[n].parent else {
                return;
            };
            let mover = self.nodes[parent].position.to_move();
            self.seen.insert(mover, self.nodes[n].change_key);
            n = parent;
        }
    }

    /// Gives every node but the root its slot, and each slot the sums of
    /// its nodes' statistics: for a tree kept from the last move, or new.
    fn index_transpositions(&mut self) {
        if !self.solver {
            return;
        }
        let shares_proofs = self.shares_proofs();
        for n in 0..self.nodes.len() {
            let Some(parent) = self.nodes[n].parent else {
                self.nodes[n].slot = NO_SLOT;
                continue;
            };
            let mover = self.nodes[parent].position.to_move();
            let slot = self
                .transpositions
                .slot(self.nodes[n].position.key(), mover);
            let node = &mut self.nodes[n];
            node.slot = slot;
            let shared = &mut self.transpositions.shared[slot as usize];
            shared.visits += node.visits;
            shared.reward += node.reward;
            if shares_proofs {
                shared.proof = shared.proof.or(node.proof);
            }
        }
    }

    /// A tree for a helper thread: the root and its moves, with their
    /// proofs and without their counts.
    fn sprout(&self) -> Tree<'a> {
        let mut nodes = Vec::with_capacity(1 + self.nodes[0].children.len());
        let mut root = Node::new(self.nodes[0].position.clone(), None, 0);
        root.expanded = true;
        nodes.push(root);
        for &c in &self.nodes[0].children {
            let old = &self.nodes[c];
            let mut child = Node::new(old.position.clone(), Some(0), old.move_index);
            child.proof = self.proof_of(c);
            child.move_key = old.move_key;
            child.change_key = old.change_key;
            nodes.push(child);
        }
        nodes[0].children = (1..nodes.len()).collect();
        let strategy = if self.solver {
            Strategy::Solver
        } else {
            Strategy::Plain
        };
        let mut tree = Tree::new(self.engine, nodes, strategy, self.costs.adapt);
        tree.max_nodes = self.max_nodes;
        tree
    }

    /// Adds what a helper learned of the root's moves.
    fn absorb(&mut self, helper: &Tree) {
        self.nodes[0].visits += helper.nodes[0].visits;
        for (&mine, &theirs) in self.nodes[0]
            .children
            .clone()
            .iter()
            .zip(&helper.nodes[0].children)
        {
            let theirs = &helper.nodes[theirs];
            let node = &mut self.nodes[mine];
            node.visits += theirs.visits;
            node.reward += theirs.reward;
            if node.proof.is_none() {
                node.proof = theirs.proof;
            }
        }
    }

    /// The move to play and what the search expects of it.
    fn choice(&self, iterations: u32) -> Choice {
        let best = self.best_child();
        let node = &self.nodes[best];
        let proof = self.proof_of(best);
        let value = match proof {
            Some(p) => p.reward(),
            None if node.visits > 0.0 => node.reward / node.visits,
            None => 0.5,
        };
        let mut line = vec![node.move_index];
        let mut at = best;
        while line.len() < 16 {
            let searched = self.nodes[at]
                .children
                .iter()
                .copied()
                .filter(|&c| self.nodes[c].visits > 0.0 || self.proof_of(c).is_some());
            match self.best_of(searched) {
                Some(c) => {
                    line.push(self.nodes[c].move_index);
                    at = c;
                }
                None => break,
            }
        }
        Choice {
            index: node.move_index,
            iterations,
            value,
            proven: proof,
            visits: node.visits as u32,
            line,
        }
    }

    /// How good a child looks to the player choosing it: a proven win
    /// first, a proven loss last, else by visits. Of proven losses (all
    /// the moves, in a lost position) the most resistant first: one that
    /// does not end the game at once, then one that leaves the opponent
    /// the fewest replies known to win, so that an opponent who misses
    /// them has the most chances to (an open four in Gomoku is blocked
    /// at one end, not answered anywhere).
    fn rank(&self, c: usize) -> (u8, u8, f64, f64, f64) {
        let node = &self.nodes[c];
        let class = match self.proof_of(c) {
            Some(Verdict::Win) => 2,
            Some(Verdict::Loss) => 0,
            _ => 1,
        };
        if class != 0 {
            return (class, 0, 0.0, node.visits, node.reward);
        }
        let goes_on = u8::from(node.position.result().is_none());
        let winning_replies = node
            .children
            .iter()
            .filter(|&&r| self.proof_of(r) == Some(Verdict::Win))
            .count();
        (
            class,
            goes_on,
            -(winning_replies as f64),
            node.visits,
            node.reward,
        )
    }

    /// Whether a proof holds for every node of its position: where no
    /// repetition ends the game, what a position is worth does not depend
    /// on the moves that led to it (its key holds everything the rules
    /// look at), so a proof found on one path proves its transpositions.
    fn shares_proofs(&self) -> bool {
        self.solver && self.engine.rules().repetition_draw.is_none()
    }

    /// The proven value of node `n`, its own or its transpositions'.
    fn proof_of(&self, n: usize) -> Option<Verdict> {
        let node = &self.nodes[n];
        node.proof.or_else(|| {
            self.shares_proofs()
                .then(|| self.transpositions.shared.get(node.slot as usize))
                .flatten()
                .and_then(|shared| shared.proof)
        })
    }

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
            self.prove(at, Verdict::Draw);
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
            // Below the root, a position too big to list stays a leaf
            // (its play-outs end unfinished): the search goes on.
            Some(Overrun::Work { .. } | Overrun::Moves { .. } | Overrun::Captures { .. })
                if at != 0 =>
            {
                self.nodes[at].expanded = false;
                return Ok(Expansion::Done);
            }
            Some(why) => {
                self.nodes[at].expanded = false;
                return Err(why.clone());
            }
        }
        if let Status::Over(outcome) = self.engine.status(&pos, &self.buffer) {
            if let Some(mover) = self.mover_into(at) {
                self.prove(at, Verdict::of(outcome, mover));
            }
            return Ok(Expansion::Done);
        }
        // The tree is as big as it may grow, or the machine has no room
        // for it to grow (an allocation that fails would abort gamut):
        // the leaf stays a leaf, and the search goes on by play-outs from
        // it.
        if self.nodes.len() + self.buffer.len() > self.max_nodes
            || self.nodes.try_reserve(self.buffer.len()).is_err()
        {
            self.nodes[at].expanded = false;
            return Ok(Expansion::Done);
        }
        let first = self.nodes.len();
        let to_move = pos.to_move();
        for (i, next) in self.buffer.positions.drain(..).enumerate() {
            let mut child = Node::new(next, Some(at), i);
            // Plain UCT keeps no statistics of moves, proves nothing and
            // shares nothing between transpositions.
            if self.solver {
                child.move_key = move_key(&self.buffer.moves[i]);
                child.change_key =
                    change_key(to_move, pos.owned(to_move), child.position.owned(to_move));
                child.proof = child.position.result().map(|o| Verdict::of(o, to_move));
                child.slot = self.transpositions.slot(child.position.key(), to_move);
            }
            self.nodes.push(child);
        }
        self.nodes[at].children = (first..self.nodes.len()).collect();
        self.settle(at);
        Ok(Expansion::Done)
    }

    /// Proves the children of node `n` where the player to move is stuck
    /// and the game ends, listing their moves (counted in `listings`);
    /// cut short, as by a deadline, when `stop` is asked for.
    fn prove_stuck_children(&mut self, n: usize, listings: &mut usize, stop: &Stop) -> Expansion {
        if self.nodes[n].proof.is_some() {
            return Expansion::Done;
        }
        let mover = self.nodes[n].position.to_move();
        for i in 0..self.nodes[n].children.len() {
            let c = self.nodes[n].children[i];
            if self.proof_of(c).is_some() || self.nodes[n].proof.is_some() {
                continue;
            }
            if stop.requested() {
                return Expansion::Deadline;
            }
            *listings += 1;
            self.engine
                .legal_moves(&self.nodes[c].position, &mut self.buffer);
            if self.buffer.overrun().is_some() {
                return Expansion::Deadline;
            }
            if let Status::Over(outcome) = self.engine.status(&self.nodes[c].position, &self.buffer)
            {
                // Through `prove`, so that every path to the position
                // sees the proof, as with every other proof.
                self.prove(c, Verdict::of(outcome, mover));
            }
        }
        Expansion::Done
    }

    /// Records a proven value of node `n` and settles its parent.
    fn prove(&mut self, n: usize, proof: Verdict) {
        if !self.solver {
            return;
        }
        self.nodes[n].proof = Some(proof);
        if self.shares_proofs()
            && let Some(shared) = self
                .transpositions
                .shared
                .get_mut(self.nodes[n].slot as usize)
        {
            shared.proof = Some(proof);
        }
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
        let mut value = Verdict::Loss;
        let mut open = false;
        for &c in &node.children {
            match self.proof_of(c) {
                Some(Verdict::Win) => {
                    value = Verdict::Win;
                    open = false;
                    break;
                }
                Some(Verdict::Draw) => value = Verdict::Draw,
                Some(Verdict::Loss) => {}
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

    /// Whether a move of the root is known to win, as the look before the
    /// iterations asks it at its `i`-th move: the whole root every
    /// [`ROOT_LOOK_EVERY`] moves (a proof shared by a transposition may
    /// decide a move not yet reached), as each move's own proof is asked
    /// once it is looked at. Asked of the whole root at every move, a
    /// root of 197,000 moves took minutes.
    fn root_won_seen(&self, i: usize) -> bool {
        i.is_multiple_of(ROOT_LOOK_EVERY) && self.root_won()
    }

    /// Whether a move of the root is proven to win.
    fn root_won(&self) -> bool {
        let children = &self.nodes[0].children;
        children
            .iter()
            .any(|&c| self.proof_of(c) == Some(Verdict::Win))
    }

    /// Whether the root's move is known: a move wins, every move is
    /// proven, or all moves but one are proven lost.
    fn decided(&self) -> bool {
        let children = &self.nodes[0].children;
        let proofs = || children.iter().map(|&c| self.proof_of(c));
        self.root_won()
            || self.all_proven()
            || proofs().filter(|p| *p != Some(Verdict::Loss)).count() <= 1
    }

    /// Whether every move of the root is proven.
    fn all_proven(&self) -> bool {
        let children = &self.nodes[0].children;
        children.iter().all(|&c| self.proof_of(c).is_some())
    }

    /// Walks down from `at` by the UCB1 rule to a node to expand or a
    /// proven one, pushing the keys of the positions passed. A proven loss
    /// for the mover is never entered while another move remains.
    fn select(&self, mut at: usize, path_keys: &mut Vec<u64>, c: f64, rng: &mut Rng) -> usize {
        loop {
            let node = &self.nodes[at];
            if !node.expanded || node.children.is_empty() || self.proof_of(at).is_some() {
                return at;
            }
            path_keys.push(node.position.key());
            let log = node.visits.max(1.0).ln();
            let mut best = None;
            let mut best_score = f64::NEG_INFINITY;
            for &i in &node.children {
                let child = &self.nodes[i];
                let score = match self.proof_of(i) {
                    Some(Verdict::Win) => f64::INFINITY,
                    Some(Verdict::Loss) => continue,
                    _ if child.visits == 0.0 && child.amaf_visits == 0.0 => {
                        // Children nothing is known of first, in a random order.
                        1e9 + rng.below(1000) as f64
                    }
                    _ => {
                        // A transposition's mean over all its paths, where
                        // they have seen more than this one.
                        let shared = &self.transpositions.shared;
                        let (visits, reward) = match shared.get(child.slot as usize) {
                            Some(s) if s.visits > child.visits => (s.visits, s.reward),
                            Some(_) | None => (child.visits, child.reward),
                        };
                        let mean = if visits > 0.0 { reward / visits } else { 0.0 };
                        // The move's mean over all moves as first, weighed
                        // down as its own visits grow.
                        let amaf = child.amaf_visits;
                        let beta = if amaf > 0.0 {
                            amaf / (amaf + visits + amaf * visits / RAVE_EQUIVALENCE)
                        } else {
                            0.0
                        };
                        let amaf_mean = if amaf > 0.0 {
                            child.amaf_reward / amaf
                        } else {
                            0.0
                        };
                        (1.0 - beta) * mean
                            + beta * amaf_mean
                            + c * (log / child.visits.max(1.0)).sqrt()
                    }
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
    fn outcome_of(&self, n: usize, proof: Verdict) -> Option<Outcome> {
        let mover = self.mover_into(n)?;
        Some(match proof {
            Verdict::Win => Outcome::Win(mover),
            Verdict::Loss => Outcome::Win(mover.other()),
            Verdict::Draw => Outcome::Draw,
        })
    }

    /// Credits a play-out's result to every move from the root to `at`.
    fn credit(&mut self, at: usize, outcome: Option<Outcome>) {
        let mut node = Some(at);
        while let Some(n) = node {
            let parent = self.nodes[n].parent;
            let slot = self.nodes[n].slot;
            if let Some(p) = parent {
                let mover = self.nodes[p].position.to_move();
                let reward = Verdict::reward_of(outcome, mover);
                self.nodes[n].reward += reward;
                if let Some(shared) = self.transpositions.shared.get_mut(slot as usize) {
                    shared.reward += reward;
                    shared.visits += 1.0;
                }
            }
            self.nodes[n].visits += 1.0;
            node = parent;
        }
    }

    /// The root's child to play: a proven win; else, of the moves not
    /// proven lost (all of them when every one is), the most visited.
    fn best_child(&self) -> usize {
        self.best_of(self.nodes[0].children.iter().copied())
            .unwrap_or(0)
    }

    /// The best of `children` by [`Tree::rank`].
    fn best_of(&self, children: impl Iterator<Item = usize>) -> Option<usize> {
        children.max_by(|&a, &b| {
            self.rank(a)
                .partial_cmp(&self.rank(b))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    }
}

/// The move of `moves` whose mean result for `mover` is best so far
/// (MAST; a move never played counts 0.5), ties drawn uniformly: one by
/// one, each new tie kept with chance 1/ties. (Taking the first listed
/// of the ties would make a fixed choice wherever no move has been
/// played yet.)
fn best_by_mean(stats: &MoveStats, mover: PlayerId, moves: &[Move], rng: &mut Rng) -> usize {
    let (mut best, mut best_value, mut ties) = (0, f64::NEG_INFINITY, 0);
    for (i, mv) in moves.iter().enumerate() {
        let value = stats
            .get(&(mover, move_key(mv)))
            .map_or(0.5, |(sum, n)| sum / n);
        match value.total_cmp(&best_value) {
            std::cmp::Ordering::Greater => (best, best_value, ties) = (i, value, 1),
            std::cmp::Ordering::Equal => {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = i;
                }
            }
            std::cmp::Ordering::Less => {}
        }
    }
    best
}

/// Whether a game's play-outs look for moves that leave the other player
/// without a move: where no goal decides the game, so that being stuck is
/// how it ends, and being stuck can lose (`lose`, or `count` with fewer
/// pieces).
fn wins_by_stuck(rules: &crate::rules::Rules) -> bool {
    use crate::rules::WhenStuck;
    rules.goals.is_empty() && matches!(rules.when_stuck, WhenStuck::Lose | WhenStuck::Count)
}

/// A deadline that never comes, to list a position whatever the time.
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(60 * 60 * 24 * 365)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::load::check_game;

    fn engine(name: &str) -> Engine {
        Engine::new(check_game(name).unwrap().rules.unwrap())
    }

    /// A move has one key wherever it is played, and two moves two keys.
    #[test]
    fn a_move_changes_the_same_cells_in_any_position() {
        let engine = engine("domineering");
        let key_of = |moves: &[&str], last: &str| {
            let mut game = Game::new(&engine);
            for mv in moves {
                game.play(mv).unwrap();
            }
            let before = game.position().clone();
            let mover = before.to_move();
            game.play(last).unwrap();
            change_key(mover, before.owned(mover), game.position().owned(mover))
        };
        let first = key_of(&[], "a1/a2");
        assert_eq!(first, key_of(&["c1/c2", "e5/f5"], "a1/a2"));
        assert_ne!(first, key_of(&[], "a2/a3"));
    }

    #[test]
    fn moves_seen_are_forgotten_by_a_clear() {
        let mut seen = MovesSeen::default();
        seen.clear();
        seen.insert(PlayerId::FIRST, 7);
        assert!(seen.contains(PlayerId::FIRST, 7));
        assert!(!seen.contains(PlayerId::SECOND, 7));
        assert!(!seen.contains(PlayerId::FIRST, 8));
        seen.clear();
        assert!(!seen.contains(PlayerId::FIRST, 7));
    }

    /// A play-out takes a move that leaves the other player without one
    /// (a win no goal marks) where being stuck loses: from a position of
    /// `tests/tactics/amazons.tactics` where one move of nine does, every
    /// play-out plays it first and is won, whatever the seed.
    #[test]
    fn a_playout_takes_a_win_by_leaving_the_other_player_stuck() {
        let engine = engine("amazons");
        let mut game = Game::new(&engine);
        let line = "d1-e2/e3 a7-h7/h2 j4-i5/i6 d10-d5/a5 e2-g4/j4 h7-f9/e10 g1-f1/f4 \
                    f9-f10/f6 a4-a3/f8 j7-d7/e7 a3-b4/b10 f10-h8/f10 g4-g3/g7 d7-d8/a8 \
                    i5-e5/g5 g10-j7/h9 b4-d4/a7 d8-d6/b6 f1-h3/g2 d5-c6/c7 e5-f5/j9 \
                    j7-i8/j8 h3-i4/i5 h8-g9/c9 g3-f3/g4 c6-b7/c8 d4-a4/c4 b7-d5/b5 \
                    i4-j5/j7 i8-i10/i7 f5-g6/f7 g9-f9/e9 f3-e2/f2 d6-d10/d7 g6-d3/h7 \
                    d10-d8/e8 d3-g6/b1 d5-d1/d3 g6-e4/g6 i10-i8/i9 j5-h3/h5 d1-j1/i1 \
                    a4-a3/b2 j1-j2/i2 a3-c5/f5 i8-h8/g8 e2-d1/d2 j2-i3/h4 c5-e5/d6 \
                    d8-d9/d10 d1-f3/e2 f9-g10/i10 e4-d5/d4 g10-f9/g9 d5-e6/d5 i3-i4/j5 \
                    h3-g3/i3 i4-j3/j1 e5-e4/e5";
        for mv in line.split_whitespace() {
            game.play(mv).unwrap();
        }
        let notations = game.legal_notations();
        assert_eq!(notations.len(), 9, "{notations:?}");
        let winning = notations.iter().position(|n| n == "j3-i4/h3").unwrap();
        let winning = move_key(&game.legal()[winning]);
        let mover = game.position().to_move();
        let root = Node::new(game.position().clone(), None, 0);
        let mut tree = Tree::new(&engine, vec![root], Strategy::Solver, false);
        for seed in 1..=20 {
            let mut rng = Rng::new(seed);
            let (mut keys, mut played) = (Vec::new(), Trail::default());
            let outcome = tree.mast_playout(0, &mut rng, 100, &mut keys, &mut played);
            assert_eq!(played.acts[0], (mover, winning), "seed {seed}");
            assert_eq!(outcome.unwrap(), Some(Outcome::Win(mover)), "seed {seed}");
        }
    }

    /// Past its deadline, a helper's tree runs no iteration and the main
    /// tree one, so that there is an answer.
    #[test]
    fn only_the_main_tree_must_run_an_iteration_past_the_deadline() {
        let engine = engine("tic-tac-toe");
        let game = Game::new(&engine);
        let stop = Stop::default();
        let grown = |one_at_least: bool, iterations: Option<u32>| {
            let deadline = Instant::now();
            let root = Node::new(game.position().clone(), None, 0);
            let mut tree = Tree::new(&engine, vec![root], Strategy::Solver, false);
            tree.expand(0, &[]).unwrap();
            let limits = Limits {
                iterations,
                deadline,
                stop: &stop,
                one_at_least,
            };
            let config = MctsConfig::default();
            tree.grow(&[], &config, &mut Rng::new(1), limits).unwrap()
        };
        assert_eq!(grown(true, None), 1);
        assert_eq!(grown(false, None), 0);
        // A count of iterations is run whatever the clock says.
        assert_eq!(grown(false, Some(5)), 5);
    }

    /// The tree kept for the next search holds the nodes below the new
    /// root, each once with its counts, linked as before, parents first;
    /// a second search of the same position keeps the whole tree.
    #[test]
    fn the_kept_tree_is_the_part_below_the_new_root() {
        let engine = engine("connect-four");
        let mut game = Game::new(&engine);
        game.play("d1").unwrap();
        let (root, history) = (game.position().clone(), game.history_keys().to_vec());
        // The same search each time: one thread and a count of iterations.
        let searched = || {
            let mut searcher = Searcher::new(MctsConfig {
                budget: Budget::Iterations(3000),
                ..MctsConfig::default()
            });
            let mut rng = Rng::new(7);
            searcher.choose(&engine, &root, &history, &mut rng).unwrap();
            searcher.kept.unwrap()
        };
        let old = searched().nodes;
        let same = searched().subtree_at(game.position(), &history).unwrap();
        assert_eq!(same.len(), old.len());
        // Two plies on, below the most visited reply of the most visited move.
        let most_visited = |n: usize| {
            *old[n]
                .children
                .iter()
                .max_by(|a, b| old[**a].visits.total_cmp(&old[**b].visits))
                .unwrap()
        };
        let (first, at) = (most_visited(0), most_visited(most_visited(0)));
        assert!(!old[at].children.is_empty(), "a deep enough tree");
        let mut below = vec![at];
        let mut i = 0;
        while i < below.len() {
            below.extend(old[below[i]].children.iter().copied());
            i += 1;
        }
        game.play_index(old[first].move_index);
        game.play_index(old[at].move_index);
        let tree = searched()
            .subtree_at(game.position(), game.history_keys())
            .unwrap();
        assert_eq!(tree.len(), below.len());
        assert!(tree[0].position == *game.position() && tree[0].parent.is_none());
        let mut old_visits: Vec<f64> = below.iter().map(|&n| old[n].visits).collect();
        let mut new_visits: Vec<f64> = tree.iter().map(|n| n.visits).collect();
        old_visits.sort_by(f64::total_cmp);
        new_visits.sort_by(f64::total_cmp);
        assert_eq!(old_visits, new_visits);
        let mut out = Successors::default();
        for (n, node) in tree.iter().enumerate().skip(1) {
            let parent = node.parent.unwrap();
            assert!(parent < n, "parents before children");
            assert!(tree[parent].children.contains(&n));
            engine.successors(&tree[parent].position, &mut out);
            assert!(out.positions[node.move_index] == node.position, "node {n}");
        }
    }

    /// A small budget of iterations gets a small look: one listing's work
    /// for `iterations 1`, growing with the budget up to the look's bound.
    #[test]
    fn the_look_ahead_grows_with_the_iterations() {
        let per_listing = crate::engine::WORK_PER_LISTING;
        assert_eq!(look_work(Budget::Iterations(1)), per_listing);
        assert!(look_work(Budget::Iterations(200)) > per_listing);
        assert!(look_work(Budget::Iterations(200)) < look_work(Budget::Iterations(1000)));
        assert_eq!(look_work(Budget::Iterations(u32::MAX)), LOOK_WORK);
        assert_eq!(look_work(Budget::Time(Duration::from_secs(1))), LOOK_WORK);
    }

    /// MAST takes the move of best mean, and draws among the moves that
    /// tie for it: with nothing played yet, each of tic-tac-toe's nine
    /// first moves is taken about as often as any other.
    #[test]
    fn the_best_mean_is_drawn_among_ties() {
        let engine = engine("tic-tac-toe");
        let game = Game::new(&engine);
        let (moves, mover) = (game.legal(), game.position().to_move());
        let mut stats = MoveStats::new();
        let mut rng = Rng::new(1);
        let mut taken = [0u32; 9];
        for _ in 0..900 {
            taken[best_by_mean(&stats, mover, moves, &mut rng)] += 1;
        }
        assert!(taken.iter().all(|&n| (60..=140).contains(&n)), "{taken:?}");
        // A move known to do better than the rest is always taken.
        stats.insert((mover, move_key(&moves[4])), (3.0, 4.0));
        assert_eq!(best_by_mean(&stats, mover, moves, &mut rng), 4);
    }

    /// RAVE is for games whose moves only place pieces.
    #[test]
    fn all_moves_as_first_where_moves_only_place() {
        for name in ["domineering", "hex", "connect-four", "othello"] {
            assert!(places_only(engine(name).rules()), "{name}");
        }
        for name in ["forms", "breakthrough", "network", "amazons", "j"] {
            assert!(!places_only(engine(name).rules()), "{name}");
        }
    }
}
