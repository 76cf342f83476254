//! The canonical printer: one text for every tree, the export form of the notation.
//!
//! Layout (spec/notation.md, "Canonical form"): leading comments one per line; one tag per
//! line; a blank line; each present section in order, its keyword padded to nine columns,
//! its first item on the keyword line and every further item on a line of its own indented
//! by nine spaces (auction calls share one line, separated by `, `); `*` alone on the last
//! line when the record is unfinished. Comments follow their item on its line; after a `;`
//! comment the line ends. LF line endings; no trailing blanks; the text ends with a line
//! break. The `%stich` version line belongs to files, not records: see [`print_file`].

use cards::Display;

use crate::tree::{
    CallKind, CardSlot, Comment, HandLine, Layout, PlayItem, Record, Section, Statement, Token, Trick,
    TrickClaim,
};

/// The width section keywords are padded to: `exchange` and one blank.
const WIDTH: usize = 9;
const INDENT: &str = "         ";
/// The longest a line of calls or of one hand's cards grows before it is broken: far above
/// any real auction or hand, far below the reader's line limit, so that what the printer
/// writes can always be read back.
pub(crate) const WRAP: usize = 1000;

/// How to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// How cards are written. Only [`Display::Unicode`] (the default) gives the canonical
    /// form; the others are for display.
    pub cards: Display,
}

/// The canonical text of a record.
pub fn print(record: &Record) -> String {
    print_with(record, &PrintOptions::default())
}

/// The text of a record with the given options.
pub fn print_with(record: &Record, options: &PrintOptions) -> String {
    let mut out = Out {
        // A typical record prints to well under a kilobyte; one allocation covers it.
        s: String::with_capacity(1024),
        cards: options.cards,
        closed: false,
        at_keyword: false,
        indent: "",
    };
    out.record(record);
    out.s
}

/// The text of a file holding these records: the version line, then the records separated by
/// blank lines. The version line is `%stich 2` when any record needs version 2
/// ([`Record::needs_version`]), else `%stich 1`, so that a file of version-1 records prints
/// exactly as before. A record that could not be told apart from the one before it
/// (the one before has no body, or this one has no tags) gets a version line of its own,
/// which starts a new record when read.
pub fn print_file<'a>(records: impl IntoIterator<Item = &'a Record>) -> String {
    let records: Vec<&Record> = records.into_iter().collect();
    let version = records.iter().map(|r| r.needs_version()).max().unwrap_or(1);
    let mut s = format!("%stich {version}\n");
    let mut previous: Option<&Record> = None;
    for r in records {
        if let Some(p) = previous {
            s.push('\n');
            if !p.has_body() || r.tags.is_empty() {
                s.push_str(&format!("%stich {version}\n"));
            }
        }
        s.push_str(&print(r));
        previous = Some(r);
    }
    s
}

/// Writes `s` between quotes, escaped, onto `out`.
fn push_quoted(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}

struct Out {
    s: String,
    cards: Display,
    /// The current line ended with a `;` comment: nothing more may go on it.
    closed: bool,
    /// A section keyword was just written, not yet padded.
    at_keyword: bool,
    /// The indent of continuation lines: none in the header, nine blanks in the body.
    indent: &'static str,
}

impl Out {
    fn pad(&mut self) {
        let used = self.s.rsplit('\n').next().map_or(0, |l| l.chars().count());
        for _ in used..WIDTH {
            self.s.push(' ');
        }
        self.at_keyword = false;
    }

    /// The length in bytes of the line being written.
    fn line_len(&self) -> usize {
        self.s.len() - self.s.rfind('\n').map_or(0, |i| i + 1)
    }

    fn break_line(&mut self) {
        self.s.push('\n');
        self.s.push_str(self.indent);
        self.closed = false;
        self.at_keyword = false;
    }

    /// Makes room for more on the current line, `sep` after what is there.
    fn same_line(&mut self, sep: &str) {
        if self.closed {
            self.break_line();
        } else if self.at_keyword {
            self.pad();
        } else {
            self.s.push_str(sep);
        }
    }

    /// Makes room for an item on a line of its own (or the keyword line, if still free).
    fn new_line(&mut self) {
        if self.at_keyword && !self.closed {
            self.pad();
        } else {
            self.break_line();
        }
    }

    fn comments(&mut self, comments: &[Comment]) {
        for c in comments {
            self.same_line(" ");
            match c {
                Comment::Brace(t) => {
                    self.s.push('{');
                    self.s.push_str(t);
                    self.s.push('}');
                }
                Comment::Line(t) => {
                    self.s.push(';');
                    if !t.is_empty() {
                        self.s.push(' ');
                        self.s.push_str(t);
                    }
                    self.closed = true;
                }
            }
        }
    }

    fn record(&mut self, r: &Record) {
        for c in &r.leading_comments {
            match c {
                Comment::Brace(t) => self.s.push_str(&format!("{{{t}}}\n")),
                Comment::Line(t) if t.is_empty() => self.s.push_str(";\n"),
                Comment::Line(t) => self.s.push_str(&format!("; {t}\n")),
            }
        }
        for t in &r.tags {
            self.indent = "";
            self.closed = false;
            self.s.push('[');
            self.s.push_str(&t.name.node);
            self.s.push(' ');
            push_quoted(&mut self.s, &t.value.node);
            self.s.push(']');
            self.comments(&t.comments);
            self.s.push('\n');
        }
        if !r.has_body() {
            return;
        }
        if !r.tags.is_empty() || !r.leading_comments.is_empty() {
            self.s.push('\n');
        }
        self.indent = INDENT;
        if let Some(s) = &r.deal {
            self.section("deal", s, |o, items: &Vec<HandLine>| {
                for h in items {
                    o.new_line();
                    o.s.push_str(&h.seat.node);
                    o.s.push(':');
                    for c in &h.cards {
                        if o.line_len() >= WRAP {
                            o.break_line();
                        } else {
                            o.s.push(' ');
                        }
                        o.card(c.node);
                    }
                    o.comments(&h.comments);
                }
                for e in &r.deal_events {
                    o.new_line();
                    o.statement(e, false);
                }
            });
        }
        if let Some(s) = &r.auction {
            self.section("auction", s, |o, items| {
                for (i, c) in items.iter().enumerate() {
                    if i == 0 {
                        o.new_line()
                    } else if o.line_len() >= WRAP {
                        o.break_line()
                    } else {
                        o.same_line(", ")
                    }
                    o.s.push_str(&c.seat.node);
                    o.s.push(' ');
                    match c.call.node {
                        CallKind::Bid(n) => push_number(&mut o.s, n),
                        CallKind::Pass => o.s.push_str("pass"),
                        CallKind::Said => match &c.said {
                            Some(said) if said.long => {
                                o.s.pop();
                                o.s.push(':');
                                o.tokens(&said.tokens);
                                o.figure(&said.figure);
                            }
                            Some(said) => {
                                // `tokens` writes the blank before the word itself.
                                o.s.pop();
                                o.tokens(&said.tokens);
                            }
                            None => o.s.push_str("pass"),
                        },
                    }
                    o.comments(&c.comments);
                }
            });
        }
        for (kw, s) in [
            ("exchange", &r.exchange),
            ("declare", &r.declaration),
            ("melds", &r.melds),
        ] {
            if let Some(s) = s {
                self.section(kw, s, |o, items| {
                    for st in items {
                        o.new_line();
                        o.statement(st, true);
                    }
                });
            }
        }
        if let Some(s) = &r.play {
            self.s.push_str("play");
            self.at_keyword = true;
            self.closed = false;
            if let Layout::Columns(names) = &s.items.layout {
                self.columns(names);
            }
            self.comments(&s.comments);
            let columns = matches!(s.items.layout, Layout::Columns(_));
            for item in &s.items.items {
                self.new_line();
                match item {
                    PlayItem::Trick(t) => self.trick(t, columns),
                    PlayItem::Event(e) => {
                        let start = self.s.len();
                        self.statement(e, false);
                        // In columns a line that opens with a plain number is a trick row, so an
                        // event read from `+5` or `-0` keeps an explicit sign to stay an event.
                        if columns
                            && e.seat.is_none()
                            && matches!(e.tokens.first().map(|t| &t.node), Some(Token::Number(n)) if *n >= 0)
                        {
                            self.s.insert(start, '+');
                        }
                    }
                }
            }
            self.end_section();
        }
        if let Some(s) = &r.sheet {
            self.s.push_str("sheet");
            self.at_keyword = true;
            self.closed = false;
            if let Some(names) = &s.items.columns {
                self.columns(names);
            }
            self.comments(&s.comments);
            for row in &s.items.rows {
                self.new_line();
                if let Some(n) = &row.number {
                    self.s.push_str(&format!("{}.", n.node));
                    if row.statement.seat.is_some() || !row.statement.tokens.is_empty() {
                        self.s.push(' ');
                    }
                }
                self.statement(&row.statement, false);
            }
            self.end_section();
        }
        if let Some(s) = &r.result {
            self.section("result", s, |o, items| {
                for c in items {
                    o.new_line();
                    o.s.push_str(&c.key.node);
                    o.tokens(&c.values);
                    o.comments(&c.comments);
                }
            });
        }
        if r.unfinished.is_some() {
            self.s.push_str("*\n");
        }
    }

    fn section<T>(&mut self, keyword: &str, s: &Section<T>, items: impl FnOnce(&mut Out, &T)) {
        self.s.push_str(keyword);
        self.at_keyword = true;
        self.closed = false;
        self.comments(&s.comments);
        items(self, &s.items);
        self.end_section();
    }

    /// `columns` and the column names, on the keyword line.
    fn columns(&mut self, names: &[crate::tree::Spanned<String>]) {
        self.new_line();
        self.s.push_str("columns");
        for n in names {
            self.s.push(' ');
            self.s.push_str(&n.node);
        }
    }

    fn end_section(&mut self) {
        self.s.push('\n');
        self.at_keyword = false;
        self.closed = false;
    }

    fn card(&mut self, c: CardSlot) {
        match c {
            CardSlot::Known(card) => {
                // Writing into a String cannot fail.
                let _ = self.cards.write(card, &mut self.s);
            }
            CardSlot::Unknown => self.s.push_str("??"),
        }
    }

    fn tokens(&mut self, tokens: &[crate::tree::Spanned<Token>]) {
        for t in tokens {
            self.s.push(' ');
            match &t.node {
                Token::Word(w) => self.s.push_str(w),
                Token::Number(n) => push_number(&mut self.s, n),
                Token::Card(c) => self.card(*c),
                Token::Text(x) => push_quoted(&mut self.s, x),
            }
        }
    }

    fn statement(&mut self, st: &Statement, colon: bool) {
        let start = self.s.len();
        if let Some(seat) = &st.seat {
            self.s.push_str(&seat.node);
            if colon && st.tokens.is_empty() && st.figure.is_empty() {
                self.s.push(':');
            }
        }
        self.tokens(&st.tokens);
        self.figure(&st.figure);
        if st.seat.is_none() && self.s.len() > start && self.s[start..].starts_with(' ') {
            // The first token was written with a blank before it.
            self.s.remove(start);
        }
        self.comments(&st.comments);
    }

    /// ` = v v` when there is a figure.
    fn figure(&mut self, figure: &[crate::tree::Spanned<Token>]) {
        if !figure.is_empty() {
            self.s.push_str(" =");
            self.tokens(figure);
        }
    }

    fn trick(&mut self, t: &Trick, columns: bool) {
        // Parts are separated by one blank; `sep` writes it before every part but the first.
        let mut first = true;
        let mut sep = |s: &mut String| {
            if !std::mem::take(&mut first) {
                s.push(' ');
            }
        };
        if let Some(n) = &t.number {
            sep(&mut self.s);
            push_number(&mut self.s, n.node);
            if !columns {
                self.s.push('.');
            }
        }
        if let (Some(l), false) = (&t.leader, columns) {
            sep(&mut self.s);
            self.s.push_str(&l.node);
            self.s.push(':');
        }
        for (k, c) in t.cards.iter().enumerate() {
            sep(&mut self.s);
            self.card(c.node);
            if let Some(Some(origin)) = t.origins.get(k) {
                self.s.push('@');
                self.s.push_str(&origin.node);
            }
        }
        if let Some(c) = &t.claim {
            sep(&mut self.s);
            self.s.push('=');
            if let Some(by) = &t.taker {
                self.s.push(' ');
                self.s.push_str(&by.node);
            }
            self.s.push(' ');
            match c.node {
                TrickClaim::Points(n) => push_number(&mut self.s, n),
                TrickClaim::Lost => self.s.push('-'),
            }
        }
        self.comments(&t.comments);
    }
}

/// Writes a number in decimal without the formatting machinery's allocation.
fn push_number(s: &mut String, n: impl std::fmt::Display) {
    use std::fmt::Write;
    // Writing into a String cannot fail.
    let _ = write!(s, "{n}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Call, Span, Spanned, Tag};

    fn bare<T>(t: T) -> Spanned<T> {
        Spanned::bare(t)
    }

    #[test]
    fn strings_are_escaped() {
        let mut q = String::new();
        push_quoted(&mut q, r#"a "b" \ c"#);
        assert_eq!(q, r#""a \"b\" \\ c""#);
    }

    #[test]
    fn a_line_comment_ends_the_line() {
        let call = |seat: &str, call, comments| Call {
            seat: bare(seat.into()),
            call: bare(call),
            said: None,
            comments,
        };
        let r = Record {
            auction: Some(Section {
                span: Span::default(),
                comments: vec![],
                items: vec![
                    call("M", CallKind::Bid(18), vec![Comment::Line("asks".into())]),
                    Call {
                        comments: vec![Comment::Brace("b".into())],
                        ..Call::word_call(bare("F".into()), "yes", Span::default())
                    },
                    call("M", CallKind::Pass, vec![]),
                ],
            }),
            ..Record::default()
        };
        assert_eq!(print(&r), "auction  M 18 ; asks\n         F yes {b}, M pass\n");
    }

    #[test]
    fn empty_sections_and_the_star() {
        let r = Record {
            tags: vec![Tag {
                name: bare("Game".into()),
                value: bare("skat".into()),
                comments: vec![],
            }],
            play: Some(Section {
                span: Span::default(),
                comments: vec![],
                items: crate::tree::Play {
                    layout: Layout::Leader,
                    items: vec![],
                },
            }),
            unfinished: Some(Span::default()),
            ..Record::default()
        };
        assert_eq!(print(&r), "[Game \"skat\"]\n\nplay\n*\n");
    }

    #[test]
    fn files_separate_records_that_would_run_together() {
        let header_only = Record {
            tags: vec![Tag {
                name: bare("Game".into()),
                value: bare("skat".into()),
                comments: vec![],
            }],
            ..Record::default()
        };
        let text = print_file([&header_only, &header_only]);
        assert_eq!(text, "%stich 1\n[Game \"skat\"]\n\n%stich 1\n[Game \"skat\"]\n");
        assert_eq!(crate::read_str(&text).len(), 2);
    }

    #[test]
    fn long_auctions_and_hands_are_broken_into_lines_that_read_back() {
        let text = format!(
            "[Game \"skat\"]\n\ndeal     F: {}\nauction  {}\n",
            "♣J ".repeat(2000).trim_end(),
            (0..3000)
                .map(|i| format!("F {}", 18 + i))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let parsed = crate::read_str(&text);
        let record = parsed[0].record.as_ref().expect("record");
        let printed = print(record);
        assert!(
            printed.lines().all(|l| l.len() <= WRAP + 40),
            "a line is too long"
        );
        assert!(printed.lines().count() > 20);
        let again = crate::read_str(&printed);
        assert_eq!(again.len(), 1);
        let back = again[0].record.as_ref().expect("record");
        assert_eq!(back.auction.as_ref().map(|a| a.items.len()), Some(3000));
        assert_eq!(back.deal.as_ref().map(|d| d.items[0].cards.len()), Some(2000));
        assert_eq!(print(back), printed);
    }
}
