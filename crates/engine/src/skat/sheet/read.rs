//! A record's `sheet` section read into [`Entry`] values and what each row claims: the
//! running totals, the dealer, Bock, the link to the hand's record.
//!
//! A row is a statement in the words of spec/rules/skat-sheets.md §2: `A won 33`,
//! `B lost grand hand 96 kontra dealer C`, `passed`, `ramsch B -70`, `penalty`,
//! `ref "…"`, with the running totals as its figure (`= A 33 B 40`).

use notation::{Diagnostic, Kind, Span, Spanned, Token};

use crate::skat::model::SkatUse;
use crate::skat::rules::Profile;
use crate::skat::words::{DeclWord, decl_word, outcome};

use super::{Entry, EntryKind};

/// What a row says besides its entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowClaims {
    /// Where the row is written (its first word), for its findings.
    pub span: Option<Span>,
    /// The dealer the row names (`dealer C`).
    pub dealer: Option<(usize, Option<Span>)>,
    /// The running totals the row gives: player, total, where.
    pub totals: Vec<(usize, i64, Option<Span>)>,
    /// The row says `bock`.
    pub bock: bool,
    /// The levels the row names (`hand`, `schneider`, `schwarz`, `ouvert`), in that order.
    pub levels: [bool; 4],
    /// The skat was left in (`hand`).
    pub hand: bool,
    /// The content id of the hand's record (`ref "…"`).
    pub reference: Option<String>,
    /// The row is only a link: the hand's record says what the deal was.
    pub bare: bool,
    /// Kontra and Re said (`kontra`, `re`).
    pub doublings: u32,
    /// The declarer had exactly 60 card points (`sixty`).
    pub sixty: bool,
    /// A Ramsch in which a player took no trick (`jungfrau`).
    pub jungfrau: bool,
    /// A Ramsch in which one player took every trick (`durchmarsch`).
    pub durchmarsch: bool,
}

impl RowClaims {
    /// The levels and doublings the row names, as words.
    pub fn level_words(&self) -> Vec<String> {
        let mut v: Vec<String> = ["hand", "schneider", "schwarz", "ouvert"]
            .into_iter()
            .zip(self.levels)
            .filter(|(_, on)| *on)
            .map(|(w, _)| w.to_string())
            .collect();
        for (k, w) in ["kontra", "re"].into_iter().enumerate() {
            if self.doublings > k as u32 {
                v.push(w.to_string());
            }
        }
        for (on, w) in [
            (self.sixty, "sixty"),
            (self.jungfrau, "jungfrau"),
            (self.durchmarsch, "durchmarsch"),
        ] {
            if on {
                v.push(w.to_string());
            }
        }
        v
    }
}

/// The largest value or Ramsch score a row may write: far beyond any Skat game (the highest
/// value of any profile is 1,008), and small enough that no sum of a sheet's rows overflows.
pub(super) const LARGEST: i64 = 1_000_000;

fn at(span: Span) -> Option<Span> {
    (span != Span::default()).then_some(span)
}

/// A word as written, lowercased; `None` for numbers, cards and strings.
fn word(t: &Token) -> Option<String> {
    match t {
        Token::Word(w) => Some(w.to_lowercase()),
        _ => None,
    }
}

/// The index of a column named `label` (exact, then ignoring case).
pub(super) fn column(players: &[String], label: &str) -> Option<usize> {
    players
        .iter()
        .position(|p| p == label)
        .or_else(|| players.iter().position(|p| p.eq_ignore_ascii_case(label)))
}

/// The plain score of a game: `+value` won, `−factor × value` lost, doubled for Kontra and
/// again for Re. The factor is the profile's for the use of the skat the row names: `hand`,
/// or otherwise the profile's ordinary game (a pick-up where the profile has one, else a
/// tourné).
pub fn plain_score(profile: &Profile, won: bool, hand: bool, value: u32, doublings: u32) -> i64 {
    let skat = if hand {
        SkatUse::Hand
    } else if profile.options.base_values.suit_pickup.is_some() || profile.options.turning.is_none() {
        SkatUse::Pickup
    } else {
        SkatUse::Turned
    };
    let v = i64::from(value);
    let base = if won {
        v
    } else {
        -v * i64::from(profile.loss_factor(skat))
    };
    base << doublings.min(8)
}

/// Reads one row. `number` is the deal's number (written or by position).
pub(super) fn row(
    profile: &Profile,
    players: &[String],
    statement: &notation::Statement,
    number: u32,
    out: &mut Vec<Diagnostic>,
) -> (Entry, RowClaims) {
    let mut claims = RowClaims::default();
    let mut items: Vec<Spanned<Token>> = Vec::new();
    let mut declarer = None;
    if let Some(seat) = &statement.seat {
        claims.span = at(seat.span);
        match column(players, &seat.node) {
            Some(i) => declarer = Some(i),
            None => items.push(Spanned {
                node: Token::Word(seat.node.clone()),
                span: seat.span,
            }),
        }
    }
    items.extend(statement.tokens.iter().cloned());
    if claims.span.is_none() {
        claims.span = items.first().and_then(|t| at(t.span));
    }
    let row_at = claims.span;
    let mut won = None;
    let mut game = None;
    let mut value: Option<u32> = None;
    let mut doublings = 0;
    let mut passed = false;
    let mut penalty = false;
    let mut ramsch: Option<Vec<(usize, i64)>> = None;
    let mut i = 0;
    while i < items.len() {
        let t = &items[i];
        let span = at(t.span);
        i += 1;
        if let Some(r) = ramsch.as_mut() {
            // After `ramsch`: player and score pairs, besides the other row words.
            if let Token::Word(w) = &t.node
                && let Some(p) = column(players, w)
                && let Some(Token::Number(n)) = items.get(i).map(|x| &x.node)
                && n.unsigned_abs() <= LARGEST.unsigned_abs()
            {
                r.push((p, *n));
                i += 1;
                continue;
            }
        }
        match &t.node {
            Token::Number(n) => match u32::try_from(*n) {
                Ok(v) if value.is_none() && i64::from(v) <= LARGEST => value = Some(v),
                _ => out.push(
                    Diagnostic::error(
                        "S0701",
                        Kind::Incomplete,
                        span.or(row_at),
                        format!("deal {number}: `{n}` is not a game value (one value, not negative)"),
                    )
                    .with_help("a row writes the game's value; the totals follow `=`"),
                ),
            },
            Token::Text(s) => {
                if claims.reference.is_none() {
                    claims.reference = Some(s.clone());
                } else {
                    out.push(unknown(span.or(row_at), t, number));
                }
            }
            Token::Card(_) => out.push(unknown(span.or(row_at), t, number)),
            Token::Word(w) => {
                let lw = w.to_lowercase();
                if let Some(o) = outcome(&lw) {
                    won = Some(o);
                    continue;
                }
                match lw.as_str() {
                    "passed" | "pass" | "passe" => passed = true,
                    "ramsch" | "ramsh" => ramsch = Some(Vec::new()),
                    "penalty" => penalty = true,
                    "ref" => {}
                    "bock" => claims.bock = true,
                    "kontra" | "contra" => doublings += 1,
                    "re" | "rekontra" => doublings += 1,
                    "sixty" => claims.sixty = true,
                    "jungfrau" | "virgin" => claims.jungfrau = true,
                    "durchmarsch" => claims.durchmarsch = true,
                    "dealer" | "dealt" | "deals" => {
                        let next = items.get(i);
                        match next.and_then(|x| word(&x.node)).and_then(|w| column(players, &w)) {
                            Some(d) => {
                                claims.dealer = Some((d, next.and_then(|x| at(x.span)).or(span)));
                                i += 1;
                            }
                            None => out.push(
                                Diagnostic::error(
                                    "S0701",
                                    Kind::Incomplete,
                                    span.or(row_at),
                                    format!(
                                        "deal {number}: `dealer` is not followed by a player of the sheet"
                                    ),
                                )
                                .with_help(format!("the players: {}", players.join(" "))),
                            ),
                        }
                    }
                    _ => match decl_word(&lw) {
                        Some(DeclWord::Game(g)) => game = Some(g),
                        Some(DeclWord::Hand) => {
                            claims.hand = true;
                            claims.levels[0] = true;
                        }
                        Some(DeclWord::Schneider) => claims.levels[1] = true,
                        Some(DeclWord::Schwarz) => claims.levels[2] = true,
                        Some(DeclWord::Ouvert) => claims.levels[3] = true,
                        _ => out.push(unknown(span.or(row_at), t, number)),
                    },
                }
            }
        }
    }
    let kind = if penalty {
        EntryKind::Penalty
    } else if let Some(r) = ramsch {
        EntryKind::Ramsch(r)
    } else if passed {
        EntryKind::Passed
    } else {
        match (declarer, won, value) {
            (Some(d), Some(w), Some(v)) => EntryKind::Game {
                declarer: d,
                won: w,
                game,
                value: v,
                score: plain_score(profile, w, claims.hand, v, doublings),
            },
            _ if claims.reference.is_some() && declarer.is_none() && won.is_none() => {
                // A bare link: the hand's record says what the deal was.
                claims.bare = true;
                EntryKind::Passed
            }
            _ => {
                let missing = [
                    (declarer.is_none(), "the declarer (a player of the sheet)"),
                    (won.is_none(), "`won` or `lost`"),
                    (value.is_none(), "the game value"),
                ]
                .into_iter()
                .filter(|(m, _)| *m)
                .map(|(_, s)| s)
                .collect::<Vec<_>>()
                .join(", ");
                out.push(
                    Diagnostic::error(
                        "S0701",
                        Kind::Incomplete,
                        row_at,
                        format!("deal {number}: the row lacks {missing}"),
                    )
                    .with_help("a game row reads `A won 33`; other rows `passed`, `ramsch B -70`, `penalty`"),
                );
                EntryKind::Passed
            }
        }
    };
    claims.doublings = doublings;
    read_totals(players, &statement.figure, number, &mut claims, out);
    (
        Entry {
            number,
            dealer: None,
            kind,
            bock: false,
        },
        claims,
    )
}

fn unknown(span: Option<Span>, t: &Spanned<Token>, number: u32) -> Diagnostic {
    let shown = match &t.node {
        Token::Word(w) => w.clone(),
        Token::Number(n) => n.to_string(),
        Token::Text(s) => format!("\"{s}\""),
        Token::Card(_) => "a card".to_string(),
    };
    Diagnostic::error(
        "S0701",
        Kind::Incomplete,
        span,
        format!("deal {number}: `{shown}` is no word of a Skat sheet row"),
    )
    .with_help(
        "row words: a player, won, lost, the game and its levels, the value, kontra, re, bock, \
         dealer PLAYER, passed, ramsch PLAYER SCORE …, penalty, ref \"ID\"",
    )
}

/// The figure of a row, `= A 33 B -7`: player and running total pairs.
fn read_totals(
    players: &[String],
    figure: &[Spanned<Token>],
    number: u32,
    claims: &mut RowClaims,
    out: &mut Vec<Diagnostic>,
) {
    let mut it = figure.iter();
    while let Some(t) = it.next() {
        let name = match &t.node {
            Token::Word(w) => w,
            _ => {
                out.push(bad_total(at(t.span).or(claims.span), number, players));
                continue;
            }
        };
        let Some(p) = column(players, name) else {
            out.push(bad_total(at(t.span).or(claims.span), number, players));
            continue;
        };
        match it.next() {
            Some(Spanned {
                node: Token::Number(n),
                span,
            }) => claims.totals.push((p, *n, at(*span))),
            _ => out.push(bad_total(at(t.span).or(claims.span), number, players)),
        }
    }
}

fn bad_total(span: Option<Span>, number: u32, players: &[String]) -> Diagnostic {
    Diagnostic::error(
        "S0701",
        Kind::Incomplete,
        span,
        format!("deal {number}: the running totals are pairs of a player and a number"),
    )
    .with_help(format!(
        "write `= {} 33`; the players: {}",
        players.first().map_or("A", String::as_str),
        players.join(" ")
    ))
}
