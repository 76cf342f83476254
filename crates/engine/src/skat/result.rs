//! The score phase: the figures of a game that was played to an end, from what the play
//! left (the counts of its tricks and how it ended), written once for the full check, the
//! quick verdict and the generator.
//!
//! Seed 004, §Game end and §GAME VALUE CALCULATING; spec/rules/skat-isko.md §5–§7: when the
//! declarer is given the rest (the defenders concede, the declarer's claim, a defender's
//! penalty) the remaining tricks are the declarer's; when the game is lost before the cards
//! are all accounted for, the declarer has what the tricks taken and the skat hold, and only
//! announced or certain levels count; otherwise the declarer has what the defenders lack.

use crate::skat::model::{Contract, End, ExtraGame, GameResult, GameType, Seat, SkatUse};
use crate::skat::pack;
use crate::skat::rules::Profile;
use crate::skat::score::{self, Finish, Scored, Tally};
use crate::skat::state::{Counts, TRICKS};

impl End {
    /// The remaining tricks go to the declarer.
    pub fn rest_to_declarer(self) -> bool {
        matches!(
            self,
            End::DefendersConceded | End::DeclarerClaimed | End::DefenderPenalized
        )
    }

    /// The game was decided against the declarer before every card was accounted for.
    pub fn lost_early(self) -> bool {
        matches!(
            self,
            End::NullTrickTaken
                | End::SchwarzFailed
                | End::SchneiderFailed
                | End::DeclarerConceded
                | End::DeclarerPenalized
                | End::Abandoned
        )
    }
}

/// What the play of a trump or Null game left for scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The contract as played (implications added).
    pub contract: Contract,
    /// How the skat was used.
    pub skat_use: SkatUse,
    /// The extra game declared (uno, duo, revolution) with its fixed value where the
    /// profile has one.
    pub extra: Option<(ExtraGame, Option<u32>)>,
    /// The matadors, when the cards they are counted from are known.
    pub matadors: Option<i32>,
    /// The card points of the skat that counts for the declarer, when known.
    pub skat_points: Option<u32>,
    /// The counts of the completed tricks.
    pub counts: Counts,
    /// How the play ended.
    pub end: End,
    /// The trick at which it ended.
    pub ended_at: u32,
    /// Kontra and Re said (each doubles the score).
    pub doublings: u32,
    /// The bid, when known.
    pub bid: Option<u32>,
    /// The game exists in the profile for this use of the skat. A game it does not have has
    /// no value: what the cards decided stands, the value and all that follows are unknown.
    pub priced: bool,
}

/// Writes the figures the play decides into `r`: the end, the declarer's tricks and card
/// points, won or lost, the levels, the value and the score. `r.resigned` says beforehand
/// whether anyone resigned or conceded; it stays set only when that ended the game (play may
/// go on after a defender's resignation in a server record).
pub fn figure(profile: &Profile, f: &Finished, r: &mut GameResult) {
    let end = f.end;
    let c = f.counts;
    let game = f.contract.game;
    r.end = Some(end);
    r.resigned = r.resigned
        && matches!(
            end,
            End::DeclarerConceded | End::DefendersConceded | End::DeclarerClaimed
        );
    r.ended_at_trick = (end != End::PlayedOut).then_some(f.ended_at);
    let lost_early = end.lost_early();
    let declarer_tricks = if end.rest_to_declarer() && game != GameType::Null {
        c.declarer_tricks + TRICKS.saturating_sub(c.tricks())
    } else {
        c.declarer_tricks
    };
    r.declarer_tricks = Some(declarer_tricks);
    r.declarer_card_points = if lost_early || game == GameType::Null {
        f.skat_points.map(|s| c.declarer_trick_points + s)
    } else {
        Some(pack::TOTAL_POINTS.saturating_sub(c.defender_points))
    };
    if !f.priced {
        return;
    }
    let Some(s) = scored(profile, f, declarer_tricks) else {
        return;
    };
    r.won = Some(s.won);
    r.schneider = Some(s.schneider_reached);
    r.schwarz = Some(s.schwarz_reached);
    r.schneider_counted = Some(s.schneider);
    r.schwarz_counted = Some(s.schwarz);
    r.overbid = if game == GameType::Null {
        Some(false)
    } else {
        s.overbid
    };
    r.value = Some(s.value);
    // Kontra and Re double the score (seed 004, §Game variants), not the value.
    r.score = Some(s.score << f.doublings.min(8));
}

/// The value and score, when the figures they need are known.
fn scored(profile: &Profile, f: &Finished, declarer_tricks: u32) -> Option<Scored> {
    let end = f.end;
    let c = f.counts;
    if let Some((e, value)) = f.extra {
        let made = !end.lost_early() && declarer_tricks == e.tricks();
        return value.map(|v| score::extra_game(profile, v, f.skat_use, made, f.bid));
    }
    if f.contract.game == GameType::Null {
        let won = match end {
            End::PlayedOut => c.declarer_tricks == 0,
            _ => end.rest_to_declarer(),
        };
        return Some(score::null_game_as(profile, &f.contract, f.skat_use, won));
    }
    let m = f.matadors?;
    let tally = Tally {
        defender_points: c.defender_points,
        declarer_tricks,
        defender_tricks: c.defender_tricks,
    };
    let at_game_level = profile
        .options
        .early_end
        .abandon
        .is_some_and(|a| a.scored_at_game_level);
    let finish = if end == End::Abandoned && at_game_level {
        Finish::Abandoned
    } else if end.lost_early() {
        Finish::LostEarly
    } else {
        Finish::Complete
    };
    Some(score::trump_game_as(
        profile,
        &f.contract,
        f.skat_use,
        m,
        tally,
        finish,
        f.bid,
    ))
}

/// The declaration's part of the result: who plays what, on which bid.
pub fn declared(
    r: &mut GameResult,
    declarer: Seat,
    contract: &Contract,
    ouvert_shown: bool,
    bid: Option<u32>,
) {
    r.declarer = Some(declarer);
    r.game = Some(contract.game);
    r.hand = contract.hand;
    r.ouvert = ouvert_shown;
    r.schneider_announced = contract.schneider_announced;
    r.schwarz_announced = contract.schwarz_announced;
    r.bid = bid;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_but_the_played_out_game_is_for_or_against_the_declarer() {
        let all = [
            End::PlayedOut,
            End::NullTrickTaken,
            End::SchwarzFailed,
            End::SchneiderFailed,
            End::DeclarerConceded,
            End::DefendersConceded,
            End::DeclarerClaimed,
            End::DeclarerPenalized,
            End::DefenderPenalized,
            End::Abandoned,
        ];
        for e in all {
            let sides = [e.rest_to_declarer(), e.lost_early()];
            let expected = usize::from(e != End::PlayedOut);
            assert_eq!(sides.iter().filter(|&&b| b).count(), expected, "{e:?}");
        }
    }

    /// Seed 004, §GAME VALUE CALCULATING: clubs with one, game two, 2 × 12 = 24; played out
    /// with 61 for the declarer, won 24 (the README's tour record).
    #[test]
    fn a_played_out_clubs_game_with_one_is_worth_24() {
        let profile = crate::skat::rules::by_name("isko").expect("isko");
        let f = Finished {
            contract: Contract {
                game: GameType::Clubs,
                hand: false,
                schneider_announced: false,
                schwarz_announced: false,
                ouvert: false,
            },
            skat_use: SkatUse::Pickup,
            extra: None,
            matadors: Some(1),
            skat_points: Some(0),
            counts: Counts {
                declarer_trick_points: 61,
                defender_points: 59,
                declarer_tricks: 6,
                defender_tricks: 4,
            },
            end: End::PlayedOut,
            ended_at: 10,
            doublings: 0,
            bid: Some(18),
            priced: true,
        };
        let mut r = GameResult::default();
        figure(profile, &f, &mut r);
        assert_eq!(
            (r.won, r.value, r.score, r.declarer_card_points, r.ended_at_trick),
            (Some(true), Some(24), Some(24), Some(61), None)
        );
        // Conceded by both defenders after four tricks: the rest are the declarer's.
        let conceded = Finished {
            end: End::DefendersConceded,
            ended_at: 5,
            counts: Counts {
                declarer_trick_points: 30,
                defender_points: 10,
                declarer_tricks: 3,
                defender_tricks: 1,
            },
            ..f
        };
        let mut r = GameResult::default();
        figure(profile, &conceded, &mut r);
        assert_eq!((r.declarer_tricks, r.declarer_card_points), (Some(9), Some(110)));
        assert_eq!(r.ended_at_trick, Some(5));
        // Kontra doubles the score, not the value.
        let mut r = GameResult::default();
        figure(profile, &Finished { doublings: 1, ..f }, &mut r);
        assert_eq!((r.value, r.score), (Some(24), Some(48)));
    }
}
