//! The play section: the layout, tricks in either layout, and events.

use std::ops::Range;

use super::body::{items, reserved, statement};
use super::tokens::{
    CardRead, UNSIGNED, is_label, is_plain_number, out_of_range, read_card, starts_card, trick_number,
    unexpected,
};
use super::{Anchor, Ctx};
use crate::codes;
use crate::diag::{Diagnostic, Kind};
use crate::lex::TokKind;
use crate::tree::{CardSlot, Layout, Play, PlayItem, Span, Spanned, Trick, TrickClaim};

/// Parses the play section's content lines.
pub(crate) fn play(ctx: &mut Ctx<'_, '_>, lines: &[Range<usize>]) -> Play {
    let all = items(ctx, lines);
    let mut rest = all.as_slice();
    let mut layout = Layout::Leader;
    if let Some((first, tail)) = all.split_first()
        && ctx.tok(first.start).and_then(|t| t.word()) == Some("columns")
    {
        layout = Layout::Columns(columns(ctx, first.clone()));
        rest = tail;
    }
    let mut out = Vec::new();
    for item in rest {
        if reserved(ctx, item) {
            continue;
        }
        let item = item.clone();
        let is_trick = match &layout {
            Layout::Leader => leader_trick_starts(ctx, &item),
            Layout::Columns(_) => row_starts(ctx, &item),
        };
        ctx.anchor(item.start, Anchor::Play(out.len()));
        if is_trick {
            let trick = match &layout {
                Layout::Leader => leader_trick(ctx, item),
                Layout::Columns(names) => row(ctx, item, names),
            };
            out.push(PlayItem::Trick(trick));
        } else {
            out.push(PlayItem::Event(statement(ctx, item, false)));
        }
    }
    Play { layout, items: out }
}

pub(crate) fn columns(ctx: &mut Ctx<'_, '_>, item: Range<usize>) -> Vec<Spanned<String>> {
    let mut names = Vec::new();
    for i in item.start + 1..item.end {
        let Some(tok) = ctx.tok(i) else { break };
        match tok.word().filter(|w| is_label(w, ctx.set)) {
            Some(w) => names.push(Spanned::new(w.to_string(), tok.span)),
            None => {
                let d = unexpected(tok, "a column name (a seat label or a player's name)");
                ctx.diags.push(d);
            }
        }
    }
    if item.len() == 1
        && let Some(tok) = ctx.tok(item.start)
    {
        let d = Diagnostic::error(
            codes::UNEXPECTED,
            Kind::Syntax,
            Some(tok.span),
            "`columns` without the names of the columns",
        )
        .with_help("name the columns in order, as `columns F M R`");
        ctx.diags.push(d);
    }
    names
}

fn is_seat_colon(ctx: &Ctx<'_, '_>, i: usize, end: usize) -> bool {
    i + 1 < end
        && ctx
            .tok(i)
            .and_then(|t| t.word())
            .is_some_and(|w| is_label(w, ctx.set))
        && ctx.tok(i + 1).is_some_and(|t| t.kind == TokKind::Colon)
}

fn leader_trick_starts(ctx: &Ctx<'_, '_>, item: &Range<usize>) -> bool {
    let Some(first) = ctx.tok(item.start) else {
        return false;
    };
    first.kind == TokKind::Equals
        || first.word().is_some_and(|w| trick_number(w).is_some())
        || is_seat_colon(ctx, item.start, item.end)
        || starts_card(ctx.toks, item.start, ctx.set)
        || starts_marked(ctx, item.start)
}

/// Whether the token at `i` is a card with an origin mark (`♦J@table`), version 2 only: under
/// version 1 such a word starts an event, as it always did.
fn starts_marked(ctx: &Ctx<'_, '_>, i: usize) -> bool {
    ctx.is_v2()
        && ctx
            .tok(i)
            .and_then(|t| t.word())
            .is_some_and(|w| marked(w, ctx.set).is_some())
}

/// Splits `card@label` into the card and the label, when both parts are what they claim.
fn marked(w: &str, set: cards::AlphabetSet) -> Option<(CardSlot, &str)> {
    let (card, label) = w.split_once('@')?;
    if !is_label(label, set) || label.contains('@') {
        return None;
    }
    let slot = if card == "??" {
        CardSlot::Unknown
    } else {
        CardSlot::Known(cards::parse_card(card, set).ok()?)
    };
    Some((slot, label))
}

fn row_starts(ctx: &Ctx<'_, '_>, item: &Range<usize>) -> bool {
    let Some(first) = ctx.tok(item.start) else {
        return false;
    };
    first.kind == TokKind::Equals
        || first
            .word()
            .is_some_and(|w| is_plain_number(w) || trick_number(w).is_some())
        || starts_card(ctx.toks, item.start, ctx.set)
        || starts_marked(ctx, item.start)
}

fn number(ctx: &mut Ctx<'_, '_>, digits: &str, w: &str, span: Span) -> Option<Spanned<u32>> {
    match digits.parse::<u32>() {
        Ok(n) => Some(Spanned::new(n, span)),
        Err(_) => {
            ctx.diags.push(out_of_range(w, span, "a trick number", UNSIGNED));
            None
        }
    }
}

/// `[N.] [SEAT:] cards… [= claim]`.
fn leader_trick(ctx: &mut Ctx<'_, '_>, item: Range<usize>) -> Trick {
    let mut trick = Trick {
        number: None,
        leader: None,
        cards: Vec::new(),
        origins: Vec::new(),
        claim: None,
        taker: None,
        comments: Vec::new(),
    };
    let mut i = item.start;
    if let Some((w, span)) = ctx.tok(i).and_then(|t| t.word().map(|w| (w, t.span)))
        && let Some(digits) = trick_number(w)
    {
        trick.number = number(ctx, digits, w, span);
        i += 1;
    }
    if is_seat_colon(ctx, i, item.end) {
        if let Some(t) = ctx.tok(i) {
            trick.leader = t.word().map(|w| Spanned::new(w.to_string(), t.span));
        }
        i += 2;
    }
    while i < item.end {
        if ctx.tok(i).is_some_and(|t| t.kind == TokKind::Equals) {
            (trick.taker, trick.claim) = claim(ctx, i, item.end);
            break;
        }
        i += card(ctx, i, &mut trick);
    }
    trick
}

/// `[N] cards… [claim | = claim]`, cards in column order.
fn row(ctx: &mut Ctx<'_, '_>, item: Range<usize>, names: &[Spanned<String>]) -> Trick {
    let mut trick = Trick {
        number: None,
        leader: None,
        cards: Vec::new(),
        origins: Vec::new(),
        claim: None,
        taker: None,
        comments: Vec::new(),
    };
    let mut i = item.start;
    if let Some((w, span)) = ctx.tok(i).and_then(|t| t.word().map(|w| (w, t.span))) {
        let digits = if is_plain_number(w) {
            Some(w)
        } else {
            trick_number(w)
        };
        if let Some(digits) = digits {
            trick.number = number(ctx, digits, w, span);
            i += 1;
        }
    }
    while i < item.end {
        let Some(tok) = ctx.tok(i) else { break };
        if tok.kind == TokKind::Equals {
            (trick.taker, trick.claim) = claim(ctx, i, item.end);
            break;
        }
        if i + 1 == item.end
            && let Some(w) = tok.word().filter(|w| is_plain_number(w) || *w == "-")
        {
            trick.claim = claim_value(ctx, w, tok.span);
            break;
        }
        i += card(ctx, i, &mut trick);
    }
    if let Some(extra) = trick.cards.get(names.len()).filter(|_| !names.is_empty()) {
        let list: Vec<&str> = names.iter().map(|n| n.node.as_str()).collect();
        let which = trick
            .number
            .as_ref()
            .map_or(String::new(), |n| format!(" {}", n.node));
        ctx.diags.push(
            Diagnostic::error(
                codes::TOO_MANY_CARDS,
                Kind::Syntax,
                Some(extra.span),
                format!(
                    "trick{which} has {} cards but the play has {} columns ({})",
                    trick.cards.len(),
                    names.len(),
                    list.join(" ")
                ),
            )
            .with_help("write one card per column, in column order"),
        );
    }
    trick
}

/// Reads one card into the trick; returns how many tokens it took.
fn card(ctx: &mut Ctx<'_, '_>, i: usize, trick: &mut Trick) -> usize {
    match read_card(ctx.toks, i, ctx.set) {
        CardRead::Card(c, used) => {
            trick.cards.push(c);
            if !trick.origins.is_empty() {
                trick.origins.push(None);
            }
            used
        }
        CardRead::Bad(d) => {
            if let Some(tok) = ctx.tok(i)
                && let Some((slot, label)) = tok.word().and_then(|w| marked(w, ctx.set))
            {
                ctx.v2(tok.span, "a card's origin `@…`");
                trick.origins.resize(trick.cards.len(), None);
                trick.cards.push(Spanned::new(slot, tok.span));
                trick
                    .origins
                    .push(Some(Spanned::new(label.to_string(), tok.span)));
                return 1;
            }
            ctx.diags.push(d);
            1
        }
    }
}

/// `= 4` or `= -` at `eq`, or (version 2) `= TAKER 4`; returns the taker and the claim.
fn claim(
    ctx: &mut Ctx<'_, '_>,
    eq: usize,
    end: usize,
) -> (Option<Spanned<String>>, Option<Spanned<TrickClaim>>) {
    let Some(eq_span) = ctx.tok(eq).map(|t| t.span) else {
        return (None, None);
    };
    let Some(tok) = ctx.tok(eq + 1).filter(|_| eq + 1 < end) else {
        ctx.diags.push(
            Diagnostic::error(
                codes::UNEXPECTED,
                Kind::Syntax,
                Some(eq_span),
                "`=` without the trick's points",
            )
            .with_help("write the points taken in the trick, as `= 4` (version 2 also `= NS 4`: the taker and the points), or `= -`"),
        );
        return (None, None);
    };
    let mut next = eq + 2;
    let mut taker = None;
    let value = match tok.word().filter(|w| is_plain_number(w) || *w == "-") {
        Some(w) => claim_value(ctx, w, tok.span),
        None => {
            let points = ctx
                .tok(eq + 2)
                .filter(|_| eq + 2 < end)
                .and_then(|p| p.word().filter(|w| is_plain_number(w)).map(|w| (w, p.span)));
            match (tok.word().filter(|w| is_label(w, ctx.set)), points) {
                (Some(by), Some((w, span))) => {
                    ctx.v2(tok.span, "the taker in a trick claim");
                    taker = Some(Spanned::new(by.to_string(), tok.span));
                    next = eq + 3;
                    claim_value(ctx, w, span)
                }
                _ => {
                    let d = unexpected(tok, "the trick's points or `-` after `=`");
                    ctx.diags.push(d);
                    None
                }
            }
        }
    };
    if let Some(extra) = ctx.tok(next).filter(|_| next < end) {
        let d = unexpected(extra, "the end of the trick after its claim");
        ctx.diags.push(d);
    }
    (taker, value)
}

fn claim_value(ctx: &mut Ctx<'_, '_>, w: &str, span: Span) -> Option<Spanned<TrickClaim>> {
    if w == "-" {
        return Some(Spanned::new(TrickClaim::Lost, span));
    }
    match w.parse::<u32>() {
        Ok(n) => Some(Spanned::new(TrickClaim::Points(n), span)),
        Err(_) => {
            ctx.diags
                .push(out_of_range(w, span, "a trick's points", UNSIGNED));
            None
        }
    }
}
