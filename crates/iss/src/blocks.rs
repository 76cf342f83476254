//! Cutting an input into blocks of whole records, so that the records of each block can be
//! found and checked on any thread.
//!
//! A line that starts with `(;` (after blanks) begins a record whatever the reader was doing
//! before it: outside a record it opens one, and inside one it reports the open record as
//! unclosed first (`I0103`). So cutting the input right before such a `(` and reading each
//! piece with a reader of its own, started at the piece's position, finds the same records
//! and the same findings at the same places as one reader over the whole input. Only
//! [`Location::index`](crate::Location::index) differs: it counts within the block.
//!
//! Blocks are about [`BLOCK`] bytes, and hold at most [`RECORDS`] lines that start a record
//! (a block of tiny records is cut sooner), so that the outcomes of a block take about as
//! much memory whatever its records are like. An input that goes [`LIMIT`] bytes without such a line
//! (a file of records run together on one line) is read from there on by one reader, record
//! by record, so memory stays bounded whatever the input.

use std::io::{self, BufRead, Read};

use notation::{Diagnostic, Kind};

use crate::codes;
use crate::pos::Pos;
use crate::read::{IssError, IssReader, Location, RawRecord, RawRecords};

/// The size a block is cut at, when a record starts there.
pub const BLOCK: usize = 1 << 16;

/// The most lines starting a record a block holds; a block is cut before the next one.
pub const RECORDS: usize = 256;

/// How far a block may grow while no line starts a record.
pub const LIMIT: usize = 1 << 22;

/// A piece of the input holding whole records, and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    bytes: Vec<u8>,
    start: Pos,
    units: usize,
}

impl Block {
    /// The block's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// At most how many records (and findings between them) the block gives: one more than
    /// the `(;` in it, wherever they stand (records may run together on one line).
    pub fn units_bound(&self) -> usize {
        self.units
    }

    /// The records of the block, with spans into the whole input.
    pub fn records(&self) -> RawRecords<&[u8]> {
        IssReader::starting_at(self.bytes.as_slice(), self.start).raw()
    }
}

/// What [`Blocks`] gives: a block, or (once the input has shown no place to cut) the
/// records one by one.
#[derive(Debug)]
pub enum Piece {
    /// Whole records, to be read anywhere.
    Block(Block),
    /// A record (or a finding) read here.
    Record(Result<RawRecord, IssError>),
}

/// The rest of an input that could not be cut: what was read of it, then the input.
type Rest<R> = io::BufReader<io::Chain<io::Cursor<Vec<u8>>, R>>;

enum Mode<R: BufRead> {
    Cutting(R),
    // Boxed: the reader is large, and taken at most once per input.
    Reading(Box<RawRecords<Rest<R>>>),
    Done,
}

/// The pieces of an input, in order (see the module's documentation).
pub struct Blocks<R: BufRead> {
    mode: Mode<R>,
    pending: Vec<u8>,
    start: Pos,
    block: usize,
    limit: usize,
    /// The input has ended; what is pending is cut into its last blocks.
    eof: bool,
    /// The last block was cut for its count of records: more such blocks may be pending.
    dense: bool,
    /// A read error, reported after the block read before it.
    error: Option<IssError>,
}

impl<R: BufRead> Blocks<R> {
    /// The blocks of `input`.
    pub fn new(input: R) -> Self {
        Blocks {
            mode: Mode::Cutting(input),
            pending: Vec::new(),
            start: Pos::start(),
            block: BLOCK,
            limit: LIMIT,
            eof: false,
            dense: false,
            error: None,
        }
    }

    /// The same, cutting at `block` bytes and reading on record by record after `limit`
    /// bytes without a place to cut (tests use small sizes to cut often).
    pub fn with_sizes(mut self, block: usize, limit: usize) -> Self {
        self.block = block.max(1);
        self.limit = limit.max(self.block);
        self
    }

    /// Takes the first `len` pending bytes as a block, and moves the start past them.
    fn cut(&mut self, len: usize) -> Block {
        let rest = self.pending.split_off(len.min(self.pending.len()));
        let bytes = std::mem::replace(&mut self.pending, rest);
        let start = self.start;
        self.start.advance_all(&bytes);
        let units = memchr::memmem::find_iter(&bytes, b"(;").count() + 1;
        Block { bytes, start, units }
    }
}

/// Where the record starting on the line after the line break at `nl` begins (the
/// position of its `(`), if that line is blanks and then `(;`.
fn record_line_after(bytes: &[u8], nl: usize) -> Option<usize> {
    let line = bytes.get(nl + 1..)?;
    let blanks = line
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r'))
        .count();
    (line.get(blanks..blanks + 2) == Some(b"(;")).then_some(nl + 1 + blanks)
}

/// The place in `bytes` where the `n`-th line after the first that starts a record begins
/// (the position of its `(`), scanning no further than that.
fn nth_cut(bytes: &[u8], n: usize) -> Option<usize> {
    memchr::memchr_iter(b'\n', bytes)
        .filter_map(|nl| record_line_after(bytes, nl))
        .nth(n.saturating_sub(1))
}

/// The last place in `bytes` (after its first byte) where a line starts a record: the
/// position of the `(` of a line that is blanks and then `(;`.
fn last_cut(bytes: &[u8]) -> Option<usize> {
    memchr::memrchr_iter(b'\n', bytes).find_map(|nl| record_line_after(bytes, nl))
}

impl<R: BufRead> Iterator for Blocks<R> {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        loop {
            match &mut self.mode {
                Mode::Done => return self.error.take().map(|e| Piece::Record(Err(e))),
                Mode::Reading(records) => match records.next() {
                    Some(r) => return Some(Piece::Record(r)),
                    None => self.mode = Mode::Done,
                },
                Mode::Cutting(input) => {
                    if self.dense || self.eof {
                        if let Some(at) = nth_cut(&self.pending, RECORDS) {
                            return Some(Piece::Block(self.cut(at)));
                        }
                        self.dense = false;
                    }
                    if self.eof {
                        self.mode = Mode::Done;
                        if self.pending.is_empty() {
                            return None;
                        }
                        let all = self.pending.len();
                        return Some(Piece::Block(self.cut(all)));
                    }
                    // Read into room made at once: growing the buffer as the bytes come
                    // would copy it again and again.
                    let len = self.pending.len();
                    self.pending.resize(len + self.block, 0);
                    let read = input.read(self.pending.get_mut(len..).unwrap_or_default());
                    self.pending.truncate(len + read.as_ref().map_or(0, |&n| n));
                    match read {
                        Ok(0) => self.eof = true,
                        Ok(_) => {
                            if self.pending.len() < self.block {
                                continue;
                            }
                            if let Some(at) = nth_cut(&self.pending, RECORDS) {
                                self.dense = true;
                                return Some(Piece::Block(self.cut(at)));
                            }
                            if let Some(at) = last_cut(&self.pending).filter(|&at| at > 0) {
                                return Some(Piece::Block(self.cut(at)));
                            }
                            if self.pending.len() >= self.limit {
                                let Mode::Cutting(input) = std::mem::replace(&mut self.mode, Mode::Done)
                                else {
                                    return None;
                                };
                                let pending = std::mem::take(&mut self.pending);
                                let chained = io::BufReader::new(io::Cursor::new(pending).chain(input));
                                let reader = IssReader::starting_at(chained, self.start);
                                self.mode = Mode::Reading(Box::new(reader.raw()));
                            }
                        }
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => {
                            // What was read is checked; the error follows it, as the reader
                            // reports one.
                            self.mode = Mode::Done;
                            let all = self.pending.len();
                            let block = self.cut(all);
                            let span = self.start.to(self.start);
                            self.error = Some(IssError {
                                location: Location { span, index: 0 },
                                diagnostics: vec![Diagnostic::error(
                                    codes::IO,
                                    Kind::Syntax,
                                    Some(span),
                                    format!("cannot read the input: {e}"),
                                )],
                            });
                            if !block.bytes.is_empty() {
                                return Some(Piece::Block(block));
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_of_tiny_records_is_cut_by_their_count() {
        let text = "(;\n".repeat(100_000);
        let mut records = 0;
        let mut blocks = 0;
        for piece in Blocks::new(text.as_bytes()) {
            let Piece::Block(b) = piece else {
                panic!("records were cut into blocks");
            };
            assert!(b.units_bound() <= RECORDS + 1, "{}", b.units_bound());
            records += b.records().count();
            blocks += 1;
        }
        assert_eq!(records, 100_000);
        assert!(blocks >= 100_000 / RECORDS, "{blocks}");
    }

    #[test]
    fn records_on_one_line_count_toward_the_bound() {
        let text = "(;GM[Skat];)(;GM[Skat];)\n(;GM[Skat];)\n";
        let pieces: Vec<Piece> = Blocks::new(text.as_bytes()).collect();
        let [Piece::Block(b)] = pieces.as_slice() else {
            panic!("one block: {pieces:?}");
        };
        assert_eq!(b.units_bound(), 4);
        assert_eq!(b.records().count(), 3);
    }
}
