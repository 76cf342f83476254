//! The keys of the content ids the SQLite store holds, kept in memory by its writer, so that
//! a record whose key no stored id has is known to be new without asking the store.
//!
//! Nearly every record an upload brings is new, and the writer, which every upload waits
//! on, asked the store for each (two index searches, `BY_ID` in [`super::sqlite`]): about a
//! sixth of its time on server records. A key is an id's first eight hex digits, a number
//! below 2^32, and the keys are a Bloom filter (about ten bits a key, one search in a
//! hundred made for nothing). The filter only ever says "perhaps" too often, never "no"
//! wrongly:
//!
//! - a key is added when its record is inserted, before the commit, so a rolled-back or
//!   deleted record leaves a key that only costs a search;
//! - an id whose first eight characters are not hex digits has no key here and is always
//!   searched for (only tests make such ids);
//! - another connection may add records to the same file (a second process): every batch
//!   of records adds one to the store's count of batches (the `batches` table), inside its
//!   transaction, and a writer that finds the count not at the number its own last batch
//!   left reads the keys again from the id tables before it trusts them. (SQLite's
//!   `data_version` would also tell of another connection's commit, but it changes too when
//!   the checkpointer starts the log again, and reading the keys of a store of millions
//!   again after every such checkpoint would cost more than the filter saves.)
//!
//! A filter is made for twice the keys the store may hold when it is read (its last record
//! number, at least [`FEWEST`]); once it holds more than it was made for, the keys are read
//! again into one twice as large, so the reads cost a store no more than twice its keys in
//! all.

use fastbloom::BloomFilter;
use rusqlite::Connection;

/// The share of the searches for keys not in the filter that it answers "perhaps".
const FALSE_POSITIVES: f64 = 0.01;

/// The fewest keys a filter is made for: about 1.2 MB.
const FEWEST: usize = 1 << 20;

/// The filter's seed, fixed so that the server does the same work for the same store.
const SEED: u128 = 0x5354_4943_485f_4b45_5953;

/// The keys of the ids stored, once read.
#[derive(Default)]
pub(super) struct KnownKeys {
    /// None before the first read.
    read: Option<Read>,
    /// How many times the keys were read from the store (the tests count them).
    reads: u64,
}

/// A filter read from the store, and what has been added to it since.
struct Read {
    filter: BloomFilter,
    /// How many keys the filter was made for, and how many it holds.
    capacity: usize,
    held: usize,
    /// The count of batches the filter holds every record of.
    at: i64,
}

impl Read {
    /// The keys of the store's id tables, in a filter made for twice as many as the store's
    /// records may number (its last row number, one step of an index, rather than a count).
    fn from_store(tx: &Connection, at: i64) -> rusqlite::Result<Read> {
        let last: i64 = tx.query_row("SELECT COALESCE(MAX(n), 0) FROM records", [], |r| r.get(0))?;
        let capacity = usize::try_from(last).unwrap_or(0).saturating_mul(2).max(FEWEST);
        let mut filter = BloomFilter::with_false_pos(FALSE_POSITIVES)
            .seed(&SEED)
            .expected_items(capacity);
        let mut held = 0;
        let mut rows = tx.prepare("SELECT key FROM ids UNION ALL SELECT key FROM ids_recent")?;
        let mut rows = rows.query([])?;
        while let Some(row) = rows.next()? {
            if let Some(key) = row.get_ref(0)?.as_str().ok().and_then(key_of) {
                filter.insert(&key);
                held += 1;
            }
        }
        Ok(Read {
            filter,
            capacity,
            held,
            at,
        })
    }
}

impl KnownKeys {
    /// Begins a batch in the writer's transaction `tx`: reads the keys from the store when
    /// they were never read, another writer has added a batch since, or the filter is full;
    /// and counts this batch. Gives the count to pass to [`KnownKeys::committed`] once the
    /// batch is on disk.
    pub(super) fn begin(&mut self, tx: &Connection) -> rusqlite::Result<i64> {
        let count: i64 = tx.query_row("SELECT n FROM batches", [], |r| r.get(0))?;
        let current = self
            .read
            .as_ref()
            .is_some_and(|r| r.at == count && r.held <= r.capacity);
        if !current {
            self.read = Some(Read::from_store(tx, count)?);
            self.reads += 1;
        }
        tx.execute("UPDATE batches SET n = n + 1", [])?;
        Ok(count + 1)
    }

    /// The batch [`KnownKeys::begin`] counted as `count` is committed: the keys, which hold
    /// its records, are those of the store at that count. A batch rolled back leaves the
    /// store's count where the keys were read, and its records' keys only cost a search.
    pub(super) fn committed(&mut self, count: i64) {
        if let Some(read) = &mut self.read {
            read.at = count;
        }
    }

    /// Whether a stored record may have this id: `false` only when no stored id has its
    /// key, so that the record is new.
    pub(super) fn may_hold(&self, id: &str) -> bool {
        match (&self.read, key_of(id)) {
            (Some(read), Some(key)) => read.filter.contains(&key),
            _ => true,
        }
    }

    /// Counts a record with this id as stored.
    pub(super) fn add(&mut self, id: &str) {
        if let (Some(read), Some(key)) = (&mut self.read, key_of(id)) {
            read.filter.insert(&key);
            read.held += 1;
        }
    }

    /// How many times the keys were read from the store.
    #[cfg(test)]
    pub(super) fn reads(&self) -> u64 {
        self.reads
    }
}

/// The key of an id: its first eight characters (`substr(id, 1, 8)` in the store) read as
/// a hex number. Two ids with one key string give one number, so whatever a stored id's key
/// is, a new id with the same key string is in the filter.
fn key_of(id: &str) -> Option<u32> {
    let digits = id.get(..8)?;
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(digits, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_the_ids_first_eight_hex_digits() {
        assert_eq!(key_of("9b226443670d05ff"), Some(0x9b22_6443));
        assert_eq!(key_of("9b226443"), Some(0x9b22_6443));
        assert_eq!(key_of("FFFFFFFF00"), Some(u32::MAX));
        assert_eq!(key_of("9b22644"), None, "too short");
        assert_eq!(key_of("+b226443"), None, "a sign is not a digit");
        assert_eq!(key_of("aa"), None);
        assert_eq!(key_of("ééééé"), None);
    }

    /// A store with the tables the keys are read from, and `n` ids in each.
    fn store_with(n: u32) -> Connection {
        let conn = Connection::open_in_memory().expect("a store");
        conn.execute_batch(
            "CREATE TABLE batches (n INTEGER NOT NULL); INSERT INTO batches VALUES (0);
             CREATE TABLE records (n INTEGER PRIMARY KEY);
             CREATE TABLE ids (key TEXT NOT NULL, n INTEGER NOT NULL);
             CREATE TABLE ids_recent (key TEXT NOT NULL, n INTEGER NOT NULL);",
        )
        .expect("the tables");
        for i in 0..n {
            conn.execute("INSERT INTO records (n) VALUES (?1), (?1 + 1)", [i * 3])
                .expect("two records");
            conn.execute(
                "INSERT INTO ids (key, n) VALUES (printf('%08x', ?1), ?1)",
                [i * 3],
            )
            .expect("an id");
            conn.execute(
                "INSERT INTO ids_recent (key, n) VALUES (printf('%08x', ?1), ?1)",
                [i * 3 + 1],
            )
            .expect("an id");
        }
        conn
    }

    #[test]
    fn every_key_read_or_added_may_be_held_and_most_others_not() {
        let conn = store_with(1000);
        let mut known = KnownKeys::default();
        assert!(
            known.may_hold("00000000"),
            "nothing is known before the keys are read"
        );
        assert_eq!(known.begin(&conn).expect("begun"), 1);
        for i in 0..1000u32 {
            assert!(known.may_hold(&format!("{:08x}ffff", i * 3)));
            assert!(known.may_hold(&format!("{:08x}", i * 3 + 1)));
        }
        let others = (0..1000u32).filter(|i| known.may_hold(&format!("{:08x}", i * 3 + 2)));
        assert!(others.count() < 50, "a filter of about one in a hundred");
        known.add("ffffffff00");
        assert!(known.may_hold("ffffffff11"), "the same key, another id");
        known.add("aa");
        assert!(known.may_hold("aa") && known.may_hold("bb"), "ids without keys");
        known.committed(1);
        assert_eq!(known.begin(&conn).expect("begun"), 2);
        assert_eq!(known.reads(), 1);
    }

    /// Full to its capacity, the filter answers "perhaps" for about one key in a hundred
    /// that it was never given (keys drawn as a hash's bits are).
    #[test]
    fn a_full_filter_sends_few_new_keys_to_the_store() {
        let conn = store_with(0);
        let mut known = KnownKeys::default();
        known.begin(&conn).expect("begun");
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next_key = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u32
        };
        for _ in 0..FEWEST {
            known.add(&format!("{:08x}", next_key()));
        }
        let asked = 100_000;
        let perhaps = (0..asked)
            .filter(|_| known.may_hold(&format!("{:08x}", next_key())))
            .count();
        assert!(perhaps < asked / 40, "{perhaps} of {asked}");
        assert!(perhaps > 0, "a filter this full answers \"perhaps\" sometimes");
    }

    #[test]
    fn the_keys_are_read_again_once_the_filter_is_full() {
        let conn = store_with(0);
        let mut known = KnownKeys::default();
        let count = known.begin(&conn).expect("begun");
        known.committed(count);
        for i in 0..=FEWEST as u32 {
            known.add(&format!("{i:08x}"));
        }
        let count = known.begin(&conn).expect("begun");
        assert_eq!(known.reads(), 2);
        // Read from the store, which holds none of the keys added (no record was).
        let read = known.read.as_ref().expect("read");
        assert_eq!((read.held, read.capacity), (0, FEWEST));
        assert!(!known.may_hold(&format!("{:08x}", 12345)));
        known.committed(count);
    }
}
