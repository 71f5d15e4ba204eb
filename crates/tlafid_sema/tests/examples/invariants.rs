//! Checks the frame contract of a lowered program: every slot an operator's body uses lies
//! inside its frame, operator calls refer to existing operators, function definitions have
//! only captured parameters, and binders of a function follow its captured slots.

use tlafid_sema::ir::{ExprKind, Program};

/// Descriptions of every broken rule (empty when the program keeps the contract).
pub fn violations(program: &Program) -> Vec<String> {
    let mut out = Vec::new();
    for (i, op) in program.ops.iter().enumerate() {
        let mut slots = Vec::new();
        collect_slots(&op.body, &mut slots, program.ops.len(), &mut out);
        if let Some(f) = &op.function {
            if op.params.len() != op.captured {
                out.push(format!(
                    "op #{i} {}: a function with own parameters",
                    op.name
                ));
            }
            for b in &f.binders {
                slots.extend(b.slots.iter().map(|s| s.0));
                if b.slots.iter().any(|s| (s.0 as usize) < op.captured) {
                    out.push(format!(
                        "op #{i} {}: a binder over a captured slot",
                        op.name
                    ));
                }
                if let Some(d) = &b.domain {
                    collect_slots(d, &mut slots, program.ops.len(), &mut out);
                }
            }
        }
        if op.captured > op.params.len() {
            out.push(format!(
                "op #{i} {}: more captured than parameters",
                op.name
            ));
        }
        if op.frame_size < op.params.len() {
            out.push(format!(
                "op #{i} {}: frame smaller than its parameters",
                op.name
            ));
        }
        if let Some(max) = slots.iter().max() {
            if *max as usize >= op.frame_size {
                out.push(format!(
                    "op #{i} {}: slot {max} outside frame {}",
                    op.name, op.frame_size
                ));
            }
        }
    }
    out.truncate(5);
    out
}

fn collect_slots(
    e: &tlafid_sema::ir::Expr,
    slots: &mut Vec<u32>,
    ops: usize,
    out: &mut Vec<String>,
) {
    match &e.kind {
        ExprKind::Local(s) | ExprKind::LocalCall(s, _) | ExprKind::LocalOpArg(s) => slots.push(s.0),
        ExprKind::LetValue { slot, .. } => slots.push(slot.0),
        ExprKind::Except { at, .. } => slots.push(at.0),
        ExprKind::Quant { binders, .. }
        | ExprKind::SetMap(_, binders)
        | ExprKind::FnCons(binders, _) => binders
            .iter()
            .for_each(|b| slots.extend(b.slots.iter().map(|s| s.0))),
        ExprKind::Choose(b, _) | ExprKind::SetFilter(b, _) => {
            slots.extend(b.slots.iter().map(|s| s.0))
        }
        ExprKind::Call(op, _) | ExprKind::OpArg(op, _) if op.0 as usize >= ops => {
            out.push(format!("a call of missing op #{}", op.0))
        }
        _ => {}
    }
    children(e, &mut |c| collect_slots(c, slots, ops, out));
}

/// The direct sub-expressions of `e` (a test-side copy of the crate's private walker).
fn children<'e>(e: &'e tlafid_sema::ir::Expr, f: &mut dyn FnMut(&'e tlafid_sema::ir::Expr)) {
    use tlafid_sema::ir::ExceptStep;
    use ExprKind::*;
    match &e.kind {
        ConstCall(_, a)
        | LocalCall(_, a)
        | Call(_, a)
        | OpArg(_, a)
        | Builtin(_, a)
        | SetEnum(a)
        | Tuple(a)
        | Cross(a)
        | Junction { items: a, .. } => a.iter().for_each(f),
        Prime(a) | TemporalQuant { body: a, .. } | Dot(a, _) => f(a),
        If(a, b, c) => {
            f(a);
            f(b);
            f(c)
        }
        Case { arms, other } => {
            arms.iter().for_each(|(g, v)| {
                f(g);
                f(v)
            });
            other.iter().for_each(|o| f(o))
        }
        LetValue { value, body, .. } => {
            f(value);
            f(body)
        }
        Quant { binders, body, .. } | SetMap(body, binders) | FnCons(binders, body) => {
            binders
                .iter()
                .filter_map(|b| b.domain.as_ref())
                .for_each(&mut *f);
            f(body)
        }
        Choose(b, body) | SetFilter(b, body) => {
            b.domain.iter().for_each(&mut *f);
            f(body)
        }
        FnSet(a, b) | FnApp(a, b) | BoxAction(a, b) | AngleAction(a, b) => {
            f(a);
            f(b)
        }
        Fairness { vars, action, .. } => {
            f(vars);
            f(action)
        }
        Record(fields) | RecordSet(fields) => fields.iter().for_each(|(_, v)| f(v)),
        Except { base, updates, .. } => {
            f(base);
            for u in updates {
                for step in &u.path {
                    if let ExceptStep::Index(i) = step {
                        f(i)
                    }
                }
                f(&u.value)
            }
        }
        _ => {}
    }
}
