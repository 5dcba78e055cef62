//! Jump moves: a piece jumps over the pieces next to it onto the empty
//! cells beyond (or, by a leg `at any distance`, over the first piece down
//! a line onto any empty cell past it), perhaps many times in one move,
//! never over one piece twice; a piece jumped blocks until the move ends.
//!
//! Two routes find the same acts. The search walks every sequence of
//! jumps, remembering the pieces it has jumped; capturing jumps and flying
//! legs need it,
//! since different sequences to one end take different pieces. A chained
//! jump that captures nothing is named by its end alone, and a flood over
//! cell sets finds every end of one piece at once. The flood cannot tell
//! whether a piece was jumped twice, so a check on its result says when
//! that could have happened; only then does the search decide.
//!
//! Either way, a piece's ends are listed lowest cell first, so the routes
//! list the same moves in the same order. A piece with no empty cell it
//! may end on (on its jump lattice, where the flood knows it) is skipped.

use super::generate::{Listing, MAX_SETS, Way};
use super::moves::Act;
use super::{Engine, Position};
use crate::rules::{
    Action, Bitboard, Board, Cell, CellSet, Dir, JumpLeg, MoveRule, Owner, Part, PlayerId, Rules,
};

/// Jumps a move may chain before the search gives up, far beyond any real
/// game. On a board of at most this many cells no sequence the flood vouches
/// for is longer (see [`Flood`]).
const MAX_JUMPS: usize = 64;

/// The most layers (see [`Layers`]) a flood keeps; past that, the search.
const MAX_LAYERS: usize = 8;

/// A jump option's rule.
pub(super) struct Jump<'a> {
    pub option: &'a MoveRule,
    pub legs: &'a [JumpLeg],
    pub chained: bool,
    pub capturing: bool,
}

impl Engine {
    /// The acts of a jump option: the pieces that have a first jump, and
    /// for each the ends of its jump sequences (a group of them, unless
    /// `ordered`).
    pub(super) fn jumps<B: Bitboard>(
        &self,
        jump: &Jump,
        pos: &Position,
        base: &Act,
        out: &mut Listing,
    ) {
        let player = pos.to_move();
        let mut over = [B::NONE; 8];
        for (l, leg) in jump.legs.iter().enumerate() {
            over[l] = B::of(match leg.over {
                Owner::Friend => pos.owned(player),
                Owner::Enemy => pos.owned(player.other()),
                // Neutral pieces are not jumped.
                Owner::Any => pos.player_pieces(),
            });
        }
        let board = &self.rules.board;
        let empty = B::of(board.cells.minus(pos.occupied()));
        // The pieces with a first jump at all: one step back from a piece
        // they may jump that has an empty cell beyond.
        let mut starts = B::NONE;
        if jump.legs.iter().any(|leg| leg.any_distance) {
            // A flying jump may start far from the piece it jumps.
            starts = B::of(board.cells);
        }
        for (l, leg) in jump.legs.iter().enumerate() {
            for dir in leg.dirs[player].iter() {
                let back = dir.opposite();
                starts = starts.or(empty.step(board, back).and(over[l]).step(board, back));
            }
        }
        let flood = self.floods[base.part as usize][base.option as usize][player].as_ref();
        #[cfg(test)]
        let flood = flood.filter(|_| !tests::SEARCH_ONLY.get());
        let mut roots = B::of(self.movable(jump.option, pos, player)).and(starts);
        while let Some(from) = roots.pop() {
            let (mut free, mut over) = (empty, over);
            // The mover's own cell is empty once its only piece has left:
            // a jump may land there, and cannot pass over it.
            if pos.height(from) == 1 {
                free = free.or(B::cell(from));
                for set in &mut over[..jump.legs.len()] {
                    *set = set.and_not(B::cell(from));
                }
            }
            // A jump ends on an empty cell: with none it may end on, the
            // piece has no jump move (late in a race, often).
            let mut wanted = B::of(self.end_cells(jump.option, player, from)).and(empty);
            if let Some(flood) = flood {
                wanted = wanted.and(B::of(flood.lattice[from.index()].to_set()));
            }
            if wanted.is_none() {
                continue;
            }
            // The flood's ends, and those of them in doubt (all, unflooded).
            let (flooded, doubt) = match flood {
                Some(flood) => {
                    // On a board of one word, `B` is that word.
                    let word = |set: B| u64::of(set.to_set());
                    let (ends, doubt) = flood.ends(from, &over.map(word), word(free), word(wanted));
                    (B::of(ends.to_set()), B::of(doubt.to_set()))
                }
                None => (B::NONE, B::of(board.cells)),
            };
            let ends = if doubt.is_none() {
                flooded
            } else {
                let mut jumper = Jumper {
                    jump,
                    player,
                    over,
                    free,
                    enemy: pos.owned(player.other()),
                    counts: [0; 8],
                    ends: B::NONE,
                    doubt,
                    from,
                    base: base.leaving(from),
                    stop: B::of(self.promotion_stops(pos, player, from)),
                    first: out.ways.len(),
                    acts: out.ways,
                    captures: out.sets,
                    engine: self,
                };
                jumper.search(from, B::NONE, 0);
                if jumper.doubt.is_none() {
                    flooded
                } else {
                    jumper.ends.and(wanted)
                }
            };
            if !ends.is_none() {
                out.push_dests(base.leaving(from), ends.to_set());
            }
        }
    }
}

/// `[part][option][player]`: the flood of each chained jump that captures
/// nothing, on a board of one word (made once, with the engine).
pub(super) type Floods = Vec<Vec<[Option<Flood>; 2]>>;

pub(super) fn floods(rules: &Rules) -> Floods {
    let fits = rules.board.size() <= MAX_JUMPS;
    let flood = |option: &MoveRule, player| match &option.action {
        // The flood knows nothing of where a chain must go on or stop.
        Action::Jump {
            legs,
            chained: true,
            capturing: false,
        } if fits
            && !option.must_continue
            && !rules.promotions.iter().any(|p| p.ends_move)
            && !legs.iter().any(|leg| leg.any_distance) =>
        {
            Flood::new(&rules.board, legs, player)
        }
        Action::Place { .. }
        | Action::Enter { .. }
        | Action::Relocate { .. }
        | Action::Step { .. }
        | Action::Slide { .. }
        | Action::Jump { .. }
        | Action::BearOff { .. }
        | Action::Return { .. } => None,
    };
    let part = |part: &Part| {
        part.options
            .iter()
            .map(|o| PlayerId::BOTH.map(|p| flood(o, p)))
            .collect()
    };
    rules.parts.iter().map(part).collect()
}

/// The flood's layers, one for each combination of how often each leg
/// with an `at most` has been used so far, numbered in mixed radix: a jump
/// by such a leg leads from a layer to a higher one, the others stay in it.
struct Layers {
    count: usize,
    /// The legs without an `at most`, as bits.
    unlimited: u8,
    /// `[layer]`: the limited legs that may still jump from it, as bits.
    may_go_up: [u8; MAX_LAYERS],
    /// `[leg]`: how far a jump by a limited leg moves up the layers.
    stride: [usize; 8],
}

impl Layers {
    /// `None` when the legs' limits need more than `MAX_LAYERS` layers.
    fn of(legs: &[JumpLeg]) -> Option<Layers> {
        let mut layers = Layers {
            count: 1,
            unlimited: 0,
            may_go_up: [0; MAX_LAYERS],
            stride: [0; 8],
        };
        for (l, leg) in legs.iter().enumerate() {
            let Some(limit) = leg.at_most else {
                layers.unlimited |= 1 << l;
                continue;
            };
            layers.stride[l] = layers.count;
            layers.count = layers.count.checked_mul(limit as usize + 1)?;
            if layers.count > MAX_LAYERS {
                return None;
            }
        }
        for (l, leg) in legs.iter().enumerate() {
            if let Some(limit) = leg.at_most {
                for k in 0..layers.count {
                    if (k / layers.stride[l]) as u32 % (limit + 1) < limit {
                        layers.may_go_up[k] |= 1 << l;
                    }
                }
            }
        }
        Some(layers)
    }
}

/// A chained jump that captures nothing, flooded on a board of one word.
///
/// The flood ignores which pieces were jumped. Its ends are still right
/// unless some piece has usable jumps along two lines: a shortest way to
/// an end visits no cell twice, and a way that visits no cell twice jumps
/// a piece twice only along two lines (jumping back along the same line
/// returns to a cell). Such a way is at most one jump shorter than the
/// board has cells, so on a board of at most `MAX_JUMPS` cells the search's
/// limit cuts none.
pub(super) struct Flood {
    layers: Layers,
    /// `[leg]`: its directions, each as the cells a jump that way may
    /// start from (both steps stay on the board) and the rotation of one
    /// step. A rotation is the shift, since no start cell's bit crosses the
    /// word's ends. Unused entries start nowhere, so a leg's first four
    /// are jumped in a row, without a loop.
    dirs: [[(u64, u32); 8]; 8],
    /// `[leg]`: it has more than four directions.
    wide: [bool; 8],
    /// `[leg]`: the lines (see `LINES`) its directions lie on, as bits.
    lines_of: [u8; 8],
    /// `[line]`: a step each way along it, as `dirs` has them.
    line_steps: [[(u64, u32); 2]; 4],
    /// The legs used at most once, as bits.
    once: u8,
    legs: usize,
    /// `[cell]`: the cells some jumps from it could reach were every other
    /// cell a piece to jump and every landing empty (jumps keep a piece on
    /// its colour, say).
    lattice: Vec<u64>,
}

/// One direction of each line through a cell.
const LINES: [Dir; 4] = [Dir::Up, Dir::UpRight, Dir::Right, Dir::DownRight];

impl Flood {
    fn new(board: &Board, legs: &[JumpLeg], player: PlayerId) -> Option<Flood> {
        let step = |dir: Dir| {
            (
                u64::of(board.step_from(dir)),
                board.step_shift(dir) as u32 & 63,
            )
        };
        let mut flood = Flood {
            layers: Layers::of(legs)?,
            dirs: [[(0, 0); 8]; 8],
            wide: [false; 8],
            lines_of: [0; 8],
            line_steps: LINES.map(|line| [step(line), step(line.opposite())]),
            once: 0,
            legs: legs.len(),
            lattice: Vec::new(),
        };
        for (l, leg) in legs.iter().enumerate() {
            for (i, jump) in leg.steps[player].iter().enumerate() {
                flood.dirs[l][i] = (u64::of(jump.from), jump.shift as u32 & 63);
            }
            flood.wide[l] = leg.steps[player].len() > 4;
            for (i, line) in LINES.iter().enumerate() {
                let dirs = leg.dirs[player];
                if dirs.contains(*line) || dirs.contains(line.opposite()) {
                    flood.lines_of[l] |= 1 << i;
                }
            }
            if leg.at_most == Some(1) {
                flood.once |= 1 << l;
            }
        }
        flood.lattice = (0..board.size())
            .map(|c| {
                let mut seen = 1u64 << c;
                loop {
                    let next =
                        (0..legs.len()).fold(seen, |next, l| next | flood.lands(seen, l, !0));
                    if next == seen {
                        return seen & !(1 << c);
                    }
                    seen = next;
                }
            })
            .collect();
        Some(flood)
    }

    /// The `wanted` cells a jump from `from` may end on, ignoring which
    /// pieces were jumped, and those of them in doubt: a piece might have
    /// been jumped twice on the way to them, and the search must decide.
    fn ends(&self, from: Cell, over: &[u64; 8], free: u64, wanted: u64) -> (u64, u64) {
        let reached = self.reach(from, over, free);
        let ends = reached & wanted;
        if ends == 0 {
            return (0, 0);
        }
        let twice = self.jumpable_twice(reached, over);
        if twice == 0 {
            #[cfg(test)]
            tests::took(tests::Route::Flood);
            return (ends, 0);
        }
        // Without the pieces that might be jumped twice, none can be, so
        // what that flood reaches is sure; the rest is in doubt.
        let sure = self.reach(from, &over.map(|o| o & !twice), free);
        let doubt = ends & !sure;
        #[cfg(test)]
        tests::took(if doubt == 0 {
            tests::Route::Sure
        } else {
            tests::Route::Search
        });
        (ends, doubt)
    }

    /// Every cell some sequence of jumps reaches, ignoring which pieces
    /// it jumped: layer by layer, the unlimited legs until nothing is new,
    /// then each limited leg that may once more, into a higher layer.
    fn reach(&self, from: Cell, over: &[u64; 8], free: u64) -> u64 {
        let mut layers = [0u64; MAX_LAYERS];
        layers[0] = 1 << from.index();
        let mut all = 0;
        for k in 0..self.layers.count {
            let mut reached = layers[k];
            if reached == 0 {
                continue;
            }
            let mut new = reached;
            loop {
                let mut next = 0;
                let mut legs = self.layers.unlimited;
                while legs != 0 {
                    let l = legs.trailing_zeros() as usize;
                    legs &= legs - 1;
                    next |= self.lands(new, l, over[l]);
                }
                new = next & free & !reached;
                if new == 0 {
                    break;
                }
                reached |= new;
            }
            all |= reached;
            let mut legs = self.layers.may_go_up[k];
            while legs != 0 {
                let l = legs.trailing_zeros() as usize;
                legs &= legs - 1;
                layers[k + self.layers.stride[l]] |= self.lands(reached, l, over[l]) & free;
            }
        }
        all
    }

    /// Where one jump by leg `l` over `over` from each of `cells` lands,
    /// empty or not.
    #[inline]
    fn lands(&self, cells: u64, l: usize, over: u64) -> u64 {
        let jump =
            |&(from, by): &(u64, u32)| ((cells & from).rotate_left(by) & over).rotate_left(by);
        let dirs = &self.dirs[l];
        let mut lands = jump(&dirs[0]) | jump(&dirs[1]) | jump(&dirs[2]) | jump(&dirs[3]);
        if self.wide[l] {
            lands |= jump(&dirs[4]) | jump(&dirs[5]) | jump(&dirs[6]) | jump(&dirs[7]);
        }
        lands
    }

    /// The pieces that some leg could jump along two lines, or two legs
    /// could, among the cells `reached`: a jump along a line over a piece
    /// lands on the line's other side, so a usable one has both sides of
    /// the piece reached.
    fn jumpable_twice(&self, reached: u64, over: &[u64; 8]) -> u64 {
        let sides = self.line_steps.map(|[(a, by_a), (b, by_b)]| {
            (reached & a).rotate_left(by_a) & (reached & b).rotate_left(by_b)
        });
        let (mut twice, mut seen) = (0, 0);
        for (l, &over) in over.iter().enumerate().take(self.legs) {
            let (mut on_a_line, mut on_two_lines) = (0, 0);
            let mut lines = self.lines_of[l];
            while lines != 0 {
                let i = lines.trailing_zeros() as usize;
                lines &= lines - 1;
                let jumpable = sides[i] & over;
                on_two_lines |= on_a_line & jumpable;
                on_a_line |= jumpable;
            }
            // A leg used at most once cannot jump one piece twice by itself.
            if self.once >> l & 1 == 0 {
                twice |= on_two_lines;
            }
            twice |= seen & on_a_line;
            seen |= on_a_line;
        }
        twice
    }
}

/// The depth-first search of a jump move, over cell sets of type `B`.
struct Jumper<'a, B> {
    engine: &'a Engine,
    jump: &'a Jump<'a>,
    player: PlayerId,
    /// Per leg, the pieces it may jump.
    over: [B; 8],
    /// The cells a jump may land on.
    free: B,
    enemy: CellSet,
    /// Jumps made so far with each leg.
    counts: [u32; 8],
    /// Where a non-capturing jump may end, the start included: its acts
    /// are pushed afterwards, since paths to one end merge.
    ends: B,
    /// The ends still to find: once none is left, the search stops.
    doubt: B,
    /// The cell the jumping piece leaves...
    from: Cell,
    /// ...and its act, to be given each landing.
    base: Act,
    /// Where a chain stops: a promotion that ends the move.
    stop: B,
    /// Where this piece's captures start in `acts`: only they can repeat
    /// one found again by another path.
    first: usize,
    acts: &'a mut Vec<Way>,
    captures: &'a mut Vec<CellSet>,
}

impl<B: Bitboard> Jumper<'_, B> {
    /// Walks every jump from `at`; whether there was one.
    fn search(&mut self, at: Cell, jumped: B, depth: usize) -> bool {
        if depth >= MAX_JUMPS || self.doubt.is_none() {
            return false;
        }
        if !super::budget::charge(1) {
            let board = &self.engine.rules.board;
            super::budget::blame(|| {
                format!(
                    "listing the jumps of {} by `{}`",
                    board.cell_name(self.from),
                    self.jump.option.text
                )
            });
            self.doubt = B::NONE;
            return false;
        }

        let (player, i) = (self.player, at.index());
        let legs = self.jump.legs;
        let mut any = false;
        for (l, leg) in legs.iter().enumerate() {
            if leg.at_most.is_some_and(|m| self.counts[l] >= m) {
                continue;
            }
            if leg.any_distance {
                // Along each direction past empty cells to the first
                // piece, then any empty cell beyond it before the next:
                // a piece jumped stays until the move ends, and blocks.
                let (engine, free) = (self.engine, self.free);
                for dir in leg.dirs[player].iter() {
                    let mut ray = engine.rules.board.ray(at, dir);
                    let Some(over) = ray.by_ref().find(|c| !free.has(*c)) else {
                        continue;
                    };
                    if !self.over[l].and_not(jumped).has(over) {
                        continue;
                    }
                    for land in ray.take_while(|c| free.has(*c)) {
                        any = true;
                        self.jump_to(l, over, land, jumped, depth);
                    }
                }
                continue;
            }
            // Free cells two steps away, and jumpable pieces one step away:
            // only those pieces are tried, not every direction.
            let lands = B::of(leg.far[player][i]).and(self.free);
            if lands.is_none() {
                continue;
            }
            let mut overs = B::of(leg.near[player][i]).and(self.over[l]).and_not(jumped);
            while let Some(over) = overs.pop() {
                // Beyond `over` from `at`: if that is two steps along a
                // direction of the leg, `over` is one step along it.
                let Some(land) = over.offset(over.index() as i32 - at.index() as i32) else {
                    continue;
                };
                if !lands.has(land) {
                    continue;
                }
                any = true;
                self.jump_to(l, over, land, jumped, depth);
            }
        }
        any
    }

    /// One jump by leg `l` over `over` onto `land`, with `jumped` jumped
    /// before it: an end, and the chain's jumps from there.
    fn jump_to(&mut self, l: usize, over: Cell, land: Cell, jumped: B, depth: usize) {
        let must_continue = self.jump.option.must_continue;
        let now = jumped.or(B::cell(over));
        let goes_on = self.jump.chained && !self.stop.has(land);
        if !must_continue || !goes_on {
            self.found(land, now.to_set());
        }
        if goes_on {
            self.counts[l] += 1;
            let went_on = self.search(land, now, depth + 1);
            self.counts[l] -= 1;
            // `must continue`: an end only where no jump goes on.
            if must_continue && !went_on {
                self.found(land, now.to_set());
            }
        }
    }

    fn found(&mut self, land: Cell, jumped: CellSet) {
        if !self.jump.capturing {
            // Filtered by the caller.
            self.ends = self.ends.or(B::cell(land));
            self.doubt = self.doubt.and_not(B::cell(land));
            return;
        }
        let (player, from) = (self.player, self.from);
        // Different captures to one end are different moves. A chain that
        // comes back to its cell is a move only if it took something (a
        // draughts king's round of captures).
        let captured = jumped.inter(self.enemy);
        if land == from && captured.is_empty()
            || !self.engine.ends_well(self.jump.option, player, from, land)
        {
            return;
        }
        let act = self.base.landing(land);
        // Comparing with this piece's captures so far is work too.
        let own = &self.acts[self.first..];
        if !super::budget::charge(1 + own.len() as u64 / 32) {
            super::budget::blame(|| format!("listing the captures of `{}`", self.jump.option.text));
            self.doubt = B::NONE;
            return;
        }
        // The chains to this end that take other pieces, found before: as
        // many as this capture's number.
        let mut others = 0;
        for w in own {
            if w.act.taking(0) == act {
                if w.captured(self.captures) == captured {
                    return;
                }
                others += 1;
            }
        }
        let act = act.taking(others);
        // A capture set is numbered within a way: past that many, the
        // listing stops rather than leave moves out.
        if self.captures.len() >= MAX_SETS {
            super::budget::stop(super::budget::Overrun::Captures { limit: MAX_SETS });
            self.doubt = B::NONE;
            return;
        }
        self.captures.push(captured);
        self.acts.push(Way::capturing(act, self.captures.len() - 1));
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::super::Successors;
    use super::super::generate::{Listing, Way};
    use crate::check::Origin;
    use crate::engine::Earlier;
    use crate::engine::Engine;
    use crate::load::{check_game, check_source};
    use crate::rng::Rng;
    use crate::rules::Action;

    thread_local! {
        /// Every jump by the search, to compare the flood against.
        pub static SEARCH_ONLY: Cell<bool> = const { Cell::new(false) };
        /// How often each route of `Flood::ends` decided.
        static ROUTES: Cell<[usize; 3]> = const { Cell::new([0; 3]) };
    }

    #[derive(Clone, Copy)]
    pub(crate) enum Route {
        /// The flood alone.
        Flood,
        /// A second flood without the pieces that might be jumped twice.
        Sure,
        /// Still in doubt: the search.
        Search,
    }

    pub(crate) fn took(route: Route) {
        ROUTES.with(|r| {
            let mut counts = r.get();
            counts[route as usize] += 1;
            r.set(counts);
        });
    }

    /// Chained jumps of every shape the flood takes: legs limited and
    /// not, over friends, enemies or any piece, directions only forward,
    /// holes, and limits needing every layer.
    const GAMES: &[&str] = &[
        "game \"Forward hops\"
         board 7 x 7 without d4, b6
         players White, Black
         pieces stone
         setup
           White on ranks 1..2
           Black on ranks 6..7
         region home for White = ranks 6..7
         region home for Black = ranks 1..2
         move step forward, forward-diagonal onto empty
         move jump over any forward, forward-diagonal, chained
         goal each wins with all pieces in home",
        "game \"Layered hops\"
         board 8 x 8
         players White, Black
         pieces stone
         setup
           White on b1, d1, f1, h1, a2, c2, e2, g2, b3, d3, f3, h3
           Black on a6, c6, e6, g6, b7, d7, f7, h7, a8, c8, e8, g8
         region home for White = ranks 7..8
         region home for Black = ranks 1..2
         move step any onto empty
         move jump over friend any at most 3 times, over enemy orthogonal at most once,
           chained, ending in home
         move jump over enemy diagonal at most twice, over friend orthogonal, chained
         goal each wins with all pieces in home
         draw on repetition 3",
    ];

    fn jump_moves(
        engine: &Engine,
        pos: &super::Position,
    ) -> Vec<(u8, crate::rules::Cell, crate::rules::Cell)> {
        let mut moves = Vec::new();
        for (i, option) in engine.rules.parts[0].options.iter().enumerate() {
            if !matches!(option.action, Action::Jump { .. }) {
                continue;
            }
            let (mut acts, mut sets): (Vec<Way>, _) = (Vec::new(), Vec::new());
            let out = &mut Listing {
                ways: &mut acts,
                sets: &mut sets,
                ordered: true,
            };
            engine.acts_of((0, i), option, pos, Earlier::default(), out);
            moves.extend(
                acts.iter()
                    .map(|w| (i as u8, w.act.origin().unwrap_or_default(), w.act.cell())),
            );
        }
        moves
    }

    #[test]
    fn the_flood_finds_the_moves_the_search_finds() {
        let mut engines: Vec<Engine> = GAMES
            .iter()
            .map(|text| {
                // The lines as written here, less the indent of the second.
                let indent = text
                    .lines()
                    .nth(1)
                    .map_or(0, |l| l.len() - l.trim_start().len());
                let lines = text.lines().map(|l| {
                    let lead = l.len() - l.trim_start().len();
                    &l[lead.min(indent)..]
                });
                let text = lines.collect::<Vec<_>>().join("\n");
                let checked = check_source("test.game", &text, Origin::Memory);
                assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
                Engine::new(checked.rules.unwrap())
            })
            .collect();
        for name in ["incorrect-checkers", "tests/games/hoppers.game"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
            let arg = if path.exists() {
                path.display().to_string()
            } else {
                name.into()
            };
            engines.push(Engine::new(check_game(&arg).unwrap().rules.unwrap()));
        }
        ROUTES.set([0; 3]);
        let mut scratch = Successors::default();
        let mut positions = 0;
        for engine in &engines {
            for seed in 0..30 {
                let mut rng = Rng::new(seed);
                let mut pos = engine.start();
                for _ in 0..150 {
                    SEARCH_ONLY.set(false);
                    let flooded = jump_moves(engine, &pos);
                    SEARCH_ONLY.set(true);
                    let searched = jump_moves(engine, &pos);
                    SEARCH_ONLY.set(false);
                    assert_eq!(flooded, searched, "seed {seed}");
                    positions += 1;
                    if engine
                        .play_random(&mut pos, &mut rng, &mut scratch)
                        .is_some()
                    {
                        break;
                    }
                }
            }
        }
        // Every route decided somewhere, so each was compared.
        let [flood, sure, search] = ROUTES.get();
        assert!(
            flood > 1000 && sure > 20 && search > 20,
            "{positions} positions: {flood} {sure} {search}"
        );
    }
}
