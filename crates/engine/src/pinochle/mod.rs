//! The Pinochle family: two-hand, partnership and partnership auction Pinochle under the
//! profiles of [`rules`] (seed 000, the USPC rules; seed 002), the meld calculator of
//! [`meld`], the play as a [`core::GameState`](crate::core::GameState) in [`state`], the
//! check of a record in [`replay`], the book layout of [`show`] and the generator of `gen`.
//! `spec/rules/pinochle.md` gives every rule with its seed passage.

pub mod family;
pub(crate) mod game;
pub mod r#gen;
pub mod meld;
pub mod model;
pub(crate) mod prelude;
pub mod replay;
pub mod rules;
pub mod settle;
pub mod show;
pub mod state;
pub mod text;
pub mod view;
pub mod words;

#[cfg(test)]
mod tests;

pub use meld::{Meld, MeldKind, MeldTable, Melds, meld_hand};
pub use model::{GameResult, Replay};

/// Checks a record under a profile: the replay and the findings.
pub fn check(record: &notation::Record, profile: &rules::Profile) -> (Replay, Vec<notation::Diagnostic>) {
    replay::check(record, profile)
}
