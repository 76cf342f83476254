//! The command line: commands, arguments and their help texts.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Exit status: every record consistent (or incomplete), and no usage or I/O error.
pub const EXIT_OK: u8 = 0;
/// Exit status: some record is illegal, inconsistent or unparsable.
pub const EXIT_FINDINGS: u8 = 1;
/// Exit status: a usage or I/O error.
pub const EXIT_USAGE: u8 = 2;

/// The worker threads for `--jobs n`: one per core for 0 and at most one per core for any
/// `n` (with a note on standard error when `n` is more). Checking keeps a core busy per
/// thread, so more threads than cores would add only memory, and asking for more threads
/// than the machine can start would fail.
pub fn jobs(n: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match n {
        0 => cores,
        n if n > cores => {
            crate::out::note(format_args!(
                "stich: note: --jobs {n} is more than the {cores} cores here; using {cores}"
            ));
            cores
        }
        n => n,
    }
}

/// Read, replay and verify records of trick-taking card games.
#[derive(Parser, Debug)]
#[command(name = "stich", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read, replay and verify records; report every finding.
    Check(CheckArgs),
    /// Rewrite records in the canonical export form.
    Fmt(FmtArgs),
    /// Convert records to JSON reports, the stich notation, or ISS records.
    Convert(ConvertArgs),
    /// Print the JSON Schema of the report.
    Schema,
    /// Print records the way the books print them: hands, auction, trick table, result.
    Show(ShowArgs),
    /// List the games and rule profiles with their options.
    Rules(RulesArgs),
    /// Generate random legal games, reproducible per seed.
    Gen(GenArgs),
    /// What a hand melds under a rule profile: each meld with its cards and value, the total.
    Meld(MeldArgs),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// The formats records are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum From {
    /// By file extension: `.sgf` and `.iss` are ISS records, everything else stich.
    Auto,
    /// The stich notation.
    Stich,
    /// International Skat Server records.
    Iss,
}

/// How reports are written by `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per record on standard output, diagnostics on standard error.
    Text,
    /// One JSON array of reports.
    Json,
    /// One JSON report per line.
    Jsonl,
}

/// Card alphabets for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CardsDisplay {
    /// `♣J`, `♥10` (the canonical form).
    Unicode,
    /// `CJ`, `HT`, as the ISS writes them.
    Ascii,
    /// `♣B`, `♥D`, `♦Z`.
    German,
}

impl CardsDisplay {
    /// The card display of the `cards` crate.
    pub fn display(self) -> cards::Display {
        match self {
            CardsDisplay::Unicode => cards::Display::Unicode,
            CardsDisplay::Ascii => cards::Display::Ascii,
            CardsDisplay::German => cards::Display::German,
        }
    }
}

/// Arguments of `check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Files or folders (searched recursively); `-` is standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = From::Auto)]
    pub from: From,
    /// The output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Worker threads for replaying (0: one per core; never more than one per core).
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// Print errors and warnings only: no line per record, no notes.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Only read the records (and build their syntax trees); skip replay and reports.
    /// Measures reading speed; findings are those of the reader alone.
    #[arg(long)]
    pub parse_only: bool,
    /// Check every ISS record through the syntax tree and the full replay, even where `-q`
    /// lets a quick verification decide the consistent ones. Gives the same verdicts, slower;
    /// for comparing the two and for measuring.
    #[arg(long)]
    pub full_path: bool,
}

/// What `gen` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenTo {
    /// The stich notation, canonical form, records separated by a blank line.
    Stich,
    /// ISS records, one per line.
    Iss,
}

impl GenTo {
    /// The same form among `convert`'s.
    pub fn to(self) -> To {
        match self {
            GenTo::Stich => To::Stich,
            GenTo::Iss => To::Iss,
        }
    }
}

/// Arguments of `gen`.
#[derive(Args, Debug)]
pub struct GenArgs {
    /// The game, by its `Game` tag (see `stich rules`); without it, the first game with a
    /// generator.
    #[arg(long)]
    pub game: Option<String>,
    /// How many games.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// The run's seed; game `i` is made from the `i`-th SplitMix64 output of it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The rule profile (see `stich rules`); without it, the game's default profile.
    #[arg(long)]
    pub rules: Option<String>,
    /// The output form.
    #[arg(long, value_enum, default_value_t = GenTo::Stich)]
    pub to: GenTo,
    /// Worker threads (0: one per core; never more than one per core); the output is the
    /// same for any number.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
}

/// Arguments of `meld`.
#[derive(Args, Debug)]
pub struct MeldArgs {
    /// The game, by its `Game` tag (see `stich rules`).
    #[arg(long)]
    pub game: String,
    /// The rule profile (see `stich rules`).
    #[arg(long)]
    pub rules: String,
    /// The trump suit: `S`, `♠`, `spades` (and so on).
    #[arg(long)]
    pub trump: String,
    /// The cards of the hand, in any card alphabet the notation reads (`SQ`, `♠Q`, `Q♠`).
    #[arg(required = true)]
    pub cards: Vec<String>,
    /// The output: `text`, or `json` (`{"melds": [{"kind", "cards", "value"}], "total"}`).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Card alphabet of the text output.
    #[arg(long = "cards", value_enum, default_value_t = CardsDisplay::Unicode)]
    pub cards_display: CardsDisplay,
}

/// Arguments of `fmt`.
#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Files or folders (searched recursively); `-` reads standard input and writes standard
    /// output.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Change nothing; exit 1 if any file is not in canonical form.
    #[arg(long)]
    pub check: bool,
    /// Card alphabet of the output (only `unicode` is canonical).
    #[arg(long, value_enum, default_value_t = CardsDisplay::Unicode)]
    pub cards: CardsDisplay,
}

/// What `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum To {
    /// JSON reports, one per line.
    Json,
    /// The stich notation, canonical form.
    Stich,
    /// ISS records, one per line (Skat deals only).
    Iss,
}

/// Arguments of `convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Files or folders; `-` is standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = From::Auto)]
    pub from: From,
    /// The output format.
    #[arg(long, value_enum)]
    pub to: To,
    /// Card alphabet of stich output.
    #[arg(long, value_enum, default_value_t = CardsDisplay::Unicode)]
    pub cards: CardsDisplay,
}

/// Arguments of `rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Print as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Files or folders; `-` is standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = From::Auto)]
    pub from: From,
    /// Card alphabet.
    #[arg(long, value_enum, default_value_t = CardsDisplay::Unicode)]
    pub cards: CardsDisplay,
}
