//! Six-Pack Bezique's pending declarations (000:683–686): a player may announce more than
//! one declaration at a turn but score only one; the others wait, and he may score them, one
//! a turn and in the order he chooses, the next times he wins a trick. A record writes an
//! announcement as `E announces marriage ♥K@table ♥Q@table` and the later scoring as
//! `E scores marriage ♥K@table ♥Q@table = 40`. In the partnership game an announcement may
//! take cards of the partner's table (`S announces marriage ♠K ♠Q@N`); it stays the
//! announcer's, and is scored with the same cards marked the same way.

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

/// One declaration announced and not yet scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The kind as it counts.
    pub kind: MeldKind,
    /// All its cards.
    pub cards: CardCounts,
    /// Of them, the cards of the partner's table (the partnership game).
    pub partner: CardCounts,
    /// The turn it was announced at: the number of tricks played before it.
    pub turn: usize,
}

impl Waiting {
    /// Whether a statement names this declaration: the same word, the same cards, and the
    /// same of them on the partner's table (the word, since a marriage announced before
    /// trump is known counts as the trump one).
    fn is(&self, kind: MeldKind, cards: &CardCounts, partner: &CardCounts) -> bool {
        same(self.kind, kind) && self.cards == *cards && self.partner == *partner
    }
}

/// The declarations each player has announced and not scored.
#[derive(Clone, Debug)]
pub struct Pending {
    waiting: BySeat<Vec<Waiting>>,
}

impl Pending {
    /// None pending at a table.
    pub fn new(table: Table) -> Pending {
        Pending {
            waiting: BySeat::new(table),
        }
    }

    /// Notes a declaration `seat` announced at `turn` (the tricks played before it);
    /// `partner` are its cards of the partner's table.
    pub fn announce(
        &mut self,
        seat: Seat,
        kind: MeldKind,
        cards: CardCounts,
        partner: CardCounts,
        turn: usize,
    ) {
        self.waiting[seat].push(Waiting {
            kind,
            cards,
            partner,
            turn,
        });
    }

    /// The turn the oldest such declaration of `seat` was announced at, the one a scoring
    /// takes; `None` when none is pending.
    pub fn announced_at(
        &self,
        seat: Seat,
        kind: MeldKind,
        cards: &CardCounts,
        partner: &CardCounts,
    ) -> Option<usize> {
        self.waiting[seat]
            .iter()
            .find(|w| w.is(kind, cards, partner))
            .map(|w| w.turn)
    }

    /// Whether `seat` has this declaration pending, its `partner` cards marked as when it was
    /// announced.
    pub fn has(&self, seat: Seat, kind: MeldKind, cards: &CardCounts, partner: &CardCounts) -> bool {
        self.waiting[seat].iter().any(|w| w.is(kind, cards, partner))
    }

    /// Takes one such declaration off the list once it is scored.
    pub fn take(&mut self, seat: Seat, kind: MeldKind, cards: &CardCounts, partner: &CardCounts) -> bool {
        let list = &mut self.waiting[seat];
        match list.iter().position(|w| w.is(kind, cards, partner)) {
            Some(i) => {
                list.remove(i);
                true
            }
            None => false,
        }
    }

    /// The declarations `seat` has pending, oldest first.
    pub fn of(&self, seat: Seat) -> &[Waiting] {
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
        let none = CardCounts::EMPTY;
        let mut p = Pending::new(table);
        assert!(!p.has(e, MeldKind::Royal, &kq, &none));
        p.announce(e, MeldKind::Royal, kq, none, 3);
        assert!(p.has(e, MeldKind::Royal, &kq, &none));
        assert_eq!(p.of(e).len(), 1);
        assert!(p.take(e, MeldKind::Royal, &kq, &none));
        assert!(!p.take(e, MeldKind::Royal, &kq, &none));
        assert_eq!(PendingWord::of("Announces"), Some(PendingWord::Announces));
        assert_eq!(PendingWord::of("scores"), Some(PendingWord::Scores));
    }

    /// 000:582 with 000:557: a declaration announced with a card of the partner's table is
    /// the announcer's, and is the same declaration only with that card still the
    /// partner's: written from the announcer's own table it is another.
    #[test]
    fn a_pending_declaration_keeps_its_partner_s_cards() {
        let (Ok(table), Some(s), Some(n)) = (Table::new(4), Seat::new(2), Seat::new(0)) else {
            panic!("four seats");
        };
        let k = Card::new(Suit::Spades, Rank::King);
        let kq = CardCounts::of([k, Card::new(Suit::Spades, Rank::Queen)]);
        let from_n = CardCounts::of([k]);
        let mut p = Pending::new(table);
        p.announce(s, MeldKind::Royal, kq, from_n, 3);
        assert!(p.has(s, MeldKind::Royal, &kq, &from_n));
        assert!(!p.has(s, MeldKind::Royal, &kq, &CardCounts::EMPTY));
        assert!(!p.has(n, MeldKind::Royal, &kq, &from_n));
        assert!(!p.take(s, MeldKind::Royal, &kq, &CardCounts::EMPTY));
        assert!(p.take(s, MeldKind::Royal, &kq, &from_n));
        assert!(p.of(s).is_empty());
    }
}
