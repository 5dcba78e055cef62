//! `setup` and `reserve`: the pieces each player starts with, on the
//! board and in hand.

use std::collections::HashMap;

use super::regions::unknown_player;
use super::{Checker, Context};
use crate::diag::{self, Diagnostic, EmptyUse, Kind, Span, Spanned, Suggestion};
use crate::rules::{Cell, KindId, MAX_PIECES, PerPlayer, PlayerId, Promotion, SetupPiece};
use crate::syntax::ast::{Decl, DeclKind};

impl Checker {
    /// `promote KIND to KIND in REGION[, ending the move]` declarations.
    pub(super) fn promotions(&mut self, decls: &[Decl], ctx: &Context) -> Vec<Promotion> {
        // Each with the span of its line, for G072's note.
        let mut out: Vec<(Promotion, Span)> = Vec::new();
        for d in decls {
            let DeclKind::Promote {
                from,
                to,
                region,
                ends_move,
            } = &d.kind
            else {
                continue;
            };
            let from = self.kind_of(Some(from), ctx, d.span);
            let to = self.kind_of(Some(to), ctx, d.span);
            if let Some(k) = [from, to].into_iter().flatten().find(|&k| ctx.neutral[k]) {
                self.report(
                    Kind::NeutralKindOwned {
                        kind: ctx.kinds[k].clone(),
                        how: "promoted",
                    },
                    d.span,
                );
                continue;
            }
            self.regions.line_takes_after_region =
                Some("a `promote` line takes only `, ending the move` after its region");
            let region = self.region(ctx, region);
            self.regions.line_takes_after_region = None;
            let (Some(from), Some(to)) = (from, to) else {
                continue;
            };
            // With `ending the move` it still stops a chain there.
            if from == to && !ends_move {
                self.report(
                    Kind::PromoteToItself {
                        kind: ctx.kinds[from].clone(),
                    },
                    d.span,
                );
            }
            let promotion = Promotion {
                from,
                to,
                region,
                ends_move: *ends_move,
            };
            if let Some(diag) = disagreement(&promotion, &out, ctx, d.span) {
                self.diags.push(diag);
                continue;
            }
            out.push((promotion, d.span));
        }
        out.into_iter().map(|(promotion, _)| promotion).collect()
    }
}

/// G072: `promotion` and an earlier one turn one kind into different kinds
/// on a cell they share for one player.
fn disagreement(
    promotion: &Promotion,
    earlier: &[(Promotion, Span)],
    ctx: &Context,
    span: Span,
) -> Option<Diagnostic> {
    earlier.iter().find_map(|(other, other_span)| {
        if other.from != promotion.from || other.to == promotion.to {
            return None;
        }
        PlayerId::BOTH.into_iter().find_map(|p| {
            let shared = promotion.region[p]
                .iter()
                .find(|&c| other.region[p].contains(c))?;
            let kind = |k: KindId| ctx.kinds[k].clone();
            let kind_diag = Kind::PromotionsDisagree {
                from: kind(promotion.from),
                to: [kind(promotion.to), kind(other.to)],
                cell: ctx.board.cell_name(shared),
                player: ctx.player_names[p.index()].clone(),
            };
            Some(Diagnostic::new(kind_diag, span).with_note(*other_span, "the other `promote`"))
        })
    })
}

impl Checker {
    pub(super) fn setup(&mut self, decls: &[Decl], ctx: &Context) -> Vec<SetupPiece> {
        let mut pieces: Vec<SetupPiece> = Vec::new();
        let mut placed_by: HashMap<Cell, Span> = HashMap::new();
        for d in decls {
            let DeclKind::Setup(items) = &d.kind else {
                continue;
            };
            for item in items {
                // `arrow on d4`: a neutral kind's pieces, set up for no player.
                let neutral_kind = ctx
                    .kinds
                    .iter()
                    .position(|k| *k == item.player.node)
                    .filter(|&k| ctx.neutral[k] && item.kind.is_none());
                let player = match ctx.player_names.iter().position(|n| *n == item.player.node) {
                    Some(p) => Some(PlayerId::new(p)),
                    None if neutral_kind.is_some() => None,
                    None => {
                        let (name, span) = (&item.player.node, item.player.span);
                        self.diags.push(match setup_name_read_as(name, ctx) {
                            Some(why) => Diagnostic::new(
                                Kind::UnknownPlayer {
                                    name: name.clone(),
                                    suggestion: Suggestion::Explained(why),
                                },
                                span,
                            ),
                            None => unknown_player(span, name, &ctx.player_names),
                        });
                        continue;
                    }
                };
                let kind = match neutral_kind {
                    Some(k) => KindId::new(k),
                    None => {
                        let Some(kind) = self.kind_of(item.kind.as_ref(), ctx, item.span) else {
                            continue;
                        };
                        if ctx.neutral[kind] {
                            let span = item.kind.as_ref().map_or(item.span, |k| k.span);
                            self.report(
                                Kind::NeutralKindOwned {
                                    kind: ctx.kinds[kind].clone(),
                                    how: "set up for a player",
                                },
                                span,
                            );
                            continue;
                        }
                        kind
                    }
                };
                let height = match &item.stack {
                    Some(n) => match self.number_in(n, 1, MAX_PIECES as u64, "a stack height") {
                        Some(h) => h as u32,
                        None => continue,
                    },
                    None => 1,
                };
                let cells = {
                    let env = ctx.env();
                    // A neutral piece's region is read as the second
                    // player's, as it was when neutral was player 2.
                    self.regions.eval(
                        &env,
                        &item.region,
                        player.unwrap_or(PlayerId::SECOND),
                        None,
                        &mut self.diags,
                    )
                };
                if cells.is_empty() && !self.error_within(item.region.span) {
                    self.diags.push(Diagnostic::new(
                        Kind::EmptyRegion(EmptyUse::Setup),
                        item.region.span,
                    ));
                }
                for cell in cells.iter() {
                    if let Some(first) = placed_by.get(&cell) {
                        let first = *first;
                        self.diags.push(
                            Diagnostic::new(
                                Kind::CellSetTwice {
                                    cell: ctx.board.cell_name(cell),
                                },
                                item.region.span,
                            )
                            .with_note(first, "set up here first"),
                        );
                        break;
                    }
                    placed_by.insert(cell, item.span);
                    pieces.push(SetupPiece {
                        cell,
                        player,
                        kind,
                        height,
                    });
                }
            }
        }
        pieces.sort_by_key(|p| p.cell);
        pieces
    }

    /// The kind a declaration names, or the only kind when it names none.
    pub(crate) fn kind_of(
        &mut self,
        name: Option<&Spanned<String>>,
        ctx: &Context,
        span: Span,
    ) -> Option<KindId> {
        match name {
            Some(n) => match ctx.kinds.iter().position(|k| *k == n.node) {
                Some(k) => Some(KindId::new(k)),
                None if self.kinds_unread => None,
                None => {
                    let suggestion =
                        match diag::nearest(&n.node, ctx.kinds.iter().map(String::as_str)) {
                            Some(k) => Suggestion::Nearest(k.to_string()),
                            None => Suggestion::Known(ctx.kinds.to_vec()),
                        };
                    self.report(
                        Kind::UnknownPiece {
                            name: n.node.clone(),
                            suggestion,
                        },
                        n.span,
                    );
                    None
                }
            },
            None if ctx.kinds.len() == 1 => Some(KindId::new(0)),
            None => {
                self.report(
                    Kind::KindNotSaid {
                        kinds: ctx.kinds.to_vec(),
                    },
                    span,
                );
                None
            }
        }
    }

    pub(super) fn reserve(&mut self, decls: &[Decl], ctx: &Context) -> PerPlayer<Vec<u32>> {
        let mut reserve = [vec![0; ctx.kinds.len()], vec![0; ctx.kinds.len()]];
        for d in decls {
            let DeclKind::Reserve(items) = &d.kind else {
                continue;
            };
            for item in items {
                let players: Vec<usize> = match &item.player {
                    None => vec![0, 1],
                    Some(p) => match ctx.player_names.iter().position(|n| *n == p.node) {
                        Some(i) => vec![i],
                        None => {
                            self.diags
                                .push(unknown_player(p.span, &p.node, &ctx.player_names));
                            continue;
                        }
                    },
                };
                let Some(kind) = self.kind_of(item.kind.as_ref(), ctx, item.span) else {
                    continue;
                };
                if ctx.neutral[kind] {
                    let span = item.kind.as_ref().map_or(item.span, |k| k.span);
                    self.report(
                        Kind::NeutralKindOwned {
                            kind: ctx.kinds[kind].clone(),
                            how: "held in reserve (a player places them without one)",
                        },
                        span,
                    );
                    continue;
                }
                let Some(count) = self.number_in(&item.count, 0, MAX_PIECES as u64, "a reserve")
                else {
                    continue;
                };
                for p in players {
                    reserve[p][kind] = count as u32;
                }
            }
        }
        reserve
    }
}

/// What a setup line's first word that names no player was meant as: a
/// kind written without its player, or a cell after a missing comma
/// (`White on d4 e5` reads `e5` as the next line's player).
fn setup_name_read_as(name: &str, ctx: &Context) -> Option<String> {
    let player = ctx.player_names.first().map_or("White", String::as_str);
    if ctx.kinds.iter().any(|k| k == name) {
        return Some(format!(
            "`{name}` is a kind of piece: a setup line starts with its player, \
             `{player} {name} on …`, unless the kind is `neutral {name}` in `pieces`"
        ));
    }
    crate::syntax::looks_like_cell(name).then(|| {
        format!("`{name}` reads as a cell: the cells of a setup line are set off by commas (`on d4, e5`)")
    })
}
