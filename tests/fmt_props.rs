//! Properties of `fmt` on damaged corpus files: every byte of a record that does not read is
//! kept, a second `fmt` changes nothing, and every line written reads.

use std::path::PathBuf;

use notation::{RawChunk, Reader};
use proptest::prelude::*;
use stich::format::{format_bytes, format_into, same_units};

fn corpus_files() -> Vec<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    // The corpus, and the version-2 records of every game.
    let mut stack = vec![root.join("corpus"), root.join("tests/golden/v2")];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "stich")
                && let Ok(b) = std::fs::read(&p)
            {
                out.push(b);
            }
        }
    }
    out.sort();
    assert!(out.len() > 10, "the corpus is missing");
    out
}

/// One way of damaging a file, at a place given as a fraction of its length.
#[derive(Clone, Debug)]
enum Damage {
    Insert(u16, Vec<u8>),
    Delete(u16, u16),
    DuplicateLine(u16),
    LongLine(u16, usize),
    Splice(u16, &'static str),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        (any::<u16>(), proptest::collection::vec(any::<u8>(), 1..8)).prop_map(|(a, b)| Damage::Insert(a, b)),
        (any::<u16>(), 1u16..200).prop_map(|(a, n)| Damage::Delete(a, n)),
        any::<u16>().prop_map(Damage::DuplicateLine),
        (any::<u16>(), 60_000usize..70_000).prop_map(|(a, n)| Damage::LongLine(a, n)),
        (
            any::<u16>(),
            prop::sample::select(vec![
                "\n%TODO\n",
                "\n%stich 1\n",
                "\n{open",
                "}\n",
                "\n; note\n",
                "\n[Game \"skat\"]\n",
                "\n\u{feff}",
                "\n\n\n",
                "\n*\n",
                ", F 18",
                " \"",
                "\nplay     1. F: ♣J ♣J ♣J = 6\n",
            ])
        )
            .prop_map(|(a, s)| Damage::Splice(a, s)),
    ]
}

fn at(bytes: &[u8], frac: u16) -> usize {
    bytes.len() * usize::from(frac) / usize::from(u16::MAX)
}

fn apply(mut bytes: Vec<u8>, d: &Damage) -> Vec<u8> {
    match d {
        Damage::Insert(a, b) => {
            let i = at(&bytes, *a);
            bytes.splice(i..i, b.iter().copied());
        }
        Damage::Delete(a, n) => {
            let i = at(&bytes, *a);
            let j = (i + usize::from(*n)).min(bytes.len());
            bytes.drain(i..j);
        }
        Damage::DuplicateLine(a) => {
            let i = at(&bytes, *a);
            let start = bytes[..i].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let end = bytes[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |p| i + p + 1);
            let line = bytes[start..end].to_vec();
            bytes.splice(end..end, line);
        }
        Damage::LongLine(a, n) => {
            let i = at(&bytes, *a);
            let mut line = b"\n; ".to_vec();
            line.extend(std::iter::repeat_n(b'x', *n));
            line.push(b'\n');
            bytes.splice(i..i, line);
        }
        Damage::Splice(a, s) => {
            let i = at(&bytes, *a);
            bytes.splice(i..i, s.bytes());
        }
    }
    bytes
}

/// The bytes of every record the reader cannot read.
fn unreadable(bytes: &[u8]) -> Vec<Vec<u8>> {
    Reader::new(bytes)
        .raw()
        .filter_map(|c: RawChunk| {
            let (from, to) = (c.offset(), c.end());
            let p = c.parse();
            p.record.is_none().then(|| bytes[from..to].to_vec())
        })
        .collect()
}

fn contains_in_order(haystack: &[u8], needles: &[Vec<u8>]) -> bool {
    let mut rest = haystack;
    for n in needles {
        match rest.windows(n.len().max(1)).position(|w| w == n.as_slice()) {
            Some(i) => rest = &rest[i + n.len()..],
            None if n.is_empty() => {}
            None => return false,
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, .. ProptestConfig::default() })]

    #[test]
    fn fmt_keeps_what_it_cannot_read_and_is_idempotent(
        file in 0usize..1000,
        damages in proptest::collection::vec(damage(), 1..5),
    ) {
        let files = corpus_files();
        let mut bytes = files[file % files.len()].clone();
        for d in &damages {
            bytes = apply(bytes, d);
        }
        let options = notation::PrintOptions::default();
        let written = format_into(&bytes.as_slice(), Vec::new(), options, |_| {}).expect("format");
        // What is written reads back as the same records: nothing lost or merged.
        prop_assert!(same_units(&bytes.as_slice(), &written.as_slice(), options).expect("compare"));
        let (out, _) = format_bytes(&bytes).expect("format");
        prop_assert_eq!(&out, &written);
        // Every unreadable record is there, byte for byte, in its order.
        prop_assert!(contains_in_order(&out, &unreadable(&bytes)));
        // A second run changes nothing.
        let (again, changed) = format_bytes(&out).expect("format");
        prop_assert!(!changed);
        prop_assert_eq!(again, out.clone());
        // Every record that was readable still reads: no new unreadable records.
        prop_assert_eq!(unreadable(&out).len(), unreadable(&bytes).len());
    }
}

#[test]
fn the_corpus_and_the_version_2_records_are_left_as_they_are() {
    for f in corpus_files() {
        let (out, changed) = format_bytes(&f).expect("format");
        assert!(!changed, "{}", String::from_utf8_lossy(&out));
    }
}
