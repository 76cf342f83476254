//! Ristikontra's view for the hand viewer: the four seats in two partnerships, the tricks
//! with the cards played in the dark from the stock, the draws after each trick and the
//! spices, the points each side has taken, and the outcome.

use crate::family::Family;
use crate::ristikontra::Replay;
use crate::view::{Builder, StepKind, View, after};

const POINTS: &str = "points";
const TRICKS: &str = "tricks";

fn side_of<'a>(r: &'a Replay, seat: &str) -> &'a str {
    let i = usize::from(matches!(seat, "E" | "W"));
    r.sides.get(i).map_or("?", String::as_str)
}

/// The view of a Ristikontra replay.
pub fn view(r: &Replay) -> View {
    let mut b = Builder::new(
        &crate::ristikontra::family::RISTIKONTRA as &dyn Family,
        &r.profile,
    );
    for (label, hand) in r.seats.iter().zip(&r.hands) {
        b.seat(label, Some(side_of(r, label)), hand);
    }
    b.role(&r.dealer, "dealer");
    b.sides(&r.sides, &[POINTS, TRICKS]);
    for t in &r.tricks {
        b.trick(&t.leader);
        let win_at = t.cards.len().checked_sub(1).map(|_| {
            (0..t.cards.len())
                .find(|&k| after(&r.seats, &t.leader, k) == t.winner)
                .unwrap_or(0)
        });
        for (k, &card) in t.cards.iter().enumerate() {
            let seat = after(&r.seats, &t.leader, k);
            // A card from the stock never passes through the hand; after a spice the drawn
            // card lies in the trick in place of the winning card, which went back to the hand.
            let blind =
                t.dark.get(k).copied().unwrap_or(false) || (t.spiced == Some(card) && Some(k) == win_at);
            let kind = if blind {
                StepKind::PlayBlind
            } else {
                StepKind::Play
            };
            b.card(seat, kind, card);
        }
        b.won(&t.winner, Some(t.points));
        let side = side_of(r, &t.winner).to_string();
        b.add(&side, POINTS, i64::from(t.points));
        b.add(&side, TRICKS, 1);
        for (seat, card) in &t.draws {
            if t.spiced == Some(*card) && *seat == t.winner {
                b.action(Some(seat), StepKind::Call, "draws and spices the trick", &[*card]);
            } else {
                b.card(seat, StepKind::Draw, *card);
            }
        }
    }
    let res = &r.result;
    b.played_out(res.complete);
    for side in &res.sides {
        b.line(
            &side.side,
            format!(
                "{} points in {} tricks{}",
                side.points,
                side.tricks,
                if side.dishonoured { ", failed to clean" } else { "" }
            ),
        );
    }
    match &res.outcome {
        Some(w) => b.line(
            "outcome",
            format!("{w} wins{}", if res.double { " double" } else { "" }),
        ),
        None if res.complete => b.line("outcome", "no side wins"),
        None => b.line("outcome", "the record stops before the end"),
    }
    b.finish()
}

#[cfg(test)]
mod tests {
    use crate::view::testkit::{cards, corpus, sound};

    #[test]
    fn a_deal_draws_from_the_stock_and_plays_out_to_the_books_count() {
        let v = corpus("ristikontra/wikipedia-003/double.stich");
        sound(&v);
        assert!(v.played_out);
        assert_eq!(v.tricks.len(), 13);
        assert_eq!(cards(&v.seats[0].hand), "♦3 ♥5 ♣A ♥6 ♥J ♣2");
        let end = &v.steps.last().expect("steps").running;
        let points: Vec<i64> = end
            .iter()
            .filter(|c| c.label == "points")
            .map(|c| c.value)
            .collect();
        assert_eq!(points, [120, 0]);
    }
}
