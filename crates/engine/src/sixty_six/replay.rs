//! A Sixty-Six record read and replayed: the deal, the play (through [`PlayState`] and
//! [`core::drive`](crate::core::drive)), the result and the claims.
//!
//! Findings are made here, at the one boundary between the rules (typed refusals) and the
//! report (codes, spans, messages); the state knows nothing of either.

use std::ops::ControlFlow;

use cards::{Card, PackSpec, Rank, Suit};
use notation::{
    CardSlot, Diagnostic, Figure, Kind, Layout, PlayItem, Record, Span, Spanned, Token, TrickClaim,
};

use crate::at;
use crate::core::counts::{CopyError, check_copies};
use crate::core::game::{Recovery, Sink, drive};
use crate::core::piles::Stock;
use crate::core::{BySeat, CardCounts, GameState, Seat, Sides, Table};
use crate::pinochle::words as common;
use crate::sixty_six::model::{Ending, GameResult, PlayEvent, Replay, SideResult, TrickRecord};
use crate::sixty_six::rules::{Format, OPTIONS_HELP, Options, Profile, with_tag};
use crate::sixty_six::scoring;
use crate::sixty_six::state::{
    Action, CloseError, Event, ExchangeError, MarriageError, PlayRules, PlayState, Refusal,
};
use crate::sixty_six::words::{self, EventWord};

/// The replay of `record` under `profile`, and every finding.
pub fn check(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let (replay, findings, _) = check_keeping(record, profile);
    (replay, findings)
}

/// [`check`], and the play state after the record's last action (`None` when the record
/// does not reach the play): where a game driven through [`crate::table_game`] goes on.
pub fn check_keeping(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>, Option<PlayState>) {
    let mut r = Run::new(record, profile);
    r.run();
    (r.replay, r.findings, r.kept)
}

/// The seat labels of a format, in seat order.
pub fn labels(format: Format) -> &'static [&'static str] {
    match format {
        Format::TwoHand => &["E", "D"],
        Format::ThreeHand => &["F", "M", "D"],
        Format::FourHand => &["N", "E", "S", "W"],
    }
}

/// The table of a format: at three the dealer (the last seat) takes no cards.
pub fn table(format: Format) -> Option<Table> {
    let t = Table::new(labels(format).len()).ok()?;
    match format {
        Format::ThreeHand => t.with_idle(Seat::new(2)?).ok(),
        _ => Some(t),
    }
}

struct Run<'a> {
    record: &'a Record,
    o: Options,
    pack: PackSpec,
    table: Table,
    sides: Sides,
    labels: &'static [&'static str],
    replay: Replay,
    findings: Vec<Diagnostic>,
    /// The play state after the record's play.
    kept: Option<PlayState>,
}

/// A dealt deal: hands, the turned card, the stock (top first), the dealer.
struct Dealt {
    hands: BySeat<CardCounts>,
    turned: Card,
    stock: Option<Vec<Card>>,
    dealer: Seat,
}

impl<'a> Run<'a> {
    fn new(record: &'a Record, profile: &Profile) -> Run<'a> {
        let mut findings = Vec::new();
        let o = match record.tag_item("Options") {
            Some(tag) => {
                let (o, errors) = with_tag(profile.options, &tag.value.node);
                for e in errors {
                    findings.push(
                        Diagnostic::warning(
                            "Y0503",
                            at(tag.value.span),
                            format!(
                                "the option `{}` is not one of this profile's; the profile's value stays",
                                e.entry
                            ),
                        )
                        .with_help(format!("options: {OPTIONS_HELP}")),
                    );
                }
                o
            }
            None => profile.options,
        };
        let labels = labels(o.format);
        let four = o.format == Format::FourHand;
        let replay = Replay {
            profile: profile.name.to_string(),
            seats: labels.iter().map(|s| s.to_string()).collect(),
            sides: if four {
                vec!["NS".into(), "EW".into()]
            } else {
                labels.iter().map(|s| s.to_string()).collect()
            },
            result: GameResult {
                target: o.game,
                ..GameResult::default()
            },
            ..Replay::default()
        };
        Run {
            record,
            pack: o.pack.spec(),
            table: table(o.format).unwrap_or_else(fallback_table),
            sides: if four {
                Sides::Alternating
            } else {
                Sides::Individual
            },
            o,
            labels,
            replay,
            findings,
            kept: None,
        }
    }

    fn seat(&self, label: &str) -> Option<Seat> {
        common::seat(label, self.labels).and_then(Seat::new)
    }

    fn label(&self, seat: Seat) -> &'static str {
        self.labels.get(seat.index()).copied().unwrap_or("?")
    }

    fn push(&mut self, d: Diagnostic) {
        self.findings.push(d);
    }

    fn run(&mut self) {
        let Some(dealt) = self.deal() else {
            return;
        };
        let trump = dealt.turned.suit;
        self.replay.trump = Some(trump.name().to_string());
        let leader = self.table.left_of(dealt.dealer);
        let rules = PlayRules {
            table: self.table,
            sides: self.sides,
            trump,
            options: self.o,
        };
        let stock = dealt.stock.map(|cards| Stock::new(cards, Some(dealt.turned)));
        let mut state = PlayState::new(rules, &self.pack, dealt.hands, leader, stock);
        self.play(&mut state);
        self.kept = Some(state.clone());
        self.result(&state);
        self.claims();
    }

    fn incomplete(&mut self, span: Option<Span>, message: impl Into<String>, help: &str) {
        self.push(Diagnostic::error("Y0504", Kind::Incomplete, span, message).with_help(help.to_string()));
    }

    fn deal(&mut self) -> Option<Dealt> {
        let four = self.o.format == Format::FourHand;
        let dealer = if four {
            match self.record.tag_item("Dealer") {
                Some(tag) => match self.seat(&tag.value.node) {
                    Some(s) => s,
                    None => {
                        let msg = format!("the dealer `{}` is not a seat", tag.value.node);
                        self.incomplete(at(tag.value.span), msg, "the seats are N, E, S and W");
                        return None;
                    }
                },
                None => {
                    self.incomplete(
                        None,
                        "the record names no dealer; the first lead and the turned card depend on him",
                        "add a `Dealer` tag, such as [Dealer \"W\"]",
                    );
                    return None;
                }
            }
        } else {
            // The labels say who deals: D, the last seat.
            Seat::new(self.labels.len() - 1)?
        };
        self.replay.dealer = Some(self.label(dealer).to_string());
        let Some(deal) = &self.record.deal else {
            self.incomplete(
                None,
                "the record has no deal; a Sixty-Six record is checked from the hands dealt",
                "add a `deal` section",
            );
            return None;
        };
        let deal_span = at(deal.span);
        let mut hands: BySeat<CardCounts> = BySeat::new(self.table);
        let mut lists: BySeat<Vec<Card>> = BySeat::new(self.table);
        let mut seen: BySeat<bool> = BySeat::new(self.table);
        let mut turned: Option<(Card, Span)> = None;
        let mut stock: Option<Vec<Card>> = None;
        let mut piles: Vec<(Vec<Card>, Span)> = Vec::new();
        for line in &deal.items {
            let mut cards = Vec::new();
            for slot in &line.cards {
                match slot.node {
                    CardSlot::Known(c) => cards.push(c),
                    CardSlot::Unknown => {
                        self.incomplete(
                            at(slot.span),
                            "a card of the deal is not recorded (`??`)",
                            "a Sixty-Six deal is checked with every card known",
                        );
                        return None;
                    }
                }
            }
            let label = line.seat.node.as_str();
            let span = line.seat.span;
            match common::pile(label) {
                Some(common::PileWord::Trump) => match cards.as_slice() {
                    [c] => turned = Some((*c, span)),
                    _ => self.push(Diagnostic::error(
                        "Y0202",
                        Kind::Illegal,
                        at(span),
                        format!("one card is turned for trump, not {}", cards.len()),
                    )),
                },
                Some(common::PileWord::Stock) if !four => {
                    piles.push((cards.clone(), span));
                    stock = Some(cards);
                }
                Some(_) => self.push(
                    Diagnostic::error(
                        "Y0502",
                        Kind::Incomplete,
                        at(span),
                        format!("this game has no `{label}` pile"),
                    )
                    .with_help(if four {
                        "piles: trump (the dealer's last card)"
                    } else {
                        "piles: trump, stock"
                    }),
                ),
                None => match self.seat(label) {
                    Some(seat) if !self.table.is_active(seat) => {
                        if !cards.is_empty() {
                            self.push(
                                Diagnostic::error(
                                    "Y0201",
                                    Kind::Illegal,
                                    at(span),
                                    format!("{label} deals and takes no cards, but is given {}", cards.len()),
                                )
                                .with_figures(cards.len(), 0),
                            );
                        }
                    }
                    Some(seat) => {
                        let n = cards.len();
                        if n != self.o.hand {
                            self.push(
                                Diagnostic::error(
                                    "Y0201",
                                    Kind::Illegal,
                                    at(span),
                                    format!("{label} is dealt {n} cards; each hand has {}", self.o.hand),
                                )
                                .with_figures(n, self.o.hand),
                            );
                        }
                        piles.push((cards.clone(), span));
                        hands[seat] = CardCounts::of(cards.iter().copied());
                        lists[seat] = cards;
                        seen[seat] = true;
                    }
                    None => self.push(
                        Diagnostic::error(
                            "Y0502",
                            Kind::Incomplete,
                            at(span),
                            format!("`{label}` is not a seat or pile of this game"),
                        )
                        .with_help(format!("seats: {}", self.labels.join(", "))),
                    ),
                },
            }
        }
        // The turned card is a card of its own beside the stock (two- and three-hand) but
        // the dealer's last card at four, where it is counted with his hand.
        if !four && let Some((t, span)) = turned {
            piles.push((vec![t], span));
        }
        let counted: Vec<&[Card]> = piles.iter().map(|(c, _)| c.as_slice()).collect();
        if let Err(errors) = check_copies(&self.pack, &counted) {
            for e in errors {
                let span = match &e {
                    CopyError::NotInPack { pile, .. } | CopyError::TooMany { pile, .. } => {
                        piles.get(*pile).map(|(_, s)| *s)
                    }
                };
                self.push(e.diagnostic(span.and_then(at)));
            }
        }
        for seat in self.table.active() {
            if !seen[seat] {
                let msg = format!("the deal does not give {}'s hand", self.label(seat));
                self.incomplete(deal_span, msg, "a Sixty-Six record lists every hand as dealt");
                return None;
            }
        }
        self.replay.hands = self.table.seats().map(|s| lists[s].clone()).collect();
        let Some((t, tspan)) = turned else {
            self.incomplete(
                deal_span,
                "the deal does not give the trump card turned up",
                "write it as `trump: ♣10`",
            );
            return None;
        };
        self.replay.turned = Some(t);
        if four {
            if !hands[dealer].contains(t) {
                self.push(
                    Diagnostic::error("Y0202", Kind::Illegal, at(tspan), format!("the turned card {t} is not in the dealer's hand"))
                        .with_help("the last card is turned for trump and belongs to the dealer (seed 000, Four-Hand Sixty-Six)"),
                );
            }
            return Some(Dealt {
                hands,
                turned: t,
                stock: None,
                dealer,
            });
        }
        let Some(stock) = stock else {
            self.incomplete(
                deal_span,
                "the deal does not give the stock; the draws follow from it",
                "write it as `stock: …`, top card first",
            );
            return None;
        };
        let want = self.pack.len() - 2 * self.o.hand - 1;
        if stock.len() != want {
            self.push(
                Diagnostic::error(
                    "Y0203",
                    Kind::Illegal,
                    deal_span,
                    format!(
                        "the stock holds {} cards; after the deal and the turned card it has {want}",
                        stock.len()
                    ),
                )
                .with_figures(stock.len(), want),
            );
        }
        self.replay.stock = stock.clone();
        Some(Dealt {
            hands,
            turned: t,
            stock: Some(stock),
            dealer,
        })
    }

    fn play(&mut self, state: &mut PlayState) {
        let Some(play) = &self.record.play else {
            return;
        };
        if let Layout::Columns(_) = play.items.layout {
            self.push(
                Diagnostic::error(
                    "Y0507",
                    Kind::Incomplete,
                    at(play.span),
                    "a Sixty-Six play is read trick by trick with its leader; columns are not read",
                )
                .with_help("write each trick as `1. E: ♥Q ♥A`"),
            );
            return;
        }
        let mut sink = CheckSink {
            labels: self.labels,
            sides: self.sides,
            findings: Vec::new(),
            tricks: Vec::new(),
            events: Vec::new(),
        };
        'items: for item in &play.items.items {
            match item {
                PlayItem::Trick(t) => {
                    if let Some(leader) = &t.leader {
                        match self.seat(&leader.node) {
                            Some(s) if s == state.to_play() => {}
                            Some(_) => {
                                let due = self.label(state.to_play());
                                self.push(
                                    Diagnostic::error(
                                        "Y0303",
                                        Kind::Illegal,
                                        at(leader.span),
                                        format!("{} leads, but it is {due}'s lead", leader.node),
                                    )
                                    .with_figures(&leader.node, due),
                                );
                                break 'items;
                            }
                            None => {
                                self.push(Diagnostic::error(
                                    "Y0502",
                                    Kind::Incomplete,
                                    at(leader.span),
                                    format!("`{}` is not a seat", leader.node),
                                ));
                                break 'items;
                            }
                        }
                    }
                    let mut actions = Vec::new();
                    let n = t.cards.len();
                    for (i, slot) in t.cards.iter().enumerate() {
                        let CardSlot::Known(card) = slot.node else {
                            self.push(Diagnostic::error(
                                "Y0504",
                                Kind::Incomplete,
                                at(slot.span),
                                "a card of the play is not recorded (`??`); the replay stops",
                            ));
                            break 'items;
                        };
                        let claim = if i + 1 == n {
                            t.claim.as_ref().map(|c| (t.taker.clone(), c.clone()))
                        } else {
                            None
                        };
                        actions.push((
                            Ctx {
                                span: slot.span,
                                claim,
                                figure: None,
                            },
                            Action::Play(card),
                        ));
                    }
                    if drive(state, actions, &mut sink).is_break() {
                        break;
                    }
                }
                PlayItem::Event(st) => {
                    let span = st.seat.as_ref().map_or(play.span, |s| s.span);
                    let seat = st.seat.as_ref().and_then(|s| self.seat(&s.node));
                    let word = st.tokens.iter().find_map(|t| match &t.node {
                        Token::Word(w) => Some(w.clone()),
                        _ => None,
                    });
                    let cards: Vec<Card> = st
                        .tokens
                        .iter()
                        .filter_map(|t| match t.node {
                            Token::Card(CardSlot::Known(c)) => Some(c),
                            _ => None,
                        })
                        .collect();
                    let Some(seat) = seat else {
                        self.push(Diagnostic::error(
                            "Y0502",
                            Kind::Incomplete,
                            at(span),
                            "an event of the play names no seat of this game",
                        ));
                        break;
                    };
                    let word = word.unwrap_or_default();
                    let action = match words::event(&word) {
                        Some(EventWord::Marriage) => match marriage_suit(&cards) {
                            Some(suit) => Action::Marriage { seat, suit },
                            None => {
                                self.push(
                                    Diagnostic::error("Y0205", Kind::Illegal, at(span), "the cards shown are not a marriage")
                                        .with_help("a marriage is the king and queen of one suit: `E marriage ♥K ♥Q = 20`"),
                                );
                                continue;
                            }
                        },
                        Some(EventWord::Exchanges) => match cards.first() {
                            Some(&card) => Action::Exchange { seat, card },
                            None => {
                                self.push(
                                    Diagnostic::error(
                                        "Y0502",
                                        Kind::Incomplete,
                                        at(span),
                                        "an exchange names no card",
                                    )
                                    .with_help("write the nine given: `D exchanges ♣9`"),
                                );
                                continue;
                            }
                        },
                        Some(EventWord::Draws) => match cards.first() {
                            Some(&card) => Action::Draw { seat, card },
                            None => {
                                self.push(
                                    Diagnostic::error(
                                        "Y0502",
                                        Kind::Incomplete,
                                        at(span),
                                        "a draw names no card",
                                    )
                                    .with_help("write the card drawn: `E draws ♦9`"),
                                );
                                continue;
                            }
                        },
                        Some(EventWord::Closes) => Action::Close { seat },
                        Some(EventWord::Out) => Action::Out { seat },
                        None => {
                            self.push(
                                Diagnostic::error(
                                    "Y0502",
                                    Kind::Incomplete,
                                    at(span),
                                    format!("`{word}` is not an event of the Sixty-Six play"),
                                )
                                .with_help("events: marriage, exchanges, closes, draws, out"),
                            );
                            continue;
                        }
                    };
                    let ctx = Ctx {
                        span,
                        claim: None,
                        figure: figure_number(&st.figure)
                            .map(|n| (n, st.figure.first().map_or(span, |f| f.span))),
                    };
                    if drive(state, [(ctx, action)], &mut sink).is_break() {
                        break;
                    }
                }
            }
        }
        self.findings.append(&mut sink.findings);
        self.replay.tricks = sink.tricks;
        self.replay.events = sink.events;
        if !state.is_over() && (!play.items.items.is_empty() || self.record.result.is_some()) {
            self.push(Diagnostic::error(
                "Y0501",
                Kind::Incomplete,
                at(play.span),
                format!(
                    "the play stops after {} trick(s), before its end; the figures of the deal are not final",
                    state.tricks_played()
                ),
            ));
        }
    }

    fn result(&mut self, state: &PlayState) {
        let o = self.o;
        let complete = state.is_over() && self.record.play.is_some();
        let four = o.format == Format::FourHand;
        let groups: Vec<Vec<Seat>> = if four {
            (0..2)
                .map(|i| self.table.seats().filter(|s| s.index() % 2 == i).collect())
                .collect()
        } else {
            self.table.seats().map(|s| vec![s]).collect()
        };
        let mut sides: Vec<SideResult> = groups
            .iter()
            .enumerate()
            .map(|(i, seats)| {
                let sum = |f: &dyn Fn(Seat) -> u32| seats.iter().map(|&s| f(s)).sum::<u32>();
                let marriages = sum(&|s| {
                    if state.tricks_won()[s] > 0 {
                        state.marriages()[s].iter().map(|&(_, v)| v).sum()
                    } else {
                        0
                    }
                });
                SideResult {
                    side: self.replay.sides.get(i).cloned().unwrap_or_default(),
                    card_points: sum(&|s| state.card_points()[s]),
                    marriages,
                    last_trick: sum(&|s| state.bonus()[s]),
                    points: sum(&|s| state.score(s)),
                    tricks: sum(&|s| state.tricks_won()[s]),
                    game_points: 0,
                    total: None,
                }
            })
            .collect();
        let r = &mut self.replay.result;
        r.complete = complete;
        r.closed_by = state.closing().map(|c| {
            self.labels
                .get(c.seat.index())
                .copied()
                .unwrap_or("?")
                .to_string()
        });
        r.announced_by = state
            .announced()
            .map(|(s, _)| self.labels.get(s.index()).copied().unwrap_or("?").to_string());
        r.announcement_true = state.announced().map(|(_, p)| p >= o.target);
        r.ending = match (complete, state.announced(), state.closing()) {
            (false, _, _) => Ending::Unfinished,
            (true, Some(_), _) => Ending::Announced,
            (true, None, Some(_)) => Ending::Closed,
            (true, None, None) => Ending::PlayedOut,
        };
        if !complete {
            r.sides = sides;
            return;
        }
        // Who scores what: (index into `sides`, game points, reason), or nobody.
        let scored: Option<(usize, u32, &str)> = if four {
            let winner = sides.iter().position(|s| s.points >= o.target);
            winner.map(|i| {
                let every = sides.iter().enumerate().all(|(j, s)| j == i || s.tricks == 0);
                let points = sides.get(i).map_or(0, |s| s.points);
                (i, scoring::four_hand_points(&o, points, every), "66")
            })
        } else {
            let idx = |s: Seat| s.index();
            let opp = |s: Seat| state.opponent(s);
            let made = |s: Seat| {
                let op = opp(s);
                scoring::game_points(&o, state.score(op), state.tricks_won()[op])
            };
            match (state.announced(), state.closing()) {
                (Some((a, points)), closing) if points >= o.target => match closing {
                    // The closer's opponent made 66: the close failed (000:478).
                    Some(c) if c.seat != a => Some((
                        idx(a),
                        scoring::failed_close(&o, c.opponent_had_trick).max(made(a)),
                        "failed-close",
                    )),
                    _ => Some((idx(a), made(a), "66")),
                },
                (Some((a, _)), Some(c)) if c.seat == a => Some((
                    idx(opp(a)),
                    scoring::failed_close(&o, c.opponent_had_trick),
                    "failed-close",
                )),
                (Some((a, _)), _) => Some((idx(opp(a)), o.failed_close, "false-announcement")),
                (None, Some(c)) => {
                    if state.score(c.seat) >= o.target {
                        Some((idx(c.seat), made(c.seat), "66"))
                    } else {
                        Some((
                            idx(opp(c.seat)),
                            scoring::failed_close(&o, c.opponent_had_trick),
                            "failed-close",
                        ))
                    }
                }
                (None, None) => {
                    let over: Vec<Seat> = self
                        .table
                        .active()
                        .filter(|&s| state.score(s) >= o.target)
                        .collect();
                    match over.as_slice() {
                        [one] => Some((idx(*one), made(*one), "66")),
                        _ => None,
                    }
                }
            }
        };
        let standing = self
            .record
            .tag("Standing")
            .map(common::standing)
            .unwrap_or_default();
        let carried_in = standing
            .iter()
            .find(|(l, _)| l.eq_ignore_ascii_case("carry"))
            .map_or(0, |&(_, n)| u32::try_from(n).unwrap_or(0));
        let three = o.format == Format::ThreeHand;
        let dealer_index = self
            .table
            .seats()
            .find(|&s| !self.table.is_active(s))
            .map(|s| s.index());
        match scored {
            Some((i, gp, reason)) => {
                if let Some(s) = sides.get_mut(i) {
                    s.game_points = gp + carried_in;
                }
                // The three-hand dealer scores what the active winner scores (000:496).
                if three && let Some(d) = dealer_index.and_then(|d| sides.get_mut(d)) {
                    d.game_points = gp;
                }
                r.winner = self.replay.sides.get(i).cloned();
                r.reason = Some(reason.to_string());
            }
            None if three => {
                // No score: the dealer takes 1 game point, the active players nothing.
                if let Some(d) = dealer_index.and_then(|d| sides.get_mut(d)) {
                    d.game_points = 1;
                }
                r.winner = dealer_index.and_then(|d| self.replay.sides.get(d).cloned());
                r.reason = Some("no-score".to_string());
            }
            None => r.carry = carried_in + 1,
        }
        // The four-hand local rule: the ten of trumps scores for the side that takes it.
        if four
            && o.ten_of_trumps > 0
            && let Some(side) = state.ten_of_trumps().and_then(|s| sides.get_mut(s.index() % 2))
        {
            side.game_points += o.ten_of_trumps;
        }
        if !standing.is_empty() {
            let target = i64::from(o.game);
            for (i, side) in sides.iter_mut().enumerate() {
                if let Some(&(_, before)) = standing.iter().find(|(l, _)| l.eq_ignore_ascii_case(&side.side))
                {
                    let mut total = before + i64::from(side.game_points);
                    // The dealer cannot reach the game while dealing (000:496; X35).
                    if Some(i) == dealer_index && three {
                        total = total.min((target - 1).max(before));
                    }
                    side.total = Some(total);
                }
            }
            let over: Vec<&SideResult> = sides
                .iter()
                .filter(|s| s.total.is_some_and(|t| t >= target))
                .collect();
            r.game_won_by = match over.as_slice() {
                [one] => Some(one.side.clone()),
                [_, _] => r.winner.clone(),
                _ => None,
            };
        }
        r.sides = sides;
    }

    fn claims(&mut self) {
        let Some(section) = &self.record.result else {
            return;
        };
        let result = self.replay.result.clone();
        for claim in &section.items {
            let key = claim.key.node.to_ascii_lowercase();
            let span = claim.key.span;
            if !result.complete {
                continue;
            }
            match key.as_str() {
                "points" | "card-points" | "cards" | "tricks" | "game-points" | "total" => {
                    for (label, n, vspan) in common::pairs(&claim.values) {
                        let Some(side) = result.sides.iter().find(|s| s.side.eq_ignore_ascii_case(&label))
                        else {
                            self.push(Diagnostic::error(
                                "Y0502",
                                Kind::Incomplete,
                                at(vspan),
                                format!("`{label}` is not a player or side of this game"),
                            ));
                            continue;
                        };
                        let computed = match key.as_str() {
                            "points" => Some(i64::from(side.points)),
                            "card-points" | "cards" => Some(i64::from(side.card_points)),
                            "tricks" => Some(i64::from(side.tricks)),
                            "game-points" => Some(i64::from(side.game_points)),
                            _ => side.total,
                        };
                        match computed {
                            Some(c) if c != n => self.push(
                                Diagnostic::error(
                                    "Y0403",
                                    Kind::Inconsistent,
                                    at(vspan),
                                    format!("{key} of {label}: the replay gives {c}, the record {n}"),
                                )
                                .with_claim(
                                    key.clone(),
                                    Figure::Number(n),
                                    Figure::Number(c),
                                ),
                            ),
                            None => self.push(
                                Diagnostic::note(
                                    "Y0505",
                                    at(vspan),
                                    format!("the {key} of {label} needs the standing before the deal"),
                                )
                                .with_help("add a `Standing` tag, such as [Standing \"E 3, D 5\"]"),
                            ),
                            _ => {}
                        }
                    }
                }
                "carry" => {
                    let n = claim.values.iter().find_map(|v| match v.node {
                        Token::Number(n) => Some(n),
                        _ => None,
                    });
                    if let Some(n) = n
                        && n != i64::from(result.carry)
                    {
                        self.push(
                            Diagnostic::error(
                                "Y0403",
                                Kind::Inconsistent,
                                at(span),
                                format!("the deal carries {} game point(s), not {n}", result.carry),
                            )
                            .with_claim(
                                "carry",
                                Figure::Number(n),
                                Figure::Number(i64::from(result.carry)),
                            ),
                        );
                    }
                }
                "winner" => {
                    let claimed = claim.values.iter().find_map(|v| match &v.node {
                        Token::Word(w) => Some(w.clone()),
                        _ => None,
                    });
                    let computed = result.winner.clone().unwrap_or_else(|| "none".to_string());
                    if let Some(c) = claimed
                        && !c.eq_ignore_ascii_case(&computed)
                    {
                        self.push(
                            Diagnostic::error(
                                "Y0403",
                                Kind::Inconsistent,
                                at(span),
                                format!("the deal's game points go to {computed}, not {c}"),
                            )
                            .with_claim(
                                "winner",
                                Figure::Word(c),
                                Figure::Word(computed),
                            ),
                        );
                    }
                }
                other => self.push(
                    Diagnostic::warning(
                        "Y0506",
                        at(span),
                        format!("`{other}` is not a claim the Sixty-Six engine checks"),
                    )
                    .with_help("claims: points, card-points, tricks, game-points, carry, winner, total"),
                ),
            }
        }
    }
}

fn fallback_table() -> Table {
    // Two seats always make a table; this is never reached, but keeps `new` free of panics.
    Table::new(2).unwrap_or_else(|_| fallback_table())
}

/// The suit of a marriage's cards: exactly the king and queen of one suit.
fn marriage_suit(cards: &[Card]) -> Option<Suit> {
    match cards {
        [a, b] if a.suit == b.suit => {
            let mut ranks = [a.rank, b.rank];
            ranks.sort_by_key(|r| *r as u8);
            let mut want = [Rank::King, Rank::Queen];
            want.sort_by_key(|r| *r as u8);
            (ranks == want).then_some(a.suit)
        }
        _ => None,
    }
}

fn figure_number(figure: &[Spanned<Token>]) -> Option<i64> {
    figure.iter().find_map(|t| match t.node {
        Token::Number(n) => Some(n),
        _ => None,
    })
}

/// The caller's context of one action.
#[derive(Clone)]
struct Ctx {
    span: Span,
    claim: Option<(Option<Spanned<String>>, Spanned<TrickClaim>)>,
    figure: Option<(i64, Span)>,
}

/// The full check's sink: a refusal becomes a finding at its place, a trick is compared with
/// its claim, and the replay's tricks and events are collected.
struct CheckSink {
    labels: &'static [&'static str],
    sides: Sides,
    findings: Vec<Diagnostic>,
    tricks: Vec<TrickRecord>,
    events: Vec<PlayEvent>,
}

impl CheckSink {
    fn label(&self, seat: Seat) -> &'static str {
        self.labels.get(seat.index()).copied().unwrap_or("?")
    }

    fn side_label(&self, seat: Seat) -> String {
        match self.sides {
            Sides::Alternating => if seat.index().is_multiple_of(2) {
                "NS"
            } else {
                "EW"
            }
            .to_string(),
            _ => self.label(seat).to_string(),
        }
    }

    fn event_record(&mut self, seat: Seat, what: &str, cards: Vec<Card>, value: Option<u32>) {
        self.events.push(PlayEvent {
            after_trick: self.tricks.len(),
            seat: self.label(seat).to_string(),
            what: what.to_string(),
            cards,
            value,
        });
    }

    fn figure(&mut self, ctx: &Ctx, what: &str, value: u32) {
        if let Some((n, span)) = ctx.figure
            && n != i64::from(value)
        {
            self.findings.push(
                Diagnostic::error(
                    "Y0401",
                    Kind::Inconsistent,
                    at(span),
                    format!("the {what} is {value}, not {n}"),
                )
                .with_claim(
                    what.to_string(),
                    Figure::Number(n),
                    Figure::Number(i64::from(value)),
                ),
            );
        }
    }

    fn trick_claim(&mut self, ctx: &Ctx, winner: Seat, points: u32) {
        let Some((taker, claim)) = &ctx.claim else {
            return;
        };
        let side = self.side_label(winner);
        let seat = self.label(winner);
        if let Some(taker) = taker
            && !taker.node.eq_ignore_ascii_case(&side)
            && !taker.node.eq_ignore_ascii_case(seat)
        {
            self.findings.push(
                Diagnostic::error(
                    "Y0402",
                    Kind::Inconsistent,
                    at(taker.span),
                    format!("{seat} takes the trick, not {}", taker.node),
                )
                .with_claim(
                    "trick",
                    Figure::Word(taker.node.clone()),
                    Figure::Word(side.clone()),
                ),
            );
        }
        if let TrickClaim::Points(n) = claim.node
            && n != points
        {
            self.findings.push(
                Diagnostic::error(
                    "Y0402",
                    Kind::Inconsistent,
                    at(claim.span),
                    format!("the trick holds {points} card points, not {n}"),
                )
                .with_claim(
                    "trick",
                    Figure::Number(i64::from(n)),
                    Figure::Number(i64::from(points)),
                )
                .with_help("a trick's figure is its card points; the last trick's 10 goes into `points`"),
            );
        }
    }
}

impl Sink<PlayState, Ctx> for CheckSink {
    fn event(&mut self, ctx: &Ctx, _action: Action, event: &Event) -> ControlFlow<()> {
        match event {
            Event::Played { draws, trick, .. } => {
                if !draws.is_empty()
                    && let Some(last) = self.tricks.last_mut()
                {
                    let labels = self.labels;
                    last.draws.extend(
                        draws
                            .iter()
                            .map(|&(s, c)| (labels.get(s.index()).copied().unwrap_or("?").to_string(), c)),
                    );
                }
                if let Some(t) = trick {
                    self.tricks.push(TrickRecord {
                        leader: self.label(t.leader).to_string(),
                        cards: t.plays.iter().map(|&(_, c)| c).collect(),
                        winner: self.label(t.winner).to_string(),
                        points: t.points,
                        draws: Vec::new(),
                    });
                    self.trick_claim(ctx, t.winner, t.points);
                }
            }
            Event::Married {
                seat, suit, value, ..
            } => {
                let cards = vec![Card::new(*suit, Rank::King), Card::new(*suit, Rank::Queen)];
                self.event_record(*seat, "marriage", cards, Some(*value));
                self.figure(ctx, "marriage's value", *value);
            }
            Event::Exchanged { seat, gave, took } => {
                self.event_record(*seat, "exchanges", vec![*gave, *took], None)
            }
            Event::Closed { seat } => self.event_record(*seat, "closes", Vec::new(), None),
            Event::Drew { seat, card } => {
                let label = self.label(*seat).to_string();
                if let Some(last) = self.tricks.last_mut() {
                    last.draws.push((label, *card));
                }
            }
            Event::Announced { seat, points } => {
                self.event_record(*seat, "out", Vec::new(), Some(*points));
                self.figure(ctx, "announcer's count", *points);
                if *points < 66 {
                    self.findings.push(
                        Diagnostic::note("Y0508", at(ctx.span), format!("{} announces 66 with {points}: a false announcement, scored as a failed close", self.label(*seat)))
                            .with_help("spec/rules/sixty-six.md §4, Announcing"),
                    );
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn refused(&mut self, ctx: &Ctx, action: Action, refusal: Refusal) -> ControlFlow<(), Recovery> {
        let over = refusal == Refusal::Over;
        self.findings
            .push(refusal_finding(self.labels, action, refusal, at(ctx.span)));
        match action {
            _ if over => ControlFlow::Break(()),
            Action::Play(_) => ControlFlow::Continue(Recovery::Apply),
            _ => ControlFlow::Continue(Recovery::Skip),
        }
    }
}

/// The finding for an action the play state refused, as the check reports it (and as a
/// game driven through [`crate::table_game`] refuses it), at `span`.
pub(crate) fn refusal_finding<S: AsRef<str>>(
    labels: &[S],
    action: Action,
    refusal: Refusal,
    span: Option<Span>,
) -> Diagnostic {
    let _ = action;
    let label = |seat: Seat| labels.get(seat.index()).map_or("?", |l| l.as_ref());
    match refusal {
        Refusal::Over => Diagnostic::error("Y0304", Kind::Illegal, span, "the play is over (every card played, or 66 announced); this action is one too many"),
        Refusal::NotHeld { seat, card } => Diagnostic::error("Y0301", Kind::Illegal, span, format!("{} does not hold {card}", label(seat))),
        Refusal::Breach { seat, card, duty, allowed } => Diagnostic::error(
            "Y0302",
            Kind::Illegal,
            span,
            format!("{} may not play {card}: the duty to {} requires {}", label(seat), duty.name(), allowed.describe()),
        )
        .with_help("after the stock is closed or used up the second player must follow suit (seed 000, Sixty-Six, The Play)"),
        Refusal::Marriage(e) => {
            let (msg, help) = match e {
                MarriageError::NoMarriages => ("this game has no marriages", "seed 000, Four-Hand Sixty-Six: \"there are no marriages\""),
                MarriageError::NotOnLead => ("a marriage is shown by the player on lead, before he leads", "a marriage is shown with the lead of its king or queen (seed 000, Sixty-Six, The Play)"),
                MarriageError::Second => ("one marriage is shown with one lead", "the lead is one of the marriage's cards"),
                MarriageError::NotHeld => ("the player does not hold the marriage's king and queen", "the king and queen are shown from the hand"),
            };
            Diagnostic::error("Y0205", Kind::Illegal, span, msg).with_help(help)
        }
        Refusal::MarriageNotLed { suit, card } => Diagnostic::error(
            "Y0206",
            Kind::Illegal,
            span,
            format!("{card} is led after the {} marriage was shown; the lead is its king or queen", suit.name()),
        )
        .with_help("a marriage is announced by showing the king and queen and leading one of them (seed 000, Sixty-Six, The Play)"),
        Refusal::MarriageUnled { suit } => Diagnostic::error(
            "Y0206",
            Kind::Illegal,
            span,
            format!("the {} marriage is not led, and it does not make 66", suit.name()),
        )
        .with_help("a marriage counts without a lead only when showing it makes the player's score 66 or more (seed 000, Sixty-Six, The Play)"),
        Refusal::Exchange(e) => {
            let msg = match e {
                ExchangeError::NotTheNine => "only the nine of trumps, held in the hand, is exchanged for the turned card",
                ExchangeError::NoTrickWon => "the trump nine is exchanged only by a player who has won a trick",
                ExchangeError::StockTooShort => "the trump nine is not exchanged once the stock is closed or down to the turned card and one more",
                ExchangeError::NotOnLead => "the trump nine is exchanged by the player on lead, between tricks",
            };
            Diagnostic::error("Y0204", Kind::Illegal, span, msg).with_help("seed 000, Sixty-Six, The Play; spec/rules/sixty-six.md §3")
        }
        Refusal::Close(e) => {
            let msg = match e {
                CloseError::NotOnLead => "only the player on lead closes the stock, between tricks",
                CloseError::NoStock => "the stock is closed already or used up",
                CloseError::MidDraw => "the stock is closed before the draws or after both, not between them",
            };
            Diagnostic::error("Y0207", Kind::Illegal, span, msg).with_help("seed 000, Sixty-Six, Closing")
        }
        Refusal::Draw { expected } => {
            let msg = match expected {
                Some((s, c)) => format!("the next draw is {}'s, the stock's top card {c}", label(s)),
                None => "nobody draws now: the stock is closed or used up, or no trick has been won since the last draw".to_string(),
            };
            Diagnostic::error("Y0208", Kind::Illegal, span, msg).with_help("the winner of a trick draws the top card first, the opponent the next")
        }
        Refusal::MidTrick => Diagnostic::error("Y0209", Kind::Illegal, span, "66 is announced between tricks, not in the middle of one"),
        Refusal::NotInGame => Diagnostic::error("Y0209", Kind::Illegal, span, "this game has no such event (the four-hand game has no stock to close or draw from, and no announcing)"),
    }
}
