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

fn codes(c: &Checked) -> Vec<&'static str> {
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
            if !r.result.thrown_in {
                assert!(r.result.complete, "{} seed {seed}", profile.name);
                // Seed 000, 000:147; seed 002, 002:62: the cards and the last trick make 250.
                let counters: u32 = r.result.sides.iter().map(|s| s.counters).sum();
                assert_eq!(counters, 250, "{} seed {seed}", profile.name);
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
