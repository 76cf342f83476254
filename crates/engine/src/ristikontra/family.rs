//! Ristikontra's side of the family seam: [`RISTIKONTRA`] implements [`Family`] with the profiles
//! of [`super::rules`], the check of [`super::replay`], the trick table of [`super::show`]
//! and the generator of `super::gen`.

use cards::Display;
use notation::{Diagnostic, Record};

use crate::ProfileInfo;
use crate::family::{Family, GenLayout, Replay};
use crate::ristikontra::{self, rules};

/// The Ristikontra family.
pub struct Ristikontra;

/// The Ristikontra family as the registry lists it.
pub static RISTIKONTRA: Ristikontra = Ristikontra;

impl Family for Ristikontra {
    fn tag(&self) -> &'static str {
        "ristikontra"
    }

    fn name(&self) -> &'static str {
        "Ristikontra"
    }

    fn profile_names(&self) -> Vec<&'static str> {
        rules::all().iter().map(|p| p.name).collect()
    }

    fn default_profile(&self) -> &'static str {
        "wikipedia-003"
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
        let (replay, findings) = ristikontra::check(record, profile);
        Some((Replay::Ristikontra(replay), findings))
    }

    fn canonicalize(&self, _record: &mut Record) {
        // Ristikontra's words have one spelling each.
    }

    fn to_leader_layout(&self, _record: &mut Record, _replay: &Replay) -> bool {
        // Ristikontra records are read in leader layout only, so there is nothing to rewrite.
        true
    }

    fn show(&self, replay: &Replay, display: Display) -> Option<String> {
        let Replay::Ristikontra(replay) = replay else {
            return None;
        };
        Some(ristikontra::show::body(replay, display))
    }

    fn view(&self, replay: &Replay) -> Option<crate::view::View> {
        let Replay::Ristikontra(replay) = replay else {
            return None;
        };
        Some(crate::ristikontra::view::view(replay))
    }

    fn generate(&self, profile: &str, seed: u64, _layout: GenLayout) -> Option<Record> {
        let profile = rules::by_name(profile)?;
        Some(ristikontra::r#gen::generate(profile, seed))
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
        Some(ristikontra::game::new_game(profile, deal))
    }
}
