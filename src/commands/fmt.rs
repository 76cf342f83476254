//! `stich fmt`: rewrite records in the canonical export form.
//!
//! A record that cannot be read is written back exactly as it was, so formatting never loses
//! data; the error is reported and the exit status says so.

use std::io::{self, Read, Write};

use crate::cli::{EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, FmtArgs, From};
use crate::input::{self, Format, Input};
use crate::render;

/// The canonical text of a whole input, and whether some record could not be read.
fn format_input(input: &Input, display: cards::Display, colours: bool) -> io::Result<(String, bool)> {
    let path = input.display();
    let mut out = String::new();
    let mut failed = false;
    for parsed in input::records(input)? {
        match &parsed.record {
            Some(record) => {
                let mut record = record.clone();
                engine::canonicalize(&mut record);
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&notation::print_with(
                    &record,
                    &notation::PrintOptions { cards: display },
                ));
            }
            None => {
                failed = true;
                for d in &parsed.diagnostics {
                    eprint!(
                        "{}",
                        render::diagnostic(d, &path, &parsed.text, parsed.offset, colours)
                    );
                }
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(parsed.text.trim_end_matches('\n'));
                out.push('\n');
            }
        }
    }
    Ok((out, failed))
}

/// Runs `fmt`.
pub fn run(args: &FmtArgs) -> u8 {
    let expanded = input::expand(&args.paths, From::Stich);
    let colours = render::stderr_colours();
    let mut status = if expanded.failed { EXIT_USAGE } else { EXIT_OK };
    for input in expanded.inputs.iter().filter(|i| i.format == Format::Stich) {
        let path = input.display();
        let (formatted, failed) = match format_input(input, args.cards.display(), colours) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("stich: {path}: {e}");
                return EXIT_USAGE;
            }
        };
        if failed {
            status = EXIT_FINDINGS;
        }
        let Some(file) = &input.path else {
            print!("{formatted}");
            continue;
        };
        let mut original = String::new();
        if let Err(e) = std::fs::File::open(file).and_then(|mut f| f.read_to_string(&mut original)) {
            eprintln!("stich: {path}: {e}");
            return EXIT_USAGE;
        }
        if original == formatted {
            continue;
        }
        if args.check {
            println!("{path}: not in canonical form");
            status = EXIT_FINDINGS;
        } else if let Err(e) = write_atomically(file, &formatted) {
            eprintln!("stich: {path}: {e}");
            return EXIT_USAGE;
        }
    }
    status
}

/// Writes through a temporary file beside the target, so an interrupted run leaves either the
/// old or the new file, never half of one.
fn write_atomically(path: &std::path::Path, text: &str) -> io::Result<()> {
    let tmp = path.with_extension("stich.tmp");
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}
