//! Ristikontra through the command line: `stich gen` for each profile, `stich check` finds
//! every generated record consistent, `stich show` prints the trick table, and `stich rules`
//! lists the profiles.

mod common;

use common::cli::{self, stich};

fn gen_then_check(profile: &str, count: &str) {
    cli::gen_then_check("ristikontra", profile, count, "5");
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
    generated_base_records_check_consistent: "wikipedia-003",
    generated_sixty_records_check_consistent: "wikipedia-003-sixty",
    generated_variation_records_check_consistent: "wikipedia-003-variations",
}

#[test]
fn show_prints_the_tricks_with_the_dark_the_draws_and_the_spice() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/v2/ristikontra.stich");
    let out = stich().args(["show", path]).output().expect("show runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "   1  N    ♥7 ♦K ♦7 ♠7            W      4     0    4  W ♠5, N ♦9, E ♥K, S ♣4",
        "   2  W    ♦A ♣A* ♣J ♥2           S     24    24    4  S ♥2, W ♠J, E ♦10, spiced with ♥2",
        "The record stops before the last trick",
    ] {
        assert!(text.contains(line), "no `{line}` in\n{text}");
    }
}

#[test]
fn rules_lists_every_ristikontra_profile() {
    let out = stich().args(["rules"]).output().expect("rules runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for p in ["wikipedia-003", "wikipedia-003-sixty", "wikipedia-003-variations"] {
        assert!(text.contains(&format!("ristikontra {p}: ")), "{p}\n{text}");
    }
}
