//! The diagnostics of every malformed file in `tests/invalid/`, as a
//! person sees them: snapshots of the plain rendering.

use std::path::Path;

use gamut::check::Origin;
use gamut::diag::render;
use gamut::load::check_bytes;

fn report(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("read fixture");
    let name = format!(
        "tests/invalid/{}",
        path.file_name().unwrap().to_string_lossy()
    );
    let checked = check_bytes(&name, &bytes, Origin::Path(path.to_path_buf()));
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

#[test]
fn files_that_should_fail_do_and_warnings_alone_do_not() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid");
    // These are legal but suspicious: warnings, no error.
    let warnings_only = [
        "never-ends",
        "unused-region",
        "unmovable-piece-kind",
        "reserve-never-used",
        "illegal-both-without-wins",
        "explosive-jumps",
        "explosive-parts",
        "explosive-network",
    ];
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let checked = check_bytes(&stem, &bytes, Origin::Path(path.clone()));
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
fn several_errors_in_one_file_are_all_reported_in_order() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid/several-errors.game");
    let bytes = std::fs::read(&path).unwrap();
    let checked = check_bytes("several-errors.game", &bytes, Origin::Path(path.clone()));
    let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["G021", "G002", "G031"]);
    let lines: Vec<usize> = checked
        .diagnostics
        .iter()
        .map(|d| checked.sources.line_col(d.span.file, d.span.start).0)
        .collect();
    assert!(lines.windows(2).all(|w| w[0] <= w[1]));
}
