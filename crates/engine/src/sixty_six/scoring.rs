//! The figures of Sixty-Six: card points, and the game points a deal gives (seed 000,
//! 000:458–478, 504).

use cards::{Card, Rank};

use crate::sixty_six::rules::Options;

/// A card's points when taken in a trick: ace 11, ten 10, king 4, queen 3, jack 2, the rest
/// nothing (000:466–474).
pub fn card_points(card: Card) -> u32 {
    match card.rank {
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

/// The game points of a player who made 66 in the two- or three-hand game, by what the
/// opponent has: 3 when he took no trick (schwarz), 2 when he has less than 33 (schneider),
/// else 1 (000:476).
pub fn game_points(o: &Options, opponent_points: u32, opponent_tricks: u32) -> u32 {
    if opponent_tricks == 0 {
        3
    } else if opponent_points < o.schneider {
        2
    } else {
        1
    }
}

/// The game points of a four-hand side with `points`: every trick 3, from 100 (X36) 2, from
/// 66 1, else nothing (000:504).
pub fn four_hand_points(o: &Options, points: u32, took_every_trick: bool) -> u32 {
    if took_every_trick {
        3
    } else if points >= o.two_points_from {
        2
    } else if points >= o.target {
        1
    } else {
        0
    }
}

/// The game points a failed close (or a false announcement) gives the opponent: 3 when he
/// had taken no trick when the stock was closed, else 2 (000:478).
pub fn failed_close(o: &Options, opponent_had_trick: bool) -> u32 {
    if opponent_had_trick {
        o.failed_close
    } else {
        o.failed_close_no_trick
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sixty_six::rules::by_name;

    fn two() -> Options {
        by_name("uspc-two-hand").map(|p| p.options).expect("profile")
    }

    fn four() -> Options {
        by_name("uspc-four-hand").map(|p| p.options).expect("profile")
    }

    /// 000:476: 1 game point, 2 before the opponent has 33, 3 before he has a trick.
    #[test]
    fn the_seed_s_game_points() {
        let o = two();
        assert_eq!(game_points(&o, 40, 3), 1);
        assert_eq!(game_points(&o, 33, 1), 1);
        assert_eq!(game_points(&o, 32, 1), 2);
        assert_eq!(game_points(&o, 0, 0), 3);
    }

    /// 000:478: a failed close gives 2, 3 when the opponent had no trick.
    #[test]
    fn a_failed_close() {
        let o = two();
        assert_eq!(failed_close(&o, true), 2);
        assert_eq!(failed_close(&o, false), 3);
    }

    /// 000:504: 66–99 1, more than 100 2, every trick (130) 3; exactly 100 scores 2 (X36).
    #[test]
    fn the_four_hand_scale() {
        let o = four();
        assert_eq!(four_hand_points(&o, 66, false), 1);
        assert_eq!(four_hand_points(&o, 99, false), 1);
        assert_eq!(four_hand_points(&o, 100, false), 2);
        assert_eq!(four_hand_points(&o, 129, false), 2);
        assert_eq!(four_hand_points(&o, 130, true), 3);
        assert_eq!(four_hand_points(&o, 65, false), 0);
    }
}
