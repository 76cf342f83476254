//! The diagnostic codes of the notation reader, `N00xx`–`N03xx`.
//!
//! Codes are stable: once published a code keeps its meaning. `spec/errors.md`
//! lists them with an example each, and `tests/golden/notation.stich` holds a record for
//! every code that a text file can trigger with the default limits.

use crate::diag::Severity;

/// Reading the input failed; the reader stops.
pub const IO: &str = "N0001";
/// A line is longer than [`Limits::max_line_len`](crate::Limits); the record is skipped.
pub const LINE_TOO_LONG: &str = "N0002";
/// A record is larger than [`Limits::max_record_bytes`](crate::Limits); it is skipped.
pub const RECORD_TOO_LARGE: &str = "N0003";
/// More records than [`Limits::max_records`](crate::Limits); the reader stops.
pub const TOO_MANY_RECORDS: &str = "N0004";
/// The input is not valid UTF-8; the record is skipped.
pub const INVALID_UTF8: &str = "N0005";

/// `%stich N` names a version this reader does not know.
pub const UNSUPPORTED_VERSION: &str = "N0101";
/// A `%` line that is not `%stich N`.
pub const BAD_DIRECTIVE: &str = "N0102";
/// A `{` comment without its `}`.
pub const UNTERMINATED_COMMENT: &str = "N0103";
/// A `"` string without its closing quote on the same line.
pub const UNTERMINATED_STRING: &str = "N0104";
/// A backslash in a string that is not `\"` or `\\`.
pub const BAD_ESCAPE: &str = "N0105";
/// A header line that is not a run of `[Name "value"]` pairs.
pub const BAD_TAG: &str = "N0106";
/// A body line outside any section whose first word is not a section keyword.
pub const UNKNOWN_SECTION: &str = "N0107";
/// A section after one that must follow it.
pub const SECTION_ORDER: &str = "N0108";
/// A section that appears twice.
pub const SECTION_REPEATED: &str = "N0109";
/// A token where the grammar wants something else.
pub const UNEXPECTED: &str = "N0110";
/// An auction call that is neither a number, `yes`/`y`/`hold` nor `pass`/`p`/`no`.
pub const UNKNOWN_CALL: &str = "N0111";
/// A number too large (or negative) for its place.
pub const NUMBER_RANGE: &str = "N0112";
/// A column-layout trick with more cards than there are columns.
pub const TOO_MANY_CARDS: &str = "N0113";
/// Content after the `*` that ends the body.
pub const AFTER_END: &str = "N0114";
/// A version-2 construct in a record read as version 1 (no `%stich 2` line before it).
pub const VERSION_2_ONLY: &str = "N0115";

/// A token in a card position that no alphabet of the record reads.
pub const UNKNOWN_CARD: &str = "N0201";
/// A token that two alphabets of the record read as different cards.
pub const AMBIGUOUS_CARD: &str = "N0202";

/// A required tag (`Game`, `Rules`) is missing.
pub const MISSING_TAG: &str = "N0301";
/// A `Date` that is not `YYYY.MM.DD` (with `?` for unknown digits).
pub const BAD_DATE: &str = "N0302";
/// A tag that appears twice.
pub const DUPLICATE_TAG: &str = "N0303";
/// A `Cards` tag naming an alphabet that does not exist.
pub const UNKNOWN_ALPHABET: &str = "N0304";

/// One code with its severity and a one-line meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeInfo {
    /// The code.
    pub code: &'static str,
    /// The severity it is reported with.
    pub severity: Severity,
    /// What it means.
    pub summary: &'static str,
}

const fn info(code: &'static str, severity: Severity, summary: &'static str) -> CodeInfo {
    CodeInfo {
        code,
        severity,
        summary,
    }
}

/// Every code the reader reports, in code order.
pub const ALL: &[CodeInfo] = &[
    info(IO, Severity::Error, "reading the input failed; reading stops"),
    info(
        LINE_TOO_LONG,
        Severity::Error,
        "line longer than the limit; the record is skipped",
    ),
    info(
        RECORD_TOO_LARGE,
        Severity::Error,
        "record larger than the limit; the record is skipped",
    ),
    info(
        TOO_MANY_RECORDS,
        Severity::Error,
        "more records than the limit; reading stops",
    ),
    info(
        INVALID_UTF8,
        Severity::Error,
        "input is not valid UTF-8; the record is skipped",
    ),
    info(
        UNSUPPORTED_VERSION,
        Severity::Warning,
        "unknown notation version; read as version 2",
    ),
    info(
        BAD_DIRECTIVE,
        Severity::Error,
        "a `%` line that is not `%stich N`",
    ),
    info(UNTERMINATED_COMMENT, Severity::Error, "`{` comment without `}`"),
    info(
        UNTERMINATED_STRING,
        Severity::Error,
        "string without closing quote on its line",
    ),
    info(
        BAD_ESCAPE,
        Severity::Error,
        "backslash escape other than `\\\"` or `\\\\`",
    ),
    info(
        BAD_TAG,
        Severity::Error,
        "header line that is not a run of `[Name \"value\"]`",
    ),
    info(
        UNKNOWN_SECTION,
        Severity::Error,
        "body line that does not start with a section keyword",
    ),
    info(SECTION_ORDER, Severity::Error, "section out of order"),
    info(SECTION_REPEATED, Severity::Error, "section given twice"),
    info(UNEXPECTED, Severity::Error, "unexpected token"),
    info(
        UNKNOWN_CALL,
        Severity::Error,
        "auction call that is not a number, yes or pass",
    ),
    info(NUMBER_RANGE, Severity::Error, "number out of range for its place"),
    info(
        TOO_MANY_CARDS,
        Severity::Error,
        "more cards in a trick row than columns",
    ),
    info(AFTER_END, Severity::Error, "content after the closing `*`"),
    info(
        VERSION_2_ONLY,
        Severity::Error,
        "a version-2 construct in a record read as version 1",
    ),
    info(
        UNKNOWN_CARD,
        Severity::Error,
        "token in a card position is not a card",
    ),
    info(
        AMBIGUOUS_CARD,
        Severity::Error,
        "card token that the selected alphabets read differently",
    ),
    info(MISSING_TAG, Severity::Error, "required tag missing"),
    info(BAD_DATE, Severity::Error, "Date is not YYYY.MM.DD"),
    info(DUPLICATE_TAG, Severity::Error, "tag given twice"),
    info(
        UNKNOWN_ALPHABET,
        Severity::Error,
        "Cards tag names an unknown alphabet",
    ),
];

/// Whether a finding with this code means the text could not be turned into a faithful
/// tree: every `N00xx`, `N01xx` and `N02xx` error. Header findings (`N03xx`) leave the
/// tree whole.
pub(crate) fn spoils_tree(code: &str, severity: Severity) -> bool {
    severity == Severity::Error && !code.starts_with("N03")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_sorted_unique_and_in_range() {
        for pair in ALL.windows(2) {
            assert!(
                pair[0].code < pair[1].code,
                "{} before {}",
                pair[0].code,
                pair[1].code
            );
        }
        for c in ALL {
            assert!(c.code.len() == 5 && c.code.starts_with("N0"), "{}", c.code);
            assert!(matches!(&c.code[2..3], "0" | "1" | "2" | "3"), "{}", c.code);
        }
        assert_eq!(ALL.len(), 26);
    }

    #[test]
    fn header_findings_keep_the_tree() {
        assert!(!spoils_tree(MISSING_TAG, Severity::Error));
        assert!(spoils_tree(UNKNOWN_CARD, Severity::Error));
        assert!(!spoils_tree(UNSUPPORTED_VERSION, Severity::Warning));
    }
}
