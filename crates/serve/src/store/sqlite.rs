//! The embedded store: one SQLite file in WAL mode with synchronous commits, so that a
//! write acknowledged is on disk. One connection writes; a few read beside it.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rusqlite::{Connection, OptionalExtension, params, params_from_iter};

use super::{Collection, Filter, Listed, NewRecord, Page, Result, Store, StoreError, Stored};

/// The migrations, in order: the store's schema version is how many have run.
const MIGRATIONS: &[&str] = &["
CREATE TABLE collections (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    public INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE TABLE records (
    id TEXT PRIMARY KEY,
    game TEXT,
    profile TEXT,
    verdict TEXT NOT NULL,
    date TEXT,
    canonical TEXT NOT NULL,
    report TEXT NOT NULL
);
CREATE TABLE members (
    collection TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    record TEXT NOT NULL REFERENCES records(id),
    line INTEGER NOT NULL,
    UNIQUE (collection, record)
);
CREATE INDEX members_record ON members(record);
CREATE TABLE players (
    record TEXT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (record, name)
) WITHOUT ROWID;
CREATE INDEX players_name ON players(name);
CREATE TABLE codes (
    record TEXT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    PRIMARY KEY (record, code)
) WITHOUT ROWID;
CREATE INDEX codes_code ON codes(code);
"];

/// Connections that read beside the writer.
const READERS: usize = 4;

/// The SQLite store.
pub struct Sqlite {
    writer: Mutex<Connection>,
    /// Empty for an in-memory store, whose one connection does everything.
    readers: Vec<Mutex<Connection>>,
    next_reader: AtomicUsize,
    ids: AtomicUsize,
}

fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    // WAL lets readers go on while a write commits; FULL syncs the log at every commit, so a
    // commit that returned survives a crash or a power cut.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Runs the migrations not run yet, each in its own transaction with its version.
fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied INTEGER NOT NULL)",
    )?;
    let done: i64 = conn.query_row("SELECT COALESCE(MAX(version), 0) FROM migrations", [], |r| {
        r.get(0)
    })?;
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i as i64 + 1;
        if version <= done {
            continue;
        }
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.execute(
            "INSERT INTO migrations (version, applied) VALUES (?1, ?2)",
            params![version, super::now()],
        )?;
        tx.commit()?;
    }
    Ok(())
}

impl Sqlite {
    /// Opens (creating and migrating when needed) the store in the file at `path`, or an
    /// in-memory store for `:memory:`.
    pub fn open(path: &str) -> Result<Sqlite> {
        if path == ":memory:" {
            let mut conn = Connection::open_in_memory()?;
            conn.pragma_update(None, "foreign_keys", "ON")?;
            migrate(&mut conn)?;
            return Ok(Sqlite {
                writer: Mutex::new(conn),
                readers: Vec::new(),
                next_reader: AtomicUsize::new(0),
                ids: AtomicUsize::new(0),
            });
        }
        let path = Path::new(path);
        let mut writer = Connection::open(path)?;
        configure(&writer)?;
        migrate(&mut writer)?;
        let mut readers = Vec::with_capacity(READERS);
        for _ in 0..READERS {
            let conn = Connection::open(path)?;
            configure(&conn)?;
            readers.push(Mutex::new(conn));
        }
        Ok(Sqlite {
            writer: Mutex::new(writer),
            readers,
            next_reader: AtomicUsize::new(0),
            ids: AtomicUsize::new(0),
        })
    }

    fn write<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T> {
        let mut conn = self
            .writer
            .lock()
            .map_err(|_| StoreError("the store's writer failed earlier".into()))?;
        Ok(f(&mut conn)?)
    }

    fn read<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T> {
        if self.readers.is_empty() {
            return self.write(|c| f(c));
        }
        let conn = super::take(&self.readers, self.next_reader.fetch_add(1, Ordering::Relaxed))?;
        Ok(f(&conn)?)
    }
}

fn collection_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Collection> {
    Ok(Collection {
        id: row.get(0)?,
        name: row.get(1)?,
        public: row.get::<_, i64>(2)? != 0,
        records: row.get::<_, i64>(3)? as u64,
    })
}

const COLLECTION_SELECT: &str = "SELECT c.id, c.name, c.public, \
    (SELECT COUNT(*) FROM members m WHERE m.collection = c.id) FROM collections c";

/// Deletes the records among `ids` that no collection holds any more.
fn drop_orphans(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute(
        "DELETE FROM records WHERE id IN (SELECT record FROM temp.gone) \
         AND NOT EXISTS (SELECT 1 FROM members m WHERE m.record = records.id)",
        [],
    )?;
    tx.execute("DROP TABLE temp.gone", [])?;
    Ok(())
}

impl Store for Sqlite {
    fn create_collection(&self, name: &str, public: bool) -> Result<Collection> {
        let id = super::collection_id(name, self.ids.fetch_add(1, Ordering::Relaxed));
        self.write(|c| {
            c.execute(
                "INSERT INTO collections (id, name, public, created) VALUES (?1, ?2, ?3, ?4)",
                params![id, name, public as i64, super::now()],
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
        self.read(|c| {
            let mut st = c.prepare_cached(&format!("{COLLECTION_SELECT} ORDER BY c.created, c.rowid"))?;
            st.query_map([], collection_row)?.collect()
        })
    }

    fn collection(&self, id: &str) -> Result<Option<Collection>> {
        self.read(|c| {
            c.prepare_cached(&format!("{COLLECTION_SELECT} WHERE c.id = ?1"))?
                .query_row([id], collection_row)
                .optional()
        })
    }

    fn verdict_counts(&self, id: &str) -> Result<Vec<(String, u64)>> {
        self.read(|c| {
            let mut st = c.prepare_cached(
                "SELECT r.verdict, COUNT(*) FROM members m JOIN records r ON r.id = m.record \
                 WHERE m.collection = ?1 GROUP BY r.verdict ORDER BY r.verdict",
            )?;
            st.query_map([id], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as u64)))?
                .collect()
        })
    }

    fn delete_collection(&self, id: &str) -> Result<bool> {
        self.write(|c| {
            let tx = c.transaction()?;
            tx.execute(
                "CREATE TEMP TABLE gone AS SELECT record FROM members WHERE collection = ?1",
                [id],
            )?;
            tx.execute("DELETE FROM members WHERE collection = ?1", [id])?;
            let n = tx.execute("DELETE FROM collections WHERE id = ?1", [id])?;
            drop_orphans(&tx)?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn add_records(&self, collection: &str, records: &[NewRecord]) -> Result<Vec<bool>> {
        self.write(|c| {
            let tx = c.transaction()?;
            let mut fresh = Vec::with_capacity(records.len());
            {
                let mut record = tx.prepare_cached(
                    "INSERT OR IGNORE INTO records (id, game, profile, verdict, date, canonical, report) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )?;
                let mut player = tx.prepare_cached(
                    "INSERT OR IGNORE INTO players (record, name, seat) VALUES (?1, ?2, ?3)",
                )?;
                let mut code =
                    tx.prepare_cached("INSERT OR IGNORE INTO codes (record, code) VALUES (?1, ?2)")?;
                let mut member = tx.prepare_cached(
                    "INSERT OR IGNORE INTO members (collection, record, line) VALUES (?1, ?2, ?3)",
                )?;
                for r in records {
                    let stored = record.execute(params![
                        r.id,
                        r.game,
                        r.profile,
                        r.verdict,
                        r.date,
                        r.canonical,
                        r.report
                    ])?;
                    if stored > 0 {
                        for (seat, p) in r.players.iter().enumerate() {
                            player.execute(params![r.id, p, seat as i64])?;
                        }
                        for k in &r.codes {
                            code.execute(params![r.id, k])?;
                        }
                    }
                    fresh.push(member.execute(params![collection, r.id, r.line])? > 0);
                }
            }
            tx.commit()?;
            Ok(fresh)
        })
    }

    fn list(&self, collection: &str, filter: &Filter) -> Result<Page> {
        let mut clauses = String::from("m.collection = ?");
        let mut args: Vec<String> = vec![collection.to_string()];
        let mut add = |clause: &str, value: &Option<String>| {
            if let Some(v) = value {
                clauses.push_str(" AND ");
                clauses.push_str(clause);
                args.push(v.clone());
            }
        };
        add("r.verdict = ?", &filter.verdict);
        add("r.game = ?", &filter.game);
        add("r.profile = ?", &filter.profile);
        // The date or its start: `2010-12` matches every day of the month. LIKE's wildcards
        // in the value are taken literally (escaped), so the value is only ever a prefix.
        let date = filter.date.as_deref().map(super::like_prefix);
        add("r.date LIKE ? ESCAPE '\\'", &date);
        add(
            "EXISTS (SELECT 1 FROM players p WHERE p.record = r.id AND p.name = ?)",
            &filter.player,
        );
        add(
            "EXISTS (SELECT 1 FROM codes k WHERE k.record = r.id AND k.code = ?)",
            &filter.code,
        );
        let from = format!("FROM members m JOIN records r ON r.id = m.record WHERE {clauses}");
        self.read(|c| {
            let total: i64 = c
                .prepare_cached(&format!("SELECT COUNT(*) {from}"))?
                .query_row(params_from_iter(args.iter()), |r| r.get(0))?;
            let mut st = c.prepare_cached(&format!(
                "SELECT r.id, r.game, r.profile, r.verdict, r.date {from} ORDER BY m.rowid LIMIT {} OFFSET {}",
                filter.limit, filter.offset
            ))?;
            let rows: Vec<Listed> = st
                .query_map(params_from_iter(args.iter()), |r| {
                    Ok(Listed {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        profile: r.get(2)?,
                        verdict: r.get(3)?,
                        date: r.get(4)?,
                        players: Vec::new(),
                        codes: Vec::new(),
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            let mut players = c.prepare_cached("SELECT name FROM players WHERE record = ?1 ORDER BY seat")?;
            let mut codes = c.prepare_cached("SELECT code FROM codes WHERE record = ?1 ORDER BY code")?;
            let mut records = Vec::with_capacity(rows.len());
            for mut row in rows {
                row.players = players.query_map([&row.id], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
                row.codes = codes.query_map([&row.id], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
                records.push(row);
            }
            Ok(Page {
                records,
                total: total as u64,
                limit: filter.limit,
                offset: filter.offset,
            })
        })
    }

    fn texts(&self, collection: &str) -> Result<Vec<(String, String)>> {
        self.read(|c| {
            c.prepare_cached(
                "SELECT r.id, r.canonical FROM members m JOIN records r ON r.id = m.record \
                 WHERE m.collection = ?1 ORDER BY m.rowid",
            )?
            .query_map([collection], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
        })
    }

    fn record(&self, collection: &str, id: &str) -> Result<Option<Stored>> {
        self.read(|c| {
            c.prepare_cached(
                "SELECT r.canonical, r.report FROM members m JOIN records r ON r.id = m.record \
                 WHERE m.collection = ?1 AND m.record = ?2",
            )?
            .query_row([collection, id], |r| {
                Ok(Stored {
                    canonical: r.get(0)?,
                    report: r.get(1)?,
                })
            })
            .optional()
        })
    }

    fn delete_record(&self, collection: &str, id: &str) -> Result<bool> {
        self.write(|c| {
            let tx = c.transaction()?;
            let n = tx.execute(
                "DELETE FROM members WHERE collection = ?1 AND record = ?2",
                [collection, id],
            )?;
            tx.execute("CREATE TEMP TABLE gone AS SELECT ?1 AS record", [id])?;
            drop_orphans(&tx)?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn integrity_check(&self) -> Result<String> {
        self.write(|c| {
            let rows: Vec<String> = c
                .prepare("PRAGMA integrity_check")?
                .query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            Ok(rows.join("\n"))
        })
    }
}
