//! Cards shown in melds between tricks, lying face up in front of their holder.
//!
//! In the stock games (two-hand Pinochle, Bezique) a meld is laid on the table and stays
//! there: its cards are played from the table as from the hand, and may serve in a later
//! meld under the game's rule for melding a card again. Two copies of a card on the table
//! may have served in different melds, so each copy keeps its own record of the melds it
//! served in (`M` is the family's note of a meld: its class and value, say).

use cards::Card;

use crate::core::CardCounts;

/// One card lying face up, with the melds it has served in, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownCard<M> {
    /// The card.
    pub card: Card,
    /// The melds it served in.
    pub melds: Vec<M>,
}

/// The cards one player has lying face up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown<M> {
    cards: Vec<ShownCard<M>>,
}

impl<M> Default for Shown<M> {
    fn default() -> Self {
        Shown { cards: Vec::new() }
    }
}

/// Where each card of a new meld comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sourcing {
    /// The cards taken from the hand.
    pub from_hand: CardCounts,
    /// The positions in [`Shown::cards`] of the copies taken from the table.
    pub from_table: Vec<usize>,
}

impl<M: Clone> Shown<M> {
    /// Every card lying there, in the order laid.
    pub fn cards(&self) -> &[ShownCard<M>] {
        &self.cards
    }

    /// The cards as counts.
    pub fn counts(&self) -> CardCounts {
        self.cards.iter().map(|c| c.card).collect()
    }

    /// Whether no card lies there.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Takes the cards of a meld: each copy of `meld` comes from the table when `marked`
    /// (written `@table`) holds it, or when `hand` does not; a table copy must pass
    /// `may_serve` (the game's rule for melding a card again). `None` when a card is in
    /// neither place or no copy on the table may serve; otherwise where each card comes from.
    pub fn source(
        &self,
        meld: &CardCounts,
        marked: &CardCounts,
        hand: &CardCounts,
        may_serve: impl Fn(&ShownCard<M>) -> bool,
    ) -> Result<Sourcing, SourceError> {
        let mut out = Sourcing::default();
        let mut marked_left = *marked;
        let mut hand_left = *hand;
        for card in meld.iter() {
            let table_first = marked_left.remove(card);
            if !table_first && hand_left.remove(card) {
                out.from_hand.add(card);
                continue;
            }
            let copies: Vec<usize> = (0..self.cards.len())
                .filter(|i| !out.from_table.contains(i))
                .filter(|&i| self.cards.get(i).is_some_and(|c| c.card == card))
                .collect();
            if copies.is_empty() {
                return Err(SourceError::NotHeld(card));
            }
            match copies
                .iter()
                .copied()
                .find(|&i| self.cards.get(i).is_some_and(&may_serve))
            {
                Some(i) => out.from_table.push(i),
                None => return Err(SourceError::MayNotServe(card)),
            }
        }
        Ok(out)
    }

    /// Lays a meld down: the cards from the hand join the table, and every card of the meld
    /// notes `meld`.
    pub fn lay(&mut self, sourcing: &Sourcing, meld: M) {
        for &i in &sourcing.from_table {
            if let Some(c) = self.cards.get_mut(i) {
                c.melds.push(meld.clone());
            }
        }
        for card in sourcing.from_hand.iter() {
            self.cards.push(ShownCard {
                card,
                melds: vec![meld.clone()],
            });
        }
    }

    /// Puts cards on the table that have served in no meld yet (a declaration announced and
    /// not yet scored).
    pub fn put(&mut self, cards: &CardCounts) {
        for card in cards.iter() {
            self.cards.push(ShownCard {
                card,
                melds: Vec::new(),
            });
        }
    }

    /// Takes one copy of `card` off the table to play it, the copy that served in the most
    /// melds (it is the least use in a later meld); `false` when none lies there.
    pub fn take(&mut self, card: Card) -> bool {
        let pick = self
            .cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.card == card)
            .max_by_key(|(_, c)| c.melds.len())
            .map(|(i, _)| i);
        match pick {
            Some(i) => {
                self.cards.remove(i);
                true
            }
            None => false,
        }
    }

    /// Takes every card back (into the hand, when the stock is gone).
    pub fn take_all(&mut self) -> CardCounts {
        let counts = self.counts();
        self.cards.clear();
        counts
    }
}

/// Why the cards of a meld cannot be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceError {
    /// The card is neither in the hand nor on the table (or not on the table though marked).
    NotHeld(Card),
    /// Every copy on the table has served in a meld that bars this one.
    MayNotServe(Card),
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Rank, Suit};

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    #[test]
    fn a_meld_takes_from_the_hand_first_unless_marked_and_notes_each_copy() {
        let q = c(Suit::Spades, Rank::Queen);
        let j = c(Suit::Diamonds, Rank::Jack);
        let k = c(Suit::Spades, Rank::King);
        let mut shown: Shown<u32> = Shown::default();
        let pinochle = CardCounts::of([q, j]);
        let s = shown
            .source(&pinochle, &CardCounts::EMPTY, &pinochle, |_| true)
            .unwrap();
        assert_eq!(s.from_hand, pinochle);
        shown.lay(&s, 40);
        // The king from the hand, the queen from the table: a marriage after the pinochle.
        let marriage = CardCounts::of([k, q]);
        let s = shown
            .source(&marriage, &CardCounts::EMPTY, &CardCounts::of([k]), |_| true)
            .unwrap();
        assert_eq!(
            (s.from_hand, s.from_table.clone()),
            (CardCounts::of([k]), vec![0])
        );
        shown.lay(&s, 20);
        assert_eq!(shown.cards()[0].melds, [40, 20]);
        // A rule that bars the queen's third meld.
        let again = shown.source(&marriage, &CardCounts::EMPTY, &CardCounts::of([k]), |c| {
            c.melds.len() < 2
        });
        assert_eq!(again, Err(SourceError::MayNotServe(q)));
        assert_eq!(
            shown.source(
                &CardCounts::of([c(Suit::Hearts, Rank::Ace)]),
                &CardCounts::EMPTY,
                &CardCounts::EMPTY,
                |_| true
            ),
            Err(SourceError::NotHeld(c(Suit::Hearts, Rank::Ace)))
        );
        // A marked card must come from the table even when the hand holds a copy.
        let s = shown
            .source(
                &CardCounts::of([j]),
                &CardCounts::of([j]),
                &CardCounts::of([j]),
                |_| true,
            )
            .unwrap();
        assert!(s.from_hand.is_empty());
        assert!(shown.take(q));
        assert_eq!(shown.counts(), CardCounts::of([j, k]));
        assert_eq!(shown.take_all(), CardCounts::of([j, k]));
        assert!(shown.is_empty());
    }
}
