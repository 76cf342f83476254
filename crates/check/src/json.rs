//! Reports as JSON text: the one writer behind `stich check --format json|jsonl` and the
//! service's `POST /v1/check`, so that both give the same bytes for the same record.

use std::io::{self, Write};

use report::{Brief, Report};

/// What opens a JSON array of reports (`--format json`).
pub const ARRAY_OPEN: &[u8] = b"[\n";
/// What stands between two reports of a JSON array.
pub const ARRAY_SEPARATOR: &[u8] = b",\n";
/// What closes a JSON array of reports.
pub const ARRAY_CLOSE: &[u8] = b"\n]\n";

/// How much of a report is written, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The whole report with its cards in this form, indented or not.
    Full(cards::Display, bool),
    /// The brief report ([`Brief`]): id, source, game, rules, verdict, findings, result.
    Brief,
}

/// Rewrites every string of `value` that is a card in canonical form (`♣J`) in the card
/// form `display` (`CJ`), for JSON output with `--cards`. Cards inside messages stay as they
/// are: only strings that are a card and nothing else are cards to a program reading the
/// JSON.
pub fn recard(value: &mut serde_json::Value, display: cards::Display) {
    match value {
        serde_json::Value::String(s) => {
            // A card is two to four bytes in canonical form (`♣7`, `♦10`).
            if s.len() <= 6
                && let Ok(card) = serde_json::from_value::<cards::Card>(serde_json::Value::String(s.clone()))
            {
                *s = display.card(card);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| recard(v, display)),
        serde_json::Value::Object(map) => map.values_mut().for_each(|v| recard(v, display)),
        _ => {}
    }
}

/// Writes `report` as JSON (one line unless `pretty`) with its cards in the form `display`.
pub fn write_report(
    out: &mut impl Write,
    report: &Report,
    display: cards::Display,
    pretty: bool,
) -> io::Result<()> {
    if display == cards::Display::Unicode {
        return if pretty {
            serde_json::to_writer_pretty(out, report).map_err(io::Error::from)
        } else {
            serde_json::to_writer(out, report).map_err(io::Error::from)
        };
    }
    let mut value = serde_json::to_value(report).map_err(io::Error::from)?;
    recard(&mut value, display);
    if pretty {
        serde_json::to_writer_pretty(out, &value).map_err(io::Error::from)
    } else {
        serde_json::to_writer(out, &value).map_err(io::Error::from)
    }
}

/// Writes `report` in `shape`, without a line break.
pub fn write_shaped(out: &mut impl Write, report: &Report, shape: Shape) -> io::Result<()> {
    match shape {
        Shape::Full(display, pretty) => write_report(out, report, display, pretty),
        Shape::Brief => serde_json::to_writer(out, &Brief::of(report)).map_err(io::Error::from),
    }
}

/// The text of `report` in `shape` (empty should serializing fail, which a report's plain
/// data cannot make it do).
pub fn shaped(report: &Report, shape: Shape) -> String {
    // serde_json's own `to_string` knows its output is UTF-8; writing into bytes and
    // converting them would check every byte of a report again.
    let text = match shape {
        Shape::Brief => serde_json::to_string(&Brief::of(report)),
        Shape::Full(cards::Display::Unicode, false) => serde_json::to_string(report),
        Shape::Full(cards::Display::Unicode, true) => serde_json::to_string_pretty(report),
        Shape::Full(display, pretty) => serde_json::to_value(report).and_then(|mut value| {
            recard(&mut value, display);
            if pretty {
                serde_json::to_string_pretty(&value)
            } else {
                serde_json::to_string(&value)
            }
        }),
    };
    text.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_strings_that_are_cards_change() {
        let mut v =
            serde_json::json!({"cards": ["♣J", "♦10"], "seat": "F", "message": "M played ♥9", "n": 3});
        recard(&mut v, cards::Display::Ascii);
        assert_eq!(
            v,
            serde_json::json!({"cards": ["CJ", "DT"], "seat": "F", "message": "M played ♥9", "n": 3})
        );
    }

    #[test]
    fn a_brief_line_is_the_serde_brief() {
        let reports = crate::check_str("(;GM[Skat]MV[1 p 2 p 0 p ]R[passed] ;)\n");
        let line = shaped(&reports[0], Shape::Brief);
        assert_eq!(line, serde_json::to_string(&Brief::of(&reports[0])).unwrap());
        assert!(!line.contains('\n'));
    }
}
