//! Brief reports and CSV rows: one line per record with what a table of an archive needs,
//! made from the quick verification's result where it decides the record and from the full
//! report otherwise, so both give the same line for the same record.

use std::borrow::Cow;
use std::fmt::Write;

use engine::Verdict;
use engine::skat::GameResult;
use report::{Brief, Report, Source};

/// The CSV header: the columns of [`csv_row`].
pub const CSV_HEADER: &str = "id,path,line,date,forehand,middlehand,rearhand,declarer,game,levels,bid,value,score,won,verdict,findings\n";

/// What a CSV row is made of.
pub struct Row<'a> {
    /// The content id, when computed.
    pub id: Option<&'a str>,
    /// The file the record came from (`None` for standard input).
    pub path: Option<&'a str>,
    /// The line the record starts on.
    pub line: u32,
    /// The date, ISO style (`2010-12-06`), or as the record gives it.
    pub date: Option<Cow<'a, str>>,
    /// Player names, forehand, middlehand, rearhand.
    pub players: [Option<Cow<'a, str>>; 3],
    /// The Skat result, where the record was replayed.
    pub result: Option<&'a GameResult>,
    /// The verdict.
    pub verdict: Verdict,
    /// The codes of the findings, in the order of the record.
    pub codes: Vec<&'a str>,
}

/// What was played, as one word: a game type, `passed` for a deal all passed, `ramsch`;
/// empty when the record does not say.
pub fn game_word(r: &GameResult) -> &'static str {
    match (r.game, r.passed, r.ramsch.is_some()) {
        (Some(g), _, _) => g.word(),
        (None, _, true) => "ramsch",
        (None, true, false) => "passed",
        (None, false, false) => "",
    }
}

/// The levels of the result, blank-separated: `hand`, `ouvert`, `schneider-announced`,
/// `schwarz-announced`, `schneider`, `schwarz` (each as the result's field of that name).
pub fn levels(r: &GameResult) -> String {
    let mut s = String::new();
    push_levels(r, &mut s);
    s
}

/// Appends the levels ([`levels`]) to `s`.
fn push_levels(r: &GameResult, s: &mut String) {
    let start = s.len();
    let words = [
        (r.hand, "hand"),
        (r.ouvert, "ouvert"),
        (r.schneider_announced, "schneider-announced"),
        (r.schwarz_announced, "schwarz-announced"),
        (r.schneider == Some(true), "schneider"),
        (r.schwarz == Some(true), "schwarz"),
    ];
    for (on, word) in words {
        if on {
            if s.len() > start {
                s.push(' ');
            }
            s.push_str(word);
        }
    }
}

/// The verdict's word.
pub fn verdict_word(v: Verdict) -> &'static str {
    match v {
        Verdict::Consistent => "consistent",
        Verdict::Inconsistent => "inconsistent",
        Verdict::Illegal => "illegal",
        Verdict::Incomplete => "incomplete",
        Verdict::Unparsable => "unparsable",
    }
}

/// Appends `field` to `out` as a CSV field (RFC 4180): quoted when it holds a comma, a
/// quote, a line break or blanks at either end, with quotes doubled.
fn field(out: &mut String, field: &str) {
    let quote = field.contains([',', '"', '\n', '\r'])
        || field.starts_with(char::is_whitespace)
        || field.ends_with(char::is_whitespace);
    if quote {
        out.push('"');
        out.push_str(&field.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(field);
    }
}

/// Appends `,` and the number, or only `,` for none.
fn number(out: &mut String, n: Option<impl std::fmt::Display>) {
    out.push(',');
    if let Some(n) = n {
        let _ = write!(out, "{n}");
    }
}

/// Appends the row to `out`, ending in a newline.
pub fn csv_row(row: &Row<'_>, out: &mut String) {
    field(out, row.id.unwrap_or(""));
    out.push(',');
    field(out, row.path.unwrap_or("-"));
    let _ = write!(out, ",{},", row.line);
    field(out, row.date.as_deref().unwrap_or(""));
    for p in &row.players {
        out.push(',');
        field(out, p.as_deref().unwrap_or(""));
    }
    out.push(',');
    let r = row.result;
    out.push_str(r.and_then(|r| r.declarer).map_or("", |s| s.label()));
    out.push(',');
    out.push_str(r.map_or("", game_word));
    out.push(',');
    if let Some(r) = r {
        push_levels(r, out);
    }
    number(out, r.and_then(|r| r.bid));
    number(out, r.and_then(|r| r.value));
    number(out, r.and_then(|r| r.score));
    number(out, r.and_then(|r| r.won));
    out.push(',');
    out.push_str(verdict_word(row.verdict));
    out.push(',');
    // Codes are letters and digits: nothing in them needs quoting.
    for (i, code) in row.codes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(code);
    }
    out.push('\n');
}

/// The date of a record as the CSV gives it: a date in the notation's `2010.12.06` or the
/// server's `2010-12-06/…` form as `2010-12-06`; anything else as written.
pub fn iso_date(date: &str) -> Cow<'_, str> {
    let day = date.split('/').next().unwrap_or(date);
    let shaped = day.len() == 10
        && day.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'.' || b == b'-',
            _ => b.is_ascii_digit(),
        });
    if shaped {
        Cow::Owned(day.replace('.', "-"))
    } else {
        Cow::Borrowed(date)
    }
}

/// The Skat result of an outcome, if it is one.
// Skat is the only family with an engine so far; the `else` is for the next one.
#[allow(irrefutable_let_patterns)]
pub fn skat_outcome(outcome: &engine::Outcome) -> Option<&GameResult> {
    if let engine::Outcome::Skat(r) = outcome {
        Some(r)
    } else {
        None
    }
}

/// The Skat result of a report, if it has one.
fn skat_result(report: &Report) -> Option<&GameResult> {
    report.result.as_ref().and_then(skat_outcome)
}

/// The CSV row of a full report.
pub fn report_row(report: &Report, out: &mut String) {
    let tag = |name: &str| {
        report
            .header
            .iter()
            .find(|t| t.name == name)
            .map(|t| Cow::Borrowed(t.value.as_str()))
    };
    let row = Row {
        id: report.id.as_deref(),
        path: report.source.path.as_deref(),
        line: report.source.line,
        date: tag("Date").map(|d| match d {
            Cow::Borrowed(d) => iso_date(d),
            Cow::Owned(d) => Cow::Owned(iso_date(&d).into_owned()),
        }),
        players: [tag("F"), tag("M"), tag("R")],
        result: skat_result(report),
        verdict: report.verdict,
        codes: report.findings.iter().map(|f| f.code.as_str()).collect(),
    };
    csv_row(&row, out);
}

/// The CSV row of a server record the quick verification found consistent, with the result
/// it gave.
pub fn quick_row(record: &[u8], path: &str, line: u32, result: &GameResult, out: &mut String) {
    let prop = |key: &[u8]| {
        iss::quick::plain_property(record, key)
            .filter(|v| !v.is_empty())
            .map(String::from_utf8_lossy)
    };
    let row = Row {
        id: None,
        path: Some(path),
        line,
        date: prop(b"DT").map(|d| Cow::Owned(iso_date(&d).into_owned())),
        players: [prop(b"P0"), prop(b"P1"), prop(b"P2")],
        result: Some(result),
        verdict: Verdict::Consistent,
        codes: Vec::new(),
    };
    csv_row(&row, out);
}

/// The brief JSON line of a server record the quick verification found consistent.
pub fn quick_brief(source: Source, result: GameResult, out: &mut Vec<u8>) -> serde_json::Result<()> {
    let brief = Brief::consistent(
        source,
        iss::quick::GAME,
        iss::quick::RULES,
        engine::Outcome::Skat(result),
    );
    serde_json::to_writer(&mut *out, &brief)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_with_commas_quotes_or_breaks_are_quoted() {
        let mut s = String::new();
        for f in ["plain", "a,b", "say \"hi\"", "two\nlines", " padded", ""] {
            field(&mut s, f);
            s.push('|');
        }
        assert_eq!(s, "plain|\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\"|\" padded\"||");
    }

    #[test]
    fn dates_of_either_form_read_the_same() {
        assert_eq!(iso_date("2010.12.06"), "2010-12-06");
        assert_eq!(iso_date("2010-12-06/18:59:24/UTC"), "2010-12-06");
        assert_eq!(iso_date("spring 1897"), "spring 1897");
    }
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

/// Writes `report` as one line of JSON with its cards in the form `display`.
pub fn write_report(
    out: &mut impl std::io::Write,
    report: &Report,
    display: cards::Display,
    pretty: bool,
) -> std::io::Result<()> {
    if display == cards::Display::Unicode {
        return if pretty {
            serde_json::to_writer_pretty(out, report).map_err(std::io::Error::from)
        } else {
            serde_json::to_writer(out, report).map_err(std::io::Error::from)
        };
    }
    let mut value = serde_json::to_value(report).map_err(std::io::Error::from)?;
    recard(&mut value, display);
    if pretty {
        serde_json::to_writer_pretty(out, &value).map_err(std::io::Error::from)
    } else {
        serde_json::to_writer(out, &value).map_err(std::io::Error::from)
    }
}

#[cfg(test)]
mod recard_tests {
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
}
