//! Reading the `MV` property: `<actor> <action>` pairs separated by blanks.

use notation::{CardSlot, Diagnostic, Kind, Span};

use crate::codes;
use crate::model::{Action, Actor, Deal, Declaration, GameKind, Modifier, Move, Moves, Seat};
use crate::pos::{Pos, sub_span};
use crate::token::{card, looks_like_card};

/// One blank-separated token of a property value and where it stands.
pub(crate) struct Token<'a> {
    pub text: &'a [u8],
    pub span: Span,
}

/// Splits a value into blank-separated tokens, tracking positions from `base`.
pub(crate) fn tokens(value: &[u8], base: Pos) -> impl Iterator<Item = Token<'_>> {
    let mut pos = base;
    let mut rest = value;
    // One pass over each run: blanks are ASCII, so each moves the column by one (a line break
    // starts a line); a token holds no line break, so its column moves by its characters.
    std::iter::from_fn(move || {
        let skip = rest.iter().position(|b| !b.is_ascii_whitespace())?;
        for &b in rest.get(..skip).unwrap_or_default() {
            if b == b'\n' {
                pos.line += 1;
                pos.column = 1;
            } else {
                pos.column += 1;
            }
        }
        pos.offset += skip;
        let tail = rest.get(skip..).unwrap_or_default();
        let len = tail
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(tail.len());
        let text = tail.get(..len).unwrap_or_default();
        let start = pos;
        pos.offset += len;
        let chars = text.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        pos.column += u32::try_from(chars).unwrap_or(u32::MAX);
        rest = tail.get(len..).unwrap_or_default();
        Some(Token {
            text,
            span: start.to(pos),
        })
    })
}

fn err(code: &'static str, span: Span, message: String) -> Diagnostic {
    Diagnostic::error(code, Kind::Syntax, Some(span), message)
}

fn show(text: &[u8]) -> String {
    String::from_utf8_lossy(text).into_owned()
}

/// Reads an `MV` value. Every malformed move is reported; the others are kept.
pub(crate) fn read_moves(value: &[u8], base: Pos, span: Span, diags: &mut Vec<Diagnostic>) -> Moves {
    let mut moves = Vec::with_capacity(80);
    let mut toks = tokens(value, base);
    while let Some(actor_tok) = toks.next() {
        let actor = match actor_tok.text {
            b"w" => Some(Actor::World),
            b"0" => Some(Actor::Seat(Seat::Fore)),
            b"1" => Some(Actor::Seat(Seat::Middle)),
            b"2" => Some(Actor::Seat(Seat::Rear)),
            _ => None,
        };
        let Some(action_tok) = toks.next() else {
            diags.push(
                err(
                    codes::NO_ACTION,
                    actor_tok.span,
                    format!("move `{}` has no action", show(actor_tok.text)),
                )
                .with_help("every move is an actor (`w`, `0`, `1`, `2`) followed by an action"),
            );
            break;
        };
        let Some(actor) = actor else {
            diags.push(
                err(
                    codes::ACTOR,
                    actor_tok.span,
                    format!("`{}` is not an actor", show(actor_tok.text)),
                )
                .with_help("an actor is `w` (the server) or a seat `0`, `1`, `2`"),
            );
            continue;
        };
        let result = match actor {
            Actor::World => world_action(action_tok.text, action_tok.span),
            Actor::Seat(_) => player_action(action_tok.text, action_tok.span),
        };
        match result {
            Ok(action) => moves.push(Move {
                actor,
                action,
                span: action_tok.span,
            }),
            Err(d) => diags.push(d),
        }
    }
    let trailing_space = value.last().is_some_and(|b| b.is_ascii_whitespace());
    Moves {
        moves,
        trailing_space,
        span,
    }
}

/// Reads `n` dot-separated cards (`|` allowed between them when `bars` is given), starting
/// at byte `from` of the token.
fn card_list(
    text: &[u8],
    from: usize,
    span: Span,
    bars: Option<&mut u32>,
) -> Result<Vec<CardSlot>, Diagnostic> {
    let mut out = Vec::with_capacity(text.len().saturating_sub(from).div_ceil(3));
    let mut mask = 0u32;
    let mut i = from;
    while i < text.len() {
        let seg_end = text
            .get(i..)
            .and_then(|t| t.iter().position(|&b| b == b'.' || b == b'|'))
            .map_or(text.len(), |p| i + p);
        let seg = text.get(i..seg_end).unwrap_or_default();
        let Some(slot) = card(seg) else {
            return Err(err(
                codes::CARD,
                sub_span(span, i, seg.len()),
                format!("`{}` is not a card", show(seg)),
            )
            .with_help("a card is a suit letter `C S H D` and a rank `A K Q J T 9 8 7`, or `??`"));
        };
        out.push(slot);
        if text.get(seg_end) == Some(&b'|') {
            if bars.is_none() {
                return Err(err(
                    codes::CARD,
                    sub_span(span, seg_end, 1),
                    "`|` separates hands only in a deal".into(),
                ));
            }
            if let Some(bit) = out.len().checked_sub(1).filter(|&b| b < 32) {
                mask |= 1 << bit;
            }
        }
        if seg_end + 1 == text.len() {
            return Err(err(
                codes::CARD,
                sub_span(span, seg_end, 1),
                "a card list ends with a separator".into(),
            ));
        }
        i = seg_end + 1;
    }
    if let Some(b) = bars {
        *b = mask;
    }
    Ok(out)
}

fn world_action(text: &[u8], span: Span) -> Result<Action, Diagnostic> {
    if let [kind @ (b'T' | b'L'), second @ (b'I' | b'E'), b'.', seat] = text
        && matches!((kind, second), (b'T', b'I') | (b'L', b'E'))
    {
        let seat = Seat::from_index(i64::from(*seat) - i64::from(b'0'))
            .ok_or_else(|| err(codes::ACTION, span, format!("`{}` names no seat", show(text))))?;
        return Ok(if *kind == b'T' {
            Action::TimeOut(seat)
        } else {
            Action::Leave(seat)
        });
    }
    if !looks_like_card(text.get(..2).unwrap_or(text)) && card(text.get(..2).unwrap_or(text)).is_none() {
        return Err(err(
            codes::ACTION,
            span,
            format!("`{}` is not a server move", show(text)),
        )
        .with_help("the server deals (32 cards), shows the skat (2 cards), or reports `TI.n` or `LE.n`"));
    }
    let mut bars = 0;
    let cards = card_list(text, 0, span, Some(&mut bars))?;
    match cards.len() {
        32 => {
            let mut deal = Deal {
                cards: [CardSlot::Unknown; 32],
                bars,
            };
            deal.cards.copy_from_slice(&cards);
            Ok(Action::Deal(Box::new(deal)))
        }
        2 if bars == 0 => Ok(Action::Skat([cards[0], cards[1]])),
        n => Err(
            err(codes::DEAL, span, format!("the server's move lists {n} cards"))
                .with_help("a deal lists 32 cards (10 + 10 + 10 + skat 2), the skat 2"),
        ),
    }
}

fn player_action(text: &[u8], span: Span) -> Result<Action, Diagnostic> {
    match text {
        b"y" => return Ok(Action::Hold),
        b"p" => return Ok(Action::Pass),
        b"s" => return Ok(Action::Pickup),
        b"RE" => return Ok(Action::Resign),
        b"SC" => return Ok(Action::Show(Vec::new())),
        _ => {}
    }
    // Plays and discards are nearly every player move: read them without building a list.
    // `card_list` gives the same actions for these shapes, so the result does not change.
    match text {
        [_, _] => {
            if let Some(c) = card(text) {
                return Ok(Action::Card(c));
            }
        }
        [a0, a1, b'.', b0, b1] => {
            if let (Some(a), Some(b)) = (card(&[*a0, *a1]), card(&[*b0, *b1])) {
                return Ok(Action::Discard([a, b]));
            }
        }
        _ => {}
    }
    if text.first().is_some_and(u8::is_ascii_digit) {
        return bid(text, span);
    }
    if text.starts_with(b"SC.") {
        return card_list(text, 3, span, None).map(Action::Show);
    }
    let head_len = text
        .iter()
        .position(|&b| b == b'.' || b == b'|')
        .unwrap_or(text.len());
    let head = text.get(..head_len).unwrap_or_default();
    if card(head).is_some() || looks_like_card(head) {
        let cards = card_list(text, 0, span, None)?;
        return match cards.as_slice() {
            [c] => Ok(Action::Card(*c)),
            [a, b] => Ok(Action::Discard([*a, *b])),
            _ => Err(err(
                codes::ACTION,
                span,
                format!("a player's move lists {} cards", cards.len()),
            )
            .with_help("a player plays one card or discards two")),
        };
    }
    if let Some((&first, mods)) = head.split_first()
        && let Some(kind) = GameKind::from_letter(first)
        && mods.iter().all(|&b| Modifier::from_letter(b).is_some())
    {
        let mut modifiers = Vec::with_capacity(mods.len());
        for (i, &b) in mods.iter().enumerate() {
            let m = Modifier::from_letter(b).unwrap_or(Modifier::Hand);
            if modifiers.contains(&m) {
                return Err(err(
                    codes::DECLARATION,
                    sub_span(span, i + 1, 1),
                    format!("modifier `{}` is given twice", b as char),
                ));
            }
            modifiers.push(m);
        }
        let cards = if head_len < text.len() {
            card_list(text, head_len + 1, span, None)?
        } else {
            Vec::new()
        };
        return Ok(Action::Declare(Declaration {
            kind,
            modifiers,
            cards,
        }));
    }
    Err(err(
        codes::ACTION,
        span,
        format!("`{}` is not a player's move", show(text)),
    )
    .with_help(
        "a player bids (a number), answers `y` or `p`, picks up with `s`, declares (`G`, `CH`, `NO.…`), \
         plays a card, shows with `SC` or resigns with `RE`",
    ))
}

fn bid(text: &[u8], span: Span) -> Result<Action, Diagnostic> {
    let canonical = text.iter().all(u8::is_ascii_digit) && (text == b"0" || text.first() != Some(&b'0'));
    let value = std::str::from_utf8(text).ok().and_then(|s| s.parse::<u32>().ok());
    match value {
        Some(v) if canonical => Ok(Action::Bid(v)),
        _ => Err(err(codes::BID, span, format!("`{}` is not a bid", show(text)))
            .with_help("a bid is a plain decimal number without leading zeros, such as `18`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Card, Rank, Suit};

    fn read(text: &str) -> (Moves, Vec<Diagnostic>) {
        let mut d = Vec::new();
        let m = read_moves(text.as_bytes(), Pos::start(), Span::default(), &mut d);
        (m, d)
    }

    fn known(s: Suit, r: Rank) -> CardSlot {
        CardSlot::Known(Card::new(s, r))
    }

    #[test]
    fn reads_every_kind_of_move() {
        let (m, d) = read(
            "1 18 0 y 2 p 0 s w H8.CK 0 G.ST.H8 0 NOH 1 DT.HA 0 SA 1 SC 1 SC.CJ 2 RE w TI.1 w LE.2 0 ?? ",
        );
        assert!(d.is_empty(), "{d:?}");
        let a: Vec<_> = m.moves.iter().map(|m| m.action.clone()).collect();
        assert_eq!(a[0], Action::Bid(18));
        assert_eq!(a[1], Action::Hold);
        assert_eq!(a[2], Action::Pass);
        assert_eq!(a[3], Action::Pickup);
        assert_eq!(
            a[4],
            Action::Skat([known(Suit::Hearts, Rank::Eight), known(Suit::Clubs, Rank::King)])
        );
        match &a[5] {
            Action::Declare(d) => {
                assert_eq!(d.kind, GameKind::Grand);
                assert!(d.modifiers.is_empty());
                assert_eq!(d.cards.len(), 2);
            }
            other => panic!("{other:?}"),
        }
        match &a[6] {
            Action::Declare(d) => {
                assert_eq!(d.kind, GameKind::Null);
                assert_eq!(d.modifiers, vec![Modifier::Ouvert, Modifier::Hand]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            a[7],
            Action::Discard([known(Suit::Diamonds, Rank::Ten), known(Suit::Hearts, Rank::Ace)])
        );
        assert_eq!(a[8], Action::Card(known(Suit::Spades, Rank::Ace)));
        assert_eq!(a[9], Action::Show(vec![]));
        assert_eq!(a[10], Action::Show(vec![known(Suit::Clubs, Rank::Jack)]));
        assert_eq!(a[11], Action::Resign);
        assert_eq!(a[12], Action::TimeOut(Seat::Middle));
        assert_eq!(a[13], Action::Leave(Seat::Rear));
        assert_eq!(a[14], Action::Card(CardSlot::Unknown));
        assert!(m.trailing_space);
        assert_eq!(m.moves[0].actor, Actor::Seat(Seat::Middle));
    }

    #[test]
    fn reads_deals_with_dots_and_bars() {
        let hand = "??.??.??.??.??.??.??.??.??.??";
        let (m, d) = read(&format!("w {hand}|{hand}|HJ.C9.SK.S8.S7.HT.DA.DK.D9.D7|??.??"));
        assert!(d.is_empty(), "{d:?}");
        match &m.moves[0].action {
            Action::Deal(deal) => {
                assert_eq!(deal.bars, (1 << 9) | (1 << 19) | (1 << 29));
                assert_eq!(deal.cards[20], known(Suit::Hearts, Rank::Jack));
                assert_eq!(deal.hand(Seat::Rear)[1], known(Suit::Clubs, Rank::Nine));
            }
            other => panic!("{other:?}"),
        }
        assert!(!m.trailing_space);
    }

    #[test]
    fn token_spans_are_those_of_advancing_byte_by_byte() {
        let value = " w  CJ.SJ\n 0\t\t18 ♣x  \n\n 1 p ";
        let base = Pos {
            offset: 5,
            line: 2,
            column: 4,
        };
        let got: Vec<(String, Span)> = tokens(value.as_bytes(), base)
            .map(|t| (show(t.text), t.span))
            .collect();
        // The reference: split on blanks, positions advanced one byte at a time.
        let mut want = Vec::new();
        let mut pos = base;
        let mut current: Option<(usize, Pos)> = None;
        for (i, b) in value.bytes().enumerate() {
            match (b.is_ascii_whitespace(), current) {
                (true, Some((from, start))) => {
                    want.push((value[from..i].to_string(), start.to(pos)));
                    current = None;
                }
                (false, None) => current = Some((i, pos)),
                _ => {}
            }
            pos.advance(b);
        }
        assert_eq!(got, want);
        assert_eq!(got.len(), 7);
        assert_eq!((got[4].1.line, got[4].1.column), (3, 8));
    }

    #[test]
    fn malformed_moves_get_their_codes_and_spans() {
        let cases = [
            ("x 18", codes::ACTOR),
            ("0", codes::NO_ACTION),
            ("0 XYZ", codes::ACTION),
            ("w 18", codes::ACTION),
            ("w TI.5", codes::ACTION),
            ("0 S6", codes::CARD),
            ("0 G.HK.", codes::CARD),
            ("w CA.CK.CQ", codes::DEAL),
            ("1 018", codes::BID),
            ("1 99999999999", codes::BID),
            ("0 GHH", codes::DECLARATION),
            ("0 HA.HK.HQ", codes::ACTION),
            ("0 HA|HK", codes::CARD),
        ];
        for (text, code) in cases {
            let (_, d) = read(text);
            assert_eq!(d.len(), 1, "{text}: {d:?}");
            assert_eq!(d[0].code, code, "{text}");
        }
        let (m, d) = read("1 18 0 XX 0 y");
        assert_eq!(m.moves.len(), 2);
        let span = d[0].span.unwrap();
        assert_eq!((span.start, span.end, span.column), (7, 9, 8));
    }
}
