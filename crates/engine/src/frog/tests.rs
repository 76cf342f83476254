//! Frog against the seed's figures and the notation-growth snippet.

use crate::frog::rules;

fn record(text: &str) -> notation::Record {
    notation::read_str(text)
        .into_iter()
        .next()
        .and_then(|p| p.record)
        .expect("a record")
}

/// Snippet 7 of notation-growth (golden file `v2/frog.stich`): four at the table, the dealer
/// holding no cards; M's Chico in spades makes 95 in tricks and 3 in the untouched widow, 98:
/// 38 over 60 at two counters, from F and R who held cards: M +152, F −76, R −76, D 0
/// (001:610–612).
#[test]
fn the_snippet_chico_settles_as_the_seed_says() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/golden/v2/frog.stich"
    ))
    .expect("the golden file");
    let c = crate::check(&record(&text));
    assert_eq!(c.verdict, crate::Verdict::Consistent, "{:?}", c.findings);
    let Some(crate::family::Replay::Frog(rep)) = c.replay else {
        panic!("a Frog replay");
    };
    assert_eq!(rep.result.points, 98);
    let settle: Vec<(String, i64)> = rep.result.settle.clone();
    assert_eq!(
        settle,
        vec![
            ("D".into(), 0),
            ("F".into(), -76),
            ("M".into(), 152),
            ("R".into(), -76)
        ]
    );
}

/// The seed's loss (001:610): had M made 50 in the Chico, his adversaries have 10 over 60 and
/// he pays two counters a point to everyone at the table, the dealer who held no cards too;
/// exactly 60 pays nothing (X52); a Frog over 60 is one counter from each who held cards.
#[test]
fn a_loss_pays_everyone_at_the_table_and_a_win_only_those_who_held_cards() {
    use super::replay::settlement;
    use super::rules::Game;
    let table: Vec<String> = ["D", "F", "M", "R"].iter().map(|s| s.to_string()).collect();
    let lost = settlement(&table, "M", Game::Chico, 50);
    assert_eq!(
        lost,
        vec![
            ("D".into(), 20),
            ("F".into(), 20),
            ("M".into(), -60),
            ("R".into(), 20)
        ]
    );
    assert!(
        settlement(&table, "M", Game::Grand, 60)
            .iter()
            .all(|(_, n)| *n == 0)
    );
    let won = settlement(&table, "F", Game::Frog, 70);
    assert_eq!(
        won,
        vec![
            ("D".into(), 0),
            ("F".into(), 20),
            ("M".into(), -10),
            ("R".into(), -10)
        ]
    );
    let grand = settlement(&table, "R", Game::Grand, 61);
    assert_eq!(grand.iter().find(|(t, _)| t == "R").map(|x| x.1), Some(8));
}

#[test]
fn generated_deals_check_consistent() {
    for p in rules::all() {
        for seed in 0..40 {
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
