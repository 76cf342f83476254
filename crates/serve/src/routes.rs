//! The routes and their handlers.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use axum::body::{Body, Bytes};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use check::Form;
use check::json::Shape;
use serde::Deserialize;
use serde_json::json;

use crate::AppState;
use crate::body::ChannelBody;
use crate::checking::{self, Options};
use crate::error::ApiError;
use crate::store::{Filter, NewRecord, Store};

/// Every route the router serves, as method and path (a test holds the OpenAPI document to
/// list each of them, and each of them to answer).
pub const ROUTES: &[(&str, &str)] = &[
    ("post", "/v1/check"),
    ("post", "/v1/collections"),
    ("get", "/v1/collections"),
    ("get", "/v1/collections/{cid}"),
    ("delete", "/v1/collections/{cid}"),
    ("post", "/v1/collections/{cid}/records"),
    ("get", "/v1/collections/{cid}/records"),
    ("get", "/v1/collections/{cid}/records/{rid}"),
    ("get", "/v1/collections/{cid}/sheets"),
    ("delete", "/v1/collections/{cid}/records/{rid}"),
    ("get", "/v1/schema"),
    ("get", "/v1/rules"),
    ("get", "/v1/openapi.json"),
    ("get", "/healthz"),
    ("get", "/metrics"),
];

/// Every route of the service (the viewer's are merged beside them in [`crate::app`]).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/check", post(check_route))
        .route("/v1/collections", post(create_collection).get(list_collections))
        .route(
            "/v1/collections/{cid}",
            get(get_collection).delete(delete_collection),
        )
        .route(
            "/v1/collections/{cid}/records",
            post(add_records).get(list_records),
        )
        .route(
            "/v1/collections/{cid}/records/{rid}",
            get(get_record).delete(delete_record),
        )
        .route("/v1/collections/{cid}/sheets", get(sheets))
        .route("/v1/schema", get(schema))
        .route("/v1/rules", get(rules))
        .route("/v1/openapi.json", get(openapi))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
}

/// A body of JSON text.
fn json_text(status: StatusCode, text: impl Into<Body>) -> Response {
    let mut r = (status, text.into()).into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r
}

/// Runs blocking store or checking work off the async runtime.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("a blocking task failed: {e}")))?
}

/// The request's body, refused with `413` past `limit` bytes.
async fn read_body(state: &AppState, headers: &HeaderMap, body: Body) -> Result<Bytes, ApiError> {
    let limit = state.limits.body_bytes;
    let too_large = || {
        state.metrics.reject("body_too_large");
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!("the body is larger than the {limit} bytes allowed"),
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let mut body = body;
    let mut out: Vec<u8> = Vec::with_capacity(declared.map_or(8192, |n| n as usize));
    loop {
        let frame =
            std::future::poll_fn(|cx| http_body::Body::poll_frame(std::pin::Pin::new(&mut body), cx)).await;
        match frame {
            None => break,
            Some(Err(e)) => return Err(ApiError::bad_request(format!("the body could not be read: {e}"))),
            Some(Ok(frame)) => {
                if let Ok(data) = frame.into_data() {
                    if out.len() + data.len() > limit {
                        return Err(too_large());
                    }
                    out.extend_from_slice(&data);
                }
            }
        }
    }
    Ok(Bytes::from(out))
}

/// The form of the records the `Content-Type` names, or `None` to sniff.
fn form_of(headers: &HeaderMap) -> Option<Form> {
    let ct = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let essence = ct.split(';').next().unwrap_or(ct).trim().to_ascii_lowercase();
    match essence.as_str() {
        "text/x-stich" => Some(Form::Stich),
        "text/x-iss" => Some(Form::Iss),
        _ => None,
    }
}

/// The records of a body counted, refused with `413` past the limit.
fn count_records(state: &AppState, body: &[u8], form: Option<Form>) -> Result<usize, ApiError> {
    let limit = state.limits.records;
    let n = checking::count(body, form, limit.saturating_add(1))
        .map_err(|e| ApiError::bad_request(format!("the body could not be read: {e}")))?;
    if n > limit {
        state.metrics.reject("too_many_records");
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_records",
            format!("the body holds more than the {limit} records allowed in one request"),
        ));
    }
    Ok(n)
}

/// A query's rejection as a JSON `400`.
fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::bad_request(format!("the query string: {}", e.body_text())))
}

/// The query of `POST /v1/check`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CheckQuery {
    report: Option<String>,
    format: Option<String>,
    cards: Option<String>,
    pretty: Option<bool>,
    path: Option<String>,
    ids: Option<bool>,
}

impl CheckQuery {
    fn options(self, form: Option<Form>) -> Result<Options, ApiError> {
        let jsonl = match self.format.as_deref() {
            None | Some("json") => false,
            Some("jsonl") => true,
            Some(other) => return Err(ApiError::bad_request(format!("format `{other}`: json or jsonl"))),
        };
        let cards = match self.cards.as_deref() {
            None | Some("unicode") => cards::Display::Unicode,
            Some("ascii") => cards::Display::Ascii,
            Some("german") => cards::Display::German,
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "cards `{other}`: unicode, ascii or german"
                )));
            }
        };
        let pretty = self.pretty.unwrap_or(false) && !jsonl;
        let shape = match self.report.as_deref() {
            None | Some("full") => Shape::Full(cards, pretty),
            Some("brief") => Shape::Brief,
            Some(other) => return Err(ApiError::bad_request(format!("report `{other}`: full or brief"))),
        };
        Ok(Options {
            shape,
            jsonl,
            form,
            path: self.path,
            ids: self.ids.unwrap_or(false),
        })
    }
}

/// Bodies up to this size are checked on the request's own task: a few records take less
/// than handing them to another thread would.
const INLINE: usize = 8 * 1024;

/// `POST /v1/check`.
async fn check_route(
    State(state): State<AppState>,
    headers: HeaderMap,
    q: Result<Query<CheckQuery>, QueryRejection>,
    body: Body,
) -> Result<Response, ApiError> {
    let options = query(q)?.options(form_of(&headers))?;
    let content_type = if options.jsonl {
        "application/x-ndjson"
    } else {
        "application/json"
    };
    let bytes = read_body(&state, &headers, body).await?;
    let answer = |body: Body| {
        let mut r = (StatusCode::OK, body).into_response();
        r.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        r
    };
    if bytes.len() <= INLINE {
        count_records(&state, &bytes, options.form)?;
        let mut out = Vec::new();
        let n = checking::render(&bytes, &options, |part| {
            out.extend_from_slice(&part);
            true
        })
        .map_err(|e| ApiError::bad_request(format!("the body could not be read: {e}")))?;
        state.metrics.checked.fetch_add(n as u64, Ordering::Relaxed);
        return Ok(answer(Body::from(out)));
    }
    // A larger body is checked on a thread of its own and its reports streamed as they are
    // made; the count comes first, so a body over the limit is refused before any report.
    let (first_tx, first_rx) = tokio::sync::oneshot::channel::<Result<ChannelBody, ApiError>>();
    let worker = state.clone();
    tokio::task::spawn_blocking(move || {
        if let Err(e) = count_records(&worker, &bytes, options.form) {
            let _ = first_tx.send(Err(e));
            return;
        }
        let (tx, body) = ChannelBody::channel(4);
        if first_tx.send(Ok(body)).is_err() {
            return;
        }
        let rendered = checking::render(&bytes, &options, |part| {
            tx.blocking_send(Bytes::from(part)).is_ok()
        });
        match rendered {
            Ok(n) => {
                worker.metrics.checked.fetch_add(n as u64, Ordering::Relaxed);
            }
            Err(e) => eprintln!("stich serve: a body failed part way: {e}"),
        }
    });
    let body = first_rx
        .await
        .map_err(|_| ApiError::internal("the checking thread stopped"))??;
    Ok(answer(Body::new(body)))
}

/// Why a request may not go on: `401` without a token, `403` with a wrong one.
fn require_token(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    let header = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    if state.tokens.is_empty() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "writes_disabled",
            "the server has no tokens (--token-file): nothing may be written",
        ));
    }
    match header {
        None => Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this request needs a bearer token (Authorization: Bearer ...)",
        )),
        Some(h) if state.tokens.allows_header(Some(h)) => Ok(()),
        Some(_) => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "the token is not known",
        )),
    }
}

/// Whether the request carries a known token.
fn has_token(state: &AppState, headers: &HeaderMap) -> bool {
    state
        .tokens
        .allows_header(headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()))
}

/// The collection `cid`, if the request may read it: public, or the request has a token.
async fn readable(
    state: &AppState,
    headers: &HeaderMap,
    cid: &str,
) -> Result<crate::store::Collection, ApiError> {
    let store = state.store.clone();
    let id = cid.to_string();
    let found = blocking(move || store.collection(&id).map_err(ApiError::internal)).await?;
    let c = found.ok_or_else(|| ApiError::not_found("collection"))?;
    if !c.public && !has_token(state, headers) {
        require_token(state, headers)?;
    }
    Ok(c)
}

/// The body of `POST /v1/collections`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewCollection {
    name: String,
    #[serde(default)]
    public: bool,
}

/// The longest collection name.
const NAME_MAX: usize = 200;

async fn create_collection(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    require_token(&state, &headers)?;
    let bytes = read_body(&state, &headers, body).await?;
    let new: NewCollection = serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::bad_request(format!(
            "the body: {e} (want {{\"name\": \"...\", \"public\": false}})"
        ))
    })?;
    let name = new.name.trim().to_string();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(ApiError::bad_request(format!(
            "a collection's name is 1 to {NAME_MAX} characters"
        )));
    }
    let store = state.store.clone();
    let c = blocking(move || {
        store
            .create_collection(&name, new.public)
            .map_err(ApiError::internal)
    })
    .await?;
    let mut r = (
        StatusCode::CREATED,
        Json(json!({"id": c.id, "name": c.name, "public": c.public})),
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&format!("/v1/collections/{}", c.id)) {
        r.headers_mut().insert(header::LOCATION, v);
    }
    Ok(r)
}

async fn list_collections(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let store = state.store.clone();
    let all = blocking(move || store.collections().map_err(ApiError::internal)).await?;
    // Without a token, only the public collections are there to see.
    let token = has_token(&state, &headers);
    let shown: Vec<_> = all.into_iter().filter(|c| c.public || token).collect();
    Ok(Json(json!({ "collections": shown })).into_response())
}

async fn get_collection(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(cid): Path<String>,
) -> Result<Response, ApiError> {
    let c = readable(&state, &headers, &cid).await?;
    let store = state.store.clone();
    let counts = blocking(move || store.verdict_counts(&cid).map_err(ApiError::internal)).await?;
    let mut verdicts: BTreeMap<&str, u64> = [
        "consistent",
        "inconsistent",
        "illegal",
        "incomplete",
        "unparsable",
    ]
    .into_iter()
    .map(|v| (v, 0))
    .collect();
    for (v, n) in &counts {
        if let Some(slot) = verdicts.get_mut(v.as_str()) {
            *slot = *n;
        }
    }
    Ok(Json(json!({
        "id": c.id, "name": c.name, "public": c.public, "records": c.records, "verdicts": verdicts
    }))
    .into_response())
}

async fn delete_collection(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(cid): Path<String>,
) -> Result<Response, ApiError> {
    require_token(&state, &headers)?;
    let store = state.store.clone();
    let gone = blocking(move || store.delete_collection(&cid).map_err(ApiError::internal)).await?;
    if gone {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::not_found("collection"))
    }
}

/// One record of an upload: what to store (none for a record without a content id, one
/// that could not be read), and its line of the answer.
struct Upload {
    /// The content id of a record that can be stored.
    id: Option<String>,
    /// What to store: taken when it goes to the store.
    stored: Option<NewRecord>,
    verdict: &'static str,
    game: Option<String>,
    line: u32,
}

/// The players of a report: the values of its seat tags (a tag named by one capital
/// letter: `F`, `M`, `R`, `A`..., `N`, `E`, `S`, `W`, `P`, `D`).
fn players(report: &report::Report) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in &report.header {
        let seat = t.name.len() == 1 && t.name.bytes().all(|b| b.is_ascii_uppercase());
        if seat && !t.value.is_empty() && !out.contains(&t.value) {
            out.push(t.value.clone());
        }
    }
    out
}

/// What is stored of a checked record.
fn upload_of(built: check::Built) -> Upload {
    let canonical = built.canonical_file();
    let report = built.report;
    let verdict = report.verdict.word();
    let line = report.source.line;
    let game = report.game.clone();
    let stored = match (&report.id, canonical) {
        (Some(id), Some(canonical)) => {
            let mut codes: Vec<String> = report.findings.iter().map(|f| f.code.clone()).collect();
            codes.sort();
            codes.dedup();
            Some(NewRecord {
                id: id.clone(),
                game: report.game.clone(),
                profile: report.rules.clone(),
                verdict,
                players: players(&report),
                date: report
                    .header
                    .iter()
                    .find(|t| t.name == "Date")
                    .map(|t| check::iso_date(&t.value).into_owned()),
                codes,
                canonical,
                report: check::json::shaped(&report, Shape::Full(cards::Display::Unicode, false)),
                line,
                packed: None,
            })
        }
        _ => None,
    };
    Upload {
        id: stored.as_ref().map(|r| r.id.clone()),
        stored,
        verdict,
        game,
        line,
    }
}

/// Reads and checks a record split from a body, and readies what is stored of it: the
/// reading (the larger part of the work before the check) and the store's preparing run on
/// the checking threads.
fn checked(unit: check::Unit, form: Form, store: &dyn Store) -> Upload {
    let mut upload = checked_only(unit, form);
    if let Some(record) = &mut upload.stored {
        store.prepare(record);
    }
    upload
}

fn checked_only(unit: check::Unit, form: Form) -> Upload {
    if let check::Unit::Iss(raw) = &unit {
        let line = raw.location.span.line;
        let source = check::Source {
            path: None,
            line,
            offset: raw.location.span.start,
        };
        // A plain server record (nearly every record of an archive): its report, id and
        // canonical text from the fast path, the same bytes the full path gives.
        if let Some(plain) = check::plain_report::plain_report(raw.bytes(), &source) {
            return plain_upload(plain, line);
        }
    }
    upload_of(check::build(unit.into_parsed(), form, None, check::Work::FULL))
}

/// What is stored of a plain server record: what [`upload_of`] stores of its full report.
fn plain_upload(plain: check::plain_report::PlainReport, line: u32) -> Upload {
    let verdict = engine::Verdict::Consistent.word();
    let game = Some(iss::quick::GAME.to_string());
    Upload {
        id: Some(plain.id.clone()),
        stored: Some(NewRecord {
            id: plain.id,
            game: game.clone(),
            profile: Some(iss::quick::RULES.to_string()),
            verdict,
            players: plain.players,
            date: plain.date,
            codes: Vec::new(),
            canonical: plain.canonical,
            report: plain.json,
            line,
            packed: None,
        }),
        verdict,
        game,
        line,
    }
}

/// The most records a part holds: the store writes each part while the checking threads
/// go on with the next. A part is about a millisecond of checking on one thread, so the
/// writer soon has its first part and is seldom left waiting for the next. Measured with
/// 100,000 records with names in 1,000-record uploads two at a time, ten pairs alternated:
/// parts of 64 gave 62,965–69,770 records/s against 57,495–67,841 for parts of 128 (eight
/// pairs faster); parts of 32 were slower than 64 in five pairs of five.
const PART: usize = 64;

/// The fewest records a part holds, so that a small body is still spread over the threads
/// without a job for every record.
const SMALLEST_PART: usize = 16;

/// How many parts of one upload are checked or being checked ahead of its writing: enough
/// to keep every thread on the upload that writes first, few enough that an upload waiting
/// for the writer holds little (its memory does not grow with its body).
const WINDOW: usize = 16;

/// Checks every record of `body` on every core and adds what is stored of them to a
/// collection in one transaction, part by part as they are checked: the writer starts on
/// the first part while the checking threads go on with the next (an upload's writing
/// overlaps its own checking, not only another upload's). Each part is one job on rayon's
/// threads, which stay, and with them what each keeps from one record to the next (its
/// allocator's pages, its compressor). The jobs of all uploads wait in one queue in the
/// order they were made, so an upload that came first, and takes the writer first, has its
/// parts checked first by every thread; each upload makes its next job only as the writer
/// takes one of its parts. Gives every record's upload, in order, and what the store
/// answered.
fn check_and_add(
    body: &[u8],
    form: Option<Form>,
    store: &dyn Store,
    collection: &str,
) -> Result<(Vec<Upload>, crate::store::Result<Vec<bool>>), std::io::Error> {
    let units = check::units_in(body, form)?;
    let form = units.form();
    let unread: Vec<check::Unit> = units.collect();
    let total = unread.len();
    let part = part_size(total, rayon::current_num_threads());
    let mut unread = unread.into_iter();
    let mut uploads: Vec<Upload> = Vec::with_capacity(total);
    let added = rayon::in_place_scope(|scope| {
        // Called from outside the pool, so each job joins the pool's one queue, behind
        // every job made before it; none once the body is all made into jobs.
        let mut next_job = move || {
            let units: Vec<check::Unit> = unread.by_ref().take(part).collect();
            if units.is_empty() {
                return None;
            }
            let (sender, checked_part) = std::sync::mpsc::sync_channel::<Vec<Upload>>(1);
            scope.spawn(move |_| {
                let done = units.into_iter().map(|u| checked(u, form, store)).collect();
                // No receiver: the store gave up on the upload, and this part is not needed.
                let _ = sender.send(done);
            });
            Some(checked_part)
        };
        let mut pending: std::collections::VecDeque<_> =
            std::iter::from_fn(&mut next_job).take(WINDOW).collect();
        let uploads = &mut uploads;
        // The receivers go with the iterator, when this closure returns and before the
        // scope waits for its jobs: a store that stops early (an error) leaves at most the
        // window's jobs to finish, and makes no more.
        let mut records = std::iter::from_fn(move || {
            let checked_part = pending.pop_front()?;
            let received = checked_part.recv();
            pending.extend(next_job());
            Some(match received {
                Ok(mut part) => {
                    let stored = part.iter_mut().filter_map(|u| u.stored.take()).collect();
                    uploads.extend(part);
                    Ok(stored)
                }
                // The part's job ended without its records (a panic, re-raised when the
                // scope ends): nothing of the body is kept.
                Err(_) => Err(crate::store::StoreError(
                    "the checking stopped before the body's end".into(),
                )),
            })
        });
        store.add_records_in_parts(collection, &mut records)
    });
    Ok((uploads, added))
}

/// The records a part of a body of `total` holds: at most [`PART`], and for a small body
/// fewer, so that each thread has a few parts to take.
fn part_size(total: usize, threads: usize) -> usize {
    (total / (threads.max(1) * 4)).clamp(SMALLEST_PART, PART)
}

async fn add_records(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(cid): Path<String>,
    body: Body,
) -> Result<Response, ApiError> {
    require_token(&state, &headers)?;
    let bytes = read_body(&state, &headers, body).await?;
    let form = form_of(&headers);
    let worker = state.clone();
    let answer = blocking(move || {
        if !worker.store.has_collection(&cid).map_err(ApiError::internal)? {
            return Err(ApiError::not_found("collection"));
        }
        count_records(&worker, &bytes, form)?;
        // A record sent twice in one body is stored once: the second is not new. The
        // records go to the store by value (their texts and reports are most of the
        // memory); each upload keeps its id.
        let (uploads, fresh) = check_and_add(&bytes, form, worker.store.as_ref(), &cid)
            .map_err(|e| ApiError::bad_request(format!("the body could not be read: {e}")))?;
        let fresh = fresh.map_err(ApiError::internal)?;
        let mut fresh = fresh.into_iter();
        let mut answer = AddAnswer {
            added: Vec::with_capacity(uploads.len()),
            existing: 0,
            new: 0,
            rejected: 0,
        };
        for u in &uploads {
            let is_new = match &u.id {
                Some(_) => {
                    let n = fresh.next().unwrap_or(false);
                    if n {
                        answer.new += 1;
                    } else {
                        answer.existing += 1;
                    }
                    n
                }
                None => {
                    answer.rejected += 1;
                    false
                }
            };
            answer.added.push(Added {
                game: u.game.as_deref(),
                id: u.id.as_deref(),
                line: u.line,
                new: is_new,
                verdict: u.verdict,
            });
        }
        let (new, existing) = (answer.new, answer.existing);
        worker.metrics.stored_new.fetch_add(new, Ordering::Relaxed);
        worker
            .metrics
            .stored_existing
            .fetch_add(existing, Ordering::Relaxed);
        serde_json::to_string(&answer).map_err(ApiError::internal)
    })
    .await?;
    Ok(json_text(StatusCode::OK, answer))
}

/// The answer to an upload. The fields are in the order of their names, as the answer's
/// first form (a `serde_json` map, which sorts its keys) wrote them.
#[derive(serde::Serialize)]
struct AddAnswer<'a> {
    added: Vec<Added<'a>>,
    existing: u64,
    new: u64,
    rejected: u64,
}

/// One record's line of [`AddAnswer`].
#[derive(serde::Serialize)]
struct Added<'a> {
    game: Option<&'a str>,
    id: Option<&'a str>,
    line: u32,
    new: bool,
    verdict: &'static str,
}

/// The query of a listing.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    verdict: Option<String>,
    game: Option<String>,
    profile: Option<String>,
    player: Option<String>,
    date: Option<String>,
    code: Option<String>,
    limit: Option<u32>,
    offset: Option<u64>,
}

/// The page size without `limit`, and the most `limit` may ask.
const PAGE: u32 = 100;
const PAGE_MAX: u32 = 1000;

async fn list_records(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(cid): Path<String>,
    q: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    readable(&state, &headers, &cid).await?;
    let filter = Filter {
        verdict: q.verdict,
        game: q.game,
        profile: q.profile,
        player: q.player,
        date: q.date,
        code: q.code,
        limit: q.limit.unwrap_or(PAGE).min(PAGE_MAX),
        offset: q.offset.unwrap_or(0).min(i64::MAX as u64),
    };
    let store = state.store.clone();
    let page = blocking(move || store.list(&cid, &filter).map_err(ApiError::internal)).await?;
    Ok(Json(page).into_response())
}

/// The query of a record's fetch.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RecordQuery {
    format: Option<String>,
}

/// A stored record's canonical text as an ISS record, where its game has that form.
fn iss_text(canonical: &str) -> Result<String, ApiError> {
    let refuse = |why: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "no_iss_form", why);
    let mut record = check::records_in(canonical.as_bytes(), Some(Form::Stich))
        .ok()
        .and_then(|mut r| r.next())
        .and_then(|p| p.record)
        .ok_or_else(|| refuse("the stored record could not be read back".into()))?;
    if !engine::to_leader_layout(&mut record) {
        return Err(refuse(
            "the play in columns could not be replayed to find its leaders".into(),
        ));
    }
    record.tags.retain(|t| iss::tag_has_property(&t.name.node));
    match iss::from_record(&record) {
        Ok(game) => Ok(format!("{}\n", iss::write(&game))),
        Err(diags) => Err(refuse(diags.first().map_or_else(
            || "the record has no ISS form".to_string(),
            |d| d.message.clone(),
        ))),
    }
}

async fn get_record(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((cid, rid)): Path<(String, String)>,
    q: Result<Query<RecordQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    readable(&state, &headers, &cid).await?;
    let store = state.store.clone();
    let stored = blocking(move || store.record(&cid, &rid).map_err(ApiError::internal))
        .await?
        .ok_or_else(|| ApiError::not_found("record in this collection"))?;
    let (ct, text) = match q.format.as_deref() {
        None | Some("json") => ("application/json", stored.report),
        Some("stich") => ("text/x-stich; charset=utf-8", stored.canonical),
        Some("iss") => ("text/x-iss; charset=utf-8", iss_text(&stored.canonical)?),
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "format `{other}`: stich, iss or json"
            )));
        }
    };
    let mut r = (StatusCode::OK, text).into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(ct));
    Ok(r)
}

/// The query of a collection's sheets.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SheetsQuery {
    scoring: Option<String>,
}

/// A finding about a record of a collection's sheets: which record, and where in its
/// canonical text.
#[derive(serde::Serialize)]
struct SheetFinding {
    record: String,
    code: String,
    severity: notation::Severity,
    message: String,
    line: Option<u32>,
    column: Option<u32>,
}

/// The sheets of a collection and the ranking across them, as `stich sheet --format json`
/// gives them for the collection's records, with the findings of checking the sheets.
async fn sheets(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(cid): Path<String>,
    q: Result<Query<SheetsQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let scoring = match q.scoring.as_deref() {
        None | Some("plain") => engine::skat::sheet::Scoring::Plain,
        Some("seeger-fabian") => engine::skat::sheet::Scoring::SeegerFabian,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "scoring `{other}`: plain or seeger-fabian"
            )));
        }
    };
    readable(&state, &headers, &cid).await?;
    let store = state.store.clone();
    let body = blocking(move || {
        let texts = store.texts(&cid).map_err(ApiError::internal)?;
        let mut book = check::sheets::Book::default();
        let mut ids = Vec::with_capacity(texts.len());
        for (id, text) in texts {
            let parsed = check::records_in(text.as_bytes(), Some(Form::Stich))
                .ok()
                .and_then(|mut r| r.next());
            if let Some(parsed) = parsed {
                book.add_record(parsed);
                ids.push(id);
            }
        }
        let scored = book.score(scoring);
        let mut findings = Vec::new();
        let mut left_out = 0u64;
        for (entry, id) in scored.entries.iter().zip(&ids) {
            left_out += u64::from(entry.left_out);
            for d in &entry.diagnostics {
                findings.push(SheetFinding {
                    record: id.clone(),
                    code: d.code.to_string(),
                    severity: d.severity,
                    message: d.message.clone(),
                    line: d.span.map(|s| s.line),
                    column: d.span.map(|s| s.column),
                });
            }
        }
        let mut v = serde_json::to_value(&scored.list).map_err(|e| ApiError::internal(e.to_string()))?;
        if let Some(o) = v.as_object_mut() {
            o.insert(
                "findings".into(),
                serde_json::to_value(findings).unwrap_or_default(),
            );
            o.insert("left_out".into(), (left_out + scored.unseries).into());
        }
        Ok::<_, ApiError>(v)
    })
    .await?;
    Ok(Json(body).into_response())
}

async fn delete_record(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((cid, rid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    require_token(&state, &headers)?;
    let store = state.store.clone();
    let gone = blocking(move || store.delete_record(&cid, &rid).map_err(ApiError::internal)).await?;
    if gone {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::not_found("record in this collection"))
    }
}

/// `GET /v1/schema`: what `stich schema` prints.
async fn schema() -> Response {
    json_text(StatusCode::OK, report::schema_text())
}

/// `GET /v1/rules`: what `stich rules --format json` prints.
async fn rules() -> Result<Response, ApiError> {
    let text = serde_json::to_string_pretty(&engine::profiles()).map_err(ApiError::internal)?;
    Ok(json_text(StatusCode::OK, text + "\n"))
}

async fn openapi(State(state): State<AppState>) -> Response {
    json_text(StatusCode::OK, state.openapi.as_str().to_string())
}

async fn healthz() -> Response {
    json_text(StatusCode::OK, "{\"status\":\"ok\"}")
}

async fn metrics(State(state): State<AppState>) -> Response {
    let mut r = (StatusCode::OK, state.metrics.render()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
    );
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A generated game in the server's form with what the server's records carry beside
    /// the game (names, a date), one line.
    fn server_game(seed: u64) -> String {
        let family = engine::family::by_tag("skat").expect("skat");
        let mut out = String::new();
        check::generate::render(
            family,
            "isko",
            check::generate::game_seed(seed, 0),
            Form::Iss,
            &mut out,
        )
        .expect("generated");
        let body = out
            .trim_end()
            .strip_prefix("(;GM[Skat]")
            .expect("a server record")
            .to_string();
        format!(
            "(;GM[Skat]DT[2019-03-{:02}/12:00:00/UTC]P0[anna]P1[bert]P2[anna]{body}\n",
            seed % 28 + 1
        )
    }

    /// An upload of several parts is one upload: every record in the order of the body,
    /// with the ids and lines the checker gives, a record repeated in a later part not new,
    /// and the collection listing the records in the order they came.
    #[test]
    fn an_upload_of_many_parts_is_stored_in_the_order_of_its_body() {
        let n = 3 * PART as u64 + 5;
        let mut body = String::new();
        for seed in 0..n {
            body.push_str(&server_game(seed));
        }
        body.push_str(&server_game(3));
        let store = crate::store::sqlite::Sqlite::open(":memory:").expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        let (uploads, fresh) = check_and_add(body.as_bytes(), Some(Form::Iss), &store, &c.id).expect("read");
        let fresh = fresh.expect("added");
        let expected = check::check_str(&body);
        assert_eq!(uploads.len(), expected.len());
        for (u, r) in uploads.iter().zip(&expected) {
            assert_eq!((u.id.as_deref(), u.line), (r.id.as_deref(), r.source.line));
        }
        let mut want = vec![true; n as usize];
        want.push(false);
        assert_eq!(fresh, want);
        let filter = crate::store::Filter {
            limit: 1000,
            ..Default::default()
        };
        let listed: Vec<String> = store
            .list(&c.id, &filter)
            .expect("listed")
            .records
            .into_iter()
            .map(|r| r.id)
            .collect();
        let ids: Vec<String> = uploads
            .iter()
            .take(n as usize)
            .filter_map(|u| u.id.clone())
            .collect();
        assert_eq!(listed, ids);
        // The same body again: nothing new.
        let (_, again) = check_and_add(body.as_bytes(), Some(Form::Iss), &store, &c.id).expect("read");
        assert!(again.expect("added").iter().all(|new| !new));
    }

    /// A store that refuses an upload once it has its first part, and counts the records
    /// readied for it (on the checking threads).
    struct RefusesAfterFirst {
        prepared: std::sync::atomic::AtomicUsize,
    }

    fn unused<T>() -> crate::store::Result<T> {
        Err(crate::store::StoreError("not used here".into()))
    }

    impl Store for RefusesAfterFirst {
        fn create_collection(&self, _: &str, _: bool) -> crate::store::Result<crate::store::Collection> {
            unused()
        }
        fn collections(&self) -> crate::store::Result<Vec<crate::store::Collection>> {
            unused()
        }
        fn collection(&self, _: &str) -> crate::store::Result<Option<crate::store::Collection>> {
            unused()
        }
        fn has_collection(&self, _: &str) -> crate::store::Result<bool> {
            unused()
        }
        fn verdict_counts(&self, _: &str) -> crate::store::Result<Vec<(String, u64)>> {
            unused()
        }
        fn delete_collection(&self, _: &str) -> crate::store::Result<bool> {
            unused()
        }
        fn prepare(&self, _: &mut NewRecord) {
            self.prepared.fetch_add(1, Ordering::Relaxed);
        }
        fn add_records(&self, _: &str, _: &[NewRecord]) -> crate::store::Result<Vec<bool>> {
            unused()
        }
        fn add_records_in_parts(
            &self,
            _: &str,
            parts: &mut dyn Iterator<Item = crate::store::Result<Vec<NewRecord>>>,
        ) -> crate::store::Result<Vec<bool>> {
            let _first = parts.next();
            Err(crate::store::StoreError("the disk is full".into()))
        }
        fn list(&self, _: &str, _: &crate::store::Filter) -> crate::store::Result<crate::store::Page> {
            unused()
        }
        fn texts(&self, _: &str) -> crate::store::Result<Vec<(String, String)>> {
            unused()
        }
        fn record(&self, _: &str, _: &str) -> crate::store::Result<Option<crate::store::Stored>> {
            unused()
        }
        fn delete_record(&self, _: &str, _: &str) -> crate::store::Result<bool> {
            unused()
        }
        fn integrity_check(&self) -> crate::store::Result<String> {
            unused()
        }
    }

    /// A large body is cut in parts of the largest size; a small one in smaller parts, so
    /// that both threads have some, but never in parts of a record or two.
    #[test]
    fn parts_are_sized_for_the_threads() {
        assert_eq!(part_size(100_000, 2), PART);
        assert_eq!(part_size(1_000, 2), PART);
        assert_eq!(part_size(400, 2), 50);
        assert_eq!(part_size(1_000, 16), SMALLEST_PART);
        assert_eq!(part_size(200, 2), 25);
        assert_eq!(part_size(3, 2), SMALLEST_PART);
        assert_eq!(part_size(0, 0), SMALLEST_PART);
    }

    /// When the store gives up on an upload, the checking of the rest of its body stops
    /// too, within the window of parts already made, instead of checking every record for
    /// nothing.
    #[test]
    fn a_store_that_gives_up_stops_the_checking() {
        let total = 4 * (WINDOW + 1) * PART;
        let mut body = String::new();
        for seed in 0..total as u64 {
            body.push_str(&server_game(seed));
        }
        let store = RefusesAfterFirst {
            prepared: std::sync::atomic::AtomicUsize::new(0),
        };
        let (_, added) = check_and_add(body.as_bytes(), Some(Form::Iss), &store, "c").expect("read");
        assert!(added.is_err_and(|e| e.0.contains("full")));
        let prepared = store.prepared.load(Ordering::Relaxed);
        assert!(prepared >= PART, "the first part was checked: {prepared}");
        assert!(
            prepared <= (WINDOW + 1) * PART,
            "{prepared} of {total} checked after the store gave up"
        );
    }

    /// What the fast path stores of a record is what the full path stores of it: the id,
    /// the canonical text, the report, the players and the date; and the fast path is
    /// taken for nearly every plain record, or it gains nothing.
    #[test]
    fn a_plain_record_is_stored_as_the_full_path_stores_it() {
        let mut body = String::new();
        for seed in 0..300 {
            body.push_str(&server_game(seed));
        }
        let shared =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/iss/real-games.sgf");
        if let Ok(text) = std::fs::read_to_string(shared) {
            body.push_str(&text);
        }
        let units = check::units_in(body.as_bytes(), Some(Form::Iss)).expect("readable");
        let (mut fast, mut all) = (0, 0);
        for unit in units {
            let check::Unit::Iss(raw) = unit else { continue };
            all += 1;
            let full = upload_of(check::build(
                check::Unit::Iss(raw.clone()).into_parsed(),
                Form::Iss,
                None,
                check::Work::FULL,
            ));
            let line = raw.location.span.line;
            let source = check::Source {
                path: None,
                line,
                offset: raw.location.span.start,
            };
            let Some(plain) = check::plain_report::plain_report(raw.bytes(), &source) else {
                continue;
            };
            fast += 1;
            let quick = plain_upload(plain, line);
            assert_eq!(quick.id, full.id);
            assert_eq!(
                (quick.verdict, &quick.game, quick.line),
                (full.verdict, &full.game, full.line)
            );
            assert_eq!(quick.stored, full.stored, "line {line}");
        }
        assert!(all >= 300);
        assert!(fast * 100 >= all * 90, "{fast} of {all} taken");
    }
}
