//! An ISS record as a stich syntax tree ([`notation::Record`]).

use notation::{
    Call, CallKind, CardSlot, Comment, Diagnostic, HandLine, Kind, Layout as PlayLayout, Play, PlayItem,
    Record, Section, Span, Spanned, Statement, Tag, Token, Trick,
};

use crate::claims::{claims_of, fields_from_claims};
use crate::codes;
use crate::layout::Layout;
use crate::model::{Action, Actor, Game, Key, Move, Property, Seat, unescape};
use crate::pos::sub_span;
use crate::result::write_result;
use crate::vocab::*;

fn tag(name: &str, value: String, span: Span) -> Tag {
    Tag {
        name: Spanned::new(name.to_string(), span),
        value: Spanned::new(value, span),
        comments: Vec::new(),
    }
}

fn label(seat: Seat, span: Span) -> Spanned<String> {
    Spanned::new(seat.label().to_string(), span)
}

fn word(w: &str, span: Span) -> Spanned<Token> {
    Spanned::new(Token::Word(w.to_string()), span)
}

/// The card tokens of a move, the first at byte `from` of the action, three bytes apart.
fn card_tokens(cards: &[CardSlot], span: Span, from: usize) -> impl Iterator<Item = Spanned<Token>> + '_ {
    cards
        .iter()
        .enumerate()
        .map(move |(i, c)| Spanned::new(Token::Card(*c), sub_span(span, from + 3 * i, 2)))
}

/// `YYYY-MM-DD/HH:MM:SS/ZONE` split into `YYYY.MM.DD`, `HH:MM:SS` and the zone.
pub(crate) fn split_date(dt: &str) -> Option<(String, &str, &str)> {
    date_parts(dt).map(|(date, time, zone)| (date.replace('-', "."), time, zone))
}

/// `YYYY-MM-DD/HH:MM:SS/ZONE` split into its three parts, as written.
pub(crate) fn date_parts(dt: &str) -> Option<(&str, &str, &str)> {
    let (date, rest) = dt.split_once('/')?;
    let (time, zone) = rest.split_once('/')?;
    let shape = |s: &str, pattern: &str| {
        s.len() == pattern.len()
            && s.bytes().zip(pattern.bytes()).all(
                |(b, p)| {
                    if p == b'9' { b.is_ascii_digit() } else { b == p }
                },
            )
    };
    let zone_ok = !zone.is_empty() && !zone.contains('/');
    (shape(date, "9999-99-99") && shape(time, "99:99:99") && zone_ok).then_some((date, time, zone))
}

fn out_of_place(mv: &Move, what: &str) -> Diagnostic {
    Diagnostic::error(
        codes::OUT_OF_PLACE,
        Kind::Syntax,
        Some(mv.span),
        format!("{what} cannot come here in a Skat game"),
    )
    .with_help("the moves run: deal, auction, pickup and skat, declaration (with discards), play")
}

/// Converts a record to the stich syntax tree; the mapping is the table in `spec/iss.md`.
/// Nothing is lost: [`crate::from_record`] gives the same record back. Fails when the record
/// is not a Skat record or its moves do not follow the course of a game.
pub fn to_record(game: &Game) -> Result<Record, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut rec = Record::default();
    let mut layout = Layout {
        close: game.close,
        ..Layout::default()
    };

    match game.properties.iter().find_map(|p| match p {
        Property::Text {
            key: Key::Game,
            raw,
            span,
        } => Some((raw, *span)),
        _ => None,
    }) {
        Some((raw, _)) if raw == GM_SKAT => {}
        Some((raw, span)) => diags.push(
            Diagnostic::error(
                codes::NOT_SKAT,
                Kind::Syntax,
                Some(span),
                format!("`GM[{raw}]` is not a Skat record"),
            )
            .with_help("the ISS format is read for Skat records, `GM[Skat]`"),
        ),
        None => diags.push(Diagnostic::error(
            codes::NOT_SKAT,
            Kind::Syntax,
            None,
            "the record has no `GM[Skat]`",
        )),
    }

    // One tag for each text property, and up to three for the date; reserved at once.
    rec.tags.reserve(game.properties.len() + 4);
    let mut texts = 0;
    for p in &game.properties {
        let Property::Text { key, raw, span } = p else {
            continue;
        };
        texts += 1;
        let span = *span;
        let value = unescape(raw);
        if let Some(name) = simple_tag(key) {
            rec.tags.push(tag(name, value, span));
            continue;
        }
        match key {
            Key::Game => {
                rec.tags.push(tag(TAG_GAME, GAME_SKAT.to_string(), span));
                rec.tags.push(tag(TAG_RULES, RULES_ISKO.to_string(), span));
            }
            Key::Date => match split_date(&value) {
                Some((date, time, zone)) => {
                    rec.tags.push(tag(TAG_DATE, date.clone(), span));
                    rec.tags.push(tag(TAG_TIME, time.to_string(), span));
                    rec.tags.push(tag(TAG_ZONE, zone.to_string(), span));
                }
                None => rec.tags.push(tag(TAG_ISS_DATE, value, span)),
            },
            Key::Owner => match value.parse::<i64>().ok().and_then(Seat::from_index) {
                Some(seat) if value.len() == 1 => {
                    rec.tags.push(tag(TAG_VIEWPOINT, seat.label().to_string(), span))
                }
                _ => diags.push(
                    Diagnostic::error(
                        codes::VIEWPOINT,
                        Kind::Syntax,
                        Some(span),
                        format!("`OW[{value}]` names no seat"),
                    )
                    .with_help("`OW` is the seat whose view the record shows: 0, 1 or 2"),
                ),
            },
            Key::Other(name) => rec.tags.push(tag(&format!("{OTHER_PREFIX}{name}"), value, span)),
            _ => {}
        }
    }

    // Where MV and R stand, against where the way back puts them by default.
    let moves_at = game
        .properties
        .iter()
        .position(|p| matches!(p, Property::Moves(_)));
    let result_at = game
        .properties
        .iter()
        .position(|p| matches!(p, Property::Result(_)));
    let mv_index = moves_at.map(|i| i - usize::from(result_at.is_some_and(|r| r < i)));
    let canonical_mv = moves_at.is_none_or(|i| i == texts);
    let canonical_r = result_at.is_none_or(|i| i == game.properties.len() - 1);
    let empty_mv = game.moves().is_some_and(|m| m.moves.is_empty());
    if !canonical_mv || !canonical_r || empty_mv {
        layout.mv_at = mv_index;
        layout.r_at = result_at;
    }

    if let Some(moves) = game.moves() {
        layout.no_mv_space = !moves.trailing_space;
        build_sections(&moves.moves, &mut rec, &mut layout, &mut diags);
    }

    if let Some(r) = game.result() {
        let claims = claims_of(&r.fields, r.span);
        if fields_from_claims(&claims, None).ok().as_ref() != Some(&r.fields) {
            let mut text = String::new();
            write_result(r, &mut text);
            rec.tags.push(tag(TAG_ISS_RESULT, text, r.span));
        }
        rec.result = Some(Section::new(r.span, claims));
    }

    if let Some(text) = layout.text() {
        let span = game.moves().map_or_else(Span::default, |m| m.span);
        rec.tags.push(tag(TAG_ISS_LAYOUT, text, span));
    }
    rec.leading_comments = game.comments.iter().map(|c| Comment::Line(c.clone())).collect();
    if let (Some(first), Some(last)) = (game.properties.first(), game.properties.last()) {
        let span_of = |p: &Property| match p {
            Property::Text { span, .. } => *span,
            Property::Moves(m) => m.span,
            Property::Result(r) => r.span,
        };
        let (a, b) = (span_of(first), span_of(last));
        rec.span = Span { end: b.end, ..a };
    }
    if diags.is_empty() { Ok(rec) } else { Err(diags) }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    Start,
    Auction,
    PickedUp,
    AwaitDiscard,
    Declared,
    Play,
}

struct OpenTrick {
    trick: Trick,
    next: Seat,
    /// Events made during the trick, with how many of its cards came before each.
    events: Vec<(Statement, usize)>,
}

struct Builder<'a> {
    layout: &'a mut Layout,
    diags: &'a mut Vec<Diagnostic>,
    items: Vec<PlayItem>,
    open: Option<OpenTrick>,
    tricks: u32,
    events: usize,
}

impl Builder<'_> {
    fn close_trick(&mut self) {
        let Some(open) = self.open.take() else { return };
        let len = open.trick.cards.len();
        self.items.push(PlayItem::Trick(open.trick));
        for (statement, offset) in open.events {
            if offset < len {
                self.layout.events.push((self.events, offset));
            }
            self.items.push(PlayItem::Event(statement));
            self.events += 1;
        }
    }

    fn card(&mut self, mv: &Move, seat: Seat, card: CardSlot) {
        let span = mv.span;
        if let Some(open) = &mut self.open {
            if seat != open.next {
                self.diags.push(
                    Diagnostic::error(
                        codes::OUT_OF_TURN,
                        Kind::Syntax,
                        Some(span),
                        format!(
                            "{} plays, but {} is next in the trick",
                            seat.label(),
                            open.next.label()
                        ),
                    )
                    .with_help("a trick is played in turn from its leader: forehand, middlehand, rearhand"),
                );
                return;
            }
            open.trick.cards.push(Spanned::new(card, span));
            open.next = seat.next();
        } else {
            self.tricks += 1;
            self.open = Some(OpenTrick {
                trick: Trick {
                    number: Some(Spanned::new(self.tricks, span)),
                    leader: Some(label(seat, span)),
                    cards: {
                        let mut cards = Vec::with_capacity(3);
                        cards.push(Spanned::new(card, span));
                        cards
                    },
                    origins: Vec::new(),
                    claim: None,
                    taker: None,
                    comments: Vec::new(),
                },
                next: seat.next(),
                events: Vec::new(),
            });
        }
        if self.open.as_ref().is_some_and(|o| o.trick.cards.len() == 3) {
            self.close_trick();
        }
    }

    fn event(&mut self, statement: Statement) {
        match &mut self.open {
            Some(open) => {
                let offset = open.trick.cards.len();
                open.events.push((statement, offset));
            }
            None => {
                self.items.push(PlayItem::Event(statement));
                self.events += 1;
            }
        }
    }
}

fn build_sections(moves: &[Move], rec: &mut Record, layout: &mut Layout, diags: &mut Vec<Diagnostic>) {
    let mut phase = Phase::Start;
    // A game has at most ten tricks and a few events; an auction rarely more than a dozen calls.
    let mut calls = Vec::with_capacity(16);
    let mut exchange: Vec<Statement> = Vec::new();
    let mut declaration: Vec<Statement> = Vec::new();
    let mut skat_may_follow = false;
    let mut b = Builder {
        layout,
        diags,
        items: Vec::with_capacity(12),
        open: None,
        tricks: 0,
        events: 0,
    };
    let first_span = moves.first().map_or_else(Span::default, |m| m.span);
    let mut auction_span = None;
    let mut exchange_span = None;
    let mut declaration_span = None;
    let mut play_span = None;

    for (i, mv) in moves.iter().enumerate() {
        let span = mv.span;
        let after_pickup = std::mem::take(&mut skat_may_follow);
        match (&mv.action, mv.actor) {
            (Action::Deal(deal), Actor::World) if phase == Phase::Start && rec.deal.is_none() => {
                let mut lines = Vec::with_capacity(4);
                for seat in Seat::ALL {
                    let from = seat.index() * 10;
                    lines.push(HandLine {
                        seat: label(seat, span),
                        cards: deal
                            .hand(seat)
                            .iter()
                            .enumerate()
                            .map(|(k, c)| Spanned::new(*c, sub_span(span, 3 * (from + k), 2)))
                            .collect(),
                        comments: Vec::new(),
                    });
                }
                lines.push(HandLine {
                    seat: Spanned::new("skat".to_string(), span),
                    cards: deal
                        .skat()
                        .iter()
                        .enumerate()
                        .map(|(k, c)| Spanned::new(*c, sub_span(span, 3 * (30 + k), 2)))
                        .collect(),
                    comments: Vec::new(),
                });
                b.layout.bars = deal.bars;
                rec.deal = Some(Section::new(span, lines));
                phase = Phase::Auction;
            }
            (Action::Bid(_) | Action::Hold | Action::Pass, Actor::Seat(seat)) if phase <= Phase::Auction => {
                auction_span.get_or_insert(span);
                calls.push(match &mv.action {
                    Action::Hold => Call::word_call(label(seat, span), "yes", span),
                    action => Call {
                        seat: label(seat, span),
                        call: Spanned::new(
                            match action {
                                Action::Bid(n) => CallKind::Bid(*n),
                                _ => CallKind::Pass,
                            },
                            span,
                        ),
                        said: None,
                        comments: Vec::new(),
                    },
                });
                phase = Phase::Auction;
            }
            (Action::Pickup, Actor::Seat(seat)) if phase <= Phase::Auction => {
                exchange_span.get_or_insert(span);
                exchange.push(Statement {
                    seat: Some(label(seat, span)),
                    tokens: vec![word(PICKUP, span)],
                    figure: Vec::new(),
                    comments: Vec::new(),
                });
                phase = Phase::PickedUp;
                skat_may_follow = true;
            }
            (Action::Skat(cards), Actor::World) if after_pickup => {
                if let Some(pickup) = exchange.last_mut() {
                    pickup.tokens.extend(card_tokens(cards, span, 0));
                }
            }
            (Action::Declare(d), Actor::Seat(seat)) if phase <= Phase::PickedUp => {
                let head = 1 + d.modifiers.len();
                let mut tokens = vec![word(d.kind.word(), sub_span(span, 0, 1))];
                tokens.extend(
                    d.modifiers
                        .iter()
                        .enumerate()
                        .map(|(k, m)| word(m.word(), sub_span(span, 1 + k, 1))),
                );
                let mut listing_from = 0;
                if phase == Phase::PickedUp {
                    let split = matches!(moves.get(i + 1), Some(Move { actor: Actor::Seat(s), action: Action::Discard(_), .. }) if *s == seat);
                    if split {
                        b.layout.split = true;
                        phase = Phase::AwaitDiscard;
                    } else if let [a, c, ..] = d.cards.as_slice() {
                        let mut t = vec![word(DISCARD, span)];
                        t.extend(card_tokens(&[*a, *c], span, head + 1));
                        exchange.push(Statement {
                            seat: Some(label(seat, span)),
                            tokens: t,
                            figure: Vec::new(),
                            comments: Vec::new(),
                        });
                        listing_from = 2;
                    }
                }
                let listing = d.cards.get(listing_from..).unwrap_or_default();
                tokens.extend(card_tokens(listing, span, head + 1 + 3 * listing_from));
                declaration_span.get_or_insert(span);
                declaration.push(Statement {
                    seat: Some(label(seat, span)),
                    tokens,
                    figure: Vec::new(),
                    comments: Vec::new(),
                });
                if phase != Phase::AwaitDiscard {
                    phase = Phase::Declared;
                }
            }
            (Action::Discard(cards), Actor::Seat(seat)) if phase == Phase::AwaitDiscard => {
                let mut t = vec![word(DISCARD, span)];
                t.extend(card_tokens(cards, span, 0));
                exchange.push(Statement {
                    seat: Some(label(seat, span)),
                    tokens: t,
                    figure: Vec::new(),
                    comments: Vec::new(),
                });
                phase = Phase::Declared;
            }
            (Action::Card(c), Actor::Seat(seat)) if phase >= Phase::Declared => {
                play_span.get_or_insert(span);
                b.card(mv, seat, *c);
                phase = Phase::Play;
            }
            (Action::Show(_) | Action::Resign | Action::TimeOut(_) | Action::Leave(_), actor) => {
                let seat = match (&mv.action, actor) {
                    (Action::TimeOut(s) | Action::Leave(s), Actor::World) => *s,
                    (_, Actor::Seat(s)) => s,
                    _ => {
                        b.diags.push(out_of_place(mv, "this move"));
                        continue;
                    }
                };
                let mut tokens = Vec::new();
                match &mv.action {
                    Action::Show(cards) => {
                        tokens.push(word(SHOWS, span));
                        tokens.extend(card_tokens(cards, span, 3));
                    }
                    Action::Resign => tokens.push(word(RESIGNS, span)),
                    Action::TimeOut(_) => tokens.push(word(TIMES_OUT, span)),
                    _ => tokens.push(word(LEAVES, span)),
                }
                play_span.get_or_insert(span);
                b.event(Statement {
                    seat: Some(label(seat, span)),
                    tokens,
                    figure: Vec::new(),
                    comments: Vec::new(),
                });
                phase = Phase::Play;
            }
            (action, _) => {
                let what = match action {
                    Action::Deal(_) => "a deal",
                    Action::Skat(_) => "the skat shown without a pickup",
                    Action::Bid(_) | Action::Hold | Action::Pass => "a bid or answer",
                    Action::Pickup => "a pickup",
                    Action::Declare(_) => "a declaration",
                    Action::Discard(_) => "a discard",
                    Action::Card(_) => "a card before the declaration",
                    _ => "this move",
                };
                b.diags.push(out_of_place(mv, what));
            }
        }
    }
    b.close_trick();
    if phase == Phase::AwaitDiscard {
        // Only reachable when the discard that made the declaration "split" was refused.
        b.layout.split = false;
    }
    if !calls.is_empty() {
        rec.auction = Some(Section::new(auction_span.unwrap_or(first_span), calls));
    }
    if !exchange.is_empty() {
        rec.exchange = Some(Section::new(exchange_span.unwrap_or(first_span), exchange));
    }
    if !declaration.is_empty() {
        rec.declaration = Some(Section::new(declaration_span.unwrap_or(first_span), declaration));
    }
    if !b.items.is_empty() {
        rec.play = Some(Section::new(
            play_span.unwrap_or(first_span),
            Play {
                layout: PlayLayout::Leader,
                items: b.items,
            },
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_game;

    const DEAL: &str =
        "w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK";

    fn tree(moves: &str, result: &str) -> Result<Record, Vec<Diagnostic>> {
        let line =
            format!("(;GM[Skat]PC[Test]DT[2010-12-06/18:59:24/UTC]P0[a]P1[b]P2[c]MV[{moves} ]R[{result}] ;)");
        to_record(&parse_game(&line).unwrap())
    }

    fn words(s: &Statement) -> Vec<String> {
        s.tokens
            .iter()
            .map(|t| match &t.node {
                Token::Word(w) => w.clone(),
                Token::Card(CardSlot::Known(c)) => c.to_string(),
                Token::Card(CardSlot::Unknown) => "??".into(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn maps_tags_deal_auction_exchange_and_declaration() {
        let r = tree(
            &format!("{DEAL} 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA"),
            "d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0",
        )
        .unwrap();
        let names: Vec<_> = r
            .tags
            .iter()
            .map(|t| (t.name.node.as_str(), t.value.node.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                ("Game", "skat"),
                ("Rules", "isko"),
                ("Site", "Test"),
                ("Date", "2010.12.06"),
                ("Time", "18:59:24"),
                ("TimeZone", "UTC"),
                ("F", "a"),
                ("M", "b"),
                ("R", "c")
            ]
        );
        let deal = r.deal.unwrap().items;
        assert_eq!(deal.len(), 4);
        assert_eq!(deal[2].seat.node, "R");
        assert_eq!(
            deal[2].cards[0].node,
            CardSlot::Known(cards::Card::new(cards::Suit::Diamonds, cards::Rank::Eight))
        );
        assert_eq!(deal[3].cards.len(), 2);
        let calls = r.auction.unwrap().items;
        assert_eq!(calls.len(), 3);
        assert_eq!(
            (calls[1].seat.node.as_str(), calls[1].call.node),
            ("R", CallKind::Bid(18))
        );
        let ex = r.exchange.unwrap().items;
        assert_eq!(words(&ex[0]), ["pickup", "♥8", "♣K"]);
        assert_eq!(words(&ex[1]), ["discard", "♠10", "♥8"]);
        assert_eq!(ex[1].seat.as_ref().unwrap().node, "R");
        assert_eq!(words(&r.declaration.unwrap().items[0]), ["diamonds"]);
        let claims = r.result.unwrap().items;
        assert_eq!(claims.len(), 10);
        assert!(
            r.tags
                .iter()
                .all(|t| t.name.node != "IssLayout" && t.name.node != "IssResult")
        );
    }

    #[test]
    fn tricks_take_their_leader_and_mid_trick_events_are_placed() {
        let r = tree(
            &format!("{DEAL} 1 p 2 p 0 GO.CJ 0 HA 1 SC 1 CJ 2 DT 2 RE 1 SQ w TI.0"),
            "d:0 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:1 p1:0 p2:0 l:-1 to:0 r:0",
        )
        .unwrap();
        let decl = &r.declaration.as_ref().unwrap().items[0];
        assert_eq!(words(decl), ["grand", "ouvert", "♣J"]);
        let items = r.play.clone().unwrap().items.items;
        assert_eq!(items.len(), 5);
        let PlayItem::Trick(t) = &items[0] else { panic!() };
        assert_eq!(t.leader.as_ref().unwrap().node, "F");
        assert_eq!(t.cards.len(), 3);
        let PlayItem::Event(e) = &items[1] else { panic!() };
        assert_eq!(
            (e.seat.as_ref().unwrap().node.as_str(), words(e)),
            ("M", vec!["shows".to_string()])
        );
        let PlayItem::Event(e) = &items[2] else { panic!() };
        assert_eq!(words(e), ["resigns"]);
        let PlayItem::Trick(t) = &items[3] else { panic!() };
        assert_eq!((t.number.as_ref().unwrap().node, t.cards.len()), (2, 1));
        let PlayItem::Event(e) = &items[4] else { panic!() };
        assert_eq!(
            (e.seat.as_ref().unwrap().node.as_str(), words(e)),
            ("F", vec!["times-out".to_string()])
        );
        assert_eq!(r.tag("IssLayout"), Some("event:0@1"));
        assert_eq!(
            r.result
                .unwrap()
                .items
                .iter()
                .filter(|c| c.key.node == "penalty")
                .count(),
            1
        );
    }

    #[test]
    fn split_declarations_and_old_results_are_flagged() {
        let r = tree(
            &format!("{DEAL} 1 p 2 p 0 18 0 s w H8.CK 0 D 0 D9.DQ"),
            "d:0 win v:1 m:1 bidok p:1 t:1 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1",
        )
        .unwrap();
        assert_eq!(r.tag("IssLayout"), Some("split"));
        assert_eq!(
            r.tag("IssResult"),
            Some("d:0 win v:1 m:1 bidok p:1 t:1 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1")
        );
        assert_eq!(words(&r.exchange.unwrap().items[1]), ["discard", "♦9", "♦Q"]);
    }

    #[test]
    fn moves_out_of_course_are_refused() {
        for (moves, code) in [
            (format!("{DEAL} 1 p 0 GH 1 18"), codes::OUT_OF_PLACE),
            (format!("{DEAL} w H8.CK"), codes::OUT_OF_PLACE),
            (format!("{DEAL} 1 SA"), codes::OUT_OF_PLACE),
            (format!("{DEAL} {DEAL}"), codes::OUT_OF_PLACE),
            (format!("{DEAL} 0 GH 0 SA 2 SK"), codes::OUT_OF_TURN),
        ] {
            let e = tree(&moves, "passed").unwrap_err();
            assert_eq!(e[0].code, code, "{moves}");
        }
        let g = parse_game("(;GM[Chess]MV[1 p]R[passed];)").unwrap();
        assert_eq!(to_record(&g).unwrap_err()[0].code, codes::NOT_SKAT);
        let g = parse_game("(;GM[Skat]OW[3];)").unwrap();
        assert_eq!(to_record(&g).unwrap_err()[0].code, codes::VIEWPOINT);
    }

    #[test]
    fn card_spans_point_into_the_line() {
        let line = format!("(;GM[Skat]MV[{DEAL} 0 GH.CJ ]R[passed] ;)");
        let r = to_record(&parse_game(&line).unwrap()).unwrap();
        let deal = r.deal.unwrap().items;
        let c = deal[1].cards[0].span;
        assert_eq!(&line[c.start..c.end], "CJ");
        let d = &r.declaration.unwrap().items[0];
        let s = d.tokens[2].span;
        assert_eq!(&line[s.start..s.end], "CJ");
        assert_eq!(s.column as usize, s.start + 1);
    }

    #[test]
    fn dates_split_only_in_the_server_form() {
        assert_eq!(
            split_date("2010-12-06/18:59:24/UTC"),
            Some(("2010.12.06".into(), "18:59:24", "UTC"))
        );
        assert_eq!(split_date("2010-12-06 18:59"), None);
        assert_eq!(split_date("2010-12-6/18:59:24/UTC"), None);
        assert_eq!(split_date("2010-12-06/18:59:24/"), None);
    }
}
