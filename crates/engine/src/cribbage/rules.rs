//! The named profiles of Cribbage and their options (`spec/rules/cribbage.md`).
//!
//! Seed `001_be26129d5ddb0b06.txt` describes the six-card game for two (lines 618–724) and
//! names the five-card game and the games for three and four (lines 622, 649); it breaks off
//! before the method of play. What it does not give is taken from the common rules, and every
//! such choice is written in the rules document.

/// The options of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Options {
    /// Players at the table (two, three, or four in two partnerships across).
    pub seats: usize,
    /// Whether the four play as two partnerships (`NS`, `EW`).
    pub partnerships: bool,
    /// Cards dealt to each player (six, or five, 001:622, 655).
    pub dealt: usize,
    /// Cards each player lays out for the crib (001:661).
    pub discard: usize,
    /// Cards dealt from the pack to the crib (three players, common rule).
    pub crib_from_pack: usize,
    /// The points that win the game (61, 001:626), reached the moment they are pegged.
    pub game: u32,
    /// A loser at or below this score is lurched: the game counts two (001:630, X57).
    pub lurch: u32,
    /// Whether the play stops at the first go or 31, the cards left unplayed (five-card game,
    /// common rule).
    pub one_series: bool,
    /// Points the pone pegs before the first deal of a game ("three for last", five-card
    /// game, common rule); the engine adds them when the record has no `Standing`.
    pub pone_start: u32,
    /// The penalty of the seed's irregularities (001:659–665): points to the adversary.
    pub penalty: u32,
}

impl Options {
    /// Cards each hand keeps for the play and the show.
    pub fn kept(&self) -> usize {
        self.dealt.saturating_sub(self.discard)
    }

    /// Cards in the crib.
    pub fn crib(&self) -> usize {
        self.discard * self.seats + self.crib_from_pack
    }
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

const SIX_CARD: Options = Options {
    seats: 2,
    partnerships: false,
    dealt: 6,
    discard: 2,
    crib_from_pack: 0,
    game: 61,
    lurch: 30,
    one_series: false,
    pone_start: 0,
    penalty: 2,
};

/// Every profile, in listing order; the first is the default.
pub fn all() -> &'static [Profile] {
    static ALL: [Profile; 5] = [
        Profile {
            name: "foster-1897-six-card",
            description: "Six-card Cribbage for two, game 61 (the method of play by the common rules)",
            source: "seed 001, Cribbage",
            options: SIX_CARD,
        },
        Profile {
            name: "six-card-121",
            description: "Six-card Cribbage for two to 121, lurched at 90 or less (common rules)",
            source: "seed 001, Cribbage; the common rules for the game of 121",
            options: Options {
                game: 121,
                lurch: 90,
                ..SIX_CARD
            },
        },
        Profile {
            name: "foster-1897-five-card",
            description: "Five-card Cribbage for two: three kept, one series of play, three for last",
            source: "seed 001, Cribbage (named, 001:622); the common rules",
            options: Options {
                dealt: 5,
                one_series: true,
                pone_start: 3,
                ..SIX_CARD
            },
        },
        Profile {
            name: "foster-1897-three",
            description: "Three players each for himself: five each, one each and one from the pack to the crib",
            source: "seed 001, Cribbage (named, 001:649); the common rules",
            options: Options {
                seats: 3,
                dealt: 5,
                discard: 1,
                crib_from_pack: 1,
                ..SIX_CARD
            },
        },
        Profile {
            name: "foster-1897-four",
            description: "Four players, partners across: five each, one each to the crib",
            source: "seed 001, Cribbage (named, 001:649); the common rules",
            options: Options {
                seats: 4,
                partnerships: true,
                dealt: 5,
                discard: 1,
                ..SIX_CARD
            },
        },
    ];
    &ALL
}

/// The profile named `name`.
pub fn by_name(name: &str) -> Option<&'static Profile> {
    all().iter().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_profile_keeps_four_cards_or_three_and_fills_a_crib_of_four() {
        for p in all() {
            let o = p.options;
            assert!(o.kept() == 4 || (o.kept() == 3 && o.dealt == 5), "{}", p.name);
            assert_eq!(o.crib(), 4, "{}", p.name);
            assert!(o.seats * o.dealt + o.crib_from_pack < 52);
        }
    }
}
