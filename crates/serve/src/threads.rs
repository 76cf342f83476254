//! The threads that check an upload's records: rayon's, named and at a lower priority than
//! the server's others.
//!
//! An upload's records are checked on every core while its writer, one thread holding the
//! store's one write transaction, writes the parts already checked; the other uploads wait
//! for that writer. When the checking threads and the writer share the cores as equals, the
//! writer gets about two thirds of one, and everything waits on it. At a lower priority the
//! checking threads take what the writer, the HTTP threads and `/v1/check` (which runs on
//! tokio's threads) leave, and no core is idle while there is checking to do. Measured with
//! 100,000 records with names in 1,000-record uploads two at a time, five pairs alternated:
//! 61,933–69,163 records/s against 56,664–60,725 at the same priority.

/// How much lower the checking threads' priority is: a `nice` increment (Linux, where a nice
/// value belongs to a thread; lowering one's own priority needs no privilege).
pub const CHECKING_NICE: i32 = 10;

/// The builder of the checking threads' pool: named `stich-check-N`, each lowering its own
/// priority by [`CHECKING_NICE`] as it starts.
pub fn checking_pool() -> rayon::ThreadPoolBuilder {
    rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("stich-check-{i}"))
        .start_handler(|_| lower_own_priority())
}

/// Makes [`checking_pool`] rayon's global pool, which the uploads use. A pool already made
/// (by a caller that used rayon before starting the server) is kept as it is: the priority
/// is a matter of speed only.
pub fn start_checking_threads() {
    let _already_made = checking_pool().build_global();
}

#[cfg(target_os = "linux")]
fn lower_own_priority() {
    // SAFETY: `nice` takes no pointers; on Linux it changes the calling thread's nice value
    // alone. Its answer is not looked at: a thread left at its priority only runs sooner.
    unsafe {
        libc::nice(CHECKING_NICE);
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_own_priority() {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The nice value of the calling thread, from the kernel's own account of it.
    fn own_nice() -> i32 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").expect("the thread's stat");
        // The command name, in parentheses, may hold spaces: the fields are counted after it.
        let after = &stat[stat.rfind(')').expect("a command name") + 2..];
        after
            .split(' ')
            .nth(16)
            .expect("the nice field")
            .parse()
            .expect("a number")
    }

    #[test]
    fn the_checking_threads_run_at_a_lower_priority_with_their_names() {
        let here = own_nice();
        let pool = checking_pool().num_threads(2).build().expect("a pool");
        let (name, nice) = pool.install(|| (std::thread::current().name().map(str::to_string), own_nice()));
        assert_eq!(nice, (here + CHECKING_NICE).min(19));
        assert!(
            name.is_some_and(|n| n.starts_with("stich-check-")),
            "a named thread"
        );
        assert_eq!(own_nice(), here, "the caller's own priority is not changed");
    }
}
