//! Play legality and the trick winner for Skat.
//!
//! Seed 004, §GAMEPLAY and the opening section: forehand leads to the first trick, the
//! winner of a trick leads to the next; a player must follow suit (in suit games and Grand
//! the four jacks belong to the trump suit) but need neither beat nor trump; the highest
//! trump wins, else the highest card of the suit led.

use cards::Card;

use crate::core::CardSet;
use crate::core::trick::Breach;
use crate::skat::model::{Contract, End, GameType};
use crate::skat::pack;
use crate::skat::rules::Profile;

/// The cards of `hand` that may be added to `trick` (cards so far, in play order).
pub fn legal(profile: &Profile, game: GameType, hand: CardSet, trick: &[Card]) -> CardSet {
    pack::order(game).legal(hand, trick, profile.options.play)
}

/// Why `card` may not be added to `trick` from `hand`, if it may not.
pub fn breach(
    profile: &Profile,
    game: GameType,
    hand: CardSet,
    trick: &[Card],
    card: Card,
) -> Option<Breach> {
    pack::order(game).breach(hand, trick, card, profile.options.play)
}

/// Position of the winning card among the cards of a trick, in play order.
pub fn winner(game: GameType, cards: &[Card]) -> usize {
    pack::order(game).winner(cards)
}

/// Whether the trick just completed ends the play early under the profile (seed 004, §Game
/// end; spec/rules/skat-isko.md §5): a Null declarer's trick, a defenders' trick against an
/// announced schwarz (or a suit or Grand ouvert), the defenders past schneider against an
/// announced schneider. `defender_points` counts the completed tricks, this one included.
#[inline]
pub fn ended_by_trick(
    profile: &Profile,
    contract: &Contract,
    declarer_won: bool,
    defender_points: u32,
) -> Option<End> {
    let early = profile.options.early_end;
    if contract.game == GameType::Null && declarer_won && early.null_at_declarer_trick {
        Some(End::NullTrickTaken)
    } else if contract.schwarz_announced && !declarer_won && early.schwarz_at_defender_trick {
        Some(End::SchwarzFailed)
    } else if contract.schneider_announced
        && defender_points > profile.options.schneider_at.defenders_at_most
        && early.schneider_at_31
    {
        Some(End::SchneiderFailed)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Rank, Suit};

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    #[test]
    fn a_jack_led_in_a_suit_game_calls_for_trump() {
        let p = Profile::isko();
        let hand = CardSet::of([c(Suit::Diamonds, Rank::Jack), c(Suit::Spades, Rank::King)]);
        let trick = [c(Suit::Clubs, Rank::Jack)];
        assert_eq!(
            legal(&p, GameType::Hearts, hand, &trick),
            CardSet::single(c(Suit::Diamonds, Rank::Jack))
        );
        let b = breach(&p, GameType::Hearts, hand, &trick, c(Suit::Spades, Rank::King)).unwrap();
        assert_eq!(
            crate::skat::replay::breach_message(4, crate::skat::Seat::M, c(Suit::Spades, Rank::King), b),
            "trick 4: M played ♠K but must follow trump: holds ♦J"
        );
    }

    #[test]
    fn a_jack_does_not_follow_its_suit_in_a_trump_game_but_does_in_null() {
        let p = Profile::isko();
        let hand = CardSet::of([c(Suit::Spades, Rank::Jack), c(Suit::Hearts, Rank::Seven)]);
        let trick = [c(Suit::Spades, Rank::Ace)];
        // In hearts the ♠J is a trump: void in spades, anything goes.
        assert_eq!(legal(&p, GameType::Hearts, hand, &trick), hand);
        assert_eq!(
            legal(&p, GameType::Null, hand, &trick),
            CardSet::single(c(Suit::Spades, Rank::Jack))
        );
    }

    #[test]
    fn no_obligation_to_beat_or_trump() {
        let p = Profile::isko();
        let hand = CardSet::of([c(Suit::Clubs, Rank::Jack), c(Suit::Hearts, Rank::Seven)]);
        let trick = [c(Suit::Spades, Rank::Ace)];
        assert_eq!(legal(&p, GameType::Grand, hand, &trick), hand);
        assert_eq!(
            winner(
                GameType::Grand,
                &[
                    c(Suit::Spades, Rank::Ace),
                    c(Suit::Hearts, Rank::Seven),
                    c(Suit::Clubs, Rank::Jack)
                ]
            ),
            2
        );
    }
}
