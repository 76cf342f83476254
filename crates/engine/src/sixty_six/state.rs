//! The play of a Sixty-Six deal as a [`GameState`]: tricks, and between them the marriage
//! shown with the lead, the trump nine exchanged for the turned card, the draws, closing the
//! stock and announcing 66.
//!
//! One state serves every profile. The two-hand game (and the three-hand game, whose dealer
//! sits out) draws from a [`Stock`] of the core; the four-hand game has none. Draws a record
//! does not write happen when the next card is led, after every event written between the
//! two tricks (`notation-growth.md` §2.3), so a refusal never leaves half a turn behind: the
//! draws are worked out on a copy and committed with the lead.

use cards::{Card, Rank, Suit};

use crate::core::duties::{self, Duty, WinRule};
use crate::core::piles::{Phase, PhasedDuties, Stock};
use crate::core::trick::TrickOrder;
use crate::core::{BySeat, CardCounts, GameState, Seat, Sides, Table};
use crate::sixty_six::rules::{Format, Options};
use crate::sixty_six::scoring::card_points;

/// What a player does during the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A card played to the trick by the seat whose turn it is.
    Play(Card),
    /// A marriage shown by the player on lead: the king and queen of `suit`.
    Marriage {
        /// Who shows it.
        seat: Seat,
        /// Its suit.
        suit: Suit,
    },
    /// The nine of trumps exchanged for the turned card.
    Exchange {
        /// Who exchanges.
        seat: Seat,
        /// The card given (the nine of trumps, if the record is right).
        card: Card,
    },
    /// The stock closed by turning the trump card down.
    Close {
        /// Who closes.
        seat: Seat,
    },
    /// A card drawn from the stock, as the record writes it.
    Draw {
        /// Who draws.
        seat: Seat,
        /// The card written.
        card: Card,
    },
    /// 66 announced: the play stops.
    Out {
        /// Who announces.
        seat: Seat,
    },
}

/// A trick completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickDone {
    /// Who led.
    pub leader: Seat,
    /// The seats and cards in play order.
    pub plays: Vec<(Seat, Card)>,
    /// Who took it.
    pub winner: Seat,
    /// Its card points.
    pub points: u32,
    /// Whether it was the last trick of the deal.
    pub last: bool,
}

/// What an accepted action led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A card was played; before a lead, the draws of the turn that ended.
    Played {
        /// Who played.
        seat: Seat,
        /// The card.
        card: Card,
        /// The draws made just before this lead, winner first.
        draws: Vec<(Seat, Card)>,
        /// The trick, when this card completed it.
        trick: Option<TrickDone>,
    },
    /// A marriage shown; `counted` when the player has won a trick (else it counts with
    /// his first).
    Married {
        /// Who showed it.
        seat: Seat,
        /// Its suit.
        suit: Suit,
        /// Its value.
        value: u32,
        /// Whether it counts at once.
        counted: bool,
    },
    /// The nine went under the stock and the turned card to the player.
    Exchanged {
        /// Who exchanged.
        seat: Seat,
        /// The nine.
        gave: Card,
        /// The turned card taken.
        took: Card,
    },
    /// The stock was closed.
    Closed {
        /// Who closed it.
        seat: Seat,
    },
    /// A written draw was made.
    Drew {
        /// Who drew.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// 66 was announced.
    Announced {
        /// Who announced.
        seat: Seat,
        /// His points at the time.
        points: u32,
    },
}

/// Why an exchange of the trump nine is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeError {
    /// The card given is not the nine of trumps, or is not held.
    NotTheNine,
    /// The player has not won a trick yet.
    NoTrickWon,
    /// The stock is closed, or down to the turned card and one more (or fewer).
    StockTooShort,
    /// The player is not on lead between tricks.
    NotOnLead,
}

/// Why a close is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseError {
    /// The player is not on lead between tricks.
    NotOnLead,
    /// The stock is closed already or used up.
    NoStock,
    /// Some draws of the turn are written and some not: close before drawing or after.
    MidDraw,
}

/// Why the rules refuse an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The play is over (every trick played, or 66 announced).
    Over,
    /// The card is not in the player's hand.
    NotHeld {
        /// The player.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The card breaks a duty; `allowed` fulfil it.
    Breach {
        /// The player.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The duty broken.
        duty: Duty,
        /// The cards that fulfil it.
        allowed: CardCounts,
    },
    /// A marriage by a player not on lead, in a game without marriages, a second one in
    /// the turn, or without the king and queen in hand.
    Marriage(MarriageError),
    /// The lead after a marriage is neither its king nor its queen.
    MarriageNotLed {
        /// The marriage's suit.
        suit: Suit,
        /// The card led.
        card: Card,
    },
    /// 66 announced after a marriage shown but not led, which does not make 66.
    MarriageUnled {
        /// The marriage's suit.
        suit: Suit,
    },
    /// The exchange of the nine is not allowed now.
    Exchange(ExchangeError),
    /// The close is not allowed now.
    Close(CloseError),
    /// A written draw that is not the next one: `expected` is who draws what next (`None`:
    /// nobody draws now).
    Draw {
        /// The next draw, if any.
        expected: Option<(Seat, Card)>,
    },
    /// An event in the middle of a trick.
    MidTrick,
    /// The game has no such event (closing, announcing or exchanging in the four-hand game).
    NotInGame,
}

/// Why a marriage is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarriageError {
    /// The profile has no marriages.
    NoMarriages,
    /// The player is not on lead between tricks.
    NotOnLead,
    /// One marriage is already shown this turn.
    Second,
    /// The king and queen of the suit are not both in hand.
    NotHeld,
}

/// The rules a play runs under.
#[derive(Clone, Copy, Debug)]
pub struct PlayRules {
    /// The table (the three-hand dealer idle).
    pub table: Table,
    /// The sides.
    pub sides: Sides,
    /// The trump suit.
    pub trump: Suit,
    /// The profile's options.
    pub options: Options,
}

/// How the stock was closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closing {
    /// Who closed.
    pub seat: Seat,
    /// Whether the closer's opponent had taken a trick then (000:478).
    pub opponent_had_trick: bool,
}

/// A deal in play.
#[derive(Clone, Debug)]
pub struct PlayState {
    rules: PlayRules,
    duties: PhasedDuties,
    order: TrickOrder,
    hands: BySeat<CardCounts>,
    stock: Option<Stock>,
    trick: Vec<(Seat, Card)>,
    to_play: Seat,
    last_winner: Option<Seat>,
    drawn: usize,
    shown: Option<(Seat, Suit)>,
    marriages: BySeat<Vec<(Suit, u32)>>,
    points: BySeat<u32>,
    bonus: BySeat<u32>,
    tricks_won: BySeat<u32>,
    tricks_played: usize,
    closing: Option<Closing>,
    announced: Option<(Seat, u32)>,
    ten_of_trumps: Option<Seat>,
}

impl PlayState {
    /// A play from the dealt `hands`, `leader` leading, with the stock of a two- or
    /// three-hand game.
    pub fn new(
        rules: PlayRules,
        pack: &cards::PackSpec,
        hands: BySeat<CardCounts>,
        leader: Seat,
        stock: Option<Stock>,
    ) -> PlayState {
        let o = rules.options;
        PlayState {
            duties: PhasedDuties {
                stock: o.stock_duties,
                closed: o.closed_duties,
                exhausted: o.exhausted_duties,
            },
            order: duties::order_for(pack, Some(rules.trump)),
            marriages: BySeat::new(rules.table),
            points: BySeat::new(rules.table),
            bonus: BySeat::new(rules.table),
            tricks_won: BySeat::new(rules.table),
            hands,
            stock,
            trick: Vec::new(),
            to_play: leader,
            last_winner: None,
            drawn: 0,
            shown: None,
            tricks_played: 0,
            closing: None,
            announced: None,
            ten_of_trumps: None,
            rules,
        }
    }

    /// The seat to play next.
    pub fn to_play(&self) -> Seat {
        self.to_play
    }

    /// The cards a seat holds.
    pub fn hand(&self, seat: Seat) -> CardCounts {
        self.hands[seat]
    }

    /// The stock, while there is one.
    pub fn stock(&self) -> Option<&Stock> {
        self.stock.as_ref()
    }

    /// The card points each seat took in tricks (the last trick's bonus apart).
    pub fn card_points(&self) -> &BySeat<u32> {
        &self.points
    }

    /// The last trick's bonus per seat.
    pub fn bonus(&self) -> &BySeat<u32> {
        &self.bonus
    }

    /// Tricks won per seat.
    pub fn tricks_won(&self) -> &BySeat<u32> {
        &self.tricks_won
    }

    /// The marriages each seat showed, with their values.
    pub fn marriages(&self) -> &BySeat<Vec<(Suit, u32)>> {
        &self.marriages
    }

    /// How the stock was closed, if it was.
    pub fn closing(&self) -> Option<Closing> {
        self.closing
    }

    /// Who announced 66, with his points then.
    pub fn announced(&self) -> Option<(Seat, u32)> {
        self.announced
    }

    /// Who took the ten of trumps (four-hand local rule).
    pub fn ten_of_trumps(&self) -> Option<Seat> {
        self.ten_of_trumps
    }

    /// Tricks played so far.
    pub fn tricks_played(&self) -> usize {
        self.tricks_played
    }

    /// A seat's points: card points, the last trick's bonus, and its marriages once it has
    /// won a trick (000:484).
    pub fn score(&self, seat: Seat) -> u32 {
        let marriages: u32 = if self.tricks_won[seat] > 0 {
            self.marriages[seat].iter().map(|&(_, v)| v).sum()
        } else {
            0
        };
        self.points[seat] + self.bonus[seat] + marriages
    }

    /// The other active player of the two- and three-hand games.
    pub fn opponent(&self, seat: Seat) -> Seat {
        self.rules
            .table
            .active()
            .find(|&s| !self.rules.sides.partners(s, seat))
            .unwrap_or(seat)
    }

    fn stock_open(&self) -> bool {
        self.stock.as_ref().is_some_and(Stock::is_open)
    }

    /// The draws the next lead makes (those the record did not write), and the hands and
    /// stock after them.
    fn after_draws(&self) -> (Vec<(Seat, Card)>, BySeat<CardCounts>, Option<Stock>) {
        let mut hands = self.hands;
        let mut stock = self.stock.clone();
        let mut draws = Vec::new();
        if let (Some(winner), Some(s)) = (self.last_winner, stock.as_mut())
            && self.trick.is_empty()
            && s.is_open()
        {
            for seat in self.rules.table.turn_order(winner).into_iter().skip(self.drawn) {
                match s.draw() {
                    Ok(card) => {
                        hands[seat].add(card);
                        draws.push((seat, card));
                    }
                    Err(_) => break,
                }
            }
        }
        (draws, hands, stock)
    }

    /// The next written draw the rules expect: who draws which card.
    pub fn next_draw(&self) -> Option<(Seat, Card)> {
        let winner = self.last_winner?;
        let stock = self.stock.as_ref()?;
        if !self.trick.is_empty() || !stock.is_open() {
            return None;
        }
        let seat = *self.rules.table.turn_order(winner).get(self.drawn)?;
        Some((seat, stock.top()?))
    }

    fn between_tricks_on_lead(&self, seat: Seat) -> bool {
        self.trick.is_empty() && self.to_play == seat
    }

    fn nine(&self) -> Card {
        Card::new(self.rules.trump, Rank::Nine)
    }

    fn check(&self, action: Action) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        let o = self.rules.options;
        let stock_game = o.format != Format::FourHand;
        match action {
            Action::Play(card) => {
                let seat = self.to_play;
                let (_, hands, stock) = self.after_draws();
                let hand = hands[seat];
                if !hand.contains(card) {
                    return Err(Refusal::NotHeld { seat, card });
                }
                if self.trick.is_empty()
                    && let Some((s, suit)) = self.shown
                    && s == seat
                    && !(card.suit == suit && matches!(card.rank, Rank::King | Rank::Queen))
                {
                    return Err(Refusal::MarriageNotLed { suit, card });
                }
                let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
                let d = self.duties.duties(Phase::of(stock.as_ref()));
                let partner = duties::partner_winning(
                    &self.order,
                    WinRule::Highest,
                    self.rules.sides,
                    &self.trick,
                    seat,
                );
                duties::check_play(&self.order, d, &hand, &cards, partner, card).map_err(|e| match e {
                    duties::PlayError::NotHeld(card) => Refusal::NotHeld { seat, card },
                    duties::PlayError::Breach { card, duty, allowed } => Refusal::Breach {
                        seat,
                        card,
                        duty,
                        allowed,
                    },
                })
            }
            Action::Marriage { seat, suit } => {
                if !o.marriages {
                    return Err(Refusal::Marriage(MarriageError::NoMarriages));
                }
                if !self.between_tricks_on_lead(seat) {
                    return Err(Refusal::Marriage(MarriageError::NotOnLead));
                }
                if self.shown.is_some() {
                    return Err(Refusal::Marriage(MarriageError::Second));
                }
                // Undrawn cards are not in hand yet: the draws a record does not write
                // come after the events between tricks (notation-growth §2.3).
                let pair = [Card::new(suit, Rank::King), Card::new(suit, Rank::Queen)];
                if !pair.iter().all(|&c| self.hands[seat].contains(c)) {
                    return Err(Refusal::Marriage(MarriageError::NotHeld));
                }
                Ok(())
            }
            Action::Exchange { seat, card } => {
                if !stock_game {
                    return Err(Refusal::NotInGame);
                }
                if !self.between_tricks_on_lead(seat) {
                    return Err(Refusal::Exchange(ExchangeError::NotOnLead));
                }
                if card != self.nine() || !self.hands[seat].contains(card) {
                    return Err(Refusal::Exchange(ExchangeError::NotTheNine));
                }
                if self.tricks_won[seat] == 0 {
                    return Err(Refusal::Exchange(ExchangeError::NoTrickWon));
                }
                let ok = self
                    .stock
                    .as_ref()
                    .is_some_and(|s| s.is_open() && s.turned().is_some() && s.len() >= o.exchange_min_stock);
                if !ok {
                    return Err(Refusal::Exchange(ExchangeError::StockTooShort));
                }
                Ok(())
            }
            Action::Close { seat } => {
                if !stock_game {
                    return Err(Refusal::NotInGame);
                }
                if !self.between_tricks_on_lead(seat) {
                    return Err(Refusal::Close(CloseError::NotOnLead));
                }
                if !self.stock_open() {
                    return Err(Refusal::Close(CloseError::NoStock));
                }
                if self.drawn > 0 && self.next_draw().is_some() {
                    return Err(Refusal::Close(CloseError::MidDraw));
                }
                Ok(())
            }
            Action::Draw { seat, card } => {
                let expected = self.next_draw();
                if expected == Some((seat, card)) {
                    Ok(())
                } else {
                    Err(Refusal::Draw { expected })
                }
            }
            Action::Out { seat } => {
                if !stock_game {
                    return Err(Refusal::NotInGame);
                }
                if !self.trick.is_empty() {
                    return Err(Refusal::MidTrick);
                }
                if !self.rules.table.is_active(seat) {
                    return Err(Refusal::NotInGame);
                }
                // A marriage shown and not led counts only when it makes 66 (000:482).
                if let Some((s, suit)) = self.shown
                    && s == seat
                    && self.score(seat) < o.target
                {
                    return Err(Refusal::MarriageUnled { suit });
                }
                Ok(())
            }
        }
    }

    fn apply(&mut self, action: Action) -> Option<Event> {
        match action {
            Action::Play(card) => {
                let seat = self.to_play;
                let mut draws = Vec::new();
                if self.trick.is_empty() {
                    let (d, hands, stock) = self.after_draws();
                    draws = d;
                    self.hands = hands;
                    self.stock = stock;
                    self.shown = None;
                    self.drawn = 0;
                }
                if !self.hands[seat].remove(card) {
                    return None;
                }
                self.trick.push((seat, card));
                let active = self.rules.table.active().count();
                let mut done = None;
                if self.trick.len() == active {
                    let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
                    let i = duties::winner(&self.order, WinRule::Highest, &cards).unwrap_or(0);
                    let winner = self.trick.get(i).map_or(seat, |&(s, _)| s);
                    let points: u32 = cards.iter().map(|&c| card_points(c)).sum();
                    self.points[winner] += points;
                    self.tricks_won[winner] += 1;
                    self.tricks_played += 1;
                    if cards.contains(&Card::new(self.rules.trump, Rank::Ten)) {
                        self.ten_of_trumps = Some(winner);
                    }
                    let hands_empty = self.rules.table.active().all(|s| self.hands[s].is_empty());
                    let last = hands_empty && !self.stock_open();
                    if last && self.closing.is_none() {
                        self.bonus[winner] += self.rules.options.last_trick;
                    }
                    done = Some(TrickDone {
                        leader: self.trick.first().map_or(seat, |&(s, _)| s),
                        plays: std::mem::take(&mut self.trick),
                        winner,
                        points,
                        last,
                    });
                    self.last_winner = Some(winner);
                    self.to_play = winner;
                } else {
                    self.to_play = self.rules.table.next_active(seat);
                }
                Some(Event::Played {
                    seat,
                    card,
                    draws,
                    trick: done,
                })
            }
            Action::Marriage { seat, suit } => {
                let value = if suit == self.rules.trump {
                    self.rules.options.trump_marriage
                } else {
                    self.rules.options.plain_marriage
                };
                self.marriages[seat].push((suit, value));
                self.shown = Some((seat, suit));
                Some(Event::Married {
                    seat,
                    suit,
                    value,
                    counted: self.tricks_won[seat] > 0,
                })
            }
            Action::Exchange { seat, card } => {
                let took = self.stock.as_mut()?.exchange_turned(card).ok()?;
                self.hands[seat].remove(card);
                self.hands[seat].add(took);
                Some(Event::Exchanged {
                    seat,
                    gave: card,
                    took,
                })
            }
            Action::Close { seat } => {
                self.stock.as_mut()?.close().ok()?;
                let opponent = self.opponent(seat);
                self.closing = Some(Closing {
                    seat,
                    opponent_had_trick: self.tricks_won[opponent] > 0,
                });
                Some(Event::Closed { seat })
            }
            Action::Draw { seat, card } => {
                let drawn = self.stock.as_mut()?.draw().ok()?;
                self.hands[seat].add(drawn);
                self.drawn += 1;
                Some(Event::Drew { seat, card })
            }
            Action::Out { seat } => {
                let points = self.score(seat);
                self.announced = Some((seat, points));
                Some(Event::Announced { seat, points })
            }
        }
    }

    /// The trick in progress: the seats and cards in play order.
    pub fn trick(&self) -> &[(Seat, Card)] {
        &self.trick
    }

    /// The cards the player to act may play now.
    pub fn legal_cards(&self) -> CardCounts {
        let seat = self.to_play;
        let (_, hands, stock) = self.after_draws();
        let mut hand = hands[seat];
        if self.trick.is_empty()
            && let Some((s, suit)) = self.shown
            && s == seat
        {
            hand = hand.filter(|c| c.suit == suit && matches!(c.rank, Rank::King | Rank::Queen));
        }
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        let d = self.duties.duties(Phase::of(stock.as_ref()));
        let partner =
            duties::partner_winning(&self.order, WinRule::Highest, self.rules.sides, &self.trick, seat);
        duties::legal(&self.order, d, &hand, &cards, partner)
    }
}

impl GameState for PlayState {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;
    type Legal = Vec<Action>;

    /// Every action open to the player on turn: the cards he may play and, between tricks,
    /// the marriages, the exchange, the close and the announcement he may make.
    fn legal(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        let seat = self.to_play;
        let mut out: Vec<Action> = self
            .legal_cards()
            .iter_distinct()
            .map(|(c, _)| Action::Play(c))
            .collect();
        if self.trick.is_empty() {
            let mut events: Vec<Action> = Suit::ALL
                .iter()
                .map(|&suit| Action::Marriage { seat, suit })
                .collect();
            events.push(Action::Exchange {
                seat,
                card: self.nine(),
            });
            events.push(Action::Close { seat });
            events.push(Action::Out { seat });
            out.extend(events.into_iter().filter(|&a| self.check(a).is_ok()));
        }
        out
    }

    fn play(&mut self, action: Action) -> Result<Event, Refusal> {
        self.check(action)?;
        self.apply(action).ok_or(Refusal::Over)
    }

    fn play_anyway(&mut self, action: Action) -> Option<Event> {
        if self.is_over() {
            return None;
        }
        match action {
            Action::Play(_) => self.apply(action),
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        if self.announced.is_some() {
            return true;
        }
        self.trick.is_empty()
            && !self.stock_open()
            && self.rules.table.active().all(|s| self.hands[s].is_empty())
    }
}
