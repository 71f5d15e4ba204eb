//! Budgets every run shares: the time budget as a deadline the evaluator polls inside one
//! state's work, the stop signal of the session (memory, cancellation), and the limits on
//! the flags that set them.

use std::time::{Duration, Instant};

use tlafid_base::{Diagnostic, Interrupt, StopReason};
use tlafid_check::Budget;
use tlafid_eval::EvalError;

use crate::codes;

/// The most worker threads a run starts (more would only fail to spawn).
pub const MAX_WORKERS: usize = 1024;

/// A time budget above this many seconds (about 31 years) is the same as none; it keeps
/// `Instant + Duration` from overflowing.
pub const MAX_SECONDS: f64 = 1e9;

/// `--max-seconds` as a duration (at most [`MAX_SECONDS`]); `None` when not given.
pub fn duration(max_seconds: Option<f64>) -> Option<Duration> {
    max_seconds.map(|s| Duration::from_secs_f64(s.clamp(0.0, MAX_SECONDS)))
}

/// The problem with `--workers` and `--max-seconds`, if there is one, naming only the flag at
/// fault: at least one and at most [`MAX_WORKERS`] workers, and a positive, finite number of
/// seconds.
pub fn flags_problem(workers: usize, max_seconds: Option<f64>) -> Option<Diagnostic> {
    let message = if !(1..=MAX_WORKERS).contains(&workers) {
        format!("--workers must be between 1 and {MAX_WORKERS}")
    } else {
        match max_seconds {
            Some(s) if !(s.is_finite() && s > 0.0) => {
                format!("--max-seconds must be a positive number, not {s}")
            }
            _ => return None,
        }
    };
    Some(Diagnostic::error_nowhere(codes::BAD_FLAG, message))
}

/// The signal one run's evaluation obeys: the session's (memory, cancellation) and a
/// deadline `max_seconds` from now.
pub fn run_interrupt(session: &Interrupt, max_seconds: Option<f64>) -> Interrupt {
    session.with_deadline(duration(max_seconds).map(|d| Instant::now() + d))
}

/// The budget behind an evaluation error, when the error is the evaluator stopping because
/// `interrupt` was raised (`E084`): such a run is incomplete, not failed.
pub fn stopped_by(error: &EvalError, interrupt: &Interrupt) -> Option<Budget> {
    if error.code != tlafid_eval::E_INTERRUPTED {
        return None;
    }
    Some(Budget::of_stop(
        interrupt.check().unwrap_or(StopReason::Cancelled),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_and_odd_flags_are_refused_or_clamped() {
        assert!(flags_problem(1, Some(1e300)).is_none());
        assert_eq!(
            duration(Some(1e300)),
            Some(Duration::from_secs(1_000_000_000))
        );
        assert!(flags_problem(0, None).is_some());
        assert!(flags_problem(MAX_WORKERS + 1, None).is_some());
        assert!(flags_problem(1, Some(f64::NAN)).is_some());
        assert!(flags_problem(1, Some(-1.0)).is_some());
    }
}
