//! The Sixty-Six family through the command line: `stich gen` for each profile, `stich
//! check` finds every generated record consistent, `stich show` prints the books' layout,
//! and `stich rules` lists the profiles.

mod common;

use common::cli::{self, stich};

fn gen_then_check(profile: &str, count: &str) {
    cli::gen_then_check("sixty-six", profile, count, "13");
}

#[test]
fn generated_two_hand_records_check_consistent() {
    gen_then_check("uspc-two-hand", "200");
}

#[test]
fn generated_three_hand_records_check_consistent() {
    gen_then_check("uspc-three-hand", "200");
}

#[test]
fn generated_four_hand_records_check_consistent() {
    gen_then_check("uspc-four-hand", "200");
}

#[test]
fn show_prints_the_events_the_tricks_and_the_game_points() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/sixty-six/uspc-two-hand/closing-example.stich"
    );
    let out = stich().args(["show", path]).output().expect("show runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "  turned for trump: ♣10",
        "        E shows the marriage ♥K ♥Q = 20",
        "        D exchanges ♣9 for ♣10",
        "   1  E   ♥Q ♥A        D    14     0   14  D ♠9, E ♦A",
        "        E closes the stock",
        "        E announces 66 with 69",
        "  E        49        20     0     69      4     2     5",
        "E made 66.",
        "Verdict: consistent",
    ] {
        assert!(text.contains(line), "no `{line}` in\n{text}");
    }
}

#[test]
fn rules_lists_every_sixty_six_profile() {
    let out = stich().args(["rules"]).output().expect("rules runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for p in ["uspc-two-hand", "uspc-three-hand", "uspc-four-hand"] {
        assert!(text.contains(&format!("sixty-six {p}: ")), "{p}\n{text}");
    }
}
