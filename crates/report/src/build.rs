//! Building the report of one record: canonical form, content id, replay, verdict, findings.
//!
//! The CLI and any other caller (a server, a library user) build reports here: they read a
//! record, hand over the tree and the reader's findings, and get the report back.

use engine::Verdict;
use notation::{Diagnostic, Record};

use crate::{Finding, HeaderTag, REPORT_VERSION, Report, Source};

/// What building a report involves beyond the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// Rewrite the record's aliases to their canonical words first. Off for a tree that is
    /// canonical already (the ISS mapping writes only canonical words).
    pub canonicalize: bool,
    /// Compute the canonical text and the content id. Off only when nothing will show them,
    /// since printing and hashing cost as much as the replay.
    pub content_id: bool,
    /// Copy the findings into the report. Off when only the findings as diagnostics are
    /// used ([`Built::diagnostics`]): a record with 300,000 findings would otherwise hold
    /// each twice.
    pub findings: bool,
}

impl Work {
    /// Everything.
    pub const FULL: Work = Work {
        canonicalize: true,
        content_id: true,
        findings: true,
    };
}

/// A report with what rendering it as text needs.
#[derive(Clone, Debug)]
pub struct Built {
    /// The report.
    pub report: Report,
    /// Every finding, the reader's and the engine's, in the order of the record.
    pub diagnostics: Vec<Diagnostic>,
    /// The canonical text, when the record could be read and [`Work::content_id`] asked.
    pub canonical: Option<String>,
    /// The notation version the canonical text needs: a text of version 2 reads back as it
    /// was only under a `%stich 2` line (see [`Built::canonical_file`]).
    pub version: u32,
}

impl Built {
    /// The canonical text as a file that reads back to the same record: under its version
    /// line when it needs version 2.
    pub fn canonical_file(&self) -> Option<String> {
        let text = self.canonical.as_deref()?;
        Some(match self.version {
            0 | 1 => text.to_string(),
            v => format!("%stich {v}\n{text}"),
        })
    }
}

fn rank(v: Verdict) -> u8 {
    match v {
        Verdict::Consistent => 0,
        Verdict::Incomplete => 1,
        Verdict::Inconsistent => 2,
        Verdict::Illegal => 3,
        Verdict::Unparsable => 4,
    }
}

/// The worse of two verdicts.
pub fn worst(a: Verdict, b: Verdict) -> Verdict {
    if rank(a) >= rank(b) { a } else { b }
}

/// The content id of a record's canonical text, printed once already (see
/// [`notation::content_id_of_text`]).
pub use notation::content_id_of_text as content_id_of;

/// The report's findings, if `work` asks for them.
fn findings_of(diagnostics: &[Diagnostic], work: Work) -> Vec<Finding> {
    if work.findings {
        diagnostics.iter().map(Finding::from).collect()
    } else {
        Vec::new()
    }
}

/// Builds the report of one record: `record` as read (`None` when it could not be read),
/// the reader's findings, and where it came from. `annotate` sees every finding before they
/// are put in the order of the record (the CLI names the ISS field of a result claim there).
pub fn build(
    record: Option<Record>,
    mut diagnostics: Vec<Diagnostic>,
    source: Source,
    work: Work,
    annotate: impl FnOnce(&mut [Diagnostic]),
) -> Built {
    let Some(mut record) = record else {
        let verdict = worst(Verdict::Unparsable, Verdict::from_findings(&diagnostics));
        return Built {
            report: Report {
                version: REPORT_VERSION,
                id: None,
                source,
                game: None,
                rules: None,
                verdict,
                findings: findings_of(&diagnostics, work),
                header: Vec::new(),
                record: None,
                result: None,
            },
            diagnostics,
            canonical: None,
            version: 1,
        };
    };
    if work.canonicalize {
        engine::canonicalize(&mut record);
    }
    // The content id is the hash of exactly the canonical text (`notation::content_id`), so
    // the text is printed once and hashed here rather than printed a second time.
    let canonical = work.content_id.then(|| notation::print(&record));
    let id = canonical.as_deref().map(content_id_of);
    let checked = engine::check(&record);
    let verdict = worst(checked.verdict, Verdict::from_findings(&diagnostics));
    diagnostics.extend(checked.findings);
    annotate(&mut diagnostics);
    diagnostics.sort_by_key(|d| d.span.map_or(usize::MAX, |s| s.start));
    Built {
        report: Report {
            version: REPORT_VERSION,
            id,
            source,
            game: record.tag("Game").map(str::to_string),
            rules: record.tag("Rules").map(str::to_string),
            verdict,
            findings: findings_of(&diagnostics, work),
            header: record.tags.iter().map(HeaderTag::from).collect(),
            result: checked.replay.as_ref().map(engine::Replay::outcome),
            record: checked.replay,
        },
        diagnostics,
        canonical,
        version: record.needs_version(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_id_is_the_one_the_notation_defines() {
        let parsed = notation::read_str("[Game \"skat\"]\n[Rules \"isko\"]\n\nresult   value 24\n");
        let record = parsed[0].record.clone().unwrap();
        assert_eq!(
            content_id_of(&notation::print(&record)),
            notation::content_id(&record)
        );
        assert_eq!(
            content_id_of(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn a_record_that_could_not_be_read_is_unparsable() {
        let built = build(None, Vec::new(), Source::default(), Work::FULL, |_| {});
        assert_eq!(built.report.verdict, Verdict::Unparsable);
        assert!(built.report.id.is_none() && built.canonical.is_none());
    }

    #[test]
    fn a_record_is_replayed_and_judged() {
        let parsed =
            notation::read_str("[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n");
        let p = &parsed[0];
        let built = build(
            p.record.clone(),
            p.diagnostics.clone(),
            Source::default(),
            Work::FULL,
            |_| {},
        );
        assert!(built.report.record.is_some() && built.report.result.is_some());
        assert_eq!(built.report.id.as_deref().map(str::len), Some(64));
    }
}
