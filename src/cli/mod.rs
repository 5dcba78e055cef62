//! The command line: a thin layer over the library. All printing and
//! colour live here. Exit codes as in ripgrep: 0 fine, 1 a game file has
//! errors, 2 a usage or I/O problem.

mod perft;
mod validate;

use std::io::IsTerminal;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(
    name = "gamut",
    version,
    about = "A rules interpreter and language for abstract board games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check game files: `ok` and a summary, or what is wrong and where.
    Validate {
        /// Paths to `.game` files, or names of shipped games (`network`).
        #[arg(required = true, value_name = "FILE|NAME")]
        games: Vec<String>,
        /// How to print the results.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also print the checked rules of each valid game, as the engine sees them.
        #[arg(long)]
        dump: bool,
    },
    /// Count the leaves of the game tree, depth by depth, to check the rules.
    Perft {
        /// A path to a `.game` file, or the name of a shipped game.
        game: String,
        /// How many moves deep.
        depth: u32,
        /// Print each first move with its count instead.
        #[arg(long)]
        divide: bool,
        /// Moves to play first, in notation, separated by spaces.
        #[arg(long, value_name = "MOVES")]
        moves: Option<String>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Exit statuses.
pub const OK: i32 = 0;
pub const FOUND_ERRORS: i32 = 1;
pub const USAGE: i32 = 2;

/// Runs the command line and returns the exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { USAGE } else { OK };
            let _ = e.print();
            return code;
        }
    };
    match cli.command {
        Command::Validate {
            games,
            format,
            dump,
        } => validate::run(&games, format, dump, colour_stdout()),
        Command::Perft {
            game,
            depth,
            divide,
            moves,
        } => perft::run(&game, depth, divide, moves.as_deref()),
    }
}

/// Loads and checks a game for a command that plays it. On failure the
/// diagnostics are printed and the exit status is returned.
pub fn load_rules(game: &str) -> Result<crate::rules::Rules, i32> {
    match crate::check::check_game(game) {
        Err(e) => {
            eprintln!("gamut: {e}");
            Err(USAGE)
        }
        Ok(checked) => {
            let colour = colour_stderr();
            for d in &checked.diagnostics {
                eprint!("{}", crate::diag::render(d, &checked.sources, colour));
            }
            checked.rules.ok_or(FOUND_ERRORS)
        }
    }
}

/// Colour on standard error, by the same rule as standard output.
pub fn colour_stderr() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

/// Colour only on a terminal, and never when `NO_COLOR` is set.
pub fn colour_stdout() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}
