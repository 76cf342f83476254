//! The checked-in JSON Schema is the generated one, and every corpus report validates
//! against it.

mod common;

use std::path::Path;

const SCHEMA_PATH: &str = "spec/schema/report.schema.json";
const BRIEF_SCHEMA_PATH: &str = "spec/schema/brief.schema.json";

#[test]
fn checked_in_schema_is_current() {
    let generated = report::schema_text();
    let path = common::root().join(SCHEMA_PATH);
    if std::env::var_os("STICH_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).expect("write schema");
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{SCHEMA_PATH} differs from the generated schema; run `STICH_UPDATE_SCHEMA=1 cargo test --test schema` and review"
    );
}

#[test]
fn checked_in_brief_schema_is_current() {
    let generated = report::brief_schema_text();
    let path = common::root().join(BRIEF_SCHEMA_PATH);
    if std::env::var_os("STICH_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).expect("write schema");
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{BRIEF_SCHEMA_PATH} differs from the generated schema; run `STICH_UPDATE_SCHEMA=1 cargo test --test schema` and review"
    );
}

fn corpus_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("corpus folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            corpus_files(&path, out);
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("stich" | "sgf")) {
            out.push(path);
        }
    }
}

#[test]
fn every_corpus_report_validates_against_the_schema() {
    let schema = report::schema();
    let validator = jsonschema::draft202012::new(&schema).expect("schema compiles");
    let mut files = Vec::new();
    corpus_files(&common::root().join("corpus"), &mut files);
    corpus_files(&common::root().join("tests/golden"), &mut files);
    let mut checked = 0;
    for file in &files {
        for p in common::check_file(file) {
            let value = serde_json::to_value(&p.report).expect("report serializes");
            let errors: Vec<String> = validator
                .iter_errors(&value)
                .map(|e| format!("at {} (schema {})", e.instance_path(), e.schema_path()))
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", file.display());
            checked += 1;
        }
    }
    assert!(checked > 0, "no report was validated");
}

/// A report reads back from its JSON to the same value, and the reports `convert --to json`
/// writes read back and print again byte for byte.
#[test]
fn reports_read_back_to_the_same_value() {
    let mut files = Vec::new();
    corpus_files(&common::root().join("corpus"), &mut files);
    corpus_files(&common::root().join("tests/golden"), &mut files);
    let mut read = 0;
    for file in &files {
        for p in common::check_file(file) {
            let text = serde_json::to_string(&p.report).expect("report serializes");
            let back: report::Report = serde_json::from_str(&text).expect("report reads back");
            // The header is one object: a tag given twice (finding N0303) keeps its first value.
            let mut expected = p.report.clone();
            let mut seen = std::collections::HashSet::new();
            expected.header.retain(|t| seen.insert(t.name.clone()));
            assert_eq!(back, expected, "{}", file.display());
            read += 1;
        }
    }
    assert!(read > 0, "no report was read back");
    let written = std::process::Command::new(env!("CARGO_BIN_EXE_stich"))
        .current_dir(common::root())
        .args(["convert", "--to", "json", "corpus", "tests/golden"])
        .output()
        .expect("stich runs");
    let out = String::from_utf8(written.stdout).expect("UTF-8");
    let mut lines = 0;
    for line in out.lines() {
        let back: report::Report = serde_json::from_str(line).expect("a written report reads back");
        assert_eq!(serde_json::to_string(&back).expect("serializes"), line);
        lines += 1;
    }
    assert_eq!(lines, read, "convert wrote one report per record");
}

const SHEET_SCHEMA_PATH: &str = "spec/schema/sheet.schema.json";

#[test]
fn checked_in_sheet_schema_is_current_and_the_corpus_sheets_validate() {
    let generated = report::sheet_schema_text();
    let path = common::root().join(SHEET_SCHEMA_PATH);
    if std::env::var_os("STICH_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).expect("write schema");
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{SHEET_SCHEMA_PATH} differs from the generated schema; run `STICH_UPDATE_SCHEMA=1 cargo test --test schema` and review"
    );
    let schema = report::sheet_schema();
    let validator = jsonschema::draft202012::new(&schema).expect("schema compiles");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stich"))
        .args(["sheet", "--format", "json", "--scoring", "seeger-fabian"])
        .arg(common::root().join("corpus/skat/sheets"))
        .output()
        .expect("run stich sheet");
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let errors: Vec<String> = validator.iter_errors(&value).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert!(value["sheets"].as_array().is_some_and(|s| s.len() >= 6));
}

const VIEW_SCHEMA_PATH: &str = "spec/schema/view.schema.json";

/// The view schema is the generated one, and the view of every corpus record validates.
#[test]
fn checked_in_view_schema_is_current_and_the_corpus_views_validate() {
    let generated = report::view_schema_text();
    let path = common::root().join(VIEW_SCHEMA_PATH);
    if std::env::var_os("STICH_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).expect("write schema");
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "{VIEW_SCHEMA_PATH} differs from the generated schema; run `STICH_UPDATE_SCHEMA=1 cargo test --test schema` and review"
    );
    let schema = report::view_schema();
    let validator = jsonschema::draft202012::new(&schema).expect("schema compiles");
    let mut files = Vec::new();
    corpus_files(&common::root().join("corpus"), &mut files);
    let mut families = std::collections::BTreeSet::new();
    for file in &files {
        for p in common::check_file(file) {
            let Some(replay) = &p.report.record else { continue };
            let view = replay.family().view(replay).expect("every family has a view");
            families.insert(view.family.clone());
            let value = serde_json::to_value(&view).expect("view serializes");
            let errors: Vec<String> = validator.iter_errors(&value).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{}: {errors:?}", file.display());
        }
    }
    assert_eq!(families.len(), engine::family::registry().len(), "{families:?}");
}
