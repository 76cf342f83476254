//! `stich fmt` never loses data: each case here once destroyed or damaged a file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const GOOD: &str = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n";

fn stich() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stich"));
    c.env("NO_COLOR", "1");
    c
}

fn fmt(paths: &[&Path]) -> Output {
    stich().arg("fmt").args(paths).output().expect("run stich")
}

fn fmt_stdin(input: &[u8]) -> Output {
    let mut child = stich()
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run stich");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("wait");
    let _ = feeder.join();
    out
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write");
    p
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A full record of the corpus, with its play and result.
fn full_record() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/skat/isko/clubs-with-1-61.stich");
    std::fs::read_to_string(p).expect("corpus record")
}

#[test]
fn a_record_with_a_line_over_64_kib_is_kept_whole() {
    let dir = tempfile::tempdir().expect("dir");
    let long = format!("[Game \"skat\"]\n[Event \"{}\"]\n", "x".repeat(70_000));
    let record2 = full_record().replacen("[Game \"skat\"]\n", &long, 1);
    let text = format!("{GOOD}\n{record2}");
    let p = write(dir.path(), "long.stich", text.as_bytes());
    let o = fmt(&[&p]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("N0002"), "{}", stderr(&o));
    let after = std::fs::read_to_string(&p).expect("read");
    assert_eq!(after, text, "the file changed");
    for part in ["declare", "play", "result", "score"] {
        assert!(after.contains(part));
    }
}

#[test]
fn a_record_over_1_mib_and_a_file_of_many_tags_are_kept() {
    let dir = tempfile::tempdir().expect("dir");
    let tags: String = (0..100_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    let text = format!("{GOOD}\n{tags}\nauction  M pass\n{GOOD}");
    assert!(text.len() > 1 << 20);
    let p = write(dir.path(), "big.stich", text.as_bytes());
    let o = fmt(&[&p]);
    assert!(stderr(&o).contains("N0003"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&p).expect("read"), text);
}

#[test]
fn an_iss_file_is_never_read_as_stich() {
    let dir = tempfile::tempdir().expect("dir");
    let text = format!("(;GM[Skat]PC[{}]\n", "x".repeat(70_000));
    let p = write(dir.path(), "games.sgf", text.as_bytes());
    let o = fmt(&[&p]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&p).expect("read"), text);
}

#[test]
fn a_long_auction_is_written_in_lines_that_read_and_a_second_fmt_changes_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let calls: String = (0..9_000)
        .map(|i| format!("{} {}\n         ", ["F", "M", "R"][i % 3], 18 + i))
        .collect();
    let text = format!(
        "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  {}\n{GOOD}",
        calls.trim_end()
    );
    let p = write(dir.path(), "auction.stich", text.as_bytes());
    let o = fmt(&[&p]);
    assert!(o.status.success(), "{}", stderr(&o));
    let once = std::fs::read_to_string(&p).expect("read");
    assert!(once.lines().all(|l| l.len() < 2_000), "a line is too long");
    assert_eq!(once.matches(" 9017").count(), 1);
    let check = stich().args(["check", "-q"]).arg(&p).output().expect("check");
    assert!(!stderr(&check).contains("N0002"), "{}", stderr(&check));
    let o = fmt(&[&p]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&p).expect("read"), once);
}

#[test]
fn comments_only_and_unknown_percent_lines_are_kept() {
    let o = fmt_stdin(b"; a note\n{and a comment}\n");
    assert_eq!(o.stdout, b"; a note\n{and a comment}\n");
    assert!(o.status.success());
    let input = format!("%include x\n{GOOD}%TODO\n{GOOD}");
    let o = fmt_stdin(input.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!("%include x\n{GOOD}\n%TODO\n{GOOD}")
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).matches("N0102").count(), 2, "{}", stderr(&o));
    let again = fmt_stdin(&o.stdout);
    assert_eq!(again.stdout, o.stdout, "fmt is not idempotent");
}

#[test]
fn invalid_utf8_keeps_the_whole_record() {
    let mut input = GOOD.as_bytes().to_vec();
    input.extend_from_slice(b"[Game \"skat\"]\nresult x \"\xff\"\n         y 1\n");
    let o = fmt_stdin(&input);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("N0005"));
    let mut want = GOOD.as_bytes().to_vec();
    want.push(b'\n');
    want.extend_from_slice(input.get(GOOD.len()..).expect("tail"));
    assert_eq!(o.stdout, want);
}

#[cfg(unix)]
#[test]
fn the_mode_the_symlink_and_a_planted_temporary_name_are_respected() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = tempfile::tempdir().expect("dir");
    let p = write(dir.path(), "x.stich", format!("{GOOD}\n\n\n").as_bytes());
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let link = dir.path().join("link.stich");
    symlink(&p, &link).expect("symlink");
    let victim = write(dir.path(), "victim", b"precious\n");
    for planted in ["x.stich.tmp", "link.stich.tmp", "x.tmp"] {
        symlink(&victim, dir.path().join(planted)).expect("symlink");
    }
    let o = fmt(&[&link]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&p).expect("read"), GOOD);
    let meta = std::fs::symlink_metadata(&link).expect("meta");
    assert!(meta.file_type().is_symlink(), "the link was replaced");
    let mode = std::fs::metadata(&p).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(std::fs::read(&victim).expect("victim"), b"precious\n");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".stich-fmt"))
        .collect();
    assert!(left.is_empty(), "a temporary file was left behind");
}

#[test]
fn an_unchanged_file_is_not_touched() {
    let dir = tempfile::tempdir().expect("dir");
    let p = write(dir.path(), "x.stich", GOOD.as_bytes());
    let before = std::fs::metadata(&p).expect("meta").modified().expect("mtime");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let o = fmt(&[&p]);
    assert!(o.status.success());
    let after = std::fs::metadata(&p).expect("meta").modified().expect("mtime");
    assert_eq!(before, after);
}

#[test]
fn output_errors_do_not_panic() {
    let input = GOOD.repeat(20_000);
    for check in [false, true] {
        // A closed pipe: the reader is gone before the writer starts.
        let mut cmd = stich();
        cmd.arg("fmt");
        if check {
            cmd.arg("--check");
        }
        let mut child = cmd
            .arg("-")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run");
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(input.replace("F pass", "F  pass").as_bytes());
        drop(stdin);
        let o = child.wait_with_output().expect("wait");
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    #[cfg(target_os = "linux")]
    {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let mut child = stich()
            .args(["fmt", "-"])
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("run");
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(GOOD.as_bytes());
        drop(stdin);
        let o = child.wait_with_output().expect("wait");
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("No space left"), "{}", stderr(&o));
        // Standard error full too: still no panic.
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let full2 = full.try_clone().expect("clone");
        let mut child = stich()
            .args(["fmt", "-"])
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(full2)
            .spawn()
            .expect("run");
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(b"%bad\n");
        drop(stdin);
        let o = child.wait_with_output().expect("wait");
        assert_eq!(o.status.code(), Some(2));
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_named_on_the_command_line_is_formatted_to_standard_output() {
    let dir = tempfile::tempdir().expect("dir");
    let fifo = dir.path().join("pipe.stich");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        println!("skipped: mkfifo is not available");
        return;
    }
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, GOOD.replace("F pass", "F   pass")))
    };
    let o = fmt(&[&fifo]);
    let _ = writer.join();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout), GOOD);
}

#[test]
fn a_missing_path_is_reported_and_the_other_files_are_formatted() {
    let dir = tempfile::tempdir().expect("dir");
    let p = write(
        dir.path(),
        "x.stich",
        GOOD.replace("F pass", "F   pass").as_bytes(),
    );
    let missing = dir.path().join("nowhere.stich");
    let o = fmt(&[&missing, &p]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("nowhere.stich"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&p).expect("read"), GOOD);
}
