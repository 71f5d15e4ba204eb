//! Shared guards: consecutive actions of a disjunction that call operators with the same
//! arguments and begin with the same guard (`ReceiveRequest(p, q) \/ ReceiveAck(p, q) \/
//! ReceiveRelease(p, q)`, each `/\ network[q][p] # << >> /\ ...`). The action splitter tests
//! that guard once, in the first action's frame; when it is false (without error) every
//! action of the run would stop at its first conjunct, generating nothing and raising
//! nothing, so none is walked (their action numbers are still counted). Otherwise each is
//! walked as usual and meets its guard, or its error, in its place.
//!
//! "The same" is decided on the expressions as written, up to their source positions: the
//! same operators, variables, literals and frame slots, so the same values and errors in
//! frames opened with the same arguments. Arguments and guards must have no effects
//! ([`Evaluator::stays_in_state`]): testing once what would be tested several times is
//! then unobservable.

use tlafid_sema::ir::{Expr, ExprKind, OpId};

use super::{each_split_node, open_disjunction, MAX_SPLIT_DEPTH};
use crate::ctx::Ctx;
use crate::evaluator::Evaluator;

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
    guard: &'p Expr,
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
                guard,
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

/// `e`'s structure as text, without source positions.
fn shape(e: &(impl std::fmt::Debug + ?Sized)) -> String {
    const SPAN: &str = "Span { file: FileId(";
    let text = format!("{e:?}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find(SPAN) {
        out.push_str(&rest[..at]);
        match rest[at..].find('}') {
            Some(end) => rest = &rest[at + end + 1..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out
}

impl<'p> Ctx<'_, 'p> {
    /// Is the run's guard false in the current state, tested without error in the frame
    /// of its first action? `false` when it holds, or cannot be tested so.
    pub(crate) fn shared_guard_fails(&mut self, run: &Run<'p>, span: tlafid_base::Span) -> bool {
        let Ok(saved) = self.push_frame(run.op, run.args, span) else {
            return false;
        };
        let holds = self.test(run.guard);
        self.pop_frame(saved);
        matches!(holds, Ok(false))
    }
}
