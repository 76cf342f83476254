//! Checks arbitrary text as Skat score sheets: every record of the input under version 2,
//! with the sheet's rows read and checked against the others as their hands, under every
//! Skat profile and both scorings. Reading and checking must not panic, and every row of a
//! scored sheet has one figure per player.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let text = format!("%stich 2\n[Game \"skat\"]\n[Rules \"isko\"]\n\nsheet    columns A B C\n{text}");
    let records: Vec<notation::Record> = notation::read_str(&text).into_iter().filter_map(|p| p.record).collect();
    let hands: Vec<&notation::Record> = records.iter().collect();
    for record in &records {
        for profile in engine::skat::rules::all() {
            for scoring in [engine::skat::sheet::Scoring::Plain, engine::skat::sheet::Scoring::SeegerFabian] {
                let (sheet, _) = engine::skat::sheet::check_with_hands(record, profile, &hands, scoring);
                if let Some(s) = sheet {
                    for row in &s.rows {
                        assert_eq!(row.points.len(), s.players.len());
                        assert_eq!(row.totals.len(), s.players.len());
                    }
                    let _ = engine::skat::sheet::score_card(&s);
                }
            }
        }
    }
});
