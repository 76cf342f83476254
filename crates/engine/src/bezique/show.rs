//! The book layout of `stich show` for a Bezique deal: the hands, the turned card and the
//! stock, the trick table with the declarations after each trick, the draws and each
//! player's running brisques, and the points.

use std::fmt::Write;

use cards::{Card, Display};

use crate::bezique::Replay;

fn cards(display: Display, cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|&c| display.card(c)).collect();
    v.join(" ")
}

/// The body of `stich show` for a replayed deal.
pub fn body(replay: &Replay, display: Display) -> String {
    let mut s = String::new();
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "Hands as dealt (dealer {}):",
        replay.dealer.as_deref().unwrap_or("?")
    );
    for (label, hand) in replay.seats.iter().zip(&replay.hands) {
        let _ = writeln!(s, "  {label:<2} {}", cards(display, hand));
    }
    if let Some(t) = replay.turned {
        let _ = writeln!(s, "  turned for trump: {}", display.card(t));
    }
    if !replay.stock.is_empty() {
        let _ = writeln!(s, "  stock, top first: {}", cards(display, &replay.stock));
    }
    match (&replay.trump, replay.turned) {
        (Some(t), Some(_)) => {
            let _ = writeln!(s, "Trump: {t}");
        }
        (Some(t), None) => {
            let _ = writeln!(s, "Trump: {t}, made by the first marriage");
        }
        (None, _) => {
            let _ = writeln!(s, "Trump: none (no marriage was declared)");
        }
    }
    if !replay.tricks.is_empty() {
        let _ = writeln!(s, "\nTricks:");
        let mut running: Vec<(String, u32)> = replay.seats.iter().map(|l| (l.clone(), 0)).collect();
        let header: Vec<String> = running.iter().map(|(l, _)| format!("{l:>4}")).collect();
        let _ = writeln!(
            s,
            "  {:>2}  {:<2}  {:<8} {:<3} {:>3}  {}  draws",
            "#",
            "ld",
            "cards",
            "won",
            "pts",
            header.join(" ")
        );
        for (i, t) in replay.tricks.iter().enumerate() {
            if let Some(r) = running.iter_mut().find(|(l, _)| *l == t.winner) {
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
                "  {:>2}  {:<2}  {:<8} {:<3} {:>3}  {}  {}",
                i + 1,
                t.leader,
                cards(display, &t.cards),
                t.winner,
                t.points,
                counts.join(" "),
                draws.join(", ")
            );
            if i == 0 {
                // A carte blanche is shown before the first lead; Six-Pack's cut and guess
                // (000:603), which show no cards, are made before the deal.
                for d in replay.declarations.iter().filter(|d| d.after_trick == 0) {
                    if d.cards.is_empty() {
                        let _ = writeln!(s, "        {} {} = {}, before the deal", d.seat, d.kind, d.value);
                        continue;
                    }
                    let _ = writeln!(
                        s,
                        "        {} shows {} {} = {}",
                        d.seat,
                        d.kind,
                        cards(display, &d.cards),
                        d.value
                    );
                }
            }
            for y in replay.yields.iter().filter(|y| y.after_trick == i + 1) {
                let _ = writeln!(s, "        {} yields the declaration to {}", y.seat, y.to);
            }
            for d in replay.declarations.iter().filter(|d| d.after_trick == i + 1) {
                // The partnership game: which cards came from the partner's table.
                let partner = if d.from_partner.is_empty() {
                    String::new()
                } else {
                    format!(" ({} from the partner's table)", cards(display, &d.from_partner))
                };
                // A pending declaration (000:683–686) is scored at a later turn than the
                // one it was announced at.
                let verb = if d.pending {
                    "scores the pending"
                } else {
                    "declares"
                };
                let _ = writeln!(
                    s,
                    "        {} {verb} {} {} = {}{partner}",
                    d.seat,
                    d.kind,
                    cards(display, &d.cards),
                    d.value
                );
            }
            for a in replay.announcements.iter().filter(|a| a.after_trick == i + 1) {
                let partner = if a.from_partner.is_empty() {
                    String::new()
                } else {
                    format!(", {} from the partner's table", cards(display, &a.from_partner))
                };
                let _ = writeln!(
                    s,
                    "        {} announces {} {} ({}, to be scored at a later turn{partner})",
                    a.seat,
                    a.kind,
                    cards(display, &a.cards),
                    a.value
                );
            }
            for x in replay.exchanges.iter().filter(|x| x.after_trick == i + 1) {
                let _ = writeln!(
                    s,
                    "        {} exchanges {} for {}",
                    x.seat,
                    display.card(x.gave),
                    display.card(x.took)
                );
            }
        }
    }
    let r = &replay.result;
    let _ = writeln!(s);
    if !r.complete {
        let _ = writeln!(s, "The play is not complete; the figures below are so far.");
    }
    let _ = writeln!(
        s,
        "  {:<4} {:>12} {:>8} {:>5} {:>6} {:>6}",
        "", "declarations", "brisques", "last", "points", "total"
    );
    for side in &r.sides {
        let total = side.total.map_or("-".to_string(), |t| t.to_string());
        let _ = writeln!(
            s,
            "  {:<4} {:>12} {:>8} {:>5} {:>6} {:>6}",
            side.side, side.declarations, side.brisques, side.last_trick, side.points, total
        );
    }
    if r.sides.iter().any(|x| x.game.is_some()) {
        let games: Vec<String> = r
            .sides
            .iter()
            .map(|x| format!("{} {}", x.side, x.game.unwrap_or(0)))
            .collect();
        let rubicon = if r.rubicon { ", a rubicon" } else { "" };
        let brisques = if r.brisques_to_settle {
            " (the brisques counted)"
        } else {
            ""
        };
        match &r.game_won_by {
            Some(w) => {
                let _ = writeln!(
                    s,
                    "The deal is a game, won by {w}{rubicon}{brisques}: {}.",
                    games.join(", ")
                );
            }
            None => {
                let _ = writeln!(s, "The deal is a game, tied{brisques}: {}.", games.join(", "));
            }
        }
    } else if let Some(w) = &r.game_won_by {
        let _ = writeln!(s, "Game ({}) won by {w}.", r.target);
    }
    s
}
