//! `stich show`: print records the way the books print them.

use std::io::{self, Write};

use crate::cli::{EXIT_FINDINGS, EXIT_OK, ShowArgs};
use crate::input;
use crate::pipeline::process;

/// Runs `show`.
pub fn run(args: &ShowArgs) -> u8 {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut status = EXIT_OK;
    let mut first = true;
    let run = input::for_each_record(&args.paths, args.from, |path, parsed| {
        let p = process(parsed, Some(path));
        if matches!(
            p.report.verdict,
            engine::Verdict::Illegal | engine::Verdict::Inconsistent | engine::Verdict::Unparsable
        ) {
            status = EXIT_FINDINGS;
        }
        let sep = if first { "" } else { "\n" };
        first = false;
        write!(
            out,
            "{sep}{}",
            crate::show::record(&p, path, args.cards.display())
        )
    });
    let flushed = out.flush();
    match run {
        Err(code) => code,
        Ok(()) if flushed.is_err() => crate::cli::EXIT_USAGE,
        Ok(()) => status,
    }
}
