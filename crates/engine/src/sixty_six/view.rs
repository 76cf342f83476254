//! Sixty-Six's view for the hand viewer: the seats and their sides, the stock and the turned
//! trump, the tricks with the draws after each, the marriages, exchanges, closings and
//! announcements between them, the card points and marriages each side has, and the game
//! points scored.

use crate::family::Family;
use crate::sixty_six::Replay;
use crate::sixty_six::show::side_of;
use crate::view::{Builder, StepKind, View, after};

const CARD_POINTS: &str = "card points";
const MARRIAGES: &str = "marriages";

/// The view of a Sixty-Six replay.
pub fn view(r: &Replay) -> View {
    let mut b = Builder::new(&crate::sixty_six::family::SIXTY_SIX as &dyn Family, &r.profile);
    for (label, hand) in r.seats.iter().zip(&r.hands) {
        b.seat(label, Some(&side_of(r, label)), hand);
    }
    if let Some(d) = &r.dealer {
        b.role(d, "dealer");
    }
    b.sides(&r.sides, &[CARD_POINTS, MARRIAGES]);
    b.pile("stock", &r.stock);
    if let Some(t) = r.turned {
        b.pile("turned", &[t]);
    }
    if let Some(t) = &r.trump {
        b.phase("trump", vec![crate::view::entry(None, format!("trump {t}"), &[])]);
    }
    // The dealer of three-hand takes no cards: the play goes round the seats that hold some.
    let order: Vec<String> = r
        .seats
        .iter()
        .zip(&r.hands)
        .filter(|(_, h)| !h.is_empty())
        .map(|(s, _)| s.clone())
        .collect();
    events(&mut b, r, 0);
    for (i, t) in r.tricks.iter().enumerate() {
        b.trick(&t.leader);
        for (k, &card) in t.cards.iter().enumerate() {
            b.play(after(&order, &t.leader, k), card);
        }
        b.won(&t.winner, Some(t.points));
        b.add(&side_of(r, &t.winner), CARD_POINTS, i64::from(t.points));
        for (seat, card) in &t.draws {
            b.card(seat, StepKind::Draw, *card);
        }
        events(&mut b, r, i + 1);
    }
    b.played_out(r.result.complete && r.result.ending == crate::sixty_six::model::Ending::PlayedOut);
    let res = &r.result;
    for side in &res.sides {
        b.line(
            &side.side,
            format!(
                "card points {}, marriages {}, last trick {}, points {}, tricks {}, game points {}{}",
                side.card_points,
                side.marriages,
                side.last_trick,
                side.points,
                side.tricks,
                side.game_points,
                side.total.map_or(String::new(), |t| format!(", total {t}"))
            ),
        );
    }
    let how = match res.ending {
        crate::sixty_six::model::Ending::Unfinished => "unfinished",
        crate::sixty_six::model::Ending::PlayedOut => "played out",
        crate::sixty_six::model::Ending::Closed => "played out after the close",
        crate::sixty_six::model::Ending::Announced => "ended by an announcement",
    };
    b.line("deal", how);
    if let Some(c) = &res.closed_by {
        b.line("closed by", c);
    }
    if let Some(w) = &res.winner {
        b.line("scores", w);
    }
    if let Some(why) = &res.reason {
        b.line("because", why);
    }
    if let Some(w) = &res.game_won_by {
        b.line("game", format!("won by {w} ({})", res.target));
    }
    b.finish()
}

/// The events after trick `after` (0: before the first).
fn events(b: &mut Builder, r: &Replay, after: usize) {
    for e in r.events.iter().filter(|e| e.after_trick == after) {
        match (e.what.as_str(), e.cards.as_slice()) {
            ("exchanges", [gave, took]) => {
                b.card(&e.seat, StepKind::Lay, *gave);
                b.card(&e.seat, StepKind::Draw, *took);
            }
            ("marriage", cards) => {
                let value = e.value.unwrap_or(0);
                b.action(Some(&e.seat), StepKind::Show, &format!("marriage {value}"), cards);
                b.add(&side_of(r, &e.seat), MARRIAGES, i64::from(value));
            }
            ("out", _) => b.action(
                Some(&e.seat),
                StepKind::Call,
                &format!("announces 66 with {}", e.value.unwrap_or(0)),
                &[],
            ),
            ("closes", _) => b.action(Some(&e.seat), StepKind::Call, "closes the stock", &[]),
            (other, cards) => b.action(Some(&e.seat), StepKind::Call, other, cards),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::view::StepKind;
    use crate::view::testkit::{cards, corpus, sound};

    #[test]
    fn the_closing_example_shows_the_exchange_the_close_and_the_books_points() {
        let v = corpus("sixty-six/uspc-two-hand/closing-example.stich");
        sound(&v);
        assert_eq!(v.tricks.len(), 5);
        assert_eq!(cards(&v.seats[0].hand), "♥K ♥Q ♣A ♣K ♠A ♦10");
        assert!(
            v.steps
                .iter()
                .any(|s| s.kind == StepKind::Lay && s.card.map(|c| c.canonical()) == Some("♣9"))
        );
        assert!(
            v.steps
                .iter()
                .any(|s| s.text.as_deref() == Some("closes the stock"))
        );
        // E 69 = 49 in card points and the 20 of the marriage; D 14 (the result line).
        let end = &v.steps.last().expect("steps").running;
        let get = |side: &str, label: &str| {
            end.iter()
                .find(|c| c.side == side && c.label == label)
                .map(|c| c.value)
        };
        assert_eq!(get("E", "card points").zip(get("E", "marriages")), Some((49, 20)));
        assert_eq!(get("D", "card points"), Some(14));
    }
}
