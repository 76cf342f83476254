//! The show: what a Cribbage hand or crib counts with the starter after the play (seed
//! `001_be26129d5ddb0b06.txt`, "OBJECTS OF THE GAME" to "Two-card Fifteens", lines 675–724;
//! the flush and the crib's flush follow the common rules, `spec/rules/cribbage.md`).
//!
//! Every combination is listed on its own, as a player counts aloud: each fifteen, the pairs
//! of a rank as one pair, pair royal or double pair royal, each run, the flush and his nobs.

use cards::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};

use crate::core::pegging::pips;

/// The kinds of combination the show counts.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum ShowKind {
    /// Cards whose pips make exactly 15: 2 (001:719).
    Fifteen,
    /// Two cards of a rank: 2 (001:681).
    Pair,
    /// Three of a rank, three pairs: 6 (001:681).
    PairRoyal,
    /// Four of a rank, six pairs: 12 (001:687).
    DoublePairRoyal,
    /// Three or more cards in sequence, ace low: one a card (001:693).
    Run,
    /// Every card of a full hand in one suit (four, or three in the five-card game), one more
    /// with the starter; the crib only with the starter (common rule).
    Flush,
    /// The jack of the starter's suit in the hand or crib: 1 (001:669).
    Nobs,
}

impl ShowKind {
    /// The canonical word (`pair-royal`).
    pub fn word(self) -> &'static str {
        match self {
            ShowKind::Fifteen => "fifteen",
            ShowKind::Pair => "pair",
            ShowKind::PairRoyal => "pair-royal",
            ShowKind::DoublePairRoyal => "double-pair-royal",
            ShowKind::Run => "run",
            ShowKind::Flush => "flush",
            ShowKind::Nobs => "nobs",
        }
    }

    /// Every kind, in the order a show counts them.
    pub const ALL: [ShowKind; 7] = [
        ShowKind::Fifteen,
        ShowKind::Pair,
        ShowKind::PairRoyal,
        ShowKind::DoublePairRoyal,
        ShowKind::Run,
        ShowKind::Flush,
        ShowKind::Nobs,
    ];

    /// The kind a word names, in any case; the books' names are read too (`pair-royal`,
    /// `double-pair-royal`, `his-nobs`).
    pub fn from_word(word: &str) -> Option<ShowKind> {
        let w = word.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        ShowKind::ALL
            .into_iter()
            .find(|k| k.word() == w)
            .or(match w.as_str() {
                "his-nobs" | "his-nob" | "nob" => Some(ShowKind::Nobs),
                "fifteens" => Some(ShowKind::Fifteen),
                "sequence" => Some(ShowKind::Run),
                _ => None,
            })
    }
}

/// One combination of a show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ShowItem {
    /// What it is.
    pub kind: ShowKind,
    /// Its cards (the starter included where it takes part).
    pub cards: Vec<Card>,
    /// Its value.
    pub value: u32,
}

/// A counted show: its combinations and their total.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Show {
    /// Every combination, fifteens first, then pairs, runs, the flush and his nobs.
    pub items: Vec<ShowItem>,
    /// The total.
    pub total: u32,
}

/// A rank's place in sequence, ace low (001:624): A 1 … K 13.
pub fn sequence(rank: Rank) -> u8 {
    match rank {
        Rank::Ace => 1,
        Rank::Two => 2,
        Rank::Three => 3,
        Rank::Four => 4,
        Rank::Five => 5,
        Rank::Six => 6,
        Rank::Seven => 7,
        Rank::Eight => 8,
        Rank::Nine => 9,
        Rank::Ten => 10,
        Rank::Jack => 11,
        Rank::Queen => 12,
        Rank::King => 13,
    }
}

/// The value of `n` cards of one rank: one pair per two of them, 2 each.
pub fn pairs_value(n: usize) -> u32 {
    u32::try_from(n * n.saturating_sub(1)).unwrap_or(0)
}

/// Counts `hand` (up to four cards; the seed's illustrations show fewer) with `starter`.
/// `crib` applies the crib's flush rule: a flush only with the starter.
pub fn count(hand: &[Card], starter: Card, crib: bool) -> Show {
    let mut all: Vec<Card> = hand.to_vec();
    all.push(starter);
    // Sorted so that every list comes out the same whatever the order given.
    all.sort_by_key(|c| (sequence(c.rank), c.suit));
    let mut items = Vec::new();
    fifteens(&all, &mut items);
    pairs(&all, &mut items);
    runs(&all, &mut items);
    flush(hand, starter, crib, &mut items);
    if let Some(&j) = hand
        .iter()
        .find(|c| c.rank == Rank::Jack && c.suit == starter.suit)
    {
        items.push(ShowItem {
            kind: ShowKind::Nobs,
            cards: vec![j],
            value: 1,
        });
    }
    let total = items.iter().map(|i| i.value).sum();
    Show { items, total }
}

fn fifteens(all: &[Card], items: &mut Vec<ShowItem>) {
    let n = all.len();
    for mask in 1u32..(1 << n) {
        let sum: u32 = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .filter_map(|i| all.get(i))
            .map(|&c| u32::from(pips(c)))
            .sum();
        // One card is never a fifteen (no card has 15 pips), so the sum alone decides.
        if sum == 15 {
            let cards: Vec<Card> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .filter_map(|i| all.get(i).copied())
                .collect();
            items.push(ShowItem {
                kind: ShowKind::Fifteen,
                cards,
                value: 2,
            });
        }
    }
}

fn pairs(all: &[Card], items: &mut Vec<ShowItem>) {
    for rank in Rank::ALL.iter().rev() {
        let cards: Vec<Card> = all.iter().copied().filter(|c| c.rank == *rank).collect();
        let kind = match cards.len() {
            2 => ShowKind::Pair,
            3 => ShowKind::PairRoyal,
            4 => ShowKind::DoublePairRoyal,
            _ => continue,
        };
        let value = pairs_value(cards.len());
        items.push(ShowItem { kind, cards, value });
    }
}

/// Every run: the longest sequences, once for each choice among duplicate ranks (001:693–717).
fn runs(all: &[Card], items: &mut Vec<ShowItem>) {
    let mut by_rank: [Vec<Card>; 14] = Default::default();
    for &c in all {
        if let Some(slot) = by_rank.get_mut(usize::from(sequence(c.rank))) {
            slot.push(c);
        }
    }
    let mut start = 1usize;
    while start <= 13 {
        let mut end = start;
        while end <= 13 && by_rank.get(end).is_some_and(|v| !v.is_empty()) {
            end += 1;
        }
        if end - start >= 3 {
            let mut combos: Vec<Vec<Card>> = vec![Vec::new()];
            for r in start..end {
                let mut next = Vec::new();
                for combo in &combos {
                    for &c in by_rank.get(r).map(Vec::as_slice).unwrap_or(&[]) {
                        let mut k = combo.clone();
                        k.push(c);
                        next.push(k);
                    }
                }
                combos = next;
            }
            for cards in combos {
                let value = u32::try_from(cards.len()).unwrap_or(0);
                items.push(ShowItem {
                    kind: ShowKind::Run,
                    cards,
                    value,
                });
            }
        }
        start = end + 1;
    }
}

fn flush(hand: &[Card], starter: Card, crib: bool, items: &mut Vec<ShowItem>) {
    // A flush needs a full hand in one suit: four cards, or the five-card game's three (common
    // rule; the seed stops before it).
    let Some(first) = hand.first() else { return };
    let suit: Suit = first.suit;
    if hand.len() < 3 || hand.iter().any(|c| c.suit != suit) {
        return;
    }
    let mut cards = hand.to_vec();
    if starter.suit == suit {
        cards.push(starter);
    } else if crib {
        return;
    }
    let value = u32::try_from(cards.len()).unwrap_or(0);
    items.push(ShowItem {
        kind: ShowKind::Flush,
        cards,
        value,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rank::*;
    use Suit::*;

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    fn total(hand: &[Card], starter: Card) -> u32 {
        count(hand, starter, false).total
    }

    /// The seed's seven worked combinations (001:681–724), each shown on its own: the cards
    /// the seed pictures, the last of them as the starter.
    #[test]
    fn the_seed_s_seven_worked_combinations() {
        // Pair royal, three nines: 6 (001:681).
        assert_eq!(total(&[c(Hearts, Nine), c(Clubs, Nine)], c(Spades, Nine)), 6);
        // Double pair royal, four fours: 12 (001:687).
        assert_eq!(
            total(
                &[c(Hearts, Four), c(Clubs, Four), c(Spades, Four)],
                c(Diamonds, Four)
            ),
            12
        );
        // A run of three with one duplicate: 8 (001:699–701).
        assert_eq!(
            total(
                &[c(Hearts, Two), c(Clubs, Three), c(Hearts, Four)],
                c(Spades, Four)
            ),
            8
        );
        // A run of three with two duplicates of one card: 15 (001:703–707).
        assert_eq!(
            total(
                &[c(Spades, Two), c(Hearts, Two), c(Clubs, Two), c(Diamonds, Three)],
                c(Clubs, Four)
            ),
            15
        );
        // Duplicates of two cards: 16 (001:709–713).
        assert_eq!(
            total(
                &[c(Clubs, Ace), c(Diamonds, Ace), c(Clubs, Two), c(Hearts, Three)],
                c(Clubs, Three)
            ),
            16
        );
        // A run of four with one duplicate: 10 (001:715–717).
        assert_eq!(
            total(
                &[c(Spades, Ace), c(Spades, Two), c(Hearts, Three), c(Clubs, Four)],
                c(Diamonds, Four)
            ),
            10
        );
        // A fifteen with a duplicate: two fifteens and a pair, 6 (001:724, no picture: X59).
        assert_eq!(total(&[c(Spades, Five), c(Hearts, Five)], c(Clubs, King)), 6);
        // K J 5: two fifteens and no pair: 4 (001:721–724).
        let show = count(&[c(Spades, King), c(Hearts, Jack)], c(Spades, Five), false);
        assert_eq!(show.total, 4);
        assert!(show.items.iter().all(|i| i.kind == ShowKind::Fifteen));
    }

    #[test]
    fn the_flush_of_a_hand_and_of_the_crib() {
        let hand = [c(Hearts, Two), c(Hearts, Four), c(Hearts, Six), c(Hearts, Eight)];
        // Four hearts: a flush of 4 in the hand whatever the starter; in the crib only with a
        // heart turned, and then of 5.
        let s = count(&hand, c(Clubs, King), false);
        assert!(s.items.iter().any(|i| i.kind == ShowKind::Flush && i.value == 4));
        let s = count(&hand, c(Clubs, King), true);
        assert!(s.items.iter().all(|i| i.kind != ShowKind::Flush));
        let s = count(&hand, c(Hearts, King), true);
        assert!(s.items.iter().any(|i| i.kind == ShowKind::Flush && i.value == 5));
    }

    #[test]
    fn his_nobs_and_the_highest_hand() {
        // 5 5 5 J with the fifth five turned, the jack of its suit: 29.
        let hand = [
            c(Spades, Five),
            c(Hearts, Five),
            c(Diamonds, Five),
            c(Clubs, Jack),
        ];
        let s = count(&hand, c(Clubs, Five), false);
        assert_eq!(s.total, 29);
        assert!(s.items.iter().any(|i| i.kind == ShowKind::Nobs));
        // The same jack beside a starter of another suit is no nob: 28.
        let hand = [
            c(Spades, Five),
            c(Hearts, Five),
            c(Diamonds, Five),
            c(Clubs, Five),
        ];
        assert_eq!(total(&hand, c(Spades, Jack)), 28);
    }
}
