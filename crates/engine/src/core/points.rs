//! Card-point tables: how many points each rank counts when tricks are scored.

use crate::core::CardSet;
use cards::{Card, Rank, Suit};

/// Points per rank, indexed by the rank's position in [`Rank::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointTable {
    per_rank: [u8; 13],
    /// For each rank with points, the mask of its four cards, so that a whole set is counted
    /// with one popcount per counting rank.
    masks: [(u64, u8); 13],
    counting: usize,
}

impl PointTable {
    /// A table from `(rank, points)` pairs; ranks not named count nothing.
    pub fn new(pairs: &[(Rank, u8)]) -> PointTable {
        let mut per_rank = [0u8; 13];
        for &(r, p) in pairs {
            if let Some(slot) = per_rank.get_mut(r as usize) {
                *slot = p;
            }
        }
        let mut masks = [(0u64, 0u8); 13];
        let mut counting = 0;
        for rank in Rank::ALL {
            let p = per_rank.get(rank as usize).copied().unwrap_or(0);
            if p == 0 {
                continue;
            }
            let mask = Suit::ALL
                .iter()
                .fold(0u64, |m, &s| m | 1u64 << Card::new(s, rank).index());
            if let Some(slot) = masks.get_mut(counting) {
                *slot = (mask, p);
                counting += 1;
            }
        }
        PointTable {
            per_rank,
            masks,
            counting,
        }
    }

    /// Points of one card.
    pub fn card(&self, card: Card) -> u32 {
        u32::from(self.per_rank.get(card.rank as usize).copied().unwrap_or(0))
    }

    /// Points of a set of cards.
    pub fn set(&self, set: CardSet) -> u32 {
        self.masks
            .iter()
            .take(self.counting)
            .map(|&(mask, p)| (set.0 & mask).count_ones() * u32::from(p))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_points_equal_the_sum_of_card_points() {
        let t = PointTable::new(&[(Rank::Ace, 11), (Rank::Ten, 10), (Rank::King, 4)]);
        let s = CardSet::of([
            Card::new(Suit::Clubs, Rank::Ace),
            Card::new(Suit::Hearts, Rank::Ace),
            Card::new(Suit::Spades, Rank::Ten),
            Card::new(Suit::Spades, Rank::Seven),
            Card::new(Suit::Diamonds, Rank::King),
        ]);
        assert_eq!(t.set(s), 36);
        assert_eq!(s.iter().map(|c| t.card(c)).sum::<u32>(), 36);
        assert_eq!(t.card(Card::new(Suit::Clubs, Rank::Queen)), 0);
    }
}
