//! The play of a Frog deal as a [`GameState`]: eleven tricks of three under follow suit and
//! trump when void (001:608), the highest trump or the highest card of the suit led taking
//! the trick. The check ([`super::replay`]) replays a record's tricks through it and a game
//! for bots (`super::game`) plays on it, so both judge a card by the same rules.

use cards::{Card, Pack, Suit};

use crate::core::GameState;
use crate::core::counts::CardCounts;
use crate::core::duties::{self, PlayError, WinRule};
use crate::core::trick::TrickOrder;
use crate::frog::replay::{DUTIES, points};

/// The three who hold cards.
const HANDS: usize = 3;

/// A trick completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickDone {
    /// Who led (0 `F`, 1 `M`, 2 `R`).
    pub leader: usize,
    /// The cards in play order.
    pub cards: Vec<Card>,
    /// Who took it.
    pub winner: usize,
    /// Its card points.
    pub points: u32,
}

/// A card played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who played.
    pub seat: usize,
    /// The card.
    pub card: Card,
    /// The trick, when this card completed it.
    pub trick: Option<TrickDone>,
}

/// Why the rules refuse a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Every trick has been played.
    Over,
    /// The card is not held, or breaks the duty to follow suit or to trump.
    Illegal {
        /// The player.
        seat: usize,
        /// Why.
        error: PlayError,
    },
}

/// A Frog deal in play, from the hands after the widow is dealt with.
#[derive(Clone, Debug)]
pub struct PlayState {
    order: TrickOrder,
    hands: Vec<Vec<Card>>,
    trick: Vec<Card>,
    leader: usize,
    tricks_left: usize,
}

impl PlayState {
    /// The play of `hands` (`F M R`) with `trump`; `F`, the dealer's left, leads (001:608).
    pub fn new(trump: Suit, hands: Vec<Vec<Card>>) -> PlayState {
        let cards: usize = hands.iter().map(Vec::len).sum();
        PlayState {
            order: duties::order_for(&Pack::Frog36.spec(), Some(trump)),
            tricks_left: cards / HANDS,
            hands,
            trick: Vec::new(),
            leader: 0,
        }
    }

    /// The seat to play next (0 `F`, 1 `M`, 2 `R`).
    pub fn to_play(&self) -> usize {
        (self.leader + self.trick.len()) % HANDS
    }

    /// The cards of the trick so far.
    pub fn trick(&self) -> &[Card] {
        &self.trick
    }

    /// Tricks still to play (the trick in progress among them).
    pub fn tricks_left(&self) -> usize {
        self.tricks_left
    }

    fn hand(&self, seat: usize) -> CardCounts {
        CardCounts::of(self.hands.get(seat).cloned().unwrap_or_default())
    }

    fn check(&self, card: Card) -> Result<usize, Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        let seat = self.to_play();
        duties::check_play(&self.order, DUTIES, &self.hand(seat), &self.trick, false, card)
            .map_err(|error| Refusal::Illegal { seat, error })?;
        Ok(seat)
    }
}

impl GameState for PlayState {
    type Action = Card;
    type Event = Played;
    type Refusal = Refusal;
    type Legal = Vec<Card>;

    /// The cards the player to act may play, in the order of his hand.
    fn legal(&self) -> Vec<Card> {
        if self.is_over() {
            return Vec::new();
        }
        let seat = self.to_play();
        let allowed = duties::legal(&self.order, DUTIES, &self.hand(seat), &self.trick, false);
        self.hands
            .get(seat)
            .map(|h| h.iter().copied().filter(|&c| allowed.contains(c)).collect())
            .unwrap_or_default()
    }

    fn play(&mut self, card: Card) -> Result<Played, Refusal> {
        let seat = self.check(card)?;
        if let Some(h) = self.hands.get_mut(seat)
            && let Some(p) = h.iter().position(|&c| c == card)
        {
            h.remove(p);
        }
        self.trick.push(card);
        let mut done = None;
        if self.trick.len() == HANDS {
            let cards = std::mem::take(&mut self.trick);
            let winner =
                (self.leader + duties::winner(&self.order, WinRule::Highest, &cards).unwrap_or(0)) % HANDS;
            let points = cards.iter().map(|&c| points(c)).sum();
            done = Some(TrickDone {
                leader: self.leader,
                cards,
                winner,
                points,
            });
            self.leader = winner;
            self.tricks_left = self.tricks_left.saturating_sub(1);
        }
        Ok(Played {
            seat,
            card,
            trick: done,
        })
    }

    /// The check stops at a card the rules refuse, so nothing is played anyway.
    fn play_anyway(&mut self, _: Card) -> Option<Played> {
        None
    }

    fn is_over(&self) -> bool {
        self.tricks_left == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Rank::*;
    use cards::Suit::*;

    fn c(s: Suit, r: cards::Rank) -> Card {
        Card::new(s, r)
    }

    /// 001:608: the others must follow suit if they can and, void of it, trump; they need
    /// not head the trick. Hearts are trumps.
    #[test]
    fn follow_suit_then_trump_but_never_head() {
        let hands = vec![
            vec![c(Spades, Ten), c(Clubs, Six)],
            vec![c(Spades, Ace), c(Spades, Six), c(Hearts, Seven)],
            vec![c(Hearts, Six), c(Diamonds, Ace)],
        ];
        let mut s = PlayState::new(Hearts, hands);
        assert_eq!(s.legal(), [c(Spades, Ten), c(Clubs, Six)]);
        assert!(s.play(c(Spades, Ten)).is_ok());
        // M follows spades, low or high: no duty to head.
        assert_eq!(s.legal(), [c(Spades, Ace), c(Spades, Six)]);
        let before = s.clone();
        let refused = s.play(c(Hearts, Seven));
        assert!(matches!(
            refused,
            Err(Refusal::Illegal {
                seat: 1,
                error: PlayError::Breach { .. }
            })
        ));
        assert_eq!(s.trick(), before.trick());
        assert!(s.play(c(Spades, Six)).is_ok());
        // R is void in spades and must trump.
        assert_eq!(s.legal(), [c(Hearts, Six)]);
        let done = s.play(c(Hearts, Six)).ok().and_then(|p| p.trick);
        assert_eq!(done.map(|t| (t.winner, t.points)), Some((2, 10)));
        assert_eq!(s.to_play(), 2);
    }
}
