//! The viewer's routes over HTTP, without a browser: the pages and assets are the embedded
//! files, a path outside them is not found, and `POST /v1/view` answers every record with its
//! report, view, text and line.

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Serves the viewer on a free port; its address.
async fn serve() -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move {
        let _ = axum::serve(listener, viewer::router::<()>()).await;
    });
    addr
}

/// One HTTP/1.1 request: the status, the headers (lowercase names) and the body.
async fn request(addr: std::net::SocketAddr, method: &str, path: &str, body: &str) -> (u16, String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: text/x-stich\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.expect("write");
    s.write_all(body.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("read");
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, head.to_lowercase(), body.to_string())
}

#[tokio::test]
async fn pages_and_assets_are_the_embedded_files_and_nothing_else() {
    let addr = serve().await;
    for (path, page) in [
        ("/", viewer::assets::INDEX),
        ("/view", viewer::assets::VIEW),
        ("/c/abc", viewer::assets::COLLECTION),
    ] {
        let (status, head, body) = request(addr, "GET", path, "").await;
        assert_eq!(status, 200, "{path}");
        assert!(head.contains("content-type: text/html"), "{path}");
        assert_eq!(body, page);
    }
    let (status, head, body) = request(addr, "GET", "/assets/stich.css", "").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/css"));
    assert!(body.contains(".card"));
    for path in [
        "/assets/nope.js",
        "/assets/..%2FCargo.toml",
        "/assets/../Cargo.toml",
        "/assets/%2e%2e%2fsrc%2flib.rs",
    ] {
        let (status, _, body) = request(addr, "GET", path, "").await;
        assert_eq!(status, 404, "{path}");
        assert!(!body.contains("[package]"), "{path}");
    }
}

#[tokio::test]
async fn the_view_endpoint_answers_each_record() {
    let addr = serve().await;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/revoke.stich"
    ))
    .expect("example");
    let (status, head, body) = request(addr, "POST", "/v1/view", &text).await;
    assert_eq!(status, 200);
    assert!(head.contains("application/json"));
    let v: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let records = v["records"].as_array().expect("records");
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(r["line"], 1);
    assert_eq!(r["text"].as_str(), Some(text.as_str()));
    assert_eq!(r["report"]["verdict"], "illegal");
    assert_eq!(r["report"]["findings"][0]["code"], "S0301");
    assert_eq!(r["report"]["findings"][0]["line"], 15);
    assert_eq!(r["view"]["family"], "skat");
    assert_eq!(r["view"]["tricks"].as_array().map(Vec::len), Some(10));
    assert_eq!(r["view"]["findings"][0]["line"], 15);
    // The report is the one `check` gives.
    let report = serde_json::to_value(&check::check_str(&text)[0]).expect("JSON");
    assert_eq!(r["report"], report);
    // A record that cannot be replayed has no view.
    let (_, _, body) = request(
        addr,
        "POST",
        "/v1/view",
        "[Game \"whist\"]\n[Rules \"x\"]\n\nresult score 1\n",
    )
    .await;
    let v: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    assert!(v["records"][0]["view"].is_null());
    assert_eq!(v["records"][0]["report"]["findings"][0]["code"], "E0001");
}
