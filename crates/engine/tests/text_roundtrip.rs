//! Generated games written as text, read back and replayed: printing and reading keep the
//! verdict and every figure.

use engine::skat::r#gen::{generate_game, to_record};
use engine::skat::rules::Profile;
use engine::{Replay, Verdict};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn print_read_check_keeps_verdict_and_result(seed in any::<u64>()) {
        let p = Profile::isko();
        let g = generate_game(seed, &p);
        let record = to_record(&g, &p);
        let text = notation::print(&record);
        let parsed = notation::read_str(&text);
        prop_assert_eq!(parsed.len(), 1);
        let back = parsed[0].record.as_ref().expect("the printed record reads back");
        let direct = engine::check(&record);
        let read = engine::check(back);
        prop_assert_eq!(direct.verdict, Verdict::Consistent);
        prop_assert_eq!(read.verdict, Verdict::Consistent, "{}\n{:#?}", text, read.findings);
        let (Some(Replay::Skat(a)), Some(Replay::Skat(b))) = (&direct.replay, &read.replay) else { panic!() };
        prop_assert_eq!(&a.result, &b.result);
        prop_assert_eq!(&a.tricks, &b.tricks);
    }
}
