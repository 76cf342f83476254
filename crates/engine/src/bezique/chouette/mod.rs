//! Chouette Bezique (000:720–728): three or more players play Rubicon, Six-Pack or
//! Eight-Pack two at a time, the player in the box against the captain and his consulting
//! partners, each deal a game. This module holds the order of precedence and what a game
//! pays; [`sheet`] reads and checks the sitting's score sheet (a record's `sheet` section).
//! spec/rules/bezique.md §3f gives each rule with its seed passage.

pub mod r#gen;
pub mod sheet;

pub use sheet::{check, check_with_hands};

/// How a game of the sitting ended, for the player in the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The box won the game.
    BoxWon,
    /// The box lost the game.
    BoxLost,
    /// A tie the brisques did not break: nobody won (the seed is silent; nothing is paid
    /// and nobody moves).
    Tied,
}

/// The order of precedence of a sitting: the player in the box first, the captain second,
/// then the captain's partners in the order they come to be captain. Players are indices
/// into the sheet's columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order(Vec<usize>);

impl Order {
    /// The order as drawn: the highest card in the box, the next captain, the rest after
    /// them (000:724).
    pub fn drawn(players: Vec<usize>) -> Order {
        Order(players)
    }

    /// The player in the box.
    pub fn in_box(&self) -> Option<usize> {
        self.0.first().copied()
    }

    /// The captain.
    pub fn captain(&self) -> Option<usize> {
        self.0.get(1).copied()
    }

    /// The whole order, box first.
    pub fn players(&self) -> &[usize] {
        &self.0
    }

    /// The order after a game. The box wins: he stays, and the captain retires to the end,
    /// so the next in order becomes captain (000:726). The box loses: he retires to the end,
    /// the captain takes the box and the next in line becomes captain (000:728). A tie moves
    /// nobody.
    pub fn after(&mut self, outcome: Outcome) {
        if self.0.len() < 2 {
            return;
        }
        match outcome {
            Outcome::BoxWon => {
                let captain = self.0.remove(1);
                self.0.push(captain);
            }
            Outcome::BoxLost => {
                let boxed = self.0.remove(0);
                self.0.push(boxed);
            }
            Outcome::Tied => {}
        }
    }
}

/// What each of `players` players gets from one game worth `value`: the box collects the
/// value "in full from every opponent" when he wins and pays it to every one of them when he
/// loses (000:726–728), so his gain or loss is the value times the number of opponents and
/// each opponent's the value. The captain and his partners are all opponents alike.
pub fn payments(players: usize, in_box: usize, value: u32, outcome: Outcome) -> Vec<i64> {
    let v = i64::from(value);
    let sign = match outcome {
        Outcome::BoxWon => 1,
        Outcome::BoxLost => -1,
        Outcome::Tied => 0,
    };
    let opponents = i64::try_from(players.saturating_sub(1)).unwrap_or(0);
    (0..players)
        .map(|p| {
            if p == in_box {
                sign * v * opponents
            } else {
                -sign * v
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
