//! Finding the input files and reading records from them.
//!
//! An input is opened by what its bytes say, not by its name: a compressed file (bzip2, gzip,
//! zstd) is known by its magic number and decoded as a stream, and an input whose name does
//! not say its form (standard input, an unknown extension) is read as ISS records when its
//! first byte past blanks opens one (`(`), as the stich notation otherwise. Names still choose
//! which files of a folder are records: `.stich`, `.sgf` and `.iss`, each also with `.bz2`,
//! `.gz`, `.zst` or `.zstd` after it.

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use notation::Parsed;

use crate::cli::From;

/// One input: a file or standard input.
#[derive(Clone, Debug)]
pub struct Input {
    /// The path as shown in messages; `None` for standard input.
    pub path: Option<PathBuf>,
    /// The format to read it in.
    pub format: Format,
}

/// An input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The stich notation.
    Stich,
    /// ISS records.
    Iss,
    /// Not said by the name or the command line: decided from the first bytes when the
    /// input is opened ([`sniff`]).
    Unknown,
}

pub use check::Compression;

/// The form records in `head` (the first bytes of a decoded input) are in: ISS when the
/// first byte past a byte-order mark and blanks opens a record (`(`), stich otherwise
/// (an empty input included, which either reader takes as no records).
pub fn sniff(head: &[u8]) -> Format {
    match check::sniff(head) {
        check::Form::Iss => Format::Iss,
        check::Form::Stich => Format::Stich,
    }
}

impl Input {
    /// The path for messages: the file name, or `<stdin>`.
    pub fn display(&self) -> String {
        match &self.path {
            Some(p) => p.display().to_string(),
            None => "<stdin>".to_string(),
        }
    }
}

const STICH_EXTENSIONS: &[&str] = &["stich"];
const ISS_EXTENSIONS: &[&str] = &["sgf", "iss"];
/// Names a compressed file may end in after the name of its form (`games.sgf.bz2`).
const COMPRESSED_EXTENSIONS: &[&str] = &["bz2", "gz", "zst", "zstd"];

/// The extension that names the form of the records in `path`: the last one, or the one
/// before a compression's (`sgf` of `games.sgf.bz2`).
fn record_extension(path: &Path) -> &str {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if COMPRESSED_EXTENSIONS.contains(&ext) {
        path.file_stem()
            .map(Path::new)
            .and_then(|stem| stem.extension())
            .and_then(|e| e.to_str())
            .unwrap_or("")
    } else {
        ext
    }
}

/// The format of `path` as the command line and its name give it; [`Format::Unknown`] when
/// neither does.
pub fn format_of(path: &Path, from: From) -> Format {
    match from {
        From::Stich => Format::Stich,
        From::Iss => Format::Iss,
        From::Auto => {
            let ext = record_extension(path);
            if ISS_EXTENSIONS.contains(&ext) {
                Format::Iss
            } else if STICH_EXTENSIONS.contains(&ext) {
                Format::Stich
            } else {
                Format::Unknown
            }
        }
    }
}

fn is_record_file(path: &Path, from: From) -> bool {
    let ext = record_extension(path);
    match from {
        From::Stich => STICH_EXTENSIONS.contains(&ext),
        From::Iss => ISS_EXTENSIONS.contains(&ext),
        From::Auto => STICH_EXTENSIONS.contains(&ext) || ISS_EXTENSIONS.contains(&ext),
    }
}

/// The inputs the command-line paths name, and whether some path could not be taken.
#[derive(Debug, Default)]
pub struct Expanded {
    /// The inputs, in order.
    pub inputs: Vec<Input>,
    /// Some path was missing or could not be read; each was reported on standard error
    /// (`stich: PATH: reason`) already. The run goes on with the rest and ends with
    /// [`EXIT_USAGE`](crate::cli::EXIT_USAGE).
    pub failed: bool,
}

/// Expands the command-line paths: files as given, folders recursively (record files only,
/// in sorted order so runs are deterministic), `-` as standard input.
///
/// A folder is walked following symbolic links, but a link back to a folder above it is
/// skipped with a note, and every file is taken once however many links lead to it. What a
/// walk finds that is not a regular file (a FIFO, a socket, a device) is skipped with a note;
/// named on the command line, it is read like any file (as `cat` reads it). A missing path,
/// or a folder or entry that cannot be read, is reported with its path and the rest goes
/// on ([`Expanded::failed`]).
pub fn expand(paths: &[PathBuf], from: From) -> Expanded {
    let mut out = Expanded::default();
    let mut seen = std::collections::HashSet::new();
    for path in paths {
        if path.as_os_str() == "-" {
            let format = match from {
                From::Iss => Format::Iss,
                From::Stich => Format::Stich,
                From::Auto => Format::Unknown,
            };
            out.inputs.push(Input { path: None, format });
            continue;
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let mut found = walk(path, from, &mut seen, &mut out.failed);
                found.sort();
                out.inputs.extend(found.into_iter().map(|p| Input {
                    format: format_of(&p, from),
                    path: Some(p),
                }));
            }
            Ok(_) => out.inputs.push(Input {
                path: Some(path.clone()),
                format: format_of(path, from),
            }),
            Err(e) => {
                report(path, &e);
                out.failed = true;
            }
        }
    }
    out
}

/// Reports a path that cannot be taken.
fn report(path: &Path, e: &io::Error) {
    let reason = if e.kind() == io::ErrorKind::NotFound {
        "no such file or folder".to_string()
    } else {
        e.to_string()
    };
    crate::out::note(format_args!("stich: {}: {reason}", path.display()));
}

/// The record files under `dir`, each once (see [`expand`]).
fn walk(
    dir: &Path,
    from: From,
    seen: &mut std::collections::HashSet<PathBuf>,
    failed: &mut bool,
) -> Vec<PathBuf> {
    let mut found = Vec::new();
    // A link to a folder at or above the walk's start is a loop too, though the walk has not
    // passed through that folder (`up -> ..`): it would walk everything around the folder.
    let root = std::fs::canonicalize(dir).ok();
    let mut walker = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = walker.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_path_buf();
                if e.loop_ancestor().is_some() {
                    crate::out::note(format_args!(
                        "stich: note: {}: a link to a folder above it; skipped",
                        path.display()
                    ));
                    continue;
                }
                let io = e.io_error();
                // A dangling link by a name no record file has is nothing the run misses.
                if io.is_some_and(|io| io.kind() == io::ErrorKind::NotFound) && !is_record_file(&path, from) {
                    continue;
                }
                match io {
                    Some(io) => report(&path, io),
                    None => crate::out::note(format_args!("stich: {}: {e}", path.display())),
                }
                *failed = true;
                continue;
            }
        };
        let kind = entry.file_type();
        if kind.is_dir() {
            let above = entry.path_is_symlink()
                && root.as_ref().is_some_and(|root| {
                    std::fs::canonicalize(entry.path()).is_ok_and(|target| root.starts_with(target))
                });
            if above {
                crate::out::note(format_args!(
                    "stich: note: {}: a link to a folder above it; skipped",
                    entry.path().display()
                ));
                walker.skip_current_dir();
            }
            continue;
        }
        if !is_record_file(entry.path(), from) {
            continue;
        }
        if !kind.is_file() {
            crate::out::note(format_args!(
                "stich: note: {}: not a regular file (a FIFO, socket or device); skipped",
                entry.path().display()
            ));
            continue;
        }
        // Links may lead to one file by many names: it is checked once.
        let key = std::fs::canonicalize(entry.path()).unwrap_or_else(|_| entry.path().to_path_buf());
        if seen.insert(key) {
            found.push(entry.into_path());
        }
    }
    found
}

/// Counts the bytes read through it into a shared counter, so that a progress bar knows
/// how far into a file the reading is, before decoding and whatever the form.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An input opened for reading: decoded if it was compressed, in the form it turned out to
/// be in.
pub struct Opened {
    /// The records' text.
    pub reader: Box<dyn BufRead + Send>,
    /// The form of the records ([`Format::Stich`] or [`Format::Iss`], never unknown).
    pub format: Format,
    /// The compression the input was decoded from.
    pub compression: Option<Compression>,
    /// The bytes of the input (as stored, before decoding) read so far.
    pub read: Arc<AtomicU64>,
}

/// Opens an input for reading: decodes a compressed one as it is read, and decides the form
/// of an input whose form is [`Format::Unknown`] from its first bytes.
pub fn open_input(input: &Input) -> io::Result<Opened> {
    open_input_with(input, std::thread::available_parallelism().map_or(1, usize::from))
}

/// Opens an input for reading (see [`open_input`]), decoding a bzip2 input on `threads`
/// threads ([`check::bz2_blocks`]); one thread reads it with the sequential decoder.
pub fn open_input_with(input: &Input, threads: usize) -> io::Result<Opened> {
    let read = Arc::new(AtomicU64::new(0));
    let raw: Box<dyn Read + Send> = match &input.path {
        Some(p) => Box::new(Counting {
            inner: File::open(p)?,
            read: Arc::clone(&read),
        }),
        None => Box::new(Counting {
            inner: io::stdin(),
            read: Arc::clone(&read),
        }),
    };
    let form = match input.format {
        Format::Stich => Some(check::Form::Stich),
        Format::Iss => Some(check::Form::Iss),
        Format::Unknown => None,
    };
    let opened = check::open_with_threads(raw, form, threads)?;
    let format = match opened.form {
        check::Form::Stich => Format::Stich,
        check::Form::Iss => Format::Iss,
    };
    Ok(Opened {
        reader: opened.reader,
        format,
        compression: opened.compression,
        read,
    })
}

/// Opens an input for reading (see [`open_input`]).
pub fn open(input: &Input) -> io::Result<Box<dyn BufRead + Send>> {
    Ok(open_input(input)?.reader)
}

/// The records of an input as work: read in order here, finished anywhere
/// ([`crate::pipeline::Job`]). Records of either form are only split from the stream (ISS
/// archives only cut into blocks), so their parsing can run on the worker threads too.
pub fn jobs(input: &Input) -> io::Result<Box<dyn Iterator<Item = crate::pipeline::Job> + Send>> {
    Ok(opened_jobs(open_input(input)?).0)
}

/// The records of an opened input as work (see [`jobs`]), with the input's form.
pub fn opened_jobs(opened: Opened) -> (Box<dyn Iterator<Item = crate::pipeline::Job> + Send>, Format) {
    use crate::pipeline::{Job, Unit};
    let Opened { reader, format, .. } = opened;
    let jobs: Box<dyn Iterator<Item = Job> + Send> = match format {
        Format::Iss => crate::pipeline::iss_jobs(reader),
        Format::Stich | Format::Unknown => Box::new(
            notation::Reader::new(reader)
                .raw()
                .map(|raw| Job::One(Unit::Stich(raw))),
        ),
    };
    (jobs, format)
}

/// The records of an input, one at a time.
pub fn records(input: &Input) -> io::Result<Box<dyn Iterator<Item = Parsed> + Send>> {
    let Opened { reader, format, .. } = open_input(input)?;
    Ok(match format {
        Format::Iss => crate::pipeline::iss_records(reader),
        Format::Stich | Format::Unknown => Box::new(notation::Reader::new(reader)),
    })
}

/// Calls `each` with every record of every path, in order, for the commands that handle one
/// record at a time. A missing file or one that cannot be opened is reported with its path
/// and the run goes on with the rest, to end with [`EXIT_USAGE`](crate::cli::EXIT_USAGE); a
/// closed output pipe ends it quietly, any other write error at once with `EXIT_USAGE`.
pub fn for_each_record(
    paths: &[PathBuf],
    from: From,
    mut each: impl FnMut(&str, Parsed) -> io::Result<()>,
) -> Result<(), u8> {
    let expanded = expand(paths, from);
    let mut failed = expanded.failed;
    for input in &expanded.inputs {
        let path = input.display();
        let records = match records(input) {
            Ok(records) => records,
            Err(e) => {
                crate::out::note(format_args!("stich: {path}: {e}"));
                failed = true;
                continue;
            }
        };
        for parsed in records {
            if let Err(e) = each(&path, parsed) {
                return match crate::out::status_of(&e) {
                    crate::cli::EXIT_OK => Ok(()),
                    code => Err(code),
                };
            }
        }
    }
    if failed {
        Err(crate::cli::EXIT_USAGE)
    } else {
        Ok(())
    }
}
