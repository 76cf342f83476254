//! `stich gen` feeds `stich check`: generated games replay as consistent, in both forms, and
//! a seed always gives the same bytes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn stich() -> Command {
    Command::new(env!("CARGO_BIN_EXE_stich"))
}

fn generate(count: u64, seed: u64, to: &str, jobs: usize) -> Vec<u8> {
    let out = stich()
        .args(["gen", "--game", "skat", "--rules", "isko", "--to", to])
        .args(["--count", &count.to_string(), "--seed", &seed.to_string()])
        .args(["--jobs", &jobs.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn check_stdin(from: &str, input: &[u8], jobs: usize) -> Output {
    let mut child = stich()
        .args([
            "check",
            "--from",
            from,
            "-q",
            "--no-progress",
            "--jobs",
            &jobs.to_string(),
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// The closing summary line: `N records: a consistent, …`.
fn summary(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    text.lines()
        .find(|l| l.contains(" records: "))
        .unwrap_or_else(|| panic!("no summary in {text}"))
        .to_string()
}

fn assert_all_consistent(from: &str, data: &[u8], jobs: usize) {
    let out = check_stdin(from, data, jobs);
    let line = summary(&out.stderr);
    assert_eq!(
        line,
        "2000 records: 2000 consistent, 0 inconsistent, 0 illegal, 0 incomplete, 0 unparsable",
        "{}",
        String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter(|l| l.starts_with("error"))
            .take(10)
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn generated_iss_lines_replay_as_consistent() {
    let data = generate(2000, 7, "iss", 1);
    assert_eq!(data.iter().filter(|&&b| b == b'\n').count(), 2000);
    assert_all_consistent("iss", &data, 2);
}

#[test]
fn generated_stich_records_replay_as_consistent() {
    let data = generate(2000, 7, "stich", 1);
    assert_all_consistent("stich", &data, 1);
}

#[test]
fn a_seed_gives_the_same_bytes_whatever_the_threads() {
    for to in ["iss", "stich"] {
        let once = generate(300, 7, to, 1);
        let again = generate(300, 7, to, 2);
        assert!(!once.is_empty());
        assert_eq!(once, again, "{to}");
        assert_ne!(once, generate(300, 8, to, 1), "{to}");
    }
}

#[test]
fn the_first_games_of_a_longer_run_are_the_games_of_a_shorter_one() {
    let short = generate(10, 3, "iss", 1);
    let long = generate(5000, 3, "iss", 2);
    assert!(long.starts_with(&short));
}

#[test]
fn generated_games_cover_the_game_types_and_the_early_ends() {
    let text = String::from_utf8(generate(2000, 7, "stich", 2)).unwrap();
    let declarations: Vec<&str> = text.lines().filter(|l| l.starts_with("declare")).collect();
    for game in ["clubs", "spades", "hearts", "diamonds", "grand", "null"] {
        assert!(declarations.iter().any(|l| l.contains(game)), "no {game} game");
    }
    for level in [
        "hand",
        "ouvert",
        "hand schneider",
        "hand schwarz",
        "null hand ouvert",
    ] {
        assert!(
            declarations.iter().any(|l| l.contains(level)),
            "no `{level}` declaration"
        );
    }
    assert!(text.contains("exchange"), "no skat taken");
    for claim in [
        "overbid yes",
        "outcome won",
        "outcome lost",
        "schneider yes",
        "schwarz yes",
        "passed",
    ] {
        assert!(text.contains(claim), "no `{claim}` result");
    }
    for event in ["resigns", "concedes", "shows"] {
        assert!(text.contains(event), "no game ended by `{event}`");
    }
    // Penalty games are never generated: they would check incomplete.
    for event in ["times-out", "leaves"] {
        assert!(!text.contains(event), "a penalty game (`{event}`) was generated");
    }
}

/// `--game` is checked against the engine's registry, and without it the first game with a
/// generator is made.
#[test]
fn the_game_comes_from_the_registry() {
    let out = stich().args(["gen", "--game", "whist"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no generator for the game `whist`"), "{err}");
    assert!(err.contains("skat"), "{err}");
    let out = stich().args(["gen", "--rules", "nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let default = stich().args(["gen", "--seed", "5"]).output().unwrap();
    let named = stich()
        .args(["gen", "--game", "Skat", "--seed", "5"])
        .output()
        .unwrap();
    assert!(default.status.success() && named.status.success());
    assert_eq!(default.stdout, named.stdout);
}

/// The server shows the declarer the skat after a pick-up: `… 1 s w DA.H7 1 C…`. Every
/// generated server record with a pick-up has the reveal right after the `s`, with the two
/// cards the deal put in the skat (the last two of the 32 dealt).
#[test]
fn generated_server_records_reveal_the_skat_after_a_pick_up() {
    let data = String::from_utf8(generate(500, 3, "iss", 1)).unwrap();
    let mut pickups = 0;
    for line in data.lines() {
        let start = line.find("MV[").unwrap() + 3;
        let moves: Vec<&str> = line[start..line[start..].find(']').unwrap() + start]
            .split_whitespace()
            .collect();
        let skat = moves[1].rsplit('.').take(2).collect::<Vec<_>>();
        for (i, pair) in moves.chunks(2).enumerate() {
            if pair.get(1) == Some(&"s") {
                pickups += 1;
                let reveal = &moves[2 * i + 2..2 * i + 4];
                assert_eq!(reveal[0], "w", "{line}");
                let shown: Vec<&str> = reveal[1].split('.').collect();
                assert!(skat.iter().all(|c| shown.contains(c)), "{line}");
            }
        }
    }
    assert!(pickups > 200, "{pickups}");
}
