//! The server's card tokens: suit letter `C S H D` and rank letter `A K Q J T 9 8 7`, or `??`.

use cards::{Card, Rank, Suit};
use notation::CardSlot;

/// The suits by their letter, so that a card is read in two lookups.
static SUITS: [Option<Suit>; 256] = {
    let mut t = [None; 256];
    t[b'C' as usize] = Some(Suit::Clubs);
    t[b'S' as usize] = Some(Suit::Spades);
    t[b'H' as usize] = Some(Suit::Hearts);
    t[b'D' as usize] = Some(Suit::Diamonds);
    t
};

/// The ranks by their letter.
static RANKS: [Option<Rank>; 256] = {
    let mut t = [None; 256];
    t[b'A' as usize] = Some(Rank::Ace);
    t[b'K' as usize] = Some(Rank::King);
    t[b'Q' as usize] = Some(Rank::Queen);
    t[b'J' as usize] = Some(Rank::Jack);
    t[b'T' as usize] = Some(Rank::Ten);
    t[b'9' as usize] = Some(Rank::Nine);
    t[b'8' as usize] = Some(Rank::Eight);
    t[b'7' as usize] = Some(Rank::Seven);
    t
};

/// Reads a two-letter token of a known card.
#[inline]
pub(crate) fn known_card(token: &[u8]) -> Option<Card> {
    let [s, r] = token else { return None };
    Some(Card::new(SUITS[usize::from(*s)]?, RANKS[usize::from(*r)]?))
}

/// Reads a two-letter card token.
#[inline]
pub(crate) fn card(token: &[u8]) -> Option<CardSlot> {
    if token == b"??" {
        return Some(CardSlot::Unknown);
    }
    known_card(token).map(CardSlot::Known)
}

/// Whether a token has the shape of a card (suit letter or `?` first), so that a failure to
/// read it is a bad card rather than an unknown action.
pub(crate) fn looks_like_card(token: &[u8]) -> bool {
    matches!(token, [b'?', _] | [_, b'?'])
        || matches!(token, [b'C' | b'S' | b'H' | b'D', r] if r.is_ascii_digit() || *r == b'T')
}

/// Writes a card in the server's letters. Cards outside the Skat pack (a six, a two) cannot
/// occur in a record read from ISS; they are written with the rank's own letter.
#[inline]
pub(crate) fn write_card(slot: CardSlot, out: &mut String) {
    match slot {
        CardSlot::Unknown => out.push_str("??"),
        CardSlot::Known(c) => {
            out.push(c.suit.letter());
            out.push(c.rank.letter());
        }
    }
}

/// Whether a card can be written in the server's letters (a Skat pack card or `??`).
pub(crate) fn is_skat_card(slot: CardSlot) -> bool {
    match slot {
        CardSlot::Unknown => true,
        CardSlot::Known(c) => !matches!(
            c.rank,
            Rank::Six | Rank::Five | Rank::Four | Rank::Three | Rank::Two
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_skat_card_round_trips() {
        let mut n = 0;
        for s in b"CSHD" {
            for r in b"AKQJT987" {
                let t = [*s, *r];
                let slot = card(&t).unwrap();
                let mut out = String::new();
                write_card(slot, &mut out);
                assert_eq!(out.as_bytes(), t);
                assert!(is_skat_card(slot));
                n += 1;
            }
        }
        assert_eq!(n, 32);
        assert_eq!(card(b"??"), Some(CardSlot::Unknown));
    }

    #[test]
    fn malformed_tokens_are_refused() {
        for t in [&b"HX"[..], b"C", b"CJJ", b"XJ", b"?", b"c7", b"S6"] {
            assert_eq!(card(t), None, "{:?}", std::str::from_utf8(t));
        }
        assert!(looks_like_card(b"S6"));
        assert!(looks_like_card(b"?X"));
        assert!(!looks_like_card(b"HH"));
        assert_eq!(
            card(b"DT"),
            Some(CardSlot::Known(Card::new(Suit::Diamonds, Rank::Ten)))
        );
    }
}
