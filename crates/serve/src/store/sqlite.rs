//! The embedded store: one SQLite file in WAL mode with synchronous commits, so that a
//! write acknowledged is on disk. One connection writes; a few read beside it.

use std::borrow::Cow;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{SyncSender, sync_channel};

use rusqlite::types::{Type, ValueRef};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params, params_from_iter};

use super::known_keys::KnownKeys;
use super::packing::{self, Kind};
use super::{Collection, Filter, Listed, NewRecord, Page, Result, Store, StoreError, Stored};

/// The migrations, in order: the store's schema version is how many have run. The second
/// keys the side tables by a record's row number rather than its content id: row numbers
/// grow as records are added, so a batch appends to the ends of those indexes instead of
/// writing a page in every part of them (content ids are hashes, spread evenly). The
/// fifth gives the content id two key tables (see [`BY_ID`]). The sixth drops the indexes
/// of players by name and of codes by code: the filters reach both tables by their
/// primary keys, record first, from each member listed (see `filter_plan` in the
/// tests), so no query read those indexes, and each write added to them a page for every
/// name it held: with three names a record drawn from 5,000, 300,000 records went in at
/// 28,074–28,851 records/s with them (three runs) and 49,581–50,517 without (two), two
/// uploads at a time, and a filter by player took as long either way. The seventh keeps a
/// record's players in one row, their names as a JSON array in seat order (see
/// [`player_names`]), where a row a name made a record's three names three inserts into a
/// keyed table: a fifth of the writer's instructions for a batch of server records. The
/// eighth counts the batches of records added, in one row every writer of records adds one
/// to, so that a writer sees whether another has added records since its last batch (see
/// [`KnownKeys`]).
const MIGRATIONS: &[&str] = &[
    "
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
",
    "
CREATE TABLE records_new (
    n INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    game TEXT,
    profile TEXT,
    verdict TEXT NOT NULL,
    date TEXT,
    canonical TEXT NOT NULL,
    report TEXT NOT NULL
);
INSERT INTO records_new (n, id, game, profile, verdict, date, canonical, report)
    SELECT rowid, id, game, profile, verdict, date, canonical, report FROM records;
CREATE TABLE members_new (
    collection TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    record INTEGER NOT NULL REFERENCES records_new(n),
    line INTEGER NOT NULL,
    UNIQUE (collection, record)
);
INSERT INTO members_new (rowid, collection, record, line)
    SELECT m.rowid, m.collection, r.n, m.line FROM members m JOIN records_new r ON r.id = m.record;
CREATE TABLE players_new (
    record INTEGER NOT NULL REFERENCES records_new(n) ON DELETE CASCADE,
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (record, name)
) WITHOUT ROWID;
INSERT INTO players_new (record, name, seat)
    SELECT r.n, p.name, p.seat FROM players p JOIN records_new r ON r.id = p.record;
CREATE TABLE codes_new (
    record INTEGER NOT NULL REFERENCES records_new(n) ON DELETE CASCADE,
    code TEXT NOT NULL,
    PRIMARY KEY (record, code)
) WITHOUT ROWID;
INSERT INTO codes_new (record, code)
    SELECT r.n, k.code FROM codes k JOIN records_new r ON r.id = k.record;
DROP TABLE players;
DROP TABLE codes;
DROP TABLE members;
DROP TABLE records;
ALTER TABLE records_new RENAME TO records;
ALTER TABLE members_new RENAME TO members;
ALTER TABLE players_new RENAME TO players;
ALTER TABLE codes_new RENAME TO codes;
CREATE INDEX members_record ON members(record);
CREATE INDEX players_name ON players(name);
CREATE INDEX codes_code ON codes(code);
",
    "
CREATE TABLE records_new (
    n INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    game TEXT,
    profile TEXT,
    verdict TEXT NOT NULL,
    date TEXT,
    canonical TEXT NOT NULL,
    report TEXT NOT NULL
);
INSERT INTO records_new SELECT n, id, game, profile, verdict, date, canonical, report FROM records;
CREATE TABLE members_new (
    collection TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    record INTEGER NOT NULL REFERENCES records_new(n),
    line INTEGER NOT NULL,
    UNIQUE (collection, record)
);
INSERT INTO members_new (rowid, collection, record, line)
    SELECT rowid, collection, record, line FROM members;
CREATE TABLE players_new (
    record INTEGER NOT NULL REFERENCES records_new(n) ON DELETE CASCADE,
    name TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (record, name)
) WITHOUT ROWID;
INSERT INTO players_new SELECT record, name, seat FROM players;
CREATE TABLE codes_new (
    record INTEGER NOT NULL REFERENCES records_new(n) ON DELETE CASCADE,
    code TEXT NOT NULL,
    PRIMARY KEY (record, code)
) WITHOUT ROWID;
INSERT INTO codes_new SELECT record, code FROM codes;
DROP TABLE players;
DROP TABLE codes;
DROP TABLE members;
DROP TABLE records;
ALTER TABLE records_new RENAME TO records;
ALTER TABLE members_new RENAME TO members;
ALTER TABLE players_new RENAME TO players;
ALTER TABLE codes_new RENAME TO codes;
CREATE INDEX records_key ON records(substr(id, 1, 16));
CREATE INDEX members_record ON members(record);
CREATE INDEX players_name ON players(name);
CREATE INDEX codes_code ON codes(code);
",
    "
DROP INDEX records_key;
CREATE INDEX records_key ON records(substr(id, 1, 8));
",
    "
DROP INDEX records_key;
CREATE TABLE ids (
    key TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (key, n)
) WITHOUT ROWID;
CREATE TABLE ids_recent (
    key TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (key, n)
) WITHOUT ROWID;
INSERT INTO ids (key, n) SELECT substr(id, 1, 8), n FROM records ORDER BY 1, 2;
CREATE TRIGGER records_id_gone AFTER DELETE ON records BEGIN
    DELETE FROM ids WHERE key = substr(OLD.id, 1, 8) AND n = OLD.n;
    DELETE FROM ids_recent WHERE key = substr(OLD.id, 1, 8) AND n = OLD.n;
END;
",
    "
DROP INDEX players_name;
DROP INDEX codes_code;
",
    "
CREATE TABLE players_new (
    record INTEGER PRIMARY KEY REFERENCES records(n) ON DELETE CASCADE,
    names TEXT NOT NULL
);
INSERT INTO players_new (record, names)
    SELECT record, json_group_array(name ORDER BY seat) FROM players GROUP BY record;
DROP TABLE players;
ALTER TABLE players_new RENAME TO players;
",
    "
CREATE TABLE batches (n INTEGER NOT NULL);
INSERT INTO batches (n) VALUES (0);
",
];

/// A record by its content id (`?1`), through the id's two key tables. Ids are hashes, so
/// one index of them took a batch's new entries on pages all over it, and each commit wrote
/// all those pages again, more of them the larger the store. The fifth migration keeps the
/// id's first eight digits in two tables instead: `ids_recent` takes a write's new entries
/// and stays small, and each write moves one slice of the keys' space from it into `ids`
/// (see [`merge_slice`]), so a commit changes a few pages of `ids` side by side. A lookup
/// asks both. Eight digits (32 bits) still tell records apart but for about one lookup in
/// 430 in a store of ten million, which then reads one more row to compare the whole id;
/// the writer keeps ids unique by asking before it inserts.
///
/// The pair is the query's `FROM` for `records r` (joined to more after it) and its
/// `WHERE` for the id. The two tables are a compound subquery in `FROM`, which SQLite
/// flattens into two searches, because `n IN (…)` built a temporary table at every lookup.
/// `CROSS JOIN` keeps the tables in the order written, the keys first: left to choose, the
/// planner may start from a collection's members and read them all.
const BY_ID: (&str, &str) = (
    "(SELECT n FROM ids WHERE key = substr(?1, 1, 8) \
      UNION ALL SELECT n FROM ids_recent WHERE key = substr(?1, 1, 8)) k \
     CROSS JOIN records r ON r.n = k.n",
    "r.id = ?1",
);

/// `SELECT {columns}` of the record whose id is `?1`.
fn by_id(columns: &str) -> String {
    let (from, id) = BY_ID;
    format!("SELECT {columns} FROM {from} WHERE {id}")
}

/// A record's texts by its id (`?1`) in a collection (`?2`), found through the id's key tables.
fn record_query() -> String {
    let (from, id) = BY_ID;
    format!(
        "SELECT r.canonical, r.report FROM {from} CROSS JOIN members m ON m.record = r.n \
         WHERE {id} AND m.collection = ?2"
    )
}

/// The id keys' space: a key is the first eight hex digits of a content id, so a point of
/// the space is a number below 2^32, written as eight hex digits.
const KEY_SPACE: u64 = 1 << 32;

/// Into how many slices the keys' space is cut, for a store of about `stored` records whose
/// writes add `added` each. A write changes the pages of one slice's run of `ids` (its
/// share of the store, side by side) and those of `ids_recent` its new entries land on
/// (the table holds about a round's writes, `slices × added` entries). The first shrinks
/// as the slices grow in number and the second grows, and their sum is least at about
/// √(stored ⁄ added) slices: 32 for a store of 1,000,000 records taken 1,000 at a time.
fn slices(stored: u64, added: u64) -> u64 {
    let ratio = stored / added.max(1);
    ((ratio as f64).sqrt().round() as u64).clamp(1, 4096)
}

/// Moves one slice of the keys' space, the one that starts at `from`, from `ids_recent`
/// into `ids`, and gives where the next one starts. The slices go round the whole space,
/// so an entry stays in `ids_recent` for one round at most; the first slice of a round
/// also takes keys below `00000000` and the last those above `ffffffff` (ids not of hex
/// digits, which only tests make).
fn merge_slice(tx: &rusqlite::Transaction<'_>, from: u64, stored: u64, added: u64) -> rusqlite::Result<u64> {
    let from = from.min(KEY_SPACE - 1);
    let to = from
        .saturating_add(KEY_SPACE / slices(stored, added))
        .min(KEY_SPACE);
    let lo = if from == 0 {
        String::new()
    } else {
        format!("{from:08x}")
    };
    let hi = (to < KEY_SPACE).then(|| format!("{to:08x}"));
    let (range, args): (&str, Vec<&dyn rusqlite::ToSql>) = match &hi {
        Some(hi) => ("key >= ?1 AND key < ?2", vec![&lo, hi]),
        None => ("key >= ?1", vec![&lo]),
    };
    tx.prepare_cached(&format!(
        "INSERT INTO ids (key, n) SELECT key, n FROM ids_recent WHERE {range} ORDER BY key, n"
    ))?
    .execute(&args[..])?;
    tx.prepare_cached(&format!("DELETE FROM ids_recent WHERE {range}"))?
        .execute(&args[..])?;
    // The slice after the last of a round is the first of the next.
    Ok(to % KEY_SPACE)
}

/// The writer's page cache, in KiB (SQLite takes a negative `cache_size` as KiB): room for
/// the pages of a batch of a thousand records several times over.
const WRITER_CACHE_KIB: i64 = -65_536;

/// Connections that read beside the writer.
const READERS: usize = 4;

/// The SQLite store.
pub struct Sqlite {
    writer: Mutex<Connection>,
    /// Empty for an in-memory store, whose one connection does everything.
    readers: Vec<Mutex<Connection>>,
    next_reader: AtomicUsize,
    ids: AtomicUsize,
    /// Where in the id keys' space the writer's next slice to merge starts (see
    /// [`merge_slice`]); only the writer reads and sets it. Any point will do after a
    /// restart: the slices go round the whole space.
    merge_from: AtomicU64,
    /// The keys of the ids stored, which the writer asks before the store (see
    /// [`KnownKeys`]); locked only by a thread that holds the writer.
    keys: Mutex<KnownKeys>,
    /// Wakes the checkpointer after a commit; none for an in-memory store. Dropping it
    /// ends the checkpointer's thread.
    checkpoints: Option<SyncSender<()>>,
}

/// The page size of a new store. A commit writes each page it changed to the log, a
/// frame (and a system call) for each, and a batch's new ids change pages all over the id
/// index whatever their size: larger pages are fewer frames for the same records. Measured
/// on 100,000 server records in batches of 1,000, two at a time, four runs each
/// interleaved: 16 KiB pages took about 9 % less of the server's CPU than SQLite's 4 KiB,
/// for about as many bytes written. A store keeps the page size it was made with.
const PAGE_SIZE: i64 = 16_384;

/// The log's size, in bytes, past which the writer checkpoints it itself: only when the
/// checkpointer has fallen far behind, so the log stays bounded whatever happens to it.
const WRITER_CHECKPOINT_BYTES: i64 = 80 << 20;

/// The log's size, in bytes, at which the checkpointer starts it again; the file is cut
/// back to [`LOG_LIMIT_BYTES`] after.
const RESTART_BYTES: i64 = 64 << 20;

/// What is kept of the log's file once it has been started again.
const LOG_LIMIT_BYTES: i64 = 64 << 20;

/// How long the checkpointer waits after a checkpoint before it begins the next. Pages that
/// every commit writes again (the id index's, spread by the ids' hashes, and the last page
/// of each table) are then copied into the database once a pause rather than once a commit.
/// Measured on 100,000 server records in batches of 1,000, two at a time: the server wrote
/// about 295 MB instead of 412 MB and took about 7 % less CPU. The log grows by what the
/// commits of one pause write (some tens of MiB at most under that load), far below
/// [`RESTART_BYTES`]; a commit's durability does not depend on checkpoints.
const CHECKPOINT_PAUSE: std::time::Duration = std::time::Duration::from_millis(200);

/// Copies committed pages from the log into the database on a thread of its own, so that
/// the writer's commits (one upload at a time) do not also carry the checkpoint, a fifth
/// of an upload's time when the writer did it. A passive checkpoint never blocks the
/// writer or the readers; what it leaves, the next one copies.
fn spawn_checkpointer(path: &Path) -> rusqlite::Result<SyncSender<()>> {
    let conn = Connection::open(path)?;
    configure(&conn)?;
    let restart_pages = RESTART_BYTES / page_size(&conn)?;
    // One waiting wake-up is enough: commits made while a checkpoint runs are all copied
    // by the next.
    let (wake, woken) = sync_channel::<()>(1);
    std::thread::Builder::new()
        .name("stich-checkpoint".into())
        .spawn(move || {
            while woken.recv().is_ok() {
                // A failed checkpoint loses nothing (the pages stay in the log); the next
                // one, or the writer's own past WRITER_CHECKPOINT_BYTES, copies them.
                let log: i64 = conn
                    .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))
                    .unwrap_or(0);
                // Under a steady load the log is never wholly copied at the moment a
                // write begins, so it would only grow: past RESTART_BYTES the writer is
                // held back once while the log is copied and started again.
                if log >= restart_pages {
                    let _ = conn.query_row("PRAGMA wal_checkpoint(RESTART)", [], |_| Ok(()));
                }
                // Commits made meanwhile leave one wake-up waiting, so the next checkpoint
                // follows at once after the pause.
                std::thread::sleep(CHECKPOINT_PAUSE);
            }
        })
        .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
    Ok(wake)
}

/// The store's page size in bytes, as its file says.
fn page_size(conn: &Connection) -> rusqlite::Result<i64> {
    let size: i64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
    Ok(size.max(512))
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
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
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
                merge_from: AtomicU64::new(0),
                keys: Mutex::default(),
                checkpoints: None,
            });
        }
        let path = Path::new(path);
        let mut writer = Connection::open(path)?;
        // Before the log is switched on, which creates a new store's file: afterwards its
        // page size is fixed (and an existing store's is left as it is).
        writer.pragma_update(None, "page_size", PAGE_SIZE)?;
        configure(&writer)?;
        // A batch's pages stay in the writer's cache until its commit: a cache smaller than
        // the batch spills pages to the log part way and writes some of them twice.
        writer.pragma_update(None, "cache_size", WRITER_CACHE_KIB)?;
        let page = page_size(&writer)?;
        writer.pragma_update(None, "wal_autocheckpoint", WRITER_CHECKPOINT_BYTES / page)?;
        writer.pragma_update(None, "journal_size_limit", LOG_LIMIT_BYTES)?;
        migrate(&mut writer)?;
        let checkpoints = Some(spawn_checkpointer(path)?);
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
            merge_from: AtomicU64::new(0),
            keys: Mutex::default(),
            checkpoints,
        })
    }

    /// Runs `f` on the writer. Its transactions begin IMMEDIATE, taking the write lock
    /// first: a transaction that read first and wrote after would, once the checkpointer
    /// has started the log again in between, fail at once with "database is locked"
    /// (a stale snapshot, which no busy wait can cure).
    fn write<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T> {
        let mut conn = self
            .writer
            .lock()
            .map_err(|_| StoreError("the store's writer failed earlier".into()))?;
        // Every write starts with the foreign keys' checks on, whatever a batch of records
        // (which turns them off for itself) left: the deletes' cascades need them.
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let done = f(&mut conn)?;
        drop(conn);
        if let Some(wake) = &self.checkpoints {
            // Full means a wake-up is already waiting, which is all that is needed.
            let _ = wake.try_send(());
        }
        Ok(done)
    }

    /// Adds the records of `parts` to a collection in one write (see [`add_batch`]).
    fn add_batch(
        &self,
        collection: &str,
        parts: &mut dyn Iterator<Item = Result<Cow<'_, [NewRecord]>>>,
    ) -> Result<Vec<bool>> {
        self.write(|c| {
            // Every row a batch adds names its collection, asked for once below, or a record
            // this transaction has just found or inserted: the per-row foreign key checks,
            // five lookups a record (an eighth of the writer's instructions for a batch of
            // server records with three players each), are off for the batch. They are on
            // again after it whatever happened, and every write turns them on first.
            c.pragma_update(None, "foreign_keys", "OFF")?;
            // A batch that failed part way leaves in the keys at most those of records it
            // did not keep, which only cost a lookup (a read is set only once whole).
            let mut keys = self
                .keys
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let added = add_batch(c, collection, parts, &self.merge_from, &mut keys);
            let restored = c.pragma_update(None, "foreign_keys", "ON");
            let fresh = added?;
            restored?;
            Ok(fresh)
        })
    }

    fn read<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T> {
        if self.readers.is_empty() {
            return self.write(|c| f(c));
        }
        let conn = super::take(&self.readers, self.next_reader.fetch_add(1, Ordering::Relaxed))?;
        Ok(f(&conn)?)
    }
}

/// A stored text: a compressed blob (see [`packing`]), or text as stores written before
/// compression hold it (SQLite keeps each value's own type, so old and new rows sit in one
/// column).
fn unpack(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<String> {
    match row.get_ref(i)? {
        ValueRef::Blob(b) => packing::unpack(b)
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Blob, e)),
        _ => row.get(i),
    }
}

/// A record's two texts as stored: packed on the checking threads by
/// [`Store::prepare`], or here.
fn packed(r: &NewRecord) -> std::io::Result<Cow<'_, (Vec<u8>, Vec<u8>)>> {
    match &r.packed {
        Some(p) => Ok(Cow::Borrowed(p)),
        None => Ok(Cow::Owned((
            packing::pack(Kind::Canonical, &r.canonical)?,
            packing::pack(Kind::Report, &r.report)?,
        ))),
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

/// Deletes the records in `temp.gone` (by row number) that no collection holds any more.
fn drop_orphans(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute(
        "DELETE FROM records WHERE n IN (SELECT record FROM temp.gone) \
         AND NOT EXISTS (SELECT 1 FROM members m WHERE m.record = records.n)",
        [],
    )?;
    tx.execute("DROP TABLE temp.gone", [])?;
    Ok(())
}

/// A record's players as the store keeps them: a JSON array of their names in seat order,
/// each name once (where it first sits), or nothing for a record without names.
fn player_names(players: &[String]) -> Option<String> {
    let mut names: Vec<&str> = Vec::with_capacity(players.len());
    for p in players {
        if !names.contains(&p.as_str()) {
            names.push(p);
        }
    }
    if names.is_empty() {
        return None;
    }
    serde_json::to_string(&names).ok()
}

/// The writer's part of adding records: the parts in one transaction, for each record
/// whether it was new to the collection, and one slice of the id's key space moved (see
/// [`merge_slice`]). A collection that is not there (deleted since the upload asked), a
/// part that is an error or a text that cannot be compressed is an error, and nothing is
/// added.
fn add_batch(
    c: &mut Connection,
    collection: &str,
    parts: &mut dyn Iterator<Item = Result<Cow<'_, [NewRecord]>>>,
    merge_from: &AtomicU64,
    keys: &mut KnownKeys,
) -> rusqlite::Result<Vec<bool>> {
    let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let batch = keys.begin(&tx)?;
    let there = tx
        .prepare_cached("SELECT 1 FROM collections WHERE id = ?1")?
        .query_row([collection], |_| Ok(()))
        .optional()?;
    if there.is_none() {
        // What the foreign key of `members` would have said.
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY),
            Some(format!("no collection {collection}")),
        ));
    }
    let mut fresh = Vec::new();
    let mut added = 0u64;
    {
        let mut record = tx.prepare_cached(
            "INSERT INTO records (id, game, profile, verdict, date, canonical, report) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        // Not a trigger on `records`: a trigger's row is copied with the record's
        // texts, which made the batch's inserts take two to three times as long.
        let mut recent =
            tx.prepare_cached("INSERT INTO ids_recent (key, n) VALUES (substr(?1, 1, 8), ?2)")?;
        let mut known = tx.prepare_cached(&by_id("r.n"))?;
        let mut player = tx.prepare_cached("INSERT INTO players (record, names) VALUES (?1, ?2)")?;
        let mut code = tx.prepare_cached("INSERT OR IGNORE INTO codes (record, code) VALUES (?1, ?2)")?;
        let mut member = tx
            .prepare_cached("INSERT OR IGNORE INTO members (collection, record, line) VALUES (?1, ?2, ?3)")?;
        for part in parts {
            let records = part.map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
            for r in records.iter() {
                // Compressed on the checking threads as a rule (`prepare`); here otherwise.
                let texts = packed(r).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
                let (canonical, report) = &*texts;
                // The one writer asks and then inserts, so no other write comes between. An
                // id whose key no stored id has is new without asking.
                let old: Option<i64> = if keys.may_hold(&r.id) {
                    known.query_row([&r.id], |row| row.get(0)).optional()?
                } else {
                    None
                };
                let n: i64 = if let Some(n) = old {
                    n
                } else {
                    added += 1;
                    record.execute(params![
                        r.id, r.game, r.profile, r.verdict, r.date, canonical, report
                    ])?;
                    let n = tx.last_insert_rowid();
                    recent.execute(params![r.id, n])?;
                    keys.add(&r.id);
                    if let Some(names) = player_names(&r.players) {
                        player.execute(params![n, names])?;
                    }
                    for k in &r.codes {
                        code.execute(params![n, k])?;
                    }
                    n
                };
                fresh.push(member.execute(params![collection, n, r.line])? > 0);
            }
        }
    }
    let stored: i64 = tx
        .prepare_cached("SELECT COALESCE(MAX(n), 0) FROM records")?
        .query_row([], |r| r.get(0))?;
    let next = merge_slice(
        &tx,
        merge_from.load(Ordering::Relaxed),
        stored.max(0) as u64,
        added,
    )?;
    tx.commit()?;
    keys.committed(batch);
    merge_from.store(next, Ordering::Relaxed);
    Ok(fresh)
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

    fn has_collection(&self, id: &str) -> Result<bool> {
        self.read(|c| {
            c.prepare_cached("SELECT 1 FROM collections WHERE id = ?1")?
                .query_row([id], |_| Ok(()))
                .optional()
                .map(|r| r.is_some())
        })
    }

    fn verdict_counts(&self, id: &str) -> Result<Vec<(String, u64)>> {
        self.read(|c| {
            let mut st = c.prepare_cached(
                "SELECT r.verdict, COUNT(*) FROM members m JOIN records r ON r.n = m.record \
                 WHERE m.collection = ?1 GROUP BY r.verdict ORDER BY r.verdict",
            )?;
            st.query_map([id], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as u64)))?
                .collect()
        })
    }

    fn delete_collection(&self, id: &str) -> Result<bool> {
        self.write(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
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

    fn prepare(&self, record: &mut NewRecord) {
        // A failure here leaves the texts to the write, which compresses them again and
        // reports the failure.
        if record.packed.is_none()
            && let Ok(p) = packed(record).map(Cow::into_owned)
        {
            record.packed = Some(p);
        }
    }

    fn add_records(&self, collection: &str, records: &[NewRecord]) -> Result<Vec<bool>> {
        self.add_batch(collection, &mut std::iter::once(Ok(Cow::Borrowed(records))))
    }

    fn add_records_in_parts(
        &self,
        collection: &str,
        parts: &mut dyn Iterator<Item = Result<Vec<NewRecord>>>,
    ) -> Result<Vec<bool>> {
        // The writer is taken once the first part is checked, and kept while the later
        // parts are: the checking threads go on with them while this one writes.
        let first = match parts.next() {
            Some(part) => part?,
            None => Vec::new(),
        };
        let rest = parts.map(|part| part.map(Cow::Owned));
        self.add_batch(
            collection,
            &mut std::iter::once(Ok(Cow::Owned(first))).chain(rest),
        )
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
            "EXISTS (SELECT 1 FROM codes k WHERE k.record = r.n AND k.code = ?)",
            &filter.code,
        );
        if let Some(player) = &filter.player {
            // Each record's names are parsed to compare them whole; a name JSON writes as it
            // is is first looked for, quoted, in the array's text, which passes over most
            // records without parsing them.
            clauses.push_str(" AND EXISTS (SELECT 1 FROM players p WHERE p.record = r.n");
            if player.chars().all(|c| c >= ' ' && c != '"' && c != '\\') {
                clauses.push_str(" AND instr(p.names, ?) > 0");
                args.push(format!("\"{player}\""));
            }
            clauses.push_str(" AND EXISTS (SELECT 1 FROM json_each(p.names) j WHERE j.value = ?))");
            args.push(player.clone());
        }
        let from = format!("FROM members m JOIN records r ON r.n = m.record WHERE {clauses}");
        self.read(|c| {
            let total: i64 = c
                .prepare_cached(&format!("SELECT COUNT(*) {from}"))?
                .query_row(params_from_iter(args.iter()), |r| r.get(0))?;
            let mut st = c.prepare_cached(&format!(
                "SELECT r.id, r.game, r.profile, r.verdict, r.date, r.n {from} ORDER BY m.rowid LIMIT {} OFFSET {}",
                filter.limit, filter.offset
            ))?;
            let rows: Vec<(Listed, i64)> = st
                .query_map(params_from_iter(args.iter()), |r| {
                    Ok((
                        Listed {
                            id: r.get(0)?,
                            game: r.get(1)?,
                            profile: r.get(2)?,
                            verdict: r.get(3)?,
                            date: r.get(4)?,
                            players: Vec::new(),
                            codes: Vec::new(),
                        },
                        r.get(5)?,
                    ))
                })?
                .collect::<rusqlite::Result<_>>()?;
            let mut players = c.prepare_cached("SELECT names FROM players WHERE record = ?1")?;
            let mut codes = c.prepare_cached("SELECT code FROM codes WHERE record = ?1 ORDER BY code")?;
            let mut records = Vec::with_capacity(rows.len());
            for (mut row, n) in rows {
                let names: Option<String> = players.query_row([n], |r| r.get(0)).optional()?;
                row.players = match names {
                    Some(names) => serde_json::from_str(&names)
                        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(0, Type::Text, Box::new(e)))?,
                    None => Vec::new(),
                };
                row.codes = codes.query_map([n], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
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
                "SELECT r.id, r.canonical FROM members m JOIN records r ON r.n = m.record \
                 WHERE m.collection = ?1 ORDER BY m.rowid",
            )?
            .query_map([collection], |r| Ok((r.get(0)?, unpack(r, 1)?)))?
            .collect()
        })
    }

    fn record(&self, collection: &str, id: &str) -> Result<Option<Stored>> {
        self.read(|c| {
            c.prepare_cached(&record_query())?
                .query_row([id, collection], |r| {
                    Ok(Stored {
                        canonical: unpack(r, 0)?,
                        report: unpack(r, 1)?,
                    })
                })
                .optional()
        })
    }

    fn delete_record(&self, collection: &str, id: &str) -> Result<bool> {
        self.write(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            tx.execute(
                &format!("CREATE TEMP TABLE gone AS {}", by_id("r.n AS record")),
                [id],
            )?;
            let n = tx.execute(
                "DELETE FROM members WHERE collection = ?1 AND record IN (SELECT record FROM temp.gone)",
                [collection],
            )?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A store as the first schema kept it: two collections sharing a record, players and
    /// codes, and the members in an order that is not the records' order.
    fn first_schema_store(path: &Path) {
        let conn = Connection::open(path).expect("a file");
        configure(&conn).expect("configured");
        conn.execute_batch("CREATE TABLE migrations (version INTEGER PRIMARY KEY, applied INTEGER NOT NULL)")
            .expect("migrations");
        conn.execute_batch(MIGRATIONS[0]).expect("the first schema");
        conn.execute_batch(
            "INSERT INTO migrations VALUES (1, 0);
             INSERT INTO collections VALUES ('c1', 'Club', 1, 1), ('c2', 'Other', 0, 2);
             INSERT INTO records VALUES
                 ('aa', 'skat', 'isko', 'consistent', '2010-12-06', 'text a', '{\"a\":1}'),
                 ('bb', 'skat', 'isko', 'illegal', '2011-01-02', 'text b', '{\"b\":2}'),
                 ('cc', 'pinochle', NULL, 'incomplete', NULL, 'text c', '{\"c\":3}');
             INSERT INTO members (collection, record, line) VALUES
                 ('c1', 'cc', 1), ('c1', 'aa', 5), ('c2', 'aa', 9), ('c1', 'bb', 12);
             INSERT INTO players VALUES ('aa', 'anna', 1), ('aa', 'bert', 0), ('bb', 'carl', 0),
                 ('cc', 'e' || char(0) || 'f', 0);
             INSERT INTO codes VALUES ('bb', 'S0409'), ('bb', 'S0104');",
        )
        .expect("the first schema's rows");
    }

    #[test]
    fn a_store_of_the_first_schema_keeps_every_record_and_answer() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("old.db");
        first_schema_store(&path);
        let store = Sqlite::open(path.to_str().expect("a path")).expect("migrated");
        let version: i64 = store
            .read(|c| c.query_row("SELECT MAX(version) FROM migrations", [], |r| r.get(0)))
            .expect("a version");
        assert_eq!(version, MIGRATIONS.len() as i64);

        let all = Filter {
            limit: 10,
            ..Filter::default()
        };
        let page = store.list("c1", &all).expect("a listing");
        let ids: Vec<&str> = page.records.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["cc", "aa", "bb"], "the order the records were added in");
        // In seat order, as the seventh migration keeps them (not by name, nor as inserted).
        assert_eq!(page.records[1].players, ["bert", "anna"]);
        assert_eq!(
            page.records[0].players,
            ["e\0f"],
            "a NUL kept through the migration"
        );
        assert_eq!(page.records[2].codes, ["S0104", "S0409"]);
        let by = |player: Option<&str>, code: Option<&str>| {
            let f = Filter {
                player: player.map(str::to_string),
                code: code.map(str::to_string),
                ..all.clone()
            };
            let page = store.list("c1", &f).expect("a listing");
            page.records.into_iter().map(|r| r.id).collect::<Vec<_>>()
        };
        assert_eq!(by(Some("carl"), None), ["bb"]);
        assert_eq!(by(Some("e\0f"), None), ["cc"]);
        assert_eq!(by(None, Some("S0409")), ["bb"]);
        assert_eq!(
            store.record("c2", "aa").expect("a fetch"),
            Some(Stored {
                canonical: "text a".into(),
                report: "{\"a\":1}".into()
            })
        );
        assert_eq!(store.record("c2", "bb").expect("a fetch"), None);

        // A record added again after the migration is not new; one more is, and lists last.
        let again = NewRecord {
            id: "aa".into(),
            game: None,
            profile: None,
            verdict: "consistent",
            players: Vec::new(),
            date: None,
            codes: Vec::new(),
            canonical: "other text".into(),
            report: "{}".into(),
            line: 1,
            packed: None,
        };
        let fresh = NewRecord {
            id: "dd".into(),
            ..again.clone()
        };
        assert_eq!(
            store.add_records("c1", &[again, fresh]).expect("added"),
            [false, true]
        );
        let ids: Vec<String> = store
            .list("c1", &all)
            .expect("a listing")
            .records
            .into_iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(ids, ["cc", "aa", "bb", "dd"]);

        // Deleting keeps the record another collection holds and drops the one it does not.
        assert!(store.delete_record("c1", "aa").expect("deleted"));
        assert!(store.record("c2", "aa").expect("a fetch").is_some());
        assert!(store.delete_collection("c1").expect("deleted"));
        let left: Vec<String> = store
            .read(|c| {
                c.prepare("SELECT id FROM records ORDER BY id")?
                    .query_map([], |r| r.get(0))?
                    .collect()
            })
            .expect("the records");
        assert_eq!(left, ["aa"]);
        assert_eq!(store.integrity_check().expect("checked"), "ok");
        let broken: i64 = store
            .read(|c| c.query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0)))
            .expect("the foreign keys checked");
        assert_eq!(broken, 0);
    }

    /// The plan of a listing's count with a player and a code to match.
    fn filter_plan(store: &Sqlite) -> Vec<String> {
        store
            .read(|c| {
                c.prepare(
                    "EXPLAIN QUERY PLAN SELECT COUNT(*) FROM members m JOIN records r ON r.n = m.record \
                     WHERE m.collection = ?1 \
                     AND EXISTS (SELECT 1 FROM players p, json_each(p.names) j WHERE p.record = r.n AND j.value = ?2) \
                     AND EXISTS (SELECT 1 FROM codes k WHERE k.record = r.n AND k.code = ?3)",
                )?
                .query_map(["c1", "anna", "S0409"], |r| r.get::<_, String>(3))?
                .collect()
            })
            .expect("a plan")
    }

    #[test]
    fn the_filters_reach_players_and_codes_by_their_primary_keys() {
        let store = Sqlite::open(":memory:").expect("opened");
        let plan = filter_plan(&store);
        // SQLite writes a search made for `EXISTS` as `SEARCH p EXISTS USING …`.
        for (table, key) in [
            (
                "SEARCH m ",
                "COVERING INDEX sqlite_autoindex_members_1 (collection=?)",
            ),
            ("SEARCH p ", "INTEGER PRIMARY KEY (rowid=?)"),
            ("SEARCH k ", "PRIMARY KEY (record=? AND code=?)"),
        ] {
            assert!(
                plan.iter().any(|s| s.starts_with(table) && s.ends_with(key)),
                "{table}… {key} in {plan:?}"
            );
        }
        assert!(
            plan.first().is_some_and(|s| s.starts_with("SEARCH m ")),
            "{plan:?}"
        );
        let indexes: Vec<String> = store
            .read(|c| {
                c.prepare(
                    "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
                )?
                .query_map([], |r| r.get(0))?
                .collect()
            })
            .expect("the indexes");
        assert_eq!(indexes, ["members_record"]);
    }

    /// Whether the writer's connection enforces foreign keys.
    fn keys_on(store: &Sqlite) -> bool {
        // Not through `write`, which turns the checks on before it runs anything.
        let conn = store.writer.lock().expect("the writer");
        conn.query_row("PRAGMA foreign_keys", [], |r| r.get::<_, i64>(0))
            .expect("the pragma")
            == 1
    }

    #[test]
    fn a_batch_for_a_collection_gone_adds_nothing_and_leaves_the_keys_checked() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("keys.db");
        let store = Sqlite::open(path.to_str().expect("a path")).expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        let records = [new_record("aa", "t", "{}"), new_record("bb", "t", "{}")];
        assert!(store.add_records("gone", &records).is_err());
        assert!(keys_on(&store));
        assert_eq!(id_counts(&store), (0, 0, 0), "nothing added");
        assert_eq!(store.add_records(&c.id, &records).expect("added"), [true, true]);
        assert!(keys_on(&store));
        // The cascades still work: the collection's delete takes its members and records.
        assert!(store.delete_collection(&c.id).expect("deleted"));
        assert_eq!(id_counts(&store), (0, 0, 0));
        let broken: i64 = store
            .read(|c| c.query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0)))
            .expect("the foreign keys checked");
        assert_eq!(broken, 0);
    }

    /// A record's players are one row of names: each name once, in the seat it first takes,
    /// and a filter by player matches a whole name, whatever characters it holds (a quote,
    /// a NUL).
    #[test]
    fn players_are_kept_once_each_in_seat_order_and_matched_whole() {
        let store = Sqlite::open(":memory:").expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        let named = |id: &str, players: &[&str]| NewRecord {
            players: players.iter().map(|p| p.to_string()).collect(),
            ..new_record(id, &format!("text {id}"), "{}")
        };
        let records = [
            named("aa", &["anna", "b\"a", "anna"]),
            named("bb", &["a", "carl", "bert"]),
            named("cc", &[]),
            named("dd", &["a\0b"]),
        ];
        store.add_records(&c.id, &records).expect("added");
        let listed = |player: Option<&str>| {
            let filter = Filter {
                player: player.map(str::to_string),
                limit: 100,
                ..Filter::default()
            };
            let page = store.list(&c.id, &filter).expect("listed");
            page.records
                .into_iter()
                .map(|r| (r.id, r.players))
                .collect::<Vec<_>>()
        };
        let all = listed(None);
        assert_eq!(all[0], ("aa".into(), vec!["anna".to_string(), "b\"a".into()]));
        assert_eq!(all[1].1, ["a", "carl", "bert"]);
        assert!(all[2].1.is_empty());
        assert_eq!(all[3].1, ["a\0b"]);
        let ids = |player| {
            listed(Some(player))
                .into_iter()
                .map(|(id, _)| id)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids("a"), ["bb"]);
        // A NUL in a name (the reader keeps it in a tag's value) is compared like any other.
        assert_eq!(ids("a\0b"), ["dd"]);
        assert_eq!(ids("b\"a"), ["aa"]);
        assert_eq!(ids("anna"), ["aa"]);
        assert!(ids("ann").is_empty());
        assert!(ids("\"a\"").is_empty());
        assert_eq!(player_names(&[]), None);
    }

    /// Parts are one transaction: a record of an earlier part is known to a later one (the
    /// second is not new), and the parts add what one batch of the same records adds.
    #[test]
    fn records_added_in_parts_are_what_one_batch_adds() {
        let records: Vec<NewRecord> = ["a1", "b2", "c3", "a1", "d4", "b2"]
            .iter()
            .map(|id| new_record(id, &format!("text {id}"), "{}"))
            .collect();
        let whole = Sqlite::open(":memory:").expect("opened");
        let w = whole.create_collection("Club", true).expect("a collection");
        let at_once = whole.add_records(&w.id, &records).expect("added");
        assert_eq!(at_once, [true, true, true, false, true, false]);
        let parted = Sqlite::open(":memory:").expect("opened");
        let p = parted.create_collection("Club", true).expect("a collection");
        let mut parts = [&records[..2], &records[2..3], &records[3..]]
            .into_iter()
            .map(|part| Ok(part.to_vec()));
        assert_eq!(
            parted.add_records_in_parts(&p.id, &mut parts).expect("added"),
            at_once
        );
        let listed = |store: &Sqlite, c: &str| {
            let filter = Filter {
                limit: 100,
                ..Filter::default()
            };
            let page = store.list(c, &filter).expect("listed");
            page.records.into_iter().map(|r| r.id).collect::<Vec<_>>()
        };
        assert_eq!(listed(&parted, &p.id), ["a1", "b2", "c3", "d4"]);
        assert_eq!(listed(&parted, &p.id), listed(&whole, &w.id));
        // No parts at all add nothing, and are no error.
        assert!(
            parted
                .add_records_in_parts(&p.id, &mut std::iter::empty())
                .expect("nothing")
                .is_empty()
        );
    }

    /// A part that is an error (the checking stopped part way) undoes the parts before it,
    /// and leaves the writer as it found it.
    #[test]
    fn a_part_that_is_an_error_undoes_the_whole_upload() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("parts.db");
        let store = Sqlite::open(path.to_str().expect("a path")).expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        let first = vec![new_record("aa", "t1", "{}"), new_record("bb", "t2", "{}")];
        let mut parts = vec![
            Ok(first.clone()),
            Ok(vec![new_record("cc", "t3", "{}")]),
            Err(StoreError("stopped".into())),
        ]
        .into_iter();
        let failed = store.add_records_in_parts(&c.id, &mut parts);
        assert!(failed.is_err_and(|e| e.0.contains("stopped")));
        assert_eq!(id_counts(&store), (0, 0, 0), "nothing added");
        assert!(store.record(&c.id, "aa").expect("asked").is_none());
        assert!(keys_on(&store));
        // An error as the first part never takes the writer.
        let mut only_error = std::iter::once(Err(StoreError("stopped".into())));
        assert!(store.add_records_in_parts(&c.id, &mut only_error).is_err());
        assert_eq!(store.add_records(&c.id, &first).expect("added"), [true, true]);
    }

    /// An id of 64 hex digits whose key (first eight) is `key`.
    fn hex_id(key: u32, rest: u64) -> String {
        format!("{key:08x}{rest:056x}")
    }

    /// A record another connection (another process on the same file) stores is not taken
    /// for new by a writer that read its keys before: the writer sees the other's commit
    /// and reads the keys again.
    #[test]
    fn a_record_another_connection_stored_is_not_new() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("shared.db");
        let path = path.to_str().expect("a path");
        let one = Sqlite::open(path).expect("opened");
        let c = one.create_collection("Club", true).expect("a collection");
        let other = Sqlite::open(path).expect("opened again");
        let (x, y, z) = (hex_id(1, 1), hex_id(2, 2), hex_id(3, 3));
        assert_eq!(
            one.add_records(&c.id, &[new_record(&x, "t", "{}")])
                .expect("added"),
            [true]
        );
        // The other's keys are read now: they hold x, not z.
        assert_eq!(
            other
                .add_records(&c.id, &[new_record(&x, "t", "{}"), new_record(&y, "t", "{}")])
                .expect("added"),
            [false, true]
        );
        assert_eq!(
            one.add_records(&c.id, &[new_record(&z, "t", "{}")])
                .expect("added"),
            [true]
        );
        assert_eq!(
            other
                .add_records(&c.id, &[new_record(&z, "t", "{}")])
                .expect("added"),
            [false]
        );
        assert_eq!(
            one.add_records(&c.id, &[new_record(&y, "t", "{}")])
                .expect("added"),
            [false]
        );
        let rows: i64 = one
            .read(|c| c.query_row("SELECT COUNT(*) FROM records", [], |r| r.get(0)))
            .expect("counted");
        assert_eq!(rows, 3, "each record once");
        // Each read its keys at its first batch and again after each batch of the other.
        assert_eq!(other.keys.lock().expect("the keys").reads(), 2);
        assert_eq!(one.keys.lock().expect("the keys").reads(), 3);
    }

    /// The keys are read once while no other connection writes, checkpoints included; a
    /// record is found whether its key is in the bitmap or not (an id of no hex digits),
    /// and a key shared by two ids still tells them apart.
    #[test]
    fn the_keys_are_read_once_and_never_hide_a_record() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("keys.db");
        let store = Sqlite::open(path.to_str().expect("a path")).expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        let (a, b) = (hex_id(7, 1), hex_id(7, 2));
        assert_eq!(
            store
                .add_records(&c.id, &[new_record(&a, "t", "{}"), new_record("zz", "t", "{}")])
                .expect("added"),
            [true, true]
        );
        let checkpointer = Connection::open(&path).expect("a connection");
        checkpointer
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .expect("a checkpoint");
        assert_eq!(
            store
                .add_records(
                    &c.id,
                    &[
                        new_record(&b, "t", "{}"),
                        new_record(&a, "t", "{}"),
                        new_record("zz", "t", "{}")
                    ]
                )
                .expect("added"),
            [true, false, false]
        );
        assert_eq!(store.keys.lock().expect("the keys").reads(), 1);
        // A store opened afresh reads the keys from the tables, merged or recent.
        let again = Sqlite::open(path.to_str().expect("a path")).expect("opened again");
        assert_eq!(
            again
                .add_records(&c.id, &[new_record(&a, "t", "{}"), new_record(&b, "t", "{}")])
                .expect("added"),
            [false, false]
        );
    }

    fn new_record(id: &str, canonical: &str, report: &str) -> NewRecord {
        NewRecord {
            id: id.into(),
            game: None,
            profile: None,
            verdict: "consistent",
            players: Vec::new(),
            date: None,
            codes: Vec::new(),
            canonical: canonical.into(),
            report: report.into(),
            line: 1,
            packed: None,
        }
    }

    #[test]
    fn texts_are_stored_compressed_beside_the_uncompressed_texts_of_older_stores() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("old.db");
        first_schema_store(&path);
        let store = Sqlite::open(path.to_str().expect("a path")).expect("migrated");
        let report = format!("{{\"cards\":[{}]}}", vec!["\"♠Q\""; 400].join(","));
        store
            .add_records("c1", &[new_record("ee", "text ♣J", &report)])
            .expect("added");
        let kinds: (String, String, i64) = store
            .read(|c| {
                c.query_row(
                    "SELECT typeof(canonical), typeof(report), length(report) FROM records WHERE id = 'ee'",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
            })
            .expect("the stored types");
        assert_eq!((kinds.0.as_str(), kinds.1.as_str()), ("blob", "blob"));
        assert!(
            kinds.2 < report.len() as i64 / 4,
            "{} bytes stored of {}",
            kinds.2,
            report.len()
        );
        assert_eq!(
            store.record("c1", "ee").expect("a fetch"),
            Some(Stored {
                canonical: "text ♣J".into(),
                report: report.clone()
            })
        );
        // The row written before compression reads as it was.
        assert_eq!(
            store.record("c1", "aa").expect("a fetch").map(|s| s.canonical),
            Some("text a".into())
        );
        let texts = store.texts("c1").expect("the texts");
        assert!(texts.contains(&("ee".to_string(), "text ♣J".to_string())));
        assert!(texts.contains(&("aa".to_string(), "text a".to_string())));

        // A record packed ahead by `prepare` is stored as it would have been without.
        let mut ahead = new_record("gg", "text ♦7", &report);
        store.prepare(&mut ahead);
        assert!(ahead.packed.is_some());
        store.add_records("c1", &[ahead]).expect("added");
        assert_eq!(
            store.record("c1", "gg").expect("a fetch").map(|s| s.canonical),
            Some("text ♦7".into())
        );

        // A report as the previous version wrote it, an LZ4 block after its length.
        let lz4 = lz4_flex::compress_prepend_size(report.as_bytes());
        store
            .write(|w| w.execute("UPDATE records SET report = ?1 WHERE id = 'ee'", [lz4]))
            .expect("rewritten");
        assert_eq!(
            store.record("c1", "ee").expect("a fetch").map(|s| s.report),
            Some(report)
        );
    }

    #[test]
    fn a_damaged_compressed_text_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("damaged.db");
        let store = Sqlite::open(path.to_str().expect("a path")).expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        store
            .add_records(&c.id, &[new_record("ff", "text", "{}")])
            .expect("added");
        store
            .write(|w| w.execute("UPDATE records SET report = x'ffffff7f0102' WHERE id = 'ff'", []))
            .expect("damaged");
        assert!(store.record(&c.id, "ff").is_err());
    }

    #[test]
    fn a_record_in_a_collection_is_fetched_through_the_id_index() {
        let store = Sqlite::open(":memory:").expect("opened");
        let plan: Vec<String> = store
            .read(|c| {
                c.prepare(&format!("EXPLAIN QUERY PLAN {}", record_query()))?
                    .query_map(["ab", "c1"], |r| r.get::<_, String>(3))?
                    .collect()
            })
            .expect("a plan");
        assert_searches_both_id_tables(&plan);
    }

    /// A lookup by id seeks into both id tables by their key and reads no table whole.
    fn assert_searches_both_id_tables(plan: &[String]) {
        for table in [
            "SEARCH ids USING PRIMARY KEY (key=?)",
            "SEARCH ids_recent USING PRIMARY KEY (key=?)",
        ] {
            assert!(plan.iter().any(|step| step.contains(table)), "{plan:?}");
        }
        assert!(!plan.iter().any(|step| step.contains("SCAN")), "{plan:?}");
    }

    #[test]
    fn a_new_store_takes_the_page_size_and_an_old_one_keeps_its_own() {
        let dir = tempfile::tempdir().expect("a directory");
        let new = dir.path().join("new.db");
        let store = Sqlite::open(new.to_str().expect("a path")).expect("opened");
        let size: i64 = store
            .read(|c| c.query_row("PRAGMA page_size", [], |r| r.get(0)))
            .expect("a page size");
        assert_eq!(size, PAGE_SIZE);
        drop(store);
        let old = dir.path().join("old.db");
        {
            let conn = Connection::open(&old).expect("opened");
            conn.pragma_update(None, "page_size", 4096).expect("set");
            conn.pragma_update(None, "journal_mode", "WAL").expect("set");
            conn.execute_batch("CREATE TABLE t (x INTEGER)").expect("made");
        }
        let store = Sqlite::open(old.to_str().expect("a path")).expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        let added = store
            .add_records(&c.id, &[new_record(&"c".repeat(64), "text", "{}")])
            .expect("added");
        assert_eq!(added, [true]);
        let size: i64 = store
            .read(|c| c.query_row("PRAGMA page_size", [], |r| r.get(0)))
            .expect("a page size");
        assert_eq!(size, 4096);
    }

    #[test]
    fn the_checkpointer_copies_the_log_into_the_database() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("log.db");
        let store = Sqlite::open(path.to_str().expect("a path")).expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        let records: Vec<NewRecord> = (0..200)
            .map(|i| new_record(&format!("{i:064x}"), "text", &"x".repeat(3000)))
            .collect();
        store.add_records(&c.id, &records).expect("added");
        // The writer never checkpoints below WRITER_CHECKPOINT_BYTES, so the database's
        // file past its first page (counted in 4 KiB here) is the checkpointer's work.
        let mut pages = 0;
        for _ in 0..200 {
            pages = std::fs::metadata(&path).map_or(0, |m| m.len()) / 4096;
            if pages > 20 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(pages > 20, "the database file has {pages} pages");
    }

    #[test]
    fn a_record_is_found_by_its_id_through_the_index_of_its_first_digits() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("plan.db");
        let store = Sqlite::open(path.to_str().expect("a path")).expect("opened");
        let plan: Vec<String> = store
            .read(|c| {
                c.prepare(&format!("EXPLAIN QUERY PLAN {}", by_id("r.n")))?
                    .query_map(["ab"], |r| r.get::<_, String>(3))?
                    .collect()
            })
            .expect("a plan");
        assert_searches_both_id_tables(&plan);
        // Two ids with the same first sixteen digits (so the same first eight) are two
        // records.
        let c = store.create_collection("Club", true).expect("a collection");
        let a = format!("{}{}", "0".repeat(16), "a".repeat(48));
        let b = format!("{}{}", "0".repeat(16), "b".repeat(48));
        let added = store
            .add_records(
                &c.id,
                &[
                    new_record(&a, "text a", "{}"),
                    new_record(&b, "text b", "{}"),
                    new_record(&a, "again", "{}"),
                ],
            )
            .expect("added");
        assert_eq!(added, [true, true, false]);
        assert_eq!(
            store.record(&c.id, &b).expect("a fetch").map(|s| s.canonical),
            Some("text b".into())
        );
        assert_eq!(
            store.record(&c.id, &a).expect("a fetch").map(|s| s.canonical),
            Some("text a".into())
        );
        assert!(store.delete_record(&c.id, &a).expect("deleted"));
        assert!(store.record(&c.id, &b).expect("a fetch").is_some());
    }

    /// How many entries each id table holds, and how many records there are.
    fn id_counts(store: &Sqlite) -> (i64, i64, i64) {
        store
            .read(|c| {
                c.query_row(
                    "SELECT (SELECT COUNT(*) FROM ids), (SELECT COUNT(*) FROM ids_recent), \
                     (SELECT COUNT(*) FROM records)",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
            })
            .expect("the counts")
    }

    #[test]
    fn the_slices_number_about_the_root_of_the_store_over_a_write() {
        assert_eq!(slices(0, 0), 1);
        assert_eq!(slices(1_000, 1_000), 1);
        assert_eq!(slices(100_000, 1_000), 10);
        assert_eq!(slices(1_000_000, 1_000), 32);
        assert_eq!(slices(10_000_000, 1_000), 100);
        assert_eq!(slices(10_000_000, 1), 3_162);
        assert_eq!(slices(u64::MAX, 1), 4_096);
    }

    #[test]
    fn new_ids_move_into_the_settled_table_a_slice_a_write_and_every_record_stays_found() {
        let store = Sqlite::open(":memory:").expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        // 400 records first, in one write: the whole space is one slice, so all of them
        // are settled at its commit.
        let first: Vec<NewRecord> = (0..400u64)
            .map(|i| {
                new_record(
                    &format!("{:016x}", i.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
                    "t",
                    "{}",
                )
            })
            .collect();
        store.add_records(&c.id, &first).expect("added");
        assert_eq!(id_counts(&store), (400, 0, 400));
        // Then one record a write: √400 = 20 slices, so a new id waits in `ids_recent` for
        // a round of 20 writes at most, and the table never holds more than a round's.
        let mut ids: Vec<String> = first.iter().map(|r| r.id.clone()).collect();
        let mut most_recent = 0;
        for i in 0..100u64 {
            let id = format!("{:016x}", (1000 + i).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            assert_eq!(
                store
                    .add_records(&c.id, &[new_record(&id, "t", "{}")])
                    .expect("added"),
                [true]
            );
            ids.push(id);
            let (settled, recent, records) = id_counts(&store);
            assert_eq!(settled + recent, records, "each record once in the two tables");
            most_recent = most_recent.max(recent);
        }
        assert!(
            (1..=21).contains(&most_recent),
            "{most_recent} entries waited at once"
        );
        for id in &ids {
            assert!(store.record(&c.id, id).expect("a fetch").is_some(), "{id}");
            assert_eq!(
                store
                    .add_records(&c.id, &[new_record(id, "t", "{}")])
                    .expect("added"),
                [false],
                "{id} is known"
            );
        }
        // Deleting records takes their entries out of whichever table holds them.
        for id in ids.iter().step_by(3) {
            assert!(store.delete_record(&c.id, id).expect("deleted"));
        }
        let (settled, recent, records) = id_counts(&store);
        assert_eq!((settled + recent, records), (333, 333));
        assert!(store.delete_collection(&c.id).expect("deleted"));
        assert_eq!(id_counts(&store), (0, 0, 0));
    }

    #[test]
    fn ids_outside_the_hex_digits_are_merged_by_the_first_and_last_slices() {
        let store = Sqlite::open(":memory:").expect("opened");
        let c = store.create_collection("Club", true).expect("a collection");
        let filler: Vec<NewRecord> = (0..100u64)
            .map(|i| new_record(&format!("{:08x}", i << 25), "t", "{}"))
            .collect();
        store.add_records(&c.id, &filler).expect("added");
        let odd = ["", "-", "zz", "ZZ", "\u{2660}", "ffffffff0", "00000000"];
        for id in odd {
            store
                .add_records(&c.id, &[new_record(id, "t", "{}")])
                .expect("added");
        }
        // Enough writes for a round whatever the slices: none is left waiting.
        for i in 0..200u64 {
            store
                .add_records(&c.id, &[new_record(&format!("{:08x}1", i << 24), "t", "{}")])
                .expect("added");
        }
        let waiting: Vec<String> = store
            .read(|c| {
                c.prepare("SELECT key FROM ids_recent")?
                    .query_map([], |r| r.get(0))?
                    .collect()
            })
            .expect("the waiting keys");
        for id in odd {
            assert!(
                !waiting.iter().any(|k| k == id),
                "{id:?} still waits: {waiting:?}"
            );
            assert!(store.record(&c.id, id).expect("a fetch").is_some(), "{id:?}");
        }
    }
}
