//! The memory budget (`--max-memory`): a watchdog thread reads the process's resident set
//! size every few milliseconds and raises the session's interrupt when it passes the
//! budget; the evaluator (inside one state's work) and the explorer (between blocks of
//! states) then stop, and the run ends `incomplete` (`max_memory`) instead of being killed.
//!
//! The accounting is approximate: it is the resident set of the whole process (seen set,
//! queue, values, everything), sampled, so a run can pass the budget by what it allocates
//! in one sampling interval. Without `/proc` (not Linux) there is no watchdog. One value
//! too large to build at all (`[1..2147483647 -> {0}]`) is refused before it is built
//! (`E079`), whatever the budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tlafid_base::{Interrupt, StopReason};

/// How often the resident set is read.
const SAMPLE_EVERY: Duration = Duration::from_millis(10);

/// When `/proc/meminfo` cannot be read: 4 GiB.
const FALLBACK_BYTES: u64 = 4 << 30;

/// Parses `--max-memory`: bytes, or a number with `K`, `M`, `G` or `T` (powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((at, _)) => (&text[..at], text[at..].to_ascii_uppercase()),
        None => (text, String::new()),
    };
    let shift = match unit.trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("unknown unit in {text} (use K, M, G or T)")),
    };
    let number: u64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("{text} is not a size (such as 512M or 4G)"))?;
    match number.checked_mul(1 << shift) {
        Some(bytes) if bytes > 0 => Ok(bytes),
        _ => Err(format!("{text} is not a size above 0 that fits in 64 bits")),
    }
}

/// The budget when `--max-memory` is not given: `TLAFID_MAX_MEMORY` if set, else three
/// quarters of the memory available when the run starts (`MemAvailable`), else 4 GiB.
pub fn default_budget() -> u64 {
    budget_from_environment().unwrap_or_else(|| {
        meminfo_kib("MemAvailable:").map_or(FALLBACK_BYTES, |kib| kib / 4 * 3 * 1024)
    })
}

/// `TLAFID_MAX_MEMORY`, if it is set to a size.
fn budget_from_environment() -> Option<u64> {
    std::env::var("TLAFID_MAX_MEMORY")
        .ok()
        .and_then(|v| parse_size(&v).ok())
}

fn meminfo_kib(field: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    kib_field(&text, field)
}

/// The number of KiB on the line starting with `field` (`VmRSS:    1234 kB`).
fn kib_field(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(field))?;
    line[field.len()..].split_whitespace().next()?.parse().ok()
}

/// The resident set of this process, in bytes.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    kib_field(&status, "VmRSS:").map(|kib| kib * 1024)
}

/// Stops a watching thread ([`raise_when`]) when dropped.
pub struct Watchdog {
    done: Arc<AtomicBool>,
}

impl Watchdog {
    /// One with no thread to stop.
    pub(crate) fn idle() -> Watchdog {
        Watchdog {
            done: Arc::new(AtomicBool::new(true)),
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

/// Starts a watchdog raising `interrupt` (as [`StopReason::Memory`]) once the resident set
/// passes `asked` bytes (`None`: [`default_budget`]). Where the resident set cannot be read,
/// there is no watchdog, and a budget asked for is said to be unsupported (`E008`).
pub fn watch(interrupt: &Interrupt, asked: Option<u64>) -> Watchdog {
    let budget = asked.unwrap_or_else(default_budget);
    if resident_bytes().is_none() {
        if let Some(asked) = asked.or_else(budget_from_environment) {
            eprintln!(
                "warning[{}]: a memory budget of {asked} bytes was asked for, but this platform \
                 does not show the process's resident set (only Linux's /proc does): the run \
                 has no memory budget",
                tlafid_pipeline::codes::MEMORY_BUDGET_UNSUPPORTED
            );
        }
        return Watchdog::idle();
    }
    raise_when(
        "memory-watchdog",
        SAMPLE_EVERY,
        interrupt,
        StopReason::Memory,
        move || resident_bytes().is_some_and(|rss| rss > budget),
    )
}

/// Starts a thread (named `name`) that tests `fired` every `every` until the watchdog is
/// dropped, and raises `interrupt` with `reason` the first time it holds. If no thread can be
/// started, nothing is watched (the run goes on as without the budget).
pub(crate) fn raise_when(
    name: &str,
    every: std::time::Duration,
    interrupt: &Interrupt,
    reason: StopReason,
    fired: impl Fn() -> bool + Send + 'static,
) -> Watchdog {
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = Watchdog { done: done.clone() };
    let interrupt = interrupt.clone();
    let spawned = std::thread::Builder::new()
        .name(name.into())
        .stack_size(64 * 1024)
        .spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if fired() {
                    interrupt.raise(reason);
                    return;
                }
                std::thread::sleep(every);
            }
        });
    drop(spawned);
    watchdog
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_with_and_without_units() {
        assert_eq!(parse_size("512"), Ok(512));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("64MiB"), Ok(64 << 20));
        assert_eq!(parse_size("1k"), Ok(1024));
        assert!(parse_size("0").is_err());
        assert!(parse_size("4X").is_err());
        assert!(parse_size("99999999999T").is_err());
        assert!(parse_size("").is_err());
    }

    #[test]
    fn fields_of_proc_files() {
        let text = "Name:\ttlafid\nVmRSS:\t   2048 kB\n";
        assert_eq!(kib_field(text, "VmRSS:"), Some(2048));
        assert_eq!(kib_field(text, "VmSwap:"), None);
    }
}
