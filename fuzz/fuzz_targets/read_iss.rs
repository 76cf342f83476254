//! Arbitrary bytes through the ISS reader: it never panics, every record it reads writes back
//! to a line that reads again to the same line, and the trip through the syntax tree never
//! panics either.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for iss::LocatedGame { game, .. } in iss::IssReader::new(data).with_max_record(1 << 16).flatten() {
        let line = iss::write(&game);
        let again = iss::parse_game(&line).expect("a written record reads again");
        assert_eq!(iss::write(&again), line);
        if let Ok(tree) = iss::to_record(&game) {
            let _ = iss::from_record(&tree);
        }
    }
});
