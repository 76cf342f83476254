//! `stich check`: read, replay and verify; report every finding.

use std::io::{self, IsTerminal, Write};

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use crate::cli::{CheckArgs, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, Format, ReportKind, SummaryForm};
use crate::input;
use crate::out;
use crate::pipeline::{self, Job, Processed, Unit};
use crate::render;
use crate::summary::Summary;

/// The weight of work handed to a worker at once ([`Job::weight`]: about 256 KiB of input,
/// some 700 server records or 250 stich records, and never more than this many records);
/// bounds memory while letting threads share the work.
const BATCH: usize = 1024;

/// Batches that may wait for a worker or to be written, beyond one per worker: memory
/// stays bounded by about a batch per worker whatever the input's size.
const IN_FLIGHT: usize = 2;

/// The most records a worker hands the writer at once; a batch with more (a block of tiny
/// records, all findings) goes in parts, and the worker waits for the writer to take them.
const CHUNK: usize = BATCH;

/// About the most bytes of outcomes a worker hands the writer at once ([`Done::size`]).
const CHUNK_BYTES: usize = 1 << 20;

/// Parts of a batch's outcomes that may wait to be written.
const CHUNKS_WAITING: usize = 2;

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
    /// A record the quick verification found consistent, its line of output (a brief
    /// report or a CSV row) and its length in bytes.
    Line(String, usize),
    /// A record checked through the full path, with its line of output.
    Lined(Box<Processed>, String),
}

impl Done {
    /// About the bytes the outcome holds, for bounding what waits to be written.
    fn size(&self) -> usize {
        let findings = |n: usize| n * 256;
        match self {
            Done::Checked(p) => {
                512 + p.text.len()
                    + p.canonical.as_ref().map_or(0, String::len)
                    + findings(p.diagnostics.len() + p.report.findings.len())
            }
            Done::Read(_, _, p) => 256 + p.text.len() + findings(p.diagnostics.len()),
            Done::Consistent(_) => 16,
            Done::Line(line, _) => 32 + line.len(),
            Done::Lined(p, line) => 512 + line.len() + p.text.len() + findings(p.diagnostics.len()),
        }
    }
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
    /// Write a line per record (a brief report or a CSV row) made on the worker; ISS
    /// records go through the quick verification first unless ids are wanted.
    line: Option<Line>,
    /// Lines of ISS records come from the quick verification where it decides, and full
    /// reports from the plain writer (`check::plain_report`) where it takes the record (not
    /// with `--ids`, `--dedupe` or `--full-path`).
    line_quick: bool,
    /// Compute content ids for lines too (`--ids`).
    ids: bool,
}

/// The line per record a worker makes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    /// A brief JSON report.
    Brief,
    /// A CSV row.
    Csv,
    /// A full JSON report with its cards in this form, indented or not: made on the worker,
    /// so that the one writing thread only copies bytes.
    Full(cards::Display, bool),
}

/// The line of a checked record.
fn line_of(line: Line, p: &Processed) -> String {
    match line {
        Line::Brief => check::json::shaped(&p.report, check::json::Shape::Brief),
        Line::Csv => {
            let mut s = String::new();
            crate::brief::report_row(&p.report, &mut s);
            s
        }
        Line::Full(cards, pretty) => check::json::shaped(&p.report, check::json::Shape::Full(cards, pretty)),
    }
}

/// The line of an ISS record the quick verification decides, or `None` to take the full
/// path.
fn quick_line(line: Line, raw: &iss::RawRecord, path: &str) -> Option<String> {
    let source = || report::Source {
        path: Some(path.to_string()),
        line: raw.location.span.line,
        offset: raw.location.span.start,
    };
    match line {
        Line::Full(display, pretty) => {
            check::brief::quick_json(check::json::Shape::Full(display, pretty), raw.bytes(), source())
        }
        Line::Brief => check::brief::quick_json(check::json::Shape::Brief, raw.bytes(), source()),
        Line::Csv => {
            let result = iss::quick::verify_result(raw.bytes())?;
            let mut out = String::with_capacity(160);
            crate::brief::quick_row(raw.bytes(), path, raw.location.span.line, &result, &mut out);
            Some(out)
        }
    }
}

/// What a worker does with a batch: every record's outcome, in order, handed to `send` in
/// parts of at most [`CHUNK`] records or about [`CHUNK_BYTES`] bytes; stops when `send`
/// fails (the writer went away).
fn finish_batch(
    batch: Vec<Job>,
    path: &str,
    task: Task,
    mut send: impl FnMut(Vec<Done>) -> Result<(), ()>,
) -> Result<(), ()> {
    let mut out = Vec::new();
    let mut bytes = 0;
    for job in batch {
        job.try_for_each_unit(|unit| {
            let done = finish(unit, path, task);
            bytes += done.size();
            out.push(done);
            if out.len() >= CHUNK || bytes >= CHUNK_BYTES {
                bytes = 0;
                send(std::mem::take(&mut out))?;
            }
            Ok(())
        })?;
    }
    if out.is_empty() { Ok(()) } else { send(out) }
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
    if let Some(line) = task.line {
        if task.line_quick
            && let Unit::Iss(raw) = &unit
            && let Some(text) = quick_line(line, raw, path)
        {
            return Done::Line(text, raw.bytes().len());
        }
        let work = crate::pipeline::Work {
            iss: false,
            content_id: task.ids || matches!(line, Line::Full(..)),
            findings: true,
        };
        let mut p = pipeline::process_unit_work(unit, Some(path), work);
        let text = line_of(line, &p);
        p.report.record = None;
        p.report.result = None;
        p.report.header = Vec::new();
        p.report.findings = Vec::new();
        p.canonical = None;
        if p.diagnostics.is_empty() {
            p.text = String::new();
        }
        return Done::Lined(Box::new(p), text);
    }
    if task.quick
        && let Unit::Iss(raw) = &unit
        && iss::quick::verify(raw.bytes()) == iss::quick::Quick::Consistent
    {
        return Done::Consistent(raw.bytes().len());
    }
    let work = crate::pipeline::Work {
        iss: false,
        content_id: task.content_id,
        findings: !task.slim,
    };
    let mut p = pipeline::process_unit_work(unit, Some(path), work);
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
struct Output {
    out: out::Stdout,
    format: Format,
    pretty: bool,
    cards: cards::Display,
    quiet: bool,
    colours: bool,
    first_json: bool,
    summary: Summary,
    progress: Progress,
    /// The content ids written so far, with `--dedupe`.
    seen: Option<std::collections::HashSet<String>>,
}

impl Output {
    fn write_done(&mut self, done: &Done, path: &str) -> io::Result<()> {
        match done {
            Done::Checked(p) => self.write(p, path),
            Done::Read(ok, bytes, p) => self.write_read(*ok, *bytes, p, path),
            Done::Consistent(bytes) => {
                self.summary.add_consistent(*bytes);
                Ok(())
            }
            Done::Line(line, bytes) => {
                self.summary.add_consistent(*bytes);
                self.write_line(line)
            }
            Done::Lined(p, line) => {
                if self.duplicate(p) {
                    return Ok(());
                }
                self.summary
                    .add_diagnostics(p.report.verdict, &p.diagnostics, p.bytes);
                self.render(&p.diagnostics, path, &p.text, p.offset);
                self.write_line(line)
            }
        }
    }

    /// Writes a line made by a worker: in a JSON array after a separator, otherwise as it is.
    fn write_line(&mut self, line: &str) -> io::Result<()> {
        match self.format {
            Format::Json => {
                if !self.first_json {
                    self.out.write_all(check::json::ARRAY_SEPARATOR)?;
                }
                self.first_json = false;
                self.out.write_all(line.as_bytes())
            }
            Format::Csv => self.out.write_all(line.as_bytes()),
            Format::Jsonl | Format::Text => {
                self.out.write_all(line.as_bytes())?;
                self.out.write_all(b"\n")
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

    /// Renders the findings `shows` lets through to standard error (at most
    /// [`render::MAX_SHOWN`] of them); a failure to write there is ignored.
    fn render(&self, diagnostics: &[notation::Diagnostic], path: &str, text: &str, offset: usize) {
        if diagnostics.iter().any(|d| self.shows(d)) {
            let shown = diagnostics.iter().filter(|d| self.shows(d));
            let rendered = render::diagnostics(shown, path, text, offset, self.colours);
            self.progress.suspend(|| out::note_raw(&rendered));
        }
    }

    fn write_read(&mut self, ok: bool, bytes: usize, p: &notation::Parsed, path: &str) -> io::Result<()> {
        self.summary.add_read(ok, bytes);
        self.render(&p.diagnostics, path, &p.text, p.offset);
        if self.format == Format::Text && !self.quiet {
            let what = if ok { "read" } else { "unparsable" };
            writeln!(self.out, "{path}:{}: {what}", p.line)?;
        }
        Ok(())
    }

    /// Whether `--dedupe` leaves the record out: its content id came before. Such a record is
    /// neither written nor counted but among the duplicates.
    fn duplicate(&mut self, p: &Processed) -> bool {
        let Some(seen) = &mut self.seen else {
            return false;
        };
        match &p.report.id {
            Some(id) if !seen.insert(id.clone()) => {
                self.summary.add_duplicate();
                true
            }
            _ => false,
        }
    }

    fn write(&mut self, p: &Processed, path: &str) -> io::Result<()> {
        if self.duplicate(p) {
            return Ok(());
        }
        self.summary
            .add_diagnostics(p.report.verdict, &p.diagnostics, p.bytes);
        self.render(&p.diagnostics, path, &p.text, p.offset);
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
                    self.out.write_all(check::json::ARRAY_SEPARATOR)?;
                }
                crate::brief::write_report(&mut self.out, &p.report, self.cards, self.pretty)?;
            }
            Format::Csv => {
                let mut row = String::new();
                crate::brief::report_row(&p.report, &mut row);
                self.out.write_all(row.as_bytes())?;
            }
            Format::Jsonl => {
                crate::brief::write_report(&mut self.out, &p.report, self.cards, false)?;
                writeln!(self.out)?;
            }
        }
        self.first_json = false;
        Ok(())
    }
}

/// The progress bar of a run: bytes read of all the inputs (as stored, so compressed files
/// count what they take on disk) against their total where it is known, with the time
/// left; a spinner for standard input. It draws on a terminal only, and is suspended while
/// findings are written, so no stale bar is left between them.
struct Progress {
    bar: indicatif::ProgressBar,
    /// Bytes of the inputs finished before the current one.
    base: u64,
    /// Bytes of the current input read so far.
    read: Arc<AtomicU64>,
    records: u64,
    started: Instant,
    /// When the message was last written, in records: writing it costs a lock and a
    /// format, so it is redrawn every few thousand records.
    shown_at: u64,
    path: String,
}

impl Progress {
    fn new(show: bool, total: Option<u64>) -> Progress {
        let bar = match (show, total) {
            (false, _) => indicatif::ProgressBar::hidden(),
            (true, Some(total)) if total > 0 => {
                let bar = indicatif::ProgressBar::new(total);
                if let Ok(style) = indicatif::ProgressStyle::with_template(
                    "{bar:20} {bytes}/{total_bytes}, {eta} left; {wide_msg}",
                ) {
                    bar.set_style(style);
                }
                bar
            }
            (true, _) => {
                let bar = indicatif::ProgressBar::new_spinner();
                if let Ok(style) =
                    indicatif::ProgressStyle::with_template("{spinner} {bytes} read; {wide_msg}")
                {
                    bar.set_style(style);
                }
                bar
            }
        };
        Progress {
            bar,
            base: 0,
            read: Arc::new(AtomicU64::new(0)),
            records: 0,
            started: Instant::now(),
            shown_at: 0,
            path: String::new(),
        }
    }

    /// Starts on the next input, whose bytes read are counted in `read`.
    fn next_input(&mut self, path: &str, read: Arc<AtomicU64>) {
        self.base += self.read.load(Ordering::Relaxed);
        self.read = read;
        self.path = path.to_string();
        self.show();
    }

    /// Counts `n` records more.
    fn add(&mut self, n: u64) {
        self.records += n;
        if !self.bar.is_hidden() && self.records - self.shown_at >= 4096 {
            self.show();
        }
    }

    fn show(&mut self) {
        if self.bar.is_hidden() {
            return;
        }
        self.shown_at = self.records;
        self.bar
            .set_position(self.base + self.read.load(Ordering::Relaxed));
        self.bar.set_message(progress_message(
            self.records,
            self.started.elapsed().as_secs_f64(),
            &self.path,
        ));
    }

    /// Runs `f` with the bar off the screen.
    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        if self.bar.is_hidden() {
            f()
        } else {
            self.bar.suspend(f)
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// `n` with a comma between thousands.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The bar's message: records so far and the rate in whole games a second.
fn progress_message(records: u64, secs: f64, path: &str) -> String {
    let rate = if secs > 0.0 {
        (records as f64 / secs) as u64
    } else {
        0
    };
    format!(
        "{} records, {} games/s; {path}",
        thousands(records),
        thousands(rate)
    )
}

/// Why a run stopped early.
enum Stop {
    /// The reader of standard output went away: not an error.
    BrokenPipe,
    /// Writing failed.
    Failed(io::Error),
    /// The threads to check on could not be started.
    Threads(String),
}

/// Writes one batch, in order.
fn write_batch(output: &mut Output, done: &[Done], path: &str) -> Result<(), Stop> {
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

/// The error of a failed write, as the reason to stop.
fn stop(e: io::Error) -> Stop {
    if out::is_broken_pipe(&e) {
        Stop::BrokenPipe
    } else {
        Stop::Failed(e)
    }
}

/// Checks one input on this thread alone, one record at a time: each is written as soon as
/// it is checked, so memory holds one record whatever the input.
fn run_serial(
    records: Box<dyn Iterator<Item = Job> + Send>,
    output: &mut Output,
    path: &str,
    task: Task,
) -> Result<(), Stop> {
    for job in records {
        let mut n = 0;
        let written = job.try_for_each_unit(|unit| {
            n += 1;
            output.write_done(&finish(unit, path, task), path)
        });
        output.progress.add(n);
        written.map_err(stop)?;
    }
    Ok(())
}

/// Checks one input with a reading thread, `workers` worker threads and this thread
/// writing, so that reading, checking and writing overlap. Batches are taken as read by
/// whichever worker is free, and written in the input's order: each batch comes with a
/// channel of its own for its outcomes, and the writer takes the channels in the order the
/// batches were read. Plain threads blocking on bounded channels, rather than a
/// work-stealing pool, so that no idle worker spins on a core the reader needs.
///
/// Memory is bounded by the batches in flight (one per worker and [`IN_FLIGHT`] more) and,
/// for each, by [`CHUNKS_WAITING`] parts of its outcomes: a worker whose batch has more
/// waits for the writer.
fn run_parallel(
    records: Box<dyn Iterator<Item = Job> + Send>,
    output: &mut Output,
    workers: usize,
    path: &str,
    task: Task,
) -> Result<(), Stop> {
    type Outcomes = mpsc::Receiver<Vec<Done>>;
    let workers = workers.max(1);
    let (work_tx, work_rx) = mpsc::sync_channel::<(Vec<Job>, mpsc::SyncSender<Vec<Done>>)>(workers);
    // The writer's queue: the outcome channels of the batches read, in order. Its bound is
    // the bound on batches in flight.
    let (order_tx, order_rx) = mpsc::sync_channel::<Outcomes>(workers + IN_FLIGHT);
    // Whichever worker is free takes the next batch, so a worker held up (by the reader or
    // the writer on its core) holds up no other.
    let work_rx = std::sync::Mutex::new(work_rx);
    let work_rx = &work_rx;
    // The channels' ends move into the scope, so that returning early drops them: the
    // workers' and the reader's sends then fail, and they stop.
    std::thread::scope(move |scope| {
        let mut started = 0;
        for _ in 0..workers {
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                loop {
                    let next = match work_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => break,
                    };
                    let Ok((batch, done_tx)) = next else { break };
                    // A failed send means the writer stopped: the rest of the batch is moot.
                    let _ = finish_batch(batch, path, task, |done| done_tx.send(done).map_err(|_| ()));
                }
            });
            match spawned {
                Ok(_) => started += 1,
                Err(e) => {
                    out::note(format_args!(
                        "stich: note: could start only {started} of {workers} worker threads: {e}"
                    ));
                    break;
                }
            }
        }
        if started == 0 {
            return Err(Stop::Threads("no worker thread could be started".to_string()));
        }
        let reader = std::thread::Builder::new().spawn_scoped(scope, move || {
            let mut records = records;
            loop {
                let batch = next_batch(&mut records);
                if batch.is_empty() {
                    break;
                }
                let (done_tx, done_rx) = mpsc::sync_channel(CHUNKS_WAITING);
                if order_tx.send(done_rx).is_err() || work_tx.send((batch, done_tx)).is_err() {
                    break;
                }
            }
        });
        if let Err(e) = reader {
            return Err(Stop::Threads(format!(
                "the reading thread could not be started: {e}"
            )));
        }
        // Returning early drops the receivers, which stops the workers and then the reader.
        for outcomes in order_rx.iter() {
            for done in outcomes.iter() {
                write_batch(output, &done, path)?;
                output.progress.add(done.len() as u64);
            }
        }
        Ok(())
    })
}

/// The bytes of all the inputs, when every one is a file whose size is known.
fn total_size(inputs: &[input::Input]) -> Option<u64> {
    inputs.iter().try_fold(0u64, |sum, i| {
        let meta = std::fs::metadata(i.path.as_ref()?).ok()?;
        meta.is_file().then(|| sum + meta.len())
    })
}

/// Runs `check`.
pub fn run(args: &CheckArgs) -> u8 {
    let expanded = input::expand(&args.paths, args.from);
    let jobs = crate::cli::jobs(args.jobs);
    let mut output = Output {
        out: out::stdout(),
        format: args.format,
        pretty: args.pretty,
        cards: args.cards.display(),
        quiet: args.quiet,
        colours: args.color.colours(),
        first_json: true,
        summary: Summary::new().strict(args.strict),
        seen: args.dedupe.then(std::collections::HashSet::new),
        progress: Progress::new(
            !args.no_progress && io::stderr().is_terminal(),
            total_size(&expanded.inputs),
        ),
    };
    let mut io_failed = expanded.failed;
    if args.report == ReportKind::Brief && !matches!(args.format, Format::Json | Format::Jsonl) {
        out::note("stich: --report brief is for --format json and jsonl (csv rows are brief already)");
        return EXIT_USAGE;
    }
    let line = match (args.format, args.report) {
        _ if args.parse_only => None,
        (Format::Csv, _) => Some(Line::Csv),
        (Format::Json | Format::Jsonl, ReportKind::Brief) => Some(Line::Brief),
        (Format::Json, ReportKind::Full) => Some(Line::Full(args.cards.display(), args.pretty)),
        (Format::Jsonl, ReportKind::Full) => Some(Line::Full(args.cards.display(), false)),
        _ => None,
    };
    let opening = match args.format {
        Format::Json if !args.parse_only => output.out.write_all(check::json::ARRAY_OPEN),
        Format::Csv if !args.parse_only => output.out.write_all(crate::brief::CSV_HEADER.as_bytes()),
        _ => Ok(()),
    };
    if let Err(e) = opening {
        return out::status_of(&e);
    }
    for input in &expanded.inputs {
        let path = input.display();
        let opened = match input::open_input_with(input, jobs) {
            Ok(r) => r,
            Err(e) => {
                output
                    .progress
                    .suspend(|| out::note(format_args!("stich: {path}: {e}")));
                io_failed = true;
                continue;
            }
        };
        output.progress.next_input(&path, Arc::clone(&opened.read));
        let (records, format) = input::opened_jobs(opened);
        output.summary.set_iss(format == input::Format::Iss);
        let task = Task {
            parse_only: args.parse_only,
            content_id: !(args.quiet && args.format == Format::Text) || args.dedupe,
            slim: args.format == Format::Text,
            // Leaving duplicates out needs every record's content id, which only the full
            // path computes.
            quick: args.quiet
                && args.format == Format::Text
                && !args.parse_only
                && !args.full_path
                && !args.dedupe,
            line,
            line_quick: !args.ids && !args.full_path && !args.dedupe,
            ids: args.ids || args.dedupe,
        };
        let ran = if jobs == 1 {
            run_serial(records, &mut output, &path, task)
        } else {
            run_parallel(records, &mut output, jobs, &path, task)
        };
        match ran {
            Ok(()) => {}
            Err(Stop::BrokenPipe) => return EXIT_OK,
            Err(Stop::Failed(e)) => {
                output.progress.finish();
                return out::status_of(&e);
            }
            Err(Stop::Threads(why)) => {
                output.progress.finish();
                out::note(format_args!("stich: {why}"));
                return EXIT_USAGE;
            }
        }
    }
    output.progress.finish();
    let closed = if args.format == Format::Json && !args.parse_only {
        output.out.write_all(check::json::ARRAY_CLOSE)
    } else {
        Ok(())
    };
    if let Err(e) = closed.and_then(|()| output.out.flush()) {
        return out::status_of(&e);
    }
    match args.summary {
        SummaryForm::Text => out::note(output.summary.text()),
        SummaryForm::Json => out::note(output.summary.json()),
    }
    if io_failed {
        EXIT_USAGE
    } else if output.summary.failed() {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_message_gives_whole_rates_with_thousands_marked() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(
            progress_message(123_456, 0.5, "a.sgf"),
            "123,456 records, 246,912 games/s; a.sgf"
        );
        assert_eq!(progress_message(0, 0.0, "-"), "0 records, 0 games/s; -");
    }
}
