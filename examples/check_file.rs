//! Checks a file of records (stich or ISS, compressed or not) and prints each report as JSON,
//! with the stich-check library alone.
//!
//! ```sh
//! cargo run --example check_file -- examples/revoke.stich
//! ```

fn main() -> std::io::Result<()> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/revoke.stich".into());
    for report in check::check_path(&path)? {
        let report = report?;
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(std::io::Error::other)?
        );
        for f in &report.findings {
            eprintln!(
                "{path}:{}:{}: {} {}",
                f.line.unwrap_or(0),
                f.column.unwrap_or(0),
                f.code,
                f.message
            );
        }
    }
    Ok(())
}
