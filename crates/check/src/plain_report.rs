//! The full report of a server record in the plain case, written straight from the quick
//! replay ([`iss::plain`]) rather than through the syntax tree, the full replay and serde.
//!
//! An archive is nearly all such records, and for them the full path spends most of its
//! time on what only a finding needs. This writer gives the same bytes as
//! [`crate::json::shaped`] with `Shape::Full(Unicode, false)` gives for the report the full
//! path builds (tests hold the two equal on generated games, on the shared archive records
//! and on mutations of them); for any other record it gives `None` and the caller goes the
//! full path.

use cards::Card;
use engine::core::CardSet;
use engine::skat::{Call, GameResult, Seat};
use report::Source;

/// A plain record's report and what else a caller may keep of it.
pub struct PlainReport {
    /// The report as one line of JSON, without the line break.
    pub json: String,
    /// The content id.
    pub id: String,
    /// The canonical stich text the content id is the hash of.
    pub canonical: String,
    /// The players' names in the order of their header tags (`F`, `M`, `R`), each once: what
    /// a store indexes a record by.
    pub players: Vec<String>,
    /// The date of the `Date` tag, ISO style ([`crate::iso_date`]).
    pub date: Option<String>,
}

/// The full report of `record` (an ISS record as the reader splits it) from `source`, or
/// `None` when the record is not a consistent server record in the plain case.
pub fn plain_report(record: &[u8], source: &Source) -> Option<PlainReport> {
    let plain = iss::plain::read(record)?;
    let mut canonical = String::with_capacity(1024);
    plain.canonical(&mut canonical);
    let id = report::content_id_of(&canonical);
    let mut json = String::with_capacity(4096);
    write(&plain, source, &id, &mut json)?;
    let mut players: Vec<String> = Vec::with_capacity(3);
    let mut date = None;
    plain.tags(|name, value| {
        if name == "Date" {
            date = Some(crate::iso_date(value).into_owned());
        } else if name.len() == 1
            && name.bytes().all(|b| b.is_ascii_uppercase())
            && !value.is_empty()
            && !players.iter().any(|p| p == value)
        {
            players.push(value.to_string());
        }
    });
    Some(PlainReport {
        json,
        id,
        canonical,
        players,
        date,
    })
}

fn seat(s: Seat) -> &'static str {
    match s {
        Seat::F => "\"F\"",
        Seat::M => "\"M\"",
        Seat::R => "\"R\"",
    }
}

fn flag(b: bool) -> &'static str {
    if b { "true" } else { "false" }
}

fn card(out: &mut String, c: Card) {
    out.push('"');
    out.push_str(c.canonical());
    out.push('"');
}

fn cards(out: &mut String, set: impl IntoIterator<Item = Card>) {
    out.push('[');
    for (i, c) in set.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        card(out, c);
    }
    out.push(']');
}

/// Text the plain reader lets through (ASCII, no quote, no backslash, no control
/// character), which a JSON string holds as it is.
fn text(out: &mut String, s: &str) {
    out.push('"');
    out.push_str(s);
    out.push('"');
}

fn write(plain: &iss::plain::Plain<'_>, source: &Source, id: &str, out: &mut String) -> Option<()> {
    let mut n = itoa::Buffer::new();
    out.push_str("{\"version\":");
    out.push_str(n.format(report::REPORT_VERSION));
    out.push_str(",\"id\":\"");
    out.push_str(id);
    out.push_str("\",\"source\":{");
    if let Some(path) = &source.path {
        out.push_str("\"path\":");
        out.push_str(&serde_json::to_string(path).ok()?);
        out.push(',');
    }
    out.push_str("\"line\":");
    out.push_str(n.format(source.line));
    out.push_str(",\"offset\":");
    out.push_str(n.format(source.offset));
    out.push_str("},\"game\":");
    text(out, iss::quick::GAME);
    out.push_str(",\"rules\":");
    text(out, iss::quick::RULES);
    out.push_str(",\"verdict\":\"consistent\",\"findings\":[],\"header\":{");
    let mut first = true;
    plain.tags(|name, value| {
        if !std::mem::take(&mut first) {
            out.push(',');
        }
        text(out, name);
        out.push(':');
        text(out, value);
    });
    out.push_str("},\"record\":{\"game\":\"skat\",\"profile\":");
    text(out, iss::quick::RULES);
    out.push_str(",\"players\":[");
    for (i, p) in plain.players().into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match p {
            Some(name) => text(out, name),
            None => out.push_str("null"),
        }
    }
    out.push_str("],\"deal\":{\"hands\":[");
    for (i, hand) in plain.hands().into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"seat\":");
        out.push_str(seat(Seat::from_index(i)));
        out.push_str(",\"cards\":");
        cards(out, hand.iter());
        out.push_str(",\"inferred\":false,\"complete\":true}");
    }
    out.push_str("],\"skat\":");
    cards(out, plain.skat().iter());
    out.push_str(",\"skat_inferred\":false},\"auction\":[");
    for (i, (who, call)) in plain.calls().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"seat\":");
        out.push_str(seat(*who));
        out.push_str(",\"call\":");
        match call {
            Call::Bid(b) => {
                out.push_str("{\"bid\":");
                out.push_str(n.format(*b));
                out.push('}');
            }
            Call::Hold => out.push_str("\"hold\""),
            Call::Pass => out.push_str("\"pass\""),
        }
        out.push('}');
    }
    out.push_str("],\"exchange\":");
    match plain.declared() {
        Some(d) if d.pickup => {
            out.push_str("{\"pickup\":true,\"discard\":");
            cards(out, CardSet::of(d.discard?).iter());
            out.push('}');
        }
        _ => out.push_str("null"),
    }
    out.push_str(",\"declaration\":");
    match (plain.declared(), plain.contract()) {
        (Some(d), Some(c)) => {
            out.push_str("{\"declarer\":");
            out.push_str(seat(d.declarer));
            out.push_str(",\"game\":");
            text(out, c.game.word());
            out.push_str(",\"hand\":");
            out.push_str(flag(c.hand));
            out.push_str(",\"schneider_announced\":");
            out.push_str(flag(c.schneider_announced));
            out.push_str(",\"schwarz_announced\":");
            out.push_str(flag(c.schwarz_announced));
            out.push_str(",\"ouvert\":");
            out.push_str(flag(c.ouvert));
            out.push('}');
        }
        _ => out.push_str("null"),
    }
    out.push_str(",\"tricks\":[");
    for (i, (t, played)) in plain.tricks().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"number\":");
        out.push_str(n.format(t.number));
        out.push_str(",\"leader\":");
        out.push_str(seat(t.leader));
        out.push_str(",\"cards\":[");
        for (k, (who, c)) in played.into_iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push_str("{\"seat\":");
            out.push_str(seat(who));
            out.push_str(",\"card\":");
            card(out, c);
            out.push('}');
        }
        out.push_str("],\"winner\":");
        out.push_str(seat(t.winner));
        out.push_str(",\"points\":");
        out.push_str(n.format(t.points));
        out.push('}');
    }
    out.push_str("]},\"result\":");
    result(plain.result(), out)?;
    out.push('}');
    Some(())
}

/// The result as serde writes `engine::Outcome::Skat`, for the fields a plain record's
/// result has; `None` for one with a field only other profiles give (the skat's use, Kontra,
/// a Ramsch), which the caller leaves to the full path.
fn result(r: &GameResult, out: &mut String) -> Option<()> {
    if r.skat_use.is_some() || r.kontra.is_some() || r.ramsch.is_some() {
        return None;
    }
    out.push_str("{\"family\":\"skat\"");
    crate::brief::skat_result_fields(r, out);
    out.push('}');
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::skat::End;

    #[test]
    fn a_result_is_written_as_serde_writes_it() {
        let mut r = GameResult {
            declarer: Some(Seat::M),
            game: Some(engine::skat::GameType::Null),
            matadors: Some(-3),
            schneider_counted: Some(true),
            end: Some(End::SchneiderFailed),
            left: Some(Seat::R),
            score: Some(-120),
            ..GameResult::default()
        };
        for _ in 0..2 {
            let mut out = String::new();
            result(&r, &mut out).unwrap();
            assert_eq!(
                out,
                serde_json::to_string(&engine::Outcome::Skat(r.clone())).unwrap()
            );
            r = GameResult::default();
        }
    }
}
