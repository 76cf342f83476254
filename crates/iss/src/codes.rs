//! The diagnostic codes of the ISS format (`I01xx`), listed in `spec/errors.md`.

/// The input could not be read.
pub const IO: &str = "I0101";
/// Text outside a record that is neither blank nor a `#` comment.
pub const OUTSIDE: &str = "I0102";
/// A record that is not closed: the input ends, or a line starting with `(;` begins, inside it.
pub const UNCLOSED: &str = "I0103";
/// A record longer than the reader's limit.
pub const TOO_LONG: &str = "I0104";
/// The record's structure is broken: no `(;`, a missing property name or `[`.
pub const STRUCTURE: &str = "I0105";
/// A property value that is not UTF-8.
pub const NOT_UTF8: &str = "I0106";
/// A second `MV` or `R` property.
pub const DUPLICATE: &str = "I0107";
/// A move whose actor is not `w`, `0`, `1` or `2`.
pub const ACTOR: &str = "I0108";
/// An actor at the end of `MV` with no action after it.
pub const NO_ACTION: &str = "I0109";
/// An action that is not one the actor can make.
pub const ACTION: &str = "I0110";
/// A malformed card token where a card belongs.
pub const CARD: &str = "I0111";
/// A server move listing a number of cards that is neither a deal (32) nor a skat (2).
pub const DEAL: &str = "I0112";
/// A bid that is not a plain decimal number.
pub const BID: &str = "I0113";
/// A declaration whose letters are malformed (a modifier given twice).
pub const DECLARATION: &str = "I0114";
/// A result field with a known key and a malformed value.
pub const RESULT_FIELD: &str = "I0115";
/// A text property given twice (`P0`, `DT`, any name but `MV` and `R`, which are [`DUPLICATE`]).
pub const DUPLICATE_PROPERTY: &str = "I0116";
/// The record is not a Skat record (`GM` missing or not `Skat`).
pub const NOT_SKAT: &str = "I0120";
/// A move where the course of a Skat game does not allow it.
pub const OUT_OF_PLACE: &str = "I0121";
/// A card played by a seat other than the next in the trick.
pub const OUT_OF_TURN: &str = "I0122";
/// An `OW` value that is not a seat.
pub const VIEWPOINT: &str = "I0123";
/// A tag with no ISS property.
pub const TAG: &str = "I0130";
/// A seat label other than `F`, `M`, `R` (and `skat` in the deal).
pub const SEAT: &str = "I0131";
/// A deal that is not ten cards for each seat and two for the skat.
pub const TREE_DEAL: &str = "I0132";
/// An exchange, declaration or play statement with no ISS move.
pub const STATEMENT: &str = "I0133";
/// A play section in column layout.
pub const COLUMNS: &str = "I0134";
/// A result claim with no ISS field, or a result with no outcome.
pub const CLAIM: &str = "I0135";
/// A `Game` tag other than `skat`.
pub const TREE_GAME: &str = "I0136";
/// A trick with no leader or more than three cards.
pub const TRICK: &str = "I0137";
/// A malformed `IssLayout` tag.
pub const LAYOUT: &str = "I0138";
/// A warning of `stich convert --to iss`: the record's comments are not kept, since the
/// one-line ISS record has no place for them.
pub const COMMENTS_NOT_KEPT: &str = "I0139";

/// The codes reading ISS text can produce (each has a case in `tests/golden/iss.sgf`); the
/// golden file is read with a record limit of [`GOLDEN_MAX_RECORD`] bytes. [`IO`] is the one
/// reading code no text can produce; a unit test covers it.
pub const READING: [&str; 19] = [
    OUTSIDE,
    UNCLOSED,
    TOO_LONG,
    STRUCTURE,
    NOT_UTF8,
    DUPLICATE,
    ACTOR,
    NO_ACTION,
    ACTION,
    CARD,
    DEAL,
    BID,
    DECLARATION,
    RESULT_FIELD,
    DUPLICATE_PROPERTY,
    NOT_SKAT,
    OUT_OF_PLACE,
    OUT_OF_TURN,
    VIEWPOINT,
];

/// The codes only converting a syntax tree to ISS can produce (unit-tested in `from_tree`).
pub const EXPORTING: [&str; 9] = [
    TAG, SEAT, TREE_DEAL, STATEMENT, COLUMNS, CLAIM, TREE_GAME, TRICK, LAYOUT,
];

/// The record limit the golden file is read with, so that its too-long case stays small.
pub const GOLDEN_MAX_RECORD: usize = 4096;
