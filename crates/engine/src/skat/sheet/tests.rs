//! The figures of the seeds and of the tournament rule, straight from their texts.

use super::settle::{Method, settle};
use super::*;
use crate::skat::model::GameType;
use crate::skat::rules::by_name;

fn game(number: u32, declarer: usize, won: bool, value: u32, score: i64) -> Entry {
    Entry {
        number,
        dealer: None,
        kind: EntryKind::Game {
            declarer,
            won,
            game: None,
            value,
            score,
        },
        bock: false,
    }
}

fn table(n: usize) -> Table {
    Table {
        players: ["A", "B", "C", "D", "E"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect(),
    }
}

/// The tournament rule: won 18 → 68; lost 18 → −2 × 18 − 50 = −86, the others +40 at a
/// three-player table and +30 at a four-player table.
#[test]
fn seeger_fabian_scores_value_plus_50_and_minus_twice_value_minus_50() {
    let isko = by_name("isko").expect("isko");
    let won = read::plain_score(isko, true, false, 18, 0);
    let lost = read::plain_score(isko, false, false, 18, 0);
    assert_eq!((won, lost), (18, -36));
    let sf = |e: &Entry, n| entry_points(e, n, Scoring::SeegerFabian);
    assert_eq!(sf(&game(1, 0, true, 18, won), 3), vec![68, 0, 0]);
    assert_eq!(sf(&game(1, 0, false, 18, lost), 3), vec![-86, 40, 40]);
    assert_eq!(sf(&game(1, 1, false, 18, lost), 4), vec![30, -86, 30, 30]);
    let s = score(
        "t",
        &table(3),
        &[
            game(1, 0, true, 18, won),
            game(2, 0, false, 18, lost),
            game(3, 2, true, 24, 24),
        ],
        Scoring::SeegerFabian,
    );
    let lines: Vec<(i64, u32, u32, u32)> = s
        .players
        .iter()
        .map(|p| (p.score, p.won, p.lost, p.rank))
        .collect();
    assert_eq!(lines, vec![(68 - 86, 1, 1, 3), (40, 0, 0, 2), (40 + 74, 1, 0, 1)]);
}

/// Seed 001, Skat, §Scoring: −7, +88, +19 balance as −121, +164, −43; the four-player
/// example +186 +42 +344 +116 as +56 −520 +688 −224 (lowest zero) and +14 −130 +172 −56
/// (average 172). Seed 000, Skat, §Settlement: 28 −75 137 82 against the average 43.
#[test]
fn the_settlements_of_seeds_001_and_000() {
    assert_eq!(settle(Method::Pairs, &[-7, 88, 19]).0, vec![-121, 164, -43]);
    assert_eq!(
        settle(Method::Lowest, &[186, 42, 344, 116]).0,
        vec![56, -520, 688, -224]
    );
    assert_eq!(
        settle(Method::Average, &[186, 42, 344, 116]),
        (vec![14, -130, 172, -56], true)
    );
    assert_eq!(
        settle(Method::Average, &[28, -75, 137, 82]),
        (vec![-15, -118, 94, 39], true)
    );
    assert_eq!(settle(Method::Average, &[1, 0, 0]), (vec![1, 0, 0], false));
}

#[test]
fn the_players_with_cards_follow_the_dealer() {
    assert_eq!(table(3).active(0), vec![1, 2, 0]);
    assert_eq!(table(4).active(3), vec![0, 1, 2]);
    // Five: the first, second and fourth on the dealer's left.
    assert_eq!(table(5).active(0), vec![1, 2, 4]);
    assert_eq!(table(5).active(4), vec![0, 1, 3]);
}

/// Seed 004, §Bockrounds: a Bock deal doubles the score on the sheet.
#[test]
fn bock_doubles_the_entry() {
    let mut e = game(1, 0, false, 18, -36);
    e.bock = true;
    assert_eq!(entry_points(&e, 3, Scoring::Plain), vec![-72, 0, 0]);
    assert_eq!(entry_points(&e, 3, Scoring::SeegerFabian), vec![-122, 40, 40]);
}

#[test]
fn values_are_checked_against_the_game_and_its_levels() {
    let isko = by_name("isko").expect("isko");
    let foster = by_name("foster-1897").expect("foster");
    let none = [false; 4];
    assert!(check::value_possible(isko, Some(GameType::Clubs), none, true, 24));
    assert!(!check::value_possible(
        isko,
        Some(GameType::Clubs),
        none,
        true,
        25
    ));
    assert!(check::value_possible(isko, Some(GameType::Null), none, true, 23));
    assert!(!check::value_possible(isko, Some(GameType::Null), none, true, 24));
    // Hand and schneider announced on top of one matador: at least 4 × 12.
    let hand_schneider = [true, true, false, false];
    assert!(!check::value_possible(
        isko,
        Some(GameType::Clubs),
        hand_schneider,
        true,
        36
    ));
    assert!(check::value_possible(
        isko,
        Some(GameType::Clubs),
        hand_schneider,
        true,
        48
    ));
    // Seed 004's overbid example: lost at 48 (the next multiple of 12 from the bid 46).
    assert!(check::value_possible(
        isko,
        Some(GameType::Clubs),
        none,
        false,
        48
    ));
    // Foster's card: 33, 55, 12, 16, 40, 24, 36, 48 are all values of some game.
    for v in [33, 55, 12, 16, 40, 24, 36, 48] {
        assert!(check::value_possible(foster, None, none, true, v), "{v}");
    }
    assert!(!check::value_possible(isko, None, none, true, 19));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Pairwise and lowest-zero settlements are the same figures and balance to zero; an
    /// exact average settlement balances too.
    #[test]
    fn settlements_balance(totals in proptest::collection::vec(-100_000i64..100_000, 3..=5)) {
        let (pairs, _) = settle(Method::Pairs, &totals);
        let (lowest, _) = settle(Method::Lowest, &totals);
        proptest::prop_assert_eq!(&pairs, &lowest);
        proptest::prop_assert_eq!(pairs.iter().sum::<i64>(), 0);
        let (avg, exact) = settle(Method::Average, &totals);
        if exact {
            proptest::prop_assert_eq!(avg.iter().sum::<i64>(), 0);
        }
    }

    /// The final totals are the sums of the rows' points, under both scorings, and a lost
    /// game under Seeger-Fabian gives the table 40 or 30 a head besides the declarer's.
    #[test]
    fn totals_are_the_sums_of_the_rows(
        games in proptest::collection::vec((0usize..3, proptest::bool::ANY, 18u32..200), 0..40),
        players in 3usize..=4,
    ) {
        let entries: Vec<Entry> = games
            .iter()
            .zip(1u32..)
            .map(|(&(d, won, v), n)| game(n, d, won, v, if won { i64::from(v) } else { -2 * i64::from(v) }))
            .collect();
        for scoring in [Scoring::Plain, Scoring::SeegerFabian] {
            let s = score("p", &table(players), &entries, scoring);
            for p in 0..players {
                let sum: i64 = s.rows.iter().map(|r| r.points[p]).sum();
                proptest::prop_assert_eq!(s.players[p].score, sum);
            }
        }
        let sf = score("p", &table(players), &entries, Scoring::SeegerFabian);
        let plain = score("p", &table(players), &entries, Scoring::Plain);
        let lost = games.iter().filter(|g| !g.1).count() as i64;
        let won = games.len() as i64 - lost;
        let bonus = if players == 3 { 40 } else { 30 };
        let sum = |s: &ScoredSheet| s.players.iter().map(|p| p.score).sum::<i64>();
        proptest::prop_assert_eq!(
            sum(&sf),
            sum(&plain) + 50 * won - 50 * lost + bonus * (players as i64 - 1) * lost
        );
    }
}
