//! Named rule profiles. A profile is a value of [`Options`] with a name: every variation
//! between rule books (bid set, base values, multiplier scheme, overbid valuation, loss
//! factor, allowed announcements, early ends) is an option here, read by the one engine.
//!
//! `isko` follows the International Skat Order of 1 January 1999 (seed 004).

use std::sync::OnceLock;

use serde::Serialize;

use crate::core::trick::{Follow, Head, Policies, TrumpDuty};
use crate::skat::model::{Contract, GameType};

/// Base values of the trump games. Seed 004, §Seniority and computational value of the suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BaseValues {
    /// Clubs trump.
    pub clubs: u32,
    /// Spades trump.
    pub spades: u32,
    /// Hearts trump.
    pub hearts: u32,
    /// Diamonds trump.
    pub diamonds: u32,
    /// Grand.
    pub grand: u32,
}

/// Fixed values of the Null games. Seed 004, §The value of Null games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct NullValues {
    /// Null with the skat.
    pub plain: u32,
    /// Null hand.
    pub hand: u32,
    /// Null ouvert with the skat.
    pub ouvert: u32,
    /// Null ouvert hand.
    pub ouvert_hand: u32,
}

/// How the multiplier of a trump game is formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MultiplierScheme {
    /// Matadors (with or against) plus one for each level: game, hand, schneider,
    /// schneider announced, schwarz, schwarz announced, ouvert.
    MatadorsPlusLevels,
}

/// Which values may be bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BidSet {
    /// Exactly the game values a contract can reach (computed from the base values, the
    /// multiplier range and the Null values).
    ReachableGameValues,
}

/// What an overbid game (value below the bid) is lost at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OverbidValue {
    /// The smallest multiple of the game's base value that reaches the bid.
    NextMultipleOfBase,
}

/// How many times the value a lost game costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LossFactor {
    /// After picking up the skat.
    pub pickup: u32,
    /// In a hand game.
    pub hand: u32,
}

/// Announcements and what they require or imply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Announcements {
    /// Schneider may be announced only in a hand game.
    pub schneider_needs_hand: bool,
    /// Schwarz may be announced only in a hand game.
    pub schwarz_needs_hand: bool,
    /// Announcing schwarz announces schneider too.
    pub schwarz_implies_schneider: bool,
    /// Suit and Grand games may be played ouvert.
    pub trump_ouvert_allowed: bool,
    /// A suit or Grand ouvert is a hand game with schneider and schwarz announced.
    pub trump_ouvert_implies_hand_schneider_schwarz: bool,
    /// Null ouvert may follow a pick-up of the skat.
    pub null_ouvert_with_pickup: bool,
}

/// When the play may or must stop before the tenth trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct EarlyEnd {
    /// Null is lost as soon as the declarer takes a trick.
    pub null_at_declarer_trick: bool,
    /// An announced schwarz (or a suit or Grand ouvert) is lost at the first trick the
    /// defenders take.
    pub schwarz_at_defender_trick: bool,
    /// An announced schneider is lost as soon as the defenders hold 31 points.
    pub schneider_at_31: bool,
    /// Concessions (declarer or both defenders) and a declarer's claim of the remaining
    /// tricks end the play.
    pub concessions: bool,
}

/// What happens when all three players pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AllPass {
    /// No game is played; the cards are dealt anew.
    NoGame,
}

/// Every option a profile sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Options {
    /// Base values of the trump games.
    pub base_values: BaseValues,
    /// Values of the Null games.
    pub null_values: NullValues,
    /// How the multiplier is formed.
    pub multiplier: MultiplierScheme,
    /// Which values may be bid.
    pub bids: BidSet,
    /// Forehand may bid (and play) when middlehand and rearhand both passed.
    pub forehand_may_bid_alone: bool,
    /// What an overbid game is lost at.
    pub overbid: OverbidValue,
    /// How much a lost game costs.
    pub loss_factor: LossFactor,
    /// Announcements.
    pub announcements: Announcements,
    /// The skat's matadors count for the declarer, in hand games too.
    pub matadors_count_skat: bool,
    /// Early ends.
    pub early_end: EarlyEnd,
    /// Follow, head and trump obligations.
    pub play: Policies,
    /// Points the declarer needs to win (the skat included).
    pub win_at: u32,
    /// A side with this many points or fewer is schneider.
    pub schneider_at: u32,
    /// All pass.
    pub all_pass: AllPass,
}

/// A named rule profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Profile {
    /// The name used in the `Rules` tag.
    pub name: String,
    /// One line on what it is.
    pub description: String,
    /// The rule text it follows.
    pub source: String,
    /// The options.
    pub options: Options,
    /// The bid table, ascending (derived from the options).
    pub bid_table: Vec<u32>,
}

/// Levels that can add to the multiplier besides matadors (game, hand, schneider,
/// schneider announced, schwarz, schwarz announced, ouvert).
const LEVELS: u32 = 7;

impl Profile {
    fn new(name: &str, description: &str, source: &str, options: Options) -> Profile {
        let mut p = Profile {
            name: name.to_string(),
            description: description.to_string(),
            source: source.to_string(),
            options,
            bid_table: Vec::new(),
        };
        p.bid_table = p.compute_bid_table();
        p
    }

    /// The official rules: the International Skat Order of 1 January 1999.
    pub fn isko() -> Profile {
        Profile::new(
            "isko",
            "Official Skat: International Skat Order (ISkO) of 1 January 1999",
            "seed 004 (official game rules dated 1 January 1999)",
            Options {
                base_values: BaseValues {
                    clubs: 12,
                    spades: 11,
                    hearts: 10,
                    diamonds: 9,
                    grand: 24,
                },
                null_values: NullValues {
                    plain: 23,
                    hand: 35,
                    ouvert: 46,
                    ouvert_hand: 59,
                },
                multiplier: MultiplierScheme::MatadorsPlusLevels,
                bids: BidSet::ReachableGameValues,
                forehand_may_bid_alone: true,
                overbid: OverbidValue::NextMultipleOfBase,
                loss_factor: LossFactor { pickup: 2, hand: 2 },
                announcements: Announcements {
                    schneider_needs_hand: true,
                    schwarz_needs_hand: true,
                    schwarz_implies_schneider: true,
                    trump_ouvert_allowed: true,
                    trump_ouvert_implies_hand_schneider_schwarz: true,
                    null_ouvert_with_pickup: true,
                },
                matadors_count_skat: true,
                early_end: EarlyEnd {
                    null_at_declarer_trick: true,
                    schwarz_at_defender_trick: true,
                    schneider_at_31: true,
                    concessions: true,
                },
                play: Policies {
                    follow: Follow::Required,
                    head: Head::Free,
                    trump: TrumpDuty::Free,
                },
                win_at: 61,
                schneider_at: 30,
                all_pass: AllPass::NoGame,
            },
        )
    }

    /// The base value of a trump game; `None` for Null.
    pub fn base_value(&self, game: GameType) -> Option<u32> {
        let b = self.options.base_values;
        match game {
            GameType::Clubs => Some(b.clubs),
            GameType::Spades => Some(b.spades),
            GameType::Hearts => Some(b.hearts),
            GameType::Diamonds => Some(b.diamonds),
            GameType::Grand => Some(b.grand),
            GameType::Null => None,
        }
    }

    /// The value of a Null contract.
    pub fn null_value(&self, hand: bool, ouvert: bool) -> u32 {
        let n = self.options.null_values;
        match (hand, ouvert) {
            (false, false) => n.plain,
            (true, false) => n.hand,
            (false, true) => n.ouvert,
            (true, true) => n.ouvert_hand,
        }
    }

    /// The value of a Null contract, or `None` for a trump game.
    pub fn contract_null_value(&self, c: &Contract) -> Option<u32> {
        (c.game == GameType::Null).then(|| self.null_value(c.hand, c.ouvert))
    }

    /// The highest number of matadors a trump game can have.
    fn max_matadors(game: GameType) -> u32 {
        match game {
            GameType::Grand => 4,
            GameType::Null => 0,
            _ => 11,
        }
    }

    fn compute_bid_table(&self) -> Vec<u32> {
        let BidSet::ReachableGameValues = self.options.bids;
        let mut values = Vec::new();
        for g in GameType::ALL {
            if let Some(base) = self.base_value(g) {
                for m in 2..=Self::max_matadors(g) + LEVELS {
                    values.push(base * m);
                }
            }
        }
        let n = self.options.null_values;
        values.extend([n.plain, n.hand, n.ouvert, n.ouvert_hand]);
        values.sort_unstable();
        values.dedup();
        values
    }

    /// Whether a value may be bid.
    pub fn is_bid(&self, value: u32) -> bool {
        self.bid_table.binary_search(&value).is_ok()
    }

    /// The lowest bid.
    pub fn lowest_bid(&self) -> u32 {
        self.bid_table.first().copied().unwrap_or(18)
    }

    /// The next bid above `value`.
    pub fn next_bid(&self, value: u32) -> Option<u32> {
        self.bid_table.iter().copied().find(|&v| v > value)
    }

    /// The loss factor of a contract.
    pub fn loss_factor(&self, hand: bool) -> u32 {
        if hand {
            self.options.loss_factor.hand
        } else {
            self.options.loss_factor.pickup
        }
    }
}

/// Every Skat profile the engine knows.
pub fn all() -> &'static [Profile] {
    static ALL: OnceLock<Vec<Profile>> = OnceLock::new();
    ALL.get_or_init(|| vec![Profile::isko()])
}

/// The profile with this name (case-insensitive).
pub fn by_name(name: &str) -> Option<&'static Profile> {
    all().iter().find(|p| p.name.eq_ignore_ascii_case(name.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_isko_bid_table_has_63_values_from_18_to_264() {
        let p = Profile::isko();
        assert_eq!(p.bid_table.len(), 63);
        assert_eq!(p.bid_table.first(), Some(&18));
        assert_eq!(p.bid_table.last(), Some(&264));
        let start = [
            18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60,
        ];
        assert_eq!(&p.bid_table[..20], &start);
    }

    #[test]
    fn bids_are_checked_against_the_table() {
        let p = Profile::isko();
        assert!(p.is_bid(18) && p.is_bid(59) && p.is_bid(264));
        assert!(!p.is_bid(19) && !p.is_bid(21) && !p.is_bid(17) && !p.is_bid(265));
        assert_eq!(p.next_bid(18), Some(20));
        assert_eq!(p.next_bid(264), None);
    }

    #[test]
    fn profiles_are_found_by_name() {
        assert_eq!(by_name("ISKO").map(|p| p.name.as_str()), Some("isko"));
        assert!(by_name("foster-1897").is_none());
    }
}
