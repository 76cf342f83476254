//! Bezique for bots ([`crate::table_game`]): the bot plays the tricks and, between them, the
//! declaration of the trick's winner, the seven of trumps shown and the seven exchanged for
//! the turned card; the draws follow by themselves. The state is the stock game's
//! [`PlayState`] the check replays with ([`super::replay::check_keeping`]), and a refusal has
//! the check's own finding ([`super::replay::refusal_finding`]).
//!
//! In the partnership game (`uspc-four-hand-partnership`, 000:580–586) the winner of a trick
//! may yield (`N yields S`); his partner is then the seat to act, offered his declarations
//! (with the cards on the winner's table, `♠Q@N`), his announcements and scorings, and
//! `passes`. His turn ends with `S passes` or when he has nothing left to declare, announce or
//! score, and the winner leads without declaring: "if the partner cannot declare, the winner
//! of the trick cannot then declare" (000:582). Which of the two holds follows from the
//! state, so a game started again from its record goes on at the same place.
//!
//! Pending declarations (000:557, 000:683–686; spec/rules/bezique.md §3e) are offered in every
//! profile: the seat to declare may announce a declaration to score at a later turn
//! (`announces marriage ♥K@table ♥Q`), beside the turn's one declaration or without it, and
//! at a later turn score one of those he has pending (`scores marriage ♥K@table ♥Q@table`).
//! The list of them is kept beside the play state as the check keeps it, so that a game
//! started again from a record with announcements goes on with them pending.

use std::sync::OnceLock;

use cards::{AlphabetSet, Card};
use notation::{CardSlot, Record, Token};

use crate::bezique::meld;
use crate::bezique::partners;
use crate::bezique::pending::{Pending, PendingWord};
use crate::bezique::replay::{
    check_keeping, not_declaring_now, not_pending, pending_card_gone, refusal_finding, scored_when_announced,
};
use crate::bezique::rules;
use crate::core::{CardCounts, GameState, Seat};
use crate::family::Family;
use crate::pinochle::meld::MeldKind;
use crate::pinochle::state::{Action, Event, PlayState, Refusal as StateRefusal};
use crate::pinochle::words::{self, ExchangeWord};
use crate::table_game::{DealSpec, Game, GameError, Refusal, Rules, Started, Step, TableGame};

/// The Bezique rules of a game for bots, with the seat labels of the game started (the
/// partnership game writes the partner's cards with his label, `♠Q@N`).
#[derive(Default)]
pub(crate) struct BeziqueGame {
    labels: OnceLock<Vec<String>>,
}

/// The state of a game for bots: the play state, and the declarations announced and not
/// yet scored, kept as the check keeps them.
#[derive(Clone)]
pub(crate) struct BeziqueState {
    play: PlayState,
    pending: Pending,
}

/// An action of a bot: one of the play state's, the pass of the partner the declaration
/// was yielded to (`S passes`, read by the check as well), or a pending declaration
/// announced or scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Act {
    /// A card, a declaration, an exchange or a yield.
    Do(Action),
    /// The partner declines to declare after a yield.
    Pass,
    /// A declaration shown to score at a later turn (`announces`); `marked` are its cards on
    /// the declarer's table already, `partner` those of his partner's table.
    Announce {
        /// The declaration's kind.
        kind: MeldKind,
        /// All its cards.
        cards: CardCounts,
        /// Of them, those on the declarer's own table.
        marked: CardCounts,
        /// Of them, those on the partner's table.
        partner: CardCounts,
    },
    /// A pending declaration scored (`scores`): its cards as announced.
    Score {
        /// The declaration's kind.
        kind: MeldKind,
        /// All its cards.
        cards: CardCounts,
        /// Of them, those on the partner's table.
        partner: CardCounts,
    },
}

/// The tricks played so far: the turn a pending declaration is noted at.
fn tricks_played(state: &PlayState) -> usize {
    state.tricks_won().iter().map(|(_, &n)| n as usize).sum()
}

/// The seat that declares now, if any: the winner, or the partner he yielded to.
fn declarer(state: &PlayState) -> Option<Seat> {
    state.yielded_to().or(state.turn())
}

/// The announcements and scorings the seat to declare may make now: every declaration the
/// state lets him announce that he has not pending already (so that a turn's announcements
/// come to an end), and every one of his pending declarations the check scores now: not at
/// the turn it was announced (`B0224`), with its cards still where they lay (`B0221`), and
/// none scored yet this turn (`B0209`).
fn pending_acts(state: &BeziqueState) -> Vec<Act> {
    let Some(seat) = declarer(&state.play) else {
        return Vec::new();
    };
    let hand = state.play.hand(seat);
    let mut out: Vec<Act> = Vec::new();
    for a in state.play.announceable() {
        if let Action::Meld {
            kind, cards, partner, ..
        } = a
            && !state.pending.has(seat, kind, &cards, &partner)
            // Before trump is known a marriage is offered as royal and as plain; the record
            // writes both alike.
            && !out.iter().any(|o| matches!(*o, Act::Announce { kind: k, cards: c, partner: p, .. }
                if meld::word(k) == meld::word(kind) && c == cards && p == partner))
        {
            // The hand goes first (as the state takes them); the rest lie on his table.
            let marked = cards.minus(&partner).minus(&hand);
            out.push(Act::Announce {
                kind,
                cards,
                marked,
                partner,
            });
        }
    }
    let now = tricks_played(&state.play);
    for w in state.pending.of(seat) {
        let act = Act::Score {
            kind: w.kind,
            cards: w.cards,
            partner: w.partner,
        };
        if w.turn != now
            && !out.contains(&act)
            && state
                .play
                .clone()
                .score_pending(w.kind, &w.cards, &w.partner)
                .is_ok()
        {
            out.push(act);
        }
    }
    out
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
/// nothing left to declare, announce or score.
fn partner_to_act(state: &BeziqueState) -> Option<Seat> {
    let to = state.play.yielded_to()?;
    let something_left = !declarations(&state.play).is_empty() || !pending_acts(state).is_empty();
    (!state.play.partner_passed() && something_left).then_some(to)
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
    marked_tokens(&[word], cards, CardCounts::EMPTY, partner, mate)
}

/// The words, then the cards: those of `marked` on the declarer's table (`♥K@table`), those
/// of `partner` on the partner's (`♠Q@N`), the rest from the hand (spec/rules/bezique.md
/// §3, §3e).
fn marked_tokens(
    words: &[&str],
    cards: CardCounts,
    marked: CardCounts,
    partner: CardCounts,
    mate: &str,
) -> Vec<Token> {
    let own = cards.minus(&partner);
    words
        .iter()
        .map(|w| Token::Word((*w).to_string()))
        .chain(card_tokens(own.minus(&marked).iter()))
        .chain(
            own.minus(&own.minus(&marked))
                .iter()
                .map(|c| Token::Word(format!("{c}@table"))),
        )
        .chain(partner.iter().map(|c| Token::Word(format!("{c}@{mate}"))))
        .collect()
}

/// An announcement as the record writes it: `announces marriage ♥K@table ♥Q`.
fn announce_tokens(
    kind: MeldKind,
    cards: CardCounts,
    marked: CardCounts,
    partner: CardCounts,
    mate: &str,
) -> Vec<Token> {
    marked_tokens(&[ANNOUNCES, meld::word(kind)], cards, marked, partner, mate)
}

/// A scoring as the record writes it: every card of his own on his table by now
/// (`scores marriage ♥K@table ♥Q@table`), the partner's as announced (`♠Q@N`).
fn score_tokens(kind: MeldKind, cards: CardCounts, partner: CardCounts, mate: &str) -> Vec<Token> {
    marked_tokens(
        &[SCORES, meld::word(kind)],
        cards,
        cards.minus(&partner),
        partner,
        mate,
    )
}

const ANNOUNCES: &str = "announces";
const SCORES: &str = "scores";

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
    type State = BeziqueState;
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
            state: kept.map(|(play, pending)| BeziqueState { play, pending }),
            findings,
        })
    }

    fn unfinished(&self) -> &'static [&'static str] {
        // The play stops before the last trick.
        &["B0501"]
    }

    fn to_act(&self, state: &BeziqueState) -> Option<Seat> {
        let play = &state.play;
        if play.is_over() {
            return None;
        }
        // Between tricks the winner declares, then leads: the same seat, but for the
        // partner he yielded to while that partner declares.
        Some(partner_to_act(state).or(play.turn()).unwrap_or(play.to_play()))
    }

    fn legal(&self, state: &BeziqueState) -> Vec<Act> {
        let play = &state.play;
        if play.yielded_to().is_none() {
            let mut out: Vec<Act> = play.legal().into_iter().map(Act::Do).collect();
            out.extend(pending_acts(state));
            return out;
        }
        if partner_to_act(state).is_some() {
            let mut out: Vec<Act> = declarations(play).into_iter().map(Act::Do).collect();
            out.extend(pending_acts(state));
            out.push(Act::Pass);
            return out;
        }
        // The partner is done: the winner may not declare (000:582), only lead.
        play.legal()
            .into_iter()
            .filter(|a| matches!(a, Action::Play { .. }))
            .map(Act::Do)
            .collect()
    }

    fn token(&self, state: &BeziqueState, act: Act) -> String {
        let play = &state.play;
        match act {
            Act::Pass => partners::PASSES.to_string(),
            Act::Announce {
                kind,
                cards,
                marked,
                partner,
            } => text(&announce_tokens(kind, cards, marked, partner, self.mate(play))),
            Act::Score { kind, cards, partner } => text(&score_tokens(kind, cards, partner, self.mate(play))),
            Act::Do(Action::Play { card, .. }) => card.to_string(),
            Act::Do(Action::Meld {
                kind, cards, partner, ..
            }) => text(&declaration_tokens(
                meld::word(kind),
                cards,
                partner,
                self.mate(play),
            )),
            Act::Do(Action::Exchange { card }) => format!("exchanges {card}"),
            Act::Do(Action::Yield { to }) => format!("{} {}", partners::YIELDS, self.label(to)),
        }
    }

    fn parse(&self, state: &BeziqueState, seat: Seat, token: &str) -> Option<Act> {
        let state = &state.play;
        let mut parts = token.split_whitespace();
        let first = parts.next()?;
        let mut rest: Vec<&str> = parts.collect();
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
        // `announces marriage ♥K@table ♥Q`, `scores marriage ♥K@table ♥Q@table`: the word
        // of the declaration follows.
        let pending = PendingWord::of(first);
        let first = match pending {
            Some(_) if rest.is_empty() => return None,
            Some(_) => rest.remove(0),
            None => first,
        };
        // A card of the partner's table is written with his label (`♠Q@N`); one of the
        // declarer's own table may be marked `♥K@table`, as the check reads it.
        let mut own = Vec::new();
        let mut marked = CardCounts::EMPTY;
        let mut partner = CardCounts::EMPTY;
        for part in &rest {
            match part.split_once('@') {
                Some((c, origin)) if words::is_table(origin) => {
                    let c = card(c)?;
                    own.push(c);
                    marked.add(c);
                }
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
            return (pending.is_none() && rest.is_empty()).then_some(Act::Do(Action::Play {
                card: c,
                from_table: false,
            }));
        }
        if words::exchange(first) == Some(ExchangeWord::Exchanges) {
            return match (pending, own.as_slice(), partner.is_empty(), marked.is_empty()) {
                (None, [c], true, true) => Some(Act::Do(Action::Exchange { card: *c })),
                _ => None,
            };
        }
        let cards = CardCounts::of(own).plus(&partner);
        // As the check reads it: before a marriage makes trump (no turned card), the word
        // and the state decide which marriage is royal.
        let kind = meld::kind(first, &cards, state.trump())?;
        match pending {
            // Marked as the state takes them: a card not marked comes from the hand while
            // the hand holds it, from the table otherwise; so the token written marks every
            // card taken from the table, as the one offered does.
            Some(PendingWord::Announces) => {
                let own = cards.minus(&partner);
                let marked = marked.plus(&own.minus(&marked).minus(&state.hand(seat)));
                Some(Act::Announce {
                    kind,
                    cards,
                    marked,
                    partner,
                })
            }
            // A scoring takes its cards from the table whatever the marks (the check's
            // reading): the pending declaration is named by its cards.
            Some(PendingWord::Scores) => Some(Act::Score { kind, cards, partner }),
            // A declaration scored now is written as the API offers it, the table's cards
            // unmarked: the state takes them from the table when the hand lacks them.
            None if marked.is_empty() => Some(Act::Do(Action::Meld {
                kind,
                cards,
                marked: CardCounts::EMPTY,
                partner,
            })),
            None => None,
        }
    }

    fn play(&self, state: &mut BeziqueState, act: Act, labels: &[String]) -> Result<Step, Refusal> {
        let seat = self.to_act(state).unwrap_or(state.play.to_play());
        let mate = state
            .play
            .partner_of(seat)
            .and_then(|p| labels.get(p.index()))
            .cloned()
            .unwrap_or_default();
        let label = |s: Seat| labels.get(s.index()).map_or("?", String::as_str);
        let act = match act {
            Act::Pass => {
                return match state.play.partner_pass(seat) {
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
            Act::Announce { .. } | Act::Score { .. } => {
                return self.play_pending(state, seat, act, labels, &mate);
            }
            Act::Do(act) => act,
        };
        let state = &mut state.play;
        match act {
            // The partner declaring is not to lead: the lead stays the winner's.
            Action::Play { .. } if seat != state.to_play() => {
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

    fn trick_len(&self, state: &BeziqueState) -> usize {
        state.play.trick().len()
    }
}

impl BeziqueGame {
    /// An announcement or a scoring, refused with the check's findings for the same statement
    /// (its `pending_event`): `B0208`, `B0216`, `B0220`, `B0224`, `B0221`, or the state's own.
    fn play_pending(
        &self,
        state: &mut BeziqueState,
        seat: Seat,
        act: Act,
        labels: &[String],
        mate: &str,
    ) -> Result<Step, Refusal> {
        let who = labels.get(seat.index()).map_or("?", String::as_str);
        if declarer(&state.play) != Some(seat) {
            if let Some(d) = partners::wrong_declarer(&state.play, seat, labels, None) {
                return Err(Refusal::of(&d));
            }
            return Err(Refusal::of(&not_declaring_now(who, None)));
        }
        match act {
            Act::Announce {
                kind,
                cards,
                marked,
                partner,
            } => {
                let action = Action::Meld {
                    kind,
                    cards,
                    marked,
                    partner,
                };
                let turn = tricks_played(&state.play);
                match state.play.announce(kind, &cards, &marked, &partner) {
                    Ok((kind, _)) => {
                        state.pending.announce(seat, kind, cards, partner, turn);
                        Ok(Step::Said {
                            tokens: announce_tokens(kind, cards, marked, partner, mate),
                            figure: None,
                        })
                    }
                    Err(r) => Err(Refusal::of(&refusal_finding(labels, action, r, None))),
                }
            }
            Act::Score { kind, cards, partner } => {
                let word = meld::word(kind);
                let Some(turn) = state.pending.announced_at(seat, kind, &cards, &partner) else {
                    return Err(Refusal::of(&not_pending(who, word, None)));
                };
                if turn == tricks_played(&state.play) {
                    return Err(Refusal::of(&scored_when_announced(who, word, None)));
                }
                let action = Action::Meld {
                    kind,
                    cards,
                    marked: CardCounts::EMPTY,
                    partner,
                };
                match state.play.score_pending(kind, &cards, &partner) {
                    Ok(Event::Melded { kind, value, .. }) => {
                        state.pending.take(seat, kind, &cards, &partner);
                        Ok(Step::Said {
                            tokens: score_tokens(kind, cards, partner, mate),
                            figure: Some(i64::from(value)),
                        })
                    }
                    Ok(_) => Err(Refusal::new("B0220", format!("{who}'s {word} scores nothing"))),
                    Err(StateRefusal::MeldNotHeld(c)) => {
                        Err(Refusal::of(&pending_card_gone(who, word, c, None)))
                    }
                    Err(r) => Err(Refusal::of(&refusal_finding(labels, action, r, None))),
                }
            }
            _ => Err(Refusal::new("A0001", "not a pending declaration")),
        }
    }
}

/// Starts a Bezique game for bots.
pub(crate) fn new_game(profile: &str, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
    TableGame::start(BeziqueGame::default(), profile, deal)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX_PACK: &str = include_str!("../../../../corpus/bezique/six-pack/rulings.stich");

    /// The six-pack record up to E's bezique (000:684: the ♥K on the table from the kings,
    /// the ♥Q put down in the bezique), with its state.
    fn after_the_bezique() -> (BeziqueGame, BeziqueState) {
        let text: String = SIX_PACK
            .lines()
            .take_while(|l| !l.trim_start().starts_with("E announces"))
            .map(|l| format!("{l}\n"))
            .collect();
        let Some(record) = notation::read_str(&text)
            .into_iter()
            .next()
            .and_then(|p| p.record)
        else {
            panic!("the corpus record reads");
        };
        let game = BeziqueGame::default();
        let Some(started) = game.start(&record, "six-pack") else {
            panic!("a six-pack game");
        };
        let Some(state) = started.state else {
            panic!("a play state");
        };
        (game, state)
    }

    /// 000:683: "more than one declaration may be announced": after the turn's bezique, the
    /// marriage of the two table cards is offered as an announcement, marked as lying on
    /// the table, and not as a declaration scored now; nothing is offered to score.
    #[test]
    fn the_marriage_of_two_table_cards_is_announced_after_the_bezique() {
        let (game, state) = after_the_bezique();
        let tokens: Vec<String> = game
            .legal(&state)
            .into_iter()
            .map(|a| game.token(&state, a))
            .collect();
        assert!(
            tokens.iter().any(|t| t == "announces marriage ♥K@table ♥Q@table"),
            "{tokens:?}"
        );
        assert!(
            !tokens
                .iter()
                .any(|t| t.starts_with("marriage") || t.starts_with("scores")),
            "{tokens:?}"
        );
        let Some(seat) = Seat::new(0) else {
            panic!("seat E");
        };
        // Written without the marks, the announcement is the same action.
        assert_eq!(
            game.parse(&state, seat, "announces marriage ♥K ♥Q"),
            game.parse(&state, seat, "announces marriage ♥K@table ♥Q@table")
        );
        assert!(game.parse(&state, seat, "announces").is_none());
        assert!(game.parse(&state, seat, "scores ♥K").is_none());
    }
}
