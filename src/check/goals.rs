//! `goal` declarations → goals, resolved for the player they belong to.

use super::regions::unknown_player;
use super::{Checker, Context};
use crate::diag::{Diagnostic, EmptyUse, Kind};
use crate::rules::{
    Board, CellSet, DirSet, Goal, GoalOutcome, GoalTest, KindId, MAX_CHAIN_REGIONS, Network,
    PerPlayer, PlayerId, SetupPiece,
};
use crate::syntax::ast::{self, Condition, Decl, DeclKind, GoalOwner};

pub(super) fn check_goals(
    ch: &mut Checker,
    decls: &[Decl],
    ctx: &Context,
    start: (&[SetupPiece], &PerPlayer<Vec<u32>>),
) -> Vec<Goal> {
    let mut goals = Vec::new();
    for d in decls {
        let DeclKind::Goal {
            owner,
            outcome,
            condition,
        } = &d.kind
        else {
            continue;
        };
        // `each` was expanded per player when the files were merged.
        let players: Vec<PlayerId> = match owner {
            GoalOwner::Each(_) => PlayerId::BOTH.to_vec(),
            GoalOwner::Player(name) => {
                match ctx.player_names.iter().position(|n| *n == name.node) {
                    Some(p) => vec![PlayerId::new(p)],
                    None => {
                        ch.diags
                            .push(unknown_player(name.span, &name.node, &ctx.player_names));
                        continue;
                    }
                }
            }
        };
        let outcome = match outcome.node {
            ast::OutcomeWord::Wins => GoalOutcome::Wins,
            ast::OutcomeWord::Loses => GoalOutcome::Loses,
        };
        let text = ch.source_text(d.span);
        let first = goals.len();
        for player in players {
            if let Some(test) = check_condition(ch, condition, ctx, player) {
                goals.push(Goal {
                    player,
                    outcome,
                    test,
                    text: text.clone(),
                });
            }
        }
        // A goal that holds before anyone moves decides the game at the
        // first part played: seldom what its writer meant.
        if let Some(g) = goals[first..]
            .iter()
            .find(|g| holds_at_start(&g.test, g.player, ctx.board, start))
        {
            ch.report(
                Kind::GoalHoldsAtStart {
                    player: ctx.player_names[g.player.index()].clone(),
                },
                d.span,
            );
        }
        // A row that fits on no line, for any of the goal's players.
        let rows: Option<Vec<(u32, u32)>> = goals[first..]
            .iter()
            .map(|g| match g.test {
                GoalTest::InRow { count, lines, .. } => Some((count, longest_line(ctx, lines))),
                GoalTest::Chain { .. }
                | GoalTest::Network(_)
                | GoalTest::AllIn { .. }
                | GoalTest::AllOff
                | GoalTest::AllConnected { .. }
                | GoalTest::PieceIn { .. }
                | GoalTest::EnemyAtMost { .. } => None,
            })
            .collect();
        if let Some(rows) = rows
            && let Some(&(count, _)) = rows.first()
            && rows.iter().all(|(count, longest)| longest < count)
        {
            let longest = rows.iter().map(|r| r.1).max().unwrap_or(0);
            ch.report(Kind::RowLongerThanBoard { count, longest }, d.span);
        }
    }
    goals
}

/// Whether a goal of `player` holds in the start position, as far as the
/// checker can tell without playing (counts and places of pieces, rows,
/// chains and connected groups; networks, whose lines of sight the
/// engine follows, are read as not holding).
pub(super) fn holds_at_start(
    test: &GoalTest,
    player: PlayerId,
    board: &Board,
    (setup, reserve): (&[SetupPiece], &PerPlayer<Vec<u32>>),
) -> bool {
    let of = |p: PlayerId, kind: Option<KindId>| {
        setup
            .iter()
            .filter(move |s| s.player == Some(p) && kind.is_none_or(|k| s.kind == k))
    };
    let in_hand = |p: PlayerId, kind: Option<KindId>| -> u32 {
        match kind {
            Some(k) => reserve[p].get(k.index()).copied().unwrap_or(0),
            None => reserve[p].iter().sum(),
        }
    };
    match test {
        GoalTest::EnemyAtMost { most, kind } => {
            let enemy = player.other();
            of(enemy, *kind).map(|s| s.height).sum::<u32>() + in_hand(enemy, *kind) <= *most
        }
        GoalTest::PieceIn { region, kind } => of(player, *kind).any(|s| region.contains(s.cell)),
        GoalTest::AllIn { region } => {
            of(player, None).next().is_some()
                && of(player, None).all(|s| region.contains(s.cell))
                && in_hand(player, None) == 0
        }
        GoalTest::AllOff => of(player, None).next().is_none() && in_hand(player, None) == 0,
        GoalTest::InRow {
            count,
            exact,
            lines,
        } => {
            let own = cells(of(player, None));
            // Each run measured once, from its first cell along a line.
            own.iter().any(|c| {
                lines.iter().any(|dir| {
                    let starts_run = board
                        .neighbour(c, dir.opposite())
                        .is_none_or(|b| !own.contains(b));
                    let len = 1 + board.ray(c, dir).take_while(|n| own.contains(*n)).count();
                    starts_run && (len as u32 == *count || (!exact && len as u32 > *count))
                })
            })
        }
        GoalTest::Chain { regions, connect } => {
            let own = cells(of(player, None));
            own.iter().any(|c| {
                let group = board.flood(c, own, *connect);
                regions.iter().all(|r| group.intersects(r))
            })
        }
        GoalTest::AllConnected { connect } => {
            let own = cells(of(player, None));
            own.first()
                .is_some_and(|c| board.flood(c, own, *connect) == own)
        }
        GoalTest::Network(_) => false,
    }
}

/// The cells of some pieces of the setup.
fn cells<'s>(pieces: impl Iterator<Item = &'s SetupPiece>) -> CellSet {
    pieces.fold(CellSet::EMPTY, |set, s| set.union(CellSet::single(s.cell)))
}

/// The most usable cells one line of the board holds along `lines`.
fn longest_line(ctx: &Context, lines: DirSet) -> u32 {
    let board = ctx.board;
    board
        .cells
        .iter()
        .flat_map(|c| lines.iter().map(move |d| board.line_through(c, d).len()))
        .max()
        .unwrap_or(0) as u32
}

fn check_condition(
    ch: &mut Checker,
    condition: &Condition,
    ctx: &Context,
    player: PlayerId,
) -> Option<GoalTest> {
    let region = |ch: &mut Checker, r: &ast::Region| -> CellSet {
        let cells = ch.region(ctx, r)[player];
        if cells.is_empty() && !ch.error_within(r.span) {
            ch.diags.push(Diagnostic::new(
                Kind::EmptyRegion(EmptyUse::Goal {
                    player: ctx.player_names[player].clone(),
                }),
                r.span,
            ));
        }
        cells
    };
    match condition {
        Condition::Chain {
            regions,
            connected,
            span,
        } => {
            if regions.len() > MAX_CHAIN_REGIONS {
                ch.report(
                    Kind::TooManyChainRegions {
                        max: MAX_CHAIN_REGIONS,
                    },
                    *span,
                );
                return None;
            }
            let regions = regions.iter().map(|r| region(ch, r)).collect();
            let connect = ch.connectivity(connected.as_ref(), DirSet::ORTHOGONAL);
            Some(GoalTest::Chain { regions, connect })
        }
        Condition::Network {
            a,
            b,
            at_least,
            connected,
            span,
        } => {
            let a_cells = region(ch, a);
            let b_cells = region(ch, b);
            let lines = ch.connectivity(connected.as_ref(), DirSet::ANY);
            let min = match at_least {
                Some(n) => ch.number_in(n, 2, 256, "a network's length")? as u32,
                None => 2,
            };
            if a_cells.intersects(&b_cells) {
                ch.diags
                    .push(Diagnostic::new(Kind::NetworkEndsOverlap, *span));
                return None;
            }
            Some(GoalTest::Network(Network {
                a: a_cells,
                b: b_cells,
                min,
                lines,
            }))
        }
        Condition::AllIn { region: r, .. } => Some(GoalTest::AllIn {
            region: region(ch, r),
        }),
        Condition::AllOff { .. } => Some(GoalTest::AllOff),
        Condition::AllConnected { connected, .. } => Some(GoalTest::AllConnected {
            connect: ch.connectivity(connected.as_ref(), DirSet::ORTHOGONAL),
        }),
        Condition::InRow {
            count,
            exact,
            along,
            ..
        } => {
            let count = ch.number_in(count, 2, 26, "the length of a row")? as u32;
            let lines = if along.is_empty() {
                ctx.board.dirs()
            } else {
                ctx.dirs(along)[player]
            };
            // A row runs both ways along each line it is named by.
            let lines = lines
                .iter()
                .fold(lines, |set, d| set.union(DirSet::single(d.opposite())));
            Some(GoalTest::InRow {
                count,
                exact: *exact,
                lines,
            })
        }
        Condition::PieceIn {
            kind,
            region: r,
            span,
        } => {
            let kind = match kind {
                Some(k) => Some(ch.kind_of(Some(k), ctx, *span)?),
                None => None,
            };
            Some(GoalTest::PieceIn {
                region: region(ch, r),
                kind,
            })
        }
        Condition::EnemyAtMost { count, kind, span } => {
            let most = match count {
                Some(n) => ch.number_in(n, 0, 255, "a number of pieces")? as u32,
                None => 0,
            };
            let kind = match kind {
                Some(k) => {
                    let id = ch.kind_of(Some(k), ctx, *span)?;
                    if ctx.neutral[id] {
                        ch.report(
                            Kind::NeutralKindOwned {
                                kind: ctx.kinds[id].clone(),
                                how: "counted as a player's",
                            },
                            k.span,
                        );
                        return None;
                    }
                    Some(id)
                }
                None => None,
            };
            Some(GoalTest::EnemyAtMost { most, kind })
        }
    }
}
