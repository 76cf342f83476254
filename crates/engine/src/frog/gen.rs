//! The generator of random legal Frog deals: a table of three to five, a shuffled deal, random
//! offers, the trump, the widow, every card from the core's legal plays, and every claim.

use crate::core::build::{bare, tag, word};
use cards::{Card, Pack, Suit};
use notation::{
    Call, CallKind, CardSlot, Claim, HandLine, Layout, Play, PlayItem, Record, Section, Span, Spanned,
    Statement, Token, Trick,
};

use crate::core::CardCounts;
use crate::core::duties::{WinRule, legal, order_for, winner};
use crate::core::rng::Rng;
use crate::frog::replay::{ACTIVE, DUTIES, points, settlement};
use crate::frog::rules::{Game, Profile};

fn label(i: usize) -> &'static str {
    ACTIVE.get(i).copied().unwrap_or("?")
}

fn statement(seat: usize, verb: &str, cards: &[Card]) -> Statement {
    let mut tokens = vec![word(verb)];
    tokens.extend(cards.iter().map(|&c| bare(Token::Card(CardSlot::Known(c)))));
    Statement {
        seat: Some(bare(label(seat).to_string())),
        tokens,
        figure: Vec::new(),
        comments: Vec::new(),
    }
}

/// A random legal deal under `profile` from `seed`, as a record with every claim.
pub fn generate(profile: &Profile, seed: u64) -> Record {
    let mut rng = Rng(seed);
    let o = profile.options;
    let table: &[&str] = match rng.below(3) {
        0 => &["F", "M", "R"],
        1 => &["D", "F", "M", "R"],
        _ => &["D", "F", "M", "X", "R"],
    };
    let mut pack = Pack::Frog36.cards();
    rng.shuffle(&mut pack);
    let mut hands: Vec<Vec<Card>> = (0..3)
        .map(|k| pack.get(k * o.hand..(k + 1) * o.hand).unwrap_or(&[]).to_vec())
        .collect();
    let widow: Vec<Card> = pack.get(3 * o.hand..).unwrap_or(&[]).to_vec();
    let mut r = Record::default();
    r.tags.push(tag("Game", "frog"));
    r.tags.push(tag("Rules", profile.name));
    r.tags.push(tag("Seats", &table.join(" ")));
    r.tags
        .push(tag("Dealer", if table.len() == 3 { "R" } else { "D" }));
    let mut lines: Vec<HandLine> = hands
        .iter()
        .enumerate()
        .map(|(i, h)| HandLine {
            seat: bare(label(i).to_string()),
            cards: h.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
            comments: Vec::new(),
        })
        .collect();
    lines.push(HandLine {
        seat: bare("widow".into()),
        cards: widow.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
        comments: Vec::new(),
    });
    r.deal = Some(Section::new(Span::default(), lines));

    // The offers: in turn, a higher game now and then, else a pass.
    let mut calls = Vec::new();
    let mut passed = [false; 3];
    let mut high: Option<(usize, Game)> = None;
    let mut turn = 0usize;
    loop {
        let above: Vec<Game> = [Game::Frog, Game::Chico, Game::Grand]
            .into_iter()
            .filter(|g| high.is_none_or(|(_, h)| *g > h))
            .collect();
        let offer = if !above.is_empty() && rng.below(100) < 45 {
            above.get(rng.below(above.len().min(2))).copied()
        } else {
            None
        };
        let call = match offer {
            Some(g) => {
                high = Some((turn, g));
                Call::word_call(bare(label(turn).to_string()), g.word(), Span::default())
            }
            None => {
                if let Some(p) = passed.get_mut(turn) {
                    *p = true;
                }
                Call {
                    seat: bare(label(turn).to_string()),
                    call: bare(CallKind::Pass),
                    said: None,
                    comments: Vec::new(),
                }
            }
        };
        calls.push(call);
        let live: Vec<usize> = (0..3).filter(|&i| !passed[i]).collect();
        let ended = match high {
            None => live.is_empty(),
            Some((h, _)) => live == [h],
        };
        if ended {
            break;
        }
        let mut k = turn;
        for _ in 0..3 {
            k = (k + 1) % 3;
            if !passed[k] && high.is_none_or(|(h, _)| h != k) {
                break;
            }
        }
        turn = k;
    }
    r.auction = Some(Section::new(Span::default(), calls));
    let claim = |key: &str, values: Vec<Spanned<Token>>| Claim {
        key: bare(key.to_string()),
        values,
        comments: Vec::new(),
    };
    let Some((declarer, game)) = high else {
        return r;
    };
    let trump = match game {
        Game::Chico => [Suit::Spades, Suit::Diamonds, Suit::Clubs]
            .get(rng.below(3))
            .copied()
            .unwrap_or(Suit::Spades),
        _ => Suit::Hearts,
    };
    if game == Game::Chico || rng.below(2) == 0 {
        r.declaration = Some(Section::new(
            Span::default(),
            vec![Statement {
                seat: Some(bare(label(declarer).to_string())),
                tokens: vec![word(trump.name())],
                figure: Vec::new(),
                comments: Vec::new(),
            }],
        ));
    }
    let mut for_him = widow.clone();
    if game == Game::Frog {
        let mut pool = hands.get(declarer).cloned().unwrap_or_default();
        pool.extend_from_slice(&widow);
        let mut laid = Vec::new();
        for _ in 0..o.widow {
            let k = rng.below(pool.len());
            if k < pool.len() {
                laid.push(pool.remove(k));
            }
        }
        if let Some(h) = hands.get_mut(declarer) {
            *h = pool;
        }
        r.exchange = Some(Section::new(
            Span::default(),
            vec![
                statement(declarer, "pickup", &widow),
                statement(declarer, "discard", &laid),
            ],
        ));
        for_him = laid;
    }
    let order = order_for(&Pack::Frog36.spec(), Some(trump));
    let mut leader = 0usize;
    let mut items = Vec::new();
    let mut taken = 0u32;
    for n in 1..=o.hand {
        let mut cards = Vec::new();
        for k in 0..3 {
            let s = (leader + k) % 3;
            let Some(hand) = hands.get_mut(s) else { continue };
            let allowed: Vec<Card> = legal(
                &order,
                DUTIES,
                &CardCounts::of(hand.iter().copied()),
                &cards,
                false,
            )
            .iter_distinct()
            .map(|(c, _)| c)
            .collect();
            let Some(&c) = allowed.get(rng.below(allowed.len())) else {
                continue;
            };
            if let Some(p) = hand.iter().position(|&x| x == c) {
                hand.remove(p);
            }
            cards.push(c);
        }
        let w = (leader + winner(&order, WinRule::Highest, &cards).unwrap_or(0)) % 3;
        if w == declarer {
            taken += cards.iter().map(|&c| points(c)).sum::<u32>();
        }
        items.push(PlayItem::Trick(Trick {
            number: Some(bare(u32::try_from(n).unwrap_or(0))),
            leader: Some(bare(label(leader).to_string())),
            cards: cards.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
            origins: Vec::new(),
            claim: None,
            taker: None,
            comments: Vec::new(),
        }));
        leader = w;
    }
    r.play = Some(Section::new(
        Span::default(),
        Play {
            layout: Layout::Leader,
            items,
        },
    ));
    let pts = taken + for_him.iter().map(|&c| points(c)).sum::<u32>();
    let me = label(declarer);
    let table: Vec<String> = table.iter().map(|t| t.to_string()).collect();
    let settle: Vec<Spanned<Token>> = settlement(&table, me, game, pts)
        .into_iter()
        .flat_map(|(t, n)| [word(&t), bare(Token::Number(n))])
        .collect();
    r.result = Some(Section::new(
        Span::default(),
        vec![
            claim("declarer", vec![word(me)]),
            claim("game", vec![word(game.word())]),
            claim("points", vec![bare(Token::Number(i64::from(pts)))]),
            claim("settle", settle),
        ],
    ));
    r
}
