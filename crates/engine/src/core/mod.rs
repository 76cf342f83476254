//! The trick-taking core every game family shares: card sets, seats in turn order, trick
//! policies (follow, head, trump) and the trick winner, card-point tables, and the deal check
//! with hand inference.
//!
//! Nothing here knows a particular game: a game family supplies the pack, the order of the
//! cards for its contract, its policies and its point table.

pub mod cardset;
pub mod deal;
pub mod points;
pub mod seat;
pub mod trick;

pub use cardset::CardSet;
