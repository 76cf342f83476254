//! Counters of the service, written in the Prometheus text format at `/metrics`.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// The upper bounds of the latency histogram's buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

/// The service's counters.
#[derive(Default)]
pub struct Metrics {
    /// Requests answered, by route and status.
    requests: Mutex<BTreeMap<(String, u16), u64>>,
    /// Requests being handled.
    in_flight: AtomicI64,
    /// Requests refused for a limit, by reason.
    rejected: Mutex<BTreeMap<&'static str, u64>>,
    /// Latency histogram: one count per bucket, and the sum in microseconds.
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
    /// Records checked by `/v1/check`.
    pub checked: AtomicU64,
    /// Records added to collections that were new to them.
    pub stored_new: AtomicU64,
    /// Records added to collections that they held already.
    pub stored_existing: AtomicU64,
}

impl Metrics {
    /// A request starts.
    pub fn start(&self) {
        self.in_flight.fetch_add(1, Ordering::Relaxed);
    }

    /// A request on `route` was answered with `status` after `took`.
    pub fn finish(&self, route: &str, status: u16, took: Duration) {
        self.in_flight.fetch_sub(1, Ordering::Relaxed);
        if let Ok(mut m) = self.requests.lock() {
            *m.entry((route.to_string(), status)).or_default() += 1;
        }
        let secs = took.as_secs_f64();
        for (bound, n) in BUCKETS.iter().zip(&self.buckets) {
            if secs <= *bound {
                n.fetch_add(1, Ordering::Relaxed);
            }
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_micros
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
    }

    /// A request was refused for `reason` (`body_too_large`, `too_many_records`,
    /// `timeout`, `overloaded`).
    pub fn reject(&self, reason: &'static str) {
        if let Ok(mut m) = self.rejected.lock() {
            *m.entry(reason).or_default() += 1;
        }
    }

    /// The counters in the Prometheus text format (version 0.0.4).
    pub fn render(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# HELP stich_http_requests_total Requests answered, by route and status."
        );
        let _ = writeln!(s, "# TYPE stich_http_requests_total counter");
        if let Ok(m) = self.requests.lock() {
            for ((route, status), n) in m.iter() {
                let _ = writeln!(
                    s,
                    "stich_http_requests_total{{route=\"{}\",status=\"{status}\"}} {n}",
                    escape(route)
                );
            }
        }
        let _ = writeln!(s, "# HELP stich_http_requests_in_flight Requests being handled.");
        let _ = writeln!(s, "# TYPE stich_http_requests_in_flight gauge");
        let _ = writeln!(
            s,
            "stich_http_requests_in_flight {}",
            self.in_flight.load(Ordering::Relaxed)
        );
        let _ = writeln!(
            s,
            "# HELP stich_http_rejected_total Requests refused for a limit, by reason."
        );
        let _ = writeln!(s, "# TYPE stich_http_rejected_total counter");
        if let Ok(m) = self.rejected.lock() {
            for (reason, n) in m.iter() {
                let _ = writeln!(s, "stich_http_rejected_total{{reason=\"{reason}\"}} {n}");
            }
        }
        let _ = writeln!(
            s,
            "# HELP stich_http_request_duration_seconds Time until the answer starts."
        );
        let _ = writeln!(s, "# TYPE stich_http_request_duration_seconds histogram");
        for (bound, n) in BUCKETS.iter().zip(&self.buckets) {
            let _ = writeln!(
                s,
                "stich_http_request_duration_seconds_bucket{{le=\"{bound}\"}} {}",
                n.load(Ordering::Relaxed)
            );
        }
        let count = self.count.load(Ordering::Relaxed);
        let _ = writeln!(
            s,
            "stich_http_request_duration_seconds_bucket{{le=\"+Inf\"}} {count}"
        );
        let _ = writeln!(
            s,
            "stich_http_request_duration_seconds_sum {}",
            self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6
        );
        let _ = writeln!(s, "stich_http_request_duration_seconds_count {count}");
        for (name, help, v) in [
            (
                "stich_records_checked_total",
                "Records checked by /v1/check.",
                &self.checked,
            ),
            (
                "stich_records_added_new_total",
                "Records added to a collection that did not hold them.",
                &self.stored_new,
            ),
            (
                "stich_records_added_existing_total",
                "Records sent to a collection that held them already.",
                &self.stored_existing,
            ),
        ] {
            let _ = writeln!(s, "# HELP {name} {help}");
            let _ = writeln!(s, "# TYPE {name} counter");
            let _ = writeln!(s, "{name} {}", v.load(Ordering::Relaxed));
        }
        s
    }
}

/// A label value with `\`, `"` and line breaks escaped.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_line_is_a_name_labels_and_a_number() {
        let m = Metrics::default();
        m.start();
        m.finish("/v1/check", 200, Duration::from_micros(700));
        m.reject("overloaded");
        let text = m.render();
        assert!(text.contains("stich_http_requests_total{route=\"/v1/check\",status=\"200\"} 1"));
        assert!(text.contains("stich_http_request_duration_seconds_bucket{le=\"0.001\"} 1"));
        assert!(text.contains("stich_http_request_duration_seconds_bucket{le=\"0.0005\"} 0"));
        assert!(text.contains("stich_http_rejected_total{reason=\"overloaded\"} 1"));
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let value = line.rsplit(' ').next().unwrap();
            assert!(value.parse::<f64>().is_ok(), "{line}");
        }
    }
}
