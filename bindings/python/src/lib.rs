//! The Python module `stich._stich`: the Rust side of the `stich` package. Reports cross as
//! JSON text read by Python's `json` (one call for a whole file's reports), records as
//! dictionaries; all work runs with the GIL released.

use std::sync::Mutex;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use check::{Form, Records, Report, Work};

mod table;

/// The error class of the package (`stich.StichError`), built with the finding's code, line
/// and column where there is one.
fn stich_error(
    py: Python<'_>,
    message: String,
    code: Option<String>,
    line: Option<u32>,
    column: Option<u32>,
) -> PyErr {
    match py
        .import("stich")
        .and_then(|m| m.getattr("StichError"))
        .and_then(|cls| cls.call1((message.clone(), code, line, column)))
    {
        Ok(err) => PyErr::from_value(err),
        Err(_) => PyValueError::new_err(message),
    }
}

fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// Which report: the full one, or the brief one a table of an archive needs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Full,
    Brief,
}

fn kind_of(report: &str) -> PyResult<Kind> {
    match report {
        "full" => Ok(Kind::Full),
        "brief" => Ok(Kind::Brief),
        other => Err(PyValueError::new_err(format!(
            "report must be \"full\" or \"brief\", not {other:?}"
        ))),
    }
}

fn work_of(kind: Kind) -> Work {
    match kind {
        Kind::Full => Work::FULL,
        // A brief report shows no content id; leaving it out saves printing and hashing.
        Kind::Brief => Work {
            content_id: false,
            ..Work::FULL
        },
    }
}

/// Writes the reports as one JSON array.
fn reports_json(reports: impl Iterator<Item = Report>, kind: Kind) -> Result<String, String> {
    let mut out = String::from("[");
    for (i, r) in reports.enumerate() {
        if i > 0 {
            out.push(',');
        }
        let one = match kind {
            Kind::Full => serde_json::to_string(&r),
            Kind::Brief => serde_json::to_string(&report::Brief::of(&r)),
        };
        out.push_str(&one.map_err(|e| e.to_string())?);
    }
    out.push(']');
    Ok(out)
}

/// A JSON value as the Python object `json.loads` would give, strings of a column shared
/// where they repeat (a verdict, a game word), as Python's own reader does not.
fn py_value<'py>(
    py: Python<'py>,
    v: &serde_json::Value,
    strings: &mut std::collections::HashMap<String, Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::IntoPyObjectExt;
    Ok(match v {
        serde_json::Value::Null => py.None().into_bound(py),
        serde_json::Value::Bool(b) => b.into_bound_py_any(py)?,
        serde_json::Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.into_bound_py_any(py)?,
            (None, Some(f)) => f.into_bound_py_any(py)?,
            (None, None) => py.None().into_bound(py),
        },
        serde_json::Value::String(s) => {
            if let Some(o) = strings.get(s) {
                return Ok(o.bind(py).clone());
            }
            let o = s.into_bound_py_any(py)?;
            // Short strings repeat (words, names, codes); long ones rarely do.
            if s.len() <= 64 && strings.len() < 1 << 16 {
                strings.insert(s.clone(), o.clone().unbind());
            }
            o
        }
        serde_json::Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(py_value(py, item, strings)?)?;
            }
            list.into_any()
        }
        serde_json::Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, py_value(py, item, strings)?)?;
            }
            dict.into_any()
        }
    })
}

/// The columns as a dict of lists.
fn py_columns(py: Python<'_>, columns: table::Columns) -> PyResult<Py<PyAny>> {
    let dict = PyDict::new(py);
    let mut strings = std::collections::HashMap::new();
    for (name, column) in columns.into_columns() {
        let list = PyList::empty(py);
        for v in &column {
            list.append(py_value(py, v, &mut strings)?)?;
        }
        dict.set_item(name, list)?;
    }
    Ok(dict.into_any().unbind())
}

/// table(path)
/// --
///
/// The brief reports on every record of the file at `path`, as columns (a dict of lists).
#[pyfunction]
fn table_file(py: Python<'_>, path: String) -> PyResult<Py<PyAny>> {
    let columns = py.detach(move || -> Result<table::Columns, std::io::Error> {
        let file = std::fs::File::open(&path)?;
        table::table(file, Some(&path))
    });
    let columns = columns.map_err(|e| PyOSError::new_err(e.to_string()))?;
    py_columns(py, columns)
}

/// table_text(text)
/// --
///
/// The brief reports on every record of `text`, as columns (a dict of lists).
#[pyfunction]
fn table_text(py: Python<'_>, text: String) -> PyResult<Py<PyAny>> {
    let columns = py.detach(move || table::table(text.as_bytes(), None).map_err(|e| e.to_string()));
    let columns = columns.map_err(PyValueError::new_err)?;
    py_columns(py, columns)
}

/// check_text(text, report="full", path=None)
/// --
///
/// The reports (as JSON text of a list) on every record of `text`, stich or ISS.
#[pyfunction]
#[pyo3(signature = (text, report = "full", path = None))]
fn check_text(py: Python<'_>, text: String, report: &str, path: Option<String>) -> PyResult<Py<PyAny>> {
    let kind = kind_of(report)?;
    let json = py.detach(move || -> Result<String, String> {
        let reports = check::check_reader(text.as_bytes(), path.as_deref(), work_of(kind))
            .map_err(|e| e.to_string())?;
        reports_json(reports, kind)
    });
    let json = json.map_err(PyValueError::new_err)?;
    Ok(json_loads(py, &json)?.unbind())
}

/// check_file(path, report="full")
/// --
///
/// The reports on every record of the file at `path`, compressed or not.
#[pyfunction]
#[pyo3(signature = (path, report = "full"))]
fn check_file(py: Python<'_>, path: String, report: &str) -> PyResult<Py<PyAny>> {
    let kind = kind_of(report)?;
    let json = py.detach(move || -> Result<String, std::io::Error> {
        let file = std::fs::File::open(&path)?;
        let reports = check::check_reader(file, Some(&path), work_of(kind))?;
        reports_json(reports, kind).map_err(std::io::Error::other)
    });
    let json = json.map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok(json_loads(py, &json)?.unbind())
}

/// The records of a file, read as they are asked for.
#[pyclass(module = "stich._stich")]
struct Reader {
    records: Mutex<Records<'static>>,
    form: Form,
}

#[pymethods]
impl Reader {
    /// The form of the records: "stich" or "iss".
    #[getter]
    fn form(&self) -> &'static str {
        self.form.name()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let next = py.detach(|| match self.records.lock() {
            Ok(mut records) => records.next(),
            Err(_) => None,
        });
        let Some(parsed) = next else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("form", self.form.name())?;
        d.set_item("line", parsed.line)?;
        d.set_item("offset", parsed.offset)?;
        let header = PyDict::new(py);
        if let Some(record) = &parsed.record {
            for tag in &record.tags {
                if !header.contains(&tag.name.node)? {
                    header.set_item(&tag.name.node, &tag.value.node)?;
                }
            }
            d.set_item("stich", notation::print(record))?;
        } else {
            d.set_item("stich", py.None())?;
        }
        d.set_item("header", header)?;
        let findings = PyList::empty(py);
        if !parsed.diagnostics.is_empty() {
            let list: Vec<report::Finding> = parsed.diagnostics.iter().map(report::Finding::from).collect();
            let json = serde_json::to_string(&list).map_err(|e| PyValueError::new_err(e.to_string()))?;
            for f in json_loads(py, &json)?.try_iter()? {
                findings.append(f?)?;
            }
        }
        d.set_item("findings", findings)?;
        d.set_item("text", parsed.text)?;
        Ok(Some(d.into_any().unbind()))
    }
}

/// read(path)
/// --
///
/// The records of the file at `path` (stich or ISS, compressed or not), one at a time.
#[pyfunction]
fn read(py: Python<'_>, path: String) -> PyResult<Reader> {
    let records = py
        .detach(move || check::records_of_path(&path))
        .map_err(|e| PyOSError::new_err(e.to_string()))?;
    let form = records.form();
    Ok(Reader {
        records: Mutex::new(records),
        form,
    })
}

/// meld(game, rules, trump, cards)
/// --
///
/// What a hand melds under a profile, as JSON text: {"melds": [...], "total": n}.
#[pyfunction]
#[pyo3(signature = (game, rules, trump, cards))]
fn meld(
    py: Python<'_>,
    game: &str,
    rules: Option<&str>,
    trump: &str,
    cards: Vec<String>,
) -> PyResult<Py<PyAny>> {
    let family = engine::family::by_tag(game).ok_or_else(|| {
        stich_error(
            py,
            format!("no rules engine for the game `{game}`"),
            Some("E0001".into()),
            None,
            None,
        )
    })?;
    let profile = rules.unwrap_or(family.default_profile());
    let mut hand = Vec::with_capacity(cards.len());
    for token in &cards {
        let card = token
            .parse::<cards::Card>()
            .map_err(|e| stich_error(py, format!("`{token}`: {e}"), None, None, None))?;
        hand.push(card);
    }
    let summary = match family.meld(profile, trump, &hand) {
        None => {
            return Err(stich_error(
                py,
                format!("{} has no melds", family.name()),
                None,
                None,
                None,
            ));
        }
        Some(Err(message)) => return Err(stich_error(py, message, None, None, None)),
        Some(Ok(summary)) => summary,
    };
    let json = serde_json::to_string(&summary).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(json_loads(py, &json)?.unbind())
}

/// generate(game, rules, count, seed, to)
/// --
///
/// `count` random legal games from `seed`, each as text in the form `to` ("stich" or "iss"),
/// the same games `stich gen` writes.
#[pyfunction]
#[pyo3(signature = (game = "skat", rules = None, count = 1, seed = 0, to = "stich"))]
fn generate(
    py: Python<'_>,
    game: &str,
    rules: Option<&str>,
    count: u64,
    seed: u64,
    to: &str,
) -> PyResult<Vec<String>> {
    let family = engine::family::by_tag(game)
        .filter(|f| f.generates())
        .ok_or_else(|| {
            stich_error(
                py,
                format!("no generator for the game `{game}`"),
                None,
                None,
                None,
            )
        })?;
    let form = match to {
        "stich" => Form::Stich,
        "iss" => Form::Iss,
        other => {
            return Err(PyValueError::new_err(format!(
                "to must be \"stich\" or \"iss\", not {other:?}"
            )));
        }
    };
    let profile = rules.unwrap_or(family.default_profile()).to_string();
    let made = py.detach(move || -> Result<Vec<String>, String> {
        (0..count)
            .map(|i| {
                let mut out = String::new();
                check::generate::render(
                    family,
                    &profile,
                    check::generate::game_seed(seed, i),
                    form,
                    &mut out,
                )?;
                Ok(out)
            })
            .collect()
    });
    made.map_err(|e| stich_error(py, e, None, None, None))
}

/// schema()
/// --
///
/// The JSON Schema of the full report, as a dictionary.
#[pyfunction]
fn schema(py: Python<'_>) -> PyResult<Py<PyAny>> {
    Ok(json_loads(py, &report::schema_text())?.unbind())
}

/// A game for bots: the deal `stich gen` makes from `seed` for the game `game` (a `Game`
/// tag) under the profile `rules` (the game's default when None), played through the play
/// state the checker replays records with. `legal()` lists the actions of the seat to act
/// as notation tokens, `play(token)` plays one (raising StichError with the check's code
/// when the rules refuse it), `result` is the report's result once `is_over`, and
/// `to_record()` the game so far in the stich notation. `Game.from_record(text)` goes on
/// from a record.
#[pyclass(module = "stich._stich", name = "Game")]
struct PyGame {
    game: Mutex<Box<dyn engine::table_game::Game>>,
}

fn game_error(py: Python<'_>, e: engine::table_game::GameError) -> PyErr {
    stich_error(py, e.message, Some(e.code), e.line, e.column)
}

impl PyGame {
    fn with<T>(&self, f: impl FnOnce(&mut Box<dyn engine::table_game::Game>) -> T) -> PyResult<T> {
        match self.game.lock() {
            Ok(mut g) => Ok(f(&mut g)),
            Err(_) => Err(PyValueError::new_err("the game was poisoned by a panic")),
        }
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (game = "skat", rules = None, seed = 0))]
    fn new(py: Python<'_>, game: &str, rules: Option<&str>, seed: u64) -> PyResult<PyGame> {
        let made =
            py.detach(|| engine::table_game::new_game(game, rules, engine::table_game::DealSpec::Seed(seed)));
        let game = made.map_err(|e| game_error(py, e))?;
        Ok(PyGame {
            game: Mutex::new(game),
        })
    }

    /// The game a record leaves: its deal and the phases before the play, and the actions
    /// of its play so far; the game goes on after the last. Raises StichError with the
    /// record's finding when it cannot be played on (an illegal action, an unknown game).
    #[staticmethod]
    fn from_record(py: Python<'_>, text: String) -> PyResult<PyGame> {
        let made = py.detach(move || engine::table_game::from_record(&text));
        let game = made.map_err(|e| game_error(py, e))?;
        Ok(PyGame {
            game: Mutex::new(game),
        })
    }

    /// The game's tag ("skat").
    #[getter]
    fn game(&self) -> PyResult<&'static str> {
        self.with(|g| g.family().tag())
    }

    /// The rule profile's name ("isko").
    #[getter]
    fn rules(&self) -> PyResult<String> {
        self.with(|g| g.profile().to_string())
    }

    /// The seat labels in seat order (["F", "M", "R"]).
    #[getter]
    fn seats(&self) -> PyResult<Vec<String>> {
        self.with(|g| g.seats())
    }

    /// The label of the seat to act; None once the game is over.
    #[getter]
    fn to_act(&self) -> PyResult<Option<String>> {
        self.with(|g| g.to_act())
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        self.with(|g| g.is_over())
    }

    /// The actions the seat to act may take, as notation tokens ("♣J", "dix ♠9",
    /// "marriage ♥K ♥Q", "closes"); empty once the game is over.
    fn legal(&self) -> PyResult<Vec<String>> {
        self.with(|g| g.legal().into_iter().map(|a| a.token().to_string()).collect())
    }

    /// Plays the action `token` for the seat to act and returns what it led to:
    /// {"seat", "action", "trick": {"winner", "points"} or None, "points", "over"}, where
    /// "points" is what a Cribbage card or go pegs as the record stands after it (a go's
    /// point comes to the series' last card when the series closes) and None in the
    /// families of tricks. Raises StichError
    /// carrying the code the check gives the action in a record (S0301 for a revoke), line
    /// and column None, with the game unchanged.
    fn play(&self, py: Python<'_>, token: String) -> PyResult<Py<PyAny>> {
        let outcome = py.detach(|| {
            self.with(|g| {
                let action = g.parse_action(&token)?;
                g.play(&action)
            })
        })?;
        let played = outcome.map_err(|r| stich_error(py, r.message, Some(r.code), None, None))?;
        let d = PyDict::new(py);
        d.set_item("seat", played.seat)?;
        d.set_item("action", played.action)?;
        match played.trick {
            Some(t) => {
                let trick = PyDict::new(py);
                trick.set_item("winner", t.winner)?;
                trick.set_item("points", t.points)?;
                d.set_item("trick", trick)?;
            }
            None => d.set_item("trick", py.None())?,
        }
        d.set_item("points", played.points)?;
        d.set_item("over", played.over)?;
        Ok(d.into_any().unbind())
    }

    /// The result once the game is over, as the report's "result" gives it (a dict tagged
    /// with "family"); None before.
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let json = py.detach(|| self.with(|g| g.result().map(|r| serde_json::to_string(&r))))?;
        match json {
            None => Ok(py.None()),
            Some(Ok(text)) => Ok(json_loads(py, &text)?.unbind()),
            Some(Err(e)) => Err(PyValueError::new_err(e.to_string())),
        }
    }

    /// The game so far as a record in the stich notation, which `stich.check` finds
    /// consistent.
    fn to_record(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| self.with(|g| g.to_record()))
    }

    fn __repr__(&self) -> PyResult<String> {
        self.with(|g| {
            let to_act = g.to_act().map_or("None".to_string(), |s| format!("'{s}'"));
            format!(
                "Game(game='{}', rules='{}', to_act={to_act})",
                g.family().tag(),
                g.profile()
            )
        })
    }
}

#[pymodule]
fn _stich(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_text, m)?)?;
    m.add_function(wrap_pyfunction!(check_file, m)?)?;
    m.add_function(wrap_pyfunction!(table_file, m)?)?;
    m.add_function(wrap_pyfunction!(table_text, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(meld, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(schema, m)?)?;
    m.add_class::<Reader>()?;
    m.add_class::<PyGame>()?;
    m.add("REPORT_VERSION", report::REPORT_VERSION)?;
    Ok(())
}
