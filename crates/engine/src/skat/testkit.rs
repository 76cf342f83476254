//! Builds syntax trees in code for the engine's tests, without the text reader: a small
//! builder that turns strings like `"M 18, F yes"` or `"F clubs hand"` into tree nodes.

use cards::{AlphabetSet, parse_card};
use notation::{
    Call, CallKind, CardSlot, Claim, HandLine, Layout, Play, PlayItem, Record, Section, Span, Spanned,
    Statement, Tag, Token, Trick, TrickClaim,
};

/// A plain contract of `game`: picked up, nothing announced.
pub fn contract(game: crate::skat::model::GameType) -> crate::skat::model::Contract {
    crate::skat::model::Contract {
        game,
        hand: false,
        schneider_announced: false,
        schwarz_announced: false,
        ouvert: false,
    }
}

fn bare<T>(t: T) -> Spanned<T> {
    Spanned::bare(t)
}

/// A card token or `??`.
pub fn slot(token: &str) -> CardSlot {
    if token == "??" {
        return CardSlot::Unknown;
    }
    match parse_card(token, AlphabetSet::DEFAULT) {
        Ok(c) => CardSlot::Known(c),
        Err(e) => panic!("bad card {token}: {e}"),
    }
}

/// Cards from a space-separated list.
pub fn slots(list: &str) -> Vec<Spanned<CardSlot>> {
    list.split_whitespace().map(|t| bare(slot(t))).collect()
}

fn token(t: &str) -> Token {
    if let Some(text) = t.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        return Token::Text(text.to_string());
    }
    if let Ok(n) = t.parse::<i64>() {
        return Token::Number(n);
    }
    if t == "??" {
        return Token::Card(CardSlot::Unknown);
    }
    match parse_card(t, AlphabetSet::DEFAULT) {
        Ok(c) => Token::Card(CardSlot::Known(c)),
        Err(_) => Token::Word(t.to_string()),
    }
}

/// A statement whose first word is the seat.
pub fn statement(text: &str) -> Statement {
    let mut parts = text.split_whitespace();
    let seat = parts.next().map(|s| bare(s.to_string()));
    Statement {
        seat,
        tokens: parts.map(|t| bare(token(t))).collect(),
        figure: Vec::new(),
        comments: Vec::new(),
    }
}

/// A record under construction.
#[derive(Clone, Debug, Default)]
pub struct Rec {
    record: Record,
    columns: Option<Vec<String>>,
}

impl Rec {
    /// A Skat record under the official rules.
    pub fn new() -> Rec {
        Rec::default().tag("Game", "skat").tag("Rules", "isko")
    }

    /// Adds a tag.
    pub fn tag(mut self, name: &str, value: &str) -> Rec {
        self.record.tags.push(Tag {
            name: bare(name.to_string()),
            value: bare(value.to_string()),
            comments: Vec::new(),
        });
        self
    }

    /// Adds a deal line.
    pub fn deal(mut self, seat: &str, cards: &str) -> Rec {
        let d = self
            .record
            .deal
            .get_or_insert_with(|| Section::new(Span::default(), Vec::new()));
        d.items.push(HandLine {
            seat: bare(seat.to_string()),
            cards: slots(cards),
            comments: Vec::new(),
        });
        self
    }

    /// Sets the auction from `"M 18, F yes, R pass"`.
    pub fn auction(mut self, calls: &str) -> Rec {
        let mut items = Vec::new();
        for c in calls.split(',').map(str::trim).filter(|c| !c.is_empty()) {
            let mut p = c.split_whitespace();
            let seat = p.next().unwrap_or_default();
            let call = match p.next().unwrap_or_default() {
                w @ ("yes" | "hold") => {
                    items.push(Call::word_call(bare(seat.to_string()), w, Span::default()));
                    continue;
                }
                "pass" => CallKind::Pass,
                n => CallKind::Bid(n.parse().unwrap_or_else(|_| panic!("bad call {c}"))),
            };
            items.push(Call {
                seat: bare(seat.to_string()),
                call: bare(call),
                said: None,
                comments: Vec::new(),
            });
        }
        self.record.auction = Some(Section::new(Span::default(), items));
        self
    }

    /// Adds an exchange statement.
    pub fn exchange(mut self, text: &str) -> Rec {
        self.record
            .exchange
            .get_or_insert_with(|| Section::new(Span::default(), Vec::new()))
            .items
            .push(statement(text));
        self
    }

    /// Adds the declaration.
    pub fn declare(mut self, text: &str) -> Rec {
        self.record
            .declaration
            .get_or_insert_with(|| Section::new(Span::default(), Vec::new()))
            .items
            .push(statement(text));
        self
    }

    /// Switches the play to columns with these seat labels.
    pub fn columns(mut self, seats: &str) -> Rec {
        self.columns = Some(seats.split_whitespace().map(str::to_string).collect());
        self
    }

    fn play(&mut self) -> &mut Play {
        let layout = match &self.columns {
            Some(cols) => Layout::Columns(cols.iter().map(|c| bare(c.clone())).collect()),
            None => Layout::Leader,
        };
        &mut self
            .record
            .play
            .get_or_insert_with(|| {
                Section::new(
                    Span::default(),
                    Play {
                        layout,
                        items: Vec::new(),
                    },
                )
            })
            .items
    }

    /// Adds a trick: `"F: ♣J ♥7 ♦J"` (leader layout), `"♣J ♥7 ♦J"` (columns), optionally
    /// followed by `+n` or `-` as the trick claim.
    pub fn trick(mut self, text: &str) -> Rec {
        let number = self
            .play()
            .items
            .iter()
            .filter(|i| matches!(i, PlayItem::Trick(_)))
            .count() as u32
            + 1;
        let (leader, rest) = match text.split_once(':') {
            Some((l, r)) => (Some(bare(l.trim().to_string())), r),
            None => (None, text),
        };
        let mut cards = Vec::new();
        let mut claim = None;
        for t in rest.split_whitespace() {
            if t == "-" {
                claim = Some(bare(TrickClaim::Lost));
            } else if let Some(n) = t.strip_prefix('+') {
                claim = Some(bare(TrickClaim::Points(
                    n.parse().unwrap_or_else(|_| panic!("bad claim {t}")),
                )));
            } else {
                cards.push(bare(slot(t)));
            }
        }
        self.play().items.push(PlayItem::Trick(Trick {
            number: Some(bare(number)),
            leader,
            cards,
            claim,
            origins: Vec::new(),
            taker: None,
            comments: Vec::new(),
        }));
        self
    }

    /// Adds several leader-layout tricks separated by `;`.
    pub fn tricks(self, text: &str) -> Rec {
        text.split(';')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .fold(self, |r, t| r.trick(t))
    }

    /// Adds a play event such as `"F concedes"`.
    pub fn event(mut self, text: &str) -> Rec {
        let st = statement(text);
        self.play().items.push(PlayItem::Event(st));
        self
    }

    /// Adds a claim such as `"points 61"`.
    pub fn claim(mut self, text: &str) -> Rec {
        let mut parts = text.split_whitespace();
        let key = parts.next().unwrap_or_default();
        let values = parts.map(|t| bare(token(t))).collect();
        self.record
            .result
            .get_or_insert_with(|| Section::new(Span::default(), Vec::new()))
            .items
            .push(Claim {
                key: bare(key.to_string()),
                values,
                comments: Vec::new(),
            });
        self
    }

    /// Adds several claims separated by `,`.
    pub fn claims(self, text: &str) -> Rec {
        text.split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .fold(self, |r, t| r.claim(t))
    }

    /// Marks the record unfinished (`*`).
    pub fn unfinished(mut self) -> Rec {
        self.record.unfinished = Some(Span::default());
        self
    }

    /// The record.
    pub fn build(self) -> Record {
        self.record
    }
}
