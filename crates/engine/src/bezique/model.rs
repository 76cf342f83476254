//! The normalized replay of a Bezique deal and its result, as the report gives them.

use cards::Card;
use serde::{Deserialize, Serialize};

/// A replayed Bezique deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "BeziqueReplay")]
pub struct Replay {
    /// The profile it was checked under.
    pub profile: String,
    /// The seat labels, in seat order (`E`, the non-dealer, then `D`).
    pub seats: Vec<String>,
    /// The dealer's label.
    pub dealer: Option<String>,
    /// The trump suit (`spades` …).
    pub trump: Option<String>,
    /// The turned trump card.
    pub turned: Option<Card>,
    /// The hands as dealt, in seat order.
    pub hands: Vec<Vec<Card>>,
    /// The stock, top first, the turned card apart.
    pub stock: Vec<Card>,
    /// The declarations, in order.
    pub declarations: Vec<Declaration>,
    /// The exchanges of the seven of trumps for the turned card, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exchanges: Vec<Exchange>,
    /// The declarations announced to be scored at a later turn (Six- and Eight-Pack's pending
    /// declarations, 000:683–686), in order; when scored they are among `declarations` too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub announcements: Vec<Announcement>,
    /// The turns the winner of a trick yielded to his partner (the partnership game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub yields: Vec<Yield>,
    /// The tricks, in order.
    pub tricks: Vec<TrickRecord>,
    /// The result.
    pub result: GameResult,
}

/// A declaration scored after a trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Declaration {
    /// After which trick (1-based).
    pub after_trick: usize,
    /// Who declared.
    pub seat: String,
    /// The declaration's word (`bezique`, `sequence` …).
    pub kind: String,
    /// Its cards.
    pub cards: Vec<Card>,
    /// Of its cards, those that lay on the partner's table (the partnership game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from_partner: Vec<Card>,
    /// Its value.
    pub value: u32,
    /// It was announced at an earlier turn and scored now (`E scores …`, 000:683–686).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pending: bool,
}

/// A declaration announced at one turn to be scored at a later one (000:683–686): `E
/// announces marriage ♥K@table ♥Q@table`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Announcement {
    /// After which trick (1-based).
    pub after_trick: usize,
    /// Who announced.
    pub seat: String,
    /// The declaration's word (`marriage` …).
    pub kind: String,
    /// Its cards.
    pub cards: Vec<Card>,
    /// Of its cards, those that lie on the partner's table (the partnership game): they
    /// stay there, and the declaration scores only while they do.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from_partner: Vec<Card>,
    /// What it will count when scored.
    pub value: u32,
}

/// The privilege of declaring passed by the winner of a trick to his partner (000:582).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Yield {
    /// After which trick (1-based).
    pub after_trick: usize,
    /// The winner of the trick.
    pub seat: String,
    /// His partner.
    pub to: String,
}

/// The seven of trumps exchanged for the turned card after a trick (000:525).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Exchange {
    /// After which trick (1-based).
    pub after_trick: usize,
    /// Who exchanged.
    pub seat: String,
    /// The seven given.
    pub gave: Card,
    /// The turned card taken.
    pub took: Card,
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
    /// Its brisques' points.
    pub points: u32,
    /// The draws after it, winner first.
    pub draws: Vec<(String, Card)>,
}

/// The figures of one player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SideResult {
    /// The seat's label.
    pub side: String,
    /// Its declarations (and the dealer's turned seven, and any carte blanche).
    pub declarations: u32,
    /// Of the declarations, the carte blanche shown (Rubicon Bezique, 50 each time).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub carte_blanche: u32,
    /// Its brisques, 10 each.
    pub brisques: u32,
    /// The last trick's 10.
    pub last_trick: u32,
    /// The deal's points: declarations, brisques and the last trick (in Rubicon Bezique the
    /// brisques only when they are counted, see [`GameResult::brisques_to_settle`]).
    pub points: u32,
    /// When each deal is a game (Rubicon Bezique), what the deal scores: the winner's
    /// points in whole hundreds and the bonus for game, or the rubicon; the loser's points
    /// in whole hundreds, or nothing when rubiconed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<i64>,
    /// The standing before the deal plus the points, when the record gives the standing.
    pub total: Option<i64>,
}

/// The result of a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "BeziqueResult")]
pub struct GameResult {
    /// Whether every trick was replayed (the brisques and the last trick count only then).
    pub complete: bool,
    /// Per player, in seat order.
    pub sides: Vec<SideResult>,
    /// The game's target.
    pub target: u32,
    /// Who won the game with this deal, when the standing is known and one did (when each
    /// deal is a game, the deal's winner).
    pub game_won_by: Option<String>,
    /// When each deal is a game, whether the loser is rubiconed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rubicon: bool,
    /// In a game whose brisques count only to settle it (Rubicon Bezique, 000:716), whether
    /// they were counted, for both players: to break a tie or to escape a rubicon. (Two-hand
    /// Bezique always counts them, and leaves this false.)
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub brisques_to_settle: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
