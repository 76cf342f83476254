//! The Pinochle family through the command line: `stich gen` for each profile, `stich check`
//! finds every generated record consistent, `stich show` prints the books' layout, and
//! `stich rules` lists the profiles.

mod common;

use std::io::Write;
use std::process::Stdio;

use common::cli::{self, stich};

fn gen_then_check(profile: &str, count: &str) {
    cli::gen_then_check("pinochle", profile, count, "11");
}

macro_rules! profile_tests {
    ($($name:ident: $profile:literal,)*) => {$(
        #[test]
        fn $name() {
            gen_then_check($profile, "60");
        }
    )*};
}

profile_tests! {
    generated_uspc_two_hand_records_check_consistent: "uspc-two-hand",
    generated_uspc_two_hand_64_records_check_consistent: "uspc-two-hand-64",
    generated_uspc_three_hand_records_check_consistent: "uspc-three-hand",
    generated_uspc_auction_records_check_consistent: "uspc-auction",
    generated_uspc_double_pack_records_check_consistent: "uspc-double-pack",
    generated_uspc_three_hand_double_pack_records_check_consistent: "uspc-three-hand-double-pack",
    generated_uspc_six_hand_triple_pack_records_check_consistent: "uspc-six-hand-triple-pack",
    generated_uspc_six_records_check_consistent: "uspc-six",
    generated_uspc_eight_records_check_consistent: "uspc-eight",
    generated_uspc_six_auction_records_check_consistent: "uspc-six-auction",
    generated_uspc_eight_auction_records_check_consistent: "uspc-eight-auction",
    generated_two_hand_records_check_consistent: "two-hand",
    generated_uspc_partnership_records_check_consistent: "uspc-partnership",
    generated_uspc_partnership_auction_records_check_consistent: "uspc-partnership-auction",
    generated_uspc_partnership_auction_widow_records_check_consistent: "uspc-partnership-auction-widow",
    generated_partnership_auction_records_check_consistent: "partnership-auction",
    generated_partnership_auction_double_deck_records_check_consistent: "partnership-auction-double-deck",
    generated_three_hand_auction_records_check_consistent: "three-hand-auction",
    generated_uspc_firehouse_records_check_consistent: "uspc-firehouse",
    generated_uspc_check_records_check_consistent: "uspc-check",
}

/// The check awards of seed 000's table, straight from its figures: a contract of 200 made
/// pays 2 to each of the side's two players, 100 aces 2 and 80 kings 1 to their melder. A
/// record that claims otherwise is inconsistent at the claim.
#[test]
fn check_awards_are_recomputed_and_a_wrong_claim_is_found() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/pinochle/uspc-check/checks.stich"
    );
    let text = std::fs::read_to_string(path).expect("the corpus file");
    let good = stich()
        .args(["check", "--no-progress", path])
        .output()
        .expect("check runs");
    assert!(good.status.success(), "{}", String::from_utf8_lossy(&good.stderr));
    let wrong = text.replacen("checks NS 6 EW 1", "checks NS 4 EW 1", 1);
    assert_ne!(wrong, text);
    let mut child = stich()
        .args(["check", "--no-progress", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("check runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(wrong.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("check ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("checks of NS: the replay gives 6, the record 4"),
        "{err}"
    );
}

#[test]
fn show_prints_melds_tricks_and_the_score() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/v2/pinochle-partnership-auction.stich"
    );
    let out = stich().args(["show", path]).output().expect("show runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "Contract: S bids 300",
        "  S    300",
        "150  run              ♠A ♠10 ♠K ♠Q ♠J",
        "  12  E   ♥A ♣10 ♥K ♥10            E    40   170   70",
        "  NS     340      170     170    510    930",
        "Verdict: consistent",
    ] {
        assert!(text.contains(line), "no `{line}` in\n{text}");
    }
}

#[test]
fn gen_without_rules_uses_the_family_s_default_profile() {
    let out = stich()
        .args(["gen", "--game", "pinochle", "--seed", "2"])
        .output()
        .expect("gen runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("[Rules \"uspc-two-hand\"]"));
}

#[test]
fn rules_lists_every_pinochle_profile() {
    let out = stich().args(["rules"]).output().expect("rules runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for p in [
        "uspc-two-hand",
        "uspc-two-hand-64",
        "two-hand",
        "uspc-partnership",
        "uspc-partnership-auction",
        "uspc-partnership-auction-widow",
        "partnership-auction",
        "uspc-firehouse",
        "uspc-check",
        "uspc-three-hand",
        "uspc-auction",
        "three-hand-auction",
        "uspc-double-pack",
        "uspc-three-hand-double-pack",
        "uspc-six-hand-triple-pack",
        "uspc-six",
        "uspc-eight",
        "uspc-six-auction",
        "uspc-eight-auction",
        "partnership-auction-double-deck",
    ] {
        assert!(text.contains(&format!("pinochle {p}: ")), "{p}");
    }
}
