//! The typed syntax tree of a TLA+ module, with byte spans.
//!
//! The tree keeps what later passes need and nothing of the layout: bulleted `/\` and `\/`
//! lists become [`ExprKind::Junction`], operator symbols are normalised to one ASCII spelling
//! (`∪`, `\union` → `\cup`; `=<`, `\leq`, `≤` → `<=`; `/=`, `≠` → `#`; …) and proofs are dropped.

use smol_str::SmolStr;
use tlafid_base::Span;

/// An identifier with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The identifier's text.
    pub name: SmolStr,
    /// Where it is written.
    pub span: Span,
}

/// A module: `---- MODULE Name ----` … `====`.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// The module's name.
    pub name: Ident,
    /// `EXTENDS A, B`.
    pub extends: Vec<Ident>,
    /// Everything between the header and the closing line, in order.
    pub units: Vec<Unit>,
    /// From the header's first dash to the end of the closing line.
    pub span: Span,
}

/// One top-level item of a module.
#[derive(Clone, Debug, PartialEq)]
pub enum Unit {
    /// `CONSTANT(S) a, F(_, _)`.
    Constants(Vec<OpDecl>),
    /// `VARIABLE(S) x, y`.
    Variables(Vec<Ident>),
    /// `ASSUME e` or `ASSUMPTION name == e`.
    Assume(Assume),
    /// `Op(p) == e`, `a ++ b == e`, `-. a == e`.
    Op(OpDef),
    /// `f[x \in S] == e`.
    Fn(FnDef),
    /// `INSTANCE M WITH …` (unnamed).
    Instance(Instance),
    /// `I(p) == INSTANCE M WITH …`.
    ModDef(ModDef),
    /// `RECURSIVE F(_), G`.
    Recursive(Vec<OpDecl>),
    /// `THEOREM`, `LEMMA`, … (the statement is kept, the proof is dropped).
    Theorem(Theorem),
    /// A nested `---- MODULE Inner ----` … `====`.
    Module(Box<Module>),
}

/// A declared name with the arity of its operator form (`F(_, _)` has arity 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpDecl {
    /// The declared name.
    pub name: Ident,
    /// Number of `_` placeholders; 0 for a plain name.
    pub arity: usize,
}

/// `ASSUME e` / `ASSUMPTION A == e`.
#[derive(Clone, Debug, PartialEq)]
pub struct Assume {
    /// The name, if written as `ASSUME A == e`.
    pub name: Option<Ident>,
    /// The assumption.
    pub expr: Expr,
    /// The whole unit.
    pub span: Span,
}

/// An operator definition. Infix, prefix and postfix definitions are stored the same way,
/// with the operator's normalised symbol as their name (`++`, `-.`, `^+`).
#[derive(Clone, Debug, PartialEq)]
pub struct OpDef {
    /// `LOCAL Op == …`.
    pub local: bool,
    /// The defined name or symbol.
    pub name: Ident,
    /// Parameters; a higher-order parameter `F(_, _)` has arity 2.
    pub params: Vec<OpDecl>,
    /// The definition's body.
    pub body: Expr,
    /// The whole unit.
    pub span: Span,
}

/// A function definition `f[x \in S, <<a, b>> \in T] == e`.
#[derive(Clone, Debug, PartialEq)]
pub struct FnDef {
    /// `LOCAL f[…] == …`.
    pub local: bool,
    /// The function's name.
    pub name: Ident,
    /// The bound parameters, each with its domain.
    pub bounds: Vec<Bound>,
    /// The value at the parameters.
    pub body: Expr,
    /// The whole unit.
    pub span: Span,
}

/// `INSTANCE M WITH a <- e, b <- f`.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// `LOCAL INSTANCE …`.
    pub local: bool,
    /// The instantiated module.
    pub module: Ident,
    /// Explicit substitutions; names not listed are substituted by the same name.
    pub substs: Vec<Subst>,
    /// The whole clause.
    pub span: Span,
}

/// One `name <- expr` of an `INSTANCE`. The target may be an operator symbol (`+ <- Plus`).
#[derive(Clone, Debug, PartialEq)]
pub struct Subst {
    /// The instantiated module's constant or variable.
    pub name: Ident,
    /// What replaces it.
    pub expr: Expr,
}

/// `I(p, q) == INSTANCE M WITH …`.
#[derive(Clone, Debug, PartialEq)]
pub struct ModDef {
    /// `LOCAL I == INSTANCE …`.
    pub local: bool,
    /// The instance's name.
    pub name: Ident,
    /// Its parameters.
    pub params: Vec<OpDecl>,
    /// The instantiation.
    pub instance: Instance,
    /// The whole unit.
    pub span: Span,
}

/// A `THEOREM`-like statement. Its proof, if any, is parsed and dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct Theorem {
    /// `THEOREM Name == …`.
    pub name: Option<Ident>,
    /// The statement: an expression, or `None` for `ASSUME … PROVE …` forms.
    pub body: Option<Expr>,
    /// The whole unit, proof included.
    pub span: Span,
}

/// An expression with its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is written.
    pub span: Span,
}

/// The forms of [`Expr`].
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A number literal, decimal or written `\b1010`, `\o17`, `\hFF` (value given in decimal
    /// digits, so a literal of any size fits).
    Number(SmolStr),
    /// A decimal literal `1.5` (Reals: parsed, not evaluated).
    Decimal(SmolStr),
    /// A string literal, with its escapes resolved.
    String(SmolStr),
    /// `TRUE` or `FALSE`.
    Bool(bool),
    /// `BOOLEAN`.
    BooleanSet,
    /// `STRING`.
    StringSet,
    /// A name, an application `F(a, b)`, or an instance path `I(x)!J!F(a)`: one segment per `!`.
    Ref(Vec<RefSegment>),
    /// A built-in or user-definable operator symbol applied to its operands, in the symbol's
    /// normalised spelling: infix (`+`, `\cup`, `=>`), prefix (`~`, `-.`, `SUBSET`, `UNION`,
    /// `DOMAIN`, `[]`, `<>`, `ENABLED`, `UNCHANGED`) and postfix (`'`, `^+`, `^*`, `^#`).
    /// `\X` is not here: see [`ExprKind::Cross`].
    Op {
        /// The normalised symbol.
        op: &'static str,
        /// Its symbol's span.
        op_span: Span,
        /// One, or two operands.
        args: Vec<Expr>,
    },
    /// A bulleted list, or a chain of the same operator: `/\ a /\ b` (`and: true`) or `\/ …`.
    Junction {
        /// `/\` when true, `\/` when false.
        and: bool,
        /// The items, in order.
        items: Vec<Expr>,
    },
    /// `A \X B \X C` (n-ary, not nested).
    Cross(Vec<Expr>),
    /// `IF c THEN a ELSE b`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `CASE p -> e [] q -> f [] OTHER -> g`.
    Case {
        /// Guard and value pairs.
        arms: Vec<(Expr, Expr)>,
        /// The `OTHER` value.
        other: Option<Box<Expr>>,
    },
    /// `LET defs IN body`.
    Let {
        /// `Op`, `Fn`, `Recursive` and `ModDef` units.
        defs: Vec<Unit>,
        /// The body.
        body: Box<Expr>,
    },
    /// `\A`, `\E` with bounds (`\E x, y \in S, <<a, b>> \in T : p`) or without (`\A x, y : p`).
    Quant {
        /// `\A` when true, `\E` when false.
        forall: bool,
        /// The bound variables.
        bounds: Vec<Bound>,
        /// The body.
        body: Box<Expr>,
    },
    /// `\AA x : p` / `\EE x : p`.
    TemporalQuant {
        /// `\AA` when true, `\EE` when false.
        forall: bool,
        /// The bound names.
        names: Vec<Ident>,
        /// The body.
        body: Box<Expr>,
    },
    /// `CHOOSE x \in S : p`, `CHOOSE <<a, b>> \in S : p`, `CHOOSE x : p`.
    Choose {
        /// The bound variable(s) and optional domain (`names` has one entry unless a tuple).
        bound: Box<Bound>,
        /// The predicate.
        body: Box<Expr>,
    },
    /// `{a, b, c}`.
    SetEnum(Vec<Expr>),
    /// `{x \in S : p}`.
    SetFilter {
        /// The bound variable and its set.
        bound: Box<Bound>,
        /// The predicate.
        pred: Box<Expr>,
    },
    /// `{e : x \in S, y \in T}`.
    SetMap {
        /// The mapped expression.
        body: Box<Expr>,
        /// The bound variables.
        bounds: Vec<Bound>,
    },
    /// `[x \in S, y \in T |-> e]`.
    FnCons {
        /// The bound variables.
        bounds: Vec<Bound>,
        /// The value.
        body: Box<Expr>,
    },
    /// `[S -> T]`.
    FnSet(Box<Expr>, Box<Expr>),
    /// `[a |-> e, b |-> f]`.
    Record(Vec<(Ident, Expr)>),
    /// `[a : S, b : T]`.
    RecordSet(Vec<(Ident, Expr)>),
    /// `<<a, b>>`.
    Tuple(Vec<Expr>),
    /// `[f EXCEPT ![i] = e, !.a.b = @ + 1]`.
    Except {
        /// The function or record updated.
        base: Box<Expr>,
        /// The updates, applied left to right.
        updates: Vec<ExceptUpdate>,
    },
    /// `@` inside an `EXCEPT` value.
    At,
    /// `f[a]` or `f[a, b]` (the latter applies `f` to the tuple `<<a, b>>`).
    FnApp(Box<Expr>, Vec<Expr>),
    /// `r.field`.
    Dot(Box<Expr>, Ident),
    /// `[A]_v`.
    BoxAction(Box<Expr>, Box<Expr>),
    /// `<<A>>_v`.
    AngleAction(Box<Expr>, Box<Expr>),
    /// `WF_v(A)` (`strong: false`) or `SF_v(A)`.
    Fairness {
        /// `SF` when true.
        strong: bool,
        /// The subscript `v`.
        vars: Box<Expr>,
        /// The action `A`.
        action: Box<Expr>,
    },
    /// `LAMBDA x, y : e`.
    Lambda(Vec<Ident>, Box<Expr>),
    /// `lbl :: e` (the label is dropped; kept as a node so positions stay right).
    Label(Ident, Box<Expr>),
}

/// One segment of a [`ExprKind::Ref`]: a name and, if applied, its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct RefSegment {
    /// The name (an identifier, or an operator symbol in `I!+(a, b)`).
    pub name: Ident,
    /// The arguments; empty for a plain name.
    pub args: Vec<Expr>,
}

/// Bound variables and their domain: `x, y \in S`, `<<a, b>> \in S`, or unbounded `x`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    /// The names bound.
    pub names: Vec<Ident>,
    /// True for `<<a, b>> \in S`: one tuple-valued element, destructured into `names`.
    pub tuple: bool,
    /// The domain; `None` for unbounded `\A x : p`, `CHOOSE x : p`.
    pub domain: Option<Expr>,
    /// The whole binder.
    pub span: Span,
}

/// One `!path = value` of an `EXCEPT`.
#[derive(Clone, Debug, PartialEq)]
pub struct ExceptUpdate {
    /// `.a` and `[i]` / `[i, j]` steps, in order.
    pub path: Vec<ExceptStep>,
    /// The new value (may mention `@`).
    pub value: Expr,
}

/// One step of an `EXCEPT` path.
#[derive(Clone, Debug, PartialEq)]
pub enum ExceptStep {
    /// `.field`.
    Field(Ident),
    /// `[e]`, or `[e1, e2]` for a tuple argument.
    Index(Vec<Expr>),
}
