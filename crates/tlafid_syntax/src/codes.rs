//! The diagnostic codes of the front end: lexing E010-E019, parsing E020-E039.

use tlafid_base::Code;

/// A character that starts no token.
pub const BAD_CHAR: Code = Code(10);
/// A `(*` comment that is never closed.
pub const UNTERMINATED_COMMENT: Code = Code(11);
/// A string literal that does not end on its line.
pub const UNTERMINATED_STRING: Code = Code(12);
/// An escape sequence in a string other than `\"`, `\\`, `\n`, `\t`, `\r`, `\f`.
pub const BAD_ESCAPE: Code = Code(13);
/// So many lexical errors that the rest of the file was ignored.
pub const TOO_MANY_LEX_ERRORS: Code = Code(16);

/// No `---- MODULE Name ----` header in the file.
pub const NO_MODULE: Code = Code(20);
/// A token that cannot appear where it was found.
pub const UNEXPECTED: Code = Code(21);
/// A module without its closing `====` line.
pub const UNCLOSED_MODULE: Code = Code(22);
/// Two operators with overlapping precedence mixed without parentheses.
pub const PRECEDENCE_CONFLICT: Code = Code(23);
/// Expressions nested deeper than the parser allows.
pub const TOO_DEEP: Code = Code(24);
/// Syntax this front end does not support.
pub const UNSUPPORTED: Code = Code(25);
/// A binder that is not a name or a tuple of names (`\E 1 \in S`).
pub const BAD_BINDER: Code = Code(26);
/// A definition whose left-hand side is malformed.
pub const BAD_DEFINITION: Code = Code(27);
/// `@` outside the value of an `EXCEPT` update.
pub const AT_OUTSIDE_EXCEPT: Code = Code(28);
/// So many syntax errors that parsing stopped.
pub const TOO_MANY_ERRORS: Code = Code(29);
