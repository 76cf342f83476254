//! Game value and score.
//!
//! Seed 004, §GAME VALUE CALCULATING and §SCORING: a trump game is worth its base value times
//! the multiplier — matadors with or against, plus one each for game, hand, schneider,
//! schneider announced, schwarz, schwarz announced and ouvert. Null games have fixed values.
//! The declarer wins with 61 card points (the skat counts for the declarer); a side with 30 or
//! fewer is schneider, a side without a trick is schwarz; an announced level must be reached.
//! A game worth less than the bid is lost at the smallest multiple of its base value that
//! reaches the bid. A lost game costs the loss factor (2) times its value.

#[cfg(test)]
use crate::skat::model::GameType;
use crate::skat::model::{Contract, Seat, SkatUse};
use crate::skat::rules::{MultiplierScheme, OverbidValue, Profile, RamschRule};

/// How the cards were shared out when the play stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every card is accounted for: all tricks played, or the rest given to one side.
    Complete,
    /// The game was decided against the declarer before all cards were accounted for
    /// (failed announcement, Null trick, concession, penalty): only announced levels, and
    /// levels already certain, count.
    LostEarly,
    /// A tourné abandoned under seed 001, Law 44: lost as a simple game.
    Abandoned,
}

/// The counts the value depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Card points of the defenders' tricks.
    pub defender_points: u32,
    /// Tricks the declarer took (remaining tricks included when given to the declarer).
    pub declarer_tricks: u32,
    /// Tricks the defenders took.
    pub defender_tricks: u32,
}

/// The computed result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// Won by the declarer.
    pub won: bool,
    /// The schneider level counts in the value (reached, or announced).
    pub schneider: bool,
    /// The schwarz level counts in the value (reached, or announced).
    pub schwarz: bool,
    /// Schneider was reached on the cards by either side (what a server's `s` flag says).
    pub schneider_reached: bool,
    /// Schwarz was reached on the cards by either side (the server's `z` flag).
    pub schwarz_reached: bool,
    /// Value below the bid (trump games with a known bid).
    pub overbid: Option<bool>,
    /// The value (an overbid game's loss value).
    pub value: u32,
    /// The signed score.
    pub score: i64,
}

/// Scores a trump game of the ISkO kind (hand or pick-up): `matadors` signed, `bid` when
/// known.
pub fn trump_game(
    profile: &Profile,
    contract: &Contract,
    matadors: i32,
    tally: Tally,
    finish: Finish,
    bid: Option<u32>,
) -> Scored {
    trump_game_as(
        profile,
        contract,
        SkatUse::of_hand(contract.hand),
        matadors,
        tally,
        finish,
        bid,
    )
}

/// The multiplier of a trump game under the profile's scheme, from the levels reached.
/// `schneider` and `schwarz` are the levels reached on the cards by either side.
fn multiplier(
    scheme: MultiplierScheme,
    contract: &Contract,
    matadors: u32,
    schneider: bool,
    schwarz: bool,
) -> u32 {
    let (ann_schneider, ann_schwarz) = (contract.schneider_announced, contract.schwarz_announced);
    match scheme {
        MultiplierScheme::MatadorsPlusLevels => {
            matadors
                + 1
                + u32::from(contract.hand)
                + u32::from(schneider || ann_schneider)
                + u32::from(ann_schneider)
                + u32::from(schwarz || ann_schwarz)
                + u32::from(ann_schwarz)
                + u32::from(contract.ouvert)
        }
        // Seed 001, Law 2: one level counts, the highest the outcome or the announcement
        // reaches; for a lost game the announced level is the floor (Law 60).
        MultiplierScheme::Ladder(l) => {
            let tier = if ann_schwarz {
                l.schwarz_announced
            } else if schwarz {
                if ann_schneider {
                    l.schwarz_after_schneider
                } else {
                    l.schwarz
                }
            } else if ann_schneider {
                l.schneider_announced
            } else if schneider {
                l.schneider
            } else {
                l.game
            };
            matadors + tier
        }
        // Seed 001, §American Skat: 2 × (1 + 1 + 1) × 11 = 66, and a schwarz beyond the
        // announced schneider "adds one multiplier": 77.
        MultiplierScheme::AnnouncementFactor {
            schneider: f_schneider,
            schwarz: f_schwarz,
        } => {
            if ann_schwarz {
                f_schwarz * (matadors + 3)
            } else if ann_schneider {
                f_schneider * (matadors + 2) + u32::from(schwarz)
            } else {
                matadors + 1 + u32::from(schneider) + u32::from(schwarz)
            }
        }
    }
}

/// The highest multiplier a trump game with these matadors can still reach, given the
/// announcements made (every level reached).
pub fn highest_multiplier(profile: &Profile, contract: &Contract, matadors: u32) -> u32 {
    multiplier(profile.options.multiplier, contract, matadors, true, true)
}

/// Scores a trump game played with the given use of the skat.
pub fn trump_game_as(
    profile: &Profile,
    contract: &Contract,
    skat: SkatUse,
    matadors: i32,
    tally: Tally,
    finish: Finish,
    bid: Option<u32>,
) -> Scored {
    let o = &profile.options;
    let base = profile
        .base_value(contract.game, skat, contract.ouvert)
        .unwrap_or(0);
    let declarer_points = crate::skat::pack::TOTAL_POINTS.saturating_sub(tally.defender_points);
    let line = o.schneider_at;
    let defenders_schneider = tally.defender_points <= line.defenders_at_most;
    let (won_by_cards, schneider_reached, schwarz_reached) = match finish {
        Finish::Complete => (
            declarer_points >= o.win_at,
            declarer_points <= line.declarer_at_most || defenders_schneider,
            tally.defender_tricks == 0 || tally.declarer_tricks == 0,
        ),
        // Only a schneider that no remaining card can undo is reached: the defenders already
        // hold so much that the declarer cannot get past the schneider line.
        Finish::LostEarly => (false, declarer_points <= line.declarer_at_most, false),
        Finish::Abandoned => (false, false, false),
    };
    let announced_ok = (!contract.schneider_announced || (finish == Finish::Complete && defenders_schneider))
        && (!contract.schwarz_announced || (finish == Finish::Complete && tally.defender_tricks == 0));
    let mut won = won_by_cards && announced_ok;
    let schneider = schneider_reached || contract.schneider_announced;
    let schwarz = schwarz_reached || contract.schwarz_announced;
    let mut value = base
        * multiplier(
            o.multiplier,
            contract,
            matadors.unsigned_abs(),
            schneider_reached,
            schwarz_reached,
        );
    let overbid = bid.map(|b| value < b);
    if overbid == Some(true) {
        won = false;
        let OverbidValue::NextMultipleOfBase = o.overbid;
        if let Some(b) = bid {
            value = if base == 0 { b } else { b.div_ceil(base) * base };
        }
    }
    let score = if won {
        i64::from(value)
    } else {
        -i64::from(profile.loss_factor(skat) * value)
    };
    Scored {
        won,
        schneider,
        schwarz,
        schneider_reached,
        schwarz_reached,
        overbid,
        value,
        score,
    }
}

/// Scores a Null game of the ISkO kind: `won` when the declarer took no trick and did not
/// concede.
pub fn null_game(profile: &Profile, contract: &Contract, won: bool) -> Scored {
    null_game_as(profile, contract, SkatUse::of_hand(contract.hand), won)
}

/// Scores a Null game played with the given use of the skat.
pub fn null_game_as(profile: &Profile, contract: &Contract, skat: SkatUse, won: bool) -> Scored {
    let value = profile.null_value(skat, contract.ouvert).unwrap_or(0);
    let score = if won {
        i64::from(value)
    } else {
        -i64::from(profile.loss_factor(skat) * value)
    };
    Scored {
        won,
        schneider: false,
        schwarz: false,
        schneider_reached: false,
        schwarz_reached: false,
        overbid: Some(false),
        value,
        score,
    }
}

/// Scores a fixed-value extra game (uno, duo): `value` from the profile's option, `made`
/// when the declarer took exactly the tricks the game asks for. A bid above the value is an
/// overbid and loses the game at its value; a loss costs the profile's loss factor for the
/// use of the skat (a hand game under `foster-1897`: once the value) (seed 001, Laws 1, 2;
/// spec/rules/skat-foster-1897.md, F8).
pub fn extra_game(profile: &Profile, value: u32, skat: SkatUse, made: bool, bid: Option<u32>) -> Scored {
    let overbid = bid.map(|b| b > value);
    let won = made && overbid != Some(true);
    let score = if won {
        i64::from(value)
    } else {
        -i64::from(profile.loss_factor(skat) * value)
    };
    Scored {
        won,
        schneider: false,
        schwarz: false,
        schneider_reached: false,
        schwarz_reached: false,
        overbid,
        value,
        score,
    }
}

/// The score of a Ramsch: who is charged or who scores, and the entry (negative for a
/// charge).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RamschScored {
    /// Who is charged.
    pub losers: Vec<Seat>,
    /// Who scores.
    pub winner: Option<Seat>,
    /// The entry for each loser (negative) or for the winner (positive); 0 for no score.
    pub score: i64,
}

/// Scores a Ramsch from each seat's card points (the skat already counted for the winner of
/// the last trick), tricks, and the winner of the last trick.
pub fn ramsch(rule: RamschRule, points: [u32; 3], tricks: [u32; 3], last: Seat) -> RamschScored {
    let none = RamschScored {
        losers: Vec::new(),
        winner: None,
        score: 0,
    };
    let without_trick = tricks.iter().filter(|&&t| t == 0).count();
    match rule {
        // Seed 001, Law 4.
        RamschRule::Laws1897 => {
            let most = points.iter().copied().max().unwrap_or(0);
            let top: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|s| points[s.index()] == most)
                .collect();
            let charge = match without_trick {
                0 => 20,
                1 => 30,
                _ => 50,
            };
            match top.as_slice() {
                [one] => RamschScored {
                    losers: vec![*one],
                    winner: None,
                    score: -charge,
                },
                [a, b] if *a == last || *b == last => RamschScored {
                    losers: vec![last],
                    winner: None,
                    score: -charge,
                },
                [a, b] => RamschScored {
                    losers: vec![*a, *b],
                    winner: None,
                    score: -20,
                },
                // 40 - 40 - 40.
                _ => none,
            }
        }
        // Seed 000, §Scoring of Ramsch (the gaps filled as spec/rules/skat-uspc.md, U7).
        RamschRule::Uspc => {
            if let Some(all) = Seat::ALL.into_iter().find(|s| tricks[s.index()] == 10) {
                return RamschScored {
                    losers: vec![all],
                    winner: None,
                    score: -30,
                };
            }
            let fewest = points.iter().copied().min().unwrap_or(0);
            let low: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|s| points[s.index()] == fewest)
                .collect();
            let winner = match low.as_slice() {
                [one] => *one,
                [_, _, _] => Seat::F,
                pair => pair.iter().copied().find(|&s| s != last).unwrap_or(Seat::F),
            };
            RamschScored {
                losers: Vec::new(),
                winner: Some(winner),
                score: if tricks[winner.index()] == 0 { 20 } else { 10 },
            }
        }
        // Seed 004, §Game variants: Ramsch (where the skat went is the replay's).
        RamschRule::Seed004 { .. } => {
            if let Some(all) = Seat::ALL.into_iter().find(|s| tricks[s.index()] == 10) {
                return RamschScored {
                    losers: Vec::new(),
                    winner: Some(all),
                    score: 120,
                };
            }
            let most = points.iter().copied().max().unwrap_or(0);
            let top: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|s| points[s.index()] == most)
                .collect();
            if top.len() == 3 {
                return none;
            }
            let factor = if without_trick > 0 { 2 } else { 1 };
            RamschScored {
                losers: top,
                winner: None,
                score: -i64::from(most) * factor,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skat::testkit::contract;

    fn hand(game: GameType) -> Contract {
        Contract {
            hand: true,
            ..contract(game)
        }
    }

    /// Tally where the declarer has `points` (skat included) and all tricks were played.
    fn tally(points: u32, declarer_tricks: u32) -> Tally {
        Tally {
            defender_points: 120 - points,
            declarer_tricks,
            defender_tricks: 10 - declarer_tricks,
        }
    }

    fn score(c: Contract, m: i32, t: Tally, bid: Option<u32>) -> Scored {
        trump_game(&Profile::isko(), &c, m, t, Finish::Complete, bid)
    }

    #[test]
    fn clubs_with_one() {
        assert_eq!(
            score(contract(GameType::Clubs), 1, tally(61, 5), Some(18)).score,
            24
        );
        assert_eq!(
            score(contract(GameType::Clubs), 1, tally(60, 5), Some(18)).score,
            -48
        );
        assert_eq!(
            score(contract(GameType::Clubs), 1, tally(90, 8), Some(18)).score,
            36
        );
        assert_eq!(
            score(contract(GameType::Clubs), 1, tally(120, 10), Some(18)).score,
            48
        );
    }

    #[test]
    fn clubs_without_four_and_with_six() {
        assert_eq!(
            score(contract(GameType::Clubs), -4, tally(61, 5), Some(18)).score,
            60
        );
        assert_eq!(
            score(contract(GameType::Clubs), 6, tally(61, 5), Some(18)).score,
            84
        );
    }

    #[test]
    fn announced_levels_count() {
        let mut c = hand(GameType::Clubs);
        c.schneider_announced = true;
        assert_eq!(score(c, 1, tally(90, 8), Some(18)).score, 60);
        c.schwarz_announced = true;
        assert_eq!(score(c, 1, tally(120, 10), Some(18)).score, 84);
    }

    #[test]
    fn overbid_is_lost_at_the_next_multiple_of_the_base() {
        let r = score(contract(GameType::Diamonds), -1, tally(89, 7), Some(22));
        assert_eq!((r.overbid, r.value, r.score), (Some(true), 27, -54));
        let r = score(contract(GameType::Diamonds), -1, tally(90, 7), Some(22));
        assert_eq!((r.won, r.value, r.score), (true, 27, 27));
        let r = score(contract(GameType::Hearts), 1, tally(70, 6), Some(24));
        assert_eq!((r.overbid, r.value, r.score), (Some(true), 30, -60));
    }

    #[test]
    fn grand_values() {
        assert_eq!(score(contract(GameType::Grand), 4, tally(61, 5), None).score, 120);
        assert_eq!(score(contract(GameType::Grand), 4, tally(95, 8), None).score, 144);
        assert_eq!(
            score(contract(GameType::Grand), 4, tally(120, 10), None).score,
            168
        );
        let mut c = hand(GameType::Grand);
        c.schneider_announced = true;
        c.schwarz_announced = true;
        assert_eq!(score(c, 1, tally(120, 10), None).score, 168);
        let mut c = hand(GameType::Grand);
        c.schneider_announced = true;
        assert_eq!(score(c, 4, tally(89, 8), None).score, -384);
    }

    #[test]
    fn ouvert_and_seed_example() {
        let c = Contract {
            ouvert: true,
            hand: true,
            schneider_announced: true,
            schwarz_announced: true,
            game: GameType::Clubs,
        };
        assert_eq!(score(c, 2, tally(120, 10), None).score, 108);
        assert_eq!(
            score(contract(GameType::Spades), 2, tally(89, 7), Some(18)).score,
            33
        );
        // seed 004, §SCORING: clubs hand, "against 2" expected, the skat holds ♣J: with 1.
        let r = score(hand(GameType::Clubs), 1, tally(74, 6), Some(46));
        assert_eq!((r.overbid, r.value, r.score), (Some(true), 48, -96));
        let r = score(hand(GameType::Clubs), 1, tally(95, 8), Some(46));
        assert_eq!((r.won, r.value, r.score), (true, 48, 48));
    }

    #[test]
    fn early_loss_counts_announced_levels_only() {
        let mut c = hand(GameType::Clubs);
        c.schneider_announced = true;
        let t = Tally {
            defender_points: 31,
            declarer_tricks: 0,
            defender_tricks: 2,
        };
        let r = trump_game(&Profile::isko(), &c, 1, t, Finish::LostEarly, Some(18));
        assert_eq!(
            (r.won, r.schneider, r.schwarz, r.score),
            (false, true, false, -120)
        );
    }

    #[test]
    fn extra_games_have_fixed_values() {
        let f = Profile::foster_1897();
        // Won uno: +20; lost duo from the hand: the value once; open uno won: +40.
        assert_eq!(extra_game(&f, 20, SkatUse::Hand, true, Some(18)).score, 20);
        let lost = extra_game(&f, 20, SkatUse::Hand, false, Some(18));
        assert_eq!((lost.won, lost.value, lost.score), (false, 20, -20));
        assert_eq!(extra_game(&f, 40, SkatUse::Hand, true, None).score, 40);
        // A bid above the value loses even with the right number of tricks.
        let over = extra_game(&f, 20, SkatUse::Hand, true, Some(23));
        assert_eq!((over.won, over.overbid, over.score), (false, Some(true), -20));
    }

    #[test]
    fn null_values() {
        let p = Profile::isko();
        let n = |hand, ouvert| Contract {
            game: GameType::Null,
            hand,
            ouvert,
            schneider_announced: false,
            schwarz_announced: false,
        };
        assert_eq!(null_game(&p, &n(false, false), false).score, -46);
        assert_eq!(null_game(&p, &n(true, false), false).score, -70);
        assert_eq!(null_game(&p, &n(false, true), false).score, -92);
        assert_eq!(null_game(&p, &n(true, true), false).score, -118);
        assert_eq!(null_game(&p, &n(true, true), true).score, 59);
    }

    fn scored(
        p: &Profile,
        c: Contract,
        skat: SkatUse,
        m: i32,
        t: Tally,
        bid: Option<u32>,
    ) -> (bool, u32, i64) {
        let r = trump_game_as(p, &c, skat, m, t, Finish::Complete, bid);
        (r.won, r.value, r.score)
    }

    #[test]
    fn law_2_ladder_of_the_1897_laws() {
        let f = Profile::foster_1897();
        let mut c = hand(GameType::Hearts);
        // seed 001, §Multipliers: heart solo with three, schneider announced, 60; lost at 90, 60.
        c.schneider_announced = true;
        assert_eq!(
            scored(&f, c, SkatUse::Hand, 3, tally(95, 8), Some(30)),
            (true, 60, 60)
        );
        assert_eq!(
            scored(&f, c, SkatUse::Hand, 3, tally(90, 8), Some(30)),
            (false, 60, -60)
        );
        // the same unannounced at 91: 50; an unannounced schwarz is level 3, after schneider 4.
        let h = hand(GameType::Hearts);
        assert_eq!(
            scored(&f, h, SkatUse::Hand, 3, tally(91, 8), Some(30)),
            (true, 50, 50)
        );
        assert_eq!(
            scored(&f, h, SkatUse::Hand, 3, tally(120, 10), None),
            (true, 60, 60)
        );
        assert_eq!(
            scored(&f, c, SkatUse::Hand, 3, tally(120, 10), None),
            (true, 70, 70)
        );
        // a tourné loses single, a passt-mir-nicht double.
        let t = contract(GameType::Hearts);
        assert_eq!(
            scored(&f, t, SkatUse::Turned, 1, tally(63, 5), Some(10)),
            (true, 12, 12)
        );
        assert_eq!(
            scored(&f, t, SkatUse::Turned, 1, tally(60, 5), Some(10)),
            (false, 12, -12)
        );
        assert_eq!(
            scored(&f, t, SkatUse::SecondTurn, 1, tally(60, 5), Some(10)),
            (false, 12, -24)
        );
        // a gucki grand, 16 a multiplier, loses double.
        let g = contract(GameType::Grand);
        assert_eq!(
            scored(&f, g, SkatUse::Pickup, 2, tally(50, 4), None),
            (false, 48, -96)
        );
        // the defenders make the declarer schneider: level 2 in the loss.
        assert_eq!(
            scored(&f, h, SkatUse::Hand, 2, tally(30, 2), None),
            (false, 40, -40)
        );
    }

    #[test]
    fn law_61_overbid_in_the_tourne() {
        let f = Profile::foster_1897();
        let t = contract(GameType::Diamonds);
        assert_eq!(
            scored(&f, t, SkatUse::Turned, 3, tally(70, 6), Some(24)),
            (false, 25, -25)
        );
        assert_eq!(
            scored(&f, t, SkatUse::Turned, 3, tally(70, 6), Some(28)),
            (false, 30, -30)
        );
        assert_eq!(
            scored(&f, t, SkatUse::Turned, 1, tally(75, 6), Some(11)),
            (false, 15, -15)
        );
        let h = hand(GameType::Hearts);
        assert_eq!(
            scored(&f, h, SkatUse::Hand, 2, tally(50, 4), Some(33)),
            (false, 40, -40)
        );
    }

    #[test]
    fn an_abandoned_tourne_is_a_simple_game_lost() {
        let f = Profile::foster_1897();
        let t = Tally {
            defender_points: 0,
            declarer_tricks: 0,
            defender_tricks: 0,
        };
        let r = trump_game_as(
            &f,
            &contract(GameType::Hearts),
            SkatUse::Turned,
            1,
            t,
            Finish::Abandoned,
            Some(10),
        );
        assert_eq!((r.won, r.schneider, r.value, r.score), (false, false, 12, -12));
    }

    #[test]
    fn american_announcements_multiply() {
        let a = Profile::american();
        let mut c = contract(GameType::Spades);
        c.schneider_announced = true;
        assert_eq!(
            scored(&a, c, SkatUse::Pickup, 1, tally(95, 8), Some(18)),
            (true, 66, 66)
        );
        assert_eq!(
            scored(&a, c, SkatUse::Pickup, 1, tally(80, 7), Some(18)),
            (false, 66, -132)
        );
        assert_eq!(
            scored(&a, c, SkatUse::Pickup, 1, tally(120, 10), Some(18)),
            (true, 77, 77)
        );
        let d = contract(GameType::Diamonds);
        assert_eq!(
            scored(&a, d, SkatUse::Pickup, 1, tally(70, 6), Some(18)),
            (true, 18, 18)
        );
        assert_eq!(
            scored(&a, d, SkatUse::Pickup, -1, tally(50, 4), Some(18)),
            (false, 18, -36)
        );
        let o = Contract {
            ouvert: true,
            schneider_announced: true,
            schwarz_announced: true,
            ..contract(GameType::Grand)
        };
        let t = Tally {
            defender_points: 10,
            declarer_tricks: 9,
            defender_tricks: 1,
        };
        let r = trump_game_as(&a, &o, SkatUse::Pickup, 4, t, Finish::LostEarly, Some(18));
        assert_eq!((r.won, r.value, r.score), (false, 504, -1008));
    }

    #[test]
    fn uspc_schwarz_earns_every_multiplier_before_it() {
        let u = Profile::uspc();
        let s = hand(GameType::Spades);
        assert_eq!(
            scored(&u, s, SkatUse::Hand, 1, tally(120, 10), Some(18)),
            (true, 55, 55)
        );
        assert_eq!(
            scored(&u, s, SkatUse::Hand, 1, tally(61, 5), Some(24)),
            (false, 33, -33)
        );
        let h = hand(GameType::Hearts);
        assert_eq!(
            scored(&u, h, SkatUse::Hand, 1, tally(75, 6), Some(30)),
            (false, 30, -30)
        );
        assert_eq!(
            scored(&u, h, SkatUse::Hand, 1, tally(95, 8), Some(30)),
            (true, 30, 30)
        );
        // the opponents at exactly 30 are not schneider under the USPC line.
        assert_eq!(
            scored(&u, h, SkatUse::Hand, 1, tally(90, 8), Some(20)),
            (true, 20, 20)
        );
        assert_eq!(
            score(h, 1, tally(90, 8), Some(20)).value,
            40,
            "ISkO counts 90 as schneider"
        );
    }

    #[test]
    fn the_highest_multiplier_depends_on_the_announcements() {
        let f = Profile::foster_1897();
        let t = contract(GameType::Diamonds);
        assert_eq!(highest_multiplier(&f, &t, 4), 7);
        let mut h = hand(GameType::Diamonds);
        assert_eq!(highest_multiplier(&f, &h, 4), 7);
        h.schneider_announced = true;
        assert_eq!(highest_multiplier(&f, &h, 4), 8);
        h.schwarz_announced = true;
        assert_eq!(highest_multiplier(&f, &h, 4), 9);
    }

    #[test]
    fn ramsch_under_seed_004() {
        use Seat::*;
        let r = |p, t| {
            ramsch(
                RamschRule::Seed004 {
                    skat_to_loser: true,
                    jacks_pass: false,
                },
                p,
                t,
                F,
            )
        };
        // The most card points lose them.
        let one = r([70, 30, 20], [5, 3, 2]);
        assert_eq!((one.losers, one.score), (vec![F], -70));
        // Two tied for the most both lose; all three at 40 no score.
        assert_eq!(r([50, 50, 20], [4, 4, 2]).losers, vec![F, M]);
        assert_eq!(r([40, 40, 40], [4, 3, 3]).score, 0);
        // A player without a trick (Jungfrau) doubles the loss.
        assert_eq!(r([80, 40, 0], [6, 4, 0]).score, -160);
        // Durchmarsch: one player with every trick scores +120.
        let all = r([120, 0, 0], [10, 0, 0]);
        assert_eq!((all.winner, all.score), (Some(F), 120));
    }

    #[test]
    fn ramsch_under_law_4() {
        use Seat::*;
        let r = |p, t, l| ramsch(RamschRule::Laws1897, p, t, l);
        assert_eq!(
            r([50, 40, 30], [4, 3, 3], F),
            RamschScored {
                losers: vec![F],
                winner: None,
                score: -20
            }
        );
        assert_eq!(
            r([70, 50, 0], [6, 4, 0], M).score,
            -30,
            "one player without a trick"
        );
        assert_eq!(
            r([120, 0, 0], [10, 0, 0], F).score,
            -50,
            "two players without a trick"
        );
        assert_eq!(
            r([50, 50, 20], [4, 4, 2], M).losers,
            vec![M],
            "the tied player with the last trick"
        );
        let both = r([50, 50, 20], [4, 4, 2], R);
        assert_eq!((both.losers, both.score), (vec![F, M], -20));
        assert_eq!(r([40, 40, 40], [3, 4, 3], F).losers, Vec::<Seat>::new());
    }

    #[test]
    fn ramsch_under_the_uspc_rules() {
        use Seat::*;
        let r = |p, t, l| ramsch(RamschRule::Uspc, p, t, l);
        assert_eq!(
            r([50, 40, 30], [4, 3, 3], F),
            RamschScored {
                losers: vec![],
                winner: Some(R),
                score: 10
            }
        );
        assert_eq!(
            r([70, 50, 0], [6, 4, 0], M),
            RamschScored {
                losers: vec![],
                winner: Some(R),
                score: 20
            }
        );
        assert_eq!(
            r([120, 0, 0], [10, 0, 0], F),
            RamschScored {
                losers: vec![F],
                winner: None,
                score: -30
            }
        );
        assert_eq!(
            r([40, 40, 40], [3, 4, 3], M).winner,
            Some(F),
            "a three-way tie goes to Forehand"
        );
        assert_eq!(
            r([80, 20, 20], [6, 2, 2], M).winner,
            Some(R),
            "the tied player without the last trick"
        );
    }
}
