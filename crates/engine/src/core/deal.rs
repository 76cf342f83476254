//! Checking a deal and reconstructing the hands a record leaves out.
//!
//! A deal is a set of *pools* (the players' hands and any undealt cards such as Skat's skat),
//! each of a fixed size. The record mentions cards in several ways, each a [`Sighting`]: a
//! deal line places a card in a pool; a played or discarded card leaves a pool (or one of two
//! pools, when a player who took the skat plays it); a picked-up or exposed card is merely
//! seen. The check reports any card mentioned twice in the same way or in places that cannot
//! both be true, naming both places, and then fills the gaps: when every other pool is full,
//! the cards nobody mentioned must be in the one pool with room. Pools completed this way are
//! marked *inferred*.

use crate::core::CardSet;
use cards::Card;
use notation::{Diagnostic, Kind, Span};

/// One pool of the deal: a seat's hand or the undealt cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    /// The label used in messages (`F`, `skat`).
    pub label: &'static str,
    /// How many cards it holds.
    pub size: usize,
    /// The deal line for this pool, if the record has one: how many cards it lists
    /// (unknown `??` slots included) and where it stands.
    pub line: Option<(usize, Option<Span>)>,
}

/// Where a sighting puts a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In this pool.
    Pool(usize),
    /// In one of these two pools (a card played by a player who picked up the skat was either
    /// dealt to that player or lay in the skat).
    Either(usize, usize),
}

impl Place {
    fn mask(self) -> u32 {
        match self {
            Place::Pool(p) => 1 << p,
            Place::Either(a, b) => (1 << a) | (1 << b),
        }
    }
}

/// How a card is mentioned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// Listed in a deal line: each card is dealt once.
    Dealt,
    /// Played or discarded: each card leaves the hands once.
    Played,
    /// Seen elsewhere (picked up, exposed): may repeat.
    Seen,
}

/// One mention of a card. `O` tells the caller's messages where it was (a line, a trick).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sighting<O> {
    /// The card.
    pub card: Card,
    /// Where it puts the card.
    pub place: Place,
    /// How it mentions the card.
    pub sight: Sight,
    /// Where in the text.
    pub span: Option<Span>,
    /// The caller's description of the mention.
    pub origin: O,
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealOutcome {
    /// The cards known to be in each pool.
    pub pools: Vec<CardSet>,
    /// Whether each pool is known in full.
    pub complete: Vec<bool>,
    /// Whether each pool was completed by inference (its line was absent or partial).
    pub inferred: Vec<bool>,
    /// Cards known to be in one of two pools without telling which.
    pub unresolved: CardSet,
    /// Findings, codes `D01xx`.
    pub findings: Vec<Diagnostic>,
    /// Cards already named in an error, so later stages need not report them again.
    pub reported: CardSet,
}

#[derive(Clone, Copy)]
struct Seen {
    dealt: Option<usize>,
    played: Option<usize>,
    /// Pools allowed by every sighting so far (bit mask).
    allowed: u32,
    mentioned: bool,
}

/// Checks the sightings against the pack and the pools, and reconstructs what it can.
/// `describe` names a sighting's origin in messages ("F's deal line", "trick 3, M").
pub fn check<O: Copy>(
    pools: &[Pool],
    pack: CardSet,
    sightings: &[Sighting<O>],
    describe: impl Fn(O) -> String,
) -> DealOutcome {
    let n = pools.len().min(31);
    let all_pools: u32 = (1u32 << n) - 1;
    let mut findings = Vec::new();
    let mut reported = CardSet::EMPTY;
    let mut seen = [Seen {
        dealt: None,
        played: None,
        allowed: all_pools,
        mentioned: false,
    }; 52];

    for p in pools.iter().take(n) {
        if let Some((count, span)) = p.line
            && count != p.size
        {
            findings.push(
                Diagnostic::error(
                    "D0106",
                    Kind::Illegal,
                    span,
                    format!(
                        "{} has {} cards in the deal; it must have {}",
                        p.label, count, p.size
                    ),
                )
                .with_help("write `??` for a card that is not known"),
            );
        }
    }

    for (i, s) in sightings.iter().enumerate() {
        if !pack.contains(s.card) {
            findings.push(Diagnostic::error(
                "D0101",
                Kind::Illegal,
                s.span,
                format!("{} is not a card of this pack ({})", s.card, describe(s.origin)),
            ));
            reported.insert(s.card);
            continue;
        }
        let Some(entry) = seen.get_mut(s.card.index()) else {
            continue;
        };
        let first_place = |j: Option<usize>| j.and_then(|j| sightings.get(j));
        match s.sight {
            Sight::Dealt => {
                if let Some(prev) = first_place(entry.dealt) {
                    findings.push(
                        Diagnostic::error(
                            "D0102",
                            Kind::Illegal,
                            s.span,
                            format!(
                                "{} is dealt twice: {} and {}",
                                s.card,
                                describe(prev.origin),
                                describe(s.origin)
                            ),
                        )
                        .with_help("every card of the pack is dealt exactly once"),
                    );
                    reported.insert(s.card);
                    continue;
                }
                entry.dealt = Some(i);
            }
            Sight::Played => {
                if let Some(prev) = first_place(entry.played) {
                    findings.push(Diagnostic::error(
                        "D0103",
                        Kind::Illegal,
                        s.span,
                        format!(
                            "{} leaves the hands twice: {} and {}",
                            s.card,
                            describe(prev.origin),
                            describe(s.origin)
                        ),
                    ));
                    reported.insert(s.card);
                    continue;
                }
                entry.played = Some(i);
            }
            Sight::Seen => {}
        }
        let narrowed = entry.allowed & s.place.mask();
        if narrowed == 0 {
            // Name the earlier mention that contradicts this one.
            let prev = sightings
                .iter()
                .take(i)
                .find(|p| p.card == s.card && pack.contains(p.card) && p.place.mask() & s.place.mask() == 0);
            let earlier = prev
                .map(|p| describe(p.origin))
                .unwrap_or_else(|| "elsewhere".to_string());
            findings.push(
                Diagnostic::error(
                    "D0104",
                    Kind::Illegal,
                    s.span,
                    format!("{} cannot be both {} and {}", s.card, earlier, describe(s.origin)),
                )
                .with_help("a card is held by one player only"),
            );
            reported.insert(s.card);
            continue;
        }
        entry.allowed = narrowed;
        entry.mentioned = true;
    }

    // Place every card whose pools are narrowed to one; propagate while pools fill up.
    let mut placed = vec![CardSet::EMPTY; n];
    let mut open: Vec<(Card, u32, bool)> = Vec::with_capacity(pack.len());
    for card in pack.iter() {
        let Some(e) = seen.get(card.index()) else {
            continue;
        };
        open.push((card, e.allowed, e.mentioned));
    }
    loop {
        let mut changed = false;
        let full: u32 = (0..n)
            .filter(|&p| placed.get(p).map_or(0, |s| s.len()) >= pools.get(p).map_or(0, |x| x.size))
            .fold(0, |m, p| m | 1 << p);
        open.retain_mut(|(card, mask, _)| {
            let m = if mask.count_ones() > 1 {
                *mask & !full
            } else {
                *mask
            };
            if m.count_ones() == 1 {
                let p = m.trailing_zeros() as usize;
                if let Some(set) = placed.get_mut(p) {
                    set.insert(*card);
                }
                changed = true;
                false
            } else {
                if m != 0 {
                    *mask = m;
                }
                true
            }
        });
        if !changed || open.is_empty() {
            break;
        }
    }

    for (p, pool) in pools.iter().enumerate().take(n) {
        let count = placed.get(p).map_or(0, |s| s.len());
        if count > pool.size && pool.line.is_none_or(|(c, _)| c == pool.size) {
            findings.push(Diagnostic::error(
                "D0105",
                Kind::Illegal,
                pool.line.and_then(|(_, s)| s),
                format!(
                    "{} would hold {} cards; a hand of {} has {}",
                    pool.label, count, pool.label, pool.size
                ),
            ));
        }
    }

    // With every pool stated in full, a card nobody holds is missing from the deal: say so
    // in the finding that explains it (a card dealt twice, or outside the pack).
    let stated_in_full = pools.iter().all(|p| p.line.is_some_and(|(c, _)| c == p.size));
    if stated_in_full {
        let dealt: CardSet = pack
            .iter()
            .filter(|c| seen.get(c.index()).is_some_and(|e| e.dealt.is_some()))
            .collect();
        let missing = pack.difference(dealt).difference(reported);
        if let Some(d) = findings
            .iter_mut()
            .find(|d| d.code == "D0101" || d.code == "D0102")
            && !missing.is_empty()
        {
            d.help = Some(format!("not dealt to anyone: {}", missing.describe()));
        }
    }

    // How many cards each pool's deal line names, counted in one pass over the sightings.
    let mut dealt_to = vec![0usize; n];
    for s in sightings {
        if let (Sight::Dealt, Place::Pool(p)) = (s.sight, s.place)
            && let Some(count) = dealt_to.get_mut(p)
        {
            *count += 1;
        }
    }
    let mut complete = Vec::with_capacity(n);
    let mut inferred = Vec::with_capacity(n);
    for (p, pool) in pools.iter().enumerate().take(n) {
        let set = placed.get(p).copied().unwrap_or_default();
        let full = set.len() == pool.size;
        let stated = pool.line.is_some_and(|(c, _)| c == pool.size)
            && dealt_to.get(p).copied().unwrap_or(0) == pool.size;
        let wrong_line = pool.line.is_some_and(|(c, _)| c != pool.size);
        complete.push(full);
        inferred.push(full && !stated && !wrong_line);
    }
    let unresolved: CardSet = open
        .iter()
        .filter(|(_, m, mentioned)| *mentioned && m.count_ones() == 2)
        .map(|&(c, _, _)| c)
        .collect();
    DealOutcome {
        pools: placed,
        complete,
        inferred,
        unresolved,
        findings,
        reported,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Pack, Rank, Suit};

    fn pack() -> CardSet {
        CardSet::of(Pack::Skat32.cards())
    }

    fn pools(lines: [Option<usize>; 4]) -> Vec<Pool> {
        let labels = ["F", "M", "R", "skat"];
        let sizes = [10, 10, 10, 2];
        (0..4)
            .map(|i| Pool {
                label: labels[i],
                size: sizes[i],
                line: lines[i].map(|c| (c, None)),
            })
            .collect()
    }

    fn deal_sightings() -> Vec<Sighting<usize>> {
        Pack::Skat32
            .cards()
            .into_iter()
            .enumerate()
            .map(|(i, card)| {
                let pool = if i < 30 { i / 10 } else { 3 };
                Sighting {
                    card,
                    place: Place::Pool(pool),
                    sight: Sight::Dealt,
                    span: None,
                    origin: pool,
                }
            })
            .collect()
    }

    fn name(o: usize) -> String {
        format!("pool {o}")
    }

    #[test]
    fn a_full_deal_is_complete_and_not_inferred() {
        let out = check(
            &pools([Some(10), Some(10), Some(10), Some(2)]),
            pack(),
            &deal_sightings(),
            name,
        );
        assert!(out.findings.is_empty(), "{:?}", out.findings);
        assert_eq!(out.complete, vec![true; 4]);
        assert_eq!(out.inferred, vec![false; 4]);
        assert_eq!(out.pools[3].len(), 2);
    }

    #[test]
    fn a_missing_hand_is_inferred_by_elimination() {
        let s: Vec<_> = deal_sightings().into_iter().filter(|s| s.origin != 1).collect();
        let out = check(&pools([Some(10), None, Some(10), Some(2)]), pack(), &s, name);
        assert!(out.findings.is_empty());
        assert_eq!(out.complete, vec![true; 4]);
        assert_eq!(out.inferred, vec![false, true, false, false]);
        assert_eq!(out.pools[1].len(), 10);
    }

    #[test]
    fn a_card_dealt_twice_names_both_places() {
        let mut s = deal_sightings();
        let dup = s[0].card;
        s[15].card = dup;
        let out = check(&pools([Some(10), Some(10), Some(10), Some(2)]), pack(), &s, name);
        let d = out.findings.iter().find(|d| d.code == "D0102").unwrap();
        assert!(
            d.message.contains("pool 0") && d.message.contains("pool 1"),
            "{}",
            d.message
        );
        let help = out
            .findings
            .iter()
            .find(|d| d.code == "D0102")
            .and_then(|d| d.help.clone())
            .unwrap();
        assert!(help.starts_with("not dealt to anyone:"), "{help}");
        assert!(out.reported.contains(dup));
    }

    #[test]
    fn a_card_dealt_to_one_and_played_by_another_is_an_error() {
        let mut s = deal_sightings();
        let card = s[0].card;
        s.push(Sighting {
            card,
            place: Place::Pool(2),
            sight: Sight::Played,
            span: None,
            origin: 9,
        });
        let out = check(&pools([Some(10), Some(10), Some(10), Some(2)]), pack(), &s, name);
        let d = out.findings.iter().find(|d| d.code == "D0104").unwrap();
        assert!(
            d.message.contains("pool 0") && d.message.contains("pool 9"),
            "{}",
            d.message
        );
    }

    #[test]
    fn either_cards_resolve_once_one_pool_is_full() {
        // F's hand known; the skat is not; two cards played by F could have come from the
        // skat, but F is full, so they are unknown skat cards only if unseen.
        let s: Vec<_> = deal_sightings().into_iter().filter(|s| s.origin != 3).collect();
        let out = check(&pools([Some(10), Some(10), Some(10), None]), pack(), &s, name);
        assert_eq!(out.inferred, vec![false, false, false, true]);
        let c = Card::new(Suit::Diamonds, Rank::Seven);
        let mut s2: Vec<_> = deal_sightings()
            .into_iter()
            .filter(|s| s.origin == 1 || s.origin == 2)
            .collect();
        s2.push(Sighting {
            card: c,
            place: Place::Either(0, 3),
            sight: Sight::Played,
            span: None,
            origin: 0,
        });
        let out = check(&pools([None, Some(10), Some(10), None]), pack(), &s2, name);
        assert!(out.unresolved.contains(c));
        assert!(!out.complete[0] && !out.complete[3]);
    }

    #[test]
    fn a_card_outside_the_pack_is_reported() {
        let s = vec![Sighting {
            card: Card::new(Suit::Clubs, Rank::Six),
            place: Place::Pool(0),
            sight: Sight::Dealt,
            span: None,
            origin: 0usize,
        }];
        let out = check(&pools([None, None, None, None]), pack(), &s, name);
        assert_eq!(out.findings[0].code, "D0101");
    }
}
