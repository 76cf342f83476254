//! The streaming reader: finds each record in a byte stream, hands it to the record parser,
//! and recovers from broken input at the next record. Memory is bounded by the record limit.

use std::io::{self, BufRead};

use notation::{Diagnostic, Kind, Span};

use crate::codes;
use crate::model::Game;
use crate::parse::parse_record;
use crate::pos::Pos;

/// Where a record stands in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// The span from `(` to the closing `)` (for a broken record, as far as it went).
    pub span: Span,
    /// The 0-based number of the record in the input, counting broken ones.
    pub index: usize,
}

/// A record that could not be read, with every finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IssError {
    /// Where the record (or the unreadable text) stands.
    pub location: Location,
    /// The findings, at least one.
    pub diagnostics: Vec<Diagnostic>,
}

impl std::fmt::Display for IssError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let span = d.span.unwrap_or(self.location.span);
            write!(
                f,
                "error[{}]: {} at {}:{}",
                d.code, d.message, span.line, span.column
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for IssError {}

/// The default limit on one record's size: real records are about 1 KiB.
pub const DEFAULT_MAX_RECORD: usize = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Between records.
    Outside,
    /// In a `#` comment between records.
    OutsideComment,
    /// Skipping to the next line that starts with `(`; `report` holds the start of text
    /// that is not a record, when it is to be reported.
    Skip { report: Option<Pos> },
    /// Inside a record, between property values.
    Between,
    /// Inside a property value; `escape` after a backslash.
    Value { escape: bool },
    /// In a `#` comment line inside a record.
    Comment,
}

/// What scanning a chunk found.
enum Found {
    /// A complete record is in the buffer.
    Record,
    /// A finding about text that is not a record (or a record that broke off).
    Error(Diagnostic, Span),
}

struct Scanner {
    state: State,
    pos: Pos,
    line_start: bool,
    record: Vec<u8>,
    record_start: Pos,
    /// A `(` at the start of a line inside a record, waiting to see whether `;` follows.
    pending_paren: Option<Pos>,
    max: usize,
}

impl Scanner {
    fn start_record(&mut self, at: Pos) {
        self.record.clear();
        self.record.push(b'(');
        self.record_start = at;
        self.state = State::Between;
    }

    fn unclosed(&self, end: Pos) -> Found {
        let span = self.record_start.to(end);
        Found::Error(
            Diagnostic::error(codes::UNCLOSED, Kind::Syntax, Some(span), "record is not closed")
                .with_help("a record ends with `;)`; a line that starts with `(;` begins the next record"),
            span,
        )
    }

    /// Scans `chunk`; returns how many bytes were used and what was found, if anything.
    fn feed(&mut self, chunk: &[u8]) -> (usize, Option<Found>) {
        let mut i = 0;
        while let Some(&b) = chunk.get(i) {
            if self.state == (State::Value { escape: false })
                && self.pending_paren.is_none()
                && !self.line_start
            {
                // Most bytes are inside values: copy the run up to the next byte that matters.
                let run = chunk.get(i..).unwrap_or_default();
                let n = run
                    .iter()
                    .position(|&c| matches!(c, b']' | b'\\' | b'\n'))
                    .unwrap_or(run.len());
                if n > 0 {
                    let run = run.get(..n).unwrap_or_default();
                    self.record.extend_from_slice(run);
                    self.pos.offset += n;
                    self.pos.column += run.iter().filter(|&&c| c & 0xC0 != 0x80).count() as u32;
                    if run.iter().any(|c| !matches!(c, b' ' | b'\t' | b'\r')) {
                        self.line_start = false;
                    }
                    i += n;
                    if let Some(found) = self.check_length() {
                        return (i, Some(found));
                    }
                    continue;
                }
            }
            i += 1;
            let at = self.pos;
            self.pos.advance(b);
            let was_line_start = self.line_start;
            self.note_line_start(b);
            if let Some(paren) = self.pending_paren.take() {
                if b == b';' {
                    let found = self.unclosed(paren);
                    self.start_record(paren);
                    self.record.push(b';');
                    return (i, Some(found));
                }
                self.record.push(b'(');
            }
            let found = self.step(b, at, was_line_start);
            if found.is_some() {
                return (i, found);
            }
            if let Some(found) = self.check_length() {
                return (i, Some(found));
            }
        }
        (chunk.len(), None)
    }

    /// Keeps `line_start` for one byte read: a line break starts a line, blanks keep what
    /// was, anything else ends the line's start.
    #[inline]
    fn note_line_start(&mut self, b: u8) {
        if b == b'\n' {
            self.line_start = true;
        } else if !matches!(b, b' ' | b'\t' | b'\r') {
            self.line_start = false;
        }
    }

    /// Outside a record, takes the blanks at the start of `chunk` as the byte-by-byte scan
    /// takes them, so that the line after them can be found whole; returns how many.
    fn take_blanks(&mut self, chunk: &[u8]) -> usize {
        if self.state != State::Outside || self.pending_paren.is_some() {
            return 0;
        }
        let blanks = chunk.iter().take_while(|b| b.is_ascii_whitespace()).count();
        for &b in chunk.get(..blanks).unwrap_or_default() {
            self.pos.advance(b);
            self.note_line_start(b);
        }
        blanks
    }

    /// Takes the record that fills the line at the start of `chunk`, with its line break,
    /// when there is one ([`Scanner::whole_line_record`]): the record is left in the buffer
    /// as the byte-by-byte scan would leave it. Returns the bytes used and the record's span.
    fn take_whole_line(&mut self, chunk: &[u8]) -> Option<(usize, Span)> {
        let len = self.whole_line_record(chunk)?;
        self.record.clear();
        self.record.extend_from_slice(chunk.get(..len)?);
        self.record_start = self.pos;
        self.pos.offset += len;
        let span = self.record_start.to(self.pos);
        self.pos.advance(b'\n');
        Some((len + 1, span))
    }

    /// The length of the record that fills the line at the start of `chunk`, when the
    /// byte-by-byte scan would read exactly that line as one record: a line of `(;`, values
    /// in brackets without escapes, and the closing `)` right before the line break. Nearly
    /// every line of a server archive is one; any other text gives `None` and is scanned
    /// byte by byte.
    fn whole_line_record(&self, chunk: &[u8]) -> Option<usize> {
        if self.state != State::Outside || !self.line_start || self.pending_paren.is_some() {
            return None;
        }
        if !chunk.starts_with(b"(;") {
            return None;
        }
        let len = memchr::memchr(b'\n', chunk)?;
        let line = chunk.get(..len)?;
        if len > self.max || line.last() != Some(&b')') {
            return None;
        }
        let mut at = 2;
        loop {
            let rest = line.get(at..)?;
            // Names are one or two letters: a short walk finds the bracket sooner than a
            // vector search, which must be set up for each.
            let k = rest.iter().position(|&b| b == b'[' || b == b')')?;
            if rest.get(k) == Some(&b')') {
                return (at + k + 1 == len).then_some(len);
            }
            let value = rest.get(k + 1..)?;
            let close = memchr::memchr2(b']', b'\\', value)?;
            if value.get(close) != Some(&b']') {
                return None;
            }
            at += k + 1 + close + 1;
        }
    }

    /// Gives up on a record that has grown past the limit.
    fn check_length(&mut self) -> Option<Found> {
        if !self.in_record() || self.record.len() <= self.max {
            return None;
        }
        let span = self.record_start.to(self.pos);
        self.record.clear();
        self.state = State::Skip { report: None };
        let d = Diagnostic::error(
            codes::TOO_LONG,
            Kind::Syntax,
            Some(span),
            format!("record is longer than {} bytes", self.max),
        )
        .with_help("the record is skipped; reading goes on at the next line that starts with `(`");
        Some(Found::Error(d, span))
    }

    fn in_record(&self) -> bool {
        matches!(self.state, State::Between | State::Value { .. } | State::Comment)
    }

    fn step(&mut self, b: u8, at: Pos, line_start: bool) -> Option<Found> {
        match self.state {
            State::Outside => match b {
                b'(' => self.start_record(at),
                b'#' => self.state = State::OutsideComment,
                _ if b.is_ascii_whitespace() => {}
                _ => self.state = State::Skip { report: Some(at) },
            },
            State::OutsideComment => {
                if b == b'\n' {
                    self.state = State::Outside;
                }
            }
            State::Skip { report } => {
                if b == b'(' && line_start {
                    self.start_record(at);
                    if let Some(from) = report {
                        let span = from.to(at);
                        let d = Diagnostic::error(
                            codes::OUTSIDE,
                            Kind::Syntax,
                            Some(span),
                            "text outside a record",
                        )
                        .with_help("between records only blank lines and `#` comment lines may stand");
                        return Some(Found::Error(d, span));
                    }
                }
            }
            State::Between => {
                if b == b'(' && line_start {
                    self.pending_paren = Some(at);
                    return None;
                }
                self.record.push(b);
                match b {
                    b'[' => self.state = State::Value { escape: false },
                    b'#' if line_start => self.state = State::Comment,
                    b')' => {
                        self.state = State::Outside;
                        return Some(Found::Record);
                    }
                    _ => {}
                }
            }
            State::Value { escape } => {
                if b == b'(' && line_start {
                    self.pending_paren = Some(at);
                    return None;
                }
                self.record.push(b);
                self.state = match b {
                    b']' if !escape => State::Between,
                    _ => State::Value { escape: b == b'\\' },
                };
            }
            State::Comment => {
                self.record.push(b);
                if b == b'\n' {
                    self.state = State::Between;
                }
            }
        }
        None
    }

    /// The end of the input.
    fn finish(&mut self) -> Option<Found> {
        if self.pending_paren.take().is_some() {
            self.record.push(b'(');
        }
        let state = std::mem::replace(&mut self.state, State::Outside);
        match state {
            State::Between | State::Value { .. } | State::Comment => Some(self.unclosed(self.pos)),
            State::Skip { report: Some(from) } => {
                let span = from.to(self.pos);
                Some(Found::Error(
                    Diagnostic::error(codes::OUTSIDE, Kind::Syntax, Some(span), "text outside a record")
                        .with_help("between records only blank lines and `#` comment lines may stand"),
                    span,
                ))
            }
            _ => None,
        }
    }
}

/// Reads ISS records from a byte stream, one at a time, in constant memory.
///
/// Each item is a record read in full, or the findings about one broken record (or a run of
/// text outside records); reading always goes on with the next record. An I/O error ends
/// the stream after it is reported.
pub struct IssReader<R: BufRead> {
    input: R,
    scanner: Scanner,
    index: usize,
    done: bool,
    /// At the start of the input: how many bytes of a UTF-8 byte-order mark were skipped so
    /// far; `None` once the start is behind (or the reader does not start the input).
    bom: Option<usize>,
}

/// The UTF-8 byte-order mark some editors put at the start of a file.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

impl<R: BufRead> IssReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        IssReader {
            input,
            scanner: Scanner {
                state: State::Outside,
                pos: Pos::start(),
                line_start: true,
                record: Vec::with_capacity(4096),
                record_start: Pos::start(),
                pending_paren: None,
                max: DEFAULT_MAX_RECORD,
            },
            index: 0,
            done: false,
            bom: Some(0),
        }
    }

    /// A reader over `input` that begins at `start` of a larger input, outside any record
    /// and at the start of a line as far as the reading goes: spans point into the whole.
    pub(crate) fn starting_at(input: R, start: Pos) -> Self {
        let mut reader = IssReader::new(input);
        reader.scanner.pos = start;
        // Only the input's own start can hold a byte-order mark.
        reader.bom = (start.offset == 0).then_some(0);
        reader
    }

    /// The same reader with another limit on one record's size in bytes.
    pub fn with_max_record(mut self, max: usize) -> Self {
        self.scanner.max = max;
        self
    }

    fn location(&mut self, span: Span) -> Location {
        let index = self.index;
        self.index += 1;
        Location { span, index }
    }

    /// The same records unparsed, to parse elsewhere (on other threads, for instance).
    pub fn raw(self) -> RawRecords<R> {
        RawRecords(self)
    }

    /// On `Ok`, the record's bytes are in the scanner's buffer.
    fn found(&mut self, found: Found) -> Result<Location, IssError> {
        match found {
            Found::Record => {
                let span = self.scanner.record_start.to(self.scanner.pos);
                Ok(self.location(span))
            }
            Found::Error(d, span) => {
                let location = self.location(span);
                Err(IssError {
                    location,
                    diagnostics: vec![d],
                })
            }
        }
    }

    fn parsed(&self, location: Location) -> Result<LocatedGame, IssError> {
        parse_record(&self.scanner.record, self.scanner.record_start)
            .map(|game| LocatedGame { game, location })
            .map_err(|diagnostics| IssError {
                location,
                diagnostics,
            })
    }
}

/// One record's text as the reader found it, not yet parsed: small, owned, and `Send`, so
/// the splitting of a stream can stay on one thread while the parsing moves to others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawRecord {
    text: Vec<u8>,
    start: Pos,
    /// Where the record stands in the input.
    pub location: Location,
}

impl RawRecord {
    /// The record's bytes, from `(` to the closing `)`.
    pub fn bytes(&self) -> &[u8] {
        &self.text
    }

    /// The bytes, given up.
    pub fn into_bytes(self) -> Vec<u8> {
        self.text
    }

    /// Parses the record exactly as [`IssReader`] does; spans point into the whole input.
    pub fn parse(&self) -> Result<Game, IssError> {
        parse_record(&self.text, self.start).map_err(|diagnostics| IssError {
            location: self.location,
            diagnostics,
        })
    }
}

/// The records of an [`IssReader`], unparsed (see [`IssReader::raw`]).
pub struct RawRecords<R: BufRead>(IssReader<R>);

impl<R: BufRead> Iterator for RawRecords<R> {
    type Item = Result<RawRecord, IssError>;

    fn next(&mut self) -> Option<Self::Item> {
        let location = match self.0.advance()? {
            Ok(l) => l,
            Err(e) => return Some(Err(e)),
        };
        let scanner = &self.0.scanner;
        Some(Ok(RawRecord {
            text: scanner.record.clone(),
            start: scanner.record_start,
            location,
        }))
    }
}

/// A record the reader parsed, with where it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct LocatedGame {
    /// The record.
    pub game: Game,
    /// Where it was found.
    pub location: Location,
}

impl<R: BufRead> Iterator for IssReader<R> {
    type Item = Result<LocatedGame, IssError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.advance()?.and_then(|location| self.parsed(location)))
    }
}

impl<R: BufRead> IssReader<R> {
    /// Finds the next record (or finding); its bytes are left in the scanner.
    fn advance(&mut self) -> Option<Result<Location, IssError>> {
        if self.done {
            return None;
        }
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    let at = self.scanner.pos;
                    let span = at.to(at);
                    let d = Diagnostic::error(
                        codes::IO,
                        Kind::Syntax,
                        Some(span),
                        format!("cannot read the input: {e}"),
                    );
                    return Some(Err(IssError {
                        location: Location {
                            span,
                            index: self.index,
                        },
                        diagnostics: vec![d],
                    }));
                }
            };
            let bom = skip_bom(&mut self.bom, &mut self.scanner, chunk);
            if bom > 0 {
                self.input.consume(bom);
                continue;
            }
            let blanks = self.scanner.take_blanks(chunk);
            if blanks > 0 {
                self.input.consume(blanks);
                continue;
            }
            if let Some((used, span)) = self.scanner.take_whole_line(chunk) {
                self.input.consume(used);
                return Some(Ok(self.location(span)));
            }
            if chunk.is_empty() {
                self.done = true;
                let found = self.scanner.finish()?;
                return Some(self.found(found));
            }
            let (used, found) = self.scanner.feed(chunk);
            self.input.consume(used);
            if let Some(found) = found {
                return Some(self.found(found));
            }
        }
    }
}

/// At the start of the input, skips a UTF-8 byte-order mark, as much of it as `chunk`
/// holds; returns how many bytes to consume (then more may follow), or 0 to read `chunk`
/// as it is. The mark's bytes count in the offsets but not in the columns: line 1,
/// column 1 is the first character after it. Bytes that begin like a mark and then
/// differ are taken as the byte-by-byte scan takes them: text outside a record.
fn skip_bom(bom: &mut Option<usize>, scanner: &mut Scanner, chunk: &[u8]) -> usize {
    let Some(mut matched) = *bom else {
        return 0;
    };
    let mut used = 0;
    while let Some(&want) = BOM.get(matched) {
        match chunk.get(used) {
            Some(&b) if b == want => {
                matched += 1;
                used += 1;
                scanner.pos.offset += 1;
            }
            // More of the input is needed to tell.
            None if !chunk.is_empty() => {
                *bom = Some(matched);
                return used;
            }
            _ => break,
        }
    }
    *bom = None;
    if matched > 0 && matched < BOM.len() {
        // Not a mark: what was skipped is text outside a record from the start on, as
        // the scan would have found it (the lead byte is one character, the rest none).
        let mut start = scanner.pos;
        start.offset -= matched;
        scanner.pos.column += 1;
        scanner.line_start = false;
        scanner.state = State::Skip { report: Some(start) };
    }
    used
}

/// Reads the first record of `text`.
pub fn parse_game(text: &str) -> Result<Game, IssError> {
    match IssReader::new(text.as_bytes()).next() {
        Some(r) => r.map(|found| found.game),
        None => {
            let span = Span {
                start: 0,
                end: text.len(),
                line: 1,
                column: 1,
            };
            Err(IssError {
                location: Location { span, index: 0 },
                diagnostics: vec![Diagnostic::error(
                    codes::STRUCTURE,
                    Kind::Syntax,
                    Some(span),
                    "no record found",
                )],
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &[u8]) -> Vec<Result<LocatedGame, IssError>> {
        IssReader::new(text).collect()
    }

    fn codes_of(items: &[Result<LocatedGame, IssError>]) -> Vec<&'static str> {
        items
            .iter()
            .map(|r| r.as_ref().map_or_else(|e| e.diagnostics[0].code, |_| "ok"))
            .collect()
    }

    #[test]
    fn reads_records_across_lines_with_comments_between() {
        let text = b"# header\n(;GM[Skat]\nMV[1 p 2 p 0 p ]R[passed] ;)\n\n  (;GM[Skat]CO[x)y];)\n";
        let items = read_all(text);
        assert_eq!(codes_of(&items), vec!["ok", "ok"]);
        let loc = &items[1].as_ref().unwrap().location;
        assert_eq!((loc.index, loc.span.line, loc.span.column), (1, 5, 3));
        assert_eq!(loc.span.end, text.len() - 1);
    }

    #[test]
    fn recovers_from_junk_unclosed_and_long_records() {
        let text = b"junk line\n(;GM[Skat]CO[cut off\n(;GM[Skat];)\n(;GM[Skat]CO[";
        let items = read_all(text);
        assert_eq!(
            codes_of(&items),
            vec![codes::OUTSIDE, codes::UNCLOSED, "ok", codes::UNCLOSED]
        );
        let e = items[1].as_ref().unwrap_err();
        assert_eq!(e.location.span.line, 2);
        let long = format!("(;GM[Skat]CO[{}];)\n(;GM[Skat];)\n", "x".repeat(100));
        let items: Vec<_> = IssReader::new(long.as_bytes()).with_max_record(50).collect();
        assert_eq!(codes_of(&items), vec![codes::TOO_LONG, "ok"]);
        assert_eq!(
            codes_of(&read_all(b"(;GM[Skat];)trailing")),
            vec!["ok", codes::OUTSIDE]
        );
    }

    #[test]
    fn a_line_starting_with_paren_but_not_a_record_stays_in_the_value() {
        let items = read_all(b"(;GM[Skat]CO[a\n(b];)");
        let g = &items[0].as_ref().unwrap().game;
        assert_eq!(g.raw(&crate::model::Key::Comment), Some("a\n(b"));
    }

    struct Failing;
    impl io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }

    #[test]
    fn io_errors_are_reported_once() {
        let items: Vec<_> = IssReader::new(io::BufReader::new(Failing)).collect();
        assert_eq!(codes_of(&items), vec![codes::IO]);
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let plain = b"(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n(;GM[Skat];)\n".to_vec();
        let mut marked = BOM.to_vec();
        marked.extend_from_slice(&plain);
        for capacity in [1, 2, 3, 4, 4096] {
            let items: Vec<_> = IssReader::new(io::BufReader::with_capacity(capacity, &marked[..])).collect();
            assert_eq!(codes_of(&items), vec!["ok", "ok"], "capacity {capacity}");
            let loc = &items[0].as_ref().unwrap().location;
            // Offsets count the mark; the first character after it is line 1, column 1.
            assert_eq!((loc.span.start, loc.span.line, loc.span.column), (3, 1, 1));
            let loc = &items[1].as_ref().unwrap().location;
            assert_eq!(
                (loc.span.start, loc.span.line, loc.span.column),
                (plain.len() - 13 + 3, 2, 1)
            );
        }
        // Only at the start: a mark later on is text outside a record, and so are bytes that
        // begin like a mark and are none, as they were before.
        let mut late = plain.clone();
        late.extend_from_slice(&BOM);
        late.extend_from_slice(b"(;GM[Skat];)\n");
        assert_eq!(codes_of(&read_all(&late)), vec!["ok", "ok", codes::OUTSIDE]);
        for broken in [
            &b"\xEF\xBB(;GM[Skat];)\n"[..],
            b"\xEFx\n(;GM[Skat];)\n",
            b"\xEF\xBB",
        ] {
            for capacity in [1, 4096] {
                let items: Vec<_> = IssReader::new(io::BufReader::with_capacity(capacity, broken)).collect();
                let e = items[0].as_ref().unwrap_err();
                assert_eq!(e.diagnostics[0].code, codes::OUTSIDE, "{broken:?}");
                let span = e.location.span;
                assert_eq!((span.start, span.line, span.column), (0, 1, 1), "{broken:?}");
            }
        }
    }

    #[test]
    fn blocks_skip_a_byte_order_mark_as_the_reader_does() {
        use crate::blocks::{Blocks, Piece};
        let mut text = BOM.to_vec();
        for i in 0..200 {
            text.extend_from_slice(format!("(;GM[Skat]ID[{i}]MV[1 p 2 p 0 p ]R[passed] ;)\n").as_bytes());
        }
        let whole: Vec<_> = IssReader::new(&text[..])
            .raw()
            .map(|r| {
                r.map(|r| (r.location.span, r.bytes().to_vec()))
                    .map_err(|e| e.diagnostics)
            })
            .collect();
        assert_eq!(whole.len(), 200);
        assert_eq!(whole[0].as_ref().unwrap().0.start, 3);
        for (block, limit) in [(64, 64), (1000, 4000), (1 << 16, 1 << 22)] {
            let mut pieces = Vec::new();
            for piece in Blocks::new(&text[..]).with_sizes(block, limit) {
                match piece {
                    Piece::Block(b) => pieces.extend(b.records().map(|r| {
                        r.map(|r| (r.location.span, r.bytes().to_vec()))
                            .map_err(|e| e.diagnostics)
                    })),
                    Piece::Record(r) => pieces.push(
                        r.map(|r| (r.location.span, r.bytes().to_vec()))
                            .map_err(|e| e.diagnostics),
                    ),
                }
            }
            assert_eq!(pieces, whole, "blocks of {block}, limit {limit}");
        }
    }

    #[test]
    fn small_chunks_give_the_same_records() {
        let text = b"(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n(;GM[Skat]\n(;GM[Skat];)";
        let whole = codes_of(&read_all(text));
        let chunked: Vec<_> = IssReader::new(io::BufReader::with_capacity(1, &text[..])).collect();
        assert_eq!(codes_of(&chunked), whole);
        assert_eq!(whole, vec!["ok", codes::UNCLOSED, "ok"]);
    }
}
