//! Brief reports, CSV rows and full reports: the same line from the quick verification (and
//! the plain writer) as from the full path; brief reports valid against the brief schema, and
//! CSV a spreadsheet reads.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn stich(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stich"))
        .env("NO_COLOR", "1")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run stich")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shared server records, when they are here.
fn shared(name: &str) -> Option<PathBuf> {
    let p = root().join("../shared/iss").join(name);
    p.exists().then_some(p)
}

/// Generated server records, and the shared ones when present: what the quick path decides
/// and (in the real records) what it leaves to the full path.
fn inputs(dir: &Path) -> Vec<String> {
    let games = stich(&["gen", "-n", "400", "--seed", "5", "--to", "iss"]);
    assert_eq!(games.status.code(), Some(0));
    let mut text = games.stdout;
    // A few mutations the quick path leaves to the full path, which finds them wrong.
    let mutated = String::from_utf8_lossy(&text)
        .lines()
        .take(5)
        .map(|l| l.replacen("R[", "R[x:1 ", 1) + "\n")
        .collect::<String>();
    text.extend(mutated.as_bytes());
    let f = dir.join("games.sgf");
    std::fs::write(&f, text).expect("write");
    let mut out = vec![f.to_string_lossy().into_owned()];
    for name in ["real-games.sgf", "independent-games.sgf"] {
        if let Some(p) = shared(name) {
            out.push(p.to_string_lossy().into_owned());
        }
    }
    out
}

fn lines_of(args: &[&str]) -> Vec<String> {
    let out = stich(args);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout).lines().map(str::to_string).collect()
}

#[test]
fn brief_lines_csv_rows_and_full_reports_are_the_same_from_either_path() {
    let tmp = tempfile::tempdir().expect("temp");
    for input in inputs(tmp.path()) {
        for format in [
            ["--format", "jsonl", "--report", "brief"],
            ["--format", "csv", "", ""],
            ["--format", "jsonl", "", ""],
            ["--format", "json", "", ""],
        ] {
            let mut quick: Vec<&str> = vec!["check", "--no-progress"];
            quick.extend(format.iter().filter(|a| !a.is_empty()));
            quick.push(&input);
            let mut full = quick.clone();
            full.insert(2, "--full-path");
            let (a, b) = (lines_of(&quick), lines_of(&full));
            assert!(a.len() > 5, "{input}");
            assert_eq!(a.len(), b.len(), "{input} {format:?}");
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(x, y, "{input} {format:?}");
            }
        }
    }
}

#[test]
fn brief_reports_hold_only_their_fields_and_validate() {
    let schema = report::brief_schema();
    let validator = jsonschema::draft202012::new(&schema).expect("schema compiles");
    let tmp = tempfile::tempdir().expect("temp");
    let mut inputs = inputs(tmp.path());
    inputs.push(root().join("corpus").to_string_lossy().into_owned());
    for input in &inputs {
        for line in lines_of(&["check", "--format", "jsonl", "--report", "brief", input]) {
            let v: serde_json::Value = serde_json::from_str(&line).expect("json");
            let keys: Vec<&str> = v
                .as_object()
                .expect("object")
                .keys()
                .map(String::as_str)
                .collect();
            for k in &keys {
                assert!(
                    [
                        "version", "id", "source", "game", "rules", "verdict", "findings", "result"
                    ]
                    .contains(k),
                    "{k}"
                );
            }
            let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{input}: {errors:?}");
            let _: report::Brief = serde_json::from_value(v).expect("reads back");
        }
    }
}

#[test]
fn ids_are_the_full_reports_ids_when_asked() {
    let corpus = root().join("corpus").to_string_lossy().into_owned();
    let full = lines_of(&["check", "--format", "jsonl", &corpus]);
    let brief = lines_of(&[
        "check", "--format", "jsonl", "--report", "brief", "--ids", &corpus,
    ]);
    assert_eq!(full.len(), brief.len());
    for (f, b) in full.iter().zip(&brief) {
        let f: serde_json::Value = serde_json::from_str(f).expect("json");
        let b: serde_json::Value = serde_json::from_str(b).expect("json");
        assert!(f["id"].is_string());
        assert_eq!(f["id"], b["id"]);
        assert_eq!(f["result"], b["result"]);
        assert_eq!(f["findings"], b["findings"]);
    }
    let csv = lines_of(&["check", "--format", "csv", "--ids", &corpus]);
    assert_eq!(csv.len(), full.len() + 1);
    let first: serde_json::Value = serde_json::from_str(&full[0]).expect("json");
    assert!(csv[1].starts_with(first["id"].as_str().expect("id")));
}

#[test]
fn csv_has_a_header_and_quotes_what_needs_quoting() {
    let tmp = tempfile::tempdir().expect("temp");
    let f = tmp.path().join("names.stich");
    std::fs::write(
        &f,
        "[Game \"skat\"]\n[Rules \"isko\"]\n[Date \"2019.03.01\"]\n[F \"Doe, Jane\"]\n[M \"say \\\"hi\\\"\"]\n[R \"Bo\"]\n\nauction  M pass, R pass, F pass\nresult   passed\n\n\
         [Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\nresult   declarer F\n",
    )
    .expect("write");
    let rows = lines_of(&["check", "--format", "csv", f.to_str().expect("path")]);
    assert_eq!(
        rows[0],
        "id,path,line,date,forehand,middlehand,rearhand,declarer,game,levels,bid,value,score,won,verdict,findings"
    );
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(
        rows[1].contains(",2019-03-01,\"Doe, Jane\",\"say \"\"hi\"\"\",Bo,,passed,"),
        "{}",
        rows[1]
    );
    assert!(rows[1].ends_with(",consistent,"), "{}", rows[1]);
    // Every row has the header's columns (none of these fields holds a quoted comma but the
    // first row's name, which counts as one).
    assert_eq!(rows[2].split(',').count(), 16, "{}", rows[2]);
    assert!(!rows[2].ends_with(",consistent,"), "{}", rows[2]);
}

#[test]
fn json_is_compact_unless_pretty_and_brief_needs_json() {
    let corpus = root().join("corpus/skat/isko").to_string_lossy().into_owned();
    let compact = stich(&["check", "--format", "json", &corpus]);
    let pretty = stich(&["check", "--format", "json", "--pretty", &corpus]);
    let (c, p) = (text(&compact.stdout), text(&pretty.stdout));
    let cv: serde_json::Value = serde_json::from_str(&c).expect("compact is JSON");
    let pv: serde_json::Value = serde_json::from_str(&p).expect("pretty is JSON");
    assert_eq!(cv, pv);
    let reports = cv.as_array().expect("array").len();
    assert!(reports > 1);
    // `[`, one line a report, `]`.
    assert_eq!(c.lines().count(), reports + 2);
    assert!(p.lines().count() > 10 * reports);
    let brief = stich(&["check", "--format", "json", "--report", "brief", &corpus]);
    let bv: serde_json::Value = serde_json::from_str(&text(&brief.stdout)).expect("JSON");
    assert_eq!(bv.as_array().map(Vec::len), Some(reports));
    let text_brief = stich(&["check", "--report", "brief", &corpus]);
    assert_eq!(text_brief.status.code(), Some(2));
}

#[test]
fn cards_apply_to_json_reports() {
    let f = root().join("corpus/skat/isko/clubs-with-1-61.stich");
    let f = f.to_str().expect("path");
    for args in [
        &["convert", "--to", "json", "--cards", "ascii", f][..],
        &["check", "--format", "jsonl", "--cards", "ascii", f],
    ] {
        let out = stich(args);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let hands = &v["record"]["deal"];
        let text = hands.to_string();
        assert!(text.contains("\"CA\""), "{args:?}: {text}");
        assert!(!text.contains('♣'), "{args:?}: {text}");
    }
    let out = stich(&["check", "--format", "jsonl", f]);
    let text = text(&out.stdout);
    assert!(text.contains("\"♣A\""));
}
