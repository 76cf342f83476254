//! `stich rules`: the games and rule profiles, with their options.

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
    for p in &profiles {
        println!("{} {}: {}", p.game, p.name, p.description);
        if let Ok(serde_json::Value::Object(options)) = serde_json::to_value(&p.options) {
            for (k, v) in options {
                println!("    {k} = {v}");
            }
        }
    }
    EXIT_OK
}
