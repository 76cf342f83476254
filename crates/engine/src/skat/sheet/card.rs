//! A sheet printed the way score cards are printed (seed 001, Skat, §Scoring): one column
//! per player, each holding that player's running total after every game entered to his
//! account with its sign, and a line under every third amount of each account (every fourth
//! with four at the table), so that the amounts without a line under them show whose turn
//! it is to deal.

use std::fmt::Write as _;

use super::ScoredSheet;

/// The score card of a scored sheet, then the totals and the settlement.
pub fn score_card(sheet: &ScoredSheet) -> String {
    let n = sheet.players.len();
    // Seed 001, line 207: "If there are four players, a line is drawn under every fourth
    // amount entered in each person's account. If three play, the line is drawn under every
    // third amount." Five are not described; every fifth.
    let every = n.max(1);
    let columns: Vec<Vec<String>> = (0..n)
        .map(|p| {
            let mut lines = Vec::new();
            let mut entered = 0;
            for r in &sheet.rows {
                if r.points.get(p).copied().unwrap_or(0) == 0 {
                    continue;
                }
                let total = r.totals.get(p).copied().unwrap_or(0);
                lines.push(if total > 0 {
                    format!("+{total}")
                } else {
                    total.to_string()
                });
                entered += 1;
                if entered % every == 0 {
                    lines.push(String::new());
                }
            }
            lines
        })
        .collect();
    let width = columns
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .chain(sheet.players.iter().map(|p| p.name.chars().count()))
        .max()
        .unwrap_or(4)
        .max(5);
    let mut s = String::new();
    let _ = writeln!(s, "\nScore card ({} scoring)", sheet.scoring.name());
    let row = |cells: Vec<String>| -> String {
        let line: Vec<String> = cells.iter().map(|c| format!("{c:>width$}")).collect();
        line.join("  ").trim_end().to_string()
    };
    let _ = writeln!(
        s,
        "{}",
        row(sheet.players.iter().map(|p| p.name.clone()).collect())
    );
    let height = columns.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..height {
        let cells = columns
            .iter()
            .map(|c| match c.get(i) {
                // An empty entry is the line drawn under the amount above it.
                Some(x) if x.is_empty() => "-".repeat(width),
                Some(x) => x.clone(),
                None => String::new(),
            })
            .collect();
        let _ = writeln!(s, "{}", row(cells));
    }
    let _ = writeln!(
        s,
        "\nTotals: {}",
        sheet
            .players
            .iter()
            .map(|p| format!("{} {}", p.name, p.score))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        s,
        "Settlement: {}",
        sheet
            .players
            .iter()
            .zip(&sheet.settlement.amounts)
            .map(|(p, a)| format!(
                "{} {}",
                p.name,
                if *a > 0 { format!("+{a}") } else { a.to_string() }
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if let Some(last) = sheet.rows.last().and_then(|r| r.dealer.as_ref()) {
        let _ = writeln!(s, "Deals: {}; the last was dealt by {last}", sheet.rows.len());
    }
    s
}
