//! The check of a Frog record: the table and the deal, the offers, the trump, the widow, the
//! play under follow-and-trump, the single player's points with the widow, and the settlement
//! per point over or under 60 (`spec/rules/frog.md`).

use cards::{Card, Pack, Rank, Suit};
use notation::{
    CallKind, CardSlot, Diagnostic, Figure, Kind, PlayItem, Record, Span, Statement, Token, TrickClaim,
};

use crate::at;
use crate::core::GameState;
use crate::core::counts::{CardCounts, CopyError, check_copies};
use crate::core::duties::{Duties, PlayError};
use crate::frog::model::{GameResult, Replay, TrickRecord};
use crate::frog::rules::{Game, Options, Profile};
use crate::frog::state::{PlayState, Refusal};

/// The three who hold cards, in turn order from the dealer's left (001:598, 604).
pub const ACTIVE: [&str; 3] = ["F", "M", "R"];

/// Checks a record under a profile: the replay and the findings.
pub fn check(record: &Record, profile: &Profile) -> (Replay, Vec<Diagnostic>) {
    let (replay, findings, _) = check_keeping(record, profile);
    (replay, findings)
}

/// The code and message of a card the rules refuse: `G0301` for a card not held, `G0302`
/// for one against the duty to follow suit or to trump, `G0304` after the last trick.
pub(crate) fn refusal_finding(refusal: Refusal) -> (&'static str, String) {
    match refusal {
        Refusal::Over => ("G0304", "a trick after the last".to_string()),
        Refusal::Illegal { seat, error } => {
            let code = if matches!(error, PlayError::NotHeld(_)) {
                "G0301"
            } else {
                "G0302"
            };
            (code, format!("{}: {error}", label(seat)))
        }
    }
}

/// The replay, the findings and the play state after the record's last card (`None` when
/// the check stops before the play): the state a game for bots goes on from.
pub(crate) fn check_keeping(
    record: &Record,
    profile: &Profile,
) -> (Replay, Vec<Diagnostic>, Option<PlayState>) {
    let mut r = Run {
        kept: None,
        record,
        o: profile.options,
        replay: Replay {
            profile: profile.name.to_string(),
            active: ACTIVE.iter().map(|s| s.to_string()).collect(),
            ..Replay::default()
        },
        findings: Vec::new(),
    };
    r.run();
    r.claims();
    (r.replay, r.findings, r.kept)
}

/// A card's points: ace 11, ten 10, king 4, queen 3, jack 2 (001:600).
pub fn points(card: Card) -> u32 {
    match card.rank {
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

/// The duties of play: follow suit, trump when void, no heading, no overtrumping (001:608).
pub const DUTIES: Duties = Duties::FOLLOW_TRUMP;

struct Run<'a> {
    record: &'a Record,
    o: Options,
    replay: Replay,
    findings: Vec<Diagnostic>,
    /// The play state after the record's last card.
    kept: Option<PlayState>,
}

fn seat(label: &str) -> Option<usize> {
    ACTIVE.iter().position(|s| s.eq_ignore_ascii_case(label.trim()))
}

fn label(i: usize) -> &'static str {
    ACTIVE.get(i).copied().unwrap_or("?")
}

fn span_of(st: &Statement) -> Option<Span> {
    st.seat
        .as_ref()
        .map(|s| s.span)
        .or_else(|| st.tokens.first().map(|t| t.span))
        .and_then(at)
}

fn cards_of(st: &Statement) -> Vec<Card> {
    st.tokens
        .iter()
        .filter_map(|t| match t.node {
            Token::Card(CardSlot::Known(c)) => Some(c),
            _ => None,
        })
        .collect()
}

impl Run<'_> {
    fn push(&mut self, d: Diagnostic) {
        self.findings.push(d);
    }

    fn err(&mut self, code: &'static str, kind: Kind, span: Option<Span>, message: String) {
        self.push(Diagnostic::error(code, kind, span, message));
    }

    fn run(&mut self) {
        let record = self.record;
        // The table: the seats clockwise, those without cards too.
        let table: Vec<String> = match record.tag("Seats") {
            Some(s) => s.split_whitespace().map(str::to_string).collect(),
            None => ACTIVE.iter().map(|s| s.to_string()).collect(),
        };
        let [lo, hi] = self.o.table;
        if table.len() < lo || table.len() > hi || ACTIVE.iter().any(|a| !table.iter().any(|t| t == a)) {
            self.err(
                "G0205",
                Kind::Illegal,
                record.tag_item("Seats").and_then(|t| at(t.value.span)),
                format!(
                    "a table of three to five seats, F M R among them, not `{}`",
                    table.join(" ")
                ),
            );
            return;
        }
        self.replay.table = table;
        let Some(deal) = &record.deal else {
            self.err("G0504", Kind::Incomplete, at(record.span), "no deal".into());
            return;
        };
        let mut hands: Vec<Option<Vec<Card>>> = vec![None; 3];
        let mut widow = None;
        let mut piles: Vec<(Vec<Card>, Span)> = Vec::new();
        for line in &deal.items {
            let mut cards = Vec::new();
            for slot in &line.cards {
                match slot.node {
                    CardSlot::Known(c) => cards.push(c),
                    CardSlot::Unknown => {
                        self.err(
                            "G0504",
                            Kind::Incomplete,
                            at(slot.span),
                            "a card not recorded (`??`)".into(),
                        );
                        return;
                    }
                }
            }
            piles.push((cards.clone(), line.seat.span));
            let name = line.seat.node.as_str();
            let want = if name.eq_ignore_ascii_case("widow") {
                self.o.widow
            } else {
                self.o.hand
            };
            if name.eq_ignore_ascii_case("widow") {
                widow = Some(cards.clone());
            } else if let Some(s) = seat(name) {
                if let Some(h) = hands.get_mut(s) {
                    *h = Some(cards.clone());
                }
            } else {
                self.push(
                    Diagnostic::error(
                        "G0502",
                        Kind::Incomplete,
                        at(line.seat.span),
                        format!("`{name}` is not a seat that holds cards, nor the widow"),
                    )
                    .with_help("hands: F M R; pile: widow"),
                );
                continue;
            }
            if cards.len() != want {
                self.err(
                    "G0201",
                    Kind::Illegal,
                    at(line.seat.span),
                    format!("{name} holds {} cards, not {want}", cards.len()),
                );
                return;
            }
        }
        let refs: Vec<&[Card]> = piles.iter().map(|(c, _)| c.as_slice()).collect();
        if let Err(errors) = check_copies(&Pack::Frog36.spec(), &refs) {
            for e in errors {
                let (CopyError::NotInPack { pile, .. } | CopyError::TooMany { pile, .. }) = &e;
                let span = piles.get(*pile).map(|(_, s)| *s);
                self.push(e.diagnostic(span.and_then(at)));
            }
            return;
        }
        let (Some(widow), Some(f), Some(m), Some(r)) =
            (widow, hands[0].clone(), hands[1].clone(), hands[2].clone())
        else {
            self.err(
                "G0504",
                Kind::Incomplete,
                at(deal.span),
                "the deal needs the hands of F, M and R and the widow".into(),
            );
            return;
        };
        let mut hands = vec![f, m, r];
        self.replay.hands = hands.clone();
        self.replay.widow = widow.clone();
        let Some((declarer, game)) = self.auction() else {
            return;
        };
        self.replay.declarer = Some(label(declarer).to_string());
        self.replay.contract = Some(game);
        let Some(trump) = self.trump(declarer, game) else {
            return;
        };
        self.replay.trump = Some(trump.name().to_string());
        // The widow: taken and three laid away in a Frog; untouched otherwise, counting for him.
        let mut kept_for_him: Vec<Card> = widow.clone();
        if !self.exchange(declarer, game, &widow, &mut hands, &mut kept_for_him) {
            return;
        }
        let taken = self.play(declarer, trump, hands);
        let Some(taken) = taken else { return };
        let pts = taken + kept_for_him.iter().map(|&c| points(c)).sum::<u32>();
        self.settle(declarer, game, pts);
    }

    fn auction(&mut self) -> Option<(usize, Game)> {
        let record = self.record;
        let Some(section) = &record.auction else {
            self.err(
                "G0505",
                Kind::Incomplete,
                at(record.span),
                "no auction: the game and its player are not known".into(),
            );
            return None;
        };
        let mut passed = [false; 3];
        let mut high: Option<(usize, Game)> = None;
        let mut turn = 0usize;
        let mut ended = false;
        for call in &section.items {
            let span = at(call.seat.span);
            let Some(s) = seat(&call.seat.node) else {
                self.err(
                    "G0502",
                    Kind::Incomplete,
                    span,
                    format!("`{}` is not a seat that holds cards", call.seat.node),
                );
                return None;
            };
            if ended {
                self.err(
                    "G0103",
                    Kind::Illegal,
                    span,
                    "a call after the auction has ended".into(),
                );
                return None;
            }
            if s != turn {
                self.err(
                    "G0101",
                    Kind::Illegal,
                    span,
                    format!("it is {}'s turn to call", label(turn)),
                );
                return None;
            }
            let offer = match call.call.node {
                CallKind::Pass => None,
                _ => match call.word().and_then(Game::from_word) {
                    Some(g) => Some(g),
                    None => {
                        self.push(
                            Diagnostic::error(
                                "G0502",
                                Kind::Incomplete,
                                at(call.call.span),
                                "not an offer of Frog".to_string(),
                            )
                            .with_help("offers: frog, chico, grand, pass"),
                        );
                        return None;
                    }
                },
            };
            self.replay.auction.push((label(s).to_string(), offer));
            match offer {
                None => {
                    if let Some(p) = passed.get_mut(s) {
                        *p = true;
                    }
                }
                Some(g) => {
                    if high.is_some_and(|(_, h)| g <= h) {
                        let h = high.map(|(_, h)| h.word()).unwrap_or("");
                        self.err(
                            "G0102",
                            Kind::Illegal,
                            at(call.call.span),
                            format!("{} does not outbid {h}", g.word()),
                        );
                        return None;
                    }
                    high = Some((s, g));
                }
            }
            let live: Vec<usize> = (0..3)
                .filter(|&i| !passed.get(i).copied().unwrap_or(true))
                .collect();
            ended = match high {
                None => live.is_empty(),
                Some((h, _)) => live == [h],
            };
            // The next who has not passed, skipping the high bidder's own turn (X51).
            if !ended {
                let mut k = s;
                for _ in 0..3 {
                    k = (k + 1) % 3;
                    if !passed.get(k).copied().unwrap_or(true) && high.is_none_or(|(h, _)| h != k) {
                        break;
                    }
                }
                turn = k;
            }
        }
        if !ended {
            self.err(
                "G0505",
                Kind::Incomplete,
                at(section.span),
                "the auction is not finished".into(),
            );
            return None;
        }
        if high.is_none() {
            // All passed: no game, a new deal (X51).
            self.replay.result = GameResult {
                complete: true,
                passed: true,
                points: 0,
                settle: self.replay.table.iter().map(|t| (t.clone(), 0)).collect(),
            };
        }
        high
    }

    fn trump(&mut self, declarer: usize, game: Game) -> Option<Suit> {
        let named = self
            .record
            .declaration
            .as_ref()
            .and_then(|d| d.items.first())
            .map(|st| {
                let suit = st.tokens.iter().find_map(|t| match &t.node {
                    Token::Word(w) => crate::pinochle::words::suit(w),
                    _ => None,
                });
                (st.seat.as_ref().and_then(|s| seat(&s.node)), suit, span_of(st))
            });
        match (game.fixed_trump(), named) {
            (Some(h), None) => Some(h),
            (Some(h), Some((who, suit, span))) => {
                if who != Some(declarer) || suit != Some(h) {
                    self.err(
                        "G0203",
                        Kind::Illegal,
                        span,
                        format!("{} is played in hearts, by {}", game.word(), label(declarer)),
                    );
                    return None;
                }
                Some(h)
            }
            (None, None) => {
                self.err(
                    "G0505",
                    Kind::Incomplete,
                    at(self.record.span),
                    "a Chico names its trump: `declare M spades`".into(),
                );
                None
            }
            (None, Some((who, suit, span))) => match suit {
                Some(s) if who == Some(declarer) && s != Suit::Hearts => Some(s),
                _ => {
                    self.err(
                        "G0203",
                        Kind::Illegal,
                        span,
                        format!("the Chico player {} names any suit but hearts", label(declarer)),
                    );
                    None
                }
            },
        }
    }

    /// The widow: in a Frog shown, taken and three laid away (001:606); never touched in a
    /// Chico or a Grand (001:612, 614). Returns `false` when the replay cannot go on.
    fn exchange(
        &mut self,
        declarer: usize,
        game: Game,
        widow: &[Card],
        hands: &mut [Vec<Card>],
        kept: &mut Vec<Card>,
    ) -> bool {
        let items: Vec<&Statement> = self
            .record
            .exchange
            .as_ref()
            .map(|e| e.items.iter().collect())
            .unwrap_or_default();
        if game != Game::Frog {
            if let Some(st) = items.first() {
                self.err(
                    "G0204",
                    Kind::Illegal,
                    span_of(st),
                    format!("the widow is not touched in a {}", game.word()),
                );
                return false;
            }
            return true;
        }
        let mut picked = false;
        let mut discarded = None;
        for st in &items {
            let who = st.seat.as_ref().and_then(|s| seat(&s.node));
            let word = st.tokens.first().and_then(|t| match &t.node {
                Token::Word(w) => Some(w.to_ascii_lowercase()),
                _ => None,
            });
            let cards = cards_of(st);
            if who != Some(declarer) {
                self.err(
                    "G0202",
                    Kind::Illegal,
                    span_of(st),
                    format!("only the single player {} takes the widow", label(declarer)),
                );
                return false;
            }
            match word.as_deref() {
                Some("pickup") => {
                    let mut a = cards.clone();
                    let mut b = widow.to_vec();
                    a.sort();
                    b.sort();
                    if !cards.is_empty() && a != b {
                        self.err(
                            "G0202",
                            Kind::Illegal,
                            span_of(st),
                            "the cards taken up are not the widow".into(),
                        );
                        return false;
                    }
                    picked = true;
                }
                Some("discard") => {
                    let mut pool = hands.get(declarer).cloned().unwrap_or_default();
                    pool.extend_from_slice(widow);
                    let all_held = CardCounts::of(cards.iter().copied())
                        .iter_distinct()
                        .all(|(c, n)| CardCounts::of(pool.iter().copied()).count(c) >= n);
                    if cards.len() != self.o.widow || !all_held || !picked {
                        self.err(
                            "G0202",
                            Kind::Illegal,
                            span_of(st),
                            format!(
                                "after taking the widow the single player lays away {} of his cards",
                                self.o.widow
                            ),
                        );
                        return false;
                    }
                    discarded = Some(cards);
                }
                _ => {
                    self.push(
                        Diagnostic::error(
                            "G0502",
                            Kind::Incomplete,
                            span_of(st),
                            "not a statement of Frog's widow".to_string(),
                        )
                        .with_help("M pickup …, M discard …"),
                    );
                    return false;
                }
            }
        }
        let Some(d) = discarded else {
            self.err(
                "G0503",
                Kind::Incomplete,
                self.record
                    .exchange
                    .as_ref()
                    .and_then(|e| at(e.span))
                    .or(at(self.record.span)),
                "a Frog needs the three cards laid away (`M discard …`)".into(),
            );
            return false;
        };
        if let Some(h) = hands.get_mut(declarer) {
            h.extend_from_slice(widow);
            for c in &d {
                if let Some(p) = h.iter().position(|x| x == c) {
                    h.remove(p);
                }
            }
        }
        self.replay.discard = d.clone();
        *kept = d;
        true
    }

    /// The play; the single player's points in tricks, `None` when it stops. The play state
    /// after the record's last card is kept for a game going on from it.
    fn play(&mut self, declarer: usize, trump: Suit, hands: Vec<Vec<Card>>) -> Option<u32> {
        let mut state = PlayState::new(trump, hands);
        let taken = self.play_through(declarer, &mut state);
        self.kept = Some(state);
        taken
    }

    fn play_through(&mut self, declarer: usize, state: &mut PlayState) -> Option<u32> {
        let mut taken = 0u32;
        let Some(play) = &self.record.play else {
            self.err("G0501", Kind::Incomplete, at(self.record.span), "no play".into());
            return None;
        };
        for item in &play.items.items {
            let t = match item {
                PlayItem::Trick(t) => t,
                PlayItem::Event(st) => {
                    self.push(Diagnostic::error(
                        "G0502",
                        Kind::Incomplete,
                        span_of(st),
                        "Frog has no events in the play".to_string(),
                    ));
                    continue;
                }
            };
            let span = t
                .number
                .as_ref()
                .map(|n| n.span)
                .or(t.leader.as_ref().map(|l| l.span))
                .and_then(at);
            if state.is_over() {
                self.err("G0304", Kind::Illegal, span, "a trick after the last".into());
                return None;
            }
            let leader = state.to_play();
            if t.leader.as_ref().and_then(|l| seat(&l.node)) != Some(leader) {
                self.err(
                    "G0303",
                    Kind::Illegal,
                    span,
                    format!("{} leads this trick", label(leader)),
                );
                return None;
            }
            let mut done = None;
            for slot in &t.cards {
                let CardSlot::Known(card) = slot.node else {
                    self.err(
                        "G0501",
                        Kind::Incomplete,
                        at(slot.span),
                        "a card not recorded (`??`)".into(),
                    );
                    return None;
                };
                match state.play(card) {
                    Ok(played) => done = played.trick,
                    Err(refusal) => {
                        let (code, message) = refusal_finding(refusal);
                        self.err(code, Kind::Illegal, at(slot.span), message);
                        return None;
                    }
                }
            }
            let Some(done) = done.filter(|_| state.trick().is_empty()) else {
                self.err(
                    "G0501",
                    Kind::Incomplete,
                    span,
                    "a trick of fewer than three cards".into(),
                );
                return None;
            };
            let (w, pts) = (done.winner, done.points);
            if w == declarer {
                taken += pts;
            }
            if let Some(claim) = &t.claim {
                let ok = match (&t.taker, claim.node) {
                    (Some(tk), TrickClaim::Points(n)) => seat(&tk.node) == Some(w) && n == pts,
                    (None, TrickClaim::Points(n)) => w == declarer && n == pts,
                    (_, TrickClaim::Lost) => w != declarer,
                };
                if !ok {
                    self.push(
                        Diagnostic::error(
                            "G0401",
                            Kind::Inconsistent,
                            at(claim.span),
                            format!("{} takes the trick with {pts} points", label(w)),
                        )
                        .with_claim(
                            "trick",
                            Figure::Number(match claim.node {
                                TrickClaim::Points(n) => i64::from(n),
                                TrickClaim::Lost => 0,
                            }),
                            Figure::Number(i64::from(pts)),
                        ),
                    );
                }
            }
            self.replay.tricks.push(TrickRecord {
                leader: label(leader).to_string(),
                cards: done.cards,
                winner: label(w).to_string(),
                points: pts,
            });
        }
        if !state.is_over() {
            self.err(
                "G0501",
                Kind::Incomplete,
                at(play.span),
                format!("the play stops after trick {}", self.replay.tricks.len()),
            );
            return None;
        }
        Some(taken)
    }

    fn settle(&mut self, declarer: usize, game: Game, pts: u32) {
        self.replay.result = GameResult {
            complete: true,
            passed: false,
            points: pts,
            settle: settlement(&self.replay.table, label(declarer), game, pts),
        };
    }

    fn claims(&mut self) {
        let Some(section) = &self.record.result else {
            return;
        };
        let r = self.replay.result.clone();
        if !r.complete {
            return;
        }
        for claim in &section.items {
            let key = claim.key.node.to_ascii_lowercase();
            let span = at(claim.key.span);
            let word = claim.values.iter().find_map(|v| match &v.node {
                Token::Word(w) => Some(w.clone()),
                _ => None,
            });
            let number = claim.values.iter().find_map(|v| match v.node {
                Token::Number(n) => Some(n),
                _ => None,
            });
            let bad = |this: &mut Self, msg: String, claimed: Figure, computed: Figure| {
                this.push(
                    Diagnostic::error("G0404", Kind::Inconsistent, span, msg).with_claim(
                        key.clone(),
                        claimed,
                        computed,
                    ),
                );
            };
            match key.as_str() {
                "declarer" => {
                    let c = self.replay.declarer.clone().unwrap_or_else(|| "none".into());
                    if word.as_deref().is_none_or(|w| !w.eq_ignore_ascii_case(&c)) {
                        bad(
                            self,
                            format!("the single player is {c}"),
                            Figure::Word(word.unwrap_or_default()),
                            Figure::Word(c),
                        );
                    }
                }
                "game" => {
                    let c = self.replay.contract.map_or("none", Game::word).to_string();
                    if word.as_deref().is_none_or(|w| !w.eq_ignore_ascii_case(&c)) {
                        bad(
                            self,
                            format!("the game is {c}"),
                            Figure::Word(word.unwrap_or_default()),
                            Figure::Word(c),
                        );
                    }
                }
                "points" => {
                    if number != Some(i64::from(r.points)) {
                        bad(
                            self,
                            format!("the single player has {} points", r.points),
                            Figure::Number(number.unwrap_or(0)),
                            Figure::Number(i64::from(r.points)),
                        );
                    }
                }
                "settle" => {
                    for (l, n, vspan) in crate::pinochle::words::pairs(&claim.values) {
                        match r.settle.iter().find(|(t, _)| t.eq_ignore_ascii_case(&l)) {
                            Some(&(_, c)) if c != n => self.push(
                                Diagnostic::error(
                                    "G0404",
                                    Kind::Inconsistent,
                                    at(vspan),
                                    format!("{l} settles {c}, the record says {n}"),
                                )
                                .with_claim(
                                    "settle",
                                    Figure::Number(n),
                                    Figure::Number(c),
                                ),
                            ),
                            Some(_) => {}
                            None => self.push(Diagnostic::error(
                                "G0502",
                                Kind::Incomplete,
                                at(vspan),
                                format!("`{l}` is not a seat at the table"),
                            )),
                        }
                    }
                }
                other => self.push(
                    Diagnostic::warning(
                        "G0507",
                        span,
                        format!("`{other}` is not a claim the Frog engine checks"),
                    )
                    .with_help("claims: declarer, game, points, settle"),
                ),
            }
        }
    }
}

/// What each seat at `table` receives (negative: pays) when `declarer` makes `pts` in `game`:
/// per point over 60, the game's counters from each opponent who held cards; under 60, per
/// point his adversaries have over 60, the counters to everyone at the table, those without
/// cards too (001:610–614; X53 for Chico and Grand; exactly 60 pays nothing, X52).
pub fn settlement(table: &[String], declarer: &str, game: Game, pts: u32) -> Vec<(String, i64)> {
    let unit = game.unit();
    let over = i64::from(pts) - 60;
    let others = i64::try_from(table.len()).unwrap_or(3) - 1;
    table
        .iter()
        .map(|t| {
            let holds = seat(t).is_some();
            let n = if over > 0 {
                if t == declarer {
                    2 * unit * over
                } else if holds {
                    -unit * over
                } else {
                    0
                }
            } else if t == declarer {
                unit * over * others
            } else {
                -unit * over
            };
            (t.clone(), n)
        })
        .collect()
}
