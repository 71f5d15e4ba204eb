//! The memory budget (`--max-memory`): a watchdog thread reads the process's resident set
//! size (`/proc/self/statm`) and raises the session's interrupt when it passes the
//! budget; the evaluator (inside one state's work) and the explorer (between blocks of
//! states) then stop, and the run ends `incomplete` (`max_memory`) instead of being killed.
//!
//! The accounting is approximate: it is the resident set of the whole process (seen set,
//! queue, values, everything), sampled, so a run can pass the budget by what it allocates
//! in one sampling interval. The interval is 10 ms near the budget and longer, up to
//! 250 ms, while the gap to the budget is more than the process could fill in it at
//! [`GROWTH_PER_CORE`] a core: a small run far below a large budget is not woken a hundred
//! times a second. Without `/proc` (not Linux) there is no watchdog. One value
//! too large to build at all (`[1..2147483647 -> {0}]`) is refused before it is built
//! (`E079`), whatever the budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tlafid_base::{Interrupt, StopReason};

/// The shortest interval between two readings of the resident set (near the budget).
const SAMPLE_AT_LEAST: Duration = Duration::from_millis(10);

/// The longest interval between two readings (far below the budget).
const SAMPLE_AT_MOST: Duration = Duration::from_millis(250);

/// The fastest one core is assumed to grow the resident set, in bytes a second: faulting in
/// fresh pages runs at a few GiB a second a core.
const GROWTH_PER_CORE: u64 = 4 << 30;

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

/// The resident set of this process, in bytes: the second field of `/proc/self/statm`, in
/// pages (cheaper to read than `/proc/self/status`, which the kernel renders whole).
#[cfg(target_os = "linux")]
fn resident_bytes() -> Option<u64> {
    static PAGE_BYTES: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let page = *PAGE_BYTES.get_or_init(|| page_bytes().unwrap_or(4096));
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    pages.checked_mul(page)
}

/// The page size, from the auxiliary vector the kernel gave the process (`AT_PAGESZ` in
/// `/proc/self/auxv`: pairs of native words). Read as a file rather than through a library
/// that walks the process's own memory for it (rustix's does, and dies under valgrind).
#[cfg(target_os = "linux")]
fn page_bytes() -> Option<u64> {
    let auxv = std::fs::read("/proc/self/auxv").ok()?;
    page_size_in(&auxv, std::mem::size_of::<usize>())
}

/// `AT_PAGESZ`'s value in an auxiliary vector of native-endian words of `word` bytes.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn page_size_in(auxv: &[u8], word: usize) -> Option<u64> {
    const AT_PAGESZ: u64 = 6;
    let read = |bytes: &[u8]| -> u64 {
        match word {
            8 => u64::from_ne_bytes(bytes.try_into().unwrap_or([0; 8])),
            _ => u64::from(u32::from_ne_bytes(bytes.try_into().unwrap_or([0; 4]))),
        }
    };
    auxv.chunks_exact(2 * word)
        .map(|pair| (read(&pair[..word]), read(&pair[word..])))
        .find(|&(key, _)| key == AT_PAGESZ)
        .map(|(_, value)| value)
        .filter(|&value| value.is_power_of_two())
}

/// Off Linux the resident set is not read: there is no watchdog.
#[cfg(not(target_os = "linux"))]
fn resident_bytes() -> Option<u64> {
    None
}

/// How long to wait before the next reading when the resident set is `rss` and the budget
/// `budget`: the time the gap takes to fill at `growth` bytes a second, within
/// [`SAMPLE_AT_LEAST`] and [`SAMPLE_AT_MOST`].
fn next_sample(rss: u64, budget: u64, growth: u64) -> Duration {
    let gap = budget.saturating_sub(rss);
    let fill = Duration::from_secs_f64(gap as f64 / growth.max(1) as f64);
    fill.clamp(SAMPLE_AT_LEAST, SAMPLE_AT_MOST)
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
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let growth = GROWTH_PER_CORE.saturating_mul(cores);
    raise_when(
        "memory-watchdog",
        interrupt,
        StopReason::Memory,
        move || match resident_bytes() {
            Some(rss) if rss > budget => Test::Holds,
            Some(rss) => Test::NotYet(next_sample(rss, budget, growth)),
            None => Test::NotYet(SAMPLE_AT_MOST),
        },
    )
}

/// What a watched condition says when tested ([`raise_when`]).
pub(crate) enum Test {
    /// It holds: raise the interrupt.
    Holds,
    /// Not yet: test again after this long.
    NotYet(Duration),
}

/// Starts a thread (named `name`) that tests `condition` until the watchdog is dropped,
/// waiting between tests as long as it says, and raises `interrupt` with `reason` the first
/// time it holds. If no thread can be started, nothing is watched (the run goes on as
/// without the budget).
pub(crate) fn raise_when(
    name: &str,
    interrupt: &Interrupt,
    reason: StopReason,
    condition: impl Fn() -> Test + Send + 'static,
) -> Watchdog {
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = Watchdog { done: done.clone() };
    let interrupt = interrupt.clone();
    let spawned = std::thread::Builder::new()
        .name(name.into())
        .stack_size(64 * 1024)
        .spawn(move || {
            while !done.load(Ordering::Relaxed) {
                match condition() {
                    Test::Holds => {
                        interrupt.raise(reason);
                        return;
                    }
                    Test::NotYet(wait) => std::thread::sleep(wait),
                }
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
    fn readings_are_sparse_only_far_below_the_budget() {
        let growth = 8 << 30;
        assert_eq!(next_sample(100 << 20, 16 << 30, growth), SAMPLE_AT_MOST);
        assert_eq!(next_sample(16 << 30, 16 << 30, growth), SAMPLE_AT_LEAST);
        assert_eq!(next_sample(17 << 30, 16 << 30, growth), SAMPLE_AT_LEAST);
        // 400 MiB below at 8 GiB a second: about 49 ms.
        let near = next_sample(112 << 20, 512 << 20, growth);
        assert!(near > Duration::from_millis(48) && near < Duration::from_millis(50));
    }

    #[test]
    fn the_page_size_in_an_auxiliary_vector() {
        let words: [u64; 6] = [33, 0x7fff_0000, 6, 16384, 0, 0];
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        assert_eq!(page_size_in(&bytes, 8), Some(16384));
        let narrow: Vec<u8> = [6u32, 4096, 0, 0]
            .iter()
            .flat_map(|w| w.to_ne_bytes())
            .collect();
        assert_eq!(page_size_in(&narrow, 4), Some(4096));
        assert_eq!(page_size_in(&bytes[..16], 8), None);
        assert_eq!(page_size_in(&[6, 0, 0], 8), None);
        #[cfg(target_os = "linux")]
        assert!(page_bytes().is_some_and(|page| page >= 4096));
    }

    #[test]
    fn fields_of_proc_files() {
        let text = "Name:\ttlafid\nVmRSS:\t   2048 kB\n";
        assert_eq!(kib_field(text, "VmRSS:"), Some(2048));
        assert_eq!(kib_field(text, "VmSwap:"), None);
    }
}
