//! The [`Evaluator`]: a program with its constant bindings, natives and caches; and the
//! [`Worker`] that holds reusable buffers for one thread.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use smol_str::SmolStr;
use tlafid_base::{Interrupt, Span};
use tlafid_sema::ir::{Expr, ExprKind, Level, OpId, Program};
use tlafid_value::{Text, Value};

use crate::action::{self, ActionDecl, ActionInfo};
use crate::analysis;
use crate::compile::Compiled;
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_CONSTANT, E_NO_SPEC};
use crate::frame::FrameSlot;
use crate::inputs::SpecInputs;
use crate::natives::{self, JsonFile, Native};
use crate::registers::{Phase, Registers};
use crate::state::State;

/// What a declared constant (or an overridden operator) stands for.
#[derive(Clone, Debug)]
pub enum ConstBinding {
    /// A value (`N = 3`, `Procs = {p1, p2}` with model values).
    Value(Value),
    /// An operator of the program (`N <- MyN`, `F <- MyF` for an operator constant).
    Op(OpId),
}

/// Where `Print` and `PrintT` output goes: one call per evaluation, with TLC's text (a value
/// wider than 80 columns spans lines; no final newline). Workers call it concurrently.
pub type PrintSink = Arc<dyn Fn(&str) + Send + Sync>;

/// Receives each successor with the index of its action, its fingerprint
/// ([`State::fingerprint`]) and what makes it (with that fingerprint), to be called only if
/// the state is wanted ([`Evaluator::successors_unmade`]).
pub type UnmadeSink<'a> = dyn FnMut(usize, u64, &mut dyn FnMut() -> State) + 'a;

/// A finished exploration's figures, as TLC's `TLCGet("stats")` gives them after it.
#[derive(Clone, Debug, Default)]
pub struct ExplorationStats {
    /// Distinct states found.
    pub distinct: u64,
    /// Initial states found.
    pub initial: u64,
    /// States generated.
    pub generated: u64,
    /// The depth of the search (TLC's `diameter`).
    pub diameter: u64,
    /// States left on the queue.
    pub queue: u64,
    /// Seconds since the checker started.
    pub duration_seconds: u64,
}

impl ExplorationStats {
    fn to_value(&self) -> Value {
        let int = |n: u64| Value::Int(i64::try_from(n).unwrap_or(i64::MAX));
        Value::record(vec![
            (Text::from("queue"), int(self.queue)),
            (Text::from("distinct"), int(self.distinct)),
            (Text::from("initial"), int(self.initial)),
            (Text::from("generated"), int(self.generated)),
            (Text::from("diameter"), int(self.diameter)),
            (Text::from("duration"), int(self.duration_seconds)),
            // TLC reads its statistics in the main thread, worker 0, after exploration.
            (Text::from("worker"), Value::Int(0)),
        ])
    }
}

/// Options of an evaluator.
#[derive(Clone)]
pub struct EvalOptions {
    /// The deepest nesting of operator calls allowed before evaluation stops with `E082`
    /// (the native stack grows on demand, so any limit is safe).
    pub max_depth: usize,
    /// Receives `Print`/`PrintT` output; `None` discards it.
    pub print: Option<PrintSink>,
    /// The value of `TLCGet("config")`, if the caller provides one.
    pub tlc_config: Option<Value>,
    /// What `IOEnv` shows and the files the deserializers may read.
    pub inputs: SpecInputs,
    /// Polled every [`crate::ctx::TICKS_PER_POLL`] steps of evaluation (operator calls,
    /// bindings of a quantifier, `CHOOSE`, set filter or map, function construction, branches
    /// of the initial predicate): once raised, evaluation stops with `E084`.
    pub interrupt: Interrupt,
}

impl Default for EvalOptions {
    fn default() -> Self {
        EvalOptions {
            max_depth: 5000,
            print: None,
            tlc_config: None,
            inputs: SpecInputs::default(),
            interrupt: Interrupt::new(),
        }
    }
}

impl std::fmt::Debug for EvalOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EvalOptions")
            .field("max_depth", &self.max_depth)
            .finish()
    }
}

/// Evaluates expressions and actions of one program under fixed constant bindings.
/// It is `Sync`: share one between threads, each with its own [`Worker`].
pub struct Evaluator<'p> {
    pub(crate) program: &'p Program,
    pub(crate) consts: Vec<Option<ConstBinding>>,
    pub(crate) overrides: Vec<Option<ConstBinding>>,
    pub(crate) natives: Vec<Option<Native>>,
    pub(crate) cacheable: Vec<bool>,
    pub(crate) frame_sizes: Vec<usize>,
    pub(crate) by_name: std::collections::HashSet<usize, ahash::RandomState>,
    pub(crate) op_cache: Vec<OnceLock<Value>>,
    /// By operator: set (to `true`) once a constant operator's value is found not to be
    /// buildable (an infinite set filter such as `{n \in Nat : n > 0}`), so membership in
    /// it is decided on its body (`Ctx::constant_stays_lazy`); one that can be built is in
    /// `op_cache` instead.
    pub(crate) lazy_constants: Vec<OnceLock<bool>>,
    pub(crate) strings: HashMap<SmolStr, Text, ahash::RandomState>,
    pub(crate) options: EvalOptions,
    pub(crate) init: Option<OpId>,
    pub(crate) next: Option<OpId>,
    pub(crate) actions: Vec<ActionDecl>,
    pub(crate) exists_counts: action::ExistsCounts,
    /// Guards tested once for a whole top-level `\E` (see `action/hoist.rs`).
    pub(crate) exists_guards: action::ExistsGuards<'p>,
    /// The disjunctions of the next-state relation that dispatch on a label
    /// (`dispatch.rs`) or whose actions begin with one guard (`shared.rs`).
    pub(crate) disjunctions: action::Disjunctions<'p>,
    /// The compiled actions of the next-state relation (`action/plan.rs`).
    pub(crate) plans: action::Plans<'p>,
    /// The splitter's walk of the next-state relation, with the disjunctions, counts,
    /// guards and plans it meets resolved (`action/tree.rs`).
    pub(crate) split: action::SplitTree<'p>,
    /// Actions are not planned ([`Evaluator::set_action_plans`]).
    plans_off: bool,
    /// For each operator, the operator an action-level call of it inlines (after
    /// overrides), if it is inlined (see [`Evaluator::inline_call`]).
    pub(crate) inline_targets: Vec<Option<OpId>>,
    /// For each operator, whether it is a function definition whose body, run as an action,
    /// is one test (see [`action::guard_fn_defs`]).
    pub(crate) guard_fn_defs: Vec<bool>,
    /// Facts that depend on the overrides, computed on first use (after every override).
    facts: OnceLock<Facts>,
    /// Compiled operator bodies and conjuncts, built anew after every override (a plain
    /// field rather than a lazy cell keeps `Evaluator` covariant in `'p`).
    compiled: Compiled<'p>,
    /// Buffers of dropped workers, reused by the next [`Evaluator::worker`] call so that
    /// one-shot calls ([`Evaluator::successors`], ...) allocate nothing per call: one
    /// stripe per thread (by [`thread_stripe`]), so that threads do not meet on a lock.
    spare: Box<[Stripe]>,
    /// TLC's registers (`TLCSet`, `TLCGet`), the phase of the checker and the statistics
    /// known after exploration (see `registers.rs`).
    pub(crate) registers: Registers,
    /// The values the deserializers read, by how and from what path: each file is read
    /// once, so what a spec sees cannot change while it is checked.
    pub(crate) file_values: Mutex<HashMap<(JsonFile, String), Value>>,
    /// The state of the fixed-seed generator behind `RandomElement` in `ASSUME`s.
    pub(crate) random_state: Mutex<u64>,
    /// `Print` and `PrintT` print nothing (see [`Evaluator::set_print_quiet`]).
    print_quiet: AtomicBool,
    /// For each `ENABLED` written in an instantiated module (by the address of its
    /// operand): which substituted variables it treats as its own (see `shadow.rs`).
    pub(crate) enabled_shadows: crate::shadow::EnabledShadows,
}

/// Stripes of idle workers' buffers per evaluator: a thread uses the stripe of its number
/// (modulo this), so threads of one run never share one.
const STRIPES: usize = 64;

/// How many idle workers' buffers a stripe keeps: a worker checking a successor's
/// invariants runs while the worker generating successors holds its own.
const STRIPE_SPARES: usize = 4;

/// The buffers of one stripe's idle workers, alone in their cache lines (a worker of
/// another thread never writes this one's).
#[derive(Default)]
#[repr(align(128))]
struct Stripe(Mutex<Vec<Spare>>);

/// An idle worker's buffers: boxed, so that a worker takes and returns a pointer; its frame
/// stack empty, typed without the program's lifetime (a `'p` inside the evaluator's lock
/// would make [`Evaluator`] invariant in it).
struct Spare {
    stack: Vec<FrameSlot<'static>>,
    buffers: Box<Buffers>,
}

/// Source of thread numbers.
static NEXT_THREAD: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's number, given on first use.
    static THREAD_NUMBER: usize = NEXT_THREAD.fetch_add(1, Ordering::Relaxed);
}

/// The stripe of the calling thread: each thread of a run has its own (up to [`STRIPES`]
/// threads), so taking and returning buffers never waits and writes no line another
/// thread reads. Held by the evaluator rather than by the thread, the buffers keep the
/// evaluator's lifetime and are dropped with it.
fn thread_stripe() -> usize {
    THREAD_NUMBER.try_with(|n| *n).unwrap_or(0) % STRIPES
}

/// Facts about the program under its overrides.
struct Facts {
    /// `pure[op]`: see [`analysis::pure_ops`].
    pure: Vec<bool>,
    /// `free[op]`: the operator's value depends on no state ([`analysis::state_free`]).
    free: Vec<bool>,
    /// `per_state[op]`: the operator has no parameters and is pure (see
    /// [`analysis::pure_ops`]), so its value can be kept while the current state stays.
    per_state: Vec<bool>,
    /// `LET` values that denote one value wherever evaluated, by address, to their index
    /// in `let_values`.
    constant_lets: HashMap<usize, usize, ahash::RandomState>,
    /// The values of `constant_lets`, once computed.
    let_values: Vec<OnceLock<Value>>,
    /// The conjuncts of state predicates whose results are remembered (`memo.rs`).
    memo: crate::memo::Plan,
}

/// Calls `f` with the value of every `LET` in `expr`.
fn collect_constant_lets<'x>(expr: &'x Expr, f: &mut dyn FnMut(&'x Expr)) {
    if let ExprKind::LetValue { value, .. } = &expr.kind {
        f(value);
    }
    tlafid_sema::walk::each_child(expr, &mut |child| collect_constant_lets(child, f));
}

/// A worker's reusable allocations, but for its frame stack.
struct Buffers {
    /// Empty between uses (`'static` only to be kept: it holds nothing borrowed).
    next: Vec<Option<Cow<'static, Value>>>,
    /// `analysis::slots_used` of the expressions evaluated so far, by address.
    slots_used: HashMap<usize, usize, ahash::RandomState>,
    /// What was kept for the current state of the last step checked.
    step_state: Option<KeptState>,
    /// What was computed for the next states of recent steps (`Ctx::next_cache`),
    /// direct-mapped by fingerprint ([`SEEN_NEXT_SLOTS`] entries, allocated on first use).
    seen_next: Vec<Option<SeenNext>>,
    /// The state predicates [`Worker::first_false`] tested last, in order.
    checks: Vec<CheckPlan>,
    /// The state constraints [`Worker::first_false_constraint`] tested last, in order.
    constraint_checks: Vec<CheckPlan>,
    /// The step checks [`Worker::first_false_step`] tested last, in order.
    steps: Vec<StepPlan>,
}

/// What [`Worker::first_false_step`] needs of `[A]_v`, found once (it checks the same list
/// on every step): the slots its frames need, and `v`'s variables when `v` is a variable or
/// a tuple of variables (then `v` is unchanged where each variable's two values are equal).
struct StepPlan {
    /// The addresses of `A` and `v` (0 without `v`).
    key: (usize, usize),
    slots: usize,
    vars: Option<Box<[usize]>>,
}

/// What [`Worker::first_false`] needs of a state predicate, found once (it tests the same
/// list on every state): the slots its frame needs, the number of its remembered
/// conjuncts in the memo plan (`memo::Plan::body`), and the variables it reads (a bit per
/// variable, when [`Evaluator::variables_read`] says).
#[derive(Clone, Copy)]
struct CheckPlan {
    expr: usize,
    slots: usize,
    body: Option<usize>,
    reads: Option<u64>,
}

/// The variables (a bit per variable) whose values differ between two states of the same
/// model, as far as their identity tells: a successor keeps its predecessor's values of the
/// variables its action left unchanged, so those are the same allocations (or scalars), and
/// a variable assigned an equal value may show as changed. `None` for more than 64
/// variables.
pub fn changed_variables(parent: &[Value], state: &[Value]) -> Option<u64> {
    if parent.len() != state.len() || state.len() > 64 {
        return None;
    }
    let mut changed = 0u64;
    for (i, (a, b)) in parent.iter().zip(state).enumerate() {
        if !crate::memo::identical(a, b) {
            changed |= 1 << i;
        }
    }
    Some(changed)
}

/// `vars` (variable numbers) as a bit per variable; `None` if one is 64 or more.
pub fn variable_mask(vars: &[usize]) -> Option<u64> {
    vars.iter()
        .try_fold(0u64, |mask, &v| (v < 64).then(|| mask | (1u64 << v)))
}

/// Entries of [`Buffers::seen_next`]: a state is reached by several steps (each checked
/// against every action property) and then expanded as a current state; what its state
/// functions evaluate to (a refinement's `token'`, `vars'`) is computed once for all of them.
const SEEN_NEXT_SLOTS: usize = 4096;

/// What was computed for one state reached as a next state, found again by content.
struct SeenNext {
    /// Which compilation the cache's node addresses belong to.
    generation: u64,
    fingerprint: u64,
    state: Box<[Value]>,
    cache: Vec<(usize, Value)>,
}

impl SeenNext {
    /// Kept for this very state (its values compared, not only its fingerprint) by this
    /// compilation.
    fn is_for(&self, generation: u64, fingerprint: u64, state: &[Value]) -> bool {
        self.generation == generation && self.fingerprint == fingerprint && *self.state == *state
    }
}

/// `[A]_v` (or `A`) on the step `ctx` holds: `v` compared first, `A` tested only where `v`
/// changed or failed (an error of `v` stands unless `A` holds), each from a fresh frame of
/// `slots` slots.
#[inline]
fn step_verdict<'p>(
    ctx: &mut Ctx<'_, 'p>,
    action: &'p Expr,
    vars: Option<&'p Expr>,
    slots: usize,
) -> EvalResult<bool> {
    let fresh = |ctx: &mut Ctx<'_, 'p>| {
        ctx.stack.clear();
        ctx.stack.resize(slots, FrameSlot::Empty);
    };
    let Some(vars) = vars else {
        fresh(ctx);
        return ctx.test(action);
    };
    fresh(ctx);
    let before = ctx.eval(vars);
    fresh(ctx);
    let after = ctx.eval_primed(vars);
    let unchanged = before.and_then(|before| Ok(before == after?));
    if let Ok(true) = unchanged {
        return Ok(true);
    }
    fresh(ctx);
    match (ctx.test(action)?, unchanged) {
        (true, _) => Ok(true),
        (false, Err(error)) => Err(error),
        (false, Ok(_)) => Ok(false),
    }
}

/// The very same values (allocations compared, not contents: `memo::identical`).
fn same_values(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| crate::memo::identical(a, b))
}

/// The values kept for one state (`Ctx::state_cache`) by the last [`Worker::step_holds`]:
/// the successors of a state are checked one after another, so what depends only on it (a
/// refinement's `vars` and mapped variables) is computed once for all of them.
struct KeptState {
    /// Which compilation the cache's node addresses belong to.
    generation: u64,
    /// The state's values, kept alive so that their allocations stay theirs: the cache is
    /// used again only for the very same values (`memo::identical`).
    state: Box<[Value]>,
    cache: Vec<(usize, Value)>,
}

impl KeptState {
    /// Kept for these very values of `state`, by this compilation.
    fn is_for(&self, generation: u64, state: &[Value]) -> bool {
        self.generation == generation && same_values(&self.state, state)
    }
}

impl Default for Buffers {
    /// Empty buffers, for a worker whose thread's stripe has none spare. `ahash::
    /// RandomState::new` would add to a counter shared by every thread each time, a cache
    /// line the workers would pull from each other's core; fixed seeds touch nothing shared
    /// (the map is keyed by address and never iterated).
    fn default() -> Self {
        Buffers {
            next: Vec::new(),
            slots_used: HashMap::with_hasher(ahash::RandomState::with_seeds(9, 10, 11, 12)),
            step_state: None,
            seen_next: Vec::new(),
            checks: Vec::new(),
            constraint_checks: Vec::new(),
            steps: Vec::new(),
        }
    }
}

impl<'p> Evaluator<'p> {
    /// An evaluator with `bindings[i]` the value of `program.consts[i]` (`None` leaves the
    /// constant unbound: reading it is an `E080` error).
    pub fn new(program: &'p Program, bindings: Vec<Option<ConstBinding>>) -> Evaluator<'p> {
        let mut consts = bindings;
        consts.resize(program.consts.len(), None);
        let n = program.ops.len();
        let natives: Vec<Option<Native>> = program
            .ops
            .iter()
            .map(|op| natives::lookup(&op.module, &op.name))
            .collect();
        let is_native: Vec<bool> = natives.iter().map(Option::is_some).collect();
        let state_free = analysis::state_free(program);
        let cacheable = program
            .ops
            .iter()
            .zip(&state_free)
            .map(|(op, free)| *free && op.level == Level::Constant && op.params.is_empty())
            .collect();
        let mut strings = HashMap::with_hasher(ahash::RandomState::with_seeds(1, 2, 3, 4));
        for op in &program.ops {
            collect_strings(&op.body, &mut strings);
        }
        let mut ev = Evaluator {
            program,
            consts,
            overrides: vec![None; n],
            natives,
            cacheable,
            frame_sizes: analysis::frame_sizes(program),
            by_name: analysis::by_name_args(program, &is_native),
            op_cache: (0..n).map(|_| OnceLock::new()).collect(),
            lazy_constants: (0..n).map(|_| OnceLock::new()).collect(),
            strings,
            options: EvalOptions::default(),
            init: None,
            next: None,
            actions: Vec::new(),
            exists_counts: Default::default(),
            exists_guards: Default::default(),
            disjunctions: Default::default(),
            inline_targets: Vec::new(),
            guard_fn_defs: Vec::new(),
            plans: action::Plans::default(),
            split: action::SplitTree::default(),
            plans_off: false,
            spare: (0..STRIPES).map(|_| Stripe::default()).collect(),
            enabled_shadows: crate::shadow::EnabledShadows::new(program),
            facts: OnceLock::new(),
            compiled: Compiled::default(),
            registers: Registers::new(program),
            file_values: Mutex::new(HashMap::default()),
            random_state: Mutex::new(0x2545_f491_4f6c_dd1d),
            print_quiet: AtomicBool::new(false),
        };
        ev.compiled = Compiled::new(&ev);
        ev.inline_targets = action::inline_targets(&ev);
        ev.guard_fn_defs = action::guard_fn_defs(&ev);
        ev
    }

    /// Sets the options.
    pub fn with_options(mut self, options: EvalOptions) -> Evaluator<'p> {
        self.options = options;
        self
    }

    /// Sets the signal that stops evaluation (`E084`) from outside: a deadline, a memory
    /// budget, a cancellation.
    pub fn set_interrupt(&mut self, interrupt: Interrupt) {
        self.options.interrupt = interrupt;
    }

    /// The signal evaluation obeys.
    pub fn interrupt(&self) -> &Interrupt {
        &self.options.interrupt
    }

    /// Sets the value of `TLCGet("config")` (the record TLC builds from its options).
    pub fn set_tlc_config(&mut self, config: Value) {
        self.options.tlc_config = Some(config);
    }

    /// Whether the program may read `TLCGet("level")`: an explorer then gives every state
    /// its level ([`State::set_level`]) and evaluates with it ([`Worker::set_level`]).
    pub fn reads_level(&self) -> bool {
        self.registers.reads_level()
    }

    /// Sets what `IOEnv` shows and which files the deserializers may read.
    pub fn set_inputs(&mut self, inputs: SpecInputs) {
        self.options.inputs = inputs;
    }

    /// Where `Print` and `PrintT` write (`None`: nowhere).
    pub fn set_print(&mut self, print: Option<PrintSink>) {
        self.options.print = print;
    }

    /// Keeps `Print` and `PrintT` quiet (`true`) or lets them print again: what is
    /// evaluated again to rebuild or describe a counterexample prints nothing twice.
    pub fn set_print_quiet(&self, quiet: bool) {
        self.print_quiet.store(quiet, Ordering::Relaxed);
    }

    /// The sink `Print` and `PrintT` write to now, if any.
    pub(crate) fn print_sink(&self) -> Option<&PrintSink> {
        let quiet = self.print_quiet.load(Ordering::Relaxed);
        self.options.print.as_ref().filter(|_| !quiet)
    }

    /// Tells the evaluator that exploration has ended, with TLC's figures for
    /// `TLCGet("stats")`: from now on (`POSTCONDITION`s) registers accumulated during
    /// exploration and the statistics can be read.
    pub fn end_exploration(&self, stats: &ExplorationStats) {
        self.registers.set_stats(stats.to_value());
        self.registers.set_phase(Phase::Post);
    }

    /// Replaces a defined operator by a value or another operator (`Op <- Other` or
    /// `Op = value` in a configuration).
    pub fn override_op(&mut self, op: OpId, binding: ConstBinding) {
        self.overrides[op.0 as usize] = Some(binding);
        self.cacheable[op.0 as usize] = false;
        self.facts = OnceLock::new();
        self.compiled = Compiled::new(self);
        self.inline_targets = action::inline_targets(self);
        self.guard_fn_defs = action::guard_fn_defs(self);
        self.split_next();
    }

    /// Runs the actions of the next-state relation on the generator alone (`false`), or on
    /// their plans again (`true`, the default): the two must give the same states, counts and
    /// errors, which tests compare.
    #[doc(hidden)]
    pub fn set_action_plans(&mut self, on: bool) {
        self.plans_off = !on;
        self.plan_actions();
    }

    /// Plans the actions of the next-state relation anew (`action/plan.rs`), in a new
    /// generation of the compiled forms (the plans' nodes are new allocations), and builds
    /// the splitter's walk with them (`action/tree.rs`).
    fn plan_actions(&mut self) {
        self.plans = action::Plans::default();
        self.compiled.renew_generation();
        if let Some(next) = self.next.filter(|_| !self.plans_off) {
            self.plans = action::Plans::new(self, next);
        }
        self.split = match self.next {
            Some(next) => action::SplitTree::new(self, next),
            None => action::SplitTree::default(),
        };
    }

    /// Sets the initial predicate and the next-state relation (each optional).
    pub fn set_spec(&mut self, init: Option<OpId>, next: Option<OpId>) {
        let init = init.map(|op| self.resolve_override(op));
        let next = next.map(|op| self.resolve_override(op));
        self.init = init;
        self.next = next;
        self.split_next();
    }

    /// Splits the next-state relation into its actions, with the tables read while they are
    /// run (`\E` counts and guards, disjunctions), and plans them: again whenever something
    /// they were built from changes (the relation, an operator's override).
    fn split_next(&mut self) {
        let next = self.next;
        (self.actions, self.exists_counts) = match next {
            Some(op) => action::split_actions(self, op),
            None => Default::default(),
        };
        self.exists_guards = match next {
            Some(op) => action::exists_guards(self, op),
            None => Default::default(),
        };
        self.disjunctions = match next {
            Some(op) => action::disjunctions(self, op),
            None => Default::default(),
        };
        self.plan_actions();
    }

    /// The variables `expr` is, when it is a variable or a tuple of variables, seen through
    /// calls of parameterless operators no configuration overrides (`vars` in `[Next]_vars`):
    /// `expr` then has the same value in two states exactly where each variable does.
    pub(crate) fn variables_of(&self, expr: &Expr) -> Option<Box<[usize]>> {
        let mut expr = expr;
        for _ in 0..8 {
            match &expr.kind {
                ExprKind::Call(op, args) if args.is_empty() && !self.is_overridden(*op) => {
                    let def = self.program.op(*op);
                    if !def.params.is_empty() || def.function.is_some() {
                        return None;
                    }
                    expr = &def.body;
                }
                ExprKind::Var { var, primed: false } => return Some(Box::new([var.0 as usize])),
                ExprKind::Tuple(items) => {
                    return items
                        .iter()
                        .map(|item| match item.kind {
                            ExprKind::Var { var, primed: false } => Some(var.0 as usize),
                            _ => None,
                        })
                        .collect();
                }
                _ => return None,
            }
        }
        None
    }

    /// True if the configuration overrides `op` (`Op <- Other` or `Op <- value`).
    pub fn is_overridden(&self, op: OpId) -> bool {
        self.overrides
            .get(op.0 as usize)
            .is_some_and(Option::is_some)
    }

    /// The operator that runs for `op` after `Op <- Other` overrides.
    fn resolve_override(&self, mut op: OpId) -> OpId {
        for _ in 0..8 {
            match &self.overrides[op.0 as usize] {
                Some(ConstBinding::Op(other)) => op = *other,
                _ => break,
            }
        }
        op
    }

    /// The program.
    pub fn program(&self) -> &'p Program {
        self.program
    }

    /// The actions of the next-state relation (its top-level disjuncts, through operator
    /// calls and `\E`), in order; [`ActionInfo::index`] points into this list.
    pub fn actions(&self) -> &[ActionDecl] {
        &self.actions
    }

    /// A worker with its own buffers, for repeated calls from one thread.
    pub fn worker(&self) -> Worker<'_, 'p> {
        let stripe = &self.spare[thread_stripe()];
        let spare = stripe.0.lock().ok().and_then(|mut spare| spare.pop());
        let (stack, buffers) = match spare {
            Some(Spare { stack, buffers }) => (stack, buffers),
            None => Default::default(),
        };
        Worker {
            ev: self,
            stack,
            buffers: Some(buffers),
            level: None,
        }
    }

    /// Every initial state, in generation order (duplicates included).
    pub fn init_states(&self) -> EvalResult<Vec<State>> {
        self.worker().init_states()
    }

    /// Emits the initial states in generation order (duplicates included) while `emit`
    /// returns `true`: the enumeration stops at the first `false`.
    pub fn init_states_while(&self, emit: &mut dyn FnMut(State) -> bool) -> EvalResult<()> {
        self.worker().init_states_while(emit)
    }

    /// Calls `emit` for every successor of `state` under the next-state relation.
    pub fn successors(
        &self,
        state: &State,
        emit: &mut dyn FnMut(ActionInfo, State),
    ) -> EvalResult<()> {
        self.worker().successors(state, emit)
    }

    /// Calls `emit` for every successor of `state` with the index of its action only (as
    /// [`Evaluator::successors`], without collecting the actions' parameters).
    pub fn successors_indexed(
        &self,
        state: &State,
        emit: &mut dyn FnMut(usize, State),
    ) -> EvalResult<()> {
        self.worker().successors_indexed(state, emit)
    }

    /// Calls `emit` for every successor of `state` with the index of its action and the
    /// fingerprint of the successor ([`State::fingerprint`]), and what makes the successor
    /// (with that fingerprint): a caller that knows the state already does not make it.
    pub fn successors_unmade(&self, state: &State, emit: &mut UnmadeSink<'_>) -> EvalResult<()> {
        self.worker().successors_unmade(state, emit)
    }

    /// Evaluates `expr` (an expression of this program at the top level: no frame slots)
    /// in `state`, with an optional next state for action-level expressions.
    pub fn eval(
        &self,
        expr: &'p Expr,
        state: &[Value],
        next: Option<&[Value]>,
    ) -> EvalResult<Value> {
        self.worker().eval(expr, state, next)
    }

    /// Evaluates a boolean expression.
    pub fn eval_bool(
        &self,
        expr: &'p Expr,
        state: &[Value],
        next: Option<&[Value]>,
    ) -> EvalResult<bool> {
        self.worker().eval_bool(expr, state, next)
    }

    /// Evaluates a zero-parameter operator (an invariant, a constant definition).
    pub fn eval_op(&self, op: OpId, state: &[Value], next: Option<&[Value]>) -> EvalResult<Value> {
        self.worker().eval_op(op, state, next)
    }

    /// Checks every `ASSUME`: the first false one is an error at its position. Afterwards
    /// `RandomElement` is refused and `TLCSet` limited to what `registers.rs` allows: during
    /// exploration their results could depend on the order of the workers.
    pub fn check_assumes(&self) -> EvalResult<()> {
        let mut worker = self.worker();
        let result = self.program.assumes.iter().try_for_each(|assume| {
            if worker.eval_bool(&assume.expr, &[], None)? {
                Ok(())
            } else {
                Err(EvalError::new(
                    crate::error::E_ASSERT,
                    "assumption is false",
                    assume.span,
                ))
            }
        });
        self.registers.set_phase(Phase::Explore);
        result
    }

    fn facts(&self) -> &Facts {
        self.facts.get_or_init(|| {
            let (program, natives) = (self.program, &self.natives);
            let pure = analysis::pure_ops(program, natives, &self.overrides, &self.consts);
            let free = analysis::state_free(program);
            let per_state = (program.ops.iter().enumerate())
                .map(|(i, op)| pure[i] && op.params.is_empty() && natives[i].is_none())
                .collect();
            let mut constant_lets =
                HashMap::with_hasher(ahash::RandomState::with_seeds(5, 6, 7, 8));
            for op in &program.ops {
                collect_constant_lets(&op.body, &mut |value| {
                    if analysis::is_closed_constant(
                        value,
                        &pure,
                        &free,
                        &self.overrides,
                        &self.consts,
                    ) {
                        let next = constant_lets.len();
                        constant_lets
                            .entry(value as *const Expr as usize)
                            .or_insert(next);
                    }
                });
            }
            let let_values = (0..constant_lets.len()).map(|_| OnceLock::new()).collect();
            let memo =
                crate::memo::Plan::new(program, &pure, natives, &self.overrides, &self.consts);
            Facts {
                pure,
                free,
                per_state,
                constant_lets,
                let_values,
                memo,
            }
        })
    }

    /// The compiled forms of the program's operator bodies and conjuncts.
    pub(crate) fn compiled(&self) -> &Compiled<'p> {
        &self.compiled
    }

    /// Does `expr` stay in the current state: no primes, `ENABLED`, `UNCHANGED`, operator
    /// constants or impure calls ([`analysis::pure_ops`]), apart from what the frame slots it
    /// reads hold?
    pub(crate) fn stays_in_state(&self, expr: &Expr) -> bool {
        analysis::stays_in_state(expr, &self.facts().pure, &self.consts)
    }

    /// Is `expr` a state function without effects: what [`Evaluator::stays_in_state`]
    /// says, for an expression outside any frame (a configured check's body)? Evaluating
    /// it twice in one state gives the same value, the same error, and nothing else.
    pub fn is_pure(&self, expr: &Expr) -> bool {
        self.stays_in_state(expr)
    }

    /// The state variables (by index) the value of `expr` depends on, when it depends on
    /// nothing else but constants: `expr` stays in the current state (no primes,
    /// `ENABLED`, effects or `TLCGet`), so two states that agree on these variables give it
    /// the same value. `None` when that cannot be said.
    pub fn variables_read(&self, expr: &Expr) -> Option<Vec<usize>> {
        let facts = self.facts();
        analysis::variables_read(
            expr,
            self.program,
            &facts.pure,
            &self.overrides,
            &self.consts,
        )
    }

    /// What is remembered of state predicates and operator calls (`memo.rs`).
    pub(crate) fn memo(&self) -> &crate::memo::Plan {
        &self.facts().memo
    }

    /// Is `op` pure ([`analysis::pure_ops`]), and is its value free of the state
    /// ([`analysis::state_free`])?
    pub(crate) fn op_purity(&self, op: usize) -> (bool, bool) {
        let facts = self.facts();
        (facts.pure[op], facts.free[op])
    }

    /// Can the zero-parameter operator `op` be cached while the current state stays the
    /// same (outside primes and initial-state generation)?
    pub(crate) fn per_state_cacheable(&self, op: usize) -> bool {
        self.facts().per_state[op]
    }

    /// The cache cell of a `LET` value that is the same wherever it is evaluated.
    pub(crate) fn constant_let(&self, value: &Expr) -> Option<&OnceLock<Value>> {
        let facts = self.facts();
        let i = facts.constant_lets.get(&(value as *const Expr as usize))?;
        facts.let_values.get(*i)
    }

    pub(crate) fn interned(&self, s: &SmolStr) -> Text {
        match self.strings.get(s) {
            Some(a) => *a,
            None => Text::new(s),
        }
    }

    pub(crate) fn const_binding(&self, c: u32, span: Span) -> EvalResult<&ConstBinding> {
        match self.consts.get(c as usize).and_then(Option::as_ref) {
            Some(b) => Ok(b),
            None => {
                let name = self
                    .program
                    .consts
                    .get(c as usize)
                    .map_or("?", |d| d.name.as_str());
                Err(EvalError::new(
                    E_CONSTANT,
                    format!("the constant {name} has no value"),
                    span,
                )
                .with_hint("give it a value in the configuration file"))
            }
        }
    }
}

/// Reusable per-thread buffers for evaluation.
pub struct Worker<'e, 'p> {
    ev: &'e Evaluator<'p>,
    /// The frame stack, empty between calls.
    stack: Vec<FrameSlot<'p>>,
    /// Always present but while the worker is dropped (then returned to its stripe).
    buffers: Option<Box<Buffers>>,
    level: Option<i64>,
}

impl Drop for Worker<'_, '_> {
    fn drop(&mut self) {
        let Some(buffers) = self.buffers.take() else {
            return;
        };
        // Empty: `finish` clears what a context gives back, and a context not given back
        // left the empty vectors `ctx` put in their place.
        debug_assert!(self.stack.is_empty() && buffers.next.is_empty());
        // Collecting an emptied vector in place keeps its allocation and forgets `'p`.
        let stack = std::mem::take(&mut self.stack);
        let stack = stack.into_iter().map(|_| FrameSlot::Empty).collect();
        let stripe = &self.ev.spare[thread_stripe()];
        if let Ok(mut spare) = stripe.0.lock() {
            if spare.len() < STRIPE_SPARES {
                spare.push(Spare { stack, buffers });
            }
        }
    }
}

impl<'e, 'p> Worker<'e, 'p> {
    fn buffers(&mut self) -> &mut Buffers {
        self.buffers
            .as_mut()
            .expect("a worker holds its buffers until it is dropped")
    }

    pub(crate) fn ctx<'a>(&mut self, state: &'a [Value], next: Option<&'a [Value]>) -> Ctx<'a, 'p>
    where
        'e: 'a,
    {
        // Both empty (see `finish`).
        let stack = std::mem::take(&mut self.stack);
        let next_buf = std::mem::take(&mut self.buffers().next);
        // Values of `'static` are values of `'a`: the allocation as it is (collected in
        // place, as `finish` must, it was at times a call of its own, some 70 instructions
        // for nothing to move).
        let mut next_buf: Vec<Option<Cow<'a, Value>>> = next_buf;
        match next {
            Some(vals) => next_buf.extend(vals.iter().map(|v| Some(Cow::Borrowed(v)))),
            // Written in place (`resize` clones its `None` into each entry: a call per
            // variable, on every state).
            None => next_buf.resize_with(self.ev.program.vars.len(), || None),
        }
        let assigned = next.map_or(0, <[Value]>::len);
        let mut ctx = Ctx::new(self.ev, stack, state, next_buf);
        ctx.level = self.level;
        ctx.assigned = assigned;
        ctx.next_fixed = next.is_some();
        ctx.next_state = next;
        ctx
    }

    /// `analysis::slots_used(expr)`, computed once per expression.
    pub(crate) fn slots_used(&mut self, expr: &Expr) -> usize {
        *self
            .buffers()
            .slots_used
            .entry(expr as *const Expr as usize)
            .or_insert_with(|| analysis::slots_used(expr))
    }

    /// Sets what `TLCGet("level")` answers in the following calls (the depth of the state
    /// being evaluated, as TLC numbers it), or `None` to make it an error.
    pub fn set_level(&mut self, level: Option<i64>) {
        self.level = level;
    }

    pub(crate) fn finish(&mut self, ctx: Ctx<'_, 'p>) {
        let (mut stack, mut next) = ctx.into_buffers();
        stack.clear();
        next.clear();
        self.stack = stack;
        self.buffers().next = next.into_iter().map(|_| None).collect();
    }

    /// See [`Evaluator::eval`].
    pub fn eval(
        &mut self,
        expr: &'p Expr,
        state: &[Value],
        next: Option<&[Value]>,
    ) -> EvalResult<Value> {
        let slots = self.slots_used(expr);
        let mut ctx = self.ctx(state, next);
        ctx.stack.resize(slots, FrameSlot::Empty);
        let r = ctx.eval(expr);
        self.finish(ctx);
        r
    }

    /// See [`Evaluator::eval_bool`].
    pub fn eval_bool(
        &mut self,
        expr: &'p Expr,
        state: &[Value],
        next: Option<&[Value]>,
    ) -> EvalResult<bool> {
        if next.is_none() {
            return Ok(self.first_false([expr], state, None)?.is_none());
        }
        let slots = self.slots_used(expr);
        let mut ctx = self.ctx(state, next);
        ctx.stack.resize(slots, FrameSlot::Empty);
        let r = ctx.test(expr);
        self.finish(ctx);
        r
    }

    /// Whether the step `state -> next` satisfies `[A]_v`, or `A` without `v`: `v` is
    /// compared first and `A` evaluated only where `v` changed (when `v` fails, `A` decides
    /// first, as in TLC). All three evaluations share one context, so what they read of
    /// either state is computed once: a refinement's mapped variables (`token`, defined
    /// over the refining spec's variables) in `v`, `v'` and `A`'s `token` and `token'`.
    pub fn step_holds(
        &mut self,
        action: &'p Expr,
        vars: Option<&'p Expr>,
        state: &State,
        next: &State,
    ) -> EvalResult<bool> {
        let first = self.first_false_step([(action, vars)], state, next)?;
        Ok(first.is_none())
    }

    /// The position of the first of `checks` (`(A, Some(v))` for `[A]_v`, `(A, None)` for
    /// `A`) that the step `state -> next` does not satisfy, as [`Worker::step_holds`] decides
    /// each, testing them in order and stopping at the first that fails or the first error.
    /// They share one evaluation context (set up once per step, not per check); a `v` that
    /// is a variable or a tuple of variables is compared on the two states' values, without
    /// evaluating it.
    pub fn first_false_step(
        &mut self,
        checks: impl IntoIterator<Item = (&'p Expr, Option<&'p Expr>)>,
        state: &State,
        next: &State,
    ) -> EvalResult<Option<usize>> {
        let (fingerprint, next) = (next.fingerprint(), next.values());
        let mut ctx = self.ctx(state.values(), Some(next));
        ctx.state_cache = self.kept_for(state);
        ctx.next_cache = self.seen_next(fingerprint, next);
        let mut result = Ok(None);
        for (i, (action, vars)) in checks.into_iter().enumerate() {
            let (slots, unchanged) = self.step_plan(i, (action, vars), state.values(), next);
            let holds = match unchanged {
                Some(true) => Ok(true),
                Some(false) => {
                    fresh_frame(&mut ctx, slots);
                    ctx.test(action)
                }
                None => step_verdict(&mut ctx, action, vars, slots),
            };
            match holds {
                Ok(true) => {}
                Ok(false) => {
                    result = Ok(Some(i));
                    break;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.keep_for(state.values(), std::mem::take(&mut ctx.state_cache));
        if ctx.next_fixed {
            self.keep_seen_next(fingerprint, next, std::mem::take(&mut ctx.next_cache));
        }
        self.finish(ctx);
        result
    }

    /// What [`first_false_step`](Self::first_false_step) needs of its `i`th check (kept from
    /// the last list checked where it was the same check there): the slots of its frames,
    /// and whether `v` is unchanged from `state` to `next` when `v` is a variable or a tuple
    /// of variables (`None` when it must be evaluated).
    #[inline]
    fn step_plan(
        &mut self,
        i: usize,
        (action, vars): (&'p Expr, Option<&'p Expr>),
        state: &[Value],
        next: &[Value],
    ) -> (usize, Option<bool>) {
        let key = (
            action as *const Expr as usize,
            vars.map_or(0, |v| v as *const Expr as usize),
        );
        if !matches!(self.buffers().steps.get(i), Some(plan) if plan.key == key) {
            let slots = self.slots_used(action);
            let plan = StepPlan {
                key,
                slots: vars.map_or(slots, |vars| slots.max(self.slots_used(vars))),
                vars: vars.and_then(|vars| self.ev.variables_of(vars)),
            };
            let steps = &mut self.buffers().steps;
            steps.truncate(i);
            steps.push(plan);
        }
        let plan = &self.buffers().steps[i];
        let unchanged = plan
            .vars
            .as_ref()
            .map(|vars| vars.iter().all(|&v| state[v] == next[v]));
        (plan.slots, unchanged)
    }

    /// The values kept for `state` by the last step checked from it, else those computed
    /// for it when a recent step reached it ([`Buffers::seen_next`]), or none.
    #[inline]
    fn kept_for(&mut self, state: &State) -> Vec<(usize, Value)> {
        let generation = self.ev.compiled().generation;
        match &mut self.buffers().step_state {
            Some(kept) if kept.is_for(generation, state.values()) => {
                std::mem::take(&mut kept.cache)
            }
            _ => self.seen_next(state.fingerprint(), state.values()),
        }
    }

    /// A copy of what was computed for a state equal to `state` (of fingerprint
    /// `fingerprint`) as the next state of a recent step, or none.
    fn seen_next(&mut self, fingerprint: u64, state: &[Value]) -> Vec<(usize, Value)> {
        let generation = self.ev.compiled().generation;
        let slot = fingerprint as usize % SEEN_NEXT_SLOTS;
        match self.buffers().seen_next.get(slot) {
            Some(Some(seen)) if seen.is_for(generation, fingerprint, state) => seen.cache.clone(),
            _ => Vec::new(),
        }
    }

    /// Keeps what was computed for the next state `state` (see [`Worker::seen_next`]).
    #[inline]
    fn keep_seen_next(&mut self, fingerprint: u64, state: &[Value], cache: Vec<(usize, Value)>) {
        if cache.is_empty() {
            return;
        }
        let generation = self.ev.compiled().generation;
        let seen = &mut self.buffers().seen_next;
        if seen.is_empty() {
            seen.resize_with(SEEN_NEXT_SLOTS, || None);
        }
        let entry = &mut seen[fingerprint as usize % SEEN_NEXT_SLOTS];
        match entry {
            Some(old) if old.is_for(generation, fingerprint, state) => old.cache = cache,
            _ => {
                *entry = Some(SeenNext {
                    generation,
                    fingerprint,
                    state: state.into(),
                    cache,
                })
            }
        }
    }

    /// Keeps what was computed for `state` for the next step checked from it.
    #[inline]
    fn keep_for(&mut self, state: &[Value], cache: Vec<(usize, Value)>) {
        let generation = self.ev.compiled().generation;
        match &mut self.buffers().step_state {
            Some(kept) if kept.is_for(generation, state) => kept.cache = cache,
            slot => {
                *slot = Some(KeptState {
                    generation,
                    state: state.into(),
                    cache,
                })
            }
        }
    }

    /// The position of the first of `exprs` (state predicates at the top level) that is
    /// false in `state`, testing them in order and stopping at the first false one or the
    /// first error. They share one evaluation context: it is set up once, and what depends
    /// only on the state (`Ctx::state_cache`: `Leaves == {n \in Nodes : isLeaf[n]}` read by
    /// several invariants) is computed once for all of them.
    ///
    /// With `after`, `state` is a successor of `after`'s state, where every one of `exprs`
    /// held, and `after`'s mask the variables whose values may differ between the two
    /// ([`changed_variables`]): a predicate, or a remembered conjunct of one, that reads
    /// none of them holds again without being evaluated (or looked up), and a membership
    /// of a variable in a constant set tests only what changed (`Ctx::test_after`).
    pub fn first_false(
        &mut self,
        exprs: impl IntoIterator<Item = &'p Expr>,
        state: &[Value],
        after: Option<(&[Value], u64)>,
    ) -> EvalResult<Option<usize>> {
        let plan = &self.ev.facts().memo;
        let mut ctx = self.ctx(state, None);
        let mut result = Ok(None);
        for (i, expr) in exprs.into_iter().enumerate() {
            let check = self.check_plan(i, expr);
            debug_assert!(ctx.base == 0 && ctx.depth == 0 && !ctx.in_prime);
            if let (Some((_, changed)), Some(reads)) = (after, check.reads) {
                if reads & changed == 0 {
                    continue;
                }
            }
            let holds = match check.body {
                Some(body) => {
                    test_remembered(&mut ctx, plan, body, expr, state, check.slots, after)
                }
                None => {
                    fresh_frame(&mut ctx, check.slots);
                    match after {
                        Some((parent, _)) => ctx.test_after(expr, parent),
                        None => ctx.test(expr),
                    }
                }
            };
            match holds {
                Ok(true) => {}
                Ok(false) => {
                    result = Ok(Some(i));
                    break;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.finish(ctx);
        result
    }

    /// [`first_false`](Self::first_false) of state constraints (the bodies of operators
    /// without parameters): what it keeps of each is kept in a list of its own, so that
    /// constraints and invariants, tested in turn on each state, do not replace each
    /// other's.
    pub fn first_false_constraint(
        &mut self,
        exprs: impl IntoIterator<Item = &'p Expr>,
        state: &[Value],
        after: Option<(&[Value], u64)>,
    ) -> EvalResult<Option<usize>> {
        let buffers = self.buffers();
        std::mem::swap(&mut buffers.checks, &mut buffers.constraint_checks);
        let first = self.first_false(exprs, state, after);
        let buffers = self.buffers();
        std::mem::swap(&mut buffers.checks, &mut buffers.constraint_checks);
        first
    }

    /// What [`first_false`](Self::first_false) needs of `expr`, the `i`th predicate of its
    /// list: kept from the last list tested where it was the same expression there.
    fn check_plan(&mut self, i: usize, expr: &Expr) -> CheckPlan {
        let address = expr as *const Expr as usize;
        match self.buffers().checks.get(i) {
            Some(check) if check.expr == address => *check,
            _ => {
                let check = CheckPlan {
                    expr: address,
                    slots: self.slots_used(expr),
                    body: self.ev.facts().memo.body_index(expr),
                    reads: (self.ev.variables_read(expr)).and_then(|vars| variable_mask(&vars)),
                };
                let checks = &mut self.buffers().checks;
                checks.truncate(i);
                checks.push(check);
                check
            }
        }
    }

    /// See [`Evaluator::eval_op`].
    pub fn eval_op(
        &mut self,
        op: OpId,
        state: &[Value],
        next: Option<&[Value]>,
    ) -> EvalResult<Value> {
        let mut ctx = self.ctx(state, next);
        let span = self.ev.program.op(op).span;
        let r = ctx.call_op(op, &[], span);
        self.finish(ctx);
        r
    }

    /// See [`Evaluator::init_states`].
    pub fn init_states(&mut self) -> EvalResult<Vec<State>> {
        let mut states = Vec::new();
        self.init_states_while(&mut |state| {
            states.push(state);
            true
        })?;
        Ok(states)
    }

    /// See [`Evaluator::init_states_while`].
    pub fn init_states_while(&mut self, emit: &mut dyn FnMut(State) -> bool) -> EvalResult<()> {
        let Some(init) = self.ev.init else {
            return Err(EvalError::new(
                E_NO_SPEC,
                "no initial predicate was given",
                Span::default(),
            ));
        };
        let mut ctx = self.ctx(&[], None);
        ctx.init_mode = true;
        let r = ctx.init_states_while(init, emit);
        self.finish(ctx);
        r
    }

    /// See [`Evaluator::successors`].
    pub fn successors(
        &mut self,
        state: &State,
        emit: &mut dyn FnMut(ActionInfo, State),
    ) -> EvalResult<()> {
        self.emit_successors(state, &mut crate::action::Emit::Info(emit))
    }

    /// See [`Evaluator::successors_indexed`].
    pub fn successors_indexed(
        &mut self,
        state: &State,
        emit: &mut dyn FnMut(usize, State),
    ) -> EvalResult<()> {
        self.emit_successors(state, &mut crate::action::Emit::Index(emit))
    }

    /// See [`Evaluator::successors_unmade`].
    pub fn successors_unmade(
        &mut self,
        state: &State,
        emit: &mut UnmadeSink<'_>,
    ) -> EvalResult<()> {
        self.emit_successors(state, &mut crate::action::Emit::Unmade(emit))
    }

    fn emit_successors(
        &mut self,
        state: &State,
        emit: &mut crate::action::Emit<'_>,
    ) -> EvalResult<()> {
        let Some(next) = self.ev.next else {
            return Err(EvalError::new(
                E_NO_SPEC,
                "no next-state relation was given",
                Span::default(),
            ));
        };
        let mut ctx = self.ctx(state.values(), None);
        let r = ctx.successors(next, emit);
        self.finish(ctx);
        r
    }

    /// Is the action `expr` enabled in `state`?
    pub fn enabled(&mut self, expr: &'p Expr, state: &[Value]) -> EvalResult<bool> {
        let slots = self.slots_used(expr);
        let mut ctx = self.ctx(state, None);
        ctx.stack.resize(slots, FrameSlot::Empty);
        let r = ctx.enabled(expr);
        self.finish(ctx);
        r
    }
}

fn collect_strings(expr: &Expr, out: &mut HashMap<SmolStr, Text, ahash::RandomState>) {
    let mut add = |s: &SmolStr| {
        out.entry(s.clone()).or_insert_with(|| Text::new(s));
    };
    match &expr.kind {
        ExprKind::Str(s) | ExprKind::Dot(_, s) => add(s),
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            fields.iter().for_each(|f| add(&f.0))
        }
        ExprKind::Except { updates, .. } => {
            for u in updates {
                for step in &u.path {
                    if let tlafid_sema::ir::ExceptStep::Field(f) = step {
                        add(f);
                    }
                }
            }
        }
        _ => {}
    }
    tlafid_sema::walk::each_child(expr, &mut |child| collect_strings(child, out));
}

/// `ctx.test(body)` of an operator body with remembered conjuncts (`memo.rs`): its conjuncts
/// in order, as the conjunction evaluates them, each remembered one (the plan's body
/// `body_index`, one part per conjunct) answered from the table when the variables it reads
/// are the same values as when it was last evaluated there, or (with `after`, see
/// [`Worker::first_false`]) when it reads none of the variables changed since a state where
/// it held (a conjunct evaluated then as `Ctx::test_after` tests it). The table is visited
/// once for all of them, and the frame (`slots` slots) made only when a conjunct is
/// evaluated.
fn test_remembered<'p>(
    ctx: &mut Ctx<'_, 'p>,
    plan: &crate::memo::Plan,
    body_index: usize,
    body: &'p Expr,
    state: &[Value],
    slots: usize,
    after: Option<(&[Value], u64)>,
) -> EvalResult<bool> {
    let parts = plan.body(body_index);
    let items = match &body.kind {
        ExprKind::Junction { and: true, items } => items.as_slice(),
        _ => std::slice::from_ref(body),
    };
    let mut known = 0u64;
    if let Some((_, changed)) = after {
        for (i, part) in parts.iter().enumerate().take(64) {
            if part
                .as_ref()
                .is_some_and(|part| part.reads_none_of(changed))
            {
                known |= 1 << i;
            }
        }
    }
    let (found, holds) = plan.recall_body(parts, state, known);
    let mut framed = false;
    for (i, (item, part)) in items.iter().zip(parts).enumerate() {
        let holds = if i < 64 && found & (1 << i) != 0 {
            holds & (1 << i) != 0
        } else {
            if !framed {
                fresh_frame(ctx, slots);
                framed = true;
            }
            let holds = match after {
                Some((parent, _)) => ctx.test_after(item, parent)?,
                None => ctx.test(item)?,
            };
            if let Some(part) = part {
                plan.remember(part, state, holds);
            }
            holds
        };
        if !holds {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Empties `ctx`'s frame and gives it `slots` empty slots, for a state predicate tested
/// at the top level.
fn fresh_frame(ctx: &mut Ctx<'_, '_>, slots: usize) {
    ctx.stack.clear();
    ctx.stack.resize_with(slots, || FrameSlot::Empty);
}
