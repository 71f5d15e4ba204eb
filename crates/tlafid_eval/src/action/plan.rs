//! Compiled actions: each action of the next-state relation turned, once per evaluator, into
//! a [`Plan`] that runs what the generator ([`Ctx::gen`], `generate.rs`) would run, with its
//! decisions taken ahead: which conjunct assigns which primed variable, which variables an
//! `UNCHANGED` names, which operator a call inlines, and the compiled node of every guard and
//! assigned value (no lookup by address at each evaluation).
//!
//! A conjunction runs its conjuncts that cannot branch (guards, `x' = e`, `UNCHANGED`, and
//! `IF`, `CASE` or `=>` choosing one of those) in a loop, assigning in place and undoing
//! afterwards; only a conjunct that branches (`\/`, `\E`, `x' \in S`, `LET`, an inlined call)
//! takes the rest of the conjunction as its continuation. Once every variable is assigned the
//! remaining conjuncts are only tested, as the generator's `gen_pending` does (TLC's fast
//! path, which its counts reflect). Whatever a plan does not cover is [`Plan::Gen`]: the
//! generator runs it, with the same continuation. Plans are only run by the successor
//! generator (never in the initial predicate, `ENABLED` or a trace probe), and not at all in
//! a program with an action composition (`\cdot`, which counts pending conjuncts).

use std::borrow::Cow;
use std::collections::HashMap;

use tlafid_base::Span;
use tlafid_sema::ir::{Binder, Builtin, Expr, ExprKind, OpId, Slot};
use tlafid_value::Value;

use super::{each_split_node, Cont, MAX_SPLIT_DEPTH};
use crate::builtins::values_equal;
use crate::call::grow_stack;
use crate::compile::{Node, NodeBuilder};
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_INTERRUPTED};
use crate::evaluator::Evaluator;
use crate::frame::FrameSlot;

/// The plans of a next-state relation's actions, by the address of the action's expression;
/// each also by an index, which the splitter's tree (`tree.rs`) holds.
#[derive(Default)]
pub(crate) struct Plans<'p> {
    plans: Vec<Plan<'p>>,
    by_action: HashMap<usize, PlanId, ahash::RandomState>,
    /// The plans of actions the splitter walks once their shared guard held and their key
    /// was their label (`shared.rs`), without those two tests, by the address of the
    /// action's body (see [`Builder::after_ahead`]).
    after_ahead: HashMap<usize, PlanId, ahash::RandomState>,
    /// Calls of actions whose first conjunct is a guard that can be tested on the caller's
    /// slots, before the call's frame is opened, by the address of the call.
    guarded_calls: HashMap<usize, GuardedId, ahash::RandomState>,
    guarded: Vec<GuardedCall<'p>>,
}

/// A plan of [`Plans`], by its index.
pub(crate) type PlanId = u32;

/// A [`GuardedCall`] of [`Plans`], by its index.
pub(crate) type GuardedId = u32;

/// A call `A(p, q)` of an action `A(a, b) == G1 /\ G2 /\ B /\ ...` whose arguments are
/// the caller's consecutive slots and whose leading guards `G1`, `G2`, ... each read only
/// its parameters and bind nothing (`shared::aliased_args`): the splitter tests them in
/// order on the caller's slots ([`Ctx::test_aliased`]), counts the action without opening
/// its frame when one is false, and otherwise runs `after`, the action's plan without them.
pub(crate) struct GuardedCall<'p> {
    /// The caller's slot of the first argument.
    pub start: u32,
    /// The number of arguments.
    pub len: usize,
    /// `G1`, `G2`, ..., compiled in the action's frame (at least one).
    pub guards: Box<[Node<'p>]>,
    /// The action's body (the splitter's leaf).
    pub body: &'p Expr,
    /// The plan of `B /\ ...`.
    pub after: Plan<'p>,
}

impl<'p> Plans<'p> {
    /// Plans every action of `next` (none in a program with an action composition).
    pub fn new(ev: &Evaluator<'p>, next: OpId) -> Plans<'p> {
        let seeds = || ahash::RandomState::with_seeds(21, 22, 23, 24);
        let mut plans = Plans {
            plans: Vec::new(),
            by_action: HashMap::with_hasher(seeds()),
            after_ahead: HashMap::with_hasher(seeds()),
            guarded_calls: HashMap::with_hasher(seeds()),
            guarded: Vec::new(),
        };
        if ev.program.ops.iter().any(|op| mentions_cdot(&op.body)) {
            return plans;
        }
        let mut builder = Builder {
            ev,
            nodes: NodeBuilder::new(ev),
            budget: MAX_PLAN_NODES,
        };
        let body = &ev.program.op(next).body;
        let (mut actions, mut calls) = (Vec::new(), Vec::new());
        each_split_node(ev, body, 0, &mut |e, _| {
            let call = ev.inline_call(e).is_some();
            let walked = matches!(
                e.kind,
                ExprKind::Junction { and: false, .. }
                    | ExprKind::LetValue { .. }
                    | ExprKind::Quant { forall: false, .. }
            ) || call;
            if !walked {
                actions.push(e);
            }
            if call {
                calls.push(e);
            }
        });
        for e in actions {
            let plan = counted(ev, builder.plan(e, 0));
            if !matches!(plan, Plan::Gen(_)) {
                let id = plans.push(plan);
                plans.by_action.insert(e as *const Expr as usize, id);
            }
        }
        for disjunction in ev.disjunctions.iter() {
            let super::Disjunction::Shared(shared) = disjunction else {
                continue;
            };
            for item in shared.labelled_arms() {
                let Some((op, _)) = ev.inline_call(item) else {
                    continue;
                };
                let body: &'p Expr = &ev.program.op(op).body;
                if let Some(plan) = builder.after_ahead(body) {
                    let id = plans.push(counted(ev, plan));
                    plans.after_ahead.insert(body as *const Expr as usize, id);
                }
            }
        }
        for call in calls {
            if let Some(guarded) = builder.guarded_call(call) {
                let id = GuardedId::try_from(plans.guarded.len()).expect("fewer than u32::MAX");
                plans.guarded.push(guarded);
                plans.guarded_calls.insert(call as *const Expr as usize, id);
            }
        }
        plans
    }

    fn push(&mut self, plan: Plan<'p>) -> PlanId {
        let id = PlanId::try_from(self.plans.len()).expect("fewer plans than u32::MAX");
        self.plans.push(plan);
        id
    }

    /// The index of what is known of the call `expr` of an action, if its guard can be
    /// tested before its frame is opened.
    pub fn guarded_call_id(&self, expr: &Expr) -> Option<GuardedId> {
        self.guarded_calls
            .get(&(expr as *const Expr as usize))
            .copied()
    }

    /// The guarded call `id` (from [`Plans::guarded_call_id`]).
    pub fn guarded_call(&self, id: GuardedId) -> &GuardedCall<'p> {
        &self.guarded[id as usize]
    }

    /// The plan of the action `expr`, if it has one.
    pub fn get(&self, expr: &Expr) -> Option<&Plan<'p>> {
        self.plan_id(expr).map(|id| self.plan(id))
    }

    /// The index of the plan of the action `expr`, if it has one.
    pub fn plan_id(&self, expr: &Expr) -> Option<PlanId> {
        if self.by_action.is_empty() {
            return None;
        }
        self.by_action.get(&(expr as *const Expr as usize)).copied()
    }

    /// The index of the plan of the action `expr` (an action's body) to run once its shared
    /// guard held and its key was its label, if it has one.
    pub fn after_ahead_id(&self, expr: &Expr) -> Option<PlanId> {
        self.after_ahead
            .get(&(expr as *const Expr as usize))
            .copied()
    }

    /// The plan `id` (from [`Plans::plan_id`] or [`Plans::after_ahead_id`]).
    pub fn plan(&self, id: PlanId) -> &Plan<'p> {
        &self.plans[id as usize]
    }
}

/// The most plan nodes built for one evaluator (inlined bodies are planned again at each
/// call site); past it, what is left is run by the generator.
const MAX_PLAN_NODES: usize = 200_000;

/// An action, or a part of one, as the generator would run it.
pub(crate) enum Plan<'p> {
    /// Left to the generator.
    Gen(&'p Expr),
    /// `A /\ B /\ ...`.
    And(Vec<Conjunct<'p>>),
    /// `A \/ B \/ ...`: each in turn, with the same continuation.
    Or(Vec<Plan<'p>>),
    /// `\E x \in S, ... : A`: `A` once per binding, in TLC's order; `one` is the slot,
    /// domain and domain's span of a single untupled variable.
    Exists {
        binders: &'p [Binder],
        one: Option<(Slot, Node<'p>, Span)>,
        scope: Vec<Slot>,
        body: Box<Plan<'p>>,
    },
    /// `\A x \in S, ... : A`: `A` for every binding, as a conjunction (each binding's
    /// instance may branch); `one` as [`Plan::Exists`]'s (what [`Plan::Counted`] loops on).
    Forall {
        binders: &'p [Binder],
        one: Option<(Slot, Node<'p>, Span)>,
        scope: Vec<Slot>,
        body: Box<Conjunct<'p>>,
    },
    /// `P => A`.
    Implies(Node<'p>, Box<Plan<'p>>),
    /// `IF c THEN A ELSE B`.
    If(Node<'p>, Box<Plan<'p>>, Box<Plan<'p>>),
    /// `CASE g1 -> A1 [] ... [] OTHER -> B`.
    Case {
        arms: Vec<(Node<'p>, Plan<'p>)>,
        other: Option<Box<Plan<'p>>>,
        span: Span,
    },
    /// `LET x == e IN A`.
    Let {
        slot: Slot,
        value: &'p Expr,
        body: Box<Plan<'p>>,
    },
    /// A call of a defined operator, run in its own frame.
    Inline {
        op: OpId,
        args: &'p [Expr],
        span: Span,
        body: Box<Plan<'p>>,
    },
    /// A state or action predicate.
    Guard(Node<'p>),
    /// `x = e`, `x \in S` or `x \subseteq S` (or `x'` on the left) whose `x` is a frame
    /// slot: a guard, `test`, unless the slot holds an argument passed by name or a `LET`
    /// definition (whose expression may be a variable it assigns), which the generator
    /// runs as `expr` (as it decides for `Exit(p)`'s `p \in crit`, a guard for any `p` an
    /// `\E` binds).
    LocalGuard {
        slot: Slot,
        test: Node<'p>,
        expr: &'p Expr,
    },
    /// `x' = e`: assigns `x'` when it is not yet, else compares.
    Eq {
        var: usize,
        value: Node<'p>,
        span: Span,
    },
    /// `x' \in S`: one branch per element when `x'` is not assigned yet, else `test`.
    In {
        var: usize,
        set: Node<'p>,
        set_span: Span,
        test: Node<'p>,
    },
    /// `UNCHANGED` of these variables (a tuple of them, nested, or an operator whose body is).
    Unchanged(Vec<usize>),
    /// A part that branches (an `\E`, `\/`, `\A`, `LET` or call) but has no effect: every
    /// leaf a [`Plan::Guard`], under `/\`, `\/`, `\E`, `\A`, `=>`, `IF`, `CASE`, `LET` and
    /// calls. Its branches differ only in its bound variables, which the rest of the action
    /// cannot read, so where the generator would branch it is counted instead
    /// ([`Ctx::count`]: each binding's instance evaluated once, with plain loops) and the
    /// rest runs that many times in a row: the same successors in the same order, so the
    /// same generated count. Once every variable is assigned, and in `ENABLED` (which stops
    /// at its first successor), it branches as its plan does.
    Counted(Box<Plan<'p>>),
}

/// One conjunct of a conjunction: how it is run, and the test it becomes once every
/// variable is assigned.
pub(crate) struct Conjunct<'p> {
    pub(super) plan: Plan<'p>,
    pub(super) test: Node<'p>,
}

struct Builder<'e, 'p> {
    ev: &'e Evaluator<'p>,
    nodes: NodeBuilder<'e, 'p>,
    /// Plan nodes that may still be built.
    budget: usize,
}

/// What the left side of `x' = e` (or `\in`) assigns, as the generator's `target` finds it
/// outside the initial predicate, primes and `ENABLED`.
enum Target {
    Var(usize),
    /// Not an assignable variable: the conjunct is a guard.
    None,
    /// Decided by what a frame slot holds when it runs (an argument passed by name, a `LET`).
    Dynamic,
}

impl<'p> Builder<'_, 'p> {
    fn plan(&mut self, e: &'p Expr, depth: usize) -> Plan<'p> {
        if depth > MAX_SPLIT_DEPTH || self.budget == 0 {
            return Plan::Gen(e);
        }
        self.budget -= 1;
        let depth = depth + 1;
        match &e.kind {
            ExprKind::Junction { and: true, items } => Plan::And(
                items
                    .iter()
                    .map(|item| Conjunct {
                        plan: self.plan(item, depth),
                        test: self.nodes.root(item),
                    })
                    .collect(),
            ),
            ExprKind::Junction { and: false, items } => {
                Plan::Or(items.iter().map(|item| self.plan(item, depth)).collect())
            }
            ExprKind::Quant {
                forall: false,
                binders,
                body,
            } => Plan::Exists {
                binders,
                one: self.one_binder(binders),
                scope: binders
                    .iter()
                    .flat_map(|b| b.slots.iter().copied())
                    .collect(),
                body: Box::new(self.plan(body, depth)),
            },
            ExprKind::Quant {
                forall: true,
                binders,
                body,
            } => match self.plan(body, depth) {
                // Each instance of a guard is only tested, as the whole `\A` is (its
                // domains first, then its bindings in order, stopping at the first false):
                // the bindings are not collected, nor each instance stepped.
                Plan::Guard(_) => Plan::Guard(self.nodes.root(e)),
                plan => Plan::Forall {
                    binders,
                    one: self.one_binder(binders),
                    scope: binders
                        .iter()
                        .flat_map(|b| b.slots.iter().copied())
                        .collect(),
                    body: Box::new(Conjunct {
                        plan,
                        test: self.nodes.root(body),
                    }),
                },
            },
            ExprKind::Builtin(Builtin::Implies, args) if args.len() == 2 => Plan::Implies(
                self.nodes.root(&args[0]),
                Box::new(self.plan(&args[1], depth)),
            ),
            ExprKind::Builtin(Builtin::SubsetEq, args) if args.len() == 2 => {
                match target(&args[0], false) {
                    Target::None => Plan::Guard(self.nodes.root(e)),
                    Target::Dynamic => self.local_guard(e, &args[0]),
                    Target::Var(_) => Plan::Gen(e),
                }
            }
            ExprKind::Builtin(Builtin::Eq, args) if args.len() == 2 => {
                match target(&args[0], false) {
                    Target::Var(var) => Plan::Eq {
                        var,
                        value: self.nodes.root(&args[1]),
                        span: e.span,
                    },
                    Target::None => Plan::Guard(self.nodes.root(e)),
                    Target::Dynamic => self.local_guard(e, &args[0]),
                }
            }
            ExprKind::Builtin(Builtin::In, args) if args.len() == 2 => {
                match target(&args[0], false) {
                    Target::Var(var) => Plan::In {
                        var,
                        set: self.nodes.root(&args[1]),
                        set_span: args[1].span,
                        test: self.nodes.root(e),
                    },
                    Target::None => Plan::Guard(self.nodes.root(e)),
                    Target::Dynamic => self.local_guard(e, &args[0]),
                }
            }
            ExprKind::Builtin(Builtin::Cdot, _) => Plan::Gen(e),
            ExprKind::Builtin(Builtin::Unchanged, args) if args.len() == 1 => {
                let mut vars = Vec::new();
                if self.unchanged_vars(&args[0], &mut vars, depth) {
                    Plan::Unchanged(vars)
                } else {
                    Plan::Gen(e)
                }
            }
            ExprKind::If(c, a, b) => Plan::If(
                self.nodes.root(c),
                Box::new(self.plan(a, depth)),
                Box::new(self.plan(b, depth)),
            ),
            ExprKind::Case { arms, other } => Plan::Case {
                arms: arms
                    .iter()
                    .map(|(guard, arm)| (self.nodes.root(guard), self.plan(arm, depth)))
                    .collect(),
                other: other.as_deref().map(|o| Box::new(self.plan(o, depth))),
                span: e.span,
            },
            ExprKind::LetValue { slot, value, body } => Plan::Let {
                slot: *slot,
                value,
                body: Box::new(self.plan(body, depth)),
            },
            ExprKind::Local(_) => Plan::Gen(e),
            _ if self.ev.inline_call(e).is_some() => {
                let (op, args) = self.ev.inline_call(e).expect("checked");
                let body: &'p Expr = &self.ev.program.op(op).body;
                Plan::Inline {
                    op,
                    args,
                    span: e.span,
                    body: Box::new(self.plan(body, depth)),
                }
            }
            ExprKind::FnApp(..) | ExprKind::BoxAction(..) | ExprKind::AngleAction(..) => {
                Plan::Gen(e)
            }
            _ => Plan::Guard(self.nodes.root(e)),
        }
    }

    /// The slot, compiled domain and domain's span of `binders` when they are a single
    /// untupled variable with a domain.
    fn one_binder(&mut self, binders: &'p [Binder]) -> Option<(Slot, Node<'p>, Span)> {
        match binders {
            [Binder {
                slots,
                tuple: false,
                domain: Some(domain),
                ..
            }] if slots.len() == 1 => Some((slots[0], self.nodes.root(domain), domain.span)),
            _ => None,
        }
    }

    /// [`Plan::LocalGuard`] of the conjunct `e` whose left side `lhs` is a frame slot (or
    /// one primed), else [`Plan::Gen`].
    fn local_guard(&mut self, e: &'p Expr, lhs: &'p Expr) -> Plan<'p> {
        let slot = match &lhs.kind {
            ExprKind::Local(slot) => *slot,
            ExprKind::Prime(inner) => match inner.kind {
                ExprKind::Local(slot) => slot,
                _ => return Plan::Gen(e),
            },
            _ => return Plan::Gen(e),
        };
        Plan::LocalGuard {
            slot,
            test: self.nodes.root(e),
            expr: e,
        }
    }

    /// The plan of an action's `body` (`G /\ LET m == ... IN (m.type = "ack" /\ A) /\ B`)
    /// without its first conjunct `G` and the first conjunct of its `LET`'s body (the
    /// label's test), for when the splitter has tested both ahead and found them true
    /// (`shared.rs`: the run's guard, the same expression with the same arguments, and the
    /// run's key, equal to this action's label). Both have no effect and hold, so the
    /// rest runs as in the whole plan; the `LET` values are evaluated when first read.
    /// `None` for any other shape.
    fn after_ahead(&mut self, body: &'p Expr) -> Option<Plan<'p>> {
        let ExprKind::Junction { and: true, items } = &body.kind else {
            return None;
        };
        let [guard, second, rest @ ..] = items.as_slice() else {
            return None;
        };
        if matches!(guard.kind, ExprKind::Junction { .. }) {
            return None;
        }
        let (inner, lets) = super::dispatch::under_lets(second);
        if lets.is_empty() {
            return None;
        }
        let ExprKind::Junction {
            and: true,
            items: inner_items,
        } = &inner.kind
        else {
            return None;
        };
        let [test, inner_rest @ ..] = inner_items.as_slice() else {
            return None;
        };
        if matches!(test.kind, ExprKind::Junction { .. }) {
            return None;
        }
        let mut plan = Plan::And(self.conjuncts(inner_rest));
        for (slot, value) in lets.into_iter().rev() {
            plan = Plan::Let {
                slot,
                value,
                body: Box::new(plan),
            };
        }
        let mut conjuncts = vec![Conjunct {
            plan,
            test: self.nodes.root(second),
        }];
        conjuncts.extend(self.conjuncts(rest));
        Some(Plan::And(conjuncts))
    }

    /// The [`GuardedCall`] of the call `call` of an action, when it is one: the action's
    /// body is a conjunction (one action, the splitter's leaf), planned (the budget not
    /// spent), whose leading conjuncts (at least the first) plan as guards that stay in the
    /// current state and read only the parameters, passed as the caller's consecutive slots.
    fn guarded_call(&mut self, call: &'p Expr) -> Option<GuardedCall<'p>> {
        let (op, args) = self.ev.inline_call(call)?;
        let body: &'p Expr = &self.ev.program.op(op).body;
        let ExprKind::Junction { and: true, items } = &body.kind else {
            return None;
        };
        let mut start = None;
        let mut guards = Vec::new();
        for guard in items {
            if self.budget == 0
                || matches!(guard.kind, ExprKind::Junction { .. })
                || !self.ev.stays_in_state(guard)
            {
                break;
            }
            let Some(at) = super::shared::aliased_args(args, guard) else {
                break;
            };
            // A guard on a parameter (`t \in tx`) is a guard here: the aliased slots hold
            // values, never an expression the generator would run.
            if !matches!(
                self.plan(guard, 1),
                Plan::Guard(_) | Plan::LocalGuard { .. }
            ) {
                break;
            }
            start = Some(at);
            guards.push(self.nodes.root(guard));
        }
        let rest = &items[guards.len()..];
        Some(GuardedCall {
            start: start?,
            len: args.len(),
            guards: guards.into(),
            body,
            after: counted(self.ev, Plan::And(self.conjuncts(rest))),
        })
    }

    fn conjuncts(&mut self, items: &'p [Expr]) -> Vec<Conjunct<'p>> {
        items
            .iter()
            .map(|item| Conjunct {
                plan: self.plan(item, 1),
                test: self.nodes.root(item),
            })
            .collect()
    }

    /// Adds to `vars` the variables `UNCHANGED e` names when `e` is a variable, a tuple of
    /// such, or a call without arguments of an operator whose body is; `false` for anything
    /// else (the generator runs it).
    fn unchanged_vars(&self, e: &'p Expr, vars: &mut Vec<usize>, depth: usize) -> bool {
        if depth > MAX_SPLIT_DEPTH {
            return false;
        }
        match &e.kind {
            ExprKind::Var { var, primed: false } => {
                vars.push(var.0 as usize);
                true
            }
            ExprKind::Tuple(items) => items
                .iter()
                .all(|item| self.unchanged_vars(item, vars, depth + 1)),
            ExprKind::Substituted { value, .. } => self.unchanged_vars(value, vars, depth + 1),
            ExprKind::Local(_) => false,
            _ => match self.ev.inline_call(e) {
                Some((op, [])) => {
                    self.unchanged_vars(&self.ev.program.op(op).body, vars, depth + 1)
                }
                _ => false,
            },
        }
    }
}

fn target(e: &Expr, primed: bool) -> Target {
    match &e.kind {
        ExprKind::Var { var, primed: p } if !(primed && *p) && (primed || *p) => {
            Target::Var(var.0 as usize)
        }
        ExprKind::Prime(inner) if !primed => target(inner, true),
        ExprKind::Substituted { value, .. } => target(value, primed),
        ExprKind::Local(_) => Target::Dynamic,
        _ => Target::None,
    }
}

/// `plan` with each largest part that branches but has no effect made a
/// [`Plan::Counted`].
fn counted<'p>(ev: &Evaluator<'p>, plan: Plan<'p>) -> Plan<'p> {
    let counted = |plan| counted(ev, plan);
    let boxed = |plan: Box<Plan<'p>>| Box::new(counted(*plan));
    if effect_free(ev, &plan) && branches(&plan) {
        return Plan::Counted(Box::new(plan));
    }
    match plan {
        Plan::And(items) => Plan::And(
            items
                .into_iter()
                .map(|item| Conjunct {
                    plan: counted(item.plan),
                    test: item.test,
                })
                .collect(),
        ),
        Plan::Or(items) => Plan::Or(items.into_iter().map(counted).collect()),
        Plan::Exists {
            binders,
            one,
            scope,
            body,
        } => Plan::Exists {
            binders,
            one,
            scope,
            body: Box::new(counted(*body)),
        },
        Plan::Forall {
            binders,
            one,
            scope,
            body,
        } => {
            let Conjunct { plan, test } = *body;
            Plan::Forall {
                binders,
                one,
                scope,
                body: Box::new(Conjunct {
                    plan: counted(plan),
                    test,
                }),
            }
        }
        Plan::Implies(cond, then) => Plan::Implies(cond, boxed(then)),
        Plan::If(cond, then, otherwise) => Plan::If(cond, boxed(then), boxed(otherwise)),
        Plan::Case { arms, other, span } => Plan::Case {
            arms: arms
                .into_iter()
                .map(|(guard, arm)| (guard, counted(arm)))
                .collect(),
            other: other.map(boxed),
            span,
        },
        Plan::Let { slot, value, body } => Plan::Let {
            slot,
            value,
            body: boxed(body),
        },
        Plan::Inline {
            op,
            args,
            span,
            body,
        } => Plan::Inline {
            op,
            args,
            span,
            body: boxed(body),
        },
        plan => plan,
    }
}

/// Does `plan` only test (every leaf a [`Plan::Guard`] that stays in the current state:
/// no primes, `ENABLED` or effects such as `Print` or `RandomElement`, which evaluating
/// an instance once rather than once per branch would show)?
fn effect_free(ev: &Evaluator<'_>, plan: &Plan<'_>) -> bool {
    let effect_free = |plan: &Plan<'_>| effect_free(ev, plan);
    match plan {
        Plan::Guard(node) => ev.stays_in_state(node.expr()),
        Plan::And(items) => items.iter().all(|item| effect_free(&item.plan)),
        Plan::Or(items) => items.iter().all(effect_free),
        Plan::Exists { body, .. }
        | Plan::Implies(_, body)
        | Plan::Let { body, .. }
        | Plan::Inline { body, .. } => effect_free(body),
        Plan::Forall { body, .. } => effect_free(&body.plan),
        Plan::If(_, then, otherwise) => effect_free(then) && effect_free(otherwise),
        Plan::Case { arms, other, .. } => {
            arms.iter().all(|(_, arm)| effect_free(arm)) && other.as_deref().is_none_or(effect_free)
        }
        _ => false,
    }
}

/// Does `plan` hold a part the generator runs with a continuation (an `\E`, `\/`, `\A`
/// whose body is one, `LET` or call), rather than as a step?
fn branches(plan: &Plan<'_>) -> bool {
    match plan {
        Plan::Or(_)
        | Plan::Exists { .. }
        | Plan::Forall { .. }
        | Plan::Let { .. }
        | Plan::Inline { .. } => true,
        Plan::And(items) => items.iter().any(|item| branches(&item.plan)),
        Plan::Implies(_, then) => branches(then),
        Plan::If(_, then, otherwise) => branches(then) || branches(otherwise),
        Plan::Case { arms, other, .. } => {
            arms.iter().any(|(_, arm)| branches(arm)) || other.as_deref().is_some_and(branches)
        }
        _ => false,
    }
}

/// Does `e` hold an action composition `A \cdot B`?
fn mentions_cdot(e: &Expr) -> bool {
    let mut found = matches!(e.kind, ExprKind::Builtin(Builtin::Cdot, _));
    tlafid_sema::walk::each_child(e, &mut |child| found = found || mentions_cdot(child));
    found
}

/// What a conjunct that cannot branch did.
enum Step<'a, 'p> {
    /// It held (assigning what it assigns).
    Held,
    /// It was false: no successor on this path.
    Failed,
    /// It branches: this plan runs with the rest as its continuation.
    Branch(&'a Plan<'p>),
    /// It held this many times (at least two, without effect: a [`Plan::Counted`]): the
    /// rest runs that many times in a row.
    Times(u64),
}

/// The variables a conjunction assigned in place, to unassign afterwards.
#[derive(Default)]
struct Undo {
    /// Variables below 64, as bits.
    low: u64,
    /// The others.
    high: Vec<usize>,
    /// Whether the next state was fixed before the first assignment.
    fixed: Option<bool>,
}

impl<'a, 'p> Ctx<'a, 'p> {
    /// Runs the plan of an action, calling `k` for each way of satisfying it (as
    /// [`Ctx::gen`] runs its expression).
    pub(crate) fn run_plan(
        &mut self,
        plan: &'a Plan<'p>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        match plan {
            Plan::Gen(e) => self.gen(e, k),
            Plan::LocalGuard { slot, expr, .. } if self.slot_expr(*slot).is_some() => {
                self.gen(expr, k)
            }
            Plan::And(items) => self.run_and(items, false, k),
            Plan::Or(items) => {
                for item in items {
                    if !self.run_plan(item, k)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Plan::Exists {
                binders,
                one,
                scope,
                body,
            } => self.run_exists(binders, one.as_ref(), scope, body, k),
            Plan::Forall {
                binders,
                scope,
                body,
                ..
            } => self.run_forall_plan(binders, scope, body, k),
            Plan::Let { slot, value, body } => self.run_let(*slot, value, body, k),
            Plan::Inline {
                op,
                args,
                span,
                body,
            } => self.run_inline(*op, args, *span, body, k),
            Plan::In {
                var, set, set_span, ..
            } if self.next[*var].is_none() => self.run_in(*var, set, *set_span, k),
            _ => {
                let mut undo = Undo::default();
                let r = match self.step(plan, &mut undo) {
                    Ok(Step::Held) => k(self),
                    Ok(Step::Failed) => Ok(true),
                    Ok(Step::Branch(inner)) => grow_stack(|| self.run_plan(inner, k)),
                    Ok(Step::Times(n)) => self.times(n, k),
                    Err(e) => Err(e),
                };
                self.undo(undo);
                r
            }
        }
    }

    // The arms of `run_plan` other than its conjunctions, disjunctions and steps are out
    // of line: inlined, their locals (the iterators over a set, the saved slots, the
    // closures) made `run_plan`'s frame, which every level of a plan's continuations
    // holds, several times larger than the hot arms need.

    /// `\A` whose body branches (see [`Plan::Forall`]).
    #[inline(never)]
    fn run_forall_plan(
        &mut self,
        binders: &'p [Binder],
        scope: &'a [Slot],
        body: &'a Conjunct<'p>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let bindings = self.collect_binding_values(binders, scope)?;
        let saved: Vec<FrameSlot<'p>> = scope.iter().map(|s| self.frame_slot(*s)).collect();
        let r = self.run_forall(&bindings, scope, body, k);
        for (slot, old) in scope.iter().zip(saved) {
            self.bind(*slot, old);
        }
        r
    }

    /// `LET x == e IN A`.
    #[inline(never)]
    fn run_let(
        &mut self,
        slot: Slot,
        value: &'p Expr,
        body: &'a Plan<'p>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        self.bind(slot, FrameSlot::Thunk(value));
        let scope = [slot];
        self.run_plan(body, &mut |ctx| ctx.resume(&scope, k))
    }

    /// A call run in its own frame.
    #[inline(never)]
    fn run_inline(
        &mut self,
        op: OpId,
        args: &'p [Expr],
        span: Span,
        body: &'a Plan<'p>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        self.gen_inlined(op, args, span, |ctx, k| ctx.run_plan(body, k), k)
    }

    /// `x' \in S` with `x'` not assigned yet: one branch per element.
    #[inline(never)]
    fn run_in(
        &mut self,
        var: usize,
        set: &'a Node<'p>,
        set_span: Span,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let set = self.run(set)?;
        self.expect_set(&set, set_span)?;
        let elems = self.value(set.iter_set(), set_span)?;
        for e in elems {
            self.tick(set_span)?;
            if !self.assign(var, e.into_owned(), k)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// A conjunction (`pending`: its first item is one of the conjuncts left after another
    /// was run, so that it is only tested once every variable is assigned).
    fn run_and(
        &mut self,
        items: &'a [Conjunct<'p>],
        pending: bool,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let mut undo = Undo::default();
        let r = self.and_from(items, pending, &mut undo, k);
        self.undo(undo);
        r
    }

    fn and_from(
        &mut self,
        items: &'a [Conjunct<'p>],
        pending: bool,
        undo: &mut Undo,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        for (i, item) in items.iter().enumerate() {
            if (pending || i > 0) && self.assigned == self.next.len() {
                for rest in &items[i..] {
                    if !self.run_bool(&rest.test)? {
                        return Ok(true);
                    }
                }
                return k(self);
            }
            match self.step(&item.plan, undo)? {
                Step::Held => {}
                Step::Failed => return Ok(true),
                Step::Branch(plan) => {
                    let rest = &items[i + 1..];
                    return grow_stack(|| {
                        self.run_plan(plan, &mut |ctx| ctx.run_and(rest, true, k))
                    });
                }
                Step::Times(n) => {
                    let rest = &items[i + 1..];
                    return self.times(n, &mut |ctx| ctx.run_and(rest, true, k));
                }
            }
        }
        k(self)
    }

    /// Runs a conjunct that cannot branch, assigning in place (recorded in `undo`); one
    /// that branches is handed back to run with a continuation.
    fn step(&mut self, plan: &'a Plan<'p>, undo: &mut Undo) -> EvalResult<Step<'a, 'p>> {
        let held = |holds: bool| if holds { Step::Held } else { Step::Failed };
        match plan {
            Plan::Guard(node) => self.run_bool(node).map(held),
            Plan::LocalGuard { slot, test, .. } if self.slot_expr(*slot).is_none() => {
                self.run_bool(test).map(held)
            }
            Plan::Eq { var, value, span } => {
                let v = self.run(value)?;
                match &self.next[*var] {
                    None => {
                        self.assign_in_place(*var, Cow::Owned(v), undo);
                        Ok(Step::Held)
                    }
                    Some(old) => values_equal(old, &v, *span).map(held),
                }
            }
            Plan::In { var, test, .. } => match self.next[*var] {
                None => Ok(Step::Branch(plan)),
                Some(_) => self.run_bool(test).map(held),
            },
            Plan::Unchanged(vars) => Ok(held(self.keep_unchanged(vars, undo))),
            Plan::Counted(inner) => {
                if self.first_only || self.assigned == self.next.len() {
                    return Ok(Step::Branch(inner));
                }
                Ok(match self.count(inner) {
                    Ok(0) => Step::Failed,
                    Ok(1) => Step::Held,
                    Ok(n) => Step::Times(n),
                    // The generator, branching, may meet another error first (in the rest
                    // of the action, or at a binding it reaches before this one): it runs
                    // the part again, without effect, to report the error TLC reports.
                    Err(e) if e.code != E_INTERRUPTED => Step::Branch(inner),
                    Err(e) => return Err(e),
                })
            }
            Plan::If(cond, then, otherwise) => {
                let arm = if self.run_bool(cond)? {
                    then
                } else {
                    otherwise
                };
                self.step(arm, undo)
            }
            Plan::Implies(cond, then) => {
                if self.run_bool(cond)? {
                    self.step(then, undo)
                } else {
                    Ok(Step::Held)
                }
            }
            Plan::Case { arms, other, span } => {
                for (guard, arm) in arms {
                    if self.run_bool(guard)? {
                        return self.step(arm, undo);
                    }
                }
                match other {
                    Some(other) => self.step(other, undo),
                    None => Err(EvalError::no_case_arm(*span)),
                }
            }
            _ => Ok(Step::Branch(plan)),
        }
    }

    fn assign_in_place(&mut self, var: usize, value: Cow<'a, Value>, undo: &mut Undo) {
        if undo.fixed.is_none() {
            undo.fixed = Some(self.unfix_next());
        }
        self.next[var] = Some(value);
        self.assigned += 1;
        if var < 64 {
            undo.low |= 1 << var;
        } else {
            undo.high.push(var);
        }
    }

    /// `UNCHANGED vars`: each variable not assigned yet is assigned its current value in
    /// place (recorded in `undo`), one already assigned is compared with it. One call for
    /// the whole list, out of line (an assignment's call per variable cost more than its
    /// work, and inlined into [`step`](Self::step) it made that dearer).
    #[inline(never)]
    fn keep_unchanged(&mut self, vars: &[usize], undo: &mut Undo) -> bool {
        for &var in vars {
            let now: &'a Value = &self.cur[var];
            match &self.next[var] {
                None => {
                    if undo.fixed.is_none() {
                        undo.fixed = Some(self.unfix_next());
                    }
                    self.next[var] = Some(Cow::Borrowed(now));
                    self.assigned += 1;
                    if var < 64 {
                        undo.low |= 1 << var;
                    } else {
                        undo.high.push(var);
                    }
                }
                Some(v) if **v == *now => {}
                Some(_) => return false,
            }
        }
        true
    }

    fn undo(&mut self, undo: Undo) {
        let mut low = undo.low;
        while low != 0 {
            let var = low.trailing_zeros() as usize;
            low &= low - 1;
            self.next[var] = None;
            self.assigned -= 1;
        }
        for var in undo.high {
            self.next[var] = None;
            self.assigned -= 1;
        }
        if let Some(fixed) = undo.fixed {
            self.next_fixed = fixed;
        }
    }

    /// `\A` over `bindings` (as the generator's `gen_bindings`; the values of `scope`'s slots,
    /// one binding after another): each binding's instance of
    /// the body in turn, as the conjuncts of a conjunction, tested only once every variable
    /// is assigned; an instance that branches takes the other bindings as its continuation.
    fn run_forall(
        &mut self,
        bindings: &[Value],
        scope: &'a [Slot],
        body: &'a Conjunct<'p>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let mut undo = Undo::default();
        let r = self.forall_from(bindings, scope, body, &mut undo, k);
        self.undo(undo);
        r
    }

    fn forall_from(
        &mut self,
        bindings: &[Value],
        scope: &'a [Slot],
        body: &'a Conjunct<'p>,
        undo: &mut Undo,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        for (i, binding) in bindings.chunks_exact(scope.len().max(1)).enumerate() {
            for (slot, v) in scope.iter().zip(binding) {
                self.bind_value(*slot, v.clone());
            }
            if self.assigned == self.next.len() && !self.next.is_empty() {
                if !self.run_bool(&body.test)? {
                    return Ok(true);
                }
                continue;
            }
            match self.step(&body.plan, undo)? {
                Step::Held => {}
                Step::Failed => return Ok(true),
                Step::Branch(plan) => {
                    let rest = &bindings[(i + 1) * scope.len()..];
                    return grow_stack(|| {
                        self.run_plan(plan, &mut |ctx| {
                            ctx.resume(scope, &mut |ctx| ctx.run_forall(rest, scope, body, k))
                        })
                    });
                }
                Step::Times(n) => {
                    let rest = &bindings[(i + 1) * scope.len()..];
                    return self.times(n, &mut |ctx| {
                        ctx.resume(scope, &mut |ctx| ctx.run_forall(rest, scope, body, k))
                    });
                }
            }
        }
        k(self)
    }

    /// `\E`: the body once per binding (as the generator's), the bound slots restored for
    /// the continuation's other branches.
    #[inline(never)]
    fn run_exists(
        &mut self,
        binders: &'p [Binder],
        one: Option<&'a (Slot, Node<'p>, Span)>,
        scope: &'a [Slot],
        body: &'a Plan<'p>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        let Some((slot, domain, span)) = one else {
            return self.for_each_binding(binders, &mut |ctx| {
                ctx.run_plan(body, &mut |ctx| ctx.resume(scope, k))
            });
        };
        let set = self.run(domain)?;
        self.expect_set(&set, *span)?;
        for elem in self.value(set.iter_elements(), *span)? {
            self.tick(*span)?;
            self.bind_value(*slot, elem.into_owned());
            if !self.run_plan(body, &mut |ctx| ctx.resume(scope, k))? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Runs `k` `n` times in a row (what branching on a [`Plan::Counted`] part would
    /// have run), stopping when it stops.
    #[inline(never)]
    fn times(&mut self, n: u64, k: &mut Cont<'_, 'a, 'p>) -> EvalResult<bool> {
        for _ in 0..n {
            if !k(self)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// How many times the generator, branching, would run the continuation of `plan`, a
    /// part of a [`Plan::Counted`]: a `\E` the sum over its bindings (in order), a `\/`
    /// the sum over its items (each is run), a `/\` and a `\A` the product over their
    /// items and bindings in order, stopping at the first zero (as a conjunction stops at
    /// its first false conjunct), a guard 0 or 1. Each binding's instance is evaluated
    /// once (the generator evaluated a later conjunct or binding once per branch of an
    /// earlier one), and all of them before the rest of the action runs.
    fn count(&mut self, plan: &'a Plan<'p>) -> EvalResult<u64> {
        match plan {
            Plan::Guard(node) => Ok(u64::from(self.run_bool(node)?)),
            Plan::And(items) => {
                let mut n = 1u64;
                for item in items {
                    n = n.saturating_mul(self.count(&item.plan)?);
                    if n == 0 {
                        break;
                    }
                }
                Ok(n)
            }
            Plan::Or(items) => {
                let mut n = 0u64;
                for item in items {
                    n = n.saturating_add(self.count(item)?);
                }
                Ok(n)
            }
            Plan::Exists {
                binders, one, body, ..
            } => self.count_bindings((binders, one.as_ref()), body, false),
            Plan::Forall {
                binders, one, body, ..
            } => self.count_bindings((binders, one.as_ref()), &body.plan, true),
            Plan::Implies(cond, then) => {
                if self.run_bool(cond)? {
                    self.count(then)
                } else {
                    Ok(1)
                }
            }
            Plan::If(cond, then, otherwise) => {
                if self.run_bool(cond)? {
                    self.count(then)
                } else {
                    self.count(otherwise)
                }
            }
            Plan::Case { arms, other, span } => {
                for (guard, arm) in arms {
                    if self.run_bool(guard)? {
                        return self.count(arm);
                    }
                }
                match other {
                    Some(other) => self.count(other),
                    None => Err(EvalError::no_case_arm(*span)),
                }
            }
            Plan::Let { slot, value, body } => {
                self.bind(*slot, FrameSlot::Thunk(value));
                self.count(body)
            }
            Plan::Inline {
                op,
                args,
                span,
                body,
            } => {
                let caller_base = self.push_frame(*op, args, *span)?;
                let r = self.count(body);
                self.pop_frame(caller_base);
                r
            }
            Plan::Counted(inner) => self.count(inner),
            _ => unreachable!("a counted plan only tests"),
        }
    }

    /// [`count`](Self::count) of `\E` (`forall` false: the sum over its bindings) or of
    /// `\A` (`forall` true: the product over its bindings in order, stopping at the first
    /// zero). An `\A`'s slots keep the last binding, as they do for the rest of the action
    /// when [`Plan::Forall`] branches (which cannot read them).
    #[inline(never)]
    fn count_bindings(
        &mut self,
        (binders, one): (&'p [Binder], Option<&'a (Slot, Node<'p>, Span)>),
        body: &'a Plan<'p>,
        forall: bool,
    ) -> EvalResult<u64> {
        let mut n = u64::from(forall);
        // Adds one binding's count; false once an `\A`'s product is zero.
        let add = |n: &mut u64, count: u64| {
            *n = match forall {
                true => n.saturating_mul(count),
                false => n.saturating_add(count),
            };
            !forall || *n != 0
        };
        let Some((slot, domain, span)) = one else {
            self.for_each_binding(binders, &mut |ctx| {
                let count = ctx.count(body)?;
                Ok(add(&mut n, count))
            })?;
            return Ok(n);
        };
        let set = self.run(domain)?;
        self.expect_set(&set, *span)?;
        for elem in self.value(set.iter_elements(), *span)? {
            self.tick(*span)?;
            self.bind_value(*slot, elem.into_owned());
            let count = self.count(body)?;
            if !add(&mut n, count) {
                break;
            }
        }
        Ok(n)
    }
}
