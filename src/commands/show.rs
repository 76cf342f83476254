//! `stich show`: print records the way the books print them.

use std::io::{self, Write};

use crate::cli::{EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, ShowArgs};
use crate::input;
use crate::pipeline::process;

/// Runs `show`.
pub fn run(args: &ShowArgs) -> u8 {
    let inputs = match input::expand(&args.paths, args.from) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("stich: {e}");
            return EXIT_USAGE;
        }
    };
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
            let p = process(parsed, Some(&path));
            if matches!(
                p.report.verdict,
                engine::Verdict::Illegal | engine::Verdict::Inconsistent | engine::Verdict::Unparsable
            ) {
                status = EXIT_FINDINGS;
            }
            let sep = if first { "" } else { "\n" };
            first = false;
            if write!(
                out,
                "{sep}{}",
                crate::show::record(&p, &path, args.cards.display())
            )
            .is_err()
            {
                return status;
            }
        }
    }
    let _ = out.flush();
    status
}
