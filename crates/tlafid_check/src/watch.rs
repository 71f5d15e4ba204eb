//! The clock of a run: time budget, cancellation, and when to call the progress callback.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::options::{Options, Progress};
use crate::report::Budget;

/// Shared by all workers of a run.
pub(crate) struct Watch {
    started: Instant,
    options: Options,
    /// Milliseconds since `started` of the last progress report.
    last_report_ms: AtomicU64,
}

impl Watch {
    /// Starts the clock.
    pub fn start(options: &Options) -> Watch {
        Watch {
            started: Instant::now(),
            options: options.clone(),
            last_report_ms: AtomicU64::new(0),
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The time budget or cancellation that stops the run, if any.
    pub fn exhausted(&self) -> Option<Budget> {
        if let Some(cancel) = &self.options.cancel {
            if cancel.load(Ordering::Relaxed) {
                return Some(Budget::Cancelled);
            }
        }
        if let Some(reason) = self.options.interrupt.as_ref().and_then(|i| i.check()) {
            return Some(Budget::of_stop(reason));
        }
        match self.options.max_duration {
            Some(limit) if self.elapsed() >= limit => Some(Budget::MaxDuration),
            _ => None,
        }
    }

    /// Calls the progress callback if the interval has passed since the last call; `snapshot`
    /// is only computed then. Only one thread reports per interval.
    pub fn maybe_report(&self, snapshot: impl FnOnce(Duration) -> Progress) {
        let Some(callback) = &self.options.progress else {
            return;
        };
        let elapsed = self.elapsed();
        let now_ms = elapsed.as_millis() as u64;
        let last = self.last_report_ms.load(Ordering::Relaxed);
        let interval_ms = self.options.progress_interval.as_millis() as u64;
        if now_ms < last + interval_ms.max(1) {
            return;
        }
        let claimed = self.last_report_ms.compare_exchange(
            last,
            now_ms,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
        if claimed.is_ok() {
            callback(&snapshot(elapsed));
        }
    }
}
