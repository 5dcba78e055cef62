//! Goal tests and the verdict after a part of a turn: who, if anyone, has
//! won, following the rules' precedence of outcomes.

use super::{Engine, Outcome, Position};
use crate::rules::{
    Bitboard, Cell, CellSet, Dir, DirSet, GoalOutcome, GoalTest, KindId, Network, PlayerId, Rules,
    Side,
};

pub(super) enum Verdict {
    /// Nothing decided; play goes on.
    Open,
    Decided(Outcome),
    /// `illegal if both players win`, and both would.
    Illegal,
}

/// The rows of one row goal on a board of at most 64 cells: every run of
/// `count` cells along one of its lines (a *window*), listed under each
/// of its cells, so that asking for a row through a cell is a mask test
/// per window instead of a walk along each line (Connect Four 1.09×,
/// tic-tac-toe 1.06× the play-outs of the walk grown by set steps).
pub(super) struct RowWindows {
    count: u32,
    exact: bool,
    lines: DirSet,
    /// `[cell]`: the cell's windows are `windows[first[cell]..first[cell + 1]]`.
    first: Vec<u32>,
    windows: Vec<Window>,
}

#[derive(Clone, Copy)]
struct Window {
    cells: u64,
    /// For a row of exactly `count`: the cells just past both ends, which
    /// must not be the player's (else empty).
    past: u64,
    /// The window's line, from its first cell.
    dir: Dir,
}

impl RowWindows {
    /// The line of a row of the goal in `own` through `start`, if any.
    #[inline]
    fn row_through(&self, own: u64, start: Cell) -> Option<Dir> {
        let (from, to) = (self.first[start.index()], self.first[start.index() + 1]);
        self.windows[from as usize..to as usize]
            .iter()
            .find(|w| own & w.cells == w.cells && own & w.past == 0)
            .map(|w| w.dir)
    }
}

/// The directions of `lines` with each line once: of a direction and its
/// opposite, the first.
fn each_line_once(lines: DirSet) -> impl Iterator<Item = Dir> {
    lines.iter().filter(move |&dir| {
        let back = dir.opposite();
        (dir as usize) < (back as usize) || !lines.contains(back)
    })
}

/// The windows of every row goal of the rules, one table for each
/// distinct goal; none on a board of more than 64 cells.
pub(super) fn row_windows(rules: &Rules) -> Vec<RowWindows> {
    let board = &rules.board;
    let mut tables: Vec<RowWindows> = Vec::new();
    if board.size() > 64 {
        return tables;
    }
    for goal in &rules.goals {
        let GoalTest::InRow {
            count,
            exact,
            lines,
        } = goal.test
        else {
            continue;
        };
        if tables
            .iter()
            .any(|t| (t.count, t.exact, t.lines) == (count, exact, lines))
        {
            continue;
        }
        let mut of_cell: Vec<Vec<Window>> = vec![Vec::new(); board.size()];
        for start in board.cells.iter() {
            for dir in each_line_once(lines) {
                let mut cells = CellSet::single(start);
                let mut end = start;
                for next in board.ray(start, dir).take(count as usize - 1) {
                    cells.insert(next);
                    end = next;
                }
                if cells.len() < count as usize {
                    continue;
                }
                let mut past = CellSet::EMPTY;
                if exact {
                    past = [
                        board.neighbour(start, dir.opposite()),
                        board.neighbour(end, dir),
                    ]
                    .into_iter()
                    .flatten()
                    .fold(past, |set, c| set.union(CellSet::single(c)));
                }
                let window = Window {
                    cells: u64::of(cells),
                    past: u64::of(past),
                    dir,
                };
                for c in cells.iter() {
                    of_cell[c.index()].push(window);
                }
            }
        }
        let mut first = vec![0];
        let mut windows = Vec::new();
        for cell_windows in of_cell {
            windows.extend(cell_windows);
            first.push(windows.len() as u32);
        }
        tables.push(RowWindows {
            count,
            exact,
            lines,
            first,
            windows,
        });
    }
    tables
}

impl Engine {
    /// The goals that hold in `pos`, by their index in the rules: what a
    /// front end names when it says why a game ended. Metered like a
    /// listing; a goal whose check runs out is not named.
    pub fn goals_holding(&self, pos: &Position) -> Vec<usize> {
        let (held, _) = super::budget::metered(super::WORK_PER_LISTING, || {
            (0..self.rules.goals.len())
                .filter(|&g| {
                    let goal = &self.rules.goals[g];
                    self.holds_after(&goal.test, pos, goal.player, None, &mut None)
                        && !super::budget::stopped()
                })
                .collect()
        });
        held
    }

    /// Looks at the goals after `mover` played a part. `gained` holds the
    /// cells that received a piece in that part, when the position before
    /// it is known to satisfy no goal: a new chain must then run through one
    /// of them, so only those are flooded. `None` checks everything.
    pub(super) fn decide(
        &self,
        pos: &Position,
        mover: PlayerId,
        gained: Option<CellSet>,
    ) -> Verdict {
        if self.rules.goals.is_empty() {
            return Verdict::Open;
        }
        // A part that filled no cell cannot complete a chain.
        if self.only_chains && gained.is_some_and(|g| g.is_empty()) {
            return Verdict::Open;
        }
        // Most of the time no goal is anywhere near: say so cheaply.
        let near = self
            .rules
            .goals
            .iter()
            .any(|g| self.may_hold(&g.test, pos, g.player, gained));
        if !near {
            return Verdict::Open;
        }
        // holds[player][wins?]: every goal is looked at (when none holds,
        // as nearly always, each must be anyway).
        let mut holds = [[false; 2]; 2];
        for (player, row) in PlayerId::BOTH.into_iter().zip(holds.iter_mut()) {
            // The groups through the filled cells, and how they connect.
            let mut groups: Option<(DirSet, CellSet)> = None;
            for (i, held) in row.iter_mut().enumerate() {
                *held = self.goals_of[player][i].iter().any(|&g| {
                    let goal = &self.rules.goals[g];
                    let held = self.holds_after(&goal.test, pos, player, gained, &mut groups);
                    if super::budget::stopped() {
                        super::budget::blame(|| format!("checking `{}`", goal.text));
                    }
                    held
                });
            }
        }
        let holds = |player: PlayerId, outcome: GoalOutcome| {
            holds[player][(outcome == GoalOutcome::Wins) as usize]
        };
        if self.rules.illegal_if_both_win
            && holds(mover, GoalOutcome::Wins)
            && holds(mover.other(), GoalOutcome::Wins)
        {
            return Verdict::Illegal;
        }
        for (side, outcome) in self.rules.precedence {
            let player = match side {
                Side::Mover => mover,
                Side::Opponent => mover.other(),
            };
            if holds(player, outcome) {
                let winner = match outcome {
                    GoalOutcome::Wins => player,
                    GoalOutcome::Loses => player.other(),
                };
                return Verdict::Decided(Outcome::Win(winner));
            }
        }
        Verdict::Open
    }

    /// A cheap necessary condition of [`Engine::holds_after`]: false when
    /// the test plainly cannot hold.
    #[inline]
    fn may_hold(
        &self,
        test: &GoalTest,
        pos: &Position,
        player: PlayerId,
        gained: Option<CellSet>,
    ) -> bool {
        let own = pos.owned(player);
        match test {
            GoalTest::Chain { regions, .. } => {
                gained.is_none_or(|g| own.intersects(&g)) && touches_all(own, regions)
            }
            GoalTest::Network(net) => {
                own.intersects(&net.a) && own.intersects(&net.b) && own.len() as u32 >= net.min
            }
            GoalTest::AllIn { region } => own.is_subset(region),
            GoalTest::AllOff => own.is_empty(),
            GoalTest::AllConnected { .. } => !own.is_empty(),
            GoalTest::InRow { count, exact, .. } => {
                own.len() as u32 >= *count && (*exact || gained.is_none_or(|g| own.intersects(&g)))
            }
            GoalTest::PieceIn { region, .. } => own.intersects(region),
            GoalTest::EnemyAtMost { most, kind } => {
                // Stacks at most: no more than the pieces they hold.
                let enemy = player.other();
                pos.pieces(enemy, *kind).len() as u32 + in_reserve(pos, enemy, *kind) <= *most
            }
        }
    }

    /// Whether a goal test holds for a player; see [`Engine::decide`] for `gained`.
    /// (Kept out of `decide`: inlined there, Gomoku and J ran 2-3 % slower.)
    #[inline(never)]
    fn holds_after(
        &self,
        test: &GoalTest,
        pos: &Position,
        player: PlayerId,
        gained: Option<CellSet>,
        groups: &mut Option<(DirSet, CellSet)>,
    ) -> bool {
        let own = pos.owned(player);
        match test {
            GoalTest::Chain { regions, connect } => {
                let mut starts = match gained {
                    Some(cells) => own.inter(cells),
                    None => own.inter(regions[0]),
                };
                if starts.is_empty() || !touches_all(own, regions) {
                    return false;
                }
                if gained.is_some() {
                    // All groups through the filled cells at once, flooded
                    // once for every chain goal of the player: a chain
                    // needs them to reach both regions.
                    let reach = match groups {
                        Some((c, reach)) if c == connect => *reach,
                        _ => {
                            let reach = self.rules.board.flood_from(starts, own, *connect);
                            *groups = Some((*connect, reach));
                            reach
                        }
                    };
                    if !touches_all(reach, regions) {
                        return false;
                    }
                }
                while let Some(s) = starts.first() {
                    let group = self.rules.board.flood(s, own, *connect);
                    if touches_all(group, regions) {
                        return true;
                    }
                    starts = starts.minus(group);
                }
                false
            }
            GoalTest::Network(net) => self.network(pos, player, net),
            GoalTest::AllIn { region } => {
                !own.is_empty() && own.is_subset(region) && pos.reserve_total(player) == 0
            }
            GoalTest::AllOff => own.is_empty() && pos.reserve_total(player) == 0,
            GoalTest::AllConnected { connect } => {
                // A flood of the player's pieces: metered like a search.
                super::budget::charge(own.len() as u64)
                    && own
                        .first()
                        .is_some_and(|c| self.rules.board.flood(c, own, *connect) == own)
            }
            GoalTest::InRow {
                count,
                exact,
                lines,
            } => {
                // A longer row can only grow through a filled cell; a row of
                // exactly N can also appear where a piece was taken.
                let starts = match gained {
                    Some(cells) if !*exact => own.inter(cells),
                    _ => own,
                };
                self.row(own, starts, *count, *exact, *lines).is_some()
            }
            GoalTest::PieceIn { region, kind } => pos.pieces(player, *kind).intersects(region),
            GoalTest::EnemyAtMost { most, kind } => {
                // Pieces, not stacks: a stack counts by its height.
                let enemy = player.other();
                let on_board = match kind {
                    None => pos.on_board(enemy),
                    Some(_) => pos.pieces(enemy, *kind).iter().map(|c| pos.height(c)).sum(),
                };
                on_board + in_reserve(pos, enemy, *kind) <= *most
            }
        }
    }

    /// A row of `count` cells of `own` (exactly `count` when `exact`)
    /// through one of `starts`, along one of `lines` (each given with its
    /// opposite): the whole row, however long.
    fn row(
        &self,
        own: CellSet,
        starts: CellSet,
        count: u32,
        exact: bool,
        lines: DirSet,
    ) -> Option<CellSet> {
        let windows = self
            .row_windows
            .iter()
            .find(|w| (w.count, w.exact, w.lines) == (count, exact, lines));
        // Past `count` a length no longer matters unless the row must be exact.
        let most = if exact { usize::MAX } else { count as usize };
        // A start's windows are a few mask tests; a walk steps along each
        // line (charged as 8, a row of exactly N on 42 cells listed 15,309
        // moves in 13 ms and was refused as more than a second's work).
        let per_start = if windows.is_some() { 1 } else { 8 };
        for start in starts.iter() {
            // Each start measures its lines: metered, since a crowded board
            // checked after every way of a turn adds up.
            if !super::budget::charge(per_start) {
                return None;
            }
            if let Some(windows) = windows {
                if let Some(dir) = windows.row_through(u64::of(own), start) {
                    return Some(self.whole_row(own, start, dir));
                }
                continue;
            }
            for dir in each_line_once(lines) {
                let len = self.run_length(own, start, dir, most);
                if len == count || (!exact && len > count) {
                    return Some(self.whole_row(own, start, dir));
                }
            }
        }
        None
    }

    /// The run of `own` through `start` along `dir` and its opposite.
    fn whole_row(&self, own: CellSet, start: Cell, dir: Dir) -> CellSet {
        let board = &self.rules.board;
        let run = |dir: Dir| {
            board
                .ray(start, dir)
                .take_while(|n| own.contains(*n))
                .fold(CellSet::EMPTY, |cells, n| cells.union(CellSet::single(n)))
        };
        run(dir)
            .union(run(dir.opposite()))
            .union(CellSet::single(start))
    }

    /// How many cells of `own` the line through `start` along `dir` holds
    /// in a run with it (`start` counted as one), each way as far as
    /// `most`, by walking the neighbour table. (Boards of one word test
    /// [`RowWindows`] instead; on four words a step of a set costs more
    /// than walking the few cells of a run: grown, Gomoku ran at 0.74x.)
    fn run_length(&self, own: CellSet, start: Cell, dir: Dir, most: usize) -> u32 {
        let board = &self.rules.board;
        let length = |dir: Dir| {
            board
                .ray(start, dir)
                .take(most)
                .take_while(|n| own.contains(*n))
                .count() as u32
        };
        1 + length(dir) + length(dir.opposite())
    }

    /// A line-of-sight network from `a` to `b` of at least `min` pieces.
    fn network(&self, pos: &Position, player: PlayerId, net: &Network) -> bool {
        let own = pos.owned(player);
        // Quick refusals: a piece in each end zone, and enough pieces.
        if !own.intersects(&net.a) || !own.intersects(&net.b) || (own.len() as u32) < net.min {
            return false;
        }
        let search = NetworkSearch {
            engine: self,
            pos,
            own,
            net,
            found: std::cell::Cell::new(CellSet::EMPTY),
        };
        // Cheap first: can zone `b` be reached from zone `a` at all, along
        // lines of sight through pieces outside both zones?
        if !search.reachable() {
            return false;
        }
        own.inter(net.a)
            .iter()
            .any(|start| search.extend(start, None, CellSet::single(start), 1))
    }

    /// The cells that make goal `goal` hold in `pos`: the chain or the
    /// network, or the pieces a placement goal counts; empty when it does
    /// not hold. For a front end to show how a game was won.
    pub fn goal_cells(&self, pos: &Position, goal: usize) -> CellSet {
        let goal = &self.rules.goals[goal];
        let own = pos.owned(goal.player);
        let (cells, _) = super::budget::metered(super::WORK_PER_LISTING, || match &goal.test {
            GoalTest::Chain { regions, connect } => own
                .inter(regions[0])
                .iter()
                .map(|s| self.rules.board.flood(s, own, *connect))
                .find(|&group| touches_all(group, regions))
                .unwrap_or(CellSet::EMPTY),
            GoalTest::Network(net) => {
                let search = NetworkSearch {
                    engine: self,
                    pos,
                    own,
                    net,
                    found: std::cell::Cell::new(CellSet::EMPTY),
                };
                let held = own
                    .inter(net.a)
                    .iter()
                    .any(|start| search.extend(start, None, CellSet::single(start), 1));
                if held {
                    search.found.get()
                } else {
                    CellSet::EMPTY
                }
            }
            GoalTest::AllIn { .. } | GoalTest::AllConnected { .. } => own,
            GoalTest::AllOff | GoalTest::EnemyAtMost { .. } => CellSet::EMPTY,
            GoalTest::InRow {
                count,
                exact,
                lines,
            } => self
                .row(own, own, *count, *exact, *lines)
                .unwrap_or(CellSet::EMPTY),
            GoalTest::PieceIn { region, kind } => pos.pieces(goal.player, *kind).inter(*region),
        });
        cells
    }
}

struct NetworkSearch<'a> {
    engine: &'a Engine,
    pos: &'a Position,
    own: CellSet,
    net: &'a Network,
    /// The network found, once one is.
    found: std::cell::Cell<CellSet>,
}

impl NetworkSearch<'_> {
    /// Whether some piece in `b` is linked to a piece in `a`, ignoring the
    /// rules on turning and length: a necessary condition for a network.
    fn reachable(&self) -> bool {
        let inner = self.own.minus(self.net.a).minus(self.net.b);
        let mut seen = self.own.inter(self.net.a);
        let mut front = seen;
        while let Some(c) = front.first() {
            front.remove(c);
            for dir in self.net.lines.iter() {
                if let Some(next) = self.first_piece(c, dir)
                    && self.own.contains(next)
                    && !seen.contains(next)
                {
                    if self.net.b.contains(next) {
                        return true;
                    }
                    seen.insert(next);
                    if inner.contains(next) {
                        front.insert(next);
                    }
                }
            }
        }
        false
    }

    /// Extends a network that ends at `at`, reached along `came`; a network
    /// found is left in `found`.
    fn extend(&self, at: Cell, came: Option<Dir>, used: CellSet, len: u32) -> bool {
        // Out of work: the goal's check names the goal (see `decide`).
        if !super::budget::charge(1) {
            return false;
        }
        for dir in self.net.lines.iter() {
            // The network must turn at every piece but its ends.
            if came == Some(dir) {
                continue;
            }
            let Some(next) = self.first_piece(at, dir) else {
                continue;
            };
            if !self.own.contains(next) || used.contains(next) || self.net.a.contains(next) {
                continue;
            }
            if self.net.b.contains(next) {
                if len + 1 >= self.net.min {
                    self.found.set(used.union(CellSet::single(next)));
                    return true;
                }
                continue;
            }
            if self.extend(next, Some(dir), used.union(CellSet::single(next)), len + 1) {
                return true;
            }
        }
        false
    }

    /// The first piece along a ray, if any, before the edge or a hole.
    fn first_piece(&self, from: Cell, dir: Dir) -> Option<Cell> {
        self.engine
            .rules
            .board
            .first_along(from, dir, self.pos.occupied())
    }
}

/// The pieces `player` holds in reserve, of `kind` or of every kind.
fn in_reserve(pos: &Position, player: PlayerId, kind: Option<KindId>) -> u32 {
    kind.map_or(pos.reserve_total(player), |k| pos.reserve(player, k))
}

/// Whether `cells` has a cell in every region (a chain's regions).
fn touches_all(cells: CellSet, regions: &[CellSet]) -> bool {
    regions.iter().all(|r| cells.intersects(r))
}

#[cfg(test)]
mod tests {
    use super::super::Engine;
    use crate::check::Origin;
    use crate::load::check_source;
    use crate::rng::Rng;
    use crate::rules::{CellSet, GoalTest};

    /// The windows of a board of one word find a row where walking each
    /// line finds one, and only a row of the player's, on boards with holes and hexagons, for rows
    /// of at least and of exactly a length, through every owned cell.
    #[test]
    fn windows_find_the_rows_the_walk_finds() {
        let boards = [
            "board 8 x 8 without c3, f6",
            "board 7 x 6",
            "board 3 x 3",
            "board hexagon 4",
            "board 6 x 5 hex",
        ];
        let goals = [
            "3 in a row",
            "exactly 3 in a row",
            "4 in a row",
            "exactly 2 in a row along files",
        ];
        let mut rng = Rng::new(7);
        let mut found = 0;
        for board in boards {
            for goal in goals {
                let text = format!(
                    "{board}\nplayers A, B\nreserve 40 each\nmove place\ngoal each wins with {goal}\n"
                );
                let checked = check_source("rows.game", &text, Origin::Memory);
                let Some(rules) = checked.rules else {
                    continue;
                };
                let windowed = Engine::new(rules.clone());
                let mut walking = Engine::new(rules);
                walking.row_windows.clear();
                let GoalTest::InRow {
                    count,
                    exact,
                    lines,
                } = walking.rules.goals[0].test
                else {
                    panic!("{goal} is a row goal");
                };
                assert_eq!(windowed.row_windows.len(), 1, "{board}: {goal}");
                let cells = walking.rules.board.cells;
                for _ in 0..200 {
                    let mut own = CellSet::EMPTY;
                    for c in cells.iter() {
                        if rng.below(100) < 60 {
                            own.insert(c);
                        }
                    }
                    // A row is asked for through the player's own cells.
                    for start in own.iter() {
                        let starts = CellSet::single(start);
                        let walked = walking.row(own, starts, count, exact, lines);
                        let by_windows = windowed.row(own, starts, count, exact, lines);
                        let at = format!("{board}: {goal} {start:?} {own:?}");
                        assert_eq!(by_windows.is_some(), walked.is_some(), "{at}");
                        // Either may find another row through the cell first.
                        if let Some(row) = by_windows {
                            let long_enough = if exact {
                                row.len() == count as usize
                            } else {
                                row.len() >= count as usize
                            };
                            assert!(long_enough && row.contains(start) && row.is_subset(&own));
                            found += 1;
                        }
                    }
                }
            }
        }
        assert!(found > 1000, "{found}");
    }
}
