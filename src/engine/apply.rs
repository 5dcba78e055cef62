//! Applying one act, with its effects in rule order: the push, the move,
//! captures, flanked pieces converted or captured, then the removal of
//! disconnected pieces.

use super::moves::{Act, Deed};
use super::position::Edit;
use super::{Engine, Position};
use crate::rules::{Action, Cell, CellSet, DirSet, Flank, MoveRule, PlayerId};

/// Whether acts of this kind put a piece on a cell (`Act::to`); bear-offs
/// and returns do not. (Any cell index may be a real cell: a board may have
/// 256 cells, so no index can stand for "none".)
pub(super) fn has_destination(action: &Action) -> bool {
    action.has_destination()
}

/// Whether acts of this kind take a piece from a cell (`Act::from`).
pub(super) fn has_origin(action: &Action) -> bool {
    !matches!(action, Action::Place { .. } | Action::Enter { .. })
}

/// What an act did, for the checks that follow it.
pub(super) struct Effect {
    /// Pieces taken off the board (captures and disconnection; not
    /// bear-offs or returns).
    pub removed: u32,
    /// Cells that received a piece: only groups through them can have grown.
    pub gained: CellSet,
    /// Pieces that changed owner (flanked and converted).
    pub converted: u32,
    /// A stack, reserve or borne-off count would have passed 255: the act
    /// is refused (and was applied only as far as it fits).
    pub overflow: bool,
}

impl Engine {
    /// Plays an act in place, noting every stack it changes.
    pub(super) fn apply_act(
        &self,
        ed: &mut Edit,
        option: &MoveRule,
        act: &Act,
        jumped: CellSet,
        player: PlayerId,
    ) -> Effect {
        let mut removed = 0;
        let mut gained = CellSet::EMPTY;
        let mut overflow = false;
        // The deed says which cells; the option, what else happens.
        match (&option.action, act.deed) {
            (Action::Place { .. }, Deed::Place { kind, to }) => {
                if self.rules.neutral[kind] {
                    // Belongs to no one, and needs no reserve.
                    ed.put_neutral(to, kind);
                } else {
                    ed.pos
                        .set_reserve(player, kind, ed.pos.reserve[player][kind] - 1);
                    ed.put(to, player, kind, 1);
                }
            }
            (Action::Enter { entries }, Deed::Enter { kind, line, to }) => {
                let line = &entries[player][line as usize].cells;
                let gap = line
                    .iter()
                    .position(|c| ed.pos.is_empty(*c))
                    .expect("generation only enters lines with an empty cell");
                // The run from the entry cell shifts one cell along the line.
                for i in (0..gap).rev() {
                    let (owner, k, h) = ed.take(line[i]);
                    ed.put(line[i + 1], owner, k, h);
                    gained.insert(line[i + 1]);
                }
                ed.pos
                    .set_reserve(player, kind, ed.pos.reserve[player][kind] - 1);
                ed.put(to, player, kind, 1);
            }
            (
                Action::Relocate { .. }
                | Action::Step { .. }
                | Action::Slide { .. }
                | Action::Jump { .. },
                Deed::Move { from, to, .. },
            ) => {
                let origin = option
                    .leaves_copy
                    .then(|| (ed.pos.kind(from), ed.pos.height[from.index()]));
                match self.move_top(ed, (from, to), player) {
                    Some(taken) => removed += taken,
                    None => overflow = true,
                }
                if let Some((kind, height)) = origin {
                    // The piece that moved is also still where it was.
                    if ed.pos.is_empty(from) {
                        ed.put(from, player, kind, height);
                    } else {
                        ed.set_height(from, height);
                    }
                }
                for c in jumped.iter() {
                    removed += ed.take(c).2 as u32;
                }
            }
            (Action::BearOff { .. }, Deed::Lift { from }) => {
                let h = ed.pos.height[from.index()];
                ed.set_height(from, h - 1);
                match ed.pos.borne_off[player].checked_add(1) {
                    Some(n) => ed.pos.borne_off[player] = n,
                    None => overflow = true,
                }
            }
            (Action::Return { to_reserve, .. }, Deed::Lift { from }) => {
                let kind = ed.pos.kind(from);
                let h = ed.pos.height[from.index()];
                ed.set_height(from, h - 1);
                if *to_reserve {
                    match ed.pos.reserve[player][kind].checked_add(1) {
                        Some(n) => ed.pos.set_reserve(player, kind, n),
                        None => overflow = true,
                    }
                }
            }
            (
                Action::Place { .. }
                | Action::Enter { .. }
                | Action::Relocate { .. }
                | Action::Step { .. }
                | Action::Slide { .. }
                | Action::Jump { .. }
                | Action::BearOff { .. }
                | Action::Return { .. },
                _,
            ) => unreachable!("an act's deed is of its option's family"),
        }
        let landed = act.destination();
        if let Some(to) = landed {
            self.promote(ed, to, player);
        }
        let mut converted = 0;
        if let Some(flank) = &option.flank
            && let Some(to) = landed
        {
            let (turned, taken) = self.flank(ed, flank, to, player);
            converted = turned.len() as u32;
            gained = gained.union(turned);
            removed += taken;
        }
        if let Some(connect) = self.rules.remove_disconnected
            && let Some(to) = landed
        {
            // Neutral pieces neither connect nor are removed.
            let pieces = ed.pos.player_pieces();
            let keep = self.rules.board.flood(to, pieces, connect);
            removed += ed.take_all(pieces.minus(keep));
        }
        if let Some(to) = landed
            && !ed.pos.is_empty(to)
        {
            gained.insert(to);
        }
        if self.keeps_last {
            // Kept only while the next turn may read it: the turn being
            // played is `turns + 1` (exactly, up to every turn a rule
            // names, so past `last_read_until` too).
            if u32::from(ed.pos.turns) + 2 <= u32::from(self.last_read_until) {
                ed.pos.set_last(act.cell());
            } else {
                ed.pos.clear_last();
            }
        }
        Effect {
            removed,
            gained,
            converted,
            overflow,
        }
    }

    /// `dropping DIRECTION`: of the empty cells `cells`, those a falling
    /// piece stops on (the next cell that way is taken, a hole or off the
    /// board). All of them without the clause.
    pub(super) fn dropped(
        &self,
        option: &MoveRule,
        pos: &Position,
        player: PlayerId,
        cells: CellSet,
    ) -> CellSet {
        let Some(dirs) = option.dropping else {
            return cells;
        };
        // A cell where a piece stops: its neighbour that way is off the
        // board, a hole or taken.
        let board = &self.rules.board;
        let dir = dirs[player];
        let above_taken = board.step_set(pos.occupied(), DirSet::single(dir.opposite()));
        cells.inter(board.cells.minus(board.step_from(dir)).union(above_taken))
    }

    /// `promote …`: the piece that arrived on `to` changes kind if the cell
    /// is in a promotion region of its kind.
    fn promote(&self, ed: &mut Edit, to: Cell, player: PlayerId) {
        // Every act of every game passes here: most games promote nothing.
        if self.rules.promotions.is_empty() || ed.pos.owner(to) != Some(player) {
            return;
        }
        let kind = ed.pos.kind(to);
        if let Some(p) = self
            .rules
            .promotions
            .iter()
            .find(|p| p.from == kind && p.region[player].contains(to))
        {
            let (_, _, height) = ed.take(to);
            ed.put(to, player, p.to, height);
        }
    }

    /// Where a chain of jumps of the piece on `from` stops: the cells of a
    /// promotion of its kind that ends the move.
    pub(super) fn promotion_stops(&self, pos: &Position, player: PlayerId, from: Cell) -> CellSet {
        let kind = pos.kind(from);
        self.rules
            .promotions
            .iter()
            .filter(|p| p.ends_move && p.from == kind)
            .fold(CellSet::EMPTY, |set, p| set.union(p.region[player]))
    }

    /// Converts or captures the enemy pieces that the piece arrived on `to`
    /// brackets with another piece of `player`. Returns the cells converted
    /// and the number of pieces captured.
    fn flank(&self, ed: &mut Edit, flank: &Flank, to: Cell, player: PlayerId) -> (CellSet, u32) {
        let board = &self.rules.board;
        let dirs = flank.dirs[player];
        let (enemy, friend) = (ed.pos.owned(player.other()), ed.pos.owned(player));
        let flanked = if flank.adjacent {
            board.step_set(CellSet::single(to), dirs).inter(enemy)
        } else {
            board.bracketed(
                to,
                dirs,
                (enemy, friend),
                (flank.shortest_run, flank.longest_run),
            )
        };
        if flank.convert {
            ed.convert_all(flanked, player);
            (flanked, 0)
        } else {
            (CellSet::EMPTY, ed.take_all(flanked))
        }
    }

    /// Moves the top piece of `from` to `to`: onto an empty cell, onto a
    /// friendly stack, or capturing an enemy stack. Returns the pieces
    /// captured, or `None` (nothing moved) onto a stack of 255.
    fn move_top(&self, ed: &mut Edit, (from, to): (Cell, Cell), player: PlayerId) -> Option<u32> {
        // A friendly stack elsewhere already holding 255 takes no more.
        if from != to && ed.pos.owner(to) == Some(player) && ed.pos.height[to.index()] == u8::MAX {
            return None;
        }
        let kind = ed.pos.kind(from);
        let h = ed.pos.height[from.index()];
        ed.set_height(from, h - 1);
        let mut removed = 0;
        match ed.pos.owner(to) {
            None => ed.put(to, player, kind, 1),
            Some(p) if p == player => {
                let t = ed.pos.height[to.index()];
                ed.set_height(to, t + 1);
            }
            Some(_) => {
                removed = ed.take(to).2 as u32;
                ed.put(to, player, kind, 1);
            }
        }
        Some(removed)
    }

    /// The cells where a move's acts land: where a piece is placed, moved
    /// to or removed, and for a bear-off or a return the cell it leaves.
    /// What `gamut analyze` counts for its map of where a game happens.
    pub fn landings(&self, mv: &super::Move) -> CellSet {
        let mut cells = CellSet::EMPTY;
        for act in mv.acts() {
            cells.insert(act.cell());
        }
        cells
    }

    /// The cells a move takes pieces from or puts pieces on, to show it.
    pub fn cells_of(&self, mv: &super::Move) -> CellSet {
        let mut cells = CellSet::EMPTY;
        for act in mv.acts() {
            for cell in [act.origin(), act.destination()].into_iter().flatten() {
                cells.insert(cell);
            }
        }
        cells
    }

    /// `limit group size N`: no group of one player's pieces is larger.
    /// Only groups through `gained` cells can have grown, so only those are
    /// measured, when the position before the act kept the limit: always,
    /// unless the start breaks it (a setup's group too large), and then
    /// every group is measured.
    pub(super) fn groups_within_limit(&self, pos: &Position, gained: CellSet) -> bool {
        let Some(limit) = self.rules.group_limit else {
            return true;
        };
        let board = &self.rules.board;
        let mut left = if self.groups_clear_at_start {
            gained
        } else {
            pos.player_pieces()
        };
        while let Some(start) = left.first() {
            let Some(p) = pos.owner(start) else {
                left.remove(start);
                continue;
            };
            let group = board.flood(start, pos.owned(p), limit.connect);
            let size: u32 = group.iter().map(|c| pos.height(c)).sum();
            if size > limit.size {
                return false;
            }
            left = left.minus(group);
        }
        true
    }
}
