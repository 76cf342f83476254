//! The normalized replay of a Cribbage deal and its result, as the report gives them.

use cards::Card;
use serde::{Deserialize, Serialize};

/// A replayed Cribbage deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "CribbageReplay")]
pub struct Replay {
    /// The profile it was checked under.
    pub profile: String,
    /// The seat labels, clockwise from the dealer's left (two players: `P`, the pone, `D`).
    pub seats: Vec<String>,
    /// The side labels (the seats; four players: `NS`, `EW`).
    pub sides: Vec<String>,
    /// The dealer's label.
    pub dealer: String,
    /// The scores carried into the deal, per side (the `Standing` tag, else 0).
    pub standing: Vec<u32>,
    /// The hands as dealt, in seat order (as written when the record gives the show alone).
    pub hands: Vec<Vec<Card>>,
    /// The crib.
    pub crib: Vec<Card>,
    /// The starter.
    pub starter: Option<Card>,
    /// Every scoring step in order: heels, penalties, each card and go of the play, each show.
    pub entries: Vec<Entry>,
    /// The result.
    pub result: GameResult,
}

/// What an entry records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "card")]
pub enum Step {
    /// Two for his heels: the starter is a jack.
    Heels,
    /// A penalty against the seat, scored by the adversary.
    Penalty,
    /// A card pegged.
    Card(Card),
    /// The seat cannot play.
    Go,
    /// The show of the seat's hand.
    Hand,
    /// The show of the crib.
    Crib,
}

/// One scoring step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Entry {
    /// The seat of the statement.
    pub seat: String,
    /// What happened.
    pub step: Step,
    /// The count of the play after a card (cards and goes only).
    pub count: Option<u8>,
    /// What scored, by its word (`fifteen`, `pairs`, `run`, `go`, `pair-royal` …), with points.
    pub items: Vec<(String, u32)>,
    /// The side the points go to.
    pub side: String,
    /// The points.
    pub points: u32,
    /// Every side's score after the step, in side order.
    pub scores: Vec<u32>,
}

/// The figures of one side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SideResult {
    /// The side's label.
    pub side: String,
    /// Points pegged in this deal (heels, penalties, the play, the show).
    pub points: u32,
    /// The standing plus the points, stopping where the game was won.
    pub total: u32,
}

/// The result of a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "CribbageResult")]
pub struct GameResult {
    /// Whether the deal was replayed to its end (the last show, or the game won).
    pub complete: bool,
    /// Per side, in side order.
    pub sides: Vec<SideResult>,
    /// The game's target.
    pub target: u32,
    /// The side that reached the target in this deal.
    pub winner: Option<String>,
    /// Whether the losers were lurched: the game counts two.
    pub lurch: bool,
    /// The games the win counts (1, or 2 for a lurch; 0 without a winner).
    pub games: u32,
}
