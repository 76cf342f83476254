//! The import form reads as the books print it: each transcription under `tests/import/`
//! (the book's glyphs, white suits, `♣ A`, its column table and "A wins" figures) reads to
//! exactly the canonical record kept in the corpus.

mod common;

use std::path::Path;

/// Import transcription → its canonical counterpart in the corpus.
const PAIRS: &[(&str, &str)] = &[
    (
        "tests/import/foster-1897-tourne.stich",
        "corpus/skat/foster-1897/illustrative-tourne.stich",
    ),
    (
        "tests/import/foster-1897-solo.stich",
        "corpus/skat/foster-1897/illustrative-solo.stich",
    ),
    (
        "tests/import/foster-1897-grand.stich",
        "corpus/skat/foster-1897/illustrative-grand.stich",
    ),
];

fn canonical_file(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("read");
    let mut out = Vec::new();
    for parsed in notation::read_str(&text) {
        let mut record = parsed
            .record
            .unwrap_or_else(|| panic!("{}: {:?}", path.display(), parsed.diagnostics));
        engine::canonicalize(&mut record);
        out.push(notation::print(&record));
    }
    out.join("\n")
}

#[test]
fn book_transcriptions_read_to_the_canonical_corpus_records() {
    for (import, corpus) in PAIRS {
        let root = common::root();
        let from_book = canonical_file(&root.join(import));
        let canonical = std::fs::read_to_string(root.join(corpus)).expect("read corpus file");
        assert!(
            from_book == canonical,
            "{import} does not read to {corpus}:\n{from_book}"
        );
    }
}

#[test]
fn book_transcriptions_check_consistent() {
    for (import, _) in PAIRS {
        for p in common::check_file(&common::root().join(import)) {
            assert_eq!(p.report.verdict, engine::Verdict::Consistent, "{import}");
        }
    }
}
