//! `stich show` for a Ristikontra deal: the hands, then a table of tricks with the leader,
//! the cards (a card played in the dark marked `*`), the winner, the points, the draws and the
//! running points of each side, and the outcome.

use std::fmt::Write;

use cards::{Card, Display};

use crate::ristikontra::Replay;

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
    let _ = writeln!(s, "\nTricks (* played in the dark):");
    let _ = writeln!(
        s,
        "  {:>2}  {:<4} {:<22} {:<4} {:>3}  {:>4} {:>4}  draws",
        "#", "lead", "cards", "won", "pts", "NS", "EW"
    );
    let mut run = [0u32; 2];
    for (i, t) in replay.tricks.iter().enumerate() {
        let played: Vec<String> = t
            .cards
            .iter()
            .zip(&t.dark)
            .map(|(&c, &d)| format!("{}{}", display.card(c), if d { "*" } else { "" }))
            .collect();
        let side = usize::from(matches!(t.winner.as_str(), "E" | "W"));
        if let Some(r) = run.get_mut(side) {
            *r += t.points;
        }
        let mut draws: Vec<String> = t
            .draws
            .iter()
            .map(|(seat, c)| format!("{seat} {}", display.card(*c)))
            .collect();
        if let Some(c) = t.spiced {
            draws.push(format!("spiced with {}", display.card(c)));
        }
        let line = format!(
            "  {:>2}  {:<4} {:<22} {:<4} {:>3}  {:>4} {:>4}  {}",
            i + 1,
            t.leader,
            played.join(" "),
            t.winner,
            t.points,
            run[0],
            run[1],
            draws.join(", ")
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let r = &replay.result;
    let _ = writeln!(s);
    for side in &r.sides {
        let _ = writeln!(
            s,
            "{}: {} points in {} tricks{}",
            side.side,
            side.points,
            side.tricks,
            if side.dishonoured {
                ", failed to clean: loses dishonourably"
            } else {
                ""
            }
        );
    }
    let _ = match (&r.outcome, r.complete) {
        (Some(w), _) => writeln!(s, "{w} wins{}", if r.double { " double" } else { "" }),
        (None, true) => writeln!(s, "No side wins"),
        (None, false) => writeln!(s, "The record stops before the last trick"),
    };
    s
}
