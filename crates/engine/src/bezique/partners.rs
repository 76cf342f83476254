//! Partnership four-hand Bezique (`uspc-four-hand-partnership`, seed 000, 000:580–586): the
//! record's yield, the partner's table cards in a declaration, the findings of the
//! partnership rules and the sides' figures. The rules themselves are the play state's
//! ([`crate::pinochle::state::PlayState`]); `spec/rules/bezique.md` §3d gives each with its
//! passage and the choices where the seed is silent.

use notation::{Diagnostic, Kind, Span};

use crate::bezique::model::SideResult;
use crate::core::Seat;
use crate::pinochle::state::{PartnerRefusal, PlayState};
use crate::pinochle::words as common;

/// The word of a yield: `N yields S`.
pub const YIELDS: &str = "yields";

const HELP: &str = "seed 000, Four-Hand Bezique: the winner of each trick may declare, or may pass the privilege to the partner";

/// The finding of a refusal of the partnership rules at `span`.
pub(crate) fn finding<S: AsRef<str>>(
    labels: &[S],
    refusal: PartnerRefusal,
    span: Option<Span>,
) -> Diagnostic {
    let label = |seat: Seat| labels.get(seat.index()).map_or("?", AsRef::as_ref);
    let yield_error = |msg: String| {
        Diagnostic::error("B0215", Kind::Illegal, span, msg).with_help(format!(
            "a yield is written where the winner's declaration would be: `N yields S` ({HELP})"
        ))
    };
    match refusal {
        PartnerRefusal::NoYieldNow => yield_error(
            "no yield now: only the winner of a trick yields, between tricks, in the partnership game, while he may declare"
                .to_string(),
        ),
        PartnerRefusal::YieldTwice => yield_error("the privilege was yielded already this turn".to_string()),
        PartnerRefusal::YieldAfterDeclaring => {
            yield_error("the winner declared or exchanged this turn: he may not yield after".to_string())
        }
        PartnerRefusal::NotPartner(s) => yield_error(format!("{} is not the winner's partner", label(s))),
        PartnerRefusal::AfterYield => Diagnostic::error(
            "B0216",
            Kind::Illegal,
            span,
            "after a yield only the partner declares; without one only the winner",
        )
        .with_help("\"if the partner cannot declare, the winner of the trick cannot then declare\" (seed 000, Four-Hand Bezique)"),
        PartnerRefusal::PartnerBars(c) => Diagnostic::error(
            "B0217",
            Kind::Illegal,
            span,
            format!("{c} on the partner's table served in a declaration of the same class worth as much or more: the partner could not declare this one"),
        )
        .with_help("a partner's declared card serves only where the partner could declare it: if he declared a sequence, a trump king added to its queen makes no marriage (seed 000, Four-Hand Bezique)"),
        PartnerRefusal::NotOneHand => Diagnostic::error(
            "B0218",
            Kind::Illegal,
            span,
            "a double or triple bezique counts only if all its cards come from one player's hand, not from the partner's table",
        )
        .with_help("seed 000, Four-Hand Bezique: \"but only if all the cards come from the hand of the same player\""),
    }
}

/// The finding for a declaration by `seat`, who is not the one to declare now, when the
/// partnership rules explain it: the winner after his yield, or his partner without one.
pub(crate) fn wrong_declarer<S: AsRef<str>>(
    state: &PlayState,
    seat: Seat,
    labels: &[S],
    span: Option<Span>,
) -> Option<Diagnostic> {
    let winner = state.turn()?;
    let label = |s: Seat| labels.get(s.index()).map_or("?", AsRef::as_ref);
    let base = finding(labels, PartnerRefusal::AfterYield, span);
    match state.yielded_to() {
        Some(to) if seat == winner => Some(Diagnostic {
            message: format!(
                "{} yielded the declaration to {}: he may not declare this turn",
                label(winner),
                label(to)
            ),
            ..base
        }),
        None if state.partner_of(winner) == Some(seat) => Some(Diagnostic {
            message: format!(
                "{} declares without a yield: {} won the trick and did not yield",
                label(seat),
                label(winner)
            ),
            ..base
        }),
        _ => None,
    }
}

/// A player's figures added into his side's: `NS` (seats 0 and 2) and `EW` (1 and 3).
pub(crate) fn by_side(seats: Vec<SideResult>, labels: &[&str]) -> Vec<SideResult> {
    let mut sides: Vec<SideResult> = (0..2)
        .map(|i| SideResult {
            side: common::side_label(labels, i),
            ..SideResult::default()
        })
        .collect();
    for (i, s) in seats.into_iter().enumerate() {
        if let Some(side) = sides.get_mut(i % 2) {
            side.declarations += s.declarations;
            side.carte_blanche += s.carte_blanche;
            side.brisques += s.brisques;
            side.last_trick += s.last_trick;
            side.points += s.points;
        }
    }
    sides
}
