//! `stich check`: read, replay and verify; report every finding.

use std::io::{self, IsTerminal, Write};

use std::sync::mpsc;

use crate::cli::{CheckArgs, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, Format};
use crate::input;
use crate::pipeline::{Job, Processed, Unit};
use crate::render;
use crate::summary::Summary;

/// The weight of work handed to a worker at once ([`Job::weight`]: about 256 KiB of input,
/// some 700 server records or 250 stich records); bounds memory while letting threads share
/// the work.
const BATCH: usize = 1024;

/// Batches that may be in flight for each worker (queued, being checked or waiting to be
/// written): memory stays bounded by a few batches per worker whatever the input's size.
const IN_FLIGHT: usize = 4;

/// A record after the workers: checked, or (with `--parse-only`) only read.
///
/// The reports are boxed: nearly every record of an archive is [`Done::Consistent`], and a
/// batch of them then takes a few bytes a record while it waits to be written.
enum Done {
    /// Replayed and reported.
    Checked(Box<Processed>),
    /// Read only: whether a syntax tree came out, and the reader's findings (the tree
    /// itself is dropped on the worker).
    Read(bool, usize, Box<notation::Parsed>),
    /// An ISS record the quick verification found consistent, and its length in bytes:
    /// with nothing to show but the count, no report is built.
    Consistent(usize),
}

/// What the workers do with each record.
#[derive(Clone, Copy)]
struct Task {
    /// Only read (`--parse-only`).
    parse_only: bool,
    /// Compute content ids (shown unless `-q` in text form).
    content_id: bool,
    /// Text output: the writer needs the verdict and the findings only, so the rest of the
    /// report is dropped by the worker rather than by the one writing thread.
    slim: bool,
    /// Nothing of a consistent record is shown (`-q` in text form): ISS records go through
    /// the quick verification first, and only those it leaves undecided through the full
    /// path (`iss::quick`).
    quick: bool,
}

/// What a worker does with a batch: every record's outcome, in order, into `out`.
fn finish_batch(batch: Vec<Job>, path: &str, task: Task, out: &mut Vec<Done>) {
    for job in batch {
        job.for_each_unit(|unit| out.push(finish(unit, path, task)));
    }
}

/// Takes jobs from `records` until the batch weighs [`BATCH`] ([`Job::weight`]).
fn next_batch(records: &mut dyn Iterator<Item = Job>) -> Vec<Job> {
    let mut batch = Vec::new();
    let mut weight = 0;
    while weight < BATCH {
        let Some(job) = records.next() else { break };
        weight += job.weight();
        batch.push(job);
    }
    batch
}

/// What a worker does with one record.
fn finish(unit: Unit, path: &str, task: Task) -> Done {
    if task.parse_only {
        let mut parsed = unit.into_parsed();
        let ok = parsed.record.take().is_some();
        let bytes = parsed.text.len();
        if parsed.diagnostics.is_empty() {
            parsed.text = String::new();
        }
        return Done::Read(ok, bytes, Box::new(parsed));
    }
    if task.quick
        && let Unit::Iss(raw) = &unit
        && iss::quick::verify(raw.bytes()) == iss::quick::Quick::Consistent
    {
        return Done::Consistent(raw.bytes().len());
    }
    let mut p = unit.process(Some(path), task.content_id);
    if task.slim {
        p.report.record = None;
        p.report.result = None;
        p.report.header = Vec::new();
        p.canonical = None;
        if p.diagnostics.is_empty() {
            p.text = String::new();
        }
    }
    Done::Checked(Box::new(p))
}

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
    fn write_done(&mut self, done: &Done, path: &str) -> io::Result<()> {
        match done {
            Done::Checked(p) => self.write(p, path),
            Done::Read(ok, bytes, p) => self.write_read(*ok, *bytes, p, path),
            Done::Consistent(bytes) => {
                self.summary.add_consistent(*bytes);
                Ok(())
            }
        }
    }

    /// Errors always go to standard error; warnings and notes only with text output, and
    /// notes not with `--quiet`.
    fn shows(&self, d: &notation::Diagnostic) -> bool {
        match d.severity {
            notation::Severity::Error => true,
            notation::Severity::Warning => self.format == Format::Text,
            notation::Severity::Note => self.format == Format::Text && !self.quiet,
        }
    }

    /// Renders the findings `shows` lets through to standard error.
    fn render(
        &self,
        diagnostics: &[notation::Diagnostic],
        path: &str,
        text: &str,
        offset: usize,
    ) -> io::Result<()> {
        let mut err = io::stderr().lock();
        for d in diagnostics.iter().filter(|d| self.shows(d)) {
            writeln!(err, "{}", render::diagnostic(d, path, text, offset, self.colours))?;
        }
        Ok(())
    }

    fn write_read(&mut self, ok: bool, bytes: usize, p: &notation::Parsed, path: &str) -> io::Result<()> {
        self.summary.add_read(ok, bytes);
        self.render(&p.diagnostics, path, &p.text, p.offset)?;
        if self.format == Format::Text && !self.quiet {
            let what = if ok { "read" } else { "unparsable" };
            writeln!(self.out, "{path}:{}: {what}", p.line)?;
        }
        Ok(())
    }

    fn write(&mut self, p: &Processed, path: &str) -> io::Result<()> {
        self.summary.add(&p.report, p.bytes);
        self.render(&p.diagnostics, path, &p.text, p.offset)?;
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

/// Why a run stopped early.
enum Stop {
    /// The reader of standard output went away: not an error.
    BrokenPipe,
    /// Writing failed.
    Failed(io::Error),
}

/// Writes one batch, in order.
fn write_batch(output: &mut Output<'_>, done: &[Done], path: &str) -> Result<(), Stop> {
    for d in done {
        if let Err(e) = output.write_done(d, path) {
            return Err(if e.kind() == io::ErrorKind::BrokenPipe {
                Stop::BrokenPipe
            } else {
                Stop::Failed(e)
            });
        }
    }
    Ok(())
}

/// Checks one input on this thread alone.
fn run_serial(
    records: Box<dyn Iterator<Item = Job> + Send>,
    output: &mut Output<'_>,
    bar: &indicatif::ProgressBar,
    path: &str,
    task: Task,
) -> Result<(), Stop> {
    let mut done = Vec::with_capacity(BATCH);
    let mut records = records;
    loop {
        let batch = next_batch(&mut records);
        if batch.is_empty() {
            break;
        }
        finish_batch(batch, path, task, &mut done);
        write_batch(output, &done, path)?;
        bar.inc(done.len() as u64);
        done.clear();
    }
    Ok(())
}

/// Checks one input with a reading thread, `workers` worker threads and this thread
/// writing, so that reading, checking and writing overlap. Batches are numbered as read,
/// taken by whichever worker is free, and written in their numbers' order. Plain threads
/// blocking on bounded channels, rather than a work-stealing pool, so that no idle worker
/// spins on a core the reader needs.
fn run_parallel(
    records: Box<dyn Iterator<Item = Job> + Send>,
    output: &mut Output<'_>,
    workers: usize,
    bar: &indicatif::ProgressBar,
    path: &str,
    task: Task,
) -> Result<(), Stop> {
    let workers = workers.max(1);
    // Batches that may exist at once, queued, being checked or waiting to be written: the
    // bound on memory. The reader takes a ticket for each batch and the writer gives it back.
    let tickets = workers * IN_FLIGHT;
    let (ticket_tx, ticket_rx) = mpsc::sync_channel::<()>(tickets);
    for _ in 0..tickets {
        if ticket_tx.send(()).is_err() {
            break;
        }
    }
    let (work_tx, work_rx) = mpsc::sync_channel::<(usize, Vec<Job>)>(tickets);
    let (done_tx, done_rx) = mpsc::sync_channel::<(usize, Vec<Done>)>(tickets);
    // Whichever worker is free takes the next batch, so a worker held up (by the reader or
    // the writer on its core) holds up no other.
    let work_rx = std::sync::Mutex::new(work_rx);
    let work_rx = &work_rx;
    // The channels' ends move into the scope, so that returning early drops them: the reader
    // then gets no more tickets and stops, and the workers stop with it.
    std::thread::scope(move |scope| {
        for _ in 0..workers {
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                loop {
                    let next = match work_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => break,
                    };
                    let Ok((n, batch)) = next else { break };
                    let mut done = Vec::with_capacity(BATCH);
                    finish_batch(batch, path, task, &mut done);
                    if done_tx.send((n, done)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        scope.spawn(move || {
            let mut records = records;
            for n in 0.. {
                if ticket_rx.recv().is_err() {
                    break;
                }
                let batch = next_batch(&mut records);
                if batch.is_empty() || work_tx.send((n, batch)).is_err() {
                    break;
                }
            }
        });
        // Batches come back in any order and are written in the input's. Returning early
        // drops the receivers, which stops the workers and then the reader.
        let mut waiting = std::collections::BTreeMap::new();
        let mut next = 0usize;
        for (n, done) in done_rx.iter() {
            waiting.insert(n, done);
            while let Some(done) = waiting.remove(&next) {
                write_batch(output, &done, path)?;
                bar.inc(done.len() as u64);
                next += 1;
                // The reader may be done already; a ticket never waits for room, as no more
                // are handed back than were taken.
                ticket_tx.send(()).ok();
            }
        }
        Ok(())
    })
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
    // `--jobs 0`: one worker per core.
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
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
    if args.format == Format::Json && !args.parse_only && writeln!(output.out, "[").is_err() {
        return EXIT_USAGE;
    }
    for input in &inputs {
        let path = input.display();
        bar.set_message(path.clone());
        let records = match input::jobs(input) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("stich: {path}: {e}");
                io_failed = true;
                continue;
            }
        };
        let task = Task {
            parse_only: args.parse_only,
            content_id: !(args.quiet && args.format == Format::Text),
            slim: args.format == Format::Text,
            quick: args.quiet && args.format == Format::Text && !args.parse_only && !args.full_path,
        };
        let ran = if jobs == 1 {
            run_serial(records, &mut output, &bar, &path, task)
        } else {
            run_parallel(records, &mut output, jobs, &bar, &path, task)
        };
        match ran {
            Ok(()) => {}
            Err(Stop::BrokenPipe) => return EXIT_OK,
            Err(Stop::Failed(e)) => {
                eprintln!("stich: {e}");
                return EXIT_USAGE;
            }
        }
    }
    bar.finish_and_clear();
    if args.format == Format::Json && !args.parse_only && writeln!(output.out, "\n]").is_err() {
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
