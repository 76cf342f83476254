//! Settling a finished sheet: what each player wins or pays.
//!
//! Seed 001, Skat, §Scoring: three players compare their scores pair by pair (−7, +88, +19
//! settle as −121, +164, −43); four may call the lowest score zero, multiply by the number
//! of players and deduct the sum (+186 +42 +344 +116 settle as +56 −520 +688 −224), or for
//! the League stake deduct the average (+14 −130 +172 −56). Seed 000, Skat, §Settlement: each
//! pays or receives the amount by which his score falls below or rises above the average.
//! The pairwise and lowest-zero methods give the same figures (each is n × score − sum);
//! both are kept as names because the books teach them apart.

use serde::Serialize;

/// How a finished sheet is settled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Every pair of players settles the difference of their scores (seed 001).
    #[default]
    Pairs,
    /// The lowest score is called zero, the rest multiplied by the number of players, the
    /// sum of the reduced scores deducted (seed 001).
    Lowest,
    /// Each score less the average of all (seed 001, the League stake; seed 000).
    Average,
    /// Every game was paid in full when it was played, so the totals are what each has won
    /// or lost (Chouette Bezique, spec/rules/bezique.md §3f). Not a Skat sheet's option.
    Paid,
}

impl Method {
    /// The method from its name (`pairs`, `lowest`, `average`).
    pub fn from_name(name: &str) -> Option<Method> {
        match name.to_ascii_lowercase().as_str() {
            "pairs" | "pairwise" => Some(Method::Pairs),
            "lowest" | "lowest-zero" => Some(Method::Lowest),
            "average" | "mean" => Some(Method::Average),
            _ => None,
        }
    }
}

/// Each player's settlement, and whether it is exact (an average that is not a whole number
/// is rounded, half away from zero). Figures far beyond any sheet saturate rather than wrap.
pub fn settle(method: Method, totals: &[i64]) -> (Vec<i64>, bool) {
    let n = i64::try_from(totals.len()).unwrap_or(0);
    let sum = totals.iter().fold(0i64, |a, &t| a.saturating_add(t));
    // Every pair settles the difference, so each player gets n × total − sum; calling the
    // lowest zero gives the same: n × (total − low) − Σ (t − low).
    let spread = |s: i64| s.saturating_mul(n).saturating_sub(sum);
    match method {
        Method::Pairs | Method::Lowest => (totals.iter().map(|&s| spread(s)).collect(), true),
        Method::Paid => (totals.to_vec(), true),
        Method::Average => {
            if n == 0 {
                return (Vec::new(), true);
            }
            let exact = sum % n == 0;
            let v = totals
                .iter()
                .map(|&s| {
                    let d = spread(s);
                    // Round half away from zero.
                    let q = i64::try_from((u128::from(d.unsigned_abs()) * 2 + n as u128) / (2 * n as u128))
                        .unwrap_or(i64::MAX);
                    if d < 0 { -q } else { q }
                })
                .collect();
            (v, exact)
        }
    }
}
