//! What a card pegs in the play: the combinations it makes with the cards before it in the
//! same series (seed `001_be26129d5ddb0b06.txt`, lines 679–693), and 31 (common rule). Which
//! cards may be played is [`crate::core::pegging`]'s business.

use cards::Card;
use serde::{Deserialize, Serialize};

use crate::core::pegging::{LIMIT, pips};
use crate::cribbage::meld::{pairs_value, sequence};

/// One thing a card pegs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PegKind {
    /// The count reaches 15: 2.
    Fifteen,
    /// The count reaches 31: 2 (common rule).
    ThirtyOne,
    /// The card pairs the one before: 2; a third of the rank 6, a fourth 12 (001:681–691).
    Pairs,
    /// The last cards form a sequence, in any order: one a card (001:693).
    Run,
    /// The last card of a series nobody can add to: 1 (common rule).
    Go,
    /// The last card of the play: 1 (common rule).
    LastCard,
}

/// What the card `played[played.len() - 1]` pegs: the series so far, the card last.
pub fn score(played: &[Card]) -> Vec<(PegKind, u32)> {
    let mut out = Vec::new();
    let count: u32 = played.iter().map(|&c| u32::from(pips(c))).sum();
    if count == 15 {
        out.push((PegKind::Fifteen, 2));
    }
    if count == u32::from(LIMIT) {
        out.push((PegKind::ThirtyOne, 2));
    }
    let Some(last) = played.last() else {
        return out;
    };
    let same = played.iter().rev().take_while(|c| c.rank == last.rank).count();
    if same >= 2 {
        out.push((PegKind::Pairs, pairs_value(same)));
    }
    // The longest tail of three or more cards that are a sequence in some order.
    let mut best = 0;
    for k in 3..=played.len() {
        let Some(tail) = played.get(played.len() - k..) else {
            break;
        };
        let mut ranks: Vec<u8> = tail.iter().map(|c| sequence(c.rank)).collect();
        ranks.sort_unstable();
        if ranks.windows(2).all(|w| w[1] == w[0] + 1) {
            best = k;
        }
    }
    if best >= 3 {
        out.push((PegKind::Run, u32::try_from(best).unwrap_or(0)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Rank::*, Suit::*};

    fn c(r: cards::Rank) -> Card {
        Card::new(Hearts, r)
    }

    fn total(played: &[Card]) -> u32 {
        score(played).iter().map(|s| s.1).sum()
    }

    #[test]
    fn fifteens_pairs_runs_and_thirty_one() {
        assert_eq!(total(&[c(Ten), c(Five)]), 2);
        assert_eq!(total(&[c(Five), c(Five)]), 2);
        // Three fives: a pair royal, and the count is 15.
        assert_eq!(total(&[c(Five), c(Five), c(Five)]), 6 + 2);
        assert_eq!(total(&[c(Two), c(Two), c(Two), c(Two)]), 12);
        // 4 6 5: a run of three in any order (and the count is 15).
        assert_eq!(total(&[c(Four), c(Six), c(Five)]), 3 + 2);
        // 3 4 5 6 after a 3 4 5 run: four.
        assert_eq!(total(&[c(Three), c(Four), c(Five), c(Six)]), 4);
        // 3 4 3 5: the tail 4 3 5 is a run of three, and the count is 15.
        assert_eq!(total(&[c(Three), c(Four), c(Three), c(Five)]), 3 + 2);
        assert_eq!(total(&[c(Three), c(Four), c(Four), c(Five)]), 0);
        // K Q 8 3: 31.
        assert_eq!(total(&[c(King), c(Queen), c(Eight), c(Three)]), 2);
    }
}
