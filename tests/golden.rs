//! The golden files under `tests/golden/` hold one case per diagnostic code. Their findings
//! are snapshot-tested, and every code documented in `spec/errors.md` must be produced by one
//! of them.

mod common;

use std::collections::BTreeSet;

fn golden_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(common::root().join("tests/golden"))
        .expect("tests/golden")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("stich" | "sgf")))
        .collect();
    files.sort();
    files
}

#[test]
fn golden_findings() {
    insta::glob!("golden", "*.{stich,sgf}", |path| {
        let rel = common::relative(path);
        let processed = common::check_file(path);
        insta::assert_snapshot!(common::render_findings(&rel, &processed));
    });
}

/// Codes as they stand in the first column of the tables in `spec/errors.md`.
fn documented_codes() -> BTreeSet<String> {
    let text = std::fs::read_to_string(common::root().join("spec/errors.md")).expect("spec/errors.md");
    text.lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|c| c.len() == 5 && c.chars().skip(1).all(|ch| ch.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// Codes no golden text can show through `stich check`, each with the test that covers it.
const COVERED_ELSEWHERE: &[(&str, &str)] = &[
    ("N0001", "notation reader tests: a failing reader"),
    ("N0002", "notation reader tests: a line over a small limit"),
    ("N0003", "notation reader tests: a record over a small limit"),
    ("N0004", "notation reader tests: the record-count limit"),
    ("N0005", "notation reader tests: invalid UTF-8"),
    (
        "N0202",
        "notation codes tests: no two alphabets of version 1 collide",
    ),
    ("I0101", "iss read tests: a failing reader"),
    ("I0104", "iss golden test: read with a 4096-byte record limit"),
    ("I0130", "iss from_record tests: export of a tree"),
    ("I0131", "iss from_record tests: export of a tree"),
    ("I0132", "iss from_record tests: export of a tree"),
    ("I0133", "iss from_record tests: export of a tree"),
    ("I0134", "iss from_record tests: export of a tree"),
    ("I0135", "iss from_record tests: export of a tree"),
    ("I0136", "iss from_record tests: export of a tree"),
    ("I0137", "iss from_record tests: export of a tree"),
    ("I0138", "iss from_record tests: export of a tree"),
    (
        "I0139",
        "robust_convert tests: a warning of convert --to iss, not of check",
    ),
    (
        "S0710",
        "sheet tests: a linked hand's record is checked by `stich sheet`",
    ),
    (
        "B0708",
        "sheet tests: a Chouette row's linked hand is checked by `stich sheet`",
    ),
    (
        "S0711",
        "sheet tests: a row's `ref` is looked up by `stich sheet`",
    ),
    (
        "F0001",
        "format and robust_fmt tests: a finding of fmt, not of check",
    ),
    (
        "F0002",
        "format tests (same_units finds different output): a guard of fmt",
    ),
    (
        "F0003",
        "archive tests: fmt leaves a compressed file as it is, a finding of fmt, not of check",
    ),
    ("A0001", "game_api tests: a token that is no action"),
    ("A0002", "game_api tests: an action after the end"),
    ("A0003", "game_api tests: a family without games for bots"),
    (
        "A0004",
        "game_api tests: an action of the seat whose turn has passed",
    ),
];

/// Codes published once and retired: documented so that they are never reused, and never
/// produced.
const RETIRED: &[(&str, &str)] = &[
    (
        "S0513",
        "an unknown Skat profile; the generic `E0002` of the dispatch since the family seam",
    ),
    (
        "B0222",
        "pending declarations in a Bezique profile without them; every profile has them since the three- and four-hand games read them",
    ),
    (
        "B0223",
        "a partner's table card in a Bezique announcement; an announcement takes them as a declaration scored at once does (spec/rules/bezique.md §3e)",
    ),
];

#[test]
fn every_documented_code_has_a_golden_case() {
    let documented = documented_codes();
    assert!(
        documented.len() > 10,
        "spec/errors.md lists too few codes: {documented:?}"
    );
    let mut produced = BTreeSet::new();
    for file in golden_files() {
        for p in common::check_file(&file) {
            produced.extend(p.diagnostics.iter().map(|d| d.code.to_string()));
        }
    }
    let elsewhere: BTreeSet<String> = COVERED_ELSEWHERE.iter().map(|(c, _)| c.to_string()).collect();
    let retired: BTreeSet<String> = RETIRED.iter().map(|(c, _)| c.to_string()).collect();
    assert!(
        retired.is_subset(&documented),
        "retired codes must stay documented"
    );
    let revived: Vec<_> = retired.intersection(&produced).collect();
    assert!(revived.is_empty(), "retired codes produced again: {revived:?}");
    assert!(
        elsewhere.is_subset(&documented),
        "exempt codes must be documented"
    );
    let missing: Vec<_> = documented
        .difference(&produced)
        .filter(|c| !elsewhere.contains(*c) && !retired.contains(*c))
        .collect();
    assert!(missing.is_empty(), "codes without a golden case: {missing:?}");
    let undocumented: Vec<_> = produced.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "codes produced but not in spec/errors.md: {undocumented:?}"
    );
}

/// The version-2 golden files (`tests/golden/v2/`) read without an error of the reader; the
/// games without an engine give the dispatch finding: `E0001` for a game without an engine,
/// `E0002` for a profile its engine does not have, `E0003` for a score sheet of a game with one.
#[test]
fn version_2_golden_files_give_the_dispatch_finding() {
    let dir = common::root().join("tests/golden/v2");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/golden/v2")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("stich"))
        .collect();
    files.sort();
    assert!(files.len() >= 7);
    for f in &files {
        let processed = common::check_file(f);
        assert!(!processed.is_empty(), "{}", f.display());
        for p in &processed {
            let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code).collect();
            assert!(
                codes.iter().all(|c| !c.starts_with('N')),
                "{}: {codes:?}",
                f.display()
            );
            // The Pinochle records have an engine since the Pinochle family: the auction game
            // is consistent, the two-hand record stops after trick 4.
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
            match name {
                "pinochle-partnership-auction.stich" => assert!(codes.is_empty(), "{name}: {codes:?}"),
                "pinochle-two-hand.stich" => assert_eq!(codes, ["P0501"], "{name}"),
                // Cribbage has an engine since the Cribbage family: snippet 5 is consistent.
                "cribbage.stich" => assert!(codes.is_empty(), "{name}: {codes:?}"),
                // Frog's snippet 7 is complete: the settlement of a Chico.
                "frog.stich" => assert!(codes.is_empty(), "{name}: {codes:?}"),
                // Ristikontra's snippet 6 is an excerpt: it stops after trick 3.
                "ristikontra.stich" => assert_eq!(codes, ["R0501"], "{name}"),
                // Skat checks its sheets since the score sheets: Foster's card is right.
                "skat-sheet.stich" => assert!(codes.is_empty(), "{name}: {codes:?}"),
                // Sixty-Six has an engine since the Sixty-Six family: the example is consistent.
                "sixty-six.stich" => assert!(codes.is_empty(), "{name}: {codes:?}"),
                // Bezique has an engine, but Rubicon Bezique is not one of its profiles yet.
                "bezique-rubicon.stich" => assert_eq!(codes, ["E0002"], "{name}"),
                _ => assert!(
                    codes.contains(&"E0001") || codes.contains(&"E0003"),
                    "{}: {codes:?}",
                    f.display()
                ),
            }
        }
    }
}
