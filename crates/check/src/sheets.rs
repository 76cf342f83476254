//! Score sheets of a set of records, scored and ranked: the sheet records among them
//! (checked row by row against the hand records of the same set), and one sheet per server
//! series, built from the games that name it (ISS `SE`, the `Series` tag). `stich sheet` and
//! the service's sheets of a collection both come from here, so they agree.
//!
//! ```
//! use engine::skat::sheet::Scoring;
//! let text = "%stich 2\n[Game \"skat\"]\n[Rules \"isko\"]\n[Sitting \"Friday\"]\n\n\
//!             sheet columns Ann Bob Cy\n  1. Ann won grand 48 = Ann 48\n";
//! let mut book = check::sheets::Book::default();
//! for parsed in check::records_in(text.as_bytes(), None).unwrap() {
//!     book.add_record(parsed);
//! }
//! let scored = book.score(Scoring::Plain);
//! assert_eq!(scored.list.sheets.len(), 1);
//! assert_eq!(scored.list.ranking[0].name, "Ann");
//! assert_eq!(scored.list.ranking[0].score, 48);
//! ```

use std::collections::HashMap;

use engine::skat::GameResult;
use engine::skat::sheet::{self, Scoring, SheetList, series::SeriesGame};
use notation::{Diagnostic, Parsed, Record};

/// Records gathered for scoring, in the order they came.
#[derive(Default)]
pub struct Book {
    records: Vec<Parsed>,
    series: Vec<(String, Vec<SeriesGame>)>,
    index: HashMap<String, usize>,
    unseries: u64,
}

/// What became of one record added with [`Book::add_record`].
pub struct Entry {
    /// The record as read.
    pub parsed: Parsed,
    /// What reading it found, then what checking its sheet found.
    pub diagnostics: Vec<Diagnostic>,
    /// A sheet of a game or profile that has no sheet scoring: left out of the list.
    pub left_out: bool,
}

/// The scored sheets and what was found on the way.
pub struct Scored {
    /// The sheets (the sheet records first, in order, then the series) and the ranking.
    pub list: SheetList,
    /// Every record added with [`Book::add_record`], in order.
    pub entries: Vec<Entry>,
    /// Games of no series, or without players or a result: left out.
    pub unseries: u64,
}

impl Book {
    /// Adds a stich record: a sheet is scored; a Skat game that names its series joins that
    /// series' sheet (replayed for its result, so only a game that replays counts).
    pub fn add_record(&mut self, parsed: Parsed) {
        if let Some(record) = &parsed.record
            && record.sheet.is_none()
            && let Some(id) = record.tag("Series").filter(|s| !s.is_empty())
        {
            let id = id.to_string();
            let seats = ["F", "M", "R"].map(|s| record.tag(s).map(str::to_string));
            let result = skat_result(record);
            self.add_game(Some(id), seats, result);
        }
        self.records.push(parsed);
    }

    /// Adds a game of a series by what is known of it (an ISS record read on the quick
    /// path): a game without a series, three players or a result is counted as left out.
    pub fn add_game(
        &mut self,
        series: Option<String>,
        seats: [Option<String>; 3],
        result: Option<GameResult>,
    ) {
        let (Some(id), Some(result), [Some(f), Some(m), Some(r)]) = (series, result, seats) else {
            self.unseries += 1;
            return;
        };
        let game = SeriesGame {
            seats: [f, m, r],
            result,
        };
        match self.index.get(&id) {
            Some(&i) => {
                if let Some((_, games)) = self.series.get_mut(i) {
                    games.push(game);
                }
            }
            None => {
                self.index.insert(id.clone(), self.series.len());
                self.series.push((id, vec![game]));
            }
        }
    }

    /// Scores every sheet under `scoring` and ranks the players across them.
    pub fn score(self, scoring: Scoring) -> Scored {
        let mut sheets = Vec::new();
        let hands: Vec<&Record> = self.records.iter().filter_map(|p| p.record.as_ref()).collect();
        let mut found: Vec<(Vec<Diagnostic>, bool)> = Vec::with_capacity(self.records.len());
        for p in &self.records {
            let mut diagnostics = p.diagnostics.clone();
            let mut left_out = false;
            if let Some(record) = &p.record
                && record.sheet.is_some()
            {
                match (skat_profile(record), bezique_profile(record)) {
                    (Some(profile), _) => {
                        let (scored, more) = sheet::check_with_hands(record, profile, &hands, scoring);
                        diagnostics.extend(more);
                        sheets.extend(scored);
                    }
                    // A Chouette Bezique sitting: each game paid when played, so the sheet
                    // has one scoring whatever `scoring` asks.
                    (None, Some(profile)) => {
                        let (scored, more) =
                            engine::bezique::chouette::check_with_hands(record, profile, &hands);
                        diagnostics.extend(more);
                        left_out = scored.is_none();
                        sheets.extend(scored);
                    }
                    (None, None) => left_out = true,
                }
            }
            found.push((diagnostics, left_out));
        }
        for (id, games) in &self.series {
            sheets.push(sheet::series::series(id, games, scoring));
        }
        let ranking = sheet::ranking(&sheets);
        let entries = self
            .records
            .into_iter()
            .zip(found)
            .map(|(parsed, (diagnostics, left_out))| Entry {
                parsed,
                diagnostics,
                left_out,
            })
            .collect();
        Scored {
            list: SheetList { sheets, ranking },
            entries,
            unseries: self.unseries,
        }
    }
}

/// The Skat profile a record is played under: `None` for another game or an unknown profile.
fn skat_profile(record: &Record) -> Option<&'static engine::skat::Profile> {
    let is_skat = record.tag("Game").is_none_or(|t| t.eq_ignore_ascii_case("skat"));
    is_skat
        .then(|| engine::skat::rules::by_name(record.tag("Rules").unwrap_or("isko")))
        .flatten()
}

/// The Bezique profile a sheet record is played under: `None` for another game or an
/// unknown profile.
fn bezique_profile(record: &Record) -> Option<&'static engine::bezique::rules::Profile> {
    record
        .tag("Game")
        .is_some_and(|t| t.eq_ignore_ascii_case("bezique"))
        .then(|| engine::bezique::rules::by_name(record.tag("Rules").unwrap_or("uspc-two-hand")))
        .flatten()
}

/// The replayed Skat result of a record, when it is a Skat game that replays to one.
fn skat_result(record: &Record) -> Option<GameResult> {
    skat_profile(record).map(|profile| engine::skat::check(record, profile).0.result)
}
