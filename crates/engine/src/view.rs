//! The view of a replayed record: one shape for every family, in words that fit them all,
//! from which a page draws the table (seats, hands, piles), the phases before the play, the
//! play step by step with its tricks and running figures, and the result.
//!
//! Each family builds its view from its replay ([`crate::Family::view`], in the family's
//! `view.rs`) with a [`Builder`]; nothing outside the family folders knows a family's rules.
//! The hands a seat still holds at any step are the seat's [`ViewSeat::hand`] less the cards
//! it has played ([`StepKind::Play`], [`StepKind::Lay`]) and with the cards it has drawn
//! ([`StepKind::Draw`]) up to that step; `spec/view.md` describes every field.

use cards::Card;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The view of one replayed record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct View {
    /// The family's tag (`skat`).
    pub family: String,
    /// The family's name as prose uses it (`Skat`).
    pub name: String,
    /// The rule profile.
    pub profile: String,
    /// The seats, in the order of play (clockwise); a seat that takes no cards (the dealer of
    /// three-hand Sixty-Six) has empty hands.
    pub seats: Vec<ViewSeat>,
    /// The sides that score, in the order their figures are listed (a seat alone is a side
    /// where every player scores for himself).
    pub sides: Vec<String>,
    /// The cards not in a hand: the skat, the widow, the crib, the stock, the turned card.
    pub piles: Vec<Pile>,
    /// What happens before the play, in order: the auction, the exchange, declarations,
    /// melds.
    pub phases: Vec<Phase>,
    /// The play, action by action.
    pub steps: Vec<Step>,
    /// The tricks, where the game has tricks (none in Cribbage's pegging).
    pub tricks: Vec<Trick>,
    /// The figures before the first step, in the order every step's `running` lists them.
    pub start: Vec<Count>,
    /// The result, as labelled lines.
    pub result: Vec<Line>,
    /// Whether the record plays every card: then every hand is empty after the last step.
    pub played_out: bool,
    /// What the view does not follow of the record (an exchange the replay does not hold),
    /// so that the page can say where its hands may be off.
    #[serde(default)]
    pub notes: Vec<String>,
    /// The places of the findings on the record, where the view is made beside a report.
    #[serde(default)]
    pub findings: Vec<Place>,
}

/// One seat at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ViewSeat {
    /// The seat's label as the record writes it (`F`, `N`, `P1`).
    pub label: String,
    /// The player's name, where the record gives it.
    pub player: Option<String>,
    /// The side the seat scores for.
    pub side: Option<String>,
    /// What the seat is in this deal: `dealer`, `declarer`, `bidder`.
    pub roles: Vec<String>,
    /// The cards as dealt.
    pub dealt: Vec<Card>,
    /// The cards held when the play starts (after an exchange or a discard).
    pub hand: Vec<Card>,
}

/// Cards lying apart from the hands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Pile {
    /// What it is (`skat`, `widow`, `crib`, `stock`, `turned`, `starter`).
    pub label: String,
    /// Its cards, top first where the order matters.
    pub cards: Vec<Card>,
}

/// A phase before the play: a labelled list of entries.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Phase {
    /// What the phase is (`auction`, `exchange`, `declaration`, `melds`).
    pub label: String,
    /// Its entries, in order.
    pub entries: Vec<Entry>,
}

/// One entry of a phase: a call, a discard, a meld.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Entry {
    /// The seat that acts, where one does.
    pub seat: Option<String>,
    /// What it does, in words (`18`, `pass`, `plays clubs`, `marriage 20`).
    pub text: String,
    /// The cards involved.
    pub cards: Vec<Card>,
}

/// What a step of the play is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// A card played from the hand (to a trick, or to the pegging).
    #[default]
    Play,
    /// A card played without passing through the hand (from the top of the stock).
    PlayBlind,
    /// A card drawn into the hand.
    Draw,
    /// A card leaving the hand without being played (given in an exchange).
    Lay,
    /// Cards shown and kept in the hand (a meld, a declaration).
    Show,
    /// An action without cards (a go, a close, an announcement).
    Call,
    /// A count that scores (Cribbage's hand and crib, his heels).
    Score,
}

/// One step of the play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Step {
    /// The seat that acts, where one does.
    pub seat: Option<String>,
    /// What the step is.
    pub kind: StepKind,
    /// The card played, drawn or laid.
    pub card: Option<Card>,
    /// The cards shown or counted.
    pub cards: Vec<Card>,
    /// What it is in words, beside a card (`marriage 20`, `go`, `closes`).
    pub text: Option<String>,
    /// The index of the trick in [`View::tricks`] the step belongs to.
    pub trick: Option<usize>,
    /// The running count after the step, where the game keeps one (Cribbage's pegging).
    pub count: Option<u32>,
    /// The figures after the step, in the order of [`View::start`].
    pub running: Vec<Count>,
}

/// One trick.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Trick {
    /// Its number, from 1.
    pub number: u32,
    /// The seat that led.
    pub leader: String,
    /// The seat that won it.
    pub winner: Option<String>,
    /// Its card points.
    pub points: Option<u32>,
    /// The index in [`View::steps`] of its first card.
    pub first: usize,
    /// The index in [`View::steps`] of its last card.
    pub last: usize,
}

/// A running figure of a side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Count {
    /// The side.
    pub side: String,
    /// What is counted (`card points`, `tricks`, `score`).
    pub label: String,
    /// The figure.
    pub value: i64,
}

/// A labelled line of the result.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Line {
    /// What the line gives (`declarer`, `game`, `value`, `score`).
    pub label: String,
    /// The figure or words.
    pub value: String,
}

/// Where a finding is on the record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Place {
    /// The finding's code.
    pub code: String,
    /// The finding's message.
    pub message: String,
    /// 1-based line in the text the record was read from.
    pub line: Option<u32>,
    /// 1-based column.
    pub column: Option<u32>,
}

/// Builds a [`View`]: the families add what their replays hold, the builder keeps the
/// indices of the tricks and the running figures.
#[derive(Debug)]
pub struct Builder {
    view: View,
    figures: Vec<Count>,
    open_trick: Option<usize>,
}

impl Builder {
    /// A view of the family `family` (its tag and name) under `profile`.
    pub fn new(family: &dyn crate::Family, profile: &str) -> Builder {
        Builder {
            view: View {
                family: family.tag().to_string(),
                name: family.name().to_string(),
                profile: profile.to_string(),
                ..View::default()
            },
            figures: Vec::new(),
            open_trick: None,
        }
    }

    /// Adds a seat; the hand at the start of the play is the dealt one until the family sets
    /// [`ViewSeat::hand`] on the seat returned.
    pub fn seat(&mut self, label: &str, side: Option<&str>, dealt: &[Card]) -> &mut ViewSeat {
        self.view.seats.push(ViewSeat {
            label: label.to_string(),
            side: side.map(str::to_string),
            dealt: dealt.to_vec(),
            hand: dealt.to_vec(),
            ..ViewSeat::default()
        });
        let last = self.view.seats.len() - 1;
        &mut self.view.seats[last]
    }

    /// The seat labelled `label`, if there is one.
    pub fn seat_mut(&mut self, label: &str) -> Option<&mut ViewSeat> {
        self.view.seats.iter_mut().find(|s| s.label == label)
    }

    /// Marks `role` on the seat labelled `label`.
    pub fn role(&mut self, label: &str, role: &str) {
        if let Some(s) = self.seat_mut(label) {
            s.roles.push(role.to_string());
        }
    }

    /// The sides, in listing order; each gets the figures `labels` at 0.
    pub fn sides<S: AsRef<str>>(&mut self, sides: &[S], labels: &[&str]) {
        self.view.sides = sides.iter().map(|s| s.as_ref().to_string()).collect();
        for side in sides {
            for label in labels {
                self.figures.push(Count {
                    side: side.as_ref().to_string(),
                    label: label.to_string(),
                    value: 0,
                });
            }
        }
    }

    /// Sets a figure before the play starts (a standing carried into the deal).
    pub fn start_at(&mut self, side: &str, label: &str, value: i64) {
        if let Some(c) = self
            .figures
            .iter_mut()
            .find(|c| c.side == side && c.label == label)
        {
            c.value = value;
        }
    }

    /// Adds a pile (nothing when it is empty).
    pub fn pile(&mut self, label: &str, cards: &[Card]) {
        if !cards.is_empty() {
            self.view.piles.push(Pile {
                label: label.to_string(),
                cards: cards.to_vec(),
            });
        }
    }

    /// Adds a phase (nothing when it has no entries).
    pub fn phase(&mut self, label: &str, entries: Vec<Entry>) {
        if !entries.is_empty() {
            self.view.phases.push(Phase {
                label: label.to_string(),
                entries,
            });
        }
    }

    fn push(&mut self, step: Step) {
        if self.view.steps.is_empty() {
            self.view.start = self.figures.clone();
        }
        let step = Step {
            trick: self.open_trick,
            running: self.figures.clone(),
            ..step
        };
        self.view.steps.push(step);
        if let Some(t) = self.open_trick.and_then(|i| self.view.tricks.get_mut(i)) {
            t.last = self.view.steps.len() - 1;
        }
    }

    /// Opens a trick led by `leader`.
    pub fn trick(&mut self, leader: &str) {
        let number = self.view.tricks.len() as u32 + 1;
        self.view.tricks.push(Trick {
            number,
            leader: leader.to_string(),
            first: self.view.steps.len(),
            last: self.view.steps.len(),
            ..Trick::default()
        });
        self.open_trick = Some(self.view.tricks.len() - 1);
    }

    /// Closes the open trick: won by `winner` for `points` card points.
    pub fn won(&mut self, winner: &str, points: Option<u32>) {
        if let Some(t) = self.open_trick.and_then(|i| self.view.tricks.get_mut(i)) {
            t.winner = Some(winner.to_string());
            t.points = points;
        }
        self.open_trick = None;
    }

    /// `seat` plays `card`.
    pub fn play(&mut self, seat: &str, card: Card) {
        self.card(seat, StepKind::Play, card);
    }

    /// `seat` acts with one card (`kind` of [`StepKind::Play`], [`StepKind::PlayBlind`],
    /// [`StepKind::Draw`] or [`StepKind::Lay`]).
    pub fn card(&mut self, seat: &str, kind: StepKind, card: Card) {
        self.push(Step {
            seat: Some(seat.to_string()),
            kind,
            card: Some(card),
            ..Step::default()
        });
    }

    /// A step without a single card: `kind` by `seat`, with words and the cards shown.
    pub fn action(&mut self, seat: Option<&str>, kind: StepKind, text: &str, cards: &[Card]) {
        self.push(Step {
            seat: seat.map(str::to_string),
            kind,
            text: Some(text.to_string()),
            cards: cards.to_vec(),
            ..Step::default()
        });
    }

    /// Sets the words of the last step.
    pub fn text(&mut self, text: &str) {
        if let Some(s) = self.view.steps.last_mut() {
            s.text = Some(text.to_string());
        }
    }

    /// Sets the running count of the last step.
    pub fn count(&mut self, count: Option<u32>) {
        if let Some(s) = self.view.steps.last_mut() {
            s.count = count;
        }
    }

    /// Adds `value` to a side's figure, from the last step on.
    pub fn add(&mut self, side: &str, label: &str, value: i64) {
        self.set_with(side, label, |v| v + value);
    }

    /// Sets a side's figure, from the last step on.
    pub fn set(&mut self, side: &str, label: &str, value: i64) {
        self.set_with(side, label, |_| value);
    }

    fn set_with(&mut self, side: &str, label: &str, f: impl Fn(i64) -> i64) {
        for counts in
            std::iter::once(&mut self.figures).chain(self.view.steps.last_mut().map(|s| &mut s.running))
        {
            if let Some(c) = counts.iter_mut().find(|c| c.side == side && c.label == label) {
                c.value = f(c.value);
            }
        }
    }

    /// Adds a result line.
    pub fn line(&mut self, label: &str, value: impl ToString) {
        self.view.result.push(Line {
            label: label.to_string(),
            value: value.to_string(),
        });
    }

    /// Whether the record plays every card.
    pub fn played_out(&mut self, played_out: bool) {
        self.view.played_out = played_out;
    }

    /// Adds a note on what the view does not follow.
    pub fn note(&mut self, note: impl Into<String>) {
        self.view.notes.push(note.into());
    }

    /// The view; a card played that the hands shown do not hold is noted.
    pub fn finish(mut self) -> View {
        if self.view.steps.is_empty() {
            self.view.start = self.figures;
        }
        let misplaced = self.view.misplaced();
        if let Some(&(i, card)) = misplaced.first() {
            let n = misplaced.len();
            self.view.notes.push(format!(
                "{n} card(s) played that the hands shown do not hold, the first {card} at step {}: \
                 the record exchanges cards in a way this view does not follow",
                i + 1
            ));
        }
        self.view
    }
}

/// An entry of a phase.
pub fn entry(seat: Option<&str>, text: impl Into<String>, cards: &[Card]) -> Entry {
    Entry {
        seat: seat.map(str::to_string),
        text: text.into(),
        cards: cards.to_vec(),
    }
}

/// `cards` without each of `gone` once (the hand left after a discard).
pub fn without(cards: &[Card], gone: &[Card]) -> Vec<Card> {
    let mut left = cards.to_vec();
    for g in gone {
        if let Some(i) = left.iter().position(|c| c == g) {
            left.remove(i);
        }
    }
    left
}

/// The seat `k` places after `leader` in `order` (the seats in the order of play).
pub fn after<'a>(order: &'a [String], leader: &str, k: usize) -> &'a str {
    match order.iter().position(|s| s == leader) {
        Some(i) if !order.is_empty() => order[(i + k) % order.len()].as_str(),
        _ => "?",
    }
}

impl View {
    /// What each seat holds after the step at `index` (before the first step: `None`), by
    /// the rule the page follows: the hand at the start of the play, less the cards played
    /// and laid, with the cards drawn.
    pub fn hands_after(&self, index: Option<usize>) -> Vec<(String, Vec<Card>)> {
        let mut hands: Vec<(String, Vec<Card>)> = self
            .seats
            .iter()
            .map(|s| (s.label.clone(), s.hand.clone()))
            .collect();
        let upto = index.map_or(0, |i| i + 1);
        for step in self.steps.iter().take(upto) {
            let (Some(seat), Some(card)) = (&step.seat, step.card) else {
                continue;
            };
            let Some((_, hand)) = hands.iter_mut().find(|(l, _)| l == seat) else {
                continue;
            };
            match step.kind {
                StepKind::Play | StepKind::Lay => {
                    if let Some(i) = hand.iter().position(|&c| c == card) {
                        hand.remove(i);
                    }
                }
                StepKind::Draw => hand.push(card),
                _ => {}
            }
        }
        hands
    }

    /// The cards each step plays or lays that its seat does not hold at that point: none in a
    /// view that fits its record.
    pub fn misplaced(&self) -> Vec<(usize, Card)> {
        let mut hands = self.hands_after(None);
        let mut out = Vec::new();
        for (i, step) in self.steps.iter().enumerate() {
            let (Some(seat), Some(card)) = (&step.seat, step.card) else {
                continue;
            };
            let Some((_, hand)) = hands.iter_mut().find(|(l, _)| l == seat) else {
                out.push((i, card));
                continue;
            };
            match step.kind {
                StepKind::Play | StepKind::Lay => match hand.iter().position(|&c| c == card) {
                    Some(p) => {
                        hand.remove(p);
                    }
                    None => out.push((i, card)),
                },
                StepKind::Draw => hand.push(card),
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
pub(crate) mod testkit {
    //! Helpers for the families' view tests.

    use super::View;

    /// The view of the first record of `text`, checked.
    pub fn view_of(text: &str) -> View {
        let record = notation::read_str(text)
            .into_iter()
            .next()
            .and_then(|p| p.record)
            .expect("a record");
        let checked = crate::check(&record);
        let replay = checked.replay.expect("replayed");
        replay.family().view(&replay).expect("a view")
    }

    /// The view of a corpus file.
    pub fn corpus(path: &str) -> View {
        let full = format!("{}/../../corpus/{path}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&full).expect("corpus file");
        view_of(&text)
    }

    /// Cards as canonical words, space-separated.
    pub fn cards(cards: &[cards::Card]) -> String {
        let words: Vec<String> = cards.iter().map(|c| c.canonical().to_string()).collect();
        words.join(" ")
    }

    /// Checks what every view must hold: each card played is held; played out, every hand
    /// is empty at the end; the tricks' steps lie in order.
    pub fn sound(v: &View) {
        assert_eq!(v.misplaced(), Vec::new(), "cards played that are not held");
        assert!(v.notes.is_empty(), "{:?}", v.notes);
        if v.played_out {
            let end = v.hands_after(v.steps.len().checked_sub(1));
            for (seat, hand) in end {
                assert!(hand.is_empty(), "{seat} still holds {hand:?}");
            }
        }
        for (i, t) in v.tricks.iter().enumerate() {
            assert!(t.first <= t.last && t.last < v.steps.len());
            assert!(v.steps[t.first..=t.last].iter().all(|s| s.trick == Some(i)));
        }
        for s in &v.steps {
            assert_eq!(s.running.len(), v.start.len());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testkit::sound;

    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                files(&p, out);
            } else if p.extension().is_some_and(|x| x == "stich") {
                out.push(p);
            }
        }
    }

    /// Every corpus record of every family has a view whose steps fit its hands.
    #[test]
    fn every_corpus_view_is_sound() {
        let mut all = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        files(&root, &mut all);
        let mut seen = std::collections::BTreeSet::new();
        let mut noted = std::collections::BTreeSet::new();
        let mut bad = Vec::new();
        for path in &all {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            for parsed in notation::read_str(&text) {
                let Some(record) = parsed.record else { continue };
                let Some(replay) = crate::check(&record).replay else {
                    continue;
                };
                let view = replay.family().view(&replay).expect("a view");
                seen.insert(view.family.clone());
                // Pinochle's replay does not hold the dix exchange of the two-hand play: the
                // view says so in a note instead of showing wrong hands silently.
                if view.family == "pinochle" && !view.notes.is_empty() {
                    assert_eq!(view.notes.len(), 1);
                    noted.insert(path.strip_prefix(&root).unwrap_or(path).display().to_string());
                    continue;
                }
                if let Err(e) = std::panic::catch_unwind(|| sound(&view)) {
                    let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
                    bad.push(format!("{}: {msg}", path.display()));
                }
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        assert_eq!(seen.len(), crate::family::registry().len());
        // The records noted are those whose play exchanges the dix for the turned card.
        for name in &noted {
            let text = std::fs::read_to_string(root.join(name)).unwrap_or_default();
            assert!(
                text.contains(" exchanges "),
                "{name} is noted but exchanges nothing"
            );
        }
    }
}
