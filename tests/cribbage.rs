//! Cribbage through the command line: `stich gen` for each profile, `stich check` finds every
//! generated record consistent, `stich show` prints the pegging table with running scores,
//! `stich rules` lists the profiles, and `stich meld` counts the show.

mod common;

use common::cli::{self, stich};

fn gen_then_check(profile: &str, count: &str) {
    cli::gen_then_check("cribbage", profile, count, "5");
}

macro_rules! profile_tests {
    ($($name:ident: $profile:literal,)*) => {$(
        #[test]
        fn $name() {
            gen_then_check($profile, "200");
        }
    )*};
}

profile_tests! {
    generated_six_card_records_check_consistent: "foster-1897-six-card",
    generated_six_card_121_records_check_consistent: "six-card-121",
    generated_five_card_records_check_consistent: "foster-1897-five-card",
    generated_three_player_records_check_consistent: "foster-1897-three",
    generated_four_player_records_check_consistent: "foster-1897-four",
}

#[test]
fn show_prints_the_pegging_table_with_running_scores() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/v2/cribbage.stich");
    let out = stich().args(["show", path]).output().expect("show runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "  starter: ♣J",
        "  D    heels           2 (heels 2) for D                    38   47",
        "  D    ♣5          25  6 (pair-royal 6) for D               40   55",
        "  D    go          28  1 (go 1) for D                       40   56",
        "  P    ♠K          29  1 (last-card 1) for P                41   56",
        "  P    hand            10 (fifteen 8, pair 2) for P         51   56",
        "D reaches 61 and wins",
        "Verdict: consistent",
    ] {
        assert!(text.contains(line), "no `{line}` in\n{text}");
    }
}

#[test]
fn rules_lists_every_cribbage_profile() {
    let out = stich().args(["rules"]).output().expect("rules runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for p in [
        "foster-1897-six-card",
        "six-card-121",
        "foster-1897-five-card",
        "foster-1897-three",
        "foster-1897-four",
    ] {
        assert!(text.contains(&format!("cribbage {p}: ")), "{p}\n{text}");
    }
}

fn meld(args: &[&str]) -> (bool, String, String) {
    let out = stich()
        .args(["meld", "--game", "cribbage"])
        .args(args)
        .output()
        .expect("stich runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The seed's run of three with two duplicates (001:703–707): 9 for the triple run and 6 for
/// the pair royal, 15, as JSON.
#[test]
fn meld_counts_a_show_as_json() {
    let (ok, out, err) = meld(&["--starter", "C4", "--format", "json", "S2", "H2", "C2", "D3"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["total"], 15);
    let kinds: Vec<(&str, u64)> = v["melds"]
        .as_array()
        .expect("melds")
        .iter()
        .map(|m| (m["kind"].as_str().unwrap_or(""), m["value"].as_u64().unwrap_or(0)))
        .collect();
    assert_eq!(kinds, vec![("pair-royal", 6), ("run", 3), ("run", 3), ("run", 3)]);
}

/// 29, the highest hand, in text; the crib's flush needs the starter.
#[test]
fn meld_prints_each_combination_and_the_total() {
    let (ok, out, err) = meld(&["--starter", "♣5", "♠5", "♥5", "♦5", "♣J"]);
    assert!(ok, "{err}");
    assert!(out.contains("   12  double-pair-royal ♣5 ♠5 ♥5 ♦5"), "{out}");
    assert!(out.contains("    1  nobs             ♣J"), "{out}");
    assert!(out.trim_end().ends_with("29  total"), "{out}");
    let (_, hand, _) = meld(&["--starter", "♣K", "♥2", "♥4", "♥6", "♥8"]);
    assert!(hand.contains("    4  flush"), "{hand}");
    let (_, crib, _) = meld(&["--crib", "--starter", "♣K", "♥2", "♥4", "♥6", "♥8"]);
    assert!(!crib.contains("flush"), "{crib}");
}

#[test]
fn meld_refuses_a_missing_starter_a_card_twice_and_five_cards() {
    for args in [
        vec!["♠5", "♥5"],
        vec!["--starter", "♠5", "♠5"],
        vec!["--starter", "♠A", "♠2", "♠3", "♠4", "♠6", "♠7"],
    ] {
        let (ok, _, err) = meld(&args);
        assert!(!ok);
        assert!(err.starts_with("stich: "), "{err}");
    }
}
