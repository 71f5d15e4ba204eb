//! Diagnostic codes of mutation analysis (`E130`-`E139`).

use tlafid_base::Code;

/// The configuration names no behaviour (`SPECIFICATION` or `INIT`/`NEXT`), so there is
/// nothing to explore or mutate.
pub const NO_BEHAVIOUR: Code = Code(130);
/// `--property` names a property that the configuration does not check.
pub const UNKNOWN_PROPERTY: Code = Code(131);
/// `--type-invariant` names something that is not a state predicate of the spec.
pub const BAD_TYPE_INVARIANT: Code = Code(132);
/// The configuration checks no invariant or safety property, so there is nothing to judge.
pub const NOTHING_TO_JUDGE: Code = Code(133);
