//! Whatever the body, the service answers: `200` with reports that read as JSON, or a
//! `4xx` with a JSON error; never a `5xx`, never a dropped connection.

mod common;

use common::{TOKEN, app, call};
use proptest::prelude::*;

/// Pieces that bodies are made of: records of both forms, parts of them, bytes that look
/// like compressed streams, and noise.
fn body() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop::sample::select(vec![
        b"(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n".to_vec(),
        b"(;GM[Skat]MV[".to_vec(),
        b"[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n".to_vec(),
        b"[Game \"pinochle\"]\n".to_vec(),
        b"\x1f\x8b\x08\x00".to_vec(),
        b"BZh91AY&SY".to_vec(),
        b"\xef\xbb\xbf".to_vec(),
        b"play\n  1: \xe2\x99\xa3J \xe2\x99\xa0J \xe2\x99\xa5J\n".to_vec(),
        b"\n\n".to_vec(),
        vec![0xff, 0xfe, 0x00],
    ]);
    let part = prop_oneof![pieces, prop::collection::vec(any::<u8>(), 0..64)];
    prop::collection::vec(part, 0..8).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_body_gets_an_answer_not_a_failure(bytes in body(), q in 0usize..4) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let app = app();
            let query = ["", "?format=jsonl", "?report=brief", "?cards=ascii&pretty=true"][q];
            let a = call(&app, "POST", &format!("/v1/check{query}"), None, bytes.clone()).await;
            assert!(a.status.is_success() || a.status.is_client_error(), "{}: {}", a.status, a.text());
            if a.status.is_success() {
                for line in a.text().lines().filter(|_| q == 1) {
                    serde_json::from_str::<serde_json::Value>(line).unwrap();
                }
                if q != 1 {
                    let _: serde_json::Value = a.json();
                }
            } else {
                assert!(!a.code().is_empty());
            }
            let c = call(&app, "POST", "/v1/collections", Some(TOKEN), r#"{"name":"p"}"#).await.json();
            let uri = format!("/v1/collections/{}/records", c["id"].as_str().unwrap());
            let up = call(&app, "POST", &uri, Some(TOKEN), bytes).await;
            assert!(up.status.is_success() || up.status.is_client_error(), "{}: {}", up.status, up.text());
            let listed = call(&app, "GET", &uri, None, "").await;
            assert!(listed.status.is_success() || listed.status.is_client_error());
        });
    }

    #[test]
    fn any_path_and_query_gets_an_answer(path in "[a-z0-9/._%{}?=&-]{0,40}") {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let app = app();
            for method in ["GET", "POST", "DELETE"] {
                let uri = format!("/v1/{path}");
                if uri.parse::<axum::http::Uri>().is_err() {
                    continue;
                }
                let a = call(&app, method, &uri, Some(TOKEN), "").await;
                assert!(!a.status.is_server_error(), "{method} {uri}: {}", a.status);
            }
        });
    }
}
