//! The deal phase of the replay: every mention of a card (dealt, picked up, laid away,
//! played, shown) run through the core's deal check, and the deal as replayed.

use notation::{Diagnostic, Span};

use crate::core::deal::{self, Place, Pool, Sight, Sighting};
use crate::skat::interpret::{Game, at};
use crate::skat::model::{Deal, DealtHand, Seat};
use crate::skat::pack;
use crate::skat::words::ExchangeWord;

use super::{SKAT, Step};

/// Where a card was mentioned, for messages.
#[derive(Clone, Copy, Debug)]
enum Origin {
    Line(usize, Span),
    Pickup(Span),
    Discard(Span),
    Trick(u32, Seat, Span),
    Shown(Span),
}

fn line_of(span: Span) -> String {
    if span == Span::default() {
        String::new()
    } else {
        format!(" (line {})", span.line)
    }
}

fn describe(o: Origin) -> String {
    match o {
        Origin::Line(p, s) => {
            let who = match p {
                0 => "F",
                1 => "M",
                2 => "R",
                _ => "the skat",
            };
            if p == SKAT {
                format!("in the skat{}", line_of(s))
            } else {
                format!("dealt to {who}{}", line_of(s))
            }
        }
        Origin::Pickup(s) => format!("picked up from the skat{}", line_of(s)),
        Origin::Discard(s) => format!("laid away{}", line_of(s)),
        Origin::Trick(n, seat, s) => format!("played by {seat} in trick {n}{}", line_of(s)),
        Origin::Shown(s) => format!("shown by the declarer{}", line_of(s)),
    }
}

/// What the declaration and the exchange settle, as far as the deal check needs it.
#[derive(Clone, Copy)]
pub(super) struct DeclCtx {
    pub(super) declarer: Seat,
    pub(super) pickup: bool,
}

/// Runs the core deal check over every mention of a card.
pub(super) fn check_deal(
    game: &Game,
    out: &mut Vec<Diagnostic>,
    ctx: Option<DeclCtx>,
    steps: &[Step<'_>],
) -> deal::DealOutcome {
    let mut sightings: Vec<Sighting<Origin>> = Vec::with_capacity(64);
    let mut pools = vec![
        Pool {
            label: "F",
            size: 10,
            line: None,
        },
        Pool {
            label: "M",
            size: 10,
            line: None,
        },
        Pool {
            label: "R",
            size: 10,
            line: None,
        },
        Pool {
            label: "the skat",
            size: 2,
            line: None,
        },
    ];
    if let Some(d) = &game.deal {
        let lines = d
            .hands
            .iter()
            .enumerate()
            .map(|(i, h)| (i, h.as_ref()))
            .chain(std::iter::once((SKAT, d.skat.as_ref())));
        for (i, line) in lines {
            let Some(line) = line else { continue };
            if let Some(p) = pools.get_mut(i) {
                p.line = Some((line.cards.len(), at(line.span)));
            }
            for s in &line.cards {
                if let Some(card) = s.card {
                    sightings.push(Sighting {
                        card,
                        place: Place::Pool(i),
                        sight: Sight::Dealt,
                        span: at(s.span),
                        origin: Origin::Line(i, s.span),
                    });
                }
            }
        }
    }
    let declarer_place = |ctx: DeclCtx| {
        if ctx.pickup {
            Place::Either(ctx.declarer.index(), SKAT)
        } else {
            Place::Pool(ctx.declarer.index())
        }
    };
    if let Some(ctx) = ctx {
        for e in &game.exchange {
            for s in &e.cards {
                let Some(card) = s.card else { continue };
                match e.word {
                    ExchangeWord::Pickup | ExchangeWord::Turn | ExchangeWord::Passt => {
                        sightings.push(Sighting {
                            card,
                            place: Place::Pool(SKAT),
                            sight: Sight::Seen,
                            span: at(s.span),
                            origin: Origin::Pickup(s.span),
                        })
                    }
                    ExchangeWord::Discard if ctx.pickup => sightings.push(Sighting {
                        card,
                        place: Place::Either(ctx.declarer.index(), SKAT),
                        sight: Sight::Played,
                        span: at(s.span),
                        origin: Origin::Discard(s.span),
                    }),
                    _ => {}
                }
            }
        }
        if let Some(decl) = &game.declaration {
            for s in &decl.shown {
                if let Some(card) = s.card {
                    sightings.push(Sighting {
                        card,
                        place: declarer_place(ctx),
                        sight: Sight::Seen,
                        span: at(s.span),
                        origin: Origin::Shown(s.span),
                    });
                }
            }
        }
        for step in steps {
            match step {
                Step::Trick(t) => {
                    for &(seat, card, span) in &t.cards {
                        let Some(card) = card else { continue };
                        let place = if seat == ctx.declarer {
                            declarer_place(ctx)
                        } else {
                            Place::Pool(seat.index())
                        };
                        sightings.push(Sighting {
                            card,
                            place,
                            sight: Sight::Played,
                            span: at(span),
                            origin: Origin::Trick(t.number, seat, span),
                        });
                    }
                }
                Step::Event(e) if e.seat == Some(ctx.declarer) => {
                    for s in &e.cards {
                        if let Some(card) = s.card {
                            sightings.push(Sighting {
                                card,
                                place: declarer_place(ctx),
                                sight: Sight::Seen,
                                span: at(s.span),
                                origin: Origin::Shown(s.span),
                            });
                        }
                    }
                }
                Step::Event(_) => {}
            }
        }
    }
    let outcome = deal::check(&pools, pack::cards(), &sightings, describe);
    out.extend(outcome.findings.iter().cloned());
    for (i, p) in pools.iter().enumerate() {
        if outcome.inferred.get(i).copied().unwrap_or(false) {
            let cards = outcome.pools.get(i).copied().unwrap_or_default();
            let what = if i == SKAT {
                "the skat is".to_string()
            } else {
                format!("{}'s hand is", p.label)
            };
            out.push(Diagnostic::note(
                "D0108",
                p.line.and_then(|l| l.1),
                format!(
                    "{what} inferred from the rest of the record: {}",
                    cards.describe()
                ),
            ));
        }
    }
    outcome
}

pub(super) fn deal_out(outcome: &deal::DealOutcome) -> Deal {
    let hands = Seat::ALL
        .iter()
        .map(|&s| DealtHand {
            seat: s,
            cards: outcome
                .pools
                .get(s.index())
                .map(|p| p.to_vec())
                .unwrap_or_default(),
            inferred: outcome.inferred.get(s.index()).copied().unwrap_or(false),
            complete: outcome.complete.get(s.index()).copied().unwrap_or(false),
        })
        .collect();
    Deal {
        hands,
        skat: outcome.pools.get(SKAT).map(|p| p.to_vec()).unwrap_or_default(),
        skat_inferred: outcome.inferred.get(SKAT).copied().unwrap_or(false),
        declarer_or_skat: outcome.unresolved.to_vec(),
    }
}

pub(super) fn discard_span(game: &Game) -> Option<Span> {
    game.exchange
        .iter()
        .find(|e| e.word == ExchangeWord::Discard)
        .and_then(|e| at(e.span))
}
