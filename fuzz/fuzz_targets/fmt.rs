//! Formats arbitrary bytes as `stich fmt` does. Formatting must not panic; what it writes
//! must read back as the same records (so it may replace the input), keep the input's
//! unreadable records byte for byte, and be left unchanged by a second run.

#![no_main]

use libfuzzer_sys::fuzz_target;
use stich::format::{format_bytes, format_into, same_units};

fuzz_target!(|data: &[u8]| {
    let options = notation::PrintOptions::default();
    let Ok(written) = format_into(&data, Vec::new(), options, |_| {}) else {
        panic!("formatting bytes in memory cannot fail");
    };
    let same = same_units(&data, &written.as_slice(), options).unwrap_or(false);
    let Ok((out, changed)) = format_bytes(data) else {
        panic!("formatting bytes in memory cannot fail");
    };
    if same {
        assert_eq!(out, written);
    } else {
        // The fallback: the input exactly as it came.
        assert_eq!(out, data);
        assert!(!changed);
    }
    let Ok((again, changed)) = format_bytes(&out) else {
        panic!("formatting bytes in memory cannot fail");
    };
    assert!(!changed, "a second fmt changed {out:?} into {again:?}");
});
