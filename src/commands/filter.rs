//! `stich filter`: the records that match every condition given, written as they were read.
//!
//! Server records are written byte for byte, one a line, so that a filter that matches
//! everything gives back an archive of one record a line unchanged; stich records are
//! written with their text as read, a blank line between them.

use std::io::{self, Write};

use crate::cli::{EXIT_OK, EXIT_USAGE, FilterArgs};
use crate::input::Format;
use crate::out;
use crate::select::{self, Facts};

/// A date argument, checked: `YYYY-MM-DD`.
fn date_arg(name: &str, value: &Option<String>) -> Result<Option<String>, String> {
    match value {
        None => Ok(None),
        Some(v) => {
            let iso = crate::brief::iso_date(v);
            let ok = iso.len() == 10 && iso.as_bytes().get(4) == Some(&b'-');
            if ok {
                Ok(Some(iso.into_owned()))
            } else {
                Err(format!("--{name} `{v}` is not a date like 2019-03-01"))
            }
        }
    }
}

/// The conditions, ready to test.
struct Conditions<'a> {
    args: &'a FilterArgs,
    since: Option<String>,
    until: Option<String>,
}

fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

impl Conditions<'_> {
    fn matches(&self, f: &Facts) -> bool {
        let a = self.args;
        let any = |list: &[String], ok: &dyn Fn(&str) -> bool| list.is_empty() || list.iter().any(|x| ok(x));
        let value = f.result.as_ref().and_then(|r| r.value);
        let declarer = f
            .result
            .as_ref()
            .and_then(|r| r.declarer)
            .and_then(|s| f.players.get(s as usize))
            .and_then(|p| p.as_deref());
        any(&a.game, &|g| g.eq_ignore_ascii_case(f.game()))
            && any(&a.rules, &|r| f.rules.as_deref() == Some(r))
            && any(&a.player, &|p| {
                f.players.iter().flatten().any(|n| same_name(n, p))
            })
            && any(&a.declarer, &|p| declarer.is_some_and(|n| same_name(n, p)))
            && any(&a.code, &|c| f.codes.iter().any(|x| x == c))
            && (a.verdict.is_empty() || a.verdict.iter().any(|v| f.verdict == Some(v.verdict())))
            && self
                .since
                .as_ref()
                .is_none_or(|s| f.date.as_ref().is_some_and(|d| d >= s))
            && self
                .until
                .as_ref()
                .is_none_or(|u| f.date.as_ref().is_some_and(|d| d <= u))
            && a.min_value.is_none_or(|m| value.is_some_and(|v| v >= m))
            && a.max_value.is_none_or(|m| value.is_some_and(|v| v <= m))
    }
}

/// Runs `filter`.
pub fn run(args: &FilterArgs) -> u8 {
    let dates = date_arg("since", &args.since).and_then(|s| Ok((s, date_arg("until", &args.until)?)));
    let (since, until) = match dates {
        Ok(d) => d,
        Err(msg) => {
            out::note(format_args!("stich: {msg}"));
            return EXIT_USAGE;
        }
    };
    let conditions = Conditions { args, since, until };
    let mut stdout = out::stdout();
    let mut stich_written = false;
    let ran = select::for_each_item(&args.paths, args.from, args.dedupe, |_, item| {
        if !conditions.matches(&item.facts) {
            return Ok(());
        }
        match item.format {
            Format::Iss => {
                stdout.write_all(&item.bytes)?;
                stdout.write_all(b"\n")
            }
            Format::Stich | Format::Unknown => {
                if stich_written {
                    stdout.write_all(b"\n")?;
                }
                stich_written = true;
                stdout.write_all(&item.bytes)?;
                if !item.bytes.ends_with(b"\n") {
                    stdout.write_all(b"\n")?;
                }
                Ok(())
            }
        }
    });
    let ran = ran.and_then(|failed| stdout.flush().map(|()| failed));
    match ran {
        Ok(true) => EXIT_USAGE,
        Ok(false) => EXIT_OK,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => out::status_of(&e),
    }
}
