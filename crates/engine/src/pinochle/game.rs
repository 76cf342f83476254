//! Pinochle for bots ([`crate::table_game`]): the bot plays the tricks and, in the stock
//! games, the melds and the dix between them (the draws follow by themselves); the auction,
//! the exchanges and the melds shown at once come with the start or, from a record of the
//! deal alone under an auction profile, are played by the bot too (the auction, trump, the
//! bury and the gives, and the bidder's concession where the profile has one:
//! [`crate::pinochle::prelude`]).

use cards::{AlphabetSet, Card};
use notation::{CardSlot, Diagnostic, Record, Section, Severity, Span, Spanned, Statement, Token};

use crate::core::{CardCounts, GameState, Seat};
use crate::family::Family;
use crate::pinochle::meld::MeldKind;
use crate::pinochle::prelude::{self, Announce, Next, Prelude};
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
    /// The auction, trump, the bury and the gives, from a record of the deal alone.
    Prelude(Box<Prelude>),
    /// The play.
    Play(Box<PlayState>),
    /// The first lead, by a bidder who may concede instead.
    Lead(Box<AtLead>, Box<PlayState>),
    /// Before the first lead, the opponents' agreement to concede the contract (000:437),
    /// asked of the first opponent after the bidder, who concedes or declines (`M declines`
    /// in the record); then the bidder's lead.
    Opponents(Box<AtLead>, Box<PlayState>),
    /// Thrown in, forfeited or conceded before the play.
    Over,
}

/// A bidder about to lead who may concede instead (seed 000, 000:339, 435–439): the record
/// so far, to write the concession in.
#[derive(Clone)]
pub(crate) struct AtLead {
    record: Record,
    bidder: String,
    profile: &'static rules::Profile,
}

impl AtLead {
    /// The bidder of `record` when he is to lead to the first trick of `play` and the
    /// profile has concessions.
    fn of(
        record: &Record,
        profile: &'static rules::Profile,
        bidder: Option<&str>,
        play: &PlayState,
    ) -> Option<AtLead> {
        let bidder = bidder?;
        let leads = play_to_act(play)?;
        let options = prelude::options_of(record, profile);
        let labels = words::seat_labels(options.seats);
        let first = record.play.as_ref().is_none_or(|p| p.items.items.is_empty());
        (options.concessions
            && first
            && labels
                .get(leads.index())
                .is_some_and(|l| l.eq_ignore_ascii_case(bidder)))
        .then(|| AtLead {
            record: record.clone(),
            bidder: bidder.to_string(),
            profile,
        })
    }

    /// The record with the bidder's concession, or the check's refusal of it.
    fn concede(&self) -> Result<Box<Record>, Refusal> {
        self.say(&self.bidder, CONCEDES)
    }

    /// Whether the opponents have answered already: the record has their `declines` (a
    /// record with their concession has no play to go on with).
    fn opponents_answered(&self) -> bool {
        self.record.exchange.as_ref().is_some_and(|s| {
            s.items.iter().any(|st| {
                st.tokens.iter().any(|t| {
                    matches!(&t.node, Token::Word(w) if words::exchange(w) == Some(ExchangeWord::Declines))
                })
            })
        })
    }

    /// The first opponent after the bidder, who speaks for the opponents' agreement: the
    /// next seat in the order of the calls, as the seed names no one (000:437).
    fn opponent(&self) -> Option<Seat> {
        let labels = words::seat_labels(prelude::options_of(&self.record, self.profile).seats);
        let at = labels.iter().position(|l| l.eq_ignore_ascii_case(&self.bidder))?;
        Seat::new((at + 1) % labels.len().max(1))
    }

    /// Whether the profile lets the opponents concede the contract: where deals are settled
    /// in units (in the three-hand double pack only the bidder concedes, 000:339).
    fn opponents_concede(&self) -> bool {
        let o = prelude::options_of(&self.record, self.profile);
        o.concessions && o.schedule.is_some()
    }

    /// The record with the statement `word` (a concession, or the opponents' `declines`) of
    /// the seat labelled `seat` written among the exchanges, or the check's refusal of it.
    fn say(&self, seat: &str, word: &str) -> Result<Box<Record>, Refusal> {
        let mut record = self.record.clone();
        record.result = None;
        let judged = |r: &Record| -> Vec<Diagnostic> {
            let (_, findings, _) = check_keeping(r, self.profile);
            findings
                .into_iter()
                .filter(|d| matches!(d.severity, Severity::Error | Severity::Warning))
                .collect()
        };
        let before: Vec<&'static str> = judged(&record).iter().map(|d| d.code).collect();
        let st = Statement {
            seat: Some(Spanned::bare(seat.to_string())),
            tokens: vec![Spanned::bare(Token::Word(word.to_string()))],
            figure: Vec::new(),
            comments: Vec::new(),
        };
        match &mut record.exchange {
            Some(section) => section.items.push(st),
            None => record.exchange = Some(Section::new(Span::default(), vec![st])),
        }
        // A finding the record had before (a warning of its own) is not the statement's.
        match judged(&record).iter().find(|d| !before.contains(&d.code)) {
            Some(d) => Err(Refusal::of(d)),
            None => Ok(Box::new(record)),
        }
    }
}

/// A Pinochle action: of the play, or before it (the index of its token among the tokens
/// the phase offers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PinochleAct {
    /// A card, meld or exchange of the play.
    Play(Action),
    /// A bid, pass, trump or concession: its token's index among the phase's candidates,
    /// or past them a bid written out.
    Prelude(usize),
    /// Cards buried: the whole bury, or part of one laid card by card.
    Bury(CardCounts),
    /// Cards given to a seat (its index): a card of the widow, or part of a pass between
    /// partners laid card by card.
    Give(usize, CardCounts),
    /// A meld or a flush announced in the double-pack auction.
    Announces(Announce),
    /// The bidder's concession instead of the first lead, or the opponents'.
    Concede,
    /// The opponents let the bidder play: `M declines` among the exchanges.
    Decline,
}

/// The word of a concession.
const CONCEDES: &str = "concedes";

/// The word of the opponents who let the bidder play rather than concede.
const DECLINES: &str = "declines";

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
        if deal_only && prelude::offered(&prelude::options_of(record, profile)) {
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
        let bidder = replay.contract.as_ref().map(|c| c.bidder.clone());
        // At the first lead the opponents are asked first, unless the record has their
        // answer.
        let state = kept.map(|s| match AtLead::of(record, profile, bidder.as_deref(), &s) {
            Some(at) if at.opponents_concede() && !at.opponents_answered() => {
                PinochleState::Opponents(Box::new(at), Box::new(s))
            }
            Some(at) => PinochleState::Lead(Box::new(at), Box::new(s)),
            None => PinochleState::Play(Box::new(s)),
        });
        Some(Started {
            labels: replay.seats,
            state,
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
            PinochleState::Play(s) | PinochleState::Lead(_, s) => play_to_act(s),
            PinochleState::Opponents(at, _) => at.opponent(),
            PinochleState::Over => None,
        }
    }

    fn legal(&self, state: &PinochleState) -> Vec<PinochleAct> {
        match state {
            PinochleState::Prelude(p) => {
                let candidates = p.candidates();
                p.legal()
                    .iter()
                    .filter_map(|t| prelude_parse(p, &candidates, t))
                    .collect()
            }
            PinochleState::Play(s) => play_legal(s).into_iter().map(PinochleAct::Play).collect(),
            PinochleState::Lead(_, s) => play_legal(s)
                .into_iter()
                .map(PinochleAct::Play)
                .chain([PinochleAct::Concede])
                .collect(),
            PinochleState::Opponents(..) => vec![PinochleAct::Concede, PinochleAct::Decline],
            PinochleState::Over => Vec::new(),
        }
    }

    fn token(&self, state: &PinochleState, act: PinochleAct) -> String {
        match (state, act) {
            (_, PinochleAct::Play(a)) => play_token(a),
            (PinochleState::Prelude(p), PinochleAct::Prelude(i)) => prelude_token(p, i),
            (_, PinochleAct::Bury(cards)) => bury_token(&cards),
            (PinochleState::Prelude(p), PinochleAct::Give(to, cards)) => give_token(p, to, &cards),
            (_, PinochleAct::Concede) => CONCEDES.to_string(),
            (_, PinochleAct::Decline) => DECLINES.to_string(),
            (_, PinochleAct::Announces(a)) => a.token(),
            _ => String::new(),
        }
    }

    fn parse(&self, state: &PinochleState, _: Seat, token: &str) -> Option<PinochleAct> {
        match state {
            PinochleState::Prelude(p) => prelude_parse(p, &p.candidates(), token),
            PinochleState::Play(_) => play_parse(token).map(PinochleAct::Play),
            PinochleState::Lead(..) => match words::exchange(token.trim()) {
                Some(ExchangeWord::Concedes) => Some(PinochleAct::Concede),
                _ => play_parse(token).map(PinochleAct::Play),
            },
            PinochleState::Opponents(..) => match words::exchange(token.trim()) {
                Some(ExchangeWord::Concedes) => Some(PinochleAct::Concede),
                Some(ExchangeWord::Declines) => Some(PinochleAct::Decline),
                _ => None,
            },
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
            (PinochleState::Lead(_, mut s), PinochleAct::Play(a)) => {
                let step = play_play(&mut s, a, labels)?;
                *state = PinochleState::Play(s);
                Ok(step)
            }
            (PinochleState::Lead(at, _), PinochleAct::Concede) => {
                let record = at.concede()?;
                *state = PinochleState::Over;
                Ok(Step::Prelude(record))
            }
            (PinochleState::Opponents(at, s), act @ (PinochleAct::Concede | PinochleAct::Decline)) => {
                let opponent = at
                    .opponent()
                    .and_then(|s| labels.get(s.index()))
                    .ok_or_else(|| Refusal::new("A0001", "no opponent"))?;
                let word = if act == PinochleAct::Concede {
                    CONCEDES
                } else {
                    DECLINES
                };
                let record = at.say(opponent, word)?;
                *state = if act == PinochleAct::Concede {
                    PinochleState::Over
                } else {
                    // The bidder leads or concedes, on the record with the answer written.
                    let mut at = at;
                    at.record = (*record).clone();
                    PinochleState::Lead(at, s)
                };
                Ok(Step::Prelude(record))
            }
            (
                PinochleState::Prelude(p),
                act @ (PinochleAct::Prelude(_)
                | PinochleAct::Bury(_)
                | PinochleAct::Give(..)
                | PinochleAct::Announces(_)),
            ) => {
                let token = match act {
                    PinochleAct::Bury(cards) => bury_token(&cards),
                    PinochleAct::Give(to, cards) => give_token(&p, to, &cards),
                    PinochleAct::Announces(a) => a.token(),
                    PinochleAct::Prelude(i) => prelude_token(&p, i),
                    _ => String::new(),
                };
                match p.apply(&token)? {
                    Next::More(next) => {
                        let record = p_record(&next);
                        *state = PinochleState::Prelude(next);
                        record
                            .map(|r| Step::Prelude(Box::new(r)))
                            .ok_or_else(|| Refusal::new("A0001", "no record"))
                    }
                    Next::Play(record, play, concede) => {
                        let bidder = p.bidder().and_then(|b| labels.get(b)).cloned();
                        let at = concede.then(|| AtLead {
                            record: (*record).clone(),
                            bidder: bidder.unwrap_or_default(),
                            profile: p.profile(),
                        });
                        *state = match at {
                            Some(at) if at.opponents_concede() => {
                                PinochleState::Opponents(Box::new(at), play)
                            }
                            Some(at) => PinochleState::Lead(Box::new(at), play),
                            None => PinochleState::Play(play),
                        };
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
            PinochleState::Play(s) | PinochleState::Lead(_, s) | PinochleState::Opponents(_, s) => {
                s.trick().len()
            }
            _ => 0,
        }
    }
}

/// The action a token names before the play: in the bury, any cards (judged when played);
/// else a candidate, or a bid above those offered (its number past the candidates).
fn prelude_parse(p: &Prelude, candidates: &[String], token: &str) -> Option<PinochleAct> {
    let t = p.read(token)?;
    if let Some(cards) = prelude::read_bury(&t) {
        return Some(PinochleAct::Bury(CardCounts::of(cards)));
    }
    if let Some(a) = Announce::read(&t) {
        return Some(PinochleAct::Announces(a));
    }
    if let Some((to, cards)) = p.read_give(&t) {
        return Some(PinochleAct::Give(to, CardCounts::of(cards)));
    }
    match candidates.iter().position(|c| *c == t) {
        Some(i) => Some(PinochleAct::Prelude(i)),
        None => {
            let bid = t.parse::<usize>().ok()?;
            Some(PinochleAct::Prelude(candidates.len() + bid))
        }
    }
}

/// The token of a bury.
fn bury_token(cards: &CardCounts) -> String {
    prelude::bury_token(&cards.iter().collect::<Vec<_>>())
}

/// The token of a give.
fn give_token(p: &Prelude, to: usize, cards: &CardCounts) -> String {
    p.give_token(to, &cards.iter().collect::<Vec<_>>())
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
