//! The store of collections and their records: a trait, so that the embedded SQLite store
//! and a shared server store answer the same calls. Every call blocks; the routes make them
//! off the async runtime.

mod known_keys;
mod packing;
pub mod postgres;
pub mod sqlite;

use serde::Serialize;
use sha2::{Digest, Sha256};

/// A failure of the store (I/O, a corrupt file, a broken connection): never the client's.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

impl From<::postgres::Error> for StoreError {
    fn from(e: ::postgres::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// What a store call gives.
pub type Result<T> = std::result::Result<T, StoreError>;

/// A collection as listed.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Collection {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Whether anyone may read it (otherwise reads need a token).
    pub public: bool,
    /// How many records it holds.
    pub records: u64,
}

/// A checked record to store: what its report says, its canonical text and its report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewRecord {
    /// The content id (hex SHA-256 of the canonical text).
    pub id: String,
    /// The `Game` tag.
    pub game: Option<String>,
    /// The rule profile (`Rules` tag).
    pub profile: Option<String>,
    /// The verdict's word.
    pub verdict: &'static str,
    /// The players' names (the seat tags).
    pub players: Vec<String>,
    /// The `Date` tag, ISO style where it has that shape.
    pub date: Option<String>,
    /// The codes of the findings, each once.
    pub codes: Vec<String>,
    /// The canonical text.
    pub canonical: String,
    /// The full report as JSON.
    pub report: String,
    /// The line the record starts on in the upload.
    pub line: u32,
    /// The canonical text and the report as the store writes them, when
    /// [`Store::prepare`] made them ahead of the write.
    pub packed: Option<(Vec<u8>, Vec<u8>)>,
}

/// What a listing of records selects; every field given must match.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// The verdict's word.
    pub verdict: Option<String>,
    /// The game.
    pub game: Option<String>,
    /// The rule profile.
    pub profile: Option<String>,
    /// A player's name, exactly.
    pub player: Option<String>,
    /// The date or its start (`2010`, `2010-12`, `2010-12-06`).
    pub date: Option<String>,
    /// A finding code.
    pub code: Option<String>,
    /// At most this many records.
    pub limit: u32,
    /// Past this many.
    pub offset: u64,
}

/// A record as listed.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Listed {
    /// The content id.
    pub id: String,
    /// The game.
    pub game: Option<String>,
    /// The rule profile.
    pub profile: Option<String>,
    /// The verdict's word.
    pub verdict: String,
    /// The players' names.
    pub players: Vec<String>,
    /// The date.
    pub date: Option<String>,
    /// The finding codes.
    pub codes: Vec<String>,
}

/// A page of a listing.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Page {
    /// The records of the page, in the order they were added.
    pub records: Vec<Listed>,
    /// How many records match in all.
    pub total: u64,
    /// The page's size asked for.
    pub limit: u32,
    /// The records skipped.
    pub offset: u64,
}

/// A stored record: its canonical text and its report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The canonical text.
    pub canonical: String,
    /// The full report as JSON.
    pub report: String,
}

/// The calls every store answers.
pub trait Store: Send + Sync {
    /// Makes a collection.
    fn create_collection(&self, name: &str, public: bool) -> Result<Collection>;
    /// Every collection, oldest first.
    fn collections(&self) -> Result<Vec<Collection>>;
    /// One collection, if it exists.
    fn collection(&self, id: &str) -> Result<Option<Collection>>;
    /// Whether a collection exists: what an upload asks first, without counting the
    /// collection's records as [`Store::collection`] does.
    fn has_collection(&self, id: &str) -> Result<bool>;
    /// How many records of a collection have each verdict.
    fn verdict_counts(&self, id: &str) -> Result<Vec<(String, u64)>>;
    /// Deletes a collection and the records no other collection holds; `false` if there
    /// was none.
    fn delete_collection(&self, id: &str) -> Result<bool>;
    /// Readies a record for [`Store::add_records_in_parts`] on the thread that checked it:
    /// the SQLite store compresses its texts here, so that the compressing is shared among
    /// the checking threads instead of falling on one. Nothing by default.
    fn prepare(&self, _record: &mut NewRecord) {}
    /// Adds records to a collection in one transaction, durable when it returns: for each,
    /// whether it was new to the collection.
    fn add_records(&self, collection: &str, records: &[NewRecord]) -> Result<Vec<bool>>;
    /// Adds records to a collection in one transaction, as [`Store::add_records`], taking
    /// them a part at a time as they are checked: a store may write the first parts while
    /// the later ones are still being checked. A part that is an error undoes the whole and
    /// is returned.
    fn add_records_in_parts(
        &self,
        collection: &str,
        parts: &mut dyn Iterator<Item = Result<Vec<NewRecord>>>,
    ) -> Result<Vec<bool>>;
    /// A page of a collection's records.
    fn list(&self, collection: &str, filter: &Filter) -> Result<Page>;
    /// The canonical text of every record of a collection, in the order they were added
    /// (what the collection's sheets are scored from).
    fn texts(&self, collection: &str) -> Result<Vec<(String, String)>>;
    /// One record of a collection.
    fn record(&self, collection: &str, id: &str) -> Result<Option<Stored>>;
    /// Takes a record out of a collection (and out of the store when no collection holds
    /// it); `false` if the collection did not hold it.
    fn delete_record(&self, collection: &str, id: &str) -> Result<bool>;
    /// The store's own integrity check: `ok`, or what is wrong.
    fn integrity_check(&self) -> Result<String>;
}

/// A connection of `pool` for one call: a free one if there is one, else the one whose turn
/// it is (`turn`, a counter the caller advances), waited for.
pub(crate) fn take<T>(pool: &[std::sync::Mutex<T>], turn: usize) -> Result<std::sync::MutexGuard<'_, T>> {
    let n = pool.len();
    for k in 0..n {
        if let Some(m) = pool.get((turn + k) % n)
            && let Ok(guard) = m.try_lock()
        {
            return Ok(guard);
        }
    }
    pool.get(turn % n.max(1))
        .ok_or_else(|| StoreError("no connection".into()))?
        .lock()
        .map_err(|_| StoreError("a connection failed earlier".into()))
}

/// Seconds since the epoch, for the `created` and `applied` columns.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// A new collection id: 16 hex digits of a hash of the time, the process, a counter and the
/// name, so ids are not guessed from one another.
pub(crate) fn collection_id(name: &str, counter: usize) -> String {
    let mut h = Sha256::new();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.update(nanos.to_le_bytes());
    h.update(std::process::id().to_le_bytes());
    h.update(counter.to_le_bytes());
    h.update(name.as_bytes());
    h.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The `LIKE` pattern of a date filter: `2010-12` matches every day of the month. The
/// value's own wildcards are escaped with a backslash, so the value is only ever a prefix.
pub(crate) fn like_prefix(date: &str) -> String {
    let mut pattern = String::with_capacity(date.len() + 1);
    for ch in date.chars() {
        if matches!(ch, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(ch);
    }
    pattern.push('%');
    pattern
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_filter_is_a_prefix_whatever_it_holds() {
        assert_eq!(like_prefix("2010-12"), "2010-12%");
        assert_eq!(like_prefix("50%_\\"), "50\\%\\_\\\\%");
    }

    #[test]
    fn collection_ids_are_sixteen_hex_digits_and_differ() {
        let a = collection_id("club", 0);
        let b = collection_id("club", 1);
        assert_eq!(a.len(), 16);
        assert!(a.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
