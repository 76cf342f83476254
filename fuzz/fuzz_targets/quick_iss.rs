//! Arbitrary bytes through the quick verification of ISS records: it never panics, and a
//! record it calls consistent is one the full path (the tree and the engine) finds
//! consistent with no error and no warning.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for raw in iss::IssReader::new(data).with_max_record(1 << 16).raw().flatten() {
        if iss::quick::verify(raw.bytes()) != iss::quick::Quick::Consistent {
            continue;
        }
        let game = raw.parse().expect("a record the quick path decides reads");
        let tree = iss::to_record(&game).expect("and maps to the tree");
        let checked = engine::check(&tree);
        assert_eq!(checked.verdict, engine::Verdict::Consistent);
        assert!(checked
            .findings
            .iter()
            .all(|d| d.severity == notation::Severity::Note));
    }
});
