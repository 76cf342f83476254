//! The typed ISS record: every property in written order, the moves and the result, with
//! enough layout detail that writing it back reproduces the server's line byte for byte.

use notation::{CardSlot, Span};

/// A seat at the table, in the server's numbering: 0 forehand, 1 middlehand, 2 rearhand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// Seat 0, forehand (`F`).
    Fore,
    /// Seat 1, middlehand (`M`).
    Middle,
    /// Seat 2, rearhand (`R`).
    Rear,
}

impl Seat {
    /// The three seats in the server's order.
    pub const ALL: [Seat; 3] = [Seat::Fore, Seat::Middle, Seat::Rear];

    /// The server's number for the seat (0, 1, 2).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat with the server's number `i`.
    pub fn from_index(i: i64) -> Option<Seat> {
        match i {
            0 => Some(Seat::Fore),
            1 => Some(Seat::Middle),
            2 => Some(Seat::Rear),
            _ => None,
        }
    }

    /// The stich label of the seat (`F`, `M`, `R`).
    pub fn label(self) -> &'static str {
        match self {
            Seat::Fore => "F",
            Seat::Middle => "M",
            Seat::Rear => "R",
        }
    }

    /// The seat with the stich label `F`, `M` or `R`.
    pub fn from_label(label: &str) -> Option<Seat> {
        match label {
            "F" => Some(Seat::Fore),
            "M" => Some(Seat::Middle),
            "R" => Some(Seat::Rear),
            _ => None,
        }
    }

    /// The server's digit for the seat.
    pub fn digit(self) -> char {
        match self {
            Seat::Fore => '0',
            Seat::Middle => '1',
            Seat::Rear => '2',
        }
    }

    /// The seat that plays after this one.
    pub fn next(self) -> Seat {
        match self {
            Seat::Fore => Seat::Middle,
            Seat::Middle => Seat::Rear,
            Seat::Rear => Seat::Fore,
        }
    }
}

/// Who makes a move: the server (`w`, "world") or a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// `w`: the server deals, shows the skat, and reports timeouts and players leaving.
    World,
    /// `0`, `1`, `2`: a player.
    Seat(Seat),
}

/// The game type letter of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// `G`
    Grand,
    /// `C`
    Clubs,
    /// `S`
    Spades,
    /// `H`
    Hearts,
    /// `D`
    Diamonds,
    /// `N`
    Null,
}

impl GameKind {
    /// Every game type.
    pub const ALL: [GameKind; 6] = [
        GameKind::Grand,
        GameKind::Clubs,
        GameKind::Spades,
        GameKind::Hearts,
        GameKind::Diamonds,
        GameKind::Null,
    ];

    /// The server's letter.
    pub fn letter(self) -> char {
        match self {
            GameKind::Grand => 'G',
            GameKind::Clubs => 'C',
            GameKind::Spades => 'S',
            GameKind::Hearts => 'H',
            GameKind::Diamonds => 'D',
            GameKind::Null => 'N',
        }
    }

    /// The game type with this letter.
    pub fn from_letter(b: u8) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.letter() as u32 == u32::from(b))
    }

    /// The stich declaration word (`grand`, `clubs`, …, `null`).
    pub fn word(self) -> &'static str {
        match self {
            GameKind::Grand => "grand",
            GameKind::Clubs => "clubs",
            GameKind::Spades => "spades",
            GameKind::Hearts => "hearts",
            GameKind::Diamonds => "diamonds",
            GameKind::Null => "null",
        }
    }

    /// The game type with this stich word.
    pub fn from_word(w: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.word() == w)
    }
}

/// A modifier letter of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// `O`: ouvert.
    Ouvert,
    /// `H`: hand (the skat is not picked up).
    Hand,
    /// `S`: schneider announced.
    Schneider,
    /// `Z`: schwarz announced.
    Schwarz,
}

impl Modifier {
    /// Every modifier, in the order the server writes them.
    pub const ALL: [Modifier; 4] = [
        Modifier::Ouvert,
        Modifier::Hand,
        Modifier::Schneider,
        Modifier::Schwarz,
    ];

    /// The server's letter.
    pub fn letter(self) -> char {
        match self {
            Modifier::Ouvert => 'O',
            Modifier::Hand => 'H',
            Modifier::Schneider => 'S',
            Modifier::Schwarz => 'Z',
        }
    }

    /// The modifier with this letter.
    pub fn from_letter(b: u8) -> Option<Modifier> {
        Modifier::ALL
            .into_iter()
            .find(|m| m.letter() as u32 == u32::from(b))
    }

    /// The stich declaration word.
    pub fn word(self) -> &'static str {
        match self {
            Modifier::Ouvert => "ouvert",
            Modifier::Hand => "hand",
            Modifier::Schneider => "schneider",
            Modifier::Schwarz => "schwarz",
        }
    }

    /// The modifier with this stich word.
    pub fn from_word(w: &str) -> Option<Modifier> {
        Modifier::ALL.into_iter().find(|m| m.word() == w)
    }
}

/// A declaration move: `G.HK.HQ`, `NOH`, `GO.CJ.SJ…`, `D`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The game type.
    pub kind: GameKind,
    /// The modifier letters in written order (the server writes `O H S Z` in that order).
    pub modifiers: Vec<Modifier>,
    /// The cards after the letters, in written order: after a pickup, the two discards and
    /// then any ouvert listing; in a hand game, only the ouvert listing.
    pub cards: Vec<CardSlot>,
}

/// The deal: 32 card positions (forehand's ten, middlehand's ten, rearhand's ten, the skat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The cards in written order.
    pub cards: [CardSlot; 32],
    /// Bit `i` set: the separator after card `i` (0-based) is `|` rather than `.`.
    pub bars: u32,
}

impl Deal {
    /// The cards of one seat's hand.
    pub fn hand(&self, seat: Seat) -> &[CardSlot] {
        let start = seat.index() * 10;
        self.cards.get(start..start + 10).unwrap_or(&[])
    }

    /// The two skat cards.
    pub fn skat(&self) -> &[CardSlot] {
        self.cards.get(30..32).unwrap_or(&[])
    }
}

/// What a move does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `w` + 32 cards: the deal.
    Deal(Box<Deal>),
    /// `w c1.c2`: the skat shown to the declarer after `s`.
    Skat([CardSlot; 2]),
    /// `w TI.n`: seat `n` ran out of time.
    TimeOut(Seat),
    /// `w LE.n`: seat `n` left the table.
    Leave(Seat),
    /// A bid: a number.
    Bid(u32),
    /// `y`: the bid is held.
    Hold,
    /// `p`: pass.
    Pass,
    /// `s`: the declarer picks up the skat.
    Pickup,
    /// A declaration, with discards and/or an ouvert listing.
    Declare(Declaration),
    /// `c1.c2`: the two discards, when given as a move of their own after the declaration.
    Discard([CardSlot; 2]),
    /// A card played.
    Card(CardSlot),
    /// `SC` or `SC.c1.c2…`: the declarer shows the cards (optionally listed).
    Show(Vec<CardSlot>),
    /// `RE`: the player resigns.
    Resign,
}

/// One move of the `MV` property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Who moved.
    pub actor: Actor,
    /// What was done.
    pub action: Action,
    /// Where the action token was written (`Span::default()` for moves built by programs).
    pub span: Span,
}

impl Move {
    /// A move with no place in any text.
    pub fn new(actor: Actor, action: Action) -> Move {
        Move {
            actor,
            action,
            span: Span::default(),
        }
    }
}

/// The `MV` property.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Moves {
    /// The moves in order.
    pub moves: Vec<Move>,
    /// The value ended with a space before `]`, as the server writes it.
    pub trailing_space: bool,
    /// Where the value was written.
    pub span: Span,
}

/// How the game ended, as the result says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `win`
    Win,
    /// `loss`
    Loss,
    /// `penalty`
    Penalty,
}

impl Outcome {
    /// The server's word.
    pub fn iss_word(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Penalty => "penalty",
        }
    }

    /// The stich claim word (`won`, `lost`, `penalty`).
    pub fn claim_word(self) -> &'static str {
        match self {
            Outcome::Win => "won",
            Outcome::Loss => "lost",
            Outcome::Penalty => "penalty",
        }
    }
}

/// One field of the `R` property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultField {
    /// `passed`: everybody passed.
    Passed,
    /// `d:n`: the declarer (`None` for `-1`).
    Declarer(Option<Seat>),
    /// `win`, `loss` or `penalty`.
    Outcome(Outcome),
    /// `v:n`: the score, signed.
    Value(i32),
    /// `m:n`: matadors, signed (negative: "against").
    Matadors(i32),
    /// `bidok` (`false`) or `overbid` (`true`).
    Overbid(bool),
    /// `p:n`: the declarer's card points including the skat.
    Points(i32),
    /// `t:n`: the declarer's tricks.
    Tricks(i32),
    /// `s:0|1`: schneider.
    Schneider(bool),
    /// `z:0|1`: schwarz.
    Schwarz(bool),
    /// `p0:`, `p1:`, `p2:`: the penalty flag of a seat.
    Penalty(Seat, bool),
    /// `l:n`: the seat that left (`None` for `-1`).
    Left(Option<Seat>),
    /// `to:n`: the seat that timed out (`None` for `-1`).
    TimeOut(Option<Seat>),
    /// `r:0|1`: the game ended by resignation.
    Resigned(bool),
    /// A token this crate does not know, kept as written.
    Other(String),
}

/// The `R` property: its fields in written order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct IssResult {
    /// The fields in written order.
    pub fields: Vec<ResultField>,
    /// Where the value was written.
    pub span: Span,
}

impl IssResult {
    /// The result of a passed-in deal.
    pub fn is_passed(&self) -> bool {
        self.fields.contains(&ResultField::Passed)
    }

    /// The declarer, if the result names one.
    pub fn declarer(&self) -> Option<Seat> {
        self.fields.iter().find_map(|f| match f {
            ResultField::Declarer(d) => *d,
            _ => None,
        })
    }

    /// The outcome, if given.
    pub fn outcome(&self) -> Option<Outcome> {
        self.fields.iter().find_map(|f| match f {
            ResultField::Outcome(o) => Some(*o),
            _ => None,
        })
    }

    /// The score (`v:`), if given.
    pub fn value(&self) -> Option<i32> {
        self.fields.iter().find_map(|f| match f {
            ResultField::Value(v) => Some(*v),
            _ => None,
        })
    }
}

/// The name of a text property.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// `GM`: the game (`Skat`).
    Game,
    /// `PC`: the server's name.
    Place,
    /// `CO`: a comment.
    Comment,
    /// `SE`: the series.
    Series,
    /// `ID`: the game number.
    Id,
    /// `DT`: date and time, `YYYY-MM-DD/HH:MM:SS/UTC`.
    Date,
    /// `P0`–`P2`: a player's name.
    Player(Seat),
    /// `R0`–`R2`: a player's rating.
    Rating(Seat),
    /// `OW`: the seat whose view the record shows.
    Owner,
    /// Any other property name, kept as written.
    Other(String),
}

impl Key {
    /// The key for a property name (`MV` and `R` are not text properties and map to `Other`
    /// only if asked; the reader handles them before).
    pub fn from_name(name: &str) -> Key {
        match name {
            "GM" => Key::Game,
            "PC" => Key::Place,
            "CO" => Key::Comment,
            "SE" => Key::Series,
            "ID" => Key::Id,
            "DT" => Key::Date,
            "P0" => Key::Player(Seat::Fore),
            "P1" => Key::Player(Seat::Middle),
            "P2" => Key::Player(Seat::Rear),
            "R0" => Key::Rating(Seat::Fore),
            "R1" => Key::Rating(Seat::Middle),
            "R2" => Key::Rating(Seat::Rear),
            "OW" => Key::Owner,
            other => Key::Other(other.to_string()),
        }
    }

    /// The property name as the server writes it.
    pub fn name(&self) -> &str {
        match self {
            Key::Game => "GM",
            Key::Place => "PC",
            Key::Comment => "CO",
            Key::Series => "SE",
            Key::Id => "ID",
            Key::Date => "DT",
            Key::Player(Seat::Fore) => "P0",
            Key::Player(Seat::Middle) => "P1",
            Key::Player(Seat::Rear) => "P2",
            Key::Rating(Seat::Fore) => "R0",
            Key::Rating(Seat::Middle) => "R1",
            Key::Rating(Seat::Rear) => "R2",
            Key::Owner => "OW",
            Key::Other(name) => name,
        }
    }
}

/// One property of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Property {
    /// A property with a text value, kept as written (escapes included).
    Text {
        /// The name.
        key: Key,
        /// The value exactly as written between the brackets; see [`unescape`].
        raw: String,
        /// Where the value was written.
        span: Span,
    },
    /// `MV[…]`.
    Moves(Moves),
    /// `R[…]`.
    Result(IssResult),
}

/// How the record is closed after its last property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Close {
    /// ` ;)`, as the server writes it.
    #[default]
    SpaceSemicolon,
    /// `;)` with no space before.
    Semicolon,
    /// `)` alone.
    Paren,
}

impl Close {
    /// The text of the closing.
    pub fn text(self) -> &'static str {
        match self {
            Close::SpaceSemicolon => " ;)",
            Close::Semicolon => ";)",
            Close::Paren => ")",
        }
    }
}

/// One ISS game record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Game {
    /// The properties in written order.
    pub properties: Vec<Property>,
    /// How the record was closed.
    pub close: Close,
    /// `#` comment lines inside the record, without the `#`. [`crate::write`] writes one
    /// line and so cannot hold them.
    pub comments: Vec<String>,
}

impl Game {
    /// The raw value of the first text property with this key.
    pub fn raw(&self, key: &Key) -> Option<&str> {
        self.properties.iter().find_map(|p| match p {
            Property::Text { key: k, raw, .. } if k == key => Some(raw.as_str()),
            _ => None,
        })
    }

    /// The value of the first text property with this key, escapes resolved.
    pub fn text(&self, key: &Key) -> Option<String> {
        self.raw(key).map(unescape)
    }

    /// A player's name.
    pub fn player(&self, seat: Seat) -> Option<String> {
        self.text(&Key::Player(seat))
    }

    /// The `MV` property.
    pub fn moves(&self) -> Option<&Moves> {
        self.properties.iter().find_map(|p| match p {
            Property::Moves(m) => Some(m),
            _ => None,
        })
    }

    /// The `R` property.
    pub fn result(&self) -> Option<&IssResult> {
        self.properties.iter().find_map(|p| match p {
            Property::Result(r) => Some(r),
            _ => None,
        })
    }

    /// The deal, when the first move is the server's deal.
    pub fn deal(&self) -> Option<&Deal> {
        match self.moves()?.moves.first()?.action {
            Action::Deal(ref d) => Some(d),
            _ => None,
        }
    }
}

/// Resolves the one escape of ISS property values: `\]` stands for `]`. Every other
/// backslash is an ordinary character, so [`escape`] undoes this exactly.
pub fn unescape(raw: &str) -> String {
    raw.replace("\\]", "]")
}

/// The raw form of a value: `]` becomes `\]`.
pub fn escape(value: &str) -> String {
    value.replace(']', "\\]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_and_unescape_are_inverse() {
        for raw in ["plain", "a\\]b", "a\\b", "\\\\]x", "", "]"] {
            let raw = escape(&unescape(raw));
            assert_eq!(escape(&unescape(&raw)), raw);
        }
        assert_eq!(unescape("a\\]b"), "a]b");
        assert_eq!(escape("a]b"), "a\\]b");
        assert_eq!(unescape("a\\b"), "a\\b");
    }

    #[test]
    fn seats_keys_and_letters_round_trip() {
        for s in Seat::ALL {
            assert_eq!(Seat::from_label(s.label()), Some(s));
            assert_eq!(Seat::from_index(s.index() as i64), Some(s));
        }
        assert_eq!(Seat::Rear.next(), Seat::Fore);
        for name in [
            "GM", "PC", "CO", "SE", "ID", "DT", "P0", "P1", "P2", "R0", "R1", "R2", "OW", "XY",
        ] {
            assert_eq!(Key::from_name(name).name(), name);
        }
        for k in GameKind::ALL {
            assert_eq!(GameKind::from_letter(k.letter() as u8), Some(k));
            assert_eq!(GameKind::from_word(k.word()), Some(k));
        }
        for m in Modifier::ALL {
            assert_eq!(Modifier::from_letter(m.letter() as u8), Some(m));
            assert_eq!(Modifier::from_word(m.word()), Some(m));
        }
    }
}
