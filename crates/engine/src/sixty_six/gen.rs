//! The generator of random legal Sixty-Six deals: a shuffled deal, every trick and every
//! event between tricks picked from [`GameState::legal`] of the same [`PlayState`] the check
//! replays (marriages, the trump nine, closing, announcing 66 — now and then a false
//! announcement), and every claim the record can carry.
//!
//! The trick and event figures come from the play's own events; the result claims are the
//! replay's result of the record so made (`replay::check`), whose arithmetic the corpus and
//! the unit tests hold to the seed's figures.

use cards::Card;
use notation::{
    CardSlot, HandLine, Layout, Play, PlayItem, Record, Section, Span, Spanned, Token, Trick, TrickClaim,
};

use crate::core::build::{bare, card_tokens, claim, event, hand_line, number, tag, word};
use crate::core::piles::Stock;
use crate::core::{BySeat, CardCounts, GameState, Seat, Sides};
use crate::sixty_six::replay::{self, labels, table};
use crate::sixty_six::rules::{Format, Profile};
use crate::sixty_six::state::{Action, Event, PlayRules, PlayState};
use crate::skat::r#gen::Rng;

fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// A random legal deal under `profile` from `seed`, as a record with every claim.
pub fn generate(profile: &Profile, seed: u64) -> Record {
    let mut rng = Rng::new(seed);
    let o = profile.options;
    let labels = labels(o.format);
    let label = |s: Seat| labels.get(s.index()).copied().unwrap_or("?");
    let Some(table) = table(o.format) else {
        return Record::default();
    };
    let four = o.format == Format::FourHand;
    let pack = o.pack.spec();
    let mut cards = pack.cards();
    shuffle(&mut rng, &mut cards);
    let dealer = if four {
        Seat::new(rng.below(4) as usize)
    } else {
        Seat::new(labels.len() - 1)
    };
    let Some(dealer) = dealer else {
        return Record::default();
    };
    let mut hands: BySeat<Vec<Card>> = BySeat::new(table);
    let mut rest = cards.into_iter();
    for seat in table.turn_order(table.left_of(dealer)) {
        hands[seat] = rest.by_ref().take(o.hand).collect();
    }
    let leftover: Vec<Card> = rest.collect();
    let mut r = Record {
        version: Some(2),
        ..Record::default()
    };
    r.tags = vec![
        tag("Game", "sixty-six"),
        tag("Rules", profile.name),
        tag("Source", &format!("generated, seed {seed}")),
    ];
    if four {
        r.tags.push(tag("Dealer", label(dealer)));
    }
    let side_labels: Vec<&str> = if four { vec!["NS", "EW"] } else { labels.to_vec() };
    let mut standing: Vec<String> = side_labels
        .iter()
        .map(|l| format!("{l} {}", rng.below(o.game)))
        .collect();
    if !o.format.eq(&Format::ThreeHand) && rng.chance(20) {
        standing.push("carry 1".to_string());
    }
    r.tags.push(tag("Standing", &standing.join(", ")));

    let mut lines: Vec<HandLine> = table.active().map(|s| hand_line(label(s), &hands[s])).collect();
    let (turned, stock) = if four {
        (hands[dealer].last().copied(), None)
    } else {
        let mut it = leftover.into_iter();
        let t = it.next();
        let face_down: Vec<Card> = it.collect();
        (t, Some(face_down))
    };
    let Some(turned) = turned else {
        return Record::default();
    };
    lines.push(hand_line("trump", &[turned]));
    if let Some(s) = &stock {
        lines.push(hand_line("stock", s));
    }
    r.deal = Some(Section::new(Span::default(), lines));

    let rules = PlayRules {
        table,
        sides: if four {
            Sides::Alternating
        } else {
            Sides::Individual
        },
        trump: turned.suit,
        options: o,
    };
    let counts: BySeat<CardCounts> = BySeat::from_fn(table, |s| CardCounts::of(hands[s].iter().copied()));
    let mut state = PlayState::new(
        rules,
        &pack,
        counts,
        table.left_of(dealer),
        stock.map(|s| Stock::new(s, Some(turned))),
    );
    let side_of = |s: Seat| -> String {
        if four {
            side_labels.get(s.index() % 2).copied().unwrap_or("?").to_string()
        } else {
            label(s).to_string()
        }
    };
    let mut items: Vec<PlayItem> = Vec::new();
    let mut trick_cards: Vec<Spanned<CardSlot>> = Vec::new();
    let mut trick_leader = state.to_play();
    let mut trick_no = 0;
    // How eager this deal's players are to close and to announce wrongly.
    let close_chance = rng.below(12);
    let false_out = rng.chance(3);
    while !state.is_over() {
        // Now and then the draws are written, so that the events after them may use the
        // cards drawn (and a close falls after the draws).
        if state.next_draw().is_some() && rng.chance(50) {
            while let Some((seat, card)) = state.next_draw() {
                if state.play(Action::Draw { seat, card }).is_err() {
                    break;
                }
                items.push(event(
                    label(seat),
                    [word("draws")].into_iter().chain(card_tokens([card])).collect(),
                    None,
                ));
            }
        }
        let legal = state.legal();
        let seat = state.to_play();
        let pick =
            |f: &dyn Fn(&Action) -> bool| legal.iter().copied().filter(|a| f(a)).collect::<Vec<Action>>();
        let plays = pick(&|a| matches!(a, Action::Play(_)));
        let marriages = pick(&|a| matches!(a, Action::Marriage { .. }));
        let can = |a: Action| legal.contains(&a);
        let out = Action::Out { seat };
        let action = if can(out) && (state.score(seat) >= o.target || (false_out && rng.chance(5))) {
            out
        } else if can(Action::Exchange {
            seat,
            card: Card::new(turned.suit, cards::Rank::Nine),
        }) && rng.chance(80)
        {
            Action::Exchange {
                seat,
                card: Card::new(turned.suit, cards::Rank::Nine),
            }
        } else if can(Action::Close { seat }) && rng.chance(close_chance) {
            Action::Close { seat }
        } else if !marriages.is_empty() && rng.chance(75) {
            match marriages.get(rng.below(marriages.len() as u32) as usize) {
                Some(&m) => m,
                None => break,
            }
        } else {
            match plays.get(rng.below(plays.len() as u32) as usize) {
                Some(&p) => p,
                None => break,
            }
        };
        if trick_cards.is_empty() && matches!(action, Action::Play(_)) {
            trick_leader = state.to_play();
        }
        let Ok(ev) = state.play(action) else { break };
        match (action, ev) {
            (Action::Marriage { seat, suit }, Event::Married { value, .. }) => {
                let pair = [
                    Card::new(suit, cards::Rank::King),
                    Card::new(suit, cards::Rank::Queen),
                ];
                let tokens = [word("marriage")].into_iter().chain(card_tokens(pair)).collect();
                items.push(event(label(seat), tokens, Some(i64::from(value))));
            }
            (Action::Exchange { seat, card }, _) => {
                items.push(event(
                    label(seat),
                    [word("exchanges")]
                        .into_iter()
                        .chain(card_tokens([card]))
                        .collect(),
                    None,
                ));
            }
            (Action::Close { seat }, _) => items.push(event(label(seat), vec![word("closes")], None)),
            (Action::Out { seat }, Event::Announced { points, .. }) => {
                items.push(event(label(seat), vec![word("out")], Some(i64::from(points))));
            }
            (Action::Play(card), Event::Played { trick, .. }) => {
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

    let (rep, _) = replay::check(&r, profile);
    let res = rep.result;
    let pairs = |f: &dyn Fn(&crate::sixty_six::model::SideResult) -> Option<i64>| -> Vec<Spanned<Token>> {
        res.sides
            .iter()
            .filter_map(|s| f(s).map(|n| [word(&s.side), number(n)]))
            .flatten()
            .collect()
    };
    let mut claims = vec![
        claim("points", pairs(&|s| Some(i64::from(s.points)))),
        claim("card-points", pairs(&|s| Some(i64::from(s.card_points)))),
        claim("tricks", pairs(&|s| Some(i64::from(s.tricks)))),
        claim("game-points", pairs(&|s| Some(i64::from(s.game_points)))),
    ];
    if res.carry > 0 {
        claims.push(claim("carry", vec![number(i64::from(res.carry))]));
    }
    claims.push(claim(
        "winner",
        vec![word(res.winner.as_deref().unwrap_or("none"))],
    ));
    claims.push(claim("total", pairs(&|s| s.total)));
    r.result = Some(Section::new(Span::default(), claims));
    r
}
