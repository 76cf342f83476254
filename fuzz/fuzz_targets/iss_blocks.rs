//! Arbitrary bytes cut into blocks: reading block by block finds what one reader over the
//! whole input finds, records and findings at the same places.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn show(item: Result<iss::RawRecord, iss::IssError>) -> String {
    match item {
        Ok(raw) => format!("{:?} {:?}", raw.location.span, raw.bytes()),
        Err(e) => format!(
            "{:?} {:?}",
            e.location.span,
            e.diagnostics.iter().map(|d| (d.code, d.span)).collect::<Vec<_>>()
        ),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&sizes, text)) = data.split_first() else { return };
    let block = usize::from(sizes & 0x0F) * 16 + 1;
    let limit = usize::from(sizes >> 4) * 64 + block;
    let one: Vec<String> = iss::IssReader::new(text).raw().map(show).collect();
    let mut cut = Vec::new();
    for piece in iss::blocks::Blocks::new(text).with_sizes(block, limit) {
        match piece {
            iss::blocks::Piece::Block(b) => cut.extend(b.records().map(show)),
            iss::blocks::Piece::Record(r) => cut.push(show(r)),
        }
    }
    assert_eq!(one, cut);
});
