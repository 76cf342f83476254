//! The service's `POST /v1/check` gives, for every corpus record, the bytes `stich check`
//! prints: full JSON arrays, JSON lines and brief reports alike.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt;

/// Every record file of the corpus, sorted, relative to the repository.
fn corpus_files() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a corpus folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if matches!(path.extension().and_then(|e| e.to_str()), Some("stich" | "sgf")) {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&common::root().join("corpus"), &mut files);
    files.sort();
    let files: Vec<String> = files.iter().map(|p| common::relative(p)).collect();
    assert!(files.len() > 50, "{} corpus files", files.len());
    files
}

/// What the CLI prints for `args` and `files`, run in the repository.
fn cli(args: &[&str], files: &[String]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_stich"))
        .current_dir(common::root())
        .args(args)
        .args(files)
        .output()
        .expect("stich runs");
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn app() -> axum::Router {
    let settings = serve::Settings {
        db: ":memory:".into(),
        ..serve::Settings::default()
    };
    serve::app(serve::AppState::open(&settings).expect("an in-memory store"))
}

/// The body of `POST /v1/check?{query}&path={file}` with the file's bytes.
async fn api(app: &axum::Router, query: &str, file: &str) -> Vec<u8> {
    let bytes = std::fs::read(common::root().join(file)).expect("a corpus file");
    let uri = format!("/v1/check?{query}&path={}", file.replace('/', "%2F"));
    let req = Request::post(uri).body(Body::from(bytes)).expect("a request");
    let res = app.clone().oneshot(req).await.expect("an answer");
    assert_eq!(res.status(), StatusCode::OK, "{file}");
    axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .expect("a body")
        .to_vec()
}

/// The reports of a JSON array as printed, without the brackets.
fn inner(array: &[u8]) -> &[u8] {
    array
        .strip_prefix(check::json::ARRAY_OPEN)
        .and_then(|a| a.strip_suffix(check::json::ARRAY_CLOSE))
        .expect("an array as the CLI frames it")
}

/// Fails on the first line where `got` and `want` differ, showing that line of each.
fn same(got: &[u8], want: &[u8], what: &str) {
    if got == want {
        return;
    }
    let (g, w) = (String::from_utf8_lossy(got), String::from_utf8_lossy(want));
    let at = g.lines().zip(w.lines()).position(|(a, b)| a != b);
    match at {
        Some(i) => panic!(
            "{what}: line {} differs\n api: {}\n cli: {}",
            i + 1,
            g.lines().nth(i).unwrap_or(""),
            w.lines().nth(i).unwrap_or("")
        ),
        None => panic!(
            "{what}: {} lines against {}",
            g.lines().count(),
            w.lines().count()
        ),
    }
}

#[tokio::test]
async fn every_corpus_file_checks_to_the_bytes_the_cli_prints() {
    let files = corpus_files();
    let app = app();
    // One file alone: the whole output, brackets and all.
    let one = &files[..1];
    same(
        &api(&app, "format=json", &one[0]).await,
        &cli(&["check", "--format", "json"], one),
        "one file",
    );
    same(
        &api(&app, "format=json&pretty=true", &one[0]).await,
        &cli(&["check", "--format", "json", "--pretty"], one),
        "pretty",
    );
    // Every file: the CLI prints one array for them all, the API one per file.
    let mut joined = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let body = api(&app, "format=json", f).await;
        let reports = inner(&body);
        if i > 0 && !reports.is_empty() {
            joined.extend_from_slice(check::json::ARRAY_SEPARATOR);
        }
        joined.extend_from_slice(reports);
    }
    let cli_all = cli(&["check", "--format", "json"], &files);
    same(&joined, inner(&cli_all), "every file");
    for (query, args) in [
        ("format=jsonl", &["check", "--format", "jsonl"][..]),
        (
            "format=jsonl&report=brief",
            &["check", "--format", "jsonl", "--report", "brief"][..],
        ),
        (
            "format=jsonl&report=brief&ids=true",
            &["check", "--format", "jsonl", "--report", "brief", "--ids"][..],
        ),
        (
            "format=jsonl&cards=ascii",
            &["check", "--format", "jsonl", "--cards", "ascii"][..],
        ),
    ] {
        let mut lines = Vec::new();
        for f in &files {
            lines.extend(api(&app, query, f).await);
        }
        same(&lines, &cli(args, &files), query);
    }
}

#[tokio::test]
async fn a_large_body_streams_the_same_bytes_as_the_cli() {
    // Many copies of the server records: past the size checked inline, so the reports come
    // through the streaming path.
    let file = "corpus/skat/rulings/server-flags.sgf";
    let text = std::fs::read_to_string(common::root().join(file)).expect("the file");
    let body = text.repeat(200);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let big = dir.path().join("big.sgf");
    std::fs::write(&big, &body).expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_stich"))
        .args(["check", "--format", "json"])
        .arg(&big)
        .output()
        .expect("stich runs");
    let req = Request::post(format!(
        "/v1/check?path={}",
        big.display().to_string().replace('/', "%2F")
    ))
    .header("content-type", "text/x-iss")
    .body(Body::from(body.clone()))
    .expect("a request");
    let res = app().oneshot(req).await.expect("an answer");
    assert_eq!(res.status(), StatusCode::OK);
    let got = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .expect("a body");
    assert!(body.len() > 8 * 1024);
    same(&got, &out.stdout, "a large body");
}

/// An app that takes writes with the token `t`.
fn writable_app() -> axum::Router {
    let settings = serve::Settings {
        db: ":memory:".into(),
        ..serve::Settings::default()
    };
    let store = serve::open_store(":memory:").expect("a store");
    let tokens = serve::auth::Tokens::parse("t").expect("tokens");
    serve::app(serve::AppState::new(store, tokens, &settings))
}

/// Sends `body` with the token and gives the answer's JSON.
async fn send(app: &axum::Router, method: &str, uri: &str, body: Vec<u8>) -> serde_json::Value {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("authorization", "Bearer t")
        .body(Body::from(body))
        .expect("a request");
    let res = app.clone().oneshot(req).await.expect("an answer");
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .expect("a body");
    assert!(
        status.is_success(),
        "{uri}: {status} {}",
        String::from_utf8_lossy(&bytes)
    );
    serde_json::from_slice(&bytes).expect("JSON")
}

/// A collection's sheets and ranking are what `stich sheet --format json` gives for the
/// same records: the corpus's sheets (with the hands they link), and server series.
#[tokio::test]
async fn a_collection_s_sheets_are_what_stich_sheet_prints() {
    let series = cli(
        &[
            "gen", "--game", "skat", "-n", "80", "--series", "36", "--seed", "9", "--to", "iss",
        ],
        &[],
    );
    let dir = std::env::temp_dir().join(format!("stich-serve-sheets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let series_path = dir.join("series.sgf");
    std::fs::write(&series_path, &series).expect("write");
    let cases: Vec<Vec<String>> = vec![
        vec!["corpus/skat/sheets/club-evening.stich".into()],
        vec!["corpus/skat/sheets/seeger-fabian.stich".into()],
        vec!["corpus/skat/sheets/settlements.stich".into()],
        vec!["tests/sheet/linked.stich".into()],
        vec![series_path.to_string_lossy().into_owned()],
    ];
    let app = writable_app();
    for files in &cases {
        let made = send(&app, "POST", "/v1/collections", br#"{"name":"sheets"}"#.to_vec()).await;
        let cid = made["id"].as_str().expect("an id").to_string();
        for f in files {
            let bytes = std::fs::read(common::root().join(f)).expect("a file");
            send(&app, "POST", &format!("/v1/collections/{cid}/records"), bytes).await;
        }
        for scoring in ["plain", "seeger-fabian"] {
            let want: serde_json::Value =
                serde_json::from_slice(&cli(&["sheet", "--format", "json", "--scoring", scoring], files))
                    .expect("the CLI's JSON");
            let got = send(
                &app,
                "GET",
                &format!("/v1/collections/{cid}/sheets?scoring={scoring}"),
                Vec::new(),
            )
            .await;
            assert!(
                !want["sheets"].as_array().expect("sheets").is_empty(),
                "{files:?}"
            );
            assert_eq!(got["sheets"], want["sheets"], "{files:?} {scoring}");
            assert_eq!(got["ranking"], want["ranking"], "{files:?} {scoring}");
            assert!(got["findings"].is_array());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
