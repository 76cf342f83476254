//! `stich`: read, replay and verify records of trick-taking card games.

use std::process::ExitCode;

use clap::Parser;
use stich::{cli, commands};

// Checking a record builds and drops a few hundred small strings and vectors; the system
// allocator spent more than a third of the time on them, mimalloc a fraction of that.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let code = match cli.command {
        cli::Command::Check(args) => commands::check::run(&args),
        cli::Command::Fmt(args) => commands::fmt::run(&args),
        cli::Command::Convert(args) => commands::convert::run(&args),
        cli::Command::Schema => commands::schema::run(),
        cli::Command::Show(args) => commands::show::run(&args),
        cli::Command::Rules(args) => commands::rules::run(&args),
        cli::Command::Gen(args) => commands::r#gen::run(&args),
        cli::Command::Meld(args) => commands::meld::run(&args),
        cli::Command::Completions { shell } => commands::completions::run(shell),
        cli::Command::Man => commands::man::run(),
        cli::Command::Filter(args) => commands::filter::run(&args),
        cli::Command::Stats(args) => commands::stats::run(&args),
        cli::Command::Sheet(args) => commands::sheet::run(&args),
        cli::Command::Serve(args) => commands::serve::run(args),
    };
    ExitCode::from(code)
}
