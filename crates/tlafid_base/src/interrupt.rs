//! Telling a run, from outside its loops, to stop: a deadline, a memory budget, a
//! cancellation. The evaluator polls an [`Interrupt`] every few thousand steps of work, so a
//! budget is honoured inside the evaluation of one state, not only between states.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Why a run was stopped from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The time budget (`--max-seconds`) ran out.
    Deadline,
    /// The memory budget (`--max-memory`) ran out.
    Memory,
    /// The run was cancelled (an MCP client, a signal).
    Cancelled,
}

impl StopReason {
    fn from_u8(n: u8) -> Option<StopReason> {
        match n {
            1 => Some(StopReason::Deadline),
            2 => Some(StopReason::Memory),
            3 => Some(StopReason::Cancelled),
            _ => None,
        }
    }

    fn to_u8(self) -> u8 {
        match self {
            StopReason::Deadline => 1,
            StopReason::Memory => 2,
            StopReason::Cancelled => 3,
        }
    }
}

/// A shared stop signal, with an optional deadline of its own and a parent it also obeys.
/// Cloning shares it. The default is never raised and has no deadline.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    reason: AtomicU8,
    deadline: Option<Instant>,
    parent: Option<Interrupt>,
}

impl Interrupt {
    /// A signal never raised, with no deadline.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// A signal raised when `self` is, or at `deadline` (`None`: only when `self` is).
    pub fn with_deadline(&self, deadline: Option<Instant>) -> Interrupt {
        Interrupt(Arc::new(Inner {
            reason: AtomicU8::new(0),
            deadline,
            parent: Some(self.clone()),
        }))
    }

    /// Raises the signal; the first reason given is the one kept.
    pub fn raise(&self, reason: StopReason) {
        let _ =
            self.0
                .reason
                .compare_exchange(0, reason.to_u8(), Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Why the run must stop, if it must: raised here or in a parent, or past the deadline
    /// (which raises it). Reads the clock only when there is a deadline.
    pub fn check(&self) -> Option<StopReason> {
        if let Some(reason) = StopReason::from_u8(self.0.reason.load(Ordering::Relaxed)) {
            return Some(reason);
        }
        if self.0.deadline.is_some_and(|d| Instant::now() >= d) {
            self.raise(StopReason::Deadline);
            return Some(StopReason::Deadline);
        }
        self.0.parent.as_ref().and_then(Interrupt::check)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_child_obeys_its_parent_and_its_deadline() {
        let root = Interrupt::new();
        let child = root.with_deadline(Some(Instant::now() + Duration::from_secs(3600)));
        assert_eq!(child.check(), None);
        root.raise(StopReason::Memory);
        root.raise(StopReason::Cancelled);
        assert_eq!(child.check(), Some(StopReason::Memory));
        let past = Interrupt::new().with_deadline(Some(Instant::now()));
        assert_eq!(past.check(), Some(StopReason::Deadline));
    }
}
