//! Bezique for bots ([`crate::table_game`]): the bot plays the tricks and, between them, the
//! declaration of the trick's winner, the seven of trumps shown and the seven exchanged for
//! the turned card; the draws follow by themselves. The state is the stock game's
//! [`PlayState`] the check replays with ([`super::replay::check_keeping`]), and a refusal has
//! the check's own finding ([`super::replay::refusal_finding`]).

use cards::{AlphabetSet, Card};
use notation::{CardSlot, Record, Token};

use crate::bezique::meld;
use crate::bezique::replay::{check_keeping, refusal_finding};
use crate::bezique::rules;
use crate::core::{CardCounts, GameState, Seat};
use crate::family::Family;
use crate::pinochle::state::{Action, Event, PlayState};
use crate::pinochle::words::{self, ExchangeWord};
use crate::table_game::{DealSpec, Game, GameError, Refusal, Rules, Started, Step, TableGame};

/// The Bezique rules of a game for bots.
pub(crate) struct BeziqueGame;

fn card(token: &str) -> Option<Card> {
    cards::parse_card(token, AlphabetSet::DEFAULT).ok()
}

fn card_tokens(cards: impl IntoIterator<Item = Card>) -> impl Iterator<Item = Token> {
    cards.into_iter().map(|c| Token::Card(CardSlot::Known(c)))
}

/// A declaration's word and cards, as the record writes them.
fn declaration_tokens(word: &str, cards: CardCounts) -> Vec<Token> {
    [Token::Word(word.to_string())]
        .into_iter()
        .chain(card_tokens(cards.iter()))
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

impl Rules for BeziqueGame {
    type State = PlayState;
    type Act = Action;

    fn family(&self) -> &'static dyn Family {
        &crate::bezique::family::BEZIQUE
    }

    fn start(&self, record: &Record, profile: &str) -> Option<Started<Self::State>> {
        let profile = rules::by_name(profile)?;
        // The partnership game is not offered to bots (spec/game-api.md): after a yield the
        // partner may decline to declare, a choice without an action of its own here.
        if profile.options.partners {
            return None;
        }
        let (replay, findings, kept) = check_keeping(record, profile);
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
        // Between tricks the winner declares, then leads: the same seat.
        (!state.is_over()).then(|| state.turn().unwrap_or(state.to_play()))
    }

    fn legal(&self, state: &PlayState) -> Vec<Action> {
        state.legal()
    }

    fn token(&self, _: &PlayState, act: Action) -> String {
        match act {
            Action::Play { card, .. } => card.to_string(),
            Action::Meld { kind, cards, .. } => text(&declaration_tokens(meld::word(kind), cards)),
            Action::Exchange { card } => format!("exchanges {card}"),
            Action::Yield { .. } => "yields".to_string(),
        }
    }

    fn parse(&self, state: &PlayState, _: Seat, token: &str) -> Option<Action> {
        let mut parts = token.split_whitespace();
        let first = parts.next()?;
        let rest: Option<Vec<Card>> = parts.map(card).collect();
        let rest = rest?;
        if let Some(c) = card(first) {
            return rest.is_empty().then_some(Action::Play {
                card: c,
                from_table: false,
            });
        }
        if words::exchange(first) == Some(ExchangeWord::Exchanges) {
            return match rest.as_slice() {
                [c] => Some(Action::Exchange { card: *c }),
                _ => None,
            };
        }
        let cards = CardCounts::of(rest);
        // As the check reads it: before a marriage makes trump (no turned card), the word
        // and the state decide which marriage is royal.
        let kind = meld::kind(first, &cards, state.trump())?;
        Some(Action::Meld {
            kind,
            cards,
            marked: CardCounts::EMPTY,
            partner: CardCounts::EMPTY,
        })
    }

    fn play(&self, state: &mut PlayState, act: Action, labels: &[String]) -> Result<Step, Refusal> {
        match state.play(act) {
            Ok(Event::Played { card, trick, .. }) => Ok(Step::Card {
                card,
                done: trick.map(|t| (t.winner, t.points)),
            }),
            Ok(Event::Melded { kind, value, .. }) => {
                let cards = match act {
                    Action::Meld { cards, .. } => cards,
                    _ => CardCounts::EMPTY,
                };
                Ok(Step::Said {
                    tokens: declaration_tokens(meld::word(kind), cards),
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
            Ok(Event::Yielded { .. }) => Ok(Step::Said {
                tokens: vec![Token::Word("yields".to_string())],
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
    TableGame::start(BeziqueGame, profile, deal)
}
