//! The table: seats for two to eight players, containers indexed by seat, turn order and the
//! dealer's rotation, sides, and seats that take no cards.
//!
//! Seats are numbered clockwise (to the left, the direction of play in every game of the
//! seeds) from 0. A [`Seat`] is always below [`MAX_SEATS`], so a [`BySeat`] indexed by one
//! never panics; which seats a given table has is the [`Table`]'s business.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The most players a table seats (eight-hand Partnership Pinochle).
pub const MAX_SEATS: usize = 8;

/// The fewest players a table seats.
pub const MIN_SEATS: usize = 2;

/// A seat at the table, numbered clockwise from 0; always below [`MAX_SEATS`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, schemars::JsonSchema,
)]
pub struct Seat(u8);

impl Seat {
    /// The first seat, numbered 0.
    pub const FIRST: Seat = Seat(0);

    /// The seat with this number, if it is below [`MAX_SEATS`].
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat's number, 0-based.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    /// The 1-based seat number, as a table talks about seats.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// Why a [`Table`] cannot be laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The number of seats is outside 2..=8.
    Seats(usize),
    /// A seat named is not at this table.
    NoSuchSeat(Seat),
    /// Fewer than two seats would take cards.
    TooFewActive,
    /// The sides cannot be formed at this many seats (alternating sides need an even table of
    /// at least four).
    Sides,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Seats(n) => write!(f, "a table seats {MIN_SEATS} to {MAX_SEATS}, not {n}"),
            TableError::NoSuchSeat(s) => write!(f, "{s} is not at this table"),
            TableError::TooFewActive => write!(f, "at least two seats must take cards"),
            TableError::Sides => write!(f, "these sides cannot be formed at this table"),
        }
    }
}

impl std::error::Error for TableError {}

/// A table of two to eight seats, some of which may take no cards in this deal (the dealer
/// at four in Skat and Frog, the inactive players of Auction Pinochle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    seats: u8,
    /// Bit `i` set: seat `i` takes no cards.
    idle: u8,
}

impl Table {
    /// A table of `seats` players, all of them taking cards.
    pub fn new(seats: usize) -> Result<Table, TableError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(TableError::Seats(seats));
        }
        Ok(Table {
            seats: seats as u8,
            idle: 0,
        })
    }

    /// Number of seats at the table.
    pub fn len(self) -> usize {
        usize::from(self.seats)
    }

    /// Always false: a table has at least two seats.
    pub fn is_empty(self) -> bool {
        false
    }

    /// Whether the seat is at this table.
    pub fn has(self, seat: Seat) -> bool {
        seat.index() < self.len()
    }

    /// Every seat, clockwise from seat 0.
    pub fn seats(self) -> impl Iterator<Item = Seat> {
        (0..self.seats).map(Seat)
    }

    /// The same table with `seat` taking no cards this deal.
    pub fn with_idle(self, seat: Seat) -> Result<Table, TableError> {
        if !self.has(seat) {
            return Err(TableError::NoSuchSeat(seat));
        }
        let t = Table {
            idle: self.idle | 1 << seat.0,
            ..self
        };
        if t.active().count() < MIN_SEATS {
            return Err(TableError::TooFewActive);
        }
        Ok(t)
    }

    /// The table for a deal of a game with `active` players: with more at the table, the
    /// dealer sits out, and with two more the seat `fifth_idle` places to the dealer's left as
    /// well. Auction Pinochle: the second on his left (seed `000_3ec19dcdb2768489.txt` line
    /// 349); Skat and Frog: the third, as the dealer gives cards to the two on his left and the
    /// one on his right (seed `001_be26129d5ddb0b06.txt` line 598).
    pub fn for_deal(self, dealer: Seat, active: usize, fifth_idle: usize) -> Result<Table, TableError> {
        if !self.has(dealer) {
            return Err(TableError::NoSuchSeat(dealer));
        }
        let mut t = self;
        if self.len() > active {
            t = t.with_idle(dealer)?;
        }
        if self.len() > active + 1 {
            t = t.with_idle(self.after(dealer, fifth_idle))?;
        }
        Ok(t)
    }

    /// Whether the seat takes cards this deal.
    pub fn is_active(self, seat: Seat) -> bool {
        self.has(seat) && self.idle & (1 << seat.0) == 0
    }

    /// The seats that take cards, clockwise from seat 0.
    pub fn active(self) -> impl Iterator<Item = Seat> {
        self.seats().filter(move |&s| self.is_active(s))
    }

    /// The seat to the left of `seat` (the next to play in every game of the seeds).
    pub fn next(self, seat: Seat) -> Seat {
        self.after(seat, 1)
    }

    /// The seat `steps` places to the left of `seat`.
    pub fn after(self, seat: Seat, steps: usize) -> Seat {
        let n = self.len().max(1);
        Seat(((seat.index() + steps % n) % n) as u8)
    }

    /// The seat to the right of `seat`.
    pub fn before(self, seat: Seat) -> Seat {
        self.after(seat, self.len().saturating_sub(1))
    }

    /// The next seat to the left of `seat` that takes cards.
    pub fn next_active(self, seat: Seat) -> Seat {
        let mut s = self.next(seat);
        for _ in 0..self.len() {
            if self.is_active(s) {
                return s;
            }
            s = self.next(s);
        }
        s
    }

    /// The active seats in turn order starting with `first` (who need not be active: the
    /// order then starts at the next active seat to his left).
    pub fn turn_order(self, first: Seat) -> Vec<Seat> {
        (0..self.len())
            .map(|k| self.after(first, k))
            .filter(|&s| self.is_active(s))
            .collect()
    }

    /// The dealer of the next deal: the deal passes to the left.
    pub fn next_dealer(self, dealer: Seat) -> Seat {
        self.next(dealer)
    }

    /// The first active seat to the dealer's left: who is dealt to first and, in most games,
    /// leads first.
    pub fn left_of(self, dealer: Seat) -> Seat {
        self.next_active(dealer)
    }
}

/// One value per seat, indexed by [`Seat`] rather than by arithmetic on numbers. Holds
/// [`MAX_SEATS`] slots so that indexing never fails; only the table's seats are iterated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BySeat<T> {
    slots: [T; MAX_SEATS],
    len: u8,
}

impl<T: Default> BySeat<T> {
    /// The default value at every seat of `table`.
    pub fn new(table: Table) -> BySeat<T> {
        BySeat::from_fn(table, |_| T::default())
    }

    /// `f(seat)` at every seat of `table` (slots beyond the table hold the default).
    pub fn from_fn(table: Table, mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        let slots = std::array::from_fn(|i| {
            let seat = Seat(i as u8);
            if table.has(seat) { f(seat) } else { T::default() }
        });
        BySeat {
            slots,
            len: table.seats,
        }
    }
}

impl<T> BySeat<T> {
    /// Number of seats.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there is no seat (never, for a container made from a table).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value at a seat of the table, `None` for a seat beyond it.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        if seat.index() < self.len() {
            self.slots.get(seat.index())
        } else {
            None
        }
    }

    /// The value at a seat of the table, mutably.
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        if seat.index() < self.len() {
            self.slots.get_mut(seat.index())
        } else {
            None
        }
    }

    /// Each seat with its value, clockwise from seat 0.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.slots
            .iter()
            .take(self.len())
            .enumerate()
            .map(|(i, v)| (Seat(i as u8), v))
    }

    /// The values, clockwise from seat 0.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.slots.iter().take(self.len())
    }

    /// The values, mutably.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        let n = self.len();
        self.slots.iter_mut().take(n)
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;

    /// The slot of the seat; a seat beyond the table reaches a default slot, never a panic.
    fn index(&self, seat: Seat) -> &T {
        // A seat is below MAX_SEATS by construction: the modulo only shows it.
        &self.slots[seat.index() % MAX_SEATS]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.slots[seat.index() % MAX_SEATS]
    }
}

impl<T: serde::Serialize> serde::Serialize for BySeat<T> {
    /// The table's values as a list, seat 0 first.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.values())
    }
}

/// Which side a seat plays for.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, schemars::JsonSchema,
)]
pub struct Side(pub u8);

/// How the seats form sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sides {
    /// Each player for himself: every seat its own side.
    Individual,
    /// Two sides of alternating seats: two against two across at four, three against three
    /// at six, four against four at eight (each player has an opponent on either hand).
    Alternating,
    /// One player against all the others (Skat's declarer, the Auction Pinochle bidder,
    /// Chouette's box).
    OneAgainstRest(Seat),
}

impl Sides {
    /// Checks that the sides can be formed at `table`.
    pub fn check(self, table: Table) -> Result<Sides, TableError> {
        match self {
            Sides::Individual => Ok(self),
            Sides::Alternating if table.len() >= 4 && table.len().is_multiple_of(2) => Ok(self),
            Sides::Alternating => Err(TableError::Sides),
            Sides::OneAgainstRest(s) if table.has(s) => Ok(self),
            Sides::OneAgainstRest(s) => Err(TableError::NoSuchSeat(s)),
        }
    }

    /// The side of a seat: the seat's number for individuals, 0 or 1 otherwise (the lone
    /// player is side 0).
    pub fn side_of(self, seat: Seat) -> Side {
        match self {
            Sides::Individual => Side(seat.0),
            Sides::Alternating => Side(seat.0 % 2),
            Sides::OneAgainstRest(lone) => Side(u8::from(seat != lone)),
        }
    }

    /// Whether two seats play for the same side (a seat is its own partner).
    pub fn partners(self, a: Seat, b: Seat) -> bool {
        self.side_of(a) == self.side_of(b)
    }

    /// The seats of the table on the side of `seat`, itself included, clockwise from seat 0.
    pub fn side(self, table: Table, seat: Seat) -> Vec<Seat> {
        table.seats().filter(|&s| self.partners(s, seat)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn s(i: usize) -> Seat {
        Seat::new(i).unwrap()
    }

    #[test]
    fn tables_of_two_to_eight() {
        assert_eq!(Table::new(1), Err(TableError::Seats(1)));
        assert_eq!(Table::new(9), Err(TableError::Seats(9)));
        for n in 2..=8 {
            let t = Table::new(n).unwrap();
            assert_eq!(t.seats().count(), n);
            assert_eq!(t.next(s(n - 1)), s(0));
            assert_eq!(t.before(s(0)), s(n - 1));
            assert_eq!(t.after(s(1), n), s(1));
        }
        assert_eq!(Seat::new(8), None);
        assert_eq!(s(2).to_string(), "seat 3");
    }

    #[test]
    fn by_seat_is_indexed_by_seat_and_holds_only_the_table() {
        let t = Table::new(6).unwrap();
        let mut hands: BySeat<u32> = BySeat::from_fn(t, |seat| seat.index() as u32 * 10);
        assert_eq!(hands.len(), 6);
        assert_eq!(hands[s(5)], 50);
        hands[s(2)] += 1;
        assert_eq!(hands.get(s(2)), Some(&21));
        assert_eq!(hands.get(s(6)), None);
        assert_eq!(hands.values().sum::<u32>(), 151);
        assert_eq!(hands.iter().last(), Some((s(5), &50)));
        assert_eq!(serde_json::to_string(&hands).unwrap(), "[0,10,21,30,40,50]");
    }

    /// Seed `000_3ec19dcdb2768489.txt`, Auction Pinochle (line 349): with four at the table
    /// the dealer takes no cards; with five, the dealer and the second player on his left.
    /// Seed `001_be26129d5ddb0b06.txt`, Frog (line 598): with five the dealer gives cards to
    /// the two on his left and the one on his right.
    #[test]
    fn seats_that_take_no_cards() {
        let four = Table::new(4).unwrap().for_deal(s(1), 3, 2).unwrap();
        assert_eq!(four.active().collect::<Vec<_>>(), [s(0), s(2), s(3)]);
        assert_eq!(four.left_of(s(1)), s(2));
        assert_eq!(four.turn_order(s(2)), [s(2), s(3), s(0)]);
        assert_eq!(four.next_active(s(0)), s(2));
        let pinochle5 = Table::new(5).unwrap().for_deal(s(0), 3, 2).unwrap();
        assert_eq!(pinochle5.active().collect::<Vec<_>>(), [s(1), s(3), s(4)]);
        let frog5 = Table::new(5).unwrap().for_deal(s(0), 3, 3).unwrap();
        // Two on the dealer's left (1, 2) and the one on his right (4).
        assert_eq!(frog5.active().collect::<Vec<_>>(), [s(1), s(2), s(4)]);
        let three = Table::new(3).unwrap().for_deal(s(0), 3, 2).unwrap();
        assert_eq!(three.active().count(), 3);
        assert_eq!(
            Table::new(2).unwrap().with_idle(s(0)),
            Err(TableError::TooFewActive)
        );
        assert_eq!(three.next_dealer(s(2)), s(0));
    }

    /// Seed `000_3ec19dcdb2768489.txt`: partners across at four (Partnership Pinochle);
    /// "two partnerships of three each; each player has an opponent to his right and left"
    /// (line 343); one against the rest (Auction Pinochle's bidder).
    #[test]
    fn sides() {
        let four = Table::new(4).unwrap();
        let across = Sides::Alternating.check(four).unwrap();
        assert!(across.partners(s(0), s(2)));
        assert!(!across.partners(s(0), s(1)));
        assert_eq!(across.side(four, s(3)), [s(1), s(3)]);
        let six = Table::new(6).unwrap();
        let t = Sides::Alternating.check(six).unwrap();
        for seat in six.seats() {
            assert!(!t.partners(seat, six.next(seat)));
            assert!(!t.partners(seat, six.before(seat)));
        }
        assert_eq!(t.side(six, s(0)), [s(0), s(2), s(4)]);
        let eight = Table::new(8).unwrap();
        assert_eq!(Sides::Alternating.side(eight, s(1)).len(), 4);
        assert_eq!(
            Sides::Alternating.check(Table::new(3).unwrap()),
            Err(TableError::Sides)
        );
        let solo = Sides::OneAgainstRest(s(1));
        assert!(solo.partners(s(0), s(2)));
        assert!(!solo.partners(s(1), s(2)));
        assert!(Sides::Individual.partners(s(3), s(3)));
        assert!(!Sides::Individual.partners(s(3), s(2)));
    }

    proptest! {
        /// Going to the left as many times as there are seats comes back; the turn order from
        /// any seat holds every active seat once; alternating sides split the table in halves.
        #[test]
        fn rotation_and_sides(n in 2usize..=8, first in 0usize..8, idle in 0usize..8) {
            let t = Table::new(n).unwrap();
            let first = s(first % n);
            prop_assert_eq!(t.after(first, n), first);
            prop_assert_eq!(t.before(t.next(first)), first);
            let t = t.with_idle(s(idle % n)).unwrap_or(t);
            let order = t.turn_order(first);
            prop_assert_eq!(order.len(), t.active().count());
            let mut sorted = order.clone();
            sorted.sort();
            prop_assert_eq!(sorted, t.active().collect::<Vec<_>>());
            if Sides::Alternating.check(t).is_ok() {
                prop_assert_eq!(Sides::Alternating.side(t, first).len(), n / 2);
            }
        }
    }
}
