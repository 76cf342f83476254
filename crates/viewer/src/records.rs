//! The answer of `POST /v1/view`: for each record of the input, the full report (as
//! `/v1/check` and `stich check --format json` give it), the view of its replay, its text and
//! the line it starts on.

use std::io;

use engine::view::{Place, View};
use serde::Serialize;

/// The answer of `POST /v1/view`.
#[derive(Clone, Debug, Serialize)]
pub struct Answer {
    /// One entry per record, in input order.
    pub records: Vec<Viewed>,
}

/// One record of the answer.
#[derive(Clone, Debug, Serialize)]
pub struct Viewed {
    /// The full report.
    pub report: check::Report,
    /// The view, where the record could be replayed.
    pub view: Option<View>,
    /// The record's text as read.
    pub text: String,
    /// The 1-based line of the input the record starts on.
    pub line: u32,
}

/// Reads every record of `input` (stich or ISS, compressed or not, as `stich check` reads
/// it), checks it and builds its view.
pub fn view_all(input: &[u8]) -> io::Result<Answer> {
    let records = check::records(input)?;
    let form = records.form();
    let mut out = Vec::new();
    for parsed in records {
        let text = parsed.text.clone();
        let line = parsed.line;
        let report = check::build(parsed, form, None, check::Work::FULL).report;
        let view = view_of(&report);
        out.push(Viewed {
            report,
            view,
            text,
            line,
        });
    }
    Ok(Answer { records: out })
}

/// The view of a report's replay, with the places of its findings.
pub fn view_of(report: &check::Report) -> Option<View> {
    let replay = report.record.as_ref()?;
    let mut view = replay.family().view(replay)?;
    view.findings = report
        .findings
        .iter()
        .map(|f| Place {
            code: f.code.clone(),
            message: f.message.clone(),
            line: f.line,
            column: f.column,
        })
        .collect();
    Some(view)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n\n[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\nresult score 10\n";

    #[test]
    fn each_record_has_its_report_view_text_and_line() {
        let a = view_all(TWO.as_bytes()).expect("read");
        assert_eq!(a.records.len(), 2);
        assert_eq!(a.records[0].line, 1);
        assert_eq!(a.records[1].line, 6);
        assert!(a.records[1].text.starts_with("[Game"));
        assert_eq!(a.records[0].report.verdict, engine::Verdict::Consistent);
        assert!(a.records[0].view.is_some());
        let second = &a.records[1];
        assert_ne!(second.report.verdict, engine::Verdict::Consistent);
        let places = &second.view.as_ref().expect("a view").findings;
        assert_eq!(places.len(), second.report.findings.len());
        assert!(
            places.iter().all(|p| p.line.is_some_and(|l| l >= 6)),
            "{places:?}"
        );
    }

    #[test]
    fn the_reports_are_those_of_check() {
        let a = view_all(TWO.as_bytes()).expect("read");
        let reports = check::check_str(TWO);
        for (v, r) in a.records.iter().zip(&reports) {
            assert_eq!(&v.report, r);
        }
    }
}
