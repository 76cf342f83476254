//! A record the way the books print it: the hands, the auction, the trick table with the
//! winning card marked and points and running totals per trick, then the result and the
//! findings.

use std::fmt::Write;

use cards::Display;

use crate::pipeline::Processed;
use crate::render;

/// Renders one checked record. `path` is used for the findings' locations.
pub fn record(p: &Processed, path: &str, cards: Display) -> String {
    let mut s = String::new();
    let tag = |name: &str| {
        p.report
            .header
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    };
    let title = tag("Event").unwrap_or("Record");
    let _ = writeln!(s, "{title}");
    let _ = writeln!(s, "{}", "=".repeat(title.chars().count()));
    for name in ["Source", "Date", "Site"] {
        if let Some(v) = tag(name) {
            let _ = writeln!(s, "{name}: {v}");
        }
    }
    if let (Some(g), Some(r)) = (&p.report.game, &p.report.rules) {
        let _ = writeln!(s, "Game: {g}, rules {r}");
    }
    match &p.report.record {
        Some(replay) => match replay.family().show(replay, cards) {
            Some(body) => s.push_str(&body),
            None => {
                let _ = writeln!(s, "\n(the record cannot be shown)");
            }
        },
        None => match sheet_card(p) {
            Some(card) => s.push_str(&card),
            None => {
                let _ = writeln!(s, "\n(the record could not be replayed)");
            }
        },
    }
    let _ = writeln!(s, "\nVerdict: {}", p.report.verdict.word());
    s.push_str(&render::diagnostics(
        &p.diagnostics,
        path,
        &p.text,
        p.offset,
        false,
    ));
    s
}

/// A Skat score sheet as a score card, when the record is one.
fn sheet_card(p: &Processed) -> Option<String> {
    if p.report.game.as_deref() != Some("skat") {
        return None;
    }
    // The record's text as read may not carry the version line before it.
    let text = format!("%stich 2\n{}", p.text);
    let record = notation::read_str(&text).into_iter().find_map(|r| r.record)?;
    record.sheet.as_ref()?;
    let profile = engine::skat::rules::by_name(record.tag("Rules").unwrap_or("isko"))?;
    // The card is in the scoring the sheet's own figures are written in.
    let scoring = if record.tag("Options").is_some_and(|o| o.contains("seeger-fabian")) {
        engine::skat::sheet::Scoring::SeegerFabian
    } else {
        engine::skat::sheet::Scoring::Plain
    };
    let (sheet, _) = engine::skat::sheet::check_with_hands(&record, profile, &[], scoring);
    sheet.map(|s| engine::skat::sheet::score_card(&s))
}
