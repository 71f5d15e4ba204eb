//! Compiled expressions: the dispatch work of the interpreter ([`Ctx::eval`]) done once per
//! expression rather than once per evaluation. An expression becomes a [`Node`] tree whose
//! kinds are decided ahead: reads of the current state and of its applications
//! (`network[q][p]`) borrow from the state, calls of native operators (`Len`, `<=`) run
//! without a frame, constant operators (`Proc`) read their cached value, and quantifiers
//! loop over borrowed domains. Any node kind not listed here is interpreted, and each
//! compiled kind falls back to the interpreter, before evaluating anything, in the modes it
//! does not handle (inside a prime, while generating initial states): results, errors and
//! their spans are the interpreter's.
//!
//! What is compiled (when the evaluator is built, and again after each override): the body of every operator (run by
//! [`Ctx::call_op`]) and every conjunct of a `/\` list (the guards the action generator
//! tests, looked up by address). How nodes run is in `run.rs`; the application of a function
//! definition, `F[a]`, in `fn_def.rs`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use tlafid_sema::ir::{Builtin, ExceptStep, Expr, ExprKind, Slot};
use tlafid_sema::walk::each_child;
use tlafid_value::{Text, Value, ValueResult};

mod census;
mod fn_def;
mod run;

pub(crate) use census::{Census, Tally};

pub(crate) use fn_def::FnApplied;

use crate::analysis;
use crate::builtins::{lazy_member, LazyMember};
use crate::evaluator::{ConstBinding, Evaluator};
use crate::natives::Native;

type Unary = fn(&Value) -> ValueResult<Value>;
type Binary = fn(&Value, &Value) -> ValueResult<Value>;

/// A compiled expression: what to do, and the expression it stands for (its span for
/// errors, and what the interpreter evaluates when this node falls back).
pub(crate) struct Node<'p> {
    expr: &'p Expr,
    kind: Kind<'p>,
}

enum Kind<'p> {
    /// Left to the interpreter.
    Interpret,
    /// A literal, or a constant bound to a value.
    Value(Value),
    /// A bound variable, parameter or `LET` value.
    Local(Slot),
    /// An unprimed state variable.
    Var(usize),
    /// A primed state variable `x'`, read from the next state where it is assigned.
    NextVar(usize),
    /// `e'` where `e` is a function of the current state alone ([`Reach::is_state_function`]:
    /// `token'` for a refinement's mapped variable): with the next state given whole
    /// ([`Ctx::next_state_ready`]), `e` run with the next state as the current one, its
    /// compiled form and what is kept per state included.
    Primed(Box<Node<'p>>),
    /// A state variable's applications and fields, in order ([`Path`]: `network[q][p]`,
    /// `msgs[i].type`, `num[nxt[self]]`).
    Path(Box<Path<'p>>),
    /// `f[a]` where `f` is a place of the state and `a` a pair (`f[x, y]`, searched
    /// without building the pair).
    App(Box<Node<'p>>, Box<Node<'p>>),
    /// `r.name` where `r` is a state variable or an application or field of one (the
    /// name interned).
    Field(Box<Node<'p>>, Text),
    /// `r.name` where `r` is a bound variable or `LET` value.
    LocalField(Slot, Text),
    /// `f[a]` where `f` is a bound variable, parameter or `LET` value.
    LocalApp(Slot, Box<Node<'p>>),
    /// `f[a]` where `f` is a constant (`HostOf[pid]`, a function definition over
    /// constants such as `GetDistance[f1, f2]`), applied once its value is known.
    ConstApp(Box<Node<'p>>, Box<Node<'p>>),
    /// `f[a]` (`f[a, b]`) where `f` is a call of a function definition that is applied
    /// one argument at a time ([`fn_def::FnDefApp`]): built whole where the interpreter
    /// would build it ([`Ctx::built_fn_def`]), else the argument run (a pair's items
    /// without building the pair), each variable's domain run and tested, and the body's
    /// compiled form run in a frame of its own, as [`Ctx::apply_fn_def`] does.
    FnDefApp(Box<fn_def::FnDefApp<'p>>),
    /// `{a, b, ...}`: built from its items, kept when they are all constant.
    SetEnum(Vec<Node<'p>>),
    /// `<<a, b, ...>>` with at least one item: built from its items, kept when they are all
    /// constant.
    Tuple(Vec<Node<'p>>),
    /// `[a |-> e, ...]`: each field's name (interned) and value, kept when all are constant.
    Record(Box<Record<'p>>),
    /// `{x \in S : p}` with one untupled variable.
    SetFilter {
        slot: Slot,
        domain: Box<Node<'p>>,
        pred: Box<Node<'p>>,
    },
    /// `{e : x \in S}` with one untupled variable.
    SetMap {
        slot: Slot,
        domain: Box<Node<'p>>,
        body: Box<Node<'p>>,
    },
    /// A zero-parameter constant operator, read from its cache once computed.
    Cached(usize),
    /// An expression of constants and at most [`crate::call::LOOKED_UP_ARGS`] frame slots it
    /// does not bind (a bound variable, parameter or `LET` value: `self` in PlusCal's
    /// `\E s \in LET others == Node \ {HostOf[self]} IN {t \in SUBSET others : ...}`), no
    /// state, that binds variables itself: its value is remembered per thread by the
    /// identity of those slots' values ([`Ctx::run_remembered_locals`]).
    Remembered(Box<[Slot]>, Box<Node<'p>>),
    /// A call of a remembered operator (`memo.rs`) whose arguments are all bound variables,
    /// parameters or `LET` values (`Pick(self)`): its remembered value is looked up from
    /// the caller's slots before a frame is opened ([`Ctx::call_remembered_locals`]).
    RememberedCall(usize, Box<[Slot]>),
    /// A native constant operator (`Nat`).
    NativeConst(usize, fn() -> Value),
    /// A native operator of one value.
    Native1(Unary, Box<Node<'p>>),
    /// A native operator of two values.
    Native2(Binary, Box<Node<'p>>, Box<Node<'p>>),
    /// `a < b`, `a <= b`, `a > b`, `a >= b` (the `Naturals` and `Integers` natives `f`):
    /// two integers read in place ([`Ctx::read`]: `Len(network[p][q]) <= 3`, `req[p][p] <
    /// req[p][q]`) are compared without building values; anything else runs as
    /// [`Kind::Native2`] (the same order, values and errors).
    IntCmp(Order, Binary, Box<Node<'p>>, Box<Node<'p>>),
    /// `\cup`, `\cap`, `\`.
    SetOp(Binary, Box<Node<'p>>, Box<Node<'p>>),
    /// `SUBSET S`.
    Powerset(Box<Node<'p>>),
    /// `[S -> T]` as a value.
    FnSet(Box<Node<'p>>, Box<Node<'p>>),
    /// `S \X T \X ...` as a value (kept symbolic, as the interpreter keeps it).
    Cross(Vec<Node<'p>>),
    /// `a \cap b = {}` (`# {}` when `negate`): tested without building the intersection
    /// when one side is finite.
    Disjoint {
        a: Box<Node<'p>>,
        b: Box<Node<'p>>,
        negate: bool,
    },
    /// A constant expression (no state, no bound variable, only pure operators), computed
    /// on first success and kept.
    Once(OnceLock<Value>, Box<Node<'p>>),
    /// An expression that depends only on the current state (no slot it does not bind,
    /// only pure operators), kept in [`Ctx::state_cache`] once computed, outside primes
    /// and the initial predicate.
    PerState(Box<Node<'p>>),
    Not(Box<Node<'p>>),
    And(Vec<Node<'p>>),
    Or(Vec<Node<'p>>),
    Implies(Box<Node<'p>>, Box<Node<'p>>),
    Equiv(Box<Node<'p>>, Box<Node<'p>>),
    /// `a = b` (`a # b` when `negate`); `literal` when `b` is a string literal (interned:
    /// compared by address).
    Eq {
        a: Box<Node<'p>>,
        b: Box<Node<'p>>,
        literal: Option<Text>,
        negate: bool,
    },
    /// `a \subseteq set` with `set` one whose members are tested lazily
    /// ([`lazy_member`]), as [`Ctx::subset_of_expr`] does; `constant` the operator when
    /// `set` is a constant one ([`LazyMember::Constant`]), its cached value then used as is.
    SubsetOf {
        a: Box<Node<'p>>,
        set: &'p Expr,
        constant: Option<usize>,
    },
    /// `a \subseteq set` with `set` a constant set (not one tested lazily, a `Member::Set`):
    /// each compound element's membership remembered by its allocation, as in `x \in
    /// SUBSET set` ([`Ctx::subset_of_constant`]): a set that changes from state to state
    /// (`message \subseteq Message`) keeps most of its elements.
    SubsetOfConstant {
        a: Box<Node<'p>>,
        set: Box<Member<'p>>,
    },
    /// `x \in S` (`\notin` when `negate`).
    In {
        elem: Box<Node<'p>>,
        set: Box<Member<'p>>,
        negate: bool,
    },
    If(Box<Node<'p>>, Box<Node<'p>>, Box<Node<'p>>),
    /// `CASE g1 -> e1 [] ... [] OTHER -> e`: the guards in order.
    Case {
        arms: Vec<(Node<'p>, Node<'p>)>,
        other: Option<Box<Node<'p>>>,
    },
    /// `CHOOSE x \in S : p` with one untupled variable.
    Choose {
        slot: Slot,
        domain: Box<Node<'p>>,
        pred: Box<Node<'p>>,
    },
    /// `LET x == e IN body` (one lifted value definition): `x` bound unevaluated, as the
    /// interpreter binds it, and evaluated where it is first read.
    Let {
        slot: Slot,
        value: &'p Expr,
        body: Box<Node<'p>>,
    },
    /// `[f EXCEPT ![a] = v, ...]`.
    Except(Box<Except<'p>>),
    /// `[x \in S |-> e]`, or `[x \in S, y \in T |-> e]` over untupled variables (a
    /// function of tuples): one slot and domain per variable, as for quantifiers.
    FnCons {
        vars: Vec<QuantVar<'p>>,
        body: Box<Node<'p>>,
    },
    /// `\A` / `\E` over bounded, untupled binders: one slot and domain per variable;
    /// `rows` where a `\A` reads the state only as rows of one variable ([`Rows`]).
    Quant {
        forall: bool,
        vars: Vec<QuantVar<'p>>,
        body: Box<Node<'p>>,
        rows: Option<Rows>,
    },
}

/// A `\A` of one or two variables over constant domains whose every read of the state is
/// `v[x]`, of one state variable `v` and one of its own variables `x` (`\A p, q \in Proc :
/// Len(network[p][q]) <= 3`), and that reads nothing else that could change: for each `x`,
/// the rest of the quantifier is a function of `x` and of the row `v[x]`, whose truth is
/// remembered per thread by their identity ([`Ctx::run_rows`]). A successor keeps most of
/// its parent's rows (the same allocations), so only the rows its step changed are tested.
///
/// Four bytes, so that [`Kind::Quant`] and every node stay as small as they were.
#[derive(Clone, Copy)]
struct Rows {
    /// The state variable `v`.
    var: u16,
    /// `x` is the second of the quantifier's two variables (else the first).
    second: bool,
}

/// The comparison of a [`Kind::IntCmp`].
#[derive(Clone, Copy)]
enum Order {
    Lt,
    Le,
    Gt,
    Ge,
}

impl Order {
    /// The order of the `Naturals`/`Integers` operator `name`.
    fn of(name: &str) -> Option<Order> {
        Some(match name {
            "<" => Order::Lt,
            "<=" | "\\leq" | "=<" => Order::Le,
            ">" => Order::Gt,
            ">=" | "\\geq" => Order::Ge,
            _ => return None,
        })
    }

    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Order::Lt => a < b,
            Order::Le => a <= b,
            Order::Gt => a > b,
            Order::Ge => a >= b,
        }
    }
}

/// A compiled record literal: its fields as written (evaluated in that order), and the
/// record's field names in name order, each once, with the place of each written field
/// among them (a later field of the same name takes the place of an earlier one, as
/// [`Value::record`] keeps the later): the record is built without sorting its fields.
struct Record<'p> {
    fields: Vec<(Text, Node<'p>)>,
    names: Box<[Text]>,
    places: Box<[u32]>,
}

impl<'p> Record<'p> {
    fn new(fields: Vec<(Text, Node<'p>)>) -> Record<'p> {
        let mut names: Vec<Text> = fields.iter().map(|(name, _)| *name).collect();
        names.sort();
        names.dedup();
        let places = fields
            .iter()
            .map(|(name, _)| names.binary_search(name).unwrap_or_default() as u32)
            .collect();
        Record {
            fields,
            names: names.into(),
            places,
        }
    }
}

/// A place of the current state: a variable, then each application or field on it, left
/// to right, with the span of its expression (for its error). Read in one loop, in place
/// where every index can be read in place ([`Ctx::read`]); where one cannot, each index is
/// evaluated in turn, as nested applications evaluate them.
struct Path<'p> {
    var: usize,
    steps: Vec<(PathStep<'p>, tlafid_base::Span)>,
}

/// One step of a [`Path`].
enum PathStep<'p> {
    /// `[a]`.
    Index(Node<'p>),
    /// `.name` (interned).
    Field(Text),
}

/// One variable of a compiled quantifier: its slot and domain, and whether the domain is
/// the previous variable's (`\A x, y \in S`: `S` is evaluated once, for `x`; it cannot
/// mention `x`).
struct QuantVar<'p> {
    slot: Slot,
    domain: Node<'p>,
    same_as_previous: bool,
}

/// A compiled `EXCEPT`: its base, each update's path and new value, and the slot of `@`.
struct Except<'p> {
    base: Node<'p>,
    updates: Vec<(Vec<Step<'p>>, Node<'p>)>,
    /// The slot of `@`, when a new value mentions it (else nothing binds it).
    at: Option<Slot>,
}

/// One step of an `EXCEPT` path: `.field` (its name as a value) or `[index]`.
enum Step<'p> {
    Field(Value),
    Index(Node<'p>),
}

/// How `x \in S` is tested, as [`Ctx::member_of_expr`] does: a function set without
/// building it, a set filter by the interpreter, any other set by its value.
enum Member<'p> {
    Set(Node<'p>),
    /// A constant operator whose body is a set tested lazily ([`LazyMember::Constant`]):
    /// its cached value once built, else the interpreter (which builds it, or decides on
    /// its body when it cannot be built: `{n \in Nat : n > 0}`).
    Constant(usize, &'p Expr),
    FnSet {
        dom: Node<'p>,
        range: Box<Member<'p>>,
    },
    Interpret(&'p Expr),
    /// A set enumeration that is not constant: each item is evaluated and compared, no set
    /// is built.
    Enum(Vec<Node<'p>>),
    /// A constant set (a function set of constants, `Seq(Message)`): the compound values
    /// found in it are remembered on each thread by their allocation (`memo.rs`).
    Remembered(Box<Member<'p>>),
}

impl<'p> Member<'p> {
    /// A set that does not depend on the state or on bound variables.
    fn is_constant(&self) -> bool {
        match self {
            Member::Set(node) => node.is_constant(),
            Member::FnSet { dom, range } => dom.is_constant() && range.is_constant(),
            Member::Remembered(_) | Member::Constant(..) => true,
            Member::Interpret(_) | Member::Enum(_) => false,
        }
    }

    /// The set of a plain membership, looking through [`Member::Remembered`].
    fn plain_set(&self) -> Option<&Node<'p>> {
        match self {
            Member::Set(node) => Some(node),
            Member::Remembered(inner) => inner.plain_set(),
            _ => None,
        }
    }
}

type Roots<'p> = HashMap<usize, Node<'p>, ahash::RandomState>;

/// The compiled forms of a program's operator bodies and conjuncts.
#[derive(Default)]
pub(crate) struct Compiled<'p> {
    /// Names this compilation among all others in the process, for what threads remember
    /// by the addresses of its nodes (`memo::recall_member`).
    pub generation: u64,
    /// By operator index; `None` where the whole body is interpreted.
    bodies: Vec<Option<Node<'p>>>,
    /// Conjuncts of `/\` lists, operator bodies and the other expressions
    /// [`Compiler::conjuncts`] lists, by address.
    roots: Roots<'p>,
}

impl<'p> Compiled<'p> {
    /// Compiles every operator body and conjunct of `ev`'s program.
    pub fn new(ev: &Evaluator<'p>) -> Compiled<'p> {
        let compiler = Compiler {
            ev,
            reaches: RefCell::default(),
        };
        let mut roots = HashMap::with_hasher(ahash::RandomState::with_seeds(9, 10, 11, 12));
        let mut bodies = Vec::with_capacity(ev.program.ops.len());
        for op in &ev.program.ops {
            let body = compiler.compile_root(&op.body);
            if body.is_worth_running() {
                roots.insert(
                    &op.body as *const Expr as usize,
                    compiler.compile_root(&op.body),
                );
            }
            bodies.push((!body.is_interpreted()).then_some(body));
            compiler.conjuncts(&op.body, &mut roots);
        }
        let generation = next_generation();
        Compiled {
            generation,
            bodies,
            roots,
        }
    }

    /// The compiled body of operator `op`, unless it is interpreted whole.
    pub fn body(&self, op: usize) -> Option<&Node<'p>> {
        self.bodies.get(op).and_then(Option::as_ref)
    }

    /// The compiled form of `expr` if it is an operator body or a conjunct.
    pub fn root(&self, expr: &Expr) -> Option<&Node<'p>> {
        self.roots.get(&(expr as *const Expr as usize))
    }

    /// Gives this compilation a new generation: nodes compiled apart since (action plans,
    /// [`NodeBuilder`]) may sit where freed ones were, and what threads remember by node
    /// address must not be found for them.
    pub fn renew_generation(&mut self) {
        self.generation = next_generation();
    }
}

/// The number of a new compilation (see [`Compiled::generation`]).
fn next_generation() -> u64 {
    static GENERATION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    GENERATION.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Compiles expressions one at a time, as [`Compiled`] compiles a root, for nodes owned
/// elsewhere (the action plans of `action/plan.rs`).
pub(crate) struct NodeBuilder<'e, 'p>(Compiler<'e, 'p>);

impl<'e, 'p> NodeBuilder<'e, 'p> {
    pub fn new(ev: &'e Evaluator<'p>) -> NodeBuilder<'e, 'p> {
        NodeBuilder(Compiler {
            ev,
            reaches: RefCell::default(),
        })
    }

    /// `e` compiled as a root (an operator body or a conjunct is).
    pub fn root(&self, e: &'p Expr) -> Node<'p> {
        self.0.compile_root(e)
    }
}

struct Compiler<'e, 'p> {
    ev: &'e Evaluator<'p>,
    /// [`Reach`] of the expressions met so far, by address.
    reaches: RefCell<HashMap<usize, Reach, ahash::RandomState>>,
}

/// What the value of an expression depends on, for keeping it: the frame slots it reads
/// that it does not bind itself, and whether it reads the state.
#[derive(Clone, Copy)]
struct Reach {
    /// A bit per slot read and not bound inside (slots from 64 on make it not `keepable`).
    free: u64,
    /// It reads a state variable, or calls an operator that does.
    state: bool,
    /// Nothing in it stops it being kept: no primes, `ENABLED`, `UNCHANGED`, operator
    /// arguments, substituted variables or impure calls (`Print`, `TLCGet`, random choices).
    keepable: bool,
    /// As `keepable`, but an instantiated variable's substitution is allowed: outside
    /// `ENABLED` it is its substituted expression, a function of the state like any other.
    state_level: bool,
}

impl Reach {
    /// One value wherever it is evaluated.
    fn is_constant(self) -> bool {
        self.keepable && self.free == 0 && !self.state
    }

    /// One value in each state, wherever it is evaluated in that state.
    fn is_per_state(self) -> bool {
        self.keepable && self.free == 0 && self.state
    }

    /// A function of the current state (and constants) alone, wherever it is evaluated
    /// outside `ENABLED`: its value in the next state is its value with the next state as
    /// the current one.
    fn is_state_function(self) -> bool {
        self.state_level && self.free == 0
    }
}

impl<'p> Compiler<'_, 'p> {
    /// Adds to `roots` every conjunct of a `/\` list inside `expr`, and every expression
    /// the action generator, a call or `EXCEPT` evaluates directly (right sides of `=`,
    /// `\in` and `\subseteq`, what the generator may test as a guard, `LET` values, arguments of operator
    /// calls, `EXCEPT` indices and values, the domains of bound variables).
    fn conjuncts(&self, expr: &'p Expr, roots: &mut Roots<'p>) {
        let mut add = |e: &'p Expr| {
            let node = self.compile_root(e);
            if node.is_worth_running() {
                roots.insert(e as *const Expr as usize, node);
            }
        };
        match &expr.kind {
            ExprKind::Junction { and: true, items } => items.iter().for_each(add),
            ExprKind::Builtin(Builtin::Eq | Builtin::In | Builtin::SubsetEq, args)
                if args.len() == 2 =>
            {
                add(&args[1])
            }
            // What the action generator reaches and may test as a guard: the items of `\/`,
            // the bodies of quantifiers (`\A ac \in MS : [..] \in msgs`), both sides of
            // `=>`, conditions and branches of `IF` and `CASE`, `LET` bodies.
            ExprKind::Junction { and: false, items } => items.iter().for_each(add),
            ExprKind::Quant { body, binders, .. } => {
                binders
                    .iter()
                    .filter_map(|b| b.domain.as_ref())
                    .for_each(&mut add);
                add(body)
            }
            ExprKind::Builtin(Builtin::Implies, args) if args.len() == 2 => {
                add(&args[0]);
                add(&args[1]);
            }
            ExprKind::If(cond, then, otherwise) => {
                add(cond);
                add(then);
                add(otherwise);
            }
            ExprKind::Case { arms, other } => {
                for (guard, value) in arms {
                    add(guard);
                    add(value);
                }
                if let Some(other) = other {
                    add(other);
                }
            }
            ExprKind::LetValue { value, body, .. } => {
                add(value);
                add(body);
            }
            ExprKind::Call(_, args) => args.iter().for_each(add),
            // A primed state function, for the interpreter to run with the next state as
            // the current one where it is given whole.
            ExprKind::Prime(_) => add(expr),
            // `[][A]_v` in a property: `Worker::step_holds` tests `A` and evaluates `v` on
            // every transition.
            ExprKind::BoxAction(action, vars) => {
                add(action);
                add(vars);
            }
            // The operands of temporal operators: a liveness check evaluates its state
            // predicates (`<>(x = 1)`, `P ~> Q`) on every state (`OnState::eval_in`).
            ExprKind::Builtin(Builtin::Always | Builtin::Eventually | Builtin::LeadsTo, args) => {
                args.iter().for_each(add)
            }
            // The domains `for_each_binding` lists.
            ExprKind::SetFilter(binder, _) | ExprKind::Choose(binder, _) => {
                binder.domain.iter().for_each(add)
            }
            ExprKind::SetMap(_, binders) | ExprKind::FnCons(binders, _) => binders
                .iter()
                .filter_map(|b| b.domain.as_ref())
                .for_each(add),
            ExprKind::Except { updates, .. } => {
                for update in updates {
                    for step in &update.path {
                        if let ExceptStep::Index(e) = step {
                            add(e);
                        }
                    }
                    add(&update.value);
                }
            }
            _ => {}
        }
        tlafid_sema::walk::each_child(expr, &mut |child| self.conjuncts(child, roots));
    }

    fn boxed(&self, e: &'p Expr) -> Box<Node<'p>> {
        Box::new(self.compile(e))
    }

    fn compile(&self, e: &'p Expr) -> Node<'p> {
        let kind = match &e.kind {
            ExprKind::Bool(b) => Kind::Value(Value::Bool(*b)),
            ExprKind::Int(i) => Kind::Value(Value::Int(*i)),
            ExprKind::Str(s) => Kind::Value(Value::Str(self.ev.interned(s))),
            ExprKind::Tuple(items) if items.is_empty() => Kind::Value(Value::empty_seq()),
            ExprKind::Var { var, primed: false } => Kind::Var(var.0 as usize),
            ExprKind::Var { var, primed: true } => Kind::NextVar(var.0 as usize),
            ExprKind::Prime(inner) if self.reach(inner).is_state_function() => {
                Kind::Primed(self.boxed(inner))
            }
            ExprKind::Local(slot) => Kind::Local(*slot),
            ExprKind::Const(c) => match self.ev.consts.get(c.0 as usize) {
                Some(Some(ConstBinding::Value(v))) => Kind::Value(v.clone()),
                _ => Kind::Interpret,
            },
            ExprKind::Call(op, args) => self.call(op.0 as usize, args, 0),
            ExprKind::FnApp(f, a) => {
                if let ExprKind::Local(slot) = f.kind {
                    return self.fold(e, Kind::LocalApp(slot, self.boxed(a)));
                }
                if let Some(kind) = self.fn_def_app(f, a) {
                    return self.fold(e, kind);
                }
                let f = self.compile(f);
                if f.is_place() {
                    place_step(f, PathStep::Index(self.compile(a)), e.span)
                } else if matches!(f.kind, Kind::Cached(_) | Kind::Once(..) | Kind::Value(_)) {
                    Kind::ConstApp(Box::new(f), self.boxed(a))
                } else {
                    Kind::Interpret
                }
            }
            ExprKind::SetEnum(items) => Kind::SetEnum(self.compile_all(items)),
            ExprKind::Tuple(items) => Kind::Tuple(self.compile_all(items)),
            ExprKind::Record(fields) => Kind::Record(Box::new(Record::new(
                fields
                    .iter()
                    .map(|(name, e)| (self.ev.interned(name), self.compile(e)))
                    .collect(),
            ))),
            ExprKind::SetFilter(binder, pred) => match one_variable(std::slice::from_ref(binder)) {
                Some((slot, domain)) => Kind::SetFilter {
                    slot,
                    domain: self.boxed(domain),
                    pred: self.boxed(pred),
                },
                None => Kind::Interpret,
            },
            ExprKind::SetMap(body, binders) => match one_variable(binders) {
                Some((slot, domain)) => Kind::SetMap {
                    slot,
                    domain: self.boxed(domain),
                    body: self.boxed(body),
                },
                None => Kind::Interpret,
            },
            ExprKind::Dot(r, name) => match &r.kind {
                ExprKind::Local(slot) => Kind::LocalField(*slot, self.ev.interned(name)),
                _ => {
                    let r = self.compile(r);
                    if r.is_place() {
                        place_step(r, PathStep::Field(self.ev.interned(name)), e.span)
                    } else {
                        Kind::Interpret
                    }
                }
            },
            ExprKind::Builtin(b, args) => self.builtin(*b, args),
            ExprKind::Junction { and, items } => {
                let items = items.iter().map(|i| self.compile(i)).collect();
                if *and {
                    Kind::And(items)
                } else {
                    Kind::Or(items)
                }
            }
            ExprKind::If(c, a, b) => Kind::If(self.boxed(c), self.boxed(a), self.boxed(b)),
            ExprKind::Case { arms, other } => Kind::Case {
                arms: arms
                    .iter()
                    .map(|(g, v)| (self.compile(g), self.compile(v)))
                    .collect(),
                other: other.as_deref().map(|o| self.boxed(o)),
            },
            ExprKind::Choose(binder, pred) => match one_variable(std::slice::from_ref(binder)) {
                Some((slot, domain)) => Kind::Choose {
                    slot,
                    domain: self.boxed(domain),
                    pred: self.boxed(pred),
                },
                None => Kind::Interpret,
            },
            ExprKind::Quant {
                forall,
                binders,
                body,
            } => match self.vars(binders) {
                Some(vars) => Kind::Quant {
                    forall: *forall,
                    rows: self.rows(e, *forall, &vars, body),
                    vars,
                    body: self.boxed(body),
                },
                None => Kind::Interpret,
            },
            ExprKind::FnSet(d, r) => Kind::FnSet(self.boxed(d), self.boxed(r)),
            ExprKind::Cross(parts) => Kind::Cross(self.compile_all(parts)),
            ExprKind::FnCons(binders, body) => match self.vars(binders) {
                Some(vars) => Kind::FnCons {
                    vars,
                    body: self.boxed(body),
                },
                None => Kind::Interpret,
            },
            ExprKind::LetValue { slot, value, body } => Kind::Let {
                slot: *slot,
                value,
                body: self.boxed(body),
            },
            ExprKind::Except { base, updates, at } => Kind::Except(Box::new(Except {
                base: self.compile(base),
                updates: updates
                    .iter()
                    .map(|u| {
                        let path = u.path.iter().map(|step| match step {
                            ExceptStep::Field(name) => {
                                Step::Field(Value::Str(self.ev.interned(name)))
                            }
                            ExceptStep::Index(e) => Step::Index(self.compile(e)),
                        });
                        (path.collect(), self.compile(&u.value))
                    })
                    .collect(),
                at: updates
                    .iter()
                    .any(|u| analysis::mentions_slot(&u.value, *at))
                    .then_some(*at),
            })),
            _ => Kind::Interpret,
        };
        self.fold(e, kind)
    }

    /// The variables of bounded, untupled binders (`x, y \in S, z \in T`), in binding
    /// order; `None` when one is tupled or unbounded.
    fn vars(&self, binders: &'p [tlafid_sema::ir::Binder]) -> Option<Vec<QuantVar<'p>>> {
        let mut vars = Vec::new();
        for b in binders {
            let domain = b.domain.as_ref().filter(|_| !b.tuple)?;
            vars.extend(b.slots.iter().enumerate().map(|(i, s)| QuantVar {
                slot: *s,
                domain: self.compile(domain),
                same_as_previous: i > 0,
            }));
        }
        Some(vars)
    }

    /// [`Rows`] of the quantifier `e` (its variables `vars`, its body `body`), if it is one.
    fn rows(&self, e: &Expr, forall: bool, vars: &[QuantVar<'p>], body: &Expr) -> Option<Rows> {
        let reach = self.reach(e);
        if !forall || !(1..=2).contains(&vars.len()) || !reach.keepable || reach.free != 0 {
            return None;
        }
        if !vars.iter().all(|v| self.reach(v.domain.expr).is_constant()) {
            return None;
        }
        let slots: Vec<Slot> = vars.iter().map(|v| v.slot).collect();
        let mut row = None;
        if !self.reads_rows(body, &slots, &mut row) {
            return None;
        }
        let (var, slot) = row?;
        let mut bound_inside = Vec::new();
        analysis::collect_bound_slots(body, &mut bound_inside);
        if bound_inside.contains(&slot.0) {
            return None;
        }
        Some(Rows {
            var: u16::try_from(var).ok()?,
            second: slots[0] != slot,
        })
    }

    /// Does `e` read the state only as `v[x]` (`x` one of `slots`), one `v` and one `x`
    /// throughout (`row`), through no operator that reads the state?
    fn reads_rows(&self, e: &Expr, slots: &[Slot], row: &mut Option<(usize, Slot)>) -> bool {
        let op_free = |op: usize| self.ev.op_purity(op).1;
        match &e.kind {
            ExprKind::FnApp(f, a) => {
                if let (ExprKind::Var { var, primed: false }, ExprKind::Local(slot)) =
                    (&f.kind, &a.kind)
                {
                    if !slots.contains(slot) {
                        return false;
                    }
                    let this = (var.0 as usize, *slot);
                    return *row.get_or_insert(this) == this;
                }
            }
            ExprKind::Var { .. }
            | ExprKind::Substituted { .. }
            | ExprKind::LocalCall(..)
            | ExprKind::LocalOpArg(_)
            | ExprKind::ConstCall(..) => return false,
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) if !op_free(op.0 as usize) => {
                return false
            }
            ExprKind::Const(c) => match self.ev.consts.get(c.0 as usize) {
                Some(Some(ConstBinding::Value(_))) => {}
                Some(Some(ConstBinding::Op(op))) if op_free(op.0 as usize) => {}
                _ => return false,
            },
            _ => {}
        }
        let mut only_rows = true;
        each_child(e, &mut |child| {
            only_rows = only_rows && self.reads_rows(child, slots, row);
        });
        only_rows
    }

    fn compile_all(&self, items: &'p [Expr]) -> Vec<Node<'p>> {
        items.iter().map(|i| self.compile(i)).collect()
    }

    /// The node of `kind` for `e`, computed once and kept when it is a constant operation
    /// (also one that binds variables, `{<<p, "ECHO0">> : p \in Faulty}`), and kept for the
    /// current state when it costs something and depends on nothing else (`sent \cup
    /// {...}` inside `\E r \in SUBSET S : r \subseteq ...`, evaluated for every `r`).
    fn fold(&self, e: &'p Expr, kind: Kind<'p>) -> Node<'p> {
        let node = Node { expr: e, kind };
        let binds = matches!(
            node.kind,
            Kind::SetFilter { .. }
                | Kind::SetMap { .. }
                | Kind::FnCons { .. }
                | Kind::Choose { .. }
                | Kind::Quant { .. }
        );
        // A set of records over constants (`[mbal : Ballot, val : {"a", "b"}]`, a lazy set
        // the interpreter builds): built once, so that a membership in a set of functions
        // into it (`aState \in [RM -> [Acceptor -> [mbal : Ballot, ...]]]`) has a constant
        // range, and is remembered.
        let record_set = matches!(node.kind, Kind::Interpret)
            && matches!(e.kind, ExprKind::RecordSet(_))
            && self.reach(e).is_constant();
        if node.is_foldable() || ((binds || record_set) && self.reach(e).is_constant()) {
            return Node {
                expr: e,
                kind: Kind::Once(OnceLock::new(), Box::new(node)),
            };
        }
        if node.is_costly() && self.reach(e).is_per_state() {
            return Node {
                expr: e,
                kind: Kind::PerState(Box::new(node)),
            };
        }
        if let Some(slots) = self.remembered_slots(e, &node) {
            return Node {
                expr: e,
                kind: Kind::Remembered(slots, Box::new(node)),
            };
        }
        node
    }

    /// The frame slots `e` reads and does not bind, when `e` is worth remembering by their
    /// values ([`Kind::Remembered`]): no state, nothing that stops it being kept, at most
    /// [`crate::call::LOOKED_UP_ARGS`] such slots, and variables bound inside it (a
    /// quantifier, filter, map, function or `CHOOSE`) or a powerset built, or a set
    /// combined with a constant one (`Proc \ {p}`: a set built, for the few values of its
    /// locals).
    fn remembered_slots(&self, e: &'p Expr, node: &Node<'p>) -> Option<Box<[Slot]>> {
        let reach = self.reach(e);
        if !reach.keepable
            || reach.state
            || reach.free == 0
            || reach.free.count_ones() as usize > crate::call::LOOKED_UP_ARGS
            || matches!(
                node.kind,
                Kind::Value(_) | Kind::Local(_) | Kind::Once(..) | Kind::RememberedCall(..)
            )
            || !(binds_inside(e) || combines_constant_set(node))
        {
            return None;
        }
        Some(
            (0..64u32)
                .filter(|s| reach.free & (1 << s) != 0)
                .map(Slot)
                .collect(),
        )
    }

    /// A root's node (an operator body, a conjunct): not kept per state at its top (a
    /// root is looked up where it is evaluated; what is worth keeping is what a root
    /// evaluates again and again).
    fn compile_root(&self, e: &'p Expr) -> Node<'p> {
        match self.compile(e) {
            Node {
                kind: Kind::PerState(inner),
                ..
            } => *inner,
            node => node,
        }
    }

    /// [`Reach`] of `e`, computed once per expression.
    fn reach(&self, e: &Expr) -> Reach {
        let key = e as *const Expr as usize;
        if let Some(r) = self.reaches.borrow().get(&key) {
            return *r;
        }
        let mut r = Reach {
            free: 0,
            state: false,
            keepable: true,
            state_level: true,
        };
        let never = |r: &mut Reach| {
            r.keepable = false;
            r.state_level = false;
        };
        let op_reach = |op: usize, r: &mut Reach| {
            let (pure, free) = self.ev.op_purity(op);
            let replaced = matches!(self.ev.overrides[op], Some(ConstBinding::Op(_)));
            if !pure || replaced {
                never(r);
            }
            r.state |= !free;
        };
        match &e.kind {
            _ if analysis::never_kept(e) => never(&mut r),
            ExprKind::Var { .. } => r.state = true,
            ExprKind::Substituted { .. } => r.keepable = false,
            ExprKind::Local(slot) if slot.0 < 64 => r.free |= 1 << slot.0,
            ExprKind::Local(_) => never(&mut r),
            ExprKind::Const(c) => match self.ev.consts.get(c.0 as usize) {
                Some(Some(ConstBinding::Value(_))) => {}
                Some(Some(ConstBinding::Op(op))) => op_reach(op.0 as usize, &mut r),
                _ => never(&mut r),
            },
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => op_reach(op.0 as usize, &mut r),
            _ => {}
        }
        each_child(e, &mut |child| {
            let c = self.reach(child);
            r.free |= c.free;
            r.state |= c.state;
            r.keepable &= c.keepable;
            r.state_level &= c.state_level;
        });
        let mut bound = Vec::new();
        analysis::bound_here(e, &mut bound);
        for slot in bound.into_iter().filter(|s| *s < 64) {
            r.free &= !(1 << slot);
        }
        self.reaches.borrow_mut().insert(key, r);
        r
    }

    /// The test of `x \in set` as `Ctx::member_of_expr` makes it ([`lazy_member`]): a
    /// function set or a set enumeration without building it, a set filter (and, at the
    /// top, a call decided on its operator's body) by the interpreter, a constant operator
    /// by its cached value once built, any other set by its value (so a function set's
    /// range that is a call is evaluated once, as there).
    fn member(&self, set: &'p Expr, top: bool) -> Member<'p> {
        let member = self.member_of(set, top);
        if member.is_constant() {
            return Member::Remembered(Box::new(member));
        }
        member
    }

    fn member_of(&self, set: &'p Expr, top: bool) -> Member<'p> {
        match lazy_member(self.ev, set) {
            Some(LazyMember::FnSet(dom, range)) => Member::FnSet {
                dom: self.compile(dom),
                range: Box::new(self.member(range, false)),
            },
            Some(LazyMember::Filter { .. }) => Member::Interpret(set),
            Some(LazyMember::Def(..)) if top => Member::Interpret(set),
            Some(LazyMember::Constant(op)) => Member::Constant(op.0 as usize, set),
            Some(LazyMember::Def(..)) | None => match self.compile(set) {
                // A function set's range is evaluated once (`top` false): built.
                Node {
                    kind: Kind::SetEnum(items),
                    ..
                } if top => Member::Enum(items),
                node => Member::Set(node),
            },
        }
    }

    /// A call of operator `op` as [`Ctx::call_op`] resolves it: overrides, natives, cached
    /// constants; other operators are called by the interpreter (their bodies compiled).
    fn call(&self, op: usize, args: &'p [Expr], redirects: usize) -> Kind<'p> {
        match &self.ev.overrides[op] {
            Some(ConstBinding::Value(v)) => return Kind::Value(v.clone()),
            Some(ConstBinding::Op(other)) if redirects < 8 => {
                return self.call(other.0 as usize, args, redirects + 1)
            }
            Some(ConstBinding::Op(_)) => return Kind::Interpret,
            None => {}
        }
        match (&self.ev.natives[op], args) {
            (Some(Native::Const(f)), []) => Kind::NativeConst(op, *f),
            (Some(Native::Unary(f)), [a]) => Kind::Native1(*f, self.boxed(a)),
            (Some(Native::Binary(f)), [a, b]) => {
                let def = self.ev.program.op(tlafid_sema::ir::OpId(op as u32));
                match Order::of(&def.name)
                    .filter(|_| matches!(def.module.as_str(), "Naturals" | "Integers"))
                {
                    Some(order) => Kind::IntCmp(order, *f, self.boxed(a), self.boxed(b)),
                    None => Kind::Native2(*f, self.boxed(a), self.boxed(b)),
                }
            }
            (Some(_), _) => Kind::Interpret,
            (None, []) if self.ev.cacheable[op] => Kind::Cached(op),
            (None, _) => self.remembered_call(op, args).unwrap_or(Kind::Interpret),
        }
    }

    /// [`Kind::RememberedCall`] for a call of `op` (neither overridden nor native) when
    /// `op` is remembered and each argument is a bound variable, parameter or `LET` value.
    fn remembered_call(&self, op: usize, args: &'p [Expr]) -> Option<Kind<'p>> {
        if self.ev.cacheable[op]
            || args.len() > crate::call::LOOKED_UP_ARGS
            || self.ev.memo().call_part(op).is_none()
        {
            return None;
        }
        let slots = args.iter().map(|a| match a.kind {
            ExprKind::Local(slot) => Some(slot),
            _ => None,
        });
        Some(Kind::RememberedCall(op, slots.collect::<Option<_>>()?))
    }

    fn builtin(&self, b: Builtin, args: &'p [Expr]) -> Kind<'p> {
        let set_op: Binary = match (b, args) {
            (Builtin::Not, [a]) => return Kind::Not(self.boxed(a)),
            (Builtin::Implies, [a, b]) => return Kind::Implies(self.boxed(a), self.boxed(b)),
            (Builtin::Equiv, [a, b]) => return Kind::Equiv(self.boxed(a), self.boxed(b)),
            (Builtin::Eq | Builtin::Neq, [a, lit]) => {
                if let Some((x, y)) = intersection_with_empty(a, lit) {
                    return Kind::Disjoint {
                        a: self.boxed(x),
                        b: self.boxed(y),
                        negate: b == Builtin::Neq,
                    };
                }
                return Kind::Eq {
                    a: self.boxed(a),
                    b: self.boxed(lit),
                    literal: match &lit.kind {
                        ExprKind::Str(s) => Some(self.ev.interned(s)),
                        _ => None,
                    },
                    negate: b == Builtin::Neq,
                };
            }
            (Builtin::In | Builtin::NotIn, [x, s]) => {
                return Kind::In {
                    elem: self.boxed(x),
                    set: Box::new(self.member(s, true)),
                    negate: b == Builtin::NotIn,
                };
            }
            (Builtin::Powerset, [a]) => return Kind::Powerset(self.boxed(a)),
            (Builtin::Domain, [a]) => return Kind::Native1(Value::domain, self.boxed(a)),
            (Builtin::BigUnion, [a]) => return Kind::Native1(Value::big_union, self.boxed(a)),
            (Builtin::SubsetEq, [a, set]) => {
                return match lazy_member(self.ev, set) {
                    None => {
                        let (a, set) = (self.boxed(a), self.boxed(set));
                        match !a.is_constant() && set.is_constant() {
                            true => Kind::SubsetOfConstant {
                                a,
                                set: Box::new(Member::Set(*set)),
                            },
                            false => Kind::Native2(subset_eq, a, set),
                        }
                    }
                    Some(lazy) => Kind::SubsetOf {
                        a: self.boxed(a),
                        set,
                        constant: match lazy {
                            LazyMember::Constant(op) => Some(op.0 as usize),
                            _ => None,
                        },
                    },
                };
            }
            // A set of one element listed on either side (`msgs \cup {m}`) is not built:
            // the element is the operand, in the same place, so evaluated in the same order.
            (Builtin::Union, [a, b]) => match (&a.kind, &b.kind) {
                (_, ExprKind::SetEnum(elems)) if elems.len() == 1 => {
                    return Kind::SetOp(Value::union_element, self.boxed(a), self.boxed(&elems[0]))
                }
                (ExprKind::SetEnum(elems), _) if elems.len() == 1 => {
                    return Kind::SetOp(Value::element_union, self.boxed(&elems[0]), self.boxed(b))
                }
                _ => Value::union,
            },
            (Builtin::Intersect, [_, _]) => Value::intersect,
            (Builtin::SetMinus, [_, _]) => Value::minus,
            _ => return Kind::Interpret,
        };
        Kind::SetOp(set_op, self.boxed(&args[0]), self.boxed(&args[1]))
    }
}

/// The place `base` followed by `step` (at `span`): a [`Path`] from a variable, except
/// that a pair index `f[x, y]` stays an application ([`Kind::App`]).
fn place_step<'p>(base: Node<'p>, step: PathStep<'p>, span: tlafid_base::Span) -> Kind<'p> {
    let pair =
        matches!(&step, PathStep::Index(Node { kind: Kind::Tuple(items), .. }) if items.len() == 2);
    match (base.kind, step) {
        (Kind::Var(var), step) if !pair => Kind::Path(Box::new(Path {
            var,
            steps: vec![(step, span)],
        })),
        (Kind::Path(mut path), step) if !pair => {
            path.steps.push((step, span));
            Kind::Path(path)
        }
        (kind, PathStep::Index(a)) => Kind::App(
            Box::new(Node {
                expr: base.expr,
                kind,
            }),
            Box::new(a),
        ),
        (kind, PathStep::Field(name)) => Kind::Field(
            Box::new(Node {
                expr: base.expr,
                kind,
            }),
            name,
        ),
    }
}

/// `a \subseteq b` as a value operation.
fn subset_eq(a: &Value, b: &Value) -> ValueResult<Value> {
    a.subset_eq(b).map(Value::Bool)
}

/// The operands of `a \cap b` when `lhs = rhs` compares it with `{}` (on either side).
fn intersection_with_empty<'p>(lhs: &'p Expr, rhs: &'p Expr) -> Option<(&'p Expr, &'p Expr)> {
    let is_empty = |e: &Expr| matches!(&e.kind, ExprKind::SetEnum(items) if items.is_empty());
    let (cap, empty) = match (&lhs.kind, &rhs.kind) {
        (ExprKind::Builtin(Builtin::Intersect, _), _) => (lhs, rhs),
        (_, ExprKind::Builtin(Builtin::Intersect, _)) => (rhs, lhs),
        _ => return None,
    };
    match &cap.kind {
        ExprKind::Builtin(Builtin::Intersect, args) if is_empty(empty) && args.len() == 2 => {
            Some((&args[0], &args[1]))
        }
        _ => None,
    }
}

/// The slot and domain of a single bounded, untupled variable (`x \in S`).
fn one_variable(binders: &[tlafid_sema::ir::Binder]) -> Option<(Slot, &Expr)> {
    match binders {
        [tlafid_sema::ir::Binder {
            slots,
            tuple: false,
            domain: Some(domain),
            ..
        }] if slots.len() == 1 => Some((slots[0], domain)),
        _ => None,
    }
}

impl<'p> Node<'p> {
    /// The expression this node stands for.
    pub(crate) fn expr(&self) -> &'p Expr {
        self.expr
    }

    fn is_interpreted(&self) -> bool {
        matches!(self.kind, Kind::Interpret)
    }

    /// A constant expression: a literal, a constant operator, or a pure operator (natives of
    /// values, set algebra) of constants.
    fn is_constant(&self) -> bool {
        match &self.kind {
            Kind::Value(_) | Kind::Cached(_) | Kind::NativeConst(..) | Kind::Once(..) => true,
            Kind::Native1(_, a) | Kind::Powerset(a) => a.is_constant(),
            Kind::Native2(_, a, b)
            | Kind::IntCmp(_, _, a, b)
            | Kind::SetOp(_, a, b)
            | Kind::FnSet(a, b) => a.is_constant() && b.is_constant(),
            Kind::SubsetOf { a, constant, .. } => a.is_constant() && constant.is_some(),
            Kind::SetEnum(items) | Kind::Tuple(items) | Kind::Cross(items) => {
                items.iter().all(Node::is_constant)
            }
            Kind::Record(record) => record.fields.iter().all(|(_, f)| f.is_constant()),
            _ => false,
        }
    }

    /// A constant computed by an operation (worth keeping its value).
    fn is_foldable(&self) -> bool {
        matches!(
            self.kind,
            Kind::Native1(..)
                | Kind::Native2(..)
                | Kind::IntCmp(..)
                | Kind::SetOp(..)
                | Kind::Powerset(_)
                | Kind::FnSet(..)
                | Kind::Cross(_)
                | Kind::SetEnum(_)
                | Kind::Tuple(_)
                | Kind::Record(_)
                | Kind::SubsetOf { .. }
        ) && self.is_constant()
    }

    /// An operation worth keeping for the current state rather than doing again: a set
    /// built or combined, a quantifier, an `EXCEPT`, a call of a defined operator.
    fn is_costly(&self) -> bool {
        match &self.kind {
            Kind::SetOp(..)
            | Kind::SetFilter { .. }
            | Kind::SetMap { .. }
            | Kind::FnCons { .. }
            | Kind::Choose { .. }
            | Kind::Quant { .. }
            | Kind::Except(_)
            | Kind::RememberedCall(..) => true,
            Kind::Interpret => {
                matches!(self.expr.kind, ExprKind::Call(_, ref args) if !args.is_empty())
            }
            _ => false,
        }
    }

    /// Worth a lookup by address instead of the interpreter's dispatch.
    fn is_worth_running(&self) -> bool {
        !matches!(self.kind, Kind::Interpret | Kind::Value(_) | Kind::Local(_))
    }

    /// A state variable, or an application or field of one: a value to borrow.
    fn is_place(&self) -> bool {
        matches!(
            self.kind,
            Kind::Var(_) | Kind::Path(_) | Kind::App(..) | Kind::Field(..)
        )
    }
}

/// Does `e` bind variables (a quantifier, filter, map, function construction or `CHOOSE`)
/// or build a powerset or union, anywhere inside?
/// A set operation (`\cup`, `\cap`, `\`) one of whose operands is a constant.
fn combines_constant_set(node: &Node<'_>) -> bool {
    matches!(&node.kind, Kind::SetOp(_, a, b) if a.is_constant() || b.is_constant())
}

fn binds_inside(e: &Expr) -> bool {
    let here = matches!(
        e.kind,
        ExprKind::Quant { .. }
            | ExprKind::Choose(..)
            | ExprKind::SetFilter(..)
            | ExprKind::SetMap(..)
            | ExprKind::FnCons(..)
            | ExprKind::Builtin(Builtin::Powerset | Builtin::BigUnion, _)
    );
    let mut found = here;
    each_child(e, &mut |child| found = found || binds_inside(child));
    found
}
