//! The named profiles of the Bezique family and their options (`spec/rules/bezique.md`).

use cards::{Pack, Rank};

use crate::core::duties::{Duties, Head, Overtrump};
use crate::pinochle::meld::{MeldTable, TrumpFours};

/// The options of a profile. Pending declarations are no option: every profile has them,
/// since two-hand Bezique's rule (000:557) is spelt out for Six-Pack (000:683–686), and the
/// three- and four-hand games are the two-hand game with more players (000:574–586).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Options {
    /// The pack.
    #[schemars(with = "String")]
    #[serde(serialize_with = "pack_name")]
    pub pack: Pack,
    /// The players, each for himself (000:576, 580).
    pub seats: usize,
    /// Whether four play two against two, partners across (000:580–586): the winner of a
    /// trick may yield the declaration to his partner, a declaration may use the partner's
    /// cards on the table, and the sides score.
    pub partners: bool,
    /// Cards dealt to each hand.
    pub hand: usize,
    /// Whether a card is turned for trump (without it the first marriage makes trump).
    pub turned: bool,
    /// The declarations and their values.
    pub melds: MeldTable,
    /// The duties of the last tricks, once the stock is gone.
    pub duties: Duties,
    /// Each brisque (ace or ten) taken in.
    pub brisque: u32,
    /// The last trick.
    pub last_trick: u32,
    /// The points that win the game (unused when each deal is a game, `per_deal`).
    pub game: u32,
    /// Carte blanche (a hand dealt without a king, queen or jack, then each drawn card
    /// shown that is not one), its value each time; 0 where the game has none (Rubicon
    /// Bezique 50, 000:712, after Six-Pack's 000:663).
    pub carte_blanche: u32,
    /// When the brisques count.
    pub count_brisques: BrisqueCount,
    /// When each deal is a game (Rubicon Bezique, 000:718), its bonuses and the rubicon.
    pub per_deal: Option<DealGame>,
    /// Whether the winner of the trick before the last draws may still declare: Six-Pack's
    /// "no declaration may be scored after the last two cards of the stock have been drawn"
    /// (000:688) leaves that turn open, where two-hand Bezique's winner of the last
    /// face-down card "may not declare" (000:566).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub declare_at_last_draw: bool,
    /// The dealer's cut of the packet he deals from and the non-dealer's guess of its size,
    /// when they score (Six-Pack Bezique, 000:603).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut: Option<CutScores>,
    /// The trump suit of the previous deal, which may not be trumps again (000:671), when a
    /// record's `Options` names it (`previous-trump ♥`); `None` when not known or when the
    /// bezique is ♠Q ♦J whatever the trump (the variation of 000:671).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    #[serde(serialize_with = "suit_name")]
    pub previous_trump: Option<cards::Suit>,
}

fn suit_name<S: serde::Serializer>(suit: &Option<cards::Suit>, s: S) -> Result<S::Ok, S::Error> {
    match suit {
        Some(t) => s.serialize_str(t.name()),
        None => s.serialize_none(),
    }
}

/// What the cut and the guess score (Six-Pack Bezique, 000:603).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct CutScores {
    /// The packet size that scores the dealer (24).
    pub packet: u32,
    /// The dealer's score for lifting exactly that many (250).
    pub dealer: u32,
    /// The non-dealer's score for guessing the size of the packet lifted (150).
    pub guess: u32,
}

/// When the brisques taken count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BrisqueCount {
    /// Always, after the play (two-hand Bezique, 000:547–549).
    Always,
    /// Only to break a tie or to let the lower player escape the rubicon, and then for both
    /// players (Rubicon Bezique, 000:716).
    ToSettle,
    /// Never: no card scores (Six-Pack Bezique, 000:667).
    Never,
}

/// The settlement of a deal that is a game in itself (Rubicon Bezique, 000:718).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct DealGame {
    /// The winner's bonus for game (500).
    pub bonus: u32,
    /// The loser under this many points, brisques included, is rubiconed (1,000).
    pub rubicon_under: u32,
    /// The winner's bonus instead of `bonus` in a rubicon (1,000).
    pub rubicon_bonus: u32,
    /// What the winner of a rubicon scores for all the brisques (320: the 32 brisques of the
    /// 128-card pack at 10).
    pub rubicon_brisques: u32,
    /// The points are scored in whole multiples of this (100: "fractions of 100 points are
    /// disregarded unless they are needed to determine the winner").
    pub unit: u32,
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

/// Seed 000's declarations (000:525–545): marriage 20, in trumps 40, sequence 250, bezique
/// 40, double bezique 500, 100 aces, 80 kings, 60 queens, 40 jacks, the seven of trumps 10.
pub const SEED_000: MeldTable = MeldTable {
    run: 250,
    double_run: None,
    royal: 40,
    marriage: 20,
    dix: 10,
    dix_rank: Rank::Seven,
    pinochle: 40,
    double_pinochle: Some(500),
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

/// Rubicon Bezique's declarations (000:710–714): seed 000's two-hand table, with the back
/// door (a plain suit's sequence) 150, triple bezique 1,500 and quadruple bezique 4,500; a
/// card may serve again in a declaration of its own kind (as in Six-Pack, 000:677); no extra
/// count for four of a kind in trumps. (The seven of trumps does not count: no card is
/// turned, `turned: false`.)
pub const RUBICON_MELDS: MeldTable = MeldTable {
    back_door: Some(150),
    triple_pinochle: Some(1500),
    quadruple_pinochle: Some(4500),
    same_kind_again: true,
    ..SEED_000
};

/// The last eight tricks (000:566): follow suit and try to win the trick; a player who
/// cannot follow wins with a trump if he can.
pub const LAST_TRICKS: Duties = Duties {
    follow: true,
    head: Head::EveryLead,
    trump_when_void: true,
    overtrump: Overtrump::Required,
    over_partner: true,
};

const TWO_HAND: Options = Options {
    pack: Pack::Bezique64,
    seats: 2,
    partners: false,
    hand: 8,
    turned: true,
    melds: SEED_000,
    duties: LAST_TRICKS,
    brisque: 10,
    last_trick: 10,
    game: 1500,
    carte_blanche: 0,
    count_brisques: BrisqueCount::Always,
    per_deal: None,
    cut: None,
    declare_at_last_draw: false,
    previous_trump: None,
};

/// Rubicon Bezique (000:704–718): 128 cards, nine each, no turned trump, carte blanche 50,
/// the last trick 50, the brisques only to settle, each deal a game.
const RUBICON: Options = Options {
    pack: Pack::Bezique128,
    seats: 2,
    partners: false,
    hand: 9,
    turned: false,
    melds: RUBICON_MELDS,
    duties: LAST_TRICKS,
    brisque: 10,
    last_trick: 50,
    game: 0,
    carte_blanche: 50,
    count_brisques: BrisqueCount::ToSettle,
    per_deal: Some(DealGame {
        bonus: 500,
        rubicon_under: 1000,
        rubicon_bonus: 1000,
        rubicon_brisques: 320,
        unit: 100,
    }),
    cut: None,
    declare_at_last_draw: false,
    previous_trump: None,
};

/// Six-Pack Bezique's declarations (000:615–659): sequence in trumps 250, in another suit
/// 150 (the back door's figure); marriage 40 and 20; the bezique by trump 40 (000:625–633),
/// double 500, triple 1,500, quadruple 4,500; any four aces, kings, queens, jacks 100, 80,
/// 60, 40; four aces, tens, kings, queens, jacks of trumps 1,000, 900, 800, 600, 400. No
/// seven of trumps (no card is turned). A card serves again in its own kind once its
/// declaration is broken (000:677).
pub const SIX_PACK_MELDS: MeldTable = MeldTable {
    bezique_by_trump: true,
    trump_fours: Some(TrumpFours {
        count: 4,
        values: [1000, 900, 800, 600, 400],
    }),
    ..RUBICON_MELDS
};

/// Eight-Pack Bezique's declarations (000:698–700): Six-Pack's, with the single bezique 50,
/// the quintuple 9,000 (six beziques at once are a quintuple and a single: the seed names
/// none higher), and five of a rank in trumps, 2,000, 1,800, 1,600, 1,200, 800, in place of
/// Six-Pack's four.
pub const EIGHT_PACK_MELDS: MeldTable = MeldTable {
    pinochle: 50,
    more_pinochles: Some([9000, 0]),
    trump_fours: Some(TrumpFours {
        count: 5,
        values: [2000, 1800, 1600, 1200, 800],
    }),
    ..SIX_PACK_MELDS
};

/// Six-Pack Bezique (000:588–690): 192 cards, twelve each, no turned trump, the cut and the
/// guess, carte blanche 250, no card points, the last trick 250, pending declarations; each
/// deal a game, the winner +1,000, the rubicon under 3,000 (000:690).
const SIX_PACK: Options = Options {
    pack: Pack::Bezique192,
    seats: 2,
    hand: 12,
    turned: false,
    melds: SIX_PACK_MELDS,
    duties: LAST_TRICKS,
    brisque: 0,
    last_trick: 250,
    game: 0,
    carte_blanche: 250,
    count_brisques: BrisqueCount::Never,
    per_deal: Some(DealGame {
        bonus: 1000,
        rubicon_under: 3000,
        rubicon_bonus: 1000,
        rubicon_brisques: 0,
        unit: 100,
    }),
    cut: Some(CutScores {
        packet: 24,
        dealer: 250,
        guess: 150,
    }),
    declare_at_last_draw: true,
    previous_trump: None,
    partners: false,
};

/// Eight-Pack Bezique (000:692–702): Six-Pack with 256 cards, fifteen each, its own
/// declarations, and the rubicon under 5,000.
const EIGHT_PACK: Options = Options {
    pack: Pack::Bezique256,
    hand: 15,
    melds: EIGHT_PACK_MELDS,
    per_deal: Some(DealGame {
        bonus: 1000,
        rubicon_under: 5000,
        rubicon_bonus: 1000,
        rubicon_brisques: 0,
        unit: 100,
    }),
    ..SIX_PACK
};

/// Three- and four-hand Bezique's declarations (000:576, 586): seed 000's table with the
/// triple bezique 1,500, added to a double bezique counted for 500 or declared at once.
pub const MORE_HANDS_MELDS: MeldTable = MeldTable {
    triple_pinochle: Some(1500),
    ..SEED_000
};

/// Three-hand Bezique (000:574–576): three packs, 96 cards, the two-hand game in clockwise
/// rotation, the dealer's left leading; game 2,000.
const THREE_HAND: Options = Options {
    pack: Pack::Bezique96,
    seats: 3,
    melds: MORE_HANDS_MELDS,
    game: 2000,
    ..TWO_HAND
};

/// Four-hand Bezique played as individuals (000:578–586): four packs, 128 cards; game 2,000.
const FOUR_HAND: Options = Options {
    pack: Pack::Bezique128,
    seats: 4,
    ..THREE_HAND
};

/// Four-hand Bezique for two partnerships, partners across, N–S against E–W (000:580–586):
/// the four-hand game, the declaration yielded to the partner or made with his cards; the
/// sides score, game 2,000 each.
const FOUR_HAND_PARTNERS: Options = Options {
    partners: true,
    ..FOUR_HAND
};

/// Every profile, in listing order.
pub fn all() -> &'static [Profile] {
    static ALL: [Profile; 8] = [
        Profile {
            name: "uspc-two-hand",
            description: "Two-hand Bezique, 64 cards: the turned trump, declarations after winning a trick, brisques, the last eight tricks strict; game 1,500",
            source: "seed 000, Bezique",
            options: TWO_HAND,
        },
        Profile {
            name: "uspc-no-turn",
            description: "Bezique without turning trump: the first marriage (or a sequence before one) makes trump; no count for the seven",
            source: "seed 000, Bezique, Bezique Without Turning Trump",
            options: Options {
                turned: false,
                ..TWO_HAND
            },
        },
        Profile {
            name: "rubicon",
            description: "Rubicon Bezique, 128 cards, nine each: no turned trump, back door 150, triple and quadruple bezique, carte blanche 50, last trick 50; each deal a game, the rubicon under 1,000",
            source: "seed 000, Bezique, Rubicon Bezique",
            options: RUBICON,
        },
        Profile {
            name: "six-pack",
            description: "Six-Pack Bezique, 192 cards, twelve each: the cut and the guess, no turned trump, the bezique by trump, four of a kind in trumps, carte blanche 250, pending declarations, no card points, last trick 250; each deal a game, +1,000, the rubicon under 3,000",
            source: "seed 000, Bezique, Six-Pack Bezique",
            options: SIX_PACK,
        },
        Profile {
            name: "eight-pack",
            description: "Eight-Pack Bezique, 256 cards, fifteen each: Six-Pack with single bezique 50, quintuple 9,000, five of a kind in trumps; the rubicon under 5,000",
            source: "seed 000, Bezique, Six-Pack Bezique, Eight-Pack Bezique",
            options: EIGHT_PACK,
        },
        Profile {
            name: "uspc-three-hand",
            description: "Three-hand Bezique, 96 cards: the two-hand game in rotation, the dealer's left leading; triple bezique 1,500; game 2,000",
            source: "seed 000, Bezique, Three-Hand Bezique",
            options: THREE_HAND,
        },
        Profile {
            name: "uspc-four-hand",
            description: "Four-hand Bezique for four individuals, 128 cards: the two-hand game in rotation; triple bezique 1,500; game 2,000",
            source: "seed 000, Bezique, Four-Hand Bezique",
            options: FOUR_HAND,
        },
        Profile {
            name: "uspc-four-hand-partnership",
            description: "Four-hand Bezique, two against two, partners across: the trick's winner declares or yields to his partner, declarations with the partner's cards on the table, double and triple bezique from one hand; the sides score, game 2,000",
            source: "seed 000, Bezique, Four-Hand Bezique",
            options: FOUR_HAND_PARTNERS,
        },
    ];
    &ALL
}

/// The profile with this name.
pub fn by_name(name: &str) -> Option<&'static Profile> {
    all().iter().find(|p| p.name == name)
}

/// The options of `base` changed by a record's `Options` tag (`game 1000`; Six-Pack's
/// `fixed-bezique` and `previous-trump ♥`); entries not understood are returned beside.
pub fn with_tag(base: Options, tag: &str) -> (Options, Vec<String>) {
    let mut o = base;
    let mut errors = Vec::new();
    let by_trump = base.melds.bezique_by_trump;
    for entry in tag.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let mut words = entry.split_whitespace();
        let (key, value) = (words.next(), words.next());
        match (key, value) {
            (Some("game"), Some(v)) => match v.parse::<u32>() {
                Ok(n) => o.game = n,
                Err(_) => errors.push(entry.to_string()),
            },
            // 000:661: "Many players still follow this rule": ♠Q ♦J whatever the trump.
            (Some("fixed-bezique"), None) if by_trump => o.melds.bezique_by_trump = false,
            (Some("previous-trump"), Some(v)) if by_trump => match suit_of(v) {
                Some(s) => o.previous_trump = Some(s),
                None => errors.push(entry.to_string()),
            },
            _ => errors.push(entry.to_string()),
        }
    }
    // The variation of 000:671: with ♠Q ♦J always the bezique, a suit may be trumps again.
    if !o.melds.bezique_by_trump {
        o.previous_trump = None;
    }
    (o, errors)
}

/// A suit written as a symbol or a letter (`♥`, `h`, `hearts`).
fn suit_of(text: &str) -> Option<cards::Suit> {
    cards::Suit::ALL.into_iter().find(|s| {
        let t = text.to_lowercase();
        t == s.name() || t == s.symbol().to_string() || t == s.letter().to_ascii_lowercase().to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 000:708–718 in figures.
    #[test]
    fn rubicon_s_figures() {
        let o = by_name("rubicon").map(|p| p.options);
        let Some(o) = o else {
            panic!("no rubicon profile");
        };
        assert_eq!(o.pack.len(), 128);
        assert_eq!(o.hand, 9);
        assert!(!o.turned);
        assert_eq!(o.melds.back_door, Some(150));
        assert_eq!(o.melds.triple_pinochle, Some(1500));
        assert_eq!(o.melds.quadruple_pinochle, Some(4500));
        assert_eq!(o.last_trick, 50);
        assert_eq!(o.carte_blanche, 50);
        // "plus 320 for all the brisques": the 32 aces and tens of four packs at 10.
        let brisques = o
            .pack
            .cards()
            .iter()
            .filter(|c| matches!(c.rank, Rank::Ace | Rank::Ten))
            .count() as u32;
        assert_eq!(o.per_deal.map(|d| d.rubicon_brisques), Some(brisques * o.brisque));
    }

    #[test]
    fn the_pack_and_the_brisques() {
        let o = all()[0].options;
        assert_eq!(o.pack.len(), 64);
        // 16 brisques (two packs of four aces and four tens) at 10, and the last trick.
        let brisques = o
            .pack
            .cards()
            .iter()
            .filter(|c| matches!(c.rank, Rank::Ace | Rank::Ten))
            .count();
        assert_eq!(brisques as u32 * o.brisque + o.last_trick, 170);
        let (o2, e) = with_tag(o, "game 1000, tempo 3");
        assert_eq!(o2.game, 1000);
        assert_eq!(e, ["tempo 3"]);
    }

    fn profile(name: &str) -> Options {
        let Some(p) = by_name(name) else {
            panic!("no {name} profile");
        };
        p.options
    }

    /// 000:595–605 and 000:615–663: Six-Pack's pack, deal and table of declarations.
    #[test]
    fn six_pack_s_figures() {
        use crate::pinochle::meld::MeldKind::*;
        let o = profile("six-pack");
        assert_eq!(o.pack.len(), 192);
        assert_eq!(o.hand, 12);
        assert!(!o.turned);
        assert_eq!(o.cut.map(|c| (c.packet, c.dealer, c.guess)), Some((24, 250, 150)));
        let m = o.melds;
        let values = [
            (Run, 250),
            (BackDoor, 150),
            (Royal, 40),
            (Marriage, 20),
            (Pinochle, 40),
            (DoublePinochle, 500),
            (TriplePinochle, 1500),
            (QuadruplePinochle, 4500),
            (Aces, 100),
            (Kings, 80),
            (Queens, 60),
            (Jacks, 40),
            (TrumpAces, 1000),
            (TrumpTens, 900),
            (TrumpKings, 800),
            (TrumpQueens, 600),
            (TrumpJacks, 400),
        ];
        for (kind, v) in values {
            assert_eq!(m.value(kind), Some(v), "{kind:?}");
        }
        assert_eq!(m.trump_fours.map(|t| t.count), Some(4));
        assert_eq!(o.last_trick, 250);
        assert_eq!(o.carte_blanche, 250);
        assert_eq!(o.brisque, 0);
        assert_eq!(o.count_brisques, BrisqueCount::Never);
        assert!(o.declare_at_last_draw);
        let g = o
            .per_deal
            .map(|g| (g.bonus, g.rubicon_under, g.rubicon_bonus, g.rubicon_brisques));
        assert_eq!(g, Some((1000, 3000, 1000, 0)));
    }

    /// 000:696–702: Eight-Pack is Six-Pack with 256 cards, fifteen each, its beziques and
    /// five of a rank in trumps, and the rubicon under 5,000.
    #[test]
    fn eight_pack_s_figures() {
        use crate::pinochle::meld::MeldKind::*;
        let o = profile("eight-pack");
        assert_eq!(o.pack.len(), 256);
        assert_eq!(o.hand, 15);
        let m = o.melds;
        let values = [
            (Pinochle, 50),
            (DoublePinochle, 500),
            (TriplePinochle, 1500),
            (QuadruplePinochle, 4500),
            (QuintuplePinochle, 9000),
            (TrumpAces, 2000),
            (TrumpTens, 1800),
            (TrumpKings, 1600),
            (TrumpQueens, 1200),
            (TrumpJacks, 800),
        ];
        for (kind, v) in values {
            assert_eq!(m.value(kind), Some(v), "{kind:?}");
        }
        assert_eq!(m.value(SextuplePinochle), None);
        assert_eq!(m.trump_fours.map(|t| t.count), Some(5));
        assert_eq!(o.per_deal.map(|g| g.rubicon_under), Some(5000));
        assert_eq!(o.cut, profile("six-pack").cut);
        assert_eq!(o.last_trick, 250);
    }

    /// 000:625–633: the bezique is the queen of trumps and the jack of the paired suit;
    /// 000:661: "Originally, the spade queen and diamond jack counted as bezique no matter
    /// what suit was trump": the `fixed-bezique` option, under which the previous deal's
    /// trump may be trumps again (000:671's variation).
    #[test]
    fn the_bezique_by_trump_and_the_old_rule() {
        use cards::{Card, Suit};
        let o = profile("six-pack");
        let q = |s| Card::new(s, Rank::Queen);
        let j = |s| Card::new(s, Rank::Jack);
        let pairs = [
            (Suit::Spades, Suit::Diamonds),
            (Suit::Diamonds, Suit::Spades),
            (Suit::Hearts, Suit::Clubs),
            (Suit::Clubs, Suit::Hearts),
        ];
        for (trump, jack) in pairs {
            assert_eq!(o.melds.bezique_pair(trump), (q(trump), j(jack)));
        }
        let (fixed, e) = with_tag(o, "previous-trump ♥, fixed-bezique");
        assert!(e.is_empty(), "{e:?}");
        for (trump, _) in pairs {
            assert_eq!(
                fixed.melds.bezique_pair(trump),
                (q(Suit::Spades), j(Suit::Diamonds))
            );
        }
        assert_eq!(fixed.previous_trump, None);
        let (barred, _) = with_tag(o, "previous-trump h");
        assert_eq!(barred.previous_trump, Some(Suit::Hearts));
        // Profiles without the bezique by trump have neither entry.
        let (_, e) = with_tag(profile("rubicon"), "fixed-bezique, previous-trump ♥");
        assert_eq!(e, ["fixed-bezique", "previous-trump ♥"]);
    }
}
