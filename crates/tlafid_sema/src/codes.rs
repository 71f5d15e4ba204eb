//! The diagnostic codes of this crate (`E040`-`E059`), one constant per kind of problem.

use tlafid_base::Code;

/// A module named in `EXTENDS`/`INSTANCE` was not found.
pub const UNKNOWN_MODULE: Code = Code(40);
/// Modules that extend or instantiate each other in a cycle.
pub const CIRCULAR_MODULES: Code = Code(41);
/// A name that is not defined where it is used.
pub const UNDEFINED_NAME: Code = Code(42);
/// A name defined twice in one scope.
pub const DUPLICATE_DEFINITION: Code = Code(43);
/// An operator applied to the wrong number of arguments.
pub const ARITY_MISMATCH: Code = Code(44);
/// An operator used as a value, or a value used as an operator.
pub const NOT_A_VALUE: Code = Code(45);
/// A bound name or parameter that redefines a name already in scope.
pub const SHADOWED_NAME: Code = Code(46);
/// An `INSTANCE` without a substitution for a constant or variable.
pub const MISSING_SUBSTITUTION: Code = Code(47);
/// A substitution for something that is not a constant or variable of the module, or one
/// above the level of what it replaces (a state expression for a `CONSTANT`).
pub const BAD_SUBSTITUTION: Code = Code(48);
/// A substitution above the level of what it replaces (same code as [`BAD_SUBSTITUTION`]).
pub const SUBSTITUTION_LEVEL: Code = BAD_SUBSTITUTION;
/// `RECURSIVE F` without a definition of `F`.
pub const RECURSIVE_UNDEFINED: Code = Code(49);
/// A prime applied to an action or temporal expression.
pub const DOUBLE_PRIME: Code = Code(50);
/// An operand of `ENABLED`, `UNCHANGED`, `[A]_v`, `<<A>>_v`, `WF`/`SF`, `\cdot` above its level.
pub const OPERAND_LEVEL: Code = Code(51);
/// A temporal operator applied to an action.
pub const TEMPORAL_OF_ACTION: Code = Code(52);
/// An `ASSUME` that is not constant level.
pub const ASSUME_LEVEL: Code = Code(53);
/// A construct this implementation does not support.
pub const UNSUPPORTED: Code = Code(54);
/// An instance path `I!Op` whose first part is not an instance, or whose name it lacks.
pub const BAD_INSTANCE_PATH: Code = Code(55);
/// A module file whose module has another name than the one asked for.
pub const MODULE_NAME_MISMATCH: Code = Code(56);
/// `@` outside an `EXCEPT` value.
pub const AT_OUTSIDE_EXCEPT: Code = Code(57);
/// A name defined twice with the same kind and arity by different modules (SANY warns and
/// keeps the first definition).
pub const DUPLICATE_WARNING: Code = Code(58);
/// An operator argument above the level its parameter is used at (`F(x')` where `F(a) == a'`).
pub const ARGUMENT_LEVEL: Code = Code(59);
