//! `stich show`: print records the way the books print them.

use std::io::Write;

use crate::cli::{EXIT_FINDINGS, EXIT_OK, ShowArgs};
use crate::input;
use crate::out;
use crate::pipeline::process;

/// Runs `show`.
pub fn run(args: &ShowArgs) -> u8 {
    let mut stdout = out::stdout();
    let mut status = EXIT_OK;
    let mut first = true;
    let mut write_failed = false;
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
        let written = write!(
            stdout,
            "{sep}{}",
            crate::show::record(&p, path, args.cards.display())
        );
        write_failed |= written.is_err();
        written
    });
    let flushed = stdout.flush();
    match run {
        // A missing or unreadable input, or a failed write, reported already; a write that
        // fails only now is reported here.
        Err(code) => {
            if let Err(e) = flushed
                && !write_failed
            {
                let _ = out::status_of(&e);
            }
            code
        }
        Ok(()) => out::finish(flushed, status),
    }
}
