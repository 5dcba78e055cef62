//! Quoting user text in a message: a bounded amount of it, whatever was
//! typed or saved (a move, a protocol line, a file's line may be a
//! mebibyte).

/// The first `shown` characters of `text` when it has more, else `None`
/// (the whole text is shown). The cut falls on a character boundary.
pub fn head(text: &str, shown: usize) -> Option<&str> {
    text.char_indices().nth(shown).map(|(cut, _)| &text[..cut])
}

#[cfg(test)]
mod tests {
    use super::head;

    #[test]
    fn a_head_is_cut_on_a_character_and_only_when_longer() {
        assert_eq!(head("abc", 3), None);
        assert_eq!(head("abcd", 3), Some("abc"));
        assert_eq!(head("éèêë", 2), Some("éè"));
        assert_eq!(head("", 0), None);
        assert_eq!(head("x", 0), Some(""));
    }
}
