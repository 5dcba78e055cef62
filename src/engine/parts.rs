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
        match found {
            Ok(Some(found)) => Ok(found),
            Ok(None) => Err(ParseError::NoSuchTurn {
                text: text.trim().to_string(),
            }),
            Err(options) => Err(ParseError::Ambiguous {
                text: text.trim().to_string(),
                options,
            }),
        }
    }

    /// The move `text` names, `None` where none does, or the spellings of
    /// the acts a part of it could mean where they lead apart.
    fn find_by_parts(
        &self,
        pos: &Position,
        text: &str,
        scratch: &mut Successors,
    ) -> Result<Option<(Move, Position)>, Vec<String>> {
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
                    return Ok(None);
                }
                match self.act_named(part, &cur, earlier, segment, scratch)? {
                    Some(found) => break found,
                    None if parts[part].optional => part += 1,
                    None => return Ok(None),
                }
            };
            if self
                .play_act(part, &mut cur, &act, jumped, &mut scratch.trail)
                .is_err()
            {
                return Ok(None);
            }
            earlier = self.earlier_after(part, &act, player, earlier);
            mv.push(act, jumped);
            part += 1;
        }
        scratch.trail.clear();
        // Every check again, and the turn must be able to end here.
        Ok(self
            .play_checked(pos, &mv, &mut scratch.trail)
            .map(|next| (mv.mv, next)))
    }

    /// The notation of a move of `pos` where the position's moves are too
    /// many to list (so that [`Engine::notations`] cannot weigh them):
    /// each act as plainly as reads it apart from the other acts of its
    /// part that lead elsewhere, as [`Engine::parse_by_parts`] reads it
    /// back (a step of a rule that flanks and one of a rule that does not
    /// are `step#1:a1-a2` and `step#2:a1-a2`).
    pub(super) fn parts_notation(&self, pos: &Position, played: &Played) -> String {
        let player = pos.to_move();
        let mut scratch = Successors::default();
        let mut cur = pos.clone();
        let mut earlier = Earlier::default();
        let mut texts = Vec::with_capacity(played.mv.len as usize);
        for (act, jumped) in played.acts() {
            let part = act.part as usize;
            let acts = self.list_part(part, &cur, earlier, &mut scratch);
            let ways: Vec<(Act, CellSet)> = acts
                .iter()
                .map(|w| (w.act, w.captured(&scratch.captures)))
                .collect();
            scratch.acts[part] = acts;
            let rivals = self.rivals(part, &cur, &ways, (act, jumped));
            let level = [Qualify::Plain, Qualify::Verb, Qualify::Numbered]
                .into_iter()
                .find(|&level| {
                    let own = self.qualifier(act, level);
                    rivals.iter().all(|(r, _)| self.qualifier(r, level) != own)
                })
                .unwrap_or(Qualify::Numbered);
            texts.push(self.qualifier(act, level) + &self.act_text(&cur, player, act, jumped));
            if self
                .play_act(part, &mut cur, act, jumped, &mut scratch.trail)
                .is_err()
            {
                break;
            }
            earlier = self.earlier_after(part, act, player, earlier);
        }
        texts.join("/")
    }

    /// The acts of `ways` (one part's listing on `pos`) that are written
    /// as `act` is, plainly, but lead to another position.
    fn rivals(
        &self,
        part: usize,
        pos: &Position,
        ways: &[(Act, CellSet)],
        (act, jumped): (&Act, CellSet),
    ) -> Vec<(Act, CellSet)> {
        let player = pos.to_move();
        let text = self.act_text(pos, player, act, jumped);
        let mut trail = Vec::new();
        let mine = self.try_act(part, pos, act, jumped, &mut trail).ok();
        ways.iter()
            .filter(|(other, taken)| {
                (other != act || *taken != jumped)
                    && self.act_text(pos, player, other, *taken) == text
                    && self.try_act(part, pos, other, *taken, &mut trail).ok() != mine
            })
            .copied()
            .collect()
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
    ) -> Result<Option<(Act, CellSet)>, Vec<String>> {
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
        let ways: Vec<(Act, CellSet)> = acts
            .iter()
            .map(|w| (w.act, w.captured(&scratch.captures)))
            .collect();
        let exact = ways
            .iter()
            .copied()
            .find(|(act, jumped)| reads_as(act, *jumped));
        // Read as written, an act must not be one of several that lead
        // apart (`a1-a2` by a rule that flanks and by one that does not).
        if let Some((act, jumped)) = exact {
            let rivals: Vec<(Act, CellSet)> = self
                .rivals(part, pos, &ways, (&act, jumped))
                .into_iter()
                .filter(|(other, taken)| reads_as(other, *taken))
                .collect();
            if !rivals.is_empty() {
                scratch.acts[part] = acts;
                let text = self.act_text(pos, player, &act, jumped);
                return Err(std::iter::once(act)
                    .chain(rivals.iter().map(|(r, _)| *r))
                    .map(|a| self.qualifier(&a, Qualify::Numbered) + &text)
                    .collect());
            }
        }
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
        Ok(found)
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

#[cfg(test)]
mod tests {
    use super::super::notation::ParseError;
    use super::super::{Engine, Successors};
    use crate::check::Origin;
    use crate::load::check_source;

    /// Read part by part, a plain act that two rules play apart (a step
    /// that flanks and one that does not) is ambiguous, and the notation
    /// written for such a position reads back as the move it was: a record
    /// of a game too big to list once replayed with another capture.
    #[test]
    fn acts_that_read_alike_are_written_apart_and_read_back() {
        let text = "board 6 x 6\nplayers White, Black\nsetup\n  White on a1, c4\n  Black on b3, a5\n\
                    move step any onto empty, capturing flanked enemies\nmove step any onto empty\n\
                    then may step any onto empty\n";
        let checked = check_source("flank.game", text, Origin::Memory);
        assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
        let engine = Engine::new(checked.rules.unwrap());
        let start = engine.start();
        let mut scratch = Successors::default();
        let Err(ParseError::Ambiguous { options, .. }) =
            engine.parse_by_parts(&start, "a1-a2", &mut scratch)
        else {
            panic!("`a1-a2` is two moves here");
        };
        assert_eq!(options, ["step#1:a1-a2", "step#2:a1-a2"]);
        for (typed, b3_taken) in [("step#1:a1-a2", true), ("step#2:a1-a2/c4-c5", false)] {
            let (mv, next) = engine
                .parse_by_parts(&start, typed, &mut scratch)
                .expect("a legal move");
            let b3 = engine.rules().board.parse_cell("b3").expect("a cell");
            assert_eq!(next.owner(b3).is_none(), b3_taken, "{typed}");
            let mut trail = Vec::new();
            let played = engine.played(&start, &mv, &mut trail).expect("played");
            let written = engine.parts_notation(&start, &played);
            assert_eq!(written, typed);
            let (_, again) = engine
                .parse_by_parts(&start, &written, &mut scratch)
                .expect("read back");
            assert!(again == next, "{written}");
        }
    }
}
