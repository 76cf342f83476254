//! The command line end to end: exit statuses, locations, recursion, formats.

use std::process::Command;

fn stich() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stich"));
    c.env("NO_COLOR", "1");
    c
}

/// A fresh folder for one test, removed when the test ends.
fn temp_dir(name: &str) -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!("stich-{name}-"))
        .tempdir()
        .expect("temp dir");
    std::fs::create_dir_all(dir.path().join("nested")).expect("temp dir");
    dir
}

const GOOD: &str =
    "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction\n  M pass, R pass, F pass\nresult\n  passed\n";

#[test]
fn three_bad_records_give_three_errors_with_their_lines() {
    let tmp = temp_dir("three");
    let dir = tmp.path().to_path_buf();
    let file = dir.join("bad.stich");
    let text = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction\n  M pass, R pass, F pass\n  M 18 R\n\n\
                [Game \"skat\"]\n[Rules \"isko\"]\n\nauction\n  M pass R pass F pass\nresult\n  passed\nplay\n\n\
                [Game \"skat\" \n[Rules \"isko\"]\n";
    std::fs::write(&file, text).expect("write");
    let out = stich()
        .args(["check", "--format", "jsonl"])
        .arg(&file)
        .output()
        .expect("run");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let reports: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(reports.len(), 3);
    let first_error_line = |r: &serde_json::Value| {
        r["findings"]
            .as_array()
            .and_then(|f| f.iter().find(|x| x["severity"] == "error"))
            .map(|x| x["line"].clone())
    };
    assert_eq!(first_error_line(&reports[0]), Some(serde_json::json!(6)));
    assert_eq!(first_error_line(&reports[1]), Some(serde_json::json!(15)));
    assert_eq!(first_error_line(&reports[2]), Some(serde_json::json!(17)));
    for r in &reports {
        assert_eq!(r["verdict"], "unparsable");
    }
}

#[test]
fn folders_are_searched_recursively() {
    let tmp = temp_dir("recurse");
    let dir = tmp.path().to_path_buf();
    std::fs::write(dir.join("a.stich"), GOOD).expect("write");
    std::fs::write(dir.join("nested/b.stich"), GOOD).expect("write");
    std::fs::write(dir.join("nested/ignored.txt"), "not a record").expect("write");
    let out = stich()
        .args(["check", "--format", "jsonl"])
        .arg(&dir)
        .output()
        .expect("run");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("2 records: 2 consistent"), "{stderr}");
}

#[test]
fn a_missing_file_is_a_usage_error() {
    let out = stich()
        .args(["check", "/no/such/file.stich"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn schema_command_prints_the_checked_in_schema() {
    let out = stich().arg("schema").output().expect("run");
    let checked_in = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/spec/schema/report.schema.json"
    ))
    .expect("schema file");
    assert!(
        String::from_utf8_lossy(&out.stdout) == checked_in,
        "`stich schema` differs from the checked-in schema"
    );
}

#[test]
fn fmt_twice_changes_nothing() {
    let tmp = temp_dir("fmt");
    let dir = tmp.path().to_path_buf();
    let file = dir.join("x.stich");
    std::fs::write(
        &file,
        "[Game \"skat\"] [Rules \"isko\"]\nauction M pass , R pass, F pass\nresult passed\n",
    )
    .expect("write");
    let first = stich().arg("fmt").arg(&file).output().expect("run");
    assert_eq!(
        first.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let once = std::fs::read_to_string(&file).expect("read");
    let check = stich().args(["fmt", "--check"]).arg(&file).output().expect("run");
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let _ = stich().arg("fmt").arg(&file).output().expect("run");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), once);
}

#[test]
fn show_prints_the_trick_table_and_the_result() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/skat/isko/clubs-with-1-61.stich"
    );
    let out = stich().arg("show").arg(file).output().expect("run");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("    1  F    ♠10*  ♠9    ♠7         10        10          0"),
        "{text}"
    );
    assert!(
        text.contains("Result: F wins with 61 card points in 7 tricks; with 1; game value 24; score +24")
    );
    assert!(text.contains("Verdict: consistent"));
}

#[test]
fn convert_to_iss_and_back_keeps_the_result() {
    let tmp = temp_dir("convert");
    let dir = tmp.path().to_path_buf();
    let stich_file = dir.join("g.stich");
    let generated = stich()
        .args(["gen", "--count", "20", "--seed", "3"])
        .output()
        .expect("run");
    assert_eq!(generated.status.code(), Some(0));
    let text = String::from_utf8_lossy(&generated.stdout).to_string();
    // Some generated plays are in columns: converting them needs the leaders the replay finds.
    assert!(
        text.contains("play     columns"),
        "no play in columns among the generated records"
    );
    std::fs::write(&stich_file, &text).expect("write");
    let iss = stich()
        .args(["convert", "--to", "iss"])
        .arg(&stich_file)
        .output()
        .expect("run");
    assert_eq!(
        iss.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&iss.stderr)
    );
    let iss_file = dir.join("g.sgf");
    std::fs::write(&iss_file, &iss.stdout).expect("write");
    let results = |file: &std::path::Path| -> Vec<serde_json::Value> {
        let out = stich()
            .args(["check", "--format", "jsonl"])
            .arg(file)
            .output()
            .expect("run");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json")["result"].clone())
            .collect()
    };
    let (from_stich, from_iss) = (results(&stich_file), results(&iss_file));
    assert_eq!(from_stich.len(), 20);
    assert_eq!(from_stich, from_iss);
}

#[test]
fn the_corpus_is_in_canonical_form() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let out = stich().args(["fmt", "--check", corpus]).output().expect("run");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// A reader of the output that goes away stops the run, on one thread and on several: the
/// workers and the reading thread must not wait for each other when the writer is gone.
#[test]
fn a_closed_output_pipe_ends_the_run() {
    use std::io::Read;
    use std::process::Stdio;
    let skat = engine::family::by_tag("skat").unwrap();
    let mut games = String::new();
    for i in 0..20_000 {
        stich::commands::r#gen::render(
            skat,
            "isko",
            stich::commands::r#gen::game_seed(9, i),
            stich::cli::To::Iss,
            &mut games,
        )
        .unwrap();
    }
    let tmp = temp_dir("closed-pipe");
    let dir = tmp.path().to_path_buf();
    let file = dir.join("games.iss");
    std::fs::write(&file, games).unwrap();
    for jobs in ["1", "2"] {
        let mut child = stich()
            .args(["check", "--format", "jsonl", "--no-progress", "--jobs", jobs])
            .arg(&file)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut out = child.stdout.take().unwrap();
        let mut first = [0u8; 100];
        out.read_exact(&mut first).unwrap();
        drop(out);
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            // Far more than a stopped run needs; the whole input takes seconds.
            if started.elapsed() > std::time::Duration::from_secs(60) {
                child.kill().unwrap();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert!(
            status.is_some(),
            "--jobs {jobs}: the run did not stop after its output closed"
        );
    }
}

/// The README's tour shows `stich check examples/revoke.stich` with its output: the shipped
/// file gives exactly that output (the findings and summary on standard error, the record's
/// verdict line on standard output; the closing timing line varies and is not shown).
#[test]
fn the_readme_s_revoke_example_is_the_real_output() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let start = readme.find("$ stich check examples/revoke.stich\n").unwrap();
    let block = &readme[start..];
    let block = &block[..block.find("```").unwrap()];
    let shown: Vec<&str> = block.lines().skip(1).collect();
    let out = stich()
        .current_dir(root)
        .args(["check", "--no-progress", "examples/revoke.stich"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let mut err: Vec<&str> = stderr.lines().collect();
    assert!(err.pop().is_some_and(|l| l.contains("games/s")), "{stderr}");
    let verdict = stdout.trim_end();
    let at = shown
        .iter()
        .position(|l| *l == verdict)
        .expect("the verdict line in the README");
    let mut expected = shown.clone();
    expected.remove(at);
    assert_eq!(err, expected);
}

/// JSON that loads into a table as it is: the header one object, claimed and computed figures
/// typed, and no `null` game beside the Null game's `"null"` (a passed deal has no `game`).
#[test]
fn json_reports_load_cleanly() {
    let dir = temp_dir("json-clean");
    let file = dir.path().join("two.stich");
    std::fs::write(
        &file,
        "[Game \"skat\"]\n[Rules \"isko\"]\n[Event \"passed\"]\n\nauction  M pass, R pass, F pass\n\n\
         [Game \"skat\"]\n[Rules \"isko\"]\n\n\
         deal     F: ♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A\n\
         \x20        M: ♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9\n\
         \x20        R: ♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10\n\
         \x20        skat: ♦8 ♦7\n\
         auction  M pass, R pass, F 18\n\
         declare  F null hand\n\
         play     F concedes\n\
         result   score -60\n",
    )
    .unwrap();
    let out = stich()
        .args(["check", "--format", "jsonl", "--no-progress"])
        .arg(&file)
        .output()
        .unwrap();
    let reports: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0]["header"]["Event"], "passed");
    assert!(
        reports[0]["result"].get("game").is_none(),
        "{}",
        reports[0]["result"]
    );
    assert_eq!(reports[1]["result"]["game"], "null");
    let score = reports[1]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "S0406")
        .expect("the wrong score");
    assert_eq!(
        (&score["claimed"], &score["computed"]),
        (&serde_json::json!(-60), &serde_json::json!(-70))
    );
}
