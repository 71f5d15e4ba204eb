//! Diagnostics of the explorer itself (range `E090`-`E099`): bad options and misbehaving
//! systems. Violations and the system's own evaluation errors are outcomes, not diagnostics.

use tlafid_base::{Code, Diagnostic};

/// `E090`: the options cannot be used (no workers, empty blocks, zero depth, checkpoints of
/// temporal properties or of a system that cannot save its packing).
pub const INVALID_OPTIONS: Code = Code(90);
/// `E091`: replaying a counterexample did not meet the states found during the search: the
/// system is not deterministic (successor order or fingerprints changed between calls).
pub const REPLAY_MISMATCH: Code = Code(91);
/// `E092`: the worker threads could not be started.
pub const THREADS_UNAVAILABLE: Code = Code(92);

/// `E094`: a temporal property is too large to check: its disjunctive normal form, its
/// tableau or its product with the state graph exceeds the checker's limits.
pub const LIVENESS_TOO_LARGE: Code = Code(94);
/// `E095`: a temporal property names an atom the liveness specification does not declare (a
/// binding error).
pub const UNKNOWN_ATOM: Code = Code(95);

/// `E096`: a state the system packed for the queue could not be rebuilt from its bytes
/// (`TransitionSystem::unpack` refused what `pack` wrote): a binding error.
pub const UNPACK_FAILED: Code = Code(96);

/// `E097`: the files a run spills to or checkpoints into could not be written or read back.
pub const STORAGE_FAILED: Code = Code(97);
/// `E098`: `--recover` found no usable checkpoint: none there, or one that is truncated or
/// corrupt.
pub const CHECKPOINT_UNUSABLE: Code = Code(98);
/// `E099`: the checkpoint is of another model (or of the same model with other options that
/// shape its state space).
pub const CHECKPOINT_OTHER_MODEL: Code = Code(99);

/// An `E097` diagnostic.
pub(crate) fn storage_failed(storage: &dyn crate::Storage, error: &std::io::Error) -> Diagnostic {
    Diagnostic::error_nowhere(
        STORAGE_FAILED,
        format!("cannot use the files in {}: {error}", storage.describe()),
    )
    .with_hint(
        "give a writable folder with room for the spilled states (--spill-dir, --checkpoint)",
    )
}

/// An `E098` diagnostic.
pub(crate) fn checkpoint_unusable(storage: &dyn crate::Storage, why: &str) -> Diagnostic {
    Diagnostic::error_nowhere(
        CHECKPOINT_UNUSABLE,
        format!("no usable checkpoint in {}: {why}", storage.describe()),
    )
    .with_hint("name the folder a run with --checkpoint wrote, or start the run afresh")
}

/// An `E099` diagnostic.
pub(crate) fn checkpoint_other_model(storage: &dyn crate::Storage) -> Diagnostic {
    Diagnostic::error_nowhere(
        CHECKPOINT_OTHER_MODEL,
        format!(
            "the checkpoint in {} is of another model, or of this one with other options",
            storage.describe()
        ),
    )
    .with_hint(
        "resume with the same spec, configuration and --max-depth / --no-deadlock / \
         --requirements as the run that wrote it",
    )
}

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

/// An `E094` diagnostic.
pub(crate) fn liveness_too_large(property: &str, what: &str) -> Diagnostic {
    Diagnostic::error_nowhere(
        LIVENESS_TOO_LARGE,
        format!(
            "the temporal property {property} is too large to check: its {what} exceeds the limit"
        ),
    )
    .with_hint("split the property, or state fairness per action rather than on a disjunction")
}

/// An `E095` diagnostic.
pub(crate) fn unknown_atom(property: &str, atom: u32, declared: usize) -> Diagnostic {
    Diagnostic::error_nowhere(
        UNKNOWN_ATOM,
        format!("the temporal property {property} uses atom {atom}, but only {declared} atoms are declared"),
    )
}

/// An `E096` diagnostic.
pub(crate) fn unpack_failed() -> Diagnostic {
    Diagnostic::error_nowhere(
        UNPACK_FAILED,
        "a queued state could not be rebuilt from the bytes the system packed it into",
    )
    .with_hint("the transition system's unpack must accept every encoding its pack wrote")
}
