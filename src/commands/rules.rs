//! `stich rules`: the games and rule profiles, with their options.

use serde_json::Value;

use crate::cli::{EXIT_OK, EXIT_USAGE, RulesArgs};

/// Runs `rules`.
pub fn run(args: &RulesArgs) -> u8 {
    let profiles = engine::profiles();
    if args.json {
        match serde_json::to_string_pretty(&profiles) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("stich: {e}");
                return EXIT_USAGE;
            }
        }
        return EXIT_OK;
    }
    for (i, p) in profiles.iter().enumerate() {
        if i > 0 {
            println!();
        }
        println!("{} {}: {}", p.game, p.name, p.description);
        println!("  source: {}", p.source);
        let mut lines = Vec::new();
        flatten("", &p.options, &mut lines);
        for line in lines {
            println!("  {line}");
        }
    }
    EXIT_OK
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
