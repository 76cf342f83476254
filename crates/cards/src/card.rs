//! The card itself: a suit and a rank.

use std::fmt;
use std::str::FromStr;

use crate::alphabet::{AlphabetSet, CardTokenError, parse_card};

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

/// Text that is not a suit or a rank: what was given and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The text given.
    pub text: String,
    /// What it should have been (`suit`, `rank`).
    pub expected: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {}: `{}`", self.expected, self.text)
    }
}

impl std::error::Error for ParseError {}

impl fmt::Display for Suit {
    /// The canonical symbol, `♣`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl FromStr for Suit {
    type Err = ParseError;

    /// Reads a suit by its symbol (`♣`, also the white `♧`), its ISS letter (`C`, `c`) or its
    /// English name (`clubs`, any case).
    ///
    /// ```
    /// use cards::Suit;
    /// assert_eq!("♠".parse::<Suit>(), Ok(Suit::Spades));
    /// assert_eq!("H".parse::<Suit>(), Ok(Suit::Hearts));
    /// assert_eq!("Diamonds".parse::<Suit>(), Ok(Suit::Diamonds));
    /// assert!("x".parse::<Suit>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Suit, ParseError> {
        let t = s.trim().trim_end_matches('\u{FE0F}');
        let mut chars = t.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Ok(suit) = Suit::try_from(c)
        {
            return Ok(suit);
        }
        Suit::ALL
            .into_iter()
            .find(|suit| suit.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| ParseError {
                text: s.to_string(),
                expected: "suit",
            })
    }
}

impl TryFrom<char> for Suit {
    type Error = ParseError;

    /// A suit from its symbol (black or white) or its ISS letter in either case.
    ///
    /// ```
    /// use cards::Suit;
    /// assert_eq!(Suit::try_from('♡'), Ok(Suit::Hearts));
    /// assert_eq!(Suit::try_from('d'), Ok(Suit::Diamonds));
    /// ```
    fn try_from(c: char) -> Result<Suit, ParseError> {
        Ok(match c {
            '♣' | '♧' | 'C' | 'c' => Suit::Clubs,
            '♠' | '♤' | 'S' | 's' => Suit::Spades,
            '♥' | '♡' | 'H' | 'h' => Suit::Hearts,
            '♦' | '♢' | 'D' | 'd' => Suit::Diamonds,
            _ => {
                return Err(ParseError {
                    text: c.to_string(),
                    expected: "suit",
                });
            }
        })
    }
}

impl TryFrom<&str> for Suit {
    type Error = ParseError;

    /// As [`FromStr`].
    fn try_from(s: &str) -> Result<Suit, ParseError> {
        s.parse()
    }
}

impl fmt::Display for Rank {
    /// The canonical rank text, `A`, `10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl FromStr for Rank {
    type Err = ParseError;

    /// Reads a rank by its canonical text (`A K Q J 10 9 … 2`) or its one-letter ASCII form
    /// (`T` for the ten), in either case.
    ///
    /// ```
    /// use cards::Rank;
    /// assert_eq!("10".parse::<Rank>(), Ok(Rank::Ten));
    /// assert_eq!("T".parse::<Rank>(), Ok(Rank::Ten));
    /// assert_eq!("q".parse::<Rank>(), Ok(Rank::Queen));
    /// assert!("1".parse::<Rank>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Rank, ParseError> {
        let t = s.trim();
        Rank::ALL
            .into_iter()
            .find(|r| {
                r.text().eq_ignore_ascii_case(t)
                    || t.eq_ignore_ascii_case(r.letter().encode_utf8(&mut [0; 4]))
            })
            .ok_or_else(|| ParseError {
                text: s.to_string(),
                expected: "rank",
            })
    }
}

impl TryFrom<char> for Rank {
    type Error = ParseError;

    /// A rank from its one-character ASCII form (`A K Q J T 9 … 2`), in either case.
    ///
    /// ```
    /// use cards::Rank;
    /// assert_eq!(Rank::try_from('T'), Ok(Rank::Ten));
    /// ```
    fn try_from(c: char) -> Result<Rank, ParseError> {
        Rank::ALL
            .into_iter()
            .find(|r| r.letter().eq_ignore_ascii_case(&c))
            .ok_or_else(|| ParseError {
                text: c.to_string(),
                expected: "rank",
            })
    }
}

impl TryFrom<&str> for Rank {
    type Error = ParseError;

    /// As [`FromStr`].
    fn try_from(s: &str) -> Result<Rank, ParseError> {
        s.parse()
    }
}

impl FromStr for Card {
    type Err = CardTokenError;

    /// Reads a card in any alphabet that never collides with another
    /// ([`AlphabetSet::DEFAULT`]: suit symbols in either order, ISS letters, card glyphs).
    /// German and 1890s French tokens need their alphabet named, through [`parse_card`].
    ///
    /// ```
    /// use cards::{Card, Rank, Suit};
    /// let jack = Card::new(Suit::Clubs, Rank::Jack);
    /// assert_eq!("♣J".parse::<Card>(), Ok(jack));
    /// assert_eq!("J♣".parse::<Card>(), Ok(jack));
    /// assert_eq!("CJ".parse::<Card>(), Ok(jack));
    /// assert_eq!("🃛".parse::<Card>(), Ok(jack));
    /// assert!("♣1".parse::<Card>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Card, CardTokenError> {
        parse_card(s.trim(), AlphabetSet::DEFAULT)
    }
}

impl TryFrom<&str> for Card {
    type Error = CardTokenError;

    /// As [`FromStr`].
    fn try_from(s: &str) -> Result<Card, CardTokenError> {
        s.parse()
    }
}

impl TryFrom<usize> for Card {
    type Error = usize;

    /// The card with this dense index ([`Card::index`]); the index itself when it is 52 or
    /// more.
    fn try_from(i: usize) -> Result<Card, usize> {
        Card::from_index(i).ok_or(i)
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
    fn every_card_suit_and_rank_reads_back_what_display_writes() {
        for card in (0..52).filter_map(Card::from_index) {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(Card::try_from(card.index()), Ok(card));
            let iss = format!("{}{}", card.suit.letter(), card.rank.letter());
            assert_eq!(iss.parse::<Card>(), Ok(card), "{iss}");
        }
        for suit in Suit::ALL {
            assert_eq!(suit.to_string().parse::<Suit>(), Ok(suit));
            assert_eq!(suit.name().parse::<Suit>(), Ok(suit));
            assert_eq!(Suit::try_from(suit.letter()), Ok(suit));
        }
        for rank in Rank::ALL {
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
            assert_eq!(Rank::try_from(rank.letter()), Ok(rank));
        }
        assert_eq!(Card::try_from(52), Err(52));
        let err = "♣X".parse::<Card>().unwrap_err();
        assert_eq!(err.kind, crate::CardTokenErrorKind::Unknown);
        assert_eq!(
            "spade".parse::<Suit>().unwrap_err().to_string(),
            "not a suit: `spade`"
        );
        assert!("".parse::<Rank>().is_err() && "".parse::<Suit>().is_err());
    }

    #[test]
    fn display_is_symbol_then_rank() {
        assert_eq!(Card::new(Suit::Clubs, Rank::Jack).to_string(), "♣J");
        assert_eq!(Card::new(Suit::Diamonds, Rank::Ten).to_string(), "♦10");
    }
}
