//! Settings: from flags, then the environment (`STICH_*`), then a TOML config file, then
//! the defaults; the first that gives a setting wins.

use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

/// The bounds on requests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes of a request body (as sent, before any decompression): `413` past it.
    pub body_bytes: usize,
    /// The most records in one request body: `413` past it.
    pub records: usize,
    /// The most time a request may take until its answer starts: `503` past it.
    pub timeout: Duration,
    /// The most requests handled at once: `429` for one more.
    pub concurrent: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 64 << 20,
            records: 100_000,
            timeout: Duration::from_secs(30),
            concurrent: 512,
        }
    }
}

/// Everything `stich serve` needs to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The address to listen on.
    pub addr: String,
    /// The store: a SQLite file's path (created when missing), `:memory:`, or a PostgreSQL
    /// database's address (`postgres://…`).
    pub db: String,
    /// The file of tokens that may write ([`crate::auth`]); without one nothing may write.
    pub token_file: Option<PathBuf>,
    /// Origins allowed to call the API from a browser; none: no CORS headers at all.
    pub cors: Vec<String>,
    /// The bounds on requests.
    pub limits: Limits,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            addr: "127.0.0.1:8080".into(),
            db: "stich.db".into(),
            token_file: None,
            cors: Vec::new(),
            limits: Limits::default(),
        }
    }
}

/// Settings as flags or a config file give them: each one optional.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Given {
    /// `--addr`, `STICH_ADDR`, `addr`.
    pub addr: Option<String>,
    /// `--db`, `STICH_DB`, `db`.
    pub db: Option<String>,
    /// `--token-file`, `STICH_TOKEN_FILE`, `token_file`.
    pub token_file: Option<PathBuf>,
    /// `--cors` (repeated), `STICH_CORS` (comma-separated), `cors` (a list).
    pub cors: Option<Vec<String>>,
    /// `--max-body-bytes`, `STICH_MAX_BODY_BYTES`, `max_body_bytes`.
    pub max_body_bytes: Option<usize>,
    /// `--max-records`, `STICH_MAX_RECORDS`, `max_records`.
    pub max_records: Option<usize>,
    /// `--timeout-secs`, `STICH_TIMEOUT_SECS`, `timeout_secs`.
    pub timeout_secs: Option<u64>,
    /// `--max-concurrent`, `STICH_MAX_CONCURRENT`, `max_concurrent`.
    pub max_concurrent: Option<usize>,
}

impl Given {
    /// The settings the environment gives, through `var` (`std::env::var` in use); a
    /// number that does not read is an error naming the variable.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Given, String> {
        fn number<T: std::str::FromStr>(name: &str, v: Option<String>) -> Result<Option<T>, String> {
            v.map(|v| {
                v.trim()
                    .parse()
                    .map_err(|_| format!("{name}: `{v}` is not a number"))
            })
            .transpose()
        }
        Ok(Given {
            addr: var("STICH_ADDR"),
            db: var("STICH_DB"),
            token_file: var("STICH_TOKEN_FILE").map(PathBuf::from),
            cors: var("STICH_CORS").map(|v| {
                v.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            }),
            max_body_bytes: number("STICH_MAX_BODY_BYTES", var("STICH_MAX_BODY_BYTES"))?,
            max_records: number("STICH_MAX_RECORDS", var("STICH_MAX_RECORDS"))?,
            timeout_secs: number("STICH_TIMEOUT_SECS", var("STICH_TIMEOUT_SECS"))?,
            max_concurrent: number("STICH_MAX_CONCURRENT", var("STICH_MAX_CONCURRENT"))?,
        })
    }

    /// The settings of a config file's TOML text.
    pub fn from_toml(text: &str) -> Result<Given, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    /// These settings, each where given, else those of `other`.
    pub fn or(self, other: Given) -> Given {
        Given {
            addr: self.addr.or(other.addr),
            db: self.db.or(other.db),
            token_file: self.token_file.or(other.token_file),
            cors: self.cors.or(other.cors),
            max_body_bytes: self.max_body_bytes.or(other.max_body_bytes),
            max_records: self.max_records.or(other.max_records),
            timeout_secs: self.timeout_secs.or(other.timeout_secs),
            max_concurrent: self.max_concurrent.or(other.max_concurrent),
        }
    }

    /// The settings, the defaults where nothing was given.
    pub fn settings(self) -> Settings {
        let d = Settings::default();
        Settings {
            addr: self.addr.unwrap_or(d.addr),
            db: self.db.unwrap_or(d.db),
            token_file: self.token_file,
            cors: self.cors.unwrap_or_default(),
            limits: Limits {
                body_bytes: self.max_body_bytes.unwrap_or(d.limits.body_bytes),
                records: self.max_records.unwrap_or(d.limits.records).max(1),
                timeout: self.timeout_secs.map_or(d.limits.timeout, Duration::from_secs),
                concurrent: self.max_concurrent.unwrap_or(d.limits.concurrent).max(1),
            },
        }
    }
}

/// The settings from `flags`, the environment through `var`, and the config file that
/// `config` (or `STICH_CONFIG`) names, in that order.
pub fn resolve(
    flags: Given,
    config: Option<PathBuf>,
    var: impl Fn(&str) -> Option<String>,
) -> Result<Settings, String> {
    let env = Given::from_env(&var)?;
    let config = config.or_else(|| var("STICH_CONFIG").map(PathBuf::from));
    let file = match config {
        Some(path) => {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Given::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Given::default(),
    };
    Ok(flags.or(env).or(file).settings())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_win_over_the_environment_which_wins_over_the_file() {
        let dir = std::env::temp_dir().join(format!("stich-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("serve.toml");
        std::fs::write(
            &file,
            "addr = \"0.0.0.0:1\"\ndb = \"file.db\"\nmax_records = 7\ncors = [\"https://a.example\"]\n",
        )
        .unwrap();
        let env = |k: &str| match k {
            "STICH_DB" => Some("env.db".to_string()),
            "STICH_TIMEOUT_SECS" => Some("3".to_string()),
            _ => None,
        };
        let flags = Given {
            addr: Some("127.0.0.1:9".into()),
            ..Given::default()
        };
        let s = resolve(flags, Some(file.clone()), env).unwrap();
        assert_eq!(s.addr, "127.0.0.1:9");
        assert_eq!(s.db, "env.db");
        assert_eq!(s.limits.records, 7);
        assert_eq!(s.limits.timeout, Duration::from_secs(3));
        assert_eq!(s.cors, ["https://a.example"]);
        assert_eq!(s.limits.body_bytes, Limits::default().body_bytes);
        std::fs::write(&file, "adr = 1\n").unwrap();
        assert!(resolve(Given::default(), Some(file), |_| None).is_err());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_variable_that_is_not_a_number_is_named() {
        let e = Given::from_env(|k| (k == "STICH_MAX_RECORDS").then(|| "many".to_string())).unwrap_err();
        assert!(e.contains("STICH_MAX_RECORDS"), "{e}");
    }
}
