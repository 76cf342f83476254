//! The syntax tree of one record: what the text says, with where it says it.
//!
//! The tree is game-agnostic. Seats are role labels as written (`F`, `M`, `R`, `skat`), and
//! the words of exchanges, declarations, play events and result claims are kept as tokens;
//! each game's engine gives them meaning. The ISS reader produces the same tree, so every
//! source goes through one checker.

use cards::Card;

/// A place in the input: byte offsets `start..end` from the start of the file, and the
/// 1-based line and column (in characters) of `start`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
    /// 1-based line of `start`.
    pub line: u32,
    /// 1-based column of `start`, counted in Unicode scalar values.
    pub column: u32,
}

/// A value and where it was written. Trees built by programs (not read from text) use
/// `Span::default()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// A value with a span.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }

    /// A value with no place in any text.
    pub fn bare(node: T) -> Self {
        Spanned {
            node,
            span: Span::default(),
        }
    }
}

/// A card position that may be unknown (`??`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardSlot {
    /// A known card.
    Known(Card),
    /// `??`: a card that was there but is not recorded.
    Unknown,
}

/// A comment, kept with the item it follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comment {
    /// `{ … }`; may span lines.
    Brace(String),
    /// `; …` to the end of the line.
    Line(String),
}

/// One token of a statement or claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A bare word: `hand`, `clubs`, `resigns`, `won`.
    Word(String),
    /// An integer, possibly signed: `63`, `-48`, `+2`.
    Number(i64),
    /// A card or `??`.
    Card(CardSlot),
    /// A quoted string: `"the book says 59"`.
    Text(String),
}

/// A header tag pair `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag name.
    pub name: Spanned<String>,
    /// The value, unescaped.
    pub value: Spanned<String>,
    /// Comments after the tag.
    pub comments: Vec<Comment>,
}

/// One line of the deal: a seat (or `skat`) and its cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandLine {
    /// The seat label, or `skat` (or another game's name for the undealt cards).
    pub seat: Spanned<String>,
    /// The cards as written.
    pub cards: Vec<Spanned<CardSlot>>,
    /// Comments after the line.
    pub comments: Vec<Comment>,
}

/// One call of the auction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// Who called.
    pub seat: Spanned<String>,
    /// What was called.
    pub call: Spanned<CallKind>,
    /// What a [`CallKind::Said`] call says; `None` for the other kinds.
    pub said: Option<Said>,
    /// Comments after the call.
    pub comments: Vec<Comment>,
}

/// A call: a bid, a pass, or what a player said in words. The notation gives words no
/// meaning; each game's engine reads them (Skat's `yes` holds the bid made to the seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallKind {
    /// A bid of this many points.
    Bid(u32),
    /// `pass` (also `p`, `no`).
    Pass,
    /// A word call (`F yes`, `F frog`) or a long call (`E: 500 flush`, version 2): what
    /// was said is in [`Call::said`].
    Said,
}

impl Call {
    /// The word of a word call (`yes` in `F yes`), or `None` for a bid, a pass or a long
    /// call.
    pub fn word(&self) -> Option<&str> {
        match (&self.call.node, &self.said) {
            (
                CallKind::Said,
                Some(Said {
                    long: false, tokens, ..
                }),
            ) => match tokens.first().map(|t| &t.node) {
                Some(Token::Word(w)) => Some(w),
                _ => None,
            },
            _ => None,
        }
    }

    /// A word call of this seat, as programs build them.
    pub fn word_call(seat: Spanned<String>, word: &str, span: Span) -> Call {
        Call {
            seat,
            call: Spanned::new(CallKind::Said, span),
            said: Some(Said {
                long: false,
                tokens: vec![Spanned::new(Token::Word(word.to_string()), span)],
                figure: Vec::new(),
            }),
            comments: Vec::new(),
        }
    }
}

/// What a word call or a long call says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// `true` for a long call, written `SEAT: values… [= figure]` and running to the next
    /// comma or line end; `false` for a word call, `SEAT word`, whose one token is the word.
    pub long: bool,
    /// The values of the call.
    pub tokens: Vec<Spanned<Token>>,
    /// The figure after `=` (a long call only); empty when none is written.
    pub figure: Vec<Spanned<Token>>,
}

/// A statement: an optional seat and a run of tokens, as in `F pickup ♦7 ♦8`,
/// `F clubs hand schneider`, `M resigns`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The acting seat, when the statement starts with one.
    pub seat: Option<Spanned<String>>,
    /// The rest of the statement.
    pub tokens: Vec<Spanned<Token>>,
    /// The figure the source gives for the statement, the values after `=` (version 2):
    /// a meld's value, the points a card pegs, a running total. Empty when none is written.
    pub figure: Vec<Spanned<Token>>,
    /// Comments after the statement.
    pub comments: Vec<Comment>,
}

/// How the play section is laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Each trick names its leader and lists cards in play order: `3. M: ♦9 ♦Q ♦K`.
    Leader,
    /// Each trick lists cards by seat in these columns, as books print them; the engine
    /// works out who led.
    Columns(Vec<Spanned<String>>),
}

/// A trick as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trick {
    /// The trick number as written.
    pub number: Option<Spanned<u32>>,
    /// The leader (layout `Leader` only).
    pub leader: Option<Spanned<String>>,
    /// The cards: in play order (layout `Leader`) or in column order (layout `Columns`).
    pub cards: Vec<Spanned<CardSlot>>,
    /// Where each card came from (version 2, `♦J@table`): empty when no card of the trick
    /// carries a mark, else one entry per card, `None` for a card without one. Without a mark
    /// a card comes from the player's hand, or from wherever the engine finds it.
    pub origins: Vec<Option<Spanned<String>>>,
    /// A claimed figure for this trick, as books print it.
    pub claim: Option<Spanned<TrickClaim>>,
    /// Who took the trick, when the claim names it (version 2, `= NS 10`): a seat or side
    /// label. Without it the engine says whose points `= n` counts (Skat: the declarer's
    /// side).
    pub taker: Option<Spanned<String>>,
    /// Comments after the trick.
    pub comments: Vec<Comment>,
}

/// The claimed figure of one trick: the card points taken in it, by [`Trick::taker`] when
/// that is given, else by the side the engine names (Skat: the declarer's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrickClaim {
    /// The declarer's side took this many points.
    Points(u32),
    /// `-`: the declarer's side did not take the trick.
    Lost,
}

/// One item of the play section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayItem {
    /// A trick.
    Trick(Trick),
    /// An event between or after tricks: `F shows`, `M resigns`, `R times-out`.
    Event(Statement),
}

/// The play section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The layout.
    pub layout: Layout,
    /// Tricks and events in order.
    pub items: Vec<PlayItem>,
}

/// One row of a `sheet` (version 2): a deal of a sitting or a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetRow {
    /// The deal's number as written (`3.`; in the column layout also `3`).
    pub number: Option<Spanned<u32>>,
    /// What the sheet says of the deal, in the engine's words (`A won 33`, `passed`,
    /// `ref "…"`), with the running totals after it as the statement's figure
    /// (`= A 33`).
    pub statement: Statement,
}

/// The `sheet` section (version 2): one row per deal of a sitting or a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The score columns, when a `columns` line names them (players, sides, `kitty`).
    pub columns: Option<Vec<Spanned<String>>>,
    /// The rows in order.
    pub rows: Vec<SheetRow>,
}

/// A claimed figure of the result: a key and its values, `points 63`, `outcome won`,
/// `disputed "…"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The key.
    pub key: Spanned<String>,
    /// The values.
    pub values: Vec<Spanned<Token>>,
    /// Comments after the claim.
    pub comments: Vec<Comment>,
}

/// A section of the body: where its keyword stands, comments on the keyword line, and its
/// content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section<T> {
    /// The span of the section keyword.
    pub span: Span,
    /// Comments directly after the keyword.
    pub comments: Vec<Comment>,
    /// The content.
    pub items: T,
}

impl<T> Section<T> {
    /// A section with its keyword at `span` and no comments, as readers and programs build
    /// them.
    pub fn new(span: Span, items: T) -> Self {
        Section {
            span,
            comments: Vec::new(),
            items,
        }
    }
}

/// One record: header and body. An absent section means "not recorded".
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// The span of the whole record.
    pub span: Span,
    /// The notation version in force (from the `%stich N` line), if one was given.
    pub version: Option<u32>,
    /// Comments before the first tag.
    pub leading_comments: Vec<Comment>,
    /// Header tags in written order.
    pub tags: Vec<Tag>,
    /// The deal.
    pub deal: Option<Section<Vec<HandLine>>>,
    /// Events while dealing (version 2): the `deal` section's items that are statements,
    /// not hands (`D cuts 24 = 250`), in written order. They belong to the `deal` section:
    /// a record with events has one.
    pub deal_events: Vec<Statement>,
    /// The auction.
    pub auction: Option<Section<Vec<Call>>>,
    /// The exchange: skat, widow, bury or pass.
    pub exchange: Option<Section<Vec<Statement>>>,
    /// The declaration.
    pub declaration: Option<Section<Vec<Statement>>>,
    /// The melds.
    pub melds: Option<Section<Vec<Statement>>>,
    /// The play.
    pub play: Option<Section<Play>>,
    /// The score sheet of a sitting or list (version 2).
    pub sheet: Option<Section<Sheet>>,
    /// The claimed result.
    pub result: Option<Section<Vec<Claim>>>,
    /// `*`: the record stops before the game ended, on purpose.
    pub unfinished: Option<Span>,
}

impl Record {
    /// Whether the record has a body: any section, or the `*` of an unfinished record.
    pub fn has_body(&self) -> bool {
        self.deal.is_some()
            || self.auction.is_some()
            || self.exchange.is_some()
            || self.declaration.is_some()
            || self.melds.is_some()
            || self.play.is_some()
            || self.sheet.is_some()
            || self.result.is_some()
            || self.unfinished.is_some()
    }

    /// The value of the first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name.node == name)
            .map(|t| t.value.node.as_str())
    }

    /// The lowest notation version that can hold this record: 2 when it uses any
    /// version-2 construct (a figure, a taker, a card's origin, a word or long call, a deal
    /// event, a sheet), else 1.
    pub fn needs_version(&self) -> u32 {
        let st = |s: &Statement| !s.figure.is_empty();
        let uses_2 = !self.deal_events.is_empty()
            || self.sheet.is_some()
            || self.auction.as_ref().is_some_and(|a| {
                a.items
                    .iter()
                    .any(|c| c.call.node == CallKind::Said && c.word() != Some("yes"))
            })
            || [&self.exchange, &self.declaration, &self.melds]
                .iter()
                .any(|s| s.as_ref().is_some_and(|s| s.items.iter().any(st)))
            || self.play.as_ref().is_some_and(|p| {
                p.items.items.iter().any(|i| match i {
                    PlayItem::Trick(t) => t.taker.is_some() || t.origins.iter().any(Option::is_some),
                    PlayItem::Event(e) => st(e),
                })
            });
        if uses_2 { 2 } else { 1 }
    }

    /// The tag with this name.
    pub fn tag_item(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.node == name)
    }
}
