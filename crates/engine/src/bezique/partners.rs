//! Partnership four-hand Bezique (`uspc-four-hand-partnership`, seed 000, 000:580–586): the
//! record's yield, the partner's table cards in a declaration, the findings of the
//! partnership rules and the sides' figures. The rules themselves are the play state's
//! ([`crate::pinochle::state::PlayState`]); `spec/rules/bezique.md` §3d gives each with its
//! passage and the choices where the seed is silent.

use notation::{Diagnostic, Kind, Span};

use crate::bezique::model::SideResult;
use crate::core::Seat;
use crate::pinochle::state::{PartnerRefusal, PlayState};
use crate::pinochle::words as common;

/// The word of a yield: `N yields S`.
pub const YIELDS: &str = "yields";

/// The word of the partner who declines to declare after a yield: `S passes`.
pub const PASSES: &str = "passes";

const HELP: &str = "seed 000, Four-Hand Bezique: the winner of each trick may declare, or may pass the privilege to the partner";

/// The finding of a refusal of the partnership rules at `span`.
pub(crate) fn finding<S: AsRef<str>>(
    labels: &[S],
    refusal: PartnerRefusal,
    span: Option<Span>,
) -> Diagnostic {
    let label = |seat: Seat| labels.get(seat.index()).map_or("?", AsRef::as_ref);
    let yield_error = |msg: String| {
        Diagnostic::error("B0215", Kind::Illegal, span, msg).with_help(format!(
            "a yield is written where the winner's declaration would be: `N yields S` ({HELP})"
        ))
    };
    match refusal {
        PartnerRefusal::NoYieldNow => yield_error(
            "no yield now: only the winner of a trick yields, between tricks, in the partnership game, while he may declare"
                .to_string(),
        ),
        PartnerRefusal::YieldTwice => yield_error("the privilege was yielded already this turn".to_string()),
        PartnerRefusal::YieldAfterDeclaring => {
            yield_error("the winner declared, announced or exchanged this turn: he may not yield after".to_string())
        }
        PartnerRefusal::NotPartner(s) => yield_error(format!("{} is not the winner's partner", label(s))),
        PartnerRefusal::AfterYield => Diagnostic::error(
            "B0216",
            Kind::Illegal,
            span,
            "after a yield only the partner declares; without one only the winner",
        )
        .with_help("\"if the partner cannot declare, the winner of the trick cannot then declare\" (seed 000, Four-Hand Bezique)"),
        PartnerRefusal::PartnerBars(c) => Diagnostic::error(
            "B0217",
            Kind::Illegal,
            span,
            format!("{c} on the partner's table served in a declaration of the same class worth as much or more: the partner could not declare this one"),
        )
        .with_help("a partner's declared card serves only where the partner could declare it: if he declared a sequence, a trump king added to its queen makes no marriage (seed 000, Four-Hand Bezique)"),
        PartnerRefusal::NotOneHand => Diagnostic::error(
            "B0218",
            Kind::Illegal,
            span,
            "a double or triple bezique counts only if all its cards come from one player's hand, not from the partner's table",
        )
        .with_help("seed 000, Four-Hand Bezique: \"but only if all the cards come from the hand of the same player\""),
        PartnerRefusal::AfterPass => pass_error(
            span,
            "the partner passed: nobody declares, exchanges or yields for the rest of this turn".to_string(),
        ),
        PartnerRefusal::NoPassNow => pass_error(
            span,
            "no pass now: only the partner the declaration was yielded to passes, once, before the next lead".to_string(),
        ),
    }
}

/// A partner's pass out of place, or an action after it (`B0299`).
fn pass_error(span: Option<Span>, message: String) -> Diagnostic {
    Diagnostic::error("B0299", Kind::Illegal, span, message).with_help(
        "after `N yields S` the partner declares or writes `S passes`; \"if the partner cannot declare, the winner of the trick cannot then declare\" (seed 000, Four-Hand Bezique)",
    )
}

/// The finding for a declaration by `seat`, who is not the one to declare now, when the
/// partnership rules explain it: the winner after his yield, or his partner without one.
pub(crate) fn wrong_declarer<S: AsRef<str>>(
    state: &PlayState,
    seat: Seat,
    labels: &[S],
    span: Option<Span>,
) -> Option<Diagnostic> {
    let winner = state.turn()?;
    let label = |s: Seat| labels.get(s.index()).map_or("?", AsRef::as_ref);
    let base = finding(labels, PartnerRefusal::AfterYield, span);
    match state.yielded_to() {
        Some(to) if seat == winner => Some(Diagnostic {
            message: format!(
                "{} yielded the declaration to {}: he may not declare this turn",
                label(winner),
                label(to)
            ),
            ..base
        }),
        None if state.partner_of(winner) == Some(seat) => Some(Diagnostic {
            message: format!(
                "{} declares without a yield: {} won the trick and did not yield",
                label(seat),
                label(winner)
            ),
            ..base
        }),
        _ => None,
    }
}

/// A player's figures added into his side's: `NS` (seats 0 and 2) and `EW` (1 and 3).
pub(crate) fn by_side(seats: Vec<SideResult>, labels: &[&str]) -> Vec<SideResult> {
    let mut sides: Vec<SideResult> = (0..2)
        .map(|i| SideResult {
            side: common::side_label(labels, i),
            ..SideResult::default()
        })
        .collect();
    for (i, s) in seats.into_iter().enumerate() {
        if let Some(side) = sides.get_mut(i % 2) {
            side.declarations += s.declarations;
            side.carte_blanche += s.carte_blanche;
            side.brisques += s.brisques;
            side.last_trick += s.last_trick;
            side.points += s.points;
        }
    }
    sides
}

#[cfg(test)]
mod tests {
    use cards::{Rank, Suit};

    use crate::bezique::replay::play_rules;
    use crate::bezique::rules;
    use crate::core::{BySeat, CardCounts, GameState, Seat, Table};
    use crate::family::Replay;
    use crate::pinochle::state::{Action, PlayState};
    use crate::{Checked, Verdict};

    const RULINGS: &str =
        include_str!("../../../../corpus/bezique/uspc-four-hand-partnership/partner-rulings.stich");

    /// The rulings record: the yields and the partner's queen.
    fn first() -> String {
        RULINGS.to_string()
    }

    fn check(text: &str) -> Checked {
        let record = notation::read_str(text)
            .into_iter()
            .next()
            .and_then(|p| p.record)
            .expect("a record");
        crate::check(&record)
    }

    fn codes(c: &Checked) -> Vec<&'static str> {
        c.findings.iter().map(|d| d.code).collect()
    }

    fn replay(c: &Checked) -> &crate::bezique::Replay {
        match &c.replay {
            Some(Replay::Bezique(r)) => r,
            other => panic!("not a Bezique replay: {other:?}"),
        }
    }

    /// 000:582: "the winner of each trick may declare, or may pass the privilege to the
    /// partner"; "a player may put down cards from his own hand to form declarations in
    /// combination with cards previously declared by his partner and still exposed on the
    /// table". The sequence's queen on N's table serves in S's bezique, another kind; the
    /// sides score together (NS).
    #[test]
    fn the_partner_declares_with_the_sequence_s_queen() {
        let c = check(&first());
        assert_eq!(codes(&c), ["B0501"], "{:#?}", c.findings);
        let r = replay(&c);
        assert_eq!(r.yields.len(), 2);
        assert!(r.yields.iter().all(|y| y.seat == "N" && y.to == "S"));
        let bezique = r.declarations.get(1).expect("the bezique");
        assert_eq!((bezique.seat.as_str(), bezique.value), ("S", 40));
        assert_eq!(
            bezique.from_partner,
            [cards::Card::new(Suit::Spades, Rank::Queen)]
        );
        let sides: Vec<(&str, u32)> = r
            .result
            .sides
            .iter()
            .map(|s| (s.side.as_str(), s.declarations))
            .collect();
        assert_eq!(sides, [("NS", 310), ("EW", 0)]);
    }

    /// 000:582, the seed's example: "If one partner has declared a sequence, the other
    /// partner may not add a trump king to the queen in the sequence and score for a
    /// marriage."
    #[test]
    fn no_marriage_with_the_queen_of_the_partner_s_sequence() {
        let text = first().replace(
            "         4. N: ♣A ♥8 ♦8 ♥8 = N 10",
            "         4. N: ♣A ♥8 ♦8 ♥8 = N 10\n         N yields S\n         S marriage ♠K ♠Q@N = 40",
        );
        let c = check(&text);
        assert_eq!(codes(&c), ["B0217", "B0501"], "{:#?}", c.findings);
        assert_eq!(c.verdict, Verdict::Illegal);
        assert_eq!(replay(&c).declarations.len(), 3);
    }

    /// The same marriage made by N himself is the rule for cards declared again (000:561):
    /// the partner's cards are under the same rule, not a looser one.
    #[test]
    fn the_partner_s_rule_is_one_s_own() {
        let text = first().replace(
            "         4. N: ♣A ♥8 ♦8 ♥8 = N 10",
            "         4. N: ♣A ♥8 ♦8 ♥8 = N 10\n         N marriage ♠K@table ♠Q@table = 40",
        );
        assert!(codes(&check(&text)).contains(&"B0210"));
    }

    /// 000:582: "if the partner cannot declare, the winner of the trick cannot then declare";
    /// and without a yield the partner does not declare.
    #[test]
    fn after_a_yield_only_the_partner_declares() {
        let winner_after = first().replace(
            "         S marriage ♥K ♥Q = 20 ; S's own cards\n",
            "         N marriage ♥K ♥Q = 20\n",
        );
        let c = check(&winner_after);
        assert!(codes(&c).contains(&"B0216"), "{:?}", codes(&c));
        let no_yield = first().replace(
            "         N yields S\n         S marriage ♥K ♥Q",
            "         S marriage ♥K ♥Q",
        );
        assert!(codes(&check(&no_yield)).contains(&"B0216"));
    }

    /// A yield belongs to the trick's winner, once, before any declaration of his turn, and
    /// goes to his partner across.
    #[test]
    fn yields_out_of_place() {
        let cases = [
            (
                "         N yields S ; the winner",
                "         S yields N ; the winner",
            ),
            (
                "         N yields S ; the winner",
                "         N yields W ; the winner",
            ),
            (
                "         N yields S ; the winner",
                "         N yields S\n         N yields S ; the winner",
            ),
            (
                "         N sequence ♠A ♠10 ♠K ♠Q ♠J = 250 ; spades are trumps",
                "         N sequence ♠A ♠10 ♠K ♠Q ♠J = 250\n         N yields S",
            ),
        ];
        for (from, to) in cases {
            let text = first().replacen(from, to, 1);
            assert_ne!(text, first(), "{to}");
            assert!(
                codes(&check(&text)).contains(&"B0215"),
                "{to}: {:?}",
                codes(&check(&text))
            );
        }
        // The individual four-hand game has no yield.
        let individual = first().replace("uspc-four-hand-partnership", "uspc-four-hand");
        assert!(codes(&check(&individual)).contains(&"B0215"));
    }

    /// 000:586: "A double bezique counts 500, and a triple bezique 1,500, but only if all the
    /// cards come from the hand of the same player."
    #[test]
    fn a_double_bezique_from_two_hands_does_not_count() {
        let partner = check(&first().replace(
            "         S marriage ♥K ♥Q = 20 ; S's own cards",
            "         S double-bezique ♦J ♦J@table ♠Q ♠Q@N = 500",
        ));
        assert!(codes(&partner).contains(&"B0218"), "{:?}", codes(&partner));
    }

    /// The seed's example (000:582) with the marriage announced rather than scored at once:
    /// the announcement shows S's trump king with the queen of N's sequence, but when S comes
    /// to score it the queen is still barred, since N could not declare that marriage
    /// (000:561). The rule for the partner's cards, like that for one's own, is applied when
    /// the declaration scores.
    #[test]
    fn no_pending_marriage_with_the_queen_of_the_partner_s_sequence() {
        let text = first()
            .replace(
                "         S bezique ♦J ♠Q@N = 40 ; the sequence's queen on N's table, in a declaration of another kind",
                "         S announces marriage ♠K ♠Q@N",
            )
            .replace(
                "         S marriage ♥K ♥Q = 20 ; S's own cards",
                "         S scores marriage ♠K@table ♠Q@N = 40",
            )
            .replace("declarations NS 310 EW 0", "declarations NS 250 EW 0");
        assert_ne!(text, first());
        let c = check(&text);
        assert_eq!(codes(&c), ["B0217", "B0501"], "{:#?}", c.findings);
        let r = replay(&c);
        assert_eq!(r.announcements.len(), 1);
        assert!(r.declarations.iter().all(|d| !d.pending));
    }

    /// 000:584: "After the last card of the stock has been drawn, each player in turn must
    /// beat the highest card previously played to a trick, even if that card was in his
    /// partner's hand."
    #[test]
    fn the_last_tricks_beat_even_the_partner() {
        let Some(profile) = rules::by_name("uspc-four-hand-partnership") else {
            panic!("no partnership profile");
        };
        let o = profile.options;
        let (Ok(table), Some(n)) = (Table::new(4), Seat::new(0)) else {
            panic!("a table of four");
        };
        let c = |s, r| cards::Card::new(s, r);
        let hands = [
            [c(Suit::Hearts, Rank::Ten), c(Suit::Clubs, Rank::Seven)],
            [c(Suit::Hearts, Rank::Nine), c(Suit::Clubs, Rank::Eight)],
            [c(Suit::Hearts, Rank::Ace), c(Suit::Hearts, Rank::Seven)],
            [c(Suit::Hearts, Rank::Eight), c(Suit::Clubs, Rank::Nine)],
        ];
        let counts = BySeat::from_fn(table, |s| CardCounts::of(hands[s.index()]));
        let mut state = PlayState::new(
            play_rules(&o, table, Suit::Spades),
            &o.pack.spec(),
            counts,
            n,
            None,
        );
        for card in [c(Suit::Hearts, Rank::Ten), c(Suit::Hearts, Rank::Nine)] {
            assert!(
                state
                    .play(Action::Play {
                        card,
                        from_table: false
                    })
                    .is_ok()
            );
        }
        // S must beat his partner N's ten with the ace.
        assert_eq!(state.legal_cards(), CardCounts::of([c(Suit::Hearts, Rank::Ace)]));
    }
}
