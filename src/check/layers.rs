//! A game and the files it extends, parsed layer by layer and merged into
//! one list of declarations with the variant's overrides applied. The
//! files come from a [`Library`]: the checker reads nothing itself.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::diag::{Code, Diagnostic, FileId, Kind, Sources, Span, Suggestion};
use crate::syntax::ast::{Decl, DeclKind, GoalOwner, OutcomeWord};
use crate::syntax::parse;

/// How deep `extends` may chain.
const MAX_EXTENDS: usize = 16;

/// Where a file came from, which decides where `extends` looks. The
/// checker only carries it back to its [`Library`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Embedded in the binary: `extends` looks among the shipped games.
    Shipped,
    /// On disk: `extends` looks next to the file, then among the shipped
    /// games.
    Path(PathBuf),
    /// Given as text: only shipped games can be extended.
    Memory,
}

/// Where the checker finds the game a variant extends: the boundary
/// between the checker and the world (files on disk, the shipped games).
pub trait Library {
    /// The game that `target` names, as written in `extends` in a file
    /// that came from `from`.
    fn find(&self, target: &str, from: &Origin) -> Found;
    /// The names a game could be given by when nothing is found, offered
    /// as suggestions.
    fn names(&self) -> Vec<String>;
    /// The games next to a file from `from` that `extends` could name
    /// (`parent` for `parent.game`), for suggestions; none by default.
    fn nearby(&self, _from: &Origin) -> Vec<String> {
        Vec::new()
    }
    /// What makes two files the same file, so that a chain of `extends`
    /// that comes back to a file is caught. By default a path is its own
    /// identity; a library of files gives the canonical path.
    fn identity(&self, name: &str, origin: &Origin) -> String {
        match origin {
            Origin::Path(p) => p.display().to_string(),
            Origin::Shipped => format!("shipped:{name}"),
            Origin::Memory => format!("memory:{name}"),
        }
    }
}

/// A library with nothing in it: `extends` finds no game.
pub struct NoLibrary;

impl Library for NoLibrary {
    fn find(&self, _target: &str, _from: &Origin) -> Found {
        Found::Nothing
    }
    fn names(&self) -> Vec<String> {
        Vec::new()
    }
}

/// What a [`Library`] found for `extends`.
pub enum Found {
    /// A game's text, how diagnostics name it, and where it came from.
    File {
        /// How diagnostics name the file.
        name: String,
        /// The whole text.
        text: String,
        /// Where it came from, for the `extends` in it.
        origin: Origin,
    },
    /// A game that is there but could not be read, and why.
    Unreadable(String),
    /// Nothing by that name.
    Nothing,
}

/// A declaration and the layer it comes from: 0 is the root ancestor, the
/// file that was asked for has the highest layer.
pub(super) struct Layered {
    pub decl: Decl,
    pub layer: usize,
}

/// A file's declarations that failed to parse still replace their
/// parent's: the singular keyword of each, by layer. Without this a
/// variant's broken `setup` brought back its parent's, which then raised
/// errors of its own against the variant's board.
pub(super) type Unparsed = Vec<(usize, &'static str)>;

/// The line a declaration starts on, for the declaration that holds byte
/// `at` of `text`: walked back over indented and comment lines.
pub(super) fn declaration_line(text: &str, at: usize) -> &str {
    let before = text.get(..at).unwrap_or(text);
    let mut start = before.rfind('\n').map_or(0, |i| i + 1);
    let continues = |line: &str| line.starts_with(|c: char| c.is_whitespace() || c == '#');
    while start > 0 && continues(&text[start..]) {
        start = text[..start - 1].rfind('\n').map_or(0, |i| i + 1);
    }
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    &text[start..end]
}

/// The keywords of singular declarations that failed to parse (`G002`,
/// `G003`) in a file, by their first word.
fn unparsed_keywords(text: &str, diags: &[Diagnostic]) -> Vec<&'static str> {
    const SINGULAR: [(&str, &str); 14] = [
        ("game", "game"),
        ("board", "board"),
        ("players", "players"),
        ("turns", "turns"),
        ("pieces", "pieces"),
        ("setup", "setup"),
        ("reserve", "reserve"),
        ("when", "when stuck"),
        ("draw", "draw on repetition"),
        ("precedence", "precedence"),
        ("captures", "captures are mandatory"),
        ("limit", "limit group size"),
        ("after", "after each move remove disconnected pieces"),
        ("illegal", "illegal if both players win"),
    ];
    diags
        .iter()
        .filter(|d| matches!(d.code, Code::G002 | Code::G003))
        .filter_map(|d| {
            let first = declaration_line(text, d.span.start as usize)
                .split_whitespace()
                .next()?;
            SINGULAR.iter().find(|(w, _)| *w == first).map(|(_, k)| *k)
        })
        .collect()
}

/// A game file as found: its name, its text and where it came from.
pub(super) type FoundFile = (String, String, Origin);

/// Parses a file and its ancestors. Returns the declarations, oldest
/// ancestor first, with the diagnostics of parsing and loading, and the
/// file's parent as found (to be checked alone, see `check_source`).
pub(super) fn load_chain(
    library: &dyn Library,
    sources: &mut Sources,
    name: &str,
    text: &str,
    origin: Origin,
) -> (Vec<Layered>, Unparsed, Vec<Diagnostic>, Option<FoundFile>) {
    let mut parent_found = None;
    let mut diags = Vec::new();
    let mut files: Vec<Vec<Decl>> = Vec::new();
    let mut unparsed: Vec<Vec<&'static str>> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut current = (name.to_string(), text.to_string(), origin);
    loop {
        let (name, text, origin) = current;
        // An old Mac file's lines end at `\r`: read as lines all the same.
        let text = crate::syntax::with_line_feeds(&text).into_owned();
        let file = sources.add(name.clone(), text);
        let (ast, parse_diags) = parse(&sources.get(file).text, file);
        unparsed.push(unparsed_keywords(&sources.get(file).text, &parse_diags));
        diags.extend(parse_diags);
        seen.push(library.identity(&name, &origin));
        let extends: Vec<&Decl> = ast
            .decls
            .iter()
            .filter(|d| matches!(d.kind, DeclKind::Extends(..)))
            .collect();
        for extra in extends.iter().skip(1) {
            diags.push(
                Diagnostic::new(
                    Kind::DeclaredTwice {
                        keyword: "extends".into(),
                    },
                    extra.span,
                )
                .with_note(extends[0].span, "first given here"),
            );
        }
        let parent = extends.first().and_then(|d| {
            if let DeclKind::Extends(target, _) = &d.kind {
                Some((target.clone(), d.span))
            } else {
                None
            }
        });
        files.push(ast.decls);
        let Some((target, span)) = parent else { break };
        if files.len() >= MAX_EXTENDS {
            diags.push(Diagnostic::new(
                Kind::ExtendsTooDeep { max: MAX_EXTENDS },
                span,
            ));
            break;
        }
        match library.find(&target.node, &origin) {
            Found::File {
                name: parent_name,
                text: parent_text,
                origin: parent_origin,
            } => {
                let id = library.identity(&parent_name, &parent_origin);
                if seen.contains(&id) {
                    diags.push(Diagnostic::new(
                        Kind::ExtendsItself {
                            target: target.node.clone(),
                        },
                        target.span,
                    ));
                    break;
                }
                current = (parent_name, parent_text, parent_origin);
                if parent_found.is_none() {
                    parent_found = Some(current.clone());
                }
            }
            Found::Unreadable(why) => {
                diags.push(Diagnostic::new(
                    Kind::ExtendsUnreadable { why },
                    target.span,
                ));
                break;
            }
            Found::Nothing => {
                let names = library.names();
                // The files next to this one first: `parnet` meant the
                // `parent.game` beside it.
                let nearby = library.nearby(&origin);
                let candidates = nearby.iter().chain(&names).map(String::as_str);
                let suggestion = match crate::diag::nearest(&target.node, candidates) {
                    Some(n) if nearby.iter().any(|f| f == n) => Suggestion::Explained(format!(
                        "did you mean `{n}`, the file `{n}.game` next to this one?"
                    )),
                    Some(n) => Suggestion::Nearest(n.to_string()),
                    None => Suggestion::Known(names),
                };
                diags.push(Diagnostic::new(
                    Kind::ExtendsNotFound {
                        target: target.node.clone(),
                        suggestion,
                    },
                    target.span,
                ));
                break;
            }
        }
    }
    let layers = files.len();
    let decls = files
        .into_iter()
        .enumerate()
        .flat_map(|(i, decls)| {
            decls.into_iter().map(move |decl| Layered {
                decl,
                layer: layers - 1 - i,
            })
        })
        .collect::<Vec<_>>();
    let mut decls = decls;
    decls.sort_by_key(|l| l.layer);
    let unparsed = unparsed
        .into_iter()
        .enumerate()
        .flat_map(|(i, keywords)| keywords.into_iter().map(move |k| (layers - 1 - i, k)))
        .collect();
    (decls, unparsed, diags, parent_found)
}

/// Applies a variant's overrides: keeps, for each singular declaration, the
/// newest layer's; for regions, the newest layer's definitions of each name; for goals, the newest layer's goals of each player and outcome;
/// for setup and reserve, the newest layer that has any. Moves accumulate.
/// Duplicates within one layer are reported.
pub(super) fn merge(
    (decls, unparsed): (Vec<Layered>, Unparsed),
    player_names: &[String],
    diags: &mut Vec<Diagnostic>,
) -> Vec<Decl> {
    let decls = expand_each_goals(decls, player_names);
    // The newest layer that declares each singular keyword, setup, reserve,
    // counting declarations that failed to parse.
    let mut newest: HashMap<&'static str, usize> = HashMap::new();
    for (layer, keyword) in unparsed {
        let newest = newest.entry(keyword).or_insert(layer);
        *newest = (*newest).max(layer);
    }
    // A variant that leaves out its parents' moves or promotions
    // (`extends "x" without moves`): those of older layers are dropped.
    let (mut moves_from, mut promotions_from) = (0, 0);
    for l in &decls {
        if let DeclKind::Extends(_, left) = &l.decl.kind {
            if left.moves {
                moves_from = moves_from.max(l.layer);
            }
            if left.promotions {
                promotions_from = promotions_from.max(l.layer);
            }
        }
    }
    let mut first_in_layer: HashMap<(&'static str, usize), Span> = HashMap::new();
    let mut region_newest: HashMap<String, usize> = HashMap::new();
    let mut goal_newest: HashMap<(String, bool), usize> = HashMap::new();
    for l in &decls {
        let key = l.decl.kind.keyword();
        match override_of(&l.decl.kind) {
            Override::Accumulates | Override::Dropped => {}
            Override::ByName(name) => {
                region_newest.insert(name, l.layer);
            }
            Override::ByGoal(Some(k)) => {
                goal_newest.insert(k, l.layer);
            }
            Override::ByGoal(None) => {}
            Override::Newest { once_per_file } => {
                let layer = newest.entry(key).or_insert(l.layer);
                *layer = (*layer).max(l.layer);
                if !once_per_file {
                    continue;
                }
                if let Some(first) = first_in_layer.get(&(key, l.layer)) {
                    diags.push(
                        Diagnostic::new(
                            Kind::DeclaredTwice {
                                keyword: key.to_string(),
                            },
                            l.decl.span,
                        )
                        .with_note(*first, "first declared here"),
                    );
                } else {
                    first_in_layer.insert((key, l.layer), l.decl.span);
                }
            }
        }
    }
    decls
        .into_iter()
        .filter(|l| match override_of(&l.decl.kind) {
            Override::Accumulates if matches!(l.decl.kind, DeclKind::Promote { .. }) => {
                l.layer >= promotions_from
            }
            Override::Accumulates => l.layer >= moves_from,
            Override::ByGoal(None) => true,
            Override::Dropped => false,
            Override::ByName(name) => region_newest.get(&name) == Some(&l.layer),
            Override::ByGoal(Some(k)) => goal_newest.get(&k) == Some(&l.layer),
            Override::Newest { .. } => newest.get(l.decl.kind.keyword()) == Some(&l.layer),
        })
        .map(|l| l.decl)
        .collect()
}

/// How a variant's declaration of a kind replaces its parent's.
enum Override {
    /// Every layer's are kept (`move`, `then`, `promote`).
    Accumulates,
    /// Used while loading, then dropped (`extends`).
    Dropped,
    /// Regions, by name: a variant's definitions of a name, for one player
    /// or for both, replace all of its parent's.
    ByName(String),
    /// Goals, by (player, is a win); `None` for `each`, which was expanded
    /// per player before merging and so never reaches here.
    ByGoal(Option<(String, bool)>),
    /// The newest layer that declares it wins; `once_per_file` when a file
    /// may declare it only once (all but `setup` and `reserve`, which may
    /// come in several declarations).
    Newest { once_per_file: bool },
}

fn override_of(kind: &DeclKind) -> Override {
    match kind {
        DeclKind::Move(_) | DeclKind::Then { .. } | DeclKind::Promote { .. } => {
            Override::Accumulates
        }
        DeclKind::Extends(..) => Override::Dropped,
        DeclKind::Region { name, .. } => Override::ByName(name.node.clone()),
        DeclKind::Goal { owner, outcome, .. } => Override::ByGoal(match owner {
            GoalOwner::Player(p) => Some((p.node.clone(), outcome.node == OutcomeWord::Wins)),
            GoalOwner::Each(_) => None,
        }),
        DeclKind::Setup(_) | DeclKind::Reserve(_) => Override::Newest {
            once_per_file: false,
        },
        DeclKind::Game(_)
        | DeclKind::Board { .. }
        | DeclKind::Players(_)
        | DeclKind::Turns { .. }
        | DeclKind::Pieces(_)
        | DeclKind::Limit { .. }
        | DeclKind::RemoveDisconnected { .. }
        | DeclKind::IllegalIfBothWin
        | DeclKind::MandatoryCaptures { .. }
        | DeclKind::Stuck(_)
        | DeclKind::Draw(_)
        | DeclKind::Precedence(_) => Override::Newest {
            once_per_file: true,
        },
    }
}

/// Replaces each `goal each …` by one goal per player, so a variant can
/// override the goal of one player.
fn expand_each_goals(decls: Vec<Layered>, player_names: &[String]) -> Vec<Layered> {
    let mut out = Vec::with_capacity(decls.len());
    for l in decls {
        let DeclKind::Goal {
            owner: GoalOwner::Each(span),
            outcome,
            condition,
        } = &l.decl.kind
        else {
            out.push(l);
            continue;
        };
        if player_names.is_empty() {
            out.push(l);
            continue;
        }
        for name in player_names {
            let kind = DeclKind::Goal {
                owner: GoalOwner::Player(crate::diag::Spanned::new(name.clone(), *span)),
                outcome: outcome.clone(),
                condition: condition.clone(),
            };
            out.push(Layered {
                decl: Decl {
                    kind,
                    span: l.decl.span,
                },
                layer: l.layer,
            });
        }
    }
    out
}

/// A file id for diagnostics that belong to no file position in particular.
pub(super) fn file_start(file: FileId) -> Span {
    Span {
        file,
        start: 0,
        end: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every singular declaration that fails to parse is still known by its
    /// keyword, so that it replaces its parent's all the same.
    #[test]
    fn failed_singular_declarations_are_known_by_keyword() {
        let lines = [
            ("board 8 by 8", "board"),
            ("setup\nWhite on a1", "setup"),
            ("when stuck lsoe", "when stuck"),
            (
                "captures are mandatory takign the most",
                "captures are mandatory",
            ),
            ("limit group size to", "limit group size"),
            (
                "after each move remove disconnected piece",
                "after each move remove disconnected pieces",
            ),
            ("illegal if both player win", "illegal if both players win"),
        ];
        for (line, keyword) in lines {
            let mut sources = Sources::default();
            let text = format!("players A, B\n{line}\n");
            let file = sources.add("t.game", text.clone());
            let (_, diags) = parse(&text, file);
            assert_eq!(unparsed_keywords(&text, &diags), [keyword], "{line:?}");
        }
    }
}
