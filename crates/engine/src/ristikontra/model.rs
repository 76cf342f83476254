//! The normalized replay of a Ristikontra deal and its result, as the report gives them.

use cards::Card;
use serde::{Deserialize, Serialize};

/// A replayed Ristikontra deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "RistikontraReplay")]
pub struct Replay {
    /// The profile it was checked under.
    pub profile: String,
    /// The seat labels, clockwise (`N E S W`).
    pub seats: Vec<String>,
    /// The sides (`NS`, `EW`), partners across.
    pub sides: Vec<String>,
    /// The dealer's label.
    pub dealer: String,
    /// The hands as dealt, in seat order.
    pub hands: Vec<Vec<Card>>,
    /// The tricks, in order.
    pub tricks: Vec<TrickRecord>,
    /// The result.
    pub result: GameResult,
}

/// One trick as replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TrickRecord {
    /// Who led.
    pub leader: String,
    /// The cards in play order (after a spice, the drawn card in place of the winning one).
    pub cards: Vec<Card>,
    /// Which of them were played in the dark, from the top of the stock.
    pub dark: Vec<bool>,
    /// Who took it.
    pub winner: String,
    /// Its card points.
    pub points: u32,
    /// The draws after it, winner first.
    pub draws: Vec<(String, Card)>,
    /// The card the winner spiced the trick with.
    pub spiced: Option<Card>,
}

/// The figures of one side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SideResult {
    /// The side's label.
    pub side: String,
    /// Card points taken.
    pub points: u32,
    /// Tricks taken.
    pub tricks: u32,
    /// Whether the side had to clean and did not (cleaning variation).
    pub dishonoured: bool,
}

/// The result of a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "RistikontraResult")]
pub struct GameResult {
    /// Whether every trick was replayed.
    pub complete: bool,
    /// Per side, `NS` then `EW`.
    pub sides: Vec<SideResult>,
    /// The winning side, `None` for a tie that stands.
    pub outcome: Option<String>,
    /// Whether the win counts double (all the card points, or a dishonoured loser).
    pub double: bool,
}
