//! A set of distinct cards as a bit mask over [`Card::index`], so that hands, tricks and
//! packs of any single-copy pack up to 52 cards cost one machine word.

use cards::Card;

/// A set of distinct cards: bit `i` stands for the card with [`Card::index`] `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The set holding one card.
    pub fn single(card: Card) -> CardSet {
        CardSet(1u64 << card.index())
    }

    /// The set of the given cards.
    pub fn of(cards: impl IntoIterator<Item = Card>) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in cards {
            s.insert(c);
        }
        s
    }

    /// Whether the card is in the set.
    pub fn contains(self, card: Card) -> bool {
        self.0 & (1u64 << card.index()) != 0
    }

    /// Adds a card; returns whether it was absent before.
    pub fn insert(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.index();
        let fresh = self.0 & bit == 0;
        self.0 |= bit;
        fresh
    }

    /// Removes a card; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.index();
        let present = self.0 & bit != 0;
        self.0 &= !bit;
        present
    }

    /// Number of cards.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cards in either set.
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in both sets.
    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards, in ascending [`Card::index`] order (suit by suit, high rank first).
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Cards { bits: self.0 }
    }

    /// The cards as a vector, in [`CardSet::iter`] order.
    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }

    /// The cards written canonically and separated by spaces, for messages.
    pub fn describe(self) -> String {
        describe(self.iter())
    }
}

/// Cards written canonically and separated by spaces, for messages.
pub fn describe(cards: impl IntoIterator<Item = Card>) -> String {
    let mut out = String::new();
    for c in cards {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&c.to_string());
    }
    out
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        CardSet::of(iter)
    }
}

/// The cards of a set, lowest index first. It tells its exact length, so collecting the
/// cards allocates once.
struct Cards {
    bits: u64,
}

/// The bits that stand for a card: every index below 52 does ([`Card::from_index`]).
const CARD_BITS: u64 = (1 << 52) - 1;

impl Iterator for Cards {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        while self.bits != 0 {
            let i = self.bits.trailing_zeros() as usize;
            self.bits &= self.bits - 1;
            if let Some(c) = Card::from_index(i) {
                return Some(c);
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.bits & CARD_BITS).count_ones() as usize;
        (n, Some(self.bits.count_ones() as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Rank, Suit};

    #[test]
    fn insert_remove_and_count() {
        let mut s = CardSet::EMPTY;
        let cj = Card::new(Suit::Clubs, Rank::Jack);
        let d7 = Card::new(Suit::Diamonds, Rank::Seven);
        assert!(s.insert(cj));
        assert!(!s.insert(cj));
        assert!(s.insert(d7));
        assert_eq!(s.len(), 2);
        assert!(s.contains(d7));
        assert!(s.remove(d7));
        assert!(!s.remove(d7));
        assert_eq!(s.to_vec(), vec![cj]);
    }

    #[test]
    fn iterates_in_index_order_and_describes() {
        let s = CardSet::of([
            Card::new(Suit::Diamonds, Rank::Seven),
            Card::new(Suit::Clubs, Rank::Ace),
            Card::new(Suit::Clubs, Rank::Ten),
        ]);
        assert_eq!(s.describe(), "♣A ♣10 ♦7");
    }

    #[test]
    fn the_iterator_knows_its_length_and_skips_bits_that_are_no_card() {
        let s = CardSet(0b1011 | 1 << 60);
        assert_eq!(s.iter().size_hint(), (3, Some(4)));
        assert_eq!(s.iter().count(), 3);
        let full = CardSet(CARD_BITS);
        assert_eq!(full.iter().size_hint(), (52, Some(52)));
        assert_eq!(full.to_vec().len(), 52);
    }
}
