//! The Bezique family through the command line: `stich gen` makes records that `stich
//! check` finds consistent, `stich show` prints the declarations, `stich meld` lists what a
//! set of cards declares, and `stich rules` lists the profile.

mod common;

use common::cli::{self, stich};

fn gen_then_check(profile: &str) {
    cli::gen_then_check("bezique", profile, "200", "17");
}

#[test]
fn generated_two_hand_records_check_consistent() {
    gen_then_check("uspc-two-hand");
}

#[test]
fn generated_no_turn_records_check_consistent() {
    gen_then_check("uspc-no-turn");
}

#[test]
fn generated_rubicon_records_check_consistent() {
    gen_then_check("rubicon");
}

#[test]
fn generated_three_hand_records_check_consistent() {
    gen_then_check("uspc-three-hand");
}

#[test]
fn generated_four_hand_records_check_consistent() {
    gen_then_check("uspc-four-hand");
}

#[test]
fn generated_four_hand_partnership_records_check_consistent() {
    gen_then_check("uspc-four-hand-partnership");
}

/// The partnership generator yields about one turn in five and declares with the partner's
/// table cards (`♠Q@S`), so that the check meets both in generated records.
#[test]
fn generated_partnership_records_yield_and_use_the_partner_s_cards() {
    let out = stich()
        .args([
            "gen",
            "--game",
            "bezique",
            "--rules",
            "uspc-four-hand-partnership",
            "-n",
            "100",
            "--seed",
            "5",
        ])
        .output()
        .expect("gen runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let yields = text.matches(" yields ").count();
    let partner_cards = ["@N", "@E", "@S", "@W"]
        .iter()
        .map(|w| text.matches(w).count())
        .sum::<usize>();
    assert!(yields > 100 * 2, "{yields} yields in 100 games");
    assert!(partner_cards > 0, "no partner's card in 100 games");
}

/// Seed 000, Bezique, The Play (000:559–561): with spades trumps, declared at once, the
/// sequence includes its marriage; the ♠Q serves in the sequence, the bezique and four queens.
#[test]
fn meld_lists_the_declarations_as_json() {
    let out = stich()
        .args([
            "meld",
            "--game",
            "bezique",
            "--rules",
            "uspc-two-hand",
            "--trump",
            "spades",
            "--format",
            "json",
            "♠A",
            "♠10",
            "♠K",
            "♠Q",
            "♠J",
            "♦J",
            "♥Q",
            "♣Q",
            "♦Q",
        ])
        .output()
        .expect("meld runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["total"], 350);
    let kinds: Vec<(String, i64)> = v["melds"]
        .as_array()
        .expect("melds")
        .iter()
        .map(|m| {
            (
                m["kind"].as_str().unwrap_or("").to_string(),
                m["value"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("sequence".to_string(), 250),
            ("queens".to_string(), 60),
            ("bezique".to_string(), 40)
        ]
    );
}

#[test]
fn show_prints_the_declarations() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/bezique/uspc-two-hand/reuse-rulings.stich"
    );
    let out = stich().args(["show", path]).output().expect("show runs");
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "        E declares marriage ♠K ♠Q = 40",
        "        E declares sequence ♠A ♠10 ♠K ♠Q ♠J = 250",
        "        E declares queens ♠Q ♥Q ♦Q ♣Q = 60",
    ] {
        assert!(text.contains(line), "no `{line}` in\n{text}");
    }
}

#[test]
fn rules_lists_the_bezique_profile() {
    let out = stich().args(["rules"]).output().expect("rules runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("bezique uspc-two-hand: "), "{text}");
    assert!(text.contains("bezique uspc-no-turn: "), "{text}");
    assert!(text.contains("bezique rubicon: "), "{text}");
    assert!(text.contains("bezique uspc-three-hand: "), "{text}");
    assert!(text.contains("bezique uspc-four-hand: "), "{text}");
    assert!(text.contains("bezique uspc-four-hand-partnership: "), "{text}");
}

/// Seed 000, Rubicon Bezique (000:710): with clubs trumps a heart sequence is a back door,
/// 150, and three beziques a triple, 1,500.
#[test]
fn meld_lists_rubicon_s_back_door_and_triple_bezique() {
    let out = stich()
        .args([
            "meld", "--game", "bezique", "--rules", "rubicon", "--trump", "clubs", "--format", "json", "♥A",
            "♥10", "♥K", "♥Q", "♥J", "♠Q", "♦J", "♠Q", "♦J", "♠Q", "♦J",
        ])
        .output()
        .expect("meld runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["total"], 1650);
    let kinds: Vec<&str> = v["melds"]
        .as_array()
        .expect("melds")
        .iter()
        .map(|m| m["kind"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(kinds, ["back-door", "triple-bezique"]);
}

#[test]
fn generated_six_pack_records_check_consistent() {
    gen_then_check("six-pack");
}

#[test]
fn generated_eight_pack_records_check_consistent() {
    gen_then_check("eight-pack");
}

#[test]
fn rules_lists_six_and_eight_pack() {
    let out = stich().args(["rules"]).output().expect("rules runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("bezique six-pack: "), "{text}");
    assert!(text.contains("bezique eight-pack: "), "{text}");
}

fn meld_json(args: &[&str]) -> serde_json::Value {
    let out = stich()
        .args(["meld", "--game", "bezique", "--format", "json"])
        .args(args)
        .output()
        .expect("meld runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn kinds(v: &serde_json::Value) -> Vec<(String, i64)> {
    v["melds"]
        .as_array()
        .expect("melds")
        .iter()
        .map(|m| {
            (
                m["kind"].as_str().unwrap_or("").to_string(),
                m["value"].as_i64().unwrap_or(0),
            )
        })
        .collect()
}

/// Seed 000, Six-Pack Bezique (000:631, 653): with hearts trumps the bezique is ♥Q ♣J, and
/// four kings of trumps count 800; ♠Q ♦J is no bezique then (000:661's old rule is an option).
#[test]
fn meld_six_pack_s_bezique_goes_by_the_trump() {
    let v = meld_json(&[
        "--rules", "six-pack", "--trump", "♥", "♥Q", "♣J", "♥K", "♥K", "♥K", "♥K", "♠Q", "♦J",
    ]);
    let k = kinds(&v);
    assert!(k.contains(&("bezique".to_string(), 40)), "{k:?}");
    assert!(k.contains(&("trump-kings".to_string(), 800)), "{k:?}");
    assert!(k.iter().all(|(_, n)| *n != 0), "{k:?}");
    let v = meld_json(&["--rules", "six-pack", "--trump", "♥", "♠Q", "♦J"]);
    assert_eq!(v["total"], 0, "{v}");
}

/// Seed 000, Eight-Pack Bezique (000:629, 698–700): with diamonds trumps five jacks of trumps
/// 800 and the bezique ♦Q ♠J 50.
#[test]
fn meld_eight_pack_s_five_jacks_and_bezique_50() {
    let v = meld_json(&[
        "--rules",
        "eight-pack",
        "--trump",
        "♦",
        "♦J",
        "♦J",
        "♦J",
        "♦J",
        "♦J",
        "♦Q",
        "♠J",
    ]);
    assert_eq!(v["total"], 850);
    assert_eq!(
        kinds(&v),
        [("trump-jacks".to_string(), 800), ("bezique".to_string(), 50)]
    );
}
