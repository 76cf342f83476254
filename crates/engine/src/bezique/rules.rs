//! The named profiles of the Bezique family and their options (`spec/rules/bezique.md`).

use cards::{Pack, Rank};

use crate::core::duties::{Duties, Head, Overtrump};
use crate::pinochle::meld::MeldTable;

/// The options of a profile.
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
    static ALL: [Profile; 6] = [
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

/// The options of `base` changed by a record's `Options` tag (`game 1000`); entries not
/// understood are returned beside.
pub fn with_tag(base: Options, tag: &str) -> (Options, Vec<String>) {
    let mut o = base;
    let mut errors = Vec::new();
    for entry in tag.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let mut words = entry.split_whitespace();
        match (words.next(), words.next().and_then(|v| v.parse::<u32>().ok())) {
            (Some("game"), Some(n)) => o.game = n,
            _ => errors.push(entry.to_string()),
        }
    }
    (o, errors)
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
}
