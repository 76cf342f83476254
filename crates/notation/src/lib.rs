//! The stich notation: the syntax tree of a record, the streaming reader that builds it from
//! text, the canonical printer, content ids and diagnostics.
//!
//! ```
//! let parsed = notation::read_str("[Game \"skat\"]\n[Rules \"isko\"]\n\nauction M 18, F pass\n");
//! let record = parsed[0].record.as_ref().unwrap();
//! assert_eq!(record.tag("Game"), Some("skat"));
//! assert_eq!(notation::print(record), "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M 18, F pass\n");
//! ```

#![warn(missing_docs)]

#[cfg(any(test, feature = "proptest"))]
pub mod arbitrary;
pub mod codes;
pub mod diag;
mod id;
mod lex;
mod parse;
mod print;
mod reader;
mod scan;
mod spans;
pub mod tree;

pub use diag::{ComparedClaim, Diagnostic, Figure, Kind, Severity};
pub use id::{content_id, content_id_of_text};
pub use parse::header::{KNOWN_TAGS, REQUIRED_TAGS};
pub use parse::tokens::KEYWORDS;
pub use print::{PrintOptions, print, print_file, print_with};
pub use reader::{Limits, Parsed, RawChunk, RawChunks, Reader, read_str};
pub use tree::*;

/// The newest version of the notation this crate reads and writes (`%stich 2`). It reads
/// version 1 unchanged; [`print_file`] writes `%stich 2` only when a record needs it
/// ([`Record::needs_version`]).
pub const VERSION: u32 = 2;

#[cfg(test)]
mod tests;
