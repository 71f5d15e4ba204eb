//! The diagnostic codes of this crate (`E060`-`E069`); `DIAGNOSTICS.md` explains each one.

use tlafid_base::Code;

/// A statement starts with something that is not a configuration keyword.
pub const UNKNOWN_KEYWORD: Code = Code(60);
/// A keyword that takes an operator name is followed by something else, or by nothing.
pub const EXPECTED_NAME: Code = Code(61);
/// A keyword that TLC allows once (`INIT`, `SPECIFICATION`, ...) is given again.
pub const DUPLICATE_KEYWORD: Code = Code(62);
/// The text holds a character or token that the configuration language has no use for,
/// or an unterminated string or comment.
pub const BAD_TOKEN: Code = Code(63);
/// A constant entry is malformed: no `=` or `<-`, or a broken `[Module]` or `(args)` part.
pub const BAD_CONSTANT: Code = Code(64);
/// A value is missing or malformed (for instance an unclosed `{`, or an integer outside
/// TLC's 32-bit range).
pub const BAD_VALUE: Code = Code(65);
/// `CHECK_DEADLOCK` is not followed by `TRUE` or `FALSE`.
pub const BAD_FLAG: Code = Code(66);
/// `SPECIFICATION` is given together with `INIT` or `NEXT` (TLC takes one or the other).
pub const SPEC_WITH_INIT_NEXT: Code = Code(67);
/// Warning: tlafid accepts this, but TLC rejects it (commas between names, negative numbers,
/// tuples, `\b`/`\o`/`\h` numbers).
pub const NOT_TLC: Code = Code(68);
/// A TLC-internal keyword (`_PERIODIC`, `_RL_REWARD`, `_POSSIBLE`) that tlafid does not support.
pub const UNSUPPORTED: Code = Code(69);
