//! Six-Pack Bezique's pending declarations (000:683–686): a player may announce more than
//! one declaration at a turn but score only one; the others wait, and he may score them, one
//! a turn and in the order he chooses, the next times he wins a trick. A record writes an
//! announcement as `E announces marriage ♥K@table ♥Q@table` and the later scoring as
//! `E scores marriage ♥K@table ♥Q@table = 40`.

use crate::core::{BySeat, CardCounts, Seat, Table};
use crate::pinochle::meld::MeldKind;

/// Which of the two a statement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PendingWord {
    /// A declaration shown and left to score later (`announces`).
    Announces,
    /// A declaration announced earlier scored now (`scores`).
    Scores,
}

impl PendingWord {
    /// The word a record writes, in any case.
    pub fn of(word: &str) -> Option<PendingWord> {
        match word.to_ascii_lowercase().as_str() {
            "announces" => Some(PendingWord::Announces),
            "scores" => Some(PendingWord::Scores),
            _ => None,
        }
    }
}

/// The declarations each player has announced and not scored.
#[derive(Clone, Debug)]
pub struct Pending {
    waiting: BySeat<Vec<(MeldKind, CardCounts)>>,
}

impl Pending {
    /// None pending at a table.
    pub fn new(table: Table) -> Pending {
        Pending {
            waiting: BySeat::new(table),
        }
    }

    /// Notes an announced declaration.
    pub fn announce(&mut self, seat: Seat, kind: MeldKind, cards: CardCounts) {
        self.waiting[seat].push((kind, cards));
    }

    /// Whether `seat` has this declaration pending: the same word with the same cards (the
    /// word, since a marriage announced before trump is known counts as the trump one).
    pub fn has(&self, seat: Seat, kind: MeldKind, cards: &CardCounts) -> bool {
        self.waiting[seat]
            .iter()
            .any(|(k, c)| same(*k, kind) && c == cards)
    }

    /// Takes one such declaration off the list once it is scored.
    pub fn take(&mut self, seat: Seat, kind: MeldKind, cards: &CardCounts) -> bool {
        let list = &mut self.waiting[seat];
        match list.iter().position(|(k, c)| same(*k, kind) && c == cards) {
            Some(i) => {
                list.remove(i);
                true
            }
            None => false,
        }
    }

    /// The declarations `seat` has pending, oldest first.
    pub fn of(&self, seat: Seat) -> &[(MeldKind, CardCounts)] {
        &self.waiting[seat]
    }
}

fn same(a: MeldKind, b: MeldKind) -> bool {
    crate::bezique::meld::word(a) == crate::bezique::meld::word(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Card, Rank, Suit};

    /// 000:684: "40 for bezique, and 40 to score for the marriage of the K and Q. The next
    /// time that player wins a trick, he may score the additional 40": the marriage waits,
    /// and is scored once.
    #[test]
    fn a_pending_marriage_is_scored_once() {
        let Ok(table) = Table::new(2) else {
            panic!("two seats");
        };
        let Some(e) = Seat::new(0) else {
            panic!("seat 0");
        };
        let kq = CardCounts::of([
            Card::new(Suit::Hearts, Rank::King),
            Card::new(Suit::Hearts, Rank::Queen),
        ]);
        let mut p = Pending::new(table);
        assert!(!p.has(e, MeldKind::Royal, &kq));
        p.announce(e, MeldKind::Royal, kq);
        assert!(p.has(e, MeldKind::Royal, &kq));
        assert_eq!(p.of(e).len(), 1);
        assert!(p.take(e, MeldKind::Royal, &kq));
        assert!(!p.take(e, MeldKind::Royal, &kq));
        assert_eq!(PendingWord::of("Announces"), Some(PendingWord::Announces));
        assert_eq!(PendingWord::of("scores"), Some(PendingWord::Scores));
    }
}
