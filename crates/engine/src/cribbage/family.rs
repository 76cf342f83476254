//! Cribbage's side of the family seam: [`CRIBBAGE`] implements [`Family`] with the profiles
//! of [`super::rules`], the check of [`super::replay`], the show calculator of
//! [`super::meld`], the pegging table of [`super::show`] and the generator of `super::gen`.

use cards::{Display, Pack};
use notation::{Diagnostic, Record};

use crate::ProfileInfo;
use crate::cribbage::{self, meld, rules};
use crate::family::{Family, GenLayout, MeldLine, MeldQuery, MeldSummary, Replay};

/// The Cribbage family.
pub struct Cribbage;

/// The Cribbage family as the registry lists it.
pub static CRIBBAGE: Cribbage = Cribbage;

impl Family for Cribbage {
    fn tag(&self) -> &'static str {
        "cribbage"
    }

    fn name(&self) -> &'static str {
        "Cribbage"
    }

    fn profile_names(&self) -> Vec<&'static str> {
        rules::all().iter().map(|p| p.name).collect()
    }

    fn default_profile(&self) -> &'static str {
        "foster-1897-six-card"
    }

    fn profiles(&self) -> Vec<ProfileInfo> {
        rules::all()
            .iter()
            .map(|p| ProfileInfo::new(self.tag(), p.name, p.description, p.source, p.options))
            .collect()
    }

    fn has_profile(&self, name: &str) -> bool {
        rules::by_name(name).is_some()
    }

    fn check(&self, record: &Record, profile: &str) -> Option<(Replay, Vec<Diagnostic>)> {
        let profile = rules::by_name(profile)?;
        let (replay, findings) = cribbage::check(record, profile);
        Some((Replay::Cribbage(replay), findings))
    }

    fn canonicalize(&self, _record: &mut Record) {
        // Cribbage's words have one spelling each apart from seat aliases, kept as written.
    }

    fn to_leader_layout(&self, _record: &mut Record, _replay: &Replay) -> bool {
        // Cribbage has no tricks, so there is nothing to rewrite.
        true
    }

    fn show(&self, replay: &Replay, display: Display) -> Option<String> {
        let Replay::Cribbage(replay) = replay else {
            return None;
        };
        Some(cribbage::show::body(replay, display))
    }

    fn view(&self, replay: &Replay) -> Option<crate::view::View> {
        let Replay::Cribbage(replay) = replay else {
            return None;
        };
        Some(crate::cribbage::view::view(replay))
    }

    fn generate(&self, profile: &str, seed: u64, _layout: GenLayout) -> Option<Record> {
        let profile = rules::by_name(profile)?;
        Some(cribbage::r#gen::generate(profile, seed))
    }

    fn generates(&self) -> bool {
        true
    }

    fn new_game(
        &self,
        profile: &str,
        deal: crate::table_game::DealSpec,
    ) -> Option<Result<Box<dyn crate::table_game::Game>, crate::table_game::GameError>> {
        rules::by_name(profile)?;
        Some(cribbage::game::new_game(profile, deal))
    }

    fn meld_with(&self, query: &MeldQuery) -> Option<Result<MeldSummary, String>> {
        let profile = query.profile.unwrap_or(self.default_profile());
        let Some(profile) = rules::by_name(profile) else {
            return Some(Err(format!(
                "no Cribbage rule profile named `{profile}`; known profiles: {}",
                self.profile_names().join(", ")
            )));
        };
        let Some(starter) = query.starter else {
            return Some(Err("the show needs the starter: give it with --starter".into()));
        };
        let kept = profile.options.kept();
        if query.hand.is_empty() || query.hand.len() > kept {
            return Some(Err(format!(
                "a hand shows one to {kept} cards with the starter, not {}",
                query.hand.len()
            )));
        }
        let mut all = query.hand.to_vec();
        all.push(starter);
        for (i, c) in all.iter().enumerate() {
            if !Pack::French52.contains(*c) {
                return Some(Err(format!("{c} is not a card of the 52-card pack")));
            }
            if all.get(..i).is_some_and(|before| before.contains(c)) {
                return Some(Err(format!("{c} is given twice; the pack holds one")));
            }
        }
        let show = meld::count(query.hand, starter, query.crib);
        Some(Ok(MeldSummary {
            melds: show
                .items
                .into_iter()
                .map(|i| MeldLine {
                    kind: i.kind.word().to_string(),
                    cards: i.cards,
                    value: i.value,
                })
                .collect(),
            total: show.total,
        }))
    }
}
