//! The language reference, `docs/LANGUAGE.md`, as hover texts: every
//! declaration and primitive (a heading: its first paragraph and first
//! example), every row of its tables (clauses, directions, distances,
//! targets…) and every goal condition. Read from the reference itself,
//! built into the binary, so the editor says what the docs say.

use std::sync::OnceLock;

const LANGUAGE: &str = include_str!("../../../docs/LANGUAGE.md");

/// One thing the reference explains.
pub(crate) struct Topic {
    /// The words of the language it is about, as written in a file
    /// (`bear off`, `must end further forward`, `up-left`).
    pub(crate) phrases: Vec<String>,
    /// The explanation, in Markdown.
    pub(crate) text: String,
    /// Whether the phrase is a declaration's keyword, which means it only
    /// where it starts a line: `board` in `region open = board except
    /// edge` is the built-in region, not the declaration.
    pub(crate) leads_line: bool,
    /// The board it is about, where its table's header says (`on a
    /// square board`, `on a hex board`): `Some(true)` for hexagons.
    pub(crate) hex_board: Option<bool>,
}

/// Every topic of the reference.
pub(crate) fn topics() -> &'static [Topic] {
    static TOPICS: OnceLock<Vec<Topic>> = OnceLock::new();
    TOPICS.get_or_init(|| read(LANGUAGE))
}

/// The topics about the longest phrase of the reference written at byte
/// `column` of `line`.
pub(crate) fn topics_at(line: &str, column: usize) -> Vec<&'static Topic> {
    let mut best: Vec<&Topic> = Vec::new();
    let mut best_len = 0;
    for topic in topics() {
        for phrase in &topic.phrases {
            if phrase.len() < best_len || !covers(line, phrase, column, topic.leads_line) {
                continue;
            }
            if phrase.len() > best_len {
                best.clear();
                best_len = phrase.len();
            }
            if !best.iter().any(|t| std::ptr::eq(*t, topic)) {
                best.push(topic);
            }
        }
    }
    best
}

/// Whether `phrase` stands in `line` as whole words over byte `column`
/// (and at the line's start, when it must lead the line).
fn covers(line: &str, phrase: &str, column: usize, leads_line: bool) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    line.match_indices(phrase).any(|(at, _)| {
        let end = at + phrase.len();
        (at == 0 || !leads_line)
            && at <= column
            && column <= end
            && !line[..at].chars().next_back().is_some_and(word)
            && !line[end..].chars().next().is_some_and(word)
    })
}

/// The words of a reference phrase as written in a file: `ending in
/// REGION` is `ending in`, `only if …` is `only if`, `[exactly] N in a
/// row` is `in a row` (the first words that are no placeholder); a
/// phrase that is only a placeholder (`N..M`) has none.
fn written(phrase: &str) -> Option<String> {
    let placeholder = |w: &str| {
        w.chars().any(|c| c.is_ascii_uppercase())
            || w.contains(['…', '[', ']', '|', '.', '"'])
            || w.chars().all(|c| c.is_ascii_digit())
    };
    let words: Vec<&str> = phrase
        .split_whitespace()
        .skip_while(|w| placeholder(w))
        .take_while(|w| !placeholder(w))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// The topic of the declaration whose keyword is `keyword` (`promote`),
/// for a word of its line that no topic of its own explains.
pub(crate) fn declaration_topic(keyword: &str) -> Option<&'static Topic> {
    topics()
        .iter()
        .find(|t| t.leads_line && t.phrases.iter().any(|p| p == keyword))
}

/// The backticked parts of a text.
fn backticked(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

fn read(doc: &str) -> Vec<Topic> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut topics = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let declaration = line.strip_prefix("### ");
        if let Some(heading) = line.strip_prefix("#### ").or(declaration) {
            // Headings of the language's own words (`bear off`), not of
            // sections (`Clauses`). A heading of three marks is a
            // declaration, of four a primitive of `move`.
            if heading.starts_with(|c: char| c.is_ascii_lowercase()) {
                topics.push(Topic {
                    phrases: vec![heading.to_string()],
                    text: section(&lines[i + 1..], heading),
                    leads_line: declaration.is_some(),
                    hex_board: None,
                });
            }
        } else if line.starts_with('|') && lines.get(i + 1).is_some_and(|l| l.starts_with("|---")) {
            let header = cells(line);
            let hex_board = if header.iter().any(|h| h.contains("hex board")) {
                Some(true)
            } else if header.iter().any(|h| h.contains("square board")) {
                Some(false)
            } else {
                None
            };
            i += 2;
            while i < lines.len() && lines[i].starts_with('|') {
                let row = cells(lines[i]);
                let phrases: Vec<String> = row
                    .first()
                    .map(|c| backticked(c).into_iter().filter_map(written).collect())
                    .unwrap_or_default();
                if !phrases.is_empty() {
                    let mut text = format!("**{}**", row[0]);
                    for (h, c) in header.iter().zip(&row).skip(1) {
                        text.push_str(&format!("\n\n*{h}*: {c}"));
                    }
                    topics.push(Topic {
                        phrases,
                        text,
                        leads_line: false,
                        hex_board,
                    });
                }
                i += 1;
            }
            continue;
        } else if let Some(rest) = line
            .strip_prefix("**`")
            .or_else(|| line.strip_prefix("- `"))
        {
            // A paragraph or an item of a list that starts with the
            // phrase it explains (`reserve is empty`: …).
            let phrase = rest.split('`').next().unwrap_or("");
            if let Some(phrase) = written(phrase) {
                let item = line.starts_with('-');
                let text = if item {
                    list_item(&lines[i..])
                } else {
                    paragraph(&lines[i..])
                };
                topics.push(Topic {
                    phrases: vec![phrase],
                    text,
                    leads_line: false,
                    hex_board: None,
                });
            }
        }
        i += 1;
    }
    topics
}

/// A heading's text: its first paragraph of prose and its first example.
fn section(lines: &[&str], heading: &str) -> String {
    let end = lines
        .iter()
        .position(|l| l.starts_with('#'))
        .unwrap_or(lines.len());
    let lines = &lines[..end];
    let mut prose = None;
    let mut example = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("```") {
            let close = lines[i + 1..]
                .iter()
                .position(|l| l.starts_with("```"))
                .map_or(lines.len(), |p| i + 1 + p);
            if example.is_none() {
                example = Some(lines[i + 1..close].join("\n"));
            }
            i = close + 1;
            continue;
        }
        if prose.is_none() && !line.trim().is_empty() && !line.starts_with('|') {
            prose = Some(paragraph(&lines[i..]));
        }
        i += 1;
    }
    let mut text = format!("**{heading}**");
    if let Some(p) = prose {
        text.push_str("\n\n");
        text.push_str(&p);
    }
    if let Some(e) = example {
        text.push_str("\n\n```game\n");
        text.push_str(&e);
        text.push_str("\n```");
    }
    text
}

/// The lines up to the next blank line, joined.
fn paragraph(lines: &[&str]) -> String {
    lines
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// An item of a list: its first line and the indented lines after it.
fn list_item(lines: &[&str]) -> String {
    let rest = lines[1..]
        .iter()
        .take_while(|l| l.starts_with("  ") && !l.trim().is_empty())
        .map(|l| l.trim());
    std::iter::once(lines[0].trim_start_matches("- "))
        .chain(rest)
        .collect::<Vec<_>>()
        .join(" ")
}

fn cells(row: &str) -> Vec<String> {
    row.trim()
        .trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hover(line: &str, at: &str) -> String {
        let column = line.find(at).unwrap();
        topics_at(line, column)
            .iter()
            .map(|t| t.text.clone())
            .collect::<Vec<_>>()
            .join("\n---\n")
    }

    #[test]
    fn every_primitive_and_declaration_has_a_topic() {
        for word in [
            "board",
            "players",
            "turns",
            "pieces",
            "setup",
            "reserve",
            "region",
            "move",
            "place",
            "enter",
            "relocate",
            "step",
            "slide",
            "jump",
            "bear off",
            "return",
            "remove",
            "then",
            "goal",
            "precedence",
            "when stuck",
            "draw on repetition",
            "game",
            "extends",
        ] {
            assert!(
                topics().iter().any(|t| t.phrases.iter().any(|p| p == word)),
                "{word}"
            );
        }
    }

    #[test]
    fn the_longest_phrase_under_the_cursor_wins() {
        let line = "move slide forward onto empty, must end further forward";
        let text = hover(line, "further");
        assert!(text.starts_with("**`must end further forward`**"), "{text}");
        assert!(hover(line, "slide").starts_with("**slide**"));
        assert!(hover(line, "slide").contains("```game"));
        let forward = hover(line, "forward onto");
        assert!(forward.contains("the way the player faces"), "{forward}");
    }

    /// A declaration's keyword inside a line is another word of the
    /// language: `board` the built-in region, `reserve` in a test, `pass`
    /// what a stuck player does.
    #[test]
    fn a_declarations_keyword_means_it_only_at_the_start_of_a_line() {
        assert!(hover("board 8 x 8", "board").starts_with("**board**"));
        let region = hover("region open = board except edge", "board except");
        assert!(region.contains("every usable cell"), "{region}");
        assert!(!region.contains("**board**"), "{region}");
        let test = hover("move place, only when reserve is empty", "reserve");
        assert!(test.contains("no piece in reserve"), "{test}");
        assert!(!test.contains("**reserve**"), "{test}");
        let pass = hover("when stuck pass, then count", "pass");
        assert!(pass.contains("neither"), "{pass}");
        let plain = hover("when stuck pass", "pass");
        assert!(plain.contains("counts as a move"), "{plain}");
        let theirs = hover("move place on opponent's home", "opponent's");
        assert!(theirs.contains("the other player's"), "{theirs}");
    }

    #[test]
    fn goal_conditions_and_clauses_with_placeholders_are_found() {
        let line = "goal each wins with chain between rank 1 and rank 8";
        assert!(hover(line, "chain").contains("a group of the player's"));
        let line = "move step forward onto empty, ending in own promotion";
        assert!(hover(line, "ending").contains("the piece must end on a cell"));
    }
}
