//! `stich convert`: records to JSON reports, to the stich notation, or to ISS lines.

use std::io::{self, Write};

use crate::cli::{ConvertArgs, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, To};
use crate::input;
use crate::pipeline::process;
use crate::render;

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> u8 {
    let inputs = match input::expand(&args.paths, args.from) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("stich: {e}");
            return EXIT_USAGE;
        }
    };
    let colours = render::stderr_colours();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut status = EXIT_OK;
    let mut first = true;
    for input in &inputs {
        let path = input.display();
        let records = match input::records(input) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("stich: {path}: {e}");
                return EXIT_USAGE;
            }
        };
        for parsed in records {
            let written = match args.to {
                To::Json => {
                    let p = process(parsed, Some(&path));
                    serde_json::to_writer(&mut out, &p.report)
                        .map_err(io::Error::from)
                        .and_then(|_| writeln!(out))
                }
                To::Stich | To::Iss => match &parsed.record {
                    None => {
                        status = EXIT_FINDINGS;
                        for d in &parsed.diagnostics {
                            eprint!(
                                "{}",
                                render::diagnostic(d, &path, &parsed.text, parsed.offset, colours)
                            );
                        }
                        Ok(())
                    }
                    Some(record) => {
                        let mut record = record.clone();
                        engine::canonicalize(&mut record);
                        if args.to == To::Stich {
                            let sep = if first { "" } else { "\n" };
                            first = false;
                            let opts = notation::PrintOptions {
                                cards: args.cards.display(),
                            };
                            write!(out, "{sep}{}", notation::print_with(&record, &opts))
                        } else {
                            match iss::from_record(&record) {
                                Ok(game) => writeln!(out, "{}", iss::write(&game)),
                                Err(diags) => {
                                    status = EXIT_FINDINGS;
                                    for d in &diags {
                                        eprint!(
                                            "{}",
                                            render::diagnostic(
                                                d,
                                                &path,
                                                &parsed.text,
                                                parsed.offset,
                                                colours
                                            )
                                        );
                                    }
                                    Ok(())
                                }
                            }
                        }
                    }
                },
            };
            if let Err(e) = written {
                if e.kind() == io::ErrorKind::BrokenPipe {
                    return status;
                }
                eprintln!("stich: {e}");
                return EXIT_USAGE;
            }
        }
    }
    if out.flush().is_err() {
        return EXIT_USAGE;
    }
    status
}
