//! The Skat golden file `tests/golden/skat.stich`: one record per code of the engine. Each
//! record names its code in the Event tag; a `; <- CODE` comment marks the line the finding
//! points at. The first record is clean.

use std::collections::BTreeSet;
use std::path::Path;

use engine::Severity;

struct Case {
    event: String,
    line: u32,
    findings: Vec<(&'static str, Option<u32>, Severity)>,
    marks: Vec<(String, u32)>,
}

fn cases() -> Vec<Case> {
    cases_of("skat.stich")
}

/// The cases of one golden file of `tests/golden/`.
fn cases_of(name: &str) -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("a golden file");
    let mut out = Vec::new();
    for p in notation::read_str(&text) {
        assert!(
            p.diagnostics.iter().all(|d| d.severity != Severity::Error),
            "line {}: {:#?}",
            p.line,
            p.diagnostics
        );
        let record = p.record.as_ref().expect("a record");
        let event = record.tag("Event").unwrap_or_default().to_string();
        let checked = engine::check(record);
        let findings = checked
            .findings
            .iter()
            .map(|d| (d.code, d.span.map(|s| s.line), d.severity))
            .collect();
        let marks = p
            .text
            .lines()
            .enumerate()
            .filter_map(|(i, l)| {
                l.split_once("; <- ")
                    .map(|(_, c)| (c.trim().to_string(), p.line + i as u32))
            })
            .collect();
        out.push(Case {
            event,
            line: p.line,
            findings,
            marks,
        });
    }
    out
}

#[test]
fn every_record_gives_its_code_where_marked_and_nothing_else() {
    let all = cases();
    assert!(all.len() > 50);
    each_gives_its_code(&all);
    // The score sheets' codes (`S07xx`).
    let sheets = cases_of("sheet.stich");
    assert!(sheets.len() > 10);
    each_gives_its_code(&sheets);
}

fn each_gives_its_code(all: &[Case]) {
    assert!(
        all[0].findings.is_empty(),
        "the clean record: {:?}",
        all[0].findings
    );
    for c in &all[1..] {
        let code = c.event.split(':').next().unwrap_or_default();
        let codes: BTreeSet<&str> = c.findings.iter().map(|f| f.0).collect();
        assert_eq!(
            codes,
            BTreeSet::from([code]),
            "record at line {} ({}): {:?}",
            c.line,
            c.event,
            c.findings
        );
        for (mark, line) in &c.marks {
            assert!(
                c.findings.iter().any(|f| f.0 == mark && f.1 == Some(*line)),
                "record at line {}: no {mark} at line {line}: {:?}",
                c.line,
                c.findings
            );
        }
        if !c.event.contains("no place") {
            assert!(
                !c.marks.is_empty(),
                "record at line {} has no marked line",
                c.line
            );
        }
    }
}

/// Codes published once and retired (`spec/errors.md` marks them): never produced.
const RETIRED: &[&str] = &["S0513"];

#[test]
fn the_golden_file_covers_every_documented_code() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../spec/errors.md"))
        .expect("spec/errors.md");
    let documented: BTreeSet<String> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|c| c.len() == 5 && matches!(c.chars().next(), Some('D' | 'S' | 'E')))
        .filter(|c| !RETIRED.contains(c))
        .map(str::to_string)
        .collect();
    let mut produced: BTreeSet<String> = cases()
        .iter()
        .chain(cases_of("sheet.stich").iter())
        .flat_map(|c| c.findings.iter().map(|f| f.0.to_string()))
        .collect();
    // A sheet's links to its hands are followed by `stich sheet`, which reads the hands
    // beside the sheet (tests/sheet.rs); `check` reads one record at a time.
    produced.extend(["S0710".to_string(), "S0711".to_string()]);
    assert_eq!(documented, produced);
}
