//! The check of a sheet record: every row's value against its game and levels, the dealer
//! rotation, the declarer among the players who hold cards, the running totals, the final
//! totals and the settlement, and each linked hand's record against its row.

use notation::{Claim, Diagnostic, Kind, Record, Span, Token};

use crate::skat::model::{GameType, SkatUse};
use crate::skat::rules::Profile;

use super::house::{self, Bock, Trigger};
use super::read::{self, RowClaims, column};
use super::settle::{self, Method};
use super::{Entry, EntryKind, RowFinding, ScoredSheet, Scoring, Table, score_from};

fn at(span: Span) -> Option<Span> {
    (span != Span::default()).then_some(span)
}

/// A sheet record read: its table, entries, what each row claims, and the sheet's options.
#[derive(Clone, Debug)]
pub struct ReadSheet {
    /// The sheet's name (`Sitting`, else `Event`, else empty).
    pub id: String,
    /// The players.
    pub table: Table,
    /// One entry per row.
    pub entries: Vec<Entry>,
    /// What each row claims.
    pub claims: Vec<RowClaims>,
    /// The scoring the record's figures are written in (`Options "scoring …"`).
    pub figures: Scoring,
    /// The settlement method (`Options "settle …"`).
    pub settle: Method,
    /// The totals the sheet starts from (`Standing`), in the players' order.
    pub opening: Vec<i64>,
    /// Bock rounds (`Options "bock …, ramsch-after-bock n"`).
    pub bock: Bock,
    /// Ramsch rows are scored by seed 004's rule (`Options "ramsch seed-004"`).
    pub ramsch_004: bool,
}

/// The `Options` tag as key and value pairs.
fn options(record: &Record) -> Vec<(String, String)> {
    record
        .tag("Options")
        .map(|o| {
            o.split(',')
                .filter_map(|item| {
                    let mut words = item.split_whitespace();
                    let key = words.next()?.to_lowercase();
                    Some((key, words.collect::<Vec<_>>().join(" ").to_lowercase()))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Reads a sheet record's rows and options; findings for what cannot be read.
pub fn sheet_of(record: &Record, profile: &Profile, out: &mut Vec<Diagnostic>) -> Option<ReadSheet> {
    let section = record.sheet.as_ref()?;
    let sheet = &section.items;
    let players: Vec<String> = sheet
        .columns
        .as_ref()
        .map(|c| c.iter().map(|s| s.node.clone()).collect())
        .unwrap_or_default();
    if !(3..=5).contains(&players.len()) {
        out.push(
            Diagnostic::error(
                "S0709",
                Kind::Incomplete,
                at(section.span),
                format!(
                    "a Skat sheet needs the names of three, four or five players; it has {}",
                    players.len()
                ),
            )
            .with_help("name the players after the keyword, in seating order: `sheet    columns A B C`"),
        );
        return None;
    }
    let mut figures = Scoring::Plain;
    let mut settle = Method::Pairs;
    let mut bock = Bock::default();
    let mut ramsch_after = None;
    let mut ramsch_004 = false;
    for (key, value) in options(record) {
        match key.as_str() {
            "bock" => {
                for word in value.split_whitespace() {
                    match Trigger::from_name(word) {
                        Some(t) => bock.triggers.push(t),
                        None => out.push(bad_option(
                            record,
                            &key,
                            word,
                            "kontra-lost, sixty, grand-hand, hundred",
                        )),
                    }
                }
            }
            "ramsch-after-bock" => match value.parse::<u32>() {
                Ok(v) => ramsch_after = Some(v),
                Err(_) => out.push(bad_option(
                    record,
                    &key,
                    &value,
                    "a number of Bock rounds, 0 for none",
                )),
            },
            "ramsch" => match value.as_str() {
                "seed-004" | "isko-house" => ramsch_004 = true,
                _ => out.push(bad_option(record, &key, &value, "seed-004")),
            },
            "scoring" => match Scoring::from_name(&value) {
                Some(s) => figures = s,
                None => out.push(bad_option(record, &key, &value, "plain, seeger-fabian")),
            },
            "settle" => match Method::from_name(&value) {
                Some(m) => settle = m,
                None => out.push(bad_option(record, &key, &value, "pairs, lowest, average")),
            },
            _ => {}
        }
    }
    let first = match record.tag_item("Dealer") {
        None => 0,
        Some(t) => match column(&players, &t.value.node) {
            Some(i) => i,
            None => {
                out.push(
                    Diagnostic::error(
                        "S0709",
                        Kind::Incomplete,
                        at(t.value.span),
                        format!("the first dealer `{}` is not a player of the sheet", t.value.node),
                    )
                    .with_help(format!("the players: {}", players.join(" "))),
                );
                0
            }
        },
    };
    // Seed 004, §Bockrounds: "After every third bockround there is a compulsory round of
    // Ramsch".
    bock.ramsch_after = ramsch_after.unwrap_or(3);
    let opening = standing(record, &players, out);
    let table = Table { players };
    let n = table.players.len();
    let mut entries = Vec::with_capacity(sheet.rows.len());
    let mut claims = Vec::with_capacity(sheet.rows.len());
    let mut expected = 1u32;
    for r in &sheet.rows {
        let number = match &r.number {
            Some(written) => {
                if written.node != expected {
                    out.push(
                        Diagnostic::warning(
                            "S0708",
                            at(written.span),
                            format!("deal {} is numbered {}", expected, written.node),
                        )
                        .with_help("rows are the deals in order, numbered from 1"),
                    );
                }
                written.node
            }
            None => expected,
        };
        expected = number.saturating_add(1);
        let (mut entry, claim) = read::row(profile, &table.players, &r.statement, number, out);
        let dealer = (first + number.saturating_sub(1) as usize) % n;
        entry.dealer = Some(dealer);
        entry.bock = claim.bock;
        entries.push(entry);
        claims.push(claim);
    }
    let id = record
        .tag("Sitting")
        .or_else(|| record.tag("Event"))
        .unwrap_or_default()
        .to_string();
    Some(ReadSheet {
        id,
        table,
        entries,
        claims,
        figures,
        settle,
        opening,
        bock,
        ramsch_004,
    })
}

/// The totals a sheet starts from: `[Standing "A 186, B 42, C 344, D 116"]`.
fn standing(record: &Record, players: &[String], out: &mut Vec<Diagnostic>) -> Vec<i64> {
    let mut opening = vec![0i64; players.len()];
    let Some(tag) = record.tag_item("Standing") else {
        return opening;
    };
    for item in tag.value.node.split(',') {
        let mut words = item.split_whitespace();
        let parsed = match (words.next(), words.next(), words.next()) {
            (Some(name), Some(n), None) => column(players, name).zip(
                n.trim_start_matches('+')
                    .parse::<i64>()
                    .ok()
                    .filter(|n| n.unsigned_abs() <= 1_000_000_000_000),
            ),
            _ => None,
        };
        match parsed {
            Some((p, n)) => {
                if let Some(slot) = opening.get_mut(p) {
                    *slot = n;
                }
            }
            None => out.push(
                Diagnostic::error(
                    "S0709",
                    Kind::Incomplete,
                    at(tag.value.span),
                    format!("the standing `{}` is not a player and a number", item.trim()),
                )
                .with_help("`[Standing \"A 186, B 42, C 344\"]`: each player's total so far"),
            ),
        }
    }
    opening
}

fn bad_option(record: &Record, key: &str, value: &str, known: &str) -> Diagnostic {
    Diagnostic::error(
        "S0709",
        Kind::Incomplete,
        record.tag_item("Options").and_then(|t| at(t.value.span)),
        format!("the sheet option `{key} {value}` is not known"),
    )
    .with_help(format!("`{key}` takes one of: {known}"))
}

/// Whether `value` is a value some game of the profile can have with what the row names.
pub fn value_possible(
    profile: &Profile,
    game: Option<GameType>,
    levels: [bool; 4],
    won: bool,
    value: u32,
) -> bool {
    let [hand, schneider, schwarz, ouvert] = levels;
    let Some(game) = game else {
        if profile.game_values().binary_search(&value).is_ok() {
            return true;
        }
        // A lost game may be lost at the overbid value: a multiple of a base value up to
        // the highest bid.
        return !won && overbid_possible(profile, None, value);
    };
    let uses: Vec<SkatUse> = if hand {
        vec![SkatUse::Hand]
    } else {
        vec![SkatUse::Pickup, SkatUse::Turned, SkatUse::SecondTurn]
    };
    if game == GameType::Null {
        return uses.iter().any(|&u| profile.null_value(u, ouvert) == Some(value));
    }
    let named = 1 + u32::from(hand) + u32::from(schneider) + u32::from(schwarz) + u32::from(ouvert);
    for &u in &uses {
        let Some(base) = profile.base_value(game, u, ouvert) else {
            continue;
        };
        if base == 0 || !value.is_multiple_of(base) {
            continue;
        }
        let k = value / base;
        let reachable = (1..=Profile::max_matadors(game))
            .any(|m| profile.reachable_multipliers(m, u, ouvert).contains(&k));
        // Each level the row names adds at least one to the multiplier, on top of one
        // matador.
        if reachable && k > named {
            return true;
        }
    }
    !won && overbid_possible(profile, Some(game), value)
}

/// An overbid game is lost at the smallest multiple of its base value that reaches the bid,
/// so at most the highest bid plus one base.
fn overbid_possible(profile: &Profile, game: Option<GameType>, value: u32) -> bool {
    let top = profile.bid_table.last().copied().unwrap_or(0);
    let games: Vec<GameType> = match game {
        Some(g) => vec![g],
        None => GameType::ALL
            .into_iter()
            .filter(|g| *g != GameType::Null)
            .collect(),
    };
    games.into_iter().any(|g| {
        [
            SkatUse::Hand,
            SkatUse::Pickup,
            SkatUse::Turned,
            SkatUse::SecondTurn,
        ]
        .into_iter()
        .filter_map(|u| profile.base_value(g, u, false))
        .any(|b| b > 0 && value.is_multiple_of(b) && value / b >= 2 && value < top + b)
    })
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

/// The findings of a sheet record under a profile, as `stich check` gives them (linked
/// hands are checked by [`check_with_hands`]).
pub fn check(record: &Record, profile: &Profile) -> Vec<Diagnostic> {
    check_with_hands(record, profile, &[], Scoring::Plain).1
}

/// Checks a sheet record, with the records of its hands where there are any (found by the
/// `Sitting` and `Deal` tags, or by a row's `ref`), and scores it under `scoring`: the
/// scored sheet with each finding at its row, and every finding.
pub fn check_with_hands(
    record: &Record,
    profile: &Profile,
    hands: &[&Record],
    scoring: Scoring,
) -> (Option<ScoredSheet>, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let Some(mut s) = sheet_of(record, profile, &mut out) else {
        return (None, out);
    };
    // Row findings, by row index.
    let mut at_row: Vec<Vec<Diagnostic>> = vec![Vec::new(); s.entries.len()];
    // Reading findings go to the row whose line they are on.
    let row_lines: Vec<Option<u32>> = s.claims.iter().map(|c| c.span.map(|sp| sp.line)).collect();
    let mut sheet_level = Vec::new();
    for d in out.drain(..) {
        match row_lines
            .iter()
            .position(|l| l.is_some() && *l == d.span.map(|sp| sp.line))
        {
            Some(i) => at_row[i].push(d),
            None => sheet_level.push(d),
        }
    }
    for (i, (e, c)) in s.entries.iter().zip(&s.claims).enumerate() {
        let dealer = e.dealer.unwrap_or(0);
        let name = |p: usize| s.table.players.get(p).cloned().unwrap_or_default();
        if let Some((claimed, span)) = c.dealer
            && claimed != dealer
        {
            at_row[i].push(
                Diagnostic::error(
                    "S0702",
                    Kind::Inconsistent,
                    span.or(c.span),
                    format!(
                        "deal {}: the row names {} as dealer, but the deal passes to the left and it is {}'s turn",
                        e.number,
                        name(claimed),
                        name(dealer)
                    ),
                )
                .with_figures(name(claimed), name(dealer)),
            );
        }
        if let EntryKind::Game {
            declarer,
            won,
            game,
            value,
            ..
        } = &e.kind
        {
            let active = s.table.active(dealer);
            if !active.contains(declarer) {
                at_row[i].push(
                    Diagnostic::error(
                        "S0703",
                        Kind::Inconsistent,
                        c.span,
                        format!(
                            "deal {}: {} holds no cards when {} deals, so cannot be the declarer",
                            e.number,
                            name(*declarer),
                            name(dealer)
                        ),
                    )
                    .with_help(format!(
                        "the players with cards: {}",
                        active.iter().map(|&p| name(p)).collect::<Vec<_>>().join(" ")
                    )),
                );
            }
            if !value_possible(profile, *game, c.levels, *won, *value) {
                let what = game.map_or_else(|| "any game".to_string(), |g| g.word().to_string());
                at_row[i].push(
                    Diagnostic::error(
                        "S0704",
                        Kind::Inconsistent,
                        c.span,
                        format!(
                            "deal {}: {} is not a possible value of {} under `{}` with the levels written",
                            e.number, value, what, profile.name
                        ),
                    )
                    .with_help("a trump game is worth its base value times a multiplier it can reach; a Null its fixed value"),
                );
            }
        }
    }
    house::apply(
        &s.bock,
        s.table.players.len(),
        &mut s.entries,
        &s.claims,
        &mut at_row,
    );
    if s.ramsch_004 {
        for (i, (e, c)) in s.entries.iter().zip(&s.claims).enumerate() {
            if let Some(f) = at_row.get_mut(i) {
                house::check_ramsch(e, c, c.span, f);
            }
        }
    }
    let linked = link_hands(record, profile, &s, hands, &mut at_row);
    for (i, kind) in linked {
        if let Some(e) = s.entries.get_mut(i) {
            e.kind = kind;
        }
    }
    // Running totals in the scoring the figures are written in.
    let claimed_in = score_from(&s.id, &s.table, &s.entries, s.figures, &s.opening);
    let unknown_from = s
        .entries
        .iter()
        .position(|e| e.kind == EntryKind::Unknown)
        .unwrap_or(usize::MAX);
    for (i, (row, c)) in claimed_in.rows.iter().zip(&s.claims).enumerate() {
        if i >= unknown_from {
            break;
        }
        for &(p, total, span) in &c.totals {
            let computed = row.totals.get(p).copied().unwrap_or(0);
            if computed != total {
                at_row[i].push(
                    Diagnostic::error(
                        "S0705",
                        Kind::Inconsistent,
                        span.or(c.span),
                        format!(
                            "deal {}: {}'s running total is {}, not {}",
                            row.number,
                            s.table.players.get(p).cloned().unwrap_or_default(),
                            computed,
                            total
                        ),
                    )
                    .with_figures(total, computed),
                );
            }
        }
    }
    let totals: Vec<i64> = claimed_in.players.iter().map(|p| p.score).collect();
    if let Some(result) = record.result.as_ref().filter(|_| unknown_from == usize::MAX) {
        for claim in &result.items {
            result_claim(claim, &s, &totals, &mut sheet_level);
        }
    }
    let mut scored = score_from(&s.id, &s.table, &s.entries, scoring, &s.opening);
    for ((row, found), c) in scored.rows.iter_mut().zip(&at_row).zip(&s.claims) {
        row.findings = found.iter().map(finding).collect();
        row.levels = c.level_words();
    }
    scored.findings = sheet_level.iter().map(finding).collect();
    let totals: Vec<i64> = scored.players.iter().map(|p| p.score).collect();
    let (amounts, exact) = settle::settle(s.settle, &totals);
    scored.settlement = super::Settlement {
        method: s.settle,
        amounts,
        exact,
    };
    if s.entries.iter().any(|e| e.kind == EntryKind::Penalty) {
        scored
            .notes
            .push("penalty games are listed and left out of the totals".to_string());
    }
    let mut all: Vec<Diagnostic> = sheet_level;
    all.extend(at_row.into_iter().flatten());
    all.sort_by_key(|d| d.span.map_or((0, 0), |sp| (sp.line, sp.column)));
    (Some(scored), all)
}

/// Compares a result claim of the sheet with the computed totals.
fn result_claim(claim: &Claim, s: &ReadSheet, totals: &[i64], out: &mut Vec<Diagnostic>) {
    let players = &s.table.players;
    let key = claim.key.node.to_lowercase();
    let pairs = || -> Option<Vec<(usize, i64, Option<Span>)>> {
        let mut v = Vec::new();
        let mut it = claim.values.iter();
        while let Some(t) = it.next() {
            let Token::Word(w) = &t.node else { return None };
            let p = column(players, w)?;
            match it.next().map(|x| (&x.node, x.span)) {
                Some((Token::Number(n), span)) => v.push((p, *n, at(span))),
                _ => return None,
            }
        }
        Some(v)
    };
    let name = |p: usize| players.get(p).cloned().unwrap_or_default();
    let expected: Vec<i64> = match key.as_str() {
        "totals" | "total" => totals.to_vec(),
        "settlement" | "settle" => settle::settle(s.settle, totals).0,
        "pays" => {
            // `pays A B 95`: A pays B the difference of their totals.
            let v = &claim.values;
            let (Some(Token::Word(a)), Some(Token::Word(b)), Some(Token::Number(amount))) = (
                v.first().map(|t| &t.node),
                v.get(1).map(|t| &t.node),
                v.get(2).map(|t| &t.node),
            ) else {
                out.push(bad_claim(claim, players));
                return;
            };
            let (Some(pa), Some(pb)) = (column(players, a), column(players, b)) else {
                out.push(bad_claim(claim, players));
                return;
            };
            let computed = totals.get(pb).copied().unwrap_or(0) - totals.get(pa).copied().unwrap_or(0);
            if computed != *amount {
                out.push(
                    Diagnostic::error(
                        "S0707",
                        Kind::Inconsistent,
                        at(claim.key.span),
                        format!("{} pays {} {}, not {}", name(pa), name(pb), computed, amount),
                    )
                    .with_figures(amount, computed),
                );
            }
            return;
        }
        _ => {
            out.push(
                Diagnostic::warning(
                    "S0712",
                    at(claim.key.span),
                    format!(
                        "`{}` is not a claim of a sheet; it is not checked",
                        claim.key.node
                    ),
                )
                .with_help("a sheet's result claims: totals, settlement, pays"),
            );
            return;
        }
    };
    let Some(values) = pairs() else {
        out.push(bad_claim(claim, players));
        return;
    };
    let code = if key.starts_with("total") {
        "S0706"
    } else {
        "S0707"
    };
    if code == "S0707"
        && s.settle == Method::Average
        && let (_, false) = settle::settle(s.settle, totals)
    {
        out.push(Diagnostic::note(
            "S0707",
            at(claim.key.span),
            "the average is not a whole number; each settlement is rounded to the nearest point",
        ));
    }
    for (p, claimed, span) in values {
        let computed = expected.get(p).copied().unwrap_or(0);
        if computed != claimed {
            let what = if code == "S0706" { "total" } else { "settlement" };
            out.push(
                Diagnostic::error(
                    code,
                    Kind::Inconsistent,
                    span.or(at(claim.key.span)),
                    format!("{}'s {what} is {computed}, not {claimed}", name(p)),
                )
                .with_figures(claimed, computed),
            );
        }
    }
}

fn bad_claim(claim: &Claim, players: &[String]) -> Diagnostic {
    Diagnostic::error(
        "S0701",
        Kind::Incomplete,
        at(claim.key.span),
        format!("`{}` needs pairs of a player and a number", claim.key.node),
    )
    .with_help(format!(
        "`totals {} 33 …`, `pays {} {} 95`; the players: {}",
        players.first().map_or("A", String::as_str),
        players.first().map_or("A", String::as_str),
        players.get(1).map_or("B", String::as_str),
        players.join(" ")
    ))
}

/// Checks each row that has a hand record against it: the declarer (by the seat that
/// player held in that deal), won or lost, the value and the score. Returns the entries of
/// rows that are only a link, taken from their hands.
fn link_hands(
    record: &Record,
    profile: &Profile,
    s: &ReadSheet,
    hands: &[&Record],
    at_row: &mut [Vec<Diagnostic>],
) -> Vec<(usize, EntryKind)> {
    let mut linked = Vec::new();
    let sitting = record.tag("Sitting");
    for (i, (e, c)) in s.entries.iter().zip(&s.claims).enumerate() {
        let by_ref = c.reference.as_deref().and_then(|id| {
            hands
                .iter()
                .find(|h| id.len() >= 8 && notation::content_id(h).starts_with(id))
        });
        let by_tags = sitting.and_then(|name| {
            hands.iter().find(|h| {
                h.sheet.is_none()
                    && h.tag("Sitting") == Some(name)
                    && h.tag("Deal").and_then(|d| d.trim().parse::<u32>().ok()) == Some(e.number)
            })
        });
        let Some(hand) = by_ref.or(by_tags) else {
            if c.reference.is_some() {
                at_row[i].push(if hands.is_empty() {
                    Diagnostic::note(
                        "S0711",
                        c.span,
                        format!(
                            "deal {}: the row links its hand's record, which `stich sheet` reads beside the sheet; {}",
                            e.number,
                            if c.bare {
                                "the totals from here on are not checked"
                            } else {
                                "the row is taken as written"
                            }
                        ),
                    )
                } else {
                    Diagnostic::warning(
                        "S0711",
                        c.span,
                        format!("deal {}: no record with this content id is in the input", e.number),
                    )
                });
            }
            if c.bare {
                linked.push((i, EntryKind::Unknown));
            }
            continue;
        };
        let (replay, _) = crate::skat::check(hand, profile);
        let r = &replay.result;
        let dealer = e.dealer.unwrap_or(0);
        let active = s.table.active(dealer);
        let name = |p: usize| s.table.players.get(p).cloned().unwrap_or_default();
        let hand_declarer = r.declarer.and_then(|seat| active.get(seat.index()).copied());
        if c.bare {
            let kind = match (r.passed, hand_declarer, r.won, r.value, r.score) {
                (true, ..) if r.ramsch.is_none() => EntryKind::Passed,
                (true, ..) => {
                    let scores = r.ramsch.as_ref().map_or_else(Vec::new, |x| {
                        x.losers
                            .iter()
                            .chain(x.winner.iter())
                            .filter_map(|seat| active.get(seat.index()).map(|&p| (p, r.score.unwrap_or(0))))
                            .collect()
                    });
                    EntryKind::Ramsch(scores)
                }
                (false, Some(d), Some(won), Some(value), Some(score)) => EntryKind::Game {
                    declarer: d,
                    won,
                    game: r.game,
                    value,
                    score,
                },
                _ => EntryKind::Penalty,
            };
            linked.push((i, kind));
            continue;
        }
        let mut differ = Vec::new();
        match &e.kind {
            EntryKind::Game {
                declarer,
                won,
                value,
                score,
                game,
            } => {
                if hand_declarer != Some(*declarer) {
                    differ.push(format!(
                        "the declarer is {}",
                        hand_declarer.map_or_else(|| "nobody".to_string(), name)
                    ));
                }
                if r.won.is_some_and(|w| w != *won) {
                    differ.push(format!(
                        "the game is {}",
                        if r.won == Some(true) { "won" } else { "lost" }
                    ));
                }
                if let (Some(g), Some(hg)) = (game, r.game)
                    && *g != hg
                {
                    differ.push(format!("the game is {}", hg.word()));
                }
                if r.value.is_some_and(|v| v != *value) {
                    differ.push(format!("the value is {}", r.value.unwrap_or(0)));
                }
                if r.score.is_some_and(|sc| sc != *score) {
                    differ.push(format!("the score is {}", r.score.unwrap_or(0)));
                }
            }
            EntryKind::Passed if r.declarer.is_some() => {
                differ.push(format!(
                    "{} declared {}",
                    r.declarer
                        .and_then(|seat| active.get(seat.index()).copied())
                        .map_or_else(String::new, name),
                    r.game.map_or("a game", |g| g.word())
                ));
            }
            _ => {}
        }
        if !differ.is_empty() {
            at_row[i].push(
                Diagnostic::error(
                    "S0710",
                    Kind::Inconsistent,
                    c.span,
                    format!("deal {}: the hand's record differs: {}", e.number, differ.join("; ")),
                )
                .with_help("the row is checked against the replay of the record its `ref` or `Sitting` and `Deal` tags link"),
            );
        }
    }
    linked
}
