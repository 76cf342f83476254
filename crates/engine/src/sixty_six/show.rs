//! The book layout of `stich show` for a Sixty-Six deal: the hands, the turned card and the
//! stock, the trick table with the events between tricks (marriages, the nine exchanged,
//! the close, the announcement), the draws and each player's running points, and the game
//! points.

use std::fmt::Write;

use cards::{Card, Display};

use crate::sixty_six::Replay;
use crate::sixty_six::model::Ending;

fn cards(display: Display, cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|&c| display.card(c)).collect();
    v.join(" ")
}

/// The side a seat label counts for.
pub(crate) fn side_of(replay: &Replay, seat: &str) -> String {
    if replay.sides.iter().any(|s| s == seat) {
        return seat.to_string();
    }
    match seat {
        "N" | "S" => "NS".to_string(),
        _ => "EW".to_string(),
    }
}

fn events(s: &mut String, replay: &Replay, display: Display, after: usize) {
    for e in replay.events.iter().filter(|e| e.after_trick == after) {
        let what = match e.what.as_str() {
            "marriage" => format!(
                "shows the marriage {} = {}",
                cards(display, &e.cards),
                e.value.unwrap_or(0)
            ),
            "exchanges" => format!("exchanges {}", cards(display, &e.cards).replacen(' ', " for ", 1)),
            "closes" => "closes the stock".to_string(),
            "out" => format!("announces 66 with {}", e.value.unwrap_or(0)),
            other => other.to_string(),
        };
        let _ = writeln!(s, "        {} {what}", e.seat);
    }
}

/// The body of `stich show` for a replayed deal.
pub fn body(replay: &Replay, display: Display) -> String {
    let mut s = String::new();
    let _ = writeln!(s);
    let dealer = replay.dealer.as_deref().unwrap_or("?");
    let _ = writeln!(s, "Hands as dealt (dealer {dealer}):");
    for (label, hand) in replay.seats.iter().zip(&replay.hands) {
        if hand.is_empty() {
            let _ = writeln!(s, "  {label:<2} (takes no cards)");
        } else {
            let _ = writeln!(s, "  {label:<2} {}", cards(display, hand));
        }
    }
    if let Some(t) = replay.turned {
        let _ = writeln!(s, "  turned for trump: {}", display.card(t));
    }
    if !replay.stock.is_empty() {
        let _ = writeln!(s, "  stock, top first: {}", cards(display, &replay.stock));
    }
    if let Some(t) = &replay.trump {
        let _ = writeln!(s, "Trump: {t}");
    }
    if !replay.tricks.is_empty() || !replay.events.is_empty() {
        let _ = writeln!(s, "\nTricks:");
        // The three-hand dealer takes no tricks, so he has no running count.
        let idle = if replay.seats.len() == 3 {
            replay.dealer.as_deref()
        } else {
            None
        };
        let mut running: Vec<(String, u32)> = replay
            .sides
            .iter()
            .filter(|l| Some(l.as_str()) != idle)
            .map(|l| (l.clone(), 0))
            .collect();
        let header: Vec<String> = running.iter().map(|(l, _)| format!("{l:>4}")).collect();
        let _ = writeln!(
            s,
            "  {:>2}  {:<2}  {:<12} {:<3} {:>3}  {}  draws",
            "#",
            "ld",
            "cards",
            "won",
            "pts",
            header.join(" ")
        );
        events(&mut s, replay, display, 0);
        for (i, t) in replay.tricks.iter().enumerate() {
            let side = side_of(replay, &t.winner);
            if let Some(r) = running.iter_mut().find(|(l, _)| *l == side) {
                r.1 += t.points;
            }
            let counts: Vec<String> = running.iter().map(|(_, n)| format!("{n:>4}")).collect();
            let draws: Vec<String> = t
                .draws
                .iter()
                .map(|(seat, c)| format!("{seat} {}", display.card(*c)))
                .collect();
            let _ = writeln!(
                s,
                "  {:>2}  {:<2}  {:<12} {:<3} {:>3}  {}  {}",
                i + 1,
                t.leader,
                cards(display, &t.cards),
                t.winner,
                t.points,
                counts.join(" "),
                draws.join(", ")
            );
            events(&mut s, replay, display, i + 1);
        }
    }
    let r = &replay.result;
    let _ = writeln!(s);
    if !r.complete {
        let _ = writeln!(s, "The play is not complete; the figures below are so far.");
    }
    let _ = writeln!(
        s,
        "  {:<4} {:>6} {:>9} {:>5} {:>6} {:>6} {:>5} {:>5}",
        "", "cards", "marriages", "last", "points", "tricks", "game", "total"
    );
    for side in &r.sides {
        let total = side.total.map_or("-".to_string(), |t| t.to_string());
        let _ = writeln!(
            s,
            "  {:<4} {:>6} {:>9} {:>5} {:>6} {:>6} {:>5} {:>5}",
            side.side,
            side.card_points,
            side.marriages,
            side.last_trick,
            side.points,
            side.tricks,
            side.game_points,
            total
        );
    }
    let how = match r.ending {
        Ending::Unfinished => "unfinished",
        Ending::PlayedOut => "played out",
        Ending::Closed => "played out after the close",
        Ending::Announced => "ended by an announcement",
    };
    let _ = write!(s, "The deal was {how}");
    if let Some(c) = &r.closed_by {
        let _ = write!(s, "; {c} closed the stock");
    }
    let _ = writeln!(s, ".");
    match (&r.winner, r.reason.as_deref()) {
        (Some(w), Some("failed-close")) => {
            let _ = writeln!(s, "{w} scores: the close failed.");
        }
        (Some(w), Some("false-announcement")) => {
            let _ = writeln!(s, "{w} scores: the announcement was false.");
        }
        (Some(w), Some("no-score")) => {
            let _ = writeln!(s, "Nobody made 66: the dealer {w} scores 1.");
        }
        (Some(w), _) => {
            let _ = writeln!(s, "{w} made 66.");
        }
        (None, _) if r.complete => {
            let _ = writeln!(
                s,
                "Nobody scores; {} game point(s) go to the winner of the next deal.",
                r.carry
            );
        }
        _ => {}
    }
    if let Some(w) = &r.game_won_by {
        let _ = writeln!(s, "Game ({}) won by {w}.", r.target);
    }
    s
}
