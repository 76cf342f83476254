//! The command line as a new user meets it: help that says what the exit statuses mean,
//! colours on request, a summary in JSON, one rule profile at a time, a manual page, a
//! progress bar that keeps out of the findings' way, and `--strict`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn stich(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stich"))
        .env_remove("NO_COLOR")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run stich")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn write(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, body).expect("write");
    p
}

const INCOMPLETE: &str = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R 18, F pass\ndeclare  R clubs\nresult   score 24\n";

/// A played-out record with a wrong score claim.
fn wrong_score() -> String {
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/skat/isko/clubs-with-1-61.stich"),
    )
    .expect("corpus file");
    assert!(src.contains("score 24"));
    src.replace("score 24", "score 48")
}

#[test]
fn help_lists_the_exit_statuses() {
    for args in [&["--help"][..], &["check", "--help"]] {
        let out = stich(args);
        let help = text(&out.stdout);
        assert!(help.contains("Exit status:"), "{help}");
        for status in ["  0  ", "  1  ", "  2  "] {
            assert!(help.contains(status), "{args:?}: {help}");
        }
        assert!(help.contains("incomplete"), "{help}");
    }
}

#[test]
fn jobs_default_to_every_core() {
    for cmd in ["check", "gen"] {
        let help = text(&stich(&[cmd, "--help"]).stdout);
        let jobs = help
            .lines()
            .skip_while(|l| !l.contains("--jobs"))
            .take(4)
            .collect::<String>();
        assert!(jobs.contains("[default: 0]"), "{cmd}: {jobs}");
    }
}

#[test]
fn colours_are_chosen_with_color() {
    let tmp = tempfile::tempdir().expect("temp");
    let f = write(tmp.path(), "bad.stich", &wrong_score());
    let f = f.to_str().expect("path");
    let always = stich(&["check", "--color", "always", f]);
    assert!(
        text(&always.stderr).contains("\u{1b}["),
        "{}",
        text(&always.stderr)
    );
    let never = stich(&["check", "--color", "never", f]);
    assert!(!text(&never.stderr).contains('\u{1b}'));
    // Into a pipe, `auto` means none.
    let auto = stich(&["check", f]);
    assert!(!text(&auto.stderr).contains('\u{1b}'));
    assert!(text(&never.stderr).contains("error[S0406]"));
    let fmt = stich(&["fmt", "--check", "--color", "always", f]);
    assert_eq!(fmt.status.code(), Some(0), "{}", text(&fmt.stderr));
}

#[test]
fn the_summary_comes_as_json_and_names_claims_as_the_input_does() {
    let tmp = tempfile::tempdir().expect("temp");
    let f = write(tmp.path(), "bad.stich", &wrong_score());
    let out = stich(&["check", "--summary", "json", f.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let last = err.lines().last().expect("a summary");
    let v: serde_json::Value = serde_json::from_str(last).expect("the summary is JSON");
    assert_eq!(v["records"], 1);
    assert_eq!(v["inconsistent"], 1);
    assert_eq!(v["errors_by_code"]["S0406"], 1);
    assert_eq!(v["mismatches_by_claim"][0]["claim"], "score");
    assert!(v["mismatches_by_claim"][0].get("iss_field").is_none());

    // A stich record's claim is named as the notation names it.
    let out = stich(&["check", f.to_str().expect("path")]);
    let err = text(&out.stderr);
    assert!(err.contains("mismatches by claim: score×1"), "{err}");
    assert!(!err.contains("ISS"), "{err}");

    // A server record's by its `R` field.
    let games = stich(&["gen", "-n", "1", "--seed", "3", "--to", "iss"]);
    let line = text(&games.stdout);
    let v = line
        .split(" v:")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .expect("a v field")
        .to_string();
    let wrong = line.replacen(&format!(" v:{v} "), " v:1 ", 1);
    assert_ne!(wrong, line);
    let g = write(tmp.path(), "bad.sgf", &wrong);
    let out = stich(&["check", g.to_str().expect("path")]);
    let err = text(&out.stderr);
    assert!(err.contains("mismatches by claim: R v (score)×1"), "{err}");
}

#[test]
fn strict_fails_incomplete_records_and_the_summary_says_what_0_means() {
    let tmp = tempfile::tempdir().expect("temp");
    let f = write(tmp.path(), "inc.stich", INCOMPLETE);
    let f = f.to_str().expect("path");
    let out = stich(&["check", f]);
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(err.contains("1 incomplete record was not fully checked"), "{err}");
    assert!(err.contains("exit status 0 means only"), "{err}");
    assert!(err.contains("--strict"), "{err}");
    let out = stich(&["check", "--strict", f]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    // A consistent file says nothing of it.
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/skat/isko/clubs-with-1-61.stich");
    let out = stich(&["check", "--strict", good.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!text(&out.stderr).contains("incomplete record"));
}

#[test]
fn rules_take_a_format_and_a_name() {
    let all = stich(&["rules", "--format", "json"]);
    assert_eq!(all.status.code(), Some(0), "{}", text(&all.stderr));
    let v: serde_json::Value = serde_json::from_slice(&all.stdout).expect("json");
    assert!(v.as_array().is_some_and(|a| a.len() > 1));
    let one = stich(&["rules", "american", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&one.stdout).expect("json");
    assert_eq!(v["name"], "american");
    let one = stich(&["rules", "isko"]);
    let t = text(&one.stdout);
    assert!(t.starts_with("skat isko:"), "{t}");
    assert!(!t.contains("american"), "{t}");
    let none = stich(&["rules", "nope"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(text(&none.stderr).contains("isko"));
    // The old spelling still works.
    let old = stich(&["rules", "--json"]);
    assert_eq!(old.stdout, all.stdout);
}

#[test]
fn gen_refuses_a_profile_the_iss_form_cannot_hold_before_writing() {
    let out = stich(&["gen", "--rules", "american", "--to", "iss", "-n", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("isko") && err.contains("american"), "{err}");
    assert!(!err.contains("seed"), "{err}");
}

#[test]
fn the_manual_page_is_roff_with_every_command() {
    let out = stich(&["man"]);
    assert_eq!(out.status.code(), Some(0));
    let page = text(&out.stdout);
    assert!(page.contains(".TH stich 1"), "{}", &page[..page.len().min(300)]);
    for cmd in ["check", "fmt", "convert", "gen", "rules"] {
        assert!(page.contains(&format!(".TH stich-{cmd} ")), "{cmd}");
    }
    assert!(page.contains("Exit status"));
}

/// Runs `command` under a pseudo-terminal (util-linux `script`), for what only shows on a
/// terminal; `None` where `script` is missing.
fn on_a_terminal(command: &str) -> Option<String> {
    let out = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .env("COLUMNS", "160")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(text(&out.stdout))
}

#[test]
fn the_progress_bar_counts_bytes_keeps_whole_rates_and_steps_aside_for_findings() {
    let tmp = tempfile::tempdir().expect("temp");
    let games = stich(&["gen", "-n", "30000", "--seed", "9", "--to", "iss"]);
    let mut body = text(&games.stdout);
    // Findings now and then, so the bar must make way for them.
    let lines: Vec<String> = body
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i % 5000 == 4999 {
                l.replacen("R[", "R[x:1 ", 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    body = lines.join("\n") + "\n";
    let f = write(tmp.path(), "games.sgf", &body);
    let bin = env!("CARGO_BIN_EXE_stich");
    let command = format!("{bin} check -j 1 --color never {} > /dev/null", f.display());
    let Some(screen) = on_a_terminal(&command) else {
        eprintln!("skipped: no `script` here");
        return;
    };
    assert!(screen.contains("warning[S0503]"), "{screen}");
    assert!(screen.contains("games/s"), "the bar never drew: {screen}");
    assert!(screen.contains(" left;"), "no time left shown: {screen}");
    assert!(screen.contains("MiB/"), "no byte progress: {screen}");
    // Whole numbers of games a second, never `1234.5678/s`.
    for part in screen.split("games/s").map(|p| p.trim_end()) {
        let rate: String = part.chars().rev().take_while(|c| !c.is_whitespace()).collect();
        assert!(!rate.contains('.'), "{rate}");
    }
    // Every finding starts a line of its own: nothing of the bar is left before it.
    for (at, _) in screen.match_indices("warning[") {
        let before = &screen[..at];
        let line_start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let between = strip_escapes(&before[line_start..]);
        assert!(between.is_empty(), "bar left before a finding: {between:?}");
    }
}

/// The text without terminal escape sequences (`ESC [ … letter`).
fn strip_escapes(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
