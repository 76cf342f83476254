//! `stich schema`: the JSON Schema of the report.

use crate::cli::EXIT_OK;
use crate::out;

/// Runs `schema`.
pub fn run() -> u8 {
    out::finish(out::write_all(report::schema_text().as_bytes()), EXIT_OK)
}
