//! The check of a Cribbage record: the deal, the crib, the starter and heels, the pegging
//! card by card, the show in order, and the game ending the moment a side reaches its target
//! (`spec/rules/cribbage.md`). Every figure written on a statement and every result claim is
//! recomputed.

use cards::{Card, Pack, Rank};
use notation::{CardSlot, Diagnostic, Figure, Kind, PlayItem, Record, Span, Statement, Token};

use crate::at;
use crate::core::counts::{CopyError, check_copies};
use crate::cribbage::meld;
use crate::cribbage::model::{Entry, GameResult, Replay, SideResult, Step};
use crate::cribbage::peg::PegKind;
use crate::cribbage::rules::{Options, Profile};
use crate::cribbage::state::{Close, PegRefusal, PegState, crib_problem};
use crate::cribbage::words::{self, StepWord};

/// Checks a record under a profile: the replay and the findings.
pub fn check(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let mut r = Run::new(record, profile);
    r.run();
    r.finish();
    (r.replay, r.findings)
}

struct Run<'a> {
    record: &'a Record,
    o: Options,
    labels: &'static [&'static str],
    /// The dealer's seat index.
    dealer: usize,
    /// Each seat's side index.
    side_of: Vec<usize>,
    replay: Replay,
    findings: Vec<Diagnostic>,
    /// The spans of the figure each entry's statement carries, with the figure.
    claims: Vec<Option<(i64, Span)>>,
    /// Scores now, per side.
    scores: Vec<u32>,
    /// The index of the entry at which a side reached the target.
    won_at: Option<usize>,
    /// The hands kept for the play and the show.
    kept: Vec<Vec<Card>>,
    /// Whether the record gives the show alone (hands as kept, no crib, no play).
    show_only: bool,
    /// Whether the deal ran to its end (the last show, or the game won).
    complete: bool,
    /// Where the show begins among the play's statements (`usize::MAX`: the play stopped).
    shows_from: usize,
}

fn card_of(token: &Token) -> Option<Card> {
    match token {
        Token::Card(CardSlot::Known(c)) => Some(*c),
        _ => None,
    }
}

fn figure(st: &Statement) -> Option<(i64, Span)> {
    st.figure.iter().find_map(|t| match t.node {
        Token::Number(n) => Some((n, t.span)),
        _ => None,
    })
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
        let o = profile.options;
        let labels = words::labels(o.seats);
        let mut findings = Vec::new();
        let dealer = match record.tag_item("Dealer") {
            None => labels.len() - 1,
            Some(tag) => match words::seat(&tag.value.node, labels) {
                Some(d) => d,
                None => {
                    findings.push(
                        Diagnostic::error(
                            "C0502",
                            Kind::Incomplete,
                            at(tag.value.span),
                            format!("`{}` is not a seat of this game", tag.value.node),
                        )
                        .with_help(format!("seats: {}", labels.join(" "))),
                    );
                    labels.len() - 1
                }
            },
        };
        let (sides, side_of): (Vec<String>, Vec<usize>) = if o.partnerships {
            (
                vec!["NS".into(), "EW".into()],
                (0..labels.len()).map(|i| i % 2).collect(),
            )
        } else {
            (
                labels.iter().map(|s| s.to_string()).collect(),
                (0..labels.len()).collect(),
            )
        };
        let mut standing = vec![0u32; sides.len()];
        match record.tag("Standing") {
            Some(value) => {
                for (label, n) in words::standing(value) {
                    let i = sides
                        .iter()
                        .position(|s| s.eq_ignore_ascii_case(&label))
                        .or_else(|| words::seat(&label, labels).and_then(|s| side_of.get(s).copied()));
                    match (i.and_then(|i| standing.get_mut(i)), u32::try_from(n)) {
                        (Some(slot), Ok(n)) => *slot = n,
                        _ => findings.push(Diagnostic::error(
                            "C0502",
                            Kind::Incomplete,
                            record.tag_item("Standing").and_then(|t| at(t.value.span)),
                            format!("`{label} {n}` in the standing is not a side's score"),
                        )),
                    }
                }
            }
            None => {
                // "Three for last" is the pone's at the start of a game (five-card game).
                let pone = (dealer + 1) % labels.len();
                if let Some(slot) = side_of.get(pone).and_then(|&s| standing.get_mut(s)) {
                    *slot = o.pone_start;
                }
            }
        }
        let replay = Replay {
            profile: profile.name.to_string(),
            seats: labels.iter().map(|s| s.to_string()).collect(),
            sides,
            dealer: labels.get(dealer).copied().unwrap_or("?").to_string(),
            standing: standing.clone(),
            result: GameResult {
                target: o.game,
                ..GameResult::default()
            },
            ..Replay::default()
        };
        Run {
            record,
            o,
            labels,
            dealer,
            side_of,
            replay,
            findings,
            claims: Vec::new(),
            scores: standing,
            won_at: None,
            kept: Vec::new(),
            show_only: false,
            complete: false,
            shows_from: 0,
        }
    }

    fn push(&mut self, d: Diagnostic) {
        self.findings.push(d);
    }

    fn seat(&mut self, st: &Statement) -> Option<usize> {
        let Some(label) = &st.seat else {
            self.push(Diagnostic::error(
                "C0502",
                Kind::Incomplete,
                span_of(st),
                "a statement without a seat",
            ));
            return None;
        };
        let s = words::seat(&label.node, self.labels);
        if s.is_none() {
            self.push(
                Diagnostic::error(
                    "C0502",
                    Kind::Incomplete,
                    at(label.span),
                    format!("`{}` is not a seat of this game", label.node),
                )
                .with_help(format!("seats: {}", self.labels.join(" "))),
            );
        }
        s
    }

    fn label(&self, seat: usize) -> String {
        self.labels.get(seat).copied().unwrap_or("?").to_string()
    }

    /// The seat after `seat`, clockwise.
    fn next(&self, seat: usize) -> usize {
        (seat + 1) % self.labels.len()
    }

    /// Records a scoring step: `points` to `side`, after checking that the game is not over.
    fn score(
        &mut self,
        st: &Statement,
        seat: usize,
        side: usize,
        step: Step,
        count: Option<u8>,
        items: Vec<(String, u32)>,
    ) -> bool {
        if let Some(w) = self.won_at {
            let winner = self
                .replay
                .entries
                .get(w)
                .map(|e| e.side.clone())
                .unwrap_or_default();
            self.push(Diagnostic::error(
                "C0206",
                Kind::Illegal,
                span_of(st),
                format!("the game is over: {winner} reached {} before this", self.o.game),
            ));
            return false;
        }
        let points: u32 = items.iter().map(|i| i.1).sum();
        if let Some(s) = self.scores.get_mut(side) {
            *s += points;
        }
        self.replay.entries.push(Entry {
            seat: self.label(seat),
            step,
            count,
            items,
            side: self.replay.sides.get(side).cloned().unwrap_or_default(),
            points,
            scores: self.scores.clone(),
        });
        self.claims.push(figure(st));
        self.check_won();
        true
    }

    fn check_won(&mut self) {
        if self.won_at.is_none() && self.scores.iter().any(|&s| s >= self.o.game) {
            self.won_at = Some(self.replay.entries.len().saturating_sub(1));
        }
    }

    /// Adds points to an earlier entry (the go of a series, known only when it closes).
    fn add_to(&mut self, entry: usize, item: (String, u32)) {
        let Some(e) = self.replay.entries.get_mut(entry) else {
            return;
        };
        let points = item.1;
        e.points += points;
        e.items.push(item);
        // The running scores of this entry and every later one move up.
        let side = self.replay.sides.iter().position(|s| *s == e.side).unwrap_or(0);
        for e in self.replay.entries.iter_mut().skip(entry) {
            if let Some(s) = e.scores.get_mut(side) {
                *s += points;
            }
        }
        if let Some(s) = self.scores.get_mut(side) {
            *s += points;
        }
        // The game may have been won at that earlier entry.
        let reached = self
            .replay
            .entries
            .iter()
            .position(|e| e.scores.iter().any(|&s| s >= self.o.game));
        if let Some(r) = reached
            && self.won_at.is_none_or(|w| r < w)
        {
            self.won_at = Some(r);
        }
    }

    fn run(&mut self) {
        let record = self.record;
        let Some(deal) = &record.deal else {
            self.push(Diagnostic::error(
                "C0501",
                Kind::Incomplete,
                at(record.span),
                "no deal: the hands are needed to check the play and the show",
            ));
            return;
        };
        let pack = Pack::French52;
        let mut hands: Vec<Option<Vec<Card>>> = vec![None; self.labels.len()];
        let mut starter = None;
        let mut pack_crib = Vec::new();
        let mut piles: Vec<(Vec<Card>, Span)> = Vec::new();
        for line in &deal.items {
            let mut cards = Vec::new();
            for slot in &line.cards {
                match slot.node {
                    CardSlot::Known(c) => cards.push(c),
                    CardSlot::Unknown => {
                        self.push(Diagnostic::error(
                            "C0501",
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
            if name.eq_ignore_ascii_case("starter") {
                if cards.len() != 1 {
                    self.push(Diagnostic::error(
                        "C0103",
                        Kind::Illegal,
                        at(line.seat.span),
                        format!("the starter is one card, not {}", cards.len()),
                    ));
                }
                starter = cards.first().copied();
            } else if name.eq_ignore_ascii_case("crib") {
                pack_crib = cards;
            } else if let Some(s) = words::seat(name, self.labels) {
                if let Some(h) = hands.get_mut(s) {
                    *h = Some(cards);
                }
            } else {
                self.push(
                    Diagnostic::error(
                        "C0502",
                        Kind::Incomplete,
                        at(line.seat.span),
                        format!("`{name}` is not a seat or pile of this game"),
                    )
                    .with_help(format!("seats: {}; piles: starter, crib", self.labels.join(" "))),
                );
            }
        }
        let refs: Vec<&[Card]> = piles.iter().map(|(c, _)| c.as_slice()).collect();
        if let Err(errors) = check_copies(&pack.spec(), &refs) {
            for e in errors {
                let (CopyError::NotInPack { pile, .. } | CopyError::TooMany { pile, .. }) = &e;
                let span = piles.get(*pile).map(|(_, s)| *s);
                self.push(e.diagnostic(span.and_then(at)));
            }
            return;
        }
        let Some(starter) = starter else {
            self.push(
                Diagnostic::error(
                    "C0501",
                    Kind::Incomplete,
                    at(deal.span),
                    "no starter: the show counts it with every hand",
                )
                .with_help("write the starter as a pile of the deal: `starter: ♣J`"),
            );
            return;
        };
        self.replay.starter = Some(starter);
        // A record of the show alone: hands as kept (or fewer, as the seed pictures a
        // combination), no crib laid out, no card pegged; a hand left out shows nothing.
        let pegs_cards = record.play.as_ref().is_some_and(|p| {
            p.items.items.iter().any(|i| {
                matches!(i, PlayItem::Event(st) if st.tokens.first().is_some_and(|t| card_of(&t.node).is_some()))
            })
        });
        self.show_only = record.exchange.is_none()
            && !pegs_cards
            && hands.iter().flatten().all(|h| h.len() <= self.o.kept());
        let mut dealt = Vec::new();
        for (i, h) in hands.iter().enumerate() {
            match h {
                Some(h) => dealt.push(h.clone()),
                None if self.show_only => dealt.push(Vec::new()),
                None => {
                    let label = self.label(i);
                    self.push(Diagnostic::error(
                        "C0501",
                        Kind::Incomplete,
                        at(deal.span),
                        format!("no hand for {label}"),
                    ));
                    return;
                }
            }
        }
        self.replay.hands = dealt.clone();
        if self.show_only {
            self.kept = dealt;
            self.push(Diagnostic::note(
                "C0508",
                at(deal.span),
                "the hands are given as shown: the crib and the play are not recorded, the show is checked alone",
            ));
            self.show(None);
            return;
        }
        for (i, h) in dealt.iter().enumerate() {
            if h.len() != self.o.dealt {
                let label = self.label(i);
                self.push(Diagnostic::error(
                    "C0101",
                    Kind::Illegal,
                    at(deal.span),
                    format!(
                        "{label} is dealt {} cards; the profile deals {}",
                        h.len(),
                        self.o.dealt
                    ),
                ));
                return;
            }
        }
        if pack_crib.len() != self.o.crib_from_pack {
            self.push(Diagnostic::error(
                "C0103",
                Kind::Illegal,
                at(deal.span),
                format!(
                    "the crib takes {} cards from the pack, the deal gives {}",
                    self.o.crib_from_pack,
                    pack_crib.len()
                ),
            ));
            return;
        }
        for ev in &record.deal_events {
            self.event(ev, starter);
        }
        let Some(crib) = self.exchange(&dealt, starter) else {
            return;
        };
        let mut crib = crib;
        crib.extend(pack_crib);
        self.replay.crib = crib.clone();
        self.play();
        self.show(Some(&crib));
    }

    /// A penalty or heels outside the play.
    fn event(&mut self, st: &Statement, starter: Card) {
        let Some(seat) = self.seat(st) else { return };
        let word = st.tokens.first().and_then(|t| match &t.node {
            Token::Word(w) => words::step(w),
            _ => None,
        });
        match word {
            Some(StepWord::Penalty) => self.penalty(st, seat),
            Some(StepWord::Heels) => self.heels(st, seat, starter),
            _ => self.unknown(st),
        }
    }

    fn unknown(&mut self, st: &Statement) {
        let text = st
            .tokens
            .first()
            .map(|t| match &t.node {
                Token::Word(w) => w.clone(),
                Token::Number(n) => n.to_string(),
                Token::Card(_) => "a card".into(),
                Token::Text(t) => t.clone(),
            })
            .unwrap_or_default();
        self.push(
            Diagnostic::error(
                "C0502",
                Kind::Incomplete,
                span_of(st),
                format!("`{text}` is not a statement of Cribbage here"),
            )
            .with_help(
                "crib, heels and penalty in the exchange; cards, go, hand, crib and penalty in the play",
            ),
        );
    }

    fn penalty(&mut self, st: &Statement, seat: usize) {
        let written = st.tokens.get(1).and_then(|t| match t.node {
            Token::Number(n) => Some(n),
            _ => None,
        });
        if written.is_some_and(|n| n != i64::from(self.o.penalty)) {
            self.push(
                Diagnostic::error(
                    "C0105",
                    Kind::Illegal,
                    span_of(st),
                    format!("a penalty is {} points", self.o.penalty),
                )
                .with_help(format!(
                    "write `{} penalty {}`",
                    self.label(seat),
                    self.o.penalty
                )),
            );
        }
        // The adversary scores it: every other side.
        let own = self.side_of.get(seat).copied().unwrap_or(0);
        let others: Vec<usize> = (0..self.replay.sides.len()).filter(|&s| s != own).collect();
        for side in others {
            let item = vec![("penalty".to_string(), self.o.penalty)];
            if !self.score(st, seat, side, Step::Penalty, None, item) {
                return;
            }
        }
    }

    fn heels(&mut self, st: &Statement, seat: usize, starter: Card) {
        if seat != self.dealer || starter.rank != Rank::Jack {
            self.push(Diagnostic::error(
                "C0104",
                Kind::Illegal,
                span_of(st),
                if seat != self.dealer {
                    "heels are the dealer's".to_string()
                } else {
                    format!("heels need a jack turned; the starter is {starter}")
                },
            ));
            return;
        }
        let side = self.side_of.get(seat).copied().unwrap_or(0);
        self.score(st, seat, side, Step::Heels, None, vec![("heels".into(), 2)]);
    }

    /// The crib laid out: each seat's discards, checked; the crib's cards.
    fn exchange(&mut self, dealt: &[Vec<Card>], starter: Card) -> Option<Vec<Card>> {
        let record = self.record;
        let mut laid: Vec<Option<Vec<Card>>> = vec![None; self.labels.len()];
        let mut heels_seen = false;
        if let Some(section) = &record.exchange {
            for st in &section.items {
                let Some(seat) = self.seat(st) else { continue };
                let word = st.tokens.first().and_then(|t| match &t.node {
                    Token::Word(w) => words::step(w),
                    _ => None,
                });
                match word {
                    Some(StepWord::Crib) => {
                        let cards: Vec<Card> = st.tokens.iter().filter_map(|t| card_of(&t.node)).collect();
                        let held = dealt.get(seat).cloned().unwrap_or_default();
                        let already = laid.get(seat).is_some_and(Option::is_some);
                        let problem = crib_problem(&held, &cards, already, self.o.discard);
                        if let Some(p) = problem {
                            let label = self.label(seat);
                            self.push(Diagnostic::error(
                                "C0103",
                                Kind::Illegal,
                                span_of(st),
                                format!("{label} {p}"),
                            ));
                            return None;
                        }
                        if let Some(slot) = laid.get_mut(seat) {
                            *slot = Some(cards);
                        }
                    }
                    Some(StepWord::Heels) => {
                        heels_seen = true;
                        self.heels(st, seat, starter);
                    }
                    Some(StepWord::Penalty) => self.penalty(st, seat),
                    _ => self.unknown(st),
                }
            }
        }
        if starter.rank == Rank::Jack && !heels_seen {
            self.push(Diagnostic::note(
                "C0506",
                at(record.span),
                "a jack is turned but the dealer pegs no heels: the two are lost (001:669)",
            ));
        }
        let mut crib = Vec::new();
        for (i, l) in laid.into_iter().enumerate() {
            let Some(l) = l else {
                let label = self.label(i);
                self.push(Diagnostic::error(
                    "C0503",
                    Kind::Incomplete,
                    record
                        .exchange
                        .as_ref()
                        .and_then(|s| at(s.span))
                        .or(at(record.span)),
                    format!("{label} lays out nothing for the crib"),
                ));
                return None;
            };
            let mut hand = dealt.get(i).cloned().unwrap_or_default();
            hand.retain(|c| !l.contains(c));
            self.kept.push(hand);
            crib.extend(l);
        }
        Some(crib)
    }

    /// The pegging: every card and go in order, stepped through the [`PegState`] a game for
    /// bots plays on, which judges the count and the turn.
    fn play(&mut self) {
        let record = self.record;
        // Until the play is replayed to its end, there is no show to check.
        self.shows_from = usize::MAX;
        let mut state = PegState::new(self.kept.clone(), self.next(self.dealer), self.o.one_series);
        // The series' first entry, where its go is looked for.
        let mut series_start = self.replay.entries.len();
        let mut play_span = at(record.span);
        let items: Vec<&Statement> = match &record.play {
            Some(p) => {
                play_span = at(p.span);
                p.items
                    .items
                    .iter()
                    .filter_map(|i| match i {
                        PlayItem::Event(st) => Some(st),
                        PlayItem::Trick(t) => {
                            self.push(Diagnostic::error(
                                "C0201",
                                Kind::Illegal,
                                t.number.as_ref().map(|n| n.span).and_then(at),
                                "Cribbage has no tricks: the play is written card by card (`P ♣10`)",
                            ));
                            None
                        }
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        let mut shows_from = items.len();
        for (idx, st) in items.iter().enumerate() {
            let first = st.tokens.first().map(|t| &t.node);
            let word = first.and_then(|t| match t {
                Token::Word(w) => words::step(w.as_str()),
                _ => None,
            });
            if matches!(word, Some(StepWord::Hand | StepWord::Crib)) {
                shows_from = idx;
                break;
            }
            if self.won_at.is_some() {
                self.score(st, 0, 0, Step::Go, None, Vec::new());
                continue;
            }
            if state.is_over() {
                self.refuse(st, PegRefusal::Over { one_series: false });
                continue;
            }
            let Some(seat) = self.seat(st) else { continue };
            match (first.and_then(card_of), word) {
                (Some(card), _) => {
                    // A series nobody can add to closes before the next card.
                    if let Some(close) = state.settle() {
                        self.close(close, series_start);
                        series_start = self.replay.entries.len();
                        if state.is_over() {
                            self.refuse(st, PegRefusal::Over { one_series: true });
                            continue;
                        }
                    }
                    let pegged = match state.play_card(seat, card) {
                        Ok(p) => p,
                        Err(refusal) => {
                            self.refuse(st, refusal);
                            return;
                        }
                    };
                    let items: Vec<(String, u32)> = pegged
                        .items
                        .into_iter()
                        .map(|(k, v)| (peg_item(k, v).to_string(), v))
                        .collect();
                    let side = self.side_of.get(seat).copied().unwrap_or(0);
                    self.score(st, seat, side, Step::Card(card), Some(pegged.count), items);
                    if pegged.thirty_one {
                        series_start = self.replay.entries.len();
                    }
                    self.close(pegged.last, series_start);
                }
                (None, Some(StepWord::Go)) => match state.go(seat) {
                    Ok(count) => {
                        let side = self.side_of.get(seat).copied().unwrap_or(0);
                        self.score(st, seat, side, Step::Go, Some(count), Vec::new());
                    }
                    Err(refusal) => self.refuse(st, refusal),
                },
                (None, Some(StepWord::Penalty)) => self.penalty(st, seat),
                _ => self.unknown(st),
            }
        }
        // A series nobody can add to is closed by the end of the play's statements.
        let (close, over) = state.finish();
        self.close(close, series_start);
        if !over && self.won_at.is_none() {
            self.push(Diagnostic::error(
                "C0503",
                Kind::Incomplete,
                play_span,
                "the play stops before every card is pegged",
            ));
            self.replay.result.complete = false;
            self.shows_from = usize::MAX;
            return;
        }
        self.shows_from = shows_from;
    }

    /// The finding of a card or go the pegging refuses.
    fn refuse(&mut self, st: &Statement, refusal: PegRefusal) {
        let (code, message) = refusal.finding(self.labels);
        self.push(Diagnostic::error(code, Kind::Illegal, span_of(st), message));
    }

    /// Closes a series below 31: the last seat to play pegs one for the go, or for the last
    /// card, on its last statement of the series (the entries from `start`).
    fn close(&mut self, close: Option<Close>, start: usize) {
        let Some(Close { seat, last_card }) = close else {
            return;
        };
        let label = self.label(seat);
        let at = self
            .replay
            .entries
            .iter()
            .enumerate()
            .skip(start)
            .rev()
            .find(|(_, e)| e.seat == label && matches!(e.step, Step::Card(_) | Step::Go))
            .map(|(i, _)| i);
        let word = if last_card { PegKind::LastCard } else { PegKind::Go };
        if let Some(i) = at {
            self.add_to(i, (peg_word(word).to_string(), 1));
        }
    }

    /// The show: each hand from the dealer's left, the dealer's, then the crib.
    fn show(&mut self, crib: Option<&[Card]>) {
        let record = self.record;
        let Some(starter) = self.replay.starter else {
            return;
        };
        if self.shows_from == usize::MAX {
            return;
        }
        let items: Vec<&Statement> = match &record.play {
            Some(p) => p
                .items
                .items
                .iter()
                .filter_map(|i| match i {
                    PlayItem::Event(st) => Some(st),
                    PlayItem::Trick(_) => None,
                })
                .skip(if self.show_only { 0 } else { self.shows_from })
                .collect(),
            None => Vec::new(),
        };
        // The order of the show: from the dealer's left round to the dealer, then the crib.
        let n = self.labels.len();
        let mut order: Vec<(usize, bool)> = (1..=n).map(|k| ((self.dealer + k) % n, false)).collect();
        if crib.is_some() {
            order.push((self.dealer, true));
        }
        let mut next = 0usize;
        for st in items {
            let Some(seat) = self.seat(st) else { continue };
            let word = st.tokens.first().and_then(|t| match &t.node {
                Token::Word(w) => words::step(w),
                _ => None,
            });
            let is_crib = match word {
                Some(StepWord::Hand) => false,
                Some(StepWord::Crib) => true,
                Some(StepWord::Penalty) => {
                    self.penalty(st, seat);
                    continue;
                }
                _ => {
                    if self.won_at.is_some() {
                        self.score(st, seat, 0, Step::Go, None, Vec::new());
                    } else {
                        self.push(Diagnostic::error(
                            "C0301",
                            Kind::Illegal,
                            span_of(st),
                            "after the show has begun only hands, the crib and penalties follow",
                        ));
                    }
                    continue;
                }
            };
            if self.show_only {
                // The show alone: any seat's hand, in any order, checked on its own.
                if is_crib {
                    self.unknown(st);
                    continue;
                }
            } else if order.get(next) != Some(&(seat, is_crib)) {
                let expected = order.get(next).map_or("nothing".to_string(), |&(s, c)| {
                    format!("{} {}", self.label(s), if c { "crib" } else { "hand" })
                });
                self.push(Diagnostic::error(
                    "C0301",
                    Kind::Illegal,
                    span_of(st),
                    format!("the show goes pone, dealer, crib: {expected} comes next"),
                ));
                return;
            }
            next += 1;
            let cards: Vec<Card> = if is_crib {
                crib.map(<[Card]>::to_vec).unwrap_or_default()
            } else {
                self.kept.get(seat).cloned().unwrap_or_default()
            };
            let shown = meld::count(&cards, starter, is_crib);
            let items: Vec<(String, u32)> = shown
                .items
                .iter()
                .map(|i| (i.kind.word().to_string(), i.value))
                .collect();
            let side = self.side_of.get(seat).copied().unwrap_or(0);
            let step = if is_crib { Step::Crib } else { Step::Hand };
            self.score(st, seat, side, step, None, items);
        }
        self.complete = self.won_at.is_some() || self.show_only || next >= order.len();
        if !self.complete {
            let expected = order
                .get(next)
                .map(|&(s, c)| format!("{} {}", self.label(s), if c { "crib" } else { "hand" }))
                .unwrap_or_default();
            self.push(Diagnostic::error(
                "C0503",
                Kind::Incomplete,
                record.play.as_ref().and_then(|p| at(p.span)).or(at(record.span)),
                format!("the show stops before {expected}"),
            ));
        }
    }

    /// The figures written on statements, the result and its claims.
    fn finish(&mut self) {
        let entries = self.replay.entries.clone();
        // One statement may carry several entries (a penalty to each adversary): its figure
        // is their sum.
        for (e, claim) in entries.iter().zip(self.claims.clone()) {
            let Some((n, span)) = claim else { continue };
            if n != i64::from(e.points) {
                let what = match e.step {
                    Step::Card(c) => format!("{c} pegs"),
                    Step::Go => "the go pegs".into(),
                    Step::Hand => format!("{}'s hand shows", e.seat),
                    Step::Crib => "the crib shows".into(),
                    Step::Heels => "heels peg".into(),
                    Step::Penalty => "the penalty scores".into(),
                };
                let detail: Vec<String> = e.items.iter().map(|(k, v)| format!("{k} {v}")).collect();
                let code = match e.step {
                    Step::Hand | Step::Crib => "C0402",
                    Step::Card(_) | Step::Go => "C0401",
                    _ => "C0403",
                };
                self.findings.push(
                    Diagnostic::error(
                        code,
                        Kind::Inconsistent,
                        at(span),
                        format!("{what} {}, the record says {n}", e.points),
                    )
                    .with_help(if detail.is_empty() {
                        "nothing scores".to_string()
                    } else {
                        detail.join(", ")
                    })
                    .with_claim(
                        "points",
                        Figure::Number(n),
                        Figure::Number(i64::from(e.points)),
                    ),
                );
            }
        }
        // The game stops at the entry that reached the target: later points do not count.
        let upto = self.won_at.map_or(entries.len(), |w| w + 1);
        let counted = entries.get(..upto).unwrap_or(&entries);
        let finals = counted
            .last()
            .map_or(self.replay.standing.clone(), |e| e.scores.clone());
        let sides: Vec<SideResult> = self
            .replay
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let total = finals.get(i).copied().unwrap_or(0);
                let start = self.replay.standing.get(i).copied().unwrap_or(0);
                SideResult {
                    side: s.clone(),
                    points: total.saturating_sub(start),
                    total,
                }
            })
            .collect();
        let winner = self.won_at.and_then(|w| entries.get(w)).map(|e| e.side.clone());
        let lurch = winner.as_ref().is_some_and(|w| {
            sides
                .iter()
                .filter(|s| &s.side != w)
                .all(|s| s.total <= self.o.lurch)
        });
        self.replay.result = GameResult {
            complete: self.complete,
            sides,
            target: self.o.game,
            games: match (&winner, lurch) {
                (None, _) => 0,
                (Some(_), true) => 2,
                (Some(_), false) => 1,
            },
            winner,
            lurch,
        };
        self.claims_check();
    }

    fn claims_check(&mut self) {
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
                "points" | "total" => {
                    for (label, n, vspan) in words::pairs(&claim.values) {
                        let side = result.sides.iter().find(|s| s.side.eq_ignore_ascii_case(&label));
                        let Some(side) = side else {
                            self.push(Diagnostic::error(
                                "C0502",
                                Kind::Incomplete,
                                at(vspan),
                                format!("`{label}` is not a side of this game"),
                            ));
                            continue;
                        };
                        let c = i64::from(if key == "points" { side.points } else { side.total });
                        if c != n {
                            self.push(
                                Diagnostic::error(
                                    "C0404",
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
                "winner" => {
                    let claimed = claim.values.iter().find_map(|v| match &v.node {
                        Token::Word(w) => Some(w.clone()),
                        _ => None,
                    });
                    let computed = result.winner.clone().unwrap_or_else(|| "none".into());
                    if claimed
                        .as_deref()
                        .is_none_or(|c| !c.eq_ignore_ascii_case(&computed))
                    {
                        self.push(
                            Diagnostic::error(
                                "C0404",
                                Kind::Inconsistent,
                                at(span),
                                format!("the winner is {computed}"),
                            )
                            .with_claim(
                                "winner",
                                Figure::Word(claimed.unwrap_or_default()),
                                Figure::Word(computed),
                            ),
                        );
                    }
                }
                "lurch" => {
                    let claimed = claim.values.iter().find_map(|v| match &v.node {
                        Token::Word(w) => words::yes_no(w),
                        _ => None,
                    });
                    if claimed.is_some_and(|c| c != result.lurch) || claimed.is_none() {
                        self.push(
                            Diagnostic::error(
                                "C0404",
                                Kind::Inconsistent,
                                at(span),
                                format!("the game is {}a lurch", if result.lurch { "" } else { "not " }),
                            )
                            .with_claim(
                                "lurch",
                                Figure::Flag(claimed.unwrap_or(false)),
                                Figure::Flag(result.lurch),
                            ),
                        );
                    }
                }
                "games" => {
                    let claimed = claim.values.iter().find_map(|v| match v.node {
                        Token::Number(n) => Some(n),
                        _ => None,
                    });
                    if claimed != Some(i64::from(result.games)) {
                        self.push(
                            Diagnostic::error(
                                "C0404",
                                Kind::Inconsistent,
                                at(span),
                                format!("the win counts {} games", result.games),
                            )
                            .with_claim(
                                "games",
                                Figure::Number(claimed.unwrap_or(0)),
                                Figure::Number(i64::from(result.games)),
                            ),
                        );
                    }
                }
                other => self.push(
                    Diagnostic::warning(
                        "C0507",
                        at(span),
                        format!("`{other}` is not a claim the Cribbage engine checks"),
                    )
                    .with_help("claims: points, total, winner, lurch, games"),
                ),
            }
        }
    }
}

/// The word of a pegging combination worth `value` (pairs by their number).
fn peg_item(kind: PegKind, value: u32) -> &'static str {
    match (kind, value) {
        (PegKind::Pairs, 6) => "pair-royal",
        (PegKind::Pairs, 12) => "double-pair-royal",
        (PegKind::Pairs, _) => "pair",
        _ => peg_word(kind),
    }
}

/// The word of a pegging combination.
pub fn peg_word(kind: PegKind) -> &'static str {
    match kind {
        PegKind::Fifteen => "fifteen",
        PegKind::ThirtyOne => "thirty-one",
        PegKind::Pairs => "pairs",
        PegKind::Run => "run",
        PegKind::Go => "go",
        PegKind::LastCard => "last-card",
    }
}
