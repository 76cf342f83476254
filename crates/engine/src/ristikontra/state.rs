//! The play of a Ristikontra deal as a [`GameState`]: tricks won by the last card of the
//! rank led, cards played in the dark from the stock, the fill-up from the winner round,
//! the spice, the lead limit and the cleaning (`spec/rules/ristikontra.md` §2, §4). The
//! check ([`super::replay`]) replays a record through it and a game for bots
//! (`super::game`) plays on it, so both judge an action by the same rules.
//!
//! The draws of a fill-up are made when the next action needs them: by the record's `draws`
//! statements, or from the stock when the deal gives it ([`PlayState::draw_pending`]).

use cards::{Card, Pack, Rank};

use crate::core::GameState;
use crate::core::duties::{WinRule, order_for, winner};
use crate::ristikontra::rules::Options;

/// The seats, in play order.
const SEATS: usize = 4;

/// The tricks of a deal: all 52 cards are played.
pub const TRICKS: usize = 52 / SEATS;

/// What a player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A card to the trick: from the hand, or the top of the stock in the dark.
    Play {
        /// The card.
        card: Card,
        /// Whether it is played in the dark from the stock.
        dark: bool,
    },
    /// A draw of the fill-up, as a record writes it.
    Draw {
        /// Who draws.
        seat: usize,
        /// The card.
        card: Card,
    },
    /// The winner's spice: the card he has just drawn replaces his winning card.
    Spice {
        /// Who spices.
        seat: usize,
        /// The card drawn.
        card: Card,
    },
}

/// A trick completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickDone {
    /// Who led (0 `N` … 3 `W`).
    pub leader: usize,
    /// The cards in play order.
    pub cards: Vec<Card>,
    /// Which of them were played in the dark.
    pub dark: Vec<bool>,
    /// Who took it.
    pub winner: usize,
    /// Its card points.
    pub points: u32,
}

/// What an accepted action led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A card was played, after the draws it made from a given stock.
    Played {
        /// The draws made first, in order.
        draws: Vec<(usize, Card)>,
        /// Who played.
        seat: usize,
        /// The card.
        card: Card,
        /// The trick, when this card completed it.
        trick: Option<TrickDone>,
    },
    /// A card was drawn.
    Drew {
        /// Who drew.
        seat: usize,
        /// The card.
        card: Card,
    },
    /// The last trick was spiced.
    Spiced {
        /// The winner's draw made first, from a given stock.
        draw: Option<(usize, Card)>,
        /// Who spiced.
        seat: usize,
        /// The card put into the trick.
        card: Card,
        /// The trick's cards after the spice.
        cards: Vec<Card>,
        /// The trick's points after the spice.
        points: u32,
    },
}

/// Why the rules refuse an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Every trick has been played.
    Over,
    /// A draw of the fill-up is owed, the stock is not given and the record does not say it.
    DrawMissing {
        /// Who draws next.
        seat: usize,
    },
    /// A card played in the dark with an empty stock.
    StockEmpty {
        /// The player.
        seat: usize,
    },
    /// The card is not the stock's top (`top`, when the stock is given) or has been seen.
    NotTop {
        /// The stock's top, when given.
        top: Option<Card>,
        /// The card.
        card: Card,
    },
    /// The player does not hold the card.
    NotHeld {
        /// The player.
        seat: usize,
        /// The card.
        card: Card,
    },
    /// The last king while the stock lasts (cleaning).
    LastKing {
        /// The player.
        seat: usize,
    },
    /// A fourth lead of the rank in a row (lead limit).
    LeadLimit {
        /// The leader.
        seat: usize,
        /// The rank.
        rank: Rank,
    },
    /// A draw out of turn: `next` is owed it, if anyone.
    NotYourDraw {
        /// The seat that said it.
        seat: usize,
        /// The seat whose draw is next.
        next: Option<usize>,
    },
    /// A spice the rules refuse (not played, not the winner, not the card just drawn).
    NoSpice {
        /// The seat that said it.
        seat: usize,
        /// The card.
        card: Card,
        /// Whether the profile plays the spice at all.
        played: bool,
    },
}

/// A Ristikontra deal in play.
#[derive(Clone, Debug)]
pub struct PlayState {
    o: Options,
    hands: Vec<Vec<Card>>,
    /// The stock top first, when the deal gives it.
    stock: Option<Vec<Card>>,
    stock_left: usize,
    /// Every card seen (dealt, drawn, played from the stock), for a stock not given.
    seen: Vec<Card>,
    /// The seats still to draw after the last trick, in order.
    pending: Vec<usize>,
    /// The card the last trick's winner may spice it with, once drawn.
    spice_card: Option<Card>,
    may_spice: bool,
    owes_clean: [bool; 2],
    cleaned: [bool; 2],
    kings_played: usize,
    /// The leads: seat and rank, newest last.
    leads: Vec<(usize, Rank)>,
    points: [u32; 2],
    tricks: [u32; 2],
    leader: usize,
    /// The trick in progress: cards and whether each was played in the dark.
    trick: Vec<(Card, bool)>,
    /// Whether the trick in progress began while the stock lasted.
    phase_one: bool,
    done: usize,
    /// The last trick completed (spiced in place).
    last: Option<TrickDone>,
}

/// The side of a seat: 0 `NS`, 1 `EW`.
pub fn side(seat: usize) -> usize {
    seat % 2
}

impl PlayState {
    /// The play of `hands` (`N E S W`), `leader` leading, with the stock when the deal gives
    /// it (`stock_left` cards in it either way) and the cards the deal shows.
    pub fn new(
        o: Options,
        hands: Vec<Vec<Card>>,
        stock: Option<Vec<Card>>,
        stock_left: usize,
        seen: Vec<Card>,
        leader: usize,
    ) -> PlayState {
        PlayState {
            o,
            hands,
            stock,
            stock_left,
            seen,
            pending: Vec::new(),
            spice_card: None,
            may_spice: false,
            owes_clean: [false; 2],
            cleaned: [false; 2],
            kings_played: 0,
            leads: Vec::new(),
            points: [0; 2],
            tricks: [0; 2],
            leader,
            trick: Vec::new(),
            phase_one: false,
            done: 0,
            last: None,
        }
    }

    /// The seat to play the next card.
    pub fn to_play(&self) -> usize {
        (self.leader + self.trick.len()) % SEATS
    }

    /// The cards of the trick in progress.
    pub fn trick(&self) -> Vec<Card> {
        self.trick.iter().map(|&(c, _)| c).collect()
    }

    /// Which cards of the trick in progress were played in the dark.
    pub fn trick_dark(&self) -> Vec<bool> {
        self.trick.iter().map(|&(_, d)| d).collect()
    }

    /// Tricks completed.
    pub fn tricks_done(&self) -> usize {
        self.done
    }

    /// Card points per side.
    pub fn points(&self) -> [u32; 2] {
        self.points
    }

    /// Tricks per side.
    pub fn tricks(&self) -> [u32; 2] {
        self.tricks
    }

    /// Per side, whether it must clean and has not (only with `clean`).
    pub fn dishonoured(&self) -> [bool; 2] {
        [0, 1].map(|s| self.o.clean && self.owes_clean[s] && !self.cleaned[s])
    }

    /// Whether the deal gives the stock (then the draws follow from it).
    pub fn stock_known(&self) -> bool {
        self.stock.is_some()
    }

    /// The top of the stock, when the deal gives the stock.
    pub fn top(&self) -> Option<Card> {
        let stock = self.stock.as_ref()?;
        stock.get(stock.len().checked_sub(self.stock_left)?).copied()
    }

    /// The seat whose draw is owed when the stock is not given (the record must write it).
    pub fn draw_missing(&self) -> Option<usize> {
        self.pending.first().copied().filter(|_| self.stock.is_none())
    }

    /// The card the last trick's winner may spice it with now, and who he is.
    pub fn spice_now(&self) -> Option<(usize, Card)> {
        if !self.may_spice || !self.trick.is_empty() {
            return None;
        }
        let winner = self.last.as_ref()?.winner;
        let card = match self.spice_card {
            Some(c) => c,
            None if self.pending.first() == Some(&winner) => self.top()?,
            None => return None,
        };
        Some((winner, card))
    }

    /// Makes the owed draws from the given stock, in order.
    pub fn draw_pending(&mut self) -> Vec<(usize, Card)> {
        let mut out = Vec::new();
        while let Some(&s) = self.pending.first() {
            let Some(top) = self.top() else { break };
            self.draw(s, top);
            out.push((s, top));
        }
        out
    }

    fn draw(&mut self, seat: usize, card: Card) {
        let first = self.pending.first() == Some(&seat);
        if !self.pending.is_empty() {
            self.pending.remove(0);
        }
        // The winner's draw is the card he may spice the trick with.
        let winner = self.last.as_ref().map(|t| t.winner);
        if first && winner == Some(seat) && self.may_spice {
            self.spice_card = Some(card);
        }
        if let Some(h) = self.hands.get_mut(seat) {
            h.push(card);
        }
        self.stock_left = self.stock_left.saturating_sub(1);
        if self.stock_left == 0 {
            self.pending.clear();
        }
    }

    /// Checks a card of the player to play, the owed draws made: the error, or nothing.
    fn check_card(&self, card: Card, dark: bool) -> Result<(), Refusal> {
        let seat = self.to_play();
        if self.done >= TRICKS {
            return Err(Refusal::Over);
        }
        if dark {
            if self.stock_left == 0 {
                return Err(Refusal::StockEmpty { seat });
            }
            match self.top() {
                Some(top) if top != card => return Err(Refusal::NotTop { top: Some(top), card }),
                Some(_) => {}
                None if self.seen.contains(&card) => return Err(Refusal::NotTop { top: None, card }),
                None => {}
            }
        } else if !self.hands.get(seat).is_some_and(|h| h.contains(&card)) {
            return Err(Refusal::NotHeld { seat, card });
        }
        let phase_one = if self.trick.is_empty() {
            self.stock_left > 0
        } else {
            self.phase_one
        };
        if card.rank == Rank::King && self.o.clean && phase_one && self.kings_played + 1 == 4 {
            return Err(Refusal::LastKing { seat });
        }
        if self.trick.is_empty() && self.o.lead_limit {
            let last3: Vec<&(usize, Rank)> = self.leads.iter().rev().take(3).collect();
            if last3.len() == 3 && last3.iter().all(|&&(s, r)| s == seat && r == card.rank) {
                return Err(Refusal::LeadLimit {
                    seat,
                    rank: card.rank,
                });
            }
        }
        Ok(())
    }

    /// The owed draws, made from a given stock, or the refusal of a card before them.
    fn draws_before_card(&self) -> Result<Option<PlayState>, Refusal> {
        if self.pending.is_empty() || !self.trick.is_empty() {
            return Ok(None);
        }
        if self.stock.is_none() {
            let seat = self.pending.first().copied().unwrap_or(0);
            return Err(Refusal::DrawMissing { seat });
        }
        let mut after = self.clone();
        after.draw_pending();
        Ok(Some(after))
    }

    fn play_card(&mut self, card: Card, dark: bool) -> Result<Event, Refusal> {
        if self.done >= TRICKS {
            return Err(Refusal::Over);
        }
        let mut draws = Vec::new();
        if let Some(after) = self.draws_before_card()? {
            after.check_card(card, dark)?;
            draws = self.draw_pending();
        } else {
            self.check_card(card, dark)?;
        }
        let seat = self.to_play();
        if self.trick.is_empty() {
            // A new trick: the spice of the last one is over.
            self.may_spice = false;
            self.spice_card = None;
            self.phase_one = self.stock_left > 0;
            self.leads.push((seat, card.rank));
        }
        if dark {
            if self.top().is_none() {
                self.seen.push(card);
            }
            self.stock_left = self.stock_left.saturating_sub(1);
        } else if let Some(h) = self.hands.get_mut(seat)
            && let Some(p) = h.iter().position(|&c| c == card)
        {
            h.remove(p);
        }
        if card.rank == Rank::King {
            self.kings_played += 1;
        }
        self.trick.push((card, dark));
        let trick = (self.trick.len() == SEATS).then(|| self.finish_trick());
        Ok(Event::Played {
            draws,
            seat,
            card,
            trick,
        })
    }

    fn finish_trick(&mut self) -> TrickDone {
        let (cards, dark): (Vec<Card>, Vec<bool>) = std::mem::take(&mut self.trick).into_iter().unzip();
        let leader = self.leader;
        let led = cards.first().map_or(Rank::Two, |c| c.rank);
        // The last card of the rank led wins; none after the lead, the leader (X61).
        let order = order_for(&Pack::French52.spec(), None);
        let win_at = winner(&order, WinRule::LastMatchingRank, &cards).unwrap_or(0);
        let w = (leader + win_at) % SEATS;
        let points: u32 = cards.iter().map(|c| self.o.count.value(c.rank)).sum();
        let s = side(w);
        if let (Some(p), Some(n)) = (self.points.get_mut(s), self.tricks.get_mut(s)) {
            *p += points;
            *n += 1;
        }
        if self.o.clean {
            if self.phase_one
                && cards.iter().any(|c| c.rank == Rank::Queen)
                && let Some(o) = self.owes_clean.get_mut(s)
            {
                *o = true;
            }
            if !self.phase_one
                && led != Rank::Queen
                && cards.iter().any(|c| c.rank == Rank::King)
                && let Some(c) = self.cleaned.get_mut(s)
            {
                *c = true;
            }
        }
        // The fill-up, from the winner round; who played in the dark does not draw (003r:62, 66).
        self.pending = (0..SEATS)
            .map(|k| (w + k) % SEATS)
            .filter(|&s| !dark.get((s + SEATS - leader) % SEATS).copied().unwrap_or(false))
            .collect();
        if self.stock_left == 0 {
            self.pending.clear();
        }
        self.may_spice = self.o.spice && self.stock_left > 0 && !dark.get(win_at).copied().unwrap_or(true);
        self.spice_card = None;
        self.leader = w;
        self.done += 1;
        let done = TrickDone {
            leader,
            cards,
            dark,
            winner: w,
            points,
        };
        self.last = Some(done.clone());
        done
    }

    fn say_draw(&mut self, seat: usize, card: Card) -> Result<Event, Refusal> {
        if self.pending.first() != Some(&seat) {
            return Err(Refusal::NotYourDraw {
                seat,
                next: self.pending.first().copied(),
            });
        }
        match self.top() {
            Some(top) if top != card => return Err(Refusal::NotTop { top: Some(top), card }),
            Some(_) => {}
            None if self.seen.contains(&card) => return Err(Refusal::NotTop { top: None, card }),
            None => self.seen.push(card),
        }
        self.draw(seat, card);
        Ok(Event::Drew { seat, card })
    }

    fn spice(&mut self, seat: usize, card: Card) -> Result<Event, Refusal> {
        let winner = self.last.as_ref().map(|t| t.winner);
        let mut after = self.clone();
        // With the stock given, the winner's draw is not written: it is made here.
        let mut draw = None;
        if after.spice_card.is_none()
            && after.may_spice
            && after.pending.first() == Some(&seat)
            && let Some(top) = after.top()
        {
            after.draw(seat, top);
            draw = Some((seat, top));
        }
        if !after.o.spice || winner != Some(seat) || after.spice_card != Some(card) {
            return Err(Refusal::NoSpice {
                seat,
                card,
                played: self.o.spice,
            });
        }
        after.spice_card = None;
        after.may_spice = false;
        let count = after.o.count;
        let Some(last) = after.last.as_mut() else {
            return Err(Refusal::NoSpice {
                seat,
                card,
                played: true,
            });
        };
        let win_at = (seat + SEATS - last.leader) % SEATS;
        let Some(slot) = last.cards.get_mut(win_at) else {
            return Err(Refusal::NoSpice {
                seat,
                card,
                played: true,
            });
        };
        let won_with = *slot;
        *slot = card;
        let before = last.points;
        last.points = last.cards.iter().map(|c| count.value(c.rank)).sum();
        let (cards, points) = (last.cards.clone(), last.points);
        if let Some(p) = after.points.get_mut(side(seat)) {
            *p = *p + points - before;
        }
        if let Some(h) = after.hands.get_mut(seat) {
            if let Some(pos) = h.iter().position(|&c| c == card) {
                h.remove(pos);
            }
            h.push(won_with);
        }
        *self = after;
        Ok(Event::Spiced {
            draw,
            seat,
            card,
            cards,
            points,
        })
    }

    /// The actions of the player to act: every card of his hand and the top of a given
    /// stock in the dark (the last king and a fourth lead refused as the profile says),
    /// and the spice when he may spice the last trick.
    pub fn actions(&self) -> Vec<Action> {
        if self.done >= TRICKS {
            return Vec::new();
        }
        let after = match self.draws_before_card() {
            Ok(Some(after)) => after,
            Ok(None) => self.clone(),
            Err(_) => return Vec::new(),
        };
        let seat = after.to_play();
        let mut out: Vec<Action> = Vec::new();
        if let Some(hand) = after.hands.get(seat) {
            for &card in hand {
                let a = Action::Play { card, dark: false };
                if !out.contains(&a) && after.check_card(card, false).is_ok() {
                    out.push(a);
                }
            }
        }
        if let Some(top) = after.top()
            && after.check_card(top, true).is_ok()
        {
            out.push(Action::Play {
                card: top,
                dark: true,
            });
        }
        if let Some((winner, card)) = self.spice_now() {
            out.push(Action::Spice { seat: winner, card });
        }
        out
    }
}

impl GameState for PlayState {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;
    type Legal = Vec<Action>;

    fn legal(&self) -> Vec<Action> {
        self.actions()
    }

    fn play(&mut self, action: Action) -> Result<Event, Refusal> {
        match action {
            Action::Play { card, dark } => self.play_card(card, dark),
            Action::Draw { seat, card } => self.say_draw(seat, card),
            Action::Spice { seat, card } => self.spice(seat, card),
        }
    }

    /// The check stops at an action the rules refuse, so nothing is played anyway.
    fn play_anyway(&mut self, _: Action) -> Option<Event> {
        None
    }

    fn is_over(&self) -> bool {
        self.done >= TRICKS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ristikontra::rules::by_name;
    use cards::Rank::*;
    use cards::Suit::*;

    fn c(s: cards::Suit, r: Rank) -> Card {
        Card::new(s, r)
    }

    fn variations() -> Options {
        by_name("wikipedia-003-variations")
            .map(|p| p.options)
            .expect("the profile")
    }

    /// 003r:93 (X64): a player who led the last three tricks with one rank may not lead it
    /// a fourth time; nobody matching the rank led, the leader takes each trick (X61).
    #[test]
    fn the_lead_limit_refuses_a_fourth_lead_of_the_rank() {
        let hands = vec![
            vec![
                c(Spades, Two),
                c(Hearts, Two),
                c(Diamonds, Two),
                c(Clubs, Two),
                c(Spades, Three),
            ],
            vec![
                c(Spades, Four),
                c(Hearts, Four),
                c(Diamonds, Four),
                c(Clubs, Four),
                c(Spades, Five),
            ],
            vec![
                c(Spades, Six),
                c(Hearts, Six),
                c(Diamonds, Six),
                c(Clubs, Six),
                c(Hearts, Five),
            ],
            vec![
                c(Spades, Seven),
                c(Hearts, Seven),
                c(Diamonds, Seven),
                c(Clubs, Seven),
                c(Diamonds, Five),
            ],
        ];
        let mut s = PlayState::new(variations(), hands.clone(), None, 0, Vec::new(), 0);
        for k in 0..3 {
            for h in &hands {
                let card = h[k];
                assert!(s.play(Action::Play { card, dark: false }).is_ok(), "{card}");
            }
        }
        assert_eq!(s.to_play(), 0);
        let two = Action::Play {
            card: c(Clubs, Two),
            dark: false,
        };
        assert!(!s.legal().contains(&two));
        assert_eq!(s.play(two), Err(Refusal::LeadLimit { seat: 0, rank: Two }));
        assert!(s.legal().contains(&Action::Play {
            card: c(Spades, Three),
            dark: false
        }));
    }

    /// 003r:98–101 (X66): under cleaning the last king may not be played while the stock
    /// lasts; a card in the dark is the stock's top only (003r:64–66).
    #[test]
    fn the_last_king_waits_for_the_stock_and_the_dark_card_is_the_top() {
        let hands = vec![
            vec![c(Spades, King), c(Spades, Two)],
            vec![c(Hearts, King), c(Hearts, Two)],
            vec![c(Diamonds, King), c(Diamonds, Two)],
            vec![c(Clubs, King), c(Clubs, Two)],
        ];
        let stock = vec![c(Spades, Ace), c(Hearts, Ace), c(Diamonds, Ace), c(Clubs, Ace)];
        let mut s = PlayState::new(variations(), hands, Some(stock), 4, Vec::new(), 0);
        for card in [c(Spades, King), c(Hearts, King), c(Diamonds, King)] {
            assert!(s.play(Action::Play { card, dark: false }).is_ok());
        }
        let king = c(Clubs, King);
        assert_eq!(
            s.play(Action::Play {
                card: king,
                dark: false
            }),
            Err(Refusal::LastKing { seat: 3 })
        );
        let legal = s.legal();
        assert_eq!(
            legal,
            [
                Action::Play {
                    card: c(Clubs, Two),
                    dark: false
                },
                Action::Play {
                    card: c(Spades, Ace),
                    dark: true
                },
            ]
        );
        assert_eq!(
            s.play(Action::Play {
                card: c(Hearts, Ace),
                dark: true
            }),
            Err(Refusal::NotTop {
                top: Some(c(Spades, Ace)),
                card: c(Hearts, Ace)
            })
        );
    }
}
