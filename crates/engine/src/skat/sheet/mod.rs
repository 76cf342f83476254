//! Score sheets: a sitting or a tournament list as one row per deal, scored plainly or the
//! tournament way (Seeger-Fabian), with running and final totals, the dealer of each deal
//! and the settlement of the finished sheet.
//!
//! The model here ([`Entry`], [`Table`]) is the sheet without its notation: `read` builds it
//! from a record's `sheet` section, the ISS reader of the command line from a server series.
//! [`score`] computes every figure; `check` compares what a record claims with them.
//! spec/rules/skat-sheets.md gives each rule with its seed passage.

mod card;
mod check;
pub mod house;
mod read;
pub mod series;
pub mod settle;

use serde::Serialize;

use crate::skat::model::GameType;

pub use card::score_card;
pub use check::{ReadSheet, check, check_with_hands, sheet_of, value_possible};
pub use read::RowClaims;

/// How a sheet's rows are turned into points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// The game's score as the rules give it: `+value` won, `−factor × value` lost.
    #[default]
    Plain,
    /// Tournament scoring: a won game the score + 50, a lost game the score − 50, and each
    /// other player at the table +40 (three at the table) or +30 (four or five) when the
    /// declarer loses.
    SeegerFabian,
}

impl Scoring {
    /// The scoring from its name (`plain`, `seeger-fabian`, also `sf`).
    pub fn from_name(name: &str) -> Option<Scoring> {
        match name.to_ascii_lowercase().as_str() {
            "plain" => Some(Scoring::Plain),
            "seeger-fabian" | "seegerfabian" | "sf" | "tournament" => Some(Scoring::SeegerFabian),
            _ => None,
        }
    }

    /// The canonical name.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Plain => "plain",
            Scoring::SeegerFabian => "seeger-fabian",
        }
    }
}

/// What one deal of a sheet was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A declared game: the declarer (a player index), won or lost, and the score the rules
    /// give it (plain, before the sheet's Bock doubling).
    Game {
        /// The declarer, as an index into the table's players.
        declarer: usize,
        /// The declarer won.
        won: bool,
        /// The game, when the sheet names it.
        game: Option<GameType>,
        /// The game value.
        value: u32,
        /// The plain score of the game (Kontra and Re included, Bock not).
        score: i64,
    },
    /// All passed, no game: nothing is entered.
    Passed,
    /// A Ramsch: the score of each player charged or credited (plain, before Bock).
    Ramsch(Vec<(usize, i64)>),
    /// A penalty game of a server record: listed, left out of the totals.
    Penalty,
    /// A row that only links its hand's record, when that record is not at hand: nothing
    /// is known of it, and nothing is entered.
    Unknown,
}

/// One deal of a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The deal's number in the sitting.
    pub number: u32,
    /// The dealer, as an index into the players, when known.
    pub dealer: Option<usize>,
    /// What the deal was.
    pub kind: EntryKind,
    /// The deal counts double (a Bock round; a property of the sheet, not of the deal).
    pub bock: bool,
}

/// The players of a sheet, in seating order: the deal passes to the next one (to the left).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The players' names (the sheet's columns), clockwise.
    pub players: Vec<String>,
}

impl Table {
    /// The players who receive cards when `dealer` deals: with three at the table everyone
    /// (forehand, middlehand, rearhand = the dealer); with four the dealer takes none; with
    /// five the first, second and fourth player on the dealer's left (seed 000, Skat, §The
    /// Shuffle, Cut, and Deal; seed 001, Skat, §Players and Laws 14). Forehand first.
    pub fn active(&self, dealer: usize) -> Vec<usize> {
        let n = self.players.len();
        if n == 0 {
            return Vec::new();
        }
        let at = |k: usize| (dealer + k) % n;
        match n {
            3 => vec![at(1), at(2), at(0)],
            4 => vec![at(1), at(2), at(3)],
            5 => vec![at(1), at(2), at(4)],
            _ => (1..=n).map(at).collect(),
        }
    }
}

/// One player's line of a scored sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PlayerLine {
    /// The player's name.
    pub name: String,
    /// The final total under the sheet's scoring.
    pub score: i64,
    /// Games the player won as declarer.
    pub won: u32,
    /// Games the player lost as declarer.
    pub lost: u32,
    /// Place in the sheet, 1 the highest total; equal totals share a place.
    pub rank: u32,
}

/// One scored row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ScoredRow {
    /// The deal's number.
    pub number: u32,
    /// What the deal was: `game`, `passed`, `ramsch`, `penalty`, or `unknown` (a link to a
    /// hand's record that is not in the input); `chouette` for a game of a Chouette Bezique
    /// sitting, whose `declarer` is the player in the box.
    pub kind: String,
    /// The dealer's name, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<String>,
    /// The declarer's name (games only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer: Option<String>,
    /// The game (`clubs` … `null`), when named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The declarer won (games only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub won: Option<bool>,
    /// The game value (games only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// The levels and doublings the row names (`hand`, `schneider`, `schwarz`, `ouvert`,
    /// `kontra`, `re`; a Ramsch's `jungfrau`, `durchmarsch`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<String>,
    /// The deal counts double (Bock).
    pub bock: bool,
    /// What the deal gives each player under the sheet's scoring, in the players' order.
    pub points: Vec<i64>,
    /// The running totals after the deal, in the players' order.
    pub totals: Vec<i64>,
    /// The findings at this row.
    pub findings: Vec<RowFinding>,
    /// The captain, who played against the declarer in the box (a Chouette Bezique row,
    /// spec/rules/bezique.md §3f).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captain: Option<String>,
}

/// A finding attached to a row of a sheet, or to the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct RowFinding {
    /// The stable code (spec/errors.md).
    pub code: String,
    /// `error`, `warning` or `note`.
    pub severity: String,
    /// What is wrong.
    pub message: String,
    /// The line of the record it is at, when read from text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

/// A scored sheet, as `stich sheet` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ScoredSheet {
    /// The sheet's name: the `Sitting` tag (or `Event`), or an ISS series' `SE` value.
    pub id: String,
    /// The scoring used for `points`, `totals` and the players' scores.
    pub scoring: Scoring,
    /// The players with their totals, in seating order.
    pub players: Vec<PlayerLine>,
    /// The rows in order.
    pub rows: Vec<ScoredRow>,
    /// What each player wins or pays when the sheet is settled, in the players' order.
    pub settlement: Settlement,
    /// Findings about the sheet as a whole (final totals, settlement, the table).
    pub findings: Vec<RowFinding>,
    /// Remarks on how the sheet was read (penalty games left out, and the like).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The settlement of a scored sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Settlement {
    /// The method (the `Options` tag's `settle`; pairs by default).
    pub method: settle::Method,
    /// Each player's amount, in the players' order.
    pub amounts: Vec<i64>,
    /// The amounts are exact (an average that is not a whole number is rounded).
    pub exact: bool,
}

/// What `stich sheet --format json` writes: every sheet, and the ranking across them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct SheetList {
    /// The sheets in input order.
    pub sheets: Vec<ScoredSheet>,
    /// Every player of every sheet, totals added up by name, highest first (the ranking
    /// across the tables of a tournament).
    pub ranking: Vec<PlayerLine>,
}

/// The points each player gets from one entry under `scoring`, Bock included.
pub fn entry_points(entry: &Entry, players: usize, scoring: Scoring) -> Vec<i64> {
    let mut p = vec![0i64; players];
    let factor = if entry.bock { 2 } else { 1 };
    match &entry.kind {
        EntryKind::Game {
            declarer, won, score, ..
        } => {
            let plain = score * factor;
            let Some(slot) = p.get_mut(*declarer) else {
                return p;
            };
            match scoring {
                Scoring::Plain => *slot = plain,
                Scoring::SeegerFabian => {
                    *slot = if *won { plain + 50 } else { plain - 50 };
                    if !won {
                        let bonus = if players == 3 { 40 } else { 30 };
                        for (i, q) in p.iter_mut().enumerate() {
                            if i != *declarer {
                                *q = bonus;
                            }
                        }
                    }
                }
            }
        }
        EntryKind::Ramsch(scores) => {
            for &(i, s) in scores {
                if let Some(q) = p.get_mut(i) {
                    *q += s * factor;
                }
            }
        }
        EntryKind::Passed | EntryKind::Penalty | EntryKind::Unknown => {}
    }
    p
}

/// Scores entries: each row's points and running totals, and each player's line.
pub fn score(id: &str, table: &Table, entries: &[Entry], scoring: Scoring) -> ScoredSheet {
    score_from(id, table, entries, scoring, &[])
}

/// Scores entries from opening totals (a sheet carried over, the `Standing` tag; missing
/// players start at 0).
pub fn score_from(
    id: &str,
    table: &Table,
    entries: &[Entry],
    scoring: Scoring,
    opening: &[i64],
) -> ScoredSheet {
    let n = table.players.len();
    let mut totals: Vec<i64> = (0..n).map(|i| opening.get(i).copied().unwrap_or(0)).collect();
    let mut won = vec![0u32; n];
    let mut lost = vec![0u32; n];
    let mut rows = Vec::with_capacity(entries.len());
    let name = |i: usize| table.players.get(i).cloned();
    for e in entries {
        let points = entry_points(e, n, scoring);
        for (t, p) in totals.iter_mut().zip(&points) {
            *t += p;
        }
        let mut row = ScoredRow {
            number: e.number,
            kind: String::new(),
            dealer: e.dealer.and_then(name),
            declarer: None,
            game: None,
            won: None,
            value: None,
            levels: Vec::new(),
            bock: e.bock,
            points,
            totals: totals.clone(),
            findings: Vec::new(),
            captain: None,
        };
        row.kind = match &e.kind {
            EntryKind::Game {
                declarer,
                won: w,
                game,
                value,
                ..
            } => {
                row.declarer = name(*declarer);
                row.game = game.map(|g| g.word().to_string());
                row.won = Some(*w);
                row.value = Some(*value);
                let count = if *w { &mut won } else { &mut lost };
                if let Some(c) = count.get_mut(*declarer) {
                    *c += 1;
                }
                "game"
            }
            EntryKind::Passed => "passed",
            EntryKind::Ramsch(_) => "ramsch",
            EntryKind::Penalty => "penalty",
            EntryKind::Unknown => "unknown",
        }
        .to_string();
        rows.push(row);
    }
    let mut players: Vec<PlayerLine> = (0..n)
        .map(|i| PlayerLine {
            name: table.players.get(i).cloned().unwrap_or_default(),
            score: totals.get(i).copied().unwrap_or(0),
            won: won.get(i).copied().unwrap_or(0),
            lost: lost.get(i).copied().unwrap_or(0),
            rank: 0,
        })
        .collect();
    rank(&mut players);
    let (amounts, exact) = settle::settle(settle::Method::Pairs, &totals);
    ScoredSheet {
        id: id.to_string(),
        scoring,
        players,
        rows,
        settlement: Settlement {
            method: settle::Method::Pairs,
            amounts,
            exact,
        },
        findings: Vec::new(),
        notes: Vec::new(),
    }
}

/// Gives each line its place: 1 for the highest score, equal scores the same place.
pub fn rank(players: &mut [PlayerLine]) {
    let scores: Vec<i64> = players.iter().map(|p| p.score).collect();
    for p in players.iter_mut() {
        let above = scores.iter().filter(|&&s| s > p.score).count();
        p.rank = u32::try_from(above).unwrap_or(u32::MAX).saturating_add(1);
    }
}

/// The ranking across several sheets (tables of a tournament): each name's totals and
/// counts added up over the sheets it appears in, highest first.
pub fn ranking(sheets: &[ScoredSheet]) -> Vec<PlayerLine> {
    let mut lines: Vec<PlayerLine> = Vec::new();
    for s in sheets {
        for p in &s.players {
            match lines.iter_mut().find(|l| l.name == p.name) {
                Some(l) => {
                    l.score += p.score;
                    l.won += p.won;
                    l.lost += p.lost;
                }
                None => lines.push(PlayerLine { rank: 0, ..p.clone() }),
            }
        }
    }
    rank(&mut lines);
    lines.sort_by(|a, b| a.rank.cmp(&b.rank).then_with(|| a.name.cmp(&b.name)));
    lines
}

#[cfg(test)]
mod tests;
