//! Next-state relations narrowed to one action: for a step that names its action, only the
//! disjuncts of `Next` that lead to that action are run, not every action of the model.
//!
//! The narrowing keeps the structure the evaluator splits actions by (`\/`, `\E`, `LET`,
//! calls of defined operators), and keeps a whole call when any action below it has the
//! name; successors are still filtered by action name afterwards, so keeping too much is
//! harmless, and [`crate::Validator::with_narrowed`] refuses a narrowed relation whose actions
//! are not exactly the named action's.

use tlafid_sema::ir::{Expr, ExprKind, OpDef, OpId, Program};

const MAX_DEPTH: usize = 32;

/// Adds to `program`, for each action of the next-state relation `next` (by the name of the
/// operator that holds it), an operator whose body is `next` narrowed to that action. Call
/// before binding; bind one model per returned operator as its next-state relation.
pub fn add_action_nexts(program: &mut Program, next: OpId) -> Vec<(String, OpId)> {
    let def = program.op(next).clone();
    let mut names = Vec::new();
    leaf_names(program, &def.body, &def.name, 0, &mut names);
    let mut added = Vec::new();
    for name in names {
        let Some(body) = narrow(program, &def.body, &def.name, &name, 0) else {
            continue;
        };
        program.ops.push(OpDef {
            name: format!("__tlafid_next_{name}").into(),
            body,
            ..def.clone()
        });
        added.push((name, OpId(program.ops.len() as u32 - 1)));
    }
    added
}

/// The operator a call runs when the evaluator would inline it for splitting.
fn inlined<'a>(program: &'a Program, expr: &Expr) -> Option<&'a OpDef> {
    match &expr.kind {
        ExprKind::Call(op, _) => {
            let def = program.op(*op);
            (def.function.is_none() && !def.recursive).then_some(def)
        }
        _ => None,
    }
}

fn leaf_names(program: &Program, expr: &Expr, owner: &str, depth: usize, out: &mut Vec<String>) {
    let mut leaf = |name: &str| {
        if !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
    };
    match &expr.kind {
        _ if depth > MAX_DEPTH => leaf(owner),
        ExprKind::Junction { and: false, items } => items
            .iter()
            .for_each(|i| leaf_names(program, i, owner, depth + 1, out)),
        ExprKind::LetValue { body, .. } => leaf_names(program, body, owner, depth + 1, out),
        ExprKind::Quant {
            forall: false,
            body,
            ..
        } => leaf_names(program, body, owner, depth + 1, out),
        _ => match inlined(program, expr) {
            Some(def) => leaf_names(program, &def.body, &def.name, depth + 1, out),
            None => leaf(owner),
        },
    }
}

/// `expr` without the disjuncts that lead to no action named `wanted`.
fn narrow(program: &Program, expr: &Expr, owner: &str, wanted: &str, depth: usize) -> Option<Expr> {
    let rebuilt = |kind| {
        Some(Expr {
            kind,
            span: expr.span,
        })
    };
    match &expr.kind {
        _ if depth > MAX_DEPTH => (owner == wanted).then(|| expr.clone()),
        ExprKind::Junction { and: false, items } => {
            let kept: Vec<Expr> = items
                .iter()
                .filter_map(|i| narrow(program, i, owner, wanted, depth + 1))
                .collect();
            if kept.is_empty() {
                None
            } else {
                rebuilt(ExprKind::Junction {
                    and: false,
                    items: kept,
                })
            }
        }
        ExprKind::LetValue { slot, value, body } => {
            let body = narrow(program, body, owner, wanted, depth + 1)?;
            rebuilt(ExprKind::LetValue {
                slot: *slot,
                value: value.clone(),
                body: Box::new(body),
            })
        }
        ExprKind::Quant {
            forall: false,
            binders,
            body,
        } => {
            let body = narrow(program, body, owner, wanted, depth + 1)?;
            rebuilt(ExprKind::Quant {
                forall: false,
                binders: binders.clone(),
                body: Box::new(body),
            })
        }
        _ => match inlined(program, expr) {
            Some(def) => {
                let mut names = Vec::new();
                leaf_names(program, &def.body, &def.name, depth + 1, &mut names);
                names.iter().any(|n| n == wanted).then(|| expr.clone())
            }
            None => (owner == wanted).then(|| expr.clone()),
        },
    }
}
