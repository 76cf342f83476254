//! `stich sheet`: the corpus sheets printed with plain and Seeger-Fabian totals, rows
//! checked against the hand records they link, and findings at their rows.

mod common;

use std::process::Command;

fn stich(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_stich"))
        .current_dir(common::root())
        .args(args)
        .output()
        .expect("run stich");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_corpus_sheets_in_plain_and_seeger_fabian_scoring() {
    for scoring in ["plain", "seeger-fabian"] {
        let (out, err, code) = stich(&["sheet", "--scoring", scoring, "corpus/skat/sheets"]);
        assert_eq!(code, 0, "{err}");
        insta::assert_snapshot!(format!("corpus_sheets_{scoring}"), out);
    }
}

/// Seed 001's card: the totals and the balancing come out exactly in the JSON too.
#[test]
fn the_json_of_foster_s_card_has_the_book_s_totals() {
    let (out, err, code) = stich(&[
        "sheet",
        "--format",
        "json",
        "corpus/skat/sheets/settlements.stich",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let first = &v["sheets"][0];
    assert_eq!(first["id"], "Foster 1897, three rounds");
    let scores: Vec<i64> = first["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["score"].as_i64().expect("score"))
        .collect();
    assert_eq!(scores, vec![-7, 88, 19]);
    let dealers: Vec<&str> = first["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["dealer"].as_str().expect("dealer"))
        .collect();
    assert_eq!(dealers, ["A", "B", "C", "A", "B", "C", "A", "B", "C"]);
}

#[test]
fn linked_hands_are_checked_and_a_bare_link_takes_the_hand_s_entry() {
    let (out, err, code) = stich(&["sheet", "tests/sheet/linked.stich"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("S07"), "{err}");
    assert!(out.contains("A won clubs 24"), "{out}");
    // The hand of deal 1 is B's (forehand when A deals): naming A is a finding at row 1.
    let text = std::fs::read_to_string(common::root().join("tests/sheet/linked.stich")).expect("read");
    let dir = std::env::temp_dir().join(format!("stich-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let altered = dir.join("altered.stich");
    std::fs::write(
        &altered,
        text.replace("1. B won clubs 24 = B 24", "1. A won clubs 24 = A 24")
            .replace("3. ref \"593c851f2f39a3e2\"", "3. ref \"00ff00ff00ff\""),
    )
    .expect("write");
    let path = altered.to_string_lossy().into_owned();
    let (_, err, code) = stich(&["sheet", &path]);
    assert_eq!(code, 1);
    assert!(
        err.contains("error[S0710]: deal 1: the hand's record differs: the declarer is B"),
        "{err}"
    );
    assert!(err.contains(&format!("{path}:12:")), "{err}");
    assert!(err.contains("warning[S0711]: deal 3"), "{err}");
    assert!(err.contains(&format!("{path}:14:")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A series' id and each player's plain and Seeger-Fabian total.
type Series = (String, Vec<(String, i64, i64)>);

/// The totals of each series straight from the ISS text: the `R` field's declarer (`d:`)
/// and score (`v:`), by the name in `P0`–`P2`; passed games nothing; a penalty game (the
/// word `penalty`, or a player who left, `l:`, or ran out of time, `to:`) left out.
/// Seeger-Fabian: won v + 50, lost v − 50 and +40 to each other player (three at a table).
fn totals_from_r_fields(iss: &str) -> Vec<Series> {
    let field = |line: &str, key: &str| -> Option<String> {
        let start = line.find(&format!("{key}["))? + key.len() + 1;
        let end = line[start..].find(']')? + start;
        Some(line[start..end].to_string())
    };
    let mut series: Vec<Series> = Vec::new();
    for line in iss.lines().filter(|l| l.starts_with("(;")) {
        let Some(se) = field(line, "SE") else { continue };
        let names: Vec<String> = ["P0", "P1", "P2"].iter().filter_map(|k| field(line, k)).collect();
        // The result field is the last `R[…]` of the record, after the moves.
        let r = line.rfind("R[").and_then(|start| {
            let start = start + 2;
            let end = line[start..].find(']')? + start;
            Some(line[start..end].to_string())
        });
        let Some(r) = r else { continue };
        let idx = match series.iter().position(|(s, _)| *s == se) {
            Some(i) => i,
            None => {
                series.push((se.clone(), Vec::new()));
                series.len() - 1
            }
        };
        let players = &mut series[idx].1;
        for n in &names {
            if !players.iter().any(|(p, _, _)| p == n) {
                players.push((n.clone(), 0, 0));
            }
        }
        let words: Vec<&str> = r.split_whitespace().collect();
        let get = |k: &str| {
            words
                .iter()
                .find_map(|w| w.strip_prefix(k))
                .and_then(|v| v.parse::<i64>().ok())
        };
        if words.first() == Some(&"passed")
            || words.contains(&"penalty")
            || get("l:").is_some_and(|l| l != -1)
            || get("to:").is_some_and(|t| t != -1)
        {
            continue;
        }
        let (Some(d), Some(v)) = (get("d:"), get("v:")) else {
            continue;
        };
        let Some(declarer) = usize::try_from(d).ok().and_then(|d| names.get(d)).cloned() else {
            continue;
        };
        let won = words.contains(&"win");
        for (p, plain, sf) in players.iter_mut() {
            if *p == declarer {
                *plain += v;
                *sf += if won { v + 50 } else { v - 50 };
            } else if !won && names.contains(p) {
                *sf += 40;
            }
        }
    }
    series
}

fn sheet_totals(json: &str) -> Vec<(String, Vec<(String, i64)>)> {
    let v: serde_json::Value = serde_json::from_str(json).expect("json");
    v["sheets"]
        .as_array()
        .expect("sheets")
        .iter()
        .map(|s| {
            let players = s["players"]
                .as_array()
                .expect("players")
                .iter()
                .map(|p| {
                    (
                        p["name"].as_str().unwrap_or("").to_string(),
                        p["score"].as_i64().unwrap_or(0),
                    )
                })
                .collect();
            (s["id"].as_str().unwrap_or("").to_string(), players)
        })
        .collect()
}

fn compare(iss: &str, path: &str) {
    let expected = totals_from_r_fields(iss);
    assert!(!expected.is_empty());
    for (k, scoring) in ["plain", "seeger-fabian"].into_iter().enumerate() {
        let (out, err, code) = stich(&[
            "sheet",
            "--from",
            "iss",
            "--format",
            "json",
            "--scoring",
            scoring,
            path,
        ]);
        assert_eq!(code, 0, "{err}");
        let got = sheet_totals(&out);
        let want: Vec<(String, Vec<(String, i64)>)> = expected
            .iter()
            .map(|(se, ps)| {
                let totals = ps
                    .iter()
                    .map(|(n, plain, sf)| (n.clone(), if k == 0 { *plain } else { *sf }))
                    .collect();
                (se.clone(), totals)
            })
            .collect();
        assert_eq!(got, want, "{scoring}");
    }
}

#[test]
fn ten_thousand_generated_games_in_series_total_as_their_r_fields_say() {
    let (iss, err, code) = stich(&[
        "gen", "--game", "skat", "-n", "10000", "--series", "36", "--to", "iss",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(iss.lines().count(), 10000);
    let dir = std::env::temp_dir().join(format!("stich-series-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("series.sgf");
    std::fs::write(&path, &iss).expect("write");
    let expected = totals_from_r_fields(&iss);
    // 10,000 games in series of 36: 278 series, the last of 28.
    assert_eq!(expected.len(), 278);
    compare(&iss, &path.to_string_lossy());
    // Seats rotate: in each series every player deals (sits rearhand) in turn.
    let rearhands: Vec<String> = iss
        .lines()
        .take(3)
        .map(|l| {
            l.split("P2[")
                .nth(1)
                .and_then(|s| s.split(']').next())
                .unwrap_or("")
                .to_string()
        })
        .collect();
    assert_eq!(rearhands.len(), 3);
    assert!(rearhands[0] != rearhands[1] && rearhands[1] != rearhands[2] && rearhands[0] != rearhands[2]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The server's own series, where the shared ISS files are at hand (never copied here).
#[test]
fn the_real_server_series_total_as_their_r_fields_say() {
    let path = common::root().join("../shared/iss/real-games.sgf");
    let Ok(iss) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: ../shared/iss/real-games.sgf is not here");
        return;
    };
    compare(&iss, &path.to_string_lossy());
    // Two series of the file have several games: 344037 (ten) and 251395 (seven).
    let series = totals_from_r_fields(&iss);
    assert!(series.iter().any(|(se, _)| se == "344037"));
}

/// The whole sitting: 36 deals with Kontra, Re, two Ramsch and two Bock rounds. One entry
/// altered to a value no game has and one row naming the wrong dealer give each finding at
/// its row.
#[test]
fn an_altered_entry_and_a_wrong_dealer_of_the_sitting_are_found_at_their_rows() {
    let rel = "corpus/skat/sheets/club-evening.stich";
    let (out, err, code) = stich(&["sheet", rel]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("settlement (pair by pair): A -277 B +296 C -19"),
        "{out}"
    );
    let (sf, _, _) = stich(&["sheet", "--scoring", "seeger-fabian", rel]);
    let v: serde_json::Value =
        serde_json::from_str(&stich(&["sheet", "--scoring", "seeger-fabian", "--format", "json", rel]).0)
            .expect("json");
    let scores: Vec<i64> = v["sheets"][0]["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["score"].as_i64().expect("score"))
        .collect();
    assert_eq!(scores, vec![567, 568, 603], "{sf}");
    let bock: Vec<u64> = v["sheets"][0]["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["bock"] == true)
        .map(|r| r["number"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(bock, vec![6, 7, 8, 12, 13, 14]);

    let text = std::fs::read_to_string(common::root().join(rel)).expect("read");
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
            .expect("row")
    };
    let (entry_line, dealer_line) = (
        line_of("10. B won diamonds 27"),
        line_of("17. B lost diamonds 18"),
    );
    let altered = text
        .replace("10. B won diamonds 27", "10. B won diamonds 28")
        .replace("17. B lost diamonds 18", "17. B lost diamonds 18 dealer C");
    let dir = std::env::temp_dir().join(format!("stich-sitting-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("altered.stich");
    std::fs::write(&path, altered).expect("write");
    let path = path.to_string_lossy().into_owned();
    let (_, err, code) = stich(&["sheet", &path]);
    assert_eq!(code, 1);
    assert!(
        err.contains("error[S0704]: deal 10: 28 is not a possible value of diamonds")
            && err.contains(&format!("{path}:{entry_line}:")),
        "{err}"
    );
    assert!(
        err.contains("error[S0705]: deal 10: B's running total is 24, not 23"),
        "{err}"
    );
    assert!(
        err.contains("error[S0702]: deal 17: the row names C as dealer, but the deal passes to the left and it is B's turn")
            && err.contains(&format!("{path}:{dealer_line}:")),
        "{err}"
    );
    let (json, _, _) = stich(&["sheet", "--format", "json", &path]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let rows = v["sheets"][0]["rows"].as_array().expect("rows");
    let codes = |n: usize| -> Vec<String> {
        rows[n - 1]["findings"]
            .as_array()
            .map(|f| {
                f.iter()
                    .map(|x| x["code"].as_str().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(codes(10), ["S0704", "S0705"]);
    assert_eq!(codes(17), ["S0702", "S0705"]);
    assert!(codes(9).is_empty() && codes(16).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Seed 001, Skat, §Scoring: the score card as the book prints it, each account's running
/// totals with a line under every third amount.
#[test]
fn show_prints_foster_s_score_card_with_a_line_under_every_third_amount() {
    let (out, err, _) = stich(&["show", "corpus/skat/sheets/settlements.stich"]);
    let card: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Score card ("))
        .skip(1)
        .take(6)
        .collect();
    assert_eq!(
        card,
        [
            "    A      B      C",
            "  +33    +40    +55",
            "  +17    +88    +67",
            "   -7           +31",
            "-----         -----",
            "                +19",
        ],
        "{out}{err}"
    );
    assert!(out.contains("Settlement: A -121, B +164, C -43"), "{out}");
}

/// The server's series read from their stich form (the `Series` tag) total as the ISS
/// records do: converting an archive does not lose its sheets.
#[test]
fn series_converted_to_stich_total_as_their_r_fields_say() {
    let (iss, err, code) = stich(&[
        "gen", "--game", "skat", "-n", "300", "--series", "36", "--seed", "5", "--to", "iss",
    ]);
    assert_eq!(code, 0, "{err}");
    let dir = std::env::temp_dir().join(format!("stich-series-stich-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let iss_path = dir.join("series.sgf");
    std::fs::write(&iss_path, &iss).expect("write");
    let (text, err, code) = stich(&["convert", "--to", "stich", &iss_path.to_string_lossy()]);
    assert_eq!(code, 0, "{err}");
    let path = dir.join("series.stich");
    std::fs::write(&path, &text).expect("write");
    let expected = totals_from_r_fields(&iss);
    // 300 games in series of 36: nine series, the last of 12.
    assert_eq!(expected.len(), 9);
    for (k, scoring) in ["plain", "seeger-fabian"].into_iter().enumerate() {
        let (out, err, code) = stich(&[
            "sheet",
            "--format",
            "json",
            "--scoring",
            scoring,
            &path.to_string_lossy(),
        ]);
        assert_eq!(code, 0, "{err}");
        let want: Vec<(String, Vec<(String, i64)>)> = expected
            .iter()
            .map(|(se, ps)| {
                let totals = ps
                    .iter()
                    .map(|(n, plain, sf)| (n.clone(), if k == 0 { *plain } else { *sf }))
                    .collect();
                (se.clone(), totals)
            })
            .collect();
        assert_eq!(sheet_totals(&out), want, "{scoring}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Chouette Bezique (000:720–728): the corpus sitting, every row linked to its hand, scored
/// with each game paid in full; a row whose hand another player won is a finding at it.
#[test]
fn the_chouette_sitting_is_scored_and_its_hands_are_checked() {
    let (out, err, code) = stich(&["sheet", "corpus/bezique/chouette"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("B07"), "{err}");
    insta::assert_snapshot!("chouette_sitting", out);
    let dir = common::root().join("corpus/bezique/chouette");
    let sitting = std::fs::read_to_string(dir.join("sitting.stich")).expect("read");
    let hands = std::fs::read_to_string(dir.join("hands.stich")).expect("read");
    let tmp = std::env::temp_dir().join(format!("stich-chouette-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    // Game 3's hand made Dee the winner instead of Cid, the box.
    std::fs::write(
        tmp.join("hands.stich"),
        hands.replace("[E \"Dee\"]\n[D \"Cid\"]", "[E \"Cid\"]\n[D \"Dee\"]"),
    )
    .expect("write");
    std::fs::write(tmp.join("sitting.stich"), sitting).expect("write");
    let path = tmp.to_string_lossy().into_owned();
    let (_, err, code) = stich(&["sheet", &path]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("error[B0708]: game 3: the hand's record differs: Dee won it"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

/// `stich gen --chouette`: a generated sitting's hands check consistent, and its sheet checks
/// clean against them, for each profile a sitting is played under.
#[test]
fn a_generated_chouette_sitting_round_trips() {
    for (rules, players) in [("rubicon", "4"), ("six-pack", "3"), ("eight-pack", "5")] {
        let (text, err, code) = stich(&[
            "gen",
            "--game",
            "bezique",
            "--rules",
            rules,
            "--chouette",
            players,
            "-n",
            "7",
            "--seed",
            "720",
        ]);
        assert_eq!(code, 0, "{err}");
        let tmp =
            std::env::temp_dir().join(format!("stich-chouette-gen-{}-{rules}.stich", std::process::id()));
        std::fs::write(&tmp, &text).expect("write");
        let path = tmp.to_string_lossy().into_owned();
        let (_, err, code) = stich(&["check", &path]);
        assert_eq!(code, 0, "{rules}: {err}");
        assert!(err.contains("8 records: 8 consistent"), "{rules}: {err}");
        let (out, err, code) = stich(&["sheet", &path]);
        assert_eq!(code, 0, "{rules}: {err}");
        assert!(!err.contains("B07"), "{rules}: {err}");
        assert!(out.contains("each game paid in full"), "{out}");
        let _ = std::fs::remove_file(&tmp);
    }
}
