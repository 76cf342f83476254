//! Skat for bots ([`crate::table_game`]): the bot plays the cards and, between tricks, the
//! words the profile allows then (Kontra and Re, the declarer's concession, abandoning a
//! tourné). The auction, the skat and the declaration come with the start (the generator's
//! from a seed, the record's own) or, from a record of the deal alone, are played by the bot
//! too ([`crate::skat::prelude`]).

use cards::{AlphabetSet, Card};
use notation::{Diagnostic, Kind, Record};

use crate::core::Seat as TableSeat;
use crate::core::game::GameState;
use crate::family::Family;
use crate::skat::model::Seat;
use crate::skat::prelude::{Next, Prelude};
use crate::skat::replay::breach_message;
use crate::skat::state::{Act, Event, PlayState, Refusal as StateRefusal};
use crate::skat::words::{EventWord, event_canonical, event_word};
use crate::skat::{interpret, replay, rules};
use crate::table_game::{Refusal, Rules, Started, Step};

/// The Skat rules of a game for bots.
pub(crate) struct SkatGame;

fn table_seat(seat: Seat) -> TableSeat {
    TableSeat::new(seat.index()).unwrap_or(TableSeat::FIRST)
}

/// A Skat action: a card, or a word said between tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SkatAct {
    /// A card played.
    Card(Card),
    /// A word of the play section.
    Word(EventWord),
    /// An action before the play (a call, `pickup`, `discard …`, a declaration): the index
    /// of its token among the tokens the phase offers.
    Prelude(usize),
}

/// Where a Skat game for bots stands: before the play, or in it.
#[derive(Clone)]
pub(crate) enum SkatState {
    /// The auction, the skat or the declaration.
    Prelude(Box<Prelude>),
    /// The play (over once its state is).
    Play(Box<PlayState<'static>>),
    /// All passed.
    Over,
}

/// The words offered between tricks, where the state accepts them. A defender's resigning
/// is left out (it ends the game only when both resign), and so are the declarer's claim of
/// the rest (its end is settled only when the record stops) and the penalty words.
const WORDS: [EventWord; 4] = [
    EventWord::Kontra,
    EventWord::Re,
    EventWord::Concedes,
    EventWord::Abandons,
];

impl Rules for SkatGame {
    type State = SkatState;
    type Act = SkatAct;

    fn family(&self) -> &'static dyn Family {
        &crate::skat::family::SKAT
    }

    fn start(&self, record: &Record, profile: &str) -> Option<Started<Self::State>> {
        let profile = rules::by_name(profile)?;
        let (game, mut findings) = interpret::interpret(record);
        let mut kept = None;
        let (_, more) = replay::run_keeping(&game, profile, &mut kept);
        findings.extend(more);
        let labels = Seat::ALL.iter().map(|s| s.label().to_string()).collect();
        // A record of the deal alone: the bot plays the phases before the play too. The
        // findings of the missing auction and declaration are those of a record that merely
        // stops.
        let deal_only = record.deal.is_some()
            && record.auction.is_none()
            && record.exchange.is_none()
            && record.declaration.is_none()
            && record.play.is_none();
        if deal_only {
            findings.retain(|d| d.kind != Kind::Incomplete);
            return Some(Started {
                labels,
                state: Some(SkatState::Prelude(Box::new(Prelude::start(record, profile)))),
                findings,
            });
        }
        Some(Started {
            labels,
            state: kept.map(|s| SkatState::Play(Box::new(s))),
            findings,
        })
    }

    fn unfinished(&self) -> &'static [&'static str] {
        // The play stops without an end, no play yet, a record marked unfinished.
        &["S0505", "S0509", "S0510"]
    }

    fn to_act(&self, state: &SkatState) -> Option<TableSeat> {
        match state {
            SkatState::Prelude(p) => p.to_act().map(table_seat),
            SkatState::Play(state) => (!state.is_over()).then(|| table_seat(state.to_play())),
            SkatState::Over => None,
        }
    }

    fn legal(&self, state: &SkatState) -> Vec<SkatAct> {
        let state = match state {
            SkatState::Prelude(p) => {
                let offered = p.legal();
                return p
                    .candidates()
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| offered.contains(t))
                    .map(|(i, _)| SkatAct::Prelude(i))
                    .collect();
            }
            SkatState::Play(state) => state,
            SkatState::Over => return Vec::new(),
        };
        let mut out: Vec<SkatAct> = state.legal().iter().map(SkatAct::Card).collect();
        if state.trick().is_empty() {
            let seat = state.to_play();
            out.extend(
                WORDS
                    .into_iter()
                    .filter(|&w| state.as_ref().clone().play(Act::Says(seat, w)).is_ok())
                    .map(SkatAct::Word),
            );
        }
        out
    }

    fn token(&self, state: &SkatState, act: SkatAct) -> String {
        match act {
            SkatAct::Card(card) => card.to_string(),
            SkatAct::Word(word) => event_canonical(word).to_string(),
            SkatAct::Prelude(i) => match state {
                SkatState::Prelude(p) => p.candidates().get(i).cloned().unwrap_or_default(),
                _ => String::new(),
            },
        }
    }

    fn parse(&self, state: &SkatState, _: TableSeat, token: &str) -> Option<SkatAct> {
        if let SkatState::Prelude(p) = state {
            return p.find(token).map(SkatAct::Prelude);
        }
        match cards::parse_card(token, AlphabetSet::DEFAULT) {
            Ok(card) => Some(SkatAct::Card(card)),
            Err(_) => event_word(token).filter(|w| WORDS.contains(w)).map(SkatAct::Word),
        }
    }

    fn play(&self, state: &mut SkatState, act: SkatAct, _: &[String]) -> Result<Step, Refusal> {
        let play = match state {
            SkatState::Prelude(p) => {
                let SkatAct::Prelude(i) = act else {
                    return Err(Refusal::of(&Diagnostic::error(
                        "S0502",
                        Kind::Illegal,
                        None,
                        "the play has not begun: the auction, the skat or the declaration is due",
                    )));
                };
                let token = p.candidates().get(i).cloned().unwrap_or_default();
                let next = p.apply(&token)?;
                let record = p.record_with(&token);
                *state = match next {
                    Next::Prelude(p) => SkatState::Prelude(p),
                    Next::Play(s) => SkatState::Play(s),
                    Next::Over => SkatState::Over,
                };
                return record.map(|r| Step::Prelude(Box::new(r))).ok_or_else(|| {
                    Refusal::of(&Diagnostic::error(
                        "S0502",
                        Kind::Illegal,
                        None,
                        format!("`{token}` cannot be written"),
                    ))
                });
            }
            SkatState::Play(s) => s,
            SkatState::Over => {
                return Err(Refusal::of(&Diagnostic::error(
                    "A0002",
                    Kind::Illegal,
                    None,
                    "the game is over",
                )));
            }
        };
        let state = play.as_mut();
        let seat = state.to_play();
        let card = match act {
            SkatAct::Card(card) => card,
            SkatAct::Word(word) => return say(state, seat, word),
            SkatAct::Prelude(_) => {
                return Err(Refusal::of(&Diagnostic::error(
                    "S0502",
                    Kind::Illegal,
                    None,
                    "the declaration is made; the play is under way",
                )));
            }
        };
        let trick = state.trick_number();
        let led = state.trick().first().copied();
        match state.play(Act::Card(seat, card)) {
            Ok(Event::Trick(done)) => Ok(Step::Card {
                card,
                done: Some((table_seat(done.winner), done.points)),
            }),
            Ok(_) => Ok(Step::Card { card, done: None }),
            Err(refusal) => Err(Refusal::of(&refusal_finding(
                state, trick, seat, card, led, refusal,
            ))),
        }
    }

    fn trick_len(&self, state: &SkatState) -> usize {
        match state {
            SkatState::Play(s) => s.trick().len(),
            _ => 0,
        }
    }
}

/// A word said by the seat to act, between tricks.
fn say(state: &mut PlayState<'static>, seat: Seat, word: EventWord) -> Result<Step, Refusal> {
    if !state.trick().is_empty() {
        return Err(Refusal::of(&Diagnostic::error(
            "S0502",
            Kind::Illegal,
            None,
            format!(
                "`{}` is said between tricks, not during one",
                event_canonical(word)
            ),
        )));
    }
    let mut probe = state.clone();
    match probe.play(Act::Says(seat, word)) {
        Ok(_) => {
            *state = probe;
            Ok(Step::Said {
                tokens: vec![notation::Token::Word(event_canonical(word).to_string())],
                figure: None,
            })
        }
        Err(refusal) => Err(Refusal::of(&word_finding(state, seat, word, refusal))),
    }
}

/// The finding the check gives a word the play state refuses in a record.
fn word_finding(state: &PlayState<'_>, seat: Seat, word: EventWord, refusal: StateRefusal) -> Diagnostic {
    let _ = state;
    match refusal {
        StateRefusal::Doubling(_) => Diagnostic::error(
            "S0214",
            Kind::Illegal,
            None,
            format!("{seat} may not say {} now", event_canonical(word)),
        ),
        StateRefusal::Abandon(_) => Diagnostic::error(
            "S0213",
            Kind::Illegal,
            None,
            format!("{seat} may not abandon the game now"),
        ),
        _ => Diagnostic::warning(
            "S0502",
            None,
            format!("{seat} may not say {} in this game", event_canonical(word)),
        ),
    }
}

/// The finding the check gives a card the play state refuses in a record.
fn refusal_finding(
    state: &PlayState<'_>,
    trick: u32,
    seat: Seat,
    card: Card,
    led: Option<Card>,
    refusal: StateRefusal,
) -> Diagnostic {
    match refusal {
        StateRefusal::Breach(b) => {
            let d = Diagnostic::error("S0301", Kind::Illegal, None, breach_message(trick, seat, card, b));
            match led {
                Some(l) => d.with_help(format!("{l} was led; a player must follow suit when able")),
                None => d,
            }
        }
        StateRefusal::NotHeld => match Seat::ALL.into_iter().find(|&s| state.hand(s).contains(card)) {
            // The deal check's findings for a card its player does not hold.
            Some(holder) => Diagnostic::error(
                "D0104",
                Kind::Illegal,
                None,
                format!("{card} is in {holder}'s hand, not {seat}'s"),
            ),
            None => Diagnostic::error(
                "D0103",
                Kind::Illegal,
                None,
                format!("{card} has left the hands already (played, or in the skat)"),
            ),
        },
        StateRefusal::OutOfTurn { expected } => Diagnostic::error(
            "S0302",
            Kind::Illegal,
            None,
            format!("{expected} is to play, not {seat}"),
        ),
        other => Diagnostic::error(
            "S0502",
            Kind::Illegal,
            None,
            format!("{seat} may not play {card} now ({other:?})"),
        ),
    }
}

/// Starts a Skat game for bots.
pub(crate) fn new_game(
    profile: &str,
    deal: crate::table_game::DealSpec,
) -> Result<Box<dyn crate::table_game::Game>, crate::table_game::GameError> {
    crate::table_game::TableGame::start(SkatGame, profile, deal)
}
