//! Reading stich files: a byte-order mark, a comment left open, blank lines after a record.

use std::process::{Command, Output};

const GOOD: &str = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n";

fn check(bytes: &[u8]) -> Output {
    let dir = tempfile::tempdir().expect("dir");
    let p = dir.path().join("x.stich");
    std::fs::write(&p, bytes).expect("write");
    Command::new(env!("CARGO_BIN_EXE_stich"))
        .env("NO_COLOR", "1")
        .args(["check", "--format", "jsonl"])
        .arg(&p)
        .output()
        .expect("run stich")
}

fn verdicts(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| v["verdict"].as_str().unwrap_or("?").to_string())
        .collect()
}

#[test]
fn a_byte_order_mark_gives_no_phantom_record() {
    let o = check(format!("\u{feff}{GOOD}").as_bytes());
    assert_eq!(
        verdicts(&o),
        vec!["consistent"],
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_comment_left_open_in_a_file_without_records_is_reported() {
    let o = check(b"; notes for the next session\n{ the deal of round 3 was\nlost\n");
    assert_eq!(verdicts(&o), vec!["unparsable"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("N0103"));
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn blank_lines_after_a_record_do_not_make_it_too_large() {
    let text = format!("{GOOD}{}", "\n".repeat(1_200_000));
    let o = check(text.as_bytes());
    assert_eq!(
        verdicts(&o),
        vec!["consistent"],
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}
