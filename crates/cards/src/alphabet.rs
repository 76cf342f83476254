//! Card tokens: the alphabets a card may be written in, reading a token, and writing a card.
//!
//! Some alphabets share letters with different meanings (German `D` is Dame, the queen; the
//! ISS `D` is the diamond suit), so a record says which of the colliding ones it uses; a token
//! that more than one selected alphabet reads differently is ambiguous and never guessed.

use std::fmt;

use crate::card::{Card, Rank, Suit};

/// One way of writing cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// Suit symbol and English rank in either order: `♣J`, `J♣`, `♥10`, `10♥`, also the white
    /// suits `♧ ♤ ♡ ♢`.
    Symbols,
    /// ISS style: suit letter `C S H D` then rank `A K Q J T 9 … 2`, or `10`: `CJ`, `ST`, `S10`.
    Ascii,
    /// The Unicode playing-card glyphs U+1F0A1–U+1F0DE (`🃛` is ♣J).
    Glyphs,
    /// German: suit symbol with German rank letter (`♣B`, `♥D`, `♦Z`), or full names
    /// (`Kreuz-Bube`, `HerzDame`, `Eichel-Unter`).
    German,
    /// The 1890s abbreviations of seed 001: suits `tr p co car`, ranks `A K D B Z 9 8 7`, in
    /// either order (`trB`, `Bco`).
    French1890,
}

impl Alphabet {
    /// Every alphabet.
    pub const ALL: [Alphabet; 5] = [
        Alphabet::Symbols,
        Alphabet::Ascii,
        Alphabet::Glyphs,
        Alphabet::German,
        Alphabet::French1890,
    ];

    /// The name used in the `Cards` header tag and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Alphabet::Symbols => "symbols",
            Alphabet::Ascii => "ascii",
            Alphabet::Glyphs => "glyphs",
            Alphabet::German => "german",
            Alphabet::French1890 => "french-1890",
        }
    }

    /// The alphabet with this name.
    pub fn from_name(name: &str) -> Option<Alphabet> {
        Alphabet::ALL.into_iter().find(|a| a.name() == name)
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }

    fn read(self, token: &str) -> Option<Card> {
        match self {
            Alphabet::Symbols => read_symbols(token, english_rank),
            Alphabet::Ascii => read_ascii(token),
            Alphabet::Glyphs => read_glyph(token),
            Alphabet::German => read_symbols(token, german_rank_letter).or_else(|| read_german_names(token)),
            Alphabet::French1890 => read_french1890(token),
        }
    }
}

/// A set of alphabets tried when reading a token.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AlphabetSet(u8);

impl AlphabetSet {
    /// The alphabets that never collide and are always on: symbols, ASCII and glyphs.
    pub const DEFAULT: AlphabetSet = AlphabetSet(0b111);

    /// The empty set.
    pub const fn empty() -> AlphabetSet {
        AlphabetSet(0)
    }

    /// This set with one more alphabet.
    pub fn with(self, a: Alphabet) -> AlphabetSet {
        AlphabetSet(self.0 | a.bit())
    }

    /// Whether the set holds the alphabet.
    pub fn contains(self, a: Alphabet) -> bool {
        self.0 & a.bit() != 0
    }

    /// The alphabets of the set, in [`Alphabet::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Alphabet> {
        Alphabet::ALL.into_iter().filter(move |a| self.contains(*a))
    }

    /// The set a record's `Cards` tag selects: the default set plus each named alphabet
    /// (names separated by commas or spaces). Unknown names are returned as the error.
    pub fn from_tag(value: &str) -> Result<AlphabetSet, String> {
        let mut set = AlphabetSet::DEFAULT;
        for name in value.split([',', ' ']).filter(|s| !s.is_empty()) {
            match Alphabet::from_name(name.trim()) {
                Some(a) => set = set.with(a),
                None => return Err(name.to_string()),
            }
        }
        Ok(set)
    }
}

impl Default for AlphabetSet {
    fn default() -> Self {
        AlphabetSet::DEFAULT
    }
}

impl fmt::Debug for AlphabetSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Alphabet::name)).finish()
    }
}

impl fmt::Display for AlphabetSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for a in self.iter() {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            f.write_str(a.name())?;
        }
        Ok(())
    }
}

/// Why a token is not a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardTokenErrorKind {
    /// No alphabet of the set reads it.
    Unknown,
    /// Two alphabets of the set read it as different cards; these are the two readings.
    Ambiguous(Card, Card),
}

/// A token that is not a card, with the alphabets that were tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardTokenError {
    /// What went wrong.
    pub kind: CardTokenErrorKind,
    /// The alphabets that were tried.
    pub tried: AlphabetSet,
}

impl fmt::Display for CardTokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            CardTokenErrorKind::Unknown => {
                write!(f, "not a card in any of the alphabets tried ({})", self.tried)
            }
            CardTokenErrorKind::Ambiguous(a, b) => {
                write!(
                    f,
                    "ambiguous: reads as {a} and as {b} (alphabets tried: {})",
                    self.tried
                )
            }
        }
    }
}

impl std::error::Error for CardTokenError {}

/// Reads one card token with the given alphabets.
pub fn parse_card(token: &str, alphabets: AlphabetSet) -> Result<Card, CardTokenError> {
    let mut found: Option<Card> = None;
    for a in alphabets.iter() {
        if let Some(card) = a.read(token) {
            match found {
                Some(prev) if prev != card => {
                    return Err(CardTokenError {
                        kind: CardTokenErrorKind::Ambiguous(prev, card),
                        tried: alphabets,
                    });
                }
                _ => found = Some(card),
            }
        }
    }
    found.ok_or(CardTokenError {
        kind: CardTokenErrorKind::Unknown,
        tried: alphabets,
    })
}

fn suit_symbol(c: char) -> Option<Suit> {
    match c {
        '♣' | '♧' => Some(Suit::Clubs),
        '♠' | '♤' => Some(Suit::Spades),
        '♥' | '♡' => Some(Suit::Hearts),
        '♦' | '♢' => Some(Suit::Diamonds),
        _ => None,
    }
}

fn english_rank(s: &str) -> Option<Rank> {
    Some(match s {
        "A" => Rank::Ace,
        "K" => Rank::King,
        "Q" => Rank::Queen,
        "J" => Rank::Jack,
        "10" => Rank::Ten,
        "9" => Rank::Nine,
        "8" => Rank::Eight,
        "7" => Rank::Seven,
        "6" => Rank::Six,
        "5" => Rank::Five,
        "4" => Rank::Four,
        "3" => Rank::Three,
        "2" => Rank::Two,
        _ => return None,
    })
}

fn german_rank_letter(s: &str) -> Option<Rank> {
    Some(match s {
        "A" => Rank::Ace,
        "K" => Rank::King,
        "D" | "O" => Rank::Queen,
        "B" | "U" => Rank::Jack,
        "Z" | "10" => Rank::Ten,
        "9" => Rank::Nine,
        "8" => Rank::Eight,
        "7" => Rank::Seven,
        _ => return None,
    })
}

/// Suit symbol and rank in either order; a U+FE0F variation selector after the symbol is
/// allowed because some editors insert it.
fn read_symbols(token: &str, rank: fn(&str) -> Option<Rank>) -> Option<Card> {
    let token = token.trim_end_matches('\u{FE0F}');
    let mut chars = token.chars();
    let first = chars.next()?;
    if let Some(suit) = suit_symbol(first) {
        let rest = chars.as_str().trim_start_matches('\u{FE0F}');
        return rank(rest).map(|r| Card::new(suit, r));
    }
    let last = token.chars().next_back()?;
    let suit = suit_symbol(last)?;
    let rest = &token[..token.len() - last.len_utf8()];
    rank(rest).map(|r| Card::new(suit, r))
}

fn read_ascii(token: &str) -> Option<Card> {
    let bytes = token.as_bytes();
    let suit = match bytes.first()? {
        b'C' => Suit::Clubs,
        b'S' => Suit::Spades,
        b'H' => Suit::Hearts,
        b'D' => Suit::Diamonds,
        _ => return None,
    };
    let rank = match token.get(1..)? {
        "T" => Rank::Ten,
        other => english_rank(other)?,
    };
    Some(Card::new(suit, rank))
}

fn read_glyph(token: &str) -> Option<Card> {
    let mut chars = token.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let code = c as u32;
    if !(0x1F0A1..=0x1F0DE).contains(&code) {
        return None;
    }
    let suit = match (code >> 4) & 0xF {
        0xA => Suit::Spades,
        0xB => Suit::Hearts,
        0xC => Suit::Diamonds,
        0xD => Suit::Clubs,
        _ => return None,
    };
    let rank = match code & 0xF {
        0x1 => Rank::Ace,
        0x2 => Rank::Two,
        0x3 => Rank::Three,
        0x4 => Rank::Four,
        0x5 => Rank::Five,
        0x6 => Rank::Six,
        0x7 => Rank::Seven,
        0x8 => Rank::Eight,
        0x9 => Rank::Nine,
        0xA => Rank::Ten,
        0xB => Rank::Jack,
        // 0xC is the Knight of the tarot-style packs: no game here uses it.
        0xD => Rank::Queen,
        0xE => Rank::King,
        _ => return None,
    };
    Some(Card::new(suit, rank))
}

const GERMAN_SUITS: &[(&str, Suit)] = &[
    ("kreuz", Suit::Clubs),
    ("eichel", Suit::Clubs),
    ("pik", Suit::Spades),
    ("grün", Suit::Spades),
    ("gruen", Suit::Spades),
    ("herz", Suit::Hearts),
    ("rot", Suit::Hearts),
    ("karo", Suit::Diamonds),
    ("schellen", Suit::Diamonds),
];

const GERMAN_RANKS: &[(&str, Rank)] = &[
    ("as", Rank::Ace),
    ("ass", Rank::Ace),
    ("daus", Rank::Ace),
    ("zehn", Rank::Ten),
    ("könig", Rank::King),
    ("koenig", Rank::King),
    ("dame", Rank::Queen),
    ("ober", Rank::Queen),
    ("bube", Rank::Jack),
    ("unter", Rank::Jack),
    ("neun", Rank::Nine),
    ("acht", Rank::Eight),
    ("sieben", Rank::Seven),
    ("10", Rank::Ten),
    ("9", Rank::Nine),
    ("8", Rank::Eight),
    ("7", Rank::Seven),
];

fn read_german_names(token: &str) -> Option<Card> {
    let lower = token.to_lowercase();
    let (suit_name, suit) = GERMAN_SUITS.iter().find(|(name, _)| lower.starts_with(name))?;
    let rest = lower[suit_name.len()..].trim_start_matches('-');
    let rank = GERMAN_RANKS.iter().find(|(name, _)| *name == rest)?.1;
    Some(Card::new(*suit, rank))
}

const FRENCH1890_SUITS: &[(&str, Suit)] = &[
    ("tr", Suit::Clubs),
    ("car", Suit::Diamonds),
    ("co", Suit::Hearts),
    ("p", Suit::Spades),
];

fn read_french1890(token: &str) -> Option<Card> {
    FRENCH1890_SUITS.iter().find_map(|(name, suit)| {
        let rest = token.strip_prefix(name).or_else(|| token.strip_suffix(name))?;
        german_rank_letter(rest).map(|rank| Card::new(*suit, rank))
    })
}

/// How cards are written on output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Display {
    /// The canonical form: `♣J`, `♥10`.
    #[default]
    Unicode,
    /// ISS letters: `CJ`, `HT`.
    Ascii,
    /// Suit symbol with German rank letter: `♣B`, `♥D`, `♦Z`.
    German,
}

impl Display {
    /// Writes the card in this form.
    pub fn write(self, card: Card, out: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Display::Unicode => out.write_str(card.canonical()),
            Display::Ascii => write!(out, "{}{}", card.suit.letter(), card.rank.letter()),
            Display::German => {
                let rank = match card.rank {
                    Rank::Queen => "D",
                    Rank::Jack => "B",
                    Rank::Ten => "Z",
                    other => other.text(),
                };
                write!(out, "{}{rank}", card.suit.symbol())
            }
        }
    }

    /// The card in this form as a new string.
    pub fn card(self, card: Card) -> String {
        let mut s = String::new();
        // Writing into a String cannot fail.
        let _ = self.write(card, &mut s);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn card(suit: Suit, rank: Rank) -> Card {
        Card::new(suit, rank)
    }

    fn read(token: &str) -> Result<Card, CardTokenError> {
        parse_card(token, AlphabetSet::DEFAULT)
    }

    #[test]
    fn symbols_either_way_round() {
        assert_eq!(read("♣J"), Ok(card(Suit::Clubs, Rank::Jack)));
        assert_eq!(read("J♣"), Ok(card(Suit::Clubs, Rank::Jack)));
        assert_eq!(read("♥10"), Ok(card(Suit::Hearts, Rank::Ten)));
        assert_eq!(read("10♥"), Ok(card(Suit::Hearts, Rank::Ten)));
        assert_eq!(read("♡7"), Ok(card(Suit::Hearts, Rank::Seven)));
        assert_eq!(read("Q♢"), Ok(card(Suit::Diamonds, Rank::Queen)));
        assert_eq!(read("♤A"), Ok(card(Suit::Spades, Rank::Ace)));
        assert_eq!(read("♧K"), Ok(card(Suit::Clubs, Rank::King)));
        assert_eq!(read("♥\u{FE0F}K"), Ok(card(Suit::Hearts, Rank::King)));
    }

    #[test]
    fn iss_letters() {
        assert_eq!(read("CJ"), Ok(card(Suit::Clubs, Rank::Jack)));
        assert_eq!(read("ST"), Ok(card(Suit::Spades, Rank::Ten)));
        assert_eq!(read("S10"), Ok(card(Suit::Spades, Rank::Ten)));
        assert_eq!(read("H9"), Ok(card(Suit::Hearts, Rank::Nine)));
        assert_eq!(read("DQ"), Ok(card(Suit::Diamonds, Rank::Queen)));
    }

    #[test]
    fn glyphs_of_seed_001() {
        // "🃛 🂻 🂺" is ♣J ♥J ♥10 in the Tourné of seed 001.
        assert_eq!(read("🃛"), Ok(card(Suit::Clubs, Rank::Jack)));
        assert_eq!(read("🂻"), Ok(card(Suit::Hearts, Rank::Jack)));
        assert_eq!(read("🂺"), Ok(card(Suit::Hearts, Rank::Ten)));
        assert_eq!(read("🂡"), Ok(card(Suit::Spades, Rank::Ace)));
        assert_eq!(read("🃞"), Ok(card(Suit::Clubs, Rank::King)));
        assert_eq!(read("🃍"), Ok(card(Suit::Diamonds, Rank::Queen)));
        assert!(read("🂬").is_err(), "the knight is no card of ours");
        assert!(read("🂠").is_err(), "the card back is no card");
    }

    #[test]
    fn german_needs_its_tag() {
        assert!(read("♣B").is_err());
        let german = AlphabetSet::DEFAULT.with(Alphabet::German);
        assert_eq!(parse_card("♣B", german), Ok(card(Suit::Clubs, Rank::Jack)));
        assert_eq!(parse_card("♥D", german), Ok(card(Suit::Hearts, Rank::Queen)));
        assert_eq!(parse_card("♦Z", german), Ok(card(Suit::Diamonds, Rank::Ten)));
        assert_eq!(
            parse_card("Kreuz-Bube", german),
            Ok(card(Suit::Clubs, Rank::Jack))
        );
        assert_eq!(
            parse_card("HerzDame", german),
            Ok(card(Suit::Hearts, Rank::Queen))
        );
        assert_eq!(
            parse_card("Eichel-Unter", german),
            Ok(card(Suit::Clubs, Rank::Jack))
        );
        assert_eq!(
            parse_card("Grün-Ober", german),
            Ok(card(Suit::Spades, Rank::Queen))
        );
        assert_eq!(
            parse_card("Schellen-Daus", german),
            Ok(card(Suit::Diamonds, Rank::Ace))
        );
        assert_eq!(
            parse_card("Karo-König", german),
            Ok(card(Suit::Diamonds, Rank::King))
        );
        assert_eq!(parse_card("Pik-Zehn", german), Ok(card(Suit::Spades, Rank::Ten)));
        // English letters still read the same where they mean the same.
        assert_eq!(parse_card("♣K", german), Ok(card(Suit::Clubs, Rank::King)));
    }

    #[test]
    fn french_1890_abbreviations() {
        let f = AlphabetSet::DEFAULT.with(Alphabet::French1890);
        assert_eq!(parse_card("trB", f), Ok(card(Suit::Clubs, Rank::Jack)));
        assert_eq!(parse_card("pD", f), Ok(card(Suit::Spades, Rank::Queen)));
        assert_eq!(parse_card("coZ", f), Ok(card(Suit::Hearts, Rank::Ten)));
        assert_eq!(parse_card("carA", f), Ok(card(Suit::Diamonds, Rank::Ace)));
        assert_eq!(parse_card("Kcar", f), Ok(card(Suit::Diamonds, Rank::King)));
        assert_eq!(parse_card("9tr", f), Ok(card(Suit::Clubs, Rank::Nine)));
        assert!(read("trB").is_err());
    }

    #[test]
    fn unknown_token_names_the_alphabets_tried() {
        let err = read("XJ").unwrap_err();
        assert_eq!(err.kind, CardTokenErrorKind::Unknown);
        assert_eq!(
            err.to_string(),
            "not a card in any of the alphabets tried (symbols, ascii, glyphs)"
        );
    }

    #[test]
    fn from_tag_adds_to_the_default_set() {
        let set = AlphabetSet::from_tag("german").unwrap();
        assert!(set.contains(Alphabet::German) && set.contains(Alphabet::Ascii));
        assert_eq!(AlphabetSet::from_tag("klingon"), Err("klingon".to_string()));
    }

    #[test]
    fn displays() {
        let c = card(Suit::Hearts, Rank::Ten);
        assert_eq!(Display::Unicode.card(c), "♥10");
        assert_eq!(Display::Ascii.card(c), "HT");
        assert_eq!(Display::German.card(c), "♥Z");
        assert_eq!(Display::German.card(card(Suit::Clubs, Rank::Jack)), "♣B");
    }

    proptest! {
        #[test]
        fn every_display_reads_back(i in 0usize..52) {
            let c = Card::from_index(i).unwrap();
            let all = AlphabetSet::DEFAULT.with(Alphabet::German);
            prop_assert_eq!(parse_card(&Display::Unicode.card(c), AlphabetSet::DEFAULT), Ok(c));
            prop_assert_eq!(parse_card(&Display::Ascii.card(c), AlphabetSet::DEFAULT), Ok(c));
            if Rank::ALL[..8].contains(&c.rank) {
                prop_assert_eq!(parse_card(&Display::German.card(c), all), Ok(c));
            }
        }

        #[test]
        fn arbitrary_tokens_never_panic(s in "\\PC{0,8}") {
            let all = Alphabet::ALL.iter().fold(AlphabetSet::empty(), |s, a| s.with(*a));
            let _ = parse_card(&s, all);
        }
    }
}
