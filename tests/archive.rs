//! Archives as they come: compressed files (known by their first bytes), folders of them,
//! standard input and files whose names do not say their form.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn stich() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stich"));
    c.env("NO_COLOR", "1");
    c
}

fn run(args: &[&str]) -> Output {
    stich()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run stich")
}

fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = stich()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run stich");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("write stdin");
    drop(stdin);
    child.wait_with_output().expect("wait")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("stich-archive-")
        .tempdir()
        .expect("temp dir")
}

/// `n` generated games in the given form.
fn generated(n: u32, to: &str) -> Vec<u8> {
    let out = run(&["gen", "-n", &n.to_string(), "--seed", "11", "--to", to]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    out.stdout
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(data).expect("compress");
    e.finish().expect("compress")
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).expect("compress");
    e.finish().expect("compress")
}

fn zstd(data: &[u8]) -> Vec<u8> {
    zstd::stream::encode_all(data, 1).expect("compress")
}

/// The summary's first line, which counts the records by verdict.
fn counts(stderr: &[u8]) -> String {
    text(stderr)
        .lines()
        .find(|l| l.contains(" records: "))
        .unwrap_or_default()
        .to_string()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write");
    p
}

#[test]
fn a_folder_of_bzip2_archives_is_read_and_checked() {
    let tmp = temp();
    let iss = generated(40, "iss");
    write(tmp.path(), "a.sgf.bz2", &bzip2(&iss));
    write(tmp.path(), "b.sgf.bz2", &bzip2(&iss));
    let dir = tmp.path().to_str().expect("path");
    let out = run(&["check", "-q", dir]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        counts(&out.stderr),
        "80 records: 80 consistent, 0 inconsistent, 0 illegal, 0 incomplete, 0 unparsable"
    );
    // The full path and JSON read the same records.
    let out = run(&["check", "--format", "jsonl", dir]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 80);
}

#[test]
fn every_compression_is_known_by_its_bytes_whatever_the_name() {
    let tmp = temp();
    let stich_text = generated(5, "stich");
    let iss = generated(5, "iss");
    // Names that say nothing of the compression, or the wrong one.
    let files = [
        write(tmp.path(), "games.stich.gz", &gzip(&stich_text)),
        write(tmp.path(), "games-zst.stich", &zstd(&stich_text)),
        write(tmp.path(), "server.sgf", &bzip2(&iss)),
        write(tmp.path(), "server.sgf.gz", &zstd(&iss)),
    ];
    for f in &files {
        let path = f.to_str().expect("path");
        let out = run(&["check", "-q", path]);
        assert_eq!(out.status.code(), Some(0), "{path}: {}", text(&out.stderr));
        assert!(
            counts(&out.stderr).starts_with("5 records: 5 consistent"),
            "{path}: {}",
            text(&out.stderr)
        );
    }
    // convert and show read them too.
    let out = run(&["convert", "--to", "iss", files[1].to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 5);
    let out = run(&["show", files[2].to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Result:"));
}

#[test]
fn concatenated_streams_are_all_read() {
    let tmp = temp();
    let iss = generated(6, "iss");
    let half = iss.get(..iss.len() / 2).unwrap_or_default();
    let cut = half.iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
    let (a, b) = iss.split_at(cut);
    let mut both = bzip2(a);
    both.extend(bzip2(b));
    let f = write(tmp.path(), "two.sgf.bz2", &both);
    let out = run(&["check", "-q", f.to_str().expect("path")]);
    assert!(
        counts(&out.stderr).starts_with("6 records: 6 consistent"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_damaged_archive_is_an_error_with_its_place_not_a_panic() {
    let tmp = temp();
    let iss = generated(200, "iss");
    let mut bz = bzip2(&iss);
    let len = bz.len();
    bz.truncate(len * 2 / 3);
    let f = write(tmp.path(), "cut.sgf.bz2", &bz);
    let out = run(&["check", "-q", f.to_str().expect("path")]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("I0101"), "{err}");
    // Garbage after a valid magic number.
    let f = write(tmp.path(), "junk.stich", b"BZh9 this is not bzip2 at all\n");
    let out = run(&["check", f.to_str().expect("path")]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("N0001") || err.contains("error["), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn standard_input_and_unknown_names_are_sniffed() {
    let iss = generated(7, "iss");
    let stich_text = generated(3, "stich");
    for (what, input, n) in [
        ("iss", iss.clone(), 7),
        ("iss bz2", bzip2(&iss), 7),
        ("stich", stich_text.clone(), 3),
        ("stich zst", zstd(&stich_text), 3),
    ] {
        let out = run_with_stdin(&["check", "-q", "-"], &input);
        assert_eq!(out.status.code(), Some(0), "{what}: {}", text(&out.stderr));
        assert!(
            counts(&out.stderr).starts_with(&format!("{n} records: {n} consistent")),
            "{what}: {}",
            text(&out.stderr)
        );
    }
    let tmp = temp();
    let f = write(tmp.path(), "download.txt", &iss);
    let out = run(&["check", "-q", f.to_str().expect("path")]);
    assert!(
        counts(&out.stderr).starts_with("7 records: 7 consistent"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn fmt_leaves_compressed_files_and_iss_records_as_they_are() {
    let tmp = temp();
    let stich_text = generated(2, "stich");
    let gz = gzip(&stich_text);
    let f = write(tmp.path(), "games.stich.gz", &gz);
    let out = run(&["fmt", f.to_str().expect("path")]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("error[F0003]") && err.contains("gzip"), "{err}");
    assert_eq!(std::fs::read(&f).expect("read"), gz);

    // Standard input: compressed or ISS, it comes out as it went in.
    let out = run_with_stdin(&["fmt", "-"], &gz);
    assert_eq!(out.stdout, gz);
    assert!(text(&out.stderr).contains("F0003"));
    let iss = generated(3, "iss");
    let out = run_with_stdin(&["fmt", "-"], &iss);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stdout, iss);
    assert!(text(&out.stderr).contains("ISS records"), "{}", text(&out.stderr));

    // An ISS file by another name, and any file under `--from iss`, are never rewritten.
    let f = write(tmp.path(), "server.txt", &iss);
    let out = run(&["fmt", f.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&f).expect("read"), iss);
    let f = write(tmp.path(), "odd.stich", &stich_text);
    let out = run(&["fmt", "--from", "iss", f.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("ISS records"), "{}", text(&out.stderr));
}

#[test]
fn the_server_archive_reads_the_same_compressed() {
    let Some(plain) = ["../shared/iss/real-games.sgf", "../../shared/iss/real-games.sgf"]
        .iter()
        .map(|p| Path::new(env!("CARGO_MANIFEST_DIR")).join(p))
        .find(|p| p.exists())
    else {
        eprintln!("skipped: ../shared/iss/real-games.sgf is not here");
        return;
    };
    let bytes = std::fs::read(&plain).expect("read");
    let tmp = temp();
    let packed = write(tmp.path(), "real.sgf.bz2", &bzip2(&bytes));
    let a = run(&["check", "-q", plain.to_str().expect("path")]);
    let b = run(&["check", "-q", packed.to_str().expect("path")]);
    assert_eq!(a.status.code(), b.status.code());
    assert_eq!(counts(&a.stderr), counts(&b.stderr));
    assert!(!counts(&a.stderr).is_empty());
}
