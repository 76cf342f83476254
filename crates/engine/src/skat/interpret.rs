//! From the syntax tree to a typed Skat game: seats resolved (role labels, aliases, player
//! names), words given their meaning, claims parsed — every item keeps its span. Words and
//! claims this module does not know become warnings; nothing here decides legality.

use cards::Card;
use notation::{CardSlot, Diagnostic, Kind, Layout, PlayItem, Record, Span, Spanned, Token, TrickClaim};

use crate::skat::model::Call as CallKind;
use crate::skat::model::{ExtraGame, GameType, Seat};
use crate::skat::words::{self, ClaimKey, DeclWord, EventWord, ExchangeWord, claim_canonical};

/// The span as a diagnostic location: trees built by programs carry `Span::default()`,
/// which points nowhere.
pub fn at(span: Span) -> Option<Span> {
    (span != Span::default()).then_some(span)
}

/// The smallest span covering both.
pub fn join(a: Span, b: Span) -> Span {
    if a == Span::default() {
        return b;
    }
    if b == Span::default() {
        return a;
    }
    let (first, _) = if a.start <= b.start { (a, b) } else { (b, a) };
    Span {
        start: a.start.min(b.start),
        end: a.end.max(b.end),
        line: first.line,
        column: first.column,
    }
}

/// A card position as written: a card or `??`, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The card, or `None` for `??`.
    pub card: Option<Card>,
    /// Where.
    pub span: Span,
}

/// A deal line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandLine {
    /// The cards.
    pub cards: Vec<Slot>,
    /// The span of the line's label.
    pub span: Span,
}

/// The deal section.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealIn {
    /// Lines for F M R.
    pub hands: [Option<HandLine>; 3],
    /// The skat line.
    pub skat: Option<HandLine>,
}

/// An auction call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallIn {
    /// Who.
    pub seat: Seat,
    /// What.
    pub call: CallKind,
    /// Where.
    pub span: Span,
}

/// An exchange statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExchangeIn {
    /// Who.
    pub seat: Option<Seat>,
    /// What.
    pub word: ExchangeWord,
    /// The cards named.
    pub cards: Vec<Slot>,
    /// Where.
    pub span: Span,
}

/// The declaration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeclIn {
    /// Who declares.
    pub seat: Option<Seat>,
    /// The game word, if any.
    pub game: Option<GameType>,
    /// `hand` written.
    pub hand: bool,
    /// `schneider` written.
    pub schneider: bool,
    /// `schwarz` written.
    pub schwarz: bool,
    /// `ouvert` written.
    pub ouvert: bool,
    /// `ramsch` written.
    pub ramsch: bool,
    /// `uno` or `duo` written, with where.
    pub extra: Option<(ExtraGame, Span)>,
    /// Cards listed after `ouvert`.
    pub shown: Vec<Slot>,
    /// Where.
    pub span: Span,
}

/// A trick as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickIn {
    /// Trick number as written.
    pub number: Option<u32>,
    /// The leader as written (leader layout).
    pub leader: Option<(Seat, Span)>,
    /// The cards: in play order (leader layout) or with their column's seat.
    pub cards: Vec<(Option<Seat>, Slot)>,
    /// The claimed points of the declarer's side in this trick.
    pub claim: Option<(TrickClaim, Span)>,
    /// Where.
    pub span: Span,
}

/// A play event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventIn {
    /// Who.
    pub seat: Option<Seat>,
    /// What.
    pub word: EventWord,
    /// Cards named (shown cards).
    pub cards: Vec<Slot>,
    /// Where.
    pub span: Span,
}

/// An item of the play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayIn {
    /// A trick.
    Trick(TrickIn),
    /// An event.
    Event(EventIn),
}

/// The value of a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimValue {
    /// A claim without a value (`passed`).
    Flag,
    /// A seat.
    Seat(Seat),
    /// One or more seats.
    Seats(Vec<Seat>),
    /// A game.
    Game(GameType),
    /// Yes or no; won or lost.
    Bool(bool),
    /// A number.
    Number(i64),
    /// A text.
    Text(String),
    /// `outcome penalty`: the game was abandoned for a penalty.
    Penalty,
}

/// A claim of the result section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimIn {
    /// The key.
    pub key: ClaimKey,
    /// The value.
    pub value: ClaimValue,
    /// Where (key and values).
    pub span: Span,
}

/// A Skat record in typed form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Player names, F M R.
    pub names: [Option<String>; 3],
    /// The deal, if recorded.
    pub deal: Option<DealIn>,
    /// The span of the deal keyword.
    pub deal_span: Option<Span>,
    /// The auction, if recorded, and the section's span.
    pub auction: Option<(Vec<CallIn>, Span)>,
    /// Exchange statements.
    pub exchange: Vec<ExchangeIn>,
    /// Whether an exchange section was present.
    pub exchange_recorded: bool,
    /// The declaration, if recorded.
    pub declaration: Option<DeclIn>,
    /// The play, if recorded: items and whether the layout is columns.
    pub play: Option<(Vec<PlayIn>, bool, Span)>,
    /// Result claims.
    pub claims: Vec<ClaimIn>,
    /// The reason given by a `disputed` claim.
    pub disputed: Option<String>,
    /// The `*` marker: stopped before the end on purpose.
    pub unfinished: Option<Span>,
    /// The span of the whole record.
    pub span: Span,
}

fn slot(s: &Spanned<CardSlot>) -> Slot {
    Slot {
        card: match s.node {
            CardSlot::Known(c) => Some(c),
            CardSlot::Unknown => None,
        },
        span: s.span,
    }
}

fn unknown_seat(label: &Spanned<String>, what: &str) -> Diagnostic {
    Diagnostic::error(
        "S0501",
        Kind::Incomplete,
        at(label.span),
        format!("unknown seat `{}` in the {what}", label.node),
    )
    .with_help("use F, M or R (or V/M/H, forehand/middlehand/rearhand, or a player name from the seat tags)")
}

/// Warnings for the constructs of notation version 2 that Skat gives no meaning: figures on
/// statements, events in the deal, a trick claim's taker (the claim is then left unchecked)
/// and the origins of cards.
fn unused_version_2(record: &Record, out: &mut Vec<Diagnostic>) {
    let warn = |span: Span, what: &str| {
        Diagnostic::warning(
            "S0502",
            at(span),
            format!("{what} means nothing in Skat; ignored"),
        )
        .with_help("Skat records need no construct of notation version 2")
    };
    let figure = |st: &notation::Statement| st.figure.first().map(|f| f.span);
    for e in &record.deal_events {
        let span = e
            .seat
            .as_ref()
            .map(|s| s.span)
            .or_else(|| e.tokens.first().map(|t| t.span));
        out.push(warn(span.unwrap_or_default(), "an event in the deal"));
    }
    for section in [&record.exchange, &record.declaration, &record.melds]
        .into_iter()
        .flatten()
    {
        for st in &section.items {
            if let Some(span) = figure(st) {
                out.push(warn(span, "a figure on a statement"));
            }
        }
    }
    if let Some(play) = &record.play {
        for item in &play.items.items {
            match item {
                PlayItem::Event(e) => {
                    if let Some(span) = figure(e) {
                        out.push(warn(span, "a figure on a play event"));
                    }
                }
                PlayItem::Trick(t) => {
                    if let Some(by) = &t.taker {
                        out.push(warn(by.span, "the taker in a trick claim").with_help(
                            "a Skat trick claim is the declarer's side's points: `= 4`, or `= -`; this claim is not checked",
                        ));
                    }
                    if let Some(o) = t.origins.iter().flatten().next() {
                        out.push(warn(o.span, "where a card came from (`@…`)"));
                    }
                }
            }
        }
    }
}

fn unknown_word(span: Span, word: &str, what: &str) -> Diagnostic {
    Diagnostic::warning(
        "S0502",
        at(span),
        format!("`{word}` is not a word of the Skat {what}; ignored"),
    )
}

fn token_text(t: &Token) -> String {
    match t {
        Token::Word(w) => w.clone(),
        Token::Number(n) => n.to_string(),
        Token::Card(CardSlot::Known(c)) => c.to_string(),
        Token::Card(CardSlot::Unknown) => "??".to_string(),
        Token::Text(s) => format!("{s:?}"),
    }
}

/// The reader takes the first word of a statement for a seat; when that word is no seat but
/// a word of the section (`declare clubs hand`), it belongs to the tokens.
fn seat_or_word(
    st: &notation::Statement,
    names: &[Option<String>; 3],
    is_word: impl Fn(&str) -> bool,
) -> notation::Statement {
    let mut st = st.clone();
    if let Some(s) = st
        .seat
        .take_if(|s| words::seat(&s.node, names).is_none() && is_word(&s.node))
    {
        st.tokens.insert(0, Spanned::new(Token::Word(s.node), s.span));
    }
    st
}

fn statement_span(st: &notation::Statement) -> Span {
    let mut span = st.seat.as_ref().map(|s| s.span).unwrap_or_default();
    for t in &st.tokens {
        span = join(span, t.span);
    }
    span
}

/// Reads a Skat record into a typed [`Game`], with the findings of interpretation.
pub fn interpret(record: &Record) -> (Game, Vec<Diagnostic>) {
    let mut out = Vec::new();
    unused_version_2(record, &mut out);
    let names = words::player_names(record);
    let mut game = Game {
        names: names.clone(),
        span: record.span,
        unfinished: record.unfinished,
        ..Game::default()
    };
    let seat_of = |label: &Spanned<String>| words::seat(&label.node, &names);

    if let Some(deal) = &record.deal {
        let mut d = DealIn::default();
        for line in &deal.items {
            let cards: Vec<Slot> = line.cards.iter().map(slot).collect();
            let span = line.seat.span;
            let target = if line.seat.node.trim().eq_ignore_ascii_case("skat") {
                &mut d.skat
            } else if let Some(seat) = seat_of(&line.seat) {
                match d.hands.get_mut(seat.index()) {
                    Some(h) => h,
                    None => continue,
                }
            } else {
                out.push(unknown_seat(&line.seat, "deal"));
                continue;
            };
            if target.is_some() {
                out.push(Diagnostic::error(
                    "D0107",
                    Kind::Illegal,
                    at(span),
                    format!("a second deal line for {}", line.seat.node),
                ));
                continue;
            }
            *target = Some(HandLine { cards, span });
        }
        game.deal = Some(d);
        game.deal_span = Some(deal.span);
    }

    if let Some(auction) = &record.auction {
        let mut calls = Vec::with_capacity(auction.items.len());
        for c in &auction.items {
            let call = match c.call.node {
                notation::CallKind::Bid(v) => Some(CallKind::Bid(v)),
                notation::CallKind::Pass => Some(CallKind::Pass),
                // Skat's one word call: holding the bid made to the seat.
                notation::CallKind::Said => c
                    .word()
                    .filter(|w| matches!(w.to_ascii_lowercase().as_str(), "yes" | "y" | "hold"))
                    .map(|_| CallKind::Hold),
            };
            let Some(call) = call else {
                let said = c.said.as_ref().map_or(String::new(), |s| {
                    s.tokens
                        .iter()
                        .map(|t| match &t.node {
                            notation::Token::Word(w) | notation::Token::Text(w) => w.clone(),
                            notation::Token::Number(n) => n.to_string(),
                            notation::Token::Card(_) => "a card".to_string(),
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                });
                out.push(
                    Diagnostic::error(
                        "S0105",
                        Kind::Illegal,
                        at(join(c.seat.span, c.call.span)),
                        format!("`{said}` is not a call of Skat"),
                    )
                    .with_help("a Skat call is a bid (a number), yes or pass"),
                );
                continue;
            };
            match seat_of(&c.seat) {
                Some(seat) => calls.push(CallIn {
                    seat,
                    call,
                    span: join(c.seat.span, c.call.span),
                }),
                None => out.push(unknown_seat(&c.seat, "auction")),
            }
        }
        game.auction = Some((calls, auction.span));
    }

    if let Some(ex) = &record.exchange {
        game.exchange_recorded = true;
        for st in &ex.items {
            let st = &seat_or_word(st, &names, |w| words::exchange_word(w).is_some());
            let seat = match &st.seat {
                Some(s) => match seat_of(s) {
                    Some(seat) => Some(seat),
                    None => {
                        out.push(unknown_seat(s, "exchange"));
                        continue;
                    }
                },
                None => None,
            };
            let mut current: Option<ExchangeIn> = None;
            for t in &st.tokens {
                match &t.node {
                    Token::Word(w) => match words::exchange_word(w) {
                        Some(word) => {
                            if let Some(done) = current.take() {
                                game.exchange.push(done);
                            }
                            current = Some(ExchangeIn {
                                seat,
                                word,
                                cards: Vec::new(),
                                span: join(st.seat.as_ref().map(|s| s.span).unwrap_or_default(), t.span),
                            });
                        }
                        None => out.push(unknown_word(t.span, w, "exchange")),
                    },
                    Token::Card(c) => match &mut current {
                        Some(cur) => {
                            cur.cards.push(slot(&Spanned::new(*c, t.span)));
                            cur.span = join(cur.span, t.span);
                        }
                        None => out.push(unknown_word(t.span, &token_text(&t.node), "exchange")),
                    },
                    other => out.push(unknown_word(t.span, &token_text(other), "exchange")),
                }
            }
            if let Some(done) = current.take() {
                game.exchange.push(done);
            }
        }
    }

    if let Some(decl) = &record.declaration {
        for (i, st) in decl.items.iter().enumerate() {
            let st = &seat_or_word(st, &names, |w| words::decl_word(w).is_some());
            let span = statement_span(st);
            if i > 0 {
                out.push(Diagnostic::warning(
                    "S0515",
                    at(span),
                    "a second declaration statement; only the first counts",
                ));
                continue;
            }
            let mut d = DeclIn {
                span,
                ..DeclIn::default()
            };
            if let Some(s) = &st.seat {
                match seat_of(s) {
                    Some(seat) => d.seat = Some(seat),
                    None => out.push(unknown_seat(s, "declaration")),
                }
            }
            for t in &st.tokens {
                match &t.node {
                    Token::Word(w) => match words::decl_word(w) {
                        Some(DeclWord::Game(g)) => {
                            if let Some(prev) = d.game.filter(|&p| p != g) {
                                out.push(Diagnostic::error(
                                    "S0203",
                                    Kind::Illegal,
                                    at(t.span),
                                    format!("two games declared: {} and {}", prev.word(), g.word()),
                                ));
                            } else {
                                d.game = Some(g);
                            }
                        }
                        Some(DeclWord::Hand) => d.hand = true,
                        Some(DeclWord::Schneider) => d.schneider = true,
                        Some(DeclWord::Schwarz) => d.schwarz = true,
                        Some(DeclWord::Ouvert) => d.ouvert = true,
                        Some(DeclWord::Ramsch) => d.ramsch = true,
                        Some(DeclWord::Extra(e)) => {
                            if let Some((prev, _)) = d.extra.filter(|&(p, _)| p != e) {
                                out.push(Diagnostic::error(
                                    "S0203",
                                    Kind::Illegal,
                                    at(t.span),
                                    format!("two games declared: {} and {}", prev.word(), e.word()),
                                ));
                            } else {
                                d.extra = Some((e, t.span));
                            }
                        }
                        None => out.push(unknown_word(t.span, w, "declaration")),
                    },
                    Token::Card(c) if d.ouvert => d.shown.push(slot(&Spanned::new(*c, t.span))),
                    other => out.push(unknown_word(t.span, &token_text(other), "declaration")),
                }
            }
            game.declaration = Some(d);
        }
    }

    if let Some(melds) = &record.melds {
        out.push(Diagnostic::warning(
            "S0502",
            at(melds.span),
            "Skat has no melds; the melds section is ignored",
        ));
    }

    if let Some(play) = &record.play {
        let columns: Option<Vec<Option<Seat>>> = match &play.items.layout {
            Layout::Leader => None,
            Layout::Columns(cols) => {
                let mut seats = Vec::new();
                for c in cols {
                    let s = seat_of(c);
                    if s.is_none() {
                        out.push(unknown_seat(c, "play columns"));
                    }
                    seats.push(s);
                }
                let known: Vec<Seat> = seats.iter().flatten().copied().collect();
                let distinct = Seat::ALL.iter().all(|s| known.contains(s));
                if seats.len() != 3 || !distinct {
                    out.push(
                        Diagnostic::error(
                            "S0504",
                            Kind::Incomplete,
                            at(play.span),
                            "the play columns must name F, M and R once each",
                        )
                        .with_help("write `play columns F M R`"),
                    );
                }
                Some(seats)
            }
        };
        let mut items = Vec::with_capacity(play.items.items.len());
        for item in &play.items.items {
            match item {
                PlayItem::Trick(t) => {
                    let mut span = t.number.as_ref().map(|n| n.span).unwrap_or_default();
                    let leader = match &t.leader {
                        Some(l) => {
                            span = join(span, l.span);
                            match seat_of(l) {
                                Some(s) => Some((s, l.span)),
                                None => {
                                    out.push(unknown_seat(l, "play"));
                                    None
                                }
                            }
                        }
                        None => None,
                    };
                    let cards: Vec<(Option<Seat>, Slot)> = t
                        .cards
                        .iter()
                        .enumerate()
                        .map(|(i, c)| {
                            span = join(span, c.span);
                            (
                                columns.as_ref().and_then(|cols| cols.get(i).copied().flatten()),
                                slot(c),
                            )
                        })
                        .collect();
                    if let Some(c) = &t.claim {
                        span = join(span, c.span);
                    }
                    items.push(PlayIn::Trick(TrickIn {
                        number: t.number.as_ref().map(|n| n.node),
                        leader,
                        cards,
                        // A claim that names its taker is not about the declarer's side.
                        claim: t
                            .claim
                            .as_ref()
                            .filter(|_| t.taker.is_none())
                            .map(|c| (c.node, c.span)),
                        span,
                    }));
                }
                PlayItem::Event(st) => {
                    let st = &seat_or_word(st, &names, |w| words::event_word(w).is_some());
                    let span = statement_span(st);
                    let seat = match &st.seat {
                        Some(s) => match seat_of(s) {
                            Some(seat) => Some(seat),
                            None => {
                                out.push(unknown_seat(s, "play"));
                                continue;
                            }
                        },
                        None => None,
                    };
                    let mut word = None;
                    let mut cards = Vec::new();
                    for t in &st.tokens {
                        match &t.node {
                            Token::Word(w) => match words::event_word(w) {
                                Some(e) if word.is_none() => word = Some(e),
                                _ => out.push(unknown_word(t.span, w, "play events")),
                            },
                            Token::Card(c) => cards.push(slot(&Spanned::new(*c, t.span))),
                            other => out.push(unknown_word(t.span, &token_text(other), "play events")),
                        }
                    }
                    match word {
                        Some(word) => items.push(PlayIn::Event(EventIn {
                            seat,
                            word,
                            cards,
                            span,
                        })),
                        None => out.push(Diagnostic::warning(
                            "S0502",
                            at(span),
                            "a play event without a known event word; ignored",
                        )),
                    }
                }
            }
        }
        game.play = Some((items, columns.is_some(), play.span));
    }

    if let Some(result) = &record.result {
        for claim in &result.items {
            let mut span = claim.key.span;
            for v in &claim.values {
                span = join(span, v.span);
            }
            let Some(key) = words::claim_key(&claim.key.node) else {
                out.push(
                    Diagnostic::warning("S0503", at(claim.key.span), format!("unknown claim `{}`; ignored", claim.key.node))
                        .with_help("known claims: passed, declarer, game, outcome, points, tricks, matadors, schneider, schwarz, overbid, bid, value, score, skat_points, resigned, left, timeout, penalty, loser, winner, disputed"),
                );
                continue;
            };
            match claim_value(key, &claim.values, &names) {
                Some(ClaimValue::Text(reason)) if key == ClaimKey::Disputed => game.disputed = Some(reason),
                Some(value) => game.claims.push(ClaimIn { key, value, span }),
                None => out.push(unread_claim(key, &claim.key.node, &claim.values, span)),
            }
        }
    }

    (game, out)
}

/// What a claim's value must look like, for the help of [`unread_claim`].
fn claim_form(key: ClaimKey) -> &'static str {
    match key {
        ClaimKey::Passed => "nothing, `yes` or `no`, as in `passed`",
        ClaimKey::Declarer | ClaimKey::Left | ClaimKey::Timeout | ClaimKey::Penalty => {
            "one seat: F, M or R (or an alias or a player name), as in `declarer F`"
        }
        ClaimKey::Loser | ClaimKey::Winner => "one or more seats, as in `loser M R`",
        ClaimKey::Game => "a game word, as in `game clubs`",
        ClaimKey::Outcome => "`won`, `lost` or `penalty`, as in `outcome won`",
        ClaimKey::Schneider | ClaimKey::Schwarz | ClaimKey::Overbid | ClaimKey::Resigned => {
            "nothing, `yes` or `no`, as in `schneider no`"
        }
        ClaimKey::Matadors => "a whole number, or `with`/`against` and one, as in `matadors -2`",
        ClaimKey::Score => "a whole number in decimal digits, signed, as in `score -48`",
        ClaimKey::Points | ClaimKey::Tricks | ClaimKey::Bid | ClaimKey::Value | ClaimKey::SkatPoints => {
            "a whole number in decimal digits, as in `points 61`"
        }
        ClaimKey::Disputed => "a reason in quotes",
    }
}

/// The finding for a known claim whose value does not read (`points 1e3`, `score 24.5`,
/// `outcome wоn` with a Cyrillic о): an error, since the record states a figure that cannot
/// be checked, so it is not consistent.
fn unread_claim(key: ClaimKey, written_key: &str, values: &[Spanned<Token>], span: Span) -> Diagnostic {
    let written: Vec<String> = values.iter().map(|v| token_text(&v.node)).collect();
    let written = written.join(" ");
    let shown = if written.is_empty() {
        "no value".to_string()
    } else {
        format!("the value `{written}`")
    };
    let mut help = format!("claim `{}` takes {}", claim_canonical(key), claim_form(key));
    if let Some(c) = written.chars().find(|c| !c.is_ascii()) {
        help.push_str(&format!(
            "; `{c}` (U+{:04X}) is not an ASCII letter or digit and may only look like one",
            u32::from(c)
        ));
    }
    Diagnostic::error(
        "S0419",
        Kind::Inconsistent,
        at(span),
        format!("{shown} of claim `{written_key}` does not read; the claim cannot be checked"),
    )
    .with_help(help)
}

fn claim_value(key: ClaimKey, values: &[Spanned<Token>], names: &[Option<String>; 3]) -> Option<ClaimValue> {
    // A claim has one or two values nearly always: gather them on the stack then.
    const FILLER: Token = Token::Number(0);
    let mut small: [&Token; 4] = [&FILLER; 4];
    let heap: Vec<&Token>;
    let tokens: &[&Token] = if values.len() <= small.len() {
        for (dst, v) in small.iter_mut().zip(values) {
            *dst = &v.node;
        }
        small.get(..values.len()).unwrap_or_default()
    } else {
        heap = values.iter().map(|v| &v.node).collect();
        &heap
    };
    let word = |t: &Token| match t {
        Token::Word(w) => Some(w.clone()),
        _ => None,
    };
    match key {
        ClaimKey::Passed => match tokens {
            [] => Some(ClaimValue::Flag),
            [t] => word(t).and_then(|w| words::yes_no(&w)).map(ClaimValue::Bool),
            _ => None,
        },
        ClaimKey::Declarer | ClaimKey::Left | ClaimKey::Timeout | ClaimKey::Penalty => match tokens {
            [Token::Word(w)] => words::seat(w, names).map(ClaimValue::Seat),
            [Token::Text(w)] => words::seat(w, names).map(ClaimValue::Seat),
            _ => None,
        },
        ClaimKey::Loser | ClaimKey::Winner => {
            // `none`: nobody (a Ramsch where no one is charged, or no one scores).
            if let [Token::Word(w)] = tokens
                && w.eq_ignore_ascii_case("none")
            {
                return Some(ClaimValue::Seats(Vec::new()));
            }
            let seats: Option<Vec<Seat>> = tokens
                .iter()
                .map(|t| match t {
                    Token::Word(w) | Token::Text(w) => words::seat(w, names),
                    _ => None,
                })
                .collect();
            seats.filter(|s| !s.is_empty()).map(ClaimValue::Seats)
        }
        ClaimKey::Game => match tokens {
            [Token::Word(w)] => match words::decl_word(w) {
                Some(DeclWord::Game(g)) => Some(ClaimValue::Game(g)),
                _ => None,
            },
            _ => None,
        },
        ClaimKey::Outcome => match tokens {
            [Token::Word(w)] if w.eq_ignore_ascii_case("penalty") => Some(ClaimValue::Penalty),
            [Token::Word(w)] => words::outcome(w).map(ClaimValue::Bool),
            _ => None,
        },
        ClaimKey::Schneider | ClaimKey::Schwarz | ClaimKey::Overbid | ClaimKey::Resigned => match tokens {
            [] => Some(ClaimValue::Bool(true)),
            [Token::Word(w)] => words::yes_no(w).map(ClaimValue::Bool),
            _ => None,
        },
        ClaimKey::Matadors => match tokens {
            [Token::Number(n)] => Some(ClaimValue::Number(*n)),
            [Token::Word(w), Token::Number(n)] => words::with_lower(w, |w| match w {
                "with" | "mit" => Some(ClaimValue::Number(n.abs())),
                "against" | "without" | "ohne" | "gegen" => Some(ClaimValue::Number(-n.abs())),
                _ => None,
            }),
            _ => None,
        },
        ClaimKey::Points | ClaimKey::Tricks | ClaimKey::Bid | ClaimKey::Value | ClaimKey::SkatPoints => {
            match tokens {
                [Token::Number(n)] if *n >= 0 => Some(ClaimValue::Number(*n)),
                _ => None,
            }
        }
        ClaimKey::Score => match tokens {
            [Token::Number(n)] => Some(ClaimValue::Number(*n)),
            _ => None,
        },
        ClaimKey::Disputed => match tokens {
            [] => Some(ClaimValue::Text(String::new())),
            [Token::Text(t)] => Some(ClaimValue::Text(t.clone())),
            ts => Some(ClaimValue::Text(
                ts.iter().map(|t| token_text(t)).collect::<Vec<_>>().join(" "),
            )),
        },
    }
}
