//! The words of Ristikontra records: seats, the draw and the spice, claim keys.

pub use crate::pinochle::words::{pairs, yes_no};

/// The seats, clockwise; partners sit across (003r:58).
pub const SEATS: [&str; 4] = ["N", "E", "S", "W"];

/// The sides, partners across.
pub const SIDES: [&str; 2] = ["NS", "EW"];

/// The seat a label names, without case.
pub fn seat(label: &str) -> Option<usize> {
    SEATS.iter().position(|s| s.eq_ignore_ascii_case(label.trim()))
}

/// The seat or side a trick's taker names: the seats whose taking it allows.
pub fn taker(label: &str) -> Option<Vec<usize>> {
    if let Some(s) = seat(label) {
        return Some(vec![s]);
    }
    SIDES
        .iter()
        .position(|s| s.eq_ignore_ascii_case(label.trim()))
        .map(|i| vec![i, i + 2])
}

/// Whether an origin mark says the card came from the top of the stock.
pub fn is_stock(origin: &str) -> bool {
    origin.eq_ignore_ascii_case("stock")
}
