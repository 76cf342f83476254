//! Frog through the command line: `stich gen` for each profile, `stich check` finds
//! every generated record consistent, `stich show` prints the trick table, and `stich rules`
//! lists the profiles.

mod common;

use common::cli::{self, stich};

fn gen_then_check(profile: &str, count: &str) {
    cli::gen_then_check("frog", profile, count, "5");
}

macro_rules! profile_tests {
    ($($name:ident: $profile:literal,)*) => {$(
        #[test]
        fn $name() {
            gen_then_check($profile, "300");
        }
    )*};
}

profile_tests! {
    generated_records_check_consistent: "foster-1897",
}

#[test]
fn show_prints_the_offers_the_tricks_and_the_settlement() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/v2/frog.stich");
    let out = stich().args(["show", path]).output().expect("show runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "Offers: F frog, M chico, R pass, F pass",
        "Game: chico by M, trump spades",
        "   5  M    ♠10 ♥6 ♠Q      M     13",
        "The single player has 98 points",
        "Settlement: D +0, F -76, M +152, R -76",
    ] {
        assert!(text.contains(line), "no `{line}` in\n{text}");
    }
}

#[test]
fn rules_lists_the_frog_profile() {
    let out = stich().args(["rules"]).output().expect("rules runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("frog foster-1897: "), "{text}");
}
