//! Diagnostics of the explorer itself (range `E090`-`E099`): bad options and misbehaving
//! systems. Violations and the system's own evaluation errors are outcomes, not diagnostics.

use tlafid_base::{Code, Diagnostic};

/// `E090`: the options cannot be used (no workers, empty blocks, zero depth).
pub const INVALID_OPTIONS: Code = Code(90);
/// `E091`: replaying a counterexample did not meet the states found during the search: the
/// system is not deterministic (successor order or fingerprints changed between calls).
pub const REPLAY_MISMATCH: Code = Code(91);
/// `E092`: the worker threads could not be started.
pub const THREADS_UNAVAILABLE: Code = Code(92);

/// An `E090` diagnostic.
pub(crate) fn invalid_options(message: impl Into<String>) -> Diagnostic {
    Diagnostic::error_nowhere(INVALID_OPTIONS, message)
}

/// An `E091` diagnostic.
pub(crate) fn replay_mismatch(message: impl Into<String>) -> Diagnostic {
    Diagnostic::error_nowhere(REPLAY_MISMATCH, message).with_hint(
        "the transition system must emit the same initial states and successors, in the same \
         order, every time it is asked",
    )
}

/// An `E092` diagnostic.
pub(crate) fn threads_unavailable(error: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error_nowhere(
        THREADS_UNAVAILABLE,
        format!("cannot start worker threads: {error}"),
    )
}
