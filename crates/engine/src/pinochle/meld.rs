//! The meld calculator: what a hand melds under a profile's table, and the check of one meld
//! as a record writes it.
//!
//! Two ways of melding share these kinds. The games that meld at once (partnership and
//! auction Pinochle) count every combination a hand holds, with the table's own value for a
//! double combination ([`meld_hand`]); two-hand Pinochle melds one combination a turn, whose
//! cards must form exactly its kind ([`shape`]). The verifier, `stich meld` and a
//! score-keeper's program all call these functions, so a meld is valued in one place.

use cards::{Card, Rank, Suit};

use crate::core::CardCounts;

/// A kind of meld, by the word a record writes for it.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum MeldKind {
    /// A 10 K Q J of trump (seed 002's "run", seed 000's "flush").
    Run,
    /// Both runs of trump.
    DoubleRun,
    /// K Q of trump.
    Royal,
    /// K Q of a plain suit.
    Marriage,
    /// The lowest trump (the nine, or the seven in the 64-card pack).
    Dix,
    /// ♠Q ♦J.
    Pinochle,
    /// Both ♠Q and both ♦J.
    DoublePinochle,
    /// One ace of each suit.
    Aces,
    /// One king of each suit.
    Kings,
    /// One queen of each suit.
    Queens,
    /// One jack of each suit.
    Jacks,
    /// Two aces of each suit.
    DoubleAces,
    /// Two kings of each suit.
    DoubleKings,
    /// Two queens of each suit.
    DoubleQueens,
    /// Two jacks of each suit.
    DoubleJacks,
    /// Three aces of each suit (seed 000's double pack, 000:277).
    TripleAces,
    /// Three kings of each suit.
    TripleKings,
    /// Three queens of each suit.
    TripleQueens,
    /// Three jacks of each suit.
    TripleJacks,
    /// Three ♠Q and three ♦J (000:305).
    TriplePinochle,
    /// Four ♠Q and four ♦J (000:307).
    QuadruplePinochle,
    /// Five ♠Q and five ♦J (the triple pack, 000:343).
    QuintuplePinochle,
    /// All six ♠Q and ♦J of the triple pack (000:343).
    SextuplePinochle,
    /// A 10 K Q J of a plain suit (Rubicon Bezique's "back door", 000:710; Six-Pack's
    /// sequence in any other suit, 000:619).
    BackDoor,
    /// Three runs of trump (the six- and eight-hand game, 000:203).
    TripleRun,
    /// Two kings and two queens of one suit (000:181).
    DoubleMarriage,
    /// Three kings and three queens of one suit (000:189).
    TripleMarriage,
    /// Four kings and four queens of one suit (000:193).
    QuadrupleMarriage,
    /// Fifteen (or all sixteen) aces of the double pack (000:205).
    FifteenAces,
    /// Fifteen (or all sixteen) kings.
    FifteenKings,
    /// Fifteen (or all sixteen) queens.
    FifteenQueens,
    /// Fifteen (or all sixteen) jacks.
    FifteenJacks,
    /// Four (Eight-Pack: five) aces of trumps (Six-Pack Bezique, 000:649; 000:700).
    TrumpAces,
    /// Four (five) tens of trumps (000:651).
    TrumpTens,
    /// Four (five) kings of trumps (000:653).
    TrumpKings,
    /// Four (five) queens of trumps (000:655).
    TrumpQueens,
    /// Four (five) jacks of trumps (000:657).
    TrumpJacks,
}

/// The classes of seed 000's two-hand table (000:43–69): a card on the table melds again
/// only in another class or in a higher meld of its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
pub enum Class {
    /// Sequences, marriages and the dix.
    A,
    /// The four of a rank.
    B,
    /// The pinochle.
    C,
}

impl MeldKind {
    /// Every kind, in the order melds are listed.
    pub const ALL: [MeldKind; 37] = [
        MeldKind::DoubleRun,
        MeldKind::Run,
        MeldKind::Royal,
        MeldKind::Marriage,
        MeldKind::Dix,
        MeldKind::TripleAces,
        MeldKind::DoubleAces,
        MeldKind::Aces,
        MeldKind::TripleKings,
        MeldKind::DoubleKings,
        MeldKind::Kings,
        MeldKind::TripleQueens,
        MeldKind::DoubleQueens,
        MeldKind::Queens,
        MeldKind::TripleJacks,
        MeldKind::DoubleJacks,
        MeldKind::Jacks,
        MeldKind::SextuplePinochle,
        MeldKind::QuintuplePinochle,
        MeldKind::QuadruplePinochle,
        MeldKind::TriplePinochle,
        MeldKind::DoublePinochle,
        MeldKind::Pinochle,
        MeldKind::BackDoor,
        MeldKind::TripleRun,
        MeldKind::QuadrupleMarriage,
        MeldKind::TripleMarriage,
        MeldKind::DoubleMarriage,
        MeldKind::FifteenAces,
        MeldKind::FifteenKings,
        MeldKind::FifteenQueens,
        MeldKind::FifteenJacks,
        MeldKind::TrumpAces,
        MeldKind::TrumpTens,
        MeldKind::TrumpKings,
        MeldKind::TrumpQueens,
        MeldKind::TrumpJacks,
    ];

    /// The canonical word.
    pub fn word(self) -> &'static str {
        match self {
            MeldKind::Run => "run",
            MeldKind::DoubleRun => "double-run",
            MeldKind::Royal => "royal",
            MeldKind::Marriage => "marriage",
            MeldKind::Dix => "dix",
            MeldKind::Pinochle => "pinochle",
            MeldKind::DoublePinochle => "double-pinochle",
            MeldKind::Aces => "aces",
            MeldKind::Kings => "kings",
            MeldKind::Queens => "queens",
            MeldKind::Jacks => "jacks",
            MeldKind::DoubleAces => "double-aces",
            MeldKind::DoubleKings => "double-kings",
            MeldKind::DoubleQueens => "double-queens",
            MeldKind::DoubleJacks => "double-jacks",
            MeldKind::TripleAces => "triple-aces",
            MeldKind::TripleKings => "triple-kings",
            MeldKind::TripleQueens => "triple-queens",
            MeldKind::TripleJacks => "triple-jacks",
            MeldKind::TriplePinochle => "triple-pinochle",
            MeldKind::QuadruplePinochle => "quadruple-pinochle",
            MeldKind::QuintuplePinochle => "quintuple-pinochle",
            MeldKind::SextuplePinochle => "sextuple-pinochle",
            MeldKind::BackDoor => "back-door",
            MeldKind::TripleRun => "triple-run",
            MeldKind::DoubleMarriage => "double-marriage",
            MeldKind::TripleMarriage => "triple-marriage",
            MeldKind::QuadrupleMarriage => "quadruple-marriage",
            MeldKind::FifteenAces => "fifteen-aces",
            MeldKind::FifteenKings => "fifteen-kings",
            MeldKind::FifteenQueens => "fifteen-queens",
            MeldKind::FifteenJacks => "fifteen-jacks",
            MeldKind::TrumpAces => "trump-aces",
            MeldKind::TrumpTens => "trump-tens",
            MeldKind::TrumpKings => "trump-kings",
            MeldKind::TrumpQueens => "trump-queens",
            MeldKind::TrumpJacks => "trump-jacks",
        }
    }

    /// The kind a word names, aliases included (`flush`, `royal-marriage`, `100-aces`), in
    /// any case.
    pub fn from_word(word: &str) -> Option<MeldKind> {
        let w = word.to_ascii_lowercase();
        let kind = match w.as_str() {
            "run" | "flush" | "sequence" => MeldKind::Run,
            "double-run" | "double-flush" | "runs" => MeldKind::DoubleRun,
            "royal" | "royal-marriage" => MeldKind::Royal,
            "marriage" => MeldKind::Marriage,
            "dix" | "deece" => MeldKind::Dix,
            "pinochle" => MeldKind::Pinochle,
            "double-pinochle" => MeldKind::DoublePinochle,
            "aces" | "100-aces" | "aces-around" => MeldKind::Aces,
            "kings" | "80-kings" | "kings-around" => MeldKind::Kings,
            "queens" | "60-queens" | "queens-around" => MeldKind::Queens,
            "jacks" | "40-jacks" | "jacks-around" => MeldKind::Jacks,
            "double-aces" | "1000-aces" => MeldKind::DoubleAces,
            "double-kings" | "800-kings" => MeldKind::DoubleKings,
            "double-queens" | "600-queens" => MeldKind::DoubleQueens,
            "double-jacks" | "400-jacks" => MeldKind::DoubleJacks,
            "triple-aces" | "1500-aces" => MeldKind::TripleAces,
            "triple-kings" | "1200-kings" => MeldKind::TripleKings,
            "triple-queens" | "900-queens" => MeldKind::TripleQueens,
            "triple-jacks" | "600-jacks" => MeldKind::TripleJacks,
            "triple-pinochle" => MeldKind::TriplePinochle,
            "quadruple-pinochle" => MeldKind::QuadruplePinochle,
            "quintuple-pinochle" => MeldKind::QuintuplePinochle,
            "sextuple-pinochle" | "six-pinochles" => MeldKind::SextuplePinochle,
            "back-door" => MeldKind::BackDoor,
            "triple-run" | "triple-flush" => MeldKind::TripleRun,
            "double-marriage" => MeldKind::DoubleMarriage,
            "triple-marriage" => MeldKind::TripleMarriage,
            "quadruple-marriage" => MeldKind::QuadrupleMarriage,
            "fifteen-aces" | "15-aces" => MeldKind::FifteenAces,
            "fifteen-kings" | "15-kings" => MeldKind::FifteenKings,
            "fifteen-queens" | "15-queens" => MeldKind::FifteenQueens,
            "fifteen-jacks" | "15-jacks" => MeldKind::FifteenJacks,
            "trump-aces" => MeldKind::TrumpAces,
            "trump-tens" => MeldKind::TrumpTens,
            "trump-kings" => MeldKind::TrumpKings,
            "trump-queens" => MeldKind::TrumpQueens,
            "trump-jacks" => MeldKind::TrumpJacks,
            _ => return None,
        };
        Some(kind)
    }

    /// The class of seed 000's two-hand table.
    pub fn class(self) -> Class {
        match self {
            MeldKind::Run
            | MeldKind::DoubleRun
            | MeldKind::Royal
            | MeldKind::Marriage
            | MeldKind::Dix
            | MeldKind::BackDoor
            | MeldKind::TripleRun
            | MeldKind::DoubleMarriage
            | MeldKind::TripleMarriage
            | MeldKind::QuadrupleMarriage => Class::A,
            MeldKind::Pinochle
            | MeldKind::DoublePinochle
            | MeldKind::TriplePinochle
            | MeldKind::QuadruplePinochle
            | MeldKind::QuintuplePinochle
            | MeldKind::SextuplePinochle => Class::C,
            _ => Class::B,
        }
    }

    /// The single kind a double, triple or quadruple kind is made of.
    pub fn single(self) -> Option<MeldKind> {
        Some(match self {
            MeldKind::DoubleRun | MeldKind::TripleRun => MeldKind::Run,
            MeldKind::DoubleMarriage | MeldKind::TripleMarriage | MeldKind::QuadrupleMarriage => {
                MeldKind::Marriage
            }
            MeldKind::DoublePinochle
            | MeldKind::TriplePinochle
            | MeldKind::QuadruplePinochle
            | MeldKind::QuintuplePinochle
            | MeldKind::SextuplePinochle => MeldKind::Pinochle,
            MeldKind::DoubleAces | MeldKind::TripleAces => MeldKind::Aces,
            MeldKind::DoubleKings | MeldKind::TripleKings => MeldKind::Kings,
            MeldKind::DoubleQueens | MeldKind::TripleQueens => MeldKind::Queens,
            MeldKind::DoubleJacks | MeldKind::TripleJacks => MeldKind::Jacks,
            _ => return None,
        })
    }

    /// How many of its single kind a kind is: 1, or 2, 3, 4 for the doubles, triples and
    /// the quadruple pinochle.
    pub fn multiple(self) -> u8 {
        match self {
            MeldKind::DoubleRun
            | MeldKind::DoubleMarriage
            | MeldKind::DoublePinochle
            | MeldKind::DoubleAces
            | MeldKind::DoubleKings
            | MeldKind::DoubleQueens
            | MeldKind::DoubleJacks => 2,
            MeldKind::TriplePinochle
            | MeldKind::TripleRun
            | MeldKind::TripleMarriage
            | MeldKind::TripleAces
            | MeldKind::TripleKings
            | MeldKind::TripleQueens
            | MeldKind::TripleJacks => 3,
            MeldKind::QuadruplePinochle | MeldKind::QuadrupleMarriage => 4,
            MeldKind::QuintuplePinochle => 5,
            MeldKind::SextuplePinochle => 6,
            _ => 1,
        }
    }

    /// The kind that is `n` of this single kind, if there is one.
    fn of_multiple(self, n: u8) -> Option<MeldKind> {
        MeldKind::ALL
            .into_iter()
            .find(|k| k.multiple() == n && k.single().unwrap_or(*k) == self)
    }

    /// Whether the kind is fifteen of a rank, whose cards are not a fixed set.
    fn is_fifteen(self) -> bool {
        matches!(
            self,
            MeldKind::FifteenAces | MeldKind::FifteenKings | MeldKind::FifteenQueens | MeldKind::FifteenJacks
        )
    }

    /// The rank of a kind of four (or five) cards of one rank in trumps.
    pub fn trump_rank(self) -> Option<Rank> {
        match self {
            MeldKind::TrumpAces => Some(Rank::Ace),
            MeldKind::TrumpTens => Some(Rank::Ten),
            MeldKind::TrumpKings => Some(Rank::King),
            MeldKind::TrumpQueens => Some(Rank::Queen),
            MeldKind::TrumpJacks => Some(Rank::Jack),
            _ => None,
        }
    }

    /// The rank of a four-of-a-rank kind (the fifteen of a rank too).
    fn around(self) -> Option<Rank> {
        match self.single().unwrap_or(self) {
            MeldKind::Aces | MeldKind::FifteenAces => Some(Rank::Ace),
            MeldKind::FifteenKings => Some(Rank::King),
            MeldKind::FifteenQueens => Some(Rank::Queen),
            MeldKind::FifteenJacks => Some(Rank::Jack),
            MeldKind::Kings => Some(Rank::King),
            MeldKind::Queens => Some(Rank::Queen),
            MeldKind::Jacks => Some(Rank::Jack),
            _ => None,
        }
    }
}

/// The values of one profile's meld table. A double kind without a value of its own is two
/// single melds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct MeldTable {
    /// The run (flush).
    pub run: u32,
    /// Both runs at once, when the table values them as one meld.
    pub double_run: Option<u32>,
    /// The royal marriage.
    pub royal: u32,
    /// A plain marriage.
    pub marriage: u32,
    /// Each dix.
    pub dix: u32,
    /// The rank of the dix: the trump nine, or the seven in the 64-card pack.
    #[serde(serialize_with = "rank_text")]
    #[schemars(with = "String")]
    pub dix_rank: Rank,
    /// The pinochle.
    pub pinochle: u32,
    /// Double pinochle, when valued as one meld.
    pub double_pinochle: Option<u32>,
    /// Aces, kings, queens, jacks around.
    pub around: [u32; 4],
    /// The doubles of the four, when valued as one meld each.
    pub double_around: Option<[u32; 4]>,
    /// The triples of the four (three of each suit), when valued as one meld each.
    pub triple_around: Option<[u32; 4]>,
    /// Triple pinochle, when valued as one meld.
    pub triple_pinochle: Option<u32>,
    /// Quadruple pinochle, when valued as one meld.
    pub quadruple_pinochle: Option<u32>,
    /// Five and six pinochles, when valued as one meld (the triple pack).
    pub more_pinochles: Option<[u32; 2]>,
    /// A sequence of a plain suit, when the table values it (Rubicon Bezique's back door,
    /// 000:710).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back_door: Option<u32>,
    /// Whether a card on the table may serve again in a meld of the kind it served in once
    /// that meld is broken (a card of it played), as Six-Pack and Rubicon Bezique allow
    /// (000:677, 000:714); never while the whole meld still lies there.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub same_kind_again: bool,
    /// The six- and eight-hand game's further multiples, when the table has them.
    pub multiples: Option<Multiples>,
    /// Whether the bezique is the queen of trumps with the jack of its paired suit (♠Q ♦J,
    /// ♦Q ♠J, ♥Q ♣J, ♣Q ♥J, Six-Pack Bezique, 000:625–633) rather than ♠Q ♦J whatever the
    /// trump (000:661, and every other table).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bezique_by_trump: bool,
    /// Four (or five) of one rank in trumps, when the table values them (Six-Pack Bezique,
    /// 000:649–657; Eight-Pack's five, 000:700).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trump_fours: Option<TrumpFours>,
}

/// Six- and Eight-Pack Bezique's sets of one rank in trumps (000:649–657, 000:700).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct TrumpFours {
    /// How many cards of the rank make the set: 4 (Six-Pack), 5 (Eight-Pack).
    pub count: u8,
    /// Aces, tens, kings, queens, jacks of trumps.
    pub values: [u32; 5],
}

/// The multiples of seed 000's Partnership Pinochle for Six or Eight (000:169–205) that no
/// other table has: the triple flush, the marriages of two, three and four kings and queens
/// of one suit, and fifteen of a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Multiples {
    /// Three runs of trump at once.
    pub triple_run: u32,
    /// Two, three and four kings and queens of one suit.
    pub marriages: [u32; 3],
    /// Fifteen or sixteen of one rank (aces, kings, queens or jacks).
    pub fifteen: u32,
}

impl MeldTable {
    /// Seed 000's two-hand table (000:43–69): no double combinations.
    pub const USPC_TWO_HAND: MeldTable = MeldTable {
        run: 150,
        double_run: None,
        royal: 40,
        marriage: 20,
        dix: 10,
        dix_rank: Rank::Nine,
        pinochle: 40,
        double_pinochle: None,
        around: [100, 80, 60, 40],
        double_around: None,
        triple_around: None,
        triple_pinochle: None,
        quadruple_pinochle: None,
        more_pinochles: None,
        back_door: None,
        same_kind_again: false,
        multiples: None,
        bezique_by_trump: false,
        trump_fours: None,
    };

    /// Seed 000's partnership table (000:129–141): the two-hand values and their doubles.
    pub const USPC_PARTNERSHIP: MeldTable = MeldTable {
        double_run: Some(1500),
        double_pinochle: Some(300),
        double_around: Some([1000, 800, 600, 400]),
        ..MeldTable::USPC_TWO_HAND
    };

    /// Seed 002's single-deck table (002:66–76): the same figures as seed 000's partnership
    /// table.
    pub const SEED_002: MeldTable = MeldTable::USPC_PARTNERSHIP;

    /// Seed 002's double-deck table (002:84): "roughly a tenth" of the single-deck values,
    /// listed for the run 15, aces, kings, queens, jacks around 10, 8, 6, 4, the royal
    /// marriage 4, a marriage 2, the pinochle 4 and double pinochle 30. The seed names no
    /// double run, no doubles around and no dix (the pack has no nines), so those count as
    /// single melds; each pair of pinochles is a double (spec/rules/pinochle.md §5a).
    pub const SEED_002_DOUBLE_DECK: MeldTable = MeldTable {
        run: 15,
        double_run: None,
        royal: 4,
        marriage: 2,
        dix: 0,
        dix_rank: Rank::Nine,
        pinochle: 4,
        double_pinochle: Some(30),
        around: [10, 8, 6, 4],
        double_around: None,
        triple_around: None,
        triple_pinochle: None,
        quadruple_pinochle: None,
        more_pinochles: None,
        back_door: None,
        same_kind_again: false,
        multiples: None,
        bezique_by_trump: false,
        trump_fours: None,
    };

    /// Seed 000's table of Partnership Pinochle for Six or Eight (000:169–205), played with
    /// the 96-card double pack: the two-hand values for the single melds, and for their
    /// multiples eight aces, kings, queens, jacks 1,000, 800, 600, 400; twelve (three of each
    /// suit) 2,000, 1,600, 1,200, 800; fifteen of a rank 3,000; double, triple, quadruple
    /// pinochle 300, 600, 1,200; two, three, four kings and queens of a suit 300, 600,
    /// 1,200; double and triple flush 1,500 and 3,000. The dix counts 10 each.
    pub const USPC_SIX_EIGHT: MeldTable = MeldTable {
        double_run: Some(1500),
        double_pinochle: Some(300),
        double_around: Some([1000, 800, 600, 400]),
        triple_around: Some([2000, 1600, 1200, 800]),
        triple_pinochle: Some(600),
        quadruple_pinochle: Some(1200),
        multiples: Some(Multiples {
            triple_run: 3000,
            marriages: [300, 600, 1200],
            fifteen: 3000,
        }),
        ..MeldTable::USPC_TWO_HAND
    };

    /// Seed 000's Six-Hand Triple-Pack table (000:343): the double pack's, "most of the
    /// extra melds" counting nothing extra (twenty aces are a triple and a double, 2,500),
    /// but five pinochles 4,000 and six 5,000.
    pub const USPC_TRIPLE_PACK: MeldTable = MeldTable {
        more_pinochles: Some([4000, 5000]),
        ..MeldTable::USPC_DOUBLE_PACK
    };

    /// Seed 000's Double-Pack table (000:259–307): no extra value for a duplicated sequence
    /// (a double flush is two flushes, 300, 000:269); doubles and triples around; a quadruple
    /// group is two doubles (000:297); double, triple and quadruple pinochle 300, 450,
    /// 3,000. The pack has no nines, so no dix.
    pub const USPC_DOUBLE_PACK: MeldTable = MeldTable {
        double_run: None,
        dix: 0,
        double_pinochle: Some(300),
        double_around: Some([1000, 800, 600, 400]),
        triple_around: Some([1500, 1200, 900, 600]),
        triple_pinochle: Some(450),
        quadruple_pinochle: Some(3000),
        ..MeldTable::USPC_TWO_HAND
    };

    /// The value of one meld of a kind, `None` when the table has no such meld (a double the
    /// table counts as two singles).
    pub fn value(&self, kind: MeldKind) -> Option<u32> {
        let around = |i: usize| self.around.get(i).copied();
        let double_around = |i: usize| self.double_around.and_then(|d| d.get(i).copied());
        let triple_around = |i: usize| self.triple_around.and_then(|d| d.get(i).copied());
        match kind {
            MeldKind::Run => Some(self.run),
            MeldKind::DoubleRun => self.double_run,
            MeldKind::Royal => Some(self.royal),
            MeldKind::Marriage => Some(self.marriage),
            MeldKind::Dix => Some(self.dix),
            MeldKind::Pinochle => Some(self.pinochle),
            MeldKind::DoublePinochle => self.double_pinochle,
            MeldKind::Aces => around(0),
            MeldKind::Kings => around(1),
            MeldKind::Queens => around(2),
            MeldKind::Jacks => around(3),
            MeldKind::DoubleAces => double_around(0),
            MeldKind::DoubleKings => double_around(1),
            MeldKind::DoubleQueens => double_around(2),
            MeldKind::DoubleJacks => double_around(3),
            MeldKind::TripleAces => triple_around(0),
            MeldKind::TripleKings => triple_around(1),
            MeldKind::TripleQueens => triple_around(2),
            MeldKind::TripleJacks => triple_around(3),
            MeldKind::TriplePinochle => self.triple_pinochle,
            MeldKind::QuadruplePinochle => self.quadruple_pinochle,
            MeldKind::QuintuplePinochle => self.more_pinochles.map(|m| m[0]),
            // 0 where the table has five beziques but no six (Eight-Pack, 000:698).
            MeldKind::SextuplePinochle => self.more_pinochles.map(|m| m[1]).filter(|&v| v > 0),
            MeldKind::BackDoor => self.back_door,
            MeldKind::TripleRun => self.multiples.map(|m| m.triple_run),
            MeldKind::DoubleMarriage => self.multiples.map(|m| m.marriages[0]),
            MeldKind::TripleMarriage => self.multiples.map(|m| m.marriages[1]),
            MeldKind::QuadrupleMarriage => self.multiples.map(|m| m.marriages[2]),
            MeldKind::FifteenAces
            | MeldKind::FifteenKings
            | MeldKind::FifteenQueens
            | MeldKind::FifteenJacks => self.multiples.map(|m| m.fifteen),
            MeldKind::TrumpAces => self.trump_fours.map(|t| t.values[0]),
            MeldKind::TrumpTens => self.trump_fours.map(|t| t.values[1]),
            MeldKind::TrumpKings => self.trump_fours.map(|t| t.values[2]),
            MeldKind::TrumpQueens => self.trump_fours.map(|t| t.values[3]),
            MeldKind::TrumpJacks => self.trump_fours.map(|t| t.values[4]),
        }
    }

    /// The queen and jack that make a bezique (a pinochle) with `trump`.
    pub fn bezique_pair(&self, trump: Suit) -> (Card, Card) {
        if !self.bezique_by_trump {
            return (SPADE_QUEEN, DIAMOND_JACK);
        }
        // The jack of the paired suit: spades with diamonds, hearts with clubs (000:627–633).
        let jack = match trump {
            Suit::Spades => Suit::Diamonds,
            Suit::Diamonds => Suit::Spades,
            Suit::Hearts => Suit::Clubs,
            Suit::Clubs => Suit::Hearts,
        };
        (Card::new(trump, Rank::Queen), Card::new(jack, Rank::Jack))
    }

    /// Whether a kind's cards depend on the trump suit, so that it cannot be declared before
    /// trump is known: the dix, the sets in trumps, and the bezique where it goes by trump.
    pub fn needs_trump(&self, kind: MeldKind) -> bool {
        kind == MeldKind::Dix
            || kind.trump_rank().is_some()
            || (self.bezique_by_trump && kind.class() == Class::C)
    }
}

fn rank_text<S: serde::Serializer>(rank: &Rank, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rank.text())
}

/// One meld: its kind, its cards and its value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct Meld {
    /// The kind.
    pub kind: MeldKind,
    /// The cards, in the order of rank.
    pub cards: Vec<Card>,
    /// The value under the table used.
    pub value: u32,
}

/// Every meld of a hand and their total.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct Melds {
    /// The melds, in the order of [`MeldKind::ALL`].
    pub melds: Vec<Meld>,
    /// Their total.
    pub total: u32,
}

const RUN_RANKS: [Rank; 5] = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack];
const SPADE_QUEEN: Card = Card::new(Suit::Spades, Rank::Queen);
const DIAMOND_JACK: Card = Card::new(Suit::Diamonds, Rank::Jack);

/// The suits in the order melds of several suits are listed.
const SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// Every combination `hand` melds with `trump` under `table`, as the games that meld at once
/// count them: unlike kinds share cards, one kind uses each card once (seed 002, 002:45;
/// seed 000, 000:85), a run contains its royal marriage (002:76), and a double combination
/// takes the table's double value when it has one. The result does not depend on the order
/// of the cards: `hand` is a count per card.
pub fn meld_hand(table: &MeldTable, trump: Suit, hand: &CardCounts) -> Melds {
    let mut melds = Vec::new();
    let mut push = |kind: MeldKind, cards: Vec<Card>| {
        if let Some(value) = table.value(kind) {
            melds.push(Meld { kind, cards, value });
        }
    };
    let n = |card: Card| u32::from(hand.count(card));
    let trumps = |r: Rank| Card::new(trump, r);

    let runs = RUN_RANKS.iter().map(|&r| n(trumps(r))).min().unwrap_or(0);
    let run_cards: Vec<Card> = RUN_RANKS.iter().map(|&r| trumps(r)).collect();
    push_groups(table, MeldKind::Run, MeldKind::Run, &run_cards, runs, &mut push);
    let royals = n(trumps(Rank::King))
        .min(n(trumps(Rank::Queen)))
        .saturating_sub(runs);
    let royal_cards = [trumps(Rank::King), trumps(Rank::Queen)];
    push_groups(
        table,
        MeldKind::Marriage,
        MeldKind::Royal,
        &royal_cards,
        royals,
        &mut push,
    );
    for suit in SUITS.into_iter().filter(|&s| s != trump) {
        let k = Card::new(suit, Rank::King);
        let q = Card::new(suit, Rank::Queen);
        // A back door contains its marriage, as the run its royal one (000:679).
        let back_doors = if table.back_door.is_some() {
            RUN_RANKS
                .iter()
                .map(|&r| n(Card::new(suit, r)))
                .min()
                .unwrap_or(0)
        } else {
            0
        };
        for _ in 0..back_doors {
            push(
                MeldKind::BackDoor,
                RUN_RANKS.iter().map(|&r| Card::new(suit, r)).collect(),
            );
        }
        push_groups(
            table,
            MeldKind::Marriage,
            MeldKind::Marriage,
            &[k, q],
            n(k).min(n(q)).saturating_sub(back_doors),
            &mut push,
        );
    }
    for _ in 0..n(trumps(table.dix_rank)) {
        push(MeldKind::Dix, vec![trumps(table.dix_rank)]);
    }
    for (single, fifteen) in [
        (MeldKind::Aces, MeldKind::FifteenAces),
        (MeldKind::Kings, MeldKind::FifteenKings),
        (MeldKind::Queens, MeldKind::FifteenQueens),
        (MeldKind::Jacks, MeldKind::FifteenJacks),
    ] {
        let rank = single.around().unwrap_or(Rank::Ace);
        let four: Vec<Card> = SUITS.iter().map(|&s| Card::new(s, rank)).collect();
        // Fifteen of a rank takes the place of its sets around (000:205).
        if table.value(fifteen).is_some() && is_fifteen(rank, hand) {
            push(fifteen, of_rank(rank, hand));
            continue;
        }
        let sets = four.iter().map(|&c| n(c)).min().unwrap_or(0);
        push_groups(table, single, single, &four, sets, &mut push);
    }
    if let Some(fours) = table.trump_fours {
        for kind in [
            MeldKind::TrumpAces,
            MeldKind::TrumpTens,
            MeldKind::TrumpKings,
            MeldKind::TrumpQueens,
            MeldKind::TrumpJacks,
        ] {
            let Some(rank) = kind.trump_rank() else { continue };
            let card = trumps(rank);
            let count = u32::from(fours.count.max(1));
            for _ in 0..n(card) / count {
                push(kind, copies(&[card], fours.count));
            }
        }
    }
    let (queen, jack) = table.bezique_pair(trump);
    let pinochles = n(queen).min(n(jack));
    push_groups(
        table,
        MeldKind::Pinochle,
        MeldKind::Pinochle,
        &[queen, jack],
        pinochles,
        &mut push,
    );
    let total = melds.iter().map(|m| m.value).sum();
    Melds { melds, total }
}

/// Pushes `sets` complete sets of a single kind's `cards` as the groups of the table that
/// value them highest: each part one, two, three or four sets, as the table values them (a
/// double deck's four pinochles are a quadruple, 3,000; its sixteen aces two doubles, 2,000,
/// 000:297; twenty aces of a triple pack a triple and a double, 2,500, 000:343). Of equal
/// totals the one with the larger groups first. A group of one set is the kind `one` (the
/// royal marriage for the trump's K Q, whose multiples are the marriages', 000:181).
fn push_groups(
    table: &MeldTable,
    single: MeldKind,
    one: MeldKind,
    cards: &[Card],
    sets: u32,
    push: &mut impl FnMut(MeldKind, Vec<Card>),
) {
    let sets = sets as usize;
    let value = |m: u8| {
        let kind = if m == 1 { Some(one) } else { single.of_multiple(m) };
        kind.and_then(|k| table.value(k).map(|v| (k, v)))
    };
    // best[i]: the highest total for i sets and the size of the first group taken.
    let mut best: Vec<(u64, u8)> = vec![(0, 0); sets + 1];
    for i in 1..=sets {
        for m in (1..=6u8).rev() {
            let m_us = usize::from(m);
            if m_us > i {
                continue;
            }
            if let Some((_, v)) = value(m) {
                let total = best.get(i - m_us).map_or(0, |b| b.0) + u64::from(v);
                if let Some(b) = best.get_mut(i)
                    && (total > b.0 || b.1 == 0)
                {
                    *b = (total, m);
                }
            }
        }
    }
    let mut i = sets;
    while i > 0 {
        let m = best.get(i).map_or(1, |b| b.1.max(1));
        let kind = value(m).map_or(one, |(k, _)| k);
        push(kind, copies(cards, m));
        i = i.saturating_sub(usize::from(m));
    }
}

/// Each card `m` times, the copies side by side.
fn copies(cards: &[Card], m: u8) -> Vec<Card> {
    cards
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c, usize::from(m)))
        .collect()
}

/// Whether `held` has fifteen or more of `rank`, at least three of each suit (the double
/// pack has four of each card, so fifteen always have; 000:205 names fifteen, and sixteen
/// count as fifteen).
fn is_fifteen(rank: Rank, held: &CardCounts) -> bool {
    let per_suit: Vec<u32> = SUITS
        .iter()
        .map(|&s| u32::from(held.count(Card::new(s, rank))))
        .collect();
    per_suit.iter().sum::<u32>() >= 15 && per_suit.iter().all(|&c| c >= 3)
}

/// Every card of `rank` in `held`, suit by suit.
fn of_rank(rank: Rank, held: &CardCounts) -> Vec<Card> {
    SUITS
        .iter()
        .flat_map(|&s| {
            let card = Card::new(s, rank);
            std::iter::repeat_n(card, usize::from(held.count(card)))
        })
        .collect()
}

/// The K Q of `suit`, `m` times each: a marriage, or a marriage of `m` kings and queens.
fn marriage_cards(suit: Suit, m: u8) -> CardCounts {
    CardCounts::of(copies(
        &[Card::new(suit, Rank::King), Card::new(suit, Rank::Queen)],
        m,
    ))
}

/// The cards a meld of `kind` is made of, as counts: `None` for a marriage, whose suit the
/// cards give ([`shape`] handles it).
fn needed(kind: MeldKind, trump: Suit, table: &MeldTable) -> Option<CardCounts> {
    let dix_rank = table.dix_rank;
    if let Some(rank) = kind.trump_rank() {
        let count = table.trump_fours.map_or(4, |t| t.count);
        return Some(CardCounts::of(std::iter::repeat_n(
            Card::new(trump, rank),
            usize::from(count),
        )));
    }
    let single = kind.single().unwrap_or(kind);
    let copies = usize::from(kind.multiple());
    let (queen, jack) = table.bezique_pair(trump);
    let cards: Vec<Card> = match single {
        MeldKind::Run => RUN_RANKS.iter().map(|&r| Card::new(trump, r)).collect(),
        MeldKind::Royal => vec![Card::new(trump, Rank::King), Card::new(trump, Rank::Queen)],
        MeldKind::Dix => vec![Card::new(trump, dix_rank)],
        MeldKind::Pinochle => vec![queen, jack],
        MeldKind::Marriage | MeldKind::BackDoor => return None,
        other if other.is_fifteen() => return None,
        other => {
            let rank = other.around()?;
            Suit::ALL.iter().map(|&s| Card::new(s, rank)).collect()
        }
    };
    Some(CardCounts::of(
        cards.iter().flat_map(|&c| std::iter::repeat_n(c, copies)),
    ))
}

/// The cards of a plain-suit meld in `suit`: the back door's A 10 K Q J, else the marriage.
fn plain_suit_meld(kind: MeldKind, suit: Suit) -> CardCounts {
    match kind {
        MeldKind::BackDoor => CardCounts::of(RUN_RANKS.iter().map(|&r| Card::new(suit, r))),
        _ => CardCounts::of([Card::new(suit, Rank::King), Card::new(suit, Rank::Queen)]),
    }
}

/// Why cards written for a meld are not a meld of the kind named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// The cards are not the kind's (the kind's cards are given when they are fixed).
    NotTheKind {
        /// The cards the kind is made of, when they do not depend on the cards written.
        expected: Option<CardCounts>,
    },
    /// The table has no such meld (a double the profile counts as two singles).
    NotInTable,
}

/// Checks that `cards` are exactly a meld of `kind` with `trump`, and gives its value under
/// `table`.
pub fn shape(table: &MeldTable, kind: MeldKind, trump: Suit, cards: &CardCounts) -> Result<u32, ShapeError> {
    let value = table.value(kind).ok_or(ShapeError::NotInTable)?;
    let fits = match needed(kind, trump, table) {
        Some(need) => need == *cards,
        None if kind.is_fifteen() => kind
            .around()
            .is_some_and(|rank| is_fifteen(rank, cards) && cards.len() == of_rank(rank, cards).len()),
        None if kind == MeldKind::BackDoor => SUITS
            .iter()
            .any(|&s| s != trump && *cards == plain_suit_meld(kind, s)),
        None => marriage_suits(kind, trump).any(|s| *cards == marriage_cards(s, kind.multiple())),
    };
    if fits {
        Ok(value)
    } else {
        Err(ShapeError::NotTheKind {
            expected: needed(kind, trump, table),
        })
    }
}

/// The suits a marriage kind may be of: a plain suit for the single marriage (the trump's is
/// the royal marriage), any suit for the marriages of two, three or four (000:181–193 name
/// "the same suit", the trump's among them).
fn marriage_suits(kind: MeldKind, trump: Suit) -> impl Iterator<Item = Suit> {
    SUITS
        .into_iter()
        .filter(move |&s| kind != MeldKind::Marriage || s != trump)
}

/// The kinds whose melds may not share a card: the same kind, and a run with the royal
/// marriage it contains (and a double with its single).
pub fn sharing_group(kind: MeldKind) -> MeldKind {
    match kind {
        MeldKind::DoubleRun | MeldKind::TripleRun | MeldKind::Royal => MeldKind::Run,
        MeldKind::FifteenAces => MeldKind::Aces,
        MeldKind::FifteenKings => MeldKind::Kings,
        MeldKind::FifteenQueens => MeldKind::Queens,
        MeldKind::FifteenJacks => MeldKind::Jacks,
        other => other.single().unwrap_or(other),
    }
}

/// Every meld of `kind` that `holding` can make with `trump`, one per distinct set of cards
/// (for the generator and the two-hand player's choices).
pub fn candidates(table: &MeldTable, kind: MeldKind, trump: Suit, holding: &CardCounts) -> Vec<CardCounts> {
    if table.value(kind).is_none() {
        return Vec::new();
    }
    let sets: Vec<CardCounts> = match needed(kind, trump, table) {
        Some(need) => vec![need],
        None if kind == MeldKind::BackDoor => SUITS
            .iter()
            .filter(|&&s| s != trump)
            .map(|&s| plain_suit_meld(kind, s))
            .collect(),
        None if kind.is_fifteen() => kind
            .around()
            .filter(|&rank| is_fifteen(rank, holding))
            .map(|rank| CardCounts::of(of_rank(rank, holding)))
            .into_iter()
            .collect(),
        None => marriage_suits(kind, trump)
            .map(|s| marriage_cards(s, kind.multiple()))
            .collect(),
    };
    sets.into_iter().filter(|s| s.is_subset(holding)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{AlphabetSet, parse_card};
    use proptest::prelude::*;

    fn hand(text: &str) -> CardCounts {
        text.split_whitespace()
            .map(|t| parse_card(t, AlphabetSet::DEFAULT).expect("a card"))
            .collect()
    }

    fn kinds(m: &Melds) -> Vec<(MeldKind, u32)> {
        m.melds.iter().map(|m| (m.kind, m.value)).collect()
    }

    /// Issue #13, seed 002's values: "♠ trump, ♦J ♦Q ♦K ♦A ♦10 ♦J ♠Q ♠Q ♠K ♠A ♠10 ♠J → 470
    /// (run 150, double pinochle 300, diamond marriage 20)".
    #[test]
    fn the_issue_s_hand_with_spades_trump_melds_470() {
        let h = hand("♦J ♦Q ♦K ♦A ♦10 ♦J ♠Q ♠Q ♠K ♠A ♠10 ♠J");
        let m = meld_hand(&MeldTable::SEED_002, Suit::Spades, &h);
        assert_eq!(m.total, 470);
        assert_eq!(
            kinds(&m),
            [
                (MeldKind::Run, 150),
                (MeldKind::Marriage, 20),
                (MeldKind::DoublePinochle, 300)
            ]
        );
        let marriage = m
            .melds
            .iter()
            .find(|m| m.kind == MeldKind::Marriage)
            .expect("a marriage");
        assert_eq!(marriage.cards, hand("♦K ♦Q").iter().collect::<Vec<_>>());
    }

    /// Issue #13: "the same hand with ♥ trump → 340".
    #[test]
    fn the_issue_s_hand_with_hearts_trump_melds_340() {
        let h = hand("♦J ♦Q ♦K ♦A ♦10 ♦J ♠Q ♠Q ♠K ♠A ♠10 ♠J");
        let m = meld_hand(&MeldTable::SEED_002, Suit::Hearts, &h);
        assert_eq!(m.total, 340);
        assert_eq!(
            kinds(&m),
            [
                (MeldKind::Marriage, 20),
                (MeldKind::Marriage, 20),
                (MeldKind::DoublePinochle, 300)
            ]
        );
    }

    /// Seed 002, 002:45: the spade queen "pays inside the spade marriage, again inside the
    /// pinochle alongside the diamond jack, and a third time inside the set of four queens".
    #[test]
    fn the_spade_queen_counts_in_three_melds() {
        let h = hand("♠K ♠Q ♦J ♥Q ♦Q ♣Q");
        let m = meld_hand(&MeldTable::SEED_002, Suit::Clubs, &h);
        assert_eq!(
            kinds(&m),
            [
                (MeldKind::Marriage, 20),
                (MeldKind::Queens, 60),
                (MeldKind::Pinochle, 40)
            ]
        );
        assert_eq!(m.total, 120);
    }

    /// Seed 002, 002:45: "a spade queen sitting between two spade kings still yields a single
    /// marriage rather than a pair of them".
    #[test]
    fn one_queen_between_two_kings_is_one_marriage() {
        let m = meld_hand(&MeldTable::SEED_002, Suit::Hearts, &hand("♠K ♠Q ♠K"));
        assert_eq!(kinds(&m), [(MeldKind::Marriage, 20)]);
    }

    /// Seed 002, 002:76: "A run already contains the royal marriage"; a second K Q of trump
    /// beside the run is a royal marriage of its own.
    #[test]
    fn a_run_contains_its_royal_marriage() {
        let t = &MeldTable::SEED_002;
        let m = meld_hand(t, Suit::Hearts, &hand("♥A ♥10 ♥K ♥Q ♥J"));
        assert_eq!(kinds(&m), [(MeldKind::Run, 150)]);
        let m = meld_hand(t, Suit::Hearts, &hand("♥A ♥10 ♥K ♥Q ♥J ♥K ♥Q"));
        assert_eq!(kinds(&m), [(MeldKind::Run, 150), (MeldKind::Royal, 40)]);
    }

    /// Seed 002, 002:66–74 and seed 000, 000:129–141: the double values.
    #[test]
    fn doubles_have_their_own_values() {
        let t = &MeldTable::SEED_002;
        let both_runs = hand("♣A ♣10 ♣K ♣Q ♣J ♣A ♣10 ♣K ♣Q ♣J");
        assert_eq!(
            kinds(&meld_hand(t, Suit::Clubs, &both_runs)),
            [(MeldKind::DoubleRun, 1500)]
        );
        let eight_aces = hand("♠A ♥A ♦A ♣A ♠A ♥A ♦A ♣A");
        assert_eq!(
            kinds(&meld_hand(t, Suit::Clubs, &eight_aces)),
            [(MeldKind::DoubleAces, 1000)]
        );
        for (ranks, value) in [("K", 800), ("Q", 600), ("J", 400)] {
            let text: Vec<String> = ["♠", "♥", "♦", "♣", "♠", "♥", "♦", "♣"]
                .iter()
                .map(|s| format!("{s}{ranks}"))
                .collect();
            let m = meld_hand(t, Suit::Clubs, &hand(&text.join(" ")));
            assert!(m.melds.iter().any(|m| m.value == value), "{ranks}: {m:?}");
        }
        // The dix: "10 each, so 20 for the pair" (002:69).
        assert_eq!(meld_hand(t, Suit::Hearts, &hand("♥9 ♥9")).total, 20);
    }

    /// Seed 000, 000:43–69: the two-hand table has no doubles, so two pinochles are two melds.
    #[test]
    fn the_two_hand_table_counts_a_double_as_two_singles() {
        let m = meld_hand(&MeldTable::USPC_TWO_HAND, Suit::Hearts, &hand("♠Q ♠Q ♦J ♦J"));
        assert_eq!(kinds(&m), [(MeldKind::Pinochle, 40), (MeldKind::Pinochle, 40)]);
    }

    /// Seed 000, Double-Pack Pinochle (000:259–307): a double flush only 300; triple groups;
    /// "a quadruple group counts simply as two doubles; sixteen aces count 2,000"; triple and
    /// quadruple pinochle 450 and 3,000.
    #[test]
    fn the_double_pack_table() {
        let t = &MeldTable::USPC_DOUBLE_PACK;
        let around = |rank: &str, copies: usize| -> CardCounts {
            let cards: Vec<String> = ["♠", "♥", "♦", "♣"]
                .iter()
                .flat_map(|s| std::iter::repeat_n(format!("{s}{rank}"), copies))
                .collect();
            hand(&cards.join(" "))
        };
        let two_flushes = hand("♣A ♣10 ♣K ♣Q ♣J ♣A ♣10 ♣K ♣Q ♣J");
        assert_eq!(
            kinds(&meld_hand(t, Suit::Clubs, &two_flushes)),
            [(MeldKind::Run, 150), (MeldKind::Run, 150)]
        );
        assert_eq!(
            kinds(&meld_hand(t, Suit::Hearts, &around("A", 3))),
            [(MeldKind::TripleAces, 1500)]
        );
        assert_eq!(
            kinds(&meld_hand(t, Suit::Hearts, &around("K", 3))).first(),
            Some(&(MeldKind::TripleKings, 1200))
        );
        assert_eq!(
            kinds(&meld_hand(t, Suit::Hearts, &around("Q", 3))).first(),
            Some(&(MeldKind::TripleQueens, 900))
        );
        assert_eq!(
            kinds(&meld_hand(t, Suit::Hearts, &around("J", 3))),
            [(MeldKind::TripleJacks, 600)]
        );
        let sixteen = meld_hand(t, Suit::Hearts, &around("A", 4));
        assert_eq!(
            kinds(&sixteen),
            [(MeldKind::DoubleAces, 1000), (MeldKind::DoubleAces, 1000)]
        );
        assert_eq!(sixteen.total, 2000);
        let pinochles = |n: usize| {
            let text: Vec<&str> = std::iter::repeat_n("♠Q ♦J", n).collect();
            meld_hand(t, Suit::Hearts, &hand(&text.join(" ")))
        };
        assert_eq!(kinds(&pinochles(2)), [(MeldKind::DoublePinochle, 300)]);
        assert_eq!(kinds(&pinochles(3)), [(MeldKind::TriplePinochle, 450)]);
        assert_eq!(kinds(&pinochles(4)), [(MeldKind::QuadruplePinochle, 3000)]);
        assert_eq!(
            shape(
                t,
                MeldKind::TriplePinochle,
                Suit::Hearts,
                &hand("♠Q ♠Q ♠Q ♦J ♦J ♦J")
            ),
            Ok(450)
        );
        // The single-pack tables have no triples: three pinochles of seed 002's double deck
        // are a double and a single (002:84).
        let m = meld_hand(
            &MeldTable::SEED_002_DOUBLE_DECK,
            Suit::Hearts,
            &hand("♠Q ♦J ♠Q ♦J ♠Q ♦J"),
        );
        assert_eq!(
            kinds(&m),
            [(MeldKind::DoublePinochle, 30), (MeldKind::Pinochle, 4)]
        );
    }

    /// Seed 000, 000:343: "if a player should hold twenty aces, five of each suit, the value
    /// would be 2,500 (that is, 1,500 for triple aces plus 1,000 for double aces). However, a
    /// quintuple pinochle counts 4,000, and all six pinochles count 5,000."
    #[test]
    fn the_triple_pack_table() {
        let t = &MeldTable::USPC_TRIPLE_PACK;
        let aces: Vec<&str> = ["♠A", "♥A", "♦A", "♣A"]
            .iter()
            .flat_map(|c| std::iter::repeat_n(*c, 5))
            .collect();
        let m = meld_hand(t, Suit::Hearts, &hand(&aces.join(" ")));
        assert_eq!(
            kinds(&m),
            [(MeldKind::TripleAces, 1500), (MeldKind::DoubleAces, 1000)]
        );
        assert_eq!(m.total, 2500);
        for (n, kind, value) in [
            (5, MeldKind::QuintuplePinochle, 4000),
            (6, MeldKind::SextuplePinochle, 5000),
        ] {
            let cards: Vec<&str> = std::iter::repeat_n("♠Q ♦J", n).collect();
            let m = meld_hand(t, Suit::Hearts, &hand(&cards.join(" ")));
            assert_eq!(kinds(&m), [(kind, value)]);
        }
        // A triple flush is three flushes: duplicated sequences count nothing extra (000:269).
        let flushes: Vec<&str> = std::iter::repeat_n("♣A ♣10 ♣K ♣Q ♣J", 3).collect();
        assert_eq!(meld_hand(t, Suit::Clubs, &hand(&flushes.join(" "))).total, 450);
    }

    /// Seed 000, Partnership Pinochle for Six or Eight (000:169–205): "8 aces (2 of each
    /// suit) 1,000 … 2 kings and 2 queens of same suit 300 … Triple flush 3,000 … 15 of same
    /// denomination, (such as 15 aces) 3,000".
    #[test]
    fn the_six_and_eight_hand_table() {
        let t = &MeldTable::USPC_SIX_EIGHT;
        let around = |rank: &str, copies: usize| -> CardCounts {
            let cards: Vec<String> = ["♠", "♥", "♦", "♣"]
                .iter()
                .flat_map(|s| std::iter::repeat_n(format!("{s}{rank}"), copies))
                .collect();
            hand(&cards.join(" "))
        };
        let first = |h: &CardCounts| kinds(&meld_hand(t, Suit::Hearts, h)).first().copied();
        for (rank, eight, twelve) in [
            ("A", 1000, 2000),
            ("K", 800, 1600),
            ("Q", 600, 1200),
            ("J", 400, 800),
        ] {
            assert_eq!(first(&around(rank, 2)).map(|k| k.1), Some(eight), "8 of {rank}");
            assert_eq!(first(&around(rank, 3)).map(|k| k.1), Some(twelve), "12 of {rank}");
        }
        assert_eq!(first(&around("A", 2)), Some((MeldKind::DoubleAces, 1000)));
        assert_eq!(first(&around("J", 3)), Some((MeldKind::TripleJacks, 800)));
        // Fifteen of a denomination, 3,000; sixteen count as fifteen (notation-growth X16).
        let fifteen = hand("♠A ♠A ♠A ♠A ♥A ♥A ♥A ♥A ♦A ♦A ♦A ♦A ♣A ♣A ♣A");
        assert_eq!(
            kinds(&meld_hand(t, Suit::Hearts, &fifteen)),
            [(MeldKind::FifteenAces, 3000)]
        );
        assert_eq!(
            kinds(&meld_hand(t, Suit::Hearts, &around("A", 4))),
            [(MeldKind::FifteenAces, 3000)]
        );
        assert_eq!(shape(t, MeldKind::FifteenAces, Suit::Hearts, &fifteen), Ok(3000));
        assert!(shape(t, MeldKind::FifteenAces, Suit::Hearts, &around("A", 3)).is_err());
        assert_eq!(first(&around("Q", 4)), Some((MeldKind::FifteenQueens, 3000)));
        // Double, triple, quadruple pinochle 300, 600, 1,200.
        for (n, kind, value) in [
            (2, MeldKind::DoublePinochle, 300),
            (3, MeldKind::TriplePinochle, 600),
            (4, MeldKind::QuadruplePinochle, 1200),
        ] {
            let cards: Vec<&str> = std::iter::repeat_n("♠Q ♦J", n).collect();
            assert_eq!(
                kinds(&meld_hand(t, Suit::Hearts, &hand(&cards.join(" ")))),
                [(kind, value)]
            );
        }
        // Two, three, four kings and queens of a suit 300, 600, 1,200, in a plain suit and
        // in trump.
        for (n, kind, value) in [
            (2, MeldKind::DoubleMarriage, 300),
            (3, MeldKind::TripleMarriage, 600),
            (4, MeldKind::QuadrupleMarriage, 1200),
        ] {
            for trump in [Suit::Hearts, Suit::Clubs] {
                let cards: Vec<&str> = std::iter::repeat_n("♣K ♣Q", n).collect();
                let h = hand(&cards.join(" "));
                assert_eq!(kinds(&meld_hand(t, trump, &h)), [(kind, value)], "{n} {trump:?}");
                assert_eq!(shape(t, kind, trump, &h), Ok(value));
            }
        }
        // Double flush 1,500, triple flush 3,000; a flush beside two more K Q of trump is a
        // flush and a double marriage.
        let flushes = |n: usize| {
            let cards: Vec<&str> = std::iter::repeat_n("♣A ♣10 ♣K ♣Q ♣J", n).collect();
            hand(&cards.join(" "))
        };
        assert_eq!(
            kinds(&meld_hand(t, Suit::Clubs, &flushes(2))),
            [(MeldKind::DoubleRun, 1500)]
        );
        assert_eq!(
            kinds(&meld_hand(t, Suit::Clubs, &flushes(3))),
            [(MeldKind::TripleRun, 3000)]
        );
        assert_eq!(shape(t, MeldKind::TripleRun, Suit::Clubs, &flushes(3)), Ok(3000));
        let h = flushes(1).plus(&hand("♣K ♣Q ♣K ♣Q"));
        assert_eq!(
            kinds(&meld_hand(t, Suit::Clubs, &h)),
            [(MeldKind::Run, 150), (MeldKind::DoubleMarriage, 300)]
        );
        // The single melds keep the two-hand values, the dix 10 each.
        let h = hand("♥K ♥Q ♦K ♦Q ♥9 ♥9 ♠Q ♦J");
        assert_eq!(meld_hand(t, Suit::Hearts, &h).total, 40 + 20 + 10 + 10 + 40);
        // The tables before it know none of the new kinds.
        assert_eq!(MeldTable::USPC_PARTNERSHIP.value(MeldKind::TripleRun), None);
        assert_eq!(
            kinds(&meld_hand(
                &MeldTable::USPC_PARTNERSHIP,
                Suit::Hearts,
                &hand("♣K ♣Q ♣K ♣Q")
            )),
            [(MeldKind::Marriage, 20), (MeldKind::Marriage, 20)]
        );
    }

    #[test]
    fn a_written_meld_is_checked_against_its_kind() {
        let t = &MeldTable::USPC_TWO_HAND;
        assert_eq!(shape(t, MeldKind::Marriage, Suit::Hearts, &hand("♦K ♦Q")), Ok(20));
        assert!(shape(t, MeldKind::Marriage, Suit::Hearts, &hand("♥K ♥Q")).is_err());
        assert_eq!(shape(t, MeldKind::Royal, Suit::Hearts, &hand("♥K ♥Q")), Ok(40));
        assert_eq!(
            shape(t, MeldKind::Run, Suit::Spades, &hand("♠A ♠10 ♠K ♠Q ♠J")),
            Ok(150)
        );
        assert!(shape(t, MeldKind::Run, Suit::Spades, &hand("♠A ♠10 ♠K ♠Q")).is_err());
        assert_eq!(
            shape(t, MeldKind::Aces, Suit::Spades, &hand("♠A ♥A ♦A ♣A")),
            Ok(100)
        );
        assert!(shape(t, MeldKind::Aces, Suit::Spades, &hand("♠A ♠A ♦A ♣A")).is_err());
        assert_eq!(
            shape(t, MeldKind::DoublePinochle, Suit::Spades, &hand("♠Q ♠Q ♦J ♦J")),
            Err(ShapeError::NotInTable)
        );
        let t64 = MeldTable {
            dix_rank: Rank::Seven,
            ..MeldTable::USPC_TWO_HAND
        };
        assert_eq!(shape(&t64, MeldKind::Dix, Suit::Clubs, &hand("♣7")), Ok(10));
        assert!(shape(&t64, MeldKind::Dix, Suit::Clubs, &hand("♣9")).is_err());
    }

    fn pinochle_card() -> impl Strategy<Value = Card> {
        let ranks = [
            Rank::Ace,
            Rank::Ten,
            Rank::King,
            Rank::Queen,
            Rank::Jack,
            Rank::Nine,
        ];
        (0..4usize, 0..6usize).prop_map(move |(s, r)| Card::new(Suit::ALL[s], ranks[r]))
    }

    proptest! {
        /// Meld totals do not depend on the order the cards are given in.
        #[test]
        fn meld_totals_do_not_depend_on_card_order(
            cards in proptest::collection::vec(pinochle_card(), 0..20),
            trump in 0..4usize,
            seed in any::<u64>(),
        ) {
            let trump = Suit::ALL[trump];
            let mut shuffled = cards.clone();
            let mut s = seed;
            for i in (1..shuffled.len()).rev() {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                shuffled.swap(i, (s >> 33) as usize % (i + 1));
            }
            for table in [MeldTable::SEED_002, MeldTable::USPC_TWO_HAND] {
                let a = meld_hand(&table, trump, &CardCounts::of(cards.iter().copied()));
                let b = meld_hand(&table, trump, &CardCounts::of(shuffled.iter().copied()));
                prop_assert_eq!(&a, &b);
                prop_assert_eq!(a.total, a.melds.iter().map(|m| m.value).sum::<u32>());
            }
        }

        /// Every meld the calculator finds is a meld of its kind, and a hand holds the cards
        /// of each kind's melds together (a kind uses each card once).
        #[test]
        fn every_meld_found_has_the_shape_of_its_kind(
            cards in proptest::collection::vec(pinochle_card(), 0..24),
            trump in 0..4usize,
        ) {
            let trump = Suit::ALL[trump];
            let held = CardCounts::of(cards.iter().copied());
            let m = meld_hand(&MeldTable::SEED_002, trump, &held);
            let mut by_group: std::collections::BTreeMap<MeldKind, CardCounts> = Default::default();
            for meld in &m.melds {
                let counts = CardCounts::of(meld.cards.iter().copied());
                prop_assert_eq!(shape(&MeldTable::SEED_002, meld.kind, trump, &counts), Ok(meld.value));
                let group = by_group.entry(sharing_group(meld.kind)).or_default();
                *group = group.plus(&counts);
            }
            for (kind, used) in by_group {
                // The run and the royal marriages share the run's K Q by the rule of 002:76.
                if kind != MeldKind::Run {
                    prop_assert!(used.is_subset(&held), "{:?} uses {:?}", kind, used);
                }
            }
        }
    }
}
