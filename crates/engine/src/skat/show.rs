//! Skat as the books print it: the hands and the skat, the auction, the declaration, the
//! trick table with the winning card marked and points and running totals per trick, and the
//! result line.

use std::fmt::Write;

use cards::Display;

use crate::skat::{self, Call, Seat};

/// The body of `stich show` for a Skat replay.
pub fn body(r: &skat::Replay, display: Display) -> String {
    let mut s = String::new();
    skat_body(&mut s, r, display);
    s
}

/// The game declared and its levels, as the show and the view word them: `clubs`, `hand`,
/// `schneider announced`; uno, duo and revolution with the game they are played as.
pub(crate) fn declaration_words(r: &skat::Replay, c: &skat::Contract) -> Vec<String> {
    // Uno, duo and revolution are played as a grand or a Null at a fixed value.
    let game = r.extra_game.map_or_else(
        || c.game.word().to_string(),
        |x| format!("{} (a {})", x.word(), c.game.word()),
    );
    let mut words = vec![game];
    for (on, w) in [
        (c.hand, "hand"),
        (c.schneider_announced, "schneider announced"),
        (c.schwarz_announced, "schwarz announced"),
        (c.ouvert, "ouvert"),
    ] {
        if on {
            words.push(w.to_string());
        }
    }
    words
}

fn seat_name(r: &skat::Replay, seat: Seat) -> String {
    match r.players.get(seat.index()).and_then(|n| n.as_deref()) {
        Some(name) => format!("{seat} ({name})"),
        None => seat.to_string(),
    }
}

fn card_list(cards: &[cards::Card], display: Display) -> String {
    let words: Vec<String> = cards.iter().map(|c| display.card(*c)).collect();
    if words.is_empty() {
        "—".to_string()
    } else {
        words.join(" ")
    }
}

fn skat_body(s: &mut String, r: &skat::Replay, display: Display) {
    let _ = writeln!(s, "\nHands");
    for hand in &r.deal.hands {
        let mark = if hand.inferred {
            "  (inferred from the play)"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  {:<12} {}{mark}",
            seat_name(r, hand.seat),
            card_list(&hand.cards, display)
        );
    }
    let mark = if r.deal.skat_inferred { "  (inferred)" } else { "" };
    let _ = writeln!(s, "  {:<12} {}{mark}", "skat", card_list(&r.deal.skat, display));

    if !r.auction.is_empty() {
        let calls: Vec<String> = r
            .auction
            .iter()
            .map(|c| match c.call {
                Call::Bid(n) => format!("{} {n}", c.seat),
                Call::Hold => format!("{} yes", c.seat),
                Call::Pass => format!("{} pass", c.seat),
            })
            .collect();
        let _ = writeln!(s, "\nAuction: {}", calls.join(", "));
    }
    if let Some(d) = &r.declaration {
        let words = declaration_words(r, &d.contract);
        let _ = writeln!(
            s,
            "Declaration: {} plays {}",
            seat_name(r, d.declarer),
            words.join(", ")
        );
    }
    if let Some(x) = &r.exchange
        && x.pickup
    {
        let _ = writeln!(
            s,
            "Exchange: takes the skat, lays away {}",
            card_list(&x.discard, display)
        );
    }
    if !r.tricks.is_empty() {
        trick_table(s, r, display);
    }
    result_line(s, r);
}

/// A trick's cards in the columns F M R, the winning card marked with `*`.
fn trick_cells(t: &skat::TrickRecord, display: Display) -> [String; 3] {
    let mut cols: [String; 3] = Default::default();
    for pc in &t.cards {
        let mut cell = display.card(pc.card);
        if Some(pc.seat) == t.winner {
            cell.push('*');
        }
        if let Some(c) = cols.get_mut(pc.seat.index()) {
            *c = cell;
        }
    }
    cols
}

fn trick_table(s: &mut String, r: &skat::Replay, display: Display) {
    if r.result.ramsch.is_some() {
        return ramsch_table(s, r, display);
    }
    let declarer = r.result.declarer;
    let _ = writeln!(
        s,
        "\n{:>5}  {:<4} {:<6}{:<6}{:<6}{:>7}{:>10}{:>11}",
        "trick", "lead", "F", "M", "R", "points", "declarer", "defenders"
    );
    let (mut ours, mut theirs) = (0u32, 0u32);
    for t in &r.tricks {
        let cols = trick_cells(t, display);
        match (t.winner, declarer) {
            (Some(w), Some(d)) if w == d => ours += t.points,
            (Some(_), Some(_)) => theirs += t.points,
            _ => {}
        }
        let _ = writeln!(
            s,
            "{:>5}  {:<4} {:<6}{:<6}{:<6}{:>7}{:>10}{:>11}",
            t.number,
            t.leader.label(),
            cols[0],
            cols[1],
            cols[2],
            t.points,
            ours,
            theirs
        );
    }
    if let Some(sp) = r.result.skat_points {
        // After a pick-up the cards laid away are the skat that counts.
        let counted = match &r.exchange {
            Some(x) if x.pickup && !x.discard.is_empty() => &x.discard,
            _ => &r.deal.skat,
        };
        let _ = writeln!(
            s,
            "{:>5}  skat {:<18}{:>7}{:>10}",
            "",
            card_list(counted, display),
            sp,
            ours + sp
        );
    }
    let _ = writeln!(s, "(* marks the card that won the trick)");
}

/// A Ramsch's tricks with each player's running card points: every player counts for himself.
fn ramsch_table(s: &mut String, r: &skat::Replay, display: Display) {
    let _ = writeln!(
        s,
        "\n{:>5}  {:<4} {:<6}{:<6}{:<6}{:>7}{:>6}{:>6}{:>6}",
        "trick", "lead", "F", "M", "R", "points", "F", "M", "R"
    );
    let mut taken = [0u32; 3];
    for t in &r.tricks {
        let cols = trick_cells(t, display);
        if let Some(p) = t.winner.and_then(|w| taken.get_mut(w.index())) {
            *p += t.points;
        }
        let _ = writeln!(
            s,
            "{:>5}  {:<4} {:<6}{:<6}{:<6}{:>7}{:>6}{:>6}{:>6}",
            t.number,
            t.leader.label(),
            cols[0],
            cols[1],
            cols[2],
            t.points,
            taken[0],
            taken[1],
            taken[2]
        );
    }
    if let (Some(sp), Some(last)) = (r.result.skat_points, r.tricks.last().and_then(|t| t.winner)) {
        let ramsch = r.result.ramsch.as_ref();
        let to = ramsch.and_then(|x| x.skat_to).unwrap_or(last);
        let why = if to == last { "last trick" } else { "most points" };
        // After a passing of the skat it holds the last two cards laid back: the cards no
        // trick holds (the dealt skat when nothing was passed).
        let played = crate::core::CardSet::of(r.tricks.iter().flat_map(|t| t.cards.iter().map(|c| c.card)));
        let left = crate::skat::pack::cards().difference(played);
        let skat: Vec<cards::Card> = if left.len() == 2 {
            left.to_vec()
        } else {
            r.deal.skat.clone()
        };
        let _ = writeln!(
            s,
            "{:>5}  skat {:<18}{:>7}  to {} ({why})",
            "",
            card_list(&skat, display),
            sp,
            to.label()
        );
    }
    let _ = writeln!(s, "(* marks the card that won the trick)");
}

fn ramsch_result(s: &mut String, r: &skat::Replay, x: &skat::RamschResult) {
    let _ = write!(s, "\nResult: Ramsch (all passed);");
    for seat in skat::Seat::ALL {
        let i = seat.index();
        let _ = write!(
            s,
            " {} {} points in {} tricks{}",
            seat_name(r, seat),
            x.points.get(i).copied().unwrap_or(0),
            x.tricks.get(i).copied().unwrap_or(0),
            if i < 2 { "," } else { ";" }
        );
    }
    let names = |seats: &[skat::Seat]| {
        seats
            .iter()
            .map(|&p| seat_name(r, p))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    if x.losers.is_empty() {
        s.push_str(" nobody is charged");
    } else {
        let _ = write!(s, " {} loses", names(&x.losers));
    }
    if let Some(w) = x.winner {
        let _ = write!(s, ", {} scores", seat_name(r, w));
    }
    if let Some(score) = r.result.score {
        let _ = write!(s, " ({score:+})");
    }
    if !x.declined.is_empty() {
        let _ = write!(s, "; declined the skat: {}, each doubling", names(&x.declined));
    }
    s.push('\n');
}

fn result_line(s: &mut String, r: &skat::Replay) {
    let res = &r.result;
    if let Some(x) = &res.ramsch {
        return ramsch_result(s, r, x);
    }
    if res.passed {
        let _ = writeln!(s, "\nResult: passed in");
        return;
    }
    let _ = write!(s, "\nResult:");
    if let Some(d) = res.declarer {
        let _ = write!(s, " {}", seat_name(r, d));
    }
    match res.won {
        Some(true) => s.push_str(" wins"),
        Some(false) => s.push_str(" loses"),
        None => s.push_str(" (outcome not determined)"),
    }
    if let Some(p) = res.declarer_card_points {
        let _ = write!(s, " with {p} card points");
    }
    if let Some(t) = res.declarer_tricks {
        let _ = write!(s, " in {t} trick{}", if t == 1 { "" } else { "s" });
    }
    if let Some(m) = res.matadors {
        let _ = write!(
            s,
            "; {} {}",
            if m >= 0 { "with" } else { "without" },
            m.unsigned_abs()
        );
    }
    if res.overbid == Some(true) {
        s.push_str("; overbid");
    }
    if let Some(v) = res.value {
        let _ = write!(s, "; game value {v}");
    }
    if let Some(sc) = res.score {
        let _ = write!(s, "; score {sc:+}");
    }
    // A penalty game stops where a player timed out or left; the figures above are what the
    // cards played give, and the server scores the penalty by its own rule.
    let penalty = match (res.timed_out, res.left) {
        (Some(p), _) => Some((p, "ran out of time")),
        (None, Some(p)) => Some((p, "left the table")),
        (None, None) => None,
    };
    if let Some((p, what)) = penalty {
        let _ = write!(
            s,
            "\nPenalty game: {} {what}; the figures are the cards' so far, not the penalty",
            seat_name(r, p)
        );
    }
    s.push('\n');
}
