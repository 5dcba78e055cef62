//! Embeds the shipped games: writes a table of every `games/*.game` file
//! (name without extension, text) so the binary can load them by name and
//! no source file has to list them.

use std::fmt::Write;
use std::{env, fs, path::Path};

// Cargo reads a build script's instructions from its standard output.
#[allow(clippy::disallowed_macros)]
fn main() {
    println!("cargo::rerun-if-changed=games");
    println!("cargo::rerun-if-changed=grammar/game.pest");
    let mut names: Vec<String> = fs::read_dir("games")
        .expect("the games/ folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| Path::new(n).extension().is_some_and(|e| e == "game"))
        .collect();
    names.sort();
    let mut out = String::from(
        "/// Every shipped game: (name, text of its `.game` file).\npub const SHIPPED: &[(&str, &str)] = &[\n",
    );
    for name in names {
        let stem = name.trim_end_matches(".game");
        writeln!(
            out,
            "    ({stem:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/games/{name}\"))),"
        )
        .expect("write to a String");
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    fs::write(dest, out).expect("write shipped.rs");
}
