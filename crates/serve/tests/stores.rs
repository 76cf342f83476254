//! Every store answers the same calls the same way: the embedded SQLite store (in memory and
//! in a file) always, and a PostgreSQL server when `STICH_TEST_POSTGRES` names one
//! (`postgres://user:password@host:port/db`, a role that may create databases). The tests
//! make a database of their own on that server and drop it afterwards.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serve::store::postgres::Scratch;
use serve::store::{Filter, NewRecord, Store, StoreError};
use tower::ServiceExt;

fn new_record(n: usize, verdict: &'static str, players: &[&str], codes: &[&str]) -> NewRecord {
    NewRecord {
        id: format!("{n:064x}"),
        game: Some(if n.is_multiple_of(2) { "skat" } else { "pinochle" }.to_string()),
        profile: Some(
            if n.is_multiple_of(2) {
                "isko"
            } else {
                "uspc-partnership"
            }
            .to_string(),
        ),
        verdict,
        players: players.iter().map(|p| p.to_string()).collect(),
        date: Some(format!("2010-12-{:02}", n % 28 + 1)),
        codes: codes.iter().map(|c| c.to_string()).collect(),
        canonical: format!("[Game \"skat\"]\n\n% record {n}\n"),
        report: format!("{{\"n\":{n}}}"),
        line: n as u32 * 10 + 1,
        packed: None,
    }
}

fn filter() -> Filter {
    Filter {
        limit: 100,
        ..Filter::default()
    }
}

fn ids(store: &dyn Store, collection: &str, f: Filter) -> Vec<String> {
    let page = store.list(collection, &f).expect("a listing");
    page.records.into_iter().map(|r| r.id).collect()
}

/// What every store must do, call by call.
fn conformance(store: &dyn Store) {
    let club = store.create_collection("Club", true).expect("a collection");
    let other = store.create_collection("Other", false).expect("a collection");
    assert_eq!(club.records, 0);
    assert_ne!(club.id, other.id);
    let names: Vec<String> = store
        .collections()
        .expect("collections")
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names, ["Club", "Other"]);

    // Five records, the third twice in the one batch: it joins once, at its first place.
    let batch = vec![
        new_record(1, "consistent", &["anna", "bert", "carl"], &[]),
        new_record(2, "inconsistent", &["anna", "dora", "emil"], &["S0409", "S0104"]),
        new_record(3, "consistent", &["bert", "carl", "dora"], &[]),
        new_record(3, "consistent", &["bert", "carl", "dora"], &[]),
        new_record(4, "incomplete", &["emil", "anna", "bert"], &["P0216"]),
    ];
    let fresh = store.add_records(&club.id, &batch).expect("added");
    assert_eq!(fresh, [true, true, true, false, true]);
    // Again: nothing is new; another collection shares the stored records.
    assert_eq!(store.add_records(&club.id, &batch).expect("added"), [false; 5]);
    let shared = vec![
        new_record(2, "inconsistent", &[], &[]),
        new_record(5, "consistent", &[], &[]),
    ];
    assert_eq!(
        store.add_records(&other.id, &shared).expect("added"),
        [true, true]
    );

    let c = store.collection(&club.id).expect("read").expect("exists");
    assert_eq!((c.name.as_str(), c.public, c.records), ("Club", true, 4));
    assert!(store.collection("0000000000000000").expect("read").is_none());
    assert!(store.has_collection(&club.id).expect("read"));
    assert!(!store.has_collection("0000000000000000").expect("read"));

    // Listing: in the order added, with players by seat and codes sorted.
    let page = store.list(&club.id, &filter()).expect("a listing");
    assert_eq!(page.total, 4);
    let listed: Vec<&str> = page.records.iter().map(|r| r.id.as_str()).collect();
    let want: Vec<String> = [1, 2, 3, 4].iter().map(|n| format!("{n:064x}")).collect();
    assert_eq!(listed, want);
    let second = &page.records[1];
    assert_eq!(second.players, ["anna", "dora", "emil"]);
    assert_eq!(second.codes, ["S0104", "S0409"]);
    assert_eq!(second.verdict, "inconsistent");
    assert_eq!(second.date.as_deref(), Some("2010-12-03"));

    // Each filter, and paging.
    let by = |f: Filter| ids(store, &club.id, f);
    assert_eq!(
        by(Filter {
            verdict: Some("consistent".into()),
            ..filter()
        }),
        [want[0].clone(), want[2].clone()]
    );
    assert_eq!(
        by(Filter {
            game: Some("pinochle".into()),
            ..filter()
        }),
        [want[0].clone(), want[2].clone()]
    );
    assert_eq!(
        by(Filter {
            profile: Some("isko".into()),
            ..filter()
        }),
        [want[1].clone(), want[3].clone()]
    );
    assert_eq!(
        by(Filter {
            player: Some("emil".into()),
            ..filter()
        }),
        [want[1].clone(), want[3].clone()]
    );
    assert_eq!(
        by(Filter {
            code: Some("P0216".into()),
            ..filter()
        }),
        [want[3].clone()]
    );
    assert_eq!(
        by(Filter {
            date: Some("2010-12-0".into()),
            ..filter()
        })
        .len(),
        4
    );
    assert_eq!(
        by(Filter {
            date: Some("2010-12-05".into()),
            ..filter()
        }),
        [want[3].clone()]
    );
    // A wildcard in the value is taken literally.
    assert!(
        by(Filter {
            date: Some("2010%".into()),
            ..filter()
        })
        .is_empty()
    );
    assert!(
        by(Filter {
            player: Some("anna' OR '1'='1".into()),
            ..filter()
        })
        .is_empty()
    );
    let page = store
        .list(
            &club.id,
            &Filter {
                limit: 2,
                offset: 1,
                ..filter()
            },
        )
        .expect("a page");
    assert_eq!((page.total, page.limit, page.offset), (4, 2, 1));
    assert_eq!(
        page.records.iter().map(|r| r.id.clone()).collect::<Vec<_>>(),
        want[1..3]
    );

    let mut counts = store.verdict_counts(&club.id).expect("counts");
    counts.sort();
    assert_eq!(
        counts,
        [
            ("consistent".to_string(), 2),
            ("incomplete".to_string(), 1),
            ("inconsistent".to_string(), 1)
        ]
    );

    let texts = store.texts(&club.id).expect("texts");
    assert_eq!(texts.len(), 4);
    assert_eq!(
        texts[2],
        (want[2].clone(), "[Game \"skat\"]\n\n% record 3\n".to_string())
    );
    let stored = store.record(&club.id, &want[3]).expect("read").expect("held");
    assert_eq!(stored.report, "{\"n\":4}");
    assert!(store.record(&other.id, &want[0]).expect("read").is_none());

    // Deleting: a record another collection holds stays for it.
    assert!(store.delete_record(&club.id, &want[1]).expect("deleted"));
    assert!(!store.delete_record(&club.id, &want[1]).expect("deleted"));
    assert!(store.record(&other.id, &want[1]).expect("read").is_some());
    assert!(store.delete_collection(&club.id).expect("deleted"));
    assert!(!store.delete_collection(&club.id).expect("deleted"));
    assert!(store.collection(&club.id).expect("read").is_none());
    assert!(!store.has_collection(&club.id).expect("read"));
    assert_eq!(
        store
            .collection(&other.id)
            .expect("read")
            .expect("exists")
            .records,
        2
    );
    assert_eq!(store.integrity_check().expect("checked"), "ok");
    // A record the deleted collection alone held is gone: adding it again makes it new.
    assert_eq!(
        store
            .add_records(&other.id, &[new_record(1, "consistent", &[], &[])])
            .expect("added"),
        [true]
    );
    assert_eq!(store.integrity_check().expect("checked"), "ok");

    // A NUL character (the reader takes it in a tag's value) is kept in the record's text.
    let mut odd = new_record(9, "consistent", &["a\0b"], &[]);
    odd.canonical = "[Game \"skat\"]\n[Event \"a\0b\"]\n".into();
    assert_eq!(
        store
            .add_records(&other.id, std::slice::from_ref(&odd))
            .expect("added"),
        [true]
    );
    let kept = store.record(&other.id, &odd.id).expect("read").expect("held");
    assert_eq!(kept.canonical, odd.canonical);
    let texts = store.texts(&other.id).expect("texts");
    assert_eq!(texts.last().map(|t| t.1.as_str()), Some(odd.canonical.as_str()));

    // The parts of one upload are one transaction: a record of an earlier part is known to
    // a later one, and a part that is an error undoes the parts before it.
    let parts = store.create_collection("Parts", true).expect("a collection");
    let records: Vec<NewRecord> = [20, 21, 20, 22, 2]
        .iter()
        .map(|&n| new_record(n, "consistent", &["anna"], &[]))
        .collect();
    let mut failing = vec![Ok(records[..2].to_vec()), Err(StoreError("stopped".into()))].into_iter();
    assert!(store.add_records_in_parts(&parts.id, &mut failing).is_err());
    let c = store.collection(&parts.id).expect("read").expect("exists");
    assert_eq!(c.records, 0);
    assert!(store.record(&parts.id, &records[0].id).expect("read").is_none());
    let mut split = [&records[..2], &records[2..3], &records[3..]]
        .into_iter()
        .map(|p| Ok(p.to_vec()));
    assert_eq!(
        store.add_records_in_parts(&parts.id, &mut split).expect("added"),
        [true, true, false, true, true]
    );
    assert_eq!(
        ids(store, &parts.id, filter()),
        [20, 21, 22, 2].map(|n| format!("{n:064x}"))
    );
    assert!(store.delete_collection(&parts.id).expect("deleted"));
    assert!(store.record(&other.id, &records[4].id).expect("read").is_some());
}

#[test]
fn the_sqlite_store_in_memory_answers_every_call() {
    let store = serve::open_store(":memory:").expect("a store");
    conformance(store.as_ref());
}

#[test]
fn the_sqlite_store_in_a_file_answers_every_call_and_keeps_it() {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join("stich.db").display().to_string();
    {
        let store = serve::open_store(&path).expect("a store");
        conformance(store.as_ref());
    }
    let again = serve::open_store(&path).expect("the store opens again");
    let kept = again.collections().expect("collections");
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].records, 4);
}

fn scratch(tag: &str) -> Option<Scratch> {
    Scratch::from_env(tag).expect("the test server answers")
}

fn skipped(what: &str) {
    eprintln!("{what}: skipped, STICH_TEST_POSTGRES names no server");
}

#[test]
fn the_postgres_store_answers_every_call() {
    let Some(db) = scratch("calls") else {
        return skipped("the_postgres_store_answers_every_call");
    };
    let store = serve::open_store(&db.url).expect("a store");
    conformance(store.as_ref());
    drop(store);
    // Opened again, nothing is migrated twice and everything is kept.
    let again = serve::open_store(&db.url).expect("the store opens again");
    assert_eq!(again.collections().expect("collections")[0].records, 4);
    assert_eq!(again.integrity_check().expect("checked"), "ok");
}

#[test]
fn instances_sharing_a_postgres_store_store_each_record_once() {
    let Some(db) = scratch("shared") else {
        return skipped("instances_sharing_a_postgres_store_store_each_record_once");
    };
    // Four instances start at once: the migrations run once, under their lock.
    let stores: Vec<Arc<dyn Store>> = std::thread::scope(|s| {
        let opening: Vec<_> = (0..4)
            .map(|_| s.spawn(|| serve::open_store(&db.url).expect("a store")))
            .collect();
        opening.into_iter().map(|h| h.join().expect("opened")).collect()
    });
    let collection = stores[0]
        .create_collection("Round 1", true)
        .expect("a collection");
    // Every instance adds overlapping batches at the same time.
    let fresh: Vec<Vec<bool>> = std::thread::scope(|s| {
        let adding: Vec<_> = stores
            .iter()
            .enumerate()
            .map(|(k, store)| {
                let cid = collection.id.clone();
                s.spawn(move || {
                    let batch: Vec<NewRecord> = (k * 50..k * 50 + 100)
                        .map(|n| new_record(n, "consistent", &["a", "b", "c"], &[]))
                        .collect();
                    store.add_records(&cid, &batch).expect("added")
                })
            })
            .collect();
        adding.into_iter().map(|h| h.join().expect("added")).collect()
    });
    let new: usize = fresh.iter().flatten().filter(|&&f| f).count();
    assert_eq!(new, 250, "records 0..250, each new to the collection once");
    for store in &stores {
        let page = store
            .list(
                &collection.id,
                &Filter {
                    limit: 1000,
                    ..Filter::default()
                },
            )
            .expect("a listing");
        assert_eq!(page.total, 250);
        assert_eq!(store.integrity_check().expect("checked"), "ok");
    }
}

async fn call(app: &axum::Router, method: &str, uri: &str, body: String) -> (StatusCode, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("authorization", "Bearer test-token")
        .body(Body::from(body))
        .expect("a request");
    let answer = app.clone().oneshot(request).await.expect("an answer");
    let status = answer.status();
    let bytes = axum::body::to_bytes(answer.into_body(), usize::MAX)
        .await
        .expect("a body");
    (status, bytes.to_vec())
}

#[test]
fn the_service_on_a_postgres_store_stores_lists_and_scores() {
    // The scratch database is made and dropped outside the runtime: the synchronous client
    // may not block inside it.
    let Some(db) = scratch("service") else {
        return skipped("the_service_on_a_postgres_store_stores_lists_and_scores");
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(service_on(db.url.clone()));
}

async fn service_on(url: String) {
    let store = tokio::task::spawn_blocking(move || serve::open_store(&url).expect("a store"))
        .await
        .expect("opened");
    let settings = serve::Settings::default();
    let tokens = serve::auth::Tokens::parse("test-token").expect("tokens");
    let app = serve::app(serve::AppState::new(store, tokens, &settings));

    let (status, made) = call(
        &app,
        "POST",
        "/v1/collections",
        r#"{"name":"Series","public":true}"#.into(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let made: serde_json::Value = serde_json::from_slice(&made).expect("json");
    let cid = made["id"].as_str().expect("an id").to_string();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("corpus/skat/rulings/server-flags.sgf")).expect("corpus");
    let (status, added) = call(
        &app,
        "POST",
        &format!("/v1/collections/{cid}/records"),
        text.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&added));
    let added: serde_json::Value = serde_json::from_slice(&added).expect("json");
    let expected = check::check_str(&text);
    let distinct: std::collections::BTreeSet<&str> =
        expected.iter().filter_map(|r| r.id.as_deref()).collect();
    assert_eq!(added["new"].as_u64(), Some(distinct.len() as u64));

    let (_, listed) = call(
        &app,
        "GET",
        &format!("/v1/collections/{cid}/records"),
        String::new(),
    )
    .await;
    let listed: serde_json::Value = serde_json::from_slice(&listed).expect("json");
    assert_eq!(listed["total"].as_u64(), Some(distinct.len() as u64));
    let first = listed["records"][0]["id"].as_str().expect("an id").to_string();
    assert_eq!(Some(first.as_str()), expected[0].id.as_deref());
    let (status, one) = call(
        &app,
        "GET",
        &format!("/v1/collections/{cid}/records/{first}?format=json"),
        String::new(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let one: serde_json::Value = serde_json::from_slice(&one).expect("json");
    assert_eq!(one["id"].as_str(), Some(first.as_str()));
    let (status, sheets) = call(
        &app,
        "GET",
        &format!("/v1/collections/{cid}/sheets"),
        String::new(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&sheets));
    let (status, _) = call(&app, "DELETE", &format!("/v1/collections/{cid}"), String::new()).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    drop(app);
}

/// One step of [`a_store_holds_what_a_plain_model_of_its_calls_holds`].
#[derive(Clone, Debug)]
enum Step {
    /// Add these records (by their number in the pool) to collection 0 or 1, in parts of
    /// this many (all at once for 0).
    Add(usize, Vec<usize>, usize),
    /// Take a record out of a collection.
    Remove(usize, usize),
    /// Delete a collection (and make a new one in its place).
    Drop(usize),
}

/// The pool's ids: a few share their first eight digits (the id tables' key), the rest
/// spread over the key space so that the writer's slices take them at different writes.
fn pool_id(i: usize) -> String {
    let head = if i.is_multiple_of(7) {
        0xabcd_0123
    } else {
        (i as u64).wrapping_mul(0x9e37_79b9) & 0xffff_ffff
    };
    format!("{head:08x}{i:056x}")
}

fn steps() -> impl proptest::strategy::Strategy<Value = Vec<Step>> {
    use proptest::prelude::*;
    let step = prop_oneof![
        6 => (0..2usize, proptest::collection::vec(0..60usize, 1..8), 0..4usize)
            .prop_map(|(c, r, part)| Step::Add(c, r, part)),
        2 => (0..2usize, 0..60usize).prop_map(|(c, r)| Step::Remove(c, r)),
        1 => (0..2usize).prop_map(Step::Drop),
    ];
    proptest::collection::vec(step, 1..40)
}

proptest::proptest! {
    /// The store against a model made of two sets: every upload's answer of what was new,
    /// and afterwards every id of the pool fetched from both collections, are what the sets
    /// say. The SQLite store moves ids between its two id tables a slice at each write, so
    /// this also holds that no record is lost from sight while its id moves.
    #[test]
    fn a_store_holds_what_a_plain_model_of_its_calls_holds(steps in steps()) {
        let store = serve::open_store(":memory:").expect("a store");
        let mut cids = [
            store.create_collection("a", true).expect("made").id,
            store.create_collection("b", true).expect("made").id,
        ];
        let mut model: [std::collections::BTreeSet<usize>; 2] = Default::default();
        for step in steps {
            match step {
                Step::Add(c, records, part) => {
                    let batch: Vec<NewRecord> = records
                        .iter()
                        .map(|&i| NewRecord { id: pool_id(i), ..new_record(i, "consistent", &[], &[]) })
                        .collect();
                    let fresh = if part == 0 {
                        store.add_records(&cids[c], &batch).expect("added")
                    } else {
                        let mut parts = batch.chunks(part).map(|p| Ok(p.to_vec()));
                        store.add_records_in_parts(&cids[c], &mut parts).expect("added")
                    };
                    let expected: Vec<bool> = records.iter().map(|&i| model[c].insert(i)).collect();
                    proptest::prop_assert_eq!(fresh, expected);
                }
                Step::Remove(c, i) => {
                    let gone = store.delete_record(&cids[c], &pool_id(i)).expect("removed");
                    proptest::prop_assert_eq!(gone, model[c].remove(&i));
                }
                Step::Drop(c) => {
                    proptest::prop_assert!(store.delete_collection(&cids[c]).expect("deleted"));
                    cids[c] = store.create_collection("again", true).expect("made").id;
                    model[c].clear();
                }
            }
            for c in 0..2 {
                for i in 0..60 {
                    let held = store.record(&cids[c], &pool_id(i)).expect("a fetch");
                    proptest::prop_assert_eq!(held.is_some(), model[c].contains(&i), "record {} in {}", i, c);
                    if let Some(held) = held {
                        proptest::prop_assert_eq!(held.report, format!("{{\"n\":{i}}}"));
                    }
                }
            }
        }
        proptest::prop_assert_eq!(store.integrity_check().expect("checked"), "ok");
    }
}
