//! The play of a Pinochle deal as a [`GameState`]: tricks, and in the stock games the melds,
//! the dix and the draws between them.
//!
//! One state serves every profile. Without a stock (the four-hand games) it is the tricks
//! alone under the profile's duties. With a stock (two-hand) the winner of a trick may meld
//! and show or exchange the dix before the next lead; the draws happen when the next card is
//! led, because only then is the turn between tricks over. A refusal leaves the state as it
//! was, so the draws are worked out on a copy of the stock and committed with the lead.

use cards::{Card, Suit};

use crate::core::duties::{self, Duties, Duty, WinRule};
use crate::core::piles::Stock;
use crate::core::shown::{Shown, ShownCard, SourceError};
use crate::core::trick::TrickOrder;
use crate::core::{BySeat, CardCounts, GameState, Seat, Sides, Table};
use crate::pinochle::meld::{self, Class, MeldKind, MeldTable, ShapeError};
use crate::pinochle::rules::Counters;

mod partners;

/// A meld the rules accept: where its cards come from and its value.
#[derive(Clone, Debug, Default)]
struct Checked {
    /// The cards of the melder's hand and table.
    sourcing: crate::core::shown::Sourcing,
    /// The partner and the copies taken from his table, when the meld uses them.
    partner: Option<(Seat, crate::core::shown::Sourcing)>,
    value: u32,
}

/// What a player does during the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A card played to the trick; `from_table` when written `@table`.
    Play {
        /// The card.
        card: Card,
        /// Whether the record says it comes from a meld on the table.
        from_table: bool,
    },
    /// A meld laid down by the winner of the last trick (two-hand), or the dix shown.
    Meld {
        /// The kind named.
        kind: MeldKind,
        /// Its cards.
        cards: CardCounts,
        /// The cards written `@table`.
        marked: CardCounts,
        /// The cards taken from the partner's table (written `@SEAT`, partnership Bezique).
        partner: CardCounts,
    },
    /// The winner of the last trick passes the privilege of declaring to his partner
    /// (partnership Bezique, seed 000, 000:582).
    Yield {
        /// The partner.
        to: Seat,
    },
    /// The dix exchanged for the turned trump card (two-hand).
    Exchange {
        /// The dix given.
        card: Card,
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
    /// The counters among its cards (the last trick's bonus apart).
    pub points: u32,
    /// Whether it was the last trick.
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
        /// Whether it came from the table.
        from_table: bool,
        /// The draws made before this lead, winner first.
        draws: Vec<(Seat, Card)>,
        /// The trick, when this card completed it.
        trick: Option<TrickDone>,
    },
    /// A meld scored.
    Melded {
        /// Who melded.
        seat: Seat,
        /// The kind.
        kind: MeldKind,
        /// The value scored.
        value: u32,
    },
    /// The winner of the trick yielded the turn to his partner (partnership Bezique).
    Yielded {
        /// The winner.
        from: Seat,
        /// His partner.
        to: Seat,
    },
    /// The dix went under the stock and the trump card to the player.
    Exchanged {
        /// Who exchanged.
        seat: Seat,
        /// The dix.
        gave: Card,
        /// The trump card taken.
        took: Card,
    },
}

/// Why the rules refuse an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Every trick has been played.
    Over,
    /// The card is neither in the player's hand nor on the table before him.
    NotHeld {
        /// The player.
        seat: Seat,
        /// The card.
        card: Card,
        /// Whether the record said `@table`.
        from_table: bool,
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
    /// Melding or exchanging is for the winner of the last trick, between tricks, while
    /// the stock lasts.
    NotNow,
    /// One meld a turn (the dix apart).
    SecondMeld,
    /// The cards are not the kind's.
    Shape(ShapeError),
    /// A card of the meld is not held.
    MeldNotHeld(Card),
    /// Every card of the meld lies on the table already.
    NoCardFromHand,
    /// A card on the table served in a meld of the same class worth as much or more.
    Remeld(Card),
    /// Every dix the player has held has been counted.
    DixCounted,
    /// The dix to exchange is not held, or the turned card is gone.
    NoExchange,
    /// A rule of the partnership game: the yield, and the partner's cards in a meld.
    Partnership(PartnerRefusal),
}

pub use partners::PartnerRefusal;

/// The note each card on the table keeps of a meld it served in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeldNote {
    /// The meld's class.
    pub class: Class,
    /// Its value.
    pub value: u32,
    /// Its kind (for the tables that let a card serve again in its own kind).
    pub kind: MeldKind,
}

/// The rules a play runs under.
#[derive(Clone, Copy, Debug)]
pub struct PlayRules {
    /// The table.
    pub table: Table,
    /// The sides.
    pub sides: Sides,
    /// The trump suit.
    pub trump: Suit,
    /// The duties once the stock is gone (the whole play without one).
    pub duties: Duties,
    /// The meld table (two-hand melds).
    pub melds: MeldTable,
    /// The counting scheme.
    pub counters: Counters,
    /// The last trick's bonus.
    pub last_trick: u32,
    /// Whether the winner may meld when the stock is down to its last face-down card and
    /// the turned card (two-hand Pinochle: "may meld … and then must draw", 000:91; Bezique:
    /// he "may not declare", 000:566, `notation-growth.md` X38).
    pub meld_on_last_draw: bool,
    /// Whether no trump is turned and the first marriage (or a sequence before one) makes
    /// its suit trumps (Bezique without turning trump, seed 000, 000:572; `trump` is then
    /// only a placeholder until it does).
    pub trump_by_marriage: bool,
    /// A suit that may not become trumps by a first marriage (Six-Pack Bezique's previous
    /// trump, 000:671): its marriage counts 20 and its sequence as a plain suit's.
    pub barred_trump: Option<Suit>,
}

/// A deal in play.
#[derive(Clone, Debug)]
pub struct PlayState {
    rules: PlayRules,
    pack: cards::PackSpec,
    trump_known: bool,
    order: TrickOrder,
    hands: BySeat<CardCounts>,
    shown: BySeat<Shown<MeldNote>>,
    stock: Option<Stock>,
    trick: Vec<(Seat, Card)>,
    to_play: Seat,
    tricks_left: usize,
    /// The winner of the last trick while the turn between tricks lasts (stock games).
    turn: Option<Seat>,
    melded: bool,
    taken: BySeat<u32>,
    tricks_won: BySeat<u32>,
    scoring_won: BySeat<u32>,
    meld_points: BySeat<u32>,
    dix_counted: BySeat<u8>,
    dix_given: BySeat<u8>,
    /// The partner the winner yielded the turn to (partnership Bezique).
    yielded_to: Option<Seat>,
    /// Whether the winner has declared, shown or exchanged this turn (no yield after).
    acted: bool,
    /// Whether the partner the turn was yielded to has passed (`S passes`): nobody declares
    /// for the rest of the turn (partnership Bezique).
    partner_passed: bool,
}

impl PlayState {
    /// A play from the dealt `hands` (after any exchange), `leader` leading, with the stock
    /// of a two-hand game.
    pub fn new(
        rules: PlayRules,
        pack: &cards::PackSpec,
        hands: BySeat<CardCounts>,
        leader: Seat,
        stock: Option<Stock>,
    ) -> PlayState {
        let cards: usize =
            hands.values().map(CardCounts::len).sum::<usize>() + stock.as_ref().map_or(0, Stock::len);
        let tricks_left = cards / rules.table.len().max(1);
        let mut state = PlayState {
            order: duties::order_for(pack, (!rules.trump_by_marriage).then_some(rules.trump)),
            pack: pack.clone(),
            trump_known: !rules.trump_by_marriage,
            shown: BySeat::new(rules.table),
            stock,
            trick: Vec::new(),
            to_play: leader,
            tricks_left,
            turn: None,
            melded: false,
            taken: BySeat::new(rules.table),
            tricks_won: BySeat::new(rules.table),
            scoring_won: BySeat::new(rules.table),
            meld_points: BySeat::new(rules.table),
            dix_counted: BySeat::new(rules.table),
            dix_given: BySeat::new(rules.table),
            yielded_to: None,
            acted: false,
            partner_passed: false,
            hands,
            rules,
        };
        // A dealer who turns the dix scores 10 at once (seed 000, 000:89); in the stock
        // games the dealer's left leads, so the dealer is the seat before the leader.
        if let Some(turned) = state.stock.as_ref().and_then(Stock::turned)
            && turned == state.dix()
        {
            let dealer = rules.table.before(leader);
            state.meld_points[dealer] += rules.melds.dix;
        }
        state
    }

    fn dix(&self) -> Card {
        Card::new(self.rules.trump, self.rules.melds.dix_rank)
    }

    /// The trump suit, once known (always, but in a game whose first marriage makes it).
    pub fn trump(&self) -> Option<Suit> {
        self.trump_known.then_some(self.rules.trump)
    }

    /// The kind a meld counts as, and the trump suit it makes: before trump is known the
    /// first marriage is in trumps and a sequence makes its suit trumps (X39).
    fn meld_trump(&self, kind: MeldKind, cards: &CardCounts) -> (MeldKind, Suit, Option<Suit>) {
        if self.trump_known {
            return (kind, self.rules.trump, None);
        }
        if let (Some(barred), Some(c)) = (self.rules.barred_trump, cards.iter().next())
            && c.suit == barred
        {
            // Read against another suit as trumps, so that the barred suit is a plain one.
            let other = Suit::ALL.into_iter().find(|&s| s != barred).unwrap_or(barred);
            return match kind {
                MeldKind::Royal | MeldKind::Marriage => (MeldKind::Marriage, other, None),
                MeldKind::Run | MeldKind::BackDoor => (MeldKind::BackDoor, other, None),
                _ => (kind, self.rules.trump, None),
            };
        }
        match (kind, cards.iter().next()) {
            (MeldKind::Marriage | MeldKind::Royal, Some(c)) => (MeldKind::Royal, c.suit, Some(c.suit)),
            (MeldKind::Run | MeldKind::BackDoor, Some(c)) => (MeldKind::Run, c.suit, Some(c.suit)),
            _ => (kind, self.rules.trump, None),
        }
    }

    /// The seat to play next.
    pub fn to_play(&self) -> Seat {
        self.to_play
    }

    /// The seat that may meld now (the last trick's winner between tricks), if any.
    pub fn turn(&self) -> Option<Seat> {
        self.turn
    }

    /// Whether the stock still has cards for a round of draws (the free phase of a stock
    /// game). At two seats every stock is even; at three the 64-card pack leaves one card
    /// over, which is never drawn (spec/rules/pinochle.md §2a).
    pub fn stock_lasts(&self) -> bool {
        self.stock.as_ref().is_some_and(|s| self.round_left(s))
    }

    /// The card left in a stock that no longer gives a round of draws, if any.
    pub fn left_over(&self) -> Option<Card> {
        self.stock
            .as_ref()
            .filter(|s| !self.round_left(s))
            .and_then(Stock::top)
    }

    fn round_left(&self, stock: &Stock) -> bool {
        !stock.is_empty() && stock.len() >= self.rules.table.len()
    }

    /// The cards a seat holds in its hand.
    pub fn hand(&self, seat: Seat) -> CardCounts {
        self.hands[seat]
    }

    /// The cards a seat has lying in melds.
    pub fn shown(&self, seat: Seat) -> CardCounts {
        self.shown[seat].counts()
    }

    /// Counters taken per seat, last trick's bonus included.
    pub fn taken(&self) -> &BySeat<u32> {
        &self.taken
    }

    /// Tricks won per seat.
    pub fn tricks_won(&self) -> &BySeat<u32> {
        &self.tricks_won
    }

    /// Tricks won per seat that count something: a counter among the cards, or the last
    /// trick's bonus (Double-Pack Pinochle's "scoring trick", seed 000, 000:311–312).
    pub fn scoring_tricks(&self) -> &BySeat<u32> {
        &self.scoring_won
    }

    /// Meld points scored during the play per seat (two-hand; the dealer's turned dix too).
    pub fn meld_points(&self) -> &BySeat<u32> {
        &self.meld_points
    }

    /// Tricks still to play.
    pub fn tricks_left(&self) -> usize {
        self.tricks_left
    }

    /// The draws the next lead will make, winner first (none outside the turn between
    /// tricks or when the stock gives no more rounds): what a player drawing for carte
    /// blanche shows (000:663).
    pub fn next_draws(&self) -> Vec<(Seat, Card)> {
        self.pending_draws().0
    }

    /// The cards of the trick so far.
    pub fn trick(&self) -> &[(Seat, Card)] {
        &self.trick
    }

    /// The draws the next lead will make, and the stock after them.
    fn pending_draws(&self) -> (Vec<(Seat, Card)>, Option<Stock>) {
        match (self.turn, &self.stock) {
            (Some(winner), Some(stock)) if self.trick.is_empty() && self.round_left(stock) => {
                let mut after = stock.clone();
                let draws = after.draw_round(self.rules.table, winner).unwrap_or_default();
                (draws, Some(after))
            }
            _ => (Vec::new(), None),
        }
    }

    /// What `seat` holds for play once `draws` are made: the hand and the table, or all in
    /// hand when the draws use the stock up.
    fn holding_after(
        &self,
        seat: Seat,
        draws: &[(Seat, Card)],
        stock_after: Option<&Stock>,
    ) -> (CardCounts, CardCounts) {
        let mut hand = self.hands[seat];
        for &(s, c) in draws {
            if s == seat {
                hand.add(c);
            }
        }
        let table = self.shown[seat].counts();
        let exhausted = match stock_after {
            Some(s) => !self.round_left(s),
            None => !self.stock_lasts(),
        };
        if exhausted {
            (hand.plus(&table), CardCounts::EMPTY)
        } else {
            (hand, table)
        }
    }

    fn duties_now(&self, stock_after: Option<&Stock>) -> Duties {
        let lasts = match stock_after {
            Some(s) => self.round_left(s),
            None => self.stock_lasts(),
        };
        if lasts { Duties::FREE } else { self.rules.duties }
    }

    fn partner_winning(&self, me: Seat) -> bool {
        duties::partner_winning(&self.order, WinRule::Highest, self.rules.sides, &self.trick, me)
    }

    /// The cards `seat` may play now, hand and table together.
    pub fn legal_cards(&self) -> CardCounts {
        let (draws, after) = self.pending_draws();
        let seat = self.to_play;
        let (hand, table) = self.holding_after(seat, &draws, after.as_ref());
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        duties::legal(
            &self.order,
            self.duties_now(after.as_ref()),
            &hand.plus(&table),
            &cards,
            self.partner_winning(seat),
        )
    }

    fn check_play(&self, card: Card, from_table: bool) -> Result<(), Refusal> {
        if self.tricks_left == 0 {
            return Err(Refusal::Over);
        }
        let seat = self.to_play;
        let (draws, after) = self.pending_draws();
        let (hand, table) = self.holding_after(seat, &draws, after.as_ref());
        let held = if from_table && !table.is_empty() {
            table.contains(card)
        } else {
            hand.contains(card) || table.contains(card)
        };
        if !held {
            return Err(Refusal::NotHeld {
                seat,
                card,
                from_table,
            });
        }
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        duties::check_play(
            &self.order,
            self.duties_now(after.as_ref()),
            &hand.plus(&table),
            &cards,
            self.partner_winning(seat),
            card,
        )
        .map_err(|e| match e {
            duties::PlayError::NotHeld(card) => Refusal::NotHeld {
                seat,
                card,
                from_table,
            },
            duties::PlayError::Breach { card, duty, allowed } => Refusal::Breach {
                seat,
                card,
                duty,
                allowed,
            },
        })
    }

    /// Plays a card, checked or not: the pending draws, then the card from where it lies.
    fn apply_play(&mut self, card: Card, from_table: bool) -> Event {
        let seat = self.to_play;
        let (draws, after) = self.pending_draws();
        if let Some(after) = after {
            for &(s, c) in &draws {
                self.hands[s].add(c);
            }
            if !self.round_left(&after) {
                // The stock is gone: the melds go back into the hands for the playoff.
                for s in self.rules.table.seats() {
                    let back = self.shown[s].take_all();
                    self.hands[s] = self.hands[s].plus(&back);
                }
            }
            self.stock = Some(after);
        }
        self.turn = None;
        self.melded = false;
        self.yielded_to = None;
        self.acted = false;
        self.partner_passed = false;
        let on_table = self.shown[seat].counts().contains(card);
        let took_from_table = if (from_table || !self.hands[seat].contains(card)) && on_table {
            self.shown[seat].take(card)
        } else {
            self.hands[seat].remove(card);
            false
        };
        self.trick.push((seat, card));
        let mut done = None;
        if self.trick.len() >= self.rules.table.len() {
            done = Some(self.finish_trick());
        } else {
            self.to_play = self.rules.table.next(seat);
        }
        Event::Played {
            seat,
            card,
            from_table: took_from_table,
            draws,
            trick: done,
        }
    }

    fn finish_trick(&mut self) -> TrickDone {
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        let pos = duties::winner(&self.order, WinRule::Highest, &cards).unwrap_or(0);
        let leader = self.trick.first().map_or(self.to_play, |&(s, _)| s);
        let winner = self.trick.get(pos).map_or(leader, |&(s, _)| s);
        self.tricks_left = self.tricks_left.saturating_sub(1);
        let last = self.tricks_left == 0;
        let points: u32 = cards.iter().map(|c| self.rules.counters.value(c.rank)).sum();
        self.taken[winner] += points + if last { self.rules.last_trick } else { 0 };
        self.tricks_won[winner] += 1;
        if points > 0 || (last && self.rules.last_trick > 0) {
            self.scoring_won[winner] += 1;
        }
        self.to_play = winner;
        if self.stock_lasts() {
            self.turn = Some(winner);
        }
        TrickDone {
            leader,
            plays: std::mem::take(&mut self.trick),
            winner,
            points,
            last,
        }
    }

    fn turn_seat(&self) -> Result<Seat, Refusal> {
        if self.partner_passed {
            return Err(Refusal::Partnership(PartnerRefusal::AfterPass));
        }
        match self.turn {
            Some(winner)
                if self.trick.is_empty()
                    && self.stock_lasts()
                    && (self.rules.meld_on_last_draw
                        || self
                            .stock
                            .as_ref()
                            .is_some_and(|st| st.len() > self.rules.table.len())) =>
            {
                Ok(self.yielded_to.unwrap_or(winner))
            }
            _ => Err(Refusal::NotNow),
        }
    }

    /// Checks a meld of the trick's winner (or of the partner he yielded to); the sourcing
    /// of its cards and its value. `partner` are the cards taken from the partner's table.
    fn check_meld(
        &self,
        kind: MeldKind,
        cards: &CardCounts,
        marked: &CardCounts,
        partner: &CardCounts,
    ) -> Result<Checked, Refusal> {
        let seat = self.turn_seat()?;
        let (kind, trump, _) = self.meld_trump(kind, cards);
        if kind == MeldKind::Dix && self.rules.trump_by_marriage {
            // No count for the seven of trumps without a turned trump (000:572).
            return Err(Refusal::Shape(ShapeError::NotInTable));
        }
        let value = meld::shape(&self.rules.melds, kind, trump, cards).map_err(Refusal::Shape)?;
        let hand = self.hands[seat];
        if kind == MeldKind::Dix {
            // The dix is shown, not laid down (seed 000, 000:89), once per card held.
            let dix = self.dix();
            let held = hand.count(dix) + self.shown[seat].counts().count(dix);
            if held == 0 {
                return Err(Refusal::MeldNotHeld(dix));
            }
            if self.dix_counted[seat] >= held + self.dix_given[seat] {
                return Err(Refusal::DixCounted);
            }
            return Ok(Checked {
                value,
                ..Checked::default()
            });
        }
        self.unknown_trump(kind)?;
        if self.melded {
            return Err(Refusal::SecondMeld);
        }
        let may_serve = self.may_serve(seat, kind, cards, value);
        let to_refusal = |e| match e {
            SourceError::NotHeld(c) => Refusal::MeldNotHeld(c),
            SourceError::MayNotServe(c) => Refusal::Remeld(c),
        };
        // The restrictions in the seed's order: a card from the hand (000:83), then the rule
        // for cards melded again (000:85).
        let partner_part = self.partner_sourcing(seat, kind, partner, &may_serve)?;
        let cards = &cards.minus(partner);
        let any = self.shown[seat]
            .source(cards, marked, &hand, |_| true)
            .map_err(to_refusal)?;
        if any.from_hand.is_empty() {
            return Err(Refusal::NoCardFromHand);
        }
        let sourcing = self.shown[seat]
            .source(cards, marked, &hand, may_serve)
            .map_err(to_refusal)?;
        if sourcing.from_hand.is_empty() {
            return Err(Refusal::NoCardFromHand);
        }
        Ok(Checked {
            sourcing,
            partner: partner_part,
            value,
        })
    }

    /// Refuses a kind whose cards depend on a trump suit not yet made (the sets in trumps,
    /// and Six-Pack's bezique by trump, 000:625–657).
    fn unknown_trump(&self, kind: MeldKind) -> Result<(), Refusal> {
        if !self.trump_known && self.rules.melds.needs_trump(kind) {
            return Err(Refusal::Shape(ShapeError::NotTheKind { expected: None }));
        }
        Ok(())
    }

    /// The rule for a card on the table serving in a new meld of `kind` worth `value`: in
    /// another class, or a higher meld of its class (000:85, 000:559); and, where the table
    /// allows it (Six-Pack and Rubicon Bezique, 000:677, 000:714), in its own kind once the
    /// meld it served in is broken, but not while the whole meld still lies on the table
    /// among the cards of that kind.
    fn may_serve(
        &self,
        seat: Seat,
        kind: MeldKind,
        cards: &CardCounts,
        value: u32,
    ) -> impl Fn(&ShownCard<MeldNote>) -> bool + use<> {
        let class = kind.class();
        let again = self.rules.melds.same_kind_again && {
            let mut of_kind = CardCounts::EMPTY;
            for c in self.shown[seat].cards() {
                if c.melds.iter().any(|m| m.kind == kind) {
                    of_kind.add(c.card);
                }
            }
            !cards.is_subset(&of_kind)
        };
        move |c: &ShownCard<MeldNote>| {
            c.melds
                .iter()
                .all(|m| m.class != class || m.value < value || (again && m.kind == kind))
        }
    }

    /// Announces a declaration without scoring it (the pending declarations of 000:557 and
    /// 000:683): the winner of the trick (or the partner he yielded to), at his turn, shows
    /// cards that form it; those from the hand go onto the table. In the partnership game
    /// `partner` are cards of the partner's table it takes (000:582): they stay there, and
    /// must still lie there when it is scored. The rule for cards declared again is applied
    /// when it is scored ([`PlayState::score_pending`]). Returns the kind as it counts and
    /// its value.
    pub fn announce(
        &mut self,
        kind: MeldKind,
        cards: &CardCounts,
        marked: &CardCounts,
        partner: &CardCounts,
    ) -> Result<(MeldKind, u32), Refusal> {
        let seat = self.turn_seat()?;
        let (kind, trump, _) = self.meld_trump(kind, cards);
        if kind == MeldKind::Dix {
            return Err(Refusal::Shape(ShapeError::NotInTable));
        }
        self.unknown_trump(kind)?;
        let value = meld::shape(&self.rules.melds, kind, trump, cards).map_err(Refusal::Shape)?;
        // The partner's cards must lie on his table now; whether they may serve is judged
        // when the declaration scores, as for one's own.
        self.partner_sourcing(seat, kind, partner, &|_: &ShownCard<MeldNote>| true)?;
        let own = cards.minus(partner);
        if !partner.is_empty() && own.is_empty() {
            // "Cards from his own hand … in combination with" the partner's (000:582): a
            // combination wholly of the partner's table is his to declare, not this player's.
            return Err(Refusal::NoCardFromHand);
        }
        let hand = self.hands[seat];
        let sourcing = self.shown[seat]
            .source(&own, marked, &hand, |_| true)
            .map_err(|e| match e {
                SourceError::NotHeld(c) | SourceError::MayNotServe(c) => Refusal::MeldNotHeld(c),
            })?;
        self.hands[seat] = hand.minus(&sourcing.from_hand);
        self.shown[seat].put(&sourcing.from_hand);
        // Announcing is declaring without scoring: in the partnership game the winner who
        // announced has used the privilege and may no longer yield it (000:582).
        self.acted = true;
        Ok((kind, value))
    }

    /// The declarations the seat to declare may announce now (000:557, 000:683): those the
    /// state lets him announce that could still count when scored, as the table stands (the
    /// rule for cards declared again). The turn's one declaration does not bar them, nor do
    /// cards all on his table already (000:684: the K on the table, the Q just declared in
    /// the bezique). Empty when no one declares now.
    pub fn announceable(&self) -> Vec<Action> {
        let Ok(seat) = self.turn_seat() else {
            return Vec::new();
        };
        self.meld_candidates(seat)
            .into_iter()
            .filter(|&(kind, cards, partner)| {
                let mut after = self.clone();
                if after
                    .announce(kind, &cards, &CardCounts::EMPTY, &partner)
                    .is_err()
                {
                    return false;
                }
                after.melded = false;
                after.score_pending(kind, &cards, &partner).is_ok()
            })
            .map(|(kind, cards, partner)| Action::Meld {
                kind,
                cards,
                marked: CardCounts::EMPTY,
                partner,
            })
            .collect()
    }

    /// Scores a declaration announced at an earlier turn (000:683–684): at the turn of the
    /// winner of a trick, as his one declaration; every card lies on the table already (the
    /// `partner` cards on the partner's, as when it was announced), and the rule for cards
    /// declared again holds, for the partner's cards as for one's own (000:582). A card no
    /// longer on the table is [`Refusal::MeldNotHeld`].
    pub fn score_pending(
        &mut self,
        kind: MeldKind,
        cards: &CardCounts,
        partner: &CardCounts,
    ) -> Result<Event, Refusal> {
        let seat = self.turn_seat()?;
        let (kind, trump, makes) = self.meld_trump(kind, cards);
        self.unknown_trump(kind)?;
        if self.melded {
            return Err(Refusal::SecondMeld);
        }
        let value = meld::shape(&self.rules.melds, kind, trump, cards).map_err(Refusal::Shape)?;
        let may_serve = self.may_serve(seat, kind, cards, value);
        let partner_part = self.partner_sourcing(seat, kind, partner, &may_serve)?;
        let own = cards.minus(partner);
        let sourcing = self.shown[seat]
            .source(&own, &own, &CardCounts::EMPTY, may_serve)
            .map_err(|e| match e {
                SourceError::NotHeld(c) => Refusal::MeldNotHeld(c),
                SourceError::MayNotServe(c) => Refusal::Remeld(c),
            })?;
        if let Some(trump) = makes {
            self.rules.trump = trump;
            self.trump_known = true;
            self.order = duties::order_for(&self.pack, Some(trump));
        }
        let checked = Checked {
            sourcing,
            partner: partner_part,
            value,
        };
        Ok(self.apply_meld(seat, kind, &checked))
    }

    fn apply_meld(&mut self, seat: Seat, kind: MeldKind, checked: &Checked) -> Event {
        let (sourcing, value) = (&checked.sourcing, checked.value);
        self.acted = true;
        if let Some((partner, from)) = &checked.partner {
            self.shown[*partner].lay(
                from,
                MeldNote {
                    class: kind.class(),
                    value,
                    kind,
                },
            );
        }
        if kind == MeldKind::Dix {
            self.dix_counted[seat] += 1;
        } else {
            self.melded = true;
            self.hands[seat] = self.hands[seat].minus(&sourcing.from_hand);
            self.shown[seat].lay(
                sourcing,
                MeldNote {
                    class: kind.class(),
                    value,
                    kind,
                },
            );
        }
        self.meld_points[seat] += value;
        Event::Melded { seat, kind, value }
    }

    fn check_exchange(&self, card: Card) -> Result<Seat, Refusal> {
        let seat = self.turn_seat()?;
        let held = self.hands[seat].contains(card) || self.shown[seat].counts().contains(card);
        let turned = self.stock.as_ref().and_then(Stock::turned);
        match turned {
            Some(t) if held && card == self.dix() && t != card => Ok(seat),
            _ => Err(Refusal::NoExchange),
        }
    }

    fn apply_exchange(&mut self, seat: Seat, card: Card) -> Option<Event> {
        let stock = self.stock.as_mut()?;
        let took = stock.exchange_turned(card).ok()?;
        if !self.hands[seat].remove(card) {
            self.shown[seat].take(card);
        }
        self.hands[seat].add(took);
        self.dix_given[seat] += 1;
        self.acted = true;
        Some(Event::Exchanged {
            seat,
            gave: card,
            took,
        })
    }

    /// The combinations `seat` holds in hand, on his table and on his partner's, each with
    /// the cards it takes from the partner's table.
    fn meld_candidates(&self, seat: Seat) -> Vec<(MeldKind, CardCounts, CardCounts)> {
        let holding = self.hands[seat]
            .plus(&self.shown[seat].counts())
            .plus(&self.partner_table(seat));
        // Before trump is known a marriage or sequence of any suit may make it.
        let suits: Vec<Suit> = if self.trump_known {
            vec![self.rules.trump]
        } else {
            cards::Suit::ALL.to_vec()
        };
        let candidates = |kind: MeldKind| -> Vec<CardCounts> {
            match kind {
                // A back door is a plain suit's sequence: none before trump is known.
                MeldKind::BackDoor if !self.trump_known => Vec::new(),
                MeldKind::Run | MeldKind::Royal => suits
                    .iter()
                    .flat_map(|&t| meld::candidates(&self.rules.melds, kind, t, &holding))
                    .collect(),
                _ => meld::candidates(&self.rules.melds, kind, self.rules.trump, &holding),
            }
        };
        MeldKind::ALL
            .into_iter()
            .flat_map(|kind| candidates(kind).into_iter().map(move |cards| (kind, cards)))
            // The hand goes first, but a meld that needs a table card reuses one, and what
            // neither has comes from the partner's table.
            .map(|(kind, cards)| (kind, cards, self.partner_part(seat, &cards)))
            .collect()
    }

    /// Every action the player to act may take: the legal cards and, between tricks of a
    /// stock game, the melds the winner may lay, the dix to show and to exchange.
    pub fn actions(&self) -> Vec<Action> {
        let mut out: Vec<Action> = self
            .legal_cards()
            .iter_distinct()
            .map(|(card, _)| Action::Play {
                card,
                from_table: false,
            })
            .collect();
        if let Ok(seat) = self.turn_seat() {
            for (kind, cards, partner) in self.meld_candidates(seat) {
                if self
                    .check_meld(kind, &cards, &CardCounts::EMPTY, &partner)
                    .is_ok()
                {
                    out.push(Action::Meld {
                        kind,
                        cards,
                        marked: CardCounts::EMPTY,
                        partner,
                    });
                }
            }
            let dix = self.dix();
            if self.check_exchange(dix).is_ok() {
                out.push(Action::Exchange { card: dix });
            }
            out.extend(self.yields());
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
        if self.is_over() {
            Vec::new()
        } else {
            self.actions()
        }
    }

    fn play(&mut self, action: Action) -> Result<Event, Refusal> {
        match action {
            Action::Play { card, from_table } => {
                self.check_play(card, from_table)?;
                Ok(self.apply_play(card, from_table))
            }
            Action::Meld {
                kind,
                cards,
                marked,
                partner,
            } => {
                let checked = self.check_meld(kind, &cards, &marked, &partner)?;
                let seat = self.turn_seat()?;
                let (kind, _, makes) = self.meld_trump(kind, &cards);
                if let Some(trump) = makes {
                    self.rules.trump = trump;
                    self.trump_known = true;
                    self.order = duties::order_for(&self.pack, Some(trump));
                }
                Ok(self.apply_meld(seat, kind, &checked))
            }
            Action::Yield { to } => {
                let from = self.check_yield(to)?;
                Ok(self.apply_yield(from, to))
            }
            Action::Exchange { card } => {
                let seat = self.check_exchange(card)?;
                self.apply_exchange(seat, card).ok_or(Refusal::NoExchange)
            }
        }
    }

    /// A card is played as written even when the rules refuse it (taken from wherever the
    /// player has it, or from nowhere), so that the tricks after it are still checked. A meld
    /// or an exchange the rules refuse is never applied: it would score or move cards the
    /// player may not have.
    fn play_anyway(&mut self, action: Action) -> Option<Event> {
        match action {
            Action::Play { card, from_table } if !self.is_over() => Some(self.apply_play(card, from_table)),
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        self.tricks_left == 0
    }
}
