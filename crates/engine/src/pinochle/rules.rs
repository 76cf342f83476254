//! The named profiles of the Pinochle family and their options (`spec/rules/pinochle.md`).
//!
//! A profile is data: the games differ in their pack, their table, how they deal, bid and
//! meld, the duties of play and the counting, never in code paths of their own.

use cards::{Pack, Rank};

use crate::core::duties::{Duties, Head, Overtrump};
use crate::pinochle::meld::MeldTable;
use crate::pinochle::settle::Schedule;

/// How a deal reaches the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Two players, a turned trump card and a stock; melds one at a time by a trick's winner.
    TwoHand,
    /// Four in partnerships, the last card turned for trump, the dix exchange, melds at once.
    Partnership,
    /// Four in partnerships, an auction for the trump, melds at once.
    Auction,
}

/// The card values of a counting scheme, with the last trick's bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Counters {
    /// Ace 11, ten 10, king 4, queen 3, jack 2 (seed 000, 000:28–38; seed 002, 002:90).
    #[serde(rename = "11-10-4-3-2")]
    Traditional,
    /// Aces and tens 10, kings and queens 5 (seed 000, 000:147).
    #[serde(rename = "10-10-5-5")]
    Fives,
    /// Aces, tens and kings 10 (seed 000, 000:147; seed 002, 002:62).
    #[serde(rename = "10-10-10")]
    Tens,
    /// Aces, tens and kings 1 (seed 002's double-deck game, 002:84).
    #[serde(rename = "1-1-1")]
    Ones,
    /// Aces and tens 10 each, the brisques of Bezique (seed 000, 000:547).
    #[serde(rename = "10-10")]
    Brisques,
    /// No card counts (Six-Pack Bezique: "No points are scored for cards won in tricks",
    /// seed 000, 000:667).
    #[serde(rename = "none")]
    Nothing,
}

impl Counters {
    /// The scheme's value of a card.
    pub fn value(self, rank: Rank) -> u32 {
        match (self, rank) {
            (Counters::Ones, Rank::Ace | Rank::Ten | Rank::King) => 1,
            (Counters::Brisques, Rank::Ace | Rank::Ten) => 10,
            (Counters::Brisques | Counters::Nothing, _) => 0,
            (_, Rank::Ace) => match self {
                Counters::Traditional => 11,
                _ => 10,
            },
            (_, Rank::Ten) => 10,
            (Counters::Traditional, Rank::King) => 4,
            (Counters::Traditional, Rank::Queen) => 3,
            (Counters::Traditional, Rank::Jack) => 2,
            (Counters::Fives, Rank::King | Rank::Queen) => 5,
            (Counters::Tens, Rank::King) => 10,
            _ => 0,
        }
    }

    /// The option's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Counters::Traditional => "11-10-4-3-2",
            Counters::Fives => "10-10-5-5",
            Counters::Tens => "10-10-10",
            Counters::Ones => "1-1-1",
            Counters::Brisques => "10-10",
            Counters::Nothing => "none",
        }
    }

    fn from_name(s: &str) -> Option<Counters> {
        [
            Counters::Traditional,
            Counters::Fives,
            Counters::Tens,
            Counters::Ones,
            Counters::Brisques,
        ]
        .into_iter()
        .find(|c| c.name() == s)
    }
}

/// What happens when all four pass (seed 002, 002:41).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PassedOut {
    /// The player at the dealer's left must open: his first call may not be a pass.
    Forced,
    /// When the first three pass, the dealer must bid.
    Dealer,
    /// Four passes throw the deal in.
    Redeal,
}

/// When a player who declares out is counted (seed 000, Two-Hand Pinochle, 000:101–105).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DeclareOut {
    /// At once: the play stops and his tricks are counted (000:101).
    Immediate,
    /// When he next wins a trick; of two who declared, the first to win one (variation 1,
    /// 000:103).
    Trick,
    /// When he next wins a trick that he led (variation 2, 000:105).
    OwnLead,
}

impl DeclareOut {
    /// The option's spelling.
    pub fn name(self) -> &'static str {
        match self {
            DeclareOut::Immediate => "immediate",
            DeclareOut::Trick => "trick",
            DeclareOut::OwnLead => "own-lead",
        }
    }
}

/// Who leads the first trick of a partnership game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Lead {
    /// The player at the dealer's left (seed 000, 000:145, 159).
    DealerLeft,
    /// The high bidder (seed 002, 002:47).
    Bidder,
}

/// The options of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Options {
    /// How the deal reaches the play.
    pub format: Format,
    /// The pack.
    #[schemars(with = "String")]
    #[serde(serialize_with = "pack_name")]
    pub pack: Pack,
    /// Cards dealt to each hand.
    pub hand: usize,
    /// The meld table.
    pub melds: MeldTable,
    /// The duties of play once the stock is gone (the whole game without a stock).
    pub duties: Duties,
    /// The counting scheme.
    pub counters: Counters,
    /// The last trick's bonus.
    pub last_trick: u32,
    /// Whether each player's card total is rounded to tens, 7 and more up (seed 000, 000:95).
    pub round: bool,
    /// The lowest bid.
    pub minimum: u32,
    /// The steps of bidding.
    pub step: u32,
    /// A passed-out auction.
    pub passed_out: PassedOut,
    /// Who leads the first trick (partnership games).
    pub lead: Lead,
    /// Whether the bidder's partner and the bidder pass four cards each (seed 002, 002:43).
    pub pass_four: bool,
    /// Whether a set side keeps its meld (seed 002, 002:78).
    pub set_keeps_meld: bool,
    /// The game's target.
    pub game: u32,
    /// Seats at the table (two, three, four, six or eight).
    pub seats: usize,
    /// Cards in the widow the bidder takes (three-hand auction).
    pub widow: usize,
    /// Cards the bidder buries (three-hand auction); they count for his tricks.
    pub bury: usize,
    /// Whether each player has exactly one call, a bid or a pass (seed 000, Firehouse
    /// Pinochle, 000:209).
    pub one_call: bool,
    /// Whether a bid needs a marriage in the bidder's hand, but for the dealer's forced bid at
    /// the minimum (seed 000, Check Pinochle, 000:215).
    pub bid_needs_marriage: bool,
    /// Whether the deal's check awards are counted (seed 000, Check Pinochle, 000:221–227).
    pub checks: bool,
    /// The unit schedule a deal is settled by, every deal a game of its own (seed 000,
    /// Auction Pinochle, 000:399–431); `None` where deals add up to a target.
    pub schedule: Option<Schedule>,
    /// People at the table, the inactive ones included (seed 000, 000:349: three to five,
    /// three of them active).
    pub players: usize,
    /// Whether the buried cards count as a trick, so that the bidder's meld always stands
    /// (seed 000, Auction Pinochle, 000:395).
    pub bury_is_trick: bool,
    /// Whether calls may announce meld, a flush or a long suit, some of them deemed bids
    /// (seed 000, Double-Pack Pinochle, 000:253–255).
    pub announcements: bool,
    /// Whether a side's meld needs a trick with counters in it, the last trick counting
    /// (seed 000, Double-Pack Pinochle, 000:311–312); otherwise any trick.
    pub scoring_trick: bool,
    /// Whether only the bidder melds and scores, the defenders scoring nothing (the
    /// three-hand auctions: seed 002, 002:88; seed 000, 000:395); otherwise each player or
    /// side scores what it makes.
    pub lone_bidder: bool,
    /// Whether the bidder may forfeit or concede and the opponents concede before the first
    /// lead (seed 000, 000:433–439).
    pub concessions: bool,
    /// Whether the bidder keeps one card of the widow and gives one to each other player
    /// (seed 000, Partnership Auction Pinochle, The Widow, 000:163).
    pub widow_gives: bool,
    /// Whether a player may declare out during the play, and when he is then counted (the
    /// USPC two-hand games, 000:101–105); `None` where the engine does not check it.
    pub declare_out: Option<DeclareOut>,
}

fn pack_name<S: serde::Serializer>(pack: &Pack, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{} cards", pack.len()))
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

/// Two-hand play after the stock (seed 000, 000:91): follow, beat a trump lead, trump when void.
const USPC_PLAYOFF: Duties = Duties {
    follow: true,
    head: Head::TrumpLead,
    trump_when_void: true,
    overtrump: Overtrump::Never,
    over_partner: true,
};

const USPC_TWO_HAND: Options = Options {
    format: Format::TwoHand,
    pack: Pack::Pinochle48,
    hand: 12,
    melds: MeldTable::USPC_TWO_HAND,
    duties: USPC_PLAYOFF,
    counters: Counters::Traditional,
    last_trick: 10,
    round: true,
    minimum: 0,
    step: 0,
    passed_out: PassedOut::Redeal,
    lead: Lead::DealerLeft,
    pass_four: false,
    set_keeps_meld: false,
    game: 1000,
    seats: 2,
    widow: 0,
    bury: 0,
    one_call: false,
    bid_needs_marriage: false,
    checks: false,
    schedule: None,
    players: 2,
    concessions: false,
    bury_is_trick: false,
    announcements: false,
    scoring_trick: false,
    lone_bidder: false,
    widow_gives: false,
    declare_out: Some(DeclareOut::Immediate),
};

/// The old three-hand game (seed 000, 000:107–109): the two-hand game in rotation, "usually
/// with a 64-card pack", 12 cards each, game 1,000 (spec/rules/pinochle.md §2a).
const USPC_THREE_HAND: Options = Options {
    pack: Pack::Pinochle64,
    seats: 3,
    players: 3,
    melds: MeldTable {
        dix_rank: Rank::Seven,
        ..MeldTable::USPC_TWO_HAND
    },
    ..USPC_TWO_HAND
};

/// Partnership play (seed 000, 000:145): follow; else trump; on a trump lead beat the highest
/// card so far, a partner's too; no overtrumping on a plain lead.
const USPC_PARTNERSHIP_PLAY: Duties = USPC_PLAYOFF;

const USPC_PARTNERSHIP: Options = Options {
    format: Format::Partnership,
    seats: 4,
    players: 4,
    melds: MeldTable::USPC_PARTNERSHIP,
    duties: USPC_PARTNERSHIP_PLAY,
    round: false,
    declare_out: None,
    ..USPC_TWO_HAND
};

/// Every profile, in listing order.
pub fn all() -> &'static [Profile] {
    static ALL: [Profile; 20] = [
        Profile {
            name: "uspc-two-hand",
            description: "Two-hand Pinochle, 48 cards: the stock, one meld a turn, the playoff, rounded counting",
            source: "seed 000 (USPC), Pinochle, Two-Hand Pinochle",
            options: USPC_TWO_HAND,
        },
        Profile {
            name: "uspc-two-hand-64",
            description: "Two-hand Pinochle with the 64-card pack: 16 cards each, the dix is the seven",
            source: "seed 000 (USPC), Pinochle, Two-Hand Pinochle (the 64-card pack)",
            options: Options {
                pack: Pack::Pinochle64,
                hand: 16,
                melds: MeldTable {
                    dix_rank: Rank::Seven,
                    ..MeldTable::USPC_TWO_HAND
                },
                ..USPC_TWO_HAND
            },
        },
        Profile {
            name: "uspc-three-hand",
            description: "The old three-hand Pinochle: the two-hand game in rotation, 64 cards, 12 each, the stock drawn three at a time",
            source: "seed 000 (USPC), Pinochle, Three-Hand Pinochle",
            options: USPC_THREE_HAND,
        },
        Profile {
            name: "two-hand",
            description: "Seed 002's two-handed Pinochle: the stock, then strict follow, beat and trump; 10 per counter",
            source: "seed 002, Variants, Two-handed Pinochle",
            options: Options {
                duties: Duties {
                    head: Head::EveryLead,
                    ..USPC_PLAYOFF
                },
                counters: Counters::Tens,
                round: false,
                declare_out: None,
                ..USPC_TWO_HAND
            },
        },
        Profile {
            name: "uspc-partnership",
            description: "Partnership Pinochle: the last card turned, the dix exchange, melds at once, meld needs a trick",
            source: "seed 000 (USPC), Pinochle, Partnership Pinochle",
            // Any player may claim the game for his side (000:149), as in the two-hand
            // game; the auction forms have no declaring out (000:161).
            options: Options {
                declare_out: Some(DeclareOut::Immediate),
                ..USPC_PARTNERSHIP
            },
        },
        Profile {
            name: "uspc-partnership-auction",
            description: "Partnership auction Pinochle: bids from 100 in tens, the dealer's left leads, set loses the bid",
            source: "seed 000 (USPC), Pinochle, Partnership Auction Pinochle",
            options: Options {
                format: Format::Auction,
                minimum: 100,
                step: 10,
                ..USPC_PARTNERSHIP
            },
        },
        Profile {
            name: "uspc-partnership-auction-widow",
            description: "Partnership auction Pinochle with the widow: 11 each and a widow of 4; the bidder keeps one and gives one to each other player",
            source: "seed 000 (USPC), Pinochle, Partnership Auction Pinochle, The Widow",
            options: Options {
                format: Format::Auction,
                minimum: 100,
                step: 10,
                hand: 11,
                widow: 4,
                widow_gives: true,
                ..USPC_PARTNERSHIP
            },
        },
        Profile {
            name: "partnership-auction",
            description: "Single-deck partnership auction Pinochle: bids from 250, the bidder leads, strict play",
            source: "seed 002, Setup, Play, Goal & scoring",
            options: Options {
                format: Format::Auction,
                melds: MeldTable::SEED_002,
                duties: Duties::STRICT,
                counters: Counters::Tens,
                minimum: 250,
                step: 10,
                passed_out: PassedOut::Forced,
                lead: Lead::Bidder,
                ..USPC_PARTNERSHIP
            },
        },
        Profile {
            name: "partnership-auction-double-deck",
            description: "Seed 002's double-deck partnership Pinochle: 80 cards, 20 each, bids from 50, a tenth of the meld values, 50 in tricks",
            source: "seed 002, Variants, Double-deck partnership Pinochle",
            options: Options {
                format: Format::Auction,
                pack: Pack::DoubleDeck80,
                hand: 20,
                melds: MeldTable::SEED_002_DOUBLE_DECK,
                duties: Duties::STRICT,
                counters: Counters::Ones,
                last_trick: 2,
                minimum: 50,
                step: 1,
                passed_out: PassedOut::Forced,
                lead: Lead::Bidder,
                game: 500,
                ..USPC_PARTNERSHIP
            },
        },
        Profile {
            name: "uspc-firehouse",
            description: "Firehouse Pinochle: partnership auction with one call each, bids from 200, the bidder leads",
            source: "seed 000 (USPC), Pinochle, Firehouse Pinochle",
            options: Options {
                format: Format::Auction,
                minimum: 200,
                step: 10,
                one_call: true,
                passed_out: PassedOut::Redeal,
                lead: Lead::Bidder,
                ..USPC_PARTNERSHIP
            },
        },
        Profile {
            name: "uspc-check",
            description: "Check Pinochle: partnership auction from 200, a marriage to bid, the dealer forced, check awards",
            source: "seed 000 (USPC), Pinochle, Check Pinochle",
            options: Options {
                format: Format::Auction,
                minimum: 200,
                step: 10,
                bid_needs_marriage: true,
                passed_out: PassedOut::Dealer,
                lead: Lead::Bidder,
                checks: true,
                ..USPC_PARTNERSHIP
            },
        },
        Profile {
            name: "three-hand-auction",
            description: "Seed 002's three-handed auction Pinochle: 15 each and a widow of 3, bids from 300, the bidder buries 3 and plays alone",
            source: "seed 002, Variants, Three-handed Auction Pinochle",
            options: Options {
                format: Format::Auction,
                seats: 3,
                players: 3,
                hand: 15,
                widow: 3,
                bury: 3,
                lone_bidder: true,
                melds: MeldTable::SEED_002,
                duties: Duties::STRICT,
                counters: Counters::Tens,
                minimum: 300,
                step: 10,
                passed_out: PassedOut::Redeal,
                lead: Lead::Bidder,
                ..USPC_PARTNERSHIP
            },
        },
        Profile {
            name: "uspc-auction",
            description: "Auction Pinochle: three active of three to five, 15 each and a widow of 3, bids from 300, the bidder melds and buries 3, settled in units",
            source: "seed 000 (USPC), Pinochle, Auction Pinochle",
            options: USPC_AUCTION,
        },
        Profile {
            name: "uspc-double-pack",
            description: "Double-Pack Pinochle: 80 cards, 20 each, bids from 500 with meld announcements as deemed bids, 500 in cards, game 3,550",
            source: "seed 000 (USPC), Pinochle, Double-Pack Pinochle",
            options: USPC_DOUBLE_PACK,
        },
        Profile {
            name: "uspc-three-hand-double-pack",
            description: "Three-hand Double-Pack Pinochle: 80 cards, 25 each and a widow of 5 (or 26 and 2), the dealer forced to 500, all meld, game 4,550",
            source: "seed 000 (USPC), Pinochle, Three-Hand Double-Pack Pinochle",
            options: USPC_THREE_HAND_DOUBLE_PACK,
        },
        Profile {
            name: "uspc-six-hand-triple-pack",
            description: "Six-hand Triple-Pack Pinochle: 120 cards, two sides of three alternating, 20 each, bids from 750, last trick 30, game 4,550",
            source: "seed 000 (USPC), Pinochle, Six-Hand Triple-Pack Pinochle",
            options: USPC_SIX_HAND_TRIPLE_PACK,
        },
        Profile {
            name: "uspc-six",
            description: "Partnership Pinochle for six: 96 cards, two sides of three alternating, 16 each, the last card turned, the six- and eight-hand multiples",
            source: "seed 000 (USPC), Pinochle, Partnership Pinochle for Six or Eight",
            // Played as Partnership Pinochle (000:169), declaring out included.
            options: Options {
                declare_out: Some(DeclareOut::Immediate),
                ..USPC_SIX
            },
        },
        Profile {
            name: "uspc-eight",
            description: "Partnership Pinochle for eight: 96 cards, two sides of four alternating, 12 each, the last card turned, the six- and eight-hand multiples",
            source: "seed 000 (USPC), Pinochle, Partnership Pinochle for Six or Eight",
            // Played as Partnership Pinochle (000:169), declaring out included.
            options: Options {
                declare_out: Some(DeclareOut::Immediate),
                ..USPC_EIGHT
            },
        },
        Profile {
            name: "uspc-six-auction",
            description: "Partnership auction Pinochle for six: 96 cards, 16 each, bids from 100 in tens, the six- and eight-hand multiples",
            source: "seed 000 (USPC), Pinochle, Partnership Pinochle for Six or Eight (with Partnership Auction Pinochle)",
            options: Options {
                format: Format::Auction,
                minimum: 100,
                step: 10,
                ..USPC_SIX
            },
        },
        Profile {
            name: "uspc-eight-auction",
            description: "Partnership auction Pinochle for eight: 96 cards, 12 each, bids from 100 in tens, the six- and eight-hand multiples",
            source: "seed 000 (USPC), Pinochle, Partnership Pinochle for Six or Eight (with Partnership Auction Pinochle)",
            options: Options {
                format: Format::Auction,
                minimum: 100,
                step: 10,
                ..USPC_EIGHT
            },
        },
    ];
    &ALL
}

/// Partnership Pinochle for six (seed 000, 000:165–205; spec/rules/pinochle.md §5i): the
/// four-hand game's rules with the 96-card double pack, 16 each to two sides of three
/// sitting alternately, and the table of multiples.
const USPC_SIX: Options = Options {
    pack: Pack::DoubleDeck96,
    hand: 16,
    seats: 6,
    players: 6,
    melds: MeldTable::USPC_SIX_EIGHT,
    ..USPC_PARTNERSHIP
};

/// Partnership Pinochle for eight (seed 000, 000:165–205): as for six, 12 each to two sides
/// of four.
const USPC_EIGHT: Options = Options {
    hand: 12,
    seats: 8,
    players: 8,
    ..USPC_SIX
};

/// Six-hand Triple-Pack Pinochle (seed 000, 000:341–343; spec/rules/pinochle.md §5h).
const USPC_SIX_HAND_TRIPLE_PACK: Options = Options {
    seats: 6,
    players: 6,
    pack: Pack::TripleDeck120,
    melds: MeldTable::USPC_TRIPLE_PACK,
    minimum: 750,
    last_trick: 30,
    game: 4550,
    ..USPC_DOUBLE_PACK
};

/// Three-hand Double-Pack Pinochle (seed 000, 000:329–339; spec/rules/pinochle.md §5g).
const USPC_THREE_HAND_DOUBLE_PACK: Options = Options {
    seats: 3,
    players: 3,
    hand: 25,
    widow: 5,
    bury: 5,
    passed_out: PassedOut::Dealer,
    announcements: false,
    concessions: true,
    game: 4550,
    ..USPC_DOUBLE_PACK
};

/// Double-Pack Pinochle (seed 000, 000:237–327; spec/rules/pinochle.md §5f).
const USPC_DOUBLE_PACK: Options = Options {
    format: Format::Auction,
    pack: Pack::DoubleDeck80,
    hand: 20,
    melds: MeldTable::USPC_DOUBLE_PACK,
    counters: Counters::Tens,
    last_trick: 20,
    minimum: 500,
    step: 10,
    passed_out: PassedOut::Redeal,
    lead: Lead::Bidder,
    game: 3550,
    announcements: true,
    scoring_trick: true,
    ..USPC_PARTNERSHIP
};

/// Auction Pinochle (seed 000, 000:345–443): seed 002's three-hand auction (§5b) with the
/// USPC's melds, play and counting, and a settlement in units (spec/rules/pinochle.md §5e).
const USPC_AUCTION: Options = Options {
    format: Format::Auction,
    seats: 3,
    players: 3,
    hand: 15,
    widow: 3,
    bury: 3,
    lone_bidder: true,
    melds: MeldTable::USPC_TWO_HAND,
    duties: USPC_PLAYOFF,
    counters: Counters::Traditional,
    minimum: 300,
    step: 10,
    passed_out: PassedOut::Forced,
    lead: Lead::Bidder,
    round: false,
    declare_out: None,
    schedule: Some(Schedule::Customary),
    concessions: true,
    bury_is_trick: true,
    ..USPC_TWO_HAND
};

/// The profile with this name.
pub fn by_name(name: &str) -> Option<&'static Profile> {
    all().iter().find(|p| p.name == name)
}

/// Why an `Options` entry was not applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// The entry as written.
    pub entry: String,
    /// What the profile accepts.
    pub expected: &'static str,
}

/// The options of `base` changed by a record's `Options` tag (`pass 4, minimum 250, game
/// 1000, counters 10-10-10`); entries not understood are returned beside.
pub fn with_tag(base: Options, tag: &str) -> (Options, Vec<OptionError>) {
    let mut o = base;
    let mut errors = Vec::new();
    for entry in tag.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let mut words = entry.split_whitespace();
        let (name, value) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let number = value.parse::<u32>().ok();
        let auction = o.format == Format::Auction;
        let ok = match (name, value) {
            ("counters", v) => Counters::from_name(v).map(|c| o.counters = c).is_some(),
            ("minimum", _) if auction => number.map(|n| o.minimum = n).is_some(),
            ("game", _) => number.map(|n| o.game = n).is_some(),
            ("pass", "4") if auction => {
                o.pass_four = true;
                true
            }
            ("pass", "none") if auction => {
                o.pass_four = false;
                true
            }
            ("passed-out", v) if auction => match v {
                "forced" => Some(PassedOut::Forced),
                "dealer" => Some(PassedOut::Dealer),
                "redeal" => Some(PassedOut::Redeal),
                _ => None,
            }
            .map(|p| o.passed_out = p)
            .is_some(),
            ("overtrump", "required") => {
                o.duties.overtrump = Overtrump::Required;
                true
            }
            ("overtrump", "discard") => {
                o.duties.overtrump = Overtrump::DiscardWhenUnable;
                true
            }
            ("set", "lose-all") if auction => {
                o.set_keeps_meld = false;
                true
            }
            ("set", "keep-meld") if auction => {
                o.set_keeps_meld = true;
                true
            }
            ("play", "strict") if o.format != Format::TwoHand => {
                o.duties = base.duties;
                true
            }
            ("play", "win-every-trick") if o.format != Format::TwoHand => {
                o.duties = Duties::STRICT;
                true
            }
            ("lead", "bidder") if auction => {
                o.lead = Lead::Bidder;
                true
            }
            ("lead", "dealer-left") if o.format != Format::TwoHand => {
                o.lead = Lead::DealerLeft;
                true
            }
            ("widow", _) if o.bury > 0 && !o.lone_bidder => match number {
                // The two ways of dealing the three-hand double pack (000:333–335).
                Some(5) => {
                    (o.hand, o.widow, o.bury) = (25, 5, 5);
                    true
                }
                Some(2) => {
                    (o.hand, o.widow, o.bury) = (26, 2, 2);
                    true
                }
                _ => false,
            },
            ("declaring-out", v) if o.declare_out.is_some() => {
                [DeclareOut::Immediate, DeclareOut::Trick, DeclareOut::OwnLead]
                    .into_iter()
                    .find(|d| d.name() == v)
                    .map(|d| o.declare_out = Some(d))
                    .is_some()
            }
            ("announcements", "none") if o.announcements => {
                o.announcements = false;
                true
            }
            ("schedule", v) if o.schedule.is_some() => {
                Schedule::from_name(v).map(|x| o.schedule = Some(x)).is_some()
            }
            ("players", _) if o.schedule.is_some() => match number {
                Some(n @ 3..=5) => {
                    o.players = n as usize;
                    true
                }
                _ => false,
            },
            ("double-run", _) if o.melds.double_run.is_some() => match number {
                Some(1500) => {
                    o.melds.double_run = Some(1500);
                    true
                }
                Some(300) => {
                    o.melds.double_run = None;
                    true
                }
                _ => false,
            },
            _ => false,
        };
        if !ok {
            errors.push(OptionError {
                entry: entry.to_string(),
                expected: "counters, minimum, game, pass, passed-out, overtrump, set, play, lead, double-run, schedule, players, announcements, widow, declaring-out (spec/rules/pinochle.md §8)",
            });
        }
    }
    (o, errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Rank::*;

    /// Seed 000, 000:147 and seed 002, 002:62, 90: "In any of these methods, the winner of the
    /// last trick always scores 10 points, and the total points by cards are 250."
    #[test]
    fn every_counting_scheme_makes_250_with_the_last_trick() {
        for c in [Counters::Traditional, Counters::Fives, Counters::Tens] {
            let per_suit: u32 = [Ace, Ten, King, Queen, Jack, Nine]
                .iter()
                .map(|&r| c.value(r))
                .sum();
            assert_eq!(per_suit * 4 * 2 + 10, 250, "{}", c.name());
        }
    }

    /// Seed 002, 002:84: "Counters are the aces, tens and kings at 1 point each, 48 in total,
    /// plus 2 for the last trick, giving 50 points in tricks per hand."
    #[test]
    fn the_double_deck_counts_50() {
        let o = by_name("partnership-auction-double-deck")
            .expect("profile")
            .options;
        let cards: u32 = o.pack.cards().iter().map(|c| o.counters.value(c.rank)).sum();
        assert_eq!((cards, cards + o.last_trick), (48, 50));
        assert_eq!((o.hand * 4, o.minimum, o.game), (80, 50, 500));
    }

    /// Seed 000, 000:318–320: "Aces, tens, and kings score 10 points each or … aces and tens
    /// score 10 points each, kings and queens score 5 points each … the last trick counts 20.
    /// The total to be won in cards is 500." Game is 3,550 (000:325).
    #[test]
    fn the_double_pack_counts_500_either_way() {
        let o = by_name("uspc-double-pack").expect("profile").options;
        for c in [Counters::Tens, Counters::Fives] {
            let cards: u32 = o.pack.cards().iter().map(|card| c.value(card.rank)).sum();
            assert_eq!(cards + o.last_trick, 500, "{}", c.name());
        }
        assert_eq!((o.pack.len(), o.hand, o.minimum, o.game), (80, 20, 500, 3550));
    }

    /// Seed 000, 000:343: 120 cards, 20 each to six, minimum 750, the last trick 30, game
    /// 4,550; both counting schemes then make 750 in cards.
    #[test]
    fn the_triple_pack_counts_750() {
        let o = by_name("uspc-six-hand-triple-pack").expect("profile").options;
        for c in [Counters::Tens, Counters::Fives] {
            let cards: u32 = o.pack.cards().iter().map(|card| c.value(card.rank)).sum();
            assert_eq!(cards + o.last_trick, 750, "{}", c.name());
        }
        assert_eq!(
            (o.pack.len(), o.seats * o.hand, o.minimum, o.game),
            (120, 120, 750, 4550)
        );
    }

    /// Seed 000, 000:167: "A double Pinochle pack (96 cards) is used … each player has 16
    /// cards in the six-hand game and 12 cards in the eight-hand game"; the four-hand rules
    /// follow (000:169), so the counters make 480 in cards and 10 for the last trick.
    #[test]
    fn the_six_and_eight_hand_games_deal_96() {
        for (name, seats, hand, format) in [
            ("uspc-six", 6, 16, Format::Partnership),
            ("uspc-eight", 8, 12, Format::Partnership),
            ("uspc-six-auction", 6, 16, Format::Auction),
            ("uspc-eight-auction", 8, 12, Format::Auction),
        ] {
            let o = by_name(name).expect("profile").options;
            assert_eq!(
                (o.pack.len(), o.seats, o.hand, o.format),
                (96, seats, hand, format),
                "{name}"
            );
            assert_eq!(o.seats * o.hand, 96);
            let cards: u32 = o.pack.cards().iter().map(|c| o.counters.value(c.rank)).sum();
            assert_eq!((cards + o.last_trick, o.game), (490, 1000));
            assert_eq!(o.melds, MeldTable::USPC_SIX_EIGHT);
        }
    }

    /// Seed 000, 000:163: "deal only 11 cards to each player with a widow of four cards …
    /// He then keeps one card and gives one card each … to the other players."
    #[test]
    fn the_partnership_widow_deals_11_and_4() {
        let o = by_name("uspc-partnership-auction-widow")
            .expect("profile")
            .options;
        assert_eq!(
            (o.seats, o.hand, o.widow, o.bury, o.widow_gives),
            (4, 11, 4, 0, true)
        );
        assert_eq!(o.seats * o.hand + o.widow, 48);
        let base = by_name("uspc-partnership-auction").expect("profile").options;
        assert_eq!(
            (o.minimum, o.step, o.lead, o.game),
            (base.minimum, base.step, base.lead, base.game)
        );
    }

    /// Seed 000, 000:333–337: 25 each and a widow of five, or 26 and two; game 4,550.
    #[test]
    fn the_three_hand_double_pack_deals_two_ways() {
        let o = by_name("uspc-three-hand-double-pack").expect("profile").options;
        assert_eq!(
            (o.seats * o.hand + o.widow, o.widow, o.bury, o.game),
            (80, 5, 5, 4550)
        );
        let (two, errors) = with_tag(o, "widow 2");
        assert!(errors.is_empty());
        assert_eq!(
            (two.seats * two.hand + two.widow, two.widow, two.bury),
            (80, 2, 2)
        );
        assert_eq!(o.passed_out, PassedOut::Dealer);
    }

    #[test]
    fn an_options_tag_changes_the_profile_s_choices() {
        let base = by_name("partnership-auction").expect("profile").options;
        let (o, errors) = with_tag(base, "pass 4, minimum 250, game 1000, counters 10-10-10");
        assert!(errors.is_empty(), "{errors:?}");
        assert!(o.pass_four && o.minimum == 250 && o.game == 1000);
        let (o, errors) = with_tag(base, "overtrump discard, set keep-meld, tempo 3");
        assert_eq!(o.duties.overtrump, Overtrump::DiscardWhenUnable);
        assert!(o.set_keeps_meld);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].entry, "tempo 3");
    }

    #[test]
    fn the_profiles_follow_their_seeds() {
        let two = by_name("uspc-two-hand").expect("profile").options;
        assert_eq!((two.hand, two.pack.len(), two.round), (12, 48, true));
        let sixty_four = by_name("uspc-two-hand-64").expect("profile").options;
        assert_eq!((sixty_four.hand, sixty_four.pack.len()), (16, 64));
        assert_eq!(sixty_four.melds.dix_rank, Seven);
        let uspc = by_name("uspc-partnership-auction").expect("profile").options;
        assert_eq!((uspc.minimum, uspc.lead), (100, Lead::DealerLeft));
        let s002 = by_name("partnership-auction").expect("profile").options;
        assert_eq!((s002.minimum, s002.lead), (250, Lead::Bidder));
        assert_eq!(s002.duties, Duties::STRICT);
    }
}
