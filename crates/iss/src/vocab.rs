//! The words of the mapping between ISS records and the stich syntax tree, in one place so
//! that both directions use the same ones (the table is in `spec/iss.md`).

use crate::model::{Key, Seat};

/// `[Game "skat"]`, from `GM[Skat]`.
pub(crate) const TAG_GAME: &str = "Game";
/// The `Game` tag's value.
pub(crate) const GAME_SKAT: &str = "skat";
/// The `GM` value of a Skat record.
pub(crate) const GM_SKAT: &str = "Skat";
/// `[Rules "isko"]`: the server plays the ISkO rules.
pub(crate) const TAG_RULES: &str = "Rules";
/// The `Rules` tag's value.
pub(crate) const RULES_ISKO: &str = "isko";
/// `DT`'s date, `YYYY.MM.DD`.
pub(crate) const TAG_DATE: &str = "Date";
/// `DT`'s time, `HH:MM:SS`.
pub(crate) const TAG_TIME: &str = "Time";
/// `DT`'s time zone, `UTC`.
pub(crate) const TAG_ZONE: &str = "TimeZone";
/// A `DT` value not of the form `YYYY-MM-DD/HH:MM:SS/ZONE`, kept whole.
pub(crate) const TAG_ISS_DATE: &str = "IssDate";
/// `OW`: the seat whose view the record shows.
pub(crate) const TAG_VIEWPOINT: &str = "Viewpoint";
/// The exact `R` text, when the claims alone would not give it back.
pub(crate) const TAG_ISS_RESULT: &str = "IssResult";
/// How the moves were laid out, when not as the server usually does.
pub(crate) const TAG_ISS_LAYOUT: &str = "IssLayout";
/// Prefix of the tags of unknown properties: `XY[…]` becomes `[IssXY "…"]`.
pub(crate) const OTHER_PREFIX: &str = "Iss";

/// The tag of the properties that map one to one.
pub(crate) fn simple_tag(key: &Key) -> Option<&'static str> {
    Some(match key {
        Key::Place => "Site",
        Key::Series => "Series",
        Key::Id => "GameId",
        Key::Comment => "Comment",
        Key::Player(Seat::Fore) => "F",
        Key::Player(Seat::Middle) => "M",
        Key::Player(Seat::Rear) => "R",
        Key::Rating(Seat::Fore) => "FRating",
        Key::Rating(Seat::Middle) => "MRating",
        Key::Rating(Seat::Rear) => "RRating",
        _ => return None,
    })
}

/// The property of a tag that maps one to one.
pub(crate) fn simple_key(tag: &str) -> Option<Key> {
    Some(match tag {
        "Site" => Key::Place,
        "Series" => Key::Series,
        "GameId" => Key::Id,
        "Comment" => Key::Comment,
        "F" => Key::Player(Seat::Fore),
        "M" => Key::Player(Seat::Middle),
        "R" => Key::Player(Seat::Rear),
        "FRating" => Key::Rating(Seat::Fore),
        "MRating" => Key::Rating(Seat::Middle),
        "RRating" => Key::Rating(Seat::Rear),
        _ => return None,
    })
}

/// Exchange: `F pickup ♦7 ♦8`.
pub(crate) const PICKUP: &str = "pickup";
/// Exchange: `F discard ♠10 ♠9`.
pub(crate) const DISCARD: &str = "discard";
/// Play event `SC`: `F shows [cards]`.
pub(crate) const SHOWS: &str = "shows";
/// Play event `RE`: `M resigns`.
pub(crate) const RESIGNS: &str = "resigns";
/// Play event `RE` by the declarer, as the engine also writes it: `F concedes`.
pub(crate) const CONCEDES: &str = "concedes";
/// Play event `w TI.n`: `M times-out`.
pub(crate) const TIMES_OUT: &str = "times-out";
/// Play event `w LE.n`: `M leaves`.
pub(crate) const LEAVES: &str = "leaves";

/// Result claim keys.
pub(crate) mod claim {
    /// `passed`
    pub const PASSED: &str = "passed";
    /// `declarer F`
    pub const DECLARER: &str = "declarer";
    /// `outcome won|lost|penalty`
    pub const OUTCOME: &str = "outcome";
    /// `score -54`
    pub const SCORE: &str = "score";
    /// `matadors -2`
    pub const MATADORS: &str = "matadors";
    /// `overbid yes|no`
    pub const OVERBID: &str = "overbid";
    /// `points 59`
    pub const POINTS: &str = "points";
    /// `tricks 4`
    pub const TRICKS: &str = "tricks";
    /// `schneider yes|no`
    pub const SCHNEIDER: &str = "schneider";
    /// `schwarz yes|no`
    pub const SCHWARZ: &str = "schwarz";
    /// `penalty F`
    pub const PENALTY: &str = "penalty";
    /// `left M`
    pub const LEFT: &str = "left";
    /// `timeout M`
    pub const TIMEOUT: &str = "timeout";
    /// `resigned yes|no`
    pub const RESIGNED: &str = "resigned";
    /// `iss "x:9"`: a result field this crate does not know.
    pub const ISS: &str = "iss";
    /// `bid 24`: implied by the auction moves; not an `R` field.
    pub const DERIVED_BID: &str = "bid";
    /// `value 36`: the base value, implied by the moves and `v`; not an `R` field.
    pub const DERIVED_VALUE: &str = "value";
    /// `skat_points 4`: implied by the deal and the moves; not an `R` field.
    pub const DERIVED_SKAT_POINTS: &str = "skat_points";
    /// `yes`
    pub const YES: &str = "yes";
    /// `no`
    pub const NO: &str = "no";
}
