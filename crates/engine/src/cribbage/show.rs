//! `stich show` for a Cribbage deal: the hands, the crib and the starter, then a pegging
//! table, one line a scoring step, with the count, what scored and the running scores.

use std::fmt::Write;

use cards::{Card, Display};

use crate::cribbage::Replay;
use crate::cribbage::model::Step;

fn cards(display: Display, cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|&c| display.card(c)).collect();
    v.join(" ")
}

/// The body of `stich show` for a replayed deal.
pub fn body(replay: &Replay, display: Display) -> String {
    let mut s = String::new();
    let _ = writeln!(s);
    let _ = writeln!(s, "Hands as dealt (dealer {}):", replay.dealer);
    for (label, hand) in replay.seats.iter().zip(&replay.hands) {
        let _ = writeln!(s, "  {label:<2} {}", cards(display, hand));
    }
    if !replay.crib.is_empty() {
        let _ = writeln!(s, "  crib: {}", cards(display, &replay.crib));
    }
    if let Some(st) = replay.starter {
        let _ = writeln!(s, "  starter: {}", display.card(st));
    }
    let standing: Vec<String> = replay
        .sides
        .iter()
        .zip(&replay.standing)
        .map(|(side, n)| format!("{side} {n}"))
        .collect();
    let _ = writeln!(s, "\nPegging (standing {}):", standing.join(", "));
    let mut header = format!("  {:<4} {:<8} {:>5}  {:<34}", "seat", "step", "count", "scores");
    for side in &replay.sides {
        let _ = write!(header, " {side:>4}");
    }
    let _ = writeln!(s, "{}", header.trim_end());
    for e in &replay.entries {
        let step = match &e.step {
            Step::Card(c) => display.card(*c),
            Step::Go => "go".into(),
            Step::Hand => "hand".into(),
            Step::Crib => "crib".into(),
            Step::Heels => "heels".into(),
            Step::Penalty => "penalty".into(),
        };
        let count = e.count.map(|c| c.to_string()).unwrap_or_default();
        // The combinations of a kind summed, as a player counts them: "fifteen 8, pair 2".
        let mut kinds: Vec<(&str, u32)> = Vec::new();
        for (k, v) in &e.items {
            match kinds.iter_mut().find(|(w, _)| w == k) {
                Some(slot) => slot.1 += v,
                None => kinds.push((k, *v)),
            }
        }
        let items: Vec<String> = kinds.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let what = if e.points == 0 {
            String::new()
        } else {
            format!("{} ({}) for {}", e.points, items.join(", "), e.side)
        };
        let mut line = format!("  {:<4} {:<8} {:>5}  {:<34}", e.seat, step, count, what);
        for n in &e.scores {
            let _ = write!(line, " {n:>4}");
        }
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let r = &replay.result;
    let _ = writeln!(s);
    for side in &r.sides {
        let _ = writeln!(
            s,
            "{}: {} this deal, {} in all",
            side.side, side.points, side.total
        );
    }
    match &r.winner {
        Some(w) => {
            let _ = writeln!(
                s,
                "{w} reaches {} and wins{}",
                r.target,
                if r.lurch { ": a lurch, two games" } else { "" }
            );
        }
        None if r.complete => {
            let _ = writeln!(s, "Nobody reaches {} in this deal", r.target);
        }
        None => {
            let _ = writeln!(s, "The record stops before the deal's end");
        }
    }
    s
}
