//! The command line: a thin layer over the library. All printing and
//! colour live here. Exit codes as in ripgrep: 0 fine, 1 a game file has
//! errors, 2 a usage or I/O problem.

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
    }
}

/// Colour only on a terminal, and never when `NO_COLOR` is set.
pub fn colour_stdout() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}
