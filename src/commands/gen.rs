//! `stich gen`: random legal games, reproducible per seed, streamed to standard output.
//!
//! Game `i` of a run is generated from its own seed, derived from the run's seed and `i`
//! alone, so the output does not depend on how many threads made it and any game of a run
//! can be made again on its own. Games are made in batches (in parallel when asked) and
//! written in order, so memory stays bounded by one batch whatever the count.

use std::io::Write;

use rayon::prelude::*;

use crate::cli::{EXIT_OK, EXIT_USAGE, GenArgs, To};
use crate::out;

/// Games made together; large enough to share among threads, small enough to keep memory flat.
const BATCH: u64 = 4096;

pub use check::generate::game_seed;

/// One game as text in the chosen form (`To::Json` gives the stich form), ending in a
/// newline, appended to `out`; an error message when the ISS mapping refuses the record.
pub fn render(
    family: &dyn engine::Family,
    profile: &str,
    seed: u64,
    to: To,
    out: &mut String,
) -> Result<(), String> {
    render_in(family, profile, seed, to, None, out)
}

pub use check::generate::series_seats;

/// [`render`], with the game's place in a series (`(index, games per series)`), which gives
/// it a `Series` tag and player names in rotating seats ([`series_seats`]).
pub fn render_in(
    family: &dyn engine::Family,
    profile: &str,
    seed: u64,
    to: To,
    series: Option<(u64, u64)>,
    out: &mut String,
) -> Result<(), String> {
    let form = if to == To::Iss {
        check::Form::Iss
    } else {
        check::Form::Stich
    };
    check::generate::render_in(family, profile, seed, form, series, out)
}

/// `gen --chouette N`: a Chouette Bezique sitting, its hands then its sheet, in one run (a
/// sitting's games depend on each other through the rotation, so they are made in order).
fn chouette(args: &GenArgs, game: &str, profile: &str, to: To) -> u8 {
    let rules = engine::bezique::rules::by_name(profile).filter(|p| p.options.per_deal.is_some());
    let (Some(rules), "bezique", To::Stich) = (rules, game, to) else {
        out::note(format_args!(
            "stich: --chouette writes Bezique sittings under `rubicon`, `six-pack` or `eight-pack`, in the stich form"
        ));
        return EXIT_USAGE;
    };
    let seeds: Vec<u64> = (0..args.count).map(|i| game_seed(args.seed, i)).collect();
    let name = format!("Chouette, seed {}", args.seed);
    let Some(records) = engine::bezique::chouette::r#gen::sitting(rules, args.chouette, &seeds, &name) else {
        out::note(format_args!(
            "stich: a Chouette sitting seats 3 to {} players",
            engine::bezique::chouette::r#gen::MOST
        ));
        return EXIT_USAGE;
    };
    let mut text = String::new();
    for (i, record) in records.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        let version = record.needs_version();
        if version > 1 {
            text.push_str(&format!("%stich {version}\n"));
        }
        text.push_str(&notation::print(record));
    }
    out::finish(out::write_all(text.as_bytes()), EXIT_OK)
}

/// Runs `gen`.
pub fn run(args: &GenArgs) -> u8 {
    let generators = || {
        engine::family::registry()
            .iter()
            .copied()
            .filter(|f| f.generates())
    };
    let family = match &args.game {
        None => generators().next(),
        Some(game) => engine::family::by_tag(game).filter(|f| f.generates()),
    };
    let Some(family) = family else {
        let games: Vec<&str> = generators().map(|f| f.tag()).collect();
        out::note(format_args!(
            "stich: no generator for the game `{}` (games with one: {})",
            args.game.as_deref().unwrap_or(""),
            games.join(", ")
        ));
        return EXIT_USAGE;
    };
    let profile = args.rules.as_deref().unwrap_or(family.default_profile());
    if !family.has_profile(profile) {
        out::note(format_args!(
            "stich: no {} rule profile named `{profile}` (see `stich rules`)",
            family.name()
        ));
        return EXIT_USAGE;
    }
    let to = args.to.to();
    // The server's form records games under its own rules only: said before anything is
    // written, rather than at the first game.
    if to == To::Iss && (family.tag() != iss::quick::GAME || profile != iss::quick::RULES) {
        out::note(format_args!(
            "stich: --to iss writes {} games under the `{}` rules only, the server's; `{profile}` has no ISS form (use --to stich)",
            iss::quick::GAME,
            iss::quick::RULES
        ));
        return EXIT_USAGE;
    }
    if args.chouette > 0 {
        return chouette(args, family.tag(), profile, to);
    }
    let jobs = crate::cli::jobs(args.jobs);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(p) => p,
        Err(e) => {
            out::note(format_args!("stich: cannot start {jobs} threads: {e}"));
            return EXIT_USAGE;
        }
    };
    let mut out = out::stdout();
    let mut start = 0u64;
    while start < args.count {
        let end = args.count.min(start.saturating_add(BATCH));
        // One string per thread-chunk rather than per game keeps allocation off the hot path.
        let texts: Vec<Result<String, String>> = pool.install(|| {
            (0..(end - start) as usize)
                .into_par_iter()
                .with_min_len(64)
                .fold(
                    || Ok(String::new()),
                    |acc: Result<String, String>, k| {
                        let mut s = acc?;
                        let i = start + k as u64;
                        // Records in the stich form are separated by a blank line.
                        if to == To::Stich && i > 0 {
                            s.push('\n');
                        }
                        let series = (args.series > 0).then_some((i, args.series));
                        render_in(family, profile, game_seed(args.seed, i), to, series, &mut s)?;
                        Ok(s)
                    },
                )
                .collect()
        });
        for text in texts {
            let written = match text {
                Ok(t) => out.write_all(t.as_bytes()),
                Err(msg) => {
                    let _ = out.flush();
                    out::note(format_args!("stich: {msg}"));
                    return crate::cli::EXIT_FINDINGS;
                }
            };
            if let Err(e) = written {
                return out::status_of(&e);
            }
        }
        start = end;
    }
    out::finish(out.flush(), EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_seeds_follow_splitmix_from_the_run_seed() {
        let mut rng = engine::skat::r#gen::Rng::new(7);
        for i in 0..5 {
            assert_eq!(game_seed(7, i), rng.next_u64());
        }
        // The published first output of SplitMix64 seeded with 0.
        assert_eq!(game_seed(0, 0), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn iss_lines_are_single_lines() {
        let family = engine::family::by_tag("skat").unwrap();
        let mut s = String::new();
        for i in 0..50 {
            s.clear();
            render(family, "isko", game_seed(1, i), To::Iss, &mut s).unwrap();
            assert_eq!(s.matches('\n').count(), 1, "{s}");
            assert!(s.starts_with("(;GM[Skat]"), "{s}");
        }
    }
}
