//! Pieces of a record as a generator builds them: tokens, tags, deal lines, play events and
//! claims without source positions (a printed record gets its positions when read back).

use cards::Card;
use notation::{CardSlot, Claim, HandLine, PlayItem, Spanned, Statement, Tag, Token};

/// A node without a source position.
pub fn bare<T>(node: T) -> Spanned<T> {
    Spanned::bare(node)
}

/// A word token.
pub fn word(w: &str) -> Spanned<Token> {
    bare(Token::Word(w.to_string()))
}

/// A number token.
pub fn number(n: i64) -> Spanned<Token> {
    bare(Token::Number(n))
}

/// Card tokens, in order.
pub fn card_tokens(cards: impl IntoIterator<Item = Card>) -> Vec<Spanned<Token>> {
    cards
        .into_iter()
        .map(|c| bare(Token::Card(CardSlot::Known(c))))
        .collect()
}

/// A play event of `seat`: its tokens and, when given, its figure (`= 20`).
pub fn event(seat: &str, tokens: Vec<Spanned<Token>>, figure: Option<i64>) -> PlayItem {
    PlayItem::Event(Statement {
        seat: Some(bare(seat.to_string())),
        tokens,
        figure: figure.map(number).into_iter().collect(),
        comments: Vec::new(),
    })
}

/// A header tag.
pub fn tag(name: &str, value: &str) -> Tag {
    Tag {
        name: bare(name.to_string()),
        value: bare(value.to_string()),
        comments: Vec::new(),
    }
}

/// A deal line: a seat's hand or a pile, with its cards.
pub fn hand_line(label: &str, cards: &[Card]) -> HandLine {
    HandLine {
        seat: bare(label.to_string()),
        cards: cards.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
        comments: Vec::new(),
    }
}

/// A result claim.
pub fn claim(key: &str, values: Vec<Spanned<Token>>) -> Claim {
    Claim {
        key: bare(key.to_string()),
        values,
        comments: Vec::new(),
    }
}
