//! What `gamut analyze` measures of a game: seeded self-play, and a
//! ladder of players of growing strength, counted in integers so that the
//! slices of a run add up to exactly the whole run, and the figures a
//! designer reads, derived from those counts alone.
//!
//! Game `i` of a run depends only on the run's seed and `i` (each search
//! runs on one thread), so the counts are the same whatever the number of
//! threads, and whatever slices the run was cut into.

mod figures;

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

pub use figures::{Balance, Bin, Branching, EVEN_WITHIN, Figures, Length, Outcomes};

use crate::ai::{Contender, bout_seed, play_bout, play_game, spread};
use crate::engine::{Engine, Outcome};
use crate::rules::CellSet;
use crate::rules::PlayerId;

/// What a run plays.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Who plays each of the game's players in self-play.
    pub players: [Contender; 2],
    /// How many self-play games the whole run has.
    pub games: usize,
    /// The seed of the run.
    pub seed: u64,
    /// Games stopped after this many moves count as unfinished.
    pub ply_cap: u32,
    /// The skill ladder, weakest first: each rung plays the one below it.
    pub ladder: Vec<Contender>,
    /// How many games each pair of neighbouring rungs plays in the whole run.
    pub ladder_games: usize,
    /// Which slice of the run this is.
    pub shard: Shard,
}

/// The `index`-th of `of` equal slices of a run (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: usize,
    /// Of how many.
    pub of: usize,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 1, of: 1 };

    /// The most slices a run can be cut into.
    pub const MAX: usize = 1_000_000;

    /// Reads `K/N`, with `1 <= K <= N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("`{text}` is not a slice: write K/N, as 2/8 for the second of eight");
        let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let of: usize = n.trim().parse().map_err(|_| bad())?;
        if of == 0 || of > Shard::MAX {
            return Err(format!(
                "`{text}`: a run is cut into 1 to {} slices",
                Shard::MAX
            ));
        }
        if index == 0 || index > of {
            return Err(format!("`{text}`: the slice is a number from 1 to {of}"));
        }
        Ok(Shard { index, of })
    }

    /// The games of this slice, of `total` numbered from 0: slice K of N
    /// holds those from `total·(K-1)/N` up to `total·K/N`.
    pub fn range(self, total: usize) -> Range<usize> {
        let cut = |k: usize| (total as u128 * k as u128 / self.of as u128) as usize;
        cut(self.index - 1)..cut(self.index)
    }

    /// Whether it is the whole run.
    pub fn is_whole(self) -> bool {
        self.of == 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// What a run (or a slice of one) counted. Every field is a sum over
/// games, so slices add up to the whole run ([`Counts::add`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Self-play games played.
    pub games: u64,
    /// Games won by each of the game's players.
    pub wins: [u64; 2],
    /// Games drawn by the rules.
    pub draws: u64,
    /// Games stopped by the ply cap, or where a position's moves could not
    /// be listed.
    pub unfinished: u64,
    /// Of the unfinished games, those a listing stopped.
    pub stopped: u64,
    /// How many games lasted each number of moves.
    pub lengths: BTreeMap<u32, u64>,
    /// Moves chosen, over all games.
    pub decisions: u64,
    /// Legal moves there were to choose from, summed over the decisions.
    pub choices: u64,
    /// Decisions with a single legal move.
    pub forced: u64,
    /// Decisions, by the tenth of its game in which each was made.
    pub decisions_by_tenth: [u64; 10],
    /// Legal moves summed over those decisions, by tenth.
    pub choices_by_tenth: [u64; 10],
    /// Distinct cells moves landed on, summed over the games.
    pub cells_used: u64,
    /// How many moves landed on each cell of the board, in the board's
    /// order of cells (see [`crate::engine::Engine::landings`]).
    pub landings: Vec<u64>,
    /// Each pair of neighbouring rungs of the ladder, the lower pair first.
    pub ladder: Vec<StepCounts>,
}

/// The games between two neighbouring rungs of the skill ladder.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepCounts {
    /// Games played.
    pub games: u64,
    /// Wins of the stronger rung.
    pub stronger: u64,
    /// Wins of the weaker rung.
    pub weaker: u64,
    /// Drawn or unfinished games.
    pub drawn: u64,
}

impl Counts {
    /// Nothing counted yet, for a board of `cells` cells and a ladder of
    /// `rungs` rungs.
    pub fn empty(cells: usize, rungs: usize) -> Counts {
        Counts {
            landings: vec![0; cells],
            ladder: vec![StepCounts::default(); rungs.saturating_sub(1)],
            ..Counts::default()
        }
    }

    /// Whether the counts hold together as a run of `games` self-play
    /// games and `ladder_games` games a pair of rungs would count them:
    /// what `merge` asks of a file before adding it. Says what does not.
    pub fn check(&self, games: u64, ladder_games: u64) -> Result<(), String> {
        let sum = |values: &mut dyn Iterator<Item = u128>| values.sum::<u128>();
        let wide = u128::from;
        let mut problems = Vec::new();
        if self.games != games {
            problems.push(format!("{} games where the slice has {games}", self.games));
        }
        if sum(
            &mut [self.wins[0], self.wins[1], self.draws, self.unfinished]
                .into_iter()
                .map(wide),
        ) != wide(self.games)
        {
            problems.push("wins, draws and unfinished games do not add up to the games".into());
        }
        if self.stopped > self.unfinished {
            problems.push("more games stopped than unfinished".into());
        }
        if sum(&mut self.lengths.values().copied().map(wide)) != wide(self.games) {
            problems.push("the lengths are not one per game".into());
        }
        let moves = sum(&mut self
            .lengths
            .iter()
            .map(|(&l, &n)| wide(u64::from(l)) * wide(n)));
        if moves != wide(self.decisions)
            || sum(&mut self.decisions_by_tenth.iter().copied().map(wide)) != wide(self.decisions)
            || sum(&mut self.choices_by_tenth.iter().copied().map(wide)) != wide(self.choices)
            || self.forced > self.decisions
            || self.decisions > self.choices
        {
            problems.push("the decisions do not match the games' lengths and choices".into());
        }
        if wide(self.cells_used) > wide(self.games) * self.landings.len() as u128 {
            problems.push("more cells used than the board has".into());
        }
        // A move lands on a cell at most once.
        if self.landings.iter().any(|&n| n > self.decisions) {
            problems.push("more landings on a cell than moves played".into());
        }
        for (i, step) in self.ladder.iter().enumerate() {
            if step.games != ladder_games
                || wide(step.stronger) + wide(step.weaker) + wide(step.drawn) != wide(step.games)
            {
                problems.push(format!(
                    "the ladder's pair {} does not count {ladder_games} games",
                    i + 1
                ));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// Adds what `other` counted, of the same board and ladder.
    /// Sums saturate: counts read from a file cannot overflow.
    pub fn add(&mut self, other: &Counts) {
        fn sum(a: &mut u64, b: u64) {
            *a = a.saturating_add(b);
        }
        sum(&mut self.games, other.games);
        for p in PlayerId::BOTH {
            sum(&mut self.wins[p], other.wins[p]);
        }
        sum(&mut self.draws, other.draws);
        sum(&mut self.unfinished, other.unfinished);
        sum(&mut self.stopped, other.stopped);
        for (&plies, &n) in &other.lengths {
            sum(self.lengths.entry(plies).or_default(), n);
        }
        sum(&mut self.decisions, other.decisions);
        sum(&mut self.choices, other.choices);
        sum(&mut self.forced, other.forced);
        for t in 0..10 {
            sum(&mut self.decisions_by_tenth[t], other.decisions_by_tenth[t]);
            sum(&mut self.choices_by_tenth[t], other.choices_by_tenth[t]);
        }
        sum(&mut self.cells_used, other.cells_used);
        for (mine, &theirs) in self.landings.iter_mut().zip(&other.landings) {
            sum(mine, theirs);
        }
        for (mine, theirs) in self.ladder.iter_mut().zip(&other.ladder) {
            sum(&mut mine.games, theirs.games);
            sum(&mut mine.stronger, theirs.stronger);
            sum(&mut mine.weaker, theirs.weaker);
            sum(&mut mine.drawn, theirs.drawn);
        }
    }
}

/// One game of a run's work.
#[derive(Clone, Copy)]
enum Work {
    /// Self-play game `i`.
    SelfPlay(usize),
    /// Game `i` between rung `step` of the ladder and the rung below it.
    Step(usize, usize),
}

/// How many games the slice of `plan` plays.
pub fn planned_games(plan: &Plan) -> usize {
    work(plan).len()
}

/// The slice's games: the ladder's first (they are the slow ones, so the
/// time left is overestimated rather than under), the strongest pair first.
fn work(plan: &Plan) -> Vec<Work> {
    let mut work = Vec::new();
    for step in (1..plan.ladder.len()).rev() {
        work.extend(
            plan.shard
                .range(plan.ladder_games)
                .map(|i| Work::Step(step, i)),
        );
    }
    work.extend(plan.shard.range(plan.games).map(Work::SelfPlay));
    work
}

/// The seed of the games between rung `step` and the rung below it.
fn step_seed(seed: u64, step: usize) -> u64 {
    bout_seed(seed ^ 0x5ca1_ab1e, step)
}

/// Plays the slice of `plan`'s games of `engine` on `threads` threads,
/// calling `done` after each; once `go_on` says no, the games not yet
/// begun are not played (those under way end first), and the counts are
/// of those played.
pub fn analyse(
    engine: &Engine,
    plan: &Plan,
    threads: usize,
    (done, go_on): (&(dyn Fn() + Sync), &(dyn Fn() -> bool + Sync)),
) -> Counts {
    let work = work(plan);
    let cells = engine.rules().board.cells.len();
    // Each cell's place in the board's order of cells, for the landings.
    let mut slot = [usize::MAX; 256];
    for (n, cell) in engine.rules().board.cells.iter().enumerate() {
        slot[cell.index()] = n;
    }
    let total = Mutex::new(Counts::empty(cells, plan.ladder.len()));
    spread(
        work.len(),
        threads,
        || Counts::empty(cells, plan.ladder.len()),
        |counts, i| {
            if !go_on() {
                return;
            }
            match work[i] {
                Work::SelfPlay(i) => self_play(engine, plan, i, &slot, counts),
                Work::Step(step, i) => ladder_game(engine, plan, step, i, counts),
            }
            done();
        },
        |counts| {
            if let Ok(mut total) = total.lock() {
                total.add(&counts);
            }
        },
    );
    total.into_inner().unwrap_or_default()
}

/// Plays self-play game `i` of `plan` and counts it; `slot` gives each
/// cell's place in `counts.landings`.
fn self_play(engine: &Engine, plan: &Plan, i: usize, slot: &[usize; 256], counts: &mut Counts) {
    let mut choices_along = Vec::new();
    let mut used = CellSet::EMPTY;
    let landings = &mut counts.landings;
    let played = play_game(
        engine,
        plan.players,
        bout_seed(plan.seed, i),
        plan.ply_cap,
        &mut |game, index| {
            let legal = game.legal();
            choices_along.push(legal.len() as u64);
            let landed = engine.landings(&legal[index]);
            for cell in landed.iter() {
                if let Some(n) = landings.get_mut(slot[cell.index()]) {
                    *n += 1;
                }
            }
            used = used.union(landed);
        },
    );
    counts.games += 1;
    match played.outcome {
        Some(Outcome::Win(p)) => counts.wins[p] += 1,
        Some(Outcome::Draw) => counts.draws += 1,
        None => {
            counts.unfinished += 1;
            counts.stopped += u64::from(played.stopped.is_some());
        }
    }
    *counts.lengths.entry(played.plies).or_default() += 1;
    let moves = choices_along.len();
    for (ply, &choices) in choices_along.iter().enumerate() {
        let tenth = ply * 10 / moves;
        counts.decisions += 1;
        counts.choices += choices;
        counts.forced += u64::from(choices == 1);
        counts.decisions_by_tenth[tenth] += 1;
        counts.choices_by_tenth[tenth] += choices;
    }
    counts.cells_used += used.len() as u64;
}

/// Plays game `i` between rung `step` of the ladder and the rung below it
/// (each playing the first player in every other game) and counts it.
fn ladder_game(engine: &Engine, plan: &Plan, step: usize, i: usize, counts: &mut Counts) {
    let pair = [plan.ladder[step], plan.ladder[step - 1]];
    let bout = play_bout(engine, &pair, step_seed(plan.seed, step), i, plan.ply_cap);
    let tally = &mut counts.ladder[step - 1];
    tally.games += 1;
    match bout.winner() {
        Some(0) => tally.stronger += 1,
        Some(_) => tally.weaker += 1,
        None => tally.drawn += 1,
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn slices_cover_the_run_once() {
        for total in [0, 1, 7, 100, 101] {
            for of in 1..=9 {
                let mut next = 0;
                for index in 1..=of {
                    let r = Shard { index, of }.range(total);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
    }

    #[test]
    fn a_slice_is_read_as_k_of_n() {
        assert_eq!(Shard::parse("2/8"), Ok(Shard { index: 2, of: 8 }));
        for bad in ["0/3", "4/3", "1/0", "x", "1/", "/2", "-1/2", "1/2000000"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
