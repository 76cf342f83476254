//! The exchange and the declaration: the bid played on, the use of the skat (pick-up,
//! hand, tourné), the contract with every check of the profile's announcements and games,
//! and the ouvert hand shown.

use cards::Card;
use notation::{Diagnostic, Kind};

use crate::core::CardSet;
use crate::skat::auction;
use crate::skat::contract::{self, ContractProblem, Declaring};
use crate::skat::interpret::{DeclIn, Game, at};
use crate::skat::model::{Contract, ExtraGame, GameType, Seat, SkatUse};
use crate::skat::rules::{PickupRule, Profile};
use crate::skat::words::ExchangeWord;

/// The fixed value of an extra game under the profile, or an S0210 finding when the profile
/// lacks it or the declaration adds an announcement it cannot carry (seed 001, Law 1; F8).
pub(super) fn extra_value_of(
    profile: &Profile,
    e: ExtraGame,
    decl: &DeclIn,
    out: &mut Vec<Diagnostic>,
) -> Option<u32> {
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

/// The bid the declarer plays on: the auction's, else a claimed one.
pub(super) fn bid_of(
    game: &Game,
    auction: Option<auction::Outcome>,
    out: &mut Vec<Diagnostic>,
) -> Option<u32> {
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

/// What the exchange and declaration settle.
pub(super) struct Exchanged {
    pub(super) contract: Contract,
    pub(super) discard: Option<Vec<Card>>,
    pub(super) skat_use: SkatUse,
    pub(super) turned: Option<Card>,
    /// The game exists in the profile for this use of the skat, so it has a value.
    pub(super) priced: bool,
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
pub(super) fn contract_of(
    game: &Game,
    decl: &DeclIn,
    declarer: Seat,
    game_type: GameType,
    profile: &Profile,
    bid: Option<u32>,
    out: &mut Vec<Diagnostic>,
) -> Exchanged {
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
    let declaring = Declaring {
        game: game_type,
        hand: decl.hand || hand_word,
        taken: pickup.is_some() || discard.is_some(),
        turned: tourne.then_some(skat_use),
        ouvert: decl.ouvert,
        schneider: decl.schneider,
        schwarz: decl.schwarz,
    };
    let taken_span = pickup.or(discard).and_then(|e| at(e.span));
    let mut priced = true;
    let (contract, skat_use) = contract::settle(profile, &declaring, bid, &mut |p| {
        priced &= !matches!(p, ContractProblem::NotAGame { .. });
        out.push(contract_finding(
            p,
            game_type,
            declarer,
            profile,
            (span, taken_span),
        ));
    });
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
        priced,
    }
}

/// The finding for a problem of the declaration, at the declaration (or, for a hand game
/// picked up, at the pick-up).
fn contract_finding(
    p: ContractProblem,
    game_type: GameType,
    declarer: Seat,
    profile: &Profile,
    (span, taken_span): (Option<notation::Span>, Option<notation::Span>),
) -> Diagnostic {
    let illegal = |code, at_span, message: String| Diagnostic::error(code, Kind::Illegal, at_span, message);
    match p {
        ContractProblem::OuvertPickedUp => illegal(
            "S0201",
            span,
            format!(
                "{} ouvert is a hand game, but {declarer} picked up the skat",
                game_type.word()
            ),
        ),
        ContractProblem::HandPickedUp => illegal(
            "S0204",
            taken_span,
            format!("{declarer} declares a hand game but picks up the skat"),
        ),
        ContractProblem::OuvertNotAllowed => illegal(
            "S0201",
            span,
            format!("{} ouvert is not allowed in this profile", game_type.word()),
        ),
        ContractProblem::NullAnnouncement => illegal(
            "S0201",
            span,
            "schneider and schwarz cannot be announced in Null".to_string(),
        ),
        ContractProblem::AnnouncementNeedsHand { schwarz, turned } => illegal(
            "S0201",
            span,
            format!(
                "{} can be announced only in a hand game, and {declarer} {}",
                if schwarz { "schwarz" } else { "schneider" },
                if turned {
                    "turned a skat card"
                } else {
                    "picked up the skat"
                }
            ),
        )
        .with_help("write `hand` in the declaration if the skat was not picked up"),
        ContractProblem::NullOuvertNeedsHand => illegal(
            "S0201",
            span,
            "Null ouvert must be played hand in this profile".to_string(),
        ),
        ContractProblem::NotAGame { skat_use, ouvert } => {
            let how = match skat_use {
                SkatUse::Hand => "with the skat untouched",
                SkatUse::Pickup => "after taking up the skat",
                SkatUse::Turned | SkatUse::SecondTurn => "after turning a skat card",
            };
            illegal(
                "S0210",
                span,
                format!(
                    "{}{} is not a game of the profile `{}` {how}",
                    game_type.word(),
                    if ouvert { " ouvert" } else { "" },
                    profile.name
                ),
            )
            .with_help(match profile.options.pickup_commits {
                PickupRule::Free => "see `stich rules` for the games of each profile",
                PickupRule::GrandUnlessNullFirst => {
                    "taking up both skat cards binds the declarer to a grand or a Null (gucki)"
                }
                PickupRule::GrandOnly => "taking up both skat cards binds the declarer to a grand (Guckser)",
            })
        }
        ContractProblem::NullBelowBid {
            value,
            bid,
            hand,
            ouvert,
        } => {
            let name = match (hand, ouvert) {
                (false, false) => "Null",
                (true, false) => "Null hand",
                (false, true) => "Null ouvert",
                (true, true) => "Null ouvert hand",
            };
            illegal(
                "S0202",
                span,
                format!("{name} is worth {value}, less than the bid {bid}: {declarer} may not declare it"),
            )
            .with_help("a Null game must be worth at least the bid")
        }
    }
}

/// The ouvert declarer's shown cards must be the hand at the first lead.
pub(super) fn check_shown(
    decl: &DeclIn,
    declarer: Seat,
    hand: CardSet,
    known: bool,
    out: &mut Vec<Diagnostic>,
) {
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
