//! Reading and writing the `R` property: `passed`, or blank-separated fields such as
//! `d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0`.

use notation::{Diagnostic, Kind, Span};

use crate::codes;
use crate::model::{IssResult, Outcome, ResultField, Seat};
use crate::moves::tokens;
use crate::pos::Pos;

/// Reads an `R` value. Unknown tokens are kept as [`ResultField::Other`]; a known key with
/// a malformed value is reported.
pub(crate) fn read_result(value: &[u8], base: Pos, span: Span, diags: &mut Vec<Diagnostic>) -> IssResult {
    let mut fields = Vec::with_capacity(16);
    for tok in tokens(value, base) {
        match field(tok.text) {
            Ok(f) => fields.push(f),
            Err(help) => diags.push(
                Diagnostic::error(
                    codes::RESULT_FIELD,
                    Kind::Syntax,
                    Some(tok.span),
                    format!(
                        "result field `{}` is malformed",
                        String::from_utf8_lossy(tok.text)
                    ),
                )
                .with_help(help),
            ),
        }
    }
    IssResult { fields, span }
}

/// Reads a result written without position, such as the text of an `IssResult` tag.
pub(crate) fn parse_result_text(text: &str) -> Result<IssResult, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let r = read_result(text.as_bytes(), Pos::start(), Span::default(), &mut diags);
    if diags.is_empty() { Ok(r) } else { Err(diags) }
}

#[inline]
pub(crate) fn int(text: &[u8]) -> Option<i32> {
    let digits = text.strip_prefix(b"-").unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.iter().all(u8::is_ascii_digit)
        && (digits == b"0" || digits.first() != Some(&b'0'))
        && !(digits == b"0" && text.len() == 2);
    if !canonical {
        return None;
    }
    // The digits are checked already; accumulate them rather than going through `str::parse`.
    // A value outside `i32` fails as `parse` would (a canonical number past 18 digits
    // overflows the `i64` first, and is far outside `i32` anyway).
    let magnitude = digits
        .iter()
        .try_fold(0i64, |n, &d| n.checked_mul(10)?.checked_add(i64::from(d - b'0')))?;
    let value = if digits.len() < text.len() {
        -magnitude
    } else {
        magnitude
    };
    i32::try_from(value).ok()
}

fn flag(text: &[u8]) -> Option<bool> {
    match text {
        b"0" => Some(false),
        b"1" => Some(true),
        _ => None,
    }
}

fn seat_or_none(text: &[u8]) -> Option<Option<Seat>> {
    match int(text)? {
        -1 => Some(None),
        n => Seat::from_index(i64::from(n)).map(Some),
    }
}

const NUMBER: &str = "the value is a decimal integer, such as `-54`";
const FLAG: &str = "the value is `0` or `1`";
const SEAT: &str = "the value is a seat `0`, `1`, `2`, or `-1` for none";

/// Reads one field of `R`; `Err` holds the help for a known key with a malformed value.
pub(crate) fn field(text: &[u8]) -> Result<ResultField, &'static str> {
    match text {
        b"passed" => return Ok(ResultField::Passed),
        b"win" => return Ok(ResultField::Outcome(Outcome::Win)),
        b"loss" => return Ok(ResultField::Outcome(Outcome::Loss)),
        b"penalty" => return Ok(ResultField::Outcome(Outcome::Penalty)),
        b"bidok" => return Ok(ResultField::Overbid(false)),
        b"overbid" => return Ok(ResultField::Overbid(true)),
        _ => {}
    }
    let other = || Ok(ResultField::Other(String::from_utf8_lossy(text).into_owned()));
    let Some(colon) = text.iter().position(|&b| b == b':') else {
        return other();
    };
    let (key, value) = (
        text.get(..colon).unwrap_or_default(),
        text.get(colon + 1..).unwrap_or_default(),
    );
    let number = |f: fn(i32) -> ResultField| int(value).map(f).ok_or(NUMBER);
    let boolean = |f: fn(bool) -> ResultField| flag(value).map(f).ok_or(FLAG);
    let seat = |f: fn(Option<Seat>) -> ResultField| seat_or_none(value).map(f).ok_or(SEAT);
    match key {
        b"d" => seat(ResultField::Declarer),
        b"v" => number(ResultField::Value),
        b"m" => number(ResultField::Matadors),
        b"p" => number(ResultField::Points),
        b"t" => number(ResultField::Tricks),
        b"s" => boolean(ResultField::Schneider),
        b"z" => boolean(ResultField::Schwarz),
        b"p0" => flag(value)
            .map(|f| ResultField::Penalty(Seat::Fore, f))
            .ok_or(FLAG),
        b"p1" => flag(value)
            .map(|f| ResultField::Penalty(Seat::Middle, f))
            .ok_or(FLAG),
        b"p2" => flag(value)
            .map(|f| ResultField::Penalty(Seat::Rear, f))
            .ok_or(FLAG),
        b"l" => seat(ResultField::Left),
        b"to" => seat(ResultField::TimeOut),
        b"r" => boolean(ResultField::Resigned),
        _ => other(),
    }
}

fn seat_number(s: Option<Seat>) -> i64 {
    s.map_or(-1, |s| s.index() as i64)
}

/// Writes one field as the server does.
pub(crate) fn write_field(f: &ResultField, out: &mut String) {
    use std::fmt::Write;
    let b = |v: bool| u8::from(v);
    // Writing to a String cannot fail.
    let _ = match f {
        ResultField::Passed => write!(out, "passed"),
        ResultField::Declarer(s) => write!(out, "d:{}", seat_number(*s)),
        ResultField::Outcome(o) => write!(out, "{}", o.iss_word()),
        ResultField::Value(v) => write!(out, "v:{v}"),
        ResultField::Matadors(m) => write!(out, "m:{m}"),
        ResultField::Overbid(o) => write!(out, "{}", if *o { "overbid" } else { "bidok" }),
        ResultField::Points(p) => write!(out, "p:{p}"),
        ResultField::Tricks(t) => write!(out, "t:{t}"),
        ResultField::Schneider(s) => write!(out, "s:{}", b(*s)),
        ResultField::Schwarz(z) => write!(out, "z:{}", b(*z)),
        ResultField::Penalty(seat, p) => write!(out, "p{}:{}", seat.index(), b(*p)),
        ResultField::Left(s) => write!(out, "l:{}", seat_number(*s)),
        ResultField::TimeOut(s) => write!(out, "to:{}", seat_number(*s)),
        ResultField::Resigned(r) => write!(out, "r:{}", b(*r)),
        ResultField::Other(t) => write!(out, "{t}"),
    };
}

/// Writes the fields separated by single spaces.
pub(crate) fn write_result(r: &IssResult, out: &mut String) {
    for (i, f) in r.fields.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write_field(f, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_read_as_str_parse_reads_them() {
        for (text, want) in [
            ("0", Some(0)),
            ("-54", Some(-54)),
            ("120", Some(120)),
            ("2147483647", Some(i32::MAX)),
            ("-2147483648", Some(i32::MIN)),
            ("2147483648", None),
            ("-2147483649", None),
            ("99999999999999999999999", None),
            ("-0", None),
            ("007", None),
            ("-", None),
            ("", None),
            ("1x", None),
        ] {
            assert_eq!(int(text.as_bytes()), want, "{text}");
        }
    }

    #[test]
    fn reads_and_writes_a_full_result() {
        let text = "d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:1 l:-1 to:2 r:0 x:9 extra";
        let r = parse_result_text(text).unwrap();
        assert_eq!(r.fields.len(), 17);
        assert_eq!(r.declarer(), Some(Seat::Rear));
        assert_eq!(r.outcome(), Some(Outcome::Loss));
        assert_eq!(r.value(), Some(-54));
        assert_eq!(r.fields[11], ResultField::Penalty(Seat::Rear, true));
        assert_eq!(r.fields[13], ResultField::TimeOut(Some(Seat::Rear)));
        assert_eq!(r.fields[15], ResultField::Other("x:9".into()));
        let mut out = String::new();
        write_result(&r, &mut out);
        assert_eq!(out, text);
    }

    #[test]
    fn a_word_with_a_value_is_not_the_word() {
        // `win` and the other words stand alone; with a colon they are fields the server
        // does not write, kept as they are.
        for text in ["win:1", "passed:", "loss:-54", "bidok:0"] {
            let r = parse_result_text(text).unwrap();
            assert_eq!(r.fields, vec![ResultField::Other(text.into())], "{text}");
        }
        let r = parse_result_text("passed win penalty overbid").unwrap();
        assert_eq!(
            r.fields,
            vec![
                ResultField::Passed,
                ResultField::Outcome(Outcome::Win),
                ResultField::Outcome(Outcome::Penalty),
                ResultField::Overbid(true)
            ]
        );
    }

    #[test]
    fn malformed_values_are_reported() {
        for bad in [
            "d:3", "v:05", "v:-0", "v:+5", "s:2", "p1:x", "l:-2", "m:", "t:1.5",
        ] {
            let e = parse_result_text(bad).unwrap_err();
            assert_eq!(e[0].code, codes::RESULT_FIELD, "{bad}");
        }
        assert!(parse_result_text("passed").unwrap().is_passed());
        assert_eq!(parse_result_text("v:0").unwrap().value(), Some(0));
        assert_eq!(parse_result_text("v:-120").unwrap().value(), Some(-120));
    }
}
