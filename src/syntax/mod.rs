//! Text → syntax tree. The parser is the only code that touches pest; the
//! tree ([`ast`]) keeps a span on everything a diagnostic may point at.

pub mod ast;
mod complete;
mod expected;
mod parser;

pub use complete::{Expected, expected_at};
pub use parser::{is_name, parse};
