//! `stich convert`: records to JSON reports, to the stich notation, or to ISS lines.
//!
//! Output errors never panic: a closed output pipe ends the run quietly with status 0, any
//! other error writing the output is reported on standard error and ends it with status 2,
//! and errors writing standard error itself are ignored.

use std::fmt::Arguments;
use std::io::{self, Write};

use notation::{Diagnostic, Parsed, Record};

use crate::cli::{ConvertArgs, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, To};
use crate::input;
use crate::pipeline::process;
use crate::render;

/// Writes to standard error; a failure there has nowhere to be reported, so it is ignored.
fn note(args: Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(args);
}

/// How many comments a record holds, wherever they stand.
fn comment_count(record: &Record) -> usize {
    fn section<T>(s: &Option<notation::Section<T>>, items: impl Fn(&T) -> usize) -> usize {
        s.as_ref().map_or(0, |s| s.comments.len() + items(&s.items))
    }
    let statements = |items: &Vec<notation::Statement>| items.iter().map(|s| s.comments.len()).sum();
    record.leading_comments.len()
        + record.tags.iter().map(|t| t.comments.len()).sum::<usize>()
        + section(&record.deal, |items| items.iter().map(|h| h.comments.len()).sum())
        + section(&record.auction, |items| {
            items.iter().map(|c| c.comments.len()).sum()
        })
        + section(&record.exchange, statements)
        + section(&record.declaration, statements)
        + section(&record.melds, statements)
        + section(&record.play, |play| {
            play.items
                .iter()
                .map(|item| match item {
                    notation::PlayItem::Trick(t) => t.comments.len(),
                    notation::PlayItem::Event(s) => s.comments.len(),
                })
                .sum()
        })
        + section(&record.result, |items| {
            items.iter().map(|c| c.comments.len()).sum()
        })
}

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> u8 {
    let colours = args.color.colours();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut status = EXIT_OK;
    let mut first = true;
    // The first error writing the output; the run stops at it.
    let mut failed: Option<io::Error> = None;
    // A record that cannot be converted is reported and left out; the rest go on.
    let mut refuse = |path: &str, parsed: &Parsed, diags: &[Diagnostic]| {
        status = EXIT_FINDINGS;
        for d in diags {
            let shown = render::diagnostic(d, path, &parsed.text, parsed.offset, colours);
            // Each finding ends its own line, so that the next one starts on a fresh one.
            let end = if shown.ends_with('\n') { "" } else { "\n" };
            note(format_args!("{shown}{end}"));
        }
    };
    let mut convert =
        |path: &str, parsed: Parsed, out: &mut io::BufWriter<io::StdoutLock<'_>>| -> io::Result<()> {
            if args.to == To::Json {
                let p = process(parsed, Some(path));
                crate::brief::write_report(&mut *out, &p.report, args.cards.display(), false)?;
                return writeln!(out);
            }
            let Some(record) = &parsed.record else {
                refuse(path, &parsed, &parsed.diagnostics);
                return Ok(());
            };
            let mut record = record.clone();
            engine::canonicalize(&mut record);
            if args.to == To::Stich {
                let sep = if first { "" } else { "\n" };
                first = false;
                let opts = notation::PrintOptions {
                    cards: args.cards.display(),
                };
                return write!(out, "{sep}{}", notation::print_with(&record, &opts));
            }
            if !engine::to_leader_layout(&mut record) {
                note(format_args!(
                    "stich: {path}:{}: the play in columns could not be replayed to find its leaders\n",
                    parsed.line
                ));
            }
            record.tags.retain(|t| {
                let keep = iss::tag_has_property(&t.name.node);
                if !keep {
                    note(format_args!(
                        "stich: {path}:{}: tag `{}` has no ISS property; left out\n",
                        t.name.span.line, t.name.node
                    ));
                }
                keep
            });
            match iss::from_record(&record) {
                Ok(game) => {
                    let comments = comment_count(&record);
                    if comments > 0 {
                        let what = if comments == 1 {
                            "1 comment is not kept: the ISS format has no place for it".to_string()
                        } else {
                            format!("{comments} comments are not kept: the ISS format has no place for them")
                        };
                        note(format_args!(
                            "stich: {path}:{}: warning[{}]: {what}\n",
                            parsed.line,
                            iss::codes::COMMENTS_NOT_KEPT,
                        ));
                    }
                    writeln!(out, "{}", iss::write(&game))
                }
                Err(diags) => {
                    refuse(path, &parsed, &diags);
                    Ok(())
                }
            }
        };
    let run = input::for_each_record(&args.paths, args.from, |path, parsed| {
        convert(path, parsed, &mut out).map_err(|e| {
            // Stop here, quietly as far as the reading goes: what to say is decided below.
            failed = Some(e);
            io::Error::from(io::ErrorKind::BrokenPipe)
        })
    });
    if failed.is_none() {
        failed = out.flush().err();
    }
    match (run, failed) {
        (Err(code), _) => code,
        (Ok(()), None) => status,
        (Ok(()), Some(e)) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        (Ok(()), Some(e)) => {
            note(format_args!("stich: cannot write the output: {e}\n"));
            EXIT_USAGE
        }
    }
}
