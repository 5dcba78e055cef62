//! `turns`: the order in which the players move, as a prefix and a
//! repeating cycle.

use super::Checker;
use super::regions::unknown_player;
use crate::diag::{Kind, Spanned};
use crate::rules::{PlayerId, TurnOrder};
use crate::syntax::ast::{Decl, DeclKind};

impl Checker {
    pub(super) fn turn_order(
        &mut self,
        decl: Option<&Decl>,
        players: &[String; 2],
    ) -> Option<TurnOrder> {
        let Some(Decl {
            kind: DeclKind::Turns { order, repeat },
            span,
        }) = decl
        else {
            return Some(TurnOrder {
                prefix: vec![],
                cycle: PlayerId::BOTH.to_vec(),
            });
        };
        let ids = |names: &[Spanned<String>], this: &mut Checker| -> Option<Vec<PlayerId>> {
            let mut out = Vec::new();
            let mut ok = true;
            for n in names {
                match players.iter().position(|p| *p == n.node) {
                    Some(i) => out.push(PlayerId::new(i)),
                    None => {
                        this.diags.push(unknown_player(n.span, &n.node, players));
                        ok = false;
                    }
                }
            }
            ok.then_some(out)
        };
        let listed = order.len() + repeat.as_ref().map_or(0, Vec::len);
        if listed > MAX_TURN_PATTERN {
            self.report(
                Kind::TurnOrderTooLong {
                    listed,
                    max: MAX_TURN_PATTERN,
                },
                *span,
            );
            return None;
        }
        let order_ids = ids(order, self);
        let repeat_ids = repeat.as_ref().map(|r| ids(r, self));
        let (prefix, cycle) = match (order_ids, repeat_ids) {
            (Some(o), None) => (vec![], o),
            (Some(o), Some(Some(r))) => (o, r),
            _ => return None,
        };
        for (p, name) in players.iter().enumerate() {
            if !cycle.contains(&PlayerId::new(p)) {
                self.report(Kind::PlayerNeverMoves { name: name.clone() }, *span);
                return None;
            }
        }
        Some(normalize_turns(prefix, cycle))
    }
}

/// The most turns a `turns` declaration may list.
const MAX_TURN_PATTERN: usize = 1000;

/// Shortens the prefix while its last player is also the cycle's last:
/// `D L L, then repeat D L` becomes `D L, then repeat L D`, so that two
/// places with the same future are one place.
fn normalize_turns(mut prefix: Vec<PlayerId>, mut cycle: Vec<PlayerId>) -> TurnOrder {
    while let (Some(&p), Some(&c)) = (prefix.last(), cycle.last()) {
        if p != c {
            break;
        }
        prefix.pop();
        cycle.rotate_right(1);
    }
    // A cycle that repeats a shorter one is that shorter one.
    let n = cycle.len();
    for len in 1..n {
        if n.is_multiple_of(len) && (0..n).all(|i| cycle[i] == cycle[i % len]) {
            cycle.truncate(len);
            break;
        }
    }
    TurnOrder { prefix, cycle }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(players: &[usize]) -> Vec<PlayerId> {
        players.iter().map(|&p| PlayerId::new(p)).collect()
    }

    #[test]
    pub(super) fn equalized_turns_share_places_with_the_same_future() {
        // Dark, Light, Light, then Dark, Light repeating.
        let t = normalize_turns(ids(&[0, 1, 1]), ids(&[0, 1]));
        assert_eq!(t.prefix, ids(&[0, 1]));
        assert_eq!(t.cycle, ids(&[1, 0]));
        let seq: Vec<usize> = std::iter::successors(Some(0), |p| Some(t.next(*p)))
            .take(7)
            .map(|p| t.player_at(p).index())
            .collect();
        assert_eq!(seq, vec![0, 1, 1, 0, 1, 0, 1]);
    }

    #[test]
    pub(super) fn a_plain_alternation_has_no_prefix() {
        let t = normalize_turns(vec![], ids(&[0, 1, 0, 1]));
        assert_eq!(
            t,
            TurnOrder {
                prefix: vec![],
                cycle: ids(&[0, 1])
            }
        );
    }
}
