//! The parser: one record's text into a [`Record`], with findings.
//!
//! The lexer (built on nom) turns the text into tokens and comments; the parser walks the
//! logical lines: header lines first, then the body's sections. Each item it builds is an
//! anchor, and every comment goes to the last anchor at or before the token it follows.

mod body;
pub(crate) mod header;
mod play;
pub(crate) mod tokens;

use std::ops::Range;

use cards::AlphabetSet;

use crate::codes::{self, spoils_tree};
use crate::diag::{Diagnostic, Kind};
use crate::lex::{LexComment, Pos, Tok, TokKind, lex};
use crate::tree::{Comment, PlayItem, Record, Span};

/// The sections of the body, in the order they must come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum SectionKind {
    Deal,
    Auction,
    Exchange,
    Declare,
    Melds,
    Play,
    Sheet,
    Result,
}

impl SectionKind {
    pub(crate) fn from_keyword(w: &str) -> Option<SectionKind> {
        Some(match w {
            "deal" => SectionKind::Deal,
            "auction" => SectionKind::Auction,
            "exchange" => SectionKind::Exchange,
            "declare" => SectionKind::Declare,
            "melds" => SectionKind::Melds,
            "play" => SectionKind::Play,
            "sheet" => SectionKind::Sheet,
            "result" => SectionKind::Result,
            _ => return None,
        })
    }

    pub(crate) fn keyword(self) -> &'static str {
        match self {
            SectionKind::Deal => "deal",
            SectionKind::Auction => "auction",
            SectionKind::Exchange => "exchange",
            SectionKind::Declare => "declare",
            SectionKind::Melds => "melds",
            SectionKind::Play => "play",
            SectionKind::Sheet => "sheet",
            SectionKind::Result => "result",
        }
    }
}

/// An item that comments can attach to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    Tag(usize),
    Section(SectionKind),
    Hand(usize),
    Call(usize),
    Statement(SectionKind, usize),
    Play(usize),
    Claim(usize),
}

/// What the section parsers share.
pub(crate) struct Ctx<'t, 'a> {
    /// The record's tokens.
    pub toks: &'t [Tok<'a>],
    /// The record's card alphabets.
    pub set: AlphabetSet,
    /// Findings so far.
    pub diags: Vec<Diagnostic>,
    /// Anchors by the index of their first token, in order.
    pub anchors: Vec<(usize, Anchor)>,
    /// The notation version in force (`None` without a version line).
    pub version: Option<u32>,
}

impl<'t, 'a> Ctx<'t, 'a> {
    pub(crate) fn anchor(&mut self, tok: usize, anchor: Anchor) {
        self.anchors.push((tok, anchor));
    }

    pub(crate) fn tok(&self, i: usize) -> Option<&'t Tok<'a>> {
        self.toks.get(i)
    }

    /// Whether version 2 is in force (`%stich 2` or a later number): without a version line
    /// a record is version 1.
    pub(crate) fn is_v2(&self) -> bool {
        self.version.is_some_and(|v| v >= 2)
    }

    /// Reports a version-2 construct in a record read as version 1.
    pub(crate) fn v2(&mut self, span: Span, what: &str) {
        if !self.is_v2() {
            self.diags.push(
                Diagnostic::error(
                    codes::VERSION_2_ONLY,
                    Kind::Syntax,
                    Some(span),
                    format!("{what} is notation version 2, but the record is read as version 1"),
                )
                .with_help("write `%stich 2` before the record"),
            );
        }
    }
}

/// Parses one record's text, which starts at `start` (a line start). `version` is the
/// notation version in force. The record is `None` when a finding spoils the tree.
pub(crate) fn parse_record(
    text: &str,
    start: Pos,
    version: Option<u32>,
) -> (Option<Record>, Vec<Diagnostic>) {
    let lexed = lex(text, start);
    let mut record = Record {
        version,
        ..Record::default()
    };
    let mut ctx = Ctx {
        toks: &lexed.toks,
        set: AlphabetSet::DEFAULT,
        diags: Vec::new(),
        anchors: Vec::new(),
        version,
    };

    let is_tag_line = |r: &Range<usize>| {
        lexed
            .toks
            .get(r.start)
            .is_some_and(|t| t.kind == TokKind::LBracket)
    };
    let header_end = lexed
        .lines
        .iter()
        .position(|r| !is_tag_line(r))
        .unwrap_or(lexed.lines.len());
    let (header_lines, body_lines) = lexed.lines.split_at(header_end);
    for r in header_lines {
        header::tag_line(&mut ctx, r.clone(), &mut record.tags);
    }

    let first = lexed.extent.map(|(s, _)| s).unwrap_or(Span {
        start: start.offset,
        end: start.offset,
        line: start.line,
        column: start.column,
    });
    record.span = Span {
        end: lexed.extent.map_or(first.end, |(_, e)| e),
        ..first
    };
    let at = Span {
        end: first.start,
        ..first
    };
    ctx.set = header::check(&record.tags, at, &mut ctx.diags);

    body::parse(&mut ctx, body_lines, &mut record);
    let Ctx { diags, anchors, .. } = ctx;
    attach(&mut record, &anchors, &lexed.comments);

    let mut all = lexed.diagnostics.clone();
    all.extend(diags);
    all.sort_by_key(|d| d.span.map_or(usize::MAX, |s| s.start));
    let spoiled = all.iter().any(|d| spoils_tree(d.code, d.severity));
    (if spoiled { None } else { Some(record) }, all)
}

fn attach(record: &mut Record, anchors: &[(usize, Anchor)], comments: &[LexComment]) {
    for c in comments {
        let anchor = c.after.and_then(|p| {
            let k = anchors.partition_point(|a| a.0 <= p);
            k.checked_sub(1).and_then(|k| anchors.get(k)).map(|a| a.1)
        });
        let slot = match anchor {
            Some(a) => slot(record, a),
            None => None,
        };
        match slot {
            Some(list) => list.push(c.comment.clone()),
            None => record.leading_comments.push(c.comment.clone()),
        }
    }
}

fn slot(record: &mut Record, anchor: Anchor) -> Option<&mut Vec<Comment>> {
    match anchor {
        Anchor::Tag(i) => record.tags.get_mut(i).map(|t| &mut t.comments),
        Anchor::Section(kind) => match kind {
            SectionKind::Deal => record.deal.as_mut().map(|s| &mut s.comments),
            SectionKind::Auction => record.auction.as_mut().map(|s| &mut s.comments),
            SectionKind::Exchange => record.exchange.as_mut().map(|s| &mut s.comments),
            SectionKind::Declare => record.declaration.as_mut().map(|s| &mut s.comments),
            SectionKind::Melds => record.melds.as_mut().map(|s| &mut s.comments),
            SectionKind::Play => record.play.as_mut().map(|s| &mut s.comments),
            SectionKind::Sheet => record.sheet.as_mut().map(|s| &mut s.comments),
            SectionKind::Result => record.result.as_mut().map(|s| &mut s.comments),
        },
        Anchor::Hand(i) => record.deal.as_mut()?.items.get_mut(i).map(|h| &mut h.comments),
        Anchor::Call(i) => record.auction.as_mut()?.items.get_mut(i).map(|c| &mut c.comments),
        Anchor::Statement(SectionKind::Deal, i) => record.deal_events.get_mut(i).map(|s| &mut s.comments),
        Anchor::Statement(SectionKind::Sheet, i) => record
            .sheet
            .as_mut()?
            .items
            .rows
            .get_mut(i)
            .map(|r| &mut r.statement.comments),
        Anchor::Statement(kind, i) => {
            let section = match kind {
                SectionKind::Exchange => record.exchange.as_mut(),
                SectionKind::Declare => record.declaration.as_mut(),
                SectionKind::Melds => record.melds.as_mut(),
                _ => None,
            };
            section?.items.get_mut(i).map(|s| &mut s.comments)
        }
        Anchor::Play(i) => match record.play.as_mut()?.items.items.get_mut(i)? {
            PlayItem::Trick(t) => Some(&mut t.comments),
            PlayItem::Event(e) => Some(&mut e.comments),
        },
        Anchor::Claim(i) => record.result.as_mut()?.items.get_mut(i).map(|c| &mut c.comments),
    }
}
