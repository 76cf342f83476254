//! The parallel bzip2 reader on arbitrary bytes: it must end in data or an error, never
//! panic or hang, and agree with the sequential decoder wherever that one decodes. Run it
//! with `-detect_leaks=0`: the decoding threads outlive an input by design (they end when
//! their channels close, after the run's leak check).
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut parallel = Vec::new();
    let got = check::bz2_blocks::ParallelBz2::new(Box::new(std::io::Cursor::new(data.to_vec())), 2)
        .read_to_end(&mut parallel);
    let mut sequential = Vec::new();
    let expected = bzip2::read::MultiBzDecoder::new(data).read_to_end(&mut sequential);
    if got.is_ok() && expected.is_ok() {
        assert_eq!(parallel, sequential);
    }
});
