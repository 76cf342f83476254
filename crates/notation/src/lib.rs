//! The stich notation: the syntax tree of a record, the streaming reader that builds it from
//! text, the canonical printer, content ids and diagnostics.

pub mod diag;
pub mod tree;

pub use diag::{Diagnostic, Kind, Severity};
pub use tree::*;
