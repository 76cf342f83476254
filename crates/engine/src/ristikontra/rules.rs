//! The named profiles of Ristikontra and their options (`spec/rules/ristikontra.md`).
//!
//! Seed `003_248397d116e2acb0.reordered.txt` ("003r") gives the basic game (lines 58–66) and
//! six variations (lines 90–101); each variation is an option, set by a profile or by the
//! record's `Options` tag.

use cards::Rank;

/// The card-point count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub enum Count {
    /// Ace 11, ten 10, king 4, queen 3, jack 2: 120 in the pack, 61 to win (003r:58–59).
    #[serde(rename = "11-10-4-3-2")]
    AceTen,
    /// Ace 5, king 4, queen 3, jack 2, ten 1: 60 in the pack, 31 to win (003r:90).
    #[serde(rename = "5-4-3-2-1")]
    Fives,
}

impl Count {
    /// A card's points.
    pub fn value(self, rank: Rank) -> u32 {
        match (self, rank) {
            (Count::AceTen, Rank::Ace) => 11,
            (Count::AceTen, Rank::Ten) => 10,
            (Count::Fives, Rank::Ace) => 5,
            (Count::Fives, Rank::Ten) => 1,
            (_, Rank::King) => 4,
            (_, Rank::Queen) => 3,
            (_, Rank::Jack) => 2,
            _ => 0,
        }
    }

    /// The points in the pack.
    pub fn total(self) -> u32 {
        match self {
            Count::AceTen => 120,
            Count::Fives => 60,
        }
    }

    /// The points that win: more than half.
    pub fn to_win(self) -> u32 {
        self.total() / 2 + 1
    }

    fn name(self) -> &'static str {
        match self {
            Count::AceTen => "11-10-4-3-2",
            Count::Fives => "5-4-3-2-1",
        }
    }
}

/// The options of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Options {
    /// The card-point count.
    pub count: Count,
    /// Cards in each hand (6, 003r:60; 5, 003r:97).
    pub hand: usize,
    /// Whether a tie in card points is broken by the number of tricks (003r:92).
    pub tie_by_tricks: bool,
    /// Whether a player may not lead one rank to four consecutive tricks he leads (003r:93).
    pub lead_limit: bool,
    /// Whether the winner of a trick taken with a hand card may spice it (003r:94–96).
    pub spice: bool,
    /// Whether a side that took a queen while the stock lasted must clean (003r:98–101).
    pub clean: bool,
}

/// A named profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The `Rules` tag value.
    pub name: &'static str,
    /// One line on it.
    pub description: &'static str,
    /// The rule text it follows.
    pub source: &'static str,
    /// Its options.
    pub options: Options,
}

const BASE: Options = Options {
    count: Count::AceTen,
    hand: 6,
    tie_by_tricks: false,
    lead_limit: false,
    spice: false,
    clean: false,
};

/// Every profile, in listing order; the first is the default.
pub fn all() -> &'static [Profile] {
    static ALL: [Profile; 3] = [
        Profile {
            name: "wikipedia-003",
            description: "The basic game: six each and the stock, 11-10-4-3-2, 61 of 120 wins",
            source: "seed 003 (reordered copy), Basic rules",
            options: BASE,
        },
        Profile {
            name: "wikipedia-003-sixty",
            description: "The 5-4-3-2-1 count, 31 of 60 wins, ties broken by tricks",
            source: "seed 003 (reordered copy), Variations (003r:90, 92)",
            options: Options {
                count: Count::Fives,
                tie_by_tricks: true,
                ..BASE
            },
        },
        Profile {
            name: "wikipedia-003-variations",
            description: "Hands of five, the lead limit, spice, cleaning, ties broken by tricks",
            source: "seed 003 (reordered copy), Variations (003r:92-101)",
            options: Options {
                hand: 5,
                tie_by_tricks: true,
                lead_limit: true,
                spice: true,
                clean: true,
                ..BASE
            },
        },
    ];
    &ALL
}

/// The profile named `name`.
pub fn by_name(name: &str) -> Option<&'static Profile> {
    all().iter().find(|p| p.name == name)
}

/// An `Options` entry that is not one of the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// The entry as written.
    pub entry: String,
}

/// The options of `base` changed by an `Options` tag: `spice`, `clean`, `lead-limit`,
/// `tie tricks`, `hand 5`, `count 5-4-3-2-1` (each also `no-spice` … to turn it off).
pub fn with_tag(base: Options, tag: &str) -> (Options, Vec<OptionError>) {
    let mut o = base;
    let mut errors = Vec::new();
    for entry in tag.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let mut words = entry.split_whitespace();
        let (name, value) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let ok = match (name, value) {
            ("spice", "") => {
                o.spice = true;
                true
            }
            ("clean", "") => {
                o.clean = true;
                true
            }
            ("lead-limit", "") => {
                o.lead_limit = true;
                true
            }
            ("tie", "tricks") => {
                o.tie_by_tricks = true;
                true
            }
            ("hand", "5") => {
                o.hand = 5;
                true
            }
            ("hand", "6") => {
                o.hand = 6;
                true
            }
            ("count", v) => [Count::AceTen, Count::Fives]
                .into_iter()
                .find(|c| c.name() == v)
                .map(|c| o.count = c)
                .is_some(),
            _ => false,
        };
        if !ok {
            errors.push(OptionError {
                entry: entry.to_string(),
            });
        }
    }
    (o, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 003r:58–59: 120 card points, 61 to win; 003r:90: 60 points, 31 to win.
    #[test]
    fn the_counts_total_120_and_60() {
        for (count, total, win) in [(Count::AceTen, 120, 61), (Count::Fives, 60, 31)] {
            let sum: u32 = Rank::ALL.iter().map(|&r| count.value(r) * 4).sum();
            assert_eq!(sum, total);
            assert_eq!(count.total(), total);
            assert_eq!(count.to_win(), win);
        }
    }

    #[test]
    fn the_options_tag_sets_each_variation() {
        let (o, e) = with_tag(
            BASE,
            "spice, clean, lead-limit, tie tricks, hand 5, count 5-4-3-2-1, bogus",
        );
        assert!(o.spice && o.clean && o.lead_limit && o.tie_by_tricks);
        assert_eq!(o.hand, 5);
        assert_eq!(o.count, Count::Fives);
        assert_eq!(e.len(), 1);
    }
}
