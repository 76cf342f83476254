//! The score sheet of a Chouette Bezique sitting: a record's `sheet` section read into one
//! game per row, checked against the order of precedence (who is in the box, who is
//! captain), the payments of each game, the running and final totals, and each linked
//! hand's record.
//!
//! A row is `Ann won 1320 captain Bob` (the box, his outcome, the game's value, the
//! captain), `Ann lost 1420 captain Bob`, `Ann tied captain Bob`, with `ref "…"` for a link
//! and the running totals as its figure (`= Ann 3960 Bob -1320 …`). spec/rules/bezique.md
//! §3f gives the words and the rules.

use notation::{Claim, Diagnostic, Kind, Record, Span, Spanned, Token};

use crate::bezique::rules::{self, Profile};
use crate::skat::sheet::settle::Method;
use crate::skat::sheet::{PlayerLine, RowFinding, ScoredRow, ScoredSheet, Scoring, Settlement, rank};

use super::{Order, Outcome, payments};

/// The largest value a row may write: far beyond any game of Eight-Pack, and small enough
/// that no sum of a sheet's rows overflows.
const LARGEST: u32 = 100_000_000;

fn at(span: Span) -> Option<Span> {
    (span != Span::default()).then_some(span)
}

/// The index of a player named `label` (exact, then ignoring case).
fn column(players: &[String], label: &str) -> Option<usize> {
    players
        .iter()
        .position(|p| p == label)
        .or_else(|| players.iter().position(|p| p.eq_ignore_ascii_case(label)))
}

/// One row as written.
#[derive(Clone, Debug, Default)]
struct Row {
    number: u32,
    span: Option<Span>,
    in_box: Option<usize>,
    captain: Option<usize>,
    outcome: Option<Outcome>,
    value: Option<u32>,
    reference: Option<String>,
    totals: Vec<(usize, i64, Option<Span>)>,
}

/// The profiles a sitting may be played under: those whose every deal is a game (000:722,
/// Rubicon, Six-Pack or Eight-Pack).
fn chouette_profile(profile: &Profile) -> bool {
    profile.options.per_deal.is_some()
}

/// The findings of a sheet record, as `stich check` gives them (each record alone, so
/// linked hands are not at hand).
pub fn check(record: &Record, profile: &Profile) -> Vec<Diagnostic> {
    check_with_hands(record, profile, &[]).1
}

/// Checks a Chouette sheet with the records of its hands where there are any (by a row's
/// `ref`, or by the `Sitting` and `Deal` tags), and scores it: the scored sheet with each
/// finding at its row, and every finding.
pub fn check_with_hands(
    record: &Record,
    profile: &Profile,
    hands: &[&Record],
) -> (Option<ScoredSheet>, Vec<Diagnostic>) {
    let mut sheet_level = Vec::new();
    let Some(section) = record.sheet.as_ref() else {
        return (None, sheet_level);
    };
    if !chouette_profile(profile) {
        sheet_level.push(
            Diagnostic::error(
                "B0702",
                Kind::Incomplete,
                record
                    .tag_item("Rules")
                    .and_then(|t| at(t.value.span))
                    .or(at(section.span)),
                format!(
                    "a Bezique sheet is a Chouette sitting, played under Rubicon, Six-Pack or Eight-Pack; `{}` is not one of them",
                    profile.name
                ),
            )
            .with_help("write [Rules \"rubicon\"], [Rules \"six-pack\"] or [Rules \"eight-pack\"]"),
        );
        return (None, sheet_level);
    }
    let Some(players) = players(record, section.span, &mut sheet_level) else {
        return (None, sheet_level);
    };
    let n = players.len();
    let mut rows = Vec::with_capacity(section.items.rows.len());
    let mut at_row: Vec<Vec<Diagnostic>> = Vec::new();
    let mut expected = 1u32;
    for r in &section.items.rows {
        let mut found = Vec::new();
        let number = match &r.number {
            Some(written) => {
                if written.node != expected {
                    found.push(
                        Diagnostic::warning(
                            "B0710",
                            at(written.span),
                            format!("game {} is numbered {}", expected, written.node),
                        )
                        .with_help("rows are the games in order, numbered from 1"),
                    );
                }
                written.node
            }
            None => expected,
        };
        expected = number.saturating_add(1);
        rows.push(row(&players, &r.statement, number, &mut found));
        at_row.push(found);
    }
    let name = |p: usize| players.get(p).cloned().unwrap_or_default();
    // The rotation, the payments and the running totals.
    let mut order = Order::drawn((0..n).collect());
    let mut totals = vec![0i64; n];
    let mut won = vec![0u32; n];
    let mut lost = vec![0u32; n];
    let mut scored_rows = Vec::with_capacity(rows.len());
    for (r, found) in rows.iter().zip(at_row.iter_mut()) {
        let (want_box, want_captain) = (order.in_box(), order.captain());
        if let (Some(b), Some(c)) = (r.in_box, r.captain) {
            if Some(b) != want_box || Some(c) != want_captain {
                let want = format!(
                    "{} in the box, {} captain",
                    want_box.map_or_else(String::new, name),
                    want_captain.map_or_else(String::new, name)
                );
                found.push(
                    Diagnostic::error(
                        "B0704",
                        Kind::Inconsistent,
                        r.span,
                        format!(
                            "game {}: the row has {} in the box and {} captain, but the order of precedence gives {want}",
                            r.number,
                            name(b),
                            name(c)
                        ),
                    )
                    .with_figures(format!("{} captain {}", name(b), name(c)), want)
                    .with_help("the box who wins stays and the captain goes last; the box who loses goes last and the captain takes the box"),
                );
                // Carry on from the row as written, so that one slip is one finding.
                let mut rest: Vec<usize> = order
                    .players()
                    .iter()
                    .copied()
                    .filter(|&p| p != b && p != c)
                    .collect();
                rest.insert(0, c);
                rest.insert(0, b);
                order = Order::drawn(rest);
            }
            if b == c {
                found.push(Diagnostic::error(
                    "B0701",
                    Kind::Incomplete,
                    r.span,
                    format!(
                        "game {}: {} cannot be both the box and the captain",
                        r.number,
                        name(b)
                    ),
                ));
            }
        }
        if let (Some(v), Some(o)) = (r.value, r.outcome)
            && o != Outcome::Tied
            && !value_possible(profile, v)
        {
            found.push(
                Diagnostic::error(
                    "B0707",
                    Kind::Inconsistent,
                    r.span,
                    format!("game {}: no game of `{}` is worth {v}", r.number, profile.name),
                )
                .with_help(value_help(profile)),
            );
        }
        link(record, profile, r, &players, hands, found);
        let in_box = r.in_box.or(order.in_box());
        let captain = r.captain.or(order.captain());
        let points = match (in_box, r.outcome) {
            (Some(b), Some(o)) => payments(n, b, r.value.unwrap_or(0), o),
            _ => vec![0; n],
        };
        for (t, p) in totals.iter_mut().zip(&points) {
            *t = t.saturating_add(*p);
        }
        for &(p, claimed, span) in &r.totals {
            let computed = totals.get(p).copied().unwrap_or(0);
            if computed != claimed {
                found.push(
                    Diagnostic::error(
                        "B0705",
                        Kind::Inconsistent,
                        span.or(r.span),
                        format!(
                            "game {}: {}'s running total is {computed}, not {claimed}",
                            r.number,
                            name(p)
                        ),
                    )
                    .with_figures(claimed, computed),
                );
            }
        }
        if let (Some(b), Some(c), Some(o)) = (in_box, captain, r.outcome) {
            let (winner, loser) = match o {
                Outcome::BoxWon => (Some(b), Some(c)),
                Outcome::BoxLost => (Some(c), Some(b)),
                Outcome::Tied => (None, None),
            };
            if let Some(w) = winner.and_then(|w| won.get_mut(w)) {
                *w += 1;
            }
            if let Some(l) = loser.and_then(|l| lost.get_mut(l)) {
                *l += 1;
            }
        }
        if let Some(o) = r.outcome {
            order.after(o);
        }
        scored_rows.push(ScoredRow {
            number: r.number,
            kind: "chouette".to_string(),
            dealer: None,
            declarer: in_box.map(name),
            game: None,
            won: match r.outcome {
                Some(Outcome::BoxWon) => Some(true),
                Some(Outcome::BoxLost) => Some(false),
                _ => None,
            },
            value: r.value,
            levels: Vec::new(),
            bock: false,
            points,
            totals: totals.clone(),
            findings: found.iter().map(finding).collect(),
            captain: captain.map(name),
        });
    }
    if let Some(result) = &record.result {
        for claim in &result.items {
            result_claim(claim, &players, &totals, &mut sheet_level);
        }
    }
    let mut lines: Vec<PlayerLine> = (0..n)
        .map(|i| PlayerLine {
            name: name(i),
            score: totals.get(i).copied().unwrap_or(0),
            won: won.get(i).copied().unwrap_or(0),
            lost: lost.get(i).copied().unwrap_or(0),
            rank: 0,
        })
        .collect();
    rank(&mut lines);
    let id = record
        .tag("Sitting")
        .or_else(|| record.tag("Event"))
        .unwrap_or_default()
        .to_string();
    let scored = ScoredSheet {
        id,
        scoring: Scoring::Plain,
        players: lines,
        rows: scored_rows,
        settlement: Settlement {
            method: Method::Paid,
            amounts: totals.clone(),
            exact: true,
        },
        findings: sheet_level.iter().map(finding).collect(),
        notes: vec![format!(
            "Chouette Bezique ({}): each game paid in full by or to every opponent of the box",
            profile.name
        )],
    };
    let mut all = sheet_level;
    all.extend(at_row.into_iter().flatten());
    all.sort_by_key(|d| d.span.map_or((0, 0), |sp| (sp.line, sp.column)));
    (Some(scored), all)
}

/// The players in their order of precedence as drawn: the `Chouette` tag's names, which
/// must be the sheet's columns; without the tag, the columns in their order.
fn players(record: &Record, section: Span, out: &mut Vec<Diagnostic>) -> Option<Vec<String>> {
    let columns: Vec<String> = record
        .sheet
        .as_ref()
        .and_then(|s| s.items.columns.as_ref())
        .map(|c| c.iter().map(|s| s.node.clone()).collect())
        .unwrap_or_default();
    let bad = |span: Option<Span>, message: String| {
        Diagnostic::error("B0703", Kind::Incomplete, span, message).with_help(
            "name the players after `sheet columns`, and in [Chouette \"…\"] in the order they drew: the box first, the captain second",
        )
    };
    if columns.len() < 3 {
        out.push(bad(
            at(section),
            format!(
                "a Chouette sitting needs three or more players; the sheet has {}",
                columns.len()
            ),
        ));
        return None;
    }
    if let Some(twice) = columns
        .iter()
        .enumerate()
        .find(|(i, c)| columns.iter().skip(i + 1).any(|d| d.eq_ignore_ascii_case(c)))
    {
        out.push(bad(
            at(section),
            format!("the player `{}` is named twice", twice.1),
        ));
        return None;
    }
    let Some(tag) = record.tag_item("Chouette") else {
        return Some(columns);
    };
    let drawn: Vec<&str> = tag.value.node.split_whitespace().collect();
    let mut order = Vec::with_capacity(drawn.len());
    for d in &drawn {
        match column(&columns, d) {
            Some(i) if !order.contains(&i) => order.push(i),
            Some(_) => {
                out.push(bad(
                    at(tag.value.span),
                    format!("the Chouette tag names `{d}` twice"),
                ));
                return None;
            }
            None => {
                out.push(bad(
                    at(tag.value.span),
                    format!("the Chouette tag names `{d}`, who is not a column of the sheet"),
                ));
                return None;
            }
        }
    }
    if order.len() != columns.len() {
        let missing: Vec<&str> = columns
            .iter()
            .enumerate()
            .filter(|(i, _)| !order.contains(i))
            .map(|(_, c)| c.as_str())
            .collect();
        out.push(bad(
            at(tag.value.span),
            format!("the Chouette tag leaves out {}", missing.join(", ")),
        ));
        return None;
    }
    Some(
        order
            .into_iter()
            .filter_map(|i| columns.get(i).cloned())
            .collect(),
    )
}

/// Reads one row.
fn row(players: &[String], statement: &notation::Statement, number: u32, out: &mut Vec<Diagnostic>) -> Row {
    let mut r = Row {
        number,
        ..Row::default()
    };
    let mut items: Vec<Spanned<Token>> = Vec::new();
    if let Some(seat) = &statement.seat {
        items.push(Spanned {
            node: Token::Word(seat.node.clone()),
            span: seat.span,
        });
    }
    items.extend(statement.tokens.iter().cloned());
    r.span = items.first().and_then(|t| at(t.span));
    let unknown = |span: Option<Span>, shown: String| {
        Diagnostic::error(
            "B0701",
            Kind::Incomplete,
            span,
            format!("game {number}: `{shown}` is no word of a Chouette sheet row"),
        )
        .with_help("a row reads `BOX won VALUE captain CAPTAIN` (or `lost`, or `tied` without a value), and may add `ref \"ID\"`")
    };
    let mut i = 0;
    while let Some(t) = items.get(i) {
        let span = at(t.span).or(r.span);
        i += 1;
        match &t.node {
            Token::Number(v) => match u32::try_from(*v) {
                Ok(v) if r.value.is_none() && v <= LARGEST => r.value = Some(v),
                _ => out.push(
                    Diagnostic::error(
                        "B0701",
                        Kind::Incomplete,
                        span,
                        format!("game {number}: `{v}` is not a game's value (one value, not negative)"),
                    )
                    .with_help("a row writes the game's value once; the running totals follow `=`"),
                ),
            },
            Token::Text(s) if r.reference.is_none() => r.reference = Some(s.clone()),
            Token::Text(s) => out.push(unknown(span, format!("\"{s}\""))),
            Token::Card(_) => out.push(unknown(span, "a card".to_string())),
            Token::Word(w) => {
                let lw = w.to_lowercase();
                match lw.as_str() {
                    "won" | "wins" => r.outcome = Some(Outcome::BoxWon),
                    "lost" | "loses" => r.outcome = Some(Outcome::BoxLost),
                    "tied" | "tie" => r.outcome = Some(Outcome::Tied),
                    "ref" => {}
                    "box" | "captain" => {
                        let next = items.get(i);
                        let who = next.and_then(|x| match &x.node {
                            Token::Word(w) => column(players, w),
                            _ => None,
                        });
                        match who {
                            Some(p) => {
                                i += 1;
                                if lw == "box" {
                                    r.in_box = Some(p);
                                } else {
                                    r.captain = Some(p);
                                }
                            }
                            None => out.push(
                                Diagnostic::error(
                                    "B0701",
                                    Kind::Incomplete,
                                    span,
                                    format!("game {number}: `{lw}` is not followed by a player of the sheet"),
                                )
                                .with_help(format!("the players: {}", players.join(" "))),
                            ),
                        }
                    }
                    _ => match column(players, w) {
                        Some(p) if r.in_box.is_none() => r.in_box = Some(p),
                        _ => out.push(unknown(span, w.clone())),
                    },
                }
            }
        }
    }
    let missing: Vec<&str> = [
        (r.in_box.is_none(), "the player in the box"),
        (r.captain.is_none(), "the captain (`captain NAME`)"),
        (r.outcome.is_none(), "`won`, `lost` or `tied`"),
        (
            r.value.is_none() && r.outcome != Some(Outcome::Tied),
            "the game's value",
        ),
    ]
    .into_iter()
    .filter(|(m, _)| *m)
    .map(|(_, s)| s)
    .collect();
    if !missing.is_empty() {
        out.push(
            Diagnostic::error(
                "B0701",
                Kind::Incomplete,
                r.span,
                format!("game {number}: the row lacks {}", missing.join(", ")),
            )
            .with_help(
                "a row reads `BOX won VALUE captain CAPTAIN`; the rotation after it depends on who won",
            ),
        );
    }
    read_totals(players, &statement.figure, &mut r, out);
    r
}

/// The figure of a row, `= Ann 3960 Bob -1320`: player and running total pairs.
fn read_totals(players: &[String], figure: &[Spanned<Token>], r: &mut Row, out: &mut Vec<Diagnostic>) {
    let mut it = figure.iter();
    while let Some(t) = it.next() {
        let p = match &t.node {
            Token::Word(w) => column(players, w),
            _ => None,
        };
        match (p, it.next()) {
            (
                Some(p),
                Some(Spanned {
                    node: Token::Number(n),
                    span,
                }),
            ) => r.totals.push((p, *n, at(*span))),
            _ => {
                out.push(
                    Diagnostic::error(
                        "B0701",
                        Kind::Incomplete,
                        at(t.span).or(r.span),
                        format!(
                            "game {}: the running totals are pairs of a player and a number",
                            r.number
                        ),
                    )
                    .with_help(format!("the players: {}", players.join(" "))),
                );
                return;
            }
        }
    }
}

/// Whether some game of the profile is worth `value`: what the winner scores less what the
/// loser scores (§3f), each in whole units. Without a rubicon that is the winner's bonus and
/// a number of units (the winner's points are at least the loser's); with one, the loser
/// scores nothing, and the winner's whole score is his and the loser's points in units, the
/// rubicon bonus and the brisques' fixed figure.
pub fn value_possible(profile: &Profile, value: u32) -> bool {
    let Some(g) = profile.options.per_deal else {
        return false;
    };
    let unit = g.unit.max(1);
    let fits = |base: u32| value >= base && (value - base).is_multiple_of(unit);
    fits(g.bonus) || fits(g.rubicon_bonus.saturating_add(g.rubicon_brisques))
}

fn value_help(profile: &Profile) -> String {
    match profile.options.per_deal {
        Some(g) => format!(
            "the value is the winner's score less the loser's: {} and whole {}s, or in a rubicon {} and whole {}s",
            g.bonus,
            g.unit,
            g.rubicon_bonus.saturating_add(g.rubicon_brisques),
            g.unit
        ),
        None => String::new(),
    }
}

/// Checks a row against the hand's record it links, when that record is in the input: the
/// hand's two players (its `E` and `D` tags) are the box and the captain, its winner is the
/// one the row says, and its value (the winner's score less the loser's) is the row's.
fn link(
    record: &Record,
    profile: &Profile,
    r: &Row,
    players: &[String],
    hands: &[&Record],
    out: &mut Vec<Diagnostic>,
) {
    let by_ref = r.reference.as_deref().and_then(|id| {
        hands
            .iter()
            .find(|h| id.len() >= 8 && h.sheet.is_none() && notation::content_id(h).starts_with(id))
    });
    let by_tags = record.tag("Sitting").and_then(|name| {
        hands.iter().find(|h| {
            h.sheet.is_none()
                && h.tag("Sitting") == Some(name)
                && h.tag("Deal").and_then(|d| d.trim().parse::<u32>().ok()) == Some(r.number)
        })
    });
    let Some(hand) = by_ref.or(by_tags) else {
        if r.reference.is_some() {
            out.push(if hands.is_empty() {
                Diagnostic::note(
                    "B0709",
                    r.span,
                    format!(
                        "game {}: the row links its hand's record, which `stich sheet` reads beside the sheet; the row is taken as written",
                        r.number
                    ),
                )
            } else {
                Diagnostic::warning(
                    "B0709",
                    r.span,
                    format!("game {}: no record with this content id is in the input", r.number),
                )
            });
        }
        return;
    };
    let hand_profile = hand.tag("Rules").and_then(rules::by_name).unwrap_or(profile);
    let (replay, _) = crate::bezique::check(hand, hand_profile);
    let name = |p: usize| players.get(p).cloned().unwrap_or_default();
    let mut differ = Vec::new();
    if hand_profile.name != profile.name {
        differ.push(format!("it is played under `{}`", hand_profile.name));
    }
    // The hand names its players by seat: `[E "Ann"]`, `[D "Bob"]`.
    let seat_player: Vec<Option<usize>> = replay
        .seats
        .iter()
        .map(|s| hand.tag(s).and_then(|p| column(players, p)))
        .collect();
    let table: Vec<Option<usize>> = vec![r.in_box, r.captain];
    let mut held: Vec<Option<usize>> = seat_player.clone();
    held.sort();
    let mut want = table.clone();
    want.sort();
    if seat_player.iter().any(Option::is_none) {
        differ.push(format!(
            "its players are not named by seat as players of the sheet ({})",
            replay
                .seats
                .iter()
                .map(|s| format!("[{s} \"…\"]"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
    } else if held != want {
        differ.push(format!(
            "its players are {}",
            seat_player
                .iter()
                .flatten()
                .map(|&p| name(p))
                .collect::<Vec<_>>()
                .join(" and ")
        ));
    }
    let result = &replay.result;
    let games: Vec<i64> = result.sides.iter().map(|s| s.game.unwrap_or(0)).collect();
    let winner_seat = result
        .game_won_by
        .as_ref()
        .and_then(|w| replay.seats.iter().position(|s| s == w));
    let hand_winner = winner_seat.and_then(|i| seat_player.get(i).copied().flatten());
    let row_winner = match r.outcome {
        Some(Outcome::BoxWon) => r.in_box,
        Some(Outcome::BoxLost) => r.captain,
        _ => None,
    };
    if r.outcome.is_some() && winner_seat.is_some() != (row_winner.is_some()) {
        differ.push(if winner_seat.is_some() {
            "it has a winner".to_string()
        } else {
            "it is a tie".to_string()
        });
    } else if let (Some(h), Some(w)) = (hand_winner, row_winner)
        && h != w
    {
        differ.push(format!("{} won it", name(h)));
    }
    if let (Some(w), Some(v)) = (winner_seat, r.value)
        && r.outcome != Some(Outcome::Tied)
    {
        let loser = games
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != w)
            .map(|(_, g)| *g)
            .max();
        let computed = games.get(w).copied().unwrap_or(0) - loser.unwrap_or(0);
        if computed != i64::from(v) {
            differ.push(format!("its value is {computed}"));
        }
    }
    if !result.complete {
        differ.push("its play is not complete".to_string());
    }
    if !differ.is_empty() {
        out.push(
            Diagnostic::error(
                "B0708",
                Kind::Inconsistent,
                r.span,
                format!("game {}: the hand's record differs: {}", r.number, differ.join("; ")),
            )
            .with_help("the row is checked against the replay of the record its `ref` or `Sitting` and `Deal` tags link"),
        );
    }
}

/// Compares a result claim with the final totals: `totals` (also `settlement`, the same
/// figures, since every game was paid when played).
fn result_claim(claim: &Claim, players: &[String], totals: &[i64], out: &mut Vec<Diagnostic>) {
    let key = claim.key.node.to_lowercase();
    if !matches!(key.as_str(), "totals" | "total" | "settlement") {
        out.push(
            Diagnostic::warning(
                "B0711",
                at(claim.key.span),
                format!(
                    "`{}` is not a claim of a Chouette sheet; it is not checked",
                    claim.key.node
                ),
            )
            .with_help("a Chouette sheet's result claims: totals, settlement"),
        );
        return;
    }
    let mut it = claim.values.iter();
    while let Some(t) = it.next() {
        let p = match &t.node {
            Token::Word(w) => column(players, w),
            _ => None,
        };
        let (Some(p), Some(Token::Number(claimed))) = (p, it.next().map(|x| &x.node)) else {
            out.push(
                Diagnostic::error(
                    "B0701",
                    Kind::Incomplete,
                    at(claim.key.span),
                    format!("`{}` needs pairs of a player and a number", claim.key.node),
                )
                .with_help(format!("the players: {}", players.join(" "))),
            );
            return;
        };
        let computed = totals.get(p).copied().unwrap_or(0);
        if computed != *claimed {
            out.push(
                Diagnostic::error(
                    "B0706",
                    Kind::Inconsistent,
                    at(t.span).or(at(claim.key.span)),
                    format!(
                        "{}'s {} is {computed}, not {claimed}",
                        players.get(p).cloned().unwrap_or_default(),
                        if key == "settlement" {
                            "settlement"
                        } else {
                            "total"
                        }
                    ),
                )
                .with_figures(claimed, computed),
            );
        }
    }
}

fn finding(d: &Diagnostic) -> RowFinding {
    RowFinding {
        code: d.code.to_string(),
        severity: match d.severity {
            notation::Severity::Error => "error",
            notation::Severity::Warning => "warning",
            notation::Severity::Note => "note",
        }
        .to_string(),
        message: d.message.clone(),
        line: d.span.map(|s| s.line),
    }
}
