//! The packs the sources play with. A pack is a set of ranks in every suit, repeated a number
//! of times; repeated cards are indistinguishable except by the order they are played in.

use crate::card::{Card, Rank, Suit};
use crate::pack_spec::PackSpec;

use Rank::*;

/// A named pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pack {
    /// Skat: A K Q J 10 9 8 7, 32 cards.
    Skat32,
    /// Frog: A K Q J 10 9 8 7 6, 36 cards.
    Frog36,
    /// Pinochle: two each of A 10 K Q J 9, 48 cards.
    Pinochle48,
    /// Three-hand Pinochle of old: two each of A K Q J 10 9 8 7, 64 cards.
    Pinochle64,
    /// Double-deck Pinochle without nines: four each of A 10 K Q J, 80 cards.
    DoubleDeck80,
    /// Double Pinochle pack: four each of A 10 K Q J 9, 96 cards.
    DoubleDeck96,
    /// Three Pinochle packs without nines: six each of A 10 K Q J, 120 cards.
    TripleDeck120,
    /// Bezique: two piquet packs, 64 cards.
    Bezique64,
    /// Three-pack Bezique (Chinese Bezique variants), 96 cards.
    Bezique96,
    /// Four-pack (Rubicon) Bezique, 128 cards.
    Bezique128,
    /// Six-pack (Chinese) Bezique, 192 cards.
    Bezique192,
    /// Eight-Pack Bezique, 256 cards (eight piquet packs).
    Bezique256,
    /// Sixty-Six: A 10 K Q J 9, 24 cards.
    SixtySix24,
    /// Sixty-Six with the 8s and 7s, 32 cards.
    SixtySix32,
    /// The French 52-card pack.
    French52,
}

impl Pack {
    /// Every pack, in the order above.
    pub const ALL: [Pack; 15] = [
        Pack::Skat32,
        Pack::Frog36,
        Pack::Pinochle48,
        Pack::Pinochle64,
        Pack::DoubleDeck80,
        Pack::DoubleDeck96,
        Pack::TripleDeck120,
        Pack::Bezique64,
        Pack::Bezique96,
        Pack::Bezique128,
        Pack::Bezique192,
        Pack::Bezique256,
        Pack::SixtySix24,
        Pack::SixtySix32,
        Pack::French52,
    ];

    /// The ranks present in each suit.
    pub fn ranks(self) -> &'static [Rank] {
        const PIQUET: &[Rank] = &[Ace, King, Queen, Jack, Ten, Nine, Eight, Seven];
        const NINES: &[Rank] = &[Ace, Ten, King, Queen, Jack, Nine];
        const NO_NINES: &[Rank] = &[Ace, Ten, King, Queen, Jack];
        match self {
            Pack::Skat32
            | Pack::Pinochle64
            | Pack::Bezique64
            | Pack::Bezique96
            | Pack::Bezique128
            | Pack::Bezique192
            | Pack::Bezique256
            | Pack::SixtySix32 => PIQUET,
            Pack::Frog36 => &[Ace, King, Queen, Jack, Ten, Nine, Eight, Seven, Six],
            Pack::Pinochle48 | Pack::DoubleDeck96 | Pack::SixtySix24 => NINES,
            Pack::DoubleDeck80 | Pack::TripleDeck120 => NO_NINES,
            Pack::French52 => &Rank::ALL,
        }
    }

    /// How many copies of each card the pack holds.
    pub fn copies(self) -> usize {
        match self {
            Pack::Skat32 | Pack::Frog36 | Pack::SixtySix24 | Pack::SixtySix32 | Pack::French52 => 1,
            Pack::Pinochle48 | Pack::Pinochle64 | Pack::Bezique64 => 2,
            Pack::Bezique96 => 3,
            Pack::DoubleDeck80 | Pack::DoubleDeck96 | Pack::Bezique128 => 4,
            Pack::TripleDeck120 | Pack::Bezique192 => 6,
            Pack::Bezique256 => 8,
        }
    }

    /// The pack as data, with the ranks in the order of rank its games use: the ten second
    /// (A 10 K Q J 9 8 7) for Pinochle, Sixty-Six, Bezique and Frog (seed 000, "Rank of
    /// Cards"; seed 001, Frog); the natural A K Q J 10 … for Skat's plain suits at Null and
    /// for the French pack (a game with another order, Cribbage's ace low, re-orders it with
    /// [`PackSpec::with_order`]).
    pub fn spec(self) -> PackSpec {
        const TEN_SECOND: &[Rank] = &[Ace, Ten, King, Queen, Jack, Nine, Eight, Seven, Six];
        let ranks: Vec<Rank> = match self {
            Pack::Skat32 | Pack::French52 => self.ranks().to_vec(),
            _ => TEN_SECOND
                .iter()
                .copied()
                .filter(|r| self.ranks().contains(r))
                .collect(),
        };
        let copies = u8::try_from(self.copies()).unwrap_or(1);
        // Every named pack has distinct ranks and 1 to 8 copies (tested below).
        PackSpec::named(ranks, copies)
    }

    /// Number of cards in the pack.
    pub fn len(self) -> usize {
        self.ranks().len() * 4 * self.copies()
    }

    /// Always false: no pack is empty. Present because `len` is.
    pub fn is_empty(self) -> bool {
        false
    }

    /// Whether the pack holds this card at all.
    pub fn contains(self, card: Card) -> bool {
        self.ranks().contains(&card.rank)
    }

    /// Every card of the pack, duplicates included, suit by suit.
    pub fn cards(self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        for _ in 0..self.copies() {
            for suit in Suit::ALL {
                for &rank in self.ranks() {
                    out.push(Card::new(suit, rank));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pack_has_the_size_its_name_says() {
        let sizes = [32, 36, 48, 64, 80, 96, 120, 64, 96, 128, 192, 256, 24, 32, 52];
        for (pack, size) in Pack::ALL.into_iter().zip(sizes) {
            assert_eq!(pack.len(), size, "{pack:?}");
            assert_eq!(pack.cards().len(), size, "{pack:?}");
            let spec = pack.spec();
            assert_eq!(spec.len(), size, "{pack:?}");
            assert_eq!(usize::from(spec.copies()), pack.copies(), "{pack:?}");
            assert!(spec.ranks().iter().all(|r| pack.ranks().contains(r)), "{pack:?}");
            assert_eq!(spec.ranks().len(), pack.ranks().len(), "{pack:?}");
        }
    }

    /// Seed `001_be26129d5ddb0b06.txt`, Cribbage, "CARDS" (line 624): "no rank except the
    /// order of their sequence; K Q J 10 9 8 7 6 5 4 3 2 A, the Ace being always the lowest".
    #[test]
    fn cribbage_reorders_the_french_pack_ace_low() {
        let order = [
            King, Queen, Jack, Ten, Nine, Eight, Seven, Six, Five, Four, Three, Two, Ace,
        ];
        let crib = Pack::French52.spec().with_order(&order).unwrap();
        assert_eq!(crib.len(), 52);
        assert_eq!(crib.rank_power(Ace), Some(1));
        assert_eq!(crib.rank_power(King), Some(13));
        assert_eq!(
            Pack::Pinochle48.spec().ranks(),
            [Ace, Ten, King, Queen, Jack, Nine]
        );
        assert_eq!(
            Pack::Frog36.spec().ranks(),
            [Ace, Ten, King, Queen, Jack, Nine, Eight, Seven, Six]
        );
    }

    #[test]
    fn skat_pack_has_no_sixes() {
        assert!(!Pack::Skat32.contains(Card::new(Suit::Clubs, Rank::Six)));
        assert!(Pack::Frog36.contains(Card::new(Suit::Clubs, Rank::Six)));
    }
}
