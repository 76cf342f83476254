//! Bezique for bots ([`crate::table_game`]): the bot plays the tricks and, between them, the
//! declaration of the trick's winner, the seven of trumps shown and the seven exchanged for
//! the turned card; the draws follow by themselves. The state is the stock game's
//! [`PlayState`] the check replays with ([`super::replay::check_keeping`]), and a refusal has
//! the check's own finding ([`super::replay::refusal_finding`]).
//!
//! In the partnership game (`uspc-four-hand-partnership`, 000:580–586) the winner of a trick
//! may yield (`N yields S`); his partner is then the seat to act, offered his declarations
//! (with the cards on the winner's table, `♠Q@N`) and `passes`. His turn ends with `S passes`
//! or when he has nothing left to declare, and the winner leads without declaring: "if the
//! partner cannot declare, the winner of the trick cannot then declare" (000:582). Which of
//! the two holds follows from the state, so a game started again from its record goes on at
//! the same place.

use std::sync::OnceLock;

use cards::{AlphabetSet, Card};
use notation::{CardSlot, Record, Token};

use crate::bezique::meld;
use crate::bezique::partners;
use crate::bezique::replay::{check_keeping, refusal_finding};
use crate::bezique::rules;
use crate::core::{CardCounts, GameState, Seat};
use crate::family::Family;
use crate::pinochle::state::{Action, Event, PlayState};
use crate::pinochle::words::{self, ExchangeWord};
use crate::table_game::{DealSpec, Game, GameError, Refusal, Rules, Started, Step, TableGame};

/// The Bezique rules of a game for bots, with the seat labels of the game started (the
/// partnership game writes the partner's cards with his label, `♠Q@N`).
#[derive(Default)]
pub(crate) struct BeziqueGame {
    labels: OnceLock<Vec<String>>,
}

/// An action of a bot: one of the play state's, or the pass of the partner the declaration
/// was yielded to (`S passes`, read by the check as well).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Act {
    /// A card, a declaration, an exchange or a yield.
    Do(Action),
    /// The partner declines to declare after a yield.
    Pass,
}

/// The declarations, seven shown and exchange the seat to declare may make now.
fn declarations(state: &PlayState) -> Vec<Action> {
    state
        .legal()
        .into_iter()
        .filter(|a| !matches!(a, Action::Play { .. } | Action::Yield { .. }))
        .collect()
}

/// The partner the turn was yielded to while he is to act: until he passes, or until he has
/// nothing left to declare.
fn partner_to_act(state: &PlayState) -> Option<Seat> {
    let to = state.yielded_to()?;
    (!state.partner_passed() && !declarations(state).is_empty()).then_some(to)
}

fn card(token: &str) -> Option<Card> {
    cards::parse_card(token, AlphabetSet::DEFAULT).ok()
}

fn card_tokens(cards: impl IntoIterator<Item = Card>) -> impl Iterator<Item = Token> {
    cards.into_iter().map(|c| Token::Card(CardSlot::Known(c)))
}

/// A declaration's word and cards, as the record writes them: the cards taken from the
/// partner's table with his label (`♠Q@N`).
fn declaration_tokens(word: &str, cards: CardCounts, partner: CardCounts, mate: &str) -> Vec<Token> {
    [Token::Word(word.to_string())]
        .into_iter()
        .chain(card_tokens(cards.minus(&partner).iter()))
        .chain(partner.iter().map(|c| Token::Word(format!("{c}@{mate}"))))
        .collect()
}

fn text(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|t| match t {
            Token::Word(w) => w.clone(),
            Token::Card(CardSlot::Known(c)) => c.to_string(),
            other => format!("{other:?}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl BeziqueGame {
    fn label(&self, seat: Seat) -> &str {
        self.labels
            .get()
            .and_then(|l| l.get(seat.index()))
            .map_or("?", String::as_str)
    }

    fn seat_of(&self, label: &str) -> Option<Seat> {
        self.labels
            .get()?
            .iter()
            .position(|l| l == label)
            .and_then(Seat::new)
    }

    /// The label of the partner of the seat to declare, for the cards of his table.
    fn mate(&self, state: &PlayState) -> &str {
        let seat = state.yielded_to().or(state.turn()).unwrap_or(state.to_play());
        state.partner_of(seat).map_or("?", |p| self.label(p))
    }
}

impl Rules for BeziqueGame {
    type State = PlayState;
    type Act = Act;

    fn family(&self) -> &'static dyn Family {
        &crate::bezique::family::BEZIQUE
    }

    fn start(&self, record: &Record, profile: &str) -> Option<Started<Self::State>> {
        let profile = rules::by_name(profile)?;
        let (replay, findings, kept) = check_keeping(record, profile);
        let _ = self.labels.set(replay.seats.clone());
        Some(Started {
            labels: replay.seats,
            state: kept,
            findings,
        })
    }

    fn unfinished(&self) -> &'static [&'static str] {
        // The play stops before the last trick.
        &["B0501"]
    }

    fn to_act(&self, state: &PlayState) -> Option<Seat> {
        if state.is_over() {
            return None;
        }
        // Between tricks the winner declares, then leads: the same seat, but for the
        // partner he yielded to while that partner declares.
        Some(partner_to_act(state).or(state.turn()).unwrap_or(state.to_play()))
    }

    fn legal(&self, state: &PlayState) -> Vec<Act> {
        if state.yielded_to().is_none() {
            return state.legal().into_iter().map(Act::Do).collect();
        }
        if partner_to_act(state).is_some() {
            let mut out: Vec<Act> = declarations(state).into_iter().map(Act::Do).collect();
            out.push(Act::Pass);
            return out;
        }
        // The partner is done: the winner may not declare (000:582), only lead.
        state
            .legal()
            .into_iter()
            .filter(|a| matches!(a, Action::Play { .. }))
            .map(Act::Do)
            .collect()
    }

    fn token(&self, state: &PlayState, act: Act) -> String {
        match act {
            Act::Pass => partners::PASSES.to_string(),
            Act::Do(Action::Play { card, .. }) => card.to_string(),
            Act::Do(Action::Meld {
                kind, cards, partner, ..
            }) => text(&declaration_tokens(
                meld::word(kind),
                cards,
                partner,
                self.mate(state),
            )),
            Act::Do(Action::Exchange { card }) => format!("exchanges {card}"),
            Act::Do(Action::Yield { to }) => format!("{} {}", partners::YIELDS, self.label(to)),
        }
    }

    fn parse(&self, state: &PlayState, seat: Seat, token: &str) -> Option<Act> {
        let mut parts = token.split_whitespace();
        let first = parts.next()?;
        let rest: Vec<&str> = parts.collect();
        if first.eq_ignore_ascii_case(partners::PASSES) {
            return rest.is_empty().then_some(Act::Pass);
        }
        if first.eq_ignore_ascii_case(partners::YIELDS) {
            // `yields` alone goes to the partner; `yields S` names him.
            let to = match rest.as_slice() {
                [] => state.partner_of(seat),
                [label] => self.seat_of(label),
                _ => None,
            };
            return to.map(|to| Act::Do(Action::Yield { to }));
        }
        // A card of the partner's table is written with his label (`♠Q@N`).
        let mut own = Vec::new();
        let mut partner = CardCounts::EMPTY;
        for part in &rest {
            match part.split_once('@') {
                Some((c, origin)) => {
                    let c = card(c)?;
                    if state.partner_of(seat).is_none() || self.seat_of(origin) != state.partner_of(seat) {
                        return None;
                    }
                    partner.add(c);
                }
                None => own.push(card(part)?),
            }
        }
        if let Some(c) = card(first) {
            return (rest.is_empty()).then_some(Act::Do(Action::Play {
                card: c,
                from_table: false,
            }));
        }
        if words::exchange(first) == Some(ExchangeWord::Exchanges) {
            return match (own.as_slice(), partner.is_empty()) {
                ([c], true) => Some(Act::Do(Action::Exchange { card: *c })),
                _ => None,
            };
        }
        let cards = CardCounts::of(own).plus(&partner);
        // As the check reads it: before a marriage makes trump (no turned card), the word
        // and the state decide which marriage is royal.
        let kind = meld::kind(first, &cards, state.trump())?;
        Some(Act::Do(Action::Meld {
            kind,
            cards,
            marked: CardCounts::EMPTY,
            partner,
        }))
    }

    fn play(&self, state: &mut PlayState, act: Act, labels: &[String]) -> Result<Step, Refusal> {
        let seat = self.to_act(state).unwrap_or(state.to_play());
        let act = match act {
            Act::Pass => {
                return match state.partner_pass(seat) {
                    Ok(()) => Ok(Step::Said {
                        tokens: vec![Token::Word(partners::PASSES.to_string())],
                        figure: None,
                    }),
                    Err(r) => Err(Refusal::of(&refusal_finding(
                        labels,
                        Action::Yield { to: seat },
                        r,
                        None,
                    ))),
                };
            }
            Act::Do(act) => act,
        };
        match act {
            // The partner declaring is not to lead: the lead stays the winner's.
            Action::Play { .. } if seat != state.to_play() => {
                let label = |s: Seat| labels.get(s.index()).map_or("?", String::as_str);
                return Err(Refusal::new(
                    "B0303",
                    format!(
                        "{} leads the next trick, not {}: {} declares or passes now",
                        label(state.to_play()),
                        label(seat),
                        label(seat)
                    ),
                ));
            }
            // The winner after his yield declares no more (the check's own finding).
            Action::Meld { .. } | Action::Exchange { .. }
                if state.yielded_to().is_some_and(|to| to != seat) =>
            {
                if let Some(d) = partners::wrong_declarer(state, seat, labels, None) {
                    return Err(Refusal::of(&d));
                }
            }
            _ => {}
        }
        let mate = state
            .partner_of(seat)
            .and_then(|p| labels.get(p.index()))
            .cloned()
            .unwrap_or_default();
        match state.play(act) {
            Ok(Event::Played { card, trick, .. }) => Ok(Step::Card {
                card,
                done: trick.map(|t| (t.winner, t.points)),
            }),
            Ok(Event::Melded { kind, value, .. }) => {
                let (cards, partner) = match act {
                    Action::Meld { cards, partner, .. } => (cards, partner),
                    _ => (CardCounts::EMPTY, CardCounts::EMPTY),
                };
                Ok(Step::Said {
                    tokens: declaration_tokens(meld::word(kind), cards, partner, &mate),
                    figure: Some(i64::from(value)),
                })
            }
            Ok(Event::Exchanged { gave, .. }) => Ok(Step::Said {
                tokens: [Token::Word("exchanges".to_string())]
                    .into_iter()
                    .chain(card_tokens([gave]))
                    .collect(),
                figure: None,
            }),
            Ok(Event::Yielded { to, .. }) => Ok(Step::Said {
                tokens: vec![
                    Token::Word(partners::YIELDS.to_string()),
                    Token::Word(labels.get(to.index()).cloned().unwrap_or_default()),
                ],
                figure: None,
            }),
            Err(refusal) => Err(Refusal::of(&refusal_finding(labels, act, refusal, None))),
        }
    }

    fn trick_len(&self, state: &PlayState) -> usize {
        state.trick().len()
    }
}

/// Starts a Bezique game for bots.
pub(crate) fn new_game(profile: &str, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
    TableGame::start(BeziqueGame::default(), profile, deal)
}
