//! A Ramsch after all passed: every player for himself, the jacks the only trumps, Forehand
//! leads (seed 001, Laws 4, 37, 43, 45; seed 000, §Ramsch); the skat counts for the winner of
//! the last trick. The tricks are played through the same play state as a declared game
//! ([`PlayState::ramsch`]).

use notation::{Diagnostic, Kind};

use crate::core::game::drive;
use crate::skat::claims;
use crate::skat::interpret::{Game, at};
use crate::skat::model::{End, GameType, RamschResult, Replay, Seat};
use crate::skat::pack;
use crate::skat::rules::{Profile, RamschRule};
use crate::skat::score;
use crate::skat::state::{PlayState, TRICKS};

use super::deal::{DeclCtx, check_deal, deal_out};
use super::layout::attribute;
use super::play::{Findings, trick_acts, trick_record};
use super::schieben::pass_round;
use super::{SKAT, Step, no_play, stopped_early};

/// Replays a Ramsch and scores it under `rule`.
pub(super) fn ramsch_replay(
    game: &Game,
    profile: &Profile,
    rule: RamschRule,
    mut replay: Replay,
    mut out: Vec<Diagnostic>,
) -> (Replay, Vec<Diagnostic>) {
    replay.result.passed = true;
    // Seed 004's Ramsch passes the skat round; the others leave it untouched.
    let schieben = game.exchange_recorded && matches!(rule, RamschRule::Seed004 { .. });
    if game.exchange_recorded && !schieben {
        out.push(Diagnostic::error(
            "S0209",
            Kind::Illegal,
            None,
            "all three passed, yet the record has an exchange",
        ));
    }
    let steps = attribute(game, GameType::Grand, &mut out);
    // Who holds what after a passing of the skat is the passing's to say: the deal check
    // then sees only the deal, which must be whole (three full lines give the fourth).
    let full = |line: Option<&crate::skat::interpret::HandLine>, size: usize| {
        line.is_some_and(|l| l.cards.len() == size && l.cards.iter().all(|c| c.card.is_some()))
    };
    let whole = game.deal.as_ref().is_some_and(|d| {
        let hands = d.hands.iter().filter(|h| full(h.as_ref(), 10)).count();
        hands + usize::from(full(d.skat.as_ref(), 2)) >= 3
    });
    if schieben && !whole {
        out.push(Diagnostic::error(
            "S0215",
            Kind::Incomplete,
            game.deal_span.and_then(at),
            "a Ramsch whose skat is passed round needs the whole deal (at least three of its four lines in full); the passing is not checked",
        ));
    }
    let schieben = schieben && whole;
    let ctx = (!schieben).then_some(DeclCtx {
        declarer: Seat::F,
        pickup: false,
    });
    let outcome = check_deal(game, &mut out, ctx, &steps);
    replay.deal = deal_out(&outcome);
    let pool = |i: usize| outcome.pools.get(i).copied().unwrap_or_default();
    let mut hands = [pool(0), pool(1), pool(2)];
    let mut declined = Vec::new();
    if schieben {
        let jacks_pass = matches!(rule, RamschRule::Seed004 { jacks_pass: true, .. });
        let passed = pass_round(&game.exchange, hands, pool(SKAT), jacks_pass, &mut out);
        hands = passed.hands;
        declined = passed.declined;
    }
    let mut state = PlayState::ramsch(profile, hands);
    let mut sink = Findings {
        out: &mut out,
        profile_name: &profile.name,
        done: None,
        not_held: schieben,
    };
    for step in &steps {
        match step {
            Step::Trick(t) => {
                state.resume(t.leader, t.number);
                sink.done = None;
                if drive(&mut state, trick_acts(t), &mut sink).is_break() {
                    break;
                }
                if let Some((_, span)) = t.claim {
                    sink.out.push(Diagnostic::note(
                        "S0508",
                        at(span),
                        format!(
                            "trick {}: a Ramsch has no declarer's side; the claim is not checked",
                            t.number
                        ),
                    ));
                }
                let done = sink.done.take();
                replay.tricks.push(trick_record(t, done));
            }
            Step::Event(e) => sink.out.push(Diagnostic::warning(
                "S0502",
                at(e.span),
                "a Ramsch has no play events; ignored",
            )),
        }
    }
    let taken = state.taken();
    let complete: u32 = taken.iter().map(|t| t.tricks).sum();
    match state.last_winner().filter(|_| complete == TRICKS) {
        Some(l) => {
            let mut points = taken.map(|t| t.points);
            let tricks = taken.map(|t| t.tricks);
            let in_tricks: u32 = points.iter().sum();
            let skat = pack::TOTAL_POINTS.saturating_sub(in_tricks);
            // The skat goes to the last trick, or (seed 004) to the player with the most
            // card points: on a tie for the most, the one of them who took the last trick,
            // else the first of them in seat order.
            let to = match rule {
                RamschRule::Seed004 {
                    skat_to_loser: true, ..
                } => {
                    let most = points.iter().copied().max().unwrap_or(0);
                    let top: Vec<Seat> = Seat::ALL
                        .into_iter()
                        .filter(|s| points[s.index()] == most)
                        .collect();
                    if top.contains(&l) {
                        l
                    } else {
                        top.first().copied().unwrap_or(l)
                    }
                }
                _ => l,
            };
            points[to.index()] += skat;
            let scored = score::ramsch(rule, points, tricks, l);
            // Seed 004: each player who declined the skat doubles the entry.
            let doubled = scored.score * (1i64 << declined.len().min(3));
            let r = &mut replay.result;
            r.skat_points = Some(skat);
            r.end = Some(End::PlayedOut);
            r.score = Some(doubled);
            r.ramsch = Some(RamschResult {
                points: points.to_vec(),
                tricks: tricks.to_vec(),
                losers: scored.losers,
                winner: scored.winner,
                skat_to: Some(to),
                declined,
            });
        }
        None => {
            if game.play.is_some() {
                out.push(stopped_early(game, complete));
            }
        }
    }
    let checked = claims::compare(&game.claims, &replay.result, game.disputed.as_deref());
    if game.play.is_none() && replay.result.end.is_none() {
        out.push(no_play(
            game,
            &checked,
            game.declaration.as_ref().and_then(|d| at(d.span)),
        ));
    }
    out.extend(checked);
    (replay, out)
}
