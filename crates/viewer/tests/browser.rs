//! The viewer's pages in a real browser: headless Chromium driven through WebDriver
//! (`/usr/bin/chromedriver`). The pages are served in-process by `viewer::router()`; the
//! collection page's two routes, which the service owns, are stood in for by a small stub
//! here that lists the corpus records given to it.
//!
//! Without chromedriver the tests print a note and pass, unless `STICH_REQUIRE_BROWSER=1`
//! is set (as CI sets it), when they fail.

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::extract::{Path as UrlPath, Query};
use axum::response::IntoResponse;
use axum::routing::get;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

type Res<T = ()> = Result<T, Box<dyn std::error::Error>>;

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const KEY_RIGHT: &str = "\u{E014}";
const KEY_DOWN: &str = "\u{E015}";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("a file of the repository")
}

/// Whether the browser tests can run; fails when they must and cannot.
fn browser_available() -> bool {
    let present = Path::new(CHROMEDRIVER).exists();
    if !present {
        assert!(
            std::env::var("STICH_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "STICH_REQUIRE_BROWSER=1 but {CHROMEDRIVER} is absent: install chromium and chromium-driver"
        );
        eprintln!("note: {CHROMEDRIVER} is absent; the browser tests are skipped");
    }
    present
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// chromedriver on a free port, killed when dropped, with the browser profiles it used.
struct Driver {
    child: Child,
    port: u16,
    profiles: Vec<PathBuf>,
}

impl Driver {
    fn start() -> Driver {
        let port = free_port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(15);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver does not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver {
            child,
            port,
            profiles: Vec::new(),
        }
    }

    /// A new browser session with a fresh profile, `width` × `height` pixels.
    async fn session(&mut self, width: u32, height: u32) -> Res<Client> {
        self.session_as(width, height, false).await
    }

    /// A new browser session; `phone`: a phone's screen, `width` CSS pixels wide (a desktop
    /// window is at least 500 pixels wide).
    async fn session_as(&mut self, width: u32, height: u32, phone: bool) -> Res<Client> {
        let profile = std::env::temp_dir().join(format!(
            "stich-chromium-{}-{}",
            std::process::id(),
            self.profiles.len()
        ));
        let _ = std::fs::remove_dir_all(&profile);
        self.profiles.push(profile.clone());
        // The closed network refuses the browser's background connections: they are all off.
        let args = [
            "--headless".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            "--disable-quic".to_string(),
            "--no-first-run".to_string(),
            "--disable-background-networking".to_string(),
            "--disable-component-update".to_string(),
            "--disable-sync".to_string(),
            "--disable-dev-shm-usage".to_string(),
            "--hide-scrollbars".to_string(),
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", profile.display()),
        ];
        let mut options = json!({"binary": "/usr/bin/chromium", "args": args});
        if phone {
            options["mobileEmulation"] = json!({
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": true}
            });
        }
        let mut caps = serde_json::Map::new();
        caps.insert("goog:chromeOptions".into(), options);
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await?;
        Ok(client)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for p in &self.profiles {
            let _ = std::fs::remove_dir_all(p);
        }
    }
}

/// The collection a stub of the service's two collection routes serves: the records of
/// these texts, by content id.
fn stub_collection(texts: Vec<String>) -> axum::Router {
    let mut rows = Vec::new();
    let mut bodies = Vec::new();
    for text in texts {
        for (r, record) in check::check_str(&text).into_iter().zip(split_records(&text)) {
            let id = r.id.clone().unwrap_or_default();
            let players: Vec<String> = r
                .header
                .iter()
                .filter(|h| ["Players", "Player", "F", "M", "R"].contains(&h.name.as_str()))
                .map(|h| h.value.clone())
                .collect();
            rows.push(json!({
                "id": id, "game": r.game, "profile": r.rules,
                "verdict": serde_json::to_value(r.verdict).unwrap_or_default(),
                "players": players, "date": null,
                "codes": r.findings.iter().map(|f| f.code.clone()).collect::<Vec<_>>(),
            }));
            bodies.push((id, record));
        }
    }
    let rows = std::sync::Arc::new(rows);
    let bodies = std::sync::Arc::new(bodies);
    axum::Router::new()
        .route(
            "/v1/collections/{cid}",
            get(|UrlPath(cid): UrlPath<String>| async move {
                axum::Json(json!({"id": cid, "name": "test games", "public": true}))
            }),
        )
        .route(
            "/v1/collections/{cid}/records",
            get(move |q: Query<std::collections::HashMap<String, String>>| {
                let rows = rows.clone();
                async move {
                    let want = |key: &str, row: &Value| {
                        q.get(key)
                            .is_none_or(|v| v.is_empty() || row[key].as_str() == Some(v.as_str()))
                    };
                    let hit: Vec<Value> = rows
                        .iter()
                        .filter(|r| want("verdict", r) && want("game", r) && want("profile", r))
                        .cloned()
                        .collect();
                    let limit: usize = q.get("limit").and_then(|l| l.parse().ok()).unwrap_or(50);
                    let offset: usize = q.get("offset").and_then(|l| l.parse().ok()).unwrap_or(0);
                    let page: Vec<Value> = hit.iter().skip(offset).take(limit).cloned().collect();
                    axum::Json(json!({"records": page, "total": hit.len(), "limit": limit, "offset": offset}))
                }
            }),
        )
        .route(
            "/v1/collections/{cid}/records/{rid}",
            get(move |UrlPath((_, rid)): UrlPath<(String, String)>| {
                let bodies = bodies.clone();
                async move {
                    match bodies.iter().find(|(id, _)| *id == rid) {
                        Some((_, text)) => ([("content-type", "text/x-stich")], text.clone()).into_response(),
                        None => (axum::http::StatusCode::NOT_FOUND, "no such record").into_response(),
                    }
                }
            }),
        )
}

/// The records of a text, each its own text (the stub serves them one by one).
fn split_records(text: &str) -> Vec<String> {
    let parsed: Vec<_> = check::records(text.as_bytes()).expect("read").collect();
    parsed.into_iter().map(|p| p.text).collect()
}

/// Serves the viewer and the stub on a free port; the base URL.
async fn serve(collection: Vec<String>) -> Res<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let app = viewer::router::<()>().merge(stub_collection(collection));
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(format!("http://{addr}"))
}

/// Waits for the element `css`.
async fn wait_for(c: &Client, css: &str) -> Res<fantoccini::elements::Element> {
    Ok(c.wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css(css))
        .await?)
}

/// Waits until `script` (a function body returning a value) gives a truthy value.
async fn wait_true(c: &Client, script: &str) -> Res {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let v = c.execute(script, vec![]).await?;
        if v.as_bool() == Some(true) {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!("timed out waiting for: {script}").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Pastes `text` on the paste page and checks it.
async fn paste(c: &Client, base: &str, text: &str) -> Res {
    c.goto(&format!("{base}/")).await?;
    wait_for(c, "#records").await?;
    c.execute(
        "document.getElementById('records').value = arguments[0];",
        vec![json!(text)],
    )
    .await?;
    c.find(Locator::Css("#check")).await?.click().await?;
    wait_for(c, ".record").await?;
    Ok(())
}

/// The cards each seat shows, by seat label.
async fn shown_hands(c: &Client) -> Res<Vec<(String, Vec<String>)>> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#table .seat')].map(s => [s.dataset.seat, \
             [...s.querySelectorAll('.hand .card')].map(k => k.dataset.card || 'hidden')]);",
            vec![],
        )
        .await?;
    Ok(serde_json::from_value(v)?)
}

/// The hands of a Skat record after `tricks` tricks, worked out from its text alone: the
/// `deal` lines less each trick's cards, read from the leader round F, M, R.
fn skat_hands_after(text: &str, tricks: usize) -> Vec<(String, Vec<String>)> {
    let seats = ["F", "M", "R"];
    let mut hands: Vec<(String, Vec<String>)> = Vec::new();
    let mut played = 0;
    for line in text.lines() {
        let line = line.trim_start_matches("deal").trim_start_matches("play").trim();
        let Some((head, rest)) = line.split_once(':') else {
            continue;
        };
        let words: Vec<String> = rest
            .split(';')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .take_while(|w| *w != "=")
            .map(str::to_string)
            .collect();
        if seats.contains(&head) {
            hands.push((head.to_string(), words));
        } else if let Some((_, leader)) = head.split_once(". ")
            && played < tricks
        {
            let start = seats.iter().position(|s| *s == leader).expect("a leader");
            for (k, card) in words.iter().enumerate() {
                let seat = seats[(start + k) % 3];
                if let Some((_, h)) = hands.iter_mut().find(|(s, _)| s == seat) {
                    h.retain(|c| c != card);
                }
            }
            played += 1;
        }
    }
    hands
}

fn sorted(mut hands: Vec<(String, Vec<String>)>) -> Vec<(String, Vec<String>)> {
    for (_, h) in &mut hands {
        h.sort();
    }
    hands
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_in_a_browser() -> Res {
    if !browser_available() {
        return Ok(());
    }
    let game = read("corpus/skat/isko/clubs-with-1-61.stich");
    let revoke = read("examples/revoke.stich");
    let base = serve(vec![game.clone(), revoke.clone()]).await?;
    let mut driver = Driver::start();
    let c = driver.session(1100, 900).await?;
    let outcome = pages(&c, &mut driver, &base, &game, &revoke).await;
    let _ = c.close().await;
    outcome
}

async fn pages(c: &Client, driver: &mut Driver, base: &str, game: &str, revoke: &str) -> Res {
    // Load a record: paste it, check it, open its page.
    paste(c, base, game).await?;
    let badge = c.find(Locator::Css(".record .badge")).await?.text().await?;
    assert_eq!(badge, "consistent");
    c.find(Locator::Css(".record a.open")).await?.click().await?;
    wait_for(c, "#table .seat").await?;
    assert_eq!(shown_hands(c).await?.len(), 3);

    // Step to trick 5 with the keyboard: the hands shown are the deal less five tricks.
    let next = c.find(Locator::Css("#next")).await?;
    for _ in 0..5 {
        next.send_keys(KEY_DOWN).await?;
    }
    let where_ = c.find(Locator::Css("#where")).await?.text().await?;
    assert!(where_.contains("Trick 5 of 10"), "{where_}");
    let shown = sorted(shown_hands(c).await?);
    let want = sorted(skat_hands_after(game, 5));
    assert_eq!(shown, want);
    assert!(shown.iter().all(|(_, h)| h.len() == 5));
    // One card further: F leads trick 6 with ♣A (the record's sixth trick).
    next.send_keys(KEY_RIGHT).await?;
    let trick: Vec<String> = serde_json::from_value(
        c.execute(
            "return [...document.querySelectorAll('#trick .card')].map(k => k.dataset.card);",
            vec![],
        )
        .await?,
    )?;
    assert_eq!(trick, ["♣A"]);

    // Share a link, and reopen it in a new browser session: the same view.
    // The key 2 shows the play from the second seat's view.
    next.send_keys("2").await?;
    wait_true(c, "return document.getElementById('seat').value === 'M';").await?;
    c.find(Locator::Css("#share")).await?.click().await?;
    let link = c
        .find(Locator::Css("#link"))
        .await?
        .prop("value")
        .await?
        .unwrap_or_default();
    assert!(link.starts_with(&format!("{base}/view#r=")), "{link}");
    let before = shown_hands(c).await?;
    let where_before = c.find(Locator::Css("#where")).await?.text().await?;
    let other = driver.session(900, 800).await?;
    other.goto(&link).await?;
    wait_for(&other, "#table .seat").await?;
    let after = shown_hands(&other).await?;
    let where_after = other.find(Locator::Css("#where")).await?.text().await?;
    let _ = other.close().await;
    assert_eq!(after, before);
    assert_eq!(where_after, where_before);
    // M's own cards are shown, the others' hidden.
    assert!(
        after
            .iter()
            .all(|(s, h)| (s == "M") != h.iter().all(|c| c == "hidden"))
    );

    // Follow a finding to its line: the revoke of trick 2 is on line 15 of the example.
    paste(c, base, revoke).await?;
    let badge = c.find(Locator::Css(".record .badge")).await?.text().await?;
    assert_eq!(badge, "illegal");
    let first = c.find(Locator::Css(".record a.finding")).await?;
    assert!(first.text().await?.contains("line 15"), "{}", first.text().await?);
    first.click().await?;
    let marked = c.find(Locator::Css(".source li.hl")).await?;
    assert_eq!(marked.attr("data-line").await?.as_deref(), Some("15"));
    assert!(marked.text().await?.contains("2. F: ♣10 ♥9 ♠J"));

    // A collection's page lists its records, filters them, and links to each record's page.
    c.goto(&format!("{base}/c/test")).await?;
    wait_for(c, "#list tbody tr").await?;
    let rows = c.find_all(Locator::Css("#list tbody tr")).await?;
    assert_eq!(rows.len(), 2);
    c.execute("document.getElementById('f-verdict').value = 'illegal';", vec![])
        .await?;
    c.find(Locator::Css("#filters button")).await?.click().await?;
    wait_true(
        c,
        "return document.querySelectorAll('#list tbody tr').length === 1;",
    )
    .await?;
    c.find(Locator::Css("#list tbody a")).await?.click().await?;
    wait_for(c, "#table .seat").await?;
    let verdict = c.find(Locator::Css("#verdict .badge")).await?.text().await?;
    assert_eq!(verdict, "illegal");
    let page = c.current_url().await?.to_string();
    assert!(page.contains("/view?c=test&r="), "{page}");
    // Its Link gives both links: by its id, and holding the record itself.
    c.find(Locator::Css("#share")).await?.click().await?;
    let by_id = c
        .find(Locator::Css("#id-link"))
        .await?
        .prop("value")
        .await?
        .unwrap_or_default();
    assert_eq!(by_id, page);
    let holding = c
        .find(Locator::Css("#link"))
        .await?
        .prop("value")
        .await?
        .unwrap_or_default();
    assert!(holding.starts_with(&format!("{base}/view#r=")), "{holding}");
    Ok(())
}

/// Screenshots of the main pages for `docs/screenshots/` (run with `--ignored`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes docs/screenshots; run on purpose"]
async fn screenshots() -> Res {
    if !browser_available() {
        return Ok(());
    }
    let out = root().join("docs/screenshots");
    std::fs::create_dir_all(&out)?;
    let game = read("corpus/skat/isko/clubs-with-1-61.stich");
    let revoke = read("examples/revoke.stich");
    let base = serve(vec![game.clone(), revoke.clone()]).await?;
    let mut driver = Driver::start();

    let c = driver.session(1200, 1000).await?;
    c.set_window_size(1200, 1250).await?;
    paste(&c, &base, &revoke).await?;
    std::fs::write(out.join("paste-findings.png"), c.screenshot().await?)?;
    c.set_window_size(1200, 1000).await?;
    paste(&c, &base, &game).await?;
    c.find(Locator::Css(".record a.open")).await?.click().await?;
    wait_for(&c, "#table .seat").await?;
    let next = c.find(Locator::Css("#next")).await?;
    for _ in 0..4 {
        next.send_keys(KEY_DOWN).await?;
    }
    next.send_keys(KEY_RIGHT).await?;
    next.send_keys(KEY_RIGHT).await?;
    std::fs::write(out.join("record-mid-play.png"), c.screenshot().await?)?;
    c.set_window_size(1200, 560).await?;
    c.goto(&format!("{base}/c/test")).await?;
    wait_for(&c, "#list tbody tr").await?;
    std::fs::write(out.join("collection.png"), c.screenshot().await?)?;
    let _ = c.close().await;

    let phone = driver.session_as(375, 812, true).await?;
    let link = format!(
        "{base}/view#r={}&s=14&v=S",
        encode(&read(
            "corpus/pinochle/partnership-auction/seed-002-example.stich"
        ))
    );
    phone.goto(&link).await?;
    wait_for(&phone, "#table .seat").await?;
    std::fs::write(out.join("record-phone.png"), phone.screenshot().await?)?;
    let _ = phone.close().await;
    Ok(())
}

/// The link format of `spec/view.md`: base64url without padding of the UTF-8 text.
fn encode(text: &str) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let bytes = text.as_bytes();
    let mut s = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().fold(0u32, |n, b| (n << 8) | u32::from(*b)) << (8 * (3 - chunk.len()));
        for i in 0..=chunk.len() {
            s.push(char::from(ABC[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    s
}
