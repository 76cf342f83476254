//! The lexer: one record's text into tokens, comments and logical lines, with absolute spans.
//!
//! A logical line is the tokens between two line breaks; a line break inside a `{…}`
//! comment does not end it. Comments are kept apart from the tokens, each with the index of
//! the token before it, so that the parser can attach them to the item they follow.

use std::ops::Range;

use nom::IResult;
use nom::Parser;
use nom::bytes::complete::{is_not, take_while, take_while1};

use crate::codes;
use crate::diag::{Diagnostic, Kind};
use crate::tree::{Comment, Span};

/// Characters that end a word and stand as tokens (or open strings and comments) themselves.
const SPECIAL: &str = "[]{}\",;:=";

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokKind<'a> {
    /// A run of word characters: seats, cards, numbers, words.
    Word(&'a str),
    /// A quoted string, unescaped.
    Str(String),
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `=`
    Equals,
}

impl TokKind<'_> {
    /// The token as the reader quotes it in messages.
    pub(crate) fn describe(&self) -> String {
        match self {
            TokKind::Word(w) => format!("`{w}`"),
            TokKind::Str(s) => format!("the string \"{s}\""),
            TokKind::LBracket => "`[`".into(),
            TokKind::RBracket => "`]`".into(),
            TokKind::Comma => "`,`".into(),
            TokKind::Colon => "`:`".into(),
            TokKind::Equals => "`=`".into(),
        }
    }
}

/// A token and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tok<'a> {
    /// What it is.
    pub kind: TokKind<'a>,
    /// Where it is.
    pub span: Span,
    /// Whether it follows the previous token on the same line with only blanks between
    /// (at least one); the reader joins `♣ A` into one card only then.
    pub spaced: bool,
}

impl<'a> Tok<'a> {
    /// The word, if the token is one.
    pub(crate) fn word(&self) -> Option<&'a str> {
        match self.kind {
            TokKind::Word(w) => Some(w),
            _ => None,
        }
    }
}

/// A comment and the index of the token it follows (`None`: before every token).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LexComment {
    /// The token before the comment.
    pub after: Option<usize>,
    /// The comment.
    pub comment: Comment,
}

/// The lexed record.
#[derive(Debug, Default)]
pub(crate) struct Lexed<'a> {
    /// Tokens in order.
    pub toks: Vec<Tok<'a>>,
    /// Logical lines as ranges of `toks`; never empty.
    pub lines: Vec<Range<usize>>,
    /// Comments in order.
    pub comments: Vec<LexComment>,
    /// Span of the first and last lexeme (token or comment), if any.
    pub extent: Option<(Span, usize)>,
    /// Findings.
    pub diagnostics: Vec<Diagnostic>,
}

/// A position in the input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pos {
    /// Absolute byte offset.
    pub offset: usize,
    /// 1-based line.
    pub line: u32,
    /// 1-based column in characters.
    pub column: u32,
}

impl Pos {
    /// The start of a line.
    pub(crate) fn line_start(offset: usize, line: u32) -> Pos {
        Pos {
            offset,
            line,
            column: 1,
        }
    }

    fn advance(&mut self, s: &str) {
        self.offset += s.len();
        for c in s.chars() {
            if c == '\n' {
                self.line = self.line.saturating_add(1);
                self.column = 1;
            } else {
                self.column = self.column.saturating_add(1);
            }
        }
    }

    fn span(self, len: usize) -> Span {
        Span {
            start: self.offset,
            end: self.offset + len,
            line: self.line,
            column: self.column,
        }
    }
}

fn is_word_char(c: char) -> bool {
    !c.is_whitespace() && !SPECIAL.contains(c)
}

fn word(input: &str) -> IResult<&str, &str> {
    take_while1(is_word_char).parse(input)
}

fn blanks(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_whitespace() && c != '\n').parse(input)
}

fn to_line_end(input: &str) -> IResult<&str, &str> {
    take_while(|c: char| c != '\n').parse(input)
}

fn string_run(input: &str) -> IResult<&str, &str> {
    is_not("\"\\\n").parse(input)
}

/// Comment text as stored: trimmed, with every CR before a LF dropped. All of them, not
/// one: the printer writes the text back with LF line ends, and `\r\r\n` kept as `\r\n`
/// would read back as a different comment.
fn comment_text(raw: &str) -> String {
    let trimmed = raw.trim();
    if !trimmed.contains('\r') {
        return trimmed.to_string();
    }
    trimmed
        .split('\n')
        .map(|l| l.trim_end_matches('\r'))
        .collect::<Vec<_>>()
        .join("\n")
}

struct Lexer<'a> {
    rest: &'a str,
    pos: Pos,
    out: Lexed<'a>,
    line_first: usize,
    /// Whether the previous lexeme on this line was a token (not a comment).
    tok_before: bool,
    blank_since: bool,
}

impl<'a> Lexer<'a> {
    fn take(&mut self, len: usize) -> (&'a str, Pos) {
        let start = self.pos;
        let (taken, rest) = self.rest.split_at(len.min(self.rest.len()));
        self.pos.advance(taken);
        self.rest = rest;
        (taken, start)
    }

    fn note_extent(&mut self, span: Span) {
        match &mut self.out.extent {
            None => self.out.extent = Some((span, span.end)),
            Some((_, end)) => *end = span.end,
        }
    }

    fn push_tok(&mut self, kind: TokKind<'a>, span: Span) {
        let spaced = self.tok_before && self.blank_since;
        self.out.toks.push(Tok { kind, span, spaced });
        self.note_extent(span);
        self.tok_before = true;
        self.blank_since = false;
    }

    fn push_comment(&mut self, comment: Comment, span: Span) {
        let after = self.out.toks.len().checked_sub(1);
        self.out.comments.push(LexComment { after, comment });
        self.note_extent(span);
        self.tok_before = false;
    }

    fn end_line(&mut self) {
        let n = self.out.toks.len();
        if n > self.line_first {
            self.out.lines.push(self.line_first..n);
        }
        self.line_first = n;
        self.tok_before = false;
        self.blank_since = false;
    }

    fn run(mut self) -> Lexed<'a> {
        // The `%` line was read by the chunker; the lexer only steps over it.
        if self.rest.starts_with('%') {
            let len = self.rest.find('\n').map_or(self.rest.len(), |i| i + 1);
            self.take(len);
        }
        while let Some(c) = self.rest.chars().next() {
            match c {
                '\n' => {
                    self.take(1);
                    self.end_line();
                }
                '{' => self.brace_comment(),
                ';' => {
                    let (_, start) = self.take(1);
                    let body = to_line_end(self.rest).map_or("", |(_, b)| b);
                    let (body, _) = self.take(body.len());
                    let span = start.span(1 + body.len());
                    self.push_comment(Comment::Line(comment_text(body)), span);
                }
                '"' => self.string(),
                '[' | ']' | ',' | ':' | '=' => {
                    let (_, start) = self.take(1);
                    let kind = match c {
                        '[' => TokKind::LBracket,
                        ']' => TokKind::RBracket,
                        ',' => TokKind::Comma,
                        ':' => TokKind::Colon,
                        _ => TokKind::Equals,
                    };
                    self.push_tok(kind, start.span(1));
                }
                c if c.is_whitespace() => {
                    let len = blanks(self.rest).map_or(c.len_utf8(), |(_, b)| b.len());
                    self.take(len);
                    self.blank_since = true;
                }
                _ => {
                    let len = word(self.rest).map_or(c.len_utf8(), |(_, w)| w.len());
                    let (w, start) = self.take(len);
                    self.push_tok(TokKind::Word(w), start.span(w.len()));
                }
            }
        }
        self.end_line();
        self.out
    }

    /// `{…}`. A line that begins with `[` ends the record's comment whatever it holds, so
    /// that a missing `}` costs one record, not the rest of the file.
    fn brace_comment(&mut self) {
        let bytes = self.rest.as_bytes();
        let mut end = None;
        let mut cut = None;
        for (i, &b) in bytes.iter().enumerate().skip(1) {
            if b == b'}' {
                end = Some(i);
                break;
            }
            if b == b'\n' && bytes.get(i + 1) == Some(&b'[') {
                cut = Some(i);
                break;
            }
        }
        match end {
            Some(i) => {
                let (all, start) = self.take(i + 1);
                let inner = all.get(1..i).unwrap_or("");
                self.push_comment(Comment::Brace(comment_text(inner)), start.span(all.len()));
            }
            None => {
                let len = cut.unwrap_or(bytes.len());
                let (all, start) = self.take(len);
                let inner = all.get(1..).unwrap_or("");
                let span = start.span(1);
                self.out.diagnostics.push(
                    Diagnostic::error(
                        codes::UNTERMINATED_COMMENT,
                        Kind::Syntax,
                        Some(span),
                        "this `{` comment is not closed by `}`",
                    )
                    .with_help("close the comment with `}` before the next record"),
                );
                self.push_comment(Comment::Brace(comment_text(inner)), start.span(all.len()));
            }
        }
    }

    fn string(&mut self) {
        let (_, start) = self.take(1);
        let mut value = String::new();
        let mut closed = false;
        loop {
            if let Ok((_, run)) = string_run(self.rest) {
                let (run, _) = self.take(run.len());
                value.push_str(run);
            }
            match self.rest.chars().next() {
                Some('"') => {
                    self.take(1);
                    closed = true;
                    break;
                }
                Some('\\') => {
                    let next = self.rest.get(1..).and_then(|r| r.chars().next());
                    match next {
                        Some(e @ ('"' | '\\')) => {
                            self.take(2);
                            value.push(e);
                        }
                        Some(e) if e != '\n' => {
                            let (_, at) = self.take(1 + e.len_utf8());
                            self.out.diagnostics.push(
                                Diagnostic::error(
                                    codes::BAD_ESCAPE,
                                    Kind::Syntax,
                                    Some(at.span(1 + e.len_utf8())),
                                    format!("unknown escape `\\{e}` in a string"),
                                )
                                .with_help(
                                    "only `\\\"` and `\\\\` are escapes; write `\\\\` for a backslash",
                                ),
                            );
                        }
                        _ => {
                            self.take(1);
                            break;
                        }
                    }
                }
                _ => break,
            }
        }
        let len = self.pos.offset - start.offset;
        let span = start.span(len);
        if !closed {
            self.out.diagnostics.push(
                Diagnostic::error(
                    codes::UNTERMINATED_STRING,
                    Kind::Syntax,
                    Some(start.span(1)),
                    "this string has no closing `\"` on its line",
                )
                .with_help("close the string with `\"`; a string cannot span lines"),
            );
        }
        self.push_tok(TokKind::Str(value), span);
    }
}

/// Lexes one record's text, which starts at `start` (the start of a line).
pub(crate) fn lex(text: &str, start: Pos) -> Lexed<'_> {
    Lexer {
        rest: text,
        pos: start,
        out: Lexed::default(),
        line_first: 0,
        tok_before: false,
        blank_since: false,
    }
    .run()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds<'a>(l: &Lexed<'a>) -> Vec<TokKind<'a>> {
        l.toks.iter().map(|t| t.kind.clone()).collect()
    }

    #[test]
    fn tags_and_words_with_absolute_spans() {
        let l = lex("[Game \"skat\"]\ndeal F: ♣J", Pos::line_start(100, 7));
        assert_eq!(
            kinds(&l),
            vec![
                TokKind::LBracket,
                TokKind::Word("Game"),
                TokKind::Str("skat".into()),
                TokKind::RBracket,
                TokKind::Word("deal"),
                TokKind::Word("F"),
                TokKind::Colon,
                TokKind::Word("♣J"),
            ]
        );
        assert_eq!(l.lines, vec![0..4, 4..8]);
        let card = &l.toks[7];
        // "deal F: " is 8 bytes after the line start at 100 + 14.
        assert_eq!(
            card.span,
            Span {
                start: 122,
                end: 126,
                line: 8,
                column: 9
            }
        );
        assert!(card.spaced);
        assert!(!l.toks[6].spaced, "the colon touches F");
        assert!(l.diagnostics.is_empty());
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let l = lex("♣J ♥10 x", Pos::line_start(0, 1));
        assert_eq!(l.toks[2].span.column, 8);
        assert_eq!(l.toks[2].span.start, 11);
    }

    #[test]
    fn comments_remember_the_token_before() {
        let l = lex("{lead} a ; one\n{two\nlines} b", Pos::line_start(0, 1));
        assert_eq!(l.comments.len(), 3);
        assert_eq!(
            l.comments[0],
            LexComment {
                after: None,
                comment: Comment::Brace("lead".into())
            }
        );
        assert_eq!(
            l.comments[1],
            LexComment {
                after: Some(0),
                comment: Comment::Line("one".into())
            }
        );
        assert_eq!(l.comments[2].comment, Comment::Brace("two\nlines".into()));
        assert_eq!(comment_text("a\r\r\nb\r\nc"), "a\nb\nc");
        assert_eq!(l.toks[1].span.line, 3);
        assert!(!l.toks[1].spaced, "a comment stands between");
    }

    #[test]
    fn escapes_and_their_errors() {
        let l = lex(r#""a \"b\" \\ c""#, Pos::line_start(0, 1));
        assert_eq!(kinds(&l), vec![TokKind::Str(r#"a "b" \ c"#.into())]);
        let l = lex(r#""a\n""#, Pos::line_start(0, 1));
        assert_eq!(l.diagnostics[0].code, codes::BAD_ESCAPE);
        assert_eq!(l.diagnostics[0].span.map(|s| s.column), Some(3));
        let l = lex("\"open\nnext", Pos::line_start(0, 1));
        assert_eq!(l.diagnostics[0].code, codes::UNTERMINATED_STRING);
        assert_eq!(kinds(&l)[1], TokKind::Word("next"));
    }

    #[test]
    fn an_open_brace_stops_at_a_tag_line() {
        let l = lex("a {never closed\n[Game \"x\"]", Pos::line_start(0, 1));
        assert_eq!(l.diagnostics.len(), 1);
        assert_eq!(l.diagnostics[0].code, codes::UNTERMINATED_COMMENT);
        assert_eq!(l.toks[1].kind, TokKind::LBracket);
        assert_eq!(l.toks[1].span.line, 2);
    }

    #[test]
    fn the_version_line_is_stepped_over() {
        let l = lex("%stich 1\n[A \"b\"]", Pos::line_start(0, 1));
        assert_eq!(l.toks[0].kind, TokKind::LBracket);
        assert_eq!(l.toks[0].span.line, 2);
    }
}
