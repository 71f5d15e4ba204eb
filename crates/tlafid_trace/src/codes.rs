//! Diagnostic codes of trace validation (`E100`-`E112`): the trace, or how it is to be read,
//! is wrong.

use tlafid_base::Code;

/// A line (or the ITF document) is not well-formed JSON.
pub const MALFORMED_JSON: Code = Code(100);
/// The JSON is well-formed but not shaped as the trace format requires (a missing or
/// unknown field, a field of the wrong JSON type, an `init` line after the first).
pub const BAD_SHAPE: Code = Code(101);
/// A step names an action the model's next-state relation does not have.
pub const UNKNOWN_ACTION: Code = Code(102);
/// A step binds an argument the named action has no parameter for.
pub const UNKNOWN_ARGUMENT: Code = Code(103);
/// A state names an observable that is neither a variable nor a zero-argument operator.
pub const UNKNOWN_OBSERVABLE: Code = Code(104);
/// A value cannot be read as a TLA+ value (`null`, a fraction, an unknown `#` form).
pub const BAD_VALUE: Code = Code(105);
/// In `--windows` mode, a window's `pre_state` does not give every variable.
pub const PARTIAL_PRE_STATE: Code = Code(106);
/// Evaluating the model on a trace state failed.
pub const EVALUATION_FAILED: Code = Code(107);
/// The trace has no steps.
pub const EMPTY_TRACE: Code = Code(108);
/// `--silent` names an action the model's next-state relation does not have.
pub const UNKNOWN_SILENT_ACTION: Code = Code(109);
/// The observation module (`--observe`) cannot be used: it does not load, or does not
/// extend the model.
pub const BAD_OBSERVATION_MODULE: Code = Code(110);
