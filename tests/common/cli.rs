//! The command line as the tests drive it: the built binary, and the round trip every family's
//! generator is held to.

use std::io::Write;
use std::process::{Command, Stdio};

/// The `stich` binary this test run built.
pub fn stich() -> Command {
    Command::new(env!("CARGO_BIN_EXE_stich"))
}

/// Generates `count` records of `game` under `profile` from `seed` and checks them, quietly,
/// through standard input: every record must be consistent.
pub fn gen_then_check(game: &str, profile: &str, count: &str, seed: &str) {
    let out = stich()
        .args([
            "gen", "--game", game, "--rules", profile, "--count", count, "--seed", seed,
        ])
        .output()
        .expect("gen runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = out.stdout;
    assert!(String::from_utf8_lossy(&text).contains(&format!("[Rules \"{profile}\"]")));
    let mut child = stich()
        .args(["check", "-q", "--no-progress", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("check runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&text)
        .expect("write");
    let out = child.wait_with_output().expect("check ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(&format!("{count} records: {count} consistent")),
        "{err}"
    );
}
