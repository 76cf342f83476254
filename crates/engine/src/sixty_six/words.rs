//! The words of a Sixty-Six record: the play's events and their canonical spelling. Seats,
//! piles, suits, the standing and claim pairs are read as the Pinochle family reads them
//! ([`crate::pinochle::words`]).

use notation::{PlayItem, Record, Token};

/// An event between tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventWord {
    /// A marriage shown with the lead.
    Marriage,
    /// The trump nine exchanged for the turned card.
    Exchanges,
    /// The stock closed.
    Closes,
    /// A card drawn from the stock.
    Draws,
    /// 66 announced.
    Out,
}

impl EventWord {
    /// The canonical word.
    pub fn word(self) -> &'static str {
        match self {
            EventWord::Marriage => "marriage",
            EventWord::Exchanges => "exchanges",
            EventWord::Closes => "closes",
            EventWord::Draws => "draws",
            EventWord::Out => "out",
        }
    }
}

/// The event a word names, aliases included.
pub fn event(word: &str) -> Option<EventWord> {
    Some(match word.to_ascii_lowercase().as_str() {
        "marriage" | "marries" | "announces-marriage" => EventWord::Marriage,
        "exchanges" | "exchange" | "swaps" => EventWord::Exchanges,
        "closes" | "close" | "turns-down" => EventWord::Closes,
        "draws" | "draw" => EventWord::Draws,
        "out" | "announces" | "66" => EventWord::Out,
        _ => return None,
    })
}

/// Rewrites event aliases in the play to their canonical words (`swaps` → `exchanges`).
pub fn canonicalize(record: &mut Record) {
    if let Some(play) = &mut record.play {
        for item in &mut play.items.items {
            if let PlayItem::Event(st) = item
                && let Some(t) = st.tokens.iter_mut().find(|t| matches!(t.node, Token::Word(_)))
                && let Token::Word(w) = &mut t.node
                && let Some(e) = event(w)
            {
                *w = e.word().to_string();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_read_with_their_aliases() {
        assert_eq!(event("Swaps"), Some(EventWord::Exchanges));
        assert_eq!(event("closes"), Some(EventWord::Closes));
        assert_eq!(event("announces"), Some(EventWord::Out));
        assert_eq!(event("sings"), None);
        for e in [
            EventWord::Marriage,
            EventWord::Exchanges,
            EventWord::Closes,
            EventWord::Draws,
            EventWord::Out,
        ] {
            assert_eq!(event(e.word()), Some(e));
        }
    }
}
