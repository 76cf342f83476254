//! Games for bots, by family and profile: start from a deal, ask for the legal actions,
//! play one, read the result — through the same play state the check replays records with.
//!
//! A bot picks a game by its `Game` tag and `Rules` profile through the registry
//! ([`new_game`], [`Family::new_game`]) and drives it through the object-safe [`Game`]
//! trait; nothing here names a family. Every action is a value with its notation token
//! ([`Action`]): the token the record writes (`♣J`, `dix ♠9`, `closes`), and the same token
//! is read back with [`Game::parse_action`]. A refused action comes back with the finding
//! code the check gives the same action in a record (`S0301` for a revoke), and leaves the
//! game as it was. [`Game::to_record`] writes the game so far in the stich notation: the deal
//! and the phases before the play as the start gave them, then every action played.
//!
//! Inside, each family supplies a `Rules` (in its `game.rs`): how to reach its play state
//! from a record (its own replay, kept at the record's last action), the tokens of its
//! actions and the findings of its refusals. The loop, the record writing and the result
//! (the check's own, of the record written) are shared here. `spec/game-api.md` lists which
//! phases each family lets the bot play and which the start gives.
//!
//! ```
//! use engine::table_game::{self, DealSpec};
//!
//! let mut game = table_game::new_game("sixty-six", None, DealSpec::Seed(1)).unwrap();
//! assert_eq!(game.seats(), ["E", "D"]);
//! while let Some(action) = game.legal().into_iter().next() {
//!     game.play(&action).unwrap();
//! }
//! assert!(game.is_over() && game.result().is_some());
//! let checked = engine::check(&notation::read_str(&game.to_record())[0].record.clone().unwrap());
//! assert_eq!(checked.verdict, engine::Verdict::Consistent);
//! ```

use std::fmt;

use cards::Card;
use notation::{
    CardSlot, Diagnostic, Layout, Play, PlayItem, Record, Section, Severity, Span, Spanned, Statement, Token,
    Trick,
};

use crate::core::Seat;
use crate::family::{self, Family, GenLayout, Outcome};

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealSpec {
    /// The deal the family's generator makes from this seed ([`Family::generate`], the
    /// seed of one game: `stich gen --seed S` makes its game `i` from the `i`-th SplitMix64
    /// output of `S`), with the phases before the play as the generator plays them.
    Seed(u64),
    /// A record in the stich notation: its deal and the phases before the play, and the
    /// actions of its play so far (the game goes on after the last one).
    Record(String),
}

/// Why a game cannot start: a stable code, a message, and the place in the starting record
/// when the problem is one of its findings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// The finding code (`E0001`, `S0301`, `A0003`).
    pub code: String,
    /// What is wrong.
    pub message: String,
    /// The line of the starting record, when the problem has a place there.
    pub line: Option<u32>,
    /// The column of that line.
    pub column: Option<u32>,
}

impl GameError {
    /// An error without a place.
    pub fn new(code: &str, message: impl Into<String>) -> GameError {
        GameError {
            code: code.to_string(),
            message: message.into(),
            line: None,
            column: None,
        }
    }

    /// The error of a finding, with its place.
    pub(crate) fn of(d: &Diagnostic) -> GameError {
        GameError {
            code: d.code.to_string(),
            message: d.message.clone(),
            line: d.span.map(|s| s.line),
            column: d.span.map(|s| s.column),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for GameError {}

/// An action the rules refuse, with the finding code the check reports for it in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The finding code (`S0301`, `P0302`, or `A0001`, `A0002`, `A0004` of this API).
    pub code: String,
    /// Why, as the check says it.
    pub message: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Refusal {}

impl Refusal {
    /// A refusal with its code and message.
    pub(crate) fn new(code: &str, message: impl Into<String>) -> Refusal {
        Refusal {
            code: code.to_string(),
            message: message.into(),
        }
    }

    /// The refusal of a finding: its code and message.
    pub(crate) fn of(d: &Diagnostic) -> Refusal {
        Refusal::new(d.code, d.message.clone())
    }
}

/// One thing the seat to act may do, family-neutral: the seat's label and the token the
/// record writes for it. `to_string()` gives the token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    seat: String,
    token: String,
}

impl Action {
    /// An action of the seat labelled `seat`, written `token`.
    pub(crate) fn new(seat: &str, token: String) -> Action {
        Action {
            seat: seat.to_string(),
            token,
        }
    }

    /// The label of the seat that acts (`F`, `E`, `N`).
    pub fn seat(&self) -> &str {
        &self.seat
    }

    /// The notation token (`♣J`, `dix ♠9`, `marriage ♥K ♥Q`, `closes`).
    pub fn token(&self) -> &str {
        &self.token
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.token)
    }
}

/// A trick taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickTaken {
    /// The winner's seat label.
    pub winner: String,
    /// The trick's card points (counters), as the family counts them in a trick.
    pub points: u32,
}

/// What an accepted action led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who acted.
    pub seat: String,
    /// The action's token.
    pub action: String,
    /// The trick, when the action completed one.
    pub trick: Option<TrickTaken>,
    /// The points the action scored as the record stands after it, in a family that scores
    /// actions one by one (a Cribbage card or go; a go's point comes to the series' last
    /// card when the series closes); `None` elsewhere.
    pub points: Option<u32>,
    /// Whether the game is over now.
    pub over: bool,
}

/// A game in progress for a bot, whatever the family.
pub trait Game: Send {
    /// The family.
    fn family(&self) -> &'static dyn Family;

    /// The rule profile's name.
    fn profile(&self) -> &str;

    /// The seat labels, in seat order.
    fn seats(&self) -> Vec<String>;

    /// The seat to act; `None` once the game is over.
    fn to_act(&self) -> Option<String>;

    /// Every action the seat to act may take now (none once the game is over).
    fn legal(&self) -> Vec<Action>;

    /// Reads a token as an action of the seat to act (checked only when played): the
    /// refusal `A0001` when the token is no action of this game, `A0002` when it is over.
    fn parse_action(&self, token: &str) -> Result<Action, Refusal>;

    /// Plays an action of the seat to act: what it led to, or the refusal with the game
    /// unchanged.
    fn play(&mut self, action: &Action) -> Result<Played, Refusal>;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// The result, as the report's `result` gives it, once the game is over.
    fn result(&self) -> Option<Outcome>;

    /// The game so far as a record in the stich notation.
    fn to_record(&self) -> String;
}

/// A game of the family tagged `game` under the profile `profile` (the family's default
/// when `None`): `E0001` for an unknown game, `E0002` for an unknown profile, `A0003` when
/// the family offers no game for bots or the start is unusable.
pub fn new_game(game: &str, profile: Option<&str>, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
    let Some(family) = family::by_tag(game) else {
        return Err(GameError::new(
            "E0001",
            format!(
                "no rules engine for the game `{game}`; games with an engine: {}",
                family::tags()
            ),
        ));
    };
    let profile = profile.unwrap_or(family.default_profile());
    if !family.has_profile(profile) {
        return Err(GameError::new(
            "E0002",
            format!(
                "{} has no profile `{profile}`; its profiles: {}",
                family.name(),
                family.profile_names().join(", ")
            ),
        ));
    }
    family.new_game(profile, deal).unwrap_or_else(|| {
        Err(GameError::new(
            "A0003",
            format!("{} has no game for bots yet", family.name()),
        ))
    })
}

/// A game going on from a record: its family by the `Game` tag, its profile by the `Rules`
/// tag (the defaults without them).
pub fn from_record(text: &str) -> Result<Box<dyn Game>, GameError> {
    let record = read_record(text)?;
    let Some(family) = family::of_record(&record) else {
        return Err(GameError::new(
            "E0001",
            format!(
                "no rules engine for the game `{}`; games with an engine: {}",
                record.tag("Game").unwrap_or_default(),
                family::tags()
            ),
        ));
    };
    let profile = record
        .tag("Rules")
        .map(str::trim)
        .unwrap_or(family.default_profile())
        .to_string();
    new_game(family.tag(), Some(&profile), DealSpec::Record(text.to_string()))
}

/// The first record of `text`, or the error that stops it being read.
pub(crate) fn read_record(text: &str) -> Result<Record, GameError> {
    let Some(parsed) = notation::read_str(text).into_iter().next() else {
        return Err(GameError::new("A0003", "the text holds no record"));
    };
    if let Some(d) = parsed.diagnostics.iter().find(|d| d.severity == Severity::Error) {
        return Err(GameError::of(d));
    }
    parsed
        .record
        .ok_or_else(|| GameError::new("A0003", "the text holds no record"))
}

/// What a family's action wrote: a card to the trick, or a statement between cards.
pub(crate) enum Step {
    /// A card; `done` the winner and points when it completed the trick.
    Card {
        /// The card.
        card: Card,
        /// The trick it completed.
        done: Option<(Seat, u32)>,
    },
    /// A card from elsewhere than the hand, written with its origin (`♦9@stock`, a card
    /// played in the dark); `done` as for [`Step::Card`].
    CardFrom {
        /// The card.
        card: Card,
        /// The origin mark (`stock`).
        origin: &'static str,
        /// The trick it completed.
        done: Option<(Seat, u32)>,
    },
    /// An action before the play (a Skat call or declaration): the record of the phases
    /// before the play, rewritten with it (the play section is still empty).
    Prelude(Box<Record>),
    /// A statement of the play section (`dix ♠9 = 10`, `closes`).
    Said {
        /// Its tokens, the word first.
        tokens: Vec<Token>,
        /// Its figure (`= 10`).
        figure: Option<i64>,
    },
}

/// Where a family's replay of a starting record left the game.
pub(crate) struct Started<S> {
    /// The seat labels, in seat order.
    pub(crate) labels: Vec<String>,
    /// The play state after the record's play; `None` when the deal ends before any play.
    pub(crate) state: Option<S>,
    /// The replay's findings.
    pub(crate) findings: Vec<Diagnostic>,
}

/// What a family supplies for its games: its play state reached from a record, and its
/// actions as tokens.
pub(crate) trait Rules: Send + Sync + 'static {
    /// The family's play state.
    type State: Clone + Send;
    /// Its actions.
    type Act: Copy;

    /// The family.
    fn family(&self) -> &'static dyn Family;

    /// The seat labels and the play state after the record's play, by the family's own
    /// replay, with the replay's findings; `None` for an unknown profile.
    fn start(&self, record: &Record, profile: &str) -> Option<Started<Self::State>>;

    /// The finding codes of a record stopped in the middle of its play, which a start may
    /// have.
    fn unfinished(&self) -> &'static [&'static str];

    /// The seat to act, `None` when the play is over.
    fn to_act(&self, state: &Self::State) -> Option<Seat>;

    /// The legal actions of the seat to act.
    fn legal(&self, state: &Self::State) -> Vec<Self::Act>;

    /// The token of an action.
    fn token(&self, state: &Self::State, act: Self::Act) -> String;

    /// Reads a token as an action of `seat`.
    fn parse(&self, state: &Self::State, seat: Seat, token: &str) -> Option<Self::Act>;

    /// Plays an action: what to write, or the finding of the refusal (the state unchanged).
    fn play(&self, state: &mut Self::State, act: Self::Act, labels: &[String]) -> Result<Step, Refusal>;

    /// How many cards the trick in progress holds.
    fn trick_len(&self, state: &Self::State) -> usize;
}

/// The shared game: a record of the phases before the play and of the play so far, and the
/// family's play state after it.
pub(crate) struct TableGame<R: Rules> {
    rules: R,
    profile: String,
    labels: Vec<String>,
    record: Record,
    state: Option<R::State>,
    /// The trick in progress: leader, number and cards, with the origin of each.
    leader: Seat,
    number: u32,
    trick: Vec<(Card, Option<String>)>,
}

fn empty_play() -> Section<Play> {
    Section::new(
        Span::default(),
        Play {
            layout: Layout::Leader,
            items: Vec::new(),
        },
    )
}

fn bare<T>(node: T) -> Spanned<T> {
    Spanned::bare(node)
}

impl<R: Rules> TableGame<R> {
    /// A game of `rules` under `profile` from `deal`.
    pub(crate) fn start(rules: R, profile: &str, deal: DealSpec) -> Result<Box<dyn Game>, GameError> {
        let family = rules.family();
        let record = match deal {
            DealSpec::Seed(seed) => {
                let mut r = family
                    .generate(profile, seed, GenLayout::Complete)
                    .ok_or_else(|| GameError::new("E0002", format!("no profile `{profile}`")))?;
                r.play = None;
                r.result = None;
                r
            }
            DealSpec::Record(text) => {
                let mut r = read_record(&text)?;
                if family::of_record(&r).map(|f| f.tag()) != Some(family.tag()) {
                    return Err(GameError::new(
                        "A0003",
                        format!("the record is not a {} record", family.name()),
                    ));
                }
                if let Some(rules_tag) = r.tag("Rules")
                    && rules_tag.trim() != profile
                {
                    return Err(GameError::new(
                        "A0003",
                        format!("the record is played under `{rules_tag}`, not `{profile}`"),
                    ));
                }
                // The claims are the result's, which the game works out itself.
                r.result = None;
                if matches!(&r.play, Some(p) if matches!(p.items.layout, Layout::Columns(_))) {
                    let checked = crate::check(&r);
                    if let Some(replay) = &checked.replay {
                        family.to_leader_layout(&mut r, replay);
                    }
                }
                r
            }
        };
        let Some(Started {
            labels,
            state,
            findings,
        }) = rules.start(&record, profile)
        else {
            return Err(GameError::new("E0002", format!("no profile `{profile}`")));
        };
        let allowed = rules.unfinished();
        if let Some(d) = findings
            .iter()
            .find(|d| d.severity == Severity::Error && !allowed.contains(&d.code))
        {
            return Err(GameError::of(d));
        }
        let mut game = TableGame {
            rules,
            profile: profile.to_string(),
            labels,
            record,
            state,
            leader: Seat::FIRST,
            number: 1,
            trick: Vec::new(),
        };
        game.take_open_trick()?;
        Ok(Box::new(game))
    }

    /// Takes the record's unfinished last trick, whose cards the state holds, out of the
    /// play section: the game writes it again when it is complete.
    fn take_open_trick(&mut self) -> Result<(), GameError> {
        let open = self.state.as_ref().map_or(0, |s| self.rules.trick_len(s));
        let items = self.record.play.as_mut().map(|p| &mut p.items.items);
        let tricks = items.as_ref().map_or(0, |i| {
            i.iter().filter(|x| matches!(x, PlayItem::Trick(_))).count()
        });
        self.number = tricks as u32 + 1;
        if open == 0 {
            return Ok(());
        }
        let Some(items) = items else {
            return Err(GameError::new(
                "A0003",
                "the play state holds a trick the record does not",
            ));
        };
        let Some(PlayItem::Trick(t)) = items.last().cloned() else {
            return Err(GameError::new(
                "A0003",
                "the record's open trick is not its last item; write the events after it",
            ));
        };
        items.pop();
        let cards: Vec<(Card, Option<String>)> = t
            .cards
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c.node {
                CardSlot::Known(card) => {
                    let origin = t.origins.get(i).cloned().flatten().map(|o| o.node);
                    Some((card, origin))
                }
                CardSlot::Unknown => None,
            })
            .collect();
        let leader = t
            .leader
            .as_ref()
            .and_then(|l| self.labels.iter().position(|x| *x == l.node))
            .and_then(Seat::new);
        match leader {
            Some(leader) if cards.len() == open => {
                self.leader = leader;
                self.number = t.number.map_or(tricks as u32, |n| n.node);
                self.trick = cards;
                Ok(())
            }
            _ => Err(GameError::new(
                "A0003",
                "the record's open trick names no leader or has unknown cards",
            )),
        }
    }

    fn label(&self, seat: Seat) -> String {
        self.labels
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| "?".to_string())
    }

    fn seat(&self) -> Option<Seat> {
        self.state.as_ref().and_then(|s| self.rules.to_act(s))
    }

    fn open_trick(&self) -> Option<PlayItem> {
        (!self.trick.is_empty()).then(|| self.trick_item())
    }

    fn trick_item(&self) -> PlayItem {
        let origins = if self.trick.iter().any(|(_, o)| o.is_some()) {
            self.trick.iter().map(|(_, o)| o.clone().map(bare)).collect()
        } else {
            Vec::new()
        };
        PlayItem::Trick(Trick {
            number: Some(bare(self.number)),
            leader: Some(bare(self.label(self.leader))),
            cards: self
                .trick
                .iter()
                .map(|&(c, _)| bare(CardSlot::Known(c)))
                .collect(),
            origins,
            claim: None,
            taker: None,
            comments: Vec::new(),
        })
    }

    fn push(&mut self, item: PlayItem) {
        let play = self.record.play.get_or_insert_with(empty_play);
        play.items.items.push(item);
    }

    fn record_so_far(&self) -> Record {
        let mut r = self.record.clone();
        if let Some(item) = self.open_trick() {
            r.play.get_or_insert_with(empty_play).items.items.push(item);
        }
        r
    }
}

impl<R: Rules> Game for TableGame<R> {
    fn family(&self) -> &'static dyn Family {
        self.rules.family()
    }

    fn profile(&self) -> &str {
        &self.profile
    }

    fn seats(&self) -> Vec<String> {
        self.labels.clone()
    }

    fn to_act(&self) -> Option<String> {
        self.seat().map(|s| self.label(s))
    }

    fn legal(&self) -> Vec<Action> {
        let (Some(state), Some(seat)) = (&self.state, self.seat()) else {
            return Vec::new();
        };
        let seat = self.label(seat);
        // Two actions of a family may read the same (a marriage before trump is known counts
        // as the royal one or the plain one, as the trump falls): a bot sees one token, and
        // `parse_action` reads it back as one action.
        let mut seen = std::collections::HashSet::new();
        self.rules
            .legal(state)
            .into_iter()
            .map(|a| self.rules.token(state, a))
            .filter(|t| seen.insert(t.clone()))
            .map(|token| Action {
                seat: seat.clone(),
                token,
            })
            .collect()
    }

    fn parse_action(&self, token: &str) -> Result<Action, Refusal> {
        let (Some(state), Some(seat)) = (&self.state, self.seat()) else {
            return Err(Refusal::new("A0002", "the game is over"));
        };
        let token = token.split_whitespace().collect::<Vec<_>>().join(" ");
        let act = self.rules.parse(state, seat, &token).ok_or_else(|| {
            Refusal::new(
                "A0001",
                format!("`{token}` is no action of {}", self.rules.family().name()),
            )
        })?;
        Ok(Action {
            seat: self.label(seat),
            token: self.rules.token(state, act),
        })
    }

    fn play(&mut self, action: &Action) -> Result<Played, Refusal> {
        let Some(seat) = self.seat() else {
            return Err(Refusal::new("A0002", "the game is over"));
        };
        let label = self.label(seat);
        if action.seat != label {
            return Err(Refusal::new(
                "A0004",
                format!("{label} is to act, not {}", action.seat),
            ));
        }
        let Some(state) = &self.state else {
            return Err(Refusal::new("A0002", "the game is over"));
        };
        let Some(act) = self.rules.parse(state, seat, &action.token) else {
            return Err(Refusal::new(
                "A0001",
                format!(
                    "`{}` is no action of {}",
                    action.token,
                    self.rules.family().name()
                ),
            ));
        };
        let mut next = state.clone();
        let step = self.rules.play(&mut next, act, &self.labels)?;
        let token = self.rules.token(state, act);
        self.state = Some(next);
        let mut trick = None;
        let (card, origin, done) = match step {
            Step::CardFrom { card, origin, done } => (card, Some(origin), done),
            Step::Card { card, done } => (card, None, done),
            Step::Prelude(record) => {
                self.record = *record;
                return Ok(Played {
                    seat: label,
                    action: token,
                    trick: None,
                    points: None,
                    over: self.is_over(),
                });
            }
            Step::Said { tokens, figure } => {
                let item = PlayItem::Event(Statement {
                    seat: Some(bare(label.clone())),
                    tokens: tokens.into_iter().map(bare).collect(),
                    figure: figure.map(|n| bare(Token::Number(n))).into_iter().collect(),
                    comments: Vec::new(),
                });
                self.push(item);
                return Ok(Played {
                    seat: label,
                    action: token,
                    trick: None,
                    points: None,
                    over: self.is_over(),
                });
            }
        };
        if self.trick.is_empty() {
            self.leader = seat;
        }
        self.trick.push((card, origin.map(str::to_string)));
        if let Some((winner, points)) = done {
            let item = self.trick_item();
            self.push(item);
            self.trick.clear();
            self.number += 1;
            trick = Some(TrickTaken {
                winner: self.label(winner),
                points,
            });
        }
        Ok(Played {
            seat: label,
            action: token,
            trick,
            points: None,
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
        crate::check(&self.record_so_far()).replay.map(|r| r.outcome())
    }

    fn to_record(&self) -> String {
        notation::print_file([&self.record_so_far()])
    }
}
