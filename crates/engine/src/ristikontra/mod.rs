//! Ristikontra (seed 003, the Finnish partnership game of matching ranks) under the profiles
//! of [`rules`]: the check of a record in [`replay`], the trick table of [`show`] and the
//! generator of `gen`. `spec/rules/ristikontra.md` gives every rule with its seed passage.

pub mod family;
pub(crate) mod game;
pub mod r#gen;
pub mod model;
pub mod replay;
pub mod rules;
pub mod show;
pub mod state;
pub mod view;
pub mod words;

#[cfg(test)]
mod tests;

pub use model::{GameResult, Replay};

/// Checks a record under a profile: the replay and the findings.
pub fn check(record: &notation::Record, profile: &rules::Profile) -> (Replay, Vec<notation::Diagnostic>) {
    replay::check(record, profile)
}
