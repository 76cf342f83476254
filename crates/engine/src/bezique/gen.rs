//! The generator of random legal Bezique deals: a shuffled deal, every trick and
//! every declaration picked from [`GameState::legal`] of the same stock game the check
//! replays, and every claim the record can carry (the declarations' values from the play's
//! events; the result from the replay of the record so made).

use cards::Card;
use notation::{
    CardSlot, HandLine, Layout, Play, PlayItem, Record, Section, Span, Spanned, Token, Trick, TrickClaim,
};

use crate::bezique::meld;
use crate::bezique::replay::{self, play_rules};
use crate::bezique::rules::Profile;
use crate::core::build::{bare, card_tokens, claim, event, hand_line, number, tag, word};
use crate::core::piles::Stock;
use crate::core::{BySeat, CardCounts, GameState, Seat, Table};
use crate::pinochle::meld::MeldKind;
use crate::pinochle::state::{Action, Event, PlayState};
use crate::skat::r#gen::Rng;

/// A random legal deal under `profile` from `seed`, as a record with every claim.
pub fn generate(profile: &Profile, seed: u64) -> Record {
    let mut rng = Rng::new(seed);
    let o = profile.options;
    let labels = replay::labels(o.seats);
    let label = |s: Seat| labels.get(s.index()).copied().unwrap_or("?");
    let Ok(table) = Table::new(labels.len()) else {
        return Record::default();
    };
    let pack = o.pack.spec();
    let mut cards = pack.cards();
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
    let mut rest = cards.into_iter();
    let hands: BySeat<Vec<Card>> = BySeat::from_fn(table, |_| rest.by_ref().take(o.hand).collect());
    let turned = if o.turned { rest.next() } else { None };
    let stock: Vec<Card> = rest.collect();
    let mut r = Record {
        version: Some(2),
        ..Record::default()
    };
    // The partnership game keeps the sides' standing (`NS 640, EW 1210`).
    let sides: Vec<String> = if o.partners {
        (0..2)
            .map(|i| crate::pinochle::words::side_label(labels, i))
            .collect()
    } else {
        labels.iter().map(|l| l.to_string()).collect()
    };
    let standing: Vec<String> = sides
        .iter()
        .map(|l| format!("{l} {}", rng.below(140) * 10))
        .collect();
    r.tags = vec![
        tag("Game", "bezique"),
        tag("Rules", profile.name),
        tag("Source", &format!("generated, seed {seed}")),
        tag("Standing", &standing.join(", ")),
    ];
    let mut lines: Vec<HandLine> = table.seats().map(|s| hand_line(label(s), &hands[s])).collect();
    if let Some(t) = turned {
        lines.push(hand_line("trump", &[t]));
    }
    lines.push(hand_line("stock", &stock));
    r.deal = Some(Section::new(Span::default(), lines));

    let counts: BySeat<CardCounts> = BySeat::from_fn(table, |s| CardCounts::of(hands[s].iter().copied()));
    let Some(leader) = Seat::new(0) else {
        return Record::default();
    };
    let mut state = PlayState::new(
        play_rules(&o, table, turned.map_or(cards::Suit::Spades, |t| t.suit)),
        &pack,
        counts,
        leader,
        Some(Stock::new(stock, turned)),
    );
    let mut items: Vec<PlayItem> = Vec::new();
    // Carte blanche (000:663, 000:712): a hand dealt without a face card is shown before the
    // first lead, most of the time; then each drawn card that is not one, until one is.
    let carte = |seat: Seat, shown: &[Card]| {
        let tokens = [word("carte-blanche")]
            .into_iter()
            .chain(card_tokens(shown.iter().copied()))
            .collect();
        event(label(seat), tokens, Some(i64::from(o.carte_blanche)))
    };
    // The cut and the guess (000:603): the dealer lifts exactly 24 now and then; the guess
    // is right now and then.
    if let (Some(c), Some(dealer)) = (o.cut, labels.last()) {
        let packet = if rng.chance(30) {
            c.packet
        } else {
            12 + rng.below(40)
        };
        let cut_score = if packet == c.packet { c.dealer } else { 0 };
        items.push(event(
            dealer,
            vec![word("cuts"), number(i64::from(packet))],
            Some(i64::from(cut_score)),
        ));
        let guess = if rng.chance(30) {
            packet
        } else {
            12 + rng.below(40)
        };
        let guess_score = if guess == packet { c.guess } else { 0 };
        items.push(event(
            label(leader),
            vec![word("guesses"), number(i64::from(guess))],
            Some(i64::from(guess_score)),
        ));
    }
    let mut holding: BySeat<bool> = BySeat::new(table);
    if o.carte_blanche > 0 {
        for seat in table.seats() {
            if !hands[seat].iter().any(|&c| replay::is_face(c)) && rng.chance(90) {
                holding[seat] = true;
                items.push(carte(seat, &hands[seat]));
            }
        }
    }
    let mut trick_cards: Vec<Spanned<CardSlot>> = Vec::new();
    let mut trick_leader = leader;
    let mut trick_no = 0;
    // Pending declarations (000:557, 000:683–686), in every profile: now and then a second
    // declaration is announced beside the one scored, and scored at one of the holder's later
    // turns, as winner of a trick or as the partner a winner yielded to. In the partnership
    // game it may take cards of the partner's table (000:582), written `♠K@N` both times.
    let mut pending: BySeat<Vec<(MeldKind, CardCounts, CardCounts)>> = BySeat::new(table);
    let mut tried_at = None;
    let mut announced_at = None;
    let statement = |verb: &'static str,
                     kind: MeldKind,
                     cards: &CardCounts,
                     partner: &CardCounts,
                     mate: &str|
     -> Vec<Spanned<Token>> {
        [word(verb), word(meld::word(kind))]
            .into_iter()
            .chain(
                cards
                    .minus(partner)
                    .iter()
                    .map(|c| bare(Token::Card(CardSlot::Known(c)))),
            )
            .chain(partner.iter().map(|c| word(&format!("{c}@{mate}"))))
            .collect()
    };
    while !state.is_over() {
        // The one who declares scores his pending declarations: the winner, or the partner
        // the winner yielded to (000:582), so each is tried once a turn.
        if let Some(seat) = state.yielded_to().or(state.turn())
            && trick_cards.is_empty()
            && tried_at != Some((trick_no, seat))
            && !pending[seat].is_empty()
        {
            tried_at = Some((trick_no, seat));
            let i = rng.below(pending[seat].len() as u32) as usize;
            if let Some(&(kind, cards, partner)) = pending[seat].get(i)
                && rng.chance(60)
                && let Ok(Event::Melded { kind, value, .. }) = state.score_pending(kind, &cards, &partner)
            {
                pending[seat].remove(i);
                let mate = state.partner_of(seat).map_or("?", label);
                items.push(event(
                    label(seat),
                    statement("scores", kind, &cards, &partner, mate),
                    Some(i64::from(value)),
                ));
                continue;
            }
        }
        let legal = state.legal();
        let declarations: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Play { .. } | Action::Yield { .. }))
            .collect();
        // The partnership game: the winner yields about one turn in five, and a declaration
        // with the partner's cards is preferred when there is one, so records show both.
        let yielding = legal.iter().copied().find(|a| matches!(a, Action::Yield { .. }));
        let with_partner: Vec<Action> = declarations
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Meld { partner, .. } if !partner.is_empty()))
            .collect();
        let plays: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Play { .. }))
            .collect();
        // Now and then a declaration with the partner's table cards is announced rather than
        // scored, once a turn: it stays the announcer's, to score at a later turn of his while
        // those cards lie on the partner's table (spec/rules/bezique.md §3e).
        let declarer = state.yielded_to().or(state.turn());
        if let Some(seat) = declarer
            && !with_partner.is_empty()
            && announced_at != Some((trick_no, seat))
            && rng.chance(40)
            && let Some(&Action::Meld {
                kind, cards, partner, ..
            }) = with_partner.get(rng.below(with_partner.len() as u32) as usize)
        {
            announced_at = Some((trick_no, seat));
            // Scored at a later turn, not this one (000:557, "the next time he wins a trick").
            tried_at = Some((trick_no, seat));
            if let Ok((kind, _)) = state.announce(kind, &cards, &CardCounts::EMPTY, &partner) {
                pending[seat].push((kind, cards, partner));
                let mate = state.partner_of(seat).map_or("?", label);
                items.push(event(
                    label(seat),
                    statement("announces", kind, &cards, &partner, mate),
                    None,
                ));
                continue;
            }
        }
        let action = if yielding.is_some() && rng.chance(20) {
            yielding
        } else if !with_partner.is_empty() && rng.chance(70) {
            with_partner
                .get(rng.below(with_partner.len() as u32) as usize)
                .copied()
        } else if !declarations.is_empty() && rng.chance(70) {
            declarations
                .get(rng.below(declarations.len() as u32) as usize)
                .copied()
        } else {
            plays.get(rng.below(plays.len() as u32) as usize).copied()
        };
        let Some(action) = action else { break };
        let seat = state.yielded_to().or(state.turn()).unwrap_or(state.to_play());
        if trick_cards.is_empty() && matches!(action, Action::Play { .. }) {
            trick_leader = state.to_play();
            for (s, c) in state.next_draws() {
                if holding[s] {
                    holding[s] = !replay::is_face(c) && rng.chance(90);
                    if holding[s] {
                        items.push(carte(s, &[c]));
                    }
                }
            }
        }
        let Ok(done) = state.play(action) else { break };
        match (action, done) {
            (
                Action::Meld {
                    kind, cards, partner, ..
                },
                Event::Melded { value, .. },
            ) => {
                // The partner's cards are written where they lie: `♠Q@S`.
                let mate = state.partner_of(seat).map_or("?", label);
                let tokens = [word(meld::word(kind))]
                    .into_iter()
                    .chain(
                        cards
                            .minus(&partner)
                            .iter()
                            .map(|c| bare(Token::Card(CardSlot::Known(c)))),
                    )
                    .chain(partner.iter().map(|c| word(&format!("{c}@{mate}"))))
                    .collect();
                items.push(event(label(seat), tokens, Some(i64::from(value))));
                // Another declaration open at this turn is announced now and then; one with
                // the partner's table cards is preferred when there is one, so that records
                // show them (spec/rules/bezique.md §3e).
                let others: Vec<(MeldKind, CardCounts, CardCounts)> = declarations
                    .iter()
                    .filter_map(|a| match *a {
                        Action::Meld {
                            kind: k,
                            cards: c,
                            partner: p,
                            ..
                        } if c != cards => Some((k, c, p)),
                        _ => None,
                    })
                    .collect();
                let with_mate: Vec<(MeldKind, CardCounts, CardCounts)> =
                    others.iter().copied().filter(|(_, _, p)| !p.is_empty()).collect();
                if !others.is_empty() && rng.chance(40) {
                    let pool = if !with_mate.is_empty() && rng.chance(60) {
                        &with_mate
                    } else {
                        &others
                    };
                    if let Some(&(k, c, p)) = pool.get(rng.below(pool.len() as u32) as usize)
                        && let Ok((k, _)) = state.announce(k, &c, &CardCounts::EMPTY, &p)
                    {
                        // Scored at a later turn, not this one (000:684, `B0224`).
                        tried_at = Some((trick_no, seat));
                        pending[seat].push((k, c, p));
                        items.push(event(label(seat), statement("announces", k, &c, &p, mate), None));
                    }
                }
            }
            (Action::Yield { to }, _) => {
                items.push(event(
                    label(seat),
                    vec![word(crate::bezique::partners::YIELDS), word(label(to))],
                    None,
                ));
            }
            (Action::Exchange { card }, _) => {
                let tokens = [word("exchanges")]
                    .into_iter()
                    .chain(card_tokens([card]))
                    .collect();
                items.push(event(label(seat), tokens, None));
            }
            (
                Action::Play { card, .. },
                Event::Played {
                    trick, from_table, ..
                },
            ) => {
                // A card played from the declarations on the table is marked, since a copy of
                // it may also be in the hand.
                let _ = from_table;
                trick_cards.push(bare(CardSlot::Known(card)));
                if let Some(t) = trick {
                    trick_no += 1;
                    items.push(PlayItem::Trick(Trick {
                        number: Some(bare(trick_no)),
                        leader: Some(bare(label(trick_leader).to_string())),
                        cards: std::mem::take(&mut trick_cards),
                        origins: Vec::new(),
                        claim: Some(bare(TrickClaim::Points(t.points))),
                        taker: Some(bare(label(t.winner).to_string())),
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
    let pairs = |key: &str, f: &dyn Fn(&crate::bezique::model::SideResult) -> Option<i64>| {
        let values = rep
            .result
            .sides
            .iter()
            .filter_map(|s| f(s).map(|n| [word(&s.side), number(n)]))
            .flatten()
            .collect();
        claim(key, values)
    };
    r.result = Some(Section::new(
        Span::default(),
        vec![
            pairs("declarations", &|s| Some(i64::from(s.declarations))),
            pairs("brisques", &|s| Some(i64::from(s.brisques))),
            pairs("points", &|s| Some(i64::from(s.points))),
            pairs("game", &|s| s.game),
            pairs("total", &|s| s.total),
        ]
        .into_iter()
        .filter(|c| !c.values.is_empty())
        .collect::<Vec<_>>(),
    ));
    r
}
