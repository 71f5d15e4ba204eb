//! The resolved, flattened program that the evaluator runs.
//!
//! Every name is resolved: state variables and constants to slots, bound variables to frame
//! slots, operators to [`OpId`]s in one global table. `INSTANCE`s are flattened: each operator
//! of an instantiated module appears once per instance, with the instance's substitutions
//! inlined and the instance's parameters prepended to its own. `LET` definitions and `LAMBDA`s
//! are lifted to global operators whose first parameters are the enclosing frame's slots
//! they capture.
//!
//! Frames: each call of an operator starts a new frame whose slots `0..params.len()` hold the
//! arguments; binders (quantifiers, `CHOOSE`, set and function constructors, `LET` values) take
//! the next slots, in the order they are opened. A [`Slot`] is an index into the current frame.

use smol_str::SmolStr;
use tlafid_base::Span;

/// Index of an operator in [`Program::ops`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub u32);

/// Index of a state variable in [`Program::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Index of a declared constant in [`Program::consts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstId(pub u32);

/// Index of a variable of an instantiated module in [`Program::substituted`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubstId(pub u32);

/// Index of a slot in the current frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(pub u32);

/// The level of an expression, as SANY computes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Depends on constants only.
    Constant,
    /// Depends on unprimed variables.
    State,
    /// Depends on primed variables (an action).
    Action,
    /// A temporal formula.
    Temporal,
}

/// A whole resolved model: the root module and everything it extends and instantiates.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// The root module's name.
    pub root: SmolStr,
    /// Every operator, function definition and lifted `LET`/`LAMBDA`.
    pub ops: Vec<OpDef>,
    /// State variables, in declaration order (this order is the state layout).
    pub vars: Vec<VarDecl>,
    /// Constants that must be given values (declared in the root module or in any module it
    /// extends; constants of instantiated modules are substituted).
    pub consts: Vec<ConstDecl>,
    /// `ASSUME`s of the root module and everything it extends, in order.
    pub assumes: Vec<AssumeDef>,
    /// Names visible at the root module's top level (what a `.cfg` file may mention),
    /// in definition order.
    pub root_names: Vec<(SmolStr, RootName)>,
    /// Variables of instantiated modules whose substitution is not a variable
    /// (`INSTANCE M WITH x <- e`), indexed by [`SubstId`]; see [`ExprKind::Substituted`].
    pub substituted: Vec<SubstitutedVar>,
}

/// A variable of an instantiated module replaced by an expression that is not a variable.
#[derive(Clone, Debug)]
pub struct SubstitutedVar {
    /// The variable's name in the instantiated module (`x`).
    pub name: SmolStr,
    /// The instance path it is substituted in (`R`, `R!S`), as [`OpDef::instance`].
    pub instance: SmolStr,
    /// The instantiated module's name.
    pub module: SmolStr,
    /// For an unnamed `INSTANCE` (whose operators keep the instance path of the module that
    /// writes it): the instantiated module and the modules it extends, which tell its
    /// operators ([`OpDef::module`]) from the others with the same path. Empty for a named
    /// instance.
    pub unnamed_modules: Vec<SmolStr>,
}

/// What a top-level name of the root module stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootName {
    /// A user or library operator (or function definition).
    Op(OpId),
    /// A state variable.
    Var(VarId),
    /// A declared constant.
    Const(ConstId),
}

/// A state variable.
#[derive(Clone, Debug)]
pub struct VarDecl {
    /// Its name.
    pub name: SmolStr,
    /// Where it is declared.
    pub span: Span,
}

/// A declared constant (an operator constant when `arity > 0`).
#[derive(Clone, Debug)]
pub struct ConstDecl {
    /// Its name.
    pub name: SmolStr,
    /// `F(_, _)` has arity 2.
    pub arity: usize,
    /// Where it is declared.
    pub span: Span,
}

/// An `ASSUME`.
#[derive(Clone, Debug)]
pub struct AssumeDef {
    /// The assumption (constant level).
    pub expr: Expr,
    /// Where it is written.
    pub span: Span,
    /// The number of frame slots its evaluation needs (its binders).
    pub frame_size: usize,
}

/// One operator of the flattened program.
#[derive(Clone, Debug)]
pub struct OpDef {
    /// Its name as written (`Next`, `+`, `Len`); lifted `LET`s keep their own name, `LAMBDA`s
    /// are named `LAMBDA`.
    pub name: SmolStr,
    /// The module whose text defines it (`Sequences` for `Len`): with `name`, the key for
    /// native implementations.
    pub module: SmolStr,
    /// The instance path it was reached through (`R` for `R!Spec`), empty in the root.
    pub instance: SmolStr,
    /// Parameters: captured slots and instance parameters first, then its own.
    pub params: Vec<Param>,
    /// How many of the leading `params` are captured from an enclosing frame or instance.
    pub captured: usize,
    /// The body. Standard-module operators with a native implementation keep their TLA+
    /// body here too; the evaluator chooses the native one by `module` and `name`.
    pub body: Expr,
    /// `Some` for a function definition `f[x \in S] == e` (then `params` is empty apart from
    /// captured ones, and `body` is the function's value at the bound slots).
    pub function: Option<FnDefInfo>,
    /// Declared `RECURSIVE`, or part of a recursive cycle.
    pub recursive: bool,
    /// The level of the body.
    pub level: Level,
    /// The number of frame slots a call needs (parameters plus every binder in the body).
    pub frame_size: usize,
    /// Where it is defined.
    pub span: Span,
}

/// A parameter of an operator.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its name.
    pub name: SmolStr,
    /// 0 for a value; `n` for an operator parameter `F(_, …)` of arity `n`.
    pub arity: usize,
}

/// The bound parameters of a function definition `f[x \in S, y \in T] == e`.
#[derive(Clone, Debug)]
pub struct FnDefInfo {
    /// The binders, in order; their slots follow the captured parameters.
    pub binders: Vec<Binder>,
}

/// Bound variables with an optional domain.
#[derive(Clone, Debug)]
pub struct Binder {
    /// The slots bound (one unless `tuple`).
    pub slots: Vec<Slot>,
    /// Names, for messages (parallel to `slots`).
    pub names: Vec<SmolStr>,
    /// `<<a, b>> \in S`: each element is a tuple, destructured into `slots`.
    pub tuple: bool,
    /// The domain; `None` for an unbounded quantifier or `CHOOSE`.
    pub domain: Option<Expr>,
    /// The binder as written.
    pub span: Span,
}

/// A resolved expression.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is written. For inlined instance substitutions, the place of the substituted
    /// name in the instantiated module.
    pub span: Span,
}

/// Language-level operators (not defined by any module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// `~`
    Not,
    /// `=>`
    Implies,
    /// `<=>`
    Equiv,
    /// `=`
    Eq,
    /// `#`
    Neq,
    /// `\in`
    In,
    /// `\notin`
    NotIn,
    /// `\cup`
    Union,
    /// `\cap`
    Intersect,
    /// `\`
    SetMinus,
    /// `\subseteq`
    SubsetEq,
    /// `SUBSET`
    Powerset,
    /// `UNION`
    BigUnion,
    /// `DOMAIN`
    Domain,
    /// `ENABLED`
    Enabled,
    /// `UNCHANGED`
    Unchanged,
    /// `[]`
    Always,
    /// `<>`
    Eventually,
    /// `~>`
    LeadsTo,
    /// `-+->`
    WhilePlus,
    /// `\cdot` (action composition)
    Cdot,
}

/// The forms of a resolved [`Expr`].
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// `TRUE` / `FALSE`.
    Bool(bool),
    /// An integer literal that fits in 64 bits.
    Int(i64),
    /// An integer literal that does not, in decimal digits.
    BigInt(SmolStr),
    /// A string literal.
    Str(SmolStr),
    /// `BOOLEAN`.
    BooleanSet,
    /// `STRING`.
    StringSet,
    /// A state variable, primed or not (`x'` is resolved to `primed: true`).
    Var {
        /// Which variable.
        var: VarId,
        /// `x'`.
        primed: bool,
    },
    /// A constant of arity 0.
    Const(ConstId),
    /// A constant operator `F(a)` (its value comes from the configuration).
    ConstCall(ConstId, Vec<Expr>),
    /// A slot of the current frame holding a value.
    Local(Slot),
    /// A call of an operator parameter `F(a)` held in a slot.
    LocalCall(Slot, Vec<Expr>),
    /// A call of a global operator (also zero-argument references `Op`; function definitions
    /// are called with only their captured arguments and yield the function).
    Call(OpId, Vec<Expr>),
    /// An operator passed as an argument: a global operator, with the leading (captured)
    /// arguments already given; `LAMBDA`s are lifted and appear as this too.
    OpArg(OpId, Vec<Expr>),
    /// An operator parameter passed on as an argument.
    LocalOpArg(Slot),
    /// A language-level operator applied to its operands.
    Builtin(Builtin, Vec<Expr>),
    /// `/\` (`and: true`) or `\/` over the items, left to right, short-circuiting.
    Junction {
        /// Conjunction when true.
        and: bool,
        /// The items.
        items: Vec<Expr>,
    },
    /// `e'` for an expression that is not a variable: evaluate `e` in the next state.
    Prime(Box<Expr>),
    /// A variable `x` of an instantiated module whose substitution `x <- value` is not a
    /// variable: it evaluates as `value`. Kept apart so that `ENABLED` of the instance's
    /// own actions can treat `x'` as TLC does (as a variable of its own).
    Substituted {
        /// Which variable.
        var: SubstId,
        /// The substituted expression.
        value: Box<Expr>,
    },
    /// `IF c THEN a ELSE b`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `CASE`; `other` is the `OTHER` arm.
    Case {
        /// Guard and value pairs.
        arms: Vec<(Expr, Expr)>,
        /// The `OTHER` value.
        other: Option<Box<Expr>>,
    },
    /// A zero-parameter, non-recursive `LET` definition: `slot` holds the value of `value`
    /// (evaluated lazily, at most once) while `body` runs.
    LetValue {
        /// The slot bound.
        slot: Slot,
        /// The defining expression.
        value: Box<Expr>,
        /// The body.
        body: Box<Expr>,
    },
    /// `\A` / `\E` over binders.
    Quant {
        /// `\A` when true.
        forall: bool,
        /// The binders, opened left to right.
        binders: Vec<Binder>,
        /// The body.
        body: Box<Expr>,
    },
    /// `\AA` / `\EE` (not evaluated; kept for error messages).
    TemporalQuant {
        /// `\AA` when true.
        forall: bool,
        /// The body.
        body: Box<Expr>,
    },
    /// `CHOOSE`.
    Choose(Box<Binder>, Box<Expr>),
    /// `{a, b}`.
    SetEnum(Vec<Expr>),
    /// `{x \in S : p}`.
    SetFilter(Box<Binder>, Box<Expr>),
    /// `{e : x \in S}`.
    SetMap(Box<Expr>, Vec<Binder>),
    /// `[x \in S |-> e]`.
    FnCons(Vec<Binder>, Box<Expr>),
    /// `[S -> T]`.
    FnSet(Box<Expr>, Box<Expr>),
    /// `[a |-> e]`; fields in the order written.
    Record(Vec<(SmolStr, Expr)>),
    /// `[a : S]`.
    RecordSet(Vec<(SmolStr, Expr)>),
    /// `<<a, b>>`.
    Tuple(Vec<Expr>),
    /// `A \X B \X C`.
    Cross(Vec<Expr>),
    /// `[f EXCEPT …]`: `at` is the slot holding `@` while each update's value is evaluated.
    Except {
        /// The function updated.
        base: Box<Expr>,
        /// The updates.
        updates: Vec<ExceptUpdate>,
        /// The slot for `@`.
        at: Slot,
    },
    /// `f[a]`; `f[a, b]` is given as one argument, the tuple.
    FnApp(Box<Expr>, Box<Expr>),
    /// `r.field`.
    Dot(Box<Expr>, SmolStr),
    /// `[A]_v`.
    BoxAction(Box<Expr>, Box<Expr>),
    /// `<<A>>_v`.
    AngleAction(Box<Expr>, Box<Expr>),
    /// `WF_v(A)` / `SF_v(A)`.
    Fairness {
        /// `SF` when true.
        strong: bool,
        /// `v`.
        vars: Box<Expr>,
        /// `A`.
        action: Box<Expr>,
    },
}

/// One update of an `EXCEPT`.
#[derive(Clone, Debug)]
pub struct ExceptUpdate {
    /// The path, in order.
    pub path: Vec<ExceptStep>,
    /// The new value.
    pub value: Expr,
}

/// One step of an `EXCEPT` path.
#[derive(Clone, Debug)]
pub enum ExceptStep {
    /// `.field`.
    Field(SmolStr),
    /// `[e]` (a tuple for `[a, b]`).
    Index(Expr),
}

impl Program {
    /// The operator with this id.
    pub fn op(&self, id: OpId) -> &OpDef {
        &self.ops[id.0 as usize]
    }

    /// Looks up a top-level name of the root module.
    pub fn root_name(&self, name: &str) -> Option<RootName> {
        self.root_names
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, r)| r)
    }
}
