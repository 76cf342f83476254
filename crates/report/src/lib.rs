//! The JSON report of stich and its JSON Schema.
