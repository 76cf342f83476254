//! Game value and score.
//!
//! Seed 004, §GAME VALUE CALCULATING and §SCORING: a trump game is worth its base value times
//! the multiplier — matadors with or against, plus one each for game, hand, schneider,
//! schneider announced, schwarz, schwarz announced and ouvert. Null games have fixed values.
//! The declarer wins with 61 card points (the skat counts for the declarer); a side with 30 or
//! fewer is schneider, a side without a trick is schwarz; an announced level must be reached.
//! A game worth less than the bid is lost at the smallest multiple of its base value that
//! reaches the bid. A lost game costs the loss factor (2) times its value.

use crate::skat::model::Contract;
#[cfg(test)]
use crate::skat::model::GameType;
use crate::skat::rules::{OverbidValue, Profile};

/// How the cards were shared out when the play stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every card is accounted for: all tricks played, or the rest given to one side.
    Complete,
    /// The game was decided against the declarer before all cards were accounted for
    /// (failed announcement, Null trick, concession, penalty): only announced levels, and
    /// levels already certain, count.
    LostEarly,
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
    /// The schneider level counts.
    pub schneider: bool,
    /// The schwarz level counts.
    pub schwarz: bool,
    /// Value below the bid (trump games with a known bid).
    pub overbid: Option<bool>,
    /// The value (an overbid game's loss value).
    pub value: u32,
    /// The signed score.
    pub score: i64,
}

/// Scores a trump game: `matadors` signed, `bid` when known.
pub fn trump_game(
    profile: &Profile,
    contract: &Contract,
    matadors: i32,
    tally: Tally,
    finish: Finish,
    bid: Option<u32>,
) -> Scored {
    let o = &profile.options;
    let base = profile.base_value(contract.game).unwrap_or(0);
    let declarer_points = crate::skat::pack::TOTAL_POINTS.saturating_sub(tally.defender_points);
    let schneider_line = o.schneider_at;
    let (won_by_cards, schneider_reached, schwarz_reached) = match finish {
        Finish::Complete => (
            declarer_points >= o.win_at,
            declarer_points <= schneider_line || tally.defender_points <= schneider_line,
            tally.defender_tricks == 0 || tally.declarer_tricks == 0,
        ),
        // Only a schneider that no remaining card can undo is reached: the defenders already
        // hold so much that the declarer cannot get past the schneider line.
        Finish::LostEarly => (false, declarer_points <= schneider_line, false),
    };
    let defenders_schneider = tally.defender_points <= schneider_line;
    let announced_ok = (!contract.schneider_announced || (finish == Finish::Complete && defenders_schneider))
        && (!contract.schwarz_announced || (finish == Finish::Complete && tally.defender_tricks == 0));
    let mut won = won_by_cards && announced_ok;
    let schneider = schneider_reached || contract.schneider_announced;
    let schwarz = schwarz_reached || contract.schwarz_announced;
    let levels = 1
        + u32::from(contract.hand)
        + u32::from(schneider)
        + u32::from(contract.schneider_announced)
        + u32::from(schwarz)
        + u32::from(contract.schwarz_announced)
        + u32::from(contract.ouvert);
    let mut value = base * (matadors.unsigned_abs() + levels);
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
        -i64::from(profile.loss_factor(contract.hand) * value)
    };
    Scored {
        won,
        schneider,
        schwarz,
        overbid,
        value,
        score,
    }
}

/// Scores a Null game: `won` when the declarer took no trick and did not concede.
pub fn null_game(profile: &Profile, contract: &Contract, won: bool) -> Scored {
    let value = profile.null_value(contract.hand, contract.ouvert);
    let score = if won {
        i64::from(value)
    } else {
        -i64::from(profile.loss_factor(contract.hand) * value)
    };
    Scored {
        won,
        schneider: false,
        schwarz: false,
        overbid: Some(false),
        value,
        score,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contract(game: GameType) -> Contract {
        Contract {
            game,
            hand: false,
            schneider_announced: false,
            schwarz_announced: false,
            ouvert: false,
        }
    }

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
}
