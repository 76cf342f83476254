//! Frog's side of the family seam: [`FROG`] implements [`Family`] with the profiles
//! of [`super::rules`], the check of [`super::replay`], the trick table of [`super::show`]
//! and the generator of `super::gen`.

use cards::Display;
use notation::{Diagnostic, Record};

use crate::ProfileInfo;
use crate::family::{Family, GenLayout, Replay};
use crate::frog::{self, rules};

/// The Frog family.
pub struct Frog;

/// The Frog family as the registry lists it.
pub static FROG: Frog = Frog;

impl Family for Frog {
    fn tag(&self) -> &'static str {
        "frog"
    }

    fn name(&self) -> &'static str {
        "Frog"
    }

    fn profile_names(&self) -> Vec<&'static str> {
        rules::all().iter().map(|p| p.name).collect()
    }

    fn default_profile(&self) -> &'static str {
        "foster-1897"
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
        let (replay, findings) = frog::check(record, profile);
        Some((Replay::Frog(replay), findings))
    }

    fn canonicalize(&self, _record: &mut Record) {
        // Frog's words have one spelling each.
    }

    fn to_leader_layout(&self, _record: &mut Record, _replay: &Replay) -> bool {
        // Frog records are read in leader layout only, so there is nothing to rewrite.
        true
    }

    fn show(&self, replay: &Replay, display: Display) -> Option<String> {
        let Replay::Frog(replay) = replay else {
            return None;
        };
        Some(frog::show::body(replay, display))
    }

    fn view(&self, replay: &Replay) -> Option<crate::view::View> {
        let Replay::Frog(replay) = replay else {
            return None;
        };
        Some(crate::frog::view::view(replay))
    }

    fn generate(&self, profile: &str, seed: u64, _layout: GenLayout) -> Option<Record> {
        let profile = rules::by_name(profile)?;
        Some(frog::r#gen::generate(profile, seed))
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
        Some(frog::game::new_game(profile, deal))
    }
}
