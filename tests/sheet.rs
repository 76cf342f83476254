//! `stich sheet`: the corpus sheets printed with plain and Seeger-Fabian totals, rows
//! checked against the hand records they link, and findings at their rows.

mod common;

use std::process::Command;

fn stich(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_stich"))
        .current_dir(common::root())
        .args(args)
        .output()
        .expect("run stich");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_corpus_sheets_in_plain_and_seeger_fabian_scoring() {
    for scoring in ["plain", "seeger-fabian"] {
        let (out, err, code) = stich(&["sheet", "--scoring", scoring, "corpus/skat/sheets"]);
        assert_eq!(code, 0, "{err}");
        insta::assert_snapshot!(format!("corpus_sheets_{scoring}"), out);
    }
}

/// Seed 001's card: the totals and the balancing come out exactly in the JSON too.
#[test]
fn the_json_of_foster_s_card_has_the_book_s_totals() {
    let (out, err, code) = stich(&[
        "sheet",
        "--format",
        "json",
        "corpus/skat/sheets/settlements.stich",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let first = &v["sheets"][0];
    assert_eq!(first["id"], "Foster 1897, three rounds");
    let scores: Vec<i64> = first["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["score"].as_i64().expect("score"))
        .collect();
    assert_eq!(scores, vec![-7, 88, 19]);
    let dealers: Vec<&str> = first["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["dealer"].as_str().expect("dealer"))
        .collect();
    assert_eq!(dealers, ["A", "B", "C", "A", "B", "C", "A", "B", "C"]);
}

#[test]
fn linked_hands_are_checked_and_a_bare_link_takes_the_hand_s_entry() {
    let (out, err, code) = stich(&["sheet", "tests/sheet/linked.stich"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("S07"), "{err}");
    assert!(out.contains("A won clubs 24"), "{out}");
    // The hand of deal 1 is B's (forehand when A deals): naming A is a finding at row 1.
    let text = std::fs::read_to_string(common::root().join("tests/sheet/linked.stich")).expect("read");
    let dir = std::env::temp_dir().join(format!("stich-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let altered = dir.join("altered.stich");
    std::fs::write(
        &altered,
        text.replace("1. B won clubs 24 = B 24", "1. A won clubs 24 = A 24")
            .replace("3. ref \"593c851f2f39a3e2\"", "3. ref \"00ff00ff00ff\""),
    )
    .expect("write");
    let path = altered.to_string_lossy().into_owned();
    let (_, err, code) = stich(&["sheet", &path]);
    assert_eq!(code, 1);
    assert!(
        err.contains("error[S0710]: deal 1: the hand's record differs: the declarer is B"),
        "{err}"
    );
    assert!(err.contains(&format!("{path}:12:")), "{err}");
    assert!(err.contains("warning[S0711]: deal 3"), "{err}");
    assert!(err.contains(&format!("{path}:14:")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
