//! A server series as a list: the games of one ISS series (`SE`) in input order, each
//! player by name, as the sheet of the players' scores.
//!
//! Each game names its seats (`P0`–`P2`: forehand, middlehand, rearhand), so the players are
//! found by name and may sit anywhere from game to game. A passed game scores nothing; a
//! penalty game (a player left the table or ran out of time) is listed as such and left out
//! of the totals; every other game is entered at the score the replay gives.

use crate::skat::model::GameResult;

use super::{Entry, EntryKind, ScoredSheet, Scoring, Table, score};

/// One game of a series: the names at forehand, middlehand and rearhand, and its result.
#[derive(Clone, Debug)]
pub struct SeriesGame {
    /// Player names by seat, forehand first.
    pub seats: [String; 3],
    /// The replayed (or verified) result.
    pub result: GameResult,
}

/// The sheet of a series: players in order of first appearance, one row per game.
pub fn series(id: &str, games: &[SeriesGame], scoring: Scoring) -> ScoredSheet {
    let mut players: Vec<String> = Vec::new();
    for g in games {
        for name in &g.seats {
            if !players.contains(name) {
                players.push(name.clone());
            }
        }
    }
    let index = |name: &str| players.iter().position(|p| p == name);
    let mut penalties = 0;
    let entries: Vec<Entry> = games
        .iter()
        .zip(1u32..)
        .map(|(g, number)| {
            let r = &g.result;
            let penalty = r.left.is_some() || r.timed_out.is_some();
            let declarer = r
                .declarer
                .and_then(|s| g.seats.get(s.index()))
                .and_then(|n| index(n));
            let kind = match (penalty, r.passed, declarer, r.won, r.score) {
                (true, ..) => {
                    penalties += 1;
                    EntryKind::Penalty
                }
                (false, true, ..) => EntryKind::Passed,
                (false, false, Some(d), Some(won), Some(score)) => EntryKind::Game {
                    declarer: d,
                    won,
                    game: r.game,
                    value: r.value.unwrap_or(0),
                    score,
                },
                _ => {
                    penalties += 1;
                    EntryKind::Penalty
                }
            };
            Entry {
                number,
                // With three at the table rearhand deals; with more the dealer sits out
                // and the record does not name him.
                dealer: (players.len() == 3).then(|| index(&g.seats[2])).flatten(),
                kind,
                bock: false,
            }
        })
        .collect();
    let table = Table { players };
    let mut sheet = score(id, &table, &entries, scoring);
    for (row, g) in sheet.rows.iter_mut().zip(games) {
        let r = &g.result;
        let flags = [
            (r.hand, "hand"),
            (r.schneider_announced, "schneider"),
            (r.schwarz_announced, "schwarz"),
            (r.ouvert, "ouvert"),
        ];
        row.levels = flags
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, w)| w.to_string())
            .collect();
    }
    if penalties > 0 {
        sheet.notes.push(format!(
            "{penalties} penalty game(s) (a player left or ran out of time, or no score) listed and left out of the totals"
        ));
    }
    sheet
}
