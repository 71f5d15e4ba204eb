//! Shared guards: consecutive actions of a disjunction that call operators with the same
//! arguments and begin with the same guard (`ReceiveRequest(p, q) \/ ReceiveAck(p, q) \/
//! ReceiveRelease(p, q)`, each `/\ network[q][p] # << >> /\ ...`). The action splitter tests
//! that guard once, in the first action's frame; when it is false (without error) every
//! action of the run would stop at its first conjunct, generating nothing and raising
//! nothing, so none is walked (their action numbers are still counted). Otherwise each is
//! walked as usual and meets its guard, or its error, in its place.
//!
//! When the guard holds, the actions of a run often go on by testing one key against their
//! own label (`LET m == Head(network[q][p]) IN /\ m.type = "req" /\ ...`): the key, with the
//! `LET` definitions it reads, is then evaluated once too, in the same frame, and only the
//! actions of the label it holds are walked (the others would stop at that test without
//! error, as in `dispatch.rs`).
//!
//! "The same" is decided on the expressions as written, up to their source positions: the
//! same operators, variables, literals and frame slots, so the same values and errors in
//! frames opened with the same arguments. Arguments, guards, keys and the definitions keys
//! read must have no effects ([`Evaluator::stays_in_state`]): testing once what would be
//! tested several times is then unobservable.

use tlafid_sema::ir::{Expr, ExprKind, OpId, Slot};

use super::dispatch::{first_test, under_lets, Label};
use super::{
    each_split_node, free_slots, open_disjunction, shape, Ahead as Compiled, MAX_SPLIT_DEPTH,
};
use crate::compile::NodeBuilder;
use crate::ctx::Ctx;
use crate::evaluator::Evaluator;
use crate::frame::FrameSlot;

/// A disjunction's items and its runs of actions with one guard.
#[derive(Debug)]
pub(crate) struct Shared<'p> {
    /// The items, with the disjunctions among them opened (`A \/ B \/ C` is
    /// `(A \/ B) \/ C`), in the splitter's order, each with how much deeper than the
    /// disjunction the splitter walks it.
    pub arms: Vec<(&'p Expr, usize)>,
    /// The runs, in order, none overlapping.
    pub runs: Vec<Run<'p>>,
}

/// Consecutive arms `start..start + len`, each one action calling an operator with the
/// same arguments, whose bodies begin with the same guard.
#[derive(Debug)]
pub(crate) struct Run<'p> {
    /// The first arm.
    pub start: usize,
    /// How many arms (at least two).
    pub len: usize,
    /// The first arm's operator, its arguments and its guard.
    op: OpId,
    args: &'p [Expr],
    guard: Compiled<'p>,
    /// The key the actions test after the guard, when the first one and at least one other
    /// test the same key.
    key: Option<RunKey<'p>>,
    /// Where the arguments start in the caller's frame, when they are its consecutive
    /// slots in order (`A(p, q)` with `p` and `q` bound together) and the guard reads only
    /// the parameters and binds nothing: the guard is then tested on the caller's slots
    /// themselves ([`Ctx::shared_ahead`]), without a frame of its own.
    aliased: Option<u32>,
}

/// A key the actions of a run test, each against its label, right after their guard.
#[derive(Debug)]
struct RunKey<'p> {
    /// The `LET`s the first action binds before the test (lazy, as the generator binds them).
    lets: Vec<(Slot, &'p Expr)>,
    /// The key, in the first action's frame.
    expr: Compiled<'p>,
    /// Each action's label; `None` for one that tests something else (always walked).
    labels: Vec<Option<Label>>,
}

/// What testing a run's guard (and key) ahead found.
pub(crate) enum Ahead {
    /// The guard is false: no action of the run is walked.
    Disabled,
    /// The guard holds and the key holds this label: only its actions are walked.
    Label(Label),
    /// Every action is walked.
    Walk,
}

impl<'p> Shared<'p> {
    /// The arms walked after their run's guard and key were tested ahead, when the key is
    /// their label (each one action, a call of an operator).
    pub(crate) fn labelled_arms(&self) -> impl Iterator<Item = &'p Expr> + '_ {
        self.runs.iter().flat_map(move |run| {
            (0..run.len)
                .filter(move |&k| run.label(k).is_some())
                .map(move |k| self.arms[run.start + k].0)
        })
    }
}

impl Run<'_> {
    /// The label the `k`-th action of the run tests its key against, if any.
    pub(crate) fn label(&self, k: usize) -> Option<Label> {
        self.key.as_ref()?.labels.get(k).copied().flatten()
    }
}

/// The disjunctions of the next-state relation `next` with shared guards, found where the
/// action splitter walks, by their address.
pub(crate) fn shared_guards<'p>(ev: &Evaluator<'p>, next: OpId) -> Vec<(usize, Shared<'p>)> {
    let mut out = Vec::new();
    each_split_node(ev, &ev.program.op(next).body, 0, &mut |expr, depth| {
        if let ExprKind::Junction { and: false, items } = &expr.kind {
            let arms = open_disjunction(items, depth);
            let runs = runs(ev, &arms, depth);
            if !runs.is_empty() {
                out.push((expr as *const Expr as usize, Shared { arms, runs }));
            }
        }
    });
    out
}

/// An arm's operator, arguments and guard, and what decides sameness.
type GuardedCall<'p> = (OpId, &'p [Expr], &'p Expr, String);

/// The runs of at least two consecutive arms with the same arguments and guard.
fn runs<'p>(ev: &Evaluator<'p>, arms: &[(&'p Expr, usize)], depth: usize) -> Vec<Run<'p>> {
    let keyed: Vec<Option<GuardedCall<'p>>> = arms
        .iter()
        .map(|(item, offset)| guarded_call(ev, item, depth + offset))
        .collect();
    let mut runs = Vec::new();
    let mut start = 0;
    while start < keyed.len() {
        let Some((op, args, guard, key)) = &keyed[start] else {
            start += 1;
            continue;
        };
        let len = 1 + keyed[start + 1..]
            .iter()
            .take_while(|other| matches!(other, Some((.., k)) if k == key))
            .count();
        if len >= 2 {
            runs.push(Run {
                start,
                len,
                op: *op,
                args,
                guard: Compiled(NodeBuilder::new(ev).root(guard)),
                key: run_key(ev, &arms[start..start + len]),
                aliased: aliased_args(args, guard),
            });
        }
        start += len;
    }
    runs
}

/// For an arm that is one action calling an operator (walked at `depth`): the operator,
/// the arguments, the guard its body begins with, and what decides sameness (the
/// arguments' and the guard's expressions without their source positions).
fn guarded_call<'p>(ev: &Evaluator<'p>, item: &'p Expr, depth: usize) -> Option<GuardedCall<'p>> {
    // The call and its body are walked as one action (not cut off by the depth limit).
    if depth + 1 > MAX_SPLIT_DEPTH {
        return None;
    }
    let (op, args) = ev.inline_call(item)?;
    let def = ev.program.op(op);
    if !matches!(def.body.kind, ExprKind::Junction { and: true, .. }) {
        return None;
    }
    let mut guard = &def.body;
    while let ExprKind::Junction { and: true, items } = &guard.kind {
        guard = items.first()?;
    }
    if !is_guard(guard) || !ev.stays_in_state(guard) || !args.iter().all(|a| ev.stays_in_state(a)) {
        return None;
    }
    let key = format!("{} {}", shape(args), shape(guard));
    Some((op, args, guard, key))
}

/// The caller's slot where `args` start when they are consecutive slots in order, and
/// `guard` binds no slot and reads none but the parameters (slots below `args.len()`).
pub(super) fn aliased_args(args: &[Expr], guard: &Expr) -> Option<u32> {
    let mut slots = args.iter().map(|arg| match arg.kind {
        ExprKind::Local(slot) => Some(slot.0),
        _ => None,
    });
    let start = slots.next()??;
    let mut expected = start;
    for slot in slots {
        expected = expected.checked_add(1)?;
        if slot? != expected {
            return None;
        }
    }
    let mut bound = Vec::new();
    crate::analysis::collect_bound_slots(guard, &mut bound);
    let reads_params = free_slots(guard)
        .iter()
        .all(|s| (s.0 as usize) < args.len());
    (bound.is_empty() && reads_params).then_some(start)
}

/// The key the actions of a run test right after their guard, when the first one and at
/// least one other test the same key (with the same definitions of the `LET`s it reads).
fn run_key<'p>(ev: &Evaluator<'p>, arms: &[(&'p Expr, usize)]) -> Option<RunKey<'p>> {
    let keys: Vec<Option<KeyTest<'p>>> = arms.iter().map(|(item, _)| key_test(ev, item)).collect();
    let first = keys.first()?.as_ref()?;
    let labels: Vec<Option<Label>> = keys
        .iter()
        .map(|k| k.as_ref().filter(|k| k.text == first.text).map(|k| k.label))
        .collect();
    (labels.iter().flatten().count() >= 2).then(|| RunKey {
        lets: first.lets.clone(),
        expr: Compiled(NodeBuilder::new(ev).root(first.expr)),
        labels,
    })
}

/// An action's key test after its guard: the `LET`s before it, the key, the label, and what
/// decides sameness (the key's and the definitions' it reads, without source positions).
struct KeyTest<'p> {
    lets: Vec<(Slot, &'p Expr)>,
    expr: &'p Expr,
    label: Label,
    text: String,
}

/// For an arm that is a call whose body is `/\ guard /\ LET ... IN /\ key = label /\ ...`
/// (the `LET`s optional): its key test.
fn key_test<'p>(ev: &Evaluator<'p>, item: &'p Expr) -> Option<KeyTest<'p>> {
    let (op, _) = ev.inline_call(item)?;
    let ExprKind::Junction { and: true, items } = &ev.program.op(op).body.kind else {
        return None;
    };
    // The guard is the first item itself, so the second is what the generator runs next.
    let second = items.get(1)?;
    if matches!(items[0].kind, ExprKind::Junction { .. }) {
        return None;
    }
    let (body, lets) = under_lets(second);
    let (expr, label) = first_test(ev, body)?;
    if !ev.stays_in_state(expr) {
        return None;
    }
    // The key and the definitions it reads, through each other, in the order met.
    let mut text = shape(expr);
    let mut read = free_slots(expr);
    let mut at = 0;
    while let Some(slot) = read.get(at).copied() {
        if let Some((_, def)) = lets.iter().find(|(s, _)| *s == slot) {
            if !ev.stays_in_state(def) {
                return None;
            }
            text.push_str(&format!(" where {} = {}", slot.0, shape(*def)));
            for s in free_slots(def) {
                if !read.contains(&s) {
                    read.push(s);
                }
            }
        }
        at += 1;
    }
    Some(KeyTest {
        lets,
        expr,
        label,
        text,
    })
}

/// A conjunct the generator can only test: no assignment (nothing primed, which
/// [`Evaluator::stays_in_state`] also refuses), no branching form.
fn is_guard(e: &Expr) -> bool {
    !matches!(
        e.kind,
        ExprKind::Junction { .. }
            | ExprKind::Quant { .. }
            | ExprKind::If(..)
            | ExprKind::Case { .. }
            | ExprKind::LetValue { .. }
            | ExprKind::Local(_)
            | ExprKind::Call(..)
            | ExprKind::ConstCall(..)
            | ExprKind::Const(_)
            | ExprKind::FnApp(..)
            | ExprKind::BoxAction(..)
            | ExprKind::AngleAction(..)
            | ExprKind::Builtin(
                tlafid_sema::ir::Builtin::Implies
                    | tlafid_sema::ir::Builtin::Cdot
                    | tlafid_sema::ir::Builtin::Unchanged,
                _
            )
    )
}

impl<'a, 'p> Ctx<'a, 'p> {
    /// The run's guard, and when it holds its key, tested in the frame of its first action.
    /// Anything that fails or is not a label walks every action, which meets it in its
    /// place.
    pub(crate) fn shared_ahead(&mut self, run: &'a Run<'p>, span: tlafid_base::Span) -> Ahead {
        let guard = match self.guard_aliased(run) {
            Some(Ok(false)) => return Ahead::Disabled,
            Some(Ok(true)) if run.key.is_none() => return Ahead::Walk,
            Some(Err(_)) => return Ahead::Walk,
            held => held,
        };
        let Ok(saved) = self.push_frame(run.op, run.args, span) else {
            return Ahead::Walk;
        };
        let guard = match guard {
            Some(held) => held,
            None => self.run_bool(&run.guard.0),
        };
        let ahead = match (guard, &run.key) {
            (Ok(false), _) => Ahead::Disabled,
            (Ok(true), Some(key)) => {
                for (slot, def) in &key.lets {
                    self.bind(*slot, FrameSlot::Thunk(def));
                }
                match self
                    .run(&key.expr.0)
                    .ok()
                    .as_ref()
                    .and_then(Label::of_value)
                {
                    Some(label) => Ahead::Label(label),
                    None => Ahead::Walk,
                }
            }
            _ => Ahead::Walk,
        };
        self.pop_frame(saved);
        ahead
    }

    /// The run's guard tested on the caller's slots that hold its arguments (as the frame
    /// of its call would hold them: values), when they are consecutive ([`Run::aliased`])
    /// and all values; `None` otherwise.
    fn guard_aliased(&mut self, run: &'a Run<'p>) -> Option<crate::error::EvalResult<bool>> {
        self.test_aliased(run.aliased?, run.args.len(), &run.guard.0)
    }

    /// `guards` in order (see [`Ctx::test_aliased`]): false at the first false one, an error
    /// at the first that fails; `None` when the slots do not all hold values.
    pub(super) fn test_all_aliased(
        &mut self,
        start: u32,
        len: usize,
        guards: &'a [crate::compile::Node<'p>],
    ) -> Option<crate::error::EvalResult<bool>> {
        for guard in guards {
            match self.test_aliased(start, len, guard)? {
                Ok(true) => {}
                other => return Some(other),
            }
        }
        Some(Ok(true))
    }

    /// `guard`, compiled in the frame of a call whose `len` arguments are the caller's
    /// slots from `start` on (see [`aliased_args`]), tested on those slots themselves when
    /// they all hold values (as the call's frame would hold them); `None` otherwise.
    pub(super) fn test_aliased(
        &mut self,
        start: u32,
        len: usize,
        guard: &'a crate::compile::Node<'p>,
    ) -> Option<crate::error::EvalResult<bool>> {
        let start = self.base + start as usize;
        let held = self.stack.get(start..start + len)?;
        if !held.iter().all(|slot| matches!(slot, FrameSlot::Val(_))) {
            return None;
        }
        let saved = std::mem::replace(&mut self.base, start);
        let r = self.run_bool(guard);
        self.base = saved;
        Some(r)
    }
}
