//! The auction: who bids to whom, which values may be bid, and who wins.
//!
//! Seed 004, §BIDDING / AUCTION: middlehand bids to forehand, who holds (`yes`) or passes;
//! rearhand then bids to the survivor; every bid is a reachable game value and higher than
//! the last; a seat that passed is out. When middlehand and rearhand both pass without a bid,
//! forehand may bid (the lowest bid, or any value of the table) or pass; all passing means no
//! game.

use notation::{Diagnostic, Kind};

use crate::skat::model::Call as CallKind;

use crate::skat::interpret::{CallIn, at};
use crate::skat::model::Seat;
use crate::skat::rules::Profile;

/// What the auction settled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Who won the auction.
    pub winner: Option<Seat>,
    /// The winning bid.
    pub bid: Option<u32>,
    /// All three passed.
    pub passed: bool,
    /// The calls reach the end of the auction.
    pub settled: bool,
    /// No call broke the rules.
    pub legal: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// `bidder` bids to `listener`; `answer` is true when the listener must answer.
    Bidding {
        bidder: Seat,
        listener: Seat,
        second: bool,
        answer: bool,
    },
    /// Middlehand and rearhand passed without a bid: forehand bids or passes.
    ForehandAlone,
    /// Settled.
    Done,
}

/// Replays the calls; returns what was settled and the findings (`S01xx`).
pub fn replay(calls: &[CallIn], profile: &Profile) -> (Outcome, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let mut stage = Stage::Bidding {
        bidder: Seat::M,
        listener: Seat::F,
        second: false,
        answer: false,
    };
    let mut current: Option<u32> = None;
    let mut passed = [false; 3];
    let mut legal = true;
    let mut winner = None;
    let mut all_passed = false;

    for c in calls {
        if passed.get(c.seat.index()).copied().unwrap_or(false) {
            out.push(Diagnostic::error(
                "S0103",
                Kind::Illegal,
                at(c.span),
                format!("{} passed earlier and cannot call again", c.seat),
            ));
            legal = false;
            continue;
        }
        match stage {
            Stage::Done => {
                out.push(Diagnostic::error(
                    "S0104",
                    Kind::Illegal,
                    at(c.span),
                    format!("{} calls after the auction is over", c.seat),
                ));
                legal = false;
            }
            Stage::ForehandAlone => {
                if c.seat != Seat::F {
                    out.push(out_of_turn(c, "F to bid or pass"));
                    legal = false;
                    continue;
                }
                match c.call {
                    CallKind::Bid(v) => {
                        if !check_value(c, v, None, profile, &mut out) {
                            legal = false;
                        }
                        current = Some(v);
                        winner = Some(Seat::F);
                    }
                    CallKind::Pass => {
                        passed[0] = true;
                        all_passed = true;
                    }
                    CallKind::Hold => {
                        out.push(Diagnostic::error(
                            "S0105",
                            Kind::Illegal,
                            at(c.span),
                            "F has no bid to hold: M and R passed, so F bids or passes",
                        ));
                        legal = false;
                        continue;
                    }
                }
                stage = Stage::Done;
            }
            Stage::Bidding {
                bidder,
                listener,
                second,
                answer,
            } => {
                let (expected, survivor_if_pass) = if answer {
                    (listener, bidder)
                } else {
                    (bidder, listener)
                };
                if c.seat != expected {
                    let what = if answer {
                        format!("{listener} to answer {bidder}'s bid with yes or pass")
                    } else {
                        format!("{bidder} to bid to {listener} or pass")
                    };
                    out.push(out_of_turn(c, &what));
                    legal = false;
                    continue;
                }
                let mut ended = false;
                match (c.call, answer) {
                    (CallKind::Bid(v), false) => {
                        if !check_value(c, v, current, profile, &mut out) {
                            legal = false;
                        }
                        current = Some(v);
                        stage = Stage::Bidding {
                            bidder,
                            listener,
                            second,
                            answer: true,
                        };
                    }
                    (CallKind::Hold, true) => {
                        stage = Stage::Bidding {
                            bidder,
                            listener,
                            second,
                            answer: false,
                        };
                    }
                    (CallKind::Bid(v), true) if Some(v) == current => {
                        out.push(Diagnostic::warning(
                            "S0106",
                            at(c.span),
                            format!("{} repeats the bid {v}; read as holding it", c.seat),
                        ));
                        stage = Stage::Bidding {
                            bidder,
                            listener,
                            second,
                            answer: false,
                        };
                    }
                    (CallKind::Bid(v), true) => {
                        out.push(Diagnostic::error(
                            "S0105",
                            Kind::Illegal,
                            at(c.span),
                            format!(
                                "{} must answer {bidder}'s bid of {} with yes or pass, not bid {v}",
                                c.seat,
                                current.unwrap_or(0)
                            ),
                        ));
                        legal = false;
                    }
                    (CallKind::Hold, false) => {
                        out.push(Diagnostic::error(
                            "S0105",
                            Kind::Illegal,
                            at(c.span),
                            format!("{} is bidding and has no bid to hold", c.seat),
                        ));
                        legal = false;
                    }
                    (CallKind::Pass, _) => {
                        if let Some(p) = passed.get_mut(c.seat.index()) {
                            *p = true;
                        }
                        ended = true;
                    }
                }
                if ended {
                    if !second {
                        stage = Stage::Bidding {
                            bidder: Seat::R,
                            listener: survivor_if_pass,
                            second: true,
                            answer: false,
                        };
                    } else if current.is_some() {
                        winner = Some(survivor_if_pass);
                        stage = Stage::Done;
                    } else if profile.options.forehand_may_bid_alone && survivor_if_pass == Seat::F {
                        stage = Stage::ForehandAlone;
                    } else {
                        all_passed = true;
                        stage = Stage::Done;
                    }
                }
            }
        }
    }

    let settled = stage == Stage::Done;
    if !settled {
        let expected = match stage {
            Stage::Bidding {
                bidder,
                listener,
                answer: true,
                ..
            } => format!("{listener} to answer {bidder}"),
            Stage::Bidding { bidder, listener, .. } => format!("{bidder} to bid to {listener} or pass"),
            Stage::ForehandAlone => "F to bid or pass".to_string(),
            Stage::Done => String::new(),
        };
        out.push(Diagnostic::error(
            "S0107",
            Kind::Incomplete,
            calls.last().and_then(|c| at(c.span)),
            format!("the auction stops before it is settled: waiting for {expected}"),
        ));
    }
    let outcome = Outcome {
        winner: if all_passed { None } else { winner },
        bid: if all_passed { None } else { current },
        passed: all_passed,
        settled,
        legal,
    };
    (outcome, out)
}

fn out_of_turn(c: &CallIn, expected: &str) -> Diagnostic {
    Diagnostic::error(
        "S0104",
        Kind::Illegal,
        at(c.span),
        format!("{} calls out of turn: the auction waits for {expected}", c.seat),
    )
}

fn check_value(c: &CallIn, v: u32, last: Option<u32>, profile: &Profile, out: &mut Vec<Diagnostic>) -> bool {
    if !profile.is_bid(v) {
        let next = profile
            .next_bid(v)
            .map_or_else(String::new, |n| format!("; the next bid is {n}"));
        let first: Vec<String> = profile.bid_table.iter().take(20).map(u32::to_string).collect();
        out.push(
            Diagnostic::error(
                "S0101",
                Kind::Illegal,
                at(c.span),
                format!("{} bids {v}, which is not a game value{next}", c.seat),
            )
            .with_help(match profile.options.bids {
                crate::skat::rules::BidSet::ReachableGameValues => {
                    format!("bids are game values: {} …", first.join(" "))
                }
                crate::skat::rules::BidSet::Ladder { min, .. } => {
                    format!("bids are whole numbers from {min}")
                }
            }),
        );
        return false;
    }
    if profile.off_ladder(v) {
        out.push(
            Diagnostic::warning(
                "S0108",
                at(c.span),
                format!("{} bids {v}, off the customary steps of the bidding", c.seat),
            )
            .with_help(format!(
                "under `{}` bids customarily rise by {}: {} …",
                profile.name,
                match profile.options.bids {
                    crate::skat::rules::BidSet::Ladder { step, .. } => step,
                    crate::skat::rules::BidSet::ReachableGameValues => 0,
                },
                profile
                    .bid_table
                    .iter()
                    .take(8)
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
        );
    }
    if let Some(l) = last
        && v <= l
    {
        out.push(Diagnostic::error(
            "S0102",
            Kind::Illegal,
            at(c.span),
            format!("{} bids {v}, but a bid must exceed the last bid {l}", c.seat),
        ));
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::Span;

    fn calls(list: &[(Seat, CallKind)]) -> Vec<CallIn> {
        list.iter()
            .map(|&(seat, call)| CallIn {
                seat,
                call,
                span: Span::default(),
            })
            .collect()
    }

    use CallKind::{Bid, Hold, Pass};
    use Seat::{F, M, R};

    #[test]
    fn middlehand_bids_to_forehand_then_rearhand_to_the_survivor() {
        let p = Profile::isko();
        let (o, f) = replay(
            &calls(&[
                (M, Bid(18)),
                (F, Hold),
                (M, Bid(20)),
                (F, Pass),
                (R, Bid(22)),
                (M, Hold),
                (R, Pass),
            ]),
            &p,
        );
        assert!(f.is_empty(), "{f:?}");
        assert_eq!(
            o,
            Outcome {
                winner: Some(M),
                bid: Some(22),
                passed: false,
                settled: true,
                legal: true
            }
        );
    }

    #[test]
    fn all_passing_is_a_passed_deal_and_forehand_may_bid_alone() {
        let p = Profile::isko();
        let (o, _) = replay(&calls(&[(M, Pass), (R, Pass), (F, Pass)]), &p);
        assert!(o.passed && o.settled && o.winner.is_none());
        let (o, f) = replay(&calls(&[(M, Pass), (R, Pass), (F, Bid(18))]), &p);
        assert!(f.is_empty());
        assert_eq!((o.winner, o.bid), (Some(F), Some(18)));
    }

    #[test]
    fn a_bid_that_is_not_a_game_value_is_illegal() {
        let (o, f) = replay(&calls(&[(M, Bid(19)), (F, Pass), (R, Pass)]), &Profile::isko());
        assert_eq!(f[0].code, "S0101");
        assert!(f[0].message.contains("next bid is 20"), "{}", f[0].message);
        assert!(!o.legal);
    }

    #[test]
    fn bids_must_rise_and_passed_seats_stay_out() {
        let (_, f) = replay(&calls(&[(M, Bid(20)), (F, Hold), (M, Bid(18))]), &Profile::isko());
        assert_eq!(f[0].code, "S0102");
        let (_, f) = replay(&calls(&[(M, Bid(18)), (F, Pass), (F, Bid(20))]), &Profile::isko());
        assert_eq!(f[0].code, "S0103");
    }

    #[test]
    fn out_of_turn_and_unsettled_auctions_are_reported() {
        let (_, f) = replay(&calls(&[(R, Bid(18))]), &Profile::isko());
        assert_eq!(f[0].code, "S0104");
        let (o, f) = replay(&calls(&[(M, Bid(18)), (F, Hold)]), &Profile::isko());
        assert!(!o.settled);
        assert_eq!(f.last().map(|d| d.code), Some("S0107"));
    }

    #[test]
    fn rearhand_bidding_to_a_forehand_that_held() {
        let (o, f) = replay(
            &calls(&[(M, Bid(18)), (F, Hold), (M, Pass), (R, Bid(20)), (F, Pass)]),
            &Profile::isko(),
        );
        assert!(f.is_empty());
        assert_eq!((o.winner, o.bid), (Some(R), Some(20)));
    }
}
