//! `stich completions SHELL`.

use clap::CommandFactory;

use crate::cli::{Cli, EXIT_OK};
use crate::out;

/// Runs `completions`.
pub fn run(shell: clap_complete::Shell) -> u8 {
    // The generators panic when their writer fails, so the script is made in memory first
    // and written where a failure is an error like any other.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "stich", &mut script);
    out::finish(out::write_all(&script), EXIT_OK)
}
