//! Writing to standard output and standard error without panicking.
//!
//! `print!` and `eprint!` panic when the write fails. Every command writes standard output
//! through a fallible writer instead, and turns a failure into its exit status with
//! [`status_of`]: a closed pipe (the reader went away, as `stich check | head` does) ends the
//! run quietly with status 0; any other failure (a full disk) is an I/O error, reported, with
//! status 2. Standard error goes through [`note`], which ignores failures: a message that
//! cannot be shown is no reason to stop, let alone to panic.

use std::fmt::Display;
use std::io::{self, Write};

use crate::cli::{EXIT_OK, EXIT_USAGE};

/// Standard output, locked and buffered.
pub type Stdout = io::BufWriter<io::StdoutLock<'static>>;

/// Standard output, locked and buffered with room for 64 KiB.
pub fn stdout() -> Stdout {
    io::BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes `text` to standard output and flushes it.
pub fn write_all(text: &[u8]) -> io::Result<()> {
    let mut out = stdout();
    out.write_all(text)?;
    out.flush()
}

/// Writes `message` and a newline to standard error, ignoring any failure.
pub fn note(message: impl Display) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{message}");
}

/// Writes `text` as it is to standard error, ignoring any failure.
pub fn note_raw(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
}

/// Whether a write error means only that the reader of standard output went away.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// The exit status for a failure to write standard output: 0 for a closed pipe (quietly),
/// 2 for any other error (reported on standard error).
pub fn status_of(e: &io::Error) -> u8 {
    if is_broken_pipe(e) {
        EXIT_OK
    } else {
        note(format_args!("stich: cannot write the output: {e}"));
        EXIT_USAGE
    }
}

/// The exit status of a command that wrote `result` and would otherwise end with `status`.
pub fn finish(result: io::Result<()>, status: u8) -> u8 {
    match result {
        Ok(()) => status,
        Err(e) => status_of(&e),
    }
}
