//! A Skat record written in notation version 2: the constructs Skat gives no meaning are
//! warnings, a word call is no call of Skat, and a trick claim that names its taker is not
//! checked as the declarer's points.

use std::path::Path;

fn corpus_record() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/skat/isko/clubs-with-6.stich");
    std::fs::read_to_string(path).expect("corpus record")
}

fn codes(text: &str) -> Vec<&'static str> {
    let parsed = notation::read_str(text);
    assert_eq!(parsed.len(), 1);
    assert!(
        parsed[0]
            .diagnostics
            .iter()
            .all(|d| d.severity != engine::Severity::Error),
        "{:#?}",
        parsed[0].diagnostics
    );
    let record = parsed[0].record.as_ref().expect("a record");
    engine::check(record).findings.iter().map(|d| d.code).collect()
}

#[test]
fn the_corpus_record_is_clean_under_version_2() {
    assert_eq!(
        codes(&format!("%stich 2\n{}", corpus_record())),
        Vec::<&str>::new()
    );
}

#[test]
fn a_taker_leaves_the_claim_unchecked_with_a_warning() {
    // The declarer's side took 11, not 99: checked, the claim would be disputed.
    let text = corpus_record().replace("1. F: ♠A ♠7 ♠9 = 11", "1. F: ♠A ♠7 ♠9 = F 99");
    assert_eq!(codes(&format!("%stich 2\n{text}")), ["S0502"]);
}

#[test]
fn figures_origins_and_deal_events_are_warnings() {
    let text = corpus_record()
        .replace("declare  F clubs", "declare  F clubs = 24")
        .replace("1. F: ♠A ♠7", "1. F: ♠A@hand ♠7")
        .replace("         skat: ♦8 ♦7", "         skat: ♦8 ♦7\n         R cuts 12");
    assert_eq!(codes(&format!("%stich 2\n{text}")), ["S0502", "S0502", "S0502"]);
}

#[test]
fn a_word_call_is_no_call_of_skat() {
    let text = corpus_record().replace("auction  M pass,", "auction  M frog,");
    let found = codes(&format!("%stich 2\n{text}"));
    assert!(found.contains(&"S0105"), "{found:?}");
}

#[test]
fn yes_is_a_word_call_that_skat_reads_in_any_spelling() {
    let text = corpus_record().replace(
        "auction  M pass, R pass, F 18",
        "auction  M 18, F Hold, M pass, R pass",
    );
    // Version 1 keeps the call as the word `yes`; version 2 keeps `Hold` as written.
    let v1 = notation::read_str(&text).remove(0).record.expect("a record");
    assert_eq!(v1.auction.as_ref().unwrap().items[1].word(), Some("yes"));
    let v2 = notation::read_str(&format!("%stich 2\n{text}"))
        .remove(0)
        .record
        .expect("a record");
    assert_eq!(v2.auction.as_ref().unwrap().items[1].word(), Some("Hold"));
    assert_eq!(codes(&text), Vec::<&str>::new());
    assert_eq!(codes(&format!("%stich 2\n{text}")), Vec::<&str>::new());
}
