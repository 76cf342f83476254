//! The family seam: what every game family supplies, and the registry of families.
//!
//! A family (Skat today; the Pinochle family, Sixty-Six and the rest later) implements
//! [`Family`] in its own folder (`engine/src/<family>/`) and is listed once, in
//! [`registry`]. Everything outside the folder — [`crate::check`], [`crate::canonicalize`],
//! [`crate::profiles`], [`crate::to_leader_layout`] and every command of the CLI — reaches
//! the family through the registry and names none. This file is the one place, besides the
//! folders themselves, that lists the families: the registry and the two tagged unions of
//! the report ([`Replay`] and [`Outcome`]), whose variants are the families.

use cards::Display;
use notation::{Diagnostic, Record};

use crate::{bezique, cribbage, frog, pinochle, ristikontra, sixty_six, skat};

/// One game family: its tag, its rule profiles and what the engine does with its records.
pub trait Family: Sync {
    /// The family's tag: the `Game` tag value that selects it, in lowercase (`skat`).
    fn tag(&self) -> &'static str;

    /// The family's name as prose uses it (`Skat`).
    fn name(&self) -> &'static str;

    /// The names of the family's rule profiles (the `Rules` tag values), in listing order.
    fn profile_names(&self) -> Vec<&'static str>;

    /// The profile a record without a `Rules` tag is checked under.
    fn default_profile(&self) -> &'static str;

    /// The family's profiles with their options, as `stich rules` lists them.
    fn profiles(&self) -> Vec<crate::ProfileInfo>;

    /// Whether `name` is one of the family's profiles.
    fn has_profile(&self, name: &str) -> bool {
        self.profile_names().contains(&name)
    }

    /// Interprets and replays a record under the profile `profile`: the replay and the
    /// family's findings. `None` when the family has no profile of that name.
    fn check(&self, record: &Record, profile: &str) -> Option<(Replay, Vec<Diagnostic>)>;

    /// Checks a score sheet (a record with a `sheet` section) under the profile `profile`:
    /// its findings, or `None` when the family does not check sheets.
    fn check_sheet(&self, record: &Record, profile: &str) -> Option<Vec<Diagnostic>> {
        let _ = (record, profile);
        None
    }

    /// Rewrites the family's aliases in a record to their canonical spelling.
    fn canonicalize(&self, record: &mut Record);

    /// Rewrites a play section in columns into leader layout, with the leaders and the play
    /// order `replay` worked out. Returns `false`, leaving the record as it was, when the
    /// replay does not fit the written play.
    fn to_leader_layout(&self, record: &mut Record, replay: &Replay) -> bool;

    /// The body of `stich show` for one replayed record (hands, auction, tricks, result),
    /// with cards in the alphabet `display`; `None` when the replay is not this family's.
    fn show(&self, replay: &Replay, display: Display) -> Option<String>;

    /// The family-neutral view of a replayed record (seats, hands, phases, the play step by
    /// step, the result) that the hand viewer draws; `None` when the replay is not this
    /// family's.
    fn view(&self, replay: &Replay) -> Option<crate::view::View> {
        let _ = replay;
        None
    }

    /// A random legal game made from `seed` under the profile `profile`, as a record with
    /// every result claim; `None` when the family has no generator or no such profile.
    fn generate(&self, profile: &str, seed: u64, layout: GenLayout) -> Option<Record>;

    /// Whether [`Family::generate`] makes games.
    fn generates(&self) -> bool;

    /// What a hand melds under the profile `profile` with the trump suit `trump` (a suit in
    /// any spelling the family reads): every meld with its cards and value, and the total.
    /// `None` when the family has no melds; an error message for an unknown profile or suit.
    fn meld(&self, profile: &str, trump: &str, hand: &[cards::Card]) -> Option<Result<MeldSummary, String>> {
        let _ = (profile, trump, hand);
        None
    }

    /// What a hand melds or shows for a [`MeldQuery`]: by default [`Family::meld`] with the
    /// query's profile (the family's default without one) and trump; a family whose count
    /// needs more (Cribbage's starter) answers here.
    fn meld_with(&self, query: &MeldQuery) -> Option<Result<MeldSummary, String>> {
        let profile = query.profile.unwrap_or(self.default_profile());
        match query.trump {
            Some(trump) => self.meld(profile, trump, query.hand),
            None => self.meld(profile, "", query.hand).map(|_| {
                Err(format!(
                    "{} melds need a trump suit: give it with --trump",
                    self.name()
                ))
            }),
        }
    }

    /// A game for bots under the profile `profile`, started from `deal`
    /// ([`crate::table_game`]); `None` when the family offers none.
    fn new_game(
        &self,
        profile: &str,
        deal: crate::table_game::DealSpec,
    ) -> Option<Result<Box<dyn crate::table_game::Game>, crate::table_game::GameError>> {
        let _ = (profile, deal);
        None
    }
}

/// What `stich meld` asks a family: the hand and what its count depends on.
#[derive(Clone, Copy, Debug, Default)]
pub struct MeldQuery<'a> {
    /// The rule profile; the family's default when `None`.
    pub profile: Option<&'a str>,
    /// The trump suit, in any spelling the family reads.
    pub trump: Option<&'a str>,
    /// The starter (Cribbage).
    pub starter: Option<cards::Card>,
    /// Whether the cards are the crib (Cribbage's flush rule).
    pub crib: bool,
    /// The cards.
    pub hand: &'a [cards::Card],
}

/// What a hand melds, as the meld calculator of a family with melds gives it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MeldSummary {
    /// Each meld found.
    pub melds: Vec<MeldLine>,
    /// Their total.
    pub total: u32,
}

/// One meld of a [`MeldSummary`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MeldLine {
    /// The kind, by the family's canonical word (`run`, `double-pinochle`).
    pub kind: String,
    /// Its cards.
    pub cards: Vec<cards::Card>,
    /// Its value.
    pub value: u32,
}

/// How a generated record is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenLayout {
    /// As the generator chooses per game (some books' layouts: play in columns, hands left
    /// out), so that generated records exercise every layout.
    Varied,
    /// Every hand dealt in full and every trick by its leader, as a server records a game.
    Complete,
}

/// Every family with an engine, in listing order. The first is the one a record without a
/// `Game` tag is read as.
pub fn registry() -> &'static [&'static dyn Family] {
    static FAMILIES: [&dyn Family; 7] = [
        &skat::family::SKAT,
        &pinochle::family::PINOCHLE,
        &cribbage::family::CRIBBAGE,
        &ristikontra::family::RISTIKONTRA,
        &frog::family::FROG,
        &sixty_six::family::SIXTY_SIX,
        &bezique::family::BEZIQUE,
    ];
    &FAMILIES
}

/// The family whose tag is `game` (compared without case and surrounding space).
pub fn by_tag(game: &str) -> Option<&'static dyn Family> {
    let game = game.trim();
    registry()
        .iter()
        .copied()
        .find(|f| f.tag().eq_ignore_ascii_case(game))
}

/// The family a record without a `Game` tag is read as.
pub fn default_family() -> &'static dyn Family {
    registry()[0]
}

/// The tags of every family, comma-separated, for help texts.
pub fn tags() -> String {
    let tags: Vec<&str> = registry().iter().map(|f| f.tag()).collect();
    tags.join(", ")
}

/// The family a record belongs to by its `Game` tag: the default family without one.
pub fn of_record(record: &Record) -> Option<&'static dyn Family> {
    match record.tag("Game") {
        None => Some(default_family()),
        Some(game) => by_tag(game),
    }
}

/// The replay of a record, by game family.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum Replay {
    /// A Skat game.
    Skat(skat::Replay),
    /// A Pinochle deal.
    Pinochle(pinochle::Replay),
    /// A Cribbage deal.
    Cribbage(cribbage::Replay),
    /// A Ristikontra deal.
    Ristikontra(ristikontra::Replay),
    /// A Frog deal.
    Frog(frog::Replay),
    /// A Sixty-Six deal.
    SixtySix(sixty_six::Replay),
    /// A Bezique deal.
    Bezique(bezique::Replay),
}

impl Replay {
    /// The family that made the replay.
    pub fn family(&self) -> &'static dyn Family {
        match self {
            Replay::Skat(_) => &skat::family::SKAT,
            Replay::Pinochle(_) => &pinochle::family::PINOCHLE,
            Replay::Cribbage(_) => &cribbage::family::CRIBBAGE,
            Replay::Ristikontra(_) => &ristikontra::family::RISTIKONTRA,
            Replay::Frog(_) => &frog::family::FROG,
            Replay::SixtySix(_) => &sixty_six::family::SIXTY_SIX,
            Replay::Bezique(_) => &bezique::family::BEZIQUE,
        }
    }

    /// Puts a result back into the replay (the report writes it once, beside the record,
    /// and a report read back has it there only). A result of another family is ignored.
    pub fn set_outcome(&mut self, outcome: Outcome) {
        match (self, outcome) {
            (Replay::Skat(r), Outcome::Skat(result)) => r.result = result,
            (Replay::Pinochle(r), Outcome::Pinochle(result)) => r.result = result,
            (Replay::Cribbage(r), Outcome::Cribbage(result)) => r.result = result,
            (Replay::Ristikontra(r), Outcome::Ristikontra(result)) => r.result = result,
            (Replay::Frog(r), Outcome::Frog(result)) => r.result = result,
            (Replay::SixtySix(r), Outcome::SixtySix(result)) => r.result = result,
            (Replay::Bezique(r), Outcome::Bezique(result)) => r.result = result,
            _ => {}
        }
    }

    /// The recomputed result, which the report gives on its own beside the record.
    pub fn outcome(&self) -> Outcome {
        match self {
            Replay::Skat(r) => Outcome::Skat(r.result.clone()),
            Replay::Pinochle(r) => Outcome::Pinochle(r.result.clone()),
            Replay::Cribbage(r) => Outcome::Cribbage(r.result.clone()),
            Replay::Ristikontra(r) => Outcome::Ristikontra(r.result.clone()),
            Replay::Frog(r) => Outcome::Frog(r.result.clone()),
            Replay::SixtySix(r) => Outcome::SixtySix(r.result.clone()),
            Replay::Bezique(r) => Outcome::Bezique(r.result.clone()),
        }
    }
}

/// The recomputed result of a record, by game family, tagged by `family` (a family's result
/// may itself have a field `game`, as Skat's has for the game played).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(tag = "family", rename_all = "snake_case")]
pub enum Outcome {
    /// The result of a Skat game.
    Skat(skat::GameResult),
    /// The result of a Pinochle deal.
    Pinochle(pinochle::GameResult),
    /// The result of a Cribbage deal.
    Cribbage(cribbage::GameResult),
    /// The result of a Ristikontra deal.
    Ristikontra(ristikontra::GameResult),
    /// The result of a Frog deal.
    Frog(frog::GameResult),
    /// The result of a Sixty-Six deal.
    SixtySix(sixty_six::GameResult),
    /// The result of a Bezique deal.
    Bezique(bezique::GameResult),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str) -> Record {
        notation::read_str(text)
            .into_iter()
            .next()
            .and_then(|p| p.record)
            .expect("a record")
    }

    #[test]
    fn every_family_is_found_by_its_tag_and_lists_its_default_profile() {
        let mut tags = std::collections::BTreeSet::new();
        for family in registry() {
            assert!(tags.insert(family.tag()), "two families tagged {}", family.tag());
            let found = by_tag(&family.tag().to_uppercase()).expect("found by tag");
            assert_eq!(found.tag(), family.tag());
            assert!(family.has_profile(family.default_profile()));
            let listed: Vec<String> = family.profiles().into_iter().map(|p| p.name).collect();
            assert_eq!(listed, family.profile_names());
        }
        assert!(by_tag("pinochle").is_some());
        assert!(by_tag("frog").is_some());
        assert!(
            crate::profiles()
                .iter()
                .all(|p| by_tag(&p.game).is_some_and(|f| f.has_profile(&p.name)))
        );
    }

    #[test]
    fn unknown_games_and_profiles_are_dispatch_findings_listing_the_registry() {
        let c = crate::check(&record("[Game \"whist\"]\n[Rules \"x\"]\n\nresult score 10\n"));
        assert_eq!(c.findings.len(), 1);
        assert_eq!(c.findings[0].code, "E0001");
        assert_eq!(
            c.findings[0].help.as_deref(),
            Some(format!("games with an engine: {}", tags()).as_str())
        );
        let c = crate::check(&record("[Game \"skat\"]\n[Rules \"nope\"]\n\nresult score 10\n"));
        assert_eq!(c.findings.len(), 1);
        assert_eq!(c.findings[0].code, "E0002");
        let help = c.findings[0].help.clone().unwrap_or_default();
        for name in default_family().profile_names() {
            assert!(help.contains(name), "{help}");
        }
        assert!(c.replay.is_none());
    }

    #[test]
    fn a_replay_names_its_family_and_takes_its_result_back() {
        let c = crate::check(&record(
            "[Game \"skat\"]\n[Rules \"isko\"]\n\nauction  M pass, R pass, F pass\n",
        ));
        let mut replay = c.replay.expect("replayed");
        assert_eq!(replay.family().tag(), "skat");
        let outcome = replay.outcome();
        let Replay::Skat(r) = &mut replay else {
            panic!("a Skat replay");
        };
        r.result = Default::default();
        replay.set_outcome(outcome.clone());
        assert_eq!(replay.outcome(), outcome);
    }

    #[test]
    fn generated_records_are_the_family_s_and_check_consistent() {
        for family in registry().iter().filter(|f| f.generates()) {
            for layout in [GenLayout::Varied, GenLayout::Complete] {
                let r = family
                    .generate(family.default_profile(), 3, layout)
                    .expect("a game");
                assert_eq!(crate::check(&r).verdict, crate::Verdict::Consistent);
            }
            assert!(family.generate("no such profile", 3, GenLayout::Varied).is_none());
        }
    }
}
