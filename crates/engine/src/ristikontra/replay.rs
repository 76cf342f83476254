//! The check of a Ristikontra record: the deal and the stock, each trick won by the last card
//! matching the rank led, cards played in the dark from the stock, the fill-up after each
//! trick from the winner round, the spice, the lead limit and the cleaning, and the count
//! (`spec/rules/ristikontra.md`).

use cards::{Card, Pack};
use notation::{
    CardSlot, Diagnostic, Figure, Kind, PlayItem, Record, Span, Statement, Token, Trick, TrickClaim,
};

use crate::at;
use crate::core::GameState;
use crate::core::counts::{CopyError, check_copies};
use crate::ristikontra::model::{GameResult, Replay, SideResult, TrickRecord};
use crate::ristikontra::rules::{Options, Profile, with_tag};
use crate::ristikontra::state::{Action, Event, PlayState, Refusal, TRICKS};
use crate::ristikontra::words::{self, SEATS, SIDES};

/// Checks a record under a profile: the replay and the findings.
pub fn check(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let (replay, findings, _) = check_keeping(record, profile);
    (replay, findings)
}

/// The replay, the findings and the play state after the record's last action (`None` when
/// the deal cannot be replayed): the state a game for bots goes on from.
pub(crate) fn check_keeping(
    record: &Record,
    profile: &Profile,
) -> (Replay, Vec<Diagnostic>, Option<PlayState>) {
    let mut r = Run::new(record, profile);
    r.run();
    r.claims();
    (r.replay, r.findings, r.state)
}

/// The code, kind and message of an action the rules refuse (a draw's own code for a draw
/// of a card not on top).
pub(crate) fn refusal_finding(action: Action, refusal: Refusal) -> (&'static str, Kind, String) {
    match refusal {
        Refusal::NotTop { top, card } if matches!(action, Action::Draw { .. }) => {
            ("R0306", Kind::Illegal, not_top(top, card))
        }
        other => refusal_finding_of(other),
    }
}

fn not_top(top: Option<Card>, card: Card) -> String {
    match top {
        Some(top) => format!("the top of the stock is {top}, not {card}"),
        None => format!("{card} cannot be in the stock: it is already dealt, drawn or played"),
    }
}

/// The code, kind and message of a refusal whatever the action.
fn refusal_finding_of(refusal: Refusal) -> (&'static str, Kind, String) {
    let label = |s: usize| SEATS.get(s).copied().unwrap_or("?");
    match refusal {
        Refusal::Over => (
            "R0301",
            Kind::Illegal,
            "every trick has been played; this card is one too many".to_string(),
        ),
        Refusal::DrawMissing { seat } => (
            "R0501",
            Kind::Incomplete,
            format!(
                "{}'s draw is not recorded and the stock is not given",
                label(seat)
            ),
        ),
        Refusal::StockEmpty { seat } => (
            "R0302",
            Kind::Illegal,
            format!("{} plays in the dark, but the stock is empty", label(seat)),
        ),
        Refusal::NotTop { top, card } => ("R0302", Kind::Illegal, not_top(top, card)),
        Refusal::NotHeld { seat, card } => (
            "R0301",
            Kind::Illegal,
            format!("{} does not hold {card}", label(seat)),
        ),
        Refusal::LastKing { seat } => (
            "R0304",
            Kind::Illegal,
            format!(
                "{} plays the last king while the stock lasts (cleaning)",
                label(seat)
            ),
        ),
        Refusal::LeadLimit { seat, rank } => (
            "R0305",
            Kind::Illegal,
            format!(
                "{} leads the rank {} to a fourth trick in a row",
                label(seat),
                rank.text()
            ),
        ),
        Refusal::NotYourDraw { seat, next } => (
            "R0306",
            Kind::Illegal,
            match next {
                Some(w) => format!("{} draws next, not {}", label(w), label(seat)),
                None => format!("{} has no draw to make", label(seat)),
            },
        ),
        Refusal::NoSpice { seat, card, played } => (
            "R0307",
            Kind::Illegal,
            if !played {
                "spicing is not played under these rules (Options \"spice\")".to_string()
            } else {
                format!(
                    "only the winner of a trick taken with a hand card spices it, with the card he has just drawn; {} cannot spice with {card}",
                    label(seat)
                )
            },
        ),
    }
}

struct Run<'a> {
    record: &'a Record,
    o: Options,
    replay: Replay,
    findings: Vec<Diagnostic>,
    /// The hands as dealt.
    hands: Vec<Vec<Card>>,
    /// The stock top first, when the deal gives it.
    stock: Option<Vec<Card>>,
    /// Cards in the stock after the deal.
    stock_left: usize,
    /// Every card the deal shows.
    seen: Vec<Card>,
    /// The play state, once the deal is read.
    state: Option<PlayState>,
    stopped: bool,
}

fn span_of(st: &Statement) -> Option<Span> {
    st.seat
        .as_ref()
        .map(|s| s.span)
        .or_else(|| st.tokens.first().map(|t| t.span))
        .and_then(at)
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
                            "R0503",
                            at(tag.value.span),
                            format!("the option `{}` is not one of this game's; the profile's value stays", e.entry),
                        )
                        .with_help("options: spice, clean, lead-limit, tie tricks, hand 5|6, count 11-10-4-3-2|5-4-3-2-1"),
                    );
                }
                o
            }
            None => profile.options,
        };
        let dealer = match record.tag_item("Dealer") {
            None => 3,
            Some(t) => match words::seat(&t.value.node) {
                Some(d) => d,
                None => {
                    findings.push(
                        Diagnostic::error(
                            "R0502",
                            Kind::Incomplete,
                            at(t.value.span),
                            format!("`{}` is not a seat of this game", t.value.node),
                        )
                        .with_help("seats: N E S W"),
                    );
                    3
                }
            },
        };
        let replay = Replay {
            profile: profile.name.to_string(),
            seats: SEATS.iter().map(|s| s.to_string()).collect(),
            sides: SIDES.iter().map(|s| s.to_string()).collect(),
            dealer: SEATS.get(dealer).copied().unwrap_or("W").to_string(),
            ..Replay::default()
        };
        Run {
            record,
            o,
            replay,
            findings,
            hands: vec![Vec::new(); 4],
            stock: None,
            stock_left: 52 - 4 * o.hand,
            seen: Vec::new(),
            state: None,
            stopped: false,
        }
    }

    fn push(&mut self, d: Diagnostic) {
        self.findings.push(d);
    }

    fn stop(&mut self, code: &'static str, kind: Kind, span: Option<Span>, message: String) {
        self.push(Diagnostic::error(code, kind, span, message));
        self.stopped = true;
    }

    fn dealer(&self) -> usize {
        words::seat(&self.replay.dealer).unwrap_or(3)
    }

    fn run(&mut self) {
        let record = self.record;
        let Some(deal) = &record.deal else {
            self.push(Diagnostic::error(
                "R0504",
                Kind::Incomplete,
                at(record.span),
                "no deal",
            ));
            return;
        };
        let mut piles: Vec<(Vec<Card>, Span)> = Vec::new();
        let mut given = [false; 4];
        for line in &deal.items {
            let mut cards = Vec::new();
            for slot in &line.cards {
                match slot.node {
                    CardSlot::Known(c) => cards.push(c),
                    CardSlot::Unknown => {
                        self.push(Diagnostic::error(
                            "R0504",
                            Kind::Incomplete,
                            at(slot.span),
                            "a card not recorded (`??`): the deal cannot be replayed",
                        ));
                        return;
                    }
                }
            }
            piles.push((cards.clone(), line.seat.span));
            let name = line.seat.node.as_str();
            if name.eq_ignore_ascii_case("stock") {
                if cards.len() != self.stock_left {
                    self.push(Diagnostic::error(
                        "R0102",
                        Kind::Illegal,
                        at(line.seat.span),
                        format!("the stock holds {} cards, not {}", self.stock_left, cards.len()),
                    ));
                    return;
                }
                self.stock = Some(cards);
            } else if let Some(s) = words::seat(name) {
                if cards.len() != self.o.hand {
                    self.push(Diagnostic::error(
                        "R0101",
                        Kind::Illegal,
                        at(line.seat.span),
                        format!("{name} is dealt {} cards; each gets {}", cards.len(), self.o.hand),
                    ));
                    return;
                }
                if let (Some(h), Some(g)) = (self.hands.get_mut(s), given.get_mut(s)) {
                    *h = cards;
                    *g = true;
                }
            } else {
                self.push(
                    Diagnostic::error(
                        "R0502",
                        Kind::Incomplete,
                        at(line.seat.span),
                        format!("`{name}` is not a seat or pile of this game"),
                    )
                    .with_help("seats: N E S W; pile: stock"),
                );
            }
        }
        let refs: Vec<&[Card]> = piles.iter().map(|(c, _)| c.as_slice()).collect();
        if let Err(errors) = check_copies(&Pack::French52.spec(), &refs) {
            for e in errors {
                let (CopyError::NotInPack { pile, .. } | CopyError::TooMany { pile, .. }) = &e;
                let span = piles.get(*pile).map(|(_, s)| *s);
                self.push(e.diagnostic(span.and_then(at)));
            }
            return;
        }
        if let Some(missing) = given.iter().position(|g| !g) {
            self.push(Diagnostic::error(
                "R0504",
                Kind::Incomplete,
                at(deal.span),
                format!("no hand for {}", SEATS.get(missing).copied().unwrap_or("?")),
            ));
            return;
        }
        self.seen = piles.into_iter().flat_map(|(c, _)| c).collect();
        self.replay.hands = self.hands.clone();
        let leader = (self.dealer() + 1) % 4;
        let mut state = PlayState::new(
            self.o,
            self.hands.clone(),
            self.stock.clone(),
            self.stock_left,
            self.seen.clone(),
            leader,
        );
        if let Some(play) = &record.play {
            for item in &play.items.items {
                if self.stopped {
                    break;
                }
                match item {
                    PlayItem::Trick(t) => self.trick(t, &mut state),
                    PlayItem::Event(st) => self.event(st, &mut state),
                }
            }
        }
        if !self.stopped {
            let draws = state.draw_pending();
            self.record_draws(&draws);
        }
        let complete = !self.stopped && state.tricks_done() == TRICKS;
        if !complete && !self.stopped {
            self.push(Diagnostic::error(
                "R0501",
                Kind::Incomplete,
                record.play.as_ref().and_then(|p| at(p.span)).or(at(record.span)),
                format!("the play stops after trick {}", self.replay.tricks.len()),
            ));
        }
        self.result(&state, complete);
        self.state = Some(state);
    }

    /// Writes draws into the last trick's replay.
    fn record_draws(&mut self, draws: &[(usize, Card)]) {
        if let Some(last) = self.replay.tricks.last_mut() {
            for &(seat, card) in draws {
                last.draws
                    .push((SEATS.get(seat).copied().unwrap_or("?").to_string(), card));
            }
        }
    }

    /// A refused action: its finding at `span`, and the replay stops.
    fn refused(&mut self, action: Action, refusal: Refusal, span: Option<Span>) {
        let (code, kind, message) = refusal_finding(action, refusal);
        self.stop(code, kind, span, message);
    }

    fn trick(&mut self, t: &Trick, state: &mut PlayState) {
        let span = t
            .number
            .as_ref()
            .map(|n| n.span)
            .or(t.leader.as_ref().map(|l| l.span))
            .and_then(at);
        if let Some(seat) = state.draw_missing() {
            let (code, kind, message) = refusal_finding_of(Refusal::DrawMissing { seat });
            self.stop(code, kind, span, message);
            return;
        }
        let draws = state.draw_pending();
        self.record_draws(&draws);
        let leader = state.to_play();
        let written = t.leader.as_ref().and_then(|l| words::seat(&l.node));
        if written != Some(leader) {
            self.stop(
                "R0303",
                Kind::Illegal,
                span,
                format!("{} leads this trick", SEATS.get(leader).copied().unwrap_or("?")),
            );
            return;
        }
        if t.cards.len() > 4 {
            self.stop(
                "R0501",
                Kind::Incomplete,
                span,
                format!("a trick of {} cards: the replay stops", t.cards.len()),
            );
            return;
        }
        for (i, slot) in t.cards.iter().enumerate() {
            let dark = t
                .origins
                .get(i)
                .and_then(|o| o.as_ref())
                .is_some_and(|o| words::is_stock(&o.node));
            let CardSlot::Known(card) = slot.node else {
                self.stop(
                    "R0501",
                    Kind::Incomplete,
                    at(slot.span),
                    "a card not recorded (`??`)".into(),
                );
                return;
            };
            let action = Action::Play { card, dark };
            match state.play(action) {
                Ok(Event::Played {
                    trick: Some(done), ..
                }) => {
                    self.check_trick_claim(t, done.winner, done.points, span);
                    self.replay.tricks.push(TrickRecord {
                        leader: SEATS.get(done.leader).copied().unwrap_or("?").to_string(),
                        cards: done.cards,
                        dark: done.dark,
                        winner: SEATS.get(done.winner).copied().unwrap_or("?").to_string(),
                        points: done.points,
                        draws: Vec::new(),
                        spiced: None,
                    });
                }
                Ok(_) => {}
                Err(refusal) => {
                    // The lead limit is the trick's; the others the card's.
                    let at_card = if matches!(refusal, Refusal::LeadLimit { .. }) {
                        span
                    } else {
                        at(slot.span)
                    };
                    self.refused(action, refusal, at_card);
                    return;
                }
            }
        }
        if t.cards.len() < 4 {
            self.stop(
                "R0501",
                Kind::Incomplete,
                span,
                format!("a trick of {} cards: the replay stops", t.cards.len()),
            );
        }
    }

    fn check_trick_claim(&mut self, t: &Trick, winner: usize, points: u32, span: Option<Span>) {
        let Some(claim) = &t.claim else { return };
        let label = SEATS.get(winner).copied().unwrap_or("?");
        let claimed_points = match claim.node {
            TrickClaim::Points(n) => Some(n),
            TrickClaim::Lost => None,
        };
        let taker_ok = t
            .taker
            .as_ref()
            .is_none_or(|tk| words::taker(&tk.node).is_some_and(|s| s.contains(&winner)));
        if !taker_ok || claimed_points != Some(points) {
            self.push(
                Diagnostic::error(
                    "R0401",
                    Kind::Inconsistent,
                    at(claim.span).or(span),
                    format!("{label} takes the trick with {points} points"),
                )
                .with_claim(
                    "trick",
                    Figure::Number(i64::from(claimed_points.unwrap_or(0))),
                    Figure::Number(i64::from(points)),
                ),
            );
        }
    }

    fn event(&mut self, st: &Statement, state: &mut PlayState) {
        let Some(seat) = st.seat.as_ref().and_then(|s| words::seat(&s.node)) else {
            self.push(Diagnostic::error(
                "R0502",
                Kind::Incomplete,
                span_of(st),
                "a statement without a seat of this game",
            ));
            return;
        };
        let word = st.tokens.first().and_then(|t| match &t.node {
            Token::Word(w) => Some(w.to_ascii_lowercase()),
            _ => None,
        });
        let card = st.tokens.iter().find_map(|t| match t.node {
            Token::Card(CardSlot::Known(c)) => Some(c),
            _ => None,
        });
        let action = match (word.as_deref(), card) {
            (Some("draws"), Some(card)) => Action::Draw { seat, card },
            (Some("spices"), Some(card)) => Action::Spice { seat, card },
            _ => {
                self.push(
                    Diagnostic::error(
                        "R0502",
                        Kind::Incomplete,
                        span_of(st),
                        format!("`{}` is not a statement of Ristikontra", word.unwrap_or_default()),
                    )
                    .with_help("statements: SEAT draws CARD, SEAT spices CARD = points"),
                );
                return;
            }
        };
        match state.play(action) {
            Ok(Event::Drew { seat, card }) => self.record_draws(&[(seat, card)]),
            Ok(Event::Spiced {
                draw,
                card,
                cards,
                points,
                ..
            }) => {
                self.record_draws(draw.as_slice());
                if let Some(last) = self.replay.tricks.last_mut() {
                    last.cards = cards;
                    last.points = points;
                    last.spiced = Some(card);
                }
                let figure = st.figure.iter().find_map(|t| match t.node {
                    Token::Number(n) => Some((n, t.span)),
                    _ => None,
                });
                if let Some((n, fspan)) = figure
                    && n != i64::from(points)
                {
                    self.push(
                        Diagnostic::error(
                            "R0402",
                            Kind::Inconsistent,
                            at(fspan),
                            format!("the spiced trick holds {points} points, the record says {n}"),
                        )
                        .with_claim(
                            "points",
                            Figure::Number(n),
                            Figure::Number(i64::from(points)),
                        ),
                    );
                }
            }
            Ok(Event::Played { .. }) => {}
            Err(refusal) => self.refused(action, refusal, span_of(st)),
        }
    }

    fn result(&mut self, state: &PlayState, complete: bool) {
        let total = self.o.count.total();
        let dishonoured = state.dishonoured();
        let (points, tricks) = (state.points(), state.tricks());
        let sides: Vec<SideResult> = (0..2)
            .map(|s| SideResult {
                side: SIDES.get(s).copied().unwrap_or("?").to_string(),
                points: points[s],
                tricks: tricks[s],
                dishonoured: dishonoured[s],
            })
            .collect();
        let (outcome, double) = match dishonoured {
            [true, false] => (Some(1), true),
            [false, true] => (Some(0), true),
            [true, true] => (None, false),
            _ => {
                let [a, b] = points;
                if a != b {
                    let w = usize::from(b > a);
                    (Some(w), points[w] == total)
                } else if self.o.tie_by_tricks && tricks[0] != tricks[1] {
                    (Some(usize::from(tricks[1] > tricks[0])), false)
                } else {
                    (None, false)
                }
            }
        };
        // Before the last trick nobody has won yet.
        let outcome = outcome.filter(|_| complete);
        self.replay.result = GameResult {
            complete,
            sides,
            outcome: outcome.and_then(|w| SIDES.get(w)).map(|s| s.to_string()),
            double: outcome.is_some() && double,
        };
    }

    fn claims(&mut self) {
        let Some(section) = &self.record.result else {
            return;
        };
        let result = self.replay.result.clone();
        if !result.complete {
            return;
        }
        for claim in &section.items {
            let key = claim.key.node.to_ascii_lowercase();
            let span = claim.key.span;
            let word = claim.values.iter().find_map(|v| match &v.node {
                Token::Word(w) => Some(w.clone()),
                _ => None,
            });
            match key.as_str() {
                "points" | "tricks" => {
                    for (label, n, vspan) in words::pairs(&claim.values) {
                        let Some(s) = result.sides.iter().find(|s| s.side.eq_ignore_ascii_case(&label))
                        else {
                            self.push(Diagnostic::error(
                                "R0502",
                                Kind::Incomplete,
                                at(vspan),
                                format!("`{label}` is not a side of this game"),
                            ));
                            continue;
                        };
                        let c = i64::from(if key == "points" { s.points } else { s.tricks });
                        if c != n {
                            self.push(
                                Diagnostic::error(
                                    "R0404",
                                    Kind::Inconsistent,
                                    at(vspan),
                                    format!("{key} of {label}: the replay gives {c}, the record {n}"),
                                )
                                .with_claim(
                                    key.clone(),
                                    Figure::Number(n),
                                    Figure::Number(c),
                                ),
                            );
                        }
                    }
                }
                "outcome" | "dishonour" => {
                    let computed = if key == "outcome" {
                        result.outcome.clone()
                    } else {
                        result
                            .sides
                            .iter()
                            .find(|s| s.dishonoured)
                            .map(|s| s.side.clone())
                    }
                    .unwrap_or_else(|| "none".into());
                    if word.as_deref().is_none_or(|w| !w.eq_ignore_ascii_case(&computed)) {
                        self.push(
                            Diagnostic::error(
                                "R0404",
                                Kind::Inconsistent,
                                at(span),
                                format!("{key}: the replay gives {computed}"),
                            )
                            .with_claim(
                                key.clone(),
                                Figure::Word(word.unwrap_or_default()),
                                Figure::Word(computed),
                            ),
                        );
                    }
                }
                "double" => {
                    let claimed = word.as_deref().and_then(words::yes_no);
                    if claimed != Some(result.double) {
                        self.push(
                            Diagnostic::error(
                                "R0404",
                                Kind::Inconsistent,
                                at(span),
                                format!(
                                    "the win {} double",
                                    if result.double { "counts" } else { "does not count" }
                                ),
                            )
                            .with_claim(
                                "double",
                                Figure::Flag(claimed.unwrap_or(false)),
                                Figure::Flag(result.double),
                            ),
                        );
                    }
                }
                other => self.push(
                    Diagnostic::warning(
                        "R0507",
                        at(span),
                        format!("`{other}` is not a claim the Ristikontra engine checks"),
                    )
                    .with_help("claims: points, tricks, outcome, double, dishonour"),
                ),
            }
        }
    }
}
