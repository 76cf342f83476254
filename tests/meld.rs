//! `stich meld`: the meld calculator on the command line, with the examples of issue #13.

use std::process::Command;

fn stich() -> Command {
    Command::new(env!("CARGO_BIN_EXE_stich"))
}

fn meld(args: &[&str]) -> (bool, String, String) {
    let out = stich().arg("meld").args(args).output().expect("stich runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const HAND: [&str; 12] = [
    "♦J", "♦Q", "♦K", "♦A", "♦10", "♦J", "♠Q", "♠Q", "♠K", "♠A", "♠10", "♠J",
];

/// Issue #13: "♠ trump, ♦J ♦Q ♦K ♦A ♦10 ♦J ♠Q ♠Q ♠K ♠A ♠10 ♠J → 470 (run 150, double pinochle
/// 300, diamond marriage 20)".
#[test]
fn spades_trump_gives_470_as_json() {
    let mut args = vec![
        "--game",
        "pinochle",
        "--rules",
        "partnership-auction",
        "--trump",
        "♠",
        "--format",
        "json",
    ];
    args.extend(HAND);
    let (ok, out, err) = meld(&args);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["total"], 470);
    let melds: Vec<(String, u64)> = v["melds"]
        .as_array()
        .expect("melds")
        .iter()
        .map(|m| {
            (
                m["kind"].as_str().unwrap_or("").to_string(),
                m["value"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert!(melds.contains(&("run".into(), 150)), "{melds:?}");
    assert!(melds.contains(&("double-pinochle".into(), 300)), "{melds:?}");
    assert!(melds.contains(&("marriage".into(), 20)), "{melds:?}");
    assert_eq!(melds.len(), 3);
    let run = v["melds"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["kind"] == "run"))
        .expect("run");
    assert_eq!(run["cards"], serde_json::json!(["♠A", "♠10", "♠K", "♠Q", "♠J"]));
}

/// Issue #13: "the same hand with ♥ trump → 340", with the suit and cards in other alphabets
/// ("`S`, `♠`, `spades`; `SQ`, `♠Q`").
#[test]
fn hearts_trump_gives_340_in_any_alphabet() {
    for trump in ["♥", "H", "hearts"] {
        let ascii = [
            "DJ", "DQ", "DK", "DA", "DT", "DJ", "SQ", "SQ", "SK", "SA", "S10", "SJ",
        ];
        let mut args = vec![
            "--game",
            "pinochle",
            "--rules",
            "partnership-auction",
            "--trump",
            trump,
        ];
        args.extend(ascii);
        let (ok, out, err) = meld(&args);
        assert!(ok, "{err}");
        assert!(
            out.lines().last().is_some_and(|l| l.trim() == "340  total"),
            "{out}"
        );
    }
}

#[test]
fn bad_input_is_a_usage_error_with_a_message() {
    let (ok, _, err) = meld(&[
        "--game",
        "pinochle",
        "--rules",
        "partnership-auction",
        "--trump",
        "trumps",
        "♠Q",
    ]);
    assert!(!ok && err.contains("not a suit"), "{err}");
    let (ok, _, err) = meld(&["--game", "pinochle", "--rules", "nope", "--trump", "S", "♠Q"]);
    assert!(!ok && err.contains("known profiles"), "{err}");
    let (ok, _, err) = meld(&[
        "--game",
        "pinochle",
        "--rules",
        "uspc-two-hand",
        "--trump",
        "S",
        "♠8",
    ]);
    assert!(!ok && err.contains("not a card of the 48-card pack"), "{err}");
    let (ok, _, err) = meld(&[
        "--game",
        "pinochle",
        "--rules",
        "uspc-two-hand",
        "--trump",
        "S",
        "♠Q",
        "♠Q",
        "♠Q",
    ]);
    assert!(!ok && err.contains("2 copies"), "{err}");
    let (ok, _, err) = meld(&["--game", "skat", "--rules", "isko", "--trump", "S", "♠Q"]);
    assert!(!ok && err.contains("has no melds"), "{err}");
    let (ok, _, err) = meld(&[
        "--game",
        "pinochle",
        "--rules",
        "uspc-two-hand",
        "--trump",
        "S",
        "Q?",
    ]);
    assert!(!ok && err.contains("Q?"), "{err}");
}
