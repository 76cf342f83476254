//! Random legal Skat games, deterministic per seed, with every result claim filled in.
//!
//! The generator deals, runs an auction from random bidding limits, picks a contract the bid
//! allows (all game types, hand and pick-up, announcements, ouvert), plays legal cards with a
//! random mix of careless and greedy play, and sometimes stops early the way real games do:
//! a Null lost at the declarer's first trick, a failed schwarz or schneider announcement, a
//! concession by either side, a claim of the rest. Its figures are counted here
//! from its own tricks, so replaying the record it writes checks the reader-to-replay path.
//!
//! The random numbers come from a hand-written SplitMix64: a fixed, documented sequence, so a
//! seed gives the same game on every platform and with every version of every dependency.

use cards::Card;
use notation::{
    Call, CardSlot, Claim, HandLine, Layout, Play, PlayItem, Record, Section, Span, Spanned, Statement,
    Token, Trick, TrickClaim,
};

use crate::core::CardSet;
use crate::core::game::GameState;
use crate::skat::auction::{AuctionState, Turn};
use crate::skat::model::Call as CallKind;
use crate::skat::model::{Contract, End, GameResult, GameType, Seat, SkatUse};
use crate::skat::pack;
use crate::skat::quick;
use crate::skat::rules::{PickupRule, Profile, Unreachable};
use crate::skat::score;
use crate::skat::state::{Act, Counts, Event, PlayState};
use crate::skat::words::EventWord;

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and stable by construction.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            0
        } else {
            (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
        }
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }

    /// A random card of a non-empty set (`None` for an empty one).
    pub fn pick(&mut self, set: CardSet) -> Option<Card> {
        let n = set.len() as u32;
        set.iter().nth(self.below(n) as usize)
    }
}

/// How a seat chooses among its legal cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Any legal card.
    Random,
    /// Win the trick when possible with the strongest card; lead the strongest card.
    Greedy,
    /// Play the weakest card.
    Weak,
}

/// An event that ends the play early, placed before a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The declarer concedes.
    DeclarerConcedes,
    /// Both defenders resign.
    DefendersResign,
    /// The declarer shows the cards and claims the rest.
    DeclarerShows,
}

/// A generated game in typed form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The seed.
    pub seed: u64,
    /// Dealt hands, F M R.
    pub hands: [CardSet; 3],
    /// The skat as dealt.
    pub skat: CardSet,
    /// The auction.
    pub calls: Vec<(Seat, CallKind)>,
    /// Declarer and contract (absent when passed in).
    pub contract: Option<(Seat, Contract)>,
    /// The two cards laid away after a pick-up.
    pub discard: Option<[Card; 2]>,
    /// The tricks, with their leaders and winners.
    pub tricks: Vec<GenTrick>,
    /// The early-end event and the number of tricks played before it.
    pub stop: Option<(usize, Stop)>,
    /// The expected result.
    pub result: GameResult,
    /// Leave the defenders' hands out of the deal (they follow from the play).
    pub omit_defenders: bool,
    /// Write the play in columns.
    pub columns: bool,
    /// Write per-trick claims.
    pub trick_claims: bool,
    /// Write the skat cards with the pick-up, as a server reveals them to the declarer.
    pub skat_shown: bool,
}

/// A trick as the generator played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenTrick {
    /// Who led.
    pub leader: Seat,
    /// The cards in play order.
    pub cards: Vec<Card>,
    /// Who won it.
    pub winner: Seat,
    /// Its card points.
    pub points: u32,
}

/// The result of [`play_out`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedOut {
    /// The tricks played.
    pub tricks: Vec<GenTrick>,
    /// How the play ended, and at which trick.
    pub end: (End, u32),
    /// The counts of the tricks, as the play state kept them.
    pub counts: Counts,
    /// The early-end event, if one was chosen.
    pub stop: Option<(usize, Stop)>,
}

fn strongest(game: GameType, cards: CardSet) -> Option<Card> {
    let order = pack::order(game);
    cards.iter().max_by_key(|&c| {
        (
            order.class(c) == crate::core::trick::TRUMP,
            order.power(c),
            pack::points().card(c),
        )
    })
}

fn weakest(game: GameType, cards: CardSet) -> Option<Card> {
    let order = pack::order(game);
    cards.iter().min_by_key(|&c| {
        (
            order.class(c) == crate::core::trick::TRUMP,
            pack::points().card(c),
            order.power(c),
        )
    })
}

fn choose(
    rng: &mut Rng,
    style: Style,
    game: GameType,
    legal: CardSet,
    trick: &[Card],
    wants_trick: bool,
) -> Option<Card> {
    match style {
        Style::Random => rng.pick(legal),
        Style::Weak => weakest(game, legal),
        Style::Greedy => {
            let order = pack::order(game);
            if let Some(&best) = trick.get(order.winner(trick)) {
                let winning: CardSet = legal.iter().filter(|&c| order.beats(c, best)).collect();
                if wants_trick {
                    strongest(game, winning).or_else(|| weakest(game, legal))
                } else {
                    // Null declarer: the highest card that still loses, else the lowest.
                    let losing = legal.difference(winning);
                    strongest(game, losing).or_else(|| weakest(game, legal))
                }
            } else if wants_trick {
                strongest(game, legal)
            } else {
                weakest(game, legal)
            }
        }
    }
}

/// Plays a game from the hands at the first lead, with a style per seat, through the play
/// state ([`PlayState`]): each card is picked among the legal ones and played; the play stops
/// at the early ends of the profile, or at `stop` (said before trick `stop.0 + 1`).
pub fn play_out(
    rng: &mut Rng,
    profile: &Profile,
    start: [CardSet; 3],
    declarer: Seat,
    contract: &Contract,
    styles: [Style; 3],
    stop: Option<(usize, Stop)>,
) -> PlayedOut {
    let game = contract.game;
    let mut state = PlayState::new(
        profile,
        declarer,
        *contract,
        SkatUse::of_hand(contract.hand),
        start,
    );
    let mut tricks = Vec::with_capacity(10);
    let mut cards = Vec::with_capacity(3);
    let mut stopped = None;
    while !state.is_over() {
        if let Some((k, s)) = stop
            && cards.is_empty()
            && k == tricks.len()
        {
            let words: &[(Seat, EventWord)] = match s {
                Stop::DeclarerConcedes => &[(declarer, EventWord::Concedes)],
                Stop::DeclarerShows => &[(declarer, EventWord::Shows)],
                Stop::DefendersResign => &[
                    (declarer.after(1), EventWord::Resigns),
                    (declarer.after(2), EventWord::Resigns),
                ],
            };
            for &(seat, word) in words {
                // Every stop the generator picks is one the profiles allow.
                let _ = state.play(Act::Says(seat, word));
            }
            stopped = stop;
            break;
        }
        let seat = state.to_play();
        let wants = !(game == GameType::Null && seat == declarer);
        let Some(card) = choose(
            rng,
            styles[seat.index()],
            game,
            state.legal(),
            state.trick(),
            wants,
        ) else {
            break;
        };
        match state.play(Act::Card(seat, card)) {
            Ok(Event::Trick(done)) => {
                cards.push(card);
                tricks.push(GenTrick {
                    leader: done.leader,
                    cards: std::mem::take(&mut cards),
                    winner: done.winner,
                    points: done.points,
                });
            }
            Ok(_) => cards.push(card),
            // A card picked among the legal ones is always accepted.
            Err(_) => break,
        }
    }
    let completed = state.counts().tricks();
    PlayedOut {
        end: state.finish().unwrap_or((End::PlayedOut, completed)),
        counts: state.counts(),
        tricks,
        stop: stopped,
    }
}

fn limit(rng: &mut Rng, profile: &Profile) -> Option<u32> {
    if rng.chance(25) {
        return None;
    }
    let n = profile.bid_table.len() as u32;
    let i = if rng.chance(85) {
        rng.below(10.min(n))
    } else {
        rng.below(n.min(30))
    };
    profile.bid_table.get(i as usize).copied()
}

/// The calls of an auction, and the winner with the bid (absent when all passed).
type AuctionRun = (Vec<(Seat, CallKind)>, Option<(Seat, u32)>);

/// Runs an auction from bidding limits.
fn auction(rng: &mut Rng, profile: &Profile, limits: [Option<u32>; 3]) -> AuctionRun {
    let mut calls = Vec::new();
    let mut state = AuctionState::new(profile);
    let lim = |s: Seat| limits[s.index()];
    loop {
        let call = match state.turn() {
            Turn::Bid { bidder, .. } => {
                let (_, lowest) = state.legal();
                match lowest.filter(|&b| lim(bidder).is_some_and(|l| b <= l)) {
                    None => (bidder, CallKind::Pass),
                    Some(mut bid) => {
                        if rng.chance(20) {
                            // A jump bid: any table value up to the limit.
                            let top = lim(bidder).unwrap_or(bid);
                            let options: Vec<u32> = profile
                                .bid_table
                                .iter()
                                .copied()
                                .filter(|&v| v >= bid && v <= top)
                                .collect();
                            if let Some(&v) = options.get(rng.below(options.len() as u32) as usize) {
                                bid = v;
                            }
                        }
                        (bidder, CallKind::Bid(bid))
                    }
                }
            }
            Turn::Answer { listener, .. } => {
                let holds = state
                    .current()
                    .is_some_and(|bid| lim(listener).is_some_and(|l| bid <= l));
                (listener, if holds { CallKind::Hold } else { CallKind::Pass })
            }
            Turn::ForehandAlone => match limits[0] {
                Some(_) => (Seat::F, CallKind::Bid(profile.lowest_bid())),
                None => (Seat::F, CallKind::Pass),
            },
            Turn::Done => break,
        };
        calls.push(call);
        // Every call made here is one the state offers.
        if state.play(call).is_err() {
            break;
        }
    }
    let o = state.outcome();
    (calls, o.winner.zip(o.bid))
}

/// Picks a contract the bid allows.
fn pick_contract(rng: &mut Rng, profile: &Profile, bid: u32) -> Contract {
    let hand = rng.chance(25);
    let roll = rng.below(100);
    if roll < 20 {
        let ouvert = rng.chance(35);
        let variants = [(hand, ouvert), (true, ouvert), (true, true), (hand, true)];
        if let Some(&(h, o)) = variants.iter().find(|&&(h, o)| {
            profile
                .null_value(SkatUse::of_hand(h), o)
                .is_some_and(|v| v >= bid)
        }) {
            return Contract {
                game: GameType::Null,
                hand: h,
                ouvert: o,
                schneider_announced: false,
                schwarz_announced: false,
            };
        }
    }
    let game = if roll < 45 {
        GameType::Grand
    } else {
        GameType::ALL
            .get(rng.below(4) as usize)
            .copied()
            .unwrap_or(GameType::Clubs)
    };
    let mut c = Contract {
        game,
        hand,
        schneider_announced: false,
        schwarz_announced: false,
        ouvert: false,
    };
    // Announcements where the profile allows them: in hand games only under the official
    // rules, after a pick-up too where a profile lifts that limit (American, the unofficial
    // game). A profile whose hand games are the only ones to announce draws nothing here for
    // a pick-up game, so its games stay as they were.
    let a = profile.options.announcements;
    if (hand || !a.ouvert_needs_hand) && rng.chance(4) {
        c.ouvert = true;
        if a.ouvert_implies_schwarz {
            c.schneider_announced = true;
            c.schwarz_announced = true;
        }
    } else if (hand || !a.schwarz_needs_hand) && rng.chance(8) {
        c.schwarz_announced = true;
        c.schneider_announced = true;
    } else if (hand || !a.schneider_needs_hand) && rng.chance(20) {
        c.schneider_announced = true;
    }
    c
}

/// Whether the profile has this contract and lets the declarer play it on this bid.
fn fits(profile: &Profile, c: &Contract, twelve: CardSet, bid: u32) -> bool {
    let skat = SkatUse::of_hand(c.hand);
    let a = profile.options.announcements;
    let pickup_ok = skat == SkatUse::Hand
        || match profile.options.pickup_commits {
            PickupRule::Free => true,
            PickupRule::GrandUnlessNullFirst => c.game.trump_suit().is_none(),
            PickupRule::GrandOnly => c.game == GameType::Grand,
        };
    if c.game == GameType::Null {
        return pickup_ok
            && (!c.ouvert || c.hand || a.null_ouvert_with_pickup)
            && profile.null_value(skat, c.ouvert).is_some_and(|v| v >= bid);
    }
    let Some(base) = profile.base_value(c.game, skat, c.ouvert) else {
        return false;
    };
    let announced_ok = c.hand
        || ((!c.schneider_announced || !a.schneider_needs_hand)
            && (!c.schwarz_announced || !a.schwarz_needs_hand));
    let ouvert_ok = !c.ouvert || profile.ouvert_allowed(c.game, skat);
    let reachable = profile.options.unreachable_game == Unreachable::FixedValueIllegal
        || pack::matadors(c.game, twelve)
            .is_some_and(|m| base * score::highest_multiplier(profile, c, m.unsigned_abs()) >= bid);
    pickup_ok && announced_ok && ouvert_ok && reachable
}

/// A grand the profile has that can reach the bid, announcing as much as it may.
fn fallback_contract(profile: &Profile, twelve: CardSet, bid: u32) -> Option<Contract> {
    [true, false].into_iter().find_map(|hand| {
        let (schneider_ok, schwarz_ok) = {
            let a = profile.options.announcements;
            (hand || !a.schneider_needs_hand, hand || !a.schwarz_needs_hand)
        };
        let c = Contract {
            game: GameType::Grand,
            hand,
            schneider_announced: schneider_ok,
            schwarz_announced: schwarz_ok,
            ouvert: false,
        };
        fits(profile, &c, twelve, bid).then_some(c)
    })
}

fn styles(rng: &mut Rng, declarer: Seat) -> [Style; 3] {
    let strong = rng.chance(40);
    let mut s = [Style::Random; 3];
    for seat in Seat::ALL {
        s[seat.index()] = if seat == declarer {
            if strong || rng.chance(30) {
                Style::Greedy
            } else {
                Style::Random
            }
        } else if strong && rng.chance(60) {
            Style::Weak
        } else if rng.chance(30) {
            Style::Greedy
        } else {
            Style::Random
        };
    }
    s
}

fn pick_stop(rng: &mut Rng) -> Option<(usize, Stop)> {
    if !rng.chance(15) {
        return None;
    }
    let k = rng.below(10) as usize;
    // Penalty games (a time-out, a player leaving) are left out: they are not played to an
    // end the rules decide, so a checker reports them as incomplete, and every generated game
    // is meant to check consistent.
    let s = match rng.below(3) {
        0 => Stop::DeclarerConcedes,
        1 => Stop::DefendersResign,
        _ => Stop::DeclarerShows,
    };
    Some((k, s))
}

/// Computes the result of a played game from the counts its play state kept.
#[allow(clippy::too_many_arguments)]
pub fn result_of(
    profile: &Profile,
    declarer: Seat,
    contract: &Contract,
    dealt: CardSet,
    skat_dealt: CardSet,
    skat_after: CardSet,
    played: &PlayedOut,
    bid: u32,
) -> GameResult {
    quick::result_of(
        profile,
        &quick::Played {
            declarer,
            contract: *contract,
            dealt,
            skat_dealt,
            skat_after,
            counts: played.counts,
            end: played.end,
            resigned: matches!(
                played.stop,
                Some((_, Stop::DeclarerConcedes | Stop::DefendersResign))
            ),
            bid,
        },
    )
}

/// A random legal game for this seed, in typed form.
pub fn generate_game(seed: u64, profile: &Profile) -> Generated {
    let mut rng = Rng::new(seed);
    let mut deck: Vec<Card> = pack::cards().to_vec();
    for i in (1..deck.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    let set = |r: std::ops::Range<usize>| CardSet::of(deck.get(r).unwrap_or(&[]).iter().copied());
    let hands = [set(0..10), set(10..20), set(20..30)];
    let skat = set(30..32);
    let limits = [
        limit(&mut rng, profile),
        limit(&mut rng, profile),
        limit(&mut rng, profile),
    ];
    let (calls, won) = auction(&mut rng, profile, limits);
    let mut g = Generated {
        seed,
        hands,
        skat,
        calls,
        contract: None,
        discard: None,
        tricks: Vec::new(),
        stop: None,
        result: GameResult {
            passed: true,
            score: Some(0),
            ..GameResult::default()
        },
        omit_defenders: false,
        columns: false,
        trick_claims: false,
        skat_shown: seed.is_multiple_of(2),
    };
    let Some((declarer, bid)) = won else { return g };
    let d = declarer.index();
    let mut contract = pick_contract(&mut rng, profile, bid);
    let twelve_dealt = hands[d].union(skat);
    // The historic profiles lack some games; draw again, then fall back on a grand. Every
    // contract the official profile draws fits, so its games stay as they were.
    for _ in 0..20 {
        if fits(profile, &contract, twelve_dealt, bid) {
            break;
        }
        contract = pick_contract(&mut rng, profile, bid);
    }
    if !fits(profile, &contract, twelve_dealt, bid) {
        contract = fallback_contract(profile, twelve_dealt, bid).unwrap_or(contract);
    }
    let mut start = hands;
    let skat_after = if contract.hand {
        skat
    } else {
        let twelve = hands[d].union(skat);
        let a = rng.pick(twelve);
        let b = a.and_then(|a| rng.pick(twelve.difference(CardSet::single(a))));
        match (a, b) {
            (Some(a), Some(b)) => {
                g.discard = Some([a, b]);
                let laid = CardSet::of([a, b]);
                start[d] = twelve.difference(laid);
                laid
            }
            _ => skat,
        }
    };
    let st = styles(&mut rng, declarer);
    let stop = pick_stop(&mut rng);
    let played = play_out(&mut rng, profile, start, declarer, &contract, st, stop);
    g.result = result_of(
        profile, declarer, &contract, hands[d], skat, skat_after, &played, bid,
    );
    g.contract = Some((declarer, contract));
    g.tricks = played.tricks;
    g.stop = played.stop;
    g.omit_defenders = g.tricks.len() == 10 && rng.chance(10);
    g.columns = rng.chance(20);
    g.trick_claims = rng.chance(30);
    g
}

fn bare<T>(t: T) -> Spanned<T> {
    Spanned::bare(t)
}

fn word(w: &str) -> Spanned<Token> {
    bare(Token::Word(w.to_string()))
}

fn card_tokens(cards: CardSet) -> impl Iterator<Item = Spanned<Token>> {
    cards.iter().map(|c| bare(Token::Card(CardSlot::Known(c))))
}

fn statement(seat: Seat, tokens: Vec<Spanned<Token>>) -> Statement {
    Statement {
        seat: Some(bare(seat.label().to_string())),
        tokens,
        figure: Vec::new(),
        comments: Vec::new(),
    }
}

fn claim(key: &str, values: Vec<Token>) -> Claim {
    Claim {
        key: bare(key.to_string()),
        values: values.into_iter().map(bare).collect(),
        comments: Vec::new(),
    }
}

fn yes_no(b: bool) -> Token {
    Token::Word(if b { "yes" } else { "no" }.to_string())
}

/// Writes a generated game as a syntax tree, with every result claim.
pub fn to_record(g: &Generated, profile: &Profile) -> Record {
    let mut r = Record::default();
    let tag = |n: &str, v: &str| notation::Tag {
        name: bare(n.to_string()),
        value: bare(v.to_string()),
        comments: Vec::new(),
    };
    r.tags = vec![
        tag("Game", "skat"),
        tag("Rules", &profile.name),
        tag("Source", &format!("generated, seed {}", g.seed)),
    ];
    let declarer = g.contract.map(|(s, _)| s);
    let mut lines = Vec::new();
    for s in Seat::ALL {
        if g.omit_defenders && Some(s) != declarer {
            continue;
        }
        lines.push(HandLine {
            seat: bare(s.label().to_string()),
            cards: g.hands[s.index()]
                .iter()
                .map(|c| bare(CardSlot::Known(c)))
                .collect(),
            comments: Vec::new(),
        });
    }
    lines.push(HandLine {
        seat: bare("skat".to_string()),
        cards: g.skat.iter().map(|c| bare(CardSlot::Known(c))).collect(),
        comments: Vec::new(),
    });
    r.deal = Some(Section::new(Span::default(), lines));
    r.auction = Some(Section::new(
        Span::default(),
        g.calls
            .iter()
            .map(|&(s, c)| {
                let seat = bare(s.label().to_string());
                let call = match c {
                    CallKind::Bid(n) => notation::CallKind::Bid(n),
                    CallKind::Pass => notation::CallKind::Pass,
                    CallKind::Hold => return Call::word_call(seat, "yes", Span::default()),
                };
                Call {
                    seat,
                    call: bare(call),
                    said: None,
                    comments: Vec::new(),
                }
            })
            .collect(),
    ));
    let mut claims = Vec::new();
    if let Some((declarer, contract)) = g.contract {
        if let Some([a, b]) = g.discard {
            let mut pickup = vec![word("pickup")];
            if g.skat_shown {
                pickup.extend(card_tokens(g.skat));
            }
            r.exchange = Some(Section::new(
                Span::default(),
                vec![
                    statement(declarer, pickup),
                    statement(
                        declarer,
                        vec![
                            word("discard"),
                            bare(Token::Card(CardSlot::Known(a))),
                            bare(Token::Card(CardSlot::Known(b))),
                        ],
                    ),
                ],
            ));
        }
        let mut words = vec![word(contract.game.word())];
        // Only what the profile makes an ouvert imply goes unwritten: the unofficial game's
        // ouvert may follow a pick-up and announces nothing.
        let trump_ouvert = contract.ouvert && contract.game != GameType::Null;
        let a = profile.options.announcements;
        let hand_implied = trump_ouvert && a.ouvert_needs_hand;
        let schwarz_implied = trump_ouvert && a.ouvert_implies_schwarz;
        if contract.hand && !hand_implied {
            words.push(word("hand"));
        }
        if contract.schneider_announced && !contract.schwarz_announced && !schwarz_implied {
            words.push(word("schneider"));
        }
        if contract.schwarz_announced && !schwarz_implied {
            words.push(word("schwarz"));
        }
        if contract.ouvert {
            words.push(word("ouvert"));
        }
        r.declaration = Some(Section::new(Span::default(), vec![statement(declarer, words)]));

        let layout = if g.columns {
            Layout::Columns(Seat::ALL.iter().map(|s| bare(s.label().to_string())).collect())
        } else {
            Layout::Leader
        };
        let mut items = Vec::new();
        let push_stop = |items: &mut Vec<PlayItem>, stop: Stop| {
            let defenders: Vec<Seat> = Seat::ALL.iter().copied().filter(|&s| s != declarer).collect();
            match stop {
                Stop::DeclarerConcedes => {
                    items.push(PlayItem::Event(statement(declarer, vec![word("concedes")])))
                }
                Stop::DeclarerShows => items.push(PlayItem::Event(statement(declarer, vec![word("shows")]))),
                Stop::DefendersResign => {
                    for d in defenders {
                        items.push(PlayItem::Event(statement(d, vec![word("resigns")])));
                    }
                }
            }
        };
        for (n, t) in g.tricks.iter().enumerate() {
            let (leader, cards, w, pts) = (&t.leader, &t.cards, t.winner, t.points);
            let trick_claim = g.trick_claims.then(|| {
                bare(if w == declarer {
                    TrickClaim::Points(pts)
                } else {
                    TrickClaim::Lost
                })
            });
            let slots: Vec<Spanned<CardSlot>> = if g.columns {
                // Column order F M R: the card of seat s is at (s - leader) mod 3 in play order.
                Seat::ALL
                    .iter()
                    .filter_map(|s| {
                        cards
                            .get((s.index() + 3 - leader.index()) % 3)
                            .map(|&c| bare(CardSlot::Known(c)))
                    })
                    .collect()
            } else {
                cards.iter().map(|&c| bare(CardSlot::Known(c))).collect()
            };
            items.push(PlayItem::Trick(Trick {
                number: Some(bare(n as u32 + 1)),
                leader: (!g.columns).then(|| bare(leader.label().to_string())),
                cards: slots,
                origins: Vec::new(),
                claim: trick_claim,
                taker: None,
                comments: Vec::new(),
            }));
        }
        if let Some((_, stop)) = g.stop {
            push_stop(&mut items, stop);
        }
        r.play = Some(Section::new(Span::default(), Play { layout, items }));

        let res = &g.result;
        claims.push(claim("declarer", vec![Token::Word(declarer.label().to_string())]));
        if let Some(w) = res.won {
            claims.push(claim(
                "outcome",
                vec![Token::Word(if w { "won" } else { "lost" }.to_string())],
            ));
        }
        if let Some(p) = res.declarer_card_points {
            claims.push(claim("points", vec![Token::Number(i64::from(p))]));
        }
        if let Some(t) = res.declarer_tricks {
            claims.push(claim("tricks", vec![Token::Number(i64::from(t))]));
        }
        if let Some(m) = res.matadors {
            claims.push(claim("matadors", vec![Token::Number(i64::from(m))]));
        }
        if let Some(s) = res.schneider {
            claims.push(claim("schneider", vec![yes_no(s)]));
        }
        if let Some(s) = res.schwarz {
            claims.push(claim("schwarz", vec![yes_no(s)]));
        }
        if let Some(o) = res.overbid {
            claims.push(claim("overbid", vec![yes_no(o)]));
        }
        if let Some(b) = res.bid {
            claims.push(claim("bid", vec![Token::Number(i64::from(b))]));
        }
        if let Some(v) = res.value {
            claims.push(claim("value", vec![Token::Number(i64::from(v))]));
        }
        if let Some(s) = res.skat_points {
            claims.push(claim("skat_points", vec![Token::Number(i64::from(s))]));
        }
    } else {
        claims.push(claim("passed", Vec::new()));
    }
    if let Some(s) = g.result.score {
        claims.push(claim("score", vec![Token::Number(s)]));
    }
    r.result = Some(Section::new(Span::default(), claims));
    r
}

/// A random legal game for this seed, as a record with every result claim filled in.
pub fn generate(seed: u64, profile: &Profile) -> Record {
    to_record(&generate_game(seed, profile), profile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_the_published_sequence() {
        // First outputs of SplitMix64 seeded with 0, as in the reference implementation.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn the_same_seed_gives_the_same_game() {
        let p = Profile::isko();
        assert_eq!(generate_game(7, &p), generate_game(7, &p));
        assert_ne!(generate_game(7, &p).hands, generate_game(8, &p).hands);
    }

    #[test]
    fn generated_deals_use_the_whole_pack() {
        let p = Profile::isko();
        for seed in 0..50 {
            let g = generate_game(seed, &p);
            let all = g.hands[0].union(g.hands[1]).union(g.hands[2]).union(g.skat);
            assert_eq!(all, pack::cards());
        }
    }
}
