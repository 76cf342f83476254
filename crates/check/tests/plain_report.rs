//! The full report of a plain server record, written straight from the quick replay, is
//! byte for byte the report the full path builds: on generated games in the server's form,
//! on the shared archive records, and on mutations of both.

use check::plain_report::plain_report;

/// The full path's report of one record as `stich check --format jsonl` writes it, and where
/// the record came from.
fn full(line: &str) -> (String, check::Report) {
    let mut reports = check::check_str(line);
    assert_eq!(reports.len(), 1, "{line}");
    let r = reports.remove(0);
    let json = check::json::shaped(&r, check::json::Shape::Full(cards::Display::Unicode, false));
    (json, r)
}

/// The players a store indexes a record by, read from the full report's header: the
/// one-letter seat tags with a name, each name once.
fn header_players(r: &check::Report) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in &r.header {
        let seat = t.name.len() == 1 && t.name.bytes().all(|b| b.is_ascii_uppercase());
        if seat && !t.value.is_empty() && !out.contains(&t.value) {
            out.push(t.value.clone());
        }
    }
    out
}

/// Checks one record both ways; whether the plain writer took it.
fn same(line: &str) -> bool {
    let (json, r) = full(line);
    let Some(plain) = plain_report(line.as_bytes(), &r.source) else {
        return false;
    };
    assert_eq!(plain.json, json, "{line}");
    assert_eq!(Some(&plain.id), r.id.as_ref(), "{line}");
    assert_eq!(plain.players, header_players(&r), "{line}");
    let date = r.header.iter().find(|t| t.name == "Date");
    assert_eq!(
        plain.date.as_deref(),
        date.map(|t| check::iso_date(&t.value)).as_deref(),
        "{line}"
    );
    true
}

/// A generated game in the server's form, with what the server's records carry beside the
/// game (place, series, number, date, names, ratings), as `bench/run.sh` makes them.
fn server_game(seed: u64) -> String {
    let family = engine::family::by_tag("skat").expect("skat");
    let mut out = String::new();
    check::generate::render(
        family,
        "isko",
        check::generate::game_seed(seed, 0),
        check::Form::Iss,
        &mut out,
    )
    .expect("generated");
    let body = out
        .trim_end()
        .strip_prefix("(;GM[Skat]")
        .expect("a server record")
        .to_string();
    format!(
        "(;GM[Skat]PC[International Skat Server]SE[{}]DT[2019-03-{:02}/12:00:00/UTC]P0[anna]P1[bert]P2[carl]R0[]R1[]R2[]{body}",
        seed / 36,
        seed % 28 + 1
    )
}

#[test]
fn generated_games_give_the_full_paths_report() {
    let mut taken = 0;
    let n = 1500;
    for seed in 0..n {
        let line = server_game(seed);
        taken += usize::from(same(&line));
    }
    // Generated games are plain: the writer must take nearly all of them, or it decides
    // nothing worth having.
    assert!(taken * 100 >= 99 * n as usize, "{taken} of {n}");
}

#[test]
fn the_shared_archive_records_give_the_full_paths_report() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/iss");
    let mut files = 0;
    for name in ["real-games.sgf", "independent-games.sgf"] {
        let Ok(text) = std::fs::read_to_string(root.join(name)) else {
            eprintln!("skipped: {name} is not here");
            continue;
        };
        files += 1;
        let (mut taken, mut all) = (0, 0);
        for line in text.lines().filter(|l| l.starts_with("(;")) {
            all += 1;
            taken += usize::from(same(line));
        }
        eprintln!("{name}: {taken} of {all} records written by the plain writer");
        assert!(taken > 0, "{name}");
    }
    if files == 0 {
        eprintln!("skipped: ../shared/iss is not here");
    }
}

#[test]
fn mutated_records_are_left_to_the_full_path_or_give_its_report() {
    let base = server_game(11);
    let mutations = [
        ("P1[bert]", "P1[]"),
        ("P1[bert]", ""),
        ("PC[International Skat Server]", "PC[Skat \"Server\"]"),
        ("PC[International Skat Server]", "CO[a comment]PC[x]"),
        ("DT[2019-03-12/12:00:00/UTC]", "DT[12.3.2019]"),
        ("R2[]", "R2[]XY[1]"),
        (" ;)", ";)"),
        (" ]R[", "]R["),
        ("R[d:", "R[ d:"),
        (" r:0]", "]"),
        (" r:0]", " r:1]"),
        ("s:0", "s:1"),
        ("p0:0", "p0:1"),
    ];
    let mut taken = 0;
    for (from, to) in mutations {
        let line = base.replacen(from, to, 1);
        taken += usize::from(same(&line));
    }
    assert!(taken >= 2, "{taken}");
    // Every game of a few seeds, with the declaration split from its discard, a blank
    // doubled, and an event moved into the trick before it.
    for seed in 0..200 {
        let line = server_game(seed);
        for variant in [
            split_declaration(&line),
            line.replacen(" 0 ", "  0 ", 1),
            line.replacen(" 1 RE", " 1 RE 0 HA", 1),
        ] {
            same(&variant);
        }
    }
}

/// The record with a pick-up declaration and its discard written as two moves
/// (`2 D.ST.H8` as `2 D 2 ST.H8`), as older server records have them.
fn split_declaration(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut out: Vec<String> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let after_actor = i > 0 && matches!(words[i - 1], "0" | "1" | "2");
        if after_actor
            && w.as_bytes().first().is_some_and(u8::is_ascii_uppercase)
            && let Some((head, tail)) = w.split_once('.')
            && tail.len() == 5
        {
            out.push(head.to_string());
            out.push(words[i - 1].to_string());
            out.push(tail.to_string());
            continue;
        }
        out.push(w.to_string());
    }
    out.join(" ")
}
