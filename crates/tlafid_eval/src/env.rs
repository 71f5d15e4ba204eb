//! Evaluating an expression in an environment a caller builds: frames whose slots hold
//! values, arguments passed by name, or operator arguments. A binding that inlines temporal
//! formulas (`Fair(p) == WF_vars(Do(p))` under `\A p \in Proc`) keeps, for each
//! proposition it finds, the expression and the frames it was reached through, and
//! evaluates it here on states and steps ([`Worker::eval_in`], [`Worker::enabled_in`]).

use smol_str::SmolStr;
use tlafid_sema::ir::Expr;
use tlafid_value::Value;

use crate::ctx::Ctx;
use crate::error::EvalResult;
use crate::evaluator::Worker;
use crate::frame::FrameSlot;

/// What one slot of an [`EnvFrame`] holds. Two slots are equal when they hold equal values
/// or the same expression (by address) in the same frame.
#[derive(Clone, Debug)]
pub enum EnvSlot<'p> {
    /// Nothing (a slot the expression does not read).
    Empty,
    /// A value.
    Val(Value),
    /// An argument passed by name: `expr`, evaluated in frame `frame` of the same [`Env`]
    /// (an earlier frame, or this one for a `LET` value) each time it is read.
    ByName {
        /// The argument as written.
        expr: &'p Expr,
        /// The frame it is evaluated in (an index into [`Env::frames`]).
        frame: usize,
    },
    /// An operator argument: `expr` (`OpArg` or `LocalOpArg`) made a closure in frame
    /// `frame` (an earlier frame of the same [`Env`]).
    Op {
        /// The argument as written.
        expr: &'p Expr,
        /// The frame it is evaluated in.
        frame: usize,
    },
}

impl PartialEq for EnvSlot<'_> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (EnvSlot::Empty, EnvSlot::Empty) => true,
            (EnvSlot::Val(a), EnvSlot::Val(b)) => a == b,
            (EnvSlot::ByName { expr: a, frame: f }, EnvSlot::ByName { expr: b, frame: g })
            | (EnvSlot::Op { expr: a, frame: f }, EnvSlot::Op { expr: b, frame: g }) => {
                std::ptr::eq(*a, *b) && f == g
            }
            _ => false,
        }
    }
}

impl Eq for EnvSlot<'_> {}

/// One frame: its size (enough slots for every binder evaluated in it) and the slots bound.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EnvFrame<'p> {
    /// How many slots the frame takes (at least `slots.len()`).
    pub size: usize,
    /// The bound slots, from slot 0.
    pub slots: Vec<EnvSlot<'p>>,
}

/// Frames, outermost first; expressions are evaluated in the last one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Env<'p> {
    /// The frames.
    pub frames: Vec<EnvFrame<'p>>,
    /// The instance path of the operator the expressions are written in (`R` for the
    /// fairness of `R!Spec`, empty in the root module). In [`Worker::enabled_in`], the
    /// variables that instance (or an enclosing one) substitutes by expressions are
    /// variables of their own when primed, as in TLC (see `shadow.rs`).
    pub instance: SmolStr,
    /// The module whose text defines that operator (it tells an unnamed instance's
    /// operators from the others with the same path).
    pub module: SmolStr,
}

impl<'p> Worker<'_, 'p> {
    /// Evaluates `expr` in `env` on `state` (and, for an action, the step to `next`).
    pub fn eval_in(
        &mut self,
        expr: &'p Expr,
        env: &Env<'p>,
        state: &[Value],
        next: Option<&[Value]>,
    ) -> EvalResult<Value> {
        let extra = self.slots_used(expr);
        let mut ctx = self.ctx(state, next);
        let r = open_env(&mut ctx, env, extra).and_then(|()| ctx.eval_fast(expr));
        self.finish(ctx);
        r
    }

    /// `ENABLED A` in `env` on `state`, or `ENABLED <<A>>_v` when `vars` is `Some(v)`: some
    /// successor of `state` by the action `action` changes `v`.
    pub fn enabled_in(
        &mut self,
        action: &'p Expr,
        vars: Option<&'p Expr>,
        env: &Env<'p>,
        state: &[Value],
    ) -> EvalResult<bool> {
        let extra = self
            .slots_used(action)
            .max(vars.map_or(0, |v| self.slots_used(v)));
        let mut ctx = self.ctx(state, None);
        let shadowed = crate::shadow::shadowed_in(ctx.ev.program, &env.instance, &env.module);
        let saved_shadowed = std::mem::replace(&mut ctx.shadowed, shadowed);
        let r =
            open_env(&mut ctx, env, extra).and_then(|()| enabled_changing(&mut ctx, action, vars));
        ctx.shadowed = saved_shadowed;
        self.finish(ctx);
        r
    }
}

/// Evaluation of several expressions, each in its own [`Env`], on one state (or step) in
/// one context: the pure zero-parameter operators they share (a `vars` tuple, a definition
/// every predicate calls) are evaluated once. Made by [`Worker::on_state`].
pub struct OnState<'w, 'a, 'e, 'p> {
    worker: &'w mut Worker<'e, 'p>,
    ctx: Option<Ctx<'a, 'p>>,
}

impl<'a, 'p> OnState<'_, 'a, '_, 'p> {
    /// As [`Worker::eval_in`], on this context's state and step.
    pub fn eval_in(&mut self, expr: &'p Expr, env: &Env<'p>) -> EvalResult<Value> {
        let extra = self.worker.slots_used(expr);
        let ctx = self
            .ctx
            .as_mut()
            .expect("the context lives until the session ends");
        open_env(ctx, env, extra).and_then(|()| ctx.eval_fast(expr))
    }

    /// As [`Worker::enabled_in`], on this context's state (which must have no next state).
    pub fn enabled_in(
        &mut self,
        action: &'p Expr,
        vars: Option<&'p Expr>,
        env: &Env<'p>,
    ) -> EvalResult<bool> {
        let extra = self
            .worker
            .slots_used(action)
            .max(vars.map_or(0, |v| self.worker.slots_used(v)));
        let ctx = self
            .ctx
            .as_mut()
            .expect("the context lives until the session ends");
        let shadowed = crate::shadow::shadowed_in(ctx.ev.program, &env.instance, &env.module);
        let saved_shadowed = std::mem::replace(&mut ctx.shadowed, shadowed);
        let r = open_env(ctx, env, extra).and_then(|()| enabled_changing(ctx, action, vars));
        ctx.shadowed = saved_shadowed;
        r
    }
}

impl Drop for OnState<'_, '_, '_, '_> {
    fn drop(&mut self) {
        if let Some(ctx) = self.ctx.take() {
            self.worker.finish(ctx);
        }
    }
}

impl<'e, 'p> Worker<'e, 'p> {
    /// A session evaluating expressions in environments on `state` (and the step to
    /// `next`), sharing one context: see [`OnState`].
    pub fn on_state<'w, 'a>(
        &'w mut self,
        state: &'a [Value],
        next: Option<&'a [Value]>,
    ) -> OnState<'w, 'a, 'e, 'p>
    where
        'e: 'a,
    {
        let ctx = self.ctx(state, next);
        OnState {
            worker: self,
            ctx: Some(ctx),
        }
    }
}

/// Lays `env`'s frames out on the stack and makes the last one current; it gets at least
/// `extra` slots.
fn open_env<'p>(ctx: &mut Ctx<'_, 'p>, env: &Env<'p>, extra: usize) -> EvalResult<()> {
    let mut bases = Vec::with_capacity(env.frames.len());
    let mut top = 0;
    let last = env.frames.len().saturating_sub(1);
    for (i, frame) in env.frames.iter().enumerate() {
        bases.push(top);
        let mut size = frame.size.max(frame.slots.len());
        if i == last {
            size = size.max(extra);
        }
        top += size;
    }
    if env.frames.is_empty() {
        top = extra;
    }
    ctx.stack.clear();
    ctx.stack.resize(top, FrameSlot::Empty);
    for (i, frame) in env.frames.iter().enumerate() {
        for (k, slot) in frame.slots.iter().enumerate() {
            let at = bases[i] + k;
            ctx.stack[at] = match slot {
                EnvSlot::Empty => FrameSlot::Empty,
                EnvSlot::Val(v) => FrameSlot::Val(v.clone()),
                EnvSlot::ByName { expr, frame } => FrameSlot::ByName {
                    expr,
                    base: bases.get(*frame).copied().unwrap_or(bases[i]),
                    cached: None,
                },
                EnvSlot::Op { expr, frame } => {
                    ctx.base = bases.get(*frame).copied().unwrap_or(bases[i]);
                    ctx.eval_arg(expr)?.into()
                }
            };
        }
    }
    ctx.base = bases.last().copied().unwrap_or(0);
    Ok(())
}

fn enabled_changing<'p>(
    ctx: &mut Ctx<'_, 'p>,
    action: &'p Expr,
    vars: Option<&'p Expr>,
) -> EvalResult<bool> {
    let Some(vars) = vars else {
        return ctx.enabled(action);
    };
    let n = ctx.ev.program.vars.len() + ctx.shadowed.len();
    let saved_next = std::mem::replace(&mut ctx.next, vec![None; n]);
    let saved_fixed = ctx.unfix_next();
    let saved_modes = (ctx.init_mode, ctx.in_prime, ctx.assigned);
    (ctx.init_mode, ctx.in_prime, ctx.assigned) = (false, false, 0);
    let saved_test = ctx.changed_test.replace((vars, ctx.base));
    let mut found = false;
    let r = ctx.gen(action, &mut |ctx| {
        if ctx.unchanged_value(vars)? {
            return Ok(true);
        }
        found = true;
        Ok(false)
    });
    ctx.next = saved_next;
    ctx.next_fixed = saved_fixed;
    (ctx.init_mode, ctx.in_prime, ctx.assigned) = saved_modes;
    ctx.changed_test = saved_test;
    r.map(|_| found)
}
