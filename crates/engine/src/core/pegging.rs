//! Play that is not in tricks: Cribbage's pegging, a running count of the cards' pip values
//! that may not pass 31.
//!
//! Seed `001_be26129d5ddb0b06.txt` gives the pip values ("CARDS", line 624) and says that
//! combinations are formed with the adversary's cards in play (line 679), but breaks off
//! before the method of play; the count of 31, the go and its reset follow the common rules
//! (`notation-growth.md` X55). Scoring the combinations is the Cribbage family's business;
//! this module decides only which cards may be played.

use std::fmt;

use crate::core::counts::CardCounts;
use cards::{Card, Rank};

/// The count the cards played may reach and not pass.
pub const LIMIT: u8 = 31;

/// A card's pip value in the count: the ace 1, the two to ten their number, the court cards
/// 10 (seed `001_be26129d5ddb0b06.txt`, "CARDS", line 624).
pub fn pips(card: Card) -> u8 {
    match card.rank {
        Rank::Ace => 1,
        Rank::Two => 2,
        Rank::Three => 3,
        Rank::Four => 4,
        Rank::Five => 5,
        Rank::Six => 6,
        Rank::Seven => 7,
        Rank::Eight => 8,
        Rank::Nine => 9,
        Rank::Ten | Rank::Jack | Rank::Queen | Rank::King => 10,
    }
}

/// Why a card may not be pegged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PegError {
    /// The card would take the count past 31.
    PastLimit {
        /// The card.
        card: Card,
        /// The count before it.
        count: u8,
    },
}

impl fmt::Display for PegError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PegError::PastLimit { card, count } => write!(
                f,
                "{card} would take the count from {count} to {}, past {LIMIT}",
                u16::from(*count) + u16::from(pips(*card))
            ),
        }
    }
}

impl std::error::Error for PegError {}

/// The running count of one series of pegging and the cards played to it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pegging {
    count: u8,
    played: Vec<Card>,
}

impl Pegging {
    /// A new series: count 0.
    pub fn new() -> Pegging {
        Pegging::default()
    }

    /// The count so far.
    pub fn count(&self) -> u8 {
        self.count
    }

    /// The cards of this series, in play order.
    pub fn played(&self) -> &[Card] {
        &self.played
    }

    /// Whether `card` may be played: the count stays within 31.
    pub fn playable(&self, card: Card) -> bool {
        u16::from(self.count) + u16::from(pips(card)) <= u16::from(LIMIT)
    }

    /// The cards of `hand` that may be played; empty means the player must say "go".
    pub fn legal(&self, hand: &CardCounts) -> CardCounts {
        hand.filter(|c| self.playable(c))
    }

    /// Plays a card; returns the new count.
    pub fn play(&mut self, card: Card) -> Result<u8, PegError> {
        if !self.playable(card) {
            return Err(PegError::PastLimit {
                card,
                count: self.count,
            });
        }
        self.count += pips(card);
        self.played.push(card);
        Ok(self.count)
    }

    /// Ends the series (31 reached, or neither player can play): the count starts again.
    pub fn reset(&mut self) {
        self.count = 0;
        self.played.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Suit;

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    /// Seed `001_be26129d5ddb0b06.txt`, "CARDS" (line 624): "the three court cards, K Q J,
    /// and the 10" count ten, the ace one; the count may not pass 31 (common rule, X55).
    #[test]
    fn the_count_decides_which_cards_may_be_played() {
        let mut p = Pegging::new();
        assert_eq!(p.play(c(Suit::Hearts, Rank::King)), Ok(10));
        assert_eq!(p.play(c(Suit::Clubs, Rank::Queen)), Ok(20));
        assert_eq!(p.play(c(Suit::Spades, Rank::Eight)), Ok(28));
        let hand = CardCounts::of([
            c(Suit::Hearts, Rank::Four),
            c(Suit::Clubs, Rank::Three),
            c(Suit::Diamonds, Rank::Ace),
            c(Suit::Diamonds, Rank::Jack),
        ]);
        assert_eq!(
            p.legal(&hand),
            CardCounts::of([c(Suit::Clubs, Rank::Three), c(Suit::Diamonds, Rank::Ace)])
        );
        assert_eq!(
            p.play(c(Suit::Hearts, Rank::Four)),
            Err(PegError::PastLimit {
                card: c(Suit::Hearts, Rank::Four),
                count: 28
            })
        );
        assert_eq!(p.play(c(Suit::Clubs, Rank::Three)), Ok(31));
        // At 31 nothing more may be played: a go.
        assert!(p.legal(&hand).is_empty());
        p.reset();
        assert_eq!(p.count(), 0);
        assert_eq!(p.legal(&hand), hand);
    }
}
