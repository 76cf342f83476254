//! The generator of random legal Cribbage deals: a shuffled deal, random discards to the
//! crib, a cut starter, a random legal play (every go said where it falls) and the show in
//! order, stopped where a side reaches the target. The figures on the statements and the
//! result claims are the replay's of the same record.

use cards::{Card, Pack, Rank};
use notation::{
    CardSlot, Claim, HandLine, Layout, Play, PlayItem, Record, Section, Span, Spanned, Statement, Tag, Token,
};

use crate::core::pegging::{LIMIT, Pegging};
use crate::core::rng::Rng;
use crate::cribbage::rules::Profile;
use crate::cribbage::{replay, words};

fn bare<T>(node: T) -> Spanned<T> {
    Spanned::bare(node)
}

fn word(w: &str) -> Spanned<Token> {
    bare(Token::Word(w.to_string()))
}

fn card(c: Card) -> Spanned<Token> {
    bare(Token::Card(CardSlot::Known(c)))
}

fn statement(seat: &str, tokens: Vec<Spanned<Token>>) -> Statement {
    Statement {
        seat: Some(bare(seat.to_string())),
        tokens,
        figure: Vec::new(),
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

/// A random legal deal under `profile` from `seed`, as a record with every figure and claim.
pub fn generate(profile: &Profile, seed: u64) -> Record {
    let mut rng = Rng(seed);
    let o = profile.options;
    let labels = words::labels(o.seats);
    let n = labels.len();
    let dealer = if n == 2 { 1 } else { rng.below(n) };
    let mut pack = Pack::French52.cards();
    rng.shuffle(&mut pack);
    let mut deck = pack.into_iter();
    let hands: Vec<Vec<Card>> = (0..n).map(|_| deck.by_ref().take(o.dealt).collect()).collect();
    let pack_crib: Vec<Card> = deck.by_ref().take(o.crib_from_pack).collect();
    let starter = deck.next().unwrap_or(Card::new(cards::Suit::Hearts, Rank::Ace));
    let sides = if o.partnerships { 2 } else { n };
    let side_labels: Vec<String> = if o.partnerships {
        vec!["NS".into(), "EW".into()]
    } else {
        labels.iter().map(|s| s.to_string()).collect()
    };
    let standing: Vec<u32> = (0..sides)
        .map(|_| u32::try_from(rng.below(usize::try_from(o.game).unwrap_or(61))).unwrap_or(0))
        .collect();

    let mut r = Record::default();
    r.tags.push(tag("Game", "cribbage"));
    r.tags.push(tag("Rules", profile.name));
    r.tags
        .push(tag("Dealer", labels.get(dealer).copied().unwrap_or("D")));
    let st: Vec<String> = side_labels
        .iter()
        .zip(&standing)
        .map(|(l, s)| format!("{l} {s}"))
        .collect();
    r.tags.push(tag("Standing", &st.join(", ")));

    let slots = |cards: &[Card]| -> Vec<Spanned<CardSlot>> {
        cards.iter().map(|&c| bare(CardSlot::Known(c))).collect()
    };
    let mut lines: Vec<HandLine> = labels
        .iter()
        .zip(&hands)
        .map(|(l, h)| HandLine {
            seat: bare(l.to_string()),
            cards: slots(h),
            comments: Vec::new(),
        })
        .collect();
    if !pack_crib.is_empty() {
        lines.push(HandLine {
            seat: bare("crib".into()),
            cards: slots(&pack_crib),
            comments: Vec::new(),
        });
    }
    lines.push(HandLine {
        seat: bare("starter".into()),
        cards: slots(&[starter]),
        comments: Vec::new(),
    });
    r.deal = Some(Section::new(Span::default(), lines));

    // The discards: random cards of each hand.
    let mut kept = hands.clone();
    let mut exchange = Vec::new();
    for (i, hand) in kept.iter_mut().enumerate() {
        let mut laid = Vec::new();
        for _ in 0..o.discard {
            let k = rng.below(hand.len());
            if k < hand.len() {
                laid.push(hand.remove(k));
            }
        }
        let mut tokens = vec![word("crib")];
        tokens.extend(laid.into_iter().map(card));
        exchange.push(statement(labels.get(i).copied().unwrap_or("?"), tokens));
    }
    let mut scoring: Vec<(bool, usize)> = Vec::new();
    if starter.rank == Rank::Jack {
        exchange.push(statement(
            labels.get(dealer).copied().unwrap_or("D"),
            vec![word("heels")],
        ));
        scoring.push((false, exchange.len() - 1));
    }
    r.exchange = Some(Section::new(Span::default(), exchange));

    // The play: from the seat after the last to play, the first who can plays a random card;
    // those who cannot say go once a series; a series nobody can add to starts again.
    let mut play: Vec<Statement> = Vec::new();
    let mut left = kept.clone();
    let mut series = Pegging::new();
    let mut gone = vec![false; n];
    let mut last: Option<usize> = None;
    let mut leader = (dealer + 1) % n;
    'play: while left.iter().any(|h| !h.is_empty()) {
        let from = last.map_or(leader, |l| (l + 1) % n);
        let mut played = false;
        for k in 0..n {
            let s = (from + k) % n;
            let Some(hand) = left.get_mut(s) else { continue };
            let playable: Vec<usize> = (0..hand.len())
                .filter(|&i| hand.get(i).is_some_and(|&c| series.playable(c)))
                .collect();
            if let Some(&i) = playable.get(rng.below(playable.len())) {
                let c = hand.remove(i);
                let _ = series.play(c);
                play.push(statement(labels.get(s).copied().unwrap_or("?"), vec![card(c)]));
                last = Some(s);
                played = true;
                if series.count() == LIMIT {
                    series.reset();
                    gone = vec![false; n];
                    leader = (s + 1) % n;
                    last = None;
                    if o.one_series {
                        break 'play;
                    }
                }
                break;
            }
            if !hand.is_empty() && !gone.get(s).copied().unwrap_or(true) {
                if let Some(g) = gone.get_mut(s) {
                    *g = true;
                }
                play.push(statement(labels.get(s).copied().unwrap_or("?"), vec![word("go")]));
            }
        }
        if !played {
            if o.one_series {
                break;
            }
            leader = last.map_or(leader, |l| (l + 1) % n);
            series.reset();
            gone = vec![false; n];
            last = None;
        }
    }
    // The show: from the dealer's left round to the dealer, then the crib.
    for k in 1..=n {
        let s = (dealer + k) % n;
        play.push(statement(
            labels.get(s).copied().unwrap_or("?"),
            vec![word("hand")],
        ));
    }
    play.push(statement(
        labels.get(dealer).copied().unwrap_or("?"),
        vec![word("crib")],
    ));
    scoring.extend((0..play.len()).map(|i| (true, i)));

    let section = |items: Vec<Statement>| {
        Some(Section::new(
            Span::default(),
            Play {
                layout: Layout::Leader,
                items: items.into_iter().map(PlayItem::Event).collect(),
            },
        ))
    };
    r.play = section(play.clone());
    // The replay scores every statement; the record stops where the game is won.
    let (rep, _) = replay::check(&r, profile);
    let reached = rep
        .entries
        .iter()
        .position(|e| e.scores.iter().any(|&s| s >= o.game));
    if let Some(w) = reached
        && let Some(&(in_play, idx)) = scoring.get(w)
    {
        if in_play {
            play.truncate(idx + 1);
        } else {
            play.clear();
        }
        scoring.truncate(w + 1);
    }
    for (e, &(in_play, idx)) in rep.entries.iter().zip(&scoring) {
        let figure = vec![bare(Token::Number(i64::from(e.points)))];
        if e.points == 0 {
            continue;
        }
        if in_play {
            if let Some(st) = play.get_mut(idx) {
                st.figure = figure;
            }
        } else if let Some(st) = r.exchange.as_mut().and_then(|x| x.items.get_mut(idx)) {
            st.figure = figure;
        }
    }
    r.play = if play.is_empty() { None } else { section(play) };
    let (rep, _) = replay::check(&r, profile);
    let res = rep.result;
    let claim = |key: &str, values: Vec<Spanned<Token>>| Claim {
        key: bare(key.to_string()),
        values,
        comments: Vec::new(),
    };
    let pairs = |f: &dyn Fn(&crate::cribbage::model::SideResult) -> u32| -> Vec<Spanned<Token>> {
        res.sides
            .iter()
            .flat_map(|s| [word(&s.side), bare(Token::Number(i64::from(f(s))))])
            .collect()
    };
    let mut claims = vec![
        claim("points", pairs(&|s| s.points)),
        claim("total", pairs(&|s| s.total)),
    ];
    if let Some(w) = &res.winner {
        claims.push(claim("winner", vec![word(w)]));
        claims.push(claim("lurch", vec![word(if res.lurch { "yes" } else { "no" })]));
    }
    r.result = Some(Section::new(Span::default(), claims));
    r
}
