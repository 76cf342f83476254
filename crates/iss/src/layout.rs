//! The `IssLayout` tag: how a record's moves and properties were laid out, where that
//! differs from what the server usually writes and the tree alone cannot say.
//!
//! Directives, separated by blanks, in this order: `split` (declaration and discards as two
//! moves), `bars:10,20,30` (a `|` after those cards of the deal), `event:I@K` (play event
//! `I`, counted from 0, came after `K` cards of the trick before it rather than after the
//! whole trick), `mv:N` and `r:N` (the `MV` and `R` properties stand at these places),
//! `no-mv-space` (no space before `MV`'s `]`), `end:semicolon` or `end:paren` (the record
//! closes with `;)` or `)` instead of ` ;)`).

use notation::{Diagnostic, Kind, Span};

use crate::codes;
use crate::model::Close;

/// The directives of an `IssLayout` tag; the default is the server's usual layout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Layout {
    pub split: bool,
    pub bars: u32,
    /// `(event index, cards of the trick before it)`, in event order.
    pub events: Vec<(usize, usize)>,
    pub mv_at: Option<usize>,
    pub r_at: Option<usize>,
    pub no_mv_space: bool,
    pub close: Close,
}

impl Layout {
    /// The tag's text, or `None` when everything is as usual.
    pub fn text(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.split {
            parts.push("split".to_string());
        }
        if self.bars != 0 {
            let after: Vec<String> = (0..32)
                .filter(|i| self.bars & (1 << i) != 0)
                .map(|i| (i + 1).to_string())
                .collect();
            parts.push(format!("bars:{}", after.join(",")));
        }
        for (i, k) in &self.events {
            parts.push(format!("event:{i}@{k}"));
        }
        if let Some(i) = self.mv_at {
            parts.push(format!("mv:{i}"));
        }
        if let Some(i) = self.r_at {
            parts.push(format!("r:{i}"));
        }
        if self.no_mv_space {
            parts.push("no-mv-space".to_string());
        }
        match self.close {
            Close::SpaceSemicolon => {}
            Close::Semicolon => parts.push("end:semicolon".to_string()),
            Close::Paren => parts.push("end:paren".to_string()),
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }

    /// Reads a tag's text.
    pub fn parse(text: &str, span: Span) -> Result<Layout, Diagnostic> {
        let fail = |part: &str| {
            Diagnostic::error(
                codes::LAYOUT,
                Kind::Syntax,
                Some(span),
                format!("`IssLayout` directive `{part}` is malformed"),
            )
            .with_help(
                "directives: split, bars:N,…, event:I@K, mv:N, r:N, no-mv-space, end:semicolon, end:paren",
            )
        };
        let mut l = Layout::default();
        for part in text.split_ascii_whitespace() {
            let num = |s: &str| s.parse::<usize>().map_err(|_| fail(part));
            match part.split_once(':') {
                None if part == "split" => l.split = true,
                None if part == "no-mv-space" => l.no_mv_space = true,
                Some(("bars", list)) => {
                    for n in list.split(',') {
                        let n = num(n)?;
                        if !(1..=31).contains(&n) {
                            return Err(fail(part));
                        }
                        l.bars |= 1 << (n - 1);
                    }
                }
                Some(("event", at)) => {
                    let (i, k) = at.split_once('@').ok_or_else(|| fail(part))?;
                    l.events.push((num(i)?, num(k)?));
                }
                Some(("mv", n)) => l.mv_at = Some(num(n)?),
                Some(("r", n)) => l.r_at = Some(num(n)?),
                Some(("end", "semicolon")) => l.close = Close::Semicolon,
                Some(("end", "paren")) => l.close = Close::Paren,
                _ => return Err(fail(part)),
            }
        }
        Ok(l)
    }

    /// The offset of play event `i` within the trick before it, if not at its end.
    pub fn event_offset(&self, i: usize) -> Option<usize> {
        self.events.iter().find(|(e, _)| *e == i).map(|(_, k)| *k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives_round_trip() {
        let l = Layout {
            split: true,
            bars: (1 << 9) | (1 << 19) | (1 << 29),
            events: vec![(0, 2), (3, 1)],
            mv_at: Some(4),
            r_at: Some(2),
            no_mv_space: true,
            close: Close::Paren,
        };
        let text = l.text().unwrap();
        assert_eq!(
            text,
            "split bars:10,20,30 event:0@2 event:3@1 mv:4 r:2 no-mv-space end:paren"
        );
        assert_eq!(Layout::parse(&text, Span::default()).unwrap(), l);
        assert_eq!(Layout::default().text(), None);
        assert_eq!(l.event_offset(3), Some(1));
        assert_eq!(l.event_offset(1), None);
    }

    #[test]
    fn malformed_directives_are_refused() {
        for bad in [
            "splat",
            "bars:0",
            "bars:32",
            "bars:x",
            "event:1",
            "event:a@1",
            "mv:",
            "end:brace",
        ] {
            assert_eq!(
                Layout::parse(bad, Span::default()).unwrap_err().code,
                codes::LAYOUT,
                "{bad}"
            );
        }
    }
}
