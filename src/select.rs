//! What `stich filter` and `stich stats` know of each record: the facts a selection or a
//! table needs, taken from the quick verification's result where it decides the record and
//! from the full report otherwise, with the record's bytes as read.

use std::collections::HashSet;
use std::io;
use std::path::PathBuf;

use engine::Verdict;
use engine::skat::GameResult;

use crate::brief;
use crate::cli::From;
use crate::input::{self, Format};
use crate::pipeline::{Unit, Work};

/// The facts of one record.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// The content id, when asked for.
    pub id: Option<String>,
    /// The `Rules` tag (the profile).
    pub rules: Option<String>,
    /// The Skat result, where the record was replayed.
    pub result: Option<GameResult>,
    /// Player names, forehand, middlehand, rearhand.
    pub players: [Option<String>; 3],
    /// The server series (ISS `SE`, the `Series` tag), when the record names one.
    pub series: Option<String>,
    /// The date, ISO style where it has that shape (see [`brief::iso_date`]).
    pub date: Option<String>,
    /// The verdict.
    pub verdict: Option<Verdict>,
    /// The codes of every finding.
    pub codes: Vec<String>,
}

impl Facts {
    /// What was played, as [`brief::game_word`] says it; empty when not known.
    pub fn game(&self) -> &'static str {
        self.result.as_ref().map_or("", brief::game_word)
    }
}

/// One record as read, with its facts.
pub struct Item {
    /// The record's bytes as read: an ISS record from `(;` to `;)`, a stich record's text.
    pub bytes: Vec<u8>,
    /// The form it was read in.
    pub format: Format,
    /// Its facts.
    pub facts: Facts,
}

/// The facts of one record; `ids` computes the content id (which takes the full path).
pub fn facts_of(unit: Unit, path: &str, ids: bool) -> Item {
    let format = if unit.is_iss() { Format::Iss } else { Format::Stich };
    if !ids
        && let Unit::Iss(raw) = &unit
        && let Some(result) = iss::quick::verify_result(raw.bytes())
    {
        let prop = |key: &[u8]| {
            iss::quick::plain_property(raw.bytes(), key)
                .filter(|v| !v.is_empty())
                .map(|v| String::from_utf8_lossy(v).into_owned())
        };
        let facts = Facts {
            id: None,
            rules: Some(iss::quick::RULES.to_string()),
            players: [prop(b"P0"), prop(b"P1"), prop(b"P2")],
            series: prop(b"SE"),
            date: prop(b"DT").map(|d| brief::iso_date(&d).into_owned()),
            result: Some(result),
            verdict: Some(Verdict::Consistent),
            codes: Vec::new(),
        };
        return Item {
            bytes: raw.bytes().to_vec(),
            format,
            facts,
        };
    }
    let iss_bytes = match &unit {
        Unit::Iss(raw) => Some(raw.bytes().to_vec()),
        _ => None,
    };
    let work = Work {
        iss: false,
        content_id: ids,
        findings: true,
    };
    let p = crate::pipeline::process_unit_work(unit, Some(path), work);
    let tag = |name: &str| {
        p.report
            .header
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.clone())
    };
    let facts = Facts {
        id: p.report.id.clone(),
        rules: p.report.rules.clone(),
        players: [tag("F"), tag("M"), tag("R")],
        series: tag("Series").filter(|v| !v.is_empty()),
        date: tag("Date").map(|d| brief::iso_date(&d).into_owned()),
        result: p.report.result.as_ref().and_then(brief::skat_outcome).cloned(),
        verdict: Some(p.report.verdict),
        codes: p.report.findings.iter().map(|f| f.code.clone()).collect(),
    };
    Item {
        bytes: iss_bytes.unwrap_or_else(|| p.text.into_bytes()),
        format,
        facts,
    }
}

/// Calls `each` with every record of every path, in order, with its facts; `dedupe` skips a
/// record whose content id was seen before (and computes the ids). Returns whether some
/// path could not be read (reported already); stops at the first error `each` returns.
pub fn for_each_item(
    paths: &[PathBuf],
    from: From,
    dedupe: bool,
    mut each: impl FnMut(&str, Item) -> io::Result<()>,
) -> io::Result<bool> {
    let expanded = input::expand(paths, from);
    let mut failed = expanded.failed;
    let mut seen = HashSet::new();
    for input in &expanded.inputs {
        let path = input.display();
        let opened = match input::open_input(input) {
            Ok(o) => o,
            Err(e) => {
                crate::out::note(format_args!("stich: {path}: {e}"));
                failed = true;
                continue;
            }
        };
        let (jobs, _) = input::opened_jobs(opened);
        for job in jobs {
            job.try_for_each_unit(|unit| {
                let item = facts_of(unit, &path, dedupe);
                if dedupe
                    && let Some(id) = &item.facts.id
                    && !seen.insert(id.clone())
                {
                    return Ok(());
                }
                each(&path, item)
            })?;
        }
    }
    Ok(failed)
}
