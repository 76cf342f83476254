//! Real games of the International Skat Server, read through the ISS mapping and replayed:
//! the server's own figures (carried as claims) must agree with the engine's.

use std::path::Path;

use engine::{Replay, Verdict};

#[test]
fn real_iss_games_replay_as_the_server_scored_them() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/iss/real-games.sgf");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is not there", path.display());
        return;
    };
    let mut checked = 0;
    let mut bad = Vec::new();
    let mut incomplete = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| l.starts_with("(;")) {
        let game = iss::parse_game(line).unwrap_or_else(|e| panic!("line {}: {e:?}", n + 1));
        let record = iss::to_record(&game).unwrap_or_else(|e| panic!("line {}: {e:?}", n + 1));
        let c = engine::check(&record);
        let Some(Replay::Skat(_r)) = &c.replay else {
            panic!("line {}: no replay", n + 1)
        };
        // Penalty games (a player leaving or timing out) and records seen from one seat
        // (`??`) cannot be judged in full: incomplete, never wrong.
        let warned = c.findings.iter().any(|d| d.severity == engine::Severity::Warning);
        if !matches!(c.verdict, Verdict::Consistent | Verdict::Incomplete) || warned {
            bad.push(n + 1);
        }
        if c.verdict == Verdict::Incomplete {
            incomplete.push(n + 1);
        }
        checked += 1;
    }
    assert!(checked > 30);
    assert!(bad.is_empty(), "not consistent: lines {bad:?}");
    assert_eq!(
        incomplete,
        [9, 11, 25],
        "the penalty games (left, timed out) and the one-seat view"
    );
}
