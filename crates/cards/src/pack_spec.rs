//! A pack described as data: which suits, which ranks in the game's order of rank, and how
//! many copies of each card.
//!
//! The named [`Pack`](crate::Pack)s say what the sources play with; a [`PackSpec`] is what an
//! engine works from, so that a pack no enum names (an Eight-Pack Bezique of 256 cards, a
//! house pack) needs data, not code. Two copies of a card are equal: a pack of copies is a
//! multiset, and the copies are told apart only by where they are played.

use std::fmt;

use crate::card::{Card, Rank, Suit};

/// The most copies of one card a pack may hold (Eight-Pack Bezique has eight).
pub const MAX_COPIES: u8 = 8;

/// A pack as data: suits × ranks × copies, the ranks listed in the game's order of rank.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PackSpec {
    suits: Vec<Suit>,
    /// Highest first.
    ranks: Vec<Rank>,
    copies: u8,
}

/// Why a [`PackSpec`] cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackSpecError {
    /// No suit was given.
    NoSuits,
    /// No rank was given.
    NoRanks,
    /// A suit was named twice.
    RepeatedSuit(Suit),
    /// A rank was named twice.
    RepeatedRank(Rank),
    /// The number of copies is 0 or above [`MAX_COPIES`].
    Copies(u8),
    /// A new order of rank does not hold the same ranks as the pack.
    OtherRanks,
}

impl fmt::Display for PackSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackSpecError::NoSuits => write!(f, "a pack needs at least one suit"),
            PackSpecError::NoRanks => write!(f, "a pack needs at least one rank"),
            PackSpecError::RepeatedSuit(s) => write!(f, "the suit {} is named twice", s.name()),
            PackSpecError::RepeatedRank(r) => write!(f, "the rank {} is named twice", r.text()),
            PackSpecError::Copies(n) => {
                write!(f, "a pack holds 1 to {MAX_COPIES} copies of each card, not {n}")
            }
            PackSpecError::OtherRanks => write!(f, "the new order of rank names other ranks"),
        }
    }
}

impl std::error::Error for PackSpecError {}

impl PackSpec {
    /// A pack of the given suits and ranks (highest first), each card `copies` times.
    pub fn new(suits: &[Suit], ranks: &[Rank], copies: u8) -> Result<PackSpec, PackSpecError> {
        if suits.is_empty() {
            return Err(PackSpecError::NoSuits);
        }
        if ranks.is_empty() {
            return Err(PackSpecError::NoRanks);
        }
        if copies == 0 || copies > MAX_COPIES {
            return Err(PackSpecError::Copies(copies));
        }
        for (i, s) in suits.iter().enumerate() {
            if suits.iter().take(i).any(|t| t == s) {
                return Err(PackSpecError::RepeatedSuit(*s));
            }
        }
        for (i, r) in ranks.iter().enumerate() {
            if ranks.iter().take(i).any(|t| t == r) {
                return Err(PackSpecError::RepeatedRank(*r));
            }
        }
        Ok(PackSpec {
            suits: suits.to_vec(),
            ranks: ranks.to_vec(),
            copies,
        })
    }

    /// A named pack's spec, whose ranks and copies are known to be valid.
    pub(crate) fn named(ranks: Vec<Rank>, copies: u8) -> PackSpec {
        PackSpec {
            suits: Suit::ALL.to_vec(),
            ranks,
            copies,
        }
    }

    /// A pack of all four suits; see [`PackSpec::new`].
    pub fn four_suits(ranks: &[Rank], copies: u8) -> Result<PackSpec, PackSpecError> {
        PackSpec::new(&Suit::ALL, ranks, copies)
    }

    /// The same cards under another order of rank (Cribbage's K … A, ace low).
    pub fn with_order(&self, ranks: &[Rank]) -> Result<PackSpec, PackSpecError> {
        let same = ranks.len() == self.ranks.len() && ranks.iter().all(|r| self.ranks.contains(r));
        if !same {
            return Err(PackSpecError::OtherRanks);
        }
        PackSpec::new(&self.suits, ranks, self.copies)
    }

    /// The suits, in the order given.
    pub fn suits(&self) -> &[Suit] {
        &self.suits
    }

    /// The ranks, highest first in the game's order.
    pub fn ranks(&self) -> &[Rank] {
        &self.ranks
    }

    /// How many copies of each card the pack holds.
    pub fn copies(&self) -> u8 {
        self.copies
    }

    /// Number of cards, copies included.
    pub fn len(&self) -> usize {
        self.suits.len() * self.ranks.len() * usize::from(self.copies)
    }

    /// Always false: a spec has at least one suit, one rank and one copy.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Number of different cards (copies counted once).
    pub fn distinct_len(&self) -> usize {
        self.suits.len() * self.ranks.len()
    }

    /// Whether the pack holds this card at all.
    pub fn contains(&self, card: Card) -> bool {
        self.suits.contains(&card.suit) && self.ranks.contains(&card.rank)
    }

    /// How many copies of this card the pack holds: 0 for a card not in it.
    pub fn copies_of(&self, card: Card) -> u8 {
        if self.contains(card) { self.copies } else { 0 }
    }

    /// The power of a rank in the game's order: the lowest rank has 1, each higher rank one
    /// more; `None` for a rank not in the pack.
    pub fn rank_power(&self, rank: Rank) -> Option<u8> {
        let pos = self.ranks.iter().position(|&r| r == rank)?;
        u8::try_from(self.ranks.len() - pos).ok()
    }

    /// Every different card once, suit by suit, highest rank first.
    pub fn distinct_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.suits
            .iter()
            .flat_map(move |&s| self.ranks.iter().map(move |&r| Card::new(s, r)))
    }

    /// Every card of the pack, copies included: one whole set after the other.
    pub fn cards(&self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        for _ in 0..self.copies {
            out.extend(self.distinct_cards());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rank::*;

    #[test]
    fn a_spec_is_checked_when_built() {
        assert_eq!(PackSpec::four_suits(&[], 1), Err(PackSpecError::NoRanks));
        assert_eq!(PackSpec::new(&[], &[Ace], 1), Err(PackSpecError::NoSuits));
        assert_eq!(PackSpec::four_suits(&[Ace], 0), Err(PackSpecError::Copies(0)));
        assert_eq!(PackSpec::four_suits(&[Ace], 9), Err(PackSpecError::Copies(9)));
        assert_eq!(
            PackSpec::four_suits(&[Ace, Ten, Ace], 2),
            Err(PackSpecError::RepeatedRank(Ace))
        );
        assert_eq!(
            PackSpec::new(&[Suit::Clubs, Suit::Clubs], &[Ace], 1),
            Err(PackSpecError::RepeatedSuit(Suit::Clubs))
        );
    }

    #[test]
    fn the_order_of_rank_is_data() {
        let p = PackSpec::four_suits(&[Ace, Ten, King, Queen, Jack, Nine], 2).unwrap();
        assert_eq!(p.len(), 48);
        assert_eq!(p.rank_power(Ace), Some(6));
        assert_eq!(p.rank_power(Ten), Some(5));
        assert_eq!(p.rank_power(Nine), Some(1));
        assert_eq!(p.rank_power(Eight), None);
        assert_eq!(p.copies_of(Card::new(Suit::Spades, Queen)), 2);
        assert_eq!(p.copies_of(Card::new(Suit::Spades, Eight)), 0);
        assert!(p.with_order(&[Ace, King]).is_err());
        let q = p.with_order(&[Ace, King, Queen, Jack, Ten, Nine]).unwrap();
        assert!(q.rank_power(King) > q.rank_power(Ten));
    }
}
