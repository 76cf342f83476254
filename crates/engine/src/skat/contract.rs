//! The contract a declaration settles under a profile, with every problem as data: written
//! once for the full check (which turns each problem into a finding) and the quick verdict
//! (which leaves any problem to the full check).
//!
//! Seed 004, §Game variants and §Hand; seed 001, Laws 1, 28–31; spec/rules/skat-isko.md §3:
//! a trump ouvert is a hand game where the profile says so; schneider and schwarz are
//! announced in hand games only where the profile says so, and never in Null; a Null must be
//! worth the bid; a game must exist in the profile for the way the skat was used; the
//! announcements imply one another as the profile's [`crate::skat::rules::Announcements`]
//! say.

use crate::skat::model::{Contract, GameType, SkatUse};
use crate::skat::rules::{PickupRule, Profile};

/// A declaration in flat form, as the record gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declaring {
    /// The game declared.
    pub game: GameType,
    /// `hand` written (in the declaration or the exchange).
    pub hand: bool,
    /// The skat was taken up or cards laid away.
    pub taken: bool,
    /// The skat use of a tourné (a card turned), when one was turned.
    pub turned: Option<SkatUse>,
    /// `ouvert` written.
    pub ouvert: bool,
    /// Schneider announced.
    pub schneider: bool,
    /// Schwarz announced.
    pub schwarz: bool,
}

/// What the profile does not allow in a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContractProblem {
    /// A trump ouvert, which is a hand game, played after picking up the skat.
    OuvertPickedUp,
    /// A hand game declared, yet the skat was picked up.
    HandPickedUp,
    /// This ouvert (suit or Grand) is not a game of the profile.
    OuvertNotAllowed,
    /// Schneider or schwarz announced in Null.
    NullAnnouncement,
    /// Schneider or schwarz announced after using the skat, where only a hand game may.
    AnnouncementNeedsHand {
        /// Schwarz was announced (else schneider).
        schwarz: bool,
        /// The skat was used by turning a card.
        turned: bool,
    },
    /// Null ouvert after picking up the skat, where the profile has it hand only.
    NullOuvertNeedsHand,
    /// The game does not exist in the profile for this use of the skat (or the pick-up binds
    /// the declarer to other games).
    NotAGame {
        /// The use of the skat.
        skat_use: SkatUse,
        /// Declared ouvert.
        ouvert: bool,
    },
    /// A Null game worth less than the bid.
    NullBelowBid {
        /// The Null's value.
        value: u32,
        /// The bid.
        bid: u32,
        /// Played hand.
        hand: bool,
        /// Played ouvert.
        ouvert: bool,
    },
}

/// The contract the declaration settles (announcements implied) and the use of the skat,
/// reporting each problem to `problem`; the contract is settled as far as it can be even
/// when there are problems, so that checking goes on.
pub fn settle(
    profile: &Profile,
    d: &Declaring,
    bid: Option<u32>,
    problem: &mut impl FnMut(ContractProblem),
) -> (Contract, SkatUse) {
    let ann = profile.options.announcements;
    let game = d.game;
    let tourne = d.turned.is_some();
    let trump_ouvert = d.ouvert && game != GameType::Null;
    let mut hand = d.hand;
    if trump_ouvert && ann.ouvert_needs_hand {
        if !hand && d.taken {
            problem(ContractProblem::OuvertPickedUp);
        } else if hand && d.taken && !tourne {
            // `clubs hand ouvert` written after a pick-up is as illegal as `clubs ouvert`.
            problem(ContractProblem::HandPickedUp);
        }
        hand = true;
    } else if hand && d.taken && !tourne {
        problem(ContractProblem::HandPickedUp);
    }
    if tourne {
        hand = false;
    }
    let ouvert_kind_ok = if game == GameType::Grand {
        ann.grand_ouvert_allowed
    } else {
        ann.suit_ouvert_allowed
    };
    if trump_ouvert && !ouvert_kind_ok {
        problem(ContractProblem::OuvertNotAllowed);
    }
    let (mut schneider, mut schwarz) = (d.schneider, d.schwarz);
    if game == GameType::Null && (schneider || schwarz) {
        problem(ContractProblem::NullAnnouncement);
        schneider = false;
        schwarz = false;
    }
    if !hand && ((schneider && ann.schneider_needs_hand) || (schwarz && ann.schwarz_needs_hand)) {
        problem(ContractProblem::AnnouncementNeedsHand {
            schwarz,
            turned: tourne,
        });
    }
    let null_ouvert_refused = game == GameType::Null && d.ouvert && !hand && !ann.null_ouvert_with_pickup;
    if null_ouvert_refused {
        problem(ContractProblem::NullOuvertNeedsHand);
    }
    let contract = ann.implied(Contract {
        game,
        hand,
        schneider_announced: schneider,
        schwarz_announced: schwarz,
        ouvert: d.ouvert,
    });
    let skat_use = d.turned.unwrap_or(SkatUse::of_hand(hand));
    let exists = if game == GameType::Null {
        null_ouvert_refused || profile.null_value(skat_use, d.ouvert).is_some()
    } else {
        profile.base_value(game, skat_use, d.ouvert).is_some()
    };
    let pickup_refused = skat_use == SkatUse::Pickup
        && match profile.options.pickup_commits {
            PickupRule::Free => false,
            PickupRule::GrandUnlessNullFirst => game.trump_suit().is_some(),
            PickupRule::GrandOnly => game != GameType::Grand,
        };
    if !exists || pickup_refused {
        problem(ContractProblem::NotAGame {
            skat_use,
            ouvert: d.ouvert,
        });
    }
    if let (Some(value), Some(bid)) = (
        (game == GameType::Null)
            .then(|| profile.null_value(skat_use, d.ouvert))
            .flatten(),
        bid,
    ) && value < bid
    {
        problem(ContractProblem::NullBelowBid {
            value,
            bid,
            hand,
            ouvert: d.ouvert,
        });
    }
    (contract, skat_use)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skat::rules::by_name;

    fn declaring(game: GameType) -> Declaring {
        Declaring {
            game,
            hand: false,
            taken: true,
            turned: None,
            ouvert: false,
            schneider: false,
            schwarz: false,
        }
    }

    fn problems(profile: &str, d: Declaring, bid: u32) -> (Contract, Vec<ContractProblem>) {
        let profile = by_name(profile).expect("a profile");
        let mut found = Vec::new();
        let (c, _) = settle(profile, &d, Some(bid), &mut |p| found.push(p));
        (c, found)
    }

    #[test]
    fn a_plain_pickup_game_settles_without_problems() {
        let (c, p) = problems("isko", declaring(GameType::Clubs), 18);
        assert!(p.is_empty());
        assert!(!c.hand && !c.schneider_announced);
    }

    /// Seed 004: schwarz announced implies schneider announced; announcing needs a hand game.
    #[test]
    fn announcements_need_a_hand_game_and_imply_each_other() {
        let d = Declaring {
            schwarz: true,
            ..declaring(GameType::Grand)
        };
        let (_, p) = problems("isko", d, 18);
        assert_eq!(
            p,
            [ContractProblem::AnnouncementNeedsHand {
                schwarz: true,
                turned: false
            }]
        );
        let (c, p) = problems(
            "isko",
            Declaring {
                hand: true,
                taken: false,
                ..d
            },
            18,
        );
        assert!(p.is_empty());
        assert!(c.schneider_announced && c.schwarz_announced);
    }

    /// Seed 004, §Game variants: Null is worth 23, Null ouvert hand 59; a Null below the bid
    /// may not be declared.
    #[test]
    fn a_null_must_be_worth_the_bid() {
        let (_, p) = problems("isko", declaring(GameType::Null), 24);
        assert_eq!(
            p,
            [ContractProblem::NullBelowBid {
                value: 23,
                bid: 24,
                hand: false,
                ouvert: false
            }]
        );
        let d = Declaring {
            hand: true,
            taken: false,
            ouvert: true,
            schneider: true,
            ..declaring(GameType::Null)
        };
        let (c, p) = problems("isko", d, 59);
        assert_eq!(p, [ContractProblem::NullAnnouncement]);
        assert!(!c.schneider_announced);
    }

    #[test]
    fn a_trump_ouvert_is_a_hand_game() {
        let d = Declaring {
            ouvert: true,
            ..declaring(GameType::Grand)
        };
        let (c, p) = problems("isko", d, 18);
        assert_eq!(p, [ContractProblem::OuvertPickedUp]);
        assert!(c.hand && c.schwarz_announced);
        let hand_taken = Declaring {
            hand: true,
            ..declaring(GameType::Hearts)
        };
        assert_eq!(
            problems("isko", hand_taken, 18).1,
            [ContractProblem::HandPickedUp]
        );
        // Seed 004: an ouvert game is a hand game; writing `hand` beside it does not make a
        // pick-up legal.
        let hand_ouvert_taken = Declaring {
            hand: true,
            ouvert: true,
            ..declaring(GameType::Clubs)
        };
        assert_eq!(
            problems("isko", hand_ouvert_taken, 18).1,
            [ContractProblem::HandPickedUp]
        );
    }
}
