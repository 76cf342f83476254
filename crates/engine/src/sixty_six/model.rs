//! The normalized replay of a Sixty-Six deal and its result, as the report gives them.

use cards::Card;
use serde::{Deserialize, Serialize};

/// A replayed Sixty-Six deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SixtySixReplay")]
pub struct Replay {
    /// The profile it was checked under.
    pub profile: String,
    /// The seat labels, in seat order (two-hand `E`, `D`; three-hand `F`, `M`, `D`;
    /// four-hand `N`, `E`, `S`, `W`).
    pub seats: Vec<String>,
    /// The labels the result is given by: the seats, or `NS` and `EW` at four.
    pub sides: Vec<String>,
    /// The dealer's label.
    pub dealer: Option<String>,
    /// The trump suit (`spades` …).
    pub trump: Option<String>,
    /// The turned trump card.
    pub turned: Option<Card>,
    /// The hands as dealt, in seat order (the three-hand dealer's is empty).
    pub hands: Vec<Vec<Card>>,
    /// The stock, top first, the turned card apart (two- and three-hand).
    pub stock: Vec<Card>,
    /// What happened between tricks, in order.
    pub events: Vec<PlayEvent>,
    /// The tricks, in order.
    pub tricks: Vec<TrickRecord>,
    /// The result.
    pub result: GameResult,
}

/// Something done between tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlayEvent {
    /// After how many tricks (0: before the first lead).
    pub after_trick: usize,
    /// Who acted.
    pub seat: String,
    /// What was done: `marriage`, `exchanges`, `closes`, `out`.
    pub what: String,
    /// The cards shown or exchanged (for an exchange: the nine, then the card taken).
    pub cards: Vec<Card>,
    /// The value: a marriage's, or the points announced.
    pub value: Option<u32>,
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
    /// Its card points (the last trick's bonus apart).
    pub points: u32,
    /// The draws after it, winner first.
    pub draws: Vec<(String, Card)>,
}

/// The figures of one player (a side at four).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SideResult {
    /// The label.
    pub side: String,
    /// Card points taken in tricks.
    pub card_points: u32,
    /// Marriages that count (shown, and a trick won).
    pub marriages: u32,
    /// The last trick's bonus.
    pub last_trick: u32,
    /// Points in all: cards, marriages, last trick.
    pub points: u32,
    /// Tricks won.
    pub tricks: u32,
    /// Game points scored with this deal (a carried point included).
    pub game_points: u32,
    /// The standing before the deal plus the game points, when the record gives the standing.
    pub total: Option<i64>,
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Not replayed to the end.
    #[default]
    Unfinished,
    /// Every card played, the stock used up (or no stock).
    PlayedOut,
    /// Every card played after the stock was closed.
    Closed,
    /// 66 announced.
    Announced,
}

/// The result of a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SixtySixResult")]
pub struct GameResult {
    /// Whether the play was replayed to its end (the figures below are final only then).
    pub complete: bool,
    /// How it ended.
    pub ending: Ending,
    /// Who closed the stock.
    pub closed_by: Option<String>,
    /// Who announced 66.
    pub announced_by: Option<String>,
    /// Whether the announcement was true (66 or more).
    pub announcement_true: Option<bool>,
    /// Who scores the deal's game points (`None`: nobody).
    pub winner: Option<String>,
    /// Why the winner scores: `66`, `failed-close`, `false-announcement`.
    pub reason: Option<String>,
    /// Per player (side), in seat order; the three-hand dealer last.
    pub sides: Vec<SideResult>,
    /// The game point a deal without a score carries to the next deal's winner.
    pub carry: u32,
    /// Game points that win the game.
    pub target: u32,
    /// Who won the game with this deal, when the standing is known and one did.
    pub game_won_by: Option<String>,
}
