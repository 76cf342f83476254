//! Per-record cost of reading and of full verification, for ISS lines and stich text.
//!
//! The records are generated in process (`stich gen`'s own code), so the benchmark needs no
//! files. Sample sizes are small so that `cargo bench` stays short; `bench/run.sh` measures
//! whole runs of the command line on a million games.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stich::cli::To;
use stich::commands::r#gen::{game_seed, render};
use stich::pipeline::{Unit, iss_units, process_unit};

// The allocator of the `stich` binary, so the figures are the command line's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Games per measured batch.
const GAMES: u64 = 200;

fn corpus(to: To) -> String {
    let skat = engine::family::by_tag("skat").expect("Skat has an engine");
    let mut text = String::new();
    for i in 0..GAMES {
        if to == To::Stich && i > 0 {
            text.push('\n');
        }
        render(skat, "isko", game_seed(1, i), to, &mut text).expect("a generated game has this form");
    }
    text
}

fn stich_units(text: &str) -> impl Iterator<Item = Unit> + '_ {
    notation::Reader::new(text.as_bytes()).map(Unit::Parsed)
}

fn benches(c: &mut Criterion) {
    let iss = corpus(To::Iss);
    let stich = corpus(To::Stich);
    let mut group = c.benchmark_group("per record");
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_millis(500));
    group.measurement_time(std::time::Duration::from_secs(2));
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("iss parse", |b| {
        b.iter(|| {
            iss_units(Box::new(black_box(iss.as_bytes())))
                .map(|u| u.into_parsed().record.is_some())
                .filter(|&ok| ok)
                .count()
        })
    });
    group.bench_function("iss verify", |b| {
        b.iter(|| {
            iss_units(Box::new(black_box(iss.as_bytes())))
                .map(|u| process_unit(u, None, false).report.verdict)
                .filter(|v| *v == engine::Verdict::Consistent)
                .count()
        })
    });
    group.bench_function("iss quick verify", |b| {
        b.iter(|| {
            iss_units(Box::new(black_box(iss.as_bytes())))
                .filter(|u| matches!(u, Unit::Iss(raw) if iss::quick::verify(raw.bytes()) == iss::quick::Quick::Consistent))
                .count()
        })
    });
    group.bench_function("iss verify with content id", |b| {
        b.iter(|| {
            iss_units(Box::new(black_box(iss.as_bytes())))
                .map(|u| process_unit(u, None, true).report.verdict)
                .filter(|v| *v == engine::Verdict::Consistent)
                .count()
        })
    });
    group.bench_function("stich parse", |b| {
        b.iter(|| {
            stich_units(black_box(&stich))
                .filter(|u| matches!(u, Unit::Parsed(p) if p.record.is_some()))
                .count()
        })
    });
    group.bench_function("stich verify", |b| {
        b.iter(|| {
            stich_units(black_box(&stich))
                .map(|u| process_unit(u, None, false).report.verdict)
                .filter(|v| *v == engine::Verdict::Consistent)
                .count()
        })
    });
    group.finish();
}

criterion_group!(check, benches);
criterion_main!(check);
