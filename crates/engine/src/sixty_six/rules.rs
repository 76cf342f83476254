//! The named profiles of the Sixty-Six family and their options (`spec/rules/sixty-six.md`).
//!
//! A profile is data: the two-, three- and four-hand games differ in their pack, their table,
//! whether there is a stock and marriages, the duties of play and the game-point scale.

use cards::Pack;

use crate::core::duties::Duties;

/// How a deal is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Two players with a turned trump card and a stock (seed 000, 000:448–492).
    TwoHand,
    /// Three at the table: the dealer takes no cards, the other two play the two-hand game
    /// (000:494–496).
    ThreeHand,
    /// Four in two partnerships, eight cards each, no stock (000:498–506).
    FourHand,
}

/// The options of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Options {
    /// How the deal is played.
    pub format: Format,
    /// The pack.
    #[schemars(with = "String")]
    #[serde(serialize_with = "pack_name")]
    pub pack: Pack,
    /// Cards dealt to each active hand.
    pub hand: usize,
    /// Seats at the table.
    pub seats: usize,
    /// Whether marriages are shown and scored (not in the four-hand game, 000:504).
    pub marriages: bool,
    /// A marriage in trumps.
    pub trump_marriage: u32,
    /// A marriage in another suit.
    pub plain_marriage: u32,
    /// The duties while the stock lasts.
    pub stock_duties: Duties,
    /// The duties after the stock is closed.
    pub closed_duties: Duties,
    /// The duties after the stock is used up (the whole play without a stock).
    pub exhausted_duties: Duties,
    /// The fewest cards (the turned card included) the stock must hold for the trump nine
    /// to be exchanged (`notation-growth.md` X30: not once only the turned card and one more
    /// are left).
    pub exchange_min_stock: usize,
    /// The last trick's bonus (not after a close, 000:488).
    pub last_trick: u32,
    /// The points that win a deal.
    pub target: u32,
    /// The opponent's points below which the winner scores schneider (two game points).
    pub schneider: u32,
    /// Game points for a failed close or a false announcement (000:478).
    pub failed_close: u32,
    /// … when the closer's opponent had taken no trick at the close.
    pub failed_close_no_trick: u32,
    /// The four-hand scale: below this a side's 66 scores one game point, from it two
    /// (`notation-growth.md` X36: exactly 100 scores two).
    pub two_points_from: u32,
    /// Four-hand local rule: the side that wins the ten of trumps scores this many game
    /// points more (0: not played, 000:506).
    pub ten_of_trumps: u32,
    /// Game points that win the game.
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

const TWO_HAND: Options = Options {
    format: Format::TwoHand,
    pack: Pack::SixtySix24,
    hand: 6,
    seats: 2,
    marriages: true,
    trump_marriage: 40,
    plain_marriage: 20,
    stock_duties: Duties::FREE,
    closed_duties: Duties::FOLLOW,
    exhausted_duties: Duties::FOLLOW,
    exchange_min_stock: 3,
    last_trick: 10,
    target: 66,
    schneider: 33,
    failed_close: 2,
    failed_close_no_trick: 3,
    two_points_from: 0,
    ten_of_trumps: 0,
    game: 7,
};

/// Every profile, in listing order.
pub fn all() -> &'static [Profile] {
    static ALL: [Profile; 3] = [
        Profile {
            name: "uspc-two-hand",
            description: "Two-hand Sixty-Six, 24 cards: the stock, marriages on the lead, the trump nine, closing, announcing 66; game points 1, 2, 3",
            source: "seed 000, Sixty-Six",
            options: TWO_HAND,
        },
        Profile {
            name: "uspc-three-hand",
            description: "Three-hand Sixty-Six: the dealer takes no cards and scores what either active player wins, but not his seventh point",
            source: "seed 000, Sixty-Six, Three-Hand Sixty-Six",
            options: Options {
                format: Format::ThreeHand,
                seats: 3,
                ..TWO_HAND
            },
        },
        Profile {
            name: "uspc-four-hand",
            description: "Four-hand Sixty-Six, 32 cards: partners across, no stock, no marriages, follow and win; 66 1, 100 2, every trick 3",
            source: "seed 000, Sixty-Six, Four-Hand Sixty-Six",
            options: Options {
                format: Format::FourHand,
                pack: Pack::SixtySix32,
                hand: 8,
                seats: 4,
                marriages: false,
                stock_duties: Duties::STRICT,
                closed_duties: Duties::STRICT,
                exhausted_duties: Duties::STRICT,
                two_points_from: 100,
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

/// Why an `Options` entry was not applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// The entry as written.
    pub entry: String,
}

/// The options of `base` changed by a record's `Options` tag (`ten-of-trumps 1, game 7,
/// after-close strict`); entries not understood are returned beside.
pub fn with_tag(base: Options, tag: &str) -> (Options, Vec<OptionError>) {
    let mut o = base;
    let mut errors = Vec::new();
    for entry in tag.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let mut words = entry.split_whitespace();
        let (name, value) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let number = value.parse::<u32>().ok();
        let four = o.format == Format::FourHand;
        let ok = match (name, value) {
            ("game", _) => number.map(|n| o.game = n).is_some(),
            ("ten-of-trumps", _) if four => number.map(|n| o.ten_of_trumps = n).is_some(),
            ("after-close", "follow") if !four => {
                o.closed_duties = Duties::FOLLOW;
                o.exhausted_duties = Duties::FOLLOW;
                true
            }
            ("after-close", "strict") if !four => {
                o.closed_duties = Duties::STRICT;
                o.exhausted_duties = Duties::STRICT;
                true
            }
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

/// What an `Options` tag may hold, for the help of a finding.
pub const OPTIONS_HELP: &str = "game N; after-close follow|strict (two- and three-hand); ten-of-trumps N (four-hand) — spec/rules/sixty-six.md §6";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_packs_hold_the_seed_s_cards_and_120_points() {
        for p in all() {
            let o = p.options;
            let pack = o.pack.spec();
            let points: u32 = pack
                .cards()
                .iter()
                .map(|&c| crate::sixty_six::scoring::card_points(c))
                .sum();
            assert_eq!(points, 120, "{}", p.name);
            let dealt = o.hand * if o.format == Format::FourHand { 4 } else { 2 };
            assert!(dealt <= pack.len());
        }
        assert_eq!(TWO_HAND.pack.len(), 24);
        assert_eq!(by_name("uspc-four-hand").map(|p| p.options.pack.len()), Some(32));
    }

    #[test]
    fn an_options_tag_changes_the_profile_s_choices() {
        let four = by_name("uspc-four-hand").map(|p| p.options).unwrap_or(TWO_HAND);
        let (o, e) = with_tag(four, "ten-of-trumps 1, game 11, tempo 3");
        assert_eq!(o.ten_of_trumps, 1);
        assert_eq!(o.game, 11);
        assert_eq!(e.len(), 1);
        let (o, e) = with_tag(TWO_HAND, "after-close strict, ten-of-trumps 1");
        assert_eq!(o.closed_duties, Duties::STRICT);
        assert_eq!(e.len(), 1);
    }
}
