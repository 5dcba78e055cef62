//! The syntax tree of each shipped game's own text (a variant's tree holds
//! only what it changes): snapshots of the parser's output, spans shown as
//! byte ranges, so that a change to the grammar or the parser shows here
//! first, before the checker turns the tree into rules.

use gamut::diag::FileId;
use gamut::syntax::parse;

#[test]
fn the_syntax_tree_of_each_shipped_game() {
    for (name, text) in gamut::games::SHIPPED {
        let (ast, diagnostics) = parse(text, FileId(0));
        assert!(diagnostics.is_empty(), "{name}: {diagnostics:?}");
        insta::assert_debug_snapshot!(format!("ast-{name}"), ast);
    }
}
