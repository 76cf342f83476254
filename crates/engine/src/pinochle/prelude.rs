//! The phases before the play of an auction Pinochle deal, for bots: from a record of the
//! deal alone, the auction (bids and passes from the dealer's left, passed players out for
//! good), the bidder naming trump and, where the profile has a widow to bury, the bidder
//! burying from his hand and the widow; the melds are then shown at once, as the generator
//! shows them, and the play begins on the check's own play state.
//!
//! Every action is judged by the check itself: the record with the action is checked, and
//! an error or warning other than of a record that merely stops (`P0505`, and `P0215` for
//! a bury not yet written) refuses it with the check's code and message.

use cards::{AlphabetSet, Card, Suit};
use notation::{CardSlot, Diagnostic, Record, Severity};

use crate::core::CardCounts;
use crate::core::choose::choose;
use crate::pinochle::meld;
use crate::pinochle::replay::check_keeping;
use crate::pinochle::rules::{Format, Profile};
use crate::pinochle::state::PlayState;
use crate::pinochle::words;
use crate::table_game::Refusal;

/// How many bids above the lowest the auction offers a bot (any bid is read back).
const BIDS_OFFERED: u32 = 10;

/// Whether a profile's phases before the play are offered to bots: an auction of bids and
/// passes alone (no meld announced in the auction, no single call, no marriage needed to
/// bid, no widow given round or cards passed between partners), with a bury of three cards
/// at most (the sets of five of the double pack's thirty cards are too many to offer).
pub(crate) fn offered(profile: &Profile) -> bool {
    let o = profile.options;
    o.format == Format::Auction
        && o.bury <= 3
        && !o.announcements
        && !o.one_call
        && !o.bid_needs_marriage
        && !o.widow_gives
        && !o.pass_four
}

/// What the seat to act is to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Bid or pass.
    Auction(usize),
    /// The bidder names trump.
    Trump(usize),
    /// The bidder buries, from his hand and the widow.
    Bury(usize),
    /// Every bidder passed: the deal is thrown in.
    ThrownIn,
    /// The play begins.
    Done,
}

/// What an action led to.
pub(crate) enum Next {
    /// More of the phases before the play.
    More(Prelude),
    /// The play begins: the record of the phases before it, and the play state.
    Play(Box<Record>, Box<PlayState>),
    /// The deal is over before the play (thrown in): its record.
    Over(Box<Record>),
}

/// An auction Pinochle deal before its play.
#[derive(Clone)]
pub(crate) struct Prelude {
    profile: &'static Profile,
    /// The record of the deal alone, printed.
    base: String,
    labels: &'static [&'static str],
    dealer: usize,
    hands: Vec<Vec<Card>>,
    widow: Vec<Card>,
    calls: Vec<(usize, Option<u32>)>,
    trump: Option<Suit>,
    buried: Option<Vec<Card>>,
}

fn stops(d: &Diagnostic, bury_written: bool) -> bool {
    d.code == "P0505" || (d.code == "P0215" && !bury_written)
}

impl Prelude {
    /// The phases before the play of `record`, a record of the deal alone.
    pub(crate) fn start(record: &Record, profile: &'static Profile) -> Prelude {
        let labels = words::seat_labels(profile.options.seats);
        let mut hands = vec![Vec::new(); labels.len()];
        let mut widow = Vec::new();
        for line in record.deal.iter().flat_map(|d| &d.items) {
            let cards: Vec<Card> = line
                .cards
                .iter()
                .filter_map(|c| match c.node {
                    CardSlot::Known(c) => Some(c),
                    CardSlot::Unknown => None,
                })
                .collect();
            if line.seat.node.eq_ignore_ascii_case("widow") {
                widow = cards;
            } else if let Some(h) = labels
                .iter()
                .position(|l| l.eq_ignore_ascii_case(&line.seat.node))
                .and_then(|i| hands.get_mut(i))
            {
                *h = cards;
            }
        }
        let dealer = record
            .tag("Dealer")
            .and_then(|d| labels.iter().position(|l| l.eq_ignore_ascii_case(d.trim())))
            .unwrap_or(labels.len().saturating_sub(1));
        let mut base = record.clone();
        base.result = None;
        Prelude {
            profile,
            base: notation::print(&base),
            labels,
            dealer,
            hands,
            widow,
            calls: Vec::new(),
            trump: None,
            buried: None,
        }
    }

    fn n(&self) -> usize {
        self.labels.len().max(1)
    }

    fn high(&self) -> Option<(usize, u32)> {
        self.calls.iter().rev().find_map(|&(s, b)| b.map(|b| (s, b)))
    }

    fn passed(&self, seat: usize) -> bool {
        self.calls.iter().any(|&(s, b)| s == seat && b.is_none())
    }

    fn phase(&self) -> Phase {
        let n = self.n();
        let passes = (0..n).filter(|&s| self.passed(s)).count();
        let high = self.high();
        let auction_over = match high {
            Some(_) => passes + 1 >= n,
            None => passes >= n,
        };
        if !auction_over {
            // From the dealer's left, or the seat after the last call, the next who has not
            // passed.
            let from = self.calls.last().map_or(self.dealer + 1, |&(s, _)| s + 1);
            let seat = (0..n).map(|k| (from + k) % n).find(|&s| !self.passed(s));
            return seat.map_or(Phase::ThrownIn, Phase::Auction);
        }
        let Some((bidder, _)) = high else {
            return Phase::ThrownIn;
        };
        if self.trump.is_none() {
            Phase::Trump(bidder)
        } else if self.profile.options.bury > 0 && self.buried.is_none() {
            Phase::Bury(bidder)
        } else {
            Phase::Done
        }
    }

    /// The seat to act (an index of the profile's seat labels).
    pub(crate) fn to_act(&self) -> Option<usize> {
        match self.phase() {
            Phase::Auction(s) | Phase::Trump(s) | Phase::Bury(s) => Some(s),
            Phase::ThrownIn | Phase::Done => None,
        }
    }

    /// The bidder's cards: his hand and the widow.
    fn bidder_cards(&self, bidder: usize) -> Vec<Card> {
        let mut cards = self.hands.get(bidder).cloned().unwrap_or_default();
        cards.extend(self.widow.iter().copied());
        cards
    }

    /// The tokens the phase offers (not yet judged).
    pub(crate) fn candidates(&self) -> Vec<String> {
        let o = self.profile.options;
        match self.phase() {
            Phase::Auction(_) => {
                let lowest = self.high().map_or(o.minimum, |(_, b)| b + o.step);
                let mut out = vec!["pass".to_string()];
                out.extend((0..BIDS_OFFERED).map(|k| (lowest + k * o.step.max(1)).to_string()));
                out
            }
            Phase::Trump(_) => Suit::ALL.iter().map(|s| s.name().to_string()).collect(),
            Phase::Bury(bidder) => {
                let cards = self.bidder_cards(bidder);
                let mut out = Vec::new();
                for set in choose(&cards, o.bury) {
                    let t = format!(
                        "buries {}",
                        set.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
                    );
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
                out
            }
            Phase::ThrownIn | Phase::Done => Vec::new(),
        }
    }

    /// The legal actions: the candidates the check accepts (the bury's are all accepted
    /// unless the check refuses one when it is played: they are too many to try each).
    pub(crate) fn legal(&self) -> Vec<String> {
        let all = self.candidates();
        if matches!(self.phase(), Phase::Bury(_)) {
            return all;
        }
        all.into_iter().filter(|t| self.apply(t).is_ok()).collect()
    }

    /// The token as the phase writes it: a bid as its number, a suit by its name, a bury's
    /// cards in any alphabet; `None` when it is no action of the phase.
    pub(crate) fn read(&self, token: &str) -> Option<String> {
        let token = token.trim();
        match self.phase() {
            Phase::Auction(_) => {
                if token.eq_ignore_ascii_case("pass") {
                    return Some("pass".to_string());
                }
                token.parse::<u32>().ok().map(|b| b.to_string())
            }
            Phase::Trump(_) => Suit::ALL
                .iter()
                .find(|s| s.name().eq_ignore_ascii_case(token))
                .map(|s| s.name().to_string()),
            Phase::Bury(_) => {
                let mut parts = token.split_whitespace();
                if !parts.next()?.eq_ignore_ascii_case("buries") {
                    return None;
                }
                let cards: Option<Vec<Card>> = parts
                    .map(|t| cards::parse_card(t, AlphabetSet::DEFAULT).ok())
                    .collect();
                let cards = cards?;
                Some(format!(
                    "buries {}",
                    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
                ))
            }
            Phase::ThrownIn | Phase::Done => None,
        }
    }

    /// The record text of the phases so far; with `melds`, the melds shown at once too.
    fn text(&self, melds: bool) -> String {
        // The melds' figures and the bury are of the notation's second version.
        let mut t = format!("%stich 2\n{}\n", self.base.trim_end());
        let label = |s: usize| self.labels.get(s).copied().unwrap_or("?");
        if !self.calls.is_empty() {
            let calls: Vec<String> = self
                .calls
                .iter()
                .map(|&(s, b)| match b {
                    Some(b) => format!("{} {b}", label(s)),
                    None => format!("{} pass", label(s)),
                })
                .collect();
            t.push_str(&format!("auction  {}\n", calls.join(", ")));
        }
        let bidder = self.high().map(|(s, _)| s);
        if let (Some(cards), Some(b)) = (&self.buried, bidder) {
            let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
            t.push_str(&format!("exchange {} buries {}\n", label(b), cards.join(" ")));
        }
        if let (Some(trump), Some(b)) = (self.trump, bidder) {
            t.push_str(&format!("declare  {} {}\n", label(b), trump.name()));
        }
        if melds && let Some(trump) = self.trump {
            let mut lines = Vec::new();
            for seat in 0..self.labels.len() {
                // In the three-hand auction only the bidder melds.
                if self.profile.options.lone_bidder && Some(seat) != bidder {
                    continue;
                }
                let mut held = if Some(seat) == bidder && self.profile.options.widow > 0 {
                    self.bidder_cards(seat)
                } else {
                    self.hands.get(seat).cloned().unwrap_or_default()
                };
                if Some(seat) == bidder
                    && let Some(b) = &self.buried
                {
                    for c in b {
                        if let Some(p) = held.iter().position(|x| x == c) {
                            held.remove(p);
                        }
                    }
                }
                let shown = meld::meld_hand(&self.profile.options.melds, trump, &CardCounts::of(held));
                for m in shown.melds {
                    let cards: Vec<String> = m.cards.iter().map(Card::to_string).collect();
                    lines.push(format!(
                        "{} {} {} = {}",
                        label(seat),
                        m.kind.word(),
                        cards.join(" "),
                        m.value
                    ));
                }
            }
            for (i, l) in lines.iter().enumerate() {
                t.push_str(if i == 0 { "melds    " } else { "         " });
                t.push_str(l);
                t.push('\n');
            }
        }
        t
    }

    /// The record of the phases so far (no melds before the play begins).
    pub(crate) fn record_so_far(&self) -> Option<Record> {
        Self::record(&self.text(false))
    }

    fn record(text: &str) -> Option<Record> {
        notation::read_str(text).into_iter().next().and_then(|p| p.record)
    }

    /// Plays a token of [`Prelude::read`]: what it led to, or the check's refusal.
    pub(crate) fn apply(&self, token: &str) -> Result<Next, Refusal> {
        let no = || Refusal::new("A0001", format!("`{token}` is no action of Pinochle now"));
        let token = self.read(token).ok_or_else(no)?;
        let mut next = self.clone();
        match self.phase() {
            Phase::Auction(seat) => {
                let bid = if token == "pass" {
                    None
                } else {
                    Some(token.parse::<u32>().map_err(|_| no())?)
                };
                next.calls.push((seat, bid));
            }
            Phase::Trump(_) => {
                next.trump = Suit::ALL.iter().copied().find(|s| s.name() == token);
            }
            Phase::Bury(_) => {
                let cards: Vec<Card> = token
                    .split_whitespace()
                    .skip(1)
                    .filter_map(|t| cards::parse_card(t, AlphabetSet::DEFAULT).ok())
                    .collect();
                next.buried = Some(cards);
            }
            Phase::ThrownIn | Phase::Done => return Err(Refusal::new("A0002", "the game is over")),
        }
        let done = next.phase() == Phase::Done;
        let text = next.text(done);
        let record = Self::record(&text).ok_or_else(no)?;
        let (_, findings, kept) = check_keeping(&record, self.profile);
        let bury_written = next.buried.is_some();
        if let Some(d) = findings
            .iter()
            .find(|d| matches!(d.severity, Severity::Error | Severity::Warning) && !stops(d, bury_written))
        {
            return Err(Refusal::of(d));
        }
        match next.phase() {
            Phase::Done => match kept {
                Some(state) => Ok(Next::Play(Box::new(record), Box::new(state))),
                None => Err(Refusal::new(
                    "A0003",
                    "the check keeps no play state for this deal",
                )),
            },
            Phase::ThrownIn => Ok(Next::Over(Box::new(record))),
            _ => Ok(Next::More(next)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pinochle::rules;

    #[test]
    fn the_auction_profiles_of_bids_and_passes_alone_are_offered() {
        let offered: Vec<&str> = rules::all()
            .iter()
            .filter(|p| offered(p))
            .map(|p| p.name)
            .collect();
        assert!(offered.contains(&"uspc-auction"), "{offered:?}");
        assert!(offered.contains(&"uspc-partnership-auction"), "{offered:?}");
        assert!(!offered.contains(&"uspc-two-hand"), "{offered:?}");
        assert!(!offered.contains(&"uspc-three-hand-double-pack"), "{offered:?}");
    }
}
