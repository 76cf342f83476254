//! Piles beside the hands: the stock (listed top first, with the turned trump card under it),
//! a widow or skat, a starter; drawing after a trick (the winner first) and closing the stock;
//! the events between tricks (draws, melds, exchanges, closing) and the phases of play whose
//! duties differ (free play while the stock lasts, strict after).

use std::fmt;

use crate::core::duties::Duties;
use crate::core::table::{Seat, Table};
use cards::Card;

/// Why a stock action is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StockError {
    /// The stock has been closed (turned down); nobody draws from it.
    Closed,
    /// The stock is used up.
    Exhausted,
    /// There is no turned trump card to exchange.
    NoTurnedCard,
    /// The stock is already closed.
    AlreadyClosed,
}

impl fmt::Display for StockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StockError::Closed => "the stock is closed",
            StockError::Exhausted => "the stock is used up",
            StockError::NoTurnedCard => "no trump card lies turned under the stock",
            StockError::AlreadyClosed => "the stock is already closed",
        })
    }
}

impl std::error::Error for StockError {}

/// The stock: face-down cards listed top first, and the turned trump card, if any, which lies
/// under them face up and is drawn last (seed `000_3ec19dcdb2768489.txt` line 20; seed 002's
/// "turned card on top" is read the same way, `notation-growth.md` X27 and X29).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stock {
    /// Face down, bottom first, so that drawing the top card pops the last element.
    face_down: Vec<Card>,
    /// The trump card turned up under the stock.
    turned: Option<Card>,
    closed: bool,
}

impl Stock {
    /// A stock of `face_down` cards (top first) with the `turned` card under them.
    pub fn new(mut face_down: Vec<Card>, turned: Option<Card>) -> Stock {
        face_down.reverse();
        Stock {
            face_down,
            turned,
            closed: false,
        }
    }

    /// Cards left, the turned card included.
    pub fn len(&self) -> usize {
        self.face_down.len() + usize::from(self.turned.is_some())
    }

    /// Whether no card is left.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the stock has been closed.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Whether cards may still be drawn: neither closed nor used up.
    pub fn is_open(&self) -> bool {
        !self.closed && !self.is_empty()
    }

    /// The top card, the next to be drawn (the turned card once the face-down cards are gone).
    pub fn top(&self) -> Option<Card> {
        self.face_down.last().copied().or(self.turned)
    }

    /// The turned trump card, while it lies there.
    pub fn turned(&self) -> Option<Card> {
        self.turned
    }

    /// The last card, the one drawn last.
    pub fn last(&self) -> Option<Card> {
        self.turned.or_else(|| self.face_down.first().copied())
    }

    /// The face-down cards, top first.
    pub fn face_down(&self) -> impl Iterator<Item = Card> + '_ {
        self.face_down.iter().rev().copied()
    }

    /// Draws the top card.
    pub fn draw(&mut self) -> Result<Card, StockError> {
        if self.closed {
            return Err(StockError::Closed);
        }
        match self.face_down.pop() {
            Some(card) => Ok(card),
            None => self.turned.take().ok_or(StockError::Exhausted),
        }
    }

    /// Closes the stock (Sixty-Six's turning down of the trump card): no more draws.
    pub fn close(&mut self) -> Result<(), StockError> {
        if self.closed {
            return Err(StockError::AlreadyClosed);
        }
        if self.is_empty() {
            return Err(StockError::Exhausted);
        }
        self.closed = true;
        Ok(())
    }

    /// Exchanges a card for the turned trump card (Pinochle's dix, Sixty-Six's trump nine,
    /// Bezique's seven); returns the card taken up. Whether the exchange is allowed (holding
    /// the card, having won a trick) is the game's rule.
    pub fn exchange_turned(&mut self, card: Card) -> Result<Card, StockError> {
        let taken = self.turned.ok_or(StockError::NoTurnedCard)?;
        self.turned = Some(card);
        Ok(taken)
    }

    /// After a trick, every active seat draws one card in turn from the `winner` onward, as
    /// long as the stock lasts (seed `000_3ec19dcdb2768489.txt`, "The Play", line 75: "the
    /// winner draws first"); returns who drew what.
    pub fn draw_round(&mut self, table: Table, winner: Seat) -> Result<Vec<(Seat, Card)>, StockError> {
        self.draw_round_skipping(table, winner, |_| false)
    }

    /// As [`Stock::draw_round`], but the seats `skip` names do not draw (a Ristikontra
    /// player who played "in the dark" from the stock: "they do not draw a card when the
    /// trick is over", seed `003_248397d116e2acb0.reordered.txt` line 66).
    pub fn draw_round_skipping(
        &mut self,
        table: Table,
        winner: Seat,
        skip: impl Fn(Seat) -> bool,
    ) -> Result<Vec<(Seat, Card)>, StockError> {
        if self.closed {
            return Err(StockError::Closed);
        }
        let mut out = Vec::new();
        for seat in table.turn_order(winner) {
            if skip(seat) {
                continue;
            }
            match self.draw() {
                Ok(card) => out.push((seat, card)),
                Err(_) => break,
            }
        }
        Ok(out)
    }
}

/// Cards set aside in the deal and kept apart from the stock: Skat's skat, a widow, the
/// Cribbage crib, Auction Pinochle's buried cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pile {
    /// The cards, in the order laid.
    pub cards: Vec<Card>,
    /// Whether the cards are face up (a widow turned for all to see).
    pub face_up: bool,
}

/// The piles of a deal beside the hands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Piles {
    /// The stock, in games that draw from one.
    pub stock: Option<Stock>,
    /// The widow, skat or crib.
    pub widow: Option<Pile>,
    /// Cribbage's starter, cut by the pone and turned by the dealer.
    pub starter: Option<Card>,
}

/// Something done between tricks, or a trick card, in the order it happens: the events a
/// replay of a stock game goes through. `M` is the family's kind of meld (Pinochle's classes,
/// Bezique's declarations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableEvent<M> {
    /// A card played to the trick.
    Play {
        /// Who played.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A card played "in the dark" from the top of the stock (Ristikontra).
    PlayFromStock {
        /// Who played.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A card drawn from the stock.
    Draw {
        /// Who drew.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A meld laid down between tricks (after winning a trick, before drawing).
    Meld {
        /// Who melded.
        seat: Seat,
        /// The kind of meld.
        kind: M,
        /// Its cards.
        cards: Vec<Card>,
    },
    /// A card exchanged for the turned trump card.
    ExchangeTurned {
        /// Who exchanged.
        seat: Seat,
        /// The card laid under the stock.
        gives: Card,
        /// The turned card taken up.
        takes: Card,
    },
    /// The stock closed.
    Close {
        /// Who closed it.
        seat: Seat,
    },
}

/// The phase of play, as far as the duties go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The stock still has cards and is open.
    Stock,
    /// The stock was closed.
    Closed,
    /// The stock is used up, or there never was one.
    Exhausted,
}

impl Phase {
    /// The phase a stock puts play in (no stock: [`Phase::Exhausted`]).
    pub fn of(stock: Option<&Stock>) -> Phase {
        match stock {
            Some(s) if s.is_closed() => Phase::Closed,
            Some(s) if !s.is_empty() => Phase::Stock,
            _ => Phase::Exhausted,
        }
    }
}

/// Duties that change with the phase: one set while the stock lasts, one after it is closed,
/// one after it is used up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhasedDuties {
    /// While the stock lasts.
    pub stock: Duties,
    /// After the stock is closed.
    pub closed: Duties,
    /// After the stock is used up (the whole game, without a stock).
    pub exhausted: Duties,
}

impl PhasedDuties {
    /// The same duties in every phase (games without a stock).
    pub const fn always(duties: Duties) -> PhasedDuties {
        PhasedDuties {
            stock: duties,
            closed: duties,
            exhausted: duties,
        }
    }

    /// The duties of a phase.
    pub fn duties(&self, phase: Phase) -> Duties {
        match phase {
            Phase::Stock => self.stock,
            Phase::Closed => self.closed,
            Phase::Exhausted => self.exhausted,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::duties::{Duties, Head, Overtrump};
    use cards::{Rank, Suit};
    use proptest::prelude::*;

    fn c(s: Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    fn seat(i: usize) -> Seat {
        Seat::new(i).unwrap()
    }

    /// Seed `000_3ec19dcdb2768489.txt`, two-hand Pinochle, "The Deal" (line 20): the trump
    /// card turned and the stock laid over half of it, so it is drawn last.
    #[test]
    fn the_stock_is_drawn_top_first_and_the_turned_card_last() {
        let top = c(Suit::Clubs, Rank::Ace);
        let second = c(Suit::Hearts, Rank::Nine);
        let turned = c(Suit::Spades, Rank::Ten);
        let mut stock = Stock::new(vec![top, second], Some(turned));
        assert_eq!(stock.len(), 3);
        assert_eq!(stock.top(), Some(top));
        assert_eq!(stock.last(), Some(turned));
        assert_eq!(stock.face_down().collect::<Vec<_>>(), [top, second]);
        let two = Table::new(2).unwrap();
        assert_eq!(
            stock.draw_round(two, seat(1)).unwrap(),
            [(seat(1), top), (seat(0), second)]
        );
        assert_eq!(stock.top(), Some(turned));
        assert_eq!(stock.draw(), Ok(turned));
        assert_eq!(stock.draw(), Err(StockError::Exhausted));
        assert_eq!(Phase::of(Some(&stock)), Phase::Exhausted);
    }

    /// Seed `003_248397d116e2acb0.reordered.txt` (lines 62–66): the players fill up "starting
    /// with the winner of the trick"; one who played in the dark does not draw.
    #[test]
    fn filling_up_from_the_winner_skipping_a_dark_play() {
        let cards: Vec<Card> = cards::Pack::French52.spec().cards().into_iter().take(5).collect();
        let mut stock = Stock::new(cards.clone(), None);
        let four = Table::new(4).unwrap();
        let round = stock
            .draw_round_skipping(four, seat(2), |s| s == seat(3))
            .unwrap();
        assert_eq!(
            round,
            [(seat(2), cards[0]), (seat(0), cards[1]), (seat(1), cards[2])]
        );
        assert_eq!(stock.len(), 2);
    }

    /// Seed `000_3ec19dcdb2768489.txt`, Sixty-Six (line 488): closing by turning the trump
    /// card down; after it, nobody draws; and the trump nine exchanged for the turned card
    /// (line 482).
    #[test]
    fn closing_and_the_exchange_of_the_turned_card() {
        let nine = c(Suit::Hearts, Rank::Nine);
        let turned = c(Suit::Hearts, Rank::Ace);
        let mut stock = Stock::new(vec![c(Suit::Clubs, Rank::King)], Some(turned));
        assert_eq!(stock.exchange_turned(nine), Ok(turned));
        assert_eq!(stock.turned(), Some(nine));
        assert_eq!(Phase::of(Some(&stock)), Phase::Stock);
        stock.close().unwrap();
        assert_eq!(stock.close(), Err(StockError::AlreadyClosed));
        assert_eq!(stock.draw(), Err(StockError::Closed));
        assert_eq!(Phase::of(Some(&stock)), Phase::Closed);
        assert_eq!(
            Stock::new(vec![], None).exchange_turned(nine),
            Err(StockError::NoTurnedCard)
        );
    }

    /// Seed `000_3ec19dcdb2768489.txt`, two-hand Pinochle, "The Play" (line 73: "It is not
    /// necessary to follow suit") and "The Playoff" (line 91: follow, beat a trump lead,
    /// trump when void).
    #[test]
    fn duties_change_with_the_phase() {
        let strict = Duties {
            head: Head::TrumpLead,
            ..Duties::FOLLOW_TRUMP
        };
        let phased = PhasedDuties {
            stock: Duties::FREE,
            closed: strict,
            exhausted: strict,
        };
        assert_eq!(phased.duties(Phase::Stock), Duties::FREE);
        assert_eq!(phased.duties(Phase::Exhausted).head, Head::TrumpLead);
        assert_eq!(phased.duties(Phase::Closed).overtrump, Overtrump::Never);
        assert_eq!(PhasedDuties::always(strict).duties(Phase::Stock), strict);
        assert_eq!(Phase::of(None), Phase::Exhausted);
    }

    #[test]
    fn a_meld_is_an_event_between_tricks() {
        let k = c(Suit::Spades, Rank::King);
        let q = c(Suit::Spades, Rank::Queen);
        let events: Vec<TableEvent<&str>> = vec![
            TableEvent::Play {
                seat: seat(0),
                card: k,
            },
            TableEvent::Meld {
                seat: seat(0),
                kind: "marriage",
                cards: vec![k, q],
            },
            TableEvent::Draw {
                seat: seat(0),
                card: q,
            },
        ];
        assert!(matches!(events[1], TableEvent::Meld { kind: "marriage", .. }));
    }

    proptest! {
        /// Drawing rounds hand out every card of the stock exactly once, the turned card last,
        /// each round starting with its winner.
        #[test]
        fn drawing_conserves_the_stock(
            len in 0usize..40,
            seats in 2usize..=4,
            winners in proptest::collection::vec(0usize..4, 40),
        ) {
            let pack = cards::Pack::Pinochle48.spec();
            let cards: Vec<Card> = pack.cards().into_iter().take(len + 1).collect();
            let (turned, face_down) = match cards.split_last() {
                Some((t, rest)) => (Some(*t), rest.to_vec()),
                None => (None, Vec::new()),
            };
            let mut stock = Stock::new(face_down.clone(), turned);
            let table = Table::new(seats).unwrap();
            let mut drawn = Vec::new();
            for w in winners {
                let winner = seat(w % seats);
                let round = stock.draw_round(table, winner).unwrap();
                if let Some(&(first, _)) = round.first() {
                    prop_assert_eq!(first, winner);
                }
                drawn.extend(round.into_iter().map(|(_, c)| c));
            }
            prop_assert!(stock.is_empty());
            let mut expected = face_down;
            expected.extend(turned);
            prop_assert_eq!(drawn, expected);
        }
    }
}
