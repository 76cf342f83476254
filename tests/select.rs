//! `stich filter` and `stich stats`: selecting records by what they hold, in the input's own
//! form, and counting them.

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

/// Generated server records with names and dates as the server writes them: players
/// anna, bert and carl, or dora in every third game; a day of March 2019 each.
fn server_archive(dir: &Path) -> (PathBuf, String) {
    let games = stich(&["gen", "-n", "300", "--seed", "21", "--to", "iss"]);
    assert_eq!(games.status.code(), Some(0));
    let body: String = text(&games.stdout)
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let third = if i % 3 == 0 { "dora" } else { "carl" };
            let props = format!(
                "(;GM[Skat]PC[International Skat Server]SE[{i}]DT[2019-03-{:02}/12:00:00/UTC]P0[anna]P1[Bert]P2[{third}]",
                i % 28 + 1
            );
            l.replacen("(;GM[Skat]", &props, 1) + "\n"
        })
        .collect();
    let f = dir.join("server.sgf");
    std::fs::write(&f, &body).expect("write");
    (f, body)
}

fn lines(o: &Output) -> Vec<String> {
    text(&o.stdout).lines().map(str::to_string).collect()
}

#[test]
fn a_filter_that_takes_everything_gives_the_archive_back_byte_for_byte() {
    let tmp = tempfile::tempdir().expect("temp");
    let (f, body) = server_archive(tmp.path());
    let out = stich(&["filter", f.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout) == body, "{}", text(&out.stderr));
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/iss/real-games.sgf");
    if real.exists() {
        let out = stich(&["filter", real.to_str().expect("path")]);
        assert_eq!(out.stdout, std::fs::read(&real).expect("read"));
    }
}

#[test]
fn records_are_selected_by_game_player_date_value_and_verdict() {
    let tmp = tempfile::tempdir().expect("temp");
    let (f, body) = server_archive(tmp.path());
    let f = f.to_str().expect("path");
    let all: Vec<&str> = body.lines().collect();

    // By game: the CSV of the whole archive says which are grand games.
    let csv = stich(&["check", "--format", "csv", f]);
    let grand = lines(&csv).iter().filter(|r| r.contains(",grand,")).count();
    let out = stich(&["filter", "--game", "grand", f]);
    assert!(grand > 0);
    assert_eq!(lines(&out).len(), grand);
    for line in lines(&out) {
        assert!(all.contains(&line.as_str()));
    }

    // By player, any seat, letter case ignored.
    let dora = lines(&stich(&["filter", "--player", "DORA", f]));
    assert_eq!(dora.len(), 100);
    assert!(dora.iter().all(|l| l.contains("P2[dora]")));
    assert_eq!(lines(&stich(&["filter", "--player", "bert", f])).len(), 300);

    // By date: days 1 to 7 of each 28.
    let week = lines(&stich(&[
        "filter",
        "--since",
        "2019-03-01",
        "--until",
        "2019-03-07",
        f,
    ]));
    assert_eq!(
        week.len(),
        all.iter().enumerate().filter(|(i, _)| i % 28 < 7).count()
    );
    let bad = stich(&["filter", "--since", "March", f]);
    assert_eq!(bad.status.code(), Some(2));

    // By value.
    let big = lines(&stich(&["filter", "--min-value", "100", f]));
    let values = lines(&csv);
    let expected = values
        .iter()
        .skip(1)
        .filter(|r| {
            r.split(',')
                .nth(11)
                .and_then(|v| v.parse::<u32>().ok())
                .is_some_and(|v| v >= 100)
        })
        .count();
    assert_eq!(big.len(), expected);

    // By verdict and finding code: a broken score is found.
    let mut broken = body.clone();
    let second = all[1].to_string();
    let v = second
        .split(" v:")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .expect("v")
        .to_string();
    let wrong = second.replacen(&format!(" v:{v} "), " v:1 ", 1);
    broken = broken.replacen(&second, &wrong, 1);
    let g = tmp.path().join("broken.sgf");
    std::fs::write(&g, &broken).expect("write");
    let g = g.to_str().expect("path");
    assert_eq!(
        lines(&stich(&["filter", "--verdict", "inconsistent", g])),
        std::slice::from_ref(&wrong)
    );
    assert_eq!(lines(&stich(&["filter", "--code", "S0406", g])), [wrong]);
    assert_eq!(
        lines(&stich(&["filter", "--verdict", "consistent", g])).len(),
        299
    );
}

#[test]
fn dedupe_keeps_the_first_of_each_game() {
    let tmp = tempfile::tempdir().expect("temp");
    let (f, body) = server_archive(tmp.path());
    let twice = tmp.path().join("twice.sgf");
    std::fs::write(&twice, body.repeat(2)).expect("write");
    let out = stich(&["filter", "--dedupe", twice.to_str().expect("path")]);
    assert!(text(&out.stdout) == body, "{}", text(&out.stderr));
    let out = stich(&["filter", twice.to_str().expect("path")]);
    assert!(text(&out.stdout) == body.repeat(2));
    let stats = stich(&[
        "stats",
        "--dedupe",
        "--format",
        "json",
        twice.to_str().expect("path"),
        f.to_str().expect("path"),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&stats.stdout).expect("json");
    assert_eq!(v["records"], 300);
}

#[test]
fn stich_records_are_selected_and_read_back() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let out = stich(&["filter", "--rules", "american", corpus.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let tmp = tempfile::tempdir().expect("temp");
    let f = tmp.path().join("american.stich");
    std::fs::write(&f, &out.stdout).expect("write");
    let csv = stich(&["check", "--format", "csv", f.to_str().expect("path")]);
    let rows = lines(&csv);
    assert!(rows.len() > 2, "{rows:?}");
    let all = stich(&["check", "--format", "jsonl", corpus.to_str().expect("path")]);
    let american = lines(&all)
        .iter()
        .filter(|l| l.contains("\"rules\":\"american\""))
        .count();
    assert_eq!(rows.len() - 1, american);
    assert!(rows.iter().skip(1).all(|r| r.contains(",consistent,")));
}

#[test]
fn stats_count_games_and_players_in_every_form() {
    let tmp = tempfile::tempdir().expect("temp");
    let (f, _) = server_archive(tmp.path());
    let f = f.to_str().expect("path");
    let json = stich(&["stats", "--format", "json", f]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    assert_eq!(v["records"], 300);
    let games: u64 = v["games"]
        .as_object()
        .expect("games")
        .values()
        .map(|g| g["games"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(games, 300);
    assert_eq!(v["players"]["anna"]["games"], 300);
    assert_eq!(v["players"]["dora"]["games"], 100);
    let declared: u64 = ["anna", "Bert", "carl", "dora"]
        .iter()
        .map(|p| v["players"][p]["declared"].as_u64().unwrap_or(0))
        .sum();
    let passed = v["games"]["passed"]["games"].as_u64().unwrap_or(0);
    assert_eq!(declared + passed, 300);
    let grand = &v["games"]["grand"];
    assert!(grand["won"].as_u64() <= grand["declared"].as_u64());
    assert!(grand["average_value"].as_f64().is_some_and(|x| x >= 24.0));

    let csv = stich(&["stats", "--format", "csv", f]);
    let rows = lines(&csv);
    assert_eq!(
        rows[0],
        "table,name,games,declared,won,average_value,average_score"
    );
    assert!(rows.iter().any(|r| r.starts_with("player,dora,100,")));
    let table = text(&stich(&["stats", f]).stdout);
    assert!(table.starts_with("300 records"), "{table}");
    assert!(table.contains("avg value"));
}

#[test]
fn check_leaves_out_duplicates_with_dedupe() {
    let tmp = tempfile::tempdir().expect("temp");
    let (_, body) = server_archive(tmp.path());
    let twice = tmp.path().join("twice.sgf");
    std::fs::write(&twice, body.repeat(2)).expect("write");
    let twice = twice.to_str().expect("path");
    let out = stich(&["check", "-q", "--dedupe", twice]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("300 records: 300 consistent"), "{err}");
    assert!(err.contains("300 duplicate records left out"), "{err}");
    let jsonl = stich(&["check", "--format", "jsonl", "--dedupe", twice]);
    assert_eq!(lines(&jsonl).len(), 300);
    let csv = stich(&["check", "--format", "csv", "--dedupe", twice]);
    let rows = lines(&csv);
    assert_eq!(rows.len(), 301);
    assert!(rows.iter().skip(1).all(|r| r.len() > 64 && !r.starts_with(',')));
    let all = stich(&["check", "-q", twice]);
    assert!(text(&all.stderr).contains("600 records: 600 consistent"));
}
