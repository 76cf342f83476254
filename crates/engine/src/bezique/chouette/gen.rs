//! Generated Chouette sittings: `players` players in the drawn order, one generated deal per
//! game with the box in seat `E` and the captain in `D`, and the sheet written from the
//! deals' results, so that `stich gen … | stich sheet` checks every row against its hand.

use std::fmt::Write;

use notation::Record;

use crate::bezique::rules::Profile;
use crate::core::build;

use super::{Order, Outcome, payments};

/// The names of a generated sitting's players, in the order they drew.
const NAMES: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];

/// The most players a generated sitting seats.
pub const MOST: usize = NAMES.len();

/// A sitting of `players` players (3 to [`MOST`]) under `profile`, one game for each of
/// `seeds`: the hands, each named by `Sitting` and `Deal` tags and its players by seat, then
/// the sheet. `None` for a profile whose deals are not games or a number of players out of
/// range.
pub fn sitting(profile: &'static Profile, players: usize, seeds: &[u64], name: &str) -> Option<Vec<Record>> {
    if profile.options.per_deal.is_none() || !(3..=MOST).contains(&players) {
        return None;
    }
    let names = NAMES.get(..players)?;
    let mut order = Order::drawn((0..players).collect());
    let mut totals = vec![0i64; players];
    let mut records = Vec::with_capacity(seeds.len() + 1);
    let mut rows = String::new();
    for (k, &seed) in seeds.iter().enumerate() {
        let number = k + 1;
        let (Some(b), Some(c)) = (order.in_box(), order.captain()) else {
            return None;
        };
        let (box_name, captain_name) = (names.get(b)?, names.get(c)?);
        let mut hand = crate::bezique::r#gen::generate(profile, seed);
        let (replay, _) = crate::bezique::check(&hand, profile);
        let games: Vec<i64> = replay.result.sides.iter().map(|s| s.game.unwrap_or(0)).collect();
        let winner = replay
            .result
            .game_won_by
            .as_ref()
            .and_then(|w| replay.seats.iter().position(|s| s == w));
        // The box sits in `E`, the captain in `D` (the box has his choice of seats, 000:724).
        let (outcome, value) = match winner {
            Some(w) => {
                let won = games.get(w).copied().unwrap_or(0);
                let lost = games
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != w)
                    .map(|(_, g)| *g)
                    .max()
                    .unwrap_or(0);
                let value = u32::try_from(won - lost).unwrap_or(0);
                (if w == 0 { Outcome::BoxWon } else { Outcome::BoxLost }, value)
            }
            None => (Outcome::Tied, 0),
        };
        for (tag, value) in [
            ("Sitting", name.to_string()),
            ("Deal", number.to_string()),
            ("E", box_name.to_string()),
            ("D", captain_name.to_string()),
        ] {
            hand.tags.push(build::tag(tag, &value));
        }
        records.push(hand);
        for (t, p) in totals.iter_mut().zip(payments(players, b, value, outcome)) {
            *t += p;
        }
        let _ = match outcome {
            Outcome::BoxWon => write!(rows, "{number}. {box_name} won {value} captain {captain_name} ="),
            Outcome::BoxLost => write!(rows, "{number}. {box_name} lost {value} captain {captain_name} ="),
            Outcome::Tied => write!(rows, "{number}. {box_name} tied captain {captain_name} ="),
        };
        for (n, t) in names.iter().zip(&totals) {
            let _ = write!(rows, " {n} {t}");
        }
        rows.push('\n');
        order.after(outcome);
    }
    let columns = names.join(" ");
    let mut text = format!(
        "%stich 2\n[Game \"bezique\"]\n[Rules \"{}\"]\n[Event \"Chouette Bezique, {players} players\"]\n\
         [Source \"generated\"]\n[Sitting \"{name}\"]\n[Chouette \"{columns}\"]\n\nsheet columns {columns}\n{rows}result totals",
        profile.name
    );
    for (n, t) in names.iter().zip(&totals) {
        let _ = write!(text, " {n} {t}");
    }
    text.push('\n');
    let sheet = notation::Reader::new(text.as_bytes()).next()?.record?;
    records.push(sheet);
    Some(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bezique::rules;

    /// Every generated sitting checks clean against its own hands, whichever way each game
    /// went.
    #[test]
    fn a_generated_sitting_checks_clean_with_its_hands() {
        let profile = rules::by_name("rubicon").expect("rubicon");
        for players in [3, 4, 5] {
            let seeds: Vec<u64> = (0..6).map(|i| 720 + i).collect();
            let records = sitting(profile, players, &seeds, "generated").expect("sitting");
            let (sheet, hands) = records.split_last().expect("records");
            let hands: Vec<&Record> = hands.iter().collect();
            let (scored, findings) = super::super::check_with_hands(sheet, profile, &hands);
            assert!(findings.is_empty(), "{findings:?}");
            let scored = scored.expect("scored");
            assert_eq!(scored.rows.len(), 6);
            assert_eq!(scored.settlement.amounts.iter().sum::<i64>(), 0);
        }
    }

    #[test]
    fn no_sitting_under_a_profile_whose_deals_are_not_games() {
        let profile = rules::by_name("uspc-two-hand").expect("profile");
        assert!(sitting(profile, 3, &[1], "x").is_none());
        let rubicon = rules::by_name("rubicon").expect("rubicon");
        assert!(sitting(rubicon, 2, &[1], "x").is_none());
    }
}
