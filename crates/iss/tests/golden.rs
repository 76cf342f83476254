//! `tests/golden/iss.sgf`: each case gives the code its comment names, and together the cases
//! give every code reading ISS text can produce.

use std::collections::BTreeSet;
use std::path::PathBuf;

fn golden() -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden/iss.sgf");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `(line, expected)` for every `# I0xxx` or `# ok` comment line.
fn expectations(text: &[u8]) -> Vec<(u32, String)> {
    text.split(|&b| b == b'\n')
        .enumerate()
        .filter_map(|(i, line)| {
            let line = std::str::from_utf8(line).ok()?.strip_prefix("# ")?;
            let word = line.split_whitespace().next()?;
            (word == "ok" || (word.starts_with('I') && word.len() == 5))
                .then(|| (i as u32 + 1, word.to_string()))
        })
        .collect()
}

/// What one item of the reader gives: the first code, or `ok`.
fn outcome(item: &Result<iss::LocatedGame, iss::IssError>) -> (u32, String) {
    match item {
        Ok(iss::LocatedGame { game, location: loc }) => match iss::to_record(game) {
            Ok(_) => (loc.span.line, "ok".into()),
            Err(d) => (loc.span.line, d[0].code.into()),
        },
        Err(e) => (e.location.span.line, e.diagnostics[0].code.into()),
    }
}

#[test]
fn each_golden_case_gives_the_code_it_names() {
    let text = golden();
    let expected = expectations(&text);
    let items: Vec<_> = iss::IssReader::new(&text[..])
        .with_max_record(iss::codes::GOLDEN_MAX_RECORD)
        .map(|i| outcome(&i))
        .collect();
    assert_eq!(items.len(), expected.len(), "{items:?}");
    for (line, got) in &items {
        let want = expected
            .iter()
            .rev()
            .find(|(l, _)| l < line)
            .map(|(_, w)| w.as_str());
        assert_eq!(Some(got.as_str()), want, "the case at line {line}");
    }
}

#[test]
fn the_golden_file_gives_every_reading_code() {
    let text = golden();
    let given: BTreeSet<String> = iss::IssReader::new(&text[..])
        .with_max_record(iss::codes::GOLDEN_MAX_RECORD)
        .map(|i| outcome(&i).1)
        .collect();
    for code in iss::codes::READING {
        assert!(given.contains(code), "no golden case gives {code}");
    }
    let listed: BTreeSet<&str> = iss::codes::READING.iter().copied().collect();
    assert!(
        given.iter().all(|c| c == "ok" || listed.contains(c.as_str())),
        "{given:?}"
    );
}

#[test]
fn every_code_is_listed_in_the_spec() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../spec/errors.md");
    let spec = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for code in iss::codes::READING
        .iter()
        .chain(&iss::codes::EXPORTING)
        .chain(&[iss::codes::IO])
    {
        assert!(
            spec.contains(&format!("`{code}`")),
            "{code} is not in spec/errors.md"
        );
    }
}
