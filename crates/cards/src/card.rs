//! The card itself: a suit and a rank.

use std::fmt;

/// The four French suits, in Skat's order of rank (clubs highest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// ♣, German Kreuz / Eichel.
    Clubs,
    /// ♠, German Pik / Grün.
    Spades,
    /// ♥, German Herz / Rot.
    Hearts,
    /// ♦, German Karo / Schellen.
    Diamonds,
}

impl Suit {
    /// All suits, clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

    /// The canonical symbol (`♣ ♠ ♥ ♦`).
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
        }
    }

    /// The ASCII letter the ISS uses (`C S H D`).
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
        }
    }

    /// Lower-case English name, as used in declarations and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
        }
    }
}

/// Ranks from Ace down to Two. Games choose their own order of rank; this order is only
/// the conventional "natural" one used for sorting and display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// A
    Ace,
    /// K
    King,
    /// Q
    Queen,
    /// J
    Jack,
    /// 10
    Ten,
    /// 9
    Nine,
    /// 8
    Eight,
    /// 7
    Seven,
    /// 6
    Six,
    /// 5
    Five,
    /// 4
    Four,
    /// 3
    Three,
    /// 2
    Two,
}

impl Rank {
    /// All ranks, Ace first.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::King,
        Rank::Queen,
        Rank::Jack,
        Rank::Ten,
        Rank::Nine,
        Rank::Eight,
        Rank::Seven,
        Rank::Six,
        Rank::Five,
        Rank::Four,
        Rank::Three,
        Rank::Two,
    ];

    /// The canonical rank text (`A K Q J 10 9 … 2`).
    pub fn text(self) -> &'static str {
        match self {
            Rank::Ace => "A",
            Rank::King => "K",
            Rank::Queen => "Q",
            Rank::Jack => "J",
            Rank::Ten => "10",
            Rank::Nine => "9",
            Rank::Eight => "8",
            Rank::Seven => "7",
            Rank::Six => "6",
            Rank::Five => "5",
            Rank::Four => "4",
            Rank::Three => "3",
            Rank::Two => "2",
        }
    }

    /// The one-character ASCII letter (`T` for the ten), as the ISS writes it.
    pub fn letter(self) -> char {
        match self {
            Rank::Ten => 'T',
            other => other.text().chars().next().unwrap_or('?'),
        }
    }
}

/// A playing card. Two cards of a double pack with the same suit and rank are equal; they
/// are told apart only by where they were played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// The suit.
    pub suit: Suit,
    /// The rank.
    pub rank: Rank,
}

impl Card {
    /// A card from its suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// A dense index 0..52 (suit-major, in [`Suit::ALL`] and [`Rank::ALL`] order), handy for
    /// bit sets.
    pub fn index(self) -> usize {
        self.suit as usize * 13 + self.rank as usize
    }

    /// The card with the given dense index, if it is below 52.
    pub fn from_index(i: usize) -> Option<Card> {
        let suit = *Suit::ALL.get(i / 13)?;
        let rank = *Rank::ALL.get(i % 13)?;
        Some(Card { suit, rank })
    }
}

impl fmt::Display for Card {
    /// The canonical form: suit symbol then rank, `♣J`, `♦10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.canonical())
    }
}

/// Every card's canonical text, by suit then rank in declaration order: reports write tens of
/// cards per record and archives millions of records, so the text is looked up, not formatted.
const CANONICAL: [[&str; 13]; 4] = [
    [
        "♣A", "♣K", "♣Q", "♣J", "♣10", "♣9", "♣8", "♣7", "♣6", "♣5", "♣4", "♣3", "♣2",
    ],
    [
        "♠A", "♠K", "♠Q", "♠J", "♠10", "♠9", "♠8", "♠7", "♠6", "♠5", "♠4", "♠3", "♠2",
    ],
    [
        "♥A", "♥K", "♥Q", "♥J", "♥10", "♥9", "♥8", "♥7", "♥6", "♥5", "♥4", "♥3", "♥2",
    ],
    [
        "♦A", "♦K", "♦Q", "♦J", "♦10", "♦9", "♦8", "♦7", "♦6", "♦5", "♦4", "♦3", "♦2",
    ],
];

impl Card {
    /// The canonical text (`♣J`, `♦10`), as [`Card`]'s `Display` writes it.
    pub fn canonical(self) -> &'static str {
        // Both enums are fieldless with default discriminants, so the casts are in range.
        CANONICAL[self.suit as usize][self.rank as usize]
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.canonical())
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    /// Reads the canonical form [`Card`]'s `Serialize` writes (`♣J`, `♦10`).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        (0..52)
            .filter_map(Card::from_index)
            .find(|c| {
                let mut chars = text.chars();
                chars.next() == Some(c.suit.symbol()) && chars.as_str() == c.rank.text()
            })
            .ok_or_else(|| serde::de::Error::custom(format_args!("not a card in canonical form: `{text}`")))
    }
}

impl schemars::JsonSchema for Card {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Card".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A card in canonical form: suit symbol (♣ ♠ ♥ ♦) followed by rank (A K Q J 10 9 8 7 6 5 4 3 2).",
            "type": "string",
            "pattern": "^[♣♠♥♦](A|K|Q|J|10|[2-9])$"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canonical_text_is_the_suit_symbol_then_the_rank_for_every_card() {
        for card in (0..52).filter_map(Card::from_index) {
            let expected = format!("{}{}", card.suit.symbol(), card.rank.text());
            assert_eq!(card.to_string(), expected);
            let json = serde_json::to_string(&card).expect("a card serializes");
            assert_eq!(json, format!("\"{expected}\""));
        }
    }

    #[test]
    fn index_round_trips_for_every_card() {
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.index(), i);
        }
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn display_is_symbol_then_rank() {
        assert_eq!(Card::new(Suit::Clubs, Rank::Jack).to_string(), "♣J");
        assert_eq!(Card::new(Suit::Diamonds, Rank::Ten).to_string(), "♦10");
    }
}
