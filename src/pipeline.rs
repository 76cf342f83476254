//! From input to reports: records split from the input and parsed, then checked through
//! [`report::build`] (canonical form, content id, replay, verdict).

use std::io::BufRead;

use notation::{Diagnostic, Parsed};
use report::{Report, Source};

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
    /// The canonical form, when the record could be read (and [`Work::content_id`] asked).
    pub canonical: Option<String>,
    /// Bytes of input this record took.
    pub bytes: usize,
}

pub use report::{content_id_of, worst};

/// What checking a record involves beyond the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// The record came from the ISS format: its tree is canonical already (the mapping
    /// writes only canonical words), and findings about a result claim also name the `R`
    /// field the claim came from.
    pub iss: bool,
    /// Compute the canonical text and the content id. Off only when nothing will show them
    /// (`check -q` in text form), since printing and hashing cost as much as the replay.
    pub content_id: bool,
    /// Copy the findings into the report. Off when only text is written (the findings are
    /// rendered from [`Processed::diagnostics`]): a record with 300,000 findings would
    /// otherwise hold each twice.
    pub findings: bool,
}

impl Work {
    /// Everything, for a stich record.
    pub const FULL: Work = Work {
        iss: false,
        content_id: true,
        findings: true,
    };
}

/// Checks one record.
pub fn process(parsed: Parsed, path: Option<&str>) -> Processed {
    process_with(parsed, path, Work::FULL)
}

/// Checks one record, doing the work `work` asks for: the report is built by
/// [`report::build`], and for an ISS record every finding about a result claim names its
/// `R` field.
pub fn process_with(parsed: Parsed, path: Option<&str>, work: Work) -> Processed {
    let Parsed {
        record,
        diagnostics,
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
    let build = report::Work {
        canonicalize: !work.iss,
        content_id: work.content_id,
        findings: work.findings,
    };
    let built = report::build(record, diagnostics, source, build, |d| {
        if work.iss {
            name_iss_fields(d);
        }
    });
    Processed {
        report: built.report,
        diagnostics: built.diagnostics,
        text,
        offset,
        canonical: built.canonical,
        bytes,
    }
}

pub use check::{claim_of, name_iss_fields};

pub use check::Unit;

/// Checks the record of `unit` (see [`process_with`]); `content_id` as in [`Work`].
pub fn process_unit(unit: Unit, path: Option<&str>, content_id: bool) -> Processed {
    let work = Work {
        content_id,
        ..Work::FULL
    };
    process_unit_work(unit, path, work)
}

/// Checks the record of `unit` doing the work `work` asks for ([`Work::iss`] is taken from
/// the unit itself).
pub fn process_unit_work(unit: Unit, path: Option<&str>, work: Work) -> Processed {
    let work = Work {
        iss: unit.is_iss(),
        ..work
    };
    process_with(unit.into_parsed(), path, work)
}

/// Work for a checking thread: one record, or a block of ISS records that the thread splits
/// itself, so that splitting a large archive runs on every core too.
// Like units, jobs move once, in batches: boxing would cost an allocation per record.
#[allow(clippy::large_enum_variant)]
pub enum Job {
    /// One record.
    One(Unit),
    /// Whole ISS records, to be found in the block ([`iss::blocks`]).
    IssBlock(iss::blocks::Block),
}

impl Job {
    /// Hands every record of the work to `each`, in order.
    pub fn for_each_unit(self, mut each: impl FnMut(Unit)) {
        let _ = self.try_for_each_unit(|unit| {
            each(unit);
            Ok::<(), std::convert::Infallible>(())
        });
    }

    /// Hands every record of the work to `each`, in order, until `each` fails.
    pub fn try_for_each_unit<E>(self, mut each: impl FnMut(Unit) -> Result<(), E>) -> Result<(), E> {
        match self {
            Job::One(unit) => each(unit),
            Job::IssBlock(block) => {
                for r in block.records() {
                    each(match r {
                        Ok(raw) => Unit::Iss(raw),
                        Err(e) => Unit::IssError(e),
                    })?;
                }
                Ok(())
            }
        }
    }

    /// The job's size for sharing work out in even batches: its bytes of input in units of
    /// 256 (about one server record), or its records, whichever is more. Batches of equal
    /// weight hold about as much text and never more records whatever the form, which
    /// bounds the memory a batch and its outcomes take.
    pub fn weight(&self) -> usize {
        let (bytes, records) = match self {
            Job::One(Unit::Stich(raw)) => (raw.len(), 1),
            Job::One(Unit::Iss(raw)) => (raw.bytes().len(), 1),
            Job::One(Unit::Parsed(p)) => (p.text.len(), 1),
            Job::One(Unit::IssError(_)) => (0, 1),
            Job::IssBlock(b) => (b.bytes().len(), b.units_bound()),
        };
        (bytes / 256 + 1).max(records)
    }
}

/// The records of an ISS input as jobs: blocks of whole records, split on the checking
/// threads (and, for an input that cannot be cut, records split here).
pub fn iss_jobs<'a>(reader: Box<dyn BufRead + Send + 'a>) -> Box<dyn Iterator<Item = Job> + Send + 'a> {
    Box::new(iss::blocks::Blocks::new(reader).map(|piece| match piece {
        iss::blocks::Piece::Block(b) => Job::IssBlock(b),
        iss::blocks::Piece::Record(Ok(raw)) => Job::One(Unit::Iss(raw)),
        iss::blocks::Piece::Record(Err(e)) => Job::One(Unit::IssError(e)),
    }))
}

/// The records of an ISS input, split from the stream but not yet parsed.
pub fn iss_units<'a>(reader: Box<dyn BufRead + Send + 'a>) -> Box<dyn Iterator<Item = Unit> + Send + 'a> {
    Box::new(iss::IssReader::new(reader).raw().map(|item| match item {
        Ok(raw) => Unit::Iss(raw),
        Err(e) => Unit::IssError(e),
    }))
}

/// ISS records read as syntax trees, so they go through the same checker. A record the
/// reader or the mapping rejects comes through with its findings and no tree.
pub fn iss_records(reader: Box<dyn BufRead + Send>) -> Box<dyn Iterator<Item = Parsed> + Send> {
    Box::new(iss_units(reader).map(Unit::into_parsed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claim_findings_name_the_iss_field() {
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
        assert_eq!(claim_of(&d[0]), Some("score"));
        // The key is data: a message that reads like a claim is not one.
        let plain = Diagnostic::note("S0508", None, "the record claims bid 18; x");
        assert_eq!(claim_of(&plain), None);
    }

    #[test]
    fn iss_units_give_the_records_iss_records_gives() {
        let text = "(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\njunk\n(;GM[Skat]\nMV[1 p 2 p 0 p ]R[passed] ;)\n";
        let parsed: Vec<Parsed> = iss_records(Box::new(text.as_bytes())).collect();
        assert_eq!(parsed.len(), 3);
        assert!(parsed[0].record.is_some() && parsed[2].record.is_some());
        assert!(parsed[1].record.is_none() && !parsed[1].diagnostics.is_empty());
        assert_eq!(parsed[0].text, "(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)");
        assert_eq!(parsed[2].text, "(;GM[Skat]\nMV[1 p 2 p 0 p ]R[passed] ;)");
        assert_eq!((parsed[2].offset, parsed[2].line), (44, 3));
    }
}
