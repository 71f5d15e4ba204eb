//! The input and usage codes (`E00x`) the pipeline reports; the readers a front end gives
//! it report them too.

use tlafid_base::Code;

/// E001: a file cannot be read (missing, unreadable, too large).
pub const UNREADABLE: Code = Code(1);
/// E004: a command-line flag has a value that cannot be used.
pub const BAD_FLAG: Code = Code(4);
