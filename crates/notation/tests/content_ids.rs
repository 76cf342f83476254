//! Pins the content id of every record of the corpus (`corpus/**/*.stich`) and of the golden
//! files (`tests/golden/*.stich`). A change to the reader or the printer that alters the
//! canonical text of any version-1 record changes this snapshot.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn stich_files(dir: &Path, recursive: bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if recursive {
                stich_files(&path, true, out);
            }
        } else if path.extension().and_then(|e| e.to_str()) == Some("stich") {
            out.push(path);
        }
    }
}

#[test]
fn content_ids_of_corpus_and_golden_files() {
    let root = root();
    let mut files = Vec::new();
    stich_files(&root.join("corpus"), true, &mut files);
    stich_files(&root.join("tests/golden"), false, &mut files);
    files.sort();
    assert!(files.len() > 30, "corpus not found under {}", root.display());
    let mut listing = String::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable file");
        let rel = file
            .strip_prefix(&root)
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        for parsed in notation::read_str(&text) {
            let line = parsed.line;
            match &parsed.record {
                Some(record) => {
                    let _ = writeln!(listing, "{rel}:{line} {}", notation::content_id(record));
                }
                None => {
                    let _ = writeln!(listing, "{rel}:{line} (no record)");
                }
            }
        }
    }
    insta::assert_snapshot!(listing);
}
