//! Reads every record of `corpus/skat/isko/` as text and checks the figures each rule case
//! must show, independently of the claims the records carry.

use std::path::{Path, PathBuf};

use engine::{Replay, Severity, Verdict};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// File, won, value, score: the figures of each rule case of the official rules.
const CASES: &[(&str, bool, u32, i64)] = &[
    ("clubs-with-1-61", true, 24, 24),
    ("clubs-with-1-60", false, 24, -48),
    ("clubs-without-4", true, 60, 60),
    ("clubs-with-1-schneider", true, 36, 36),
    ("clubs-with-1-schwarz", true, 48, 48),
    ("clubs-hand-schneider-announced", true, 60, 60),
    ("clubs-hand-schwarz-announced", true, 84, 84),
    ("clubs-with-6", true, 84, 84),
    ("diamonds-overbid-89", false, 27, -54),
    ("diamonds-schneider-90", true, 27, 27),
    ("hearts-jack-in-skat", false, 30, -60),
    ("grand-with-4", true, 120, 120),
    ("grand-with-4-schneider", true, 144, 144),
    ("grand-with-4-schwarz", true, 168, 168),
    ("grand-hand-schwarz-announced", true, 168, 168),
    ("grand-hand-schneider-announced-lost", false, 192, -384),
    ("clubs-ouvert", true, 108, 108),
    ("null-lost", false, 23, -46),
    ("null-hand-lost", false, 35, -70),
    ("null-ouvert-lost", false, 46, -92),
    ("null-ouvert-hand-lost", false, 59, -118),
    ("spades-with-2-89", true, 33, 33),
    ("seed-004-overbid", false, 48, -96),
    ("seed-004-schneider", true, 48, 48),
];

#[test]
fn every_rule_case_replays_with_its_figures() {
    let dir = root().join("corpus/skat/isko");
    let mut seen = 0;
    for &(name, won, value, score) in CASES {
        let path = dir.join(format!("{name}.stich"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let parsed = notation::read_str(&text);
        assert_eq!(parsed.len(), 1, "{name}");
        let p = &parsed[0];
        assert!(
            p.diagnostics.iter().all(|d| d.severity != Severity::Error),
            "{name}: {:#?}",
            p.diagnostics
        );
        let record = p.record.as_ref().unwrap_or_else(|| panic!("{name}: no record"));
        let checked = engine::check(record);
        assert_eq!(
            checked.verdict,
            Verdict::Consistent,
            "{name}: {:#?}",
            checked.findings
        );
        let Some(Replay::Skat(r)) = &checked.replay else {
            panic!("{name}: no replay")
        };
        let got = (r.result.won, r.result.value, r.result.score);
        assert_eq!(got, (Some(won), Some(value), Some(score)), "{name}");
        seen += 1;
    }
    let files = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "stich"))
        })
        .count();
    assert_eq!(files, seen, "a corpus file without an expected figure in CASES");
}

#[test]
fn hands_printed_only_for_the_declarer_are_inferred() {
    let text = std::fs::read_to_string(root().join("corpus/skat/isko/clubs-without-4.stich")).unwrap();
    let parsed = notation::read_str(&text);
    let checked = engine::check(parsed[0].record.as_ref().unwrap());
    let Some(Replay::Skat(r)) = &checked.replay else {
        panic!()
    };
    let inferred: Vec<bool> = r.deal.hands.iter().map(|h| h.inferred).collect();
    assert_eq!(inferred, [true, false, true]);
    assert_eq!(checked.findings.iter().filter(|d| d.code == "D0108").count(), 2);
}
