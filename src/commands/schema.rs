//! `stich schema`: the JSON Schema of the report.

use crate::cli::EXIT_OK;

/// Runs `schema`.
pub fn run() -> u8 {
    print!("{}", report::schema_text());
    EXIT_OK
}
