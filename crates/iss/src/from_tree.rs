//! A stich syntax tree ([`notation::Record`]) as an ISS record.

use notation::{
    CallKind, CardSlot, Comment, Diagnostic, Kind, Layout as PlayLayout, PlayItem, Record, Span, Statement,
    Token,
};

use crate::claims::{claims_of, fields_from_claims, same_claims};
use crate::codes;
use crate::layout::Layout;
use crate::model::{
    Action, Actor, Deal, Declaration, Game, GameKind, IssResult, Key, Modifier, Move, Moves, Property,
    ResultField, Seat, escape,
};
use crate::result::parse_result_text;
use crate::token::is_skat_card;
use crate::vocab::*;

fn error(code: &'static str, span: Span, message: String) -> Diagnostic {
    let span = (span != Span::default()).then_some(span);
    Diagnostic::error(code, Kind::Syntax, span, message)
}

fn seat_of(label: &notation::Spanned<String>, diags: &mut Vec<Diagnostic>) -> Option<Seat> {
    let seat = Seat::from_label(&label.node);
    if seat.is_none() {
        diags.push(
            error(
                codes::SEAT,
                label.span,
                format!("seat `{}` is not a Skat seat", label.node),
            )
            .with_help("the ISS seats are F (0), M (1) and R (2)"),
        );
    }
    seat
}

/// Converts a stich syntax tree to an ISS record. The inverse of [`crate::to_record`]: a
/// tree made from an ISS record gives the same record back, byte for byte when written.
/// Fails, listing every reason, when the tree holds something the ISS format cannot say.
pub fn from_record(record: &Record) -> Result<Game, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let layout = match record.tag_item(TAG_ISS_LAYOUT) {
        Some(t) => Layout::parse(&t.value.node, t.value.span).unwrap_or_else(|d| {
            diags.push(d);
            Layout::default()
        }),
        None => Layout::default(),
    };

    let mut properties = texts(record, &mut diags);

    let moves = moves(record, &layout, &mut diags);
    let has_moves = !moves.is_empty();
    let mut result = result(record, &mut diags);
    // A record that does not claim `resigned` still shows it in its moves; the server's
    // `r:` says the same, so the rebuilt result follows the moves rather than the default.
    let claims_resigned = record
        .result
        .as_ref()
        .is_some_and(|r| r.items.iter().any(|c| c.key.node == claim::RESIGNED));
    if !claims_resigned && moves.iter().any(|m| m.action == Action::Resign) {
        for f in result.iter_mut().flat_map(|r| r.fields.iter_mut()) {
            if let ResultField::Resigned(r) = f {
                *r = true;
            }
        }
    }

    if has_moves || layout.mv_at.is_some() {
        let at = layout.mv_at.unwrap_or(properties.len()).min(properties.len());
        let mv = Moves {
            moves,
            trailing_space: !layout.no_mv_space,
            span: Span::default(),
        };
        properties.insert(at, Property::Moves(mv));
    }
    if let Some(r) = result {
        let at = layout.r_at.unwrap_or(properties.len()).min(properties.len());
        properties.insert(at, Property::Result(r));
    }
    let comments = record
        .leading_comments
        .iter()
        .filter_map(|c| match c {
            Comment::Line(l) => Some(l.clone()),
            Comment::Brace(_) => None,
        })
        .collect();
    if diags.is_empty() {
        Ok(Game {
            properties,
            close: layout.close,
            comments,
        })
    } else {
        Err(diags)
    }
}

/// Whether a tag has a place in an ISS record. `stich convert --to iss` leaves out, with a
/// warning, the tags that have none (an event name, a source), which `from_record` refuses.
pub fn tag_has_property(name: &str) -> bool {
    simple_key(name).is_some()
        || matches!(
            name,
            TAG_GAME
                | TAG_RULES
                | TAG_DATE
                | TAG_TIME
                | TAG_ZONE
                | TAG_ISS_DATE
                | TAG_VIEWPOINT
                | TAG_ISS_LAYOUT
                | TAG_ISS_RESULT
        )
        || name.strip_prefix(OTHER_PREFIX).is_some_and(is_property_name)
}

fn texts(record: &Record, diags: &mut Vec<Diagnostic>) -> Vec<Property> {
    let mut out = Vec::with_capacity(record.tags.len());
    let mut date_done = false;
    let text = |key: Key, value: &str| Property::Text {
        key,
        raw: escape(value),
        span: Span::default(),
    };
    for t in &record.tags {
        let (name, value, span) = (t.name.node.as_str(), t.value.node.as_str(), t.name.span);
        if value.ends_with('\\') {
            diags.push(
                error(
                    codes::TAG,
                    t.value.span,
                    format!("the value of tag `{name}` ends with a backslash"),
                )
                .with_help(
                    "an ISS value cannot end with `\\`: the server would read `\\]` as an escaped bracket",
                ),
            );
            continue;
        }
        if let Some(key) = simple_key(name) {
            out.push(text(key, value));
            continue;
        }
        match name {
            TAG_GAME if value == GAME_SKAT => out.push(text(Key::Game, GM_SKAT)),
            TAG_GAME => diags.push(error(
                codes::TREE_GAME,
                span,
                format!("game `{value}` is not Skat"),
            )),
            TAG_RULES if value == RULES_ISKO => {}
            TAG_DATE | TAG_TIME | TAG_ZONE => {
                if date_done {
                    continue;
                }
                date_done = true;
                let (date, time, zone) = (record.tag(TAG_DATE), record.tag(TAG_TIME), record.tag(TAG_ZONE));
                let dt = match (date, time, zone) {
                    (Some(d), Some(t), Some(z)) => {
                        let dt = format!("{}/{t}/{z}", d.replace('.', "-"));
                        crate::to_tree::split_date(&dt).is_some().then_some(dt)
                    }
                    _ => None,
                };
                match dt {
                    Some(dt) => out.push(text(Key::Date, &dt)),
                    None => diags.push(
                        error(codes::TAG, span, "the date has no ISS form".to_string()).with_help(
                            "`DT` needs `Date` (YYYY.MM.DD), `Time` (HH:MM:SS) and `TimeZone` together",
                        ),
                    ),
                }
            }
            TAG_ISS_DATE => out.push(text(Key::Date, value)),
            TAG_VIEWPOINT => match Seat::from_label(value) {
                Some(s) => out.push(text(Key::Owner, &s.index().to_string())),
                None => diags.push(error(
                    codes::SEAT,
                    t.value.span,
                    format!("viewpoint `{value}` is not a Skat seat"),
                )),
            },
            TAG_ISS_LAYOUT | TAG_ISS_RESULT => {}
            _ => match name.strip_prefix(OTHER_PREFIX) {
                Some(prop) if is_property_name(prop) => {
                    out.push(text(Key::from_name(prop), value));
                }
                _ => diags.push(
                    error(codes::TAG, span, format!("tag `{name}` has no ISS property")).with_help(
                        "an ISS record holds only the server's properties; `IssXY` tags carry others",
                    ),
                ),
            },
        }
    }
    out
}

/// Whether `name` can stand as an ISS property name: upper-case letters, then digits too.
fn is_property_name(name: &str) -> bool {
    name.bytes().next().is_some_and(|b| b.is_ascii_uppercase())
        && name.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

/// The cards of a statement after its leading words, checked.
fn statement_cards(s: &Statement, from: usize, diags: &mut Vec<Diagnostic>) -> Vec<CardSlot> {
    let mut out = Vec::new();
    for t in s.tokens.get(from..).unwrap_or_default() {
        match t.node {
            Token::Card(c) if is_skat_card(c) => out.push(c),
            _ => diags.push(error(
                codes::STATEMENT,
                t.span,
                format!("`{}` is not a Skat card here", show(&t.node)),
            )),
        }
    }
    out
}

fn show(t: &Token) -> String {
    match t {
        Token::Word(w) => w.clone(),
        Token::Number(n) => n.to_string(),
        Token::Card(CardSlot::Known(c)) => c.to_string(),
        Token::Card(CardSlot::Unknown) => "??".into(),
        Token::Text(t) => format!("\"{t}\""),
    }
}

fn first_word(s: &Statement) -> Option<&str> {
    match &s.tokens.first()?.node {
        Token::Word(w) => Some(w),
        _ => None,
    }
}

fn statement_error(s: &Statement, what: &str) -> Diagnostic {
    let span = s
        .tokens
        .first()
        .map(|t| t.span)
        .or(s.seat.as_ref().map(|l| l.span))
        .unwrap_or_default();
    let text: Vec<String> = s.tokens.iter().map(|t| show(&t.node)).collect();
    error(
        codes::STATEMENT,
        span,
        format!("{what} `{}` has no ISS move", text.join(" ")),
    )
}

fn stated_seat(s: &Statement, what: &str, diags: &mut Vec<Diagnostic>) -> Option<Seat> {
    match &s.seat {
        Some(l) => seat_of(l, diags),
        None => {
            diags.push(statement_error(s, what).with_help("the statement needs a seat: F, M or R"));
            None
        }
    }
}

fn two(cards: &[CardSlot]) -> Option<[CardSlot; 2]> {
    match cards {
        [a, b] => Some([*a, *b]),
        _ => None,
    }
}

fn moves(record: &Record, layout: &Layout, diags: &mut Vec<Diagnostic>) -> Vec<Move> {
    let mut out = Vec::with_capacity(80);
    if let Some(deal) = &record.deal {
        deal_move(&deal.items, deal.span, layout, &mut out, diags);
    }
    if let Some(auction) = &record.auction {
        for c in &auction.items {
            let Some(seat) = seat_of(&c.seat, diags) else {
                continue;
            };
            let action = match c.call.node {
                CallKind::Bid(n) => Action::Bid(n),
                CallKind::Pass => Action::Pass,
                // Skat's one word call, holding the bid.
                CallKind::Said
                    if c.word()
                        .is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "yes" | "y" | "hold")) =>
                {
                    Action::Hold
                }
                CallKind::Said => {
                    let text: Vec<String> = c
                        .said
                        .iter()
                        .flat_map(|s| s.tokens.iter().map(|t| show(&t.node)))
                        .collect();
                    diags.push(error(
                        codes::STATEMENT,
                        c.call.span,
                        format!("the call `{}` has no ISS move", text.join(" ")),
                    ));
                    continue;
                }
            };
            out.push(Move::new(Actor::Seat(seat), action));
        }
    }
    let mut discard = None;
    if let Some(exchange) = &record.exchange {
        for s in &exchange.items {
            let word = first_word(s);
            match word {
                Some(PICKUP) => {
                    let Some(seat) = stated_seat(s, "pickup", diags) else {
                        continue;
                    };
                    out.push(Move::new(Actor::Seat(seat), Action::Pickup));
                    let cards = statement_cards(s, 1, diags);
                    if let Some(skat) = two(&cards) {
                        out.push(Move::new(Actor::World, Action::Skat(skat)));
                    } else if !cards.is_empty() {
                        diags.push(statement_error(s, "pickup").with_help("the skat is two cards"));
                    }
                }
                Some(DISCARD) => {
                    let Some(seat) = stated_seat(s, "discard", diags) else {
                        continue;
                    };
                    match two(&statement_cards(s, 1, diags)) {
                        Some(cards) if discard.is_none() => discard = Some((seat, cards)),
                        _ => diags.push(statement_error(s, "discard").with_help("one discard of two cards")),
                    }
                }
                _ => diags.push(
                    statement_error(s, "exchange statement")
                        .with_help("the exchange words are `pickup` and `discard`"),
                ),
            }
        }
    }
    let mut declared = false;
    if let Some(declaration) = &record.declaration {
        for s in &declaration.items {
            if declared {
                diags.push(statement_error(s, "second declaration"));
                continue;
            }
            declared = true;
            let Some(seat) = stated_seat(s, "declaration", diags) else {
                continue;
            };
            let Some(kind) = first_word(s).and_then(GameKind::from_word) else {
                diags.push(
                    statement_error(s, "declaration").with_help(
                        "a declaration starts with grand, clubs, spades, hearts, diamonds or null",
                    ),
                );
                continue;
            };
            let mut modifiers = Vec::new();
            let mut k = 1;
            while let Some(Token::Word(w)) = s.tokens.get(k).map(|t| &t.node) {
                match Modifier::from_word(w) {
                    Some(m) if !modifiers.contains(&m) => modifiers.push(m),
                    _ => diags.push(
                        statement_error(s, "declaration")
                            .with_help("modifiers: hand, ouvert, schneider, schwarz, each once"),
                    ),
                }
                k += 1;
            }
            let listing = statement_cards(s, k, diags);
            match discard.take() {
                Some((dseat, cards)) if layout.split => {
                    out.push(Move::new(
                        Actor::Seat(seat),
                        Action::Declare(Declaration {
                            kind,
                            modifiers,
                            cards: listing,
                        }),
                    ));
                    out.push(Move::new(Actor::Seat(dseat), Action::Discard(cards)));
                }
                Some((_, cards)) => {
                    let mut all = cards.to_vec();
                    all.extend(listing);
                    out.push(Move::new(
                        Actor::Seat(seat),
                        Action::Declare(Declaration {
                            kind,
                            modifiers,
                            cards: all,
                        }),
                    ));
                }
                None => out.push(Move::new(
                    Actor::Seat(seat),
                    Action::Declare(Declaration {
                        kind,
                        modifiers,
                        cards: listing,
                    }),
                )),
            }
        }
    }
    if let Some((seat, cards)) = discard {
        out.push(Move::new(Actor::Seat(seat), Action::Discard(cards)));
    }
    if let Some(play) = &record.play {
        if let PlayLayout::Columns(_) = play.items.layout {
            diags.push(
                error(
                    codes::COLUMNS,
                    play.span,
                    "a play section in columns has no ISS form".to_string(),
                )
                .with_help("write the tricks with their leader: `1. F: ♣J ♣7 ♣8`"),
            );
        } else {
            play_moves(&play.items.items, layout, &mut out, diags);
        }
    }
    out
}

fn deal_move(
    lines: &[notation::HandLine],
    span: Span,
    layout: &Layout,
    out: &mut Vec<Move>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut hands: [Option<&notation::HandLine>; 4] = [None; 4];
    for line in lines {
        let slot = match line.seat.node.as_str() {
            "skat" => 3,
            _ => match seat_of(&line.seat, diags) {
                Some(s) => s.index(),
                None => continue,
            },
        };
        if let Some(h) = hands.get_mut(slot) {
            if h.is_some() {
                diags.push(error(
                    codes::TREE_DEAL,
                    line.seat.span,
                    format!("the deal lists `{}` twice", line.seat.node),
                ));
            }
            *h = Some(line);
        }
    }
    let mut cards = Vec::with_capacity(32);
    for (i, (h, n)) in hands.iter().zip([10, 10, 10, 2]).enumerate() {
        let name = Seat::ALL.get(i).map_or("skat", |s| s.label());
        match h {
            Some(line) if line.cards.len() == n => {
                for c in &line.cards {
                    if !is_skat_card(c.node) {
                        diags.push(error(
                            codes::TREE_DEAL,
                            c.span,
                            "a card outside the Skat pack has no ISS letter".into(),
                        ));
                    }
                    cards.push(c.node);
                }
            }
            Some(line) => {
                diags.push(error(
                    codes::TREE_DEAL,
                    line.seat.span,
                    format!("`{name}` holds {} cards; ISS deals {n}", line.cards.len()),
                ));
            }
            None => diags.push(
                error(codes::TREE_DEAL, span, format!("the deal has no `{name}` line"))
                    .with_help("an ISS deal lists all 32 cards; write `??` for unknown ones"),
            ),
        }
    }
    if cards.len() == 32 {
        let mut deal = Deal {
            cards: [CardSlot::Unknown; 32],
            bars: layout.bars,
        };
        deal.cards.copy_from_slice(&cards);
        out.push(Move::new(Actor::World, Action::Deal(Box::new(deal))));
    }
}

fn play_moves(items: &[PlayItem], layout: &Layout, out: &mut Vec<Move>, diags: &mut Vec<Diagnostic>) {
    let mut trick: Vec<Move> = Vec::new();
    let mut pending: Vec<(usize, Move)> = Vec::new();
    let mut event_index = 0;
    let flush = |trick: &mut Vec<Move>, pending: &mut Vec<(usize, Move)>, out: &mut Vec<Move>| {
        let mut events = pending.drain(..).peekable();
        for (k, card) in trick.drain(..).enumerate() {
            while let Some((_, ev)) = events.next_if(|(at, _)| *at <= k) {
                out.push(ev);
            }
            out.push(card);
        }
        out.extend(events.map(|(_, ev)| ev));
    };
    for item in items {
        match item {
            PlayItem::Trick(t) => {
                flush(&mut trick, &mut pending, out);
                let Some(leader) = &t.leader else {
                    diags.push(error(
                        codes::TRICK,
                        t.number.as_ref().map_or_else(Span::default, |n| n.span),
                        "a trick without its leader".into(),
                    ));
                    continue;
                };
                let Some(mut seat) = seat_of(leader, diags) else {
                    continue;
                };
                if t.cards.len() > 3 {
                    diags.push(error(
                        codes::TRICK,
                        leader.span,
                        format!("a trick of {} cards", t.cards.len()),
                    ));
                    continue;
                }
                for c in &t.cards {
                    if !is_skat_card(c.node) {
                        diags.push(error(
                            codes::TRICK,
                            c.span,
                            "a card outside the Skat pack has no ISS letter".into(),
                        ));
                    }
                    trick.push(Move::new(Actor::Seat(seat), Action::Card(c.node)));
                    seat = seat.next();
                }
            }
            PlayItem::Event(s) => {
                let i = event_index;
                event_index += 1;
                let Some(seat) = stated_seat(s, "event", diags) else {
                    continue;
                };
                let mv = match first_word(s) {
                    Some(SHOWS) => Move::new(Actor::Seat(seat), Action::Show(statement_cards(s, 1, diags))),
                    // The server has one move for giving up: `RE`, a defender's resignation or
                    // the declarer's concession, so `concedes` comes back as `resigns`.
                    Some(RESIGNS | CONCEDES) if s.tokens.len() == 1 => {
                        Move::new(Actor::Seat(seat), Action::Resign)
                    }
                    Some(TIMES_OUT) if s.tokens.len() == 1 => Move::new(Actor::World, Action::TimeOut(seat)),
                    Some(LEAVES) if s.tokens.len() == 1 => Move::new(Actor::World, Action::Leave(seat)),
                    _ => {
                        diags.push(statement_error(s, "event").with_help(
                            "the ISS events are shows, resigns (or concedes), times-out and leaves",
                        ));
                        continue;
                    }
                };
                let at = layout.event_offset(i).unwrap_or(usize::MAX);
                pending.push((at, mv));
            }
        }
    }
    flush(&mut trick, &mut pending, out);
}

fn result(record: &Record, diags: &mut Vec<Diagnostic>) -> Option<IssResult> {
    let section = record.result.as_ref()?;
    let claims = &section.items;
    let exact = record
        .tag(TAG_ISS_RESULT)
        .and_then(|text| parse_result_text(text).ok())
        .filter(|r| same_claims(&claims_of(&r.fields, Span::default()), claims));
    if let Some(r) = exact {
        return Some(IssResult {
            fields: r.fields,
            span: Span::default(),
        });
    }
    match fields_from_claims(claims, Some(section.span).filter(|s| *s != Span::default())) {
        Ok(fields) => Some(IssResult {
            fields,
            span: Span::default(),
        }),
        Err(mut d) => {
            diags.append(&mut d);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_game;
    use crate::to_tree::to_record;
    use crate::write::write;
    use notation::{Claim, Section, Spanned, Tag, Trick};

    const LINE: &str = "(;GM[Skat]PC[International Skat Server]CO[]SE[1]ID[2]DT[2012-01-17/00:07:25/UTC]P0[a]P1[b]P2[c]R0[0.0]R1[]R2[]MV[w DA.S7.DK.CA.D9.CQ.CK.H9.S8.C7.HJ.DT.HA.CT.S9.C9.ST.H8.D7.DJ.HQ.DQ.SK.HK.SQ.H7.C8.D8.SJ.HT.SA.CJ 1 18 0 p 2 p 1 s w SA.CJ 1 G.CT.DT 0 CA 1 C9 2 C8 0 CK 1 D7 2 HT 0 CQ 1 DJ 2 SJ 2 H7 0 H9 1 H8 0 S8 1 S9 2 SK 2 D8 0 DA 1 SC 1 HJ 2 RE 0 RE ]R[d:1 win v:48 m:1 bidok p:84 t:5 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:1] ;)";

    fn tree() -> Record {
        to_record(&parse_game(LINE).unwrap()).unwrap()
    }

    fn codes_of(r: &Record) -> Vec<&'static str> {
        from_record(r).unwrap_err().iter().map(|d| d.code).collect()
    }

    fn tag(name: &str, value: &str) -> Tag {
        Tag {
            name: Spanned::bare(name.into()),
            value: Spanned::bare(value.into()),
            comments: vec![],
        }
    }

    #[test]
    fn a_converted_record_comes_back_byte_for_byte() {
        let r = tree();
        assert_eq!(r.tag("IssLayout"), Some("event:0@2"));
        assert_eq!(write(&from_record(&r).unwrap()), LINE);
    }

    #[test]
    fn edited_claims_regenerate_the_result() {
        let mut r = tree();
        let score = r
            .result
            .as_mut()
            .unwrap()
            .items
            .iter_mut()
            .find(|c| c.key.node == "score")
            .unwrap();
        score.values[0].node = Token::Number(60);
        let g = from_record(&r).unwrap();
        assert!(write(&g).contains("R[d:1 win v:60 m:1 bidok"));
    }

    #[test]
    fn unknown_tags_seats_and_words_are_refused() {
        let mut r = tree();
        r.tags.push(tag("Event", "x"));
        assert_eq!(codes_of(&r), [codes::TAG]);

        let mut r = tree();
        r.tags.retain(|t| t.name.node != "Time");
        assert_eq!(codes_of(&r), [codes::TAG]);

        let mut r = tree();
        r.tags[0].value.node = "doppelkopf".into();
        assert_eq!(codes_of(&r), [codes::TREE_GAME]);

        let mut r = tree();
        r.auction.as_mut().unwrap().items[0].seat.node = "N".into();
        assert_eq!(codes_of(&r), [codes::SEAT]);

        let mut r = tree();
        r.deal.as_mut().unwrap().items[0].cards.pop();
        assert_eq!(codes_of(&r), [codes::TREE_DEAL]);

        let mut r = tree();
        r.exchange.as_mut().unwrap().items[0].tokens[0].node = Token::Word("turns".into());
        assert_eq!(codes_of(&r), [codes::STATEMENT]);

        let mut r = tree();
        r.play.as_mut().unwrap().items.layout = PlayLayout::Columns(vec![]);
        assert_eq!(codes_of(&r), [codes::COLUMNS]);

        let mut r = tree();
        r.result.as_mut().unwrap().items.push(Claim {
            key: Spanned::bare("disputed".into()),
            values: vec![],
            comments: vec![],
        });
        assert_eq!(codes_of(&r), [codes::CLAIM]);

        let mut r = tree();
        if let Some(PlayItem::Trick(t)) = r.play.as_mut().unwrap().items.items.get_mut(0) {
            t.leader = None;
        }
        assert_eq!(codes_of(&r), [codes::TRICK]);

        let mut r = tree();
        r.tags
            .iter_mut()
            .find(|t| t.name.node == "IssLayout")
            .unwrap()
            .value
            .node = "sideways".into();
        assert_eq!(codes_of(&r), [codes::LAYOUT]);
    }

    #[test]
    fn a_hand_written_tree_exports_with_the_server_defaults() {
        let card = |s: &str| {
            let c = cards::parse_card(s, cards::AlphabetSet::default()).unwrap();
            Spanned::bare(Token::Card(CardSlot::Known(c)))
        };
        let mut r = Record::default();
        r.tags.push(tag("Game", "skat"));
        r.tags.push(tag("F", "Ann"));
        r.declaration = Some(Section {
            span: Span::default(),
            comments: vec![],
            items: vec![Statement {
                seat: Some(Spanned::bare("F".into())),
                tokens: vec![
                    Spanned::bare(Token::Word("grand".into())),
                    Spanned::bare(Token::Word("hand".into())),
                ],
                figure: Vec::new(),
                comments: vec![],
            }],
        });
        r.play = Some(Section {
            span: Span::default(),
            comments: vec![],
            items: notation::Play {
                layout: PlayLayout::Leader,
                items: vec![PlayItem::Trick(Trick {
                    number: None,
                    leader: Some(Spanned::bare("F".into())),
                    cards: ["♣J", "♠J", "♥J"]
                        .iter()
                        .map(|c| {
                            let Token::Card(slot) = card(c).node else {
                                unreachable!()
                            };
                            Spanned::bare(slot)
                        })
                        .collect(),
                    claim: None,
                    origins: Vec::new(),
                    taker: None,
                    comments: vec![],
                })],
            },
        });
        r.result = Some(Section {
            span: Span::default(),
            comments: vec![],
            items: vec![Claim {
                key: Spanned::bare("outcome".into()),
                values: vec![Spanned::bare(Token::Word("won".into()))],
                comments: vec![],
            }],
        });
        let g = from_record(&r).unwrap();
        assert_eq!(
            write(&g),
            "(;GM[Skat]P0[Ann]MV[0 GH 0 CJ 1 SJ 2 HJ ]R[d:-1 win p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)"
        );
    }
}
