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
    tlafid_sema::walk::each_child(e, &mut |c| collect_slots(c, slots, ops, out));
}
