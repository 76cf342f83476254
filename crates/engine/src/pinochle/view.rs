//! Pinochle's view for the hand viewer: the seats and their sides, the stock and the turned
//! card, the auction, the trump and the melds, the tricks with the draws and the melds shown
//! between them (two-hand), the counters each side has taken, and the score.

use crate::family::Family;
use crate::pinochle::Replay;
use crate::pinochle::show::side_of;
use crate::view::{Builder, StepKind, View, after, entry, without};

const COUNTERS: &str = "counters";
const MELD: &str = "meld";

/// The view of a Pinochle replay.
pub fn view(r: &Replay) -> View {
    let mut b = Builder::new(&crate::pinochle::family::PINOCHLE as &dyn Family, &r.profile);
    for (label, hand) in r.seats.iter().zip(&r.hands) {
        b.seat(label, Some(&side_of(r, label)), hand);
    }
    if let Some(d) = &r.dealer {
        b.role(d, "dealer");
    }
    if let Some(c) = &r.contract {
        b.role(&c.bidder, "bidder");
    }
    b.sides(&r.sides, &[MELD, COUNTERS]);
    b.pile("stock", &r.stock);
    if let Some(t) = r.turned {
        b.pile("turned", &[t]);
    }
    let calls = r
        .auction
        .iter()
        .map(|(seat, bid)| entry(Some(seat), bid.map_or("pass".to_string(), |n| n.to_string()), &[]))
        .collect();
    b.phase("auction", calls);
    let mut declared = Vec::new();
    if let Some(c) = &r.contract {
        declared.push(entry(Some(&c.bidder), format!("bids {}", c.bid), &[]));
    }
    if let Some(t) = &r.trump {
        declared.push(entry(None, format!("trump {t}"), &[]));
    }
    b.phase("contract", declared);
    let mut melds = Vec::new();
    for seat in &r.melds {
        for m in &seat.melds {
            melds.push(entry(
                Some(&seat.seat),
                format!("{} {}", m.kind.word(), m.value),
                &m.cards,
            ));
        }
        b.add(&side_of(r, &seat.seat), MELD, i64::from(seat.total));
    }
    b.phase("melds", melds);
    if r.stock.is_empty() && r.result.complete {
        passed_cards(&mut b, r);
    }

    for (i, t) in r.tricks.iter().enumerate() {
        b.trick(&t.leader);
        for (k, &card) in t.cards.iter().enumerate() {
            b.play(after(&r.seats, &t.leader, k), card);
        }
        b.won(&t.winner, Some(t.points));
        b.add(&side_of(r, &t.winner), COUNTERS, i64::from(t.points));
        // The winner melds before the draws (two-hand).
        for m in r.play_melds.iter().filter(|m| m.after_trick == i + 1) {
            b.action(
                Some(&m.seat),
                StepKind::Show,
                &format!("{} {}", m.kind.word(), m.value),
                &m.cards,
            );
            b.add(&side_of(r, &m.seat), MELD, i64::from(m.value));
        }
        for (seat, card) in &t.draws {
            b.card(seat, StepKind::Draw, *card);
        }
    }
    // A deal ended by declaring out is complete with cards still in the hands (000:101).
    b.played_out(r.result.complete && !r.result.thrown_in && r.result.declared_out.is_none());
    let res = &r.result;
    if res.thrown_in {
        b.line("deal", "thrown in: all passed");
    }
    if !res.complete {
        b.line("play", "not complete; the figures are so far");
    }
    for side in &res.sides {
        b.line(
            &side.side,
            format!(
                "meld {}, counters {}, counted {}, score {}{}",
                side.meld,
                side.counters,
                side.counted,
                side.score,
                side.total.map_or(String::new(), |t| format!(", total {t}"))
            ),
        );
    }
    if let Some(m) = res.made {
        b.line("contract", if m { "made" } else { "set" });
    }
    if let Some(d) = &res.declared_out {
        let points = d.points.map_or("?".to_string(), |p| p.to_string());
        b.line(
            "out",
            format!(
                "{} declared out, counted after trick {}: {points} of {}",
                d.seat, d.after_trick, d.target
            ),
        );
    }
    if let Some(w) = &res.game_won_by {
        let target = res.declared_out.as_ref().map_or(res.target, |d| d.target);
        b.line("game", format!("won by {w} ({target})"));
    }
    b.finish()
}

/// The cards passed before the play (the partnership pass, the bury, the dix exchange), which
/// the replay does not list: in a deal without a stock that is played out, each seat starts the
/// play with exactly the cards it plays, and the difference from its dealt hand is what it gave
/// and received.
fn passed_cards(b: &mut Builder, r: &Replay) {
    let mut entries = Vec::new();
    for label in &r.seats {
        let mut played = Vec::new();
        for t in &r.tricks {
            for (k, &card) in t.cards.iter().enumerate() {
                if after(&r.seats, &t.leader, k) == label {
                    played.push(card);
                }
            }
        }
        let Some(seat) = b.seat_mut(label) else { continue };
        let gave = without(&seat.dealt, &played);
        let took = without(&played, &seat.dealt);
        if gave.is_empty() && took.is_empty() {
            continue;
        }
        seat.hand = played;
        entries.push(entry(Some(label), "gives", &gave));
        entries.push(entry(Some(label), "receives", &took));
    }
    b.phase("exchange", entries);
}

#[cfg(test)]
mod tests {
    use crate::view::testkit::{cards, corpus, sound};

    #[test]
    fn the_partnership_pass_is_read_from_the_play_and_the_hands_play_out() {
        let v = corpus("pinochle/partnership-auction/seed-002-example.stich");
        sound(&v);
        assert!(v.played_out);
        assert_eq!(v.tricks.len(), 12);
        // S was dealt ♠A ♠K ♠Q ♠J ♠9 ♥A ♥9 ♦Q ♦J ♦9 ♣A ♣9, received ♠A ♠10 ♦A ♣10 from N and
        // sent back ♥9 ♦Q ♦9 ♣9 (the record's exchange lines).
        let s = v.seats.iter().find(|s| s.label == "S").expect("S");
        let mut hand: Vec<String> = s.hand.iter().map(|c| c.canonical().to_string()).collect();
        hand.sort();
        let mut want: Vec<&str> = "♠A ♠K ♠Q ♠J ♠9 ♥A ♦J ♣A ♠A ♠10 ♦A ♣10".split(' ').collect();
        want.sort();
        assert_eq!(hand, want);
        assert_eq!(cards(&s.dealt), "♠A ♠K ♠Q ♠J ♠9 ♥A ♥9 ♦Q ♦J ♦9 ♣A ♣9");
        assert!(v.seats.iter().any(|s| s.roles.contains(&"bidder".to_string())));
    }
}
