//! A multiset of cards: how many copies of each card a hand, a trick, a pile or a pack holds.
//!
//! [`CardSet`] holds each card at most once, which is all a one-copy pack (Skat, Frog,
//! Cribbage) needs. The Pinochle and Bezique packs hold two to eight copies of each card, so
//! their hands are counts per card, bounded by the pack's copies. The deal check for such
//! packs ([`check_copies`]) finds a card dealt more often than the pack holds it; duplicates
//! within the copies are fine.

use std::fmt;

use crate::core::CardSet;
use cards::{Card, PackSpec};
use notation::{Diagnostic, Kind, Span};

/// Counts per card, indexed by [`Card::index`]: a hand or pile of a pack with copies.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardCounts {
    counts: [u8; 52],
}

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts::EMPTY
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardCounts[{}]", self.describe())
    }
}

impl CardCounts {
    /// No card.
    pub const EMPTY: CardCounts = CardCounts { counts: [0; 52] };

    /// The cards given, each copy counted (saturating at 255 copies of one card).
    pub fn of(cards: impl IntoIterator<Item = Card>) -> CardCounts {
        let mut c = CardCounts::EMPTY;
        for card in cards {
            c.add(card);
        }
        c
    }

    /// The whole pack: every card as many times as the pack holds it.
    pub fn pack(pack: &PackSpec) -> CardCounts {
        let mut c = CardCounts::EMPTY;
        for card in pack.distinct_cards() {
            if let Some(slot) = c.counts.get_mut(card.index()) {
                *slot = pack.copies();
            }
        }
        c
    }

    /// The cards of a one-copy set, once each.
    pub fn from_set(set: CardSet) -> CardCounts {
        CardCounts::of(set.iter())
    }

    /// The different cards held, each once.
    pub fn distinct(&self) -> CardSet {
        self.iter_distinct().map(|(c, _)| c).collect()
    }

    /// How many copies of `card` are held.
    pub fn count(&self, card: Card) -> u8 {
        self.counts.get(card.index()).copied().unwrap_or(0)
    }

    /// Whether at least one copy of `card` is held.
    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Adds one copy; returns the new count (saturating at 255).
    pub fn add(&mut self, card: Card) -> u8 {
        match self.counts.get_mut(card.index()) {
            Some(slot) => {
                *slot = slot.saturating_add(1);
                *slot
            }
            None => 0,
        }
    }

    /// Removes one copy; returns whether one was held.
    pub fn remove(&mut self, card: Card) -> bool {
        match self.counts.get_mut(card.index()) {
            Some(slot) if *slot > 0 => {
                *slot -= 1;
                true
            }
            _ => false,
        }
    }

    /// Number of cards, copies included.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&n| usize::from(n)).sum()
    }

    /// Whether no card is held.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&n| n == 0)
    }

    /// Each card held with its count, in [`Card::index`] order.
    pub fn iter_distinct(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .filter_map(|(i, &n)| Card::from_index(i).map(|c| (c, n)))
    }

    /// Every card, each copy once, in [`Card::index`] order.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.iter_distinct()
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
    }

    /// The cards held that `keep` accepts, with their counts.
    pub fn filter(&self, keep: impl Fn(Card) -> bool) -> CardCounts {
        let mut out = CardCounts::EMPTY;
        for (c, n) in self.iter_distinct() {
            if keep(c)
                && let Some(slot) = out.counts.get_mut(c.index())
            {
                *slot = n;
            }
        }
        out
    }

    /// The copies of both, added (saturating at 255 copies of one card).
    pub fn plus(&self, other: &CardCounts) -> CardCounts {
        let mut out = *self;
        for (slot, &n) in out.counts.iter_mut().zip(other.counts.iter()) {
            *slot = slot.saturating_add(n);
        }
        out
    }

    /// The copies held here and not in `other` (none below zero).
    pub fn minus(&self, other: &CardCounts) -> CardCounts {
        let mut out = *self;
        for (slot, &n) in out.counts.iter_mut().zip(other.counts.iter()) {
            *slot = slot.saturating_sub(n);
        }
        out
    }

    /// The cards of `pack` that none of `known` holds: the one pile left out of a record when
    /// every other is known in full (Skat's skat, a widow, the stock).
    pub fn rest_of(pack: &PackSpec, known: &[CardCounts]) -> CardCounts {
        known.iter().fold(CardCounts::pack(pack), |rest, k| rest.minus(k))
    }

    /// Whether every copy held here is also held in `other`.
    pub fn is_subset(&self, other: &CardCounts) -> bool {
        self.counts.iter().zip(other.counts.iter()).all(|(a, b)| a <= b)
    }

    /// The first card held more often than `pack` holds it, with the count held and the
    /// pack's copies; `None` when the counts fit the pack.
    pub fn excess(&self, pack: &PackSpec) -> Option<TooMany> {
        self.iter_distinct().find_map(|(card, held)| {
            let copies = pack.copies_of(card);
            (held > copies).then_some(TooMany {
                card,
                dealt: held,
                copies,
            })
        })
    }

    /// The cards written canonically, copies repeated, separated by spaces.
    pub fn describe(&self) -> String {
        super::cardset::describe(self.iter())
    }
}

impl FromIterator<Card> for CardCounts {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        CardCounts::of(iter)
    }
}

/// A card dealt more often than the pack holds copies of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooMany {
    /// The card.
    pub card: Card,
    /// How many times it is dealt.
    pub dealt: u8,
    /// How many copies the pack holds (0: not a card of the pack).
    pub copies: u8,
}

/// What is wrong with a deal of a pack with copies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CopyError {
    /// A card is not in the pack at all (its pile is named).
    NotInPack {
        /// The card.
        card: Card,
        /// The pile (a hand, the widow, the stock) that holds it, by its position in the deal.
        pile: usize,
    },
    /// A card is dealt more often than the pack holds copies of it.
    TooMany {
        /// The card and its counts.
        excess: TooMany,
        /// The pile that holds the first copy beyond the pack's, by its position in the deal.
        pile: usize,
    },
}

impl fmt::Display for CopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CopyError::NotInPack { card, pile } => {
                write!(f, "{card} is not a card of this pack (pile {pile})")
            }
            CopyError::TooMany { excess: t, .. } => write!(
                f,
                "{} is dealt {} times; the pack holds {} {}",
                t.card,
                t.dealt,
                t.copies,
                if t.copies == 1 { "copy" } else { "copies" }
            ),
        }
    }
}

impl std::error::Error for CopyError {}

impl CopyError {
    /// The finding for a record, at `span`: `D0101` for a card not in the pack, `D0102` for a
    /// card dealt more often than the pack holds copies of it (for a one-copy pack, a card
    /// dealt twice).
    pub fn diagnostic(&self, span: Option<Span>) -> Diagnostic {
        match self {
            CopyError::NotInPack { card, .. } => Diagnostic::error(
                "D0101",
                Kind::Illegal,
                span,
                format!("{card} is not a card of this pack"),
            ),
            CopyError::TooMany { .. } => Diagnostic::error("D0102", Kind::Illegal, span, self.to_string())
                .with_help("every card is dealt as many times as the pack holds copies of it"),
        }
    }
}

/// Checks a deal of a pack with copies: every pile's cards (hands, widow, stock, turned card)
/// counted together. Returns the cards dealt, or every card that is not in the pack or is
/// dealt more often than the pack holds it (each such card once, in [`Card::index`] order).
pub fn check_copies(pack: &PackSpec, piles: &[&[Card]]) -> Result<CardCounts, Vec<CopyError>> {
    let mut dealt = CardCounts::EMPTY;
    let mut errors = Vec::new();
    let mut foreign = CardSet::EMPTY;
    // For each card, the pile of its first copy beyond the pack's.
    let mut beyond: [Option<usize>; 52] = [None; 52];
    for (pile, cards) in piles.iter().enumerate() {
        for &card in cards.iter() {
            if !pack.contains(card) {
                if foreign.insert(card) {
                    errors.push(CopyError::NotInPack { card, pile });
                }
                continue;
            }
            if dealt.add(card) > pack.copies()
                && let Some(slot @ None) = beyond.get_mut(card.index())
            {
                *slot = Some(pile);
            }
        }
    }
    for (card, held) in dealt.iter_distinct() {
        let copies = pack.copies_of(card);
        if held > copies {
            let pile = beyond.get(card.index()).copied().flatten().unwrap_or(0);
            errors.push(CopyError::TooMany {
                excess: TooMany {
                    card,
                    dealt: held,
                    copies,
                },
                pile,
            });
        }
    }
    if errors.is_empty() { Ok(dealt) } else { Err(errors) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Pack, Rank, Suit};
    use proptest::prelude::*;

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    /// The whole pack dealt round to `hands` piles, then one more copy of `extra` in pile 0.
    fn dealt_with(pack: &PackSpec, hands: usize, extra: Option<Card>) -> Vec<Vec<Card>> {
        let mut piles = vec![Vec::new(); hands];
        for (i, card) in pack.cards().into_iter().enumerate() {
            piles[i % hands].push(card);
        }
        if let Some(e) = extra {
            piles[0].push(e);
        }
        piles
    }

    /// The cards and counts of the copies findings.
    fn excess_of(errors: &[CopyError]) -> Vec<TooMany> {
        errors
            .iter()
            .filter_map(|e| match e {
                CopyError::TooMany { excess, .. } => Some(*excess),
                CopyError::NotInPack { .. } => None,
            })
            .collect()
    }

    fn check(pack: &PackSpec, piles: &[Vec<Card>]) -> Result<CardCounts, Vec<CopyError>> {
        let refs: Vec<&[Card]> = piles.iter().map(Vec::as_slice).collect();
        check_copies(pack, &refs)
    }

    /// Seed `000_3ec19dcdb2768489.txt`, "The Pack and Rank of Cards" (line 16): "A 48-card
    /// Pinochle pack … A, K, Q, J, 10, 9 … in each of the four suits, with two of each card";
    /// the partnership game deals all 48 to four. Both ♠Q in one hand is fine; a third is not.
    #[test]
    fn pinochle_48_two_copies_fine_a_third_is_a_finding() {
        let pack = Pack::Pinochle48.spec();
        assert_eq!(pack.len(), 48);
        let mut piles = dealt_with(&pack, 4, None);
        let total = check(&pack, &piles).unwrap();
        assert_eq!(total.len(), 48);
        assert_eq!(total.count(c(Suit::Spades, Rank::Queen)), 2);
        // Both ♠Q in one hand: still within the copies.
        let q = c(Suit::Spades, Rank::Queen);
        for p in piles.iter_mut() {
            p.retain(|&x| x != q);
        }
        let holder = 1;
        piles[holder].extend([q, q]);
        assert!(check(&pack, &piles).is_ok());
        piles[holder].push(q);
        assert_eq!(
            check(&pack, &piles),
            Err(vec![CopyError::TooMany {
                excess: TooMany {
                    card: q,
                    dealt: 3,
                    copies: 2
                },
                pile: holder
            }])
        );
    }

    /// Seed `000_3ec19dcdb2768489.txt`, Double-Pack Pinochle, "The Pack" (line 243): "A pack
    /// of 80 cards is used: four each of A, 10, K, Q, J".
    #[test]
    fn double_pack_80_four_copies_fine_a_fifth_is_a_finding() {
        let pack = Pack::DoubleDeck80.spec();
        assert_eq!(pack.len(), 80);
        assert!(check(&pack, &dealt_with(&pack, 4, None)).is_ok());
        let a = c(Suit::Hearts, Rank::Ace);
        let err = check(&pack, &dealt_with(&pack, 4, Some(a))).unwrap_err();
        assert_eq!(
            excess_of(&err),
            vec![TooMany {
                card: a,
                dealt: 5,
                copies: 4
            }]
        );
        assert_eq!(err[0].to_string(), "♥A is dealt 5 times; the pack holds 4 copies");
        let d = err[0].diagnostic(None);
        assert_eq!((d.code, d.kind), ("D0102", Kind::Illegal));
        // A nine is no card of this pack at all.
        let nine = c(Suit::Hearts, Rank::Nine);
        let err = check(&pack, &dealt_with(&pack, 4, Some(nine))).unwrap_err();
        assert_eq!(err, vec![CopyError::NotInPack { card: nine, pile: 0 }]);
    }

    /// Seed `000_3ec19dcdb2768489.txt`, Six-hand Triple-Pack Pinochle (line 343): "a pack of
    /// 120 cards. Each player is dealt 20 cards".
    #[test]
    fn triple_pack_120_six_copies_fine_a_seventh_is_a_finding() {
        let pack = Pack::TripleDeck120.spec();
        assert_eq!(pack.len(), 120);
        let piles = dealt_with(&pack, 6, None);
        assert!(piles.iter().all(|p| p.len() == 20));
        assert!(check(&pack, &piles).is_ok());
        let j = c(Suit::Diamonds, Rank::Jack);
        let err = check(&pack, &dealt_with(&pack, 6, Some(j))).unwrap_err();
        assert_eq!(
            excess_of(&err),
            vec![TooMany {
                card: j,
                dealt: 7,
                copies: 6
            }]
        );
    }

    /// Seed `000_3ec19dcdb2768489.txt`, Six-Pack Bezique, "The Deal" (line 605): 12 cards to
    /// each player from six packs of 32 (192), the rest the stock.
    #[test]
    fn six_pack_192_six_copies_fine_a_seventh_is_a_finding() {
        let pack = Pack::Bezique192.spec();
        assert_eq!(pack.len(), 192);
        // Two hands of 12 and the stock of 168.
        let cards = pack.cards();
        let (hands, stock) = cards.split_at(24);
        let (a, b) = hands.split_at(12);
        assert!(check_copies(&pack, &[a, b, stock]).is_ok());
        let mut b = b.to_vec();
        let seven = c(Suit::Clubs, Rank::Seven);
        b.push(seven);
        let err = check_copies(&pack, &[a, &b, stock]).unwrap_err();
        // Read pile by pile, the seventh ♣7 is the stock's (pile 2): the extra copy in the
        // second hand came earlier.
        assert!(matches!(err[..], [CopyError::TooMany { pile: 2, .. }]));
        assert_eq!(
            excess_of(&err),
            vec![TooMany {
                card: seven,
                dealt: 7,
                copies: 6
            }]
        );
    }

    #[test]
    fn eight_pack_256_holds_eight_copies() {
        let pack = Pack::Bezique256.spec();
        assert_eq!(pack.len(), 256);
        let all = CardCounts::pack(&pack);
        assert_eq!(all.len(), 256);
        assert_eq!(all.count(c(Suit::Spades, Rank::Queen)), 8);
        assert_eq!(all.excess(&pack), None);
    }

    #[test]
    fn the_pile_left_out_is_the_rest_of_the_pack() {
        let pack = Pack::Pinochle48.spec();
        let cards = pack.cards();
        let hands: Vec<CardCounts> = cards
            .chunks(15)
            .take(3)
            .map(|h| CardCounts::of(h.iter().copied()))
            .collect();
        let widow = CardCounts::rest_of(&pack, &hands);
        assert_eq!(widow.len(), 3);
        assert_eq!(widow, CardCounts::of(cards[45..].iter().copied()));
        let all = hands.iter().fold(widow, |a, h| a.plus(h));
        assert_eq!(all, CardCounts::pack(&pack));
    }

    #[test]
    fn counts_add_remove_and_describe() {
        let q = c(Suit::Spades, Rank::Queen);
        let j = c(Suit::Diamonds, Rank::Jack);
        let mut h = CardCounts::of([q, j, q]);
        assert_eq!(h.len(), 3);
        assert_eq!(h.describe(), "♠Q ♠Q ♦J");
        assert_eq!(h.distinct().len(), 2);
        assert!(h.remove(q));
        assert!(h.remove(q));
        assert!(!h.remove(q));
        assert_eq!(h.len(), 1);
        assert!(h.is_subset(&CardCounts::of([j, q])));
        let one_copy = Pack::Skat32.spec();
        assert_eq!(
            CardCounts::of([j, j]).excess(&one_copy),
            Some(TooMany {
                card: j,
                dealt: 2,
                copies: 1
            })
        );
    }

    proptest! {
        /// Any sub-multiset of a pack passes the check; adding a card the pack holds no more of
        /// is reported with exactly the counts.
        #[test]
        fn within_the_copies_passes(
            pack_i in 0usize..Pack::ALL.len(),
            take in proptest::collection::vec(any::<bool>(), 256),
            extra in 0usize..256,
        ) {
            let pack = Pack::ALL[pack_i].spec();
            let all = pack.cards();
            let cards: Vec<Card> =
                all.iter().zip(take).filter(|(_, t)| *t).map(|(&c, _)| c).collect();
            let counts = check_copies(&pack, &[&cards]).unwrap();
            prop_assert_eq!(counts.len(), cards.len());
            prop_assert!(counts.is_subset(&CardCounts::pack(&pack)));
            // The whole pack and one more copy of any of its cards.
            let card = all[extra % all.len()];
            let err = check_copies(&pack, &[&all, &[card]]).unwrap_err();
            let copies = pack.copies();
            prop_assert_eq!(
                err,
                vec![CopyError::TooMany { excess: TooMany { card, dealt: copies + 1, copies }, pile: 1 }]
            );
        }
    }
}
