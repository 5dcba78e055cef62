//! The figures of an analysis, derived from its counts alone: the same
//! counts always give the same figures, to the last digit, which is what
//! lets merged slices print exactly what the whole run prints.

use serde::{Deserialize, Serialize};

use super::Counts;
use crate::ai::Rate;

/// What a designer reads of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// How games end.
    pub outcomes: Outcomes,
    /// How long they last.
    pub length: Length,
    /// How many moves there are to choose from.
    pub branching: Branching,
    /// The share of the board's cells a game's moves land on, on average.
    pub board_used: f64,
    /// Each rung's score against the rung below it (wins, with drawn and
    /// unfinished games as halves), the lowest pair first.
    pub skill: Vec<Rate>,
}

/// How games end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcomes {
    /// The share of games each player won.
    pub wins: [Rate; 2],
    /// The share drawn by the rules.
    pub draws: Rate,
    /// The share stopped by the ply cap or a listing.
    pub unfinished: Rate,
    /// The player who moves first.
    pub first: usize,
    /// The first player's score: wins, with draws and unfinished games as
    /// halves.
    pub first_player: Rate,
    /// The player the game favours, when the first player's score is
    /// clearly more than a point away from one half: its 95 % interval
    /// lies wholly above 51 % or below 49 %.
    pub favours: Option<usize>,
    /// What the first player's score says of the game's balance.
    #[serde(default)]
    pub balance: Balance,
}

/// What the first player's score says of a game's balance, for a
/// designer: an edge, an even game (and how even), or too few games to
/// tell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Balance {
    /// The score's 95 % interval lies wholly above 51 % (the first player
    /// is favoured) or below 49 % (the second is): the player's index.
    Favours(usize),
    /// The interval lies wholly within this many points of 50 % (1 to
    /// [`EVEN_WITHIN`]).
    Even(u32),
    /// Games ended, but none was won: every one that ended was drawn.
    NoneWon,
    /// No game ended: each was stopped unfinished.
    NoneEnded,
    /// The interval is too wide to tell an edge from an even game: more
    /// games would.
    #[default]
    Unclear,
}

/// How long games last, in moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Length {
    /// The mean.
    pub mean: f64,
    /// The standard deviation.
    pub spread: f64,
    /// The shortest game.
    pub min: u32,
    /// The length a quarter of the games are no longer than (nearest rank).
    pub quartile_1: u32,
    /// The median.
    pub median: f64,
    /// The length three quarters of the games are no longer than.
    pub quartile_3: u32,
    /// The longest game.
    pub max: u32,
    /// At most twenty bins of equal width from the shortest game to the
    /// longest.
    pub histogram: Vec<Bin>,
}

/// The games whose lengths fall from `from` to `to` moves, both included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bin {
    /// The shortest length in the bin.
    pub from: u32,
    /// The longest.
    pub to: u32,
    /// How many games.
    pub games: u64,
}

/// How many moves there are to choose from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Branching {
    /// Legal moves per decision, on average over every decision.
    pub mean: f64,
    /// The same, over the decisions of each tenth of the games (`None`
    /// where no game had a decision).
    pub by_tenth: Vec<Option<f64>>,
    /// The share of decisions with a single legal move.
    pub forced: f64,
}

/// How far from one half the first player's score may be and still count
/// as even: a real edge this small (Forms under random play has one of
/// about half a point) is not worth a designer's worry, and it keeps a
/// fair game from being called unbalanced by chance more rarely than the
/// 5 % of the interval alone.
const EVEN: f64 = 0.01;

/// The most points from one half a game's balance may be known to lie
/// within and be called even: an edge of five points under random play is
/// one designers act on (Network's equalized order answers one of four).
pub const EVEN_WITHIN: u32 = 5;

/// The most bins a length histogram has.
const BINS: u32 = 20;

impl Figures {
    /// The figures of `counts`, in a game where player `first` moves first.
    pub fn of(counts: &Counts, first: crate::rules::PlayerId) -> Figures {
        let first = first.index();
        let games = counts.games as usize;
        let rate = |n: u64| Rate::of(n as f64, games);
        let score = counts.wins[first] as f64 + (counts.draws + counts.unfinished) as f64 / 2.0;
        let first_player = Rate::of(score, games);
        let favours = if games == 0 {
            None
        } else if first_player.low > 0.5 + EVEN {
            Some(first)
        } else if first_player.high < 0.5 - EVEN {
            Some(1 - first)
        } else {
            None
        };
        let farthest = (first_player.low - 0.5)
            .abs()
            .max((first_player.high - 0.5).abs());
        // Rounded up to whole points, a hair's rounding error forgiven.
        let within = (farthest * 100.0 - 1e-9).ceil().max(1.0);
        let balance = match favours {
            _ if games == 0 => Balance::Unclear,
            _ if counts.wins == [0, 0] && counts.draws == 0 => Balance::NoneEnded,
            _ if counts.wins == [0, 0] => Balance::NoneWon,
            Some(p) => Balance::Favours(p),
            None if within <= f64::from(EVEN_WITHIN) => Balance::Even(within as u32),
            None => Balance::Unclear,
        };
        let cells = counts.landings.len() as f64;
        Figures {
            outcomes: Outcomes {
                wins: [rate(counts.wins[0]), rate(counts.wins[1])],
                draws: rate(counts.draws),
                unfinished: rate(counts.unfinished),
                first,
                first_player,
                favours,
                balance,
            },
            length: Length::of(counts),
            branching: Branching {
                mean: ratio(counts.choices, counts.decisions),
                by_tenth: (0..10)
                    .map(|t| {
                        (counts.decisions_by_tenth[t] > 0).then(|| {
                            ratio(counts.choices_by_tenth[t], counts.decisions_by_tenth[t])
                        })
                    })
                    .collect(),
                forced: ratio(counts.forced, counts.decisions),
            },
            board_used: if cells > 0.0 && games > 0 {
                counts.cells_used as f64 / (cells * games as f64)
            } else {
                0.0
            },
            skill: counts
                .ladder
                .iter()
                .map(|s| Rate::of(s.stronger as f64 + s.drawn as f64 / 2.0, s.games as usize))
                .collect(),
        }
    }
}

/// `a / b`, or 0 when there is nothing to divide.
fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

impl Length {
    fn of(counts: &Counts) -> Length {
        // Lengths no game had are left out (a file given to `merge` may list them).
        let lengths: std::collections::BTreeMap<u32, u64> = counts
            .lengths
            .iter()
            .filter(|&(_, &n)| n > 0)
            .map(|(&l, &n)| (l, n))
            .collect();
        let lengths = &lengths;
        let games: u64 = lengths.values().fold(0, |a, &n| a.saturating_add(n));
        let (Some((&min, _)), Some((&max, _))) =
            (lengths.first_key_value(), lengths.last_key_value())
        else {
            return Length {
                mean: 0.0,
                spread: 0.0,
                min: 0,
                quartile_1: 0,
                median: 0.0,
                quartile_3: 0,
                max: 0,
                histogram: Vec::new(),
            };
        };
        let n = games as f64;
        let sum: f64 = lengths.iter().map(|(&l, &c)| l as f64 * c as f64).sum();
        let mean = sum / n;
        let squares: f64 = lengths
            .iter()
            .map(|(&l, &c)| (l as f64 - mean).powi(2) * c as f64)
            .sum();
        // The length of the game of this rank (from 0) in sorted order.
        let at = |rank: u64| {
            let mut seen: u64 = 0;
            for (&l, &c) in lengths {
                seen = seen.saturating_add(c);
                if rank < seen {
                    return l;
                }
            }
            max
        };
        // Quartiles by the nearest rank; the median halfway between the two
        // middle games when there is an even number.
        let nearest = |p: f64| at(((p * n).ceil() as u64).max(1) - 1);
        let median = f64::midpoint(at((games - 1) / 2) as f64, at(games / 2) as f64);
        let width = (max - min) / BINS + 1;
        let mut histogram: Vec<Bin> = Vec::new();
        let mut from = min;
        while from <= max {
            let to = from.saturating_add(width - 1).min(max);
            let games = lengths
                .range(from..=to)
                .fold(0u64, |a, (_, &c)| a.saturating_add(c));
            histogram.push(Bin { from, to, games });
            match to.checked_add(1) {
                Some(next) => from = next,
                None => break,
            }
        }
        Length {
            mean,
            spread: (squares / n).sqrt(),
            min,
            quartile_1: nearest(0.25),
            median,
            quartile_3: nearest(0.75),
            max,
            histogram,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Balance, Counts, Figures};
    use crate::rules::PlayerId;

    #[test]
    fn lengths_give_their_median_quartiles_and_bins() {
        let mut counts = Counts::empty(4, 0);
        for (plies, n) in [(10, 1), (11, 2), (14, 1), (50, 1)] {
            counts.lengths.insert(plies, n);
        }
        counts.games = 5;
        let f = Figures::of(&counts, PlayerId::new(0));
        assert!((f.length.median - 11.0).abs() < 1e-12);
        assert_eq!((f.length.min, f.length.max), (10, 50));
        assert_eq!((f.length.quartile_1, f.length.quartile_3), (11, 14));
        assert!((f.length.mean - 19.2).abs() < 1e-12);
        let binned: u64 = f.length.histogram.iter().map(|b| b.games).sum();
        assert_eq!(binned, 5);
        assert!(f.length.histogram.len() <= 20);
        assert_eq!(f.length.histogram[0].from, 10);
        assert_eq!(f.length.histogram.last().map(|b| b.to), Some(50));
    }

    #[test]
    fn a_clear_first_player_edge_is_reported_and_an_even_one_is_not() {
        let mut counts = Counts::empty(4, 0);
        counts.games = 400;
        counts.wins = [200, 200];
        assert_eq!(
            Figures::of(&counts, PlayerId::new(0)).outcomes.favours,
            None
        );
        // 55 % of 400: the interval (50.1-59.8) leaves out 50 % but not 51 %.
        counts.wins = [220, 180];
        assert_eq!(
            Figures::of(&counts, PlayerId::new(0)).outcomes.favours,
            None
        );
        counts.wins = [260, 140];
        assert_eq!(
            Figures::of(&counts, PlayerId::new(0)).outcomes.favours,
            Some(0)
        );
        counts.wins = [150, 250];
        assert_eq!(
            Figures::of(&counts, PlayerId::new(0)).outcomes.favours,
            Some(1)
        );
        // What the balance row says: an edge, how even, or too few games.
        let balance = |wins: [u64; 2], draws: u64, games: u64| {
            let mut counts = Counts::empty(4, 0);
            (counts.games, counts.wins, counts.draws) = (games, wins, draws);
            counts.unfinished = games - wins[0] - wins[1] - draws;
            Figures::of(&counts, PlayerId::new(0)).outcomes.balance
        };
        assert_eq!(balance([260, 140], 0, 400), Balance::Favours(0));
        assert_eq!(balance([200, 200], 0, 400), Balance::Even(5));
        assert_eq!(balance([2000, 2000], 0, 4000), Balance::Even(2));
        // 55 % of 400 (50.1-59.8) and 57.5 % of 200 (50.6-64.1): unclear.
        assert_eq!(balance([220, 180], 0, 400), Balance::Unclear);
        assert_eq!(balance([115, 85], 0, 200), Balance::Unclear);
        assert_eq!(balance([0, 0], 100, 100), Balance::NoneWon);
        assert_eq!(balance([0, 0], 30, 100), Balance::NoneWon);
        assert_eq!(balance([0, 0], 0, 100), Balance::NoneEnded);
        // When the second player of the list moves first, its wins are the first player's.
        assert_eq!(
            Figures::of(&counts, PlayerId::new(1)).outcomes.favours,
            Some(1)
        );
        assert!(
            (Figures::of(&counts, PlayerId::new(1))
                .outcomes
                .first_player
                .value
                - 0.625)
                .abs()
                < 1e-12
        );
    }

    proptest::proptest! {
        /// Counts read from any file give figures without a panic, and
        /// with no NaN (which JSON cannot hold).
        #[test]
        fn any_counts_give_figures(
            games in proptest::prelude::any::<u64>(),
            wins in proptest::prelude::any::<[u64; 2]>(),
            draws in proptest::prelude::any::<u64>(),
            lengths in proptest::collection::btree_map(
                proptest::prelude::any::<u32>(), proptest::prelude::any::<u64>(), 0..30),
            decisions in proptest::prelude::any::<[u64; 10]>(),
            landings in proptest::collection::vec(proptest::prelude::any::<u64>(), 0..300),
            first in 0usize..5,
        ) {
            let mut counts = Counts::empty(0, 0);
            counts.games = games;
            counts.wins = wins;
            counts.draws = draws;
            counts.lengths = lengths;
            counts.decisions_by_tenth = decisions;
            counts.choices_by_tenth = decisions;
            counts.landings = landings;
            // A file may say any number: anything but 0 is the second.
            let f = Figures::of(&counts, PlayerId::new(first.min(1)));
            let o = &f.outcomes;
            let mut numbers = vec![
                f.length.mean, f.length.spread, f.length.median,
                f.branching.mean, f.branching.forced, f.board_used,
            ];
            for r in [o.wins[0], o.wins[1], o.draws, o.unfinished, o.first_player] {
                numbers.extend([r.value, r.low, r.high]);
            }
            numbers.extend(f.branching.by_tenth.iter().flatten());
            proptest::prop_assert!(numbers.iter().all(|x| x.is_finite()), "{:?}", f);
            proptest::prop_assert!(f.length.histogram.len() <= 20);
        }
    }
}
