//! The real server records in the shared folder: every one reads without findings, writes
//! back to the same bytes, and survives the trip through the stich syntax tree.

use std::path::PathBuf;

fn shared_records() -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/iss/real-games.sgf");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) => {
            println!("skipped: {} is absent", path.display());
            None
        }
    }
}

fn record_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("(;")).collect()
}

#[test]
fn all_shared_records_read_without_findings() {
    let Some(text) = shared_records() else { return };
    let mut n = 0;
    for item in iss::IssReader::new(text.as_bytes()) {
        let iss::LocatedGame { game, location } = item.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(location.index, n);
        assert_eq!(location.span.line as usize, n + 1);
        assert!(game.moves().is_some() && game.result().is_some());
        n += 1;
    }
    assert_eq!(n, 37);
}

#[test]
fn every_shared_line_writes_back_byte_for_byte() {
    let Some(text) = shared_records() else { return };
    let lines = record_lines(&text);
    assert_eq!(lines.len(), 37);
    for line in lines {
        let game = iss::parse_game(line).unwrap();
        assert_eq!(iss::write(&game), line);
    }
}

#[test]
fn every_shared_record_survives_the_syntax_tree() {
    let Some(text) = shared_records() else { return };
    let mut layouts = 0;
    for line in record_lines(&text) {
        let game = iss::parse_game(line).unwrap();
        let tree = iss::to_record(&game).unwrap_or_else(|d| panic!("{line}: {d:?}"));
        assert_eq!(tree.tag("Game"), Some("skat"));
        assert_eq!(tree.tag("Rules"), Some("isko"));
        assert!(tree.deal.is_some() && tree.auction.is_some() && tree.result.is_some());
        layouts += usize::from(tree.tag("IssLayout").is_some());
        let back = iss::from_record(&tree).unwrap_or_else(|d| panic!("{line}: {d:?}"));
        assert_eq!(iss::write(&back), line);
        // Spans aside, the typed records agree too.
        assert_eq!(
            back.moves().unwrap().moves.len(),
            game.moves().unwrap().moves.len()
        );
        assert_eq!(back.result().unwrap().fields, game.result().unwrap().fields);
    }
    // Mid-trick `SC` and `RE` in several records need the layout tag; most records do not.
    assert!(layouts > 0 && layouts < 37, "{layouts}");
}
