//! Random legal games as text, reproducible per seed: what `stich gen` writes, game by game.

use crate::Form;

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

/// One game as text in the form `form`, ending in a newline, appended to `out`; an error
/// message when the family has no such profile or the ISS mapping refuses the record.
///
/// ```
/// let family = engine::family::by_tag("skat").unwrap();
/// let mut out = String::new();
/// check::generate::render(family, "isko", check::generate::game_seed(1, 0), check::Form::Iss, &mut out).unwrap();
/// assert!(out.starts_with("(;GM[Skat]"));
/// ```
pub fn render(
    family: &dyn engine::Family,
    profile: &str,
    seed: u64,
    form: Form,
    out: &mut String,
) -> Result<(), String> {
    render_in(family, profile, seed, form, None, out)
}

/// The players a generated series is played by: five names, three at each series' table.
const PLAYERS: [&str; 5] = ["anna", "bernd", "carla", "dirk", "emil"];

/// The series and seats of game `index` when every `per` games form a series (`stich gen
/// --series`): the series number (from 1), and the names at forehand, middlehand and
/// rearhand. Series `k` is played by three of five names in turn, so that players meet again
/// in other series; the deal passes to the left from game to game, rearhand dealing.
///
/// ```
/// assert_eq!(check::generate::series_seats(0, 36), (1, ["bernd", "carla", "anna"]));
/// assert_eq!(check::generate::series_seats(37, 36), (2, ["dirk", "bernd", "carla"]));
/// ```
pub fn series_seats(index: u64, per: u64) -> (u64, [&'static str; 3]) {
    let per = per.max(1);
    let k = index / per;
    let j = (index % per) as usize;
    let at = |i: usize| {
        PLAYERS
            .get((k as usize + i) % PLAYERS.len())
            .copied()
            .unwrap_or("anna")
    };
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
    form: Form,
    series: Option<(u64, u64)>,
    out: &mut String,
) -> Result<(), String> {
    // The server lists every trick by its leader and deals every hand in full: the same
    // game in that layout.
    let layout = if form == Form::Iss {
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
        record
            .tags
            .push(engine::core::build::tag("Series", &k.to_string()));
        for (seat, name) in ["F", "M", "R"].into_iter().zip(seats) {
            record.tags.push(engine::core::build::tag(seat, name));
        }
    }
    match form {
        Form::Iss => {
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
        Form::Stich => {
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
