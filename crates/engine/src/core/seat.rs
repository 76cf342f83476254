//! Seats at a table, numbered in turn order from the first to play (forehand) onward, as plain
//! numbers. Tables of two to eight seats with idle seats, sides and per-seat containers are
//! [`crate::core::table`].

/// The seat that plays after `seat` at a table of `seats` players.
pub fn next(seat: usize, seats: usize) -> usize {
    if seats == 0 { 0 } else { (seat + 1) % seats }
}

/// The seat `steps` turns after `seat`.
pub fn after(seat: usize, steps: usize, seats: usize) -> usize {
    if seats == 0 { 0 } else { (seat + steps) % seats }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_order_wraps() {
        assert_eq!(next(0, 3), 1);
        assert_eq!(next(2, 3), 0);
        assert_eq!(after(1, 2, 3), 0);
        assert_eq!(next(0, 0), 0);
    }
}
