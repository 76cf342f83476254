//! The `stich` command-line tool as a library: the pieces the binary is made of, so that
//! tests and benchmarks drive the very same code.

pub use check::brief;
pub mod cli;
pub mod commands;
pub mod format;
pub mod input;
pub mod out;
pub mod pipeline;
pub mod render;
pub mod select;
pub mod show;
pub mod summary;
