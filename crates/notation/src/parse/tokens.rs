//! What a word is: a card, a number, a seat label or a plain word.

use cards::{Alphabet, AlphabetSet, CardTokenError, CardTokenErrorKind, parse_card};

use crate::codes;
use crate::diag::{Diagnostic, Kind};
use crate::lex::{Tok, TokKind};
use crate::tree::{CardSlot, Span, Spanned, Token};

/// The section keywords, in the order the body must follow them (`sheet` is version 2).
pub const KEYWORDS: [&str; 8] = [
    "deal", "auction", "exchange", "declare", "melds", "play", "sheet", "result",
];

/// Whether the word is a section keyword.
pub(crate) fn is_keyword(w: &str) -> bool {
    KEYWORDS.contains(&w)
}

/// `[+-]?[0-9]+`.
pub(crate) fn is_number(w: &str) -> bool {
    let digits = w.strip_prefix(['+', '-']).unwrap_or(w);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `[0-9]+`.
pub(crate) fn is_plain_number(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

/// `[0-9]+.`, a trick number of the leader layout; returns the digits.
pub(crate) fn trick_number(w: &str) -> Option<&str> {
    w.strip_suffix('.').filter(|d| is_plain_number(d))
}

/// A lone suit symbol, as the 1897 book prints `♣ A`.
pub(crate) fn is_lone_suit(w: &str) -> bool {
    let mut chars = w.trim_end_matches('\u{FE0F}').chars();
    matches!(chars.next(), Some('♣' | '♠' | '♥' | '♦' | '♧' | '♤' | '♡' | '♢')) && chars.next().is_none()
}

/// Whether the word can name a seat, a column or a claim key: not a keyword, `*`, `??`, a
/// number, a trick number, a lone suit symbol or anything the record's alphabets read as a
/// card.
pub(crate) fn is_label(w: &str, set: AlphabetSet) -> bool {
    !(is_keyword(w)
        || w == "*"
        || w == "??"
        || is_number(w)
        || trick_number(w).is_some()
        || is_lone_suit(w)
        || match parse_card(w, set) {
            Ok(_) => true,
            Err(e) => matches!(e.kind, CardTokenErrorKind::Ambiguous(..)),
        })
}

/// A span from the start of `a` to the end of `b`.
pub(crate) fn join_spans(a: Span, b: Span) -> Span {
    Span {
        end: b.end.max(a.end),
        ..a
    }
}

/// The result of reading a card at a token.
pub(crate) enum CardRead {
    /// A card (or `??`) and how many tokens it took (2 for `♣ A`).
    Card(Spanned<CardSlot>, usize),
    /// Not a card; the finding says why.
    Bad(Diagnostic),
}

/// Reads the card at `toks[i]`, joining a lone suit symbol with the rank after it.
pub(crate) fn read_card(toks: &[Tok<'_>], i: usize, set: AlphabetSet) -> CardRead {
    let Some(tok) = toks.get(i) else {
        return CardRead::Bad(Diagnostic::error(
            codes::UNEXPECTED,
            Kind::Syntax,
            None,
            "expected a card",
        ));
    };
    let Some(w) = tok.word() else {
        return CardRead::Bad(unexpected(tok, "a card"));
    };
    if w == "??" {
        return CardRead::Card(Spanned::new(CardSlot::Unknown, tok.span), 1);
    }
    if is_lone_suit(w)
        && let Some(next) = toks.get(i + 1).filter(|t| t.spaced)
        && let Some(rank) = next.word()
        && let Ok(card) = parse_card(&format!("{w}{rank}"), set)
    {
        return CardRead::Card(
            Spanned::new(CardSlot::Known(card), join_spans(tok.span, next.span)),
            2,
        );
    }
    match parse_card(w, set) {
        Ok(card) => CardRead::Card(Spanned::new(CardSlot::Known(card), tok.span), 1),
        Err(e) => CardRead::Bad(card_error(w, tok.span, e, set)),
    }
}

/// Whether the token at `i` starts a card (so that an item beginning there is a trick).
pub(crate) fn starts_card(toks: &[Tok<'_>], i: usize, set: AlphabetSet) -> bool {
    match toks.get(i).and_then(Tok::word) {
        Some("??") => true,
        Some(w) => {
            matches!(read_card(toks, i, set), CardRead::Card(..))
                || matches!(
                    parse_card(w, set),
                    Err(CardTokenError {
                        kind: CardTokenErrorKind::Ambiguous(..),
                        ..
                    })
                )
        }
        None => false,
    }
}

/// The finding for a token that is not a card, with help when another alphabet reads it.
pub(crate) fn card_error(w: &str, span: Span, err: CardTokenError, set: AlphabetSet) -> Diagnostic {
    match err.kind {
        CardTokenErrorKind::Ambiguous(a, b) => Diagnostic::error(
            codes::AMBIGUOUS_CARD,
            Kind::Syntax,
            Some(span),
            format!("card token `{w}` is {err}"),
        )
        .with_help(format!("write the card in the canonical form, `{a}` or `{b}`")),
        CardTokenErrorKind::Unknown => {
            let d = Diagnostic::error(
                codes::UNKNOWN_CARD,
                Kind::Syntax,
                Some(span),
                format!("`{w}` is not a card: {err}"),
            );
            let other = [Alphabet::German, Alphabet::French1890]
                .into_iter()
                .filter(|a| !set.contains(*a))
                .find_map(|a| parse_card(w, set.with(a)).ok().map(|c| (a, c)));
            if let Some((a, card)) = other {
                d.with_help(format!(
                    "add [Cards \"{}\"] to the header to read `{w}` as {card}",
                    a.name()
                ))
            } else if is_lone_suit(w) {
                d.with_help(format!("write the suit and the rank together, as `{w}A`"))
            } else {
                d.with_help("write a card as suit and rank (`♣J`, `J♣`), in ISS letters (`CJ`, `HT`), as a playing-card glyph, or `??` for an unknown card")
            }
        }
    }
}

/// The finding for a token where something else was expected.
pub(crate) fn unexpected(tok: &Tok<'_>, expected: &str) -> Diagnostic {
    Diagnostic::error(
        codes::UNEXPECTED,
        Kind::Syntax,
        Some(tok.span),
        format!("expected {expected}, found {}", tok.kind.describe()),
    )
}

/// The finding for a number out of range: `what` names the place, `range` the numbers
/// allowed there.
pub(crate) fn out_of_range(w: &str, span: Span, what: &str, range: &str) -> Diagnostic {
    Diagnostic::error(
        codes::NUMBER_RANGE,
        Kind::Syntax,
        Some(span),
        format!("`{w}` is out of range for {what}"),
    )
    .with_help(format!("{what} is a whole number from {range}"))
}

/// The range of unsigned numbers (bids, trick numbers, trick points).
pub(crate) const UNSIGNED: &str = "0 to 4294967295";

/// Reads one statement or claim token at `toks[i]`: text, `??`, number, card or word.
/// Returns the token and how many tokens it took.
pub(crate) fn read_token(
    toks: &[Tok<'_>],
    i: usize,
    set: AlphabetSet,
) -> (Result<Spanned<Token>, Diagnostic>, usize) {
    let Some(tok) = toks.get(i) else {
        return (
            Err(Diagnostic::error(
                codes::UNEXPECTED,
                Kind::Syntax,
                None,
                "expected a token",
            )),
            1,
        );
    };
    let w = match &tok.kind {
        TokKind::Str(s) => return (Ok(Spanned::new(Token::Text(s.clone()), tok.span)), 1),
        TokKind::Word(w) => *w,
        _ => return (Err(unexpected(tok, "a word, number, card or string")), 1),
    };
    if is_number(w) {
        return match w.parse::<i64>() {
            Ok(n) => (Ok(Spanned::new(Token::Number(n), tok.span)), 1),
            Err(_) => (
                Err(out_of_range(
                    w,
                    tok.span,
                    "a number",
                    "-9223372036854775808 to 9223372036854775807",
                )),
                1,
            ),
        };
    }
    match read_card(toks, i, set) {
        CardRead::Card(card, used) => (Ok(Spanned::new(Token::Card(card.node), card.span)), used),
        CardRead::Bad(d) if d.code == codes::AMBIGUOUS_CARD => (Err(d), 1),
        CardRead::Bad(_) => (Ok(Spanned::new(Token::Word(w.to_string()), tok.span)), 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lex::{Pos, lex};
    use cards::{Card, Rank, Suit};

    #[test]
    fn word_shapes() {
        assert!(is_number("-48") && is_number("+2") && is_number("63"));
        assert!(!is_number("-") && !is_number("4a") && !is_number(""));
        assert_eq!(trick_number("12."), Some("12"));
        assert_eq!(trick_number("."), None);
        assert!(is_lone_suit("♣") && is_lone_suit("♡\u{FE0F}") && !is_lone_suit("♣A"));
    }

    #[test]
    fn labels_exclude_cards_numbers_and_keywords() {
        let set = AlphabetSet::DEFAULT;
        for w in ["F", "M", "R", "skat", "Anna", "A", "-"] {
            assert!(is_label(w, set), "{w}");
        }
        for w in ["CJ", "♣J", "18", "1.", "play", "*", "??", "♣"] {
            assert!(!is_label(w, set), "{w}");
        }
    }

    #[test]
    fn a_lone_suit_joins_the_rank_after_it() {
        let l = lex("♣ A ♣K", Pos::line_start(0, 1));
        let CardRead::Card(c, used) = read_card(&l.toks, 0, AlphabetSet::DEFAULT) else {
            panic!()
        };
        assert_eq!(used, 2);
        assert_eq!(c.node, CardSlot::Known(Card::new(Suit::Clubs, Rank::Ace)));
        assert_eq!((c.span.start, c.span.end), (0, 5));
    }

    #[test]
    fn german_help_is_offered() {
        let l = lex("♣B", Pos::line_start(0, 1));
        let CardRead::Bad(d) = read_card(&l.toks, 0, AlphabetSet::DEFAULT) else {
            panic!()
        };
        assert_eq!(d.code, codes::UNKNOWN_CARD);
        assert_eq!(
            d.message,
            "`♣B` is not a card: not a card in any of the alphabets tried (symbols, ascii, glyphs)"
        );
        assert_eq!(
            d.help.as_deref(),
            Some("add [Cards \"german\"] to the header to read `♣B` as ♣J")
        );
    }

    #[test]
    fn statement_tokens() {
        let l = lex("hand -48 ♦7 ?? \"x\" 99999999999999999999", Pos::line_start(0, 1));
        let set = AlphabetSet::DEFAULT;
        let got: Vec<_> = (0..5)
            .map(|i| read_token(&l.toks, i, set).0.unwrap().node)
            .collect();
        assert_eq!(
            got,
            vec![
                Token::Word("hand".into()),
                Token::Number(-48),
                Token::Card(CardSlot::Known(Card::new(Suit::Diamonds, Rank::Seven))),
                Token::Card(CardSlot::Unknown),
                Token::Text("x".into()),
            ]
        );
        assert_eq!(
            read_token(&l.toks, 5, set).0.unwrap_err().code,
            codes::NUMBER_RANGE
        );
    }
}
