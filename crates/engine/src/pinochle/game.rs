//! Pinochle for bots ([`crate::table_game`]): the bot plays the tricks and, in the stock
//! games, the melds and the dix between them (the draws follow by themselves); the auction,
//! the exchanges and the melds shown at once come with the start or, from a record of the
//! deal alone under an auction profile, are played by the bot too (the auction, trump and
//! the bury: [`crate::pinochle::prelude`]).

use cards::{AlphabetSet, Card};
use notation::{CardSlot, Record, Token};

use crate::core::{CardCounts, GameState, Seat};
use crate::family::Family;
use crate::pinochle::meld::MeldKind;
use crate::pinochle::prelude::{self, Next, Prelude};
use crate::pinochle::replay::{check_keeping, refusal_finding};
use crate::pinochle::rules;
use crate::pinochle::state::{Action, Event, PlayState};
use crate::pinochle::words::{self, ExchangeWord};
use crate::table_game::{DealSpec, Game, GameError, Refusal, Rules, Started, Step, TableGame};

/// The Pinochle rules of a game for bots.
pub(crate) struct PinochleGame;

/// Where a Pinochle game for bots stands.
#[derive(Clone)]
pub(crate) enum PinochleState {
    /// The auction, trump and the bury, from a record of the deal alone.
    Prelude(Box<Prelude>),
    /// The play.
    Play(Box<PlayState>),
    /// Thrown in before the play.
    Over,
}

/// A Pinochle action: of the play, or before it (the index of its token among the tokens
/// the phase offers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PinochleAct {
    /// A card, meld or exchange of the play.
    Play(Action),
    /// A bid, pass, trump or bury: its token's index among the phase's candidates, or
    /// past them a bid written out.
    Prelude(usize),
}

fn card(token: &str) -> Option<Card> {
    cards::parse_card(token, AlphabetSet::DEFAULT).ok()
}

fn card_tokens(cards: impl IntoIterator<Item = Card>) -> impl Iterator<Item = Token> {
    cards.into_iter().map(|c| Token::Card(CardSlot::Known(c)))
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

impl Rules for PinochleGame {
    type State = PinochleState;
    type Act = PinochleAct;

    fn family(&self) -> &'static dyn Family {
        &crate::pinochle::family::PINOCHLE
    }

    fn start(&self, record: &Record, profile: &str) -> Option<Started<Self::State>> {
        let profile = rules::by_name(profile)?;
        let (replay, findings, kept) = check_keeping(record, profile);
        // A record of the deal alone: the bot plays the auction, trump and the bury too.
        let deal_only = record.deal.is_some()
            && record.auction.is_none()
            && record.exchange.is_none()
            && record.declaration.is_none()
            && record.melds.is_none()
            && record.play.is_none();
        if deal_only && prelude::offered(profile) {
            let findings = findings
                .into_iter()
                .filter(|d| d.code != "P0505" && d.code != "P0215")
                .collect();
            return Some(Started {
                labels: replay.seats,
                state: Some(PinochleState::Prelude(Box::new(Prelude::start(record, profile)))),
                findings,
            });
        }
        Some(Started {
            labels: replay.seats,
            state: kept.map(|s| PinochleState::Play(Box::new(s))),
            findings,
        })
    }

    fn unfinished(&self) -> &'static [&'static str] {
        // The play stops before the last trick.
        &["P0501"]
    }

    fn to_act(&self, state: &PinochleState) -> Option<Seat> {
        match state {
            PinochleState::Prelude(p) => p.to_act().and_then(Seat::new),
            PinochleState::Play(s) => play_to_act(s),
            PinochleState::Over => None,
        }
    }

    fn legal(&self, state: &PinochleState) -> Vec<PinochleAct> {
        match state {
            PinochleState::Prelude(p) => {
                let legal = p.legal();
                p.candidates()
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| legal.contains(t))
                    .map(|(i, _)| PinochleAct::Prelude(i))
                    .collect()
            }
            PinochleState::Play(s) => play_legal(s).into_iter().map(PinochleAct::Play).collect(),
            PinochleState::Over => Vec::new(),
        }
    }

    fn token(&self, state: &PinochleState, act: PinochleAct) -> String {
        match (state, act) {
            (_, PinochleAct::Play(a)) => play_token(a),
            (PinochleState::Prelude(p), PinochleAct::Prelude(i)) => prelude_token(p, i),
            _ => String::new(),
        }
    }

    fn parse(&self, state: &PinochleState, _: Seat, token: &str) -> Option<PinochleAct> {
        match state {
            PinochleState::Prelude(p) => {
                let t = p.read(token)?;
                let all = p.candidates();
                match all.iter().position(|c| *c == t) {
                    Some(i) => Some(PinochleAct::Prelude(i)),
                    // A bid above those offered: its number past the candidates.
                    None => {
                        let bid = t.parse::<usize>().ok()?;
                        Some(PinochleAct::Prelude(all.len() + bid))
                    }
                }
            }
            PinochleState::Play(_) => play_parse(token).map(PinochleAct::Play),
            PinochleState::Over => None,
        }
    }

    fn play(&self, state: &mut PinochleState, act: PinochleAct, labels: &[String]) -> Result<Step, Refusal> {
        match (state.clone(), act) {
            (PinochleState::Play(mut s), PinochleAct::Play(a)) => {
                let step = play_play(&mut s, a, labels)?;
                *state = PinochleState::Play(s);
                Ok(step)
            }
            (PinochleState::Prelude(p), PinochleAct::Prelude(i)) => {
                let token = prelude_token(&p, i);
                match p.apply(&token)? {
                    Next::More(next) => {
                        let record = p_record(&next);
                        *state = PinochleState::Prelude(Box::new(next));
                        record
                            .map(|r| Step::Prelude(Box::new(r)))
                            .ok_or_else(|| Refusal::new("A0001", "no record"))
                    }
                    Next::Play(record, play) => {
                        *state = PinochleState::Play(play);
                        Ok(Step::Prelude(record))
                    }
                    Next::Over(record) => {
                        *state = PinochleState::Over;
                        Ok(Step::Prelude(record))
                    }
                }
            }
            _ => Err(Refusal::new("A0001", "no action of this phase")),
        }
    }

    fn trick_len(&self, state: &PinochleState) -> usize {
        match state {
            PinochleState::Play(s) => s.trick().len(),
            _ => 0,
        }
    }
}

/// The token of a prelude action: a candidate, or past them a bid written out.
fn prelude_token(p: &Prelude, i: usize) -> String {
    let all = p.candidates();
    all.get(i).cloned().unwrap_or_else(|| (i - all.len()).to_string())
}

/// The record of the phases so far.
fn p_record(p: &Prelude) -> Option<Record> {
    p.record_so_far()
}

fn play_to_act(state: &PlayState) -> Option<Seat> {
    (!state.is_over()).then(|| state.turn().unwrap_or(state.to_play()))
}

fn play_legal(state: &PlayState) -> Vec<Action> {
    state.legal()
}

fn play_token(act: Action) -> String {
    match act {
        Action::Play { card, .. } => card.to_string(),
        Action::Meld { kind, cards, .. } => {
            let tokens: Vec<Token> = [Token::Word(kind.word().to_string())]
                .into_iter()
                .chain(card_tokens(cards.iter()))
                .collect();
            text(&tokens)
        }
        Action::Exchange { card } => format!("exchanges {card}"),
        // No Pinochle profile has partners with a stock, so no yield (a Bezique action).
        Action::Yield { .. } => "yields".to_string(),
    }
}

fn play_parse(token: &str) -> Option<Action> {
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
    let kind = MeldKind::from_word(first)?;
    Some(Action::Meld {
        kind,
        cards: CardCounts::of(rest),
        marked: CardCounts::EMPTY,
        partner: CardCounts::EMPTY,
    })
}

fn play_play(state: &mut PlayState, act: Action, labels: &[String]) -> Result<Step, Refusal> {
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
                tokens: [Token::Word(kind.word().to_string())]
                    .into_iter()
                    .chain(card_tokens(cards.iter()))
                    .collect(),
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

/// Starts a Pinochle game for bots.
pub(crate) fn new_game(profile: &str, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
    TableGame::start(PinochleGame, profile, deal)
}
