//! SIGINT and SIGTERM as a cancellation: the first ends the run as *incomplete*
//! (`cancelled`) with its report and counts, like a budget; a second ends the process at
//! once with 128 + the signal, as the default action's status would read in a shell.
//!
//! The handlers only set a flag (`signal_hook::flag`, async-signal-safe); a thread polls it
//! and raises the session's [`Interrupt`], which the explorer and the evaluator already obey
//! inside one state's work. Off Unix, the signals keep their default action.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tlafid_base::{Interrupt, StopReason};

use crate::memory::{raise_when, Test, Watchdog};

/// How often the flag is read: a run ends within this much of the signal (besides the
/// state's work it finishes).
const POLL_EVERY: Duration = Duration::from_millis(25);

/// Raises `interrupt` (as [`StopReason::Cancelled`]) at the first SIGINT or SIGTERM.
///
/// The watchdog returned stops polling when dropped; the handlers stay (a signal after the
/// run ended only sets the flag, and a second one still exits).
pub fn cancel_on_signals(interrupt: &Interrupt) -> Watchdog {
    let Some(received) = received() else {
        return Watchdog::idle();
    };
    raise_when(
        "signals",
        interrupt,
        StopReason::Cancelled,
        move || match received.load(Ordering::Relaxed) {
            true => Test::Holds,
            false => Test::NotYet(POLL_EVERY),
        },
    )
}

/// The flag the handlers set, registered once per process (`None` where signals cannot be
/// caught: the run then has no cancellation, as before).
fn received() -> Option<Arc<AtomicBool>> {
    static RECEIVED: std::sync::OnceLock<Option<Arc<AtomicBool>>> = std::sync::OnceLock::new();
    RECEIVED.get_or_init(register).clone()
}

#[cfg(unix)]
fn register() -> Option<Arc<AtomicBool>> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::flag;
    let received = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM] {
        // In this order: the first signal finds the flag unset, then sets it; a second
        // finds it set and exits.
        flag::register_conditional_shutdown(signal, 128 + signal, received.clone()).ok()?;
        flag::register(signal, received.clone()).ok()?;
    }
    Some(received)
}

#[cfg(not(unix))]
fn register() -> Option<Arc<AtomicBool>> {
    None
}
