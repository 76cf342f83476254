//! The passing of the skat in seed 004's Ramsch (Schieberamsch): in turn from Forehand, each
//! player either takes the skat and lays two cards back for the next, or declines it, which
//! doubles the entry; jacks may not be laid back. The record writes each turn in the
//! exchange section: `F pickup`, `F discard ♦8 ♦7`, `M hand`, ….
//!
//! The deal check knows only where a card was dealt; who holds what after the passing is
//! worked out here, so the play is checked against the hands the passing leaves.

use notation::{Diagnostic, Kind, Span};

use crate::core::CardSet;
use crate::skat::interpret::{ExchangeIn, at};
use crate::skat::model::Seat;
use crate::skat::words::ExchangeWord;

/// The hands after the passing, and who declined.
pub(super) struct Passed {
    /// F, M and R's hands at the first trick.
    pub(super) hands: [CardSet; 3],
    /// The players who declined, in turn.
    pub(super) declined: Vec<Seat>,
}

fn finding(code: &'static str, span: Span, message: String) -> Diagnostic {
    Diagnostic::error(code, Kind::Illegal, at(span), message)
}

/// Plays the passing of the skat written in `exchange` on the dealt `hands` and `skat`;
/// `jacks_pass` lets jacks be laid back.
pub(super) fn pass_round(
    exchange: &[ExchangeIn],
    mut hands: [CardSet; 3],
    mut skat: CardSet,
    jacks_pass: bool,
    out: &mut Vec<Diagnostic>,
) -> Passed {
    let mut declined = Vec::new();
    // Each seat has one turn; a turn taken out of order is reported once and played, so
    // that one slip does not make every later turn wrong too.
    let mut done = [false; 3];
    // The seat that has taken the skat and not yet laid two cards back.
    let mut holding: Option<Seat> = None;
    let mut last_span = Span::default();
    for e in exchange {
        last_span = e.span;
        let Some(seat) = e.seat else {
            out.push(finding(
                "S0215",
                e.span,
                "a turn of the passing without a seat".to_string(),
            ));
            continue;
        };
        let expected = Seat::ALL.into_iter().find(|s| !done[s.index()]);
        match e.word {
            ExchangeWord::Pickup | ExchangeWord::Hand if holding.is_some() => {
                let h = holding.map(Seat::label).unwrap_or_default();
                out.push(finding(
                    "S0215",
                    e.span,
                    format!("{h} took the skat and has not laid two cards back before {seat}'s turn"),
                ));
            }
            ExchangeWord::Pickup | ExchangeWord::Hand if done[seat.index()] => {
                out.push(finding(
                    "S0215",
                    e.span,
                    format!("{seat} has had its turn with the skat"),
                ));
            }
            ExchangeWord::Pickup | ExchangeWord::Hand => {
                if let Some(x) = expected.filter(|&x| x != seat) {
                    out.push(finding(
                        "S0215",
                        e.span,
                        format!("the skat goes round from Forehand: it is {x}'s turn, not {seat}'s"),
                    ));
                }
                if e.word == ExchangeWord::Hand {
                    declined.push(seat);
                    done[seat.index()] = true;
                    continue;
                }
                let named = CardSet::of(e.cards.iter().filter_map(|s| s.card));
                if !named.is_empty() && named != skat {
                    out.push(finding(
                        "S0215",
                        e.span,
                        format!(
                            "{seat} takes {}, but the skat holds {}",
                            named.describe(),
                            skat.describe()
                        ),
                    ));
                }
                if let Some(h) = hands.get_mut(seat.index()) {
                    *h = h.union(skat);
                }
                skat = CardSet::default();
                holding = Some(seat);
            }
            ExchangeWord::Discard if holding != Some(seat) => {
                out.push(finding(
                    "S0215",
                    e.span,
                    format!("{seat} lays cards back without having taken the skat"),
                ));
            }
            ExchangeWord::Discard => {
                let cards: Vec<_> = e.cards.iter().filter_map(|s| s.card).collect();
                let laid = CardSet::of(cards.iter().copied());
                let hand = hands.get(seat.index()).copied().unwrap_or_default();
                // A faulty laying back is reported once; the turn passes on with the hands
                // as they are, and the play shows what the cards were.
                if cards.len() != 2 || laid.len() != 2 {
                    out.push(finding(
                        "S0215",
                        e.span,
                        format!("{seat} must lay exactly two cards back, not {}", cards.len()),
                    ));
                    holding = None;
                    done[seat.index()] = true;
                } else if !laid.difference(hand).is_empty() {
                    out.push(finding(
                        "S0215",
                        e.span,
                        format!(
                            "{seat} lays back {}, which {seat} does not hold",
                            laid.difference(hand).describe()
                        ),
                    ));
                    holding = None;
                    done[seat.index()] = true;
                } else {
                    for (card, slot) in cards.iter().zip(&e.cards) {
                        if !jacks_pass && card.rank == cards::Rank::Jack {
                            out.push(
                                finding(
                                    "S0216",
                                    slot.span,
                                    format!("{seat} passes {card} on, and jacks may not be passed on"),
                                )
                                .with_help("keep the jacks; lay back two other cards"),
                            );
                        }
                    }
                    if let Some(h) = hands.get_mut(seat.index()) {
                        *h = h.difference(laid);
                    }
                    skat = laid;
                    holding = None;
                    done[seat.index()] = true;
                }
            }
            ExchangeWord::Turn | ExchangeWord::Passt => out.push(finding(
                "S0215",
                e.span,
                format!("{seat}: a Ramsch's skat is taken or declined, not turned"),
            )),
        }
    }
    if let Some(h) = holding {
        out.push(finding(
            "S0215",
            last_span,
            format!("{h} took the skat and did not lay two cards back"),
        ));
    } else if let Some(x) = Seat::ALL.into_iter().find(|s| !done[s.index()]) {
        out.push(finding(
            "S0215",
            last_span,
            format!("the passing stops before {x} took or declined the skat"),
        ));
    }
    Passed { hands, declined }
}
