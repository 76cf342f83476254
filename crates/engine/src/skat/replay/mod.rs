//! The replay: drives auction, declaration, deal check, play and scoring over a typed game
//! and collects every finding. One module per phase: `layout` (who played each card),
//! `deal`, `declaration` (exchange and contract), `play` (the tricks, through the play
//! state), `score` (matadors and the figures), and `ramsch`.

mod deal;
mod declaration;
mod layout;
mod play;
mod ramsch;
mod schieben;
mod score;

use cards::Card;
use notation::{Diagnostic, Kind, Severity, Span, TrickClaim};

use crate::core::CardSet;
use crate::skat::auction;
use crate::skat::claims;
use crate::skat::interpret::{DeclIn, Game, PlayIn, at};
use crate::skat::model::GameType;
use crate::skat::model::{Contract, Deal, Declaration, Exchange, GameResult, Replay, Seat, SeatCall};
use crate::skat::pack;
use crate::skat::result;
use crate::skat::rules::{AllPass, Profile};
use crate::skat::state::{PlayState, TRICKS};
use crate::skat::words::EventWord;

use deal::{DeclCtx, check_deal, deal_out, discard_span};
use declaration::{Exchanged, bid_of, check_shown, contract_of, extra_value_of};
use layout::attribute;
use ramsch::ramsch_replay;

pub(crate) use play::breach_message;

const SKAT: usize = 3;

/// A trick with its seats worked out.
struct Placed {
    number: u32,
    leader: Seat,
    cards: TrickCards,
    claim: Option<(TrickClaim, Span)>,
}

/// The cards of a placed trick: seat, card (`None` for `??`) and where it is written.
type TrickCards = arrayvec::ArrayVec<(Seat, Option<Card>, Span), 3>;

/// An item of the play after attribution.
enum Step<'a> {
    Trick(Placed),
    Event(&'a crate::skat::interpret::EventIn),
}

/// Replays a typed game under a profile.
pub fn run(game: &Game, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    run_keeping(game, profile, &mut None)
}

/// [`run`], leaving in `kept` the play state after the record's last card (left `None` when
/// the record does not reach a trump or Null play): where a game driven through
/// [`crate::table_game`] goes on.
pub fn run_keeping<'p>(
    game: &Game,
    profile: &'p Profile,
    kept: &mut Option<PlayState<'p>>,
) -> (Replay, Vec<Diagnostic>) {
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
        priced,
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
    result::declared(
        &mut replay.result,
        declarer,
        &contract,
        shown_contract.ouvert,
        bid,
    );

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

    let matadors = score::matadors(
        profile,
        decl,
        (declarer, &contract, skat_use, extra),
        (twelve, twelve_known),
        (pool(declarer.index()), complete(declarer.index())),
        (bid, turned),
        &mut out,
    );
    // Null has no matadors; the result says 0, as score sheets do.
    replay.result.matadors = matadors.or((game_type == GameType::Null).then_some(0));
    replay.result.skat_use = profile.prices_skat_use().then_some(skat_use);

    // The play.
    let played = play::simulate(
        profile,
        game,
        &steps,
        declarer,
        (contract, skat_use),
        hands,
        &mut out,
    );
    *kept = Some(played.state);
    replay.result.kontra = (played.doublings > 0).then_some(played.doublings);
    replay.tricks = played.records;
    let counts = played.counts;
    let r = &mut replay.result;
    r.skat_points = skat_for_declarer.map(|s| pack::points().set(s)).or_else(|| {
        (counts.tricks() == TRICKS)
            .then(|| pack::TOTAL_POINTS.saturating_sub(counts.declarer_trick_points + counts.defender_points))
    });
    let Some((end, ended_at)) = played.end else {
        if game.play.is_some() || game.unfinished.is_some() {
            out.push(stopped_early(game, counts.tricks()));
        }
        r.declarer_tricks = None;
        let checked = claims::compare(&game.claims, &replay.result, game.disputed.as_deref());
        if game.play.is_none() {
            out.push(no_play(game, &checked, at(decl.span)));
        }
        out.extend(checked);
        return (replay, out);
    };
    result::figure(
        profile,
        &result::Finished {
            contract,
            skat_use,
            extra: extra.map(|e| (e, extra_value)),
            matadors,
            skat_points: r.skat_points,
            counts,
            end,
            ended_at,
            doublings: played.doublings,
            bid,
            priced,
        },
        r,
    );
    out.extend(claims::compare(
        &game.claims,
        &replay.result,
        game.disputed.as_deref(),
    ));
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
