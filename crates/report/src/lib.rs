//! The JSON report of stich and its JSON Schema.
//!
//! One [`Report`] per record, built by [`build()`] from a record as read. The schema is generated from these types (draft 2020-12) and
//! checked into `spec/schema/report.schema.json`; a test fails when the two differ. A report
//! reads back from its JSON to the same value.
//!
//! ```
//! let text = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n";
//! let p = notation::read_str(text).into_iter().next().unwrap();
//! let built = report::build(p.record, p.diagnostics, report::Source::default(), report::Work::FULL, |_| {});
//! assert_eq!(built.report.verdict, engine::Verdict::Consistent);
//! let json = serde_json::to_string(&built.report).unwrap();
//! let back: report::Report = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, built.report);
//! ```

mod brief;
mod build;
mod finding;
mod header;

pub use brief::{BRIEF_SCHEMA_ID, Brief, brief_schema, brief_schema_text};
pub use build::{Built, Work, build, content_id_of, worst};
pub use finding::Finding;
pub use header::HeaderTag;
pub use notation::{ComparedClaim, Figure, Kind, Severity};

use engine::Verdict;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The schema's `$id`.
pub const SCHEMA_ID: &str = "urn:stich:schema:report:1";

/// The version of the report format; it changes when a field changes meaning or goes away.
pub const REPORT_VERSION: u32 = 2;

/// Where a record came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Source {
    /// The file, as given on the command line; absent for standard input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// 1-based line of the record's first byte.
    pub line: u32,
    /// Byte offset of the record's first byte.
    pub offset: usize,
}

/// The report on one record. It reads back from its JSON to the same value: the result is
/// written once, beside the record, and read back into the record's replay too.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Report {
    /// The report format version ([`REPORT_VERSION`]).
    pub version: u32,
    /// The record's content id: lowercase hex sha256 of its canonical form. Absent when the
    /// record could not be read.
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
    /// The header tags, in written order; in JSON one object, tag name to value.
    #[serde(with = "header::as_object")]
    #[schemars(with = "std::collections::BTreeMap<String, String>")]
    pub header: Vec<HeaderTag>,
    /// The normalized record (deal, auction, exchange, declaration, tricks with leader,
    /// cards, winner and points), where the record could be replayed.
    pub record: Option<engine::Replay>,
    /// The recomputed result, where the record could be replayed.
    pub result: Option<engine::Outcome>,
}

/// A report as its JSON holds it, before the result goes back into the replay.
#[derive(Deserialize)]
struct ReportJson {
    version: u32,
    id: Option<String>,
    source: Source,
    game: Option<String>,
    rules: Option<String>,
    verdict: Verdict,
    findings: Vec<Finding>,
    #[serde(with = "header::as_object")]
    header: Vec<HeaderTag>,
    record: Option<engine::Replay>,
    result: Option<engine::Outcome>,
}

impl<'de> Deserialize<'de> for Report {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Report, D::Error> {
        let r = ReportJson::deserialize(d)?;
        let mut record = r.record;
        if let (Some(replay), Some(result)) = (&mut record, &r.result) {
            replay.set_outcome(result.clone());
        }
        Ok(Report {
            version: r.version,
            id: r.id,
            source: r.source,
            game: r.game,
            rules: r.rules,
            verdict: r.verdict,
            findings: r.findings,
            header: r.header,
            record,
            result: r.result,
        })
    }
}

/// The JSON Schema of [`Report`], with `$id` and the report version.
pub fn schema() -> serde_json::Value {
    schema_for::<Report>(SCHEMA_ID)
}

/// The JSON Schema of a report type `T`, as serialization produces it (reading back accepts
/// the same), with its `$id` and the report version.
pub(crate) fn schema_for<T: JsonSchema>(id: &str) -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut schema = serde_json::to_value(generator.into_root_schema_for::<T>()).unwrap_or_default();
    if let Some(obj) = schema.as_object_mut() {
        obj.insert("$id".into(), id.into());
        obj.insert("x-report-version".into(), REPORT_VERSION.into());
    }
    schema
}

/// A schema as pretty JSON text with a final newline, exactly as checked in.
pub(crate) fn pretty(schema: &serde_json::Value) -> String {
    let mut s = serde_json::to_string_pretty(schema).unwrap_or_default();
    s.push('\n');
    s
}

/// The schema as pretty JSON text with a final newline, exactly as checked in.
pub fn schema_text() -> String {
    pretty(&schema())
}

/// The `$id` of the schema of `stich sheet --format json`.
pub const SHEET_SCHEMA_ID: &str = "urn:stich:schema:sheet:1";

/// The JSON Schema of `stich sheet --format json` (a [`engine::skat::sheet::SheetList`]).
pub fn sheet_schema() -> serde_json::Value {
    schema_for::<engine::skat::sheet::SheetList>(SHEET_SCHEMA_ID)
}

/// The sheet schema as pretty JSON text with a final newline, exactly as checked in.
pub fn sheet_schema_text() -> String {
    pretty(&sheet_schema())
}

/// The `$id` of the schema of the view of a record (`POST /v1/view`, `spec/view.md`).
pub const VIEW_SCHEMA_ID: &str = "urn:stich:schema:view:1";

/// The JSON Schema of the view of a record (an [`engine::view::View`]).
pub fn view_schema() -> serde_json::Value {
    schema_for::<engine::view::View>(VIEW_SCHEMA_ID)
}

/// The view schema as pretty JSON text with a final newline, exactly as checked in.
pub fn view_schema_text() -> String {
    pretty(&view_schema())
}
