//! Findings as they appear in JSON.

use notation::{ComparedClaim, Diagnostic, Kind, Severity};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Finding {
    /// Stable code (see `spec/errors.md`).
    pub code: String,
    /// Severity.
    pub severity: Severity,
    /// Kind.
    pub kind: Kind,
    /// The message.
    pub message: String,
    /// 1-based line, where the finding has a place.
    pub line: Option<u32>,
    /// 1-based column in characters, where the finding has a place.
    pub column: Option<u32>,
    /// Byte offset of the start, where the finding has a place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    /// Byte length of the place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// How to fix it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The figure the record claims, as a JSON value of its type (a number, `true`/`false`,
    /// a list of seats, a word), so that a table loads it without parsing text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<serde_json::Value>,
    /// The figure the replay computes, typed as `claimed` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computed: Option<serde_json::Value>,
    /// The claim compared, as data: its key and both figures (the same as `claimed` and
    /// `computed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<ComparedClaim>,
}

impl From<&Diagnostic> for Finding {
    fn from(d: &Diagnostic) -> Self {
        Finding {
            code: d.code.to_string(),
            severity: d.severity,
            kind: d.kind,
            message: d.message.clone(),
            line: d.span.map(|s| s.line),
            column: d.span.map(|s| s.column),
            offset: d.span.map(|s| s.start),
            length: d.span.map(|s| s.end.saturating_sub(s.start)),
            help: d.help.clone(),
            claimed: typed(d.claim.as_deref().map(|c| &c.claimed), d.claimed.as_deref()),
            computed: typed(d.claim.as_deref().map(|c| &c.computed), d.computed.as_deref()),
            claim: d.claim.as_deref().cloned(),
        }
    }
}

/// A figure as a JSON value: the claim's typed figure where the finding has one, else the
/// text (a figure no claim types, such as a deal check's count).
fn typed(figure: Option<&notation::Figure>, text: Option<&str>) -> Option<serde_json::Value> {
    match figure {
        Some(f) => serde_json::to_value(f).ok(),
        None => text.map(|t| serde_json::Value::String(t.to_string())),
    }
}
