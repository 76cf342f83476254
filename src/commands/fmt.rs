//! `stich fmt`: rewrite records in the canonical export form, losing nothing.
//!
//! What the reader cannot read is written back exactly as it was, with its finding; what the
//! printer writes must read back as the same records before anything is replaced (see
//! [`crate::format`]). A file is replaced through a fresh temporary file beside its real
//! target, so an interrupted run leaves the old file or the new one, the file keeps its mode
//! and owner, and a symbolic link keeps pointing at it.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;

use crate::cli::{EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, FmtArgs, From};
use crate::format::{self, Stretch};
use crate::input::{self, Format, Input};
use crate::{out, render};

/// How formatting one input ended.
enum Failure {
    /// Standard output was closed: stop quietly.
    Closed,
    /// An I/O error, already reported.
    Io,
}

/// Runs `fmt`.
pub fn run(args: &FmtArgs) -> u8 {
    // In folders only stich files are formatted; a file named on the command line is
    // formatted unless it is an ISS file (by `--from`, its name or its first bytes), which
    // fmt never reads as stich.
    let mut inputs = Vec::new();
    let mut status = EXIT_OK;
    for path in &args.paths {
        let from = match args.from {
            From::Auto if path.is_dir() => From::Stich,
            from => from,
        };
        let expanded = input::expand(std::slice::from_ref(path), from);
        if expanded.failed {
            status = EXIT_USAGE;
        }
        inputs.extend(expanded.inputs);
    }
    let colours = args.color.colours();
    for input in &inputs {
        let options = notation::PrintOptions {
            cards: args.cards.display(),
        };
        match format_input(input, args.check, options, colours) {
            Ok(findings) => {
                if findings {
                    status = status.max(EXIT_FINDINGS);
                }
            }
            // A closed pipe means the reader has all it wants: that is no failure.
            Err(Failure::Closed) => return EXIT_OK,
            Err(Failure::Io) => status = EXIT_USAGE,
        }
    }
    status
}

/// Reports an I/O error on a path and turns it into a failure.
fn io_failure(path: &str, e: &io::Error) -> Failure {
    out::note_raw(&format!("stich: {path}: {e}\n"));
    Failure::Io
}

/// Formats one input; `Ok(true)` when something was found (a record that does not read, a
/// file not in canonical form under `--check`, a file that could not be rewritten safely).
fn format_input(
    input: &Input,
    check: bool,
    options: notation::PrintOptions,
    colours: bool,
) -> Result<bool, Failure> {
    let path = input.display();
    // A file is rewritten in place; standard input, and a FIFO or device named on the
    // command line, are read once into a temporary file and formatted to standard output.
    let mut file_path = None;
    let source = match &input.path {
        Some(p) => {
            let mut f = File::open(p).map_err(|e| io_failure(&path, &e))?;
            if f.metadata().map_err(|e| io_failure(&path, &e))?.is_file() {
                file_path = Some(p.as_path());
                f
            } else {
                spool(&mut f).map_err(|e| io_failure(&path, &e))?
            }
        }
        None => spool(&mut io::stdin().lock()).map_err(|e| io_failure(&path, &e))?,
    };
    // What is not plain stich text is left as it is: a compressed file (rewriting it would
    // mean compressing it again, in a way its maker may not have chosen) and ISS records.
    // Standard input is copied to standard output as it came, so a pipe loses nothing.
    let mut head = vec![0u8; 1 << 16];
    let n = read_head(&source, &mut head).map_err(|e| io_failure(&path, &e))?;
    let head = head.get(..n).unwrap_or_default();
    let pass_through = |source: &File| -> Result<(), Failure> {
        if file_path.is_none() && !check {
            copy_out(source).map_err(|e| out_failure(&e))?;
        }
        Ok(())
    };
    if let Some(c) = input::Compression::of_magic(head) {
        out::note_raw(&format!(
            "error[{}]: {path}: {} compressed; fmt rewrites plain text files only, so it is left as it is (decompress it to format it)\n",
            format::COMPRESSED,
            c.name()
        ));
        pass_through(&source)?;
        return Ok(true);
    }
    let is_iss = match input.format {
        Format::Iss => true,
        Format::Stich => false,
        Format::Unknown => input::sniff(head) == Format::Iss,
    };
    if is_iss {
        out::note_raw(&format!(
            "stich: {path}: ISS records; fmt rewrites stich records only, so it is left as it is\n"
        ));
        pass_through(&source)?;
        return Ok(false);
    }
    let rewrite = file_path.filter(|_| !check);
    let target = match rewrite {
        Some(p) => Target::beside(p).map_err(|e| io_failure(&path, &e))?,
        None => Target::Anonymous(tempfile::tempfile().map_err(|e| io_failure(&path, &e))?),
    };

    let mut found = false;
    format::format_into(&source, io::BufWriter::new(target.file()), options, |planned| {
        found |= planned
            .findings
            .iter()
            .any(|d| d.severity == notation::Severity::Error);
        if let Some(p) = &planned.parsed {
            out::note_raw(&render::diagnostics(
                &planned.findings,
                &path,
                &p.text,
                p.offset,
                colours,
            ));
        }
    })
    .map_err(|e| io_failure(&path, &e))?;

    let written = target.file();
    if !format::same_units(&source, written, options).map_err(|e| io_failure(&path, &e))? {
        out::note_raw(&format!(
            "error[{}]: {path}: the formatted text would not read back as the same records; the input is left as it is\n",
            format::NOT_REWRITTEN
        ));
        if file_path.is_none() && !check {
            // Standard output still gets every byte: the input as it came.
            copy_out(&source).map_err(|e| out_failure(&e))?;
        }
        return Ok(true);
    }
    let unchanged = same_bytes(&source, written).map_err(|e| io_failure(&path, &e))?;
    match (file_path, check) {
        (_, true) => {
            if !unchanged {
                write_out(format!("{path}: not in canonical form\n").as_bytes())
                    .map_err(|e| out_failure(&e))?;
                found = true;
            }
        }
        (None, false) => copy_out(written).map_err(|e| out_failure(&e))?,
        (Some(_), false) => {
            if !unchanged {
                target.persist().map_err(|e| io_failure(&path, &e))?;
            }
        }
    }
    Ok(found)
}

/// Reads the first bytes of `file` into `buf`, as many as it holds or the file has.
fn read_head(file: &File, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while let Some(rest) = buf.get_mut(n..).filter(|r| !r.is_empty()) {
        let got = format::Source::read_at(file, rest, n as u64)?;
        if got == 0 {
            break;
        }
        n += got;
    }
    Ok(n)
}

/// A stream as a file that can be read by position: planning reads the input twice.
fn spool(input: &mut impl Read) -> io::Result<File> {
    let mut file = tempfile::tempfile()?;
    io::copy(input, &mut file)?;
    Ok(file)
}

/// A failure writing standard output: a closed pipe ends the run quietly, anything else is
/// reported (see [`out::status_of`]).
fn out_failure(e: &io::Error) -> Failure {
    if out::is_broken_pipe(e) {
        Failure::Closed
    } else {
        out::status_of(e);
        Failure::Io
    }
}

fn write_out(bytes: &[u8]) -> io::Result<()> {
    out::write_all(bytes)
}

fn copy_out(file: &File) -> io::Result<()> {
    let mut stdout = out::stdout();
    io::copy(&mut Stretch::whole(file)?, &mut stdout)?;
    stdout.flush()
}

/// Whether two files hold the same bytes.
fn same_bytes(a: &File, b: &File) -> io::Result<bool> {
    let (a, b) = (Stretch::whole(a)?, Stretch::whole(b)?);
    if a.len() != b.len() {
        return Ok(false);
    }
    let (mut a, mut b) = (BufReader::new(a), BufReader::new(b));
    let (mut x, mut y) = ([0u8; 1 << 14], [0u8; 1 << 14]);
    loop {
        let n = a.read(&mut x)?;
        if n == 0 {
            return Ok(true);
        }
        let (Some(xs), Some(ys)) = (x.get(..n), y.get_mut(..n)) else {
            return Ok(false);
        };
        b.read_exact(ys)?;
        if xs != ys {
            return Ok(false);
        }
    }
}

/// Where the formatted text goes before it is used.
enum Target {
    /// A temporary file with no name, for standard output and `--check`.
    Anonymous(File),
    /// A fresh temporary file beside the file it will replace.
    Beside {
        /// The temporary file.
        temp: tempfile::NamedTempFile,
        /// The file it replaces: the end of any symbolic links.
        real: std::path::PathBuf,
    },
}

impl Target {
    /// A temporary file in the folder of `path`'s real target, with a name no one can
    /// guess or have made in advance.
    fn beside(path: &Path) -> io::Result<Target> {
        let real = std::fs::canonicalize(path)?;
        let dir = real.parent().unwrap_or_else(|| Path::new("."));
        let temp = tempfile::Builder::new()
            .prefix(".stich-fmt-")
            .suffix(".tmp")
            .tempfile_in(dir)?;
        Ok(Target::Beside { temp, real })
    }

    fn file(&self) -> &File {
        match self {
            Target::Anonymous(f) => f,
            Target::Beside { temp, .. } => temp.as_file(),
        }
    }

    /// Puts the formatted text in place of the real file, with the real file's mode and
    /// (where allowed) owner.
    fn persist(self) -> io::Result<()> {
        let Target::Beside { temp, real } = self else {
            return Ok(());
        };
        let meta = std::fs::metadata(&real)?;
        temp.as_file().set_permissions(meta.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Only a privileged user may give a file away; anyone else keeps ownership.
            let _ = std::os::unix::fs::fchown(temp.as_file(), Some(meta.uid()), Some(meta.gid()));
        }
        temp.as_file().sync_all()?;
        temp.persist(&real).map_err(|e| e.error)?;
        Ok(())
    }
}
