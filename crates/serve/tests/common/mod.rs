//! Calling the app in-process.
#![allow(dead_code)]

use std::path::PathBuf;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Request, StatusCode};
use tower::ServiceExt;

/// The token the test apps know.
pub const TOKEN: &str = "test-token";

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// An app on an in-memory store with `limits`, knowing [`TOKEN`].
pub fn app_with(limits: serve::Limits) -> axum::Router {
    let settings = serve::Settings {
        db: ":memory:".into(),
        limits,
        ..serve::Settings::default()
    };
    let store = serve::open_store(":memory:").expect("a store");
    let tokens = serve::auth::Tokens::parse(TOKEN).expect("tokens");
    serve::app(serve::AppState::new(store, tokens, &settings))
}

/// An app with the default limits.
pub fn app() -> axum::Router {
    app_with(serve::Limits::default())
}

/// An answer: status, headers, body.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The error code of a JSON error body.
    pub fn code(&self) -> String {
        self.json()["error"]["code"].as_str().unwrap_or("").to_string()
    }
}

/// Sends a request; `token` as a bearer token when given.
pub async fn call(
    app: &axum::Router,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: impl Into<Body>,
) -> Answer {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let req = req.body(body.into()).expect("a request");
    let res = app.clone().oneshot(req).await.expect("an answer");
    let status = res.status();
    let headers = res.headers().clone();
    let body = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .expect("a body");
    Answer {
        status,
        headers,
        body,
    }
}
