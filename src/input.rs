//! Finding the input files and reading records from them.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

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

/// A concrete input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The stich notation.
    Stich,
    /// ISS records.
    Iss,
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

fn format_of(path: &Path, from: From) -> Format {
    match from {
        From::Stich => Format::Stich,
        From::Iss => Format::Iss,
        From::Auto => {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if ISS_EXTENSIONS.contains(&ext) {
                Format::Iss
            } else {
                Format::Stich
            }
        }
    }
}

fn is_record_file(path: &Path, from: From) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match from {
        From::Stich => STICH_EXTENSIONS.contains(&ext),
        From::Iss => ISS_EXTENSIONS.contains(&ext),
        From::Auto => STICH_EXTENSIONS.contains(&ext) || ISS_EXTENSIONS.contains(&ext),
    }
}

/// Expands the command-line paths: files as given, folders recursively (record files only,
/// in sorted order so runs are deterministic), `-` as standard input.
pub fn expand(paths: &[PathBuf], from: From) -> io::Result<Vec<Input>> {
    let mut out = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            let format = if from == From::Iss {
                Format::Iss
            } else {
                Format::Stich
            };
            out.push(Input { path: None, format });
        } else if path.is_dir() {
            let mut found = Vec::new();
            walk(path, from, &mut found)?;
            found.sort();
            out.extend(found.into_iter().map(|p| Input {
                format: format_of(&p, from),
                path: Some(p),
            }));
        } else if path.exists() {
            out.push(Input {
                path: Some(path.clone()),
                format: format_of(path, from),
            });
        } else {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("{}: no such file or folder", path.display()),
            ));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, from: From, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, from, out)?;
        } else if is_record_file(&path, from) {
            out.push(path);
        }
    }
    Ok(())
}

/// Opens an input for reading.
pub fn open(input: &Input) -> io::Result<Box<dyn BufRead + Send>> {
    Ok(match &input.path {
        Some(p) => Box::new(BufReader::with_capacity(1 << 16, File::open(p)?)),
        None => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
    })
}

/// The records of an input as work: read in order here, finished anywhere
/// ([`crate::pipeline::Job`]). Records of either form are only split from the stream (ISS
/// archives only cut into blocks), so their parsing can run on the worker threads too.
pub fn jobs(input: &Input) -> io::Result<Box<dyn Iterator<Item = crate::pipeline::Job> + Send>> {
    use crate::pipeline::{Job, Unit};
    let reader = open(input)?;
    Ok(match input.format {
        Format::Stich => Box::new(
            notation::Reader::new(reader)
                .raw()
                .map(|raw| Job::One(Unit::Stich(raw))),
        ),
        Format::Iss => crate::pipeline::iss_jobs(reader),
    })
}

/// The records of an input, one at a time.
pub fn records(input: &Input) -> io::Result<Box<dyn Iterator<Item = Parsed> + Send>> {
    let reader = open(input)?;
    Ok(match input.format {
        Format::Stich => Box::new(notation::Reader::new(reader)),
        Format::Iss => crate::pipeline::iss_records(reader),
    })
}

/// Calls `each` with every record of every path, in order, for the commands that handle one
/// record at a time. A missing file or a read error is reported and ends the run with
/// [`EXIT_USAGE`](crate::cli::EXIT_USAGE); a closed output pipe ends it quietly.
pub fn for_each_record(
    paths: &[PathBuf],
    from: From,
    mut each: impl FnMut(&str, Parsed) -> io::Result<()>,
) -> Result<(), u8> {
    let inputs = expand(paths, from).map_err(|e| {
        eprintln!("stich: {e}");
        crate::cli::EXIT_USAGE
    })?;
    for input in &inputs {
        let path = input.display();
        let records = records(input).map_err(|e| {
            eprintln!("stich: {path}: {e}");
            crate::cli::EXIT_USAGE
        })?;
        for parsed in records {
            match each(&path, parsed) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
                Err(e) => {
                    eprintln!("stich: {e}");
                    return Err(crate::cli::EXIT_USAGE);
                }
            }
        }
    }
    Ok(())
}
