//! The book layout of `stich show` for a Pinochle deal.

use cards::Display;

use crate::pinochle::Replay;

/// The body of `stich show` for a replayed deal.
pub fn body(replay: &Replay, display: Display) -> String {
    let _ = (replay, display);
    String::new()
}
