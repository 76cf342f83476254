//! Opening an input by what its bytes say: a compressed stream (bzip2, gzip, zstd) is known
//! by its magic number and decoded as it is read, and the form of the records (ISS or the
//! stich notation) by the first byte past blanks.

use std::io::{self, BufRead, BufReader, Read};

/// The form records are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// The stich notation.
    Stich,
    /// The International Skat Server's records.
    Iss,
}

impl Form {
    /// The name in messages and data (`stich`, `iss`).
    pub fn name(self) -> &'static str {
        match self {
            Form::Stich => "stich",
            Form::Iss => "iss",
        }
    }
}

/// A compression known by the first bytes of an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compression {
    /// bzip2 (`BZh` and a block size digit), the form the server publishes its archive in.
    Bzip2,
    /// gzip (`1f 8b`).
    Gzip,
    /// Zstandard (`28 b5 2f fd`).
    Zstd,
}

/// The most bytes a magic number takes.
const MAGIC: usize = 4;

impl Compression {
    /// The compression whose magic number `head` starts with.
    ///
    /// ```
    /// use check::Compression;
    /// assert_eq!(Compression::of_magic(b"BZh91AY"), Some(Compression::Bzip2));
    /// assert_eq!(Compression::of_magic(b"(;GM[Skat]"), None);
    /// ```
    pub fn of_magic(head: &[u8]) -> Option<Compression> {
        match head {
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
            [0x1f, 0x8b, ..] => Some(Compression::Gzip),
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
            _ => None,
        }
    }

    /// The name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Bzip2 => "bzip2",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
        }
    }
}

/// The form records in `head` (the first bytes of a decoded input) are in: ISS when the
/// first byte past a byte-order mark and blanks opens a record (`(`), stich otherwise (an
/// empty input included, which either reader takes as no records).
///
/// ```
/// use check::{Form, sniff};
/// assert_eq!(sniff(b"  (;GM[Skat];)"), Form::Iss);
/// assert_eq!(sniff(b"[Game \"skat\"]"), Form::Stich);
/// ```
pub fn sniff(head: &[u8]) -> Form {
    let head = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
    match head.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'(') => Form::Iss,
        _ => Form::Stich,
    }
}

/// Reads up to `limit` bytes from the start of `reader` until `enough` says they suffice,
/// and gives them back with a reader that reads the whole input again from its first byte.
fn peek<'a>(
    mut reader: Box<dyn Read + Send + 'a>,
    limit: usize,
    enough: impl Fn(&[u8]) -> bool,
) -> io::Result<(Vec<u8>, Box<dyn Read + Send + 'a>)> {
    let mut head = Vec::new();
    let mut chunk = [0u8; 4096];
    while head.len() < limit && !enough(&head) {
        let want = (limit - head.len()).min(chunk.len());
        let n = match reader.read(chunk.get_mut(..want).unwrap_or_default()) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == 0 {
            break;
        }
        head.extend_from_slice(chunk.get(..n).unwrap_or_default());
    }
    let again = io::Cursor::new(head.clone()).chain(reader);
    Ok((head, Box::new(again)))
}

/// The bytes looked at to tell ISS from stich: blanks before the first record rarely take
/// more, and past them the notation is the better guess.
const SNIFF_LIMIT: usize = 1 << 16;

/// The decoder of a compression, or why there is none in this build.
fn decoder<'a>(
    compression: Compression,
    raw: Box<dyn Read + Send + 'a>,
) -> io::Result<Box<dyn Read + Send + 'a>> {
    let buffered = BufReader::with_capacity(1 << 16, raw);
    match compression {
        // Archives are often several streams end to end (`cat a.bz2 b.bz2`, pbzip2): the
        // multi-stream decoders read them all.
        #[cfg(feature = "bzip2")]
        Compression::Bzip2 => Ok(Box::new(bzip2::bufread::MultiBzDecoder::new(buffered))),
        #[cfg(feature = "gzip")]
        Compression::Gzip => Ok(Box::new(flate2::bufread::MultiGzDecoder::new(buffered))),
        #[cfg(feature = "zstd")]
        Compression::Zstd => Ok(Box::new(zstd::stream::read::Decoder::with_buffer(buffered)?)),
        #[allow(unreachable_patterns)]
        other => Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!(
                "the input is {}-compressed, and this build of stich-check decodes no {} (feature `{}`)",
                other.name(),
                other.name(),
                other.name()
            ),
        )),
    }
}

/// An input opened for reading: decoded if it was compressed, with the form of its records.
pub struct Opened<'a> {
    /// The records' text.
    pub reader: Box<dyn BufRead + Send + 'a>,
    /// The form of the records.
    pub form: Form,
    /// The compression the input was decoded from.
    pub compression: Option<Compression>,
}

/// Opens `raw` for reading: decodes a compressed input as it is read, and takes the form of
/// its records from `form`, or, when that is `None`, from its first bytes ([`sniff`]).
pub fn open<'a>(raw: Box<dyn Read + Send + 'a>, form: Option<Form>) -> io::Result<Opened<'a>> {
    let (magic, raw) = peek(raw, MAGIC, |h| h.len() >= MAGIC)?;
    let compression = Compression::of_magic(&magic);
    let decoded = match compression {
        None => raw,
        Some(c) => decoder(c, raw)?,
    };
    finish(decoded, form, compression)
}

/// Opens `raw` for reading as [`open`] does, decoding a bzip2 input on `threads` threads
/// ([`crate::bz2_blocks`]; one thread is the sequential decoder). The threads outlive the
/// call, so the input must own what it reads.
pub fn open_with_threads(
    raw: Box<dyn Read + Send + 'static>,
    form: Option<Form>,
    threads: usize,
) -> io::Result<Opened<'static>> {
    let (magic, raw) = peek(raw, MAGIC, |h| h.len() >= MAGIC)?;
    let compression = Compression::of_magic(&magic);
    let decoded: Box<dyn Read + Send> = match compression {
        None => raw,
        #[cfg(feature = "bzip2")]
        Some(Compression::Bzip2) if threads > 1 => {
            Box::new(crate::bz2_blocks::ParallelBz2::new(raw, threads))
        }
        Some(c) => decoder(c, raw)?,
    };
    finish(decoded, form, compression)
}

/// The form of a decoded input, sniffed when not given, and the reader over it.
fn finish<'a>(
    decoded: Box<dyn Read + Send + 'a>,
    form: Option<Form>,
    compression: Option<Compression>,
) -> io::Result<Opened<'a>> {
    let (form, decoded) = match form {
        Some(form) => (form, decoded),
        None => {
            let (head, decoded) = peek(decoded, SNIFF_LIMIT, |h| {
                let h = h.strip_prefix("\u{feff}".as_bytes()).unwrap_or(h);
                h.iter().any(|b| !b.is_ascii_whitespace())
            })?;
            (sniff(&head), decoded)
        }
    };
    Ok(Opened {
        reader: Box::new(BufReader::with_capacity(1 << 16, decoded)),
        form,
        compression,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(opened: Opened) -> String {
        let mut s = String::new();
        let mut r = opened.reader;
        r.read_to_string(&mut s).unwrap();
        s
    }

    #[test]
    fn the_form_is_sniffed_after_blanks_and_a_byte_order_mark() {
        let text = "\u{feff}\n\n  (;GM[Skat];)\n";
        let opened = open(Box::new(text.as_bytes()), None).unwrap();
        assert_eq!((opened.form, opened.compression), (Form::Iss, None));
        assert_eq!(read_all(opened), text);
        let opened = open(Box::new(&b""[..]), None).unwrap();
        assert_eq!(opened.form, Form::Stich);
        let opened = open(Box::new(&b"(;"[..]), Some(Form::Stich)).unwrap();
        assert_eq!(opened.form, Form::Stich);
    }

    #[cfg(feature = "gzip")]
    #[test]
    fn a_gzip_input_is_decoded_as_it_is_read() {
        use std::io::Write;
        let text = "(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n";
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(text.as_bytes()).unwrap();
        let bytes = enc.finish().unwrap();
        let opened = open(Box::new(io::Cursor::new(bytes)), None).unwrap();
        assert_eq!(
            (opened.form, opened.compression),
            (Form::Iss, Some(Compression::Gzip))
        );
        assert_eq!(read_all(opened), text);
    }
}
