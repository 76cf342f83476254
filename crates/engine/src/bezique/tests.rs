//! Tests of the Bezique family against the seed's rulings on cards declared again
//! (000:559–564), and generated records checked by the same engine.

use crate::bezique::family::BEZIQUE;
use crate::bezique::rules;
use crate::family::{Family, GenLayout, Replay};
use crate::{Checked, Verdict};

fn check(text: &str) -> Checked {
    let record = notation::read_str(text)
        .into_iter()
        .next()
        .and_then(|p| p.record)
        .expect("a record");
    crate::check(&record)
}

fn codes(c: &Checked) -> Vec<&'static str> {
    c.findings.iter().map(|d| d.code).collect()
}

fn replay(c: &Checked) -> &crate::bezique::Replay {
    match &c.replay {
        Some(Replay::Bezique(r)) => r,
        other => panic!("not a Bezique replay: {other:?}"),
    }
}

const RULINGS: &str = include_str!("../../../../corpus/bezique/uspc-two-hand/reuse-rulings.stich");

/// 000:559–562: with spades trumps the ♠Q serves in a marriage (40), a sequence (250, the
/// A 10 J added to the K Q declared), a bezique (40) and four queens (60).
#[test]
fn one_queen_in_four_declarations() {
    let c = check(RULINGS);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let r = replay(&c);
    let values: Vec<(&str, u32)> = r
        .declarations
        .iter()
        .map(|d| (d.kind.as_str(), d.value))
        .collect();
    assert_eq!(
        values,
        [
            ("marriage", 40),
            ("sequence", 250),
            ("bezique", 40),
            ("queens", 60)
        ]
    );
    assert_eq!(r.result.sides[0].declarations, 390);
}

/// 000:559: "if four queens were declared and one of them was played, another queen may not
/// be added to the three still on the table to score an additional 60".
#[test]
fn a_played_queen_is_not_replaced_for_another_60() {
    let text = RULINGS.replace(
        "result   declarations E 390 D 0 ; 40 + 250 + 40 + 60",
        "         6. E: ♥Q@table ♦9 = E 0\n         E queens ♠Q@table ♥Q ♣Q@table ♦Q@table = 60",
    );
    let c = check(&text);
    assert!(codes(&c).contains(&"B0211"), "{:?}", codes(&c));
    assert_eq!(c.verdict, Verdict::Illegal);
}

/// 000:563: "if the entire sequence is declared at once, the K, Q may no longer be declared
/// as 40".
#[test]
fn a_sequence_declared_at_once_keeps_its_marriage() {
    let text = RULINGS
        .replace("         E marriage ♠K ♠Q = 40 ; the marriage in trumps\n", "")
        .replace(
            "E sequence ♠A ♠10 ♠K@table ♠Q@table ♠J = 250",
            "E marriage ♠K@table ♠Q@table = 40",
        )
        .replace(
            "1. E: ♣7 ♥7 = E 0 ; no duty to follow while the stock lasts: D throws a heart",
            "1. E: ♣7 ♥7 = E 0\n         E sequence ♠A ♠10 ♠K ♠Q ♠J = 250",
        );
    let c = check(&text);
    assert!(
        codes(&c).iter().any(|c| *c == "B0210" || *c == "B0211"),
        "{:?}",
        codes(&c)
    );
}

/// 000:557: one declaration scored at a turn.
#[test]
fn one_declaration_a_turn() {
    let text = RULINGS.replace(
        "E marriage ♠K ♠Q = 40 ; the marriage in trumps",
        "E marriage ♠K ♠Q = 40\n         E bezique ♠Q@table ♦J = 40",
    );
    let c = check(&text);
    assert!(codes(&c).contains(&"B0209"), "{:?}", codes(&c));
}

/// 000:555: only the winner of the trick declares.
#[test]
fn only_the_winner_declares() {
    let c = check(&RULINGS.replace(
        "E marriage ♠K ♠Q = 40 ; the marriage in trumps",
        "D marriage ♠K ♠Q = 40",
    ));
    assert!(codes(&c).contains(&"B0208"), "{:?}", codes(&c));
}

/// 000:563–564: a double bezique declared at once counts 500.
#[test]
fn a_double_bezique_at_once_counts_500() {
    use cards::{Card, Rank, Suit};
    let q = Card::new(Suit::Spades, Rank::Queen);
    let j = Card::new(Suit::Diamonds, Rank::Jack);
    let m = BEZIQUE
        .meld("uspc-two-hand", "hearts", &[q, q, j, j])
        .expect("melds")
        .expect("a summary");
    assert_eq!(m.melds.len(), 1);
    assert_eq!(
        (m.melds[0].kind.as_str(), m.melds[0].value, m.total),
        ("double-bezique", 500, 500)
    );
}

#[test]
fn generated_records_check_consistent() {
    for profile in rules::all() {
        for seed in 0..12 {
            let record = BEZIQUE
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
            assert!(r.result.complete);
            // 16 brisques at 10 and the last trick's 10 (000:547); Rubicon's 32 brisques
            // ("320 for all the brisques", 000:718) and its last trick's 50 (000:710).
            let cards: u32 = r.result.sides.iter().map(|s| s.brisques + s.last_trick).sum();
            let o = profile.options;
            let aces_and_tens = o
                .pack
                .cards()
                .iter()
                .filter(|c| matches!(c.rank, cards::Rank::Ace | cards::Rank::Ten))
                .count() as u32;
            let want = aces_and_tens * o.brisque + o.last_trick;
            match profile.name {
                "uspc-two-hand" | "uspc-no-turn" => assert_eq!(want, 170),
                "rubicon" => assert_eq!(want, 370),
                "uspc-three-hand" => assert_eq!(want, 250),
                // No card counts in Six- and Eight-Pack (000:667); the last trick 250 (000:659).
                "six-pack" | "eight-pack" => assert_eq!(want, 250),
                _ => assert_eq!(want, 330),
            }
            assert_eq!(cards, want, "seed {seed}");
        }
    }
}

const DOUBLE: &str = include_str!("../../../../corpus/bezique/uspc-two-hand/double-bezique.stich");

/// 000:563: a bezique 40, then the second added for the double bezique 500: 540.
#[test]
fn a_bezique_then_the_double_makes_540() {
    let c = check(DOUBLE);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let values: Vec<u32> = replay(&c).declarations.iter().map(|d| d.value).collect();
    assert_eq!(values, [40, 500]);
    assert_eq!(replay(&c).result.sides[0].declarations, 540);
}

/// 000:563–564: the double declared at once counts 500 only: no single bezique from it later.
#[test]
fn a_double_declared_at_once_gives_no_single_later() {
    let text = DOUBLE
        .replace(
            "         E bezique ♠Q ♦J = 40\n",
            "         E double-bezique ♠Q ♦J ♠Q ♦J = 500\n",
        )
        .replace(
            "E double-bezique ♠Q@table ♦J@table ♠Q ♦J = 500 ; the second bezique added",
            "E bezique ♠Q@table ♦J@table = 40",
        );
    let c = check(&text);
    assert!(
        codes(&c).iter().any(|c| *c == "B0210" || *c == "B0211"),
        "{:?}",
        codes(&c)
    );
}

const NO_TURN: &str = include_str!("../../../../corpus/bezique/uspc-no-turn/first-marriage.stich");

/// 000:572: without a turned trump the first marriage makes trump (and counts 40, X48);
/// before it a trick goes to the higher card of the suit led.
#[test]
fn without_a_turned_trump_the_first_marriage_makes_it() {
    let c = check(NO_TURN);
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let r = replay(&c);
    assert_eq!(r.turned, None);
    assert_eq!(r.trump.as_deref(), Some("spades"));
    let values: Vec<(&str, u32)> = r
        .declarations
        .iter()
        .map(|d| (d.kind.as_str(), d.value))
        .collect();
    assert_eq!(values, [("marriage", 40)]);
}

/// 000:572: "there is no count for the seven of trumps".
#[test]
fn without_a_turned_trump_the_seven_does_not_count() {
    let c = check(&NO_TURN.replace(
        "D marriage ♠K ♠Q = 40 ; the first marriage: spades are trumps, and it counts 40",
        "D seven ♠7 = 10",
    ));
    assert!(codes(&c).contains(&"B0206"), "{:?}", codes(&c));
}

const RUBICON: &str = include_str!("../../../../corpus/bezique/rubicon/rulings.stich");

/// Rubicon Bezique (000:704–718, with 000:663 and 000:677): carte blanche 50 for the hand and
/// for the first draw shown; four aces 100, and 100 again with one ace replaced after it was
/// played; the first marriage makes trump at 40; a back door 150.
#[test]
fn rubicon_s_rulings() {
    let c = check(RUBICON);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let r = replay(&c);
    assert_eq!(r.trump.as_deref(), Some("hearts"));
    let values: Vec<(&str, &str, u32)> = r
        .declarations
        .iter()
        .map(|d| (d.seat.as_str(), d.kind.as_str(), d.value))
        .collect();
    assert_eq!(
        values,
        [
            ("E", "carte-blanche", 50),
            ("E", "aces", 100),
            ("E", "carte-blanche", 50),
            ("E", "aces", 100),
            ("D", "marriage", 40),
            ("E", "back-door", 150)
        ]
    );
    assert_eq!(r.result.sides[0].declarations, 450);
    assert_eq!(r.result.sides[0].carte_blanche, 100);
}

/// 000:677: "no more than the cards necessary to any one declaration may be on the table at
/// one time": a fifth ace does not make another 100 while the four lie there.
#[test]
fn rubicon_no_second_aces_while_the_four_lie_there() {
    let text = RUBICON.replace(
        "2. E: ♠A@table ♠8 = E 10 ; one of the four aces played",
        "2. E: ♥9 ♠8 = E 0",
    );
    let c = check(&text);
    assert!(codes(&c).contains(&"B0211"), "{:?}", codes(&c));
}

/// 000:663: "as soon as he draws a face card … the player may no longer score for Carte
/// Blanche": showing the ♦K drawn is false, and so is a later card.
#[test]
fn rubicon_a_face_card_drawn_ends_carte_blanche() {
    let shown_king = RUBICON.replace(
        "         3. E: ♥9 ♥Q = D 0",
        "         E carte-blanche ♦K = 50\n         3. E: ♥9 ♥Q = D 0",
    );
    assert!(codes(&check(&shown_king)).contains(&"B0213"));
    let later = RUBICON.replace(
        "         4. D: ♣8 ♣7 = D 0",
        "         E carte-blanche ♦Q = 50\n         4. D: ♣8 ♣7 = D 0",
    );
    assert!(codes(&check(&later)).contains(&"B0214"));
}

/// 000:663: carte blanche "means no king, queen or jack in the … cards originally dealt".
#[test]
fn rubicon_a_hand_with_a_face_card_is_no_carte_blanche() {
    let text = RUBICON.replace(
        "         1. E: ♠10 ♠9 = E 10",
        "         D carte-blanche ♥K ♥Q ♥Q ♣9 ♦9 ♠9 ♠8 ♦7 ♣8 = 50\n         1. E: ♠10 ♠9 = E 10",
    );
    assert!(codes(&check(&text)).contains(&"B0213"));
}

/// The back door is written `back-door`, or `sequence` in a plain suit (000:710).
#[test]
fn rubicon_a_plain_suit_sequence_is_the_back_door() {
    let text = RUBICON.replace("E back-door ♦A@table", "E sequence ♦A@table");
    let c = check(&text);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    assert_eq!(replay(&c).declarations.last().map(|d| d.value), Some(150));
}

const THREE_HAND: &str = include_str!("../../../../corpus/bezique/uspc-three-hand/triple-bezique.stich");

/// 000:576: "A triple bezique counts 1,500; a player having counted 500 for a double bezique
/// may add the third and count 1,500"; the player to the dealer's left leads first.
#[test]
fn three_hand_the_third_bezique_added_counts_1500() {
    let c = check(THREE_HAND);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let r = replay(&c);
    assert_eq!(r.seats, ["F", "M", "R"]);
    assert_eq!(r.dealer.as_deref(), Some("R"));
    let values: Vec<(&str, u32)> = r
        .declarations
        .iter()
        .map(|d| (d.kind.as_str(), d.value))
        .collect();
    assert_eq!(values, [("double-bezique", 500), ("triple-bezique", 1500)]);
    assert_eq!(r.result.sides[0].declarations, 2000);
}

/// 000:576: "Only the winner of the trick may declare."
#[test]
fn three_hand_only_the_winner_declares() {
    let text = THREE_HAND.replace(
        "F double-bezique ♠Q ♠Q ♦J ♦J = 500",
        "M double-bezique ♠Q ♠Q ♦J ♦J = 500",
    );
    assert!(codes(&check(&text)).contains(&"B0208"));
}

const FOUR_HAND: &str = include_str!("../../../../corpus/bezique/uspc-four-hand/played-out.stich");

/// 000:580: four packs, 128 cards, four players in rotation: 32 tricks of four; the 32
/// brisques and the last trick make 330.
#[test]
fn four_hand_a_deal_played_out() {
    let c = check(FOUR_HAND);
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let r = replay(&c);
    assert_eq!(r.seats, ["N", "E", "S", "W"]);
    assert_eq!(r.tricks.len(), 32);
    assert!(r.tricks.iter().all(|t| t.cards.len() == 4));
    let cards: u32 = r.result.sides.iter().map(|s| s.brisques + s.last_trick).sum();
    assert_eq!(cards, 330);
}

const SIX_PACK_RULINGS: &str = include_str!("../../../../corpus/bezique/six-pack/rulings.stich");
const SIX_PACK_6300: &str = include_str!("../../../../corpus/bezique/six-pack/rubicon-6300.stich");
const EIGHT_PACK_RULINGS: &str = include_str!("../../../../corpus/bezique/eight-pack/rulings.stich");

/// 000:690: "The winner scores 2,700; the loser 2,600. The winner scores 2,700 + 2,600 +
/// 1,000 for game, for a total of 6,300", replayed from a whole deal.
#[test]
fn the_6300_of_000_690_from_a_played_deal() {
    let c = check(SIX_PACK_6300);
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let r = replay(&c);
    assert!(r.result.complete);
    let points: Vec<u32> = r.result.sides.iter().map(|s| s.points).collect();
    assert_eq!(points, [2700, 2600]);
    let game: Vec<Option<i64>> = r.result.sides.iter().map(|s| s.game).collect();
    assert_eq!(game, [Some(6300), Some(0)]);
    // 000:603: the dealer's cut of exactly 24 scores 250, the right guess 150.
    let cut: Vec<(&str, &str, u32)> = r
        .declarations
        .iter()
        .take(2)
        .map(|d| (d.seat.as_str(), d.kind.as_str(), d.value))
        .collect();
    assert_eq!(cut, [("D", "cut", 250), ("E", "guess", 150)]);
    // 000:667: no card counts; 000:659: the last trick 250.
    assert!(r.result.sides.iter().all(|s| s.brisques == 0));
    assert_eq!(r.result.sides[1].last_trick, 250);
}

/// 000:683–684: "Hearts are trumps. A player who has the K on the table puts down the Q and
/// J, and declares, '40 for bezique, and 40 to score for the marriage of the K and Q.' The
/// next time that player wins a trick, he may score the additional 40."
#[test]
fn the_pending_marriage_of_000_684() {
    let c = check(SIX_PACK_RULINGS);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let r = replay(&c);
    let values: Vec<(&str, &str, u32)> = r
        .declarations
        .iter()
        .map(|d| (d.seat.as_str(), d.kind.as_str(), d.value))
        .collect();
    assert_eq!(
        values,
        [
            ("E", "guess", 150),
            ("D", "marriage", 40),
            ("E", "kings", 80),
            ("E", "bezique", 40),
            ("E", "marriage", 40)
        ]
    );
    // Not announced, the marriage is no pending one to score.
    let at_once = SIX_PACK_RULINGS.replace(
        "         E announces marriage ♥K@table ♥Q@table ; the ♥K from the kings, the ♥Q from the bezique\n",
        "",
    );
    assert!(codes(&check(&at_once)).contains(&"B0220"));
    // A pending declaration scores once: the second is no longer pending.
    let twice = SIX_PACK_RULINGS.replace(
        "= 40 ; the pending marriage, at E's next trick",
        "= 40\n         E scores marriage ♥K@table ♥Q@table = 40",
    );
    assert!(codes(&check(&twice)).contains(&"B0220"));
}

/// 000:603: a cut other than 24 scores nothing; the guess of the size lifted scores 150.
#[test]
fn a_wrong_cut_and_a_right_guess() {
    let r = check(SIX_PACK_RULINGS);
    let sides = &replay(&r).result.sides;
    assert_eq!((sides[0].declarations, sides[1].declarations), (310, 40));
    let wrong = SIX_PACK_RULINGS.replace("E guesses 30 = 150", "E guesses 30 = 0");
    assert!(codes(&check(&wrong)).contains(&"B0401"));
}

/// 000:671: "the same suit may not become trump in two consecutive deals. A marriage in the
/// trump suit of the previous deal may be declared before the new trump is established and
/// counts 20."
#[test]
fn the_previous_trump_marriage_counts_20() {
    let text = SIX_PACK_RULINGS
        .replace(
            "[Source \"seed 000, Bezique, Six-Pack Bezique\"]",
            "[Source \"seed 000, Bezique, Six-Pack Bezique\"]\n[Options \"previous-trump ♥\"]",
        )
        .replace(
            "D marriage ♥K ♥Q = 40 ; the first marriage: hearts are trumps, 40",
            "D marriage ♥K ♥Q = 20",
        );
    let c = check(&text);
    let r = replay(&c);
    assert_eq!(
        r.declarations.get(1).map(|d| d.value),
        Some(20),
        "{:#?}",
        c.findings
    );
    // Hearts are not trumps, so ♥Q ♣J is no bezique yet.
    assert!(codes(&c).contains(&"B0206"), "{:?}", codes(&c));
}

/// 000:698–700: in Eight-Pack a single bezique counts 50 and five jacks of trumps 800.
#[test]
fn eight_pack_s_bezique_and_five_jacks() {
    let c = check(EIGHT_PACK_RULINGS);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let values: Vec<(&str, u32)> = replay(&c)
        .declarations
        .iter()
        .map(|d| (d.kind.as_str(), d.value))
        .collect();
    assert_eq!(
        values,
        [
            ("cut", 250),
            ("marriage", 40),
            ("trump-jacks", 800),
            ("bezique", 50),
            ("aces", 100)
        ]
    );
    // Four jacks of trumps are no declaration in Eight-Pack (000:700 counts five).
    let four = EIGHT_PACK_RULINGS.replace(
        "E trump-jacks ♦J ♦J ♦J ♦J ♦J = 800",
        "E trump-jacks ♦J ♦J ♦J ♦J = 400",
    );
    assert!(codes(&check(&four)).contains(&"B0206"));
}

/// 000:557: "A player may declare and show more than one declaration at a turn, but may
/// score for only one at that time; he may score others … the next time he wins a trick":
/// the bezique shown beside the sequence, and scored at the next trick.
#[test]
fn two_hand_shows_two_and_scores_the_second_later() {
    let text = RULINGS
        .replace(
            "= 250 ; the A, J, 10 added at a later turn\n",
            "= 250 ; the A, J, 10 added at a later turn\n         E announces bezique ♠Q@table ♦J ; shown now, scored later\n",
        )
        .replace(
            "E bezique ♠Q@table ♦J = 40 ; the same queen in a bezique",
            "E scores bezique ♠Q@table ♦J@table = 40",
        );
    let c = check(&text);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let values: Vec<u32> = replay(&c).declarations.iter().map(|d| d.value).collect();
    assert_eq!(values, [40, 250, 40, 60]);
    // Both scored at one turn: the second is B0209.
    let both = RULINGS.replace(
        "= 250 ; the A, J, 10 added at a later turn\n",
        "= 250\n         E bezique ♠Q@table ♦J = 40\n",
    );
    assert!(codes(&check(&both)).contains(&"B0209"));
}

const THREE_PENDING: &str = include_str!("../../../../corpus/bezique/uspc-three-hand/pending-marriage.stich");
const FOUR_PENDING: &str = include_str!("../../../../corpus/bezique/uspc-four-hand/pending-marriage.stich");
const PARTNERS_PENDING: &str =
    include_str!("../../../../corpus/bezique/uspc-four-hand-partnership/pending-kings.stich");

/// 000:557 with 000:576 ("Only the winner of the trick may declare"): with three players the
/// winner scores one declaration and announces another, and scores it the next time he wins
/// a trick; another winner in between may not score it.
#[test]
fn three_hand_a_marriage_announced_and_scored_later() {
    let c = check(THREE_PENDING);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let r = replay(&c);
    let a: Vec<(&str, &str, usize)> = r
        .announcements
        .iter()
        .map(|a| (a.seat.as_str(), a.kind.as_str(), a.after_trick))
        .collect();
    assert_eq!(a, [("F", "marriage", 1)]);
    let d: Vec<(&str, u32, bool, usize)> = r
        .declarations
        .iter()
        .map(|d| (d.seat.as_str(), d.value, d.pending, d.after_trick))
        .collect();
    assert_eq!(d, [("F", 20, false, 1), ("F", 20, true, 3)]);
    // R, the winner of trick 2, has announced nothing: F's marriage is not his to score.
    let by_r = THREE_PENDING.replace(
        "= R 10 ; F drew ♠9; R wins and may declare, F may not\n",
        "= R 10\n         R scores marriage ♥K@table ♥Q@table = 20\n",
    );
    assert!(codes(&check(&by_r)).contains(&"B0220"));
    // "The next time that player wins a trick" (000:684): not at the turn it was announced.
    let at_once = THREE_PENDING
        .replace(
            "         F marriage ♠K ♠Q = 20 ; the one declaration scored this turn\n",
            "",
        )
        .replace(
            "; shown now, to score later\n",
            "\n         F scores marriage ♥K@table ♥Q@table = 20\n",
        );
    assert!(
        codes(&check(&at_once)).contains(&"B0224"),
        "{:#?}",
        check(&at_once).findings
    );
    // F may not score it at R's turn.
    let at_r_s_turn = THREE_PENDING.replace(
        "= R 10 ; F drew ♠9; R wins and may declare, F may not\n",
        "= R 10\n         F scores marriage ♥K@table ♥Q@table = 20\n",
    );
    assert!(codes(&check(&at_r_s_turn)).contains(&"B0208"));
}

/// 000:557 and 000:559 at four players: the bezique's queen serves again in a marriage
/// announced beside it, and the announcer scores it at his next trick, not E at his.
#[test]
fn four_hand_the_announcement_is_the_announcer_s() {
    let c = check(FOUR_PENDING);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let r = replay(&c);
    assert_eq!(r.result.sides[0].declarations, 60);
    assert_eq!(r.announcements.len(), 1);
    let by_e = FOUR_PENDING.replace(
        "2. N: ♣7 ♣9 ♦7 ♠8 = E 0\n",
        "2. N: ♣7 ♣9 ♦7 ♠8 = E 0\n         E scores marriage ♠K@table ♠Q@table = 20\n",
    );
    assert!(codes(&check(&by_e)).contains(&"B0220"));
    // One declaration a turn (000:557): the marriage scored beside the bezique is B0209.
    let both = FOUR_PENDING.replace("N announces marriage ♠K ♠Q@table", "N marriage ♠K ♠Q@table = 20");
    assert!(codes(&check(&both)).contains(&"B0209"));
}

/// 000:582: "the winner of each trick may declare, or may pass the privilege to the partner;
/// however, if the partner cannot declare, the winner of the trick cannot then declare". The
/// partner who announced after a yield scores after the next yield; the winner scores
/// nothing of his partner's, and announces nothing once he yielded.
#[test]
fn partnership_pending_declarations_follow_the_privilege() {
    let c = check(PARTNERS_PENDING);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let r = replay(&c);
    let d: Vec<(&str, &str, u32, bool)> = r
        .declarations
        .iter()
        .map(|d| (d.seat.as_str(), d.kind.as_str(), d.value, d.pending))
        .collect();
    assert_eq!(d, [("S", "marriage", 20, false), ("S", "kings", 80, true)]);
    assert_eq!(r.result.sides[0].declarations, 100);
    let second_yield = "2. N: ♦A ♦9 ♦7 ♦10 = N 20\n         N yields S\n";
    // Without the second yield the turn is N's: S's kings wait (B0216).
    let no_yield = PARTNERS_PENDING.replace(second_yield, "2. N: ♦A ♦9 ♦7 ♦10 = N 20\n");
    assert!(codes(&check(&no_yield)).contains(&"B0216"));
    // N has no pending kings of his own.
    let by_n = PARTNERS_PENDING
        .replace(second_yield, "2. N: ♦A ♦9 ♦7 ♦10 = N 20\n")
        .replace("S scores kings", "N scores kings");
    assert!(codes(&check(&by_n)).contains(&"B0220"));
    // After his yield the winner announces nothing either.
    let n_announces = PARTNERS_PENDING.replace(
        "S announces kings ♠K ♥K@table ♦K ♣K",
        "N announces marriage ♣K ♣Q",
    );
    assert!(codes(&check(&n_announces)).contains(&"B0216"));
    // An announcement uses the privilege: no yield after it.
    let yield_after = PARTNERS_PENDING.replace(
        "N yields S\n         S marriage ♥K ♥Q = 20\n         S announces kings ♠K ♥K@table ♦K ♣K",
        "N announces marriage ♣K ♣Q\n         N yields S",
    );
    assert!(codes(&check(&yield_after)).contains(&"B0215"));
}

const PARTNER_PENDING: &str =
    include_str!("../../../../corpus/bezique/uspc-four-hand-partnership/pending-with-partner.stich");

/// 000:582 with 000:557: "a player may put down cards from his own hand to form
/// declarations in combination with cards previously declared by his partner and still
/// exposed on the table", and "may declare and show more than one declaration at a turn, but
/// may score for only one at that time". S, who holds no king of clubs, announces four kings
/// with the ♣K of N's marriage and scores them at his next turn, the ♣K still on N's table.
#[test]
fn an_announcement_takes_the_partner_s_table_cards() {
    let c = check(PARTNER_PENDING);
    assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
    let r = replay(&c);
    let club_king = cards::Card::new(cards::Suit::Clubs, cards::Rank::King);
    let d: Vec<(&str, &str, u32, bool)> = r
        .declarations
        .iter()
        .map(|d| (d.seat.as_str(), d.kind.as_str(), d.value, d.pending))
        .collect();
    assert_eq!(
        d,
        [
            ("N", "marriage", 40, false),
            ("S", "marriage", 20, false),
            ("S", "kings", 80, true)
        ]
    );
    assert_eq!(
        r.declarations.get(2).map(|d| d.from_partner.clone()),
        Some(vec![club_king])
    );
    assert_eq!(r.announcements.len(), 1);
    assert_eq!(
        r.announcements
            .first()
            .map(|a| (a.seat.as_str(), a.from_partner.clone())),
        Some(("S", vec![club_king]))
    );
    assert_eq!(r.result.sides[0].declarations, 140);
}

/// The announcement lapses for a card the partner plays before it scores, as for one's own
/// (000:684: scored with its cards on the table); it is the announcer's, and is scored with
/// the partner's card marked as when it was announced.
#[test]
fn a_pending_declaration_with_the_partner_s_cards_is_the_announcer_s() {
    // N leads the ♣K from his table at trick 3: S's kings may no longer score.
    let played = PARTNER_PENDING.replace("3. N: ♠K ♠J ♥7 ♠Q = N 0", "3. N: ♣K@table ♠J ♥7 ♠Q = N 0");
    assert_ne!(played, PARTNER_PENDING);
    let c = check(&played);
    assert!(codes(&c).contains(&"B0221"), "{:?}", codes(&c));
    assert!(replay(&c).declarations.iter().all(|d| !d.pending));
    // The ♣K written as S's own table card is not the declaration announced.
    let own = PARTNER_PENDING.replace("♦K@table ♣K@N = 80", "♦K@table ♣K@table = 80");
    assert!(codes(&check(&own)).contains(&"B0220"));
    // N, whose ♣K it takes, has no pending kings: without the yield it is his turn.
    let by_n = PARTNER_PENDING
        .replace(
            "         N yields S
         S scores kings",
            "         N scores kings",
        )
        .replace(
            "N scores kings ♠K@table ♥K@table ♦K@table ♣K@N",
            "N scores kings ♠K@S ♥K@S ♦K@S ♣K@table",
        );
    assert!(
        codes(&check(&by_n)).contains(&"B0220"),
        "{:?}",
        codes(&check(&by_n))
    );
}

/// What the partner's cards may not do in an announcement: be the whole of it (000:582:
/// "cards from his own hand … in combination with" the partner's, `B0210`), be cards his
/// table does not hold (`B0207`), or make a double bezique from two hands (000:586, `B0218`).
#[test]
fn an_announcement_with_the_partner_s_cards_out_of_rule() {
    let announcement = "S announces kings ♠K ♥K@table ♦K ♣K@N";
    let cases = [
        ("S announces marriage ♣K@N ♣Q@N", "B0210"),
        ("S announces marriage ♥K@table ♥Q@N", "B0207"),
        ("S announces double-bezique ♠Q ♠Q@N ♦J ♦J@N", "B0218"),
    ];
    for (to, code) in cases {
        let text = PARTNER_PENDING.replace(announcement, to);
        assert_ne!(text, PARTNER_PENDING);
        let c = check(&text);
        assert!(codes(&c).contains(&code), "{to}: {:?}", codes(&c));
        assert!(replay(&c).announcements.is_empty(), "{to}");
    }
}

/// The generator writes pending declarations with three and four players too (in the
/// partnership game with the partner's table cards as well), and the check finds its
/// records consistent.
#[test]
fn more_hands_generate_pending_declarations() {
    let (mut with_mate, mut scored_with_mate) = (0, 0);
    for name in ["uspc-three-hand", "uspc-four-hand", "uspc-four-hand-partnership"] {
        let (mut announced, mut scored) = (0, 0);
        for seed in 0..200 {
            let record = BEZIQUE.generate(name, seed, GenLayout::Varied).expect("a record");
            let c = check(&notation::print_file([&record]));
            assert_eq!(
                c.verdict,
                Verdict::Consistent,
                "{name} seed {seed}: {:#?}",
                c.findings
            );
            let r = replay(&c);
            announced += r.announcements.len();
            scored += r.declarations.iter().filter(|d| d.pending).count();
            with_mate += r
                .announcements
                .iter()
                .filter(|a| !a.from_partner.is_empty())
                .count();
            scored_with_mate += r
                .declarations
                .iter()
                .filter(|d| d.pending && !d.from_partner.is_empty())
                .count();
        }
        assert!(
            announced > 0 && scored > 0,
            "{name}: {announced} announced, {scored} scored"
        );
    }
    // The partnership game's announcements take the partner's table cards now and then
    // (000:582), and some of them are scored.
    assert!(
        with_mate > 0 && scored_with_mate > 0,
        "{with_mate} announced with the partner's cards, {scored_with_mate} scored"
    );
}
