//! The play of a Skat game as a game state: whose turn it is, the cards each may play, what
//! a card or a word said at the table leads to, and when the play ends.
//!
//! This is where the rules of the play are written, once (seed 004, §GAMEPLAY and §Game
//! end; seed 001, Laws 37–44; spec/rules/skat-isko.md §5): forehand leads to the first
//! trick and the winner of a trick to the next; the duties of [`play::legal`]; the early ends
//! of [`play::ended_by_trick`]; concessions, the declarer's claim, penalties, abandoning a
//! tourné, Kontra and Re. The full check, the quick verdict and the generator all play
//! through [`PlayState`] (see [`crate::core::game`]); none of them keeps a trick loop of its
//! own. A Ramsch is the same play without a declarer: every player counts for himself.

use cards::{Card, Rank, Suit};

use crate::core::CardSet;
use crate::core::game::GameState;
use crate::core::trick::Breach;
use crate::skat::model::{Contract, End, GameType, Seat, SkatUse};
use crate::skat::pack;
use crate::skat::play;
use crate::skat::rules::Profile;
use crate::skat::words::EventWord;

/// Tricks in a game of Skat.
pub const TRICKS: u32 = 10;

/// One thing done in the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// A card played.
    Card(Seat, Card),
    /// A card played that the record does not show (`??`).
    Hidden(Seat),
    /// A word said at the table: a concession, a claim, a penalty, Kontra or Re.
    Says(Seat, EventWord),
}

/// What an accepted act led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A card added to the trick, which is not complete yet.
    Card {
        /// The play had already ended: the card is checked but not counted.
        after_end: bool,
    },
    /// A card that completed a trick.
    Trick(TrickDone),
    /// A word that took effect; the play ended with it when `ended` is set.
    Said {
        /// The end it brought.
        ended: Option<End>,
        /// Said while a trick was unfinished.
        mid_trick: bool,
    },
    /// A word that changes nothing: the play had ended, or the profile gives the word no
    /// effect at this point (a claim where there are no concessions).
    Ignored {
        /// The play had already ended.
        after_end: bool,
        /// Said while a trick was unfinished.
        mid_trick: bool,
    },
}

/// A completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickDone {
    /// Its number in the play, from 1.
    pub number: u32,
    /// Who led it.
    pub leader: Seat,
    /// Who won it.
    pub winner: Seat,
    /// Its card points.
    pub points: u32,
    /// Counted for the result (the play had not ended before it).
    pub counted: bool,
    /// The end of the play this trick brought.
    pub ended: Option<End>,
}

/// Why Kontra or Re may not be said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoublingProblem {
    /// The profile has no Kontra and Re.
    NotInProfile,
    /// Kontra said once the second trick was taken.
    TooLate,
    /// Kontra said by the declarer, or a second time.
    KontraNotByDefender,
    /// Re said by a defender, before a Kontra, or a second time.
    ReNotAfterKontra,
}

/// Why a tourné may not be abandoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbandonProblem {
    /// The profile has no abandoning.
    NotInProfile,
    /// A defender abandons.
    Defender,
    /// Abandoned at or after this trick.
    TooLate {
        /// The declarer may abandon only before playing to this trick.
        before_trick: u32,
    },
    /// Only a suit tourné may be abandoned.
    NotSuitTourne,
}

/// Why the rules refuse an act; the state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Another seat is to play.
    OutOfTurn {
        /// The seat to play.
        expected: Seat,
    },
    /// The seat does not hold the card.
    NotHeld,
    /// The card breaks a duty of play.
    Breach(Breach),
    /// The card is not known, so the play cannot be followed.
    Hidden,
    /// The profile has no concessions or claims; the word would end the game.
    NoConcessions,
    /// A defender shows the cards to claim the rest.
    DefenderShows,
    /// Kontra or Re out of place.
    Doubling(DoublingProblem),
    /// Abandoning out of place (applied anyway, the declarer's abandoning still ends the game).
    Abandon(AbandonProblem),
    /// A Ramsch has no words at the table.
    NoWordsInRamsch,
}

/// Card points and tricks taken by one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Taken {
    /// Card points of the tricks taken.
    pub points: u32,
    /// Tricks taken.
    pub tricks: u32,
}

/// The counts of the completed tricks by side, which a trump or Null game is figured from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Card points of the tricks the declarer won (the skat not included).
    pub declarer_trick_points: u32,
    /// Card points of the tricks the defenders won.
    pub defender_points: u32,
    /// Tricks the declarer won.
    pub declarer_tricks: u32,
    /// Tricks the defenders won.
    pub defender_tricks: u32,
}

impl Counts {
    /// Tricks completed.
    pub fn tricks(&self) -> u32 {
        self.declarer_tricks + self.defender_tricks
    }
}

/// The play of one game in progress.
///
/// A bot plays through it as the check does: ask [`GameState::legal`], play one card,
/// until [`GameState::is_over`].
///
/// ```
/// use engine::core::CardSet;
/// use engine::core::game::GameState;
/// use engine::skat::state::{Act, PlayState};
/// use engine::skat::{Contract, GameType, Seat, SkatUse, rules};
///
/// let hand = |t: &str| CardSet::of(t.split(' ').map(|c| c.parse::<cards::Card>().unwrap()));
/// let hands = [
///     hand("♣A ♣K ♣Q ♣J ♣10 ♠A ♠10 ♥A ♥J ♦A"),
///     hand("♣7 ♠Q ♠9 ♠8 ♥Q ♥10 ♥9 ♥7 ♦Q ♦9"),
///     hand("♣9 ♣8 ♠K ♠J ♠7 ♥K ♥8 ♦K ♦J ♦10"),
/// ];
/// let contract = Contract {
///     game: GameType::Clubs,
///     hand: true,
///     schneider_announced: false,
///     schwarz_announced: false,
///     ouvert: false,
/// };
/// let profile = rules::by_name("isko").unwrap();
/// let mut state = PlayState::new(profile, Seat::F, contract, SkatUse::Hand, hands);
/// while let Some(card) = state.legal().iter().next() {
///     state.play(Act::Card(state.to_play(), card)).unwrap();
/// }
/// assert!(state.is_over());
/// assert_eq!(state.counts().tricks(), 10);
/// ```
#[derive(Clone, Debug)]
pub struct PlayState<'p> {
    profile: &'p Profile,
    contract: Contract,
    skat_use: SkatUse,
    /// `None` in a Ramsch.
    declarer: Option<Seat>,
    hands: [CardSet; 3],
    leader: Seat,
    trick: [Card; 3],
    in_trick: usize,
    /// The number of the trick being played.
    number: u32,
    taken: [Taken; 3],
    last_winner: Option<Seat>,
    end: Option<(End, u32)>,
    doublings: u32,
    kontra_by: Option<Seat>,
    resigned: [bool; 3],
    claimed: bool,
}

impl<'p> PlayState<'p> {
    /// The play of a trump or Null game, from the hands at the first lead.
    pub fn new(
        profile: &'p Profile,
        declarer: Seat,
        contract: Contract,
        skat_use: SkatUse,
        hands: [CardSet; 3],
    ) -> PlayState<'p> {
        PlayState {
            profile,
            contract,
            skat_use,
            declarer: Some(declarer),
            hands,
            leader: Seat::F,
            trick: [Card::new(Suit::Clubs, Rank::Seven); 3],
            in_trick: 0,
            number: 1,
            taken: [Taken::default(); 3],
            last_winner: None,
            end: None,
            doublings: 0,
            kontra_by: None,
            resigned: [false; 3],
            claimed: false,
        }
    }

    /// The play of a Ramsch: the jacks the only trumps, every player for himself (seed 001,
    /// Laws 4, 37, 43, 45; seed 000, §Ramsch), played out to the tenth trick.
    pub fn ramsch(profile: &'p Profile, hands: [CardSet; 3]) -> PlayState<'p> {
        let contract = Contract {
            game: GameType::Grand,
            hand: true,
            schneider_announced: false,
            schwarz_announced: false,
            ouvert: false,
        };
        PlayState {
            declarer: None,
            ..PlayState::new(profile, Seat::F, contract, SkatUse::Hand, hands)
        }
    }

    /// The seat to play the next card.
    #[inline]
    pub fn to_play(&self) -> Seat {
        self.leader.after(self.in_trick)
    }

    /// The number of the trick being played, from 1.
    pub fn trick_number(&self) -> u32 {
        self.number
    }

    /// The cards of the trick so far, in play order.
    #[inline]
    pub fn trick(&self) -> &[Card] {
        self.trick.get(..self.in_trick).unwrap_or_default()
    }

    /// A seat's cards.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// The counts of the counted tricks by side, from what each seat took (in a Ramsch,
    /// without a declarer, every trick counts on the defenders' side).
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for (i, t) in self.taken.iter().enumerate() {
            if self.declarer.is_some_and(|d| d.index() == i) {
                c.declarer_trick_points += t.points;
                c.declarer_tricks += t.tricks;
            } else {
                c.defender_points += t.points;
                c.defender_tricks += t.tricks;
            }
        }
        c
    }

    /// What each seat took in the counted tricks.
    pub fn taken(&self) -> [Taken; 3] {
        self.taken
    }

    /// Who won the last counted trick.
    pub fn last_winner(&self) -> Option<Seat> {
        self.last_winner
    }

    /// How and at which trick the play ended, once it has.
    pub fn end(&self) -> Option<(End, u32)> {
        self.end
    }

    /// Kontra and Re said.
    pub fn doublings(&self) -> u32 {
        self.doublings
    }

    /// The record begins trick `number`, led by `leader`, where the state expected another
    /// trick or another leader (a trick left with fewer than three cards, a leader out of
    /// turn): the unfinished trick is dropped and play goes on as written. The checker has
    /// reported the irregularity; this only keeps it from hiding the rest of the play.
    pub fn resume(&mut self, leader: Seat, number: u32) {
        self.in_trick = 0;
        self.leader = leader;
        self.number = number;
    }

    /// Ends the play when the record stops after the declarer's claim: the declarer shows
    /// the cards and takes the rest (where the profile has concessions). Returns the end.
    pub fn finish(&mut self) -> Option<(End, u32)> {
        if self.end.is_none() && self.claimed && self.profile.options.early_end.concessions {
            self.end = Some((End::DeclarerClaimed, self.counts().tricks() + 1));
        }
        self.end
    }

    #[inline(always)]
    fn play_card(&mut self, seat: Seat, card: Card, checked: bool) -> Result<Event, Refusal> {
        let expected = self.to_play();
        if seat != expected {
            return Err(Refusal::OutOfTurn { expected });
        }
        let hand = self.hands[seat.index()];
        if checked {
            if !hand.contains(card) {
                return Err(Refusal::NotHeld);
            }
            if let Some(b) = play::breach(self.profile, self.contract.game, hand, self.trick(), card) {
                return Err(Refusal::Breach(b));
            }
        }
        self.hands[seat.index()].remove(card);
        if let Some(slot) = self.trick.get_mut(self.in_trick) {
            *slot = card;
        }
        self.in_trick += 1;
        let after_end = self.end.is_some();
        if self.in_trick < 3 {
            return Ok(Event::Card { after_end });
        }
        Ok(Event::Trick(self.complete_trick()))
    }

    #[inline]
    fn complete_trick(&mut self) -> TrickDone {
        let game = self.contract.game;
        let winner = self.leader.after(play::winner(game, &self.trick));
        let points = pack::points();
        let trick_points: u32 = self.trick.iter().map(|&c| points.card(c)).sum();
        let number = self.number;
        let mut done = TrickDone {
            number,
            leader: self.leader,
            winner,
            points: trick_points,
            counted: self.end.is_none(),
            ended: None,
        };
        if done.counted {
            let t = &mut self.taken[winner.index()];
            t.points += trick_points;
            t.tricks += 1;
            self.last_winner = Some(winner);
            let counts = self.counts();
            if let Some(declarer) = self.declarer {
                done.ended = play::ended_by_trick(
                    self.profile,
                    &self.contract,
                    winner == declarer,
                    counts.defender_points,
                );
            }
            if done.ended.is_none() && counts.tricks() == TRICKS {
                done.ended = Some(End::PlayedOut);
            }
            self.end = done.ended.map(|e| (e, number));
        }
        self.in_trick = 0;
        self.leader = winner;
        self.number += 1;
        done
    }

    /// What a word said by `seat` would do: the end it brings, or why it is refused.
    fn judge_word(&self, seat: Seat, word: EventWord) -> Result<WordEffect, Refusal> {
        let Some(declarer) = self.declarer else {
            return Err(Refusal::NoWordsInRamsch);
        };
        if self.end.is_some() {
            return Ok(WordEffect::Nothing);
        }
        let early = self.profile.options.early_end;
        let at_trick = self.counts().tricks() + 1;
        let conceding = |end: End| {
            if early.concessions {
                Ok(WordEffect::Ends(end))
            } else {
                Err(Refusal::NoConcessions)
            }
        };
        match word {
            EventWord::Concedes | EventWord::Resigns if seat == declarer => conceding(End::DeclarerConceded),
            EventWord::Concedes | EventWord::Resigns => {
                let both = Seat::ALL
                    .iter()
                    .filter(|&&s| s != declarer)
                    .all(|&s| s == seat || self.resigned[s.index()]);
                if both {
                    conceding(End::DefendersConceded)
                } else {
                    Ok(WordEffect::Resigns)
                }
            }
            EventWord::Shows if seat == declarer => Ok(if early.concessions {
                WordEffect::Claims
            } else {
                WordEffect::Nothing
            }),
            EventWord::Shows => Err(Refusal::DefenderShows),
            EventWord::TimesOut | EventWord::Leaves => Ok(WordEffect::Ends(if seat == declarer {
                End::DeclarerPenalized
            } else {
                End::DefenderPenalized
            })),
            EventWord::Abandons => {
                let problem = match early.abandon {
                    None => Some(AbandonProblem::NotInProfile),
                    Some(_) if seat != declarer => Some(AbandonProblem::Defender),
                    Some(a) if at_trick > a.before_trick => Some(AbandonProblem::TooLate {
                        before_trick: a.before_trick,
                    }),
                    Some(a)
                        if !self.skat_use.is_turned()
                            || (a.turned_suit_only && self.contract.game.trump_suit().is_none()) =>
                    {
                        Some(AbandonProblem::NotSuitTourne)
                    }
                    Some(_) => None,
                };
                match problem {
                    Some(p) => Err(Refusal::Abandon(p)),
                    None => Ok(WordEffect::Ends(End::Abandoned)),
                }
            }
            EventWord::Kontra | EventWord::Re => {
                let is_kontra = word == EventWord::Kontra;
                // Seed 004: Kontra "before the second trick is taken", that is while at most
                // the first trick is complete; the seed sets no time for Re.
                let problem = if !self.profile.options.kontra {
                    Some(DoublingProblem::NotInProfile)
                } else if is_kontra && self.counts().tricks() >= 2 {
                    Some(DoublingProblem::TooLate)
                } else if is_kontra && (seat == declarer || self.kontra_by.is_some()) {
                    Some(DoublingProblem::KontraNotByDefender)
                } else if !is_kontra && (seat != declarer || self.kontra_by.is_none() || self.doublings > 1) {
                    Some(DoublingProblem::ReNotAfterKontra)
                } else {
                    None
                };
                match problem {
                    Some(p) => Err(Refusal::Doubling(p)),
                    None => Ok(WordEffect::Doubles { kontra: is_kontra }),
                }
            }
        }
    }

    fn apply_word(&mut self, seat: Seat, effect: WordEffect) -> Event {
        let at_trick = self.counts().tricks() + 1;
        let mid_trick = self.in_trick != 0;
        let mut ended = None;
        match effect {
            WordEffect::Nothing => {
                return Event::Ignored {
                    after_end: self.end.is_some(),
                    mid_trick,
                };
            }
            WordEffect::Resigns => self.resigned[seat.index()] = true,
            WordEffect::Claims => self.claimed = true,
            WordEffect::Doubles { kontra } => {
                if kontra {
                    self.kontra_by = Some(seat);
                }
                self.doublings += 1;
            }
            WordEffect::Ends(end) => {
                if end == End::DefendersConceded {
                    self.resigned[seat.index()] = true;
                }
                self.end = Some((end, at_trick));
                ended = Some(end);
            }
        }
        Event::Said { ended, mid_trick }
    }
}

/// What a word does to the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WordEffect {
    Nothing,
    Resigns,
    Claims,
    Doubles { kontra: bool },
    Ends(End),
}

impl GameState for PlayState<'_> {
    type Action = Act;
    type Event = Event;
    type Refusal = Refusal;
    type Legal = CardSet;

    /// The cards the seat to play may play; none once the play has ended.
    fn legal(&self) -> CardSet {
        if self.end.is_some() {
            return CardSet::EMPTY;
        }
        play::legal(
            self.profile,
            self.contract.game,
            self.hands[self.to_play().index()],
            self.trick(),
        )
    }

    #[inline]
    fn play(&mut self, act: Act) -> Result<Event, Refusal> {
        match act {
            Act::Card(seat, card) => self.play_card(seat, card, true),
            Act::Hidden(_) => Err(Refusal::Hidden),
            Act::Says(seat, word) => {
                let effect = self.judge_word(seat, word)?;
                Ok(self.apply_word(seat, effect))
            }
        }
    }

    /// A card out of duty or not held is played as written; a declarer's abandoning out of
    /// place still ends the game. Other refused words change nothing.
    fn play_anyway(&mut self, act: Act) -> Option<Event> {
        match act {
            Act::Card(seat, card) => self.play_card(seat, card, false).ok(),
            Act::Hidden(_) => None,
            Act::Says(seat, EventWord::Abandons) if Some(seat) == self.declarer && self.end.is_none() => {
                Some(self.apply_word(seat, WordEffect::Ends(End::Abandoned)))
            }
            Act::Says(..) => None,
        }
    }

    fn is_over(&self) -> bool {
        self.end.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::GameState;
    use crate::skat::rules::{self, Profile};
    use crate::skat::testkit::contract;

    fn by_name(name: &str) -> &'static Profile {
        rules::by_name(name).expect("a profile")
    }

    fn c(token: &str) -> Card {
        cards::parse_card(token, cards::AlphabetSet::DEFAULT).expect("a card")
    }

    fn hands(f: &str, m: &str, r: &str) -> [CardSet; 3] {
        [f, m, r].map(|h| h.split_whitespace().map(c).collect())
    }

    /// A deal for M's spade game: F holds hearts, R is void in hearts.
    fn spades_deal() -> [CardSet; 3] {
        hands(
            "CJ SA S10 SK SQ S9 HA H10 D7 D8",
            "SJ S8 S7 HK HQ H9 H8 H7 DA D10",
            "HJ DJ CA C10 CK CQ C9 C8 C7 DK",
        )
    }

    #[test]
    fn the_cards_offered_are_the_cards_accepted() {
        let isko = by_name("isko");
        let h = spades_deal();
        let mut s = PlayState::new(isko, Seat::M, contract(GameType::Spades), SkatUse::Pickup, h);
        assert_eq!(
            s.play(Act::Card(Seat::F, c("HA"))),
            Ok(Event::Card { after_end: false })
        );
        // M holds hearts: only hearts may follow; a spade (trump) is a breach.
        let legal = s.legal();
        assert_eq!(legal, ["HK", "HQ", "H9", "H8", "H7"].map(c).into_iter().collect());
        for card in h[1].iter() {
            let mut probe = s.clone();
            assert_eq!(
                probe.play(Act::Card(Seat::M, card)).is_ok(),
                legal.contains(card),
                "{card}"
            );
        }
        assert_eq!(
            s.play(Act::Card(Seat::R, c("DK"))),
            Err(Refusal::OutOfTurn { expected: Seat::M })
        );
        assert_eq!(s.play(Act::Card(Seat::M, c("CA"))), Err(Refusal::NotHeld));
        assert!(matches!(
            s.play(Act::Card(Seat::M, c("SJ"))),
            Err(Refusal::Breach(Breach::MustFollow { .. }))
        ));
        // Refusals leave the state as it was.
        assert_eq!((s.to_play(), s.trick()), (Seat::M, &[c("HA")][..]));
    }

    #[test]
    fn the_trick_goes_to_its_winner_who_leads_next() {
        let isko = by_name("isko");
        let h = spades_deal();
        let mut s = PlayState::new(isko, Seat::M, contract(GameType::Spades), SkatUse::Pickup, h);
        for (seat, card) in [(Seat::F, "HA"), (Seat::M, "HK")] {
            assert!(s.play(Act::Card(seat, c(card))).is_ok());
        }
        // R is void in hearts and trumps with the heart jack (a spade trump in a spade game).
        let done = s.play(Act::Card(Seat::R, c("HJ")));
        assert_eq!(
            done,
            Ok(Event::Trick(TrickDone {
                number: 1,
                leader: Seat::F,
                winner: Seat::R,
                points: 11 + 4 + 2,
                counted: true,
                ended: None,
            }))
        );
        assert_eq!(s.to_play(), Seat::R);
        assert_eq!(s.counts().defender_points, 17);
    }

    #[test]
    fn null_ends_at_the_declarers_first_trick() {
        let isko = by_name("isko");
        let h = hands(
            "CA SA HA DA C10 S10 H10 D10 CK SK",
            "C7 S7 H7 D7 C8 S8 H8 D8 C9 S9",
            "H9 D9 CQ SQ HQ DQ HK DK CJ SJ",
        );
        let mut s = PlayState::new(isko, Seat::F, contract(GameType::Null), SkatUse::Pickup, h);
        for (seat, card) in [(Seat::F, "CA"), (Seat::M, "C7")] {
            assert!(s.play(Act::Card(seat, c(card))).is_ok());
        }
        let Ok(Event::Trick(done)) = s.play(Act::Card(Seat::R, c("CQ"))) else {
            panic!("a trick")
        };
        assert_eq!((done.winner, done.ended), (Seat::F, Some(End::NullTrickTaken)));
        assert_eq!(s.end(), Some((End::NullTrickTaken, 1)));
        assert!(s.is_over() && s.legal().is_empty());
        // Cards after the end are still checked, not counted.
        assert_eq!(
            s.play(Act::Card(Seat::F, c("SA"))),
            Ok(Event::Card { after_end: true })
        );
    }

    #[test]
    fn words_at_the_table() {
        let kontra = by_name("isko-kontra");
        let h = spades_deal();
        let mut s = PlayState::new(kontra, Seat::M, contract(GameType::Spades), SkatUse::Pickup, h);
        assert_eq!(
            s.play(Act::Says(Seat::F, EventWord::Re)),
            Err(Refusal::Doubling(DoublingProblem::ReNotAfterKontra))
        );
        assert_eq!(
            s.play(Act::Says(Seat::F, EventWord::Kontra)),
            Ok(Event::Said {
                ended: None,
                mid_trick: false
            })
        );
        assert_eq!(
            s.play(Act::Says(Seat::R, EventWord::Kontra)),
            Err(Refusal::Doubling(DoublingProblem::KontraNotByDefender))
        );
        assert_eq!(
            s.play(Act::Says(Seat::M, EventWord::Re)),
            Ok(Event::Said {
                ended: None,
                mid_trick: false
            })
        );
        assert_eq!(s.doublings(), 2);
        assert_eq!(
            s.play(Act::Says(Seat::M, EventWord::Shows)),
            Ok(Event::Said {
                ended: None,
                mid_trick: false
            })
        );
        assert_eq!(
            s.play(Act::Says(Seat::R, EventWord::Shows)),
            Err(Refusal::DefenderShows)
        );
        assert_eq!(
            s.play(Act::Says(Seat::F, EventWord::Abandons)),
            Err(Refusal::Abandon(AbandonProblem::NotInProfile))
        );
        assert_eq!(s.finish(), Some((End::DeclarerClaimed, 1)));

        // Both defenders must resign for the defenders to concede.
        let mut s = PlayState::new(kontra, Seat::M, contract(GameType::Spades), SkatUse::Pickup, h);
        assert_eq!(
            s.play(Act::Says(Seat::F, EventWord::Resigns)),
            Ok(Event::Said {
                ended: None,
                mid_trick: false
            })
        );
        assert_eq!(
            s.play(Act::Says(Seat::R, EventWord::Resigns)),
            Ok(Event::Said {
                ended: Some(End::DefendersConceded),
                mid_trick: false
            })
        );
        assert_eq!(
            s.play(Act::Says(Seat::M, EventWord::Concedes)),
            Ok(Event::Ignored {
                after_end: true,
                mid_trick: false
            })
        );

        // Where there are no concessions, a concession is refused and a claim does nothing.
        let mut strict = by_name("isko").clone();
        strict.options.early_end.concessions = false;
        let mut s = PlayState::new(&strict, Seat::M, contract(GameType::Spades), SkatUse::Pickup, h);
        assert_eq!(
            s.play(Act::Says(Seat::M, EventWord::Concedes)),
            Err(Refusal::NoConcessions)
        );
        assert_eq!(
            s.play(Act::Says(Seat::M, EventWord::Shows)),
            Ok(Event::Ignored {
                after_end: false,
                mid_trick: false
            })
        );
        assert_eq!(s.finish(), None);
    }

    /// Seed 004, §Game variants: the defenders may say Kontra "before the second trick is
    /// taken"; the declarer may then say Re, at a time the seed does not limit.
    #[test]
    fn kontra_before_the_second_trick_is_taken_and_re_after_it() {
        let kontra = by_name("isko-kontra");
        let h = spades_deal();
        let trick_one = [(Seat::F, "HA"), (Seat::M, "HK"), (Seat::R, "HJ")];
        // R won trick 1 and leads trick 2.
        let trick_two = [(Seat::R, "DK"), (Seat::F, "D7"), (Seat::M, "DA")];
        let mut s = PlayState::new(kontra, Seat::M, contract(GameType::Spades), SkatUse::Pickup, h);
        for (seat, card) in trick_one {
            assert!(s.play(Act::Card(seat, c(card))).is_ok());
        }
        // During the second trick: still in time.
        assert!(s.play(Act::Card(Seat::R, c("DK"))).is_ok());
        assert!(s.play(Act::Says(Seat::F, EventWord::Kontra)).is_ok());
        let mut late = PlayState::new(kontra, Seat::M, contract(GameType::Spades), SkatUse::Pickup, h);
        for (seat, card) in trick_one.into_iter().chain(trick_two) {
            assert!(late.play(Act::Card(seat, c(card))).is_ok(), "{card}");
        }
        assert_eq!(
            late.play(Act::Says(Seat::F, EventWord::Kontra)),
            Err(Refusal::Doubling(DoublingProblem::TooLate))
        );
        // Re after two tricks, once a Kontra was said in time.
        for (seat, card) in trick_two.into_iter().skip(1) {
            assert!(s.play(Act::Card(seat, c(card))).is_ok(), "{card}");
        }
        assert_eq!(s.play(Act::Says(Seat::M, EventWord::Re)).map(|_| ()), Ok(()));
        assert_eq!(s.doublings(), 2);
    }

    #[test]
    fn a_ramsch_counts_for_each_player() {
        let isko = by_name("isko");
        let h = spades_deal();
        let mut s = PlayState::ramsch(isko, h);
        for (seat, card) in [(Seat::F, "SA"), (Seat::M, "S8"), (Seat::R, "DK")] {
            assert!(s.play(Act::Card(seat, c(card))).is_ok());
        }
        assert_eq!(
            s.taken()[0],
            Taken {
                points: 15,
                tricks: 1
            }
        );
        assert_eq!(s.last_winner(), Some(Seat::F));
        assert_eq!(
            s.play(Act::Says(Seat::F, EventWord::Shows)),
            Err(Refusal::NoWordsInRamsch)
        );
    }
}
