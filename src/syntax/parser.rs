//! Text → [`Ast`]. The only code that touches pest's `Pair`s.
//!
//! The file is cut into declarations at unindented lines and each is parsed
//! on its own, so every syntax error in a file is reported, not just the
//! first. Spans are shifted back to file offsets.

// pest's `Rule` names every rule of the grammar; each match here handles
// the few rules its pair can hold, and the grammar, not this code, decides
// which those are.
#![allow(clippy::wildcard_enum_match_arm)]

use pest::Parser;
use pest::iterators::Pair;

use super::ast::*;
use super::expected;
use crate::diag::{Diagnostic, FileId, Kind, Span, Spanned};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/game.pest"]
pub(super) struct GameParser;

/// Parentheses nest no deeper than this; deeper input is refused before pest
/// sees it, so no input can exhaust the stack.
const MAX_NESTING: usize = 32;

/// Parses a whole file. Declarations that fail to parse are reported and left out.
pub fn parse(text: &str, file: FileId) -> (Ast, Vec<Diagnostic>) {
    let mut ast = Ast::default();
    let mut diags = Vec::new();
    // The declaration before was told it ended where its next line was
    // not indented: that line is the same mistake, not another.
    let mut continues_unindented = false;
    for (start, chunk) in chunks(text) {
        let shift = Shift { file, base: start };
        let told = std::mem::take(&mut continues_unindented);
        if let Some(diag) = too_deep(chunk, shift) {
            diags.push(diag);
            continue;
        }
        match GameParser::parse(Rule::declaration_only, chunk) {
            Ok(mut pairs) => {
                if let Some(pair) = pairs.next().filter(|p| p.as_rule() != Rule::EOI) {
                    ast.decls.push(shift.decl(pair));
                }
            }
            Err(error) => {
                // A place past the last character (the end of a file with no
                // final line break) is shown on that character's end.
                // The line after the declaration, which may be one that
                // was meant to continue it.
                let after = &text[(start + chunk.len()).min(text.len())..];
                let next_line = after.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                let mut diag = expected::syntax_error(error, chunk, shift, next_line);
                let end = text.len() as u32;
                diag.span.end = diag.span.end.min(end);
                diag.span.start = diag.span.start.min(diag.span.end);
                // (A line that looks like a misspelt keyword is still told.)
                let first = chunk.split_whitespace().next().unwrap_or("");
                let misspelt =
                    crate::diag::nearest(first, expected::DECLARATIONS.iter().copied()).is_some();
                if told && diag.code == crate::diag::Code::G001 && !misspelt {
                    continue;
                }
                // Cut short at its end: the next line, if it does not start
                // a declaration, was likely meant to continue this one.
                continues_unindented =
                    first_error(chunk).is_some_and(|at| at >= expected::content_end(chunk));
                diags.push(diag);
            }
        }
    }
    (ast, diags)
}

/// Whether one declaration's text parses.
/// Where a declaration stops parsing, if it does (`None`: it parses).
pub(super) fn first_error(chunk: &str) -> Option<usize> {
    match GameParser::parse(Rule::declaration_only, chunk) {
        Ok(_) => None,
        Err(e) => Some(match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        }),
    }
}

/// Whether a word can stand where a name goes (it is not a keyword).
pub fn is_name(word: &str) -> bool {
    GameParser::parse(Rule::name_only, word).is_ok()
}

/// Splits a file into declarations: each starts at a line whose first
/// character is neither whitespace nor `#`.
pub(super) fn chunks(text: &str) -> Vec<(usize, &str)> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let first = line.trim_start_matches('\u{feff}').chars().next();
        if first.is_some_and(|c| !c.is_whitespace() && c != '#') {
            starts.push(offset);
        }
        offset += line.len();
    }
    let mut out = Vec::with_capacity(starts.len());
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        out.push((start, &text[start..end]));
    }
    out
}

fn too_deep(chunk: &str, shift: Shift) -> Option<Diagnostic> {
    let mut depth = 0usize;
    let mut in_comment = false;
    let mut in_string = false;
    for (i, c) in chunk.char_indices() {
        match c {
            '#' if !in_string => in_comment = true,
            '"' if !in_comment => in_string = !in_string,
            '\n' => {
                in_comment = false;
                in_string = false;
            }
            '(' if !in_comment && !in_string => {
                depth += 1;
                if depth > MAX_NESTING {
                    let span = shift.span(i, i + 1);
                    return Some(Diagnostic::new(
                        Kind::TooDeeplyNested { max: MAX_NESTING },
                        span,
                    ));
                }
            }
            ')' if !in_comment && !in_string => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Where a chunk sits in its file.
#[derive(Clone, Copy)]
pub(super) struct Shift {
    pub file: FileId,
    pub base: usize,
}

type P<'a> = Pair<'a, Rule>;

impl Shift {
    pub(super) fn span(self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.base + start, self.base + end)
    }

    fn of(self, pair: &P) -> Span {
        let s = pair.as_span();
        // A rule's pair can end with the implicit whitespace after its last
        // token (a region before the next indented line): a span ends at
        // the token, so that an editor underlines what a terminal does.
        self.span(s.start(), s.start() + s.as_str().trim_end().len())
    }

    fn ident(self, pair: P) -> Ident {
        Spanned::new(pair.as_str().to_string(), self.of(&pair))
    }

    fn number(self, pair: P) -> Number {
        // A number too long for u64 becomes u64::MAX, which every range check refuses.
        let value = pair.as_str().parse::<u64>().unwrap_or(u64::MAX);
        Spanned::new(value, self.of(&pair))
    }

    fn decl(self, pair: P) -> Decl {
        // From the keyword to the last word ([`Shift::of`] leaves out the
        // line break and any trailing space).
        let span = self.of(&pair);
        let rule = pair.as_rule();
        let pair_text = pair.as_str().to_string();
        let mut inner = pair.into_inner().filter(|p| !is_keyword(p.as_rule()));
        let kind = match rule {
            Rule::game_decl => DeclKind::Game(self.string(next(&mut inner))),
            Rule::extends_decl => {
                let target = self.string(next(&mut inner));
                let mut left_out = LeftOut::default();
                for part in inner.filter(|p| p.as_rule() == Rule::left_out) {
                    match part.as_str() {
                        "moves" => left_out.moves = true,
                        _ => left_out.promotions = true,
                    }
                }
                DeclKind::Extends(target, left_out)
            }
            Rule::board_decl => {
                let size = next(&mut inner);
                let (shape, width, height) = if size.as_rule() == Rule::hexagon_size {
                    let side = self.number(next(
                        &mut size.into_inner().filter(|p| p.as_rule() == Rule::number),
                    ));
                    (BoardShape::Hexagon, side.clone(), side)
                } else {
                    let mut size = size.into_inner();
                    let width = self.number(next(&mut size));
                    let height = self.number(next(&mut size));
                    (BoardShape::Square, width, height)
                };
                let mut shape = shape;
                let mut without = None;
                for p in inner {
                    if p.as_rule() == Rule::hex_cells {
                        shape = BoardShape::Hex;
                    } else {
                        without = Some(self.region(p));
                    }
                }
                DeclKind::Board {
                    shape,
                    width,
                    height,
                    without,
                }
            }
            Rule::players_decl => DeclKind::Players(
                inner
                    .map(|entry| {
                        let mut parts = entry.into_inner().filter(|p| !is_keyword(p.as_rule()));
                        let name = self.ident(next(&mut parts));
                        let facing = parts.next().map(|p| self.dir(p));
                        PlayerEntry { name, facing }
                    })
                    .collect(),
            ),
            Rule::turns_decl => {
                let order = self.names(next(&mut inner));
                let repeat = inner.next().map(|p| self.names(p));
                DeclKind::Turns { order, repeat }
            }
            Rule::pieces_decl => DeclKind::Pieces(
                inner
                    .map(|p| {
                        let neutral = p.as_str().starts_with("neutral");
                        let name = p
                            .into_inner()
                            .find(|n| n.as_rule() == Rule::name)
                            .expect("grammar: a kind's name");
                        PieceKind {
                            name: self.ident(name),
                            neutral,
                        }
                    })
                    .collect(),
            ),
            Rule::setup_decl => DeclKind::Setup(inner.map(|p| self.setup_item(p)).collect()),
            Rule::reserve_decl => DeclKind::Reserve(inner.map(|p| self.reserve_item(p)).collect()),
            Rule::region_decl => {
                let name = self.ident(next(&mut inner));
                let rest: Vec<P> = inner.filter(|p| p.as_rule() != Rule::equals).collect();
                let (player, region) = match rest.len() {
                    2 => (
                        Some(self.ident(rest[0].clone())),
                        self.region(rest[1].clone()),
                    ),
                    _ => (None, self.region(rest[0].clone())),
                };
                DeclKind::Region {
                    name,
                    player,
                    region,
                }
            }
            Rule::move_decl => DeclKind::Move(self.option(next(&mut inner))),
            Rule::then_decl => {
                let need = next(&mut inner);
                let optional = need
                    .into_inner()
                    .next()
                    .is_some_and(|p| p.as_rule() == Rule::kw_may);
                DeclKind::Then {
                    optional,
                    options: inner.map(|p| self.option(p)).collect(),
                }
            }
            Rule::limit_decl => {
                let size = self.number(next(&mut inner));
                let connected = inner.next().map(|p| self.connectivity(p));
                DeclKind::Limit { size, connected }
            }
            Rule::after_decl => DeclKind::RemoveDisconnected {
                connected: inner.next().map(|p| self.connectivity(p)),
            },
            Rule::illegal_decl => DeclKind::IllegalIfBothWin,
            Rule::mandatory_decl => DeclKind::MandatoryCaptures {
                most: pair_text.contains("most"),
            },
            Rule::promote_decl => {
                let parts: Vec<P> = inner.collect();
                let mut names = parts.iter().filter(|p| p.as_rule() == Rule::name);
                DeclKind::Promote {
                    from: self.ident(names.next().expect("grammar: promote from").clone()),
                    to: self.ident(names.next().expect("grammar: promote to").clone()),
                    region: self.region(
                        parts
                            .iter()
                            .find(|p| p.as_rule() == Rule::region)
                            .expect("grammar: promote region")
                            .clone(),
                    ),
                    ends_move: pair_text.contains("ending"),
                }
            }
            Rule::goal_decl => {
                let owner_pair = next(&mut inner);
                let owner_inner = owner_pair.clone().into_inner().next();
                let owner = match owner_inner {
                    Some(p) if p.as_rule() == Rule::name => GoalOwner::Player(self.ident(p)),
                    _ => GoalOwner::Each(self.of(&owner_pair)),
                };
                let outcome = self.outcome(next(&mut inner));
                let condition = self.condition(next(&mut inner));
                DeclKind::Goal {
                    owner,
                    outcome,
                    condition,
                }
            }
            Rule::stuck_decl => {
                let p = next(&mut inner);
                let span = self.of(&p);
                // The words, not the text: the text may run on into a comment.
                let words: Vec<Rule> = p.into_inner().map(|w| w.as_rule()).collect();
                let outcome = match words.as_slice() {
                    [Rule::kw_pass, .., Rule::kw_count] => StuckOutcome::PassThenCount,
                    [Rule::kw_pass, .., Rule::kw_draw] => StuckOutcome::PassThenDraw,
                    [Rule::kw_pass, ..] => StuckOutcome::Pass,
                    [Rule::kw_win] => StuckOutcome::Win,
                    [Rule::kw_draw] => StuckOutcome::Draw,
                    [Rule::kw_count] => StuckOutcome::Count,
                    _ => StuckOutcome::Lose,
                };
                DeclKind::Stuck(Spanned::new(outcome, span))
            }
            Rule::draw_decl => DeclKind::Draw(self.number(next(&mut inner))),
            Rule::precedence_decl => DeclKind::Precedence(
                inner
                    .map(|item| {
                        let span = self.of(&item);
                        let mut parts = item.into_inner();
                        let side = match next(&mut parts).as_rule() {
                            Rule::kw_mover => SideWord::Mover,
                            _ => SideWord::Opponent,
                        };
                        let outcome = self.outcome(next(&mut parts)).node;
                        Spanned::new((side, outcome), span)
                    })
                    .collect(),
            ),
            other => unreachable!("not a declaration: {other:?}"),
        };
        Decl { kind, span }
    }

    fn string(self, pair: P) -> Spanned<String> {
        let span = self.of(&pair);
        let body = pair.into_inner().next().map_or("", |p| p.as_str());
        Spanned::new(body.to_string(), span)
    }

    fn names(self, pair: P) -> Vec<Ident> {
        pair.into_inner().map(|p| self.ident(p)).collect()
    }

    fn outcome(self, pair: P) -> Spanned<OutcomeWord> {
        let span = self.of(&pair);
        let outcome = match pair.into_inner().next().map(|p| p.as_rule()) {
            Some(Rule::kw_wins) => OutcomeWord::Wins,
            _ => OutcomeWord::Loses,
        };
        Spanned::new(outcome, span)
    }

    fn setup_item(self, pair: P) -> SetupItem {
        let span = self.of(&pair);
        let mut player = None;
        let mut kind = None;
        let mut stack = None;
        let mut region = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name if player.is_none() => player = Some(self.ident(p)),
                Rule::name => kind = Some(self.ident(p)),
                Rule::stack_size => {
                    let n = p.into_inner().find(|p| p.as_rule() == Rule::number);
                    stack = n.map(|n| self.number(n));
                }
                Rule::region => region = Some(self.region(p)),
                _ => {}
            }
        }
        SetupItem {
            player: player.expect("grammar: setup item has a player"),
            kind,
            stack,
            region: region.expect("grammar: setup item has a region"),
            span,
        }
    }

    fn reserve_item(self, pair: P) -> ReserveItem {
        let span = self.of(&pair);
        let each = pair.as_rule() == Rule::reserve_each;
        let mut parts = pair.into_inner().filter(|p| !is_keyword(p.as_rule()));
        let player = if each {
            None
        } else {
            Some(self.ident(next(&mut parts)))
        };
        let count = self.number(next(&mut parts));
        let kind = parts.next().map(|p| self.ident(p));
        ReserveItem {
            player,
            count,
            kind,
            span,
        }
    }

    fn dir(self, pair: P) -> Spanned<DirWord> {
        let span = self.of(&pair);
        let word = DirWord::from_word(pair.as_str()).expect("grammar: direction word");
        Spanned::new(word, span)
    }

    fn dirs(self, pair: P) -> Vec<Spanned<DirWord>> {
        pair.into_inner().map(|p| self.dir(p)).collect()
    }

    fn connectivity(self, pair: P) -> Spanned<DirWord> {
        let d = pair
            .into_inner()
            .find(|p| p.as_rule() == Rule::direction)
            .expect("grammar: connectivity has a direction");
        self.dir(d)
    }

    fn region(self, pair: P) -> Region {
        let span = self.of(&pair);
        match pair.as_rule() {
            Rule::region => {
                let mut parts = pair.into_inner().filter(|p| p.as_rule() != Rule::kw_except);
                let first = self.region(next(&mut parts));
                // `a except b except c` is kept flat, so that a long chain
                // costs no depth in the checker.
                let removed: Vec<Region> = parts.map(|p| self.region(p)).collect();
                if removed.is_empty() {
                    return first;
                }
                Region {
                    expr: RegionExpr::Except(Box::new(first), removed),
                    span,
                }
            }
            Rule::region_union | Rule::region_inter => {
                let union = pair.as_rule() == Rule::region_union;
                let mut parts: Vec<Region> = pair
                    .into_inner()
                    .filter(|p| p.as_rule() != Rule::kw_in)
                    .map(|p| self.region(p))
                    .collect();
                if parts.len() == 1 {
                    return parts.pop().expect("one part");
                }
                let expr = if union {
                    RegionExpr::Union(parts)
                } else {
                    RegionExpr::Inter(parts)
                };
                Region { expr, span }
            }
            Rule::region_atom => {
                let inner = pair.into_inner().next().expect("grammar: atom has content");
                let expr = match inner.as_rule() {
                    Rule::region => return self.region(inner),
                    Rule::cell => RegionExpr::Cell(self.cell(inner)),
                    Rule::cell_range => {
                        let mut cells = inner.into_inner();
                        let a = self.cell(next(&mut cells));
                        let b = self.cell(next(&mut cells));
                        RegionExpr::CellRange(a, b)
                    }
                    Rule::rank_range => {
                        let mut nums = inner.into_inner().filter(|p| p.as_rule() == Rule::number);
                        let lo = self.number(next(&mut nums));
                        let hi = nums.next().map(|p| self.number(p));
                        RegionExpr::Ranks(lo, hi)
                    }
                    Rule::file_range => {
                        let mut letters = inner
                            .into_inner()
                            .filter(|p| p.as_rule() == Rule::file_letter);
                        let letter = |p: P| {
                            let c = p.as_str().chars().next().unwrap_or('a');
                            Spanned::new(c, self.of(&p))
                        };
                        let lo = letter(next(&mut letters));
                        let hi = letters.next().map(letter);
                        RegionExpr::Files(lo, hi)
                    }
                    Rule::builtin_region => RegionExpr::Builtin(match inner.as_str() {
                        "board" => Builtin::Board,
                        "edge" => Builtin::Edge,
                        "corners" => Builtin::Corners,
                        "dark" => Builtin::Dark,
                        "light" => Builtin::Light,
                        _ => Builtin::ForwardCone,
                    }),
                    Rule::owned_region => {
                        let mut owner = None;
                        let mut name = None;
                        for p in inner.into_inner() {
                            match p.as_rule() {
                                Rule::region_owner => {
                                    let o = p.into_inner().next().expect("grammar: owner");
                                    owner = Some(match o.as_rule() {
                                        Rule::kw_own => RegionOwner::Own,
                                        Rule::kw_opponent => RegionOwner::Opponent,
                                        _ => RegionOwner::Player(self.ident(o)),
                                    });
                                }
                                Rule::name => name = Some(self.ident(p)),
                                _ => {}
                            }
                        }
                        RegionExpr::Named {
                            owner,
                            name: name.expect("grammar: owned region has a name"),
                        }
                    }
                    other => unreachable!("not a region atom: {other:?}"),
                };
                Region { expr, span }
            }
            other => unreachable!("not a region: {other:?}"),
        }
    }

    fn cell(self, pair: P) -> CellName {
        let span = self.of(&pair);
        let text = pair.as_str();
        let file = text.chars().next().unwrap_or('a');
        let rank = text[1..].parse::<u64>().unwrap_or(u64::MAX);
        CellName { file, rank, span }
    }

    fn option(self, pair: P) -> MoveOption {
        let span = self.of(&pair);
        let mut inner = pair.into_inner();
        let primitive = self.primitive(next(&mut inner).into_inner().next().expect("primitive"));
        let clauses = inner.map(|p| self.clause(p)).collect();
        MoveOption {
            primitive,
            clauses,
            span,
        }
    }

    fn primitive(self, pair: P) -> Primitive {
        let rule = pair.as_rule();
        let parts: Vec<P> = pair
            .into_inner()
            .filter(|p| !is_keyword(p.as_rule()))
            .collect();
        let find = |r: Rule| parts.iter().find(|p| p.as_rule() == r).cloned();
        let kind = find(Rule::name).map(|p| self.ident(p));
        let region = find(Rule::region).map(|p| self.region(p));
        let dirs = find(Rule::direction_list).map_or_else(Vec::new, |p| self.dirs(p));
        let distance = find(Rule::distance).map(|p| self.distance(p));
        let targets = find(Rule::target_list).map_or_else(Vec::new, |p| {
            p.into_inner().map(|t| self.target(t)).collect()
        });
        match rule {
            Rule::place => Primitive::Place { kind, on: region },
            Rule::enter => {
                let push = find(Rule::push_direction).expect("grammar: enter has a push");
                let push_span = self.of(&push);
                let first = push.into_inner().next().expect("grammar: push content");
                let pushing = match first.as_rule() {
                    Rule::kw_inward => Pushing::Inward(push_span),
                    _ => Pushing::Dirs(self.dirs(first)),
                };
                Primitive::Enter {
                    kind,
                    at: region.expect("grammar: enter has a region"),
                    pushing,
                }
            }
            Rule::relocate => Primitive::Relocate { kind, to: region },
            Rule::leap => Primitive::Leap {
                kind,
                distance: distance.expect("grammar: leap has a distance"),
            },
            Rule::step => Primitive::Step {
                kind,
                dirs,
                distance,
                targets,
            },
            Rule::slide => Primitive::Slide {
                kind,
                dirs,
                with_turns: find(Rule::with_turns).is_some(),
                distance,
                targets,
            },
            Rule::jump => Primitive::Jump {
                kind,
                legs: parts
                    .into_iter()
                    .filter(|p| p.as_rule() == Rule::jump_leg)
                    .map(|p| self.jump_leg(p))
                    .collect(),
            },
            Rule::bear_off => Primitive::BearOff {
                kind,
                dirs,
                distance,
            },
            Rule::return_piece | Rule::remove_piece => Primitive::Return {
                kind,
                from: region.expect("grammar: return has a region"),
                to_reserve: rule == Rule::return_piece,
            },
            other => unreachable!("not a primitive: {other:?}"),
        }
    }

    fn jump_leg(self, pair: P) -> JumpLegWords {
        let span = self.of(&pair);
        let mut over = None;
        let mut dirs = Vec::new();
        let mut at_most = None;
        let mut any_distance = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::target_kind => over = Some(self.target_kind(p)),
                Rule::any_distance => any_distance = Some(self.of(&p)),
                Rule::direction_list => dirs = self.dirs(p),
                Rule::times => {
                    let span = self.of(&p);
                    let first = p.into_inner().next().expect("grammar: times");
                    at_most = Some(match first.as_rule() {
                        Rule::kw_once => Spanned::new(1, span),
                        Rule::kw_twice => Spanned::new(2, span),
                        _ => self.number(first),
                    });
                }
                _ => {}
            }
        }
        JumpLegWords {
            over: over.expect("grammar: jump leg has a target"),
            dirs,
            at_most,
            any_distance,
            span,
        }
    }

    fn distance(self, pair: P) -> DistanceWords {
        let parts: Vec<P> = pair
            .into_inner()
            .filter(|p| !is_keyword(p.as_rule()) || p.as_rule() == Rule::kw_exactly)
            .collect();
        let bound = |p: &P| {
            let span = self.of(p);
            let inner = p.clone().into_inner().next().expect("grammar: bound");
            let b = match inner.as_rule() {
                Rule::kw_height => Bound::Height,
                _ => Bound::Fixed(self.number(inner).node),
            };
            Spanned::new(b, span)
        };
        match parts.as_slice() {
            [l] if l.as_rule() == Rule::line_count => DistanceWords::LineCount(self.of(l)),
            [e, n] if e.as_rule() == Rule::kw_exactly => {
                DistanceWords::Exactly(self.number(n.clone()))
            }
            [b] => DistanceWords::UpTo(bound(b)),
            [n, b] => DistanceWords::Range(self.number(n.clone()), bound(b)),
            _ => unreachable!("grammar: distance shape"),
        }
    }

    fn target_kind(self, pair: P) -> Spanned<TargetKind> {
        let span = self.of(&pair);
        let kind = match pair.as_str() {
            "empty" => TargetKind::Empty,
            "friend" => TargetKind::Friend,
            "enemy" => TargetKind::Enemy,
            _ => TargetKind::Any,
        };
        Spanned::new(kind, span)
    }

    fn target(self, pair: P) -> Target {
        let mut parts = pair.into_inner();
        let kind = self.target_kind(next(&mut parts));
        let height = parts.next().map(|p| {
            let span = self.of(&p);
            let words: Vec<Rule> = p.into_inner().map(|w| w.as_rule()).collect();
            let cmp = match words.as_slice() {
                [Rule::kw_at, ..] => HeightWord::AtLeastAsTall,
                [Rule::kw_no, ..] => HeightWord::NoTaller,
                [Rule::kw_taller] => HeightWord::Taller,
                _ => HeightWord::Shorter,
            };
            Spanned::new(cmp, span)
        });
        Target { kind, height }
    }

    fn clause(self, pair: P) -> Spanned<Clause> {
        let span = self.of(&pair);
        let inner = pair.into_inner().next().expect("grammar: clause content");
        let clause = match inner.as_rule() {
            Rule::chained => Clause::Chained,
            Rule::leaving_copy => Clause::LeavingCopy,
            Rule::not_over_enemies => Clause::NotOverEnemies,
            Rule::near_last => Clause::NearLast {
                sight: inner
                    .clone()
                    .into_inner()
                    .any(|p| p.as_rule() == Rule::kw_sight),
                along: inner
                    .clone()
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::direction_list)
                    .map(|p| self.dirs(p))
                    .unwrap_or_default(),
            },
            Rule::moving_last => Clause::MovingLast,
            Rule::on_turns => {
                let from = inner
                    .clone()
                    .into_inner()
                    .any(|p| p.as_rule() == Rule::kw_from);
                let numbers: Vec<Number> = inner
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::number)
                    .map(|p| self.number(p))
                    .collect();
                let first = numbers[0].clone();
                let last = if from {
                    None
                } else {
                    Some(numbers.last().expect("grammar: a turn number").clone())
                };
                Clause::OnTurns { first, last }
            }
            Rule::capturing => Clause::Capturing,
            Rule::must_convert => Clause::MustConvert,
            Rule::must_continue => Clause::MustContinue,
            Rule::dropping => Clause::Dropping(
                self.dir(
                    inner
                        .into_inner()
                        .find(|p| p.as_rule() == Rule::direction)
                        .expect("grammar: dropping direction"),
                ),
            ),
            Rule::flanking => Clause::Flanking {
                convert: inner.as_str().starts_with("converting"),
                adjacent: inner.as_str().contains("adjacent"),
                along: inner
                    .clone()
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::direction_list)
                    .map(|p| self.dirs(p))
                    .unwrap_or_default(),
                runs: inner
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::run_length)
                    .map(|p| {
                        let span = self.of(&p);
                        let up_to = p.clone().into_inner().any(|n| n.as_rule() == Rule::kw_up);
                        let numbers: Vec<Number> = p
                            .into_inner()
                            .filter(|n| n.as_rule() == Rule::number)
                            .map(|n| self.number(n))
                            .collect();
                        let (shortest, longest) = match (up_to, numbers.as_slice()) {
                            (true, [n]) => (None, n.clone()),
                            (false, [n]) => (Some(n.clone()), n.clone()),
                            (_, [a, b, ..]) => (Some(a.clone()), b.clone()),
                            _ => unreachable!("grammar: a run length has a number"),
                        };
                        Spanned::new((shortest, longest), span)
                    }),
            },
            Rule::must_end_forward => Clause::MustEndFurtherForward,
            Rule::must_remove => Clause::MustRemoveAPiece,
            Rule::not_on_entry_line => Clause::NotOnEntryLine,
            Rule::ending_in => {
                let region = inner
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::region)
                    .expect("grammar: ending in region");
                Clause::EndingIn(self.region(region))
            }
            Rule::only_if => {
                let test = inner
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::condition_test)
                    .and_then(|p| p.into_inner().next())
                    .expect("grammar: only if test");
                Clause::OnlyIf(match test.as_rule() {
                    Rule::reserve_empty => TestWords::ReserveEmpty,
                    Rule::reserve_not_empty => TestWords::ReserveNotEmpty,
                    _ => {
                        let region = test
                            .into_inner()
                            .find(|p| p.as_rule() == Rule::region)
                            .expect("grammar: fill region");
                        TestWords::OwnPiecesFill(self.region(region))
                    }
                })
            }
            other => unreachable!("not a clause: {other:?}"),
        };
        Spanned::new(clause, span)
    }

    fn condition(self, pair: P) -> Condition {
        let inner = pair
            .into_inner()
            .next()
            .expect("grammar: condition content");
        let span = self.of(&inner);
        let rule = inner.as_rule();
        let inner_text = inner.as_str().to_string();
        let parts: Vec<P> = inner
            .into_inner()
            .filter(|p| !is_keyword(p.as_rule()))
            .collect();
        let mut regions = parts
            .iter()
            .filter(|p| p.as_rule() == Rule::region)
            .map(|p| self.region(p.clone()));
        match rule {
            Rule::chain_goal => Condition::Chain {
                regions: regions.by_ref().collect(),
                connected: parts
                    .iter()
                    .find(|p| p.as_rule() == Rule::connectivity)
                    .map(|p| self.connectivity(p.clone())),
                span,
            },
            Rule::network_goal => {
                let a = regions.next().expect("grammar: network a");
                let b = regions.next().expect("grammar: network b");
                let mut at_least = None;
                let mut connected = None;
                for param in parts.iter().filter(|p| p.as_rule() == Rule::network_param) {
                    let p = param.clone().into_inner().next().expect("grammar: param");
                    match p.as_rule() {
                        Rule::at_least_pieces => {
                            let n = p
                                .into_inner()
                                .find(|p| p.as_rule() == Rule::number)
                                .expect("grammar: at least N");
                            at_least = Some(self.number(n));
                        }
                        _ => connected = Some(self.connectivity(p)),
                    }
                }
                Condition::Network {
                    a,
                    b,
                    at_least,
                    connected,
                    span,
                }
            }
            Rule::all_in_goal => Condition::AllIn {
                region: regions.next().expect("grammar: all in region"),
                span,
            },
            Rule::group_goal => Condition::AllConnected {
                connected: parts
                    .iter()
                    .find(|p| p.as_rule() == Rule::direction)
                    .map(|p| self.dir(p.clone())),
                span,
            },
            Rule::row_goal => Condition::InRow {
                count: self.number(
                    parts
                        .iter()
                        .find(|p| p.as_rule() == Rule::number)
                        .expect("grammar: N in a row")
                        .clone(),
                ),
                exact: inner_text.starts_with("exactly"),
                along: parts
                    .iter()
                    .find(|p| p.as_rule() == Rule::direction_list)
                    .map(|p| self.dirs(p.clone()))
                    .unwrap_or_default(),
                span,
            },
            Rule::reach_goal => Condition::PieceIn {
                kind: parts
                    .iter()
                    .find(|p| p.as_rule() == Rule::name)
                    .map(|p| self.ident(p.clone())),
                region: regions.next().expect("grammar: a piece in region"),
                span,
            },
            Rule::count_goal => Condition::EnemyAtMost {
                count: parts
                    .iter()
                    .find(|p| p.as_rule() == Rule::number)
                    .map(|p| self.number(p.clone())),
                kind: parts
                    .iter()
                    .find(|p| p.as_rule() == Rule::name)
                    .map(|p| self.ident(p.clone())),
                span,
            },
            _ => Condition::AllOff { span },
        }
    }
}

fn next<'a>(pairs: &mut impl Iterator<Item = P<'a>>) -> P<'a> {
    pairs.next().expect("the grammar guarantees this part")
}

fn is_keyword(rule: Rule) -> bool {
    format!("{rule:?}").starts_with("kw_")
}
