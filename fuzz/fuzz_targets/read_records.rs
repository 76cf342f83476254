//! Feeds arbitrary bytes to the streaming reader, with the default limits and with small
//! ones. The reader must not panic, and every record it hands out must print to a text that
//! reads back to the same tree and prints the same.

#![no_main]

use libfuzzer_sys::fuzz_target;
use notation::{Limits, Reader, print, read_str};

fuzz_target!(|data: &[u8]| {
    for parsed in Reader::new(data) {
        assert!(parsed.offset <= data.len());
        for d in &parsed.diagnostics {
            if let Some(s) = d.span {
                assert!(s.start <= s.end && s.line >= 1 && s.column >= 1);
            }
        }
        if let Some(record) = parsed.record {
            let text = print(&record);
            let again = read_str(&text);
            assert_eq!(again.len(), 1, "{text:?}");
            let back = again[0]
                .record
                .as_ref()
                .expect("a printed record reads back");
            assert_eq!(back.without_spans(), record.without_spans(), "{text:?}");
            assert_eq!(print(back), text);
        }
    }
    let small = Limits {
        max_line_len: 32,
        max_record_bytes: 256,
        max_records: Some(4),
    };
    assert!(Reader::with_limits(data, small).count() <= 5);
});
