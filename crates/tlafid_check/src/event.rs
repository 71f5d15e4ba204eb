//! Stopping events (violations, deadlocks, errors, budgets) found while a level is expanded.
//!
//! Several workers may find events in one level; the one reported is the first in sequential
//! order: by [`OrderKey`], then by [`Check`] (TLC checks a successor's invariants before the
//! action properties of the step to it).

use crate::claims::OrderKey;
use crate::report::{Budget, Outcome};
use crate::{ActionId, ViolationId};

/// Which check of one successor an event came from; the order is TLC's order of checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Check {
    /// The state itself: constraints, invariants, successor generation, deadlock, budgets.
    State,
    /// The step into the state: action properties.
    Step,
}

/// What happened.
#[derive(Debug)]
pub(crate) enum EventKind<E> {
    Invariant(ViolationId),
    InitialProperty(ViolationId),
    ActionProperty(ViolationId),
    Deadlock,
    Error(E),
    Budget(Budget),
}

impl<E> EventKind<E> {
    /// True if the successor at the event's own key counts as a distinct state at the event
    /// (TLC adds a new state to its seen set before checking it; a budget stops just before).
    pub fn counts_own_state(&self) -> bool {
        !matches!(self, EventKind::Budget(_))
    }

    /// True for the violations a run goes on after with `-continue` (TLC continues after an
    /// invariant or action property of a step, not after an initial-state property).
    pub fn is_continued(&self) -> bool {
        matches!(self, EventKind::Invariant(_) | EventKind::ActionProperty(_))
    }

    /// What a continued violation ([`is_continued`](Self::is_continued)) was.
    pub fn violation(&self) -> Option<crate::ViolationKind> {
        match self {
            EventKind::Invariant(id) => Some(crate::ViolationKind::Invariant(*id)),
            EventKind::ActionProperty(id) => Some(crate::ViolationKind::ActionProperty(*id)),
            _ => None,
        }
    }

    /// The report outcome.
    pub fn into_outcome(self) -> Outcome<E> {
        match self {
            EventKind::Invariant(invariant) => Outcome::InvariantViolation { invariant },
            EventKind::InitialProperty(property) => Outcome::InitialPropertyViolation { property },
            EventKind::ActionProperty(property) => Outcome::ActionPropertyViolation { property },
            EventKind::Deadlock => Outcome::Deadlock,
            EventKind::Error(error) => Outcome::EvalError { error },
            EventKind::Budget(budget) => Outcome::Incomplete { budget },
        }
    }
}

/// One stopping event.
#[derive(Debug)]
pub(crate) struct Event<S, E> {
    /// Where, in sequential order.
    pub key: OrderKey,
    /// Which check at that key.
    pub check: Check,
    /// Successors of the parent counted as generated when the event happens.
    pub generated_through: u32,
    /// What happened.
    pub kind: EventKind<E>,
    /// The successor concerned, if the event is about a successor rather than the parent.
    pub successor: Option<(Option<ActionId>, S)>,
}

impl<S, E> Event<S, E> {
    /// The sequential order of events.
    pub fn order(&self) -> (OrderKey, Check) {
        (self.key, self.check)
    }
}

/// Keeps the first of several events in sequential order.
pub(crate) fn keep_first<S, E>(first: &mut Option<Event<S, E>>, candidate: Event<S, E>) {
    match first {
        Some(current) if current.order() <= candidate.order() => {}
        _ => *first = Some(candidate),
    }
}
