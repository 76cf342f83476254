//! The shared real ISS records against the engine: every field of every `R[]` is a claim the
//! replay compares, penalty games are reported as such, and ISS → stich → ISS gives every
//! line back exactly.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

fn shared_records() -> Option<(PathBuf, String)> {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/iss/real-games.sgf"
    ));
    match std::fs::read_to_string(&path) {
        Ok(text) => Some((path, text)),
        Err(_) => {
            eprintln!("skipped: {} is absent", path.display());
            None
        }
    }
}

/// The record lines of the file (comments left out).
fn record_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("(;")).collect()
}

fn stich(args: &[&str], stdin: Option<&[u8]>) -> (Option<i32>, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stich"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let data = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&data).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `R[…]` fields of a record line: `d:2` as ("d", "2"), `win` as ("win", "").
fn result_fields(line: &str) -> Vec<(String, String)> {
    let start = line.find("R[").unwrap() + 2;
    let end = start + line[start..].find(']').unwrap();
    line[start..end]
        .split_whitespace()
        .map(|t| match t.split_once(':') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (t.to_string(), String::new()),
        })
        .collect()
}

/// The seat of a penalty move `w TI.n` or `w LE.n`.
fn penalty_seat(line: &str) -> Option<(&'static str, i64)> {
    for (what, tag) in [("timed_out", " TI."), ("left", " LE.")] {
        if let Some(i) = line.find(tag) {
            let digit = line.as_bytes()[i + tag.len()];
            return Some((what, i64::from(digit - b'0')));
        }
    }
    None
}

fn seat_label(n: i64) -> &'static str {
    ["F", "M", "R"][n as usize]
}

/// The replay's figure for one `R` field, as the server writes it.
fn replayed(result: &Value, key: &str) -> Option<String> {
    let bool01 = |v: &Value| v.as_bool().map(|b| if b { "1" } else { "0" }.to_string());
    let seat = |v: &Value| match v.as_str() {
        Some("F") => "0".to_string(),
        Some("M") => "1".to_string(),
        Some("R") => "2".to_string(),
        _ => "-1".to_string(),
    };
    Some(match key {
        "d" => seat(&result["declarer"]),
        "v" => result["score"].as_i64()?.to_string(),
        "m" => result["matadors"].as_i64()?.to_string(),
        "p" => result["declarer_card_points"].as_i64()?.to_string(),
        "t" => result["declarer_tricks"].as_i64()?.to_string(),
        "s" => bool01(&result["schneider"])?,
        "z" => bool01(&result["schwarz"])?,
        "r" => bool01(&result["resigned"])?,
        "l" => seat(&result["left"]),
        "to" => seat(&result["timed_out"]),
        _ => return None,
    })
}

#[test]
fn every_result_field_of_every_real_record_is_checked_and_matches() {
    let Some((path, text)) = shared_records() else {
        return;
    };
    let lines = record_lines(&text);
    let path = path.to_str().unwrap();
    let (_, out, err) = stich(
        &[
            "check",
            "--from",
            "iss",
            "--format",
            "jsonl",
            "--no-progress",
            path,
        ],
        None,
    );
    let reports: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), lines.len(), "{err}");
    let mut fields_compared = 0;
    let mut penalties = 0;
    for (n, (line, report)) in lines.iter().zip(&reports).enumerate() {
        let what = format!("record {} of {path}", n + 1);
        let verdict = report["verdict"].as_str().unwrap();
        let findings = report["findings"].as_array().unwrap();
        let codes: Vec<&str> = findings.iter().map(|f| f["code"].as_str().unwrap()).collect();
        if let Some((kind, seat)) = penalty_seat(line) {
            penalties += 1;
            // A game ended by a time-out or a departure is a penalty game: reported as
            // incomplete, with a finding that says so, and the replay names who.
            assert_eq!(verdict, "incomplete", "{what}: {findings:?}");
            assert_eq!(report["result"][kind].as_str(), Some(seat_label(seat)), "{what}");
            assert!(codes.contains(&"S0512"), "{what}: no penalty finding: {codes:?}");
            continue;
        }
        assert_eq!(verdict, "consistent", "{what}: {findings:?}");
        assert!(
            !codes.contains(&"S0508"),
            "{what}: a claim was left unchecked: {findings:?}"
        );
        let fields = result_fields(line);
        if fields.first().map(|f| f.0.as_str()) == Some("passed") {
            assert_eq!(report["result"]["passed"], Value::Bool(true), "{what}");
            continue;
        }
        let result = &report["result"];
        for (key, value) in &fields {
            match key.as_str() {
                "win" | "loss" => assert_eq!(result["won"].as_bool(), Some(key == "win"), "{what}"),
                "bidok" | "overbid" => {
                    assert_eq!(result["overbid"].as_bool(), Some(key == "overbid"), "{what}")
                }
                "p0" | "p1" | "p2" => assert_eq!(value, "0", "{what}: a penalty outside TI/LE"),
                _ => {
                    let computed = replayed(result, key).unwrap_or_else(|| panic!("{what}: field {key}"));
                    assert_eq!(&computed, value, "{what}: R field `{key}`");
                }
            }
            fields_compared += 1;
        }
        // The fields the ISS always writes are all there, so all were compared above.
        for key in ["d", "v", "m", "p", "t", "s", "z"] {
            assert!(fields.iter().any(|f| f.0 == key), "{what}: no `{key}`");
        }
    }
    assert_eq!(
        penalties, 3,
        "the shared file has two departures and one time-out"
    );
    assert!(fields_compared > 400, "{fields_compared}");
}

#[test]
fn the_tree_of_a_real_record_claims_every_result_field() {
    let Some((_, text)) = shared_records() else { return };
    // Games stopped by a time-out or a departure may have no declarer (`d:-1`).
    for line in record_lines(&text)
        .into_iter()
        .filter(|l| penalty_seat(l).is_none())
    {
        let game = iss::parse_game(line).unwrap();
        let record = iss::to_record(&game).unwrap();
        let keys: Vec<&str> = record
            .result
            .as_ref()
            .unwrap()
            .items
            .iter()
            .map(|c| c.key.node.as_str())
            .collect();
        if keys == ["passed"] {
            continue;
        }
        for key in [
            "declarer",
            "outcome",
            "score",
            "matadors",
            "overbid",
            "points",
            "tricks",
            "schneider",
            "schwarz",
        ] {
            assert!(keys.contains(&key), "no `{key}` claim in {keys:?} for {line}");
            assert!(iss::result_field_of_claim(key).is_some());
        }
    }
}

#[test]
fn iss_to_stich_to_iss_gives_every_real_line_back() {
    let Some((path, text)) = shared_records() else {
        return;
    };
    let path = path.to_str().unwrap();
    let (code, stich_text, err) = stich(&["convert", "--from", "iss", "--to", "stich", path], None);
    assert_eq!(code, Some(0), "{err}");
    let (code, iss_text, err) = stich(
        &["convert", "--from", "stich", "--to", "iss", "-"],
        Some(&stich_text),
    );
    assert_eq!(code, Some(0), "{err}");
    let back = String::from_utf8(iss_text).unwrap();
    let original = record_lines(&text);
    let back: Vec<&str> = back.lines().collect();
    assert_eq!(back.len(), original.len());
    for (a, b) in original.iter().zip(&back) {
        assert_eq!(a, b);
    }
}

#[test]
fn a_mismatch_names_the_iss_field_and_both_values() {
    let Some((_, text)) = shared_records() else { return };
    // The first record, `v:-54` changed to `v:-60`.
    let line = record_lines(&text)[0];
    assert!(line.contains(" v:-54 "), "{line}");
    let edited = line.replace(" v:-54 ", " v:-60 ");
    let (code, _, err) = stich(
        &["check", "--from", "iss", "--no-progress", "-"],
        Some(edited.as_bytes()),
    );
    assert_eq!(code, Some(1), "{err}");
    let message = err.lines().find(|l| l.starts_with("error[")).unwrap();
    assert!(message.contains("-60") && message.contains("-54"), "{message}");
    assert!(message.contains("`v`"), "{message}");
}

#[test]
fn trees_made_from_iss_records_are_canonical_already() {
    // The checker skips `engine::canonicalize` for ISS input; this is why it may.
    let Some((_, text)) = shared_records() else { return };
    let (code, generated, err) = stich(&["gen", "--count", "500", "--seed", "11", "--to", "iss"], None);
    assert_eq!(code, Some(0), "{err}");
    let generated = String::from_utf8(generated).unwrap();
    let lines: Vec<&str> = record_lines(&text).into_iter().chain(generated.lines()).collect();
    assert_eq!(lines.len(), 537);
    for line in lines {
        let record = iss::to_record(&iss::parse_game(line).unwrap()).unwrap();
        let mut canonical = record.clone();
        engine::canonicalize(&mut canonical);
        assert_eq!(canonical, record, "{line}");
    }
}

/// 5,000 random legal games in the server's form from an implementation that shares no code
/// with stich (`../shared/iss/independent-games.sgf`): every `R` field must agree, the `s` and
/// `z` flags of games that ended early included, on the full path and on the quick one.
#[test]
fn an_independent_implementation_s_games_agree_on_every_result_field() {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/iss/independent-games.sgf"
    ));
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is absent", path.display());
        return;
    };
    let lines = record_lines(&text);
    assert_eq!(lines.len(), 5000);
    let file = path.to_str().unwrap();
    let (code, out, err) = stich(&["check", "--format", "jsonl", "--no-progress", file], None);
    assert_eq!(code, Some(0), "{err}");
    let reports: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), lines.len());
    let mut ended_early_with_announcement = 0;
    for (line, report) in lines.iter().zip(&reports) {
        assert_eq!(report["verdict"], "consistent", "{line}\n{report}");
        let fields = result_fields(line);
        let flag = |k: &str| fields.iter().find(|f| f.0 == k).map(|f| f.1 == "1");
        let result = &report["result"];
        if let (Some(s), Some(z)) = (flag("s"), flag("z"))
            && result["passed"] == false
        {
            assert_eq!(result["schneider"], s, "{line}");
            assert_eq!(result["schwarz"], z, "{line}");
            if result["ended_at_trick"].is_number()
                && (result["schneider_announced"] == true || result["schwarz_announced"] == true)
            {
                ended_early_with_announcement += 1;
            }
        }
    }
    // The case the flags were wrong for is in the file, more than once.
    assert!(
        ended_early_with_announcement > 10,
        "{ended_early_with_announcement}"
    );
    let (code, _, err) = stich(&["check", "-q", "--no-progress", file], None);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("5000 records: 5000 consistent"), "{err}");
}
