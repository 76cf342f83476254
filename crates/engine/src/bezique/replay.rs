//! A Bezique record read and replayed: the deal, the play (through the stock game's
//! [`PlayState`] and [`core::drive`](crate::core::drive)), the result and the claims.
//!
//! Findings are made here, at the one boundary between the rules (typed refusals) and the
//! report (codes, spans, messages); the state knows nothing of either.

use std::ops::ControlFlow;

use cards::{Card, PackSpec};
use notation::{
    CardSlot, Diagnostic, Figure, Kind, Layout, PlayItem, Record, Span, Spanned, Token, TrickClaim,
};

use crate::at;
use crate::bezique::cut::{Cut, CutWord};
use crate::bezique::model::{
    Announcement, Declaration, Exchange, GameResult, Replay, SideResult, TrickRecord, Yield,
};
use crate::bezique::pending::{Pending, PendingWord};
use crate::bezique::rules::{BrisqueCount, Options, Profile, with_tag};
use crate::bezique::settle::{Figures, settle};
use crate::bezique::{meld, partners};
use crate::core::counts::{CopyError, check_copies};
use crate::core::game::{Recovery, Sink, drive};
use crate::core::piles::Stock;
use crate::core::{BySeat, CardCounts, GameState, Seat, Sides, Table};
use crate::pinochle::meld::ShapeError;
use crate::pinochle::rules::Counters;
use crate::pinochle::state::{Action, Event, PlayRules, PlayState, Refusal};
use crate::pinochle::words as common;

/// The seat labels of a table of `seats`, the first leader first and the dealer last: the
/// non-dealer `E` and the dealer `D` at two; `F M R` at three, `N E S W` at four (the
/// Pinochle family's labels).
pub fn labels(seats: usize) -> &'static [&'static str] {
    common::seat_labels(seats)
}

/// The replay of `record` under `profile`, and every finding.
pub fn check(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let (replay, findings, _) = check_keeping(record, profile);
    (replay, findings)
}

/// The replay, the findings, and the play state after the record's play with the
/// declarations still pending then (`None` when the deal stops the check before the play):
/// where a game for bots goes on from.
pub(crate) fn check_keeping(
    record: &Record,
    profile: &Profile,
) -> (Replay, Vec<Diagnostic>, Option<(PlayState, Pending)>) {
    let mut r = Run::new(record, profile);
    let kept = r.run();
    let pending = r.pending.clone();
    (r.replay, r.findings, kept.map(|s| (s, pending)))
}

/// `B0208` for an announcement or a scoring by a player who does not declare now.
pub(crate) fn not_declaring_now(who: &str, span: Option<Span>) -> Diagnostic {
    Diagnostic::error("B0208", Kind::Illegal, span, format!("{who} may not announce or score a declaration now: only the winner of the last trick may, before the draw, while the stock lasts"))
        .with_help("seed 000, Bezique, The Play (000:553–557, 000:576); Six-Pack Bezique (000:669, 000:688)")
}

/// `B0220`: a scoring of a declaration the player has not pending.
pub(crate) fn not_pending(who: &str, word: &str, span: Option<Span>) -> Diagnostic {
    Diagnostic::error("B0220", Kind::Illegal, span, format!("{who} has no pending {word} of these cards: it was never announced, or is scored already"))
        .with_help("announce it first, at a turn of your own: `E announces marriage ♥K@table ♥Q@table`; or write it as a declaration scored now; in the partnership game the partner's cards are marked (`♠K@N`) as in the announcement")
}

/// `B0224`: a pending declaration scored at the turn it was announced.
pub(crate) fn scored_when_announced(who: &str, word: &str, span: Option<Span>) -> Diagnostic {
    Diagnostic::error("B0224", Kind::Illegal, span, format!("{who}'s pending {word} is scored at the turn it was announced"))
        .with_help("a pending declaration scores at a later turn (seed 000, 000:557, 000:684): write it as the declaration scored now instead of announcing it, or score it after the next trick the player wins")
}

/// `B0221`: a pending declaration whose card has left the table.
pub(crate) fn pending_card_gone(who: &str, word: &str, card: Card, span: Option<Span>) -> Diagnostic {
    Diagnostic::error("B0221", Kind::Illegal, span, format!("{card} of {who}'s pending {word} is no longer on the table"))
        .with_help("a pending declaration is scored with its cards still on the table, the partner's on his (seed 000, 000:684)")
}

/// The play rules of a profile with `trump`.
pub fn play_rules(o: &Options, table: Table, trump: cards::Suit) -> PlayRules {
    PlayRules {
        table,
        sides: if o.partners {
            Sides::Alternating
        } else {
            Sides::Individual
        },
        trump,
        duties: o.duties,
        melds: o.melds,
        // Six-Pack counts no card (000:667).
        counters: if o.brisque == 0 {
            Counters::Nothing
        } else {
            Counters::Brisques
        },
        last_trick: o.last_trick,
        meld_on_last_draw: o.declare_at_last_draw,
        trump_by_marriage: !o.turned,
        barred_trump: o.previous_trump,
    }
}

struct Run<'a> {
    record: &'a Record,
    o: Options,
    pack: PackSpec,
    table: Table,
    labels: &'static [&'static str],
    replay: Replay,
    findings: Vec<Diagnostic>,
    trump: cards::Suit,
    last_taker: Option<Seat>,
    blank: BySeat<Blank>,
    carte: BySeat<u32>,
    cut: Cut,
    cut_points: BySeat<u32>,
    pending: Pending,
}

/// Where a player stands with carte blanche (000:663, 000:712).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Blank {
    /// Before the first lead: the hand may still be shown.
    #[default]
    Open,
    /// The hand was shown; `shown` is the drawn card shown this turn, if any.
    Holding {
        /// The card shown from the coming draw.
        shown: Option<Card>,
    },
    /// No more carte blanche: never shown, a face card drawn, or a draw not shown.
    Closed,
}

/// Whether a card is a face card (king, queen or jack), which ends carte blanche.
pub fn is_face(card: Card) -> bool {
    matches!(
        card.rank,
        cards::Rank::King | cards::Rank::Queen | cards::Rank::Jack
    )
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
                            "B0503",
                            at(tag.value.span),
                            format!(
                                "the option `{e}` is not one of this profile's; the profile's value stays"
                            ),
                        )
                        .with_help("options: game N (spec/rules/bezique.md §7)"),
                    );
                }
                o
            }
            None => profile.options,
        };
        let labels = labels(o.seats);
        let table = Table::new(labels.len()).unwrap_or_else(|_| fallback_table());
        Run {
            record,
            pack: o.pack.spec(),
            o,
            table,
            labels,
            replay: Replay {
                profile: profile.name.to_string(),
                seats: labels.iter().map(|s| s.to_string()).collect(),
                result: GameResult {
                    target: o.game,
                    ..GameResult::default()
                },
                ..Replay::default()
            },
            findings,
            trump: cards::Suit::Spades,
            last_taker: None,
            blank: BySeat::new(table),
            carte: BySeat::new(table),
            cut: Cut::default(),
            cut_points: BySeat::new(table),
            pending: Pending::new(table),
        }
    }

    fn seat(&self, l: &str) -> Option<Seat> {
        common::seat(l, self.labels).and_then(Seat::new)
    }

    fn label(&self, seat: Seat) -> &'static str {
        self.labels.get(seat.index()).copied().unwrap_or("?")
    }

    fn push(&mut self, d: Diagnostic) {
        self.findings.push(d);
    }

    fn incomplete(&mut self, span: Option<Span>, message: impl Into<String>, help: &str) {
        self.push(Diagnostic::error("B0504", Kind::Incomplete, span, message).with_help(help.to_string()));
    }

    fn run(&mut self) -> Option<PlayState> {
        let (hands, turned, stock) = self.deal()?;
        // The dealer is the seat before the first leader (000:551, 576).
        self.replay.dealer = self.labels.last().map(|l| l.to_string());
        // Without a turned card the trump suit is a placeholder until a marriage makes it.
        self.trump = turned.map_or(cards::Suit::Spades, |t| t.suit);
        let rules = play_rules(&self.o, self.table, self.trump);
        // The non-dealer leads (000:551).
        let leader = Seat::new(0)?;
        let mut state = PlayState::new(rules, &self.pack, hands, leader, Some(Stock::new(stock, turned)));
        self.play(&mut state);
        self.replay.trump = state.trump().map(|t| t.name().to_string());
        self.result(&state);
        self.claims();
        Some(state)
    }

    fn deal(&mut self) -> Option<(BySeat<CardCounts>, Option<Card>, Vec<Card>)> {
        let Some(deal) = &self.record.deal else {
            self.incomplete(
                None,
                "the record has no deal; a Bezique record is checked from the hands dealt",
                "add a `deal` section",
            );
            return None;
        };
        let deal_span = at(deal.span);
        let mut hands: BySeat<CardCounts> = BySeat::new(self.table);
        let mut lists: BySeat<Vec<Card>> = BySeat::new(self.table);
        let mut seen: BySeat<bool> = BySeat::new(self.table);
        let mut turned: Option<Card> = None;
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
                            "a Bezique deal is checked with every card known",
                        );
                        return None;
                    }
                }
            }
            let l = line.seat.node.as_str();
            let span = line.seat.span;
            piles.push((cards.clone(), span));
            match common::pile(l) {
                Some(common::PileWord::Trump) => match cards.as_slice() {
                    [c] => turned = Some(*c),
                    _ => self.push(Diagnostic::error(
                        "B0202",
                        Kind::Illegal,
                        at(span),
                        format!("one card is turned for trump, not {}", cards.len()),
                    )),
                },
                Some(common::PileWord::Stock) => stock = Some(cards),
                Some(common::PileWord::Widow) => {
                    self.push(
                        Diagnostic::error(
                            "B0502",
                            Kind::Incomplete,
                            at(span),
                            format!("Bezique has no `{l}` pile"),
                        )
                        .with_help("piles: trump, stock"),
                    );
                }
                None => match self.seat(l) {
                    Some(seat) => {
                        if cards.len() != self.o.hand {
                            self.push(
                                Diagnostic::error(
                                    "B0201",
                                    Kind::Illegal,
                                    at(span),
                                    format!(
                                        "{l} is dealt {} cards; each hand has {}",
                                        cards.len(),
                                        self.o.hand
                                    ),
                                )
                                .with_figures(cards.len(), self.o.hand),
                            );
                        }
                        hands[seat] = CardCounts::of(cards.iter().copied());
                        lists[seat] = cards;
                        seen[seat] = true;
                    }
                    None => self.push(
                        Diagnostic::error(
                            "B0502",
                            Kind::Incomplete,
                            at(span),
                            format!("`{l}` is not a seat or pile of this game"),
                        )
                        .with_help(format!("seats: {}; piles: trump, stock", self.labels.join(", "))),
                    ),
                },
            }
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
        for seat in self.table.seats() {
            if !seen[seat] {
                let msg = format!("the deal does not give {}'s hand", self.label(seat));
                self.incomplete(deal_span, msg, "a Bezique record lists every hand as dealt");
                return None;
            }
        }
        self.replay.hands = self.table.seats().map(|s| lists[s].clone()).collect();
        let t = match (turned, self.o.turned) {
            (Some(t), true) => Some(t),
            (None, true) => {
                self.incomplete(
                    deal_span,
                    "the deal does not give the trump card turned up",
                    "write it as `trump: ♦7`",
                );
                return None;
            }
            (Some(_), false) => {
                self.push(
                    Diagnostic::error(
                        "B0202",
                        Kind::Illegal,
                        deal_span,
                        "no card is turned in this game: the first marriage makes trump",
                    )
                    .with_help("seed 000, Bezique Without Turning Trump"),
                );
                return None;
            }
            (None, false) => None,
        };
        self.replay.turned = t;
        let Some(stock) = stock else {
            self.incomplete(
                deal_span,
                "the deal does not give the stock; the draws follow from it",
                "write it as `stock: …`, top card first",
            );
            return None;
        };
        let want = self
            .pack
            .len()
            .saturating_sub(self.table.len() * self.o.hand + usize::from(t.is_some()));
        if stock.len() != want {
            self.push(
                Diagnostic::error(
                    "B0203",
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
        Some((hands, t, stock))
    }

    fn play(&mut self, state: &mut PlayState) {
        let Some(play) = &self.record.play else {
            return;
        };
        if let Layout::Columns(_) = play.items.layout {
            self.push(
                Diagnostic::error(
                    "B0507",
                    Kind::Incomplete,
                    at(play.span),
                    "a Bezique play is read trick by trick with its leader; columns are not read",
                )
                .with_help("write each trick as `1. E: ♠9 ♠A`"),
            );
            return;
        }
        let alphabets = self
            .record
            .tag("Cards")
            .and_then(|t| cards::AlphabetSet::from_tag(t).ok())
            .unwrap_or_default();
        let mut sink = CheckSink {
            labels: self.labels,
            ..CheckSink::default()
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
                                        "B0303",
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
                                    "B0502",
                                    Kind::Incomplete,
                                    at(leader.span),
                                    format!("`{}` is not a seat", leader.node),
                                ));
                                break 'items;
                            }
                        }
                    }
                    if state.trick().is_empty() {
                        self.close_blanks(state);
                    }
                    let mut actions = Vec::new();
                    let n = t.cards.len();
                    for (i, slot) in t.cards.iter().enumerate() {
                        let CardSlot::Known(card) = slot.node else {
                            self.push(Diagnostic::error(
                                "B0504",
                                Kind::Incomplete,
                                at(slot.span),
                                "a card of the play is not recorded (`??`); the replay stops",
                            ));
                            break 'items;
                        };
                        let from_table = t
                            .origins
                            .get(i)
                            .and_then(|o| o.as_ref())
                            .is_some_and(|o| common::is_table(&o.node));
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
                            Action::Play { card, from_table },
                        ));
                    }
                    if drive(state, actions, &mut sink).is_break() {
                        break;
                    }
                }
                PlayItem::Event(st) => {
                    let span = st.seat.as_ref().map_or(play.span, |s| s.span);
                    let Some(seat) = st.seat.as_ref().and_then(|s| self.seat(&s.node)) else {
                        self.push(Diagnostic::error(
                            "B0502",
                            Kind::Incomplete,
                            at(span),
                            "an event of the play names no seat of this game",
                        ));
                        break;
                    };
                    let words: Vec<String> = st
                        .tokens
                        .iter()
                        .filter_map(|t| match &t.node {
                            Token::Word(w) if !w.contains('@') => Some(w.clone()),
                            _ => None,
                        })
                        .collect();
                    let word = words.first().cloned().unwrap_or_default();
                    let mut cards = CardCounts::EMPTY;
                    let mut marked = CardCounts::EMPTY;
                    let mut partner = CardCounts::EMPTY;
                    let mut stranger = None;
                    for t in &st.tokens {
                        match &t.node {
                            Token::Card(CardSlot::Known(c)) => {
                                cards.add(*c);
                            }
                            // A card with an origin (`♠Q@table`, the partner's `♠Q@S`) stays
                            // one word in a statement.
                            Token::Word(w) => {
                                if let Some((card, origin)) = w.split_once('@')
                                    && let Ok(c) = cards::parse_card(card, alphabets)
                                {
                                    if common::is_table(origin) {
                                        cards.add(c);
                                        marked.add(c);
                                    } else if self.seat(origin).is_some()
                                        && self.seat(origin) == state.partner_of(seat)
                                    {
                                        cards.add(c);
                                        partner.add(c);
                                    } else {
                                        stranger = Some((w.clone(), t.span));
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                    if word.eq_ignore_ascii_case(partners::YIELDS) {
                        self.yield_turn(state, &mut sink, seat, st, span);
                        continue;
                    }
                    if word.eq_ignore_ascii_case(partners::PASSES) {
                        if let Err(r) = state.partner_pass(seat) {
                            self.push(refusal_finding(
                                self.labels,
                                Action::Yield { to: seat },
                                r,
                                at(span),
                            ));
                        }
                        continue;
                    }
                    if let Some((w, wspan)) = stranger {
                        self.push(
                            Diagnostic::error(
                                "B0207",
                                Kind::Illegal,
                                at(wspan),
                                format!("{w}: a declaration takes cards from the hand, the declarer's own table (`@table`) or his partner's (`@SEAT`)"),
                            )
                            .with_help("only partners across share their declared cards (seed 000, Four-Hand Bezique)"),
                        );
                        continue;
                    }
                    let figure = st.figure.iter().find_map(|t| match t.node {
                        Token::Number(n) => Some((n, t.span)),
                        _ => None,
                    });
                    if word.eq_ignore_ascii_case("carte-blanche") {
                        self.carte_blanche(state, &mut sink, seat, &cards, span, figure);
                        continue;
                    }
                    if let Some(cw) = CutWord::of(&word) {
                        let size = st.tokens.iter().find_map(|t| match t.node {
                            Token::Number(n) => Some(n),
                            _ => None,
                        });
                        self.cut_event(state, &mut sink, seat, cw, size, span, figure);
                        continue;
                    }
                    if let Some(pw) = PendingWord::of(&word) {
                        let kind_word = words.get(1).map_or("", String::as_str);
                        let what = Statement {
                            word: pw,
                            kind_word,
                            cards,
                            marked,
                            partner,
                            span,
                            figure,
                        };
                        self.pending_event(state, &mut sink, seat, what);
                        continue;
                    }
                    let action = if let Some(kind) = meld::kind(&word, &cards, state.trump()) {
                        Action::Meld {
                            kind,
                            cards,
                            marked,
                            partner,
                        }
                    } else if common::exchange(&word) == Some(common::ExchangeWord::Exchanges) {
                        match cards.iter().next() {
                            Some(card) => Action::Exchange { card },
                            None => {
                                self.push(
                                    Diagnostic::error(
                                        "B0502",
                                        Kind::Incomplete,
                                        at(span),
                                        "an exchange names no card",
                                    )
                                    .with_help("write the seven given: `D exchanges ♦7`"),
                                );
                                continue;
                            }
                        }
                    } else {
                        self.push(
                            Diagnostic::error("B0502", Kind::Incomplete, at(span), format!("`{word}` is not an event of the Bezique play"))
                                .with_help("events: marriage, sequence, back-door, bezique, double-bezique, triple-bezique, quadruple-bezique, aces, kings, queens, jacks, seven, carte-blanche, exchanges (draws follow from the stock)"),
                        );
                        continue;
                    };
                    if state.yielded_to().or(state.turn()) != Some(seat) {
                        if let Some(d) = partners::wrong_declarer(state, seat, self.labels, at(span)) {
                            self.push(d);
                            continue;
                        }
                        self.push(
                            Diagnostic::error("B0208", Kind::Illegal, at(span), format!("{} may not declare or exchange now: only the winner of the last trick may, before the draw, while the stock has more than its last face-down card", self.label(seat)))
                                .with_help("seed 000, Bezique, The Play"),
                        );
                        continue;
                    }
                    let ctx = Ctx {
                        span,
                        claim: None,
                        figure,
                    };
                    let _ = drive(state, [(ctx, action)], &mut sink);
                }
            }
        }
        self.findings.append(&mut sink.findings);
        self.replay.tricks = sink.tricks;
        self.replay.declarations = sink.declarations;
        self.replay.exchanges = sink.exchanges;
        self.replay.yields = sink.yields;
        self.replay.announcements = sink.announcements;
        self.last_taker = sink.last_taker;
        if !state.is_over() && (!play.items.items.is_empty() || self.record.result.is_some()) {
            // Six- and Eight-Pack count no cards: only the last trick is left uncounted there.
            let uncounted = if self.o.brisque == 0 {
                "the last trick is"
            } else {
                "the brisques and the last trick are"
            };
            self.push(Diagnostic::error(
                "B0501",
                Kind::Incomplete,
                at(play.span),
                format!(
                    "the play stops with {} trick(s) to go; {uncounted} not counted",
                    state.tricks_left()
                ),
            ));
        }
    }

    /// Before a lead: the start is past, and a holder of carte blanche whose coming draw was
    /// not shown may no longer score it ("or puts any drawn card into hand without showing
    /// it", 000:663).
    fn close_blanks(&mut self, state: &PlayState) {
        let draws = state.next_draws();
        for seat in self.table.seats() {
            let drawn = draws.iter().find(|(s, _)| *s == seat).map(|&(_, c)| c);
            self.blank[seat] = match self.blank[seat] {
                Blank::Holding { shown } => match drawn {
                    None => Blank::Holding { shown: None },
                    Some(c) if shown == Some(c) && !is_face(c) => Blank::Holding { shown: None },
                    Some(_) => Blank::Closed,
                },
                _ => Blank::Closed,
            };
        }
    }

    /// A carte blanche shown: the whole hand dealt before the first lead, then each card
    /// drawn that is not a face card (000:663, 50 each time in Rubicon Bezique, 000:712).
    fn carte_blanche(
        &mut self,
        state: &PlayState,
        sink: &mut CheckSink,
        seat: Seat,
        cards: &CardCounts,
        span: Span,
        figure: Option<(i64, Span)>,
    ) {
        let value = self.o.carte_blanche;
        let who = self.label(seat);
        let false_blank = |msg: String| {
            Diagnostic::error("B0213", Kind::Illegal, at(span), msg)
                .with_help("carte blanche: no king, queen or jack in the hand dealt, all of it shown; then each card drawn shown that is not one (seed 000, Six-Pack Bezique)")
        };
        if value == 0 {
            self.push(
                Diagnostic::error(
                    "B0214",
                    Kind::Illegal,
                    at(span),
                    "this profile has no carte blanche",
                )
                .with_help("carte blanche is a rule of Rubicon Bezique (profile rubicon)"),
            );
            return;
        }
        let dealt = self
            .replay
            .hands
            .get(seat.index())
            .map(|h| CardCounts::of(h.iter().copied()))
            .unwrap_or_default();
        let shown_card = match self.blank[seat] {
            Blank::Open if sink.tricks.is_empty() && state.trick().is_empty() => {
                if let Some(face) = dealt.iter().find(|&c| is_face(c)) {
                    self.push(false_blank(format!(
                        "{who}'s hand holds {face}: no carte blanche"
                    )));
                    return;
                }
                if *cards != dealt {
                    self.push(false_blank(format!(
                        "a carte blanche shows the whole hand {who} was dealt"
                    )));
                    return;
                }
                None
            }
            Blank::Holding { shown: None } => {
                let draws = state.next_draws();
                let Some(&(_, drawn)) = draws.iter().find(|(s, _)| *s == seat) else {
                    self.push(Diagnostic::error(
                        "B0214",
                        Kind::Illegal,
                        at(span),
                        format!("{who} draws no card now to show for carte blanche"),
                    ));
                    return;
                };
                if cards.len() != 1 || !cards.contains(drawn) {
                    self.push(false_blank(format!(
                        "{who} draws {drawn} next; that is the card to show"
                    )));
                    return;
                }
                if is_face(drawn) {
                    self.push(false_blank(format!(
                        "{drawn} is a face card: it ends carte blanche"
                    )));
                    return;
                }
                Some(drawn)
            }
            _ => {
                self.push(
                    Diagnostic::error("B0214", Kind::Illegal, at(span), format!("{who} may not score carte blanche now"))
                        .with_help("the hand is shown before the first lead; then each drawn card, once, before the next lead, until a face card is drawn or a draw is not shown"),
                );
                return;
            }
        };
        self.blank[seat] = Blank::Holding { shown: shown_card };
        self.carte[seat] += value;
        sink.declarations.push(Declaration {
            after_trick: sink.tricks.len(),
            seat: who.to_string(),
            kind: "carte-blanche".to_string(),
            cards: in_book_order(cards.iter().collect()),
            from_partner: Vec::new(),
            value,
            pending: false,
        });
        self.check_figure("carte-blanche", value, figure);
    }

    /// The dealer's cut or the non-dealer's guess (000:603), before the first lead.
    #[allow(clippy::too_many_arguments)]
    fn cut_event(
        &mut self,
        state: &PlayState,
        sink: &mut CheckSink,
        seat: Seat,
        word: CutWord,
        size: Option<i64>,
        span: Span,
        figure: Option<(i64, Span)>,
    ) {
        let before = sink.tricks.is_empty() && state.trick().is_empty();
        let dealer = seat.index() + 1 == self.labels.len();
        match self.cut.make(self.o.cut, word, dealer, before, size, self.pack.len()) {
            Ok(value) => {
                self.cut_points[seat] += value;
                if value > 0 {
                    sink.declarations.push(Declaration {
                        after_trick: 0,
                        seat: self.label(seat).to_string(),
                        kind: word.word().to_string(),
                        cards: Vec::new(),
                        from_partner: Vec::new(),
                        value,
                        pending: false,
                    });
                }
                self.check_figure(word.word(), value, figure);
            }
            Err(e) => self.push(
                Diagnostic::error("B0219", Kind::Illegal, at(span), e.message(word))
                    .with_help("before the first lead: `D cuts 24 = 250`, then `E guesses 24 = 150` (seed 000, Six-Pack Bezique, The Cut)"),
            ),
        }
    }

    /// A figure written for a declaration, compared with its value (`B0401`).
    fn check_figure(&mut self, what: &str, value: u32, figure: Option<(i64, Span)>) {
        if let Some(d) = figure_mismatch(what, value, figure) {
            self.push(d);
        }
    }

    /// A pending declaration announced or scored (000:683–686).
    fn pending_event(&mut self, state: &mut PlayState, sink: &mut CheckSink, seat: Seat, st: Statement) {
        let who = self.label(seat);
        let Some(kind) = meld::kind(st.kind_word, &st.cards, state.trump()) else {
            self.push(
                Diagnostic::error(
                    "B0502",
                    Kind::Incomplete,
                    at(st.span),
                    format!("`{}` is not a declaration", st.kind_word),
                )
                .with_help("write the declaration's word after it: `E announces marriage ♥K@table ♥Q@table`"),
            );
            return;
        };
        let action = Action::Meld {
            kind,
            cards: st.cards,
            marked: st.marked,
            partner: st.partner,
        };
        // The one who declares this turn announces and scores: the winner, or in the
        // partnership game the partner he yielded to (000:582).
        if state.yielded_to().or(state.turn()) != Some(seat) {
            if let Some(d) = partners::wrong_declarer(state, seat, self.labels, at(st.span)) {
                self.push(d);
                return;
            }
            self.push(not_declaring_now(who, at(st.span)));
            return;
        }
        let word = meld::word(kind);
        match st.word {
            PendingWord::Announces => match state.announce(kind, &st.cards, &st.marked, &st.partner) {
                Ok((kind, value)) => {
                    sink.announcements.push(Announcement {
                        after_trick: sink.tricks.len(),
                        seat: who.to_string(),
                        kind: meld::word(kind).to_string(),
                        cards: in_book_order(st.cards.iter().collect()),
                        from_partner: in_book_order(st.partner.iter().collect()),
                        value,
                    });
                    self.pending
                        .announce(seat, kind, st.cards, st.partner, sink.tricks.len());
                    self.check_figure(word, value, st.figure);
                }
                Err(r) => self.push(refusal_finding(self.labels, action, r, at(st.span))),
            },
            PendingWord::Scores => {
                let Some(turn) = self.pending.announced_at(seat, kind, &st.cards, &st.partner) else {
                    self.push(not_pending(who, word, at(st.span)));
                    return;
                };
                if turn == sink.tricks.len() {
                    // "The next time that player wins a trick" (000:684): the turn it was
                    // announced at has its one declaration scored already or to come.
                    self.push(scored_when_announced(who, word, at(st.span)));
                    return;
                }
                match state.score_pending(kind, &st.cards, &st.partner) {
                    Ok(Event::Melded { kind, value, .. }) => {
                        self.pending.take(seat, kind, &st.cards, &st.partner);
                        sink.declarations.push(Declaration {
                            after_trick: sink.tricks.len(),
                            seat: who.to_string(),
                            kind: meld::word(kind).to_string(),
                            cards: in_book_order(st.cards.iter().collect()),
                            from_partner: in_book_order(st.partner.iter().collect()),
                            value,
                            pending: true,
                        });
                        self.check_figure(meld::word(kind), value, st.figure);
                    }
                    Ok(_) => {}
                    Err(Refusal::MeldNotHeld(c)) => self.push(pending_card_gone(who, word, c, at(st.span))),
                    Err(r) => self.push(refusal_finding(self.labels, action, r, at(st.span))),
                }
            }
        }
    }

    /// `N yields S`: the winner of the trick passes the declaration to his partner.
    fn yield_turn(
        &mut self,
        state: &mut PlayState,
        sink: &mut CheckSink,
        seat: Seat,
        st: &notation::Statement,
        span: Span,
    ) {
        let to = st
            .tokens
            .iter()
            .filter_map(|t| match &t.node {
                Token::Word(w) => self.seat(w),
                _ => None,
            })
            .next();
        let Some(to) = to else {
            self.push(
                Diagnostic::error(
                    "B0215",
                    Kind::Illegal,
                    at(span),
                    "a yield names the partner it goes to",
                )
                .with_help("write `N yields S`"),
            );
            return;
        };
        if state.turn() != Some(seat) {
            let msg = match state.turn() {
                Some(w) => format!("{} yields, but {} won the trick", self.label(seat), self.label(w)),
                None => format!("{} yields, but no trick's winner declares now", self.label(seat)),
            };
            self.push(
                Diagnostic::error("B0215", Kind::Illegal, at(span), msg)
                    .with_help("only the winner of the last trick yields, before the next lead (seed 000, Four-Hand Bezique)"),
            );
            return;
        }
        let ctx = Ctx {
            span,
            claim: None,
            figure: None,
        };
        let _ = drive(state, [(ctx, Action::Yield { to })], sink);
    }

    fn result(&mut self, state: &PlayState) {
        let complete = state.is_over() && self.record.play.is_some();
        let sides: Vec<SideResult> = self
            .table
            .seats()
            .map(|s| {
                let last = if complete && self.last_taker == Some(s) {
                    self.o.last_trick
                } else {
                    0
                };
                let brisques = if complete {
                    state.taken()[s].saturating_sub(last)
                } else {
                    0
                };
                let declarations = state.meld_points()[s] + self.carte[s] + self.cut_points[s];
                let always = self.o.count_brisques == BrisqueCount::Always;
                SideResult {
                    side: self.label(s).to_string(),
                    declarations,
                    carte_blanche: self.carte[s],
                    brisques,
                    last_trick: last,
                    points: declarations + last + if always { brisques } else { 0 },
                    game: None,
                    total: None,
                }
            })
            .collect();
        // The partnership game scores the sides (000:586): each side's players together.
        let mut sides = if self.o.partners {
            partners::by_side(sides, self.labels)
        } else {
            sides
        };
        let mut game_won_by = None;
        let mut rubicon = false;
        let mut to_settle = false;
        if let Some(g) = self.o.per_deal
            && complete
            && let [a, b] = sides.as_mut_slice()
        {
            let figures = Figures {
                points: [a.declarations + a.last_trick, b.declarations + b.last_trick],
                brisques: [a.brisques, b.brisques],
            };
            let s = settle(figures, self.o.count_brisques, &g);
            a.points = s.points[0];
            b.points = s.points[1];
            a.game = Some(s.game[0]);
            b.game = Some(s.game[1]);
            rubicon = s.rubicon;
            to_settle = s.brisques_counted && self.o.count_brisques == BrisqueCount::ToSettle;
            game_won_by = s
                .winner
                .and_then(|w| [&a.side, &b.side].get(w).map(|x| x.to_string()));
        }
        if let Some(standing) = self.record.tag("Standing") {
            let before = common::standing(standing);
            for side in &mut sides {
                if let Some(&(_, n)) = before.iter().find(|(l, _)| l.eq_ignore_ascii_case(&side.side)) {
                    side.total = Some(n + side.game.unwrap_or(i64::from(side.points)));
                }
            }
        }
        if self.record.tag("Standing").is_some() && self.o.per_deal.is_none() {
            let target = i64::from(self.o.game);
            let over: Vec<&SideResult> = sides
                .iter()
                .filter(|s| s.total.is_some_and(|t| t >= target))
                .collect();
            // More than one over: the highest score wins (000:568), if one is highest.
            let best = over.iter().filter_map(|s| s.total).max();
            let top: Vec<&&SideResult> = over.iter().filter(|s| s.total == best).collect();
            game_won_by = match (over.as_slice(), top.as_slice()) {
                ([one], _) => Some(one.side.clone()),
                (_, [one]) if complete => Some(one.side.clone()),
                _ => None,
            };
        }
        let r = &mut self.replay.result;
        r.complete = complete;
        r.sides = sides;
        r.game_won_by = if complete { game_won_by } else { None };
        r.rubicon = rubicon;
        r.brisques_to_settle = to_settle;
    }

    fn claims(&mut self) {
        let Some(section) = &self.record.result else {
            return;
        };
        let result = self.replay.result.clone();
        for claim in &section.items {
            let key = claim.key.node.to_ascii_lowercase();
            let span = claim.key.span;
            // Declarations score when made (000:549), so their claim is checked even when the
            // play stops early; the rest waits for the last trick.
            if !result.complete && key != "declarations" {
                continue;
            }
            match key.as_str() {
                "game" if self.o.per_deal.is_none() => self.push(
                    Diagnostic::warning(
                        "B0506",
                        at(span),
                        "`game` is the claim of a profile whose every deal is a game",
                    )
                    .with_help("claims: declarations, brisques, points, total"),
                ),
                "points" | "declarations" | "brisques" | "score" | "total" | "game" => {
                    for (l, n, vspan) in common::pairs(&claim.values) {
                        let Some(side) = result.sides.iter().find(|s| s.side.eq_ignore_ascii_case(&l)) else {
                            self.push(Diagnostic::error(
                                "B0502",
                                Kind::Incomplete,
                                at(vspan),
                                format!("`{l}` is not a player of this game"),
                            ));
                            continue;
                        };
                        let computed = match key.as_str() {
                            "declarations" => Some(i64::from(side.declarations)),
                            "brisques" => Some(i64::from(side.brisques)),
                            "points" | "score" => Some(i64::from(side.points)),
                            "game" => side.game,
                            _ => side.total,
                        };
                        match computed {
                            Some(c) if c != n => self.push(
                                Diagnostic::error(
                                    "B0403",
                                    Kind::Inconsistent,
                                    at(vspan),
                                    format!("{key} of {l}: the replay gives {c}, the record {n}"),
                                )
                                .with_claim(
                                    key.clone(),
                                    Figure::Number(n),
                                    Figure::Number(c),
                                ),
                            ),
                            None => self.push(
                                Diagnostic::note(
                                    "B0505",
                                    at(vspan),
                                    format!("the {key} of {l} needs the standing before the deal"),
                                )
                                .with_help("add a `Standing` tag, such as [Standing \"E 640, D 710\"]"),
                            ),
                            _ => {}
                        }
                    }
                }
                other => self.push(
                    Diagnostic::warning(
                        "B0506",
                        at(span),
                        format!("`{other}` is not a claim the Bezique engine checks"),
                    )
                    .with_help(
                        "claims: declarations, brisques, points, total (and game, where each deal is a game)",
                    ),
                ),
            }
        }
    }
}

/// The finding (`B0401`) for a figure written beside a declaration that is not its value.
fn figure_mismatch(what: &str, value: u32, figure: Option<(i64, Span)>) -> Option<Diagnostic> {
    let (n, span) = figure?;
    (n != i64::from(value)).then(|| {
        Diagnostic::error(
            "B0401",
            Kind::Inconsistent,
            at(span),
            format!("the {what} is worth {value}, not {n}"),
        )
        .with_claim("declaration", Figure::Number(n), Figure::Number(i64::from(value)))
    })
}

/// Cards by rank, A 10 K Q J 9 8 7, and within a rank ♠ ♥ ♦ ♣, as declarations are written.
fn in_book_order(mut cards: Vec<Card>) -> Vec<Card> {
    use cards::{Rank, Suit};
    let rank = |r: Rank| {
        [
            Rank::Ace,
            Rank::Ten,
            Rank::King,
            Rank::Queen,
            Rank::Jack,
            Rank::Nine,
            Rank::Eight,
            Rank::Seven,
        ]
        .iter()
        .position(|&x| x == r)
    };
    let suit = |s: Suit| {
        [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
            .iter()
            .position(|&x| x == s)
    };
    cards.sort_by_key(|c| (rank(c.rank), suit(c.suit)));
    cards
}

fn fallback_table() -> Table {
    // Two seats always make a table; this is never reached, but keeps `new` free of panics.
    Table::new(2).unwrap_or_else(|_| fallback_table())
}

/// A pending declaration's statement as written.
struct Statement<'w> {
    word: PendingWord,
    kind_word: &'w str,
    cards: CardCounts,
    marked: CardCounts,
    /// The cards marked with the partner's seat (`♠Q@N`): they lie on the partner's table.
    partner: CardCounts,
    span: Span,
    figure: Option<(i64, Span)>,
}

/// The caller's context of one action.
#[derive(Clone)]
struct Ctx {
    span: Span,
    claim: Option<(Option<Spanned<String>>, Spanned<TrickClaim>)>,
    figure: Option<(i64, Span)>,
}

/// The full check's sink: a refusal becomes a finding at its place, a trick is compared with
/// its claim, and the replay's tricks and declarations are collected.
#[derive(Default)]
struct CheckSink {
    labels: &'static [&'static str],
    findings: Vec<Diagnostic>,
    tricks: Vec<TrickRecord>,
    declarations: Vec<Declaration>,
    announcements: Vec<Announcement>,
    exchanges: Vec<Exchange>,
    yields: Vec<Yield>,
    last_taker: Option<Seat>,
}

impl CheckSink {
    fn label(&self, seat: Seat) -> &'static str {
        self.labels.get(seat.index()).copied().unwrap_or("?")
    }
}

impl Sink<PlayState, Ctx> for CheckSink {
    fn event(&mut self, ctx: &Ctx, action: Action, event: &Event) -> ControlFlow<()> {
        match event {
            Event::Played { draws, trick, .. } => {
                if !draws.is_empty()
                    && let Some(last) = self.tricks.last_mut()
                {
                    let labels = self.labels;
                    let name = |s: Seat| labels.get(s.index()).copied().unwrap_or("?");
                    last.draws = draws.iter().map(|&(s, c)| (name(s).to_string(), c)).collect();
                }
                if let Some(t) = trick {
                    if t.last {
                        self.last_taker = Some(t.winner);
                    }
                    self.tricks.push(TrickRecord {
                        leader: self.label(t.leader).to_string(),
                        cards: t.plays.iter().map(|&(_, c)| c).collect(),
                        winner: self.label(t.winner).to_string(),
                        points: t.points,
                        draws: Vec::new(),
                    });
                    if let Some((taker, claim)) = &ctx.claim {
                        let winner = self.label(t.winner);
                        if let Some(taker) = taker
                            && !taker.node.eq_ignore_ascii_case(winner)
                        {
                            self.findings.push(
                                Diagnostic::error(
                                    "B0402",
                                    Kind::Inconsistent,
                                    at(taker.span),
                                    format!("{winner} takes the trick, not {}", taker.node),
                                )
                                .with_claim(
                                    "trick",
                                    Figure::Word(taker.node.clone()),
                                    Figure::Word(winner.to_string()),
                                ),
                            );
                        }
                        if let TrickClaim::Points(n) = claim.node
                            && n != t.points
                        {
                            self.findings.push(
                                Diagnostic::error("B0402", Kind::Inconsistent, at(claim.span), format!("the trick holds {} in brisques, not {n}", t.points))
                                    .with_claim("trick", Figure::Number(i64::from(n)), Figure::Number(i64::from(t.points)))
                                    .with_help("a trick's figure is its brisques, 10 each; the last trick's 10 goes into `brisques`"),
                            );
                        }
                    }
                }
            }
            Event::Melded { seat, kind, value } => {
                if let Action::Meld { cards, partner, .. } = action {
                    self.declarations.push(Declaration {
                        after_trick: self.tricks.len(),
                        seat: self.label(*seat).to_string(),
                        kind: meld::word(*kind).to_string(),
                        cards: in_book_order(cards.iter().collect()),
                        from_partner: in_book_order(partner.iter().collect()),
                        value: *value,
                        pending: false,
                    });
                }
                if let Some(d) = figure_mismatch(meld::word(*kind), *value, ctx.figure) {
                    self.findings.push(d);
                }
            }
            Event::Yielded { from, to } => self.yields.push(Yield {
                after_trick: self.tricks.len(),
                seat: self.label(*from).to_string(),
                to: self.label(*to).to_string(),
            }),
            Event::Exchanged { seat, gave, took } => self.exchanges.push(Exchange {
                after_trick: self.tricks.len(),
                seat: self.label(*seat).to_string(),
                gave: *gave,
                took: *took,
            }),
        }
        ControlFlow::Continue(())
    }

    fn refused(&mut self, ctx: &Ctx, action: Action, refusal: Refusal) -> ControlFlow<(), Recovery> {
        let over = refusal == Refusal::Over;
        self.findings
            .push(refusal_finding(self.labels, action, refusal, at(ctx.span)));
        if over {
            return ControlFlow::Break(());
        }
        match action {
            Action::Play { .. } => ControlFlow::Continue(Recovery::Apply),
            _ => ControlFlow::Continue(Recovery::Skip),
        }
    }
}

/// The finding of a refused action of the Bezique play at `span`: the check's and the game
/// API's ([`crate::table_game`]) one code and message for the same refusal.
pub(crate) fn refusal_finding<S: AsRef<str>>(
    labels: &[S],
    action: Action,
    refusal: Refusal,
    span: Option<Span>,
) -> Diagnostic {
    let label = |seat: Seat| labels.get(seat.index()).map_or("?", AsRef::as_ref);
    match refusal {
        Refusal::Over => Diagnostic::error("B0304", Kind::Illegal, span, "every trick has been played; this card is one too many"),
        Refusal::NotHeld { seat, card, from_table } => Diagnostic::error(
            "B0301",
            Kind::Illegal,
            span,
            if from_table { format!("{card} is not on the table before {}", label(seat)) } else { format!("{} does not hold {card}", label(seat)) },
        ),
        Refusal::Breach { seat, card, duty, allowed } => Diagnostic::error(
            "B0302",
            Kind::Illegal,
            span,
            format!("{} may not play {card}: the duty to {} requires {}", label(seat), duty.name(), allowed.describe()),
        )
        .with_help("in the last eight tricks each player must follow suit and try to win the trick (seed 000, Bezique, The Play)"),
        Refusal::NotNow => Diagnostic::error("B0208", Kind::Illegal, span, "only the winner of the last trick declares or exchanges, before the draw, and not when he takes the last face-down card")
            .with_help("seed 000, Bezique, The Play"),
        Refusal::SecondMeld => Diagnostic::error("B0209", Kind::Illegal, span, "only one declaration is scored at a turn (the seven of trumps apart)")
            .with_help("seed 000, Bezique, The Play: \"may score for only one at that time\""),
        Refusal::Shape(e) => {
            let word = match action {
                Action::Meld { kind, .. } => meld::word(kind),
                _ => "declaration",
            };
            let help = match e {
                ShapeError::NotInTable => "this profile has no such declaration".to_string(),
                _ => format!("see the {word} in spec/rules/bezique.md §3"),
            };
            Diagnostic::error("B0206", Kind::Illegal, span, format!("the cards are not a {word}")).with_help(help)
        }
        Refusal::MeldNotHeld(c) => Diagnostic::error("B0207", Kind::Illegal, span, format!("{c} is neither in the hand nor on the table")),
        Refusal::NoCardFromHand => Diagnostic::error("B0210", Kind::Illegal, span, "a declaration takes at least one card from the hand")
            .with_help("four different queens are needed for another 60 (seed 000, Bezique, The Play)"),
        Refusal::Remeld(c) => Diagnostic::error("B0211", Kind::Illegal, span, format!("{c} on the table already served in a declaration of this kind worth as much or more"))
            .with_help("a card may count again only in a declaration of another kind, or a higher one of its kind (seed 000, Bezique, The Play)"),
        Refusal::DixCounted => Diagnostic::error("B0212", Kind::Illegal, span, "every seven of trumps this player has held is counted already"),
        Refusal::Partnership(r) => partners::finding(labels, r, span),
        Refusal::NoExchange => Diagnostic::error("B0204", Kind::Illegal, span, "no exchange: the player must hold the seven of trumps and the turned card must still lie there (and not be the seven)"),
    }
}
