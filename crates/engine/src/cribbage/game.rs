//! Cribbage for bots ([`crate::table_game`]): from the deal and the starter, each seat lays
//! out its cards for the crib (`crib ♠9 ♥2`, the dealer's left first), then pegs card by card
//! or says `go` on the [`PegState`] the check steps a record's play through; heels and the
//! show are scored by themselves. Every figure the record carries is the check's own: after
//! each action the record so far is checked and its entries give the figures, so the game
//! ends where the check says a side reached the target.

use cards::{AlphabetSet, Card, Rank};
use notation::{
    CardSlot, Layout, Play, PlayItem, Record, Section, Severity, Span, Spanned, Statement, Token,
};

use crate::core::choose::choose;
use crate::cribbage::model::Replay;
use crate::cribbage::rules::{self, Profile};
use crate::cribbage::state::{PegState, Turn, crib_problem};
use crate::cribbage::words::{self, StepWord};
use crate::cribbage::{family::CRIBBAGE, replay};
use crate::family::{Family, GenLayout, Outcome};
use crate::table_game::{Action, DealSpec, Game, GameError, Played, Refusal};

/// A Cribbage action.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Act {
    /// The cards laid out for the crib.
    Crib(Vec<Card>),
    /// A card pegged.
    Card(Card),
    /// The seat cannot play.
    Go,
}

/// A Cribbage deal played by bots.
#[derive(Clone)]
pub(crate) struct CribbageGame {
    profile: &'static Profile,
    labels: &'static [&'static str],
    /// The header and the deal.
    base: Record,
    dealer: usize,
    dealt: Vec<Vec<Card>>,
    starter: Card,
    laid: Vec<Option<Vec<Card>>>,
    /// The pegging, once every crib card is laid out.
    peg: Option<PegState>,
    /// The crib lay-outs, then heels.
    exchange: Vec<Statement>,
    /// Whether heels stand among them (a scoring entry before the play).
    heels: bool,
    /// The pegging, then the show.
    play: Vec<Statement>,
    /// The record so far, with the check's figures.
    written: Record,
    /// The check's figure of each play statement (`None` for one past the game's end).
    figures: Vec<Option<u32>>,
    over: bool,
}

fn bare<T>(node: T) -> Spanned<T> {
    Spanned::bare(node)
}

fn statement(seat: &str, tokens: Vec<Token>) -> Statement {
    Statement {
        seat: Some(bare(seat.to_string())),
        tokens: tokens.into_iter().map(bare).collect(),
        figure: Vec::new(),
        comments: Vec::new(),
    }
}

fn word(w: &str) -> Token {
    Token::Word(w.to_string())
}

fn card(c: Card) -> Token {
    Token::Card(CardSlot::Known(c))
}

fn first_word(st: &Statement) -> Option<StepWord> {
    st.tokens.first().and_then(|t| match &t.node {
        Token::Word(w) => words::step(w),
        _ => None,
    })
}

fn error(code: &str, message: impl Into<String>) -> GameError {
    GameError::new(code, message)
}

impl CribbageGame {
    fn start(profile: &'static Profile, deal: DealSpec) -> Result<CribbageGame, GameError> {
        let record = match deal {
            DealSpec::Seed(seed) => {
                let mut r = CRIBBAGE
                    .generate(profile.name, seed, GenLayout::Complete)
                    .ok_or_else(|| error("E0002", format!("no profile `{}`", profile.name)))?;
                r.exchange = None;
                r.play = None;
                r.result = None;
                r
            }
            DealSpec::Record(text) => read(&text, profile)?,
        };
        let (rep, findings) = replay::check(&record, profile);
        // A record stopped in its exchange or play is incomplete (`C0503`), not wrong.
        if let Some(d) = findings
            .iter()
            .find(|d| d.severity == Severity::Error && d.code != "C0503")
        {
            return Err(GameError::of(d));
        }
        if findings.iter().any(|d| d.code == "C0508") {
            return Err(error(
                "A0003",
                "a record of the show alone has no play to go on with",
            ));
        }
        if !record.deal_events.is_empty() {
            return Err(error("A0003", "penalties are not offered to bots"));
        }
        let Replay {
            hands,
            starter,
            dealer,
            ..
        } = rep;
        let labels = words::labels(profile.options.seats);
        let dealer = words::seat(&dealer, labels).unwrap_or(labels.len() - 1);
        let Some(starter) = starter else {
            return Err(error("A0003", "the deal has no starter"));
        };
        let mut base = record.clone();
        base.exchange = None;
        base.play = None;
        base.result = None;
        let mut game = CribbageGame {
            profile,
            labels,
            base: base.clone(),
            dealer,
            laid: vec![None; hands.len()],
            dealt: hands,
            starter,
            peg: None,
            exchange: Vec::new(),
            heels: false,
            play: Vec::new(),
            written: base,
            figures: Vec::new(),
            over: false,
        };
        game.take_up(&record)?;
        game.advance();
        Ok(game)
    }

    /// Takes up the record's crib lay-outs and pegging as written (the goes it leaves out
    /// included); heels and the show are written again by the game.
    fn take_up(&mut self, record: &Record) -> Result<(), GameError> {
        for st in record.exchange.iter().flat_map(|s| &s.items) {
            let seat = st.seat.as_ref().and_then(|s| words::seat(&s.node, self.labels));
            match (first_word(st), seat) {
                (Some(StepWord::Crib), Some(seat)) => {
                    let cards: Vec<Card> = st
                        .tokens
                        .iter()
                        .filter_map(|t| match t.node {
                            Token::Card(CardSlot::Known(c)) => Some(c),
                            _ => None,
                        })
                        .collect();
                    self.lay_out(seat, cards);
                }
                (Some(StepWord::Heels), _) => {}
                _ => return Err(error("A0003", "penalties are not offered to bots")),
            }
        }
        self.after_exchange();
        let items = record.play.iter().flat_map(|p| &p.items.items);
        for item in items {
            let PlayItem::Event(st) = item else {
                return Err(error("A0003", "Cribbage has no tricks"));
            };
            let seat = st.seat.as_ref().and_then(|s| words::seat(&s.node, self.labels));
            let first = st.tokens.first().map(|t| &t.node);
            let act = match (first, first_word(st)) {
                (Some(Token::Card(CardSlot::Known(c))), _) => Act::Card(*c),
                (_, Some(StepWord::Go)) => Act::Go,
                (_, Some(StepWord::Hand | StepWord::Crib)) => break,
                _ => return Err(error("A0003", "penalties are not offered to bots")),
            };
            let (Some(seat), Some(peg)) = (seat, self.peg.as_mut()) else {
                return Err(error("A0003", "the play begins before the crib is laid out"));
            };
            // As the check reads a record: a dead series closes before the next card.
            let done = match act {
                Act::Card(c) => {
                    peg.settle();
                    peg.play_card(seat, c).map(|_| ())
                }
                _ => peg.go(seat).map(|_| ()),
            };
            if let Err(refusal) = done {
                let (code, message) = refusal.finding(self.labels);
                return Err(error(code, message));
            }
            self.play.push(Self::pegging_statement(self.label(seat), &act));
        }
        Ok(())
    }

    fn label(&self, seat: usize) -> &'static str {
        self.labels.get(seat).copied().unwrap_or("?")
    }

    fn pegging_statement(label: &str, act: &Act) -> Statement {
        match act {
            Act::Card(c) => statement(label, vec![card(*c)]),
            Act::Go => statement(label, vec![word("go")]),
            Act::Crib(cards) => {
                let mut tokens = vec![word("crib")];
                tokens.extend(cards.iter().map(|&c| card(c)));
                statement(label, tokens)
            }
        }
    }

    fn lay_out(&mut self, seat: usize, cards: Vec<Card>) {
        self.exchange.push(Self::pegging_statement(
            self.label(seat),
            &Act::Crib(cards.clone()),
        ));
        if let Some(slot) = self.laid.get_mut(seat) {
            *slot = Some(cards);
        }
    }

    /// Once every crib card is laid out: heels for a jack turned, and the pegging begins.
    fn after_exchange(&mut self) {
        if self.peg.is_some() || self.laid.iter().any(Option::is_none) {
            return;
        }
        if self.starter.rank == Rank::Jack {
            self.exchange
                .push(statement(self.label(self.dealer), vec![word("heels")]));
            self.heels = true;
        }
        let kept: Vec<Vec<Card>> = self
            .dealt
            .iter()
            .zip(&self.laid)
            .map(|(h, l)| {
                let l = l.clone().unwrap_or_default();
                h.iter().copied().filter(|c| !l.contains(c)).collect()
            })
            .collect();
        let leader = (self.dealer + 1) % self.labels.len();
        self.peg = Some(PegState::new(kept, leader, self.profile.options.one_series));
    }

    /// After an action: a dead series closes, the show follows the play, and the record is
    /// checked again for its figures and the game's end.
    fn advance(&mut self) {
        if let Some(peg) = self.peg.as_mut() {
            // At most the series in progress closes; a new one has a card for every hand
            // still holding cards.
            for _ in 0..2 {
                if peg.is_over() || peg.next_turn().is_some() {
                    break;
                }
                peg.settle();
            }
            if peg.is_over() && !self.over {
                let n = self.labels.len();
                for k in 1..=n {
                    let s = (self.dealer + k) % n;
                    self.play.push(statement(self.label(s), vec![word("hand")]));
                }
                self.play
                    .push(statement(self.label(self.dealer), vec![word("crib")]));
                self.over = true;
            }
        }
        self.rewrite();
    }

    /// The record of the statements so far with the check's figures, stopped where a side
    /// reaches the target.
    fn rewrite(&mut self) {
        let mut r = self.base.clone();
        r.exchange =
            (!self.exchange.is_empty()).then(|| Section::new(Span::default(), self.exchange.clone()));
        r.play = Some(play_section(self.play.clone()));
        let (rep, _) = replay::check(&r, self.profile);
        let game = self.profile.options.game;
        let won = rep
            .entries
            .iter()
            .position(|e| e.scores.iter().any(|&s| s >= game));
        let before = usize::from(self.heels);
        let mut exchange = self.exchange.clone();
        let mut play = self.play.clone();
        self.figures = (0..play.len())
            .map(|i| rep.entries.get(before + i).map(|e| e.points))
            .collect();
        for (i, e) in rep.entries.iter().enumerate() {
            if e.points == 0 {
                continue;
            }
            let figure = vec![bare(Token::Number(i64::from(e.points)))];
            let st = if i < before {
                exchange
                    .iter_mut()
                    .rfind(|s| first_word(s) == Some(StepWord::Heels))
            } else {
                play.get_mut(i - before)
            };
            if let Some(st) = st {
                st.figure = figure;
            }
        }
        if let Some(w) = won {
            play.truncate(w + 1 - before.min(w + 1));
            self.figures.truncate(play.len());
            self.over = true;
        }
        r.exchange = (!exchange.is_empty()).then(|| Section::new(Span::default(), exchange));
        r.play = (!play.is_empty()).then(|| play_section(play));
        self.written = r;
    }

    fn seat(&self) -> Option<usize> {
        if self.over {
            return None;
        }
        match &self.peg {
            None => {
                let n = self.labels.len();
                (1..=n)
                    .map(|k| (self.dealer + k) % n)
                    .find(|&s| self.laid.get(s).is_some_and(Option::is_none))
            }
            Some(peg) => match peg.next_turn() {
                Some(Turn::Play(s) | Turn::Go(s)) => Some(s),
                None => None,
            },
        }
    }

    fn legal_acts(&self) -> Vec<Act> {
        let Some(seat) = self.seat() else {
            return Vec::new();
        };
        match &self.peg {
            None => {
                let hand = self.dealt.get(seat).cloned().unwrap_or_default();
                choose(&hand, self.profile.options.discard)
                    .into_iter()
                    .map(Act::Crib)
                    .collect()
            }
            Some(peg) => match peg.next_turn() {
                Some(Turn::Play(s)) => peg.playable(s).into_iter().map(Act::Card).collect(),
                Some(Turn::Go(_)) => vec![Act::Go],
                None => Vec::new(),
            },
        }
    }

    fn parse(token: &str) -> Option<Act> {
        let mut parts = token.split_whitespace();
        let first = parts.next()?;
        let read = |t: &str| cards::parse_card(t, AlphabetSet::DEFAULT).ok();
        match words::step(first) {
            Some(StepWord::Crib) => parts.map(read).collect::<Option<Vec<_>>>().map(Act::Crib),
            Some(StepWord::Go) => parts.next().is_none().then_some(Act::Go),
            _ => {
                let c = read(first)?;
                parts.next().is_none().then_some(Act::Card(c))
            }
        }
    }

    fn token(act: &Act) -> String {
        match act {
            Act::Card(c) => c.to_string(),
            Act::Go => "go".to_string(),
            Act::Crib(cards) => {
                let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
                format!("crib {}", cards.join(" "))
            }
        }
    }

    /// Plays `act` for `seat`, or the check's finding for it.
    fn apply(&mut self, seat: usize, act: &Act) -> Result<(), Refusal> {
        let label = self.label(seat);
        let refuse = |code: &str, message: String| Refusal {
            code: code.to_string(),
            message,
        };
        match (act, self.peg.as_mut()) {
            (Act::Crib(cards), None) => {
                let held = self.dealt.get(seat).cloned().unwrap_or_default();
                if let Some(p) = crib_problem(&held, cards, false, self.profile.options.discard) {
                    return Err(refuse("C0103", format!("{label} {p}")));
                }
                self.lay_out(seat, cards.clone());
                self.after_exchange();
            }
            (Act::Crib(_), Some(_)) => {
                return Err(refuse("C0103", format!("{label} lays out for the crib twice")));
            }
            (_, None) => {
                return Err(refuse(
                    "C0503",
                    format!("{label} lays out nothing for the crib: the crib comes before the play"),
                ));
            }
            (act, Some(peg)) => {
                let mut next = peg.clone();
                let done = match act {
                    Act::Card(c) => {
                        // As the check reads it: a card played where the goes of a dead
                        // series are left unsaid closes the series first.
                        next.settle();
                        next.play_card(seat, *c).map(|_| ())
                    }
                    _ => next.go(seat).map(|_| ()),
                };
                if let Err(refusal) = done {
                    let (code, message) = refusal.finding(self.labels);
                    return Err(refuse(code, message));
                }
                *peg = next;
                self.play.push(Self::pegging_statement(label, act));
            }
        }
        Ok(())
    }
}

fn play_section(items: Vec<Statement>) -> Section<Play> {
    Section::new(
        Span::default(),
        Play {
            layout: Layout::Leader,
            items: items.into_iter().map(PlayItem::Event).collect(),
        },
    )
}

fn read(text: &str, profile: &Profile) -> Result<Record, GameError> {
    let mut r = crate::table_game::read_record(text)?;
    if crate::family::of_record(&r).map(|f| f.tag()) != Some(CRIBBAGE.tag()) {
        return Err(error("A0003", "the record is not a Cribbage record"));
    }
    if let Some(tag) = r.tag("Rules")
        && tag.trim() != profile.name
    {
        return Err(error(
            "A0003",
            format!("the record is played under `{tag}`, not `{}`", profile.name),
        ));
    }
    // The claims are the result's, which the game works out itself.
    r.result = None;
    Ok(r)
}

impl Game for CribbageGame {
    fn family(&self) -> &'static dyn Family {
        &CRIBBAGE
    }

    fn profile(&self) -> &str {
        self.profile.name
    }

    fn seats(&self) -> Vec<String> {
        self.labels.iter().map(|s| s.to_string()).collect()
    }

    fn to_act(&self) -> Option<String> {
        self.seat().map(|s| self.label(s).to_string())
    }

    fn legal(&self) -> Vec<Action> {
        let Some(seat) = self.seat() else {
            return Vec::new();
        };
        self.legal_acts()
            .iter()
            .map(|a| Action::new(self.label(seat), Self::token(a)))
            .collect()
    }

    fn parse_action(&self, token: &str) -> Result<Action, Refusal> {
        let Some(seat) = self.seat() else {
            return Err(Refusal::new("A0002", "the game is over"));
        };
        let act = Self::parse(token)
            .ok_or_else(|| Refusal::new("A0001", format!("`{}` is no action of Cribbage", token.trim())))?;
        Ok(Action::new(self.label(seat), Self::token(&act)))
    }

    fn play(&mut self, action: &Action) -> Result<Played, Refusal> {
        let Some(seat) = self.seat() else {
            return Err(Refusal::new("A0002", "the game is over"));
        };
        let label = self.label(seat);
        if action.seat() != label {
            return Err(Refusal::new(
                "A0004",
                format!("{label} is to act, not {}", action.seat()),
            ));
        }
        let Some(act) = Self::parse(action.token()) else {
            return Err(Refusal::new(
                "A0001",
                format!("`{}` is no action of Cribbage", action.token()),
            ));
        };
        let mut next = self.clone();
        next.apply(seat, &act)?;
        let pegged = !matches!(act, Act::Crib(_));
        let at = next.play.len().checked_sub(1).filter(|_| pegged);
        next.advance();
        *self = next;
        let points = at.and_then(|i| self.figures.get(i).copied().flatten());
        Ok(Played {
            seat: label.to_string(),
            action: Self::token(&act),
            trick: None,
            points,
            over: self.is_over(),
        })
    }

    fn is_over(&self) -> bool {
        self.seat().is_none()
    }

    fn result(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let (rep, _) = replay::check(&self.written, self.profile);
        Some(Outcome::Cribbage(rep.result))
    }

    fn to_record(&self) -> String {
        notation::print_file([&self.written])
    }
}

/// Starts a Cribbage deal for bots.
pub(crate) fn new_game(profile: &str, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
    let Some(profile) = rules::by_name(profile) else {
        return Err(error("E0002", format!("no profile `{profile}`")));
    };
    Ok(Box::new(CribbageGame::start(profile, deal)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Verdict;

    use crate::core::rng::Rng;

    fn checked(text: &str) -> crate::Checked {
        let parsed = notation::read_str(text);
        let record = parsed.first().and_then(|p| p.record.clone()).expect("a record");
        crate::check(&record)
    }

    /// The record `before` with one statement more in its play.
    fn with_line(before: &str, statement: &str) -> String {
        let lead = if before.contains("\nplay ") {
            "        "
        } else {
            "play    "
        };
        format!("{}\n{lead} {statement}\n", before.trim_end())
    }

    fn play(game: &mut dyn Game, token: &str) -> Played {
        let action = game.parse_action(token).expect("an action");
        game.play(&action)
            .unwrap_or_else(|r| panic!("{token} refused: {r}"))
    }

    /// Random bots play every profile; each record they leave is consistent, its result the
    /// game's own, and a go is said wherever it falls.
    #[test]
    fn random_bots_leave_consistent_records_under_every_profile() {
        let mut goes = 0;
        for profile in rules::all() {
            for seed in 0..40u64 {
                let mut game = new_game(profile.name, DealSpec::Seed(seed)).expect("a game");
                let mut rng = Rng(seed);
                let mut n = 0;
                while let Some(seat) = game.to_act() {
                    let legal = game.legal();
                    assert!(!legal.is_empty(), "{}", game.to_record());
                    let a = legal.get(rng.below(legal.len())).cloned().expect("an action");
                    assert_eq!(a.seat(), seat);
                    let played = game.play(&a).unwrap_or_else(|r| panic!("{a} refused: {r}"));
                    goes += usize::from(played.action == "go");
                    n += 1;
                    assert!(n < 100, "the deal does not end");
                    // Stopped anywhere, the record is legal so far.
                    if n % 5 == 0 {
                        let c = checked(&game.to_record());
                        assert_ne!(c.verdict, Verdict::Illegal, "{}", game.to_record());
                    }
                }
                let record = game.to_record();
                let c = checked(&record);
                assert_eq!(c.verdict, Verdict::Consistent, "{:#?}\n{record}", c.findings);
                assert_eq!(game.result(), c.replay.map(|r| r.outcome()), "{record}");
            }
        }
        assert!(goes > 100, "{goes}");
    }

    /// The refusals are the check's: the same action written in a record is found with the
    /// same code.
    #[test]
    fn an_illegal_action_is_refused_with_the_check_s_code() {
        let text = "%stich 2\n[Game \"cribbage\"]\n[Rules \"foster-1897-six-card\"]\n[Dealer \"D\"]\n\n\
                    deal     P: ♠K ♥Q ♦J ♣2 ♠3 ♥4\n\
                    \u{20}        D: ♣K ♦Q ♥J ♠A ♦3 ♦4\n\
                    \u{20}        starter: ♣9\n";
        let mut game = crate::table_game::from_record(text).expect("a game");
        assert_eq!(game.to_act().as_deref(), Some("P"));
        let legal: Vec<String> = game.legal().iter().map(|a| a.token().to_string()).collect();
        assert_eq!(legal.len(), 15);
        // The crib: a card not held, one card only.
        for (token, code) in [("crib ♣K ♠K", "C0103"), ("crib ♠K", "C0103")] {
            let a = game.parse_action(token).expect("an action");
            let refused = game.play(&a).expect_err("refused");
            assert_eq!(refused.code, code);
            let with = format!("{text}exchange P {token}\n         D crib ♦3 ♦4\n");
            let c = checked(&with);
            assert!(c.findings.iter().any(|f| f.code == code), "{with}");
        }
        play(game.as_mut(), "crib ♣2 ♠3");
        assert_eq!(
            game.play(&Action::new("P", "♠K".into()))
                .map(|_| ())
                .map_err(|r| r.code),
            Err("A0004".into())
        );
        play(game.as_mut(), "crib ♦3 ♦4");
        let before = game.to_record();
        // A go from a seat that can play, a card it does not hold.
        for (token, code) in [("go", "C0205"), ("♣K", "C0203")] {
            let a = game.parse_action(token).expect("an action");
            assert_eq!(
                game.play(&a).map(|_| ()).map_err(|r| r.code),
                Err(code.to_string())
            );
            assert_eq!(game.to_record(), before);
            let c = checked(&with_line(&before, &format!("P {token}")));
            assert!(c.findings.iter().any(|f| f.code == code), "{token}");
        }
        play(game.as_mut(), "♠K");
        play(game.as_mut(), "♣K");
        play(game.as_mut(), "♥Q");
        // 30: the dealer's queen would pass 31, his ace not.
        let before = game.to_record();
        let a = game.parse_action("♦Q").expect("an action");
        assert_eq!(
            game.play(&a).map(|_| ()).map_err(|r| r.code),
            Err("C0204".to_string())
        );
        let c = checked(&with_line(&before, "D ♦Q"));
        assert!(c.findings.iter().any(|f| f.code == "C0204"));
        assert_eq!(game.legal().iter().map(Action::token).collect::<Vec<_>>(), ["♠A"]);
    }

    /// 001:669 and 001:681: a jack turned is two for the dealer's heels at once, and the
    /// pone's three fives with the jack of the starter's suit (his nobs) and a fourth five
    /// turned count 29: eight fifteens 16, a double pair royal 12, his nobs 1.
    #[test]
    fn heels_and_the_hand_of_twenty_nine_from_the_seed_s_figures() {
        let text = "%stich 2\n[Game \"cribbage\"]\n[Rules \"six-card-121\"]\n[Dealer \"D\"]\n[Standing \"P 0, D 0\"]\n\n\
                    deal     P: ♠5 ♥5 ♦5 ♣J ♠K ♥Q\n\
                    \u{20}        D: ♣K ♦Q ♥J ♠2 ♦3 ♦4\n\
                    \u{20}        starter: ♣5\n";
        let mut game = crate::table_game::from_record(text).expect("a game");
        play(game.as_mut(), "crib ♠K ♥Q");
        play(game.as_mut(), "crib ♣K ♦Q");
        while !game.is_over() {
            let first = game
                .legal()
                .first()
                .map(|a| a.token().to_string())
                .expect("an action");
            play(game.as_mut(), &first);
        }
        let record = game.to_record();
        assert!(record.contains("P hand = 29"), "{record}");
        assert_eq!(checked(&record).verdict, Verdict::Consistent);
        let jack = text
            .replace("starter: ♣5", "starter: ♠J")
            .replace("♣J ♠K", "♣A ♠K");
        let mut game = crate::table_game::from_record(&jack).expect("a game");
        play(game.as_mut(), "crib ♠K ♥Q");
        play(game.as_mut(), "crib ♣K ♦Q");
        assert!(game.to_record().contains("D heels = 2"), "{}", game.to_record());
    }
}
