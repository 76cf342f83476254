//! The book layout of `stich show` for a Pinochle deal: the hands, the auction and the trump,
//! the melds with their values, the trick table with the winner, the counters, the draws and
//! the running count of each side, and the score.

use std::fmt::Write;

use cards::{Card, Display};

use crate::pinochle::Replay;

fn cards(display: Display, cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|&c| display.card(c)).collect();
    v.join(" ")
}

/// The side a seat label counts for.
pub(crate) fn side_of(replay: &Replay, seat: &str) -> String {
    if replay.sides.iter().any(|s| s == seat) {
        return seat.to_string();
    }
    // A partnership's label is its seats' letters (`NS`, `ACE`, `BDFH`).
    if let Some(side) = replay.sides.iter().find(|s| s.contains(seat)) {
        return side.clone();
    }
    match seat {
        "N" | "S" => "NS".to_string(),
        _ => "EW".to_string(),
    }
}

/// The body of `stich show` for a replayed deal.
pub fn body(replay: &Replay, display: Display) -> String {
    let mut s = String::new();
    let _ = writeln!(s);
    let dealer = replay.dealer.as_deref().unwrap_or("?");
    let _ = writeln!(s, "Hands as dealt (dealer {dealer}):");
    for (label, hand) in replay.seats.iter().zip(&replay.hands) {
        let _ = writeln!(s, "  {label:<2} {}", cards(display, hand));
    }
    if let Some(t) = replay.turned {
        let _ = writeln!(s, "  turned for trump: {}", display.card(t));
    }
    if !replay.stock.is_empty() {
        let _ = writeln!(s, "  stock, top first: {}", cards(display, &replay.stock));
    }
    if !replay.auction.is_empty() {
        let calls: Vec<String> = replay
            .auction
            .iter()
            .map(|(seat, bid)| match bid {
                Some(n) => format!("{seat} {n}"),
                None => format!("{seat} pass"),
            })
            .collect();
        let _ = writeln!(s, "\nAuction: {}", calls.join(", "));
        if let Some(c) = &replay.contract {
            let _ = writeln!(s, "Contract: {} bids {}", c.bidder, c.bid);
        }
    }
    if let Some(t) = &replay.trump {
        let _ = writeln!(s, "Trump: {t}");
    }
    if !replay.melds.is_empty() {
        let _ = writeln!(s, "\nMelds:");
        for seat in &replay.melds {
            let _ = writeln!(s, "  {:<2} {:>5}", seat.seat, seat.total);
            for m in &seat.melds {
                let _ = writeln!(
                    s,
                    "       {:>5}  {:<16} {}",
                    m.value,
                    m.kind.word(),
                    cards(display, &m.cards)
                );
            }
        }
    }
    if !replay.tricks.is_empty() {
        let _ = writeln!(s, "\nTricks:");
        let mut running: Vec<(String, u32)> = replay.sides.iter().map(|l| (l.clone(), 0)).collect();
        let header: Vec<String> = running.iter().map(|(l, _)| format!("{l:>4}")).collect();
        let _ = writeln!(
            s,
            "  {:>2}  {:<2}  {:<24} {:<3} {:>3}  {}  draws",
            "#",
            "ld",
            "cards",
            "won",
            "pts",
            header.join(" ")
        );
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
                "  {:>2}  {:<2}  {:<24} {:<3} {:>3}  {}  {}",
                i + 1,
                t.leader,
                cards(display, &t.cards),
                t.winner,
                t.points,
                counts.join(" "),
                draws.join(", ")
            );
            for m in replay.play_melds.iter().filter(|m| m.after_trick == i + 1) {
                let _ = writeln!(
                    s,
                    "        {} melds {} {} = {}",
                    m.seat,
                    m.kind.word(),
                    cards(display, &m.cards),
                    m.value
                );
            }
        }
    }
    let r = &replay.result;
    let _ = writeln!(s);
    if r.thrown_in {
        let _ = writeln!(s, "Thrown in: all passed.");
        return s;
    }
    if !r.complete {
        let _ = writeln!(s, "The play is not complete; the figures below are so far.");
    }
    let _ = writeln!(
        s,
        "  {:<4} {:>5} {:>8} {:>7} {:>6} {:>6}",
        "side", "meld", "counters", "counted", "score", "total"
    );
    for side in &r.sides {
        let total = side.total.map_or("-".to_string(), |t| t.to_string());
        let meld = if side.took_trick || replay.sides.len() == replay.seats.len() {
            side.meld.to_string()
        } else {
            format!("({})", side.meld)
        };
        let _ = writeln!(
            s,
            "  {:<4} {:>5} {:>8} {:>7} {:>6} {:>6}",
            side.side, meld, side.counters, side.counted, side.score, total
        );
    }
    if let Some(m) = r.made {
        let _ = writeln!(s, "Contract {}.", if m { "made" } else { "set" });
    }
    if let Some(st) = &r.settlement {
        let chips: Vec<String> = st.chips.iter().map(|(l, n)| format!("{l} {n:+}")).collect();
        let _ = writeln!(
            s,
            "Settlement ({}, {} units): {}.",
            st.ending.word(),
            st.units,
            chips.join(", ")
        );
    }
    if let Some(d) = &r.declared_out {
        let points = d.points.map_or("?".to_string(), |p| p.to_string());
        let outcome = match d.won {
            Some(true) => "reaches it and wins the game",
            Some(false) => "falls short and loses the game",
            None => "without the standing, undecided",
        };
        let _ = writeln!(
            s,
            "{} declared out, counted after trick {}: {points} of {}; {outcome}.",
            d.seat, d.after_trick, d.target
        );
    }
    if let Some(w) = &r.game_won_by {
        let target = r.declared_out.as_ref().map_or(r.target, |d| d.target);
        let _ = writeln!(s, "Game ({target}) won by {w}.");
    }
    s
}
