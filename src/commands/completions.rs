//! `stich completions SHELL`.

use clap::CommandFactory;

use crate::cli::{Cli, EXIT_OK};

/// Runs `completions`.
pub fn run(shell: clap_complete::Shell) -> u8 {
    clap_complete::generate(shell, &mut Cli::command(), "stich", &mut std::io::stdout());
    EXIT_OK
}
