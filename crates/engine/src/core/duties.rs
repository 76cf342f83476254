//! The duties of play as data, one legal-play function over them, and one trick-winner
//! function.
//!
//! Every duty the seeds name is a field of [`Duties`]: following suit, heading the trick
//! (never, on trump leads, on every lead, even over a partner), trumping when void,
//! overtrumping (never, required, or a discard allowed when unable). How a trick is won is a
//! [`WinRule`]: the highest card of the suit led or the highest trump, equal cards going to
//! the first played, or Ristikontra's last card matching the led rank. Cards rank by a
//! [`TrickOrder`] (class and power of every card), built for a pack with copies by
//! [`order_for`]. Hands are [`CardCounts`], so two equal cards of a double pack are simply a
//! count of two.

use std::fmt;

use crate::core::counts::CardCounts;
use crate::core::table::{Seat, Sides};
use crate::core::trick::{self, Follow, Policies, TRUMP, TrickOrder, TrumpDuty};
use cards::{Card, PackSpec, Suit};

/// When a player who follows suit must beat the card winning the trick, if able.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Head {
    /// Never (Skat; Frog: "not obliged to head the trick").
    Never,
    /// Only when a trump is led (two-hand Pinochle's playoff, Partnership Pinochle).
    TrumpLead,
    /// On every lead (partnership auction Pinochle, seed 002; four-hand Sixty-Six).
    EveryLead,
}

/// What a player void in the suit led must do when the trick is already trumped.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Overtrump {
    /// Any trump will do (Frog; Auction Pinochle: "need not try to win the trick if it has
    /// previously been trumped").
    Never,
    /// Beat the highest trump when able; holding only lower trumps, still play one.
    Required,
    /// Beat the highest trump when able; unable, play any card (seed 002's variation).
    DiscardWhenUnable,
}

/// How a trick is won.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum WinRule {
    /// The highest trump, else the highest card of the suit led; of equal cards the first
    /// played wins.
    Highest,
    /// The last card matching the rank led wins; the leader when none matches (Ristikontra).
    LastMatchingRank,
}

/// The duties of a player adding a card to a trick, as data.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct Duties {
    /// Must follow suit (the class led: a trump lead is followed with trumps) when able.
    pub follow: bool,
    /// When a follower must beat the winning card.
    pub head: Head,
    /// Void in the suit led, must trump when able.
    pub trump_when_void: bool,
    /// Void and trumping a trick already trumped: must beat the trump?
    pub overtrump: Overtrump,
    /// Whether heading and overtrumping are owed even when a partner's card is winning
    /// (`true`: "even if the highest card so far was played by his partner"). With `false`,
    /// a player whose partner is winning owes only following and trumping.
    pub over_partner: bool,
}

impl Duties {
    /// No duty at all: any card (the stock phase of two-hand Pinochle, Sixty-Six, Bezique;
    /// Ristikontra).
    pub const FREE: Duties = Duties {
        follow: false,
        head: Head::Never,
        trump_when_void: false,
        overtrump: Overtrump::Never,
        over_partner: true,
    };

    /// Follow suit, nothing more (Skat; Sixty-Six after the close).
    pub const FOLLOW: Duties = Duties {
        follow: true,
        ..Duties::FREE
    };

    /// Follow suit, else trump; no duty to head or overtrump (Frog).
    pub const FOLLOW_TRUMP: Duties = Duties {
        trump_when_void: true,
        ..Duties::FOLLOW
    };

    /// Follow and beat on every lead, trump when void, overtrump when able (partnership
    /// auction Pinochle, seed 002).
    pub const STRICT: Duties = Duties {
        follow: true,
        head: Head::EveryLead,
        trump_when_void: true,
        overtrump: Overtrump::Required,
        over_partner: true,
    };
}

impl From<Policies> for Duties {
    /// The duties of the older [`Policies`] (Skat's profile field). For following, and for
    /// trumping when void, [`legal`] then agrees with [`TrickOrder::legal`] (tested); the old
    /// heading duty, which also bound a void player's discard, becomes [`Head::EveryLead`]
    /// with [`Overtrump::Required`].
    fn from(p: Policies) -> Duties {
        let head = p.head == trick::Head::Required;
        Duties {
            follow: p.follow == Follow::Required,
            head: if head { Head::EveryLead } else { Head::Never },
            trump_when_void: p.trump == TrumpDuty::Required,
            overtrump: if head {
                Overtrump::Required
            } else {
                Overtrump::Never
            },
            over_partner: true,
        }
    }
}

/// The duty that decided which cards are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Duty {
    /// Following the suit led.
    Follow,
    /// Beating the winning card while following.
    Head,
    /// Trumping when void.
    Trump,
    /// Beating the trump already played.
    Overtrump,
    /// Cribbage: the count may not pass 31.
    Count,
}

impl Duty {
    /// A short name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Duty::Follow => "follow suit",
            Duty::Head => "beat the winning card",
            Duty::Trump => "trump",
            Duty::Overtrump => "beat the trump played",
            Duty::Count => "keep the count within 31",
        }
    }
}

/// Why a card may not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The player does not hold the card.
    NotHeld(Card),
    /// The card breaks a duty; `allowed` are the cards that fulfil it.
    Breach {
        /// The card played.
        card: Card,
        /// The duty broken.
        duty: Duty,
        /// The cards the player could have played.
        allowed: CardCounts,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NotHeld(c) => write!(f, "{c} is not in the hand"),
            PlayError::Breach { card, duty, allowed } => write!(
                f,
                "{card} may not be played: the duty to {} requires one of {}",
                duty.name(),
                allowed.describe()
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// The trick order of a suit contract over a pack: the `trump` suit's cards form the trump
/// class, every card ranks by its rank's power in the pack's order; cards not in the pack
/// never win.
pub fn order_for(pack: &PackSpec, trump: Option<Suit>) -> TrickOrder {
    TrickOrder::from_fn(|card| {
        let power = pack.rank_power(card.rank).filter(|_| pack.contains(card))?;
        let class = if Some(card.suit) == trump {
            TRUMP
        } else {
            card.suit as u8
        };
        Some((class, power))
    })
}

/// The position (in play order) of the card that wins the trick so far; `None` for an empty
/// trick. Under [`WinRule::Highest`] a card takes over only by beating the winning card, so
/// of two equal cards the first played wins.
pub fn winner(order: &TrickOrder, rule: WinRule, trick: &[Card]) -> Option<usize> {
    let &led = trick.first()?;
    Some(match rule {
        WinRule::Highest => order.winner(trick),
        WinRule::LastMatchingRank => trick
            .iter()
            .enumerate()
            .skip(1)
            .rev()
            .find(|(_, c)| c.rank == led.rank)
            .map_or(0, |(i, _)| i),
    })
}

/// A trick as it is played: who led, and each seat's card in play order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trick {
    plays: Vec<(Seat, Card)>,
}

impl Trick {
    /// An empty trick.
    pub fn new() -> Trick {
        Trick::default()
    }

    /// Adds a seat's card.
    pub fn add(&mut self, seat: Seat, card: Card) {
        self.plays.push((seat, card));
    }

    /// The seats and cards, in play order.
    pub fn plays(&self) -> &[(Seat, Card)] {
        &self.plays
    }

    /// The cards, in play order.
    pub fn cards(&self) -> Vec<Card> {
        self.plays.iter().map(|&(_, c)| c).collect()
    }

    /// Who led, if anyone has played.
    pub fn leader(&self) -> Option<Seat> {
        self.plays.first().map(|&(s, _)| s)
    }

    /// Number of cards played.
    pub fn len(&self) -> usize {
        self.plays.len()
    }

    /// Whether no card has been played.
    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    /// The seat whose card wins the trick so far.
    pub fn winner(&self, order: &TrickOrder, rule: WinRule) -> Option<Seat> {
        winner(order, rule, &self.cards())
            .and_then(|i| self.plays.get(i))
            .map(|&(s, _)| s)
    }

    /// The cards `me` may add from `hand`, with the partner's winning card read off `sides`.
    pub fn legal(
        &self,
        order: &TrickOrder,
        rule: WinRule,
        duties: Duties,
        sides: Sides,
        me: Seat,
        hand: &CardCounts,
    ) -> CardCounts {
        let partner = partner_winning(order, rule, sides, &self.plays, me);
        legal(order, duties, hand, &self.cards(), partner)
    }
}

/// Whether the card winning the trick so far is a partner's: `plays` are the seats and cards
/// in play order, `me` the seat about to play.
pub fn partner_winning(
    order: &TrickOrder,
    rule: WinRule,
    sides: Sides,
    plays: &[(Seat, Card)],
    me: Seat,
) -> bool {
    let cards: Vec<Card> = plays.iter().map(|&(_, c)| c).collect();
    winner(order, rule, &cards)
        .and_then(|i| plays.get(i))
        .is_some_and(|&(s, _)| s != me && sides.partners(s, me))
}

/// The cards of `hand` that may be added to `trick` (the cards so far, in play order) under
/// `duties`, and the duty that narrowed them (`None`: the whole hand). Never empty when the
/// hand is not.
///
/// In order: without the duty to follow, any card. Holding the class led, those cards, and of
/// them the ones that beat the winning card when heading is owed and one does (a follower who
/// cannot beat it, a trumped trick or only lower cards, plays any card of the class). Void,
/// with the duty to trump, the trumps; when the trick is already trumped and overtrumping is
/// owed, the trumps that beat it, else (unable) any trump or, with
/// [`Overtrump::DiscardWhenUnable`], any card. `partner_winning` with
/// [`Duties::over_partner`] unset lifts heading and overtrumping.
pub fn legal_with_duty(
    order: &TrickOrder,
    duties: Duties,
    hand: &CardCounts,
    trick: &[Card],
    partner_winning: bool,
) -> (CardCounts, Option<Duty>) {
    let Some(&led) = trick.first() else {
        return (*hand, None);
    };
    if !duties.follow {
        return (*hand, None);
    }
    let best = trick.get(order.winner(trick)).copied().unwrap_or(led);
    let excused = partner_winning && !duties.over_partner;
    let led_class = order.class(led);
    let follows = hand.filter(|c| order.class(c) == led_class);
    if !follows.is_empty() {
        let heads = match duties.head {
            Head::Never => false,
            Head::TrumpLead => led_class == TRUMP,
            Head::EveryLead => true,
        };
        if heads && !excused {
            let beating = follows.filter(|c| order.beats(c, best));
            if !beating.is_empty() {
                return (beating, Some(Duty::Head));
            }
        }
        return (follows, Some(Duty::Follow));
    }
    if !duties.trump_when_void {
        return (*hand, None);
    }
    let trumps = hand.filter(|c| order.class(c) == TRUMP);
    if trumps.is_empty() {
        return (*hand, None);
    }
    let trumped = order.class(best) == TRUMP;
    if trumped && !excused && duties.overtrump != Overtrump::Never {
        let over = trumps.filter(|c| order.beats(c, best));
        if !over.is_empty() {
            return (over, Some(Duty::Overtrump));
        }
        if duties.overtrump == Overtrump::DiscardWhenUnable {
            return (*hand, None);
        }
    }
    (trumps, Some(Duty::Trump))
}

/// The cards of `hand` that may be added to `trick`; see [`legal_with_duty`].
pub fn legal(
    order: &TrickOrder,
    duties: Duties,
    hand: &CardCounts,
    trick: &[Card],
    partner_winning: bool,
) -> CardCounts {
    legal_with_duty(order, duties, hand, trick, partner_winning).0
}

/// Checks that `card` may be added to `trick` from `hand`, naming the duty it breaks.
pub fn check_play(
    order: &TrickOrder,
    duties: Duties,
    hand: &CardCounts,
    trick: &[Card],
    partner_winning: bool,
    card: Card,
) -> Result<(), PlayError> {
    if !hand.contains(card) {
        return Err(PlayError::NotHeld(card));
    }
    let (allowed, duty) = legal_with_duty(order, duties, hand, trick, partner_winning);
    match duty {
        Some(duty) if !allowed.contains(card) => Err(PlayError::Breach { card, duty, allowed }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rank::*;
    use Suit::*;
    use cards::{Pack, Rank, Suit};
    use proptest::prelude::*;

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    fn hand(cards: &[Card]) -> CardCounts {
        CardCounts::of(cards.iter().copied())
    }

    fn pinochle(trump: Suit) -> TrickOrder {
        order_for(&Pack::Pinochle48.spec(), Some(trump))
    }

    /// Seed `001_be26129d5ddb0b06.txt`, Frog, the play (line 608): "The others must follow
    /// suit if they can, but they are not obliged to head the trick."
    #[test]
    fn follow_suit_without_heading() {
        let o = order_for(&Pack::Frog36.spec(), Some(Hearts));
        let h = hand(&[c(Clubs, Ace), c(Clubs, Seven), c(Hearts, King)]);
        let trick = [c(Clubs, Ten)];
        assert_eq!(
            legal(&o, Duties::FOLLOW_TRUMP, &h, &trick, false),
            hand(&[c(Clubs, Ace), c(Clubs, Seven)])
        );
        let err = check_play(&o, Duties::FOLLOW_TRUMP, &h, &trick, false, c(Hearts, King));
        assert!(matches!(
            err,
            Err(PlayError::Breach {
                duty: Duty::Follow,
                ..
            })
        ));
        assert_eq!(
            check_play(&o, Duties::FOLLOW_TRUMP, &h, &trick, false, c(Clubs, Seven)),
            Ok(())
        );
    }

    /// Seed `001_be26129d5ddb0b06.txt`, Frog (line 608): "If a player cannot follow suit, he
    /// must trump, and if the third player cannot follow suit either, he must play a trump,
    /// but he is not obliged to over-trump unless he likes"; seed `000_3ec19dcdb2768489.txt`,
    /// Auction Pinochle, "The Play" (line 397): "he must play a trump but need not try to win
    /// the trick if it has previously been trumped".
    #[test]
    fn trump_when_void_without_overtrumping() {
        let o = order_for(&Pack::Frog36.spec(), Some(Hearts));
        let h = hand(&[c(Hearts, Seven), c(Hearts, Ace), c(Spades, Ace)]);
        let trick = [c(Clubs, Ten), c(Hearts, Queen)];
        assert_eq!(
            legal(&o, Duties::FOLLOW_TRUMP, &h, &trick, false),
            hand(&[c(Hearts, Seven), c(Hearts, Ace)])
        );
        assert!(matches!(
            check_play(&o, Duties::FOLLOW_TRUMP, &h, &trick, false, c(Spades, Ace)),
            Err(PlayError::Breach {
                duty: Duty::Trump,
                ..
            })
        ));
        // Without the duty to trump (Skat), a void player discards freely.
        assert_eq!(legal(&o, Duties::FOLLOW, &h, &trick, false), h);
    }

    /// Seed `000_3ec19dcdb2768489.txt`, two-hand Pinochle, "The Playoff" (line 91): "must
    /// follow suit to the card led if possible, and must try to win when a trump is led (by
    /// playing a higher trump)". On a plain lead there is no duty to head.
    #[test]
    fn head_on_trump_leads_only() {
        let o = pinochle(Spades);
        let playoff = Duties {
            head: Head::TrumpLead,
            ..Duties::FOLLOW_TRUMP
        };
        let h = hand(&[c(Spades, Ace), c(Spades, Nine), c(Clubs, Ace), c(Clubs, Nine)]);
        assert_eq!(
            legal(&o, playoff, &h, &[c(Spades, King)], false),
            hand(&[c(Spades, Ace)])
        );
        assert!(matches!(
            check_play(&o, playoff, &h, &[c(Spades, King)], false, c(Spades, Nine)),
            Err(PlayError::Breach { duty: Duty::Head, .. })
        ));
        assert_eq!(
            legal(&o, playoff, &h, &[c(Clubs, King)], false),
            hand(&[c(Clubs, Ace), c(Clubs, Nine)])
        );
    }

    /// Seed `002_cc124e66381133fc.txt`, "The tricks" (line 49): "If you can follow suit you
    /// must, and if you can also beat the highest card of that suit already played, you must
    /// do that as well." Unable to beat, any card of the suit.
    #[test]
    fn head_on_every_lead() {
        let o = pinochle(Hearts);
        let h = hand(&[c(Clubs, Ace), c(Clubs, Nine), c(Spades, Ten)]);
        assert_eq!(
            legal(&o, Duties::STRICT, &h, &[c(Clubs, Ten)], false),
            hand(&[c(Clubs, Ace)])
        );
        let low = hand(&[c(Clubs, Queen), c(Clubs, Nine), c(Spades, Ten)]);
        assert_eq!(
            legal(&o, Duties::STRICT, &low, &[c(Clubs, Ten)], false),
            hand(&[c(Clubs, Queen), c(Clubs, Nine)])
        );
    }

    /// Seed `000_3ec19dcdb2768489.txt`, Partnership Pinochle, "The Play" (line 145):
    /// "(Variation: … each player in turn must try to win every trick … even if the highest
    /// card so far was played by his partner.)" and Bezique for four (line 584). With the
    /// duty owed only to opponents, a partner's winning card excuses the player.
    #[test]
    fn head_even_over_a_partner() {
        let o = pinochle(Hearts);
        let h = hand(&[c(Clubs, Ace), c(Clubs, Nine)]);
        let trick = [c(Clubs, King)];
        let variation = Duties::STRICT;
        assert_eq!(legal(&o, variation, &h, &trick, true), hand(&[c(Clubs, Ace)]));
        let excused = Duties {
            over_partner: false,
            ..Duties::STRICT
        };
        assert_eq!(legal(&o, excused, &h, &trick, true), h);
        assert_eq!(legal(&o, excused, &h, &trick, false), hand(&[c(Clubs, Ace)]));
        // Who is winning is read off the seats and the sides.
        let seat = |i| Seat::new(i).unwrap();
        let plays = [(seat(0), c(Clubs, King)), (seat(1), c(Clubs, Nine))];
        assert!(partner_winning(
            &o,
            WinRule::Highest,
            Sides::Alternating,
            &plays,
            seat(2)
        ));
        assert!(!partner_winning(
            &o,
            WinRule::Highest,
            Sides::Alternating,
            &plays,
            seat(3)
        ));
    }

    /// Seed `002_cc124e66381133fc.txt`, "The tricks" (lines 50–51): "Void in the suit led, you
    /// are obliged to trump … even when your trump is already beaten. If the trick has
    /// already been trumped …, you must beat the trump on the table when you are able;
    /// holding only lower trumps, you must still play one of them."
    #[test]
    fn overtrump_when_the_trick_is_trumped() {
        let o = pinochle(Hearts);
        let h = hand(&[c(Hearts, Ace), c(Hearts, Nine), c(Spades, Ace)]);
        let trumped = [c(Clubs, Ace), c(Hearts, King)];
        assert_eq!(
            legal(&o, Duties::STRICT, &h, &trumped, false),
            hand(&[c(Hearts, Ace)])
        );
        assert!(matches!(
            check_play(&o, Duties::STRICT, &h, &trumped, false, c(Hearts, Nine)),
            Err(PlayError::Breach {
                duty: Duty::Overtrump,
                ..
            })
        ));
        // Not yet trumped: any trump wins it, so any trump will do.
        assert_eq!(
            legal(&o, Duties::STRICT, &h, &[c(Clubs, Ace)], false),
            hand(&[c(Hearts, Ace), c(Hearts, Nine)])
        );
        let lower = hand(&[c(Hearts, Nine), c(Spades, Ace)]);
        assert_eq!(
            legal(&o, Duties::STRICT, &lower, &trumped, false),
            hand(&[c(Hearts, Nine)])
        );
    }

    /// Seed `002_cc124e66381133fc.txt` (line 54): "a minority of tables let a player who
    /// cannot overtrump discard instead."
    #[test]
    fn overtrump_or_discard_when_unable() {
        let o = pinochle(Hearts);
        let discard = Duties {
            overtrump: Overtrump::DiscardWhenUnable,
            ..Duties::STRICT
        };
        let lower = hand(&[c(Hearts, Nine), c(Spades, Ace)]);
        let trumped = [c(Clubs, Ace), c(Hearts, King)];
        assert_eq!(legal(&o, discard, &lower, &trumped, false), lower);
        let able = hand(&[c(Hearts, Ace), c(Spades, Ace)]);
        assert_eq!(
            legal(&o, discard, &able, &trumped, false),
            hand(&[c(Hearts, Ace)])
        );
    }

    /// Seed `000_3ec19dcdb2768489.txt`, Partnership Pinochle, "Rank of Cards" (line 119):
    /// "If duplicate cards are played to the same trick, the one played first ranks higher";
    /// seed `002_cc124e66381133fc.txt` (line 56). Hence the consequence of line 58 does not
    /// follow (`notation-growth.md` X26): a second ace does not beat the first, so with an
    /// opponent's ace on the table both the ace and the ten are legal.
    #[test]
    fn equal_cards_the_first_played_wins() {
        let o = pinochle(Hearts);
        let trick = [c(Spades, Ace), c(Spades, Ace)];
        assert_eq!(winner(&o, WinRule::Highest, &trick), Some(0));
        let trick = [c(Spades, King), c(Spades, Ace), c(Spades, Ace), c(Spades, Ten)];
        assert_eq!(winner(&o, WinRule::Highest, &trick), Some(1));
        let h = hand(&[c(Spades, Ace), c(Spades, Ten), c(Clubs, Nine)]);
        assert_eq!(
            legal(&o, Duties::STRICT, &h, &[c(Spades, Ace)], false),
            hand(&[c(Spades, Ace), c(Spades, Ten)])
        );
        // A duplicate in the hand is one card with a count of two.
        let two = hand(&[c(Spades, Ace), c(Spades, Ace), c(Spades, Nine)]);
        let allowed = legal(&o, Duties::STRICT, &two, &[c(Spades, King)], false);
        assert_eq!(allowed.count(c(Spades, Ace)), 2);
        assert_eq!(allowed.len(), 2);
    }

    /// Seed `003_248397d116e2acb0.reordered.txt` (lines 58, 62): "the ranks are not ordered
    /// in a hierarchy … The remaining players are completely free in which card to play to
    /// the trick. The last player to play a card of the same rank as the card led wins the
    /// trick"; none matching, the leader wins (`notation-growth.md` X61).
    #[test]
    fn ristikontra_the_last_card_matching_the_led_rank_wins() {
        let o = order_for(&Pack::French52.spec(), None);
        let trick = [
            c(Clubs, Seven),
            c(Hearts, Seven),
            c(Spades, Ace),
            c(Diamonds, Seven),
        ];
        assert_eq!(winner(&o, WinRule::LastMatchingRank, &trick), Some(3));
        let trick = [
            c(Clubs, Seven),
            c(Hearts, Seven),
            c(Spades, Ace),
            c(Diamonds, Two),
        ];
        assert_eq!(winner(&o, WinRule::LastMatchingRank, &trick), Some(1));
        let trick = [c(Clubs, Seven), c(Hearts, Ace), c(Spades, Ace), c(Diamonds, King)];
        assert_eq!(winner(&o, WinRule::LastMatchingRank, &trick), Some(0));
        let h = hand(&[c(Clubs, Two), c(Hearts, Ace)]);
        assert_eq!(legal(&o, Duties::FREE, &h, &[c(Clubs, Seven)], false), h);
        assert_eq!(winner(&o, WinRule::LastMatchingRank, &[]), None);
    }

    /// Seed `000_3ec19dcdb2768489.txt`, two-hand Pinochle, "The Play" (line 73): "the
    /// opponent may play any card. It is not necessary to follow suit"; Sixty-Six after the
    /// close (line 486): "the non-leader … must follow suit if possible" and no more.
    #[test]
    fn free_play_while_the_stock_lasts_follow_after_the_close() {
        let o = order_for(&Pack::SixtySix24.spec(), Some(Diamonds));
        let h = hand(&[c(Clubs, Nine), c(Diamonds, Ace), c(Spades, Ace)]);
        let trick = [c(Clubs, Ace)];
        assert_eq!(legal(&o, Duties::FREE, &h, &trick, false), h);
        assert_eq!(
            legal(&o, Duties::FOLLOW, &h, &trick, false),
            hand(&[c(Clubs, Nine)])
        );
        // Void after the close: any card, no duty to trump.
        let void = hand(&[c(Diamonds, Ace), c(Spades, Ace)]);
        assert_eq!(legal(&o, Duties::FOLLOW, &void, &trick, false), void);
    }

    /// Seed `000_3ec19dcdb2768489.txt`, four-hand Sixty-Six (line 502): "must follow suit but
    /// must win the trick if possible. If the player cannot follow suit, he must trump or top
    /// the previous trump if he can."
    #[test]
    fn four_hand_sixty_six_head_trump_and_top() {
        let o = order_for(&Pack::SixtySix32.spec(), Some(Diamonds));
        let h = hand(&[c(Diamonds, Jack), c(Diamonds, Ace), c(Spades, Ace)]);
        let trick = [c(Clubs, Ace), c(Diamonds, Queen)];
        assert_eq!(
            legal(&o, Duties::STRICT, &h, &trick, false),
            hand(&[c(Diamonds, Ace)])
        );
    }

    #[test]
    fn the_pack_order_puts_the_ten_second() {
        let o = pinochle(Hearts);
        assert!(o.beats(c(Clubs, Ten), c(Clubs, King)));
        assert!(o.beats(c(Clubs, Ace), c(Clubs, Ten)));
        assert!(o.beats(c(Hearts, Nine), c(Clubs, Ace)));
        // A card the pack does not hold never wins.
        assert!(!o.beats(c(Clubs, Seven), c(Clubs, Nine)));
        assert_eq!(
            check_play(&o, Duties::FREE, &CardCounts::EMPTY, &[], false, c(Clubs, Ace)),
            Err(PlayError::NotHeld(c(Clubs, Ace)))
        );
    }

    fn any_duties() -> impl Strategy<Value = Duties> {
        (any::<bool>(), 0..3u8, any::<bool>(), 0..3u8, any::<bool>()).prop_map(
            |(follow, head, trump_when_void, over, over_partner)| Duties {
                follow,
                head: [Head::Never, Head::TrumpLead, Head::EveryLead][usize::from(head)],
                trump_when_void,
                overtrump: [
                    Overtrump::Never,
                    Overtrump::Required,
                    Overtrump::DiscardWhenUnable,
                ][usize::from(over)],
                over_partner,
            },
        )
    }

    proptest! {
        /// Skat's policies (follow; optionally trump when void) give the same legal cards
        /// through the new duties as through `TrickOrder::legal`, over the 32-card pack.
        #[test]
        fn the_old_policies_agree(
            picks in proptest::collection::vec(0usize..32, 2..14),
            trick_len in 0usize..3,
            trump in proptest::option::of(0usize..4),
            must_trump in any::<bool>(),
        ) {
            let pack = Pack::Skat32.spec();
            let cards = pack.cards();
            let o = order_for(&pack, trump.map(|t| Suit::ALL[t]));
            let mut distinct = Vec::new();
            for &i in &picks {
                if !distinct.contains(&cards[i]) {
                    distinct.push(cards[i]);
                }
            }
            prop_assume!(distinct.len() >= 2);
            let (trick, rest) = distinct.split_at(trick_len.min(distinct.len() - 1));
            let policies = Policies {
                follow: Follow::Required,
                head: trick::Head::Free,
                trump: if must_trump { TrumpDuty::Required } else { TrumpDuty::Free },
            };
            let set = crate::core::CardSet::of(rest.iter().copied());
            let old = o.legal(set, trick, policies);
            let new = legal(&o, policies.into(), &CardCounts::from_set(set), trick, false);
            prop_assert_eq!(CardCounts::from_set(old), new);
        }

        /// Over the 48-card pack with copies: the legal set is never empty when the hand is
        /// not, always within the hand, and every legal card passes `check_play`; the winner
        /// is one of the cards of the trick.
        #[test]
        fn legal_is_a_non_empty_part_of_the_hand(
            duties in any_duties(),
            picks in proptest::collection::vec(0usize..48, 1..17),
            trick_len in 0usize..4,
            trump in 0usize..4,
            partner in any::<bool>(),
            ristikontra in any::<bool>(),
        ) {
            let pack = Pack::Pinochle48.spec();
            let cards = pack.cards();
            let o = order_for(&pack, Some(Suit::ALL[trump]));
            let chosen: Vec<Card> = picks.iter().map(|&i| cards[i]).collect();
            let (trick, rest) = chosen.split_at(trick_len.min(chosen.len() - 1));
            let h = CardCounts::of(rest.iter().copied());
            let allowed = legal(&o, duties, &h, trick, partner);
            prop_assert!(!allowed.is_empty());
            prop_assert!(allowed.is_subset(&h));
            for card in allowed.iter() {
                prop_assert_eq!(check_play(&o, duties, &h, trick, partner, card), Ok(()));
            }
            let rule = if ristikontra { WinRule::LastMatchingRank } else { WinRule::Highest };
            match winner(&o, rule, trick) {
                Some(i) => prop_assert!(i < trick.len()),
                None => prop_assert!(trick.is_empty()),
            }
        }
    }
}
