//! Named rule profiles. A profile is a value of [`Options`] with a name: every variation
//! between rule books (bid set, base values, multiplier scheme, overbid valuation, loss
//! factor, allowed announcements, early ends) is an option here, read by the one engine.
//!
//! `isko` follows the International Skat Order of 1 January 1999 (seed 004); `isko-kontra`
//! adds its Kontra variant. `foster-1897` and `american` follow seed 001 (the Laws of Skat
//! and American Skat of 1897), `uspc` seed 000. Each is a value of the same [`Options`];
//! spec/rules/historic-options.md lists every option with each profile's value.

use std::sync::OnceLock;

use serde::Serialize;

use crate::core::trick::{Follow, Head, Policies, TrumpDuty};
use crate::skat::model::{Contract, GameType, SkatUse};

/// Units of the four suit games, for one way of using the skat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct SuitUnits {
    /// Clubs trump.
    pub clubs: u32,
    /// Spades trump.
    pub spades: u32,
    /// Hearts trump.
    pub hearts: u32,
    /// Diamonds trump.
    pub diamonds: u32,
}

impl SuitUnits {
    /// The unit of a suit game; `None` for Grand and Null.
    pub fn of(&self, game: GameType) -> Option<u32> {
        match game {
            GameType::Clubs => Some(self.clubs),
            GameType::Spades => Some(self.spades),
            GameType::Hearts => Some(self.hearts),
            GameType::Diamonds => Some(self.diamonds),
            GameType::Grand | GameType::Null => None,
        }
    }
}

/// Base values (units) of the trump games, by the way the skat is used. A `None` row is a
/// game the profile does not have. Seed 004, §Seniority and computational value of the suits
/// (`isko`: one table for every use); seed 001, Law 1 (tourné, solo, gucki, turned grand,
/// open grand each priced apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BaseValues {
    /// Suit games after turning a skat card (tourné, first or second turn).
    pub suit_turned: Option<SuitUnits>,
    /// Suit games after taking up the skat.
    pub suit_pickup: Option<SuitUnits>,
    /// Suit games with the skat untouched (hand, "solo").
    pub suit_hand: Option<SuitUnits>,
    /// Grand after turning a jack.
    pub grand_turned: Option<u32>,
    /// Grand after taking up the skat (gucki, Guckser).
    pub grand_pickup: Option<u32>,
    /// Grand with the skat untouched.
    pub grand_hand: Option<u32>,
    /// Grand ouvert.
    pub grand_ouvert: Option<u32>,
}

/// Fixed values of the Null games; `None` is a Null the profile does not have. Seed 004,
/// §The value of Null games; seed 001, Law 1; seed 000, §Values of the Games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct NullValues {
    /// Null after taking up the skat (gucki nullo).
    pub plain: Option<u32>,
    /// Null hand (solo nullo).
    pub hand: Option<u32>,
    /// Null ouvert after taking up the skat.
    pub ouvert: Option<u32>,
    /// Null ouvert hand.
    pub ouvert_hand: Option<u32>,
    /// Null after turning a seven (seed 001, Law 31: only where agreed).
    pub turned: Option<u32>,
}

/// Fixed-value games beyond the Nulls (seed 001, Law 1, "if played"). Listed as options;
/// the replay does not play them yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ExtraGames {
    /// Revolution: a Null against the pooled hands of the adversaries.
    pub revolution: Option<u32>,
    /// Uno (exactly one trick): plain and ouvert values.
    pub uno: Option<(u32, u32)>,
    /// Duo (exactly two tricks): plain and ouvert values.
    pub duo: Option<(u32, u32)>,
}

/// Turning a skat card to fix the trump (tourné). Seed 001, §Games (Tourné), Laws 28–30;
/// seed 000, §Tournee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Turning {
    /// Passt mir nicht: the first card may be taken in unshown and the second turned.
    pub second_turn: bool,
    /// A turned jack allows the turned grand.
    pub jack_makes_grand: bool,
    /// Both cards turned at once bind the declarer to the suit of higher value (Law 29).
    pub both_shown_higher_suit: bool,
}

/// What taking up both skat cards binds the declarer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PickupRule {
    /// Any game, named after the exchange (seed 004; American Skat).
    Free,
    /// A grand, or a Null announced before the skat was touched (gucki; seed 001, Laws 28, 40).
    GrandUnlessNullFirst,
    /// Only a grand (Guckser; seed 000, §Grand).
    GrandOnly,
}

/// The multipliers of the outcome levels on a ladder: the highest level reached counts once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LevelLadder {
    /// 61 or more.
    pub game: u32,
    /// Schneider made, not announced.
    pub schneider: u32,
    /// Schneider announced and made.
    pub schneider_announced: u32,
    /// Every trick, nothing announced.
    pub schwarz: u32,
    /// Every trick after announcing schneider.
    pub schwarz_after_schneider: u32,
    /// Schwarz announced and made.
    pub schwarz_announced: u32,
}

/// How the multiplier of a trump game is formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MultiplierScheme {
    /// Matadors (with or against) plus one for each level: game, hand, schneider,
    /// schneider announced, schwarz, schwarz announced, ouvert (seed 004, §Game value).
    MatadorsPlusLevels,
    /// Matadors plus the multiplier of the highest level on the ladder (seed 001, Law 2;
    /// seed 000, §Computing the Game).
    Ladder(LevelLadder),
    /// Matadors plus game, schneider and schwarz, one each; an announcement multiplies the
    /// sum up to the announced level, and a level reached beyond it adds one (seed 001,
    /// §American Skat).
    AnnouncementFactor {
        /// Factor of an announced schneider.
        schneider: u32,
        /// Factor of an announced schwarz.
        schwarz: u32,
    },
}

/// Which values may be bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BidSet {
    /// Exactly the game values a contract of the profile can reach (from the units, each
    /// kind's reachable levels and the fixed values).
    ReachableGameValues,
    /// Any whole number from `min`; a number off the ladder `min`, `min + step`, … is a
    /// warning (seed 000, §Bidding: "customary").
    Ladder {
        /// The lowest bid.
        min: u32,
        /// The customary step.
        step: u32,
    },
}

/// What an overbid game (value below the bid) is lost at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OverbidValue {
    /// The smallest multiple of the game's base value that reaches the bid.
    NextMultipleOfBase,
}

/// Which games may not be declared because they cannot reach the bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Unreachable {
    /// Only a fixed-value game (Null) worth less than the bid; a trump game below the bid is
    /// left to the overbid rule.
    FixedValueIllegal,
    /// Any game whose highest possible value (with its matadors and the levels it can still
    /// reach) is below the bid.
    AllIllegal,
}

/// How many times the value a lost game costs, by the way the skat was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LossFactor {
    /// After picking up the skat.
    pub pickup: u32,
    /// In a hand game.
    pub hand: u32,
    /// In a tourné (first turn).
    pub turned: u32,
    /// After passt mir nicht (second turn).
    pub second_turn: u32,
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
    /// Suit games may be played ouvert.
    pub suit_ouvert_allowed: bool,
    /// Grand may be played ouvert.
    pub grand_ouvert_allowed: bool,
    /// A suit or Grand ouvert announces schneider and schwarz.
    pub ouvert_implies_schwarz: bool,
    /// A suit or Grand ouvert is a hand game.
    pub ouvert_needs_hand: bool,
    /// Null ouvert may follow a pick-up of the skat.
    pub null_ouvert_with_pickup: bool,
}

impl Announcements {
    /// The contract with the announcements its declaration implies: a suit or Grand ouvert
    /// announces schneider and schwarz, schwarz announces schneider, where the profile says
    /// so.
    pub fn implied(&self, mut contract: Contract) -> Contract {
        if contract.ouvert && contract.game != GameType::Null && self.ouvert_implies_schwarz {
            contract.schneider_announced = true;
            contract.schwarz_announced = true;
        }
        if contract.schwarz_announced && self.schwarz_implies_schneider {
            contract.schneider_announced = true;
        }
        contract
    }
}

/// Giving up a tourné before the second trick (seed 001, Law 44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Abandon {
    /// The declarer may abandon before playing to this trick.
    pub before_trick: u32,
    /// Only suit tournés (not the turned grand, solos, guckis or Nulls).
    pub turned_suit_only: bool,
    /// Scored as a simple game lost (game level), whatever the adversaries could have made.
    pub scored_at_game_level: bool,
}

/// When the play may or must stop before the tenth trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct EarlyEnd {
    /// Null is lost as soon as the declarer takes a trick.
    pub null_at_declarer_trick: bool,
    /// An announced schwarz (or a suit or Grand ouvert) is lost at the first trick the
    /// defenders take.
    pub schwarz_at_defender_trick: bool,
    /// An announced schneider is lost as soon as the defenders are out of schneider.
    pub schneider_at_31: bool,
    /// Concessions (declarer or both defenders) and a declarer's claim of the remaining
    /// tricks end the play.
    pub concessions: bool,
    /// Abandoning a tourné (play event `abandons`).
    pub abandon: Option<Abandon>,
}

/// Where schneider lies, for each side: a side with this many card points or fewer is
/// schneider.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Schneider {
    /// The declarer is schneider at this many points or fewer (the skat included).
    pub declarer_at_most: u32,
    /// The defenders are schneider at this many points or fewer.
    pub defenders_at_most: u32,
}

/// How a Ramsch is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RamschRule {
    /// Seed 001, Law 4: the most card points lose 20; 30 if one player took no trick, 50 if
    /// two took none; two tied for the most: the one with the last trick, or both if the
    /// third took it; 40-40-40: no score.
    Laws1897,
    /// Seed 000, §Scoring of Ramsch: the fewest card points win 10 (20 without a trick); a
    /// three-way tie goes to Forehand; two tied for the fewest: the one without the last
    /// trick; one player with every trick: −30.
    Uspc,
    /// Seed 004, §Game variants: Ramsch: the most card points lose them; two tied for the
    /// most both lose, all three at 40 no score; a player without a trick (Jungfrau) doubles
    /// the loss; one player with every trick (Durchmarsch) scores +120.
    Seed004 {
        /// The skat goes to the player with the most card points ("Skat is collected by
        /// the winner, i.e. the one who has the most"); otherwise to the last trick.
        skat_to_loser: bool,
        /// Jacks may be laid back when the skat is passed round (Schieberamsch); seed 004
        /// says they may not ("Jacks cannot be passed on").
        jacks_pass: bool,
    },
}

/// What happens when all three players pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AllPass {
    /// No game is played; the cards are dealt anew.
    NoGame,
    /// Ramsch: every player for himself, the jacks the only trumps.
    Ramsch(RamschRule),
}

/// Every option a profile sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Options {
    /// Base values of the trump games, by the way the skat is used.
    pub base_values: BaseValues,
    /// Values of the Null games.
    pub null_values: NullValues,
    /// Fixed-value games beyond the Nulls.
    pub extra_games: ExtraGames,
    /// Turning a skat card (tourné); `None` where there is no tourné.
    pub turning: Option<Turning>,
    /// What taking up the skat binds the declarer to.
    pub pickup_commits: PickupRule,
    /// How the multiplier is formed.
    pub multiplier: MultiplierScheme,
    /// Which values may be bid.
    pub bids: BidSet,
    /// Forehand may bid (and play) when middlehand and rearhand both passed.
    pub forehand_may_bid_alone: bool,
    /// What an overbid game is lost at.
    pub overbid: OverbidValue,
    /// Which games may not be declared because they cannot reach the bid.
    pub unreachable_game: Unreachable,
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
    /// Where schneider lies for each side.
    pub schneider_at: Schneider,
    /// All pass.
    pub all_pass: AllPass,
    /// Kontra and Re (seed 004, §Game variants): each doubles the score.
    pub kontra: bool,
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
    /// The bid table, ascending (derived from the options; for a ladder, its customary
    /// values up to the highest game value).
    pub bid_table: Vec<u32>,
}

/// Levels that can add to the multiplier besides matadors under
/// [`MultiplierScheme::MatadorsPlusLevels`] (game, hand, schneider, schneider announced,
/// schwarz, schwarz announced, ouvert).
const LEVELS: u32 = 7;

const SOLO_UNITS: SuitUnits = SuitUnits {
    clubs: 12,
    spades: 11,
    hearts: 10,
    diamonds: 9,
};

const TOURNE_UNITS: SuitUnits = SuitUnits {
    clubs: 8,
    spades: 7,
    hearts: 6,
    diamonds: 5,
};

/// Seed 001, Law 2 (and `uspc`'s ladder differs in the unannounced schwarz only).
const LAW_2: LevelLadder = LevelLadder {
    game: 1,
    schneider: 2,
    schneider_announced: 3,
    schwarz: 3,
    schwarz_after_schneider: 4,
    schwarz_announced: 5,
};

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

    fn isko_options() -> Options {
        Options {
            base_values: BaseValues {
                suit_turned: None,
                suit_pickup: Some(SOLO_UNITS),
                suit_hand: Some(SOLO_UNITS),
                grand_turned: None,
                grand_pickup: Some(24),
                grand_hand: Some(24),
                grand_ouvert: Some(24),
            },
            null_values: NullValues {
                plain: Some(23),
                hand: Some(35),
                ouvert: Some(46),
                ouvert_hand: Some(59),
                turned: None,
            },
            extra_games: ExtraGames {
                revolution: None,
                uno: None,
                duo: None,
            },
            turning: None,
            pickup_commits: PickupRule::Free,
            multiplier: MultiplierScheme::MatadorsPlusLevels,
            bids: BidSet::ReachableGameValues,
            forehand_may_bid_alone: true,
            overbid: OverbidValue::NextMultipleOfBase,
            unreachable_game: Unreachable::FixedValueIllegal,
            loss_factor: LossFactor {
                pickup: 2,
                hand: 2,
                turned: 2,
                second_turn: 2,
            },
            announcements: Announcements {
                schneider_needs_hand: true,
                schwarz_needs_hand: true,
                schwarz_implies_schneider: true,
                suit_ouvert_allowed: true,
                grand_ouvert_allowed: true,
                ouvert_implies_schwarz: true,
                ouvert_needs_hand: true,
                null_ouvert_with_pickup: true,
            },
            matadors_count_skat: true,
            early_end: EarlyEnd {
                null_at_declarer_trick: true,
                schwarz_at_defender_trick: true,
                schneider_at_31: true,
                concessions: true,
                abandon: None,
            },
            play: Policies {
                follow: Follow::Required,
                head: Head::Free,
                trump: TrumpDuty::Free,
            },
            win_at: 61,
            schneider_at: Schneider {
                declarer_at_most: 30,
                defenders_at_most: 30,
            },
            all_pass: AllPass::NoGame,
            kontra: false,
        }
    }

    /// The official rules: the International Skat Order of 1 January 1999.
    pub fn isko() -> Profile {
        Profile::new(
            "isko",
            "Official Skat: International Skat Order (ISkO) of 1 January 1999",
            "seed 004 (official game rules dated 1 January 1999)",
            Profile::isko_options(),
        )
    }

    /// The house game of seed 004, §Game variants: the official rules with Kontra and Re,
    /// and a Ramsch when all pass.
    pub fn isko_house() -> Profile {
        Profile::new(
            "isko-house",
            "Official Skat (ISkO 1999) with the house variants Kontra and Re, and Ramsch when all pass",
            "seed 004 (official game rules; §Game variants: Kontra and Re, Ramsch)",
            Options {
                kontra: true,
                all_pass: AllPass::Ramsch(RamschRule::Seed004 {
                    skat_to_loser: true,
                    jacks_pass: false,
                }),
                ..Profile::isko_options()
            },
        )
    }

    /// The unofficial (pub) game of seed 004: the official rules, except that schneider,
    /// schwarz and ouvert may be announced after the skat was picked up, ouvert no longer
    /// announces schwarz, and a hand game counts no matadors from the unseen skat.
    pub fn isko_unofficial() -> Profile {
        let official = Profile::isko_options();
        Profile::new(
            "isko-unofficial",
            "Unofficial (pub) Skat of seed 004: announcements after the pick-up, ouvert without schwarz, no matadors from the skat in a hand game",
            "seed 004 (§Bidding / Auction: the warning on the unofficial variant; §Game value calculating: the warning on unofficial games; §Matadors: the note on unofficial rules)",
            Options {
                announcements: Announcements {
                    schneider_needs_hand: false,
                    schwarz_needs_hand: false,
                    ouvert_needs_hand: false,
                    ouvert_implies_schwarz: false,
                    ..official.announcements
                },
                matadors_count_skat: false,
                ..official
            },
        )
    }

    /// The official rules with the unofficial Kontra and Re of seed 004, §Game variants.
    pub fn isko_kontra() -> Profile {
        Profile::new(
            "isko-kontra",
            "Official Skat (ISkO 1999) with the variant Kontra and Re",
            "seed 004 (official game rules; §Game variants: Kontra and Re)",
            Options {
                kontra: true,
                ..Profile::isko_options()
            },
        )
    }

    /// The options the three historic profiles share (seed 001's laws; seed 000 agrees).
    fn historic_options() -> Options {
        let isko = Profile::isko_options();
        Options {
            base_values: BaseValues {
                suit_turned: Some(TOURNE_UNITS),
                suit_pickup: None,
                suit_hand: Some(SOLO_UNITS),
                grand_turned: Some(12),
                grand_pickup: Some(16),
                grand_hand: Some(20),
                grand_ouvert: Some(24),
            },
            turning: Some(Turning {
                second_turn: true,
                jack_makes_grand: true,
                both_shown_higher_suit: true,
            }),
            multiplier: MultiplierScheme::Ladder(LAW_2),
            unreachable_game: Unreachable::AllIllegal,
            loss_factor: LossFactor {
                pickup: 2,
                hand: 1,
                turned: 1,
                second_turn: 2,
            },
            announcements: Announcements {
                suit_ouvert_allowed: false,
                ..isko.announcements
            },
            early_end: EarlyEnd {
                schneider_at_31: false,
                ..isko.early_end
            },
            schneider_at: Schneider {
                declarer_at_most: 30,
                defenders_at_most: 29,
            },
            all_pass: AllPass::Ramsch(RamschRule::Laws1897),
            ..isko
        }
    }

    /// Skat under the laws of *Foster's Complete Hoyle* (1897).
    pub fn foster_1897() -> Profile {
        let h = Profile::historic_options();
        Profile::new(
            "foster-1897",
            "Skat under the Laws of Skat of Foster's Complete Hoyle (1897): tourné, solo, gucki",
            "seed 001 (Foster's Complete Hoyle, 1897: Skat and the Laws of Skat)",
            Options {
                null_values: NullValues {
                    plain: Some(15),
                    hand: Some(20),
                    ouvert: Some(30),
                    ouvert_hand: Some(40),
                    turned: None,
                },
                extra_games: ExtraGames {
                    revolution: Some(60),
                    uno: Some((20, 40)),
                    duo: Some((20, 40)),
                },
                pickup_commits: PickupRule::GrandUnlessNullFirst,
                early_end: EarlyEnd {
                    abandon: Some(Abandon {
                        before_trick: 2,
                        turned_suit_only: true,
                        scored_at_game_level: true,
                    }),
                    ..h.early_end
                },
                ..h
            },
        )
    }

    /// American Skat as seed 001 describes it: every game after taking up the skat.
    pub fn american() -> Profile {
        let h = Profile::historic_options();
        Profile::new(
            "american",
            "American Skat (Foster's Complete Hoyle, 1897): the skat always taken, announcements multiply",
            "seed 001 (Foster's Complete Hoyle, 1897: American Skat)",
            Options {
                base_values: BaseValues {
                    suit_turned: None,
                    suit_pickup: Some(SOLO_UNITS),
                    suit_hand: None,
                    grand_turned: None,
                    grand_pickup: Some(20),
                    grand_hand: None,
                    grand_ouvert: Some(24),
                },
                null_values: NullValues {
                    plain: Some(20),
                    hand: None,
                    ouvert: Some(40),
                    ouvert_hand: None,
                    turned: None,
                },
                turning: None,
                multiplier: MultiplierScheme::AnnouncementFactor {
                    schneider: 2,
                    schwarz: 3,
                },
                loss_factor: LossFactor {
                    pickup: 2,
                    hand: 2,
                    turned: 2,
                    second_turn: 2,
                },
                announcements: Announcements {
                    schneider_needs_hand: false,
                    schwarz_needs_hand: false,
                    ouvert_needs_hand: false,
                    ..h.announcements
                },
                ..h
            },
        )
    }

    /// Skat in the rules of the United States Playing Card Company.
    pub fn uspc() -> Profile {
        let h = Profile::historic_options();
        Profile::new(
            "uspc",
            "Skat in the USPC rules: tournee, solo, Guckser, bids rising by 2",
            "seed 000 (United States Playing Card Company rules archive, Skat)",
            Options {
                null_values: NullValues {
                    plain: None,
                    hand: Some(20),
                    ouvert: None,
                    ouvert_hand: Some(40),
                    turned: None,
                },
                turning: Some(Turning {
                    second_turn: true,
                    jack_makes_grand: true,
                    both_shown_higher_suit: false,
                }),
                pickup_commits: PickupRule::GrandOnly,
                multiplier: MultiplierScheme::Ladder(LevelLadder { schwarz: 4, ..LAW_2 }),
                bids: BidSet::Ladder { min: 10, step: 2 },
                announcements: Announcements {
                    null_ouvert_with_pickup: false,
                    ..h.announcements
                },
                all_pass: AllPass::Ramsch(RamschRule::Uspc),
                ..h
            },
        )
    }

    /// The base value of a trump game played with this use of the skat; `None` for Null and
    /// for a trump game the profile does not have.
    pub fn base_value(&self, game: GameType, skat: SkatUse, ouvert: bool) -> Option<u32> {
        let b = self.options.base_values;
        if game == GameType::Grand {
            let row = match skat {
                SkatUse::Hand => b.grand_hand,
                SkatUse::Pickup => b.grand_pickup,
                SkatUse::Turned | SkatUse::SecondTurn => b.grand_turned,
            };
            // An open grand exists only where the grand of that use does.
            return if ouvert { row.and(b.grand_ouvert) } else { row };
        }
        let units = match skat {
            SkatUse::Hand => b.suit_hand,
            SkatUse::Pickup => b.suit_pickup,
            SkatUse::Turned | SkatUse::SecondTurn => b.suit_turned,
        };
        units.and_then(|u| u.of(game))
    }

    /// The value of a Null contract with this use of the skat; `None` if the profile has no
    /// such Null.
    pub fn null_value(&self, skat: SkatUse, ouvert: bool) -> Option<u32> {
        let n = self.options.null_values;
        match (skat, ouvert) {
            (SkatUse::Pickup, false) => n.plain,
            (SkatUse::Hand, false) => n.hand,
            (SkatUse::Pickup, true) => n.ouvert,
            (SkatUse::Hand, true) => n.ouvert_hand,
            (SkatUse::Turned | SkatUse::SecondTurn, false) => n.turned,
            (SkatUse::Turned | SkatUse::SecondTurn, true) => None,
        }
    }

    /// The value of a Null contract (hand or pick-up), or `None` for a trump game.
    pub fn contract_null_value(&self, c: &Contract) -> Option<u32> {
        if c.game == GameType::Null {
            self.null_value(SkatUse::of_hand(c.hand), c.ouvert)
        } else {
            None
        }
    }

    /// Whether the profile prices a game by more than hand and pick-up, so that the replay
    /// reports the use of the skat.
    pub fn prices_skat_use(&self) -> bool {
        let b = self.options.base_values;
        self.options.turning.is_some() || b.suit_hand != b.suit_pickup || b.grand_hand != b.grand_pickup
    }

    /// The highest number of matadors a trump game can have.
    pub fn max_matadors(game: GameType) -> u32 {
        match game {
            GameType::Grand => 4,
            GameType::Null => 0,
            _ => 11,
        }
    }

    /// Whether schneider and schwarz may be announced with this use of the skat.
    fn may_announce(&self, skat: SkatUse) -> (bool, bool) {
        let a = self.options.announcements;
        let hand = skat == SkatUse::Hand;
        (hand || !a.schneider_needs_hand, hand || !a.schwarz_needs_hand)
    }

    /// The multipliers (matadors included) a trump game with `matadors` can reach: with the
    /// announcements allowed for its use of the skat, or always schwarz announced (ouvert).
    pub fn reachable_multipliers(&self, matadors: u32, skat: SkatUse, ouvert: bool) -> Vec<u32> {
        let (schneider_ok, schwarz_ok) = self.may_announce(skat);
        let m = matadors;
        match self.options.multiplier {
            MultiplierScheme::MatadorsPlusLevels => {
                let hand = u32::from(skat == SkatUse::Hand);
                if ouvert {
                    vec![m + 6 + hand]
                } else {
                    (m + 1 + hand..=m + 3 + hand + u32::from(schneider_ok) + u32::from(schwarz_ok)).collect()
                }
            }
            MultiplierScheme::Ladder(l) => {
                if ouvert {
                    return vec![m + l.schwarz_announced];
                }
                let mut v = vec![m + l.game, m + l.schneider, m + l.schwarz];
                if schneider_ok {
                    v.extend([m + l.schneider_announced, m + l.schwarz_after_schneider]);
                }
                if schwarz_ok {
                    v.push(m + l.schwarz_announced);
                }
                v
            }
            MultiplierScheme::AnnouncementFactor { schneider, schwarz } => {
                if ouvert {
                    return vec![schwarz * (m + 3)];
                }
                let mut v = vec![m + 1, m + 2, m + 3];
                if schneider_ok {
                    v.extend([schneider * (m + 2), schneider * (m + 2) + 1]);
                }
                if schwarz_ok {
                    v.push(schwarz * (m + 3));
                }
                v
            }
        }
    }

    /// The uses of the skat a trump game can be played with in this profile.
    fn skat_uses(&self) -> Vec<SkatUse> {
        let mut v = vec![SkatUse::Hand, SkatUse::Pickup];
        if let Some(t) = self.options.turning {
            v.push(SkatUse::Turned);
            if t.second_turn {
                v.push(SkatUse::SecondTurn);
            }
        }
        v
    }

    /// Every value a game of the profile can have, ascending: each trump game at each
    /// multiplier it can reach, the Nulls and the extra games.
    pub fn game_values(&self) -> Vec<u32> {
        let mut values = Vec::new();
        if self.options.multiplier == MultiplierScheme::MatadorsPlusLevels {
            // One table for every use: the official bid list (seed 004, §Bidding).
            for g in GameType::ALL {
                let base =
                    self.base_value(g, SkatUse::Hand, false)
                        .or(self.base_value(g, SkatUse::Pickup, false));
                if let Some(base) = base {
                    for m in 2..=Self::max_matadors(g) + LEVELS {
                        values.push(base * m);
                    }
                }
            }
        } else {
            for g in GameType::ALL {
                for skat in self.skat_uses() {
                    for ouvert in [false, true] {
                        if ouvert && (skat.is_turned() || !self.ouvert_allowed(g, skat)) {
                            continue;
                        }
                        let Some(base) = self.base_value(g, skat, ouvert) else {
                            continue;
                        };
                        for m in 1..=Self::max_matadors(g) {
                            values.extend(
                                self.reachable_multipliers(m, skat, ouvert)
                                    .iter()
                                    .map(|x| x * base),
                            );
                        }
                    }
                }
            }
        }
        let n = self.options.null_values;
        values.extend(
            [n.plain, n.hand, n.ouvert, n.ouvert_hand, n.turned]
                .into_iter()
                .flatten(),
        );
        let e = self.options.extra_games;
        values.extend(e.revolution);
        for (plain, open) in [e.uno, e.duo].into_iter().flatten() {
            values.extend([plain, open]);
        }
        values.sort_unstable();
        values.dedup();
        values
    }

    /// Whether a trump game may be played ouvert with this use of the skat.
    pub fn ouvert_allowed(&self, game: GameType, skat: SkatUse) -> bool {
        let a = self.options.announcements;
        let kind_ok = if game == GameType::Grand {
            a.grand_ouvert_allowed
        } else {
            a.suit_ouvert_allowed
        };
        kind_ok && (skat == SkatUse::Hand || (skat == SkatUse::Pickup && !a.ouvert_needs_hand))
    }

    fn compute_bid_table(&self) -> Vec<u32> {
        let values = self.game_values();
        match self.options.bids {
            BidSet::ReachableGameValues => values,
            BidSet::Ladder { min, step } => {
                let top = values.last().copied().unwrap_or(min);
                (min..=top).step_by(step.max(1) as usize).collect()
            }
        }
    }

    /// The highest value any game of the profile can reach.
    pub fn highest_game_value(&self) -> u32 {
        self.game_values().last().copied().unwrap_or(0)
    }

    /// Whether a value may be bid.
    pub fn is_bid(&self, value: u32) -> bool {
        match self.options.bids {
            BidSet::ReachableGameValues => self.bid_table.binary_search(&value).is_ok(),
            BidSet::Ladder { min, .. } => value >= min,
        }
    }

    /// Whether a legal bid is off the customary ladder (only a [`BidSet::Ladder`] has one).
    pub fn off_ladder(&self, value: u32) -> bool {
        match self.options.bids {
            BidSet::ReachableGameValues => false,
            BidSet::Ladder { min, step } => value >= min && step > 0 && !(value - min).is_multiple_of(step),
        }
    }

    /// The lowest bid.
    pub fn lowest_bid(&self) -> u32 {
        self.bid_table.first().copied().unwrap_or(18)
    }

    /// The next bid above `value`.
    pub fn next_bid(&self, value: u32) -> Option<u32> {
        self.bid_table.iter().copied().find(|&v| v > value)
    }

    /// The loss factor of a game played with this use of the skat.
    pub fn loss_factor(&self, skat: SkatUse) -> u32 {
        let l = self.options.loss_factor;
        match skat {
            SkatUse::Hand => l.hand,
            SkatUse::Pickup => l.pickup,
            SkatUse::Turned => l.turned,
            SkatUse::SecondTurn => l.second_turn,
        }
    }
}

/// Every Skat profile the engine knows.
pub fn all() -> &'static [Profile] {
    static ALL: OnceLock<Vec<Profile>> = OnceLock::new();
    ALL.get_or_init(|| {
        vec![
            Profile::isko(),
            Profile::isko_kontra(),
            Profile::isko_house(),
            Profile::isko_unofficial(),
            Profile::foster_1897(),
            Profile::american(),
            Profile::uspc(),
        ]
    })
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
        assert_eq!(
            by_name("Foster-1897").map(|p| p.name.as_str()),
            Some("foster-1897")
        );
        assert!(by_name("tournament").is_none());
    }

    #[test]
    fn the_foster_bid_table_is_law_33s_set() {
        let p = Profile::foster_1897();
        let below_100: Vec<u32> = p.bid_table.iter().copied().filter(|&v| v <= 100).collect();
        let law_33 = [
            10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, 27, 28, 30, 32, 33, 35, 36, 40, 42, 44, 45, 48, 49,
            50, 54, 55, 56, 60, 63, 64, 65, 66, 70, 72, 77, 78, 80, 81, 84, 88, 90, 91, 96, 98, 99, 100,
        ];
        assert_eq!(below_100, law_33);
        assert_eq!(p.bid_table.last(), Some(&216));
        assert!(!p.is_bid(11) && !p.is_bid(13) && !p.is_bid(17) && !p.is_bid(23));
    }

    #[test]
    fn the_american_lowest_bid_is_18_and_the_highest_504() {
        let p = Profile::american();
        assert_eq!(p.lowest_bid(), 18);
        assert_eq!(p.bid_table.last(), Some(&504));
        assert!(!p.is_bid(10) && !p.is_bid(15));
    }

    #[test]
    fn the_uspc_ladder_allows_any_number_from_10_and_warns_off_the_steps() {
        let p = Profile::uspc();
        assert!(p.is_bid(10) && p.is_bid(11) && p.is_bid(24) && !p.is_bid(9));
        assert!(p.off_ladder(11) && !p.off_ladder(24) && !p.off_ladder(10));
        assert_eq!(p.next_bid(10), Some(12));
        assert!(!Profile::isko().off_ladder(19));
    }

    #[test]
    fn units_follow_the_use_of_the_skat() {
        let f = Profile::foster_1897();
        use SkatUse::*;
        assert_eq!(f.base_value(GameType::Hearts, Turned, false), Some(6));
        assert_eq!(f.base_value(GameType::Hearts, SecondTurn, false), Some(6));
        assert_eq!(f.base_value(GameType::Hearts, Hand, false), Some(10));
        assert_eq!(
            f.base_value(GameType::Hearts, Pickup, false),
            None,
            "Frage is not allowed"
        );
        assert_eq!(f.base_value(GameType::Grand, Turned, false), Some(12));
        assert_eq!(f.base_value(GameType::Grand, Pickup, false), Some(16));
        assert_eq!(f.base_value(GameType::Grand, Hand, false), Some(20));
        assert_eq!(f.base_value(GameType::Grand, Hand, true), Some(24));
        let a = Profile::american();
        assert_eq!(a.base_value(GameType::Spades, Pickup, false), Some(11));
        assert_eq!(a.base_value(GameType::Spades, Hand, false), None);
        assert_eq!(a.base_value(GameType::Grand, Pickup, false), Some(20));
        assert_eq!(a.base_value(GameType::Grand, Pickup, true), Some(24));
        let i = Profile::isko();
        assert_eq!(i.base_value(GameType::Grand, Pickup, false), Some(24));
        assert_eq!(i.base_value(GameType::Clubs, Turned, false), None);
    }

    #[test]
    fn null_values_and_loss_factors_per_profile() {
        use SkatUse::*;
        let f = Profile::foster_1897();
        assert_eq!(
            [
                f.null_value(Pickup, false),
                f.null_value(Pickup, true),
                f.null_value(Hand, false),
                f.null_value(Hand, true)
            ],
            [Some(15), Some(30), Some(20), Some(40)]
        );
        assert_eq!(
            f.null_value(Turned, false),
            None,
            "turned nullo only where agreed"
        );
        assert_eq!(
            [
                f.loss_factor(Hand),
                f.loss_factor(Turned),
                f.loss_factor(SecondTurn),
                f.loss_factor(Pickup)
            ],
            [1, 1, 2, 2]
        );
        let u = Profile::uspc();
        assert_eq!(
            [
                u.null_value(Pickup, false),
                u.null_value(Hand, false),
                u.null_value(Hand, true)
            ],
            [None, Some(20), Some(40)]
        );
        let a = Profile::american();
        assert_eq!(
            [a.null_value(Pickup, false), a.null_value(Pickup, true)],
            [Some(20), Some(40)]
        );
        assert_eq!(a.loss_factor(Pickup), 2);
        assert_eq!(Profile::isko().loss_factor(Hand), 2);
    }

    #[test]
    fn schneider_lines_differ_for_the_historic_profiles() {
        assert_eq!(Profile::isko().options.schneider_at.defenders_at_most, 30);
        for p in [Profile::foster_1897(), Profile::american(), Profile::uspc()] {
            assert_eq!(
                (
                    p.options.schneider_at.declarer_at_most,
                    p.options.schneider_at.defenders_at_most
                ),
                (30, 29),
                "{}: the adversaries are out of schneider at 30",
                p.name
            );
            assert!(!p.options.early_end.schneider_at_31, "{}", p.name);
        }
    }

    #[test]
    fn only_the_kontra_and_house_variants_have_kontra_and_only_foster_abandons() {
        let kontra: Vec<bool> = all().iter().map(|p| p.options.kontra).collect();
        assert_eq!(kontra, [false, true, true, false, false, false, false]);
        let abandon: Vec<bool> = all()
            .iter()
            .map(|p| p.options.early_end.abandon.is_some())
            .collect();
        assert_eq!(abandon, [false, false, false, false, true, false, false]);
        assert_eq!(
            Profile::foster_1897().options.all_pass,
            AllPass::Ramsch(RamschRule::Laws1897)
        );
        assert_eq!(
            Profile::uspc().options.all_pass,
            AllPass::Ramsch(RamschRule::Uspc)
        );
        assert_eq!(Profile::isko().options.all_pass, AllPass::NoGame);
    }
}
