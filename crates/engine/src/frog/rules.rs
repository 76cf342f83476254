//! The profile of Frog and its games (`spec/rules/frog.md`): seed `001_be26129d5ddb0b06.txt`,
//! "FROG" (lines 594–616).

use cards::Suit;

/// The three games a player may offer, lowest first (001:604–614).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    /// Hearts trumps; the widow taken, three laid away for the player (001:606); 1 a point.
    Frog,
    /// Any suit but hearts; the widow untouched but counting for him (001:612); 2 a point.
    Chico,
    /// Hearts trumps; the widow untouched until the play ends (001:614); 4 a point.
    Grand,
}

impl Game {
    /// The game a word names.
    pub fn from_word(w: &str) -> Option<Game> {
        match w.to_ascii_lowercase().as_str() {
            "frog" => Some(Game::Frog),
            "chico" => Some(Game::Chico),
            "grand" => Some(Game::Grand),
            _ => None,
        }
    }

    /// The canonical word.
    pub fn word(self) -> &'static str {
        match self {
            Game::Frog => "frog",
            Game::Chico => "chico",
            Game::Grand => "grand",
        }
    }

    /// Counters a point over or under 60.
    pub fn unit(self) -> i64 {
        match self {
            Game::Frog => 1,
            Game::Chico => 2,
            Game::Grand => 4,
        }
    }

    /// The trump suit, when the game fixes it.
    pub fn fixed_trump(self) -> Option<Suit> {
        match self {
            Game::Frog | Game::Grand => Some(Suit::Hearts),
            Game::Chico => None,
        }
    }
}

/// The options of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Options {
    /// Players at the table, three to five; three play in each deal (001:598).
    pub table: [usize; 2],
    /// Cards in each hand (3 + 4 + 4, 001:602).
    pub hand: usize,
    /// Cards in the widow.
    pub widow: usize,
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

/// Every profile; the first is the default.
pub fn all() -> &'static [Profile] {
    static ALL: [Profile; 1] = [Profile {
        name: "foster-1897",
        description: "Frog, Chico and Grand, three active of three to five, 36 cards",
        source: "seed 001, Frog",
        options: Options {
            table: [3, 5],
            hand: 11,
            widow: 3,
        },
    }];
    &ALL
}

/// The profile named `name`.
pub fn by_name(name: &str) -> Option<&'static Profile> {
    all().iter().find(|p| p.name == name)
}
