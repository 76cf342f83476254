//! Findings as text, the way compilers print them.

use std::io::IsTerminal;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use notation::{Diagnostic, Severity};

/// Whether standard error gets colours: only on a terminal, and never with `NO_COLOR`.
pub fn stderr_colours() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

/// Renders one finding against the record text it belongs to.
///
/// `text` starts at byte `offset` of the input, so a span's absolute offsets are turned into
/// offsets within the one line they point at; the snippet is numbered with the input's line.
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
    let mut group = match d.span.and_then(|s| line_of(text, offset, s.start, s.end)) {
        Some((line_text, range)) => {
            let line = d.span.map_or(1, |s| s.line as usize);
            let label = if figures.is_empty() {
                d.message.as_str()
            } else {
                figures.as_str()
            };
            title.element(
                Snippet::source(line_text)
                    .line_start(line)
                    .path(path)
                    .annotation(AnnotationKind::Primary.span(range).label(label)),
            )
        }
        None => {
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
    renderer.render(&[group]).to_string()
}

/// The line of `text` holding absolute byte `start`, and the span's range within that line
/// (clipped to the line).
fn line_of(text: &str, offset: usize, start: usize, end: usize) -> Option<(&str, std::ops::Range<usize>)> {
    let rel = start.checked_sub(offset)?;
    if rel > text.len() || !text.is_char_boundary(rel) {
        return None;
    }
    let line_start = text[..rel].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[rel..].find('\n').map_or(text.len(), |i| rel + i);
    let line = text[line_start..line_end].trim_end_matches('\r');
    let from = rel - line_start;
    let rel_end = end.saturating_sub(offset).max(rel);
    let mut to = (rel_end - line_start).min(line.len()).max(from);
    while !line.is_char_boundary(to) {
        to += 1;
    }
    Some((line, from.min(line.len())..to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_span_is_found_on_its_line() {
        let text = "[Game \"skat\"]\nplay\n  1. F: ♣J XX\n";
        let start = text.find("XX").unwrap();
        let (line, range) = line_of(text, 100, start + 100, start + 102).unwrap();
        assert_eq!(line, "  1. F: ♣J XX");
        assert_eq!(&line[range], "XX");
    }

    #[test]
    fn a_span_outside_the_text_is_not_found() {
        assert_eq!(line_of("abc", 10, 5, 6), None);
    }
}
