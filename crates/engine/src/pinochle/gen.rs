//! The generator of random legal Pinochle deals: a shuffled deal, an auction, the exchanges,
//! the melds, every trick picked from [`GameState::legal`] of the same [`PlayState`] the check
//! replays, and every claim the record can carry.
//!
//! The random numbers come from a SplitMix64 of its own, so a seed gives the same deal on
//! every platform and with every version of every dependency.

use cards::{Card, Suit};
use notation::{
    Call, CardSlot, Claim, HandLine, Layout, Play, PlayItem, Record, Section, Span, Spanned, Statement, Tag,
    Token, Trick, TrickClaim,
};

use crate::core::piles::Stock;
use crate::core::{BySeat, CardCounts, GameState, Seat, Sides, Table};
use crate::pinochle::meld::{self, MeldKind};
use crate::pinochle::replay::round;
use crate::pinochle::rules::{DeclareOut, Format, Lead, Options, PassedOut, Profile};
use crate::pinochle::settle::{self, Ending};
use crate::pinochle::state::{Action, Event, PlayRules, PlayState};

/// SplitMix64 (Steele, Lea, Flood 2014).
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 for `n == 0`).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (((self.next_u64() >> 32) * n as u64) >> 32) as usize
        }
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

fn bare<T>(node: T) -> Spanned<T> {
    Spanned::bare(node)
}

fn word(w: &str) -> Spanned<Token> {
    bare(Token::Word(w.to_string()))
}

fn number(n: i64) -> Spanned<Token> {
    bare(Token::Number(n))
}

fn card_tokens(cards: impl IntoIterator<Item = Card>) -> Vec<Spanned<Token>> {
    cards
        .into_iter()
        .map(|c| bare(Token::Card(CardSlot::Known(c))))
        .collect()
}

fn statement(seat: &str, tokens: Vec<Spanned<Token>>, figure: Option<i64>) -> Statement {
    Statement {
        seat: Some(bare(seat.to_string())),
        tokens,
        figure: figure.map(number).into_iter().collect(),
        comments: Vec::new(),
    }
}

fn tag(name: &str, value: &str) -> Tag {
    Tag {
        name: bare(name.to_string()),
        value: bare(value.to_string()),
        comments: Vec::new(),
    }
}

/// A random legal deal under `profile` from `seed`, as a record with every claim.
pub fn generate(profile: &Profile, seed: u64) -> Record {
    let mut rng = Rng(seed);
    let mut o = profile.options;
    // The three-hand double pack's second way of dealing: 26 each and a widow of two
    // (000:335).
    let widow_two = o.bury > 0 && !o.lone_bidder && rng.chance(40);
    if widow_two {
        o.hand = 26;
        o.widow = 2;
        o.bury = 2;
    }
    let two = o.format == Format::TwoHand;
    let labels: &[&str] = crate::pinochle::words::seat_labels(o.seats);
    let alone = labels.len() < 4;
    let partnerships: Vec<String> = (0..2)
        .map(|i| crate::pinochle::words::side_label(labels, i))
        .collect();
    let partnership_refs: Vec<&str> = partnerships.iter().map(String::as_str).collect();
    let side_labels: &[&str] = if alone { labels } else { &partnership_refs };
    let label = |s: Seat| labels.get(s.index()).copied().unwrap_or("?");
    let Ok(table) = Table::new(labels.len()) else {
        return Record::default();
    };
    let sides = if alone {
        Sides::Individual
    } else {
        Sides::Alternating
    };
    let pack = o.pack.spec();
    let mut cards = pack.cards();
    rng.shuffle(&mut cards);
    let dealer = if alone {
        Seat::new(labels.len() - 1)
    } else {
        Seat::new(rng.below(labels.len()))
    };
    let Some(dealer) = dealer else {
        return Record::default();
    };
    let left = table.next(dealer);

    // The deal: 12 (16) cards each; in seat order from the dealer's left, so that the
    // dealer's last card is the last of the pack (the partnership game turns it).
    let mut hands: BySeat<Vec<Card>> = BySeat::new(table);
    let mut rest = cards.into_iter();
    for seat in table.turn_order(left) {
        hands[seat] = rest.by_ref().take(o.hand).collect();
    }
    let leftover: Vec<Card> = rest.collect();
    let mut r = Record {
        version: Some(2),
        ..Record::default()
    };
    r.tags = vec![
        tag("Game", "pinochle"),
        tag("Rules", profile.name),
        tag("Source", &format!("generated, seed {seed}")),
        tag("Dealer", label(dealer)),
    ];
    if widow_two {
        r.tags.push(tag("Options", "widow 2"));
    }
    if o.schedule.is_some() && rng.chance(40) {
        // Four or five at the table: the inactive players settle too (000:349, 401).
        o.players = 4 + rng.below(2);
        r.tags.push(tag("Options", &format!("players {}", o.players)));
        // The dealer is then inactive, D (spec/rules/pinochle.md §5e).
        if let Some(t) = r.tags.iter_mut().find(|t| t.name.node == "Dealer") {
            t.value = bare("D".to_string());
        }
    }
    let standing: Vec<i64> = side_labels.iter().map(|_| (rng.below(60) * 10) as i64).collect();
    let standing_text: Vec<String> = side_labels
        .iter()
        .zip(&standing)
        .map(|(l, n)| format!("{l} {n}"))
        .collect();
    r.tags.push(tag("Standing", &standing_text.join(", ")));

    let mut lines: Vec<HandLine> = table
        .seats()
        .map(|s| HandLine {
            seat: bare(label(s).to_string()),
            cards: hands[s].iter().map(|&c| bare(CardSlot::Known(c))).collect(),
            comments: Vec::new(),
        })
        .collect();
    let mut stock = None;
    let mut turned = None;
    match o.format {
        Format::TwoHand => {
            let mut it = leftover.clone().into_iter();
            let t = it.next();
            let face_down: Vec<Card> = it.collect();
            turned = t;
            lines.push(HandLine {
                seat: bare("trump".to_string()),
                cards: t.map(|c| bare(CardSlot::Known(c))).into_iter().collect(),
                comments: Vec::new(),
            });
            lines.push(HandLine {
                seat: bare("stock".to_string()),
                cards: face_down.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
                comments: Vec::new(),
            });
            stock = Some(Stock::new(face_down, t));
        }
        Format::Partnership => {
            turned = hands[dealer].last().copied();
            lines.push(HandLine {
                seat: bare("trump".to_string()),
                cards: turned.map(|c| bare(CardSlot::Known(c))).into_iter().collect(),
                comments: Vec::new(),
            });
        }
        Format::Auction => {
            if o.widow > 0 {
                lines.push(HandLine {
                    seat: bare("widow".to_string()),
                    cards: leftover.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
                    comments: Vec::new(),
                });
            }
        }
    }
    r.deal = Some(Section::new(Span::default(), lines));

    let mut counts: BySeat<CardCounts> = BySeat::from_fn(table, |s| CardCounts::of(hands[s].iter().copied()));
    let dealt = counts;
    let mut contract: Option<(Seat, u32)> = None;
    let trump: Suit = match o.format {
        Format::TwoHand | Format::Partnership => turned.map_or(Suit::Spades, |c| c.suit),
        Format::Auction => {
            let (calls, high) = auction(&mut rng, profile, table, left, &counts);
            r.auction = Some(Section::new(
                Span::default(),
                calls
                    .iter()
                    .map(|&(s, bid, announce)| match announce {
                        // A long call: a meld or a flush announced, and the bid it makes.
                        Some(a) => Call {
                            seat: bare(label(s).to_string()),
                            call: bare(notation::CallKind::Said),
                            said: Some(notation::Said {
                                long: true,
                                tokens: match a {
                                    Announce::Meld(m) => vec![word("meld"), number(i64::from(m))],
                                    Announce::Flush => vec![word("flush")],
                                },
                                figure: bid.map(|n| number(i64::from(n))).into_iter().collect(),
                            }),
                            comments: Vec::new(),
                        },
                        None => Call {
                            seat: bare(label(s).to_string()),
                            call: bare(match bid {
                                Some(n) => notation::CallKind::Bid(n),
                                None => notation::CallKind::Pass,
                            }),
                            said: None,
                            comments: Vec::new(),
                        },
                    })
                    .collect(),
            ));
            let Some((bidder, bid)) = high else {
                // Thrown in: the record ends with its claims of nothing.
                return r;
            };
            contract = Some((bidder, bid));
            let bids = calls.iter().filter(|(_, b, _)| b.is_some()).count();
            if o.schedule.is_some() && o.concessions && bids == 1 && bid == o.minimum && rng.chance(15) {
                // The compulsory opening forfeited without a look at the widow (000:433).
                conclude(
                    &mut r,
                    &o,
                    Ending::Forfeit,
                    None,
                    (label(bidder), bid),
                    labels,
                    &standing,
                );
                return r;
            }
            if o.widow > 0 {
                for &c in &leftover {
                    counts[bidder].add(c);
                }
            }
            // The bidder names the suit he holds most of.
            let suit = Suit::ALL
                .into_iter()
                .max_by_key(|&s| counts[bidder].iter().filter(|c| c.suit == s).count())
                .unwrap_or(Suit::Spades);
            r.declaration = Some(Section::new(
                Span::default(),
                vec![statement(label(bidder), vec![word(suit.name())], None)],
            ));
            if o.schedule.is_some() && o.concessions && rng.chance(15) {
                // A concession before the bury and the lead: the bidder's after the widow
                // (single bete), or the opponents' (000:435–437).
                let (ending, who) = if rng.chance(50) {
                    (Ending::SingleBete, bidder)
                } else {
                    (Ending::Conceded, table.next(bidder))
                };
                conclude(
                    &mut r,
                    &o,
                    ending,
                    Some((suit, who)),
                    (label(bidder), bid),
                    labels,
                    &standing,
                );
                return r;
            }
            suit
        }
    };

    // The exchanges.
    let mut exchange = Vec::new();
    let mut buried = 0;
    if o.bury > 0
        && let Some((bidder, _)) = contract
    {
        let mut held: Vec<Card> = counts[bidder].iter().collect();
        rng.shuffle(&mut held);
        let laid: Vec<Card> = held.into_iter().take(o.bury).collect();
        for &c in &laid {
            counts[bidder].remove(c);
            buried += o.counters.value(c.rank);
        }
        exchange.push(statement(
            label(bidder),
            [word("buries")].into_iter().chain(card_tokens(laid)).collect(),
            None,
        ));
    }
    if o.format == Format::Partnership
        && let Some(t) = turned
    {
        let dix = Card::new(trump, o.melds.dix_rank);
        if t != dix
            && let Some(holder) = table
                .turn_order(left)
                .into_iter()
                .find(|&s| counts[s].contains(dix))
            && rng.chance(80)
        {
            counts[holder].remove(dix);
            counts[holder].add(t);
            counts[dealer].remove(t);
            counts[dealer].add(dix);
            exchange.push(statement(
                label(holder),
                [word("exchanges")]
                    .into_iter()
                    .chain(card_tokens([dix]))
                    .collect(),
                None,
            ));
        }
    }
    if o.widow_gives
        && let Some((bidder, _)) = contract
    {
        // The bidder keeps one card of the widow and gives the others, one to each player
        // from his left (000:163).
        let mut widow = leftover.clone();
        rng.shuffle(&mut widow);
        let mut to = table.next(bidder);
        for c in widow.into_iter().take(labels.len().saturating_sub(1)) {
            counts[bidder].remove(c);
            counts[to].add(c);
            exchange.push(statement(
                label(bidder),
                [word("gives"), word(label(to))]
                    .into_iter()
                    .chain(card_tokens([c]))
                    .collect(),
                None,
            ));
            to = table.next(to);
        }
    }
    if o.format == Format::Auction
        && o.pass_four
        && o.bury == 0
        && let Some((bidder, _)) = contract
    {
        let partner = table.after(bidder, 2);
        for (from, to) in [(partner, bidder), (bidder, partner)] {
            let mut held: Vec<Card> = counts[from].iter().collect();
            rng.shuffle(&mut held);
            let given: Vec<Card> = held.into_iter().take(4).collect();
            for &c in &given {
                counts[from].remove(c);
                counts[to].add(c);
            }
            exchange.push(statement(
                label(from),
                [word("gives"), word(label(to))]
                    .into_iter()
                    .chain(card_tokens(given))
                    .collect(),
                None,
            ));
        }
    }
    if !exchange.is_empty() {
        r.exchange = Some(Section::new(Span::default(), exchange));
    }

    // The melds shown at once.
    let mut meld_totals: BySeat<u32> = BySeat::new(table);
    if !two {
        let mut statements = Vec::new();
        for seat in table.seats() {
            // In the three-hand auction only the bidder melds.
            if o.lone_bidder && contract.map(|(b, _)| b) != Some(seat) {
                continue;
            }
            let mut m = meld::meld_hand(&o.melds, trump, &counts[seat]);
            if o.format == Format::Partnership {
                let dix = Card::new(trump, o.melds.dix_rank);
                m.melds.retain(|x| x.kind != MeldKind::Dix);
                for _ in 0..dealt[seat].count(dix) {
                    m.melds.push(meld::Meld {
                        kind: MeldKind::Dix,
                        cards: vec![dix],
                        value: o.melds.dix,
                    });
                }
            }
            for x in &m.melds {
                statements.push(statement(
                    label(seat),
                    [word(x.kind.word())]
                        .into_iter()
                        .chain(card_tokens(x.cards.iter().copied()))
                        .collect(),
                    Some(i64::from(x.value)),
                ));
            }
            meld_totals[seat] = m.melds.iter().map(|x| x.value).sum();
        }
        if !statements.is_empty() {
            r.melds = Some(Section::new(Span::default(), statements));
        }
    }

    if o.concessions
        && o.schedule.is_none()
        && let Some((bidder, bid)) = contract
        && rng.chance(12)
    {
        // The bidder concedes before leading: each opponent scores his meld and 100, the
        // bidder loses the bid (000:339).
        let st = statement(label(bidder), vec![word("concedes")], None);
        match &mut r.exchange {
            Some(section) => section.items.push(st),
            None => r.exchange = Some(Section::new(Span::default(), vec![st])),
        }
        let figure = |s: Seat| -> i64 {
            if s == bidder {
                -i64::from(bid)
            } else {
                i64::from(meld_totals[s]) + 100
            }
        };
        let pairs = |f: &dyn Fn(Seat) -> i64| -> Vec<Spanned<Token>> {
            table
                .seats()
                .flat_map(|s| [word(label(s)), number(f(s))])
                .collect()
        };
        let claim = |key: &str, values: Vec<Spanned<Token>>| Claim {
            key: bare(key.to_string()),
            values,
            comments: Vec::new(),
        };
        r.result = Some(Section::new(
            Span::default(),
            vec![
                claim("bid", vec![word(label(bidder)), number(i64::from(bid))]),
                claim("made", vec![word("no")]),
                claim("meld", pairs(&|s| i64::from(meld_totals[s]))),
                claim("score", pairs(&figure)),
                claim(
                    "total",
                    pairs(&|s| standing.get(s.index()).copied().unwrap_or(0) + figure(s)),
                ),
            ],
        ));
        return r;
    }

    // The play.
    let leader = match (o.lead, contract) {
        (Lead::Bidder, Some((b, _))) if o.format == Format::Auction => b,
        _ => left,
    };
    let play_sides = match contract {
        Some((b, _)) if labels.len() == 3 => Sides::OneAgainstRest(b),
        _ => sides,
    };
    let rules = PlayRules {
        table,
        sides: play_sides,
        trump,
        duties: o.duties,
        melds: o.melds,
        counters: o.counters,
        last_trick: o.last_trick,
        meld_on_last_draw: true,
        trump_by_marriage: false,
        barred_trump: None,
    };
    let mut state = PlayState::new(rules, &pack, counts, leader, stock);
    // Now and then a two-hand player declares out after a trick (000:101), drawn from a
    // stream of its own so that the other deals of a seed stay as they were.
    let mut out_rng = Rng(seed.rotate_left(17) ^ 0x005E_ED0D_0EC1_A2E0_u64);
    let declare_after =
        (two && labels.len() == 2 && o.declare_out == Some(DeclareOut::Immediate) && out_rng.chance(8))
            .then(|| 1 + out_rng.below(20) as u32);
    let mut declared: Option<Seat> = None;
    let mut items = Vec::new();
    let mut trick_cards: Vec<Spanned<CardSlot>> = Vec::new();
    let mut trick_leader = leader;
    let mut trick_no = 0u32;
    let side_of = |s: Seat| -> String {
        if alone {
            label(s).to_string()
        } else {
            side_labels.get(s.index() % 2).copied().unwrap_or("?").to_string()
        }
    };
    while !state.is_over() {
        let legal = state.legal();
        let melds: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Play { .. }))
            .collect();
        let plays: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Play { .. }))
            .collect();
        let action = if !melds.is_empty() && rng.chance(70) {
            melds.get(rng.below(melds.len())).copied()
        } else {
            plays.get(rng.below(plays.len())).copied()
        };
        let Some(action) = action else { break };
        let seat = state.turn().unwrap_or(state.to_play());
        if trick_cards.is_empty() && matches!(action, Action::Play { .. }) {
            trick_leader = state.to_play();
        }
        let Ok(event) = state.play(action) else { break };
        match (action, event) {
            (Action::Meld { kind, cards, .. }, Event::Melded { value, .. }) => {
                let tokens = [word(kind.word())]
                    .into_iter()
                    .chain(card_tokens(cards.iter()))
                    .collect();
                items.push(PlayItem::Event(statement(
                    label(seat),
                    tokens,
                    Some(i64::from(value)),
                )));
            }
            (Action::Exchange { card }, Event::Exchanged { .. }) => {
                items.push(PlayItem::Event(statement(
                    label(seat),
                    [word("exchanges")]
                        .into_iter()
                        .chain(card_tokens([card]))
                        .collect(),
                    None,
                )));
            }
            (Action::Play { card, .. }, Event::Played { trick, .. }) => {
                trick_cards.push(bare(CardSlot::Known(card)));
                if let Some(t) = trick {
                    trick_no += 1;
                    items.push(PlayItem::Trick(Trick {
                        number: Some(bare(trick_no)),
                        leader: Some(bare(label(trick_leader).to_string())),
                        cards: std::mem::take(&mut trick_cards),
                        origins: Vec::new(),
                        claim: Some(bare(TrickClaim::Points(t.points))),
                        taker: Some(bare(side_of(t.winner))),
                        comments: Vec::new(),
                    }));
                    if declare_after == Some(trick_no) && !state.is_over() {
                        let who = if out_rng.chance(50) {
                            t.winner
                        } else {
                            table.next(t.winner)
                        };
                        items.push(PlayItem::Event(statement(
                            label(who),
                            vec![word("declares-out")],
                            None,
                        )));
                        declared = Some(who);
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    r.play = Some(Section::new(
        Span::default(),
        Play {
            layout: Layout::Leader,
            items,
        },
    ));

    // The claims.
    let side_seats: Vec<Vec<Seat>> = if alone {
        table.seats().map(|s| vec![s]).collect()
    } else {
        (0..2)
            .map(|i| table.seats().filter(|s| s.index() % 2 == i).collect())
            .collect()
    };
    let mut meld = Vec::new();
    let mut counters = Vec::new();
    let mut counted = Vec::new();
    let mut score = Vec::new();
    let mut total = Vec::new();
    let mut made = None;
    for (i, seats) in side_seats.iter().enumerate() {
        let l = side_labels.get(i).copied().unwrap_or("?");
        let m: u32 = seats
            .iter()
            .map(|&s| meld_totals[s] + state.meld_points()[s])
            .sum();
        let bidder_side = contract.is_some_and(|(b, _)| seats.contains(&b));
        let c: u32 =
            seats.iter().map(|&s| state.taken()[s]).sum::<u32>() + if bidder_side { buried } else { 0 };
        // Auction Pinochle's bury counts as a trick (000:395).
        let won = if o.scoring_trick {
            state.scoring_tricks()
        } else {
            state.tricks_won()
        };
        let took = (o.bury_is_trick && bidder_side) || seats.iter().any(|&s| won[s] > 0);
        let cc = if o.round { round(c) } else { c };
        let mut sc = i64::from(if two || took { m } else { 0 } + cc);
        if o.lone_bidder && !bidder_side {
            sc = 0;
        }
        if let Some((_, bid)) = contract
            && bidder_side
        {
            let ok = sc >= i64::from(bid);
            made = Some(ok);
            if o.lone_bidder {
                sc = if ok { i64::from(bid) } else { -i64::from(bid) };
            }
            if !ok {
                let kept = if took { i64::from(m) } else { 0 };
                sc = if o.set_keeps_meld {
                    kept - i64::from(bid)
                } else {
                    -i64::from(bid)
                };
            }
        }
        for (list, n) in [
            (&mut meld, i64::from(m)),
            (&mut counters, i64::from(c)),
            (&mut counted, i64::from(cc)),
            (&mut score, sc),
        ] {
            list.push(word(l));
            list.push(number(n));
        }
        total.push(word(l));
        total.push(number(standing.get(i).copied().unwrap_or(0) + sc));
    }
    let claim = |key: &str, values: Vec<Spanned<Token>>| Claim {
        key: bare(key.to_string()),
        values,
        comments: Vec::new(),
    };
    let mut claims = Vec::new();
    if let Some((bidder, bid)) = contract {
        claims.push(claim("bid", vec![word(label(bidder)), number(i64::from(bid))]));
    }
    if let Some(m) = made {
        claims.push(claim("made", vec![word(if m { "yes" } else { "no" })]));
    }
    claims.push(claim("meld", meld));
    claims.push(claim("counters", counters));
    if o.round {
        claims.push(claim("counted", counted));
    }
    if let (Some(schedule), Some((bidder, bid)), Some(made)) = (o.schedule, contract, made) {
        // Every deal settled in units (000:399–441): the scores are the chips.
        let ending = if made { Ending::Made } else { Ending::DoubleBete };
        let chips = settle::settle(
            schedule,
            bid,
            Some(trump),
            ending,
            label(bidder),
            &others(&o, labels, label(bidder)),
        );
        score = chips_tokens(&chips, labels, |_| 0);
        total = chips_tokens(&chips, labels, |i| standing.get(i).copied().unwrap_or(0));
        claims.push(claim("score", score));
        claims.push(claim("total", total));
        claims.push(claim(
            "settle",
            chips.iter().flat_map(|(l, n)| [word(l), number(*n)]).collect(),
        ));
    } else {
        claims.push(claim("score", score));
        claims.push(claim("total", total));
    }
    if let Some(who) = declared {
        // The claimant counts his standing, melds and cards so far against the game, 1,250 …
        // when both stood over it (000:99, 101).
        let mut target = i64::from(o.game);
        while standing.iter().all(|&n| n >= target) {
            target += 250;
        }
        let i = who.index();
        let points = standing.get(i).copied().unwrap_or(0) + sc_of(&claims, label(who)).unwrap_or(0);
        let winner = if points >= target { who } else { table.next(who) };
        claims.push(claim("game", vec![word(label(winner))]));
    }
    r.result = Some(Section::new(Span::default(), claims));
    r
}

/// The figure a `score` claim gives a label.
fn sc_of(claims: &[Claim], label: &str) -> Option<i64> {
    let c = claims.iter().find(|c| c.key.node == "score")?;
    let mut values = c.values.iter();
    while let Some(v) = values.next() {
        if matches!(&v.node, Token::Word(w) if w == label)
            && let Some(Spanned {
                node: Token::Number(n),
                ..
            }) = values.next()
        {
            return Some(*n);
        }
    }
    None
}

/// Every other player at the table of an Auction Pinochle deal: the active ones, then the
/// inactive D and I when four or five play.
fn others(o: &Options, labels: &[&str], bidder: &str) -> Vec<String> {
    labels
        .iter()
        .filter(|l| **l != bidder)
        .map(|l| l.to_string())
        .chain(
            ["D", "I"]
                .iter()
                .take(o.players.saturating_sub(o.seats))
                .map(|l| l.to_string()),
        )
        .collect()
}

/// The active players' chips as claim tokens, each plus `base(i)`.
fn chips_tokens(
    chips: &[(String, i64)],
    labels: &[&str],
    base: impl Fn(usize) -> i64,
) -> Vec<Spanned<Token>> {
    labels
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            let n = chips.iter().find(|(c, _)| c == l).map_or(0, |(_, n)| *n);
            [word(l), number(base(i) + n)]
        })
        .collect()
}

/// Ends a record with a concession written among the exchanges (by `trump_and_seat`'s seat,
/// the bidder when there is none) and its claims.
fn conclude(
    r: &mut Record,
    o: &Options,
    ending: Ending,
    trump_and_seat: Option<(Suit, Seat)>,
    (bidder, bid): (&str, u32),
    labels: &[&str],
    standing: &[i64],
) {
    let Some(schedule) = o.schedule else { return };
    let who = trump_and_seat
        .and_then(|(_, s)| labels.get(s.index()).copied())
        .unwrap_or(bidder);
    let verb = if ending == Ending::Forfeit {
        "forfeits"
    } else {
        "concedes"
    };
    r.exchange = Some(Section::new(
        Span::default(),
        vec![statement(who, vec![word(verb)], None)],
    ));
    let trump = match ending {
        Ending::Forfeit | Ending::SingleBete => None,
        _ => trump_and_seat.map(|(t, _)| t),
    };
    let chips = settle::settle(schedule, bid, trump, ending, bidder, &others(o, labels, bidder));
    let claim = |key: &str, values: Vec<Spanned<Token>>| Claim {
        key: bare(key.to_string()),
        values,
        comments: Vec::new(),
    };
    r.result = Some(Section::new(
        Span::default(),
        vec![
            claim("bid", vec![word(bidder), number(i64::from(bid))]),
            claim("made", vec![word(if ending.made() { "yes" } else { "no" })]),
            claim("score", chips_tokens(&chips, labels, |_| 0)),
            claim(
                "total",
                chips_tokens(&chips, labels, |i| standing.get(i).copied().unwrap_or(0)),
            ),
            claim(
                "settle",
                chips.iter().flat_map(|(l, n)| [word(l), number(*n)]).collect(),
            ),
        ],
    ));
}

/// What a double-pack call announces (seed 000, 000:253–255).
#[derive(Clone, Copy, Debug)]
enum Announce {
    /// A meld in points: before any bid no bid, after one a bid 10 higher for each 100.
    Meld(u32),
    /// A flush or a long suit before any bid: a bid of the minimum.
    Flush,
}

/// A call of the auction: the seat, its bid (`None` for a pass, or for a meld announced
/// before any bid) and what it announces.
type Called = (Seat, Option<u32>, Option<Announce>);

/// A random auction: each live seat bids, while its hand seems worth it, a step above the
/// last bid, else passes; the profile's rule for a passed-out deal is kept.
fn auction(
    rng: &mut Rng,
    profile: &Profile,
    table: Table,
    left: Seat,
    hands: &BySeat<CardCounts>,
) -> (Vec<Called>, Option<(Seat, u32)>) {
    let o = profile.options;
    let dealer = table.before(left);
    let mut calls = Vec::new();
    let mut passed: BySeat<bool> = BySeat::new(table);
    let mut called: BySeat<bool> = BySeat::new(table);
    let mut announced: BySeat<bool> = BySeat::new(table);
    let mut high: Option<(Seat, u32)> = None;
    let mut seat = left;
    // A rough worth: the best meld over the four trump suits, and something for the tricks.
    let in_tricks: u32 = o
        .pack
        .cards()
        .iter()
        .map(|c| o.counters.value(c.rank))
        .sum::<u32>()
        + o.last_trick;
    let worth: BySeat<u32> = BySeat::from_fn(table, |s| {
        let best = Suit::ALL
            .iter()
            .map(|&t| meld::meld_hand(&o.melds, t, &hands[s]).total)
            .max()
            .unwrap_or(0);
        best + in_tricks / table.len() as u32 + (rng.below(8) as u32) * (in_tricks / 12).max(1)
    });
    // Every call raises the bid by a step or passes for good, so the auction ends within
    // this many calls.
    let most = 8 + 4 * (worth.values().copied().max().unwrap_or(0) / o.step.max(1)) as usize;
    for _ in 0..most {
        let passes = passed.values().filter(|&&p| p).count();
        if o.one_call {
            // One call each, in turn from the dealer's left.
            if calls.len() >= table.len() {
                break;
            }
        } else if (high.is_some() && passes + 1 >= table.len())
            || passes >= table.len()
            || (o.announcements && high.is_none() && called.values().all(|&c| c))
        {
            break;
        }
        called[seat] = true;
        let next_bid = high.map_or(o.minimum, |(_, b)| b + o.step);
        let forced = match o.passed_out {
            PassedOut::Forced => calls.is_empty(),
            PassedOut::Dealer => high.is_none() && seat == dealer && passes + 1 == table.len(),
            PassedOut::Redeal => false,
        };
        let may_bid = !o.bid_needs_marriage || crate::pinochle::replay::has_marriage(&hands[seat]);
        if forced && !may_bid {
            // The forced dealer without a marriage bids the minimum and no more.
            calls.push((seat, Some(o.minimum), None));
            high = Some((seat, o.minimum));
        } else if o.announcements && high.is_none() && !announced[seat] && rng.chance(25) {
            // A meld announced before any bid, more or less than the hand holds (000:253).
            announced[seat] = true;
            calls.push((seat, None, Some(Announce::Meld(10 * rng.below(40) as u32))));
        } else if forced || (may_bid && next_bid <= worth[seat] && rng.chance(75)) {
            let announce = o.announcements && rng.chance(30);
            match high {
                Some((_, last)) if announce => {
                    // A meld announced after a bid tops it by 10 for each 100 or part (000:255).
                    let m = 10 + 10 * rng.below(25) as u32;
                    let bid = last + 10 * m.div_ceil(100);
                    calls.push((seat, Some(bid), Some(Announce::Meld(m))));
                    high = Some((seat, bid));
                }
                None if announce => {
                    calls.push((seat, Some(o.minimum), Some(Announce::Flush)));
                    high = Some((seat, o.minimum));
                }
                _ => {
                    calls.push((seat, Some(next_bid), None));
                    high = Some((seat, next_bid));
                }
            }
        } else {
            calls.push((seat, None, None));
            passed[seat] = true;
        }
        if o.one_call {
            seat = table.next(seat);
            continue;
        }
        let mut next = table.next(seat);
        for _ in 0..table.len() {
            if !passed[next] {
                break;
            }
            next = table.next(next);
        }
        seat = next;
    }
    (calls, high)
}
