//! The brief reports of an input as columns, for a DataFrame: read in batches, checked on
//! every core, a server record the quick verification decides taken from its bytes (as
//! `stich check -q --report brief` does), every other record through the full path.

use std::io::{self, BufRead, Read};

use check::{Form, Records, Source, Work};
use report::Brief;

/// Records checked together: large enough to keep every core busy, small enough that memory
/// holds only a batch's records (the columns grow with the rows, as a table must).
const BATCH: usize = 8192;

/// A brief report without its content id: a table has no use for one, and printing and
/// hashing each record would cost more than checking it.
const WORK: Work = Work {
    content_id: false,
    ..Work::FULL
};

type Row = Vec<(String, serde_json::Value)>;

/// Flattens a report into `row`: nested objects become `a.b` columns, lists stay values.
fn flatten(prefix: &str, value: serde_json::Value, row: &mut Row) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, row);
            }
        }
        other => row.push((prefix.to_string(), other)),
    }
}

fn row_of(brief: &Brief) -> Row {
    let mut row = Vec::with_capacity(40);
    if let Ok(value) = serde_json::to_value(brief) {
        flatten("", value, &mut row);
    }
    row
}

/// The row of one server record: from the quick verification when it decides the record,
/// else from the full report.
fn iss_row(item: Result<iss::RawRecord, iss::IssError>, path: Option<&str>) -> Row {
    let parsed = match item {
        Ok(raw) => {
            if let Some(result) = iss::quick::verify_result(raw.bytes()) {
                let source = Source {
                    path: path.map(str::to_string),
                    line: raw.location.span.line,
                    offset: raw.location.span.start,
                };
                let brief = Brief::consistent(
                    source,
                    iss::quick::GAME,
                    iss::quick::RULES,
                    engine::Outcome::Skat(result),
                );
                return row_of(&brief);
            }
            check::parse_iss(raw)
        }
        Err(e) => check::iss_error(e),
    };
    row_of(&Brief::of(&check::build(parsed, Form::Iss, path, WORK).report))
}

/// `f` over `items` on up to `threads` threads, the results in the items' order; an error
/// if a worker failed, so that no row goes missing unnoticed.
fn par_map<T: Send, R: Send>(
    items: Vec<T>,
    threads: usize,
    f: &(impl Fn(T) -> R + Sync),
) -> io::Result<Vec<R>> {
    let per = items.len().div_ceil(threads.max(1)).max(1);
    let mut parts: Vec<Vec<T>> = Vec::new();
    let mut items = items.into_iter();
    loop {
        let part: Vec<T> = items.by_ref().take(per).collect();
        if part.is_empty() {
            break;
        }
        parts.push(part);
    }
    if parts.len() <= 1 {
        return Ok(parts.into_iter().flatten().map(f).collect());
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|part| scope.spawn(move || part.into_iter().map(f).collect::<Vec<R>>()))
            .collect();
        let mut out = Vec::new();
        for h in handles {
            out.extend(h.join().map_err(|_| io::Error::other("a worker thread failed"))?);
        }
        Ok(out)
    })
}

/// Rows merged into columns of equal length.
#[derive(Default)]
pub struct Columns {
    names: std::collections::HashMap<String, usize>,
    columns: Vec<(String, Vec<serde_json::Value>)>,
    rows: usize,
}

impl Columns {
    fn push(&mut self, row: Row) {
        for (name, v) in row {
            let i = match self.names.get(&name) {
                Some(&i) => i,
                None => {
                    self.columns.push((name.clone(), Vec::new()));
                    self.names.insert(name, self.columns.len() - 1);
                    self.columns.len() - 1
                }
            };
            if let Some((_, column)) = self.columns.get_mut(i) {
                column.resize(self.rows, serde_json::Value::Null);
                column.push(v);
            }
        }
        self.rows += 1;
    }

    /// The columns, each as long as the table.
    pub fn into_columns(self) -> Vec<(String, Vec<serde_json::Value>)> {
        let rows = self.rows;
        self.columns
            .into_iter()
            .map(|(name, mut column)| {
                column.resize(rows, serde_json::Value::Null);
                (name, column)
            })
            .collect()
    }
}

/// The columns of every record of `input` (compressed or not, stich or ISS).
pub fn table(input: impl Read + Send, path: Option<&str>) -> io::Result<Columns> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let opened = check::open(Box::new(input), None)?;
    let mut columns = Columns::default();
    match opened.form {
        Form::Iss => {
            let mut raws = iss::IssReader::new(opened.reader).raw();
            loop {
                let batch: Vec<_> = raws.by_ref().take(BATCH).collect();
                if batch.is_empty() {
                    break;
                }
                for row in par_map(batch, threads, &|item| iss_row(item, path))? {
                    columns.push(row);
                }
            }
        }
        Form::Stich => {
            let reader: Box<dyn BufRead + Send> = opened.reader;
            let mut records = Records::new(reader, Form::Stich);
            loop {
                let batch: Vec<_> = records.by_ref().take(BATCH).collect();
                if batch.is_empty() {
                    break;
                }
                let rows = par_map(batch, threads, &|parsed| {
                    row_of(&Brief::of(&check::build(parsed, Form::Stich, path, WORK).report))
                })?;
                for row in rows {
                    columns.push(row);
                }
            }
        }
    }
    Ok(columns)
}
