//! The routes of the service, called in-process.

mod common;

use axum::http::StatusCode;
use common::{TOKEN, app, app_with, call};

const PASSED: &str = "(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n";

fn corpus(path: &str) -> String {
    std::fs::read_to_string(common::root().join("corpus").join(path)).expect("a corpus file")
}

#[tokio::test]
async fn check_answers_what_the_library_reports() {
    let app = app();
    let a = call(&app, "POST", "/v1/check", None, PASSED).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.headers["content-type"], "application/json");
    let reports = a.json();
    let expected = check::check_str(PASSED);
    assert_eq!(reports.as_array().map(Vec::len), Some(1));
    assert_eq!(reports[0]["verdict"], "consistent");
    assert_eq!(reports[0]["id"].as_str(), expected[0].id.as_deref());
    // The source path is only what the query names.
    assert!(reports[0]["source"].get("path").is_none());
    let named = call(
        &app,
        "POST",
        "/v1/check?path=games%2Fa.sgf&format=jsonl",
        None,
        PASSED,
    )
    .await;
    assert_eq!(named.headers["content-type"], "application/x-ndjson");
    let line: serde_json::Value = serde_json::from_str(named.text().trim_end()).unwrap();
    assert_eq!(line["source"]["path"], "games/a.sgf");
    // An empty body is no records.
    let empty = call(&app, "POST", "/v1/check", None, "").await;
    assert_eq!(empty.json(), serde_json::json!([]));
}

#[tokio::test]
async fn the_content_type_names_the_form() {
    let app = app();
    // Taken as stich text, an ISS record is not readable.
    let req = axum::http::Request::post("/v1/check")
        .header("content-type", "text/x-stich")
        .body(axum::body::Body::from(PASSED))
        .unwrap();
    let res = tower::ServiceExt::oneshot(app.clone(), req).await.unwrap();
    let body = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap();
    let reports: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_ne!(reports[0]["verdict"], "consistent");
    let sniffed = call(&app, "POST", "/v1/check", None, PASSED).await.json();
    assert_eq!(sniffed[0]["verdict"], "consistent");
}

#[tokio::test]
async fn bad_queries_are_json_errors() {
    let app = app();
    for uri in [
        "/v1/check?format=xml",
        "/v1/check?report=long",
        "/v1/check?cards=emoji",
        "/v1/check?pretty=maybe",
        "/v1/check?unknown=1",
    ] {
        let a = call(&app, "POST", uri, None, PASSED).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(a.code(), "bad_request", "{uri}");
    }
    let a = call(&app, "GET", "/nowhere", None, "").await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert_eq!(a.code(), "not_found");
}

#[tokio::test]
async fn limits_answer_413_and_429_with_json_bodies() {
    let limits = serve::Limits {
        body_bytes: 1000,
        records: 2,
        ..serve::Limits::default()
    };
    let app = app_with(limits);
    let big = call(&app, "POST", "/v1/check", None, "x".repeat(1001)).await;
    assert_eq!(big.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(big.code(), "body_too_large");
    let many = call(&app, "POST", "/v1/check", None, PASSED.repeat(3)).await;
    assert_eq!(many.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(many.code(), "too_many_records");
    assert_eq!(
        call(&app, "POST", "/v1/check", None, PASSED.repeat(2))
            .await
            .status,
        StatusCode::OK
    );
    let created = call(&app, "POST", "/v1/collections", Some(TOKEN), r#"{"name":"t"}"#)
        .await
        .json();
    let uri = format!("/v1/collections/{}/records", created["id"].as_str().unwrap());
    let many = call(&app, "POST", &uri, Some(TOKEN), PASSED.repeat(3)).await;
    assert_eq!(many.code(), "too_many_records");
    let metrics = call(&app, "GET", "/metrics", None, "").await.text();
    assert!(
        metrics.contains("stich_http_rejected_total{reason=\"too_many_records\"} 2"),
        "{metrics}"
    );
    assert!(
        metrics.contains("stich_http_rejected_total{reason=\"body_too_large\"} 1"),
        "{metrics}"
    );

    // No permit left: every request is refused at once.
    let none = serve::Limits {
        concurrent: 1,
        ..serve::Limits::default()
    };
    let app = app_with(none);
    let slow = {
        let app = app.clone();
        // A body that never ends holds the only permit.
        let (tx, rx) = tokio::sync::mpsc::channel::<Result<axum::body::Bytes, std::io::Error>>(1);
        let stream = futures_stream(rx);
        let req = axum::http::Request::post("/v1/check")
            .body(axum::body::Body::new(stream))
            .unwrap();
        let handle = tokio::spawn(async move { tower::ServiceExt::oneshot(app, req).await });
        (tx, handle)
    };
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let refused = call(&app, "GET", "/healthz", None, "").await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.code(), "overloaded");
    assert_eq!(refused.headers["retry-after"], "1");
    drop(slow.0);
    let done = slow.1.await.unwrap().unwrap();
    assert_eq!(done.status(), StatusCode::OK);
    assert_eq!(
        call(&app, "GET", "/healthz", None, "").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_request_past_its_time_is_503() {
    let limits = serve::Limits {
        timeout: std::time::Duration::from_millis(50),
        ..serve::Limits::default()
    };
    let app = app_with(limits);
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<axum::body::Bytes, std::io::Error>>(1);
    let req = axum::http::Request::post("/v1/check")
        .body(axum::body::Body::new(futures_stream(rx)))
        .unwrap();
    let res = tower::ServiceExt::oneshot(app, req).await.unwrap();
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    drop(tx);
}

/// A request body fed from a channel, which stays open until the sender is dropped.
fn futures_stream(
    rx: tokio::sync::mpsc::Receiver<Result<axum::body::Bytes, std::io::Error>>,
) -> impl http_body::Body<Data = axum::body::Bytes, Error = std::io::Error> + Send + 'static {
    struct Feed(tokio::sync::mpsc::Receiver<Result<axum::body::Bytes, std::io::Error>>);
    impl http_body::Body for Feed {
        type Data = axum::body::Bytes;
        type Error = std::io::Error;
        fn poll_frame(
            mut self: std::pin::Pin<&mut Self>,
            cx: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Result<http_body::Frame<axum::body::Bytes>, std::io::Error>>> {
            self.0
                .poll_recv(cx)
                .map(|o| o.map(|r| r.map(http_body::Frame::data)))
        }
    }
    Feed(rx)
}

#[tokio::test]
async fn writes_need_a_known_token() {
    let app = app();
    let none = call(&app, "POST", "/v1/collections", None, r#"{"name":"a"}"#).await;
    assert_eq!(none.status, StatusCode::UNAUTHORIZED);
    assert_eq!(none.code(), "unauthorized");
    let wrong = call(&app, "POST", "/v1/collections", Some("guess"), r#"{"name":"a"}"#).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert_eq!(wrong.code(), "forbidden");
    // A server without tokens takes no writes at all.
    let open = serve::app(
        serve::AppState::open(&serve::Settings {
            db: ":memory:".into(),
            ..serve::Settings::default()
        })
        .unwrap(),
    );
    let refused = call(&open, "POST", "/v1/collections", Some(TOKEN), r#"{"name":"a"}"#).await;
    assert_eq!(refused.code(), "writes_disabled");
    for body in ["", "{}", r#"{"name":""}"#, r#"{"name":"a","extra":1}"#, "[1]"] {
        let bad = call(&app, "POST", "/v1/collections", Some(TOKEN), body).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{body}");
    }
}

#[tokio::test]
async fn a_collection_keeps_each_record_once_and_lists_it_by_every_filter() {
    let app = app();
    let made = call(
        &app,
        "POST",
        "/v1/collections",
        Some(TOKEN),
        r#"{"name":"Club archive","public":true}"#,
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED);
    let c = made.json();
    assert_eq!(c["name"], "Club archive");
    assert_eq!(c["public"], true);
    let cid = c["id"].as_str().unwrap().to_string();
    let records = format!("/v1/collections/{cid}/records");

    let server = corpus("skat/rulings/server-flags.sgf");
    let first = call(&app, "POST", &records, Some(TOKEN), server.clone()).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let first = first.json();
    let n = first["added"].as_array().unwrap().len() as u64;
    assert!(n > 0);
    let expected = check::check_str(&server);
    let ids: Vec<&str> = expected.iter().filter_map(|r| r.id.as_deref()).collect();
    let distinct: std::collections::BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(first["new"].as_u64().unwrap(), distinct.len() as u64);
    assert_eq!(first["added"][0]["id"].as_str(), expected[0].id.as_deref());
    assert_eq!(
        first["added"][0]["line"].as_u64(),
        Some(u64::from(expected[0].source.line))
    );
    // The same records again: nothing new.
    let again = call(&app, "POST", &records, Some(TOKEN), server.clone())
        .await
        .json();
    assert_eq!(again["new"], 0);
    assert_eq!(again["existing"].as_u64(), Some(ids.len() as u64));

    // A stich record too, and an unreadable one that is not stored.
    let stich = corpus("skat/american/figures.stich");
    let added = call(&app, "POST", &records, Some(TOKEN), format!("{stich}\njunk (\n"))
        .await
        .json();
    assert!(added["new"].as_u64().unwrap() >= 1, "{added}");

    let all = call(&app, "GET", &records, None, "").await.json();
    let total = all["total"].as_u64().unwrap();
    assert_eq!(total, distinct.len() as u64 + added["new"].as_u64().unwrap());
    assert_eq!(all["limit"], 100);
    assert_eq!(all["offset"], 0);

    // Filters: each record listed matches; together they select one.
    let r0 = &all["records"][0];
    let verdict = r0["verdict"].as_str().unwrap();
    let by_verdict = call(&app, "GET", &format!("{records}?verdict={verdict}"), None, "")
        .await
        .json();
    assert!(
        by_verdict["records"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["verdict"] == verdict)
    );
    let skat = call(
        &app,
        "GET",
        &format!("{records}?game=skat&limit=1&offset=1"),
        None,
        "",
    )
    .await
    .json();
    assert_eq!(skat["records"].as_array().unwrap().len(), 1);
    assert_eq!(skat["records"][0]["id"], all["records"][1]["id"]);
    let nothing = call(&app, "GET", &format!("{records}?game=pinochle"), None, "")
        .await
        .json();
    assert_eq!(nothing["total"], 0);
    if let Some(player) = r0["players"][0].as_str() {
        let q = format!("{records}?player={}", player.replace(' ', "%20"));
        let by_player = call(&app, "GET", &q, None, "").await.json();
        assert!(by_player["total"].as_u64().unwrap() >= 1);
        assert!(
            by_player["records"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["players"].as_array().unwrap().iter().any(|p| p == player))
        );
    }
    let with_code = all["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| !r["codes"].as_array().unwrap().is_empty());
    if let Some(r) = with_code {
        let code = r["codes"][0].as_str().unwrap();
        let by_code = call(&app, "GET", &format!("{records}?code={code}"), None, "")
            .await
            .json();
        assert!(
            by_code["records"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["id"] == r["id"])
        );
        assert!(
            by_code["records"].as_array().unwrap().iter().all(|x| x["codes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c == code))
        );
    }
    if let Some(date) = r0["date"].as_str() {
        let year = &date[..4.min(date.len())];
        let by_date = call(&app, "GET", &format!("{records}?date={year}"), None, "")
            .await
            .json();
        assert!(
            by_date["records"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["id"] == r0["id"])
        );
    }
    // A LIKE wildcard in the date is taken as itself.
    let wild = call(&app, "GET", &format!("{records}?date=%25"), None, "")
        .await
        .json();
    assert_eq!(wild["total"], 0);

    // One record in each form.
    let rid = r0["id"].as_str().unwrap();
    let one = format!("{records}/{rid}");
    let json = call(&app, "GET", &one, None, "").await.json();
    assert_eq!(json["id"], rid);
    let text = call(&app, "GET", &format!("{one}?format=stich"), None, "").await;
    assert_eq!(text.headers["content-type"], "text/x-stich; charset=utf-8");
    let rechecked = check::check_str(&text.text());
    assert_eq!(rechecked[0].id.as_deref(), Some(rid));
    let iss = call(&app, "GET", &format!("{one}?format=iss"), None, "").await;
    assert_eq!(iss.status, StatusCode::OK, "{}", iss.text());
    assert!(iss.text().starts_with("(;"), "{}", iss.text());
    assert_eq!(check::check_str(&iss.text())[0].game.as_deref(), Some("skat"));

    // The collection with its counts.
    let detail = call(&app, "GET", &format!("/v1/collections/{cid}"), None, "")
        .await
        .json();
    assert_eq!(detail["records"].as_u64(), Some(total));
    let counted: u64 = detail["verdicts"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(counted, total);

    // Deleting a record, then the collection.
    assert_eq!(
        call(&app, "DELETE", &one, None, "").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        call(&app, "DELETE", &one, Some(TOKEN), "").await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        call(&app, "GET", &one, None, "").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(&app, "DELETE", &one, Some(TOKEN), "").await.status,
        StatusCode::NOT_FOUND
    );
    let after = call(&app, "GET", &records, None, "").await.json();
    assert_eq!(after["total"].as_u64(), Some(total - 1));
    let gone = call(&app, "DELETE", &format!("/v1/collections/{cid}"), Some(TOKEN), "").await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    assert_eq!(
        call(&app, "GET", &records, None, "").await.status,
        StatusCode::NOT_FOUND
    );
    let listed = call(&app, "GET", "/v1/collections", Some(TOKEN), "").await.json();
    assert_eq!(listed["collections"], serde_json::json!([]));
}

#[tokio::test]
async fn a_private_collection_is_read_with_a_token_only() {
    let app = app();
    let c = call(
        &app,
        "POST",
        "/v1/collections",
        Some(TOKEN),
        r#"{"name":"Private"}"#,
    )
    .await
    .json();
    assert_eq!(c["public"], false);
    let cid = c["id"].as_str().unwrap();
    call(
        &app,
        "POST",
        &format!("/v1/collections/{cid}/records"),
        Some(TOKEN),
        PASSED,
    )
    .await;
    let uri = format!("/v1/collections/{cid}/records");
    assert_eq!(
        call(&app, "GET", &uri, None, "").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        call(&app, "GET", &uri, Some("guess"), "").await.status,
        StatusCode::FORBIDDEN
    );
    let page = call(&app, "GET", &uri, Some(TOKEN), "").await.json();
    assert_eq!(page["total"], 1);
    // Listed to token holders only.
    let public = call(&app, "GET", "/v1/collections", None, "").await.json();
    assert_eq!(public["collections"], serde_json::json!([]));
    let all = call(&app, "GET", "/v1/collections", Some(TOKEN), "").await.json();
    assert_eq!(all["collections"][0]["records"], 1);
}

#[tokio::test]
async fn schema_rules_health_and_metrics() {
    let app = app();
    let schema = call(&app, "GET", "/v1/schema", None, "").await;
    assert_eq!(schema.text(), report::schema_text());
    let rules = call(&app, "GET", "/v1/rules", None, "").await.json();
    assert_eq!(rules, serde_json::to_value(engine::profiles()).unwrap());
    let health = call(&app, "GET", "/healthz", None, "").await;
    assert_eq!(health.json(), serde_json::json!({"status": "ok"}));
    call(&app, "POST", "/v1/check", None, PASSED).await;
    let metrics = call(&app, "GET", "/metrics", None, "").await;
    assert!(
        metrics.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    let text = metrics.text();
    assert!(
        text.contains("stich_http_requests_total{route=\"/v1/check\",status=\"200\"} 1"),
        "{text}"
    );
    assert!(text.contains("stich_records_checked_total 1"), "{text}");
}

#[tokio::test]
async fn the_openapi_document_lists_every_route_and_embeds_the_report_schema() {
    let app = app();
    let doc = call(&app, "GET", "/v1/openapi.json", None, "").await.json();
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(doc["components"]["schemas"]["Report"], report::schema());
    assert_eq!(doc["components"]["schemas"]["Brief"], report::brief_schema());
    let paths = doc["paths"].as_object().unwrap();
    for (method, path) in serve::ROUTES {
        assert!(
            paths.get(*path).and_then(|p| p.get(*method)).is_some(),
            "{method} {path} is not in spec/openapi.json"
        );
        // And the router serves it: not the fallback's 404 nor a 405.
        let uri = path.replace("{cid}", "nope").replace("{rid}", "nope");
        let a = call(&app, &method.to_uppercase(), &uri, Some(TOKEN), "").await;
        assert_ne!(a.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        if a.status == StatusCode::NOT_FOUND {
            assert_ne!(a.json()["error"]["message"], "no such route", "{method} {path}");
        }
    }
    let listed: usize = paths
        .values()
        .map(|p| {
            p.as_object()
                .unwrap()
                .keys()
                .filter(|k| *k != "parameters")
                .count()
        })
        .sum();
    assert_eq!(
        listed,
        serve::ROUTES.len(),
        "spec/openapi.json lists a route the router does not have"
    );
    // The repository's file refers to the schema files themselves.
    let source: serde_json::Value = serde_json::from_str(include_str!("../../../spec/openapi.json")).unwrap();
    assert_eq!(
        source["components"]["schemas"]["Report"]["$ref"],
        "schema/report.schema.json"
    );
}

/// A record of notation version 2 (a score sheet) is fetched as a text that reads back to
/// the same record: under its `%stich 2` line.
#[tokio::test]
async fn a_version_2_record_is_fetched_under_its_version_line() {
    let app = app();
    let made = call(&app, "POST", "/v1/collections", Some(TOKEN), r#"{"name":"v2"}"#)
        .await
        .json();
    let cid = made["id"].as_str().unwrap().to_string();
    let records = format!("/v1/collections/{cid}/records");
    let sheet = corpus("skat/sheets/club-evening.stich");
    let added = call(&app, "POST", &records, Some(TOKEN), sheet.clone())
        .await
        .json();
    assert_eq!(added["new"], 1, "{added}");
    let rid = added["added"][0]["id"].as_str().unwrap().to_string();
    let text = call(
        &app,
        "GET",
        &format!("{records}/{rid}?format=stich"),
        Some(TOKEN),
        "",
    )
    .await
    .text();
    assert!(text.starts_with("%stich 2\n"), "{text}");
    let rechecked = check::check_str(&text);
    assert_eq!(rechecked[0].id.as_deref(), Some(rid.as_str()));
    assert_eq!(rechecked[0].verdict, check::check_str(&sheet)[0].verdict);
    // The sheets of the collection: the one sheet, scored.
    let sheets = call(
        &app,
        "GET",
        &format!("/v1/collections/{cid}/sheets"),
        Some(TOKEN),
        "",
    )
    .await
    .json();
    assert_eq!(sheets["sheets"].as_array().map(Vec::len), Some(1), "{sheets}");
    assert_eq!(sheets["sheets"][0]["id"], "Club evening");
    let bad = call(
        &app,
        "GET",
        &format!("/v1/collections/{cid}/sheets?scoring=odd"),
        Some(TOKEN),
        "",
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}
