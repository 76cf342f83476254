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
    /// The figure the record claims.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<String>,
    /// The figure the replay computes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computed: Option<String>,
    /// The claim compared, as data: its key and both figures as JSON values of their type
    /// (`claimed` and `computed` above are the same figures as text).
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
            claimed: d.claimed.clone(),
            computed: d.computed.clone(),
            claim: d.claim.as_deref().cloned(),
        }
    }
}
