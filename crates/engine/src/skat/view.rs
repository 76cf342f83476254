//! Skat's view for the hand viewer: the three seats with the declarer's side against the
//! defenders (each player alone in a Ramsch), the skat, the auction, the exchange and the
//! declaration, the ten tricks with the card points each side has taken, and the result.

use crate::family::Family;
use crate::skat::{self, Call, Seat};
use crate::view::{Builder, StepKind, View, entry, without};

const CARD_POINTS: &str = "card points";

/// The view of a Skat replay.
pub fn view(r: &skat::Replay) -> View {
    let mut b = Builder::new(&skat::family::SKAT as &dyn Family, &r.profile);
    let declarer = r.declaration.as_ref().map(|d| d.declarer).or(r.result.declarer);
    // In a Ramsch every player counts for himself; otherwise the declarer plays alone.
    let each_alone = r.result.ramsch.is_some() || declarer.is_none();
    let side_of = |seat: Seat| -> String {
        match declarer {
            _ if each_alone => seat.label().to_string(),
            Some(d) if d == seat => "declarer".to_string(),
            _ => "defenders".to_string(),
        }
    };
    for seat in Seat::ALL {
        let dealt = r
            .deal
            .hands
            .iter()
            .find(|h| h.seat == seat)
            .map(|h| h.cards.clone())
            .unwrap_or_default();
        let s = b.seat(seat.label(), Some(&side_of(seat)), &dealt);
        s.player = r.players.get(seat.index()).cloned().flatten();
        if Some(seat) == declarer {
            s.roles.push("declarer".into());
        }
    }
    if each_alone {
        let labels: Vec<&str> = Seat::ALL.iter().map(|s| s.label()).collect();
        b.sides(&labels, &[CARD_POINTS, "tricks"]);
    } else {
        b.sides(&["declarer", "defenders"], &[CARD_POINTS, "tricks"]);
    }
    b.pile("skat", &r.deal.skat);

    let calls = r
        .auction
        .iter()
        .map(|c| {
            let text = match c.call {
                Call::Bid(n) => n.to_string(),
                Call::Hold => "yes".to_string(),
                Call::Pass => "pass".to_string(),
            };
            entry(Some(c.seat.label()), text, &[])
        })
        .collect();
    b.phase("auction", calls);
    if let (Some(x), Some(d)) = (&r.exchange, declarer) {
        let mut entries = Vec::new();
        if let Some(t) = x.turned {
            entries.push(entry(Some(d.label()), "turns", &[t]));
        }
        if x.pickup {
            entries.push(entry(Some(d.label()), "takes the skat", &r.deal.skat));
            entries.push(entry(Some(d.label()), "lays away", &x.discard));
            if let Some(s) = b.seat_mut(d.label()) {
                let mut hand = s.dealt.clone();
                hand.extend_from_slice(&r.deal.skat);
                s.hand = without(&hand, &x.discard);
            }
        }
        b.phase("exchange", entries);
    }
    if let Some(x) = &r.result.ramsch {
        ramsch_passing(&mut b, r, x);
    }
    if let Some(d) = &r.declaration {
        let words = crate::skat::show::declaration_words(r, &d.contract);
        b.phase(
            "declaration",
            vec![entry(
                Some(d.declarer.label()),
                format!("plays {}", words.join(", ")),
                &[],
            )],
        );
    }

    for t in &r.tricks {
        b.trick(t.leader.label());
        for pc in &t.cards {
            b.card(pc.seat.label(), StepKind::Play, pc.card);
        }
        match t.winner {
            Some(w) => {
                b.won(w.label(), Some(t.points));
                let side = side_of(w);
                b.add(&side, CARD_POINTS, i64::from(t.points));
                b.add(&side, "tricks", 1);
            }
            None => b.won("?", Some(t.points)),
        }
    }
    let full = r.deal.hands.len() == 3 && r.deal.hands.iter().all(|h| h.cards.len() == 10);
    b.played_out(full && r.tricks.len() == 10 && r.tricks.iter().all(|t| t.cards.len() == 3));
    result(&mut b, r);
    b.finish()
}

/// A Schieberamsch moves cards between the hands before the first trick; the replay keeps
/// the deal and who declined, and a played-out game's tricks show what each player held.
fn ramsch_passing(b: &mut Builder, r: &skat::Replay, x: &skat::RamschResult) {
    let mut moved = false;
    if r.tricks.len() == 10 {
        for seat in Seat::ALL {
            let played: Vec<cards::Card> = r
                .tricks
                .iter()
                .flat_map(|t| t.cards.iter())
                .filter(|c| c.seat == seat)
                .map(|c| c.card)
                .collect();
            if let Some(s) = b.seat_mut(seat.label()) {
                let mut held = s.hand.clone();
                let mut from_play = played.clone();
                held.sort();
                from_play.sort();
                if held != from_play {
                    s.hand = played;
                    moved = true;
                }
            }
        }
    }
    if moved || !x.declined.is_empty() {
        let entries = x
            .declined
            .iter()
            .map(|s| entry(Some(s.label()), "declines the skat (doubles)", &[]))
            .collect();
        b.phase("passing the skat", entries);
        // Played out, the hands are known from the play; otherwise only the deal is.
        if !moved && r.tricks.len() != 10 {
            b.note("the skat was passed round; the hands shown are those dealt");
        }
    }
}

fn result(b: &mut Builder, r: &skat::Replay) {
    let res = &r.result;
    if let Some(x) = &res.ramsch {
        b.line("game", "Ramsch");
        for seat in Seat::ALL {
            let i = seat.index();
            b.line(
                seat.label(),
                format!(
                    "{} points in {} tricks",
                    x.points.get(i).copied().unwrap_or(0),
                    x.tricks.get(i).copied().unwrap_or(0)
                ),
            );
        }
        let losers: Vec<&str> = x.losers.iter().map(|s| s.label()).collect();
        if !losers.is_empty() {
            b.line("loses", losers.join(", "));
        }
        if let Some(score) = res.score {
            b.line("score", format!("{score:+}"));
        }
        return;
    }
    if res.passed {
        b.line("game", "passed in");
        return;
    }
    if let Some(d) = res.declarer {
        b.line("declarer", d.label());
    }
    if let Some(g) = res.game {
        b.line("game", g.word());
    }
    if let Some(w) = res.won {
        b.line("outcome", if w { "won" } else { "lost" });
    }
    if let Some(p) = res.declarer_card_points {
        b.line("card points", p);
    }
    if let Some(t) = res.declarer_tricks {
        b.line("tricks", t);
    }
    if let Some(p) = res.skat_points {
        b.line("skat points", p);
    }
    if let Some(m) = res.matadors {
        b.line(
            "matadors",
            format!("{} {}", if m >= 0 { "with" } else { "without" }, m.unsigned_abs()),
        );
    }
    if res.overbid == Some(true) {
        b.line("overbid", "yes");
    }
    if let Some(v) = res.value {
        b.line("value", v);
    }
    if let Some(s) = res.score {
        b.line("score", format!("{s:+}"));
    }
}

#[cfg(test)]
mod tests {
    use crate::view::testkit::{corpus, sound};

    #[test]
    fn a_won_clubs_game_has_ten_tricks_and_the_books_points_per_trick() {
        let v = corpus("skat/isko/clubs-with-1-61.stich");
        sound(&v);
        assert!(v.played_out);
        assert_eq!(v.tricks.len(), 10);
        let f = &v.seats[0];
        assert_eq!(f.label, "F");
        // F took the skat ♦8 ♦7 and laid the same two cards away.
        assert_eq!(f.hand.len(), 10);
        assert_eq!(
            crate::view::testkit::cards(&f.hand),
            "♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A"
        );
        // The record gives the declarer's points per trick, `-` where the defenders take it:
        // 10 - 3 2 15 - - 11 6 14.
        let declarer: Vec<Option<u32>> = v
            .tricks
            .iter()
            .map(|t| (t.winner.as_deref() == Some("F")).then_some(t.points.unwrap_or(99)))
            .collect();
        assert_eq!(
            declarer,
            [
                Some(10),
                None,
                Some(3),
                Some(2),
                Some(15),
                None,
                None,
                Some(11),
                Some(6),
                Some(14)
            ]
        );
        let last = v.steps.last().expect("steps");
        let declarer = last
            .running
            .iter()
            .find(|c| c.side == "declarer" && c.label == "card points");
        // 61 card points with the skat's 0.
        assert_eq!(declarer.map(|c| c.value), Some(61));
        assert!(v.result.iter().any(|l| l.label == "value" && l.value == "24"));
    }
}
