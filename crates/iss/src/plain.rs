//! A server record in the plain case, read in full: what its report shows (the header tags,
//! the deal, the auction, the declaration, every trick with its winner and points, the
//! result) and its canonical stich text, straight from its bytes and the quick replay, with
//! no syntax tree.
//!
//! It takes only what [`crate::quick`] finds consistent and, beyond that, only a record laid
//! out as the server writes it: `MV` after the text properties and `R` last, a blank before
//! `MV`'s `]` and before `;)`, the declaration and its discard in one move, no event during a
//! trick, the `R` field in the server's full form, and text that a JSON string and the
//! notation's quoted tag hold as it is. For those the mapping to the tree adds no
//! `IssLayout` or `IssResult` tag, so [`Plain::canonical`] is the text the canonical printer
//! gives for [`crate::to_record`]'s tree. Anything else is `None`, and the caller goes the
//! full path. Tests hold the two to the same bytes.

use cards::Card;
use engine::core::CardSet;
use engine::skat::quick::{self, Act, Declared, MAX_CALLS, Replayed};
use engine::skat::state::TrickDone;
use engine::skat::words::EventWord;
use engine::skat::{Call as CallKind, Contract, GameResult, Seat};

use crate::model::{GameKind, Key, Modifier};
use crate::quick::{Extras, MAX_PLAY, profile, properties, read_moves_with, result_agrees, server_result};
use crate::to_tree::date_parts;
use crate::vocab::{self, simple_tag};

/// A consistent server record in the plain case (see the module's documentation).
pub struct Plain<'a> {
    record: &'a [u8],
    /// The header tags, read once: a report writes them twice (text and JSON).
    tags: [(&'static str, TagText<'a>); MAX_TAGS],
    n_tags: usize,
    extras: Extras<'a>,
    calls: [(Seat, CallKind); MAX_CALLS],
    n_calls: usize,
    declared: Option<Declared>,
    play: [Act; MAX_PLAY],
    n_play: usize,
    replayed: Replayed,
}

/// Reads a record as the reader splits it from the input (`(;` … `;)`), or `None` when it
/// is not consistent or not plain.
pub fn read(record: &[u8]) -> Option<Plain<'_>> {
    let profile = profile()?;
    if !usual_layout(record)? {
        return None;
    }
    let props = properties(record)?;
    let mut calls = [(Seat::F, CallKind::Pass); MAX_CALLS];
    let mut play = [Act::Hidden(Seat::F); MAX_PLAY];
    let mut extras = Extras::default();
    let game = read_moves_with(props.moves, &mut calls, &mut play, &mut extras)?;
    if extras.split || extras.moved {
        return None;
    }
    let (n_calls, n_play, declared) = (game.calls.len(), game.play.len(), game.declared);
    let replayed = quick::replay_in_full(profile, &game)?;
    result_agrees(props.result, &replayed.result)?;
    let mut expected = String::with_capacity(80);
    server_result(&replayed.result, &mut expected)?;
    if props.result != expected.as_bytes() {
        return None;
    }
    let mut tags = [("", TagText::Raw("")); MAX_TAGS];
    let mut n_tags = 0;
    let mut full = false;
    header_tags(record, |name, value| match tags.get_mut(n_tags) {
        Some(slot) => {
            *slot = (name, value);
            n_tags += 1;
        }
        None => full = true,
    });
    if full {
        return None;
    }
    Some(Plain {
        record,
        tags,
        n_tags,
        extras,
        calls,
        n_calls,
        declared,
        play,
        n_play,
        replayed,
    })
}

/// Whether the properties stand as the server writes them (text properties, then `MV`
/// ending in a blank, then `R`, then ` ;)`) and every text value is one a JSON string and a
/// quoted tag hold unescaped; `None` when the record is not split into properties at all.
fn usual_layout(record: &[u8]) -> Option<bool> {
    let mut rest = record.strip_prefix(b"(;")?;
    // 0: text properties, 1: after `MV`, 2: after `R`.
    let mut stage = 0;
    loop {
        let start = rest.iter().position(|b| !b.is_ascii_whitespace())?;
        let here = rest.get(start..)?;
        if stage == 2 {
            // At least one blank before `;`, then `)` as the last byte.
            let after = here.strip_prefix(b";")?;
            let close = after.iter().position(|b| !b.is_ascii_whitespace())?;
            return Some(start > 0 && after.get(close..) == Some(&b")"[..]));
        }
        let open = memchr::memchr(b'[', here)?;
        let key = here.get(..open)?;
        let after = here.get(open + 1..)?;
        let close = memchr::memchr(b']', after)?;
        let value = after.get(..close)?;
        match (key, stage) {
            (b"MV", 0) => {
                if !value.last().is_some_and(u8::is_ascii_whitespace) {
                    return Some(false);
                }
                stage = 1;
            }
            (b"R", 1) => stage = 2,
            (b"MV" | b"R", _) => return Some(false),
            (_, 0) => {
                if value.iter().any(|&b| b == b'"' || b < 0x20) {
                    return Some(false);
                }
            }
            _ => return Some(false),
        }
        rest = after.get(close + 1..)?;
    }
}

/// The most header tags a plain record has: each of the usual properties once, `GM` and
/// `DT` as several.
const MAX_TAGS: usize = 20;

/// A tag's value: a property's text as written, or the date part of `DT` to be written with
/// dots.
#[derive(Clone, Copy)]
enum TagText<'a> {
    Raw(&'a str),
    Dotted(&'a str),
}

/// Calls `f` with each header tag the text properties before `MV` make, in order.
fn header_tags<'a>(record: &'a [u8], mut f: impl FnMut(&'static str, TagText<'a>)) {
    let Some(mut rest) = record.strip_prefix(b"(;") else {
        return;
    };
    while let Some(start) = rest.iter().position(|b| !b.is_ascii_whitespace()) {
        let Some(here) = rest.get(start..) else { return };
        let Some(open) = memchr::memchr(b'[', here) else {
            return;
        };
        let (Some(key), Some(after)) = (here.get(..open), here.get(open + 1..)) else {
            return;
        };
        let Some(close) = memchr::memchr(b']', after) else {
            return;
        };
        if key == b"MV" {
            // The text properties all come before `MV` (see `usual_layout`).
            return;
        }
        let value = after
            .get(..close)
            .and_then(|v| std::str::from_utf8(v).ok())
            .unwrap_or("");
        match Key::from_name(std::str::from_utf8(key).unwrap_or("")) {
            Key::Game => {
                f(vocab::TAG_GAME, TagText::Raw(vocab::GAME_SKAT));
                f(vocab::TAG_RULES, TagText::Raw(vocab::RULES_ISKO));
            }
            Key::Date => match date_parts(value) {
                Some((date, time, zone)) => {
                    f(vocab::TAG_DATE, TagText::Dotted(date));
                    f(vocab::TAG_TIME, TagText::Raw(time));
                    f(vocab::TAG_ZONE, TagText::Raw(zone));
                }
                None => f(vocab::TAG_ISS_DATE, TagText::Raw(value)),
            },
            key => {
                if let Some(tag) = simple_tag(&key) {
                    f(tag, TagText::Raw(value));
                }
            }
        }
        let Some(next) = after.get(close + 1..) else {
            return;
        };
        rest = next;
    }
}

/// Section keywords padded to the notation's nine columns, and the indent of the lines after
/// a section's first.
const DEAL: &str = "deal     ";
const AUCTION: &str = "auction  ";
const EXCHANGE: &str = "exchange ";
const DECLARE: &str = "declare  ";
const PLAY: &str = "play     ";
const RESULT: &str = "result   ";
const INDENT: &str = "         ";

impl<'a> Plain<'a> {
    /// The record's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.record
    }

    /// Calls `f` with each header tag's name and value, in the order of the tree
    /// ([`crate::to_record`]): the text properties as written, `GM` as `Game` and `Rules`,
    /// `DT` as `Date`, `Time` and `TimeZone`.
    pub fn tags(&self, mut f: impl FnMut(&str, &str)) {
        for (name, value) in self.tags.iter().take(self.n_tags) {
            match *value {
                TagText::Raw(v) => f(name, v),
                TagText::Dotted(v) => {
                    // `YYYY-MM-DD` as `YYYY.MM.DD` (checked by `date_parts`: ten ASCII bytes).
                    let mut date = [0u8; 10];
                    for (d, b) in date.iter_mut().zip(v.bytes()) {
                        *d = if b == b'-' { b'.' } else { b };
                    }
                    f(name, std::str::from_utf8(&date).unwrap_or(v));
                }
            }
        }
    }

    /// The player names `P0`–`P2` as written, where given.
    pub fn players(&self) -> [Option<&'a str>; 3] {
        let mut names = [None; 3];
        for (name, value) in self.tags.iter().take(self.n_tags) {
            let slot = match *name {
                "F" => names.get_mut(0),
                "M" => names.get_mut(1),
                "R" => names.get_mut(2),
                _ => None,
            };
            if let (Some(slot), TagText::Raw(v)) = (slot, value) {
                *slot = Some(*v);
            }
        }
        names
    }

    /// The hands dealt, F M R.
    pub fn hands(&self) -> [CardSet; 3] {
        let set = |r: std::ops::Range<usize>| {
            CardSet::of(self.extras.dealt.get(r).unwrap_or_default().iter().copied())
        };
        [set(0..10), set(10..20), set(20..30)]
    }

    /// The skat as dealt.
    pub fn skat(&self) -> CardSet {
        CardSet::of(self.extras.dealt.get(30..32).unwrap_or_default().iter().copied())
    }

    /// The auction's calls.
    pub fn calls(&self) -> &[(Seat, CallKind)] {
        self.calls.get(..self.n_calls).unwrap_or_default()
    }

    /// The declaration as written; `None` when all passed.
    pub fn declared(&self) -> Option<&Declared> {
        self.declared.as_ref()
    }

    /// The contract as settled (the announcements it implies added); `None` when all passed.
    pub fn contract(&self) -> Option<Contract> {
        self.replayed.contract
    }

    /// The result of the replay.
    pub fn result(&self) -> &GameResult {
        &self.replayed.result
    }

    /// The tricks with their cards, in play order.
    pub fn tricks(&self) -> impl Iterator<Item = (&TrickDone, [(Seat, Card); 3])> + '_ {
        let mut cards = self.play().iter().filter_map(|a| match *a {
            Act::Card(seat, card) => Some((seat, card)),
            _ => None,
        });
        self.replayed.tricks.iter().map_while(move |t| {
            let (a, b, c) = (cards.next()?, cards.next()?, cards.next()?);
            Some((t, [a, b, c]))
        })
    }

    fn play(&self) -> &[Act] {
        self.play.get(..self.n_play).unwrap_or_default()
    }

    /// Appends the record's canonical stich text, as [`notation::print`] writes the tree of
    /// [`crate::to_record`].
    pub fn canonical(&self, out: &mut String) {
        self.tags(|name, value| {
            out.push('[');
            out.push_str(name);
            out.push_str(" \"");
            out.push_str(value);
            out.push_str("\"]\n");
        });
        out.push('\n');
        let dealt = &self.extras.dealt;
        for (i, seat) in ["F:", "M:", "R:", "skat:"].into_iter().enumerate() {
            out.push_str(if i == 0 { DEAL } else { INDENT });
            out.push_str(seat);
            let cards = dealt.get(10 * i..(10 * i + 10).min(32)).unwrap_or_default();
            for c in cards {
                out.push(' ');
                out.push_str(c.canonical());
            }
            out.push('\n');
        }
        let mut n = itoa::Buffer::new();
        for (i, (seat, call)) in self.calls().iter().enumerate() {
            out.push_str(if i == 0 { AUCTION } else { ", " });
            out.push_str(seat.label());
            out.push(' ');
            out.push_str(match call {
                CallKind::Bid(b) => n.format(*b),
                CallKind::Hold => "yes",
                CallKind::Pass => "pass",
            });
        }
        if !self.calls().is_empty() {
            out.push('\n');
        }
        if let Some(d) = &self.declared {
            let who = d.declarer.label();
            if d.pickup {
                out.push_str(EXCHANGE);
                out.push_str(who);
                out.push_str(" pickup");
                for c in d.skat_shown.iter().flatten() {
                    out.push(' ');
                    out.push_str(c.canonical());
                }
                out.push('\n');
                if let Some(discard) = &d.discard {
                    out.push_str(INDENT);
                    out.push_str(who);
                    out.push_str(" discard");
                    for c in discard {
                        out.push(' ');
                        out.push_str(c.canonical());
                    }
                    out.push('\n');
                }
            }
            out.push_str(DECLARE);
            out.push_str(who);
            if let Some((&letter, modifiers)) = self.extras.head.split_first() {
                out.push(' ');
                out.push_str(GameKind::from_letter(letter).map_or("", GameKind::word));
                for &m in modifiers {
                    out.push(' ');
                    out.push_str(Modifier::from_letter(m).map_or("", Modifier::word));
                }
            }
            out.push('\n');
        }
        let mut first = true;
        let mut in_trick = 0;
        let mut number = 0u32;
        for act in self.play() {
            match *act {
                Act::Card(seat, card) => {
                    if in_trick == 0 {
                        out.push_str(if first { PLAY } else { "\n         " });
                        first = false;
                        number += 1;
                        out.push_str(n.format(number));
                        out.push_str(". ");
                        out.push_str(seat.label());
                        out.push(':');
                    }
                    out.push(' ');
                    out.push_str(card.canonical());
                    in_trick = (in_trick + 1) % 3;
                }
                Act::Says(seat, word) => {
                    out.push_str(if first { PLAY } else { "\n         " });
                    first = false;
                    out.push_str(seat.label());
                    out.push_str(match word {
                        EventWord::Shows => " shows",
                        _ => " resigns",
                    });
                }
                _ => {}
            }
        }
        if !first {
            out.push('\n');
        }
        self.result_claims(out);
    }

    /// The `result` section: one claim for each `R` field that says something.
    fn result_claims(&self, out: &mut String) {
        let r = &self.replayed.result;
        out.push_str(RESULT);
        if r.passed {
            out.push_str("passed\n");
            return;
        }
        let yes = |b: Option<bool>| if b == Some(true) { "yes" } else { "no" };
        let mut n = itoa::Buffer::new();
        let mut line = |key: &str, value: &str, first: bool| {
            if !first {
                out.push_str(INDENT);
            }
            out.push_str(key);
            out.push(' ');
            out.push_str(value);
            out.push('\n');
        };
        line("declarer", r.declarer.map_or("", Seat::label), true);
        line("outcome", if r.won == Some(true) { "won" } else { "lost" }, false);
        line("score", n.format(r.score.unwrap_or_default()), false);
        line("matadors", n.format(r.matadors.unwrap_or_default()), false);
        line("overbid", yes(r.overbid), false);
        line(
            "points",
            n.format(r.declarer_card_points.unwrap_or_default()),
            false,
        );
        line("tricks", n.format(r.declarer_tricks.unwrap_or_default()), false);
        line("schneider", yes(r.schneider), false);
        line("schwarz", yes(r.schwarz), false);
        line("resigned", yes(Some(r.resigned)), false);
    }
}

/// Whether the record's bytes are a server record in the plain case ([`read`]), for tests
/// and callers that only ask.
pub fn is_plain(record: &[u8]) -> bool {
    read(record).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "(;GM[Skat]PC[International Skat Server]CO[]SE[24072]ID[541932]DT[2010-12-06/18:59:24/UTC]P0[zoot]P1[kermit]P2[foo]R0[]R1[]R2[0.0]MV[w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA 1 S7 2 DA 2 HJ 0 SJ 1 D9 0 DQ 1 DJ 2 D7 1 CJ 2 D8 0 CQ 1 CA 2 C7 0 C9 1 S9 2 DT 0 S8 2 CT 0 H7 1 C8 2 CK 0 H9 1 HQ 2 HK 0 HA 1 SQ 0 SK 1 DK 2 HT ]R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

    fn canonical_of_tree(text: &str) -> String {
        let game = crate::parse_game(text).expect("read");
        notation::print(&crate::to_record(&game).expect("mapped"))
    }

    #[test]
    fn the_canonical_text_is_the_printers() {
        let plain = read(GAME.as_bytes()).expect("plain");
        let mut text = String::new();
        plain.canonical(&mut text);
        assert_eq!(text, canonical_of_tree(GAME));
        assert_eq!(plain.tricks().count(), 10);
    }

    #[test]
    fn a_record_laid_out_otherwise_is_not_plain() {
        for (from, to) in [
            (" ;)", ";)"),
            ("HT ]", "HT]"),
            ("2 D.ST.H8", "2 D 2 ST.H8"),
            ("P0[zoot]", "P0[zo\"ot]"),
            ("R[d:2", "XX[1]R[d:2"),
            ("r:0]", "r:0 ]"),
        ] {
            let mutated = GAME.replacen(from, to, 1);
            assert_ne!(mutated, GAME);
            assert!(!is_plain(mutated.as_bytes()), "{from} -> {to}");
        }
        // A result without `r:` maps with an `IssResult` tag.
        let old = GAME.replacen(" r:0]", "]", 1);
        assert!(!is_plain(old.as_bytes()));
        assert!(canonical_of_tree(&old).contains("[IssResult"));
    }

    #[test]
    fn an_unusual_date_is_kept_whole_as_the_tree_keeps_it() {
        let odd = GAME.replacen("2010-12-06/18:59:24/UTC", "6.12.2010", 1);
        let plain = read(odd.as_bytes()).expect("plain");
        let mut text = String::new();
        plain.canonical(&mut text);
        assert_eq!(text, canonical_of_tree(&odd));
    }
}
