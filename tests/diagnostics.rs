//! The diagnostics of every malformed file in `tests/invalid/`, as a
//! person sees them: snapshots of the plain rendering.

use std::path::Path;

use gamut::check::Origin;
use gamut::diag::{Code, Severity, render};
use gamut::load::check_bytes;

fn report(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("read fixture");
    let name = format!(
        "tests/invalid/{}",
        path.file_name().unwrap().to_string_lossy()
    );
    // Named as a path from the crate's folder (the tests' working folder),
    // so that the files `extends` reaches are named the same on every machine.
    let checked = with_start_check(check_bytes(
        &name,
        &bytes,
        Origin::Path(name.clone().into()),
    ));
    let mut out = String::new();
    for d in &checked.diagnostics {
        out.push_str(&render(d, &checked.sources, false));
        out.push('\n');
    }
    out.push_str(if checked.rules.is_some() {
        "=> valid\n"
    } else {
        "=> invalid\n"
    });
    out
}

#[test]
fn every_malformed_file_gets_its_diagnostics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/invalid")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 30, "the corpus has {} files", paths.len());
    for path in paths {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = report(&path);
        insta::assert_snapshot!(stem, text);
    }
}

/// Checks a file of `tests/invalid/` by its stem.
fn check_fixture(stem: &str) -> gamut::check::Checked {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/invalid/{stem}.game"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{stem}.game: {e}"));
    with_start_check(check_bytes(stem, &bytes, Origin::Path(path)))
}

/// What `validate` adds to the checker's findings by playing the start
/// (W019).
fn with_start_check(mut checked: gamut::check::Checked) -> gamut::check::Checked {
    if let Some(rules) = &checked.rules {
        let engine = gamut::engine::Engine::new(rules.clone());
        gamut::cli::validate::start_check(&engine, &mut checked);
    }
    checked
}

#[test]
fn every_code_has_a_fixture_that_reports_it() {
    for &code in Code::ALL {
        let checked = check_fixture(code.fixture());
        let codes: Vec<Code> = checked.diagnostics.iter().map(|d| d.code).collect();
        assert!(
            codes.contains(&code),
            "{}.game should report {code}, reports {codes:?}",
            code.fixture()
        );
    }
}

#[test]
fn files_that_should_fail_do_and_warnings_alone_do_not() {
    // The fixture of a warning shows that warning alone: the game is
    // valid. Every other file of the corpus has an error.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid");
    let warnings_only: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| c.severity() == Severity::Warning)
        .map(|c| c.fixture())
        .collect();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let checked = check_fixture(&stem);
        if warnings_only.contains(&stem.as_str()) {
            assert!(checked.rules.is_some(), "{stem} should be valid");
            assert!(
                !checked.diagnostics.is_empty(),
                "{stem} should have a warning"
            );
        } else {
            assert!(checked.has_errors(), "{stem} should have an error");
            assert!(checked.rules.is_none());
        }
    }
}

#[test]
fn the_table_of_codes_in_the_docs_is_the_list_of_kinds() {
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/LANGUAGE.md"))
            .unwrap();
    let rows: Vec<(String, String)> = docs
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells.len() == 4 && Code::parse(cells[1]).is_some())
                .then(|| (cells[1].to_string(), cells[2].to_string()))
        })
        .collect();
    let kinds: Vec<(String, String)> = Code::ALL
        .iter()
        .map(|c| (c.as_str().to_string(), c.summary().to_string()))
        .collect();
    assert_eq!(rows, kinds, "docs/LANGUAGE.md's table of codes");
}

#[test]
fn several_errors_in_one_file_are_all_reported_in_order() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid/several-errors.game");
    let bytes = std::fs::read(&path).unwrap();
    let checked = check_bytes("several-errors.game", &bytes, Origin::Path(path.clone()));
    let codes: Vec<&str> = checked
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes, ["G021", "G002", "G031"]);
    let lines: Vec<usize> = checked
        .diagnostics
        .iter()
        .map(|d| checked.sources.line_col(d.span.file, d.span.start).0)
        .collect();
    assert!(lines.windows(2).all(|w| w[0] <= w[1]));
}

/// The help lines of every diagnostic of `text`, checked as `name`.
fn helps_of(name: &str, text: &str) -> Vec<String> {
    gamut::load::check_source(name, text, Origin::Memory)
        .diagnostics
        .iter()
        .filter_map(|d| d.help.clone())
        .collect()
}

/// Words a newcomer writes as English would have them: a bare number
/// where a distance belongs is told how a distance is written, and one
/// enemy piece may be singular.
#[test]
fn a_bare_distance_is_told_its_form_and_one_piece_may_be_singular() {
    let text = "board 8 x 8\nplayers A, B\nsetup\n  A on a1\n  B on h8\nmove step forward 2\n";
    let help = helps_of("distance.game", text);
    assert!(help.iter().any(|h| h.contains("`exactly 2`")), "{help:?}");
    let text = "board 8 x 8\nplayers A, B\nsetup\n  A on a1, b1\n  B on g8, h8\nmove step any onto empty, enemy\n\
                goal each wins with at most 1 enemy piece\n";
    let checked = gamut::load::check_source("singular.game", text, Origin::Memory);
    assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
}

/// `board 3 by 3` is told how a size is written; `3 × 3`, which is one
/// way to write it, is not (`board 3 × 3 foo` was, for its `foo`).
#[test]
fn only_a_size_written_wrong_is_told_how_sizes_are_written() {
    let rest = "players A, B\nreserve 5 each\nmove place\n";
    let said = |board: &str| {
        helps_of("size.game", &format!("{board}\n{rest}"))
            .iter()
            .any(|h| h.starts_with("a board size is written"))
    };
    assert!(said("board 3 by 3"));
    assert!(!said("board 3 \u{d7} 3 foo"));
    assert!(!said("board 3 x 3 foo"));
}

/// Slips a newcomer makes are told what was meant: each line, after a
/// plain header, and the help it gets (once "choose another name", "did
/// you mean `for`?" for a region named `far`, or no help at all).
#[test]
fn slips_are_told_what_was_meant() {
    let header = "game \"G\"\nboard 8 x 8\nplayers White, Black\n";
    let tail = "move step forward onto empty\n";
    for (lines, help) in [
        (
            "setup\n  White on ranks 1 to 2\n",
            "a range is written with two dots: `ranks 1..2`",
        ),
        (
            "setup\n  White on ranks 1\u{2013}2\n",
            "a range is written with two dots",
        ),
        (
            "setup\n  White on ranks 1..2, Black on ranks 7..8\n",
            "`Black on …` begins a new setup item: put it on a line of its own",
        ),
        (
            "setup\n  White on dark squares in ranks 1..2\n",
            "after a region, `squares` was read as the next item's player",
        ),
        (
            "region far White = rank 8\n",
            "a region for one player is written `region far for White = …`",
        ),
        (
            "region for White far = rank 8\n",
            "the region's name comes first: `region far for White = …`",
        ),
        ("region far#1 for White = rank 8\n", "`#` begins a comment"),
        (
            "setup\n  White on rank 1\ngoal White wins with a piece in Black\u{2019}s far\n",
            "write the apostrophe of `'s` as a straight one",
        ),
        (
            "setup\n  White on rank 1 // the front\n",
            "a comment begins with `#`",
        ),
        ("setup\n  White on rankz 1..2\n", "did you mean `ranks`?"),
        (
            "setup\n  White on A1..H2\n",
            "cells are written in lower case: `a1..h2`",
        ),
    ] {
        let text = format!("{header}{lines}{tail}");
        let helps = helps_of("slip.game", &text);
        assert!(
            helps.iter().any(|h| h.contains(help)),
            "{lines:?}: {helps:?}"
        );
    }
    for (board, help) in [
        ("board 8*8", "a board size is written `8 x 8`"),
        (
            "board hex 11 x 11",
            "a board of hexagons is written `board 11 x 11 hex`",
        ),
        (
            "board hexagon 5 x 5",
            "a hexagon has one size, the cells along a side: `board hexagon 5`",
        ),
        ("board 8 x 8 without corner", "did you mean `corners`?"),
    ] {
        let text =
            format!("game \"G\"\n{board}\nplayers White, Black\nreserve 5 each\nmove place\n");
        let helps = helps_of("board.game", &text);
        assert!(helps.iter().any(|h| h.contains(help)), "{board}: {helps:?}");
    }
}

/// One mistake in a region's line is one error: its lack for a player
/// (G028) is not told again where the region is used, whether the line
/// named a player the game does not have or failed to parse.
#[test]
fn a_region_line_in_error_is_not_told_again_where_it_is_used() {
    for region in [
        "region far for Blak = rank 1",
        "region for Black far = rank 1",
    ] {
        let text = format!(
            "game \"G\"\nboard 8 x 8\nplayers White, Black\nsetup\n  White on rank 1\n  Black on rank 8\n\
             region far for White = rank 8\n{region}\nmove step forward onto empty\n\
             goal each wins with a piece in far\n"
        );
        let checked = gamut::load::check_source("far.game", &text, Origin::Memory);
        let codes: Vec<&str> = checked
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        assert_eq!(codes.len(), 1, "{region}: {codes:?}");
        assert_ne!(codes[0], "G028", "{region}");
    }
}

/// A declaration's continuation left unindented is one mistake, told at
/// the end of the declaration it meant to continue, not again as a line
/// that starts no declaration (unless it looks like a misspelt one).
#[test]
fn an_unindented_continuation_is_one_error() {
    let head = "board 3 x 3\nplayers A, B\nreserve 5 each\nmove place,\n";
    let codes = |tail: &str| -> Vec<&'static str> {
        gamut::load::check_source("cont.game", &format!("{head}{tail}"), Origin::Memory)
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect()
    };
    assert_eq!(codes("converting adjacent enemies\n"), ["G002"]);
    assert_eq!(codes("borad 8 x 8\n"), ["G002", "G001"]);
}

/// `when stuck pass, then lose` is told what `then` takes and why.
#[test]
fn a_pass_then_lose_is_told_what_then_takes() {
    let text =
        "board 3 x 3\nplayers A, B\nreserve 5 each\nmove place\nwhen stuck pass, then lose\n";
    let help = helps_of("stuck.game", text);
    assert!(
        help.iter()
            .any(|h| h
                .starts_with("after `pass, then` comes what happens when both players are stuck")),
        "{help:?}"
    );
}

/// A word of the language written where another part takes it is told
/// where it goes: a jump's count after its clauses, `exactly` after a
/// row, a kind or a count after `over`, a goal `when` a player is stuck.
#[test]
fn a_word_in_the_wrong_place_is_told_where_it_goes() {
    let help = |line: &str| -> String {
        let text = format!("board 5 x 5\nplayers A, B\nreserve 5 each\nmove place\n{line}\n");
        let helps = helps_of("placed.game", &text);
        assert_eq!(helps.len(), 1, "{line}: {helps:?}");
        helps[0].clone()
    };
    for (line, told) in [
        (
            "move jump over enemy diagonal, capturing, at most 3 times",
            "belongs to a leg of the jump",
        ),
        ("move jump over goose any", "not their kind"),
        ("move jump over 2 enemy diagonal", "after its directions"),
        (
            "goal each wins with 5 in a row exactly",
            "`exactly` comes before the number",
        ),
        (
            "goal A wins when B is stuck",
            "a declaration of its own: `when stuck lose`",
        ),
    ] {
        let help = help(line);
        assert!(help.contains(told), "{line}: {help}");
    }
    // A second `without` on a board: one, with a list.
    let helps = helps_of(
        "without.game",
        "board 3 x 3 without a1 without b1\nplayers A, B\nreserve 5 each\nmove place\n",
    );
    assert!(
        helps.iter().any(|h| h.contains("`without a1, b1`")),
        "{helps:?}"
    );
}

/// A word after a region's comma is read as another region: the help
/// says so, and what a promotion takes after its region.
#[test]
fn a_word_after_a_regions_comma_is_told_it_was_read_as_a_region() {
    let text = "board 5 x 5\nplayers A, B\npieces man, king\nsetup\n  A man on rank 1\n  B man on rank 5\n\
                region far for A = rank 5\nregion far for B = rank 1\nmove step man forward\n\
                move step king any\npromote man to king in far, continuing\nmove place king on far, soon\n";
    let help = helps_of("comma.game", text);
    assert_eq!(
        help,
        [
            "a comma after a region adds another region, so `continuing` was read as one; \
             a `promote` line takes only `, ending the move` after its region",
            "a comma after a region adds another region, so `soon` was read as one; \
             the regions of this game are: far"
        ]
    );
}

/// A clause written without its comma is told the comma is missing; the
/// advice that a declaration starts a line is kept for a declaration's
/// keyword found in mid-line.
#[test]
fn a_missing_comma_is_named_and_a_new_line_only_before_a_keyword() {
    let helps = |line: &str| -> Vec<String> {
        let text = format!(
            "board 6 x 6\nplayers A, B\npieces amazon, neutral arrow\nsetup\n  A amazon on a1\n  B amazon on f6\n{line}\n"
        );
        helps_of("comma.game", &text)
    };
    let help = helps("move slide any\nthen must place arrow in sight of the last piece");
    assert_eq!(
        help,
        ["a comma is missing before `in`: the clauses after a move are set off by commas"]
    );
    let help = helps("move slide any up to 3 onto empty enemy");
    assert!(
        help[0].starts_with("a comma is missing before `enemy`"),
        "{help:?}"
    );
    // Two clauses in a row without their commas: the first is named.
    let help = helps("move jump amazon over any diagonal chained capturing");
    assert!(
        help[0].starts_with("a comma is missing before `chained`"),
        "{help:?}"
    );
    let help = helps("move slide any goal each wins with 3 in a row");
    assert!(
        help[0].starts_with("a new declaration must start"),
        "{help:?}"
    );
    let help = helps("move slide any up to 3 onto empty zzz");
    assert!(
        !help.iter().any(|h| h.contains("new declaration")),
        "{help:?}"
    );
}

/// A warning in a parent's line that the variant caused (its setup puts a
/// piece on the far rank, so the parent's goal holds at the start) points
/// at the variant's `extends` too, as an error there does.
#[test]
fn a_warning_a_variant_causes_in_its_parent_points_at_the_variant() {
    let text =
        "extends \"breakthrough\"\nsetup\n  White on ranks 1..2, h8\n  Black on ranks 6..7\n";
    let checked = check_bytes("near-far.game", text.as_bytes(), Origin::Memory);
    assert!(checked.rules.is_some());
    let warning = checked
        .diagnostics
        .iter()
        .find(|d| d.code == Code::W017)
        .expect("W017");
    let (at, note) = warning.note.as_ref().expect("a note at the variant");
    assert_ne!(warning.span.file, at.file, "the warning is in the parent");
    assert!(note.starts_with("extended here"), "{note}");
    let shown = render(warning, &checked.sources, false);
    assert!(shown.contains("near-far.game:1:1"), "{shown}");
}

/// A name being given is not mistaken for a word of the language in
/// capitals: `players A!, B` stops at `!`, and `A` is no `a`.
#[test]
fn a_players_name_is_not_told_to_be_lower_case() {
    for players in ["A!, B", "A;B"] {
        let text = format!("board 3 x 3\nplayers {players}\nreserve 5 each\nmove place\n");
        let checked = gamut::load::check_source("names.game", &text, Origin::Memory);
        assert!(checked.has_errors());
        assert!(
            !checked
                .diagnostics
                .iter()
                .any(|d| d.help.as_deref().is_some_and(|h| h.contains("lower case"))),
            "{players}: {:?}",
            checked.diagnostics
        );
    }
}

/// W017 sees rows, chains and connected groups at the start, as it sees
/// counts and places of pieces; a row one short, or longer than an exact
/// row, does not hold.
#[test]
fn a_row_or_chain_at_the_start_is_warned_of() {
    let warned = |white: &str, goal: &str| {
        let text = format!(
            "board 5 x 5\nplayers White, Black\nsetup\n  White on {white}\n  Black on e5\n\
             move step any onto empty\ngoal White wins with {goal}\n"
        );
        let checked = gamut::load::check_source("start.game", &text, Origin::Memory);
        assert!(checked.rules.is_some(), "{:?}", checked.diagnostics);
        checked.diagnostics.iter().any(|d| d.code == Code::W017)
    };
    assert!(warned("a1, b2, c3", "3 in a row"));
    assert!(!warned("a1, b2, d4", "3 in a row"));
    assert!(warned("a1, b1, c1", "exactly 3 in a row"));
    assert!(!warned("a1, b1, c1, d1", "exactly 3 in a row"));
    assert!(warned("a1, b1, c1, d1", "3 in a row"));
    assert!(warned(
        "c1, c2, c3, c4, c5",
        "chain between rank 1 and rank 5"
    ));
    assert!(!warned("c1, c2, c4, c5", "chain between rank 1 and rank 5"));
    assert!(warned("a1, b2", "all pieces connected any"));
    assert!(!warned("a1, b2", "all pieces connected"));
}

/// W011's suggested turn order is written with the game's own players,
/// the first mover first.
#[test]
fn the_turn_order_w011_suggests_names_the_games_players() {
    let text = "board 9 x 9\nplayers Red, Blue\nturns Blue, Red\nreserve 40 each\nmove place\n\
                then must place, only from turn 2\n";
    let helps = helps_of("w011.game", text);
    assert!(
        helps
            .iter()
            .any(|h| h.contains("`turns Blue, then repeat Red, Red, Blue, Blue`")),
        "{helps:?}"
    );
}

/// A game's name with an invisible character (a zero-width space, a
/// byte-order mark) is refused like one with a control character: two
/// names would look alike. An emoji joined by U+200D stays a name.
#[test]
fn an_invisible_character_in_a_games_name_is_refused() {
    let codes = |name: &str| -> Vec<Code> {
        let text =
            format!("game \"{name}\"\nboard 3 x 3\nplayers X, O\nreserve 5 each\nmove place\n");
        gamut::load::check_source("name.game", &text, Origin::Memory)
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect()
    };
    for name in [
        "Tic\u{200b}tac",
        "\u{feff}Tictac",
        "Tic\u{2028}tac",
        "Tic\u{e0041}",
    ] {
        assert_eq!(codes(name), [Code::G027], "{name:?}");
    }
    assert!(codes("Family \u{1f468}\u{200d}\u{1f469}").is_empty());
}
