//! Brief reports and CSV rows: one line per record with what a table of an archive needs,
//! made from the quick verification's result where it decides the record and from the full
//! report otherwise, so both give the same line for the same record.

use std::borrow::Cow;

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
fn number(out: &mut String, n: Option<impl itoa::Integer>) {
    out.push(',');
    if let Some(n) = n {
        out.push_str(itoa::Buffer::new().format(n));
    }
}

/// Appends `,` and `true`/`false`, or only `,` for none.
fn flag(out: &mut String, b: Option<bool>) {
    out.push(',');
    if let Some(b) = b {
        out.push_str(if b { "true" } else { "false" });
    }
}

/// Appends the row to `out`, ending in a newline.
pub fn csv_row(row: &Row<'_>, out: &mut String) {
    field(out, row.id.unwrap_or(""));
    out.push(',');
    field(out, row.path.unwrap_or("-"));
    out.push(',');
    out.push_str(itoa::Buffer::new().format(row.line));
    out.push(',');
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
    flag(out, r.and_then(|r| r.won));
    out.push(',');
    out.push_str(row.verdict.word());
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

pub use crate::iso_date;
pub use crate::json::{recard, write_report};

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

/// A property's value as text, `None` when empty.
fn text(v: Option<&[u8]>) -> Option<Cow<'_, str>> {
    v.filter(|v| !v.is_empty()).map(String::from_utf8_lossy)
}

/// The CSV row of a server record the quick verification found consistent, with the result
/// it gave.
pub fn quick_row(record: &[u8], path: &str, line: u32, result: &GameResult, out: &mut String) {
    let [date, p0, p1, p2] = iss::quick::plain_properties(record, [b"DT", b"P0", b"P1", b"P2"]);
    let row = Row {
        id: None,
        path: Some(path),
        line,
        date: text(date).map(|d| match d {
            Cow::Borrowed(d) => iso_date(d),
            Cow::Owned(d) => Cow::Owned(iso_date(&d).into_owned()),
        }),
        players: [text(p0), text(p1), text(p2)],
        result: Some(result),
        verdict: Verdict::Consistent,
        codes: Vec::new(),
    };
    csv_row(&row, out);
}

/// The JSON report of an ISS record (as the reader splits it) in `shape`, written by the fast
/// path, or `None` when the fast path does not decide the record or does not write that
/// shape: the brief report from the quick verification's result, the compact full report with
/// canonical cards from the plain writer ([`crate::plain_report`]). The caller builds every
/// other report through the full path; the bytes are the same either way. A brief report
/// with a content id (`--ids`) is the full path's too: the quick verification reads no
/// canonical text to hash.
pub fn quick_json(shape: crate::json::Shape, record: &[u8], source: Source) -> Option<String> {
    match shape {
        crate::json::Shape::Full(cards::Display::Unicode, false) => {
            crate::plain_report::plain_report(record, &source).map(|p| p.json)
        }
        crate::json::Shape::Full(..) => None,
        crate::json::Shape::Brief => {
            let result = iss::quick::verify_result(record)?;
            let mut out = Vec::with_capacity(768);
            quick_brief(source, result, &mut out).ok()?;
            String::from_utf8(out).ok()
        }
    }
}

/// The brief JSON line of a server record the quick verification found consistent: the
/// bytes `serde_json` writes for [`Brief::consistent`], written directly. An archive's brief
/// output is this line a million times over, and serde spends more on escaping the field
/// names than the quick verification spends on the game; a test holds the two to the same
/// bytes for every kind of result.
pub fn quick_brief(source: Source, result: GameResult, out: &mut Vec<u8>) -> serde_json::Result<()> {
    if result.ramsch.is_some() || result.kontra.is_some() || result.skat_use.is_some() {
        // Not what the quick verification decides; kept on the general path all the same.
        let brief = Brief::consistent(
            source,
            iss::quick::GAME,
            iss::quick::RULES,
            engine::Outcome::Skat(result),
        );
        return serde_json::to_writer(&mut *out, &brief);
    }
    out.extend_from_slice(b"{\"version\":");
    push_int(out, u64::from(report::REPORT_VERSION));
    out.extend_from_slice(b",\"source\":{");
    if let Some(path) = &source.path {
        out.extend_from_slice(b"\"path\":");
        push_json_str(out, path)?;
        out.push(b',');
    }
    out.extend_from_slice(b"\"line\":");
    push_int(out, u64::from(source.line));
    out.extend_from_slice(b",\"offset\":");
    push_int(out, source.offset as u64);
    out.extend_from_slice(b"},\"game\":");
    push_json_str(out, iss::quick::GAME)?;
    out.extend_from_slice(b",\"rules\":");
    push_json_str(out, iss::quick::RULES)?;
    out.extend_from_slice(b",\"verdict\":\"consistent\",\"findings\":[],\"result\":{\"family\":\"skat\"");
    skat_result_fields(&result, out);
    out.extend_from_slice(b"}}");
    Ok(())
}

/// Where the direct JSON writers put their bytes: a line being built as text (the full
/// report's plain writer) or as bytes (the brief line). Every piece they put is a `&str`,
/// so either stays valid UTF-8 without a check.
pub trait Sink {
    /// Appends `s`.
    fn put(&mut self, s: &str);
}

impl Sink for String {
    fn put(&mut self, s: &str) {
        self.push_str(s);
    }
}

impl Sink for Vec<u8> {
    fn put(&mut self, s: &str) {
        self.extend_from_slice(s.as_bytes());
    }
}

/// The fields of a Skat result after `"family":"skat"`, each led by its comma, as serde
/// writes them; the caller writes the braces. Shared by the brief line and the full report's
/// plain writer. The destructuring names every field, so that a field added to the result
/// fails to compile here rather than go missing from the output; the skat's use, Kontra and
/// a Ramsch are not written (the callers leave results with them to serde).
pub fn skat_result_fields(r: &GameResult, out: &mut impl Sink) {
    let GameResult {
        passed,
        declarer,
        game,
        hand,
        ouvert,
        schneider_announced,
        schwarz_announced,
        matadors,
        declarer_card_points,
        declarer_tricks,
        skat_points,
        schneider,
        schwarz,
        schneider_counted,
        schwarz_counted,
        won,
        overbid,
        bid,
        value,
        score,
        end,
        ended_at_trick,
        resigned,
        left,
        timed_out,
        skat_use: _,
        kontra: _,
        ramsch: _,
    } = r;
    key(out, "passed");
    push_bool(out, *passed);
    key(out, "declarer");
    push_opt(out, declarer.map(seat_word), push_str_word);
    if let Some(g) = game {
        key(out, "game");
        push_str_word(out, game_type_word(*g));
    }
    for (name, flag) in [
        ("hand", hand),
        ("ouvert", ouvert),
        ("schneider_announced", schneider_announced),
        ("schwarz_announced", schwarz_announced),
    ] {
        key(out, name);
        push_bool(out, *flag);
    }
    key(out, "matadors");
    push_opt(out, *matadors, |out, m| push_signed(out, i64::from(m)));
    for (name, n) in [
        ("declarer_card_points", declarer_card_points),
        ("declarer_tricks", declarer_tricks),
        ("skat_points", skat_points),
    ] {
        key(out, name);
        push_opt(out, *n, |out, n| push_int(out, u64::from(n)));
    }
    for (name, flag) in [("schneider", schneider), ("schwarz", schwarz)] {
        key(out, name);
        push_opt(out, *flag, push_bool);
    }
    for (name, flag) in [
        ("schneider_counted", schneider_counted),
        ("schwarz_counted", schwarz_counted),
    ] {
        if let Some(f) = flag {
            key(out, name);
            push_bool(out, *f);
        }
    }
    for (name, flag) in [("won", won), ("overbid", overbid)] {
        key(out, name);
        push_opt(out, *flag, push_bool);
    }
    for (name, n) in [("bid", bid), ("value", value)] {
        key(out, name);
        push_opt(out, *n, |out, n| push_int(out, u64::from(n)));
    }
    key(out, "score");
    push_opt(out, *score, push_signed);
    key(out, "end");
    push_opt(out, end.map(end_word), push_str_word);
    key(out, "ended_at_trick");
    push_opt(out, *ended_at_trick, |out, n| push_int(out, u64::from(n)));
    key(out, "resigned");
    push_bool(out, *resigned);
    for (name, seat) in [("left", left), ("timed_out", timed_out)] {
        key(out, name);
        push_opt(out, seat.map(seat_word), push_str_word);
    }
}

fn key(out: &mut impl Sink, name: &str) {
    out.put(",\"");
    out.put(name);
    out.put("\":");
}

fn push_opt<S: Sink, T>(out: &mut S, v: Option<T>, write: impl FnOnce(&mut S, T)) {
    match v {
        Some(v) => write(out, v),
        None => out.put("null"),
    }
}

fn push_bool(out: &mut impl Sink, b: bool) {
    out.put(if b { "true" } else { "false" });
}

/// A word that needs no escaping, quoted.
fn push_str_word(out: &mut impl Sink, w: &str) {
    out.put("\"");
    out.put(w);
    out.put("\"");
}

/// A string as JSON, as serde writes it: serde escapes only the quote, the backslash and
/// the control characters, so a string without them is written quoted as it is, which spares
/// serde's escaping loop for the names and paths of every line.
fn push_json_str(out: &mut Vec<u8>, s: &str) -> serde_json::Result<()> {
    if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        return serde_json::to_writer(&mut *out, s);
    }
    push_str_word(out, s);
    Ok(())
}

fn push_int(out: &mut impl Sink, n: u64) {
    out.put(itoa::Buffer::new().format(n));
}

fn push_signed(out: &mut impl Sink, n: i64) {
    out.put(itoa::Buffer::new().format(n));
}

fn seat_word(s: engine::skat::Seat) -> &'static str {
    match s {
        engine::skat::Seat::F => "F",
        engine::skat::Seat::M => "M",
        engine::skat::Seat::R => "R",
    }
}

fn game_type_word(g: engine::skat::GameType) -> &'static str {
    use engine::skat::GameType as G;
    match g {
        G::Clubs => "clubs",
        G::Spades => "spades",
        G::Hearts => "hearts",
        G::Diamonds => "diamonds",
        G::Grand => "grand",
        G::Null => "null",
    }
}

fn end_word(e: engine::skat::End) -> &'static str {
    use engine::skat::End as E;
    match e {
        E::PlayedOut => "played_out",
        E::NullTrickTaken => "null_trick_taken",
        E::SchwarzFailed => "schwarz_failed",
        E::SchneiderFailed => "schneider_failed",
        E::DeclarerConceded => "declarer_conceded",
        E::DefendersConceded => "defenders_conceded",
        E::DeclarerClaimed => "declarer_claimed",
        E::DeclarerPenalized => "declarer_penalized",
        E::DefenderPenalized => "defender_penalized",
        E::Abandoned => "abandoned",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_written_as_serde_writes_them() {
        for s in [
            "",
            "Skat",
            "games/2019 März.sgf",
            "a\"b",
            "back\\slash",
            "tab\there",
            "\u{1}\u{1f}\u{7f}",
            "C:\\archive\\iss.sgf",
        ] {
            let mut ours = Vec::new();
            push_json_str(&mut ours, s).unwrap();
            assert_eq!(ours, serde_json::to_vec(s).unwrap(), "{s:?}");
        }
        let mut quoted = Vec::new();
        push_json_str(&mut quoted, "a\"b").unwrap();
        assert_eq!(quoted, b"\"a\\\"b\"");
    }

    fn serde_brief(source: &Source, result: &GameResult) -> Vec<u8> {
        let brief = Brief::consistent(
            source.clone(),
            iss::quick::GAME,
            iss::quick::RULES,
            engine::Outcome::Skat(result.clone()),
        );
        serde_json::to_vec(&brief).expect("a brief serializes")
    }

    fn direct_brief(source: &Source, result: &GameResult) -> Vec<u8> {
        let mut out = Vec::new();
        quick_brief(source.clone(), result.clone(), &mut out).expect("a brief writes");
        out
    }

    /// Results of generated games, and each of them with every end, game, seat and absent
    /// figure, as serde would write them.
    #[test]
    fn the_direct_brief_is_the_serde_brief_byte_for_byte() {
        use engine::skat::{End, GameType, Seat};
        let profile = engine::skat::rules::by_name("isko").expect("the isko profile");
        let sources = [
            Source {
                path: Some("games/a \"b\".sgf".into()),
                line: 7,
                offset: 1234,
            },
            Source {
                path: None,
                line: 1,
                offset: 0,
            },
        ];
        let mut results = vec![GameResult {
            passed: true,
            ..GameResult::default()
        }];
        for seed in 0..300 {
            let record = engine::skat::generate(seed, profile);
            if let Some(engine::Replay::Skat(r)) = engine::check(&record).replay {
                results.push(r.result);
            }
        }
        let ends = [
            End::PlayedOut,
            End::NullTrickTaken,
            End::SchwarzFailed,
            End::SchneiderFailed,
            End::DeclarerConceded,
            End::DefendersConceded,
            End::DeclarerClaimed,
            End::DeclarerPenalized,
            End::DefenderPenalized,
            End::Abandoned,
        ];
        let mut variants = Vec::new();
        for (i, r) in results.iter().enumerate() {
            let mut v = r.clone();
            v.end = ends.get(i % ends.len()).copied();
            v.game = GameType::ALL.get(i % 7).copied();
            v.left = Seat::ALL.get(i % 4).copied();
            v.timed_out = Seat::ALL.get((i + 1) % 4).copied();
            v.schneider_counted = (i % 3 != 0).then_some(i % 2 == 0);
            v.score = v.score.map(|s| -s - 1);
            v.matadors = (i % 5 != 0).then_some(-(i as i32 % 12));
            variants.push(v);
        }
        results.extend(variants);
        assert!(results.len() > 500);
        for r in &results {
            for source in &sources {
                let (direct, serde) = (direct_brief(source, r), serde_brief(source, r));
                assert_eq!(
                    String::from_utf8_lossy(&direct),
                    String::from_utf8_lossy(&serde),
                    "{r:?}"
                );
            }
        }
    }

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
