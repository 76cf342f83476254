//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod cli;

use std::path::{Path, PathBuf};

use stich::input::{self, Input};
use stich::pipeline::{Processed, process};

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The path relative to the workspace root, with forward slashes, for stable snapshots.
pub fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Every record of one file, checked.
pub fn check_file(path: &Path) -> Vec<Processed> {
    let rel = relative(path);
    let expanded = input::expand(&[path.to_path_buf()], stich::cli::From::Auto);
    assert!(!expanded.failed, "input {}", path.display());
    let inputs = expanded.inputs;
    let mut out = Vec::new();
    for i in &inputs {
        let display = Input {
            path: Some(PathBuf::from(&rel)),
            format: i.format,
        };
        for parsed in input::records(i).expect("open") {
            out.push(process(parsed, Some(&display.display())));
        }
    }
    out
}

/// The findings of checked records rendered as plain text, as `stich check` prints them.
pub fn render_findings(path: &str, processed: &[Processed]) -> String {
    let mut s = String::new();
    for p in processed {
        for d in &p.diagnostics {
            s.push_str(&stich::render::diagnostic(d, path, &p.text, p.offset, false));
        }
    }
    s
}
