//! Skat: the pack, the named rule profiles, the interpretation of a record, the auction,
//! the play, the score, the replay that ties them together, and a generator of random legal
//! games.

pub mod auction;
pub mod claims;
pub mod contract;
pub mod family;
pub(crate) mod game;
pub mod r#gen;
pub mod interpret;
pub mod model;
pub mod pack;
pub mod play;
pub(crate) mod prelude;
pub mod quick;
pub mod replay;
pub mod result;
pub mod rules;
pub mod score;
pub mod sheet;
pub mod show;
pub mod state;
mod text;
pub mod view;
pub mod words;

#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod tests;

pub use r#gen::generate;
pub use model::*;
pub use rules::Profile;
pub use words::canonicalize;

use notation::{Diagnostic, Record};

/// Interprets and replays a Skat record under a profile.
pub fn check(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let (game, mut findings) = interpret::interpret(record);
    let (replay, more) = replay::run(&game, profile);
    findings.extend(more);
    (replay, findings)
}
