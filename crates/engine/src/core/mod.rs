//! The trick-taking core every game family shares: card sets (one copy, [`CardSet`]) and
//! multisets (packs with copies, [`CardCounts`]), tables of two to eight seats with sides and
//! idle seats, piles (stock, widow, starter) and the phases of play, the duties of play as data
//! with one legal-play and one trick-winner function, Cribbage's pegging count, card-point
//! tables, and the deal checks (hand inference; copies); cards shown in melds between tricks.
//!
//! Nothing here knows a particular game: a game family supplies the pack, the order of the
//! cards for its contract, its policies and its point table.

pub mod build;
pub mod cardset;
pub mod choose;
pub mod counts;
pub mod deal;
pub mod duties;
pub mod game;
pub mod pegging;
pub mod piles;
pub mod points;
pub mod rng;
pub mod seat;
pub mod shown;
pub mod table;
pub mod trick;

pub use cardset::CardSet;
pub use counts::CardCounts;
pub use game::{GameState, Recovery, Sink, drive};
pub use table::{BySeat, Seat, Sides, Table};
