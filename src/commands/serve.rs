//! `stich serve`: the HTTP API of the `serve` crate.

use crate::cli::{EXIT_OK, EXIT_USAGE, ServeArgs};
use crate::out;

/// Runs `serve` until SIGTERM or Ctrl-C.
pub fn run(args: ServeArgs) -> u8 {
    let flags = serve::settings::Given {
        addr: args.addr,
        db: args.db,
        token_file: args.token_file,
        cors: (!args.cors.is_empty()).then_some(args.cors),
        max_body_bytes: args.max_body_bytes,
        max_records: args.max_records,
        timeout_secs: args.timeout_secs,
        max_concurrent: args.max_concurrent,
    };
    let settings = match serve::settings::resolve(flags, args.config, |k| std::env::var(k).ok()) {
        Ok(s) => s,
        Err(e) => {
            out::note(format_args!("stich serve: {e}"));
            return EXIT_USAGE;
        }
    };
    match serve::run_blocking(settings) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            out::note(format_args!("stich serve: {e}"));
            EXIT_USAGE
        }
    }
}
