//! The evaluation context (frames, current and next state) and the expression dispatcher.

use std::borrow::Cow;

use tlafid_base::Span;
use tlafid_sema::ir::{Expr, ExprKind, Slot, VarId};
use tlafid_value::{LazySet, Value};

use crate::error::{AtSpan, EvalError, EvalResult, E_TYPE, E_UNASSIGNED_READ, E_UNSUPPORTED};
use crate::evaluator::{ConstBinding, Evaluator};
use crate::frame::{Arg, FrameSlot};

/// Evaluation state for one call into the evaluator.
pub(crate) struct Ctx<'a, 'p> {
    pub ev: &'a Evaluator<'p>,
    /// All frames, the current one starting at `base`.
    pub stack: Vec<FrameSlot<'p>>,
    pub base: usize,
    /// The current state (empty while generating initial states).
    pub cur: &'a [Value],
    /// The next state as assigned so far (the state being built, in `init_mode`): a value
    /// the action computed, or one of the current state's (`UNCHANGED`, a next state given
    /// whole) borrowed, so that no reference count is written for it (an atomic operation,
    /// twice per variable and successor).
    pub next: Vec<Option<Cow<'a, Value>>>,
    /// An empty buffer for `next` kept between two `ENABLED` tests of this call, so that
    /// each does not allocate one.
    pub spare_next: Vec<Option<Cow<'a, Value>>>,
    /// Generating initial states: unprimed variables are the ones assigned.
    pub init_mode: bool,
    /// Inside `e'`: unprimed variables read the next state.
    pub in_prime: bool,
    /// Counts reads of the assigned (next) state, so `LET` values that read it are not cached.
    pub next_reads: u64,
    /// Operator-call nesting, bounded by `EvalOptions::max_depth`.
    pub depth: usize,
    /// The deepest `depth` reached (what a remembered call needs, `memo.rs`).
    pub deepest: usize,
    /// Function definitions whose whole value is being built (recursion guard).
    pub building: Vec<u32>,
    /// `TLCGet("level")`: the depth of the current state, when the caller knows it.
    pub level: Option<i64>,
    /// How many entries of `next` the generator has assigned.
    pub assigned: usize,
    /// Values of zero-parameter operators that depend only on the current state
    /// ([`Evaluator::per_state_cacheable`]), computed during this call.
    pub state_cache: Vec<(usize, Value)>,
    /// The next state was given whole by the caller (an action property on a step) and
    /// nothing has replaced or changed it since: zero-parameter pure operators read under a
    /// prime can then be kept in `next_cache`, as `state_cache` keeps them for the current
    /// state.
    pub next_fixed: bool,
    /// Values of pure zero-parameter operators read under a prime while `next_fixed`.
    pub next_cache: Vec<(usize, Value)>,
    /// The next state given whole by the caller, as `next` holds it while `next_fixed`: a
    /// primed function of the state (`token'`) is evaluated as its unprimed form with it as
    /// the current state ([`Ctx::in_next_state`]).
    pub next_state: Option<&'a [Value]>,
    /// Values of pure zero-parameter operators read under a prime while the next state is
    /// being assigned (`Serializable'` for each candidate `opOrder'`), each with the values
    /// of the next state's variables it read (kept alive: compared by identity).
    pub primed_cache: Vec<(usize, Box<[Value]>, Value)>,
    /// How often each function definition was applied to one argument during this call
    /// (`u32::MAX`: building it whole failed, keep applying it argument by argument).
    pub fn_uses: Vec<(usize, u32)>,
    /// Applications of function definitions that depend only on the current state, with
    /// their values, kept during this call ([`Ctx::run_fn_def_app`]).
    pub fn_applied: crate::compile::FnApplied,
    /// Inside `ENABLED`: which substituted variables are shadows (see `shadow.rs`); empty
    /// elsewhere.
    pub shadowed: Vec<bool>,
    /// Conjuncts (or `\A` bindings, or the `v` test of `<<A>>_v`) the generator will run
    /// after the one it is in: an action composition refuses to run before them.
    pub pending_conjuncts: u32,
    /// While `ENABLED <<A>>_v` runs `A`: `v` and the frame it is read in (an action
    /// composition checks that TLC's reading of the test, between its middle and end
    /// states, agrees with the test between the current and end states).
    pub changed_test: Option<(&'p Expr, usize)>,
    /// The plan being run stops at its first successor (`ENABLED`): a
    /// [`Plan::Counted`](crate::action) part branches rather than being counted, so that
    /// nothing past that successor is evaluated.
    pub first_only: bool,
}

thread_local! {
    /// Steps of work left on this thread before the interrupt is polled again (see
    /// [`Ctx::tick`]). Per thread rather than per call: a behaviour or a trace of many short
    /// steps, each its own call, still polls every [`TICKS_PER_POLL`] steps.
    static TICKS: std::cell::Cell<u32> = const { std::cell::Cell::new(TICKS_PER_POLL) };
}

/// Steps of evaluation between two polls of [`crate::EvalOptions::interrupt`]: a poll is a
/// relaxed atomic load (and a clock read when there is a deadline), a step a decrement.
pub(crate) const TICKS_PER_POLL: u32 = 4096;

impl<'a, 'p> Ctx<'a, 'p> {
    pub fn new(
        ev: &'a Evaluator<'p>,
        stack: Vec<FrameSlot<'p>>,
        cur: &'a [Value],
        next: Vec<Option<Cow<'a, Value>>>,
    ) -> Ctx<'a, 'p> {
        Ctx {
            ev,
            stack,
            base: 0,
            cur,
            next,
            init_mode: false,
            in_prime: false,
            next_reads: 0,
            depth: 0,
            deepest: 0,
            building: Vec::new(),
            level: None,
            assigned: 0,
            state_cache: Vec::new(),
            next_fixed: false,
            next_cache: Vec::new(),
            next_state: None,
            primed_cache: Vec::new(),
            fn_uses: Vec::new(),
            spare_next: Vec::new(),
            fn_applied: crate::compile::FnApplied::default(),
            shadowed: Vec::new(),
            pending_conjuncts: 0,
            changed_test: None,
            first_only: false,
        }
    }

    /// Counts one step of work (an operator call, a binding, a branch); every
    /// [`TICKS_PER_POLL`] steps, fails with `E084` if the run was told to stop.
    #[inline]
    pub fn tick(&mut self, span: Span) -> EvalResult<()> {
        let left = TICKS.with(|ticks| {
            let left = ticks.get() - 1;
            ticks.set(left);
            left
        });
        if left == 0 {
            return self.poll_interrupt(span);
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn poll_interrupt(&mut self, span: Span) -> EvalResult<()> {
        TICKS.with(|ticks| ticks.set(TICKS_PER_POLL));
        match self.ev.options.interrupt.check() {
            None => Ok(()),
            Some(reason) => Err(crate::error::interrupted(reason, span)),
        }
    }

    /// The frame stack and next-state buffers, for reuse.
    pub fn into_buffers(self) -> (Vec<FrameSlot<'p>>, Vec<Option<Cow<'a, Value>>>) {
        (self.stack, self.next)
    }

    /// Ends the fixed next state (its cached operator values go) before the next state is
    /// replaced or changed; returns whether it was fixed, to restore afterwards.
    pub fn unfix_next(&mut self) -> bool {
        let fixed = self.next_fixed;
        if fixed {
            self.next_fixed = false;
            self.next_cache.clear();
        }
        fixed
    }

    /// Can `e'`, for `e` a function of the state alone, be evaluated as `e` with the next
    /// state as the current one? Only where the next state is the one given whole, outside
    /// primes and the initial predicate, and outside `ENABLED` (where an instantiated
    /// variable may read otherwise).
    pub fn next_state_ready(&self) -> bool {
        self.next_state.is_some()
            && self.next_fixed
            && !self.in_prime
            && !self.init_mode
            && self.shadowed.is_empty()
            && self.changed_test.is_none()
    }

    /// Runs `f` with the next state given whole as the current state, and with what is kept
    /// for it (`next_cache`) as what is kept for the current state; counted as a read of
    /// the next state (a `LET` value holding the result is not kept as if it were not).
    /// Only where [`Ctx::next_state_ready`].
    pub fn in_next_state<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let Some(next) = self.next_state.take() else {
            return f(self);
        };
        let cur = std::mem::replace(&mut self.cur, next);
        std::mem::swap(&mut self.state_cache, &mut self.next_cache);
        self.next_reads += 1;
        let r = f(self);
        std::mem::swap(&mut self.state_cache, &mut self.next_cache);
        self.cur = cur;
        self.next_state = Some(next);
        r
    }

    /// `e'` for a state function `e` (the `v` of `[A]_v`): with the next state given whole,
    /// `e` in the next state as the current one, else `e` under a prime.
    pub fn eval_primed(&mut self, e: &'p Expr) -> EvalResult<Value> {
        if self.next_state_ready() {
            return self.in_next_state(|ctx| ctx.eval(e));
        }
        self.eval_under_prime(e)
    }

    /// `e` with unprimed variables reading the next state (the interpreter's `e'`).
    fn eval_under_prime(&mut self, e: &'p Expr) -> EvalResult<Value> {
        let saved = std::mem::replace(&mut self.in_prime, true);
        let r = self.eval(e);
        self.in_prime = saved;
        r
    }

    /// Sets a slot of the current frame.
    #[inline]
    pub fn bind(&mut self, slot: Slot, value: FrameSlot<'p>) {
        let at = self.base + slot.0 as usize;
        match self.stack.get_mut(at) {
            Some(old) => *old = value,
            None => self.bind_beyond(at, value),
        }
    }

    /// [`bind`](Self::bind) past the end of the stack, out of line: frames are sized when
    /// they are pushed, so this is rare.
    #[cold]
    #[inline(never)]
    fn bind_beyond(&mut self, at: usize, value: FrameSlot<'p>) {
        self.stack.resize_with(at + 1, FrameSlot::default);
        self.stack[at] = value;
    }

    /// Sets a slot of the current frame to a value. A quantifier's variable rebound to
    /// each element in turn holds a value already: it is replaced in place (its old value
    /// dropped), without building and dropping a whole frame slot.
    #[inline]
    pub fn bind_value(&mut self, slot: Slot, value: Value) {
        let at = self.base + slot.0 as usize;
        match self.stack.get_mut(at) {
            Some(FrameSlot::Val(old)) => *old = value,
            Some(old) => *old = FrameSlot::Val(value),
            None => self.bind_beyond(at, FrameSlot::Val(value)),
        }
    }

    /// The value of a slot, forcing a pending `LET` value.
    pub(crate) fn local(&mut self, slot: Slot, span: Span) -> EvalResult<Value> {
        let at = self.base + slot.0 as usize;
        match self.stack.get(at) {
            Some(FrameSlot::Val(v)) => Ok(v.clone()),
            Some(FrameSlot::Thunk(expr)) => {
                let expr: &'p Expr = expr;
                let reads_before = self.next_reads;
                let v = match self.ev.constant_let(expr) {
                    Some(cell) => match cell.get() {
                        Some(v) => v.clone(),
                        None => {
                            let v = self.eval_fast(expr)?;
                            cell.get_or_init(|| v.clone()).clone()
                        }
                    },
                    None => self.eval_fast(expr)?,
                };
                if self.next_reads == reads_before && !self.in_prime {
                    self.stack[at] = FrameSlot::Forced(expr, v.clone());
                }
                Ok(v)
            }
            Some(FrameSlot::Forced(expr, v)) => {
                if self.in_prime {
                    let expr: &'p Expr = expr;
                    self.eval(expr)
                } else {
                    Ok(v.clone())
                }
            }
            Some(FrameSlot::ByName {
                cached: Some(v), ..
            }) if !self.in_prime => Ok(v.clone()),
            Some(FrameSlot::ByName { expr, base, .. }) => {
                let (expr, base): (&'p Expr, usize) = (expr, *base);
                let saved = std::mem::replace(&mut self.base, base);
                let reads_before = self.next_reads;
                // In its compiled form where it has one (a call's argument is a root), as an
                // argument passed by value is evaluated (`eval_arg`).
                let r = self.eval_fast(expr);
                self.base = saved;
                let v = r?;
                if self.next_reads == reads_before && !self.in_prime {
                    if let Some(FrameSlot::ByName { cached, .. }) = self.stack.get_mut(at) {
                        *cached = Some(v.clone());
                    }
                }
                Ok(v)
            }
            Some(FrameSlot::Op(_)) => Err(EvalError::new(
                E_TYPE,
                "an operator argument used as a value",
                span,
            )),
            _ => Err(EvalError::new(
                E_TYPE,
                format!("frame slot {} is not bound", slot.0),
                span,
            )),
        }
    }

    /// The value of a slot when it is already known (a bound value, a forced `LET` value or a
    /// cached by-name argument, outside a prime): borrowed, nothing evaluated.
    pub fn ready_local(&self, slot: Slot) -> Option<&Value> {
        match self.stack.get(self.base + slot.0 as usize)? {
            FrameSlot::Val(v) => Some(v),
            FrameSlot::Forced(_, v) if !self.in_prime => Some(v),
            FrameSlot::ByName {
                cached: Some(v), ..
            } if !self.in_prime => Some(v),
            _ => None,
        }
    }

    /// The value of `e` borrowed from the current state, when `e` is a variable of the
    /// current state, or an application or field of such a place (`network[q][p]`,
    /// `msg[i].type`): the containers on the way are not cloned. `None`, having evaluated
    /// nothing, for any other expression.
    pub fn place(&mut self, e: &'p Expr) -> EvalResult<Option<&'a Value>> {
        match &e.kind {
            ExprKind::Var { var, primed: false } if !self.in_prime && !self.init_mode => {
                Ok(self.cur.get(var.0 as usize))
            }
            ExprKind::FnApp(f, arg) => {
                let Some(fv) = self.place(f)? else {
                    return Ok(None);
                };
                let a = self.eval_cow(arg)?;
                self.value(fv.apply(&a), e.span).map(Some)
            }
            ExprKind::Dot(r, field) => {
                let Some(rv) = self.place(r)? else {
                    return Ok(None);
                };
                self.value(rv.field(field), e.span).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Evaluates `e`, borrowing the value when it is a [`place`](Self::place) of the
    /// current state.
    pub fn eval_cow(&mut self, e: &'p Expr) -> EvalResult<Cow<'a, Value>> {
        Ok(match self.place(e)? {
            Some(v) => Cow::Borrowed(v),
            None => Cow::Owned(self.eval(e)?),
        })
    }

    /// The operator argument held in a slot.
    pub fn local_op(&self, slot: Slot, span: Span) -> EvalResult<Arg> {
        match self.stack.get(self.base + slot.0 as usize) {
            Some(FrameSlot::Op(c)) => Ok(Arg::Op(c.clone())),
            Some(FrameSlot::Val(v)) => Ok(Arg::Val(v.clone())),
            _ => Err(EvalError::new(
                E_TYPE,
                "expected an operator argument in this slot",
                span,
            )),
        }
    }

    /// Reads a state variable.
    fn var(&mut self, var: VarId, primed: bool, span: Span) -> EvalResult<Value> {
        let i = var.0 as usize;
        let reads_next = primed || self.in_prime || self.init_mode;
        if primed && (self.in_prime || self.init_mode) {
            let name = &self.ev.program.vars[i].name;
            return Err(EvalError::new(
                E_UNSUPPORTED,
                format!("{name}' is primed twice or read in the initial predicate"),
                span,
            ));
        }
        if !reads_next {
            return match self.cur.get(i) {
                Some(v) => Ok(v.clone()),
                None => Err(EvalError::new(
                    E_UNASSIGNED_READ,
                    format!(
                        "the variable {} has no value here (no current state)",
                        self.ev.program.vars[i].name
                    ),
                    span,
                )),
            };
        }
        self.next_reads += 1;
        match self.next.get(i) {
            Some(Some(v)) => Ok(Value::clone(v)),
            _ => {
                let name = &self.ev.program.vars[i].name;
                let shown = if self.init_mode {
                    name.to_string()
                } else {
                    format!("{name}'")
                };
                Err(EvalError::new(
                    E_UNASSIGNED_READ,
                    format!("{shown} is read before it is assigned"),
                    span,
                )
                .with_hint(
                    "assign it in an earlier conjunct (TLC evaluates conjuncts left to right)",
                ))
            }
        }
    }

    /// Evaluates a boolean expression.
    pub fn eval_bool(&mut self, expr: &'p Expr) -> EvalResult<bool> {
        match self.eval(expr)? {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::new(
                E_TYPE,
                format!(
                    "expected a boolean, found the {} {other}",
                    other.kind_name()
                ),
                expr.span,
            )),
        }
    }

    /// Evaluates an expression to a value.
    pub fn eval(&mut self, expr: &'p Expr) -> EvalResult<Value> {
        let span = expr.span;
        match &expr.kind {
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Int(i) => Ok(Value::Int(*i)),
            ExprKind::BigInt(digits) => Value::parse_int(digits).ok_or_else(|| {
                EvalError::new(E_TYPE, format!("bad integer literal {digits}"), span)
            }),
            ExprKind::Str(s) => Ok(Value::Str(self.ev.interned(s))),
            ExprKind::BooleanSet => Ok(Value::boolean_set()),
            ExprKind::StringSet => Ok(Value::lazy(LazySet::Strings)),
            ExprKind::Var { var, primed } => self.var(*var, *primed, span),
            ExprKind::Const(c) => match self.ev.const_binding(c.0, span)? {
                ConstBinding::Value(v) => Ok(v.clone()),
                ConstBinding::Op(op) => self.call_op(*op, &[], span),
            },
            ExprKind::ConstCall(c, args) => match self.ev.const_binding(c.0, span)? {
                ConstBinding::Op(op) => self.call_op(*op, args, span),
                ConstBinding::Value(v) => Err(EvalError::new(
                    E_TYPE,
                    format!("the constant bound to {v} is applied to arguments"),
                    span,
                )),
            },
            ExprKind::Local(slot) => self.local(*slot, span),
            ExprKind::LocalCall(slot, args) => {
                let arg = self.local_op(*slot, span)?;
                self.call_arg(&arg, args, span)
            }
            ExprKind::Call(op, args) => self.call_op(*op, args, span),
            ExprKind::OpArg(..) | ExprKind::LocalOpArg(_) => Err(EvalError::new(
                E_TYPE,
                "an operator is used where a value is expected",
                span,
            )),
            ExprKind::Builtin(b, args) => self.builtin(*b, args, span),
            ExprKind::Junction { and, items } => self.junction(*and, items),
            ExprKind::Prime(e) => {
                // A function of the state, with the next state given whole: compiled
                // (`Kind::Primed`), as its unprimed form in the next state.
                if self.next_state_ready() {
                    if let Some(node) = self.ev.compiled().root(expr) {
                        return self.run(node);
                    }
                }
                self.eval_under_prime(e)
            }
            ExprKind::Substituted { var, value } => self.substituted(*var, value, span),
            ExprKind::If(c, a, b) => {
                if self.eval_bool(c)? {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            ExprKind::Case { arms, other } => {
                let chosen = self.case_arm(arms, other.as_deref(), span)?;
                self.eval(chosen)
            }
            ExprKind::LetValue { slot, value, body } => {
                self.bind(*slot, FrameSlot::Thunk(value));
                self.eval(body)
            }
            _ => self.eval_compound(expr),
        }
    }

    fn junction(&mut self, and: bool, items: &'p [Expr]) -> EvalResult<Value> {
        for item in items {
            if self.eval_bool(item)? != and {
                return Ok(Value::Bool(!and));
            }
        }
        Ok(Value::Bool(and))
    }

    /// The expression of the first `CASE` arm whose guard holds (or `OTHER`).
    pub fn case_arm(
        &mut self,
        arms: &'p [(Expr, Expr)],
        other: Option<&'p Expr>,
        span: Span,
    ) -> EvalResult<&'p Expr> {
        for (guard, value) in arms {
            if self.eval_bool(guard)? {
                return Ok(value);
            }
        }
        other.ok_or_else(|| EvalError::no_case_arm(span))
    }

    /// Evaluates a call argument: operators become closures.
    pub fn eval_arg(&mut self, arg: &'p Expr) -> EvalResult<Arg> {
        match &arg.kind {
            ExprKind::OpArg(op, captured) => {
                let captured = captured
                    .iter()
                    .map(|c| self.eval_arg(c))
                    .collect::<EvalResult<_>>()?;
                Ok(Arg::Op(std::sync::Arc::new(crate::frame::Closure {
                    op: *op,
                    captured,
                })))
            }
            ExprKind::LocalOpArg(slot) => self.local_op(*slot, arg.span),
            ExprKind::Local(slot) => match self.ready_local(*slot) {
                Some(v) => Ok(Arg::Val(v.clone())),
                None => self.eval(arg).map(Arg::Val),
            },
            _ => self.eval_fast(arg).map(Arg::Val),
        }
    }

    /// Applies a value operation's result at `span`.
    pub fn value<T>(&self, r: Result<T, tlafid_value::ValueError>, span: Span) -> EvalResult<T> {
        r.at(span)
    }
}
