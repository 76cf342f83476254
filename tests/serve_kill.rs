//! Durability of `stich serve`: a server killed with SIGKILL in the middle of uploads keeps
//! every record it acknowledged, in a store that passes its integrity check; SIGTERM lets
//! the requests in flight finish.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const TOKEN: &str = "kill-test-token";

/// A running server and the address it listens on.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    /// A test that fails leaves no server behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(db: &str, tokens: &Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stich"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .arg("--token-file")
        .arg(tokens)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("its output");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    Server { child, addr }
}

/// One HTTP/1.1 request; the status and body of the answer, or `None` when the connection
/// failed (the server was killed).
fn request(addr: &str, method: &str, path: &str, body: &str) -> Option<(u16, String)> {
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(60))).ok()?;
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {TOKEN}\r\nContent-Type: text/x-stich\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).ok()?;
    let status: u16 = answer.split(' ').nth(1)?.parse().ok()?;
    let (_, body) = answer.split_once("\r\n\r\n")?;
    Some((status, body.to_string()))
}

/// `n` distinct generated Skat records from `seed` on.
fn records(seed: u64, n: u64) -> String {
    let profile = engine::skat::rules::by_name("isko").expect("the isko profile");
    (seed..seed + n)
        .map(|s| notation::print(&engine::skat::generate(s, profile)))
        .collect::<Vec<_>>()
        .join("\n")
}

fn ids_of(answer: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(answer).expect("a JSON answer");
    v["added"]
        .as_array()
        .expect("added")
        .iter()
        .filter_map(|a| a["id"].as_str().map(str::to_string))
        .collect()
}

fn setup() -> (tempfile::TempDir, String, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("a folder");
    let db = dir.path().join("stich.db").display().to_string();
    let tokens = dir.path().join("tokens");
    std::fs::write(&tokens, format!("{TOKEN}\n")).expect("the token file");
    (dir, db, tokens)
}

fn create_collection(addr: &str) -> String {
    let (status, body) = request(
        addr,
        "POST",
        "/v1/collections",
        r#"{"name":"kill","public":true}"#,
    )
    .expect("an answer");
    assert_eq!(status, 201, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    v["id"].as_str().expect("an id").to_string()
}

#[test]
fn a_killed_server_keeps_every_acknowledged_record() {
    let (_dir, db, tokens) = setup();
    killed_in_uploads_keeps_what_it_acknowledged(&db, &tokens);
    let store = serve::store::sqlite::Sqlite::open(&db).expect("the store opens");
    use serve::store::Store;
    assert_eq!(store.integrity_check().expect("checked"), "ok");
}

/// The same on a PostgreSQL store, when `STICH_TEST_POSTGRES` names a server.
#[test]
fn a_killed_server_on_postgres_keeps_every_acknowledged_record() {
    let Some(db) = serve::store::postgres::Scratch::from_env("kill").expect("the test server answers") else {
        eprintln!("skipped: STICH_TEST_POSTGRES names no server");
        return;
    };
    let (_dir, _, tokens) = setup();
    killed_in_uploads_keeps_what_it_acknowledged(&db.url, &tokens);
    let store = serve::store::postgres::Postgres::open(&db.url).expect("the store opens");
    use serve::store::Store;
    assert_eq!(store.integrity_check().expect("checked"), "ok");
}

/// Uploads from two clients until the server at `db` is killed; a server started again on
/// the store lists every record that was acknowledged.
fn killed_in_uploads_keeps_what_it_acknowledged(db: &str, tokens: &Path) {
    let mut server = start(db, tokens);
    let cid = create_collection(&server.addr);
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    // Two uploaders at once, each sending batches until the server is gone.
    let uploaders: Vec<_> = (0..2u64)
        .map(|u| {
            let addr = server.addr.clone();
            let path = format!("/v1/collections/{cid}/records");
            let acknowledged = Arc::clone(&acknowledged);
            std::thread::spawn(move || {
                for batch in 0..1000u64 {
                    let body = records(1_000_000 * u + batch * 20, 20);
                    match request(&addr, "POST", &path, &body) {
                        Some((200, answer)) => acknowledged.lock().unwrap().extend(ids_of(&answer)),
                        _ => break,
                    }
                }
            })
        })
        .collect();
    // Kill once some batches are acknowledged, while the uploads go on.
    let started = Instant::now();
    while acknowledged.lock().unwrap().len() < 100 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(10));
    }
    server.child.kill().expect("SIGKILL");
    server.child.wait().expect("reaped");
    for u in uploaders {
        u.join().expect("an uploader");
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(acknowledged.len() >= 100, "{} acknowledged", acknowledged.len());

    let mut again = start(db, tokens);
    let mut stored = std::collections::HashSet::new();
    let mut offset = 0;
    loop {
        let path = format!("/v1/collections/{cid}/records?limit=1000&offset={offset}");
        let (status, body) = request(&again.addr, "GET", &path, "").expect("a listing");
        assert_eq!(status, 200, "{body}");
        let v: serde_json::Value = serde_json::from_str(&body).expect("JSON");
        let page = v["records"].as_array().expect("records");
        if page.is_empty() {
            break;
        }
        offset += page.len();
        stored.extend(page.iter().filter_map(|r| r["id"].as_str().map(str::to_string)));
    }
    let lost: Vec<&String> = acknowledged.iter().filter(|id| !stored.contains(*id)).collect();
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged records lost",
        lost.len(),
        acknowledged.len()
    );
    again.child.kill().expect("stopped");
    again.child.wait().expect("reaped");
}

#[test]
fn sigterm_finishes_the_requests_in_flight() {
    let (_dir, db, tokens) = setup();
    let mut server = start(&db, &tokens);
    let cid = create_collection(&server.addr);
    let addr = server.addr.clone();
    let path = format!("/v1/collections/{cid}/records");
    let body = records(7, 400);
    let upload = std::thread::spawn(move || request(&addr, "POST", &path, &body));
    // The upload takes a while to check; stop the server while it runs.
    std::thread::sleep(Duration::from_millis(100));
    // SAFETY: kill(2) on the child's own pid, with a valid signal number.
    let sent = unsafe { libc::kill(server.child.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let (status, answer) = upload
        .join()
        .expect("the uploader")
        .expect("an answer despite SIGTERM");
    assert_eq!(status, 200, "{answer}");
    assert_eq!(ids_of(&answer).len(), 400);
    let exit = server.child.wait().expect("the server exits");
    assert!(exit.success(), "{exit:?}");
    // And it stopped taking new connections.
    assert!(request(&server.addr, "GET", "/healthz", "").is_none());
}
