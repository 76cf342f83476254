//! Streams an ISS archive (bzip2, gzip or plain) record by record in bounded memory and
//! counts the verdicts; with no path, it streams a few generated games.
//!
//! ```sh
//! cargo run --release --example stream_iss -- games.sgf.bz2
//! ```

use std::collections::BTreeMap;

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1);
    let reports: Box<dyn Iterator<Item = check::Report>> = match &path {
        Some(path) => Box::new(check::check_reader(
            std::fs::File::open(path)?,
            Some(path),
            check::Work {
                // Only the verdicts are counted: no canonical text or content id.
                content_id: false,
                ..check::Work::FULL
            },
        )?),
        None => {
            // The games `stich gen --count 20 --seed 1 --to iss` writes.
            let family = engine::family::by_tag("skat").expect("a Skat engine");
            let mut text = String::new();
            for i in 0..20 {
                let seed = check::generate::game_seed(1, i);
                check::generate::render(
                    family,
                    family.default_profile(),
                    seed,
                    check::Form::Iss,
                    &mut text,
                )
                .map_err(std::io::Error::other)?;
            }
            Box::new(check::check_str(&text).into_iter())
        }
    };
    let mut verdicts: BTreeMap<String, usize> = BTreeMap::new();
    let mut records = 0;
    for report in reports {
        records += 1;
        *verdicts.entry(format!("{:?}", report.verdict)).or_default() += 1;
    }
    println!("{records} records: {verdicts:?}");
    Ok(())
}
