use super::*;
use crate::bezique::rules;

const ANN: usize = 0;
const BOB: usize = 1;
const CID: usize = 2;
const DEE: usize = 3;

/// "The player with the high card is 'in the box' …; the player with the next-highest card
/// is 'captain'" (000:724).
#[test]
fn the_high_card_is_in_the_box_and_the_next_is_captain() {
    let order = Order::drawn(vec![ANN, BOB, CID, DEE]);
    assert_eq!(order.in_box(), Some(ANN));
    assert_eq!(order.captain(), Some(BOB));
}

/// "If the player in the box wins the game, he … remains in the box. The captain then
/// retires, and the next player in order of precedence becomes captain" (000:726).
#[test]
fn the_box_who_wins_stays_and_the_next_becomes_captain() {
    let mut order = Order::drawn(vec![ANN, BOB, CID, DEE]);
    order.after(Outcome::BoxWon);
    assert_eq!(order.in_box(), Some(ANN));
    assert_eq!(order.captain(), Some(CID));
    // The retiring captain goes to the end of the order (X50).
    assert_eq!(order.players(), [ANN, CID, DEE, BOB]);
    order.after(Outcome::BoxWon);
    order.after(Outcome::BoxWon);
    assert_eq!(order.captain(), Some(BOB));
}

/// "When the player in the box loses a game, he … retires, becoming lowest in order of
/// precedence. The previous captain is now in the box, and the next in line becomes captain"
/// (000:728).
#[test]
fn the_box_who_loses_goes_last_and_the_captain_takes_the_box() {
    let mut order = Order::drawn(vec![ANN, BOB, CID, DEE]);
    order.after(Outcome::BoxLost);
    assert_eq!(order.in_box(), Some(BOB));
    assert_eq!(order.captain(), Some(CID));
    assert_eq!(order.players(), [BOB, CID, DEE, ANN]);
}

/// With three players, the third is the only one who can become captain (000:724).
#[test]
fn three_players_take_turns() {
    let mut order = Order::drawn(vec![ANN, BOB, CID]);
    order.after(Outcome::BoxWon);
    assert_eq!(order.players(), [ANN, CID, BOB]);
    order.after(Outcome::BoxLost);
    assert_eq!(order.players(), [CID, BOB, ANN]);
}

/// A tie moves nobody (the seed is silent; §3f).
#[test]
fn a_tie_moves_nobody_and_pays_nothing() {
    let mut order = Order::drawn(vec![ANN, BOB, CID]);
    order.after(Outcome::Tied);
    assert_eq!(order.players(), [ANN, BOB, CID]);
    assert_eq!(payments(3, ANN, 0, Outcome::Tied), [0, 0, 0]);
}

/// "he collects in full from every opponent" (000:726): the captain and each partner pay
/// the whole value, so the box gains it once for each of them.
#[test]
fn the_box_who_wins_collects_in_full_from_every_opponent() {
    assert_eq!(
        payments(4, ANN, 1320, Outcome::BoxWon),
        [3960, -1320, -1320, -1320]
    );
}

/// "he pays every opponent in full" (000:728).
#[test]
fn the_box_who_loses_pays_every_opponent_in_full() {
    assert_eq!(
        payments(4, BOB, 1420, Outcome::BoxLost),
        [1420, -4260, 1420, 1420]
    );
    assert_eq!(payments(3, CID, 600, Outcome::BoxLost), [600, 600, -1200]);
}

/// The value of a game is what the winner scores less what the loser scores: in Rubicon
/// the bonus 500 and whole hundreds, or a rubicon's 1,000 + 320 and whole hundreds
/// (000:718).
#[test]
fn the_values_a_rubicon_game_can_have() {
    let rubicon = rules::by_name("rubicon").expect("rubicon");
    assert!(sheet::value_possible(rubicon, 500));
    assert!(sheet::value_possible(rubicon, 1700));
    assert!(sheet::value_possible(rubicon, 1320));
    assert!(sheet::value_possible(rubicon, 2520));
    assert!(!sheet::value_possible(rubicon, 400));
    assert!(!sheet::value_possible(rubicon, 1350));
    let six = rules::by_name("six-pack").expect("six-pack");
    assert!(sheet::value_possible(six, 1000));
    assert!(!sheet::value_possible(six, 1320));
}

fn read(text: &str) -> notation::Record {
    let parsed: Vec<_> = notation::Reader::new(text.as_bytes()).collect();
    parsed
        .into_iter()
        .next()
        .and_then(|p| p.record)
        .expect("a record")
}

const SITTING: &str = "%stich 2\n[Game \"bezique\"]\n[Rules \"rubicon\"]\n[Chouette \"Ann Bob Cid\"]\n\n\
sheet    columns Ann Bob Cid\n\
         1. Ann won 1320 captain Bob = Ann 2640 Bob -1320 Cid -1320\n\
         2. Ann lost 1420 captain Cid = Ann -200 Bob 100 Cid 100\n\
         3. Cid won 500 captain Bob = Ann -700 Bob -400 Cid 1100\n\
result   totals Ann -700 Bob -400 Cid 1100\n";

#[test]
fn a_sitting_in_both_rotations_checks_clean() {
    let record = read(SITTING);
    let rubicon = rules::by_name("rubicon").expect("rubicon");
    let (scored, findings) = check_with_hands(&record, rubicon, &[]);
    assert!(findings.is_empty(), "{findings:?}");
    let scored = scored.expect("scored");
    assert_eq!(scored.settlement.amounts, [-700, -400, 1100]);
    assert_eq!(scored.rows[2].declarer.as_deref(), Some("Cid"));
    assert_eq!(scored.rows[2].captain.as_deref(), Some("Bob"));
}

#[test]
fn a_wrong_captain_is_one_finding() {
    let text = SITTING.replace("3. Cid won 500 captain Bob", "3. Cid won 500 captain Ann");
    let record = read(&text);
    let rubicon = rules::by_name("rubicon").expect("rubicon");
    let codes: Vec<&str> = check(&record, rubicon).iter().map(|d| d.code).collect();
    // The captain is wrong, and so are the payments the figures wrote for Bob as captain.
    assert!(codes.contains(&"B0704"), "{codes:?}");
}

#[test]
fn a_sheet_of_another_profile_is_a_finding() {
    let text = SITTING.replace("rubicon", "uspc-two-hand");
    let record = read(&text);
    let profile = rules::by_name("uspc-two-hand").expect("profile");
    let codes: Vec<&str> = check(&record, profile).iter().map(|d| d.code).collect();
    assert_eq!(codes, ["B0702"]);
}
