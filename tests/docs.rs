//! The language reference stays true: every `game` code block in
//! docs/LANGUAGE.md checks without error. A fragment is completed with a
//! default board, players, move and setup for whatever it leaves out.

use gamut::check::Origin;
use gamut::load::check_source;

fn starts(lines: &[&str], keyword: &str) -> bool {
    lines.iter().any(|l| {
        l.strip_prefix(keyword)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
    })
}

/// The two player names a block declares, or the defaults.
fn players(lines: &[&str]) -> (String, String) {
    for l in lines {
        if let Some(rest) = l.strip_prefix("players ") {
            let names: Vec<String> = rest
                .split(',')
                .map(|n| n.split_whitespace().next().unwrap_or("").to_string())
                .collect();
            if names.len() == 2 {
                return (names[0].clone(), names[1].clone());
            }
        }
    }
    ("White".into(), "Black".into())
}

fn complete(block: &str) -> String {
    let lines: Vec<&str> = block.lines().collect();
    if starts(&lines, "extends") {
        return block.to_string();
    }
    let mut pre = Vec::new();
    if !starts(&lines, "board") {
        pre.push("board 8 x 8".to_string());
    }
    if !starts(&lines, "players") {
        pre.push("players White, Black".to_string());
    }
    if !starts(&lines, "move") {
        pre.push("move step forward onto empty".to_string());
    }
    if !starts(&lines, "setup") && !starts(&lines, "reserve") {
        let (a, b) = players(&lines);
        pre.push(format!("setup\n  {a} on rank 1\n  {b} on rank 8"));
    }
    format!("{}\n{block}", pre.join("\n"))
}

#[test]
fn every_example_in_the_language_reference_checks() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/LANGUAGE.md"))
        .expect("docs/LANGUAGE.md");
    let mut blocks = 0;
    for (i, part) in doc.split("```game\n").skip(1).enumerate() {
        let block = part.split("```").next().unwrap_or("");
        let text = complete(block);
        let checked = check_source("example.game", &text, Origin::Memory);
        let errors: Vec<String> = checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| gamut::diag::render(d, &checked.sources, false))
            .collect();
        assert!(
            errors.is_empty(),
            "example {i} of docs/LANGUAGE.md:\n{block}\n{}",
            errors.join("\n")
        );
        blocks += 1;
    }
    assert!(blocks >= 30, "only {blocks} examples found");
}
