//! The normalized replay of a Frog deal and its result, as the report gives them.

use cards::Card;
use serde::{Deserialize, Serialize};

use crate::frog::rules::Game;

/// A replayed Frog deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "FrogReplay")]
pub struct Replay {
    /// The profile it was checked under.
    pub profile: String,
    /// The seats at the table, clockwise (the `Seats` tag; `F M R` without it).
    pub table: Vec<String>,
    /// The three who hold cards: `F` (the dealer's left), `M`, `R`.
    pub active: Vec<String>,
    /// The hands as dealt, `F M R`.
    pub hands: Vec<Vec<Card>>,
    /// The widow.
    pub widow: Vec<Card>,
    /// The auction: each seat and its offer (`None` for a pass).
    pub auction: Vec<(String, Option<Game>)>,
    /// The single player.
    pub declarer: Option<String>,
    /// His game (`contract`, since the report tags a replay with its family in `game`).
    pub contract: Option<Game>,
    /// The trump suit.
    pub trump: Option<String>,
    /// The cards laid away in a Frog.
    pub discard: Vec<Card>,
    /// The tricks: leader, cards in play order, winner, points.
    pub tricks: Vec<TrickRecord>,
    /// The result.
    pub result: GameResult,
}

/// One trick as replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TrickRecord {
    /// Who led.
    pub leader: String,
    /// The cards in play order.
    pub cards: Vec<Card>,
    /// Who took it.
    pub winner: String,
    /// Its card points.
    pub points: u32,
}

/// The result of a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "FrogResult")]
pub struct GameResult {
    /// Whether every trick was replayed.
    pub complete: bool,
    /// Whether all passed: no game (a new deal).
    pub passed: bool,
    /// The single player's card points: his tricks and the widow (or the cards laid away).
    pub points: u32,
    /// What each seat at the table receives (negative: pays), in table order.
    pub settle: Vec<(String, i64)>,
}
