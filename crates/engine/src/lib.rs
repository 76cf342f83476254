//! The rules engines: replay a record, check every action, recompute every figure.
//!
//! [`check`] is the one entry point: it reads the `Game` and `Rules` tags, hands the record
//! to that game family's engine through the registry ([`family::registry`]) and returns the
//! verdict, the findings and the normalized replay.
//!
//! ```
//! let text = "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n";
//! let record = notation::read_str(text).remove(0).record.unwrap();
//! assert_eq!(engine::check(&record).verdict, engine::Verdict::Consistent);
//! ```
//!
//! Bots play through the families' game states ([`core::game::GameState`]: the legal
//! actions, play one, whether it is over), the same states the check replays records with.

#![warn(missing_docs)]

pub mod bezique;
pub mod core;
pub mod cribbage;
pub mod family;
pub mod frog;
pub mod pinochle;
pub mod ristikontra;
pub mod sixty_six;
pub mod skat;
pub mod table_game;
pub mod view;

pub use family::{Family, GenLayout, Outcome, Replay};

pub use notation::{Diagnostic, Kind, Severity};

/// The overall judgement on one record.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
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
    /// The verdict's word, as the report writes it (`consistent`).
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Consistent => "consistent",
            Verdict::Inconsistent => "inconsistent",
            Verdict::Illegal => "illegal",
            Verdict::Incomplete => "incomplete",
            Verdict::Unparsable => "unparsable",
        }
    }

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
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
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

impl ProfileInfo {
    /// The listing of one profile of `game`, its options serialized as they are.
    pub fn new(
        game: &str,
        name: &str,
        description: &str,
        source: &str,
        options: impl serde::Serialize,
    ) -> ProfileInfo {
        ProfileInfo {
            game: game.to_string(),
            name: name.to_string(),
            description: description.to_string(),
            source: source.to_string(),
            options: serde_json::to_value(options).unwrap_or(serde_json::Value::Null),
        }
    }
}

/// Every rule profile of every game family, family by family in the registry's order.
pub fn profiles() -> Vec<ProfileInfo> {
    family::registry().iter().flat_map(|f| f.profiles()).collect()
}

/// The span as a diagnostic location: trees built by programs carry `Span::default()`,
/// which points nowhere.
fn at(span: notation::Span) -> Option<notation::Span> {
    (span != notation::Span::default()).then_some(span)
}

/// The family a record names (`E0001` when no engine has its `Game` tag), and the profile
/// of that family it names (`E0002` when the family has no profile of its `Rules` tag).
fn dispatch<'r>(
    record: &'r notation::Record,
    findings: &mut Vec<Diagnostic>,
) -> Option<(&'static dyn Family, &'r str)> {
    let family = match record.tag_item("Game") {
        // The reader reports a missing Game tag; the record is read as the first family
        // meanwhile.
        None => family::default_family(),
        Some(tag) => match family::by_tag(&tag.value.node) {
            Some(f) => f,
            None => {
                findings.push(
                    Diagnostic::error(
                        "E0001",
                        Kind::Incomplete,
                        at(tag.value.span),
                        format!("no rules engine for the game `{}`", tag.value.node),
                    )
                    .with_help(format!("games with an engine: {}", family::tags())),
                );
                return None;
            }
        },
    };
    match record.tag_item("Rules") {
        // The reader reports a missing Rules tag; the family's default profile applies
        // meanwhile.
        None => Some((family, family.default_profile())),
        Some(tag) if family.has_profile(&tag.value.node) => Some((family, tag.value.node.as_str())),
        Some(tag) => {
            findings.push(
                Diagnostic::error(
                    "E0002",
                    Kind::Incomplete,
                    at(tag.value.span),
                    format!("unknown {} rule profile `{}`", family.name(), tag.value.node),
                )
                .with_help(format!("known profiles: {}", family.profile_names().join(", "))),
            );
            None
        }
    }
}

/// Checks one record: dispatches on its `Game` tag and `Rules` tag to the family's engine
/// (see [`family::registry`]), replays it and judges it.
pub fn check(record: &notation::Record) -> Checked {
    let mut findings = Vec::new();
    let mut replay = None;
    let dispatched = dispatch(record, &mut findings);
    // A score sheet (notation version 2) records a sitting, not a hand: the family checks
    // its rows and totals, where it checks sheets; nothing is replayed.
    if let (Some(sheet), Some((family, profile))) = (&record.sheet, dispatched) {
        match family.check_sheet(record, profile) {
            Some(f) => findings.extend(f),
            None => findings.push(
            Diagnostic::error(
                "E0003",
                Kind::Incomplete,
                at(sheet.span),
                "the rules engine of this game checks no score sheet (`sheet`); the record is not replayed",
            )
            .with_help("the sheet is read and printed, but its rows and totals are not checked"),
            ),
        }
    } else if let Some((family, profile)) = dispatched
        && let Some((r, f)) = family.check(record, profile)
    {
        findings.extend(f);
        replay = Some(r);
    }
    Checked {
        verdict: Verdict::from_findings(&findings),
        findings,
        replay,
    }
}

/// Rewrites aliases in a record to their canonical spelling (seat labels, declaration,
/// exchange and event words, claim keys and values), as `stich fmt` prints it. A record of a
/// game without an engine is left as written.
pub fn canonicalize(record: &mut notation::Record) {
    if let Some(family) = family::of_record(record) {
        family.canonicalize(record);
    }
}

/// Rewrites a play section laid out in columns into leader layout, with the leaders and the
/// play order the replay works out (a book's table names no leader; the ISS format needs
/// them). Returns `false`, leaving the record as it was, when the record is not a game the
/// engine can replay trick by trick.
pub fn to_leader_layout(record: &mut notation::Record) -> bool {
    let Some(play) = &record.play else { return true };
    if play.items.layout == notation::Layout::Leader {
        return true;
    }
    let Some(replay) = check(record).replay else {
        return false;
    };
    replay.family().to_leader_layout(record, &replay)
}
