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
        None => {
            let _ = writeln!(s, "\n(the record could not be replayed)");
        }
    }
    let _ = writeln!(s, "\nVerdict: {}", verdict_word(p.report.verdict));
    s.push_str(&render::diagnostics(
        &p.diagnostics,
        path,
        &p.text,
        p.offset,
        false,
    ));
    s
}

fn verdict_word(v: engine::Verdict) -> &'static str {
    match v {
        engine::Verdict::Consistent => "consistent",
        engine::Verdict::Inconsistent => "inconsistent",
        engine::Verdict::Illegal => "illegal",
        engine::Verdict::Incomplete => "incomplete",
        engine::Verdict::Unparsable => "unparsable",
    }
}
