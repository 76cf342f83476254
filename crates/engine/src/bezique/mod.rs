//! The Bezique family: two-hand Bezique under the profile of [`rules`] (seed 000), its
//! declarations and the calculator of [`meld`], the check of a record in [`replay`], the
//! book layout of [`show`] and the generator of `gen`. The play — declarations after winning
//! a trick, before the draw, laid face up and played from the table; the rule for cards
//! declared again; the seven of trumps; the stock and the last tricks — is the stock game
//! Pinochle descends from (000:10), so it runs on the same
//! [`PlayState`](crate::pinochle::state::PlayState) with Bezique's table and counting.
//! `spec/rules/bezique.md` gives every rule with its seed passage.

pub mod chouette;
pub mod cut;
pub mod family;
pub(crate) mod game;
pub mod r#gen;
pub mod meld;
pub mod model;
pub mod partners;
pub mod pending;
pub mod replay;
pub mod rules;
pub mod settle;
pub mod show;
pub mod view;

#[cfg(test)]
mod tests;

pub use model::{GameResult, Replay};

/// Checks a record under a profile: the replay and the findings.
pub fn check(record: &notation::Record, profile: &rules::Profile) -> (Replay, Vec<notation::Diagnostic>) {
    replay::check(record, profile)
}
