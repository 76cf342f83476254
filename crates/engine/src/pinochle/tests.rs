//! Unit tests of the Pinochle family: records written from the seeds' words, and generated
//! records checked by the same engine.

use crate::family::{Family, GenLayout, Replay};
use crate::pinochle::family::PINOCHLE;
use crate::pinochle::rules;
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

pub(super) fn codes(c: &Checked) -> Vec<&'static str> {
    c.findings.iter().map(|d| d.code).collect()
}

fn replay(c: &Checked) -> &crate::pinochle::Replay {
    match &c.replay {
        Some(Replay::Pinochle(r)) => r,
        other => panic!("not a Pinochle replay: {other:?} {:?}", c.findings),
    }
}

#[test]
fn generated_records_of_every_profile_check_consistent() {
    for profile in rules::all() {
        for seed in 0..40 {
            let record = PINOCHLE
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
            assert!(
                r.result.thrown_in || r.result.complete,
                "{} seed {seed}",
                profile.name
            );
            // A deal thrown in or conceded (Auction Pinochle) has no tricks to count; one
            // ended by declaring out (two-hand) has counted only the tricks played.
            if !r.tricks.is_empty() && r.result.declared_out.is_none() {
                // Seed 000, 000:147; seed 002, 002:62: the cards and the last trick make 250;
                // seed 002's double deck makes 50 (002:84).
                let counters: u32 = r.result.sides.iter().map(|s| s.counters).sum();
                // The old three-hand game's odd card of the stock counts for nobody.
                let dead = r.left_over.map_or(0, |c| profile.options.counters.value(c.rank));
                // 250 for one pack, 50 for seed 002's double deck (002:84), 500 for seed 000's
                // double pack (000:320).
                let expected = match (profile.options.pack.len(), profile.options.counters) {
                    (80, crate::pinochle::rules::Counters::Ones) => 50,
                    (80, _) => 500,
                    // The triple pack: 720 in cards and 30 for the last trick (000:343).
                    (120, _) => 750,
                    // The six- and eight-hand double pack: 480 in cards under every scheme
                    // and 10 for the last trick (spec/rules/pinochle.md §5i).
                    (96, _) => 490,
                    _ => 250,
                };
                assert_eq!(counters + dead, expected, "{} seed {seed}", profile.name);
                // Double-Pack Pinochle: a side's meld needs a trick with something in it, the
                // last trick's 20 counting (000:311–312).
                if profile.options.scoring_trick {
                    for side in &r.result.sides {
                        let scoring = r.tricks.iter().enumerate().any(|(i, t)| {
                            let ours = side.side.contains(t.winner.as_str());
                            ours && (t.points > 0 || i + 1 == r.tricks.len())
                        });
                        assert_eq!(side.took_trick, scoring, "{} seed {seed}", profile.name);
                    }
                }
            }
        }
    }
}

#[test]
fn a_generated_record_is_the_same_for_the_same_seed() {
    let a = notation::print(
        &PINOCHLE
            .generate("uspc-two-hand", 7, GenLayout::Varied)
            .expect("a record"),
    );
    let b = notation::print(
        &PINOCHLE
            .generate("uspc-two-hand", 7, GenLayout::Complete)
            .expect("a record"),
    );
    assert_eq!(a, b);
}

mod state {
    use cards::{AlphabetSet, Card, Pack, Suit, parse_card};

    use crate::core::duties::Duty;
    use crate::core::piles::Stock;
    use crate::core::{BySeat, CardCounts, GameState, Seat, Sides, Table};
    use crate::pinochle::meld::{MeldKind, MeldTable};
    use crate::pinochle::rules;
    use crate::pinochle::state::{Action, Event, PlayRules, PlayState, Refusal};

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|t| parse_card(t, AlphabetSet::DEFAULT).expect("a card"))
            .collect()
    }

    fn counts(text: &str) -> CardCounts {
        CardCounts::of(cards(text))
    }

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("a seat")
    }

    /// A two-hand play under `uspc-two-hand`: E and D hold the cards given, the stock is the
    /// rest of the pack with `turned` under it.
    fn two_hand(e: &str, d: &str, turned: &str, trump: Suit) -> PlayState {
        let o = rules::by_name("uspc-two-hand").expect("profile").options;
        let pack = Pack::Pinochle48.spec();
        let table = Table::new(2).expect("a table");
        let hands = BySeat::from_fn(table, |s| if s.index() == 0 { counts(e) } else { counts(d) });
        let turned = cards(turned).first().copied();
        let mut known: Vec<CardCounts> = hands.values().copied().collect();
        known.extend(turned.map(|t| CardCounts::of([t])));
        let rest: Vec<Card> = CardCounts::rest_of(&pack, &known).iter().collect();
        let rules = PlayRules {
            table,
            sides: Sides::Individual,
            trump,
            duties: o.duties,
            melds: o.melds,
            counters: o.counters,
            last_trick: o.last_trick,
            meld_on_last_draw: true,
            trump_by_marriage: false,
            barred_trump: None,
        };
        PlayState::new(rules, &pack, hands, seat(0), Some(Stock::new(rest, turned)))
    }

    fn play(s: &mut PlayState, card: &str) -> Result<Event, Refusal> {
        let card = cards(card)[0];
        s.play(Action::Play {
            card,
            from_table: false,
        })
    }

    fn meld(s: &mut PlayState, kind: MeldKind, text: &str) -> Result<Event, Refusal> {
        s.play(Action::Meld {
            kind,
            cards: counts(text),
            marked: CardCounts::EMPTY,
            partner: CardCounts::EMPTY,
        })
    }

    /// E leads an ace and D plays a nine: E wins the trick and may meld.
    fn e_wins(s: &mut PlayState, lead: &str, under: &str) {
        play(s, lead).expect("the lead");
        play(s, under).expect("the play");
        assert_eq!(s.turn(), Some(seat(0)));
    }

    const E: &str = "♣A ♣A ♠A ♠10 ♠K ♠Q ♠J ♦J ♦K ♦Q ♥A ♥A";
    const D: &str = "♣9 ♣9 ♥9 ♥9 ♦9 ♦9 ♠9 ♠9 ♣J ♣J ♥J ♥J";

    /// Seed 000, 000:87: "The player may put down Q and J for 40 points; and, after winning a
    /// subsequent trick, he may add the K and score for the marriage."
    #[test]
    fn pinochle_then_the_king_for_the_marriage() {
        let mut s = two_hand(E, D, "♦10", Suit::Hearts);
        e_wins(&mut s, "♣A", "♣9");
        assert!(matches!(
            meld(&mut s, MeldKind::Pinochle, "♠Q ♦J"),
            Ok(Event::Melded { value: 40, .. })
        ));
        e_wins(&mut s, "♣A", "♣9");
        assert!(matches!(
            meld(&mut s, MeldKind::Marriage, "♠K ♠Q"),
            Ok(Event::Melded { value: 20, .. })
        ));
        assert_eq!(s.meld_points()[seat(0)], 60);
        // The queen lies on the table now; the king was the one card from the hand.
        assert!(s.shown(seat(0)).contains(cards("♠Q")[0]));
    }

    /// Seed 000, 000:87: "A player may not put down K, Q, J and score both for the marriage and
    /// for the pinochle; only one meld may be made in any turn."
    #[test]
    fn one_meld_a_turn() {
        let mut s = two_hand(E, D, "♦10", Suit::Hearts);
        e_wins(&mut s, "♣A", "♣9");
        meld(&mut s, MeldKind::Marriage, "♠K ♠Q").expect("the marriage");
        assert_eq!(
            meld(&mut s, MeldKind::Pinochle, "♠Q ♦J"),
            Err(Refusal::SecondMeld)
        );
        // The dix is counted besides (000:89), here ♥9 is not E's: refused for not held.
        assert_eq!(
            meld(&mut s, MeldKind::Dix, "♥9"),
            Err(Refusal::MeldNotHeld(cards("♥9")[0]))
        );
    }

    /// Seed 000, 000:87: "A player may meld the trump K, Q for 40 points and later add A, J, 10
    /// for 150, but may not first meld A, K, Q, J, 10 for 150 and later score for a royal
    /// marriage, even if he adds another king or queen of spades."
    #[test]
    fn royal_marriage_then_flush_but_not_flush_then_royal_marriage() {
        let mut s = two_hand(E, D, "♦10", Suit::Spades);
        e_wins(&mut s, "♣A", "♣9");
        assert!(matches!(
            meld(&mut s, MeldKind::Royal, "♠K ♠Q"),
            Ok(Event::Melded { value: 40, .. })
        ));
        e_wins(&mut s, "♣A", "♣9");
        assert!(matches!(
            meld(&mut s, MeldKind::Run, "♠A ♠10 ♠K ♠Q ♠J"),
            Ok(Event::Melded { value: 150, .. })
        ));

        let mut s = two_hand(E, D, "♦10", Suit::Spades);
        e_wins(&mut s, "♣A", "♣9");
        meld(&mut s, MeldKind::Run, "♠A ♠10 ♠K ♠Q ♠J").expect("the flush");
        e_wins(&mut s, "♣A", "♣9");
        assert!(matches!(
            meld(&mut s, MeldKind::Royal, "♠K ♠Q"),
            Err(Refusal::Remeld(_) | Refusal::NoCardFromHand)
        ));
    }

    /// Seed 000, 000:87: "A player may not meld K, Q and then meld another marriage in diamonds
    /// by adding another K or another Q. He would need a different king or queen of diamonds."
    #[test]
    fn a_second_marriage_needs_a_new_king_and_queen() {
        let e = "♣A ♣A ♦K ♦Q ♦K ♠10 ♠K ♠Q ♠J ♦J ♥A ♥A";
        let mut s = two_hand(e, D, "♦10", Suit::Hearts);
        e_wins(&mut s, "♣A", "♣9");
        meld(&mut s, MeldKind::Marriage, "♦K ♦Q").expect("the marriage");
        e_wins(&mut s, "♣A", "♣9");
        assert_eq!(
            meld(&mut s, MeldKind::Marriage, "♦K ♦Q"),
            Err(Refusal::Remeld(cards("♦Q")[0]))
        );
    }

    /// Seed 000, 000:83: "For each meld, at least one card must be taken from the hand".
    #[test]
    fn a_meld_takes_a_card_from_the_hand() {
        let mut s = two_hand(E, D, "♦10", Suit::Hearts);
        e_wins(&mut s, "♣A", "♣9");
        meld(&mut s, MeldKind::Marriage, "♠K ♠Q").expect("the marriage");
        e_wins(&mut s, "♣A", "♣9");
        // Queens around (class B) would take the ♠Q again, but the others are not held; the
        // same marriage again has no card from the hand.
        assert_eq!(
            meld(&mut s, MeldKind::Marriage, "♠K ♠Q"),
            Err(Refusal::NoCardFromHand)
        );
    }

    /// Seed 000, 000:77: only the winner melds, after the trick and before the draw.
    #[test]
    fn only_the_trick_s_winner_melds_before_the_next_lead() {
        let mut s = two_hand(E, D, "♦10", Suit::Hearts);
        assert_eq!(meld(&mut s, MeldKind::Pinochle, "♠Q ♦J"), Err(Refusal::NotNow));
        e_wins(&mut s, "♣A", "♣9");
        play(&mut s, "♥A").expect("the next lead, with the draws");
        assert_eq!(meld(&mut s, MeldKind::Pinochle, "♠Q ♦J"), Err(Refusal::NotNow));
    }

    /// Seed 000, 000:89: a dealer who turns the dix scores 10; the holder of a dix exchanges it
    /// for the trump card after winning a trick.
    #[test]
    fn the_dix_turned_scores_for_the_dealer_and_the_dix_is_exchanged() {
        let s = two_hand(E, D, "♦9", Suit::Diamonds);
        assert_eq!(s.meld_points()[seat(1)], 10);
        let e = "♣A ♣A ♥9 ♠10 ♠K ♠Q ♠J ♦J ♦K ♦Q ♥A ♥A";
        let d = "♣9 ♣9 ♦9 ♠A ♦10 ♣10 ♠9 ♠9 ♣J ♣J ♥J ♥J";
        let mut s = two_hand(e, d, "♥Q", Suit::Hearts);
        e_wins(&mut s, "♣A", "♣9");
        assert!(matches!(
            meld(&mut s, MeldKind::Dix, "♥9"),
            Ok(Event::Melded { value: 10, .. })
        ));
        assert!(matches!(
            meld(&mut s, MeldKind::Dix, "♥9"),
            Err(Refusal::DixCounted)
        ));
        let ev = s
            .play(Action::Exchange {
                card: cards("♥9")[0]
            })
            .expect("the exchange");
        assert!(matches!(ev, Event::Exchanged { .. }));
        assert!(s.hand(seat(0)).contains(cards("♥Q")[0]));
    }

    /// Seed 000, 000:73 and 000:91: no duty while the stock lasts; the playoff is strict.
    #[test]
    fn free_play_while_the_stock_lasts_then_strict() {
        let mut s = two_hand(E, D, "♦10", Suit::Hearts);
        play(&mut s, "♣A").expect("the lead");
        // D holds clubs but may play a heart.
        play(&mut s, "♥9").expect("free play");
        for _ in 0..11 {
            let lead = s.legal_cards().iter().next().expect("a card");
            s.play(Action::Play {
                card: lead,
                from_table: false,
            })
            .expect("a lead");
            let card = s.legal_cards().iter().next().expect("a card");
            s.play(Action::Play {
                card,
                from_table: false,
            })
            .expect("a play");
        }
        assert!(
            s.stock_lasts(),
            "the last face-down card and the turned card are left"
        );
        let lead = s.legal_cards().iter().next().expect("a card");
        s.play(Action::Play {
            card: lead,
            from_table: false,
        })
        .expect("the first lead of the playoff");
        assert!(!s.stock_lasts());
        assert_eq!(s.hand(seat(0)).len() + s.hand(seat(1)).len(), 23);
        // Strict now: the follower's legal cards are the suit led when he holds it.
        let led = lead.suit;
        let follower = s.to_play();
        let legal = s.legal_cards();
        if s.hand(follower).iter().any(|c| c.suit == led) {
            assert!(legal.iter().all(|c| c.suit == led), "{legal:?}");
        }
    }

    fn four(hands: [&str; 4], trump: Suit, profile: &str, leader: usize) -> PlayState {
        let o = rules::by_name(profile).expect("profile").options;
        let table = Table::new(4).expect("a table");
        let hands = BySeat::from_fn(table, |s| counts(hands[s.index()]));
        let rules = PlayRules {
            table,
            sides: Sides::Alternating,
            trump,
            duties: o.duties,
            melds: MeldTable::SEED_002,
            counters: o.counters,
            last_trick: o.last_trick,
            meld_on_last_draw: true,
            trump_by_marriage: false,
            barred_trump: None,
        };
        PlayState::new(rules, &Pack::Pinochle48.spec(), hands, seat(leader), None)
    }

    /// Seed 002, 002:58 (X26): holding the ace and the ten of a suit whose ace an opponent led,
    /// the seed says the ace is compelled; but the first of two identical cards wins (002:56),
    /// so the second ace does not beat the first and both cards are legal.
    #[test]
    fn the_ace_and_the_ten_after_an_opponent_s_ace() {
        let mut s = four(
            ["♥A ♠9", "♥A ♥10", "♥9 ♠9", "♥J ♠10"],
            Suit::Spades,
            "partnership-auction",
            0,
        );
        play(&mut s, "♥A").expect("the lead");
        let legal = s.legal_cards();
        assert!(
            legal.contains(cards("♥A")[0]) && legal.contains(cards("♥10")[0]),
            "{legal:?}"
        );
    }

    /// Seed 002, 002:49: "if you can also beat the highest card of that suit already played,
    /// you must do that as well", a partner's card too; the refusal names the cards required.
    #[test]
    fn must_beat_even_a_partner_s_card_and_the_refusal_names_the_card() {
        let mut s = four(
            ["♥K ♠9", "♥9 ♠9", "♥A ♥J", "♥J ♠10"],
            Suit::Spades,
            "partnership-auction",
            0,
        );
        play(&mut s, "♥K").expect("N leads");
        play(&mut s, "♥9").expect("E follows");
        match play(&mut s, "♥J") {
            Err(Refusal::Breach {
                duty: Duty::Head,
                allowed,
                ..
            }) => assert_eq!(allowed, counts("♥A")),
            other => panic!("{other:?}"),
        }
        // Seed 000's partnership game (000:145) heads only on trump leads.
        let mut s = four(
            ["♥K ♠9", "♥9 ♠9", "♥A ♥J", "♥J ♠10"],
            Suit::Spades,
            "uspc-partnership",
            0,
        );
        play(&mut s, "♥K").expect("N leads");
        play(&mut s, "♥9").expect("E follows");
        play(&mut s, "♥J").expect("no duty to beat a plain lead");
    }

    /// Seed 002, 002:50–51: void, trump even when beaten; a trumped trick must be overtrumped
    /// when able; with `overtrump discard` (002:54) a player unable to overtrump may discard.
    #[test]
    fn trump_when_void_and_overtrump() {
        let hands = ["♥K ♣9", "♠K ♣9", "♠A ♠9", "♠J ♣10"];
        let mut s = four(hands, Suit::Spades, "partnership-auction", 0);
        play(&mut s, "♥K").expect("N leads");
        match play(&mut s, "♣9") {
            Err(Refusal::Breach {
                duty: Duty::Trump,
                allowed,
                ..
            }) => assert_eq!(allowed, counts("♠K")),
            other => panic!("{other:?}"),
        }
        play(&mut s, "♠K").expect("E trumps");
        match play(&mut s, "♠9") {
            Err(Refusal::Breach {
                duty: Duty::Overtrump,
                allowed,
                ..
            }) => assert_eq!(allowed, counts("♠A")),
            other => panic!("{other:?}"),
        }
        play(&mut s, "♠A").expect("S overtrumps");
        // W holds only a lower trump and must still play it (002:51).
        match play(&mut s, "♣10") {
            Err(Refusal::Breach {
                duty: Duty::Trump,
                allowed,
                ..
            }) => assert_eq!(allowed, counts("♠J")),
            other => panic!("{other:?}"),
        }
    }
}

mod records {
    use super::{check, codes, replay};
    use crate::Verdict;

    const AUCTION: &str = include_str!("../../../../tests/golden/v2/pinochle-partnership-auction.stich");
    const TWO_HAND: &str = include_str!("../../../../tests/golden/v2/pinochle-two-hand.stich");

    fn with(text: &str, from: &str, to: &str) -> String {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    }

    /// Seed 000, 000:101: "At that point, play stops and his tricks are counted. If, in
    /// fact, the player has 1000 points or more, he wins the game - even if the opponent has
    /// more. If the claimant has fewer than 1,000 points, he loses the game."
    #[test]
    fn declaring_out_stops_the_play_and_counts_the_claimant() {
        let out = |r: &crate::pinochle::Replay| {
            r.result
                .declared_out
                .clone()
                .map(|d| (d.seat, d.after_trick, d.points, d.target, d.won))
        };
        // After trick 4 E has 640, 50 in melds and 25 in cards, 20 counted: 710, short.
        let text = with(
            TWO_HAND,
            "         ; … tricks 5",
            "         E declares-out\n         ; … tricks 5",
        );
        let c = check(&text);
        assert!(codes(&c).is_empty(), "{:#?}", c.findings);
        let r = replay(&c);
        assert!(r.result.complete);
        assert_eq!(out(r), Some(("E".into(), 4, Some(710), 1000, Some(false))));
        assert_eq!(r.result.game_won_by.as_deref(), Some("D"));
        // From 940 the same deal reaches 1,010: E wins, though D might have more.
        let rich = with(&text, "E 640, D 710", "E 940, D 1200");
        let c = check(&rich);
        assert_eq!(out(replay(&c)).and_then(|o| o.4), Some(true));
        assert_eq!(replay(&c).result.game_won_by.as_deref(), Some("E"));
        // Both at 1,000 or more before the deal: the game is 1,250 (000:99, 101).
        let both = with(&text, "E 640, D 710", "E 1100, D 1020");
        assert_eq!(
            out(replay(&check(&both))).map(|o| (o.2, o.3, o.4)),
            Some((Some(1170), 1250, Some(false)))
        );
        // The claim of the game is checked.
        let claimed = format!("{rich}result   game D\n");
        assert_eq!(codes(&check(&claimed)), ["P0404"]);
        // Nothing is played after the claimant is counted.
        let early = with(
            TWO_HAND,
            "         4. E:",
            "         E declares-out\n         4. E:",
        );
        assert_eq!(codes(&check(&early)), ["P0304"]);
    }

    /// Seed 000, 000:149: "Any player may claim the game ... If the claimant's side has
    /// 1,000 points or more, it wins the game regardless of how many points the other side
    /// has ... The claimant's side may not count its melds in the current deal as part of its
    /// total unless it has won a trick after melding." The auction forms have none (000:161).
    #[test]
    fn a_partner_declares_out_for_the_side() {
        let text = include_str!("../../../../corpus/pinochle/uspc-partnership/declare-out.stich");
        let c = check(text);
        assert!(codes(&c).is_empty(), "{:#?}", c.findings);
        let r = replay(&c);
        let d = r.result.declared_out.clone().expect("a claim");
        // 850 standing, 90 in melds (EW have tricks), 19 + 24 + 32 + 24 in cards.
        assert_eq!(
            (d.seat.as_str(), d.after_trick, d.points, d.won),
            ("E", 4, Some(1039), Some(true))
        );
        assert_eq!(r.result.game_won_by.as_deref(), Some("EW"));
        // N's side has taken no trick: its 90 in melds stay out, and 950 is short.
        let short =
            with(text, "NS 210, EW 850", "NS 950, EW 300").replacen("E declares-out", "N declares-out", 1);
        let c = check(&short);
        let r = replay(&c);
        let d = r.result.declared_out.clone().expect("a claim");
        assert_eq!((d.seat.as_str(), d.points, d.won), ("N", Some(950), Some(false)));
        assert_eq!(r.result.game_won_by.as_deref(), Some("EW"));
        // The auction forms have no declaring out: their options leave it out.
        let auction = crate::pinochle::rules::by_name("uspc-partnership-auction").expect("profile");
        assert!(auction.options.declare_out.is_none());
    }

    /// Seed 000, 000:103–105: in variation 1 the claimant is counted when he next wins a
    /// trick, and of two claimants the first to win one; in variation 2 only a trick won on
    /// his own lead counts.
    #[test]
    fn declaring_out_waits_for_a_trick_in_the_variations() {
        let out = |text: &str| {
            let c = check(text);
            let d = replay(&c).result.declared_out.clone();
            (codes(&c), d.map(|d| (d.seat, d.after_trick)))
        };
        let base = with(
            TWO_HAND,
            "         D marriage ♦K ♦Q = 20",
            "         D marriage ♦K ♦Q = 20\n         D declares-out",
        );
        // Variation 1: D wins trick 4 (E led): counted then, 710 + 20 + 15 counted as 10.
        let v1 = with(&base, "[Dealer", "[Options \"declaring-out trick\"]\n[Dealer");
        assert_eq!(out(&v1), (vec![], Some(("D".into(), 4))));
        assert_eq!(
            replay(&check(&v1))
                .result
                .declared_out
                .as_ref()
                .and_then(|d| d.points),
            Some(740)
        );
        // Variation 2: trick 4 was E's lead, so D is not counted and the record stops short.
        let v2 = with(&base, "[Dealer", "[Options \"declaring-out own-lead\"]\n[Dealer");
        assert_eq!(out(&v2), (vec!["P0501"], None));
        // Both declare: E, after trick 2, wins trick 3 first and is counted.
        let both = with(
            &v1,
            "         E pinochle ♠Q ♦J = 40",
            "         E pinochle ♠Q ♦J = 40\n         E declares-out",
        );
        let (codes_both, counted) = out(&both);
        assert_eq!(counted, Some(("E".into(), 3)));
        // The dix and the exchange after trick 3 come after the end: P0304.
        assert_eq!(codes_both, ["P0304"]);
    }

    /// notation-growth §2.5's seed 002 record: the pass of four, the melds of all four
    /// seats (S: run 150, pinochle 40, aces 100, dix 10), every trick, the score.
    #[test]
    fn the_partnership_auction_example_is_consistent() {
        let c = check(AUCTION);
        assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
        let r = replay(&c);
        let s = r.melds.iter().find(|m| m.seat == "S").expect("S's melds");
        assert_eq!(s.total, 300);
        let sides: Vec<(i64, Option<i64>)> = r.result.sides.iter().map(|s| (s.score, s.total)).collect();
        assert_eq!(sides, [(510, Some(930)), (230, Some(610))]);
        assert_eq!(r.result.made, Some(true));
    }

    /// Seed 002, 002:41: the minimum bid, a pass is final, the forced opening.
    #[test]
    fn auction_findings() {
        let c = check(&with(AUCTION, "N 250, E 260", "N 240, E 260"));
        assert_eq!(codes(&c), ["P0101"]);
        let c = check(&with(
            AUCTION,
            "N 250, E 260, S 300, W pass, N pass, E pass",
            "N pass, E 260, S 300, W pass, E pass, S pass",
        ));
        assert!(codes(&c).contains(&"P0105"), "{:?}", c.findings);
        let c = check(&with(AUCTION, "W pass, N pass, E pass", "W pass, N pass, W 310"));
        assert!(codes(&c).contains(&"P0103"), "{:?}", c.findings);
    }

    /// Seed 002, 002:49: E must follow spades with the ♠10; the finding names it.
    #[test]
    fn a_failure_to_follow_names_the_card_required() {
        let c = check(&with(AUCTION, "2. S: ♠A ♠Q ♦9 ♠10", "2. S: ♠A ♠Q ♦9 ♦K"));
        let first = c.findings.first().expect("a finding");
        assert_eq!(first.code, "P0302");
        assert!(first.message.contains("♠10"), "{}", first.message);
        assert_eq!(c.verdict, Verdict::Illegal);
    }

    #[test]
    fn wrong_figures_are_inconsistent_claims() {
        let c = check(&with(
            AUCTION,
            "S aces ♠A ♥A ♦A ♣A = 100",
            "S aces ♠A ♥A ♦A ♣A = 80",
        ));
        assert_eq!(codes(&c), ["P0401"]);
        let c = check(&with(AUCTION, "counters NS 170 EW 80", "counters NS 160 EW 90"));
        assert_eq!(codes(&c), ["P0404", "P0404"]);
        let c = check(&with(AUCTION, "N marriage ♣K ♣Q = 20\n", ""));
        assert_eq!(codes(&c), ["P0402"], "{:?}", c.findings);
        let c = check(&with(
            AUCTION,
            "1. S: ♠A ♠9 ♣9 ♠J = NS 10",
            "1. S: ♠A ♠9 ♣9 ♠J = EW 10",
        ));
        assert_eq!(codes(&c), ["P0403"]);
    }

    /// notation-growth §2.5's two-hand record: the marriage, the pinochle, the dix shown and
    /// exchanged, the ♦J played from the table; the record stops after trick 4.
    #[test]
    fn the_two_hand_example_replays_its_four_tricks() {
        let c = check(TWO_HAND);
        assert_eq!(codes(&c), ["P0501"], "{:#?}", c.findings);
        let r = replay(&c);
        assert_eq!(r.tricks.len(), 4);
        let melds: Vec<(String, u32)> = r.play_melds.iter().map(|m| (m.seat.clone(), m.value)).collect();
        assert_eq!(
            melds,
            [
                ("D".to_string(), 20),
                ("E".to_string(), 40),
                ("E".to_string(), 10)
            ]
        );
        // Trick 2's draws: D drew ♦10, E the ♥K (the record's comment).
        let draws: Vec<String> = r.tricks[0]
            .draws
            .iter()
            .map(|(s, c)| format!("{s} {c}"))
            .collect();
        assert_eq!(draws, ["D ♦10", "E ♥K"]);
        let c = check(&with(TWO_HAND, "E dix ♥9 = 10", "E dix ♥9 = 20"));
        assert!(codes(&c).contains(&"P0401"));
        let c = check(&with(TWO_HAND, "E pinochle ♠Q ♦J = 40", "D pinochle ♠Q ♦J = 40"));
        assert!(codes(&c).contains(&"P0210"), "{:?}", c.findings);
    }
}

mod properties {
    use proptest::prelude::*;

    use crate::family::{Family, GenLayout};
    use crate::pinochle::family::PINOCHLE;
    use crate::pinochle::rules::{self, Counters};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Seed 000, 000:147 and seed 002, 002:62, 84: whatever the counting scheme, the
        /// counters and the last trick total the scheme's figure (250 with a 48- or 64-card
        /// pack, 50 with the double deck and its 1-1-1); every generated deal replays
        /// consistent.
        #[test]
        fn counters_total_the_scheme_s_figure(seed in any::<u64>(), p in 0..rules::all().len(), scheme in 0..3usize) {
            let profile = &rules::all()[p];
            let mut record = PINOCHLE.generate(profile.name, seed, GenLayout::Varied).expect("a record");
            // Another counting scheme changes no play, only the figures: drop the claims that
            // name them and check the sum.
            let double_deck = profile.options.pack.len() >= 80;
            let counters = match (double_deck, profile.options.counters) {
                (true, Counters::Ones) => Counters::Ones,
                // Seed 000's double pack: its two schemes (000:318–320).
                (true, _) => [Counters::Tens, Counters::Fives][scheme % 2],
                _ => [Counters::Traditional, Counters::Fives, Counters::Tens][scheme],
            };
            let figure = match (profile.options.pack.len(), counters) {
                (80, Counters::Ones) => 50,
                (80, _) => 500,
                (120, _) => 750,
                (96, _) => 490,
                _ => 250,
            };
            record.tags.push(notation::Tag {
                name: notation::Spanned::bare("Options".to_string()),
                value: notation::Spanned::bare(format!("counters {}", counters.name())),
                comments: Vec::new(),
            });
            record.result = None;
            if let Some(play) = &mut record.play {
                for item in &mut play.items.items {
                    if let notation::PlayItem::Trick(t) = item {
                        t.claim = None;
                        t.taker = None;
                    }
                }
            }
            let c = crate::check(&record);
            prop_assert_eq!(c.verdict, crate::Verdict::Consistent, "{:?}", c.findings);
            let Some(crate::Replay::Pinochle(r)) = &c.replay else { panic!("a Pinochle replay") };
            if !r.tricks.is_empty() && r.result.declared_out.is_none() {
                let dead = r.left_over.map_or(0, |c| counters.value(c.rank));
                prop_assert_eq!(r.result.sides.iter().map(|s| s.counters).sum::<u32>() + dead, figure);
            }
        }
    }
}

mod three_hand {
    use super::{check, replay};
    use crate::Verdict;

    const SETTLING: &str = include_str!("../../../../corpus/pinochle/three-hand-auction/settling.stich");

    /// Seed 002, 002:88: the bidder buries three cards "which count toward the bidder's own
    /// trick score if they are counters", must reach the bid "with meld plus counters or be
    /// set for the amount bid; the defenders score nothing".
    #[test]
    fn the_bury_counts_for_the_bidder_and_the_defenders_score_nothing() {
        for c in notation::read_str(SETTLING)
            .into_iter()
            .filter_map(|p| p.record)
            .map(|r| crate::check(&r))
        {
            assert_eq!(c.verdict, Verdict::Consistent, "{:?}", c.findings);
            let r = replay(&c);
            let contract = r.contract.clone().expect("a contract");
            let all: u32 = r.result.sides.iter().map(|s| s.counters).sum();
            assert_eq!(all, 250, "the buried counters are in the bidder's");
            for side in &r.result.sides {
                if side.side == contract.bidder {
                    let bid = i64::from(contract.bid);
                    assert_eq!(side.score, if r.result.made == Some(true) { bid } else { -bid });
                } else {
                    assert_eq!((side.score, side.meld), (0, 0));
                }
            }
        }
        // A bury of two cards is refused.
        let two = SETTLING.replacen("exchange M buries ♣10 ♦K ♣K", "exchange M buries ♣10 ♦K", 1);
        assert!(super::codes(&check(&two)).contains(&"P0215"));
    }
}

mod meld_needs_a_trick {
    use super::replay;
    use crate::Verdict;

    /// Seed 000, 000:143: "No meld finally counts unless the side making it wins at least one
    /// trick"; seed 002, 002:45: "a side that goes through the whole play without winning even
    /// one records nothing for everything it laid down".
    #[test]
    fn a_side_without_a_trick_scores_none_of_its_meld() {
        for text in [
            include_str!("../../../../corpus/pinochle/uspc-partnership/meld-needs-a-trick.stich"),
            include_str!("../../../../corpus/pinochle/partnership-auction/meld-needs-a-trick.stich"),
        ] {
            let record = notation::read_str(text)
                .into_iter()
                .find_map(|p| p.record)
                .expect("a record");
            let c = crate::check(&record);
            assert_eq!(c.verdict, Verdict::Consistent, "{:?}", c.findings);
            let r = replay(&c);
            let shut_out = r
                .result
                .sides
                .iter()
                .find(|s| !s.took_trick)
                .expect("a side without a trick");
            assert!(shut_out.meld > 0);
            assert!(shut_out.score <= 0, "{shut_out:?}");
            assert_eq!(shut_out.counters, 0);
        }
    }
}

mod old_three_hand {
    use cards::{Card, Pack, Rank, Suit};

    use crate::core::piles::Stock;
    use crate::core::{BySeat, CardCounts, GameState, Seat, Sides, Table};
    use crate::pinochle::rules;
    use crate::pinochle::state::{Action, PlayRules, PlayState};

    /// Seed 000, 000:107–109: three players, the 64-card pack, 12 cards each, the two-hand
    /// game in rotation. 64 − 36 leaves 28 cards, nine rounds of three draws and one card over
    /// (the turned card, drawn last), so the playoff is twelve tricks of three and the deal
    /// 21 tricks; the dealer (R, the seat before the leader) scores a turned dix.
    #[test]
    fn nine_rounds_of_draws_and_one_card_over() {
        let o = rules::by_name("uspc-three-hand").expect("profile").options;
        let pack = Pack::Pinochle64.spec();
        let table = Table::new(3).expect("a table");
        let dix = Card::new(Suit::Hearts, Rank::Seven);
        let mut all = pack.cards();
        let at = all.iter().position(|&c| c == dix).expect("the seven");
        all.remove(at);
        let mut rest = all.into_iter();
        let hands = BySeat::from_fn(table, |_| CardCounts::of(rest.by_ref().take(12)));
        let stock: Vec<Card> = rest.collect();
        assert_eq!(stock.len(), 27);
        let rules = PlayRules {
            table,
            sides: Sides::Individual,
            trump: Suit::Hearts,
            duties: o.duties,
            melds: o.melds,
            counters: o.counters,
            last_trick: o.last_trick,
            meld_on_last_draw: true,
            trump_by_marriage: false,
            barred_trump: None,
        };
        let first = Seat::new(0).expect("F");
        let mut s = PlayState::new(rules, &pack, hands, first, Some(Stock::new(stock, Some(dix))));
        assert_eq!(s.tricks_left(), 21);
        let dealer = Seat::new(2).expect("R");
        assert_eq!(s.meld_points()[dealer], 10);
        let mut tricks = 0;
        while !s.is_over() {
            let Some(card) = s.legal().into_iter().find(|a| matches!(a, Action::Play { .. })) else {
                panic!("no card to play");
            };
            s.play(card).expect("a legal card");
            if s.trick().is_empty() {
                tricks += 1;
                // The draws of a trick happen at the next lead: after the ninth the last round waits.
                assert_eq!(s.stock_lasts(), tricks <= 9, "after trick {tricks}");
            }
        }
        assert_eq!(tricks, 21);
        assert_eq!(s.left_over(), Some(dix));
        let taken: u32 = s.taken().values().sum();
        assert_eq!(taken, 250, "a seven counts nothing, so every counter was taken");
        assert!(table.seats().all(|seat| s.hand(seat).is_empty()));
    }
}

mod auction_pinochle {
    use super::{check, codes, replay};
    use crate::Verdict;
    use crate::pinochle::settle::Ending;

    const SETTLING: &str = include_str!("../../../../corpus/pinochle/uspc-auction/settling.stich");
    const CONCESSIONS: &str = include_str!("../../../../corpus/pinochle/uspc-auction/concessions.stich");

    /// The settlement of each record: its ending, its units and what the bidder and the
    /// kitty win or pay, from the seed's table (000:409–423) and rules (000:401–441).
    fn settlements(text: &str) -> Vec<(Ending, u64, i64, i64)> {
        notation::read_str(text)
            .into_iter()
            .filter_map(|p| p.record)
            .map(|r| {
                let c = crate::check(&r);
                assert_eq!(c.verdict, Verdict::Consistent, "{:?}", c.findings);
                let r = replay(&c);
                let s = r.result.settlement.clone().expect("a settlement");
                let bidder = r.contract.clone().expect("a contract").bidder;
                let of = |l: &str| {
                    s.chips
                        .iter()
                        .find(|(x, _)| x == l)
                        .map(|(_, n)| *n)
                        .expect("a figure")
                };
                assert_eq!(s.chips.iter().map(|(_, n)| n).sum::<i64>(), 0);
                (s.ending, s.units, of(&bidder), of("kitty"))
            })
            .collect()
    }

    #[test]
    fn the_seed_s_settlements() {
        assert_eq!(
            settlements(SETTLING),
            [
                // 380 in spades: 5 doubled; two opponents and the kitty pay (000:403, 413).
                (Ending::Made, 10, 30, -10),
                // 360 in spades lost: twice 10 to each, the kitty too (000:441).
                (Ending::DoubleBete, 10, -60, 20),
                // 310 in hearts with five at the table: 3 from each of four (000:349, 401).
                (Ending::Made, 3, 12, 0),
            ]
        );
        assert_eq!(
            settlements(CONCESSIONS),
            [
                // The compulsory 300 forfeited unseen: 3 to the kitty alone (000:433).
                (Ending::Forfeit, 3, -3, 3),
                // A single bete in spades: the basic 3 to each opponent (000:435).
                (Ending::SingleBete, 3, -6, 0),
                // The opponents concede 390: 5 from each and from the kitty (000:437).
                (Ending::Conceded, 5, 15, -5),
                // The opponents decline; the bidder concedes before leading: still the
                // single bete of 300 (000:435).
                (Ending::SingleBete, 3, -6, 0),
            ]
        );
    }

    /// Seed 000, 000:437–439: the opponents may concede "by agreement" before the bidder
    /// leads. Their `declines` (the record's word, spec/rules/pinochle.md §5e) is said once,
    /// by the first opponent after the bidder, after trump and the bury; anywhere else it
    /// is `P0218`.
    #[test]
    fn the_opponents_decline_once_in_their_place() {
        let p0218 = |text: &str| codes(&check(text)).iter().filter(|c| **c == "P0218").count();
        // The last record of the file: the opponents decline, the bidder concedes.
        let declined = CONCESSIONS
            .rsplit_once("\n\n[Game")
            .map(|(_, last)| format!("[Game{last}"))
            .expect("records");
        assert!(declined.contains("exchange F buries ♣9 ♣9 ♦9\n         M declines\n         F concedes\n"));
        let c = check(&declined);
        assert!(c.findings.is_empty(), "{:?}", c.findings);
        // F bid, so M (the next seat) answers, not R.
        assert_eq!(p0218(&declined.replacen("M declines", "R declines", 1)), 1);
        // Once.
        assert_eq!(
            p0218(&declined.replacen("M declines", "M declines\n         M declines", 1)),
            1
        );
        // Not beside their own concession.
        assert_eq!(
            p0218(&declined.replacen(
                "M declines\n         F concedes",
                "M declines\n         M concedes",
                1
            )),
            1
        );
        // Not after the bidder has given the deal up.
        assert_eq!(
            p0218(&declined.replacen(
                "M declines\n         F concedes",
                "F concedes\n         M declines",
                1
            )),
            1
        );
        // Not before the bury is written, nor before trump is named.
        assert_eq!(
            p0218(&declined.replacen(
                "exchange F buries ♣9 ♣9 ♦9\n         M declines",
                "exchange M declines\n         F buries ♣9 ♣9 ♦9",
                1
            )),
            1
        );
        let untrumped = declined.replacen("F concedes\ndeclare  F spades\n", "F concedes\n", 1);
        assert_ne!(untrumped, declined);
        assert_eq!(p0218(&untrumped), 1);
        // Not in an auction without concessions.
        let other = declined.replacen("[Rules \"uspc-auction\"]", "[Rules \"three-hand-auction\"]", 1);
        assert_ne!(other, declined);
        assert_eq!(p0218(&other), 1);
        // The singular `decline` is the same word: from the wrong seat it is found too.
        assert_eq!(p0218(&declined.replacen("M declines", "R decline", 1)), 1);
    }

    #[test]
    fn concessions_are_checked() {
        // Only the compulsory opening, passed by the others, may be forfeited.
        let raised = CONCESSIONS.replacen(
            "auction  F 300, M pass, R pass\nexchange F forfeits",
            "auction  F 310, M pass, R pass\nexchange F forfeits",
            1,
        );
        assert!(codes(&check(&raised)).contains(&"P0216"));
        // No concession in a profile without them.
        let other = CONCESSIONS.replacen("[Rules \"uspc-auction\"]", "[Rules \"three-hand-auction\"]", 1);
        assert!(codes(&check(&other)).contains(&"P0216"));
        // A played-out deal settles as played: a wrong settle claim is found.
        let wrong = SETTLING.replacen(
            "settle F 30 M -10 R -10 kitty -10",
            "settle F 20 M -10 R -10 kitty 0",
            1,
        );
        let c = check(&wrong);
        assert_eq!(
            codes(&c).iter().filter(|c| **c == "P0404").count(),
            2,
            "{:?}",
            c.findings
        );
        // The 250 opening of the variation (000:359) is an option.
        let low = SETTLING.replacen(
            "[Rules \"uspc-auction\"]",
            "[Rules \"uspc-auction\"]\n[Options \"minimum 250, schedule chips\"]",
            1,
        );
        let c = check(&low);
        assert!(!codes(&c).contains(&"P0503"), "{:?}", c.findings);
    }
}

mod double_pack {
    use super::{check, codes, replay};
    use crate::Verdict;

    const ANNOUNCEMENTS: &str =
        include_str!("../../../../corpus/pinochle/uspc-double-pack/announcements.stich");

    /// Seed 000, 000:255: "The last bid was for 500; if the next player announces 100 meld,
    /// he has bid 510; if he announces 140 meld, the bid is 520"; a flush announced before
    /// any bid is a bid of 500.
    #[test]
    fn announcements_are_deemed_bids() {
        let records: Vec<_> = notation::read_str(ANNOUNCEMENTS)
            .into_iter()
            .filter_map(|p| p.record)
            .collect();
        let auctions: Vec<Vec<(String, Option<u32>)>> = records
            .iter()
            .map(|r| {
                let c = crate::check(r);
                assert_eq!(c.verdict, Verdict::Consistent, "{:?}", c.findings);
                replay(&c).auction.clone()
            })
            .collect();
        let bids = |a: &[(String, Option<u32>)]| a.iter().filter_map(|(_, b)| *b).collect::<Vec<_>>();
        assert_eq!(bids(&auctions[0])[..2], [500, 520]);
        assert!(bids(&auctions[0]).contains(&560), "110 over 540 is two steps");
        assert_eq!(bids(&auctions[1]), [500, 510]);
        // A wrong figure for the deemed bid is found.
        let wrong = ANNOUNCEMENTS.replacen("N: meld 140 = 520", "N: meld 140 = 510", 1);
        assert!(codes(&check(&wrong)).contains(&"P0110"));
        // Without announcements (000:255, "in some games") a long call is not a call.
        let plain = ANNOUNCEMENTS.replacen(
            "[Rules \"uspc-double-pack\"]",
            "[Rules \"uspc-double-pack\"]\n[Options \"announcements none\"]",
            1,
        );
        assert!(codes(&check(&plain)).contains(&"P0502"));
    }
}

mod three_hand_double_pack {
    use super::{check, codes, replay};
    use crate::Verdict;

    const DEALS: &str = include_str!("../../../../corpus/pinochle/uspc-three-hand-double-pack/deals.stich");
    const CONCESSION: &str =
        include_str!("../../../../corpus/pinochle/uspc-three-hand-double-pack/concession.stich");

    /// Seed 000, 000:337: "if the first two players pass, the dealer must bid 500".
    #[test]
    fn the_dealer_must_bid_when_the_first_two_pass() {
        let c = check(DEALS);
        assert_eq!(c.verdict, Verdict::Consistent, "{:?}", c.findings);
        let passed = DEALS.replacen(
            "auction  F pass, M pass, R 500",
            "auction  F pass, M pass, R pass",
            1,
        );
        assert!(codes(&check(&passed)).contains(&"P0105"));
    }

    /// Seed 000, 000:339: "The high bidder may concede defeat before leading, in which case
    /// each opponent scores his meld plus 100, while the bidder is set back the amount of his
    /// bid."
    #[test]
    fn a_concession_gives_each_opponent_his_meld_and_100() {
        let c = check(CONCESSION);
        assert_eq!(c.verdict, Verdict::Consistent, "{:?}", c.findings);
        let r = replay(&c);
        let contract = r.contract.clone().expect("a contract");
        assert!(r.tricks.is_empty());
        for side in &r.result.sides {
            let expected = if side.side == contract.bidder {
                -i64::from(contract.bid)
            } else {
                i64::from(side.meld) + 100
            };
            assert_eq!(side.score, expected, "{side:?}");
        }
        // Only the bidder concedes here.
        let by_opponent = CONCESSION.replacen("F concedes", "M concedes", 1);
        assert!(codes(&check(&by_opponent)).contains(&"P0216"));
        // So the opponents are not asked, and have no answer to write (P0218).
        let declined = CONCESSION.replacen("F concedes", "M declines\n         F concedes", 1);
        assert_ne!(declined, CONCESSION);
        assert_eq!(codes(&check(&declined)), ["P0218"]);
    }
}

/// Seed 000, 000:163: the bidder "keeps one card and gives one card each, face down, to the
/// other players". A generated deal gives three cards of the widow, one to each other seat;
/// a give left out, or a second give to one seat, is `P0217`.
#[test]
fn the_partnership_widow_is_given_one_card_each() {
    let record = PINOCHLE
        .generate("uspc-partnership-auction-widow", 5, GenLayout::Varied)
        .expect("a record");
    let c = crate::check(&record);
    assert_eq!(c.verdict, Verdict::Consistent, "{:#?}", c.findings);
    let r = replay(&c);
    assert!(r.hands.iter().all(|h| h.len() == 11));
    let gives = record.exchange.as_ref().map_or(0, |s| s.items.len());
    assert_eq!(gives, 3);
    let mut short = record.clone();
    if let Some(s) = &mut short.exchange {
        s.items.pop();
    }
    let c = crate::check(&short);
    assert_eq!(codes(&c).first(), Some(&"P0217"), "{:#?}", c.findings);
    let mut twice = record.clone();
    if let Some(s) = &mut twice.exchange
        && let Some(first) = s.items.first().cloned()
        && let Some(second) = s.items.get_mut(1)
    {
        *second = first;
    }
    let c = crate::check(&twice);
    assert_eq!(codes(&c).first(), Some(&"P0217"), "{:#?}", c.findings);
}

/// The generator lets a two-hand player declare out now and then (000:101); such a deal
/// checks consistent, its `game` claim included, and names the game's winner.
#[test]
fn generated_two_hand_deals_declare_out_now_and_then() {
    let mut found = 0;
    for seed in 0..300 {
        let record = PINOCHLE
            .generate("uspc-two-hand", seed, GenLayout::Varied)
            .expect("a record");
        let c = crate::check(&record);
        assert_eq!(c.verdict, Verdict::Consistent, "seed {seed}: {:#?}", c.findings);
        let r = replay(&c);
        if let Some(d) = &r.result.declared_out {
            found += 1;
            assert!(r.result.complete && d.won.is_some(), "seed {seed}");
            assert!(r.result.game_won_by.is_some(), "seed {seed}");
        }
    }
    assert!(found > 0);
}
