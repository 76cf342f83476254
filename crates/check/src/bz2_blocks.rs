//! Decoding a bzip2 input on several threads.
//!
//! The server publishes its archive as `.sgf.bz2`, and one thread decodes bzip2 at a tenth of
//! the rate stich checks what comes out. A bzip2 stream is a header and a run of blocks that
//! each decode on their own (the block holds its own Huffman tables and CRC), but the blocks are
//! not byte-aligned: each starts with a 48-bit magic number at any bit. So the reading thread
//! scans the compressed bits for those numbers, copies each block out into a stream of its own
//! (the stream header, the block, the end-of-stream number and the block's CRC as the stream's),
//! and hands it to a decoding thread; the reader gives the decoded blocks back in their order.
//! Several streams end to end (`cat a.bz2 b.bz2`, pbzip2) are read one after the other, each
//! stream's combined CRC checked against its blocks'.
//!
//! The magic number may also occur by chance inside a block's coded bits. A candidate must
//! also carry a plausible block header, which leaves about one chance match in 2^53 bit
//! positions (one in ten million files of the server archive's size). A block cut at such a
//! place does not decode, or breaks the stream's CRC: the reader then stops with an error that
//! says to read the file with one thread, whose sequential decoder has no such cut; it never
//! gives wrong bytes. Memory is bounded by the blocks in flight (each at most 900 kB decoded),
//! whatever the input's size.

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// The 48-bit number that starts every block.
const BLOCK_MAGIC: u64 = 0x3141_5926_5359;
/// The 48-bit number that ends a stream, before its combined CRC.
const END_MAGIC: u64 = 0x1772_4538_5090;
/// Compressed bytes read at a time.
const CHUNK: usize = 1 << 16;

/// A block's bits copied out of the input.
struct Piece {
    /// A whole bzip2 stream holding the block (or blocks joined after a chance match).
    stream: Vec<u8>,
}

/// What a decoding thread gives back.
type Decoded = Result<Vec<u8>, io::Error>;

/// A reader of a bzip2 input whose blocks are decoded on `threads` threads, in order.
pub struct ParallelBz2 {
    order: Receiver<Receiver<Decoded>>,
    current: Vec<u8>,
    at: usize,
    done: bool,
}

impl ParallelBz2 {
    /// Starts reading `input` (bzip2 from its first byte), decoding on `threads` threads.
    pub fn new(input: Box<dyn Read + Send>, threads: usize) -> ParallelBz2 {
        let threads = threads.max(1);
        let (order_tx, order_rx) = sync_channel::<Receiver<Decoded>>(threads * 2);
        let (work_tx, work_rx) = sync_channel::<(Piece, SyncSender<Decoded>)>(threads);
        let work_rx = std::sync::Arc::new(std::sync::Mutex::new(work_rx));
        for _ in 0..threads {
            let work_rx = std::sync::Arc::clone(&work_rx);
            std::thread::spawn(move || {
                loop {
                    let job = match work_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((piece, done)) = job else { return };
                    let _ = done.send(decode(&piece.stream));
                }
            });
        }
        std::thread::spawn(move || {
            let mut scanner = Scanner::new(input, work_tx, order_tx);
            if let Err(e) = scanner.run() {
                scanner.fail(e);
            }
        });
        ParallelBz2 {
            order: order_rx,
            current: Vec::new(),
            at: 0,
            done: false,
        }
    }
}

impl Read for ParallelBz2 {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at >= self.current.len() {
            if self.done {
                return Ok(0);
            }
            let Ok(next) = self.order.recv() else {
                self.done = true;
                return Ok(0);
            };
            match next.recv() {
                Ok(Ok(bytes)) => {
                    self.current = bytes;
                    self.at = 0;
                }
                Ok(Err(e)) => {
                    self.done = true;
                    return Err(e);
                }
                Err(_) => {
                    self.done = true;
                    return Err(io::Error::other("bzip2: a decoding thread stopped"));
                }
            }
        }
        let rest = self.current.get(self.at..).unwrap_or_default();
        let n = rest.len().min(buf.len());
        if let (Some(to), Some(from)) = (buf.get_mut(..n), rest.get(..n)) {
            to.copy_from_slice(from);
        }
        self.at += n;
        Ok(n)
    }
}

/// Decodes one standalone stream.
fn decode(stream: &[u8]) -> Decoded {
    let mut out = Vec::with_capacity(stream.len() * 4);
    match bzip2::read::BzDecoder::new(stream).read_to_end(&mut out) {
        Ok(_) => Ok(out),
        Err(e) => Err(bad(&format!(
            "a bzip2 block does not decode: {e} (if `bzip2 -t` finds the file intact, read it with --jobs 1)"
        ))),
    }
}

/// The reading thread: finds the blocks, sends them out, checks each stream's CRC.
struct Scanner {
    input: Box<dyn Read + Send>,
    /// Compressed bytes not yet cut.
    buf: Vec<u8>,
    eof: bool,
    work: SyncSender<(Piece, SyncSender<Decoded>)>,
    order: SyncSender<Receiver<Decoded>>,
    /// For each magic number and each of the eight bit offsets it may start at in a byte, a
    /// searcher for the five whole bytes that follow that byte, with the offset and whether
    /// it is the end number: a byte search finds candidates much faster than a walk over
    /// every bit.
    finders: Vec<(memchr::memmem::Finder<'static>, u32, bool)>,
}

/// The five whole bytes after the first byte of `magic` starting at bit `k` of a byte.
fn needle(magic: u64, k: u32) -> Vec<u8> {
    // The 48 bits placed at bit k of an 8-byte window, most significant first.
    let placed = magic << (16 - k);
    (1..6).map(|j| (placed >> (56 - 8 * j)) as u8).collect()
}

fn finders() -> Vec<(memchr::memmem::Finder<'static>, u32, bool)> {
    let mut out = Vec::new();
    for (magic, is_end) in [(BLOCK_MAGIC, false), (END_MAGIC, true)] {
        for k in 0..8 {
            out.push((
                memchr::memmem::Finder::new(&needle(magic, k)).into_owned(),
                k,
                is_end,
            ));
        }
    }
    out
}

/// How a stream's blocks are cut, while its blocks are read.
struct Stream {
    /// The stream header (`BZh` and the level digit), put in front of every piece.
    header: [u8; 4],
    /// The stream's combined CRC as its blocks give it.
    combined: u32,
}

impl Scanner {
    fn new(
        input: Box<dyn Read + Send>,
        work: SyncSender<(Piece, SyncSender<Decoded>)>,
        order: SyncSender<Receiver<Decoded>>,
    ) -> Scanner {
        Scanner {
            input,
            buf: Vec::with_capacity(CHUNK * 2),
            eof: false,
            work,
            order,
            finders: finders(),
        }
    }

    /// Hands an error to the reader in the order of the output.
    fn fail(&self, e: io::Error) {
        let (tx, rx) = sync_channel(1);
        let _ = tx.send(Err(e));
        let _ = self.order.send(rx);
    }

    /// Reads more input; `false` at its end.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let start = self.buf.len();
        self.buf.resize(start + CHUNK, 0);
        let n = loop {
            match self.input.read(self.buf.get_mut(start..).unwrap_or_default()) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buf.truncate(start);
                    return Err(e);
                }
            }
        };
        self.buf.truncate(start + n);
        if n == 0 {
            self.eof = true;
        }
        Ok(n > 0)
    }

    /// Makes sure `bits` bits from bit `from` of the buffer are there; `false` when the input
    /// ends first.
    fn have(&mut self, from: usize, bits: usize) -> io::Result<bool> {
        while self.buf.len() * 8 < from + bits {
            if !self.fill()? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn run(&mut self) -> io::Result<()> {
        let mut first = true;
        loop {
            // A stream starts byte-aligned at the start of the buffer.
            if !self.have(0, 32)? {
                if first || !self.buf.is_empty() {
                    return Err(bad("a bzip2 stream is cut short"));
                }
                return Ok(());
            }
            let header = match self.buf.get(..4) {
                Some(&[b'B', b'Z', b'h', level @ b'1'..=b'9']) => [b'B', b'Z', b'h', level],
                _ if !first => {
                    // What follows the last stream is not another one: ignored, as the
                    // usual decoders do.
                    return Ok(());
                }
                _ => return Err(bad("not a bzip2 stream")),
            };
            first = false;
            self.buf.drain(..4);
            let mut stream = Stream { header, combined: 0 };
            self.stream(&mut stream)?;
        }
    }

    /// Reads the blocks of one stream, from the bit after its header to the byte after its
    /// end, leaving the buffer at the next stream.
    fn stream(&mut self, stream: &mut Stream) -> io::Result<()> {
        if !self.have(0, 48)? {
            return Err(bad("a bzip2 stream is cut short"));
        }
        match bits_at(&self.buf, 0, 48) {
            BLOCK_MAGIC => {}
            END_MAGIC => return self.end(stream, 0),
            _ => return Err(bad("a bzip2 stream without a block")),
        }
        let mut start = 0usize; // the bit where the current block starts
        loop {
            let (next, is_end) = self.next_marker(start + 48, stream)?;
            self.send(stream, start, next)?;
            if is_end {
                return self.end(stream, next);
            }
            start = next;
            // Drop what is cut, keeping the byte where the next block starts.
            let keep_from = start / 8;
            if keep_from > CHUNK {
                self.buf.drain(..keep_from);
                start -= keep_from * 8;
            }
        }
    }

    /// The first block start (plausible, see [`Scanner::plausible_block`]) or stream end at
    /// or after bit `from`, reading on as needed; `true` for the end.
    fn next_marker(&mut self, from: usize, stream: &Stream) -> io::Result<(usize, bool)> {
        // Bytes are searched from the one holding bit `from`; a candidate before `from` (in
        // that byte) is skipped.
        let mut searched = from / 8;
        loop {
            let mut best: Option<(usize, bool)> = None;
            // The first candidate too near the end of what is read to be judged.
            let mut undecided: Option<usize> = None;
            for (finder, k, is_end) in self.finders.iter() {
                let mut at = searched;
                while let Some(found) = self.buf.get(at..).and_then(|rest| finder.find(rest)) {
                    // The needle is the five whole bytes after the byte the magic starts in.
                    let i = at + found;
                    at = i + 1;
                    let Some(byte) = i.checked_sub(1) else { continue };
                    let p = byte * 8 + *k as usize;
                    if p < from || best.is_some_and(|(b, _)| p >= b) {
                        continue;
                    }
                    let needed = if *is_end { 48 + 32 } else { 48 + 32 + 1 + 24 };
                    if !self.have_now(p, needed) {
                        undecided = Some(undecided.map_or(p, |u| u.min(p)));
                        break;
                    }
                    let magic = if *is_end { END_MAGIC } else { BLOCK_MAGIC };
                    if bits_at(&self.buf, p, 48) != magic {
                        continue;
                    }
                    if !*is_end && !self.plausible_block(p, stream) {
                        continue;
                    }
                    best = Some((p, *is_end));
                    break;
                }
            }
            let undecided_first = match (undecided, best) {
                (Some(u), Some((b, _))) => u < b,
                (Some(_), None) => true,
                (None, _) => false,
            };
            if undecided_first {
                if !self.fill()? {
                    return Err(bad("a bzip2 stream is cut short"));
                }
                continue;
            }
            if let Some(found) = best {
                return Ok(found);
            }
            // Nothing in what is read: read on, searching again the last bytes, where a
            // magic cut by the end of the buffer (or not yet judged) may start.
            searched = self.buf.len().saturating_sub(16).max(searched);
            if !self.fill()? {
                return Err(bad("a bzip2 stream is cut short"));
            }
        }
    }

    /// Whether `bits` bits from bit `from` are in the buffer already.
    fn have_now(&self, from: usize, bits: usize) -> bool {
        self.buf.len() * 8 >= from + bits
    }

    /// Whether a block magic at bit `at` is followed by what a block header holds: the CRC,
    /// the "randomized" bit (no current encoder sets it) and a start pointer inside a block of
    /// the stream's size. A chance match of all of that is about one in 2^53 bit positions.
    /// The header's bits must be in the buffer.
    fn plausible_block(&self, at: usize, stream: &Stream) -> bool {
        let randomized = bits_at(&self.buf, at + 80, 1);
        let orig_ptr = bits_at(&self.buf, at + 81, 24);
        let level = u64::from(stream.header[3].saturating_sub(b'0'));
        randomized == 0 && orig_ptr < level * 100_000
    }

    /// The stream's end at bit `at`: checks the combined CRC and leaves the buffer at the byte
    /// after it.
    fn end(&mut self, stream: &Stream, at: usize) -> io::Result<()> {
        if !self.have(at, 48 + 32)? {
            return Err(bad("a bzip2 stream is cut short"));
        }
        let stored = bits_at(&self.buf, at + 48, 32) as u32;
        if stored != stream.combined {
            return Err(bad(
                "the bzip2 stream's CRC does not match its blocks (if `bzip2 -t` finds the file intact, read it with --jobs 1)",
            ));
        }
        let after = (at + 48 + 32).div_ceil(8);
        self.buf.drain(..after.min(self.buf.len()));
        Ok(())
    }

    /// Sends the block in bits `[from, to)` out to be decoded, its place kept in the order.
    fn send(&mut self, stream: &mut Stream, from: usize, to: usize) -> io::Result<()> {
        let crc = bits_at(&self.buf, from + 48, 32) as u32;
        let piece = self.piece(stream, from, to, crc);
        stream.combined = stream.combined.rotate_left(1) ^ crc;
        let (tx, rx) = sync_channel(1);
        self.order.send(rx).map_err(|_| closed())?;
        self.work.send((piece, tx)).map_err(|_| closed())?;
        Ok(())
    }

    /// The bits `[from, to)` as a stream of their own: the stream header, the bits, the end
    /// number and the block's CRC as the stream's combined CRC, padded to a byte.
    fn piece(&self, stream: &Stream, from: usize, to: usize, crc: u32) -> Piece {
        let mut w = BitWriter::with_capacity((to - from) / 8 + 16);
        for b in stream.header {
            w.put(u64::from(b), 8);
        }
        let mut at = from;
        while at + 32 <= to {
            w.put(bits_at(&self.buf, at, 32), 32);
            at += 32;
        }
        if at < to {
            let n = (to - at) as u32;
            w.put(bits_at(&self.buf, at, n as usize), n);
        }
        w.put(END_MAGIC >> 16, 32);
        w.put(END_MAGIC & 0xffff, 16);
        w.put(u64::from(crc), 32);
        Piece { stream: w.finish() }
    }
}

fn bad(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_string())
}

fn closed() -> io::Error {
    io::Error::new(
        io::ErrorKind::BrokenPipe,
        "the reader of the decoded input went away",
    )
}

/// `n` (at most 57) bits of `buf` from bit `at`, most significant first; bits past the end
/// read as zero.
fn bits_at(buf: &[u8], at: usize, n: usize) -> u64 {
    let first = at / 8;
    let mut v: u64 = 0;
    for i in 0..8 {
        v = (v << 8) | u64::from(buf.get(first + i).copied().unwrap_or(0));
    }
    let skip = at % 8;
    (v << skip) >> (64 - n)
}

/// Bits written most significant first.
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    fn with_capacity(bytes: usize) -> BitWriter {
        BitWriter {
            out: Vec::with_capacity(bytes),
            acc: 0,
            n: 0,
        }
    }

    /// Appends the low `bits` (at most 32) bits of `value`.
    fn put(&mut self, value: u64, bits: u32) {
        let value = value & ((1u64 << bits) - 1);
        self.acc = (self.acc << bits) | value;
        self.n += bits;
        while self.n >= 8 {
            self.n -= 8;
            self.out.push((self.acc >> self.n) as u8);
        }
        self.acc &= (1u64 << self.n) - 1;
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push((self.acc << (8 - self.n)) as u8);
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::io::Write;

    fn compress(data: &[u8], level: u32) -> Vec<u8> {
        let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::new(level));
        e.write_all(data).expect("compressing into memory");
        e.finish().expect("compressing into memory")
    }

    fn parallel(compressed: Vec<u8>, threads: usize) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        ParallelBz2::new(Box::new(io::Cursor::new(compressed)), threads).read_to_end(&mut out)?;
        Ok(out)
    }

    fn sequential(compressed: &[u8]) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        bzip2::read::MultiBzDecoder::new(compressed).read_to_end(&mut out)?;
        Ok(out)
    }

    /// Text that compresses like records do, but not to nothing: lines of pseudo-random
    /// words, so that level 1 (100 kB blocks) makes many blocks.
    fn records(lines: usize, seed: u64) -> Vec<u8> {
        let mut x = seed | 1;
        let mut out = Vec::new();
        for n in 0..lines {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let _ = writeln!(
                out,
                "(;GM[Skat]ID[{n}]MV[w {x:x} {} p 2 18]R[d:{} win v:{}] ;)",
                x % 97,
                x % 3,
                x % 200
            );
        }
        out
    }

    #[test]
    fn many_blocks_come_out_in_order() {
        let data = records(15_000, 7);
        for level in [1, 9] {
            let compressed = compress(&data, level);
            for threads in [1, 2, 4] {
                assert_eq!(
                    parallel(compressed.clone(), threads).expect("decodes"),
                    data,
                    "level {level}, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn streams_end_to_end_are_read_one_after_the_other() {
        let (a, b) = (records(9_000, 1), records(3_000, 2));
        let mut both = compress(&a, 1);
        both.extend(compress(&b, 9));
        both.extend(compress(b"", 5));
        let mut expected = a.clone();
        expected.extend(&b);
        assert_eq!(parallel(both.clone(), 2).expect("decodes"), expected);
        assert_eq!(sequential(&both).expect("decodes"), expected);
    }

    #[test]
    fn an_empty_stream_is_empty() {
        assert_eq!(parallel(compress(b"", 9), 2).expect("decodes"), b"");
    }

    #[test]
    fn a_cut_or_damaged_input_is_an_error_not_a_panic() {
        let compressed = compress(&records(8_000, 3), 1);
        let cut = compressed
            .get(..compressed.len() / 2)
            .unwrap_or_default()
            .to_vec();
        assert!(parallel(cut, 2).is_err());
        for at in [10, compressed.len() / 3, compressed.len() - 3] {
            let mut damaged = compressed.clone();
            if let Some(b) = damaged.get_mut(at) {
                *b ^= 0x10;
            }
            // Either an error, or (when the flip hit padding) exactly the data.
            if let Ok(out) = parallel(damaged, 2) {
                assert_eq!(out, records(8_000, 3));
            }
        }
        assert!(parallel(b"BZh9not a block".to_vec(), 2).is_err());
        assert!(parallel(b"plain text".to_vec(), 2).is_err());
    }

    #[test]
    fn the_needles_are_the_magic_bytes_at_every_offset() {
        for k in 0..8u32 {
            let mut bytes = vec![0u8; 16];
            let mut w = BitWriter::with_capacity(16);
            w.put(0, k);
            w.put(BLOCK_MAGIC >> 16, 32);
            w.put(BLOCK_MAGIC & 0xffff, 16);
            let written = w.finish();
            bytes
                .get_mut(..written.len())
                .unwrap_or_default()
                .copy_from_slice(&written);
            assert_eq!(bits_at(&bytes, k as usize, 48), BLOCK_MAGIC);
            assert_eq!(
                bytes.get(1..6).unwrap_or_default(),
                needle(BLOCK_MAGIC, k).as_slice(),
                "offset {k}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

        #[test]
        fn parallel_and_sequential_decoding_agree(
            seed in any::<u64>(),
            lines in 0usize..5_000,
            level in 1u32..=9,
            raw in proptest::collection::vec(any::<u8>(), 0..3_000),
        ) {
            let mut data = records(lines, seed);
            data.extend(&raw);
            let compressed = compress(&data, level);
            prop_assert_eq!(parallel(compressed.clone(), 2).expect("decodes"), data.clone());
            prop_assert_eq!(sequential(&compressed).expect("decodes"), data);
        }
    }
}
