//! Unit tests of the Sixty-Six family: the seed's worked example and rules written as
//! records, and generated records checked by the same engine.

use proptest::prelude::*;

use crate::family::{Family, GenLayout, Replay};
use crate::sixty_six::family::SIXTY_SIX;
use crate::sixty_six::model::Ending;
use crate::sixty_six::rules;
use crate::{Checked, Verdict};

fn read(text: &str) -> notation::Record {
    notation::read_str(text)
        .into_iter()
        .next()
        .and_then(|p| p.record)
        .expect("a record")
}

fn check(text: &str) -> Checked {
    crate::check(&read(text))
}

fn codes(c: &Checked) -> Vec<&'static str> {
    c.findings.iter().map(|d| d.code).collect()
}

fn replay(c: &Checked) -> &crate::sixty_six::Replay {
    match &c.replay {
        Some(Replay::SixtySix(r)) => r,
        other => panic!("not a Sixty-Six replay: {other:?} {:?}", c.findings),
    }
}

/// The example of notation-growth §2.5, snippet 3, on seed 000's rules: a marriage on the
/// first lead (000:484), the trump nine exchanged (000:482), a close after the draws
/// (000:488), 66 announced (000:490), schneider (000:476).
const EXAMPLE: &str = "%stich 2
[Game \"sixty-six\"]
[Rules \"uspc-two-hand\"]
[Standing \"E 3, D 5\"]

deal     E: ♥K ♥Q ♣A ♣K ♠A ♦10
         D: ♥A ♥9 ♣9 ♠10 ♠K ♦J
         trump: ♣10
         stock: ♠9 ♦A ♣J ♥10 ♦9 ♠Q ♥J ♦K ♣Q ♠J ♦Q
play     E marriage ♥K ♥Q = 20
         1. E: ♥Q ♥A = D 14
         D exchanges ♣9
         2. D: ♠9 ♠A = E 11
         3. E: ♦A ♦J = E 13
         E draws ♦9
         D draws ♠Q
         E closes
         4. E: ♣A ♣10 = E 21
         5. E: ♣K ♥9 = E 4
         E out = 69
result   points E 69 D 14
         game-points E 2
         total E 5 D 5
";

#[test]
fn the_worked_example_comes_out() {
    let c = check(EXAMPLE);
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let r = replay(&c);
    assert_eq!(r.trump.as_deref(), Some("clubs"));
    let res = &r.result;
    assert_eq!(res.ending, Ending::Announced);
    assert_eq!(res.closed_by.as_deref(), Some("E"));
    assert_eq!(res.winner.as_deref(), Some("E"));
    let e = &res.sides[0];
    // 49 in cards (11 + 13 + 21 + 4) and the heart marriage, counted once E won trick 2.
    assert_eq!(
        (e.card_points, e.marriages, e.points, e.game_points),
        (49, 20, 69, 2)
    );
    assert_eq!(res.sides[1].points, 14);
    assert_eq!((e.total, res.sides[1].total), (Some(5), Some(5)));
    // The draws: D won trick 1 and drew ♠9 first; after trick 3 the written draws.
    assert_eq!(r.tricks[0].draws.len(), 2);
    assert_eq!(r.tricks[0].draws[0].0, "D");
    assert_eq!(r.tricks[2].draws.len(), 2);
    // The exchange took the ♣10 up: D follows with it in trick 4.
    assert!(r.events.iter().any(|e| e.what == "exchanges" && e.seat == "D"));
}

#[test]
fn a_wrong_game_point_claim_is_found() {
    let c = check(&EXAMPLE.replace("game-points E 2", "game-points E 1"));
    assert_eq!(codes(&c), ["Y0403"]);
    assert_eq!(c.verdict, Verdict::Inconsistent);
}

#[test]
fn the_nine_needs_a_trick_won_and_the_lead() {
    // E has won no trick before trick 1; D is not on lead there.
    let c = check(&EXAMPLE.replace(
        "play     E marriage ♥K ♥Q = 20",
        "play     D exchanges ♣9\n         E marriage ♥K ♥Q = 20",
    ));
    assert!(codes(&c).contains(&"Y0204"), "{:?}", codes(&c));
}

#[test]
fn after_the_close_the_second_player_must_follow() {
    let c = check(&EXAMPLE.replace("4. E: ♣A ♣10 = E 21", "4. E: ♣A ♥9 = E 11"));
    assert!(codes(&c).contains(&"Y0302"), "{:?}", codes(&c));
    assert_eq!(c.verdict, Verdict::Illegal);
}

#[test]
fn while_the_stock_lasts_nobody_must_follow() {
    // Trick 1: D may win with the ♥A or throw anything, the stock being open (000:480).
    let c = check(&EXAMPLE.replace("1. E: ♥Q ♥A = D 14", "1. E: ♥Q ♦J = E 5"));
    assert!(!codes(&c).contains(&"Y0302"), "{:?}", codes(&c));
}

#[test]
fn a_marriage_is_led_with_its_king_or_queen() {
    let c = check(&EXAMPLE.replace("1. E: ♥Q ♥A = D 14", "1. E: ♦10 ♥A = D 21"));
    assert!(codes(&c).contains(&"Y0206"), "{:?}", codes(&c));
}

#[test]
fn a_close_comes_from_the_player_on_lead() {
    let c = check(&EXAMPLE.replace("         E closes", "         D closes"));
    assert!(codes(&c).contains(&"Y0207"), "{:?}", codes(&c));
}

#[test]
fn a_written_draw_must_be_the_stock_s_top_card() {
    let c = check(&EXAMPLE.replace("E draws ♦9", "E draws ♠Q"));
    assert!(codes(&c).contains(&"Y0208"), "{:?}", codes(&c));
}

/// Without the announcement (000:490) the play goes on after trick 5: a record that stops
/// there is unfinished, and its figures are not final.
#[test]
fn without_the_announcement_the_play_goes_on() {
    let c = check(&EXAMPLE.replace("         E out = 69\n", "").replace(
        "result   points E 69 D 14\n         game-points E 2\n         total E 5 D 5\n",
        "",
    ));
    let r = replay(&c);
    assert!(!r.result.complete);
    assert!(codes(&c).contains(&"Y0501"));
}

/// The marriage of a player who never wins a trick does not count (000:484).
#[test]
fn a_marriage_counts_only_with_a_trick() {
    let c = check(
        "%stich 2
[Game \"sixty-six\"]
[Rules \"uspc-two-hand\"]

deal     E: ♥K ♥Q ♠9 ♦9 ♣9 ♣J
         D: ♥A ♥10 ♠A ♦A ♣A ♣10
         trump: ♠10
         stock: ♠K ♠Q ♠J ♦K ♦Q ♦J ♦10 ♣K ♣Q ♥J ♥9
play     E marriage ♥K ♥Q = 20
         1. E: ♥Q ♥A = D 14
         D out = 14
",
    );
    assert_eq!(codes(&c), ["Y0508"]);
    let r = replay(&c);
    assert_eq!(r.result.sides[0].marriages, 0);
    assert_eq!(r.result.sides[0].points, 0);
    // D's false announcement gives E 2 (X34).
    assert_eq!(r.result.winner.as_deref(), Some("E"));
    assert_eq!(r.result.sides[0].game_points, 2);
}

#[test]
fn generated_records_of_every_profile_check_consistent() {
    for profile in rules::all() {
        for seed in 0..30 {
            let record = SIXTY_SIX
                .generate(profile.name, seed, GenLayout::Varied)
                .expect("a record");
            let text = notation::print_file([&record]);
            let c = check(&text);
            assert_eq!(
                c.verdict,
                Verdict::Consistent,
                "{} seed {seed}: {:#?}\n{text}",
                profile.name,
                c.findings
            );
            let r = replay(&c);
            assert!(r.result.complete, "{} seed {seed}", profile.name);
            // Played out without a close, the cards and the last trick make 130 (000:464–474).
            if r.result.ending == Ending::PlayedOut {
                let cards: u32 = r.result.sides.iter().map(|s| s.card_points + s.last_trick).sum();
                assert_eq!(cards, 130, "{} seed {seed}", profile.name);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the deal, a complete deal gives game points to at most one active player
    /// (the three-hand dealer shares the winner's), 1 to 3 of them, or carries one.
    #[test]
    fn a_deal_scores_one_winner_or_carries(seed in any::<u64>(), which in 0usize..3) {
        let profile = &rules::all()[which];
        let record = SIXTY_SIX.generate(profile.name, seed, GenLayout::Complete).expect("a record");
        let c = crate::check(&record);
        prop_assert_eq!(c.verdict, Verdict::Consistent);
        let r = replay(&c);
        let scoring: Vec<u32> = r.result.sides.iter().filter(|s| s.side != "D" || profile.options.seats == 2).map(|s| s.game_points).filter(|&g| g > 0).collect();
        match r.result.winner {
            None => prop_assert!(r.result.carry >= 1 && scoring.is_empty()),
            Some(_) => prop_assert!(scoring.len() <= 2 && r.result.carry == 0),
        }
    }
}
