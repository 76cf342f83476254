//! A Pinochle record read and replayed: the deal, the auction, the exchanges, the melds, the
//! play (through [`PlayState`] and [`core::drive`](crate::core::drive)) and the claims.
//!
//! Findings are made here, at the one boundary between the rules (typed refusals) and the
//! report (codes, spans, messages); the state knows nothing of either.

use std::ops::ControlFlow;

use cards::{Card, PackSpec, Rank, Suit};
use notation::{
    CallKind, CardSlot, Diagnostic, Figure, Kind, Layout, PlayItem, Record, Span, Spanned, Statement, Token,
    TrickClaim,
};

use crate::at;
use crate::core::counts::check_copies;
use crate::core::game::{Recovery, Sink, drive};
use crate::core::piles::Stock;
use crate::core::{BySeat, CardCounts, GameState, Seat, Sides, Table};
use crate::pinochle::meld::{self, MeldKind, MeldTable};
use crate::pinochle::model::{
    Contract, DeclaredOut, GameResult, PlayMeld, Replay, SeatMelds, SideResult, TrickRecord,
};
use crate::pinochle::rules::{DeclareOut, Format, Lead, Options, PassedOut, Profile, with_tag};
use crate::pinochle::settle::{self, Ending, Settlement};
use crate::pinochle::state::{Action, Event, PlayRules, PlayState, Refusal};
use crate::pinochle::words;

/// The replay of `record` under `profile`, and every finding.
pub fn check(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let (replay, findings, _) = check_keeping(record, profile);
    (replay, findings)
}

/// [`check`], and the play state after the record's last action (`None` when the record
/// does not reach the play): where a game driven through [`crate::table_game`] goes on.
pub fn check_keeping(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>, Option<PlayState>) {
    let mut r = Run::new(record, profile);
    r.run();
    (r.replay, r.findings, r.kept)
}

struct Run<'a> {
    record: &'a Record,
    o: Options,
    pack: PackSpec,
    table: Table,
    sides: Sides,
    labels: Vec<&'static str>,
    replay: Replay,
    findings: Vec<Diagnostic>,
    /// The play state after the record's play.
    kept: Option<PlayState>,
    /// The widow as dealt (three-hand auction).
    widow: Vec<Card>,
    /// The counters of the cards the bidder buried, which count for his tricks.
    buried: u32,
    /// The trump suit, once named.
    trump: Option<Suit>,
    /// The player counted after declaring out, and the tricks played then.
    out: Option<(Seat, usize)>,
}

fn cards_text(cards: &CardCounts) -> String {
    cards.describe()
}

impl<'a> Run<'a> {
    fn new(record: &'a Record, profile: &Profile) -> Run<'a> {
        let mut findings = Vec::new();
        let o = match record.tag_item("Options") {
            Some(tag) => {
                let (o, errors) = with_tag(profile.options, &tag.value.node);
                for e in errors {
                    findings.push(
                        Diagnostic::warning(
                            "P0503",
                            at(tag.value.span),
                            format!(
                                "the option `{}` is not one of this profile's; the profile's value stays",
                                e.entry
                            ),
                        )
                        .with_help(format!("options: {}", e.expected)),
                    );
                }
                o
            }
            None => profile.options,
        };
        let labels: Vec<&'static str> = words::seat_labels(o.seats).to_vec();
        // Both tables are within 2..=8 seats, so laying them cannot fail.
        let table = Table::new(labels.len()).unwrap_or_else(|_| unreachable_table());
        // Each for himself at two and three (the three-hand bidder's opponents are sides only
        // in the play); two partnerships at four.
        let sides = if labels.len() < 4 {
            Sides::Individual
        } else {
            Sides::Alternating
        };
        let replay = Replay {
            profile: profile.name.to_string(),
            seats: labels.iter().map(|s| s.to_string()).collect(),
            sides: if labels.len() < 4 {
                labels.iter().map(|s| s.to_string()).collect()
            } else {
                (0..2).map(|i| words::side_label(&labels, i)).collect()
            },
            result: GameResult {
                target: o.game,
                ..GameResult::default()
            },
            ..Replay::default()
        };
        Run {
            record,
            pack: o.pack.spec(),
            o,
            table,
            sides,
            labels,
            replay,
            findings,
            kept: None,
            widow: Vec::new(),
            buried: 0,
            trump: None,
            out: None,
        }
    }

    fn seat(&self, label: &str) -> Option<Seat> {
        words::seat(label, &self.labels).and_then(Seat::new)
    }

    fn label(&self, seat: Seat) -> &'static str {
        seat_label(&self.labels, seat)
    }

    fn side_label(&self, seat: Seat) -> String {
        side_label(self.sides, &self.labels, seat)
    }

    fn push(&mut self, d: Diagnostic) {
        self.findings.push(d);
    }

    fn run(&mut self) {
        let Some((mut hands, turned, stock, dealer)) = self.deal() else {
            return;
        };
        let dealt = hands;
        let mut concession = None;
        // Who bids first and leads: the non-dealer (two-hand) or the dealer's left.
        let left = self.table.next(dealer);
        let trump = match self.o.format {
            Format::TwoHand | Format::Partnership => turned.map(|c| c.suit),
            Format::Auction => {
                let Some(contract) = self.auction(left, &dealt) else {
                    return;
                };
                let Some((bidder, _)) = contract else {
                    // Thrown in: no play, no score.
                    self.replay.result.thrown_in = true;
                    self.replay.result.complete = true;
                    self.replay.result.sides = self
                        .replay
                        .sides
                        .iter()
                        .map(|s| SideResult {
                            side: s.clone(),
                            ..SideResult::default()
                        })
                        .collect();
                    return;
                };
                concession = self.concession(bidder);
                self.declines(bidder);
                if concession == Some(Ending::Forfeit) {
                    // Forfeited unseen: no widow, no trump, no play (seed 000, 000:433).
                    self.conceded(Ending::Forfeit, &BySeat::new(self.table));
                    return;
                }
                // The bidder takes the widow (seed 002, 002:88; seed 000, 000:361).
                for &c in &self.widow {
                    hands[bidder].add(c);
                }
                if concession == Some(Ending::SingleBete) && self.record.declaration.is_none() {
                    // Conceded on seeing the widow, before naming trump (000:435).
                    self.conceded(Ending::SingleBete, &BySeat::new(self.table));
                    return;
                }
                self.declaration(bidder)
            }
        };
        let Some(trump) = trump else {
            return;
        };
        self.trump = Some(trump);
        self.replay.trump = Some(trump.name().to_string());
        match self.o.format {
            Format::Partnership => self.dix_exchange(&mut hands, turned, dealer, trump),
            Format::Auction if self.o.bury > 0 => self.bury(&mut hands, concession.is_some()),
            Format::Auction if self.o.widow_gives => self.give_widow(&mut hands),
            Format::Auction => self.pass_four(&mut hands),
            Format::TwoHand => {}
        }
        let mut meld_totals: BySeat<u32> = BySeat::new(self.table);
        if self.o.format != Format::TwoHand {
            meld_totals = self.melds_at_once(&hands, &dealt, trump);
        }
        if let Some(ending) = concession {
            self.conceded(ending, &meld_totals);
            return;
        }
        let leader = match (self.o.format, self.o.lead, &self.replay.contract) {
            (Format::Auction, Lead::Bidder, Some(c)) => self.seat(&c.bidder).unwrap_or(left),
            _ => left,
        };
        let stock = stock.map(|(cards, t)| Stock::new(cards, t));
        // The three-hand bidder plays alone against the other two, who cooperate.
        let play_sides = match (&self.replay.contract, self.table.len()) {
            (Some(c), 3) => self.seat(&c.bidder).map_or(self.sides, Sides::OneAgainstRest),
            _ => self.sides,
        };
        let rules = PlayRules {
            table: self.table,
            sides: play_sides,
            trump,
            duties: self.o.duties,
            melds: self.o.melds,
            counters: self.o.counters,
            last_trick: self.o.last_trick,
            meld_on_last_draw: true,
            trump_by_marriage: false,
            barred_trump: None,
        };
        let mut state = PlayState::new(rules, &self.pack, hands, leader, stock);
        self.play(&mut state);
        self.kept = Some(state.clone());
        self.result(&state, &meld_totals);
        self.claims();
    }

    /// The deal: the hands in seat order, the turned card, the stock with the turned card
    /// (two-hand), the dealer. `None` when the deal cannot be replayed.
    #[allow(clippy::type_complexity)]
    fn deal(
        &mut self,
    ) -> Option<(
        BySeat<CardCounts>,
        Option<Card>,
        Option<(Vec<Card>, Option<Card>)>,
        Seat,
    )> {
        let two = self.o.format == Format::TwoHand;
        // At two and three seats the labels say who deals: D, and R (the seat before F).
        let dealer = if self.table.len() < 4 {
            Seat::new(self.table.len() - 1)?
        } else {
            match self.record.tag_item("Dealer") {
                Some(tag) => match self.seat(&tag.value.node) {
                    Some(s) => s,
                    None => {
                        self.push(
                            Diagnostic::error(
                                "P0504",
                                Kind::Incomplete,
                                at(tag.value.span),
                                format!("the dealer `{}` is not a seat", tag.value.node),
                            )
                            .with_help(format!("the seats are {}", self.labels.join(", "))),
                        );
                        return None;
                    }
                },
                None => {
                    self.push(
                        Diagnostic::error(
                            "P0504",
                            Kind::Incomplete,
                            None,
                            "the record names no dealer; the auction and the first lead depend on him",
                        )
                        .with_help("add a `Dealer` tag, such as [Dealer \"W\"]"),
                    );
                    return None;
                }
            }
        };
        // With four or five at Auction Pinochle the dealer sits out, as D (000:349).
        self.replay.dealer = Some(if self.o.players > self.o.seats {
            "D".to_string()
        } else {
            self.label(dealer).to_string()
        });
        let Some(deal) = &self.record.deal else {
            self.push(Diagnostic::error(
                "P0504",
                Kind::Incomplete,
                None,
                "the record has no deal; a Pinochle record is checked from the hands dealt",
            ));
            return None;
        };
        let mut hands: BySeat<CardCounts> = BySeat::new(self.table);
        let mut lists: BySeat<Vec<Card>> = BySeat::new(self.table);
        let mut seen: BySeat<bool> = BySeat::new(self.table);
        let mut turned: Option<(Card, Span)> = None;
        let mut stock: Option<Vec<Card>> = None;
        let mut piles: Vec<(Vec<Card>, Span)> = Vec::new();
        for line in &deal.items {
            let mut cards = Vec::new();
            for slot in &line.cards {
                match slot.node {
                    CardSlot::Known(c) => cards.push(c),
                    CardSlot::Unknown => {
                        self.push(
                            Diagnostic::error(
                                "P0504",
                                Kind::Incomplete,
                                at(slot.span),
                                "a card of the deal is not recorded (`??`)",
                            )
                            .with_help("a Pinochle deal is checked with every card known"),
                        );
                        return None;
                    }
                }
            }
            let label = line.seat.node.as_str();
            let span = line.seat.span;
            piles.push((cards.clone(), span));
            match words::pile(label) {
                Some(words::PileWord::Trump) => match cards.as_slice() {
                    [c] => turned = Some((*c, span)),
                    _ => self.push(Diagnostic::error(
                        "P0202",
                        Kind::Illegal,
                        at(span),
                        format!("one card is turned for trump, not {}", cards.len()),
                    )),
                },
                Some(words::PileWord::Stock) => stock = Some(cards),
                Some(words::PileWord::Widow) => {
                    if cards.len() != self.o.widow {
                        self.push(
                            Diagnostic::error(
                                "P0203",
                                Kind::Illegal,
                                at(span),
                                format!("the widow holds {} cards; it has {}", cards.len(), self.o.widow),
                            )
                            .with_figures(cards.len(), self.o.widow),
                        );
                    }
                    self.widow = cards;
                }
                None => match self.seat(label) {
                    Some(seat) => {
                        let n = cards.len();
                        if n != self.o.hand {
                            self.push(
                                Diagnostic::error(
                                    "P0201",
                                    Kind::Illegal,
                                    at(span),
                                    format!("{label} is dealt {n} cards; each hand has {}", self.o.hand),
                                )
                                .with_figures(n, self.o.hand),
                            );
                        }
                        hands[seat] = CardCounts::of(cards.iter().copied());
                        lists[seat] = cards;
                        seen[seat] = true;
                    }
                    None => self.push(
                        Diagnostic::error(
                            "P0502",
                            Kind::Incomplete,
                            at(span),
                            format!("`{label}` is not a seat or pile of this game"),
                        )
                        .with_help(format!("seats: {}; piles: trump, stock", self.labels.join(", "))),
                    ),
                },
            }
        }
        // The copies of the pack, every pile together (a turned card that the partnership
        // dealer also holds is one card written twice, so it is left out of the count).
        let counted: Vec<&[Card]> = piles
            .iter()
            .filter(|(_, span)| two || turned.is_none_or(|(_, t)| t != *span))
            .map(|(c, _)| c.as_slice())
            .collect();
        if let Err(errors) = check_copies(&self.pack, &counted) {
            for e in errors {
                let span = match &e {
                    crate::core::counts::CopyError::NotInPack { pile, .. }
                    | crate::core::counts::CopyError::TooMany { pile, .. } => {
                        piles.get(*pile).map(|(_, s)| *s)
                    }
                };
                self.push(e.diagnostic(span.and_then(at)));
            }
        }
        for seat in self.table.seats() {
            if !seen[seat] {
                let label = self.label(seat);
                self.push(
                    Diagnostic::error(
                        "P0504",
                        Kind::Incomplete,
                        at(deal.span),
                        format!("the deal does not give {label}'s hand"),
                    )
                    .with_help("a Pinochle record lists every hand as dealt"),
                );
                return None;
            }
        }
        self.replay.hands = self.table.seats().map(|s| lists[s].clone()).collect();
        let turned_card = turned.map(|(c, _)| c);
        self.replay.turned = turned_card;
        match self.o.format {
            Format::TwoHand => {
                let Some((t, _)) = turned else {
                    self.push(
                        Diagnostic::error(
                            "P0504",
                            Kind::Incomplete,
                            at(deal.span),
                            "the deal does not give the trump card turned up",
                        )
                        .with_help("write it as `trump: ♥Q`"),
                    );
                    return None;
                };
                let Some(stock) = stock else {
                    self.push(
                        Diagnostic::error(
                            "P0504",
                            Kind::Incomplete,
                            at(deal.span),
                            "the deal does not give the stock; the draws follow from it",
                        )
                        .with_help("write it as `stock: …`, top card first"),
                    );
                    return None;
                };
                let want = self.pack.len().saturating_sub(self.o.seats * self.o.hand + 1);
                if stock.len() != want {
                    self.push(
                        Diagnostic::error(
                            "P0203",
                            Kind::Illegal,
                            at(deal.span),
                            format!(
                                "the stock holds {} cards; after the deal and the turned card it has {want}",
                                stock.len()
                            ),
                        )
                        .with_figures(stock.len(), want),
                    );
                }
                self.replay.stock = stock.clone();
                Some((hands, Some(t), Some((stock, Some(t))), dealer))
            }
            Format::Partnership => {
                let Some((t, span)) = turned else {
                    self.push(
                        Diagnostic::error(
                            "P0504",
                            Kind::Incomplete,
                            at(deal.span),
                            "the deal does not name the dealer's last card, turned for trump",
                        )
                        .with_help("write it as `trump: ♦9` after the hands"),
                    );
                    return None;
                };
                if !hands[dealer].contains(t) {
                    self.push(
                        Diagnostic::error("P0202", Kind::Illegal, at(span), format!("the turned card {t} is not in the dealer's hand"))
                            .with_help("the last card dealt, the dealer's, is turned (seed 000, Partnership Pinochle, The Deal)"),
                    );
                }
                Some((hands, Some(t), None, dealer))
            }
            Format::Auction => {
                if let Some((_, span)) = turned {
                    self.push(Diagnostic::error(
                        "P0202",
                        Kind::Illegal,
                        at(span),
                        "no card is turned in the auction game; the bidder names trump",
                    ));
                }
                if self.o.widow > 0 && self.widow.is_empty() {
                    self.push(
                        Diagnostic::error(
                            "P0504",
                            Kind::Incomplete,
                            at(deal.span),
                            "the deal does not give the widow",
                        )
                        .with_help("write it as `widow: c c c`"),
                    );
                    return None;
                }
                Some((hands, None, None, dealer))
            }
        }
    }

    /// The auction: `Some(Some((bidder, bid)))`, `Some(None)` when thrown in, `None` when
    /// the record cannot be replayed further.
    fn auction(&mut self, left: Seat, dealt: &BySeat<CardCounts>) -> Option<Option<(Seat, u32)>> {
        let Some(auction) = &self.record.auction else {
            self.push(Diagnostic::error(
                "P0505",
                Kind::Incomplete,
                None,
                "the record has no auction; the contract and the trump follow from it",
            ));
            return None;
        };
        let mut passed: BySeat<bool> = BySeat::new(self.table);
        let mut called: BySeat<bool> = BySeat::new(self.table);
        let mut high: Option<(Seat, u32)> = None;
        let mut turn = left;
        let mut over = false;
        let dealer = self.table.before(left);
        for (i, call) in auction.items.iter().enumerate() {
            let span = call.seat.span;
            let Some(seat) = self.seat(&call.seat.node) else {
                self.push(Diagnostic::error(
                    "P0502",
                    Kind::Incomplete,
                    at(span),
                    format!("`{}` is not a seat", call.seat.node),
                ));
                return None;
            };
            if over {
                let why = if self.o.one_call {
                    "the auction is over: every player has made his one call"
                } else {
                    "the auction is over: three players have passed"
                };
                self.push(Diagnostic::error("P0106", Kind::Illegal, at(span), why));
                break;
            }
            if self.o.one_call && called[seat] && !passed[seat] {
                self.push(
                    Diagnostic::error(
                        "P0109",
                        Kind::Illegal,
                        at(span),
                        format!("{} has made his one call", self.label(seat)),
                    )
                    .with_help("each player bids once or passes (seed 000, Firehouse Pinochle)"),
                );
                continue;
            }
            if passed[seat] {
                self.push(
                    Diagnostic::error(
                        "P0103",
                        Kind::Illegal,
                        at(span),
                        format!("{} passed before and may not call again", self.label(seat)),
                    )
                    .with_help(
                        "a pass is final (seed 000, Partnership Auction Pinochle; seed 002, The auction)",
                    ),
                );
                continue;
            }
            if seat != turn {
                self.push(
                    Diagnostic::error(
                        "P0104",
                        Kind::Illegal,
                        at(span),
                        format!(
                            "{} calls out of turn; it is {}'s call",
                            self.label(seat),
                            self.label(turn)
                        ),
                    )
                    .with_figures(self.label(seat), self.label(turn)),
                );
            }
            let all_passed_before = passed.values().filter(|&&p| p).count() + 1 == self.table.len();
            // A long call of the double-pack game is a bid, a deemed bid or an announcement
            // alone (seed 000, 000:253–255).
            let node = match call.call.node {
                CallKind::Said if self.o.announcements => match self.announcement(call, high.map(|(_, b)| b))
                {
                    Ok(Some(n)) => CallKind::Bid(n),
                    Ok(None) => {
                        called[seat] = true;
                        if high.is_none() && called.values().all(|&c| c) {
                            over = true;
                        }
                        turn = self.table.next(seat);
                        while passed[turn] && turn != seat {
                            turn = self.table.next(turn);
                        }
                        continue;
                    }
                    Err(()) => {
                        // Not a call: the turn passes on, so that the calls after it are
                        // checked in their order.
                        turn = self.table.next(seat);
                        while passed[turn] && turn != seat {
                            turn = self.table.next(turn);
                        }
                        continue;
                    }
                },
                other => other,
            };
            match node {
                CallKind::Bid(n) => {
                    let last = high.map_or(0, |(_, b)| b);
                    if n < self.o.minimum || (self.o.step > 0 && !n.is_multiple_of(self.o.step)) {
                        self.push(
                            Diagnostic::error(
                                "P0101",
                                Kind::Illegal,
                                at(call.call.span),
                                format!(
                                    "{n} is not a bid: bids start at {} in steps of {}",
                                    self.o.minimum, self.o.step
                                ),
                            )
                            .with_figures(n, self.o.minimum.max(last + self.o.step)),
                        );
                    } else if n <= last {
                        self.push(
                            Diagnostic::error(
                                "P0102",
                                Kind::Illegal,
                                at(call.call.span),
                                format!("{n} does not beat the bid of {last}"),
                            )
                            .with_help(format!("the lowest bid now is {}", last + self.o.step)),
                        );
                    }
                    if self.o.bid_needs_marriage && !has_marriage(&dealt[seat]) {
                        let forced = high.is_none() && seat == dealer && all_passed_before;
                        if !(forced && n == self.o.minimum) {
                            let help = if forced {
                                format!(
                                    "the dealer, forced to bid when the others pass, may bid more than {} only with a marriage (seed 000, Check Pinochle)",
                                    self.o.minimum
                                )
                            } else {
                                "none of the first three may bid without a marriage in his hand (seed 000, Check Pinochle)".to_string()
                            };
                            self.push(
                                Diagnostic::error(
                                    "P0108",
                                    Kind::Illegal,
                                    at(call.call.span),
                                    format!("{} bids {n} without a marriage", self.label(seat)),
                                )
                                .with_help(help),
                            );
                        }
                    }
                    // The bid stands as written, right or wrong, so that one bad call does
                    // not change whose contract the rest of the record is checked against.
                    high = Some((seat, n));
                    self.replay.auction.push((self.label(seat).to_string(), Some(n)));
                }
                CallKind::Pass => {
                    let forced = match self.o.passed_out {
                        PassedOut::Forced => i == 0,
                        PassedOut::Dealer => high.is_none() && seat == dealer && all_passed_before,
                        PassedOut::Redeal => false,
                    };
                    if forced {
                        let who = if self.o.passed_out == PassedOut::Forced {
                            "the player at the dealer's left must open"
                        } else {
                            "the dealer must bid when the others pass"
                        };
                        self.push(
                            Diagnostic::error(
                                "P0105",
                                Kind::Illegal,
                                at(call.call.span),
                                format!("{} may not pass: {who}", self.label(seat)),
                            )
                            .with_help(format!(
                                "bid the minimum, {} (seed 002, The auction)",
                                self.o.minimum
                            )),
                        );
                    }
                    passed[seat] = true;
                    self.replay.auction.push((self.label(seat).to_string(), None));
                }
                CallKind::Said => {
                    self.push(
                        Diagnostic::error(
                            "P0502",
                            Kind::Incomplete,
                            at(call.call.span),
                            "a word call means nothing in a Pinochle auction",
                        )
                        .with_help("write a bid as a number, or `pass`"),
                    );
                    return None;
                }
            }
            called[seat] = true;
            let passes = passed.values().filter(|&&p| p).count();
            if self.o.one_call {
                over = called.values().all(|&c| c);
                turn = self.table.next(seat);
                continue;
            }
            if (high.is_some() && passes + 1 >= self.table.len()) || passes >= self.table.len() {
                over = true;
            }
            // Four passes or announcements without a bid throw the deal in (000:257).
            if self.o.announcements && high.is_none() && called.values().all(|&c| c) {
                over = true;
            }
            // The next seat that has not passed.
            let mut next = self.table.next(seat);
            for _ in 0..self.table.len() {
                if !passed[next] {
                    break;
                }
                next = self.table.next(next);
            }
            turn = next;
        }
        if !over {
            let why = if self.o.one_call {
                "the auction is not finished: it ends when every player has made his one call"
            } else {
                "the auction is not finished: it ends when three players have passed after a bid"
            };
            self.push(Diagnostic::error(
                "P0505",
                Kind::Incomplete,
                at(auction.span),
                why,
            ));
            return None;
        }
        match high {
            Some((bidder, bid)) => {
                self.replay.contract = Some(Contract {
                    bidder: self.label(bidder).to_string(),
                    bid,
                });
                Some(Some((bidder, bid)))
            }
            None => Some(None),
        }
    }

    /// A long call of the double-pack auction (seed 000, 000:253–255): `Ok(Some(bid))` for a
    /// bid stated (`E: 500 flush`) or deemed (`W: meld 140 = 520` after a bid; `N: flush`
    /// before any, 500); `Ok(None)` for a meld announced before any bid, which is no bid;
    /// `Err` when the call is none of these (a finding is made).
    fn announcement(&mut self, call: &notation::Call, last: Option<u32>) -> Result<Option<u32>, ()> {
        let tokens = call
            .said
            .as_ref()
            .map(|s| s.tokens.as_slice())
            .unwrap_or_default();
        let figure = call.said.as_ref().and_then(|s| figure_number(&s.figure));
        let mut stated = None;
        let mut meld = None;
        let mut suit = false;
        let mut after_meld = false;
        for t in tokens {
            match &t.node {
                Token::Word(w) => {
                    let w = w.to_ascii_lowercase();
                    after_meld = w == "meld";
                    suit |= matches!(w.as_str(), "flush" | "long-suit" | "long" | "suit");
                }
                Token::Number(n) => {
                    let n = u32::try_from(*n).unwrap_or(u32::MAX);
                    if after_meld {
                        meld = Some(n);
                    } else if stated.is_none() {
                        stated = Some(n);
                    }
                    after_meld = false;
                }
                _ => {}
            }
        }
        let deemed = match (stated, meld, suit, last) {
            (Some(n), _, _, _) => Some(n),
            // 10 for each 100 of meld, or part of 100 (000:255).
            (None, Some(m), _, Some(l)) => Some(l.saturating_add(10u32.saturating_mul(m.div_ceil(100)))),
            (None, _, true, None) => Some(self.o.minimum),
            (None, Some(_), false, None) => None,
            _ => {
                self.push(
                    Diagnostic::error(
                        "P0110",
                        Kind::Illegal,
                        at(call.call.span),
                        "this call is not a bid, a pass or an announcement of the double-pack auction",
                    )
                    .with_help("announce a meld (`N: meld 100`), a flush or long suit before any bid (`N: flush`), or bid with them (`E: 500 flush`)"),
                );
                return Err(());
            }
        };
        if let (Some(d), Some(f)) = (deemed, figure)
            && i64::from(d) != f
        {
            self.push(
                Diagnostic::error(
                    "P0110",
                    Kind::Illegal,
                    at(call.call.span),
                    format!("the announcement is a bid of {d}, not {f}"),
                )
                .with_help("a meld announced after a bid tops it by 10 for each 100 or part of 100 (seed 000, Double-Pack Pinochle)")
                .with_figures(f, d),
            );
        }
        Ok(deemed)
    }

    fn declaration(&mut self, bidder: Seat) -> Option<Suit> {
        let Some(section) = &self.record.declaration else {
            self.push(
                Diagnostic::error(
                    "P0505",
                    Kind::Incomplete,
                    None,
                    "the record does not say which suit the bidder named trump",
                )
                .with_help(format!(
                    "add `declare {} spades` (or the suit named)",
                    self.label(bidder)
                )),
            );
            return None;
        };
        let Some(st) = section.items.first() else {
            self.push(Diagnostic::error(
                "P0505",
                Kind::Incomplete,
                at(section.span),
                "the declaration is empty",
            ));
            return None;
        };
        let span = st.seat.as_ref().map_or(section.span, |s| s.span);
        if let Some(seat) = &st.seat
            && self.seat(&seat.node) != Some(bidder)
        {
            self.push(
                Diagnostic::error(
                    "P0107",
                    Kind::Illegal,
                    at(seat.span),
                    format!(
                        "{} names trump, but {} won the auction",
                        seat.node,
                        self.label(bidder)
                    ),
                )
                .with_figures(&seat.node, self.label(bidder)),
            );
        }
        let suit = st.tokens.iter().find_map(|t| match &t.node {
            Token::Word(w) => words::suit(w),
            _ => None,
        });
        if suit.is_none() {
            self.push(
                Diagnostic::error("P0107", Kind::Illegal, at(span), "the declaration names no suit")
                    .with_help("name the trump suit: spades, hearts, diamonds or clubs"),
            );
        }
        suit
    }

    /// The dix exchange of the partnership game (seed 000, 000:127).
    fn dix_exchange(
        &mut self,
        hands: &mut BySeat<CardCounts>,
        turned: Option<Card>,
        dealer: Seat,
        trump: Suit,
    ) {
        let (Some(section), Some(turned)) = (&self.record.exchange, turned) else {
            return;
        };
        let dix = Card::new(trump, self.o.melds.dix_rank);
        let mut done = false;
        for st in &section.items {
            let span = st.seat.as_ref().map_or(section.span, |s| s.span);
            let (seat, word, cards) = self.statement(st);
            let Some(seat) = seat else { continue };
            if word.as_deref().and_then(words::exchange) != Some(words::ExchangeWord::Exchanges) {
                self.push(
                    Diagnostic::error(
                        "P0502",
                        Kind::Incomplete,
                        at(span),
                        "the partnership exchange is the dix for the turned card",
                    )
                    .with_help("write it as `N exchanges ♦9`"),
                );
                continue;
            }
            if done || cards.as_slice() != [dix] || !hands[seat].contains(dix) || turned == dix {
                self.push(
                    Diagnostic::error("P0204", Kind::Illegal, at(span), format!("{} cannot exchange: only a holder of the dix {dix} may, once, for the turned card {turned}", self.label(seat)))
                        .with_help("seed 000, Partnership Pinochle, The Trump Card"),
                );
                continue;
            }
            done = true;
            hands[seat].remove(dix);
            hands[seat].add(turned);
            hands[dealer].remove(turned);
            hands[dealer].add(dix);
        }
    }

    /// The bidder's bury (seed 002, 002:88; seed 000, 000:395): three cards of the hand with
    /// the widow; they count for his tricks. Seed 000 forbids burying a melded card; the meld
    /// is counted from the hand kept, so a buried card never counts in one (a meld shown
    /// with it is `P0208`).
    fn bury(&mut self, hands: &mut BySeat<CardCounts>, conceded: bool) {
        let Some(bidder) = self.replay.contract.as_ref().and_then(|c| self.seat(&c.bidder)) else {
            return;
        };
        // The bury is the exchange statement that is not a concession or the opponents'
        // answer to the question of one.
        let st = self.record.exchange.as_ref().and_then(|s| {
            s.items.iter().find(|st| {
                !matches!(
                    self.statement(st).1.as_deref().and_then(words::exchange),
                    Some(
                        words::ExchangeWord::Concedes
                            | words::ExchangeWord::Forfeits
                            | words::ExchangeWord::Declines
                    )
                )
            })
        });
        let Some(st) = st else {
            if conceded {
                // A deal conceded before the bury needs none.
                return;
            }
            self.push(
                Diagnostic::error(
                    "P0215",
                    Kind::Incomplete,
                    self.record.exchange.as_ref().and_then(|s| at(s.span)),
                    "the bidder's bury is not recorded",
                )
                .with_help(format!("write `exchange {} buries c c c`", self.label(bidder))),
            );
            return;
        };
        let span = st.seat.as_ref().map(|s| s.span).and_then(at);
        let (seat, word, cards) = self.statement(st);
        let buried = CardCounts::of(cards.iter().copied());
        let is_bury = word.as_deref().and_then(words::exchange) == Some(words::ExchangeWord::Buries);
        if !is_bury
            || seat != Some(bidder)
            || buried.len() != self.o.bury
            || !buried.is_subset(&hands[bidder])
        {
            self.push(
                Diagnostic::error(
                    "P0215",
                    Kind::Illegal,
                    span,
                    format!(
                        "the bidder {} buries {} cards of the hand with the widow; written: {}",
                        self.label(bidder),
                        self.o.bury,
                        cards_text(&buried)
                    ),
                )
                .with_help(format!(
                    "{}'s cards: {}",
                    self.label(bidder),
                    cards_text(&hands[bidder])
                )),
            );
            return;
        }
        hands[bidder] = hands[bidder].minus(&buried);
        self.buried = buried.iter().map(|c| self.o.counters.value(c.rank)).sum();
    }

    /// The widow of the USPC partnership auction (seed 000, 000:163): the bidder, who has
    /// taken its four cards, keeps one and gives one to each other player (`S gives W ♠A`,
    /// one statement a player). The cards given come from the widow (notation-growth X15).
    fn give_widow(&mut self, hands: &mut BySeat<CardCounts>) {
        let Some(bidder) = self.replay.contract.as_ref().and_then(|c| self.seat(&c.bidder)) else {
            return;
        };
        let statements = self.exchanges_but_declines();
        let widow = CardCounts::of(self.widow.iter().copied());
        let mut left = widow;
        let mut served: Vec<Seat> = Vec::new();
        let help = |run: &Self| {
            format!(
                "write `{} gives <seat> c` for each other seat, one card of the widow ({}) each",
                run.label(bidder),
                cards_text(&widow)
            )
        };
        for st in statements {
            let span = st.seat.as_ref().map(|s| s.span).and_then(at);
            let (seat, word, cards) = self.statement(st);
            let target = st.tokens.iter().find_map(|t| match &t.node {
                Token::Word(w) if words::exchange(w).is_none() => self.seat(w),
                _ => None,
            });
            let is_give = word.as_deref().and_then(words::exchange) == Some(words::ExchangeWord::Gives);
            let given = CardCounts::of(cards.iter().copied());
            let to = target.filter(|&t| t != bidder && !served.contains(&t));
            let Some(to) =
                to.filter(|_| is_give && seat == Some(bidder) && given.len() == 1 && given.is_subset(&left))
            else {
                self.push(
                    Diagnostic::error(
                        "P0217",
                        Kind::Illegal,
                        span,
                        format!(
                            "the bidder {} gives one card of the widow to each other player once; written: {}",
                            self.label(bidder),
                            cards_text(&given)
                        ),
                    )
                    .with_help(help(self)),
                );
                return;
            };
            left = left.minus(&given);
            hands[bidder] = hands[bidder].minus(&given);
            hands[to] = hands[to].plus(&given);
            served.push(to);
        }
        if served.len() + 1 < self.table.len() {
            self.push(
                Diagnostic::error(
                    "P0217",
                    Kind::Incomplete,
                    self.record.exchange.as_ref().and_then(|s| at(s.span)),
                    format!(
                        "the widow's cards given to the other players are not all recorded ({} of {})",
                        served.len(),
                        self.table.len() - 1
                    ),
                )
                .with_help(help(self)),
            );
        }
    }

    /// The pass of four between partners (seed 002, 002:43).
    fn pass_four(&mut self, hands: &mut BySeat<CardCounts>) {
        let bidder = self.replay.contract.as_ref().and_then(|c| self.seat(&c.bidder));
        let Some(bidder) = bidder else { return };
        let partner = self.table.after(bidder, 2);
        let statements = self.exchanges_but_declines();
        if !self.o.pass_four {
            if let Some(st) = statements.first() {
                let span = st.seat.as_ref().map(|s| s.span);
                self.push(
                    Diagnostic::error("P0205", Kind::Illegal, span.and_then(at), "this game has no pass between partners")
                        .with_help("add `pass 4` to the Options tag when the table plays it (seed 002, Naming trump and the pass)"),
                );
            }
            return;
        }
        let expected = [(partner, bidder), (bidder, partner)];
        if statements.len() < 2 {
            self.push(
                Diagnostic::error(
                    "P0205",
                    Kind::Incomplete,
                    self.record.exchange.as_ref().and_then(|s| at(s.span)),
                    "the pass of four is not recorded",
                )
                .with_help(format!(
                    "write `exchange {} gives {} …` and `{} gives {} …`",
                    self.label(partner),
                    self.label(bidder),
                    self.label(bidder),
                    self.label(partner)
                )),
            );
            return;
        }
        for (st, (from, to)) in statements.iter().zip(expected) {
            let span = st.seat.as_ref().map(|s| s.span).and_then(at);
            let (seat, word, cards) = self.statement(st);
            let target = st.tokens.iter().find_map(|t| match &t.node {
                Token::Word(w) if words::exchange(w).is_none() => self.seat(w),
                _ => None,
            });
            let is_give = word.as_deref().and_then(words::exchange) == Some(words::ExchangeWord::Gives);
            if !is_give || seat != Some(from) || target != Some(to) {
                self.push(
                    Diagnostic::error(
                        "P0205",
                        Kind::Illegal,
                        span,
                        format!(
                            "the pass goes {} to {} first, then back",
                            self.label(from),
                            self.label(to)
                        ),
                    )
                    .with_help(format!(
                        "write `{} gives {} c c c c`",
                        self.label(from),
                        self.label(to)
                    )),
                );
                return;
            }
            let given = CardCounts::of(cards.iter().copied());
            if given.len() != 4 || !given.is_subset(&hands[from]) {
                self.push(
                    Diagnostic::error(
                        "P0205",
                        Kind::Illegal,
                        span,
                        format!(
                            "{} passes {} card(s) not all in hand: {}",
                            self.label(from),
                            given.len(),
                            cards_text(&given)
                        ),
                    )
                    .with_help(format!("four cards of {}", cards_text(&hands[from]))),
                );
                return;
            }
            hands[from] = hands[from].minus(&given);
            hands[to] = hands[to].plus(&given);
        }
    }

    /// The concession of an Auction Pinochle deal written among the exchanges, checked
    /// (seed 000, 000:361, 433–439): `F forfeits` (the compulsory opening bid, unseen),
    /// `F concedes` (the bidder, after the widow: single bete), `M concedes` (an opponent,
    /// for both: the contract is made).
    fn concession(&mut self, bidder: Seat) -> Option<Ending> {
        let section = self.record.exchange.as_ref()?;
        let mut found: Option<Ending> = None;
        for st in &section.items {
            let span = st.seat.as_ref().map_or(section.span, |s| s.span);
            let (seat, word, _) = self.statement(st);
            let word = word.as_deref().and_then(words::exchange);
            if !matches!(
                word,
                Some(words::ExchangeWord::Concedes | words::ExchangeWord::Forfeits)
            ) {
                continue;
            }
            let refuse = |why: String| {
                Diagnostic::error("P0216", Kind::Illegal, at(span), why)
                    .with_help("seed 000, Auction Pinochle, Concessions (000:433–439)")
            };
            if !self.o.concessions {
                self.push(refuse(format!(
                    "the profile {} has no concessions",
                    self.replay.profile
                )));
                continue;
            }
            if found.is_some() {
                self.push(refuse("the deal is conceded already".to_string()));
                continue;
            }
            let Some(seat) = seat else { continue };
            // Without a settlement in units only the bidder concedes, before leading
            // (three-hand double pack, 000:339).
            if self.o.schedule.is_none() && (seat != bidder || word == Some(words::ExchangeWord::Forfeits)) {
                self.push(refuse(format!(
                    "in {} only the bidder concedes, before leading",
                    self.replay.profile
                )));
                continue;
            }
            let ending = match word {
                Some(words::ExchangeWord::Forfeits) => {
                    let bids = self.replay.auction.iter().filter(|(_, b)| b.is_some()).count();
                    let bid = self.replay.contract.as_ref().map_or(0, |c| c.bid);
                    if seat != bidder || bids != 1 || bid != self.o.minimum {
                        self.push(refuse(format!(
                            "only the bidder of the compulsory opening {} that all the others passed may forfeit without looking at the widow",
                            self.o.minimum
                        )));
                        continue;
                    }
                    Ending::Forfeit
                }
                _ if seat == bidder => Ending::SingleBete,
                _ => Ending::Conceded,
            };
            found = Some(ending);
        }
        found
    }

    /// The exchange statements but the opponents' `declines`, which [`Run::declines`]
    /// judges on its own: the gives are read from the rest.
    fn exchanges_but_declines(&self) -> Vec<&'a Statement> {
        let record: &'a Record = self.record;
        record
            .exchange
            .as_ref()
            .map(|s| {
                s.items
                    .iter()
                    .filter(|st| {
                        self.statement(st).1.as_deref().and_then(words::exchange)
                            != Some(words::ExchangeWord::Declines)
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The opponents' `declines` written among the exchanges (`M declines`), checked: their
    /// answer, when the play is about to begin, that they do not concede the contract
    /// (seed 000, 000:437–439), so the bidder leads or concedes. Seed 000 says how the
    /// opponents concede, "by agreement", and not how they let the bidder play: the word is
    /// the record's, so that a record stopped at the first lead says whether they were
    /// asked. It is said once, by the first opponent after the bidder (who speaks for both,
    /// as in the game for bots), after trump is named and the bury written and before the
    /// first lead, in a profile where the opponents may concede, and never beside their
    /// concession or after a concession of the bidder's or his forfeit (`P0218`).
    fn declines(&mut self, bidder: Seat) {
        let Some(section) = &self.record.exchange else {
            return;
        };
        let speaker = self.table.next(bidder);
        let opponents_concede = self.o.concessions && self.o.schedule.is_some();
        let trump_named = self
            .record
            .declaration
            .as_ref()
            .is_some_and(|d| !d.items.is_empty());
        let words: Vec<(Option<Seat>, Option<words::ExchangeWord>)> = section
            .items
            .iter()
            .map(|st| {
                let (seat, word, _) = self.statement(st);
                (seat, word.as_deref().and_then(words::exchange))
            })
            .collect();
        let opponents_conceded = words
            .iter()
            .any(|&(s, w)| w == Some(words::ExchangeWord::Concedes) && s.is_some_and(|s| s != bidder));
        let mut findings = Vec::new();
        for (i, st) in section.items.iter().enumerate() {
            let Some(&(seat, Some(words::ExchangeWord::Declines))) = words.get(i) else {
                continue;
            };
            let before = words.get(..i).unwrap_or_default();
            let why = if !self.o.concessions {
                format!(
                    "the profile {} has no concessions, so the opponents are not asked",
                    self.replay.profile
                )
            } else if !opponents_concede {
                format!(
                    "in {} the opponents are not asked to concede: only the bidder concedes",
                    self.replay.profile
                )
            } else if seat != Some(speaker) {
                format!(
                    "the opponents answer through {}, the first after the bidder {}",
                    self.label(speaker),
                    self.label(bidder)
                )
            } else if before
                .iter()
                .any(|&(_, w)| w == Some(words::ExchangeWord::Declines))
            {
                "the opponents have declined already".to_string()
            } else if opponents_conceded {
                "the opponents cannot both concede and decline".to_string()
            } else if before.iter().any(|&(_, w)| {
                matches!(
                    w,
                    Some(words::ExchangeWord::Concedes | words::ExchangeWord::Forfeits)
                )
            }) {
                "the deal is given up already".to_string()
            } else if !trump_named {
                "the opponents answer once trump is named".to_string()
            } else if self.o.bury > 0
                && !before
                    .iter()
                    .any(|&(_, w)| w == Some(words::ExchangeWord::Buries))
            {
                "the opponents answer once the bury is written: write the bury first".to_string()
            } else {
                continue;
            };
            let span = st.seat.as_ref().map_or(section.span, |s| s.span);
            findings.push(
                Diagnostic::error("P0218", Kind::Illegal, at(span), why)
                    .with_help("seed 000, Auction Pinochle, Concessions (000:437–439): the opponents are asked, after trump and the bury, before the first lead"),
            );
        }
        for d in findings {
            self.push(d);
        }
    }

    /// A deal ended by a concession: nothing is played, the settlement is the concession's.
    fn conceded(&mut self, ending: Ending, meld_totals: &BySeat<u32>) {
        if let Some(play) = &self.record.play
            && !play.items.items.is_empty()
        {
            self.push(
                Diagnostic::error(
                    "P0216",
                    Kind::Illegal,
                    at(play.span),
                    format!(
                        "the deal ended by a concession ({}); no card is played",
                        ending.word()
                    ),
                )
                .with_help("once the bidder leads, the deal stands as though played out (seed 000, 000:439)"),
            );
        }
        let sides: Vec<SideResult> = self
            .table
            .seats()
            .map(|s| SideResult {
                side: self.label(s).to_string(),
                meld: meld_totals[s],
                ..SideResult::default()
            })
            .collect();
        let mut sides = sides;
        if self.o.schedule.is_none()
            && let Some(c) = &self.replay.contract
        {
            // The bidder's concession of the three-hand double pack: each opponent scores
            // his meld and 100, the bidder loses the bid (000:339).
            for side in &mut sides {
                side.score = if side.side == c.bidder {
                    -i64::from(c.bid)
                } else {
                    i64::from(side.meld) + 100
                };
            }
            if let Some(standing) = self.record.tag("Standing") {
                let before = words::standing(standing);
                for side in &mut sides {
                    side.total = before
                        .iter()
                        .find(|(l, _)| l.eq_ignore_ascii_case(&side.side))
                        .map(|&(_, n)| n + side.score);
                }
            }
        }
        let r = &mut self.replay.result;
        r.complete = true;
        r.made = Some(ending.made());
        r.sides = sides;
        self.settle(ending);
        self.claims();
    }

    /// The settlement in units of an Auction Pinochle deal; each active player's score is
    /// what he wins or pays.
    fn settle(&mut self, ending: Ending) {
        let (Some(schedule), Some(contract)) = (self.o.schedule, self.replay.contract.clone()) else {
            return;
        };
        let inactive = ["D", "I"];
        let others: Vec<String> = self
            .replay
            .seats
            .iter()
            .filter(|s| **s != contract.bidder)
            .cloned()
            .chain(
                inactive
                    .iter()
                    .take(self.o.players.saturating_sub(self.o.seats))
                    .map(|s| s.to_string()),
            )
            .collect();
        let trump = match ending {
            Ending::Forfeit | Ending::SingleBete => None,
            _ => self.trump,
        };
        let chips = settle::settle(schedule, contract.bid, trump, ending, &contract.bidder, &others);
        for side in &mut self.replay.result.sides {
            if let Some((_, n)) = chips.iter().find(|(l, _)| *l == side.side) {
                side.score = *n;
            }
        }
        if let Some(standing) = self.record.tag("Standing") {
            let before = words::standing(standing);
            for side in &mut self.replay.result.sides {
                side.total = before
                    .iter()
                    .find(|(l, _)| l.eq_ignore_ascii_case(&side.side))
                    .map(|&(_, n)| n + side.score);
            }
        }
        self.replay.result.settlement = Some(Settlement {
            ending,
            units: schedule.value(contract.bid, trump),
            chips,
        });
    }

    /// A statement's seat, first word and cards.
    fn statement(&self, st: &Statement) -> (Option<Seat>, Option<String>, Vec<Card>) {
        let seat = st.seat.as_ref().and_then(|s| self.seat(&s.node));
        let word = st.tokens.iter().find_map(|t| match &t.node {
            Token::Word(w) => Some(w.clone()),
            _ => None,
        });
        let cards = st
            .tokens
            .iter()
            .filter_map(|t| match t.node {
                Token::Card(CardSlot::Known(c)) => Some(c),
                _ => None,
            })
            .collect();
        (seat, word, cards)
    }

    /// The melds shown at once, checked against each hand; each seat's full meld as the
    /// calculator finds it (the dix counted in the hand as dealt, seed 000, 000:127).
    fn melds_at_once(
        &mut self,
        hands: &BySeat<CardCounts>,
        dealt: &BySeat<CardCounts>,
        trump: Suit,
    ) -> BySeat<u32> {
        let table = self.o.melds;
        let mut totals: BySeat<u32> = BySeat::new(self.table);
        let mut computed: BySeat<meld::Melds> = BySeat::new(self.table);
        for seat in self.table.seats() {
            let mut m = meld::meld_hand(&table, trump, &hands[seat]);
            // In the three-hand auction only the bidder's meld counts (seed 002, 002:88: the
            // bidder reaches his bid "with meld plus counters"; the defenders score nothing).
            let bidder = self.replay.contract.as_ref().and_then(|c| self.seat(&c.bidder));
            if self.o.lone_bidder && bidder != Some(seat) {
                m = meld::Melds::default();
            }
            if self.o.format == Format::Partnership {
                let dix = Card::new(trump, table.dix_rank);
                m.melds.retain(|x| x.kind != MeldKind::Dix);
                for _ in 0..dealt[seat].count(dix) {
                    m.melds.push(meld::Meld {
                        kind: MeldKind::Dix,
                        cards: vec![dix],
                        value: table.dix,
                    });
                }
                m.melds
                    .sort_by_key(|x| MeldKind::ALL.iter().position(|k| *k == x.kind));
                m.total = m.melds.iter().map(|x| x.value).sum();
            }
            totals[seat] = m.total;
            computed[seat] = m;
        }
        self.replay.melds = self
            .table
            .seats()
            .map(|s| SeatMelds {
                seat: self.label(s).to_string(),
                melds: computed[s].melds.clone(),
                total: computed[s].total,
            })
            .collect();
        let Some(section) = &self.record.melds else {
            return totals;
        };
        let mut shown: BySeat<u32> = BySeat::new(self.table);
        let mut used: BySeat<Vec<(MeldKind, CardCounts)>> = BySeat::new(self.table);
        let mut first_span: BySeat<Option<Span>> = BySeat::new(self.table);
        for st in &section.items {
            let span = st.seat.as_ref().map_or(section.span, |s| s.span);
            let (seat, word, cards) = self.statement(st);
            let Some(seat) = seat else {
                self.push(Diagnostic::error(
                    "P0502",
                    Kind::Incomplete,
                    at(span),
                    "a meld names no seat of this game",
                ));
                continue;
            };
            first_span[seat].get_or_insert(span);
            let Some(kind) = word.as_deref().and_then(MeldKind::from_word) else {
                self.push(
                    Diagnostic::error("P0206", Kind::Illegal, at(span), format!("`{}` is not a meld", word.unwrap_or_default()))
                        .with_help("melds: run, double-run, royal, marriage, dix, pinochle, double-pinochle, aces, kings, queens, jacks, double-aces …"),
                );
                continue;
            };
            let counts = CardCounts::of(cards.iter().copied());
            let value = match meld::shape(&table, kind, trump, &counts) {
                Ok(v) => v,
                Err(_) => {
                    self.push(
                        Diagnostic::error(
                            "P0207",
                            Kind::Illegal,
                            at(span),
                            format!(
                                "{} is not a {} with {} trump",
                                cards_text(&counts),
                                kind.word(),
                                trump.name()
                            ),
                        )
                        .with_help(shape_help(&table, kind, trump)),
                    );
                    continue;
                }
            };
            let holding = if kind == MeldKind::Dix && self.o.format == Format::Partnership {
                dealt[seat]
            } else {
                hands[seat]
            };
            if !counts.is_subset(&holding) {
                self.push(
                    Diagnostic::error(
                        "P0208",
                        Kind::Illegal,
                        at(span),
                        format!(
                            "{} does not hold {}",
                            self.label(seat),
                            cards_text(&counts.minus(&holding))
                        ),
                    )
                    .with_help(format!(
                        "{}'s hand: {}",
                        self.label(seat),
                        cards_text(&holding)
                    )),
                );
                continue;
            }
            let group = meld::sharing_group(kind);
            let before: CardCounts = used[seat]
                .iter()
                .filter(|(k, _)| meld::sharing_group(*k) == group)
                .fold(CardCounts::EMPTY, |a, (_, c)| a.plus(c));
            let same_kind_before = used[seat]
                .iter()
                .filter(|(k, _)| *k == kind)
                .fold(CardCounts::EMPTY, |a, (_, c)| a.plus(c));
            // A run and a royal marriage may share their K Q only in that a run contains one;
            // two melds of one kind never share a card.
            let clash = if group == MeldKind::Run && kind != MeldKind::Royal && before.is_empty() {
                false
            } else if kind == MeldKind::Royal {
                !same_kind_before
                    .plus(&counts)
                    .plus(&before.minus(&same_kind_before))
                    .is_subset(&holding)
            } else {
                !same_kind_before.plus(&counts).is_subset(&holding)
            };
            if clash {
                self.push(
                    Diagnostic::error(
                        "P0209",
                        Kind::Illegal,
                        at(span),
                        format!(
                            "{} serves in a second {} of {}",
                            cards_text(&counts),
                            kind.word(),
                            self.label(seat)
                        ),
                    )
                    .with_help(
                        "melds of different kinds share cards, melds of one kind do not (seed 002, Melding)",
                    ),
                );
                continue;
            }
            used[seat].push((kind, counts));
            shown[seat] += value;
            if let Some(fig) = figure_number(&st.figure)
                && fig != i64::from(value)
            {
                let fspan = st.figure.first().map(|f| f.span).and_then(at);
                self.push(
                    Diagnostic::error(
                        "P0401",
                        Kind::Inconsistent,
                        fspan,
                        format!("a {} is worth {value}, not {fig}", kind.word()),
                    )
                    .with_claim(
                        "meld",
                        Figure::Number(fig),
                        Figure::Number(i64::from(value)),
                    ),
                );
            }
        }
        for seat in self.table.seats() {
            if shown[seat] != totals[seat] {
                let list: Vec<String> = computed[seat]
                    .melds
                    .iter()
                    .map(|m| format!("{} {}", m.kind.word(), m.value))
                    .collect();
                let list = if list.is_empty() {
                    "nothing".to_string()
                } else {
                    list.join(", ")
                };
                let span = first_span[seat].unwrap_or(section.span);
                self.push(
                    Diagnostic::error(
                        "P0402",
                        Kind::Inconsistent,
                        at(span),
                        format!(
                            "{} shows {} in melds; the hand melds {}",
                            self.label(seat),
                            shown[seat],
                            totals[seat]
                        ),
                    )
                    .with_help(format!("the hand melds {list}"))
                    .with_claim(
                        "meld",
                        Figure::Number(i64::from(shown[seat])),
                        Figure::Number(i64::from(totals[seat])),
                    ),
                );
            }
        }
        totals
    }

    fn play(&mut self, state: &mut PlayState) {
        let Some(play) = &self.record.play else {
            return;
        };
        if let Layout::Columns(_) = play.items.layout {
            self.push(
                Diagnostic::error(
                    "P0508",
                    Kind::Incomplete,
                    at(play.span),
                    "a Pinochle play is read trick by trick with its leader; columns are not read yet",
                )
                .with_help("write each trick as `1. S: ♠A ♠9 ♣9 ♠J`"),
            );
            return;
        }
        let mut sink = CheckSink {
            labels: self.labels.clone(),
            sides: self.sides,
            findings: Vec::new(),
            tricks: Vec::new(),
            melds: Vec::new(),
            pending_draws: Vec::new(),
        };
        // Who has declared out and waits to win a trick (variations 1 and 2, 000:103–105).
        let mut pending: Vec<Seat> = Vec::new();
        let mut ended_at: Option<usize> = None;
        'items: for (i, item) in play.items.items.iter().enumerate() {
            match item {
                PlayItem::Trick(t) => {
                    if let Some(leader) = &t.leader {
                        match self.seat(&leader.node) {
                            Some(s) if s == state.to_play() => {}
                            Some(_) => {
                                self.push(
                                    Diagnostic::error(
                                        "P0303",
                                        Kind::Illegal,
                                        at(leader.span),
                                        format!(
                                            "{} leads, but it is {}'s lead",
                                            leader.node,
                                            self.label(state.to_play())
                                        ),
                                    )
                                    .with_figures(&leader.node, self.label(state.to_play())),
                                );
                                break 'items;
                            }
                            None => {
                                self.push(Diagnostic::error(
                                    "P0502",
                                    Kind::Incomplete,
                                    at(leader.span),
                                    format!("`{}` is not a seat", leader.node),
                                ));
                                break 'items;
                            }
                        }
                    }
                    let mut actions = Vec::new();
                    let n = t.cards.len();
                    for (i, slot) in t.cards.iter().enumerate() {
                        let CardSlot::Known(card) = slot.node else {
                            self.push(Diagnostic::error(
                                "P0504",
                                Kind::Incomplete,
                                at(slot.span),
                                "a card of the play is not recorded (`??`); the replay stops",
                            ));
                            break 'items;
                        };
                        let from_table = t
                            .origins
                            .get(i)
                            .and_then(|o| o.as_ref())
                            .is_some_and(|o| words::is_table(&o.node));
                        let claim = if i + 1 == n {
                            t.claim.as_ref().map(|c| (t.taker.clone(), c.clone()))
                        } else {
                            None
                        };
                        let ctx = Ctx {
                            span: slot.span,
                            claim,
                            figure: None,
                        };
                        actions.push((ctx, Action::Play { card, from_table }));
                    }
                    if drive(state, actions, &mut sink).is_break() {
                        break;
                    }
                    if let Some(counted) = self.counted_out(&pending, &sink.tricks) {
                        self.out = Some((counted, sink.tricks.len()));
                        ended_at = Some(i);
                        break;
                    }
                }
                PlayItem::Event(st) => {
                    let span = st.seat.as_ref().map_or(play.span, |s| s.span);
                    let (seat, word, _) = self.statement(st);
                    let word = word.unwrap_or_default();
                    let Some(seat) = seat else {
                        self.push(Diagnostic::error(
                            "P0502",
                            Kind::Incomplete,
                            at(span),
                            "an event of the play names no seat of this game",
                        ));
                        break;
                    };
                    let mut cards = CardCounts::EMPTY;
                    let mut marked = CardCounts::EMPTY;
                    for t in &st.tokens {
                        if let Token::Card(CardSlot::Known(c)) = t.node {
                            cards.add(c);
                        }
                    }
                    // A card with an origin (`♦J@table`) is read as a card only in a trick; in
                    // a statement it stays one word, which is split here.
                    let alphabets = self
                        .record
                        .tag("Cards")
                        .and_then(|t| cards::AlphabetSet::from_tag(t).ok())
                        .unwrap_or_default();
                    for t in &st.tokens {
                        if let Token::Word(w) = &t.node
                            && let Some((card, origin)) = w.split_once('@')
                            && words::is_table(origin)
                            && let Ok(c) = cards::parse_card(card, alphabets)
                        {
                            cards.add(c);
                            marked.add(c);
                        }
                    }
                    let action = if let Some(kind) = MeldKind::from_word(&word) {
                        Action::Meld {
                            kind,
                            cards,
                            marked,
                            partner: CardCounts::EMPTY,
                        }
                    } else if words::exchange(&word) == Some(words::ExchangeWord::Exchanges) {
                        match cards.iter().next() {
                            Some(card) => Action::Exchange { card },
                            None => {
                                self.push(Diagnostic::error(
                                    "P0502",
                                    Kind::Incomplete,
                                    at(span),
                                    "an exchange names no card",
                                ));
                                continue;
                            }
                        }
                    } else if words::declares_out(&word) {
                        match self.o.declare_out {
                            Some(DeclareOut::Immediate) => {
                                self.out = Some((seat, sink.tricks.len()));
                                ended_at = Some(i);
                                break;
                            }
                            Some(_) => {
                                if !pending.contains(&seat) {
                                    pending.push(seat);
                                }
                                continue;
                            }
                            None => {
                                self.push(
                                    Diagnostic::error(
                                        "P0501",
                                        Kind::Incomplete,
                                        at(span),
                                        "declaring out is not checked in this game yet; the replay stops here",
                                    )
                                    .with_help("spec/rules/pinochle.md §2, Declaring out"),
                                );
                                break;
                            }
                        }
                    } else {
                        self.push(
                            Diagnostic::error(
                                "P0502",
                                Kind::Incomplete,
                                at(span),
                                format!("`{word}` is not an event of the Pinochle play"),
                            )
                            .with_help("events: a meld (`D marriage ♦K ♦Q = 20`), `dix`, `exchanges`"),
                        );
                        continue;
                    };
                    if state.turn() != Some(seat) && !matches!(action, Action::Play { .. }) {
                        self.push(
                            Diagnostic::error("P0210", Kind::Illegal, at(span), format!("{} may not meld or exchange now: only the winner of the last trick may, before the draw, while the stock lasts", self.label(seat)))
                                .with_help("seed 000, Two-Hand Pinochle, Melding"),
                        );
                        continue;
                    }
                    let ctx = Ctx {
                        span,
                        claim: None,
                        figure: figure_number(&st.figure)
                            .map(|n| (n, st.figure.first().map_or(span, |f| f.span))),
                    };
                    let _ = drive(state, [(ctx, action)], &mut sink);
                }
            }
        }
        self.findings.append(&mut sink.findings);
        self.replay.tricks = sink.tricks;
        self.replay.play_melds = sink.melds;
        self.replay.left_over = state.left_over();
        if let (Some(i), Some((seat, _))) = (ended_at, self.out)
            && let Some(next) = play.items.items.get(i + 1)
        {
            let span = match next {
                PlayItem::Trick(t) => t.cards.first().map(|c| c.span),
                PlayItem::Event(st) => st.seat.as_ref().map(|s| s.span),
            };
            self.push(
                Diagnostic::error(
                    "P0304",
                    Kind::Illegal,
                    span.and_then(at),
                    format!(
                        "the play stopped when {} declared out and was counted; nothing follows",
                        self.label(seat)
                    ),
                )
                .with_help("seed 000, Two-Hand Pinochle, Declaring Out"),
            );
        }
        if self.out.is_none()
            && !state.is_over()
            && (!play.items.items.is_empty() || self.record.result.is_some())
        {
            self.push(Diagnostic::error(
                "P0501",
                Kind::Incomplete,
                at(play.span),
                format!(
                    "the play stops with {} trick(s) to go; the figures of the deal are not final",
                    state.tricks_left()
                ),
            ));
        }
    }

    /// The player counted after the last trick of `tricks`, of those who declared out and
    /// wait: its winner, when he declared (variation 1) and, in variation 2, led it.
    fn counted_out(&self, pending: &[Seat], tricks: &[TrickRecord]) -> Option<Seat> {
        let last = tricks.last()?;
        let winner = self.seat(&last.winner)?;
        let own_lead = self.seat(&last.leader) == Some(winner);
        let counts = match self.o.declare_out {
            Some(DeclareOut::Trick) => true,
            Some(DeclareOut::OwnLead) => own_lead,
            _ => false,
        };
        (counts && pending.contains(&winner)).then_some(winner)
    }

    /// The game a player must reach this deal: the profile's, raised by 250 while every
    /// standing before the deal is at or over it (seed 000, 000:99, 101).
    fn target(&self) -> u32 {
        let mut target = self.o.game;
        let Some(standing) = self.record.tag("Standing") else {
            return target;
        };
        let before = words::standing(standing);
        if before.len() < 2 {
            return target;
        }
        while target < 1_000_000 && before.iter().all(|&(_, n)| n >= i64::from(target)) {
            target += 250;
        }
        target
    }

    fn result(&mut self, state: &PlayState, meld_totals: &BySeat<u32>) {
        // A player counted after declaring out ends the deal (000:101).
        let complete = state.is_over() || self.out.is_some();
        let mut made_flag = None;
        let mut game_won_by = None;
        let two = self.o.format == Format::TwoHand;
        let mut sides: Vec<SideResult> = Vec::new();
        let alone = self.sides == Sides::Individual;
        let side_seats: Vec<Vec<Seat>> = if alone {
            self.table.seats().map(|s| vec![s]).collect()
        } else {
            (0..2)
                .map(|i| self.table.seats().filter(|s| s.index() % 2 == i).collect())
                .collect()
        };
        for (i, seats) in side_seats.iter().enumerate() {
            let meld: u32 = seats
                .iter()
                .map(|&s| meld_totals[s] + state.meld_points()[s])
                .sum();
            let bidder = self.replay.contract.as_ref().and_then(|c| self.seat(&c.bidder));
            // The buried cards count for the bidder's tricks (seed 002, 002:88).
            let buried = if seats.iter().any(|&s| Some(s) == bidder) {
                self.buried
            } else {
                0
            };
            let counters: u32 = seats.iter().map(|&s| state.taken()[s]).sum::<u32>() + buried;
            // Auction Pinochle's bury counts as a trick (000:395): the bidder's meld stands.
            let buried_trick = self.o.bury_is_trick && seats.iter().any(|&s| Some(s) == bidder);
            let won = if self.o.scoring_trick {
                state.scoring_tricks()
            } else {
                state.tricks_won()
            };
            let took = buried_trick || seats.iter().any(|&s| won[s] > 0);
            let counted = if self.o.round { round(counters) } else { counters };
            // Two-hand melds score when made (seed 000, 000:95); the four-hand games' melds
            // need a trick (000:143; 002:45).
            let meld_scored = if two || took { meld } else { 0 };
            sides.push(SideResult {
                side: self.replay.sides.get(i).cloned().unwrap_or_default(),
                meld,
                counters,
                counted,
                took_trick: took,
                score: i64::from(meld_scored + counted),
                total: None,
                checks: None,
            });
        }
        if let Some(c) = &self.replay.contract
            && let Some(bidder) = self.seat(&c.bidder)
        {
            let i = if alone { bidder.index() } else { bidder.index() % 2 };
            if let Some(side) = sides.get_mut(i) {
                let made = side.score >= i64::from(c.bid);
                made_flag = Some(made);
                if self.o.lone_bidder {
                    // Three-hand: the bidder wins or is set by the bid; the defenders score
                    // nothing (seed 002, 002:88; spec/rules/pinochle.md §5b).
                    side.score = if made { i64::from(c.bid) } else { -i64::from(c.bid) };
                }
                if !made {
                    let meld = if side.took_trick { i64::from(side.meld) } else { 0 };
                    side.score = if self.o.set_keeps_meld {
                        meld - i64::from(c.bid)
                    } else {
                        -i64::from(c.bid)
                    };
                }
            }
        }
        if self.o.lone_bidder {
            let bidder = self.replay.contract.as_ref().map(|c| c.bidder.clone());
            for side in sides.iter_mut().filter(|s| Some(&s.side) != bidder.as_ref()) {
                side.score = 0;
            }
        }
        if let Some(standing) = self.record.tag("Standing") {
            let before = words::standing(standing);
            for side in &mut sides {
                if let Some(&(_, n)) = before.iter().find(|(l, _)| l.eq_ignore_ascii_case(&side.side)) {
                    side.total = Some(n + side.score);
                }
            }
            let target = i64::from(self.o.game);
            let over: Vec<&SideResult> = sides
                .iter()
                .filter(|s| s.total.is_some_and(|t| t >= target))
                .collect();
            game_won_by = match (over.as_slice(), &self.replay.contract) {
                ([one], _) => Some(one.side.clone()),
                // Both over: the contractors win (seed 002, 002:80); seed 002's two-hand game
                // goes to the higher total (002:86); the USPC games go on (000:99, 149).
                ([_, _], Some(c)) if complete => self.seat(&c.bidder).map(|b| self.side_label(b)),
                ([a, b], None) if complete && self.replay.profile == "two-hand" && a.total != b.total => {
                    Some(if a.total > b.total {
                        a.side.clone()
                    } else {
                        b.side.clone()
                    })
                }
                _ => None,
            };
        }
        if self.o.checks && complete {
            let bidder = self
                .replay
                .contract
                .as_ref()
                .and_then(|c| self.seat(&c.bidder).zip(Some(c.bid)));
            for (i, seats) in side_seats.iter().enumerate() {
                let melded: u32 = seats.iter().map(|&s| self.meld_checks(s)).sum();
                let players = seats.len() as u32;
                let contract = match (bidder, made_flag) {
                    (Some((b, bid)), Some(made)) => {
                        let ours = seats.contains(&b);
                        match (ours, made) {
                            (true, true) => contract_checks(bid),
                            (false, false) => 2 * contract_checks(bid),
                            _ => 0,
                        }
                    }
                    _ => 0,
                };
                let tricks: u32 = seats.iter().map(|&s| state.tricks_won()[s]).sum();
                let all: u32 = self.table.seats().map(|s| state.tricks_won()[s]).sum();
                let slam = if tricks == all && tricks > 0 { 5 } else { 0 };
                if let Some(side) = sides.get_mut(i) {
                    side.checks = Some(melded + players * (contract + slam));
                }
            }
        }
        let mut declared_out = None;
        if let Some((seat, after_trick)) = self.out {
            // The claimant's side: the seat itself where each plays alone, its partnership
            // otherwise (000:149), whose melds count only once it has taken a trick.
            let label = self.side_label(seat);
            let target = self.target();
            let side = sides.iter().find(|s| s.side == label);
            let points = side.map(|s| s.total.unwrap_or(s.score));
            // Without the standing the deal's own figures decide only if they reach the game.
            let known = side.is_some_and(|s| s.total.is_some());
            let won =
                points.and_then(|p| (known || p >= i64::from(target)).then_some(p >= i64::from(target)));
            game_won_by = match won {
                Some(true) => Some(label.clone()),
                // A claimant short of the game loses it to his opponent; of two opponents
                // (the three-hand game) the seed names no winner.
                Some(false) if sides.len() == 2 => {
                    sides.iter().find(|s| s.side != label).map(|s| s.side.clone())
                }
                Some(false) => None,
                None => None,
            };
            declared_out = Some(DeclaredOut {
                seat: self.label(seat).to_string(),
                after_trick,
                points,
                target,
                won,
            });
        }
        let r = &mut self.replay.result;
        r.complete = complete;
        r.made = made_flag;
        r.game_won_by = game_won_by;
        r.declared_out = declared_out;
        r.sides = sides;
        if complete && let Some(made) = made_flag {
            // Played out: made, or lost and paid double (seed 000, 000:441).
            self.settle(if made { Ending::Made } else { Ending::DoubleBete });
            if self.o.schedule.is_some() {
                self.replay.result.game_won_by = None;
            }
        }
    }

    /// The checks a player collects for his own melds (seed 000, Check Pinochle, 000:221):
    /// a round trip (kings and queens around, so a marriage in every suit) 5, taking the
    /// place of its kings and queens; a flush 2; aces around 2; kings, queens or jacks around
    /// 1; double pinochle 2. A double around collects as its single (spec/rules/pinochle.md).
    fn meld_checks(&self, seat: Seat) -> u32 {
        let label = self.label(seat);
        let Some(m) = self.replay.melds.iter().find(|m| m.seat == label) else {
            return 0;
        };
        let has = |kinds: &[MeldKind]| m.melds.iter().any(|x| kinds.contains(&x.kind));
        let round_trip = has(&[MeldKind::Kings, MeldKind::DoubleKings])
            && has(&[MeldKind::Queens, MeldKind::DoubleQueens]);
        m.melds
            .iter()
            .map(|x| match x.kind {
                MeldKind::Kings | MeldKind::DoubleKings | MeldKind::Queens | MeldKind::DoubleQueens
                    if round_trip =>
                {
                    0
                }
                MeldKind::Run | MeldKind::DoubleRun => 2,
                MeldKind::Aces | MeldKind::DoubleAces => 2,
                MeldKind::Kings
                | MeldKind::DoubleKings
                | MeldKind::Queens
                | MeldKind::DoubleQueens
                | MeldKind::Jacks
                | MeldKind::DoubleJacks => 1,
                // The triples and quadruple exist in the double-pack tables only; Check
                // Pinochle (48 cards) never meets them, and they collect as their doubles.
                MeldKind::TripleAces => 2,
                MeldKind::TripleKings | MeldKind::TripleQueens | MeldKind::TripleJacks => 1,
                MeldKind::DoublePinochle
                | MeldKind::TriplePinochle
                | MeldKind::QuadruplePinochle
                | MeldKind::QuintuplePinochle
                | MeldKind::SextuplePinochle => 2,
                MeldKind::Royal
                | MeldKind::Marriage
                | MeldKind::Dix
                | MeldKind::Pinochle
                | MeldKind::BackDoor => 0,
                // The six- and eight-hand multiples likewise: never met at 48 cards.
                MeldKind::TripleRun => 2,
                MeldKind::FifteenAces => 2,
                MeldKind::FifteenKings | MeldKind::FifteenQueens | MeldKind::FifteenJacks => 1,
                MeldKind::DoubleMarriage | MeldKind::TripleMarriage | MeldKind::QuadrupleMarriage => 0,
                // Six-Pack Bezique's sets in trumps: no Pinochle table has them.
                MeldKind::TrumpAces
                | MeldKind::TrumpTens
                | MeldKind::TrumpKings
                | MeldKind::TrumpQueens
                | MeldKind::TrumpJacks => 0,
            })
            .sum::<u32>()
            + if round_trip { 5 } else { 0 }
    }

    fn claims(&mut self) {
        let Some(section) = &self.record.result else {
            return;
        };
        let result = self.replay.result.clone();
        for claim in &section.items {
            let key = claim.key.node.to_ascii_lowercase();
            let span = claim.key.span;
            if !result.complete && key != "bid" {
                continue;
            }
            match key.as_str() {
                "bid" => {
                    let claimed_seat = claim.values.iter().find_map(|v| match &v.node {
                        Token::Word(w) => Some(w.clone()),
                        _ => None,
                    });
                    let claimed_bid = claim.values.iter().find_map(|v| match v.node {
                        Token::Number(n) => Some(n),
                        _ => None,
                    });
                    let computed = self.replay.contract.clone();
                    let ok = match (&computed, claimed_bid) {
                        (Some(c), Some(b)) => {
                            b == i64::from(c.bid)
                                && claimed_seat
                                    .as_deref()
                                    .is_none_or(|s| self.seat(s) == self.seat(&c.bidder))
                        }
                        (None, _) => false,
                        (Some(_), None) => false,
                    };
                    if !ok {
                        let computed_text =
                            computed.map_or("none".to_string(), |c| format!("{} {}", c.bidder, c.bid));
                        self.push(
                            Diagnostic::error(
                                "P0404",
                                Kind::Inconsistent,
                                at(span),
                                format!("the claimed bid differs from the auction's: {computed_text}"),
                            )
                            .with_claim(
                                "bid",
                                Figure::Number(claimed_bid.unwrap_or(0)),
                                Figure::Word(computed_text),
                            ),
                        );
                    }
                }
                "game" => {
                    let claimed = claim.values.iter().find_map(|v| match &v.node {
                        Token::Word(w) => Some(w.clone()),
                        _ => None,
                    });
                    if let Some(c) = claimed
                        && result
                            .game_won_by
                            .as_ref()
                            .is_none_or(|w| !w.eq_ignore_ascii_case(&c))
                    {
                        let computed = result.game_won_by.clone().unwrap_or_else(|| "nobody".to_string());
                        self.push(
                            Diagnostic::error(
                                "P0404",
                                Kind::Inconsistent,
                                at(span),
                                format!("the game goes to {computed}"),
                            )
                            .with_claim(
                                "game",
                                Figure::Word(c),
                                Figure::Word(computed),
                            ),
                        );
                    }
                }
                "made" => {
                    let claimed = claim.values.iter().find_map(|v| match &v.node {
                        Token::Word(w) => words::yes_no(w),
                        _ => None,
                    });
                    if let (Some(c), Some(m)) = (claimed, result.made)
                        && c != m
                    {
                        self.push(
                            Diagnostic::error(
                                "P0404",
                                Kind::Inconsistent,
                                at(span),
                                format!("the contract is {}", if m { "made" } else { "set" }),
                            )
                            .with_claim("made", Figure::Flag(c), Figure::Flag(m)),
                        );
                    }
                }
                "settle" => {
                    let Some(settlement) = result.settlement.clone() else {
                        self.push(Diagnostic::warning(
                            "P0507",
                            at(span),
                            format!("the profile {} settles no units", self.replay.profile),
                        ));
                        continue;
                    };
                    for (label, n, vspan) in words::pairs(&claim.values) {
                        match settlement.chips.iter().find(|(l, _)| l.eq_ignore_ascii_case(&label)) {
                            Some(&(_, c)) if c != n => self.push(
                                Diagnostic::error(
                                    "P0404",
                                    Kind::Inconsistent,
                                    at(vspan),
                                    format!(
                                        "settle of {label}: the replay gives {c} ({}, {} units), the record {n}",
                                        settlement.ending.word(),
                                        settlement.units
                                    ),
                                )
                                .with_claim("settle", Figure::Number(n), Figure::Number(c)),
                            ),
                            Some(_) => {}
                            None => self.push(
                                Diagnostic::error(
                                    "P0502",
                                    Kind::Incomplete,
                                    at(vspan),
                                    format!("`{label}` does not settle in this deal"),
                                )
                                .with_help("the players at the table, the inactive D and I, and the kitty"),
                            ),
                        }
                    }
                }
                "meld" | "counters" | "counted" | "score" | "total" | "checks" => {
                    let pairs = words::pairs(&claim.values);
                    for (label, n, vspan) in pairs {
                        let side = result.sides.iter().find(|s| s.side.eq_ignore_ascii_case(&label));
                        let Some(side) = side else {
                            self.push(Diagnostic::error(
                                "P0502",
                                Kind::Incomplete,
                                at(vspan),
                                format!("`{label}` is not a side of this game"),
                            ));
                            continue;
                        };
                        let computed = match key.as_str() {
                            "meld" => Some(i64::from(side.meld)),
                            "counters" => Some(i64::from(side.counters)),
                            "counted" => Some(i64::from(side.counted)),
                            "score" => Some(side.score),
                            "checks" => side.checks.map(i64::from),
                            _ => side.total,
                        };
                        match computed {
                            Some(c) if c != n => self.push(
                                Diagnostic::error(
                                    "P0404",
                                    Kind::Inconsistent,
                                    at(vspan),
                                    format!("{key} of {label}: the replay gives {c}, the record {n}"),
                                )
                                .with_claim(
                                    key.clone(),
                                    Figure::Number(n),
                                    Figure::Number(c),
                                ),
                            ),
                            None if key == "checks" => self.push(Diagnostic::warning(
                                "P0507",
                                at(vspan),
                                format!("the profile {} pays no checks", self.replay.profile),
                            )),
                            None => self.push(
                                Diagnostic::note(
                                    "P0506",
                                    at(vspan),
                                    format!("the {key} of {label} needs the standing before the deal"),
                                )
                                .with_help("add a `Standing` tag, such as [Standing \"NS 420, EW 380\"]"),
                            ),
                            _ => {}
                        }
                    }
                }
                other => self.push(
                    Diagnostic::warning(
                        "P0507",
                        at(span),
                        format!("`{other}` is not a claim the Pinochle engine checks"),
                    )
                    .with_help("claims: bid, made, meld, counters, counted, score, total, checks, settle"),
                ),
            }
        }
    }
}

/// The checks for making a contract of `bid` (seed 000, Check Pinochle, 000:223): 200–240 2,
/// 250–290 4, 300–340 7, 350–390 10, and 5 more for each further 50.
pub fn contract_checks(bid: u32) -> u32 {
    match bid {
        0..=249 => 2,
        250..=299 => 4,
        300..=349 => 7,
        _ => 10 + 5 * ((bid - 350) / 50),
    }
}

/// Whether a hand holds a king and a queen of one suit.
pub fn has_marriage(hand: &CardCounts) -> bool {
    Suit::ALL
        .iter()
        .any(|&s| hand.contains(Card::new(s, Rank::King)) && hand.contains(Card::new(s, Rank::Queen)))
}

fn unreachable_table() -> Table {
    // Two seats always make a table; this is never reached, but keeps `new` free of panics.
    Table::new(2).unwrap_or_else(|_| unreachable_table())
}

/// Seed 000's rounding (000:95): a remainder of 7 or more counts as 10, less as nothing.
pub fn round(points: u32) -> u32 {
    let r = points % 10;
    if r >= 7 { points - r + 10 } else { points - r }
}

fn figure_number(figure: &[Spanned<Token>]) -> Option<i64> {
    figure.iter().find_map(|t| match t.node {
        Token::Number(n) => Some(n),
        _ => None,
    })
}

fn shape_help(table: &MeldTable, kind: MeldKind, trump: Suit) -> String {
    match meld::shape(table, kind, trump, &CardCounts::EMPTY) {
        Err(meld::ShapeError::NotTheKind { expected: Some(c) }) => {
            format!("a {} is {}", kind.word(), c.describe())
        }
        Err(meld::ShapeError::NotInTable) => format!("this profile has no {}; meld its singles", kind.word()),
        _ => format!("a {} is the king and queen of one plain suit", kind.word()),
    }
}

/// The caller's context of one action.
#[derive(Clone)]
struct Ctx {
    span: Span,
    claim: Option<(Option<Spanned<String>>, Spanned<TrickClaim>)>,
    figure: Option<(i64, Span)>,
}

/// The full check's sink: a refusal becomes a finding at its place, a trick is compared with
/// its claim, and the replay's tricks and melds are collected.
struct CheckSink {
    labels: Vec<&'static str>,
    sides: Sides,
    findings: Vec<Diagnostic>,
    tricks: Vec<TrickRecord>,
    melds: Vec<PlayMeld>,
    pending_draws: Vec<(String, Card)>,
}

impl CheckSink {
    fn label(&self, seat: Seat) -> &'static str {
        seat_label(&self.labels, seat)
    }

    fn side_label(&self, seat: Seat) -> String {
        side_label(self.sides, &self.labels, seat)
    }
}

impl Sink<PlayState, Ctx> for CheckSink {
    fn event(&mut self, ctx: &Ctx, action: Action, event: &Event) -> ControlFlow<()> {
        match event {
            Event::Played { draws, trick, .. } => {
                if !draws.is_empty()
                    && let Some(last) = self.tricks.last_mut()
                {
                    last.draws = draws
                        .iter()
                        .map(|&(s, c)| (self.labels.get(s.index()).copied().unwrap_or("?").to_string(), c))
                        .collect();
                }
                let _ = &self.pending_draws;
                if let Some(t) = trick {
                    let record = TrickRecord {
                        leader: self.label(t.leader).to_string(),
                        cards: t.plays.iter().map(|&(_, c)| c).collect(),
                        winner: self.label(t.winner).to_string(),
                        points: t.points,
                        draws: Vec::new(),
                    };
                    self.tricks.push(record);
                    if let Some((taker, claim)) = &ctx.claim {
                        let winner_side = self.side_label(t.winner);
                        let winner_seat = self.label(t.winner);
                        if let Some(taker) = taker
                            && !taker.node.eq_ignore_ascii_case(&winner_side)
                            && !taker.node.eq_ignore_ascii_case(winner_seat)
                        {
                            self.findings.push(
                                Diagnostic::error(
                                    "P0403",
                                    Kind::Inconsistent,
                                    at(taker.span),
                                    format!(
                                        "{winner_seat} ({winner_side}) takes the trick, not {}",
                                        taker.node
                                    ),
                                )
                                .with_claim(
                                    "trick",
                                    Figure::Word(taker.node.clone()),
                                    Figure::Word(winner_side.clone()),
                                ),
                            );
                        }
                        let claimed = match claim.node {
                            TrickClaim::Points(n) => Some(n),
                            TrickClaim::Lost => None,
                        };
                        if let Some(n) = claimed
                            && n != t.points
                        {
                            let mut d = Diagnostic::error(
                                "P0403",
                                Kind::Inconsistent,
                                at(claim.span),
                                format!("the trick holds {} in counters, not {n}", t.points),
                            )
                            .with_claim(
                                "trick",
                                Figure::Number(i64::from(n)),
                                Figure::Number(i64::from(t.points)),
                            );
                            if t.last {
                                d = d.with_help("a trick's figure is the counters among its cards; the last trick's bonus goes into `counters`");
                            }
                            self.findings.push(d);
                        }
                    }
                }
            }
            Event::Melded { seat, kind, value } => {
                if let Action::Meld { cards, .. } = action {
                    self.melds.push(PlayMeld {
                        after_trick: self.tricks.len(),
                        seat: self.label(*seat).to_string(),
                        kind: *kind,
                        cards: cards.iter().collect(),
                        value: *value,
                    });
                }
                if let Some((n, span)) = ctx.figure
                    && n != i64::from(*value)
                {
                    self.findings.push(
                        Diagnostic::error(
                            "P0401",
                            Kind::Inconsistent,
                            at(span),
                            format!("a {} is worth {value}, not {n}", kind.word()),
                        )
                        .with_claim(
                            "meld",
                            Figure::Number(n),
                            Figure::Number(i64::from(*value)),
                        ),
                    );
                }
            }
            Event::Exchanged { .. } | Event::Yielded { .. } => {}
        }
        ControlFlow::Continue(())
    }

    fn refused(&mut self, ctx: &Ctx, action: Action, refusal: Refusal) -> ControlFlow<(), Recovery> {
        let over = refusal == Refusal::Over;
        self.findings
            .push(refusal_finding(&self.labels, action, refusal, at(ctx.span)));
        match action {
            _ if over => ControlFlow::Break(()),
            Action::Play { .. } => ControlFlow::Continue(Recovery::Apply),
            _ => ControlFlow::Continue(Recovery::Skip),
        }
    }
}

/// The finding for an action the play state refused, as the check reports it (and as a
/// game driven through [`crate::table_game`] refuses it), at `span`.
pub(crate) fn refusal_finding<S: AsRef<str>>(
    labels: &[S],
    action: Action,
    refusal: Refusal,
    span: Option<Span>,
) -> Diagnostic {
    let label = |seat: Seat| labels.get(seat.index()).map_or("?", |l| l.as_ref());
    match refusal {
        Refusal::Over => Diagnostic::error("P0304", Kind::Illegal, span, "every trick has been played; this card is one too many"),
        Refusal::NotHeld { seat, card, from_table } => Diagnostic::error(
            "P0301",
            Kind::Illegal,
            span,
            if from_table { format!("{card} is not on the table before {}", label(seat)) } else { format!("{} does not hold {card}", label(seat)) },
        ),
        Refusal::Breach { seat, card, duty, allowed } => Diagnostic::error(
            "P0302",
            Kind::Illegal,
            span,
            format!("{} may not play {card}: the duty to {} requires {}", label(seat), duty.name(), allowed.describe()),
        )
        .with_help(format!("play one of {}", allowed.describe())),
        Refusal::NotNow => Diagnostic::error("P0210", Kind::Illegal, span, "only the winner of the last trick melds or exchanges, before the draw, while the stock lasts"),
        Refusal::SecondMeld => Diagnostic::error("P0211", Kind::Illegal, span, "only one meld may be made in a turn (the dix apart)").with_help("seed 000, Two-Hand Pinochle, Melding, restriction 1"),
        Refusal::Shape(e) => {
            let kind = match action {
                Action::Meld { kind, .. } => kind.word(),
                _ => "meld",
            };
            let help = match e {
                meld::ShapeError::NotTheKind { expected: Some(c) } => format!("a {kind} is {}", c.describe()),
                meld::ShapeError::NotInTable => "this profile has no such meld".to_string(),
                _ => format!("a {kind} is the king and queen of one plain suit"),
            };
            Diagnostic::error("P0207", Kind::Illegal, span, format!("the cards are not a {kind}")).with_help(help)
        }
        Refusal::MeldNotHeld(c) => Diagnostic::error("P0208", Kind::Illegal, span, format!("{c} is neither in the hand nor on the table")),
        Refusal::NoCardFromHand => Diagnostic::error("P0212", Kind::Illegal, span, "a meld takes at least one card from the hand").with_help("seed 000, Two-Hand Pinochle, Melding, restriction 2"),
        Refusal::Remeld(c) => Diagnostic::error("P0213", Kind::Illegal, span, format!("{c} on the table already served in a meld of this class worth as much or more"))
            .with_help("a melded card melds again only in another class or a higher meld of its class (seed 000, Two-Hand Pinochle, restriction 3)"),
        Refusal::DixCounted => Diagnostic::error("P0214", Kind::Illegal, span, "every dix this player has held is counted already"),
        Refusal::NoExchange => Diagnostic::error("P0204", Kind::Illegal, span, "no exchange: the player must hold the dix and the turned card must still lie there (and not be the dix)"),
        // Only partnership Bezique yields or melds with a partner's cards; no Pinochle
        // profile has partners with a stock, so this is the turn's general refusal.
        Refusal::Partnership(_) => Diagnostic::error("P0210", Kind::Illegal, span, "only the winner of the last trick melds, for himself"),
    }
}

/// A seat's label at this table (`?` for a seat the table does not have).
fn seat_label(labels: &[&'static str], seat: Seat) -> &'static str {
    labels.get(seat.index()).copied().unwrap_or("?")
}

/// The label of a seat's side: `NS` or `EW` for alternating partnerships, else the seat's own.
fn side_label(sides: Sides, labels: &[&'static str], seat: Seat) -> String {
    match sides {
        Sides::Alternating => words::side_label(labels, seat.index() % 2),
        _ => seat_label(labels, seat).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::round;

    /// Seed 000, 000:95: "87 points count as 90. If one player scores 126 and the other 124,
    /// or if each scores 125, they count only 120 each".
    #[test]
    fn counting_rounds_seven_and_more_up() {
        assert_eq!(round(87), 90);
        assert_eq!((round(126), round(124)), (120, 120));
        assert_eq!((round(125), round(125)), (120, 120));
        assert_eq!(round(250), 250);
        assert_eq!(round(6), 0);
    }
}
