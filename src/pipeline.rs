//! From a read record to its report: canonical form, content id, replay, verdict.

use std::io::BufRead;

use engine::Verdict;
use notation::{Diagnostic, Parsed};
use report::{Finding, HeaderTag, Report, Source};

/// A record after checking: its report, and what text rendering needs.
pub struct Processed {
    /// The JSON report.
    pub report: Report,
    /// Every finding, for rendering.
    pub diagnostics: Vec<Diagnostic>,
    /// The record's text as read.
    pub text: String,
    /// Byte offset of `text` in its input.
    pub offset: usize,
    /// The canonical form, when the record could be read.
    pub canonical: Option<String>,
    /// Bytes of input this record took.
    pub bytes: usize,
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

/// Checks one record.
pub fn process(parsed: Parsed, path: Option<&str>) -> Processed {
    let Parsed {
        record,
        mut diagnostics,
        text,
        offset,
        line,
    } = parsed;
    let source = Source {
        path: path.map(str::to_string),
        line,
        offset,
    };
    let bytes = text.len();
    let Some(mut record) = record else {
        let verdict = worst(Verdict::Unparsable, Verdict::from_findings(&diagnostics));
        return Processed {
            report: Report {
                version: report::REPORT_VERSION,
                id: None,
                source,
                game: None,
                rules: None,
                verdict,
                findings: diagnostics.iter().map(Finding::from).collect(),
                header: Vec::new(),
                record: None,
                result: None,
            },
            diagnostics,
            text,
            offset,
            canonical: None,
            bytes,
        };
    };
    engine::canonicalize(&mut record);
    let canonical = notation::print(&record);
    let id = notation::content_id(&record);
    let checked = engine::check(&record);
    let verdict = worst(checked.verdict, Verdict::from_findings(&diagnostics));
    diagnostics.extend(checked.findings);
    diagnostics.sort_by_key(|d| d.span.map_or(usize::MAX, |s| s.start));
    Processed {
        report: Report {
            version: report::REPORT_VERSION,
            id: Some(id),
            source,
            game: record.tag("Game").map(str::to_string),
            rules: record.tag("Rules").map(str::to_string),
            verdict,
            findings: diagnostics.iter().map(Finding::from).collect(),
            header: record.tags.iter().map(HeaderTag::from).collect(),
            result: checked.replay.as_ref().map(engine::Replay::outcome),
            record: checked.replay,
        },
        diagnostics,
        text,
        offset,
        canonical: Some(canonical),
        bytes,
    }
}

/// ISS records read as syntax trees, so they go through the same checker. A record the
/// reader or the mapping rejects comes through with its findings and no tree.
pub fn iss_records(reader: Box<dyn BufRead + Send>) -> Box<dyn Iterator<Item = Parsed> + Send> {
    Box::new(iss::IssReader::new(reader).map(|item| match item {
        Ok((game, location)) => {
            // The written line is byte for byte the line read, so spans into the input are
            // spans into this text.
            let text = iss::write(&game);
            let (record, diagnostics) = match iss::to_record(&game) {
                Ok(record) => (Some(record), Vec::new()),
                Err(diagnostics) => (None, diagnostics),
            };
            Parsed {
                record,
                diagnostics,
                text,
                offset: location.span.start,
                line: location.span.line,
            }
        }
        Err(e) => Parsed {
            record: None,
            diagnostics: e.diagnostics,
            text: String::new(),
            offset: e.location.span.start,
            line: e.location.span.line,
        },
    }))
}
