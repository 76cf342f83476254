//! The quick replay: a complete Skat game in flat, typed form, replayed without building a
//! report.
//!
//! Archives of server records are almost all complete, legal and rightly scored, and for
//! them the full replay ([`crate::skat::check`]) spends most of its time on what only a
//! finding needs: spans, messages, the normalized record. The quick replay takes the game
//! with every card known, drives it through the same game states as the full replay
//! ([`AuctionState`], [`contract::settle`], [`PlayState`], and the score phase
//! [`result::figure`]) with a sink that stops at the first refusal, and gives the
//! result, or `None` as soon as anything is not plain: an illegal action, a card out of
//! turn, a play that stops without an end, anything the full replay would say more than a
//! note about. `None` means "not decided here", never "wrong": the caller then runs the full
//! replay, which decides and explains. Tests hold the two to the same verdict.

use cards::Card;

use std::ops::ControlFlow;

use crate::skat::model::Call as CallKind;

use crate::core::CardSet;
use crate::core::game::GameState;
use crate::core::game::{Recovery, Sink, drive};
use crate::skat::auction::{AuctionState, Called};
use crate::skat::contract::{self, Declaring};
use crate::skat::model::{Contract, End, GameResult, GameType, Seat, SkatUse};
use crate::skat::pack;
use crate::skat::result;
use crate::skat::rules::{AllPass, Profile};
use crate::skat::state::{Event, PlayState, Refusal, TrickDone};
use crate::skat::words::EventWord;

/// Calls an auction may hold in the quick replay; a longer one goes to the full replay.
pub const MAX_CALLS: usize = 48;

/// The declaration of a game in flat form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declared {
    /// Who declares.
    pub declarer: Seat,
    /// The game as declared: `hand` as written (a trump ouvert is hand whether written or
    /// not), announcements as written (their implications are the profile's to add).
    pub contract: Contract,
    /// The skat as the record shows it when the declarer took it up.
    pub skat_shown: Option<[Card; 2]>,
    /// The two cards laid away after picking up the skat.
    pub discard: Option<[Card; 2]>,
    /// The skat was picked up.
    pub pickup: bool,
}

/// One action of the play: the play state's own ([`Act`]), so that the flat game is
/// driven as it is read.
pub use crate::skat::state::Act;

/// A complete game in flat form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game<'a> {
    /// The hands dealt, F M R.
    pub hands: [CardSet; 3],
    /// The skat as dealt.
    pub skat: CardSet,
    /// The auction.
    pub calls: &'a [(Seat, CallKind)],
    /// The declaration, absent when all passed.
    pub declared: Option<Declared>,
    /// The play in the order the record gives it; an event made during a trick comes after
    /// that trick's cards, as the notation places it.
    pub play: &'a [Act],
}

pub use crate::skat::state::Counts;

/// How a game was declared and played, for [`result_of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who played.
    pub declarer: Seat,
    /// The contract, implications added.
    pub contract: Contract,
    /// The declarer's ten cards as dealt.
    pub dealt: CardSet,
    /// The skat as dealt.
    pub skat_dealt: CardSet,
    /// The skat that counts for the declarer: the laid-away cards after a pick-up.
    pub skat_after: CardSet,
    /// The counts of the completed tricks.
    pub counts: Counts,
    /// How the play ended, and at which trick.
    pub end: (End, u32),
    /// Someone conceded or resigned during the play (it counts only when it ended the game).
    pub resigned: bool,
    /// The bid.
    pub bid: u32,
}

/// The result of a game played under an ISkO-kind profile (hand or pick-up, no Kontra, no
/// extra games), through the one score phase ([`result::figure`]).
pub fn result_of(profile: &Profile, g: &Played) -> GameResult {
    let game = g.contract.game;
    // Where the skat's matadors do not count for a hand game (seed 004's unofficial rules),
    // only the declarer's ten cards are counted.
    let counted = if g.contract.hand && !profile.options.matadors_count_skat {
        g.dealt
    } else {
        g.dealt.union(g.skat_dealt)
    };
    let matadors = pack::matadors(game, counted);
    let mut r = GameResult {
        matadors: matadors.or((game == GameType::Null).then_some(0)),
        skat_points: Some(pack::points().set(g.skat_after)),
        skat_use: profile
            .prices_skat_use()
            .then_some(SkatUse::of_hand(g.contract.hand)),
        resigned: g.resigned,
        ..GameResult::default()
    };
    result::declared(&mut r, g.declarer, &g.contract, g.contract.ouvert, Some(g.bid));
    let (end, ended_at) = g.end;
    result::figure(
        profile,
        &result::Finished {
            contract: g.contract,
            skat_use: SkatUse::of_hand(g.contract.hand),
            extra: None,
            matadors,
            skat_points: r.skat_points,
            counts: g.counts,
            end,
            ended_at,
            doublings: 0,
            bid: Some(g.bid),
            priced: true,
        },
        &mut r,
    );
    r
}

/// The auction's winner and bid, or `None` for all passed; `Err` when the calls are not a
/// plain legal auction (a call refused or warned about, or the auction unsettled: the full
/// replay has something to say about them).
fn auction_of(calls: &[(Seat, CallKind)], profile: &Profile) -> Result<Option<(Seat, u32)>, ()> {
    let mut state = AuctionState::new(profile);
    for &call in calls {
        if state.play(call) != Ok(Called::Plain) {
            return Err(());
        }
    }
    if !state.is_over() {
        return Err(());
    }
    let outcome = state.outcome();
    if outcome.passed {
        return Ok(None);
    }
    outcome.winner.zip(outcome.bid).map(Some).ok_or(())
}

/// The contract the declaration settles ([`contract::settle`], as the full replay does), or
/// `None` where the full replay would report a problem or where the record is not plain (a
/// hand game picked up, a game neither hand nor picked up).
fn contract_of(profile: &Profile, d: &Declared, bid: u32) -> Option<Contract> {
    let declaring = Declaring {
        game: d.contract.game,
        hand: d.contract.hand,
        taken: d.pickup,
        turned: None,
        ouvert: d.contract.ouvert,
        schneider: d.contract.schneider_announced,
        schwarz: d.contract.schwarz_announced,
    };
    let mut plain = true;
    let (c, _) = contract::settle(profile, &declaring, Some(bid), &mut |_| plain = false);
    (plain && c.hand != d.pickup).then_some(c)
}

/// Replays a complete game; `None` when the full replay is needed to decide it (see the
/// module's documentation). Only for profiles like the official rules: games priced as hand
/// or pick-up, a free choice of game after the pick-up, no Kontra, no Ramsch; the others go
/// to the full replay.
pub fn replay(profile: &Profile, game: &Game<'_>) -> Option<GameResult> {
    replay_in_full(profile, game).map(|r| r.result)
}

/// The tricks a quick replay completed and counted, in play order: at most ten.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tricks {
    done: [Option<TrickDone>; 10],
    len: usize,
}

impl Tricks {
    fn push(&mut self, t: TrickDone) -> Option<()> {
        *self.done.get_mut(self.len)? = Some(t);
        self.len += 1;
        Some(())
    }

    /// The tricks, in play order.
    pub fn iter(&self) -> impl Iterator<Item = &TrickDone> {
        self.done.iter().take(self.len).flatten()
    }
}

/// What a quick replay gives beyond the result, for a report that shows the whole game: the
/// contract as settled (its implications added) and every trick with its winner and points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The result, as [`replay`] gives it.
    pub result: GameResult,
    /// The contract as settled; `None` when all passed.
    pub contract: Option<Contract>,
    /// The tricks.
    pub tricks: Tricks,
}

/// Replays a complete game as [`replay`] does, and keeps the settled contract and the
/// tricks (see [`Replayed`]).
pub fn replay_in_full(profile: &Profile, game: &Game<'_>) -> Option<Replayed> {
    if profile.prices_skat_use()
        || profile.options.kontra
        || matches!(profile.options.all_pass, AllPass::Ramsch(_))
    {
        return None;
    }
    // The deal: ten cards a hand and two in the skat that together are the whole pack (so
    // no card is dealt twice).
    let all = game.hands.iter().fold(game.skat, |all, &h| all.union(h));
    if all != pack::cards() || game.skat.len() != 2 || game.hands.iter().any(|h| h.len() != 10) {
        return None;
    }
    let won = auction_of(game.calls, profile).ok()?;
    let Some((winner, bid)) = won else {
        // All passed: nothing else may follow, and the deal is thrown in.
        if game.declared.is_some() || !game.play.is_empty() {
            return None;
        }
        return Some(Replayed {
            result: GameResult {
                passed: true,
                score: Some(0),
                ..GameResult::default()
            },
            contract: None,
            tricks: Tricks::default(),
        });
    };
    let d = game.declared?;
    if d.declarer != winner {
        return None;
    }
    let contract = contract_of(profile, &d, bid)?;
    let di = d.declarer.index();
    let dealt = *game.hands.get(di)?;
    let mut hands = game.hands;
    let skat_after = if d.pickup {
        let [a, b] = d.discard?;
        if let Some([x, y]) = d.skat_shown
            && CardSet::of([x, y]) != game.skat
        {
            return None;
        }
        let twelve = dealt.union(game.skat);
        let laid = CardSet::of([a, b]);
        if a == b || !twelve.contains(a) || !twelve.contains(b) {
            return None;
        }
        *hands.get_mut(di)? = twelve.difference(laid);
        laid
    } else {
        if d.discard.is_some() || d.skat_shown.is_some() {
            return None;
        }
        game.skat
    };
    let mut state = PlayState::new(
        profile,
        d.declarer,
        contract,
        SkatUse::of_hand(contract.hand),
        hands,
    );
    let mut sink = Verdict::default();
    let acts = game.play.iter().map(|&act| ((), act));
    if drive(&mut state, acts, &mut sink).is_break() {
        return None;
    }
    if sink.overflow {
        return None;
    }
    let end = state.finish()?;
    let result = result_of(
        profile,
        &Played {
            declarer: d.declarer,
            contract,
            dealt,
            skat_dealt: game.skat,
            skat_after,
            counts: state.counts(),
            end,
            resigned: sink.resigned,
            bid,
        },
    );
    Some(Replayed {
        result,
        contract: Some(contract),
        tricks: sink.tricks,
    })
}

/// The quick replay's sink: it stops at anything that is not plain, and remembers whether
/// anyone resigned.
#[derive(Default)]
struct Verdict {
    resigned: bool,
    /// An event came while a trick was unfinished: the record's play must end there.
    frozen: bool,
    /// The tricks counted so far.
    tricks: Tricks,
    /// More tricks than a game has were counted (the play state never allows it).
    overflow: bool,
}

impl Sink<PlayState<'_>, ()> for Verdict {
    #[inline]
    fn event(&mut self, _: &(), act: Act, event: &Event) -> ControlFlow<()> {
        match (act, event) {
            // Cards after the end, or after an event that followed an unfinished trick, are
            // the full replay's to report.
            (Act::Card(..), _) if self.frozen => ControlFlow::Break(()),
            (_, Event::Card { after_end: true }) => ControlFlow::Break(()),
            (_, Event::Trick(t)) if !t.counted => ControlFlow::Break(()),
            (_, Event::Trick(t)) => {
                self.overflow |= self.tricks.push(*t).is_none();
                ControlFlow::Continue(())
            }
            (Act::Says(..), Event::Ignored { after_end: false, .. }) => ControlFlow::Break(()),
            (Act::Says(_, word), Event::Said { mid_trick, .. } | Event::Ignored { mid_trick, .. }) => {
                self.resigned |= word == EventWord::Resigns;
                self.frozen |= *mid_trick;
                ControlFlow::Continue(())
            }
            _ => ControlFlow::Continue(()),
        }
    }

    fn refused(&mut self, _: &(), _: Act, _: Refusal) -> ControlFlow<(), Recovery> {
        ControlFlow::Break(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skat::r#gen::{Generated, Stop, generate_game, to_record};

    /// The flat form of a generated game, the way a server record gives it.
    fn flat(g: &Generated, play: &mut Vec<Act>) -> Option<Declared> {
        let (declarer, contract) = g.contract?;
        for (n, t) in g.tricks.iter().enumerate() {
            if let Some((k, stop)) = g.stop
                && k == n
            {
                push_stop(play, declarer, stop);
            }
            let mut seat = t.leader;
            for &c in &t.cards {
                play.push(Act::Card(seat, c));
                seat = seat.next();
            }
        }
        if let Some((k, stop)) = g.stop
            && k >= g.tricks.len()
        {
            push_stop(play, declarer, stop);
        }
        Some(Declared {
            declarer,
            contract,
            skat_shown: None,
            discard: g.discard,
            pickup: !contract.hand,
        })
    }

    fn push_stop(play: &mut Vec<Act>, declarer: Seat, stop: Stop) {
        match stop {
            Stop::DeclarerConcedes => play.push(Act::Says(declarer, EventWord::Resigns)),
            Stop::DefendersResign => play.extend(
                Seat::ALL
                    .iter()
                    .filter(|&&s| s != declarer)
                    .map(|&s| Act::Says(s, EventWord::Resigns)),
            ),
            Stop::DeclarerShows => play.push(Act::Says(declarer, EventWord::Shows)),
        }
    }

    /// The figures a result claim can state.
    fn figures(r: &GameResult) -> impl PartialEq + std::fmt::Debug {
        (
            (r.passed, r.declarer, r.game, r.won, r.score, r.value, r.bid),
            (
                r.matadors,
                r.declarer_card_points,
                r.declarer_tricks,
                r.skat_points,
            ),
            (r.schneider, r.schwarz, r.overbid, r.resigned, r.end),
        )
    }

    #[test]
    fn the_quick_replay_gives_the_full_replays_figures() {
        for profile in crate::skat::rules::all() {
            let mut decided = 0;
            for seed in 0..1500 {
                let g = generate_game(seed, profile);
                let mut play = Vec::new();
                let declared = flat(&g, &mut play);
                let game = Game {
                    hands: g.hands,
                    skat: g.skat,
                    calls: &g.calls,
                    declared,
                    play: &play,
                };
                let Some(quick) = replay(profile, &game) else {
                    continue;
                };
                decided += 1;
                let record = to_record(&g, profile);
                let (full, findings) = crate::skat::check(&record, profile);
                assert!(
                    findings.iter().all(|d| d.severity == notation::Severity::Note),
                    "{} seed {seed}: {findings:?}",
                    profile.name
                );
                assert_eq!(
                    figures(&quick),
                    figures(&full.result),
                    "{} seed {seed}",
                    profile.name
                );
            }
            // The official rules are what the quick replay is for: it decides every game.
            if profile.name == "isko" {
                assert_eq!(decided, 1500);
            }
        }
    }

    #[test]
    fn what_is_not_plain_is_left_to_the_full_replay() {
        let profile = crate::skat::rules::by_name("isko").unwrap();
        let g = (0..200)
            .map(|s| generate_game(s, profile))
            .find(|g| g.contract.is_some() && g.stop.is_none() && g.tricks.len() == 10)
            .unwrap();
        let mut play = Vec::new();
        let declared = flat(&g, &mut play);
        let base = Game {
            hands: g.hands,
            skat: g.skat,
            calls: &g.calls,
            declared,
            play: &play,
        };
        assert!(replay(profile, &base).is_some());
        // A card out of turn, a missing card, a card after the end, and a swapped deal.
        let mut swapped = play.clone();
        swapped.swap(0, 1);
        let mut short = play.clone();
        short.pop();
        let mut long = play.clone();
        long.push(*play.first().unwrap());
        for p in [&swapped, &short, &long] {
            assert_eq!(replay(profile, &Game { play: p, ..base }), None);
        }
        let hands = [g.hands[1], g.hands[0], g.hands[2]];
        assert_eq!(replay(profile, &Game { hands, ..base }), None);
        // Other profiles go to the full replay.
        let kontra = crate::skat::rules::by_name("isko-kontra").unwrap();
        assert_eq!(replay(kontra, &base), None);
    }
}
