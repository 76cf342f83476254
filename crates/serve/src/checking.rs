//! Checking a body of records: the reports `stich check` writes, made by the same library
//! calls ([`check::brief::quick_json`], [`check::build`] and [`check::json`]), so the two
//! give the same bytes.

use std::io;

use check::json::{self, Shape};
use check::{Form, Work};

/// How the reports of a check are written.
#[derive(Clone, Debug)]
pub struct Options {
    /// Full or brief reports, cards in which form, indented or not.
    pub shape: Shape,
    /// One report a line (`jsonl`) rather than a JSON array (`json`).
    pub jsonl: bool,
    /// The form of the records, when the request names it; sniffed otherwise.
    pub form: Option<Form>,
    /// The source path the reports give (`?path=`): a label only, never opened.
    pub path: Option<String>,
    /// Compute content ids for brief reports too (`?ids=true`, as `--ids`); full reports
    /// always have them.
    pub ids: bool,
}

/// How many records `body` holds, counting no further than `stop_after`: the records are
/// only split from the text, not read, so this costs a fraction of checking them.
pub fn count(body: &[u8], form: Option<Form>, stop_after: usize) -> io::Result<usize> {
    Ok(check::units_in(body, form)?.take(stop_after).count())
}

/// Calls `each` with the JSON report in `shape` of every record of `body`, in order, until it
/// returns `false`: the bytes `stich check` writes for the record. A plain server record's
/// report comes from the fast path ([`check::brief::quick_json`]) where it writes the shape;
/// every other is built by the full path, doing what `work` asks.
pub fn for_each_report(
    body: &[u8],
    form: Option<Form>,
    path: Option<&str>,
    shape: Shape,
    work: Work,
    mut each: impl FnMut(&[u8]) -> bool,
) -> io::Result<()> {
    let units = check::units_in(body, form)?;
    let form = units.form();
    // As in `stich check`: a brief report with a content id is the full path's.
    let quick = !(shape == Shape::Brief && work.content_id);
    let mut buf = Vec::new();
    for unit in units {
        let fast = match &unit {
            check::Unit::Iss(raw) if quick => check::brief::quick_json(shape, raw.bytes(), source(path, raw)),
            _ => None,
        };
        let more = match fast {
            Some(json) => each(json.as_bytes()),
            None => {
                let built = check::build(unit.into_parsed(), form, path, work);
                buf.clear();
                json::write_shaped(&mut buf, &built.report, shape)?;
                each(&buf)
            }
        };
        if !more {
            break;
        }
    }
    Ok(())
}

/// Where a record split from the body stands, as the full path's report gives it.
fn source(path: Option<&str>, raw: &iss::RawRecord) -> check::Source {
    check::Source {
        path: path.map(str::to_string),
        line: raw.location.span.line,
        offset: raw.location.span.start,
    }
}

/// About how many bytes of reports are handed on at once when streaming.
pub const CHUNK: usize = 64 * 1024;

/// Writes the reports on `body` as `options` asks, handing `sink` parts of about
/// [`CHUNK`] bytes, each of whole reports, until
/// it returns `false`; gives the number of records checked.
pub fn render(body: &[u8], options: &Options, mut sink: impl FnMut(Vec<u8>) -> bool) -> io::Result<usize> {
    let mut out = Vec::with_capacity(4096);
    if !options.jsonl {
        out.extend_from_slice(json::ARRAY_OPEN);
    }
    let mut n = 0;
    let mut open = true;
    // As `stich check`: a brief report has a content id only when asked for (`--ids`).
    let work = Work {
        content_id: options.ids || options.shape != Shape::Brief,
        ..Work::FULL
    };
    let shape = options.shape;
    for_each_report(
        body,
        options.form,
        options.path.as_deref(),
        shape,
        work,
        |report| {
            if !options.jsonl && n > 0 {
                out.extend_from_slice(json::ARRAY_SEPARATOR);
            }
            n += 1;
            out.extend_from_slice(report);
            if options.jsonl {
                out.push(b'\n');
            }
            if out.len() >= CHUNK {
                open = sink(std::mem::replace(&mut out, Vec::with_capacity(CHUNK + 4096)));
            }
            open
        },
    )?;
    if open {
        if !options.jsonl {
            out.extend_from_slice(json::ARRAY_CLOSE);
        }
        if !out.is_empty() {
            sink(out);
        }
    }
    Ok(n)
}
