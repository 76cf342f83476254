//! The pegging of a Cribbage deal as a state: the cards each seat still holds, the series in
//! progress with its count, who has said go, whose turn it is, and when a series closes
//! (`spec/rules/cribbage.md` §4, common rules). The check ([`super::replay`]) steps a
//! record's play through it statement by statement, and a game for bots (`super::game`) plays
//! on it, so both judge a card or a go by the same code.

use cards::Card;

use crate::core::pegging::{LIMIT, PegError, Pegging};
use crate::cribbage::peg::{self, PegKind};

/// A series closed below 31: its last player pegs one for the go, or for the last card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Close {
    /// The seat that played the series' last card.
    pub seat: usize,
    /// Whether it was the last card of the play (else the go).
    pub last_card: bool,
}

/// A card pegged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pegged {
    /// What it pegs with the cards before it in the series.
    pub items: Vec<(PegKind, u32)>,
    /// The count after it (31 included).
    pub count: u8,
    /// Whether it made 31 and closed the series.
    pub thirty_one: bool,
    /// The series it closed as the last card of the play, when that was below 31.
    pub last: Option<Close>,
}

/// Why the rules refuse a card or a go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PegRefusal {
    /// The play is over (`C0207`); `one_series` when the five-card game's one series ended.
    Over {
        /// Whether the play ended after its one series.
        one_series: bool,
    },
    /// The seat does not hold the card (`C0203`).
    NotHeld {
        /// The seat.
        seat: usize,
        /// The card.
        card: Card,
    },
    /// The card would pass 31 (`C0204`).
    PastLimit(PegError),
    /// Another seat is to play (`C0202`).
    Turn {
        /// The seat whose turn it is.
        expected: Option<usize>,
        /// The seat that played.
        seat: usize,
    },
    /// A go from a seat that can play (`C0205`).
    CanPlay {
        /// The seat.
        seat: usize,
        /// The count.
        count: u8,
    },
    /// A second go in one series (`C0205`).
    GoneAlready {
        /// The seat.
        seat: usize,
    },
}

impl PegRefusal {
    /// The check's finding code and message, the seats named by `labels`.
    pub fn finding(&self, labels: &[&str]) -> (&'static str, String) {
        let label = |s: usize| labels.get(s).copied().unwrap_or("?").to_string();
        match *self {
            PegRefusal::Over { one_series: true } => (
                "C0207",
                "the play is over: the five-card game plays one series".to_string(),
            ),
            PegRefusal::Over { one_series: false } => ("C0207", "the play is over".to_string()),
            PegRefusal::NotHeld { seat, card } => ("C0203", format!("{} does not hold {card}", label(seat))),
            PegRefusal::PastLimit(e) => ("C0204", e.to_string()),
            PegRefusal::Turn { expected, seat } => (
                "C0202",
                format!(
                    "it is {}'s turn to play, not {}'s",
                    expected.map(label).unwrap_or_default(),
                    label(seat)
                ),
            ),
            PegRefusal::CanPlay { seat, count } => {
                ("C0205", format!("{} can play at {count}: no go", label(seat)))
            }
            PegRefusal::GoneAlready { seat } => ("C0205", format!("{} has said go already", label(seat))),
        }
    }
}

/// What a seat is to do next in the pegging.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Play one of its cards that keep the count within 31.
    Play(usize),
    /// Say go: it holds cards but none that fits.
    Go(usize),
}

/// The pegging of one deal.
#[derive(Clone, Debug)]
pub struct PegState {
    left: Vec<Vec<Card>>,
    series: Pegging,
    gone: Vec<bool>,
    last: Option<usize>,
    leader: usize,
    over: bool,
    one_series: bool,
}

impl PegState {
    /// The pegging of the hands kept (in seat order), `leader` first (the dealer's left);
    /// `one_series` for the five-card game, whose play stops at the first go or 31.
    pub fn new(kept: Vec<Vec<Card>>, leader: usize, one_series: bool) -> PegState {
        let n = kept.len();
        PegState {
            left: kept,
            series: Pegging::new(),
            gone: vec![false; n],
            last: None,
            leader,
            over: false,
            one_series,
        }
    }

    fn seats(&self) -> usize {
        self.left.len().max(1)
    }

    fn next(&self, seat: usize) -> usize {
        (seat + 1) % self.seats()
    }

    /// The cards `seat` still holds.
    pub fn hand(&self, seat: usize) -> &[Card] {
        self.left.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The count of the series in progress.
    pub fn count(&self) -> u8 {
        self.series.count()
    }

    /// The cards of the series in progress.
    pub fn series(&self) -> &[Card] {
        self.series.played()
    }

    /// Whether the play is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether `seat` holds a card that keeps the count within 31.
    pub fn can_play(&self, seat: usize) -> bool {
        self.hand(seat).iter().any(|&c| self.series.playable(c))
    }

    /// Whether nobody can add to the series.
    pub fn dead(&self) -> bool {
        (0..self.left.len()).all(|s| !self.can_play(s))
    }

    /// The seat whose card comes next: the first after the last to play (or the leader)
    /// who can play.
    pub fn turn(&self) -> Option<usize> {
        let n = self.seats();
        let from = self.last.map_or(self.leader, |l| self.next(l));
        (0..n).map(|k| (from + k) % n).find(|&s| self.can_play(s))
    }

    /// What comes next when every go is said where it falls: from the seat after the last to
    /// play, each who holds cards but cannot play says go once a series, up to the first who
    /// can play. `None` when the series is dead (see [`PegState::settle`]) or the play over.
    pub fn next_turn(&self) -> Option<Turn> {
        if self.over {
            return None;
        }
        let n = self.seats();
        let from = self.last.map_or(self.leader, |l| self.next(l));
        for s in (0..n).map(|k| (from + k) % n) {
            if self.can_play(s) {
                return Some(Turn::Play(s));
            }
            if !self.hand(s).is_empty() && !self.gone.get(s).copied().unwrap_or(true) {
                return Some(Turn::Go(s));
            }
        }
        None
    }

    /// The cards `seat` may play now, in the order of its hand.
    pub fn playable(&self, seat: usize) -> Vec<Card> {
        self.hand(seat)
            .iter()
            .copied()
            .filter(|&c| self.series.playable(c))
            .collect()
    }

    /// Closes a series nobody can add to, before the next card: the close (the go of its
    /// last player, when below 31), and a new series from the seat after him. The five-card
    /// game's play ends there. `None` when the series is not dead.
    pub fn settle(&mut self) -> Option<Option<Close>> {
        if self.over || !self.dead() {
            return None;
        }
        let close = self.last.and_then(|l| self.close(l, false));
        if let Some(l) = self.last {
            self.leader = self.next(l);
        }
        self.reset();
        if self.one_series {
            self.over = true;
        }
        Some(close)
    }

    fn close(&self, seat: usize, last_card: bool) -> Option<Close> {
        (!self.series.played().is_empty() && self.series.count() != LIMIT)
            .then_some(Close { seat, last_card })
    }

    fn reset(&mut self) {
        self.series.reset();
        self.gone = vec![false; self.left.len()];
        self.last = None;
    }

    /// Pegs `card` for `seat`, after [`PegState::settle`]: what it scores, or the refusal
    /// with the state unchanged.
    pub fn play_card(&mut self, seat: usize, card: Card) -> Result<Pegged, PegRefusal> {
        if self.over {
            return Err(PegRefusal::Over { one_series: false });
        }
        let Some(pos) = self.hand(seat).iter().position(|&c| c == card) else {
            return Err(PegRefusal::NotHeld { seat, card });
        };
        if !self.series.playable(card) {
            let e = self.series.clone().play(card).err();
            return Err(e.map_or(PegRefusal::Over { one_series: false }, PegRefusal::PastLimit));
        }
        let expected = self.turn();
        if expected != Some(seat) {
            return Err(PegRefusal::Turn { expected, seat });
        }
        let count = self.series.play(card).map_err(PegRefusal::PastLimit)?;
        if let Some(h) = self.left.get_mut(seat) {
            h.remove(pos);
        }
        self.last = Some(seat);
        let items = peg::score(self.series.played());
        let thirty_one = count == LIMIT;
        if thirty_one {
            // 31 closes the series at once; the next seat leads.
            self.leader = self.next(seat);
            self.reset();
            if self.one_series {
                self.over = true;
            }
        }
        let mut last = None;
        if self.left.iter().all(Vec::is_empty) {
            last = self.last.and_then(|l| self.close(l, true));
            self.over = true;
        }
        Ok(Pegged {
            items,
            count,
            thirty_one,
            last,
        })
    }

    /// A go from `seat`: the count it is said at, or the refusal.
    pub fn go(&mut self, seat: usize) -> Result<u8, PegRefusal> {
        if self.over {
            return Err(PegRefusal::Over { one_series: false });
        }
        if self.can_play(seat) {
            return Err(PegRefusal::CanPlay {
                seat,
                count: self.series.count(),
            });
        }
        match self.gone.get_mut(seat) {
            Some(g) if !*g => *g = true,
            _ => return Err(PegRefusal::GoneAlready { seat }),
        }
        Ok(self.series.count())
    }

    /// The end of a record's play statements: a dead series is closed by it (its go, when
    /// below 31), and the five-card game's play is over then. The close, and whether the
    /// play is over.
    pub fn finish(&mut self) -> (Option<Close>, bool) {
        if self.over {
            return (None, true);
        }
        let mut close = None;
        if self.dead() {
            close = self.last.and_then(|l| self.close(l, false));
            self.over = self.one_series;
        }
        (close, self.over)
    }
}

/// Why a crib lay-out is refused (`C0103`): laid out twice, the wrong number of cards, a card
/// not in the hand. `None` when it is good.
pub fn crib_problem(held: &[Card], cards: &[Card], already: bool, discard: usize) -> Option<String> {
    if already {
        return Some("lays out for the crib twice".to_string());
    }
    if cards.len() != discard {
        return Some(format!(
            "lays out {} cards; the profile takes {discard}",
            cards.len()
        ));
    }
    let twice = cards
        .iter()
        .enumerate()
        .find(|&(i, c)| cards.get(..i).is_some_and(|b| b.contains(c)));
    if let Some((_, c)) = twice {
        return Some(format!("lays out {c} twice"));
    }
    cards
        .iter()
        .find(|c| !held.contains(c))
        .map(|c| format!("lays out {c}, which is not in the hand"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Rank::*, Suit::*};

    /// The common rule of the go (X55): a seat that cannot play says go, the other plays on
    /// as far as he can, and the last card of a series below 31 pegs one.
    #[test]
    fn the_go_and_the_series_that_closes() {
        let kept = vec![
            vec![Card::new(Hearts, King), Card::new(Clubs, Nine)],
            vec![Card::new(Spades, Queen), Card::new(Spades, Ace)],
        ];
        let mut s = PegState::new(kept, 0, false);
        assert_eq!(s.next_turn(), Some(Turn::Play(0)));
        assert!(s.play_card(0, Card::new(Hearts, King)).is_ok());
        assert!(s.play_card(1, Card::new(Spades, Queen)).is_ok());
        // 20: the nine makes 29.
        assert!(s.play_card(0, Card::new(Clubs, Nine)).is_ok());
        assert_eq!(s.count(), 29);
        // The ace is playable (30); a go is refused.
        assert_eq!(s.go(1), Err(PegRefusal::CanPlay { seat: 1, count: 29 }));
        let p = s.play_card(1, Card::new(Spades, Ace));
        // The last card of the play, below 31: one for the last card.
        assert_eq!(
            p.map(|p| p.last),
            Ok(Some(Close {
                seat: 1,
                last_card: true
            }))
        );
        assert!(s.is_over());
    }

    #[test]
    fn a_card_past_31_or_out_of_turn_is_refused_and_changes_nothing() {
        let kept = vec![
            vec![
                Card::new(Hearts, King),
                Card::new(Hearts, Queen),
                Card::new(Hearts, Jack),
            ],
            vec![Card::new(Spades, Queen), Card::new(Spades, Two)],
        ];
        let mut s = PegState::new(kept, 0, false);
        assert!(matches!(
            s.play_card(1, Card::new(Spades, Two)),
            Err(PegRefusal::Turn {
                expected: Some(0),
                seat: 1
            })
        ));
        assert!(s.play_card(0, Card::new(Hearts, King)).is_ok());
        assert!(s.play_card(1, Card::new(Spades, Queen)).is_ok());
        assert!(s.play_card(0, Card::new(Hearts, Queen)).is_ok());
        // 30: the two cannot be played, the jack neither.
        assert!(matches!(
            s.play_card(1, Card::new(Spades, Two)),
            Err(PegRefusal::PastLimit(_))
        ));
        assert_eq!(s.next_turn(), Some(Turn::Go(1)));
        assert_eq!(s.go(1), Ok(30));
        assert_eq!(s.next_turn(), Some(Turn::Go(0)));
        assert_eq!(s.go(0), Ok(30));
        assert_eq!(s.next_turn(), None);
        // Dead: the go is the queen's player's, and the pone's left leads the next series.
        assert_eq!(
            s.settle(),
            Some(Some(Close {
                seat: 0,
                last_card: false
            }))
        );
        assert_eq!(s.next_turn(), Some(Turn::Play(1)));
    }
}
