//! Checking records of trick-taking card games as a library: text, a reader or a file, in
//! the stich notation or the ISS format (told apart by the first bytes), compressed or not,
//! to one [`Report`] per record, the same report `stich check --format json` writes.
//!
//! ```
//! let text = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n";
//! let reports = check::check_str(text);
//! assert_eq!(reports[0].verdict, engine::Verdict::Consistent);
//!
//! // ISS records are read the same way.
//! let reports = check::check_str("(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n");
//! assert_eq!(reports[0].game.as_deref(), Some("skat"));
//! ```
//!
//! A file is streamed, decoded as it is read when it is compressed:
//!
//! ```no_run
//! for report in check::check_path("games.sgf.bz2")? {
//!     println!("{}", serde_json::to_string(&report?).unwrap());
//! }
//! # Ok::<(), std::io::Error>(())
//! ```

#![warn(missing_docs)]

pub mod brief;
#[cfg(feature = "bzip2")]
pub mod bz2_blocks;
pub mod generate;
pub mod json;
mod open;
pub mod plain_report;
mod records;
pub mod sheets;

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

pub use notation::{Diagnostic, Parsed};
pub use open::{Compression, Form, Opened, open, open_with_threads, sniff};
pub use records::{Records, Unit, Units, iss_error, parse_iss};
pub use report::{Built, Report, Source, Work};

/// The key of the claim a finding compares, as the engine gives it.
pub fn claim_of(d: &Diagnostic) -> Option<&str> {
    d.claim.as_ref().map(|c| c.key.as_str())
}

/// Adds the ISS `R` field to every finding about a result claim, so that a mismatch in an
/// ISS record says what to look for in the record itself.
pub fn name_iss_fields(diagnostics: &mut [Diagnostic]) {
    for d in diagnostics {
        let field = claim_of(d).and_then(iss::result_field_of_claim);
        if let Some(field) = field {
            d.message = format!("{} (ISS `R` field `{field}`)", d.message);
        }
    }
}

/// The date of a record as the CSV gives it: a date in the notation's `2010.12.06` or the
/// server's `2010-12-06/…` form as `2010-12-06`; anything else as written.
pub fn iso_date(date: &str) -> std::borrow::Cow<'_, str> {
    let day = date.split('/').next().unwrap_or(date);
    let shaped = day.len() == 10
        && day.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'.' || b == b'-',
            _ => b.is_ascii_digit(),
        });
    if shaped {
        std::borrow::Cow::Owned(day.replace('.', "-"))
    } else {
        std::borrow::Cow::Borrowed(date)
    }
}

/// Builds the report of one record read in `form` from the input at `path` (`None`: no
/// file), doing what `work` asks; an ISS record's tree is canonical already, and its
/// findings about a result claim name the `R` field.
pub fn build(parsed: Parsed, form: Form, path: Option<&str>, work: Work) -> Built {
    let Parsed {
        record,
        diagnostics,
        offset,
        line,
        ..
    } = parsed;
    let source = Source {
        path: path.map(str::to_string),
        line,
        offset,
    };
    let iss = form == Form::Iss;
    let work = Work {
        canonicalize: work.canonicalize && !iss,
        ..work
    };
    report::build(record, diagnostics, source, work, |d| {
        if iss {
            name_iss_fields(d);
        }
    })
}

/// The reports on every record of an input, built as they are asked for.
pub struct Reports<'a> {
    records: Records<'a>,
    path: Option<String>,
    work: Work,
}

impl<'a> Reports<'a> {
    /// The reports on the records `records` gives, with `path` as their source.
    pub fn new(records: Records<'a>, path: Option<String>, work: Work) -> Reports<'a> {
        Reports { records, path, work }
    }

    /// The form the records are written in.
    pub fn form(&self) -> Form {
        self.records.form()
    }
}

impl Iterator for Reports<'_> {
    type Item = Report;

    fn next(&mut self) -> Option<Report> {
        let parsed = self.records.next()?;
        Some(build(parsed, self.records.form(), self.path.as_deref(), self.work).report)
    }
}

/// The records of `reader` (compressed or not; the form sniffed), one at a time.
///
/// ```
/// let text = "(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n";
/// let records = check::records(text.as_bytes())?;
/// assert_eq!(records.form(), check::Form::Iss);
/// let lines: Vec<u32> = records.map(|p| p.line).collect();
/// assert_eq!(lines, [1, 2]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn records<'a>(reader: impl Read + Send + 'a) -> io::Result<Records<'a>> {
    let opened = open(Box::new(reader), None)?;
    Ok(Records::new(opened.reader, opened.form))
}

/// The records of `reader` (compressed or not) in `form`, or in the form its first bytes
/// tell when `form` is `None`, one at a time.
pub fn records_in<'a>(reader: impl Read + Send + 'a, form: Option<Form>) -> io::Result<Records<'a>> {
    let opened = open(Box::new(reader), form)?;
    Ok(Records::new(opened.reader, opened.form))
}

/// The records of `reader` split but not read ([`Units`]), the form told from the first
/// bytes unless `form` names it, decoded as they are read when compressed.
pub fn units_in<'a>(reader: impl Read + Send + 'a, form: Option<Form>) -> io::Result<Units<'a>> {
    let opened = open(Box::new(reader), form)?;
    Ok(Units::new(opened.reader, opened.form))
}

/// The records of the file at `path`, one at a time (see [`records`]).
pub fn records_of_path(path: impl AsRef<Path>) -> io::Result<Records<'static>> {
    records(File::open(path)?)
}

/// Checks every record of `text`, the form told from its first bytes: one full report each.
pub fn check_str(text: &str) -> Vec<Report> {
    // Reading from memory fails only on what reading text cannot give.
    match check_reader(text.as_bytes(), None, Work::FULL) {
        Ok(reports) => reports.collect(),
        Err(_) => Vec::new(),
    }
}

/// The reports on every record of `reader` (compressed or not; the form sniffed), with
/// `path` as their source, built as they are asked for.
pub fn check_reader<'a>(
    reader: impl Read + Send + 'a,
    path: Option<&str>,
    work: Work,
) -> io::Result<Reports<'a>> {
    Ok(Reports::new(records(reader)?, path.map(str::to_string), work))
}

/// The full reports on every record of the file at `path`, streamed; a read error after the
/// start ends the stream with a record carrying its finding, as the readers report it.
pub fn check_path(path: impl AsRef<Path>) -> io::Result<impl Iterator<Item = io::Result<Report>>> {
    let path = path.as_ref();
    let reports = check_reader(File::open(path)?, Some(&path.display().to_string()), Work::FULL)?;
    Ok(reports.map(Ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ISKO: &str = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n";

    #[test]
    fn reports_read_back_from_their_json() {
        let reports = check_str(ISKO);
        assert_eq!(reports.len(), 1);
        let json = serde_json::to_string(&reports[0]).unwrap();
        let back: Report = serde_json::from_str(&json).unwrap();
        assert_eq!(back, reports[0]);
    }

    #[test]
    fn iss_findings_name_their_r_field() {
        // The server's record claims the passed game; a score claim that is wrong names `v`.
        let reports = check_str("(;GM[Skat]MV[1 p 2 p 0 p ]R[passed v:18] ;)\n");
        assert_eq!(reports.len(), 1);
        let r = &reports[0];
        let claims: Vec<&report::Finding> = r
            .findings
            .iter()
            .filter(|f| claim_of_finding(f).is_some())
            .collect();
        assert!(!claims.is_empty(), "{:?}", r.findings);
        assert!(
            claims.iter().all(|f| f.message.contains("(ISS `R` field `")),
            "{claims:?}"
        );
    }

    fn claim_of_finding(f: &report::Finding) -> Option<&str> {
        f.claim.as_ref().map(|c| c.key.as_str())
    }

    #[test]
    fn a_broken_record_is_a_report_with_its_finding_and_the_rest_go_on() {
        let reports = check_str(
            "(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\njunk\n(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n",
        );
        assert_eq!(reports.len(), 3);
        assert_eq!(reports[1].verdict, engine::Verdict::Unparsable);
        assert_eq!(reports[1].source.line, 2);
        assert!(!reports[1].findings.is_empty());
        assert_eq!(reports[2].source.line, 3);
    }

    #[test]
    fn the_claim_finding_of_an_iss_record_is_named() {
        let mut d = vec![
            Diagnostic::error(
                "S0406",
                notation::Kind::Inconsistent,
                None,
                "the record claims score -60; the replay gives -54",
            )
            .with_claim(
                "score",
                notation::Figure::Number(-60),
                notation::Figure::Number(-54),
            ),
        ];
        name_iss_fields(&mut d);
        assert_eq!(
            d[0].message,
            "the record claims score -60; the replay gives -54 (ISS `R` field `v`)"
        );
    }
}
