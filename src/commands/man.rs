//! `stich man`: the manual page, made from the command line's own definition so that it
//! never says other than `--help`.

use clap::CommandFactory;

use crate::cli::{Cli, EXIT_OK, EXIT_USAGE};
use crate::out;

/// Runs `man`: the page of `stich` and, after it, one page per command.
pub fn run() -> u8 {
    let command = Cli::command();
    let mut page = Vec::new();
    if let Err(e) = clap_mangen::Man::new(command.clone()).render(&mut page) {
        out::note(format_args!("stich: cannot make the manual page: {e}"));
        return EXIT_USAGE;
    }
    for sub in command.get_subcommands() {
        let title = format!("stich-{}", sub.get_name());
        if let Err(e) = clap_mangen::Man::new(sub.clone()).title(title).render(&mut page) {
            out::note(format_args!("stich: cannot make the manual page: {e}"));
            return EXIT_USAGE;
        }
    }
    out::finish(out::write_all(&page), EXIT_OK)
}
