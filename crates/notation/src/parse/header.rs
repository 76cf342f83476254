//! The header: tag pairs, and the checks on their names and values.

use std::collections::HashMap;

use cards::AlphabetSet;

use super::Ctx;
use super::tokens::unexpected;
use crate::codes;
use crate::diag::{Diagnostic, Kind};
use crate::lex::TokKind;
use crate::tree::{Span, Spanned, Tag};

/// The tags the notation knows. Tags named after seats (`[F "Anna"]`) and any other tag are
/// kept as written too.
pub const KNOWN_TAGS: [&str; 12] = [
    "Game",
    "Rules",
    "Event",
    "Site",
    "Date",
    "Round",
    "Table",
    "Board",
    "Source",
    "Dealer",
    "Cards",
    "Viewpoint",
];

/// Tags every record must have.
pub const REQUIRED_TAGS: [&str; 2] = ["Game", "Rules"];

fn is_tag_name(w: &str) -> bool {
    w.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// Reads the tags of one header line `toks[range]`.
pub(crate) fn tag_line(ctx: &mut Ctx<'_, '_>, range: std::ops::Range<usize>, tags: &mut Vec<Tag>) {
    let toks = ctx.toks;
    let mut i = range.start;
    while i < range.end {
        let Some(open) = toks.get(i) else { break };
        if open.kind != TokKind::LBracket {
            let mut d = unexpected(open, "`[` opening a tag")
                .with_help("a section starts on a line of its own, after the tags");
            d.code = codes::BAD_TAG;
            ctx.diags.push(d);
            return;
        }
        match read_tag(ctx, i, range.end) {
            Ok((tag, next)) => {
                ctx.anchor(i, super::Anchor::Tag(tags.len()));
                tags.push(tag);
                i = next;
            }
            Err((d, next)) => {
                ctx.diags.push(*d);
                i = next;
            }
        }
    }
}

/// `[ Name "value" ]` at `i`; on error, the finding and where to go on (after the next `]`).
fn read_tag(ctx: &Ctx<'_, '_>, i: usize, end: usize) -> Result<(Tag, usize), (Box<Diagnostic>, usize)> {
    let toks = ctx.toks;
    let skip = |from: usize| {
        (from..end)
            .find(|&j| toks.get(j).is_some_and(|t| t.kind == TokKind::RBracket))
            .map_or(end, |j| j + 1)
    };
    let bad = |j: usize, expected: &str, help: &str| {
        let d = match toks.get(j).filter(|_| j < end) {
            Some(t) => {
                let mut d = unexpected(t, expected);
                d.code = codes::BAD_TAG;
                d
            }
            None => {
                let last = toks.get(j.saturating_sub(1));
                let after = last.map_or(String::new(), |t| format!(" after {}", t.kind.describe()));
                let msg = format!("expected {expected}{after}, found the end of the line");
                Diagnostic::error(codes::BAD_TAG, Kind::Syntax, last.map(|t| t.span), msg)
            }
        };
        (Box::new(d.with_help(help.to_string())), skip(j))
    };
    let at = |j: usize| toks.get(j).filter(|_| j < end);
    let name = match at(i + 1) {
        Some(t) => match &t.kind {
            TokKind::Word(w) if is_tag_name(w) => Spanned::new(w.to_string(), t.span),
            TokKind::Word(w) => {
                let d = Diagnostic::error(
                    codes::BAD_TAG,
                    Kind::Syntax,
                    Some(t.span),
                    format!("`{w}` is not a tag name: a name is letters, digits, `_` and `-`"),
                )
                .with_help("write a tag as [Name \"value\"]");
                return Err((Box::new(d), skip(i + 1)));
            }
            _ => {
                return Err(bad(
                    i + 1,
                    "a tag name after `[`",
                    "write a tag as [Name \"value\"]",
                ));
            }
        },
        None => {
            return Err(bad(
                i + 1,
                "a tag name after `[`",
                "write a tag as [Name \"value\"]",
            ));
        }
    };
    let value = match at(i + 2).map(|t| (&t.kind, t.span)) {
        Some((TokKind::Str(s), span)) => Spanned::new(s.clone(), span),
        _ => {
            let help = format!("give the tag a quoted value: [{} \"…\"]", name.node);
            return Err(bad(
                i + 2,
                &format!("the quoted value of tag `{}`", name.node),
                &help,
            ));
        }
    };
    match at(i + 3) {
        Some(t) if t.kind == TokKind::RBracket => Ok((
            Tag {
                name,
                value,
                comments: Vec::new(),
            },
            i + 4,
        )),
        _ => Err(bad(i + 3, "`]` closing the tag", "close the tag with `]`")),
    }
}

/// The checks on the whole header: required, duplicate, `Date` and `Cards` tags. Returns
/// the record's card alphabets.
pub(crate) fn check(tags: &[Tag], at: Span, diags: &mut Vec<Diagnostic>) -> AlphabetSet {
    for required in REQUIRED_TAGS {
        if !tags.iter().any(|t| t.name.node == required) {
            let example = if required == "Game" {
                "[Game \"skat\"]"
            } else {
                "[Rules \"isko\"]"
            };
            diags.push(
                Diagnostic::error(
                    codes::MISSING_TAG,
                    Kind::Syntax,
                    Some(at),
                    format!("the record has no `{required}` tag"),
                )
                .with_help(format!("add a tag such as {example} to the header")),
            );
        }
    }
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for t in tags {
        if let Some(first) = seen.get(t.name.node.as_str()) {
            diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_TAG,
                    Kind::Syntax,
                    Some(t.name.span),
                    format!(
                        "tag `{}` is given twice; the first is on line {}",
                        t.name.node, first.line
                    ),
                )
                .with_help("keep one of the two"),
            );
        } else {
            seen.insert(t.name.node.as_str(), t.name.span);
        }
    }
    for t in tags.iter().filter(|t| t.name.node == "Date") {
        if !is_date(&t.value.node) {
            diags.push(
                Diagnostic::error(
                    codes::BAD_DATE,
                    Kind::Syntax,
                    Some(t.value.span),
                    format!("`{}` is not a date of the form YYYY.MM.DD", t.value.node),
                )
                .with_help(
                    "write the date as YYYY.MM.DD, with `?` for each unknown digit, as \"1897.??.??\"",
                ),
            );
        }
    }
    let mut set = AlphabetSet::DEFAULT;
    if let Some(t) = tags.iter().find(|t| t.name.node == "Cards") {
        match AlphabetSet::from_tag(&t.value.node) {
            Ok(s) => set = s,
            Err(name) => diags.push(
                Diagnostic::error(
                    codes::UNKNOWN_ALPHABET,
                    Kind::Syntax,
                    Some(t.value.span),
                    format!("`{name}` is not a card alphabet"),
                )
                .with_help("the alphabets are symbols, ascii, glyphs, german and french-1890"),
            ),
        }
    }
    set
}

/// `YYYY.MM.DD`, each digit possibly `?`; a known month is 01–12 and a known day 01–31.
pub(crate) fn is_date(s: &str) -> bool {
    let Ok(b) = <[u8; 10]>::try_from(s.as_bytes()) else {
        return false;
    };
    let [y1, y2, y3, y4, dot1, m1, m2, dot2, d1, d2] = b;
    let digit_or_unknown = |c: u8| c.is_ascii_digit() || c == b'?';
    if dot1 != b'.' || dot2 != b'.' || ![y1, y2, y3, y4, m1, m2, d1, d2].into_iter().all(digit_or_unknown) {
        return false;
    }
    let known = |a: u8, b: u8, max: u32| {
        if a.is_ascii_digit() && b.is_ascii_digit() {
            let n = u32::from(a - b'0') * 10 + u32::from(b - b'0');
            (1..=max).contains(&n)
        } else {
            true
        }
    };
    known(m1, m2, 12) && known(d1, d2, 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        for ok in [
            "1897.??.??",
            "2024.02.29",
            "????.??.??",
            "1999.1?.0?",
            "1999.12.31",
        ] {
            assert!(is_date(ok), "{ok}");
        }
        for bad in [
            "1897",
            "1897-01-01",
            "1897.13.01",
            "1897.00.10",
            "1897.01.32",
            "18a7.01.01",
            "1897.01.01x",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
    }
}
