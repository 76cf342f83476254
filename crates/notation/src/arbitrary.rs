//! Proptest strategies for records: arbitrary trees in the form the reader produces, so
//! that `read(print(r))` gives back `r` (modulo spans). Enabled by the `proptest` feature.

use cards::{Alphabet, AlphabetSet, Card, parse_card};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;

use crate::parse::tokens::is_keyword;
use crate::tree::{
    Call, CallKind, CardSlot, Claim, Comment, HandLine, Layout, Play, PlayItem, Record, Said, Section, Sheet,
    SheetRow, Span, Spanned, Statement, Tag, Token, Trick, TrickClaim,
};

const SEATS: [&str; 10] = ["F", "M", "R", "V", "H", "A", "B", "C", "skat", "Anna"];
const WORDS: [&str; 14] = [
    "hand",
    "schneider",
    "clubs",
    "grand",
    "ouvert",
    "pickup",
    "discard",
    "turn",
    "won",
    "shows",
    "resigns",
    "times-out",
    "declarer",
    "points",
];
const TAGS: [&str; 11] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "Source",
    "Dealer",
    "Viewpoint",
    "F",
    "M",
    "Annotator",
    "Cards",
];

fn every_alphabet() -> AlphabetSet {
    Alphabet::ALL.iter().fold(AlphabetSet::empty(), |s, a| s.with(*a))
}

/// A seat label.
pub fn seat() -> impl Strategy<Value = String> {
    proptest::sample::select(SEATS.to_vec()).prop_map(str::to_string)
}

/// A plain word: never a keyword, card, number or `columns`.
pub fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(WORDS.to_vec()).prop_map(str::to_string),
        "[a-z][a-z0-9_-]{0,5}".prop_filter("a plain word", |w| {
            !is_keyword(w) && w != "columns" && parse_card(w, every_alphabet()).is_err()
        }),
    ]
}

/// Text for strings and tag values: printable, without line breaks.
pub fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 .,;:{}\\[\\]\"\\\\!?'-]{0,12}"
}

/// A comment in the form the reader keeps: trimmed, `}`-free inside braces.
pub fn comment() -> impl Strategy<Value = Comment> {
    prop_oneof![
        "[a-zA-Z0-9 .,;:{\\[\\]\"!?\n-]{0,14}"
            .prop_map(|t| t.trim().to_string())
            .prop_filter("no line starting with [", |t| !t.contains("\n["))
            .prop_map(Comment::Brace),
        "[a-zA-Z0-9 .,;:{}\\[\\]\"!?-]{0,14}".prop_map(|t| Comment::Line(t.trim().to_string())),
    ]
}

fn comments() -> impl Strategy<Value = Vec<Comment>> {
    vec(comment(), 0..3)
}

/// A card or `??`.
pub fn card() -> impl Strategy<Value = CardSlot> {
    prop_oneof![
        9 => (0usize..52).prop_map(|i| Card::from_index(i).map_or(CardSlot::Unknown, CardSlot::Known)),
        1 => Just(CardSlot::Unknown),
    ]
}

fn cards(n: std::ops::Range<usize>) -> impl Strategy<Value = Vec<Spanned<CardSlot>>> {
    vec(card().prop_map(Spanned::bare), n)
}

/// A statement or claim token.
pub fn token() -> impl Strategy<Value = Token> {
    prop_oneof![
        word().prop_map(Token::Word),
        any::<i64>().prop_map(Token::Number),
        card().prop_map(Token::Card),
        text().prop_map(Token::Text),
    ]
}

fn tokens(n: std::ops::Range<usize>) -> impl Strategy<Value = Vec<Spanned<Token>>> {
    vec(token().prop_map(Spanned::bare), n)
}

/// A figure (version 2): mostly none.
fn figure() -> impl Strategy<Value = Vec<Spanned<Token>>> {
    prop_oneof![3 => Just(Vec::new()), 1 => tokens(1..3)]
}

/// A statement of the exchange, declare or melds section.
pub fn statement() -> impl Strategy<Value = Statement> {
    let seated =
        (seat(), tokens(0..4), figure(), comments()).prop_map(|(s, tokens, figure, comments)| Statement {
            seat: Some(Spanned::bare(s)),
            tokens,
            figure,
            comments,
        });
    let first = prop_oneof![
        any::<i64>().prop_map(Token::Number),
        card().prop_map(Token::Card),
        text().prop_map(Token::Text)
    ];
    let unseated = (first, tokens(0..3), comments()).prop_map(|(f, mut tokens, comments)| {
        tokens.insert(0, Spanned::bare(f));
        Statement {
            seat: None,
            tokens,
            figure: Vec::new(),
            comments,
        }
    });
    let single = (word(), comments()).prop_map(|(w, comments)| Statement {
        seat: None,
        tokens: vec![Spanned::bare(Token::Word(w))],
        figure: Vec::new(),
        comments,
    });
    prop_oneof![3 => seated, 1 => unseated, 1 => single]
}

/// A play event: never read as a trick in either layout.
pub fn event() -> impl Strategy<Value = Statement> {
    let seated =
        (seat(), tokens(1..4), figure(), comments()).prop_map(|(s, tokens, figure, comments)| Statement {
            seat: Some(Spanned::bare(s)),
            tokens,
            figure,
            comments,
        });
    let unseated = (
        prop_oneof![word().prop_map(Token::Word), text().prop_map(Token::Text)],
        comments(),
    )
        .prop_map(|(t, comments)| Statement {
            seat: None,
            tokens: vec![Spanned::bare(t)],
            figure: Vec::new(),
            comments,
        });
    prop_oneof![3 => seated, 1 => unseated]
}

fn trick_claim() -> impl Strategy<Value = Option<Spanned<TrickClaim>>> {
    option::of(
        prop_oneof![any::<u32>().prop_map(TrickClaim::Points), Just(TrickClaim::Lost)]
            .prop_map(Spanned::bare),
    )
}

/// Origins for `n` cards (version 2): mostly none; else one entry per card.
fn origins(n: usize) -> impl Strategy<Value = Vec<Option<Spanned<String>>>> {
    prop_oneof![
        3 => Just(Vec::new()),
        1 => vec(option::of(prop_oneof![seat(), Just("table".to_string()), Just("stock".to_string())].prop_map(Spanned::bare)), n..n + 1)
            .prop_map(|o| if o.iter().any(Option::is_some) { o } else { Vec::new() }),
    ]
}

/// A taker for a claim of points (version 2): mostly none.
fn taker(claim: &Option<Spanned<TrickClaim>>) -> BoxedStrategy<Option<Spanned<String>>> {
    if matches!(claim, Some(c) if matches!(c.node, TrickClaim::Points(_))) {
        option::of(prop_oneof![seat(), Just("NS".to_string())].prop_map(Spanned::bare)).boxed()
    } else {
        Just(None).boxed()
    }
}

/// Adds origins and a taker to a trick.
fn marked(t: Trick) -> impl Strategy<Value = Trick> {
    (origins(t.cards.len()), taker(&t.claim)).prop_map(move |(origins, taker)| Trick {
        origins,
        taker,
        ..t.clone()
    })
}

fn leader_trick() -> impl Strategy<Value = Trick> {
    (
        option::of(any::<u32>()),
        option::of(seat()),
        cards(0..5),
        trick_claim(),
        comments(),
    )
        .prop_map(|(number, leader, cards, claim, comments)| {
            let mut leader = leader;
            if number.is_none() && cards.is_empty() && claim.is_none() && leader.is_none() {
                leader = Some("F".to_string());
            }
            Trick {
                number: number.map(Spanned::bare),
                leader: leader.map(Spanned::bare),
                cards,
                origins: Vec::new(),
                claim,
                taker: None,
                comments,
            }
        })
        .prop_flat_map(marked)
}

fn row(columns: usize) -> impl Strategy<Value = Trick> {
    (
        option::of(any::<u32>()),
        cards(0..columns + 1),
        trick_claim(),
        comments(),
    )
        .prop_map(|(number, cards, claim, comments)| {
            let number = if number.is_none() && cards.is_empty() && claim.is_none() {
                Some(1)
            } else {
                number
            };
            Trick {
                number: number.map(Spanned::bare),
                leader: None,
                cards,
                origins: Vec::new(),
                claim,
                taker: None,
                comments,
            }
        })
        .prop_flat_map(marked)
}

/// A play section in either layout.
pub fn play() -> impl Strategy<Value = Play> {
    let leader = vec(
        prop_oneof![3 => leader_trick().prop_map(PlayItem::Trick), 1 => event().prop_map(PlayItem::Event)],
        0..5,
    )
    .prop_map(|items| Play {
        layout: Layout::Leader,
        items,
    });
    let columns = vec(seat(), 1..5).prop_flat_map(|names| {
        let n = names.len();
        vec(
            prop_oneof![3 => row(n).prop_map(PlayItem::Trick), 1 => event().prop_map(PlayItem::Event)],
            0..5,
        )
        .prop_map(move |items| Play {
            layout: Layout::Columns(names.iter().cloned().map(Spanned::bare).collect()),
            items,
        })
    });
    prop_oneof![leader, columns]
}

fn section<T: std::fmt::Debug>(items: impl Strategy<Value = T>) -> impl Strategy<Value = Option<Section<T>>> {
    option::of((comments(), items).prop_map(|(comments, items)| Section {
        span: Span::default(),
        comments,
        items,
    }))
}

fn tag() -> impl Strategy<Value = Tag> {
    let cards_tag = proptest::sample::select(vec!["german", "french-1890", "german french-1890", "glyphs"])
        .prop_map(|v| ("Cards".to_string(), v.to_string()));
    let other = (
        proptest::sample::select(TAGS[..10].to_vec()).prop_map(str::to_string),
        text(),
    );
    (prop_oneof![4 => other, 1 => cards_tag], comments()).prop_map(|((name, value), comments)| Tag {
        name: Spanned::bare(name),
        value: Spanned::bare(value),
        comments,
    })
}

/// A whole record of notation version 1, in the reader's normal form, with no spans: it
/// reads back from `print(r)` with no version line.
pub fn record() -> impl Strategy<Value = Record> {
    record_v2().prop_map(|mut r| {
        strip_v2(&mut r);
        r
    })
}

/// Removes every version-2 construct from a record (a word or long call becomes `pass`).
pub fn strip_v2(r: &mut Record) {
    r.deal_events.clear();
    r.sheet = None;
    if let Some(a) = &mut r.auction {
        for c in &mut a.items {
            if c.call.node == CallKind::Said && c.word() != Some("yes") {
                c.call.node = CallKind::Pass;
                c.said = None;
            }
        }
    }
    for s in [&mut r.exchange, &mut r.declaration, &mut r.melds]
        .into_iter()
        .flatten()
    {
        for st in &mut s.items {
            st.figure.clear();
        }
    }
    if let Some(p) = &mut r.play {
        for item in &mut p.items.items {
            match item {
                PlayItem::Trick(t) => {
                    t.taker = None;
                    t.origins.clear();
                }
                PlayItem::Event(e) => e.figure.clear(),
            }
        }
    }
    let body_empty = !r.has_body();
    if r.tags.is_empty() && body_empty {
        r.unfinished = Some(Span::default());
    }
}

/// A whole record that may use notation version 2: it reads back from `%stich 2` and
/// `print(r)`.
pub fn record_v2() -> impl Strategy<Value = Record> {
    let header = (any::<bool>(), vec(tag(), 0..4), comments());
    let hands = vec(
        (seat(), cards(0..11), comments()).prop_map(|(s, cards, comments)| HandLine {
            seat: Spanned::bare(s),
            cards,
            comments,
        }),
        0..4,
    );
    let calls = vec(
        (
            seat(),
            prop_oneof![
                any::<u32>().prop_map(CallKind::Bid),
                Just(CallKind::Pass),
                Just(CallKind::Said),
            ],
            said(),
            comments(),
        )
            .prop_map(|(s, c, said, comments)| Call {
                seat: Spanned::bare(s),
                call: Spanned::bare(c),
                said: (c == CallKind::Said).then_some(said),
                comments,
            }),
        0..6,
    );
    let claims = vec(
        (word(), tokens(0..3), comments()).prop_map(|(k, values, comments)| Claim {
            key: Spanned::bare(k),
            values,
            comments,
        }),
        0..4,
    );
    let sheet = (
        option::of(vec(seat().prop_map(Spanned::bare), 1..4)),
        vec(sheet_row(), 0..4),
    )
        .prop_map(|(columns, rows)| Sheet { columns, rows });
    let body = (
        (section(hands), vec(deal_event(), 0..2)),
        section(calls),
        section(vec(statement(), 0..3)),
        section(vec(statement(), 0..3)),
        section(vec(statement(), 0..3)),
        section(play()),
        section(sheet),
        section(claims),
        any::<bool>(),
    );
    (header, body).prop_map(|((required, mut tags, leading), body)| {
        let ((deal, deal_events), auction, exchange, declaration, melds, play, sheet, result, unfinished) =
            body;
        let deal_events = if deal.is_some() { deal_events } else { Vec::new() };
        if required {
            tags.insert(
                0,
                Tag {
                    name: Spanned::bare("Rules".into()),
                    value: Spanned::bare("isko".into()),
                    comments: vec![],
                },
            );
            tags.insert(
                0,
                Tag {
                    name: Spanned::bare("Game".into()),
                    value: Spanned::bare("skat".into()),
                    comments: vec![],
                },
            );
        }
        let mut r = Record {
            span: Span::default(),
            version: None,
            leading_comments: leading,
            tags,
            deal,
            deal_events,
            auction,
            exchange,
            declaration,
            melds,
            play,
            sheet,
            result,
            unfinished: unfinished.then(Span::default),
        };
        let body_empty = !r.has_body();
        if r.tags.is_empty() && body_empty {
            r.unfinished = Some(Span::default());
        }
        r
    })
}

/// What a word or long call says (version 2).
fn said() -> impl Strategy<Value = Said> {
    let short = prop_oneof![
        1 => Just("yes".to_string()),
        3 => word().prop_filter("not a pass", |w| !matches!(w.as_str(), "pass" | "p" | "no")),
    ]
    .prop_map(|w| Said {
        long: false,
        tokens: vec![Spanned::bare(Token::Word(w))],
        figure: Vec::new(),
    });
    let long = (tokens(0..3), figure()).prop_map(|(tokens, figure)| Said {
        long: true,
        tokens,
        figure,
    });
    prop_oneof![short, long]
}

/// A sheet row (version 2): a seated statement, with or without a deal number.
fn sheet_row() -> impl Strategy<Value = SheetRow> {
    (
        option::of(any::<u32>()),
        seat(),
        tokens(1..3),
        figure(),
        comments(),
    )
        .prop_map(|(number, s, tokens, figure, comments)| SheetRow {
            number: number.map(Spanned::bare),
            statement: Statement {
                seat: Some(Spanned::bare(s)),
                tokens,
                figure,
                comments,
            },
        })
}

/// An event in the deal (version 2): a seated statement.
fn deal_event() -> impl Strategy<Value = Statement> {
    (seat(), tokens(1..3), figure(), comments()).prop_map(|(s, tokens, figure, comments)| Statement {
        seat: Some(Spanned::bare(s)),
        tokens,
        figure,
        comments,
    })
}
