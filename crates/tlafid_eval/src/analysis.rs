//! Facts computed once per program: how many frame slots each operator really needs, and
//! which operators never read the state (so zero-parameter ones can be cached), without
//! trusting the levels and frame sizes written in the IR.

use tlafid_sema::ir::{Builtin, Expr, ExprKind, Program};

use crate::exprs::for_each_child;

/// One more than the largest frame slot `expr` uses (0 when it uses none).
pub(crate) fn slots_used(expr: &Expr) -> usize {
    let mut max = 0usize;
    let mut note = |s: u32| max = max.max(s as usize + 1);
    match &expr.kind {
        ExprKind::Local(s) | ExprKind::LocalCall(s, _) | ExprKind::LocalOpArg(s) => note(s.0),
        ExprKind::LetValue { slot, .. } => note(slot.0),
        ExprKind::Except { at, .. } => note(at.0),
        ExprKind::Quant { binders, .. }
        | ExprKind::SetMap(_, binders)
        | ExprKind::FnCons(binders, _) => binders
            .iter()
            .flat_map(|b| &b.slots)
            .for_each(|s| note(s.0)),
        ExprKind::Choose(b, _) | ExprKind::SetFilter(b, _) => {
            b.slots.iter().for_each(|s| note(s.0))
        }
        _ => {}
    }
    for_each_child(expr, &mut |child| max = max.max(slots_used(child)));
    max
}

/// The frame size each operator needs: the IR's, its parameters, and every slot its body
/// (and its function binders) use.
pub(crate) fn frame_sizes(program: &Program) -> Vec<usize> {
    program
        .ops
        .iter()
        .map(|op| {
            let binders = op.function.iter().flat_map(|f| &f.binders);
            let binder_slots = binders
                .clone()
                .flat_map(|b| b.slots.iter().map(|s| s.0 as usize + 1))
                .max()
                .unwrap_or(0);
            let domains = binders
                .filter_map(|b| b.domain.as_ref())
                .map(slots_used)
                .max()
                .unwrap_or(0);
            op.frame_size
                .max(op.params.len())
                .max(slots_used(&op.body))
                .max(binder_slots)
                .max(domains)
        })
        .collect()
}

/// Whether each operator's value depends on no state (transitively through calls).
pub(crate) fn state_free(program: &Program) -> Vec<bool> {
    let mut free = vec![true; program.ops.len()];
    loop {
        let mut changed = false;
        for (i, op) in program.ops.iter().enumerate() {
            if !free[i] {
                continue;
            }
            let domains = op
                .function
                .iter()
                .flat_map(|f| &f.binders)
                .filter_map(|b| b.domain.as_ref());
            let reads =
                reads_state(&op.body, &free) || domains.into_iter().any(|d| reads_state(d, &free));
            if reads {
                free[i] = false;
                changed = true;
            }
        }
        if !changed {
            return free;
        }
    }
}

fn reads_state(expr: &Expr, free: &[bool]) -> bool {
    let direct = match &expr.kind {
        ExprKind::Var { .. }
        | ExprKind::Prime(_)
        | ExprKind::BoxAction(..)
        | ExprKind::AngleAction(..) => true,
        ExprKind::Builtin(Builtin::Enabled | Builtin::Unchanged, _) => true,
        ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => !free[op.0 as usize],
        _ => false,
    };
    if direct {
        return true;
    }
    let mut found = false;
    for_each_child(expr, &mut |child| found = found || reads_state(child, free));
    found
}

/// Whether each operator's body reads the next state (primes, `UNCHANGED`, `[A]_v`), directly
/// or through the operators it calls.
pub(crate) fn action_ops(program: &Program) -> Vec<bool> {
    let mut action = vec![false; program.ops.len()];
    loop {
        let mut changed = false;
        for (i, op) in program.ops.iter().enumerate() {
            if !action[i] && is_action_expr(&op.body, &action) {
                action[i] = true;
                changed = true;
            }
        }
        if !changed {
            return action;
        }
    }
}

/// Does `expr` read the next state (outside `ENABLED`, which is state-level)?
pub(crate) fn is_action_expr(expr: &Expr, action_ops: &[bool]) -> bool {
    match &expr.kind {
        ExprKind::Var { primed: true, .. } | ExprKind::Prime(_) => return true,
        ExprKind::BoxAction(..) | ExprKind::AngleAction(..) => return true,
        ExprKind::Builtin(Builtin::Unchanged, _) => return true,
        ExprKind::Builtin(Builtin::Enabled, _) => return false,
        ExprKind::Call(op, _) if action_ops[op.0 as usize] => return true,
        _ => {}
    }
    let mut found = false;
    for_each_child(expr, &mut |child| {
        found = found || is_action_expr(child, action_ops)
    });
    found
}

/// Does `expr` read the current state?
fn is_state_expr(expr: &Expr, state_free: &[bool]) -> bool {
    reads_state(expr, state_free)
}

/// For each operator, which of its parameters its body uses under a prime (`p'`,
/// `UNCHANGED p`, `[A]_p`, `ENABLED`), directly or by passing them on.
fn primed_params(program: &Program) -> Vec<Vec<bool>> {
    let mut primed: Vec<Vec<bool>> = program
        .ops
        .iter()
        .map(|op| vec![false; op.params.len()])
        .collect();
    loop {
        let mut changed = false;
        for (i, op) in program.ops.iter().enumerate() {
            let mut found = primed[i].clone();
            mark_primed_uses(&op.body, false, &primed, &mut found);
            if found != primed[i] {
                primed[i] = found;
                changed = true;
            }
        }
        if !changed {
            return primed;
        }
    }
}

fn mark_primed_uses(expr: &Expr, under_prime: bool, primed: &[Vec<bool>], found: &mut [bool]) {
    let mut note = |slot: u32| {
        if let Some(f) = found.get_mut(slot as usize) {
            *f = true;
        }
    };
    match &expr.kind {
        ExprKind::Local(slot) if under_prime => note(slot.0),
        ExprKind::Prime(_)
        | ExprKind::Builtin(Builtin::Unchanged | Builtin::Enabled, _)
        | ExprKind::BoxAction(..)
        | ExprKind::AngleAction(..) => {
            for_each_child(expr, &mut |child| {
                mark_primed_uses(child, true, primed, found)
            });
            return;
        }
        ExprKind::Call(op, args) => {
            for (j, arg) in args.iter().enumerate() {
                if let ExprKind::Local(slot) = arg.kind {
                    if primed[op.0 as usize].get(j).copied().unwrap_or(false) {
                        note(slot.0);
                    }
                }
            }
        }
        _ => {}
    }
    for_each_child(expr, &mut |child| {
        mark_primed_uses(child, under_prime, primed, found)
    });
}

/// The addresses of call arguments to pass by name (unevaluated, with the caller's frame):
/// actions, and state expressions given to parameters the callee primes. TLA+ substitutes
/// arguments, so `A(x' = 1)` or `Keep(<<x, y>>)` with `Keep(v) == UNCHANGED v` only work
/// this way.
pub(crate) fn by_name_args(
    program: &Program,
    natives: &[bool],
) -> std::collections::HashSet<usize, ahash::RandomState> {
    let action = action_ops(program);
    let state_free = state_free(program);
    let primed = primed_params(program);
    let mut out =
        std::collections::HashSet::with_hasher(ahash::RandomState::with_seeds(9, 10, 11, 12));
    let mut visit = |e: &Expr| collect_by_name(e, &action, &state_free, &primed, natives, &mut out);
    for op in &program.ops {
        visit(&op.body);
        op.function
            .iter()
            .flat_map(|f| &f.binders)
            .filter_map(|b| b.domain.as_ref())
            .for_each(&mut visit);
    }
    for assume in &program.assumes {
        visit(&assume.expr);
    }
    out
}

fn collect_by_name(
    expr: &Expr,
    action: &[bool],
    state_free: &[bool],
    primed: &[Vec<bool>],
    natives: &[bool],
    out: &mut std::collections::HashSet<usize, ahash::RandomState>,
) {
    if let ExprKind::Call(op, args) = &expr.kind {
        let i = op.0 as usize;
        if !natives[i] {
            for (j, arg) in args.iter().enumerate() {
                let primes_param = primed[i].get(j).copied().unwrap_or(false);
                if is_action_expr(arg, action) || (primes_param && is_state_expr(arg, state_free)) {
                    out.insert(arg as *const Expr as usize);
                }
            }
        }
    }
    for_each_child(expr, &mut |child| {
        collect_by_name(child, action, state_free, primed, natives, out)
    });
}
