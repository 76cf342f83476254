//! The words of a Pinochle record: seats, piles, suits, exchanges and claims, and their
//! canonical spelling.

use cards::Suit;
use notation::{Record, Span, Spanned, Token};

use crate::pinochle::meld::MeldKind;

/// The seat a label names among `labels` (the profile's seat labels, in seat order), by
/// its index; the two-hand game's long names too.
pub fn seat(label: &str, labels: &[&str]) -> Option<usize> {
    let l = label.trim();
    if let Some(i) = labels.iter().position(|s| s.eq_ignore_ascii_case(l)) {
        return Some(i);
    }
    let long = match l.to_ascii_lowercase().as_str() {
        "elder" | "non-dealer" | "nondealer" => "E",
        "dealer" => "D",
        "north" => "N",
        "east" => "E",
        "south" => "S",
        "west" => "W",
        _ => return None,
    };
    // "east" names E only at a table of four; "dealer" only at two.
    labels.iter().position(|s| *s == long).filter(|_| {
        let two = labels.len() == 2;
        two == matches!(
            l.to_ascii_lowercase().as_str(),
            "elder" | "non-dealer" | "nondealer" | "dealer"
        )
    })
}

/// The seat labels of a table of `seats`, in seat order: `E D` (the non-dealer, the dealer)
/// at two, `F M R` at three (R deals), `N E S W` at four, and letters from `A` at six and
/// eight (partners alternate, so `A C E` play against `B D F`).
pub fn seat_labels(seats: usize) -> &'static [&'static str] {
    const LETTERS: [&str; 8] = ["A", "B", "C", "D", "E", "F", "G", "H"];
    match seats {
        2 => &["E", "D"],
        3 => &["F", "M", "R"],
        4 => &["N", "E", "S", "W"],
        n => LETTERS.get(..n.min(8)).unwrap_or(&LETTERS),
    }
}

/// The label of a partnership: its seats' labels together (`NS`, `EW`; `ACE`, `BDF`).
pub fn side_label(labels: &[&str], side: usize) -> String {
    labels.iter().skip(side).step_by(2).copied().collect()
}

/// A pile line of the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PileWord {
    /// The card turned for trump.
    Trump,
    /// The stock, top first.
    Stock,
    /// The widow the bidder takes.
    Widow,
}

/// The pile a deal line's label names.
pub fn pile(label: &str) -> Option<PileWord> {
    match label.to_ascii_lowercase().as_str() {
        "trump" | "turned" | "turn-up" => Some(PileWord::Trump),
        "stock" | "talon" => Some(PileWord::Stock),
        "widow" | "kitty" => Some(PileWord::Widow),
        _ => None,
    }
}

/// The suit a word names: its English name (singular or plural), its letter or its symbol.
pub fn suit(word: &str) -> Option<Suit> {
    let w = word.trim().to_lowercase();
    Some(match w.as_str() {
        "spades" | "spade" | "s" | "♠" | "♤" => Suit::Spades,
        "hearts" | "heart" | "h" | "♥" | "♡" => Suit::Hearts,
        "diamonds" | "diamond" | "d" | "♦" | "♢" => Suit::Diamonds,
        "clubs" | "club" | "c" | "♣" | "♧" => Suit::Clubs,
        _ => return None,
    })
}

/// An exchange word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeWord {
    /// The dix for the turned card.
    Exchanges,
    /// The pass between partners.
    Gives,
    /// The bidder's cards laid away (three-hand auction).
    Buries,
    /// A concession: by the bidder after the widow (single bete), or by the opponents.
    Concedes,
    /// The bidder's forfeit of the compulsory opening bid without looking at the widow.
    Forfeits,
    /// The opponents' answer that they do not concede the contract, so the bidder plays.
    Declines,
}

/// The exchange a word names.
pub fn exchange(word: &str) -> Option<ExchangeWord> {
    match word.to_ascii_lowercase().as_str() {
        "exchanges" | "exchange" | "swaps" => Some(ExchangeWord::Exchanges),
        "gives" | "passes" => Some(ExchangeWord::Gives),
        "buries" | "bury" | "discards" => Some(ExchangeWord::Buries),
        "concedes" | "concede" => Some(ExchangeWord::Concedes),
        "forfeits" | "forfeit" => Some(ExchangeWord::Forfeits),
        "declines" | "decline" => Some(ExchangeWord::Declines),
        _ => None,
    }
}

/// Whether a word is a declaration of going out.
pub fn declares_out(word: &str) -> bool {
    matches!(word.to_ascii_lowercase().as_str(), "declares-out" | "out")
}

/// Whether an origin mark says the card lies on the table.
pub fn is_table(origin: &str) -> bool {
    let o = origin.trim_start_matches('@').to_ascii_lowercase();
    matches!(o.as_str(), "table" | "meld")
}

/// Yes or no.
pub fn yes_no(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "yes" | "made" | "true" => Some(true),
        "no" | "set" | "false" => Some(false),
        _ => None,
    }
}

/// The `Standing` tag's pairs: `NS 420, EW 380` or `E 640, D 710`.
pub fn standing(value: &str) -> Vec<(String, i64)> {
    value
        .split(',')
        .filter_map(|part| {
            let mut w = part.split_whitespace();
            let label = w.next()?.to_string();
            let n = w.next()?.parse().ok()?;
            Some((label, n))
        })
        .collect()
}

/// A claim's values as label–number pairs (`NS 340 EW 150`), with each number's span.
pub fn pairs(values: &[Spanned<Token>]) -> Vec<(String, i64, Span)> {
    let mut out = Vec::new();
    let mut label: Option<String> = None;
    for v in values {
        match &v.node {
            Token::Word(w) => label = Some(w.clone()),
            Token::Number(n) => {
                if let Some(l) = label.take() {
                    out.push((l, *n, v.span));
                }
            }
            _ => {}
        }
    }
    out
}

/// Rewrites meld aliases to their canonical words (`flush` → `run`), in the melds section
/// and the play's events.
pub fn canonicalize(record: &mut Record) {
    let rewrite = |tokens: &mut Vec<Spanned<Token>>| {
        for t in tokens.iter_mut() {
            if let Token::Word(w) = &mut t.node
                && let Some(kind) = MeldKind::from_word(w)
            {
                *w = kind.word().to_string();
                break;
            }
        }
    };
    if let Some(melds) = &mut record.melds {
        for st in &mut melds.items {
            rewrite(&mut st.tokens);
        }
    }
    if let Some(play) = &mut record.play {
        for item in &mut play.items.items {
            if let notation::PlayItem::Event(st) = item {
                rewrite(&mut st.tokens);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_suits_and_standing_are_read() {
        let two = ["E", "D"];
        let four = ["N", "E", "S", "W"];
        assert_eq!(seat("d", &two), Some(1));
        assert_eq!(seat("dealer", &two), Some(1));
        assert_eq!(seat("dealer", &four), None);
        assert_eq!(seat("west", &four), Some(3));
        assert_eq!(seat("X", &four), None);
        assert_eq!(suit("Spades"), Some(Suit::Spades));
        assert_eq!(suit("♦"), Some(Suit::Diamonds));
        assert_eq!(suit("h"), Some(Suit::Hearts));
        assert_eq!(suit("trumps"), None);
        assert_eq!(
            standing("NS 420, EW 380"),
            [("NS".to_string(), 420), ("EW".to_string(), 380)]
        );
    }
}
