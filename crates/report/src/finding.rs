//! Findings as they appear in JSON.

use notation::{Diagnostic, Kind, Severity};
use schemars::JsonSchema;
use serde::Serialize;

/// Severity in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FindingSeverity {
    /// The record is wrong.
    Error,
    /// Suspicious.
    Warning,
    /// Information.
    Note,
}

/// What a finding says about the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// Unreadable text.
    Syntax,
    /// A rule broken.
    Illegal,
    /// A claimed figure differs from the replay.
    Inconsistent,
    /// Something needed is missing.
    Incomplete,
    /// A claimed figure the record itself marks as disputed.
    Disputed,
    /// Anything else.
    Info,
}

/// One finding.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Finding {
    /// Stable code (see `spec/errors.md`).
    pub code: String,
    /// Severity.
    pub severity: FindingSeverity,
    /// Kind.
    pub kind: FindingKind,
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
}

impl From<&Diagnostic> for Finding {
    fn from(d: &Diagnostic) -> Self {
        Finding {
            code: d.code.to_string(),
            severity: match d.severity {
                Severity::Error => FindingSeverity::Error,
                Severity::Warning => FindingSeverity::Warning,
                Severity::Note => FindingSeverity::Note,
            },
            kind: match d.kind {
                Kind::Syntax => FindingKind::Syntax,
                Kind::Illegal => FindingKind::Illegal,
                Kind::Inconsistent => FindingKind::Inconsistent,
                Kind::Incomplete => FindingKind::Incomplete,
                Kind::Disputed => FindingKind::Disputed,
                Kind::Info => FindingKind::Info,
            },
            message: d.message.clone(),
            line: d.span.map(|s| s.line),
            column: d.span.map(|s| s.column),
            offset: d.span.map(|s| s.start),
            length: d.span.map(|s| s.end.saturating_sub(s.start)),
            help: d.help.clone(),
            claimed: d.claimed.clone(),
            computed: d.computed.clone(),
        }
    }
}
