//! The brief report: what a table of an archive needs of a record, without the normalized
//! record, the header or the deal.

use engine::Verdict;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Finding, REPORT_VERSION, Report, Source};

/// The schema's `$id` for brief reports.
pub const BRIEF_SCHEMA_ID: &str = "urn:stich:schema:brief:1";

/// The brief report on one record (`stich check --report brief`): the report's id, source,
/// game, rules, verdict, findings and result, and nothing else.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Brief {
    /// The report format version ([`REPORT_VERSION`]), shared with the full report.
    pub version: u32,
    /// The record's content id, as in the full report; absent when it was not computed
    /// (brief reports compute it only when asked, `--ids`) or the record could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Where the record came from.
    pub source: Source,
    /// The `Game` tag.
    pub game: Option<String>,
    /// The `Rules` tag.
    pub rules: Option<String>,
    /// The overall judgement.
    pub verdict: Verdict,
    /// Every finding, in the order of the record.
    pub findings: Vec<Finding>,
    /// The recomputed result, where the record could be replayed.
    pub result: Option<engine::Outcome>,
}

impl Brief {
    /// The brief form of a full report.
    pub fn of(report: &Report) -> Brief {
        Brief {
            version: report.version,
            id: report.id.clone(),
            source: report.source.clone(),
            game: report.game.clone(),
            rules: report.rules.clone(),
            verdict: report.verdict,
            findings: report.findings.clone(),
            result: report.result.clone(),
        }
    }

    /// The brief report of a record found consistent without a full report: no findings,
    /// and the result the replay gave.
    pub fn consistent(source: Source, game: &str, rules: &str, result: engine::Outcome) -> Brief {
        Brief {
            version: REPORT_VERSION,
            id: None,
            source,
            game: Some(game.to_string()),
            rules: Some(rules.to_string()),
            verdict: Verdict::Consistent,
            findings: Vec::new(),
            result: Some(result),
        }
    }
}

/// The JSON Schema of [`Brief`], with `$id` and the report version.
pub fn brief_schema() -> serde_json::Value {
    crate::schema_for::<Brief>(BRIEF_SCHEMA_ID)
}

/// The brief schema as pretty JSON text with a final newline, exactly as checked in.
pub fn brief_schema_text() -> String {
    crate::pretty(&brief_schema())
}
