//! `stich stats`: per game and per player, how many games, how many won and their average
//! value, as a table, CSV or JSON.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;

use crate::cli::{EXIT_OK, EXIT_USAGE, StatsArgs, StatsFormat};
use crate::out;
use crate::select::{self, Facts};

/// The counts of one game type or one player.
#[derive(Clone, Debug, Default, serde::Serialize)]
struct Line {
    /// Games (for a player: games at the table).
    games: u64,
    /// Games declared (for a game type, every game but passed deals and Ramsch).
    declared: u64,
    /// Declared games won.
    won: u64,
    /// Sum of the values of declared games with a value.
    #[serde(skip)]
    value_sum: u64,
    /// Declared games with a value.
    #[serde(skip)]
    valued: u64,
    /// Sum of the declarer's scores.
    #[serde(skip)]
    score_sum: i64,
    /// The average value of the declared games with a value.
    average_value: Option<f64>,
    /// The average score of the declared games with a score.
    average_score: Option<f64>,
    /// Declared games with a score.
    #[serde(skip)]
    scored: u64,
}

impl Line {
    fn declared(&mut self, f: &Facts) {
        let Some(r) = &f.result else { return };
        if r.declarer.is_none() {
            return;
        }
        self.declared += 1;
        if r.won == Some(true) {
            self.won += 1;
        }
        if let Some(v) = r.value {
            self.value_sum += u64::from(v);
            self.valued += 1;
        }
        if let Some(s) = r.score {
            self.score_sum += s;
            self.scored += 1;
        }
    }

    fn finish(&mut self) {
        let avg = |sum: f64, n: u64| (n > 0).then(|| (sum / n as f64 * 100.0).round() / 100.0);
        self.average_value = avg(self.value_sum as f64, self.valued);
        self.average_score = avg(self.score_sum as f64, self.scored);
    }
}

/// The tables.
#[derive(Default, serde::Serialize)]
struct Stats {
    records: u64,
    games: BTreeMap<String, Line>,
    players: BTreeMap<String, Line>,
}

impl Stats {
    fn add(&mut self, f: &Facts) {
        self.records += 1;
        let game = match f.game() {
            "" => "unknown",
            g => g,
        };
        let line = self.games.entry(game.to_string()).or_default();
        line.games += 1;
        line.declared(f);
        let declarer = f.result.as_ref().and_then(|r| r.declarer).map(|s| s as usize);
        for (seat, name) in f.players.iter().enumerate() {
            let Some(name) = name else { continue };
            let line = self.players.entry(name.clone()).or_default();
            line.games += 1;
            if declarer == Some(seat) {
                line.declared(f);
            }
        }
    }
}

fn number(x: Option<f64>) -> String {
    x.map_or_else(String::new, |x| format!("{x:.2}"))
}

fn table(title: &str, lines: &BTreeMap<String, Line>, out: &mut String) {
    let width = lines
        .keys()
        .map(|k| k.chars().count())
        .max()
        .unwrap_or(0)
        .max(title.len());
    let _ = writeln!(
        out,
        "{title:<width$}  {:>9}  {:>9}  {:>9}  {:>9}  {:>9}",
        "games", "declared", "won", "avg value", "avg score"
    );
    for (name, l) in lines {
        let _ = writeln!(
            out,
            "{name:<width$}  {:>9}  {:>9}  {:>9}  {:>9}  {:>9}",
            l.games,
            l.declared,
            l.won,
            number(l.average_value),
            number(l.average_score)
        );
    }
}

fn csv(stats: &Stats) -> String {
    let mut out = String::from("table,name,games,declared,won,average_value,average_score\n");
    for (table, lines) in [("game", &stats.games), ("player", &stats.players)] {
        for (name, l) in lines {
            let mut field = String::new();
            if name.contains([',', '"', '\n', '\r']) {
                field.push('"');
                field.push_str(&name.replace('"', "\"\""));
                field.push('"');
            } else {
                field.push_str(name);
            }
            let _ = writeln!(
                out,
                "{table},{field},{},{},{},{},{}",
                l.games,
                l.declared,
                l.won,
                number(l.average_value),
                number(l.average_score)
            );
        }
    }
    out
}

/// Runs `stats`.
pub fn run(args: &StatsArgs) -> u8 {
    let mut stats = Stats::default();
    let ran = select::for_each_item(&args.paths, args.from, args.dedupe, |_, item| {
        stats.add(&item.facts);
        Ok::<(), io::Error>(())
    });
    let failed = match ran {
        Ok(failed) => failed,
        Err(e) => return out::status_of(&e),
    };
    for line in stats.games.values_mut().chain(stats.players.values_mut()) {
        line.finish();
    }
    let text = match args.format {
        StatsFormat::Json => serde_json::to_string(&stats).unwrap_or_default() + "\n",
        StatsFormat::Csv => csv(&stats),
        StatsFormat::Table => {
            let mut s = format!("{} records\n\n", stats.records);
            table("game", &stats.games, &mut s);
            if !stats.players.is_empty() {
                s.push('\n');
                table("player", &stats.players, &mut s);
            }
            s
        }
    };
    let status = if failed { EXIT_USAGE } else { EXIT_OK };
    out::finish(out::write_all(text.as_bytes()), status)
}
