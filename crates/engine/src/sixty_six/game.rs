//! Sixty-Six for bots ([`crate::table_game`]): the bot plays the whole deal after the deal —
//! cards, marriages, the exchange of the trump nine, closing and announcing 66; the draws
//! from the stock follow by themselves (a bot may still write one, `draws ♠A`).

use cards::{AlphabetSet, Card, Rank};
use notation::{CardSlot, Record, Token};

use crate::core::{GameState, Seat};
use crate::family::Family;
use crate::sixty_six::replay::{check_keeping, labels, refusal_finding};
use crate::sixty_six::rules;
use crate::sixty_six::state::{Action, Event, PlayState};
use crate::sixty_six::words::{self, EventWord};
use crate::table_game::{DealSpec, Game, GameError, Refusal, Rules, Started, Step, TableGame};

/// The Sixty-Six rules of a game for bots.
pub(crate) struct SixtySixGame;

fn card(token: &str) -> Option<Card> {
    cards::parse_card(token, AlphabetSet::DEFAULT).ok()
}

fn said(word: EventWord, cards: &[Card], figure: Option<u32>) -> Step {
    Step::Said {
        tokens: [Token::Word(word.word().to_string())]
            .into_iter()
            .chain(cards.iter().map(|&c| Token::Card(CardSlot::Known(c))))
            .collect(),
        figure: figure.map(i64::from),
    }
}

fn pair(suit: cards::Suit) -> [Card; 2] {
    [Card::new(suit, Rank::King), Card::new(suit, Rank::Queen)]
}

impl Rules for SixtySixGame {
    type State = PlayState;
    type Act = Action;

    fn family(&self) -> &'static dyn Family {
        &crate::sixty_six::family::SIXTY_SIX
    }

    fn start(&self, record: &Record, profile: &str) -> Option<Started<Self::State>> {
        let profile = rules::by_name(profile)?;
        let (_, findings, kept) = check_keeping(record, profile);
        let labels = labels(profile.options.format)
            .iter()
            .map(|l| l.to_string())
            .collect();
        Some(Started {
            labels,
            state: kept,
            findings,
        })
    }

    fn unfinished(&self) -> &'static [&'static str] {
        // The play stops before its end.
        &["Y0501"]
    }

    fn to_act(&self, state: &PlayState) -> Option<Seat> {
        (!state.is_over()).then(|| state.to_play())
    }

    fn legal(&self, state: &PlayState) -> Vec<Action> {
        state.legal()
    }

    fn token(&self, _: &PlayState, act: Action) -> String {
        match act {
            Action::Play(c) => c.to_string(),
            Action::Marriage { suit, .. } => {
                let [k, q] = pair(suit);
                format!("marriage {k} {q}")
            }
            Action::Exchange { card, .. } => format!("exchanges {card}"),
            Action::Close { .. } => "closes".to_string(),
            Action::Draw { card, .. } => format!("draws {card}"),
            Action::Out { .. } => "out".to_string(),
        }
    }

    fn parse(&self, _: &PlayState, seat: Seat, token: &str) -> Option<Action> {
        let mut parts = token.split_whitespace();
        let first = parts.next()?;
        let rest: Option<Vec<Card>> = parts.map(card).collect();
        let rest = rest?;
        if let Some(c) = card(first) {
            return rest.is_empty().then_some(Action::Play(c));
        }
        match (words::event(first)?, rest.as_slice()) {
            (EventWord::Marriage, [c, ..]) => Some(Action::Marriage { seat, suit: c.suit }),
            (EventWord::Exchanges, [c]) => Some(Action::Exchange { seat, card: *c }),
            (EventWord::Closes, []) => Some(Action::Close { seat }),
            (EventWord::Draws, [c]) => Some(Action::Draw { seat, card: *c }),
            (EventWord::Out, []) => Some(Action::Out { seat }),
            _ => None,
        }
    }

    fn play(&self, state: &mut PlayState, act: Action, labels: &[String]) -> Result<Step, Refusal> {
        match state.play(act) {
            Ok(Event::Played { card, trick, .. }) => Ok(Step::Card {
                card,
                done: trick.map(|t| (t.winner, t.points)),
            }),
            Ok(Event::Married { suit, value, .. }) => Ok(said(EventWord::Marriage, &pair(suit), Some(value))),
            Ok(Event::Exchanged { gave, .. }) => Ok(said(EventWord::Exchanges, &[gave], None)),
            Ok(Event::Closed { .. }) => Ok(said(EventWord::Closes, &[], None)),
            Ok(Event::Drew { card, .. }) => Ok(said(EventWord::Draws, &[card], None)),
            Ok(Event::Announced { points, .. }) => Ok(said(EventWord::Out, &[], Some(points))),
            Err(refusal) => Err(Refusal::of(&refusal_finding(labels, act, refusal, None))),
        }
    }

    fn trick_len(&self, state: &PlayState) -> usize {
        state.trick().len()
    }
}

/// Starts a Sixty-Six game for bots.
pub(crate) fn new_game(profile: &str, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
    TableGame::start(SixtySixGame, profile, deal)
}
