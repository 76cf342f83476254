//! Records of either form as syntax trees, one at a time, in bounded memory.

use std::io::BufRead;

use notation::Parsed;

use crate::open::Form;

/// An ISS record split from its input, parsed and mapped to the syntax tree; a record the
/// reader or the mapping rejects comes with its findings and no tree.
pub fn parse_iss(raw: iss::RawRecord) -> Parsed {
    let location = raw.location;
    let (record, diagnostics) = match raw.parse() {
        Ok(game) => match iss::to_record(&game) {
            Ok(record) => (Some(record), Vec::new()),
            Err(diagnostics) => (None, diagnostics),
        },
        // A record the reader rejects is reported without its text, as the reader reports it.
        Err(e) => return iss_error(e),
    };
    // The record's own bytes, so spans into the input are spans into this text (for records
    // over several lines too).
    let text = match String::from_utf8(raw.into_bytes()) {
        Ok(t) => t,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    };
    Parsed {
        record,
        diagnostics,
        text,
        offset: location.span.start,
        line: location.span.line,
    }
}

/// What the ISS reader could not take as a record, as a record without a tree.
pub fn iss_error(e: iss::IssError) -> Parsed {
    Parsed {
        record: None,
        diagnostics: e.diagnostics,
        text: String::new(),
        offset: e.location.span.start,
        line: e.location.span.line,
    }
}

/// A record as a reader hands it over: split from its input in the input's order, with the
/// reading left to do ([`Unit::into_parsed`]) on any thread. The CLI's checking threads and
/// the service's both take records in this form.
// Units move once, in batches; boxing the large variant would cost an allocation per record.
#[allow(clippy::large_enum_variant)]
pub enum Unit {
    /// A record read and parsed already.
    Parsed(Parsed),
    /// A stich record split from the input, to be parsed.
    Stich(notation::RawChunk),
    /// An ISS record found in the stream, to be parsed and mapped to the syntax tree.
    Iss(iss::RawRecord),
    /// What the ISS reader could not take as a record.
    IssError(iss::IssError),
}

impl Unit {
    /// Whether the record came from an ISS input.
    pub fn is_iss(&self) -> bool {
        matches!(self, Unit::Iss(_) | Unit::IssError(_))
    }

    /// The record as a syntax tree with the reader's findings.
    pub fn into_parsed(self) -> Parsed {
        match self {
            Unit::Parsed(p) => p,
            Unit::Stich(raw) => raw.parse(),
            Unit::Iss(raw) => parse_iss(raw),
            Unit::IssError(e) => iss_error(e),
        }
    }
}

// One reader per input, made once: the size of the larger costs nothing.
#[allow(clippy::large_enum_variant)]
enum Inner<'a> {
    Stich(notation::Reader<Box<dyn BufRead + Send + 'a>>),
    Iss(iss::RawRecords<Box<dyn BufRead + Send + 'a>>),
}

/// The records of an input of one form, as syntax trees with the reader's findings
/// ([`notation::Parsed`]), read as they are asked for.
pub struct Records<'a> {
    inner: Inner<'a>,
    form: Form,
}

impl<'a> Records<'a> {
    /// The records of `reader`, written in `form`.
    pub fn new(reader: Box<dyn BufRead + Send + 'a>, form: Form) -> Records<'a> {
        let inner = match form {
            Form::Stich => Inner::Stich(notation::Reader::new(reader)),
            Form::Iss => Inner::Iss(iss::IssReader::new(reader).raw()),
        };
        Records { inner, form }
    }

    /// The form the records are written in.
    pub fn form(&self) -> Form {
        self.form
    }
}

impl Iterator for Records<'_> {
    type Item = Parsed;

    fn next(&mut self) -> Option<Parsed> {
        match &mut self.inner {
            Inner::Stich(r) => r.next(),
            Inner::Iss(r) => r.next().map(|item| match item {
                Ok(raw) => parse_iss(raw),
                Err(e) => iss_error(e),
            }),
        }
    }
}

/// The records of an input of one form as [`Unit`]s: split from it in order, not yet read,
/// so that reading and checking can happen elsewhere (on other threads, or on a fast path
/// that never builds the syntax tree).
pub struct Units<'a> {
    inner: UnitsInner<'a>,
    form: Form,
}

// One reader per input, made once: the size of the larger costs nothing.
#[allow(clippy::large_enum_variant)]
enum UnitsInner<'a> {
    Stich(notation::RawChunks<Box<dyn BufRead + Send + 'a>>),
    Iss(iss::RawRecords<Box<dyn BufRead + Send + 'a>>),
}

impl<'a> Units<'a> {
    /// The records of `reader`, written in `form`.
    pub fn new(reader: Box<dyn BufRead + Send + 'a>, form: Form) -> Units<'a> {
        let inner = match form {
            Form::Stich => UnitsInner::Stich(notation::Reader::new(reader).raw()),
            Form::Iss => UnitsInner::Iss(iss::IssReader::new(reader).raw()),
        };
        Units { inner, form }
    }

    /// The form the records are written in.
    pub fn form(&self) -> Form {
        self.form
    }
}

impl Iterator for Units<'_> {
    type Item = Unit;

    fn next(&mut self) -> Option<Unit> {
        match &mut self.inner {
            UnitsInner::Stich(r) => r.next().map(Unit::Stich),
            UnitsInner::Iss(r) => r.next().map(|item| match item {
                Ok(raw) => Unit::Iss(raw),
                Err(e) => Unit::IssError(e),
            }),
        }
    }
}
