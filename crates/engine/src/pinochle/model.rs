//! The normalized replay of a Pinochle deal and its result, as the report gives them.

use cards::Card;
use serde::{Deserialize, Serialize};

use crate::pinochle::meld::{Meld, MeldKind};

/// A replayed Pinochle deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "PinochleReplay")]
pub struct Replay {
    /// The profile it was checked under.
    pub profile: String,
    /// The seat labels, in seat order (clockwise; two-hand: `E`, the non-dealer, then `D`).
    pub seats: Vec<String>,
    /// The side labels (two-hand: the seats; four-hand: `NS`, `EW`).
    pub sides: Vec<String>,
    /// The dealer's label.
    pub dealer: Option<String>,
    /// The trump suit (`spades` …), once known.
    pub trump: Option<String>,
    /// The turned trump card (two-hand, partnership).
    pub turned: Option<Card>,
    /// The hands as dealt, in seat order.
    pub hands: Vec<Vec<Card>>,
    /// The stock, top first (two-hand).
    pub stock: Vec<Card>,
    /// The card left in the stock when its cards do not go round the table (the old
    /// three-hand game with 64 cards: 28 cards, nine rounds of three and one over, which
    /// nobody draws and nobody counts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_over: Option<Card>,
    /// The auction, in order: the seat and its bid (`None` for a pass).
    pub auction: Vec<(String, Option<u32>)>,
    /// The high bid and its bidder.
    pub contract: Option<Contract>,
    /// The melds shown at once, per seat in seat order (partnership and auction games).
    pub melds: Vec<SeatMelds>,
    /// Melds laid during the play (two-hand), in order.
    pub play_melds: Vec<PlayMeld>,
    /// The tricks, in order.
    pub tricks: Vec<TrickRecord>,
    /// The result.
    pub result: GameResult,
}

/// The contract of an auction game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Contract {
    /// The bidder's label.
    pub bidder: String,
    /// The bid.
    pub bid: u32,
}

/// One seat's melds shown at once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeatMelds {
    /// The seat's label.
    pub seat: String,
    /// Every meld the hand holds, by the meld calculator.
    pub melds: Vec<Meld>,
    /// Their total.
    pub total: u32,
}

/// A meld laid between tricks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlayMeld {
    /// After which trick (1-based).
    pub after_trick: usize,
    /// The seat's label.
    pub seat: String,
    /// The kind.
    pub kind: MeldKind,
    /// The cards.
    pub cards: Vec<Card>,
    /// The value scored.
    pub value: u32,
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
    /// The counters among its cards (the last trick's bonus apart).
    pub points: u32,
    /// The draws after it, winner first (two-hand).
    pub draws: Vec<(String, Card)>,
}

/// The figures of one side (a seat in two-hand).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SideResult {
    /// The side's label.
    pub side: String,
    /// Its meld as shown (before the trick condition).
    pub meld: u32,
    /// Its counters in tricks, the last trick's bonus included.
    pub counters: u32,
    /// The counters as counted (rounded where the profile rounds).
    pub counted: u32,
    /// Whether it took a trick.
    pub took_trick: bool,
    /// The deal's score.
    pub score: i64,
    /// The standing before the deal plus the score, when the record gives the standing.
    pub total: Option<i64>,
    /// The checks its players collect for the deal (Check Pinochle): their melds, the
    /// contract made or defeated, a slam.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checks: Option<u32>,
}

/// The result of a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "PinochleResult")]
pub struct GameResult {
    /// Whether every trick was replayed (the figures below are final only then).
    pub complete: bool,
    /// Whether four passes threw the deal in.
    pub thrown_in: bool,
    /// Whether the contract was made (auction games).
    pub made: Option<bool>,
    /// Per side (seat), in seat order.
    pub sides: Vec<SideResult>,
    /// The game's target.
    pub target: u32,
    /// The side that won the game with this deal, when the standing is known and one did.
    pub game_won_by: Option<String>,
    /// The settlement in units, in the games whose every deal is settled on its own
    /// (Auction Pinochle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settlement: Option<crate::pinochle::settle::Settlement>,
    /// The declaration of going out that ended the deal (two-hand, 000:101–105).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_out: Option<DeclaredOut>,
}

/// A player counted after declaring himself out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DeclaredOut {
    /// The claimant's label.
    pub seat: String,
    /// The tricks played when he was counted.
    pub after_trick: usize,
    /// His standing before the deal (when the record gives it), his melds of the deal and his
    /// counted cards so far.
    pub points: Option<i64>,
    /// The game he had to reach: the profile's, or 1,250, 1,500 … when both stood over it.
    pub target: u32,
    /// Whether he reached it, and so won the game; he lost it otherwise.
    pub won: Option<bool>,
}
