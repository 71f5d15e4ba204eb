//! Operator calls: frames, natives, closures, cached constant operators, and function
//! definitions (built whole, or applied directly to one argument).

use tlafid_base::Span;
use tlafid_sema::ir::{Expr, ExprKind, OpDef, OpId, Slot};
use tlafid_value::Value;

use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_DEPTH, E_TYPE, E_UNSUPPORTED};
use crate::evaluator::ConstBinding;
use crate::frame::{Arg, Closure, FrameSlot};
use crate::natives::Native;

/// The most arguments of a remembered call looked up before its frame is opened
/// ([`Ctx::call_remembered_locals`]).
pub(crate) const LOOKED_UP_ARGS: usize = 4;

/// Runs `f` with at least 128 KiB of native stack left, moving to a new 4 MiB segment when
/// needed: deep TLA+ recursion must end in `E082` (the depth limit), never in a crash.
#[inline]
pub(crate) fn grow_stack<T>(f: impl FnOnce() -> T) -> T {
    stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, f)
}

impl<'a, 'p> Ctx<'a, 'p> {
    /// Calls a global operator with argument expressions (evaluated in the current frame).
    pub fn call_op(&mut self, op_id: OpId, args: &'p [Expr], span: Span) -> EvalResult<Value> {
        let i = op_id.0 as usize;
        if let Some(binding) = &self.ev.overrides[i] {
            return match binding {
                ConstBinding::Value(v) => Ok(v.clone()),
                ConstBinding::Op(other) => self.call_op(*other, args, span),
            };
        }
        if let Some(native) = &self.ev.natives[i] {
            if let (Native::Const(f), []) = (native, args) {
                // `Nat`, `Int`, `EmptyBag`, ...: one shared value rather than one per use.
                return Ok(self.ev.op_cache[i].get_or_init(f).clone());
            }
            return self.call_native_exprs(native, op_id, args, span);
        }
        let cacheable = self.ev.cacheable[i];
        if cacheable {
            if let Some(v) = self.ev.op_cache[i].get() {
                return Ok(v.clone());
            }
        }
        // A pure zero-parameter operator is kept for the current state, or under a prime for
        // a next state given whole (`next_fixed`).
        let per_state = !cacheable
            && !self.init_mode
            && args.is_empty()
            && (!self.in_prime || self.next_fixed)
            && self.ev.per_state_cacheable(i);
        if per_state {
            if let Some((_, v)) = self.state_cache_mut().iter().find(|(op, _)| *op == i) {
                return Ok(v.clone());
            }
        }
        // Under a prime while the next state is being assigned: kept with the next values
        // of the variables it reads (compared in place; the key is built only to store).
        let primed = (!cacheable
            && !per_state
            && self.in_prime
            && !self.init_mode
            && args.is_empty()
            && self.shadowed.is_empty()
            && self.ev.per_state_cacheable(i))
        .then(|| self.ev.memo().vars_read(i))
        .flatten();
        if let Some(mask) = primed {
            let next = &self.next;
            let found = self.primed_cache.iter().find(|(op, read, _)| {
                *op == i
                    && read_vars(mask, next.len()).zip(read.iter()).all(|(v, a)| {
                        next[v]
                            .as_ref()
                            .is_some_and(|b| crate::memo::identical(a, b))
                    })
            });
            if let Some((_, _, v)) = found {
                // It reads the next state, as evaluating it would have (a `LET` value
                // holding it is not kept as if it did not).
                self.next_reads += 1;
                return Ok(v.clone());
            }
        }
        let saved = self.push_frame(op_id, args, span)?;
        let result = self.call_in_frame(op_id, saved, span);
        let value = result?;
        if cacheable {
            let _ = self.ev.op_cache[i].set(value.clone());
        } else if per_state && (!self.in_prime || self.next_fixed) {
            self.state_cache_mut().push((i, value.clone()));
        } else if let Some(key) = primed.and_then(|mask| self.primed_key(mask)) {
            match self.primed_cache.iter_mut().find(|(op, ..)| *op == i) {
                Some(entry) => *entry = (i, key, value.clone()),
                None => self.primed_cache.push((i, key, value.clone())),
            }
        }
        Ok(value)
    }

    /// The body of `op_id` in its frame, just opened with its arguments (`saved` the
    /// caller's base), remembered where `memo.rs` remembers it; the frame closed again.
    #[inline]
    fn call_in_frame(&mut self, op_id: OpId, saved: usize, span: Span) -> EvalResult<Value> {
        let i = op_id.0 as usize;
        let op: &'p OpDef = self.ev.program.op(op_id);
        let remembered = (!self.in_prime
            && !self.init_mode
            && self.shadowed.is_empty()
            && self.changed_test.is_none())
        .then(|| self.ev.memo().call_part(i))
        .flatten()
        .filter(|_| self.ev.memo().call_on(i));
        let result = match remembered {
            Some(part) => self.call_remembered(i, op, part, span),
            None => self.run_op_body(i, op, span),
        };
        self.pop_frame(saved);
        result
    }

    /// The next state's values of the variables in `mask` (an operator's reads, models of
    /// at most 64 variables), when all are assigned.
    fn primed_key(&self, mask: u64) -> Option<Box<[Value]>> {
        read_vars(mask, self.next.len())
            .map(|v| self.next[v].as_deref().cloned())
            .collect()
    }

    /// The body of `op` in its frame (just opened).
    fn run_op_body(&mut self, i: usize, op: &'p OpDef, span: Span) -> EvalResult<Value> {
        grow_stack(|| {
            if op.function.is_some() {
                self.build_function(OpId(i as u32), span)
            } else {
                match self.ev.compiled().body(i) {
                    Some(body) => self.run(body),
                    None => self.eval(&op.body),
                }
            }
        })
    }

    /// [`run_op_body`](Self::run_op_body) for a remembered operator (`memo.rs`): its
    /// arguments forced (an error there leaves the call to the body, which may not need
    /// that argument), then the value remembered for the same arguments and variables when
    /// a fresh evaluation would stay within the depth limit, else the body's, remembered.
    fn call_remembered(
        &mut self,
        i: usize,
        op: &'p OpDef,
        part: &crate::memo::CallPart,
        span: Span,
    ) -> EvalResult<Value> {
        let mut args = Vec::with_capacity(part.params());
        for k in 0..part.params() {
            match self.local(tlafid_sema::ir::Slot(k as u32), span) {
                Ok(v) => args.push(v),
                Err(_) => return self.run_op_body(i, op, span),
            }
        }
        let memo = self.ev.memo();
        if let Some((value, needed)) = memo.recall_call(i, part, &args, self.cur) {
            if self.depth + needed <= self.ev.options.max_depth {
                self.deepest = self.deepest.max(self.depth + needed);
                return Ok(value);
            }
        }
        self.run_and_remember(i, op, part, args, span)
    }

    /// The body of the remembered `op` in its frame (just opened with `args`), its value
    /// remembered with how much deeper its evaluation went.
    fn run_and_remember(
        &mut self,
        i: usize,
        op: &'p OpDef,
        part: &crate::memo::CallPart,
        args: Vec<Value>,
        span: Span,
    ) -> EvalResult<Value> {
        let outer = std::mem::replace(&mut self.deepest, self.depth);
        let result = self.run_op_body(i, op, span);
        let needed = self.deepest - self.depth;
        self.deepest = self.deepest.max(outer);
        if let Ok(value) = &result {
            let memo = self.ev.memo();
            memo.remember_call(i, part, args, self.cur, value.clone(), needed);
        }
        result
    }

    /// A call of the remembered operator `op` (`memo.rs`) whose arguments are the values
    /// of the current frame's `slots`, from a compiled call node (`call` its expression):
    /// the value remembered for them is looked up before a frame is opened. Where
    /// [`call_op`](Self::call_op) would not look it up, or a slot holds no value yet,
    /// `call` is evaluated as any call is; a miss opens the frame and runs the body as
    /// `call_op` does, without a second lookup. One step of work and one level of depth,
    /// as any call.
    #[inline(never)]
    pub(crate) fn call_remembered_locals(
        &mut self,
        i: usize,
        slots: &[Slot],
        call: &'p Expr,
    ) -> EvalResult<Value> {
        let ev = self.ev;
        let memo = ev.memo();
        let part = match memo.call_part(i) {
            Some(part)
                if slots.len() <= LOOKED_UP_ARGS
                    && !self.in_prime
                    && !self.init_mode
                    && self.shadowed.is_empty()
                    && self.changed_test.is_none()
                    && self.depth < ev.options.max_depth
                    && memo.call_on(i) =>
            {
                part
            }
            _ => return self.eval(call),
        };
        let looked_up = {
            let filler = Value::Bool(false);
            let mut args = [&filler; LOOKED_UP_ARGS];
            for (arg, slot) in args.iter_mut().zip(slots) {
                match self.ready_local(*slot) {
                    Some(v) => *arg = v,
                    None => return self.eval(call),
                }
            }
            let args = &args[..slots.len()];
            match memo.recall_call(i, part, args, self.cur) {
                Some((value, needed)) if self.depth + 1 + needed <= ev.options.max_depth => {
                    Ok((value, needed))
                }
                _ => Err(args.iter().copied().cloned().collect::<Vec<_>>()),
            }
        };
        self.tick(call.span)?;
        match looked_up {
            Ok((value, needed)) => {
                self.deepest = self.deepest.max(self.depth + 1 + needed);
                Ok(value)
            }
            Err(args) => {
                let new_base = self.stack.len();
                self.depth += 1;
                self.deepest = self.deepest.max(self.depth);
                for (slot, value) in slots.iter().zip(&args) {
                    // As `arg_slot` passes a local on.
                    let passed = match &self.stack[self.base + slot.0 as usize] {
                        by_name @ FrameSlot::ByName { .. } => by_name.clone(),
                        _ => FrameSlot::Val(value.clone()),
                    };
                    self.stack.push(passed);
                }
                let saved = self.open_frame(OpId(i as u32), new_base);
                let op: &'p OpDef = ev.program.op(OpId(i as u32));
                let result = self.run_and_remember(i, op, part, args, call.span);
                self.pop_frame(saved);
                result
            }
        }
    }

    /// The cache of pure zero-parameter operators for the state being read: the next state's
    /// under a prime, the current state's otherwise.
    fn state_cache_mut(&mut self) -> &mut Vec<(usize, Value)> {
        if self.in_prime {
            &mut self.next_cache
        } else {
            &mut self.state_cache
        }
    }

    /// Opens a frame for `op` holding the evaluated `args`; returns the caller's base.
    /// The arguments are pushed as they are evaluated (in the caller's frame, below the
    /// new one), then the frame's other slots: no empty slot written to be replaced.
    pub fn push_frame(&mut self, op: OpId, args: &'p [Expr], span: Span) -> EvalResult<usize> {
        let new_base = self.enter_call(op, span)?;
        for arg in args {
            match self.arg_slot(arg) {
                Ok(slot) => self.stack.push(slot),
                Err(e) => {
                    self.stack.truncate(new_base);
                    self.depth -= 1;
                    return Err(e);
                }
            }
        }
        Ok(self.open_frame(op, new_base))
    }

    /// The frame slot for a call's argument, evaluated in the current frame.
    #[inline]
    fn arg_slot(&mut self, arg: &'p Expr) -> EvalResult<FrameSlot<'p>> {
        // A bound value passed on (`p` in `Request(p)`, the commonest argument): its value,
        // or the argument by name it holds, as `by_name` and `eval_arg` pass it.
        if let ExprKind::Local(slot) = arg.kind {
            match self.stack.get(self.base + slot.0 as usize) {
                Some(FrameSlot::Val(v)) => return Ok(FrameSlot::Val(v.clone())),
                Some(by_name @ FrameSlot::ByName { .. }) => return Ok(by_name.clone()),
                _ => {}
            }
        }
        if let Some(slot) = self.by_name(arg) {
            return Ok(slot);
        }
        self.eval_arg(arg).map(FrameSlot::from)
    }

    /// The frame slot for an argument passed by name, if it is one.
    fn by_name(&self, arg: &'p Expr) -> Option<FrameSlot<'p>> {
        if let ExprKind::Local(slot) = arg.kind {
            if let Some(by_name @ FrameSlot::ByName { .. }) =
                self.stack.get(self.base + slot.0 as usize)
            {
                return Some(by_name.clone());
            }
            // A local alone never reads the state, so it is never in `by_name`: no lookup.
            return None;
        }
        if self.ev.by_name.is_empty() || !self.ev.by_name.contains(&(arg as *const Expr as usize)) {
            return None;
        }
        Some(FrameSlot::ByName {
            expr: arg,
            base: self.base,
            cached: None,
        })
    }

    /// Opens a frame for `op` holding already evaluated arguments.
    fn push_frame_args(&mut self, op: OpId, args: Vec<Arg>, span: Span) -> EvalResult<usize> {
        let new_base = self.enter_call(op, span)?;
        self.stack.extend(args.into_iter().map(FrameSlot::from));
        Ok(self.open_frame(op, new_base))
    }

    /// Counts a call of `op` (a step of work, one level deeper, failing past the depth
    /// limit); returns where its frame will start.
    #[inline]
    fn enter_call(&mut self, op_id: OpId, span: Span) -> EvalResult<usize> {
        self.tick(span)?;
        if self.depth >= self.ev.options.max_depth {
            return Err(self.too_deep(op_id, span));
        }
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        Ok(self.stack.len())
    }

    #[cold]
    #[inline(never)]
    fn too_deep(&self, op_id: OpId, span: Span) -> EvalError {
        EvalError::new(
            E_DEPTH,
            format!(
                "operator calls nested deeper than {} (in {})",
                self.ev.options.max_depth,
                self.ev.program.op(op_id).name
            ),
            span,
        )
        .with_hint("is a recursive definition missing its base case?")
    }

    /// Makes the frame at `new_base` (its arguments pushed) `op`'s, its other slots
    /// empty; returns the caller's base.
    #[inline]
    fn open_frame(&mut self, op_id: OpId, new_base: usize) -> usize {
        // `resize_with` writes empty slots without cloning a template slot. A frame of
        // only its arguments is already whole (resized to its length, the vector would
        // still call the drop of an empty tail).
        let end = new_base + self.ev.frame_sizes[op_id.0 as usize];
        if self.stack.len() != end {
            self.stack.resize_with(end, FrameSlot::default);
        }
        std::mem::replace(&mut self.base, new_base)
    }

    /// Closes the current frame and returns to the caller's.
    pub fn pop_frame(&mut self, saved_base: usize) {
        // A frame of no slots has nothing to drop.
        if self.stack.len() > self.base {
            self.stack.truncate(self.base);
        }
        self.base = saved_base;
        self.depth -= 1;
    }

    fn call_native_exprs(
        &mut self,
        native: &Native,
        op_id: OpId,
        args: &'p [Expr],
        span: Span,
    ) -> EvalResult<Value> {
        match (native, args) {
            (Native::Const(f), []) => Ok(f()),
            (Native::Unary(f), [a]) => {
                let a = self.eval(a)?;
                self.value(f(&a), span)
            }
            (Native::Binary(f), [a, b]) => {
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                self.value(f(&a, &b), span)
            }
            _ => {
                let values = args
                    .iter()
                    .map(|a| self.eval_arg(a))
                    .collect::<EvalResult<Vec<_>>>()?;
                self.call_native(native, op_id, values, span)
            }
        }
    }

    /// Calls a native implementation with evaluated arguments.
    pub fn call_native(
        &mut self,
        native: &Native,
        op_id: OpId,
        args: Vec<Arg>,
        span: Span,
    ) -> EvalResult<Value> {
        let op = self.ev.program.op(op_id);
        let wrong = || {
            EvalError::new(
                E_TYPE,
                format!(
                    "{} applied to {} arguments of the wrong kind",
                    op.name,
                    args.len()
                ),
                span,
            )
        };
        match native {
            Native::Const(f) if args.is_empty() => Ok(f()),
            Native::Unary(f) => match args.as_slice() {
                [Arg::Val(a)] => self.value(f(a), span),
                _ => Err(wrong()),
            },
            Native::Binary(f) => match args.as_slice() {
                [Arg::Val(a), Arg::Val(b)] => self.value(f(a, b), span),
                _ => Err(wrong()),
            },
            Native::General(f) => f(self, args, span),
            Native::Unsupported(why) => Err(EvalError::new(
                E_UNSUPPORTED,
                format!("{} is not supported: {why}", op.name),
                span,
            )),
            Native::Const(_) => Err(wrong()),
        }
    }

    /// Calls an operator argument (a closure, or a value for a zero-arity argument).
    pub fn call_arg(&mut self, arg: &Arg, args: &'p [Expr], span: Span) -> EvalResult<Value> {
        let values = args
            .iter()
            .map(|a| self.eval_arg(a))
            .collect::<EvalResult<Vec<_>>>()?;
        self.apply_arg(arg, values, span)
    }

    /// Calls an operator argument with evaluated arguments.
    pub fn apply_arg(&mut self, arg: &Arg, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
        match arg {
            Arg::Val(v) if args.is_empty() => Ok(v.clone()),
            Arg::Val(v) => Err(EvalError::new(
                E_TYPE,
                format!("the value {v} is applied to arguments as an operator"),
                span,
            )),
            Arg::Op(closure) => self.call_closure(closure, args, span),
        }
    }

    fn call_closure(&mut self, closure: &Closure, args: Vec<Arg>, span: Span) -> EvalResult<Value> {
        let mut all = closure.captured.clone();
        all.extend(args);
        let i = closure.op.0 as usize;
        if let Some(ConstBinding::Op(other)) = &self.ev.overrides[i] {
            let redirected = Closure {
                op: *other,
                captured: Vec::new(),
            };
            return self.call_closure(&redirected, all, span);
        }
        if let Some(native) = &self.ev.natives[i] {
            return self.call_native(native, closure.op, all, span);
        }
        let op: &'p OpDef = self.ev.program.op(closure.op);
        if all.len() != op.params.len() {
            return Err(EvalError::new(
                E_TYPE,
                format!(
                    "{} takes {} arguments, given {}",
                    op.name,
                    op.params.len(),
                    all.len()
                ),
                span,
            ));
        }
        let saved = self.push_frame_args(closure.op, all, span)?;
        let result = if op.function.is_some() {
            self.build_function(closure.op, span)
        } else {
            self.eval(&op.body)
        };
        self.pop_frame(saved);
        result
    }

    /// Applies a value or operator argument to values (for higher-order natives).
    pub fn apply_values(&mut self, arg: &Arg, values: &[Value], span: Span) -> EvalResult<Value> {
        self.apply_arg(arg, values.iter().cloned().map(Arg::Val).collect(), span)
    }

    /// The whole value of a function definition (in its frame, captured slots bound).
    fn build_function(&mut self, op_id: OpId, span: Span) -> EvalResult<Value> {
        let op: &'p OpDef = self.ev.program.op(op_id);
        let info = op.function.as_ref().expect("checked by the caller");
        if self.building.contains(&op_id.0) {
            return Err(EvalError::new(
                E_UNSUPPORTED,
                format!(
                    "the recursive function {} is used as a whole value inside its own definition",
                    op.name
                ),
                span,
            ));
        }
        self.building.push(op_id.0);
        // The body's compiled form where it has one, as for one argument (`apply_fn_def`).
        let r = match self.ev.compiled().body(op_id.0 as usize) {
            Some(body) => self.fn_cons_compiled(&info.binders, body),
            None => self.fn_cons(&info.binders, &op.body, span),
        };
        self.building.pop();
        r
    }

    /// `f[arg]` for a function definition `f`, evaluating only the body at `arg` (this is how
    /// recursive function definitions over infinite domains such as `Nat` are evaluated).
    /// `None` when `f` is better built whole (a cacheable constant function).
    pub fn apply_fn_def(
        &mut self,
        op_id: OpId,
        captured: &'p [Expr],
        arg: &Value,
        span: Span,
    ) -> EvalResult<Option<Value>> {
        let i = op_id.0 as usize;
        if self.ev.overrides[i].is_some() || self.ev.natives[i].is_some() {
            return Ok(None);
        }
        if self.ev.cacheable[i] && !self.building.contains(&op_id.0) {
            if self.ev.op_cache[i].get().is_some() {
                return Ok(None);
            }
            let op = self.ev.program.op(op_id);
            let finite = op.function.as_ref().is_some_and(|f| {
                f.binders.iter().all(|b| {
                    b.domain
                        .as_ref()
                        .is_some_and(|d| !self.domain_is_infinite(d))
                })
            });
            if finite {
                return Ok(None);
            }
        }
        let op: &'p OpDef = self.ev.program.op(op_id);
        let Some(info) = op.function.as_ref() else {
            return Ok(None);
        };
        let saved = self.push_frame(op_id, captured, span)?;
        let r = self
            .bind_fn_arg(&info.binders, arg, span)
            .and_then(|inside| {
                if inside {
                    // Recursive function definitions recurse here, not through `call_op`.
                    // The body's compiled form where it has one, as a call's.
                    grow_stack(|| match self.ev.compiled().body(i) {
                        Some(body) => self.run(body),
                        None => self.eval(&op.body),
                    })
                } else {
                    Err(self.fn_domain_error(op_id, arg, span))
                }
            });
        self.pop_frame(saved);
        r.map(Some)
    }

    /// The error of applying the function definition `op_id` to `arg` outside its domain.
    #[cold]
    pub(crate) fn fn_domain_error(&self, op_id: OpId, arg: &Value, span: Span) -> EvalError {
        let name = &self.ev.program.op(op_id).name;
        EvalError::new(
            crate::error::E_DOMAIN,
            format!("{arg} is not in the domain of the function {name}"),
            span,
        )
    }

    fn domain_is_infinite(&self, domain: &Expr) -> bool {
        use tlafid_sema::ir::ExprKind;
        match &domain.kind {
            ExprKind::Call(op, args) if args.is_empty() => {
                let op = self.ev.program.op(*op);
                matches!(
                    (op.module.as_str(), op.name.as_str()),
                    ("Naturals", "Nat") | ("Integers", "Int") | ("Integers", "Nat")
                )
            }
            ExprKind::StringSet => true,
            _ => false,
        }
    }
}

/// The variables (below `count`) whose bits are set in `mask`, in order.
fn read_vars(mask: u64, count: usize) -> impl Iterator<Item = usize> {
    (0..count.min(64)).filter(move |v| mask & (1 << v) != 0)
}
