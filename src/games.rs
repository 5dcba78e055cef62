//! The shipped games, embedded in the binary so they can be named without a path.

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The text of a shipped game, by name (`network`) or file name (`network.game`).
pub fn shipped(name: &str) -> Option<&'static str> {
    let stem = name.strip_suffix(".game").unwrap_or(name);
    SHIPPED
        .iter()
        .find(|(n, _)| *n == stem)
        .map(|(_, text)| *text)
}

/// How diagnostics and summaries name a shipped game: no file of that
/// name is on the user's machine, so not as a path.
pub fn shown_name(name: &str) -> String {
    format!("{} (shipped)", name.strip_suffix(".game").unwrap_or(name))
}

/// The names of all shipped games.
pub fn names() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(n, _)| *n)
}
