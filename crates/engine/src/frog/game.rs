//! Frog for bots ([`crate::table_game`]): the bot plays the eleven tricks; the offers, the
//! trump and the widow come with the start. The state is the [`PlayState`] the check
//! replays with ([`super::replay::check_keeping`]), and a refusal has the check's finding.

use cards::{AlphabetSet, Card};
use notation::Record;

use crate::core::{GameState, Seat};
use crate::family::Family;
use crate::frog::replay::{check_keeping, refusal_finding};
use crate::frog::rules;
use crate::frog::state::PlayState;
use crate::table_game::{DealSpec, Game, GameError, Refusal, Rules, Started, Step, TableGame};

/// The Frog rules of a game for bots.
pub(crate) struct FrogGame;

impl Rules for FrogGame {
    type State = PlayState;
    type Act = Card;

    fn family(&self) -> &'static dyn Family {
        &crate::frog::family::FROG
    }

    fn start(&self, record: &Record, profile: &str) -> Option<Started<Self::State>> {
        let profile = rules::by_name(profile)?;
        let (replay, findings, kept) = check_keeping(record, profile);
        Some(Started {
            labels: replay.active,
            state: kept,
            findings,
        })
    }

    fn unfinished(&self) -> &'static [&'static str] {
        // The play stops before the last trick (or before the first).
        &["G0501"]
    }

    fn to_act(&self, state: &PlayState) -> Option<Seat> {
        if state.is_over() {
            return None;
        }
        Seat::new(state.to_play())
    }

    fn legal(&self, state: &PlayState) -> Vec<Card> {
        state.legal()
    }

    fn token(&self, _: &PlayState, card: Card) -> String {
        card.to_string()
    }

    fn parse(&self, _: &PlayState, _: Seat, token: &str) -> Option<Card> {
        cards::parse_card(token, AlphabetSet::DEFAULT).ok()
    }

    fn play(&self, state: &mut PlayState, card: Card, _: &[String]) -> Result<Step, Refusal> {
        match state.play(card) {
            Ok(played) => Ok(Step::Card {
                card,
                done: played.trick.and_then(|t| Some((Seat::new(t.winner)?, t.points))),
            }),
            Err(refusal) => {
                let (code, message) = refusal_finding(refusal);
                Err(Refusal {
                    code: code.to_string(),
                    message,
                })
            }
        }
    }

    fn trick_len(&self, state: &PlayState) -> usize {
        state.trick().len()
    }
}

/// Starts a Frog game for bots.
pub(crate) fn new_game(profile: &str, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
    TableGame::start(FrogGame, profile, deal)
}
