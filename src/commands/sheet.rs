//! `stich sheet`: score sheets checked and totalled. A sheet record is checked row by row
//! (against the hand records it links, where the input has them) and scored plainly or the
//! tournament way; ISS records become one sheet per series (`SE`), in input order.

use std::fmt::Write as _;
use std::io;

use check::sheets::Book;
use engine::skat::sheet::{self, SheetList};
use notation::Severity;

use crate::cli::{EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, SheetArgs, SheetFormat};
use crate::input::{self, Format};
use crate::out;
use crate::select;

/// Everything read: the records in order, with the path each came from.
struct Gathered {
    book: Book,
    paths: Vec<String>,
}

fn gather(args: &SheetArgs) -> (Gathered, bool) {
    let expanded = input::expand(&args.paths, args.from);
    let mut failed = expanded.failed;
    let mut g = Gathered {
        book: Book::default(),
        paths: Vec::new(),
    };
    for input in &expanded.inputs {
        let path = input.display();
        let opened = match input::open_input(input) {
            Ok(o) => o,
            Err(e) => {
                out::note(format_args!("stich: {path}: {e}"));
                failed = true;
                continue;
            }
        };
        match opened.format {
            Format::Iss => {
                let (jobs, _) = input::opened_jobs(opened);
                for job in jobs {
                    let _ = job.try_for_each_unit(|unit| {
                        let f = select::facts_of(unit, &path, false).facts;
                        g.book.add_game(f.series, f.players, f.result);
                        Ok::<(), io::Error>(())
                    });
                }
            }
            Format::Stich | Format::Unknown => {
                for parsed in notation::Reader::new(opened.reader) {
                    g.book.add_record(parsed);
                    g.paths.push(path.clone());
                }
            }
        }
    }
    (g, failed)
}

/// Runs `sheet`.
pub fn run(args: &SheetArgs) -> u8 {
    let scoring = args.scoring.scoring();
    let (g, failed) = gather(args);
    let scored = g.book.score(scoring);
    let mut errors = false;
    for (entry, path) in scored.entries.iter().zip(&g.paths) {
        let p = &entry.parsed;
        if entry.left_out {
            out::note(format_args!(
                "stich: {path}:{}: a sheet of a game or profile stich does not score; left out",
                p.line
            ));
        }
        for d in &entry.diagnostics {
            errors |= d.severity == Severity::Error;
            if d.severity != Severity::Note || args.format == SheetFormat::Text {
                out::note_raw(&crate::render::diagnostic(d, path, &p.text, p.offset, false));
            }
        }
    }
    if scored.unseries > 0 {
        out::note(format_args!(
            "stich: {} game(s) left out of the series sheets (an ISS record without a series, SE, or a game without its three players or a result)",
            scored.unseries
        ));
    }
    let list = scored.list;
    let text = match args.format {
        SheetFormat::Json => serde_json::to_string(&list).unwrap_or_default() + "\n",
        SheetFormat::Csv => csv(&list),
        SheetFormat::Text => text(&list),
    };
    let status = if failed {
        EXIT_USAGE
    } else if errors {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };
    out::finish(out::write_all(text.as_bytes()), status)
}

fn signed(n: i64) -> String {
    if n > 0 { format!("+{n}") } else { n.to_string() }
}

/// What a row says, in the sheet's words.
fn entry(row: &sheet::ScoredRow) -> String {
    let mut s = match row.kind.as_str() {
        "game" => {
            let outcome = if row.won == Some(true) { "won" } else { "lost" };
            let mut s = format!("{} {outcome}", row.declarer.as_deref().unwrap_or("?"));
            if let Some(g) = &row.game {
                s.push(' ');
                s.push_str(g);
            }
            for l in &row.levels {
                s.push(' ');
                s.push_str(l);
            }
            if let Some(v) = row.value {
                let _ = write!(s, " {v}");
            }
            s
        }
        "chouette" => {
            // The row's own words: the box, his outcome, the value, the captain.
            let outcome = match row.won {
                Some(true) => "won",
                Some(false) => "lost",
                None => "tied",
            };
            let mut s = format!("{} {outcome}", row.declarer.as_deref().unwrap_or("?"));
            if let Some(v) = row.value.filter(|_| row.won.is_some()) {
                let _ = write!(s, " {v}");
            }
            if let Some(c) = &row.captain {
                let _ = write!(s, " captain {c}");
            }
            s
        }
        other => {
            let mut s = other.to_string();
            for l in &row.levels {
                s.push(' ');
                s.push_str(l);
            }
            s
        }
    };
    if row.bock {
        s.push_str(" bock");
    }
    s
}

/// The sheets as tables: a line per row with the points and running totals of each player,
/// findings under their row, then each player's total, games won and lost, and place.
fn text(list: &SheetList) -> String {
    let mut out = String::new();
    for (k, s) in list.sheets.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let name = if s.id.is_empty() {
            "(unnamed)"
        } else {
            s.id.as_str()
        };
        let _ = writeln!(out, "sheet {name} ({} scoring)", s.scoring.name());
        let cell = |points: i64, total: i64| {
            if points == 0 {
                String::new()
            } else {
                format!("{} {}", signed(points), total)
            }
        };
        let width = s
            .rows
            .iter()
            .flat_map(|r| {
                r.points
                    .iter()
                    .zip(&r.totals)
                    .map(|(p, t)| cell(*p, *t).chars().count())
            })
            .chain(s.players.iter().map(|p| p.name.chars().count()))
            .max()
            .unwrap_or(1)
            .max(4);
        let entry_width = s
            .rows
            .iter()
            .map(|r| entry(r).chars().count())
            .max()
            .unwrap_or(5)
            .max(5);
        let dealer_width = s
            .rows
            .iter()
            .filter_map(|r| r.dealer.as_ref().map(|d| d.chars().count()))
            .max()
            .unwrap_or(0)
            .max(6);
        // A Chouette sitting has games and no dealer to show: its rows name box and captain.
        let chouette = !s.rows.is_empty() && s.rows.iter().all(|r| r.kind == "chouette");
        let (deal, dealer) = if chouette {
            ("game", "")
        } else {
            ("deal", "dealer")
        };
        let _ = write!(
            out,
            "{:>4}  {:<dealer_width$}  {:<entry_width$}",
            deal, dealer, "entry"
        );
        for p in &s.players {
            let _ = write!(out, "  {:>width$}", p.name);
        }
        out.push('\n');
        for r in &s.rows {
            let _ = write!(
                out,
                "{:>4}  {:<dealer_width$}  {:<entry_width$}",
                r.number,
                r.dealer.as_deref().unwrap_or(""),
                entry(r)
            );
            for (points, total) in r.points.iter().zip(&r.totals) {
                let _ = write!(out, "  {:>width$}", cell(*points, *total));
            }
            out.push('\n');
            for f in &r.findings {
                let _ = writeln!(out, "      {}[{}]: {}", f.severity, f.code, f.message);
            }
        }
        for f in &s.findings {
            let _ = writeln!(out, "      {}[{}]: {}", f.severity, f.code, f.message);
        }
        let _ = write!(out, "{:>4}  {:<dealer_width$}  {:<entry_width$}", "", "", "total");
        for p in &s.players {
            let _ = write!(out, "  {:>width$}", p.score);
        }
        out.push('\n');
        for p in &s.players {
            let _ = writeln!(
                out,
                "  {}. {}  {}  won {}  lost {}",
                p.rank, p.name, p.score, p.won, p.lost
            );
        }
        let method = match s.settlement.method {
            sheet::settle::Method::Pairs => "pair by pair",
            sheet::settle::Method::Lowest => "the lowest called zero",
            sheet::settle::Method::Average => "against the average",
            sheet::settle::Method::Paid => "each game paid in full",
        };
        let rounded = if s.settlement.exact { "" } else { ", rounded" };
        let _ = write!(out, "settlement ({method}{rounded}):");
        for (p, a) in s.players.iter().zip(&s.settlement.amounts) {
            let _ = write!(out, " {} {}", p.name, signed(*a));
        }
        out.push('\n');
        for n in &s.notes {
            let _ = writeln!(out, "note: {n}");
        }
    }
    if list.sheets.len() > 1 {
        out.push_str("\nranking\n");
        for p in &list.ranking {
            let _ = writeln!(
                out,
                "  {}. {}  {}  won {}  lost {}",
                p.rank, p.name, p.score, p.won, p.lost
            );
        }
    }
    out
}

fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One CSV line per row and player.
fn csv(list: &SheetList) -> String {
    let mut out =
        String::from("sheet,deal,player,points,total,kind,dealer,declarer,game,won,value,bock,findings\n");
    for s in &list.sheets {
        for r in &s.rows {
            let findings: Vec<&str> = r.findings.iter().map(|f| f.code.as_str()).collect();
            for ((p, points), total) in s.players.iter().zip(&r.points).zip(&r.totals) {
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{},{},{},{},{}",
                    field(&s.id),
                    r.number,
                    field(&p.name),
                    points,
                    total,
                    r.kind,
                    field(r.dealer.as_deref().unwrap_or("")),
                    field(r.declarer.as_deref().unwrap_or("")),
                    r.game.as_deref().unwrap_or(""),
                    r.won.map_or(String::new(), |w| w.to_string()),
                    r.value.map_or(String::new(), |v| v.to_string()),
                    r.bock,
                    findings.join(" ")
                );
            }
        }
    }
    out
}
