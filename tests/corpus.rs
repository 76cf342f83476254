//! Snapshots of every corpus record: its JSON report, its canonical form, its findings as
//! text, and its rendering by `stich show`. A change in any figure the engine computes shows up here.

mod common;

macro_rules! snapshots_of {
    ($folder:literal) => {
        insta::glob!($folder, "**/*.{stich,sgf}", |path| {
            let rel = common::relative(path);
            let processed = common::check_file(path);
            let reports: Vec<&report::Report> = processed.iter().map(|p| &p.report).collect();
            insta::assert_json_snapshot!("report", reports);
            let canonical: Vec<&str> = processed
                .iter()
                .filter_map(|p| p.canonical.as_deref())
                .collect();
            insta::assert_snapshot!("canonical", canonical.join("\n"));
            insta::assert_snapshot!("findings", common::render_findings(&rel, &processed));
            let shown: Vec<String> = processed
                .iter()
                .map(|p| stich::show::record(p, &rel, cards::Display::Unicode))
                .collect();
            insta::assert_snapshot!("show", shown.join("\n"));
        });
    };
}

/// One family's corpus folder at a time: insta names a snapshot by the path below the matches'
/// common folder, so each family keeps its names whatever families are added.
#[test]
fn corpus_snapshots() {
    snapshots_of!("../corpus/skat");
}

#[test]
fn pinochle_corpus_snapshots() {
    snapshots_of!("../corpus/pinochle");
}

#[test]
fn cribbage_corpus_snapshots() {
    snapshots_of!("../corpus/cribbage");
}

#[test]
fn ristikontra_corpus_snapshots() {
    snapshots_of!("../corpus/ristikontra");
}

#[test]
fn frog_corpus_snapshots() {
    snapshots_of!("../corpus/frog");
}

#[test]
fn sixty_six_corpus_snapshots() {
    snapshots_of!("../corpus/sixty-six");
}

#[test]
fn bezique_corpus_snapshots() {
    snapshots_of!("../corpus/bezique");
}

#[test]
fn corpus_records_are_consistent_or_disputed() {
    let mut files = Vec::new();
    collect(&common::root().join("corpus"), &mut files);
    assert!(!files.is_empty());
    for file in files {
        for p in common::check_file(&file) {
            let v = p.report.verdict;
            assert!(
                matches!(v, engine::Verdict::Consistent | engine::Verdict::Incomplete),
                "{}:{}: {v:?}\n{}",
                file.display(),
                p.report.source.line,
                common::render_findings(&common::relative(&file), std::slice::from_ref(&p))
            );
        }
    }
}

fn collect(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().and_then(|e| e.to_str()) == Some("stich") {
            out.push(path);
        }
    }
}
