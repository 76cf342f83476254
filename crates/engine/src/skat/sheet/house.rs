//! House rules of a sheet: Bock rounds, the compulsory Ramsch after them, and the scoring of
//! a Ramsch row (spec/rules/skat-house-rules.md, seed 004, §Game variants).
//!
//! Bock is a property of the sheet, not of a deal: whether deal *n* counts double follows
//! from what happened in the deals before it, so the sheet works it out and passes it into
//! each deal's scoring.

use notation::{Diagnostic, Kind, Span};

use crate::skat::model::GameType;

use super::read::RowClaims;
use super::{Entry, EntryKind};

/// What starts a Bock round (seed 004, §Bockrounds: "Bockround is usually played when:",
/// the list cut off in the seed; these are the common triggers, each an option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// A game with Kontra that the declarer won (the Kontra lost).
    KontraLost,
    /// A game lost with 60 card points (`sixty` on the row).
    Sixty,
    /// A Grand Hand.
    GrandHand,
    /// A game whose score is a multiple of 100.
    Hundred,
}

impl Trigger {
    /// The trigger from its option word.
    pub fn from_name(name: &str) -> Option<Trigger> {
        match name {
            "kontra-lost" | "kontra" => Some(Trigger::KontraLost),
            "sixty" | "60" => Some(Trigger::Sixty),
            "grand-hand" => Some(Trigger::GrandHand),
            "hundred" | "100" => Some(Trigger::Hundred),
            _ => None,
        }
    }

    fn fires(self, e: &Entry, c: &RowClaims) -> bool {
        let EntryKind::Game { won, game, score, .. } = &e.kind else {
            return false;
        };
        match self {
            Trigger::KontraLost => c.doublings > 0 && *won,
            Trigger::Sixty => c.sixty && !*won,
            Trigger::GrandHand => *game == Some(GameType::Grand) && c.hand,
            Trigger::Hundred => *score != 0 && score % 100 == 0,
        }
    }
}

/// The Bock rules of a sheet (`Options "bock …, ramsch-after-bock 3"`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bock {
    /// What starts a Bock round; empty: the rows' `bock` words are taken as written.
    pub triggers: Vec<Trigger>,
    /// After every this many Bock rounds a compulsory round of Ramsch (seed 004: three);
    /// 0 for none.
    pub ramsch_after: u32,
}

/// What a deal is under the sheet's Bock rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Round {
    Plain,
    Bock,
    Ramsch,
}

/// Works out the Bock deals from the triggers and marks each entry; a row whose `bock`
/// word says otherwise is `S0713`, a deal of a compulsory Ramsch round that is neither a
/// Ramsch nor a Grand Hand `S0714`. Each round is one deal per player.
pub fn apply(
    bock: &Bock,
    players: usize,
    entries: &mut [Entry],
    claims: &[RowClaims],
    at_row: &mut [Vec<Diagnostic>],
) {
    if bock.triggers.is_empty() {
        return;
    }
    let n = u32::try_from(players).unwrap_or(3).max(1);
    let mut pending = 0u32;
    let mut left_in_bock = 0u32;
    let mut left_in_ramsch = 0u32;
    let mut bock_done = 0u32;
    for (i, (e, c)) in entries.iter_mut().zip(claims).enumerate() {
        let round = if left_in_ramsch > 0 {
            Round::Ramsch
        } else if left_in_bock > 0 {
            Round::Bock
        } else if pending > 0 {
            pending -= 1;
            left_in_bock = n;
            Round::Bock
        } else {
            Round::Plain
        };
        let is_bock = round == Round::Bock;
        if c.bock != is_bock {
            at_row.get_mut(i).into_iter().for_each(|f| {
                f.push(
                    Diagnostic::error(
                        "S0713",
                        Kind::Inconsistent,
                        c.span,
                        format!(
                            "deal {}: {}",
                            e.number,
                            if is_bock {
                                "the deal is in a Bock round, but the row does not say `bock`"
                            } else {
                                "the row says `bock`, but no Bock round is due"
                            }
                        ),
                    )
                    .with_figures(c.bock, is_bock)
                    .with_help("a Bock round follows each trigger of the `Options` tag's `bock`, one deal per player"),
                )
            });
        }
        e.bock = is_bock;
        if round == Round::Ramsch {
            let allowed = match &e.kind {
                EntryKind::Ramsch(_) => true,
                EntryKind::Game { game, .. } => *game == Some(GameType::Grand) && c.hand,
                _ => false,
            };
            if !allowed {
                at_row.get_mut(i).into_iter().for_each(|f| {
                    f.push(Diagnostic::error(
                        "S0714",
                        Kind::Inconsistent,
                        c.span,
                        format!(
                            "deal {}: a compulsory round of Ramsch follows every {} Bock rounds; only a Ramsch or a Grand Hand is played",
                            e.number, bock.ramsch_after
                        ),
                    ))
                });
            }
            left_in_ramsch -= 1;
        }
        if is_bock {
            left_in_bock -= 1;
            if left_in_bock == 0 {
                bock_done += 1;
                if bock.ramsch_after > 0 && bock_done.is_multiple_of(bock.ramsch_after) {
                    left_in_ramsch = n;
                }
            }
        }
        // A deal adds at most one Bock round, whatever number of triggers it meets.
        if bock.triggers.iter().any(|t| t.fires(e, c)) {
            pending += 1;
        }
    }
}

/// Checks a Ramsch row under seed 004's rule: the loser is charged his card points (at
/// most 120), doubled when a player took no trick (Jungfrau); a Durchmarsch scores +120.
pub fn check_ramsch(e: &Entry, c: &RowClaims, span: Option<Span>, out: &mut Vec<Diagnostic>) {
    let EntryKind::Ramsch(scores) = &e.kind else {
        return;
    };
    let limit = if c.jungfrau { 240 } else { 120 };
    let wrong = if c.durchmarsch {
        !(scores.len() == 1 && scores.first().is_some_and(|&(_, s)| s == 120))
    } else {
        scores.is_empty()
            || scores
                .iter()
                .any(|&(_, s)| s > 0 || s.unsigned_abs() > limit || (c.jungfrau && s % 2 != 0))
    };
    if wrong {
        out.push(
            Diagnostic::error(
                "S0704",
                Kind::Inconsistent,
                span,
                format!(
                    "deal {}: a Ramsch charges the loser his card points (at most 120, doubled for a Jungfrau); a Durchmarsch scores +120",
                    e.number
                ),
            )
            .with_help("`ramsch B -70`, `ramsch B -140 jungfrau`, `ramsch A 120 durchmarsch`"),
        );
    }
}
