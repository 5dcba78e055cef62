//! `move` and `then` declarations → the parts of a turn and their options.

use super::{Checker, Context};
use crate::diag::{Diagnostic, EmptyUse, Kind, Span, Spanned};
use crate::rules::{
    Action, Cell, CellSet, Dir, DirSet, Distance, EntryLine, Fill, Flank, HeightCompare, JumpDir,
    JumpLeg, MAX_PARTS, MoveRule, NearLast, Owner, Part, PerPlayer, Rules, Targets, Test, TurnSpan,
};
use crate::rules::{KindId, PlayerId};
use crate::syntax::ast::{
    self, Bound, Clause, Decl, DeclKind, MoveOption, Primitive, Pushing, TargetKind,
};

/// The most `over …` legs one jump may list.
pub(super) const MAX_JUMP_LEGS: usize = 8;

/// The most options one part of a turn may have: an act names its option
/// by one byte, and `u8::MAX` stands for none.
pub(super) const MAX_OPTIONS: usize = u8::MAX as usize;

/// The longest distance a move may name.
const MAX_DISTANCE: u64 = 64;

pub(super) fn check_parts(ch: &mut Checker, decls: &[Decl], ctx: &Context) -> Vec<Part> {
    let mut first = Part {
        optional: false,
        options: Vec::new(),
    };
    let mut later: Vec<Part> = Vec::new();
    let mut first_then: Option<Span> = None;
    for d in part_decls(decls) {
        match d {
            PartDecl::Move(option) => {
                if let Some(rule) = check_option(ch, option, ctx, 0) {
                    push_option(ch, &mut first, rule, option.span);
                }
            }
            PartDecl::Then {
                span,
                optional,
                options,
            } => {
                first_then.get_or_insert(span);
                if later.len() + 1 == MAX_PARTS {
                    ch.report(Kind::TooManyParts { max: MAX_PARTS }, span);
                    continue;
                }
                let part_index = later.len() + 1;
                let mut part = Part {
                    optional,
                    options: Vec::new(),
                };
                for o in options {
                    if let Some(rule) = check_option(ch, o, ctx, part_index) {
                        push_option(ch, &mut part, rule, o.span);
                    }
                }
                later.push(part);
            }
        }
    }
    let has_move = decls.iter().any(|d| matches!(d.kind, DeclKind::Move(_)));
    if !has_move {
        match first_then {
            Some(span) => {
                ch.report(Kind::ThenWithoutMove, span);
            }
            None => ch.missing(Kind::NoMoves),
        }
    }
    let mut parts = vec![first];
    parts.extend(later);
    parts
}

/// Adds an option to a part, reporting (once) the first option past the
/// most a part may have; the error keeps the rules from being made.
/// A declaration that makes a part of the turn: a `move` option of the
/// first part, or a `then` part.
enum PartDecl<'a> {
    Move(&'a MoveOption),
    Then {
        span: Span,
        optional: bool,
        options: &'a [MoveOption],
    },
}

/// The declarations that make the parts of a turn, in file order.
fn part_decls(decls: &[Decl]) -> impl Iterator<Item = PartDecl<'_>> {
    decls.iter().filter_map(|d| match &d.kind {
        DeclKind::Move(option) => Some(PartDecl::Move(option)),
        DeclKind::Then { optional, options } => Some(PartDecl::Then {
            span: d.span,
            optional: *optional,
            options,
        }),
        DeclKind::Game(_)
        | DeclKind::Extends(..)
        | DeclKind::Board { .. }
        | DeclKind::Players(_)
        | DeclKind::Turns { .. }
        | DeclKind::Pieces(_)
        | DeclKind::Setup(_)
        | DeclKind::Reserve(_)
        | DeclKind::Region { .. }
        | DeclKind::Limit { .. }
        | DeclKind::RemoveDisconnected { .. }
        | DeclKind::IllegalIfBothWin
        | DeclKind::MandatoryCaptures { .. }
        | DeclKind::Promote { .. }
        | DeclKind::Goal { .. }
        | DeclKind::Stuck(_)
        | DeclKind::Draw(_)
        | DeclKind::Precedence(_) => None,
    })
}

fn push_option(ch: &mut Checker, part: &mut Part, rule: MoveRule, span: Span) {
    if part.options.len() == MAX_OPTIONS {
        ch.report(Kind::TooManyOptions { max: MAX_OPTIONS }, span);
    }
    part.options.push(rule);
}

/// Per player and cell, the cells one step along the directions, and two
/// steps along one direction: where a jump from the cell passes and lands.
fn jump_rings(
    board: &crate::rules::Board,
    dirs: &PerPlayer<DirSet>,
) -> (PerPlayer<Vec<CellSet>>, PerPlayer<Vec<CellSet>>) {
    let ring = |p: usize, steps: usize| {
        (0..board.size())
            .map(|c| {
                let mut cells = CellSet::EMPTY;
                for d in dirs[p].iter() {
                    let mut at = CellSet::single(Cell::new(c));
                    for _ in 0..steps {
                        at = board.step_set(at, DirSet::single(d));
                    }
                    cells = cells.union(at);
                }
                cells
            })
            .collect()
    };
    ([ring(0, 1), ring(1, 1)], [ring(0, 2), ring(1, 2)])
}

fn check_option(
    ch: &mut Checker,
    option: &MoveOption,
    ctx: &Context,
    part: usize,
) -> Option<MoveRule> {
    let errors_before = ch.diags.iter().filter(|d| d.is_error()).count();
    let text = ch.source_text(option.span);
    let (action, kind) = check_action(ch, option, ctx);
    let mut rule = MoveRule {
        action,
        kind,
        only_if: None,
        ending_in: None,
        must_end_further_forward: false,
        must_remove: false,
        not_on_entry_line: false,
        flank: None,
        must_convert: false,
        must_continue: false,
        leaves_copy: false,
        line_count: false,
        not_over_enemies: false,
        near_last: None,
        moving_last: false,
        turns: None,
        dropping: None,
        text,
    };
    if let Primitive::Step {
        distance: Some(ast::DistanceWords::LineCount(_)),
        ..
    } = &option.primitive
    {
        rule.line_count = true;
    }
    apply_clauses(ch, option, ctx, part, &mut rule);
    let errors_after = ch.diags.iter().filter(|d| d.is_error()).count();
    (errors_after == errors_before).then_some(rule)
}

/// The primitive of an option → its action, and the piece kind it names.
fn check_action(ch: &mut Checker, option: &MoveOption, ctx: &Context) -> (Action, Option<KindId>) {
    let distance = match &option.primitive {
        Primitive::Slide { distance, .. } | Primitive::BearOff { distance, .. } => {
            distance.as_ref()
        }
        Primitive::Leap { distance, .. } => Some(distance),
        Primitive::Place { .. }
        | Primitive::Enter { .. }
        | Primitive::Relocate { .. }
        | Primitive::Step { .. }
        | Primitive::Jump { .. }
        | Primitive::Return { .. } => None,
    };
    if let Some(ast::DistanceWords::LineCount(span)) = distance {
        ch.report(
            Kind::ClauseDoesNotApply {
                clause: "by line count".to_string(),
                word: option.primitive.word().to_string(),
                fits: "`step`".to_string(),
            },
            *span,
        );
    }
    let kind;
    let action = match &option.primitive {
        Primitive::Place { kind: k, on } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            let on = match on {
                Some(r) => ch.region(ctx, r),
                None => [ctx.board.cells; 2],
            };
            warn_empty(ch, &on, option.span);
            Action::Place { on }
        }
        Primitive::Enter {
            kind: k,
            at,
            pushing,
        } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            let cells = ch.region(ctx, at);
            warn_empty(ch, &cells, at.span);
            let entries = entry_lines(ch, ctx, &cells, pushing, at.span);
            Action::Enter { entries }
        }
        Primitive::Relocate { kind: k, to } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            let to = match to {
                Some(r) => ch.region(ctx, r),
                None => [ctx.board.cells; 2],
            };
            warn_empty(ch, &to, option.span);
            Action::Relocate { to, distance: None }
        }
        Primitive::Leap { kind: k, distance } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            Action::Relocate {
                to: [ctx.board.cells; 2],
                distance: Some(check_distance(ch, Some(distance), Distance::ONE)),
            }
        }
        Primitive::Step {
            kind: k,
            dirs,
            distance,
            targets,
        } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            Action::Step {
                dirs: ctx.dirs(dirs),
                distance: check_distance(ch, distance.as_ref(), Distance::ONE),
                targets: check_targets(ch, targets),
            }
        }
        Primitive::Slide {
            kind: k,
            dirs,
            with_turns,
            distance,
            targets,
        } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            if *with_turns && distance.is_some() {
                ch.report(Kind::SlideTurnsWithDistance, option.span);
            }
            Action::Slide {
                dirs: ctx.dirs(dirs),
                with_turns: *with_turns,
                distance: check_distance(ch, distance.as_ref(), Distance::UNLIMITED),
                targets: check_targets(ch, targets),
            }
        }
        Primitive::Jump { kind: k, legs } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            if legs.len() > MAX_JUMP_LEGS {
                ch.report(
                    Kind::TooManyJumpLegs { max: MAX_JUMP_LEGS },
                    legs[MAX_JUMP_LEGS].span,
                );
            }
            let out = check_jump_legs(ch, legs, ctx);
            let chained = has(option, |c| matches!(c, Clause::Chained));
            let capturing = has(option, |c| matches!(c, Clause::Capturing));
            Action::Jump {
                legs: out,
                chained,
                capturing,
            }
        }
        Primitive::BearOff {
            kind: k,
            dirs,
            distance,
        } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            Action::BearOff {
                dirs: ctx.dirs(dirs),
                distance: check_distance(ch, distance.as_ref(), Distance::ONE),
            }
        }
        Primitive::Return {
            kind: k,
            from,
            to_reserve,
        } => {
            kind = named_kind(ch, k.as_ref(), ctx);
            let from = ch.region(ctx, from);
            warn_empty(ch, &from, option.span);
            Action::Return {
                from,
                to_reserve: *to_reserve,
            }
        }
    };
    if let Some(k) = kind
        && ctx.neutral[k]
        && !matches!(option.primitive, Primitive::Place { .. })
    {
        ch.report(
            Kind::NeutralKindOwned {
                kind: ctx.kinds[k].clone(),
                how: "moved, entered or returned (only placed)",
            },
            option.span,
        );
    }
    (action, kind)
}

/// The `over …` legs of a jump, with the geometry each one jumps by.
fn check_jump_legs(ch: &mut Checker, legs: &[ast::JumpLegWords], ctx: &Context) -> Vec<JumpLeg> {
    let mut out = Vec::new();
    for leg in legs {
        let over = match leg.over.node {
            TargetKind::Friend => Owner::Friend,
            TargetKind::Enemy => Owner::Enemy,
            TargetKind::Any => Owner::Any,
            TargetKind::Empty => {
                ch.report(Kind::JumpOverEmpty, leg.over.span);
                Owner::Any
            }
        };
        let at_most = leg
            .at_most
            .as_ref()
            .and_then(|n| ch.number_in(n, 1, 1000, "a jump count").map(|n| n as u32));
        let dirs = ctx.dirs(&leg.dirs);
        let (near, far) = jump_rings(ctx.board, &dirs);
        let steps = dirs.map(|dirs| {
            let step = |d| JumpDir {
                from: ctx.board.jump_from(d),
                shift: ctx.board.step_shift(d),
            };
            dirs.iter().map(step).collect()
        });
        out.push(JumpLeg {
            over,
            dirs,
            at_most,
            any_distance: leg.any_distance.is_some(),
            near,
            far,
            steps,
        });
    }
    out
}

/// For two different clauses of one family given to one option, which
/// to keep: a move flanks one way, and is tied to the last piece one way.
fn which_of_two(first: &Clause, second: &Clause) -> Option<&'static str> {
    match (first, second) {
        (
            Clause::Flanking {
                convert, adjacent, ..
            },
            Clause::Flanking {
                convert: convert2,
                adjacent: adjacent2,
                ..
            },
        ) if (convert, adjacent) != (convert2, adjacent2) => Some(
            "keep one of `converting` and `capturing`, with `flanked` or `adjacent`: \
             a piece's arrival converts or captures, one way",
        ),
        (Clause::NearLast { sight, .. }, Clause::NearLast { sight: sight2, .. })
            if sight != sight2 =>
        {
            Some("keep `next to` or `in sight of`: the act is tied to the last piece one way")
        }
        _ => None,
    }
}

/// The clauses of an option, each checked against the primitive it is
/// given to, written into `rule`.
fn apply_clauses(
    ch: &mut Checker,
    option: &MoveOption,
    ctx: &Context,
    part: usize,
    rule: &mut MoveRule,
) {
    let word = option.primitive.word();
    let moves_a_piece = matches!(
        option.primitive,
        Primitive::Step { .. } | Primitive::Slide { .. } | Primitive::Jump { .. }
    );
    for (i, clause) in option.clauses.iter().enumerate() {
        let same_kind =
            |c: &Clause| std::mem::discriminant(c) == std::mem::discriminant(&clause.node);
        if let Some(first) = option.clauses[..i].iter().find(|c| same_kind(&c.node)) {
            ch.diags.push(
                Diagnostic::new(
                    Kind::ClauseTwice {
                        choose: which_of_two(&first.node, &clause.node),
                    },
                    clause.span,
                )
                .with_note(first.span, "first given here"),
            );
            continue;
        }
        let misuse = |ch: &mut Checker, what: &str, fits: &str| {
            ch.report(
                Kind::ClauseDoesNotApply {
                    clause: what.to_string(),
                    word: word.to_string(),
                    fits: fits.to_string(),
                },
                clause.span,
            );
        };
        match &clause.node {
            Clause::Chained if !matches!(option.primitive, Primitive::Jump { .. }) => {
                misuse(ch, "chained", "a `jump`");
            }
            Clause::NotOverEnemies => {
                if matches!(option.primitive, Primitive::Step { .. }) {
                    rule.not_over_enemies = true;
                } else {
                    misuse(
                        ch,
                        "not over enemies",
                        "`step` (a slide passes over nothing)",
                    );
                }
            }
            Clause::NearLast { sight, along } => {
                let dirs = if along.is_empty() {
                    [ctx.board.dirs(); 2]
                } else {
                    ctx.dirs(along)
                };
                rule.near_last = Some(NearLast {
                    sight: *sight,
                    dirs,
                });
            }
            Clause::MovingLast => {
                if matches!(
                    option.primitive,
                    Primitive::Place { .. } | Primitive::Enter { .. }
                ) {
                    misuse(
                        ch,
                        "moving the last piece",
                        "moves of a piece already on the board",
                    );
                } else {
                    rule.moving_last = true;
                }
            }
            Clause::OnTurns { first, last } => {
                let most = u16::MAX as u64 - 1;
                let first_turn = ch.number_in(first, 1, most, "a turn");
                let last_turn = match last {
                    Some(n) => ch.number_in(n, 1, most, "a turn").map(Some),
                    None => Some(None),
                };
                if let (Some(a), Some(b)) = (first_turn, last_turn) {
                    if let Some(b) = b
                        && b < a
                        && let Some(n) = last
                    {
                        ch.report(
                            Kind::RangeBackwards {
                                fixed: format!("{b}..{a}"),
                            },
                            first.span.to(n.span),
                        );
                    } else {
                        rule.turns = Some(TurnSpan {
                            first: a as u16,
                            last: b.map(|b| b as u16),
                        });
                    }
                }
            }
            Clause::LeavingCopy => {
                if matches!(
                    option.primitive,
                    Primitive::Relocate { .. }
                        | Primitive::Leap { .. }
                        | Primitive::Step { .. }
                        | Primitive::Slide { .. }
                ) {
                    rule.leaves_copy = true;
                } else {
                    misuse(
                        ch,
                        "leaving a copy",
                        "`relocate`, `leap`, `step` and `slide`",
                    );
                }
            }
            Clause::Capturing if !matches!(option.primitive, Primitive::Jump { .. }) => misuse(
                ch,
                "capturing",
                "a `jump` (a step or slide captures with `onto enemy`)",
            ),
            Clause::Chained | Clause::Capturing => {}
            Clause::MustEndFurtherForward => {
                if moves_a_piece {
                    rule.must_end_further_forward = true;
                } else {
                    misuse(ch, "must end further forward", "`step`, `slide` and `jump`");
                }
            }
            Clause::MustRemoveAPiece => rule.must_remove = true,
            Clause::MustConvert => rule.must_convert = true,
            Clause::Dropping(word) => {
                let dirs = ctx.dirs(std::slice::from_ref(word));
                let single = |set: DirSet| {
                    let mut it = set.iter();
                    it.next().filter(|_| it.next().is_none())
                };
                match (single(dirs[0]), single(dirs[1])) {
                    (Some(a), Some(b)) if matches!(option.primitive, Primitive::Place { .. }) => {
                        rule.dropping = Some([a, b]);
                    }
                    _ if !matches!(option.primitive, Primitive::Place { .. }) => {
                        misuse(ch, "dropping", "`place`");
                    }
                    _ => ch.report(
                        Kind::DroppingNotOneWay {
                            word: word.node.word().to_string(),
                        },
                        clause.span,
                    ),
                }
            }
            Clause::MustContinue => {
                if has(option, |c| matches!(c, Clause::Chained)) {
                    rule.must_continue = true;
                } else if matches!(option.primitive, Primitive::Jump { .. }) {
                    ch.report(Kind::MustContinueUnchained, clause.span);
                } else {
                    misuse(ch, "must continue", "a `chained` jump");
                }
            }
            Clause::Flanking {
                convert,
                adjacent,
                along,
                runs,
            } => {
                // The flank is looked for from the cell a piece arrives on.
                if matches!(
                    option.primitive,
                    Primitive::BearOff { .. } | Primitive::Return { .. }
                ) {
                    let what = format!(
                        "{} {} enemies",
                        if *convert { "converting" } else { "capturing" },
                        if *adjacent { "adjacent" } else { "flanked" }
                    );
                    misuse(
                        ch,
                        &what,
                        "moves that put a piece on a cell (`place`, `enter`, `relocate`, `leap`, `step`, `slide`, `jump`)",
                    );
                } else {
                    let dirs = if along.is_empty() {
                        [ctx.board.dirs(); 2]
                    } else {
                        ctx.dirs(along)
                    };
                    let (mut shortest_run, mut longest_run) = (1, u32::MAX);
                    if let Some(runs) = runs {
                        if *adjacent {
                            ch.report(
                                Kind::ClauseDoesNotApply {
                                    clause: "in runs of".into(),
                                    word: "adjacent".into(),
                                    fits: "`flanked` enemies".into(),
                                },
                                runs.span,
                            );
                        }
                        let (shortest, longest) = &runs.node;
                        shortest_run = match shortest {
                            Some(n) => {
                                ch.number_in(n, 1, 255, "a run's length").unwrap_or(1) as u32
                            }
                            None => 1,
                        };
                        longest_run =
                            match (shortest, ch.number_in(longest, 1, 255, "a run's length")) {
                                (Some(n), Some(m)) if (m as u32) < shortest_run => {
                                    ch.report(
                                        Kind::RangeBackwards {
                                            fixed: format!("{m}..{shortest_run}"),
                                        },
                                        n.span.to(longest.span),
                                    );
                                    shortest_run
                                }
                                (_, m) => m.unwrap_or(255) as u32,
                            };
                    }
                    rule.flank = Some(Flank {
                        convert: *convert,
                        dirs,
                        adjacent: *adjacent,
                        shortest_run,
                        longest_run,
                    });
                }
            }
            Clause::NotOnEntryLine => {
                if part == 0 {
                    ch.report(Kind::EntryLineInFirstPart, clause.span);
                } else if !matches!(option.primitive, Primitive::Return { .. }) {
                    misuse(ch, "not on entry line", "`return`");
                } else {
                    rule.not_on_entry_line = true;
                }
            }
            Clause::EndingIn(region) => {
                if moves_a_piece {
                    let cells = ch.region(ctx, region);
                    warn_empty(ch, &cells, region.span);
                    rule.ending_in = Some(cells);
                } else {
                    misuse(ch, "ending in", "`step`, `slide` and `jump`");
                }
            }
            Clause::OnlyIf(ast::TestWords::OwnPiecesFill(_))
                if matches!(
                    option.primitive,
                    Primitive::Place { .. } | Primitive::Enter { .. }
                ) =>
            {
                misuse(
                    ch,
                    "only if own pieces fill",
                    "moves of a piece already on the board",
                );
            }
            Clause::OnlyIf(test) => {
                rule.only_if = Some(match test {
                    ast::TestWords::ReserveEmpty => Test::ReserveEmpty,
                    ast::TestWords::ReserveNotEmpty => Test::ReserveNotEmpty,
                    ast::TestWords::OwnPiecesFill(region) => {
                        if ch.region_uses_cell(region) {
                            Test::OwnPiecesFill(Box::new(Fill::new(
                                ch.region_from_each_cell(ctx, region),
                            )))
                        } else {
                            let cells = ch.region(ctx, region);
                            let size = ctx.board.size();
                            Test::OwnPiecesFill(Box::new(Fill::new(cells.map(|c| vec![c; size]))))
                        }
                    }
                });
            }
        }
    }
}

fn has(option: &MoveOption, f: impl Fn(&Clause) -> bool) -> bool {
    option.clauses.iter().any(|c| f(&c.node))
}

fn named_kind(ch: &mut Checker, name: Option<&Spanned<String>>, ctx: &Context) -> Option<KindId> {
    // A move that names no kind applies to every kind.
    let n = name?;
    ch.kind_of(Some(n), ctx, n.span)
}

fn warn_empty(ch: &mut Checker, cells: &PerPlayer<CellSet>, span: Span) {
    if cells.iter().all(CellSet::is_empty) && !ch.error_within(span) {
        ch.diags
            .push(Diagnostic::new(Kind::EmptyRegion(EmptyUse::Move), span));
    }
}

fn check_distance(
    ch: &mut Checker,
    distance: Option<&ast::DistanceWords>,
    default: Distance,
) -> Distance {
    let bound = |ch: &mut Checker, b: &Spanned<Bound>| -> Option<Option<u32>> {
        match b.node {
            Bound::Height => Some(None),
            Bound::Fixed(n) => ch
                .number_in(&Spanned::new(n, b.span), 1, MAX_DISTANCE, "a distance")
                .map(|n| Some(n as u32)),
        }
    };
    match distance {
        None => default,
        // Only a step counts its line (see `check_option`); other
        // primitives report it in `check_action`.
        Some(ast::DistanceWords::LineCount(_)) => default,
        Some(ast::DistanceWords::UpTo(b)) => match bound(ch, b) {
            Some(max) => Distance { min: 1, max },
            None => default,
        },
        Some(ast::DistanceWords::Exactly(n)) => {
            match ch.number_in(n, 1, MAX_DISTANCE, "a distance") {
                Some(n) => Distance {
                    min: n as u32,
                    max: Some(n as u32),
                },
                None => default,
            }
        }
        Some(ast::DistanceWords::Range(lo, hi)) => {
            let min = ch.number_in(lo, 1, MAX_DISTANCE, "a distance");
            let max = bound(ch, hi);
            match (min, max) {
                (Some(min), Some(max)) => {
                    if let Some(m) = max
                        && (m as u64) < min
                    {
                        ch.report(
                            Kind::RangeBackwards {
                                fixed: format!("{m}..{min}"),
                            },
                            lo.span.to(hi.span),
                        );
                        return default;
                    }
                    Distance {
                        min: min as u32,
                        max,
                    }
                }
                _ => default,
            }
        }
    }
}

fn check_targets(ch: &mut Checker, targets: &[ast::Target]) -> Targets {
    if targets.is_empty() {
        return Targets {
            empty: true,
            friend: None,
            enemy: None,
        };
    }
    let mut out = Targets::default();
    for t in targets {
        let cmp = t
            .height
            .as_ref()
            .map_or(HeightCompare::Any, |h| match h.node {
                ast::HeightWord::AtLeastAsTall => HeightCompare::AtLeastAsTall,
                ast::HeightWord::NoTaller => HeightCompare::NoTaller,
                ast::HeightWord::Taller => HeightCompare::Taller,
                ast::HeightWord::Shorter => HeightCompare::Shorter,
            });
        match t.kind.node {
            TargetKind::Empty => {
                if let Some(h) = &t.height {
                    ch.report(Kind::HeightOfEmpty, h.span);
                }
                out.empty = true;
            }
            TargetKind::Friend => out.friend = Some(cmp),
            TargetKind::Enemy => out.enemy = Some(cmp),
            TargetKind::Any => {
                out.empty = true;
                out.friend = Some(cmp);
                out.enemy = Some(cmp);
            }
        }
    }
    out
}

/// The entry cells of a region and the lines they push along.
fn entry_lines(
    ch: &mut Checker,
    ctx: &Context,
    cells: &PerPlayer<CellSet>,
    pushing: &Pushing,
    span: Span,
) -> PerPlayer<Vec<EntryLine>> {
    let board = ctx.board;
    let mut off_edge = None;
    let lines = PlayerId::BOTH.map(|p| {
        let mut lines = Vec::new();
        for cell in cells[p].iter() {
            let dirs: DirSet = match pushing {
                Pushing::Inward(_) => {
                    // Away from every edge of the grid the cell lies on.
                    let (f, r) = (board.file_of(cell), board.rank_of(cell));
                    let mut d = DirSet::default();
                    if f == 0 {
                        d = d.with(Dir::Right);
                    }
                    if f + 1 == board.width {
                        d = d.with(Dir::Left);
                    }
                    if r == 0 {
                        d = d.with(Dir::Up);
                    }
                    if r + 1 == board.height {
                        d = d.with(Dir::Down);
                    }
                    if d.is_empty() {
                        off_edge.get_or_insert(cell);
                    }
                    d
                }
                Pushing::Dirs(words) => ctx.dirs(words)[p],
            };
            for dir in dirs.iter() {
                let mut line = vec![cell];
                line.extend(board.ray(cell, dir));
                let mut set = CellSet::EMPTY;
                for &c in &line {
                    set.insert(c);
                }
                lines.push(EntryLine {
                    cells: line,
                    dir,
                    set,
                });
            }
        }
        lines
    });
    if let Some(cell) = off_edge {
        ch.report(
            Kind::PushInwardFromInside {
                cell: board.cell_name(cell),
            },
            span,
        );
    }
    lines
}

/// Warns about piece kinds that no move can ever move, and about pieces in
/// reserve that no move brings onto the board.
pub(super) fn warn_unmovable(ch: &mut Checker, rules: &Rules, decls: &[Decl]) {
    let options: Vec<&MoveRule> = rules.parts.iter().flat_map(|p| p.options.iter()).collect();
    let moves_on_board = |k: KindId| {
        options.iter().any(|o| {
            (o.kind.is_none() || o.kind == Some(k))
                && !matches!(o.action, Action::Place { .. } | Action::Enter { .. })
        })
    };
    let enters = |k: KindId| {
        options.iter().any(|o| {
            (o.kind.is_none() || o.kind == Some(k))
                && matches!(o.action, Action::Place { .. } | Action::Enter { .. })
        })
    };
    let decl_span = |kw: &str| {
        decls
            .iter()
            .find(|d| d.kind.keyword() == kw)
            .map(|d| d.span)
    };
    // The first setup or reserve item naming the kind (or naming none, in a
    // game of one kind): where the warning points.
    let names = |kind: &Option<crate::syntax::ast::Ident>, name: &str| {
        kind.as_ref()
            .map_or(rules.kinds.len() == 1, |k| k.node == name)
    };
    let setup_span = |name: &str| {
        decls.iter().find_map(|d| {
            let DeclKind::Setup(items) = &d.kind else {
                return None;
            };
            items.iter().find(|i| names(&i.kind, name)).map(|i| i.span)
        })
    };
    let reserve_span = |name: &str| {
        decls.iter().find_map(|d| {
            let DeclKind::Reserve(items) = &d.kind else {
                return None;
            };
            items.iter().find(|i| names(&i.kind, name)).map(|i| i.span)
        })
    };
    // In a game of placements only (Othello), pieces set up on the board
    // are meant to stay: only a game where pieces move can forget a kind.
    let pieces_move = options
        .iter()
        .any(|o| !matches!(o.action, Action::Place { .. } | Action::Enter { .. }));
    for (k, name) in KindId::all(rules.kinds.len()).zip(&rules.kinds) {
        // A neutral kind is meant never to move.
        if rules.neutral[k] {
            continue;
        }
        let on_board = rules.setup.iter().any(|s| s.kind == k);
        let in_reserve = rules.reserve.iter().any(|r| r[k] > 0);
        if on_board && pieces_move && !moves_on_board(k) {
            let span = setup_span(name)
                .or_else(|| decl_span("setup"))
                .unwrap_or(ch.file_start);
            ch.diags.push(Diagnostic::new(
                Kind::UnmovableKind { name: name.clone() },
                span,
            ));
        }
        if in_reserve && !enters(k) {
            let span = reserve_span(name)
                .or_else(|| decl_span("reserve"))
                .unwrap_or(ch.file_start);
            ch.diags.push(Diagnostic::new(
                Kind::ReserveNeverEnters { name: name.clone() },
                span,
            ));
        }
    }
}

/// Each part's option spans, in the order of the rules' options.
fn option_spans(decls: &[Decl]) -> Vec<Vec<Span>> {
    let mut spans: Vec<Vec<Span>> = vec![Vec::new()];
    for d in part_decls(decls) {
        match d {
            PartDecl::Move(option) => spans[0].push(option.span),
            PartDecl::Then { options, .. } => spans.push(options.iter().map(|o| o.span).collect()),
        }
    }
    spans
}

/// Warns about a `place` or `enter` that never has a piece to bring: no
/// player holds one of its kinds in reserve at the start, and no move
/// returns a piece there (a neutral kind needs no reserve).
pub(super) fn warn_nothing_to_bring(ch: &mut Checker, rules: &Rules, decls: &[Decl]) {
    let refills = rules.parts.iter().flat_map(|p| &p.options).any(|o| {
        matches!(
            o.action,
            Action::Return {
                to_reserve: true,
                ..
            }
        )
    });
    if refills {
        return;
    }
    let spans = option_spans(decls);
    for (part, options) in rules.parts.iter().enumerate() {
        for (i, option) in options.options.iter().enumerate() {
            if !matches!(option.action, Action::Place { .. } | Action::Enter { .. }) {
                continue;
            }
            let brings = |k: KindId| option.kind.is_none_or(|wanted| wanted == k);
            let held = KindId::all(rules.kinds.len()).any(|k| {
                brings(k)
                    && (option.kind == Some(k) && rules.neutral[k]
                        || rules.reserve.iter().any(|r| r[k] > 0))
            });
            if !held {
                let span = spans.get(part).and_then(|s| s.get(i)).copied();
                ch.diags.push(Diagnostic::new(
                    Kind::NothingToBring,
                    span.unwrap_or(ch.file_start),
                ));
            }
        }
    }
}

/// Warns about a player who has no piece at the start, set up or in
/// hand: every primitive moves or brings a piece of the mover's, so that
/// player never has a move. (Where pieces are only placed and none is
/// ever in hand, W014 says it already; a neutral kind may be placed by
/// anyone, so a game that has one is left alone.)
pub(super) fn warn_player_without_pieces(ch: &mut Checker, rules: &Rules, decls: &[Decl]) {
    let said = |d: &Diagnostic| d.code == crate::diag::Code::W014;
    if rules.neutral.iter().any(|&n| n) || ch.diags.iter().any(said) {
        return;
    }
    // The player's name in `players`, where the warning points.
    let entries: Vec<&crate::syntax::ast::PlayerEntry> = decls
        .iter()
        .filter_map(|d| {
            if let DeclKind::Players(entries) = &d.kind {
                Some(entries)
            } else {
                None
            }
        })
        .flatten()
        .collect();
    for player in PlayerId::BOTH {
        let name = &rules.players[player].name;
        let span = entries
            .iter()
            .find(|e| e.name.node == *name)
            .map_or(ch.file_start, |e| e.name.span);
        let set_up = rules.setup.iter().any(|s| s.player == Some(player));
        let in_hand = rules.reserve[player].iter().any(|&n| n > 0);
        if !set_up && !in_hand {
            let player = name.clone();
            ch.diags
                .push(Diagnostic::new(Kind::PlayerWithoutPieces { player }, span));
        }
    }
}

/// Warns about rules whose moves can explode on a crowded board, so that a
/// designer hears of it before a game stops with the work budget spent:
/// chained jumps over any piece on a board too big for the jump flood, and
/// turns of three or more parts that each move a piece.
pub(super) fn warn_explosive(ch: &mut Checker, rules: &Rules, decls: &[Decl]) {
    let spans = option_spans(decls);
    let then_spans: Vec<Span> = part_decls(decls)
        .filter_map(|d| match d {
            PartDecl::Then { span, .. } => Some(span),
            PartDecl::Move(_) => None,
        })
        .collect();
    let big_board = rules.board.cells.len() > 64;
    for (part, options) in rules.parts.iter().enumerate() {
        for (i, option) in options.options.iter().enumerate() {
            let Action::Jump { legs, chained, .. } = &option.action else {
                continue;
            };
            let unbounded_over_any = legs
                .iter()
                .any(|l| l.over == crate::rules::Owner::Any && l.at_most.is_none());
            if *chained && unbounded_over_any && big_board {
                let span = spans.get(part).and_then(|s| s.get(i)).copied();
                ch.diags.push(Diagnostic::new(
                    Kind::ExplosiveJumps,
                    span.unwrap_or(ch.file_start),
                ));
            }
        }
    }
    // A network is a path through the pieces: where no group limit keeps
    // them apart, a crowded big board has more paths than can be walked.
    let network = decls.iter().find(|d| {
        matches!(
            &d.kind,
            DeclKind::Goal {
                condition: ast::Condition::Network { .. },
                ..
            }
        )
    });
    if let Some(goal) = network
        && big_board
        && rules.group_limit.is_none()
    {
        ch.diags
            .push(Diagnostic::new(Kind::ExplosiveNetwork, goal.span));
    }
    let moves_a_piece = |p: &Part| {
        p.options.iter().any(|o| {
            matches!(
                o.action,
                Action::Step { .. }
                    | Action::Slide { .. }
                    | Action::Jump { .. }
                    | Action::Relocate { .. }
            )
        })
    };
    // Three moving parts multiply whatever else the turn does: a part
    // that places between them (`step`, `place`, `step`, `step`) does not
    // keep the product down.
    let moving = rules.parts.iter().filter(|p| moves_a_piece(p)).count();
    if moving >= 3
        && let Some(&span) = then_spans.last()
    {
        ch.diags.push(Diagnostic::new(
            Kind::ExplosiveParts { parts: moving },
            span,
        ));
    }
    // A `then must` part closed on the first turns leaves them no move.
    for (part, &span) in rules.parts.iter().skip(1).zip(&then_spans) {
        let opens = part.options.iter().map(|o| o.turns.map_or(1, |t| t.first));
        if !part.optional
            && let Some(first) = opens.min()
            && first > 1
        {
            let first_mover = rules.turn_order.player_at(0);
            let players = [first_mover, first_mover.other()].map(|p| rules.players[p].name.clone());
            ch.diags.push(Diagnostic::new(
                Kind::MustPartClosedEarly { first, players },
                span,
            ));
        }
    }
}
