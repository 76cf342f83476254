//! Auction Pinochle's settlement in units (seed 000, 000:399–441): the value of a bid under a
//! schedule, and who pays whom when the contract is made, lost, conceded or forfeited. Every
//! deal is a game of its own; the bidder settles with every other player at the table, the
//! inactive ones included, and with the kitty.
//!
//! The replay and the generator both call [`settle`], so a figure is worked out in one place.

use cards::Suit;
use serde::{Deserialize, Serialize};

/// A schedule of unit values (000:405–431).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Schedule {
    /// The customary table: 300–340 3, 350–390 5, 400–440 10, then 5 more for each 50 up to
    /// 30 for 600 or more; spades double (000:409–423).
    Customary,
    /// The basic value doubles for each step of 50 above 350: 450 20, 500 40, 550 80
    /// (000:427); spades double.
    Doubling,
    /// 300 1 chip, 350 2, 400 4, 450 6, two more for each step; spades double, hearts triple
    /// (000:429).
    Chips,
    /// One unit more for every 10 bid from 350: 350 5, 360 6, 370 7 (000:431); spades double.
    Tens,
}

impl Schedule {
    /// Every schedule, in the seed's order.
    pub const ALL: [Schedule; 4] = [
        Schedule::Customary,
        Schedule::Doubling,
        Schedule::Chips,
        Schedule::Tens,
    ];

    /// The option's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Customary => "customary",
            Schedule::Doubling => "doubling",
            Schedule::Chips => "chips",
            Schedule::Tens => "tens",
        }
    }

    /// The schedule an option names.
    pub fn from_name(name: &str) -> Option<Schedule> {
        Schedule::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The basic value of a bid, before the trump's multiple. Bids below 300 (the 250
    /// opening of 000:359) take the 300 row, the lowest the schedules give.
    pub fn basic(self, bid: u32) -> u64 {
        let bid = u64::from(bid.max(300));
        // The step of 50 the bid falls in: 300–340 is 0, 350–390 1 …
        let step = (bid - 300) / 50;
        match self {
            Schedule::Customary => [3, 5, 10, 15, 20, 25, 30][step.min(6) as usize],
            Schedule::Doubling => match step {
                0 => 3,
                s => 5u64.saturating_mul(1u64.checked_shl((s - 1).min(62) as u32).unwrap_or(u64::MAX)),
            },
            Schedule::Chips => match step {
                0 => 1,
                s => 2 * s,
            },
            Schedule::Tens => match step {
                0 => 3,
                _ => 5 + (bid - 350) / 10,
            },
        }
    }

    /// The multiple of a trump suit: spades double in every schedule, hearts triple in the
    /// chip schedule (000:409, 429).
    pub fn multiple(self, trump: Option<Suit>) -> u64 {
        match (self, trump) {
            (_, Some(Suit::Spades)) => 2,
            (Schedule::Chips, Some(Suit::Hearts)) => 3,
            _ => 1,
        }
    }

    /// The value of a bid with its trump.
    pub fn value(self, bid: u32, trump: Option<Suit>) -> u64 {
        self.basic(bid).saturating_mul(self.multiple(trump))
    }
}

/// How an Auction Pinochle deal ended (000:433–441).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Played out and made, or made by the opponents' concession: the bidder collects the
    /// value from every other player (and from the kitty at 350 or more).
    Made,
    /// Conceded by the opponents before the first lead (000:437): as made.
    Conceded,
    /// Played out and lost: the bidder pays every other player twice the value (000:441).
    DoubleBete,
    /// Conceded by the bidder after looking at the widow (000:435): he pays the basic value.
    SingleBete,
    /// The compulsory opening bid forfeited without looking at the widow (000:433): the basic
    /// value to the kitty alone.
    Forfeit,
}

impl Ending {
    /// The word a record or a report writes.
    pub fn word(self) -> &'static str {
        match self {
            Ending::Made => "made",
            Ending::Conceded => "conceded",
            Ending::DoubleBete => "double-bete",
            Ending::SingleBete => "single-bete",
            Ending::Forfeit => "forfeit",
        }
    }

    /// Whether the bidder wins.
    pub fn made(self) -> bool {
        matches!(self, Ending::Made | Ending::Conceded)
    }
}

/// The label the kitty has in claims and in the report.
pub const KITTY: &str = "kitty";

/// The bid from which the kitty settles as an opponent (000:401, 403).
pub const KITTY_FROM: u32 = 350;

/// What each participant wins (positive) or pays (negative) for one deal: `others` are every
/// other player at the table, the inactive ones included, in the order given; the kitty last.
/// The figures always sum to zero.
pub fn settle(
    schedule: Schedule,
    bid: u32,
    trump: Option<Suit>,
    ending: Ending,
    bidder: &str,
    others: &[String],
) -> Vec<(String, i64)> {
    let clamp = |n: u64| i64::try_from(n).unwrap_or(i64::MAX / 16);
    let kitty_plays = bid >= KITTY_FROM;
    // What the bidder collects from one opponent (negative: pays him), and from the kitty.
    let (each, kitty) = match ending {
        Ending::Made | Ending::Conceded => {
            let v = clamp(schedule.value(bid, trump));
            (v, if kitty_plays { v } else { 0 })
        }
        Ending::DoubleBete => {
            let v = clamp(schedule.value(bid, trump).saturating_mul(2));
            (-v, if kitty_plays { -v } else { 0 })
        }
        Ending::SingleBete => {
            let v = clamp(schedule.basic(bid));
            (-v, if kitty_plays { -v } else { 0 })
        }
        Ending::Forfeit => (0, -clamp(schedule.basic(bid))),
    };
    let n = i64::try_from(others.len()).unwrap_or(0);
    let mut out = vec![(bidder.to_string(), each.saturating_mul(n).saturating_add(kitty))];
    out.extend(others.iter().map(|o| (o.clone(), -each)));
    out.push((KITTY.to_string(), -kitty));
    out
}

/// The settlement of a deal, as the report gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Settlement {
    /// How the deal ended.
    pub ending: Ending,
    /// The value of the bid under the schedule, the trump's multiple included.
    pub units: u64,
    /// What each player at the table, then the kitty, wins or pays.
    pub chips: Vec<(String, i64)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seed 000, 000:409–423: the customary schedule, basic and with spades trump.
    #[test]
    fn the_customary_schedule() {
        let rows = [
            (300, 3, 6),
            (340, 3, 6),
            (350, 5, 10),
            (390, 5, 10),
            (400, 10, 20),
            (440, 10, 20),
            (450, 15, 30),
            (490, 15, 30),
            (500, 20, 40),
            (540, 20, 40),
            (550, 25, 50),
            (590, 25, 50),
            (600, 30, 60),
            (750, 30, 60),
        ];
        for (bid, basic, spades) in rows {
            let s = Schedule::Customary;
            assert_eq!(
                (s.value(bid, Some(Suit::Clubs)), s.value(bid, Some(Suit::Spades))),
                (basic, spades),
                "{bid}"
            );
            assert_eq!(s.value(bid, Some(Suit::Hearts)), basic);
        }
    }

    /// Seed 000, 000:427–431: the three other schedules' own examples.
    #[test]
    fn the_other_schedules() {
        let d = Schedule::Doubling;
        assert_eq!(
            [
                d.basic(350),
                d.basic(400),
                d.basic(450),
                d.basic(500),
                d.basic(550)
            ],
            [5, 10, 20, 40, 80]
        );
        let c = Schedule::Chips;
        assert_eq!(
            [c.basic(300), c.basic(350), c.basic(400), c.basic(450)],
            [1, 2, 4, 6]
        );
        assert_eq!(c.value(400, Some(Suit::Spades)), 8);
        assert_eq!(c.value(400, Some(Suit::Hearts)), 12);
        assert_eq!(c.value(400, Some(Suit::Diamonds)), 4);
        let t = Schedule::Tens;
        assert_eq!([t.basic(350), t.basic(360), t.basic(370)], [5, 6, 7]);
        // No figure overflows, whatever a record bids.
        assert!(d.value(u32::MAX, Some(Suit::Spades)) > 0);
    }

    /// Seed 000, 000:401, 433–441: who pays whom.
    #[test]
    fn made_lost_conceded_forfeited() {
        let others: Vec<String> = ["M", "R"].map(String::from).to_vec();
        let chips = |bid, trump, ending| settle(Schedule::Customary, bid, trump, ending, "F", &others);
        let pairs = |v: &[(&str, i64)]| v.iter().map(|&(l, n)| (l.to_string(), n)).collect::<Vec<_>>();
        // 300 made: 3 from each opponent, the kitty out of it.
        assert_eq!(
            chips(300, Some(Suit::Hearts), Ending::Made),
            pairs(&[("F", 6), ("M", -3), ("R", -3), ("kitty", 0)])
        );
        // 350 in spades made: 10 from each opponent and from the kitty.
        assert_eq!(
            chips(350, Some(Suit::Spades), Ending::Made),
            pairs(&[("F", 30), ("M", -10), ("R", -10), ("kitty", -10)])
        );
        // 400 lost when played out: twice 10 to each, the kitty too.
        assert_eq!(
            chips(400, Some(Suit::Clubs), Ending::DoubleBete),
            pairs(&[("F", -60), ("M", 20), ("R", 20), ("kitty", 20)])
        );
        // 400 in spades conceded after the widow: the basic 10 to each.
        assert_eq!(
            chips(400, Some(Suit::Spades), Ending::SingleBete),
            pairs(&[("F", -30), ("M", 10), ("R", 10), ("kitty", 10)])
        );
        // The compulsory 300 forfeited unseen: 3 chips to the kitty, nothing to the others.
        assert_eq!(
            chips(300, None, Ending::Forfeit),
            pairs(&[("F", -3), ("M", 0), ("R", 0), ("kitty", 3)])
        );
        // The inactive players settle too (000:401).
        let five: Vec<String> = ["M", "R", "D", "I"].map(String::from).to_vec();
        let s = settle(
            Schedule::Customary,
            500,
            Some(Suit::Diamonds),
            Ending::Made,
            "F",
            &five,
        );
        assert_eq!(s[0], ("F".to_string(), 100));
        for ending in [
            Ending::Made,
            Ending::Conceded,
            Ending::DoubleBete,
            Ending::SingleBete,
            Ending::Forfeit,
        ] {
            for bid in [250, 300, 350, 600] {
                let s = settle(Schedule::Chips, bid, Some(Suit::Hearts), ending, "F", &five);
                assert_eq!(s.iter().map(|(_, n)| n).sum::<i64>(), 0, "{ending:?} {bid}");
            }
        }
    }
}
