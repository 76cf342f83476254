//! Diagnostics: every finding of the reader and of the engines, with a stable code.

use crate::tree::Span;

/// How serious a finding is.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The record is wrong.
    Error,
    /// Suspicious but not wrong.
    Warning,
    /// Information, such as an inferred hand.
    Note,
}

/// What a finding says about the record; the verdict follows from the kinds present.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The text cannot be read (verdict `unparsable`).
    Syntax,
    /// An action breaks the rules (verdict `illegal`).
    Illegal,
    /// A claimed figure differs from the replay (verdict `inconsistent`).
    Inconsistent,
    /// Something needed to check the record is missing (verdict `incomplete`).
    Incomplete,
    /// A claimed figure is marked `disputed` in the record; reported, not held against it.
    Disputed,
    /// Anything else worth saying.
    Info,
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code, such as `N0101` (listed in `spec/errors.md`).
    pub code: &'static str,
    /// The severity.
    pub severity: Severity,
    /// What it says about the record.
    pub kind: Kind,
    /// Where, if anywhere.
    pub span: Option<Span>,
    /// The message, naming the tokens, cards and seats involved.
    pub message: String,
    /// How to fix it, where that is obvious.
    pub help: Option<String>,
    /// For a disagreement with a claim: the figure the record claims.
    pub claimed: Option<String>,
    /// For a disagreement with a claim: the figure the replay computes.
    pub computed: Option<String>,
    /// For a disagreement with a claim: the claim's key and both figures as data (boxed, so
    /// that a finding without one stays small).
    pub claim: Option<Box<ComparedClaim>>,
}

/// A claimed figure compared with the computed one: the claim key and both values as data.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct ComparedClaim {
    /// The claim key in its canonical spelling (`score`, `points`, `declarer`, …).
    pub key: String,
    /// The figure the record claims.
    pub claimed: Figure,
    /// The figure the replay computes.
    pub computed: Figure,
}

/// One figure of a claim, as a JSON value of its own type.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Figure {
    /// A number: points, tricks, a value, a signed score or matador count.
    Number(i64),
    /// Yes or no.
    Flag(bool),
    /// A word: a seat, a game, an outcome.
    Word(String),
    /// A list of words: seats (none is the empty list).
    Words(Vec<String>),
}

impl Diagnostic {
    /// An error of the given kind.
    pub fn error(code: &'static str, kind: Kind, span: Option<Span>, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            kind,
            span,
            message: message.into(),
            help: None,
            claimed: None,
            computed: None,
            claim: None,
        }
    }

    /// A warning.
    pub fn warning(code: &'static str, span: Option<Span>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, Kind::Info, span, message)
        }
    }

    /// A note.
    pub fn note(code: &'static str, span: Option<Span>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(code, Kind::Info, span, message)
        }
    }

    /// The same finding with help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same finding with the claimed and computed figures.
    pub fn with_figures(mut self, claimed: impl ToString, computed: impl ToString) -> Self {
        self.claimed = Some(claimed.to_string());
        self.computed = Some(computed.to_string());
        self
    }

    /// The same finding with the claim it compares as data: its key and both figures.
    pub fn with_claim(mut self, key: impl Into<String>, claimed: Figure, computed: Figure) -> Self {
        self.claim = Some(Box::new(ComparedClaim {
            key: key.into(),
            claimed,
            computed,
        }));
        self
    }
}
