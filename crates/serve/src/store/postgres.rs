//! The shared store: a PostgreSQL database that several `stich serve` instances use at once.
//! The tables are those of the SQLite store; the migrations run under an advisory lock, so
//! instances that start together migrate once. A commit that returned is durable as the
//! server's `synchronous_commit` makes it (on by default). Connections are made without TLS:
//! reach the server on a trusted network or through a local tunnel.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use ::postgres::types::ToSql;
use ::postgres::{Client, Config, NoTls};

use super::{Collection, Filter, Listed, NewRecord, Page, Result, Store, StoreError, Stored};

/// The migrations, in order: the store's schema version is how many have run.
const MIGRATIONS: &[&str] = &["
CREATE TABLE collections (
    seq BIGSERIAL UNIQUE,
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    public BOOLEAN NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE records (
    id TEXT PRIMARY KEY,
    game TEXT,
    profile TEXT,
    verdict TEXT NOT NULL,
    date TEXT,
    canonical BYTEA NOT NULL,
    report TEXT NOT NULL
);
CREATE TABLE members (
    seq BIGSERIAL PRIMARY KEY,
    collection TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    record TEXT NOT NULL REFERENCES records(id),
    line BIGINT NOT NULL,
    UNIQUE (collection, record)
);
CREATE INDEX members_record ON members(record);
CREATE TABLE players (
    record TEXT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (record, name)
);
CREATE INDEX players_name ON players(name);
CREATE TABLE codes (
    record TEXT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    PRIMARY KEY (record, code)
);
CREATE INDEX codes_code ON codes(code);
"];

/// The advisory lock the migrations hold (any number the application alone uses).
const MIGRATION_LOCK: i64 = 0x0057_17c4_0001;

/// Connections kept open; each call takes a free one.
const CONNECTIONS: usize = 4;

/// Records inserted by one statement: the batch's arrays stay a few megabytes.
const CHUNK: usize = 1000;

/// The PostgreSQL store.
pub struct Postgres {
    config: Config,
    clients: Vec<Mutex<Option<Client>>>,
    next: AtomicUsize,
    ids: AtomicUsize,
}

/// Runs the migrations not run yet, in one transaction under the migration lock.
fn migrate(client: &mut Client) -> std::result::Result<(), ::postgres::Error> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)",
    )?;
    let done: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM migrations", &[])?
        .get(0);
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i as i32 + 1;
        if version <= done {
            continue;
        }
        tx.batch_execute(sql)?;
        tx.execute(
            "INSERT INTO migrations (version, applied) VALUES ($1, $2)",
            &[&version, &super::now()],
        )?;
    }
    tx.commit()
}

/// A tag or a name as the listing's columns keep it. PostgreSQL's text holds no NUL
/// character, so one is kept as U+FFFD there; the canonical text, the record itself, is kept
/// byte for byte (as `bytea`), and the report's JSON escapes it.
fn indexable(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\0') {
        std::borrow::Cow::Owned(text.replace('\0', "\u{fffd}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The canonical text read back from its bytes (written from a `str`, so UTF-8).
fn text_of(bytes: Vec<u8>) -> std::result::Result<String, StoreError> {
    String::from_utf8(bytes).map_err(|_| StoreError("a stored text is not UTF-8".into()))
}

impl Postgres {
    /// Connects to the database `url` names (`postgres://user:password@host:port/db`),
    /// creating and migrating the tables on first use.
    pub fn open(url: &str) -> Result<Postgres> {
        let config: Config = url
            .parse()
            .map_err(|e: ::postgres::Error| StoreError(format!("not a PostgreSQL address: {e}")))?;
        let mut first = config.connect(NoTls)?;
        migrate(&mut first)?;
        let mut clients = vec![Mutex::new(Some(first))];
        clients.extend((1..CONNECTIONS).map(|_| Mutex::new(None)));
        Ok(Postgres {
            config,
            clients,
            next: AtomicUsize::new(0),
            ids: AtomicUsize::new(0),
        })
    }

    /// Runs `f` on a connection: a free one if there is one, else the next in turn; a
    /// connection that is missing or was closed (a server restart) is made again.
    fn with<T>(&self, f: impl FnOnce(&mut Client) -> std::result::Result<T, ::postgres::Error>) -> Result<T> {
        let mut guard = super::take(&self.clients, self.next.fetch_add(1, Ordering::Relaxed))?;
        if guard.as_ref().is_none_or(Client::is_closed) {
            *guard = Some(self.config.connect(NoTls)?);
        }
        let client = guard.as_mut().ok_or_else(|| StoreError("no connection".into()))?;
        Ok(f(client)?)
    }
}

impl Drop for Postgres {
    /// The synchronous client runs a small runtime of its own, which may not be shut down
    /// from inside an async task (the server drops its store there): the connections are
    /// closed on a thread of their own.
    fn drop(&mut self) {
        let clients = std::mem::take(&mut self.clients);
        let _ = std::thread::spawn(move || drop(clients)).join();
    }
}

fn collection_row(row: &::postgres::Row) -> Collection {
    Collection {
        id: row.get(0),
        name: row.get(1),
        public: row.get(2),
        records: row.get::<_, i64>(3) as u64,
    }
}

const COLLECTION_SELECT: &str = "SELECT c.id, c.name, c.public, \
    (SELECT COUNT(*) FROM members m WHERE m.collection = c.id) FROM collections c";

/// Deletes the records among `ids` that no collection holds any more.
fn drop_orphans(
    tx: &mut ::postgres::Transaction<'_>,
    ids: &[String],
) -> std::result::Result<(), ::postgres::Error> {
    tx.execute(
        "DELETE FROM records r WHERE r.id = ANY($1) \
         AND NOT EXISTS (SELECT 1 FROM members m WHERE m.record = r.id)",
        &[&ids],
    )?;
    Ok(())
}

impl Store for Postgres {
    fn create_collection(&self, name: &str, public: bool) -> Result<Collection> {
        let name = &*indexable(name);
        let id = super::collection_id(name, self.ids.fetch_add(1, Ordering::Relaxed));
        self.with(|c| {
            c.execute(
                "INSERT INTO collections (id, name, public, created) VALUES ($1, $2, $3, $4)",
                &[&id, &name, &public, &super::now()],
            )
        })?;
        Ok(Collection {
            id,
            name: name.to_string(),
            public,
            records: 0,
        })
    }

    fn collections(&self) -> Result<Vec<Collection>> {
        self.with(|c| {
            let rows = c.query(&format!("{COLLECTION_SELECT} ORDER BY c.created, c.seq"), &[])?;
            Ok(rows.iter().map(collection_row).collect())
        })
    }

    fn collection(&self, id: &str) -> Result<Option<Collection>> {
        self.with(|c| {
            let row = c.query_opt(&format!("{COLLECTION_SELECT} WHERE c.id = $1"), &[&id])?;
            Ok(row.as_ref().map(collection_row))
        })
    }

    fn has_collection(&self, id: &str) -> Result<bool> {
        self.with(|c| {
            Ok(c.query_opt("SELECT 1 FROM collections WHERE id = $1", &[&id])?
                .is_some())
        })
    }

    fn verdict_counts(&self, id: &str) -> Result<Vec<(String, u64)>> {
        self.with(|c| {
            let rows = c.query(
                "SELECT r.verdict, COUNT(*) FROM members m JOIN records r ON r.id = m.record \
                 WHERE m.collection = $1 GROUP BY r.verdict ORDER BY r.verdict COLLATE \"C\"",
                &[&id],
            )?;
            Ok(rows
                .iter()
                .map(|r| (r.get(0), r.get::<_, i64>(1) as u64))
                .collect())
        })
    }

    fn delete_collection(&self, id: &str) -> Result<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let gone: Vec<String> = tx
                .query("SELECT record FROM members WHERE collection = $1", &[&id])?
                .iter()
                .map(|r| r.get(0))
                .collect();
            tx.execute("DELETE FROM members WHERE collection = $1", &[&id])?;
            let n = tx.execute("DELETE FROM collections WHERE id = $1", &[&id])?;
            drop_orphans(&mut tx, &gone)?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn add_records(&self, collection: &str, records: &[NewRecord]) -> Result<Vec<bool>> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let mut fresh = Vec::with_capacity(records.len());
            for chunk in records.chunks(CHUNK) {
                fresh.extend(add_chunk(&mut tx, collection, chunk)?);
            }
            tx.commit()?;
            Ok(fresh)
        })
    }

    fn add_records_in_parts(
        &self,
        collection: &str,
        parts: &mut dyn Iterator<Item = Result<Vec<NewRecord>>>,
    ) -> Result<Vec<bool>> {
        // The parts are gathered into statements of CHUNK records, each sent once full,
        // in one transaction; a part that is an error ends it unfinished (rolled back). A
        // connection is taken once the first part is checked.
        let first = match parts.next() {
            Some(part) => part?,
            None => Vec::new(),
        };
        let mut stopped = None;
        let fresh = self.with(|c| {
            let mut tx = c.transaction()?;
            let mut fresh = Vec::new();
            let mut waiting: Vec<NewRecord> = Vec::new();
            for part in std::iter::once(Ok(first)).chain(parts) {
                match part {
                    Ok(records) => waiting.extend(records),
                    Err(e) => {
                        stopped = Some(e);
                        return Ok(Vec::new());
                    }
                }
                if waiting.len() >= CHUNK {
                    fresh.extend(add_chunk(&mut tx, collection, &waiting)?);
                    waiting.clear();
                }
            }
            if !waiting.is_empty() {
                fresh.extend(add_chunk(&mut tx, collection, &waiting)?);
            }
            tx.commit()?;
            Ok(fresh)
        })?;
        match stopped {
            Some(e) => Err(e),
            None => Ok(fresh),
        }
    }

    fn list(&self, collection: &str, filter: &Filter) -> Result<Page> {
        let mut clauses = String::from("m.collection = $1");
        let mut args: Vec<String> = vec![collection.to_string()];
        let mut add = |clause: &str, value: Option<String>| {
            if let Some(v) = value {
                args.push(indexable(&v).into_owned());
                clauses.push_str(" AND ");
                clauses.push_str(&clause.replace("$?", &format!("${}", args.len())));
            }
        };
        add("r.verdict = $?", filter.verdict.clone());
        add("r.game = $?", filter.game.clone());
        add("r.profile = $?", filter.profile.clone());
        add(
            "r.date LIKE $? ESCAPE '\\'",
            filter.date.as_deref().map(super::like_prefix),
        );
        add(
            "EXISTS (SELECT 1 FROM players p WHERE p.record = r.id AND p.name = $?)",
            filter.player.clone(),
        );
        add(
            "EXISTS (SELECT 1 FROM codes k WHERE k.record = r.id AND k.code = $?)",
            filter.code.clone(),
        );
        let params: Vec<&(dyn ToSql + Sync)> = args.iter().map(|a| a as &(dyn ToSql + Sync)).collect();
        let from = format!("FROM members m JOIN records r ON r.id = m.record WHERE {clauses}");
        self.with(|c| {
            let total: i64 = c.query_one(&format!("SELECT COUNT(*) {from}"), &params)?.get(0);
            let rows = c.query(
                &format!(
                    "SELECT r.id, r.game, r.profile, r.verdict, r.date, \
                     ARRAY(SELECT p.name FROM players p WHERE p.record = r.id ORDER BY p.seat), \
                     ARRAY(SELECT k.code FROM codes k WHERE k.record = r.id ORDER BY k.code COLLATE \"C\") \
                     {from} ORDER BY m.seq LIMIT {} OFFSET {}",
                    filter.limit, filter.offset
                ),
                &params,
            )?;
            let records = rows
                .iter()
                .map(|r| Listed {
                    id: r.get(0),
                    game: r.get(1),
                    profile: r.get(2),
                    verdict: r.get(3),
                    date: r.get(4),
                    players: r.get(5),
                    codes: r.get(6),
                })
                .collect();
            Ok(Page {
                records,
                total: total as u64,
                limit: filter.limit,
                offset: filter.offset,
            })
        })
    }

    fn texts(&self, collection: &str) -> Result<Vec<(String, String)>> {
        self.with(|c| {
            let rows = c.query(
                "SELECT r.id, r.canonical FROM members m JOIN records r ON r.id = m.record \
                 WHERE m.collection = $1 ORDER BY m.seq",
                &[&collection],
            )?;
            Ok(rows
                .iter()
                .map(|r| (r.get(0), r.get::<_, Vec<u8>>(1)))
                .collect::<Vec<_>>())
        })?
        .into_iter()
        .map(|(id, text)| Ok((id, text_of(text)?)))
        .collect()
    }

    fn record(&self, collection: &str, id: &str) -> Result<Option<Stored>> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT r.canonical, r.report FROM members m JOIN records r ON r.id = m.record \
                 WHERE m.collection = $1 AND m.record = $2",
                &[&collection, &id],
            )?;
            Ok(row.map(|r| (r.get::<_, Vec<u8>>(0), r.get::<_, String>(1))))
        })?
        .map(|(canonical, report)| {
            Ok(Stored {
                canonical: text_of(canonical)?,
                report,
            })
        })
        .transpose()
    }

    fn delete_record(&self, collection: &str, id: &str) -> Result<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let n = tx.execute(
                "DELETE FROM members WHERE collection = $1 AND record = $2",
                &[&collection, &id],
            )?;
            drop_orphans(&mut tx, &[id.to_string()])?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn integrity_check(&self) -> Result<String> {
        self.with(|c| {
            let mut wrong = Vec::new();
            let version: i32 = c
                .query_one("SELECT COALESCE(MAX(version), 0) FROM migrations", &[])?
                .get(0);
            if version as usize != MIGRATIONS.len() {
                wrong.push(format!(
                    "schema version {version}, this build expects {}",
                    MIGRATIONS.len()
                ));
            }
            let orphans: i64 = c
                .query_one(
                    "SELECT COUNT(*) FROM records r \
                     WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.record = r.id)",
                    &[],
                )?
                .get(0);
            if orphans > 0 {
                wrong.push(format!("{orphans} records belong to no collection"));
            }
            // Page checksum failures the server counted (none where checksums are off).
            let failures: i64 = c
                .query_one(
                    "SELECT COALESCE(SUM(checksum_failures), 0)::BIGINT FROM pg_stat_database \
                     WHERE datname = current_database()",
                    &[],
                )?
                .get(0);
            if failures > 0 {
                wrong.push(format!("{failures} page checksum failures"));
            }
            Ok(if wrong.is_empty() {
                "ok".to_string()
            } else {
                wrong.join("\n")
            })
        })
    }
}

/// Adds one chunk of records in four statements: the records new to the store, their
/// players and codes, then the memberships, of which those that were new come back.
fn add_chunk(
    tx: &mut ::postgres::Transaction<'_>,
    collection: &str,
    records: &[NewRecord],
) -> std::result::Result<Vec<bool>, ::postgres::Error> {
    let ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
    let column = |v: &Option<String>| v.as_deref().map(|t| indexable(t).into_owned());
    let games: Vec<Option<String>> = records.iter().map(|r| column(&r.game)).collect();
    let profiles: Vec<Option<String>> = records.iter().map(|r| column(&r.profile)).collect();
    let verdicts: Vec<&str> = records.iter().map(|r| r.verdict).collect();
    let dates: Vec<Option<String>> = records.iter().map(|r| column(&r.date)).collect();
    let texts: Vec<&[u8]> = records.iter().map(|r| r.canonical.as_bytes()).collect();
    let reports: Vec<&str> = records.iter().map(|r| r.report.as_str()).collect();
    let stored: HashSet<String> = tx
        .query(
            "INSERT INTO records (id, game, profile, verdict, date, canonical, report) \
             SELECT * FROM unnest($1::TEXT[], $2::TEXT[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::BYTEA[], $7::TEXT[]) \
             ON CONFLICT (id) DO NOTHING RETURNING id",
            &[&ids, &games, &profiles, &verdicts, &dates, &texts, &reports],
        )?
        .iter()
        .map(|r| r.get(0))
        .collect();

    let (mut p_record, mut p_name, mut p_seat) = (Vec::new(), Vec::new(), Vec::new());
    let (mut k_record, mut k_code) = (Vec::new(), Vec::new());
    let mut seen = HashSet::new();
    for r in records {
        if !stored.contains(&r.id) || !seen.insert(r.id.as_str()) {
            continue;
        }
        for (seat, name) in r.players.iter().enumerate() {
            p_record.push(r.id.as_str());
            p_name.push(indexable(name).into_owned());
            p_seat.push(seat as i32);
        }
        for code in &r.codes {
            k_record.push(r.id.as_str());
            k_code.push(indexable(code).into_owned());
        }
    }
    tx.execute(
        "INSERT INTO players (record, name, seat) SELECT * FROM unnest($1::TEXT[], $2::TEXT[], $3::INTEGER[]) \
         ON CONFLICT DO NOTHING",
        &[&p_record, &p_name, &p_seat],
    )?;
    tx.execute(
        "INSERT INTO codes (record, code) SELECT * FROM unnest($1::TEXT[], $2::TEXT[]) ON CONFLICT DO NOTHING",
        &[&k_record, &k_code],
    )?;

    // `WITH ORDINALITY` keeps the records' order in the memberships' sequence.
    let lines: Vec<i64> = records.iter().map(|r| i64::from(r.line)).collect();
    let joined: HashSet<String> = tx
        .query(
            "INSERT INTO members (collection, record, line) \
             SELECT $1, u.record, u.line FROM unnest($2::TEXT[], $3::BIGINT[]) WITH ORDINALITY AS u(record, line, n) \
             ORDER BY u.n ON CONFLICT (collection, record) DO NOTHING RETURNING record",
            &[&collection, &ids, &lines],
        )?
        .iter()
        .map(|r| r.get(0))
        .collect();
    // A record twice in one chunk joins once: its first place is the new one.
    let mut first = HashSet::new();
    Ok(records
        .iter()
        .map(|r| joined.contains(&r.id) && first.insert(r.id.as_str()))
        .collect())
}

/// A database of its own on a PostgreSQL server, dropped with this value: what tests of the
/// store against a real server run in. The server is the one `STICH_TEST_POSTGRES` names
/// (`postgres://user:password@host:port/db`, a role that may create databases).
pub struct Scratch {
    admin: String,
    name: String,
    /// The address of the scratch database.
    pub url: String,
}

impl Scratch {
    /// A new scratch database named after `tag`, or `None` when `STICH_TEST_POSTGRES` is not
    /// set. Blocks: call it off any async runtime.
    pub fn from_env(tag: &str) -> Result<Option<Scratch>> {
        let Ok(admin) = std::env::var("STICH_TEST_POSTGRES") else {
            return Ok(None);
        };
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let tag: String = tag.chars().filter(char::is_ascii_alphanumeric).collect();
        let name = format!("stich_test_{tag}_{}_{nanos}", std::process::id());
        let base = admin.split('?').next().unwrap_or(&admin);
        let cut = base
            .rfind('/')
            .filter(|&i| i > base.find("://").map_or(0, |s| s + 2))
            .ok_or_else(|| StoreError("STICH_TEST_POSTGRES names no database".into()))?;
        let url = format!("{}/{name}", base.get(..cut).unwrap_or(base));
        let mut client = Client::connect(&admin, NoTls)?;
        client.batch_execute(&format!("CREATE DATABASE {name}"))?;
        Ok(Some(Scratch { admin, name, url }))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        // On a thread of its own, for the same reason as the store's connections.
        let _ = std::thread::spawn(move || {
            if let Ok(mut client) = Client::connect(&admin, NoTls) {
                let _ = client.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
            }
        })
        .join();
    }
}
