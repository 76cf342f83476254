//! The Sixty-Six family: two-hand, three-hand and four-hand Sixty-Six under the profiles of
//! [`rules`] (seed 000), the play as a [`core::GameState`](crate::core::GameState) in
//! [`state`] (the stock, marriages shown on the lead, the trump nine, closing, announcing
//! 66), the check of a record in [`replay`], the book layout of [`show`] and the generator
//! of `gen`. `spec/rules/sixty-six.md` gives every rule with its seed passage.

pub mod family;
pub(crate) mod game;
pub mod r#gen;
pub mod model;
pub mod replay;
pub mod rules;
pub mod scoring;
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
