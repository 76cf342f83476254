//! The phases of a Skat deal before the play, for bots ([`crate::skat::game`]): the auction,
//! the declarer's choice to pick up the skat or play hand, the discard and the declaration.
//!
//! Each phase is judged by the check's own code, so that a record a bot writes is one the
//! check finds consistent: the turn and the lowest bid come from the auction state the replay
//! drives ([`AuctionState`]), and every candidate action is tried by writing the record with
//! it and replaying that record ([`interpret`], [`replay::run_keeping`]); a candidate the
//! replay finds illegal is refused with the replay's finding. Only the findings of a record
//! that merely stops (kind incomplete) are let through.

use cards::Card;
use notation::{Diagnostic, Kind, Record, Severity};

use crate::core::game::GameState;
use crate::skat::auction::AuctionState;
use crate::skat::model::{Call, GameType, Replay, Seat};
use crate::skat::rules::{Announcements, Profile};
use crate::skat::state::PlayState;
use crate::skat::{interpret, replay};
use crate::table_game::Refusal;

/// The game types a declarer may name, in the order offered.
const GAMES: [GameType; 6] = [
    GameType::Clubs,
    GameType::Spades,
    GameType::Hearts,
    GameType::Diamonds,
    GameType::Grand,
    GameType::Null,
];

/// The findings of the check that judge an exchange: a hand game with a discard, other than
/// two cards laid away or a card not held, the skat handled by another seat, a card that is
/// not there.
const EXCHANGE_CODES: [&str; 5] = ["S0204", "S0205", "S0207", "D0103", "D0104"];

/// Where the phases before the play stand.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// The auction goes on.
    Auction,
    /// The auction's winner picks up the skat, turns a card of it or declares a hand game.
    Skat(Seat),
    /// The declarer turned one skat card (a tourné): the other card is his to take up.
    Turned(Seat, Card),
    /// The declarer took the first card in unshown (passt mir nicht): the other is his to
    /// turn.
    Passt(Seat, Card),
    /// The declarer, skat taken, lays two cards away.
    Discard(Seat),
    /// The declarer, two cards laid away, declares.
    Declare(Seat),
}

/// The phases before the play of a Skat deal, as written so far.
#[derive(Clone, Debug)]
pub(crate) struct Prelude {
    profile: &'static Profile,
    /// The start record without the phases before the play, printed.
    head: String,
    /// The auction's calls (`M 18`).
    calls: Vec<String>,
    /// The exchange's statements (`F pickup`, `F discard ♣8 ♣10`).
    exchange: Vec<String>,
    phase: Phase,
    /// The cards the declarer holds after the pick-up, for the discards offered.
    held: Vec<Card>,
    /// Every card of the deal, for the discards the check is asked to judge.
    pack: Vec<Card>,
    /// The hands dealt, F M R, and the skat, as the start record writes them.
    dealt: [Vec<Card>; 3],
    skat: Vec<Card>,
}

/// The known cards of a deal line.
fn line_cards(line: Option<&interpret::HandLine>) -> Vec<Card> {
    line.map(|l| l.cards.iter().filter_map(|s| s.card).collect())
        .unwrap_or_default()
}

/// What a prelude action led to.
pub(crate) enum Next {
    /// The phases go on.
    Prelude(Box<Prelude>),
    /// The declaration is made: the play state of the play to come.
    Play(Box<PlayState<'static>>),
    /// All passed: the deal is over.
    Over,
}

/// A replay of a candidate record: its findings, its replay and the play state it reaches.
struct Probe {
    findings: Vec<Diagnostic>,
    replay: Replay,
    kept: Option<PlayState<'static>>,
}

impl Probe {
    /// The first finding that makes the record other than legal so far (an error or warning
    /// that is not of a record that merely stops).
    fn fault(&self) -> Option<&Diagnostic> {
        self.findings
            .iter()
            .find(|d| d.severity != Severity::Note && d.kind != Kind::Incomplete && d.kind != Kind::Info)
    }
}

fn probe(text: &str, profile: &'static Profile) -> Option<Probe> {
    let record = notation::read_str(text).into_iter().next()?.record?;
    let (game, mut findings) = interpret::interpret(&record);
    let mut kept = None;
    let (replay, more) = replay::run_keeping(&game, profile, &mut kept);
    findings.extend(more);
    Some(Probe {
        findings,
        replay,
        kept,
    })
}

impl Prelude {
    /// The phases before the play of a record that has a deal and none of them yet.
    pub(crate) fn start(record: &Record, profile: &'static Profile) -> Prelude {
        let mut head = record.clone();
        head.play = None;
        head.result = None;
        head.auction = None;
        head.exchange = None;
        head.declaration = None;
        head.unfinished = None;
        let (game, _) = interpret::interpret(record);
        let deal = game.deal.as_ref();
        let dealt = [0, 1, 2].map(|i| line_cards(deal.and_then(|d| d.hands.get(i)).and_then(Option::as_ref)));
        let skat = line_cards(deal.and_then(|d| d.skat.as_ref()));
        let pack = dealt.iter().flatten().chain(skat.iter()).copied().collect();
        Prelude {
            profile,
            head: notation::print_file([&head]).trim_end().to_string(),
            calls: Vec::new(),
            exchange: Vec::new(),
            phase: Phase::Auction,
            held: Vec::new(),
            pack,
            dealt,
            skat,
        }
    }

    /// The record text with the phases so far and, when given, a declaration.
    fn text(&self, calls: &[String], exchange: &[String], declare: Option<&str>) -> String {
        let mut t = self.head.clone();
        if !calls.is_empty() {
            t.push_str("\nauction  ");
            t.push_str(&calls.join(", "));
        }
        for (i, s) in exchange.iter().enumerate() {
            t.push_str(if i == 0 { "\nexchange " } else { "\n         " });
            t.push_str(s);
        }
        if let Some(d) = declare {
            t.push_str("\ndeclare  ");
            t.push_str(d);
        }
        t.push('\n');
        t
    }

    /// The auction state after the calls so far.
    fn auction(&self) -> AuctionState<'static> {
        let mut a = AuctionState::new(self.profile);
        for c in &self.calls {
            if let Some((seat, call)) = read_call(c) {
                // As the replay does: a refused bid is taken as written.
                if a.play((seat, call)).is_err() {
                    let _ = a.play_anyway((seat, call));
                }
            }
        }
        a
    }

    /// The seat to act.
    pub(crate) fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Auction => self.auction().legal().0,
            Phase::Skat(s)
            | Phase::Turned(s, _)
            | Phase::Passt(s, _)
            | Phase::Discard(s)
            | Phase::Declare(s) => Some(s),
        }
    }

    /// The tokens the seat to act may say now, each tried through the check.
    pub(crate) fn legal(&self) -> Vec<String> {
        let (_, lowest) = self.auction().legal();
        self.candidates()
            .into_iter()
            .filter(|t| match self.phase {
                // Only bids from the lowest one the auction takes (the lower ones the check
                // refuses), and discards of the cards held: the rest are tried when played.
                Phase::Auction => t.parse::<u32>().map_or(true, |v| lowest.is_some_and(|l| v >= l)),
                Phase::Discard(_) => {
                    let cards: Vec<&str> = t.split(' ').skip(1).collect();
                    cards.len() == 2
                        && cards
                            .iter()
                            .all(|c| self.held.iter().any(|h| h.to_string() == *c))
                }
                _ => true,
            })
            .filter(|t| self.apply(t).is_ok())
            .collect()
    }

    /// Every token the phase reads, legal or not, in a fixed order: the calls (every bid of
    /// the profile), the pick-up and every declaration, or every discard of one or two cards
    /// of the deal. The check judges each when it is played.
    pub(crate) fn candidates(&self) -> Vec<String> {
        match self.phase {
            Phase::Auction => {
                let mut out = vec!["pass".to_string(), "yes".to_string()];
                out.extend(self.profile.bid_table.iter().map(|v| v.to_string()));
                out
            }
            Phase::Skat(_) => {
                let mut out = vec!["pickup".to_string()];
                out.extend(self.turns());
                out.extend(declarations(self.profile.options.announcements));
                out
            }
            Phase::Turned(_, other) => vec![format!("pickup {other}")],
            Phase::Passt(_, other) => vec![format!("turn {other}")],
            Phase::Discard(_) => {
                let mut out = Vec::new();
                for (i, a) in self.pack.iter().enumerate() {
                    out.push(format!("discard {a}"));
                    for b in self.pack.iter().skip(i + 1) {
                        out.push(format!("discard {a} {b}"));
                    }
                }
                out
            }
            Phase::Declare(_) => declarations(self.profile.options.announcements),
        }
    }

    /// Tries a token of the seat to act: what it leads to, or the check's finding.
    pub(crate) fn apply(&self, token: &str) -> Result<Next, Refusal> {
        let Some(seat) = self.to_act() else {
            return Err(Refusal::of(&Diagnostic::error(
                "S0104",
                Kind::Illegal,
                None,
                "the auction is over",
            )));
        };
        let (mut next, declare, text) = self.written(seat, token);
        if matches!(self.phase, Phase::Discard(_)) {
            // The replay judges the exchange only with a declaration to follow: it is tried
            // with one, and only the exchange's own findings count.
            let trial = format!("{text}declare  {} grand\n", seat.label());
            if let Some(d) = probe(&trial, self.profile).and_then(|p| {
                p.findings
                    .into_iter()
                    .find(|d| EXCHANGE_CODES.contains(&d.code) && d.severity == Severity::Error)
            }) {
                return Err(Refusal::of(&d));
            }
        }
        let Some(p) = probe(&text, self.profile) else {
            return Err(Refusal::of(&Diagnostic::error(
                "S0502",
                Kind::Illegal,
                None,
                format!("`{token}` is no action of Skat"),
            )));
        };
        if let Some(d) = p.fault() {
            return Err(Refusal::of(d));
        }
        if matches!(self.phase, Phase::Skat(_)) && (token.starts_with("turn ") || token.starts_with("passt "))
        {
            self.turn_reaches_a_game(seat, &next, token)?;
        }
        if declare.is_some() {
            if matches!(self.phase, Phase::Skat(_)) && !p.replay.result.hand {
                // The check reads a declaration without `hand` and without an exchange as a
                // pick-up whose discard is not written; a bot writes both before it.
                return Err(Refusal::of(&Diagnostic::error(
                    "S0205",
                    Kind::Illegal,
                    None,
                    format!("`{token}` is no hand game: pick up the skat and lay two cards away first"),
                )));
            }
            return match p.kept {
                Some(state) => Ok(Next::Play(Box::new(state))),
                None => Err(Refusal::of(&Diagnostic::error(
                    "S0506",
                    Kind::Illegal,
                    None,
                    format!("`{token}` declares no game the play can follow"),
                ))),
            };
        }
        match next.phase.clone() {
            Phase::Auction => {
                let outcome = next.auction().outcome();
                if !outcome.settled {
                    return Ok(Next::Prelude(Box::new(next)));
                }
                match outcome.winner {
                    Some(w) if !outcome.passed => next.phase = Phase::Skat(w),
                    _ => return Ok(Next::Over),
                }
            }
            Phase::Skat(s) => {
                let words: Vec<&str> = token.split(' ').collect();
                let other = |first: &str| self.skat.iter().copied().find(|c| c.to_string() != first);
                next.phase = match (words.as_slice(), words.get(1).and_then(|c| other(c))) {
                    (["turn", _], Some(o)) => Phase::Turned(s, o),
                    (["passt", _], Some(o)) => Phase::Passt(s, o),
                    // The pick-up, or both cards turned at once.
                    _ => next.take_up_the_skat(s),
                };
            }
            Phase::Turned(s, _) | Phase::Passt(s, _) => next.phase = next.take_up_the_skat(s),
            Phase::Discard(s) => next.phase = Phase::Declare(s),
            Phase::Declare(_) => {}
        }
        Ok(Next::Prelude(Box::new(next)))
    }

    /// The discard: the declarer holds his ten cards and the skat, and lays two away.
    fn take_up_the_skat(&mut self, s: Seat) -> Phase {
        let mut held = self.dealt.get(s.index()).cloned().unwrap_or_default();
        held.extend(self.skat.iter().copied());
        self.held = held;
        Phase::Discard(s)
    }

    /// The tourné's first words the profile allows (seed 001, §Games (Tourné), Laws 28–30;
    /// seed 000, §Tournee): either skat card turned (the record does not say which lies on
    /// top, and the check takes either), either taken in unshown where the profile has the
    /// second turn, and both turned at once where that binds to the higher suit (Law 29).
    fn turns(&self) -> Vec<String> {
        let Some(turning) = self.profile.options.turning else {
            return Vec::new();
        };
        let mut out: Vec<String> = self.skat.iter().map(|c| format!("turn {c}")).collect();
        if turning.second_turn {
            out.extend(self.skat.iter().map(|c| format!("passt {c}")));
        }
        if turning.both_shown_higher_suit
            && let [a, b] = self.skat.as_slice()
        {
            out.push(format!("turn {a} {b}"));
        }
        out
    }

    /// A turn commits the declarer to the suit it shows (or a turned grand): it is refused
    /// when no such game may be declared after it (a bid it cannot reach, where the profile
    /// makes that illegal, `S0212`), since the declarer would be left without a declaration.
    /// The exchange is completed with the skat laid back, which the game's value and its
    /// legality do not depend on.
    fn turn_reaches_a_game(&self, seat: Seat, next: &Prelude, token: &str) -> Result<(), Refusal> {
        let label = seat.label();
        let mut exchange = next.exchange.clone();
        let turned: Vec<&str> = token.split(' ').skip(1).collect();
        if let Some(o) = self
            .skat
            .iter()
            .find(|c| !turned.contains(&c.to_string().as_str()))
        {
            exchange.push(if token.starts_with("passt ") {
                format!("{label} turn {o}")
            } else {
                format!("{label} pickup {o}")
            });
        }
        let skat: Vec<String> = self.skat.iter().map(ToString::to_string).collect();
        exchange.push(format!("{label} discard {}", skat.join(" ")));
        let mut first = None;
        for game in GAMES {
            let text = self.text(&next.calls, &exchange, Some(&format!("{label} {}", game.word())));
            if let Some(p) = probe(&text, self.profile) {
                match p.fault() {
                    None => return Ok(()),
                    Some(d) if d.code == "S0212" => first = first.or_else(|| Some(Refusal::of(d))),
                    Some(_) => {}
                }
            }
        }
        Err(first.unwrap_or_else(|| {
            Refusal::of(&Diagnostic::error(
                "S0211",
                Kind::Illegal,
                None,
                format!("`{token}` leaves {label} no game to declare"),
            ))
        }))
    }

    /// The phases with `token` said by `seat`: the prelude after it, the declaration when
    /// it is one, and the record's text.
    fn written(&self, seat: Seat, token: &str) -> (Prelude, Option<String>, String) {
        let said = format!("{} {token}", seat.label());
        let mut next = self.clone();
        let declare = match self.phase {
            Phase::Auction => {
                next.calls.push(said);
                None
            }
            Phase::Skat(_) if is_exchange_word(token) => {
                next.exchange.push(said);
                None
            }
            Phase::Turned(..) | Phase::Passt(..) | Phase::Discard(_) => {
                next.exchange.push(said);
                None
            }
            Phase::Skat(_) | Phase::Declare(_) => Some(said),
        };
        let text = next.text(&next.calls, &next.exchange, declare.as_deref());
        (next, declare, text)
    }

    /// The record of the phases with `token` said by the seat to act.
    pub(crate) fn record_with(&self, token: &str) -> Option<Record> {
        let (_, _, text) = self.written(self.to_act()?, token);
        notation::read_str(&text).into_iter().next()?.record
    }

    /// The index of a token among the phase's candidates (spaces as written, case aside).
    pub(crate) fn find(&self, token: &str) -> Option<usize> {
        let words: Vec<&str> = token.split_whitespace().collect();
        let token = words.join(" ").to_lowercase();
        // A discard names its two cards in either order.
        let swapped = match words.as_slice() {
            [w, a, b] => format!("{w} {b} {a}").to_lowercase(),
            _ => token.clone(),
        };
        let candidates = self.candidates();
        candidates
            .iter()
            .position(|c| c.to_lowercase() == token)
            .or_else(|| candidates.iter().position(|c| c.to_lowercase() == swapped))
    }
}

/// The declarations read: every game, plain, hand, with the announcements (schneider,
/// schwarz, ouvert); the check refuses what the profile or the use of the skat does not allow.
/// A trump `hand ouvert` is its own word only where ouvert does not imply hand: elsewhere
/// `grand ouvert` is already the hand game, as the generator writes it.
fn declarations(a: Announcements) -> Vec<String> {
    let mut out = Vec::new();
    for g in GAMES {
        let w = g.word();
        out.push(w.to_string());
        out.push(format!("{w} ouvert"));
        out.push(format!("{w} hand"));
        if g == GameType::Null {
            out.push(format!("{w} hand ouvert"));
        } else {
            out.push(format!("{w} schneider"));
            out.push(format!("{w} schwarz"));
            out.push(format!("{w} hand schneider"));
            out.push(format!("{w} hand schwarz"));
            if !a.ouvert_needs_hand {
                out.push(format!("{w} hand ouvert"));
            }
        }
    }
    out
}

/// Whether a token of the skat phase goes to the exchange (the skat taken up or turned)
/// rather than the declaration.
fn is_exchange_word(token: &str) -> bool {
    token == "pickup" || token.starts_with("turn ") || token.starts_with("passt ")
}

/// Reads a call as written (`M 18`, `F yes`, `R pass`).
fn read_call(text: &str) -> Option<(Seat, Call)> {
    let (seat, call) = text.split_once(' ')?;
    let seat = Seat::ALL.into_iter().find(|s| s.label() == seat)?;
    let call = match call {
        "pass" => Call::Pass,
        "yes" => Call::Hold,
        n => Call::Bid(n.parse().ok()?),
    };
    Some((seat, call))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The deal of the official rules' worked example (F: clubs hand).
    const DEAL: &str = "[Game \"skat\"]
[Rules \"isko\"]

deal     F: ♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A
         M: ♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9
         R: ♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10
         skat: ♦8 ♦7
";

    fn start() -> Prelude {
        let record = notation::read_str(DEAL)
            .into_iter()
            .next()
            .and_then(|p| p.record)
            .expect("the deal reads");
        Prelude::start(&record, crate::skat::rules::by_name("isko").expect("isko"))
    }

    fn said(p: Prelude, token: &str) -> Prelude {
        match p.apply(token) {
            Ok(Next::Prelude(next)) => *next,
            Ok(_) => panic!("{token} ends the phases"),
            Err(r) => panic!("{token} refused: {r}"),
        }
    }

    #[test]
    fn middlehand_bids_first_from_the_lowest_bid() {
        // 004: middlehand bids to forehand, the lowest bid is 18.
        let p = start();
        assert_eq!(p.to_act(), Some(Seat::M));
        let legal = p.legal();
        assert_eq!(legal[..3], ["pass", "18", "20"]);
        assert!(!legal.contains(&"yes".to_string()), "no bid to hold yet");
    }

    #[test]
    fn a_bid_not_above_the_last_is_the_check_s_s0102() {
        let p = said(said(start(), "20"), "yes");
        assert_eq!(p.to_act(), Some(Seat::M));
        let refused = p.apply("20").err().expect("20 again");
        assert_eq!(refused.code, "S0102");
        let refused = p.apply("19").err().expect("19 is no bid");
        assert_eq!(refused.code, "S0101", "{refused}");
    }

    #[test]
    fn the_winner_alone_handles_the_skat_and_declares_hand_or_picks_up() {
        let p = said(said(said(start(), "pass"), "pass"), "18");
        assert_eq!(p.to_act(), Some(Seat::F));
        let legal = p.legal();
        assert!(legal.contains(&"pickup".to_string()) && legal.contains(&"clubs hand".to_string()));
        assert!(
            !legal.contains(&"clubs".to_string()),
            "a plain game follows a pick-up"
        );
        assert!(matches!(p.apply("clubs hand"), Ok(Next::Play(_))));
        let p = said(p, "pickup");
        assert_eq!(p.legal().len(), 66);
        let p = said(p, "discard ♦8 ♦7");
        assert_eq!(
            p.apply("clubs hand").err().map(|r| r.code),
            Some("S0204".to_string())
        );
        assert!(matches!(p.apply("clubs"), Ok(Next::Play(_))));
    }

    #[test]
    fn all_passed_ends_the_deal() {
        let p = said(said(start(), "pass"), "pass");
        assert!(matches!(p.apply("pass"), Ok(Next::Over)));
    }

    /// Seed 001's illustrative tourné (corpus/skat/foster-1897/illustrative-tourne.stich),
    /// with the hands of B and C read from its play.
    const TOURNE: &str = "[Game \"skat\"]
[Rules \"foster-1897\"]

deal     F: ♣J ♥J ♥10 ♥K ♣A ♣K ♦A ♦7 ♠10 ♠9
         M: ♥7 ♥A ♦9 ♠J ♥9 ♣7 ♠K ♣10 ♠Q ♣Q
         R: ♦J ♥8 ♦Q ♠A ♠7 ♦8 ♦10 ♣9 ♠8 ♣8
         skat: ♥Q ♦K
";

    fn start_with(deal: &str, profile: &str) -> Prelude {
        let record = notation::read_str(deal)
            .into_iter()
            .next()
            .and_then(|p| p.record)
            .expect("the deal reads");
        Prelude::start(&record, crate::skat::rules::by_name(profile).expect("a profile"))
    }

    fn won_by_forehand(profile: &str) -> Prelude {
        // "A, Vorhand, has refused ten … Hinterhand having passed" (seed 001).
        let p = start_with(TOURNE, profile);
        said(said(said(said(p, "10"), "yes"), "pass"), "pass")
    }

    #[test]
    fn the_tourne_turns_a_card_takes_the_other_and_declares_its_suit() {
        let p = won_by_forehand("foster-1897");
        assert_eq!(p.to_act(), Some(Seat::F));
        let legal = p.legal();
        for t in [
            "pickup",
            "turn ♥Q",
            "turn ♦K",
            "passt ♥Q",
            "passt ♦K",
            "turn ♥Q ♦K",
        ] {
            assert!(legal.contains(&t.to_string()), "{t}: {legal:?}");
        }
        let p = said(p, "turn ♥Q");
        assert_eq!(p.legal(), ["pickup ♦K"], "the other card is taken up");
        let p = said(said(p, "pickup ♦K"), "discard ♠10 ♠9");
        // The turned queen makes hearts trump (seed 001, §Games, Tourné): no other game.
        assert_eq!(p.legal(), ["hearts"]);
        assert_eq!(p.apply("spades").err().map(|r| r.code), Some("S0211".to_string()));
        assert_eq!(p.apply("grand").err().map(|r| r.code), Some("S0211".to_string()));
        let Ok(Next::Play(state)) = p.apply("hearts") else {
            panic!("hearts is the tourné's game");
        };
        assert_eq!(state.to_play(), Seat::F, "forehand leads");
    }

    #[test]
    fn passt_mir_nicht_takes_the_first_card_unshown_and_turns_the_second() {
        let p = said(won_by_forehand("foster-1897"), "passt ♥Q");
        assert_eq!(
            p.legal(),
            ["turn ♦K"],
            "taking the first in binds him to turn the second"
        );
        let p = said(said(p, "turn ♦K"), "discard ♠10 ♠9");
        assert_eq!(p.legal(), ["diamonds"]);
    }

    #[test]
    fn a_turned_jack_allows_its_suit_or_the_turned_grand() {
        // F's ♣J swapped into the skat for the ♥Q: the turned jack (seed 001, Law 30).
        let deal = TOURNE.replace("F: ♣J", "F: ♥Q").replace("skat: ♥Q", "skat: ♣J");
        let p = said(
            said(said(won_by_forehand_of(&deal, "uspc"), "turn ♣J"), "pickup ♦K"),
            "discard ♠10 ♠9",
        );
        assert_eq!(p.legal(), ["clubs", "grand"]);
    }

    fn won_by_forehand_of(deal: &str, profile: &str) -> Prelude {
        let p = start_with(deal, profile);
        said(said(said(said(p, "10"), "yes"), "pass"), "pass")
    }

    #[test]
    fn profiles_without_a_tourne_do_not_offer_it() {
        for profile in ["isko", "american"] {
            let p = start_with(TOURNE, profile);
            let p = said(said(said(said(p, "18"), "yes"), "pass"), "pass");
            let legal = p.legal();
            assert!(legal.contains(&"pickup".to_string()), "{profile}: {legal:?}");
            assert!(
                legal
                    .iter()
                    .all(|t| !t.starts_with("turn") && !t.starts_with("passt")),
                "{profile}: {legal:?}"
            );
            assert_eq!(p.find("turn ♥Q"), None, "{profile}: no such word to read");
        }
    }

    #[test]
    fn a_trump_hand_ouvert_is_offered_as_the_profile_writes_it() {
        // The official rules: an open suit or grand game is a hand game with schneider and
        // schwarz announced (seed 004, §Game value), written `ouvert` alone.
        let p = start_with(TOURNE, "isko");
        let p = said(said(said(said(p, "18"), "yes"), "pass"), "pass");
        let legal = p.legal();
        assert!(legal.contains(&"grand ouvert".to_string()), "{legal:?}");
        assert!(legal.contains(&"hearts ouvert".to_string()), "{legal:?}");
        assert!(
            !legal
                .iter()
                .any(|t| t.ends_with("hand ouvert") && !t.starts_with("null")),
            "{legal:?}"
        );
        // The unofficial game's ouvert may follow a pick-up (seed 004, the warning on
        // unofficial games): the open hand game is its own word there.
        let p = start_with(TOURNE, "isko-unofficial");
        let p = said(said(said(said(p, "18"), "yes"), "pass"), "pass");
        let legal = p.legal();
        for t in ["grand hand ouvert", "hearts hand ouvert", "null hand ouvert"] {
            assert!(legal.contains(&t.to_string()), "{t}: {legal:?}");
        }
        let Ok(Next::Play(_)) = p.apply("grand hand ouvert") else {
            panic!("the open hand grand starts the play");
        };
    }
}
