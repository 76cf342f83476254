//! `stich show` for a Frog deal: the table and the hands, the offers, the game and the
//! widow, the tricks with their winner and points, and the settlement.

use std::fmt::Write;

use cards::{Card, Display};

use crate::frog::Replay;

fn cards(display: Display, cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|&c| display.card(c)).collect();
    v.join(" ")
}

/// The body of `stich show` for a replayed deal.
pub fn body(replay: &Replay, display: Display) -> String {
    let mut s = String::new();
    let _ = writeln!(s);
    let _ = writeln!(s, "Table: {}", replay.table.join(" "));
    for (label, hand) in replay.active.iter().zip(&replay.hands) {
        let _ = writeln!(s, "  {label:<2} {}", cards(display, hand));
    }
    let _ = writeln!(s, "  widow: {}", cards(display, &replay.widow));
    let calls: Vec<String> = replay
        .auction
        .iter()
        .map(|(seat, g)| format!("{seat} {}", g.map_or("pass", |g| g.word())))
        .collect();
    let _ = writeln!(s, "\nOffers: {}", calls.join(", "));
    if let (Some(d), Some(g)) = (&replay.declarer, replay.contract) {
        let _ = writeln!(
            s,
            "Game: {} by {d}, trump {}",
            g.word(),
            replay.trump.as_deref().unwrap_or("?")
        );
    }
    if !replay.discard.is_empty() {
        let _ = writeln!(s, "Laid away: {}", cards(display, &replay.discard));
    }
    if !replay.tricks.is_empty() {
        let _ = writeln!(
            s,
            "\n  {:>2}  {:<4} {:<14} {:<4} {:>3}",
            "#", "lead", "cards", "won", "pts"
        );
        for (i, t) in replay.tricks.iter().enumerate() {
            let _ = writeln!(
                s,
                "  {:>2}  {:<4} {:<14} {:<4} {:>3}",
                i + 1,
                t.leader,
                cards(display, &t.cards),
                t.winner,
                t.points
            );
        }
    }
    let r = &replay.result;
    let _ = writeln!(s);
    if r.passed {
        let _ = writeln!(s, "All passed: a new deal");
    } else if r.complete {
        let _ = writeln!(s, "The single player has {} points", r.points);
        let settle: Vec<String> = r.settle.iter().map(|(t, n)| format!("{t} {n:+}")).collect();
        let _ = writeln!(s, "Settlement: {}", settle.join(", "));
    } else {
        let _ = writeln!(s, "The record stops before the end of the play");
    }
    s
}
