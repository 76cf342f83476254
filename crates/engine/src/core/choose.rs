//! The sets of `k` cards a hand offers, for games for bots that list every lay-out a seat
//! may make (a Cribbage crib, a Pinochle bury).

use cards::Card;

/// The sets of `k` cards of `cards`, each in the order of `cards`, the sets in the order
/// of their first differing card.
pub fn choose(cards: &[Card], k: usize) -> Vec<Vec<Card>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        for mut tail in choose(cards.get(i + 1..).unwrap_or_default(), k - 1) {
            tail.insert(0, c);
            out.push(tail);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Rank::*, Suit::*};

    #[test]
    fn two_of_four_cards_are_six_sets_in_order() {
        let hand = [
            Card::new(Clubs, Ace),
            Card::new(Clubs, Two),
            Card::new(Clubs, Three),
            Card::new(Clubs, Four),
        ];
        let sets = choose(&hand, 2);
        assert_eq!(sets.len(), 6);
        assert_eq!(
            sets.first(),
            Some(&vec![Card::new(Clubs, Ace), Card::new(Clubs, Two)])
        );
        assert_eq!(
            sets.last(),
            Some(&vec![Card::new(Clubs, Three), Card::new(Clubs, Four)])
        );
        assert_eq!(choose(&hand, 5), Vec::<Vec<Card>>::new());
        assert_eq!(choose(&hand, 0), vec![Vec::<Card>::new()]);
    }
}
