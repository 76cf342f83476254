//! The rules engines: replay a record, check every action, recompute every figure.

pub use notation::{Diagnostic, Kind, Severity};

/// The overall judgement on one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every action legal and every claimed figure right.
    Consistent,
    /// Every action legal, but a claimed figure differs from the replay.
    Inconsistent,
    /// An action breaks the rules.
    Illegal,
    /// Legal so far, but something needed for a full check is missing.
    Incomplete,
    /// The text could not be read as a record.
    Unparsable,
}

impl Verdict {
    /// The verdict the findings call for: the worst kind present wins.
    pub fn from_findings(findings: &[Diagnostic]) -> Verdict {
        let has = |k: Kind| findings.iter().any(|d| d.kind == k && d.severity == Severity::Error);
        if has(Kind::Syntax) {
            Verdict::Unparsable
        } else if has(Kind::Illegal) {
            Verdict::Illegal
        } else if has(Kind::Inconsistent) {
            Verdict::Inconsistent
        } else if has(Kind::Incomplete) {
            Verdict::Incomplete
        } else {
            Verdict::Consistent
        }
    }
}
