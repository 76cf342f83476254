//! Reading and converting without losing or inventing anything, and without panicking on
//! output errors: claims that do not read, a property given twice, a byte-order mark, the
//! result fields `convert --to iss` writes, the comments it cannot keep, closed pipes and
//! full disks.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn stich() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stich"));
    c.env("NO_COLOR", "1");
    c
}

/// A fresh folder for one test, removed when the test ends.
fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("stich-{name}-"))
        .tempdir()
        .expect("temp dir")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("run stich")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `stich gen` output: `count` random legal games in the given form.
fn generated(count: u32, seed: u32, to: &str) -> Vec<u8> {
    let out = run(stich().args([
        "gen",
        "--count",
        &count.to_string(),
        "--seed",
        &seed.to_string(),
        "--to",
        to,
    ]));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    out.stdout
}

/// The JSON reports of `check --format jsonl`.
fn check_jsonl(args: &[&str], path: &Path) -> (Option<i32>, Vec<serde_json::Value>) {
    let out = run(stich().args(["check", "--format", "jsonl"]).args(args).arg(path));
    let reports = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON report"))
        .collect();
    (out.status.code(), reports)
}

/// The clubs game of the tour, every claim made.
fn clubs() -> String {
    std::fs::read_to_string(root().join("corpus/skat/isko/clubs-with-1-61.stich")).expect("corpus record")
}

/// The same record with the claim of `key` written as `claim`.
fn with_claim(key: &str, claim: &str) -> String {
    let mut out = String::new();
    let mut replaced = false;
    for line in clubs().lines() {
        let trimmed = line.trim_start().trim_start_matches("result").trim_start();
        if trimmed.split_whitespace().next() == Some(key) && !replaced {
            out.push_str(&line.replacen(trimmed, claim, 1));
            replaced = true;
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    assert!(replaced, "no claim {key}");
    out
}

#[test]
fn claims_that_do_not_read_are_errors_and_the_record_is_not_consistent() {
    let tmp = temp_dir("claims");
    let dir = tmp.path().to_path_buf();
    let (code, good) = {
        let file = dir.join("good.stich");
        std::fs::write(&file, clubs()).expect("write");
        check_jsonl(&[], &file)
    };
    assert_eq!((code, good[0]["verdict"].as_str()), (Some(0), Some("consistent")));
    for (key, claim) in [
        ("points", "points 1e3"),
        ("score", "score 24.5"),
        ("outcome", "outcome w\u{43e}n"),
    ] {
        let record = with_claim(key, claim);
        let file = dir.join(format!("{key}.stich"));
        std::fs::write(&file, &record).expect("write");
        let (code, reports) = check_jsonl(&[], &file);
        assert_eq!(code, Some(1), "{claim}");
        let r = &reports[0];
        assert_eq!(r["verdict"], "inconsistent", "{claim}: {r}");
        let findings = r["findings"].as_array().expect("findings");
        let f = findings
            .iter()
            .find(|f| f["code"] == "S0419")
            .unwrap_or_else(|| panic!("{claim}: {findings:?}"));
        assert_eq!(f["severity"], "error");
        let line = record
            .lines()
            .position(|l| l.contains(claim))
            .expect("the claim's line")
            + 1;
        let column = record
            .lines()
            .nth(line - 1)
            .and_then(|l| l.find(claim))
            .expect("column")
            + 1;
        assert_eq!(
            (f["line"].as_u64(), f["column"].as_u64()),
            (Some(line as u64), Some(column as u64))
        );
        assert!(f["help"].is_string(), "{f}");
    }
}

/// A generated ISS record with `ID` given a second time.
fn record_with_two_ids() -> String {
    let games = text(&generated(1, 7, "iss"));
    let line = games
        .lines()
        .find(|l| l.starts_with("(;"))
        .expect("a record")
        .to_string();
    let at = line.find("MV[").expect("MV");
    let mut twice = line.clone();
    twice.insert_str(at, "ID[again]");
    assert_ne!(twice, line);
    twice + "\n"
}

#[test]
fn a_property_given_twice_is_refused_as_iss_and_as_stich() {
    let tmp = temp_dir("duplicate");
    let dir = tmp.path().to_path_buf();
    let file = dir.join("twice.sgf");
    let record = record_with_two_ids();
    std::fs::write(&file, &record).expect("write");
    let (code, reports) = check_jsonl(&[], &file);
    assert_eq!(code, Some(1));
    assert_eq!(reports[0]["verdict"], "unparsable", "{}", reports[0]);
    let f = &reports[0]["findings"][0];
    assert_eq!(f["code"], "I0116", "{f}");
    assert_eq!(f["severity"], "error");
    let column = record.find("ID[again]").expect("the second ID") + 1;
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(1), Some(column as u64))
    );
    // The quick path does not call it consistent either.
    let out = run(stich().args(["check", "-q"]).arg(&file));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("1 unparsable"),
        "{}",
        text(&out.stderr)
    );
    // Converted to the notation it would hold the tag twice (N0303); it is refused instead.
    let out = run(stich().args(["convert", "--to", "stich"]).arg(&file));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("I0116"), "{}", text(&out.stderr));
}

/// The records of `check --format jsonl` of `bytes` as an ISS file, with the quick path's
/// summary for the same file.
fn check_iss(dir: &Path, name: &str, bytes: &[u8]) -> (Vec<serde_json::Value>, String) {
    let file = dir.join(name);
    std::fs::write(&file, bytes).expect("write");
    let (_, reports) = check_jsonl(&["--from", "iss"], &file);
    let quick = run(stich().args(["check", "-q", "--from", "iss"]).arg(&file));
    // The summary goes to standard error.
    (reports, text(&quick.stderr))
}

#[test]
fn a_byte_order_mark_does_not_lose_the_first_iss_record() {
    let tmp = temp_dir("bom");
    let dir = tmp.path().to_path_buf();
    let games = generated(50, 3, "iss");
    let mut marked = b"\xEF\xBB\xBF".to_vec();
    marked.extend_from_slice(&games);
    let (plain, plain_quick) = check_iss(&dir, "plain.sgf", &games);
    let (with_bom, bom_quick) = check_iss(&dir, "bom.sgf", &marked);
    assert_eq!(with_bom.len(), plain.len());
    assert!(
        with_bom.iter().all(|r| r["verdict"] == "consistent"),
        "{:?}",
        with_bom[0]
    );
    assert!(bom_quick.contains("50 records: 50 consistent"), "{bom_quick}");
    assert!(plain_quick.contains("50 records: 50 consistent"), "{plain_quick}");
    // Offsets count the mark's three bytes; lines are the same.
    for (p, b) in plain.iter().zip(&with_bom) {
        assert_eq!(p["id"], b["id"]);
        assert_eq!(p["source"]["line"], b["source"]["line"]);
        assert_eq!(
            p["source"]["offset"].as_u64().map(|o| o + 3),
            b["source"]["offset"].as_u64()
        );
    }
    let out = run(stich()
        .args(["convert", "--from", "iss", "--to", "stich"])
        .arg(dir.join("bom.sgf")));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).matches("[Game \"skat\"]").count(), 50);

    // The shared server records, when present, the same way.
    let shared = root().join("../shared/iss/real-games.sgf");
    let Ok(real) = std::fs::read(&shared) else {
        eprintln!("skipped the shared records: {} is absent", shared.display());
        return;
    };
    let mut marked = b"\xEF\xBB\xBF".to_vec();
    marked.extend_from_slice(&real);
    let (plain, _) = check_iss(&dir, "real.sgf", &real);
    let (with_bom, _) = check_iss(&dir, "real-bom.sgf", &marked);
    let verdicts = |r: &[serde_json::Value]| r.iter().map(|r| r["verdict"].to_string()).collect::<Vec<_>>();
    assert_eq!(verdicts(&with_bom), verdicts(&plain));
}

/// The clubs game with only the claims named kept.
fn clubs_claiming(keep: &[&str]) -> String {
    let mut out = String::new();
    let mut in_result = false;
    for line in clubs().lines() {
        in_result |= line.starts_with("result");
        if in_result {
            let claim = line.trim_start().trim_start_matches("result").trim_start();
            let key = claim.split_whitespace().next().unwrap_or_default();
            if !keep.contains(&key) {
                continue;
            }
            let first = !out.contains("\nresult");
            out.push_str(if first { "result   " } else { "         " });
            out.push_str(claim);
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

#[test]
fn convert_to_iss_writes_only_the_figures_the_record_claims() {
    let tmp = temp_dir("figures");
    let dir = tmp.path().to_path_buf();
    for keep in [
        &["outcome", "score"][..],
        &["declarer", "outcome"],
        &["outcome", "points", "schneider"],
    ] {
        let record = clubs_claiming(keep);
        let file = dir.join("few.stich");
        std::fs::write(&file, &record).expect("write");
        let (code, reports) = check_jsonl(&[], &file);
        assert_eq!(
            (code, reports[0]["verdict"].as_str()),
            (Some(0), Some("consistent")),
            "{record}"
        );
        let out = run(stich().args(["convert", "--to", "iss"]).arg(&file));
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let line = text(&out.stdout);
        let result = line
            .split("R[")
            .nth(1)
            .and_then(|r| r.split(']').next())
            .unwrap_or_default();
        for invented in ["m:", "t:", "bidok", "overbid", "z:"] {
            assert!(
                !result.split(' ').any(|f| f.starts_with(invented)),
                "{keep:?}: {result}"
            );
        }
        let iss = dir.join("few.sgf");
        std::fs::write(&iss, line.as_bytes()).expect("write");
        let (code, reports) = check_jsonl(&[], &iss);
        assert_eq!(code, Some(0), "{keep:?}: {result}");
        assert_eq!(
            reports[0]["verdict"], "consistent",
            "{keep:?}: {result}: {}",
            reports[0]
        );
        let quick = run(stich().args(["check", "-q"]).arg(&iss));
        assert_eq!(quick.status.code(), Some(0), "{}", text(&quick.stderr));
    }
}

#[test]
fn convert_to_iss_warns_once_per_record_about_comments() {
    let tmp = temp_dir("comments");
    let dir = tmp.path().to_path_buf();
    let commented = clubs()
        .replacen("[Rules \"isko\"]", "[Rules \"isko\"] ; the official rules", 1)
        .replacen("declare  F clubs", "declare  F clubs { a brace comment }", 1);
    // The record opens with a brace comment; without it, it has none.
    let plain = clubs()
        .lines()
        .filter(|l| !l.starts_with('{'))
        .map(|l| l.to_string() + "\n")
        .collect::<String>();
    let file = dir.join("commented.stich");
    std::fs::write(&file, format!("{commented}\n{plain}\n{commented}")).expect("write");
    let expected_count = {
        let out = run(stich()
            .args(["convert", "--to", "json"])
            .arg(dir.join("commented.stich")));
        assert_eq!(out.status.code(), Some(0));
        text(&out.stdout).lines().count()
    };
    assert_eq!(expected_count, 3);
    let out = run(stich().args(["convert", "--to", "iss"]).arg(&file));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 3);
    let stderr = text(&out.stderr);
    let warnings: Vec<&str> = stderr.lines().filter(|l| l.contains("warning[I0139]")).collect();
    assert_eq!(warnings.len(), 2, "{stderr}");
    let comments = 3;
    let path = file.display().to_string();
    assert!(
        warnings[0].starts_with(&format!("stich: {path}:1: ")),
        "{}",
        warnings[0]
    );
    assert!(
        warnings[0].contains(&format!("{comments} comments are not kept")),
        "{}",
        warnings[0]
    );
    // ISS records keep their `#` comment lines on the way in; the one-line writer cannot.
    let games = text(&generated(1, 5, "iss"));
    let record = games.lines().find(|l| l.starts_with("(;")).expect("a record");
    let spread = record.replacen("MV[", "\n# a note\nMV[", 1);
    let iss = dir.join("noted.sgf");
    std::fs::write(&iss, format!("{spread}\n")).expect("write");
    let out = run(stich().args(["convert", "--to", "iss"]).arg(&iss));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("warning[I0139]: 1 comment is not kept"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_closed_output_pipe_ends_convert_quietly() {
    let tmp = temp_dir("pipe");
    let dir = tmp.path().to_path_buf();
    let file = dir.join("many.sgf");
    std::fs::write(&file, generated(3000, 11, "iss")).expect("write");
    for to in ["stich", "json", "iss"] {
        let mut child = stich()
            .args(["convert", "--from", "iss", "--to", to])
            .arg(&file)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        // Read a little, then close the pipe while the child still has most to write.
        let mut stdout = child.stdout.take().expect("stdout");
        let mut first = [0u8; 16];
        stdout.read_exact(&mut first).expect("some output");
        drop(stdout);
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut stderr)
            .expect("stderr");
        let status = child.wait().expect("wait");
        assert_eq!(status.code(), Some(0), "--to {to}: {stderr}");
        assert!(!stderr.contains("panicked"), "--to {to}: {stderr}");
    }
}

#[test]
fn a_full_disk_is_an_error_with_a_message() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full here");
        return;
    };
    let tmp = temp_dir("full");
    let dir = tmp.path().to_path_buf();
    let small = dir.join("one.stich");
    std::fs::write(&small, clubs()).expect("write");
    let many = dir.join("many.sgf");
    std::fs::write(&many, generated(500, 13, "iss")).expect("write");
    for (file, to) in [
        (&small, "iss"),
        (&small, "json"),
        (&small, "stich"),
        (&many, "stich"),
    ] {
        let out = stich()
            .args(["convert", "--to", to])
            .arg(file)
            .stdout(full.try_clone().expect("clone"))
            .output()
            .expect("run");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--to {to}: {stderr}");
        assert!(stderr.contains("cannot write the output"), "--to {to}: {stderr}");
        assert!(!stderr.contains("panicked"), "--to {to}: {stderr}");
    }
}

#[test]
fn errors_writing_standard_error_are_ignored() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full here");
        return;
    };
    let tmp = temp_dir("stderr");
    let dir = tmp.path().to_path_buf();
    let file = dir.join("one.stich");
    // The record's `Event` and `Source` tags and its comment give warnings on the way to ISS.
    std::fs::write(&file, clubs()).expect("write");
    let out = stich()
        .args(["convert", "--to", "iss"])
        .arg(&file)
        .stderr(full.try_clone().expect("clone"))
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).starts_with("(;GM[Skat]"),
        "{}",
        text(&out.stdout)
    );
    // A record that cannot be converted is reported there, and still counts.
    let broken = dir.join("broken.stich");
    std::fs::write(&broken, clubs().replacen("deal     F:", "deal     X:", 1)).expect("write");
    let out = stich()
        .args(["convert", "--to", "iss"])
        .arg(&broken)
        .stderr(full)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
}
