//! One module per command.

pub mod check;
pub mod completions;
pub mod convert;
pub mod filter;
pub mod fmt;
pub mod r#gen;
pub mod man;
pub mod meld;
pub mod rules;
pub mod schema;
pub mod serve;
pub mod sheet;
pub mod show;
pub mod stats;
