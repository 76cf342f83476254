//! Tricks: which cards a player may add to a trick, and which card wins it.
//!
//! A contract is described by a [`TrickOrder`]: every card belongs to one *class* (its suit,
//! or the trump class) and has a *power* within that class. The follow, head and trump
//! obligations are [`Policies`], so games that force a player to beat or to trump (the
//! Pinochle family) use the same code as Skat, which forces neither.

use crate::core::CardSet;
use cards::Card;

/// The class index used for trumps; suits use `Suit as usize` (0..4).
pub const TRUMP: u8 = 4;

/// How the cards of one contract rank: class and power of every card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickOrder {
    class: [u8; 52],
    power: [u8; 52],
    members: [CardSet; 5],
}

/// Whether a player must follow the class led.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Follow {
    /// Must play a card of the class led when holding one.
    Required,
    /// Any card may be played.
    Free,
}

/// Whether a player who follows must beat the best card so far when able.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Head {
    /// No obligation to beat.
    Free,
    /// Must beat the winning card when able.
    Required,
}

/// Whether a player who cannot follow must trump when able.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TrumpDuty {
    /// No obligation to trump.
    Free,
    /// Must trump when void in the class led.
    Required,
}

/// The obligations of a player adding a card to a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Policies {
    /// Following the class led.
    pub follow: Follow,
    /// Beating the card that is winning.
    pub head: Head,
    /// Trumping when void.
    pub trump: TrumpDuty,
}

/// Why a card may not be played: the obligation broken and the cards that fulfil it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breach {
    /// The player holds cards of the class led (`class`) and played another.
    MustFollow {
        /// The class led (a suit index, or [`TRUMP`]).
        class: u8,
        /// The held cards of that class.
        holding: CardSet,
    },
    /// The player could have beaten the winning card with these.
    MustHead {
        /// The held cards that beat it.
        holding: CardSet,
    },
    /// The player could have trumped with these.
    MustTrump {
        /// The held trumps.
        holding: CardSet,
    },
}

impl TrickOrder {
    /// An order from a function giving each card's class and power; cards for which it
    /// returns `None` (not in the pack) get class 255 and never win.
    pub fn from_fn(f: impl Fn(Card) -> Option<(u8, u8)>) -> TrickOrder {
        let mut class = [255u8; 52];
        let mut power = [0u8; 52];
        let mut members = [CardSet::EMPTY; 5];
        for i in 0..52 {
            let Some(card) = Card::from_index(i) else {
                continue;
            };
            if let Some((c, p)) = f(card) {
                if let (Some(cs), Some(ps)) = (class.get_mut(i), power.get_mut(i)) {
                    *cs = c;
                    *ps = p;
                }
                if let Some(m) = members.get_mut(c as usize) {
                    m.insert(card);
                }
            }
        }
        TrickOrder {
            class,
            power,
            members,
        }
    }

    /// The class of a card: its suit index, or [`TRUMP`].
    pub fn class(&self, card: Card) -> u8 {
        self.class.get(card.index()).copied().unwrap_or(255)
    }

    /// The power of a card within its class (higher wins).
    pub fn power(&self, card: Card) -> u8 {
        self.power.get(card.index()).copied().unwrap_or(0)
    }

    /// All cards of a class.
    pub fn members(&self, class: u8) -> CardSet {
        self.members
            .get(class as usize)
            .copied()
            .unwrap_or(CardSet::EMPTY)
    }

    /// Whether `a` beats `b` when `b` is winning the trick so far.
    pub fn beats(&self, a: Card, b: Card) -> bool {
        let (ca, cb) = (self.class(a), self.class(b));
        if ca == cb {
            self.power(a) > self.power(b)
        } else {
            ca == TRUMP
        }
    }

    /// The position (in play order) of the card that wins the trick; 0 for an empty trick.
    pub fn winner(&self, cards: &[Card]) -> usize {
        let mut best = 0;
        for (i, &c) in cards.iter().enumerate().skip(1) {
            if let Some(&b) = cards.get(best)
                && self.beats(c, b)
            {
                best = i;
            }
        }
        best
    }

    /// The cards of `hand` that may be added to `trick` (cards so far, in play order).
    pub fn legal(&self, hand: CardSet, trick: &[Card], policies: Policies) -> CardSet {
        let Some(&led) = trick.first() else {
            return hand;
        };
        let led_class = self.class(led);
        let following = hand.intersection(self.members(led_class));
        let mut allowed = if policies.follow == Follow::Required && !following.is_empty() {
            following
        } else if policies.trump == TrumpDuty::Required {
            let trumps = hand.intersection(self.members(TRUMP));
            if trumps.is_empty() { hand } else { trumps }
        } else {
            hand
        };
        if policies.head == Head::Required {
            let best = trick.get(self.winner(trick)).copied().unwrap_or(led);
            let beating: CardSet = allowed.iter().filter(|&c| self.beats(c, best)).collect();
            if !beating.is_empty() {
                allowed = beating;
            }
        }
        allowed
    }

    /// Why `card` may not be added to `trick` from `hand`, if it may not.
    pub fn breach(&self, hand: CardSet, trick: &[Card], card: Card, policies: Policies) -> Option<Breach> {
        let &led = trick.first()?;
        let led_class = self.class(led);
        let following = hand.intersection(self.members(led_class));
        if policies.follow == Follow::Required && !following.is_empty() && self.class(card) != led_class {
            return Some(Breach::MustFollow {
                class: led_class,
                holding: following,
            });
        }
        if following.is_empty() && policies.trump == TrumpDuty::Required {
            let trumps = hand.intersection(self.members(TRUMP));
            if !trumps.is_empty() && self.class(card) != TRUMP {
                return Some(Breach::MustTrump { holding: trumps });
            }
        }
        if policies.head == Head::Required && !self.legal(hand, trick, policies).contains(card) {
            let best = trick.get(self.winner(trick)).copied().unwrap_or(led);
            let holding: CardSet = hand.iter().filter(|&c| self.beats(c, best)).collect();
            return Some(Breach::MustHead { holding });
        }
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

    /// Plain suits, no trump, ace high: the power is the inverse of the rank's index.
    fn no_trump() -> TrickOrder {
        TrickOrder::from_fn(|card| Some((card.suit as u8, 20 - card.rank as u8)))
    }

    /// Hearts trump.
    fn hearts_trump() -> TrickOrder {
        TrickOrder::from_fn(|card| {
            let class = if card.suit == Suit::Hearts {
                TRUMP
            } else {
                card.suit as u8
            };
            Some((class, 20 - card.rank as u8))
        })
    }

    const FREE: Policies = Policies {
        follow: Follow::Required,
        head: Head::Free,
        trump: TrumpDuty::Free,
    };
    const STRICT: Policies = Policies {
        follow: Follow::Required,
        head: Head::Required,
        trump: TrumpDuty::Required,
    };

    #[test]
    fn highest_of_suit_led_wins_without_trump() {
        let o = no_trump();
        // Natural order: the king outranks the ten; the off-suit ace does not count.
        let trick = [
            c(Suit::Spades, Rank::Ten),
            c(Suit::Clubs, Rank::Ace),
            c(Suit::Spades, Rank::King),
        ];
        assert_eq!(o.winner(&trick), 2);
        let trick = [
            c(Suit::Spades, Rank::Ten),
            c(Suit::Clubs, Rank::Ace),
            c(Suit::Spades, Rank::Seven),
        ];
        assert_eq!(o.winner(&trick), 0);
        let trick = [
            c(Suit::Spades, Rank::Nine),
            c(Suit::Spades, Rank::Ace),
            c(Suit::Spades, Rank::King),
        ];
        assert_eq!(o.winner(&trick), 1);
    }

    #[test]
    fn a_trump_beats_the_suit_led() {
        let o = hearts_trump();
        let trick = [
            c(Suit::Spades, Rank::Ace),
            c(Suit::Hearts, Rank::Seven),
            c(Suit::Hearts, Rank::Eight),
        ];
        assert_eq!(o.winner(&trick), 2);
    }

    #[test]
    fn follow_is_required_but_heading_and_trumping_are_optional_when_free() {
        let o = hearts_trump();
        let hand = CardSet::of([
            c(Suit::Spades, Rank::Seven),
            c(Suit::Hearts, Rank::Ace),
            c(Suit::Clubs, Rank::Ace),
        ]);
        let trick = [c(Suit::Spades, Rank::Ace)];
        assert_eq!(
            o.legal(hand, &trick, FREE),
            CardSet::single(c(Suit::Spades, Rank::Seven))
        );
        assert!(matches!(
            o.breach(hand, &trick, c(Suit::Clubs, Rank::Ace), FREE),
            Some(Breach::MustFollow { class: 1, .. })
        ));
        let void = CardSet::of([c(Suit::Hearts, Rank::Ace), c(Suit::Clubs, Rank::Ace)]);
        assert_eq!(o.legal(void, &trick, FREE), void);
        assert_eq!(
            o.legal(void, &trick, STRICT),
            CardSet::single(c(Suit::Hearts, Rank::Ace))
        );
        assert!(matches!(
            o.breach(void, &trick, c(Suit::Clubs, Rank::Ace), STRICT),
            Some(Breach::MustTrump { .. })
        ));
    }

    #[test]
    fn heading_restricts_to_beating_cards() {
        let o = no_trump();
        let hand = CardSet::of([c(Suit::Spades, Rank::Seven), c(Suit::Spades, Rank::Ace)]);
        let trick = [c(Suit::Spades, Rank::King)];
        assert_eq!(
            o.legal(hand, &trick, STRICT),
            CardSet::single(c(Suit::Spades, Rank::Ace))
        );
        assert!(matches!(
            o.breach(hand, &trick, c(Suit::Spades, Rank::Seven), STRICT),
            Some(Breach::MustHead { .. })
        ));
    }
}
