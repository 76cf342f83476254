//! Findings as text, the way compilers print them.

use std::io::IsTerminal;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use notation::{Diagnostic, Severity};

/// Whether standard error gets colours: only on a terminal, and never with `NO_COLOR`.
pub fn stderr_colours() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

/// The most findings of one record [`diagnostics`] renders; a closing note counts the rest
/// (the JSON report holds them all).
pub const MAX_SHOWN: usize = 50;

/// The most characters of a line shown on either side of a span; longer lines are cut
/// there, and the cut marked with `…`.
pub const WINDOW: usize = 100;

/// Renders the findings of one record against its text (as [`diagnostic`] does), at most
/// [`MAX_SHOWN`] of them, then a note saying how many more there are. The text ends in a
/// newline unless it is empty.
pub fn diagnostics<'d>(
    ds: impl IntoIterator<Item = &'d Diagnostic>,
    path: &str,
    text: &str,
    offset: usize,
    colours: bool,
) -> String {
    let mut out = String::new();
    let mut more = 0usize;
    for (i, d) in ds.into_iter().enumerate() {
        if i < MAX_SHOWN {
            out.push_str(&diagnostic(d, path, text, offset, colours));
        } else {
            more += 1;
        }
    }
    if more > 0 {
        let s = if more == 1 { "" } else { "s" };
        out.push_str(&format!(
            "note: {path}: {more} more finding{s} of this record not shown (the JSON report \
             holds every one)\n"
        ));
    }
    out
}

/// Renders one finding against the record text it belongs to, ending in a newline.
///
/// `text` starts at byte `offset` of the input, so a span's absolute offsets are turned into
/// offsets within the one line they point at; the snippet is numbered with the input's line.
/// Of a long line only [`WINDOW`] characters each side of the span are shown (the location
/// keeps the real column), so a finding costs the same on any line.
pub fn diagnostic(d: &Diagnostic, path: &str, text: &str, offset: usize, colours: bool) -> String {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let mut figures = String::new();
    if let (Some(c), Some(r)) = (&d.claimed, &d.computed) {
        figures = format!("the record says {c}, the replay gives {r}");
    }
    let origin = d
        .span
        .map_or_else(|| path.to_string(), |s| format!("{path}:{}:{}", s.line, s.column));
    let title = level.clone().primary_title(d.message.as_str()).id(d.code);
    let shown = d.span.and_then(|s| line_of(text, offset, s.start, s.end));
    let mut arrow = None;
    let mut group = match (d.span, shown) {
        (Some(span), Some(shown)) => {
            let line = span.line as usize;
            let label = if figures.is_empty() {
                d.message.as_str()
            } else {
                figures.as_str()
            };
            let snippet = Snippet::source(shown.text.clone())
                .line_start(line)
                .annotation(AnnotationKind::Primary.span(shown.range).label(label));
            if shown.clipped {
                // The snippet shows part of the line, so the location its renderer would
                // give has the column in that part: it is given here, with the real one.
                arrow = Some((line.to_string().len(), origin.clone()));
                title.element(snippet)
            } else {
                title.element(snippet.path(path))
            }
        }
        _ => {
            let mut g = Group::with_title(title);
            g = g.element(Level::NOTE.message(format!("in {origin}")));
            if !figures.is_empty() {
                g = g.element(Level::NOTE.message(figures.clone()));
            }
            g
        }
    };
    if let Some(help) = &d.help {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    let renderer = if colours {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = renderer.render(&[group]).to_string();
    if let Some((width, origin)) = arrow
        && let Some(nl) = out.find('\n')
    {
        out.insert_str(nl + 1, &format!("{:width$}--> {origin}\n", ""));
    }
    out.push('\n');
    out
}

/// What of a line a snippet shows.
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    /// The line, or the part of it around the span, with `…` where it was cut.
    text: String,
    /// The span's range within `text`.
    range: std::ops::Range<usize>,
    /// Whether the line was cut.
    clipped: bool,
}

/// The byte index `n` characters before `at` in `s` (or 0), scanning no further.
fn chars_back(s: &str, at: usize, n: usize) -> usize {
    s.get(..at)
        .and_then(|head| head.char_indices().rev().nth(n.saturating_sub(1)).map(|(i, _)| i))
        .filter(|_| n > 0)
        .unwrap_or(if n == 0 { at } else { 0 })
}

/// The byte index `n` characters after `at` in `s` (or its end), scanning no further.
fn chars_forward(s: &str, at: usize, n: usize) -> usize {
    s.get(at..)
        .and_then(|tail| tail.char_indices().nth(n).map(|(i, _)| at + i))
        .unwrap_or(s.len())
}

/// The line of `text` holding absolute byte `start`, cut to [`WINDOW`] characters either
/// side of the span, and the span's range within what is shown (clipped to the line). Only
/// the shown part of the line is scanned, so the cost does not grow with the line.
fn line_of(text: &str, offset: usize, start: usize, end: usize) -> Option<Shown> {
    let rel = start.checked_sub(offset)?;
    if rel > text.len() || !text.is_char_boundary(rel) {
        return None;
    }
    // The window's bounds: at most WINDOW characters back, and the line's start if nearer.
    let back = chars_back(text, rel, WINDOW + 1);
    let from = text[back..rel].rfind('\n').map_or(back, |i| back + i + 1);
    let cut_before = from > 0 && text.as_bytes().get(from - 1) != Some(&b'\n');
    let cut_before = cut_before && from == back;
    let from = if cut_before {
        chars_forward(text, from, 1)
    } else {
        from
    };
    // The span, within its line.
    let rel_end = end.saturating_sub(offset).max(rel).min(text.len());
    let line_end_in_span = text[rel..rel_end].find('\n').map_or(rel_end, |i| rel + i);
    let mut span_end = line_end_in_span;
    while !text.is_char_boundary(span_end) {
        span_end += 1;
    }
    // A span longer than two windows (a whole long line) is itself cut.
    let span_cap = chars_forward(text, rel, 2 * WINDOW);
    let (to, cut_after) = if span_end > span_cap {
        span_end = span_cap;
        (span_cap, true)
    } else {
        let fwd = chars_forward(text, span_end, WINDOW + 1);
        let to = text[span_end..fwd].find('\n').map_or(fwd, |i| span_end + i);
        let cut_after = to < text.len() && text.as_bytes().get(to) != Some(&b'\n');
        (if cut_after { chars_back(text, to, 1) } else { to }, cut_after)
    };
    let mut shown = String::new();
    if cut_before {
        shown.push('…');
    }
    let lead = shown.len();
    shown.push_str(&text[from..to]);
    if cut_after {
        shown.push('…');
    } else {
        let trimmed = shown.trim_end_matches('\r').len();
        shown.truncate(trimmed);
    }
    let body_end = lead + (to - from);
    let a = (lead + rel - from).min(body_end).min(shown.len());
    let mut b = (lead + span_end.min(to) - from).max(a).min(shown.len());
    while !shown.is_char_boundary(b) {
        b += 1;
    }
    Some(Shown {
        text: shown,
        range: a..b,
        clipped: cut_before || cut_after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_span_is_found_on_its_line() {
        let text = "[Game \"skat\"]\nplay\n  1. F: ♣J XX\n";
        let start = text.find("XX").unwrap();
        let shown = line_of(text, 100, start + 100, start + 102).unwrap();
        assert_eq!(shown.text, "  1. F: ♣J XX");
        assert_eq!(&shown.text[shown.range], "XX");
        assert!(!shown.clipped);
    }

    #[test]
    fn a_span_outside_the_text_is_not_found() {
        assert_eq!(line_of("abc", 10, 5, 6), None);
    }

    #[test]
    fn a_long_line_is_cut_around_the_span_on_char_boundaries() {
        let line = format!("{}XX{}", "♣".repeat(5000), "é".repeat(5000));
        let text = format!("first\n{line}\nlast\n");
        let start = text.find("XX").unwrap();
        let shown = line_of(&text, 0, start, start + 2).unwrap();
        assert!(shown.clipped);
        assert_eq!(&shown.text[shown.range.clone()], "XX");
        assert!(shown.text.starts_with('…') && shown.text.ends_with('…'));
        assert!(shown.text.chars().count() <= 2 * WINDOW + 4, "{}", shown.text);
        assert!(!shown.text.contains('\n'));
    }

    #[test]
    fn a_line_cut_on_one_side_only_keeps_the_other_whole() {
        let text = format!("ab XX {}\n", "y".repeat(1000));
        let shown = line_of(&text, 0, 3, 5).unwrap();
        assert!(shown.text.starts_with("ab XX ") && shown.text.ends_with('…'));
        assert_eq!(&shown.text[shown.range], "XX");
        let text = format!("{} XX\n", "y".repeat(1000));
        let start = text.find("XX").unwrap();
        let shown = line_of(&text, 0, start, start + 2).unwrap();
        assert!(shown.text.starts_with('…') && shown.text.ends_with(" XX"));
        assert_eq!(&shown.text[shown.range], "XX");
    }

    #[test]
    fn a_span_over_a_whole_long_line_is_cut_too() {
        let text = format!("{}\n", "ä".repeat(70_000));
        let shown = line_of(&text, 0, 0, text.len() - 1).unwrap();
        assert!(shown.clipped && shown.text.ends_with('…'));
        assert_eq!(shown.text.chars().count(), 2 * WINDOW + 1);
        assert_eq!(shown.range, 0..2 * WINDOW * 'ä'.len_utf8());
    }

    #[test]
    fn a_clipped_finding_keeps_its_real_column() {
        let text = format!("{}XX\n", "y".repeat(3000));
        let span = notation::Span {
            start: 3000,
            end: 3002,
            line: 7,
            column: 3001,
        };
        let d = Diagnostic::error("N0101", notation::Kind::Syntax, Some(span), "bad");
        let out = diagnostic(&d, "f.stich", &text, 0, false);
        assert!(out.contains("f.stich:7:3001"), "{out}");
        assert!(out.ends_with('\n'));
        assert!(out.len() < 1000, "{out}");
    }

    #[test]
    fn findings_past_the_cap_are_counted_in_one_note() {
        let text = "x".repeat(10);
        let d = Diagnostic::error("N0101", notation::Kind::Syntax, None, "bad");
        let all = vec![d; MAX_SHOWN + 7];
        let out = diagnostics(&all, "f.stich", &text, 0, false);
        assert_eq!(out.matches("error[N0101]").count(), MAX_SHOWN);
        assert!(out.contains("7 more findings"), "{out}");
        assert!(out.ends_with('\n'));
    }
}
