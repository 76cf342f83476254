//! The Skat pack and how its cards rank in each game: the 32 cards, their card points, the
//! trick order of every game type, and the matador sequence.
//!
//! Seed 004, §Card value and §Cards seniority: Ace 11, Ten 10, King 4, Queen 3, Jack 2; the
//! jacks are the highest trumps in suit games and Grand (♣J ♠J ♥J ♦J), and in a suit the
//! order is A 10 K Q 9 8 7; in Null the natural order A K Q J 10 9 8 7 holds.

use std::sync::OnceLock;

use crate::core::CardSet;
use crate::core::points::PointTable;
use crate::core::trick::{TRUMP, TrickOrder};
use crate::skat::model::GameType;
use cards::{Card, Pack, Rank, Suit};

/// The 32 cards of the Skat pack.
pub fn cards() -> CardSet {
    static SET: OnceLock<CardSet> = OnceLock::new();
    *SET.get_or_init(|| CardSet::of(Pack::Skat32.cards()))
}

/// The card-point table: A 11, 10 10, K 4, Q 3, J 2.
pub fn points() -> &'static PointTable {
    static TABLE: OnceLock<PointTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        PointTable::new(&[
            (Rank::Ace, 11),
            (Rank::Ten, 10),
            (Rank::King, 4),
            (Rank::Queen, 3),
            (Rank::Jack, 2),
        ])
    })
}

/// Every card's points added up: 120.
pub const TOTAL_POINTS: u32 = 120;

/// Power of a non-jack card within its suit in trump games: A 10 K Q 9 8 7.
fn suit_power(rank: Rank) -> Option<u8> {
    Some(match rank {
        Rank::Ace => 7,
        Rank::Ten => 6,
        Rank::King => 5,
        Rank::Queen => 4,
        Rank::Nine => 3,
        Rank::Eight => 2,
        Rank::Seven => 1,
        _ => return None,
    })
}

/// Power of a jack as trump: ♣J highest.
fn jack_power(suit: Suit) -> u8 {
    match suit {
        Suit::Clubs => 14,
        Suit::Spades => 13,
        Suit::Hearts => 12,
        Suit::Diamonds => 11,
    }
}

/// Power in Null: A K Q J 10 9 8 7.
fn null_power(rank: Rank) -> Option<u8> {
    Some(match rank {
        Rank::Ace => 8,
        Rank::King => 7,
        Rank::Queen => 6,
        Rank::Jack => 5,
        Rank::Ten => 4,
        Rank::Nine => 3,
        Rank::Eight => 2,
        Rank::Seven => 1,
        _ => return None,
    })
}

fn build(game: GameType) -> TrickOrder {
    TrickOrder::from_fn(|card| match game {
        GameType::Null => null_power(card.rank).map(|p| (card.suit as u8, p)),
        _ => {
            if card.rank == Rank::Jack {
                return Some((TRUMP, jack_power(card.suit)));
            }
            let p = suit_power(card.rank)?;
            if game.trump_suit() == Some(card.suit) {
                Some((TRUMP, p))
            } else {
                Some((card.suit as u8, p))
            }
        }
    })
}

/// The trick order of a game type.
pub fn order(game: GameType) -> &'static TrickOrder {
    static ORDERS: OnceLock<[TrickOrder; 6]> = OnceLock::new();
    let all = ORDERS.get_or_init(|| GameType::ALL.map(build));
    // An enum discriminant of a six-variant enum always indexes a six-element array.
    &all[game.index()]
}

/// The ranks of the trump suit in the matador sequence, after the jacks.
const TRUMP_RANKS: [Rank; 7] = [
    Rank::Ace,
    Rank::Ten,
    Rank::King,
    Rank::Queen,
    Rank::Nine,
    Rank::Eight,
    Rank::Seven,
];

/// The matador sequence of a trump game, highest first: the jacks, then (in a suit game)
/// A 10 K Q 9 8 7 of the trump suit. Seed 004, §Matadors. Built on the fly: the matadors are
/// counted for every game an archive check replays.
pub fn matador_cards(game: GameType) -> impl Iterator<Item = Card> {
    let jacks = Suit::ALL.map(|s| Card::new(s, Rank::Jack));
    let trumps = game.trump_suit().map(|t| TRUMP_RANKS.map(|r| Card::new(t, r)));
    jacks.into_iter().chain(trumps.into_iter().flatten())
}

/// The matador sequence as a list (see [`matador_cards`]).
pub fn matador_sequence(game: GameType) -> Vec<Card> {
    matador_cards(game).collect()
}

/// Matadors "with" (positive) or "against" (negative) for the declarer's twelve cards (the
/// dealt ten and the skat). `None` for Null.
pub fn matadors(game: GameType, twelve: CardSet) -> Option<i32> {
    if game == GameType::Null {
        return None;
    }
    let mut seq = matador_cards(game);
    let with = seq.next().is_some_and(|c| twelve.contains(c));
    let run = 1 + seq.take_while(|&c| twelve.contains(c) == with).count() as i32;
    Some(if with { run } else { -run })
}

/// The name of a trick class in messages: "trump" or the suit symbol.
pub fn class_name(class: u8) -> String {
    match class {
        TRUMP => "trump".to_string(),
        c => Suit::ALL
            .get(c as usize)
            .map_or_else(|| "?".to_string(), |s| s.symbol().to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Matadors counted along `matador_sequence` as written, for comparison.
    fn matadors_by_sequence(game: GameType, twelve: CardSet) -> Option<i32> {
        if game == GameType::Null {
            return None;
        }
        let seq = matador_sequence(game);
        let with = seq.first().is_some_and(|&c| twelve.contains(c));
        let run = seq.iter().take_while(|&&c| twelve.contains(c) == with).count() as i32;
        Some(if with { run } else { -run })
    }

    #[test]
    fn matadors_follow_the_matador_sequence() {
        let pack = cards().to_vec();
        let mut rng = crate::skat::r#gen::Rng::new(11);
        for _ in 0..2000 {
            let mut twelve = CardSet::EMPTY;
            while twelve.len() < 12 {
                if let Some(&c) = pack.get(rng.below(32) as usize) {
                    twelve.insert(c);
                }
            }
            for game in GameType::ALL {
                assert_eq!(matadors(game, twelve), matadors_by_sequence(game, twelve));
            }
        }
    }

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    #[test]
    fn the_pack_holds_120_points() {
        assert_eq!(cards().len(), 32);
        assert_eq!(points().set(cards()), TOTAL_POINTS);
    }

    #[test]
    fn jacks_outrank_the_trump_ace_and_ten_outranks_king() {
        let o = order(GameType::Hearts);
        let t = [
            c(Suit::Hearts, Rank::Ace),
            c(Suit::Diamonds, Rank::Jack),
            c(Suit::Hearts, Rank::Ten),
        ];
        assert_eq!(o.winner(&t), 1);
        let t = [
            c(Suit::Spades, Rank::King),
            c(Suit::Spades, Rank::Ten),
            c(Suit::Spades, Rank::Ace),
        ];
        assert_eq!(o.winner(&t), 2);
        let t = [
            c(Suit::Spades, Rank::King),
            c(Suit::Spades, Rank::Ten),
            c(Suit::Clubs, Rank::Ace),
        ];
        assert_eq!(o.winner(&t), 1);
    }

    #[test]
    fn in_null_jacks_are_plain_and_rank_between_queen_and_ten() {
        let o = order(GameType::Null);
        let t = [
            c(Suit::Clubs, Rank::Ten),
            c(Suit::Clubs, Rank::Jack),
            c(Suit::Spades, Rank::Jack),
        ];
        assert_eq!(o.winner(&t), 1);
        let t = [
            c(Suit::Clubs, Rank::Jack),
            c(Suit::Clubs, Rank::Queen),
            c(Suit::Clubs, Rank::Seven),
        ];
        assert_eq!(o.winner(&t), 1);
    }

    #[test]
    fn grand_has_only_jacks_as_trump() {
        let o = order(GameType::Grand);
        assert_eq!(o.members(TRUMP).len(), 4);
        assert_eq!(order(GameType::Clubs).members(TRUMP).len(), 11);
    }

    #[test]
    fn matadors_follow_the_seed_examples() {
        // seed 004, §Matadors: J J J A 10 Q 9 (clubs): for 1 when the ♠J is missing.
        let with_one = CardSet::of([
            c(Suit::Clubs, Rank::Jack),
            c(Suit::Hearts, Rank::Jack),
            c(Suit::Diamonds, Rank::Jack),
            c(Suit::Clubs, Rank::Ace),
        ]);
        assert_eq!(matadors(GameType::Clubs, with_one), Some(1));
        let four_jacks_a10k = CardSet::of([
            c(Suit::Clubs, Rank::Jack),
            c(Suit::Spades, Rank::Jack),
            c(Suit::Hearts, Rank::Jack),
            c(Suit::Diamonds, Rank::Jack),
            c(Suit::Clubs, Rank::Ace),
            c(Suit::Clubs, Rank::Ten),
            c(Suit::Clubs, Rank::King),
        ]);
        assert_eq!(matadors(GameType::Clubs, four_jacks_a10k), Some(7));
        let against_three = CardSet::of([c(Suit::Diamonds, Rank::Jack), c(Suit::Clubs, Rank::Ace)]);
        assert_eq!(matadors(GameType::Clubs, against_three), Some(-3));
        assert_eq!(matadors(GameType::Grand, four_jacks_a10k), Some(4));
        assert_eq!(matadors(GameType::Null, four_jacks_a10k), None);
        assert_eq!(matadors(GameType::Spades, CardSet::EMPTY), Some(-11));
    }
}
