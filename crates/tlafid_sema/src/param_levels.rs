//! The highest level each operator parameter may be given, as SANY checks it: a parameter
//! used under a prime or `UNCHANGED` may only be given a state-level argument, one used as an
//! `ENABLED` operand or inside a value (a set, an equality) at most an action. Computed as a
//! fixpoint over calls, so a limit passes through operators that hand a parameter on.

use crate::ir::{self, Expr, ExprKind, Level, Program};
use crate::walk;

/// For each operator, the highest level allowed for each of its parameters.
pub(crate) fn parameter_limits(program: &Program) -> Vec<Vec<Level>> {
    let mut limits: Vec<Vec<Level>> = program
        .ops
        .iter()
        .map(|op| vec![Level::Temporal; op.params.len()])
        .collect();
    for _ in 0..8 {
        let mut changed = false;
        for (i, op) in program.ops.iter().enumerate() {
            let mut found = limits[i].clone();
            constrain(&op.body, Level::Temporal, &limits, &mut found);
            if let Some(f) = &op.function {
                for d in f.binders.iter().filter_map(|b| b.domain.as_ref()) {
                    constrain(d, Level::Action, &limits, &mut found);
                }
            }
            if found != limits[i] {
                limits[i] = found;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    limits
}

/// Lowers `found[p]` for each parameter slot `p` used in `e` where at most `limit` is allowed.
fn constrain(e: &Expr, limit: Level, limits: &[Vec<Level>], found: &mut [Level]) {
    use ExprKind::*;
    let note = |slot: u32, found: &mut [Level]| {
        if let Some(l) = found.get_mut(slot as usize) {
            *l = (*l).min(limit);
        }
    };
    let value = limit.min(Level::Action);
    match &e.kind {
        Local(s) => note(s.0, found),
        LocalCall(_, args) => args.iter().for_each(|a| constrain(a, value, limits, found)),
        Call(op, args) | OpArg(op, args) => {
            let callee = &limits[op.0 as usize];
            for (i, a) in args.iter().enumerate() {
                let allowed = callee.get(i).copied().unwrap_or(Level::Temporal);
                constrain(a, limit.min(allowed), limits, found);
            }
        }
        Prime(inner) => constrain(inner, limit.min(Level::State), limits, found),
        Builtin(b, args) => {
            // ENABLED and UNCHANGED make their own level, whatever their operand's is.
            let inner = match b {
                ir::Builtin::Unchanged => Level::State,
                ir::Builtin::Enabled | ir::Builtin::Cdot => Level::Action,
                ir::Builtin::Not | ir::Builtin::Implies | ir::Builtin::Equiv => limit,
                ir::Builtin::Always
                | ir::Builtin::Eventually
                | ir::Builtin::LeadsTo
                | ir::Builtin::WhilePlus => Level::Temporal,
                _ => value,
            };
            args.iter().for_each(|a| constrain(a, inner, limits, found));
        }
        BoxAction(action, vars) | AngleAction(action, vars) | Fairness { action, vars, .. } => {
            constrain(action, Level::Action, limits, found);
            constrain(vars, Level::State, limits, found);
        }
        Junction { .. } | If(..) | Case { .. } | TemporalQuant { .. } => {
            walk::each_child(e, &mut |c| constrain(c, limit, limits, found))
        }
        LetValue { value: v, body, .. } => {
            constrain(v, value, limits, found);
            constrain(body, limit, limits, found);
        }
        Quant { binders, body, .. } => {
            for d in binders.iter().filter_map(|b| b.domain.as_ref()) {
                constrain(d, value, limits, found);
            }
            constrain(body, limit, limits, found);
        }
        _ => walk::each_child(e, &mut |c| constrain(c, value, limits, found)),
    }
}
