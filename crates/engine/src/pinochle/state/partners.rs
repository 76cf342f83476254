//! The partnership game of four-hand Bezique (seed 000, 000:582–586) on the play state: the
//! winner of a trick may yield the privilege of declaring to his partner, and a declaration
//! may take cards the partner declared that still lie on his table.
//!
//! The notes each table card keeps of the melds it served in are shared by the pair: a card
//! of the partner's table serves under the same rule for cards declared again as one's own
//! (a card serves again only in a meld of another class, or in a higher one of its class),
//! which is how the seed's "he may not declare any combination that the partner could not
//! legally declare" reads, and the meld made with it is noted on it for either partner.

use cards::Card;

use super::{Action, Event, MeldNote, PlayState, Refusal};
use crate::core::shown::{ShownCard, SourceError, Sourcing};
use crate::core::{CardCounts, Seat, Sides};
use crate::pinochle::meld::MeldKind;

/// Why the partnership rules refuse an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartnerRefusal {
    /// No yield now: not between tricks, not a partnership, or the winner may not declare.
    NoYieldNow,
    /// The turn was yielded already.
    YieldTwice,
    /// The winner declared, announced, showed or exchanged before yielding.
    YieldAfterDeclaring,
    /// The seat yielded to is not the winner's partner.
    NotPartner(Seat),
    /// A declaration by the winner after he yielded, or by his partner without a yield.
    AfterYield,
    /// A card of the partner's table may not serve in this meld, as it could not for the
    /// partner (000:582).
    PartnerBars(Card),
    /// A double or triple bezique must come from one player's hand (000:586).
    NotOneHand,
    /// A declaration, exchange or yield after the partner passed this turn.
    AfterPass,
    /// A pass by a seat the turn was not yielded to, a second pass, or one after the lead.
    NoPassNow,
}

impl PlayState {
    /// The partner of `seat` when the sides are partnerships across the table.
    pub fn partner_of(&self, seat: Seat) -> Option<Seat> {
        match self.rules.sides {
            Sides::Alternating => Sides::Alternating
                .side(self.rules.table, seat)
                .into_iter()
                .find(|&s| s != seat),
            _ => None,
        }
    }

    /// The partner the winner of the last trick yielded the turn to, while the turn lasts.
    pub fn yielded_to(&self) -> Option<Seat> {
        self.yielded_to
    }

    /// The cards lying on the table of `seat`'s partner (none outside a partnership).
    pub(super) fn partner_table(&self, seat: Seat) -> CardCounts {
        self.partner_of(seat)
            .map_or(CardCounts::EMPTY, |p| self.shown[p].counts())
    }

    /// The cards of `meld` that neither the hand nor the table of `seat` can give: those a
    /// meld of the bots and the generator takes from the partner's table.
    pub(super) fn partner_part(&self, seat: Seat, meld: &CardCounts) -> CardCounts {
        if self.partner_of(seat).is_none() {
            return CardCounts::EMPTY;
        }
        meld.minus(&self.hands[seat].plus(&self.shown[seat].counts()))
    }

    /// The copies of `cards` taken from the partner's table for a meld of `kind` by `seat`,
    /// each under the rule for cards declared again.
    pub(super) fn partner_sourcing(
        &self,
        seat: Seat,
        kind: MeldKind,
        cards: &CardCounts,
        may_serve: &impl Fn(&ShownCard<MeldNote>) -> bool,
    ) -> Result<Option<(Seat, Sourcing)>, Refusal> {
        let Some(first) = cards.iter().next() else {
            return Ok(None);
        };
        let Some(partner) = self.partner_of(seat) else {
            return Err(Refusal::MeldNotHeld(first));
        };
        // "Only if all the cards come from the hand of the same player" (000:586).
        if matches!(
            kind,
            MeldKind::DoublePinochle | MeldKind::TriplePinochle | MeldKind::QuadruplePinochle
        ) {
            return Err(Refusal::Partnership(PartnerRefusal::NotOneHand));
        }
        self.shown[partner]
            .source(cards, cards, &CardCounts::EMPTY, may_serve)
            .map(|s| Some((partner, s)))
            .map_err(|e| match e {
                SourceError::NotHeld(c) => Refusal::MeldNotHeld(c),
                SourceError::MayNotServe(c) => Refusal::Partnership(PartnerRefusal::PartnerBars(c)),
            })
    }

    /// Checks a yield to `to`; the winner who yields.
    pub(super) fn check_yield(&self, to: Seat) -> Result<Seat, Refusal> {
        let refuse = |r| Err(Refusal::Partnership(r));
        let (Some(winner), Ok(_)) = (self.turn, self.turn_seat()) else {
            return refuse(PartnerRefusal::NoYieldNow);
        };
        let Some(partner) = self.partner_of(winner) else {
            return refuse(PartnerRefusal::NoYieldNow);
        };
        if self.yielded_to.is_some() {
            return refuse(PartnerRefusal::YieldTwice);
        }
        if self.acted {
            return refuse(PartnerRefusal::YieldAfterDeclaring);
        }
        if to != partner {
            return refuse(PartnerRefusal::NotPartner(to));
        }
        Ok(winner)
    }

    /// The partner declares (or shows, or exchanges) instead of the winner for the rest of
    /// the turn; the winner still draws first and leads.
    pub(super) fn apply_yield(&mut self, from: Seat, to: Seat) -> Event {
        self.yielded_to = Some(to);
        Event::Yielded { from, to }
    }

    /// Whether the partner the turn was yielded to has passed this turn.
    pub fn partner_passed(&self) -> bool {
        self.partner_passed
    }

    /// The partner the turn was yielded to declines to declare (`S passes`): since "if the
    /// partner cannot declare, the winner of the trick cannot then declare" (000:582), the
    /// turn has no declaration left, and the winner leads. A pass comes from the partner the
    /// turn was yielded to, once, before the next lead; anything else is refused.
    pub fn partner_pass(&mut self, seat: Seat) -> Result<(), Refusal> {
        if self.partner_passed {
            return Err(Refusal::Partnership(PartnerRefusal::NoPassNow));
        }
        match (self.yielded_to, self.turn_seat()) {
            (Some(to), Ok(_)) if to == seat => {
                self.partner_passed = true;
                Ok(())
            }
            _ => Err(Refusal::Partnership(PartnerRefusal::NoPassNow)),
        }
    }

    /// The yield the winner may make now, if any.
    pub(super) fn yields(&self) -> Option<Action> {
        let partner = self.turn.and_then(|w| self.partner_of(w))?;
        self.check_yield(partner)
            .ok()
            .map(|_| Action::Yield { to: partner })
    }
}
