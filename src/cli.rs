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

/// The exit statuses, as `--help` lists them.
pub const EXIT_HELP: &str = "\
Exit status:
  0  every record consistent, or only incomplete (legal as far as it goes, but not fully
     checkable: no play, a penalty game); no usage or I/O error. `check --strict` makes
     incomplete records fail too
  1  some record illegal, inconsistent or unparsable (or incomplete, with --strict); for
     fmt, a file not in canonical form under --check or one left as it was
  2  a usage error, or a path or output that could not be read or written";

/// Read, replay and verify records of trick-taking card games.
#[derive(Parser, Debug)]
#[command(name = "stich", version, about, long_about = None, after_help = EXIT_HELP)]
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
    /// What a hand melds under a rule profile, or a Cribbage hand shows with the starter: each
    /// meld or combination with its cards and value, the total.
    Meld(MeldArgs),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff, for `man -l -`).
    Man,
    /// Write the records that match every condition given, in the input's own form (ISS
    /// records byte for byte).
    Filter(FilterArgs),
    /// Count games, wins and average values per game and per player.
    Stats(StatsArgs),
    /// Check and total score sheets: each row against its game, the dealer rotation, the
    /// running and final totals; scored plainly or the tournament way (Seeger-Fabian). ISS
    /// records are grouped into one sheet per series (`SE`).
    Sheet(SheetArgs),
    /// Serve the HTTP API: checking records, and collections of checked records in an
    /// embedded store (see spec/api.md). Settings come from the flags, then the
    /// environment (`STICH_ADDR`, `STICH_DB`, ...), then the config file.
    Serve(ServeArgs),
}

/// Arguments of `serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on [default: 127.0.0.1:8080; env STICH_ADDR].
    #[arg(long)]
    pub addr: Option<String>,
    /// The store: a SQLite file, created and migrated on first start, `:memory:`, or a
    /// PostgreSQL database shared by several instances (`postgres://user:password@host/db`)
    /// [default: stich.db; env STICH_DB].
    #[arg(long)]
    pub db: Option<String>,
    /// The file of bearer tokens that may write, one a line (a token, or `sha256:` and its
    /// hash); without one nothing may be written [env STICH_TOKEN_FILE].
    #[arg(long)]
    pub token_file: Option<PathBuf>,
    /// An origin allowed to call the API from a browser (repeatable; `*` for any); CORS is
    /// off without one [env STICH_CORS, comma-separated].
    #[arg(long = "cors", value_name = "ORIGIN")]
    pub cors: Vec<String>,
    /// The most bytes of a request body [default: 67108864; env STICH_MAX_BODY_BYTES].
    #[arg(long)]
    pub max_body_bytes: Option<usize>,
    /// The most records in one request [default: 100000; env STICH_MAX_RECORDS].
    #[arg(long)]
    pub max_records: Option<usize>,
    /// The most seconds a request may take until its answer starts [default: 30; env
    /// STICH_TIMEOUT_SECS].
    #[arg(long)]
    pub timeout_secs: Option<u64>,
    /// The most requests handled at once [default: 512; env STICH_MAX_CONCURRENT].
    #[arg(long)]
    pub max_concurrent: Option<usize>,
    /// A TOML file of settings (keys as the flags, with `_`: `addr`, `db`, `token_file`,
    /// `cors`, `max_body_bytes`, ...) [env STICH_CONFIG].
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// The verdicts, for selecting by them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VerdictArg {
    /// Every action legal, every claim right.
    Consistent,
    /// A claimed figure differs from the replay.
    Inconsistent,
    /// An action breaks the rules.
    Illegal,
    /// Legal so far, but not fully checkable.
    Incomplete,
    /// Could not be read.
    Unparsable,
}

impl VerdictArg {
    /// The engine's verdict.
    pub fn verdict(self) -> engine::Verdict {
        match self {
            VerdictArg::Consistent => engine::Verdict::Consistent,
            VerdictArg::Inconsistent => engine::Verdict::Inconsistent,
            VerdictArg::Illegal => engine::Verdict::Illegal,
            VerdictArg::Incomplete => engine::Verdict::Incomplete,
            VerdictArg::Unparsable => engine::Verdict::Unparsable,
        }
    }
}

/// Arguments of `filter`.
#[derive(Args, Debug)]
pub struct FilterArgs {
    /// Files or folders; `-` is standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = From::Auto)]
    pub from: From,
    /// The game played: clubs, spades, hearts, diamonds, grand, null, passed or ramsch
    /// (repeat for any of several).
    #[arg(long)]
    pub game: Vec<String>,
    /// The rule profile (the `Rules` tag; server records are `isko`).
    #[arg(long)]
    pub rules: Vec<String>,
    /// A player at the table, by name (any seat; letter case ignored).
    #[arg(long)]
    pub player: Vec<String>,
    /// A player who declared the game, by name (letter case ignored).
    #[arg(long)]
    pub declarer: Vec<String>,
    /// Played on this day or later (`2019-03-01`); records without a date do not match.
    #[arg(long)]
    pub since: Option<String>,
    /// Played on this day or earlier (`2019-12-31`); records without a date do not match.
    #[arg(long)]
    pub until: Option<String>,
    /// The verdict (repeat for any of several).
    #[arg(long, value_enum)]
    pub verdict: Vec<VerdictArg>,
    /// A finding with this code (repeat for any of several).
    #[arg(long)]
    pub code: Vec<String>,
    /// The game value is at least this.
    #[arg(long)]
    pub min_value: Option<u32>,
    /// The game value is at most this.
    #[arg(long)]
    pub max_value: Option<u32>,
    /// Leave out a record whose content id came before (the id of its canonical form, so
    /// the same game written differently is the same record).
    #[arg(long)]
    pub dedupe: bool,
}

/// How `stats` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// Aligned tables.
    Table,
    /// CSV: one row per game or player, a `table` column saying which.
    Csv,
    /// One JSON object.
    Json,
}

/// Arguments of `stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Files or folders; `-` is standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = From::Auto)]
    pub from: From,
    /// The output format.
    #[arg(long, value_enum, default_value_t = StatsFormat::Table)]
    pub format: StatsFormat,
    /// Count a record whose content id came before only once.
    #[arg(long)]
    pub dedupe: bool,
}

/// How `sheet` scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScoringArg {
    /// The game's score as the rules give it: +value won, −loss factor × value lost.
    Plain,
    /// Tournament scoring: won +value + 50, lost −2 × value − 50, and +40 to each other
    /// player at a table of three (+30 at a table of four) when the declarer loses.
    SeegerFabian,
}

impl ScoringArg {
    /// The engine's scoring.
    pub fn scoring(self) -> engine::skat::sheet::Scoring {
        match self {
            ScoringArg::Plain => engine::skat::sheet::Scoring::Plain,
            ScoringArg::SeegerFabian => engine::skat::sheet::Scoring::SeegerFabian,
        }
    }
}

/// How `sheet` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    /// A table per sheet, findings under their row.
    Text,
    /// One JSON object `{"sheets": […], "ranking": […]}` (spec/schema/sheet.schema.json).
    Json,
    /// CSV: one line per row and player.
    Csv,
}

/// Arguments of `sheet`.
#[derive(Args, Debug)]
#[command(after_help = EXIT_HELP)]
pub struct SheetArgs {
    /// Files or folders; `-` is standard input. Sheet records, and the records of the hands
    /// they link (by `ref` or by the `Sitting` and `Deal` tags); or ISS records.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The input format; ISS records are grouped by their series (`SE`), in input order.
    #[arg(long, value_enum, default_value_t = From::Auto)]
    pub from: From,
    /// How the rows are scored.
    #[arg(long, value_enum, default_value_t = ScoringArg::Plain)]
    pub scoring: ScoringArg,
    /// The output format.
    #[arg(long, value_enum, default_value_t = SheetFormat::Text)]
    pub format: SheetFormat,
}

/// When standard error gets colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    /// Always, even into a file or a pipe.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether standard error gets colours.
    pub fn colours(self) -> bool {
        match self {
            ColorChoice::Auto => crate::render::stderr_colours(),
            ColorChoice::Always => true,
            ColorChoice::Never => false,
        }
    }
}

/// How `check` writes its closing summary on standard error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SummaryForm {
    /// Lines of text.
    Text,
    /// One JSON object on one line (see spec/report.md).
    Json,
}

/// The formats records are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum From {
    /// By file name (`.stich`; `.sgf` and `.iss`; each also compressed, as `.sgf.bz2`),
    /// and for any other name and standard input by the first bytes: ISS records start
    /// with `(`. Compressed input (bzip2, gzip, zstd) is known by its first bytes.
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
    /// One CSV row per record, after a header row (see spec/report.md).
    Csv,
}

/// How much of each record's report `check` writes in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportKind {
    /// The whole report: the normalized record, the header, every figure.
    Full,
    /// Id, source, game, rules, verdict, findings and result only (spec/report.md).
    Brief,
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
#[command(after_help = EXIT_HELP)]
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
    /// How much of each report JSON output gives.
    #[arg(long, value_enum, default_value_t = ReportKind::Full)]
    pub report: ReportKind,
    /// Indent `--format json` (compact otherwise, one report a line).
    #[arg(long)]
    pub pretty: bool,
    /// Card alphabet of the cards in full JSON reports (only `unicode` follows the schema's
    /// card pattern).
    #[arg(long, value_enum, default_value_t = CardsDisplay::Unicode)]
    pub cards: CardsDisplay,
    /// Leave out a record whose content id came before (the same game, however written):
    /// it is neither reported nor counted but among the duplicates. Every record then takes
    /// the full path, which computes the id.
    #[arg(long)]
    pub dedupe: bool,
    /// Make incomplete records fail: exit status 1 unless every record is consistent.
    #[arg(long)]
    pub strict: bool,
    /// The closing summary's form (on standard error).
    #[arg(long, value_enum, default_value_t = SummaryForm::Text)]
    pub summary: SummaryForm,
    /// Colours on standard error.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Compute the content id for brief reports and CSV rows too. It needs each record's
    /// canonical form, so every record then takes the full path, at about a third of the
    /// speed.
    #[arg(long)]
    pub ids: bool,
    /// Worker threads for replaying (0: one per core; never more than one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
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
    /// Group every N games into a series, as the server does: each gets a `Series` tag
    /// (`SE` in ISS records) and three player names in seats that rotate from game to game
    /// (the deal passing to the left). 0: no series, no names.
    #[arg(long, default_value_t = 0)]
    pub series: u64,
    /// Bezique under `rubicon`, `six-pack` or `eight-pack`: write a Chouette sitting of this
    /// many players (3 to 8), the `--count` games as hands named by `Sitting` and `Deal`
    /// with the box in `E` and the captain in `D`, then the sitting's sheet
    /// (spec/rules/bezique.md §3f). 0: single deals.
    #[arg(long, default_value_t = 0)]
    pub chouette: usize,
    /// Worker threads (0: one per core; never more than one per core); the output is the
    /// same for any number.
    #[arg(long, short = 'j', default_value_t = 0)]
    pub jobs: usize,
}

/// Arguments of `meld`.
#[derive(Args, Debug)]
pub struct MeldArgs {
    /// The game, by its `Game` tag (see `stich rules`).
    #[arg(long)]
    pub game: String,
    /// The rule profile (see `stich rules`); the game's default without it.
    #[arg(long)]
    pub rules: Option<String>,
    /// The trump suit: `S`, `♠`, `spades` (and so on); for games with a trump.
    #[arg(long)]
    pub trump: Option<String>,
    /// The starter, counted with the hand (Cribbage's show).
    #[arg(long)]
    pub starter: Option<String>,
    /// The cards are the crib: a flush counts only with the starter (Cribbage).
    #[arg(long)]
    pub crib: bool,
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
    /// The input format: records found to be ISS records (by this, by their file name, or by
    /// their first bytes) are left as they are.
    #[arg(long, value_enum, default_value_t = From::Auto)]
    pub from: From,
    /// Card alphabet of the output (only `unicode` is canonical).
    #[arg(long, value_enum, default_value_t = CardsDisplay::Unicode)]
    pub cards: CardsDisplay,
    /// Colours on standard error.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
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
    /// Card alphabet of stich output and of the cards in JSON reports (reports in another
    /// alphabet than `unicode` do not follow the schema's card pattern).
    #[arg(long, value_enum, default_value_t = CardsDisplay::Unicode)]
    pub cards: CardsDisplay,
    /// Colours on standard error.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// How `rules` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// Lines of text.
    Text,
    /// JSON.
    Json,
}

/// Arguments of `rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// One profile only, by name (`isko`, `american`, …); all when left out.
    pub name: Option<String>,
    /// The output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
    pub format: RulesFormat,
    /// The same as `--format json` (kept for scripts that used it).
    #[arg(long, hide = true)]
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
