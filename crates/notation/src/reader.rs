//! The streaming reader: splits the input into records line by line and parses each.
//!
//! Memory is bounded by one record: the reader holds the current record's text (at most
//! [`Limits::max_record_bytes`]) and one line (at most [`Limits::max_line_len`]). A record
//! starts at a tag line that follows a body, at a `%` line, or at the start of the input;
//! comment lines beginning in column 1 right before such a tag line go with the new record.

use std::io::{BufRead, ErrorKind};

use crate::codes;
use crate::diag::{Diagnostic, Kind};
use crate::lex::Pos;
use crate::parse::parse_record;
use crate::scan::{LineClass, classify};
use crate::tree::{Record, Span};

/// Bounds on what the reader accepts, so that hostile input cannot exhaust memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest line in bytes, without its line break. Default 64 KiB.
    pub max_line_len: usize,
    /// The largest record in bytes. Default 1 MiB.
    pub max_record_bytes: usize,
    /// The most records read; `None` for no limit (the default).
    pub max_records: Option<usize>,
}

impl Limits {
    /// The default limits: 64 KiB lines, 1 MiB records, no limit on the number of records.
    pub const DEFAULT: Limits = Limits {
        max_line_len: 64 * 1024,
        max_record_bytes: 1024 * 1024,
        max_records: None,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// One record as read: the tree (if the text could be read faithfully), the findings, and
/// the text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The record; `None` when an input, syntax or card-token error spoils it.
    pub record: Option<Record>,
    /// The findings, in the order of their place in the input.
    pub diagnostics: Vec<Diagnostic>,
    /// The raw text of this record. For a record skipped because of a limit or invalid
    /// UTF-8 it holds only what was read before the problem.
    pub text: String,
    /// The byte offset of `text` in the input.
    pub offset: usize,
    /// The line of `text`'s first byte (1-based).
    pub line: u32,
}

/// One record split from the input but not yet parsed: its text, where it stands, and the
/// findings of the splitting. The split must follow the input's order; the parse
/// ([`RawChunk::parse`]) can run anywhere, so a record can be parsed on another thread than
/// the one reading. Parsing gives exactly the [`Parsed`] that [`Reader`] yields, with the same
/// absolute spans and lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawChunk {
    text: String,
    offset: usize,
    end: usize,
    line: u32,
    version: Option<u32>,
    diagnostics: Vec<Diagnostic>,
    /// Whether the text is to be parsed (it holds content and nothing spoilt it).
    parse: bool,
}

impl RawChunk {
    /// The length of the record's text in bytes.
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether the chunk holds no text.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The byte offset of the record's text in the input.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The line of the text's first byte (1-based).
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The byte offset just past the last byte of input this record took: its text, and
    /// the lines a limit or invalid UTF-8 kept out of the text, and the blank lines after
    /// it. `offset..end` of consecutive records never overlap; input outside every such
    /// range holds no record (blank or comment lines before a version line, a file of
    /// comments, a byte-order mark).
    pub fn end(&self) -> usize {
        self.end
    }

    /// The record's text as read. For a record skipped because of a limit or invalid
    /// UTF-8 it holds only what was read before the problem: the whole record is the
    /// input's bytes `offset()..end()`.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the reader's own findings (a limit, invalid UTF-8, a bad version line, an
    /// I/O error) are all there is: the text is not parsed, as it is not the whole record.
    pub fn is_spoilt(&self) -> bool {
        !self.parse
    }

    /// The findings of the splitting: limits, invalid UTF-8, version lines.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Parses the record.
    pub fn parse(self) -> Parsed {
        let RawChunk {
            text,
            offset,
            line,
            end: _,
            version,
            mut diagnostics,
            parse,
        } = self;
        let record = if parse {
            let (record, diags) = parse_record(&text, Pos::line_start(offset, line), version);
            diagnostics.extend(diags);
            record
        } else {
            None
        };
        Parsed {
            record,
            diagnostics,
            text,
            offset,
            line,
        }
    }
}

/// The records of a [`Reader`], split but not parsed (see [`Reader::raw`]).
pub struct RawChunks<R>(Reader<R>);

impl<R: BufRead> Iterator for RawChunks<R> {
    type Item = RawChunk;

    fn next(&mut self) -> Option<RawChunk> {
        self.0.next_raw()
    }
}

/// Where the run of comment lines that may belong to the next record starts.
#[derive(Clone, Copy, Debug)]
struct Pending {
    at: usize,
    offset: usize,
    line: u32,
}

/// The record being collected.
#[derive(Debug)]
struct Chunk {
    text: String,
    offset: usize,
    /// Just past the last byte of input taken into this record so far.
    end: usize,
    line: u32,
    /// Blank lines read since the last line that went into `text`: they join the text
    /// only when more of the record follows, so blank lines after a record never count
    /// against its size.
    blanks: String,
    /// More blank lines came than `blanks` may hold.
    blanks_overflow: bool,
    version: Option<u32>,
    content: bool,
    seen_body: bool,
    failure: Option<Diagnostic>,
    directive: Vec<Diagnostic>,
    pending: Option<Pending>,
}

impl Chunk {
    fn new(offset: usize, line: u32, version: Option<u32>) -> Chunk {
        Chunk {
            text: String::new(),
            offset,
            end: offset,
            line,
            blanks: String::new(),
            blanks_overflow: false,
            version,
            content: false,
            seen_body: false,
            failure: None,
            directive: Vec::new(),
            pending: None,
        }
    }

    fn fail(&mut self, d: Diagnostic) {
        if self.failure.is_none() {
            self.failure = Some(d);
            self.pending = None;
        }
    }
}

/// One line as read.
enum ReadLine {
    Eof,
    Io(std::io::Error),
    /// `total` bytes consumed (with the line break); the buffer holds at most
    /// `max_line_len + 1` of them.
    Line {
        total: usize,
        len: usize,
        too_long: bool,
    },
}

/// A streaming reader of records: an iterator yielding one [`Parsed`] per record.
///
/// It never panics, runs in time linear in the input, and holds at most one record in
/// memory. After an I/O error it yields a finding and ends.
pub struct Reader<R> {
    input: R,
    limits: Limits,
    offset: usize,
    line: u32,
    version: Option<u32>,
    in_brace: bool,
    chunk: Chunk,
    yielded: usize,
    done: bool,
    buf: Vec<u8>,
    /// Where the `{` comment open at the current line was opened.
    brace_at: Option<Span>,
}

impl<R: BufRead> Reader<R> {
    /// A reader with the default [`Limits`].
    pub fn new(input: R) -> Reader<R> {
        Reader::with_limits(input, Limits::DEFAULT)
    }

    /// A reader with the given limits.
    pub fn with_limits(input: R, limits: Limits) -> Reader<R> {
        Reader {
            input,
            limits,
            offset: 0,
            line: 1,
            version: None,
            in_brace: false,
            chunk: Chunk::new(0, 1, None),
            yielded: 0,
            done: false,
            buf: Vec::new(),
            brace_at: None,
        }
    }

    fn read_line(&mut self) -> ReadLine {
        self.buf.clear();
        let cap = self.limits.max_line_len.saturating_add(1);
        let mut total = 0usize;
        let mut terminated = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return ReadLine::Io(e),
            };
            if available.is_empty() {
                break;
            }
            let (take, found) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            let room = cap.saturating_sub(self.buf.len());
            self.buf
                .extend_from_slice(available.get(..take.min(room)).unwrap_or_default());
            total = total.saturating_add(take);
            self.input.consume(take);
            if found {
                terminated = true;
                break;
            }
        }
        if total == 0 {
            return ReadLine::Eof;
        }
        let len = total - usize::from(terminated);
        ReadLine::Line {
            total,
            len,
            too_long: len > self.limits.max_line_len,
        }
    }

    /// Takes one line; returns a record when the line ends one.
    fn take_line(&mut self, total: usize, len: usize, too_long: bool) -> Option<RawChunk> {
        let mut offset = self.offset;
        let line_no = self.line;
        self.offset = self.offset.saturating_add(total);
        self.line = self.line.saturating_add(1);

        let mut bytes = std::mem::take(&mut self.buf);
        // A byte-order mark says only that the file is UTF-8: it is no part of the first
        // record. Offsets still count its bytes; columns start after it.
        if offset == 0 && bytes.starts_with(BOM) {
            bytes.drain(..BOM.len());
            offset = BOM.len();
            self.chunk.offset = offset;
        }
        let here = Span {
            start: offset,
            end: offset,
            line: line_no,
            column: 1,
        };

        let (text, bad_utf8) = match std::str::from_utf8(&bytes) {
            Ok(s) => (std::borrow::Cow::Borrowed(s), None),
            // A long line is cut at the limit, perhaps inside a character: that is no error.
            Err(e) if too_long && e.error_len().is_none() => (String::from_utf8_lossy(&bytes), None),
            Err(e) => (String::from_utf8_lossy(&bytes), Some(e.valid_up_to())),
        };
        let content = text.strip_suffix('\n').unwrap_or(&text);
        let scanned = classify(content, self.in_brace);
        self.in_brace = scanned.ends_in_brace;
        if !scanned.ends_in_brace {
            self.brace_at = None;
        } else if let Some(at) = scanned.opened_at {
            let before = content.get(..at).unwrap_or("");
            self.brace_at = Some(Span {
                start: offset + at,
                end: offset + at + 1,
                line: line_no,
                column: u32::try_from(before.chars().count())
                    .unwrap_or(u32::MAX)
                    .saturating_add(1),
            });
        }

        let mut out = None;
        match scanned.class {
            LineClass::Directive => {
                // A line that is not UTF-8 fails its record anyway; its directive is not read.
                let (version, diags) = if bad_utf8.is_some() {
                    (None, Vec::new())
                } else {
                    directive(content, here)
                };
                if let Some(v) = version {
                    self.version = Some(v);
                }
                self.chunk.end = offset;
                let old = std::mem::replace(&mut self.chunk, Chunk::new(offset, line_no, self.version));
                self.chunk.directive = diags;
                out = self.emit(old);
            }
            LineClass::Tag if self.chunk.seen_body => {
                let mut next = Chunk::new(offset, line_no, self.version);
                if let Some(p) = self.chunk.pending.take() {
                    next.text = self.chunk.text.split_off(p.at.min(self.chunk.text.len()));
                    next.offset = p.offset;
                    next.line = p.line;
                    // The blank lines between those comments and this tag line are inside
                    // the new record.
                    next.blanks = std::mem::take(&mut self.chunk.blanks);
                    next.blanks_overflow = self.chunk.blanks_overflow;
                }
                self.chunk.end = next.offset;
                let old = std::mem::replace(&mut self.chunk, next);
                out = self.emit(old);
                self.chunk.content = true;
            }
            LineClass::Tag => self.chunk.content = true,
            LineClass::Body => {
                self.chunk.content = true;
                self.chunk.seen_body = true;
                self.chunk.pending = None;
            }
            LineClass::Comment => {
                let c = &mut self.chunk;
                if c.seen_body && c.pending.is_none() && c.failure.is_none() && scanned.comment_at_start {
                    c.pending = Some(Pending {
                        at: c.text.len() + c.blanks.len(),
                        offset,
                        line: line_no,
                    });
                }
            }
            LineClass::Blank => {}
        }

        let limits = self.limits;
        let c = &mut self.chunk;
        c.end = self.offset;
        let blank = scanned.class == LineClass::Blank;
        if too_long {
            c.fail(
                Diagnostic::error(
                    codes::LINE_TOO_LONG,
                    Kind::Syntax,
                    Some(here),
                    format!(
                        "line {line_no} is {len} bytes long, more than the limit of {}; the record is skipped",
                        limits.max_line_len
                    ),
                )
                .with_help("break the line, or raise the line-length limit"),
            );
        } else if let Some(valid) = bad_utf8 {
            let prefix = bytes
                .get(..valid)
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or("");
            let column = u32::try_from(prefix.chars().count())
                .unwrap_or(u32::MAX)
                .saturating_add(1);
            let at = Span {
                start: offset + valid,
                end: offset + valid + 1,
                line: line_no,
                column,
            };
            c.fail(
                Diagnostic::error(
                    codes::INVALID_UTF8,
                    Kind::Syntax,
                    Some(at),
                    format!("invalid UTF-8 at line {line_no}, column {column}; the record is skipped"),
                )
                .with_help("save the file as UTF-8"),
            );
        } else if c.failure.is_none() && blank {
            if c.text.len() + c.blanks.len() + text.len() > limits.max_record_bytes {
                c.blanks_overflow = true;
            } else if !c.blanks_overflow {
                c.blanks.push_str(&text);
            }
        } else if c.failure.is_none() {
            if c.blanks_overflow || c.text.len() + c.blanks.len() + text.len() > limits.max_record_bytes {
                c.fail(
                    Diagnostic::error(
                        codes::RECORD_TOO_LARGE,
                        Kind::Syntax,
                        Some(Span { start: c.offset, end: c.offset, line: c.line, column: 1 }),
                        format!(
                            "the record starting on line {} is larger than the limit of {} bytes; it is skipped",
                            c.line, limits.max_record_bytes
                        ),
                    )
                    .with_help("split the record, or raise the record-size limit"),
                );
            } else {
                c.text.push_str(&c.blanks);
                c.blanks.clear();
                c.text.push_str(&text);
            }
        }
        drop(text);
        self.buf = bytes;
        out
    }

    /// Turns a finished chunk into a record to parse, if it holds one.
    fn emit(&mut self, chunk: Chunk) -> Option<RawChunk> {
        if !chunk.content && chunk.failure.is_none() && chunk.directive.is_empty() {
            return None;
        }
        if self.limits.max_records.is_some_and(|max| self.yielded >= max) {
            self.done = true;
            let max = self.limits.max_records.unwrap_or_default();
            let at = Span {
                start: chunk.offset,
                end: chunk.offset,
                line: chunk.line,
                column: 1,
            };
            let d = Diagnostic::error(
                codes::TOO_MANY_RECORDS,
                Kind::Syntax,
                Some(at),
                format!("more than {max} records; reading stops at line {}", chunk.line),
            )
            .with_help("split the file, or raise the record-count limit");
            return Some(RawChunk {
                text: String::new(),
                offset: chunk.offset,
                end: chunk.end,
                line: chunk.line,
                version: chunk.version,
                diagnostics: vec![d],
                parse: false,
            });
        }
        self.yielded += 1;
        let Chunk {
            text,
            offset,
            end,
            line,
            version,
            content,
            failure,
            directive,
            ..
        } = chunk;
        let mut diagnostics = directive;
        let parse = match failure {
            Some(f) => {
                diagnostics.push(f);
                false
            }
            None => content,
        };
        Some(RawChunk {
            text,
            offset,
            end,
            line,
            version,
            diagnostics,
            parse,
        })
    }

    /// The records split from the input, each to be parsed by [`RawChunk::parse`] where the
    /// caller likes; in order, they parse to exactly what this reader yields.
    pub fn raw(self) -> RawChunks<R> {
        RawChunks(self)
    }

    /// The next record, split but not parsed.
    fn next_raw(&mut self) -> Option<RawChunk> {
        while !self.done {
            match self.read_line() {
                ReadLine::Line { total, len, too_long } => {
                    if let Some(p) = self.take_line(total, len, too_long) {
                        return Some(p);
                    }
                }
                ReadLine::Eof => {
                    self.done = true;
                    let mut last =
                        std::mem::replace(&mut self.chunk, Chunk::new(self.offset, self.line, self.version));
                    // A `{` left open where no record follows would otherwise say nothing:
                    // the lines it swallowed may have been meant as a record.
                    if let (Some(at), false, None) = (self.brace_at, last.content, &last.failure) {
                        last.fail(
                            Diagnostic::error(
                                codes::UNTERMINATED_COMMENT,
                                Kind::Syntax,
                                Some(at),
                                format!(
                                    "the `{{` comment opened on line {} is never closed; everything after it is inside the comment",
                                    at.line
                                ),
                            )
                            .with_help("close the comment with `}`"),
                        );
                    }
                    return self.emit(last);
                }
                ReadLine::Io(e) => {
                    self.done = true;
                    let at = Span {
                        start: self.offset,
                        end: self.offset,
                        line: self.line,
                        column: 1,
                    };
                    let d = Diagnostic::error(
                        codes::IO,
                        Kind::Syntax,
                        Some(at),
                        format!("reading failed at line {}: {e}; reading stops", self.line),
                    );
                    let last =
                        std::mem::replace(&mut self.chunk, Chunk::new(self.offset, self.line, self.version));
                    let mut diagnostics = last.directive;
                    diagnostics.extend(last.failure);
                    diagnostics.push(d);
                    return Some(RawChunk {
                        text: last.text,
                        offset: last.offset,
                        end: self.offset,
                        line: last.line,
                        version: last.version,
                        diagnostics,
                        parse: false,
                    });
                }
            }
        }
        None
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Parsed;

    fn next(&mut self) -> Option<Parsed> {
        self.next_raw().map(RawChunk::parse)
    }
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads `%stich N`: the version (when well formed) and any finding.
fn directive(line: &str, at: Span) -> (Option<u32>, Vec<Diagnostic>) {
    let body = line.trim_end();
    let span = Span {
        end: at.start + body.len(),
        ..at
    };
    let malformed = |msg: String| {
        Diagnostic::error(codes::BAD_DIRECTIVE, Kind::Syntax, Some(span), msg)
            .with_help("the only `%` line is the version line, `%stich 1`")
    };
    let Some(rest) = body.strip_prefix("%stich") else {
        let name = body.split_whitespace().next().unwrap_or(body);
        return (None, vec![malformed(format!("unknown directive `{name}`"))]);
    };
    let number = rest.trim_start();
    if number.len() == rest.len() || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return (None, vec![malformed(format!("`{body}` is not a version line"))]);
    }
    match number.parse::<u32>() {
        Ok(n @ 1..=crate::VERSION) => (Some(n), Vec::new()),
        Ok(n) => (
            Some(n),
            vec![
                Diagnostic::warning(
                    codes::UNSUPPORTED_VERSION,
                    Some(span),
                    format!(
                        "notation version {n} is not known to this reader; the records are read as version {}",
                        crate::VERSION
                    ),
                )
                .with_help("write `%stich 1` or `%stich 2`"),
            ],
        ),
        Err(_) => (
            None,
            vec![malformed(format!("version `{number}` is out of range"))],
        ),
    }
}

/// Reads every record of a string.
pub fn read_str(s: &str) -> Vec<Parsed> {
    Reader::new(s.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_limits() {
        assert_eq!(
            Limits::default(),
            Limits {
                max_line_len: 65536,
                max_record_bytes: 1 << 20,
                max_records: None
            }
        );
    }

    #[test]
    fn version_lines() {
        let at = Span {
            start: 10,
            end: 10,
            line: 3,
            column: 1,
        };
        assert_eq!(directive("%stich 1", at), (Some(1), vec![]));
        assert_eq!(directive("%stich   1  ", at).0, Some(1));
        let (v, d) = directive("%stich 3", at);
        assert_eq!(
            (v, d[0].code, d[0].severity),
            (Some(3), codes::UNSUPPORTED_VERSION, crate::Severity::Warning)
        );
        for bad in ["%stich", "%stich1", "%stich x", "%stich 99999999999", "%foo 1"] {
            let (v, d) = directive(bad, at);
            assert_eq!((v, d[0].code), (None, codes::BAD_DIRECTIVE), "{bad}");
            assert_eq!(
                d[0].span.map(|s| (s.start, s.end)),
                Some((10, 10 + bad.trim_end().len()))
            );
        }
    }

    #[test]
    fn a_long_line_cut_inside_a_character_is_no_utf8_error() {
        let text = format!(
            "[Game \"skat\"]\nresult x \"{}\"\n[Game \"skat\"]\n",
            "♣".repeat(20)
        );
        let limits = Limits {
            max_line_len: 20,
            ..Limits::DEFAULT
        };
        let all: Vec<Parsed> = Reader::with_limits(text.as_bytes(), limits).collect();
        assert_eq!(
            all[0].diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(),
            vec![codes::LINE_TOO_LONG]
        );
        assert_eq!(all.len(), 2);
    }

    #[test]
    fn raw_chunks_parse_to_what_the_reader_yields() {
        let text = "%stich 1\n[Game \"skat\"]\ndeal F ♣J ♠J\n# note\n[Game \"skat\"]\n\
                    play F ♣X\n%stich 9\n[Game \"skat\"]\nresult x \"ok\"\nBAD\n\
                    [Game \"skat\"]\nresult points 61\n";
        // A line that is not UTF-8, in the third record.
        let bytes: Vec<u8> = text
            .replace("BAD", "\u{1}")
            .bytes()
            .map(|b| if b == 1 { 0xFF } else { b })
            .collect();
        for limits in [
            Limits::DEFAULT,
            Limits {
                max_records: Some(2),
                ..Limits::DEFAULT
            },
            Limits {
                max_line_len: 12,
                ..Limits::DEFAULT
            },
        ] {
            let direct: Vec<Parsed> = Reader::with_limits(&bytes[..], limits).collect();
            let chunks: Vec<RawChunk> = Reader::with_limits(&bytes[..], limits).raw().collect();
            assert!(chunks.len() >= 2, "{limits:?}");
            assert!(chunks.windows(2).all(|w| w[0].offset() < w[1].offset()));
            let parsed: Vec<Parsed> = chunks.into_iter().map(RawChunk::parse).collect();
            assert_eq!(parsed, direct, "{limits:?}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_no_part_of_the_first_record() {
        let text = "\u{feff}[Game \"skat\"]\n[Rules \"isko\"]\n\nauction M pass\n";
        let all = read_str(text);
        assert_eq!(all.len(), 1);
        assert!(all[0].diagnostics.is_empty(), "{:?}", all[0].diagnostics);
        assert_eq!(all[0].offset, 3);
        assert_eq!(all[0].text, &text[3..]);
        let record = all[0].record.as_ref().expect("record");
        assert_eq!(record.tag("Game"), Some("skat"));
        assert_eq!(record.tags[0].name.span.column, 2);
        assert_eq!(record.tags[0].name.span.start, 4);
    }

    #[test]
    fn blank_lines_after_a_record_do_not_count_against_its_size() {
        let limits = Limits {
            max_record_bytes: 100,
            ..Limits::DEFAULT
        };
        let record = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction M pass\n";
        let text = format!("{record}{}", "\n".repeat(500));
        let all: Vec<Parsed> = Reader::with_limits(text.as_bytes(), limits).collect();
        assert_eq!(all.len(), 1);
        assert!(all[0].diagnostics.is_empty(), "{:?}", all[0].diagnostics);
        // Followed by a second record, the blank lines still belong to neither.
        let text = format!("{record}{}{record}", "   \n".repeat(500));
        let all: Vec<Parsed> = Reader::with_limits(text.as_bytes(), limits).collect();
        assert_eq!(all.len(), 2);
        assert!(all.iter().all(|p| p.diagnostics.is_empty() && p.record.is_some()));
        assert_eq!(all[1].offset, record.len() + 2000);
        // Inside a record they do count.
        let text = format!("[Game \"skat\"]\n{}auction M pass\n", "\n".repeat(500));
        let all: Vec<Parsed> = Reader::with_limits(text.as_bytes(), limits).collect();
        assert_eq!(all[0].diagnostics[0].code, codes::RECORD_TOO_LARGE);
    }

    #[test]
    fn blank_lines_between_leading_comments_and_tags_keep_their_offsets() {
        let text = "[Game \"skat\"]\nauction M pass\n\n; next\n\n\n[Game \"skat\"]\nauction  M pass\n";
        let all = read_str(text);
        assert_eq!(all.len(), 2);
        let second = all[1].record.as_ref().expect("record");
        let at = text.rfind("[Game").expect("tag");
        assert_eq!(second.tags[0].name.span.start, at + 1);
        assert_eq!(&text[all[1].offset..], all[1].text);
    }

    #[test]
    fn an_open_brace_without_a_record_is_a_finding() {
        let all = read_str("; notes\n  {never closed\n[nothing\n");
        // `[` in column 1 closes the comment and starts a record.
        assert_eq!(all.len(), 1);
        let all = read_str("; notes\n  {never closed\nstill inside\n");
        assert_eq!(all.len(), 1);
        let d = &all[0].diagnostics[0];
        assert_eq!(d.code, codes::UNTERMINATED_COMMENT);
        assert_eq!(d.span.map(|s| (s.line, s.column)), Some((2, 3)));
        assert!(all[0].record.is_none());
    }

    #[test]
    fn the_records_ranges_cover_every_record_byte() {
        let text = "\u{feff}; only notes\n%stich 1\n[Game \"skat\"]\nauction M pass\n\n\
                    ; lead\n[Game \"skat\"]\nresult x \"ok\"\n%TODO\n[Game \"skat\"]\n";
        let chunks: Vec<RawChunk> = Reader::new(text.as_bytes()).raw().collect();
        assert_eq!(chunks.len(), 3);
        assert_eq!(chunks[0].offset(), text.find("%stich").expect("v"));
        for w in chunks.windows(2) {
            assert_eq!(w[0].end(), w[1].offset());
        }
        assert_eq!(chunks[2].end(), text.len());
        for c in &chunks {
            assert_eq!(&text[c.offset()..c.offset() + c.len()], c.text());
        }
        // A line over the limit is kept out of the text but not out of the range.
        let long = format!(
            "[Game \"skat\"]\nresult x \"{}\"\n[Game \"skat\"]\n",
            "x".repeat(40)
        );
        let limits = Limits {
            max_line_len: 20,
            ..Limits::DEFAULT
        };
        let chunks: Vec<RawChunk> = Reader::with_limits(long.as_bytes(), limits).raw().collect();
        assert_eq!(chunks[0].end(), long.rfind("[Game").expect("tag"));
        assert!(chunks[0].is_spoilt());
        assert!(chunks[0].len() < chunks[0].end() - chunks[0].offset());
    }
}
