//! Warnings: a game without errors that probably does not do what its
//! author meant.

use super::{Checker, moves};
use crate::diag::{Kind, Span};
use crate::rules::{CellSet, PlayerId, Rules, WhenStuck};
use crate::syntax::ast::{Decl, DeclKind};

impl Checker {
    pub(super) fn warnings(&mut self, rules: &Rules, decls: &[Decl]) {
        // Regions nobody uses.
        let mut unused: Vec<(Span, String)> = Vec::new();
        for (name, (all, per)) in &self.regions.defs {
            if !self.regions.used.contains(name) {
                let span = all
                    .as_ref()
                    .or(per[0].as_ref())
                    .or(per[1].as_ref())
                    .map(|d| d.name_span)
                    .unwrap_or_default();
                unused.push((span, name.clone()));
            }
        }
        // A variant cannot remove a region its parent declares: only its
        // own are reported.
        for (span, name) in unused {
            if span.file == crate::diag::FileId(0) {
                self.report(Kind::UnusedRegion { name }, span);
            }
        }
        moves::warn_unmovable(self, rules, decls);
        moves::warn_explosive(self, rules, decls);
        moves::warn_nothing_to_bring(self, rules, decls);
        moves::warn_player_without_pieces(self, rules, decls);
        self.warn_setup_group_too_large(rules, decls);
        if rules.goals.is_empty() && rules.when_stuck == WhenStuck::Pass {
            let how = if rules.repetition_draw.is_some() {
                "can end only by repetition"
            } else {
                "can never end"
            };
            let span = decls
                .iter()
                .find(|d| matches!(d.kind, DeclKind::Stuck(_)))
                .map_or(self.file_start, |d| d.span);
            self.report(Kind::NeverEnds { how: how.into() }, span);
        }
        // `captures are mandatory` where no option of any part can take.
        if rules.mandatory_captures.is_some()
            && !rules
                .parts
                .iter()
                .flat_map(|p| &p.options)
                .any(|o| rules.option_may_take(o))
            && let Some(d) = decls
                .iter()
                .find(|d| matches!(d.kind, DeclKind::MandatoryCaptures { .. }))
        {
            self.report(Kind::MandatoryWithoutCaptures, d.span);
        }
        self.warn_count_goals_never_reached(rules, decls);
        if rules.illegal_if_both_win
            && !rules
                .goals
                .iter()
                .any(|g| g.outcome == crate::rules::GoalOutcome::Wins)
            && let Some(d) = decls
                .iter()
                .find(|d| matches!(d.kind, DeclKind::IllegalIfBothWin))
        {
            self.report(Kind::BothWinWithoutWins, d.span);
        }
    }

    /// A goal that the enemy's pieces fall to a count (`no enemy pieces`)
    /// in a game where they never fall (W020): no move takes or converts
    /// a piece, and none bears off or removes one (by which a player's
    /// own count falls); for a count of one kind, no promotion changes a
    /// kind either. (One that already holds at the start is W017's.)
    fn warn_count_goals_never_reached(&mut self, rules: &Rules, decls: &[Decl]) {
        use crate::rules::{Action, GoalTest};
        let counts_fall = rules.parts.iter().flat_map(|p| &p.options).any(|o| {
            rules.option_may_take(o)
                || matches!(
                    o.action,
                    Action::BearOff { .. }
                        | Action::Return {
                            to_reserve: false,
                            ..
                        }
                )
        });
        if counts_fall {
            return;
        }
        let start = (rules.setup.as_slice(), &rules.reserve);
        let never = |test: &GoalTest, player: PlayerId| match *test {
            GoalTest::EnemyAtMost { kind, .. } => {
                !super::goals::holds_at_start(test, player, &rules.board, start)
                    && (kind.is_none() || rules.promotions.is_empty())
            }
            GoalTest::InRow { .. }
            | GoalTest::Chain { .. }
            | GoalTest::Network(_)
            | GoalTest::AllIn { .. }
            | GoalTest::AllOff
            | GoalTest::AllConnected { .. }
            | GoalTest::PieceIn { .. } => false,
        };
        for d in decls {
            if !matches!(d.kind, DeclKind::Goal { .. }) {
                continue;
            }
            let text = self.source_text(d.span);
            if rules
                .goals
                .iter()
                .any(|g| g.text == text && never(&g.test, g.player))
            {
                self.report(Kind::CountGoalNeverReached, d.span);
            }
        }
    }

    /// A setup group larger than `limit group size` allows (W015), once
    /// per player, at the limit's declaration.
    fn warn_setup_group_too_large(&mut self, rules: &Rules, decls: &[Decl]) {
        let Some(limit) = rules.group_limit else {
            return;
        };
        let Some(span) = decls
            .iter()
            .find(|d| matches!(d.kind, DeclKind::Limit { .. }))
            .map(|d| d.span)
        else {
            return;
        };
        let board = &rules.board;
        for player in PlayerId::BOTH {
            let mine = || rules.setup.iter().filter(|p| p.player == Some(player));
            let cells = mine().fold(CellSet::EMPTY, |mut set, p| {
                set.insert(p.cell);
                set
            });
            let mut left = cells;
            while let Some(start) = left.first() {
                let group = board.flood(start, cells, limit.connect);
                let size: u32 = mine()
                    .filter(|p| group.contains(p.cell))
                    .map(|p| p.height)
                    .sum();
                if size > limit.size {
                    let kind = Kind::SetupGroupTooLarge {
                        player: rules.players[player].name.clone(),
                        size,
                        limit: limit.size,
                    };
                    self.report(kind, span);
                    break;
                }
                left = left.minus(group);
            }
        }
    }
}
