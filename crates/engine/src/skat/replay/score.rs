//! The score phase of the full check: the matadors, counted from the cards the record makes
//! known, and whether the declared game could reach the bid at all. The figures of the
//! played game come from the one score phase every path shares, [`crate::skat::result`].

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
pub(super) fn matadors(
    profile: &Profile,
    decl: &DeclIn,
    (declarer, contract, skat_use, extra): (Seat, &Contract, SkatUse, Option<ExtraGame>),
    (twelve, twelve_known): (CardSet, bool),
    (dealt, dealt_known): (CardSet, bool),
    bid: Option<u32>,
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
    if let (Some(m), Some(b), Unreachable::AllIllegal) = (matadors, bid, profile.options.unreachable_game)
        && let Some(base) = profile.base_value(game_type, skat_use, contract.ouvert)
    {
        let best = base * score::highest_multiplier(profile, contract, m.unsigned_abs());
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
    matadors
}
