//! How the SQLite store writes a record's two texts: each a zstd frame compressed with a
//! dictionary built into the binary, one for canonical texts and one for reports.
//!
//! A record's report is a few kilobytes of JSON whose keys and phrases every other report
//! repeats; compressed on its own it loses most of that, since a short text has little to
//! refer back to. A dictionary trained on generated records of every game holds those
//! repetitions once: a server record's report, about 2.8 KB, is stored in about 410 bytes
//! (about 1.3 KB with LZ4 alone), and every byte not stored is a byte neither the log nor
//! the checkpoint writes.
//!
//! A frame names its dictionary by id, so a dictionary in use is never changed: a new one
//! comes under a new id beside it (`dict/train.sh`). Texts written by the previous version,
//! LZ4 blocks after their length, are still read.

use std::cell::RefCell;
use std::io;
use std::sync::OnceLock;

use zstd::bulk::{Compressor, Decompressor};
use zstd::dict::{DecoderDictionary, EncoderDictionary};
use zstd::zstd_safe;

/// Which of a record's texts is packed: each has its own dictionary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The canonical text, in the stich notation.
    Canonical,
    /// The JSON report.
    Report,
}

/// The dictionary canonical texts are compressed with now, and its id.
const TEXTS: (u32, &[u8]) = (0x5354_0001, include_bytes!("../../dict/texts.zdict"));

/// The dictionary reports are compressed with now, and its id.
const REPORTS: (u32, &[u8]) = (0x5354_0002, include_bytes!("../../dict/reports.zdict"));

/// Every dictionary a stored frame may name: the ones in use, and any retired ones kept
/// for what was stored with them.
const DICTIONARIES: &[(u32, &[u8])] = &[TEXTS, REPORTS];

/// zstd's level. Compressing alone, levels from −5 to 3 took about the same time on these
/// texts (the dictionary does most of the work), but a dictionary prepared for level 3
/// holds tables of about 900 KiB for the two kinds against about 190 KiB for level 1,
/// and in the server, where the checking, SQLite and the other thread share the caches,
/// level 1 took about 6 % less of the server's CPU on an ingest of 100,000 server records
/// (five runs each, interleaved), for reports of about 410 bytes instead of 360.
const LEVEL: i32 = 1;

/// The largest text unpacked: a frame that claims more is damaged (no record's text comes
/// near it, as a request's body is bounded far below).
const MAX_TEXT: u64 = 256 << 20;

/// A zstd frame's first four bytes. A text of the previous version starts with its length as
/// four little-endian bytes, which would be these only for a text of about 4 GiB.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

struct Prepared {
    canonical: EncoderDictionary<'static>,
    report: EncoderDictionary<'static>,
    decoders: Vec<(u32, DecoderDictionary<'static>)>,
}

fn prepared() -> io::Result<&'static Prepared> {
    static PREPARED: OnceLock<Prepared> = OnceLock::new();
    if let Some(p) = PREPARED.get() {
        return Ok(p);
    }
    let decoders = DICTIONARIES
        .iter()
        .map(|&(id, bytes)| Ok((id, DecoderDictionary::try_copy(bytes)?)))
        .collect::<io::Result<Vec<_>>>()?;
    let made = Prepared {
        canonical: EncoderDictionary::try_copy(TEXTS.1, LEVEL)?,
        report: EncoderDictionary::try_copy(REPORTS.1, LEVEL)?,
        decoders,
    };
    Ok(PREPARED.get_or_init(|| made))
}

thread_local! {
    // A zstd context holds a few hundred kilobytes of tables: one a thread for each kind,
    // kept, each bound to its dictionary for good (changing a context's dictionary sets
    // its tables up again, which costs more than compressing a short text).
    static CANONICAL: RefCell<Option<Compressor<'static>>> = const { RefCell::new(None) };
    static REPORT: RefCell<Option<Compressor<'static>>> = const { RefCell::new(None) };
    static DECOMPRESSOR: RefCell<Option<Decompressor<'static>>> = const { RefCell::new(None) };
}

/// A text as the store writes it: a zstd frame with the text's size and checksum,
/// compressed with the dictionary of its kind.
pub(super) fn pack(kind: Kind, text: &str) -> io::Result<Vec<u8>> {
    let p = prepared()?;
    let (compressor, dictionary) = match kind {
        Kind::Canonical => (&CANONICAL, &p.canonical),
        Kind::Report => (&REPORT, &p.report),
    };
    compressor.with(|cell| {
        let mut slot = cell.borrow_mut();
        let compressor = match &mut *slot {
            Some(c) => c,
            none => {
                let mut c = Compressor::with_prepared_dictionary(dictionary)?;
                // A checksum of the text in the frame: a damaged value is found, not read
                // as another text.
                c.set_parameter(zstd_safe::CParameter::ChecksumFlag(true))?;
                none.insert(c)
            }
        };
        compressor.compress(text.as_bytes())
    })
}

/// A stored text back: a zstd frame, or an LZ4 block after its length as the previous
/// version wrote it. Damaged bytes are an error, never a panic.
pub(super) fn unpack(bytes: &[u8]) -> Result<String, Box<dyn std::error::Error + Send + Sync>> {
    let raw = if bytes.starts_with(&ZSTD_MAGIC) {
        unpack_zstd(bytes)?
    } else {
        lz4_flex::decompress_size_prepended(bytes)?
    };
    Ok(String::from_utf8(raw)?)
}

fn unpack_zstd(bytes: &[u8]) -> Result<Vec<u8>, Box<dyn std::error::Error + Send + Sync>> {
    let id = zstd_safe::get_dict_id_from_frame(bytes).map(u32::from);
    let p = prepared()?;
    let Some((_, dictionary)) = p.decoders.iter().find(|(d, _)| Some(*d) == id) else {
        return Err(format!(
            "the text was compressed with dictionary {id:?}, which this build does not have"
        )
        .into());
    };
    let size = match zstd_safe::get_frame_content_size(bytes) {
        Ok(Some(size)) if size <= MAX_TEXT => size as usize,
        Ok(Some(size)) => return Err(format!("the text claims {size} bytes").into()),
        _ => return Err("the compressed text has no size".into()),
    };
    DECOMPRESSOR.with(|cell| {
        let mut slot = cell.borrow_mut();
        let decompressor = match &mut *slot {
            Some(d) => d,
            none => none.insert(Decompressor::new()?),
        };
        decompressor.set_prepared_dictionary(dictionary)?;
        let out = decompressor.decompress(bytes, size)?;
        if out.len() != size {
            return Err(format!("the text is {} bytes, not the {size} it claims", out.len()).into());
        }
        Ok(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_dictionaries_carry_the_ids_their_frames_name() {
        for &(id, bytes) in DICTIONARIES {
            assert_eq!(zstd_safe::get_dict_id_from_dict(bytes).map(u32::from), Some(id));
        }
        let mut ids: Vec<u32> = DICTIONARIES.iter().map(|d| d.0).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), DICTIONARIES.len(), "two dictionaries share an id");
    }

    #[test]
    fn a_text_packs_with_its_dictionary_and_reads_back() {
        let report =
            r#"{"version":2,"id":"aa0f","game":"skat","rules":"isko","verdict":"consistent","findings":[]}"#;
        let canonical = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F 18\n";
        for (kind, text, id) in [
            (Kind::Report, report, REPORTS.0),
            (Kind::Canonical, canonical, TEXTS.0),
        ] {
            let packed = pack(kind, text).unwrap();
            assert!(packed.starts_with(&ZSTD_MAGIC));
            assert_eq!(
                zstd_safe::get_dict_id_from_frame(&packed).map(u32::from),
                Some(id)
            );
            assert!(
                packed.len() < text.len(),
                "{kind:?}: {} bytes for {}",
                packed.len(),
                text.len()
            );
            assert_eq!(unpack(&packed).unwrap(), text);
        }
        assert_eq!(unpack(&pack(Kind::Report, "").unwrap()).unwrap(), "");
    }

    #[test]
    fn texts_of_the_previous_version_still_read() {
        let text = "♣A ♠10 ♥K ♦7, and again ♣A ♠10 ♥K ♦7";
        assert_eq!(
            unpack(&lz4_flex::compress_prepend_size(text.as_bytes())).unwrap(),
            text
        );
    }

    #[test]
    fn damaged_frames_are_errors() {
        let packed = pack(Kind::Report, &"{\"seat\":\"F\",\"card\":\"♠7\"},".repeat(50)).unwrap();
        // Cut short, a byte changed in the body, an unknown dictionary, a giant size claim,
        // no dictionary at all: each an error.
        assert!(unpack(&packed[..packed.len() / 2]).is_err());
        let mut flipped = packed.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 0x55;
        assert!(unpack(&flipped).is_err());
        let plain = zstd::bulk::compress(b"no dictionary", 3).unwrap();
        assert!(unpack(&plain).unwrap_err().to_string().contains("does not have"));
        let mut other = Compressor::with_dictionary(3, &[7u8; 64]).unwrap();
        assert!(unpack(&other.compress(b"another dictionary").unwrap()).is_err());
        assert!(unpack(&ZSTD_MAGIC).is_err());
        assert!(unpack(&[]).is_err());
    }
}
