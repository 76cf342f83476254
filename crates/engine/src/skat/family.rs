//! Skat's side of the family seam: [`SKAT`] implements [`Family`] with the profiles of
//! [`super::rules`], the replay of [`super::check`], the words of [`super::words`], the book
//! layout of [`super::show`] and the generator of `super::gen`.

use cards::Display;
use notation::{CardSlot, Diagnostic, Layout, PlayItem, Record, Spanned};

use crate::ProfileInfo;
use crate::family::{Family, GenLayout, Replay};
use crate::skat;

/// The Skat family.
pub struct Skat;

/// The Skat family as the registry lists it.
pub static SKAT: Skat = Skat;

impl Family for Skat {
    fn tag(&self) -> &'static str {
        "skat"
    }

    fn name(&self) -> &'static str {
        "Skat"
    }

    fn profile_names(&self) -> Vec<&'static str> {
        skat::rules::all().iter().map(|p| p.name.as_str()).collect()
    }

    fn default_profile(&self) -> &'static str {
        "isko"
    }

    fn profiles(&self) -> Vec<ProfileInfo> {
        skat::rules::all()
            .iter()
            .map(|p| {
                let rules = serde_json::to_value(p.options).unwrap_or(serde_json::Value::Null);
                let options = serde_json::json!({ "rules": rules, "bid_table": p.bid_table });
                ProfileInfo::new(self.tag(), &p.name, &p.description, &p.source, options)
            })
            .collect()
    }

    fn has_profile(&self, name: &str) -> bool {
        skat::rules::by_name(name).is_some()
    }

    fn check(&self, record: &Record, profile: &str) -> Option<(Replay, Vec<Diagnostic>)> {
        let profile = skat::rules::by_name(profile)?;
        let (replay, findings) = skat::check(record, profile);
        Some((Replay::Skat(replay), findings))
    }

    fn check_sheet(&self, record: &Record, profile: &str) -> Option<Vec<Diagnostic>> {
        let profile = skat::rules::by_name(profile)?;
        Some(skat::sheet::check(record, profile))
    }

    fn canonicalize(&self, record: &mut Record) {
        skat::canonicalize(record);
    }

    fn to_leader_layout(&self, record: &mut Record, replay: &Replay) -> bool {
        let Replay::Skat(replay) = replay else {
            return false;
        };
        to_leader_layout(record, replay)
    }

    fn show(&self, replay: &Replay, display: Display) -> Option<String> {
        let Replay::Skat(replay) = replay else {
            return None;
        };
        Some(skat::show::body(replay, display))
    }

    fn view(&self, replay: &Replay) -> Option<crate::view::View> {
        let Replay::Skat(replay) = replay else {
            return None;
        };
        Some(crate::skat::view::view(replay))
    }

    fn generate(&self, profile: &str, seed: u64, layout: GenLayout) -> Option<Record> {
        let profile = skat::rules::by_name(profile)?;
        let mut game = skat::r#gen::generate_game(seed, profile);
        if layout == GenLayout::Complete {
            game.columns = false;
            game.omit_defenders = false;
            // The server shows the declarer the skat on a pick-up (`s w c1.c2`).
            game.skat_shown = true;
        }
        Some(skat::r#gen::to_record(&game, profile))
    }

    fn generates(&self) -> bool {
        true
    }

    fn new_game(
        &self,
        profile: &str,
        deal: crate::table_game::DealSpec,
    ) -> Option<Result<Box<dyn crate::table_game::Game>, crate::table_game::GameError>> {
        skat::rules::by_name(profile)?;
        Some(skat::game::new_game(profile, deal))
    }
}

/// Rewrites the play in columns into leader layout with the replay's leaders and order.
fn to_leader_layout(record: &mut Record, replay: &skat::Replay) -> bool {
    let Some(play) = &mut record.play else {
        return false;
    };
    let written = play
        .items
        .items
        .iter()
        .filter(|i| matches!(i, PlayItem::Trick(_)))
        .count();
    if written != replay.tricks.len() {
        return false;
    }
    let mut replayed = replay.tricks.iter();
    for item in &mut play.items.items {
        let PlayItem::Trick(trick) = item else { continue };
        let Some(r) = replayed.next() else { return false };
        if r.cards.len() != trick.cards.len() {
            return false;
        }
        let at = trick
            .number
            .as_ref()
            .map_or_else(notation::Span::default, |n| n.span);
        trick.leader = Some(Spanned::new(r.leader.label().to_string(), at));
        trick.cards = r
            .cards
            .iter()
            .map(|pc| Spanned::bare(CardSlot::Known(pc.card)))
            .collect();
    }
    play.items.layout = Layout::Leader;
    true
}
