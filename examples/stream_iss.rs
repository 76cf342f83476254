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
            let family = engine::family::by_tag("skat").expect("a Skat engine");
            let mut text = String::new();
            for seed in 0..20 {
                let record = family
                    .generate(family.default_profile(), seed, engine::GenLayout::Complete)
                    .expect("a generated game");
                let game = iss::from_record(&record)
                    .map_err(|d| std::io::Error::other(format!("not an ISS record: {d:?}")))?;
                text.push_str(&iss::write(&game));
                text.push('\n');
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
