//! The generator of random legal Ristikontra deals: a shuffled deal, random free play with
//! now and then a card in the dark, the fill-up from the winner round, spices where allowed,
//! the lead limit and the cleaning kept, every trick's taker and points and the result.
//! Half the records give the stock and leave the draws out; the others write every draw.

use crate::core::build::{bare, tag, word};
use cards::{Card, Pack, Rank};
use notation::{
    CardSlot, Claim, HandLine, Layout, Play, PlayItem, Record, Section, Span, Spanned, Statement, Token,
    Trick, TrickClaim,
};

use crate::core::duties::{WinRule, order_for, winner};
use crate::core::rng::Rng;
use crate::ristikontra::rules::Profile;
use crate::ristikontra::words::{SEATS, SIDES};

fn label(seat: usize) -> &'static str {
    SEATS.get(seat).copied().unwrap_or("?")
}

fn statement(seat: usize, verb: &str, card: Card, figure: Option<u32>) -> Statement {
    Statement {
        seat: Some(bare(label(seat).to_string())),
        tokens: vec![word(verb), bare(Token::Card(CardSlot::Known(card)))],
        figure: figure
            .map(|n| bare(Token::Number(i64::from(n))))
            .into_iter()
            .collect(),
        comments: Vec::new(),
    }
}

/// A random legal deal under `profile` from `seed`, as a record with every claim.
pub fn generate(profile: &Profile, seed: u64) -> Record {
    let mut rng = Rng(seed);
    let o = profile.options;
    let mut pack = Pack::French52.cards();
    rng.shuffle(&mut pack);
    let dealer = rng.below(4);
    let mut hands: Vec<Vec<Card>> = (0..4)
        .map(|k| pack.get(k * o.hand..(k + 1) * o.hand).unwrap_or(&[]).to_vec())
        .collect();
    let dealt = hands.clone();
    let stock_cards: Vec<Card> = pack.get(4 * o.hand..).unwrap_or(&[]).to_vec();
    let write_stock = rng.below(2) == 0;
    let mut stock = stock_cards.clone().into_iter();
    let mut stock_left = stock_cards.len();

    let mut r = Record::default();
    r.tags.push(tag("Game", "ristikontra"));
    r.tags.push(tag("Rules", profile.name));
    r.tags.push(tag("Dealer", label(dealer)));
    r.tags.push(tag("Sides", "NS: N S, EW: E W"));
    let mut lines: Vec<HandLine> = dealt
        .iter()
        .enumerate()
        .map(|(i, h)| HandLine {
            seat: bare(label(i).to_string()),
            cards: h.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
            comments: Vec::new(),
        })
        .collect();
    if write_stock {
        lines.push(HandLine {
            seat: bare("stock".into()),
            cards: stock_cards.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
            comments: Vec::new(),
        });
    }
    r.deal = Some(Section::new(Span::default(), lines));

    let mut items = Vec::new();
    let mut leader = (dealer + 1) % 4;
    let mut kings = 0;
    let mut leads: Vec<(usize, Rank)> = Vec::new();
    let mut points = [0u32; 2];
    let mut tricks = [0u32; 2];
    let mut owes = [false; 2];
    let mut cleaned = [false; 2];
    for number in 1..=13u32 {
        let phase_one = stock_left > 0;
        let mut cards = Vec::new();
        let mut dark = Vec::new();
        for k in 0..4 {
            let seat = (leader + k) % 4;
            let Some(hand) = hands.get_mut(seat) else { continue };
            // The choices: hand cards that break no rule; the last king waits for the second phase.
            let allowed: Vec<usize> = (0..hand.len())
                .filter(|&i| {
                    let Some(c) = hand.get(i) else { return false };
                    let king_ok = !(o.clean && phase_one && c.rank == Rank::King && kings == 3);
                    let lead_ok = k > 0
                        || !o.lead_limit
                        || leads.len() < 3
                        || !leads.iter().rev().take(3).all(|&(s, r)| s == seat && r == c.rank);
                    king_ok && lead_ok
                })
                .collect();
            let dark_ok = stock_left > 0 && (allowed.is_empty() || rng.below(10) == 0);
            let card = if dark_ok {
                let peek = stock_cards.get(stock_cards.len() - stock_left).copied();
                // The dark card must keep the rules too, else the player keeps to his hand.
                match peek {
                    Some(c)
                        if !(o.clean && phase_one && c.rank == Rank::King && kings == 3)
                            && (k > 0
                                || !o.lead_limit
                                || leads.len() < 3
                                || !leads.iter().rev().take(3).all(|&(s, r)| s == seat && r == c.rank)) =>
                    {
                        stock.next();
                        stock_left -= 1;
                        dark.push(true);
                        Some(c)
                    }
                    _ => None,
                }
            } else {
                None
            };
            let card = match card {
                Some(c) => c,
                None => {
                    let Some(&i) = allowed.get(rng.below(allowed.len())) else {
                        continue;
                    };
                    dark.push(false);
                    hand.remove(i)
                }
            };
            if card.rank == Rank::King {
                kings += 1;
            }
            cards.push(card);
        }
        let Some(led) = cards.first().map(|c| c.rank) else {
            break;
        };
        leads.push((leader, led));
        let order = order_for(&Pack::French52.spec(), None);
        let win_at = winner(&order, WinRule::LastMatchingRank, &cards).unwrap_or(0);
        let winner = (leader + win_at) % 4;
        let mut trick_points: u32 = cards.iter().map(|c| o.count.value(c.rank)).sum();
        let s = winner % 2;
        if o.clean {
            if phase_one && cards.iter().any(|c| c.rank == Rank::Queen) {
                owes[s] = true;
            }
            if !phase_one && led != Rank::Queen && cards.iter().any(|c| c.rank == Rank::King) {
                cleaned[s] = true;
            }
        }
        let trick_index = items.len();
        items.push(PlayItem::Trick(Trick {
            number: Some(bare(number)),
            leader: Some(bare(label(leader).to_string())),
            cards: cards.iter().map(|&c| bare(CardSlot::Known(c))).collect(),
            origins: if dark.iter().any(|&d| d) {
                dark.iter()
                    .map(|&d| d.then(|| bare("stock".to_string())))
                    .collect()
            } else {
                Vec::new()
            },
            claim: None,
            taker: Some(bare(label(winner).to_string())),
            comments: Vec::new(),
        }));
        // The fill-up, from the winner round, those who played in the dark apart.
        let may_spice = o.spice && stock_left > 0 && !dark.get(win_at).copied().unwrap_or(true);
        for k in 0..4 {
            let seat = (winner + k) % 4;
            if dark.get((seat + 4 - leader) % 4).copied().unwrap_or(false) || stock_left == 0 {
                continue;
            }
            let Some(c) = stock.next() else { break };
            stock_left -= 1;
            if let Some(h) = hands.get_mut(seat) {
                h.push(c);
            }
            if !write_stock {
                items.push(PlayItem::Event(statement(seat, "draws", c, None)));
            }
            if k == 0 && may_spice && rng.below(3) == 0 {
                // The spice: the drawn card into the trick, the winning card back to the hand.
                if let (Some(h), Some(won)) = (hands.get_mut(seat), cards.get(win_at).copied()) {
                    if let Some(pos) = h.iter().position(|&x| x == c) {
                        h.remove(pos);
                    }
                    h.push(won);
                    if let Some(slot) = cards.get_mut(win_at) {
                        *slot = c;
                    }
                    trick_points = cards.iter().map(|x| o.count.value(x.rank)).sum();
                    items.push(PlayItem::Event(statement(seat, "spices", c, Some(trick_points))));
                }
            }
        }
        if let Some(PlayItem::Trick(t)) = items.get_mut(trick_index) {
            let original: u32 = t
                .cards
                .iter()
                .filter_map(|c| match c.node {
                    CardSlot::Known(c) => Some(o.count.value(c.rank)),
                    CardSlot::Unknown => None,
                })
                .sum();
            t.claim = Some(bare(TrickClaim::Points(original)));
        }
        points[s] += trick_points;
        tricks[s] += 1;
        leader = winner;
    }
    r.play = Some(Section::new(
        Span::default(),
        Play {
            layout: Layout::Leader,
            items,
        },
    ));

    let dishonoured = [0, 1].map(|s| o.clean && owes[s] && !cleaned[s]);
    let total = o.count.total();
    let (outcome, double) = match dishonoured {
        [true, false] => (Some(1), true),
        [false, true] => (Some(0), true),
        [true, true] => (None, false),
        _ if points[0] != points[1] => {
            let w = usize::from(points[1] > points[0]);
            (Some(w), points[w] == total)
        }
        _ if o.tie_by_tricks && tricks[0] != tricks[1] => (Some(usize::from(tricks[1] > tricks[0])), false),
        _ => (None, false),
    };
    let claim = |key: &str, values: Vec<Spanned<Token>>| Claim {
        key: bare(key.to_string()),
        values,
        comments: Vec::new(),
    };
    let pairs = |v: [u32; 2]| -> Vec<Spanned<Token>> {
        (0..2)
            .flat_map(|i| {
                [
                    word(SIDES.get(i).copied().unwrap_or("?")),
                    bare(Token::Number(i64::from(v[i]))),
                ]
            })
            .collect()
    };
    let mut claims = vec![claim("points", pairs(points)), claim("tricks", pairs(tricks))];
    claims.push(claim(
        "outcome",
        vec![word(
            outcome.and_then(|w| SIDES.get(w).copied()).unwrap_or("none"),
        )],
    ));
    claims.push(claim("double", vec![word(if double { "yes" } else { "no" })]));
    if o.clean {
        let d = dishonoured
            .iter()
            .position(|&d| d)
            .and_then(|i| SIDES.get(i).copied())
            .unwrap_or("none");
        claims.push(claim("dishonour", vec![word(d)]));
    }
    r.result = Some(Section::new(Span::default(), claims));
    r
}
