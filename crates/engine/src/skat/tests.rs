//! End-to-end tests of the Skat engine on syntax trees built in code: the rule cases of the
//! official rules with their exact figures, the findings for broken records, and properties
//! of the generator's games.

use cards::{AlphabetSet, Card, parse_card};
use proptest::prelude::*;

use crate::core::CardSet;
use crate::skat::r#gen::{Generated, Rng, Style, generate_game, play_out, result_of, to_record};
use crate::skat::model::{Contract, End, GameResult, GameType, Seat};
use crate::skat::pack;
use crate::skat::rules::Profile;
use crate::skat::testkit::{Rec, contract};
use crate::{Checked, Kind, Replay, Severity, Verdict, check};

fn card(t: &str) -> Card {
    parse_card(t, AlphabetSet::DEFAULT).unwrap()
}

fn set(list: &str) -> CardSet {
    list.split_whitespace().map(card).collect()
}

fn result(c: &Checked) -> &GameResult {
    match &c.replay {
        Some(Replay::Skat(r)) => &r.result,
        Some(other) => panic!("not a Skat replay: {other:?}"),
        None => panic!("no replay: {:?}", c.findings),
    }
}

fn codes(c: &Checked) -> Vec<&'static str> {
    c.findings
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.code)
        .collect()
}

/// Searches deals and plays, with the declarer's ten cards and the skat fixed, for a game
/// whose result passes `want`; returns it as a generated game.
#[track_caller]
fn find(
    declarer: Seat,
    dealt: &str,
    skat: &str,
    c: Contract,
    bid: u32,
    want: impl Fn(&GameResult) -> bool,
) -> Generated {
    let p = Profile::isko();
    let dealt = set(dealt);
    let skat = set(skat);
    assert_eq!((dealt.len(), skat.len()), (10, 2));
    let rest: Vec<Card> = pack::cards().difference(dealt).difference(skat).to_vec();
    let d = declarer.index();
    for seed in 0..200_000u64 {
        let mut rng = Rng::new(seed);
        let mut deck = rest.clone();
        for i in (1..deck.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        let others: Vec<Seat> = Seat::ALL.iter().copied().filter(|&s| s != declarer).collect();
        let mut hands = [CardSet::EMPTY; 3];
        hands[d] = dealt;
        hands[others[0].index()] = deck[..10].iter().copied().collect();
        hands[others[1].index()] = deck[10..].iter().copied().collect();
        let mut start = hands;
        let (skat_after, discard) = if c.hand {
            (skat, None)
        } else {
            // Lay away the two cards with the fewest points that are not trump.
            let twelve = dealt.union(skat);
            let order = pack::order(c.game);
            let mut cands: Vec<Card> = twelve.iter().collect();
            cands.sort_by_key(|&x| {
                (
                    order.class(x) == crate::core::trick::TRUMP,
                    pack::points().card(x) + rng.below(3),
                )
            });
            let laid = [cands[0], cands[1]];
            start[d] = twelve.difference(CardSet::of(laid));
            (CardSet::of(laid), Some(laid))
        };
        let styles = match seed % 3 {
            0 => [Style::Random; 3],
            1 => {
                let mut s = [Style::Weak; 3];
                s[d] = Style::Greedy;
                s
            }
            _ => {
                let mut s = [Style::Greedy; 3];
                s[d] = Style::Random;
                s
            }
        };
        let played = play_out(&mut rng, &p, start, declarer, &c, styles, None);
        let r = result_of(&p, declarer, &c, dealt, skat, skat_after, &played, bid);
        if want(&r) {
            let calls = auction_for(declarer, bid);
            return Generated {
                seed,
                hands,
                skat,
                calls,
                contract: Some((declarer, c)),
                discard,
                tricks: played.tricks,
                stop: None,
                result: r,
                omit_defenders: false,
                columns: false,
                trick_claims: true,
                skat_shown: seed.is_multiple_of(2),
            };
        }
    }
    panic!("no game found");
}

/// A legal auction that the declarer wins at `bid`.
fn auction_for(declarer: Seat, bid: u32) -> Vec<(Seat, crate::skat::model::Call)> {
    use crate::skat::model::Call::{Bid, Hold, Pass};
    match declarer {
        Seat::F if bid == 18 => vec![(Seat::M, Pass), (Seat::R, Pass), (Seat::F, Bid(18))],
        Seat::F => vec![
            (Seat::M, Bid(bid)),
            (Seat::F, Hold),
            (Seat::M, Pass),
            (Seat::R, Pass),
        ],
        Seat::M => vec![(Seat::M, Bid(bid)), (Seat::F, Pass), (Seat::R, Pass)],
        Seat::R => vec![(Seat::M, Pass), (Seat::R, Bid(bid)), (Seat::F, Pass)],
    }
}

/// Finds a game, writes it as a record, checks it, and returns the replayed result.
#[track_caller]
fn case(
    declarer: Seat,
    dealt: &str,
    skat: &str,
    c: Contract,
    bid: u32,
    want: impl Fn(&GameResult) -> bool,
) -> GameResult {
    let g = find(declarer, dealt, skat, c, bid, want);
    let checked = check(&to_record(&g, &Profile::isko()));
    assert_eq!(checked.verdict, Verdict::Consistent, "{:#?}", checked.findings);
    let r = result(&checked).clone();
    assert_eq!(r, g.result);
    r
}

// Declarer hands for the cases. Clubs "with 1": ♣J without ♠J.
const CLUBS_WITH_1: &str = "♣J ♥J ♣A ♣10 ♣K ♣Q ♠A ♠10 ♥A ♦A";
const CLUBS_WITH_1_SKAT: &str = "♦7 ♦8";

fn points(p: u32) -> impl Fn(&GameResult) -> bool {
    move |r| r.declarer_card_points == Some(p) && r.declarer_tricks != Some(10)
}

#[test]
fn clubs_with_one_won_with_61_scores_24() {
    let r = case(
        Seat::F,
        CLUBS_WITH_1,
        CLUBS_WITH_1_SKAT,
        contract(GameType::Clubs),
        18,
        points(61),
    );
    assert_eq!(
        (r.matadors, r.won, r.value, r.score),
        (Some(1), Some(true), Some(24), Some(24))
    );
}

#[test]
fn clubs_with_one_lost_with_60_scores_minus_48() {
    let r = case(
        Seat::F,
        CLUBS_WITH_1,
        CLUBS_WITH_1_SKAT,
        contract(GameType::Clubs),
        18,
        points(60),
    );
    assert_eq!((r.won, r.value, r.score), (Some(false), Some(24), Some(-48)));
}

#[test]
fn clubs_without_four_with_61_scores_60() {
    // Only the ♣A of the top: no jack at all, in hand or skat.
    let r = case(
        Seat::M,
        "♣A ♣9 ♣8 ♣7 ♠A ♠10 ♥A ♥10 ♦A ♦10",
        "♠7 ♥7",
        contract(GameType::Clubs),
        18,
        points(61),
    );
    assert_eq!((r.matadors, r.value, r.score), (Some(-4), Some(60), Some(60)));
}

#[test]
fn clubs_with_one_schneider_and_schwarz() {
    let r = case(
        Seat::F,
        CLUBS_WITH_1,
        CLUBS_WITH_1_SKAT,
        contract(GameType::Clubs),
        18,
        points(90),
    );
    assert_eq!((r.schneider, r.value, r.score), (Some(true), Some(36), Some(36)));
    let r = case(
        Seat::F,
        CLUBS_WITH_1,
        CLUBS_WITH_1_SKAT,
        contract(GameType::Clubs),
        18,
        |r| r.declarer_tricks == Some(10),
    );
    assert_eq!((r.schwarz, r.value, r.score), (Some(true), Some(48), Some(48)));
}

#[test]
fn clubs_hand_with_announcements() {
    let mut c = contract(GameType::Clubs);
    c.hand = true;
    c.schneider_announced = true;
    let r = case(Seat::F, CLUBS_WITH_1, CLUBS_WITH_1_SKAT, c, 18, |r| {
        r.declarer_card_points == Some(90)
    });
    assert_eq!(r.score, Some(60));
    c.schwarz_announced = true;
    let strong = "♣J ♥J ♦J ♣A ♣10 ♣K ♣Q ♣9 ♠A ♥A";
    let r = case(Seat::F, strong, CLUBS_WITH_1_SKAT, c, 18, |r| r.won == Some(true));
    assert_eq!((r.declarer_tricks, r.score), (Some(10), Some(84)));
}

#[test]
fn clubs_with_six_scores_84() {
    let r = case(
        Seat::F,
        "♣J ♠J ♥J ♦J ♣A ♣10 ♣Q ♠A ♥A ♦A",
        "♦7 ♦8",
        contract(GameType::Clubs),
        18,
        |r| r.won == Some(true) && r.schneider == Some(false),
    );
    assert_eq!((r.matadors, r.score), (Some(6), Some(84)));
}

#[test]
fn diamonds_without_one_bid_22() {
    let dealt = "♠J ♥J ♦A ♦10 ♦K ♦Q ♠A ♠10 ♥A ♣A";
    let r = case(
        Seat::M,
        dealt,
        "♣7 ♣8",
        contract(GameType::Diamonds),
        22,
        points(89),
    );
    assert_eq!(
        (r.matadors, r.overbid, r.value, r.score),
        (Some(-1), Some(true), Some(27), Some(-54))
    );
    let r = case(
        Seat::M,
        dealt,
        "♣7 ♣8",
        contract(GameType::Diamonds),
        22,
        points(90),
    );
    assert_eq!(
        (r.overbid, r.won, r.value, r.score),
        (Some(false), Some(true), Some(27), Some(27))
    );
}

#[test]
fn hearts_bid_24_with_the_club_jack_in_the_skat_is_overbid() {
    let r = case(
        Seat::R,
        "♥A ♥10 ♥K ♥Q ♥9 ♠A ♠10 ♣A ♣10 ♦A",
        "♣J ♦7",
        contract(GameType::Hearts),
        24,
        |r| r.won == Some(false),
    );
    assert_eq!(
        (r.matadors, r.overbid, r.value, r.score),
        (Some(1), Some(true), Some(30), Some(-60))
    );
}

#[test]
fn grand_with_four() {
    let plain = "♣J ♠J ♥J ♦J ♣A ♣7 ♠A ♠7 ♥7 ♦7";
    let r = case(Seat::F, plain, "♦8 ♦9", contract(GameType::Grand), 18, |r| {
        r.won == Some(true) && r.schneider == Some(false)
    });
    let dealt = "♣J ♠J ♥J ♦J ♣A ♣10 ♠A ♠10 ♥A ♦A";
    assert_eq!(r.score, Some(120));
    let loser = "♣J ♠J ♥J ♦J ♣A ♣10 ♠A ♠K ♥A ♥7";
    let r = case(Seat::F, loser, "♦7 ♦8", contract(GameType::Grand), 18, |r| {
        r.schneider == Some(true) && r.schwarz == Some(false)
    });
    assert_eq!(r.score, Some(144));
    let r = case(Seat::F, dealt, "♦7 ♦8", contract(GameType::Grand), 18, |r| {
        r.schwarz == Some(true)
    });
    assert_eq!(r.score, Some(168));
}

#[test]
fn grand_with_one_schwarz_announced_made() {
    let mut c = contract(GameType::Grand);
    c.hand = true;
    c.schneider_announced = true;
    c.schwarz_announced = true;
    let r = case(
        Seat::F,
        "♣J ♥J ♦J ♣A ♣10 ♠A ♠10 ♥A ♥10 ♦A",
        "♦7 ♦8",
        c,
        18,
        |r| r.won == Some(true),
    );
    assert_eq!((r.matadors, r.score), (Some(1), Some(168)));
}

#[test]
fn grand_hand_schneider_announced_with_89_is_lost() {
    let mut c = contract(GameType::Grand);
    c.hand = true;
    c.schneider_announced = true;
    let r = case(
        Seat::F,
        "♣J ♠J ♥J ♦J ♣7 ♣8 ♠7 ♠8 ♥7 ♦7",
        "♦8 ♦9",
        c,
        18,
        |r| r.end == Some(End::SchneiderFailed),
    );
    assert_eq!((r.won, r.value, r.score), (Some(false), Some(192), Some(-384)));
}

#[test]
fn clubs_ouvert_with_two_made_is_108() {
    let c = Contract {
        game: GameType::Clubs,
        hand: true,
        schneider_announced: true,
        schwarz_announced: true,
        ouvert: true,
    };
    let r = case(
        Seat::F,
        "♣J ♠J ♣A ♣10 ♣K ♣Q ♣9 ♠A ♥A ♦A",
        "♦7 ♦8",
        c,
        18,
        |r| r.won == Some(true),
    );
    assert_eq!((r.matadors, r.score), (Some(2), Some(108)));
}

#[test]
fn null_games_lost() {
    let hand = "♣7 ♣8 ♣9 ♠7 ♠8 ♥7 ♥8 ♦7 ♦8 ♦A";
    for (h, o, score) in [
        (false, false, -46),
        (true, false, -70),
        (false, true, -92),
        (true, true, -118),
    ] {
        let c = Contract {
            game: GameType::Null,
            hand: h,
            ouvert: o,
            schneider_announced: false,
            schwarz_announced: false,
        };
        let r = case(Seat::F, hand, "♠A ♥A", c, 18, |r| r.won == Some(false));
        assert_eq!((r.end, r.score), (Some(End::NullTrickTaken), Some(score)));
    }
}

#[test]
fn spades_with_two_and_89_is_33() {
    let r = case(
        Seat::F,
        "♣J ♠J ♠A ♠10 ♠K ♠Q ♥A ♥10 ♦A ♣A",
        "♦7 ♦8",
        contract(GameType::Spades),
        18,
        points(89),
    );
    assert_eq!(r.score, Some(33));
}

/// Seed 004, §SCORING: M holds J J 10 K 9 8 A A 10 7 and plays clubs hand "against 2" on a
/// bid of 46 (the ♠J and ♥J, clubs 10 K 9 8); the skat holds the ♣J and the ♥Q.
#[test]
fn seed_004_scoring_example() {
    let mut c = contract(GameType::Clubs);
    c.hand = true;
    let dealt = "♥J ♦J ♣10 ♣K ♣9 ♣8 ♠A ♥A ♥10 ♦7";
    let r = case(Seat::M, dealt, "♣J ♥Q", c, 46, points(74));
    assert_eq!(
        (r.matadors, r.overbid, r.value, r.score),
        (Some(1), Some(true), Some(48), Some(-96))
    );
    let r = case(Seat::M, dealt, "♣J ♥Q", c, 46, points(95));
    assert_eq!(
        (r.overbid, r.won, r.value, r.score),
        (Some(false), Some(true), Some(48), Some(48))
    );
}

// Hand-written records.

/// A complete deal used by the hand-written records: F holds every club and the jacks.
fn base() -> Rec {
    Rec::new()
        .deal("F", "♣J ♠J ♥J ♦J ♣A ♣10 ♣K ♣Q ♣9 ♣8")
        .deal("M", "♠A ♠10 ♠K ♠Q ♠9 ♠8 ♠7 ♣7 ♥7 ♦7")
        .deal("R", "♥A ♥10 ♥K ♥Q ♥9 ♥8 ♦A ♦10 ♦K ♦Q")
        .deal("skat", "♦9 ♦8")
}

/// F plays clubs and draws trumps; the play is fully written out.
fn clubs_game() -> Rec {
    base()
        .auction("M 18, F yes, M pass, R pass")
        .exchange("F pickup ♦9 ♦8")
        .exchange("F discard ♦9 ♦8")
        .declare("F clubs")
        .tricks(
            "F: ♣J ♣7 ♥A; F: ♠J ♠A ♥10; F: ♥J ♠10 ♥K; F: ♦J ♠K ♥Q; F: ♣A ♠Q ♥9; \
             F: ♣10 ♠9 ♥8; F: ♣K ♠8 ♦A; F: ♣Q ♠7 ♦10; F: ♣9 ♥7 ♦K; F: ♣8 ♦7 ♦Q",
        )
}

#[test]
fn a_fully_written_game_replays_and_every_claim_is_checked() {
    let rec = clubs_game().claims(
        "declarer F, outcome won, points 120, tricks 10, matadors +10, schneider yes, schwarz yes, overbid no, bid 18, value 156, score 156, skat_points 0",
    );
    let c = check(&rec.build());
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let r = result(&c);
    // With 10 (the ♣7 is out), game, schneider, schwarz: 13 × 12.
    assert_eq!(r.matadors, Some(10));
    assert_eq!(r.value, Some(156));
}

#[test]
fn a_wrong_claimed_score_is_inconsistent_with_both_figures() {
    let c = check(&clubs_game().claims("value 156, score 186").build());
    assert_eq!(c.verdict, Verdict::Inconsistent);
    let d = c.findings.iter().find(|d| d.code == "S0406").unwrap();
    assert_eq!(
        (d.claimed.as_deref(), d.computed.as_deref()),
        (Some("+186"), Some("+156"))
    );
    assert_eq!(d.kind, Kind::Inconsistent);
}

#[test]
fn a_disputed_claim_is_reported_but_not_held_against_the_record() {
    let c = check(
        &clubs_game()
            .claims("score 186, disputed \"the book adds wrongly\"")
            .build(),
    );
    assert_eq!(c.verdict, Verdict::Consistent);
    let d = c.findings.iter().find(|d| d.code == "S0406").unwrap();
    assert_eq!((d.kind, d.severity), (Kind::Disputed, Severity::Warning));
}

#[test]
fn a_revoke_is_illegal_and_names_cards_and_seats() {
    // Trick 1: ♣J led, M holds ♣7 but plays ♠A.
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .tricks("F: ♣J ♠A ♥A");
    let c = check(&rec.build());
    assert_eq!(c.verdict, Verdict::Illegal);
    let d = c.findings.iter().find(|d| d.code == "S0301").unwrap();
    assert_eq!(d.message, "trick 1: M played ♠A but must follow trump: holds ♣7");
}

#[test]
fn a_wrong_leader_and_a_card_not_held_are_illegal() {
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .tricks("M: ♠A ♥A ♣J");
    let c = check(&rec.build());
    assert!(codes(&c).contains(&"S0302"), "{:?}", c.findings);
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .tricks("F: ♣J ♣7 ♠A");
    let c = check(&rec.build());
    assert!(codes(&c).contains(&"D0104"), "{:?}", c.findings);
}

#[test]
fn an_illegal_bid_is_reported() {
    let c = check(&base().auction("M 19, F pass, R pass").declare("M spades").build());
    assert_eq!(c.verdict, Verdict::Illegal);
    assert!(codes(&c).contains(&"S0101"));
}

#[test]
fn a_null_below_the_bid_is_an_illegal_declaration() {
    let c = check(
        &base()
            .auction("M 18, F yes, M 24, F yes, M 27, F pass, R pass")
            .declare("M null")
            .build(),
    );
    let d = c.findings.iter().find(|d| d.code == "S0202").unwrap();
    assert!(
        d.message.contains("worth 23, less than the bid 27"),
        "{}",
        d.message
    );
    assert_eq!(c.verdict, Verdict::Illegal);
}

#[test]
fn a_passed_deal_scores_nothing() {
    let c = check(
        &base()
            .auction("M pass, R pass, F pass")
            .claims("passed, score 0")
            .build(),
    );
    assert_eq!(c.verdict, Verdict::Consistent, "{:?}", c.findings);
    assert!(result(&c).passed);
}

#[test]
fn hands_left_out_are_inferred_from_the_play() {
    let rec = Rec::new()
        .deal("F", "♣J ♠J ♥J ♦J ♣A ♣10 ♣K ♣Q ♣9 ♣8")
        .deal("skat", "♦9 ♦8")
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .tricks(
            "F: ♣J ♣7 ♥A; F: ♠J ♠A ♥10; F: ♥J ♠10 ♥K; F: ♦J ♠K ♥Q; F: ♣A ♠Q ♥9; \
             F: ♣10 ♠9 ♥8; F: ♣K ♠8 ♦A; F: ♣Q ♠7 ♦10; F: ♣9 ♥7 ♦K; F: ♣8 ♦7 ♦Q",
        )
        .claims("score 168");
    let c = check(&rec.build());
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let Some(Replay::Skat(r)) = &c.replay else {
        panic!()
    };
    assert!(r.deal.hands[1].inferred && r.deal.hands[2].inferred && !r.deal.hands[0].inferred);
    assert_eq!(r.deal.hands[1].cards.len(), 10);
    assert!(
        c.findings
            .iter()
            .any(|d| d.code == "D0108" && d.severity == Severity::Note)
    );
    // Clubs hand with 10: 10 + game + hand + schneider + schwarz = 14 × 12.
    assert_eq!(result(&c).score, Some(168));
}

#[test]
fn column_layout_with_player_names_finds_the_leader() {
    let rec = base()
        .tag("F", "Anna")
        .tag("M", "Bert")
        .tag("R", "Cora")
        .columns("Cora Anna Bert")
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .trick("♥A ♣J ♣7 +13")
        .trick("♥10 ♠J ♠A +23");
    let c = check(&rec.unfinished().build());
    assert_eq!(c.verdict, Verdict::Incomplete, "{:#?}", c.findings);
    let Some(Replay::Skat(r)) = &c.replay else {
        panic!()
    };
    assert_eq!(r.tricks[1].leader, Seat::F);
    assert_eq!(r.tricks[0].cards[0].card, card("♣J"));
    assert!(!c.findings.iter().any(|d| d.code == "S0401"));
}

#[test]
fn trick_claims_are_checked() {
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .trick("F: ♣J ♣7 ♥A +12");
    let c = check(&rec.build());
    let d = c.findings.iter().find(|d| d.code == "S0401").unwrap();
    assert_eq!(
        (d.claimed.as_deref(), d.computed.as_deref()),
        (Some("12"), Some("13"))
    );
    // The claim as data: the key and both figures typed.
    let claim = d.claim.as_ref().expect("the claim as data");
    assert_eq!(
        (claim.key.as_str(), &claim.claimed, &claim.computed),
        (
            "trick",
            &notation::Figure::Number(12),
            &notation::Figure::Number(13)
        )
    );
    // A trick the declarer's side did not take is claimed and computed as `-`.
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .trick("F: ♥A ♥7 ♣J +15");
    let c = check(&rec.build());
    let d = c.findings.iter().find(|d| d.code == "S0401").expect("S0401");
    let claim = d.claim.as_ref().expect("the claim as data");
    assert_eq!(
        (&claim.claimed, &claim.computed),
        (
            &notation::Figure::Number(15),
            &notation::Figure::Word("-".to_string())
        )
    );
}

#[test]
fn a_record_that_stops_without_an_end_is_incomplete() {
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .trick("F: ♣J ♣7 ♥A");
    let c = check(&rec.build());
    assert_eq!(c.verdict, Verdict::Incomplete);
    assert!(codes(&c).contains(&"S0505"));
}

#[test]
fn concessions_end_the_game() {
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .trick("F: ♣J ♣7 ♥A")
        .event("M resigns")
        .event("R resigns")
        .claims("tricks 10, points 120, score 168");
    let c = check(&rec.build());
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    assert_eq!(result(&c).end, Some(End::DefendersConceded));
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("F clubs hand")
        .event("F concedes");
    let c = check(&rec.build());
    // A concession before any trick: clubs hand with 10, lost: 12 × 12 × 2.
    assert_eq!((result(&c).won, result(&c).score), (Some(false), Some(-288)));
}

#[test]
fn null_lost_at_the_declarers_first_trick() {
    let rec = base()
        .auction("M 18, F pass, R pass")
        .declare("M null hand")
        .trick("F: ♣8 ♣7 ♥A")
        .trick("F: ♠J ♠A ♥10")
        .claims("outcome lost, score -70");
    let c = check(&rec.build());
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    assert_eq!(
        (result(&c).end, result(&c).ended_at_trick),
        (Some(End::NullTrickTaken), Some(2))
    );
}

#[test]
fn announcements_need_a_hand_game() {
    let c = check(&clubs_game().build().clone());
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .exchange("F pickup")
        .exchange("F discard ♦9 ♦8")
        .declare("F clubs schneider");
    let c = check(&rec.build());
    assert!(codes(&c).contains(&"S0201"));
}

#[test]
fn german_words_and_seat_aliases_are_read_and_canonicalized() {
    let mut rec = base()
        .auction("M 18, V yes, M pass, H pass")
        .declare("Vorhand Kreuz Hand")
        .trick("V: ♣J ♣7 ♥A")
        .event("Mittelhand resigns")
        .event("Hinterhand resigns")
        .claims("outcome gewonnen")
        .build();
    let c = check(&rec);
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    crate::canonicalize(&mut rec);
    let decl = &rec.declaration.as_ref().unwrap().items[0];
    assert_eq!(decl.seat.as_ref().unwrap().node, "F");
    let words: Vec<String> = decl
        .tokens
        .iter()
        .map(|t| match &t.node {
            notation::Token::Word(w) => w.clone(),
            _ => String::new(),
        })
        .collect();
    assert_eq!(words, ["clubs", "hand"]);
    assert_eq!(rec.auction.as_ref().unwrap().items[3].seat.node, "R");
}

#[test]
fn unknown_words_and_claims_are_warnings() {
    let c = check(&clubs_game().declare("F clubs").claims("frobnicate 3").build());
    let warnings: Vec<_> = c
        .findings
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| d.code)
        .collect();
    assert!(warnings.contains(&"S0503"), "{:?}", c.findings);
    assert_eq!(c.verdict, Verdict::Consistent);
}

#[test]
fn claim_values_that_do_not_read_are_errors() {
    // Each value is one a reader could take for a figure at a glance; none reads, so the
    // record states something that cannot be checked and is not consistent.
    for claims in [
        "points lots",
        "points 1e3",
        "score 24.5",
        "outcome w\u{43e}n",
        "tricks -1",
        "declarer X",
        "schneider maybe",
    ] {
        let c = check(&clubs_game().claims(claims).build());
        assert_eq!(codes(&c), vec!["S0419"], "{claims}: {:?}", c.findings);
        assert_eq!(c.verdict, Verdict::Inconsistent, "{claims}");
        let d = c.findings.iter().find(|d| d.code == "S0419").unwrap();
        assert_eq!(d.kind, Kind::Inconsistent);
        assert!(d.help.is_some(), "{claims}");
    }
    let c = check(&clubs_game().claims("outcome w\u{43e}n").build());
    let d = c.findings.iter().find(|d| d.code == "S0419").unwrap();
    let help = d.help.as_deref().unwrap_or_default();
    assert!(help.contains("U+043E"), "{help}");
}

#[test]
fn unknown_game_and_profile_are_findings() {
    let c = check(&Rec::default().tag("Game", "whist").build());
    assert_eq!((codes(&c), c.verdict), (vec!["E0001"], Verdict::Incomplete));
    let c = check(&Rec::default().tag("Game", "skat").tag("Rules", "tournée").build());
    assert_eq!(codes(&c), vec!["E0002"]);
}

#[test]
fn profiles_are_listed_with_their_bid_table() {
    let ps: Vec<_> = crate::profiles()
        .into_iter()
        .filter(|p| p.game == "skat")
        .collect();
    let names: Vec<&str> = ps.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "isko",
            "isko-kontra",
            "isko-house",
            "isko-unofficial",
            "foster-1897",
            "american",
            "uspc"
        ]
    );
    assert_eq!(ps[0].options["bid_table"].as_array().map(Vec::len), Some(63));
    assert_eq!(ps[1].options["bid_table"], ps[0].options["bid_table"]);
    assert_eq!(ps[2].options["bid_table"], ps[0].options["bid_table"]);
    assert_eq!(
        ps[3].options["bid_table"], ps[0].options["bid_table"],
        "isko-unofficial"
    );
    assert_eq!(ps[4].options["bid_table"][0], 10);
    assert_eq!(ps[5].options["bid_table"][0], 18);
    assert_eq!(
        ps[4].options["rules"]["multiplier"]["ladder"]["schwarz"], 3,
        "Law 2: an unannounced schwarz is the third level"
    );
}

#[test]
fn generated_games_cover_every_end_and_game_type() {
    let p = Profile::isko();
    let mut ends = std::collections::HashSet::new();
    let mut games = std::collections::HashSet::new();
    let mut overbid = false;
    let mut passed = false;
    for seed in 0..3000 {
        let g = generate_game(seed, &p);
        ends.extend(g.result.end);
        games.extend(g.result.game);
        overbid |= g.result.overbid == Some(true);
        passed |= g.result.passed;
    }
    assert_eq!(games.len(), 6);
    // Every end but the two penalty ends, which the generator leaves out.
    assert!(ends.len() >= 7, "{ends:?}");
    assert!(!ends.contains(&End::DeclarerPenalized) && !ends.contains(&End::DefenderPenalized));
    assert!(overbid && passed);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn generated_games_replay_consistent(seed in any::<u64>()) {
        let p = Profile::isko();
        let g = generate_game(seed, &p);
        let c = check(&to_record(&g, &p));
        prop_assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
        prop_assert_eq!(result(&c), &g.result);
        let Some(Replay::Skat(r)) = &c.replay else { panic!() };
        if !g.result.passed {
            let trick_points: u32 = r.tricks.iter().map(|t| t.points).sum();
            if r.tricks.len() == 10 {
                prop_assert_eq!(trick_points + g.result.skat_points.unwrap_or(0), 120);
            }
            let v = g.result.value.unwrap_or(0);
            prop_assert!(p.is_bid(v), "value {} not in the bid table", v);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generated_games_of_every_profile_replay_consistent(seed in any::<u64>()) {
        for p in crate::skat::rules::all() {
            let g = generate_game(seed, p);
            let c = check(&to_record(&g, p));
            prop_assert_eq!(c.verdict, Verdict::Consistent, "{}: {:#?}", p.name, c.findings);
            prop_assert_eq!(result(&c), &g.result, "{}", p.name);
        }
    }
}

/// A longer run of the generator property, for manual use: `cargo test -- --ignored`.
#[test]
#[ignore]
fn many_generated_games_replay_consistent() {
    let p = Profile::isko();
    let n: u64 = std::env::var("STICH_GEN_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    for seed in 0..n {
        let g = generate_game(seed, &p);
        let c = check(&to_record(&g, &p));
        assert_eq!(c.verdict, Verdict::Consistent, "seed {seed}: {:#?}", c.findings);
        assert_eq!(result(&c), &g.result, "seed {seed}");
    }
}

/// One rule case of the corpus: a deal searched for, and the figures it must show.
struct CorpusCase {
    file: &'static str,
    event: &'static str,
    source: &'static str,
    declarer: Seat,
    dealt: &'static str,
    skat: &'static str,
    contract: Contract,
    bid: u32,
    want: fn(&GameResult) -> bool,
}

fn with(game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool) -> Contract {
    Contract {
        game,
        hand,
        schneider_announced: schneider,
        schwarz_announced: schwarz,
        ouvert,
    }
}

fn corpus_cases() -> Vec<CorpusCase> {
    use GameType::*;
    let value = "seed 004, §GAME VALUE CALCULATING";
    vec![
        CorpusCase {
            file: "clubs-with-1-61",
            event: "Clubs with 1, 61 points: won 24",
            source: value,
            declarer: Seat::F,
            dealt: CLUBS_WITH_1,
            skat: CLUBS_WITH_1_SKAT,
            contract: with(Clubs, false, false, false, false),
            bid: 18,
            want: |r| r.declarer_card_points == Some(61),
        },
        CorpusCase {
            file: "clubs-with-1-60",
            event: "Clubs with 1, 60 points: lost -48",
            source: "seed 004, §GAMEPLAY (the opponents win with 60) and §SCORING",
            declarer: Seat::F,
            dealt: CLUBS_WITH_1,
            skat: CLUBS_WITH_1_SKAT,
            contract: with(Clubs, false, false, false, false),
            bid: 18,
            want: |r| r.declarer_card_points == Some(60),
        },
        CorpusCase {
            file: "clubs-without-4",
            event: "Clubs without 4 (only the ♣A of the top), 61 points: won 60",
            source: "seed 004, §Matadors",
            declarer: Seat::M,
            dealt: "♣A ♣9 ♣8 ♣7 ♠A ♠10 ♥A ♥10 ♦A ♦10",
            skat: "♠7 ♥7",
            contract: with(Clubs, false, false, false, false),
            bid: 18,
            want: |r| r.declarer_card_points == Some(61),
        },
        CorpusCase {
            file: "clubs-with-1-schneider",
            event: "Clubs with 1, 90 points: schneider, won 36",
            source: value,
            declarer: Seat::F,
            dealt: CLUBS_WITH_1,
            skat: CLUBS_WITH_1_SKAT,
            contract: with(Clubs, false, false, false, false),
            bid: 18,
            want: |r| r.declarer_card_points == Some(90),
        },
        CorpusCase {
            file: "clubs-with-1-schwarz",
            event: "Clubs with 1, all tricks: schwarz, won 48",
            source: value,
            declarer: Seat::F,
            dealt: CLUBS_WITH_1,
            skat: CLUBS_WITH_1_SKAT,
            contract: with(Clubs, false, false, false, false),
            bid: 18,
            want: |r| r.declarer_tricks == Some(10),
        },
        CorpusCase {
            file: "clubs-hand-schneider-announced",
            event: "Clubs hand with 1, schneider announced, 90 points: won 60",
            source: "seed 004, §BIDDING / AUCTION (announcements in hand games) and §GAME VALUE CALCULATING",
            declarer: Seat::F,
            dealt: CLUBS_WITH_1,
            skat: CLUBS_WITH_1_SKAT,
            contract: with(Clubs, true, true, false, false),
            bid: 18,
            want: |r| r.declarer_card_points == Some(90),
        },
        CorpusCase {
            file: "clubs-hand-schwarz-announced",
            event: "Clubs hand with 1, schwarz announced, all tricks: won 84",
            source: "seed 004, §BIDDING / AUCTION (announcements in hand games) and §GAME VALUE CALCULATING",
            declarer: Seat::F,
            dealt: "♣J ♥J ♦J ♣A ♣10 ♣K ♣Q ♣9 ♠A ♥A",
            skat: CLUBS_WITH_1_SKAT,
            contract: with(Clubs, true, true, true, false),
            bid: 18,
            want: |r| r.won == Some(true),
        },
        CorpusCase {
            file: "clubs-with-6",
            event: "Clubs with 6 (four jacks, ♣A ♣10, no ♣K): won 84",
            source: "seed 004, §Matadors",
            declarer: Seat::F,
            dealt: "♣J ♠J ♥J ♦J ♣A ♣10 ♣Q ♠A ♥A ♦A",
            skat: "♦7 ♦8",
            contract: with(Clubs, false, false, false, false),
            bid: 18,
            want: |r| r.won == Some(true) && r.schneider == Some(false),
        },
        CorpusCase {
            file: "diamonds-overbid-89",
            event: "Diamonds without 1 on a bid of 22, 89 points: overbid, lost -54",
            source: "seed 004, §Kontra and Re example (the lowest multiple of diamonds that reaches the bid) and §SCORING",
            declarer: Seat::M,
            dealt: "♠J ♥J ♦A ♦10 ♦K ♦Q ♠A ♠10 ♥A ♣A",
            skat: "♣7 ♣8",
            contract: with(Diamonds, false, false, false, false),
            bid: 22,
            want: |r| r.declarer_card_points == Some(89),
        },
        CorpusCase {
            file: "diamonds-schneider-90",
            event: "Diamonds without 1 on a bid of 22, 90 points: schneider lifts it to 27, won",
            source: "seed 004, §SCORING (an undeclared schneider counts)",
            declarer: Seat::M,
            dealt: "♠J ♥J ♦A ♦10 ♦K ♦Q ♠A ♠10 ♥A ♣A",
            skat: "♣7 ♣8",
            contract: with(Diamonds, false, false, false, false),
            bid: 22,
            want: |r| r.declarer_card_points == Some(90),
        },
        CorpusCase {
            file: "hearts-jack-in-skat",
            event: "Hearts on a bid of 24 without a jack, the ♣J in the skat: with 1, overbid, lost -60",
            source: "seed 004, §Matadors (the skat counts) and §SCORING",
            declarer: Seat::R,
            dealt: "♥A ♥10 ♥K ♥Q ♥9 ♠A ♠10 ♣A ♣10 ♦A",
            skat: "♣J ♦7",
            contract: with(Hearts, false, false, false, false),
            bid: 24,
            want: |r| r.declarer_card_points.is_some_and(|p| (61..90).contains(&p)),
        },
        CorpusCase {
            file: "grand-with-4",
            event: "Grand with 4: won 120",
            source: value,
            declarer: Seat::F,
            dealt: "♣J ♠J ♥J ♦J ♣A ♣7 ♠A ♠7 ♥7 ♦7",
            skat: "♦8 ♦9",
            contract: with(Grand, false, false, false, false),
            bid: 18,
            want: |r| r.won == Some(true) && r.schneider == Some(false),
        },
        CorpusCase {
            file: "grand-with-4-schneider",
            event: "Grand with 4, schneider: won 144",
            source: value,
            declarer: Seat::F,
            dealt: "♣J ♠J ♥J ♦J ♣A ♣10 ♠A ♠K ♥A ♥7",
            skat: "♦7 ♦8",
            contract: with(Grand, false, false, false, false),
            bid: 18,
            want: |r| r.schneider == Some(true) && r.schwarz == Some(false),
        },
        CorpusCase {
            file: "grand-with-4-schwarz",
            event: "Grand with 4, schwarz: won 168",
            source: value,
            declarer: Seat::F,
            dealt: "♣J ♠J ♥J ♦J ♣A ♣10 ♠A ♠10 ♥A ♦A",
            skat: "♦7 ♦8",
            contract: with(Grand, false, false, false, false),
            bid: 18,
            want: |r| r.schwarz == Some(true),
        },
        CorpusCase {
            file: "grand-hand-schwarz-announced",
            event: "Grand hand with 1, schwarz announced and made: won 168",
            source: value,
            declarer: Seat::F,
            dealt: "♣J ♥J ♦J ♣A ♣10 ♠A ♠10 ♥A ♥10 ♦A",
            skat: "♦7 ♦8",
            contract: with(Grand, true, true, true, false),
            bid: 18,
            want: |r| r.won == Some(true),
        },
        CorpusCase {
            file: "grand-hand-schneider-announced-lost",
            event: "Grand hand with 4, schneider announced, the defenders reach 31: lost -384",
            source: "seed 004, §BIDDING / AUCTION (announcements) and §SCORING (lost games count double)",
            declarer: Seat::F,
            dealt: "♣J ♠J ♥J ♦J ♣7 ♣8 ♠7 ♠8 ♥7 ♦7",
            skat: "♦8 ♦9",
            contract: with(Grand, true, true, false, false),
            bid: 18,
            want: |r| r.end == Some(End::SchneiderFailed),
        },
        CorpusCase {
            file: "clubs-ouvert",
            event: "Clubs ouvert with 2, made: won 108",
            source: "seed 004, §BIDDING / AUCTION (ouvert) and §GAME VALUE CALCULATING",
            declarer: Seat::F,
            dealt: "♣J ♠J ♣A ♣10 ♣K ♣Q ♣9 ♠A ♥A ♦A",
            skat: "♦7 ♦8",
            contract: with(Clubs, true, true, true, true),
            bid: 18,
            want: |r| r.won == Some(true),
        },
        CorpusCase {
            file: "null-lost",
            event: "Null lost at the declarer's first trick: -46",
            source: "seed 004, §The value of Null games and §SCORING",
            declarer: Seat::F,
            dealt: "♣7 ♣8 ♣9 ♠7 ♠8 ♥7 ♥8 ♦7 ♦8 ♦A",
            skat: "♠A ♥A",
            contract: with(Null, false, false, false, false),
            bid: 18,
            want: |r| r.won == Some(false),
        },
        CorpusCase {
            file: "null-hand-lost",
            event: "Null hand lost: -70",
            source: "seed 004, §The value of Null games and §SCORING",
            declarer: Seat::F,
            dealt: "♣7 ♣8 ♣9 ♠7 ♠8 ♥7 ♥8 ♦7 ♦8 ♦A",
            skat: "♠A ♥A",
            contract: with(Null, true, false, false, false),
            bid: 18,
            want: |r| r.won == Some(false),
        },
        CorpusCase {
            file: "null-ouvert-lost",
            event: "Null ouvert lost: -92",
            source: "seed 004, §The value of Null games and §SCORING",
            declarer: Seat::F,
            dealt: "♣7 ♣8 ♣9 ♠7 ♠8 ♥7 ♥8 ♦7 ♦8 ♦A",
            skat: "♠A ♥A",
            contract: with(Null, false, false, false, true),
            bid: 18,
            want: |r| r.won == Some(false),
        },
        CorpusCase {
            file: "null-ouvert-hand-lost",
            event: "Null ouvert hand lost: -118",
            source: "seed 004, §The value of Null games and §SCORING",
            declarer: Seat::F,
            dealt: "♣7 ♣8 ♣9 ♠7 ♠8 ♥7 ♥8 ♦7 ♦8 ♦A",
            skat: "♠A ♥A",
            contract: with(Null, true, false, false, true),
            bid: 18,
            want: |r| r.won == Some(false),
        },
        CorpusCase {
            file: "spades-with-2-89",
            event: "Spades with 2, 89 points: won 33",
            source: value,
            declarer: Seat::F,
            dealt: "♣J ♠J ♠A ♠10 ♠K ♠Q ♥A ♥10 ♦A ♣A",
            skat: "♦7 ♦8",
            contract: with(Spades, false, false, false, false),
            bid: 18,
            want: |r| r.declarer_card_points == Some(89),
        },
        CorpusCase {
            file: "seed-004-overbid",
            event: "The scoring example: clubs hand expected against 2, the skat holds ♣J and ♥Q, 74 points: overbid, lost -96",
            source: "seed 004, §SCORING, Example (official rules)",
            declarer: Seat::M,
            dealt: "♥J ♦J ♣10 ♣K ♣9 ♣8 ♠A ♥A ♥10 ♦7",
            skat: "♣J ♥Q",
            contract: with(Clubs, true, false, false, false),
            bid: 46,
            want: |r| r.declarer_card_points == Some(74),
        },
        CorpusCase {
            file: "seed-004-schneider",
            event: "The scoring example with 95 points: the undeclared schneider makes it 48, won",
            source: "seed 004, §SCORING, Example (official rules)",
            declarer: Seat::M,
            dealt: "♥J ♦J ♣10 ♣K ♣9 ♣8 ♠A ♥A ♥10 ♦7",
            skat: "♣J ♥Q",
            contract: with(Clubs, true, false, false, false),
            bid: 46,
            want: |r| r.declarer_card_points == Some(95),
        },
    ]
}

/// The auction of seed 004's example: rearhand raises to 46 and middlehand holds.
fn seed_004_auction() -> Vec<(Seat, crate::skat::model::Call)> {
    use crate::skat::model::Call::{Bid, Hold, Pass};
    let mut calls = vec![(Seat::M, Bid(18)), (Seat::F, Pass)];
    for v in [20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46] {
        calls.push((Seat::R, Bid(v)));
        calls.push((Seat::M, Hold));
    }
    calls.push((Seat::R, Pass));
    calls
}

/// Writes the rule cases to `corpus/skat/isko/`: `cargo test -p stich-engine write_corpus -- --ignored`.
#[test]
#[ignore]
fn write_corpus() {
    let p = Profile::isko();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/skat/isko");
    std::fs::create_dir_all(&dir).unwrap();
    for c in corpus_cases() {
        let mut g = find(c.declarer, c.dealt, c.skat, c.contract, c.bid, c.want);
        if c.file.starts_with("seed-004") {
            g.calls = seed_004_auction();
        }
        // Two cases show other ways books print a game: only the declarer's hand (the
        // others follow from the play), and the play in columns under the players' names.
        g.omit_defenders = c.file == "clubs-without-4" || c.file == "seed-004-overbid";
        let mut rec = to_record(&g, &p);
        rec.tags.retain(|t| t.name.node != "Source");
        let tag = |n: &str, v: &str| notation::Tag {
            name: notation::Spanned::bare(n.to_string()),
            value: notation::Spanned::bare(v.to_string()),
            comments: Vec::new(),
        };
        rec.tags.push(tag("Event", c.event));
        rec.tags.push(tag("Source", c.source));
        let mut note = "A rule case of the official rules. The declarer's hand and the skat are set by the case; \
                        the other hands and the play are one way of reaching its figures, which the result claims state."
            .to_string();
        if c.file == "spades-with-2-89" {
            let names = ["Anna", "Bert", "Cora"];
            for (s, n) in Seat::ALL.iter().zip(names) {
                rec.tags.push(tag(s.label(), n));
            }
            let rename = |l: &mut String| {
                if let Some(i) = Seat::ALL.iter().position(|s| s.label() == l) {
                    *l = names[i].to_string();
                }
            };
            for line in &mut rec.deal.as_mut().unwrap().items {
                rename(&mut line.seat.node);
            }
            for call in &mut rec.auction.as_mut().unwrap().items {
                rename(&mut call.seat.node);
            }
            for st in &mut rec.declaration.as_mut().unwrap().items {
                rename(&mut st.seat.as_mut().unwrap().node);
            }
            for st in rec.exchange.iter_mut().flat_map(|e| e.items.iter_mut()) {
                rename(&mut st.seat.as_mut().unwrap().node);
            }
            for cl in &mut rec.result.as_mut().unwrap().items {
                for v in &mut cl.values {
                    if let notation::Token::Word(w) = &mut v.node {
                        rename(w);
                    }
                }
            }
            let play = &mut rec.play.as_mut().unwrap().items;
            // Columns in a book's order: rearhand, forehand, middlehand.
            let order = [2usize, 0, 1];
            play.layout = notation::Layout::Columns(
                order
                    .iter()
                    .map(|&i| notation::Spanned::bare(names[i].to_string()))
                    .collect(),
            );
            for (n, item) in play.items.iter_mut().enumerate() {
                if let notation::PlayItem::Trick(t) = item {
                    let (leader, cards) = (&g.tricks[n].leader, &g.tricks[n].cards);
                    t.leader = None;
                    t.cards = order
                        .iter()
                        .map(|&i| {
                            notation::Spanned::bare(notation::CardSlot::Known(
                                cards[(i + 3 - leader.index()) % 3],
                            ))
                        })
                        .collect();
                }
            }
            note.push_str(
                " The play is printed in columns rearhand, forehand, middlehand under the players' names.",
            );
        }
        if g.omit_defenders {
            note.push_str(
                " Only the declarer's hand and the skat are printed; the other hands follow from the play.",
            );
        }
        rec.leading_comments = vec![notation::Comment::Brace(note)];
        let text = notation::print(&rec);
        std::fs::write(dir.join(format!("{}.stich", c.file)), text).unwrap();
    }
}

#[test]
fn the_replay_serializes_with_its_game_tag_and_canonical_cards() {
    let c = check(&clubs_game().claims("score 156").build());
    let json = serde_json::to_value(c.replay.as_ref().unwrap()).unwrap();
    assert_eq!(json["game"], "skat");
    assert_eq!(json["profile"], "isko");
    assert_eq!(json["tricks"][0]["cards"][0]["card"], "♣J");
    assert_eq!(json["tricks"][0]["winner"], "F");
    assert_eq!(json["declaration"]["game"], "clubs");
    // The result is reported on its own, beside the normalized record.
    assert!(json.get("result").is_none());
    let outcome = serde_json::to_value(c.replay.as_ref().unwrap().outcome()).unwrap();
    assert_eq!(outcome["score"], 156);
    assert_eq!(outcome["end"], "played_out");
    assert_eq!(json["auction"][0]["call"]["bid"], 18);
    let schema = serde_json::to_value(schemars::schema_for!(crate::Outcome)).unwrap();
    assert!(schema.to_string().contains("declarer_card_points"));
}

#[test]
fn a_declaration_without_a_seat_is_read_and_canonicalized() {
    // The reader takes `Kreuz` for a seat; the engine knows it is the game.
    let mut rec = base()
        .auction("M 18, F yes, M pass, R pass")
        .declare("Kreuz Hand")
        .event("F concedes")
        .build();
    let c = check(&rec);
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    assert_eq!(
        (result(&c).declarer, result(&c).game),
        (Some(Seat::F), Some(GameType::Clubs))
    );
    crate::canonicalize(&mut rec);
    let st = &rec.declaration.as_ref().unwrap().items[0];
    assert_eq!(st.seat.as_ref().unwrap().node, "clubs");
}

/// Changes a record at random: cards swapped or replaced anywhere, items dropped, calls
/// altered. The engine must judge whatever comes out, never panic.
fn mutate(record: &mut notation::Record, rng: &mut Rng) {
    use notation::{CardSlot, PlayItem};
    let any_card = |rng: &mut Rng| {
        let i = rng.below(52) as usize;
        if rng.chance(10) {
            CardSlot::Unknown
        } else {
            CardSlot::Known(Card::from_index(i).unwrap())
        }
    };
    for _ in 0..1 + rng.below(4) {
        match rng.below(7) {
            0 => {
                if let Some(d) = &mut record.deal {
                    let n = d.items.len() as u32;
                    if let Some(line) = d.items.get_mut(rng.below(n) as usize) {
                        let m = line.cards.len() as u32;
                        if let Some(c) = line.cards.get_mut(rng.below(m) as usize) {
                            c.node = any_card(rng);
                        }
                    }
                }
            }
            1 => {
                if let Some(d) = &mut record.deal {
                    let n = d.items.len() as u32;
                    if n > 0 {
                        d.items.remove(rng.below(n) as usize);
                    }
                }
            }
            2 => {
                if let Some(p) = &mut record.play {
                    let n = p.items.items.len() as u32;
                    if let Some(PlayItem::Trick(t)) = p.items.items.get_mut(rng.below(n) as usize) {
                        let m = t.cards.len() as u32;
                        if let Some(c) = t.cards.get_mut(rng.below(m) as usize) {
                            c.node = any_card(rng);
                        }
                    }
                }
            }
            3 => {
                if let Some(p) = &mut record.play {
                    let n = p.items.items.len() as u32;
                    if n > 0 {
                        p.items.items.remove(rng.below(n) as usize);
                    }
                }
            }
            4 => {
                if let Some(a) = &mut record.auction {
                    let n = a.items.len() as u32;
                    if let Some(c) = a.items.get_mut(rng.below(n) as usize) {
                        *c = match rng.below(3) {
                            0 => notation::Call {
                                call: notation::Spanned::new(notation::CallKind::Pass, c.call.span),
                                said: None,
                                ..c.clone()
                            },
                            1 => notation::Call::word_call(c.seat.clone(), "yes", c.call.span),
                            _ => notation::Call {
                                call: notation::Spanned::new(
                                    notation::CallKind::Bid(rng.below(300)),
                                    c.call.span,
                                ),
                                said: None,
                                ..c.clone()
                            },
                        };
                    }
                }
            }
            5 => {
                record.declaration = None;
            }
            _ => {
                if let Some(p) = &mut record.play {
                    let n = p.items.items.len() as u32;
                    if let Some(PlayItem::Trick(t)) = p.items.items.get_mut(rng.below(n) as usize) {
                        t.leader = Some(notation::Spanned::bare(
                            ["F", "M", "R", "X"][rng.below(4) as usize].to_string(),
                        ));
                        if rng.chance(30) {
                            t.cards.push(notation::Spanned::bare(any_card(rng)));
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn broken_records_never_panic(seed in any::<u64>()) {
        let p = Profile::isko();
        let mut record = to_record(&generate_game(seed, &p), &p);
        let mut rng = Rng::new(seed ^ 0x5EED);
        mutate(&mut record, &mut rng);
        let c = check(&record);
        // Whatever the verdict, an illegal or inconsistent one names a finding of that kind.
        let kind = match c.verdict {
            Verdict::Illegal => Some(Kind::Illegal),
            Verdict::Inconsistent => Some(Kind::Inconsistent),
            Verdict::Incomplete => Some(Kind::Incomplete),
            _ => None,
        };
        if let Some(k) = kind {
            prop_assert!(c.findings.iter().any(|d| d.kind == k));
        }
    }
}

/// A revoke in a trick whose card is played again later: the card played twice is the deal
/// check's finding, and the failure to follow suit where it first fell is still found.
#[test]
fn a_revoke_is_found_even_when_its_card_is_played_twice() {
    let text = "[Game \"skat\"]\n[Rules \"isko\"]\n\n\
        deal     F: ♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A\n\
        \x20        M: ♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9\n\
        \x20        R: ♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10\n\
        \x20        skat: ♦8 ♦7\n\
        auction  M pass, R pass, F 18\n\
        exchange F pickup\n\
        \x20        F discard ♦8 ♦7\n\
        declare  F clubs\n\
        play     1. F: ♠10 ♥7 ♠7\n\
        \x20        2. F: ♣10 ♥7 ♠J\n";
    let record = notation::read_str(text)
        .into_iter()
        .next()
        .and_then(|p| p.record)
        .expect("a record");
    let c = check(&record);
    let codes: Vec<&str> = c.findings.iter().map(|d| d.code).collect();
    assert!(codes.contains(&"D0103"), "{codes:?}");
    let revoke = c
        .findings
        .iter()
        .find(|d| d.code == "S0301")
        .expect("the revoke of trick 1");
    assert!(
        revoke
            .message
            .starts_with("trick 1: M played ♥7 but must follow ♠"),
        "{}",
        revoke.message
    );
    assert_eq!(c.verdict, Verdict::Illegal);
}

fn read_one(text: &str) -> notation::Record {
    notation::read_str(text)
        .into_iter()
        .next()
        .and_then(|p| p.record)
        .expect("a record")
}

/// Seed 001, §Bidding: "although you may have a hand 'without four,' you may find a Wenzel in
/// the Skat, and if it is the club Jack you lose three multipliers at once". A heart solo
/// without four (at most (4 + 1 + 2) × 10 = 70) bid at 50 may be declared, though the club
/// jack in the skat leaves it with one (at most 40): it is an overbid, not an illegal game. Bid
/// at 80, beyond what any skat could give it, it may not be declared.
#[test]
fn a_game_s_reach_is_judged_on_the_cards_the_declarer_has_seen() {
    let record = |bid: u32| {
        read_one(&format!(
            "[Game \"skat\"]\n[Rules \"foster-1897\"]\n\n\
             deal     F: ♥A ♥10 ♥K ♥Q ♥9 ♥8 ♥7 ♠A ♠10 ♦A\n\
             \x20        M: ♠J ♥J ♦J ♣A ♣10 ♣K ♣Q ♣9 ♣8 ♣7\n\
             \x20        R: ♠K ♠Q ♠9 ♠8 ♠7 ♦10 ♦K ♦Q ♦9 ♦8\n\
             \x20        skat: ♣J ♦7\n\
             auction  M pass, R pass, F {bid}\n\
             declare  F hearts hand\n"
        ))
    };
    let codes = |bid| -> Vec<&'static str> { check(&record(bid)).findings.iter().map(|d| d.code).collect() };
    assert!(!codes(50).contains(&"S0212"), "{:?}", codes(50));
    let c = check(&record(50));
    let Some(Replay::Skat(r)) = &c.replay else {
        panic!()
    };
    assert_eq!(r.result.matadors, Some(1));
    assert!(codes(80).contains(&"S0212"), "{:?}", codes(80));
}

/// American Skat has no hand game: declared anyway, the game is illegal and has no value, so
/// the record's value and score are not judged against figures the game does not have.
#[test]
fn a_game_the_profile_does_not_have_has_no_value() {
    let c = check(&read_one(
        "[Game \"skat\"]\n[Rules \"american\"]\n\n\
         deal     F: ♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A\n\
         \x20        M: ♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9\n\
         \x20        R: ♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10\n\
         \x20        skat: ♦8 ♦7\n\
         auction  M pass, R pass, F 18\n\
         declare  F clubs hand\n\
         play     F concedes\n\
         result   value 18\n\
         \x20        score -36\n",
    ));
    let codes: Vec<&str> = c.findings.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["S0210", "S0508", "S0508"]);
    let Some(Replay::Skat(r)) = &c.replay else {
        panic!()
    };
    assert_eq!((r.result.value, r.result.score, r.result.won), (None, None, None));
    // What the cards decided stands.
    assert_eq!((r.result.matadors, r.result.declarer_tricks), (Some(1), Some(0)));
}

/// A penalty game is scored by the server's own rule (a declarer who timed out may carry a
/// score and matadors no game gives): the verdict is incomplete with the penalty named, and
/// figures that differ from the replay are noted, not judged.
#[test]
fn a_penalty_game_s_figures_are_noted_not_judged() {
    let c = check(&read_one(
        "[Game \"skat\"]\n[Rules \"isko\"]\n\n\
         deal     F: ♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A\n\
         \x20        M: ♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9\n\
         \x20        R: ♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10\n\
         \x20        skat: ♦8 ♦7\n\
         auction  M pass, R pass, F 18\n\
         declare  F clubs hand\n\
         play     F times-out\n\
         result   declarer F\n\
         \x20        score -288\n\
         \x20        matadors -11\n",
    ));
    let codes: Vec<&str> = c.findings.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["S0512", "S0508", "S0508"], "{:#?}", c.findings);
    assert_eq!(c.verdict, Verdict::Incomplete);
}

const RAMSCH: &str = "[Game \"skat\"]\n[Rules \"foster-1897\"]\n\n\
    deal     F: ♣J ♠J ♥J ♦J ♣A ♣10 ♣K ♣Q ♣9 ♣8\n\
    \x20        M: ♠A ♠10 ♠K ♠Q ♠9 ♠8 ♠7 ♣7 ♥7 ♦7\n\
    \x20        R: ♥A ♥10 ♥K ♥Q ♥9 ♥8 ♦A ♦10 ♦K ♦Q\n\
    \x20        skat: ♦9 ♦8\n\
    auction  M pass, R pass, F pass\n\
    declare  F ramsch\n\
    play     1. F: ♣A ♣7 ♥8\n\
    \x20        2. F: ♣10 ♠7 ♥9\n\
    \x20        3. F: ♣K ♠8 ♦Q\n\
    \x20        4. F: ♣Q ♠9 ♦K\n\
    \x20        5. F: ♣9 ♠Q ♥Q\n\
    \x20        6. F: ♣8 ♠K ♥K\n\
    \x20        7. F: ♣J ♥7 ♦10\n\
    \x20        8. F: ♠J ♦7 ♦A\n\
    \x20        9. F: ♥J ♠10 ♥10\n\
    \x20        10. F: ♦J ♠A ♥A\n";

/// A Ramsch has no declarer: its `points` and `tricks` claims are the one loser's, which the
/// play decides; `winner none` says nobody scores.
#[test]
fn a_ramsch_s_claims_are_the_loser_s_figures() {
    let c = check(&read_one(&format!(
        "{RAMSCH}result   loser F\n         winner none\n         points 120\n         tricks 10\n"
    )));
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let c = check(&read_one(&format!(
        "{RAMSCH}result   points 99\n         winner M\n"
    )));
    let codes: Vec<&str> = c.findings.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["S0402", "S0418"]);
}

/// `stich show` of a Ramsch gives each player's running points, the skat's taker, and who is
/// charged what.
#[test]
fn a_ramsch_is_shown_player_by_player() {
    let c = check(&read_one(RAMSCH));
    let Some(replay) = &c.replay else { panic!() };
    let Replay::Skat(r) = replay else { panic!() };
    let body = crate::skat::show::body(r, cards::Display::default());
    assert!(body.contains("to F (last trick)"), "{body}");
    assert!(
        body.contains("Result: Ramsch (all passed); F 120 points in 10 tricks, M 0 points in 0 tricks, R 0 points in 0 tricks; F loses (-50)"),
        "{body}"
    );
    assert!(!body.contains("passed in"), "{body}");
}

/// Seed 004's unofficial game: "Schneider, Schwarz or Open can be declared in case of
/// exchanging the skat", "they do not have to announce Schwarz in order to play Open", and "if
/// the game is from hand, and the player did not look at skat, the matadors from skat are not
/// counted". The same deals under the official rules: the announcement after the pick-up is
/// illegal, and the skat's jacks count.
#[test]
fn the_unofficial_game_announces_after_the_pickup_and_leaves_the_skat_out_of_hand_matadors() {
    let deal = "deal     F: ♠J ♥J ♦J ♣A ♣K ♣Q ♣10 ♠A ♥A ♦8\n\
        \x20        M: ♣9 ♣8 ♠10 ♠K ♠Q ♥10 ♥K ♥Q ♦10 ♦K\n\
        \x20        R: ♣7 ♠9 ♠8 ♠7 ♥9 ♥8 ♥7 ♦Q ♦9 ♦A\n\
        \x20        skat: ♣J ♦7\n\
        auction  M pass, R pass, F 18\n";
    let picked = "exchange F pickup\n\
        \x20        F discard ♦7 ♠A\n";
    let play = "play     1. F: ♣J ♣8 ♣7\n\
        \x20        2. F: ♠J ♣9 ♠7\n\
        \x20        3. F: ♥J ♠Q ♠8\n\
        \x20        4. F: ♦J ♠10 ♠9\n\
        \x20        5. F: ♣A ♠K ♥7\n\
        \x20        6. F: ♥A ♥Q ♥8\n\
        \x20        7. F: ♣K ♥K ♥9\n\
        \x20        8. F: ♣Q ♥10 ♦9\n\
        \x20        9. F: ♣10 ♦K ♦Q\n\
        \x20        10. F: ♦8 ♦10 ♦A\n";
    let hand_play = "play     1. F: ♠J ♣8 ♣7\n\
        \x20        2. F: ♦J ♣9 ♠7\n\
        \x20        3. F: ♣A ♠Q ♠8\n\
        \x20        4. F: ♠A ♠10 ♠9\n\
        \x20        5. F: ♥A ♥Q ♥7\n\
        \x20        6. F: ♣K ♥K ♥8\n\
        \x20        7. F: ♣Q ♦K ♥9\n\
        \x20        8. F: ♣10 ♥10 ♦9\n\
        \x20        9. F: ♥J ♠K ♦Q\n\
        \x20        10. F: ♦8 ♦10 ♦A\n";
    let record = |rules: &str, exchange: &str, declare: &str, play: &str| {
        read_one(&format!(
            "[Game \"skat\"]\n[Rules \"{rules}\"]\n\n{deal}{exchange}declare  {declare}\n{play}"
        ))
    };

    // Schneider announced after the pick-up: with 8, game, schneider, announced = 11 × 12.
    let c = check(&record("isko-unofficial", picked, "F clubs schneider", play));
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let r = result(&c);
    assert_eq!(
        (r.matadors, r.declarer_card_points, r.score),
        (Some(8), Some(99), Some(132))
    );
    let c = check(&record("isko", picked, "F clubs schneider", play));
    assert_eq!((codes(&c), c.verdict), (vec!["S0201"], Verdict::Illegal));

    // Open after the pick-up, with no schwarz announced: won at 99 as any game is, the open
    // hand one more level (with 8, game, schneider, ouvert = 11 × 12).
    let c = check(&record("isko-unofficial", picked, "F clubs ouvert", play));
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    assert_eq!((result(&c).won, result(&c).score), (Some(true), Some(132)));

    // A hand game with ♣J in the unseen skat: without 1 unofficially (4 × 12), with 8
    // officially (11 × 12).
    let c = check(&record("isko-unofficial", "", "F clubs hand", hand_play));
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    assert_eq!((result(&c).matadors, result(&c).score), (Some(-1), Some(48)));
    let c = check(&record("isko", "", "F clubs hand", hand_play));
    assert_eq!((result(&c).matadors, result(&c).score), (Some(8), Some(132)));
}

const RAMSCH_004_DEAL: &str = "[Game \"skat\"]\n[Rules \"isko-house\"]\n\n\
    deal     F: ♣J ♠J ♥A ♥10 ♥K ♠A ♠10 ♦A ♦10 ♣A\n\
    \x20        M: ♥J ♦J ♣10 ♣K ♣Q ♠K ♠Q ♥Q ♦K ♦Q\n\
    \x20        R: ♣9 ♣8 ♣7 ♠9 ♠8 ♠7 ♥9 ♥8 ♥7 ♦9\n\
    \x20        skat: ♦8 ♦7\n\
    auction  M pass, R pass, F pass\n";

/// Seed 004's Ramsch: "Each player is allowed to collect the skat cards and play two cards
/// from hand", in turn from Forehand; "if the player decides not to exchange skat, the score
/// for hand is doubled"; "Jacks cannot be passed on". F's 108 points with R's Jungfrau are
/// −216 when the skat stays where it was; all three declining doubles that three times.
#[test]
fn a_schieberamsch_doubles_for_each_player_who_declines_the_skat() {
    let play = "play     1. F: ♥A ♥Q ♥7\n\
        \x20        2. F: ♥10 ♥J ♥8\n\
        \x20        3. M: ♠K ♠9 ♠A\n\
        \x20        4. F: ♥K ♦Q ♥9\n\
        \x20        5. F: ♠10 ♠Q ♠8\n\
        \x20        6. F: ♦A ♦K ♦9\n\
        \x20        7. F: ♦10 ♣Q ♣7\n\
        \x20        8. F: ♣A ♣10 ♣8\n\
        \x20        9. F: ♣J ♦J ♣9\n\
        \x20        10. F: ♠J ♣K ♠7\n";
    let score = |exchange: &str| {
        let c = check(&read_one(&format!(
            "{RAMSCH_004_DEAL}{exchange}declare  F ramsch\n{play}"
        )));
        assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
        result(&c).score
    };
    assert_eq!(score(""), Some(-216));
    assert_eq!(
        score("exchange F hand\n         M hand\n         R hand\n"),
        Some(-216 * 8)
    );
    // F takes the skat and lays it back unchanged: only M and R declined.
    assert_eq!(
        score("exchange F pickup ♦8 ♦7\n         F discard ♦8 ♦7\n         M hand\n         R hand\n"),
        Some(-216 * 4)
    );

    // A card laid back is no longer the player's to play.
    let c = check(&read_one(&format!(
        "{RAMSCH_004_DEAL}exchange F pickup\n         F discard ♥A ♥10\n         M hand\n         R hand\n\
         declare  F ramsch\n{play}"
    )));
    let first = c.findings.iter().find(|d| d.code == "S0215").expect("a finding");
    assert!(
        first.message.starts_with("trick 1: F plays ♥A"),
        "{}",
        first.message
    );
    assert_eq!(c.verdict, Verdict::Illegal);

    // A jack may not be passed on.
    let c = check(&read_one(&format!(
        "{RAMSCH_004_DEAL}exchange F pickup\n         F discard ♣J ♦7\n         M hand\n         R hand\n\
         declare  F ramsch\n"
    )));
    assert!(codes(&c).contains(&"S0216"), "{:#?}", c.findings);
    // ... unless the profile's option lets them pass.
    let mut lenient = Profile::isko_house();
    lenient.options.all_pass = crate::skat::rules::AllPass::Ramsch(crate::skat::rules::RamschRule::Seed004 {
        skat_to_loser: true,
        jacks_pass: true,
    });
    let record = read_one(&format!(
        "{RAMSCH_004_DEAL}exchange F pickup\n         F discard ♣J ♦7\n         M hand\n         R hand\n\
         declare  F ramsch\n"
    ));
    let (_, findings) = crate::skat::check(&record, &lenient);
    assert!(!findings.iter().any(|d| d.code == "S0216"), "{findings:#?}");

    // The passing is checked only on the whole deal (one line missing can be inferred; two
    // cannot).
    let partial = RAMSCH_004_DEAL
        .replace("         R: ♣9 ♣8 ♣7 ♠9 ♠8 ♠7 ♥9 ♥8 ♥7 ♦9\n", "")
        .replace("         M: ♥J ♦J ♣10 ♣K ♣Q ♠K ♠Q ♥Q ♦K ♦Q\n", "");
    let c = check(&read_one(&format!(
        "{partial}exchange F hand\n         M hand\n         R hand\ndeclare  F ramsch\n{play}"
    )));
    assert!(codes(&c).contains(&"S0215"), "{:#?}", c.findings);

    // The profiles whose Ramsch keeps the skat still refuse an exchange.
    let c = check(&read_one(&format!(
        "{}exchange F hand\n         M hand\n         R hand\ndeclare  F ramsch\n{play}",
        RAMSCH_004_DEAL.replace("isko-house", "foster-1897")
    )));
    assert!(codes(&c).contains(&"S0209"), "{:#?}", c.findings);
}
