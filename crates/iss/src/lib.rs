//! The International Skat Server's game-record format: reader, writer, and the mapping to
//! the stich syntax tree.
//!
//! The server writes one record a line: `(;GM[Skat]PC[…]…MV[w … 1 18 0 y …]R[d:2 loss …] ;)`.
//! [`IssReader`] streams records out of any [`std::io::BufRead`] in constant memory and goes
//! on after a broken record; [`write()`] gives the line back byte for byte. [`to_record`] and
//! [`from_record`] convert to and from [`notation::Record`], losing nothing. The format,
//! the mapping and the codes are in `spec/iss.md` and `spec/errors.md`.
//!
//! ```
//! let line = "(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n";
//! for found in iss::IssReader::new(line.as_bytes()) {
//!     let found = found.unwrap(); // an `IssError` carries the findings of a broken record
//!     let record = iss::to_record(&found.game).unwrap();
//!     assert_eq!(found.location.span.line, 1);
//!     assert_eq!(record.tag("Game"), Some("skat"));
//! }
//! ```

// A finding is built only when input is malformed, the cold path; returning `Diagnostic` by
// value keeps every signature plain, and its size costs nothing on well-formed records.
#![allow(clippy::result_large_err)]

pub mod blocks;
mod claims;
pub mod codes;
mod from_tree;
mod layout;
mod model;
mod moves;
mod parse;
pub mod plain;
mod pos;
pub mod quick;
mod read;
mod result;
mod to_tree;
mod token;
mod vocab;
mod write;

pub use claims::result_field_of_claim;
pub use from_tree::{from_record, tag_has_property};
pub use model::{
    Action, Actor, Close, Deal, Declaration, Game, GameKind, IssResult, Key, Modifier, Move, Moves, Outcome,
    Property, ResultField, Seat, escape, unescape,
};
pub use read::{
    DEFAULT_MAX_RECORD, IssError, IssReader, LocatedGame, Location, RawRecord, RawRecords, parse_game,
};
pub use to_tree::to_record;
pub use write::{write, write_into};
