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
    read_only: u64,
    /// Records left out as duplicates (`--dedupe`), not counted in `records`.
    duplicates: u64,
    by_code: BTreeMap<String, u64>,
    /// Mismatched claims by their key, and whether they came from ISS records (where the
    /// summary names them by their `R` field).
    by_claim: BTreeMap<(String, bool), u64>,
    /// The records being counted now come from ISS input.
    iss: bool,
    /// Incomplete records fail the run (`--strict`).
    strict: bool,
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
            read_only: 0,
            duplicates: 0,
            by_code: BTreeMap::new(),
            by_claim: BTreeMap::new(),
            iss: false,
            strict: false,
        }
    }

    /// Makes incomplete records count as failures ([`Summary::failed`]), as `--strict` asks.
    pub fn strict(mut self, strict: bool) -> Summary {
        self.strict = strict;
        self
    }

    /// Says whether the records counted from now on come from ISS input, whose claims the
    /// summary names by their `R` field.
    pub fn set_iss(&mut self, iss: bool) {
        self.iss = iss;
    }

    /// Counts one record.
    pub fn add(&mut self, report: &report::Report, bytes: usize) {
        let findings = report.findings.iter().map(|f| {
            (
                f.severity,
                f.code.as_str(),
                f.claim.as_ref().map(|c| c.key.as_str()),
            )
        });
        self.add_findings(report.verdict, findings, bytes);
    }

    /// Counts one record by its verdict and its findings as diagnostics (for a report built
    /// without them, see [`crate::pipeline::Work::findings`]).
    pub fn add_diagnostics(&mut self, verdict: Verdict, diagnostics: &[notation::Diagnostic], bytes: usize) {
        let findings = diagnostics
            .iter()
            .map(|d| (d.severity, d.code, crate::pipeline::claim_of(d)));
        self.add_findings(verdict, findings, bytes);
    }

    fn add_findings<'a>(
        &mut self,
        verdict: Verdict,
        findings: impl Iterator<Item = (notation::Severity, &'a str, Option<&'a str>)>,
        bytes: usize,
    ) {
        self.records += 1;
        self.bytes += bytes as u64;
        match verdict {
            Verdict::Consistent => self.consistent += 1,
            Verdict::Inconsistent => self.inconsistent += 1,
            Verdict::Illegal => self.illegal += 1,
            Verdict::Incomplete => self.incomplete += 1,
            Verdict::Unparsable => self.unparsable += 1,
        }
        for (severity, code, claim) in findings {
            if severity == notation::Severity::Error {
                // Counted in place: a `String` key is made only the first time a code is seen.
                match self.by_code.get_mut(code) {
                    Some(n) => *n += 1,
                    None => {
                        self.by_code.insert(code.to_string(), 1);
                    }
                }
                if let Some(claim) = claim {
                    *self.by_claim.entry((claim.to_string(), self.iss)).or_insert(0) += 1;
                }
            }
        }
    }

    /// Counts one record found consistent without a report (see `iss::quick`).
    pub fn add_consistent(&mut self, bytes: usize) {
        self.records += 1;
        self.bytes += bytes as u64;
        self.consistent += 1;
    }

    /// Counts one record left out because its content id came before (`--dedupe`).
    pub fn add_duplicate(&mut self) {
        self.duplicates += 1;
    }

    /// Counts one record that was only read (`--parse-only`): read into a tree, or not.
    pub fn add_read(&mut self, ok: bool, bytes: usize) {
        self.records += 1;
        self.bytes += bytes as u64;
        if ok {
            self.read_only += 1;
        } else {
            self.unparsable += 1;
        }
    }

    /// Records counted.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Whether any record failed: illegal, inconsistent or unparsable, or incomplete when
    /// strict.
    pub fn failed(&self) -> bool {
        let incomplete = if self.strict { self.incomplete } else { 0 };
        self.inconsistent + self.illegal + self.unparsable + incomplete > 0
    }

    /// What the exit status will say, when the counts alone could mislead: incomplete
    /// records pass unless strict.
    fn exit_note(&self) -> Option<String> {
        if self.incomplete == 0 {
            return None;
        }
        let records = if self.incomplete == 1 {
            "record was"
        } else {
            "records were"
        };
        Some(if self.strict {
            format!(
                "{} incomplete {records} not fully checked; with --strict they fail the run",
                self.incomplete
            )
        } else {
            format!(
                "{} incomplete {records} not fully checked (no play, a penalty game, …); exit status 0 means only that nothing was found illegal, inconsistent or unparsable (--strict fails incomplete records)",
                self.incomplete
            )
        })
    }

    /// A mismatched claim as the input names it: the notation's claim key for stich
    /// records, the `R` field (and the key) for server records.
    fn claim_name(claim: &str, iss: bool) -> String {
        match iss::result_field_of_claim(claim) {
            Some(field) if iss => format!("R {field} ({claim})"),
            _ => claim.to_string(),
        }
    }

    /// The summary as one JSON object (`--summary json`).
    pub fn json(&self) -> serde_json::Value {
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        let claims: Vec<serde_json::Value> = self
            .by_claim
            .iter()
            .map(|((claim, iss), n)| {
                let mut o = serde_json::json!({ "claim": claim, "count": n });
                if let (true, Some(field), Some(obj)) =
                    (*iss, iss::result_field_of_claim(claim), o.as_object_mut())
                {
                    obj.insert("iss_field".into(), field.into());
                }
                o
            })
            .collect();
        serde_json::json!({
            "records": self.records,
            "consistent": self.consistent,
            "inconsistent": self.inconsistent,
            "illegal": self.illegal,
            "incomplete": self.incomplete,
            "unparsable": self.unparsable,
            "read_only": self.read_only,
            "duplicates": self.duplicates,
            "errors_by_code": self.by_code,
            "mismatches_by_claim": claims,
            "failed": self.failed(),
            "strict": self.strict,
            "seconds": secs,
            "games_per_second": (self.records as f64 / secs).round(),
            "bytes": self.bytes,
        })
    }

    /// The closing line(s).
    pub fn text(&self) -> String {
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        let mut s = if self.read_only > 0 && self.records == self.read_only + self.unparsable {
            format!(
                "{} records: {} read (parse only, not replayed), {} unparsable",
                self.records, self.read_only, self.unparsable
            )
        } else {
            format!(
                "{} records: {} consistent, {} inconsistent, {} illegal, {} incomplete, {} unparsable",
                self.records,
                self.consistent,
                self.inconsistent,
                self.illegal,
                self.incomplete,
                self.unparsable
            )
        };
        if self.duplicates > 0 {
            s.push_str(&format!(
                "\n{} duplicate records left out (a content id seen before)",
                self.duplicates
            ));
        }
        if !self.by_code.is_empty() {
            let codes: Vec<String> = self.by_code.iter().map(|(c, n)| format!("{c}×{n}")).collect();
            s.push_str(&format!("\nerrors by code: {}", codes.join(", ")));
        }
        if !self.by_claim.is_empty() {
            let claims: Vec<String> = self
                .by_claim
                .iter()
                .map(|((c, iss), n)| format!("{}×{n}", Summary::claim_name(c, *iss)))
                .collect();
            s.push_str(&format!("\nmismatches by claim: {}", claims.join(", ")));
        }
        if let Some(note) = self.exit_note() {
            s.push('\n');
            s.push_str(&note);
        }
        s.push_str(&format!(
            "\n{:.3} s, {:.0} games/s, {:.2} MiB/s",
            secs,
            self.records as f64 / secs,
            self.bytes as f64 / secs / (1024.0 * 1024.0)
        ));
        s
    }
}
