//! `stich convert`: records to JSON reports, to the stich notation, or to ISS lines.

use std::io::{self, Write};

use notation::{Diagnostic, Parsed};

use crate::cli::{ConvertArgs, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, To};
use crate::input;
use crate::pipeline::process;
use crate::render;

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> u8 {
    let colours = render::stderr_colours();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut status = EXIT_OK;
    let mut first = true;
    // A record that cannot be converted is reported and left out; the rest go on.
    let mut refuse = |path: &str, parsed: &Parsed, diags: &[Diagnostic]| {
        status = EXIT_FINDINGS;
        for d in diags {
            eprint!(
                "{}",
                render::diagnostic(d, path, &parsed.text, parsed.offset, colours)
            );
        }
    };
    let run = input::for_each_record(&args.paths, args.from, |path, parsed| {
        if args.to == To::Json {
            let p = process(parsed, Some(path));
            serde_json::to_writer(&mut out, &p.report)?;
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
            eprintln!(
                "stich: {path}:{}: the play in columns could not be replayed to find its leaders",
                parsed.line
            );
        }
        record.tags.retain(|t| {
            let keep = iss::tag_has_property(&t.name.node);
            if !keep {
                eprintln!(
                    "stich: {path}:{}: tag `{}` has no ISS property; left out",
                    t.name.span.line, t.name.node
                );
            }
            keep
        });
        match iss::from_record(&record) {
            Ok(game) => writeln!(out, "{}", iss::write(&game)),
            Err(diags) => {
                refuse(path, &parsed, &diags);
                Ok(())
            }
        }
    });
    let flushed = out.flush();
    match run {
        Err(code) => code,
        Ok(()) if flushed.is_err() => EXIT_USAGE,
        Ok(()) => status,
    }
}
