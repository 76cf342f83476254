//! Quick verification of a server record: straight from its bytes to the engine's quick
//! replay and a comparison with every `R` field, with no syntax tree, no spans and no
//! allocation.
//!
//! It decides only the plain case, a record the server wrote in its usual form that
//! replays legally to the result it gives, and answers [`Quick::Consistent`]. Everything
//! else (an unusual property, a comment, an escape, a hidden card, a penalty, a move out of
//! course, any field that differs) is [`Quick::Undecided`], and the caller runs the full
//! path ([`crate::to_record`] and `engine::check`), which decides it and says why. The
//! moves are read as [`crate::to_record`] reads them, events made during a trick coming
//! after that trick's cards. Tests hold the two paths to the same verdict on the shared
//! archive records, on generated games and on mutations of them.

use cards::{Card, Rank, Suit};
use engine::core::CardSet;
use engine::skat::Call as CallKind;
use engine::skat::quick::{self, Act, Declared, MAX_CALLS};
use engine::skat::words::EventWord;
use engine::skat::{Contract, GameResult, GameType, Profile, Seat};

use crate::model::{self, GameKind, Modifier, Outcome, ResultField};
use crate::result::{field, int};
use crate::token::known_card as card;

/// What the quick verification found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quick {
    /// Every move legal and every `R` field the replay's, under the official rules.
    Consistent,
    /// Not decided here: the full path must check the record.
    Undecided,
}

/// The `Game` tag of the records the quick path decides (as [`crate::to_record`] writes it).
pub const GAME: &str = crate::vocab::GAME_SKAT;
/// The `Rules` tag of the records the quick path decides, the profile they are checked under.
pub const RULES: &str = crate::vocab::RULES_ISKO;

/// Moves of the play the quick path follows: thirty cards and a few events.
pub(crate) const MAX_PLAY: usize = 40;

/// The profile server records are checked under (`Rules "isko"`, as [`crate::to_record`]
/// writes it).
pub(crate) fn profile() -> Option<&'static Profile> {
    static PROFILE: std::sync::OnceLock<Option<&'static Profile>> = std::sync::OnceLock::new();
    *PROFILE.get_or_init(|| engine::skat::rules::by_name(crate::vocab::RULES_ISKO))
}

/// Verifies one record, as the reader splits it from the input (`(;` … `;)`).
pub fn verify(record: &[u8]) -> Quick {
    match verify_inner(record) {
        Some(_) => Quick::Consistent,
        None => Quick::Undecided,
    }
}

/// Verifies one record as [`verify`] does, and gives the replay's result when it is
/// consistent (`None` when undecided), for output that shows the result without a report.
pub fn verify_result(record: &[u8]) -> Option<GameResult> {
    verify_inner(record)
}

/// The raw value of the property `key` (`DT`, `P0`, …) of a record [`verify_result`] found
/// consistent. Such a record has only plain values (no escapes, no brackets), so the value
/// is the bytes between the brackets as written; for any other record the answer may be
/// wrong, and the full path's reader must be used.
pub fn plain_property<'a>(record: &'a [u8], key: &[u8]) -> Option<&'a [u8]> {
    let mut rest = record.strip_prefix(b"(;")?;
    while let Some(start) = rest.iter().position(|b| !b.is_ascii_whitespace()) {
        rest = rest.get(start..)?;
        let open = memchr::memchr(b'[', rest)?;
        let name = rest.get(..open)?;
        let after = rest.get(open + 1..)?;
        let close = memchr::memchr(b']', after)?;
        if name == key {
            return after.get(..close);
        }
        rest = after.get(close + 1..)?;
    }
    None
}

/// The raw values of several properties at once (see [`plain_property`]), in one pass over
/// the record that stops when all are found: a CSV row needs four of them per record.
pub fn plain_properties<'a, const N: usize>(record: &'a [u8], keys: [&[u8]; N]) -> [Option<&'a [u8]>; N] {
    let mut found: [Option<&'a [u8]>; N] = [None; N];
    let mut missing = N;
    let Some(mut rest) = record.strip_prefix(b"(;") else {
        return found;
    };
    while missing > 0 {
        let Some(start) = rest.iter().position(|b| !b.is_ascii_whitespace()) else {
            break;
        };
        let Some(named) = rest.get(start..) else { break };
        // Names are one or two letters: a short walk finds the bracket sooner than a search.
        let Some(open) = named.iter().position(|&b| b == b'[') else {
            break;
        };
        let (Some(name), Some(after)) = (named.get(..open), named.get(open + 1..)) else {
            break;
        };
        let Some(close) = memchr::memchr(b']', after) else {
            break;
        };
        // Names are short: comparing the bytes in place is cheaper than a call to compare
        // memory for each name and key.
        if let Some(i) = keys.iter().position(|k| same_name(k, name))
            && let Some(slot) = found.get_mut(i)
            && slot.is_none()
        {
            *slot = after.get(..close);
            missing -= 1;
        }
        let Some(next) = after.get(close + 1..) else { break };
        rest = next;
    }
    found
}

/// Whether two property names are the same.
#[inline]
fn same_name(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// The two properties the quick path reads beyond checking the others are usual.
pub(crate) struct Properties<'a> {
    pub(crate) moves: &'a [u8],
    pub(crate) result: &'a [u8],
}

/// The place of a usual property of a server record in the set of those seen (each may
/// come once). The names are the format's own ([`Key::from_name`]; a test holds the two to
/// the same names), matched on the bytes: going through `str` and [`Key`] cost more than
/// the rest of the property's reading.
fn key_index(key: &[u8]) -> Option<u32> {
    Some(match key {
        b"GM" => 0,
        b"MV" => 1,
        b"R" => 2,
        b"PC" => 3,
        b"CO" => 4,
        b"SE" => 5,
        b"ID" => 6,
        b"DT" => 7,
        b"P0" => 8,
        b"P1" => 9,
        b"P2" => 10,
        b"R0" => 11,
        b"R1" => 12,
        b"R2" => 13,
        _ => return None,
    })
}

/// Bytes that end a text value (`]`) or leave it to the full path: an escape, a comment, a
/// bracket, anything not ASCII (see [`text_value`]).
static TEXT_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0x80;
    while b < 256 {
        t[b] = true;
        b += 1;
    }
    t[b']' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'#' as usize] = true;
    t[b'[' as usize] = true;
    t
};

/// The length of a plain text value at the start of `after` (the bytes after its `[`), up
/// to its `]`; `None` when it holds an escape, a comment sign, a bracket or a byte that is
/// not ASCII, or does not end. Text values are short (names, dates): one look-up a byte
/// costs less here than a vector search that must be set up for each.
fn text_value(after: &[u8]) -> Option<usize> {
    let stop = after.iter().position(|&b| TEXT_STOP[usize::from(b)])?;
    (after.get(stop) == Some(&b']')).then_some(stop)
}

pub(crate) fn properties(record: &[u8]) -> Option<Properties<'_>> {
    let body = record.strip_prefix(b"(;")?;
    let mut rest = body.strip_suffix(b";)")?;
    let mut seen = 0u32;
    let mut moves = None;
    let mut result = None;
    while let Some(start) = rest.iter().position(|b| !b.is_ascii_whitespace()) {
        rest = rest.get(start..)?;
        // Names are one or two letters: a short walk finds the bracket sooner than a search.
        let open = rest.iter().position(|&b| b == b'[')?;
        let key = rest.get(..open)?;
        let after = rest.get(open + 1..)?;
        let k = key_index(key)?;
        let bit = 1u32 << k;
        if seen & bit != 0 {
            return None;
        }
        seen |= bit;
        let close = match k {
            // The moves and the result are read token by token, which refuses what is not
            // plain there; the moves are long enough for a vector search.
            1 | 2 => memchr::memchr(b']', after)?,
            // Escapes, comments and text that is not plain are the full path's to read.
            _ => text_value(after)?,
        };
        let value = after.get(..close)?;
        match k {
            0 if value != b"Skat" => return None,
            1 => moves = Some(value),
            2 => result = Some(value),
            _ => {}
        }
        rest = after.get(close + 1..)?;
    }
    // GM, MV and R must be there.
    if seen & 1 == 0 {
        return None;
    }
    Some(Properties {
        moves: moves?,
        result: result?,
    })
}

/// The blank-separated words of a value. Only the space separates here: a value with other
/// blanks gives words no move has, which leaves the record to the full path.
struct Words<'a>(&'a [u8]);

impl<'a> Iterator for Words<'a> {
    type Item = &'a [u8];

    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        let mut rest = self.0;
        while let [b' ', tail @ ..] = rest {
            rest = tail;
        }
        if rest.is_empty() {
            return None;
        }
        // Nearly every word of the moves is an actor, a card or a bid: one to three bytes,
        // which a look at the next few bytes finds without a scan.
        let len = match rest {
            [_, b' ', ..] => 1,
            [_, _, b' ', ..] => 2,
            [_, _, _, b' ', ..] => 3,
            _ => rest.iter().position(|&b| b == b' ').unwrap_or(rest.len()),
        };
        let (word, tail) = rest.split_at_checked(len)?;
        self.0 = tail;
        Some(word)
    }
}

/// Reads `text` as exactly `N` dot-separated cards.
fn cards<const N: usize>(text: &[u8]) -> Option<[Card; N]> {
    if text.len() != 3 * N - 1 {
        return None;
    }
    let mut out = [Card::new(Suit::Clubs, Rank::Seven); N];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = card(text.get(3 * i..3 * i + 2)?)?;
        if i + 1 < N && text.get(3 * i + 2) != Some(&b'.') {
            return None;
        }
    }
    Some(out)
}

fn seat(actor: &[u8]) -> Option<Seat> {
    match actor {
        b"0" => Some(Seat::F),
        b"1" => Some(Seat::M),
        b"2" => Some(Seat::R),
        _ => None,
    }
}

/// A declaration token: the game letter, the modifiers (each once), and what follows the
/// first dot. The letters are the format's own ([`GameKind::from_letter`],
/// [`Modifier::from_letter`]).
fn declaration(token: &[u8]) -> Option<(Contract, &[u8])> {
    let (head, tail) = match token.iter().position(|&b| b == b'.') {
        Some(dot) => (token.get(..dot)?, token.get(dot + 1..)?),
        None => (token, &b""[..]),
    };
    let (&letter, modifiers) = head.split_first()?;
    let game = match GameKind::from_letter(letter)? {
        GameKind::Grand => GameType::Grand,
        GameKind::Clubs => GameType::Clubs,
        GameKind::Spades => GameType::Spades,
        GameKind::Hearts => GameType::Hearts,
        GameKind::Diamonds => GameType::Diamonds,
        GameKind::Null => GameType::Null,
    };
    let mut c = Contract {
        game,
        hand: false,
        schneider_announced: false,
        schwarz_announced: false,
        ouvert: false,
    };
    for &m in modifiers {
        let slot = match Modifier::from_letter(m)? {
            Modifier::Ouvert => &mut c.ouvert,
            Modifier::Hand => &mut c.hand,
            Modifier::Schneider => &mut c.schneider_announced,
            Modifier::Schwarz => &mut c.schwarz_announced,
        };
        if *slot {
            return None;
        }
        *slot = true;
    }
    Some((c, tail))
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    Auction,
    PickedUp,
    SkatShown,
    AwaitDiscard,
    Play,
}

/// What the moves say beyond the flat game, for writing the record out in full
/// ([`crate::plain`]): the deal in written order, the declaration's letters, and whether
/// the moves were laid out in a way the canonical text alone does not give back.
#[derive(Clone, Copy)]
pub(crate) struct Extras<'m> {
    /// The 32 cards of the deal as written: F, M, R, the skat.
    pub(crate) dealt: [Card; 32],
    /// The declaration's game and modifier letters, as written (`GHS`).
    pub(crate) head: &'m [u8],
    /// The declaration and the discard came as two moves.
    pub(crate) split: bool,
    /// An event came during a trick and was moved after it.
    pub(crate) moved: bool,
}

impl Default for Extras<'_> {
    fn default() -> Self {
        Extras {
            dealt: [Card::new(Suit::Clubs, Rank::Seven); 32],
            head: b"",
            split: false,
            moved: false,
        }
    }
}

/// The game the moves give, in the engine's flat form, over the caller's buffers.
fn read_moves<'b>(
    moves: &[u8],
    calls: &'b mut [(Seat, CallKind); MAX_CALLS],
    play: &'b mut [Act; MAX_PLAY],
) -> Option<quick::Game<'b>> {
    read_moves_with(moves, calls, play, &mut Extras::default())
}

/// [`read_moves`], keeping the [`Extras`].
pub(crate) fn read_moves_with<'b, 'm>(
    moves: &'m [u8],
    calls: &'b mut [(Seat, CallKind); MAX_CALLS],
    play: &'b mut [Act; MAX_PLAY],
    extras: &mut Extras<'m>,
) -> Option<quick::Game<'b>> {
    let mut tokens = Words(moves);
    let (w, deal) = (tokens.next()?, tokens.next()?);
    if w != b"w" {
        return None;
    }
    let dealt: [Card; 32] = cards(deal)?;
    extras.dealt = dealt;
    let set = |r: std::ops::Range<usize>| CardSet::of(dealt.get(r).unwrap_or_default().iter().copied());
    let hands = [set(0..10), set(10..20), set(20..30)];
    let skat = set(30..32);
    let mut n_calls = 0;
    let mut n_play = 0;
    let mut phase = Phase::Auction;
    let mut declared: Option<Declared> = None;
    let mut pickup_by: Option<Seat> = None;
    let mut skat_shown = None;
    // Events during the open trick wait for its last card, as the mapping to the tree places
    // them; `pending` counts them at the end of `play`, `in_trick` the trick's cards so far.
    let mut in_trick = 0;
    let mut pending: [Option<Act>; 4] = [None; 4];
    let mut n_pending = 0;
    while let Some(actor) = tokens.next() {
        let action = tokens.next()?;
        if actor == b"w" {
            // The skat shown after a pickup; time-outs and leaving are penalty games.
            if phase != Phase::PickedUp {
                return None;
            }
            skat_shown = Some(cards::<2>(action)?);
            phase = Phase::SkatShown;
            continue;
        }
        let who = seat(actor)?;
        match phase {
            Phase::Auction | Phase::PickedUp | Phase::SkatShown => {
                let call = match action {
                    b"y" => Some(CallKind::Hold),
                    b"p" => Some(CallKind::Pass),
                    [b'1'..=b'9', ..] if action.len() <= 3 && action.iter().all(u8::is_ascii_digit) => {
                        Some(CallKind::Bid(u32::try_from(int(action)?).ok()?))
                    }
                    _ => None,
                };
                if let Some(call) = call {
                    if phase != Phase::Auction {
                        return None;
                    }
                    *calls.get_mut(n_calls)? = (who, call);
                    n_calls += 1;
                    continue;
                }
                if action == b"s" {
                    if phase != Phase::Auction {
                        return None;
                    }
                    pickup_by = Some(who);
                    phase = Phase::PickedUp;
                    continue;
                }
                let (contract, tail) = declaration(action)?;
                extras.head = action.split(|&b| b == b'.').next().unwrap_or_default();
                let pickup = phase != Phase::Auction;
                if pickup && pickup_by != Some(who) {
                    return None;
                }
                let discard = if pickup && !tail.is_empty() {
                    Some(cards::<2>(tail)?)
                } else if tail.is_empty() {
                    None
                } else {
                    // An ouvert hand listed with the declaration: the full path checks it.
                    return None;
                };
                declared = Some(Declared {
                    declarer: who,
                    contract,
                    skat_shown,
                    discard,
                    pickup,
                });
                phase = if pickup && discard.is_none() {
                    extras.split = true;
                    Phase::AwaitDiscard
                } else {
                    Phase::Play
                };
            }
            Phase::AwaitDiscard => {
                let d = declared.as_mut()?;
                if d.declarer != who {
                    return None;
                }
                d.discard = Some(cards::<2>(action)?);
                phase = Phase::Play;
            }
            Phase::Play => {
                let act = match action {
                    b"RE" => Act::Says(who, EventWord::Resigns),
                    b"SC" => Act::Says(who, EventWord::Shows),
                    _ => Act::Card(who, card(action)?),
                };
                if let Act::Card(..) = act {
                    // Cards after an event of the open trick still belong to it.
                    *play.get_mut(n_play)? = act;
                    n_play += 1;
                    in_trick += 1;
                    if in_trick == 3 {
                        in_trick = 0;
                        for e in pending.iter_mut().take(n_pending) {
                            *play.get_mut(n_play)? = e.take()?;
                            n_play += 1;
                        }
                        n_pending = 0;
                    }
                } else if in_trick == 0 {
                    *play.get_mut(n_play)? = act;
                    n_play += 1;
                } else {
                    *pending.get_mut(n_pending)? = Some(act);
                    n_pending += 1;
                    extras.moved = true;
                }
            }
        }
    }
    for e in pending.iter_mut().take(n_pending) {
        *play.get_mut(n_play)? = e.take()?;
        n_play += 1;
    }
    // A declaration still waiting for its discard, or a pickup without one, is not plain.
    if matches!(phase, Phase::PickedUp | Phase::SkatShown | Phase::AwaitDiscard) {
        return None;
    }
    Some(quick::Game {
        hands,
        skat,
        calls: calls.get(..n_calls)?,
        declared,
        play: play.get(..n_play)?,
    })
}

/// The engine's seat for a seat of the format.
fn seat_of(s: model::Seat) -> Seat {
    Seat::from_index(s.index())
}

/// Whether every `R` field agrees with the replay, as the claims the full path makes of
/// them would; a field the full path would do more than compare is not plain. Each field is
/// read by the full path's own reader of a field ([`field`]).
pub(crate) fn result_agrees(result: &[u8], r: &GameResult) -> Option<()> {
    // The server writes every field, in one order: a value exactly as it would write this
    // result agrees field by field (see [`server_value`]), which one comparison tells.
    if server_value(r).is_some_and(|w| w.as_bytes() == result) {
        return Some(());
    }
    let mut seen = 0u32;
    for tok in Words(result) {
        let (bit, ok) = agrees(&field(tok).ok()?, r)?;
        // `passed` stands alone; every other field at most once.
        let mask = 1u32 << bit;
        if !ok || seen & mask != 0 || (bit == 0 && seen != 0) || (bit != 0 && seen & 1 != 0) {
            return None;
        }
        seen |= mask;
    }
    // A result that says nothing, or a game with no outcome, is the full path's to report.
    if seen & 1 == 0 && seen & 2 == 0 {
        return None;
    }
    Some(())
}

/// Where [`server_result`] writes: a number a sink cannot hold makes the whole value
/// unwritten (`None`).
pub(crate) trait ResultText {
    fn text(&mut self, s: &str) -> Option<()>;
    fn number(&mut self, n: i64) -> Option<()>;
}

impl ResultText for String {
    fn text(&mut self, s: &str) -> Option<()> {
        self.push_str(s);
        Some(())
    }

    fn number(&mut self, n: i64) -> Option<()> {
        self.push_str(itoa::Buffer::new().format(n));
        Some(())
    }
}

/// An `R` value written on the stack, to be compared with a record's.
struct Written {
    buf: [u8; 112],
    len: usize,
}

impl Written {
    fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }
}

impl ResultText for Written {
    fn text(&mut self, s: &str) -> Option<()> {
        let end = self.len.checked_add(s.len())?;
        self.buf.get_mut(self.len..end)?.copy_from_slice(s.as_bytes());
        self.len = end;
        Some(())
    }

    /// A number as the reader of a field reads it back: one that does not fit an `i32`
    /// would not read, so it is not written.
    fn number(&mut self, n: i64) -> Option<()> {
        let n = i32::try_from(n).ok()?;
        self.text(itoa::Buffer::new().format(n))
    }
}

/// The `R` text the server writes for `r`: `passed`, or every field in its order
/// (`d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0`); `None` for
/// a result without one of its figures. Each field is one [`agrees`] finds true of `r` (no
/// penalty, no one left or timed out, as a replayed plain game has), each comes once, and
/// the outcome is there.
pub(crate) fn server_result(r: &GameResult, out: &mut impl ResultText) -> Option<()> {
    if r.passed {
        return out.text("passed");
    }
    let flag = |b: bool| if b { "1" } else { "0" };
    out.text("d:")?;
    out.number(i64::try_from(r.declarer?.index()).ok()?)?;
    out.text(if r.won? { " win v:" } else { " loss v:" })?;
    out.number(r.score?)?;
    out.text(" m:")?;
    out.number(i64::from(r.matadors?))?;
    out.text(if r.overbid? { " overbid p:" } else { " bidok p:" })?;
    out.number(i64::from(r.declarer_card_points?))?;
    out.text(" t:")?;
    out.number(i64::from(r.declarer_tricks?))?;
    out.text(" s:")?;
    out.text(flag(r.schneider?))?;
    out.text(" z:")?;
    out.text(flag(r.schwarz?))?;
    out.text(" p0:0 p1:0 p2:0 l:-1 to:-1 r:")?;
    out.text(flag(r.resigned))
}

/// [`server_result`] on the stack.
fn server_value(r: &GameResult) -> Option<Written> {
    let mut w = Written {
        buf: [0; 112],
        len: 0,
    };
    server_result(r, &mut w)?;
    Some(w)
}

/// Which field it is (its place in the set of fields seen), and whether it agrees with the
/// replay; `None` for a field the full path would do more than compare.
fn agrees(f: &ResultField, r: &GameResult) -> Option<(u32, bool)> {
    let number = |x: Option<u32>, n: i32| x.map(i64::from) == Some(i64::from(n));
    Some(match *f {
        ResultField::Passed => (0, r.passed),
        ResultField::Outcome(Outcome::Win) => (1, r.won == Some(true)),
        ResultField::Outcome(Outcome::Loss) => (1, r.won == Some(false)),
        ResultField::Outcome(Outcome::Penalty) => return None,
        ResultField::Overbid(o) => (2, r.overbid == Some(o)),
        ResultField::Declarer(d) => (3, d.is_none_or(|d| r.declarer == Some(seat_of(d)))),
        ResultField::Value(v) => (4, r.score == Some(i64::from(v))),
        ResultField::Matadors(m) => (5, r.matadors == Some(m)),
        ResultField::Points(p) => (6, number(r.declarer_card_points, p)),
        ResultField::Tricks(t) => (7, number(r.declarer_tricks, t)),
        ResultField::Schneider(s) => (8, r.schneider == Some(s)),
        ResultField::Schwarz(z) => (9, r.schwarz == Some(z)),
        ResultField::Penalty(seat, p) => (10 + u32::try_from(seat.index()).ok()?, !p),
        ResultField::Left(l) => (13, l.is_none()),
        ResultField::TimeOut(t) => (14, t.is_none()),
        ResultField::Resigned(x) => (15, r.resigned == x),
        ResultField::Other(_) => return None,
    })
}

fn verify_inner(record: &[u8]) -> Option<GameResult> {
    let profile = profile()?;
    let props = properties(record)?;
    let mut calls = [(Seat::F, CallKind::Pass); MAX_CALLS];
    let mut play = [Act::Hidden(Seat::F); MAX_PLAY];
    let game = read_moves(props.moves, &mut calls, &mut play)?;
    let result = quick::replay(profile, &game)?;
    result_agrees(props.result, &result)?;
    Some(result)
}

#[cfg(test)]
mod tests {

    #[test]
    fn several_properties_are_read_in_one_pass_as_one_at_a_time_reads_them() {
        let record = b"(;GM[Skat]DT[2019-03-02/12:00:00/UTC]P0[anna]P1[]P2[carl]MV[w CA.CJ 1 p]R[d:0 win] ;)";
        let [dt, p0, p1, p2, xx] = plain_properties(record, [b"DT", b"P0", b"P1", b"P2", b"XX"]);
        assert_eq!(dt, Some(&b"2019-03-02/12:00:00/UTC"[..]));
        assert_eq!(
            (p0, p1, p2, xx),
            (Some(&b"anna"[..]), Some(&b""[..]), Some(&b"carl"[..]), None)
        );
        for key in [&b"DT"[..], b"P0", b"P1", b"P2", b"MV", b"R", b"XX"] {
            assert_eq!(plain_properties(record, [key])[0], plain_property(record, key));
        }
        assert_eq!(plain_properties(b"no record", [b"DT"]), [None]);
    }
    use super::*;
    use crate::model::Key;

    #[test]
    fn the_usual_properties_are_known_by_the_formats_own_names() {
        // Every one- and two-character name of letters and digits: those the quick path
        // reads are exactly the format's keys other than the owner (`OW`), which, like an
        // unknown name, leaves the record to the full path.
        let chars: Vec<u8> = (b'A'..=b'Z').chain(b'0'..=b'9').collect();
        let mut names: Vec<Vec<u8>> = chars.iter().map(|&c| vec![c]).collect();
        for &a in &chars {
            for &b in &chars {
                names.push(vec![a, b]);
            }
        }
        let mut known = 0;
        for name in &names {
            let text = std::str::from_utf8(name).unwrap();
            let usual = match name.as_slice() {
                b"MV" | b"R" => true,
                _ => !matches!(Key::from_name(text), Key::Owner | Key::Other(_)),
            };
            assert_eq!(key_index(name).is_some(), usual, "{text}");
            known += usize::from(usual);
        }
        assert_eq!(known, 14);
    }

    #[test]
    fn a_text_value_ends_at_its_bracket_and_refuses_what_is_not_plain() {
        assert_eq!(text_value(b"anna]P1[bert]"), Some(4));
        assert_eq!(text_value(b"]"), Some(0));
        for bad in [&b"an\\]na]"[..], b"a#b]", b"a[b]", "Jörg]".as_bytes(), b"anna"] {
            assert_eq!(text_value(bad), None, "{bad:?}");
        }
    }

    const GAME: &str = "(;GM[Skat]PC[International Skat Server]CO[]SE[24072]ID[541932]DT[2010-12-06/18:59:24/UTC]P0[zoot]P1[kermit]P2[foo]R0[]R1[]R2[0.0]MV[w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA 1 S7 2 DA 2 HJ 0 SJ 1 D9 0 DQ 1 DJ 2 D7 1 CJ 2 D8 0 CQ 1 CA 2 C7 0 C9 1 S9 2 DT 0 S8 2 CT 0 H7 1 C8 2 CK 0 H9 1 HQ 2 HK 0 HA 1 SQ 0 SK 1 DK 2 HT ]R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

    #[test]
    fn a_plain_server_record_is_consistent() {
        assert_eq!(verify(GAME.as_bytes()), Quick::Consistent);
    }

    #[test]
    fn a_property_given_twice_is_left_to_the_full_path() {
        // The full path refuses it (I0116), so the quick path must not call it consistent.
        let twice = GAME.replacen("P1[kermit]", "P1[kermit]P0[again]", 1);
        assert_eq!(verify(twice.as_bytes()), Quick::Undecided);
        let e = crate::parse_game(&twice).unwrap_err();
        assert_eq!(e.diagnostics[0].code, crate::codes::DUPLICATE_PROPERTY);
    }

    #[test]
    fn a_wrong_field_or_an_unusual_record_is_left_to_the_full_path() {
        for (from, to) in [
            ("v:-54", "v:-60"),
            ("p:59", "p:60"),
            ("t:4", "t:5"),
            ("m:-2", "m:2"),
            ("d:2", "d:1"),
            ("r:0", "r:1"),
            ("bidok", "overbid"),
            ("loss", "win"),
            ("s:0", "s:1"),
            ("p1:0", "p1:1"),
            ("l:-1", "l:1"),
            ("R2[0.0]", "OW[1]"),
            ("P0[zoot]", "P0[zo\\]ot]"),
            ("2 HT ]", "2 HT 0 SA ]"),
            ("0 SA 1 S7", "0 SA 1 SK"),
            ("1 p 2 18", "1 p 2 17"),
            ("2 D.ST.H8", "2 DH.ST.H8"),
            ("w H8.CK", "w H8.CA"),
            ("HA.SK.SJ", "??.SK.SJ"),
            ("GM[Skat]", "GM[Doppelkopf]"),
            ("r:0]", "r:0 x:1]"),
            ("loss", "loss:-54"),
            ("bidok", "bidok:1"),
            ("d:2", "d:2 d:2"),
        ] {
            let mutated = GAME.replacen(from, to, 1);
            assert_ne!(mutated, GAME);
            assert_eq!(verify(mutated.as_bytes()), Quick::Undecided, "{from} -> {to}");
        }
    }

    #[test]
    fn a_consistent_record_gives_its_result_and_plain_properties() {
        let r = verify_result(GAME.as_bytes()).expect("consistent");
        assert_eq!(
            (r.declarer, r.score, r.won),
            (Some(Seat::R), Some(-54), Some(false))
        );
        assert_eq!(plain_property(GAME.as_bytes(), b"P1"), Some(&b"kermit"[..]));
        assert_eq!(
            plain_property(GAME.as_bytes(), b"DT"),
            Some(&b"2010-12-06/18:59:24/UTC"[..])
        );
        assert_eq!(plain_property(GAME.as_bytes(), b"R1"), Some(&b""[..]));
        assert_eq!(plain_property(GAME.as_bytes(), b"XX"), None);
        assert!(verify_result(GAME.replacen("v:-54", "v:-60", 1).as_bytes()).is_none());
    }

    #[test]
    fn the_value_the_server_writes_agrees_field_by_field() {
        let r = verify_result(GAME.as_bytes()).expect("consistent");
        let written = server_value(&r).expect("a complete result");
        let want = b"d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0";
        assert_eq!(written.as_bytes(), want);
        // Every field of it agrees on its own, as the field-by-field comparison reads them.
        for tok in Words(want) {
            let (_, ok) = agrees(&field(tok).unwrap(), &r).expect("a plain field");
            assert!(ok, "{}", String::from_utf8_lossy(tok));
        }
        let passed = GameResult {
            passed: true,
            ..GameResult::default()
        };
        assert_eq!(server_value(&passed).unwrap().as_bytes(), b"passed");
        // A result without the figures is not written, and a number outside what a field
        // reads is not written either.
        assert!(server_value(&GameResult::default()).is_none());
        let huge = GameResult {
            score: Some(i64::from(i32::MAX) + 1),
            ..r.clone()
        };
        assert!(server_value(&huge).is_none());
        // The same fields in another order are still read one by one.
        let reordered = GAME.replacen("d:2 loss", "loss d:2", 1);
        assert_eq!(verify(reordered.as_bytes()), Quick::Consistent);
    }

    #[test]
    fn the_split_declaration_and_a_passed_deal_are_read() {
        let split = GAME.replacen("2 D.ST.H8", "2 D 2 ST.H8", 1);
        assert_eq!(verify(split.as_bytes()), Quick::Consistent);
        let passed = "(;GM[Skat]MV[w HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK 1 p 2 p 0 p ]R[passed] ;)";
        assert_eq!(verify(passed.as_bytes()), Quick::Consistent);
        let wrong = passed.replace("R[passed]", "R[d:0 win v:18]");
        assert_eq!(verify(wrong.as_bytes()), Quick::Undecided);
    }
}
