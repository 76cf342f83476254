//! Sixty-Six's side of the family seam: [`SIXTY_SIX`] implements [`Family`] with the
//! profiles of [`super::rules`], the check of [`super::replay`], the book layout of
//! [`super::show`] and the generator of `super::gen`.

use cards::Display;
use notation::{Diagnostic, Record};

use crate::ProfileInfo;
use crate::family::{Family, GenLayout, Replay};
use crate::sixty_six::{self, rules, words};

/// The Sixty-Six family.
pub struct SixtySix;

/// The Sixty-Six family as the registry lists it.
pub static SIXTY_SIX: SixtySix = SixtySix;

impl Family for SixtySix {
    fn tag(&self) -> &'static str {
        "sixty-six"
    }

    fn name(&self) -> &'static str {
        "Sixty-Six"
    }

    fn profile_names(&self) -> Vec<&'static str> {
        rules::all().iter().map(|p| p.name).collect()
    }

    fn default_profile(&self) -> &'static str {
        "uspc-two-hand"
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
        let (replay, findings) = sixty_six::check(record, profile);
        Some((Replay::SixtySix(replay), findings))
    }

    fn canonicalize(&self, record: &mut Record) {
        words::canonicalize(record);
    }

    fn to_leader_layout(&self, _record: &mut Record, _replay: &Replay) -> bool {
        // Sixty-Six records are read in leader layout only, so there is nothing to rewrite.
        true
    }

    fn show(&self, replay: &Replay, display: Display) -> Option<String> {
        let Replay::SixtySix(replay) = replay else {
            return None;
        };
        Some(sixty_six::show::body(replay, display))
    }

    fn view(&self, replay: &Replay) -> Option<crate::view::View> {
        let Replay::SixtySix(replay) = replay else {
            return None;
        };
        Some(crate::sixty_six::view::view(replay))
    }

    fn generate(&self, profile: &str, seed: u64, _layout: GenLayout) -> Option<Record> {
        // Every generated record lists every hand, the stock and every trick by its leader,
        // so both layouts are the same.
        let profile = rules::by_name(profile)?;
        Some(sixty_six::r#gen::generate(profile, seed))
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
        Some(sixty_six::game::new_game(profile, deal))
    }
}
