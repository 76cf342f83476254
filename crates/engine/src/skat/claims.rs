//! Comparing the claimed figures of a record with the figures of the replay.
//!
//! Every claim is checked: a difference is an `Inconsistent` error carrying both figures at
//! the claim's span, or a `Disputed` warning when the record marks its claims as disputed.
//! A claim the record does not let the replay determine is noted, not judged.

use notation::{Diagnostic, Kind, Severity};

use crate::skat::interpret::{ClaimIn, ClaimValue, at};
use crate::skat::model::{GameResult, Seat};
use crate::skat::words::{ClaimKey, claim_canonical};

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn won_lost(b: bool) -> &'static str {
    if b { "won" } else { "lost" }
}

fn signed(n: i64) -> String {
    if n > 0 { format!("+{n}") } else { n.to_string() }
}

/// A figure of [`figures`] as data of the claim's type: numbers (signed ones too) as
/// numbers, yes and no as flags, seat lists as lists (`none` the empty one), the rest as words.
fn figure(key: ClaimKey, text: &str) -> notation::Figure {
    use notation::Figure;
    match key {
        ClaimKey::Passed
        | ClaimKey::Schneider
        | ClaimKey::Schwarz
        | ClaimKey::Overbid
        | ClaimKey::Resigned => match text {
            "yes" => Figure::Flag(true),
            "no" => Figure::Flag(false),
            _ => Figure::Word(text.to_string()),
        },
        ClaimKey::Points
        | ClaimKey::Tricks
        | ClaimKey::Matadors
        | ClaimKey::Bid
        | ClaimKey::Value
        | ClaimKey::Score
        | ClaimKey::SkatPoints => match text.parse::<i64>() {
            Ok(n) => Figure::Number(n),
            Err(_) => Figure::Word(text.to_string()),
        },
        ClaimKey::Loser | ClaimKey::Winner => Figure::Words(
            text.split(' ')
                .filter(|w| !w.is_empty() && *w != "none")
                .map(str::to_string)
                .collect(),
        ),
        _ => Figure::Word(text.to_string()),
    }
}

/// The code and the claimed and computed figures of one claim; `None` for the computed
/// figure when the replay does not determine it.
fn figures(claim: &ClaimIn, r: &GameResult) -> (&'static str, String, Option<String>) {
    let num = |v: &ClaimValue| match v {
        ClaimValue::Number(n) => *n,
        _ => 0,
    };
    let flag = |v: &ClaimValue| match v {
        ClaimValue::Bool(b) => *b,
        _ => true,
    };
    let v = &claim.value;
    match claim.key {
        ClaimKey::Passed => ("S0413", yes_no(flag(v)).into(), Some(yes_no(r.passed).into())),
        ClaimKey::Declarer => {
            let claimed = match v {
                ClaimValue::Seat(s) => s.label().to_string(),
                _ => String::new(),
            };
            ("S0411", claimed, r.declarer.map(|s| s.label().to_string()))
        }
        ClaimKey::Game => {
            let claimed = match v {
                ClaimValue::Game(g) => g.word().to_string(),
                _ => String::new(),
            };
            ("S0415", claimed, r.game.map(|g| g.word().to_string()))
        }
        ClaimKey::Outcome => (
            "S0407",
            won_lost(flag(v)).into(),
            r.won.map(|w| won_lost(w).into()),
        ),
        ClaimKey::Points => (
            "S0402",
            num(v).to_string(),
            r.declarer_card_points
                .or_else(|| ramsch_loser(r).map(|(p, _)| p))
                .map(|p| p.to_string()),
        ),
        ClaimKey::Tricks => (
            "S0403",
            num(v).to_string(),
            r.declarer_tricks
                .or_else(|| ramsch_loser(r).map(|(_, t)| t))
                .map(|p| p.to_string()),
        ),
        ClaimKey::Matadors => ("S0404", signed(num(v)), r.matadors.map(|m| signed(i64::from(m)))),
        ClaimKey::Schneider => (
            "S0409",
            yes_no(flag(v)).into(),
            r.schneider.map(|b| yes_no(b).into()),
        ),
        ClaimKey::Schwarz => (
            "S0410",
            yes_no(flag(v)).into(),
            r.schwarz.map(|b| yes_no(b).into()),
        ),
        ClaimKey::Overbid => (
            "S0408",
            yes_no(flag(v)).into(),
            r.overbid.map(|b| yes_no(b).into()),
        ),
        ClaimKey::Bid => ("S0412", num(v).to_string(), r.bid.map(|b| b.to_string())),
        ClaimKey::Value => ("S0405", num(v).to_string(), r.value.map(|b| b.to_string())),
        ClaimKey::Score => ("S0406", signed(num(v)), r.score.map(signed)),
        ClaimKey::SkatPoints => ("S0414", num(v).to_string(), r.skat_points.map(|p| p.to_string())),
        ClaimKey::Disputed => ("S0508", String::new(), Some(String::new())),
        ClaimKey::Resigned => ("S0416", yes_no(flag(v)).into(), Some(yes_no(r.resigned).into())),
        ClaimKey::Loser | ClaimKey::Winner => {
            let list = |s: &[Seat]| s.iter().map(|s| s.label()).collect::<Vec<_>>().join(" ");
            let claimed = match v {
                ClaimValue::Seats(s) if s.is_empty() => "none".to_string(),
                ClaimValue::Seats(s) => list(s),
                _ => String::new(),
            };
            let computed = r.ramsch.as_ref().map(|x| {
                let seats: Vec<Seat> = if claim.key == ClaimKey::Loser {
                    x.losers.clone()
                } else {
                    x.winner.into_iter().collect()
                };
                if seats.is_empty() {
                    "none".to_string()
                } else {
                    list(&seats)
                }
            });
            ("S0418", claimed, computed)
        }
        ClaimKey::Left | ClaimKey::Timeout | ClaimKey::Penalty => {
            let claimed = match v {
                ClaimValue::Seat(s) => s.label().to_string(),
                _ => String::new(),
            };
            let computed = match claim.key {
                ClaimKey::Left => r.left,
                ClaimKey::Timeout => r.timed_out,
                _ => r.left.or(r.timed_out),
            };
            (
                "S0417",
                claimed,
                Some(computed.map_or_else(|| "none".to_string(), |s| s.label().to_string())),
            )
        }
    }
}

/// Whether a claim certainly matches the replay, decided on the values themselves: nearly
/// every claim of a real archive agrees, and spelling both figures out only to find them equal
/// was most of the comparison's cost. Each arm is true exactly when [`figures`] would give two
/// equal strings; `false` only sends the claim down the full path, which decides it.
fn agrees(claim: &ClaimIn, r: &GameResult) -> bool {
    let num = match claim.value {
        ClaimValue::Number(n) => n,
        _ => 0,
    };
    let flag = match claim.value {
        ClaimValue::Bool(b) => b,
        _ => true,
    };
    let same = |x: Option<u32>| x.is_some_and(|x| i64::from(x) == num);
    match claim.key {
        ClaimKey::Passed => flag == r.passed,
        ClaimKey::Declarer => matches!(claim.value, ClaimValue::Seat(s) if r.declarer == Some(s)),
        ClaimKey::Game => matches!(claim.value, ClaimValue::Game(g) if r.game == Some(g)),
        ClaimKey::Outcome => r.won == Some(flag),
        ClaimKey::Points => same(r.declarer_card_points),
        ClaimKey::Tricks => same(r.declarer_tricks),
        ClaimKey::Matadors => r.matadors.is_some_and(|m| i64::from(m) == num),
        ClaimKey::Schneider => r.schneider == Some(flag),
        ClaimKey::Schwarz => r.schwarz == Some(flag),
        ClaimKey::Overbid => r.overbid == Some(flag),
        ClaimKey::Bid => same(r.bid),
        ClaimKey::Value => same(r.value),
        ClaimKey::Score => r.score == Some(num),
        ClaimKey::SkatPoints => same(r.skat_points),
        ClaimKey::Disputed => true,
        ClaimKey::Resigned => flag == r.resigned,
        ClaimKey::Loser | ClaimKey::Winner | ClaimKey::Left | ClaimKey::Timeout | ClaimKey::Penalty => false,
    }
}

/// The card points and tricks of a Ramsch's one loser, which a Ramsch's `points` and `tricks`
/// claims speak of (there is no declarer); `None` when no one or two players are charged.
fn ramsch_loser(r: &GameResult) -> Option<(u32, u32)> {
    let x = r.ramsch.as_ref()?;
    let [loser] = x.losers.as_slice() else {
        return None;
    };
    Some((*x.points.get(loser.index())?, *x.tricks.get(loser.index())?))
}

/// Whether a claim is one of the figures a penalty game leaves to the server's own scoring:
/// after a player left or ran out of time, only who declared and who was penalized are facts
/// of the game (seed 004 gives no rule for penalties; spec/iss.md, penalty games).
fn penalty_figure(key: ClaimKey, result: &GameResult) -> bool {
    let penalty = result.left.is_some() || result.timed_out.is_some();
    penalty
        && !matches!(
            key,
            ClaimKey::Passed
                | ClaimKey::Declarer
                | ClaimKey::Game
                | ClaimKey::Bid
                | ClaimKey::Left
                | ClaimKey::Timeout
                | ClaimKey::Penalty
                | ClaimKey::Disputed
        )
}

/// Checks every claim against the result.
pub fn compare(claims: &[ClaimIn], result: &GameResult, disputed: Option<&str>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for claim in claims {
        if agrees(claim, result) {
            continue;
        }
        let (code, claimed, computed) = figures(claim, result);
        let key = claim_canonical(claim.key);
        match computed {
            None => out.push(Diagnostic::note(
                "S0508",
                at(claim.span),
                format!("claim `{key} {claimed}` not checked: the record does not determine it"),
            )),
            Some(computed) if computed != claimed && penalty_figure(claim.key, result) => {
                out.push(Diagnostic::note(
                    "S0508",
                    at(claim.span),
                    format!(
                        "claim `{key} {claimed}` not judged: a penalty game is scored by the server's own rule (the replay gives {computed})"
                    ),
                ));
            }
            Some(computed) if computed != claimed => {
                let message = format!("the record claims {key} {claimed}; the replay gives {computed}");
                let d = match disputed {
                    Some(reason) => {
                        let why = if reason.is_empty() {
                            String::new()
                        } else {
                            format!(" ({reason})")
                        };
                        Diagnostic {
                            severity: Severity::Warning,
                            ..Diagnostic::error(
                                code,
                                Kind::Disputed,
                                at(claim.span),
                                format!("{message}; marked disputed{why}"),
                            )
                        }
                    }
                    None => Diagnostic::error(code, Kind::Inconsistent, at(claim.span), message),
                };
                let typed = (figure(claim.key, &claimed), figure(claim.key, &computed));
                out.push(
                    d.with_claim(key, typed.0, typed.1)
                        .with_figures(claimed, computed),
                );
            }
            Some(_) => {}
        }
    }
    out
}
