//! Diagnostic codes of the binding (`E120`-`E129`): the configuration and the spec disagree.

use tlafid_base::Code;

/// A name in the configuration is not defined by the spec.
pub const UNDEFINED_IN_CONFIG: Code = Code(120);
/// A constant of the spec has no value in the configuration.
pub const MISSING_CONSTANT: Code = Code(121);
/// A configured name has the wrong kind or level (an invariant that is an action, ...).
pub const WRONG_KIND: Code = Code(122);
/// The configuration names neither `SPECIFICATION` nor `INIT` and `NEXT`.
pub const NO_BEHAVIOUR_SPEC: Code = Code(123);
/// The `SPECIFICATION` formula has a shape tlafid cannot split into init, next and fairness.
pub const UNSUPPORTED_SPEC: Code = Code(124);
/// The `SYMMETRY` or `VIEW` definition cannot be used.
pub const BAD_SYMMETRY: Code = Code(125);
/// A temporal property uses a construct tlafid cannot check (`\AA`, `-+->`, ...).
pub const UNSUPPORTED_TEMPORAL: Code = Code(126);
/// The bound of a quantifier over a temporal formula is not a constant, enumerable set.
pub const TEMPORAL_BOUND: Code = Code(127);
/// The requirements configuration (`R.cfg` beside a `--requirements R.tla`) sets something
/// other than `INVARIANT(S)` and `PROPERTY(IES)`, or lists no requirement.
pub const BAD_REQUIREMENTS_CONFIG: Code = Code(128);
/// An observable (`VARIABLE`) or constant of a requirements module is not defined by the model.
pub const UNMAPPED_OBSERVABLE: Code = Code(129);
/// A requirement's observable binds to the model's own name of the same spelling, with no
/// observation definition (a warning: the name may mean something else in this model).
pub const IMPLICIT_BINDING: Code = Code(140);
/// A reachable (or trace) state gives an observable a value outside the type the
/// requirements declare for it (`TypeOf_<name>`): the binding has another meaning.
pub const ILL_TYPED_OBSERVABLE: Code = Code(141);
