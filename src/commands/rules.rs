//! `stich rules`: the games and rule profiles, with their options.

use std::fmt::Write;

use serde_json::Value;

use crate::cli::{EXIT_OK, EXIT_USAGE, RulesArgs, RulesFormat};
use crate::out;

/// Runs `rules`.
pub fn run(args: &RulesArgs) -> u8 {
    let mut profiles = engine::profiles();
    if let Some(name) = &args.name {
        profiles.retain(|p| p.name == *name);
        if profiles.is_empty() {
            let names: Vec<String> = engine::profiles().into_iter().map(|p| p.name).collect();
            out::note(format_args!(
                "stich: no rule profile named `{name}`; the profiles: {}",
                names.join(", ")
            ));
            return EXIT_USAGE;
        }
    }
    let mut text = String::new();
    if args.json || args.format == RulesFormat::Json {
        // One profile asked for by name is an object; the list an array.
        let json = match profiles.as_slice() {
            [one] if args.name.is_some() => serde_json::to_string_pretty(one),
            all => serde_json::to_string_pretty(all),
        };
        match json {
            Ok(s) => text = s + "\n",
            Err(e) => {
                out::note(format_args!("stich: {e}"));
                return EXIT_USAGE;
            }
        }
    } else {
        for (i, p) in profiles.iter().enumerate() {
            if i > 0 {
                text.push('\n');
            }
            let _ = writeln!(text, "{} {}: {}", p.game, p.name, p.description);
            let _ = writeln!(text, "  source: {}", p.source);
            let mut lines = Vec::new();
            flatten("", &p.options, &mut lines);
            for line in lines {
                let _ = writeln!(text, "  {line}");
            }
        }
    }
    out::finish(out::write_all(text.as_bytes()), EXIT_OK)
}

/// Options as `dotted.key = value` lines, so nested option groups read one per line; lists
/// of numbers (the bid table) stay on one line.
fn flatten(prefix: &str, value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        Value::Array(items) if items.iter().all(Value::is_number) => {
            let nums: Vec<String> = items.iter().map(Value::to_string).collect();
            out.push(format!("{prefix} = {} values: {}", nums.len(), nums.join(" ")));
        }
        other => out.push(format!("{prefix} = {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_options_flatten_to_dotted_keys() {
        let v = serde_json::json!({"a": {"b": 1, "c": [2, 3]}, "d": null});
        let mut out = Vec::new();
        flatten("", &v, &mut out);
        assert_eq!(out, ["a.b = 1", "a.c = 2 values: 2 3", "d = null"]);
    }
}
