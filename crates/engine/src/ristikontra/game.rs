//! Ristikontra for bots ([`crate::table_game`]): the bot plays every card, from the hand or
//! in the dark from the top of the stock (`♦9@stock`), and spices a trick where the profile
//! has the spice (`spices ♥2`); the fill-up draws follow by themselves from the stock, which
//! the start must give. The state is the [`PlayState`] the check replays with
//! ([`super::replay::check_keeping`]), and a refusal has the check's finding.

use cards::{AlphabetSet, Card};
use notation::{CardSlot, Diagnostic, Kind, Record, Token};

use crate::core::{GameState, Seat};
use crate::family::Family;
use crate::ristikontra::replay::{check_keeping, refusal_finding};
use crate::ristikontra::rules;
use crate::ristikontra::state::{Action, Event, PlayState};
use crate::ristikontra::words;
use crate::table_game::{DealSpec, Game, GameError, Refusal, Rules, Started, Step, TableGame};

/// The Ristikontra rules of a game for bots.
pub(crate) struct RistikontraGame;

fn card(token: &str) -> Option<Card> {
    cards::parse_card(token, AlphabetSet::DEFAULT).ok()
}

impl Rules for RistikontraGame {
    type State = PlayState;
    type Act = Action;

    fn family(&self) -> &'static dyn Family {
        &crate::ristikontra::family::RISTIKONTRA
    }

    fn start(&self, record: &Record, profile: &str) -> Option<Started<Self::State>> {
        let profile = rules::by_name(profile)?;
        let (replay, mut findings, kept) = check_keeping(record, profile);
        if kept.as_ref().is_some_and(|s| !s.stock_known() && !s.is_over()) {
            // Without the stock the bot could neither play in the dark nor draw.
            findings.push(
                Diagnostic::error(
                    "A0003",
                    Kind::Incomplete,
                    None,
                    "the deal does not give the stock, which a game for bots draws from",
                )
                .with_help("add the stock to the deal, top first: `stock: …`"),
            );
        }
        Some(Started {
            labels: replay.seats,
            state: kept,
            findings,
        })
    }

    fn unfinished(&self) -> &'static [&'static str] {
        // The play stops before the thirteenth trick, or in the middle of one.
        &["R0501"]
    }

    fn to_act(&self, state: &PlayState) -> Option<Seat> {
        if state.is_over() {
            return None;
        }
        Seat::new(state.to_play())
    }

    fn legal(&self, state: &PlayState) -> Vec<Action> {
        state.legal()
    }

    fn token(&self, _: &PlayState, act: Action) -> String {
        match act {
            Action::Play { card, dark: false } => card.to_string(),
            Action::Play { card, dark: true } => format!("{card}@stock"),
            Action::Draw { card, .. } => format!("draws {card}"),
            Action::Spice { card, .. } => format!("spices {card}"),
        }
    }

    fn parse(&self, _: &PlayState, seat: Seat, token: &str) -> Option<Action> {
        let seat = seat.index();
        let mut parts = token.split_whitespace();
        let first = parts.next()?;
        let rest: Vec<&str> = parts.collect();
        match (first.to_ascii_lowercase().as_str(), rest.as_slice()) {
            ("draws", [c]) => Some(Action::Draw { seat, card: card(c)? }),
            ("spices", [c]) => Some(Action::Spice { seat, card: card(c)? }),
            (_, []) => match first.split_once('@') {
                Some((c, origin)) if words::is_stock(origin) => Some(Action::Play {
                    card: card(c)?,
                    dark: true,
                }),
                Some(_) => None,
                None => Some(Action::Play {
                    card: card(first)?,
                    dark: false,
                }),
            },
            _ => None,
        }
    }

    fn play(&self, state: &mut PlayState, act: Action, _: &[String]) -> Result<Step, Refusal> {
        let said = |word: &str, card: Card, figure: Option<u32>| Step::Said {
            tokens: vec![Token::Word(word.to_string()), Token::Card(CardSlot::Known(card))],
            figure: figure.map(i64::from),
        };
        match state.play(act) {
            Ok(Event::Played { card, trick, .. }) => {
                let done = trick.and_then(|t| Some((Seat::new(t.winner)?, t.points)));
                Ok(match act {
                    Action::Play { dark: true, .. } => Step::CardFrom {
                        card,
                        origin: "stock",
                        done,
                    },
                    _ => Step::Card { card, done },
                })
            }
            Ok(Event::Drew { card, .. }) => Ok(said("draws", card, None)),
            Ok(Event::Spiced { card, points, .. }) => Ok(said("spices", card, Some(points))),
            Err(refusal) => {
                let (code, _, message) = refusal_finding(act, refusal);
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

/// Starts a Ristikontra game for bots. The generator leaves the stock out of half its
/// records (writing every draw instead); a game from a seed gets it back from the play the
/// generator made, so that its draws follow from the stock.
pub(crate) fn new_game(profile: &str, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
    let deal = match deal {
        DealSpec::Seed(seed) => match with_stock(profile, seed) {
            Some(record) => DealSpec::Record(notation::print_file([&record])),
            None => DealSpec::Seed(seed),
        },
        other => other,
    };
    TableGame::start(RistikontraGame, profile, deal)
}

/// The generator's record of `seed` without its play, its stock written in the deal: the
/// cards taken from the stock in play order (those played in the dark in a trick, then the
/// draws after it). `None` when the record gives the stock already.
fn with_stock(profile: &str, seed: u64) -> Option<Record> {
    let p = rules::by_name(profile)?;
    let mut record = crate::ristikontra::r#gen::generate(p, seed);
    let deal = record.deal.as_mut()?;
    if deal
        .items
        .iter()
        .any(|l| l.seat.node.eq_ignore_ascii_case("stock"))
    {
        return None;
    }
    let (replay, _) = crate::ristikontra::check(&record, p);
    let stock: Vec<Card> = replay
        .tricks
        .iter()
        .flat_map(|t| {
            let dark = t.cards.iter().zip(&t.dark).filter(|&(_, &d)| d).map(|(&c, _)| c);
            dark.chain(t.draws.iter().map(|&(_, c)| c)).collect::<Vec<_>>()
        })
        .collect();
    let deal = record.deal.as_mut()?;
    deal.items.push(notation::HandLine {
        seat: notation::Spanned::bare("stock".to_string()),
        cards: stock
            .into_iter()
            .map(|c| notation::Spanned::bare(CardSlot::Known(c)))
            .collect(),
        comments: Vec::new(),
    });
    record.play = None;
    record.result = None;
    Some(record)
}
