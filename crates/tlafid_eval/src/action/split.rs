//! Splitting the next-state relation into its actions (statically, for the action list, and
//! while generating, to know which action a successor came from), and running the initial
//! predicate and each action to completed states.

use smol_str::SmolStr;
use tlafid_base::Span;
use tlafid_sema::ir::{Expr, ExprKind, Level, OpDef, OpId, Program, Slot};
use tlafid_value::Value;

use super::dispatch::{Dispatch, Label};
use super::plan::Plan;
use super::shared::{Ahead, Shared};
use super::tree::{NodeId, SplitNode};
use super::{ActionDecl, ActionInfo, Disjunction, TlcAction, MAX_SPLIT_DEPTH};
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_UNASSIGNED_AT_END};
use crate::evaluator::Evaluator;
use crate::frame::FrameSlot;
use crate::state::State;

/// Leaf counts of `\E` bodies in the next-state relation, keyed by the body's address.
pub(crate) type ExistsCounts = std::collections::HashMap<usize, usize, ahash::RandomState>;

/// The actions of `next`, in order, and the number of actions under each `\E`.
pub(crate) fn split_actions(ev: &Evaluator<'_>, next: OpId) -> (Vec<ActionDecl>, ExistsCounts) {
    let program = ev.program;
    let mut out = Vec::new();
    let mut counts = ExistsCounts::with_hasher(ahash::RandomState::with_seeds(5, 6, 7, 8));
    let def = program.op(next);
    let mut split = StaticSplit {
        program,
        out: &mut out,
        counts: &mut counts,
        ev,
        params: Vec::new(),
        unsplit: None,
    };
    split.walk(&def.body, def, 0);
    (out, counts)
}

struct StaticSplit<'s, 'p> {
    program: &'s Program,
    out: &'s mut Vec<ActionDecl>,
    counts: &'s mut ExistsCounts,
    ev: &'s Evaluator<'p>,
    /// The `\E` variables and operator parameters bound on the way to the current node.
    params: Vec<SmolStr>,
    /// The outermost `\E` on the way whose domain depends on the state (TLC's one action).
    unsplit: Option<TlcAction>,
}

impl StaticSplit<'_, '_> {
    fn walk(&mut self, expr: &Expr, owner: &OpDef, depth: usize) {
        match &expr.kind {
            _ if depth > MAX_SPLIT_DEPTH => self.leaf(owner, expr),
            ExprKind::Junction { and: false, items } => {
                items.iter().for_each(|i| self.walk(i, owner, depth + 1))
            }
            ExprKind::LetValue { body, .. } => self.walk(body, owner, depth + 1),
            ExprKind::Quant {
                forall: false,
                body,
                binders,
            } => {
                let (before, bound) = (self.out.len(), self.params.len());
                let outermost = self.unsplit.is_none();
                let domains = binders.iter().filter_map(|b| b.domain.as_ref());
                if outermost && domains.into_iter().any(|d| self.depends_on_state(d)) {
                    self.unsplit = Some(TlcAction {
                        name: owner.name.clone(),
                        span: owner.span,
                        body: expr.span,
                    });
                }
                self.params
                    .extend(binders.iter().flat_map(|b| b.names.iter().cloned()));
                self.walk(body, owner, depth + 1);
                self.params.truncate(bound);
                if outermost {
                    self.unsplit = None;
                }
                let count = self.out.len() - before;
                self.counts.insert(&**body as *const Expr as usize, count);
            }
            _ if self.ev.inline_call(expr).is_some() => {
                let (op, _) = self.ev.inline_call(expr).expect("checked");
                let def = self.program.op(op);
                let bound = self.params.len();
                let own = def.params.iter().skip(def.captured);
                self.params.extend(own.map(|p| p.name.clone()));
                self.walk(&def.body, def, depth + 1);
                self.params.truncate(bound);
            }
            _ => self.leaf(owner, expr),
        }
    }

    fn leaf(&mut self, owner: &OpDef, expr: &Expr) {
        self.out.push(ActionDecl {
            name: owner.name.clone(),
            span: owner.span,
            body: expr.span,
            params: self.params.clone(),
            tlc: self.unsplit.clone(),
        });
    }

    /// Whether `expr` reads a state variable (directly or through an operator of state
    /// level or more): TLC cannot enumerate such an `\E` domain before exploring.
    fn depends_on_state(&self, expr: &Expr) -> bool {
        let here = match &expr.kind {
            ExprKind::Var { .. } | ExprKind::Prime(_) => true,
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => {
                self.program.op(*op).level > Level::Constant
            }
            _ => false,
        };
        let mut below = false;
        tlafid_sema::walk::each_child(expr, &mut |child| {
            below = below || self.depends_on_state(child)
        });
        here || below
    }
}

/// The action being walked to: its owner and parameters so far.
struct Walk<'a, 'p> {
    index: usize,
    owner: &'p OpDef,
    /// Empty, and never filled, when successors are emitted with their index only.
    params: Vec<(SmolStr, Value)>,
    /// The action walked to is one of a shared run whose guard held and whose key was
    /// its label (`shared.rs`): its leaf runs the plan without those tests, where it has
    /// one ([`Plans::after_ahead`](super::Plans::after_ahead)).
    ahead: bool,
    /// The action walked to had its guard tested before its frame was opened (a
    /// [`GuardedCall`](super::plan::GuardedCall)): its leaf, this body, runs this plan.
    after_guard: Option<(&'p Expr, &'a super::plan::Plan<'p>)>,
}

/// Where successors go: with their [`ActionInfo`] (parameters collected on the way), or
/// with the action's index only (the explorer's hot path, which collects nothing).
pub(crate) enum Emit<'e> {
    /// With the action and its parameters.
    Info(&'e mut dyn FnMut(ActionInfo, State)),
    /// With the action's index.
    Index(&'e mut dyn FnMut(usize, State)),
    /// With the action's index and the state's fingerprint, the state made only if the
    /// callee asks for it (through the function it is given).
    Unmade(&'e mut crate::evaluator::UnmadeSink<'e>),
}

impl Walk<'_, '_> {
    /// Forgets the parameters collected past the first `len` (none were, when successors
    /// are emitted without them: `truncate` would still call the slice's drop).
    #[inline]
    fn forget_params(&mut self, len: usize) {
        if self.params.len() > len {
            self.params.truncate(len);
        }
    }
}

impl Emit<'_> {
    fn wants_params(&self) -> bool {
        matches!(self, Emit::Info(_))
    }
}

impl<'a, 'p> Ctx<'a, 'p> {
    /// Emits the initial states of `init` in generation order while `emit` returns `true`
    /// (a budget stops the enumeration of a huge initial predicate before it is complete).
    pub fn init_states_while(
        &mut self,
        init: OpId,
        emit: &mut dyn FnMut(State) -> bool,
    ) -> EvalResult<()> {
        let def: &'p OpDef = self.ev.program.op(init);
        let saved = self.push_frame(init, &[], def.span)?;
        let r = self.gen(&def.body, &mut |ctx| {
            Ok(emit(
                ctx.complete_state(def.span, || "the initial predicate")?,
            ))
        });
        self.pop_frame(saved);
        r.map(|_| ())
    }

    /// Emits every successor of the current state under `next`.
    pub(crate) fn successors(&mut self, next: OpId, emit: &mut Emit<'_>) -> EvalResult<()> {
        let def: &'p OpDef = self.ev.program.op(next);
        let root = self
            .ev
            .split
            .root(next)
            .expect("the splitter's tree is built with the next-state relation");
        let saved = self.push_frame(next, &[], def.span)?;
        let mut walk = Walk {
            index: 0,
            owner: def,
            params: Vec::new(),
            ahead: false,
            after_guard: None,
        };
        let r = self.split_walk(root, &mut walk, emit);
        self.pop_frame(saved);
        r
    }

    fn split_walk(
        &mut self,
        node: NodeId,
        walk: &mut Walk<'a, 'p>,
        emit: &mut Emit<'_>,
    ) -> EvalResult<()> {
        let ev: &'a Evaluator<'p> = self.ev;
        match ev.split.node(node) {
            SplitNode::Or {
                items,
                special,
                span,
            } => {
                if let Some((at, arms)) = special {
                    match ev.disjunctions.get(*at) {
                        Disjunction::Label(dispatch) => {
                            if let Some(label) = self.dispatch_label(dispatch) {
                                return self.split_label(dispatch, arms, label, walk, emit);
                            }
                        }
                        Disjunction::Shared(shared) => {
                            return self.split_shared(shared, arms, *span, walk, emit);
                        }
                    }
                }
                items
                    .iter()
                    .try_for_each(|&item| self.split_walk(item, walk, emit))
            }
            SplitNode::Let { slot, value, body } => {
                self.bind(*slot, FrameSlot::Thunk(value));
                self.split_walk(*body, walk, emit)
            }
            SplitNode::Exists {
                binders,
                body,
                count,
                guards,
            } => self.split_exists(binders, *body, *count, guards.as_deref(), walk, emit),
            SplitNode::Call {
                op,
                args,
                def,
                span,
                guarded,
                body,
            } => {
                if let Some(call) = guarded.filter(|_| !walk.ahead) {
                    let call = ev.plans.guarded_call(call);
                    match self.test_all_aliased(call.start, call.len, &call.guards) {
                        // The action stops at a guard: counted, its frame never opened.
                        Some(Ok(false)) => {
                            walk.index += 1;
                            return Ok(());
                        }
                        Some(Ok(true)) => walk.after_guard = Some((call.body, &call.after)),
                        // Tested again in the action's frame, which meets the error in place.
                        Some(Err(_)) | None => {}
                    }
                }
                let saved = self.push_frame(*op, args, *span)?;
                let (owner, depth_params) = (walk.owner, walk.params.len());
                if emit.wants_params() {
                    for (k, p) in def.params.iter().enumerate().skip(def.captured) {
                        if let FrameSlot::Val(v) = &self.stack[self.base + k] {
                            walk.params.push((p.name.clone(), v.clone()));
                        }
                    }
                }
                walk.owner = def;
                let r = self.split_walk(*body, walk, emit);
                walk.owner = owner;
                walk.forget_params(depth_params);
                self.pop_frame(saved);
                r
            }
            SplitNode::Leaf {
                expr,
                plan,
                after_ahead,
            } => {
                let plan = match (std::mem::take(&mut walk.ahead), walk.after_guard.take()) {
                    (_, Some((body, plan))) if std::ptr::eq(body, *expr) => Some(plan),
                    (true, _) => after_ahead.or(*plan).map(|id| ev.plans.plan(id)),
                    _ => plan.map(|id| ev.plans.plan(id)),
                };
                self.run_leaf(expr, plan, walk, emit)
            }
        }
    }

    /// A disjunction dispatched on the label its place holds (`dispatch.rs`): only the
    /// actions of that label are walked; any other stops at its first conjunct (each is one
    /// action, counted).
    fn split_label(
        &mut self,
        dispatch: &'a Dispatch<'p>,
        arms: &'a [NodeId],
        label: Label,
        walk: &mut Walk<'a, 'p>,
        emit: &mut Emit<'_>,
    ) -> EvalResult<()> {
        for (arm, &node) in dispatch.arms().iter().zip(arms) {
            self.split_if_label(node, arm.label, label, walk, emit)?;
        }
        Ok(())
    }

    /// Walks `node`, unless it is one action of a label (`wanted`) other than the one held:
    /// that one would stop at its first test, and is only counted.
    fn split_if_label(
        &mut self,
        node: NodeId,
        wanted: Option<Label>,
        held: Label,
        walk: &mut Walk<'a, 'p>,
        emit: &mut Emit<'_>,
    ) -> EvalResult<()> {
        match wanted {
            Some(wanted) if !wanted.same(held) => {
                walk.index += 1;
                Ok(())
            }
            _ => self.split_walk(node, walk, emit),
        }
    }

    /// A disjunction with runs of actions that share their guard (`shared.rs`): a run whose
    /// guard fails is counted, not walked; when it holds and the run's key holds a label,
    /// only the actions of that label are walked. `arms` are the nodes of its arms.
    fn split_shared(
        &mut self,
        shared: &'a Shared<'p>,
        arms: &'a [NodeId],
        span: Span,
        walk: &mut Walk<'a, 'p>,
        emit: &mut Emit<'_>,
    ) -> EvalResult<()> {
        let mut runs = shared.runs.iter().peekable();
        let mut at = 0;
        while let Some(&node) = arms.get(at) {
            if let Some(run) = runs.next_if(|run| run.start == at) {
                match self.shared_ahead(run, span) {
                    Ahead::Disabled => {
                        walk.index += run.len;
                        at += run.len;
                        continue;
                    }
                    Ahead::Label(label) => {
                        for k in 0..run.len {
                            let wanted = run.label(k);
                            walk.ahead = wanted.is_some();
                            let r = self.split_if_label(arms[at + k], wanted, label, walk, emit);
                            walk.ahead = false;
                            r?;
                        }
                        at += run.len;
                        continue;
                    }
                    Ahead::Walk => {}
                }
            }
            self.split_walk(node, walk, emit)?;
            at += 1;
        }
        Ok(())
    }

    /// A top-level `\E`: its body's `count` actions once per binding, numbered from the same
    /// index; none walked when every hoisted guard is false (`hoist.rs`).
    fn split_exists(
        &mut self,
        binders: &'p [tlafid_sema::ir::Binder],
        body: NodeId,
        count: usize,
        guards: Option<&'a [&'p Expr]>,
        walk: &mut Walk<'a, 'p>,
        emit: &mut Emit<'_>,
    ) -> EvalResult<()> {
        let start = walk.index;
        let names: Vec<(SmolStr, Slot)> = if emit.wants_params() {
            binders
                .iter()
                .flat_map(|b| b.names.iter().cloned().zip(b.slots.iter().copied()))
                .collect()
        } else {
            Vec::new()
        };
        let depth_params = walk.params.len();
        // Every action under this `\E` would stop at its first conjunct: only the domains
        // are evaluated.
        let disabled = match guards {
            Some(guards) => guards.iter().all(|g| matches!(self.test(g), Ok(false))),
            None => false,
        };
        self.for_each_binding(binders, &mut |ctx| {
            if disabled {
                return Ok(true);
            }
            walk.index = start;
            walk.forget_params(depth_params);
            for (name, slot) in &names {
                if let Some(FrameSlot::Val(v)) = ctx.stack.get(ctx.base + slot.0 as usize) {
                    walk.params.push((name.clone(), v.clone()));
                }
            }
            ctx.split_walk(body, walk, emit)?;
            Ok(true)
        })?;
        walk.forget_params(depth_params);
        walk.index = start + count;
        Ok(())
    }

    /// Runs the action `expr` by `plan` (by the generator without one), emitting each
    /// successor.
    fn run_leaf(
        &mut self,
        expr: &'p Expr,
        plan: Option<&'a Plan<'p>>,
        walk: &mut Walk<'a, 'p>,
        emit: &mut Emit<'_>,
    ) -> EvalResult<()> {
        // Built on the first successor only: most leaves (disabled actions) emit nothing.
        let mut info: Option<ActionInfo> = None;
        let owner = walk.owner;
        let index = walk.index;
        walk.index += 1;
        let params = &walk.params;
        let what = || format!("the action {}", owner.name);
        let mut k = |ctx: &mut Ctx<'a, 'p>| {
            #[cfg_attr(feature = "census", allow(unused_mut))]
            let mut emit_one = || -> EvalResult<bool> {
                match emit {
                    Emit::Unmade(emit) => {
                        let fingerprint = ctx.assigned_fingerprint(owner.span, what)?;
                        emit(index, fingerprint, &mut || ctx.assigned_state(fingerprint));
                    }
                    Emit::Index(emit) => emit(index, ctx.complete_state(owner.span, what)?),
                    Emit::Info(emit) => {
                        let state = ctx.complete_state(owner.span, what)?;
                        let info = info.get_or_insert_with(|| ActionInfo {
                            index,
                            params: params.as_slice().into(),
                        });
                        emit(info.clone(), state)
                    }
                }
                Ok(true)
            };
            #[cfg(feature = "census")]
            return super::census::in_emit(index, emit_one);
            #[cfg(not(feature = "census"))]
            emit_one()
        };
        #[cfg_attr(feature = "census", allow(unused_mut))]
        let mut run = || match plan {
            Some(plan) => self.run_plan(plan, &mut k),
            None => self.gen(expr, &mut k),
        };
        #[cfg(feature = "census")]
        super::census::in_action(index, run)?;
        #[cfg(not(feature = "census"))]
        run()?;
        Ok(())
    }

    /// The state assigned so far, or an error naming (with `what`) a variable left
    /// unassigned.
    pub(crate) fn complete_state<W: std::fmt::Display>(
        &self,
        span: Span,
        what: impl FnOnce() -> W,
    ) -> EvalResult<State> {
        let mut values = Vec::with_capacity(self.next.len());
        for (i, v) in self.next.iter().enumerate() {
            match v {
                Some(v) => values.push(Value::clone(v)),
                None => {
                    let name = &self.ev.program.vars[i].name;
                    return Err(EvalError::new(E_UNASSIGNED_AT_END, format!("{} does not assign the variable {name}", what()), span)
                        .with_hint("every variable must be given a value (use UNCHANGED for those that keep theirs)"));
                }
            }
        }
        Ok(State::new(values.into_boxed_slice()))
    }

    /// The fingerprint of the state assigned so far (as [`complete_state`]'s would have
    /// it), or the error [`complete_state`] would give.
    ///
    /// [`complete_state`]: Self::complete_state
    fn assigned_fingerprint<W: std::fmt::Display>(
        &self,
        span: Span,
        what: impl FnOnce() -> W,
    ) -> EvalResult<u64> {
        if self.next.iter().any(Option::is_none) {
            return self
                .complete_state(span, what)
                .map(|state| state.fingerprint());
        }
        let values = self.next.iter().map(|v| &**v.as_ref().expect("assigned"));
        Ok(tlafid_value::fingerprint_sequence(values))
    }

    /// The state assigned so far, every variable assigned, with its `fingerprint`.
    fn assigned_state(&self, fingerprint: u64) -> State {
        let mut values = Vec::with_capacity(self.next.len());
        for v in self.next.iter().flatten() {
            values.push(Value::clone(v));
        }
        State::with_fingerprint(values.into_boxed_slice(), fingerprint)
    }
}
