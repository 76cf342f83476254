//! The game API for bots (`engine::table_game`): random bots play every profile of every
//! family that offers games, and each record they leave checks consistent with the game's
//! own result; refusals carry the check's codes; the worked examples give their results.

use engine::Verdict;
use engine::family::{self, Outcome};
use engine::table_game::{self, DealSpec, Game};

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

/// Plays uniformly among the legal actions to the end; the number of actions played.
fn play_out(game: &mut dyn Game, rng: &mut Rng) -> usize {
    let mut n = 0;
    while !game.is_over() {
        let legal = game.legal();
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

const GAMES_PER_PROFILE: u64 = 12;

#[test]
fn random_bots_play_every_profile_to_a_consistent_record() {
    let mut played_families = Vec::new();
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
    assert!(played_families.contains(&"skat"), "{played_families:?}");
}
