//! Bezique's view for the hand viewer: the two seats, the stock and the turned card, the
//! tricks with the declarations and the draws after each, the brisques and declarations
//! each player has, and the score.

use crate::bezique::Replay;
use crate::family::Family;
use crate::view::{Builder, StepKind, View, after};

const BRISQUES: &str = "brisques";
const DECLARATIONS: &str = "declarations";

/// The view of a Bezique replay.
pub fn view(r: &Replay) -> View {
    let mut b = Builder::new(&crate::bezique::family::BEZIQUE as &dyn Family, &r.profile);
    for (label, hand) in r.seats.iter().zip(&r.hands) {
        b.seat(label, Some(label), hand);
    }
    if let Some(d) = &r.dealer {
        b.role(d, "dealer");
    }
    // Every player scores for himself.
    b.sides(&r.seats, &[BRISQUES, DECLARATIONS]);
    b.pile("stock", &r.stock);
    if let Some(t) = r.turned {
        b.pile("turned", &[t]);
    }
    let trump = match (&r.trump, r.turned) {
        (Some(t), Some(_)) => format!("trump {t}"),
        (Some(t), None) => format!("trump {t}, made by the first marriage"),
        (None, _) => "no trump (no marriage was declared)".to_string(),
    };
    b.phase("trump", vec![crate::view::entry(None, trump, &[])]);
    // A carte blanche is shown before the first lead.
    for d in r.declarations.iter().filter(|d| d.after_trick == 0) {
        b.action(
            Some(&d.seat),
            StepKind::Show,
            &format!("{} {}", d.kind, d.value),
            &d.cards,
        );
        b.add(&d.seat, DECLARATIONS, i64::from(d.value));
    }
    for (i, t) in r.tricks.iter().enumerate() {
        b.trick(&t.leader);
        for (k, &card) in t.cards.iter().enumerate() {
            b.play(after(&r.seats, &t.leader, k), card);
        }
        b.won(&t.winner, Some(t.points));
        b.add(&t.winner, BRISQUES, i64::from(t.points));
        // The winner declares before the draws.
        for d in r.declarations.iter().filter(|d| d.after_trick == i + 1) {
            b.action(
                Some(&d.seat),
                StepKind::Show,
                &format!("{} {}", d.kind, d.value),
                &d.cards,
            );
            b.add(&d.seat, DECLARATIONS, i64::from(d.value));
        }
        // The seven given for the turned card (000:525).
        for x in r.exchanges.iter().filter(|x| x.after_trick == i + 1) {
            b.card(&x.seat, StepKind::Lay, x.gave);
            b.card(&x.seat, StepKind::Draw, x.took);
        }
        for (seat, card) in &t.draws {
            b.card(seat, StepKind::Draw, *card);
        }
    }
    let res = &r.result;
    b.played_out(res.complete);
    if !res.complete {
        b.line("play", "not complete; the figures are so far");
    }
    for side in &res.sides {
        b.line(
            &side.side,
            format!(
                "declarations {}, brisques {}, last trick {}, points {}{}",
                side.declarations,
                side.brisques,
                side.last_trick,
                side.points,
                side.total.map_or(String::new(), |t| format!(", total {t}"))
            ),
        );
    }
    if res.sides.iter().any(|x| x.game.is_some()) {
        let games: Vec<String> = res
            .sides
            .iter()
            .map(|x| format!("{} {}", x.side, x.game.unwrap_or(0)))
            .collect();
        let how = match (&res.game_won_by, res.rubicon) {
            (Some(w), true) => format!("won by {w}, a rubicon"),
            (Some(w), false) => format!("won by {w}"),
            (None, _) => "tied".to_string(),
        };
        b.line("game", format!("{how}: {}", games.join(", ")));
    } else if let Some(w) = &res.game_won_by {
        b.line("game", format!("won by {w} ({})", res.target));
    }
    b.finish()
}

#[cfg(test)]
mod tests {
    use crate::view::testkit::{cards, corpus, sound, view_of};

    #[test]
    fn a_deal_plays_out_its_thirty_two_tricks_with_the_books_brisques() {
        let v = corpus("bezique/uspc-two-hand/seven-and-brisques.stich");
        sound(&v);
        assert!(v.played_out);
        assert_eq!(v.tricks.len(), 32);
        assert_eq!(cards(&v.seats[0].hand), "♠J ♥Q ♥Q ♥8 ♠7 ♥7 ♠9 ♣K");
        // The record: points E 130 (with the last trick's 10), D 50 of which 10 declared.
        let end = &v.steps.last().expect("steps").running;
        let get = |side: &str, label: &str| {
            end.iter()
                .find(|c| c.side == side && c.label == label)
                .map(|c| c.value)
        };
        assert_eq!(get("E", "brisques"), Some(120));
        assert_eq!(get("D", "brisques"), Some(40));
    }

    /// A carte blanche is shown before the first trick; the deal's game line names the
    /// rubicon (000:712, 718).
    #[test]
    fn a_rubicon_deal_shows_its_carte_blanche_and_its_game() {
        let v = corpus("bezique/rubicon/carte-blanche-rubicon.stich");
        sound(&v);
        assert!(v.played_out);
        assert_eq!(v.tricks.len(), 64);
        let end = &v.steps.last().expect("steps").running;
        let declared = end
            .iter()
            .find(|c| c.side == "E" && c.label == "declarations")
            .map(|c| c.value);
        assert_eq!(declared, Some(380));
    }

    #[test]
    fn a_four_hand_deal_plays_out_in_tricks_of_four() {
        let v = corpus("bezique/uspc-four-hand/played-out.stich");
        sound(&v);
        assert_eq!(v.tricks.len(), 32);
    }

    /// Every profile's generated deals make sound views: the exchanges of the seven and the
    /// carte blanche shown keep the hands right.
    #[test]
    fn generated_deals_make_sound_views() {
        use crate::family::{Family, GenLayout};
        for profile in crate::bezique::rules::all() {
            for seed in 0..8 {
                let record = crate::bezique::family::BEZIQUE
                    .generate(profile.name, seed, GenLayout::Varied)
                    .expect("a record");
                let v = view_of(&notation::print_file([&record]));
                sound(&v);
                assert!(v.played_out, "{} seed {seed}", profile.name);
            }
        }
    }
}
