//! Playing a turn part by part, where its whole-turn moves are too many
//! to list (see `budget.rs`): a typed move is read one part at a time,
//! each part's acts listed on the position the earlier parts left, and a
//! computer picks one act a part. Only one part is ever listed at once,
//! so a turn of many parts stays playable when the product of its parts
//! does not fit.

use super::budget;
use super::generate::Listing;
use super::moves::Act;
use super::moves::Played;
use super::notation::{ParseError, Qualify, normalize, without_arrow};
use super::{Earlier, Engine, Move, Position, Successors, WORK_PER_LISTING};
use crate::rng::Rng;
use crate::rules::CellSet;

/// Tries a random part-by-part draw makes before it gives up.
const TRIES: usize = 64;

impl Engine {
    /// The move `text` names in `pos` (its acts separated by `/`, as
    /// notation writes them) and the position it leads to, found one part
    /// at a time. `scratch` is reused.
    pub fn parse_by_parts(
        &self,
        pos: &Position,
        text: &str,
        scratch: &mut Successors,
    ) -> Result<(Move, Position), ParseError> {
        let (found, overrun) =
            budget::metered(WORK_PER_LISTING, || self.find_by_parts(pos, text, scratch));
        if let Some(why) = overrun {
            return Err(ParseError::Unlisted {
                text: text.trim().to_string(),
                why,
            });
        }
        found.ok_or_else(|| ParseError::NoSuchTurn {
            text: text.trim().to_string(),
        })
    }

    fn find_by_parts(
        &self,
        pos: &Position,
        text: &str,
        scratch: &mut Successors,
    ) -> Option<(Move, Position)> {
        scratch.trail.clear();
        let wanted: Vec<String> = text.split('/').map(normalize).collect();
        let player = pos.to_move();
        let parts = &self.rules.parts;
        let mut cur = pos.clone();
        let mut mv = Played::PASS;
        let mut earlier = Earlier::default();
        let mut part = 0;
        for segment in &wanted {
            // An optional part the text does not play is left out.
            let (act, jumped) = loop {
                if part >= parts.len() || cur.result.is_some() {
                    return None;
                }
                match self.act_named(part, &cur, earlier, segment, scratch) {
                    Some(found) => break found,
                    None if parts[part].optional => part += 1,
                    None => return None,
                }
            };
            self.play_act(part, &mut cur, &act, jumped, &mut scratch.trail)
                .ok()?;
            earlier = self.earlier_after(part, &act, player, earlier);
            mv.push(act, jumped);
            part += 1;
        }
        scratch.trail.clear();
        // Every check again, and the turn must be able to end here.
        let next = self.play_checked(pos, &mv, &mut scratch.trail)?;
        Some((mv.mv, next))
    }

    /// The act of `part` on `pos` that notation writes as `segment`
    /// (entry arrows may be left out), with the pieces it captures.
    fn act_named(
        &self,
        part: usize,
        pos: &Position,
        earlier: Earlier,
        segment: &str,
        scratch: &mut Successors,
    ) -> Option<(Act, CellSet)> {
        let player = pos.to_move();
        let acts = self.list_part(part, pos, earlier, scratch);
        let texts = |act: &Act, jumped| normalize(&self.act_text(pos, player, act, jumped));
        // Plainly, or led by its rule's word (only those have a `:`).
        let reads_as = |act: &Act, jumped| {
            let text = texts(act, jumped);
            text == *segment
                || segment.contains(':')
                    && [Qualify::Verb, Qualify::Numbered]
                        .iter()
                        .any(|&q| normalize(&self.qualifier(act, q)) + &text == *segment)
        };
        let exact = acts
            .iter()
            .map(|w| (w.act, w.captured(&scratch.captures)))
            .find(|(act, jumped)| reads_as(act, *jumped));
        let found = exact.or_else(|| {
            let mut loose = acts
                .iter()
                .map(|w| (w.act, w.captured(&scratch.captures)))
                .filter(|(act, jumped)| {
                    // An arrow may be left out, not written wrong.
                    without_arrow(segment) == segment
                        && without_arrow(&texts(act, *jumped)) == segment
                });
            let first = loose.next();
            // Without its arrow a text may name several acts: then none.
            if loose.next().is_some() { None } else { first }
        });
        scratch.acts[part] = acts;
        found
    }

    /// The acts of one part on `pos`, one way each, in `scratch`'s buffer
    /// for the part (to be put back there) and its capture sets.
    fn list_part(
        &self,
        part: usize,
        pos: &Position,
        earlier: Earlier,
        scratch: &mut Successors,
    ) -> Vec<super::generate::Way> {
        let mut acts = std::mem::take(&mut scratch.acts[part]);
        acts.clear();
        scratch.captures.clear();
        self.acts_of_part(
            part,
            pos,
            earlier,
            &mut Listing {
                ways: &mut acts,
                sets: &mut scratch.captures,
                ordered: true,
            },
        );
        acts
    }

    /// A legal move of `pos` drawn one part at a time (an act of each part
    /// at random, an optional part left out as often as any one of its
    /// acts is chosen), and the position it leads to; `None` when no try
    /// finds one. Not uniform over the moves, which cannot be listed: the
    /// way a computer still plays where they are too many.
    pub fn random_by_parts(
        &self,
        pos: &Position,
        rng: &mut Rng,
        scratch: &mut Successors,
    ) -> Option<(Move, Position)> {
        let (drawn, overrun) = budget::metered(WORK_PER_LISTING, || {
            for _ in 0..TRIES {
                let drawn = self.try_random_by_parts(pos, rng, scratch);
                if drawn.is_some() || budget::stopped() {
                    return drawn;
                }
            }
            None
        });
        overrun.map_or(drawn, |_| None)
    }

    fn try_random_by_parts(
        &self,
        pos: &Position,
        rng: &mut Rng,
        scratch: &mut Successors,
    ) -> Option<(Move, Position)> {
        scratch.trail.clear();
        let player = pos.to_move();
        let parts = &self.rules.parts;
        let mut cur = pos.clone();
        let mut mv = Played::PASS;
        let mut earlier = Earlier::default();
        for (part, rules) in parts.iter().enumerate() {
            if cur.result.is_some() {
                break;
            }
            let acts = self.list_part(part, &cur, earlier, scratch);
            let skip = usize::from(rules.optional);
            if acts.len() + skip == 0 {
                scratch.acts[part] = acts;
                return None;
            }
            let pick = rng.below(acts.len() + skip);
            if pick == acts.len() {
                scratch.acts[part] = acts;
                continue;
            }
            let (act, jumped) = (acts[pick].act, acts[pick].captured(&scratch.captures));
            scratch.acts[part] = acts;
            self.play_act(part, &mut cur, &act, jumped, &mut scratch.trail)
                .ok()?;
            earlier = self.earlier_after(part, &act, player, earlier);
            mv.push(act, jumped);
        }
        scratch.trail.clear();
        let next = self.play_checked(pos, &mv, &mut scratch.trail)?;
        Some((mv.mv, next))
    }
}
