//! Cribbage's view for the hand viewer: the seats (and the partnerships of four), the hands
//! with the cards laid out to the crib, the crib and the starter, the pegging card by card with
//! the running count and what each step scores, the count of the hands and the crib, and the
//! scores. Pegging has no tricks: the steps stand alone.

use crate::cribbage::Replay;
use crate::cribbage::model::Step as Said;
use crate::family::Family;
use crate::view::{Builder, StepKind, View, entry, without};

const SCORE: &str = "score";

fn side_of<'a>(r: &'a Replay, seat: &str) -> Option<&'a str> {
    r.sides
        .iter()
        .find(|s| *s == seat)
        .or_else(|| r.sides.iter().find(|s| s.contains(seat)))
        .map(String::as_str)
}

fn items(e: &crate::cribbage::model::Entry) -> String {
    let words: Vec<String> = e.items.iter().map(|(k, v)| format!("{k} {v}")).collect();
    words.join(", ")
}

/// The view of a Cribbage replay.
pub fn view(r: &Replay) -> View {
    let mut b = Builder::new(&crate::cribbage::family::CRIBBAGE as &dyn Family, &r.profile);
    let mut laid = Vec::new();
    for (label, hand) in r.seats.iter().zip(&r.hands) {
        let kept = without(hand, &r.crib);
        let gone = without(hand, &kept);
        if !gone.is_empty() {
            laid.push(entry(Some(label), "lays out to the crib", &gone));
        }
        let s = b.seat(label, side_of(r, label), hand);
        s.hand = kept;
    }
    b.role(&r.dealer, "dealer");
    b.sides(&r.sides, &[SCORE]);
    for (side, n) in r.sides.iter().zip(&r.standing) {
        b.start_at(side, SCORE, i64::from(*n));
    }
    b.pile("crib", &r.crib);
    if let Some(s) = r.starter {
        b.pile("starter", &[s]);
    }
    b.phase("crib", laid);
    for e in &r.entries {
        let scored = if e.points == 0 {
            String::new()
        } else {
            format!("{} ({}) for {}", e.points, items(e), e.side)
        };
        match &e.step {
            Said::Card(c) => {
                b.card(&e.seat, StepKind::Play, *c);
                if !scored.is_empty() {
                    b.text(&scored);
                }
            }
            Said::Go => b.action(Some(&e.seat), StepKind::Call, &join("go", &scored), &[]),
            Said::Heels => b.action(Some(&e.seat), StepKind::Score, &join("his heels", &scored), &[]),
            Said::Penalty => b.action(Some(&e.seat), StepKind::Call, &join("penalty", &scored), &[]),
            Said::Hand => {
                let mut cards = b.seat_mut(&e.seat).map(|s| s.hand.clone()).unwrap_or_default();
                cards.extend(r.starter);
                b.action(Some(&e.seat), StepKind::Score, &join("hand", &scored), &cards);
            }
            Said::Crib => {
                let mut cards = r.crib.clone();
                cards.extend(r.starter);
                b.action(Some(&e.seat), StepKind::Score, &join("crib", &scored), &cards);
            }
        }
        b.count(e.count.map(u32::from));
        for (side, n) in r.sides.iter().zip(&e.scores) {
            b.set(side, SCORE, i64::from(*n));
        }
    }
    let res = &r.result;
    // Every kept card pegged (the five-card game stops its pegging at the first 31 or go).
    let kept: usize = r.hands.iter().map(|h| without(h, &r.crib).len()).sum();
    let pegged = r
        .entries
        .iter()
        .filter(|e| matches!(e.step, Said::Card(_)))
        .count();
    b.played_out(res.complete && pegged > 0 && pegged == kept);
    for side in &res.sides {
        b.line(
            &side.side,
            format!("{} this deal, {} in all", side.points, side.total),
        );
    }
    match &res.winner {
        Some(w) => b.line(
            "winner",
            format!(
                "{w} reaches {}{}",
                res.target,
                if res.lurch { ": a lurch, two games" } else { "" }
            ),
        ),
        None if res.complete => b.line("winner", format!("nobody reaches {} in this deal", res.target)),
        None => b.line("deal", "the record stops before the deal's end"),
    }
    b.finish()
}

fn join(word: &str, scored: &str) -> String {
    if scored.is_empty() {
        word.to_string()
    } else {
        format!("{word}: {scored}")
    }
}

#[cfg(test)]
mod tests {
    use crate::view::testkit::{cards, corpus, sound};

    #[test]
    fn the_pegging_has_no_tricks_and_ends_at_the_books_totals() {
        let v = corpus("cribbage/six-card-121/example.stich");
        sound(&v);
        assert!(v.played_out);
        assert!(v.tricks.is_empty());
        // P laid ♠A ♠9 out to the crib, D ♦10 ♠Q.
        assert_eq!(cards(&v.seats[0].hand), "♦A ♥8 ♣K ♦Q");
        assert_eq!(cards(&v.seats[1].hand), "♠3 ♣10 ♦5 ♦6");
        assert_eq!(v.steps.iter().filter(|s| s.card.is_some()).count(), 8);
        assert!(v.steps.iter().any(|s| s.count.is_some()));
        let end: Vec<i64> = v
            .steps
            .last()
            .expect("steps")
            .running
            .iter()
            .map(|c| c.value)
            .collect();
        assert_eq!(end, [105, 73]);
    }
}
