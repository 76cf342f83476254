//! The quick verification of ISS records against the full path: whenever the quick path
//! calls a record consistent, the full path must call it consistent with nothing to show
//! (no error, no warning), on the shared archive records, on generated games and on
//! mutations of both. The quick path may leave any record to the full path, but it must
//! decide every generated game, which is what the benchmark measures.

use proptest::prelude::*;
use stich::cli::To;
use stich::pipeline::{Processed, Unit, process_unit};

use engine::Verdict;
use iss::quick::{Quick, verify};
use notation::Severity;

/// The full path on one ISS record text: the processed report.
fn full(text: &str) -> Vec<Processed> {
    let reader = iss::IssReader::new(text.as_bytes()).raw();
    reader
        .map(|r| match r {
            Ok(raw) => process_unit(Unit::Iss(raw), None, false),
            Err(e) => process_unit(Unit::IssError(e), None, false),
        })
        .collect()
}

/// Whether the full path finds the record consistent with nothing `check -q` would print.
fn clean(p: &Processed) -> bool {
    p.report.verdict == Verdict::Consistent
        && p.diagnostics
            .iter()
            .all(|d| !matches!(d.severity, Severity::Error | Severity::Warning))
}

/// The quick verdict of the single record in `text`, from the bytes the reader splits.
fn quick(text: &str) -> Vec<Quick> {
    iss::IssReader::new(text.as_bytes())
        .raw()
        .filter_map(Result::ok)
        .map(|raw| verify(raw.bytes()))
        .collect()
}

/// Checks the one-way agreement on `text`; returns how many records the quick path decided.
fn agree(text: &str) -> usize {
    let full = full(text);
    let quick = quick(text);
    let mut decided = 0;
    // Records the reader refuses are never handed to the quick path.
    if quick.len() != full.len() {
        assert!(quick.is_empty() || full.iter().any(|p| p.report.verdict == Verdict::Unparsable));
        return 0;
    }
    for (q, p) in quick.iter().zip(&full) {
        if *q == Quick::Consistent {
            decided += 1;
            assert!(
                clean(p),
                "quick says consistent, full path says {:?}: {:?}\n{text}",
                p.report.verdict,
                p.diagnostics
                    .iter()
                    .map(|d| format!("{} {}", d.code, d.message))
                    .collect::<Vec<_>>()
            );
        }
    }
    decided
}

fn generated(seed: u64) -> String {
    let skat = engine::family::by_tag("skat").unwrap();
    let mut out = String::new();
    stich::commands::r#gen::render(skat, "isko", seed, To::Iss, &mut out).unwrap();
    out
}

#[test]
fn every_generated_game_is_decided_and_agrees() {
    for i in 0..20_000 {
        let text = generated(stich::commands::r#gen::game_seed(7, i));
        assert_eq!(
            agree(&text),
            1,
            "the quick path leaves a generated game undecided:\n{text}"
        );
    }
}

#[test]
fn the_shared_archive_records_agree() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/iss/real-games.sgf");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} is absent");
        return;
    };
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("(;")).collect();
    let mut decided = 0;
    let mut consistent = 0;
    for line in &lines {
        decided += agree(line);
        consistent += full(line).iter().filter(|p| clean(p)).count();
    }
    eprintln!(
        "{} records; full path clean-consistent {consistent}; quick path decided {decided}",
        lines.len()
    );
    // Every record the full path finds plainly consistent is one the server wrote in its
    // usual form; the quick path should decide nearly all of them.
    assert!(decided * 10 >= consistent * 8, "{decided} of {consistent}");
}

/// One change to a record's text: a token of `MV` or `R` replaced, dropped or doubled.
fn mutate(text: &str, at: usize, how: u8, with: &str) -> String {
    let Some(mv) = text.find("MV[") else {
        return text.to_string();
    };
    let tokens: Vec<(usize, &str)> = text[mv + 3..]
        .split(' ')
        .scan(mv + 3, |pos, t| {
            let here = *pos;
            *pos += t.len() + 1;
            Some((here, t))
        })
        .filter(|(_, t)| !t.is_empty())
        .collect();
    let Some(&(pos, tok)) = tokens.get(at % tokens.len().max(1)) else {
        return text.to_string();
    };
    let (before, after) = (&text[..pos], &text[pos + tok.len()..]);
    match how % 3 {
        0 => format!("{before}{with}{after}"),
        1 => format!("{before}{}", after.trim_start()),
        _ => format!("{before}{tok} {tok}{after}"),
    }
}

const REPLACEMENTS: &[&str] = &[
    "HA", "SJ", "C7", "DT", "RE", "SC", "p", "y", "18", "20", "s", "G", "GH", "NO", "CHS", "w", "0", "1",
    "2", "v:24", "v:-48", "p:60", "t:10", "s:1", "z:1", "m:1", "m:-1", "win", "loss", "overbid", "d:0",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_generated_games_agree(
        seed in 0u64..1_000_000,
        at in 0usize..200,
        how in 0u8..3,
        with in prop::sample::select(REPLACEMENTS),
    ) {
        let text = generated(seed);
        let mutated = mutate(&text, at, how, with);
        agree(&mutated);
    }

    #[test]
    fn mutated_archive_records_agree(
        line in 0usize..1000,
        at in 0usize..200,
        how in 0u8..3,
        with in prop::sample::select(REPLACEMENTS),
    ) {
        let lines = archive_lines();
        if let Some(text) = lines.get(line % lines.len().max(1)) {
            agree(&mutate(text, at, how, with));
        }
    }
}

/// The shared archive's record lines, read once; none when the file is absent.
fn archive_lines() -> &'static [String] {
    static LINES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/iss/real-games.sgf");
        std::fs::read_to_string(path)
            .map(|t| {
                t.lines()
                    .filter(|l| l.starts_with("(;"))
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// What `stich check` over `input` with `args` writes to standard error: every finding and
/// the summary, without the throughput line (which differs from run to run).
fn stderr(args: &[&str], input: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_stich"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.as_bytes().to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !l.contains(" games/s, "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The closing summary's lines of `stich check` over `input` with `args`.
fn summary(args: &[&str], input: &str) -> String {
    stderr(args, input)
        .lines()
        .filter(|l| {
            l.contains(" records: ") || l.starts_with("errors by code") || l.starts_with("mismatches")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn check_quiet_counts_what_the_full_reports_count() {
    // Generated games with a few records made wrong, and the archive records when present.
    let mut input = String::new();
    for i in 0..300u64 {
        let text = generated(stich::commands::r#gen::game_seed(3, i));
        input.push_str(&match i % 50 {
            7 => text.replacen("t:", "t:1", 1),
            19 => mutate(&text, 40, 0, "HA"),
            _ => text,
        });
    }
    for line in archive_lines() {
        input.push_str(line);
        input.push('\n');
    }
    for jobs in ["1", "2"] {
        let quiet = summary(&["check", "-q", "--from", "iss", "--jobs", jobs, "-"], &input);
        let full = summary(
            &["check", "--format", "jsonl", "--from", "iss", "--jobs", jobs, "-"],
            &input,
        );
        assert!(quiet.contains(" records: "), "{quiet}");
        assert!(
            quiet.contains(" inconsistent") && !quiet.contains(" 0 inconsistent"),
            "{quiet}"
        );
        assert_eq!(quiet, full);
        // Every finding too, as `-q` shows them, with and without the quick path.
        let quick = stderr(&["check", "-q", "--from", "iss", "--jobs", jobs, "-"], &input);
        let slow = stderr(
            &["check", "-q", "--full-path", "--from", "iss", "--jobs", jobs, "-"],
            &input,
        );
        assert!(quick.contains("error["), "{quick}");
        assert_eq!(quick, slow);
    }
}
