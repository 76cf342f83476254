//! The settlement of a deal that is a game in itself (Rubicon Bezique, 000:716–718): when
//! the brisques count, who wins, whether the loser is rubiconed, and what each scores.

use crate::bezique::rules::{BrisqueCount, DealGame};

/// The two players' figures after the play, in seat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// Declarations (carte blanche included) and the last trick.
    pub points: [u32; 2],
    /// The brisques taken, at their value.
    pub brisques: [u32; 2],
}

/// How a deal settles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// Whether the brisques were counted (for both players).
    pub brisques_counted: bool,
    /// Each player's points as counted: with the brisques when they were counted.
    pub points: [u32; 2],
    /// The winner's index, `None` on a tie that the brisques do not break.
    pub winner: Option<usize>,
    /// Whether the loser is rubiconed.
    pub rubicon: bool,
    /// What each scores for the deal.
    pub game: [i64; 2],
}

/// Settles a deal: the brisques count only to break a tie or to let the lower player escape
/// the rubicon, and then for both (000:716); the higher score adds the bonus, in whole units
/// (000:718); a loser under the rubicon line, brisques included, scores nothing, and the
/// winner takes his own and the loser's points, the rubicon bonus and all the brisques'
/// value.
pub fn settle(f: Figures, count: BrisqueCount, g: &DealGame) -> Settlement {
    let [a, b] = f.points;
    let counted = match count {
        BrisqueCount::Always => true,
        BrisqueCount::ToSettle => a == b || a.min(b) < g.rubicon_under,
        BrisqueCount::Never => false,
    };
    let points = if counted {
        [a + f.brisques[0], b + f.brisques[1]]
    } else {
        f.points
    };
    let [pa, pb] = points;
    let winner = match pa.cmp(&pb) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    let unit = |n: u32| -> i64 {
        let u = g.unit.max(1);
        i64::from(n / u * u)
    };
    let Some(w) = winner else {
        return Settlement {
            brisques_counted: counted,
            points,
            winner,
            rubicon: false,
            game: [unit(pa), unit(pb)],
        };
    };
    let l = 1 - w;
    let won = |i: usize| points.get(i).copied().unwrap_or(0);
    let rubicon = won(l) < g.rubicon_under;
    let mut game = [0i64; 2];
    if rubicon {
        // The brisques are paid as the fixed 320, so the points go in without them.
        let base = |i: usize| f.points.get(i).copied().unwrap_or(0);
        let total =
            unit(base(w)) + unit(base(l)) + i64::from(g.rubicon_bonus) + i64::from(g.rubicon_brisques);
        if let Some(x) = game.get_mut(w) {
            *x = total;
        }
    } else {
        if let Some(x) = game.get_mut(w) {
            *x = unit(won(w)) + i64::from(g.bonus);
        }
        if let Some(x) = game.get_mut(l) {
            *x = unit(won(l));
        }
    }
    Settlement {
        brisques_counted: counted,
        points,
        winner,
        rubicon,
        game,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUBICON: DealGame = DealGame {
        bonus: 500,
        rubicon_under: 1000,
        rubicon_bonus: 1000,
        rubicon_brisques: 320,
        unit: 100,
    };

    fn go(points: [u32; 2], brisques: [u32; 2]) -> Settlement {
        settle(Figures { points, brisques }, BrisqueCount::ToSettle, &RUBICON)
    }

    /// "the player with the higher score adds 500 for game. All fractions of 100 points are
    /// disregarded" (000:718); both over 1,000, so the brisques are not counted (000:716).
    #[test]
    fn the_higher_score_adds_500_in_whole_hundreds() {
        let s = go([2370, 1140], [180, 140]);
        assert!(!s.brisques_counted);
        assert_eq!(s.winner, Some(0));
        assert!(!s.rubicon);
        assert_eq!(s.game, [2300 + 500, 1100]);
    }

    /// "unless they are needed to determine the winner": 1,450 beats 1,420 though both are
    /// 1,400 in whole hundreds.
    #[test]
    fn fractions_decide_the_winner() {
        let s = go([1420, 1450], [200, 120]);
        assert_eq!(s.winner, Some(1));
        assert_eq!(s.game, [1400, 1400 + 500]);
    }

    /// "brisques are not counted except to break a tie … If either player counts brisques,
    /// both count them" (000:716).
    #[test]
    fn the_brisques_break_a_tie() {
        let s = go([1500, 1500], [150, 170]);
        assert!(s.brisques_counted);
        assert_eq!(s.points, [1650, 1670]);
        assert_eq!(s.winner, Some(1));
        assert_eq!(s.game, [1600, 1600 + 500]);
    }

    /// "or to permit a player to escape being rubiconed": 910 and 130 in brisques make 1,040,
    /// not under 1,000 "including brisques".
    #[test]
    fn the_brisques_let_the_loser_escape() {
        let s = go([2000, 910], [190, 130]);
        assert!(s.brisques_counted);
        assert!(!s.rubicon);
        assert_eq!(s.points, [2190, 1040]);
        assert_eq!(s.game, [2100 + 500, 1000]);
    }

    /// "If the player with the lower score has less than 1,000 points, including brisques,
    /// he is rubiconed; and the winner receives a bonus of 1,000 instead of 500, plus all the
    /// loser's points, plus 320 for all the brisques" (000:718).
    #[test]
    fn a_rubicon() {
        let s = go([1870, 760], [220, 100]);
        assert!(s.brisques_counted);
        assert!(s.rubicon);
        assert_eq!(s.winner, Some(0));
        assert_eq!(s.game, [1800 + 700 + 1000 + 320, 0]);
    }

    /// Six-Pack Bezique's game (000:690): the winner +1,000, the rubicon under 3,000, no
    /// brisques and no fixed sum for them (000:667).
    const SIX_PACK: DealGame = DealGame {
        bonus: 1000,
        rubicon_under: 3000,
        rubicon_bonus: 1000,
        rubicon_brisques: 0,
        unit: 100,
    };

    fn six(points: [u32; 2]) -> Settlement {
        settle(
            Figures {
                points,
                brisques: [0, 0],
            },
            BrisqueCount::Never,
            &SIX_PACK,
        )
    }

    /// 000:690: "Example: The winner scores 2,700; the loser 2,600. The winner scores 2,700 +
    /// 2,600 + 1,000 for game, for a total of 6,300."
    #[test]
    fn the_six_pack_example_2700_2600_makes_6300() {
        let s = six([2700, 2600]);
        assert!(!s.brisques_counted);
        assert_eq!(s.winner, Some(0));
        assert!(s.rubicon);
        assert_eq!(s.game, [2700 + 2600 + 1000, 0]);
        assert_eq!(s.game[0], 6300);
        // Either seat: D the winner.
        assert_eq!(six([2600, 2700]).game, [0, 6300]);
    }

    /// 000:690: "The winner adds 1,000 to his score" when the loser reaches 3,000; "it is
    /// customary to disregard any fraction of 100 points".
    #[test]
    fn over_3000_the_winner_adds_1000_in_whole_hundreds() {
        let s = six([4180, 3050]);
        assert!(!s.rubicon);
        assert_eq!(s.game, [4100 + 1000, 3000]);
        // 2,990 has "failed to reach 3,000": a rubicon, both players' points to the winner.
        let s = six([3320, 2990]);
        assert!(s.rubicon);
        assert_eq!(s.game, [3300 + 2900 + 1000, 0]);
    }

    /// 000:702: in Eight-Pack "the loser is rubiconed if he fails to reach 5,000".
    #[test]
    fn eight_pack_s_rubicon_is_under_5000() {
        let g = DealGame {
            rubicon_under: 5000,
            ..SIX_PACK
        };
        let f = Figures {
            points: [6200, 4900],
            brisques: [0, 0],
        };
        let s = settle(f, BrisqueCount::Never, &g);
        assert!(s.rubicon);
        assert_eq!(s.game, [6200 + 4900 + 1000, 0]);
        let f = Figures {
            points: [6200, 5000],
            brisques: [0, 0],
        };
        assert_eq!(settle(f, BrisqueCount::Never, &g).game, [7200, 5000]);
    }
}
