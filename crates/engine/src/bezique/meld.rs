//! Bezique's declarations in its own words, on the Pinochle family's meld machinery (the
//! shapes, the classes and the rule for cards declared again are the same, 000:559–564 and
//! 000:83–87), and the calculator of `stich meld --game bezique`.

use cards::Suit;

use crate::core::CardCounts;
use crate::pinochle::meld::{self, MeldKind, MeldTable};

/// The word of a declaration.
pub fn word(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Run | MeldKind::DoubleRun | MeldKind::TripleRun => "sequence",
        MeldKind::Royal
        | MeldKind::Marriage
        | MeldKind::DoubleMarriage
        | MeldKind::TripleMarriage
        | MeldKind::QuadrupleMarriage => "marriage",
        MeldKind::Dix => "seven",
        MeldKind::Pinochle => "bezique",
        MeldKind::DoublePinochle => "double-bezique",
        MeldKind::TriplePinochle => "triple-bezique",
        MeldKind::QuadruplePinochle => "quadruple-bezique",
        MeldKind::QuintuplePinochle => "quintuple-bezique",
        // No Bezique table has six beziques as one declaration (Eight-Pack stops at five).
        MeldKind::SextuplePinochle => "bezique",
        MeldKind::TrumpAces => "trump-aces",
        MeldKind::TrumpTens => "trump-tens",
        MeldKind::TrumpKings => "trump-kings",
        MeldKind::TrumpQueens => "trump-queens",
        MeldKind::TrumpJacks => "trump-jacks",
        MeldKind::BackDoor => "back-door",
        MeldKind::Aces | MeldKind::DoubleAces | MeldKind::TripleAces | MeldKind::FifteenAces => "aces",
        MeldKind::Kings | MeldKind::DoubleKings | MeldKind::TripleKings | MeldKind::FifteenKings => "kings",
        MeldKind::Queens | MeldKind::DoubleQueens | MeldKind::TripleQueens | MeldKind::FifteenQueens => {
            "queens"
        }
        MeldKind::Jacks | MeldKind::DoubleJacks | MeldKind::TripleJacks | MeldKind::FifteenJacks => "jacks",
    }
}

/// The declaration a word names, given its cards and the trump suit (`None` before a
/// marriage makes it): a marriage is the royal one when its cards are trumps, a sequence of
/// a plain suit is the back door (000:710); before trump is known both make it.
pub fn kind(word: &str, cards: &CardCounts, trump: Option<Suit>) -> Option<MeldKind> {
    let in_trumps = |t: Suit| cards.iter().all(|c| c.suit == t) && !cards.is_empty();
    Some(match word.to_ascii_lowercase().as_str() {
        "marriage" | "royal-marriage" => match trump {
            Some(t) if !in_trumps(t) => MeldKind::Marriage,
            _ => MeldKind::Royal,
        },
        "sequence" => match trump {
            Some(t) if !in_trumps(t) => MeldKind::BackDoor,
            _ => MeldKind::Run,
        },
        "back-door" => MeldKind::BackDoor,
        "bezique" => MeldKind::Pinochle,
        "double-bezique" => MeldKind::DoublePinochle,
        "triple-bezique" => MeldKind::TriplePinochle,
        "quadruple-bezique" => MeldKind::QuadruplePinochle,
        "quintuple-bezique" => MeldKind::QuintuplePinochle,
        "trump-aces" => MeldKind::TrumpAces,
        "trump-tens" => MeldKind::TrumpTens,
        "trump-kings" => MeldKind::TrumpKings,
        "trump-queens" => MeldKind::TrumpQueens,
        "trump-jacks" => MeldKind::TrumpJacks,
        "aces" | "100-aces" => MeldKind::Aces,
        "kings" => MeldKind::Kings,
        "queens" => MeldKind::Queens,
        "jacks" => MeldKind::Jacks,
        "seven" | "seven-of-trumps" => MeldKind::Dix,
        _ => return None,
    })
}

/// Whether a word is a declaration word.
pub fn is_declaration(word: &str) -> bool {
    kind(word, &CardCounts::EMPTY, None).is_some()
}

/// What a set of cards declares at once under `table` with `trump`: each declaration in
/// Bezique's words, its cards and value, and the total.
pub fn declarations(table: &MeldTable, trump: Suit, held: &CardCounts) -> meld::Melds {
    meld::meld_hand(table, trump, held)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bezique::rules::SEED_000;
    use cards::{Card, Rank};

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    #[test]
    fn the_seed_s_values() {
        let t = SEED_000;
        let v = |k| t.value(k);
        assert_eq!(v(MeldKind::Royal), Some(40));
        assert_eq!(v(MeldKind::Marriage), Some(20));
        assert_eq!(v(MeldKind::Run), Some(250));
        assert_eq!(v(MeldKind::Pinochle), Some(40));
        assert_eq!(v(MeldKind::DoublePinochle), Some(500));
        assert_eq!(v(MeldKind::Aces), Some(100));
        assert_eq!(v(MeldKind::Kings), Some(80));
        assert_eq!(v(MeldKind::Queens), Some(60));
        assert_eq!(v(MeldKind::Jacks), Some(40));
        assert_eq!(v(MeldKind::Dix), Some(10));
    }

    #[test]
    fn a_marriage_in_trumps_is_the_royal_one() {
        let kq = CardCounts::of([c(Suit::Hearts, Rank::King), c(Suit::Hearts, Rank::Queen)]);
        assert_eq!(kind("marriage", &kq, Some(Suit::Hearts)), Some(MeldKind::Royal));
        assert_eq!(
            kind("marriage", &kq, Some(Suit::Spades)),
            Some(MeldKind::Marriage)
        );
        assert_eq!(
            kind("double-bezique", &kq, Some(Suit::Spades)),
            Some(MeldKind::DoublePinochle)
        );
        assert!(kind("wedding", &kq, Some(Suit::Spades)).is_none());
    }

    #[test]
    fn a_sequence_declared_at_once_counts_250() {
        let s = Suit::Spades;
        let seq = CardCounts::of([
            c(s, Rank::Ace),
            c(s, Rank::Ten),
            c(s, Rank::King),
            c(s, Rank::Queen),
            c(s, Rank::Jack),
        ]);
        let m = declarations(&SEED_000, s, &seq);
        assert!(m.melds.iter().any(|m| m.kind == MeldKind::Run && m.value == 250));
    }

    /// Rubicon Bezique (000:710): "A sequence in a non-trump suit (called a \"back door\")
    /// counts 150. A triple bezique counts 1,500, a quadruple bezique 4,500".
    #[test]
    fn rubicon_s_back_door_and_beziques() {
        use crate::bezique::rules::RUBICON_MELDS;
        let h = |s: Suit| {
            CardCounts::of([
                c(s, Rank::Ace),
                c(s, Rank::Ten),
                c(s, Rank::King),
                c(s, Rank::Queen),
                c(s, Rank::Jack),
            ])
        };
        assert_eq!(
            kind("sequence", &h(Suit::Hearts), Some(Suit::Clubs)),
            Some(MeldKind::BackDoor)
        );
        assert_eq!(kind("sequence", &h(Suit::Hearts), None), Some(MeldKind::Run));
        assert_eq!(
            meld::shape(&RUBICON_MELDS, MeldKind::BackDoor, Suit::Clubs, &h(Suit::Hearts)),
            Ok(150)
        );
        assert!(meld::shape(&RUBICON_MELDS, MeldKind::BackDoor, Suit::Hearts, &h(Suit::Hearts)).is_err());
        // The calculator: a back door contains its marriage, as the sequence its own.
        let m = declarations(&RUBICON_MELDS, Suit::Clubs, &h(Suit::Hearts));
        let kinds: Vec<(MeldKind, u32)> = m.melds.iter().map(|m| (m.kind, m.value)).collect();
        assert_eq!(kinds, [(MeldKind::BackDoor, 150)]);
        let beziques = |n: usize| {
            CardCounts::of(
                std::iter::repeat_n([c(Suit::Spades, Rank::Queen), c(Suit::Diamonds, Rank::Jack)], n)
                    .flatten(),
            )
        };
        let kinds = |n| -> Vec<(MeldKind, u32)> {
            declarations(&RUBICON_MELDS, Suit::Hearts, &beziques(n))
                .melds
                .iter()
                .map(|m| (m.kind, m.value))
                .collect()
        };
        assert_eq!(kinds(2), [(MeldKind::DoublePinochle, 500)]);
        assert_eq!(kinds(3), [(MeldKind::TriplePinochle, 1500)]);
        assert_eq!(kinds(4), [(MeldKind::QuadruplePinochle, 4500)]);
        assert_eq!(word(MeldKind::TriplePinochle), "triple-bezique");
        assert_eq!(word(MeldKind::QuadruplePinochle), "quadruple-bezique");
    }
}
