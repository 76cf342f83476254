//! The replay: drives auction, declaration, deal check, play and scoring over a typed game
//! and collects every finding.

use cards::Card;
use notation::{Diagnostic, Kind, Severity, Span, TrickClaim};

use crate::core::CardSet;
use crate::core::deal::{self, Place, Pool, Sight, Sighting};
use crate::skat::auction;
use crate::skat::claims;
use crate::skat::interpret::{DeclIn, Game, PlayIn, Slot, at};
use crate::skat::model::{
    Contract, Deal, DealtHand, Declaration, End, Exchange, ExtraGame, GameResult, GameType, PlayedCard,
    RamschResult, Replay, Seat, SeatCall, SkatUse, TrickRecord,
};
use crate::skat::pack;
use crate::skat::play;
use crate::skat::rules::{AllPass, PickupRule, Profile, RamschRule, Unreachable};
use crate::skat::score::{self, Finish, Tally};
use crate::skat::words::{EventWord, ExchangeWord};

const SKAT: usize = 3;

/// Where a card was mentioned, for messages.
#[derive(Clone, Copy, Debug)]
enum Origin {
    Line(usize, Span),
    Pickup(Span),
    Discard(Span),
    Trick(u32, Seat, Span),
    Shown(Span),
}

fn line_of(span: Span) -> String {
    if span == Span::default() {
        String::new()
    } else {
        format!(" (line {})", span.line)
    }
}

fn describe(o: Origin) -> String {
    match o {
        Origin::Line(p, s) => {
            let who = match p {
                0 => "F",
                1 => "M",
                2 => "R",
                _ => "the skat",
            };
            if p == SKAT {
                format!("in the skat{}", line_of(s))
            } else {
                format!("dealt to {who}{}", line_of(s))
            }
        }
        Origin::Pickup(s) => format!("picked up from the skat{}", line_of(s)),
        Origin::Discard(s) => format!("laid away{}", line_of(s)),
        Origin::Trick(n, seat, s) => format!("played by {seat} in trick {n}{}", line_of(s)),
        Origin::Shown(s) => format!("shown by the declarer{}", line_of(s)),
    }
}

/// A trick with its seats worked out.
struct Placed {
    number: u32,
    leader: Seat,
    cards: Vec<(Seat, Option<Card>, Span)>,
    claim: Option<(TrickClaim, Span)>,
}

/// An item of the play after attribution.
enum Step<'a> {
    Trick(Placed),
    Event(&'a crate::skat::interpret::EventIn),
}

/// Replays a typed game under a profile.
pub fn run(game: &Game, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let mut out: Vec<Diagnostic> = Vec::new();
    let mut replay = Replay {
        profile: profile.name.clone(),
        players: game.names.to_vec(),
        deal: Deal {
            hands: Vec::new(),
            skat: Vec::new(),
            skat_inferred: false,
            declarer_or_skat: Vec::new(),
        },
        auction: Vec::new(),
        exchange: None,
        declaration: None,
        tricks: Vec::new(),
        extra_game: None,
        result: GameResult::default(),
    };

    // Resignations and penalties, as the record states them, whatever else it holds.
    if let Some((items, _, _)) = &game.play {
        for item in items {
            if let PlayIn::Event(e) = item {
                match e.word {
                    EventWord::Resigns | EventWord::Concedes => replay.result.resigned = true,
                    EventWord::Leaves | EventWord::TimesOut => {
                        let (slot, what) = if e.word == EventWord::Leaves {
                            (&mut replay.result.left, "left the table")
                        } else {
                            (&mut replay.result.timed_out, "ran out of time")
                        };
                        *slot = slot.or(e.seat);
                        // A penalty ends the game by a decision off the table, so the
                        // figures of such a record are not a game's to check (seed 004
                        // gives no rule for them; the ISS scores them its own way).
                        let who = e.seat.map_or_else(|| "a player".to_string(), |s| s.to_string());
                        out.push(
                            Diagnostic::error(
                                "S0512",
                                Kind::Incomplete,
                                at(e.span),
                                format!("penalty game: {who} {what}"),
                            )
                            .with_help("a penalty game is not played to its end; its figures are reported, not judged"),
                        );
                    }
                    EventWord::Shows | EventWord::Abandons | EventWord::Kontra | EventWord::Re => {}
                }
            }
        }
    }

    // The auction.
    let auction = game.auction.as_ref().map(|(calls, _)| {
        replay.auction = calls
            .iter()
            .map(|c| SeatCall {
                seat: c.seat,
                call: c.call,
            })
            .collect();
        let (o, f) = auction::replay(calls, profile);
        out.extend(f);
        o
    });

    let ramsch_declared = game.declaration.as_ref().is_some_and(|d| d.ramsch);
    let all_passed = auction.is_some_and(|a| a.passed);
    if let AllPass::Ramsch(rule) = profile.options.all_pass
        && ((all_passed && (ramsch_declared || game.play.is_some()))
            || (auction.is_none() && ramsch_declared))
    {
        return ramsch_replay(game, profile, rule, replay, out);
    }
    if all_passed {
        replay.result.passed = true;
        replay.result.score = Some(0);
        for (present, span, what) in [
            (
                game.declaration.is_some(),
                game.declaration.as_ref().map(|d| d.span),
                "a declaration",
            ),
            (game.exchange_recorded, None, "an exchange"),
            (game.play.is_some(), game.play.as_ref().map(|p| p.2), "a play"),
        ] {
            if present {
                out.push(Diagnostic::error(
                    "S0209",
                    Kind::Illegal,
                    span.and_then(at),
                    format!("all three passed, yet the record has {what}"),
                ));
            }
        }
        return without_play(game, replay, out);
    }

    // The declaration.
    let Some(decl) = game.declaration.as_ref() else {
        out.push(Diagnostic::error(
            "S0506",
            Kind::Incomplete,
            // Where the declaration should follow: after the auction, else the deal.
            game.auction
                .as_ref()
                .map(|a| a.1)
                .or(game.deal_span)
                .and_then(at)
                .or(at(game.span)),
            "the record has no declaration, so the game cannot be replayed",
        ));
        return without_play(game, replay, out);
    };
    let winner = auction.and_then(|a| a.winner);
    let declarer = match (decl.seat, winner) {
        (Some(d), Some(w)) if d != w => {
            out.push(Diagnostic::error(
                "S0208",
                Kind::Illegal,
                at(decl.span),
                format!("{d} declares, but {w} won the auction"),
            ));
            Some(d)
        }
        (Some(d), _) => Some(d),
        (None, w) => w,
    };
    // Uno and duo are grands (F8), revolution a Null (F7): the game word is implied, and may
    // be written.
    let extra = decl.extra.map(|(e, _)| e);
    let mut decl_game = decl.game;
    if let Some((e, span)) = decl.extra {
        match decl.game {
            Some(g) if g != e.game_type() => out.push(Diagnostic::error(
                "S0203",
                Kind::Illegal,
                at(span),
                format!("two games declared: {} and {}", g.word(), e.word()),
            )),
            _ => decl_game = Some(e.game_type()),
        }
    }
    let (Some(declarer), Some(game_type)) = (declarer, decl_game) else {
        let what = if decl.game.is_none() {
            "no game (clubs, spades, hearts, diamonds, grand or null)"
        } else {
            "no declarer"
        };
        out.push(Diagnostic::error(
            "S0506",
            Kind::Incomplete,
            at(decl.span),
            format!("the declaration names {what}"),
        ));
        return without_play(game, replay, out);
    };
    let bid = bid_of(game, auction, &mut out);
    let extra_value = extra.and_then(|e| extra_value_of(profile, e, decl, &mut out));
    // An extra game is played from the hand with no announcements (F8); its `ouvert` only
    // prices it, so the play is replayed as a plain hand grand.
    let plain;
    let decl_played = if extra.is_some() {
        plain = DeclIn {
            hand: true,
            ouvert: false,
            schneider: false,
            schwarz: false,
            ..decl.clone()
        };
        &plain
    } else {
        decl
    };
    let Exchanged {
        contract,
        discard,
        skat_use,
        turned,
    } = contract_of(game, decl_played, declarer, game_type, profile, bid, &mut out);
    replay.extra_game = extra;
    let shown_contract = Contract {
        ouvert: contract.ouvert || (extra.is_some() && decl.ouvert),
        ..contract
    };
    replay.declaration = Some(Declaration {
        declarer,
        contract: shown_contract,
    });
    let r = &mut replay.result;
    r.declarer = Some(declarer);
    r.game = Some(game_type);
    r.hand = contract.hand;
    r.ouvert = shown_contract.ouvert;
    r.schneider_announced = contract.schneider_announced;
    r.schwarz_announced = contract.schwarz_announced;
    r.bid = bid;

    // Attribute every card of the play to a seat.
    let steps = attribute(game, game_type, &mut out);

    // The deal, with the play's evidence.
    let ctx = DeclCtx {
        declarer,
        pickup: !contract.hand,
    };
    let outcome = check_deal(game, &mut out, Some(ctx), &steps);
    replay.deal = deal_out(&outcome);
    let pools = &outcome.pools;
    let pool = |i: usize| pools.get(i).copied().unwrap_or_default();
    let complete = |i: usize| outcome.complete.get(i).copied().unwrap_or(false);

    // The declarer's twelve cards (dealt ten and the skat) and the hands at the first lead.
    let defenders: Vec<usize> = Seat::ALL
        .iter()
        .filter(|&&s| s != declarer)
        .map(|s| s.index())
        .collect();
    let twelve = if defenders.iter().all(|&d| complete(d)) {
        defenders
            .iter()
            .fold(pack::cards(), |rest, &d| rest.difference(pool(d)))
    } else {
        pool(declarer.index()).union(pool(SKAT)).union(outcome.unresolved)
    };
    let twelve_known = twelve.len() == 12;
    let unsettled = twelve.difference(pool(declarer.index())).difference(pool(SKAT));
    if twelve_known && !unsettled.is_empty() {
        out.push(Diagnostic::note(
            "D0109",
            None,
            format!(
                "the record does not tell which of {} were dealt to {declarer} and which lay in the skat; no figure depends on it",
                unsettled.describe()
            ),
        ));
        replay.deal.declarer_or_skat = unsettled.to_vec();
    }
    let declarer_played: CardSet = steps
        .iter()
        .filter_map(|s| match s {
            Step::Trick(t) => Some(t.cards.iter().filter(|c| c.0 == declarer).filter_map(|c| c.1)),
            Step::Event(_) => None,
        })
        .flatten()
        .collect();
    let mut hands = [CardSet::EMPTY; 3];
    let mut known_full = [false; 3];
    for s in Seat::ALL {
        hands[s.index()] = pool(s.index());
        known_full[s.index()] = complete(s.index());
    }
    let mut skat_for_declarer: Option<CardSet> = None;
    if contract.hand {
        if complete(SKAT) {
            skat_for_declarer = Some(pool(SKAT));
        }
    } else {
        let discard_set: Option<CardSet> = match &discard {
            Some(cards) if cards.len() == 2 => Some(CardSet::of(cards.iter().copied())),
            _ => None,
        };
        if let (Some(d), true) = (discard_set, twelve_known) {
            for c in d.iter() {
                if !twelve.contains(c) && !outcome.reported.contains(c) {
                    out.push(Diagnostic::error(
                        "S0205",
                        Kind::Illegal,
                        discard_span(game),
                        format!("{declarer} lays away {c}, which {declarer} does not hold after picking up the skat"),
                    ));
                }
            }
        }
        let i = declarer.index();
        match discard_set {
            Some(d) if twelve_known => {
                hands[i] = twelve.difference(d);
                known_full[i] = true;
                skat_for_declarer = Some(d);
            }
            Some(d) => {
                hands[i] = declarer_played;
                known_full[i] = false;
                skat_for_declarer = Some(d);
            }
            None if twelve_known && declarer_played.len() == 10 => {
                hands[i] = declarer_played;
                known_full[i] = true;
                skat_for_declarer = Some(twelve.difference(declarer_played));
            }
            None => {
                hands[i] = declarer_played;
                known_full[i] = false;
            }
        }
        replay.exchange = Some(Exchange {
            pickup: true,
            discard: skat_for_declarer.map(|s| s.to_vec()).unwrap_or_default(),
            skat_use: profile.prices_skat_use().then_some(skat_use),
            turned,
        });
    }
    if contract.hand && game.exchange_recorded {
        replay.exchange = Some(Exchange {
            pickup: false,
            discard: Vec::new(),
            skat_use: profile.prices_skat_use().then_some(skat_use),
            turned: None,
        });
    }
    check_shown(
        decl,
        declarer,
        hands[declarer.index()],
        known_full[declarer.index()],
        &mut out,
    );

    // Matadors.
    let matadors = if game_type == GameType::Null || extra.is_some() {
        None
    } else {
        let counted = if contract.hand && !profile.options.matadors_count_skat {
            pool(declarer.index())
        } else {
            twelve
        };
        let known = if contract.hand && !profile.options.matadors_count_skat {
            complete(declarer.index())
        } else {
            twelve_known
        };
        if known {
            pack::matadors(game_type, counted)
        } else {
            out.push(Diagnostic::error(
                "S0507",
                Kind::Incomplete,
                at(decl.span),
                format!(
                    "the matadors cannot be counted: {declarer}'s cards and the skat are not known in full"
                ),
            ));
            None
        }
    };
    // Null has no matadors; the result says 0, as score sheets do.
    replay.result.matadors = matadors.or((game_type == GameType::Null).then_some(0));
    replay.result.skat_use = profile.prices_skat_use().then_some(skat_use);
    if let (Some(m), Some(b), Unreachable::AllIllegal) = (matadors, bid, profile.options.unreachable_game)
        && let Some(base) = profile.base_value(game_type, skat_use, contract.ouvert)
    {
        let best = base * score::highest_multiplier(profile, &contract, m.unsigned_abs());
        if best < b {
            out.push(
                Diagnostic::error(
                    "S0212",
                    Kind::Illegal,
                    at(decl.span),
                    format!(
                        "{declarer}'s {} can reach at most {best}, less than the bid {b}: it may not be declared",
                        game_type.word()
                    ),
                )
                .with_help("the declarer must play a game that can make the bid good (seed 001, §Bidding)"),
            );
        }
    }

    // The play.
    let played = simulate(
        profile,
        game,
        &steps,
        declarer,
        (contract, skat_use),
        hands,
        outcome.reported,
        &mut out,
    );
    replay.result.kontra = (played.doublings > 0).then_some(played.doublings);
    replay.tricks = played.records;
    let r = &mut replay.result;
    r.skat_points = skat_for_declarer.map(|s| pack::points().set(s)).or_else(|| {
        (played.complete_tricks == 10).then(|| pack::TOTAL_POINTS.saturating_sub(played.trick_points_total))
    });
    let Some((end, ended_at)) = played.end else {
        if game.play.is_some() || game.unfinished.is_some() {
            out.push(stopped_early(game, played.complete_tricks));
        }
        r.declarer_tricks = None;
        let checked = claims::compare(&game.claims, &replay.result, game.disputed.as_deref());
        if game.play.is_none() {
            out.push(no_play(game, &checked, at(decl.span)));
        }
        out.extend(checked);
        return (replay, out);
    };
    r.end = Some(end);
    // A resignation counts when it ended the game; play may go on after one (ISS records).
    r.resigned = r.resigned
        && matches!(
            end,
            End::DeclarerConceded | End::DefendersConceded | End::DeclarerClaimed
        );
    r.ended_at_trick = (end != End::PlayedOut).then_some(ended_at);
    let rest_to_declarer = matches!(
        end,
        End::DefendersConceded | End::DeclarerClaimed | End::DefenderPenalized
    );
    let lost_early = matches!(
        end,
        End::NullTrickTaken
            | End::SchwarzFailed
            | End::SchneiderFailed
            | End::DeclarerConceded
            | End::DeclarerPenalized
            | End::Abandoned
    );
    let remaining = 10u32.saturating_sub(played.declarer_tricks + played.defender_tricks);
    let declarer_tricks = if rest_to_declarer && game_type != GameType::Null {
        played.declarer_tricks + remaining
    } else {
        played.declarer_tricks
    };
    r.declarer_tricks = Some(declarer_tricks);
    r.declarer_card_points = if lost_early || game_type == GameType::Null {
        r.skat_points.map(|s| played.declarer_points + s)
    } else {
        Some(pack::TOTAL_POINTS.saturating_sub(played.defender_points))
    };
    let scored = if let Some(e) = extra {
        extra_value.map(|v| {
            let made = !lost_early && declarer_tricks == e.tricks();
            score::extra_game(profile, v, skat_use, made, bid)
        })
    } else if game_type == GameType::Null {
        let won = match end {
            End::PlayedOut => played.declarer_tricks == 0,
            _ => rest_to_declarer,
        };
        Some(score::null_game_as(profile, &contract, skat_use, won))
    } else {
        matadors.map(|m| {
            let tally = Tally {
                defender_points: played.defender_points,
                declarer_tricks,
                defender_tricks: played.defender_tricks,
            };
            let at_game_level = profile
                .options
                .early_end
                .abandon
                .is_some_and(|a| a.scored_at_game_level);
            let finish = if end == End::Abandoned && at_game_level {
                Finish::Abandoned
            } else if lost_early {
                Finish::LostEarly
            } else {
                Finish::Complete
            };
            score::trump_game_as(profile, &contract, skat_use, m, tally, finish, bid)
        })
    };
    if let Some(s) = scored {
        r.won = Some(s.won);
        r.schneider = Some(s.schneider);
        r.schwarz = Some(s.schwarz);
        r.overbid = if game_type == GameType::Null {
            Some(false)
        } else {
            s.overbid
        };
        r.value = Some(s.value);
        // Kontra and Re double the score (seed 004, §Game variants), not the value.
        r.score = Some(s.score << played.doublings.min(8));
    }
    out.extend(claims::compare(
        &game.claims,
        &replay.result,
        game.disputed.as_deref(),
    ));
    (replay, out)
}

/// The fixed value of an extra game under the profile, or an S0210 finding when the profile
/// lacks it or the declaration adds an announcement it cannot carry (seed 001, Law 1; F8).
fn extra_value_of(profile: &Profile, e: ExtraGame, decl: &DeclIn, out: &mut Vec<Diagnostic>) -> Option<u32> {
    let span = decl.extra.and_then(|(_, s)| at(s)).or(at(decl.span));
    if decl.schneider || decl.schwarz {
        out.push(Diagnostic::error(
            "S0210",
            Kind::Illegal,
            at(decl.span),
            format!(
                "{} has a fixed value: schneider and schwarz cannot be announced",
                e.word()
            ),
        ));
    }
    let values = match e {
        ExtraGame::Uno => profile.options.extra_games.uno,
        ExtraGame::Duo => profile.options.extra_games.duo,
        // Revolution has one value: it is open by nature, the adversaries playing as one.
        ExtraGame::Revolution => profile.options.extra_games.revolution.map(|v| (v, v)),
    };
    let Some((plain, open)) = values else {
        out.push(
            Diagnostic::error(
                "S0210",
                Kind::Illegal,
                span,
                format!("{} is not a game of the profile `{}`", e.word(), profile.name),
            )
            .with_help("uno, duo and revolution are played under `foster-1897` (seed 001, Law 1)"),
        );
        return None;
    };
    Some(if decl.ouvert { open } else { plain })
}

/// Replays a Ramsch: every player for himself, the jacks the only trumps, Forehand leads
/// (seed 001, Laws 4, 37, 43, 45; seed 000, §Ramsch). The skat counts for the winner of the
/// last trick.
fn ramsch_replay(
    game: &Game,
    profile: &Profile,
    rule: RamschRule,
    mut replay: Replay,
    mut out: Vec<Diagnostic>,
) -> (Replay, Vec<Diagnostic>) {
    replay.result.passed = true;
    if game.exchange_recorded {
        out.push(Diagnostic::error(
            "S0209",
            Kind::Illegal,
            None,
            "all three passed, yet the record has an exchange",
        ));
    }
    let steps = attribute(game, GameType::Grand, &mut out);
    let ctx = DeclCtx {
        declarer: Seat::F,
        pickup: false,
    };
    let outcome = check_deal(game, &mut out, Some(ctx), &steps);
    replay.deal = deal_out(&outcome);
    let pool = |i: usize| outcome.pools.get(i).copied().unwrap_or_default();
    let mut hands = [pool(0), pool(1), pool(2)];
    let mut points = [0u32; 3];
    let mut tricks = [0u32; 3];
    let mut last = None;
    let mut complete = 0u32;
    let card_points = pack::points();
    'steps: for step in &steps {
        match step {
            Step::Trick(t) => {
                let mut so_far: Vec<Card> = Vec::with_capacity(3);
                for &(seat, card, span) in &t.cards {
                    let Some(card) = card else {
                        out.push(Diagnostic::error(
                            "S0505",
                            Kind::Incomplete,
                            at(span),
                            format!("trick {}: {seat}'s card is not recorded (`??`), so the play cannot be followed further", t.number),
                        ));
                        break 'steps;
                    };
                    let i = seat.index();
                    if !outcome.reported.contains(card)
                        && let Some(b) = play::breach(profile, GameType::Grand, hands[i], &so_far, card)
                    {
                        out.push(Diagnostic::error(
                            "S0301",
                            Kind::Illegal,
                            at(span),
                            play::breach_message(t.number, seat, card, b),
                        ));
                    }
                    hands[i].remove(card);
                    so_far.push(card);
                }
                let trick_points: u32 = so_far.iter().map(|&c| card_points.card(c)).sum();
                let winner = (so_far.len() == 3)
                    .then(|| t.cards.get(play::winner(GameType::Grand, &so_far)).map(|c| c.0))
                    .flatten();
                if let Some((_, span)) = t.claim {
                    out.push(Diagnostic::note(
                        "S0508",
                        at(span),
                        format!(
                            "trick {}: a Ramsch has no declarer's side; the claim is not checked",
                            t.number
                        ),
                    ));
                }
                replay.tricks.push(TrickRecord {
                    number: t.number,
                    leader: t.leader,
                    cards: t
                        .cards
                        .iter()
                        .filter_map(|&(seat, c, _)| c.map(|card| PlayedCard { seat, card }))
                        .collect(),
                    winner,
                    points: trick_points,
                });
                if let Some(w) = winner {
                    points[w.index()] += trick_points;
                    tricks[w.index()] += 1;
                    last = Some(w);
                    complete += 1;
                }
            }
            Step::Event(e) => out.push(Diagnostic::warning(
                "S0502",
                at(e.span),
                "a Ramsch has no play events; ignored",
            )),
        }
    }
    match last.filter(|_| complete == 10) {
        Some(l) => {
            let in_tricks: u32 = points.iter().sum();
            let skat = pack::TOTAL_POINTS.saturating_sub(in_tricks);
            points[l.index()] += skat;
            let scored = score::ramsch(rule, points, tricks, l);
            let r = &mut replay.result;
            r.skat_points = Some(skat);
            r.end = Some(End::PlayedOut);
            r.score = Some(scored.score);
            r.ramsch = Some(RamschResult {
                points: points.to_vec(),
                tricks: tricks.to_vec(),
                losers: scored.losers,
                winner: scored.winner,
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

/// The finding for a record without a play section. Such a record is incomplete when it
/// claims nothing or claims a figure only the play decides; when every figure it claims was
/// checked (a book's matador or value example), the missing play is only noted.
fn no_play(game: &Game, checked: &[Diagnostic], span: Option<Span>) -> Diagnostic {
    let unchecked = checked
        .iter()
        .any(|d| d.code == "S0508" && d.severity == Severity::Note);
    if game.claims.is_empty() || unchecked {
        Diagnostic::error("S0509", Kind::Incomplete, span, "the record has no play section")
    } else {
        Diagnostic::note(
            "S0509",
            span,
            "the record has no play section; every figure it claims was checked without it",
        )
    }
}

/// Ends a replay that stops before the play (a passed deal, no declaration, no declarer or
/// game): the deal is still checked and the claims still compared.
fn without_play(game: &Game, mut replay: Replay, mut out: Vec<Diagnostic>) -> (Replay, Vec<Diagnostic>) {
    let outcome = check_deal(game, &mut out, None, &[]);
    replay.deal = deal_out(&outcome);
    out.extend(claims::compare(
        &game.claims,
        &replay.result,
        game.disputed.as_deref(),
    ));
    (replay, out)
}

fn stopped_early(game: &Game, tricks: u32) -> Diagnostic {
    if let Some(span) = game.unfinished {
        Diagnostic::error(
            "S0510",
            Kind::Incomplete,
            at(span),
            format!("the record is marked unfinished after {tricks} complete tricks"),
        )
    } else {
        Diagnostic::error(
            "S0505",
            Kind::Incomplete,
            game.play.as_ref().and_then(|(items, _, span)| {
                let last = items.last().map(|i| match i {
                    PlayIn::Trick(t) => t.span,
                    PlayIn::Event(e) => e.span,
                });
                at(last.unwrap_or(*span))
            }),
            format!("the play stops after {tricks} complete tricks without a recognised end"),
        )
        .with_help("record the remaining tricks, or the concession or claim that ended the game")
    }
}

fn discard_span(game: &Game) -> Option<Span> {
    game.exchange
        .iter()
        .find(|e| e.word == ExchangeWord::Discard)
        .and_then(|e| at(e.span))
}

/// The bid the declarer plays on: the auction's, else a claimed one.
fn bid_of(game: &Game, auction: Option<auction::Outcome>, out: &mut Vec<Diagnostic>) -> Option<u32> {
    match auction {
        Some(a) if a.settled => a.bid,
        Some(_) => None,
        None => {
            let claimed = game.claims.iter().find_map(|c| match (c.key, &c.value) {
                (crate::skat::words::ClaimKey::Bid, crate::skat::interpret::ClaimValue::Number(n)) => {
                    u32::try_from(*n).ok()
                }
                _ => None,
            });
            let message = match claimed {
                Some(b) => format!("no auction recorded: the claimed bid {b} is taken as the bid"),
                None => "no auction recorded: the bid is unknown and overbidding is not checked".to_string(),
            };
            out.push(Diagnostic::note("S0511", None, message));
            claimed
        }
    }
}

/// What the declaration and the exchange settle.
struct Exchanged {
    contract: Contract,
    discard: Option<Vec<Card>>,
    skat_use: SkatUse,
    turned: Option<Card>,
}

/// The suit of higher value among turned cards (seed 001, Law 29): clubs, spades, hearts,
/// diamonds.
fn higher_suit(cards: &[Card]) -> Option<cards::Suit> {
    use cards::Suit;
    let rank = |s: Suit| match s {
        Suit::Clubs => 4,
        Suit::Spades => 3,
        Suit::Hearts => 2,
        Suit::Diamonds => 1,
    };
    cards.iter().map(|c| c.suit).max_by_key(|&s| rank(s))
}

/// How the skat was used, with the checks the turning rules call for (seed 001, Laws 28–31;
/// seed 000, §Tournee).
fn skat_use_of(
    game: &Game,
    decl: &DeclIn,
    declarer: Seat,
    game_type: GameType,
    profile: &Profile,
    out: &mut Vec<Diagnostic>,
) -> (SkatUse, Option<Card>) {
    let span = at(decl.span);
    let turns: Vec<&crate::skat::interpret::ExchangeIn> = game
        .exchange
        .iter()
        .filter(|e| e.word == ExchangeWord::Turn)
        .collect();
    let passt = game.exchange.iter().find(|e| e.word == ExchangeWord::Passt);
    let taken = game
        .exchange
        .iter()
        .any(|e| matches!(e.word, ExchangeWord::Pickup | ExchangeWord::Discard));
    let hand = decl.hand || game.exchange.iter().any(|e| e.word == ExchangeWord::Hand);
    if turns.is_empty() {
        if let Some(p) = passt {
            out.push(Diagnostic::error(
                "S0210",
                Kind::Illegal,
                at(p.span),
                format!("{declarer} passes the first skat card but turns none"),
            ));
        }
        return (SkatUse::of_hand(hand && !taken), None);
    }
    let first = turns.first().map_or(span, |t| at(t.span));
    let Some(turning) = profile.options.turning else {
        out.push(
            Diagnostic::error(
                "S0210",
                Kind::Illegal,
                first,
                format!(
                    "{declarer} turns a skat card, but the profile `{}` has no tourné",
                    profile.name
                ),
            )
            .with_help("tourné is played under `foster-1897` and `uspc`"),
        );
        return (SkatUse::Pickup, None);
    };
    let skat_use = if passt.is_some() {
        if !turning.second_turn {
            out.push(Diagnostic::error(
                "S0210",
                Kind::Illegal,
                passt.and_then(|p| at(p.span)),
                format!(
                    "the profile `{}` has no second turn (passt mir nicht)",
                    profile.name
                ),
            ));
        }
        SkatUse::SecondTurn
    } else {
        SkatUse::Turned
    };
    if hand {
        out.push(Diagnostic::error(
            "S0204",
            Kind::Illegal,
            first,
            format!("{declarer} declares a hand game but turns a skat card"),
        ));
    }
    let shown: Vec<Card> = turns
        .iter()
        .flat_map(|t| t.cards.iter().filter_map(|s| s.card))
        .collect();
    let turned = shown.first().copied();
    if shown.len() > 1 && !turning.both_shown_higher_suit {
        out.push(Diagnostic::error(
            "S0211",
            Kind::Illegal,
            first,
            format!("{declarer} turns {} cards; one card fixes the trump", shown.len()),
        ));
    }
    let Some(card) = turned else {
        return (skat_use, None);
    };
    let fixed_suit = if shown.len() > 1 {
        higher_suit(&shown).unwrap_or(card.suit)
    } else {
        card.suit
    };
    let ok = match game_type {
        GameType::Grand => turning.jack_makes_grand && shown.len() == 1 && card.rank == cards::Rank::Jack,
        GameType::Null => {
            profile.options.null_values.turned.is_some()
                && shown.len() == 1
                && card.rank == cards::Rank::Seven
        }
        g => g.trump_suit() == Some(fixed_suit),
    };
    if !ok {
        let why = match game_type {
            GameType::Grand => "a turned grand needs a turned jack".to_string(),
            GameType::Null => "a turned Null needs a turned seven, where the profile has it".to_string(),
            _ => format!(
                "the turned card makes {} trump",
                GameType::of_suit(fixed_suit).word()
            ),
        };
        out.push(Diagnostic::error(
            "S0211",
            Kind::Illegal,
            span,
            format!("{declarer} turns {card} and declares {}: {why}", game_type.word()),
        ));
    }
    (skat_use, turned)
}

/// The contract from the declaration and exchange, with their checks; also the discards and
/// the use of the skat.
fn contract_of(
    game: &Game,
    decl: &DeclIn,
    declarer: Seat,
    game_type: GameType,
    profile: &Profile,
    bid: Option<u32>,
    out: &mut Vec<Diagnostic>,
) -> Exchanged {
    let ann = profile.options.announcements;
    let span = at(decl.span);
    for e in &game.exchange {
        if let Some(s) = e.seat.filter(|&s| s != declarer) {
            out.push(Diagnostic::error(
                "S0207",
                Kind::Illegal,
                at(e.span),
                format!("{s} handles the skat, but {declarer} is the declarer"),
            ));
        }
    }
    let (skat_use, turned) = skat_use_of(game, decl, declarer, game_type, profile, out);
    let tourne = skat_use.is_turned();
    let pickup = game.exchange.iter().find(|e| {
        matches!(
            e.word,
            ExchangeWord::Pickup | ExchangeWord::Turn | ExchangeWord::Passt
        )
    });
    let discard = game.exchange.iter().find(|e| e.word == ExchangeWord::Discard);
    let hand_word = game.exchange.iter().any(|e| e.word == ExchangeWord::Hand);
    let trump_ouvert = decl.ouvert && game_type != GameType::Null;
    let mut hand = decl.hand || hand_word;
    if trump_ouvert && ann.ouvert_needs_hand {
        if !hand && (pickup.is_some() || discard.is_some()) {
            out.push(Diagnostic::error(
                "S0201",
                Kind::Illegal,
                span,
                format!(
                    "{} ouvert is a hand game, but {declarer} picked up the skat",
                    game_type.word()
                ),
            ));
        }
        hand = true;
    } else if hand && (pickup.is_some() || discard.is_some()) && !tourne {
        let at_span = pickup.or(discard).and_then(|e| at(e.span));
        out.push(Diagnostic::error(
            "S0204",
            Kind::Illegal,
            at_span,
            format!("{declarer} declares a hand game but picks up the skat"),
        ));
    }
    if tourne {
        hand = false;
    }
    let ouvert_kind_ok = if game_type == GameType::Grand {
        ann.grand_ouvert_allowed
    } else {
        ann.suit_ouvert_allowed
    };
    if trump_ouvert && !ouvert_kind_ok {
        out.push(Diagnostic::error(
            "S0201",
            Kind::Illegal,
            span,
            format!("{} ouvert is not allowed in this profile", game_type.word()),
        ));
    }
    let mut schneider = decl.schneider;
    let mut schwarz = decl.schwarz;
    if game_type == GameType::Null && (schneider || schwarz) {
        out.push(Diagnostic::error(
            "S0201",
            Kind::Illegal,
            span,
            "schneider and schwarz cannot be announced in Null",
        ));
        schneider = false;
        schwarz = false;
    }
    if !hand && ((schneider && ann.schneider_needs_hand) || (schwarz && ann.schwarz_needs_hand)) {
        let what = if schwarz { "schwarz" } else { "schneider" };
        out.push(
            Diagnostic::error(
                "S0201",
                Kind::Illegal,
                span,
                format!(
                    "{what} can be announced only in a hand game, and {declarer} {}",
                    if tourne {
                        "turned a skat card"
                    } else {
                        "picked up the skat"
                    }
                ),
            )
            .with_help("write `hand` in the declaration if the skat was not picked up"),
        );
    }
    let null_ouvert_refused =
        game_type == GameType::Null && decl.ouvert && !hand && !ann.null_ouvert_with_pickup;
    if null_ouvert_refused {
        out.push(Diagnostic::error(
            "S0201",
            Kind::Illegal,
            span,
            "Null ouvert must be played hand in this profile",
        ));
    }
    let contract = ann.implied(Contract {
        game: game_type,
        hand,
        schneider_announced: schneider,
        schwarz_announced: schwarz,
        ouvert: decl.ouvert,
    });
    // A game the profile does not have with this use of the skat.
    let skat_use = if tourne { skat_use } else { SkatUse::of_hand(hand) };
    let commits = profile.options.pickup_commits;
    let exists = if game_type == GameType::Null {
        null_ouvert_refused || profile.null_value(skat_use, decl.ouvert).is_some()
    } else {
        profile.base_value(game_type, skat_use, decl.ouvert).is_some()
    };
    let pickup_refused = skat_use == SkatUse::Pickup
        && match commits {
            PickupRule::Free => false,
            PickupRule::GrandUnlessNullFirst => game_type.trump_suit().is_some(),
            PickupRule::GrandOnly => game_type != GameType::Grand,
        };
    if !exists || pickup_refused {
        let how = match skat_use {
            SkatUse::Hand => "with the skat untouched",
            SkatUse::Pickup => "after taking up the skat",
            SkatUse::Turned | SkatUse::SecondTurn => "after turning a skat card",
        };
        out.push(
            Diagnostic::error(
                "S0210",
                Kind::Illegal,
                span,
                format!(
                    "{}{} is not a game of the profile `{}` {how}",
                    game_type.word(),
                    if decl.ouvert { " ouvert" } else { "" },
                    profile.name
                ),
            )
            .with_help(match commits {
                PickupRule::Free => "see `stich rules` for the games of each profile",
                PickupRule::GrandUnlessNullFirst => {
                    "taking up both skat cards binds the declarer to a grand or a Null (gucki)"
                }
                PickupRule::GrandOnly => "taking up both skat cards binds the declarer to a grand (Guckser)",
            }),
        );
    }
    if let (Some(v), Some(b)) = (
        (game_type == GameType::Null)
            .then(|| profile.null_value(skat_use, decl.ouvert))
            .flatten(),
        bid,
    ) && v < b
    {
        let name = match (hand, decl.ouvert) {
            (false, false) => "Null",
            (true, false) => "Null hand",
            (false, true) => "Null ouvert",
            (true, true) => "Null ouvert hand",
        };
        out.push(
            Diagnostic::error(
                "S0202",
                Kind::Illegal,
                span,
                format!("{name} is worth {v}, less than the bid {b}: {declarer} may not declare it"),
            )
            .with_help("a Null game must be worth at least the bid"),
        );
    }
    let discards = discard.map(|d| {
        if d.cards.len() != 2 {
            out.push(Diagnostic::error(
                "S0205",
                Kind::Illegal,
                at(d.span),
                format!(
                    "{declarer} lays away {} cards; exactly 2 go back to the skat",
                    d.cards.len()
                ),
            ));
        }
        d.cards.iter().filter_map(|s| s.card).collect::<Vec<Card>>()
    });
    let turn_written = game
        .exchange
        .iter()
        .any(|e| matches!(e.word, ExchangeWord::Turn | ExchangeWord::Passt));
    if turn_written {
        let taken: usize = game
            .exchange
            .iter()
            .filter(|e| {
                matches!(
                    e.word,
                    ExchangeWord::Pickup | ExchangeWord::Turn | ExchangeWord::Passt
                )
            })
            .map(|e| e.cards.len())
            .sum();
        if taken > 2 {
            out.push(Diagnostic::error(
                "S0205",
                Kind::Illegal,
                pickup.and_then(|p| at(p.span)),
                format!("{declarer} takes {taken} cards from the skat; the skat holds 2"),
            ));
        }
    } else if let Some(p) = pickup
        && !p.cards.is_empty()
        && p.cards.len() != 2
    {
        out.push(Diagnostic::error(
            "S0205",
            Kind::Illegal,
            at(p.span),
            format!("{declarer} picks up {} cards; the skat holds 2", p.cards.len()),
        ));
    }
    Exchanged {
        contract,
        discard: discards,
        skat_use,
        turned,
    }
}

/// The ouvert declarer's shown cards must be the hand at the first lead.
fn check_shown(decl: &DeclIn, declarer: Seat, hand: CardSet, known: bool, out: &mut Vec<Diagnostic>) {
    if decl.shown.is_empty() {
        return;
    }
    let shown: CardSet = decl.shown.iter().filter_map(|s| s.card).collect();
    if decl.shown.len() != 10 {
        out.push(Diagnostic::error(
            "S0206",
            Kind::Illegal,
            at(decl.span),
            format!(
                "{declarer} shows {} cards for ouvert; the hand has 10",
                decl.shown.len()
            ),
        ));
    } else if known && shown != hand {
        out.push(Diagnostic::error(
            "S0206",
            Kind::Illegal,
            at(decl.span),
            format!(
                "the ouvert hand shown is not {declarer}'s hand: shown but not held {}; held but not shown {}",
                shown.difference(hand).describe(),
                hand.difference(shown).describe()
            ),
        ));
    }
}

/// Works out the leader and the seat of every card; reports leaders out of turn.
fn attribute<'a>(game: &'a Game, game_type: GameType, out: &mut Vec<Diagnostic>) -> Vec<Step<'a>> {
    let Some((items, columns, _)) = &game.play else {
        return Vec::new();
    };
    let mut steps = Vec::with_capacity(items.len());
    let mut next_leader = Some(Seat::F);
    let mut number = 0u32;
    let mut previous_partial: Option<Span> = None;
    for item in items {
        match item {
            PlayIn::Event(e) => steps.push(Step::Event(e)),
            PlayIn::Trick(t) => {
                number += 1;
                if let Some(span) = previous_partial.take() {
                    out.push(Diagnostic::error(
                        "S0303",
                        Kind::Illegal,
                        at(span),
                        format!(
                            "trick {} has fewer than 3 cards but more tricks follow",
                            number - 1
                        ),
                    ));
                }
                if let Some(n) = t.number.filter(|&n| n != number) {
                    out.push(Diagnostic::warning(
                        "S0305",
                        at(t.span),
                        format!("trick numbered {n} is trick {number} of the play"),
                    ));
                }
                let leader = if *columns {
                    match next_leader {
                        Some(l) => l,
                        None => {
                            out.push(Diagnostic::error(
                                "S0505",
                                Kind::Incomplete,
                                at(t.span),
                                format!("trick {number}: who led is unknown because an earlier card is not recorded"),
                            ));
                            break;
                        }
                    }
                } else {
                    match (t.leader, next_leader) {
                        (Some((written, span)), Some(expected)) if written != expected => {
                            let why = if number == 1 {
                                "F leads to the first trick".to_string()
                            } else {
                                format!("{expected} won trick {} and leads", number - 1)
                            };
                            out.push(Diagnostic::error(
                                "S0302",
                                Kind::Illegal,
                                at(span),
                                format!("trick {number}: {written} leads, but {why}"),
                            ));
                            written
                        }
                        (Some((written, _)), _) => written,
                        (None, Some(expected)) => expected,
                        (None, None) => break,
                    }
                };
                let mut cards: Vec<(Seat, Option<Card>, Span)> = if *columns {
                    let mut cs: Vec<(Seat, Option<Card>, Span)> = t
                        .cards
                        .iter()
                        .filter_map(|(s, slot)| s.map(|s| (s, slot.card, slot.span)))
                        .collect();
                    cs.sort_by_key(|c| (c.0.index() + 3 - leader.index()) % 3);
                    cs
                } else {
                    let mut seat = leader;
                    t.cards
                        .iter()
                        .map(|(_, slot): &(Option<Seat>, Slot)| {
                            let here = seat;
                            seat = seat.next();
                            (here, slot.card, slot.span)
                        })
                        .collect()
                };
                if cards.len() > 3 || (*columns && cards.len() != 3) {
                    out.push(Diagnostic::error(
                        "S0303",
                        Kind::Illegal,
                        at(t.span),
                        format!("trick {number} has {} cards; a trick has 3", t.cards.len()),
                    ));
                    cards.truncate(3);
                }
                if cards.len() < 3 {
                    previous_partial = Some(t.span);
                }
                // Only a trick of three known cards has a winner (at most three are kept).
                next_leader = match cards.as_slice() {
                    [(_, Some(a), _), (_, Some(b), _), (_, Some(c), _)] => {
                        cards.get(play::winner(game_type, &[*a, *b, *c])).map(|c| c.0)
                    }
                    _ => None,
                };
                steps.push(Step::Trick(Placed {
                    number,
                    leader,
                    cards,
                    claim: t.claim,
                }));
            }
        }
    }
    steps
}

#[derive(Clone, Copy)]
struct DeclCtx {
    declarer: Seat,
    pickup: bool,
}

/// Runs the core deal check over every mention of a card.
fn check_deal(
    game: &Game,
    out: &mut Vec<Diagnostic>,
    ctx: Option<DeclCtx>,
    steps: &[Step<'_>],
) -> deal::DealOutcome {
    let mut sightings: Vec<Sighting<Origin>> = Vec::with_capacity(64);
    let mut pools = vec![
        Pool {
            label: "F",
            size: 10,
            line: None,
        },
        Pool {
            label: "M",
            size: 10,
            line: None,
        },
        Pool {
            label: "R",
            size: 10,
            line: None,
        },
        Pool {
            label: "the skat",
            size: 2,
            line: None,
        },
    ];
    if let Some(d) = &game.deal {
        let lines = d
            .hands
            .iter()
            .enumerate()
            .map(|(i, h)| (i, h.as_ref()))
            .chain(std::iter::once((SKAT, d.skat.as_ref())));
        for (i, line) in lines {
            let Some(line) = line else { continue };
            if let Some(p) = pools.get_mut(i) {
                p.line = Some((line.cards.len(), at(line.span)));
            }
            for s in &line.cards {
                if let Some(card) = s.card {
                    sightings.push(Sighting {
                        card,
                        place: Place::Pool(i),
                        sight: Sight::Dealt,
                        span: at(s.span),
                        origin: Origin::Line(i, s.span),
                    });
                }
            }
        }
    }
    let declarer_place = |ctx: DeclCtx| {
        if ctx.pickup {
            Place::Either(ctx.declarer.index(), SKAT)
        } else {
            Place::Pool(ctx.declarer.index())
        }
    };
    if let Some(ctx) = ctx {
        for e in &game.exchange {
            for s in &e.cards {
                let Some(card) = s.card else { continue };
                match e.word {
                    ExchangeWord::Pickup | ExchangeWord::Turn | ExchangeWord::Passt => {
                        sightings.push(Sighting {
                            card,
                            place: Place::Pool(SKAT),
                            sight: Sight::Seen,
                            span: at(s.span),
                            origin: Origin::Pickup(s.span),
                        })
                    }
                    ExchangeWord::Discard if ctx.pickup => sightings.push(Sighting {
                        card,
                        place: Place::Either(ctx.declarer.index(), SKAT),
                        sight: Sight::Played,
                        span: at(s.span),
                        origin: Origin::Discard(s.span),
                    }),
                    _ => {}
                }
            }
        }
        if let Some(decl) = &game.declaration {
            for s in &decl.shown {
                if let Some(card) = s.card {
                    sightings.push(Sighting {
                        card,
                        place: declarer_place(ctx),
                        sight: Sight::Seen,
                        span: at(s.span),
                        origin: Origin::Shown(s.span),
                    });
                }
            }
        }
        for step in steps {
            match step {
                Step::Trick(t) => {
                    for &(seat, card, span) in &t.cards {
                        let Some(card) = card else { continue };
                        let place = if seat == ctx.declarer {
                            declarer_place(ctx)
                        } else {
                            Place::Pool(seat.index())
                        };
                        sightings.push(Sighting {
                            card,
                            place,
                            sight: Sight::Played,
                            span: at(span),
                            origin: Origin::Trick(t.number, seat, span),
                        });
                    }
                }
                Step::Event(e) if e.seat == Some(ctx.declarer) => {
                    for s in &e.cards {
                        if let Some(card) = s.card {
                            sightings.push(Sighting {
                                card,
                                place: declarer_place(ctx),
                                sight: Sight::Seen,
                                span: at(s.span),
                                origin: Origin::Shown(s.span),
                            });
                        }
                    }
                }
                Step::Event(_) => {}
            }
        }
    }
    let outcome = deal::check(&pools, pack::cards(), &sightings, describe);
    out.extend(outcome.findings.iter().cloned());
    for (i, p) in pools.iter().enumerate() {
        if outcome.inferred.get(i).copied().unwrap_or(false) {
            let cards = outcome.pools.get(i).copied().unwrap_or_default();
            let what = if i == SKAT {
                "the skat is".to_string()
            } else {
                format!("{}'s hand is", p.label)
            };
            out.push(Diagnostic::note(
                "D0108",
                p.line.and_then(|l| l.1),
                format!(
                    "{what} inferred from the rest of the record: {}",
                    cards.describe()
                ),
            ));
        }
    }
    outcome
}

fn deal_out(outcome: &deal::DealOutcome) -> Deal {
    let hands = Seat::ALL
        .iter()
        .map(|&s| DealtHand {
            seat: s,
            cards: outcome
                .pools
                .get(s.index())
                .map(|p| p.to_vec())
                .unwrap_or_default(),
            inferred: outcome.inferred.get(s.index()).copied().unwrap_or(false),
            complete: outcome.complete.get(s.index()).copied().unwrap_or(false),
        })
        .collect();
    Deal {
        hands,
        skat: outcome.pools.get(SKAT).map(|p| p.to_vec()).unwrap_or_default(),
        skat_inferred: outcome.inferred.get(SKAT).copied().unwrap_or(false),
        declarer_or_skat: outcome.unresolved.to_vec(),
    }
}

/// What the play produced.
struct Played {
    records: Vec<TrickRecord>,
    end: Option<(End, u32)>,
    complete_tricks: u32,
    declarer_points: u32,
    defender_points: u32,
    declarer_tricks: u32,
    defender_tricks: u32,
    trick_points_total: u32,
    /// Kontra and Re said.
    doublings: u32,
}

#[allow(clippy::too_many_arguments)]
fn simulate(
    profile: &Profile,
    game: &Game,
    steps: &[Step<'_>],
    declarer: Seat,
    (contract, skat_use): (Contract, SkatUse),
    mut hands: [CardSet; 3],
    reported: CardSet,
    out: &mut Vec<Diagnostic>,
) -> Played {
    let early = profile.options.early_end;
    let game_type = contract.game;
    let mut p = Played {
        records: Vec::with_capacity(10),
        end: None,
        complete_tricks: 0,
        declarer_points: 0,
        defender_points: 0,
        declarer_tricks: 0,
        defender_tricks: 0,
        trick_points_total: 0,
        doublings: 0,
    };
    let mut kontra_by: Option<Seat> = None;
    let mut resigned = [false; 3];
    let mut claimed = false;
    let mut warned_after_end = false;
    let points = pack::points();
    'steps: for step in steps {
        match step {
            Step::Trick(t) => {
                if p.end.is_some() && !warned_after_end {
                    warned_after_end = true;
                    let (_, at_trick) = p.end.unwrap_or((End::PlayedOut, 0));
                    out.push(Diagnostic::warning(
                        "S0304",
                        t.cards.first().and_then(|c| at(c.2)),
                        format!("the game ended at trick {at_trick}; the tricks after it are checked but not counted"),
                    ));
                }
                let mut so_far: Vec<Card> = Vec::with_capacity(3);
                for &(seat, card, span) in &t.cards {
                    let Some(card) = card else {
                        out.push(Diagnostic::error(
                            "S0505",
                            Kind::Incomplete,
                            at(span),
                            format!("trick {}: {seat}'s card is not recorded (`??`), so the play cannot be followed further", t.number),
                        ));
                        break 'steps;
                    };
                    let i = seat.index();
                    let hand = hands[i];
                    if !reported.contains(card)
                        && let Some(b) = play::breach(profile, game_type, hand, &so_far, card)
                    {
                        let led = so_far.first().copied();
                        let mut d = Diagnostic::error(
                            "S0301",
                            Kind::Illegal,
                            at(span),
                            play::breach_message(t.number, seat, card, b),
                        );
                        if let Some(l) = led {
                            d = d.with_help(format!("{l} was led; a player must follow suit when able"));
                        }
                        out.push(d);
                    }
                    hands[i].remove(card);
                    so_far.push(card);
                }
                let trick_points: u32 = so_far.iter().map(|&c| points.card(c)).sum();
                let mut record = TrickRecord {
                    number: t.number,
                    leader: t.leader,
                    cards: t
                        .cards
                        .iter()
                        .filter_map(|&(seat, c, _)| c.map(|card| PlayedCard { seat, card }))
                        .collect(),
                    winner: None,
                    points: trick_points,
                };
                if so_far.len() == 3 {
                    let w = t
                        .cards
                        .get(play::winner(game_type, &so_far))
                        .map_or(t.leader, |c| c.0);
                    record.winner = Some(w);
                    let declarer_won = w == declarer;
                    if let Some((claim, span)) = t.claim {
                        let computed_points = if declarer_won { trick_points } else { 0 };
                        let (ok, claimed_text) = match claim {
                            TrickClaim::Points(n) => (n == computed_points, n.to_string()),
                            TrickClaim::Lost => (!declarer_won, "-".to_string()),
                        };
                        if !ok {
                            let computed_text = if declarer_won {
                                trick_points.to_string()
                            } else {
                                "-".to_string()
                            };
                            let message = format!(
                                "trick {}: the record claims {claimed_text} for the declarer's side; {w} wins the trick with {trick_points} points, so the declarer's side takes {computed_text}",
                                t.number
                            );
                            let d = match &game.disputed {
                                Some(_) => notation::Diagnostic {
                                    severity: notation::Severity::Warning,
                                    ..Diagnostic::error("S0401", Kind::Disputed, at(span), message)
                                },
                                None => Diagnostic::error("S0401", Kind::Inconsistent, at(span), message),
                            };
                            out.push(d.with_figures(claimed_text, computed_text));
                        }
                    }
                    if p.end.is_none() {
                        p.complete_tricks += 1;
                        p.trick_points_total += trick_points;
                        if declarer_won {
                            p.declarer_tricks += 1;
                            p.declarer_points += trick_points;
                        } else {
                            p.defender_tricks += 1;
                            p.defender_points += trick_points;
                        }
                        if let Some(end) =
                            play::ended_by_trick(profile, &contract, declarer_won, p.defender_points)
                        {
                            p.end = Some((end, t.number));
                        } else if p.complete_tricks == 10 {
                            p.end = Some((End::PlayedOut, t.number));
                        }
                    }
                } else if let Some((_, span)) = t.claim {
                    out.push(Diagnostic::note(
                        "S0508",
                        at(span),
                        format!(
                            "trick {}: the claim on an unfinished trick is not checked",
                            t.number
                        ),
                    ));
                }
                p.records.push(record);
            }
            Step::Event(e) => {
                let Some(seat) = e.seat else {
                    out.push(Diagnostic::warning(
                        "S0502",
                        at(e.span),
                        "a play event without a seat; ignored",
                    ));
                    continue;
                };
                if p.end.is_some() {
                    continue;
                }
                let at_trick = p.complete_tricks + 1;
                let ending = match e.word {
                    EventWord::Concedes | EventWord::Resigns if seat == declarer => {
                        Some(End::DeclarerConceded)
                    }
                    EventWord::Concedes | EventWord::Resigns => {
                        resigned[seat.index()] = true;
                        let both = Seat::ALL
                            .iter()
                            .filter(|&&s| s != declarer)
                            .all(|s| resigned[s.index()]);
                        both.then_some(End::DefendersConceded)
                    }
                    EventWord::Shows if seat == declarer => {
                        claimed = true;
                        None
                    }
                    EventWord::Shows => {
                        out.push(Diagnostic::warning(
                            "S0502",
                            at(e.span),
                            format!(
                                "{seat} is a defender; only the declarer shows the cards to claim the rest"
                            ),
                        ));
                        None
                    }
                    EventWord::TimesOut | EventWord::Leaves => Some(if seat == declarer {
                        End::DeclarerPenalized
                    } else {
                        End::DefenderPenalized
                    }),
                    EventWord::Abandons => {
                        let rule = early.abandon;
                        let allowed = rule.is_some_and(|a| {
                            seat == declarer
                                && skat_use.is_turned()
                                && (!a.turned_suit_only || game_type.trump_suit().is_some())
                                && at_trick <= a.before_trick
                        });
                        if !allowed {
                            let why = match rule {
                                None => format!("the profile `{}` has no abandoning", profile.name),
                                Some(_) if seat != declarer => format!("{seat} is a defender"),
                                Some(a) if at_trick > a.before_trick => {
                                    format!(
                                        "a tourné may be abandoned only before the declarer plays to trick {}",
                                        a.before_trick
                                    )
                                }
                                Some(_) => "only a suit tourné may be abandoned".to_string(),
                            };
                            out.push(
                                Diagnostic::error(
                                    "S0213",
                                    Kind::Illegal,
                                    at(e.span),
                                    format!("{seat} abandons the game: {why}"),
                                )
                                .with_help("seed 001, Law 44: a tourné may be given up before the declarer plays to the second trick"),
                            );
                        }
                        (seat == declarer).then_some(End::Abandoned)
                    }
                    EventWord::Kontra | EventWord::Re => {
                        let is_kontra = e.word == EventWord::Kontra;
                        let problem = if !profile.options.kontra {
                            Some(format!("the profile `{}` has no Kontra and Re", profile.name))
                        } else if p.complete_tricks >= 1 {
                            Some("Kontra and Re must be said before the second trick".to_string())
                        } else if is_kontra && (seat == declarer || kontra_by.is_some()) {
                            Some("only a defender says Kontra, once".to_string())
                        } else if !is_kontra && (seat != declarer || kontra_by.is_none() || p.doublings > 1) {
                            Some("only the declarer says Re, once, after a Kontra".to_string())
                        } else {
                            None
                        };
                        match problem {
                            Some(why) => out.push(Diagnostic::error(
                                "S0214",
                                Kind::Illegal,
                                at(e.span),
                                format!("{seat} says {}: {why}", if is_kontra { "Kontra" } else { "Re" }),
                            )),
                            None => {
                                if is_kontra {
                                    kontra_by = Some(seat);
                                }
                                p.doublings += 1;
                            }
                        }
                        None
                    }
                };
                if let Some(end) = ending {
                    if !early.concessions && matches!(end, End::DeclarerConceded | End::DefendersConceded) {
                        out.push(Diagnostic::warning(
                            "S0502",
                            at(e.span),
                            "this profile has no concessions; ignored",
                        ));
                    } else {
                        p.end = Some((end, at_trick));
                    }
                }
            }
        }
    }
    if p.end.is_none() && claimed && early.concessions {
        p.end = Some((End::DeclarerClaimed, p.complete_tricks + 1));
    }
    p
}
