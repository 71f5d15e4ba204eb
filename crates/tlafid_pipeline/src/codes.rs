//! The input and usage codes (`E00x`) the pipeline reports; the readers a front end gives
//! it report them too.

use tlafid_base::Code;

/// E001: a file cannot be read (missing, unreadable, too large).
pub const UNREADABLE: Code = Code(1);
/// E004: a command-line flag has a value that cannot be used.
pub const BAD_FLAG: Code = Code(4);
/// E009: warning: a JSON report, ITF trace or state-graph dump was over the output cap (64
/// MiB) and was cut (written without indentation, its counterexample shortened; a state graph
/// at a state); the message says what was kept.
pub const OUTPUT_CUT: Code = Code(9);
