//! Cribbage against the seed's figures and the common rules' known counts.

use cards::{Card, Rank, Suit};
use proptest::prelude::*;

use crate::cribbage::meld::{ShowKind, count, sequence};
use crate::cribbage::rules;

fn record(text: &str) -> notation::Record {
    notation::read_str(text)
        .into_iter()
        .next()
        .and_then(|p| p.record)
        .expect("a record")
}

/// Every way to give suits to five cards of the ranks `ranks` (sorted), one per class of
/// suits renamed, no card twice: enough to see every count the ranks can make.
fn suitings(ranks: &[Rank]) -> Vec<Vec<Card>> {
    fn go(ranks: &[Rank], at: usize, used: usize, cur: &mut Vec<Card>, out: &mut Vec<Vec<Card>>) {
        let Some(&rank) = ranks.get(at) else {
            out.push(cur.clone());
            return;
        };
        for s in 0..(used + 1).min(4) {
            let Some(&suit) = Suit::ALL.get(s) else { continue };
            let c = Card::new(suit, rank);
            if cur.contains(&c) {
                continue;
            }
            cur.push(c);
            go(ranks, at + 1, used.max(s + 1), cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(ranks, 0, 0, &mut Vec::new(), &mut out);
    out
}

/// Every hand of four with a starter, by its ranks and every distinct suiting: no hand
/// scores 19, and 29 only with three fives, the jack of the starter's suit and the fourth
/// five turned. Ranks alone decide fifteens, pairs and runs; suits add at most the flush and
/// his nobs (at most 6), so every suiting of a rank set is tried where the ranks alone count
/// 13 or more, and one suiting of the rest.
#[test]
fn no_hand_scores_19_and_29_is_one_hand() {
    let mut twenty_nine = Vec::new();
    let ranks: Vec<Rank> = Rank::ALL.iter().rev().copied().collect();
    let mut idx = [0usize; 5];
    // Five ranks in nondecreasing order, no rank five times.
    fn next(idx: &mut [usize; 5]) -> bool {
        let mut i = 4;
        loop {
            if idx[i] < 12 {
                idx[i] += 1;
                for j in i + 1..5 {
                    idx[j] = idx[i];
                }
                return true;
            }
            if i == 0 {
                return false;
            }
            i -= 1;
        }
    }
    let mut sets = 0;
    loop {
        if idx[0] != idx[4] {
            sets += 1;
            let rs: Vec<Rank> = idx.iter().filter_map(|&i| ranks.get(i).copied()).collect();
            let all = suitings(&rs);
            // Fifteens, pairs and runs by the ranks alone: the count of the first suiting
            // without its flush and nobs, for each rank turned.
            let base_max = (0..5)
                .filter_map(|k| {
                    let mut hand = all.first()?.clone();
                    let starter = hand.remove(k);
                    let show = count(&hand, starter, false);
                    Some(
                        show.items
                            .iter()
                            .filter(|i| !matches!(i.kind, ShowKind::Flush | ShowKind::Nobs))
                            .map(|i| i.value)
                            .sum::<u32>(),
                    )
                })
                .max()
                .unwrap_or(0);
            assert_ne!(base_max, 19);
            // The flush and nobs add at most 6: below 13 no suiting can reach 19.
            let tried: &[Vec<Card>] = if base_max + 6 < 19 {
                all.get(..1).unwrap_or(&[])
            } else {
                &all
            };
            for suited in tried {
                // Each card in turn as the starter.
                for k in 0..5 {
                    let mut hand = suited.clone();
                    let starter = hand.remove(k);
                    let total = count(&hand, starter, false).total;
                    assert_ne!(total, 19, "{hand:?} {starter:?}");
                    assert!(total <= 29);
                    if total == 29 {
                        twenty_nine.push((hand.clone(), starter));
                    }
                }
            }
        }
        if !next(&mut idx) {
            break;
        }
    }
    assert_eq!(sets, 6175);
    assert!(!twenty_nine.is_empty());
    for (hand, starter) in &twenty_nine {
        assert_eq!(starter.rank, Rank::Five);
        let fives = hand.iter().filter(|c| c.rank == Rank::Five).count();
        assert_eq!(fives, 3);
        assert!(
            hand.iter()
                .any(|c| c.rank == Rank::Jack && c.suit == starter.suit)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The show does not depend on the order the cards are given in.
    #[test]
    fn the_show_total_does_not_depend_on_card_order(picks in proptest::sample::subsequence((0..52usize).collect::<Vec<_>>(), 5), rot in 0usize..4, crib: bool) {
        let cards: Vec<Card> = picks.iter().filter_map(|&i| Card::from_index(i)).collect();
        let (starter, hand) = cards.split_last().expect("five cards");
        let mut other = hand.to_vec();
        other.rotate_left(rot);
        other.reverse();
        prop_assert_eq!(count(hand, *starter, crib).total, count(&other, *starter, crib).total);
    }
}

#[test]
fn sequence_is_ace_low() {
    assert_eq!(sequence(Rank::Ace), 1);
    assert_eq!(sequence(Rank::King), 13);
}

/// The constructed deal of notation-growth snippet 5 (golden file `v2/cribbage.stich`):
/// heels, a fifteen two, a pair, a pair royal, a go, the last card, the pone's hand of 10 and
/// the dealer's 6, at which he reaches 62 and wins; the crib is not counted.
#[test]
fn the_snippet_deal_comes_out() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/golden/v2/cribbage.stich"
    ))
    .expect("the golden file");
    let r = record(&text);
    let c = crate::check(&r);
    assert_eq!(c.verdict, crate::Verdict::Consistent, "{:?}", c.findings);
    let Some(crate::family::Replay::Cribbage(rep)) = c.replay else {
        panic!("a Cribbage replay");
    };
    assert_eq!(rep.result.winner.as_deref(), Some("D"));
    let totals: Vec<u32> = rep.result.sides.iter().map(|s| s.total).collect();
    assert_eq!(totals, vec![51, 62]);
    assert!(!rep.result.lurch);
}

#[test]
fn a_wrong_peg_a_play_out_of_turn_and_a_go_with_a_card_are_found() {
    let base = "%stich 2\n[Game \"cribbage\"]\n[Dealer \"D\"]\n\ndeal     P: ♣10 ♥5 ♦J ♠K ♠9 ♥2\n         D: ♠5 ♣5 ♦9 ♥3 ♣Q ♦4\n         starter: ♣8\nexchange P crib ♠9 ♥2\n         D crib ♣Q ♦4\nplay     ";
    let codes = |play: &str| -> Vec<&'static str> {
        crate::check(&record(&format!("{base}{play}\n")))
            .findings
            .iter()
            .map(|f| f.code)
            .collect()
    };
    assert!(codes("P ♣10\n         D ♠5 = 3").contains(&"C0401"));
    assert!(codes("D ♠5").contains(&"C0202"));
    assert!(codes("P ♣10\n         D go").contains(&"C0205"));
    assert!(codes("P ♣10\n         D ♣10").contains(&"C0203"));
}

#[test]
fn generated_deals_of_every_profile_check_consistent() {
    for p in rules::all() {
        for seed in 0..20 {
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
