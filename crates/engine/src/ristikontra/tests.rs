//! Ristikontra against the seed's figures and the notation-growth snippet.

use crate::ristikontra::rules;

fn record(text: &str) -> notation::Record {
    notation::read_str(text)
        .into_iter()
        .next()
        .and_then(|p| p.record)
        .expect("a record")
}

/// Snippet 6 of notation-growth (golden file `v2/ristikontra.stich`): the last seven wins
/// trick 1 (4 points), N plays ♣A in the dark and does not draw, S spices the trick of 35 with
/// the ♥2 down to 24. The record stops after trick 3, so it is incomplete, and nothing in it
/// is illegal or inconsistent.
#[test]
fn the_snippet_excerpt_replays_to_its_last_trick() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/golden/v2/ristikontra.stich"
    ))
    .expect("the golden file");
    let c = crate::check(&record(&text));
    let codes: Vec<&str> = c.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, ["R0501"], "{:?}", c.findings);
    let Some(crate::family::Replay::Ristikontra(rep)) = c.replay else {
        panic!("a Ristikontra replay");
    };
    let t: Vec<(String, u32)> = rep.tricks.iter().map(|t| (t.winner.clone(), t.points)).collect();
    assert_eq!(t, vec![("W".into(), 4), ("S".into(), 24), ("N".into(), 8)]);
    assert_eq!(
        rep.tricks.get(1).map(|t| t.dark.clone()),
        Some(vec![false, true, false, false])
    );
    assert_eq!(
        rep.tricks.get(1).and_then(|t| t.spiced),
        Some(cards::Card::new(cards::Suit::Hearts, cards::Rank::Two))
    );
}

#[test]
fn generated_deals_of_every_profile_check_consistent() {
    for p in rules::all() {
        for seed in 0..30 {
            let r = super::r#gen::generate(p, seed);
            let c = crate::check(&r);
            assert_eq!(
                c.verdict,
                crate::Verdict::Consistent,
                "{} {seed}: {:?}\n{}",
                p.name,
                c.findings,
                notation::print(&r)
            );
        }
    }
}
