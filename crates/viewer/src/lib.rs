//! The hand viewer of stich: pages that check a pasted or uploaded record and show every
//! finding at its line, draw a record's hands, phases and play step by step from any seat's
//! view, list a collection's records, and the endpoint `POST /v1/view` they call.
//!
//! Everything the pages need is embedded in the binary ([`assets`]); a request path never
//! reaches the file system, and nothing is loaded from another host. The pages know no game
//! family: they draw the family-neutral [`engine::view::View`] every family builds.
//!
//! ```
//! let app: axum::Router = viewer::router();
//! # let _ = app;
//! ```

#![warn(missing_docs)]

pub mod assets;
pub mod records;

use axum::Router;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

/// The viewer's routes: `POST /v1/view`, the pages `/`, `/view` and `/c/{cid}`, and their
/// assets under `/assets/`. The handlers take no state, so the router merges into any app.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/v1/view", post(view))
        .route("/", get(|| page(assets::INDEX)))
        .route("/view", get(|| page(assets::VIEW)))
        .route("/c/{cid}", get(|_: Path<String>| page(assets::COLLECTION)))
        .route("/assets/{name}", get(asset))
}

async fn page(html: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        html,
    )
        .into_response()
}

async fn asset(Path(name): Path<String>) -> Response {
    match assets::find(&name) {
        Some(a) => ([(header::CONTENT_TYPE, a.content_type)], a.body).into_response(),
        None => (StatusCode::NOT_FOUND, error_body("not_found", "no such asset")).into_response(),
    }
}

/// The error body of the service: `{"error": {"code", "message"}}`.
fn error_body(code: &str, message: &str) -> axum::Json<serde_json::Value> {
    axum::Json(serde_json::json!({"error": {"code": code, "message": message}}))
}

async fn view(body: Bytes) -> Response {
    match records::view_all(&body) {
        Ok(answer) => axum::Json(answer).into_response(),
        Err(e) => (StatusCode::BAD_REQUEST, error_body("unreadable", &e.to_string())).into_response(),
    }
}
