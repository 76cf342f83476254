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
    /// The points that win the game.
    pub game: u32,
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
    multiples: None,
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
    hand: 8,
    turned: true,
    melds: SEED_000,
    duties: LAST_TRICKS,
    brisque: 10,
    last_trick: 10,
    game: 1500,
};

/// Every profile, in listing order.
pub fn all() -> &'static [Profile] {
    static ALL: [Profile; 2] = [
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
