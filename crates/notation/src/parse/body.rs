//! The body: sections in their order, and the sections made of hands, calls, statements and
//! claims. The play section is in [`super::play`].

use std::ops::Range;

use super::tokens::{
    CardRead, UNSIGNED, is_keyword, is_label, is_number, out_of_range, read_card, read_token, unexpected,
};
use super::{Anchor, Ctx, SectionKind};
use crate::codes;
use crate::diag::{Diagnostic, Kind};
use crate::lex::TokKind;
use crate::tree::{
    Call, CallKind, Claim, HandLine, Record, Said, Section, Sheet, SheetRow, Spanned, Statement, Token,
};

/// One section as found: its kind, the index of its keyword, and its content: the rest of
/// the keyword line and the lines after it.
struct Open {
    kind: SectionKind,
    keyword: usize,
    lines: Vec<Range<usize>>,
}

/// Parses the body lines into the record's sections.
pub(crate) fn parse(ctx: &mut Ctx<'_, '_>, lines: &[Range<usize>], record: &mut Record) {
    let mut open: Option<Open> = None;
    let mut last: Option<SectionKind> = None;
    let mut ended = false;
    for line in lines {
        let Some(first) = ctx.tok(line.start) else {
            continue;
        };
        if ended {
            ctx.diags.push(
                Diagnostic::error(
                    codes::AFTER_END,
                    Kind::Syntax,
                    Some(first.span),
                    format!("{} after the `*` that ends the record", first.kind.describe()),
                )
                .with_help("`*` is the last line of a record's body; only comments may follow it"),
            );
            break;
        }
        if line.len() == 1 && first.word() == Some("*") {
            let span = first.span;
            if let Some(o) = open.take() {
                flush(ctx, o, &mut last, record);
            }
            record.unfinished = Some(span);
            ended = true;
            continue;
        }
        if let Some(kind) = first.word().and_then(SectionKind::from_keyword) {
            if let Some(o) = open.take() {
                flush(ctx, o, &mut last, record);
            }
            let rest = line.start + 1..line.end;
            open = Some(Open {
                kind,
                keyword: line.start,
                lines: vec![rest],
            });
            continue;
        }
        if let Some(o) = open.as_mut() {
            o.lines.push(line.clone());
            continue;
        }
        let d = Diagnostic::error(
            codes::UNKNOWN_SECTION,
            Kind::Syntax,
            Some(first.span),
            format!(
                "expected a section keyword (deal, auction, exchange, declare, melds, play, sheet or result), found {}",
                first.kind.describe()
            ),
        );
        let d = if first.kind == TokKind::LBracket {
            d.with_help("tags belong in the header, before the first section")
        } else if first.word().is_some_and(|w| is_keyword(&w.to_lowercase())) {
            d.with_help("section keywords are written in lower case")
        } else {
            d.with_help("every body line belongs to a section: start the section with its keyword, as `auction M 18, F pass`")
        };
        ctx.diags.push(d);
    }
    if let Some(o) = open.take() {
        flush(ctx, o, &mut last, record);
    }
}

fn present(record: &Record, kind: SectionKind) -> bool {
    match kind {
        SectionKind::Deal => record.deal.is_some(),
        SectionKind::Auction => record.auction.is_some(),
        SectionKind::Exchange => record.exchange.is_some(),
        SectionKind::Declare => record.declaration.is_some(),
        SectionKind::Melds => record.melds.is_some(),
        SectionKind::Play => record.play.is_some(),
        SectionKind::Sheet => record.sheet.is_some(),
        SectionKind::Result => record.result.is_some(),
    }
}

/// Parses a section's content and stores it, unless it is repeated or out of order (then it
/// is parsed only for its findings).
fn flush(ctx: &mut Ctx<'_, '_>, open: Open, last: &mut Option<SectionKind>, record: &mut Record) {
    let Some(span) = ctx.tok(open.keyword).map(|t| t.span) else {
        return;
    };
    let name = open.kind.keyword();
    let keep = if present(record, open.kind) {
        ctx.diags.push(
            Diagnostic::error(
                codes::SECTION_REPEATED,
                Kind::Syntax,
                Some(span),
                format!("section `{name}` is given twice"),
            )
            .with_help(format!("write everything of `{name}` under one keyword")),
        );
        false
    } else if let Some(prev) = last.filter(|l| *l > open.kind) {
        ctx.diags.push(
            Diagnostic::error(
                codes::SECTION_ORDER,
                Kind::Syntax,
                Some(span),
                format!("section `{name}` must come before `{}`", prev.keyword()),
            )
            .with_help(
                "the sections go in the order deal, auction, exchange, declare, melds, play, sheet, result",
            ),
        );
        false
    } else {
        true
    };
    *last = (*last).max(Some(open.kind));
    let mark = ctx.anchors.len();
    ctx.anchor(open.keyword, Anchor::Section(open.kind));
    let whole = open.lines.first().map_or(0, |r| r.start)..open.lines.last().map_or(0, |r| r.end);
    match open.kind {
        SectionKind::Deal => {
            let (items, events) = deal(ctx, &open.lines);
            if keep {
                record.deal = Some(Section::new(span, items));
                record.deal_events = events;
            }
        }
        SectionKind::Auction => {
            let _ = whole;
            let items = auction(ctx, &open.lines);
            if keep {
                record.auction = Some(Section::new(span, items));
            }
        }
        SectionKind::Exchange | SectionKind::Declare | SectionKind::Melds => {
            let items = statements(ctx, &open.lines, open.kind);
            if keep {
                let s = Some(Section::new(span, items));
                match open.kind {
                    SectionKind::Exchange => record.exchange = s,
                    SectionKind::Declare => record.declaration = s,
                    _ => record.melds = s,
                }
            }
        }
        SectionKind::Play => {
            let play = super::play::play(ctx, &open.lines);
            if keep {
                record.play = Some(Section {
                    span,
                    comments: Vec::new(),
                    items: play,
                });
            }
        }
        SectionKind::Sheet => {
            ctx.v2(span, "the `sheet` section");
            let items = sheet(ctx, &open.lines);
            if keep {
                record.sheet = Some(Section::new(span, items));
            }
        }
        SectionKind::Result => {
            let items = claims(ctx, &open.lines);
            if keep {
                record.result = Some(Section::new(span, items));
            }
        }
    }
    if !keep {
        ctx.anchors.truncate(mark);
    }
}

/// The items of a section: its lines split at commas, empty pieces dropped.
pub(crate) fn items(ctx: &Ctx<'_, '_>, lines: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for line in lines {
        let mut start = line.start;
        for i in line.clone() {
            if ctx.tok(i).is_some_and(|t| t.kind == TokKind::Comma) {
                if i > start {
                    out.push(start..i);
                }
                start = i + 1;
            }
        }
        if line.end > start {
            out.push(start..line.end);
        }
    }
    out
}

/// Reports an item that starts with a section keyword or is a lone `*` not on its own line;
/// printed on a line of its own it would read as something else.
pub(crate) fn reserved(ctx: &mut Ctx<'_, '_>, item: &Range<usize>) -> bool {
    let Some(first) = ctx.tok(item.start) else {
        return true;
    };
    let Some(w) = first.word() else { return false };
    let msg = if is_keyword(w) {
        format!("`{w}` is a section keyword and starts a line of its own")
    } else if w == "*" && item.len() == 1 {
        "`*` ends the record and stands alone on its line".to_string()
    } else {
        return false;
    };
    let d = Diagnostic::error(codes::UNEXPECTED, Kind::Syntax, Some(first.span), msg)
        .with_help("start a new line for it, or quote a word that is not meant as a keyword");
    ctx.diags.push(d);
    true
}

fn not_a_seat(ctx: &mut Ctx<'_, '_>, i: usize, what: &str) {
    if let Some(t) = ctx.tok(i) {
        let d = unexpected(t, what).with_help(
            "a seat is a label, such as `N`, `F` or `stock`; it is not a number, a card or a keyword",
        );
        ctx.diags.push(d);
    }
}

/// `SEAT: cards…`, hands separated by commas, line breaks or the next `SEAT:`; and (version
/// 2) events: an item that starts a line or follows a comma with a label not followed by
/// `:` is a statement running to the next comma or line end.
fn deal(ctx: &mut Ctx<'_, '_>, lines: &[Range<usize>]) -> (Vec<HandLine>, Vec<Statement>) {
    let mut hands: Vec<HandLine> = Vec::new();
    let mut events: Vec<Statement> = Vec::new();
    let mut skipping = false;
    for line in lines {
        let mut i = line.start;
        let mut item_start = true;
        while i < line.end {
            let Some(tok) = ctx.tok(i) else { break };
            if tok.kind == TokKind::Comma {
                i += 1;
                item_start = true;
                continue;
            }
            let colon_next = i + 1 < line.end && ctx.tok(i + 1).is_some_and(|t| t.kind == TokKind::Colon);
            if item_start && !colon_next && tok.word().is_some_and(|w| is_label(w, ctx.set)) {
                let end = (i..line.end)
                    .find(|&k| ctx.tok(k).is_some_and(|t| t.kind == TokKind::Comma))
                    .unwrap_or(line.end);
                ctx.v2(tok.span, "an event in the deal");
                ctx.anchor(i, Anchor::Statement(SectionKind::Deal, events.len()));
                events.push(statement(ctx, i..end, false));
                i = end;
                skipping = false;
                continue;
            }
            item_start = false;
            if let (Some(w), true) = (tok.word(), colon_next) {
                if is_label(w, ctx.set) {
                    let seat = Spanned::new(w.to_string(), tok.span);
                    ctx.anchor(i, Anchor::Hand(hands.len()));
                    hands.push(HandLine {
                        seat,
                        cards: Vec::new(),
                        comments: Vec::new(),
                    });
                    skipping = false;
                } else {
                    not_a_seat(ctx, i, "a seat label before `:`");
                    skipping = true;
                }
                i += 2;
                continue;
            }
            if skipping {
                i += 1;
                continue;
            }
            let Some(hand) = hands.last_mut() else {
                let d = unexpected(tok, "`SEAT:` starting a hand, such as `F:`")
                    .with_help("write each hand as `SEAT: cards…`");
                ctx.diags.push(d);
                skipping = true;
                i += 1;
                continue;
            };
            match read_card(ctx.toks, i, ctx.set) {
                CardRead::Card(card, used) => {
                    hand.cards.push(card);
                    i += used;
                }
                CardRead::Bad(d) => {
                    ctx.diags.push(d);
                    i += 1;
                }
            }
        }
    }
    (hands, events)
}

/// `SEAT CALL` pairs, separated by commas, blanks or line breaks; and (version 2) long calls
/// `SEAT: values… [= figure]`, each running to the next comma or line end.
fn auction(ctx: &mut Ctx<'_, '_>, lines: &[Range<usize>]) -> Vec<Call> {
    let mut calls = Vec::new();
    for line in lines {
        let mut i = line.start;
        while i < line.end {
            let Some(tok) = ctx.tok(i) else { break };
            if tok.kind == TokKind::Comma {
                i += 1;
                continue;
            }
            let Some(seat) = tok.word().filter(|w| is_label(w, ctx.set)) else {
                not_a_seat(ctx, i, "a seat");
                i += 1;
                continue;
            };
            let seat = Spanned::new(seat.to_string(), tok.span);
            if i + 1 < line.end && ctx.tok(i + 1).is_some_and(|t| t.kind == TokKind::Colon) {
                let end = (i..line.end)
                    .find(|&k| ctx.tok(k).is_some_and(|t| t.kind == TokKind::Comma))
                    .unwrap_or(line.end);
                ctx.v2(seat.span, "a long call `SEAT: …`");
                let st = statement_tokens(ctx, i + 2..end);
                let span = ctx.tok(end.saturating_sub(1)).map_or(seat.span, |t| t.span);
                ctx.anchor(i, Anchor::Call(calls.len()));
                calls.push(Call {
                    seat,
                    call: Spanned::new(CallKind::Said, span),
                    said: Some(Said {
                        long: true,
                        tokens: st.0,
                        figure: st.1,
                    }),
                    comments: Vec::new(),
                });
                i = end;
                continue;
            }
            let call_tok = ctx.tok(i + 1).filter(|_| i + 1 < line.end);
            let Some((w, span)) = call_tok.and_then(|t| t.word().map(|w| (w, t.span))) else {
                let d = Diagnostic::error(
                    codes::UNEXPECTED,
                    Kind::Syntax,
                    Some(seat.span),
                    format!("`{}` has no call", seat.node),
                )
                .with_help("follow each seat with its call: a number, `yes` or `pass`");
                ctx.diags.push(d);
                i += 1;
                continue;
            };
            let v1 = !ctx.is_v2();
            if let Some(kind) = call(w, span, v1, &mut ctx.diags) {
                let word = if v1 { "yes" } else { w };
                let said = (kind == CallKind::Said).then(|| Said {
                    long: false,
                    tokens: vec![Spanned::new(Token::Word(word.to_string()), span)],
                    figure: Vec::new(),
                });
                ctx.anchor(i, Anchor::Call(calls.len()));
                calls.push(Call {
                    seat,
                    call: Spanned::new(kind, span),
                    said,
                    comments: Vec::new(),
                });
            }
            i += 2;
        }
    }
    calls
}

/// A call word: a number (bid), `pass`/`p`/`no` (any case), or a word call: under version 1
/// (`v1`) only `yes`/`y`/`hold` (any case; another word gives a finding and `None`), under
/// version 2 any other word, kept as written.
pub(crate) fn call(
    w: &str,
    span: crate::tree::Span,
    v1: bool,
    diags: &mut Vec<Diagnostic>,
) -> Option<CallKind> {
    let found = if is_number(w) {
        w.parse::<u32>()
            .map(CallKind::Bid)
            .map_err(|_| out_of_range(w, span, "a bid", UNSIGNED))
    } else {
        match w.to_ascii_lowercase().as_str() {
            // Version 1 knows one word call, written `yes`, `y` or `hold` in any case; its
            // canonical spelling is `yes`.
            "yes" | "y" | "hold" if v1 => Ok(CallKind::Said),
            "pass" | "p" | "no" => Ok(CallKind::Pass),
            _ if !v1 => Ok(CallKind::Said),
            _ => Err(Diagnostic::error(
                codes::UNKNOWN_CALL,
                Kind::Syntax,
                Some(span),
                format!("`{w}` is not a call"),
            )
            .with_help("a call is a bid (a number), `yes` (also `y`, `hold`) or `pass` (also `p`, `no`); other words are calls of notation version 2: write `%stich 2`")),
        }
    };
    found.map_err(|d| diags.push(d)).ok()
}

/// The statements of an exchange, declare or melds section.
fn statements(ctx: &mut Ctx<'_, '_>, lines: &[Range<usize>], kind: SectionKind) -> Vec<Statement> {
    let mut out = Vec::new();
    for item in items(ctx, lines) {
        if reserved(ctx, &item) {
            continue;
        }
        ctx.anchor(item.start, Anchor::Statement(kind, out.len()));
        out.push(statement(ctx, item, true));
    }
    out
}

/// A statement: `SEAT tokens…` (the first token is the seat when it is a label and more
/// tokens follow), or `SEAT: tokens…` when `colon` allows it.
pub(crate) fn statement(ctx: &mut Ctx<'_, '_>, item: Range<usize>, colon: bool) -> Statement {
    let first = ctx
        .tok(item.start)
        .and_then(|t| t.word().map(|w| (w, t.span)))
        .filter(|(w, _)| is_label(w, ctx.set));
    let colon_next = ctx.tok(item.start + 1).is_some_and(|t| t.kind == TokKind::Colon) && item.len() >= 2;
    let (seat, i) = match first {
        Some((w, span)) if colon && colon_next => (Some(Spanned::new(w.to_string(), span)), item.start + 2),
        Some((w, span)) if item.len() >= 2 && !colon_next => {
            (Some(Spanned::new(w.to_string(), span)), item.start + 1)
        }
        _ => (None, item.start),
    };
    let (tokens, figure) = statement_tokens(ctx, i..item.end);
    Statement {
        seat,
        tokens,
        figure,
        comments: Vec::new(),
    }
}

/// The values of a statement and, after the first `=`, its figure (version 2).
pub(crate) fn statement_tokens(
    ctx: &mut Ctx<'_, '_>,
    range: Range<usize>,
) -> (Vec<Spanned<Token>>, Vec<Spanned<Token>>) {
    let mut tokens = Vec::new();
    let mut figure = Vec::new();
    let mut eq: Option<crate::tree::Span> = None;
    let mut i = range.start;
    while i < range.end {
        if eq.is_none()
            && let Some(t) = ctx.tok(i).filter(|t| t.kind == TokKind::Equals)
        {
            eq = Some(t.span);
            ctx.v2(t.span, "a figure `= …` on a statement");
            i += 1;
            continue;
        }
        let (tok, used) = read_token(ctx.toks, i, ctx.set);
        match tok {
            Ok(t) if eq.is_some() => figure.push(t),
            Ok(t) => tokens.push(t),
            Err(d) => ctx.diags.push(d),
        }
        i += used.max(1);
    }
    if let Some(span) = eq.filter(|_| figure.is_empty()) {
        ctx.diags.push(
            Diagnostic::error(
                codes::UNEXPECTED,
                Kind::Syntax,
                Some(span),
                "`=` without a figure",
            )
            .with_help("write the figure after `=`, as `= 20`, or leave the `=` out"),
        );
    }
    (tokens, figure)
}

/// The `sheet` section (version 2): an optional `columns` line, then rows `[N.] statement`.
fn sheet(ctx: &mut Ctx<'_, '_>, lines: &[Range<usize>]) -> Sheet {
    let all = items(ctx, lines);
    let mut rest = all.as_slice();
    let mut columns = None;
    if let Some((first, tail)) = all.split_first()
        && ctx.tok(first.start).and_then(|t| t.word()) == Some("columns")
    {
        columns = Some(super::play::columns(ctx, first.clone()));
        rest = tail;
    }
    let mut rows = Vec::new();
    for item in rest {
        if reserved(ctx, item) {
            continue;
        }
        let mut start = item.start;
        let mut number = None;
        if let Some((w, span)) = ctx.tok(start).and_then(|t| t.word().map(|w| (w, t.span)))
            && let Some(digits) = super::tokens::trick_number(w)
        {
            match digits.parse::<u32>() {
                Ok(n) => number = Some(Spanned::new(n, span)),
                Err(_) => ctx.diags.push(out_of_range(w, span, "a deal number", UNSIGNED)),
            }
            start += 1;
        }
        ctx.anchor(item.start, Anchor::Statement(SectionKind::Sheet, rows.len()));
        let statement = statement(ctx, start..item.end, false);
        rows.push(SheetRow { number, statement });
    }
    Sheet { columns, rows }
}

/// The claims of the result section: `KEY values…`.
fn claims(ctx: &mut Ctx<'_, '_>, lines: &[Range<usize>]) -> Vec<Claim> {
    let mut out = Vec::new();
    for item in items(ctx, lines) {
        if reserved(ctx, &item) {
            continue;
        }
        let Some(first) = ctx.tok(item.start) else {
            continue;
        };
        let Some(key) = first.word().filter(|w| is_label(w, ctx.set)) else {
            let d = unexpected(first, "a claim key such as `points` or `value`")
                .with_help("write each claim as `KEY values…`, as `points 63`");
            ctx.diags.push(d);
            continue;
        };
        let key = Spanned::new(key.to_string(), first.span);
        let mut values = Vec::new();
        let mut i = item.start + 1;
        while i < item.end {
            let (tok, used) = read_token(ctx.toks, i, ctx.set);
            match tok {
                Ok(t) => values.push(t),
                Err(d) => ctx.diags.push(d),
            }
            i += used.max(1);
        }
        ctx.anchor(item.start, Anchor::Claim(out.len()));
        out.push(Claim {
            key,
            values,
            comments: Vec::new(),
        });
    }
    out
}
