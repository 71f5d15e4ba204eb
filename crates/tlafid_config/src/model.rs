//! What a parsed `.cfg` file says: the [`Config`] and its parts, every item with its span.

use std::fmt;

use smol_str::SmolStr;
use tlafid_base::Span;

/// A name as written in the configuration (an operator, constant, or module name), with where
/// it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The name. A constant name qualified with `!` (TLC accepts `Inst!C = 3`) keeps the `!`s:
    /// `"Inst!C"`.
    pub name: SmolStr,
    /// The span of the name in the configuration text.
    pub span: Span,
}

/// A `TRUE`/`FALSE` setting, with where its value was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The value.
    pub value: bool,
    /// The span of the `TRUE` or `FALSE` token.
    pub span: Span,
}

/// A constant value as TLC's configuration language writes it.
///
/// The checker converts these to its own values. Names that are not `TRUE`/`FALSE` are always
/// model values, as in TLC (`p1 = p1` makes the constant `p1` the model value `p1`); TLC gives a
/// model value named `x_...`, where `x` is one letter, the "type" `x`, which is the checker's
/// business.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigValue {
    /// An integer. The parser only accepts TLC's 32-bit range.
    Int(i64),
    /// A string, with its characters exactly as written between the quotes: TLC keeps escape
    /// sequences such as `\n` in `.cfg` strings verbatim (two characters), so this does too.
    Str(SmolStr),
    /// `TRUE` or `FALSE`.
    Bool(bool),
    /// A model value, named by any other identifier.
    ModelValue(SmolStr),
    /// `{a, b, c}`: the elements in written order, duplicates kept (the checker normalizes).
    Set(Vec<ConfigValue>),
    /// `<<a, b>>`: a tlafid extension (TLC's configuration language has no tuples).
    Tuple(Vec<ConfigValue>),
}

/// A [`ConfigValue`] with the span it was written at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpannedValue {
    /// The value.
    pub value: ConfigValue,
    /// Where the whole value was written.
    pub span: Span,
}

/// The right-hand side of a constant binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Binding {
    /// `N = 3`: the constant (or, with arguments, one point of the constant operator) has
    /// this value.
    Value(SpannedValue),
    /// `N <- Op`: the constant or operator is replaced by the definition `Op`.
    Substitute(Named),
}

/// One entry of a `CONSTANT`/`CONSTANTS` section.
///
/// Forms, as TLC accepts them: `N = 3`, `F(1, a) = 2` (one point of a constant operator; TLC
/// gathers all lines for `F` into a table), `N <- Op`, `N <- [M] Op` (replace `N` by `Op`
/// inside module `M` only), and `N = [M] 3` (give `N` a value inside module `M` only).
/// When one constant is bound twice, TLC uses the later binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstantBinding {
    /// The constant or operator bound (may be `!`-qualified).
    pub name: Named,
    /// Arguments of a constant-operator point, `F(1, a) = ...`; empty otherwise.
    pub args: Vec<SpannedValue>,
    /// The module the binding applies to, for the `[M]` forms; `None` for the root module.
    pub module: Option<Named>,
    /// The value or substitute definition.
    pub binding: Binding,
    /// The whole entry, from the name to the end of the right-hand side.
    pub span: Span,
}

/// Everything a TLC configuration file sets, in the order written.
///
/// Settings TLC allows once are `Option`s; lists gather every occurrence of their keyword
/// (`INVARIANT A` then `INVARIANTS B C` gives three invariants). Nothing here is checked
/// against the specification: a name that the spec does not define is the checker's error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// `SPECIFICATION Spec`: the temporal formula that gives the behaviours (used instead of
    /// `INIT`/`NEXT`).
    pub specification: Option<Named>,
    /// `INIT Init`: the initial-state predicate.
    pub init: Option<Named>,
    /// `NEXT Next`: the next-state action.
    pub next: Option<Named>,
    /// `CONSTANT`/`CONSTANTS` entries, in written order.
    pub constants: Vec<ConstantBinding>,
    /// `INVARIANT`/`INVARIANTS`: state predicates checked in every reachable state.
    pub invariants: Vec<Named>,
    /// `PROPERTY`/`PROPERTIES`: temporal properties checked on behaviours.
    pub properties: Vec<Named>,
    /// `CONSTRAINT`/`CONSTRAINTS`: state predicates that prune exploration.
    pub constraints: Vec<Named>,
    /// `ACTION_CONSTRAINT`/`ACTION_CONSTRAINTS`: actions that prune transitions.
    pub action_constraints: Vec<Named>,
    /// `SYMMETRY Perms`: a set of permutations for symmetry reduction.
    pub symmetry: Option<Named>,
    /// `VIEW V`: states are told apart by the value of `V` instead of all variables.
    pub view: Option<Named>,
    /// `CHECK_DEADLOCK TRUE|FALSE`; TLC checks deadlock when this is absent.
    pub check_deadlock: Option<Flag>,
    /// `ALIAS A`: a record expression that replaces states in printed traces.
    pub alias: Option<Named>,
    /// `POSTCONDITION`/`POSTCONDITIONS`: constant-level predicates checked after exploration
    /// (TLC accepts several since 2026).
    pub postconditions: Vec<Named>,
}

impl Config {
    /// Whether deadlock is checked: TLC checks unless `CHECK_DEADLOCK FALSE` is given.
    pub fn checks_deadlock(&self) -> bool {
        !matches!(self.check_deadlock, Some(Flag { value: false, .. }))
    }
}

impl fmt::Display for ConfigValue {
    /// Writes the value in configuration syntax: `3`, `"s"`, `TRUE`, `p1`, `{a, b}`, `<<1, 2>>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigValue::Int(n) => write!(f, "{n}"),
            ConfigValue::Str(s) => write!(f, "\"{s}\""),
            ConfigValue::Bool(true) => f.write_str("TRUE"),
            ConfigValue::Bool(false) => f.write_str("FALSE"),
            ConfigValue::ModelValue(name) => f.write_str(name),
            ConfigValue::Set(elems) => write_list(f, "{", elems, "}"),
            ConfigValue::Tuple(elems) => write_list(f, "<<", elems, ">>"),
        }
    }
}

fn write_list(
    f: &mut fmt::Formatter<'_>,
    open: &str,
    elems: &[ConfigValue],
    close: &str,
) -> fmt::Result {
    f.write_str(open)?;
    for (i, elem) in elems.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{elem}")?;
    }
    f.write_str(close)
}
