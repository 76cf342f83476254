//! The words of Cribbage records: seats, steps of the play and the show, claim keys.
//! The generic readers of label–number pairs are the Pinochle family's, shared.

pub use crate::pinochle::words::{pairs, standing, yes_no};

/// The seat labels of a table of `seats`, clockwise from the dealer's left, the dealer last
/// (`P`, the pone, and `D`; three `A B C`; four `N E S W`).
pub fn labels(seats: usize) -> &'static [&'static str] {
    match seats {
        2 => &["P", "D"],
        3 => &["A", "B", "C"],
        _ => &["N", "E", "S", "W"],
    }
}

/// The index of the seat `label` names among `labels`, without case; `pone` and `dealer`
/// for the two-hand game.
pub fn seat(label: &str, labels: &[&str]) -> Option<usize> {
    let l = label.trim();
    if labels.len() == 2 {
        if l.eq_ignore_ascii_case("pone") {
            return Some(0);
        }
        if l.eq_ignore_ascii_case("dealer") {
            return Some(1);
        }
    }
    labels.iter().position(|s| s.eq_ignore_ascii_case(l))
}

/// What a statement's first word says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepWord {
    /// `go`: the seat cannot play.
    Go,
    /// `hand`: the show of the seat's hand.
    Hand,
    /// `crib`: the show of the crib (dealer), or in `exchange` the cards laid out.
    Crib,
    /// `heels`: the dealer's two for a jack turned.
    Heels,
    /// `penalty`: a penalty against the seat.
    Penalty,
}

/// The step a word names.
pub fn step(word: &str) -> Option<StepWord> {
    match word.to_ascii_lowercase().as_str() {
        "go" => Some(StepWord::Go),
        "hand" => Some(StepWord::Hand),
        "crib" => Some(StepWord::Crib),
        "heels" | "nibs" => Some(StepWord::Heels),
        "penalty" => Some(StepWord::Penalty),
        _ => None,
    }
}
