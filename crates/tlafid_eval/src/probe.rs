//! One action of the next-state relation on its own, for trace validation: its successors
//! with some of its parameters fixed to given values, and, when it has none, the conjunct
//! that was false.
//!
//! The walk follows the next-state relation's split structure exactly as
//! [`Evaluator::successors`] does (`\/`, `\E`, `LET`, calls of defined operators), skips the
//! branches that hold no action of that name, binds an `\E` variable passed straight to a
//! fixed parameter (`\E n \in 1..Max : A(n)`) to the given value only, after checking that the
//! value is in the domain, and runs the action with the same generator. So it yields the
//! successors (and [`ActionInfo`]s) the whole relation yields for that action and those
//! parameter values, without running the other actions or enumerating the fixed domains.
//!
//! The false conjunct: the action's body is run conjunct by conjunct (through `/\`, `\E`,
//! `LET` and inlined calls, the rest by the generator); the conjunct that no way of running
//! the action got past, after the most conjuncts that held, is the one reported.

use std::collections::HashMap;

use smol_str::SmolStr;
use tlafid_base::Span;
use tlafid_sema::ir::{Binder, Expr, ExprKind, OpDef, OpId, Slot};
use tlafid_value::Value;

use crate::action::ActionInfo;
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_NO_SPEC, E_UNASSIGNED_AT_END};
use crate::evaluator::Evaluator;
use crate::frame::FrameSlot;
use crate::state::State;

/// The same depth bound as the action splitter's (`action::MAX_SPLIT_DEPTH`).
const MAX_SPLIT_DEPTH: usize = 32;

type Cont<'k, 'a, 'p> = dyn FnMut(&mut Ctx<'a, 'p>) -> EvalResult<bool> + 'k;
type Nodes = HashMap<usize, Node, ahash::RandomState>;

/// What the split structure holds below one node.
#[derive(Clone, Debug, Default)]
struct Node {
    /// Actions (leaves) below it, as [`Evaluator::actions`] counts them.
    leaves: usize,
    /// Whether one of them is the probed action.
    holds: bool,
    /// For an `\E`: its variables passed straight to a parameter of the probed action, with
    /// the parameter's name.
    passed: Vec<(Slot, SmolStr)>,
}

/// One action of an evaluator's next-state relation, by name. See the module docs.
pub struct ActionProbe<'e, 'p> {
    ev: &'e Evaluator<'p>,
    next: OpId,
    name: SmolStr,
    nodes: Nodes,
}

/// A conjunct of an action that no way of running it got past.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FalseConjunct {
    /// The conjunct (or, for a fixed parameter value outside its `\E` domain, the binder).
    pub span: Span,
    /// How many conjuncts held before it, on the way that got furthest.
    pub passed: usize,
    /// The fixed value of an `\E` variable is not in its domain.
    pub outside_domain: bool,
}

impl<'p> Evaluator<'p> {
    /// The action `name` of the next-state relation on its own, or `None` when the relation
    /// has no action of that name.
    pub fn action_probe(&self, name: &str) -> Option<ActionProbe<'_, 'p>> {
        let next = self.next?;
        let mut probe = ActionProbe {
            ev: self,
            next,
            name: name.into(),
            nodes: Nodes::with_hasher(ahash::RandomState::with_seeds(3, 1, 4, 1)),
        };
        let def = self.program.op(next);
        probe.survey(&def.body, def, 0).holds.then_some(probe)
    }
}

fn addr(expr: &Expr) -> usize {
    expr as *const Expr as usize
}

impl<'e, 'p> ActionProbe<'e, 'p> {
    /// The action's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn survey(&mut self, expr: &'p Expr, owner: &'p OpDef, depth: usize) -> Node {
        let leaf = || Node {
            leaves: 1,
            holds: owner.name == self.name,
            passed: Vec::new(),
        };
        let node = match &expr.kind {
            _ if depth > MAX_SPLIT_DEPTH => leaf(),
            ExprKind::Junction { and: false, items } => {
                let mut node = Node::default();
                for item in items {
                    let below = self.survey(item, owner, depth + 1);
                    node.leaves += below.leaves;
                    node.holds |= below.holds;
                }
                node
            }
            ExprKind::LetValue { body, .. } => self.survey(body, owner, depth + 1),
            ExprKind::Quant {
                forall: false,
                body,
                ..
            } => {
                let mut node = self.survey(body, owner, depth + 1);
                node.passed.clear();
                self.passed_slots(body, &mut node.passed);
                node
            }
            _ => match self.ev.inline_call(expr) {
                Some((op, _)) => {
                    let def = self.ev.program.op(op);
                    let mut node = self.survey(&def.body, def, depth + 1);
                    node.passed.clear();
                    node
                }
                None => leaf(),
            },
        };
        self.nodes.insert(addr(expr), node.clone());
        node
    }

    /// Variables passed as bare arguments to a call of the probed action reached through
    /// `\/`, `LET` and `\E`, with the parameter they bind.
    fn passed_slots(&self, expr: &Expr, out: &mut Vec<(Slot, SmolStr)>) {
        match &expr.kind {
            ExprKind::Junction { and: false, items } => {
                items.iter().for_each(|i| self.passed_slots(i, out))
            }
            ExprKind::LetValue { body, .. }
            | ExprKind::Quant {
                forall: false,
                body,
                ..
            } => self.passed_slots(body, out),
            _ => {
                let Some((op, args)) = self.ev.inline_call(expr) else {
                    return;
                };
                let def = self.ev.program.op(op);
                if def.name != self.name {
                    return;
                }
                for (index, arg) in args.iter().enumerate().skip(def.captured) {
                    if let (ExprKind::Local(slot), Some(param)) = (&arg.kind, def.params.get(index))
                    {
                        if !out.iter().any(|(s, _)| s == slot) {
                            out.push((*slot, param.name.clone()));
                        }
                    }
                }
            }
        }
    }

    /// Calls `emit` for every successor of `state` by this action whose parameters named in
    /// `fixed` have the given values (parameters passed through expressions other than bare
    /// `\E` variables are checked when the action's operator is called).
    pub fn successors(
        &self,
        state: &State,
        fixed: &[(String, Value)],
        emit: &mut dyn FnMut(ActionInfo, State),
    ) -> EvalResult<()> {
        let mut leaf = |ctx: &mut Ctx<'_, 'p>, expr: &'p Expr, at: Leaf<'_, 'p>| {
            let mut info: Option<ActionInfo> = None;
            let Leaf {
                owner,
                index,
                params,
            } = at;
            ctx.gen(expr, &mut |ctx| {
                let state = complete_state(ctx, owner)?;
                let info = info.get_or_insert_with(|| ActionInfo {
                    index,
                    params: params.into(),
                });
                emit(info.clone(), state);
                Ok(true)
            })?;
            Ok(())
        };
        self.run(state, fixed, &mut leaf, &mut |_, _| {})
    }

    /// When the action has no successor in `state` with the `fixed` parameter values: the
    /// conjunct no way of running it got past (after the most conjuncts that held). `None`
    /// when it has a successor, or when nothing of it ran (no binding of its `\E`s).
    pub fn false_conjunct(
        &self,
        state: &State,
        fixed: &[(String, Value)],
    ) -> EvalResult<Option<FalseConjunct>> {
        let explain = Explain {
            best: Default::default(),
        };
        let mut succeeded = false;
        let mut leaf = |ctx: &mut Ctx<'_, 'p>, expr: &'p Expr, _: Leaf<'_, 'p>| {
            explain.conjunct(ctx, expr, 0, &mut |_| {
                succeeded = true;
                Ok(false)
            })?;
            Ok(())
        };
        let mut outside = None;
        self.run(state, fixed, &mut leaf, &mut |span, _| {
            outside.get_or_insert(span);
        })?;
        if succeeded {
            return Ok(None);
        }
        Ok(explain
            .best
            .into_inner()
            .or(outside.map(|span| FalseConjunct {
                span,
                passed: 0,
                outside_domain: true,
            })))
    }

    fn run(
        &self,
        state: &State,
        fixed: &[(String, Value)],
        leaf: &mut LeafFn<'_, 'p>,
        outside: &mut dyn FnMut(Span, &Value),
    ) -> EvalResult<()> {
        let nvars = self.ev.program.vars.len();
        if state.values().len() != nvars {
            return Err(EvalError::new(
                E_NO_SPEC,
                "the state does not have one value per variable",
                Span::default(),
            ));
        }
        let mut ctx = Ctx::new(self.ev, Vec::new(), state.values(), vec![None; nvars]);
        let def: &'p OpDef = self.ev.program.op(self.next);
        let saved = ctx.push_frame(self.next, &[], def.span)?;
        let mut walk = Walk {
            index: 0,
            owner: def,
            params: Vec::new(),
            fixed,
            leaf,
            outside,
        };
        let r = self.walk(&mut ctx, &def.body, &mut walk, 0);
        ctx.pop_frame(saved);
        r
    }

    fn walk(
        &self,
        ctx: &mut Ctx<'_, 'p>,
        expr: &'p Expr,
        walk: &mut Walk<'_, 'p>,
        depth: usize,
    ) -> EvalResult<()> {
        let node = self.nodes.get(&addr(expr));
        if node.is_none_or(|n| !n.holds) {
            walk.index += node.map_or(1, |n| n.leaves);
            return Ok(());
        }
        match &expr.kind {
            _ if depth > MAX_SPLIT_DEPTH => self.leaf(ctx, expr, walk),
            ExprKind::Junction { and: false, items } => items
                .iter()
                .try_for_each(|item| self.walk(ctx, item, walk, depth + 1)),
            ExprKind::LetValue { slot, value, body } => {
                ctx.bind(*slot, FrameSlot::Thunk(value));
                self.walk(ctx, body, walk, depth + 1)
            }
            ExprKind::Quant {
                forall: false,
                binders,
                body,
            } => {
                let passed = node.map_or(&[][..], |n| n.passed.as_slice());
                self.walk_exists(ctx, binders, body, passed, walk, depth)
            }
            _ => match self.ev.inline_call(expr) {
                Some((op, args)) => self.walk_call(ctx, expr, op, args, walk, depth),
                None => self.leaf(ctx, expr, walk),
            },
        }
    }

    fn leaf(
        &self,
        ctx: &mut Ctx<'_, 'p>,
        expr: &'p Expr,
        walk: &mut Walk<'_, 'p>,
    ) -> EvalResult<()> {
        let r = if walk.owner.name == self.name {
            let at = Leaf {
                owner: walk.owner,
                index: walk.index,
                params: &walk.params,
            };
            (walk.leaf)(ctx, expr, at)
        } else {
            Ok(())
        };
        walk.index += 1;
        r
    }

    fn walk_exists(
        &self,
        ctx: &mut Ctx<'_, 'p>,
        binders: &'p [Binder],
        body: &'p Expr,
        passed: &[(Slot, SmolStr)],
        walk: &mut Walk<'_, 'p>,
        depth: usize,
    ) -> EvalResult<()> {
        let start = walk.index;
        let count = self.nodes.get(&addr(body)).map_or(1, |n| n.leaves);
        let names: Vec<(SmolStr, Slot)> = binders
            .iter()
            .flat_map(|b| b.names.iter().cloned().zip(b.slots.iter().copied()))
            .collect();
        let depth_params = walk.params.len();
        let restrict: Vec<(Slot, Value)> = passed
            .iter()
            .filter_map(|(slot, param)| {
                let (_, value) = walk.fixed.iter().find(|(p, _)| p == param.as_str())?;
                Some((*slot, value.clone()))
            })
            .collect();
        let mut body_walk = |ctx: &mut Ctx<'_, 'p>, walk: &mut Walk<'_, 'p>| {
            walk.index = start;
            walk.params.truncate(depth_params);
            for (name, slot) in &names {
                if let Some(FrameSlot::Val(v)) = ctx.stack.get(ctx.base + slot.0 as usize) {
                    walk.params.push((name.clone(), v.clone()));
                }
            }
            self.walk(ctx, body, walk, depth + 1)?;
            Ok(true)
        };
        let simple = binders.iter().all(|b| !b.tuple && b.domain.is_some());
        if restrict.is_empty() || !simple {
            ctx.for_each_binding(binders, &mut |ctx| body_walk(ctx, walk))?;
        } else {
            let slots: Vec<(&'p Binder, Slot)> = binders
                .iter()
                .flat_map(|b| b.slots.iter().map(move |s| (b, *s)))
                .collect();
            bind_restricted(ctx, &slots, &restrict, walk, &mut body_walk)?;
        }
        walk.params.truncate(depth_params);
        walk.index = start + count;
        Ok(())
    }

    fn walk_call(
        &self,
        ctx: &mut Ctx<'_, 'p>,
        expr: &'p Expr,
        op: OpId,
        args: &'p [Expr],
        walk: &mut Walk<'_, 'p>,
        depth: usize,
    ) -> EvalResult<()> {
        let def: &'p OpDef = self.ev.program.op(op);
        let saved = ctx.push_frame(op, args, expr.span)?;
        let (owner, depth_params) = (walk.owner, walk.params.len());
        let mut fits = true;
        for (k, p) in def.params.iter().enumerate().skip(def.captured) {
            if let FrameSlot::Val(v) = &ctx.stack[ctx.base + k] {
                if def.name == self.name {
                    let wanted = walk.fixed.iter().find(|(n, _)| n == p.name.as_str());
                    fits &= wanted.is_none_or(|(_, w)| w == v);
                }
                walk.params.push((p.name.clone(), v.clone()));
            }
        }
        walk.owner = def;
        let r = if fits {
            self.walk(ctx, &def.body, walk, depth + 1)
        } else {
            walk.index += self.nodes.get(&addr(&def.body)).map_or(1, |n| n.leaves);
            Ok(())
        };
        walk.owner = owner;
        walk.params.truncate(depth_params);
        ctx.pop_frame(saved);
        r
    }
}

/// Where a leaf of the probed action is: its operator, its index in
/// [`Evaluator::actions`], and the parameters bound on the way.
struct Leaf<'l, 'p> {
    owner: &'p OpDef,
    index: usize,
    params: &'l [(SmolStr, Value)],
}

/// What runs at a leaf of the probed action.
type LeafFn<'l, 'p> = dyn FnMut(&mut Ctx<'_, 'p>, &'p Expr, Leaf<'_, 'p>) -> EvalResult<()> + 'l;

/// The walk to the probed action: where it is in [`Evaluator::actions`], the parameters
/// bound so far, and what to do at its leaves and when a fixed value is outside its domain.
struct Walk<'w, 'p> {
    index: usize,
    owner: &'p OpDef,
    params: Vec<(SmolStr, Value)>,
    fixed: &'w [(String, Value)],
    leaf: &'w mut LeafFn<'w, 'p>,
    outside: &'w mut dyn FnMut(Span, &Value),
}

/// Binds `slots` in order, each to every element of its domain, or, for a slot in
/// `restrict`, to its value only when the domain holds it; calls `body` for each binding.
fn bind_restricted<'p>(
    ctx: &mut Ctx<'_, 'p>,
    slots: &[(&'p Binder, Slot)],
    restrict: &[(Slot, Value)],
    walk: &mut Walk<'_, 'p>,
    body: &mut dyn FnMut(&mut Ctx<'_, 'p>, &mut Walk<'_, 'p>) -> EvalResult<bool>,
) -> EvalResult<()> {
    let Some(((binder, slot), rest)) = slots.split_first() else {
        body(ctx, walk)?;
        return Ok(());
    };
    let domain = binder.domain.as_ref().expect("checked: bounded");
    let set = ctx.eval(domain)?;
    ctx.expect_set(&set, domain.span)?;
    if let Some((_, value)) = restrict.iter().find(|(s, _)| s == slot) {
        if ctx.value(set.contains(value), domain.span)? {
            ctx.bind_value(*slot, value.clone());
            bind_restricted(ctx, rest, restrict, walk, body)?;
        } else {
            (walk.outside)(binder.span, value);
        }
        return Ok(());
    }
    for elem in ctx.value(set.iter_set(), domain.span)? {
        ctx.tick(domain.span)?;
        ctx.bind_value(*slot, elem.into_owned());
        bind_restricted(ctx, rest, restrict, walk, body)?;
    }
    Ok(())
}

/// The state the generator assigned, or an error naming a variable the action left out.
fn complete_state(ctx: &Ctx<'_, '_>, owner: &OpDef) -> EvalResult<State> {
    let mut values = Vec::with_capacity(ctx.next.len());
    for (i, v) in ctx.next.iter().enumerate() {
        match v {
            Some(v) => values.push(Value::clone(v)),
            None => {
                let var = &ctx.ev.program.vars[i].name;
                return Err(EvalError::new(
                    E_UNASSIGNED_AT_END,
                    format!("the action {} does not assign the variable {var}", owner.name),
                    owner.span,
                )
                .with_hint("every variable must be given a value (use UNCHANGED for those that keep theirs)"));
            }
        }
    }
    Ok(State::new(values.into_boxed_slice()))
}

/// Runs an action conjunct by conjunct, keeping the furthest conjunct nothing got past.
struct Explain {
    best: std::cell::RefCell<Option<FalseConjunct>>,
}

impl Explain {
    fn record(&self, span: Span, passed: usize) {
        let mut best = self.best.borrow_mut();
        if best.as_ref().is_none_or(|b| passed > b.passed) {
            *best = Some(FalseConjunct {
                span,
                passed,
                outside_domain: false,
            });
        }
    }

    fn conjunct<'a, 'p>(
        &self,
        ctx: &mut Ctx<'a, 'p>,
        expr: &'p Expr,
        passed: usize,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        match &expr.kind {
            ExprKind::Junction { and: true, items } => self.all(ctx, items, passed, k),
            ExprKind::Quant {
                forall: false,
                binders,
                body,
            } => {
                let scope: Vec<Slot> = binders
                    .iter()
                    .flat_map(|b| b.slots.iter().copied())
                    .collect();
                let mut bound = false;
                ctx.for_each_binding(binders, &mut |ctx| {
                    bound = true;
                    self.conjunct(ctx, body, passed, &mut |ctx| resume(ctx, &scope, k))
                })?;
                if !bound {
                    self.record(expr.span, passed);
                }
                Ok(true)
            }
            ExprKind::LetValue { slot, value, body } => {
                ctx.bind(*slot, FrameSlot::Thunk(value));
                let scope = [*slot];
                self.conjunct(ctx, body, passed, &mut |ctx| resume(ctx, &scope, k))
            }
            _ => match ctx.ev.inline_call(expr) {
                Some((op, args)) => {
                    let def: &'p OpDef = ctx.ev.program.op(op);
                    let caller_base = ctx.push_frame(op, args, expr.span)?;
                    let r = self.conjunct(ctx, &def.body, passed, &mut |ctx| {
                        let callee_base = std::mem::replace(&mut ctx.base, caller_base);
                        let r = k(ctx);
                        ctx.base = callee_base;
                        r
                    });
                    ctx.pop_frame(caller_base);
                    r
                }
                None => {
                    let mut through = false;
                    let r = ctx.gen(expr, &mut |ctx| {
                        through = true;
                        k(ctx)
                    })?;
                    if !through {
                        self.record(expr.span, passed);
                    }
                    Ok(r)
                }
            },
        }
    }

    fn all<'a, 'p>(
        &self,
        ctx: &mut Ctx<'a, 'p>,
        items: &'p [Expr],
        passed: usize,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        match items.split_first() {
            None => k(ctx),
            Some((first, rest)) => self.conjunct(ctx, first, passed, &mut |ctx| {
                crate::call::grow_stack(|| self.all(ctx, rest, passed + 1, k))
            }),
        }
    }
}

/// Runs `k` outside a scope whose slots it may reuse, then restores them (as the generator
/// does: it comes back into the scope for its other branches).
fn resume<'a, 'p>(
    ctx: &mut Ctx<'a, 'p>,
    scope: &[Slot],
    k: &mut Cont<'_, 'a, 'p>,
) -> EvalResult<bool> {
    let saved: Vec<FrameSlot<'p>> = scope
        .iter()
        .map(|s| {
            ctx.stack
                .get(ctx.base + s.0 as usize)
                .cloned()
                .unwrap_or_default()
        })
        .collect();
    let r = k(ctx);
    for (slot, old) in scope.iter().zip(saved) {
        ctx.bind(*slot, old);
    }
    r
}
