//! What `stich fmt` writes, and the proof that it lost nothing.
//!
//! The input is cut into *units*: each record the reader splits off, and the stretches of
//! input between records that hold no record (a file of comments, comment lines before a
//! version line). A record that reads is written in its canonical form, after the version
//! line that started it, if any; a record that does not read, or whose canonical form would
//! not read back as the same record, is written exactly as it was, byte for byte; stretches
//! without records are written as they were unless they are only blanks (or a byte-order
//! mark). Records follow each other as they did in the input, so a record never runs into
//! the next.
//!
//! The written text is then planned again, and must give the same units: the same canonical
//! texts, and the same bytes where bytes were kept. Only then does it replace anything
//! (see `commands::fmt`). Both passes read their inputs as streams: memory holds one record,
//! never the file.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};

use notation::{Diagnostic, Parsed, PrintOptions, RawChunk, RawChunks, Reader};
use sha2::{Digest, Sha256};

/// Finding: a record that reads, kept as written because its canonical form would not read
/// back as the same record (a line past the reader's limit, say).
pub const KEPT_AS_WRITTEN: &str = "F0001";
/// Finding: the formatted text of a file did not read back as the same records; the file
/// is left as it was.
pub const NOT_REWRITTEN: &str = "F0002";

/// Finding: a compressed file, which `stich fmt` leaves as it is.
pub const COMPRESSED: &str = "F0003";

/// One stretch of the output.
#[derive(Debug)]
pub enum Unit {
    /// A record in canonical form: the version line before it (canonical `%stich N`, or a
    /// malformed `%` line exactly as written, with its line break), and its text.
    Canonical {
        /// The `%` line that started the record, if any.
        directive: Option<String>,
        /// The canonical text of the record.
        text: String,
    },
    /// Input bytes `from..to`, written exactly as they were: a record that does not read,
    /// or input between records that holds more than blanks.
    Kept {
        /// The first byte.
        from: u64,
        /// Just past the last byte.
        to: u64,
    },
}

/// A unit with what is to be said about it.
pub struct Planned {
    /// What is written.
    pub unit: Unit,
    /// The record as read (for rendering its findings), when the unit is a record.
    pub parsed: Option<Parsed>,
    /// The findings to report: the reader's errors for a record kept as written, a
    /// version line's findings, or [`KEPT_AS_WRITTEN`].
    pub findings: Vec<Diagnostic>,
}

/// Input read by position: a file (read without its file offset, which its clones share) or
/// bytes in memory.
pub trait Source {
    /// The length in bytes.
    fn size(&self) -> io::Result<u64>;
    /// Reads bytes from `pos` on into `buf`; 0 at the end.
    fn read_at(&self, buf: &mut [u8], pos: u64) -> io::Result<usize>;
}

impl Source for File {
    fn size(&self) -> io::Result<u64> {
        Ok(self.metadata()?.len())
    }

    fn read_at(&self, buf: &mut [u8], pos: u64) -> io::Result<usize> {
        #[cfg(unix)]
        return std::os::unix::fs::FileExt::read_at(self, buf, pos);
        #[cfg(windows)]
        return std::os::windows::fs::FileExt::seek_read(self, buf, pos);
    }
}

impl Source for &[u8] {
    fn size(&self) -> io::Result<u64> {
        Ok(self.len() as u64)
    }

    fn read_at(&self, buf: &mut [u8], pos: u64) -> io::Result<usize> {
        let rest = usize::try_from(pos)
            .ok()
            .and_then(|p| self.get(p..))
            .unwrap_or_default();
        let n = rest.len().min(buf.len());
        if let (Some(to), Some(from)) = (buf.get_mut(..n), rest.get(..n)) {
            to.copy_from_slice(from);
        }
        Ok(n)
    }
}

/// A stretch of a [`Source`], read as a stream: any number of them over one source never
/// disturb each other.
pub struct Stretch<'a> {
    source: &'a dyn Source,
    pos: u64,
    end: u64,
}

impl<'a> Stretch<'a> {
    /// Bytes `from..to` of `source`.
    pub fn new(source: &'a dyn Source, from: u64, to: u64) -> Stretch<'a> {
        Stretch {
            source,
            pos: from,
            end: to,
        }
    }

    /// The whole of `source`.
    pub fn whole(source: &'a dyn Source) -> io::Result<Stretch<'a>> {
        Ok(Stretch::new(source, 0, source.size()?))
    }

    /// The bytes left to read.
    pub fn len(&self) -> u64 {
        self.end.saturating_sub(self.pos)
    }

    /// Whether no byte is left to read.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Read for Stretch<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end.saturating_sub(self.pos)).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        let Some(buf) = buf.get_mut(..want) else {
            return Ok(0);
        };
        if buf.is_empty() {
            return Ok(0);
        }
        let n = self.source.read_at(buf, self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// Plans the units of a file.
pub struct Planner<'a> {
    chunks: RawChunks<BufReader<Stretch<'a>>>,
    /// The end of the last unit planned.
    pos: u64,
    /// A record split off but not planned yet, because a stretch before it came first.
    next: Option<RawChunk>,
    /// The input, for the bytes between records.
    file: &'a dyn Source,
    /// The input's length.
    len: u64,
    done: bool,
    /// How records are printed.
    options: PrintOptions,
}

impl<'a> Planner<'a> {
    /// A planner over `file`, read from its start, printing records with `options` (the
    /// default is the canonical form).
    pub fn new(file: &'a dyn Source, options: PrintOptions) -> io::Result<Planner<'a>> {
        let whole = Stretch::whole(file)?;
        let len = whole.end;
        Ok(Planner {
            chunks: Reader::new(BufReader::with_capacity(1 << 16, whole)).raw(),
            pos: 0,
            next: None,
            file,
            len,
            done: false,
            options,
        })
    }

    /// The next unit, or `None` at the end of the input.
    pub fn next_unit(&mut self) -> io::Result<Option<Planned>> {
        loop {
            if self.done {
                return Ok(None);
            }
            let chunk = match self.next.take() {
                Some(c) => Some(c),
                None => self.chunks.next(),
            };
            let start = chunk.as_ref().map_or(self.len, |c| c.offset() as u64);
            if start > self.pos {
                let (from, to) = (self.pos, start);
                self.pos = start;
                self.next = chunk;
                if !self.blank(from, to)? {
                    return Ok(Some(Planned {
                        unit: Unit::Kept { from, to },
                        parsed: None,
                        findings: Vec::new(),
                    }));
                }
                continue;
            }
            let Some(chunk) = chunk else {
                self.done = true;
                return Ok(None);
            };
            self.pos = (chunk.end() as u64).max(self.pos);
            return Ok(Some(plan(chunk, &self.options)));
        }
    }

    /// Whether input bytes `from..to` hold only blanks and line breaks (and the byte-order
    /// mark at the start of the input).
    fn blank(&mut self, from: u64, to: u64) -> io::Result<bool> {
        let mut bytes = Stretch::new(self.file, from, to);
        let mut buf = [0u8; 1 << 14];
        let mut at = from;
        loop {
            let got = bytes.read(&mut buf)?;
            if got == 0 {
                break;
            }
            for (i, &b) in buf.iter().take(got).enumerate() {
                let bom = at == 0 && i < 3 && buf.starts_with(b"\xEF\xBB\xBF");
                if !(bom || b == b' ' || b == b'\t' || b == b'\n' || b == b'\r') {
                    return Ok(false);
                }
            }
            at += got as u64;
        }
        Ok(true)
    }
}

/// Decides what becomes of one record.
fn plan(chunk: RawChunk, options: &PrintOptions) -> Planned {
    let (from, to) = (chunk.offset() as u64, chunk.end() as u64);
    let mut parsed = chunk.parse();
    let kept = |parsed: Parsed, findings: Vec<Diagnostic>| Planned {
        unit: Unit::Kept { from, to },
        parsed: Some(parsed),
        findings,
    };
    // The tree is taken, not copied: what is reported later needs only the text.
    let Some(mut record) = parsed.record.take() else {
        let findings = parsed.diagnostics.clone();
        return kept(parsed, findings);
    };
    engine::canonicalize(&mut record);
    let text = notation::print_with(&record, options);
    // The version line goes first, as it was: canonical when it reads, exactly as written
    // when it does not (with its finding reported).
    let first_line = parsed.text.split_inclusive('\n').next().unwrap_or("");
    let directive_line = parsed.text.starts_with('%').then_some(first_line);
    let bad_directive = parsed
        .diagnostics
        .iter()
        .any(|d| d.code == notation::codes::BAD_DIRECTIVE);
    let directive = directive_line.map(|line| {
        if bad_directive {
            line.to_string()
        } else {
            let number = line.trim().trim_start_matches("%stich").trim();
            let number = number
                .parse::<u32>()
                .map_or_else(|_| number.to_string(), |n| n.to_string());
            format!("%stich {number}\n")
        }
    });
    // A record already written as its canonical text was just read from that text: reading
    // it once more would prove nothing new. Files in canonical form, and the second pass over
    // what fmt wrote, take this short way.
    let own = parsed
        .text
        .get(directive_line.map_or(0, str::len)..)
        .unwrap_or("");
    if own != text && !reads_back(&text, record.version, options) {
        let at = parsed
            .diagnostics
            .first()
            .and_then(|d| d.span)
            .or(record.tags.first().map(|t| t.name.span))
            .unwrap_or(notation::Span {
                start: parsed.offset,
                end: parsed.offset,
                line: parsed.line,
                column: 1,
            });
        let d = Diagnostic::warning(
            KEPT_AS_WRITTEN,
            Some(at),
            format!(
                "the record starting on line {} is kept as written: its canonical form would not read back as the same record",
                parsed.line
            ),
        )
        .with_help("shorten its longest lines (a trick, a claim, a comment) so that the canonical form stays within the reader's limits");
        return kept(parsed, vec![d]);
    }
    let findings = parsed
        .diagnostics
        .iter()
        .filter(|d| {
            d.code == notation::codes::BAD_DIRECTIVE || d.code == notation::codes::UNSUPPORTED_VERSION
        })
        .cloned()
        .collect();
    Planned {
        unit: Unit::Canonical { directive, text },
        parsed: Some(parsed),
        findings,
    }
}

/// Whether a canonical text reads back, under the version in force, as one record that
/// prints and canonicalizes to itself.
fn reads_back(text: &str, version: Option<u32>, options: &PrintOptions) -> bool {
    let input = match version {
        Some(v) => format!("%stich {v}\n{text}"),
        None => text.to_string(),
    };
    let mut again = Reader::new(input.as_bytes());
    let (Some(first), None) = (again.next(), again.next()) else {
        return false;
    };
    let Some(mut record) = first.record else {
        return false;
    };
    engine::canonicalize(&mut record);
    notation::print_with(&record, options) == text
}

/// Writes units: each as planned, a blank line after every canonical record that has more
/// after it.
pub struct Writer<'a, W> {
    out: W,
    source: &'a dyn Source,
    after_canonical: bool,
}

impl<'a, W: Write> Writer<'a, W> {
    /// A writer into `out`, copying kept bytes from `source`.
    pub fn new(out: W, source: &'a dyn Source) -> Writer<'a, W> {
        Writer {
            out,
            source,
            after_canonical: false,
        }
    }

    /// Writes one unit.
    pub fn write(&mut self, unit: &Unit) -> io::Result<()> {
        if self.after_canonical {
            self.out.write_all(b"\n")?;
        }
        match unit {
            Unit::Canonical { directive, text } => {
                if let Some(d) = directive {
                    self.out.write_all(d.as_bytes())?;
                }
                self.out.write_all(text.as_bytes())?;
                self.after_canonical = true;
            }
            Unit::Kept { from, to } => {
                let copied = io::copy(&mut Stretch::new(self.source, *from, *to), &mut self.out)?;
                if copied != to - from {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the input changed while it was formatted",
                    ));
                }
                self.after_canonical = false;
            }
        }
        Ok(())
    }

    /// The output, flushed.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// What is compared of a unit: the canonical text, or a digest of the kept bytes.
#[derive(Debug, PartialEq, Eq)]
enum Sign {
    Canonical(Option<String>, String),
    Kept([u8; 32]),
}

fn sign(unit: Unit, file: &dyn Source) -> io::Result<Sign> {
    Ok(match unit {
        Unit::Canonical { directive, text } => Sign::Canonical(directive, text),
        Unit::Kept { from, to } => {
            let mut hasher = Sha256::new();
            let mut buf = [0u8; 1 << 14];
            let mut taken = Stretch::new(file, from, to);
            loop {
                let n = taken.read(&mut buf)?;
                if n == 0 {
                    break;
                }
                hasher.update(buf.get(..n).unwrap_or_default());
            }
            Sign::Kept(hasher.finalize().into())
        }
    })
}

/// Whether `written` plans exactly the units `original` does: every canonical text the
/// same, every kept stretch the same bytes, none more, none fewer. When it does, nothing of
/// the original is lost and formatting `written` again changes nothing.
pub fn same_units(original: &dyn Source, written: &dyn Source, options: PrintOptions) -> io::Result<bool> {
    let mut a = Planner::new(original, options)?;
    let mut b = Planner::new(written, options)?;
    loop {
        match (a.next_unit()?, b.next_unit()?) {
            (None, None) => return Ok(true),
            (Some(x), Some(y)) => {
                if sign(x.unit, original)? != sign(y.unit, written)? {
                    return Ok(false);
                }
            }
            _ => return Ok(false),
        }
    }
}

/// Formats `source` into `out`, handing every planned unit to `each` (to report its
/// findings) before it is written. Whether the result may replace the input is for
/// [`same_units`] to say.
pub fn format_into<W: Write>(
    source: &dyn Source,
    out: W,
    options: PrintOptions,
    mut each: impl FnMut(&Planned),
) -> io::Result<W> {
    let mut planner = Planner::new(source, options)?;
    let mut writer = Writer::new(out, source);
    while let Some(planned) = planner.next_unit()? {
        each(&planned);
        writer.write(&planned.unit)?;
    }
    writer.finish()
}

/// What `fmt` makes of bytes in memory: the formatted bytes when they read back as the
/// same records, else the input unchanged; and whether it was changed.
pub fn format_bytes(input: &[u8]) -> io::Result<(Vec<u8>, bool)> {
    let options = PrintOptions::default();
    let out = format_into(&input, Vec::new(), options, |_| {})?;
    if same_units(&input, &out.as_slice(), options)? {
        let changed = out != input;
        Ok((out, changed))
    } else {
        Ok((input.to_vec(), false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(bytes: &[u8]) -> File {
        let mut f = tempfile::tempfile().expect("temp file");
        f.write_all(bytes).expect("write");
        f
    }

    /// Formats through files, as the command does.
    fn format(bytes: &[u8]) -> (Vec<u8>, Vec<String>, bool) {
        let src = file(bytes);
        let mut codes = Vec::new();
        let written = format_into(&src, Vec::new(), PrintOptions::default(), |p| {
            codes.extend(p.findings.iter().map(|d| d.code.to_string()))
        })
        .expect("format");
        let same = same_units(&src, &file(&written), PrintOptions::default()).expect("compare");
        assert_eq!(
            format_bytes(bytes).expect("bytes").0,
            if same { written.clone() } else { bytes.to_vec() }
        );
        (written, codes, same)
    }

    const GOOD: &str = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n";

    #[test]
    fn records_that_read_are_canonical_and_others_are_kept_byte_for_byte() {
        let bad = "[Game \"skat\"]\nplay  1. F: ♣X\n\n";
        let input =
            format!("{GOOD}\n\n{bad}[Game \"skat\"]\n[Rules \"isko\"]\nauction   M pass,R  pass, F   pass\n");
        let (out, codes, same) = format(input.as_bytes());
        let out = String::from_utf8(out).expect("utf-8");
        assert_eq!(out, format!("{GOOD}\n{bad}{GOOD}"));
        assert!(codes.iter().all(|c| c.starts_with('N')), "{codes:?}");
        assert!(same);
    }

    #[test]
    fn comments_only_and_malformed_version_lines_are_kept() {
        let (out, codes, same) = format(b"; only a note\n{and another}\n");
        assert_eq!(out, b"; only a note\n{and another}\n");
        assert!(codes.is_empty() && same);
        let input = format!("%stich   1\n{GOOD}%TODO check the bid\n{GOOD}");
        let (out, codes, same) = format(input.as_bytes());
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            format!("%stich 1\n{GOOD}\n%TODO check the bid\n{GOOD}")
        );
        assert_eq!(codes, vec![notation::codes::BAD_DIRECTIVE]);
        assert!(same);
    }

    #[test]
    fn blank_stretches_and_the_byte_order_mark_go() {
        let input = format!("\u{feff}\n\n{GOOD}");
        let (out, _, same) = format(input.as_bytes());
        assert_eq!(out, GOOD.as_bytes());
        assert!(same);
    }

    #[test]
    fn invalid_utf8_and_long_lines_keep_every_byte() {
        let mut input = format!("{GOOD}[Game \"skat\"]\nresult x \"").into_bytes();
        input.extend_from_slice(b"\xff\xfe\"\nresult y 1\n");
        input.extend_from_slice(format!("[Event \"{}\"]\n", "x".repeat(70_000)).as_bytes());
        input.extend_from_slice(GOOD.as_bytes());
        let (out, codes, same) = format(&input);
        assert!(same);
        let tail = input.get(GOOD.len()..).expect("tail");
        assert_eq!(out.get(..GOOD.len()), Some(GOOD.as_bytes()));
        assert_eq!(out.get(GOOD.len() + 1..), Some(tail));
        assert!(codes.contains(&notation::codes::INVALID_UTF8.to_string()));
    }

    #[test]
    fn a_record_whose_canonical_form_would_not_read_is_kept() {
        // ASCII cards print as suit symbols: a trick of them grows past the line limit.
        let trick: Vec<&str> = std::iter::repeat_n("CJ", 20_000).collect();
        let input = format!("[Game \"skat\"]\n\nplay     1. F: {}\n", trick.join(" "));
        let (out, codes, same) = format(input.as_bytes());
        assert_eq!(out, input.as_bytes());
        assert_eq!(codes, vec![KEPT_AS_WRITTEN]);
        assert!(same);
    }

    #[test]
    fn version_2_records_are_formatted_under_their_version() {
        let input = "%stich 2\n[Game \"pinochle\"]\n\nauction  E 250,  S pass\n";
        let (out, codes, same) = format(input.as_bytes());
        assert!(same && codes.is_empty(), "{codes:?}");
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            "%stich 2\n[Game \"pinochle\"]\n\nauction  E 250, S pass\n"
        );
    }

    #[test]
    fn different_output_is_found() {
        let a = file(GOOD.as_bytes());
        let b = file(GOOD.replace("F pass", "F 18").as_bytes());
        assert!(!same_units(&a, &b, PrintOptions::default()).expect("compare"));
        let c = file(format!("{GOOD}\n{GOOD}").as_bytes());
        assert!(!same_units(&a, &c, PrintOptions::default()).expect("compare"));
    }
}
