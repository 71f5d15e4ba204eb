//! Facts computed once per program: how many frame slots each operator really needs, and
//! which operators never read the state (so zero-parameter ones can be cached), without
//! trusting the levels and frame sizes written in the IR.

use tlafid_sema::ir::{Builtin, Expr, ExprKind, Program, Slot};

use crate::evaluator::ConstBinding;
use crate::natives::Native;
use tlafid_sema::walk::each_child;

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
    each_child(expr, &mut |child| max = max.max(slots_used(child)));
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
/// `TLCGet` counts as reading the state: what it answers (the state's level, a register)
/// changes as the exploration goes on, so nothing that calls it is kept as a constant.
pub(crate) fn state_free(program: &Program) -> Vec<bool> {
    let mut free: Vec<bool> = (program.ops.iter())
        .map(|op| !(op.module == "TLC" && op.name == "TLCGet"))
        .collect();
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
    each_child(expr, &mut |child| found = found || reads_state(child, free));
    found
}

/// The addresses of call arguments to pass by name (unevaluated, with the caller's frame):
/// every argument of a defined operator (or operator constant) that depends on the state.
/// TLA+ substitutes arguments, so `A(x' = 1)`, `XInit(x)` in an initial predicate, or
/// `Keep(<<x, y>>)` with `Keep(v) == UNCHANGED v` only work this way.
pub(crate) fn by_name_args(
    program: &Program,
    natives: &[bool],
) -> std::collections::HashSet<usize, ahash::RandomState> {
    let state_free = state_free(program);
    let mut out =
        std::collections::HashSet::with_hasher(ahash::RandomState::with_seeds(9, 10, 11, 12));
    let mut visit = |e: &Expr| collect_by_name(e, &state_free, natives, &mut out);
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
    state_free: &[bool],
    natives: &[bool],
    out: &mut std::collections::HashSet<usize, ahash::RandomState>,
) {
    let args = match &expr.kind {
        ExprKind::Call(op, args) if !natives[op.0 as usize] => args.as_slice(),
        ExprKind::ConstCall(_, args) => args.as_slice(),
        _ => &[],
    };
    for arg in args {
        let operator = matches!(arg.kind, ExprKind::OpArg(..) | ExprKind::LocalOpArg(_));
        if !operator && reads_state(arg, state_free) {
            out.insert(arg as *const Expr as usize);
        }
    }
    each_child(expr, &mut |child| {
        collect_by_name(child, state_free, natives, out)
    });
}

/// Which operators are pure: nothing below them (through calls, overrides and operator
/// constants) reads the next state, primes, or has an effect (`Print`, `TLCSet`, random
/// choices, ...). Their value depends only on their arguments, the current state and the
/// constants.
pub(crate) fn pure_ops(
    program: &Program,
    natives: &[Option<Native>],
    overrides: &[Option<ConstBinding>],
    consts: &[Option<ConstBinding>],
) -> Vec<bool> {
    let mut pure: Vec<bool> = program
        .ops
        .iter()
        .enumerate()
        .map(|(i, op)| match &natives[i] {
            Some(_) => !matches!(
                (op.module.as_str(), op.name.as_str()),
                (
                    "TLC",
                    "Print" | "PrintT" | "TLCGet" | "TLCSet" | "RandomElement" | "JavaTime"
                )
            ),
            None => true,
        })
        .collect();
    loop {
        let mut changed = false;
        for (i, op) in program.ops.iter().enumerate() {
            if !pure[i] {
                continue;
            }
            let ok = match &overrides[i] {
                Some(ConstBinding::Value(_)) => true,
                Some(ConstBinding::Op(other)) => pure[other.0 as usize],
                None if natives[i].is_some() => true,
                None => {
                    let domains = op.function.iter().flat_map(|f| &f.binders);
                    let domains = domains.filter_map(|b| b.domain.as_ref());
                    let mut all = std::iter::once(&op.body).chain(domains);
                    all.all(|e| stays_in_state(e, &pure, consts))
                }
            };
            if !ok {
                pure[i] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    pure
}

/// Does `expr` avoid primes, `ENABLED`, `UNCHANGED`, operator constants and impure calls?
pub(crate) fn stays_in_state(expr: &Expr, pure: &[bool], consts: &[Option<ConstBinding>]) -> bool {
    let direct = match &expr.kind {
        // Sema resolves `x'` to a primed variable, so primes show up here, not as `Prime`.
        ExprKind::Var { primed: true, .. } => false,
        ExprKind::Prime(_)
        | ExprKind::BoxAction(..)
        | ExprKind::AngleAction(..)
        | ExprKind::ConstCall(..)
        | ExprKind::Builtin(Builtin::Enabled | Builtin::Unchanged, _) => false,
        // A constant given a value, or bound to a pure operator (`Acceptor <- const_1`).
        ExprKind::Const(c) => match consts.get(c.0 as usize) {
            Some(Some(ConstBinding::Value(_))) => true,
            Some(Some(ConstBinding::Op(op))) => pure[op.0 as usize],
            _ => false,
        },
        ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => pure[op.0 as usize],
        _ => true,
    };
    if !direct {
        return false;
    }
    let mut ok = true;
    each_child(expr, &mut |child| {
        ok = ok && stays_in_state(child, pure, consts)
    });
    ok
}

/// The state variables (by index) `expr` may read, through every operator it may call
/// (bodies, function domains, configuration overrides, operators bound to constants), when
/// `expr` stays in the current state ([`stays_in_state`]): its value is then a function of
/// those variables and the constants. `None` when it does not (primes, `ENABLED`, effects,
/// `TLCGet`). A variable too many is harmless; one missing is not, so the walk takes every
/// operator named anywhere below.
pub(crate) fn variables_read(
    expr: &Expr,
    program: &Program,
    pure: &[bool],
    overrides: &[Option<ConstBinding>],
    consts: &[Option<ConstBinding>],
) -> Option<Vec<usize>> {
    if !stays_in_state(expr, pure, consts) {
        return None;
    }
    let mut vars = std::collections::BTreeSet::new();
    let mut visited = vec![false; program.ops.len()];
    let mut todo: Vec<&Expr> = vec![expr];
    let mut ops: Vec<usize> = Vec::new();
    loop {
        while let Some(op) = ops.pop() {
            if std::mem::replace(visited.get_mut(op)?, true) {
                continue;
            }
            if let Some(ConstBinding::Op(other)) = overrides.get(op)? {
                ops.push(other.0 as usize);
            }
            let def = &program.ops[op];
            todo.push(&def.body);
            let binders = def.function.iter().flat_map(|f| &f.binders);
            todo.extend(binders.filter_map(|b| b.domain.as_ref()));
        }
        let Some(e) = todo.pop() else {
            break;
        };
        match &e.kind {
            ExprKind::Var { var, primed: false } => {
                vars.insert(var.0 as usize);
            }
            ExprKind::Var { primed: true, .. } => return None,
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => ops.push(op.0 as usize),
            ExprKind::Const(c) | ExprKind::ConstCall(c, _) => {
                if let Some(Some(ConstBinding::Op(op))) = consts.get(c.0 as usize) {
                    ops.push(op.0 as usize);
                }
            }
            _ => {}
        }
        each_child(e, &mut |child| todo.push(child));
    }
    Some(vars.into_iter().collect())
}

/// Does `expr` denote the same value wherever it is evaluated: it reads no state, no
/// frame slot it does not bind itself, and calls only state-free, effect-free operators
/// (`pure_ops`, `free_ops`) that no configuration override replaces by another operator?
/// Such `LET` values (`nbrs == {x \in {-1, 0, 1} \X {-1, 0, 1} : x /= <<0, 0>>}` inside
/// an operator with parameters) are computed once per evaluator.
pub(crate) fn is_closed_constant(
    expr: &Expr,
    pure_ops: &[bool],
    free_ops: &[bool],
    overrides: &[Option<ConstBinding>],
    consts: &[Option<ConstBinding>],
) -> bool {
    let mut bound = Vec::new();
    collect_bound_slots(expr, &mut bound);
    closed_in(
        expr,
        &bound,
        &|op: usize| {
            pure_ops[op] && free_ops[op] && !matches!(overrides[op], Some(ConstBinding::Op(_)))
        },
        consts,
    )
}

/// Does `expr` mention the frame slot `slot` anywhere: read it, pass it on (a captured
/// argument is the caller's slot written at the call), or bind it?
pub(crate) fn mentions_slot(expr: &Expr, slot: Slot) -> bool {
    let here = match &expr.kind {
        ExprKind::Local(s) | ExprKind::LocalCall(s, _) | ExprKind::LocalOpArg(s) => *s == slot,
        _ => {
            let mut bound = Vec::new();
            bound_here(expr, &mut bound);
            bound.contains(&slot.0)
        }
    };
    let mut found = here;
    each_child(expr, &mut |child| {
        found = found || mentions_slot(child, slot)
    });
    found
}

/// The slots `expr` binds itself (`LET` values, `EXCEPT`'s `@`, binders).
pub(crate) fn collect_bound_slots(expr: &Expr, out: &mut Vec<u32>) {
    bound_here(expr, out);
    each_child(expr, &mut |child| collect_bound_slots(child, out));
}

/// The slots the node `expr` binds for its children (not those its children bind).
pub(crate) fn bound_here(expr: &Expr, out: &mut Vec<u32>) {
    match &expr.kind {
        ExprKind::LetValue { slot, .. } => out.push(slot.0),
        ExprKind::Except { at, .. } => out.push(at.0),
        ExprKind::Quant { binders, .. }
        | ExprKind::SetMap(_, binders)
        | ExprKind::FnCons(binders, _) => {
            out.extend(binders.iter().flat_map(|b| b.slots.iter().map(|s| s.0)))
        }
        ExprKind::Choose(b, _) | ExprKind::SetFilter(b, _) => {
            out.extend(b.slots.iter().map(|s| s.0))
        }
        _ => {}
    }
}

/// Does the node `expr` itself make its value impossible to keep for a state: a prime, an
/// action or temporal form, `ENABLED`, `UNCHANGED`, or an operator passed as an argument?
pub(crate) fn never_kept(expr: &Expr) -> bool {
    matches!(
        expr.kind,
        ExprKind::Var { primed: true, .. }
            | ExprKind::Prime(_)
            | ExprKind::BoxAction(..)
            | ExprKind::AngleAction(..)
            | ExprKind::ConstCall(..)
            | ExprKind::LocalCall(..)
            | ExprKind::LocalOpArg(_)
            | ExprKind::Fairness { .. }
            | ExprKind::TemporalQuant { .. }
            | ExprKind::Builtin(Builtin::Enabled | Builtin::Unchanged, _)
    )
}

fn closed_in(
    expr: &Expr,
    bound: &[u32],
    op_ok: &dyn Fn(usize) -> bool,
    consts: &[Option<ConstBinding>],
) -> bool {
    let direct = match &expr.kind {
        _ if never_kept(expr) => false,
        ExprKind::Var { .. } => false,
        ExprKind::Local(slot) => bound.contains(&slot.0),
        ExprKind::Const(c) => {
            matches!(consts.get(c.0 as usize), Some(Some(ConstBinding::Value(_))))
        }
        ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => op_ok(op.0 as usize),
        _ => true,
    };
    if !direct {
        return false;
    }
    let mut ok = true;
    each_child(expr, &mut |child| {
        ok = ok && closed_in(child, bound, op_ok, consts)
    });
    ok
}
