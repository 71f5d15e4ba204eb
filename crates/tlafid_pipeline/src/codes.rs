//! The input and usage codes (`E00x`) the pipeline reports; the readers a front end gives
//! it report them too.

use tlafid_base::Code;

/// E001: a file cannot be read (missing, unreadable, too large).
pub const UNREADABLE: Code = Code(1);
/// E004: a command-line flag has a value that cannot be used.
pub const BAD_FLAG: Code = Code(4);
/// E008: warning: a memory budget (`--max-memory`, `TLAFID_MAX_MEMORY`) was asked for where
/// the resident set cannot be read (only Linux's `/proc` gives it): the run has no memory
/// budget.
pub const MEMORY_BUDGET_UNSUPPORTED: Code = Code(8);
/// E009: warning: output over the cap (64 MiB per destination: standard output, each file
/// written) was cut; the message says what was kept. A JSON report or ITF trace is written
/// without indentation and keeps the counterexample's first states that fit, an event log or
/// DOT graph its first lines or states, any other text its first lines and a last line
/// saying it was cut.
pub const OUTPUT_CUT: Code = Code(9);
