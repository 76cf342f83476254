//! The vocabulary of Skat records: seat labels and their aliases, declaration, exchange and
//! play-event words, claim keys and values, each with its canonical spelling. The reader
//! keeps these as plain tokens; this module gives them meaning and lets `stich fmt` rewrite
//! aliases to the canonical form ([`canonicalize`]).

use notation::{Layout, PlayItem, Record, Token};

use crate::skat::model::{ExtraGame, GameType, Seat};

/// Lowercases `word` for a vocabulary lookup and hands it to `f`. Every word of the vocabulary
/// is short, and nearly every word met is ASCII, so those are lowercased in a stack buffer
/// without allocating; anything else (umlauts, long words) takes `str::to_lowercase`, which
/// gives the same result for ASCII, so the answer never depends on the path taken.
/// `word` without surrounding white space. Words read from a record come trimmed already, and
/// are checked in that shape first: most of the time nothing needs decoding.
#[inline]
fn trimmed(word: &str) -> &str {
    match (word.as_bytes().first(), word.as_bytes().last()) {
        (Some(a), Some(b)) if a.is_ascii_graphic() && b.is_ascii_graphic() => word,
        _ => word.trim(),
    }
}

pub(crate) fn with_lower<R>(word: &str, f: impl FnOnce(&str) -> R) -> R {
    const MAX: usize = 32;
    let bytes = word.as_bytes();
    // Canonical records spell every word in lowercase ASCII: those are their own lowercase.
    if bytes.iter().all(|b| !b.is_ascii_uppercase() && b.is_ascii()) {
        return f(word);
    }
    if bytes.len() <= MAX && bytes.is_ascii() {
        let mut buf = [0u8; MAX];
        if let Some(dst) = buf.get_mut(..bytes.len()) {
            dst.copy_from_slice(bytes);
            dst.make_ascii_lowercase();
            if let Ok(lower) = std::str::from_utf8(dst) {
                return f(lower);
            }
        }
    }
    f(&word.to_lowercase())
}

/// A seat from a role label or one of its aliases: `F`/`V`/`Vorhand`/`forehand`,
/// `M`/`Mittelhand`/`middlehand`, `R`/`H`/`Hinterhand`/`rearhand`.
pub fn seat_alias(label: &str) -> Option<Seat> {
    let label = trimmed(label);
    // The canonical labels are by far the most frequent; they need no lowercasing.
    match label {
        "F" => return Some(Seat::F),
        "M" => return Some(Seat::M),
        "R" => return Some(Seat::R),
        _ => {}
    }
    with_lower(label, |lower| {
        Some(match lower {
            "f" | "v" | "fh" | "vorhand" | "forehand" => Seat::F,
            "m" | "mh" | "mittelhand" | "middlehand" => Seat::M,
            "r" | "h" | "hh" | "rh" | "hinterhand" | "rearhand" => Seat::R,
            _ => return None,
        })
    })
}

/// Player names from the seat tags (`[F "Anna"]`, aliases allowed), F M R.
pub fn player_names(record: &Record) -> [Option<String>; 3] {
    let mut names: [Option<String>; 3] = [None, None, None];
    for tag in &record.tags {
        if let Some(seat) = seat_alias(&tag.name.node)
            && let Some(slot) = names.get_mut(seat.index())
            && slot.is_none()
        {
            *slot = Some(tag.value.node.clone());
        }
    }
    names
}

/// A seat from a label that may be a role label, an alias, or a player name.
pub fn seat(label: &str, names: &[Option<String>; 3]) -> Option<Seat> {
    if let Some(s) = seat_alias(label) {
        return Some(s);
    }
    Seat::ALL
        .into_iter()
        .find(|s| names.get(s.index()).and_then(|n| n.as_deref()) == Some(trimmed(label)))
}

/// A word of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclWord {
    /// The game.
    Game(GameType),
    /// `hand`.
    Hand,
    /// `schneider` (announced).
    Schneider,
    /// `schwarz` (announced).
    Schwarz,
    /// `ouvert`.
    Ouvert,
    /// `ramsch`: nobody plays; every player for himself (historic profiles, all passed).
    Ramsch,
    /// `uno` or `duo`: a fixed-value extra game of the historic profiles.
    Extra(ExtraGame),
}

/// A declaration word from its spelling: English or German, any case.
pub fn decl_word(word: &str) -> Option<DeclWord> {
    with_lower(trimmed(word), |w| {
        Some(match w {
            "clubs" | "club" | "kreuz" | "eichel" | "eicheln" | "treff" | "♣" => {
                DeclWord::Game(GameType::Clubs)
            }
            "spades" | "spade" | "pik" | "grün" | "gruen" | "laub" | "blatt" | "♠" => {
                DeclWord::Game(GameType::Spades)
            }
            "hearts" | "heart" | "herz" | "rot" | "♥" => DeclWord::Game(GameType::Hearts),
            "diamonds" | "diamond" | "karo" | "schellen" | "schelle" | "♦" => {
                DeclWord::Game(GameType::Diamonds)
            }
            "grand" => DeclWord::Game(GameType::Grand),
            "null" | "nullo" => DeclWord::Game(GameType::Null),
            "hand" | "solo" => DeclWord::Hand,
            "schneider" => DeclWord::Schneider,
            "schwarz" | "schwartz" => DeclWord::Schwarz,
            "ouvert" | "offen" | "open" => DeclWord::Ouvert,
            "ramsch" | "ramsh" => DeclWord::Ramsch,
            "uno" => DeclWord::Extra(ExtraGame::Uno),
            "duo" => DeclWord::Extra(ExtraGame::Duo),
            "revolution" => DeclWord::Extra(ExtraGame::Revolution),
            _ => return None,
        })
    })
}

/// The canonical spelling of a declaration word.
pub fn decl_canonical(w: DeclWord) -> &'static str {
    match w {
        DeclWord::Game(g) => g.word(),
        DeclWord::Hand => "hand",
        DeclWord::Schneider => "schneider",
        DeclWord::Schwarz => "schwarz",
        DeclWord::Ouvert => "ouvert",
        DeclWord::Ramsch => "ramsch",
        DeclWord::Extra(e) => e.word(),
    }
}

/// A word of the exchange section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExchangeWord {
    /// Picked up the skat (`pickup`).
    Pickup,
    /// Laid two cards away (`discard`).
    Discard,
    /// Did not pick up (`hand`).
    Hand,
    /// Turned a skat card face up to fix the trump (`turn`, tourné).
    Turn,
    /// Took the first skat card in unshown, to turn the second (`passt`, passt mir nicht).
    Passt,
}

/// An exchange word from its spelling.
pub fn exchange_word(word: &str) -> Option<ExchangeWord> {
    with_lower(trimmed(word), |w| {
        Some(match w {
            "pickup" | "pick-up" | "picks" | "picks-up" | "takes" | "take" | "aufnehmen" | "nimmt"
            | "gucki" | "guckser" => ExchangeWord::Pickup,
            "discard" | "discards" | "lays" | "lays-away" | "buries" | "drückt" | "drueckt" | "drücken"
            | "druecken" => ExchangeWord::Discard,
            "hand" => ExchangeWord::Hand,
            "turn" | "turns" | "tourne" | "tourné" | "tournee" | "dreht" | "umdrehen" => ExchangeWord::Turn,
            "passt" | "passt-mir-nicht" | "rejects" => ExchangeWord::Passt,
            _ => return None,
        })
    })
}

/// The canonical spelling of an exchange word.
pub fn exchange_canonical(w: ExchangeWord) -> &'static str {
    match w {
        ExchangeWord::Pickup => "pickup",
        ExchangeWord::Discard => "discard",
        ExchangeWord::Hand => "hand",
        ExchangeWord::Turn => "turn",
        ExchangeWord::Passt => "passt",
    }
}

/// A play event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventWord {
    /// The declarer shows the cards and claims the rest.
    Shows,
    /// The declarer concedes.
    Concedes,
    /// A defender resigns (both resigning concede for the defenders).
    Resigns,
    /// A player runs out of time (penalty game).
    TimesOut,
    /// A player leaves (penalty game).
    Leaves,
    /// The declarer abandons a tourné before the second trick (seed 001, Law 44).
    Abandons,
    /// A defender doubles (seed 004, §Game variants: Kontra).
    Kontra,
    /// The declarer redoubles after a Kontra (Re).
    Re,
}

/// A play-event word from its spelling.
pub fn event_word(word: &str) -> Option<EventWord> {
    with_lower(trimmed(word), |w| {
        Some(match w {
            "shows" | "show" | "claims" | "zeigt" => EventWord::Shows,
            "concedes" | "concede" | "gives-up" | "aufgabe" | "gibt-auf" => EventWord::Concedes,
            "resigns" | "resign" => EventWord::Resigns,
            "times-out" | "timeout" | "time-out" | "timed-out" => EventWord::TimesOut,
            "leaves" | "left" | "leave" => EventWord::Leaves,
            "abandons" | "abandon" | "abandoned" => EventWord::Abandons,
            "kontra" | "contra" => EventWord::Kontra,
            "re" | "rekontra" => EventWord::Re,
            _ => return None,
        })
    })
}

/// The canonical spelling of a play event.
pub fn event_canonical(w: EventWord) -> &'static str {
    match w {
        EventWord::Shows => "shows",
        EventWord::Concedes => "concedes",
        EventWord::Resigns => "resigns",
        EventWord::TimesOut => "times-out",
        EventWord::Leaves => "leaves",
        EventWord::Abandons => "abandons",
        EventWord::Kontra => "kontra",
        EventWord::Re => "re",
    }
}

/// A claim key of the result section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimKey {
    /// `passed`: all passed.
    Passed,
    /// `declarer F`.
    Declarer,
    /// `game clubs`.
    Game,
    /// `outcome won|lost`.
    Outcome,
    /// `points N`: the declarer's card points, skat included.
    Points,
    /// `tricks N`: the declarer's tricks.
    Tricks,
    /// `matadors ±N`.
    Matadors,
    /// `schneider yes|no`.
    Schneider,
    /// `schwarz yes|no`.
    Schwarz,
    /// `overbid yes|no`.
    Overbid,
    /// `bid N`.
    Bid,
    /// `value N`.
    Value,
    /// `score ±N`.
    Score,
    /// `skat_points N`.
    SkatPoints,
    /// `disputed "reason"`.
    Disputed,
    /// `resigned yes|no`: the game ended by a resignation or concession.
    Resigned,
    /// `left F`: the seat that left the table.
    Left,
    /// `timeout F`: the seat that ran out of time.
    Timeout,
    /// `penalty F`: the seat penalized for leaving or running out of time.
    Penalty,
    /// `loser M` (or `loser M R`): who is charged in a Ramsch.
    Loser,
    /// `winner F`: who scores in a USPC Ramsch.
    Winner,
}

/// A claim key from its spelling.
pub fn claim_key(word: &str) -> Option<ClaimKey> {
    with_lower(trimmed(word), |w| {
        Some(match w {
            "passed" | "eingepasst" | "passed-in" => ClaimKey::Passed,
            "declarer" | "alleinspieler" => ClaimKey::Declarer,
            "game" | "spiel" => ClaimKey::Game,
            "outcome" => ClaimKey::Outcome,
            "points" | "augen" => ClaimKey::Points,
            "tricks" | "stiche" => ClaimKey::Tricks,
            "matadors" | "matadore" | "spitzen" => ClaimKey::Matadors,
            "schneider" => ClaimKey::Schneider,
            "schwarz" => ClaimKey::Schwarz,
            "overbid" | "überreizt" | "ueberreizt" => ClaimKey::Overbid,
            "bid" | "reizwert" => ClaimKey::Bid,
            "value" | "spielwert" => ClaimKey::Value,
            "score" => ClaimKey::Score,
            "skat_points" | "skat-points" | "skatpoints" => ClaimKey::SkatPoints,
            "disputed" => ClaimKey::Disputed,
            "resigned" => ClaimKey::Resigned,
            "left" => ClaimKey::Left,
            "timeout" | "times-out" | "timed-out" => ClaimKey::Timeout,
            "penalty" => ClaimKey::Penalty,
            "loser" | "losers" | "verlierer" => ClaimKey::Loser,
            "winner" | "gewinner" => ClaimKey::Winner,
            _ => return None,
        })
    })
}

/// The canonical spelling of a claim key.
pub fn claim_canonical(k: ClaimKey) -> &'static str {
    match k {
        ClaimKey::Passed => "passed",
        ClaimKey::Declarer => "declarer",
        ClaimKey::Game => "game",
        ClaimKey::Outcome => "outcome",
        ClaimKey::Points => "points",
        ClaimKey::Tricks => "tricks",
        ClaimKey::Matadors => "matadors",
        ClaimKey::Schneider => "schneider",
        ClaimKey::Schwarz => "schwarz",
        ClaimKey::Overbid => "overbid",
        ClaimKey::Bid => "bid",
        ClaimKey::Value => "value",
        ClaimKey::Score => "score",
        ClaimKey::SkatPoints => "skat_points",
        ClaimKey::Disputed => "disputed",
        ClaimKey::Resigned => "resigned",
        ClaimKey::Left => "left",
        ClaimKey::Timeout => "timeout",
        ClaimKey::Penalty => "penalty",
        ClaimKey::Loser => "loser",
        ClaimKey::Winner => "winner",
    }
}

/// A yes/no value (`yes`, `no`, `true`, `false`, `ja`, `nein`).
pub fn yes_no(word: &str) -> Option<bool> {
    with_lower(trimmed(word), |w| match w {
        "yes" | "true" | "ja" | "y" => Some(true),
        "no" | "false" | "nein" | "n" => Some(false),
        _ => None,
    })
}

/// An outcome value (`won`, `lost`, and aliases).
pub fn outcome(word: &str) -> Option<bool> {
    with_lower(trimmed(word), |w| match w {
        "won" | "win" | "wins" | "gewonnen" => Some(true),
        "lost" | "loss" | "loses" | "verloren" => Some(false),
        _ => None,
    })
}

/// A statement's first word: a seat alias becomes its label; a section word the reader took
/// for a seat (`declare Kreuz hand`) becomes its canonical word.
fn rewrite_lead(
    label: &mut String,
    names: &[Option<String>; 3],
    word: impl Fn(&str) -> Option<&'static str>,
) {
    if seat(label, names).is_some() {
        rewrite_seat(label, names);
    } else if let Some(c) = word(label)
        && label != c
    {
        *label = c.to_string();
    }
}

fn rewrite_seat(label: &mut String, names: &[Option<String>; 3]) {
    if let Some(s) = seat(label, names)
        && label != s.label()
    {
        *label = s.label().to_string();
    }
}

fn rewrite_words(tokens: &mut [notation::Spanned<Token>], f: impl Fn(&str) -> Option<&'static str>) {
    for t in tokens {
        if let Token::Word(w) = &mut t.node
            && let Some(c) = f(w)
            && w != c
        {
            *w = c.to_string();
        }
    }
}

/// Rewrites every alias in a Skat record to its canonical spelling: seat labels (role
/// aliases and player names) to `F M R`, seat tag names to `F M R`, and the words of
/// exchanges, declarations, play events and claims to their English canonical form.
/// Words it does not know are left as written.
pub fn canonicalize(record: &mut Record) {
    let names = player_names(record);
    for tag in &mut record.tags {
        if let Some(s) = seat_alias(&tag.name.node)
            && tag.name.node != s.label()
        {
            tag.name.node = s.label().to_string();
        }
    }
    if let Some(deal) = &mut record.deal {
        for line in &mut deal.items {
            rewrite_seat(&mut line.seat.node, &names);
        }
    }
    if let Some(auction) = &mut record.auction {
        for call in &mut auction.items {
            rewrite_seat(&mut call.seat.node, &names);
        }
    }
    if let Some(ex) = &mut record.exchange {
        for st in &mut ex.items {
            if let Some(s) = &mut st.seat {
                rewrite_lead(&mut s.node, &names, |w| exchange_word(w).map(exchange_canonical));
            }
            rewrite_words(&mut st.tokens, |w| exchange_word(w).map(exchange_canonical));
        }
    }
    if let Some(decl) = &mut record.declaration {
        for st in &mut decl.items {
            if let Some(s) = &mut st.seat {
                rewrite_lead(&mut s.node, &names, |w| decl_word(w).map(decl_canonical));
            }
            rewrite_words(&mut st.tokens, |w| decl_word(w).map(decl_canonical));
        }
    }
    if let Some(play) = &mut record.play {
        if let Layout::Columns(cols) = &mut play.items.layout {
            for c in cols {
                rewrite_seat(&mut c.node, &names);
            }
        }
        for item in &mut play.items.items {
            match item {
                PlayItem::Trick(t) => {
                    if let Some(l) = &mut t.leader {
                        rewrite_seat(&mut l.node, &names);
                    }
                }
                PlayItem::Event(st) => {
                    if let Some(s) = &mut st.seat {
                        rewrite_lead(&mut s.node, &names, |w| event_word(w).map(event_canonical));
                    }
                    rewrite_words(&mut st.tokens, |w| event_word(w).map(event_canonical));
                }
            }
        }
    }
    if let Some(result) = &mut record.result {
        for claim in &mut result.items {
            let key = claim_key(&claim.key.node);
            if let Some(k) = key
                && claim.key.node != claim_canonical(k)
            {
                claim.key.node = claim_canonical(k).to_string();
            }
            for v in &mut claim.values {
                if let Token::Word(w) = &mut v.node {
                    let canon = match key {
                        Some(
                            ClaimKey::Declarer
                            | ClaimKey::Left
                            | ClaimKey::Timeout
                            | ClaimKey::Penalty
                            | ClaimKey::Loser
                            | ClaimKey::Winner,
                        ) => seat(w, &names).map(Seat::label),
                        Some(ClaimKey::Game) => decl_word(w).map(decl_canonical),
                        Some(ClaimKey::Outcome) => outcome(w).map(|won| if won { "won" } else { "lost" }),
                        Some(
                            ClaimKey::Schneider | ClaimKey::Schwarz | ClaimKey::Overbid | ClaimKey::Resigned,
                        ) => yes_no(w).map(|y| if y { "yes" } else { "no" }),
                        _ => None,
                    };
                    if let Some(c) = canon
                        && w != c
                    {
                        *w = c.to_string();
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_aliases_map_to_roles() {
        assert_eq!(seat_alias("V"), Some(Seat::F));
        assert_eq!(seat_alias("Mittelhand"), Some(Seat::M));
        assert_eq!(seat_alias("H"), Some(Seat::R));
        assert_eq!(seat_alias("rearhand"), Some(Seat::R));
        assert_eq!(seat_alias("X"), None);
        let names = [Some("Anna".to_string()), Some("Bert".to_string()), None];
        assert_eq!(seat("Bert", &names), Some(Seat::M));
        assert_eq!(seat("Carl", &names), None);
    }

    #[test]
    fn german_declaration_words_are_understood() {
        assert_eq!(decl_word("Kreuz"), Some(DeclWord::Game(GameType::Clubs)));
        assert_eq!(decl_word("Pik"), Some(DeclWord::Game(GameType::Spades)));
        assert_eq!(decl_word("Herz"), Some(DeclWord::Game(GameType::Hearts)));
        assert_eq!(decl_word("Karo"), Some(DeclWord::Game(GameType::Diamonds)));
        assert_eq!(decl_word("offen"), Some(DeclWord::Ouvert));
        assert_eq!(decl_word("Hand"), Some(DeclWord::Hand));
        assert_eq!(decl_word("turned"), None);
    }

    #[test]
    fn the_historic_words_are_understood() {
        assert_eq!(exchange_word("turn"), Some(ExchangeWord::Turn));
        assert_eq!(exchange_word("Tourné"), Some(ExchangeWord::Turn));
        assert_eq!(exchange_word("passt-mir-nicht"), Some(ExchangeWord::Passt));
        assert_eq!(exchange_canonical(ExchangeWord::Passt), "passt");
        assert_eq!(event_word("abandon"), Some(EventWord::Abandons));
        assert_eq!(event_word("Kontra"), Some(EventWord::Kontra));
        assert_eq!(event_word("rekontra"), Some(EventWord::Re));
        assert_eq!(decl_word("solo"), Some(DeclWord::Hand));
        assert_eq!(decl_word("Ramsch"), Some(DeclWord::Ramsch));
        assert_eq!(decl_word("UNO"), Some(DeclWord::Extra(ExtraGame::Uno)));
        assert_eq!(decl_word("duo"), Some(DeclWord::Extra(ExtraGame::Duo)));
        assert_eq!(decl_canonical(DeclWord::Extra(ExtraGame::Duo)), "duo");
        assert_eq!(
            decl_word("Revolution"),
            Some(DeclWord::Extra(ExtraGame::Revolution))
        );
        assert_eq!(claim_key("verlierer"), Some(ClaimKey::Loser));
        assert_eq!(claim_canonical(ClaimKey::Winner), "winner");
    }

    #[test]
    fn lookups_agree_on_every_lowercasing_path() {
        // Already lowercase ASCII, mixed-case ASCII, non-ASCII and over-long words each take
        // a different path to the lowercase form; the answers must not depend on it.
        assert_eq!(claim_key("points"), Some(ClaimKey::Points));
        assert_eq!(claim_key(" POINTS "), Some(ClaimKey::Points));
        assert_eq!(claim_key("Überreizt"), Some(ClaimKey::Overbid));
        assert_eq!(decl_word("GRÜN"), Some(DeclWord::Game(GameType::Spades)));
        assert_eq!(exchange_word("Drückt"), Some(ExchangeWord::Discard));
        assert_eq!(exchange_word("TOURNÉ"), Some(ExchangeWord::Turn));
        assert_eq!(seat_alias("f"), Some(Seat::F));
        assert_eq!(seat_alias(" HH "), Some(Seat::R));
        assert_eq!(seat_alias("R"), Some(Seat::R));
        assert_eq!(yes_no("JA"), Some(true));
        assert_eq!(outcome("Verloren"), Some(false));
        let long = "Passt-Mir-Nicht-Passt-Mir-Nicht-Passt";
        assert!(long.len() > 32);
        assert_eq!(exchange_word(long), None);
        assert_eq!(with_lower(long, str::to_string), long.to_lowercase());
        assert_eq!(with_lower("ÄbC", str::to_string), "äbc");
        assert_eq!(with_lower("AbC", str::to_string), "abc");
        assert_eq!(with_lower("abc", str::to_string), "abc");
    }

    #[test]
    fn canonicalize_rewrites_the_historic_aliases() {
        let text = "[Game \"skat\"]\n[Rules \"foster-1897\"]\n\nexchange F tourné ♦8\n         F picks ♠7\ndeclare  F Karo solo\nplay     Vorhand abandon\nresult   verlierer Vorhand\n";
        let mut parsed = notation::read_str(text);
        let record = parsed[0].record.as_mut().expect("record");
        canonicalize(record);
        let out = notation::print(record);
        assert!(out.contains("F turn ♦8"), "{out}");
        assert!(out.contains("F pickup ♠7"), "{out}");
        assert!(out.contains("F diamonds hand"), "{out}");
        assert!(out.contains("F abandons"), "{out}");
        assert!(out.contains("loser F"), "{out}");
    }
}
