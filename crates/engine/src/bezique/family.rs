//! Bezique's side of the family seam: [`BEZIQUE`] implements [`Family`] with the
//! profiles of [`super::rules`], the check of [`super::replay`], the calculator of
//! [`super::meld`], the book layout of [`super::show`] and the generator of `super::gen`.

use cards::Display;
use notation::{Diagnostic, Record};

use crate::ProfileInfo;
use crate::bezique::{self, meld, rules};
use crate::core::CardCounts;
use crate::family::{Family, GenLayout, Replay};
use crate::family::{MeldLine, MeldSummary};
use cards::Card;

/// The Bezique family.
pub struct Bezique;

/// The Bezique family as the registry lists it.
pub static BEZIQUE: Bezique = Bezique;

impl Family for Bezique {
    fn tag(&self) -> &'static str {
        "bezique"
    }

    fn name(&self) -> &'static str {
        "Bezique"
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
        let (replay, findings) = bezique::check(record, profile);
        Some((Replay::Bezique(replay), findings))
    }

    fn check_sheet(&self, record: &Record, profile: &str) -> Option<Vec<Diagnostic>> {
        let profile = rules::by_name(profile)?;
        Some(bezique::chouette::check(record, profile))
    }

    fn canonicalize(&self, _record: &mut Record) {
        // Bezique's words have no aliases to rewrite.
    }

    fn to_leader_layout(&self, _record: &mut Record, _replay: &Replay) -> bool {
        // Bezique records are read in leader layout only, so there is nothing to rewrite.
        true
    }

    fn show(&self, replay: &Replay, display: Display) -> Option<String> {
        let Replay::Bezique(replay) = replay else {
            return None;
        };
        Some(bezique::show::body(replay, display))
    }

    fn view(&self, replay: &Replay) -> Option<crate::view::View> {
        let Replay::Bezique(replay) = replay else {
            return None;
        };
        Some(crate::bezique::view::view(replay))
    }

    fn generate(&self, profile: &str, seed: u64, _layout: GenLayout) -> Option<Record> {
        // Every generated record lists every hand, the stock and every trick by its leader,
        // so both layouts are the same.
        let profile = rules::by_name(profile)?;
        Some(bezique::r#gen::generate(profile, seed))
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
        Some(bezique::game::new_game(profile, deal))
    }

    fn meld(&self, profile: &str, trump: &str, hand: &[Card]) -> Option<Result<MeldSummary, String>> {
        let Some(profile) = rules::by_name(profile) else {
            return Some(Err(format!(
                "no Bezique rule profile named `{profile}`; known profiles: {}",
                self.profile_names().join(", ")
            )));
        };
        let Some(trump) = crate::pinochle::words::suit(trump) else {
            return Some(Err(format!(
                "`{trump}` is not a suit: write S, ♠ or spades (and so on)"
            )));
        };
        let pack = profile.options.pack.spec();
        if let Some(card) = hand.iter().find(|c| !pack.contains(**c)) {
            return Some(Err(format!(
                "{card} is not a card of the {}-card pack",
                pack.len()
            )));
        }
        let held = CardCounts::of(hand.iter().copied());
        if let Some(t) = held.excess(&pack) {
            return Some(Err(format!(
                "{} is given {} times; the pack holds {} copies",
                t.card, t.dealt, t.copies
            )));
        }
        let m = meld::declarations(&profile.options.melds, trump, &held);
        Some(Ok(MeldSummary {
            melds: m
                .melds
                .into_iter()
                .map(|x| MeldLine {
                    kind: meld::word(x.kind).to_string(),
                    cards: x.cards,
                    value: x.value,
                })
                .collect(),
            total: m.total,
        }))
    }
}
