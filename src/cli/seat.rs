//! Who plays a side, as `play`, `arena` and `engine` read it:
//! `human`, `random`, `uct` or `mcts`, and for the two searches how long
//! they think after a colon: `mcts:2s` (seconds), `mcts:5000`
//! (iterations) or a level, `mcts:easy`, `mcts:normal`, `mcts:hard`,
//! `mcts:expert`.

use std::time::Duration;

use crate::ai::{Budget, Contender, MctsConfig, Strategy};

/// A side's player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Seat {
    Human,
    Random,
    /// With the level's name where the seat was given as a level (or as
    /// none, thinking for the `normal` level's time), so that it is
    /// written back as the user wrote it: `mcts:200` is not `mcts:easy`.
    Search(Strategy, Budget, Option<&'static str>),
}

/// The levels, weakest first, with what each means.
pub(crate) const LEVELS: [(&str, Budget); 4] = [
    ("easy", Budget::Iterations(200)),
    ("normal", crate::ai::DEFAULT_BUDGET),
    ("hard", Budget::Time(Duration::from_secs(5))),
    ("expert", Budget::Time(Duration::from_secs(20))),
];

/// How long a search thinks when nothing says: the `normal` level.
pub(crate) const DEFAULT_BUDGET: Budget = LEVELS[1].1;

/// What a seat may be, for messages.
pub(crate) const SEAT_WORDS: &str = "human, random, uct or mcts (mcts:2s, mcts:5000, mcts:hard)";

/// What a computer seat may be, for messages.
pub(crate) const COMPUTER_WORDS: &str = "random, uct or mcts (mcts:200, uct:0.5s, mcts:hard)";

impl Seat {
    /// Reads a seat; a search without a strength thinks for `budget`.
    pub(crate) fn parse(text: &str, budget: Budget) -> Result<Seat, String> {
        let lower = text.trim().to_ascii_lowercase();
        let (kind, strength) = match lower.split_once(':') {
            Some((kind, strength)) => (kind, Some(strength)),
            None => (lower.as_str(), None),
        };
        let strategy = match kind {
            "human" | "random" if strength.is_some() => {
                return Err(format!(
                    "`{text}`: only uct and mcts take a strength after `:`"
                ));
            }
            "human" => return Ok(Seat::Human),
            "random" => return Ok(Seat::Random),
            "uct" => Strategy::Plain,
            "mcts" => Strategy::Solver,
            _ => return Err(format!("`{text}` is not a seat; use {SEAT_WORDS}")),
        };
        let budget = match strength {
            None if budget == DEFAULT_BUDGET => {
                return Ok(Seat::Search(strategy, budget, Some(LEVELS[1].0)));
            }
            None => budget,
            // A number of seconds out of range: say the range.
            Some(s)
                if let Some(Err(why)) = s
                    .strip_suffix('s')
                    .filter(|n| n.trim().parse::<f64>().is_ok())
                    .map(super::parse_seconds) =>
            {
                return Err(format!("`{text}`: {why}"));
            }
            Some(s) if let Some((name, budget)) = named_level(s) => {
                return Ok(Seat::Search(strategy, budget, Some(name)));
            }
            // A count of iterations out of range: say the range.
            Some(s)
                if !s.is_empty()
                    && s.bytes().all(|b| b.is_ascii_digit())
                    && !matches!(s.parse::<u32>(), Ok(1..)) =>
            {
                return Err(format!(
                    "`{text}`: give from 1 to {} iterations, or seconds (`{kind}:2s`)",
                    u32::MAX
                ));
            }
            Some(s) => parse_strength(s).ok_or_else(|| {
                format!(
                    "`{text}`: say how long {kind} thinks as seconds (`{kind}:2s`), iterations (`{kind}:5000`) or a level ({})",
                    level_names()
                )
            })?,
        };
        Ok(Seat::Search(strategy, budget, None))
    }

    /// Reads a computer seat (`random`, `uct` or `mcts`, with a strength):
    /// what `arena` and `analyze` seat, where a person cannot sit.
    pub(crate) fn parse_computer(text: &str, budget: Budget) -> Result<Seat, String> {
        let kind = text
            .trim()
            .split(':')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if !matches!(kind.as_str(), "random" | "uct" | "mcts") {
            return Err(format!(
                "`{text}` is not a computer player; use {COMPUTER_WORDS}"
            ));
        }
        Seat::parse(text, budget)
    }

    /// The seat with its budget in iterations or seconds, never a level's
    /// name: how a report that must be repeatable says what played.
    pub(crate) fn exact_word(&self) -> String {
        match self {
            Seat::Search(strategy, budget, _) => {
                format!(
                    "{}:{}",
                    strategy_word(*strategy),
                    exact_budget_word(*budget)
                )
            }
            Seat::Human | Seat::Random => self.word(),
        }
    }

    /// The seat as it is written, so that reading it back gives it again.
    pub(crate) fn word(&self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Random => "random".into(),
            Seat::Search(strategy, _, Some(level)) => {
                format!("{}:{level}", strategy_word(*strategy))
            }
            Seat::Search(..) => self.exact_word(),
        }
    }

    /// A searching seat's settings, on `threads` threads.
    pub(crate) fn search(&self, threads: usize) -> Option<MctsConfig> {
        match *self {
            Seat::Human | Seat::Random => None,
            Seat::Search(strategy, budget, _) => Some(config(strategy, budget, threads)),
        }
    }

    /// The seat as a contender of `arena`, searching on `threads` threads.
    pub(crate) fn contender(&self, threads: usize) -> Option<Contender> {
        match self {
            Seat::Human => None,
            Seat::Random => Some(Contender::Random),
            Seat::Search(..) => self.search(threads).map(Contender::Search),
        }
    }
}

/// A search's settings.
pub(crate) fn config(strategy: Strategy, budget: Budget, threads: usize) -> MctsConfig {
    MctsConfig {
        budget,
        strategy,
        threads,
        ..MctsConfig::default()
    }
}

/// The level of this name (lower case), if there is one.
pub(crate) fn level(name: &str) -> Option<Budget> {
    named_level(name).map(|(_, budget)| budget)
}

/// The level of this name (lower case) and its name as the table holds it.
fn named_level(name: &str) -> Option<(&'static str, Budget)> {
    LEVELS.iter().find(|(n, _)| *n == name).copied()
}

/// `2s`, `0.5s` or `5000` (a level's name is read before).
fn parse_strength(text: &str) -> Option<Budget> {
    if let Some(secs) = text.strip_suffix('s') {
        return super::parse_seconds(secs).ok().map(Budget::Time);
    }
    match text.parse::<u32>() {
        Ok(n) if n > 0 => Some(Budget::Iterations(n)),
        _ => None,
    }
}

/// A budget as iterations (`5000`) or seconds (`2s`), never a level's name.
fn exact_budget_word(budget: Budget) -> String {
    match budget {
        Budget::Iterations(n) => n.to_string(),
        Budget::Time(t) => format!("{}s", t.as_secs_f64()),
    }
}

/// How a seat names a search: `uct` or `mcts`.
fn strategy_word(strategy: Strategy) -> &'static str {
    match strategy {
        Strategy::Plain => "uct",
        Strategy::Solver => "mcts",
    }
}

/// The levels' names, for messages.
pub(crate) fn level_names() -> String {
    LEVELS.map(|(name, _)| name).join(", ")
}

/// The cores of this machine.
pub(crate) fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_back_as_written() {
        for text in [
            "human",
            "random",
            "mcts",
            "uct:2s",
            "mcts:0.5s",
            "mcts:5000",
            "mcts:hard",
        ] {
            let seat = Seat::parse(text, DEFAULT_BUDGET).unwrap();
            assert_eq!(
                Seat::parse(&seat.word(), DEFAULT_BUDGET),
                Ok(seat),
                "{text}"
            );
        }
        assert_eq!(
            Seat::parse("MCTS:easy", DEFAULT_BUDGET),
            Ok(Seat::Search(
                Strategy::Solver,
                Budget::Iterations(200),
                Some("easy")
            ))
        );
        // A budget that is also a level's is written as it was given.
        let seat = Seat::parse("mcts:200", DEFAULT_BUDGET).unwrap();
        assert_eq!(seat.word(), "mcts:200");
        let seat = Seat::parse("uct", DEFAULT_BUDGET).unwrap();
        assert_eq!(seat.word(), "uct:normal");
        let seat = Seat::parse("uct", Budget::Iterations(200)).unwrap();
        assert_eq!(seat.word(), "uct:200");
        for bad in [
            "robot",
            "mcts:",
            "mcts:fast",
            "mcts:0",
            "random:2s",
            "uct:-1s",
        ] {
            assert!(Seat::parse(bad, DEFAULT_BUDGET).is_err(), "{bad}");
        }
        // A count out of range says the range.
        for bad in ["mcts:0", "mcts:99999999999"] {
            let why = Seat::parse(bad, DEFAULT_BUDGET).unwrap_err();
            assert!(why.contains("from 1 to 4294967295 iterations"), "{why}");
        }
    }
}
