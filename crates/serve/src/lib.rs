//! The HTTP service of stich: `POST /v1/check` gives the reports `stich check` gives, and
//! collections keep checked records in a store (SQLite embedded by default), each once by
//! its content id. See `spec/api.md` for every route.
//!
//! ```no_run
//! # async fn start() -> std::io::Result<()> {
//! let settings = serve::Settings { db: ":memory:".into(), ..serve::Settings::default() };
//! serve::run(settings).await
//! # }
//! ```

#![warn(missing_docs)]

pub mod auth;
mod body;
pub mod checking;
mod error;
pub mod metrics;
mod openapi;
mod routes;
pub mod settings;
pub mod store;
pub mod threads;

use std::io;
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

pub use error::ApiError;
pub use routes::ROUTES;
pub use settings::{Limits, Settings};

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The store of collections.
    pub store: Arc<dyn store::Store>,
    /// The tokens that may write and read private collections.
    pub tokens: Arc<auth::Tokens>,
    /// The bounds on requests.
    pub limits: Limits,
    /// The counters for `/metrics`.
    pub metrics: Arc<metrics::Metrics>,
    /// Origins allowed by CORS; none: CORS off.
    pub cors: Vec<String>,
    /// Permits for requests handled at once.
    permits: Arc<Semaphore>,
    /// The OpenAPI document, made once.
    openapi: Arc<String>,
}

impl AppState {
    /// The state for `store` and `tokens` under `settings` (its limits and CORS origins).
    pub fn new(store: Arc<dyn store::Store>, tokens: auth::Tokens, settings: &Settings) -> AppState {
        AppState {
            store,
            tokens: Arc::new(tokens),
            limits: settings.limits.clone(),
            metrics: Arc::new(metrics::Metrics::default()),
            cors: settings.cors.clone(),
            permits: Arc::new(Semaphore::new(settings.limits.concurrent)),
            openapi: Arc::new(openapi::document()),
        }
    }

    /// The state `settings` describe: the store opened (created and migrated on first
    /// use), the token file read.
    pub fn open(settings: &Settings) -> io::Result<AppState> {
        let store = open_store(&settings.db)?;
        let tokens = match &settings.token_file {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
                auth::Tokens::parse(&text).map_err(|e| {
                    io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", path.display()))
                })?
            }
            None => auth::Tokens::default(),
        };
        Ok(AppState::new(store, tokens, settings))
    }
}

/// The store `db` names: a PostgreSQL database (`postgres://…`), else a SQLite file (or
/// `:memory:`). Connecting to PostgreSQL blocks: call this off the async runtime.
pub fn open_store(db: &str) -> io::Result<Arc<dyn store::Store>> {
    if is_postgres(db) {
        let store = store::postgres::Postgres::open(db)
            .map_err(|e| io::Error::other(format!("{}: {e}", redacted(db))))?;
        return Ok(Arc::new(store));
    }
    let store = store::sqlite::Sqlite::open(db).map_err(|e| io::Error::other(format!("{db}: {e}")))?;
    Ok(Arc::new(store))
}

fn is_postgres(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// `db` as it may be printed: a PostgreSQL address without its password.
pub fn redacted(db: &str) -> String {
    if !is_postgres(db) {
        return db.to_string();
    }
    let Some((scheme, rest)) = db.split_once("://") else {
        return db.to_string();
    };
    // The user information ends at the last `@` before the host's path.
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user, host)) => {
            let user = user.split_once(':').map_or(user, |(u, _)| u);
            format!("{scheme}://{user}@{host}{path}")
        }
        None => db.to_string(),
    }
}

/// The route a path belongs to, for the metrics: ids replaced by their parameter's name,
/// so that the labels stay few whatever the requests.
fn route_label(path: &str) -> String {
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    match parts.as_slice() {
        ["", "v1", "collections", _] => "/v1/collections/{cid}".into(),
        ["", "v1", "collections", _, rest] => format!("/v1/collections/{{cid}}/{}", known(rest)),
        ["", "v1", "collections", _, "records", _] => "/v1/collections/{cid}/records/{rid}".into(),
        ["", "v1", what] => format!("/v1/{}", known(what)),
        ["", what] => format!("/{}", known(what)),
        _ => "other".into(),
    }
}

fn known(part: &str) -> &str {
    const KNOWN: [&str; 11] = [
        "check",
        "collections",
        "records",
        "sheets",
        "schema",
        "rules",
        "openapi.json",
        "view",
        "healthz",
        "metrics",
        "",
    ];
    KNOWN.iter().find(|k| **k == part).copied().unwrap_or("other")
}

/// Every request passes here: at most [`Limits::concurrent`] at once (`429` beyond), at
/// most [`Limits::timeout`] until the answer starts (`503` past it), and counted.
async fn guard(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = route_label(req.uri().path());
    state.metrics.start();
    let response = match Arc::clone(&state.permits).try_acquire_owned() {
        Err(_) => {
            state.metrics.reject("overloaded");
            let mut r = ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "overloaded",
                "too many requests at once; try again shortly",
            )
            .into_response();
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            r
        }
        Ok(permit) => {
            let answered = tokio::time::timeout(state.limits.timeout, next.run(req)).await;
            drop(permit);
            match answered {
                Ok(r) => r,
                Err(_) => {
                    state.metrics.reject("timeout");
                    ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "timeout",
                        format!(
                            "the request took longer than the {} s allowed",
                            state.limits.timeout.as_secs_f64()
                        ),
                    )
                    .into_response()
                }
            }
        }
    };
    state
        .metrics
        .finish(&route, response.status().as_u16(), started.elapsed());
    response
}

/// The whole app: every route, with the limits, the metrics and (when configured) CORS.
pub fn app(state: AppState) -> Router {
    let cors = cors_layer(&state.cors);
    let router = routes::router()
        // The hand viewer: its pages, assets and `POST /v1/view`.
        .merge(viewer::router())
        .fallback(|| async { ApiError::not_found("route") })
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state);
    match cors {
        Some(layer) => router.layer(layer),
        None => router,
    }
}

/// CORS for these origins, or none when no origin is configured.
fn cors_layer(origins: &[String]) -> Option<tower_http::cors::CorsLayer> {
    use tower_http::cors::{AllowOrigin, CorsLayer};
    if origins.is_empty() {
        return None;
    }
    let values: Vec<HeaderValue> = origins
        .iter()
        .filter_map(|o| HeaderValue::from_str(o).ok())
        .collect();
    let allow = if origins.iter().any(|o| o == "*") {
        AllowOrigin::any()
    } else {
        AllowOrigin::list(values)
    };
    Some(
        CorsLayer::new()
            .allow_origin(allow)
            .allow_methods([
                axum::http::Method::GET,
                axum::http::Method::POST,
                axum::http::Method::DELETE,
            ])
            .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE]),
    )
}

/// Waits for SIGTERM or Ctrl-C.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Serves the app `settings` describe until SIGTERM or Ctrl-C, then finishes the requests
/// in flight. The address bound is printed on standard output (`listening on http://…`),
/// so that `--addr 127.0.0.1:0` can be used.
pub async fn run(settings: Settings) -> io::Result<()> {
    threads::start_checking_threads();
    let opening = settings.clone();
    let state = tokio::task::spawn_blocking(move || AppState::open(&opening))
        .await
        .map_err(io::Error::other)??;
    let listener = tokio::net::TcpListener::bind(&settings.addr).await?;
    let addr = listener.local_addr()?;
    {
        use std::io::Write;
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "stich serve: listening on http://{addr} (store: {})",
            redacted(&settings.db)
        )?;
        out.flush()?;
    }
    axum::serve(listener, app(state))
        .with_graceful_shutdown(shutdown_signal())
        .await
}

/// Runs [`run`] on a runtime of its own, for a caller that has none (the CLI).
pub fn run_blocking(settings: Settings) -> io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(run(settings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_postgres_address_has_no_password() {
        assert_eq!(
            redacted("postgres://stich:s3cret@db.example:5432/stich?sslmode=disable"),
            "postgres://stich@db.example:5432/stich?sslmode=disable"
        );
        assert_eq!(redacted("postgresql://a:b:c@h/d"), "postgresql://a@h/d");
        assert_eq!(redacted("postgres://h/d"), "postgres://h/d");
        assert_eq!(redacted("stich.db"), "stich.db");
    }

    #[test]
    fn route_labels_hide_ids() {
        assert_eq!(route_label("/v1/check"), "/v1/check");
        assert_eq!(route_label("/v1/collections/abc"), "/v1/collections/{cid}");
        assert_eq!(
            route_label("/v1/collections/abc/records/def"),
            "/v1/collections/{cid}/records/{rid}"
        );
        assert_eq!(
            route_label("/v1/collections/abc/records"),
            "/v1/collections/{cid}/records"
        );
        assert_eq!(route_label("/v1/../../etc/passwd"), "other");
        assert_eq!(route_label("/v1/whatever"), "/v1/other");
    }
}
