//! The command line under hostile input and failing output: folders that loop, FIFOs,
//! missing and unreadable paths, many findings on one long line, records that would take
//! memory by the gigabyte, closed pipes, full disks and absurd thread counts. Every run here
//! is killed after a time limit, so that a hang fails the test instead of stalling it.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The longest any run here may take; every one needs a few seconds at most.
const LIMIT: Duration = Duration::from_secs(30);

const GOOD: &str =
    "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction\n  M pass, R pass, F pass\nresult\n  passed\n";

fn stich() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stich"));
    c.env("NO_COLOR", "1");
    c
}

/// What a finished run gave, and the most memory it held (kilobytes, as far as seen).
struct Run {
    out: Output,
    peak_kb: u64,
}

impl Run {
    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.out.stdout).into_owned()
    }
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.out.stderr).into_owned()
    }
    fn code(&self) -> Option<i32> {
        self.out.status.code()
    }
}

/// The peak resident memory of a running process, from `/proc`.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `cmd` to its end, killing it (and failing) after [`LIMIT`].
fn run(mut cmd: Command) -> Run {
    let child = cmd.spawn().expect("spawn stich");
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let started = Instant::now();
    let mut peak = 0;
    loop {
        if let Some(kb) = peak_kb(pid) {
            peak = peak.max(kb);
        }
        match rx.recv_timeout(Duration::from_millis(5)) {
            Ok(out) => {
                return Run {
                    out: out.expect("wait for stich"),
                    peak_kb: peak,
                };
            }
            Err(mpsc::RecvTimeoutError::Timeout) if started.elapsed() < LIMIT => {}
            Err(_) => {
                let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
                panic!("the run did not end within {LIMIT:?}: {cmd:?}");
            }
        }
    }
}

/// `stich ARGS` with standard output and error collected.
fn stich_run(args: &[&str]) -> Run {
    let mut cmd = stich();
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    run(cmd)
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temp path")
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(made.success(), "mkfifo {}", path.display());
}

fn assert_no_panic(run: &Run) {
    assert_ne!(run.code(), Some(101), "panicked: {}", run.stderr());
    assert!(!run.stderr().contains("panicked"), "{}", run.stderr());
}

// ---- Walking folders ----

#[test]
fn a_folder_linking_to_itself_and_its_parent_is_walked_once_per_file() {
    let tmp = temp();
    let dir = tmp.path().join("records");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("a.stich"), GOOD).unwrap();
    std::fs::write(dir.join("sub/b.stich"), GOOD).unwrap();
    // Beside the folder, not in it: the link to the parent must not reach it.
    std::fs::write(tmp.path().join("outside.stich"), GOOD).unwrap();
    std::os::unix::fs::symlink(".", dir.join("self")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("up")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("sub/back")).unwrap();
    std::os::unix::fs::symlink("a.stich", dir.join("alias.stich")).unwrap();
    let r = stich_run(&["check", "--no-progress", s(&dir)]);
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    let lines: Vec<String> = r.stdout().lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2, "each file once: {lines:?}");
    assert!(r.stdout().contains("a.stich:1: consistent"), "{}", r.stdout());
    assert!(r.stdout().contains("b.stich:1: consistent"), "{}", r.stdout());
    assert!(!r.stdout().contains("outside"), "{}", r.stdout());
    assert!(r.stderr().contains("2 records"), "{}", r.stderr());
}

#[test]
fn a_fifo_in_a_folder_is_skipped_with_a_note() {
    let tmp = temp();
    std::fs::write(tmp.path().join("a.stich"), GOOD).unwrap();
    let fifo = tmp.path().join("pipe.stich");
    mkfifo(&fifo);
    for command in ["check", "show", "convert"] {
        let mut args = vec![command];
        if command == "convert" {
            args.extend(["--to", "json"]);
        }
        if command == "check" {
            args.push("--no-progress");
        }
        args.push(s(tmp.path()));
        let r = stich_run(&args);
        assert_eq!(r.code(), Some(0), "{command}: {}", r.stderr());
        assert!(r.stderr().contains("pipe.stich"), "{command}: {}", r.stderr());
        assert!(r.stderr().contains("not a regular file"), "{}", r.stderr());
        assert!(!r.stdout().is_empty(), "{command}: the other file is read");
    }
}

#[test]
fn a_fifo_named_on_the_command_line_is_read() {
    let tmp = temp();
    let fifo = tmp.path().join("given.stich");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        // Opening for writing waits for the reader; a run that never opens it is killed
        // after the time limit, which ends this thread too.
        std::thread::spawn(move || {
            if let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&fifo) {
                let _ = std::io::Write::write_all(&mut f, GOOD.as_bytes());
            }
        })
    };
    let r = stich_run(&["check", "--no-progress", s(&fifo)]);
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    assert!(r.stdout().contains("given.stich:1: consistent"), "{}", r.stdout());
    writer.join().unwrap();
}

#[test]
fn a_missing_path_is_reported_and_the_rest_is_checked() {
    let tmp = temp();
    let good = tmp.path().join("good.stich");
    std::fs::write(&good, GOOD).unwrap();
    let missing = tmp.path().join("missing.stich");
    for command in ["check", "show", "convert"] {
        let mut args = vec![command];
        if command == "convert" {
            args.extend(["--to", "json"]);
        }
        args.extend([s(&missing), s(&good)]);
        let r = stich_run(&args);
        assert_eq!(r.code(), Some(2), "{command}: {}", r.stderr());
        assert!(
            r.stderr().contains(&format!("stich: {}: ", missing.display())),
            "{command}: {}",
            r.stderr()
        );
        assert!(!r.stdout().is_empty(), "{command}: the good file is read");
    }
}

#[test]
fn a_dangling_link_in_a_folder_is_reported_and_the_rest_is_checked() {
    let tmp = temp();
    std::fs::write(tmp.path().join("good.stich"), GOOD).unwrap();
    std::os::unix::fs::symlink("nowhere.stich", tmp.path().join("broken.stich")).unwrap();
    let r = stich_run(&["check", "--no-progress", s(tmp.path())]);
    assert_eq!(r.code(), Some(2), "{}", r.stderr());
    assert!(r.stderr().contains("broken.stich: "), "{}", r.stderr());
    assert!(r.stdout().contains("good.stich:1: consistent"), "{}", r.stdout());
}

#[test]
fn an_unreadable_sub_folder_is_reported_with_its_path_and_the_rest_is_checked() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = temp();
    std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let good = tmp.path().join("good.stich");
    std::fs::write(&good, GOOD).unwrap();
    std::fs::set_permissions(&good, std::fs::Permissions::from_mode(0o644)).unwrap();
    let locked = tmp.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::write(locked.join("inside.stich"), GOOD).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let mut cmd = if std::fs::read_dir(&locked).is_err() {
        stich()
    } else {
        // Root reads a folder of mode 000: the run drops to an unprivileged user, if it can.
        let dropped = Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "true"])
            .status()
            .is_ok_and(|s| s.success());
        if !dropped {
            std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
            println!(
                "skipped: a folder of mode 000 is readable here (running as root) and no \
                 unprivileged user can be taken, so no unreadable folder can be made"
            );
            return;
        }
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_stich"))
            .env("NO_COLOR", "1");
        c
    };
    cmd.args(["check", "--no-progress", s(tmp.path())])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let r = run(cmd);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(r.code(), Some(2), "{}", r.stderr());
    assert!(
        r.stderr().contains(&format!("stich: {}: ", locked.display())),
        "{}",
        r.stderr()
    );
    assert!(r.stdout().contains("good.stich:1: consistent"), "{}", r.stdout());
}

// ---- Rendering findings ----

/// A record whose one long line holds 15,000 bad card tokens.
fn many_findings_on_one_line(dir: &Path) -> PathBuf {
    let file = dir.join("long.stich");
    let tokens = vec!["Q9"; 15_000].join(" ");
    std::fs::write(
        &file,
        format!("[Game \"skat\"]\n[Rules \"isko\"]\n\ndeal     F: {tokens}\n"),
    )
    .unwrap();
    file
}

#[test]
fn many_findings_on_one_long_line_render_quickly_and_are_capped() {
    let tmp = temp();
    let file = many_findings_on_one_line(tmp.path());
    let started = Instant::now();
    let r = stich_run(&["check", "--no-progress", s(&file)]);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(r.code(), Some(1), "{}", r.stderr());
    let err = r.stderr();
    assert_eq!(err.matches("error[N0201]").count(), 50, "capped at 50");
    assert!(
        err.contains("14950 more findings"),
        "{}",
        &err[err.len().saturating_sub(500)..]
    );
    assert!(err.contains("N0201×15000"), "the summary counts them all");
    // The shown lines are cut around the span; the location keeps the real column.
    assert!(err.lines().all(|l| l.chars().count() < 400), "a line was not cut");
    assert!(
        err.contains(&format!("{}:4:", file.display())),
        "{}",
        &err[..2000]
    );
    // The JSON report keeps every finding.
    let json = stich_run(&["check", "--format", "jsonl", s(&file)]);
    let report: serde_json::Value = serde_json::from_str(json.stdout().trim()).unwrap();
    assert_eq!(report["findings"].as_array().map(Vec::len), Some(15_000));
}

#[test]
fn consecutive_findings_start_on_lines_of_their_own() {
    let tmp = temp();
    let file = tmp.path().join("two.stich");
    std::fs::write(
        &file,
        "[Game \"skat\"]\n[Rules \"isko\"]\n\ndeal     F: Q9\n         M: Q8\n",
    )
    .unwrap();
    for args in [
        vec!["convert", "--to", "stich", s(&file)],
        vec!["convert", "--to", "iss", s(&file)],
        vec!["fmt", "--check", s(&file)],
        vec!["check", s(&file)],
        vec!["show", s(&file)],
    ] {
        let r = stich_run(&args);
        let err = r.stderr();
        let text = if args[0] == "show" { r.stdout() } else { err };
        assert!(text.matches("error[N0201]").count() >= 2, "{args:?}: {text}");
        for (at, _) in text.match_indices("error[") {
            assert!(
                at == 0 || text[..at].ends_with('\n'),
                "{args:?}: a finding follows another on its line:\n{text}"
            );
        }
    }
}

// ---- Memory ----

#[test]
fn tiny_records_take_little_memory_on_any_number_of_threads() {
    let tmp = temp();
    let file = tmp.path().join("tiny.sgf");
    // 200,000 records of three bytes each: before, a batch held 87,000 of them, 170 MB.
    std::fs::write(&file, "(;\n".repeat(200_000)).unwrap();
    for jobs in ["1", "2"] {
        let mut cmd = stich();
        cmd.args(["check", "-q", "--no-progress", "--jobs", jobs, s(&file)])
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let r = run(cmd);
        assert_eq!(r.code(), Some(1));
        assert!(r.peak_kb > 0, "no memory figure from /proc");
        assert!(r.peak_kb < 80_000, "--jobs {jobs}: {} kB at the peak", r.peak_kb);
    }
}

// ---- Output errors ----

/// Every command that writes standard output, with arguments that make it write.
fn writing_commands(dir: &Path) -> Vec<Vec<String>> {
    let file = dir.join("good.stich");
    std::fs::write(&file, GOOD).unwrap();
    let f = s(&file).to_string();
    let args: &[&[&str]] = &[
        &["schema"],
        &["rules"],
        &["rules", "--json"],
        &["completions", "bash"],
        &["check", "--no-progress", &f],
        &["check", "--no-progress", "--jobs", "2", &f],
        &["check", "--no-progress", "--format", "json", &f],
        &["show", &f],
        &["gen", "--count", "3"],
    ];
    args.iter()
        .map(|a| a.iter().map(|s| s.to_string()).collect())
        .collect()
}

#[test]
fn a_closed_output_pipe_ends_every_command_quietly_with_status_0() {
    let tmp = temp();
    for args in writing_commands(tmp.path()) {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let mut cmd = stich();
        cmd.args(&args)
            .stdin(Stdio::null())
            .stdout(writer)
            .stderr(Stdio::piped());
        let r = run(cmd);
        assert_no_panic(&r);
        assert_eq!(r.code(), Some(0), "{args:?}: {}", r.stderr());
        assert!(!r.stderr().contains("cannot write"), "{args:?}: {}", r.stderr());
    }
}

fn dev_full() -> Option<File> {
    std::fs::OpenOptions::new().write(true).open("/dev/full").ok()
}

#[test]
fn a_full_disk_is_an_io_error_with_a_message_and_status_2() {
    let tmp = temp();
    let Some(_) = dev_full() else {
        println!("skipped: no /dev/full here");
        return;
    };
    for args in writing_commands(tmp.path()) {
        let mut cmd = stich();
        cmd.args(&args)
            .stdin(Stdio::null())
            .stdout(dev_full().unwrap())
            .stderr(Stdio::piped());
        let r = run(cmd);
        assert_no_panic(&r);
        assert_eq!(r.code(), Some(2), "{args:?}: {}", r.stderr());
        assert!(
            r.stderr().contains("stich: cannot write the output"),
            "{args:?}: {}",
            r.stderr()
        );
    }
}

#[test]
fn a_full_standard_error_never_panics() {
    let tmp = temp();
    let Some(_) = dev_full() else {
        println!("skipped: no /dev/full here");
        return;
    };
    let bad = tmp.path().join("bad.stich");
    std::fs::write(&bad, "[Game \"skat\"]\n\ndeal     F: Q9\n").unwrap();
    let mut all = writing_commands(tmp.path());
    all.push(vec!["check".into(), s(&bad).into()]);
    all.push(vec!["check".into(), s(&tmp.path().join("missing.stich")).into()]);
    // `fmt` and `convert` write their findings with `eprint!` still, and are left out here.
    for args in all {
        let mut cmd = stich();
        cmd.args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(dev_full().unwrap());
        let r = run(cmd);
        assert_no_panic(&r);
        assert!(matches!(r.code(), Some(0..=2)), "{args:?}: {:?}", r.code());
    }
}

#[test]
fn too_many_threads_are_capped_with_a_note() {
    let tmp = temp();
    let file = tmp.path().join("good.stich");
    std::fs::write(&file, GOOD).unwrap();
    let r = stich_run(&["check", "--no-progress", "--jobs", "100000", s(&file)]);
    assert_no_panic(&r);
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    assert!(r.stderr().contains("--jobs 100000"), "{}", r.stderr());
    assert!(r.stdout().contains("good.stich:1: consistent"), "{}", r.stdout());
    let r = stich_run(&["gen", "--count", "2", "--jobs", "100000"]);
    assert_no_panic(&r);
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
}
