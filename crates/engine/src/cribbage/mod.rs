//! Cribbage under the profiles of [`rules`] (seed 001, with the common rules where the seed
//! breaks off): the show calculator of [`meld`], the pegging and show of a record checked in
//! [`replay`], the pegging table of [`show`] and the generator of `gen`.
//! `spec/rules/cribbage.md` gives every rule with its seed passage.

pub mod family;
pub(crate) mod game;
pub mod r#gen;
pub mod meld;
pub mod model;
pub mod peg;
pub mod replay;
pub mod rules;
pub mod show;
pub mod state;
pub mod text;
pub mod view;
pub mod words;

#[cfg(test)]
mod tests;

pub use meld::{Show, ShowItem, ShowKind, count};
pub use model::{GameResult, Replay};

/// Checks a record under a profile: the replay and the findings.
pub fn check(record: &notation::Record, profile: &rules::Profile) -> (Replay, Vec<notation::Diagnostic>) {
    replay::check(record, profile)
}
