//! The game API for bots (`engine::table_game`): random bots play every profile of every
//! family that offers games, and each record they leave checks consistent with the game's
//! own result; refusals carry the check's codes; the worked examples give their results.

use engine::Verdict;
use engine::family::{self, Outcome};
use engine::table_game::{self, DealSpec, Game};

mod common;

/// SplitMix64, for the bots' choices.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (((z >> 32) * n as u64) >> 32) as usize
    }
}

/// Plays uniformly among the legal actions to the end; the number of actions played. In a
/// Skat auction only the lowest bid offered is among the choices: a bot bidding at random
/// over the whole table would win auctions no game can reach.
fn play_out(game: &mut dyn Game, rng: &mut Rng) -> usize {
    let mut n = 0;
    while !game.is_over() {
        let mut legal = game.legal();
        // Each legal action is offered once.
        let mut tokens: Vec<&str> = legal.iter().map(|a| a.token()).collect();
        tokens.sort_unstable();
        let offered = tokens.len();
        tokens.dedup();
        assert_eq!(tokens.len(), offered, "an action offered twice: {legal:?}");
        if let Some(first) = legal.iter().position(|a| a.token().parse::<u32>().is_ok()) {
            let mut i = 0;
            legal.retain(|a| {
                i += 1;
                i - 1 <= first || a.token().parse::<u32>().is_err()
            });
        }
        assert!(
            !legal.is_empty(),
            "no legal action, yet not over:\n{}",
            game.to_record()
        );
        let action = &legal[rng.below(legal.len())];
        let parsed = game
            .parse_action(action.token())
            .expect("a legal token reads back");
        assert_eq!(&parsed, action);
        let played = game
            .play(action)
            .unwrap_or_else(|r| panic!("legal {action} refused: {r}\n{}", game.to_record()));
        assert_eq!(played.action, action.token());
        assert_eq!(played.over, game.is_over());
        n += 1;
        assert!(n < 1000, "the game does not end");
    }
    assert!(game.legal().is_empty() && game.to_act().is_none());
    n
}

/// The record's one report, with its verdict and result.
fn checked(record: &str) -> (Verdict, Option<Outcome>) {
    let reports = check::check_str(record);
    assert_eq!(reports.len(), 1, "{record}");
    let findings: Vec<String> = reports[0].findings.iter().map(|f| format!("{f:?}")).collect();
    assert!(
        reports[0].verdict == Verdict::Consistent,
        "{:?}: {findings:#?}\n{record}",
        reports[0].verdict
    );
    (reports[0].verdict, reports[0].result.clone())
}

const GAMES_PER_PROFILE: u64 = 8;

#[test]
fn random_bots_play_every_profile_to_a_consistent_record() {
    let mut played_families = Vec::new();
    let mut words = std::collections::BTreeSet::new();
    for family in family::registry() {
        let mut offered = false;
        for profile in family.profile_names() {
            for seed in 0..GAMES_PER_PROFILE {
                let Some(game) = family.new_game(profile, DealSpec::Seed(seed)) else {
                    continue;
                };
                offered = true;
                let mut game = game.unwrap_or_else(|e| panic!("{} {profile} {seed}: {e}", family.tag()));
                assert_eq!(game.family().tag(), family.tag());
                assert_eq!(game.profile(), profile);
                let mut rng = Rng(seed ^ 0x5eed);
                play_out(game.as_mut(), &mut rng);
                let record = game.to_record();
                for w in [
                    "kontra",
                    "re",
                    "concedes",
                    "dix",
                    "marriage",
                    "closes",
                    "out",
                    "exchanges",
                    "seven",
                    "sequence",
                    "spices",
                    "announces",
                    "scores",
                ] {
                    if record.lines().any(|l| {
                        l.split_whitespace().nth(1) == Some(w) || l.split_whitespace().nth(2) == Some(w)
                    }) {
                        words.insert(w);
                    }
                }
                let (verdict, result) = checked(&record);
                assert_eq!(
                    verdict,
                    Verdict::Consistent,
                    "{} {profile} seed {seed}:\n{record}",
                    family.tag()
                );
                assert!(game.result().is_some());
                assert_eq!(game.result(), result, "{record}");
            }
        }
        if offered {
            played_families.push(family.tag());
        }
    }
    assert_eq!(
        played_families,
        [
            "skat",
            "pinochle",
            "cribbage",
            "ristikontra",
            "frog",
            "sixty-six",
            "bezique"
        ]
    );
    // The bots said the words between tricks, too.
    for w in [
        "kontra",
        "concedes",
        "dix",
        "marriage",
        "closes",
        "out",
        "exchanges",
        "seven",
        "spices",
        "announces",
        "scores",
    ] {
        assert!(words.contains(w), "no game said {w}: {words:?}");
    }
}

/// The lines of a corpus record up to and including the line starting with `last`, then
/// `more`: a record stopped in its play.
fn cut(path: &str, last: &str, more: &str) -> (String, Vec<String>) {
    let text = std::fs::read_to_string(common::root().join(path)).expect("corpus record");
    let mut head = String::new();
    let mut rest = Vec::new();
    let mut kept = true;
    for line in text.lines() {
        if kept {
            head.push_str(line);
            head.push('\n');
            let body = line.strip_prefix("play").unwrap_or(line).trim_start();
            kept = !body.starts_with(last);
        } else if line.starts_with("result") {
            break;
        } else {
            rest.push(line.to_string());
        }
    }
    head.push_str(more);
    (head, rest)
}

/// The card tokens of trick lines (`5. R: ♥7 ♦A ♥9 = -`), in play order.
fn cards_of(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .flat_map(|l| {
            let body = l.split_once(':').map_or("", |(_, b)| b);
            let body = body.split(['=', ';']).next().unwrap_or("");
            body.split_whitespace().map(str::to_string).collect::<Vec<_>>()
        })
        .collect()
}

fn play_token(game: &mut dyn Game, token: &str) -> table_game::Played {
    let action = game
        .parse_action(token)
        .unwrap_or_else(|r| panic!("{token}: {r}"));
    game.play(&action)
        .unwrap_or_else(|r| panic!("{token}: {r}\n{}", game.to_record()))
}

const SCHNEIDER: &str = "corpus/skat/isko/clubs-with-1-schneider.stich";

#[test]
fn the_official_rules_clubs_with_one_example_played_on_gives_its_value() {
    // Seed 004, §GAME VALUE CALCULATING: clubs with 1, 90 points, schneider: 3 × 12 = 36.
    let (start, rest) = cut(SCHNEIDER, "4. F:", "");
    let mut game = table_game::from_record(&start).expect("the record goes on");
    assert_eq!(game.profile(), "isko");
    assert_eq!(game.to_act().as_deref(), Some("R"));
    for token in cards_of(&rest) {
        play_token(game.as_mut(), &token);
    }
    assert!(game.is_over());
    let Some(Outcome::Skat(r)) = game.result() else {
        panic!("a Skat result");
    };
    assert_eq!(
        (
            r.won,
            r.declarer_card_points,
            r.declarer_tricks,
            r.schneider,
            r.matadors
        ),
        (Some(true), Some(90), Some(7), Some(true), Some(1))
    );
    assert_eq!((r.value, r.score), (Some(36), Some(36)));
    let (verdict, result) = checked(&game.to_record());
    assert_eq!(verdict, Verdict::Consistent);
    assert_eq!(result, game.result());
}

#[test]
fn a_revoke_is_refused_with_s0301_and_leaves_the_game_as_it_was() {
    // F leads ♣K in clubs; M holds ♣8 ♣7 and ♦J (a jack is trump) and must follow trump
    // (seed 004, the duty to follow suit); ♥K is a revoke.
    let (start, _) = cut(SCHNEIDER, "declare", "play     1. F: ♣K\n");
    let mut game = table_game::from_record(&start).expect("the record goes on");
    assert_eq!(game.to_act().as_deref(), Some("M"));
    let mut legal: Vec<String> = game.legal().iter().map(ToString::to_string).collect();
    legal.sort();
    assert_eq!(legal, ["♣7", "♣8", "♦J"]);
    let before = game.to_record();
    let revoke = game.parse_action("♥K").expect("a card");
    let refusal = game.play(&revoke).expect_err("a revoke");
    assert_eq!(refusal.code, "S0301", "{refusal}");
    assert_eq!(game.to_record(), before);
    assert_eq!(game.legal().len(), 3);
    // The check gives the same code to the same card written in the record.
    let reports = check::check_str(&before.replace("1. F: ♣K", "1. F: ♣K ♥K ♣9"));
    assert!(reports[0].findings.iter().any(|f| f.code == "S0301"));
    // A card M does not hold is the deal check's finding.
    let not_held = game.parse_action("♠K").expect("a card");
    assert_eq!(game.play(&not_held).expect_err("R holds it").code, "D0104");
    let played = play_token(game.as_mut(), "♦J");
    assert!(played.trick.is_none() && !played.over);
}

#[test]
fn pinochle_s_strict_play_must_follow_and_head_the_trick() {
    // Seed 002: once the stock is gone the last tricks are played under the strict rules
    // (002:86): follow suit, and beat the highest card of the suit when able (002:49). At trick 17 D leads ♣9 (trump); E's later plays show
    // he holds ♣Q ♣Q ♣A ♣10 ♣9 ♥K ♦A ♦K, so he must play a club above the nine.
    let path = "corpus/pinochle/two-hand/example.stich";
    let (start, rest) = cut(path, "16. D:", "         17. D: ♣9\n");
    let mut game = table_game::from_record(&start).expect("the record goes on");
    assert_eq!(game.to_act().as_deref(), Some("E"));
    let mut legal: Vec<String> = game.legal().iter().map(ToString::to_string).collect();
    legal.sort();
    let mut heading = vec!["♣10", "♣A", "♣Q"];
    heading.sort();
    assert_eq!(legal, heading);
    for (card, why) in [("♥K", "follow suit"), ("♣9", "head the trick")] {
        let action = game.parse_action(card).expect("a card");
        let refusal = game.play(&action).expect_err(why);
        assert_eq!(refusal.code, "P0302", "{card}: {refusal}");
    }
    // The rest as the record plays it, to the record's own figures.
    let tokens = cards_of(&rest);
    assert_eq!(tokens.first().map(String::as_str), Some("♣9"));
    for token in &tokens[1..] {
        play_token(game.as_mut(), token);
    }
    let Some(Outcome::Pinochle(r)) = game.result() else {
        panic!("a Pinochle result");
    };
    let scores: Vec<(String, i64)> = r.sides.iter().map(|s| (s.side.clone(), s.score)).collect();
    assert_eq!(scores, [("E".to_string(), 170), ("D".to_string(), 250)]);
    assert_eq!(checked(&game.to_record()).0, Verdict::Consistent);
}

#[test]
fn the_api_s_own_refusals_have_their_codes() {
    let mut game = table_game::new_game("skat", Some("isko"), DealSpec::Seed(3)).expect("a game");
    assert_eq!(game.parse_action("♣X").expect_err("no card").code, "A0001");
    if let Some(first) = game.legal().first().cloned() {
        play_token(game.as_mut(), first.token());
        assert_eq!(game.play(&first).expect_err("the turn passed").code, "A0004");
    }
    let mut rng = Rng(3);
    play_out(game.as_mut(), &mut rng);
    assert_eq!(game.parse_action("♣J").expect_err("over").code, "A0002");
    // A record of the show alone has no play to go on with.
    let shown = include_str!("../corpus/cribbage/foster-1897-six-card/show-examples.stich");
    let cribbage = table_game::from_record(shown);
    assert_eq!(cribbage.err().map(|e| e.code).as_deref(), Some("A0003"));
    let unknown = table_game::new_game("whist", None, DealSpec::Seed(1));
    assert_eq!(unknown.err().map(|e| e.code).as_deref(), Some("E0001"));
    let profile = table_game::new_game("skat", Some("nope"), DealSpec::Seed(1));
    assert_eq!(profile.err().map(|e| e.code).as_deref(), Some("E0002"));
    // A start record with an illegal card is refused with the check's finding, placed.
    let (start, _) = cut(SCHNEIDER, "declare", "play     1. F: ♣K ♥K ♣9\n");
    let e = table_game::from_record(&start)
        .err()
        .expect("a revoke in the record");
    assert_eq!((e.code.as_str(), e.line.is_some()), ("S0301", true));
}

#[test]
fn a_seed_gives_the_generator_s_deal_every_time() {
    for family in family::registry() {
        let profile = family.default_profile();
        let Some(Ok(a)) = family.new_game(profile, DealSpec::Seed(11)) else {
            continue;
        };
        let b = family
            .new_game(profile, DealSpec::Seed(11))
            .and_then(Result::ok)
            .expect("again");
        assert_eq!(a.to_record(), b.to_record());
        let generated = family
            .generate(profile, 11, engine::GenLayout::Complete)
            .expect("a generated game");
        let deal = notation::print(&notation::Record {
            deal: generated.deal.clone(),
            ..notation::Record::default()
        });
        assert!(a.to_record().contains(deal.trim()), "{}", family.tag());
        // Started again from its own record, the game is the same game.
        let again = table_game::from_record(&a.to_record()).expect("its record goes on");
        assert_eq!(again.to_record(), a.to_record());
        assert_eq!(again.legal(), a.legal());
    }
}

#[test]
fn a_game_stopped_anywhere_goes_on_from_its_record() {
    for (tag, profile) in [
        ("skat", "isko"),
        ("pinochle", "uspc-two-hand"),
        ("sixty-six", "uspc-two-hand"),
        ("bezique", "uspc-two-hand"),
        ("bezique", "uspc-no-turn"),
        ("bezique", "uspc-four-hand-partnership"),
        ("frog", "foster-1897"),
        ("ristikontra", "wikipedia-003"),
        ("ristikontra", "wikipedia-003-variations"),
        ("cribbage", "foster-1897-six-card"),
        ("cribbage", "foster-1897-five-card"),
        ("cribbage", "foster-1897-three"),
        ("cribbage", "foster-1897-four"),
    ] {
        for seed in 0..3u64 {
            let mut game = table_game::new_game(tag, Some(profile), DealSpec::Seed(seed)).expect("a game");
            let mut rng = Rng(seed);
            for _ in 0..(5 + seed as usize * 3) {
                let legal = game.legal();
                if legal.is_empty() {
                    break;
                }
                let a = &legal[rng.below(legal.len())];
                play_token(game.as_mut(), a.token());
            }
            let record = game.to_record();
            if !game.is_over() {
                let reports = check::check_str(&record);
                assert_ne!(reports[0].verdict, Verdict::Illegal, "{record}");
            }
            let mut again = table_game::from_record(&record).unwrap_or_else(|e| panic!("{e}\n{record}"));
            assert_eq!(again.to_record(), record);
            assert_eq!(again.legal(), game.legal());
            assert_eq!(again.to_act(), game.to_act());
            let mut r1 = Rng(seed + 100);
            let mut r2 = Rng(seed + 100);
            play_out(game.as_mut(), &mut r1);
            play_out(again.as_mut(), &mut r2);
            assert_eq!(again.to_record(), game.to_record());
            assert_eq!(again.result(), game.result());
        }
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        /// Whatever a bot says, and wherever in the game, a token is an action or a refusal
        /// with a code, and a refusal changes nothing.
        #[test]
        fn any_token_is_played_or_refused_without_change(
            family in 0usize..7,
            seed in 0u64..1000,
            steps in 0usize..30,
            token in "[♣♠♥♦A-Za-z0-9 @=-]{0,12}",
        ) {
            let (tag, profile) = [
                ("skat", "isko"),
                ("pinochle", "two-hand"),
                ("sixty-six", "uspc-two-hand"),
                ("bezique", "uspc-no-turn"),
                ("frog", "foster-1897"),
                ("ristikontra", "wikipedia-003-variations"),
                ("cribbage", "foster-1897-four"),
            ][family];
            let mut game = table_game::new_game(tag, Some(profile), DealSpec::Seed(seed)).expect("a game");
            let mut rng = Rng(seed);
            for _ in 0..steps {
                let legal = game.legal();
                if legal.is_empty() {
                    break;
                }
                let a = &legal[rng.below(legal.len())];
                play_token(game.as_mut(), a.token());
            }
            let before = game.to_record();
            match game.parse_action(&token) {
                Err(r) => prop_assert!(r.code.starts_with('A'), "{r}"),
                Ok(action) => {
                    if let Err(r) = game.play(&action) {
                        prop_assert_eq!(r.code.len(), 5);
                        prop_assert_eq!(game.to_record(), before);
                    }
                }
            }
        }

        /// A start record cut anywhere never panics: it goes on or is refused with a code.
        #[test]
        fn a_record_cut_anywhere_starts_or_is_refused(seed in 0u64..200, cut in 0usize..2000) {
            let game = table_game::new_game("pinochle", Some("uspc-two-hand"), DealSpec::Seed(seed)).expect("a game");
            let mut game = game;
            let mut rng = Rng(seed);
            play_out(game.as_mut(), &mut rng);
            let text = game.to_record();
            let end = text.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(text.len());
            match table_game::from_record(&text[..end]) {
                Ok(g) => prop_assert!(g.is_over() || !g.legal().is_empty()),
                Err(e) => prop_assert_eq!(e.code.len(), 5),
            }
        }
    }
}

#[test]
fn kontra_is_a_defender_s_word_of_the_profiles_that_have_it() {
    // Seed 004, §Game variants: Kontra and Re are a variant, said by a defender before the
    // second trick; the official profile has no Kontra.
    let (start, _) = cut(SCHNEIDER, "1. F:", "");
    let mut isko = table_game::from_record(&start).expect("the record goes on");
    assert_eq!(isko.to_act().as_deref(), Some("M"));
    assert!(!isko.legal().iter().any(|a| a.token() == "kontra"));
    let kontra = isko.parse_action("kontra").expect("a word");
    assert_eq!(isko.play(&kontra).expect_err("not in isko").code, "S0214");

    let variant = start.replace("[Rules \"isko\"]", "[Rules \"isko-kontra\"]");
    let mut game = table_game::from_record(&variant).expect("the record goes on");
    assert!(game.legal().iter().any(|a| a.token() == "kontra"));
    let said = play_token(game.as_mut(), "kontra");
    assert_eq!(said.seat, "M");
    assert!(!game.legal().iter().any(|a| a.token() == "kontra"), "once");
    let mut rng = Rng(1);
    play_out(game.as_mut(), &mut rng);
    let Some(Outcome::Skat(r)) = game.result() else {
        panic!("a Skat result");
    };
    let record = game.to_record();
    assert!(record.contains("M kontra"), "{record}");
    // Kontra doubles, and the declarer's Re (if the bot said it) doubles again.
    let re = record.contains("F re");
    assert_eq!(r.kontra, Some(if re { 2 } else { 1 }), "{record}");
    assert_eq!(checked(&record).0, Verdict::Consistent);
}

#[test]
fn bezique_s_last_eight_tricks_must_follow_and_win() {
    // Seed 000, Bezique, The Play: once the stock is gone each player must follow suit and
    // try to win the trick. At trick 26 E leads the ♣9 (clubs are trumps); D holds ♣J ♣7
    // ♦9 ♦10 ♥8 ♥K ♥K and must head it with the ♣J.
    let path = "corpus/bezique/uspc-two-hand/seven-and-brisques.stich";
    let (start, rest) = cut(path, "25. E:", "         26. E: ♣9\n");
    let mut game = table_game::from_record(&start).expect("the record goes on");
    assert_eq!(game.to_act().as_deref(), Some("D"));
    let legal: Vec<String> = game.legal().iter().map(ToString::to_string).collect();
    assert_eq!(legal, ["♣J"]);
    let before = game.to_record();
    for (card, why) in [("♣7", "try to win"), ("♥K", "follow suit")] {
        let action = game.parse_action(card).expect("a card");
        let refusal = game.play(&action).expect_err(why);
        assert_eq!(refusal.code, "B0302", "{card}: {refusal}");
    }
    assert_eq!(game.to_record(), before);
    let not_held = game.parse_action("♠A").expect("a card");
    assert_eq!(game.play(&not_held).expect_err("not held").code, "B0301");
    // A declaration during the last tricks is out of turn.
    let late = game.parse_action("marriage ♥K ♥Q").expect("a declaration");
    assert_eq!(game.play(&late).expect_err("no declaring").code, "B0208");
    // The rest as the record plays it, to the record's own figures.
    let tokens = cards_of(&rest);
    for token in &tokens[1..] {
        play_token(game.as_mut(), token);
    }
    let Some(Outcome::Bezique(r)) = game.result() else {
        panic!("a Bezique result");
    };
    let points: Vec<(String, u32)> = r.sides.iter().map(|s| (s.side.clone(), s.points)).collect();
    assert_eq!(points, [("E".to_string(), 130), ("D".to_string(), 50)]);
    assert_eq!(checked(&game.to_record()).0, Verdict::Consistent);
}

#[test]
fn bezique_s_winner_declares_before_the_draw() {
    // Seed 000, Bezique, The Play: the winner of a trick may declare before drawing; the
    // other player may not. Bots that declare whenever they can leave records the check
    // finds consistent, the declarations scored as the calculator counts them.
    let mut declared = 0;
    for seed in 0..12u64 {
        let mut game = table_game::new_game("bezique", None, DealSpec::Seed(seed)).expect("a game");
        let mut rng = Rng(seed);
        while !game.is_over() {
            let legal = game.legal();
            let declaration = legal.iter().find(|a| a.token().contains(' '));
            let action = match declaration {
                Some(a) => {
                    declared += 1;
                    a.clone()
                }
                None => legal[rng.below(legal.len())].clone(),
            };
            game.play(&action)
                .unwrap_or_else(|r| panic!("{action}: {r}\n{}", game.to_record()));
        }
        let (_, result) = checked(&game.to_record());
        assert_eq!(result, game.result());
    }
    assert!(declared > 0, "no bot declared");
    // Before any trick nobody has won one: E may only lead.
    let game = table_game::new_game("bezique", None, DealSpec::Seed(1)).expect("a game");
    assert_eq!(game.to_act().as_deref(), Some("E"));
    assert!(game.legal().iter().all(|a| !a.token().contains(' ')));
    let mut game = game;
    let marriage = game.parse_action("marriage ♥K ♥Q").expect("a declaration");
    assert_eq!(game.play(&marriage).expect_err("no trick won").code, "B0208");
}

/// A bot of the partnership game: the winner yields half the time he may; the partner he
/// yielded to declares (preferring his partner's table cards) or passes.
fn play_partnership(game: &mut dyn Game, rng: &mut Rng) {
    while !game.is_over() {
        let legal = game.legal();
        let yields = legal.iter().find(|a| a.token().starts_with("yields"));
        let partner_turn = legal.iter().any(|a| a.token() == "passes");
        let with_mate: Vec<_> = legal.iter().filter(|a| a.token().contains('@')).collect();
        let action = match yields {
            Some(y) if rng.below(2) == 0 => y.clone(),
            _ if partner_turn && !with_mate.is_empty() && rng.below(4) != 0 => {
                with_mate[rng.below(with_mate.len())].clone()
            }
            _ if partner_turn && rng.below(3) == 0 => legal
                .iter()
                .find(|a| a.token() == "passes")
                .cloned()
                .expect("a pass"),
            // Declarations fill the tables, whose cards the partners then share.
            _ if rng.below(4) != 0 && legal.iter().any(|a| a.token().contains(' ')) => {
                let said: Vec<_> = legal.iter().filter(|a| a.token().contains(' ')).collect();
                said[rng.below(said.len())].clone()
            }
            _ => legal[rng.below(legal.len())].clone(),
        };
        let parsed = game
            .parse_action(action.token())
            .expect("a legal token reads back");
        assert_eq!(parsed, action);
        game.play(&action)
            .unwrap_or_else(|r| panic!("{action}: {r}\n{}", game.to_record()));
    }
}

#[test]
fn partnership_bezique_bots_yield_and_the_partner_declares_or_passes() {
    // Seed 000, Four-Hand Bezique (000:580–586): the winner of each trick may declare or
    // pass the privilege to his partner, who may declare with cards his partner declared
    // and that still lie on the table; "if the partner cannot declare, the winner of the
    // trick cannot then declare".
    let (mut yields, mut passes, mut partner_declarations, mut with_mate) = (0, 0, 0, 0);
    for seed in 0..24u64 {
        let mut game = table_game::new_game(
            "bezique",
            Some("uspc-four-hand-partnership"),
            DealSpec::Seed(seed),
        )
        .expect("a game");
        assert_eq!(game.seats(), ["N", "E", "S", "W"]);
        let mut rng = Rng(seed ^ 0xbe21);
        play_partnership(game.as_mut(), &mut rng);
        let record = game.to_record();
        let (_, result) = checked(&record);
        assert_eq!(game.result(), result, "{record}");
        let lines: Vec<&str> = record.lines().map(str::trim).collect();
        for (i, l) in lines.iter().enumerate() {
            let words: Vec<&str> = l.split_whitespace().collect();
            if words.get(1) == Some(&"yields") {
                yields += 1;
                let to = words.get(2).copied().unwrap_or_default();
                match lines.get(i + 1).map(|n| n.split_whitespace().collect::<Vec<_>>()) {
                    Some(n) if n.first() == Some(&to) && n.get(1) == Some(&"passes") => passes += 1,
                    Some(n) if n.first() == Some(&to) => partner_declarations += 1,
                    _ => {}
                }
            }
            if words.len() > 2
                && words
                    .iter()
                    .skip(2)
                    .any(|w| w.contains("@N") || w.contains("@S") || w.contains("@E") || w.contains("@W"))
            {
                with_mate += 1;
            }
        }
        // The game goes on from its record wherever it stopped: after a yield too.
        for cut in (0..lines.len()).step_by(7) {
            let text: String = record.lines().take(cut).map(|l| format!("{l}\n")).collect();
            let Ok(again) = table_game::from_record(&text) else {
                continue;
            };
            let reread = table_game::from_record(&again.to_record()).expect("its own record");
            assert_eq!(reread.to_act(), again.to_act(), "{text}");
            assert_eq!(reread.legal(), again.legal(), "{text}");
        }
    }
    assert!(
        yields > 0 && passes > 0 && partner_declarations > 0,
        "{yields} {passes} {partner_declarations}"
    );
    assert!(with_mate > 0, "no declaration with the partner's table cards");
}

/// The check's codes of a record, in order.
fn codes_of(record: &str) -> Vec<String> {
    check::check_str(record)[0]
        .findings
        .iter()
        .map(|f| f.code.to_string())
        .collect()
}

#[test]
fn partnership_bezique_goes_on_from_an_announcement_with_the_partner_s_cards() {
    // Seed 000, 000:557 and 000:582: S announces four kings with the ♣K on N's table
    // (spec/rules/bezique.md §3e). A game started from the record after the announcement
    // goes on: N leads trick 3 and is offered the ♣K among his cards; what the bots play
    // keeps the announcement, and the check scores it after the next yield while the ♣K
    // lies on N's table, and not once N has played it (B0221).
    let path = "corpus/bezique/uspc-four-hand-partnership/pending-with-partner.stich";
    let (start, _) = cut(path, "S announces kings", "");
    let scores = "         S scores kings ♠K@table ♥K@table ♦K@table ♣K@N = 80\n";
    for (lead, codes) in [("♠K", vec!["B0501"]), ("♣K", vec!["B0501", "B0221"])] {
        let mut game = table_game::from_record(&start).expect("the record goes on");
        assert_eq!(game.to_act().as_deref(), Some("N"));
        let legal: Vec<String> = game.legal().iter().map(ToString::to_string).collect();
        assert!(
            legal.iter().any(|a| a == "♣K") && legal.iter().any(|a| a == "♠K"),
            "{legal:?}"
        );
        for token in [lead, "♠J", "♥7", "♠Q"] {
            play_token(game.as_mut(), token);
        }
        assert_eq!(game.to_act().as_deref(), Some("N"), "N wins trick 3");
        play_token(game.as_mut(), "yields");
        let record = game.to_record();
        assert!(
            record.contains("S announces kings ♠K ♥K@table ♦K ♣K@N"),
            "{record}"
        );
        assert_eq!(
            codes_of(&format!("{record}{scores}")),
            codes,
            "{lead}:\n{record}{scores}"
        );
    }
    // From the record with the kings scored the bots play the deal out, and the check finds
    // what they write consistent, with the game's own result.
    let (scored, _) = cut(path, "S scores kings", "");
    let mut game = table_game::from_record(&scored).expect("the record goes on");
    let mut rng = Rng(0x5ee0);
    play_partnership(game.as_mut(), &mut rng);
    let record = game.to_record();
    assert!(record.contains("S scores kings"), "{record}");
    let (_, result) = checked(&record);
    assert_eq!(game.result(), result, "{record}");
}

#[test]
fn the_seed_s_pending_marriage_is_announced_then_scored_at_the_next_trick_won() {
    // Seed 000, 000:683–684, hearts trumps: "A player who has the K on the table puts down
    // the Q and J, and declares, '40 for bezique, and 40 to score for the marriage of the K
    // and Q.' The next time that player wins a trick, he may score the additional 40."
    // Corpus six-pack/rulings.stich: E's ♥K lies on the table from his kings, the bezique
    // ♥Q ♣J is scored, and the marriage of the two table cards is announced.
    let path = "corpus/bezique/six-pack/rulings.stich";
    let (start, _) = cut(path, "E bezique", "");
    let mut game = table_game::from_record(&start).expect("the record goes on");
    assert_eq!(game.to_act().as_deref(), Some("E"));
    let announce = "announces marriage ♥K@table ♥Q@table";
    let score = "scores marriage ♥K@table ♥Q@table";
    let tokens = |g: &dyn Game| g.legal().iter().map(ToString::to_string).collect::<Vec<_>>();
    let legal = tokens(game.as_ref());
    // The bezique was the turn's one declaration: the marriage is no longer scored now, but
    // may be announced ("more than one declaration may be announced", 000:683).
    assert!(legal.iter().any(|a| a == announce), "{legal:?}");
    assert!(!legal.iter().any(|a| a == "marriage ♥K ♥Q"), "{legal:?}");
    assert!(!legal.iter().any(|a| a.starts_with("scores")), "{legal:?}");
    // Nothing is pending yet: a scoring is the check's B0220, and changes nothing.
    let before = game.to_record();
    let early = game.parse_action(score).expect("a scoring reads");
    assert_eq!(game.play(&early).expect_err("not announced").code, "B0220");
    assert_eq!(game.to_record(), before);
    // Written without the marks it reads as the same announcement.
    let plain = game
        .parse_action("announces marriage ♥K ♥Q")
        .expect("an announcement reads");
    assert_eq!(plain.token(), announce);
    play_token(game.as_mut(), announce);
    let record = game.to_record();
    assert!(record.contains(&format!("E {announce}\n")), "{record}");
    assert_eq!(codes_of(&record), ["B0501"], "{record}");
    // Not at the turn it was announced (B0224, "the next time that player wins a trick"),
    // and not announced twice.
    let legal = tokens(game.as_ref());
    assert!(
        !legal.iter().any(|a| a.starts_with("scores") || a == announce),
        "{legal:?}"
    );
    let now = game.parse_action(score).expect("a scoring reads");
    assert_eq!(game.play(&now).expect_err("the same turn").code, "B0224");
    // A game started again from the record goes on with the marriage pending: tricks 4
    // and 5 as the corpus plays them, D winning the first, E the second.
    let mut game = table_game::from_record(&record).expect("the record goes on");
    play_token(game.as_mut(), "♣7");
    // In the middle of a trick no one announces (B0208).
    let mid = game
        .parse_action("announces marriage ♥K ♥Q")
        .expect("an announcement reads");
    assert_eq!(game.play(&mid).expect_err("mid-trick").code, "B0208");
    play_token(game.as_mut(), "♣9");
    assert_eq!(game.to_act().as_deref(), Some("D"));
    assert!(!tokens(game.as_ref()).iter().any(|a| a.starts_with("scores")));
    // D has nothing pending: E's marriage is not his (B0220).
    let not_his = game.parse_action(score).expect("a scoring reads");
    assert_eq!(game.play(&not_his).expect_err("E's, not D's").code, "B0220");
    play_token(game.as_mut(), "♠J");
    play_token(game.as_mut(), "♠A");
    assert_eq!(game.to_act().as_deref(), Some("E"));
    let legal = tokens(game.as_ref());
    assert!(legal.iter().any(|a| a == score), "{legal:?}");
    let played = play_token(game.as_mut(), "scores marriage ♥K ♥Q");
    assert_eq!(played.action, score);
    let record = game.to_record();
    assert!(record.contains(&format!("E {score} = 40\n")), "{record}");
    assert_eq!(codes_of(&record), ["B0501"], "{record}");
    // Scored once: not again.
    assert!(!tokens(game.as_ref()).iter().any(|a| a.starts_with("scores")));
    let again = game.parse_action(score).expect("a scoring reads");
    assert_eq!(game.play(&again).expect_err("scored already").code, "B0220");
}

#[test]
fn random_bots_announce_and_score_pending_declarations_in_every_bezique_profile() {
    // 000:557 and 000:683–684 in every profile (spec/rules/bezique.md §3e): bots that pick
    // among the legal actions announce declarations now and then and score them at later
    // turns; every record checks consistent, with the game's own result.
    let family = family::by_tag("bezique").expect("bezique");
    let (mut announced, mut scored) = (0, 0);
    for profile in family.profile_names() {
        let mut here = 0;
        for seed in 0..6u64 {
            let mut game =
                table_game::new_game("bezique", Some(profile), DealSpec::Seed(seed)).expect("a game");
            let mut rng = Rng(seed ^ 0xbe2);
            while !game.is_over() {
                let legal = game.legal();
                // Scorings first, announcements often: the pending ones are what is tried.
                let pick = legal
                    .iter()
                    .find(|a| a.token().starts_with("scores"))
                    .filter(|_| rng.below(2) == 0)
                    .or_else(|| {
                        let a: Vec<_> = legal
                            .iter()
                            .filter(|a| a.token().starts_with("announces"))
                            .collect();
                        (!a.is_empty() && rng.below(3) != 0).then(|| a[rng.below(a.len())])
                    })
                    .unwrap_or_else(|| &legal[rng.below(legal.len())])
                    .clone();
                let parsed = game.parse_action(pick.token()).expect("a legal token reads back");
                assert_eq!(parsed, pick);
                game.play(&pick)
                    .unwrap_or_else(|r| panic!("{profile} {seed} {pick}: {r}\n{}", game.to_record()));
            }
            let record = game.to_record();
            let (_, result) = checked(&record);
            assert_eq!(game.result(), result, "{profile} {seed}:\n{record}");
            here += says(&record, "announces") as usize;
            announced += record.matches(" announces ").count();
            scored += record.matches(" scores ").count();
        }
        assert!(here > 0, "no announcement in {profile}");
    }
    assert!(announced > 0 && scored > 0, "{announced} {scored}");
}

/// The partnership game from seed `seed`, played by bots that never yield until the first
/// turn whose winner may yield, which he does.
fn partnership_after_a_yield(seed: u64) -> Box<dyn Game> {
    let mut game = table_game::new_game(
        "bezique",
        Some("uspc-four-hand-partnership"),
        DealSpec::Seed(seed),
    )
    .expect("a game");
    let mut rng = Rng(seed);
    while !game.is_over() {
        let legal = game.legal();
        if let Some(y) = legal.iter().find(|a| a.token().starts_with("yields")) {
            let y = y.clone();
            game.play(&y).expect("a legal yield");
            return game;
        }
        let cards: Vec<_> = legal.iter().filter(|a| !a.token().contains(' ')).collect();
        let a = cards[rng.below(cards.len())].clone();
        game.play(&a).expect("a legal card");
    }
    panic!("no yield in the game of seed {seed}");
}

#[test]
fn partnership_bezique_refusals_carry_the_check_s_codes() {
    let mut game = partnership_after_a_yield(3);
    let record = game.to_record();
    let winner_line = record.lines().last().expect("the yield").trim().to_string();
    let mut words = winner_line.split_whitespace();
    let (winner, partner) = (
        words.next().expect("the winner").to_string(),
        words.nth(1).expect("the partner").to_string(),
    );
    // The partner may have nothing to declare: then the winner leads at once.
    if game.to_act().as_deref() == Some(partner.as_str()) {
        // The partner declares or passes; he does not lead.
        let lead = game.parse_action("♠A").expect("a card");
        assert_eq!(game.play(&lead).expect_err("not his lead").code, "B0303");
        let again = game.parse_action("yields").expect("a yield");
        assert_eq!(game.play(&again).expect_err("a second yield").code, "B0215");
        let pass = game.parse_action("passes").expect("a pass");
        game.play(&pass).expect("the partner passes");
    }
    assert_eq!(game.to_act().as_deref(), Some(winner.as_str()));
    assert!(
        game.legal().iter().all(|a| !a.token().contains(' ')),
        "{:?}",
        game.legal()
    );
    let before = game.to_record();
    let pass = game.parse_action("passes").expect("a pass");
    assert_eq!(game.play(&pass).expect_err("not his pass").code, "B0299");
    let marriage = game.parse_action("marriage ♥K ♥Q").expect("a declaration");
    assert_eq!(game.play(&marriage).expect_err("he yielded").code, "B0216");
    assert_eq!(game.to_record(), before);
    // The check reads the same pass: `S passes` is accepted, a second one is B0299.
    let codes: Vec<String> = check::check_str(&before)[0]
        .findings
        .iter()
        .map(|f| f.code.to_string())
        .collect();
    assert_eq!(codes, ["B0501"], "{before}");
    let twice = format!("{before}         {partner} passes\n         {partner} passes\n");
    let codes: Vec<String> = check::check_str(&twice)[0]
        .findings
        .iter()
        .map(|f| f.code.to_string())
        .collect();
    assert!(codes.contains(&"B0299".to_string()), "{codes:?}\n{twice}");
    // In the individual game a yield or a pass is no action of the check's rules either.
    let mut game =
        table_game::new_game("bezique", Some("uspc-four-hand"), DealSpec::Seed(3)).expect("a game");
    let pass = game.parse_action("passes").expect("a pass");
    assert_eq!(game.play(&pass).expect_err("no partner").code, "B0299");
}

#[test]
fn frog_must_follow_suit_but_need_not_head() {
    // Seed 001, Frog (001:608): the others must follow suit, and trump when they cannot;
    // they need not head the trick. In the Chico in spades, M leads the ♠10 at trick 5; R
    // holds no spade and may play any card; F holds the ♠Q and must play it.
    let path = "corpus/frog/foster-1897/settlement.stich";
    let (start, rest) = cut(path, "4. M:", "         5. M: ♠10\n");
    let mut game = table_game::from_record(&start).expect("the record goes on");
    assert_eq!(game.seats(), ["F", "M", "R"]);
    assert_eq!(game.to_act().as_deref(), Some("R"));
    assert_eq!(game.legal().len(), 7, "R is void in spades and trumps");
    play_token(game.as_mut(), "♥6");
    assert_eq!(game.to_act().as_deref(), Some("F"));
    let legal: Vec<String> = game.legal().iter().map(ToString::to_string).collect();
    assert_eq!(legal, ["♠Q"]);
    let before = game.to_record();
    let revoke = game.parse_action("♦K").expect("a card");
    assert_eq!(game.play(&revoke).expect_err("a revoke").code, "G0302");
    let gone = game.parse_action("♣A").expect("a card");
    assert_eq!(game.play(&gone).expect_err("played at trick 1").code, "G0301");
    assert_eq!(game.to_record(), before);
    // The check gives the same code to the same card written in the record.
    let reports = check::check_str(&before.replace("5. M: ♠10 ♥6", "5. M: ♠10 ♥6 ♦K"));
    assert!(reports[0].findings.iter().any(|f| f.code == "G0302"));
    let tokens = cards_of(&rest);
    for token in &tokens[2..] {
        play_token(game.as_mut(), token);
    }
    let Some(Outcome::Frog(r)) = game.result() else {
        panic!("a Frog result");
    };
    assert_eq!(r.points, 98);
    assert_eq!(checked(&game.to_record()).0, Verdict::Consistent);
}

#[test]
fn ristikontra_plays_in_the_dark_from_the_top_of_the_stock_only() {
    // Seed 003r:64–66: instead of a hand card a player may play the top card of the stock
    // (spec/rules/ristikontra.md §2). In the 61-of-120 deal W leads ♦9 in the dark; the
    // stock's top is then ♥K, and N may play it, or any of his six cards (the play is free).
    let path = "corpus/ristikontra/wikipedia-003/sixty-one.stich";
    let (start, rest) = cut(path, "stock:", "play     1. W: ♦9@stock\n");
    let mut game = table_game::from_record(&start).expect("the record goes on");
    assert_eq!(game.seats(), ["N", "E", "S", "W"]);
    assert_eq!(game.to_act().as_deref(), Some("N"));
    let legal: Vec<String> = game.legal().iter().map(ToString::to_string).collect();
    assert_eq!(legal, ["♠7", "♠2", "♣10", "♠4", "♦7", "♦8", "♥K@stock"]);
    let before = game.to_record();
    let not_top = game.parse_action("♥4@stock").expect("a card in the dark");
    assert_eq!(game.play(&not_top).expect_err("♥K is on top").code, "R0302");
    let not_held = game.parse_action("♠A").expect("a card");
    assert_eq!(game.play(&not_held).expect_err("E holds it").code, "R0301");
    assert_eq!(game.to_record(), before);
    // The check gives the same code to the same card written in the record.
    let reports = check::check_str(&before.replace("1. W: ♦9@stock", "1. W: ♦9@stock ♥4@stock"));
    assert!(reports[0].findings.iter().any(|f| f.code == "R0302"));
    let tokens = cards_of(&rest);
    let mut first = true;
    assert_eq!(tokens.first().map(String::as_str), Some("♦9@stock"));
    for token in &tokens[1..] {
        let played = play_token(game.as_mut(), token);
        if first && played.trick.is_some() {
            // Nobody matched the nine: the leader takes the trick (X61).
            assert_eq!(
                played.trick.as_ref().map(|t| (t.winner.as_str(), t.points)),
                Some(("W", 14))
            );
            first = false;
        }
    }
    let Some(Outcome::Ristikontra(r)) = game.result() else {
        panic!("a Ristikontra result");
    };
    let points: Vec<u32> = r.sides.iter().map(|s| s.points).collect();
    assert_eq!((points, r.outcome.as_deref()), (vec![59, 61], Some("EW")));
    assert_eq!(checked(&game.to_record()).0, Verdict::Consistent);
    // A record that writes its draws instead of giving the stock cannot go on: the bot's
    // draws and cards in the dark come from the stock. A seed's game gets it back.
    let family = family::by_tag("ristikontra").expect("the family");
    let mut generated = family
        .generate("wikipedia-003", 3, engine::GenLayout::Complete)
        .expect("a generated game");
    let deal = generated.deal.as_ref().expect("a deal");
    assert!(
        deal.items.iter().all(|l| l.seat.node != "stock"),
        "seed 3 writes its draws"
    );
    generated.play = None;
    generated.result = None;
    let e = table_game::from_record(&notation::print_file([&generated]))
        .err()
        .expect("no stock");
    assert_eq!(e.code, "A0003", "{e}");
    let seeded =
        table_game::new_game("ristikontra", Some("wikipedia-003"), DealSpec::Seed(3)).expect("a game");
    assert!(seeded.to_record().contains("stock:"));
}

/// The deal of the generator's Skat game of `seed` under `profile`, alone: the record a bot
/// starts the auction from.
fn skat_deal_alone(profile: &str, seed: u64) -> String {
    let skat = family::by_tag("skat").expect("skat");
    let mut r = skat
        .generate(profile, seed, family::GenLayout::Complete)
        .expect("a generated game");
    r.auction = None;
    r.exchange = None;
    r.declaration = None;
    r.play = None;
    r.result = None;
    notation::print_file([&r])
}

/// A Skat game from the deal alone of the generator's game `seed`.
fn skat_from_deal(profile: &str, seed: u64) -> Box<dyn Game> {
    table_game::from_record(&skat_deal_alone(profile, seed))
        .unwrap_or_else(|e| panic!("{profile} {seed}: {e}"))
}

/// Plays the tokens in turn; each must be accepted.
fn play_all(game: &mut dyn Game, tokens: &[&str]) {
    for t in tokens {
        play_token(game, t);
    }
}

const SKAT_DEALS_PER_PROFILE: u64 = 12;

#[test]
fn random_bots_play_every_skat_profile_from_the_deal_alone() {
    let skat = family::by_tag("skat").expect("skat");
    for profile in skat.profile_names() {
        let mut declared = 0;
        for seed in 0..SKAT_DEALS_PER_PROFILE {
            let mut game = skat_from_deal(profile, seed);
            assert_eq!(game.to_act().as_deref(), Some("M"), "middlehand bids first");
            let mut rng = Rng(seed ^ 0x5eed);
            play_out(game.as_mut(), &mut rng);
            let record = game.to_record();
            if record.contains("declare") {
                declared += 1;
            }
            let (_, result) = checked(&record);
            assert_eq!(result, game.result(), "{profile} {seed}\n{record}");
            assert!(game.result().is_some());
        }
        assert!(declared > 0, "{profile}: no deal was declared");
    }
}

#[test]
fn a_bid_below_the_last_is_refused_with_the_check_s_code() {
    // ISkO 004: each bid must be higher than the last (S0102 in the check).
    let mut game = skat_from_deal("isko", 1);
    play_all(game.as_mut(), &["20", "yes"]);
    let low = game.parse_action("18").expect("a bid reads");
    let refusal = game.play(&low).expect_err("18 after 20");
    assert_eq!(refusal.code, "S0102", "{refusal}");
    let legal: Vec<String> = game.legal().iter().map(|a| a.to_string()).collect();
    assert!(legal.contains(&"22".to_string()) && !legal.contains(&"20".to_string()));
    assert!(
        !legal.contains(&"yes".to_string()),
        "the bidder has nothing to hold"
    );
}

#[test]
fn only_the_declarer_picks_up_and_discards_two_cards_held() {
    let mut game = skat_from_deal("isko", 1);
    // M bids 18, F passes, R passes: M is the declarer.
    play_all(game.as_mut(), &["18", "pass", "pass"]);
    assert_eq!(game.to_act().as_deref(), Some("M"));
    // Another seat may not take the turn.
    let pickup = game.parse_action("pickup").expect("pickup reads");
    assert_eq!(pickup.seat(), "M");
    game.play(&pickup).expect("the declarer picks up");
    let legal = game.legal();
    assert_eq!(legal.len(), 66, "any two of the twelve cards held");
    assert!(legal.iter().all(|a| a.token().starts_with("discard ")));
    // A card not held is not a discard.
    let held: Vec<&str> = legal[0].token().split(' ').skip(1).collect();
    let not_held = [
        "♣J", "♠J", "♥J", "♦J", "♣A", "♠A", "♥A", "♦A", "♣7", "♠7", "♥7", "♦7",
    ]
    .into_iter()
    .find(|c| !legal.iter().any(|a| a.token().contains(c)))
    .expect("a card M does not hold");
    // The check's codes: a card dealt to another hand (D0104), one card laid away (S0205).
    for (t, code) in [
        (format!("discard {} {not_held}", held[0]), "D0104"),
        (format!("discard {}", held[0]), "S0205"),
    ] {
        let action = game.parse_action(&t).expect("a discard reads");
        let refusal = game.play(&action).expect_err(&t);
        assert_eq!(refusal.code, code, "{t}: {refusal}");
    }
}

#[test]
fn a_hand_announcement_after_the_pick_up_is_refused() {
    let mut game = skat_from_deal("isko", 1);
    play_all(game.as_mut(), &["18", "pass", "pass", "pickup"]);
    let discard = game.legal()[0].clone();
    game.play(&discard).expect("a discard");
    let legal: Vec<String> = game.legal().iter().map(|a| a.to_string()).collect();
    assert!(legal.contains(&"grand".to_string()), "{legal:?}");
    assert!(
        legal
            .iter()
            .all(|t| !t.contains("hand") && !t.contains("schneider")),
        "{legal:?}"
    );
    // Written out, the announcement is refused with the check's code (S0201 or S0204).
    for t in ["grand hand", "clubs hand schneider", "clubs schneider"] {
        let action = game.parse_action(t).expect("a declaration reads");
        let refusal = game.play(&action).expect_err(t);
        assert!(
            ["S0201", "S0204"].contains(&refusal.code.as_str()),
            "{t}: {refusal}"
        );
    }
    let play = game.parse_action("grand").expect("grand");
    game.play(&play).expect("grand after the pick-up");
    assert!(game.to_record().contains("declare  M grand"));
}

/// Seed 001's illustrative tourné (corpus/skat/foster-1897/illustrative-tourne.stich): the
/// deal, with the hands of B and C read from its play, and the tricks as the book gives them.
const TOURNE_DEAL: &str = "[Game \"skat\"]
[Rules \"foster-1897\"]

deal     F: ♣J ♥J ♥10 ♥K ♣A ♣K ♦A ♦7 ♠10 ♠9
         M: ♥7 ♥A ♦9 ♠J ♥9 ♣7 ♠K ♣10 ♠Q ♣Q
         R: ♦J ♥8 ♦Q ♠A ♠7 ♦8 ♦10 ♣9 ♠8 ♣8
         skat: ♥Q ♦K
";

const TOURNE_TRICKS: [[&str; 3]; 10] = [
    ["♣J", "♥7", "♦J"],
    ["♥Q", "♥A", "♥8"],
    ["♦K", "♦9", "♦Q"],
    ["♥J", "♠J", "♠A"],
    ["♥10", "♥9", "♠7"],
    ["♦A", "♣7", "♦8"],
    ["♦7", "♠K", "♦10"],
    ["♣K", "♣10", "♣9"],
    ["♥K", "♠Q", "♠8"],
    ["♣A", "♣Q", "♣8"],
];

#[test]
fn a_tourne_played_from_the_deal_alone_wins_the_book_s_twelve() {
    let mut game = table_game::from_record(TOURNE_DEAL).expect("the deal starts the auction");
    // "A, Vorhand, has refused ten … Hinterhand having passed" (seed 001).
    play_all(game.as_mut(), &["10", "yes", "pass", "pass"]);
    let legal = tokens(game.as_ref());
    assert!(legal.contains(&"turn ♥Q".to_string()), "{legal:?}");
    // "turns the heart ♡ Q, finding the ♢ King in the Skat"; "He lays out the ♠ 10 and ♠ 9".
    play_all(game.as_mut(), &["turn ♥Q", "pickup ♦K", "discard ♠10 ♠9"]);
    assert_eq!(
        tokens(game.as_ref()),
        ["hearts"],
        "the turned card fixes the trump"
    );
    play_token(game.as_mut(), "hearts");
    for trick in TOURNE_TRICKS {
        let mut left: Vec<&str> = trick.to_vec();
        while !left.is_empty() {
            let i = left
                .iter()
                .position(|c| game.parse_action(c).is_ok_and(|a| game.play(&a).is_ok()))
                .unwrap_or_else(|| panic!("none of {left:?} can be played\n{}", game.to_record()));
            left.remove(i);
        }
    }
    assert!(game.is_over());
    let record = game.to_record();
    assert!(
        record.contains("exchange F turn ♥Q\n         F pickup ♦K\n         F discard ♠10 ♠9"),
        "{record}"
    );
    let Some(Outcome::Skat(r)) = game.result() else {
        panic!("a Skat result");
    };
    // "a heart Tourné, with one": (1 + 1) × 6; "A wins his 12 points".
    assert_eq!(
        (r.won, r.matadors, r.value, r.score),
        (Some(true), Some(1), Some(12), Some(12))
    );
    let (verdict, result) = checked(&record);
    assert_eq!(verdict, Verdict::Consistent);
    assert_eq!(result, game.result());
}

#[test]
fn a_second_turn_under_uspc_checks_consistent_and_loses_double() {
    // Seed 000, §Tournee: the first card rejected unseen, the second turned fixes trump; the
    // loss is doubled (§Scoring). Bots play the cards at random.
    let deal = TOURNE_DEAL.replace("foster-1897", "uspc");
    let mut game = table_game::from_record(&deal).expect("the deal starts the auction");
    play_all(game.as_mut(), &["10", "yes", "pass", "pass", "passt ♥Q"]);
    assert_eq!(tokens(game.as_ref()), ["turn ♦K"]);
    play_all(game.as_mut(), &["turn ♦K", "discard ♠10 ♠9"]);
    assert_eq!(tokens(game.as_ref()), ["diamonds"]);
    play_token(game.as_mut(), "diamonds");
    let mut rng = Rng(17);
    play_out(game.as_mut(), &mut rng);
    let record = game.to_record();
    assert!(record.contains("F passt ♥Q"), "{record}");
    let (_, result) = checked(&record);
    assert_eq!(result, game.result());
    let Some(Outcome::Skat(r)) = game.result() else {
        panic!("a Skat result");
    };
    if r.won == Some(false)
        && let (Some(value), Some(score)) = (r.value, r.score)
    {
        assert_eq!(score, -2 * value as i64, "second turn loses double");
    }
}

#[test]
fn a_deal_all_passed_is_over_passed() {
    let mut game = skat_from_deal("isko", 2);
    play_all(game.as_mut(), &["pass", "pass", "pass"]);
    assert!(game.is_over());
    let (_, result) = checked(&game.to_record());
    assert_eq!(result, game.result());
}

/// A generated Pinochle deal with nothing after it.
fn pinochle_deal_alone(profile: &str, seed: u64) -> String {
    let mut r = family::by_tag("pinochle")
        .and_then(|f| f.generate(profile, seed, engine::GenLayout::Complete))
        .expect("a deal");
    r.auction = None;
    r.exchange = None;
    r.declaration = None;
    r.melds = None;
    r.play = None;
    r.result = None;
    notation::print(&r)
}

/// Whether a record line is a statement of `word` (`exchange F concedes`, `R buries …`).
fn says(record: &str, word: &str) -> bool {
    record.lines().any(|l| {
        let mut w = l.split_whitespace();
        let first = w.next();
        let first = if first.is_some_and(|f| f.len() > 2) {
            w.next()
        } else {
            first
        };
        first.is_some() && w.next() == Some(word)
    })
}

#[test]
fn random_bots_play_every_pinochle_profile_from_the_deal_alone() {
    let family = family::by_tag("pinochle").expect("pinochle");
    let mut from_auction = Vec::new();
    let mut words = std::collections::BTreeSet::new();
    for profile in family.profile_names() {
        for seed in 0..6u64 {
            let deal = pinochle_deal_alone(profile, seed);
            let mut game =
                table_game::from_record(&deal).unwrap_or_else(|e| panic!("{profile} {seed}: {e}\n{deal}"));
            let auction = game.to_act().is_some()
                && game
                    .legal()
                    .iter()
                    .any(|a| a.token() == "pass" || a.token().parse::<u32>().is_ok());
            if auction && !from_auction.contains(&profile) {
                from_auction.push(profile);
            }
            let mut rng = Rng(seed);
            let actions = play_out(game.as_mut(), &mut rng);
            // The double pack's bury card by card keeps the choices few.
            assert!(actions < 1000, "{profile} {seed}");
            let record = game.to_record();
            for w in ["buries", "concedes", "forfeits", "gives", "declines"] {
                if says(&record, w) {
                    words.insert((profile, w));
                }
            }
            if record.contains(": meld ") || record.contains(": flush") {
                words.insert((profile, "announces"));
            }
            let (_, result) = checked(&record);
            assert_eq!(game.result(), result, "{profile} {seed}:\n{record}");
        }
    }
    assert_eq!(
        from_auction,
        [
            "uspc-partnership-auction",
            "uspc-partnership-auction-widow",
            "partnership-auction",
            "partnership-auction-double-deck",
            "uspc-firehouse",
            "uspc-check",
            "three-hand-auction",
            "uspc-auction",
            "uspc-double-pack",
            "uspc-three-hand-double-pack",
            "uspc-six-hand-triple-pack",
            "uspc-six-auction",
            "uspc-eight-auction",
        ]
    );
    for w in [
        ("uspc-auction", "buries"),
        ("uspc-auction", "concedes"),
        ("uspc-auction", "declines"),
        ("uspc-three-hand-double-pack", "buries"),
        ("uspc-three-hand-double-pack", "concedes"),
        ("uspc-partnership-auction-widow", "gives"),
        ("uspc-double-pack", "announces"),
    ] {
        assert!(words.contains(&w), "{w:?}: {words:?}");
    }
}

#[test]
fn the_pinochle_auction_refuses_with_the_check_s_codes() {
    let deal = pinochle_deal_alone("uspc-auction", 3);
    let mut game = table_game::from_record(&deal).expect("a game");
    // The dealer's left must open (P0105): no pass is offered, and one is refused.
    assert!(game.legal().iter().all(|a| a.token() != "pass"));
    assert_eq!(
        game.legal().first().map(|a| a.token().to_string()).as_deref(),
        Some("300")
    );
    let pass = game.parse_action("pass").expect("a call");
    assert_eq!(game.play(&pass).expect_err("must open").code, "P0105");
    play_token(game.as_mut(), "300");
    let low = game.parse_action("300").expect("a bid");
    let refused = game.play(&low).expect_err("not above the last");
    assert!(refused.code.starts_with("P01"), "{refused}");
    play_all(game.as_mut(), &["pass", "pass"]);
    assert_eq!(game.to_act().as_deref(), Some("F"));
    // Trump, or the compulsory opening given up: forfeited unseen or conceded on seeing the
    // widow (seed 000, 000:433–435).
    let tokens: Vec<String> = game.legal().iter().map(|a| a.token().to_string()).collect();
    assert_eq!(tokens.len(), 6, "{tokens:?}");
    assert!(tokens.contains(&"forfeits".to_string()) && tokens.contains(&"concedes".to_string()));
    play_token(game.as_mut(), "hearts");
    // The bidder buries three of his eighteen cards, or concedes: a single bete.
    let legal = game.legal();
    assert!(
        legal
            .iter()
            .all(|a| a.token().starts_with("buries ") || a.token() == "concedes")
    );
    assert_eq!(legal.iter().filter(|a| a.token() == "concedes").count(), 1);
    let mut rng = Rng(3);
    play_out(game.as_mut(), &mut rng);
    checked(&game.to_record());
}

/// The tokens of the legal actions.
fn tokens(game: &dyn Game) -> Vec<String> {
    game.legal().iter().map(|a| a.token().to_string()).collect()
}

/// The settlement of a Pinochle game that is over: its ending and chips.
fn settlement(game: &dyn Game) -> (engine::pinochle::settle::Ending, Vec<(String, i64)>) {
    let Some(Outcome::Pinochle(r)) = game.result() else {
        panic!("a Pinochle result");
    };
    let s = r.settlement.expect("a settlement in units");
    (s.ending, s.chips)
}

fn chips(pairs: &[(&str, i64)]) -> Vec<(String, i64)> {
    pairs.iter().map(|&(l, n)| (l.to_string(), n)).collect()
}

#[test]
fn the_compulsory_opening_all_passed_may_be_forfeited_unseen() {
    use engine::pinochle::settle::Ending;
    // Seed 000, 000:433: all pass on the compulsory 300; the bidder forfeits without looking
    // at the widow and pays the basic unit value (3 chips) to the kitty, nothing to the others
    // (the inactive D and I of the five at the table included).
    let deal = pinochle_deal_alone("uspc-auction", 3);
    let mut game = table_game::from_record(&deal).expect("a game");
    play_all(game.as_mut(), &["300", "pass", "pass"]);
    assert!(tokens(game.as_ref()).contains(&"forfeits".to_string()));
    let played = play_token(game.as_mut(), "forfeits");
    assert!(played.over && game.is_over());
    assert_eq!(
        settlement(game.as_ref()),
        (
            Ending::Forfeit,
            chips(&[("F", -3), ("M", 0), ("R", 0), ("D", 0), ("I", 0), ("kitty", 3)])
        )
    );
    let (_, result) = checked(&game.to_record());
    assert_eq!(result, game.result());
}

#[test]
fn a_bid_above_the_compulsory_opening_is_not_forfeited() {
    // Seed 000, 000:433: only the compulsory 300 that all the others passed is forfeited; a
    // bidder who overcalled may concede (000:435) but not forfeit, and the check refuses it.
    let deal = pinochle_deal_alone("uspc-auction", 3);
    let mut game = table_game::from_record(&deal).expect("a game");
    play_all(game.as_mut(), &["300", "310", "pass", "pass"]);
    assert_eq!(game.to_act().as_deref(), Some("M"));
    let legal = tokens(game.as_ref());
    assert!(!legal.contains(&"forfeits".to_string()), "{legal:?}");
    assert!(legal.contains(&"concedes".to_string()), "{legal:?}");
    let before = game.to_record();
    let forfeit = game.parse_action("forfeits").expect("a word of the exchange");
    assert_eq!(
        game.play(&forfeit).expect_err("not the compulsory bid").code,
        "P0216"
    );
    assert_eq!(game.to_record(), before);
}

#[test]
fn the_bidder_who_has_seen_the_widow_concedes_a_single_bete() {
    use engine::pinochle::settle::Ending;
    // Seed 000, 000:435: having seen the widow the bidder concedes; there is no play and he
    // pays the basic unit value of his bid (3 for 310) to each opponent (the settlement
    // counts the inactive D and I of the table too).
    let deal = pinochle_deal_alone("uspc-auction", 3);
    let mut game = table_game::from_record(&deal).expect("a game");
    play_all(game.as_mut(), &["300", "310", "pass", "pass", "concedes"]);
    assert!(game.is_over());
    assert_eq!(
        settlement(game.as_ref()),
        (
            Ending::SingleBete,
            chips(&[("M", -12), ("F", 3), ("R", 3), ("D", 3), ("I", 3), ("kitty", 0)])
        )
    );
    let record = game.to_record();
    assert!(record.contains("exchange M concedes"), "{record}");
    let (_, result) = checked(&record);
    assert_eq!(result, game.result());
}

#[test]
fn the_bidder_concedes_before_leading_but_not_after() {
    // Seed 000, 000:435–439: the bidder may concede after trump and the bury, until he leads
    // to the first trick; then the deal stands as though played out.
    let deal = pinochle_deal_alone("uspc-auction", 3);
    let mut game = table_game::from_record(&deal).expect("a game");
    play_all(game.as_mut(), &["300", "pass", "pass", "hearts"]);
    let bury = game
        .legal()
        .into_iter()
        .find(|a| a.token().starts_with("buries "))
        .expect("a bury");
    game.play(&bury).expect("a bury of three");
    // The opponents are asked first (000:437); they let him play.
    assert_eq!(game.to_act().as_deref(), Some("M"));
    play_token(game.as_mut(), "declines");
    assert_eq!(game.to_act().as_deref(), Some("F"));
    let legal = tokens(game.as_ref());
    assert!(legal.contains(&"concedes".to_string()), "{legal:?}");
    // A game started again from the record at the lead offers the concession too.
    let mut lead = table_game::from_record(&game.to_record()).expect("the record goes on");
    assert_eq!(tokens(lead.as_ref()), legal);
    let mut again = table_game::from_record(&game.to_record()).expect("the record goes on");
    play_token(again.as_mut(), "concedes");
    assert!(again.is_over());
    let (_, result) = checked(&again.to_record());
    assert_eq!(result, again.result());
    let conceded = play_token(game.as_mut(), "concedes");
    assert!(conceded.over);
    checked(&game.to_record());
    let card = legal.iter().find(|t| *t != "concedes").expect("a card");
    play_token(lead.as_mut(), card);
    assert!(!tokens(lead.as_ref()).contains(&"concedes".to_string()));
    assert!(lead.parse_action("concedes").is_err());
}

#[test]
fn the_opponents_may_concede_the_contract_before_the_first_lead() {
    // Seed 000, 000:437: "The opponents, by agreement, may concede the bidder's contract
    // without forcing him to play. In this event, the bidder collects the value of the bid
    // from every other player." The first opponent after the bidder speaks for both, when
    // the play is about to begin; the record writes `M concedes` among the exchanges.
    let deal = pinochle_deal_alone("uspc-auction", 3);
    let mut game = table_game::from_record(&deal).expect("a game");
    play_all(game.as_mut(), &["300", "pass", "pass", "hearts"]);
    let bury = game
        .legal()
        .into_iter()
        .find(|a| a.token().starts_with("buries "))
        .expect("a bury");
    game.play(&bury).expect("a bury of three");
    assert_eq!(game.to_act().as_deref(), Some("M"));
    assert_eq!(tokens(game.as_ref()), ["concedes", "declines"]);
    // Only the opponents' choice is offered: no card, no bid.
    assert_eq!(game.parse_action("♠A").expect_err("no card yet").code, "A0001");
    let played = play_token(game.as_mut(), "concedes");
    assert!(played.over && game.is_over());
    let record = game.to_record();
    assert!(record.contains("M concedes"), "{record}");
    let (_, result) = checked(&record);
    assert_eq!(result, game.result());
    let (ending, settled) = settlement(game.as_ref());
    assert_eq!(ending, engine::pinochle::settle::Ending::Conceded);
    // The bidder collects the value of 300 in hearts (3 units, 000:403-405) from each.
    assert!(settled.iter().any(|(s, n)| s == "F" && *n > 0), "{settled:?}");
    assert!(
        settled
            .iter()
            .filter(|(s, _)| s == "M" || s == "R")
            .all(|(_, n)| *n < 0),
        "{settled:?}"
    );
}

#[test]
fn the_opponents_answer_is_written_and_a_game_started_again_asks_only_without_it() {
    // Seed 000, 000:437–439: the opponents may concede the contract before the bidder leads
    // to the first trick. Their refusal is written `M declines` among the exchanges (the
    // record's word, spec/rules/pinochle.md §5e), so a record stopped at the first lead
    // says whether they have been asked.
    let deal = pinochle_deal_alone("uspc-auction", 3);
    let mut game = table_game::from_record(&deal).expect("a game");
    play_all(game.as_mut(), &["300", "pass", "pass", "hearts"]);
    let bury = game
        .legal()
        .into_iter()
        .find(|a| a.token().starts_with("buries "))
        .expect("a bury");
    game.play(&bury).expect("a bury of three");
    let unanswered = game.to_record();
    assert!(!says(&unanswered, "declines"), "{unanswered}");
    // Without their answer a game started again asks them, through M, the seat after F.
    let asked = table_game::from_record(&unanswered).expect("the record goes on");
    assert_eq!(asked.to_act().as_deref(), Some("M"));
    assert_eq!(tokens(asked.as_ref()), ["concedes", "declines"]);
    let played = play_token(game.as_mut(), "declines");
    assert!(!played.over);
    let answered = game.to_record();
    assert!(answered.contains("\n         M declines\n"), "{answered}");
    let (verdict, _) = checked(&answered);
    assert_eq!(verdict, Verdict::Consistent);
    // With it, the bidder leads or concedes; the opponents are not asked again.
    let mut again = table_game::from_record(&answered).expect("the record goes on");
    assert_eq!(again.to_act().as_deref(), Some("F"));
    let legal = tokens(again.as_ref());
    assert_eq!(legal, tokens(game.as_ref()));
    assert!(legal.contains(&"concedes".to_string()) && !legal.contains(&"declines".to_string()));
    assert_eq!(
        again.parse_action("declines").expect_err("answered").code,
        "A0001"
    );
    // The bidder may still concede: a single bete (000:435), the answer kept.
    play_token(again.as_mut(), "concedes");
    let conceded = again.to_record();
    assert!(conceded.contains("M declines\n         F concedes"), "{conceded}");
    let (_, result) = checked(&conceded);
    assert_eq!(result, again.result());
    assert_eq!(
        settlement(again.as_ref()).0,
        engine::pinochle::settle::Ending::SingleBete
    );
    // Played on instead, the deal is played out from the record with the answer.
    let mut rng = Rng(3);
    play_out(game.as_mut(), &mut rng);
    let record = game.to_record();
    assert!(record.contains("M declines"), "{record}");
    let (_, result) = checked(&record);
    assert_eq!(result, game.result());
}

#[test]
fn a_seed_game_of_auction_pinochle_asks_the_opponents_before_the_first_lead() {
    // The generator writes no answer of the opponents, so a game from a seed that reaches
    // the first lead asks them (000:437), through the seat after the bidder.
    let mut asked = 0;
    for seed in 0..8u64 {
        let game = engine::table_game::new_game("pinochle", Some("uspc-auction"), DealSpec::Seed(seed))
            .expect("a game");
        if game.is_over() {
            continue;
        }
        let record = game.to_record();
        let bidder = record
            .lines()
            .find_map(|l| l.strip_prefix("declare  "))
            .and_then(|d| d.split_whitespace().next())
            .expect("a bidder");
        let next = match bidder {
            "F" => "M",
            "M" => "R",
            _ => "F",
        };
        assert_eq!(game.to_act().as_deref(), Some(next), "{record}");
        assert_eq!(tokens(game.as_ref()), ["concedes", "declines"]);
        asked += 1;
    }
    assert!(asked > 0);
}

#[test]
fn a_misplaced_answer_of_the_opponents_stops_a_game_from_starting() {
    // Only M speaks for the opponents of F (the first after the bidder): a record with R's
    // answer is refused with the check's P0218.
    let deal = pinochle_deal_alone("uspc-auction", 3);
    let mut game = table_game::from_record(&deal).expect("a game");
    play_all(game.as_mut(), &["300", "pass", "pass", "hearts"]);
    let bury = game
        .legal()
        .into_iter()
        .find(|a| a.token().starts_with("buries "))
        .expect("a bury");
    game.play(&bury).expect("a bury of three");
    play_token(game.as_mut(), "declines");
    let wrong = game.to_record().replacen("M declines", "R declines", 1);
    let err = table_game::from_record(&wrong).err().expect("refused");
    assert_eq!(err.code, "P0218");
}

/// A game started from `deal` with `tokens` played.
fn after(deal: &str, tokens: &[&str]) -> Box<dyn Game> {
    let mut game = table_game::from_record(deal).expect("a game");
    play_all(game.as_mut(), tokens);
    game
}

#[test]
fn stated_meld_bids_are_offered_at_the_lowest_bid_and_each_is_accepted() {
    // Seed 000, 000:255: "In making a bid, a player may state that it is based on a flush
    // or on a long suit, and may also announce a meld"; the stated number is the bid
    // (spec/rules/pinochle.md §5f). Each announcement is offered stated with the lowest bid
    // the auction takes: before any bid the minimum, after 500 the bid of 510.
    for (profile, seed) in [("uspc-double-pack", 0u64), ("uspc-six-hand-triple-pack", 1)] {
        let deal = pinochle_deal_alone(profile, seed);
        let mut prefix: Vec<String> = Vec::new();
        for step in 0..2 {
            let game = after(&deal, &prefix.iter().map(String::as_str).collect::<Vec<_>>());
            let legal = tokens(game.as_ref());
            let lowest: u32 = legal.iter().find_map(|t| t.parse().ok()).expect("a bid offered");
            let mut expected = vec![
                format!("{lowest} flush"),
                format!("{lowest} long-suit"),
                format!("{lowest} meld 100"),
                format!("{lowest} meld 200"),
                format!("{lowest} meld 300"),
                // "as by bidding 500 and announcing a flush and 100 meld" (000:255).
                format!("{lowest} flush meld 100"),
                format!("{lowest} long-suit meld 300"),
            ];
            if step == 0 {
                // Before any bid 400 may be announced too (000:253, "100, 400").
                expected.push(format!("{lowest} meld 400"));
                assert!(legal.contains(&"long-suit".to_string()), "{profile}: {legal:?}");
            }
            for t in &expected {
                assert!(legal.contains(t), "{profile} {step}: {t} not in {legal:?}");
            }
            // Every call offered but the plain bids is accepted in turn; a stated one is
            // written as stated.
            let seat = game.to_act().expect("a seat");
            for t in legal.iter().filter(|t| t.parse::<u32>().is_err()) {
                let mut tried = after(&deal, &prefix.iter().map(String::as_str).collect::<Vec<_>>());
                let played = play_token(tried.as_mut(), t);
                assert_eq!(played.action, *t);
                if expected.contains(t) {
                    let record = tried.to_record();
                    assert!(record.contains(&format!("{seat}: {t}")), "{t}\n{record}");
                }
            }
            // The first seat bids 500 (or the minimum) with a flush and 100 meld stated, the
            // seed's example; the next states a meld with the lowest bid above it.
            prefix.push(expected[if step == 0 { 5 } else { 2 }].clone());
        }
        let mut game = after(&deal, &prefix.iter().map(String::as_str).collect::<Vec<_>>());
        let record = game.to_record();
        let minimum: u32 = prefix[0]
            .split(' ')
            .next()
            .and_then(|b| b.parse().ok())
            .expect("a bid");
        assert!(
            record.contains(&format!(": {minimum} flush meld 100, ")),
            "{record}"
        );
        assert!(
            record.contains(&format!(": {} meld 100", minimum + 10)),
            "{record}"
        );
        let mut rng = Rng(seed);
        play_out(game.as_mut(), &mut rng);
        let (verdict, result) = checked(&game.to_record());
        assert_eq!(verdict, Verdict::Consistent);
        assert_eq!(result, game.result());
    }
}

/// A three-hand double-pack game after its auction and trump: the bidder and the game.
fn double_pack_to_bury() -> (String, Box<dyn Game>) {
    let deal = pinochle_deal_alone("uspc-three-hand-double-pack", 1);
    let mut game = table_game::from_record(&deal).expect("a game");
    let first = game.to_act().expect("a seat to open");
    play_all(game.as_mut(), &["500", "pass", "pass"]);
    assert_eq!(game.to_act().as_deref(), Some(first.as_str()));
    play_token(game.as_mut(), "spades");
    (first, game)
}

#[test]
fn the_double_pack_bidder_buries_five_cards_one_by_one() {
    // Seed 000, 000:337: the high bidder takes the widow and discards as many cards (five of
    // the thirty); the bury is offered card by card, the record written once it is whole.
    let (bidder, mut game) = double_pack_to_bury();
    assert_eq!(game.to_act().as_deref(), Some(bidder.as_str()));
    let before = game.to_record();
    for k in 0..5 {
        let legal = tokens(game.as_ref());
        assert!(legal.len() <= 30, "{legal:?}");
        assert!(
            legal
                .iter()
                .all(|t| t.starts_with("buries ") && t.split_whitespace().count() == 2)
        );
        let played = play_token(game.as_mut(), &legal[0]);
        assert_eq!(played.seat, bidder);
        if k < 4 {
            assert_eq!(game.to_record(), before, "the bury is written once whole");
        }
    }
    let record = game.to_record();
    let bury = record
        .lines()
        .find(|l| l.contains(" buries "))
        .unwrap_or_else(|| panic!("{record}"));
    assert_eq!(bury.split_whitespace().count(), 3 + 5, "{bury}");
    assert!(record.contains("melds "), "{record}");
}

#[test]
fn the_double_pack_bidder_who_concedes_before_leading_is_set_back_his_bid() {
    // Seed 000, 000:339: the high bidder may concede before leading; each opponent scores his
    // meld plus 100, the bidder is set back the amount of his bid.
    let (bidder, mut game) = double_pack_to_bury();
    for _ in 0..5 {
        let first = tokens(game.as_ref()).remove(0);
        play_token(game.as_mut(), &first);
    }
    assert_eq!(game.to_act().as_deref(), Some(bidder.as_str()));
    assert!(tokens(game.as_ref()).contains(&"concedes".to_string()));
    play_token(game.as_mut(), "concedes");
    assert!(game.is_over());
    let Some(Outcome::Pinochle(r)) = game.result() else {
        panic!("a Pinochle result");
    };
    for side in &r.sides {
        let expected = if side.side == bidder {
            -500
        } else {
            i64::from(side.meld) + 100
        };
        assert_eq!(side.score, expected, "{side:?}");
    }
    let (_, result) = checked(&game.to_record());
    assert_eq!(result, game.result());
}

#[test]
fn a_card_the_double_pack_bidder_does_not_hold_is_refused_with_the_check_s_code() {
    // Seed 000, 000:337: "any irregularity in discarding is a revoke": the double pack has no
    // nines, so a nine laid in the bury is refused, the bury laid so far kept.
    let (_, mut game) = double_pack_to_bury();
    let first = tokens(game.as_ref()).remove(0);
    play_token(game.as_mut(), &first);
    let nine = game.parse_action("buries ♠9").expect("a bury");
    let refused = game.play(&nine).expect_err("no nine in the double pack");
    assert!(refused.code.starts_with("P02"), "{refused}");
    assert!(!tokens(game.as_ref()).is_empty());
}

#[test]
fn firehouse_gives_each_player_exactly_one_call() {
    // Seed 000, 000:209: the dealer's left bids first and each player has exactly one bid or
    // pass; the high bidder names trump and leads first.
    let deal = pinochle_deal_alone("uspc-firehouse", 0);
    let mut game = table_game::from_record(&deal).expect("a game");
    let mut seats = Vec::new();
    for call in ["200", "250", "pass", "pass"] {
        seats.push(game.to_act().expect("a seat to call"));
        play_token(game.as_mut(), call);
    }
    let mut distinct = seats.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "{seats:?}");
    // The auction is over after four calls: the second seat, the high bidder, names trump.
    assert_eq!(game.to_act().as_deref(), Some(seats[1].as_str()));
    assert_eq!(tokens(game.as_ref()), ["clubs", "spades", "hearts", "diamonds"]);
    play_token(game.as_mut(), "clubs");
    assert_eq!(game.to_act().as_deref(), Some(seats[1].as_str()));
    let mut rng = Rng(0);
    play_out(game.as_mut(), &mut rng);
    checked(&game.to_record());
}

#[test]
fn check_pinochle_needs_a_marriage_to_bid_and_forces_the_dealer() {
    // Seed 000, 000:215: none of the first three players may bid without a marriage in his
    // hand; if all pass, the dealer must bid 200.
    let mut tested = false;
    for seed in 0..40u64 {
        let deal = pinochle_deal_alone("uspc-check", seed);
        let mut game = table_game::from_record(&deal).expect("a game");
        if tokens(game.as_ref()) != ["pass"] {
            continue;
        }
        let bid = game.parse_action("200").expect("a bid");
        let refused = game.play(&bid).expect_err("no marriage");
        assert!(refused.code.starts_with("P01"), "{refused}");
        play_all(game.as_mut(), &["pass", "pass", "pass"]);
        let legal = tokens(game.as_ref());
        assert!(!legal.contains(&"pass".to_string()), "{legal:?}");
        assert!(legal.contains(&"200".to_string()), "{legal:?}");
        let pass = game.parse_action("pass").expect("a call");
        assert!(
            game.play(&pass)
                .expect_err("the dealer must bid")
                .code
                .starts_with("P01")
        );
        tested = true;
        break;
    }
    assert!(tested, "no deal whose first bidder holds no marriage");
}

/// A Pinochle deal alone with an `Options` tag.
fn with_options(deal: &str, options: &str) -> String {
    deal.replacen("\n\n", &format!("\n[Options \"{options}\"]\n\n"), 1)
}

#[test]
fn random_bots_pass_four_cards_between_partners() {
    // Seed 002, 002:43: with `pass 4` the bidder's partner passes him four cards, and he
    // passes four back; both passes are written once whole, each card offered alone.
    for profile in ["uspc-partnership-auction", "partnership-auction"] {
        for seed in 0..4u64 {
            let deal = with_options(&pinochle_deal_alone(profile, seed), "pass 4");
            let mut game = table_game::from_record(&deal).unwrap_or_else(|e| panic!("{e}\n{deal}"));
            let mut rng = Rng(seed);
            play_out(game.as_mut(), &mut rng);
            let record = game.to_record();
            if record.contains("declare") {
                assert_eq!(record.matches(" gives ").count(), 2, "{record}");
            }
            let (_, result) = checked(&record);
            assert_eq!(game.result(), result, "{record}");
        }
    }
}

#[test]
fn the_partner_passes_four_cards_he_holds_then_the_bidder_four_back() {
    // Seed 002, 002:43: the partner first, then the bidder, four cards each.
    let deal = with_options(&pinochle_deal_alone("uspc-partnership-auction", 0), "pass 4");
    let mut game = table_game::from_record(&deal).expect("a game");
    let bidder = game.to_act().expect("a seat to open");
    let bid = tokens(game.as_ref())
        .into_iter()
        .find(|t| t != "pass")
        .expect("a bid");
    play_token(game.as_mut(), &bid);
    for _ in 0..3 {
        play_token(game.as_mut(), "pass");
    }
    play_token(game.as_mut(), "hearts");
    let partner = game.to_act().expect("the partner passes");
    assert_ne!(partner, bidder);
    let before = game.to_record();
    for k in 0..8 {
        let legal = tokens(game.as_ref());
        let to = if k < 4 { &bidder } else { &partner };
        assert!(
            legal
                .iter()
                .all(|t| t.starts_with(&format!("gives {to} ")) && t.split_whitespace().count() == 3),
            "{legal:?}"
        );
        if k == 0 {
            // The partner's pass goes to the bidder: one to anyone else is refused with the
            // check's code, and nothing changes.
            let card = legal[0].split_whitespace().nth(2).expect("a card");
            let wrong = game
                .parse_action(&format!("gives {partner} {card}"))
                .expect("a give");
            assert_eq!(game.play(&wrong).expect_err("not to the bidder").code, "P0205");
            assert_eq!(tokens(game.as_ref()), legal);
        }
        play_token(game.as_mut(), &legal[0]);
        if k < 3 {
            assert_eq!(game.to_record(), before, "a pass is written once whole");
        }
    }
    let record = game.to_record();
    assert_eq!(record.matches(" gives ").count(), 2, "{record}");
    assert!(record.contains("melds "), "{record}");
    let mut rng = Rng(0);
    play_out(game.as_mut(), &mut rng);
    checked(&game.to_record());
}

#[test]
fn the_bidder_gives_a_card_of_the_widow_to_each_other_player() {
    // Seed 000, 000:163: the bidder keeps one card of the widow of four and gives one to each
    // other player; a second card to the same player is refused with the check's code.
    let deal = pinochle_deal_alone("uspc-partnership-auction-widow", 0);
    let mut game = table_game::from_record(&deal).expect("a game");
    let bidder = game.to_act().expect("a seat to open");
    let bid = tokens(game.as_ref())
        .into_iter()
        .find(|t| t != "pass")
        .expect("a bid");
    play_token(game.as_mut(), &bid);
    for _ in 0..3 {
        play_token(game.as_mut(), "pass");
    }
    play_token(game.as_mut(), "spades");
    assert_eq!(game.to_act().as_deref(), Some(bidder.as_str()));
    let first = tokens(game.as_ref()).remove(0);
    let to = first.split_whitespace().nth(1).expect("a seat").to_string();
    play_token(game.as_mut(), &first);
    assert!(
        tokens(game.as_ref())
            .iter()
            .all(|t| !t.starts_with(&format!("gives {to} ")))
    );
    let card = tokens(game.as_ref())[0]
        .split_whitespace()
        .nth(2)
        .expect("a card")
        .to_string();
    let again = game.parse_action(&format!("gives {to} {card}")).expect("a give");
    assert_eq!(game.play(&again).expect_err("served already").code, "P0217");
    for _ in 0..2 {
        let next = tokens(game.as_ref()).remove(0);
        play_token(game.as_mut(), &next);
    }
    let record = game.to_record();
    assert_eq!(record.matches(" gives ").count(), 3, "{record}");
    let mut rng = Rng(0);
    play_out(game.as_mut(), &mut rng);
    checked(&game.to_record());
}

#[test]
fn the_double_pack_auction_takes_melds_and_flushes_announced() {
    // Seed 000, 000:255: a flush announced before any bid is deemed a bid of 500; after the
    // last bid of 500, 100 meld announced is a bid of 510 and 140 meld one of 520.
    let deal = pinochle_deal_alone("uspc-double-pack", 0);
    let mut game = table_game::from_record(&deal).expect("a game");
    let first = game.to_act().expect("a seat");
    let legal = tokens(game.as_ref());
    assert!(
        legal.contains(&"flush".to_string()) && legal.contains(&"meld 100".to_string()),
        "{legal:?}"
    );
    play_token(game.as_mut(), "flush");
    let second = game.to_act().expect("a seat");
    assert!(!tokens(game.as_ref()).contains(&"flush".to_string()));
    play_token(game.as_mut(), "meld 140");
    let record = game.to_record();
    assert!(record.contains(&format!("{first}: flush = 500")), "{record}");
    assert!(record.contains(&format!("{second}: meld 140 = 520")), "{record}");
    // A flush announced after a bid is no call of the auction: the check's P0110.
    let flush = game.parse_action("flush").expect("an announcement");
    assert_eq!(game.play(&flush).expect_err("after a bid").code, "P0110");
    // A bid stated with its announcement (spec/rules/pinochle.md §5f): the stated number is
    // the bid. The lowest bid with a flush is offered; any other is read.
    let third = game.to_act().expect("a seat");
    assert!(tokens(game.as_ref()).contains(&"530 flush".to_string()));
    let low = game.parse_action("510 meld 100").expect("a stated bid");
    assert_eq!(game.play(&low).expect_err("not above 520").code, "P0102");
    // "A flush or a long suit" (000:255): the record writes the words stated.
    let stated = game.parse_action("540  LONG-SUIT").expect("a stated bid");
    assert_eq!(stated.token(), "540 long-suit");
    play_token(game.as_mut(), "540 long-suit");
    let record = game.to_record();
    assert!(record.contains(&format!("{third}: 540 long-suit")), "{record}");
    let mut rng = Rng(0);
    play_out(game.as_mut(), &mut rng);
    checked(&game.to_record());
}

#[test]
fn the_double_pack_deal_with_melds_announced_and_no_bid_is_thrown_in() {
    // Seed 000, 000:257: all four pass or announce melds, but no one bids: thrown in.
    let deal = pinochle_deal_alone("uspc-double-pack", 0);
    let mut game = table_game::from_record(&deal).expect("a game");
    play_all(game.as_mut(), &["meld 100", "pass", "meld 240", "pass"]);
    assert!(game.is_over());
    let Some(Outcome::Pinochle(r)) = game.result() else {
        panic!("a Pinochle result");
    };
    assert!(r.thrown_in);
    let (_, result) = checked(&game.to_record());
    assert_eq!(result, game.result());
}

#[test]
fn odd_tokens_before_the_pinochle_play_are_refused_without_change() {
    let odd = [
        "buries",
        "buries ♠9 ♠9 ♠9 ♠9 ♠9 ♠9 ♠9",
        "gives",
        "gives N",
        "gives Q ♠K",
        "gives F ♠K ♠K ♠K ♠K ♠K",
        "meld",
        "meld 4294967295",
        "meld 99999999999",
        "flush",
        "concedes",
        "forfeits",
        "4294967295",
        "pass pass",
        "",
    ];
    let cases = [
        ("uspc-auction", None),
        ("uspc-three-hand-double-pack", None),
        ("uspc-double-pack", None),
        ("uspc-partnership-auction-widow", None),
        ("uspc-partnership-auction", Some("pass 4")),
    ];
    for (profile, options) in cases {
        for seed in 0..2u64 {
            let mut deal = pinochle_deal_alone(profile, seed);
            if let Some(o) = options {
                deal = with_options(&deal, o);
            }
            let mut game = table_game::from_record(&deal).expect("a game");
            let mut rng = Rng(seed);
            let mut n = 0;
            while !game.is_over() && n < 40 {
                let legal_before = tokens(game.as_ref());
                let mut played = false;
                for token in odd {
                    let before = game.to_record();
                    if let Ok(action) = game.parse_action(token) {
                        match game.play(&action) {
                            Ok(_) => played = true,
                            Err(_) => assert_eq!(game.to_record(), before, "{token}"),
                        }
                    }
                    if game.is_over() {
                        break;
                    }
                }
                if !played {
                    assert_eq!(tokens(game.as_ref()), legal_before);
                }
                let legal = game.legal();
                if legal.is_empty() {
                    break;
                }
                let action = legal[rng.below(legal.len())].clone();
                game.play(&action).expect("a legal action");
                n += 1;
            }
        }
    }
}

#[test]
fn an_open_hand_grand_of_the_unofficial_game_checks_consistent() {
    // Where ouvert does not imply hand (the unofficial game of seed 004), the open hand game
    // is offered as `grand hand ouvert`; the record a bot writes with it checks consistent.
    let deal = TOURNE_DEAL.replace("foster-1897", "isko-unofficial");
    let mut game = table_game::from_record(&deal).expect("the deal starts the auction");
    play_all(game.as_mut(), &["18", "yes", "pass", "pass"]);
    assert!(tokens(game.as_ref()).contains(&"grand hand ouvert".to_string()));
    play_token(game.as_mut(), "grand hand ouvert");
    let mut rng = Rng(5);
    play_out(game.as_mut(), &mut rng);
    let record = game.to_record();
    assert!(record.contains("declare  F grand hand ouvert"), "{record}");
    let (verdict, result) = checked(&record);
    assert_eq!(verdict, Verdict::Consistent, "{record}");
    assert_eq!(result, game.result());
}
