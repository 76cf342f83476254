//! Checking a body of records: the reports `stich check` writes, made by the same library
//! calls ([`check::build`] and [`check::json`]), so the two give the same bytes.

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
    let opened = check::open(Box::new(body), form)?;
    Ok(match opened.form {
        Form::Stich => notation::Reader::new(opened.reader)
            .raw()
            .take(stop_after)
            .count(),
        Form::Iss => iss::IssReader::new(opened.reader).raw().take(stop_after).count(),
    })
}

/// Calls `each` with the report of every record of `body`, in order, until it returns
/// `false`: the report `stich check` builds for the record, doing what `work` asks.
pub fn for_each_report(
    body: &[u8],
    form: Option<Form>,
    path: Option<&str>,
    work: Work,
    mut each: impl FnMut(check::Built) -> bool,
) -> io::Result<()> {
    let records = check::records_in(body, form)?;
    let form = records.form();
    for parsed in records {
        if !each(check::build(parsed, form, path, work)) {
            break;
        }
    }
    Ok(())
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
    for_each_report(body, options.form, options.path.as_deref(), work, |built| {
        if !options.jsonl && n > 0 {
            out.extend_from_slice(json::ARRAY_SEPARATOR);
        }
        n += 1;
        if json::write_shaped(&mut out, &built.report, options.shape).is_err() {
            // A report is plain data; serializing it cannot fail short of memory.
            open = false;
            return false;
        }
        if options.jsonl {
            out.push(b'\n');
        }
        if out.len() >= CHUNK {
            open = sink(std::mem::replace(&mut out, Vec::with_capacity(CHUNK + 4096)));
        }
        open
    })?;
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
