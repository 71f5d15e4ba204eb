//! The generator proper: an action's expression run with continuations, assigning primed
//! variables, testing guards and branching on disjunctions and `\E`.

use std::borrow::Cow;

use tlafid_base::Span;
use tlafid_sema::ir::{Builtin, Expr, ExprKind, OpDef, OpId, Slot};
use tlafid_value::Value;

use super::Cont;
use crate::builtins::values_equal;
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult};
use crate::frame::FrameSlot;

impl<'a, 'p> Ctx<'a, 'p> {
    /// The variable `lhs` assigns, if it is an assignable variable in this mode (looking
    /// through arguments passed by name and `LET` definitions).
    fn target(&self, lhs: &Expr) -> Option<usize> {
        if self.in_prime {
            return None;
        }
        self.target_of(lhs, false)
    }

    fn target_of(&self, e: &Expr, primed: bool) -> Option<usize> {
        match &e.kind {
            ExprKind::Var { var, primed: p }
                if !(primed && *p) && (primed || *p) != self.init_mode =>
            {
                Some(var.0 as usize)
            }
            ExprKind::Prime(inner) if !primed && !self.init_mode => self.target_of(inner, true),
            ExprKind::Substituted { var, value } => match self.shadow_slot(*var) {
                Some(slot) if primed => Some(slot),
                Some(_) => None,
                None => self.target_of(value, primed),
            },
            ExprKind::Local(slot) => self
                .slot_expr(*slot)
                .and_then(|(e, _)| self.target_of(e, primed)),
            _ => None,
        }
    }

    /// The expression behind a slot holding an argument passed by name or a `LET`
    /// definition, with the frame it is evaluated in.
    pub(super) fn slot_expr(&self, slot: tlafid_sema::ir::Slot) -> Option<(&'p Expr, usize)> {
        match self.stack.get(self.base + slot.0 as usize)? {
            FrameSlot::ByName { expr, base, .. } => Some((expr, *base)),
            FrameSlot::Thunk(expr) | FrameSlot::Forced(expr, _) => Some((expr, self.base)),
            _ => None,
        }
    }

    /// Runs `run` on an expression evaluated in another frame, with `k` back in this one.
    fn gen_in_frame(
        &mut self,
        base: usize,
        run: impl FnOnce(&mut Self, &mut Cont<'_, 'a, 'p>) -> EvalResult<bool>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let home = std::mem::replace(&mut self.base, base);
        let r = run(self, &mut |ctx| {
            let there = std::mem::replace(&mut ctx.base, home);
            let r = k(ctx);
            ctx.base = there;
            r
        });
        self.base = home;
        r
    }

    pub(super) fn assign(
        &mut self,
        var: usize,
        value: Value,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let fixed = self.unfix_next();
        self.next[var] = Some(Cow::Owned(value));
        self.assigned += 1;
        let r = k(self);
        self.assigned -= 1;
        self.next[var] = None;
        self.next_fixed = fixed;
        r
    }

    fn guard(&mut self, expr: &'p Expr, k: &mut Cont<'_, 'a, 'p>) -> EvalResult<bool> {
        if self.test(expr)? {
            k(self)
        } else {
            Ok(true)
        }
    }

    /// Runs the action `expr`, calling `k` for each way of satisfying it.
    pub fn gen(&mut self, expr: &'p Expr, k: &mut Cont<'_, 'a, 'p>) -> EvalResult<bool> {
        match &expr.kind {
            ExprKind::Junction { and: true, items } => self.gen_all(items, k),
            ExprKind::Junction { and: false, items } => {
                for item in items {
                    if !self.gen(item, k)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            ExprKind::Quant {
                forall: false,
                binders,
                body,
            } => {
                let collected: Vec<Slot>;
                let scope: &[Slot] = match binders.as_slice() {
                    [one] => &one.slots,
                    _ => {
                        collected = binders
                            .iter()
                            .flat_map(|b| b.slots.iter().copied())
                            .collect();
                        &collected
                    }
                };
                self.for_each_binding(binders, &mut |ctx| {
                    ctx.gen(body, &mut |ctx| ctx.resume(scope, k))
                })
            }
            ExprKind::Quant {
                forall: true,
                binders,
                body,
            } => self.gen_forall(binders, body, k),
            ExprKind::Builtin(Builtin::Implies, args) if !self.init_mode && args.len() == 2 => {
                if self.test(&args[0])? {
                    self.gen(&args[1], k)
                } else {
                    k(self)
                }
            }
            ExprKind::Builtin(Builtin::SubsetEq, args) => {
                match (self.target(&args[0]), args.get(1)) {
                    (Some(var), Some(rhs)) if self.next[var].is_none() => {
                        let set = self.eval_fast(rhs)?;
                        self.expect_set(&set, rhs.span)?;
                        let subsets = Value::lazy(tlafid_value::LazySet::Subset(set));
                        let elems = self.value(subsets.iter_set(), rhs.span)?;
                        for e in elems {
                            self.tick(rhs.span)?;
                            if !self.assign(var, e.into_owned(), k)? {
                                return Ok(false);
                            }
                        }
                        Ok(true)
                    }
                    _ => self.guard(expr, k),
                }
            }
            ExprKind::Builtin(Builtin::Eq, args) => match (self.target(&args[0]), args.get(1)) {
                (Some(var), Some(rhs)) => match self.next[var].as_deref().cloned() {
                    None => {
                        let v = self.eval_fast(rhs)?;
                        self.assign(var, v, k)
                    }
                    Some(old) => {
                        let v = self.eval_fast(rhs)?;
                        if values_equal(&old, &v, expr.span)? {
                            k(self)
                        } else {
                            Ok(true)
                        }
                    }
                },
                _ => self.guard(expr, k),
            },
            ExprKind::Builtin(Builtin::In, args) => match (self.target(&args[0]), args.get(1)) {
                (Some(var), Some(rhs)) if self.next[var].is_none() => {
                    // Compiled: a constant set (`[Procs -> Nat]` in a `TypeOK` that enumerates
                    // initial states) is then one value, enumerated once, not rebuilt and
                    // enumerated again at each candidate of the conjuncts before it.
                    let set = self.eval_fast(rhs)?;
                    self.expect_set(&set, rhs.span)?;
                    let elems = self.value(set.iter_set(), rhs.span)?;
                    for e in elems {
                        self.tick(rhs.span)?;
                        if !self.assign(var, e.into_owned(), k)? {
                            return Ok(false);
                        }
                    }
                    Ok(true)
                }
                _ => self.guard(expr, k),
            },
            ExprKind::Builtin(Builtin::Cdot, args) if !self.init_mode && args.len() == 2 => {
                self.gen_cdot(&args[0], &args[1], expr.span, k)
            }
            ExprKind::Builtin(Builtin::Unchanged, args) if !self.init_mode && args.len() == 1 => {
                self.gen_unchanged(&args[0], k)
            }
            ExprKind::If(c, a, b) => {
                if self.test(c)? {
                    self.gen(a, k)
                } else {
                    self.gen(b, k)
                }
            }
            ExprKind::Case { arms, other } => {
                let arm = self.case_arm(arms, other.as_deref(), expr.span)?;
                self.gen(arm, k)
            }
            ExprKind::LetValue { slot, value, body } => {
                self.bind(*slot, FrameSlot::Thunk(value));
                let scope = [*slot];
                self.gen(body, &mut |ctx| ctx.resume(&scope, k))
            }
            ExprKind::Local(slot) if self.slot_expr(*slot).is_some() => {
                let (inner, base) = self.slot_expr(*slot).expect("checked");
                self.gen_in_frame(base, |ctx, k| ctx.gen(inner, k), k)
            }
            _ if self.ev.inline_call(expr).is_some() => {
                let (op, args) = self.ev.inline_call(expr).expect("checked");
                let def: &'p OpDef = self.ev.program.op(op);
                self.gen_inlined(op, args, expr.span, |ctx, k| ctx.gen(&def.body, k), k)
            }
            ExprKind::FnApp(f, arg) if self.runs_fn_def(f) => {
                let ExprKind::Call(op, captured) = &f.kind else {
                    unreachable!("checked")
                };
                // A body that is one test: its application tested as a guard (in its
                // compiled form, its value kept for the state).
                if !self.init_mode && self.ev.guard_fn_defs[op.0 as usize] {
                    return self.guard(expr, k);
                }
                self.gen_fn_app(*op, captured, arg, expr.span, k)
            }
            ExprKind::BoxAction(a, vars) => {
                if !self.gen(a, k)? {
                    return Ok(false);
                }
                self.gen_unchanged(vars, k)
            }
            ExprKind::AngleAction(a, vars) => self.gen_before(|ctx, k| ctx.gen(a, k), &mut |ctx| {
                if ctx.unchanged_value(vars)? {
                    Ok(true)
                } else {
                    k(ctx)
                }
            }),
            _ => self.guard(expr, k),
        }
    }

    /// Runs `run` on an operator body in its own frame, with `k` run back in the caller's.
    pub(super) fn gen_inlined(
        &mut self,
        op: OpId,
        args: &'p [Expr],
        span: Span,
        run: impl FnOnce(&mut Self, &mut Cont<'_, 'a, 'p>) -> EvalResult<bool>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let caller_base = self.push_frame(op, args, span)?;
        let r = run(self, &mut |ctx| {
            let callee_base = std::mem::replace(&mut ctx.base, caller_base);
            let r = k(ctx);
            ctx.base = callee_base;
            r
        });
        self.pop_frame(caller_base);
        r
    }

    /// `f[a]` as an action, for a function definition `f` that is not a constant: TLC runs
    /// the definition's body at `a` as part of the action (so its disjunctions branch).
    fn gen_fn_app(
        &mut self,
        op: OpId,
        captured: &'p [Expr],
        arg: &'p Expr,
        span: Span,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let a = self.eval(arg)?;
        let def: &'p OpDef = self.ev.program.op(op);
        let binders = &def
            .function
            .as_ref()
            .expect("a function definition")
            .binders;
        self.gen_inlined(
            op,
            captured,
            span,
            |ctx, k| {
                if !ctx.bind_fn_arg(binders, &a, span)? {
                    let message = format!("{a} is not in the domain of the function {}", def.name);
                    return Err(EvalError::new(crate::error::E_DOMAIN, message, span));
                }
                ctx.gen(&def.body, k)
            },
            k,
        )
    }

    /// Is `f` a call of a function definition that is not a constant (so TLC keeps it lazy
    /// and runs its body when it is applied in an action)?
    fn runs_fn_def(&self, f: &Expr) -> bool {
        let ExprKind::Call(op, _) = &f.kind else {
            return false;
        };
        let i = op.0 as usize;
        self.ev.program.op(*op).function.is_some()
            && !self.ev.cacheable[i]
            && self.ev.natives[i].is_none()
            && self.ev.overrides[i].is_none()
    }

    fn gen_all(&mut self, items: &'p [Expr], k: &mut Cont<'_, 'a, 'p>) -> EvalResult<bool> {
        match items.split_first() {
            None => k(self),
            Some((first, [])) => self.gen(first, &mut |ctx| ctx.gen_pending(&[], k)),
            Some((first, rest)) => self.gen_before(|ctx, k| ctx.gen(first, k), &mut |ctx| {
                ctx.gen_pending(rest, k)
            }),
        }
    }

    /// Runs `run` with `then` as its continuation, counting `then` among the
    /// [`pending_conjuncts`](Ctx::pending_conjuncts) while `run` has not reached it.
    fn gen_before(
        &mut self,
        run: impl FnOnce(&mut Self, &mut Cont<'_, 'a, 'p>) -> EvalResult<bool>,
        then: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        self.pending_conjuncts += 1;
        let r = run(self, &mut |ctx| {
            ctx.pending_conjuncts -= 1;
            let r = then(ctx);
            ctx.pending_conjuncts += 1;
            r
        });
        self.pending_conjuncts -= 1;
        r
    }

    /// Runs the continuation `k` outside a scope whose slots it may reuse, then restores
    /// them: the generator comes back into the scope for its other branches.
    pub(super) fn resume(&mut self, scope: &[Slot], k: &mut Cont<'_, 'a, 'p>) -> EvalResult<bool> {
        if let [slot] = scope {
            // The common case (one `LET` or one bound variable), without a vector.
            let saved = self.frame_slot(*slot);
            let r = k(self);
            self.bind(*slot, saved);
            return r;
        }
        self.resume_many(scope, k)
    }

    /// [`resume`](Self::resume) for a scope of several slots, out of line (its vector made
    /// the frame of every `resume`, which each bound variable's continuation holds, four
    /// times larger).
    #[inline(never)]
    fn resume_many(&mut self, scope: &[Slot], k: &mut Cont<'_, 'a, 'p>) -> EvalResult<bool> {
        let saved: Vec<FrameSlot<'p>> = scope
            .iter()
            .map(|s| {
                self.stack
                    .get(self.base + s.0 as usize)
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        let r = k(self);
        for (slot, old) in scope.iter().zip(saved) {
            self.bind(*slot, old);
        }
        r
    }

    /// A copy of a slot of the current frame (empty when the frame is shorter).
    pub(super) fn frame_slot(&self, slot: Slot) -> FrameSlot<'p> {
        self.stack
            .get(self.base + slot.0 as usize)
            .cloned()
            .unwrap_or_default()
    }

    /// The conjuncts still pending after one was run. Once every variable is assigned they
    /// are only tested, without branching (TLC's fast path, which its counts reflect).
    fn gen_pending(&mut self, items: &'p [Expr], k: &mut Cont<'_, 'a, 'p>) -> EvalResult<bool> {
        if items.is_empty() || self.assigned < self.next.len() {
            return crate::call::grow_stack(|| self.gen_all(items, k));
        }
        if self.init_mode {
            if let Some(holds) = self.test_assigned(items) {
                return if holds { k(self) } else { Ok(true) };
            }
        }
        for item in items {
            if !self.test(item)? {
                return Ok(true);
            }
        }
        k(self)
    }

    /// `\A` in an action: the body once per binding, as a conjunction (TLC branches inside).
    fn gen_forall(
        &mut self,
        binders: &'p [tlafid_sema::ir::Binder],
        body: &'p Expr,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let bindings = self.collect_bindings(binders)?;
        self.gen_bindings(&bindings, body, k)
    }

    fn gen_bindings(
        &mut self,
        bindings: &[Vec<(tlafid_sema::ir::Slot, Value)>],
        body: &'p Expr,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let Some((first, rest)) = bindings.split_first() else {
            return k(self);
        };
        let saved: Vec<FrameSlot<'p>> = first
            .iter()
            .map(|(slot, _)| {
                self.stack
                    .get(self.base + slot.0 as usize)
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        for (slot, v) in first {
            self.bind_value(*slot, v.clone());
        }
        let r = if self.assigned == self.next.len() && !self.next.is_empty() {
            if self.test(body)? {
                self.gen_bindings(rest, body, k)
            } else {
                Ok(true)
            }
        } else {
            let scope: Vec<Slot> = first.iter().map(|(slot, _)| *slot).collect();
            let mut then =
                |ctx: &mut Self| ctx.resume(&scope, &mut |ctx| ctx.gen_bindings(rest, body, k));
            if rest.is_empty() {
                self.gen(body, &mut then)
            } else {
                self.gen_before(|ctx, k| ctx.gen(body, k), &mut then)
            }
        };
        for ((slot, _), old) in first.iter().zip(saved) {
            self.bind(*slot, old);
        }
        r
    }

    /// `UNCHANGED e`: assigns `x' = x` for each unassigned variable in `e`.
    fn gen_unchanged(&mut self, e: &'p Expr, k: &mut Cont<'_, 'a, 'p>) -> EvalResult<bool> {
        match &e.kind {
            ExprKind::Var { var, primed: false } => {
                let i = var.0 as usize;
                let now = self.cur[i].clone();
                match &self.next[i] {
                    None => self.assign(i, now, k),
                    Some(v) if **v == now => k(self),
                    Some(_) => Ok(true),
                }
            }
            ExprKind::Tuple(items) if items.iter().all(is_plain_var) && self.next.len() <= 64 => {
                self.gen_unchanged_vars(items, k)
            }
            ExprKind::Tuple(items) => self.gen_unchanged_all(items, k),
            ExprKind::Substituted { var, value } => match self.shadow_slot(*var) {
                Some(slot) => {
                    let now = self.eval(value)?;
                    match &self.next[slot] {
                        None => self.assign(slot, now, k),
                        Some(v) if **v == now => k(self),
                        Some(_) => Ok(true),
                    }
                }
                None => self.gen_unchanged(value, k),
            },
            ExprKind::Local(slot) if self.slot_expr(*slot).is_some() => {
                let (inner, base) = self.slot_expr(*slot).expect("checked");
                self.gen_in_frame(base, |ctx, k| ctx.gen_unchanged(inner, k), k)
            }
            _ if self.ev.inline_call(e).is_some() => {
                let (op, args) = self.ev.inline_call(e).expect("checked");
                let def: &'p OpDef = self.ev.program.op(op);
                self.gen_inlined(
                    op,
                    args,
                    e.span,
                    |ctx, k| ctx.gen_unchanged(&def.body, k),
                    k,
                )
            }
            _ => {
                if self.unchanged_value(e)? {
                    k(self)
                } else {
                    Ok(true)
                }
            }
        }
    }

    /// `UNCHANGED <<x, y, ...>>` over state variables only: what [`gen_unchanged_all`]
    /// does one variable at a time, in one step (each unassigned variable gets its current
    /// value, an assigned one must equal it), then `k` once.
    fn gen_unchanged_vars(
        &mut self,
        items: &'p [Expr],
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let mut assigned: u64 = 0;
        let mut fixed = None;
        let mut ok = true;
        for item in items {
            let ExprKind::Var { var, .. } = item.kind else {
                unreachable!("checked by is_plain_var")
            };
            let i = var.0 as usize;
            match &self.next[i] {
                None => {
                    fixed.get_or_insert_with(|| self.unfix_next());
                    self.next[i] = Some(Cow::Borrowed(&self.cur[i]));
                    self.assigned += 1;
                    assigned |= 1 << i;
                }
                Some(v) if **v == self.cur[i] => {}
                Some(_) => {
                    ok = false;
                    break;
                }
            }
        }
        let r = if ok { k(self) } else { Ok(true) };
        for i in 0..self.next.len() {
            if assigned & (1 << i) != 0 {
                self.next[i] = None;
                self.assigned -= 1;
            }
        }
        if let Some(fixed) = fixed {
            self.next_fixed = fixed;
        }
        r
    }

    fn gen_unchanged_all(
        &mut self,
        items: &'p [Expr],
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        match items.split_first() {
            None => k(self),
            Some((first, rest)) => {
                self.gen_unchanged(first, &mut |ctx| ctx.gen_unchanged_all(rest, k))
            }
        }
    }
}

impl<'p> Ctx<'_, 'p> {
    /// The initial predicate's pending conjuncts once every variable is assigned (`TypeOK /\
    /// IInv`, where `TypeOK` enumerates the candidates): tested as state predicates over the
    /// assigned state, as its current state, so that the compiled forms read the variables in
    /// place (in the initial predicate's own mode each read clones the assigned value, and
    /// the compiled forms fall back to the interpreter). Only conjuncts that stay in the
    /// state ([`Evaluator::stays_in_state`](crate::Evaluator), no `ENABLED` or primes, the
    /// frame slots they read included) run so; `None` when some does not, or when the test
    /// failed: then the initial predicate's own mode tests them again, for its errors. The
    /// frame is restored afterwards (nothing it caches in this mode may outlive the state).
    fn test_assigned(&mut self, items: &'p [Expr]) -> Option<bool> {
        if !items.iter().all(|item| self.stays_in_frame(item)) {
            return None;
        }
        let values: Vec<Value> = self
            .next
            .iter()
            .map(|v| v.as_deref().cloned())
            .collect::<Option<_>>()?;
        let saved = self.stack.clone();
        let mut sub = Ctx::new(
            self.ev,
            std::mem::take(&mut self.stack),
            &values,
            // Written empty one by one (`vec![None; n]` clones an entry per slot).
            std::iter::repeat_with(|| None).take(values.len()).collect(),
        );
        sub.base = self.base;
        sub.depth = self.depth;
        sub.level = self.level;
        let mut holds = Some(true);
        for item in items {
            match sub.test(item) {
                Ok(true) => {}
                Ok(false) => {
                    holds = Some(false);
                    break;
                }
                Err(_) => {
                    holds = None;
                    break;
                }
            }
        }
        drop(sub);
        self.stack = saved;
        holds
    }

    /// [`Evaluator::stays_in_state`] for `e`, and for the expressions behind the slots of the
    /// current frame it reads (a `LET` value, an argument passed by name), those read no
    /// slot themselves.
    fn stays_in_frame(&self, e: &Expr) -> bool {
        if !self.ev.stays_in_state(e) {
            return false;
        }
        let mut ok = true;
        self.each_local(e, &mut |ctx, slot| {
            ok = ok
                && match ctx.stack.get(ctx.base + slot.0 as usize) {
                    None | Some(FrameSlot::Empty | FrameSlot::Val(_)) => true,
                    // An operator argument: its body is not checked here.
                    Some(FrameSlot::Op(_)) => false,
                    Some(
                        FrameSlot::Thunk(expr)
                        | FrameSlot::Forced(expr, _)
                        | FrameSlot::ByName { expr, .. },
                    ) => ctx.ev.stays_in_state(expr) && !has_local(expr),
                };
        });
        ok
    }

    /// Calls `f` on each slot of the current frame `e` reads (not inside operator bodies,
    /// which have frames of their own).
    fn each_local(&self, e: &Expr, f: &mut impl FnMut(&Self, Slot)) {
        match &e.kind {
            ExprKind::Local(slot) | ExprKind::LocalOpArg(slot) => f(self, *slot),
            ExprKind::LocalCall(slot, _) => f(self, *slot),
            _ => {}
        }
        tlafid_sema::walk::each_child(e, &mut |child| self.each_local(child, f));
    }
}

/// Does `e` read a frame slot (outside operator bodies)?
fn has_local(e: &Expr) -> bool {
    let mut found = matches!(
        e.kind,
        ExprKind::Local(_) | ExprKind::LocalOpArg(_) | ExprKind::LocalCall(..)
    );
    tlafid_sema::walk::each_child(e, &mut |child| found = found || has_local(child));
    found
}

/// An unprimed state variable.
fn is_plain_var(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Var { primed: false, .. })
}
