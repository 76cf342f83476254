//! Skat for bots ([`crate::table_game`]): the bot plays the cards and, between tricks, the
//! words the profile allows then (Kontra and Re, the declarer's concession, abandoning a
//! tourné); the auction, the skat and the declaration come with the start (the generator's
//! from a seed, the record's own).

use cards::{AlphabetSet, Card};
use notation::{Diagnostic, Kind, Record};

use crate::core::Seat as TableSeat;
use crate::core::game::GameState;
use crate::family::Family;
use crate::skat::model::Seat;
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
    type State = PlayState<'static>;
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
        Some(Started {
            labels,
            state: kept,
            findings,
        })
    }

    fn unfinished(&self) -> &'static [&'static str] {
        // The play stops without an end, no play yet, a record marked unfinished.
        &["S0505", "S0509", "S0510"]
    }

    fn to_act(&self, state: &PlayState<'static>) -> Option<TableSeat> {
        (!state.is_over()).then(|| table_seat(state.to_play()))
    }

    fn legal(&self, state: &PlayState<'static>) -> Vec<SkatAct> {
        let mut out: Vec<SkatAct> = state.legal().iter().map(SkatAct::Card).collect();
        if state.trick().is_empty() {
            let seat = state.to_play();
            out.extend(
                WORDS
                    .into_iter()
                    .filter(|&w| state.clone().play(Act::Says(seat, w)).is_ok())
                    .map(SkatAct::Word),
            );
        }
        out
    }

    fn token(&self, _: &PlayState<'static>, act: SkatAct) -> String {
        match act {
            SkatAct::Card(card) => card.to_string(),
            SkatAct::Word(word) => event_canonical(word).to_string(),
        }
    }

    fn parse(&self, _: &PlayState<'static>, _: TableSeat, token: &str) -> Option<SkatAct> {
        match cards::parse_card(token, AlphabetSet::DEFAULT) {
            Ok(card) => Some(SkatAct::Card(card)),
            Err(_) => event_word(token).filter(|w| WORDS.contains(w)).map(SkatAct::Word),
        }
    }

    fn play(&self, state: &mut PlayState<'static>, act: SkatAct, _: &[String]) -> Result<Step, Refusal> {
        let seat = state.to_play();
        let card = match act {
            SkatAct::Card(card) => card,
            SkatAct::Word(word) => return say(state, seat, word),
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

    fn trick_len(&self, state: &PlayState<'static>) -> usize {
        state.trick().len()
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
