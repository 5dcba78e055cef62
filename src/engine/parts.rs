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
use crate::rules::{CellSet, Compulsion};

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
            Ok(Some((mv, next))) => {
                // Where captures are mandatory, the move must take as
                // many as the rule asks of the position's moves.
                let Some(compulsion) = self.rules.mandatory_captures else {
                    return Ok((mv, next));
                };
                let ((most, _), overrun) = budget::metered(WORK_PER_LISTING, || {
                    self.most_taken_by_parts(pos, scratch, None)
                });
                if let Some(why) = overrun {
                    return Err(ParseError::Unlisted {
                        text: text.trim().to_string(),
                        why,
                    });
                }
                let taken = pos.enemy_pieces_taken(&next);
                if taken < least(compulsion, most) {
                    return Err(ParseError::MustTake {
                        text: text.trim().to_string(),
                        taken,
                        most,
                    });
                }
                Ok((mv, next))
            }
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
    pub(super) fn find_by_parts(
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
            // Where captures are mandatory, a draw that takes too few is
            // drawn again, and after many a move that takes the most is
            // played: legal, if not uniform.
            let (least, fallback) = match self.rules.mandatory_captures {
                Some(compulsion) => {
                    let (most, example) = self.most_taken_by_parts(pos, scratch, Some(rng));
                    (least(compulsion, most), example)
                }
                None => (0, None),
            };
            for _ in 0..TRIES {
                let drawn = self.try_random_by_parts(pos, rng, scratch);
                if budget::stopped() {
                    return None;
                }
                if drawn
                    .as_ref()
                    .is_some_and(|(_, next)| pos.enemy_pieces_taken(next) >= least)
                {
                    return drawn;
                }
            }
            fallback
        });
        overrun.map_or(drawn, |_| None)
    }

    /// The most enemy pieces a legal move of `pos` takes off the board
    /// (converted pieces count too, as `captures are mandatory` reads it)
    /// and one such move (drawn with `rng` among those walked, if given),
    /// found one part at a time where the moves are too many to list;
    /// `(0, None)` when no move takes. Only turns that may still take are
    /// walked (see [`TakingWalk`]). Within the caller's meter: cut short,
    /// it is not to be trusted.
    fn most_taken_by_parts(
        &self,
        pos: &Position,
        scratch: &mut Successors,
        rng: Option<&mut Rng>,
    ) -> (u32, Option<(Move, Position)>) {
        let parts = &self.rules.parts;
        let Some(last_taking) = parts
            .iter()
            .rposition(|p| p.options.iter().any(|o| self.rules.option_may_take(o)))
        else {
            return (0, None);
        };
        let mut walk = TakingWalk {
            engine: self,
            start: pos,
            // Pieces removed when cut off are counted at the turn's end,
            // so no turn can be left before it.
            last_taking: if self.rules.remove_disconnected.is_some() {
                parts.len()
            } else {
                last_taking
            },
            most: (0, None),
            ties: 0,
            rng,
        };
        walk.walk(0, pos, Played::PASS, Earlier::default(), scratch);
        walk.most
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

/// The fewest pieces a legal move takes, where a move of the position
/// takes at most `most`.
fn least(compulsion: Compulsion, most: u32) -> u32 {
    match compulsion {
        _ if most == 0 => 0,
        Compulsion::Any => 1,
        Compulsion::Most => most,
    }
}

/// A walk of a turn's parts for the move that takes the most. Past the
/// last part with an option that may take, a turn that has taken nothing
/// is left (none of its moves takes), and one that has is finished once:
/// the parts after it take no more.
struct TakingWalk<'e> {
    engine: &'e Engine,
    start: &'e Position,
    last_taking: usize,
    /// The most taken so far, and a move that takes it.
    most: (u32, Option<(Move, Position)>),
    /// The moves walked that take the most: each is kept with
    /// probability one in their number so far, when drawn with `rng`.
    ties: u64,
    rng: Option<&'e mut Rng>,
}

impl TakingWalk<'_> {
    /// Walks the turns that go on from `cur`, where `mv` has played the
    /// parts before `part`; true once one is finished past the last part
    /// that may take (its other endings take no more).
    fn walk(
        &mut self,
        part: usize,
        cur: &Position,
        mv: Played,
        earlier: Earlier,
        scratch: &mut Successors,
    ) -> bool {
        let engine = self.engine;
        let parts = &engine.rules.parts;
        let past = part > self.last_taking;
        if budget::stopped() || past && self.start.enemy_pieces_taken(cur) == 0 {
            return false;
        }
        if part >= parts.len() || cur.result.is_some() {
            let mut trail = Vec::new();
            let Some(next) = engine.play_checked(self.start, &mv, &mut trail) else {
                return false;
            };
            let took = self.start.enemy_pieces_taken(&next);
            if took > self.most.0 {
                self.most = (took, Some((mv.mv, next)));
                self.ties = 1;
            } else if took == self.most.0 && took > 0 {
                self.ties += 1;
                if let Some(rng) = self.rng.as_deref_mut()
                    && rng.below(self.ties as usize) == 0
                {
                    self.most.1 = Some((mv.mv, next));
                }
            }
            return past;
        }
        let player = self.start.to_move();
        let acts = engine.list_part(part, cur, earlier, scratch);
        let ways: Vec<(Act, CellSet)> = acts
            .iter()
            .map(|w| (w.act, w.captured(&scratch.captures)))
            .collect();
        scratch.acts[part] = acts;
        let mut trail = Vec::new();
        for (act, jumped) in ways {
            let mut next = cur.clone();
            if engine
                .play_act(part, &mut next, &act, jumped, &mut trail)
                .is_err()
            {
                continue;
            }
            let mut longer = mv;
            longer.push(act, jumped);
            let earlier = engine.earlier_after(part, &act, player, earlier);
            if self.walk(part + 1, &next, longer, earlier, scratch) && past {
                return true;
            }
        }
        parts[part].optional && self.walk(part + 1, cur, mv, earlier, scratch)
    }
}

#[cfg(test)]
mod tests {
    use super::super::notation::ParseError;
    use super::super::{Engine, Successors};
    use crate::check::Origin;
    use crate::load::check_source;
    use crate::rng::Rng;
    use crate::rules::PlayerId;

    /// Part by part too, a capture is mandatory where one is: a typed
    /// turn that takes nothing is refused (and the prompt's reason says
    /// so), and every turn drawn takes.
    #[test]
    fn captures_stay_mandatory_part_by_part() {
        let text = "board 6 x 6\nplayers A, B\nsetup\n  A on ranks 1..2\n  B on a3, f6\n\
                    move relocate\nmove step any onto enemy\nthen must relocate\ncaptures are mandatory\n";
        let checked = check_source("taking.game", text, Origin::Memory);
        assert!(checked.rules.is_some(), "{:?}", checked.diagnostics);
        let engine = Engine::new(checked.rules.unwrap());
        let start = engine.start();
        let mut scratch = Successors::default();
        let refused = engine.parse_by_parts(&start, "c2-c5/d2-d5", &mut scratch);
        assert!(
            matches!(
                refused,
                Err(ParseError::MustTake {
                    taken: 0,
                    most: 1,
                    ..
                })
            ),
            "{refused:?}"
        );
        let reason = engine.explain(&start, "c2-c5/d2-d5").unwrap_or_default();
        assert!(
            reason.starts_with("a capture is mandatory here"),
            "{reason}"
        );
        let (_, next) = engine
            .parse_by_parts(&start, "b2xa3/a1-b2", &mut scratch)
            .expect("a capture");
        assert_eq!(next.on_board(PlayerId::SECOND), 1);
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let (_, drawn) = engine
                .random_by_parts(&start, &mut rng, &mut scratch)
                .expect("a move");
            assert_eq!(drawn.on_board(PlayerId::SECOND), 1, "seed {seed}");
        }
    }

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
