//! The auction: who bids to whom, which values may be bid, and who wins.
//!
//! Seed 004, §BIDDING / AUCTION: middlehand bids to forehand, who holds (`yes`) or passes;
//! rearhand then bids to the survivor; every bid is a reachable game value and higher than
//! the last; a seat that passed is out. When middlehand and rearhand both pass without a bid,
//! forehand may bid (the lowest bid, or any value of the table) or pass; all passing means no
//! game.
//!
//! The rules are the game state [`AuctionState`]; the full check drives the record's calls
//! through it with [`replay`], whose sink turns each refusal into an `S01xx` finding; the
//! quick verdict and the generator use the same state.

use std::ops::ControlFlow;

use notation::{Diagnostic, Kind, Span};

use crate::core::game::{GameState, Recovery, Sink, drive};
use crate::skat::interpret::{CallIn, at};
use crate::skat::model::Call as CallKind;
use crate::skat::model::Seat;
use crate::skat::rules::{BidSet, Profile};

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

/// Whose call it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// `bidder` bids to `listener`, or passes.
    Bid {
        /// Who bids.
        bidder: Seat,
        /// Who is bid to.
        listener: Seat,
    },
    /// `listener` answers `bidder`'s bid: holds or passes.
    Answer {
        /// Who bid.
        bidder: Seat,
        /// Who answers.
        listener: Seat,
    },
    /// Middlehand and rearhand passed without a bid: forehand bids or passes.
    ForehandAlone,
    /// The auction is over.
    Done,
}

impl Turn {
    /// The seat to call.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Turn::Bid { bidder, .. } => Some(bidder),
            Turn::Answer { listener, .. } => Some(listener),
            Turn::ForehandAlone => Some(Seat::F),
            Turn::Done => None,
        }
    }
}

/// An accepted call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Called {
    /// Taken as written.
    Plain,
    /// A bid off the customary steps of a ladder profile (a warning).
    OffLadder,
    /// The listener repeated the bid: read as holding it (a warning).
    RepeatedBid,
}

/// Why a call is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallRefusal {
    /// The seat passed earlier.
    PassedEarlier,
    /// The auction is over.
    AfterEnd,
    /// Another seat is to call.
    OutOfTurn(Turn),
    /// Forehand, alone after two passes, has no bid to hold.
    NothingToHoldAlone,
    /// The listener bids instead of answering.
    BidWhenAnswering {
        /// Who made the bid being answered.
        bidder: Seat,
        /// The bid being answered.
        current: u32,
        /// The bid made.
        bid: u32,
    },
    /// The bidder holds.
    HoldWhenBidding,
    /// Not a value the profile's bids take (applied anyway).
    NotABid(u32),
    /// Not above the last bid (applied anyway).
    NotHigher {
        /// The bid.
        bid: u32,
        /// The last bid.
        last: u32,
        /// Also off the customary steps.
        off_ladder: bool,
    },
}

/// An auction in progress.
#[derive(Clone, Debug)]
pub struct AuctionState<'p> {
    profile: &'p Profile,
    turn: Turn,
    second: bool,
    current: Option<u32>,
    passed: [bool; 3],
    winner: Option<Seat>,
    all_passed: bool,
}

impl<'p> AuctionState<'p> {
    /// The auction before the first call: middlehand bids to forehand.
    pub fn new(profile: &'p Profile) -> AuctionState<'p> {
        AuctionState {
            profile,
            turn: Turn::Bid {
                bidder: Seat::M,
                listener: Seat::F,
            },
            second: false,
            current: None,
            passed: [false; 3],
            winner: None,
            all_passed: false,
        }
    }

    /// Whose call it is.
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// The highest bid so far.
    pub fn current(&self) -> Option<u32> {
        self.current
    }

    /// What the calls so far settled; `legal` is for the caller to set.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winner: if self.all_passed { None } else { self.winner },
            bid: if self.all_passed { None } else { self.current },
            passed: self.all_passed,
            settled: self.turn == Turn::Done,
            legal: true,
        }
    }

    fn check_bid(&self, bid: u32, last: Option<u32>) -> Result<Called, CallRefusal> {
        if !self.profile.is_bid(bid) {
            return Err(CallRefusal::NotABid(bid));
        }
        let off_ladder = self.profile.off_ladder(bid);
        if let Some(last) = last
            && bid <= last
        {
            return Err(CallRefusal::NotHigher {
                bid,
                last,
                off_ladder,
            });
        }
        Ok(if off_ladder {
            Called::OffLadder
        } else {
            Called::Plain
        })
    }

    /// One seat's duel has ended with a pass; `survivor` stays in.
    fn duel_ended(&mut self, survivor: Seat) {
        self.turn = if !self.second {
            self.second = true;
            Turn::Bid {
                bidder: Seat::R,
                listener: survivor,
            }
        } else if self.current.is_some() {
            self.winner = Some(survivor);
            Turn::Done
        } else if self.profile.options.forehand_may_bid_alone && survivor == Seat::F {
            Turn::ForehandAlone
        } else {
            self.all_passed = true;
            Turn::Done
        };
    }

    fn bid(&mut self, bid: u32) {
        self.current = Some(bid);
        match self.turn {
            Turn::Bid { bidder, listener } => self.turn = Turn::Answer { bidder, listener },
            Turn::ForehandAlone => {
                self.winner = Some(Seat::F);
                self.turn = Turn::Done;
            }
            Turn::Answer { .. } | Turn::Done => {}
        }
    }

    fn judge(&self, seat: Seat, call: CallKind) -> Result<Called, CallRefusal> {
        if self.passed[seat.index()] {
            return Err(CallRefusal::PassedEarlier);
        }
        if self.turn == Turn::Done {
            return Err(CallRefusal::AfterEnd);
        }
        if self.turn.seat() != Some(seat) {
            return Err(CallRefusal::OutOfTurn(self.turn));
        }
        match (self.turn, call) {
            (_, CallKind::Pass) => Ok(Called::Plain),
            (Turn::ForehandAlone, CallKind::Bid(v)) => self.check_bid(v, None),
            (Turn::ForehandAlone, CallKind::Hold) => Err(CallRefusal::NothingToHoldAlone),
            (Turn::Bid { .. }, CallKind::Bid(v)) => self.check_bid(v, self.current),
            (Turn::Bid { .. }, CallKind::Hold) => Err(CallRefusal::HoldWhenBidding),
            (Turn::Answer { .. }, CallKind::Hold) => Ok(Called::Plain),
            (Turn::Answer { .. }, CallKind::Bid(v)) if Some(v) == self.current => Ok(Called::RepeatedBid),
            (Turn::Answer { bidder, .. }, CallKind::Bid(v)) => Err(CallRefusal::BidWhenAnswering {
                bidder,
                current: self.current.unwrap_or(0),
                bid: v,
            }),
            (Turn::Done, _) => Err(CallRefusal::AfterEnd),
        }
    }

    fn apply(&mut self, seat: Seat, call: CallKind) {
        match (self.turn, call) {
            (Turn::ForehandAlone, CallKind::Pass) => {
                self.passed[0] = true;
                self.all_passed = true;
                self.turn = Turn::Done;
            }
            (Turn::Bid { bidder, listener } | Turn::Answer { bidder, listener }, CallKind::Pass) => {
                self.passed[seat.index()] = true;
                self.duel_ended(if seat == bidder { listener } else { bidder });
            }
            (Turn::Answer { bidder, listener }, CallKind::Hold | CallKind::Bid(_)) => {
                self.turn = Turn::Bid { bidder, listener };
            }
            (Turn::Bid { .. } | Turn::ForehandAlone, CallKind::Bid(v)) => self.bid(v),
            _ => {}
        }
    }
}

impl GameState for AuctionState<'_> {
    type Action = (Seat, CallKind);
    type Event = Called;
    type Refusal = CallRefusal;
    /// The seat to call, and the lowest bid it may make (`None` when answering or over).
    type Legal = (Option<Seat>, Option<u32>);

    fn legal(&self) -> Self::Legal {
        let lowest = match self.turn {
            Turn::Bid { .. } | Turn::ForehandAlone => match self.current {
                None => Some(self.profile.lowest_bid()),
                Some(c) => self.profile.next_bid(c),
            },
            Turn::Answer { .. } | Turn::Done => None,
        };
        (self.turn.seat(), lowest)
    }

    #[inline]
    fn play(&mut self, (seat, call): (Seat, CallKind)) -> Result<Called, CallRefusal> {
        let called = self.judge(seat, call)?;
        self.apply(seat, call);
        Ok(called)
    }

    /// A bid of a value the rules refuse is taken as written.
    fn play_anyway(&mut self, (seat, call): (Seat, CallKind)) -> Option<Called> {
        match (self.judge(seat, call), call) {
            (Err(CallRefusal::NotABid(_) | CallRefusal::NotHigher { .. }), CallKind::Bid(v)) => {
                self.bid(v);
                Some(Called::Plain)
            }
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        self.turn == Turn::Done
    }
}

/// Replays the calls; returns what was settled and the findings (`S01xx`).
pub fn replay(calls: &[CallIn], profile: &Profile) -> (Outcome, Vec<Diagnostic>) {
    let mut state = AuctionState::new(profile);
    let mut sink = Findings {
        out: Vec::new(),
        profile,
        legal: true,
    };
    let _ = drive(
        &mut state,
        calls.iter().map(|c| (c.span, (c.seat, c.call))),
        &mut sink,
    );
    let mut out = sink.out;
    let turn = state.turn();
    if turn != Turn::Done {
        out.push(Diagnostic::error(
            "S0107",
            Kind::Incomplete,
            calls.last().and_then(|c| at(c.span)),
            format!(
                "the auction stops before it is settled: waiting for {}",
                waiting_for(turn)
            ),
        ));
    }
    let outcome = Outcome {
        legal: sink.legal,
        ..state.outcome()
    };
    (outcome, out)
}

fn waiting_for(turn: Turn) -> String {
    match turn {
        Turn::Answer { bidder, listener } => format!("{listener} to answer {bidder}"),
        Turn::Bid { bidder, listener } => format!("{bidder} to bid to {listener} or pass"),
        Turn::ForehandAlone => "F to bid or pass".to_string(),
        Turn::Done => String::new(),
    }
}

/// The full check's sink: each refusal and each warning becomes a finding at the call.
struct Findings<'p> {
    out: Vec<Diagnostic>,
    profile: &'p Profile,
    legal: bool,
}

impl Sink<AuctionState<'_>, Span> for Findings<'_> {
    fn event(&mut self, span: &Span, (seat, call): (Seat, CallKind), called: &Called) -> ControlFlow<()> {
        match (called, call) {
            (Called::OffLadder, CallKind::Bid(v)) => self.out.push(self.off_ladder(*span, seat, v)),
            (Called::RepeatedBid, CallKind::Bid(v)) => self.out.push(Diagnostic::warning(
                "S0106",
                at(*span),
                format!("{seat} repeats the bid {v}; read as holding it"),
            )),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn refused(
        &mut self,
        span: &Span,
        (seat, _): (Seat, CallKind),
        refusal: CallRefusal,
    ) -> ControlFlow<(), Recovery> {
        self.legal = false;
        let illegal = |code, message: String| Diagnostic::error(code, Kind::Illegal, at(*span), message);
        let (d, recovery) = match refusal {
            CallRefusal::PassedEarlier => (
                illegal("S0103", format!("{seat} passed earlier and cannot call again")),
                Recovery::Skip,
            ),
            CallRefusal::AfterEnd => (
                illegal("S0104", format!("{seat} calls after the auction is over")),
                Recovery::Skip,
            ),
            CallRefusal::OutOfTurn(turn) => {
                let what = match turn {
                    Turn::Answer { bidder, listener } => {
                        format!("{listener} to answer {bidder}'s bid with yes or pass")
                    }
                    Turn::Bid { bidder, listener } => format!("{bidder} to bid to {listener} or pass"),
                    Turn::ForehandAlone | Turn::Done => "F to bid or pass".to_string(),
                };
                (
                    illegal(
                        "S0104",
                        format!("{seat} calls out of turn: the auction waits for {what}"),
                    ),
                    Recovery::Skip,
                )
            }
            CallRefusal::NothingToHoldAlone => (
                illegal(
                    "S0105",
                    "F has no bid to hold: M and R passed, so F bids or passes".to_string(),
                ),
                Recovery::Skip,
            ),
            CallRefusal::BidWhenAnswering { bidder, current, bid } => (
                illegal(
                    "S0105",
                    format!("{seat} must answer {bidder}'s bid of {current} with yes or pass, not bid {bid}"),
                ),
                Recovery::Skip,
            ),
            CallRefusal::HoldWhenBidding => (
                illegal("S0105", format!("{seat} is bidding and has no bid to hold")),
                Recovery::Skip,
            ),
            CallRefusal::NotABid(v) => (self.not_a_bid(*span, seat, v), Recovery::Apply),
            CallRefusal::NotHigher {
                bid,
                last,
                off_ladder,
            } => {
                if off_ladder {
                    let w = self.off_ladder(*span, seat, bid);
                    self.out.push(w);
                }
                (
                    illegal(
                        "S0102",
                        format!("{seat} bids {bid}, but a bid must exceed the last bid {last}"),
                    ),
                    Recovery::Apply,
                )
            }
        };
        self.out.push(d);
        ControlFlow::Continue(recovery)
    }
}

impl Findings<'_> {
    fn not_a_bid(&self, span: Span, seat: Seat, v: u32) -> Diagnostic {
        let profile = self.profile;
        let next = profile
            .next_bid(v)
            .map_or_else(String::new, |n| format!("; the next bid is {n}"));
        let first: Vec<String> = profile.bid_table.iter().take(20).map(u32::to_string).collect();
        Diagnostic::error(
            "S0101",
            Kind::Illegal,
            at(span),
            format!("{seat} bids {v}, which is not a game value{next}"),
        )
        .with_help(match profile.options.bids {
            BidSet::ReachableGameValues => format!("bids are game values: {} …", first.join(" ")),
            BidSet::Ladder { min, .. } => format!("bids are whole numbers from {min}"),
        })
    }

    fn off_ladder(&self, span: Span, seat: Seat, v: u32) -> Diagnostic {
        let profile = self.profile;
        Diagnostic::warning(
            "S0108",
            at(span),
            format!("{seat} bids {v}, off the customary steps of the bidding"),
        )
        .with_help(format!(
            "under `{}` bids customarily rise by {}: {} …",
            profile.name,
            match profile.options.bids {
                BidSet::Ladder { step, .. } => step,
                BidSet::ReachableGameValues => 0,
            },
            profile
                .bid_table
                .iter()
                .take(8)
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ))
    }
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

    #[test]
    fn the_state_offers_the_lowest_bid_and_refuses_what_the_rules_refuse() {
        let p = Profile::isko();
        let mut s = AuctionState::new(&p);
        assert_eq!(s.legal(), (Some(M), Some(18)));
        assert_eq!(s.play((F, Bid(18))), Err(CallRefusal::OutOfTurn(s.turn())));
        assert_eq!(s.play((M, Bid(19))), Err(CallRefusal::NotABid(19)));
        assert_eq!(s.play((M, Hold)), Err(CallRefusal::HoldWhenBidding));
        // Refusals leave the state as it was.
        assert_eq!(s.legal(), (Some(M), Some(18)));
        assert_eq!(s.play((M, Bid(20))), Ok(Called::Plain));
        assert_eq!(s.legal(), (Some(F), None));
        assert_eq!(
            s.play((F, Bid(22))),
            Err(CallRefusal::BidWhenAnswering {
                bidder: M,
                current: 20,
                bid: 22
            })
        );
        assert_eq!(s.play((F, Bid(20))), Ok(Called::RepeatedBid));
        assert_eq!(s.legal(), (Some(M), Some(22)));
        assert_eq!(
            s.play((M, Bid(18))),
            Err(CallRefusal::NotHigher {
                bid: 18,
                last: 20,
                off_ladder: false
            })
        );
        // Taken as written, so that the rest of the record is checked against it.
        assert_eq!(s.play_anyway((M, Bid(18))), Some(Called::Plain));
        assert_eq!(s.current(), Some(18));
        for call in [(F, Pass), (R, Pass)] {
            assert_eq!(s.play(call), Ok(Called::Plain));
        }
        assert!(s.is_over());
        assert_eq!((s.outcome().winner, s.outcome().bid), (Some(M), Some(18)));
        assert_eq!(s.play((F, Pass)), Err(CallRefusal::PassedEarlier));
        assert_eq!(s.play((M, Pass)), Err(CallRefusal::AfterEnd));
    }
}
