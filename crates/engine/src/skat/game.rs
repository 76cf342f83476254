//! Skat for bots ([`crate::table_game`]): the bot plays the cards; the auction, the skat and
//! the declaration come with the start (the generator's from a seed, the record's own).

use cards::{AlphabetSet, Card};
use notation::{Diagnostic, Kind, Record};

use crate::core::Seat as TableSeat;
use crate::core::game::GameState;
use crate::family::Family;
use crate::skat::model::Seat;
use crate::skat::replay::breach_message;
use crate::skat::state::{Act, Event, PlayState, Refusal as StateRefusal};
use crate::skat::{interpret, replay, rules};
use crate::table_game::{Refusal, Rules, Started, Step};

/// The Skat rules of a game for bots.
pub(crate) struct SkatGame;

fn table_seat(seat: Seat) -> TableSeat {
    TableSeat::new(seat.index()).unwrap_or(TableSeat::FIRST)
}

impl Rules for SkatGame {
    type State = PlayState<'static>;
    type Act = Card;

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

    fn legal(&self, state: &PlayState<'static>) -> Vec<Card> {
        state.legal().iter().collect()
    }

    fn token(&self, _: &PlayState<'static>, card: Card) -> String {
        card.to_string()
    }

    fn parse(&self, _: &PlayState<'static>, _: TableSeat, token: &str) -> Option<Card> {
        cards::parse_card(token, AlphabetSet::DEFAULT).ok()
    }

    fn play(&self, state: &mut PlayState<'static>, card: Card, _: &[String]) -> Result<Step, Refusal> {
        let seat = state.to_play();
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
