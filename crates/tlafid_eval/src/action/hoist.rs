//! Guards hoisted out of a top-level `\E`: when every action under `\E x \in S : A(x) \/ ...`
//! starts with a guard that reads no bound variable or parameter (`state = READY`), the
//! guards are tested once per state, and the bindings are not walked when all of them are
//! false (each action would have stopped at its first conjunct, generating nothing).
//! The domains are still evaluated (their errors are the same); an error in a hoisted
//! guard leaves the `\E` to run as usual, which meets it again in its place.

use tlafid_sema::ir::{Builtin, Expr, ExprKind, OpId};

use super::{each_split_node, MAX_SPLIT_DEPTH};
use crate::evaluator::{ConstBinding, Evaluator};

/// For the body of each top-level `\E` (by address) whose actions all start with a hoistable
/// guard: those guards.
pub(crate) type ExistsGuards<'p> =
    std::collections::HashMap<usize, Vec<&'p Expr>, ahash::RandomState>;

/// The hoistable guards of every top-level `\E` in `next` (found where the action splitter
/// walks).
pub(crate) fn exists_guards<'p>(ev: &Evaluator<'p>, next: OpId) -> ExistsGuards<'p> {
    let mut out = ExistsGuards::with_hasher(ahash::RandomState::with_seeds(13, 14, 15, 16));
    each_split_node(ev, &ev.program.op(next).body, 0, &mut |expr, depth| {
        if let ExprKind::Quant {
            forall: false,
            body,
            ..
        } = &expr.kind
        {
            let mut guards = Vec::new();
            if leaf_guards(ev, body, depth + 1, &mut guards) && !guards.is_empty() {
                out.insert(&**body as *const Expr as usize, guards);
            }
        }
    });
    out
}

/// Adds the first conjunct of every action under `expr` to `guards`; false when one of
/// them does not start with a hoistable guard.
fn leaf_guards<'p>(
    ev: &Evaluator<'p>,
    expr: &'p Expr,
    depth: usize,
    guards: &mut Vec<&'p Expr>,
) -> bool {
    if depth > MAX_SPLIT_DEPTH {
        return false;
    }
    match &expr.kind {
        ExprKind::Junction { and: false, items } => {
            items.iter().all(|i| leaf_guards(ev, i, depth + 1, guards))
        }
        ExprKind::LetValue { body, .. } => leaf_guards(ev, body, depth + 1, guards),
        ExprKind::Quant {
            forall: false,
            body,
            ..
        } => leaf_guards(ev, body, depth + 1, guards),
        ExprKind::Junction { and: true, items } => match items.first() {
            Some(first) if is_hoistable(ev, first) => {
                guards.push(first);
                true
            }
            _ => false,
        },
        _ => match ev.inline_call(expr) {
            Some((op, _)) => leaf_guards(ev, &ev.program.op(op).body, depth + 1, guards),
            None => false,
        },
    }
}

/// `a = b`, `a # b`, `a \in S` or `a \notin S` over state variables and constants only.
fn is_hoistable(ev: &Evaluator<'_>, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Builtin(Builtin::Eq | Builtin::Neq | Builtin::In | Builtin::NotIn, args) => {
            args.len() == 2 && args.iter().all(|a| is_closed(ev, a))
        }
        _ => false,
    }
}

/// Reads only unprimed state variables, constants and constant operators (nothing bound,
/// nothing with effects).
fn is_closed(ev: &Evaluator<'_>, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Const(c) => matches!(
            ev.consts.get(c.0 as usize),
            Some(Some(ConstBinding::Value(_)))
        ),
        ExprKind::Var { primed: false, .. }
        | ExprKind::Str(_)
        | ExprKind::Int(_)
        | ExprKind::Bool(_) => true,
        ExprKind::Call(op, args) => {
            args.is_empty() && ev.cacheable.get(op.0 as usize).copied().unwrap_or(false)
        }
        ExprKind::SetEnum(items) | ExprKind::Tuple(items) => items.iter().all(|i| is_closed(ev, i)),
        ExprKind::FnApp(f, a) => is_closed(ev, f) && is_closed(ev, a),
        _ => false,
    }
}
