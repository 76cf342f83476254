//! The score phase of the full check: the matadors, counted from the cards the record makes
//! known, and whether the declared game could reach the bid at all. The figures of the
//! played game come from the one score phase every path shares, [`crate::skat::result`].

use cards::Card;
use notation::{Diagnostic, Kind};

use crate::core::CardSet;
use crate::skat::interpret::{DeclIn, at};
use crate::skat::model::{Contract, ExtraGame, GameType, Seat, SkatUse};
use crate::skat::pack;
use crate::skat::rules::{Profile, Unreachable};
use crate::skat::score;

/// The matadors of a trump game (`None` for Null, an extra game, or cards not known in
/// full, which is an `S0507` finding), with the `S0212` check of a game that cannot reach
/// the bid where the profile makes that illegal. The declarer's twelve cards count, or the
/// ten dealt in a hand game where the profile leaves the skat out.
///
/// Whether a game can reach the bid is judged on what the declarer knows when declaring
/// (seed 001, §Bidding: a hand "without four" may find the club jack in the skat and "lose
/// three multipliers at once", an ordinary overbid, not a game that may not be declared): a
/// hand game or a tourné is illegal only when no skat the declarer has not seen would let it
/// reach the bid.
pub(super) fn matadors(
    profile: &Profile,
    decl: &DeclIn,
    (declarer, contract, skat_use, extra): (Seat, &Contract, SkatUse, Option<ExtraGame>),
    (twelve, twelve_known): (CardSet, bool),
    (dealt, dealt_known): (CardSet, bool),
    (bid, turned): (Option<u32>, Option<Card>),
    out: &mut Vec<Diagnostic>,
) -> Option<i32> {
    let game_type = contract.game;
    if game_type == GameType::Null || extra.is_some() {
        return None;
    }
    let ten_only = contract.hand && !profile.options.matadors_count_skat;
    let (counted, known) = if ten_only {
        (dealt, dealt_known)
    } else {
        (twelve, twelve_known)
    };
    if !known {
        out.push(Diagnostic::error(
            "S0507",
            Kind::Incomplete,
            at(decl.span),
            format!("the matadors cannot be counted: {declarer}'s cards and the skat are not known in full"),
        ));
        return None;
    }
    let matadors = pack::matadors(game_type, counted);
    // The skat cards seen before declaring: none in a hand game, the turned one in a tourné;
    // after a pick-up (or a second turn, the first card taken in) both.
    let seen = match skat_use {
        SkatUse::Hand => Some(CardSet::EMPTY),
        SkatUse::Turned => Some(turned.map_or(CardSet::EMPTY, CardSet::single)),
        SkatUse::Pickup | SkatUse::SecondTurn => None,
    };
    let known_matadors = |m: i32| match seen {
        None => vec![m],
        Some(_) if !dealt_known => Vec::new(),
        Some(seen) => possible_matadors(game_type, dealt.union(seen)),
    };
    if let (Some(m), Some(b), Unreachable::AllIllegal) = (matadors, bid, profile.options.unreachable_game)
        && let Some(base) = profile.base_value(game_type, skat_use, contract.ouvert)
        && let Some(best) = known_matadors(m)
            .into_iter()
            .map(|k| base * score::highest_multiplier(profile, contract, k.unsigned_abs()))
            .max()
        && best < b
    {
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
    matadors
}

/// The matadors the declarer's twelve cards may hold, knowing `known` of them: every way
/// the rest of the skat could be made of the cards the declarer has not seen.
fn possible_matadors(game: GameType, known: CardSet) -> Vec<i32> {
    let unseen: Vec<Card> = pack::cards().difference(known).iter().collect();
    let missing = 12usize.saturating_sub(known.len());
    let mut out = Vec::new();
    match missing {
        0 => out.extend(pack::matadors(game, known)),
        1 => out.extend(
            unseen
                .iter()
                .filter_map(|&c| pack::matadors(game, known.union(CardSet::single(c)))),
        ),
        _ => {
            for (i, &a) in unseen.iter().enumerate() {
                for &b in unseen.iter().skip(i + 1) {
                    out.extend(pack::matadors(game, known.union(CardSet::of([a, b]))));
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
