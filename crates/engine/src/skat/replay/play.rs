//! The play phase of the full check: the record's tricks and words driven through the play
//! state ([`PlayState`]), with a sink that turns each refusal into a finding at the card or
//! word that caused it and goes on with the play as written.

use std::ops::ControlFlow;

use cards::Card;
use notation::{Diagnostic, Figure, Kind, Span, TrickClaim};

use crate::core::CardSet;
use crate::core::game::{Recovery, Sink, drive};
use crate::core::trick::{Breach, TRUMP};
use crate::skat::interpret::{Game, at};
use crate::skat::model::{Contract, End, PlayedCard, Seat, SkatUse, TrickRecord};
use crate::skat::pack;
use crate::skat::rules::Profile;
use crate::skat::state::{
    AbandonProblem, Act, Counts, DoublingProblem, Event, PlayState, Refusal, TrickDone,
};
use crate::skat::words::EventWord;

use super::{Placed, Step};

/// What the play produced.
pub(super) struct Played<'p> {
    pub(super) records: Vec<TrickRecord>,
    pub(super) end: Option<(End, u32)>,
    pub(super) counts: Counts,
    /// Kontra and Re said.
    pub(super) doublings: u32,
    /// The state after the record's last card.
    pub(super) state: PlayState<'p>,
}

/// Where an act stands in the record.
#[derive(Clone, Copy)]
pub(super) struct Place {
    pub(super) span: Span,
    pub(super) trick: u32,
    /// The card led to the trick, for a later card of it.
    pub(super) led: Option<Card>,
}

/// The full check's sink: each refusal becomes a finding at its place in the record, and
/// the play goes on as written.
pub(super) struct Findings<'a> {
    pub(super) out: &'a mut Vec<Diagnostic>,
    pub(super) profile_name: &'a str,
    /// The trick just completed.
    pub(super) done: Option<TrickDone>,
    /// Whether a card not held is this sink's finding (a Schieberamsch, whose hands the
    /// passing of the skat sets after the deal check), rather than the deal check's.
    pub(super) not_held: bool,
}

impl Sink<PlayState<'_>, Place> for Findings<'_> {
    fn event(&mut self, _: &Place, _: Act, event: &Event) -> ControlFlow<()> {
        if let Event::Trick(t) = event {
            self.done = Some(*t);
        }
        ControlFlow::Continue(())
    }

    fn refused(&mut self, place: &Place, act: Act, refusal: Refusal) -> ControlFlow<(), Recovery> {
        let at_span = at(place.span);
        let (seat, card) = match act {
            Act::Card(s, c) => (s, Some(c)),
            Act::Hidden(s) | Act::Says(s, _) => (s, None),
        };
        let d = match refusal {
            // The deal check accounts for every card: a card not held (a card played twice, or
            // one the deal gives to another seat) is its finding. A card it reported is judged
            // where it is held, so that a revoke is found even in a trick whose card is played
            // again later.
            Refusal::NotHeld if self.not_held => {
                if let Some(card) = card {
                    self.out.push(Diagnostic::error(
                        "S0215",
                        Kind::Illegal,
                        at_span,
                        format!(
                            "trick {}: {seat} plays {card}, which {seat} does not hold after the skat was passed round",
                            place.trick
                        ),
                    ));
                }
                return ControlFlow::Continue(Recovery::Apply);
            }
            Refusal::NotHeld => return ControlFlow::Continue(Recovery::Apply),
            // The layout has reported the trick that is out of order.
            Refusal::OutOfTurn { .. } => return ControlFlow::Continue(Recovery::Skip),
            Refusal::Breach(b) => {
                let Some(card) = card else {
                    return ControlFlow::Continue(Recovery::Apply);
                };
                let mut d = Diagnostic::error(
                    "S0301",
                    Kind::Illegal,
                    at_span,
                    breach_message(place.trick, seat, card, b),
                );
                if let Some(l) = place.led {
                    d = d.with_help(format!("{l} was led; a player must follow suit when able"));
                }
                self.out.push(d);
                return ControlFlow::Continue(Recovery::Apply);
            }
            Refusal::Hidden => {
                self.out.push(Diagnostic::error(
                    "S0505",
                    Kind::Incomplete,
                    at_span,
                    format!(
                        "trick {}: {seat}'s card is not recorded (`??`), so the play cannot be followed further",
                        place.trick
                    ),
                ));
                return ControlFlow::Break(());
            }
            Refusal::NoConcessions => {
                Diagnostic::warning("S0502", at_span, "this profile has no concessions; ignored")
            }
            Refusal::DefenderShows => Diagnostic::warning(
                "S0502",
                at_span,
                format!("{seat} is a defender; only the declarer shows the cards to claim the rest"),
            ),
            Refusal::NoWordsInRamsch => {
                Diagnostic::warning("S0502", at_span, "a Ramsch has no play events; ignored")
            }
            Refusal::Doubling(p) => {
                let is_kontra = matches!(act, Act::Says(_, EventWord::Kontra));
                let why = match p {
                    DoublingProblem::NotInProfile => {
                        format!("the profile `{}` has no Kontra and Re", self.profile_name)
                    }
                    DoublingProblem::TooLate => {
                        "Kontra must be said before the second trick is taken".to_string()
                    }
                    DoublingProblem::KontraNotByDefender => "only a defender says Kontra, once".to_string(),
                    DoublingProblem::ReNotAfterKontra => {
                        "only the declarer says Re, once, after a Kontra".to_string()
                    }
                };
                Diagnostic::error(
                    "S0214",
                    Kind::Illegal,
                    at_span,
                    format!("{seat} says {}: {why}", if is_kontra { "Kontra" } else { "Re" }),
                )
            }
            Refusal::Abandon(p) => {
                let why = match p {
                    AbandonProblem::NotInProfile => {
                        format!("the profile `{}` has no abandoning", self.profile_name)
                    }
                    AbandonProblem::Defender => format!("{seat} is a defender"),
                    AbandonProblem::TooLate { before_trick } => format!(
                        "a tourné may be abandoned only before the declarer plays to trick {before_trick}"
                    ),
                    AbandonProblem::NotSuitTourne => "only a suit tourné may be abandoned".to_string(),
                };
                self.out.push(
                    Diagnostic::error("S0213", Kind::Illegal, at_span, format!("{seat} abandons the game: {why}"))
                        .with_help("seed 001, Law 44: a tourné may be given up before the declarer plays to the second trick"),
                );
                return ControlFlow::Continue(Recovery::Apply);
            }
        };
        self.out.push(d);
        ControlFlow::Continue(Recovery::Skip)
    }
}

/// The acts of a trick, each with its place in the record.
pub(super) fn trick_acts(t: &Placed) -> impl Iterator<Item = (Place, Act)> + '_ {
    let led = t.cards.first().and_then(|c| c.1);
    t.cards.iter().enumerate().map(move |(i, &(seat, card, span))| {
        let place = Place {
            span,
            trick: t.number,
            led: if i == 0 { None } else { led },
        };
        let act = match card {
            Some(c) => Act::Card(seat, c),
            None => Act::Hidden(seat),
        };
        (place, act)
    })
}

/// The record of a trick as written, with the winner the play state found.
pub(super) fn trick_record(t: &Placed, done: Option<TrickDone>) -> TrickRecord {
    TrickRecord {
        number: t.number,
        leader: t.leader,
        cards: t
            .cards
            .iter()
            .filter_map(|&(seat, c, _)| c.map(|card| PlayedCard { seat, card }))
            .collect(),
        winner: done.map(|d| d.winner),
        points: done.map_or_else(
            || {
                t.cards
                    .iter()
                    .filter_map(|c| c.1)
                    .map(|c| pack::points().card(c))
                    .sum()
            },
            |d| d.points,
        ),
    }
}

/// The note for a claim on a trick left unfinished.
pub(super) fn unfinished_claim(t: &Placed, what: &str) -> Option<Diagnostic> {
    let (_, span) = t.claim?;
    (t.cards.len() < 3).then(|| Diagnostic::note("S0508", at(span), format!("trick {}: {what}", t.number)))
}

/// Plays the record's tricks and words through the play state, reporting every refusal, and
/// checks each trick claim against the trick's taker.
pub(super) fn simulate<'p>(
    profile: &'p Profile,
    game: &Game,
    steps: &[Step<'_>],
    declarer: Seat,
    (contract, skat_use): (Contract, SkatUse),
    hands: [CardSet; 3],
    out: &mut Vec<Diagnostic>,
) -> Played<'p> {
    let mut state = PlayState::new(profile, declarer, contract, skat_use, hands);
    let mut records = Vec::with_capacity(10);
    let mut warned_after_end = false;
    let mut sink = Findings {
        out,
        profile_name: &profile.name,
        done: None,
        not_held: false,
    };
    for step in steps {
        match step {
            Step::Trick(t) => {
                if let Some((_, at_trick)) = state.end()
                    && !warned_after_end
                {
                    warned_after_end = true;
                    sink.out.push(Diagnostic::warning(
                        "S0304",
                        t.cards.first().and_then(|c| at(c.2)),
                        format!("the game ended at trick {at_trick}; the tricks after it are checked but not counted"),
                    ));
                }
                state.resume(t.leader, t.number);
                sink.done = None;
                if drive(&mut state, trick_acts(t), &mut sink).is_break() {
                    break;
                }
                let done = sink.done.take();
                if let (Some(d), Some((claim, span))) = (done, t.claim) {
                    check_trick_claim(game, d, declarer, claim, span, sink.out);
                }
                if let Some(n) = unfinished_claim(t, "the claim on an unfinished trick is not checked") {
                    sink.out.push(n);
                }
                records.push(trick_record(t, done));
            }
            Step::Event(e) => {
                let Some(seat) = e.seat else {
                    sink.out.push(Diagnostic::warning(
                        "S0502",
                        at(e.span),
                        "a play event without a seat; ignored",
                    ));
                    continue;
                };
                let place = Place {
                    span: e.span,
                    trick: state.trick_number(),
                    led: None,
                };
                // Words are never refused in a way that stops the play.
                let _ = drive(&mut state, [(place, Act::Says(seat, e.word))], &mut sink);
            }
        }
    }
    Played {
        records,
        end: state.finish(),
        counts: state.counts(),
        doublings: state.doublings(),
        state,
    }
}

/// A trick claim (`= 10`, `= -`) against what the declarer's side took in the trick.
fn check_trick_claim(
    game: &Game,
    d: TrickDone,
    declarer: Seat,
    claim: TrickClaim,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let declarer_won = d.winner == declarer;
    let computed_points = if declarer_won { d.points } else { 0 };
    let (ok, claimed_text) = match claim {
        TrickClaim::Points(n) => (n == computed_points, n.to_string()),
        TrickClaim::Lost => (!declarer_won, "-".to_string()),
    };
    if ok {
        return;
    }
    let computed_text = if declarer_won {
        d.points.to_string()
    } else {
        "-".to_string()
    };
    let message = format!(
        "trick {}: the record claims {claimed_text} for the declarer's side; {} wins the trick with {} points, so the declarer's side takes {computed_text}",
        d.number, d.winner, d.points
    );
    let finding = match &game.disputed {
        Some(_) => notation::Diagnostic {
            severity: notation::Severity::Warning,
            ..Diagnostic::error("S0401", Kind::Disputed, at(span), message)
        },
        None => Diagnostic::error("S0401", Kind::Inconsistent, at(span), message),
    };
    let figure = |took: Option<u32>| match took {
        Some(n) => Figure::Number(i64::from(n)),
        None => Figure::Word("-".to_string()),
    };
    let claimed = figure(match claim {
        TrickClaim::Points(n) => Some(n),
        TrickClaim::Lost => None,
    });
    let computed = figure(declarer_won.then_some(d.points));
    out.push(
        finding
            .with_figures(claimed_text, computed_text)
            .with_claim("trick", claimed, computed),
    );
}

/// The message for a broken obligation:
/// "trick 4: M played ♠K but must follow trump: holds ♦J".
pub(crate) fn breach_message(trick: u32, seat: Seat, card: Card, breach: Breach) -> String {
    match breach {
        Breach::MustFollow { class, holding } => {
            let what = if class == TRUMP {
                "trump".to_string()
            } else {
                pack::class_name(class)
            };
            format!(
                "trick {trick}: {seat} played {card} but must follow {what}: holds {}",
                holding.describe()
            )
        }
        Breach::MustHead { holding } => {
            format!(
                "trick {trick}: {seat} played {card} but must beat the trick: holds {}",
                holding.describe()
            )
        }
        Breach::MustTrump { holding } => {
            format!(
                "trick {trick}: {seat} played {card} but must trump: holds {}",
                holding.describe()
            )
        }
    }
}
