//! Positions in the input: byte offset, line and column, advanced byte by byte.

use notation::Span;

/// The position of the next byte to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub offset: usize,
    pub line: u32,
    pub column: u32,
}

impl Pos {
    /// The start of an input.
    pub fn start() -> Pos {
        Pos {
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// Moves past one byte. Columns count Unicode scalar values, so UTF-8 continuation bytes
    /// do not advance them.
    #[inline]
    pub fn advance(&mut self, b: u8) {
        self.offset += 1;
        if b == b'\n' {
            self.line += 1;
            self.column = 1;
        } else if b & 0xC0 != 0x80 {
            self.column += 1;
        }
    }

    /// Moves past every byte of `bytes`, as [`Pos::advance`] on each would: the line breaks
    /// are counted, and the column is that of the text after the last one. Found a run at a
    /// time, since whole blocks of an archive move this way.
    #[inline]
    pub fn advance_all(&mut self, bytes: &[u8]) {
        let chars =
            |t: &[u8]| u32::try_from(t.iter().filter(|&&b| b & 0xC0 != 0x80).count()).unwrap_or(u32::MAX);
        self.offset += bytes.len();
        match memchr::memrchr(b'\n', bytes) {
            None => self.column = self.column.saturating_add(chars(bytes)),
            Some(last) => {
                let lines = memchr::memchr_iter(b'\n', bytes).count();
                self.line = self.line.saturating_add(u32::try_from(lines).unwrap_or(u32::MAX));
                self.column = 1 + chars(bytes.get(last + 1..).unwrap_or_default());
            }
        }
    }

    /// The span from this position to `end`.
    pub fn to(self, end: Pos) -> Span {
        Span {
            start: self.offset,
            end: end.offset,
            line: self.line,
            column: self.column,
        }
    }
}

/// A span inside one line of ASCII text, `from..from + len` bytes after `base`'s start.
pub(crate) fn sub_span(base: Span, from: usize, len: usize) -> Span {
    if base == Span::default() {
        return base;
    }
    let start = base.start + from;
    Span {
        start,
        end: start + len,
        line: base.line,
        column: base.column + from as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_and_lines_reset_them() {
        let mut p = Pos::start();
        for b in "a♣b\nc".bytes() {
            p.advance(b);
        }
        assert_eq!((p.offset, p.line, p.column), (7, 2, 2));
        let mut q = Pos::start();
        for b in "a♣".bytes() {
            q.advance(b);
        }
        assert_eq!(q.column, 3);
    }

    #[test]
    fn advancing_over_a_run_equals_advancing_byte_by_byte() {
        for text in ["", "abc def", "a♣b\nc", "\n\n x", "ü", "ab\r\n"] {
            let mut one = Pos::start();
            for b in text.bytes() {
                one.advance(b);
            }
            let mut all = Pos::start();
            all.advance_all(text.as_bytes());
            assert_eq!(one, all, "{text:?}");
        }
    }

    #[test]
    fn sub_spans_shift_start_and_column() {
        let base = Span {
            start: 10,
            end: 20,
            line: 3,
            column: 5,
        };
        assert_eq!(
            sub_span(base, 3, 2),
            Span {
                start: 13,
                end: 15,
                line: 3,
                column: 8
            }
        );
        assert_eq!(sub_span(Span::default(), 3, 2), Span::default());
    }
}
