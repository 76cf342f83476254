//! The check of a Ristikontra record: the deal and the stock, each trick won by the last card
//! matching the rank led, cards played in the dark from the stock, the fill-up after each
//! trick from the winner round, the spice, the lead limit and the cleaning, and the count
//! (`spec/rules/ristikontra.md`).

use cards::{Card, Pack, Rank};
use notation::{
    CardSlot, Diagnostic, Figure, Kind, PlayItem, Record, Span, Statement, Token, Trick, TrickClaim,
};

use crate::at;
use crate::core::counts::{CopyError, check_copies};
use crate::core::duties::{WinRule, order_for, winner};
use crate::ristikontra::model::{GameResult, Replay, SideResult, TrickRecord};
use crate::ristikontra::rules::{Options, Profile, with_tag};
use crate::ristikontra::words::{self, SEATS, SIDES};

/// Checks a record under a profile: the replay and the findings.
pub fn check(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let mut r = Run::new(record, profile);
    r.run();
    r.claims();
    (r.replay, r.findings)
}

struct Run<'a> {
    record: &'a Record,
    o: Options,
    replay: Replay,
    findings: Vec<Diagnostic>,
    hands: Vec<Vec<Card>>,
    /// The stock top first, when the deal gives it.
    stock: Option<Vec<Card>>,
    /// Cards left in the stock.
    stock_left: usize,
    /// Every card seen so far (dealt, drawn, played from the stock).
    seen: Vec<Card>,
    /// The seats still to draw after the last trick, in order.
    pending: Vec<usize>,
    /// Whether the last trick's winner may still spice it, and with which card.
    spice_card: Option<Card>,
    may_spice: bool,
    /// Per side: took a queen while the stock lasted; took a king in a trick not led by a queen after.
    owes_clean: [bool; 2],
    cleaned: [bool; 2],
    kings_played: usize,
    /// The last leads: seat and rank, newest last.
    leads: Vec<(usize, Rank)>,
    points: [u32; 2],
    tricks: [u32; 2],
    stopped: bool,
}

fn side(seat: usize) -> usize {
    seat % 2
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
            pending: Vec::new(),
            spice_card: None,
            may_spice: false,
            owes_clean: [false; 2],
            cleaned: [false; 2],
            kings_played: 0,
            leads: Vec::new(),
            points: [0; 2],
            tricks: [0; 2],
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
        let mut leader = (self.dealer() + 1) % 4;
        if let Some(play) = &record.play {
            for item in &play.items.items {
                if self.stopped {
                    break;
                }
                match item {
                    PlayItem::Trick(t) => {
                        if let Some(next) = self.trick(t, leader) {
                            leader = next;
                        }
                    }
                    PlayItem::Event(st) => self.event(st),
                }
            }
        }
        if !self.stopped {
            self.auto_draws();
        }
        let complete = !self.stopped && self.replay.tricks.len() == 52 / 4;
        if !complete && !self.stopped {
            self.push(Diagnostic::error(
                "R0501",
                Kind::Incomplete,
                record.play.as_ref().and_then(|p| at(p.span)).or(at(record.span)),
                format!("the play stops after trick {}", self.replay.tricks.len()),
            ));
        }
        self.result(complete);
    }

    /// The draws the record leaves out, when the stock is known.
    fn auto_draws(&mut self) {
        while let Some(&s) = self.pending.first() {
            let Some(top) = self.top() else { return };
            self.draw(s, top);
        }
    }

    fn draw(&mut self, seat: usize, card: Card) {
        let first = self.pending.first() == Some(&seat);
        if !self.pending.is_empty() {
            self.pending.remove(0);
        }
        // The winner's draw is the card he may spice the trick with.
        let winner = self.replay.tricks.last().and_then(|t| words::seat(&t.winner));
        if first && winner == Some(seat) && self.may_spice {
            self.spice_card = Some(card);
        }
        if let Some(h) = self.hands.get_mut(seat) {
            h.push(card);
        }
        if let Some(last) = self.replay.tricks.last_mut() {
            last.draws
                .push((SEATS.get(seat).copied().unwrap_or("?").to_string(), card));
        }
        self.stock_left = self.stock_left.saturating_sub(1);
        if self.stock_left == 0 {
            self.pending.clear();
        }
    }

    /// The top of the stock, when the deal gives the stock.
    fn top(&self) -> Option<Card> {
        let stock = self.stock.as_ref()?;
        stock.get(stock.len().checked_sub(self.stock_left)?).copied()
    }

    fn trick(&mut self, t: &Trick, leader: usize) -> Option<usize> {
        let span = t
            .number
            .as_ref()
            .map(|n| n.span)
            .or(t.leader.as_ref().map(|l| l.span))
            .and_then(at);
        if !self.pending.is_empty() {
            if self.stock.is_some() {
                self.auto_draws();
            } else {
                let who = self
                    .pending
                    .first()
                    .and_then(|&s| SEATS.get(s))
                    .copied()
                    .unwrap_or("?");
                self.stop(
                    "R0501",
                    Kind::Incomplete,
                    span,
                    format!("{who}'s draw is not recorded and the stock is not given"),
                );
                return None;
            }
        }
        self.may_spice = false;
        self.spice_card = None;
        let written = t.leader.as_ref().and_then(|l| words::seat(&l.node));
        if written != Some(leader) {
            self.stop(
                "R0303",
                Kind::Illegal,
                span,
                format!("{} leads this trick", SEATS.get(leader).copied().unwrap_or("?")),
            );
            return None;
        }
        if t.cards.len() != 4 {
            self.stop(
                "R0501",
                Kind::Incomplete,
                span,
                format!("a trick of {} cards: the replay stops", t.cards.len()),
            );
            return None;
        }
        let phase_one = self.stock_left > 0;
        let mut cards = Vec::new();
        let mut dark = Vec::new();
        for (i, slot) in t.cards.iter().enumerate() {
            let seat = (leader + i) % 4;
            let label = SEATS.get(seat).copied().unwrap_or("?");
            let from_stock = t
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
                return None;
            };
            if from_stock {
                if self.stock_left == 0 {
                    self.stop(
                        "R0302",
                        Kind::Illegal,
                        at(slot.span),
                        format!("{label} plays in the dark, but the stock is empty"),
                    );
                    return None;
                }
                match self.top() {
                    Some(top) if top != card => {
                        self.stop(
                            "R0302",
                            Kind::Illegal,
                            at(slot.span),
                            format!("the top of the stock is {top}, not {card}"),
                        );
                        return None;
                    }
                    Some(_) => {}
                    None => {
                        if self.seen.contains(&card) {
                            self.stop(
                                "R0302",
                                Kind::Illegal,
                                at(slot.span),
                                format!(
                                    "{card} cannot be in the stock: it is already dealt, drawn or played"
                                ),
                            );
                            return None;
                        }
                        self.seen.push(card);
                    }
                }
                self.stock_left -= 1;
            } else {
                let Some(pos) = self
                    .hands
                    .get(seat)
                    .and_then(|h| h.iter().position(|&c| c == card))
                else {
                    self.stop(
                        "R0301",
                        Kind::Illegal,
                        at(slot.span),
                        format!("{label} does not hold {card}"),
                    );
                    return None;
                };
                if let Some(h) = self.hands.get_mut(seat) {
                    h.remove(pos);
                }
            }
            if card.rank == Rank::King {
                self.kings_played += 1;
                if self.o.clean && phase_one && self.kings_played == 4 {
                    self.stop(
                        "R0304",
                        Kind::Illegal,
                        at(slot.span),
                        format!("{label} plays the last king while the stock lasts (cleaning)"),
                    );
                    return None;
                }
            }
            cards.push(card);
            dark.push(from_stock);
        }
        let led = cards.first().map(|c| c.rank)?;
        if self.o.lead_limit {
            let last3: Vec<&(usize, Rank)> = self.leads.iter().rev().take(3).collect();
            if last3.len() == 3 && last3.iter().all(|&&(s, r)| s == leader && r == led) {
                self.stop(
                    "R0305",
                    Kind::Illegal,
                    span,
                    format!(
                        "{} leads the rank {} to a fourth trick in a row",
                        SEATS.get(leader).copied().unwrap_or("?"),
                        led.text()
                    ),
                );
                return None;
            }
        }
        self.leads.push((leader, led));
        // The last card of the rank led wins; none after the lead, the leader (X61).
        let order = order_for(&Pack::French52.spec(), None);
        let win_at = winner(&order, WinRule::LastMatchingRank, &cards).unwrap_or(0);
        let winner = (leader + win_at) % 4;
        let points: u32 = cards.iter().map(|c| self.o.count.value(c.rank)).sum();
        self.check_trick_claim(t, winner, points, span);
        let s = side(winner);
        if let (Some(p), Some(n)) = (self.points.get_mut(s), self.tricks.get_mut(s)) {
            *p += points;
            *n += 1;
        }
        if self.o.clean {
            if phase_one
                && cards.iter().any(|c| c.rank == Rank::Queen)
                && let Some(o) = self.owes_clean.get_mut(s)
            {
                *o = true;
            }
            if !phase_one
                && led != Rank::Queen
                && cards.iter().any(|c| c.rank == Rank::King)
                && let Some(c) = self.cleaned.get_mut(s)
            {
                *c = true;
            }
        }
        self.replay.tricks.push(TrickRecord {
            leader: SEATS.get(leader).copied().unwrap_or("?").to_string(),
            cards: cards.clone(),
            dark: dark.clone(),
            winner: SEATS.get(winner).copied().unwrap_or("?").to_string(),
            points,
            draws: Vec::new(),
            spiced: None,
        });
        // The fill-up, from the winner round; who played in the dark does not draw (003r:62, 66).
        self.pending = (0..4)
            .map(|k| (winner + k) % 4)
            .filter(|&s| !dark.get((s + 4 - leader) % 4).copied().unwrap_or(false))
            .collect();
        if self.stock_left == 0 {
            self.pending.clear();
        }
        self.may_spice = self.o.spice && self.stock_left > 0 && !dark.get(win_at).copied().unwrap_or(true);
        Some(winner)
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

    fn event(&mut self, st: &Statement) {
        let Some(seat) = st.seat.as_ref().and_then(|s| words::seat(&s.node)) else {
            self.push(Diagnostic::error(
                "R0502",
                Kind::Incomplete,
                span_of(st),
                "a statement without a seat of this game",
            ));
            return;
        };
        let label = SEATS.get(seat).copied().unwrap_or("?");
        let word = st.tokens.first().and_then(|t| match &t.node {
            Token::Word(w) => Some(w.to_ascii_lowercase()),
            _ => None,
        });
        let card = st.tokens.iter().find_map(|t| match t.node {
            Token::Card(CardSlot::Known(c)) => Some(c),
            _ => None,
        });
        match (word.as_deref(), card) {
            (Some("draws"), Some(card)) => {
                if self.pending.first() != Some(&seat) {
                    let who = self.pending.first().and_then(|&s| SEATS.get(s)).copied();
                    self.stop(
                        "R0306",
                        Kind::Illegal,
                        span_of(st),
                        match who {
                            Some(w) => format!("{w} draws next, not {label}"),
                            None => format!("{label} has no draw to make"),
                        },
                    );
                    return;
                }
                match self.top() {
                    Some(top) if top != card => {
                        self.stop(
                            "R0306",
                            Kind::Illegal,
                            span_of(st),
                            format!("the top of the stock is {top}, not {card}"),
                        );
                        return;
                    }
                    Some(_) => {}
                    None => {
                        if self.seen.contains(&card) {
                            self.stop(
                                "R0306",
                                Kind::Illegal,
                                span_of(st),
                                format!(
                                    "{card} cannot be in the stock: it is already dealt, drawn or played"
                                ),
                            );
                            return;
                        }
                        self.seen.push(card);
                    }
                }
                self.draw(seat, card);
            }
            (Some("spices"), Some(card)) => {
                let winner = self.replay.tricks.last().and_then(|t| words::seat(&t.winner));
                // With the stock given, the winner's draw is not written: it is made here.
                if self.spice_card.is_none()
                    && self.may_spice
                    && self.pending.first() == Some(&seat)
                    && let Some(top) = self.top()
                {
                    self.draw(seat, top);
                }
                if !self.o.spice || winner != Some(seat) || self.spice_card != Some(card) {
                    self.stop(
                        "R0307",
                        Kind::Illegal,
                        span_of(st),
                        if !self.o.spice {
                            "spicing is not played under these rules (Options \"spice\")".to_string()
                        } else {
                            format!("only the winner of a trick taken with a hand card spices it, with the card he has just drawn; {label} cannot spice with {card}")
                        },
                    );
                    return;
                }
                self.spice_card = None;
                self.may_spice = false;
                let count = self.o.count;
                let Some(last) = self.replay.tricks.last_mut() else {
                    return;
                };
                let leader = words::seat(&last.leader).unwrap_or(0);
                let win_at = (seat + 4 - leader) % 4;
                let Some(slot) = last.cards.get_mut(win_at) else {
                    return;
                };
                let won_with = *slot;
                *slot = card;
                let before = last.points;
                last.points = last.cards.iter().map(|c| count.value(c.rank)).sum();
                last.spiced = Some(card);
                let after = last.points;
                if let Some(p) = self.points.get_mut(side(seat)) {
                    *p = *p + after - before;
                }
                if let Some(h) = self.hands.get_mut(seat) {
                    if let Some(pos) = h.iter().position(|&c| c == card) {
                        h.remove(pos);
                    }
                    h.push(won_with);
                }
                let figure = st.figure.iter().find_map(|t| match t.node {
                    Token::Number(n) => Some((n, t.span)),
                    _ => None,
                });
                if let Some((n, fspan)) = figure
                    && n != i64::from(after)
                {
                    self.push(
                        Diagnostic::error(
                            "R0402",
                            Kind::Inconsistent,
                            at(fspan),
                            format!("the spiced trick holds {after} points, the record says {n}"),
                        )
                        .with_claim(
                            "points",
                            Figure::Number(n),
                            Figure::Number(i64::from(after)),
                        ),
                    );
                }
            }
            _ => self.push(
                Diagnostic::error(
                    "R0502",
                    Kind::Incomplete,
                    span_of(st),
                    format!("`{}` is not a statement of Ristikontra", word.unwrap_or_default()),
                )
                .with_help("statements: SEAT draws CARD, SEAT spices CARD = points"),
            ),
        }
    }

    fn result(&mut self, complete: bool) {
        let total = self.o.count.total();
        let dishonoured = [0, 1].map(|s| self.o.clean && self.owes_clean[s] && !self.cleaned[s]);
        let sides: Vec<SideResult> = (0..2)
            .map(|s| SideResult {
                side: SIDES.get(s).copied().unwrap_or("?").to_string(),
                points: self.points[s],
                tricks: self.tricks[s],
                dishonoured: dishonoured[s],
            })
            .collect();
        let (outcome, double) = match dishonoured {
            [true, false] => (Some(1), true),
            [false, true] => (Some(0), true),
            [true, true] => (None, false),
            _ => {
                let [a, b] = self.points;
                if a != b {
                    let w = usize::from(b > a);
                    (Some(w), self.points[w] == total)
                } else if self.o.tie_by_tricks && self.tricks[0] != self.tricks[1] {
                    (Some(usize::from(self.tricks[1] > self.tricks[0])), false)
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
