//! Reading one delimited record, `(;` … `)`, into a [`Game`].

use notation::{Diagnostic, Kind, Span};

use crate::codes;
use crate::model::{Close, Game, Key, Property};
use crate::moves::read_moves;
use crate::pos::Pos;
use crate::result::read_result;

struct Cursor<'a> {
    text: &'a [u8],
    i: usize,
    pos: Pos,
    /// Only blanks since the last line break (or the start of the record).
    line_start: bool,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.i).copied()
    }

    fn bump(&mut self) {
        if let Some(b) = self.peek() {
            self.pos.advance(b);
            self.i += 1;
            if b == b'\n' {
                self.line_start = true;
            } else if !matches!(b, b' ' | b'\t' | b'\r') {
                self.line_start = false;
            }
        }
    }

    /// Moves past the next `len` bytes, as `len` calls of [`Cursor::bump`] would.
    fn skip(&mut self, len: usize) {
        let seg = self.text.get(self.i..self.i + len).unwrap_or_default();
        if seg.is_ascii() && !seg.contains(&b'\n') {
            self.pos.advance_all(seg);
            self.i += seg.len();
            if seg.iter().any(|b| !matches!(b, b' ' | b'\t' | b'\r')) {
                self.line_start = false;
            }
        } else {
            for _ in 0..seg.len() {
                self.bump();
            }
        }
    }

    /// Skips blanks; returns whether any were skipped.
    fn blanks(&mut self) -> bool {
        let from = self.i;
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.bump();
        }
        self.i > from
    }

    fn here(&self, len: usize) -> Span {
        let mut end = self.pos;
        for &b in self.text.get(self.i..self.i + len).unwrap_or_default() {
            end.advance(b);
        }
        self.pos.to(end)
    }
}

fn structure(span: Span, message: &str) -> Diagnostic {
    Diagnostic::error(codes::STRUCTURE, Kind::Syntax, Some(span), message)
}

/// Reads one record. `text` runs from `(` to the closing `)`, as the scanner delimits it;
/// `start` is the position of its first byte.
pub(crate) fn parse_record(text: &[u8], start: Pos) -> Result<Game, Vec<Diagnostic>> {
    let mut c = Cursor {
        text,
        i: 0,
        pos: start,
        line_start: false,
    };
    let mut diags = Vec::new();
    let mut game = Game {
        properties: Vec::with_capacity(16),
        ..Game::default()
    };
    if c.peek() != Some(b'(') {
        return Err(vec![structure(c.here(1), "a record starts with `(;`")]);
    }
    c.bump();
    c.blanks();
    if c.peek() != Some(b';') {
        return Err(vec![
            structure(c.here(1), "a record starts with `(;`")
                .with_help("write `(;` before the first property"),
        ]);
    }
    c.bump();
    loop {
        let spaced = c.blanks();
        match c.peek() {
            Some(b'#') if c.line_start => {
                c.bump();
                let from = c.i;
                while c.peek().is_some_and(|b| b != b'\n') {
                    c.bump();
                }
                let line = text.get(from..c.i).unwrap_or_default();
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                game.comments.push(String::from_utf8_lossy(line).into_owned());
            }
            Some(b';') => {
                c.bump();
                c.blanks();
                if c.peek() != Some(b')') || c.i + 1 != text.len() {
                    return Err(vec![structure(
                        c.here(1),
                        "`;` must be followed by `)`, closing the record",
                    )]);
                }
                game.close = if spaced {
                    Close::SpaceSemicolon
                } else {
                    Close::Semicolon
                };
                break;
            }
            Some(b')') if c.i + 1 == text.len() => {
                game.close = Close::Paren;
                break;
            }
            Some(b) if b.is_ascii_uppercase() => {
                if let Err(d) = property(&mut c, &mut game, &mut diags) {
                    diags.push(d);
                    return Err(diags);
                }
            }
            _ => {
                let shown = String::from_utf8_lossy(text.get(c.i..c.i + 1).unwrap_or_default()).into_owned();
                return Err(vec![
                    structure(
                        c.here(1),
                        &format!("expected a property name or `;)`, found `{shown}`"),
                    )
                    .with_help(
                        "a property is an upper-case name and a value in brackets, such as `GM[Skat]`",
                    ),
                ]);
            }
        }
    }
    if diags.is_empty() { Ok(game) } else { Err(diags) }
}

fn property(c: &mut Cursor<'_>, game: &mut Game, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
    let name_from = c.i;
    let name_pos = c.pos;
    while c
        .peek()
        .is_some_and(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    {
        c.bump();
    }
    let name = c.text.get(name_from..c.i).unwrap_or_default();
    if c.peek() != Some(b'[') {
        return Err(structure(
            name_pos.to(c.pos),
            &format!(
                "property `{}` has no value in brackets",
                String::from_utf8_lossy(name)
            ),
        ));
    }
    c.bump();
    let from = c.i;
    let value_pos = c.pos;
    loop {
        // Jump to the next byte that can end the value or escape a bracket.
        let rest = c.text.get(c.i..).unwrap_or_default();
        let run = rest
            .iter()
            .position(|&b| b == b']' || b == b'\\')
            .unwrap_or(rest.len());
        c.skip(run);
        match c.peek() {
            None => {
                return Err(structure(
                    value_pos.to(c.pos),
                    "property value is not closed with `]`",
                ));
            }
            Some(b'\\') if c.text.get(c.i + 1) == Some(&b']') => {
                c.bump();
                c.bump();
            }
            Some(b']') => break,
            Some(_) => c.bump(),
        }
    }
    let value = c.text.get(from..c.i).unwrap_or_default();
    let span = value_pos.to(c.pos);
    c.bump();
    match name {
        b"MV" => {
            if game.moves().is_some() {
                diags.push(duplicate("MV", span));
            } else {
                let moves = read_moves(value, value_pos, span, diags);
                game.properties.push(Property::Moves(moves));
            }
        }
        b"R" => {
            if game.result().is_some() {
                diags.push(duplicate("R", span));
            } else {
                let result = read_result(value, value_pos, span, diags);
                game.properties.push(Property::Result(result));
            }
        }
        _ => {
            let raw = match std::str::from_utf8(value) {
                Ok(s) => s.to_owned(),
                Err(e) => {
                    let mut at = value_pos;
                    for &b in value.get(..e.valid_up_to()).unwrap_or_default() {
                        at.advance(b);
                    }
                    let mut end = at;
                    end.advance(0);
                    diags.push(
                        Diagnostic::error(
                            codes::NOT_UTF8,
                            Kind::Syntax,
                            Some(at.to(end)),
                            "property value is not UTF-8",
                        )
                        .with_help(
                            "records are read as UTF-8; convert the file (for example from Latin-1) first",
                        ),
                    );
                    String::new()
                }
            };
            let key = Key::from_name(std::str::from_utf8(name).unwrap_or_default());
            let first = game.properties.iter().find_map(|p| match p {
                Property::Text { key: k, span, .. } if *k == key => Some(*span),
                _ => None,
            });
            if let Some(first) = first {
                diags.push(duplicate_property(key.name(), first, name_pos.to(c.pos)));
            }
            game.properties.push(Property::Text { key, raw, span });
        }
    }
    Ok(())
}

fn duplicate(name: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::DUPLICATE,
        Kind::Syntax,
        Some(span),
        format!("a second `{name}` property"),
    )
    .with_help("a record holds one `MV` and one `R`")
}

/// A text property given twice: the syntax tree would hold its tag twice (`N0303`), so the
/// record is refused here as the notation reader refuses the tree. `first` is the first
/// value's span, `span` the second property's, from its name to its `]`.
fn duplicate_property(name: &str, first: Span, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::DUPLICATE_PROPERTY,
        Kind::Syntax,
        Some(span),
        format!(
            "property `{name}` is given twice; the first is on line {}, column {}",
            first.line,
            first
                .column
                .saturating_sub(u32::try_from(name.len() + 1).unwrap_or(0))
        ),
    )
    .with_help(format!(
        "a record holds each property once; remove one of the `{name}` properties"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Seat;

    fn parse(s: &str) -> Result<Game, Vec<Diagnostic>> {
        parse_record(s.as_bytes(), Pos::start())
    }

    #[test]
    fn reads_properties_in_order_with_escapes() {
        let g = parse("(;GM[Skat]CO[a\\]b]P0[x]ZZ[]MV[1 p ]R[passed] ;)").unwrap();
        assert_eq!(g.properties.len(), 6);
        assert_eq!(g.raw(&Key::Comment), Some("a\\]b"));
        assert_eq!(g.text(&Key::Comment).as_deref(), Some("a]b"));
        assert_eq!(g.player(Seat::Fore).as_deref(), Some("x"));
        assert_eq!(g.raw(&Key::Other("ZZ".into())), Some(""));
        assert_eq!(g.close, Close::SpaceSemicolon);
        assert!(g.result().unwrap().is_passed());
        assert_eq!(parse("(;GM[Skat];)").unwrap().close, Close::Semicolon);
        assert_eq!(parse("( ;GM[Skat])").unwrap().close, Close::Paren);
    }

    #[test]
    fn keeps_comment_lines_and_spans_lines() {
        let g = parse("(;GM[Skat]\n# note\nMV[w\nxx]\n;)");
        let e = g.unwrap_err();
        assert_eq!(e[0].code, codes::ACTION);
        let span = e[0].span.unwrap();
        assert_eq!((span.line, span.column), (4, 1));
        let g = parse("(;GM[Skat]\n  # note\r\nPC[x] ;)").unwrap();
        assert_eq!(g.comments, vec![" note".to_string()]);
    }

    #[test]
    fn structural_faults_are_reported() {
        for (text, code) in [
            ("(GM[Skat];)", codes::STRUCTURE),
            ("(;GM Skat];)", codes::STRUCTURE),
            ("(;gm[Skat];)", codes::STRUCTURE),
            ("(;GM[Skat];x)", codes::STRUCTURE),
            ("(;MV[1 p]MV[1 p];)", codes::DUPLICATE),
            ("(;R[passed]R[passed];)", codes::DUPLICATE),
            ("(;GM[Skat]P0[a]P0[b];)", codes::DUPLICATE_PROPERTY),
            ("(;GM[Skat]XY[]PC[x]XY[];)", codes::DUPLICATE_PROPERTY),
            ("(;R[d:9];)", codes::RESULT_FIELD),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!(e[0].code, code, "{text}");
        }
        let e = parse("(;GM[Skat]P0[a]\n  P1[b]P0[c];)").unwrap_err();
        assert_eq!(e.len(), 1);
        let span = e[0].span.unwrap();
        assert_eq!((span.line, span.column, span.start, span.end), (2, 8, 23, 28));
        assert_eq!(e[0].kind, Kind::Syntax);
        assert_eq!(e[0].severity, notation::Severity::Error);
        assert!(e[0].message.contains("line 1, column 11"), "{}", e[0].message);
        assert!(parse("(;GM[Skat]P0[a]P1[a]P2[a]R0[]R1[]R2[];)").is_ok());
        let e = parse_record(b"(;P0[\xe9];)", Pos::start()).unwrap_err();
        assert_eq!(e[0].code, codes::NOT_UTF8);
        assert_eq!(e[0].span.unwrap().start, 5);
    }
}
