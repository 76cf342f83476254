//! The phases before the play of an auction Pinochle deal, for bots: from a record of the
//! deal alone, the auction (bids and passes from the dealer's left, passed players out for
//! good; or one call each; melds and flushes announced in the double-pack auction), the
//! bidder naming trump and, where the profile has them, the bidder burying from his hand
//! and the widow (a set at once, or card by card where the sets are too many to list), the
//! widow given round or the four cards passed between partners (card by card); the melds
//! are then shown at once, as the generator shows them, and the play begins on the check's
//! own play state. Where the profile has concessions, the bidder may forfeit or concede
//! instead (seed 000, 000:433–439; 000:339).
//!
//! Every action is judged by the check itself: the record with the action is checked, and
//! an error or warning other than of a record that merely stops (`P0505`, `P0215` for a
//! bury not yet written, `P0217` and `P0205` for gives not all written) refuses it with the
//! check's code and message. The cards laid so far of a bury or a pass made card by card
//! are not yet in the record: a card not held is refused with the check's code when it is
//! laid, the whole when the record has it.

use cards::{AlphabetSet, Card, Suit};
use notation::{CardSlot, Diagnostic, Kind, Record, Severity};

use crate::core::CardCounts;
use crate::core::choose::choose;
use crate::pinochle::meld;
use crate::pinochle::replay::check_keeping;
use crate::pinochle::rules::{Format, Options, Profile, with_tag};
use crate::pinochle::state::PlayState;
use crate::pinochle::words;
use crate::table_game::Refusal;

/// How many bids above the lowest the auction offers a bot (any bid is read back).
const BIDS_OFFERED: u32 = 10;

/// The largest bury offered as whole sets; a larger one is offered card by card, as the
/// sets of five of the double pack's thirty cards (142,506) are too many to list.
const BURY_AS_SETS: usize = 3;

/// Whether a profile's phases before the play are offered to bots: every auction.
pub(crate) fn offered(o: &Options) -> bool {
    o.format == Format::Auction
}

/// The melds in points a bot is offered to announce in the double-pack auction, before any
/// bid (any amount is read back: the announcement may be more or less than the hand holds,
/// 000:253).
const ANNOUNCED_BEFORE: [u32; 4] = [100, 200, 300, 400];

/// The melds offered after a bid: each tops it by 10 for each 100 (000:255).
const ANNOUNCED_AFTER: [u32; 3] = [100, 200, 300];

/// What a call of the double-pack auction announces (seed 000, 000:253–255).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Called {
    /// A meld in points: no bid before any bid, after one a bid 10 higher for each 100.
    Meld(u32),
    /// A flush: before any bid, a bid of the minimum.
    Flush,
    /// A long suit: the same call as a flush (000:255), in the seed's other words.
    LongSuit,
    /// A flush or long suit and a meld announced in one call, as "bidding 500 and announcing
    /// a flush and 100 meld" (000:255): `long` for the long suit.
    SuitAndMeld {
        /// The suit is called a long suit rather than a flush.
        long: bool,
        /// The meld announced, in points.
        meld: u32,
    },
}

impl Called {
    /// The call's words: `meld 140`, `flush`, `long-suit`.
    fn token(self) -> String {
        match self {
            Called::Meld(m) => format!("meld {m}"),
            Called::Flush => "flush".to_string(),
            Called::LongSuit => "long-suit".to_string(),
            Called::SuitAndMeld { long, meld } => {
                format!("{} meld {meld}", if long { "long-suit" } else { "flush" })
            }
        }
    }
}

/// A call of the double-pack auction that announces: what it announces, and the bid it
/// states, if any (`500 flush`, `510 meld 100`: the stated number is the bid, as the check
/// reads it, spec/rules/pinochle.md §5f).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Announce {
    /// What is announced.
    called: Called,
    /// The bid stated with it.
    stated: Option<u32>,
}

impl Announce {
    /// An announcement with no bid stated.
    pub(crate) fn of(called: Called) -> Announce {
        Announce { called, stated: None }
    }

    /// An announcement with its bid stated.
    pub(crate) fn with_bid(bid: u32, called: Called) -> Announce {
        Announce {
            called,
            stated: Some(bid),
        }
    }

    /// The call's words as the record writes them: `meld 140`, `540 long-suit`.
    pub(crate) fn token(self) -> String {
        match self.stated {
            Some(bid) => format!("{bid} {}", self.called.token()),
            None => self.called.token(),
        }
    }

    /// The bid the call states, if it states one.
    pub(crate) fn stated(self) -> Option<u32> {
        self.stated
    }

    /// The announcement a token names.
    pub(crate) fn read(token: &str) -> Option<Announce> {
        let mut words = token.split_whitespace();
        let first = words.next()?.to_ascii_lowercase();
        // A stated bid first (`500 flush`), then the announcement alone.
        if let Ok(bid) = first.parse::<u32>() {
            let rest: Vec<&str> = words.collect();
            let called = Announce::read(&rest.join(" "))?;
            return called
                .stated
                .is_none()
                .then(|| Announce::with_bid(bid, called.called));
        }
        let second = words.next().map(str::to_ascii_lowercase);
        let third = words.next();
        if words.next().is_some() {
            return None;
        }
        let called = match (first.as_str(), second.as_deref(), third) {
            ("meld", Some(n), None) => Called::Meld(n.parse::<u32>().ok()?),
            ("flush", None, None) => Called::Flush,
            ("long-suit", None, None) => Called::LongSuit,
            (suit @ ("flush" | "long-suit"), Some("meld"), Some(n)) => Called::SuitAndMeld {
                long: suit == "long-suit",
                meld: n.parse::<u32>().ok()?,
            },
            _ => return None,
        };
        Some(Announce::of(called))
    }
}

/// How many cards partners pass each other (seed 002, 002:43).
const PASSED: usize = 4;

/// How the bidder gives the deal up before the play (seed 000, 000:433–435, 339).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GivenUp {
    /// The compulsory opening, forfeited without a look at the widow.
    Forfeits,
    /// Conceded after the widow (a single bete), or before the lead.
    Concedes,
}

impl GivenUp {
    fn word(self) -> &'static str {
        match self {
            GivenUp::Forfeits => "forfeits",
            GivenUp::Concedes => "concedes",
        }
    }
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
    /// The seat gives cards: the bidder a card of the widow to each other player, or a
    /// partner four cards to the other.
    Give(usize),
    /// Every bidder passed: the deal is thrown in.
    ThrownIn,
    /// The bidder forfeited or conceded: the deal is over.
    GivenUp,
    /// The play begins.
    Done,
}

/// What an action led to.
pub(crate) enum Next {
    /// More of the phases before the play.
    More(Box<Prelude>),
    /// The play begins: the record of the phases before it, the play state, and whether the
    /// bidder leads and may concede instead.
    Play(Box<Record>, Box<PlayState>, bool),
    /// The deal is over before the play (thrown in): its record.
    Over(Box<Record>),
}

/// An auction Pinochle deal before its play.
#[derive(Clone)]
pub(crate) struct Prelude {
    profile: &'static Profile,
    /// The profile's options as the record's `Options` tag changes them.
    options: Options,
    /// The record of the deal alone, printed.
    base: String,
    labels: &'static [&'static str],
    dealer: usize,
    hands: Vec<Vec<Card>>,
    widow: Vec<Card>,
    /// The calls: the seat, its bid (stated or deemed) and what it announced.
    calls: Vec<(usize, Option<u32>, Option<Announce>)>,
    trump: Option<Suit>,
    /// The bury, once complete.
    buried: Option<Vec<Card>>,
    /// The cards of a bury laid card by card so far, not yet written.
    burying: Vec<Card>,
    /// The gives written: who gave, to whom, which cards.
    gives: Vec<(usize, usize, Vec<Card>)>,
    /// The cards of a pass between partners laid card by card so far, not yet written.
    passing: Vec<Card>,
    given_up: Option<GivenUp>,
}

/// Whether a finding is of a record that merely stops: before its play (`P0505`), before
/// its bury (`P0215`), or before all its gives (`P0217`, `P0205`, incomplete).
fn stops(d: &Diagnostic, bury_written: bool, gives_written: bool) -> bool {
    d.code == "P0505"
        || (d.code == "P0215" && !bury_written)
        || (matches!(d.code, "P0217" | "P0205") && d.kind == Kind::Incomplete && !gives_written)
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
            options: options_of(record, profile),
            base: notation::print(&base),
            labels,
            dealer,
            hands,
            widow,
            calls: Vec::new(),
            trump: None,
            buried: None,
            burying: Vec::new(),
            gives: Vec::new(),
            passing: Vec::new(),
            given_up: None,
        }
    }

    fn n(&self) -> usize {
        self.labels.len().max(1)
    }

    fn high(&self) -> Option<(usize, u32)> {
        self.calls.iter().rev().find_map(|&(s, b, _)| b.map(|b| (s, b)))
    }

    fn passed(&self, seat: usize) -> bool {
        self.calls
            .iter()
            .any(|&(s, b, a)| s == seat && b.is_none() && a.is_none())
    }

    fn phase(&self) -> Phase {
        let n = self.n();
        let passes = (0..n).filter(|&s| self.passed(s)).count();
        let high = self.high();
        if self.options.one_call {
            // Each seat calls once, from the dealer's left (seed 000, Firehouse, 000:209).
            if self.calls.len() < n {
                return Phase::Auction((self.dealer + 1 + self.calls.len()) % n);
            }
            return match high {
                None => Phase::ThrownIn,
                Some((bidder, _)) => self.after_auction(bidder),
            };
        }
        let auction_over = match high {
            Some(_) => passes + 1 >= n,
            // Every player passed or announced a meld, and none bid (000:257).
            None if self.options.announcements => {
                passes >= n || (0..n).all(|s| self.calls.iter().any(|&(c, _, _)| c == s))
            }
            None => passes >= n,
        };
        if !auction_over {
            // From the dealer's left, or the seat after the last call, the next who has not
            // passed.
            let from = self.calls.last().map_or(self.dealer + 1, |&(s, _, _)| s + 1);
            let seat = (0..n).map(|k| (from + k) % n).find(|&s| !self.passed(s));
            return seat.map_or(Phase::ThrownIn, Phase::Auction);
        }
        let Some((bidder, _)) = high else {
            return Phase::ThrownIn;
        };
        self.after_auction(bidder)
    }

    fn after_auction(&self, bidder: usize) -> Phase {
        if self.given_up.is_some() {
            Phase::GivenUp
        } else if self.trump.is_none() {
            Phase::Trump(bidder)
        } else if self.options.bury > 0 && self.buried.is_none() {
            Phase::Bury(bidder)
        } else if let Some(seat) = self.giver(bidder) {
            Phase::Give(seat)
        } else {
            Phase::Done
        }
    }

    /// Whether the bidder gives the widow round (seed 000, 000:163); the check reads the
    /// bury first where a profile has both.
    fn widow_gives(&self) -> bool {
        self.options.widow_gives && self.options.bury == 0
    }

    /// Whether partners pass four cards (seed 002, 002:43), where there is no bury and no
    /// widow given round (the check reads those first).
    fn pass_four(&self) -> bool {
        let o = self.options;
        o.pass_four && o.bury == 0 && !o.widow_gives
    }

    /// The bidder's partner, who passes him four cards.
    fn partner(&self, bidder: usize) -> usize {
        (bidder + 2) % self.n()
    }

    /// The seat to give next, while the gives are not all written.
    fn giver(&self, bidder: usize) -> Option<usize> {
        if self.widow_gives() {
            (self.gives.len() + 1 < self.n()).then_some(bidder)
        } else if self.pass_four() {
            match self.gives.len() {
                0 => Some(self.partner(bidder)),
                1 => Some(bidder),
                _ => None,
            }
        } else {
            None
        }
    }

    /// Whether every give the profile has is written.
    fn gives_written(&self) -> bool {
        self.high().is_none_or(|(b, _)| self.giver(b).is_none())
    }

    /// The cards a seat holds after the bury and the gives written (the bidder with the
    /// widow).
    fn held(&self, seat: usize) -> Vec<Card> {
        let bidder = self.bidder();
        let mut held = if Some(seat) == bidder && self.options.widow > 0 {
            self.bidder_cards(seat)
        } else {
            self.hands.get(seat).cloned().unwrap_or_default()
        };
        let take = |held: &mut Vec<Card>, c: &Card| {
            if let Some(p) = held.iter().position(|x| x == c) {
                held.remove(p);
            }
        };
        if Some(seat) == bidder
            && let Some(b) = &self.buried
        {
            for c in b {
                take(&mut held, c);
            }
        }
        for (from, to, cards) in &self.gives {
            if *from == seat {
                for c in cards {
                    take(&mut held, c);
                }
            }
            if *to == seat {
                held.extend(cards.iter().copied());
            }
        }
        held
    }

    /// Whether the bidder may forfeit or concede after the widow, before trump and the bury:
    /// the settlement in units is the bid's alone (000:433–435). Where each opponent scores
    /// his meld (the three-hand double pack, 000:339) the concession waits for the melds,
    /// before the lead.
    fn concedes_early(&self) -> bool {
        let o = self.options;
        o.concessions && o.schedule.is_some()
    }

    /// Whether the bidder, about to lead, may concede instead: the profile has concessions
    /// and the bidder leads (000:339, 439).
    pub(crate) fn concedes_at_lead(&self) -> bool {
        self.options.concessions && self.phase() == Phase::Done
    }

    /// The profile played.
    pub(crate) fn profile(&self) -> &'static Profile {
        self.profile
    }

    /// The bidder, once the auction is over.
    pub(crate) fn bidder(&self) -> Option<usize> {
        self.high().map(|(s, _)| s)
    }

    /// The seat to act (an index of the profile's seat labels).
    pub(crate) fn to_act(&self) -> Option<usize> {
        match self.phase() {
            Phase::Auction(s) | Phase::Trump(s) | Phase::Bury(s) | Phase::Give(s) => Some(s),
            Phase::ThrownIn | Phase::GivenUp | Phase::Done => None,
        }
    }

    /// The bidder's cards: his hand and the widow.
    fn bidder_cards(&self, bidder: usize) -> Vec<Card> {
        let mut cards = self.hands.get(bidder).cloned().unwrap_or_default();
        cards.extend(self.widow.iter().copied());
        cards
    }

    /// The bidder's cards not yet laid in a bury made card by card.
    fn left_to_bury(&self, bidder: usize) -> Vec<Card> {
        let mut cards = self.bidder_cards(bidder);
        for c in &self.burying {
            if let Some(p) = cards.iter().position(|x| x == c) {
                cards.remove(p);
            }
        }
        cards
    }

    /// The tokens the phase offers (not yet judged).
    pub(crate) fn candidates(&self) -> Vec<String> {
        let o = self.options;
        match self.phase() {
            Phase::Auction(_) => {
                let lowest = self.high().map_or(o.minimum, |(_, b)| b + o.step);
                let mut out = vec!["pass".to_string()];
                out.extend((0..BIDS_OFFERED).map(|k| (lowest + k * o.step.max(1)).to_string()));
                if o.announcements {
                    let melds: &[u32] = match self.high() {
                        None => &ANNOUNCED_BEFORE,
                        Some(_) => &ANNOUNCED_AFTER,
                    };
                    let called: Vec<Called> = [Called::Flush, Called::LongSuit]
                        .into_iter()
                        .chain(melds.iter().map(|&m| Called::Meld(m)))
                        .collect();
                    // Unstated: a flush or long suit before any bid (the check refuses one
                    // after a bid, P0110), a meld at any time.
                    let unstated = called
                        .iter()
                        .filter(|c| self.high().is_none() || matches!(c, Called::Meld(_)));
                    out.extend(unstated.map(|&c| Announce::of(c).token()));
                    // Each stated with the lowest bid the auction takes, as the check reads
                    // it (`E: 530 flush`, `E: 510 meld 100`): the stated number is the bid.
                    // Higher stated bids are read, not offered. A stated bid may announce a
                    // suit and a meld together (`E: 500 flush meld 100`, 000:255).
                    out.extend(called.iter().map(|&c| Announce::with_bid(lowest, c).token()));
                    let both = [false, true]
                        .into_iter()
                        .flat_map(|long| melds.iter().map(move |&meld| Called::SuitAndMeld { long, meld }));
                    out.extend(both.map(|c| Announce::with_bid(lowest, c).token()));
                }
                out
            }
            Phase::Trump(_) => {
                let mut out: Vec<String> = Suit::ALL.iter().map(|s| s.name().to_string()).collect();
                if self.concedes_early() {
                    out.extend([GivenUp::Concedes, GivenUp::Forfeits].map(|g| g.word().to_string()));
                }
                out
            }
            Phase::Bury(bidder) => {
                let mut out = Vec::new();
                if o.bury <= BURY_AS_SETS {
                    let cards = self.bidder_cards(bidder);
                    for set in choose(&cards, o.bury) {
                        let t = bury_token(&set);
                        if !out.contains(&t) {
                            out.push(t);
                        }
                    }
                } else {
                    for c in self.left_to_bury(bidder) {
                        let t = bury_token(&[c]);
                        if !out.contains(&t) {
                            out.push(t);
                        }
                    }
                }
                if self.concedes_early() {
                    out.push(GivenUp::Concedes.word().to_string());
                }
                out
            }
            Phase::Give(seat) => self.give_candidates(seat),
            Phase::ThrownIn | Phase::GivenUp | Phase::Done => Vec::new(),
        }
    }

    /// The gives a seat is offered, one card a token: the bidder each card of the widow not
    /// given yet to each other player not served yet, from his left; a partner each card he
    /// holds and has not laid yet, to the other.
    fn give_candidates(&self, seat: usize) -> Vec<String> {
        let n = self.n();
        let mut out = Vec::new();
        let mut push = |to: usize, c: Card| {
            let t = self.give_token(to, &[c]);
            if !out.contains(&t) {
                out.push(t);
            }
        };
        if self.widow_gives() {
            let mut left = self.widow.clone();
            for (_, _, cards) in &self.gives {
                for c in cards {
                    if let Some(p) = left.iter().position(|x| x == c) {
                        left.remove(p);
                    }
                }
            }
            for to in (1..n).map(|k| (seat + k) % n) {
                if self.gives.iter().any(|&(_, t, _)| t == to) {
                    continue;
                }
                for &c in &left {
                    push(to, c);
                }
            }
        } else {
            let to = self.partner(seat);
            let mut held = self.held(seat);
            for c in &self.passing {
                if let Some(p) = held.iter().position(|x| x == c) {
                    held.remove(p);
                }
            }
            for c in held {
                push(to, c);
            }
        }
        out
    }

    /// The token of a give: `gives`, the seat given to, the cards.
    pub(crate) fn give_token(&self, to: usize, cards: &[Card]) -> String {
        let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
        let to = self.labels.get(to).copied().unwrap_or("?");
        format!("gives {to} {}", cards.join(" "))
    }

    /// The seat and cards of a `gives` token (`gives E ♠9`, `passes S ♠9 ♠K`).
    pub(crate) fn read_give(&self, token: &str) -> Option<(usize, Vec<Card>)> {
        let mut parts = token.split_whitespace();
        if words::exchange(parts.next()?) != Some(words::ExchangeWord::Gives) {
            return None;
        }
        let to = parts.next()?;
        let to = self.labels.iter().position(|l| l.eq_ignore_ascii_case(to))?;
        read_cards(parts).map(|c| (to, c))
    }

    /// The legal actions: the candidates the check accepts. The sets of a bury of three are
    /// accepted unless the check refuses one when it is played (they are too many to try
    /// each); a bury card by card is tried at its last card.
    pub(crate) fn legal(&self) -> Vec<String> {
        let all = self.candidates();
        let whole_sets = self.options.bury <= BURY_AS_SETS;
        all.into_iter()
            .filter(|t| (whole_sets && t.starts_with("buries ")) || self.apply(t).is_ok())
            .collect()
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
                if self.options.announcements
                    && let Some(a) = Announce::read(token)
                {
                    return Some(a.token());
                }
                token.parse::<u32>().ok().map(|b| b.to_string())
            }
            Phase::Trump(_) => Suit::ALL
                .iter()
                .find(|s| s.name().eq_ignore_ascii_case(token))
                .map(|s| s.name().to_string())
                .or_else(|| given_up(token).map(|g| g.word().to_string())),
            Phase::Bury(_) => match given_up(token) {
                Some(g) => Some(g.word().to_string()),
                None => read_bury(token).map(|cards| bury_token(&cards)),
            },
            Phase::Give(_) => self
                .read_give(token)
                .map(|(to, cards)| self.give_token(to, &cards)),
            Phase::ThrownIn | Phase::GivenUp | Phase::Done => None,
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
                .map(|&(s, b, a)| match (a, b) {
                    // The stated bid is the call's own number: no figure.
                    (Some(a), _) if a.stated().is_some() => format!("{}: {}", label(s), a.token()),
                    (Some(a), Some(b)) => format!("{}: {} = {b}", label(s), a.token()),
                    (Some(a), None) => format!("{}: {}", label(s), a.token()),
                    (None, Some(b)) => format!("{} {b}", label(s)),
                    (None, None) => format!("{} pass", label(s)),
                })
                .collect();
            t.push_str(&format!("auction  {}\n", calls.join(", ")));
        }
        let bidder = self.high().map(|(s, _)| s);
        let mut exchange = Vec::new();
        if let (Some(cards), Some(b)) = (&self.buried, bidder) {
            exchange.push(format!("{} {}", label(b), bury_token(cards)));
        }
        for (from, to, cards) in &self.gives {
            exchange.push(format!("{} {}", label(*from), self.give_token(*to, cards)));
        }
        if let (Some(g), Some(b)) = (self.given_up, bidder) {
            exchange.push(format!("{} {}", label(b), g.word()));
        }
        for (i, l) in exchange.iter().enumerate() {
            t.push_str(if i == 0 { "exchange " } else { "         " });
            t.push_str(l);
            t.push('\n');
        }
        if let (Some(trump), Some(b)) = (self.trump, bidder) {
            t.push_str(&format!("declare  {} {}\n", label(b), trump.name()));
        }
        if melds && let Some(trump) = self.trump {
            let mut lines = Vec::new();
            for seat in 0..self.labels.len() {
                // In the three-hand auction only the bidder melds.
                if self.options.lone_bidder && Some(seat) != bidder {
                    continue;
                }
                let shown = meld::meld_hand(&self.options.melds, trump, &CardCounts::of(self.held(seat)));
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
        let o = self.options;
        let token = self.read(token).ok_or_else(no)?;
        let mut next = self.clone();
        match self.phase() {
            Phase::Auction(seat) => {
                let announced = Announce::read(&token).filter(|_| o.announcements);
                let bid = match announced {
                    Some(Announce {
                        stated: Some(bid), ..
                    }) => Some(bid),
                    // The bid an announcement makes (000:255); a flush after a bid makes
                    // none, and the check refuses it.
                    Some(Announce {
                        called: Called::Meld(m),
                        ..
                    }) => self
                        .high()
                        .map(|(_, l)| l.saturating_add(10u32.saturating_mul(m.div_ceil(100)))),
                    Some(Announce {
                        called: Called::Flush | Called::LongSuit,
                        ..
                    }) => self.high().is_none().then_some(o.minimum),
                    // Both unstated, as the check deems them: the meld's bid after a bid, the
                    // suit's minimum before any.
                    Some(Announce {
                        called: Called::SuitAndMeld { meld, .. },
                        ..
                    }) => Some(self.high().map_or(o.minimum, |(_, l)| {
                        l.saturating_add(10u32.saturating_mul(meld.div_ceil(100)))
                    })),
                    None if token == "pass" => None,
                    None => Some(token.parse::<u32>().map_err(|_| no())?),
                };
                next.calls.push((seat, bid, announced));
            }
            Phase::Trump(_) | Phase::Bury(_) if given_up(&token).is_some() => {
                next.given_up = given_up(&token);
            }
            Phase::Trump(_) => {
                next.trump = Suit::ALL.iter().copied().find(|s| s.name() == token);
            }
            Phase::Bury(bidder) => {
                let cards = read_bury(&token).ok_or_else(no)?;
                let mut laid = self.burying.clone();
                laid.extend(cards.iter().copied());
                let held = CardCounts::of(self.bidder_cards(bidder));
                if laid.len() < o.bury && CardCounts::of(laid.iter().copied()).is_subset(&held) {
                    // Part of the bury: written once it is complete.
                    next.burying = laid;
                    return Ok(Next::More(Box::new(next)));
                }
                next.burying.clear();
                next.buried = Some(laid);
            }
            Phase::Give(seat) => {
                let (to, cards) = self.read_give(&token).ok_or_else(no)?;
                if self.pass_four() {
                    let mut laid = self.passing.clone();
                    laid.extend(cards.iter().copied());
                    let held = CardCounts::of(self.held(seat));
                    let laid_counts = CardCounts::of(laid.iter().copied());
                    if to != self.partner(seat) || laid.len() > PASSED || !laid_counts.is_subset(&held) {
                        // The check reads a pass once both are written; a card the seat
                        // does not hold is refused now with its code.
                        return Err(Refusal::new(
                            "P0205",
                            format!(
                                "{} passes {} four cards of his hand; `{token}` is not",
                                self.labels.get(seat).copied().unwrap_or("?"),
                                self.labels.get(self.partner(seat)).copied().unwrap_or("?")
                            ),
                        ));
                    }
                    if laid.len() < PASSED {
                        next.passing = laid;
                        return Ok(Next::More(Box::new(next)));
                    }
                    next.passing.clear();
                    next.gives.push((seat, to, laid));
                } else {
                    next.gives.push((seat, to, cards));
                }
            }
            Phase::ThrownIn | Phase::GivenUp => return Err(Refusal::new("A0002", "the game is over")),
            Phase::Done => return Err(no()),
        }
        // The melds are shown once trump and the bury are settled; a concession before
        // then shows none (the generator writes none either).
        let done = next.trump.is_some() && (o.bury == 0 || next.buried.is_some()) && next.gives_written();
        let text = next.text(done);
        let record = Self::record(&text).ok_or_else(no)?;
        let (_, findings, kept) = check_keeping(&record, self.profile);
        let bury_written = next.buried.is_some();
        let gives_written = next.gives_written();
        if let Some(d) = findings.iter().find(|d| {
            matches!(d.severity, Severity::Error | Severity::Warning)
                && !stops(d, bury_written, gives_written)
        }) {
            return Err(Refusal::of(d));
        }
        match next.phase() {
            Phase::Done => match kept {
                Some(state) => {
                    let leads = state.turn().unwrap_or(state.to_play()).index();
                    let concede = next.concedes_at_lead() && next.bidder() == Some(leads);
                    Ok(Next::Play(Box::new(record), Box::new(state), concede))
                }
                None => Err(Refusal::new(
                    "A0003",
                    "the check keeps no play state for this deal",
                )),
            },
            Phase::ThrownIn | Phase::GivenUp => Ok(Next::Over(Box::new(record))),
            _ => Ok(Next::More(Box::new(next))),
        }
    }
}

/// The profile's options as the record's `Options` tag changes them (entries not understood
/// are the check's findings, not the bot's).
pub(crate) fn options_of(record: &Record, profile: &Profile) -> Options {
    match record.tag("Options") {
        Some(tag) => with_tag(profile.options, tag).0,
        None => profile.options,
    }
}

/// The token of a bury: `buries` and the cards.
pub(crate) fn bury_token(cards: &[Card]) -> String {
    let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
    format!("buries {}", cards.join(" "))
}

/// The cards of a `buries` token, in any alphabet the notation reads.
pub(crate) fn read_bury(token: &str) -> Option<Vec<Card>> {
    let mut parts = token.split_whitespace();
    if words::exchange(parts.next()?) != Some(words::ExchangeWord::Buries) {
        return None;
    }
    read_cards(parts)
}

/// One card or more, each in any alphabet the notation reads; `None` for anything else.
fn read_cards<'a>(parts: impl Iterator<Item = &'a str>) -> Option<Vec<Card>> {
    let cards: Option<Vec<Card>> = parts
        .map(|t| cards::parse_card(t, AlphabetSet::DEFAULT).ok())
        .collect();
    cards.filter(|c| !c.is_empty())
}

/// The bidder's giving up that a token names (`concedes`, `forfeits`).
fn given_up(token: &str) -> Option<GivenUp> {
    match words::exchange(token.trim()) {
        Some(words::ExchangeWord::Concedes) => Some(GivenUp::Concedes),
        Some(words::ExchangeWord::Forfeits) => Some(GivenUp::Forfeits),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pinochle::rules;

    #[test]
    fn every_auction_profile_is_offered() {
        let offered: Vec<&str> = rules::all()
            .iter()
            .filter(|p| offered(&p.options))
            .map(|p| p.name)
            .collect();
        for name in [
            "uspc-auction",
            "uspc-partnership-auction",
            "uspc-firehouse",
            "uspc-check",
            "uspc-three-hand-double-pack",
            "uspc-partnership-auction-widow",
            "uspc-double-pack",
            "uspc-six-hand-triple-pack",
        ] {
            assert!(offered.contains(&name), "{name}: {offered:?}");
        }
        for name in ["uspc-two-hand", "uspc-partnership", "two-hand"] {
            assert!(!offered.contains(&name), "{name}: {offered:?}");
        }
    }

    #[test]
    fn a_bury_token_names_its_cards() {
        let cards = read_bury(" buries  ♠K ♥10 ").expect("two cards");
        assert_eq!(cards.len(), 2);
        assert_eq!(bury_token(&cards), "buries ♠K ♥10");
        assert_eq!(read_bury("buries"), None);
        assert_eq!(read_bury("buries ♠X"), None);
        assert_eq!(read_bury("gives E ♠K"), None);
    }

    #[test]
    fn the_two_card_widow_of_the_double_pack_buries_two() {
        // Seed 000, 000:333: twenty-six cards each and two to the widow; the bidder
        // discards as many as he takes (000:337).
        let profile = rules::by_name("uspc-three-hand-double-pack").expect("a profile");
        let text =
            "%stich 2\n[Game \"pinochle\"]\n[Rules \"uspc-three-hand-double-pack\"]\n[Options \"widow 2\"]\n";
        let record = Prelude::record(text).expect("a record");
        let o = options_of(&record, profile);
        assert_eq!((o.hand, o.widow, o.bury), (26, 2, 2));
        assert_eq!(profile.options.bury, 5);
    }

    #[test]
    fn a_give_not_yet_all_written_merely_stops_the_record() {
        let incomplete = Diagnostic::error("P0217", Kind::Incomplete, None, "not all given");
        let illegal = Diagnostic::error("P0217", Kind::Illegal, None, "given twice");
        assert!(stops(&incomplete, false, false));
        assert!(!stops(&incomplete, false, true));
        assert!(!stops(&illegal, false, false));
    }

    #[test]
    fn an_announcement_is_a_meld_in_points_or_a_flush() {
        // Seed 000, 000:253–255: "announcing 100, 400"; "a flush or on a long suit".
        let meld = |m| Some(Announce::of(Called::Meld(m)));
        assert_eq!(Announce::read("meld 140"), meld(140));
        assert_eq!(Announce::read("MELD 40"), meld(40));
        assert_eq!(Announce::read("flush"), Some(Announce::of(Called::Flush)));
        assert_eq!(Announce::read("long-suit"), Some(Announce::of(Called::LongSuit)));
        assert_eq!(Announce::read("meld"), None);
        assert_eq!(Announce::read("meld 100 flush"), None);
        // A bid stated with its announcement (`E: 500 flush`, `E: 510 meld 100`).
        assert_eq!(
            Announce::read("500 flush"),
            Some(Announce::with_bid(500, Called::Flush))
        );
        assert_eq!(
            Announce::read("510 MELD 100"),
            Some(Announce::with_bid(510, Called::Meld(100)))
        );
        // The record writes the call as stated: a long suit stays one.
        assert_eq!(
            Announce::read("500 long-suit").map(Announce::token).as_deref(),
            Some("500 long-suit")
        );
        assert_eq!(Announce::read("500 510 flush"), None);
        assert_eq!(Announce::read("500"), None);
        assert_eq!(Announce::read("500 meld"), None);
        // "bidding 500 and announcing a flush and 100 meld" (000:255).
        assert_eq!(
            Announce::read("500 flush meld 100"),
            Some(Announce::with_bid(
                500,
                Called::SuitAndMeld {
                    long: false,
                    meld: 100
                }
            ))
        );
        assert_eq!(
            Announce::read("510 Long-Suit MELD 140")
                .map(Announce::token)
                .as_deref(),
            Some("510 long-suit meld 140")
        );
        assert_eq!(Announce::read("500 flush meld"), None);
        assert_eq!(Announce::read("500 meld 100 flush"), None);
        assert_eq!(Announce::of(Called::Meld(140)).token(), "meld 140");
    }
}
