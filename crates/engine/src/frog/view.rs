//! Frog's view for the hand viewer: the three active seats (the single player against the
//! other two), the widow, the offers, the game and the trump, the cards laid away, the
//! tricks with the card points each side has taken, and the settlement.

use crate::family::Family;
use crate::frog::Replay;
use crate::view::{Builder, View, after, entry, without};

const CARD_POINTS: &str = "card points";
const SINGLE: &str = "single player";
const OTHERS: &str = "opponents";

/// The view of a Frog replay.
pub fn view(r: &Replay) -> View {
    let mut b = Builder::new(&crate::frog::family::FROG as &dyn Family, &r.profile);
    let side_of = |seat: &str| {
        if r.declarer.as_deref() == Some(seat) {
            SINGLE
        } else {
            OTHERS
        }
    };
    for (label, hand) in r.active.iter().zip(&r.hands) {
        b.seat(label, Some(side_of(label)), hand);
    }
    if let Some(d) = &r.declarer {
        b.role(d, "declarer");
    }
    b.sides(&[SINGLE, OTHERS], &[CARD_POINTS]);
    b.pile("widow", &r.widow);
    let offers = r
        .auction
        .iter()
        .map(|(seat, g)| entry(Some(seat), g.map_or("pass", |g| g.word()), &[]))
        .collect();
    b.phase("offers", offers);
    if let (Some(d), Some(g)) = (&r.declarer, r.contract) {
        let trump = r.trump.as_deref().unwrap_or("?");
        b.phase(
            "game",
            vec![entry(Some(d), format!("plays {}, trump {trump}", g.word()), &[])],
        );
        if !r.discard.is_empty() {
            b.phase(
                "exchange",
                vec![
                    entry(Some(d), "takes the widow", &r.widow),
                    entry(Some(d), "lays away", &r.discard),
                ],
            );
            if let Some(s) = b.seat_mut(d) {
                let mut hand = s.dealt.clone();
                hand.extend_from_slice(&r.widow);
                s.hand = without(&hand, &r.discard);
            }
        }
    }
    for t in &r.tricks {
        b.trick(&t.leader);
        for (k, &card) in t.cards.iter().enumerate() {
            b.play(after(&r.active, &t.leader, k), card);
        }
        b.won(&t.winner, Some(t.points));
        b.add(side_of(&t.winner), CARD_POINTS, i64::from(t.points));
    }
    let res = &r.result;
    b.played_out(res.complete && !res.passed);
    if res.passed {
        b.line("deal", "all passed: a new deal");
    } else {
        if !res.complete {
            b.line("play", "the record stops before the end of the play");
        }
        b.line("single player's points", res.points);
        for (seat, n) in &res.settle {
            b.line(seat, format!("{n:+}"));
        }
    }
    b.finish()
}

#[cfg(test)]
mod tests {
    use crate::view::testkit::{cards, corpus, sound};

    #[test]
    fn a_chico_plays_out_eleven_tricks_with_the_books_ninety_five() {
        let v = corpus("frog/foster-1897/settlement.stich");
        sound(&v);
        assert!(v.played_out);
        assert_eq!(v.tricks.len(), 11);
        assert_eq!(v.seats.len(), 3);
        assert_eq!(cards(&v.seats[1].hand), "♠A ♠10 ♠K ♠J ♠9 ♠8 ♥A ♦10 ♦7 ♣K ♣9");
        // 98 = 95 in tricks and 3 in the widow.
        let end = &v.steps.last().expect("steps").running;
        assert_eq!(
            end.iter().find(|c| c.side == "single player").map(|c| c.value),
            Some(95)
        );
    }
}
