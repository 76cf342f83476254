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

/// The SplitMix64 increment: seeds of successive games are successive outputs of the
/// generator seeded with the run's seed.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The seed of game `index` of a run seeded with `seed`: the `index`-th output (counting
/// from 0) of SplitMix64 started at `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let state = seed.wrapping_add(index.wrapping_mul(GOLDEN)).wrapping_add(GOLDEN);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

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

/// The players a generated series is played by: five names, three at each series' table.
const PLAYERS: [&str; 5] = ["anna", "bernd", "carla", "dirk", "emil"];

/// The series and seats of game `index` when every `per` games form a series (`--series`):
/// the series number (from 1), and the names at forehand, middlehand and rearhand. Series
/// `k` is played by three of five names in turn, so that players meet again in other
/// series; the deal passes to the left from game to game, rearhand dealing.
pub fn series_seats(index: u64, per: u64) -> (u64, [&'static str; 3]) {
    let per = per.max(1);
    let k = index / per;
    let j = (index % per) as usize;
    let at = |i: usize| PLAYERS[(k as usize + i) % PLAYERS.len()];
    let table = [at(0), at(1), at(2)];
    // Game j is dealt by table[j % 3], who sits rearhand; forehand is on the dealer's left.
    let seats = [table[(j + 1) % 3], table[(j + 2) % 3], table[j % 3]];
    (k + 1, seats)
}

/// [`render`], with the game's place in a series (`(index, games per series)`), which gives
/// it a `Series` tag and player names in rotating seats.
pub fn render_in(
    family: &dyn engine::Family,
    profile: &str,
    seed: u64,
    to: To,
    series: Option<(u64, u64)>,
    out: &mut String,
) -> Result<(), String> {
    // The server lists every trick by its leader and deals every hand in full: the same
    // game in that layout.
    let layout = if to == To::Iss {
        engine::GenLayout::Complete
    } else {
        engine::GenLayout::Varied
    };
    let Some(mut record) = family.generate(profile, seed, layout) else {
        return Err(format!(
            "no {} rule profile named `{profile}` (see `stich rules`)",
            family.name()
        ));
    };
    family.canonicalize(&mut record);
    if let Some((index, per)) = series {
        let (k, seats) = series_seats(index, per);
        let tag = |name: &str, value: String| notation::Tag {
            name: notation::Spanned {
                node: name.to_string(),
                span: notation::Span::default(),
            },
            value: notation::Spanned {
                node: value,
                span: notation::Span::default(),
            },
            comments: Vec::new(),
        };
        record.tags.push(tag("Series", k.to_string()));
        for (seat, name) in ["F", "M", "R"].into_iter().zip(seats) {
            record.tags.push(tag(seat, name.to_string()));
        }
    }
    match to {
        To::Iss => {
            // The server's records have no source property; the game's seed, which makes it
            // again, stands as its game number instead.
            for tag in &mut record.tags {
                if tag.name.node == "Source" {
                    tag.name.node = "GameId".to_string();
                    tag.value.node = seed.to_string();
                }
            }
            let game = iss::from_record(&record).map_err(|diags| {
                let msgs: Vec<String> = diags
                    .iter()
                    .map(|d| format!("{}: {}", d.code, d.message))
                    .collect();
                format!("game seed {seed}: no ISS form: {}", msgs.join("; "))
            })?;
            iss::write_into(&game, out);
            out.push('\n');
        }
        To::Stich | To::Json => {
            // A record that needs a later notation version carries its version line, so that
            // the output reads back under the version it is written in.
            let version = record.needs_version();
            if version > 1 {
                out.push_str(&format!("%stich {version}\n"));
            }
            out.push_str(&notation::print(&record));
        }
    }
    Ok(())
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
