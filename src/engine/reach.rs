//! What an act may change, and what a listing of acts reads: the two sides
//! of the question whether one part of a turn depends on another, and
//! whether two ways of a turn can lead to one position.

use super::apply::has_destination;
use super::moves::{Act, Deed};
use super::{Earlier, Engine, Position};
use crate::rules::{Action, CellSet, MoveRule, PlayerId, Rules, Test};

/// Whether an act of `option` may change cells far from where it acts:
/// a piece that lands flanks enemies, or cuts groups off the board.
pub(super) fn changes_far(rules: &Rules, option: &MoveRule) -> bool {
    (rules.remove_disconnected.is_some() || option.flank.is_some())
        && has_destination(&option.action)
}

impl Engine {
    /// The cells an act of `option` may change when played on `pos`, those
    /// it surely changes, and whether it may change the holdings; `None`
    /// if it may change any cell.
    pub(super) fn footprint(
        &self,
        option: &MoveRule,
        pos: &Position,
        act: &Act,
        jumped: CellSet,
    ) -> Option<(CellSet, CellSet, bool)> {
        if changes_far(&self.rules, option) {
            return None;
        }
        Some(match (&option.action, act.deed) {
            // An empty cell filled.
            (_, Deed::Place { to, .. }) => (CellSet::single(to), CellSet::single(to), true),
            (Action::Enter { entries }, Deed::Enter { line, .. }) => {
                // The run from the entry cell to the first empty cell,
                // which is filled.
                let line = &entries[pos.to_move()][line as usize].cells;
                let mut cells = CellSet::EMPTY;
                let mut filled = CellSet::EMPTY;
                for &c in line {
                    cells.insert(c);
                    if pos.is_empty(c) {
                        filled.insert(c);
                        break;
                    }
                }
                (cells, filled, true)
            }
            // The origin lowered, the destination raised or taken, the
            // jumped pieces removed (a chained jump may end where it began).
            (_, Deed::Move { from, to, .. }) => {
                let mut cells = jumped;
                cells.insert(from);
                cells.insert(to);
                let sure = if option.leaves_copy {
                    // The origin keeps its stack: only the arrival is sure.
                    CellSet::single(to)
                } else if from == to {
                    jumped.minus(CellSet::single(from))
                } else {
                    cells
                };
                (cells, sure, false)
            }
            // A stack lowered.
            (_, Deed::Lift { from }) => {
                let cell = CellSet::single(from);
                (cell, cell, true)
            }
            // Not an entry's option: not reached, and nothing is assumed.
            (_, Deed::Enter { .. }) => return None,
        })
    }

    /// The cells whose stacks the listing of `part`'s acts reads, for
    /// `player` after an entry line `line`, and whether it reads the
    /// holdings; `None` if it may read any cell.
    pub(super) fn listing_support(
        &self,
        part: usize,
        player: PlayerId,
        earlier: Earlier,
    ) -> Option<(CellSet, bool)> {
        let mut cells = CellSet::EMPTY;
        let mut holdings = false;
        for option in &self.rules.parts[part].options {
            // What a tie allows depends on the act before.
            if option.near_last.is_some() || option.moving_last {
                return None;
            }
            match option.only_if {
                Some(Test::ReserveEmpty | Test::ReserveNotEmpty) => holdings = true,
                Some(Test::OwnPiecesFill(_)) => return None,
                None => {}
            }
            match &option.action {
                // The empty cells of the region, and the kinds in reserve.
                // A dropping one reads the cells it falls past too.
                Action::Place { .. } if option.dropping.is_some() => return None,
                Action::Place { on } => {
                    cells = cells.union(on[player]);
                    holdings = true;
                }
                // The mover's pieces in the region, and their kinds.
                Action::Return { from, .. } => {
                    let mut from = from[player];
                    if option.not_on_entry_line {
                        from = from.minus(earlier.entry_line);
                    }
                    cells = cells.union(from);
                }
                Action::Enter { .. }
                | Action::Relocate { .. }
                | Action::Step { .. }
                | Action::Slide { .. }
                | Action::Jump { .. }
                | Action::BearOff { .. } => return None,
            }
        }
        Some((cells, holdings))
    }
}

/// The most cells whose stacks one act of the turn's last part can
/// change, or `None` if any number (captures of a jump, pieces removed as
/// disconnected).
pub(super) fn last_part_reach(rules: &Rules) -> Option<usize> {
    let last = rules.parts.last()?;
    let mut most = 0;
    for option in &last.options {
        if changes_far(rules, option) {
            return None;
        }
        let cells = match &option.action {
            Action::Place { .. } | Action::BearOff { .. } | Action::Return { .. } => 1,
            Action::Relocate { .. } | Action::Step { .. } | Action::Slide { .. } => 2,
            Action::Jump { capturing, .. } => {
                if *capturing {
                    return None;
                }
                2
            }
            // The run from the entry cell to the first empty cell.
            Action::Enter { entries } => entries
                .iter()
                .flat_map(|lines| lines.iter().map(|l| l.cells.len()))
                .max()
                .unwrap_or(0),
        };
        most = most.max(cells);
    }
    Some(most)
}
