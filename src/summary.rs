//! The closing summary of a run: counts by verdict, findings by code, throughput.

use std::collections::BTreeMap;
use std::time::Instant;

use engine::Verdict;

/// Counts gathered while checking.
pub struct Summary {
    started: Instant,
    records: u64,
    bytes: u64,
    consistent: u64,
    inconsistent: u64,
    illegal: u64,
    incomplete: u64,
    unparsable: u64,
    by_code: BTreeMap<String, u64>,
}

impl Default for Summary {
    fn default() -> Self {
        Summary::new()
    }
}

impl Summary {
    /// A summary starting now.
    pub fn new() -> Summary {
        Summary {
            started: Instant::now(),
            records: 0,
            bytes: 0,
            consistent: 0,
            inconsistent: 0,
            illegal: 0,
            incomplete: 0,
            unparsable: 0,
            by_code: BTreeMap::new(),
        }
    }

    /// Counts one record.
    pub fn add(&mut self, report: &report::Report, bytes: usize) {
        self.records += 1;
        self.bytes += bytes as u64;
        match report.verdict {
            Verdict::Consistent => self.consistent += 1,
            Verdict::Inconsistent => self.inconsistent += 1,
            Verdict::Illegal => self.illegal += 1,
            Verdict::Incomplete => self.incomplete += 1,
            Verdict::Unparsable => self.unparsable += 1,
        }
        for f in &report.findings {
            if f.severity == report::FindingSeverity::Error {
                *self.by_code.entry(f.code.clone()).or_default() += 1;
            }
        }
    }

    /// Records counted.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Whether any record failed (illegal, inconsistent or unparsable).
    pub fn failed(&self) -> bool {
        self.inconsistent + self.illegal + self.unparsable > 0
    }

    /// The closing line(s).
    pub fn text(&self) -> String {
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        let mut s = format!(
            "{} records: {} consistent, {} inconsistent, {} illegal, {} incomplete, {} unparsable",
            self.records, self.consistent, self.inconsistent, self.illegal, self.incomplete, self.unparsable
        );
        if !self.by_code.is_empty() {
            let codes: Vec<String> = self.by_code.iter().map(|(c, n)| format!("{c}×{n}")).collect();
            s.push_str(&format!("\nerrors by code: {}", codes.join(", ")));
        }
        s.push_str(&format!(
            "\n{:.3} s, {:.0} records/s, {:.2} MiB/s",
            secs,
            self.records as f64 / secs,
            self.bytes as f64 / secs / (1024.0 * 1024.0)
        ));
        s
    }
}
