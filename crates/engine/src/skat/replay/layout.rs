//! The layout of the play: which seat played each card, from the leader layout or the
//! columns of a book, with the leaders worked out trick by trick.

use arrayvec::ArrayVec;
use notation::{Diagnostic, Kind, Span};

use crate::skat::interpret::{Game, PlayIn, at};
use crate::skat::model::{GameType, Seat};
use crate::skat::play;

use super::{Placed, Step, TrickCards};

/// Works out the leader and the seat of every card; reports leaders out of turn.
pub(super) fn attribute<'a>(game: &'a Game, game_type: GameType, out: &mut Vec<Diagnostic>) -> Vec<Step<'a>> {
    let Some((items, columns, _)) = &game.play else {
        return Vec::new();
    };
    let mut steps = Vec::with_capacity(items.len());
    let mut next_leader = Some(Seat::F);
    let mut number = 0u32;
    let mut previous_partial: Option<Span> = None;
    for item in items {
        match item {
            PlayIn::Event(e) => steps.push(Step::Event(e)),
            PlayIn::Trick(t) => {
                number += 1;
                if let Some(span) = previous_partial.take() {
                    out.push(Diagnostic::error(
                        "S0303",
                        Kind::Illegal,
                        at(span),
                        format!(
                            "trick {} has fewer than 3 cards but more tricks follow",
                            number - 1
                        ),
                    ));
                }
                if let Some(n) = t.number.filter(|&n| n != number) {
                    out.push(Diagnostic::warning(
                        "S0305",
                        at(t.span),
                        format!("trick numbered {n} is trick {number} of the play"),
                    ));
                }
                let leader = if *columns {
                    match next_leader {
                        Some(l) => l,
                        None => {
                            out.push(Diagnostic::error(
                                "S0505",
                                Kind::Incomplete,
                                at(t.span),
                                format!("trick {number}: who led is unknown because an earlier card is not recorded"),
                            ));
                            break;
                        }
                    }
                } else {
                    match (t.leader, next_leader) {
                        (Some((written, span)), Some(expected)) if written != expected => {
                            let why = if number == 1 {
                                "F leads to the first trick".to_string()
                            } else {
                                format!("{expected} won trick {} and leads", number - 1)
                            };
                            out.push(Diagnostic::error(
                                "S0302",
                                Kind::Illegal,
                                at(span),
                                format!("trick {number}: {written} leads, but {why}"),
                            ));
                            written
                        }
                        (Some((written, _)), _) => written,
                        (None, Some(expected)) => expected,
                        (None, None) => break,
                    }
                };
                // At most three cards are kept, in play order from the leader; a trick written
                // with more is reported and checked on its first three.
                let mut cards: TrickCards = ArrayVec::new();
                let written = if *columns {
                    let placed = || {
                        t.cards
                            .iter()
                            .filter_map(|(s, slot)| s.map(|s| (s, slot.card, slot.span)))
                    };
                    // Column order to play order: stable by each seat's turn after the leader.
                    for turn in 0..3 {
                        for c in placed().filter(|c| (c.0.index() + 3 - leader.index()) % 3 == turn) {
                            let _ = cards.try_push(c);
                        }
                    }
                    placed().count()
                } else {
                    let mut seat = leader;
                    for (_, slot) in &t.cards {
                        let _ = cards.try_push((seat, slot.card, slot.span));
                        seat = seat.next();
                    }
                    t.cards.len()
                };
                if written > 3 || (*columns && written != 3) {
                    out.push(Diagnostic::error(
                        "S0303",
                        Kind::Illegal,
                        at(t.span),
                        format!("trick {number} has {} cards; a trick has 3", t.cards.len()),
                    ));
                }
                if cards.len() < 3 {
                    previous_partial = Some(t.span);
                }
                // Only a trick of three known cards has a winner (at most three are kept).
                next_leader = match cards.as_slice() {
                    [(_, Some(a), _), (_, Some(b), _), (_, Some(c), _)] => {
                        cards.get(play::winner(game_type, &[*a, *b, *c])).map(|c| c.0)
                    }
                    _ => None,
                };
                steps.push(Step::Trick(Placed {
                    number,
                    leader,
                    cards,
                    claim: t.claim,
                }));
            }
        }
    }
    steps
}
