//! `region` declarations: names defined once, per player or for both, and
//! evaluated to cell sets where they are used.

use std::collections::HashSet;

use super::regions::{RegionDef, unknown_player};
use super::{Checker, Context};
use crate::diag::{Diagnostic, Kind, NameClash, Spanned};
use crate::rules::{Cell, PlayerId};
use crate::rules::{CellSet, NamedRegion, PerPlayer};
use crate::syntax::{ast, looks_like_cell};

impl Checker {
    pub(super) fn define_region(
        &mut self,
        name: &Spanned<String>,
        player: Option<&Spanned<String>>,
        region: &ast::Region,
        players: &[String; 2],
    ) {
        const BUILTIN: &[&str] = &["board", "edge", "corners", "dark", "light", "forward-cone"];
        if BUILTIN.contains(&name.node.as_str()) {
            self.report(
                Kind::RegionNameTaken {
                    name: name.node.clone(),
                    clash: NameClash::Builtin,
                },
                name.span,
            );
            return;
        }
        if !crate::syntax::is_name(&name.node) {
            self.report(
                Kind::RegionNameTaken {
                    name: name.node.clone(),
                    clash: NameClash::Word,
                },
                name.span,
            );
            return;
        }
        if looks_like_cell(&name.node) {
            self.report(
                Kind::RegionNameTaken {
                    name: name.node.clone(),
                    clash: NameClash::Cell,
                },
                name.span,
            );
            return;
        }
        let index = match player {
            Some(p) => match players.iter().position(|n| *n == p.node) {
                Some(i) => Some(i),
                None => {
                    self.diags.push(unknown_player(p.span, &p.node, players));
                    self.regions.refused.insert(name.node.clone());
                    return;
                }
            },
            None => None,
        };
        let entry = self
            .regions
            .defs
            .entry(name.node.clone())
            .or_insert_with(|| (None, [None, None]));
        let clash = match index {
            None => entry
                .0
                .as_ref()
                .or(entry.1[0].as_ref())
                .or(entry.1[1].as_ref()),
            Some(i) => entry.1[i].as_ref().or(entry.0.as_ref()),
        };
        if let Some(first) = clash {
            let first_span = first.name_span;
            let whose = player.map_or(String::new(), |p| format!(" for {}", p.node));
            self.diags.push(
                Diagnostic::new(
                    Kind::Duplicate {
                        thing: "region",
                        name: name.node.clone(),
                        whose,
                    },
                    name.span,
                )
                .with_note(first_span, "first defined here"),
            );
            return;
        }
        let def = RegionDef {
            name_span: name.span,
            region: region.clone(),
        };
        match index {
            None => entry.0 = Some(def),
            Some(i) => entry.1[i] = Some(def),
        }
    }

    /// Evaluates a region for both players.
    pub(crate) fn region(&mut self, ctx: &Context, region: &ast::Region) -> PerPlayer<CellSet> {
        let env = ctx.env();
        PlayerId::BOTH.map(|p| self.regions.eval(&env, region, p, None, &mut self.diags))
    }

    /// Evaluates a region that may use `forward-cone`, for each player and cell.
    pub(crate) fn region_from_each_cell(
        &mut self,
        ctx: &Context,
        region: &ast::Region,
    ) -> PerPlayer<Vec<CellSet>> {
        let env = ctx.env();
        let cells = ctx.board.size();
        PlayerId::BOTH.map(|p| {
            (0..cells)
                .map(|c| {
                    let c = Cell::new(c);
                    if ctx.board.cells.contains(c) {
                        // Only the first cell's errors are worth reporting: the rest repeat them.
                        let mut scratch = Vec::new();
                        let diags = if c == ctx.board.cells.iter().next().unwrap_or_default()
                            && p.index() == 0
                        {
                            &mut self.diags
                        } else {
                            &mut scratch
                        };
                        self.regions.eval(&env, region, p, Some(c), diags)
                    } else {
                        CellSet::EMPTY
                    }
                })
                .collect()
        })
    }

    pub(crate) fn region_uses_cell(&self, region: &ast::Region) -> bool {
        self.regions.uses_origin(region)
    }

    pub(super) fn named_regions(&mut self, ctx: &Context) -> Vec<NamedRegion> {
        let mut names: Vec<String> = self.regions.defs.keys().cloned().collect();
        names.sort();
        let env = ctx.env();
        let mut out = Vec::new();
        let using_origin: HashSet<String> = self
            .regions
            .names_using_origin()
            .into_iter()
            .map(str::to_string)
            .collect();
        // Listing a region for display does not count as using it.
        self.regions.listing = true;
        for name in names {
            // A region that depends on a piece's cell has no cells of its own.
            if using_origin.contains(&name) {
                continue;
            }
            let (all, per) = &self.regions.defs[&name];
            let defined = PlayerId::BOTH.map(|p| per[p].is_some() || all.is_some());
            let spans = PlayerId::BOTH.map(|p| {
                per[p]
                    .as_ref()
                    .or(all.as_ref())
                    .map(|d| d.name_span)
                    .unwrap_or_default()
            });
            let mut scratch = Vec::new();
            let cells = PlayerId::BOTH.map(|p| {
                if defined[p] {
                    let span = spans[p];
                    let region = ast::Region {
                        expr: ast::RegionExpr::Named {
                            owner: Some(ast::RegionOwner::Player(Spanned::new(
                                ctx.player_names[p].clone(),
                                span,
                            ))),
                            name: Spanned::new(name.clone(), span),
                        },
                        span,
                    };
                    self.regions.eval(&env, &region, p, None, &mut scratch)
                } else {
                    CellSet::EMPTY
                }
            });
            // Errors inside region definitions that nothing uses still matter.
            self.diags.extend(scratch);
            out.push(NamedRegion { name, cells });
        }
        self.regions.listing = false;
        out
    }
}
