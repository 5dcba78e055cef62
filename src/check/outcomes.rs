//! How goals combine: which pieces count as connected, and which outcome
//! wins when several goals hold at once (`precedence`).

use super::Checker;
use crate::diag::{Kind, Spanned};
use crate::rules::{DirSet, Rules};
use crate::syntax::ast;
use crate::syntax::ast::{Decl, DeclKind, DirWord};

impl Checker {
    pub(super) fn connectivity(
        &mut self,
        word: Option<&Spanned<DirWord>>,
        default: DirSet,
    ) -> DirSet {
        let square = match word.map(|w| (w.node, w.span)) {
            None => default,
            Some((DirWord::Orthogonal, _)) => DirSet::ORTHOGONAL,
            Some((DirWord::Diagonal, _)) => DirSet::DIAGONAL,
            Some((DirWord::Any, _)) => DirSet::ANY,
            Some((other, span)) => {
                self.report(
                    Kind::ConnectedDirection {
                        word: other.word().to_string(),
                    },
                    span,
                );
                default
            }
        };
        super::on_shape(square, self.shape)
    }

    pub(super) fn precedence(
        &mut self,
        decl: Option<&Decl>,
    ) -> [(crate::rules::Side, crate::rules::GoalOutcome); 4] {
        use crate::rules::{GoalOutcome, Side};
        let Some(Decl {
            kind: DeclKind::Precedence(items),
            span,
        }) = decl
        else {
            return Rules::DEFAULT_PRECEDENCE;
        };
        let convert = |(s, o): (ast::SideWord, ast::OutcomeWord)| {
            (
                match s {
                    ast::SideWord::Mover => Side::Mover,
                    ast::SideWord::Opponent => Side::Opponent,
                },
                match o {
                    ast::OutcomeWord::Wins => GoalOutcome::Wins,
                    ast::OutcomeWord::Loses => GoalOutcome::Loses,
                },
            )
        };
        let mut out: Vec<(Side, GoalOutcome)> = Vec::new();
        let mut ok = true;
        for item in items {
            let v = convert(item.node);
            if out.contains(&v) {
                self.report(Kind::OutcomeTwice, item.span);
                ok = false;
            } else {
                out.push(v);
            }
        }
        if ok && out.len() != 4 {
            let missing: Vec<String> = Rules::DEFAULT_PRECEDENCE
                .iter()
                .filter(|v| !out.contains(v))
                .map(|(s, o)| {
                    format!(
                        "`{} {}`",
                        if *s == Side::Mover {
                            "mover"
                        } else {
                            "opponent"
                        },
                        if *o == GoalOutcome::Wins {
                            "wins"
                        } else {
                            "loses"
                        }
                    )
                })
                .collect();
            self.report(Kind::OutcomesMissing { missing }, *span);
            ok = false;
        }
        if ok {
            [out[0], out[1], out[2], out[3]]
        } else {
            Rules::DEFAULT_PRECEDENCE
        }
    }
}
