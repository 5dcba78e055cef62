//! No input makes the parser or checker panic: mutated shipped games,
//! random bytes, and a few hand-made extremes all end in a result.

use gamut::check::Origin;
use gamut::games::SHIPPED;
use gamut::load::{check_bytes, check_source};
use proptest::prelude::*;

/// Words of the language and bits of punctuation, to splice into games.
const PIECES: &[&str] = &[
    "board",
    "move",
    "then may",
    "region",
    "goal",
    "each",
    "wins",
    "(",
    ")",
    ",",
    "..",
    "=",
    "'s",
    "\"",
    "#",
    "\n",
    "\n  ",
    "a1",
    "z99",
    "0",
    "18446744073709551616",
    "except",
    "in",
    "forward-cone",
    "up to height",
    "onto",
    "friend",
    "jump over",
    "at most",
    "ü",
    "\u{0}",
    "\u{feff}",
    "players A, B",
    "extends \"network\"",
    "extends \"forms\"",
];

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, usize),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), 0..PIECES.len()).prop_map(|(a, i)| Edit::Insert(a, i)),
        (any::<usize>(), 1usize..200).prop_map(|(a, n)| Edit::Duplicate(a, n)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for e in edits {
        let len = bytes.len().max(1);
        match *e {
            Edit::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                if at < end {
                    bytes.drain(at..end);
                }
            }
            Edit::Insert(at, i) => {
                let at = at % (bytes.len() + 1);
                let piece = PIECES[i].as_bytes();
                bytes.splice(at..at, piece.iter().copied());
            }
            Edit::Duplicate(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                let copy = bytes[at.min(end)..end].to_vec();
                bytes.splice(end..end, copy);
            }
        }
    }
    // Edits may cut a character in two; the checker must cope with that too.
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mutated_shipped_games_never_panic(game in 0..SHIPPED.len(), edits in prop::collection::vec(edit(), 1..6)) {
        let text = apply(SHIPPED[game].1, &edits);
        let checked = check_source("mutated.game", &text, Origin::Memory);
        // Either rules or at least one error, never both and never neither.
        prop_assert_eq!(checked.rules.is_some(), !checked.has_errors());
        for d in &checked.diagnostics {
            let _ = gamut::diag::render(d, &checked.sources, false);
        }
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let checked = check_bytes("random.game", &bytes, Origin::Memory);
        prop_assert!(checked.rules.is_none());
        prop_assert!(checked.has_errors());
        for d in &checked.diagnostics {
            let _ = gamut::diag::render(d, &checked.sources, false);
        }
    }
}

#[test]
fn extremes_end_in_errors_not_panics() {
    let deep = format!(
        "board 8 x 8\nregion r = {}a1{}\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let long_union = format!("board 8 x 8\nregion r = {}a1\n", "a1, ".repeat(20000));
    let cycle = "board 4 x 4\nplayers A, B\nregion x = y\nregion y = x\nmove place on x\n";
    let huge = "board 18446744073709551616 x 99999999999999999999999\n";
    let self_ref = "board 4 x 4\nplayers A, B\nregion x = x except a1\nmove place on x\n";
    for text in [
        deep.as_str(),
        long_union.as_str(),
        cycle,
        huge,
        self_ref,
        "",
        "\u{feff}",
        "#",
    ] {
        let checked = check_source("extreme.game", text, Origin::Memory);
        assert!(checked.has_errors(), "{text:.60}");
    }
}

#[test]
fn a_region_defined_by_itself_is_reported_once_as_a_cycle() {
    let text = "board 4 x 4\nplayers A, B\nregion x = y\nregion y = x\nmove place on x\n";
    let checked = check_source("cycle.game", text, Origin::Memory);
    assert!(
        checked
            .diagnostics
            .iter()
            .any(|d| d.code.as_str() == "G025")
    );
}
