//! The typed Skat game: seats, contracts, and the normalized replay that goes into reports.

use cards::{Card, Suit};
use serde::{Deserialize, Serialize};

/// One of the three active seats, in the order they play to the first trick.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum Seat {
    /// Forehand (Vorhand): leads to the first trick, listens first in the auction.
    F,
    /// Middlehand (Mittelhand): bids first.
    M,
    /// Rearhand (Hinterhand): bids to the survivor of forehand and middlehand.
    R,
}

impl Seat {
    /// The seats in playing order.
    pub const ALL: [Seat; 3] = [Seat::F, Seat::M, Seat::R];

    /// 0 for forehand, 1 for middlehand, 2 for rearhand.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat with this index (taken modulo 3).
    pub fn from_index(i: usize) -> Seat {
        match i % 3 {
            0 => Seat::F,
            1 => Seat::M,
            _ => Seat::R,
        }
    }

    /// The seat that plays next.
    #[inline]
    pub fn next(self) -> Seat {
        // A match rather than arithmetic modulo 3: this runs for every card replayed.
        match self {
            Seat::F => Seat::M,
            Seat::M => Seat::R,
            Seat::R => Seat::F,
        }
    }

    /// The seat `steps` turns after this one.
    #[inline]
    pub fn after(self, steps: usize) -> Seat {
        match steps {
            0 => self,
            1 => self.next(),
            2 => self.next().next(),
            n => Seat::from_index(self.index() + n),
        }
    }

    /// The canonical label.
    pub fn label(self) -> &'static str {
        match self {
            Seat::F => "F",
            Seat::M => "M",
            Seat::R => "R",
        }
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// A fixed-value extra game of the historic profiles, played from the hand: uno and duo as
/// grands, revolution as a Null (seed 001, §Games and Law 1, "if played";
/// spec/rules/skat-foster-1897.md, F7 and F8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExtraGame {
    /// The declarer must take exactly one trick.
    Uno,
    /// The declarer must take exactly two tricks.
    Duo,
    /// A Null against the adversaries' pooled hands: the declarer must take no trick.
    Revolution,
}

impl ExtraGame {
    /// The canonical declaration word.
    pub fn word(self) -> &'static str {
        match self {
            ExtraGame::Uno => "uno",
            ExtraGame::Duo => "duo",
            ExtraGame::Revolution => "revolution",
        }
    }

    /// The game whose trumps and order of cards it is played with.
    pub fn game_type(self) -> GameType {
        match self {
            ExtraGame::Uno | ExtraGame::Duo => GameType::Grand,
            ExtraGame::Revolution => GameType::Null,
        }
    }

    /// The number of tricks the declarer must take, no more and no fewer.
    pub fn tricks(self) -> u32 {
        match self {
            ExtraGame::Uno => 1,
            ExtraGame::Duo => 2,
            ExtraGame::Revolution => 0,
        }
    }
}

/// The game the declarer names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameType {
    /// Clubs trump.
    Clubs,
    /// Spades trump.
    Spades,
    /// Hearts trump.
    Hearts,
    /// Diamonds trump.
    Diamonds,
    /// Only the four jacks are trump.
    Grand,
    /// No trump; the declarer must lose every trick.
    Null,
}

impl GameType {
    /// All game types, suits first.
    pub const ALL: [GameType; 6] = [
        GameType::Clubs,
        GameType::Spades,
        GameType::Hearts,
        GameType::Diamonds,
        GameType::Grand,
        GameType::Null,
    ];

    /// The trump suit of a suit game.
    pub fn trump_suit(self) -> Option<Suit> {
        match self {
            GameType::Clubs => Some(Suit::Clubs),
            GameType::Spades => Some(Suit::Spades),
            GameType::Hearts => Some(Suit::Hearts),
            GameType::Diamonds => Some(Suit::Diamonds),
            GameType::Grand | GameType::Null => None,
        }
    }

    /// The suit game with this trump suit.
    pub fn of_suit(suit: Suit) -> GameType {
        match suit {
            Suit::Clubs => GameType::Clubs,
            Suit::Spades => GameType::Spades,
            Suit::Hearts => GameType::Hearts,
            Suit::Diamonds => GameType::Diamonds,
        }
    }

    /// Position in [`GameType::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The canonical word (`clubs`, `grand`, `null`).
    pub fn word(self) -> &'static str {
        match self {
            GameType::Clubs => "clubs",
            GameType::Spades => "spades",
            GameType::Hearts => "hearts",
            GameType::Diamonds => "diamonds",
            GameType::Grand => "grand",
            GameType::Null => "null",
        }
    }
}

/// What the declarer plays: the game and the announcements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Contract {
    /// The game.
    pub game: GameType,
    /// Played without picking up the skat.
    pub hand: bool,
    /// Schneider announced.
    pub schneider_announced: bool,
    /// Schwarz announced.
    pub schwarz_announced: bool,
    /// Played open.
    pub ouvert: bool,
}

/// How the declarer used the skat: the historic rule books price a game by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SkatUse {
    /// The skat left untouched (hand game; the historic books' "solo").
    Hand,
    /// Both skat cards taken up together (ISkO's pick-up game, the historic "gucki").
    Pickup,
    /// One skat card turned face up to fix the trump (tourné), then both taken.
    Turned,
    /// The first skat card taken in unshown and the second turned (passt mir nicht).
    SecondTurn,
}

impl SkatUse {
    /// The use an ISkO-style contract implies: hand or pick-up.
    pub fn of_hand(hand: bool) -> SkatUse {
        if hand { SkatUse::Hand } else { SkatUse::Pickup }
    }

    /// A tourné, first or second turn.
    pub fn is_turned(self) -> bool {
        matches!(self, SkatUse::Turned | SkatUse::SecondTurn)
    }
}

/// A call of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Call {
    /// A bid of this value.
    Bid(u32),
    /// Holding the bid made to this seat.
    Hold,
    /// Passing.
    Pass,
}

/// A call and who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeatCall {
    /// Who called.
    pub seat: Seat,
    /// The call.
    pub call: Call,
}

/// One seat's dealt hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DealtHand {
    /// The seat.
    pub seat: Seat,
    /// The cards dealt, as far as known.
    pub cards: Vec<Card>,
    /// Reconstructed from the play rather than read from a deal line.
    pub inferred: bool,
    /// All ten cards are known.
    pub complete: bool,
}

/// The deal as replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Deal {
    /// The three hands, F M R.
    pub hands: Vec<DealtHand>,
    /// The two cards of the skat as dealt, as far as known.
    pub skat: Vec<Card>,
    /// The skat was reconstructed rather than read.
    pub skat_inferred: bool,
    /// Cards known to be either in the declarer's dealt hand or in the skat, when the record
    /// does not tell which (no figure depends on it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declarer_or_skat: Vec<Card>,
}

/// What the declarer did with the skat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Exchange {
    /// Picked up the skat.
    pub pickup: bool,
    /// The two cards laid away, when known.
    pub discard: Vec<Card>,
    /// How the skat was used, where the profile distinguishes more than hand and pick-up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skat_use: Option<SkatUse>,
    /// The card turned to fix the trump (tourné).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turned: Option<Card>,
}

/// The declaration as replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Declaration {
    /// Who plays.
    pub declarer: Seat,
    /// The contract.
    #[serde(flatten)]
    pub contract: Contract,
}

/// A card and who played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlayedCard {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
}

/// One trick as replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TrickRecord {
    /// 1-based trick number.
    pub number: u32,
    /// Who led.
    pub leader: Seat,
    /// The cards in play order.
    pub cards: Vec<PlayedCard>,
    /// Who won it (absent for a trick left unfinished).
    pub winner: Option<Seat>,
    /// Card points in the trick.
    pub points: u32,
}

/// How the play came to an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// All ten tricks were played.
    PlayedOut,
    /// Null: the declarer took a trick.
    NullTrickTaken,
    /// Schwarz was announced (or the game is ouvert) and the defenders took a trick.
    SchwarzFailed,
    /// Schneider was announced and the defenders reached 31.
    SchneiderFailed,
    /// The declarer conceded.
    DeclarerConceded,
    /// Both defenders conceded; the remaining tricks go to the declarer.
    DefendersConceded,
    /// The declarer showed the cards and claimed the remaining tricks.
    DeclarerClaimed,
    /// The declarer timed out or left: the game is lost.
    DeclarerPenalized,
    /// A defender timed out or left: the game is won and the remaining tricks go to the
    /// declarer.
    DefenderPenalized,
    /// The declarer abandoned a tourné before the second trick (seed 001, Law 44): lost as a
    /// simple game.
    Abandoned,
}

/// The result of the game as computed by the replay. Figures the record does not determine
/// are absent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SkatResult")]
pub struct GameResult {
    /// All three passed: no game.
    pub passed: bool,
    /// Who played.
    pub declarer: Option<Seat>,
    /// The game; left out, not `null`, when there is none (a passed deal, an unknown
    /// declaration), so that `null` never stands beside the game named `"null"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameType>,
    /// Hand game.
    pub hand: bool,
    /// Ouvert.
    pub ouvert: bool,
    /// Schneider announced.
    pub schneider_announced: bool,
    /// Schwarz announced.
    pub schwarz_announced: bool,
    /// Matadors: positive "with", negative "against"; absent for Null.
    pub matadors: Option<i32>,
    /// The declarer's card points, the skat included.
    pub declarer_card_points: Option<u32>,
    /// Tricks the declarer took.
    pub declarer_tricks: Option<u32>,
    /// Card points in the skat that counts for the declarer (the laid-away cards after a
    /// pick-up).
    pub skat_points: Option<u32>,
    /// Schneider was reached on the cards by either side (a side with 30 or fewer card points
    /// when every card is accounted for; an announced schneider that was not reached is not).
    pub schneider: Option<bool>,
    /// Schwarz was reached on the cards: a side without a trick when every card is accounted for.
    pub schwarz: Option<bool>,
    /// The schneider level counts in the value: reached, or announced (a lost announcement
    /// is priced at its level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schneider_counted: Option<bool>,
    /// The schwarz level counts in the value: reached, or announced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schwarz_counted: Option<bool>,
    /// The declarer won.
    pub won: Option<bool>,
    /// The game value fell short of the bid.
    pub overbid: Option<bool>,
    /// The bid the declarer plays on.
    pub bid: Option<u32>,
    /// The game value (for an overbid game, the value it is lost at).
    pub value: Option<u32>,
    /// The score: `+value` when won, `−(loss factor × value)` when lost; 0 when passed in.
    pub score: Option<i64>,
    /// How the play ended.
    pub end: Option<End>,
    /// The trick in which it ended early.
    pub ended_at_trick: Option<u32>,
    /// The game ended by a resignation or concession.
    pub resigned: bool,
    /// The seat that left the table (penalty game).
    pub left: Option<Seat>,
    /// The seat that ran out of time (penalty game).
    pub timed_out: Option<Seat>,
    /// How the skat was used, where the profile prices games by it (tourné, solo, gucki).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skat_use: Option<SkatUse>,
    /// Kontra and Re said (each doubles the score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kontra: Option<u32>,
    /// The Ramsch played after all passed, in the profiles that have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ramsch: Option<RamschResult>,
}

/// The result of a Ramsch (seed 001, Law 4; seed 000, §Scoring of Ramsch).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RamschResult {
    /// Card points of F, M and R, the skat counted for the winner of the last trick.
    pub points: Vec<u32>,
    /// Tricks of F, M and R.
    pub tricks: Vec<u32>,
    /// Who is charged (two players when two tie for the most under Law 4).
    pub losers: Vec<Seat>,
    /// Who scores (USPC).
    pub winner: Option<Seat>,
    /// Whose card points the skat counted for (the last trick's winner, or under seed 004
    /// the player with the most card points).
    pub skat_to: Option<Seat>,
    /// In a Schieberamsch (seed 004), the players who declined the skat, in turn; each
    /// doubles the entry. Empty when the skat was not passed round.
    pub declined: Vec<Seat>,
}

/// A Skat record replayed: the normalized game and its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SkatReplay")]
pub struct Replay {
    /// The rule profile used.
    pub profile: String,
    /// Player names from the seat tags, F M R.
    pub players: Vec<Option<String>>,
    /// The deal.
    pub deal: Deal,
    /// The auction calls.
    pub auction: Vec<SeatCall>,
    /// What happened to the skat.
    pub exchange: Option<Exchange>,
    /// The declaration.
    pub declaration: Option<Declaration>,
    /// The tricks.
    pub tricks: Vec<TrickRecord>,
    /// The extra game (uno or duo) when one was declared: a grand at a fixed value, so the
    /// result's `game` is `grand` and its `value` the extra game's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra_game: Option<ExtraGame>,
    /// The result.
    #[serde(skip)]
    pub result: GameResult,
}
