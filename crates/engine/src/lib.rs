//! The rules engines: replay a record, check every action, recompute every figure.
//!
//! [`check`] is the one entry point: it reads the `Game` and `Rules` tags, hands the record
//! to that game family's engine (only Skat so far) and returns the verdict, the findings and
//! the normalized replay.

#![warn(missing_docs)]

pub mod core;
pub mod skat;

pub use notation::{Diagnostic, Kind, Severity};

/// The overall judgement on one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every action legal and every claimed figure right.
    Consistent,
    /// Every action legal, but a claimed figure differs from the replay.
    Inconsistent,
    /// An action breaks the rules.
    Illegal,
    /// Legal so far, but something needed for a full check is missing.
    Incomplete,
    /// The text could not be read as a record.
    Unparsable,
}

impl Verdict {
    /// The verdict the findings call for: the worst kind present wins.
    pub fn from_findings(findings: &[Diagnostic]) -> Verdict {
        let has = |k: Kind| {
            findings
                .iter()
                .any(|d| d.kind == k && d.severity == Severity::Error)
        };
        if has(Kind::Syntax) {
            Verdict::Unparsable
        } else if has(Kind::Illegal) {
            Verdict::Illegal
        } else if has(Kind::Inconsistent) {
            Verdict::Inconsistent
        } else if has(Kind::Incomplete) {
            Verdict::Incomplete
        } else {
            Verdict::Consistent
        }
    }
}

/// The replay of a record, by game family.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum Replay {
    /// A Skat game.
    Skat(skat::Replay),
}

impl Replay {
    /// The recomputed result, which the report gives on its own beside the record.
    pub fn outcome(&self) -> Outcome {
        match self {
            Replay::Skat(r) => Outcome::Skat(r.result.clone()),
        }
    }
}

/// The recomputed result of a record, by game family.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Outcome {
    /// The result of a Skat game.
    Skat(skat::GameResult),
}

/// What checking one record gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The verdict.
    pub verdict: Verdict,
    /// Every finding, in the order found.
    pub findings: Vec<Diagnostic>,
    /// The replay, when the game and profile are known.
    pub replay: Option<Replay>,
}

/// A rule profile as listed by `stich rules`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
pub struct ProfileInfo {
    /// The game family (`skat`).
    pub game: String,
    /// The profile's name (the `Rules` tag value).
    pub name: String,
    /// One line on what it is.
    pub description: String,
    /// The rule text it follows.
    pub source: String,
    /// The options, as JSON data.
    pub options: serde_json::Value,
}

/// Every rule profile of every game family.
pub fn profiles() -> Vec<ProfileInfo> {
    skat::rules::all()
        .iter()
        .map(|p| ProfileInfo {
            game: "skat".to_string(),
            name: p.name.clone(),
            description: p.description.clone(),
            source: p.source.clone(),
            options: serde_json::json!({
                "rules": serde_json::to_value(p.options).unwrap_or(serde_json::Value::Null),
                "bid_table": p.bid_table,
            }),
        })
        .collect()
}

/// The profile a record names; a missing `Rules` tag means the official rules.
fn skat_profile(record: &notation::Record, findings: &mut Vec<Diagnostic>) -> Option<&'static skat::Profile> {
    match record.tag_item("Rules") {
        // The reader reports a missing Rules tag; the official rules apply meanwhile.
        None => skat::rules::by_name("isko"),
        Some(tag) => match skat::rules::by_name(&tag.value.node) {
            Some(p) => Some(p),
            None => {
                let known: Vec<&str> = skat::rules::all().iter().map(|p| p.name.as_str()).collect();
                findings.push(
                    Diagnostic::error(
                        "S0513",
                        Kind::Incomplete,
                        skat::interpret::at(tag.value.span),
                        format!("unknown Skat rule profile `{}`", tag.value.node),
                    )
                    .with_help(format!("known profiles: {}", known.join(", "))),
                );
                None
            }
        },
    }
}

/// Checks one record: dispatches on its `Game` tag and `Rules` tag, replays it and judges it.
pub fn check(record: &notation::Record) -> Checked {
    let mut findings = Vec::new();
    let game = record.tag_item("Game");
    let is_skat = match game {
        // The reader reports a missing Game tag; the record is read as Skat meanwhile.
        None => true,
        Some(tag) => {
            let ok = tag.value.node.trim().eq_ignore_ascii_case("skat");
            if !ok {
                findings.push(
                    Diagnostic::error(
                        "E0001",
                        Kind::Incomplete,
                        skat::interpret::at(tag.value.span),
                        format!("no rules engine for the game `{}`", tag.value.node),
                    )
                    .with_help("games with an engine: skat"),
                );
            }
            ok
        }
    };
    // A score sheet (notation version 2) records a sitting, not a hand; no engine reads
    // sheets yet.
    let is_sheet = match &record.sheet {
        Some(sheet) if is_skat => {
            findings.push(
                Diagnostic::error(
                    "E0002",
                    Kind::Incomplete,
                    skat::interpret::at(sheet.span),
                    "no rules engine checks a score sheet (`sheet`) yet; the record is not replayed",
                )
                .with_help("the sheet is read and printed, but its rows and totals are not checked"),
            );
            true
        }
        _ => false,
    };
    let mut replay = None;
    if is_skat
        && !is_sheet
        && let Some(profile) = skat_profile(record, &mut findings)
    {
        let (r, f) = skat::check(record, profile);
        findings.extend(f);
        replay = Some(Replay::Skat(r));
    }
    Checked {
        verdict: Verdict::from_findings(&findings),
        findings,
        replay,
    }
}

/// Rewrites aliases in a record to their canonical spelling (seat labels, declaration,
/// exchange and event words, claim keys and values), as `stich fmt` prints it.
pub fn canonicalize(record: &mut notation::Record) {
    let is_skat = record
        .tag("Game")
        .is_none_or(|g| g.trim().eq_ignore_ascii_case("skat"));
    if is_skat {
        skat::canonicalize(record);
    }
}

/// Rewrites a play section laid out in columns into leader layout, with the leaders and the
/// play order the replay works out (a book's table names no leader; the ISS format needs
/// them). Returns `false`, leaving the record as it was, when the record is not a game the
/// engine can replay trick by trick.
pub fn to_leader_layout(record: &mut notation::Record) -> bool {
    use notation::{CardSlot, Layout, PlayItem, Spanned};
    let Some(play) = &record.play else { return true };
    if play.items.layout == Layout::Leader {
        return true;
    }
    let Some(Replay::Skat(replay)) = check(record).replay else {
        return false;
    };
    let Some(play) = &mut record.play else {
        return false;
    };
    let written = play
        .items
        .items
        .iter()
        .filter(|i| matches!(i, PlayItem::Trick(_)))
        .count();
    if written != replay.tricks.len() {
        return false;
    }
    let mut replayed = replay.tricks.iter();
    for item in &mut play.items.items {
        let PlayItem::Trick(trick) = item else { continue };
        let Some(r) = replayed.next() else { return false };
        if r.cards.len() != trick.cards.len() {
            return false;
        }
        let at = trick
            .number
            .as_ref()
            .map_or_else(notation::Span::default, |n| n.span);
        trick.leader = Some(Spanned::new(r.leader.label().to_string(), at));
        trick.cards = r
            .cards
            .iter()
            .map(|pc| Spanned::bare(CardSlot::Known(pc.card)))
            .collect();
    }
    play.items.layout = Layout::Leader;
    true
}
