//! `stich check`: read, replay and verify; report every finding.

use std::io::{self, IsTerminal, Write};

use rayon::prelude::*;

use crate::cli::{CheckArgs, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, Format};
use crate::input;
use crate::pipeline::{Processed, process};
use crate::render;
use crate::summary::Summary;

/// Records replayed together; bounds memory while letting threads share the work.
const BATCH: usize = 512;

/// Where the reports of a run go, in input order.
struct Output<'a> {
    out: io::BufWriter<io::StdoutLock<'a>>,
    format: Format,
    quiet: bool,
    colours: bool,
    first_json: bool,
    summary: Summary,
}

impl Output<'_> {
    fn write(&mut self, p: &Processed, path: &str) -> io::Result<()> {
        self.summary.add(&p.report, p.bytes);
        let mut err = io::stderr().lock();
        for d in &p.diagnostics {
            if self.format == Format::Text || d.severity == notation::Severity::Error {
                write!(
                    err,
                    "{}",
                    render::diagnostic(d, path, &p.text, p.offset, self.colours)
                )?;
                writeln!(err)?;
            }
        }
        match self.format {
            Format::Text if !self.quiet => {
                let id = p.report.id.as_deref().map_or("-", |s| s.get(..12).unwrap_or(s));
                let verdict = serde_json::to_value(p.report.verdict)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                writeln!(self.out, "{path}:{}: {verdict} {id}", p.report.source.line)?;
            }
            Format::Text => {}
            Format::Json => {
                if !self.first_json {
                    writeln!(self.out, ",")?;
                }
                serde_json::to_writer_pretty(&mut self.out, &p.report)?;
            }
            Format::Jsonl => {
                serde_json::to_writer(&mut self.out, &p.report)?;
                writeln!(self.out)?;
            }
        }
        self.first_json = false;
        Ok(())
    }
}

fn progress_bar(show: bool) -> indicatif::ProgressBar {
    if !show {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {pos} records, {per_sec} {msg}") {
        bar.set_style(style);
    }
    bar
}

/// Runs `check`.
pub fn run(args: &CheckArgs) -> u8 {
    let inputs = match input::expand(&args.paths, args.from) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("stich: {e}");
            return EXIT_USAGE;
        }
    };
    let pool = if args.jobs == 1 {
        None
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(args.jobs).build() {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("stich: cannot start {} threads: {e}", args.jobs);
                return EXIT_USAGE;
            }
        }
    };
    let stdout = io::stdout();
    let mut output = Output {
        out: io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        format: args.format,
        quiet: args.quiet,
        colours: render::stderr_colours(),
        first_json: true,
        summary: Summary::new(),
    };
    let bar = progress_bar(!args.no_progress && io::stderr().is_terminal());
    let mut io_failed = false;
    if args.format == Format::Json && writeln!(output.out, "[").is_err() {
        return EXIT_USAGE;
    }
    for input in &inputs {
        let path = input.display();
        bar.set_message(path.clone());
        let records = match input::records(input) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("stich: {path}: {e}");
                io_failed = true;
                continue;
            }
        };
        let mut batch = Vec::with_capacity(BATCH);
        let mut records = records.peekable();
        while records.peek().is_some() {
            batch.extend(records.by_ref().take(BATCH));
            let done: Vec<Processed> = match &pool {
                Some(pool) => pool.install(|| batch.par_drain(..).map(|p| process(p, Some(&path))).collect()),
                None => batch.drain(..).map(|p| process(p, Some(&path))).collect(),
            };
            for p in &done {
                if let Err(e) = output.write(p, &path) {
                    if e.kind() == io::ErrorKind::BrokenPipe {
                        return EXIT_OK;
                    }
                    eprintln!("stich: {e}");
                    return EXIT_USAGE;
                }
            }
            bar.inc(done.len() as u64);
        }
    }
    bar.finish_and_clear();
    if args.format == Format::Json && writeln!(output.out, "\n]").is_err() {
        return EXIT_USAGE;
    }
    if output.out.flush().is_err() {
        return EXIT_USAGE;
    }
    eprintln!("{}", output.summary.text());
    if io_failed {
        EXIT_USAGE
    } else if output.summary.failed() {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}
